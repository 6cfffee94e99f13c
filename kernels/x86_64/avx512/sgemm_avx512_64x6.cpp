// sgemm_avx512_64x6: sgemm microkernel, 64 x 6 register tile (4 x 6 vectors of 16 floats).
// 24 accumulators + 4 A vectors + 1 broadcast of the 32 zmm registers.  Per
// k step: 4 loads of A, 6 broadcasts of B, 24 FMAs.  Measured on Zen 4 against
// 32x12, 48x8 and 16x24 in the full driver: the tall tile wins (fewer loads per
// FMA, and the small B sliver stays in L1 while A streams from L2).
#include "avx512/pack_avx512.hpp"
#include "avx512/pack_b_avx512.hpp"
#include "avx512/asm_tiles.hpp"
#include "avx512/vec_avx512.hpp"
#include "make_microkernel.hpp"

namespace tileblas::avx512 {

GemmMicrokernel<float> sgemm_avx512_64x6() {
  return make_microkernel<VecFloat, 4, 6, &transposed::pack_a<Transposer<float>, 64>,
                          &transposed::copy_columns<Transposer<float>>, AsmTiles<float>,
                          &pack_b_rows<VecFloat, 6>>("sgemm_avx512_64x6");
}

}  // namespace tileblas::avx512
