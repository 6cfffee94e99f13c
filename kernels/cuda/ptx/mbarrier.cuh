// mbarrier.cuh -- shared-memory transaction barriers (sm_90): the handshake
// between the TMA producer and the wgmma consumers of a pipelined kernel.
// One wrapper per PTX instruction; every address is a shared-state-space
// address (32-bit, from __cvta_generic_to_shared) of an 8-byte-aligned
// 64-bit barrier object.
//
// Facts relied on (PTX ISA, "mbarrier"):
//   - init(count): phase 0 in progress, pending arrivals = count, tx-count 0.
//     A phase completes when pending arrivals and tx-count both reach 0; the
//     barrier then moves to the next phase (parity flips) and re-arms itself
//     with the same count.
//   - arrive.expect_tx(bytes): adds `bytes` to the tx-count, then arrives.
//     cp.async.bulk(.tensor) with .mbarrier::complete_tx::bytes subtracts the
//     bytes it wrote when they land, so the phase completes once the producer
//     has arrived and every byte it announced is in shared memory.
//   - try_wait.parity(P) is true once the phase with parity P has completed,
//     i.e. while the current phase's parity is not P.  On a fresh barrier
//     (phase 0 in progress) waiting on parity 1 returns at once: a producer
//     that starts with parity 1 on its "empty" barriers sails through the
//     first trip round the ring (CUTLASS's producer start state).
//   - try_wait has acquire semantics at CTA scope by default; arrive has
//     release semantics: data written before an arrive is visible after the
//     matching wait.
#pragma once

#include <cstdint>

namespace tileblas::cuda::ptx {

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define TILEBLAS_PTX_MBARRIER 1
#endif

__device__ __forceinline__ void mbarrier_init(std::uint32_t bar, std::uint32_t count) {
#ifdef TILEBLAS_PTX_MBARRIER
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(bar), "r"(count) : "memory");
#endif
}

// Makes initialised barriers visible to the other threads and to the async
// proxy (the TMA unit that will complete transactions on them).  Run by the
// initialising thread, followed by __syncthreads().
__device__ __forceinline__ void mbarrier_init_fence() {
#ifdef TILEBLAS_PTX_MBARRIER
  asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
#endif
}

// One arrival (release).
__device__ __forceinline__ void mbarrier_arrive(std::uint32_t bar) {
#ifdef TILEBLAS_PTX_MBARRIER
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" ::"r"(bar) : "memory");
#endif
}

// Announces `bytes` of incoming async-proxy writes, then arrives once.
__device__ __forceinline__ void mbarrier_arrive_expect_tx(std::uint32_t bar, std::uint32_t bytes) {
#ifdef TILEBLAS_PTX_MBARRIER
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(bar), "r"(bytes)
               : "memory");
#endif
}

// One probe: true when the phase of parity `parity` has completed.  try_wait
// may suspend the thread for a system-dependent time before answering false.
__device__ __forceinline__ bool mbarrier_try_wait_parity(std::uint32_t bar, std::uint32_t parity) {
#ifdef TILEBLAS_PTX_MBARRIER
  std::uint32_t done;
  asm volatile(
      "{\n"
      ".reg .pred p;\n"
      "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
      "selp.u32 %0, 1, 0, p;\n"
      "}\n"
      : "=r"(done)
      : "r"(bar), "r"(parity)
      : "memory");
  return done != 0;
#else
  return true;
#endif
}

// Blocks until the phase of parity `parity` has completed.
__device__ __forceinline__ void mbarrier_wait_parity(std::uint32_t bar, std::uint32_t parity) {
  while (!mbarrier_try_wait_parity(bar, parity)) {
  }
}

// The GPU's nanosecond clock (%globaltimer; coarse, but monotonic).
__device__ __forceinline__ std::uint64_t global_timer_ns() {
  std::uint64_t t = 0;
#ifdef TILEBLAS_PTX_MBARRIER
  asm volatile("mov.u64 %0, %%globaltimer;\n" : "=l"(t));
#endif
  return t;
}

// As mbarrier_wait_parity, but gives up after `timeout_ns` of waiting and
// returns false (a pipeline whose phases stop completing is a bug: better a
// fast, visible failure than a hung GPU).  The clock is read only once the
// first probe has failed, so the fast path is one try_wait.
__device__ __forceinline__ bool mbarrier_wait_parity_or_timeout(std::uint32_t bar,
                                                                std::uint32_t parity,
                                                                std::uint64_t timeout_ns) {
  if (mbarrier_try_wait_parity(bar, parity)) return true;
  const std::uint64_t start = global_timer_ns();
  while (!mbarrier_try_wait_parity(bar, parity))
    if (global_timer_ns() - start > timeout_ns) return false;
  return true;
}

}  // namespace tileblas::cuda::ptx
