// ger.cpp -- A += alpha * x * y^T (ger, geru), alpha * x * y^H (gerc), and
// the conj(x) form a row-major gerc becomes: one axpy per column of A (for
// real types the target's axpy kernel, threaded over columns when A is large).
#include "level1/active_vector_kernels.hpp"
#include "level1/parallel.hpp"
#include "level2/engines.hpp"
#include "level2/instantiate.hpp"

namespace tileblas::level2 {

namespace {

template <bool ConjX, bool ConjY, class T>
void ger_kernel(index_t m, index_t n, T alpha, const T *__restrict x, const T *y, T *a,
                index_t lda) {
  for (index_t j = 0; j < n; ++j) {
    if (y[j] == T(0)) continue;  // the reference skips zero y[j]
    const T t = mul(alpha, conj_if<ConjY>(y[j]));
    T *__restrict col = a + j * lda;
    for (index_t i = 0; i < m; ++i) col[i] += mul(conj_if<ConjX>(x[i]), t);
  }
}

template <class T>
void ger_real(index_t m, index_t n, T alpha, const T *x, const T *y, T *a, index_t lda) {
  const VectorKernels<T> &k = vector_kernels<T>();
  parallel_ranges(threads_for_elements(m * n), n, 1, [&](index_t j0, index_t j1) {
    for (index_t j = j0; j < j1; ++j)
      if (y[j] != T(0)) k.axpy(m, alpha * y[j], x, a + j * lda);  // the reference skips zero y[j]
  });
}

}  // namespace

template <class T>
void ger(index_t m, index_t n, T alpha, const T *x, index_t incx, const T *y, index_t incy, T *a,
         index_t lda, bool conj_x, bool conj_y) {
  UnitStride<const T> xs(m, x, incx);
  UnitStride<const T> ys(n, y, incy);
  if constexpr (has_vector_kernels_v<T>) {
    ger_real(m, n, alpha, xs.data(), ys.data(), a, lda);
    return;
  }
  if (conj_x)
    ger_kernel<true, false>(m, n, alpha, xs.data(), ys.data(), a, lda);
  else if (conj_y)
    ger_kernel<false, true>(m, n, alpha, xs.data(), ys.data(), a, lda);
  else
    ger_kernel<false, false>(m, n, alpha, xs.data(), ys.data(), a, lda);
}

#define TILEBLAS_INSTANTIATE(T)                                                          \
  template void ger<T>(index_t, index_t, T, const T *, index_t, const T *, index_t, T *, \
                       index_t, bool, bool);
TILEBLAS_LEVEL2_FOR_ALL_TYPES(TILEBLAS_INSTANTIATE)

}  // namespace tileblas::level2
