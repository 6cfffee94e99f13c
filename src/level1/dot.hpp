// dot.hpp -- inner products: ?dot, ?dotu, ?dotc, sdsdot, dsdot.
#pragma once

#include "level1/scalar.hpp"

namespace tileblas::level1 {

// sum conj_if<ConjX>(x_i) * y_i, accumulated in T; 0 when n <= 0.
template <class T, bool ConjX>
T dot(index_t n, const T *x, index_t incx, const T *y, index_t incy);

// sum x_i * y_i of float vectors accumulated in double (dsdot; sdsdot adds
// its alpha to this in double before rounding to float).
double dot_in_double(index_t n, const float *x, index_t incx, const float *y, index_t incy);

}  // namespace tileblas::level1
