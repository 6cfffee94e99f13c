// zgemm_avx512_8x6: zgemm microkernel, 8 x 6 complex register tile on
// interleaved packed slivers: 2 vectors of 4 complex doubles times 12 B
// scalars (6 real parts, 6 imaginary) = 24 zmm accumulators, the shape of a
// real 16 x 12 tile.  A depth step is 128 B of A and 96 B of B for 24 FMAs.
#include "avx512/vec_avx512.hpp"
#include "complex_microkernel.hpp"

namespace tileblas::avx512 {

ComplexGemmKernel<double> zgemm_avx512_8x6(Blocksizes blocks) {
  return ComplexMicrokernel<VecDouble, 2, 6>::table("zgemm_avx512_8x6", blocks);
}

}  // namespace tileblas::avx512
