// tri_exact.hpp -- the scalar fallbacks of the packed TRMM/TRSM forms for
// tiles where the vector code met a value that is not finite (or a target
// has no vector tile kernel): the reference BLAS's loop order and
// semantics, so Inf and NaN land where the reference puts them.
#pragma once

#include "level3/tri_panel.hpp"

namespace tileblas::level3 {

// The tile solves of TriangularSolveFn in scalar code with the reference
// BLAS's semantics, for tiles whose vector solve met a value that is not
// finite (or targets without one): left divides by the diagonal (skipping
// zero unknowns when skip_zeros, as DTRSM's left no-transpose forms do);
// right multiplies by the reciprocal and skips zero elements of the
// triangle, as its right side does.  Only the rows x cols corner of the
// w-wide tile is touched.
template <class T>
void solve_left_exact(bool backward, bool skip_zeros, const T *tri, index_t w, T *c,
                      index_t ldc, index_t rows, index_t cols) {
  const T *diag = tri + w * w + w;
  for (index_t j = 0; j < cols; ++j) {
    T *x = c + j * ldc;
    for (index_t q = 0; q < rows; ++q) {
      const index_t l = backward ? rows - 1 - q : q;
      if (skip_zeros && x[l] == T(0)) continue;
      x[l] /= diag[l];
      const index_t i0 = backward ? 0 : l + 1, i1 = backward ? l : rows;
      for (index_t i = i0; i < i1; ++i) x[i] -= x[l] * tri[i + l * w];
    }
  }
}

template <class T>
void solve_right_exact(bool backward, const T *tri, index_t w, T *c, index_t ldc, index_t rows,
                       index_t cols) {
  const T *rinv = tri + w * w;
  for (index_t q = 0; q < cols; ++q) {
    const index_t j = backward ? cols - 1 - q : q;
    T *xj = c + j * ldc;
    const index_t i0 = backward ? j + 1 : 0, i1 = backward ? cols : j;
    for (index_t i = i0; i < i1; ++i) {
      const T t = tri[j + i * w];
      if (t == T(0)) continue;
      const T *xi = c + i * ldc;
      for (index_t r = 0; r < rows; ++r) xj[r] -= t * xi[r];
    }
    for (index_t r = 0; r < rows; ++r) xj[r] *= rinv[j];
  }
}

// x * 0 is 0 for finite x, NaN otherwise, and so is a sum of them.  Eight
// independent sums, so the loop vectorizes (a single floating-point sum
// or a compare-and-AND does not, in baseline x86-64 code).
template <class T>
bool tile_finite(const T *c, index_t ldc, index_t rows, index_t cols) {
  T sums[8] = {};
  for (index_t j = 0; j < cols; ++j) {
    const T *x = c + j * ldc;
    index_t i = 0;
    for (; i + 8 <= rows; i += 8)
      for (int k = 0; k < 8; ++k) sums[k] += x[i + k] * T(0);
    for (; i < rows; ++i) sums[0] += x[i] * T(0);
  }
  T total = T(0);
  for (const T v : sums) total += v;
  return total == T(0);
}

// A TRMM diagonal tile in scalar code, for tiles whose microkernel result
// is not finite: there the zeros the packed triangle holds outside the
// triangle met an Inf or NaN, which the reference never multiplies.  So
// only the triangle's terms are summed, skipping zero elements of B (left,
// when skip_zeros) or zero off-diagonal elements of the triangle (right)
// as the reference does.
//   Left: rows [r0, r0 + rows) of the block (sliver `a` of the panel, depth
//     range d), B rows at b[p*nr + j] (a packed B sliver).
//   Right: columns [r0, r0 + cols) of the block (sliver `a` of the panel,
//     element (p, j) at a[(p - d.lo)*nr + j]), B columns at b[p*mr + i].
template <class T>
void multiply_left_exact(bool upper, bool skip_zeros, const T *a, DepthRange d, index_t mr,
                         index_t r0, const T *b, index_t nr, T alpha, T *c, index_t ldc,
                         index_t rows, index_t cols) {
  for (index_t j = 0; j < cols; ++j)
    for (index_t i = 0; i < rows; ++i) {
      T acc = T(0);
      for (index_t p = d.lo; p < d.hi; ++p) {
        const T bv = b[p * nr + j];
        if ((upper ? p < r0 + i : p > r0 + i) || (skip_zeros && bv == T(0))) continue;
        acc += alpha * bv * a[(p - d.lo) * mr + i];
      }
      c[i + j * ldc] = acc;
    }
}

template <class T>
void multiply_right_exact(bool upper, const T *a, DepthRange d, index_t nr, index_t r0,
                          const T *b, index_t mr, T alpha, T *c, index_t ldc, index_t rows,
                          index_t cols) {
  for (index_t j = 0; j < cols; ++j)
    for (index_t i = 0; i < rows; ++i) {
      T acc = T(0);
      for (index_t p = d.lo; p < d.hi; ++p) {
        const T av = a[(p - d.lo) * nr + j];
        if ((upper ? p < r0 + j : p > r0 + j) || (av == T(0) && p != r0 + j)) continue;
        acc += alpha * av * b[p * mr + i];
      }
      c[i + j * ldc] = acc;
    }
}

}  // namespace tileblas::level3
