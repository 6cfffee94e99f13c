// pack_transposed.hpp -- copies of a transposed op(A) (op(A) = A^T: a row's
// depth values are contiguous, rows strided) through the registers, W x W
// at a time: the column-major copy of the small-problem path and the
// packing into slivers.  Element by element this is the slow case for
// scalar code (2.5x a contiguous copy on Zen 4; AVX2 sgemm 1024^3 TN 0.9x
// of the peers on Zen 3).  Written once over a transposer X (one per ISA
// and type: avx512/pack_avx512.hpp, avx2/pack_avx2.hpp) with
//   X::T, X::W, X::R, zero(), load(p), store(p, v), load_partial(p, n),
//   store_partial(p, v, n) (the first n lanes; nothing past p + n touched),
//   transpose(r) (r[i] = row i of a W x W block -> r[j] = column j).
// Included only by kernel files, so it is compiled with their ISA flags.
#pragma once

#include <algorithm>

#include "pack.hpp"

namespace tileblas::transposed {

// One W x W block: `rows` (<= W) rows of `depth` (<= W) contiguous values
// in, `depth` columns of `rows` values out to dst (column stride ld).
// kFull: the whole block, without lane masks.
template <class X, bool kFull, class T = typename X::T>
__attribute__((always_inline)) inline void transpose_block(int rows, int depth, const T *src,
                                                           index_t rs, T *dst, index_t ld) {
  typename X::R r[X::W];
  for (int i = 0; i < X::W; ++i)
    r[i] = kFull ? X::load(src + i * rs)
                 : i < rows ? X::load_partial(src + i * rs, depth) : X::zero();
  X::transpose(r);
  for (int q = 0; q < (kFull ? X::W : depth); ++q) {
    if (kFull)
      X::store(dst + q * ld, r[q]);
    else
      X::store_partial(dst + q * ld, r[q], rows);
  }
}

// rows x depth of op(A) column-major into dst (CopyColumnsFn).  A
// transposed source goes through the registers; the partial blocks at the
// edges are read and written under lane masks.  Other sources are copied by
// the portable loop.
template <class X, class T = typename X::T>
void copy_columns(index_t rows, index_t depth, const T *src, index_t rs, index_t cs, T *dst,
                  index_t ld) {
  if (cs != 1) {
    tileblas::copy_columns(rows, depth, src, rs, cs, dst, ld);
    return;
  }
  constexpr int W = X::W;
  for (index_t i = 0; i < rows; i += W) {
    const int h = static_cast<int>(std::min<index_t>(W, rows - i));
    for (index_t p = 0; p < depth; p += W) {
      const int w = static_cast<int>(std::min<index_t>(W, depth - p));
      if (h == W && w == W)
        transpose_block<X, true>(W, W, src + i * rs + p, rs, dst + p * ld + i, ld);
      else
        transpose_block<X, false>(h, w, src + i * rs + p, rs, dst + p * ld + i, ld);
    }
  }
}

// A transposed source packs sliver by sliver: a sliver is an MR-row
// column-major block with column stride MR (rows past `rows` zero).
// Contiguous sources take the portable path.
template <class X, int MR, class T = typename X::T>
void pack_a(index_t rows, index_t depth, const T *src, index_t rs, index_t cs, T *dst) {
  if (cs != 1) {
    pack_slivers<T, MR>(rows, depth, src, rs, cs, dst);
    return;
  }
  for (index_t s = 0; s < rows; s += MR) {
    const index_t h = std::min<index_t>(MR, rows - s);
    T *sliver = dst + s * depth;
    copy_columns<X>(h, depth, src + s * rs, rs, cs, sliver, MR);
    for (index_t p = 0; h < MR && p < depth; ++p)
      std::fill(sliver + p * MR + h, sliver + (p + 1) * MR, T(0));
  }
}

// An op(B) block (PackBFn): B's columns into NR-column slivers.  From a
// column-major B (its columns contiguous along the depth), W depth steps of
// a sliver are, for each group of W of its columns, the group's loads, one
// W x W transpose and W stores; the stores go in depth order, each row's
// last group spilling past the row into the next one, which the next row's
// first store overwrites; a sliver's last row is cut to NR, so nothing past
// the sliver is written (threads pack neighbouring slivers).  Element by
// element (pack_slivers) it cost a 64^2 strmm 22 % of its time on Zen 3,
// dtrmm 14 %.  Other sources take that path.
template <class X, int NR, class T = typename X::T>
void pack_b(index_t depth, index_t cols, const T *src, index_t rs, index_t cs, T *dst) {
  constexpr int W = X::W;
  constexpr int G = (NR + W - 1) / W;     // column groups of W
  constexpr int kLast = NR - (G - 1) * W;  // columns in the last group
  pack_b_by_slivers<T, NR>(depth, cols, src, rs, cs, dst, [depth, cs](const T *col, T *out) {
    index_t p = 0;
    for (; p + W <= depth; p += W) {
      typename X::R r[G][W];
#pragma GCC unroll 4
      for (int g = 0; g < G; ++g) {
#pragma GCC unroll 16
        for (int i = 0; i < W; ++i)
          r[g][i] = g * W + i < NR ? X::load(col + (g * W + i) * cs + p) : X::zero();
        X::transpose(r[g]);
      }
#pragma GCC unroll 16
      for (int q = 0; q < W; ++q) {
        T *row = out + (p + q) * NR;
#pragma GCC unroll 4
        for (int g = 0; g + 1 < G; ++g) X::store(row + g * W, r[g][q]);
        if (p + q + 1 == depth)
          X::store_partial(row + (G - 1) * W, r[G - 1][q], kLast);
        else
          X::store(row + (G - 1) * W, r[G - 1][q]);
      }
    }
    for (; p < depth; ++p)
#pragma GCC unroll 16
      for (int i = 0; i < NR; ++i) out[p * NR + i] = col[i * cs + p];
  });
}

}  // namespace tileblas::transposed
