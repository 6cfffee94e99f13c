// view.hpp -- a strided, optionally conjugated view of a matrix, and GEMM on
// views.  Transposing a view only exchanges its strides, so the Level 3
// routines reduce their side/uplo/trans cases to one or two (a right-side
// product is the left-side product of the transposed views).
#pragma once

#include <complex>
#include <type_traits>

#include "level3.hpp"

namespace tileblas::level3 {

template <class T>
struct is_complex : std::false_type {};
template <class R>
struct is_complex<std::complex<R>> : std::true_type {};

template <class T>
inline T conj_of(T v) {
  if constexpr (is_complex<T>::value) return std::conj(v);
  else return v;
}
template <class T>
inline T real_part(T v) {
  if constexpr (is_complex<T>::value) return T(v.real());
  else return v;
}

// Element (i, j) is p[i*rs + j*cs], conjugated when `conj` (complex only).
// One of rs, cs is 1 for every view the BLAS arguments produce.
template <class T>
struct View {
  const T *p;
  index_t rs, cs;
  bool conj;

  static View col_major(const T *p, index_t ld) { return {p, 1, ld, false}; }
  View transposed() const { return {p, cs, rs, conj}; }
  // op(X) of a column-major X seen through this view.
  View op(Op o) const {
    if (o == Op::N) return *this;
    return {p, cs, rs, o == Op::C ? !conj : conj};
  }
  View at(index_t i, index_t j) const { return {p + i * rs + j * cs, rs, cs, conj}; }
  T get(index_t i, index_t j) const {
    const T v = p[i * rs + j * cs];
    return conj ? conj_of(v) : v;
  }
};

// A writable view (never conjugated).
template <class T>
struct MutView {
  T *p;
  index_t rs, cs;

  MutView at(index_t i, index_t j) const { return {p + i * rs + j * cs, rs, cs}; }
  View<T> view() const { return {p, rs, cs, false}; }
  T &operator()(index_t i, index_t j) const { return p[i * rs + j * cs]; }
};

// C (m x n) = alpha A (m x k) B (k x n) + beta C through the GEMM engines.
// C must have a unit stride (rs or cs); a row-major C is handled as the
// transposed product.  Same alpha/beta semantics as tileblas::gemm.
template <class T>
void gemm_view(index_t m, index_t n, index_t k, const T &alpha, View<T> a, View<T> b,
               const T &beta, MutView<T> c);

// Block size for splitting `n` near its middle, kept a multiple of 16 so the
// GEMM calls stay aligned to register tiles.
inline index_t split_point(index_t n) {
  index_t h = (n / 2 + 15) / 16 * 16;
  if (h >= n) h = n / 2;
  return h < 1 ? 1 : h;
}

}  // namespace tileblas::level3
