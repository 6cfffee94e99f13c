// host_gemm.hpp -- a GEMM whose A, B and C are in host memory, run on the
// GPU: tiled by tile_plan, copies through the staging rings on their own
// streams so that uploads, kernels and downloads overlap (the scheme of
// NVBLAS / cuBLAS-XT).  The caller's C is written only from completed
// device results, piece by piece, so after a failure part-way the pieces
// not delivered still hold their original values and go to the CPU.
#pragma once

#include "../gpu/cuda_module_abi.hpp"
#include "report.hpp"
#include "staging.hpp"

namespace tileblas::gpu {

// Same contract as CudaModuleApi::gemm_host.  `budget_bytes` is the device
// memory the call may allocate.
int run_host_gemm(const cuda::DeviceGemm &g, const cuda::DeviceCaps &caps,
                  std::uint64_t budget_bytes, StagingRing &up, StagingRing &down,
                  CpuTileFn cpu_tile, void *cpu_context, const Report &report);

}  // namespace tileblas::gpu
