// complex_vector_kernels_generic: complex Level 1/2 kernels on the portable
// 128-bit vectors (SSE2 on baseline x86-64: 2 complex floats, 1 complex
// double per vector), the same shapes as the AVX2 target's.
#include "complex_vector_table.hpp"
#include "generic/vec_generic.hpp"

namespace tileblas::generic {

ComplexVectorKernels<float> cvector_generic() {
  return make_complex_vector_kernels<VecFloat, 4, 4, 2, 2, 2, 4>("generic");
}
ComplexVectorKernels<double> zvector_generic() {
  return make_complex_vector_kernels<VecDouble, 4, 4, 2, 2, 2, 4>("generic");
}

}  // namespace tileblas::generic
