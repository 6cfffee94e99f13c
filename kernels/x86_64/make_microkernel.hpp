// make_microkernel.hpp -- registers one SimdMicrokernel instantiation, with
// the packers and TRMM/TRSM tile kernels for its tile, as the GemmMicrokernel
// record a target table uses.
// Included only by kernel files, so everything here is compiled with their
// ISA flags.
#pragma once

#include "dot_tile.hpp"
#include "pack.hpp"
#include "simd_microkernel.hpp"
#include "trmm_tile.hpp"
#include "trsm_tile.hpp"

namespace tileblas {

// PackA, CopyA and PackB default to the portable copies; a target may pass
// its own, and assembly for the unpacked path's tiles (AsmTiles: see
// SimdMicrokernel).
template <class V, int MV, int NR,
          PackAFn<typename V::T> PackA = &pack_a<typename V::T, MV * V::width>,
          CopyColumnsFn<typename V::T> CopyA = &copy_columns<typename V::T>,
          class AsmTiles = void, PackBFn<typename V::T> PackB = &pack_b<typename V::T, NR>>
GemmMicrokernel<typename V::T> make_microkernel(const char *name) {
  using T = typename V::T;
  using K = SimdMicrokernel<V, MV, NR, AsmTiles>;
  GemmMicrokernel<T> uk = {name, K::MR, NR, V::width, &K::run, &K::run_edge, &K::run_direct,
                           PackA, PackB};
  uk.copy_a = CopyA;
  uk.solve_left = &TrsmTile<V, MV, NR>::left;
  uk.solve_right = &TrsmTile<V, MV, NR>::right;
  uk.multiply_left = &TrmmTile<V, MV, NR>::left;
  uk.multiply_right = &TrmmTile<V, MV, NR>::right;
  // Dot tiles sized to the register file: 4 x 6 accumulators where the GEMM
  // tile has 3-4 vectors of rows (AVX-512's 32 registers), else 3 x 3.
  constexpr int kDotRows = MV >= 3 ? 4 : 3, kDotCols = MV >= 3 ? 6 : 3;
  uk.dot = &DotTile<V, kDotRows, kDotCols>::run;
  uk.dot_rows = kDotRows;
  uk.dot_cols = kDotCols;
  return uk;
}

}  // namespace tileblas
