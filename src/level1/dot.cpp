// dot.cpp -- inner products.  Unit-stride dots (real, complex, and dsdot's
// float data summed in double) run the target's vector kernels, on threads
// for long vectors; strided ones a loop.
#include "level1/dot.hpp"

#include <algorithm>

#include "level1/active_vector_kernels.hpp"
#include "level1/parallel.hpp"

namespace tileblas::level1 {

namespace {

// A long real dot as fixed chunks of kDotChunk elements, each summed by the
// kernel and the chunk sums added in order: the same result for any thread
// count (threads take whole chunks).  8K elements: a chunk is long enough
// that the kernel runs at full speed, and short enough that a dot in L2
// splits between threads (threads_for_bytes): a 32K ddot on 2 threads of Zen
// 4 ran 1.55x one (OpenBLAS 1.6x), on 32K chunks 1.0x.
constexpr index_t kDotChunk = 8192;

// kernel_dot(len, x, y) is the target's kernel for this type, summing in Acc.
template <class Acc, class T, class KernelDot>
Acc dot_vector(index_t n, const T *x, const T *y, KernelDot kernel_dot) {
  if (n <= kDotChunk) return kernel_dot(n, x, y);
  Acc sum = 0;
  reduce_chunks<Acc>(
      n, kDotChunk, 2 * sizeof(T),
      [&](index_t i, index_t len) { return kernel_dot(len, x + i, y + i); },
      [&](index_t, Acc part) { sum += part; });
  return sum;
}

template <class Acc, bool ConjX, class T>
Acc dot_any(index_t n, const T *x, index_t incx, const T *y, index_t incy) {
  if (n <= 0) return Acc(0);
  if (incx == 1 && incy == 1) {
    if constexpr (!std::is_same_v<Acc, T>)  // dsdot: float data, double sums
      return dot_vector<Acc>(n, x, y, vector_kernels<T>().dot_in_double);
    else if constexpr (has_vector_kernels_v<T>)
      return dot_vector<Acc>(n, x, y, vector_kernels<T>().dot);
    else
      return dot_vector<Acc>(n, x, y, ConjX ? complex_vector_kernels<T>().dotc
                                            : complex_vector_kernels<T>().dotu);
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
