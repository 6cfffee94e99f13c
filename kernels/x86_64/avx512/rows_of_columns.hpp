// rows_of_columns.hpp -- NR column vectors of a register tile (W rows each)
// stored as W rows of NR values, one after another: the packed-B layout of
// those rows, which TRSM's left tile solve writes beside C.  Element by
// element that is W * NR scalar loads and stores (~1 cycle each: a fifth
// of a 64 x 6 sgemm tile solve on Zen 4); here each output vector is built
// from the columns in pairs, a two-source permute per pair and a blend to
// merge the pairs, then stored whole.
#pragma once

#include <immintrin.h>

namespace tileblas::avx512 {

// Index and blend tables: output vector k, lane i holds element
// o = k W + i of the rows, i.e. row o / NR of column o % NR; the pair of
// columns (2p, 2p + 1) gives it through permute p (index = row, plus W for
// the second column of the pair) and blend mask bit i of pair p.
template <class Index, int W, int NR>
struct RowsOfColumnsTables {
  // W consecutive elements then meet every column: each output uses every pair.
  static_assert(NR <= W, "more columns than lanes");
  static constexpr int kPairs = (NR + 1) / 2;
  alignas(64) Index index[NR][kPairs][W] = {};
  unsigned mask[NR][kPairs] = {};
  constexpr RowsOfColumnsTables() {
    for (int k = 0; k < NR; ++k)
      for (int i = 0; i < W; ++i) {
        const int o = k * W + i, row = o / NR, col = o % NR;
        index[k][col / 2][i] = static_cast<Index>(row + (col % 2) * W);
        mask[k][col / 2] |= 1u << i;
      }
  }
};

// The 512-bit operations the stores use, per element type.
template <class T>
struct RowsZmm;
template <>
struct RowsZmm<float> {
  using R = __m512;
  using Index = int;
  static constexpr int W = 16;
  static R permute2(R a, __m512i index, R b) { return _mm512_permutex2var_ps(a, index, b); }
  static R blend(unsigned mask, R a, R b) {
    return _mm512_mask_blend_ps(static_cast<__mmask16>(mask), a, b);
  }
  static void store(float *p, R v) { _mm512_storeu_ps(p, v); }
};
template <>
struct RowsZmm<double> {
  using R = __m512d;
  using Index = long long;
  static constexpr int W = 8;
  static R permute2(R a, __m512i index, R b) { return _mm512_permutex2var_pd(a, index, b); }
  static R blend(unsigned mask, R a, R b) {
    return _mm512_mask_blend_pd(static_cast<__mmask8>(mask), a, b);
  }
  static void store(double *p, R v) { _mm512_storeu_pd(p, v); }
};

// cols[0..NR) (W rows each) to out as W rows of NR values.  (Everything
// inlined: the caller's tile stays in registers.)
template <class T, int NR>
struct RowsOfColumns {
  using Z = RowsZmm<T>;
  using R = typename Z::R;
  static constexpr RowsOfColumnsTables<typename Z::Index, Z::W, NR> kTables{};

  static inline __attribute__((always_inline)) void store(const R *cols, T *out) {
#pragma GCC unroll 16
    for (int k = 0; k < NR; ++k) {
      R v = pair(cols, k, 0);
#pragma GCC unroll 8
      for (int p = 1; p < kTables.kPairs; ++p)
        v = Z::blend(kTables.mask[k][p], v, pair(cols, k, p));
      Z::store(out + Z::W * k, v);
    }
  }

 private:
  // Columns 2p and 2p + 1 (2p twice when it is the last, odd, one).
  static inline __attribute__((always_inline)) R pair(const R *cols, int k, int p) {
    const int second = 2 * p + 1 < NR ? 2 * p + 1 : 2 * p;
    return Z::permute2(cols[2 * p], _mm512_load_si512(kTables.index[k][p]), cols[second]);
  }
};

}  // namespace tileblas::avx512
