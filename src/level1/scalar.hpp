// scalar.hpp -- element-type helpers shared by the Level 1 and Level 2
// engines: real/complex traits, Fortran-rule complex products, CABS1, and
// where a strided vector starts.
#pragma once

#include <cmath>
#include <complex>
#include <type_traits>

#include "target.hpp"  // index_t

namespace tileblas {

template <class T>
struct is_complex : std::false_type {};
template <class R>
struct is_complex<std::complex<R>> : std::true_type {};
template <class T>
inline constexpr bool is_complex_v = is_complex<T>::value;

template <class T>
struct real_of {
  using type = T;
};
template <class R>
struct real_of<std::complex<R>> {
  using type = R;
};
template <class T>
using real_t = typename real_of<T>::type;

// conj(v) when C (and T is complex), else v: lets one loop serve the plain,
// conjugated and real variants with the choice made at compile time.
template <bool C, class T>
inline T conj_if(T v) {
  if constexpr (C && is_complex_v<T>)
    return std::conj(v);
  else
    return v;
}

// a * b by the textbook formula.  std::complex's operator* calls __mulsc3
// (C99 Annex G Inf/NaN recovery), which blocks vectorisation; gfortran uses
// the textbook formula too, so results match the reference BLAS.
template <class T>
inline T mul(T a, T b) {
  if constexpr (is_complex_v<T>)
    return T(a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real());
  else
    return a * b;
}

// a / b; complex by Smith's method (the range reduction of gfortran's
// Fortran rules, which the reference BLAS is compiled with) instead of
// std::complex's operator/, a libgcc call (__divsc3) with C99 Inf/NaN
// recovery: a fifth of ctrsv's time.
template <class T>
inline T divide(T a, T b) {
  if constexpr (is_complex_v<T>) {
    using R = real_t<T>;
    if (std::abs(b.real()) >= std::abs(b.imag())) {
      const R r = b.imag() / b.real(), d = b.real() + b.imag() * r;
      return T((a.real() + a.imag() * r) / d, (a.imag() - a.real() * r) / d);
    }
    const R r = b.real() / b.imag(), d = b.real() * r + b.imag();
    return T((a.real() * r + a.imag()) / d, (a.imag() * r - a.real()) / d);
  } else {
    return a / b;
  }
}

// |re| + |im| (the reference's CABS1); |v| for real v.
template <class T>
inline real_t<T> abs1(T v) {
  if constexpr (is_complex_v<T>)
    return std::abs(v.real()) + std::abs(v.imag());
  else
    return std::abs(v);
}

// Real part for complex v, v itself for real: the diagonal of a Hermitian
// matrix is real by definition (the reference ignores and clears imag parts).
template <class T>
inline T real_diag(T v) {
  if constexpr (is_complex_v<T>)
    return T(v.real(), 0);
  else
    return v;
}

// Offset of element 0 of a vector of n elements with increment inc: the
// reference BLAS walks a negative increment from the far end.
inline index_t first_index(index_t n, index_t inc) { return inc < 0 ? (1 - n) * inc : 0; }

}  // namespace tileblas
