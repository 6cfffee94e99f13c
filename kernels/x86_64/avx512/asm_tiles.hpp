// asm_tiles.hpp -- the unpacked GEMM's whole register tiles of 4 AVX-512
// vectors of rows (sgemm 64, dgemm 32) in inline assembly: the AsmTiles
// policy of SimdMicrokernel for its 4 x 6-vector kernels.
//
// Where: the row tile's A block (4 vectors x k) stays in L1, i.e. small
// products.  There the compiled 6-column tile spends ~60 cycles per tile
// around its loop (accumulator set-up, address bookkeeping, the epilogue's
// schedule), 2-4 % of a k = 64 tile, and 4-column tiles, all broadcasts
// issued first, ran faster than 6-column ones.  Measured on Zen 4, 1
// thread, in the full library against the compiled tiles (10th
// percentiles, GFLOP/s): dgemm 64^3 55.8 -> 57.1, 96^3 56.7 -> 57.5,
// 64 x 500 x 64 55.8 -> 57.5; sgemm 64^3 113.5 -> 116.2, 64 x 500 x 64
// 114.3 -> 117.1.  Where A streams from L2 (longer depth) a 6-column
// assembly tile ran 1-2 % slower than the compiled one (dgemm 1000 x 96 x
// 1000), and the packed path's tiles gained nothing measurable: both stay
// compiled.
//
// Results round exactly as SimdMicrokernel::compute's: acc = fma(a, b, acc)
// in k order, then C = alpha * acc (beta == 0: C is not read) or
// fma(C, beta, alpha * acc), the multiply skipped when alpha == 1 (exact
// either way; every NumPy matmul has alpha == 1).
#pragma once

#include <cstdint>

#include "target.hpp"

namespace tileblas::avx512 {

// Registers: zmm0-3 a column of A, zmm4-7 broadcasts of B, zmm8-23 the
// accumulators, 4 per column of C.  P is the packed suffix (ps / pd), S the
// scalar one (ss / sd).
#define TB_ZERO4(P, r0, r1, r2, r3)                                            \
  "vpxord %%zmm" #r0 ", %%zmm" #r0 ", %%zmm" #r0 "\n\t"                        \
  "vpxord %%zmm" #r1 ", %%zmm" #r1 ", %%zmm" #r1 "\n\t"                        \
  "vpxord %%zmm" #r2 ", %%zmm" #r2 ", %%zmm" #r2 "\n\t"                        \
  "vpxord %%zmm" #r3 ", %%zmm" #r3 ", %%zmm" #r3 "\n\t"
#define TB_FMA4(P, b, r0, r1, r2, r3)                                          \
  "vfmadd231" P " %%zmm" #b ", %%zmm0, %%zmm" #r0 "\n\t"                       \
  "vfmadd231" P " %%zmm" #b ", %%zmm1, %%zmm" #r1 "\n\t"                       \
  "vfmadd231" P " %%zmm" #b ", %%zmm2, %%zmm" #r2 "\n\t"                       \
  "vfmadd231" P " %%zmm" #b ", %%zmm3, %%zmm" #r3 "\n\t"
#define TB_SCALE4(P, r0, r1, r2, r3)                                           \
  "vmul" P " %%zmm" #r0 ", %%zmm4, %%zmm" #r0 "\n\t"                           \
  "vmul" P " %%zmm" #r1 ", %%zmm4, %%zmm" #r1 "\n\t"                           \
  "vmul" P " %%zmm" #r2 ", %%zmm4, %%zmm" #r2 "\n\t"                           \
  "vmul" P " %%zmm" #r3 ", %%zmm4, %%zmm" #r3 "\n\t"
#define TB_STORE4(P, r0, r1, r2, r3)                                           \
  "vmovu" P " %%zmm" #r0 ", (%[c])\n\t"                                        \
  "vmovu" P " %%zmm" #r1 ", 0x40(%[c])\n\t"                                    \
  "vmovu" P " %%zmm" #r2 ", 0x80(%[c])\n\t"                                    \
  "vmovu" P " %%zmm" #r3 ", 0xc0(%[c])\n\t"                                    \
  "add %[ldc], %[c]\n\t"
#define TB_BETA_STORE4(P, r0, r1, r2, r3)                                      \
  "vfmadd231" P " (%[c]), %%zmm5, %%zmm" #r0 "\n\t"                            \
  "vfmadd231" P " 0x40(%[c]), %%zmm5, %%zmm" #r1 "\n\t"                        \
  "vfmadd231" P " 0x80(%[c]), %%zmm5, %%zmm" #r2 "\n\t"                        \
  "vfmadd231" P " 0xc0(%[c]), %%zmm5, %%zmm" #r3 "\n\t"                        \
  TB_STORE4(P, r0, r1, r2, r3)

#define TB_COLUMNS(OP, P)                                                      \
  OP(P, 8, 9, 10, 11) OP(P, 12, 13, 14, 15) OP(P, 16, 17, 18, 19) OP(P, 20, 21, 22, 23)

// One k step: all four broadcasts first, then the 16 FMAs.
#define TB_STEP(P, S)                                                          \
  "vbroadcast" S " (%[b]), %%zmm4\n\t"                                         \
  "vbroadcast" S " (%[b], %[cs]), %%zmm5\n\t"                                  \
  "vbroadcast" S " (%[b], %[cs], 2), %%zmm6\n\t"                               \
  "vbroadcast" S " (%[b3]), %%zmm7\n\t"                                        \
  "add %[rs], %[b]\n\t"                                                        \
  "add %[rs], %[b3]\n\t"                                                       \
  TB_FMA4(P, 4, 8, 9, 10, 11) TB_FMA4(P, 5, 12, 13, 14, 15)                    \
  TB_FMA4(P, 6, 16, 17, 18, 19) TB_FMA4(P, 7, 20, 21, 22, 23)

// flags: bit 0 beta == 0, bit 1 alpha == 1.
#define TB_TILE(P, S)                                                          \
  TB_COLUMNS(TB_ZERO4, P)                                                      \
  "test %[k], %[k]\n\t"                                                        \
  "jle 2f\n\t"                                                                 \
  ".p2align 5\n"                                                               \
  "1:\n\t"                                                                     \
  "vmovu" P " (%[a]), %%zmm0\n\t"                                              \
  "vmovu" P " 0x40(%[a]), %%zmm1\n\t"                                          \
  "vmovu" P " 0x80(%[a]), %%zmm2\n\t"                                          \
  "vmovu" P " 0xc0(%[a]), %%zmm3\n\t"                                          \
  "add %[lda], %[a]\n\t"                                                       \
  TB_STEP(P, S)                                                                \
  "dec %[k]\n\t"                                                               \
  "jnz 1b\n"                                                                   \
  "2:\n\t"                                                                     \
  "test $2, %[flags]\n\t"                                                      \
  "jnz 3f\n\t"                                                                 \
  "vbroadcast" S " (%[alpha]), %%zmm4\n\t"                                     \
  TB_COLUMNS(TB_SCALE4, P)                                                     \
  "3:\n\t"                                                                     \
  "test $1, %[flags]\n\t"                                                      \
  "jnz 4f\n\t"                                                                 \
  "vbroadcast" S " (%[beta]), %%zmm5\n\t"                                      \
  TB_COLUMNS(TB_BETA_STORE4, P)                                                \
  "jmp 5f\n"                                                                   \
  "4:\n\t"                                                                     \
  TB_COLUMNS(TB_STORE4, P)                                                     \
  "5:\n"

// C[4W x 4] = alpha * A B + beta * C, W = 64 / sizeof(T) lanes: element
// (i, p) of A at a[i + p*lda], element (p, j) of B at b[p*b_rs + j*b_cs],
// C column-major with column stride ldc.
template <class T>
inline __attribute__((always_inline)) void asm_tile(index_t k, const T *a, index_t lda,
                                                    const T *b, index_t b_rs, index_t b_cs,
                                                    T *c, index_t ldc, T alpha, T beta) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "float or double");
  const std::int64_t size = sizeof(T), lda_bytes = lda * size, rs = b_rs * size,
                     cs = b_cs * size, ldc_bytes = ldc * size,
                     flags = (beta == T(0) ? 1 : 0) | (alpha == T(1) ? 2 : 0);
  std::int64_t steps = k;
  const T *b3 = b + 3 * b_cs;
  // The code names its registers: zmm0-23 are clobbered.
