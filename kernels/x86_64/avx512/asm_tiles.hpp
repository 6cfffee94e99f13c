// asm_tiles.hpp -- the unpacked GEMM's register tiles of 2-4 whole AVX-512
// vectors of rows by 4 columns in inline assembly: the AsmTiles policy of
// SimdMicrokernel for its 4 x 6-vector kernels (sgemm 64 x 6, dgemm 32 x 6).
//
// Where: the row tile's A block (its vectors x k) stays in L1, i.e. small
// products.  There the compiled 6-column tile spends ~60 cycles per tile
// around its loop (accumulator set-up, address bookkeeping, the epilogue's
// schedule), 2-4 % of a k = 64 tile, and 4-column tiles, all broadcasts
// issued first, ran faster than 6-column ones.  Measured on Zen 4, 1
// thread, in the full library against the compiled tiles (10th
// percentiles, GFLOP/s), 4-vector tiles: dgemm 64^3 55.8 -> 57.1,
// 64 x 500 x 64 55.8 -> 57.5, sgemm 64^3 113.5 -> 116.2; then 2-3-vector
// tiles too: sgemm 48^3 102.1 -> 107.4, 80^3 106.6 -> 111.0, 96^3 115.5 ->
// 116.9; dgemm 48^3 49.7 -> 52.4, 72^3 52.2 -> 54.6, 100^3 52.1 -> 53.4.
// Where A streams from L2 (longer depth) a 6-column assembly tile ran 1-2 %
// slower than the compiled one (dgemm 1000 x 96 x 1000), and the packed
// path's tiles gained nothing measurable: both stay compiled, as do row
// tiles with a partial last vector and 1-vector ones (load-bound).
//
// Results round exactly as SimdMicrokernel::compute's: acc = fma(a, b, acc)
// in k order, then C = alpha * acc (beta == 0: C is not read) or
// fma(C, beta, alpha * acc), the multiply skipped when alpha == 1 (exact
// either way; every NumPy matmul has alpha == 1).
#pragma once

#include <cstdint>

#include "target.hpp"

