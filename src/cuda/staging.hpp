// staging.hpp -- pinned host buffers that host-memory GEMMs stream through:
// an upload ring (caller's A, B, C -> pinned -> device) and a download ring
// (device -> pinned -> caller's C).  Each buffer carries the event of the
// last copy that used it, so reusing a buffer waits for exactly that copy.
// Allocated once per process (pinning is slow) and kept.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace tileblas::gpu {

struct StagingBuffer {
  char *host = nullptr;      // pinned, `bytes` long
  cudaEvent_t last_copy{};   // recorded after the async copy that used it
  bool busy = false;         // last_copy has been recorded and not yet waited for
  // Download ring only: where the data goes once last_copy completes.
  struct Delivery {
    char *dst;
    std::int64_t dst_stride, row_bytes, cols;
    std::size_t piece;       // index of the piece of C it completes
  } delivery{};
  bool has_delivery = false;
};

struct StagingRing {
  static constexpr int kBuffers = 4;       // enough to keep one copy engine fed
  static constexpr std::size_t kBytes = std::size_t(32) << 20;  // ~1 ms of PCIe 5 each
  StagingBuffer buffers[kBuffers];
  int next = 0;

  // Allocates the buffers and events once; later calls return cudaSuccess.
  cudaError_t allocate();
  StagingBuffer &take() {
    StagingBuffer &b = buffers[next];
    next = (next + 1) % kBuffers;
    return b;
  }
};

}  // namespace tileblas::gpu
