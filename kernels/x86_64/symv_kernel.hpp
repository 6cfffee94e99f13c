// symv_kernel.hpp -- the panel kernel of a target's symv (VectorKernels::
// symv_columns in target.hpp), over a vector traits class V as
// vector_kernels.hpp is.  Each element of A read serves twice: in the column
// product y += t_c * A(:, c) and in the transposed product dot_c += A(:, c)
// . x, so the stored triangle streams through once (gemv N then T would
// read it twice).
#pragma once

#include "target.hpp"

namespace tileblas {

// For C columns col[c][0:m]: y[0:m] += sum_c t[c] * col[c][0:m] (columns
// added in order, one FMA each) and dots[c] = col[c][0:m] . x[0:m] (U
// accumulators per column, masked tail, fixed tree).
template <class V, int C, int U>
void symv_column_group(index_t m, const typename V::T *const *columns, const typename V::T *t,
                       const typename V::T *x, typename V::T *y, typename V::T *dots) {
  using T = typename V::T;
  using reg = typename V::reg;
  constexpr int W = V::width;
  // The column pointers in registers: read through `columns` they would be
  // reloaded after every store to y, which the compiler cannot rule out
  // aliases them.
  const T *col[C];
  reg tv[C], acc[C][U];
#pragma GCC unroll 16
  for (int c = 0; c < C; ++c) {
    col[c] = columns[c];
    tv[c] = V::set1(t[c]);
#pragma GCC unroll 16
    for (int u = 0; u < U; ++u) acc[c][u] = V::zero();
  }
  index_t i = 0;
  for (; i + U * W <= m; i += U * W) {
    reg xv[U], yv[U];
#pragma GCC unroll 16
    for (int u = 0; u < U; ++u) {
      xv[u] = V::load(x + i + u * W);
      yv[u] = V::load(y + i + u * W);
    }
#pragma GCC unroll 16
    for (int c = 0; c < C; ++c)
#pragma GCC unroll 16
      for (int u = 0; u < U; ++u) {
        const reg a = V::load(col[c] + i + u * W);
        yv[u] = V::fma(tv[c], a, yv[u]);
        acc[c][u] = V::fma(a, xv[u], acc[c][u]);
      }
#pragma GCC unroll 16
    for (int u = 0; u < U; ++u) V::store(y + i + u * W, yv[u]);
  }
  for (; i + W <= m; i += W) {
    const reg xv = V::load(x + i);
    reg yv = V::load(y + i);
#pragma GCC unroll 16
    for (int c = 0; c < C; ++c) {
      const reg a = V::load(col[c] + i);
      yv = V::fma(tv[c], a, yv);
      acc[c][0] = V::fma(a, xv, acc[c][0]);
    }
    V::store(y + i, yv);
  }
  if (i < m) {
    const int r = static_cast<int>(m - i);
    const reg xv = V::load_partial(x + i, r);
    reg yv = V::load_partial(y + i, r);
#pragma GCC unroll 16
    for (int c = 0; c < C; ++c) {
      const reg a = V::load_partial(col[c] + i, r);
      yv = V::fma(tv[c], a, yv);
      acc[c][0] = V::fma(a, xv, acc[c][0]);
    }
    V::store_partial(y + i, yv, r);
  }
#pragma GCC unroll 16
  for (int c = 0; c < C; ++c) {
#pragma GCC unroll 16
    for (int step = 1; step < U; step *= 2)
#pragma GCC unroll 16
      for (int u = 0; u + step < U; u += 2 * step) acc[c][u] = V::add(acc[c][u], acc[c][u + step]);
    dots[c] = V::sum(acc[c][0]);
  }
}

// ncols (1..kSymvColumns) columns, in groups of up to C: one pass over x and
// y per group.
template <class V, int C, int U>
void symv_columns(index_t m, int ncols, const typename V::T *const *col, const typename V::T *t,
                  const typename V::T *x, typename V::T *y, typename V::T *dots) {
  static_assert(C >= 1 && C <= 8 && C <= kSymvColumns);
  for (int c0 = 0; c0 < ncols; c0 += C) {
    const int g = ncols - c0 < C ? ncols - c0 : C;
    const auto *gc = col + c0;
    const auto *gt = t + c0;
    auto *gd = dots + c0;
    switch (g) {
      case 8: if constexpr (C >= 8) symv_column_group<V, 8, U>(m, gc, gt, x, y, gd); break;
      case 7: if constexpr (C >= 7) symv_column_group<V, 7, U>(m, gc, gt, x, y, gd); break;
      case 6: if constexpr (C >= 6) symv_column_group<V, 6, U>(m, gc, gt, x, y, gd); break;
      case 5: if constexpr (C >= 5) symv_column_group<V, 5, U>(m, gc, gt, x, y, gd); break;
      case 4: if constexpr (C >= 4) symv_column_group<V, 4, U>(m, gc, gt, x, y, gd); break;
      case 3: if constexpr (C >= 3) symv_column_group<V, 3, U>(m, gc, gt, x, y, gd); break;
      case 2: if constexpr (C >= 2) symv_column_group<V, 2, U>(m, gc, gt, x, y, gd); break;
      default: symv_column_group<V, 1, U>(m, gc, gt, x, y, gd); break;
    }
  }
}

}  // namespace tileblas
