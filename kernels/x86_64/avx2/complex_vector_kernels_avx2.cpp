// complex_vector_kernels_avx2: complex Level 1/2 kernels on 256-bit vectors.
// 16 ymm registers: gemv_n adds 4 columns (8 multiplier registers) per pass
// over 2 vectors of y; gemv_t sums 4 columns x 1 vector (against 2 x 2, on
// Zen 3: cgemv T 128^2 1.4x, 256^2 1.17x, 2048^2 1.3x; zgemv T 1.0-1.27x;
// gemv_n's 4 x 2 measured best of 4 x 1, 3 x 2, 2 x 4 there too).
#include "avx2/vec_avx2.hpp"
#include "complex_vector_table.hpp"

namespace tileblas::avx2 {

ComplexVectorKernels<float> cvector_avx2() {
  return make_complex_vector_kernels<VecFloat, 4, 4, 2, 4, 1, 4>("avx2");
}
ComplexVectorKernels<double> zvector_avx2() {
  return make_complex_vector_kernels<VecDouble, 4, 4, 2, 4, 1, 4>("avx2");
}

}  // namespace tileblas::avx2
