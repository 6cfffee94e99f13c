// rank1.cpp -- A += alpha * x * x^H on one stored triangle (her, hpr; syr,
// spr for real T).  A complex diagonal is forced real, as the reference does
// (also where x[j] == 0 and the column is otherwise left alone).
#include "level2/column_ops.hpp"
#include "level2/engines.hpp"
#include "level2/instantiate.hpp"

namespace tileblas::level2 {

namespace {

// X: a pointer to contiguous x, or a Strided view when its copy cannot be
// allocated.
template <bool ConjUpdate, class T, class X>
void rank1_kernel(const Triangle &tri, real_t<T> alpha, X x, T *a) {
  for (index_t j = 0; j < tri.n; ++j) {
    T *col = a + tri.column_offset(j);
    if (x[j] == T(0)) {
      col[j] = real_diag(col[j]);
      continue;
    }
    const T t = conj_if<true>(x[j]) * alpha;
    const index_t lo = tri.upper ? tri.first_row(j) : j + 1;
    const index_t hi = tri.upper ? j : tri.last_row(j) + 1;
    // conj(x t) = conj(t) conj(x), term by term the same rounding.
    column_axpy<ConjUpdate>(hi - lo, conj_if<ConjUpdate>(t), x + lo, col + lo);
    col[j] = real_diag(col[j]) + real_diag(mul(x[j], t));
  }
}

}  // namespace

template <class T>
void hermitian_rank1(const Triangle &tri, bool conj_update, real_t<T> alpha, const T *x,
                     index_t incx, T *a) {
  UnitStride<const T> xs(tri.n, x, incx);
  auto run = [&](auto xv) {
    conj_update ? rank1_kernel<true, T>(tri, alpha, xv, a) : rank1_kernel<false, T>(tri, alpha, xv, a);
  };
  if (xs.ok())
    run(xs.data());
  else
    run(Strided<const T>(tri.n, x, incx));
}

#define TILEBLAS_INSTANTIATE(T)                                                                \
  template void hermitian_rank1<T>(const Triangle &, bool, real_t<T>, const T *, index_t, T *);
TILEBLAS_LEVEL2_FOR_ALL_TYPES(TILEBLAS_INSTANTIATE)

}  // namespace tileblas::level2
