// vector_ops.hpp -- the elementwise Level 1 engines: swap, copy, scal, axpy.
// Increments follow the reference BLAS: a negative increment walks the
// vector from its far end; n <= 0 does nothing.
#pragma once

#include "level1/scalar.hpp"

namespace tileblas::level1 {

template <class T>
void swap(index_t n, T *x, index_t incx, T *y, index_t incy);

template <class T>
void copy(index_t n, const T *x, index_t incx, T *y, index_t incy);

// x = alpha * x, for incx > 0 only (the reference ignores incx <= 0).
// Multiplies even when alpha == 0, so NaN * 0 stays NaN as in the reference.
// S is T, or the real type for csscal/zdscal.
template <class T, class S>
void scal(index_t n, S alpha, T *x, index_t incx);

// y += alpha * x; alpha == 0 returns without reading x (reference).
template <class T>
void axpy(index_t n, T alpha, const T *x, index_t incx, T *y, index_t incy);

}  // namespace tileblas::level1
