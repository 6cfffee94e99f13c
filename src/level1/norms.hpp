// norms.hpp -- ?nrm2 (and sc/dz), ?asum (and sc/dz), i?amax.
#pragma once

#include "level1/scalar.hpp"

namespace tileblas::level1 {

// Euclidean norm without overflow or underflow.  Increment +-1: one
// unscaled sum of squares in double on the target's kernel (exact squares
// for float; for double only when the sum shows no overflow or underflow);
// otherwise LAPACK 3.10's algorithm after Blue (three accumulators for
// tiny, medium and huge magnitudes).  NaN in x gives NaN, else Inf gives Inf.
// 0 when n <= 0; a negative incx walks from the far end, as the reference.
template <class T>
real_t<T> nrm2(index_t n, const T *x, index_t incx);

// sum |re| + |im| (|x_i| for real); 0 when n <= 0 or incx <= 0.
template <class T>
real_t<T> asum(index_t n, const T *x, index_t incx);

// 1-based index of the first element with the largest |re| + |im|;
// 0 when n < 1 or incx <= 0.  A NaN compares false, so it is chosen only
// when it is element 1 (the reference's behaviour).
template <class T>
index_t iamax(index_t n, const T *x, index_t incx);

}  // namespace tileblas::level1
