// dgemm_avx512_32x6: dgemm microkernel, 32 x 6 register tile (4 x 6 vectors of 8 doubles).
// Same register budget and reasoning as sgemm_avx512_64x6.
#include "avx512/pack_avx512.hpp"
#include "avx512/pack_b_avx512.hpp"
#include "avx512/asm_tiles.hpp"
#include "avx512/vec_avx512.hpp"
#include "make_microkernel.hpp"

namespace tileblas::avx512 {

GemmMicrokernel<double> dgemm_avx512_32x6() {
  return make_microkernel<VecDouble, 4, 6, &transposed::pack_a<Transposer<double>, 32>,
                          &transposed::copy_columns<Transposer<double>>, AsmTiles<double>,
                          &pack_b_rows<VecDouble, 6>>("dgemm_avx512_32x6");
}

}  // namespace tileblas::avx512
