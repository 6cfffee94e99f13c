// rank2.cpp -- A += alpha * x * y^H + conj(alpha) * y * x^H on one stored
// triangle (her2, hpr2; syr2, spr2 for real T, where it is
// alpha * (x y^T + y x^T)).  Complex diagonals come out real.
#include "level2/column_ops.hpp"
#include "level2/engines.hpp"
#include "level2/instantiate.hpp"

namespace tileblas::level2 {

namespace {

// X, Y: pointers to contiguous vectors, or Strided views when their copies
// cannot be allocated.
template <bool ConjUpdate, class T, class X, class Y>
void rank2_kernel(const Triangle &tri, const T &alpha, X x, Y y, T *a) {
  for (index_t j = 0; j < tri.n; ++j) {
    T *col = a + tri.column_offset(j);
    if (x[j] == T(0) && y[j] == T(0)) {
      col[j] = real_diag(col[j]);
      continue;
    }
    const T t1 = mul(alpha, conj_if<true>(y[j]));
    const T t2 = conj_if<true>(mul(alpha, x[j]));
    const index_t lo = tri.upper ? tri.first_row(j) : j + 1;
    const index_t hi = tri.upper ? j : tri.last_row(j) + 1;
    // The reference's order, (a + x t1) + y t2; conj(x t) = conj(t) conj(x).
    column_axpy2<ConjUpdate>(hi - lo, conj_if<ConjUpdate>(t1), x + lo, conj_if<ConjUpdate>(t2),
                             y + lo, col + lo);
    col[j] = real_diag(col[j]) + real_diag(mul(x[j], t1) + mul(y[j], t2));
  }
}

}  // namespace

template <class T>
void hermitian_rank2(const Triangle &tri, bool conj_update, const T &alpha, const T *x,
                     index_t incx, const T *y, index_t incy, T *a) {
  UnitStride<const T> xs(tri.n, x, incx);
  UnitStride<const T> ys(tri.n, y, incy);
  auto run = [&](auto xv, auto yv) {
    conj_update ? rank2_kernel<true>(tri, alpha, xv, yv, a) : rank2_kernel<false>(tri, alpha, xv, yv, a);
  };
  if (xs.ok() && ys.ok())
    run(xs.data(), ys.data());
  else
    run(Strided<const T>(tri.n, x, incx), Strided<const T>(tri.n, y, incy));
}

#define TILEBLAS_INSTANTIATE(T)                                                            \
  template void hermitian_rank2<T>(const Triangle &, bool, const T &, const T *, index_t,   \
                                   const T *, index_t, T *);
TILEBLAS_LEVEL2_FOR_ALL_TYPES(TILEBLAS_INSTANTIATE)

}  // namespace tileblas::level2
