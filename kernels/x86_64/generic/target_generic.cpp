// target_generic.cpp -- the portable fallback: 128-bit vectors, no FMA, runs
// on any CPU the compiler targets (SSE2 on x86-64).
#include "target.hpp"

namespace tileblas {
namespace generic {
GemmMicrokernel<float> sgemm_generic_8x4();
GemmMicrokernel<double> dgemm_generic_4x4();
GemmMicrokernel<float, std::uint16_t> shgemm_generic_8x4();
GemmMicrokernel<float, std::uint16_t> sbgemm_cvt_generic_8x4();
HalfConverters half_converters_generic();
VectorKernels<float> svector_generic();
VectorKernels<double> dvector_generic();
ComplexVectorKernels<float> cvector_generic();
ComplexVectorKernels<double> zvector_generic();
}  // namespace generic

const CpuTarget &generic_target() {
  // 8 accumulators in 16 xmm registers; modest blocks that suit any cache.
  static const CpuTarget target = [] {
    CpuTarget t = {
        "generic",
        {generic::sgemm_generic_8x4(), {128, 256, 4096}},
        {generic::dgemm_generic_4x4(), {128, 256, 4096}},
    };
    // fp16/bf16 are converted to fp32 while packing: sgemm's kernel and blocks.
    t.shgemm = {generic::shgemm_generic_8x4(), {128, 256, 4096}};
    t.sbgemm = {generic::sbgemm_cvt_generic_8x4(), {128, 256, 4096}};
    t.half = generic::half_converters_generic();
    // Level 1/2 kernels (vector_kernels_generic.cpp says why these shapes).
    t.svector = generic::svector_generic();
    t.dvector = generic::dvector_generic();
    t.cvector = generic::cvector_generic();
    t.zvector = generic::zvector_generic();
    return t;
  }();
  return target;
}

}  // namespace tileblas
