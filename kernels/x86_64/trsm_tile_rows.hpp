// trsm_tile_rows.hpp -- TRSM's left tile solve (TriangularSolveFn, target.hpp)
// with the MR x NR tile turned on its side: one register per row, or per
// W columns of a row when NR > W (the column groups are independent
// solves, interleaved step by step).  A step of the substitution is then a
// vector FMA with an element of T broadcast from memory, and the solved
// rows are already the packed-B layout.  The column form (trsm_tile.hpp)
// instead pulls a lane out of a register at every step, on the chain of
// dependent steps (vpermps: ~8 cycles on Zen 3, twice the FMA).  Measured on
// Zen 3 (1 thread): AVX2 strsm L/L/N 64^2 1.3x, 128^2 1.1-1.4x, 256^2 1.1x
// faster than with the column form; dtrsm (rows of 4 + 2 lanes) 64^2 1.2x,
// 128^2 1.12x, 64 x 2000 (dgetrf's) 1.22x.
//
// X is a Transposer (avx2/pack_avx2.hpp): vector traits plus a W x W
// in-register transpose, which moves the tile between C's columns and rows.
#pragma once

#include "target.hpp"
#include "tile_finite.hpp"

namespace tileblas {

template <class X, int MV, int NR>
struct TrsmTileRows {
  using T = typename X::T;
  using R = typename X::R;
  static constexpr int W = X::W;
  static constexpr int MR = MV * W;
  static constexpr int G = (NR + W - 1) / W;  // column groups of W

  static bool left(bool backward, const T *tri, T *c, index_t ldc, T *packed) {
    R rows[MR * G];  // row l, group g at rows[l * G + g]
    load_rows(c, ldc, rows);
    if (backward) {
#pragma GCC unroll 64
      for (int l = MR - 1; l >= 0; --l) step(l, 0, l, tri, rows);
    } else {
#pragma GCC unroll 64
      for (int l = 0; l < MR; ++l) step(l, l + 1, MR, tri, rows);
    }
    if (!all_finite<X, MR * G>(rows)) return false;
    store_rows(rows, c, ldc);
    store_packed(rows, packed);
    return true;
  }

 private:
  // Row l is final but for its scale once every earlier row has been taken
  // off it: take it off rows [k0, k1) (those below it, forward; above,
  // backward) with column l of T scaled by -1 / T(l, l) (tri's last part),
  // then scale it by 1 / T(l, l).  The multiply stays off the chain of
  // dependent steps, which is one FMA long (scaling row l first made it
  // multiply + FMA: on Zen 3 the float tile alone 1.2-1.4x slower, strsm
  // 32^2-128^2 3-8 %).  Columns NR..G*W-1 of every row stay zero throughout.
  static inline __attribute__((always_inline)) void step(int l, int k0, int k1, const T *tri,
                                                         R *rows) {
    const T *scaled = tri + MR * MR + 2 * MR + l * MR;
#pragma GCC unroll 64
    for (int k = k0; k < k1; ++k) {
      const R t = X::broadcast(scaled + k);
#pragma GCC unroll 4
      for (int g = 0; g < G; ++g) rows[k * G + g] = X::fma(t, rows[l * G + g], rows[k * G + g]);
    }
    const R rinv = X::broadcast(tri + MR * MR + l);
#pragma GCC unroll 4
    for (int g = 0; g < G; ++g) rows[l * G + g] = X::mul(rows[l * G + g], rinv);
  }

  // Rows of C's tile, a W x W block at a time: W columns of W rows (the
  // columns past NR zero) transposed.
  static inline __attribute__((always_inline)) void load_rows(const T *c, index_t ldc, R *rows) {
#pragma GCC unroll 8
    for (int b = 0; b < MV; ++b) {
#pragma GCC unroll 4
      for (int g = 0; g < G; ++g) {
        R block[W];
#pragma GCC unroll 16
        for (int j = 0; j < W; ++j) {
          const int col = g * W + j;
          block[j] = col < NR ? X::load(c + b * W + col * ldc) : X::zero();
        }
        X::transpose(block);
#pragma GCC unroll 16
        for (int i = 0; i < W; ++i) rows[(b * W + i) * G + g] = block[i];
      }
    }
  }
  static inline __attribute__((always_inline)) void store_rows(const R *rows, T *c, index_t ldc) {
#pragma GCC unroll 8
    for (int b = 0; b < MV; ++b) {
#pragma GCC unroll 4
      for (int g = 0; g < G; ++g) {
        R block[W];
#pragma GCC unroll 16
        for (int i = 0; i < W; ++i) block[i] = rows[(b * W + i) * G + g];
        X::transpose(block);
#pragma GCC unroll 16
        for (int j = 0; j < W; ++j)
          if (g * W + j < NR) X::store(c + b * W + (g * W + j) * ldc, block[j]);
      }
    }
  }

  // Row l to packed[l * NR ...]: whole-vector stores in order, each one's
  // spill past the row's end overwritten by the next store; the last
  // vector is cut to what is left of the tile.
  static inline __attribute__((always_inline)) void store_packed(const R *rows, T *packed) {
#pragma GCC unroll 64
    for (int v = 0; v + 1 < MR * G; ++v) X::store(packed + v / G * NR + v % G * W, rows[v]);
    T last[W];
    X::store(last, rows[MR * G - 1]);
#pragma GCC unroll 16
    for (int j = 0; j < NR - (G - 1) * W; ++j) packed[MR * NR - NR + (G - 1) * W + j] = last[j];
  }
};

}  // namespace tileblas
