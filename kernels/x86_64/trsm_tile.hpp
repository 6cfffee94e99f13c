// trsm_tile.hpp -- TRSM's triangular solve on one MR x NR register tile
// (the TriangularSolveFn contract in target.hpp), written once over a
// vector-traits type V and registered with each microkernel by
// make_microkernel.hpp, so it runs with that kernel's ISA and tile shape.
//
// The tile lives in registers as NR columns of MV vectors, as in the GEMM
// microkernel.  Left (C = T^-1 C, T is MR x MR): the unknowns run down the
// columns, so step l broadcasts lane l of each column (V::lane) and
// subtracts it times column l of T / T(l, l) from the rows below (above,
// backward).  (T's columns come scaled by -1 / T(l, l) with the panel:
// scaling the broadcast value instead put a multiply on the chain of
// dependent steps (8 % slower on Zen 4), and scaling T's column in the tile
// repeated it for every tile (strsm 128^2-256^2 2-3 % slower).)
// Rows of the same vector that are already solved see T's zeros, so
// nothing changes there unless a value is not finite; such a tile is
// reported and redone by the caller's scalar code.  Right (C = C T^-1, T is
// NR x NR): the unknowns are whole columns, so every step is a vector FMA
// with a broadcast element of T (pre-scaled too), no lane traffic at all.
#pragma once

#include <type_traits>
#include <utility>

#include "target.hpp"
#include "tile_finite.hpp"

namespace tileblas {

// Whether V can store NR column vectors as rows (V::store_rows<NR>).
template <class V, int NR, class = void>
struct StoresRows : std::false_type {};
template <class V, int NR>
struct StoresRows<V, NR,
                  std::void_t<decltype(V::template store_rows<NR>(
                      std::declval<const typename V::reg *>(), std::declval<typename V::T *>()))>>
    : std::true_type {};

template <class V, int MV, int NR>
struct TrsmTile {
  using T = typename V::T;
  using R = typename V::reg;
  static constexpr int W = V::width;
  static constexpr int MR = MV * W;

  static bool left(bool backward, const T *tri, T *c, index_t ldc, T *packed) {
    R x[NR][MV];
    load(c, ldc, x);
    if (backward)
      left_backward<MV - 1>(tri, x);
    else
      left_forward<0>(tri, x);
    if (!all_finite<V, NR * MV>(&x[0][0])) return false;
    store(x, c, ldc);
    // The solved rows in the packed-B layout (row l: NR values).
    if constexpr (StoresRows<V, NR>::value) {
#pragma GCC unroll 8
      for (int v = 0; v < MV; ++v) {
        R cols[NR];
#pragma GCC unroll 32
        for (int j = 0; j < NR; ++j) cols[j] = x[j][v];
        V::template store_rows<NR>(cols, packed + v * W * NR);
      }
    } else {
      for (int l = 0; l < MR; ++l)
#pragma GCC unroll 32
        for (int j = 0; j < NR; ++j) packed[l * NR + j] = c[l + j * ldc];
    }
    return true;
  }

  static bool right(bool backward, const T *tri, T *c, index_t ldc, T *packed) {
    R x[NR][MV];
    load(c, ldc, x);
    const T *rinv = tri + NR * NR;
    // Column j is scaled first, then gets the solved columns times T's
    // column j pre-scaled (-T(i, j) / T(j, j), row j of tri's scaled copy):
    // each column waits on the one before for a single FMA.  (Scaled
    // last, every column's chain was an FMA and a multiply longer.)
    const T *scaled = tri + NR * NR + 2 * NR;
    if (!backward) {
#pragma GCC unroll 32
      for (int j = 0; j < NR; ++j) {
        scale_column(x, j, rinv[j]);
#pragma GCC unroll 32
        for (int i = 0; i < j; ++i) add_column(x, j, i, scaled[j + i * NR]);
      }
    } else {
#pragma GCC unroll 32
      for (int j = NR - 1; j >= 0; --j) {
        scale_column(x, j, rinv[j]);
#pragma GCC unroll 32
        for (int i = NR - 1; i > j; --i) add_column(x, j, i, scaled[j + i * NR]);
      }
    }
    if (!all_finite<V, NR * MV>(&x[0][0])) return false;
    store(x, c, ldc);
    store(x, packed, MR);  // an A sliver is column-major MR x NR
    return true;
  }

