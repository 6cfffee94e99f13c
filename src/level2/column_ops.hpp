// column_ops.hpp -- the two inner loops of the column-oriented Level 2
// engines (band and packed storage, symmetric/Hermitian rank updates):
//   column_axpy: y[0:n] += t * op(col[0:n])
//   column_dot:  sum of op(col[i]) * x[i], i < n
// where op conjugates when ConjA.  They run on the target's vector kernels
// (AVX-512 / AVX2 / portable, target.hpp): the engines themselves are
// compiled for baseline x86-64, where these loops would get at most SSE2.
#pragma once

#include <type_traits>

#include "level1/active_vector_kernels.hpp"
#include "level2/types.hpp"

namespace tileblas::level2 {

// Below this many elements a column's axpy or dot runs inline: a kernel
// call costs more than the arithmetic (band matrices' short columns).
inline constexpr index_t kShortColumn = 24;

template <bool ConjA, class T>
inline void column_axpy(index_t n, T t, const T *col, T *y) {
  if (n <= 0) return;
  if (n < kShortColumn) {
    for (index_t i = 0; i < n; ++i) y[i] += mul(t, conj_if<ConjA>(col[i]));
    return;
  }
  if constexpr (has_vector_kernels_v<T>)
    vector_kernels<T>().axpy(n, t, col, y);
  else
    complex_vector_kernels<T>().axpy(n, t, col, y, ConjA);
}

// y[0:n] += t1 * op(x1) + t2 * op(x2), element by element the two
// column_axpys in order, in one pass over y (X1, X2: pointers, or Strided
// views, which take the two passes).  syr2/her2 256^2 on Zen 4: 20-30 %
// faster than two passes.
template <bool ConjA, class T, class X1, class X2>
inline void column_axpy2(index_t n, T t1, X1 x1, T t2, X2 x2, T *y) {
  if constexpr (std::is_pointer_v<X1> && std::is_pointer_v<X2>) {
    if (n >= kShortColumn) {
      if constexpr (has_vector_kernels_v<T>)
        return vector_kernels<T>().axpy2(n, t1, x1, t2, x2, y);
      else
        return complex_vector_kernels<T>().axpy2(n, t1, x1, t2, x2, y, ConjA);
    }
  }
  column_axpy<ConjA>(n, t1, x1, y);
  column_axpy<ConjA>(n, t2, x2, y);
}

template <bool ConjA, class T>
inline T column_dot(index_t n, const T *col, const T *x) {
  if (n <= 0) return T(0);
  if (n < kShortColumn) {  // two sums: half the add latency chain
    T even = T(0), odd = T(0);
    index_t i = 0;
    for (; i + 2 <= n; i += 2) {
      even += mul(conj_if<ConjA>(col[i]), x[i]);
      odd += mul(conj_if<ConjA>(col[i + 1]), x[i + 1]);
    }
    if (i < n) even += mul(conj_if<ConjA>(col[i]), x[i]);
    return even + odd;
  }
  if constexpr (has_vector_kernels_v<T>)
    return vector_kernels<T>().dot(n, col, x);
  else
    return ConjA ? complex_vector_kernels<T>().dotc(n, col, x)
                 : complex_vector_kernels<T>().dotu(n, col, x);
}

// The same on a Strided vector (a strided x or y whose contiguous copy could
// not be allocated): plain loops, term by term the kernels' products.
template <bool ConjA, class T>
inline void column_axpy(index_t n, T t, const T *col, Strided<T> y) {
  for (index_t i = 0; i < n; ++i) y[i] += mul(t, conj_if<ConjA>(col[i]));
}
template <bool ConjA, class T>
inline void column_axpy(index_t n, T t, Strided<const T> col, T *y) {
  for (index_t i = 0; i < n; ++i) y[i] += mul(t, conj_if<ConjA>(col[i]));
}
template <bool ConjA, class T, class X>  // X: T or const T
inline T column_dot(index_t n, const T *col, Strided<X> x) {
  T sum = T(0);
  for (index_t i = 0; i < n; ++i) sum += mul(conj_if<ConjA>(col[i]), x[i]);
  return sum;
}

}  // namespace tileblas::level2
