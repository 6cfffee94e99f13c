// pack_b_avx512.hpp -- an op(B) block into NR-column slivers (PackBFn) for
// AVX-512 targets.  From a column-major B (each column contiguous along the
// depth), W depth steps of a sliver are NR vector loads, one per column,
// stored as W rows of NR (rows_of_columns.hpp).  Element by element
// (pack_slivers) that is a scalar load and store per value: on Zen 4 a
// fifth of a 64^2 left-side strmm, which packs all of B.  A 16 x 16
// transpose (pack_transposed.hpp) would spend 10 of its 16 registers on
// zeros for a sliver of 6.  Other sources, and a last sliver narrower than
// NR, take the portable path.
#pragma once

#include <cstring>

#include "pack.hpp"

namespace tileblas::avx512 {

template <class V, int NR>
void pack_b_rows(index_t depth, index_t cols, const typename V::T *src, index_t rs, index_t cs,
                 typename V::T *dst) {
  using T = typename V::T;
  constexpr int W = V::width;
  pack_b_by_slivers<T, NR>(depth, cols, src, rs, cs, dst, [depth, cs](const T *col, T *out) {
    typename V::reg r[NR];
    index_t p = 0;
    for (; p + W <= depth; p += W) {
#pragma GCC unroll 16
      for (int j = 0; j < NR; ++j) r[j] = V::load(col + j * cs + p);
      V::template store_rows<NR>(r, out + p * NR);
    }
    if (p < depth) {  // the last depth steps, through a buffer: nothing past the sliver is written
      const int rest = static_cast<int>(depth - p);
#pragma GCC unroll 16
      for (int j = 0; j < NR; ++j) r[j] = V::load_partial(col + j * cs + p, rest);
      alignas(64) T rows[W * NR];
      V::template store_rows<NR>(r, rows);
      std::memcpy(out + p * NR, rows, sizeof(T) * rest * NR);
    }
  });
}

}  // namespace tileblas::avx512
