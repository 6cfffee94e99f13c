// gbmv.cpp -- y = alpha * op(A) * x + beta * y, A an m x n band matrix:
// column j holds rows j-ku..j+kl, row i at a[(ku + i - j) + j*lda].
#include <algorithm>

#include "level2/column_ops.hpp"
#include "level2/engines.hpp"
#include "level2/instantiate.hpp"

namespace tileblas::level2 {

namespace {

// X, Y: pointers to contiguous vectors, or Strided views when their copies
// cannot be allocated.
template <bool Trans, bool ConjA, class T, class X, class Y>
void gbmv_kernel(index_t m, index_t n, index_t kl, index_t ku, const T &alpha, const T *a,
                 index_t lda, X x, Y y) {
  for (index_t j = 0; j < n; ++j) {
    const index_t lo = std::max<index_t>(0, j - ku), hi = std::min(m, j + kl + 1);
    const T *col = a + j * lda + ku - j;  // col[i] is A(i, j) for lo <= i < hi
    if constexpr (Trans)
      y[j] += mul(alpha, column_dot<ConjA>(hi - lo, col + lo, x + lo));
    else
      column_axpy<ConjA>(hi - lo, mul(alpha, x[j]), col + lo, y + lo);
  }
}

}  // namespace

template <class T>
void gbmv(Op op, index_t m, index_t n, index_t kl, index_t ku, const T &alpha, const T *a,
          index_t lda, const T *x, index_t incx, const T &beta, T *y, index_t incy) {
  const bool trans = transposes(op), conj = conjugates(op);
  const index_t lenx = trans ? m : n, leny = trans ? n : m;
  scale_y(leny, beta, y, incy);
  if (alpha == T(0)) return;
  UnitStride<const T> xs(lenx, x, incx);
  UnitStride<T> ys(leny, y, incy);
  auto run = [&](auto xv, auto yv) {
    using X = decltype(xv);
    using Y = decltype(yv);
    if (trans)
      conj ? gbmv_kernel<true, true, T, X, Y>(m, n, kl, ku, alpha, a, lda, xv, yv)
           : gbmv_kernel<true, false, T, X, Y>(m, n, kl, ku, alpha, a, lda, xv, yv);
    else
      conj ? gbmv_kernel<false, true, T, X, Y>(m, n, kl, ku, alpha, a, lda, xv, yv)
           : gbmv_kernel<false, false, T, X, Y>(m, n, kl, ku, alpha, a, lda, xv, yv);
  };
  if (!xs.ok() || !ys.ok()) return run(Strided<const T>(lenx, x, incx), Strided<T>(leny, y, incy));
  run(xs.data(), ys.data());
  ys.scatter();
}

#define TILEBLAS_INSTANTIATE(T)                                                              \
  template void gbmv<T>(Op, index_t, index_t, index_t, index_t, const T &, const T *,      \
                        index_t, const T *, index_t, const T &, T *, index_t);
TILEBLAS_LEVEL2_FOR_ALL_TYPES(TILEBLAS_INSTANTIATE)

}  // namespace tileblas::level2
