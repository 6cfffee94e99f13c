// triangular_sv.cpp -- x = op(A)^-1 * x for a triangular A stored full
// (trsv), band (tbsv) or packed (tpsv); substitution in place, no test for
// a singular A (as the reference).
#include "level1/active_vector_kernels.hpp"
#include "level2/column_ops.hpp"
#include "level2/engines.hpp"
#include "level2/instantiate.hpp"
#include "level2/triangular_blocked.hpp"

namespace tileblas::level2 {

namespace {

// op(A) = A or conj(A), column-oriented: once x[j] is solved it is
// eliminated from the rows still to come (above for upper, below for lower).
// X: a pointer to contiguous x, or a Strided view when its copy cannot be
// allocated (here and in trsv_dots).
template <bool ConjA, class T, class X>
void trsv_columns(const Triangle &tri, bool unit, const T *a, X x) {
  const index_t n = tri.n;
  for (index_t step = 0; step < n; ++step) {
    const index_t j = tri.upper ? n - 1 - step : step;
    if (x[j] == T(0)) continue;  // the reference skips zero x[j]
    const T *col = a + tri.column_offset(j);
    if (!unit) x[j] = divide(x[j], conj_if<ConjA>(col[j]));
    const T t = x[j];
    const index_t lo = tri.upper ? tri.first_row(j) : j + 1;
    const index_t hi = tri.upper ? j : tri.last_row(j) + 1;
    column_axpy<ConjA>(hi - lo, -t, col + lo, x + lo);  // x - t*a, as x + (-t)*a: the same bits
  }
}

// op(A) = A^T or A^H, dot-oriented: x[j] needs the already solved entries
// of column j (above it for upper, so upper walks forwards).
template <bool ConjA, class T, class X>
void trsv_dots(const Triangle &tri, bool unit, const T *a, X x) {
  const index_t n = tri.n;
  for (index_t step = 0; step < n; ++step) {
    const index_t j = tri.upper ? step : n - 1 - step;
    const T *col = a + tri.column_offset(j);
    T t = x[j];
    const index_t lo = tri.upper ? tri.first_row(j) : j + 1;
    const index_t hi = tri.upper ? j : tri.last_row(j) + 1;
    t -= column_dot<ConjA>(hi - lo, col + lo, x + lo);
    if (!unit) t = divide(t, conj_if<ConjA>(col[j]));
    x[j] = t;
  }
}

}  // namespace

template <class T>
void triangular_sv(const Triangle &tri, Op op, bool unit_diag, const T *a, T *x, index_t incx) {
  UnitStride<T> xs(tri.n, x, incx);
  const bool conj = conjugates(op);
  auto portable = [&](auto xv) {
    if (transposes(op))
      conj ? trsv_dots<true>(tri, unit_diag, a, xv) : trsv_dots<false>(tri, unit_diag, a, xv);
    else
      conj ? trsv_columns<true>(tri, unit_diag, a, xv) : trsv_columns<false>(tri, unit_diag, a, xv);
  };
  if (!xs.ok()) return portable(Strided<T>(tri.n, x, incx));
  if (tri.kind != Triangle::Kind::Band) {  // full and packed storage: gemv-sized blocks
    triangular_sv_blocked(tri, transposes(op), conj, unit_diag, a, xs.data());
    xs.scatter();
    return;
  }
  portable(xs.data());
  xs.scatter();
}

#define TILEBLAS_INSTANTIATE(T) \
  template void triangular_sv<T>(const Triangle &, Op, bool, const T *, T *, index_t);
TILEBLAS_LEVEL2_FOR_ALL_TYPES(TILEBLAS_INSTANTIATE)

}  // namespace tileblas::level2
