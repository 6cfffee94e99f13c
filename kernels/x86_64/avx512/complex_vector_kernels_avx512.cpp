// complex_vector_kernels_avx512: complex Level 1/2 kernels on 512-bit vectors
// (8 complex floats or 4 complex doubles per vector).  dot/axpy keep 4
// vectors (2 sums each for dot: 8 FMA chains); gemv_n adds 8 columns per
// pass over 2 vectors of y (16 multiplier + 2 y registers; ~5 % faster in L2
// on Zen 5 than 4 columns x 4 vectors); gemv_t sums 4 columns x 2 vectors
// (16 accumulators + 4 x registers; 2 x 4 and 8 x 1 measured no better).
#include "avx512/vec_avx512.hpp"
#include "complex_vector_table.hpp"

namespace tileblas::avx512 {

ComplexVectorKernels<float> cvector_avx512() {
  return make_complex_vector_kernels<VecFloat, 4, 8, 2, 4, 2, 4>("avx512");
}
ComplexVectorKernels<double> zvector_avx512() {
  return make_complex_vector_kernels<VecDouble, 4, 8, 2, 4, 2, 4>("avx512");
}

}  // namespace tileblas::avx512
