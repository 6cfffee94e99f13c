// launch_gemm.hpp -- one GEMM on device memory through the kernel table:
// the first kernel that supports the call is launched on `stream`.
#pragma once

#include <cuda_runtime_api.h>

#include "kernel_table.hpp"

namespace tileblas::gpu {

// *kernel_name (if given) receives the chosen kernel's name.  A call no
// kernel supports returns cudaErrorNotSupported.
inline cudaError_t launch_gemm(const cuda::DeviceGemm &g, const cuda::DeviceCaps &caps,
                               cudaStream_t stream, const char **kernel_name = nullptr) {
  const cuda::GpuKernel *k = cuda::choose_kernel(g, caps);
  if (kernel_name) *kernel_name = k ? k->name : "none";
  if (!k) return cudaErrorNotSupported;
  return k->launch(g, caps, stream);
}

}  // namespace tileblas::gpu
