// warpgroup.cuh -- warpgroup-wide register reallocation (sm_90a) and the
// async-proxy fence.  One wrapper per PTX instruction.
//
// Facts relied on (PTX ISA "setmaxnreg"):
//   - setmaxnreg.{inc,dec}.sync.aligned.u32 N: every thread of the warpgroup
//     (4 consecutive warps, first warp index divisible by 4) executes it with
//     the same N; N is a multiple of 8 in [24, 256].  .dec hands registers
//     back to the SM's pool, .inc blocks until the pool can satisfy it.
//   - It only works when the kernel has a register cap at entry
//     (__launch_bounds__(threads, 1) or -maxrregcount); ptxas reports
//     warning C7508 when it ignores the instruction.
//   - The per-SM budget must hold: sum over warpgroups of 128 * N <= 65536.
#pragma once

#include <cstdint>

namespace tileblas::cuda::ptx {

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ == 900 && defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define TILEBLAS_PTX_SM90A 1  // wgmma and setmaxnreg assemble only for sm_90a
#endif

template <std::uint32_t kRegs>
__device__ __forceinline__ void setmaxnreg_inc() {
  static_assert(kRegs % 8 == 0 && kRegs >= 24 && kRegs <= 256, "setmaxnreg: 24..256, step 8");
#ifdef TILEBLAS_PTX_SM90A
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" ::"n"(kRegs));
#endif
}

template <std::uint32_t kRegs>
__device__ __forceinline__ void setmaxnreg_dec() {
  static_assert(kRegs % 8 == 0 && kRegs >= 24 && kRegs <= 256, "setmaxnreg: 24..256, step 8");
#ifdef TILEBLAS_PTX_SM90A
  asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" ::"n"(kRegs));
#endif
}

// Orders this thread's earlier generic-proxy shared-memory accesses before
// later async-proxy ones (TMA, wgmma operand reads) that a barrier publishes.
__device__ __forceinline__ void fence_proxy_async_shared() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
#endif
}

}  // namespace tileblas::cuda::ptx