 private:
  using Tile = R[NR][MV];

  static inline __attribute__((always_inline)) void load(const T *c, index_t ldc, Tile &x) {
#pragma GCC unroll 32
    for (int j = 0; j < NR; ++j)
#pragma GCC unroll 8
      for (int v = 0; v < MV; ++v) x[j][v] = V::load(c + j * ldc + v * W);
  }
  static inline __attribute__((always_inline)) void store(const Tile &x, T *c, index_t ldc) {
#pragma GCC unroll 32
    for (int j = 0; j < NR; ++j)
#pragma GCC unroll 8
      for (int v = 0; v < MV; ++v) V::store(c + j * ldc + v * W, x[j][v]);
  }

  // Column j += t * column i (right solves).
  static inline __attribute__((always_inline)) void add_column(Tile &x, int j, int i, T t) {
    const R vt = V::set1(t);
#pragma GCC unroll 8
    for (int v = 0; v < MV; ++v) x[j][v] = V::fma(x[i][v], vt, x[j][v]);
  }
  static inline __attribute__((always_inline)) void scale_column(Tile &x, int j, T r) {
    const R vr = V::set1(r);
#pragma GCC unroll 8
    for (int v = 0; v < MV; ++v) x[j][v] = V::mul(x[j][v], vr);
  }

  // Column l of the triangle times -1 / T(l, l) (TriangularSolveFn's layout).
  static const T *scaled_column(const T *tri, int l) { return tri + MR * MR + 2 * MR + l * MR; }

  // Rows of vector B solved top-down; their values update vectors B..MV-1.
  // B is a template parameter so every x[j][v] index is a constant and the
  // tile stays in registers.  A row's solution is x_l / T(l, l): lane l
  // is not scaled while the vector is worked on (the updates use T's
  // column scaled instead), but once it is done, the whole vector at once
  // (each lane was final from its own step on).
  template <int B>
  static inline __attribute__((always_inline)) void left_forward(const T *tri, Tile &x) {
    if constexpr (B < MV) {
      const T *rinv = tri + MR * MR;
      for (int li = 0; li < W; ++li) {
        const T *col = scaled_column(tri, B * W + li);
        R scaled[MV];
#pragma GCC unroll 8
        for (int v = B; v < MV; ++v) scaled[v] = V::load(col + v * W);
#pragma GCC unroll 32
        for (int j = 0; j < NR; ++j) {
          const R s = V::lane(x[j][B], li);
#pragma GCC unroll 8
          for (int v = B; v < MV; ++v) x[j][v] = V::fma(scaled[v], s, x[j][v]);
        }
      }
      const R r = V::load(rinv + B * W);
#pragma GCC unroll 32
      for (int j = 0; j < NR; ++j) x[j][B] = V::mul(x[j][B], r);
      left_forward<B + 1>(tri, x);
    }
  }
  // The mirror image: rows of vector B bottom-up, updating vectors 0..B.
  template <int B>
  static inline __attribute__((always_inline)) void left_backward(const T *tri, Tile &x) {
    if constexpr (B >= 0) {
      const T *rinv = tri + MR * MR;
      for (int li = W - 1; li >= 0; --li) {
        const T *col = scaled_column(tri, B * W + li);
        R scaled[MV];
#pragma GCC unroll 8
        for (int v = 0; v <= B; ++v) scaled[v] = V::load(col + v * W);
#pragma GCC unroll 32
        for (int j = 0; j < NR; ++j) {
          const R s = V::lane(x[j][B], li);
#pragma GCC unroll 8
          for (int v = 0; v <= B; ++v) x[j][v] = V::fma(scaled[v], s, x[j][v]);
        }
      }
      const R r = V::load(rinv + B * W);
#pragma GCC unroll 32
      for (int j = 0; j < NR; ++j) x[j][B] = V::mul(x[j][B], r);
      left_backward<B - 1>(tri, x);
    }
  }
};

}  // namespace tileblas
