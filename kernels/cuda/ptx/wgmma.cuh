// wgmma.cuh -- warpgroup matrix multiply-accumulate (sm_90a): wgmma.mma_async
// with both operands in shared memory, its fences, and the shared-memory
// matrix descriptor.  One wrapper per PTX instruction; the bodies exist only
// in the sm_90a pass (TILEBLAS_PTX_SM90A, warpgroup.cuh), other targets get
// empty functions that the kernels never reach.
//
// Facts relied on (PTX ISA 9.7.15 "Asynchronous warpgroup level matrix
// multiply-accumulate"):
//   - wgmma.mma_async.sync.aligned.m64nNk16.f32.{f16,bf16}.{f16,bf16}
//       d, a-desc, b-desc, scale-d, imm-scale-a, imm-scale-b, imm-trans-a, imm-trans-b
//     D(64xN, fp32, registers) = A(64x16) * B(16xN) + (scale-d ? D : 0).
//     imm-trans-a = 0: A is K-major in shared memory, 1: M-major;
//     imm-trans-b = 0: B is K-major, 1: N-major (16-bit types only).
//   - Accumulator fragment (m64nNk16, fp32): thread t of the warpgroup, warp
//     w = t / 32, lane l = t % 32 holds N/2 floats; d[4j + 2h + e] is element
//         row = 16 w + l / 4 + 8 h,   col = 8 j + 2 (l % 4) + e,
//     j in [0, N/8), h, e in {0, 1} (the mma.m16n8 C layout, N/8 times).
//   - wgmma.fence before the first wgmma and after any ordinary register
//     write to the accumulators; not needed between wgmmas of the same shape
//     chaining into the same accumulators.  commit_group closes the batch
//     issued so far; wait_group N blocks until at most N batches are pending.
//     Accumulator registers must not be touched while a batch is pending.
//   - Matrix descriptor (64 bits):
//       [13:0]  start address >> 4      [29:16] leading byte offset >> 4
//       [45:32] stride byte offset >> 4  [51:49] base offset (0 when the
//       swizzle pattern starts on a 1024-byte boundary, for 128B swizzle)
//       [63:62] swizzle: 0 none, 1 = 128B, 2 = 64B, 3 = 32B.
//   - Canonical 128B-swizzled layouts, T = 8 16-bit elements (16 bytes):
//       K-major:  ((8,m),(T,2k)):((8T,SBO),(1,T))  -- rows of 64 K-elements
//                 (128 bytes) 8 to a 1024-byte atom; SBO = offset between
//                 8-row groups; LBO unused (encoded 1).
//       MN-major: ((T,8,m),(8,k)):((1,T,LBO),(8T,SBO)) -- 64 MN-elements per
//                 128-byte row, one row per k; SBO = offset between groups
//                 of 8 k-rows, LBO = offset between 64-element MN atoms.
//     The swizzle (Swizzle<3,4,3>: address bits [6:4] ^= bits [9:7]) is the
//     one TMA writes with CU_TENSOR_MAP_SWIZZLE_128B.
#pragma once

#include <cstdint>

#include "warpgroup.cuh"

namespace tileblas::cuda::ptx {

// Descriptor of a 128B-swizzled operand at shared address `addr` (1024-byte
// aligned atoms; a start inside an atom row, as when stepping along K in a
// K-major tile, keeps base offset 0: the hardware swizzles absolute address
// bits, exactly as TMA did when it wrote the tile).
__host__ __device__ constexpr std::uint64_t make_smem_desc_sw128(std::uint32_t addr,
                                                                std::uint32_t lbo_bytes,
                                                                std::uint32_t sbo_bytes) {
  return (std::uint64_t((addr & 0x3FFFFu) >> 4)) |
         (std::uint64_t((lbo_bytes & 0x3FFFFu) >> 4) << 16) |
         (std::uint64_t((sbo_bytes & 0x3FFFFu) >> 4) << 32) |
         (std::uint64_t(1) << 62);  // 128-byte swizzle
}

__device__ __forceinline__ void wgmma_fence() {
#ifdef TILEBLAS_PTX_SM90A
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#endif
}

__device__ __forceinline__ void wgmma_commit_group() {
#ifdef TILEBLAS_PTX_SM90A
  asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
#endif
}

template <int kPending>
__device__ __forceinline__ void wgmma_wait_group() {
  static_assert(kPending >= 0 && kPending <= 7, "wgmma.wait_group takes 0..7");
#ifdef TILEBLAS_PTX_SM90A
  asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(kPending) : "memory");
#endif
}

