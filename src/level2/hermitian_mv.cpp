// hermitian_mv.cpp -- y = alpha * A * x + beta * y with one stored triangle
// of a Hermitian (symmetric) A: hemv/hbmv/hpmv, symv/sbmv/spmv.  Each stored
// column j serves twice: as column j (an axpy into y) and, conjugated, as
// row j (a dot with x); the diagonal's imaginary part is ignored.  Full
// and packed storage run the target's fused panel kernels
// (symmetric_mv_blocked.cpp); band storage (sbmv, hbmv) and strided vectors
// without memory for copies an axpy and a dot per column (below).
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
void hermitian_mv_kernel(const Triangle &tri, const T &alpha, const T *a, X x, Y y, index_t j_begin,
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

}  // namespace

template <class T>
void hermitian_mv(const Triangle &tri, bool conj_a, const T &alpha, const T *a, const T *x,
                  index_t incx, const T &beta, T *y, index_t incy) {
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
  if (tri.kind != Triangle::Kind::Band) {  // symv, spmv, hemv, hpmv
    symmetric_mv_blocked(tri, conj_a, alpha, a, xs.data(), ys.data());
    ys.scatter();
    return;
  }
  // sbmv, hbmv: threads over slices of columns (column_slices.hpp).
  over_column_slices(tri, 1, ys.data(), [&](index_t j0, index_t j1, T *target) {
    conj_a ? hermitian_mv_kernel<true>(tri, alpha, a, xs.data(), target, j0, j1)
           : hermitian_mv_kernel<false>(tri, alpha, a, xs.data(), target, j0, j1);
  });
  ys.scatter();
}

#define TILEBLAS_INSTANTIATE(T)                                                               \
  template void hermitian_mv<T>(const Triangle &, bool, const T &, const T *, const T *,     \
                                index_t, const T &, T *, index_t);
TILEBLAS_LEVEL2_FOR_ALL_TYPES(TILEBLAS_INSTANTIATE)

}  // namespace tileblas::level2