#define TB_OPERANDS                                                            \
  : [a] "+r"(a), [b] "+r"(b), [b3] "+r"(b3), [c] "+r"(c), [k] "+r"(steps)      \
  : [lda] "r"(lda_bytes), [rs] "r"(rs), [cs] "r"(cs), [ldc] "r"(ldc_bytes),    \
    [alpha] "r"(&alpha), [beta] "r"(&beta), [flags] "r"(flags)                 \
  : "cc", "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8",  \
    "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "xmm16", "xmm17", "xmm18", \
    "xmm19", "xmm20", "xmm21", "xmm22", "xmm23"
  if constexpr (sizeof(T) == 4)
    asm volatile(TB_TILE("ps", "ss") TB_OPERANDS);
  else
    asm volatile(TB_TILE("pd", "sd") TB_OPERANDS);
#undef TB_OPERANDS
}

#undef TB_ZERO4
#undef TB_FMA4
#undef TB_SCALE4
#undef TB_STORE4
#undef TB_BETA_STORE4
#undef TB_COLUMNS
#undef TB_STEP
#undef TB_TILE

// SimdMicrokernel's AsmTiles policy for its 4 x 6-vector kernels: the
// unpacked path's whole tiles (run_direct), columns [j, cols) of a row tile
// of 4 whole vectors, in 4-column tiles where its A block fits in 24 KiB of
// L1; returns the first column left (j itself where A does not fit).
template <class T>
struct AsmTiles {
  static index_t direct(index_t k, const T *a, index_t lda, const T *b, index_t b_rs,
                        index_t b_cs, T *c, index_t ldc, T alpha, T beta, index_t j,
                        index_t cols) {
    constexpr index_t kL1Bytes = 24 * 1024, kStepBytes = 256;  // 4 vectors of A a step
    if (k * kStepBytes > kL1Bytes) return j;
    for (; j + 4 <= cols; j += 4)
      asm_tile<T>(k, a, lda, b + j * b_cs, b_rs, b_cs, c + j * ldc, ldc, alpha, beta);
    return j;
  }
};

}  // namespace tileblas::avx512
