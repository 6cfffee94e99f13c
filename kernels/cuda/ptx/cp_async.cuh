// cp_async.cuh -- cp.async (sm_80+): asynchronous global -> shared copies
// that bypass registers, so loads of the next k-tile overlap the math.
// One wrapper per PTX instruction; on older targets the copy is a plain
// load/store so kernels stay correct (if slower) when compiled for them.
#pragma once

#include <cstdint>

namespace tileblas::cuda::ptx {

__device__ __forceinline__ std::uint32_t shared_address(const void *p) {
  return static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
}

// 16-byte copy; src_bytes < 16 zero-fills the rest (0 = pure zero fill, used
// for out-of-range rows/columns so edge tiles need no branches in the math).
// Both addresses must be 16-byte aligned.
__device__ __forceinline__ void cp_async_16(void *smem, const void *gmem, int src_bytes = 16) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(shared_address(smem)),
               "l"(gmem), "r"(src_bytes));
#else
  const char *s = static_cast<const char *>(gmem);
  char *d = static_cast<char *>(smem);
  for (int i = 0; i < 16; ++i) d[i] = i < src_bytes ? s[i] : 0;
#endif
}

// 4- or 8-byte copy (cp.async.ca allows 4, 8, 16), for operands that are not
// 16-byte aligned.  Same zero-fill rule.
template <int Bytes>
__device__ __forceinline__ void cp_async_small(void *smem, const void *gmem, int src_bytes = Bytes) {
  static_assert(Bytes == 4 || Bytes == 8, "cp.async.ca copies 4, 8 or 16 bytes");
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;\n" ::"r"(shared_address(smem)),
               "l"(gmem), "n"(Bytes), "r"(src_bytes));
#else
  const char *s = static_cast<const char *>(gmem);
  char *d = static_cast<char *>(smem);
  for (int i = 0; i < Bytes; ++i) d[i] = i < src_bytes ? s[i] : 0;
#endif
}

// Closes the group of copies issued so far by this thread.
__device__ __forceinline__ void cp_async_commit() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.commit_group;\n" ::);
#endif
}

// Waits until at most N committed groups of this thread are still in flight.
// A __syncthreads() must follow before other threads read the data.
template <int N>
__device__ __forceinline__ void cp_async_wait() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
#endif
}

}  // namespace tileblas::cuda::ptx
