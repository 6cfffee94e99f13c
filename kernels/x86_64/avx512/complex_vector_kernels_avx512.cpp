// complex_vector_kernels_avx512: complex Level 1/2 kernels on 512-bit vectors
// (8 complex floats or 4 complex doubles per vector).  dot/axpy keep 4
// vectors (2 sums each for dot: 8 FMA chains); gemv_n adds 4 columns per
// pass over 4 vectors of y (8 multiplier + 4 y registers); gemv_t sums 4
// columns x 2 vectors (16 accumulators + 4 x registers).
#include "avx512/vec_avx512.hpp"
#include "complex_vector_kernels.hpp"

namespace tileblas::avx512 {

ComplexVectorKernels<float> cvector_avx512() {
  return make_complex_vector_kernels<VecFloat, 4, 4, 4, 4, 2>("avx512");
}
ComplexVectorKernels<double> zvector_avx512() {
  return make_complex_vector_kernels<VecDouble, 4, 4, 4, 4, 2>("avx512");
}

}  // namespace tileblas::avx512
