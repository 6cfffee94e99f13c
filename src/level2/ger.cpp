// ger.cpp -- A += alpha * x * y^T (ger, geru), alpha * x * y^H (gerc), and
// the conj(x) form a row-major gerc becomes: one axpy per column of A on the
// target's axpy kernel (short columns inline), threaded over columns when A
// is large.
#include "level1/active_vector_kernels.hpp"
#include "level1/parallel.hpp"
#include "level2/column_ops.hpp"
#include "level2/engines.hpp"
#include "level2/instantiate.hpp"

namespace tileblas::level2 {

namespace {

// Column j += t_j * op(x), t_j = alpha * op(y[j]), by column_axpy(m, t, x, col).
template <class T, class ColumnAxpy>
void ger_columns(index_t m, index_t n, const T &alpha, const T *x, const T *y, bool conj_y, T *a,
                 index_t lda, ColumnAxpy column_axpy) {
  parallel_ranges(threads_for_bytes(double(sizeof(T)) * double(m) * double(n)), n, 1,
                  [&](index_t j0, index_t j1) {
    for (index_t j = j0; j < j1; ++j) {
      if (y[j] == T(0)) continue;  // the reference skips zero y[j]
      column_axpy(m, mul(alpha, conj_y ? conj_if<true>(y[j]) : y[j]), x, a + j * lda);
    }
  });
}

// The strided x and y used in place, when their contiguous copies cannot be
// allocated: the same axpy per column, as a plain loop.
template <class T>
void ger_strided(index_t m, index_t n, const T &alpha, Strided<const T> x, Strided<const T> y,
                 bool conj_x, bool conj_y, T *a, index_t lda) {
  for (index_t j = 0; j < n; ++j) {
    if (y[j] == T(0)) continue;
    const T t = mul(alpha, conj_y ? conj_if<true>(y[j]) : y[j]);
    conj_x ? column_axpy<true>(m, t, x, a + j * lda) : column_axpy<false>(m, t, x, a + j * lda);
  }
}

}  // namespace

template <class T>
void ger(index_t m, index_t n, const T &alpha, const T *x, index_t incx, const T *y, index_t incy,
         T *a, index_t lda, bool conj_x, bool conj_y) {
  UnitStride<const T> xs(m, x, incx);
  UnitStride<const T> ys(n, y, incy);
  if (!xs.ok() || !ys.ok())
    return ger_strided(m, n, alpha, Strided<const T>(m, x, incx), Strided<const T>(n, y, incy),
                       conj_x, conj_y, a, lda);
  if constexpr (has_vector_kernels_v<T>) {
    // column_axpy: the axpy kernel, short columns inline (a kernel call per
    // 4-element column cost more than its arithmetic).
    ger_columns(m, n, alpha, xs.data(), ys.data(), false, a, lda,
                [](index_t len, T t, const T *v, T *col) { column_axpy<false>(len, t, v, col); });
  } else {
    // Complex columns always on the kernel: inline complex products in this
    // baseline-x86-64 file are slower than a call even for 16 elements.
    const auto &k = complex_vector_kernels<T>();
    ger_columns(m, n, alpha, xs.data(), ys.data(), conj_y, a, lda,
                [&](index_t len, T t, const T *v, T *col) { k.axpy(len, t, v, col, conj_x); });
  }
}

#define TILEBLAS_INSTANTIATE(T)                                                          \
  template void ger<T>(index_t, index_t, const T &, const T *, index_t, const T *, index_t, \
                       T *, index_t, bool, bool);
TILEBLAS_LEVEL2_FOR_ALL_TYPES(TILEBLAS_INSTANTIATE)

}  // namespace tileblas::level2
