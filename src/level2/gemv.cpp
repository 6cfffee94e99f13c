// gemv.cpp -- y = alpha * op(A) * x + beta * y.  NoTrans runs down columns
// (an axpy per column, four columns per pass over y to cut its traffic);
// Trans is a dot product per column.  Both read A with unit stride.
#include "level1/dot.hpp"
#include "level2/engines.hpp"
#include "level2/instantiate.hpp"

namespace tileblas::level2 {

namespace {

template <bool ConjA, class T>
void gemv_columns(index_t m, index_t n, T alpha, const T *a, index_t lda, const T *x,
                  T *__restrict y) {
  index_t j = 0;
  for (; j + 4 <= n; j += 4) {
    const T t0 = mul(alpha, x[j]), t1 = mul(alpha, x[j + 1]);
    const T t2 = mul(alpha, x[j + 2]), t3 = mul(alpha, x[j + 3]);
    const T *__restrict a0 = a + j * lda;
    const T *__restrict a1 = a0 + lda;
    const T *__restrict a2 = a1 + lda;
    const T *__restrict a3 = a2 + lda;
    for (index_t i = 0; i < m; ++i)
      y[i] += mul(t0, conj_if<ConjA>(a0[i])) + mul(t1, conj_if<ConjA>(a1[i])) +
              mul(t2, conj_if<ConjA>(a2[i])) + mul(t3, conj_if<ConjA>(a3[i]));
  }
  for (; j < n; ++j) {
    const T t = mul(alpha, x[j]);
    const T *__restrict col = a + j * lda;
    for (index_t i = 0; i < m; ++i) y[i] += mul(t, conj_if<ConjA>(col[i]));
  }
}

template <bool ConjA, class T>
void gemv_dots(index_t m, index_t n, T alpha, const T *a, index_t lda, const T *x, T *y) {
  for (index_t j = 0; j < n; ++j)
    y[j] += mul(alpha, level1::dot<T, ConjA>(m, a + j * lda, 1, x, 1));
}

}  // namespace

template <class T>
void gemv(Op op, index_t m, index_t n, T alpha, const T *a, index_t lda, const T *x,
          index_t incx, T beta, T *y, index_t incy) {
  const bool trans = transposes(op);
  const index_t lenx = trans ? m : n, leny = trans ? n : m;
  scale_y(leny, beta, y, incy);
  if (alpha == T(0)) return;  // A and x are not read
  UnitStride<const T> xs(lenx, x, incx);
  UnitStride<T> ys(leny, y, incy);
  const bool conj = conjugates(op);
  if (trans)
    conj ? gemv_dots<true>(m, n, alpha, a, lda, xs.data(), ys.data())
         : gemv_dots<false>(m, n, alpha, a, lda, xs.data(), ys.data());
  else
    conj ? gemv_columns<true>(m, n, alpha, a, lda, xs.data(), ys.data())
         : gemv_columns<false>(m, n, alpha, a, lda, xs.data(), ys.data());
  ys.scatter();
}

#define TILEBLAS_INSTANTIATE(T)                                                               \
  template void gemv<T>(Op, index_t, index_t, T, const T *, index_t, const T *, index_t, T, \
                        T *, index_t);
TILEBLAS_LEVEL2_FOR_ALL_TYPES(TILEBLAS_INSTANTIATE)

}  // namespace tileblas::level2
