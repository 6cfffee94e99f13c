// vector_ops.cpp -- swap, copy, scal, axpy: unit-stride swap, real scal and
// real and complex axpy run the target's vector kernels; otherwise a
// unit-stride loop the compiler vectorises, and a strided loop for
// everything else.
#include "level1/vector_ops.hpp"

#include "level1/active_vector_kernels.hpp"
#include "level1/parallel.hpp"

namespace tileblas::level1 {

template <class T>
void swap(index_t n, T *x, index_t incx, T *y, index_t incy) {
  if (n <= 0) return;
  if (incx == 1 && incy == 1) {  // complex: 2n reals
    using R = real_t<T>;
    constexpr index_t parts = is_complex_v<T> ? 2 : 1;
    vector_kernels<R>().swap(parts * n, reinterpret_cast<R *>(x), reinterpret_cast<R *>(y));
    return;
  }
  index_t ix = first_index(n, incx), iy = first_index(n, incy);
  for (index_t i = 0; i < n; ++i, ix += incx, iy += incy) {
    const T t = x[ix];
    x[ix] = y[iy];
    y[iy] = t;
  }
}

template <class T>
void copy(index_t n, const T *x, index_t incx, T *y, index_t incy) {
  if (n <= 0) return;
  if (incx == 1 && incy == 1) {
    const T *__restrict xs = x;
    T *__restrict ys = y;
    for (index_t i = 0; i < n; ++i) ys[i] = xs[i];
    return;
  }
  index_t ix = first_index(n, incx), iy = first_index(n, incy);
  for (index_t i = 0; i < n; ++i, ix += incx, iy += incy) y[iy] = x[ix];
}

template <class T, class S>
void scal(index_t n, S alpha, T *x, index_t incx) {
  if (n <= 0 || incx <= 0) return;
  // A real alpha on complex data scales both parts (csscal/zdscal); a
  // complex alpha is a complex product.
  auto scaled = [alpha](T v) {
    if constexpr (std::is_same_v<S, T>)
      return mul(alpha, v);
    else
      return T(alpha * v.real(), alpha * v.imag());
  };
  if (incx == 1) {
    if constexpr (std::is_same_v<S, T> && has_vector_kernels_v<T>) {
      vector_kernels<T>().scal(n, alpha, x);
      return;
    }
    T *__restrict xs = x;
    for (index_t i = 0; i < n; ++i) xs[i] = scaled(xs[i]);
    return;
  }
  for (index_t i = 0; i < n; ++i) x[i * incx] = scaled(x[i * incx]);
}

template <class T>
void axpy(index_t n, T alpha, const T *x, index_t incx, T *y, index_t incy) {
  if (n <= 0 || abs1(alpha) == real_t<T>(0)) return;
  if (incx == 1 && incy == 1) {
    if constexpr (has_vector_kernels_v<T>) {
      // Elementwise, so any split gives the same result; an element moves 3
      // values (x, y in and out).  Ranges of 64 elements: whole cache lines.
      const VectorKernels<T> &k = vector_kernels<T>();
      parallel_ranges(threads_for_bytes(3.0 * sizeof(T) * n), n, 64, [&](index_t i0, index_t i1) {
        k.axpy(i1 - i0, alpha, x + i0, y + i0);
      });
      return;
    }
    if constexpr (has_complex_vector_kernels_v<T>) {
      const auto &k = complex_vector_kernels<T>();
      parallel_ranges(threads_for_bytes(3.0 * sizeof(T) * n), n, 32, [&](index_t i0, index_t i1) {
        k.axpy(i1 - i0, alpha, x + i0, y + i0, false);
      });
      return;
    }
    const T *__restrict xs = x;
    T *__restrict ys = y;
    for (index_t i = 0; i < n; ++i) ys[i] += mul(alpha, xs[i]);
    return;
  }
  // Strided: x and y do not overlap (as for the unit-stride kernels), so
  // loads may run ahead of the stores.  The same small stride for both (a
  // complex array's real parts, say): the vector kernel under lane masks.
  // Negative: element k of x still pairs with element k of y at the same
  // offset from each array's start, and elementwise the order is free.
  if constexpr (has_vector_kernels_v<T>) {
    const index_t step = incx < 0 ? -incx : incx;
    if (incx == incy && (step == 2 || step == 4)) {
      const VectorKernels<T> &k = vector_kernels<T>();
      parallel_ranges(threads_for_bytes(3.0 * sizeof(T) * n * step), n, 64,
                      [&](index_t i0, index_t i1) {
        k.axpy_strided(i1 - i0, alpha, x + i0 * step, y + i0 * step, static_cast<int>(step));
      });
      return;
    }
  }
  const T *__restrict xs = x + first_index(n, incx);
  T *__restrict ys = y + first_index(n, incy);
  for (index_t i = 0; i < n; ++i) ys[i * incy] += mul(alpha, xs[i * incx]);
}

#define TILEBLAS_INSTANTIATE(T)                                         \
  template void swap<T>(index_t, T *, index_t, T *, index_t);           \
  template void copy<T>(index_t, const T *, index_t, T *, index_t);     \
  template void scal<T, T>(index_t, T, T *, index_t);                   \
  template void axpy<T>(index_t, T, const T *, index_t, T *, index_t);
TILEBLAS_INSTANTIATE(float)
TILEBLAS_INSTANTIATE(double)
TILEBLAS_INSTANTIATE(std::complex<float>)
TILEBLAS_INSTANTIATE(std::complex<double>)
#undef TILEBLAS_INSTANTIATE
template void scal<std::complex<float>, float>(index_t, float, std::complex<float> *, index_t);
template void scal<std::complex<double>, double>(index_t, double, std::complex<double> *, index_t);

}  // namespace tileblas::level1
