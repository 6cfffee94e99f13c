// complex_vector_kernels_avx512: complex Level 1/2 kernels on 512-bit vectors
// (8 complex floats or 4 complex doubles per vector).  dot/axpy keep 4
// vectors (2 sums each for dot: 8 FMA chains); gemv_n adds 8 columns per
// pass over 2 vectors of y (16 multiplier + 2 y registers; ~5 % faster in L2
// on Zen 5 than 4 columns x 4 vectors); gemv_t sums 4 columns x 2 vectors
// (16 accumulators + 4 x registers; 2 x 4 and 8 x 1 measured no better).
#include "avx2/vec_avx2.hpp"
#include "avx512/vec_avx512.hpp"
#include "complex_vector_table.hpp"

namespace tileblas::avx512 {

ComplexVectorKernels<float> cvector_avx512() {
  return make_complex_vector_kernels<VecFloat, 4, 8, 2, 4, 2, 4>("avx512");
}
ComplexVectorKernels<double> zvector_avx512() {
  return make_complex_vector_kernels<VecDouble, 4, 8, 2, 4, 2, 4>("avx512");
}

// Zen 4: gemv_t on 256-bit vectors, 8 columns x 1 vector (16 accumulators
// + 2 x registers).  A 512-bit load splits across two cache lines whenever
// the data is not 64-byte aligned (a large malloc block is 16 bytes past a
// page), and 8 columns halve the lane sums per column.  cgemv T against the
// 512-bit 4 x 2 (interleaved medians, us): A 16 bytes past 64, 32^2 0.26 ->
// 0.21, 64^2 0.77 -> 0.54, 128^2 2.24 -> 1.69, 256^2 7.1 -> 5.9 (OpenBLAS
// 0.3.34 0.16, 0.50, 1.64, 6.1); aligned 64^2 0.57 -> 0.53, 256^2 within
// noise.  (512-bit 8 x 1 was as good aligned, 5-12 % slower misaligned.)
// zgemv T and the gemv_n kernels measured no better on 256 bits (c N 128^2
// 1.2-1.4x slower), so they stay 512-bit.  Zen4Tag: the instantiation
// vector_kernels_avx512.cpp uses, compiled with the same flags.
struct Zen4Tag;
ComplexVectorKernels<float> cvector_zen4() {
  using Float256 = avx2::VecFloatOf<Zen4Tag>;
  ComplexVectorKernels<float> k = cvector_avx512();
  k.gemv_t = &complex_gemv_t<Float256, 8, 1>;
  k.gemv_t_listed = &complex_gemv_t_listed<Float256, 8, 1>;
  return k;
}

}  // namespace tileblas::avx512
