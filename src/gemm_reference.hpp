// gemm_reference.hpp -- plain loops with netlib semantics: the engine's last
// resort when no pack buffer can be had (out of memory).  Slow but exact in
// meaning: beta == 0 does not read C.
#pragma once

#include "gemm_problem.hpp"

namespace tileblas {

template <class T>
void gemm_reference(const GemmProblem<T> &p) {
  for (index_t j = 0; j < p.n; ++j) {
    T *c = p.c + j * p.ldc;
    for (index_t i = 0; i < p.m; ++i) c[i] = p.beta == T(0) ? T(0) : p.beta * c[i];
    for (index_t l = 0; l < p.k; ++l) {
      const T t = p.alpha * p.b[l * p.b_rs + j * p.b_cs];
      for (index_t i = 0; i < p.m; ++i) c[i] += t * p.a[i * p.a_rs + l * p.a_cs];
    }
  }
}

}  // namespace tileblas
