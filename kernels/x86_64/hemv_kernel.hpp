// hemv_kernel.hpp -- the panel kernel of a target's complex hemv / hpmv
// (ComplexVectorKernels::hemv_panel in target.hpp), the complex form of
// symv_kernel.hpp: each vector of the stored triangle is loaded once and
// serves both its uses, y += t_c * op(A(:, c)) and dot_c += conj(op(A(:, c)))
// . x, so the triangle streams through once and y and x once per group of
// columns (a gemv N and a gemv T per panel read it twice, and their calls
// and the scalar diagonal blocks cost chemv 128^2 0.6x OpenBLAS's time).
// Data is interleaved (re, im) as in complex_vector_kernels.hpp; the
// panel's diagonal block runs through the same loop under lane masks.
#pragma once

#include <complex>
#include <type_traits>

#include "complex_vector_kernels.hpp"
#include "first_lanes.hpp"
#include "in_register.hpp"
#include "lane_sums.hpp"
#include "symv_kernel.hpp"
#include "target.hpp"

namespace tileblas {

// Columns c0..c0+C-1 of a panel of nd columns (hemv_panel below).
template <class V, int C>
void hemv_column_group(bool upper, bool conj_a, index_t m, int nd, int c0,
                       const std::complex<typename V::T> *const *columns,
                       const std::complex<typename V::T> *t,
                       const std::complex<typename V::T> *xc, std::complex<typename V::T> *yc,
                       std::complex<typename V::T> *dots) {
  using L = ComplexLanes<V>;
  using R = typename V::T;
  using reg = typename V::reg;
  constexpr int W = V::width;
  // Column pointers and factors in registers (see symv_column_group).
  const R *col[C];
  typename L::Factor f[C];
  reg s1[C], s2[C];  // lane-wise a * x and a * swap(x) (complex_vector_kernels.hpp)
#pragma GCC unroll 8
  for (int c = 0; c < C; ++c) {
    col[c] = reinterpret_cast<const R *>(columns[c]);
    f[c] = L::factor(t[c], conj_a);
    s1[c] = s2[c] = V::zero();
  }
  const R *x = reinterpret_cast<const R *>(xc);
  R *y = reinterpret_cast<R *>(yc);
  // In reals: rows [0, len) = the diagonal block [d0, d1) and the rectangle
  // below it (lower: d0 = 0) or above it (upper: d1 = len).
  const index_t len = 2 * m, d0 = upper ? len - 2 * nd : 0, d1 = d0 + 2 * nd;
  const index_t block_end = upper ? len : (d1 + W - 1) / W * W < len ? (d1 + W - 1) / W * W : len;
  const index_t r0 = upper ? 0 : block_end, r1 = upper ? d0 : len;

  auto rectangle = [&] {
    index_t i = r0;
    for (; i + W <= r1; i += W) {
      const reg xv = V::load(x + i), xs = V::swap_pairs(xv);
      reg yv = V::load(y + i);
#pragma GCC unroll 8
      for (int c = 0; c < C; ++c) {
        const reg a = in_register(V::load(col[c] + i));
        yv = L::madd(f[c], a, yv);
        s1[c] = V::fma(a, xv, s1[c]);
        s2[c] = V::fma(a, xs, s2[c]);
      }
      V::store(y + i, yv);
    }
    if (i < r1) {
      const int r = static_cast<int>(r1 - i);
      const reg xv = V::load_partial(x + i, r), xs = V::swap_pairs(xv);
      reg yv = V::load_partial(y + i, r);
#pragma GCC unroll 8
      for (int c = 0; c < C; ++c) {
        const reg a = V::load_partial(col[c] + i, r);
        yv = L::madd(f[c], a, yv);
        s1[c] = V::fma(a, xv, s1[c]);
        s2[c] = V::fma(a, xs, s2[c]);
      }
      V::store_partial(y + i, yv, r);
    }
  };

  // The diagonal block's vectors.  Column c0 + c's diagonal element starts
  // at lane k of a vector; three lane masks: what is read of A (the stored
  // elements and the diagonal's real part: its imaginary part is ignored,
  // read as 0), what is added into y (the stored elements, both lanes of
  // the diagonal's product), what is added into the dot (off the diagonal).
  // Masked FMAs add nothing elsewhere (no t * 0 = NaN for an infinite t).
  auto diagonal_block = [&] {
    const index_t h0 = d0, h1 = upper ? len : block_end;
    for (index_t h = h0; h < h1; h += W) {
      const int r = h1 - h < W ? static_cast<int>(h1 - h) : W;
      const unsigned valid = lanes_below<W>(r);
      const reg xv = load_first<V>(x + h, r), xs = V::swap_pairs(xv);
      reg yv = load_first<V>(y + h, r);
#pragma GCC unroll 8
      for (int c = 0; c < C; ++c) {
        const index_t k = 2 * (c0 + c) - (h - d0);
        const unsigned diag_imag = lanes_below<W>(k + 2) & lanes_from<W>(k + 1);
        const unsigned to_y = valid & (upper ? lanes_below<W>(k + 2) : lanes_from<W>(k));
        const unsigned to_dot = valid & (upper ? lanes_below<W>(k) : lanes_from<W>(k + 2));
        const reg a = in_register(V::load_masked(col[c] + h, to_y & ~diag_imag));
        yv = V::fma_masked(V::swap_pairs(a), f[c].k2, V::fma_masked(a, f[c].k1, yv, to_y), to_y);
        s1[c] = V::fma_masked(a, xv, s1[c], to_dot);
        s2[c] = V::fma_masked(a, xs, s2[c], to_dot);
      }
      store_first<V>(y + h, yv, r);
    }
  };

  if (upper) {
    rectangle();
    diagonal_block();
  } else {
    diagonal_block();
    rectangle();
  }
  // dots[c] = sum conj(op(A(i, c))) x[i]: the dot of op(A) with conj flipped.
  reg parts[2 * C];
  R sums[2 * C];
#pragma GCC unroll 8
  for (int c = 0; c < C; ++c) L::dot_parts(s1[c], s2[c], !conj_a, parts + 2 * c);
  lane_sums<V, 2 * C>(parts, sums);
#pragma GCC unroll 8
  for (int c = 0; c < C; ++c) dots[c] = std::complex<R>(sums[2 * c], sums[2 * c + 1]);
}

// The panel (ComplexVectorKernels::hemv_panel): ncols <= kHemvColumns
// columns in groups of up to C, one pass over x and y per group.
template <class V, int C>
void hemv_panel(bool upper, bool conj_a, index_t m, int ncols,
                const std::complex<typename V::T> *const *col,
                const std::complex<typename V::T> *t, const std::complex<typename V::T> *x,
                std::complex<typename V::T> *y, std::complex<typename V::T> *dots) {
  static_assert(C >= 1 && C <= 4 && C <= kHemvColumns);
  for (int c0 = 0; c0 < ncols; c0 += C) {
    const auto group = [&](auto columns) {
      hemv_column_group<V, decltype(columns)::value>(upper, conj_a, m, ncols, c0, col + c0, t + c0,
                                                     x, y, dots + c0);
    };
    switch (ncols - c0 < C ? ncols - c0 : C) {
      case 4: if constexpr (C >= 4) group(std::integral_constant<int, 4>()); break;
      case 3: if constexpr (C >= 3) group(std::integral_constant<int, 3>()); break;
      case 2: if constexpr (C >= 2) group(std::integral_constant<int, 2>()); break;
      default: group(std::integral_constant<int, 1>()); break;
    }
  }
}

}  // namespace tileblas
