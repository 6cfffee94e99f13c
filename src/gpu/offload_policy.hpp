// offload_policy.hpp -- should a GEMM on host memory run on the GPU?
// Pure arithmetic over measured rates, so the CPU tests check it.
//
// Model (published in the README):
//   cpu time = flops / (CPU rate per thread x threads the call would get)
//   gpu time = latency + bytes up / upload rate + bytes down / download rate
//              + flops / GPU kernel rate
// with copies counted in full (no credit for the overlap the pipeline gets)
// and the link rate taken at 2/3 of the measured pinned rate (the data also
// passes through the staging buffers).  The GPU is used when its time is
// lower.  TILEBLAS_GPU_MIN_GFLOP replaces the model with a fixed threshold.
#pragma once

#include "cuda_module_abi.hpp"

namespace tileblas::gpu {

struct OffloadEstimate {
  double cpu_seconds, gpu_seconds;
  bool use_gpu;
};

// cpu_flops_per_s: the CPU's rate for this call with the threads it would
// use.  Calls with alpha == 0 or k == 0 never offload (no flops to gain).
OffloadEstimate estimate_offload(const cuda::DeviceGemm &g, const GpuInfo &gpu,
                                 double cpu_flops_per_s);

}  // namespace tileblas::gpu