namespace tileblas::avx512 {

// Registers: zmm0-3 a column of A (one per vector of rows), zmm4-7
// broadcasts of B, zmm8-23 the accumulators: column j, vector i in
// zmm(8 + 4j + i).  P is the packed suffix (ps / pd), S the scalar one
// (ss / sd).  EACH(OP, P, r0, r1, r2, r3) applies OP(P, i, ri) to the
// tile's vectors i (TB_EACH2-4: 2-4 vectors of rows).
#define TB_EACH2(OP, P, r0, r1, r2, r3) OP(P, 0, r0) OP(P, 1, r1)
#define TB_EACH3(OP, P, r0, r1, r2, r3) TB_EACH2(OP, P, r0, r1, r2, r3) OP(P, 2, r2)
#define TB_EACH4(OP, P, r0, r1, r2, r3) TB_EACH3(OP, P, r0, r1, r2, r3) OP(P, 3, r3)
#define TB_OFFSET_0 "0x00"
#define TB_OFFSET_1 "0x40"
#define TB_OFFSET_2 "0x80"
#define TB_OFFSET_3 "0xc0"

#define TB_ZERO(P, i, r) "vpxord %%zmm" #r ", %%zmm" #r ", %%zmm" #r "\n\t"
#define TB_LOAD_A(P, i, r) "vmovu" P " " TB_OFFSET_##i "(%[a]), %%zmm" #r "\n\t"
#define TB_FMA_B4(P, i, r) "vfmadd231" P " %%zmm4, %%zmm" #i ", %%zmm" #r "\n\t"
#define TB_FMA_B5(P, i, r) "vfmadd231" P " %%zmm5, %%zmm" #i ", %%zmm" #r "\n\t"
#define TB_FMA_B6(P, i, r) "vfmadd231" P " %%zmm6, %%zmm" #i ", %%zmm" #r "\n\t"
#define TB_FMA_B7(P, i, r) "vfmadd231" P " %%zmm7, %%zmm" #i ", %%zmm" #r "\n\t"
#define TB_SCALE(P, i, r) "vmul" P " %%zmm" #r ", %%zmm4, %%zmm" #r "\n\t"
#define TB_ADD_C(P, i, r) "vfmadd231" P " " TB_OFFSET_##i "(%[c]), %%zmm5, %%zmm" #r "\n\t"
#define TB_STORE(P, i, r) "vmovu" P " %%zmm" #r ", " TB_OFFSET_##i "(%[c])\n\t"

// OP on every accumulator, column by column (AFTER follows each column).
#define TB_COLUMNS(EACH, OP, P, AFTER)                                         \
  EACH(OP, P, 8, 9, 10, 11) AFTER EACH(OP, P, 12, 13, 14, 15) AFTER            \
  EACH(OP, P, 16, 17, 18, 19) AFTER EACH(OP, P, 20, 21, 22, 23) AFTER
#define TB_NEXT_COLUMN "add %[ldc], %[c]\n\t"
#define TB_ADD_C_STORE(P, i, r) TB_ADD_C(P, i, r) TB_STORE(P, i, r)

// One k step: A's vectors, all four broadcasts, then the FMAs column by
// column.
#define TB_STEP(P, S, EACH)                                                    \
  EACH(TB_LOAD_A, P, 0, 1, 2, 3)                                               \
  "add %[lda], %[a]\n\t"                                                       \
  "vbroadcast" S " (%[b]), %%zmm4\n\t"                                         \
  "vbroadcast" S " (%[b], %[cs]), %%zmm5\n\t"                                  \
  "vbroadcast" S " (%[b], %[cs], 2), %%zmm6\n\t"                               \
  "vbroadcast" S " (%[b3]), %%zmm7\n\t"                                        \
  "add %[rs], %[b]\n\t"                                                        \
  "add %[rs], %[b3]\n\t"                                                       \
  EACH(TB_FMA_B4, P, 8, 9, 10, 11) EACH(TB_FMA_B5, P, 12, 13, 14, 15)          \
  EACH(TB_FMA_B6, P, 16, 17, 18, 19) EACH(TB_FMA_B7, P, 20, 21, 22, 23)

// flags: bit 0 beta == 0, bit 1 alpha == 1.
#define TB_TILE(P, S, EACH)                                                    \
  TB_COLUMNS(EACH, TB_ZERO, P, "")                                             \
  "test %[k], %[k]\n\t"                                                        \
  "jle 2f\n\t"                                                                 \
  ".p2align 5\n"                                                               \
  "1:\n\t"                                                                     \
  TB_STEP(P, S, EACH)                                                          \
  "dec %[k]\n\t"                                                               \
  "jnz 1b\n"                                                                   \
  "2:\n\t"                                                                     \
  "test $2, %[flags]\n\t"                                                      \
  "jnz 3f\n\t"                                                                 \
  "vbroadcast" S " (%[alpha]), %%zmm4\n\t"                                     \
  TB_COLUMNS(EACH, TB_SCALE, P, "")                                            \
  "3:\n\t"                                                                     \
  "test $1, %[flags]\n\t"                                                      \
  "jnz 4f\n\t"                                                                 \
  "vbroadcast" S " (%[beta]), %%zmm5\n\t"                                      \
  TB_COLUMNS(EACH, TB_ADD_C_STORE, P, TB_NEXT_COLUMN)                          \
  "jmp 5f\n"                                                                   \
  "4:\n\t"                                                                     \
  TB_COLUMNS(EACH, TB_STORE, P, TB_NEXT_COLUMN)                                \
  "5:\n"

// C[MV*W x 4] = alpha * A B + beta * C, MV = 2-4 vectors of W = 64 /
// sizeof(T) rows: element (i, p) of A at a[i + p*lda], element (p, j) of B
// at b[p*b_rs + j*b_cs], C column-major with column stride ldc.
template <class T, int MV>
inline __attribute__((always_inline)) void asm_tile(index_t k, const T *a, index_t lda,
                                                    const T *b, index_t b_rs, index_t b_cs,
                                                    T *c, index_t ldc, T alpha, T beta) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "float or double");
  static_assert(MV >= 2 && MV <= 4, "2 to 4 vectors of rows");
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
  : "cc", "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6",    \
    "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14",       \
    "xmm15", "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22",    \
    "xmm23"
  constexpr bool kFloat = sizeof(T) == 4;
  if constexpr (kFloat && MV == 2)
    asm volatile(TB_TILE("ps", "ss", TB_EACH2) TB_OPERANDS);
  else if constexpr (kFloat && MV == 3)
    asm volatile(TB_TILE("ps", "ss", TB_EACH3) TB_OPERANDS);
  else if constexpr (kFloat)
    asm volatile(TB_TILE("ps", "ss", TB_EACH4) TB_OPERANDS);
  else if constexpr (MV == 2)
    asm volatile(TB_TILE("pd", "sd", TB_EACH2) TB_OPERANDS);
  else if constexpr (MV == 3)
    asm volatile(TB_TILE("pd", "sd", TB_EACH3) TB_OPERANDS);
  else
    asm volatile(TB_TILE("pd", "sd", TB_EACH4) TB_OPERANDS);
