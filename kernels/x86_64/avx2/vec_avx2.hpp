// vec_avx2.hpp -- 256-bit vector traits for SimdMicrokernel (AVX2 + FMA3).
#pragma once

#include <immintrin.h>

namespace tileblas::avx2 {

// The traits are templates on a tag only so that a target compiled with
// other ISA flags can instantiate its own copy (the Zen 4 target runs Level
// 1/2 on 256-bit vectors: avx512/vector_kernels_avx512.cpp): a plain
// struct's inline functions would be one symbol for both, linked from
// either file and so possibly with the other file's instructions.
template <class Tag>
struct VecFloatOf {
  using T = float;
  using reg = __m256;
  static constexpr int width = 8;
  static reg zero() { return _mm256_setzero_ps(); }
  static reg set1(T x) { return _mm256_set1_ps(x); }
  static reg load(const T *p) { return _mm256_loadu_ps(p); }
  static reg load_halves(const T *p) { return load(p); }  // (an AVX-512 need)
  static reg broadcast(const T *p) { return _mm256_broadcast_ss(p); }
  static reg fma(reg a, reg b, reg c) { return _mm256_fmadd_ps(a, b, c); }
  static reg fnmadd(reg a, reg b, reg c) { return _mm256_fnmadd_ps(a, b, c); }  // c - a b
  static reg mul(reg a, reg b) { return _mm256_mul_ps(a, b); }
  static void store(T *p, reg v) { _mm256_storeu_ps(p, v); }
  // Lane i of v in every lane.
  static reg lane(reg v, int i) { return _mm256_permutevar8x32_ps(v, _mm256_set1_epi32(i)); }
  // Level 1/2 kernels (vector_kernels.hpp): the first n < width lanes, the
  // rest zero / left alone; masked, so nothing past p + n is touched.
  static reg add(reg a, reg b) { return _mm256_add_ps(a, b); }
  static __m256i first(int n) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32(n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
  }
  static reg load_partial(const T *p, int n) { return _mm256_maskload_ps(p, first(n)); }
  static void store_partial(T *p, reg v, int n) { _mm256_maskstore_ps(p, first(n), v); }
  // Complex kernels (complex_vector_kernels.hpp): each (re, im) pair of lanes exchanged.
  static reg swap_pairs(reg v) { return _mm256_permute_ps(v, 0xB1); }
  // (even, odd, even, odd, ...), in registers.
  static reg pairs(T even, T odd) { return _mm256_unpacklo_ps(set1(even), set1(odd)); }
  // Reductions (vector_reductions.hpp): |v|; max(a, b) with b wherever a is
  // NaN (the instruction's rule), so max(|x|, acc) drops NaNs; lane masks of
  // a > b and a == b (bit i: lane i).
  static reg abs(reg v) { return _mm256_andnot_ps(_mm256_set1_ps(-0.0f), v); }
  static reg max(reg a, reg b) { return _mm256_max_ps(a, b); }
  static unsigned mask_greater(reg a, reg b) { return _mm256_movemask_ps(_mm256_cmp_ps(a, b, _CMP_GT_OQ)); }
  static unsigned mask_equal(reg a, reg b) { return _mm256_movemask_ps(_mm256_cmp_ps(a, b, _CMP_EQ_OQ)); }
  // symv's diagonal blocks (symv_kernel.hpp): lanes chosen by a bit mask;
  // a masked load reads nothing outside the mask, a masked FMA leaves c.
  static __m256i lanes_of(unsigned lanes) {
    const __m256i bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    return _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32(static_cast<int>(lanes)), bit), bit);
  }
  static reg load_masked(const T *p, unsigned lanes) { return _mm256_maskload_ps(p, lanes_of(lanes)); }
  static void store_masked(T *p, reg v, unsigned lanes) { _mm256_maskstore_ps(p, lanes_of(lanes), v); }
  static reg fma_masked(reg a, reg b, reg c, unsigned lanes) {
    return _mm256_blendv_ps(c, fma(a, b, c), _mm256_castsi256_ps(lanes_of(lanes)));
  }
  static T sum(reg v) {
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    return _mm_cvtss_f32(_mm_add_ss(s, _mm_movehdup_ps(s)));
  }
  // out[k] = sum(v[k]) for 8 vectors, bit for bit (the same pairs added at
  // each level, as avx512::VecFloat::sums8): halves of two vectors per add,
  // then pairs of lanes of four, then adjacent lanes of eight.
  static void sums8(const reg *v, T *out) {
    reg t[4], u[2];
    for (int k = 0; k < 4; ++k)  // [v(2k) lanes i + i+4 | v(2k+1) likewise]
      t[k] = _mm256_add_ps(_mm256_permute2f128_ps(v[2 * k], v[2 * k + 1], 0x20),
                           _mm256_permute2f128_ps(v[2 * k], v[2 * k + 1], 0x31));
    for (int k = 0; k < 2; ++k) {  // [v(4k) v(4k+2) | v(4k+1) v(4k+3)], lanes i + i+2
      const __m256d a = _mm256_castps_pd(t[2 * k]), b = _mm256_castps_pd(t[2 * k + 1]);
      u[k] = _mm256_add_ps(_mm256_castpd_ps(_mm256_unpacklo_pd(a, b)),
                           _mm256_castpd_ps(_mm256_unpackhi_pd(a, b)));
    }
    alignas(32) T lanes[8];  // [v0 v2 v4 v6 | v1 v3 v5 v7]
    _mm256_store_ps(lanes, _mm256_hadd_ps(u[0], u[1]));
    for (int j = 0; j < 4; ++j) {
      out[2 * j] = lanes[j];
      out[2 * j + 1] = lanes[4 + j];
    }
  }
};

