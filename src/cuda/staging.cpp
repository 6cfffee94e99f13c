// staging.cpp -- allocation of the pinned staging rings.
#include "staging.hpp"

namespace tileblas::gpu {

cudaError_t StagingRing::allocate() {
  for (StagingBuffer &b : buffers) {
    if (b.host) continue;
    void *p = nullptr;
    if (cudaError_t e = cudaHostAlloc(&p, kBytes, cudaHostAllocDefault)) return e;
    cudaEvent_t ev;
    if (cudaError_t e = cudaEventCreateWithFlags(&ev, cudaEventDisableTiming)) {
      cudaFreeHost(p);
      return e;
    }
    b.host = static_cast<char *>(p);
    b.last_copy = ev;
  }
  return cudaSuccess;
}

}  // namespace tileblas::gpu
