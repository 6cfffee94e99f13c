// half_generic.cpp -- fp16 and bf16 inputs for the portable target: scalar
// conversion to fp32 while packing (baseline x86-64 has no F16C), then
// sgemm_generic_8x4's kernel.
#include "pack_half.hpp"

namespace tileblas::generic {

GemmMicrokernel<float> sgemm_generic_8x4();

namespace {

void f16_to_f32_array(index_t n, const std::uint16_t *src, float *dst) {
  F16Portable::run(src, dst, n);
}

void f32_to_f16_array(index_t n, const float *src, std::uint16_t *dst) {
  for (index_t i = 0; i < n; ++i) dst[i] = f32_to_f16(src[i]);
}

}  // namespace

GemmMicrokernel<float, std::uint16_t> shgemm_generic_8x4() {
  return with_converting_packers<8, 4, F16Portable>(sgemm_generic_8x4(), "shgemm_generic_8x4");
}

GemmMicrokernel<float, std::uint16_t> sbgemm_cvt_generic_8x4() {
  return with_converting_packers<8, 4, Bf16Portable>(sgemm_generic_8x4(),
                                                     "sbgemm_cvt_generic_8x4");
}

HalfConverters half_converters_generic() { return {&f16_to_f32_array, &f32_to_f16_array}; }

}  // namespace tileblas::generic