template <class Tag>
struct VecDoubleOf {
  using T = double;
  using reg = __m256d;
  static constexpr int width = 4;
  static reg zero() { return _mm256_setzero_pd(); }
  static reg set1(T x) { return _mm256_set1_pd(x); }
  static reg load(const T *p) { return _mm256_loadu_pd(p); }
  static reg load_halves(const T *p) { return load(p); }
  static reg broadcast(const T *p) { return _mm256_broadcast_sd(p); }
  static reg fma(reg a, reg b, reg c) { return _mm256_fmadd_pd(a, b, c); }
  static reg fnmadd(reg a, reg b, reg c) { return _mm256_fnmadd_pd(a, b, c); }  // c - a b
  static reg mul(reg a, reg b) { return _mm256_mul_pd(a, b); }
  static void store(T *p, reg v) { _mm256_storeu_pd(p, v); }
  static reg lane(reg v, int i) {  // as two 32-bit lanes 2i, 2i+1
    const __m256i idx = _mm256_set1_epi64x((static_cast<long long>(2 * i + 1) << 32) | (2 * i));
    return _mm256_castps_pd(_mm256_permutevar8x32_ps(_mm256_castpd_ps(v), idx));
  }
  static reg add(reg a, reg b) { return _mm256_add_pd(a, b); }
  static __m256i first(int n) {
    return _mm256_cmpgt_epi64(_mm256_set1_epi64x(n), _mm256_setr_epi64x(0, 1, 2, 3));
  }
  static reg load_partial(const T *p, int n) { return _mm256_maskload_pd(p, first(n)); }
  static void store_partial(T *p, reg v, int n) { _mm256_maskstore_pd(p, first(n), v); }
  static reg swap_pairs(reg v) { return _mm256_permute_pd(v, 0x5); }
  static reg pairs(T even, T odd) { return _mm256_unpacklo_pd(set1(even), set1(odd)); }
  static reg abs(reg v) { return _mm256_andnot_pd(_mm256_set1_pd(-0.0), v); }
  static reg max(reg a, reg b) { return _mm256_max_pd(a, b); }
  static unsigned mask_greater(reg a, reg b) { return _mm256_movemask_pd(_mm256_cmp_pd(a, b, _CMP_GT_OQ)); }
  static unsigned mask_equal(reg a, reg b) { return _mm256_movemask_pd(_mm256_cmp_pd(a, b, _CMP_EQ_OQ)); }
  // width floats converted to doubles (float nrm2 sums its squares in double).
  static reg load_float(const float *p) { return _mm256_cvtps_pd(_mm_loadu_ps(p)); }
  static reg load_float_partial(const float *p, int n) {
    const __m128i first = _mm_cmpgt_epi32(_mm_set1_epi32(n), _mm_setr_epi32(0, 1, 2, 3));
    return _mm256_cvtps_pd(_mm_maskload_ps(p, first));
  }
  static __m256i lanes_of(unsigned lanes) {
    const __m256i bit = _mm256_setr_epi64x(1, 2, 4, 8);
    return _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_set1_epi64x(lanes), bit), bit);
  }
  static reg load_masked(const T *p, unsigned lanes) { return _mm256_maskload_pd(p, lanes_of(lanes)); }
  static void store_masked(T *p, reg v, unsigned lanes) { _mm256_maskstore_pd(p, lanes_of(lanes), v); }
  static reg fma_masked(reg a, reg b, reg c, unsigned lanes) {
    return _mm256_blendv_pd(c, fma(a, b, c), _mm256_castsi256_pd(lanes_of(lanes)));
  }
  static T sum(reg v) {
    const __m128d s = _mm_add_pd(_mm256_castpd256_pd128(v), _mm256_extractf128_pd(v, 1));
    return _mm_cvtsd_f64(_mm_add_sd(s, _mm_unpackhi_pd(s, s)));
  }
  // out[k] = sum(v[k]) for 8 vectors, bit for bit (see VecFloatOf::sums8).
  static void sums8(const reg *v, T *out) {
    for (int q = 0; q < 8; q += 4) {
      reg t[2];
      for (int k = 0; k < 2; ++k)  // [v(2k) lanes i + i+2 | v(2k+1) likewise]
        t[k] = _mm256_add_pd(_mm256_permute2f128_pd(v[q + 2 * k], v[q + 2 * k + 1], 0x20),
                             _mm256_permute2f128_pd(v[q + 2 * k], v[q + 2 * k + 1], 0x31));
      alignas(32) T lanes[4];  // [v0 v2 | v1 v3]
      _mm256_store_pd(lanes, _mm256_hadd_pd(t[0], t[1]));
      out[q] = lanes[0];
      out[q + 1] = lanes[2];
      out[q + 2] = lanes[1];
      out[q + 3] = lanes[3];
    }
  }
};

struct Avx2Tag;
using VecFloat = VecFloatOf<Avx2Tag>;
using VecDouble = VecDoubleOf<Avx2Tag>;

}  // namespace tileblas::avx2
