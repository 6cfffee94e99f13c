// dgemm_avx2_8x6: dgemm microkernel, 8 x 6 register tile (2 x 6 vectors of 4 doubles).
#include "avx2/pack_avx2.hpp"
#include "avx2/vec_avx2.hpp"
#include "make_microkernel.hpp"
#include "trsm_tile_rows.hpp"

namespace tileblas::avx2 {

GemmMicrokernel<double> dgemm_avx2_8x6() {
  GemmMicrokernel<double> uk =
      make_microkernel<VecDouble, 2, 6, &transposed::pack_a<Transposer<double>, 8>,
                       &transposed::copy_columns<Transposer<double>>, void,
                       &transposed::pack_b<Transposer<double>, 6>>("dgemm_avx2_8x6");
  uk.solve_left = &TrsmTileRows<Transposer<double>, 2, 6>::left;  // a row: 4 + 2 lanes
  return uk;
}

}  // namespace tileblas::avx2
