// cgemm_avx2_8x3: cgemm microkernel, 8 x 3 complex register tile on
// interleaved packed slivers: 2 vectors of 4 complex floats times 6 B
// scalars = 12 ymm accumulators, 2 for the A step and 1 broadcast: the
// register budget and load mix of sgemm_avx2_16x6.
#include "avx2/vec_avx2.hpp"
#include "complex_microkernel.hpp"

namespace tileblas::avx2 {

ComplexGemmKernel<float> cgemm_avx2_8x3(Blocksizes blocks) {
  return ComplexMicrokernel<VecFloat, 2, 3>::table("cgemm_avx2_8x3", blocks);
}

}  // namespace tileblas::avx2
