// triangular_blocked.hpp -- trsv / trmv on a full or packed triangle (x unit
// stride; real or complex) as gemv-sized blocks on the target's vector
// kernels (triangular_blocked.cpp).  trans: op(A) transposes A; conj:
// conjugates it (complex only).
#pragma once

#include "level2/types.hpp"

namespace tileblas::level2 {

// x = op(A)^-1 x; no test for singularity (as the reference).
template <class T>
void triangular_sv_blocked(const Triangle &tri, bool trans, bool conj, bool unit, const T *a,
                           T *x);

// x = op(A) x.
template <class T>
void triangular_mv_blocked(const Triangle &tri, bool trans, bool conj, bool unit, const T *a,
                           T *x);

}  // namespace tileblas::level2
