// pack_avx512.hpp -- copies of op(A) for AVX-512 targets: packing into
// slivers and the column-major copy of the small-problem path, a transposed
// source through the registers (pack_transposed.hpp) 16 floats or 8
// doubles square at a time.
#pragma once

#include <immintrin.h>

#include "pack_transposed.hpp"

// GCC 12's AVX-512 shuffle intrinsics start from _mm512_undefined_*(), which
// -Wmaybe-uninitialized reports once inlined (GCC bug 105593, fixed in 13).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"

namespace tileblas::avx512 {

// r[i] = row i of a 16x16 block  ->  r[j] = column j.
inline void transpose16(__m512 r[16]) {
  __m512 t[16], u[16];
  for (int i = 0; i < 8; ++i) {  // per 128-bit lane: pairs of rows interleaved
    t[2 * i] = _mm512_unpacklo_ps(r[2 * i], r[2 * i + 1]);
    t[2 * i + 1] = _mm512_unpackhi_ps(r[2 * i], r[2 * i + 1]);
  }
  for (int i = 0; i < 4; ++i) {  // lane L of u[4i+j] = column 4L+j of rows 4i..4i+3
    u[4 * i + 0] = _mm512_shuffle_ps(t[4 * i], t[4 * i + 2], 0x44);
    u[4 * i + 1] = _mm512_shuffle_ps(t[4 * i], t[4 * i + 2], 0xEE);
    u[4 * i + 2] = _mm512_shuffle_ps(t[4 * i + 1], t[4 * i + 3], 0x44);
    u[4 * i + 3] = _mm512_shuffle_ps(t[4 * i + 1], t[4 * i + 3], 0xEE);
  }
  for (int j = 0; j < 4; ++j) {  // gather lane L of u[j], u[4+j], u[8+j], u[12+j]
    const __m512 w0 = _mm512_shuffle_f32x4(u[j], u[4 + j], 0x88);
    const __m512 w1 = _mm512_shuffle_f32x4(u[j], u[4 + j], 0xDD);
    const __m512 x0 = _mm512_shuffle_f32x4(u[8 + j], u[12 + j], 0x88);
    const __m512 x1 = _mm512_shuffle_f32x4(u[8 + j], u[12 + j], 0xDD);
    r[j] = _mm512_shuffle_f32x4(w0, x0, 0x88);
    r[8 + j] = _mm512_shuffle_f32x4(w0, x0, 0xDD);
    r[4 + j] = _mm512_shuffle_f32x4(w1, x1, 0x88);
    r[12 + j] = _mm512_shuffle_f32x4(w1, x1, 0xDD);
  }
}

// r[i] = row i of an 8x8 block  ->  r[j] = column j.
inline void transpose8(__m512d r[8]) {
  __m512d t[8];
  for (int i = 0; i < 4; ++i) {  // lane L of t[2i+j] = column 2L+j of rows 2i, 2i+1
    t[2 * i] = _mm512_unpacklo_pd(r[2 * i], r[2 * i + 1]);
    t[2 * i + 1] = _mm512_unpackhi_pd(r[2 * i], r[2 * i + 1]);
  }
  for (int j = 0; j < 2; ++j) {  // gather lane L of t[j], t[2+j], t[4+j], t[6+j]
    const __m512d w0 = _mm512_shuffle_f64x2(t[j], t[2 + j], 0x88);
    const __m512d w1 = _mm512_shuffle_f64x2(t[j], t[2 + j], 0xDD);
    const __m512d x0 = _mm512_shuffle_f64x2(t[4 + j], t[6 + j], 0x88);
    const __m512d x1 = _mm512_shuffle_f64x2(t[4 + j], t[6 + j], 0xDD);
    r[j] = _mm512_shuffle_f64x2(w0, x0, 0x88);
    r[4 + j] = _mm512_shuffle_f64x2(w0, x0, 0xDD);
    r[2 + j] = _mm512_shuffle_f64x2(w1, x1, 0x88);
    r[6 + j] = _mm512_shuffle_f64x2(w1, x1, 0xDD);
  }
}

template <class T>
struct Transposer;
template <>
struct Transposer<float> {
  using T = float;
  static constexpr int W = 16;
  using R = __m512;
  static R zero() { return _mm512_setzero_ps(); }
  static R load(const float *p) { return _mm512_loadu_ps(p); }
  static void store(float *p, R v) { _mm512_storeu_ps(p, v); }
  // The first n lanes (the rest zero / left alone): nothing past p + n is touched.
  static R load_partial(const float *p, int n) {
    return _mm512_maskz_loadu_ps(static_cast<__mmask16>((1u << n) - 1), p);
  }
  static void store_partial(float *p, R v, int n) {
    _mm512_mask_storeu_ps(p, static_cast<__mmask16>((1u << n) - 1), v);
  }
  static void transpose(R *r) { transpose16(r); }
};
template <>
struct Transposer<double> {
  using T = double;
  static constexpr int W = 8;
  using R = __m512d;
  static R zero() { return _mm512_setzero_pd(); }
  static R load(const double *p) { return _mm512_loadu_pd(p); }
  static void store(double *p, R v) { _mm512_storeu_pd(p, v); }
  static R load_partial(const double *p, int n) {
    return _mm512_maskz_loadu_pd(static_cast<__mmask8>((1u << n) - 1), p);
  }
  static void store_partial(double *p, R v, int n) {
    _mm512_mask_storeu_pd(p, static_cast<__mmask8>((1u << n) - 1), v);
  }
  static void transpose(R *r) { transpose8(r); }
};

}  // namespace tileblas::avx512

#pragma GCC diagnostic pop
