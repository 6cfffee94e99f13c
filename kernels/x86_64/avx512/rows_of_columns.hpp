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

template <class T>
struct RowsOfColumns;

template <>
struct RowsOfColumns<float> {
  // Columns 2p and 2p + 1 (2p twice when it is the last, odd, one).
  template <int NR>
  static inline __attribute__((always_inline)) __m512 pair(const __m512 *two, const int *index,
                                                           int p = 0) {
    const int second = 2 * p + 1 < NR ? 1 : 0;
    return _mm512_permutex2var_ps(two[0], _mm512_load_si512(index), two[second]);
  }
  template <int NR>
  static inline __attribute__((always_inline)) void store(const __m512 *cols, float *out) {
    static constexpr RowsOfColumnsTables<int, 16, NR> kTables{};
#pragma GCC unroll 16
    for (int k = 0; k < NR; ++k) {
      __m512 v = pair<NR>(cols, kTables.index[k][0]);
#pragma GCC unroll 8
      for (int p = 1; p < kTables.kPairs; ++p)
        v = _mm512_mask_blend_ps(static_cast<__mmask16>(kTables.mask[k][p]), v,
                                 pair<NR>(cols + 2 * p, kTables.index[k][p], p));
      _mm512_storeu_ps(out + 16 * k, v);
    }
  }
};

template <>
struct RowsOfColumns<double> {
  template <int NR>  // (see RowsOfColumns<float>)
  static inline __attribute__((always_inline)) __m512d pair(const __m512d *two,
                                                            const long long *index, int p = 0) {
    const int second = 2 * p + 1 < NR ? 1 : 0;
    return _mm512_permutex2var_pd(two[0], _mm512_load_si512(index), two[second]);
  }
  template <int NR>
  static inline __attribute__((always_inline)) void store(const __m512d *cols, double *out) {
    static constexpr RowsOfColumnsTables<long long, 8, NR> kTables{};
#pragma GCC unroll 16
    for (int k = 0; k < NR; ++k) {
      __m512d v = pair<NR>(cols, kTables.index[k][0]);
#pragma GCC unroll 8
      for (int p = 1; p < kTables.kPairs; ++p)
        v = _mm512_mask_blend_pd(static_cast<__mmask8>(kTables.mask[k][p]), v,
                                 pair<NR>(cols + 2 * p, kTables.index[k][p], p));
      _mm512_storeu_pd(out + 8 * k, v);
    }
  }
};

}  // namespace tileblas::avx512
