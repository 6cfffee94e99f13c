// triangular_blocked.hpp -- trsv / trmv on a full real n x n triangle (column
// major, leading dimension lda, x unit stride) as gemv-sized blocks on the
// target's vector kernels (triangular_blocked.cpp).  trans: op(A) = A^T.
#pragma once

#include "target.hpp"

namespace tileblas::level2 {

// x = op(A)^-1 x; no test for singularity (as the reference).
template <class T>
void triangular_sv_blocked(bool upper, bool trans, bool unit, index_t n, const T *a, index_t lda,
                           T *x);

// x = op(A) x.
template <class T>
void triangular_mv_blocked(bool upper, bool trans, bool unit, index_t n, const T *a, index_t lda,
                           T *x);

}  // namespace tileblas::level2
