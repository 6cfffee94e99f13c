// vec_avx2.hpp -- 256-bit vector traits for SimdMicrokernel (AVX2 + FMA3).
#pragma once

#include <immintrin.h>

namespace tileblas::avx2 {

struct VecFloat {
  using T = float;
  using reg = __m256;
  static constexpr int width = 8;
  static reg zero() { return _mm256_setzero_ps(); }
  static reg set1(T x) { return _mm256_set1_ps(x); }
  static reg load(const T *p) { return _mm256_loadu_ps(p); }
  static reg broadcast(const T *p) { return _mm256_broadcast_ss(p); }
  static reg fma(reg a, reg b, reg c) { return _mm256_fmadd_ps(a, b, c); }
  static reg mul(reg a, reg b) { return _mm256_mul_ps(a, b); }
  static void store(T *p, reg v) { _mm256_storeu_ps(p, v); }
  // Lane i of v in every lane.
  static reg lane(reg v, int i) { return _mm256_permutevar8x32_ps(v, _mm256_set1_epi32(i)); }
};

struct VecDouble {
  using T = double;
  using reg = __m256d;
  static constexpr int width = 4;
  static reg zero() { return _mm256_setzero_pd(); }
  static reg set1(T x) { return _mm256_set1_pd(x); }
  static reg load(const T *p) { return _mm256_loadu_pd(p); }
  static reg broadcast(const T *p) { return _mm256_broadcast_sd(p); }
  static reg fma(reg a, reg b, reg c) { return _mm256_fmadd_pd(a, b, c); }
  static reg mul(reg a, reg b) { return _mm256_mul_pd(a, b); }
  static void store(T *p, reg v) { _mm256_storeu_pd(p, v); }
  static reg lane(reg v, int i) {  // as two 32-bit lanes 2i, 2i+1
    const __m256i idx = _mm256_set1_epi64x((static_cast<long long>(2 * i + 1) << 32) | (2 * i));
    return _mm256_castps_pd(_mm256_permutevar8x32_ps(_mm256_castpd_ps(v), idx));
  }
};

}  // namespace tileblas::avx2