#undef TB_OPERANDS
}

#undef TB_EACH2
#undef TB_EACH3
#undef TB_EACH4
#undef TB_OFFSET_0
#undef TB_OFFSET_1
#undef TB_OFFSET_2
#undef TB_OFFSET_3
#undef TB_ZERO
#undef TB_LOAD_A
#undef TB_FMA_B4
#undef TB_FMA_B5
#undef TB_FMA_B6
#undef TB_FMA_B7
#undef TB_SCALE
#undef TB_ADD_C
#undef TB_STORE
#undef TB_COLUMNS
#undef TB_NEXT_COLUMN
#undef TB_ADD_C_STORE
#undef TB_STEP
#undef TB_TILE

// SimdMicrokernel's AsmTiles policy for its 4 x 6-vector kernels: the
// unpacked path's whole tiles (run_direct) of a row tile of `vectors`
// whole vectors, columns [j, cols) in 4-column tiles, where the row tile is
// 2-4 vectors high and its A block fits in 24 KiB of L1; returns the first
// column left (j itself where it does not apply).  The check is inline, so
// a call it turns away (a 1-vector tile) costs no call; the tiles are out
// of line, so run_direct's small calls keep a small frame.
template <class T>
struct AsmTiles {
  template <int MV>
  static __attribute__((noinline)) index_t tiles(index_t k, const T *a, index_t lda,
                                                 const T *b, index_t b_rs, index_t b_cs, T *c,
                                                 index_t ldc, T alpha, T beta, index_t j,
                                                 index_t cols) {
    for (; j + 4 <= cols; j += 4)
      asm_tile<T, MV>(k, a, lda, b + j * b_cs, b_rs, b_cs, c + j * ldc, ldc, alpha, beta);
    return j;
  }

  static index_t direct(index_t k, const T *a, index_t lda, const T *b, index_t b_rs,
                        index_t b_cs, T *c, index_t ldc, T alpha, T beta, int vectors,
                        index_t j, index_t cols) {
    constexpr index_t kL1Bytes = 24 * 1024, kVectorBytes = 64;
    if (vectors < 2 || vectors > 4 || k * vectors * kVectorBytes > kL1Bytes) return j;
    if (vectors == 2) return tiles<2>(k, a, lda, b, b_rs, b_cs, c, ldc, alpha, beta, j, cols);
    if (vectors == 3) return tiles<3>(k, a, lda, b, b_rs, b_cs, c, ldc, alpha, beta, j, cols);
    return tiles<4>(k, a, lda, b, b_rs, b_cs, c, ldc, alpha, beta, j, cols);
  }
};

}  // namespace tileblas::avx512
