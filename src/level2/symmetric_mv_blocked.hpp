// symmetric_mv_blocked.hpp -- symv / spmv on the target's vector kernels
// (symmetric_mv_blocked.cpp): y += alpha * A * x for a real symmetric A with
// one triangle stored full or packed, x and y unit stride.
#pragma once

#include "level2/types.hpp"

namespace tileblas::level2 {

// tri.kind is Full or Packed (band columns are too short for the panels).
template <class T>
void symmetric_mv_blocked(const Triangle &tri, T alpha, const T *a, const T *x, T *y);

}  // namespace tileblas::level2
