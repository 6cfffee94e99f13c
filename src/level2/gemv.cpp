// gemv.cpp -- y = alpha * op(A) * x + beta * y.  NoTrans runs down columns
// (an axpy per column, several columns per pass over y to cut its traffic);
// Trans is a dot product per column.  Both read A with unit stride.  Real
// types run the target's vector kernels, threaded over rows (NoTrans) or
// columns (Trans) when the matrix is large; complex types run portable loops.
#include "level1/active_vector_kernels.hpp"
#include "level1/dot.hpp"
#include "level1/parallel.hpp"
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

// Rows per thread range: a multiple of every vector width, and whole cache
// lines of a line-aligned y.
constexpr index_t kRowGrain = 64;
// Columns per thread range: a multiple of every target's gemv_t column group.
constexpr index_t kColumnGrain = 8;

template <class T>
void gemv_real(bool trans, index_t m, index_t n, T alpha, const T *a, index_t lda, const T *x,
               T *y) {
  const VectorKernels<T> &k = vector_kernels<T>();
  const int threads = threads_for_elements(m * n);
  if (trans)
    parallel_ranges(threads, n, kColumnGrain, [&](index_t j0, index_t j1) {
      k.gemv_t(m, j1 - j0, alpha, a + j0 * lda, lda, x, y + j0);
    });
  else
    parallel_ranges(threads, m, kRowGrain, [&](index_t i0, index_t i1) {
      k.gemv_n(i1 - i0, n, alpha, a + i0, lda, x, y + i0);
    });
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
  if constexpr (has_vector_kernels_v<T>) {
    gemv_real(trans, m, n, alpha, a, lda, xs.data(), ys.data());
    ys.scatter();
    return;
  }
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
