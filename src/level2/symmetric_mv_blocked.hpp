// symmetric_mv_blocked.hpp -- symv / spmv and hemv / hpmv on the target's
// panel kernels (symmetric_mv_blocked.cpp): y += alpha * A * x for a real
// symmetric or complex Hermitian A with one triangle stored full or packed,
// x and y unit stride.
#pragma once

#include "level2/types.hpp"

namespace tileblas::level2 {

// tri.kind is Full or Packed (band columns are too short for the panels).
// conj_a (complex only): A's stored triangle is conjugated (row-major CBLAS).
template <class T>
void symmetric_mv_blocked(const Triangle &tri, bool conj_a, const T &alpha, const T *a, const T *x,
                          T *y);

}  // namespace tileblas::level2
