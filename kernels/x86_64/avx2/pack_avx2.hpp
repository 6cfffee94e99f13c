// pack_avx2.hpp -- copies of op(A) for the AVX2 target: packing into
// slivers and the column-major copy of the small-problem path, a transposed
// source through the registers (pack_transposed.hpp) 8 floats or 4 doubles
// square at a time.
#pragma once

#include <immintrin.h>

#include "avx2/vec_avx2.hpp"
#include "pack_transposed.hpp"

namespace tileblas::avx2 {

// r[i] = row i of an 8x8 block  ->  r[j] = column j.
inline void transpose8(__m256 r[8]) {
  __m256 t[8], u[8];
  for (int i = 0; i < 4; ++i) {  // per 128-bit lane: pairs of rows interleaved
    t[2 * i] = _mm256_unpacklo_ps(r[2 * i], r[2 * i + 1]);
    t[2 * i + 1] = _mm256_unpackhi_ps(r[2 * i], r[2 * i + 1]);
  }
  for (int h = 0; h < 2; ++h) {  // u[4h+j]: column j (low lane) and j+4 of rows 4h..4h+3
    u[4 * h + 0] = _mm256_shuffle_ps(t[4 * h], t[4 * h + 2], 0x44);
    u[4 * h + 1] = _mm256_shuffle_ps(t[4 * h], t[4 * h + 2], 0xEE);
    u[4 * h + 2] = _mm256_shuffle_ps(t[4 * h + 1], t[4 * h + 3], 0x44);
    u[4 * h + 3] = _mm256_shuffle_ps(t[4 * h + 1], t[4 * h + 3], 0xEE);
  }
  for (int j = 0; j < 4; ++j) {  // rows 0-3 from u[j], rows 4-7 from u[4+j]
    r[j] = _mm256_permute2f128_ps(u[j], u[4 + j], 0x20);
    r[4 + j] = _mm256_permute2f128_ps(u[j], u[4 + j], 0x31);
  }
}

// r[i] = row i of a 4x4 block  ->  r[j] = column j.
inline void transpose4(__m256d r[4]) {
  const __m256d t0 = _mm256_unpacklo_pd(r[0], r[1]), t1 = _mm256_unpackhi_pd(r[0], r[1]);
  const __m256d t2 = _mm256_unpacklo_pd(r[2], r[3]), t3 = _mm256_unpackhi_pd(r[2], r[3]);
  r[0] = _mm256_permute2f128_pd(t0, t2, 0x20);
  r[1] = _mm256_permute2f128_pd(t1, t3, 0x20);
  r[2] = _mm256_permute2f128_pd(t0, t2, 0x31);
  r[3] = _mm256_permute2f128_pd(t1, t3, 0x31);
}

template <class T>
struct Transposer;
template <>
struct Transposer<float> : VecFloat {
  static constexpr int W = 8;
  using R = __m256;
  static void transpose(R *r) { transpose8(r); }
};
template <>
struct Transposer<double> : VecDouble {
  static constexpr int W = 4;
  using R = __m256d;
  static void transpose(R *r) { transpose4(r); }
};

}  // namespace tileblas::avx2
