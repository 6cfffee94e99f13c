// sgemm_avx2_16x6: sgemm microkernel, 16 x 6 register tile (2 x 6 vectors of 8 floats).
#include "avx2/pack_avx2.hpp"
#include "avx2/vec_avx2.hpp"
#include "make_microkernel.hpp"

namespace tileblas::avx2 {

GemmMicrokernel<float> sgemm_avx2_16x6() {
  return make_microkernel<VecFloat, 2, 6, &transposed::pack_a<Transposer<float>, 16>,
                          &transposed::copy_columns<Transposer<float>>>("sgemm_avx2_16x6");
}

}  // namespace tileblas::avx2
