// axpby.hpp -- y = alpha * x + beta * y (the OpenBLAS/MKL ?axpby extension).
#pragma once

#include "level1/scalar.hpp"

namespace tileblas::extensions {

// Increments as in ?axpy: a negative one walks its vector from the far end,
// 0 reuses one element.  beta == 0 never reads y (a NaN in y does not
// survive); alpha == 0 never reads x; n <= 0 does nothing.
template <class T>
void axpby(index_t n, T alpha, const T *x, index_t incx, T beta, T *y, index_t incy);

}  // namespace tileblas::extensions
