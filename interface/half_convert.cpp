// half_convert.cpp -- tileblas_*: fp32 <-> fp16 / bf16 conversions, one value
// (portable, half_float.hpp) or whole arrays (fp16 through the target's
// vectorized converters, which round identically).
#include <cstddef>
#include <cstdint>

#include "../include/tileblas.h"
#include "dispatch.hpp"
#include "half_float.hpp"

#define TILEBLAS_EXPORT __attribute__((visibility("default")))

extern "C" {

TILEBLAS_EXPORT std::uint16_t tileblas_f32_to_f16(float x) { return tileblas::f32_to_f16(x); }
TILEBLAS_EXPORT float tileblas_f16_to_f32(std::uint16_t h) { return tileblas::f16_to_f32(h); }
TILEBLAS_EXPORT std::uint16_t tileblas_f32_to_bf16(float x) { return tileblas::f32_to_bf16(x); }
TILEBLAS_EXPORT float tileblas_bf16_to_f32(std::uint16_t h) { return tileblas::bf16_to_f32(h); }

TILEBLAS_EXPORT void tileblas_f32_to_f16_array(std::size_t n, const float *src,
                                               std::uint16_t *dst) {
  tileblas::active_target().half.f32_to_f16(static_cast<tileblas::index_t>(n), src, dst);
}
TILEBLAS_EXPORT void tileblas_f16_to_f32_array(std::size_t n, const std::uint16_t *src,
                                               float *dst) {
  tileblas::active_target().half.f16_to_f32(static_cast<tileblas::index_t>(n), src, dst);
}
// bf16 is the top half of an fp32: these loops vectorize as they are.
TILEBLAS_EXPORT void tileblas_f32_to_bf16_array(std::size_t n, const float *src,
                                                std::uint16_t *dst) {
  for (std::size_t i = 0; i < n; ++i) dst[i] = tileblas::f32_to_bf16(src[i]);
}
TILEBLAS_EXPORT void tileblas_bf16_to_f32_array(std::size_t n, const std::uint16_t *src,
                                                float *dst) {
  for (std::size_t i = 0; i < n; ++i) dst[i] = tileblas::bf16_to_f32(src[i]);
}

}  // extern "C"
