// complex_vector_kernels_avx2: complex Level 1/2 kernels on 256-bit vectors.
// 16 ymm registers: gemv_n adds 4 columns (8 multiplier registers) per pass
// over 2 vectors of y; gemv_t sums 2 columns x 2 vectors (8 accumulators +
// 4 x registers).
#include "avx2/vec_avx2.hpp"
#include "complex_vector_table.hpp"

namespace tileblas::avx2 {

ComplexVectorKernels<float> cvector_avx2() {
  return make_complex_vector_kernels<VecFloat, 4, 4, 2, 2, 2, 4>("avx2");
}
ComplexVectorKernels<double> zvector_avx2() {
  return make_complex_vector_kernels<VecDouble, 4, 4, 2, 2, 2, 4>("avx2");
}

}  // namespace tileblas::avx2
