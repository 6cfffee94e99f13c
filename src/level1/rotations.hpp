// rotations.hpp -- plane rotations: rotg (real and complex), rotmg, rot
// (incl. csrot/zdrot), rotm.  Construction follows the reference BLAS
// (LAPACK 3.10+ rotg with safe scaling; rotmg with its 4096 rescaling).
#pragma once

#include "level1/scalar.hpp"

namespace tileblas::level1 {

// Real Givens rotation: on return a = r, b = z (the reconstruction value).
template <class R>
void rotg(R &a, R &b, R &c, R &s);

// Complex Givens rotation: on return a = r; c real, s complex.
template <class R>
void rotg(std::complex<R> &a, const std::complex<R> &b, R &c, std::complex<R> &s);

// Modified Givens rotation; param[0] is the flag, param[1..4] = h11 h21 h12 h22.
template <class R>
void rotmg(R &d1, R &d2, R &x1, R y1, R *param);

// [x; y] = [c s; -s c] [x; y] elementwise, c and s real (T real or complex).
template <class T, class R>
void rot(index_t n, T *x, index_t incx, T *y, index_t incy, R c, R s);

// Applies the modified Givens matrix described by param (flag -2: identity).
template <class R>
void rotm(index_t n, R *x, index_t incx, R *y, index_t incy, const R *param);

}  // namespace tileblas::level1
