// pack_avx512.hpp -- copies of op(A) for AVX-512 targets: packing into
// slivers and the column-major copy of the small-problem path.  The
// transposed-source case (op(A) = A^T: depth is contiguous, rows strided)
// reads W contiguous depth values from each of W rows and transposes the
// W x W block in registers (W = 16 floats or 8 doubles).
#pragma once

#include <immintrin.h>

#include <algorithm>

#include "pack.hpp"

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

// One W x W block of a transposed source: `rows` (<= W) rows of `depth`
// (<= W) contiguous values in, `depth` columns of `rows` values out to dst
// (column stride ld).  kFull: the whole block, without lane masks.
template <class T, bool kFull>
__attribute__((always_inline)) inline void transpose_block(int rows, int depth, const T *src, index_t rs, T *dst, index_t ld) {
  using X = Transposer<T>;
  typename X::R r[X::W];
  for (int i = 0; i < X::W; ++i)
    r[i] = kFull ? X::load(src + i * rs)
                 : i < rows ? X::load_partial(src + i * rs, depth) : X::zero();
  X::transpose(r);
  for (int q = 0; q < (kFull ? X::W : depth); ++q) {
    if (kFull)
      X::store(dst + q * ld, r[q]);
    else
      X::store_partial(dst + q * ld, r[q], rows);
  }
}

// rows x depth of op(A) column-major into dst (CopyColumnsFn).  A transposed
// source (cs == 1: a row's depth values are contiguous) goes through the
// registers W x W at a time -- element by element it is the slow case for
// scalar code (2.5x a contiguous copy on Zen 4); the partial blocks at the
// edges are read and written under lane masks.  Other sources are copied
// by the portable loop.
template <class T>
void copy_columns(index_t rows, index_t depth, const T *src, index_t rs, index_t cs, T *dst,
                  index_t ld) {
  if (cs != 1) {
    tileblas::copy_columns(rows, depth, src, rs, cs, dst, ld);
    return;
  }
  constexpr int W = Transposer<T>::W;
  for (index_t i = 0; i < rows; i += W) {
    const int h = static_cast<int>(std::min<index_t>(W, rows - i));
    for (index_t p = 0; p < depth; p += W) {
      const int w = static_cast<int>(std::min<index_t>(W, depth - p));
      if (h == W && w == W)
        transpose_block<T, true>(W, W, src + i * rs + p, rs, dst + p * ld + i, ld);
      else
        transpose_block<T, false>(h, w, src + i * rs + p, rs, dst + p * ld + i, ld);
    }
  }
}

// A transposed source packs sliver by sliver: a sliver is an MR-row
// column-major block with column stride MR (rows past `rows` zero).
// Contiguous sources take the portable path.
template <class T, int MR>
void pack_a(index_t rows, index_t depth, const T *src, index_t rs, index_t cs, T *dst) {
  if (cs != 1) {
    pack_slivers<T, MR>(rows, depth, src, rs, cs, dst);
    return;
  }
  for (index_t s = 0; s < rows; s += MR) {
    const index_t h = std::min<index_t>(MR, rows - s);
    T *sliver = dst + s * depth;
    copy_columns(h, depth, src + s * rs, rs, cs, sliver, MR);
    for (index_t p = 0; h < MR && p < depth; ++p)
      std::fill(sliver + p * MR + h, sliver + (p + 1) * MR, T(0));
  }
}

}  // namespace tileblas::avx512

#pragma GCC diagnostic pop
