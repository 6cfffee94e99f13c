// vector_kernels_avx2: Level 1/2 kernels on 256-bit vectors.  16 ymm
// registers: gemv_n keeps 4 column broadcasts + 4 y vectors, gemv_t 4
// columns x 2 accumulators + 2 x vectors (8 FMA chains either way); symv's
// panel 4 columns x 1 vector (4 dot chains + the y chain, 11 registers).
#include "avx2/vec_avx2.hpp"
#include "vector_kernels.hpp"

namespace tileblas::avx2 {

VectorKernels<float> svector_avx2() {
  return make_vector_kernels<VecFloat, VecDouble, 4, 4, 4, 4, 2, 4, 1>("avx2");
}
VectorKernels<double> dvector_avx2() {
  return make_vector_kernels<VecDouble, VecDouble, 4, 4, 4, 4, 2, 4, 1>("avx2");
}

}  // namespace tileblas::avx2
