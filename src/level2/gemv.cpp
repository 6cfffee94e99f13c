// gemv.cpp -- y = alpha * op(A) * x + beta * y.  NoTrans runs down columns
// (an axpy per column, several columns per pass over y to cut its traffic);
// Trans is a dot product per column.  Both read A with unit stride and run
// the target's vector kernels (real and complex), threaded over rows
// (NoTrans) or columns (Trans) when the matrix is large.
#include <algorithm>
#include <cstdint>

#include "level1/active_vector_kernels.hpp"
#include "level1/parallel.hpp"
#include "level2/column_ops.hpp"
#include "level2/engines.hpp"
#include "level2/instantiate.hpp"
#include "pack_buffer_pool.hpp"

namespace tileblas::level2 {

namespace {

// Rows per thread range: a multiple of every vector width, and whole cache
// lines of a line-aligned y.
constexpr index_t kRowGrain = 64;
// Columns per thread range: a multiple of every target's gemv_t column group.
constexpr index_t kColumnGrain = 8;

// gemv_t(rows, cols, a, y) and gemv_n(rows, cols, a, y) run the kernels on
// a block of A with the call's alpha, lda and x bound.
template <class T, class GemvT, class GemvN>
void gemv_threaded(bool trans, index_t m, index_t n, const T *a, index_t lda, T *y,
                   GemvT gemv_t, GemvN gemv_n) {
  const int threads = threads_for_bytes(double(sizeof(T)) * double(m) * double(n));
  if (trans)
    parallel_ranges(threads, n, kColumnGrain, [&](index_t j0, index_t j1) {
      gemv_t(m, j1 - j0, a + j0 * lda, y + j0);
    });
  else
    parallel_ranges(threads, m, kRowGrain, [&](index_t i0, index_t i1) {
      gemv_n(i1 - i0, n, a + i0, y + i0);
    });
}

// Complex NoTrans with A's columns 4 KiB apart (a power-of-two lda) and y
// just past A's start modulo 4 KiB: every load of A matches the low 12
// address bits of a y vector stored an iteration or two before, which the
// core takes for a dependency and waits on (4K aliasing).  zgemv N 256^2 on
// Zen 4 ran at 0.75x its speed with y 48 to 224 bytes past A mod 4 KiB
// (the real 256-bit kernels were not hurt).  Such a y is worked on in a
// copy placed half a page away; the result is the same bits.
constexpr std::uintptr_t kPage = 4096;
template <class T>
bool y_aliases_columns(index_t m, const T *a, index_t lda, const T *y) {
  const std::uintptr_t ahead =
      (reinterpret_cast<std::uintptr_t>(y) - reinterpret_cast<std::uintptr_t>(a)) % kPage;
  return m >= 64 && (std::uintptr_t(lda) * sizeof(T)) % kPage == 0 && ahead < 512;
}

template <class T>
void gemv_kernels(Op op, index_t m, index_t n, const T &alpha, const T *a, index_t lda,
                  const T *x, T *y);

template <class T>
void gemv_n_clear_of_a(Op op, index_t m, index_t n, const T &alpha, const T *a, index_t lda,
                       const T *x, T *y) {
  PackBuffer buffer(sizeof(T) * std::size_t(m) + kPage);
  if (!buffer.ok()) return gemv_kernels(op, m, n, alpha, a, lda, x, y);  // (slower, same result)
  // The copy starts half a page from A modulo a page (unsigned wrap-around
  // keeps the remainder right).
  char *base = buffer.as<char>();
  const std::uintptr_t at = reinterpret_cast<std::uintptr_t>(a) % kPage + kPage / 2;
  T *copy = reinterpret_cast<T *>(base + (at - reinterpret_cast<std::uintptr_t>(base)) % kPage);
  std::copy(y, y + m, copy);
  gemv_kernels(op, m, n, alpha, a, lda, x, copy);
  std::copy(copy, copy + m, y);
}

template <class T>
void gemv_kernels(Op op, index_t m, index_t n, const T &alpha, const T *a, index_t lda,
                  const T *x, T *y) {
  if constexpr (has_vector_kernels_v<T>) {
    const VectorKernels<T> &k = vector_kernels<T>();
    gemv_threaded(
        transposes(op), m, n, a, lda, y,
        [&](index_t r, index_t c, const T *ab, T *yb) { k.gemv_t(r, c, alpha, ab, lda, x, yb); },
        [&](index_t r, index_t c, const T *ab, T *yb) { k.gemv_n(r, c, alpha, ab, lda, x, yb); });
  } else {
    if (!transposes(op) && y_aliases_columns(m, a, lda, y))
      return gemv_n_clear_of_a(op, m, n, alpha, a, lda, x, y);
    const auto &k = complex_vector_kernels<T>();
    const bool conj = conjugates(op);
    gemv_threaded(
        transposes(op), m, n, a, lda, y,
        [&](index_t r, index_t c, const T *ab, T *yb) {
          k.gemv_t(r, c, alpha, ab, lda, x, yb, conj);
        },
        [&](index_t r, index_t c, const T *ab, T *yb) {
          k.gemv_n(r, c, alpha, ab, lda, x, yb, conj);
        });
  }
}

// The strided x and y used in place, when their contiguous copies cannot be
// allocated: an axpy per column (NoTrans) or a dot per column (Trans).
template <bool ConjA, class T>
void gemv_strided(bool trans, index_t m, index_t n, const T &alpha, const T *a, index_t lda,
                  Strided<const T> x, Strided<T> y) {
  for (index_t j = 0; j < n; ++j) {
    if (trans)
      y[j] += mul(alpha, column_dot<ConjA>(m, a + j * lda, x));
    else
      column_axpy<ConjA>(m, mul(alpha, x[j]), a + j * lda, y);
  }
}

}  // namespace

template <class T>
void gemv(Op op, index_t m, index_t n, const T &alpha, const T *a, index_t lda, const T *x,
          index_t incx, const T &beta, T *y, index_t incy) {
  const bool trans = transposes(op);
  const index_t lenx = trans ? m : n, leny = trans ? n : m;
  scale_y(leny, beta, y, incy);
  if (alpha == T(0)) return;  // A and x are not read
  UnitStride<const T> xs(lenx, x, incx);
  UnitStride<T> ys(leny, y, incy);
  if (!xs.ok() || !ys.ok()) {
    const Strided<const T> xv(lenx, x, incx);
    const Strided<T> yv(leny, y, incy);
    conjugates(op) ? gemv_strided<true>(trans, m, n, alpha, a, lda, xv, yv)
                   : gemv_strided<false>(trans, m, n, alpha, a, lda, xv, yv);
    return;
  }
  gemv_kernels(op, m, n, alpha, a, lda, xs.data(), ys.data());
  ys.scatter();
}

#define TILEBLAS_INSTANTIATE(T)                                                               \
  template void gemv<T>(Op, index_t, index_t, const T &, const T *, index_t, const T *,      \
                        index_t, const T &, T *, index_t);
TILEBLAS_LEVEL2_FOR_ALL_TYPES(TILEBLAS_INSTANTIATE)

}  // namespace tileblas::level2