// Pins the accumulators: the compiler may neither read them before this
// point nor keep them elsewhere across it (CUTLASS's warpgroup_fence_operand).
// Used after wgmma_wait_group and after zeroing, so that ordinary code on the
// accumulators stays on its side of the asynchronous wgmmas.
template <int kN>
__device__ __forceinline__ void wgmma_fence_operands(float (&d)[kN]) {
#pragma unroll
  for (int i = 0; i < kN; ++i) asm volatile("" : "+f"(d[i])::"memory");
}

#define TILEBLAS_WGMMA_D8(i)                                                              \
  "+f"(d[(i) + 0]), "+f"(d[(i) + 1]), "+f"(d[(i) + 2]), "+f"(d[(i) + 3]), "+f"(d[(i) + 4]), \
      "+f"(d[(i) + 5]), "+f"(d[(i) + 6]), "+f"(d[(i) + 7])

#define TILEBLAS_WGMMA_M64N256K16_ASM(types)                                              \
  asm volatile(                                                                           \
      "{\n"                                                                               \
      ".reg .pred p;\n"                                                                   \
      "setp.ne.b32 p, %130, 0;\n"                                                         \
      "wgmma.mma_async.sync.aligned.m64n256k16.f32" types " "                             \
      "{%0, %1, %2, %3, %4, %5, %6, %7, "                                                 \
      "%8, %9, %10, %11, %12, %13, %14, %15, "                                            \
      "%16, %17, %18, %19, %20, %21, %22, %23, "                                          \
      "%24, %25, %26, %27, %28, %29, %30, %31, "                                          \
      "%32, %33, %34, %35, %36, %37, %38, %39, "                                          \
      "%40, %41, %42, %43, %44, %45, %46, %47, "                                          \
      "%48, %49, %50, %51, %52, %53, %54, %55, "                                          \
      "%56, %57, %58, %59, %60, %61, %62, %63, "                                          \
      "%64, %65, %66, %67, %68, %69, %70, %71, "                                          \
      "%72, %73, %74, %75, %76, %77, %78, %79, "                                          \
      "%80, %81, %82, %83, %84, %85, %86, %87, "                                          \
      "%88, %89, %90, %91, %92, %93, %94, %95, "                                          \
      "%96, %97, %98, %99, %100, %101, %102, %103, "                                      \
      "%104, %105, %106, %107, %108, %109, %110, %111, "                                  \
      "%112, %113, %114, %115, %116, %117, %118, %119, "                                  \
      "%120, %121, %122, %123, %124, %125, %126, %127}, "                                 \
      "%128, %129, p, 1, 1, %131, %132;\n"                                                \
      "}\n"                                                                               \
      : TILEBLAS_WGMMA_D8(0), TILEBLAS_WGMMA_D8(8), TILEBLAS_WGMMA_D8(16),                \
        TILEBLAS_WGMMA_D8(24), TILEBLAS_WGMMA_D8(32), TILEBLAS_WGMMA_D8(40),              \
        TILEBLAS_WGMMA_D8(48), TILEBLAS_WGMMA_D8(56), TILEBLAS_WGMMA_D8(64),              \
        TILEBLAS_WGMMA_D8(72), TILEBLAS_WGMMA_D8(80), TILEBLAS_WGMMA_D8(88),              \
        TILEBLAS_WGMMA_D8(96), TILEBLAS_WGMMA_D8(104), TILEBLAS_WGMMA_D8(112),            \
        TILEBLAS_WGMMA_D8(120)                                                            \
      : "l"(desc_a), "l"(desc_b), "r"(scale_d), "n"(kTransA), "n"(kTransB))

// D(64x256) (+)= A(64x16) * B(16x256), fp32 accumulators, A and B 16-bit in
// shared memory.  kBf16: bf16 inputs, else fp16.  kTransA/kTransB: 1 when the
// operand is MN-major (see the header comment).  scale_d = 0 ignores D's old
// value.
template <bool kBf16, int kTransA, int kTransB>
__device__ __forceinline__ void wgmma_m64n256k16_f32(float (&d)[128], std::uint64_t desc_a,
                                                     std::uint64_t desc_b, std::uint32_t scale_d) {
  static_assert((kTransA == 0 || kTransA == 1) && (kTransB == 0 || kTransB == 1),
                "imm-trans is 0 (K-major) or 1 (MN-major)");
#ifdef TILEBLAS_PTX_SM90A
  if constexpr (kBf16) {
    TILEBLAS_WGMMA_M64N256K16_ASM(".bf16.bf16");
  } else {
    TILEBLAS_WGMMA_M64N256K16_ASM(".f16.f16");
  }
#else
  (void)d;
  (void)desc_a;
  (void)desc_b;
  (void)scale_d;
#endif
}

#undef TILEBLAS_WGMMA_M64N256K16_ASM
#undef TILEBLAS_WGMMA_D8

}  // namespace tileblas::cuda::ptx
