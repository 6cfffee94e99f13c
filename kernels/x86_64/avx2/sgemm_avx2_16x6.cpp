// sgemm_avx2_16x6: sgemm microkernel, 16 x 6 register tile (2 x 6 vectors of 8 floats).
#include "avx2/pack_avx2.hpp"
#include "avx2/vec_avx2.hpp"
#include "make_microkernel.hpp"
#include "trsm_tile_rows.hpp"

namespace tileblas::avx2 {

GemmMicrokernel<float> sgemm_avx2_16x6() {
  GemmMicrokernel<float> uk =
      make_microkernel<VecFloat, 2, 6, &transposed::pack_a<Transposer<float>, 16>,
                       &transposed::copy_columns<Transposer<float>>, void,
                       &transposed::pack_b<Transposer<float>, 6>>("sgemm_avx2_16x6");
  uk.solve_left = &TrsmTileRows<Transposer<float>, 2, 6>::left;  // a row of 6 fits one vector
  return uk;
}

}  // namespace tileblas::avx2
