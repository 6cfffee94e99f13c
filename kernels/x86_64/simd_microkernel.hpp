// simd_microkernel.hpp -- the register-blocked GEMM microkernel, written once
// over a vector-traits type V (AVX-512, AVX2 or portable GCC vectors):
//   C[MR x NR] = alpha * A_sliver * B_sliver + beta * C,  MR = MV * V::width.
// The MV x NR accumulators live in registers for the whole k loop; each step
// loads MV vectors of A and broadcasts NR scalars of B (folded into the FMA's
// memory operand on AVX-512).  Instantiated by one file per (type, ISA, tile).
#pragma once

#include "target.hpp"

namespace tileblas {

template <class V, int MV, int NR>
struct SimdMicrokernel {
  using T = typename V::T;
  using R = typename V::reg;
  static constexpr int MR = MV * V::width;

  static void run(index_t k, const T *a, const T *b, T *c, index_t ldc, T alpha, T beta) {
    R acc[NR][MV];
#pragma GCC unroll 32
    for (int j = 0; j < NR; ++j)
#pragma GCC unroll 8
      for (int i = 0; i < MV; ++i) acc[j][i] = V::zero();

    // Touch C early: its lines arrive while the k loop runs.
#pragma GCC unroll 32
    for (int j = 0; j < NR; ++j) {
      __builtin_prefetch(c + j * ldc, 1, 3);
      __builtin_prefetch(c + j * ldc + MR - 1, 1, 3);
    }

#pragma GCC unroll 4
    for (index_t p = 0; p < k; ++p) {
      __builtin_prefetch(a + 8 * MR, 0, 3);  // A streams from L2; stay ahead of it
      R av[MV];
#pragma GCC unroll 8
      for (int i = 0; i < MV; ++i) av[i] = V::load(a + i * V::width);
#pragma GCC unroll 32
      for (int j = 0; j < NR; ++j) {
        const R bj = V::broadcast(b + j);
#pragma GCC unroll 8
        for (int i = 0; i < MV; ++i) acc[j][i] = V::fma(av[i], bj, acc[j][i]);
      }
      a += MR;
      b += NR;
    }

    // C = alpha*AB + beta*C; beta == 0 must not read C (it may hold NaN).
    const R va = V::set1(alpha), vb = V::set1(beta);
    if (beta == T(0)) {
#pragma GCC unroll 32
      for (int j = 0; j < NR; ++j)
#pragma GCC unroll 8
        for (int i = 0; i < MV; ++i) V::store(c + j * ldc + i * V::width, V::mul(acc[j][i], va));
    } else {
#pragma GCC unroll 32
      for (int j = 0; j < NR; ++j)
#pragma GCC unroll 8
        for (int i = 0; i < MV; ++i) {
          T *cj = c + j * ldc + i * V::width;
          V::store(cj, V::fma(V::load(cj), vb, V::mul(acc[j][i], va)));
        }
    }
  }
};

}  // namespace tileblas
