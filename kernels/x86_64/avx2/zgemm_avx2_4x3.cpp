// zgemm_avx2_4x3: zgemm microkernel, 4 x 3 complex register tile on
// interleaved packed slivers: 2 vectors of 2 complex doubles times 6 B
// scalars = 12 ymm accumulators, 2 for the A step and 1 broadcast: the
// register budget and load mix of dgemm_avx2_8x6.
#include "avx2/vec_avx2.hpp"
#include "complex_microkernel.hpp"

namespace tileblas::avx2 {

ComplexGemmKernel<double> zgemm_avx2_4x3(Blocksizes blocks) {
  return ComplexMicrokernel<VecDouble, 2, 3>::table("zgemm_avx2_4x3", blocks);
}

}  // namespace tileblas::avx2
