// kernel_table.cpp -- preference order of the CUDA GEMM kernels.  Faster and
// more specialised kernels come first; each declines what it cannot do
// (wrong SM, misaligned operands for TMA, ...) and the next one is tried.
#include "kernel_table.hpp"

namespace tileblas::cuda {

const GpuKernel *choose_kernel(const DeviceGemm &g, const DeviceCaps &caps) {
  static const GpuKernel *const kPreference[] = {
      &kScaleC, &kHalfGemmWgmmaSm90a, &kHalfGemmMmaSync, &kDgemmDmma, &kDgemmSimt, &kSgemmSimt,
  };
  for (const GpuKernel *k : kPreference)
    if (k->supports(g, caps)) return k;
  return nullptr;
}

}  // namespace tileblas::cuda
