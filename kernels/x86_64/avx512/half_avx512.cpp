// half_avx512.cpp -- fp16 and bf16 inputs for the AVX-512 target by
// conversion: 16 values at a time to fp32 while packing (vcvtph2ps for fp16, a
// zero-extend and shift for bf16), then sgemm_avx512_64x6's kernel.  bf16 on
// CPUs with AVX-512 BF16 uses sbgemm_avx512bf16_64x6 instead (dispatch.cpp).
// Also the target's fp32 <-> fp16 array conversions (hgemm's C).
#include <immintrin.h>

#include "pack_half.hpp"

// GCC 12's AVX-512 intrinsics start from _mm512_undefined_*(), which
// -Wmaybe-uninitialized reports once inlined (GCC bug 105593, fixed in 13).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

namespace tileblas::avx512 {

GemmMicrokernel<float> sgemm_avx512_64x6();

namespace {

struct F16Avx512 {
  static float one(std::uint16_t h) { return _cvtsh_ss(h); }
  static void run(const std::uint16_t *s, float *d, index_t n) {
    index_t i = 0;
    for (; i + 16 <= n; i += 16)
      _mm512_storeu_ps(d + i, _mm512_cvtph_ps(_mm256_loadu_si256(
                                  reinterpret_cast<const __m256i *>(s + i))));
    for (; i < n; ++i) d[i] = one(s[i]);
  }
};

struct Bf16Avx512 {
  static float one(std::uint16_t h) { return bf16_to_f32(h); }
  static void run(const std::uint16_t *s, float *d, index_t n) {
    index_t i = 0;
    for (; i + 16 <= n; i += 16) {
      const __m512i wide = _mm512_cvtepu16_epi32(
          _mm256_loadu_si256(reinterpret_cast<const __m256i *>(s + i)));
      _mm512_storeu_si512(d + i, _mm512_slli_epi32(wide, 16));
    }
    for (; i < n; ++i) d[i] = one(s[i]);
  }
};

void f16_to_f32_array(index_t n, const std::uint16_t *src, float *dst) {
  F16Avx512::run(src, dst, n);
}

void f32_to_f16_array(index_t n, const float *src, std::uint16_t *dst) {
  // vcvtps2ph with an explicit rounding mode: nearest even whatever MXCSR says.
  constexpr int kRound = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;
  index_t i = 0;
  for (; i + 16 <= n; i += 16)
    _mm256_storeu_si256(reinterpret_cast<__m256i *>(dst + i),
                        _mm512_cvtps_ph(_mm512_loadu_ps(src + i), kRound));
  for (; i < n; ++i) dst[i] = _cvtss_sh(src[i], kRound);
}

}  // namespace

GemmMicrokernel<float, std::uint16_t> shgemm_avx512_64x6() {
  return with_converting_packers<64, 6, F16Avx512>(sgemm_avx512_64x6(), "shgemm_avx512_64x6");
}

GemmMicrokernel<float, std::uint16_t> sbgemm_cvt_avx512_64x6() {
  return with_converting_packers<64, 6, Bf16Avx512>(sgemm_avx512_64x6(),
                                                    "sbgemm_cvt_avx512_64x6");
}

HalfConverters half_converters_avx512() { return {&f16_to_f32_array, &f32_to_f16_array}; }

}  // namespace tileblas::avx512
