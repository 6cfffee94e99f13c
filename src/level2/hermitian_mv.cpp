// hermitian_mv.cpp -- y = alpha * A * x + beta * y with one stored triangle
// of a Hermitian (symmetric) A: hemv/hbmv/hpmv, symv/sbmv/spmv.  Each stored
// column j serves twice: as column j (an axpy into y) and, conjugated, as
// row j (a dot with x); the diagonal's imaginary part is ignored.  Real
// symv and spmv run the target's fused kernels (symmetric_mv_blocked.cpp);
// complex hemv the target's gemv kernels on panels of columns (below); the
// rest (hpmv, hbmv, sbmv) an axpy and a dot kernel per column.
#include <algorithm>

#include "level1/active_vector_kernels.hpp"
#include "level2/column_ops.hpp"
#include "level2/column_slices.hpp"
#include "level2/engines.hpp"
#include "level2/instantiate.hpp"
#include "level2/symmetric_mv_blocked.hpp"

namespace tileblas::level2 {

namespace {

// X, Y: pointers to contiguous vectors, or Strided views when their copies
// cannot be allocated.
// Columns [j_begin, j_end) into y.
template <bool ConjA, class T, class X, class Y>
void hermitian_mv_kernel(const Triangle &tri, T alpha, const T *a, X x, Y y, index_t j_begin,
                         index_t j_end) {
  for (index_t j = j_begin; j < j_end; ++j) {
    const T *col = a + tri.column_offset(j);
    const T t1 = mul(alpha, x[j]);
    // Off-diagonal part of column j: rows lo..hi-1, excluding the diagonal.
    const index_t lo = tri.upper ? tri.first_row(j) : j + 1;
    const index_t hi = tri.upper ? j : tri.last_row(j) + 1;
    // Column j as op(A)'s column, then conjugated as its row: op(col)^H x.
    column_axpy<ConjA>(hi - lo, t1, col + lo, y + lo);
    const T t2 = column_dot<!ConjA>(hi - lo, col + lo, x + lo);
    y[j] += mul(t1, real_diag(col[j])) + mul(alpha, t2);
  }
}

// Complex hemv on full storage, columns [j_begin, j_end) into y, in panels
// of kPanel columns.  A panel's rectangle (the rows above its diagonal
// block for an upper triangle, below it for a lower one) runs the target's
// complex gemv kernels twice: as columns into y (gemv_n), and conjugated as
// rows dotted with x (gemv_t), kBlockRows rows at a time so that the second
// pass finds them in L1; the panel's small diagonal block runs the loop above.
// An axpy and a dot per column instead load and store y and load x once per
// column: chemv at n = 256 ran at 0.6x OpenBLAS that way.
constexpr index_t kPanel = 8;  // the AVX-512 gemv_n's columns per pass over y
// 8 columns x 256 rows: 16 KB (c), 32 KB (z) of the 48 KB L1.
constexpr index_t kBlockRows = 256;

template <bool ConjA, class T>
void hemv_panels(const Triangle &tri, T alpha, const T *a, const T *x, T *y, index_t j_begin,
                 index_t j_end) {
  const auto &k = complex_vector_kernels<T>();
  const index_t lda = tri.ld;
  for (index_t j0 = j_begin; j0 < j_end; j0 += kPanel) {
    const index_t j1 = std::min(j0 + kPanel, j_end);
    const index_t r0 = tri.upper ? 0 : j1, r1 = tri.upper ? j0 : tri.n;
    for (index_t i0 = r0; i0 < r1; i0 += kBlockRows) {
      const index_t rows = std::min(kBlockRows, r1 - i0);
      const T *block = a + j0 * lda + i0;
      k.gemv_n(rows, j1 - j0, alpha, block, lda, x + j0, y + i0, ConjA);
      k.gemv_t(rows, j1 - j0, alpha, block, lda, x + i0, y + j0, !ConjA);
    }
    // The diagonal block as a small triangle of its own (columns this
    // short run inline in column_axpy / column_dot).
    const Triangle block = Triangle::full(tri.upper, j1 - j0, lda);
    hermitian_mv_kernel<ConjA>(block, alpha, a + j0 * lda + j0, x + j0, y + j0, 0, j1 - j0);
  }
}

}  // namespace

template <class T>
void hermitian_mv(const Triangle &tri, bool conj_a, T alpha, const T *a, const T *x,
                  index_t incx, T beta, T *y, index_t incy) {
  scale_y(tri.n, beta, y, incy);
  if (alpha == T(0)) return;
  UnitStride<const T> xs(tri.n, x, incx);
  UnitStride<T> ys(tri.n, y, incy);
  if (!xs.ok() || !ys.ok()) {
    const Strided<const T> xv(tri.n, x, incx);
    const Strided<T> yv(tri.n, y, incy);
    conj_a ? hermitian_mv_kernel<true>(tri, alpha, a, xv, yv, 0, tri.n)
           : hermitian_mv_kernel<false>(tri, alpha, a, xv, yv, 0, tri.n);
    return;
  }
  if constexpr (has_vector_kernels_v<T>) {
    if (tri.kind != Triangle::Kind::Band) {  // symv, spmv
      symmetric_mv_blocked(tri, alpha, a, xs.data(), ys.data());
      ys.scatter();
      return;
    }
  }
  // Threads over slices of columns for hemv/hpmv (column_slices.hpp).
  if constexpr (!has_vector_kernels_v<T>) {
    if (tri.kind == Triangle::Kind::Full) {
      over_column_slices(tri, kPanel, ys.data(), [&](index_t j0, index_t j1, T *target) {
        conj_a ? hemv_panels<true>(tri, alpha, a, xs.data(), target, j0, j1)
               : hemv_panels<false>(tri, alpha, a, xs.data(), target, j0, j1);
      });
      ys.scatter();
      return;
    }
  }
  over_column_slices(tri, 1, ys.data(), [&](index_t j0, index_t j1, T *target) {
    conj_a ? hermitian_mv_kernel<true>(tri, alpha, a, xs.data(), target, j0, j1)
           : hermitian_mv_kernel<false>(tri, alpha, a, xs.data(), target, j0, j1);
  });
  ys.scatter();
}

#define TILEBLAS_INSTANTIATE(T)                                                               \
  template void hermitian_mv<T>(const Triangle &, bool, T, const T *, const T *, index_t, T, \
                                T *, index_t);
TILEBLAS_LEVEL2_FOR_ALL_TYPES(TILEBLAS_INSTANTIATE)

}  // namespace tileblas::level2
