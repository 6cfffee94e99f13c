// triangular_mv.cpp -- x = op(A) * x for a triangular A stored full (trmv),
// band (tbmv) or packed (tpmv).  In place: the columns are visited in the
// order that reads each x element before it is overwritten.
#include "level1/active_vector_kernels.hpp"
#include "level2/column_ops.hpp"
#include "level2/engines.hpp"
#include "level2/instantiate.hpp"
#include "level2/triangular_blocked.hpp"

namespace tileblas::level2 {

namespace {

// op(A) = A or conj(A): x[j] spreads into the rows above (upper) or below
// (lower) it, so upper walks j forwards and lower backwards.
// X: a pointer to contiguous x, or a Strided view when its copy cannot be
// allocated (here and in trmv_dots).
template <bool ConjA, class T, class X>
void trmv_columns(const Triangle &tri, bool unit, const T *a, X x) {
  const index_t n = tri.n;
  for (index_t step = 0; step < n; ++step) {
    const index_t j = tri.upper ? step : n - 1 - step;
    if (x[j] == T(0)) continue;  // the reference skips zero x[j]
    const T *col = a + tri.column_offset(j);
    const T t = x[j];
    const index_t lo = tri.upper ? tri.first_row(j) : j + 1;
    const index_t hi = tri.upper ? j : tri.last_row(j) + 1;
    column_axpy<ConjA>(hi - lo, t, col + lo, x + lo);
    if (!unit) x[j] = mul(x[j], conj_if<ConjA>(col[j]));
  }
}

// op(A) = A^T or A^H: x[j] becomes the dot of column j with x, which reads
// the entries above (upper) or below (lower) j, so upper walks backwards.
template <bool ConjA, class T, class X>
void trmv_dots(const Triangle &tri, bool unit, const T *a, X x) {
  const index_t n = tri.n;
  for (index_t step = 0; step < n; ++step) {
    const index_t j = tri.upper ? n - 1 - step : step;
    const T *col = a + tri.column_offset(j);
    T t = x[j];
    if (!unit) t = mul(t, conj_if<ConjA>(col[j]));
    const index_t lo = tri.upper ? tri.first_row(j) : j + 1;
    const index_t hi = tri.upper ? j : tri.last_row(j) + 1;
    t += column_dot<ConjA>(hi - lo, col + lo, x + lo);
    x[j] = t;
  }
}

}  // namespace

template <class T>
void triangular_mv(const Triangle &tri, Op op, bool unit_diag, const T *a, T *x, index_t incx) {
  UnitStride<T> xs(tri.n, x, incx);
  const bool conj = conjugates(op);
  auto portable = [&](auto xv) {
    if (transposes(op))
      conj ? trmv_dots<true>(tri, unit_diag, a, xv) : trmv_dots<false>(tri, unit_diag, a, xv);
    else
      conj ? trmv_columns<true>(tri, unit_diag, a, xv) : trmv_columns<false>(tri, unit_diag, a, xv);
  };
  if (!xs.ok()) return portable(Strided<T>(tri.n, x, incx));
  if (tri.kind != Triangle::Kind::Band) {  // full and packed storage: gemv-sized blocks
    triangular_mv_blocked(tri, transposes(op), conj, unit_diag, a, xs.data());
    xs.scatter();
    return;
  }
  portable(xs.data());
  xs.scatter();
}

#define TILEBLAS_INSTANTIATE(T) \
  template void triangular_mv<T>(const Triangle &, Op, bool, const T *, T *, index_t);
TILEBLAS_LEVEL2_FOR_ALL_TYPES(TILEBLAS_INSTANTIATE)

}  // namespace tileblas::level2
