// trmm_tile.hpp -- TRMM's diagonal tiles (the TriangularMultiplyFn contract
// in target.hpp), written once over a vector-traits type V and registered
// with each microkernel by make_microkernel.hpp.
//
// The GEMM microkernel's loop, except over the MR depth steps of the
// sliver's MR x MR piece of the triangle: there depth step p only reaches
// the rows on its side of the diagonal, so each vector-wide chunk of those
// steps updates just the vectors of rows it reaches.  That skips (all but
// the W x W corners of) the piece's zero half, MR / m of TRMM's flops, in
// the same pass (no second load and store of C).  The result's finiteness
// is checked in registers on the way out.
#pragma once

#include "target.hpp"
#include "tile_finite.hpp"

namespace tileblas {

template <class V, int MV, int NR>
struct TrmmTile {
  using T = typename V::T;
  using R = typename V::reg;
  static constexpr int W = V::width;
  static constexpr int MR = MV * W;

  static bool left(bool upper, index_t k, const T *a, const T *b, T *c, index_t ldc, T alpha) {
    R acc[NR][MV];
#pragma GCC unroll 32
    for (int j = 0; j < NR; ++j)
#pragma GCC unroll 8
      for (int v = 0; v < MV; ++v) acc[j][v] = V::zero();
    if (upper) {
      piece<0, true>(a, b, acc);
      steps<0, MV>(k - MR, a + MR * MR, b + MR * NR, acc);
    } else {
      steps<0, MV>(k - MR, a, b, acc);
      piece<0, false>(a + (k - MR) * MR, b + (k - MR) * NR, acc);
    }
    return store_scaled(acc, c, ldc, alpha);
  }

  // The right side's tile (TriangularMultiplyRightFn): the GEMM loop, and
  // the finiteness check in registers rather than on C reloaded (that was a
  // quarter of a 64^2 right-side strmm on Zen 3).
  static bool right(index_t k, const T *a, const T *b, T *c, index_t ldc, T alpha) {
    R acc[NR][MV];
#pragma GCC unroll 32
    for (int j = 0; j < NR; ++j)
#pragma GCC unroll 8
      for (int v = 0; v < MV; ++v) acc[j][v] = V::zero();
    steps<0, MV>(k, a, b, acc);
    return store_scaled(acc, c, ldc, alpha);
  }

 private:
  using Tile = R[NR][MV];

  // C = alpha * acc; whether every value is finite.
  static inline __attribute__((always_inline)) bool store_scaled(Tile &acc, T *c, index_t ldc,
                                                                 T alpha) {
    const R va = V::set1(alpha);
#pragma GCC unroll 32
    for (int j = 0; j < NR; ++j)
#pragma GCC unroll 8
      for (int v = 0; v < MV; ++v) {
        acc[j][v] = V::mul(acc[j][v], va);
        V::store(c + j * ldc + v * W, acc[j][v]);
      }
    return all_finite<V, NR * MV>(&acc[0][0]);
  }

  // `k` depth steps on the row vectors [V0, V1) of the tile.
  template <int V0, int V1>
  static inline __attribute__((always_inline)) void steps(index_t k, const T *a, const T *b,
                                                          Tile &acc) {
#pragma GCC unroll 4
    for (index_t p = 0; p < k; ++p) {
      __builtin_prefetch(a + 8 * MR, 0, 3);  // A streams from L2, as in the GEMM kernel
      R av[MV];
#pragma GCC unroll 8
      for (int v = V0; v < V1; ++v) av[v] = V::load(a + v * W);
#pragma GCC unroll 32
      for (int j = 0; j < NR; ++j) {
        const R bj = V::broadcast(b + j);
#pragma GCC unroll 8
        for (int v = V0; v < V1; ++v) acc[j][v] = V::fma(av[v], bj, acc[j][v]);
      }
      a += MR;
      b += NR;
    }
  }

  // The MR x MR piece, chunk C (depth steps C*W .. C*W + W - 1): upper,
  // rows on or above the step, vectors 0..C; lower, on or below, C..MV-1.
  template <int C, bool Upper>
  static inline __attribute__((always_inline)) void piece(const T *a, const T *b, Tile &acc) {
    if constexpr (C < MV) {
      if constexpr (Upper)
        steps<0, C + 1>(W, a + C * W * MR, b + C * W * NR, acc);
      else
        steps<C, MV>(W, a + C * W * MR, b + C * W * NR, acc);
      piece<C + 1, Upper>(a, b, acc);
    }
  }
};

}  // namespace tileblas
