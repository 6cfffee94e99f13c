// half_avx2.cpp -- fp16 and bf16 inputs for the AVX2 target: converted to
// fp32 8 at a time while packing (F16C vcvtph2ps; bf16 by zero-extend and
// shift), then sgemm_avx2_16x6's kernel.  Plus fp32 <-> fp16 arrays.
#include <immintrin.h>

#include "pack_half.hpp"

namespace tileblas::avx2 {

GemmMicrokernel<float> sgemm_avx2_16x6();

namespace {

struct F16Avx2 {
  static float one(std::uint16_t h) { return _cvtsh_ss(h); }
  static void run(const std::uint16_t *s, float *d, index_t n) {
    index_t i = 0;
    for (; i + 8 <= n; i += 8)
      _mm256_storeu_ps(d + i, _mm256_cvtph_ps(_mm_loadu_si128(
                                  reinterpret_cast<const __m128i *>(s + i))));
    for (; i < n; ++i) d[i] = one(s[i]);
  }
};

struct Bf16Avx2 {
  static float one(std::uint16_t h) { return bf16_to_f32(h); }
  static void run(const std::uint16_t *s, float *d, index_t n) {
    index_t i = 0;
    for (; i + 8 <= n; i += 8) {
      const __m256i wide =
          _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i *>(s + i)));
      _mm256_storeu_si256(reinterpret_cast<__m256i *>(d + i), _mm256_slli_epi32(wide, 16));
    }
    for (; i < n; ++i) d[i] = one(s[i]);
  }
};

void f16_to_f32_array(index_t n, const std::uint16_t *src, float *dst) {
  F16Avx2::run(src, dst, n);
}

void f32_to_f16_array(index_t n, const float *src, std::uint16_t *dst) {
  constexpr int kRound = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;  // not MXCSR's mode
  index_t i = 0;
  for (; i + 8 <= n; i += 8)
    _mm_storeu_si128(reinterpret_cast<__m128i *>(dst + i),
                     _mm256_cvtps_ph(_mm256_loadu_ps(src + i), kRound));
  for (; i < n; ++i) dst[i] = _cvtss_sh(src[i], kRound);
}

}  // namespace

GemmMicrokernel<float, std::uint16_t> shgemm_avx2_16x6() {
  return with_converting_packers<16, 6, F16Avx2>(sgemm_avx2_16x6(), "shgemm_avx2_16x6");
}

GemmMicrokernel<float, std::uint16_t> sbgemm_cvt_avx2_16x6() {
  return with_converting_packers<16, 6, Bf16Avx2>(sgemm_avx2_16x6(), "sbgemm_cvt_avx2_16x6");
}

HalfConverters half_converters_avx2() { return {&f16_to_f32_array, &f32_to_f16_array}; }

}  // namespace tileblas::avx2
