// mma_f64.cuh -- FP64 tensor-core MMA (SASS DMMA), one warp, register
// fragments, D = A * B + C in IEEE fp64.  One wrapper per PTX instruction.
//
// Fragment layouts (PTX ISA, "Matrix Fragments for mma.m8n8k4 with .f64
// floating point type"), g = lane >> 2 ("groupID"), t = lane % 4
// ("threadID_in_group"):
//
//   m8n8k4:  A 8x4 ("row"): a    = A[g][t]
//            B 4x8 ("col"): b    = B[t][g]
//            C/D 8x8:       c[i] = C[g][2t + i]                    i = 0, 1
//
// m16n8k8 (.f64 needs sm_90; layouts as CUTLASS's cute::SM90_16x8x8_F64 traits):
//            A 16x8:  a[i] = A[g + 8 * (i & 1)][t + 4 * (i >> 1)]   i = 0..3
//            B 8x8:   b[i] = B[t + 4 * i][g]                        i = 0, 1
//            C/D 16x8: c[i] = C[g + 8 * (i >> 1)][2t + (i & 1)]     i = 0..3
//
// So one m16n8k8 is exactly four m8n8k4 on the same registers: rows 0-7 use
// a[0], a[2] and c[0, 1], rows 8-15 a[1], a[3] and c[2, 3], and k-slice j
// (k = t + 4j) pairs a[2j + h] with b[j].  A kernel keeps one fragment layout
// and picks the instruction per architecture: sm_90 has DMMA.16x8x8 (and
// 16x8x4, 16x8x16), whose existence suggests DMMA.8x8x4 alone under-feeds it.
#pragma once

namespace tileblas::cuda::ptx {

// c += a * b, m8n8k4 (sm_80+).
__device__ __forceinline__ void mma_m8n8k4_f64(double &c0, double &c1, double a, double b) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};\n"
               : "+d"(c0), "+d"(c1)
               : "d"(a), "d"(b));
#else
  __trap();
#endif
}

// c += a * b, m16n8k8 (sm_90+).
__device__ __forceinline__ void mma_m16n8k8_f64(double (&c)[4], const double (&a)[4], const double (&b)[2]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile(
      "mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 "
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
      : "+d"(c[0]), "+d"(c[1]), "+d"(c[2]), "+d"(c[3])
      : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(b[0]), "d"(b[1]));
#else
  __trap();
#endif
}

}  // namespace tileblas::cuda::ptx
