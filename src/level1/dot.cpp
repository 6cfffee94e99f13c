// dot.cpp -- inner products.  Unit-stride dots (real and complex) run the
// target's vector kernels, on threads for long vectors; the portable
// unit-stride loop (dsdot's double sums) keeps several partial sums: without
// -ffast-math the compiler may not reassociate one running sum, so
// independent accumulators are what lets it use vector registers.
#include "level1/dot.hpp"

#include <algorithm>

#include "level1/active_vector_kernels.hpp"
#include "level1/parallel.hpp"

namespace tileblas::level1 {

namespace {

constexpr int kLanes = 8;  // partial sums: one AVX-512 float register's worth of doubles

template <class Acc, bool ConjX, class T>
Acc dot_unit(index_t n, const T *__restrict x, const T *__restrict y) {
  Acc part[kLanes] = {};
  index_t i = 0;
  for (; i + kLanes <= n; i += kLanes)
    for (int l = 0; l < kLanes; ++l)
      part[l] += mul(Acc(conj_if<ConjX>(x[i + l])), Acc(y[i + l]));
  Acc sum = 0;
  for (; i < n; ++i) sum += mul(Acc(conj_if<ConjX>(x[i])), Acc(y[i]));
  for (int l = 0; l < kLanes; ++l) sum += part[l];
  return sum;
}

// A long real dot as fixed chunks of kDotChunk elements, each summed by the
// kernel and the chunk sums added in order: the same result for any thread
// count (threads take whole chunks).  32K elements: a chunk is long enough
// that the kernel runs at full speed and a team has at least 100K elements.
constexpr index_t kDotChunk = 32768;

// kernel_dot(len, x, y) is the target's kernel for this type.
template <class T, class KernelDot>
T dot_vector(index_t n, const T *x, const T *y, KernelDot kernel_dot) {
  if (n <= kDotChunk) return kernel_dot(n, x, y);
  T sum = 0;
  reduce_chunks<T>(
      n, kDotChunk, 2, [&](index_t i, index_t len) { return kernel_dot(len, x + i, y + i); },
      [&](index_t, T part) { sum += part; });
  return sum;
}

template <class Acc, bool ConjX, class T>
Acc dot_any(index_t n, const T *x, index_t incx, const T *y, index_t incy) {
  if (n <= 0) return Acc(0);
  if (incx == 1 && incy == 1) {
    if constexpr (std::is_same_v<Acc, T> && has_vector_kernels_v<T>)
      return dot_vector(n, x, y, vector_kernels<T>().dot);
    else if constexpr (std::is_same_v<Acc, T> && has_complex_vector_kernels_v<T>)
      return dot_vector(n, x, y, ConjX ? complex_vector_kernels<T>().dotc
                                       : complex_vector_kernels<T>().dotu);
    else
      return dot_unit<Acc, ConjX>(n, x, y);
  }
  Acc sum = 0;
  index_t ix = first_index(n, incx), iy = first_index(n, incy);
  for (index_t i = 0; i < n; ++i, ix += incx, iy += incy)
    sum += mul(Acc(conj_if<ConjX>(x[ix])), Acc(y[iy]));
  return sum;
}

}  // namespace

template <class T, bool ConjX>
T dot(index_t n, const T *x, index_t incx, const T *y, index_t incy) {
  return dot_any<T, ConjX>(n, x, incx, y, incy);
}

double dot_in_double(index_t n, const float *x, index_t incx, const float *y, index_t incy) {
  return dot_any<double, false>(n, x, incx, y, incy);
}

// ConjX is a no-op for real T, but gemv's dot path instantiates it generically.
#define TILEBLAS_INSTANTIATE(T)                                                 \
  template T dot<T, false>(index_t, const T *, index_t, const T *, index_t);   \
  template T dot<T, true>(index_t, const T *, index_t, const T *, index_t);
TILEBLAS_INSTANTIATE(float)
TILEBLAS_INSTANTIATE(double)
TILEBLAS_INSTANTIATE(std::complex<float>)
TILEBLAS_INSTANTIATE(std::complex<double>)
#undef TILEBLAS_INSTANTIATE

}  // namespace tileblas::level1
