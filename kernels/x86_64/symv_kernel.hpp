// symv_kernel.hpp -- the panel kernel of a target's symv (VectorKernels::
// symv_panel in target.hpp), over a vector traits class V as
// vector_kernels.hpp is.  Each element of A read serves twice: in the column
// product y += t_c * A(:, c) and in the transposed product dot_c += A(:, c)
// . x, so the stored triangle streams through once (gemv N then T would
// read it twice).  The panel's diagonal block runs through the same loop
// with per-column lane masks, so no part of the panel is left to scalar code.
#pragma once

#include <utility>

#include "first_lanes.hpp"
#include "in_register.hpp"
#include "lane_sums.hpp"
#include "target.hpp"

namespace tileblas {

// Lane masks: lanes l < k, and lanes l >= k, of a W-lane vector.
template <int W>
unsigned lanes_below(index_t k) {
  return k <= 0 ? 0u : k >= W ? (W == 32 ? ~0u : (1u << W) - 1) : (1u << k) - 1;
}
template <int W>
unsigned lanes_from(index_t k) {
  return lanes_below<W>(W) & ~lanes_below<W>(k);
}

// Columns c0..c0+C-1 of a panel of nd columns (symv_panel below): y[0:m] +=
// t[c] * (stored rows of column c); the lanes of dots[c] sum to (strictly
// off-diagonal stored rows of column c) . x.  kC0 >= 0 is c0 known at
// compile time, which makes the diagonal block's lane masks constants.
template <class V, int C, int U, bool upper, int kC0 = -1>
void symv_column_group(index_t m, int nd, int c0_at_run_time, const typename V::T *const *columns,
                       const typename V::T *t, const typename V::T *x, typename V::T *y,
                       typename V::reg *dots) {
  using T = typename V::T;
  using reg = typename V::reg;
  constexpr int W = V::width;
  const int c0 = kC0 >= 0 ? kC0 : c0_at_run_time;
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
  // Rows [0, m) = the diagonal block [d0, d0 + nd) and the rectangle: below
  // it (lower: d0 = 0) or above it (upper: d0 = m - nd, a multiple of W).
  const index_t d0 = upper ? m - nd : 0;
  const index_t d1 = d0 + nd;
  // Whole rows of the rectangle, [r0, r1): vectors of W from the block's end
  // (lower) or from 0 (upper); the block's vectors cover the rest.
  const index_t block_end = upper ? m : (d1 + W - 1) / W * W < m ? (d1 + W - 1) / W * W : m;
  const index_t r0 = upper ? 0 : block_end, r1 = upper ? d0 : m;

  auto rectangle = [&] {
    index_t i = r0;
    for (; i + U * W <= r1; i += U * W) {
      reg xv[U], yv[U];
#pragma GCC unroll 16
      for (int u = 0; u < U; ++u) {
        xv[u] = V::load(x + i + u * W);
        yv[u] = V::load(y + i + u * W);
      }
      // y's sum in two chains, even columns onto y and odd ones onto
      // their own product, joined at the end: one chain of C FMAs per
      // vector would hold each y vector for C FMA latencies.
      reg odd[U];
#pragma GCC unroll 16
      for (int c = 0; c < C; ++c)
#pragma GCC unroll 16
        for (int u = 0; u < U; ++u) {
          const reg a = in_register(V::load(col[c] + i + u * W));
          if (c % 2 == 0)
            yv[u] = V::fma(tv[c], a, yv[u]);
          else
            odd[u] = c == 1 ? V::mul(tv[c], a) : V::fma(tv[c], a, odd[u]);
          acc[c][u] = V::fma(a, xv[u], acc[c][u]);
        }
#pragma GCC unroll 16
      for (int u = 0; u < U; ++u) V::store(y + i + u * W, C > 1 ? V::add(yv[u], odd[u]) : yv[u]);
    }
    for (; i + W <= r1; i += W) {
      const reg xv = V::load(x + i);
      reg yv = V::load(y + i);
#pragma GCC unroll 16
      for (int c = 0; c < C; ++c) {
        const reg a = in_register(V::load(col[c] + i));
        yv = V::fma(tv[c], a, yv);
        acc[c][0] = V::fma(a, xv, acc[c][0]);
      }
      V::store(y + i, yv);
    }
    if (i < r1) {
      const int r = static_cast<int>(r1 - i);
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
  };

  // The diagonal block's vectors, rows [h0, h1): column c0 + c holds rows
  // d0 + c0 + c and below (lower) or above (upper); the diagonal element goes
  // to y only.  Masked loads read only stored elements, and masked FMAs add
  // nothing for the others (no 0 * Inf).
  auto diagonal_block = [&] {
    const index_t h0 = d0, h1 = upper ? m : block_end;
    for (index_t h = h0; h < h1; h += W) {
      const int r = h1 - h < W ? static_cast<int>(h1 - h) : W;
      const unsigned valid = lanes_below<W>(r);
      const reg xv = load_first<V>(x + h, r);
      reg yv = load_first<V>(y + h, r);
#pragma GCC unroll 16
      for (int c = 0; c < C; ++c) {
        const index_t k = c0 + c - (h - d0);  // the diagonal's lane in this vector
        const unsigned to_y = valid & (upper ? lanes_below<W>(k + 1) : lanes_from<W>(k));
        const unsigned to_dot = valid & (upper ? lanes_below<W>(k) : lanes_from<W>(k + 1));
        const reg a = V::load_masked(col[c] + h, to_y);
        yv = V::fma_masked(tv[c], a, yv, to_y);
        acc[c][0] = V::fma_masked(a, xv, acc[c][0], to_dot);
      }
      store_first<V>(y + h, yv, r);
    }
  };

  if constexpr (upper) {
    rectangle();
    diagonal_block();
  } else {
    diagonal_block();
    rectangle();
  }
#pragma GCC unroll 16
  for (int c = 0; c < C; ++c) {
#pragma GCC unroll 16
    for (int step = 1; step < U; step *= 2)
#pragma GCC unroll 16
      for (int u = 0; u + step < U; u += 2 * step) acc[c][u] = V::add(acc[c][u], acc[c][u + step]);
    dots[c] = acc[c][0];
  }
}

// A whole panel of kSymvPanel columns (all of symmetric_mv_blocked.cpp's
// panels but the last) as its groups of C, each group's first column a
// constant.
template <class V, int C, int U, bool upper, int... G>
void symv_line_panel(std::integer_sequence<int, G...>, index_t m,
                     const typename V::T *const *col, const typename V::T *t,
                     const typename V::T *x, typename V::T *y, typename V::reg *parts) {
  constexpr int nd = C * sizeof...(G);
  (symv_column_group<V, C, U, upper, G * C>(m, nd, G * C, col + G * C, t + G * C, x, y,
                                            parts + G * C),
   ...);
}

// The panel (VectorKernels::symv_panel): ncols <= kSymvColumns columns in
// groups of up to C, one pass over x and y per group; the dots' lanes are
// summed for the whole panel at the end (one shared tree for eight columns
// where the traits have one, not a tree per group).  The triangle is a
// template argument so each form's loops are compiled for it alone.
template <class V, int C, int U, bool upper>
void symv_panel_of(index_t m, int ncols, const typename V::T *const *col,
                   const typename V::T *t, const typename V::T *x, typename V::T *y,
                   typename V::T *dots) {
  static_assert(C >= 1 && C <= 8 && C <= kSymvColumns);
  typename V::reg parts[kSymvColumns];
  constexpr int kLine = kSymvPanel<typename V::T>;
  if constexpr (kLine % C == 0) {
    if (ncols == kLine) {
      symv_line_panel<V, C, U, upper>(std::make_integer_sequence<int, kLine / C>{}, m, col, t, x,
                                      y, parts);
      return lane_sums<V, kLine>(parts, dots);
    }
  }
  for (int c0 = 0; c0 < ncols; c0 += C) {
    const int g = ncols - c0 < C ? ncols - c0 : C;
    const auto *gc = col + c0;
    const auto *gt = t + c0;
    auto *gd = parts + c0;
    switch (g) {
      case 8: if constexpr (C >= 8) symv_column_group<V, 8, U, upper>(m, ncols, c0, gc, gt, x, y, gd); break;
      case 7: if constexpr (C >= 7) symv_column_group<V, 7, U, upper>(m, ncols, c0, gc, gt, x, y, gd); break;
      case 6: if constexpr (C >= 6) symv_column_group<V, 6, U, upper>(m, ncols, c0, gc, gt, x, y, gd); break;
      case 5: if constexpr (C >= 5) symv_column_group<V, 5, U, upper>(m, ncols, c0, gc, gt, x, y, gd); break;
      case 4: if constexpr (C >= 4) symv_column_group<V, 4, U, upper>(m, ncols, c0, gc, gt, x, y, gd); break;
      case 3: if constexpr (C >= 3) symv_column_group<V, 3, U, upper>(m, ncols, c0, gc, gt, x, y, gd); break;
      case 2: if constexpr (C >= 2) symv_column_group<V, 2, U, upper>(m, ncols, c0, gc, gt, x, y, gd); break;
      default: symv_column_group<V, 1, U, upper>(m, ncols, c0, gc, gt, x, y, gd); break;
    }
  }
  lane_sums<V>(parts, ncols, dots);
}

template <class V, int C, int U>
void symv_panel(bool upper, index_t m, int ncols, const typename V::T *const *col,
                const typename V::T *t, const typename V::T *x, typename V::T *y,
                typename V::T *dots) {
  if (upper) symv_panel_of<V, C, U, true>(m, ncols, col, t, x, y, dots);
  else symv_panel_of<V, C, U, false>(m, ncols, col, t, x, y, dots);
}

}  // namespace tileblas
