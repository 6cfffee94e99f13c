// pack.hpp -- packing of op(A) and op(B) blocks into the sliver layout the
// microkernels read.  Templates on the register tile; each kernel file
// instantiates them, so they are compiled with that kernel's ISA flags and
// the fixed-size inner loops vectorize.  Transposes are folded in here via
// the (row stride, column stride) pair, so the driver never transposes.
#pragma once

#include "target.hpp"

namespace tileblas {

// N elements as one unaligned vector load and store where the ISA has the
// width (std::memcpy of 32 bytes became two 16-byte moves on AVX2).
template <int N, class T>
inline void copy_as_vector(T *dst, const T *src) {
  // Through an unaligned type that may alias T (as the intrinsics headers'
  // __m256_u); a value of it is never held.
  typedef T Unaligned
      __attribute__((vector_size(N * sizeof(T)), aligned(alignof(T)), may_alias));
  *reinterpret_cast<Unaligned *>(dst) = *reinterpret_cast<const Unaligned *>(src);
}

// Copies an `rows` x `depth` block (element (i, p) at src[i*rs + p*cs]) into
// slivers of W rows: sliver s holds, for each p, rows s*W .. s*W+W-1
// contiguously.  Rows past `rows` are zero so edge tiles need no masking.
template <class T, int W>
void pack_slivers(index_t rows, index_t depth, const T *src, index_t rs, index_t cs, T *dst) {
  if (rs == 1) {
    // Unit stride along the slivers (column-major A): a few depth steps at
    // a time, every whole sliver's rows of each column, so a column is read
    // as one contiguous run rather than W rows per pass over all columns --
    // from memory, at a large column stride, the prefetchers follow the
    // runs and not the passes.  Measured on Zen 3 (AVX2), 1 thread: s/dgemm
    // 4096 x 16 x 4096 1.5x/1.6x, 4096 x 48 x 4096 1.2x/1.3x; squares the
    // same.
    //
    // A W that is not a power of two (float NR = 6) is copied as kWide
    // elements, one 32-byte move, where the source has them (double's 6 -> 8
    // would take as many moves as 4 + 2): the copy spills past the
    // row into the next one, which the next step overwrites; a sliver's
    // last row is copied exactly, so nothing past the sliver is written
    // (threads pack neighbouring slivers).  Measured on Zen 3: 6-wide
    // slivers 0.28 -> 0.12 ns per element standalone; ssyrk 64-128 (B =
    // A^T packs here, 19 % of a 64^2 one) +5 %.
    constexpr index_t kSteps = 8;
    constexpr int kWide = W <= 4 ? 4 : W <= 8 ? 8 : W <= 16 ? 16 : W;
    // One move of at most 32 bytes, whose spill fits in the next row.
    constexpr bool kWidens = kWide > W && kWide <= 2 * W && kWide * sizeof(T) <= 32;
    const index_t whole = rows / W * W;
    for (index_t p0 = 0; p0 < depth; p0 += kSteps) {
      const index_t p1 = p0 + kSteps < depth ? p0 + kSteps : depth;
      for (index_t r = 0; r < whole; r += W) {
        T *out = dst + r * depth + p0 * W;
        const bool wide = kWidens && r + kWide <= rows;
        for (index_t p = p0; p < p1; ++p, out += W) {
          const T *col = src + r + p * cs;
          if constexpr (kWidens)
            if (wide && p + 1 < depth) {
              copy_as_vector<kWide>(out, col);
              continue;
            }
#pragma GCC unroll 8
          for (int i = 0; i < W; ++i) out[i] = col[i];
        }
      }
      // The last, partial sliver in the same pass, its missing rows zero.
      // (Left to the loop below, it read each row at the column stride and
      // zeroed its end with a memset call per depth step: 2-3 % of a 64^2
      // ssyrk, whose 64 columns of B are 10 slivers of 6 and one of 4.)
      if (whole < rows) {
        const index_t tail = rows - whole;
        T *out = dst + whole * depth + p0 * W;
        for (index_t p = p0; p < p1; ++p, out += W)
#pragma GCC unroll 16
          for (int i = 0; i < W; ++i) out[i] = i < tail ? src[whole + i + p * cs] : T(0);
      }
    }
    return;
  }
  for (index_t s = 0; s < rows; s += W) {
    const index_t w = rows - s < W ? rows - s : W;
    const T *block = src + s * rs;
    if (w == W && cs == 1) {
      // Unit stride along depth: W rows read as W sequential streams.
      for (index_t p = 0; p < depth; ++p) {
#pragma GCC unroll 8
        for (int i = 0; i < W; ++i) dst[i] = block[i * rs + p];
        dst += W;
      }
    } else {
      for (index_t p = 0; p < depth; ++p) {
        int i = 0;
        for (; i < w; ++i) dst[i] = block[i * rs + p * cs];
        for (; i < W; ++i) dst[i] = T(0);
        dst += W;
      }
    }
  }
}

// pack_b's frame for a target packer that moves the whole NR-column slivers
// of a column-major B (rs == 1) its own way: sliver(col, out) packs the NR
// columns from col (column stride cs) to out.  Other sources, and a last
// sliver narrower than NR, take pack_slivers.
template <class T, int NR, class Sliver>
void pack_b_by_slivers(index_t depth, index_t cols, const T *src, index_t rs, index_t cs, T *dst,
                       Sliver &&sliver) {
  if (rs != 1) {
    pack_slivers<T, NR>(cols, depth, src, cs, rs, dst);
    return;
  }
  const index_t whole = cols / NR * NR;
  for (index_t s = 0; s < whole; s += NR) sliver(src + s * cs, dst + s * depth);
  if (whole < cols)
    pack_slivers<T, NR>(cols - whole, depth, src + whole * cs, cs, rs, dst + whole * depth);
}

// rows x depth of op(A) column-major into dst with leading dimension ld
// (see CopyColumnsFn).  Blocks of 8 x 8 keep both the strided reads of a
// transposed source and the writes within a few cache lines.
template <class T>
void copy_columns(index_t rows, index_t depth, const T *src, index_t rs, index_t cs, T *dst,
                  index_t ld) {
  constexpr index_t kBlock = 8;
  for (index_t p0 = 0; p0 < depth; p0 += kBlock)
    for (index_t i0 = 0; i0 < rows; i0 += kBlock) {
      const index_t p1 = p0 + kBlock < depth ? p0 + kBlock : depth;
      const index_t i1 = i0 + kBlock < rows ? i0 + kBlock : rows;
      for (index_t p = p0; p < p1; ++p)
        for (index_t i = i0; i < i1; ++i) dst[i + p * ld] = src[i * rs + p * cs];
    }
}

// op(A) block: rows of A go into MR-row slivers.
template <class T, int MR>
void pack_a(index_t rows, index_t depth, const T *src, index_t rs, index_t cs, T *dst) {
  pack_slivers<T, MR>(rows, depth, src, rs, cs, dst);
}

// op(B) block: columns of B go into NR-column slivers; the same copy with
// the roles of the two strides exchanged.
template <class T, int NR>
void pack_b(index_t depth, index_t cols, const T *src, index_t rs, index_t cs, T *dst) {
  pack_slivers<T, NR>(cols, depth, src, cs, rs, dst);
}

}  // namespace tileblas
