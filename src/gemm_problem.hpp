// gemm_problem.hpp -- one column-major GEMM as the engine sees it:
// C = alpha * op(A) * op(B) + beta * C, with the transposes already folded
// into element strides (element (i, p) of op(A) is a[i*a_rs + p*a_cs]).
#pragma once

#include "target.hpp"

namespace tileblas {

// A and B hold In (fp16/bf16 bits for half precision), computed as T.
template <class T, class In = T>
struct GemmProblem {
  index_t m, n, k;
  T alpha;
  const In *a;
  index_t a_rs, a_cs;
  const In *b;
  index_t b_rs, b_cs;
  T beta;
  T *c;
  index_t ldc;
};

}  // namespace tileblas
