// vec_avx512.hpp -- 512-bit vector traits for SimdMicrokernel (AVX-512F).
#pragma once

#include <immintrin.h>

namespace tileblas::avx512 {

struct VecFloat {
  using T = float;
  using reg = __m512;
  static constexpr int width = 16;
  static reg zero() { return _mm512_setzero_ps(); }
  static reg set1(T x) { return _mm512_set1_ps(x); }
  static reg load(const T *p) { return _mm512_loadu_ps(p); }
  static reg broadcast(const T *p) { return _mm512_set1_ps(*p); }
  static reg fma(reg a, reg b, reg c) { return _mm512_fmadd_ps(a, b, c); }
  static reg mul(reg a, reg b) { return _mm512_mul_ps(a, b); }
  static void store(T *p, reg v) { _mm512_storeu_ps(p, v); }
  // Lane i of v in every lane.  (The masked form, all lanes set: the plain
  // one starts from _mm512_undefined_*, which GCC 12 warns about, bug 105593.)
  static reg lane(reg v, int i) {
    return _mm512_mask_permutexvar_ps(v, 0xFFFF, _mm512_set1_epi32(i), v);
  }
};

struct VecDouble {
  using T = double;
  using reg = __m512d;
  static constexpr int width = 8;
  static reg zero() { return _mm512_setzero_pd(); }
  static reg set1(T x) { return _mm512_set1_pd(x); }
  static reg load(const T *p) { return _mm512_loadu_pd(p); }
  static reg broadcast(const T *p) { return _mm512_set1_pd(*p); }
  static reg fma(reg a, reg b, reg c) { return _mm512_fmadd_pd(a, b, c); }
  static reg mul(reg a, reg b) { return _mm512_mul_pd(a, b); }
  static void store(T *p, reg v) { _mm512_storeu_pd(p, v); }
  static reg lane(reg v, int i) {
    return _mm512_mask_permutexvar_pd(v, 0xFF, _mm512_set1_epi64(i), v);
  }
};

}  // namespace tileblas::avx512
