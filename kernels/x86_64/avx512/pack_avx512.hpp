// pack_avx512.hpp -- A packing for AVX-512 targets.  The transposed-source
// case (op(A) = A^T: a sliver's rows are strided, depth is contiguous) is the
// slow one for scalar code (2.5x the contiguous copy on Zen 4); here it reads
// W contiguous depth values from each of W rows and transposes the W x W
// block in registers (W = 16 floats or 8 doubles).  Everything else is the
// portable pack_slivers.
#pragma once

#include <immintrin.h>

#include "pack.hpp"

// GCC 12's AVX-512 shuffle intrinsics start from _mm512_undefined_*(), which
// -Wmaybe-uninitialized reports once inlined (GCC bug 105593, fixed in 13).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

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
  static R load(const float *p) { return _mm512_loadu_ps(p); }
  static void store(float *p, R v) { _mm512_storeu_ps(p, v); }
  static void transpose(R *r) { transpose16(r); }
};
template <>
struct Transposer<double> {
  static constexpr int W = 8;
  using R = __m512d;
  static R load(const double *p) { return _mm512_loadu_pd(p); }
  static void store(double *p, R v) { _mm512_storeu_pd(p, v); }
  static void transpose(R *r) { transpose8(r); }
};

template <class T, int MR>
void pack_a(index_t rows, index_t depth, const T *src, index_t rs, index_t cs, T *dst) {
  using X = Transposer<T>;
  constexpr int W = X::W;
  static_assert(MR % W == 0, "MR must be a multiple of the transpose width");
  const index_t full_rows = cs == 1 ? rows / MR * MR : 0;
  const index_t full_depth = depth / W * W;
  for (index_t s = 0; s < full_rows; s += MR) {
    T *sliver = dst + s * depth;
    for (index_t p = 0; p < full_depth; p += W) {
      for (int g = 0; g < MR; g += W) {  // one W x W block of the sliver
        typename X::R r[W];
        for (int i = 0; i < W; ++i) r[i] = X::load(src + (s + g + i) * rs + p);
        X::transpose(r);
        for (int q = 0; q < W; ++q) X::store(sliver + (p + q) * MR + g, r[q]);
      }
    }
    for (index_t p = full_depth; p < depth; ++p)  // depth tail
      for (int i = 0; i < MR; ++i) sliver[p * MR + i] = src[(s + i) * rs + p];
  }
  // Contiguous sources, and the partial last sliver, take the portable path.
  pack_slivers<T, MR>(rows - full_rows, depth, src + full_rows * rs, rs, cs,
                      dst + full_rows * depth);
}

}  // namespace tileblas::avx512

#pragma GCC diagnostic pop
