// backend.hpp -- per call, CPU or GPU.  TILEBLAS_BACKEND=auto (default) lets
// the offload model decide for host memory and always runs device or managed
// memory on the GPU; cpu never touches CUDA; gpu sends every GEMM the GPU can
// take there.  The CUDA module is loaded on the first call that could use it
// (never at load time), and a child process after fork() stays on the CPU:
// the parent's CUDA context is not valid there.
#pragma once

#include "cuda_module_abi.hpp"

namespace tileblas::gpu {

enum class Backend { Auto, Cpu, Gpu };
Backend backend_setting();
const char *backend_name(Backend b);

// The cheap test every call makes first: false when a call of `flops` (0
// when alpha or k is 0) certainly stays on the CPU, so small calls skip
// building the offload request (about a fifth of a 4x4x4 sgemm's time).
bool may_offload(double flops);

// Runs the GEMM `g` (column-major, checked arguments, m, n >= 1) on the GPU
// when the setting, the operands' memory and the model say so; true = done.
// cpu_tile computes a block of C on the CPU (for tiles the GPU could not
// finish).  False = the caller computes the whole call on the CPU.
bool offload_gemm(const char *routine, const cuda::DeviceGemm &g, CpuTileFn cpu_tile,
                  void *cpu_context);

}  // namespace tileblas::gpu
