// sgemm_avx512_32x12: sgemm microkernel, 32 x 12 register tile (2 x 12 vectors of 16 floats).
#include "avx512/vec_avx512.hpp"
#include "make_microkernel.hpp"

namespace tileblas::avx512 {

GemmMicrokernel<float> sgemm_avx512_32x12() {
  return make_microkernel<VecFloat, 2, 12>("sgemm_avx512_32x12");
}

}  // namespace tileblas::avx512
