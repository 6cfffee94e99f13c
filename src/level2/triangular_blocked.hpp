// triangular_blocked.hpp -- trsv / trmv on a full n x n triangle (column
// major, leading dimension lda, x unit stride; real or complex) as
// gemv-sized blocks on the target's vector kernels (triangular_blocked.cpp).
// trans: op(A) transposes A; conj: conjugates it (complex only).
#pragma once

#include "target.hpp"

namespace tileblas::level2 {

// x = op(A)^-1 x; no test for singularity (as the reference).
template <class T>
void triangular_sv_blocked(bool upper, bool trans, bool conj, bool unit, index_t n, const T *a,
                           index_t lda, T *x);

// x = op(A) x.
template <class T>
void triangular_mv_blocked(bool upper, bool trans, bool conj, bool unit, index_t n, const T *a,
                           index_t lda, T *x);

}  // namespace tileblas::level2
