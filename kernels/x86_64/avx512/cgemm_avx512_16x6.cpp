// cgemm_avx512_16x6: cgemm microkernel, 16 x 6 complex register tile on
// interleaved packed slivers: 2 vectors of 8 complex floats times 12 B
// scalars (6 real parts, 6 imaginary) = 24 zmm accumulators, the shape of a
// real 32 x 12 tile.  A depth step is 128 B of A and 48 B of B for 24 FMAs,
// the A stream of the 32 x 6 split-storage kernel it replaced.
#include "avx512/vec_avx512.hpp"
#include "complex_microkernel.hpp"

namespace tileblas::avx512 {

ComplexGemmKernel<float> cgemm_avx512_16x6(Blocksizes blocks) {
  return ComplexMicrokernel<VecFloat, 2, 6>::table("cgemm_avx512_16x6", blocks);
}

}  // namespace tileblas::avx512
