// mma_f16.cuh -- mma.sync.aligned.m16n8k16 (sm_80+) with fp32 accumulation:
// D(16x8, f32) = A(16x16, f16 | bf16) * B(16x8, f16 | bf16) + C(16x8, f32),
// one warp, register fragments.  One wrapper per PTX instruction.
//
// Fragment layouts (PTX ISA, "Matrix Fragments for mma.m16n8k16 with floating
// point type"), g = lane / 4 ("groupID"), t = lane % 4 ("threadID_in_group"):
//
//   A, 16x16 row-major (m x k), 4 .b32 registers, two 16-bit elements each
//   (element with the lower k in the low half):
//     a[0] = A[g    ][2t, 2t+1]      a[2] = A[g    ][2t+8, 2t+9]
//     a[1] = A[g + 8][2t, 2t+1]      a[3] = A[g + 8][2t+8, 2t+9]
//   B, 16x8 "col" (k x n, k contiguous per register), 2 .b32 registers:
//     b[0] = B[2t, 2t+1][g]          b[1] = B[2t+8, 2t+9][g]
//   C / D, 16x8 fp32, 4 registers:
//     c[0] = C[g][2t]   c[1] = C[g][2t+1]   c[2] = C[g+8][2t]   c[3] = C[g+8][2t+1]
//
// In ldmatrix terms: A is four 8x8 matrices (rows 0-7 | 8-15) x (k 0-7 | 8-15)
// in the order (0-7, k0-7), (8-15, k0-7), (0-7, k8-15), (8-15, k8-15); B is two
// 8x8 matrices (k 0-7, k 8-15), each stored as n rows of k ("col"), so a plain
// ldmatrix of an n-major tile or a .trans ldmatrix of a k-major one fills it.
#pragma once

#include <cstdint>

namespace tileblas::cuda::ptx {

// d += a * b with fp16 inputs.
__device__ __forceinline__ void mma_m16n8k16_f32_f16(float (&d)[4], const std::uint32_t (&a)[4],
                                                     const std::uint32_t (&b)[2]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
#endif
}

// d += a * b with bf16 inputs.
__device__ __forceinline__ void mma_m16n8k16_f32_bf16(float (&d)[4], const std::uint32_t (&a)[4],
                                                      const std::uint32_t (&b)[2]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
#endif
}

}  // namespace tileblas::cuda::ptx
