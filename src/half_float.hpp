// half_float.hpp -- scalar fp16 (IEEE binary16) and bf16 <-> fp32 conversions
// in portable integer code: exact widening, round-to-nearest-even narrowing,
// NaN stays NaN (quieted), overflow goes to +-inf, subnormals kept (no
// flush to zero).  The engine, the exported helpers and the generic target
// use these; the SIMD targets convert arrays with F16C / AVX-512 instead and
// must agree with them bit for bit.
#pragma once

#include <cstdint>
#include <cstring>

namespace tileblas {

inline std::uint32_t bits_of(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}
inline float float_of(std::uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

inline float f16_to_f32(std::uint16_t h) {
  const std::uint32_t sign = std::uint32_t(h & 0x8000) << 16;
  const std::uint32_t exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  if (exp == 0x1f) return float_of(sign | 0x7f800000 | mant << 13);  // inf, NaN (payload kept)
  if (exp != 0) return float_of(sign | (exp + 112) << 23 | mant << 13);  // rebias 15 -> 127
  // Zero or subnormal: mant * 2^-24, exact in fp32.
  const float magnitude = float(mant) * float_of(0x33800000);  // 2^-24
  return float_of(sign | bits_of(magnitude));
}

inline std::uint16_t f32_to_f16(float f) {
  std::uint32_t x = bits_of(f);
  const std::uint16_t sign = std::uint16_t((x >> 16) & 0x8000);
  x &= 0x7fffffff;
  if (x >= 0x7f800000)  // inf, or NaN: set the quiet bit, keep the top of the payload
    return sign | (x == 0x7f800000 ? 0x7c00 : 0x7e00 | ((x >> 13) & 0x3ff));
  if (x >= 0x477ff000) return sign | 0x7c00;  // >= 65520 rounds past 65504: inf
  if (x < 0x38800000) {
    // Below 2^-14 the result is subnormal: adding 0.5 (whose ulp is 2^-24, the
    // fp16 subnormal step) makes the FPU round |f| to a multiple of 2^-24,
    // to nearest even; the low bits of the sum are then the fp16 mantissa.
    const float sum = float_of(x) + 0.5f;
    return sign | std::uint16_t(bits_of(sum) - 0x3f000000);
  }
  // Normal: round the 13 dropped bits to nearest even, then rebias 127 -> 15
  // (a carry out of the mantissa correctly bumps the exponent).
  x += 0xfff + ((x >> 13) & 1);
  return sign | std::uint16_t((x - 0x38000000) >> 13);
}

inline float bf16_to_f32(std::uint16_t h) { return float_of(std::uint32_t(h) << 16); }

inline std::uint16_t f32_to_bf16(float f) {
  std::uint32_t x = bits_of(f);
  if ((x & 0x7fffffff) > 0x7f800000) return std::uint16_t((x >> 16) | 0x40);  // quiet NaN
  // Nearest even on the 16 dropped bits; overflow carries into inf, and
  // subnormals round the same way (bf16 shares fp32's exponent).
  x += 0x7fff + ((x >> 16) & 1);
  return std::uint16_t(x >> 16);
}

}  // namespace tileblas
