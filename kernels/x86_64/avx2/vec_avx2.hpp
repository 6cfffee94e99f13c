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
};

}  // namespace tileblas::avx2
