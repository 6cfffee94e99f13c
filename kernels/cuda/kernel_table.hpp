// kernel_table.hpp -- every CUDA GEMM kernel the module can run, as data.
// Each kernel family (simt/, mma_sync/, wgmma/) defines its entries in its own
// launcher file; kernel_table.cpp lists them in order of preference and the
// module runs the first whose supports() accepts the call.
#pragma once

#include <cuda_runtime_api.h>

#include "device_gemm.hpp"

namespace tileblas::cuda {

struct GpuKernel {
  const char *name;  // printed by TILEBLAS_VERBOSE=2 ("which kernel ran")
  // True when this kernel computes `g` correctly on a device with `caps`
  // (types, compute capability, alignment of pointers and leading dimensions).
  bool (*supports)(const DeviceGemm &g, const DeviceCaps &caps);
  // Enqueues the whole GEMM on `stream`; returns the launch error, if any.
  cudaError_t (*launch)(const DeviceGemm &g, const DeviceCaps &caps, cudaStream_t stream);
};

// Entries, defined by the families (one launcher file each).
extern const GpuKernel kScaleC;              // scale_c.cu: C = beta*C when alpha == 0 or k == 0
extern const GpuKernel kHalfGemmWgmmaSm90a;  // wgmma/  fp16, bf16 in; fp32 or fp16 out; sm_90a
extern const GpuKernel kHalfGemmMmaSync;     // mma_sync/ fp16, bf16 in; fp32 or fp16 out; sm_80+
extern const GpuKernel kDgemmDmma;           // mma_sync/ fp64 tensor cores (DMMA); sm_80+
extern const GpuKernel kDgemmSimt;           // simt/   fp64, any sm
extern const GpuKernel kSgemmSimt;           // simt/   fp32 (IEEE, no TF32), any sm

// The first kernel, in preference order, that supports `g`; nullptr if none.
// kScaleC comes first: the GEMM kernels may assume alpha != 0 and k >= 1.
const GpuKernel *choose_kernel(const DeviceGemm &g, const DeviceCaps &caps);

}  // namespace tileblas::cuda
