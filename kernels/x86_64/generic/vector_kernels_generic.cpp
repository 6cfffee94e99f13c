// vector_kernels_generic: Level 1/2 kernels on portable 128-bit vectors
// (SSE2 on x86-64; multiply and add, no FMA), 16 registers as for AVX2.
#include "generic/vec_generic.hpp"
#include "vector_kernels.hpp"

namespace tileblas::generic {

VectorKernels<float> svector_generic() {
  return make_vector_kernels<VecFloat, VecDouble, 4, 4, 4, 4, 2, 4, 1>("generic");
}
VectorKernels<double> dvector_generic() {
  return make_vector_kernels<VecDouble, VecDouble, 4, 4, 4, 4, 2, 4, 1>("generic");
}

}  // namespace tileblas::generic
