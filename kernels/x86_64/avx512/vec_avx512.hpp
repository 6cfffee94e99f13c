// vec_avx512.hpp -- 512-bit vector traits for SimdMicrokernel (AVX-512F).
#pragma once

#include <immintrin.h>

#include "avx512/rows_of_columns.hpp"

namespace tileblas::avx512 {

// Lanes 0-3 of v (a masked extract: see VecFloat::sum).
inline __m256d low_half(__m512d v) { return _mm512_mask_extractf64x4_pd(_mm256_setzero_pd(), 0xF, v, 0); }

// 256-bit vectors for a register tile's last vector when it holds at most
// half a 512-bit vector's rows (SimdMicrokernel's Tail::Half): Zen 4 runs a
// 512-bit FMA as two 256-bit halves, so a masked 512-bit FMA on 4 of 16
// lanes costs a whole one, a 256-bit FMA half.  Lanes past n are neither
// read nor written (AVX-512VL masks).
struct HalfFloat {
  using T = float;
  using reg = __m256;
  static reg zero() { return _mm256_setzero_ps(); }
  static reg set1(T x) { return _mm256_set1_ps(x); }
  static reg broadcast(const T *p) { return _mm256_set1_ps(*p); }
  static reg fma(reg a, reg b, reg c) { return _mm256_fmadd_ps(a, b, c); }
  static reg mul(reg a, reg b) { return _mm256_mul_ps(a, b); }
  static reg load_partial(const T *p, int n) {
    return _mm256_maskz_loadu_ps(static_cast<__mmask8>((1u << n) - 1), p);
  }
  static void store_partial(T *p, reg v, int n) {
    _mm256_mask_storeu_ps(p, static_cast<__mmask8>((1u << n) - 1), v);
  }
};
struct HalfDouble {
  using T = double;
  using reg = __m256d;
  static reg zero() { return _mm256_setzero_pd(); }
  static reg set1(T x) { return _mm256_set1_pd(x); }
  static reg broadcast(const T *p) { return _mm256_set1_pd(*p); }
  static reg fma(reg a, reg b, reg c) { return _mm256_fmadd_pd(a, b, c); }
  static reg mul(reg a, reg b) { return _mm256_mul_pd(a, b); }
  static reg load_partial(const T *p, int n) {
    return _mm256_maskz_loadu_pd(static_cast<__mmask8>((1u << n) - 1), p);
  }
  static void store_partial(T *p, reg v, int n) {
    _mm256_mask_storeu_pd(p, static_cast<__mmask8>((1u << n) - 1), v);
  }
};

struct VecFloat {
  using T = float;
  using reg = __m512;
  using half = HalfFloat;
  static constexpr int width = 16;
  static reg zero() { return _mm512_setzero_ps(); }
  static reg set1(T x) { return _mm512_set1_ps(x); }
  static reg load(const T *p) { return _mm512_loadu_ps(p); }
  // The same vector as two 256-bit loads: on data not 64-byte aligned every
  // 512-bit load splits across two cache lines, one 256-bit load in two.
  static reg load_halves(const T *p) {
    const __m512 low = _mm512_castps256_ps512(_mm256_loadu_ps(p));
    return _mm512_mask_insertf32x8(low, 0xFFFF, low, _mm256_loadu_ps(p + 8), 1);  // (masked: bug 105593)
  }
  static reg broadcast(const T *p) { return _mm512_set1_ps(*p); }
  static reg fma(reg a, reg b, reg c) { return _mm512_fmadd_ps(a, b, c); }
  static reg mul(reg a, reg b) { return _mm512_mul_ps(a, b); }
  static void store(T *p, reg v) { _mm512_storeu_ps(p, v); }
  // cols[0..NR) as width rows of NR values, one after another (TRSM's packed rows).
  template <int NR>
  static inline __attribute__((always_inline)) void store_rows(const reg *cols, T *out) {
    RowsOfColumns<T, NR>::store(cols, out);
  }
  // Lane i of v in every lane.  (The masked form, all lanes set: the plain
  // one starts from _mm512_undefined_*, which GCC 12 warns about, bug 105593.)
  static reg lane(reg v, int i) {
    return _mm512_mask_permutexvar_ps(v, 0xFFFF, _mm512_set1_epi32(i), v);
  }
  // Level 1/2 kernels (vector_kernels.hpp): the first n < width lanes, the
  // rest zero / left alone; masked, so nothing past p + n is touched.
  static reg add(reg a, reg b) { return _mm512_add_ps(a, b); }
  static reg load_partial(const T *p, int n) {
    return _mm512_maskz_loadu_ps(static_cast<__mmask16>((1u << n) - 1), p);
  }
  static void store_partial(T *p, reg v, int n) {
    _mm512_mask_storeu_ps(p, static_cast<__mmask16>((1u << n) - 1), v);
  }
  // Reductions (vector_reductions.hpp): |v|; max(a, b) with b wherever a is
  // NaN (the instruction's rule), so max(|x|, acc) drops NaNs; lane masks of
  // a > b and a == b (bit i: lane i).  (Masked max and convert, all lanes:
  // GCC 12 bug 105593 again.)
  static reg abs(reg v) { return _mm512_abs_ps(v); }
  static reg max(reg a, reg b) { return _mm512_mask_max_ps(b, 0xFFFF, a, b); }
  static unsigned mask_greater(reg a, reg b) { return _mm512_cmp_ps_mask(a, b, _CMP_GT_OQ); }
  static unsigned mask_equal(reg a, reg b) { return _mm512_cmp_ps_mask(a, b, _CMP_EQ_OQ); }
  // symv's diagonal blocks (symv_kernel.hpp): lanes chosen by a bit mask;
  // a masked load reads nothing outside the mask, a masked FMA leaves c.
  static reg load_masked(const T *p, unsigned lanes) {
    return _mm512_maskz_loadu_ps(static_cast<__mmask16>(lanes), p);
  }
  static void store_masked(T *p, reg v, unsigned lanes) {
    _mm512_mask_storeu_ps(p, static_cast<__mmask16>(lanes), v);
  }
  static reg fma_masked(reg a, reg b, reg c, unsigned lanes) {
    return _mm512_mask3_fmadd_ps(a, b, c, static_cast<__mmask16>(lanes));
  }
  // Lanes summed in a fixed order: halves, then quarters, ...  (Masked
  // forms throughout: GCC 12 warns about the undefined start of
  // _mm512_reduce_add_ps and _mm512_castps512_ps256, bug 105593.)
  // Complex kernels (complex_vector_kernels.hpp): each (re, im) pair of lanes exchanged.
  static reg swap_pairs(reg v) { return _mm512_mask_permute_ps(v, 0xFFFF, v, 0xB1); }
  // (even, odd, even, odd, ...), in registers.
  static reg pairs(T even, T odd) {  // (masked form, all lanes: bug 105593)
    const reg e = set1(even);
    return _mm512_mask_unpacklo_ps(e, 0xFFFF, e, set1(odd));
  }
  static T sum(reg v) {
    v = _mm512_add_ps(v, _mm512_mask_shuffle_f32x4(v, 0xFFFF, v, v, _MM_SHUFFLE(3, 2, 3, 2)));
    const __m256 s8 = _mm256_castpd_ps(low_half(_mm512_castps_pd(v)));
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(s8), _mm256_extractf128_ps(s8, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    return _mm_cvtss_f32(_mm_add_ss(s, _mm_movehdup_ps(s)));
  }
  // out[k] = sum(v[k]) for 8 vectors, bit for bit (the same pairs added at
  // each level), with the levels shared: halves of two vectors per add, then
  // quarters of four, eighths and pairs of lanes of all eight.
  static void sums8(const reg *v, T *out) {
    reg t[4], u[2];
    for (int k = 0; k < 4; ++k)  // [v(2k) lanes i + i+8 | v(2k+1) likewise]
      t[k] = add_blocks<0x44, 0xEE>(v[2 * k], v[2 * k + 1]);
    for (int k = 0; k < 2; ++k)  // 128-bit block j: v(4k + j), lanes i + i+4
      u[k] = add_blocks<0x88, 0xDD>(t[2 * k], t[2 * k + 1]);
    const __m512d u0 = _mm512_castps_pd(u[0]), u1 = _mm512_castps_pd(u[1]);
    // Block j: [v(j) lanes i + i+2, v(4 + j) likewise], then adjacent lanes.
    reg w = _mm512_add_ps(_mm512_castpd_ps(_mm512_mask_unpacklo_pd(u0, 0xFF, u0, u1)),
                          _mm512_castpd_ps(_mm512_mask_unpackhi_pd(u0, 0xFF, u0, u1)));
    w = _mm512_add_ps(w, swap_pairs(w));
    alignas(64) T lanes[16];
    _mm512_store_ps(lanes, w);
    for (int j = 0; j < 4; ++j) {
      out[j] = lanes[4 * j];
      out[4 + j] = lanes[4 * j + 2];
    }
  }
  // The 128-bit blocks of a and b that shuffle_f32x4 picks with A, plus those
  // it picks with B.
  template <int A, int B>
  static reg add_blocks(reg a, reg b) {
    return _mm512_add_ps(_mm512_mask_shuffle_f32x4(a, 0xFFFF, a, b, A),
                         _mm512_mask_shuffle_f32x4(a, 0xFFFF, a, b, B));
  }
};

struct VecDouble {
  using T = double;
  using reg = __m512d;
  using half = HalfDouble;
  static constexpr int width = 8;
  static reg zero() { return _mm512_setzero_pd(); }
  static reg set1(T x) { return _mm512_set1_pd(x); }
  static reg load(const T *p) { return _mm512_loadu_pd(p); }
  static reg load_halves(const T *p) {  // see VecFloat
    const __m512d low = _mm512_castpd256_pd512(_mm256_loadu_pd(p));
    return _mm512_mask_insertf64x4(low, 0xFF, low, _mm256_loadu_pd(p + 4), 1);
  }
  static reg broadcast(const T *p) { return _mm512_set1_pd(*p); }
  static reg fma(reg a, reg b, reg c) { return _mm512_fmadd_pd(a, b, c); }
  static reg mul(reg a, reg b) { return _mm512_mul_pd(a, b); }
  static void store(T *p, reg v) { _mm512_storeu_pd(p, v); }
  template <int NR>  // (see VecFloat)
  static inline __attribute__((always_inline)) void store_rows(const reg *cols, T *out) {
    RowsOfColumns<T, NR>::store(cols, out);
  }
  static reg lane(reg v, int i) {
    return _mm512_mask_permutexvar_pd(v, 0xFF, _mm512_set1_epi64(i), v);
  }
  static reg add(reg a, reg b) { return _mm512_add_pd(a, b); }
  static reg load_partial(const T *p, int n) {
    return _mm512_maskz_loadu_pd(static_cast<__mmask8>((1u << n) - 1), p);
  }
  static void store_partial(T *p, reg v, int n) {
    _mm512_mask_storeu_pd(p, static_cast<__mmask8>((1u << n) - 1), v);
  }
  static reg swap_pairs(reg v) { return _mm512_mask_permute_pd(v, 0xFF, v, 0x55); }
  static reg pairs(T even, T odd) {
    const reg e = set1(even);
    return _mm512_mask_unpacklo_pd(e, 0xFF, e, set1(odd));
  }
  static reg abs(reg v) { return _mm512_abs_pd(v); }
  static reg max(reg a, reg b) { return _mm512_mask_max_pd(b, 0xFF, a, b); }
  static unsigned mask_greater(reg a, reg b) { return _mm512_cmp_pd_mask(a, b, _CMP_GT_OQ); }
  static unsigned mask_equal(reg a, reg b) { return _mm512_cmp_pd_mask(a, b, _CMP_EQ_OQ); }
  // width floats converted to doubles (float nrm2 sums its squares in double).
  static reg load_float(const float *p) { return _mm512_maskz_cvtps_pd(0xFF, _mm256_loadu_ps(p)); }
  static reg load_float_partial(const float *p, int n) {
    return _mm512_maskz_cvtps_pd(0xFF, _mm256_maskz_loadu_ps(static_cast<__mmask8>((1u << n) - 1), p));
  }
  static reg load_masked(const T *p, unsigned lanes) {
    return _mm512_maskz_loadu_pd(static_cast<__mmask8>(lanes), p);
  }
  static void store_masked(T *p, reg v, unsigned lanes) {
    _mm512_mask_storeu_pd(p, static_cast<__mmask8>(lanes), v);
  }
  static reg fma_masked(reg a, reg b, reg c, unsigned lanes) {
    return _mm512_mask3_fmadd_pd(a, b, c, static_cast<__mmask8>(lanes));
  }
  static T sum(reg v) {
    v = _mm512_add_pd(v, _mm512_mask_shuffle_f64x2(v, 0xFF, v, v, _MM_SHUFFLE(3, 2, 3, 2)));
    const __m256d s4 = low_half(v);
    const __m128d s = _mm_add_pd(_mm256_castpd256_pd128(s4), _mm256_extractf128_pd(s4, 1));
    return _mm_cvtsd_f64(_mm_add_sd(s, _mm_unpackhi_pd(s, s)));
  }
  // out[k] = sum(v[k]) for 8 vectors, bit for bit (see VecFloat::sums8).
  static void sums8(const reg *v, T *out) {
    reg t[4], u[2];
    for (int k = 0; k < 4; ++k)  // [v(2k) lanes i + i+4 | v(2k+1) likewise]
      t[k] = add_blocks<0x44, 0xEE>(v[2 * k], v[2 * k + 1]);
    for (int k = 0; k < 2; ++k)  // 128-bit block j: v(4k + j), lanes i + i+2
      u[k] = add_blocks<0x88, 0xDD>(t[2 * k], t[2 * k + 1]);
    // Block j: [sum v(j), sum v(4 + j)].
    const reg w = _mm512_add_pd(_mm512_mask_unpacklo_pd(u[0], 0xFF, u[0], u[1]),
                                _mm512_mask_unpackhi_pd(u[0], 0xFF, u[0], u[1]));
    alignas(64) T lanes[8];
    _mm512_store_pd(lanes, w);
    for (int j = 0; j < 4; ++j) {
      out[j] = lanes[2 * j];
      out[4 + j] = lanes[2 * j + 1];
    }
  }
  template <int A, int B>  // (see VecFloat)
  static reg add_blocks(reg a, reg b) {
    return _mm512_add_pd(_mm512_mask_shuffle_f64x2(a, 0xFF, a, b, A),
                         _mm512_mask_shuffle_f64x2(a, 0xFF, a, b, B));
  }
};

}  // namespace tileblas::avx512
