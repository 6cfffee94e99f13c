// dgemm_avx512_24x8: dgemm microkernel, 24 x 8 register tile (3 x 8 vectors of 8 doubles).
#include "avx512/vec_avx512.hpp"
#include "make_microkernel.hpp"

namespace tileblas::avx512 {

GemmMicrokernel<double> dgemm_avx512_24x8() {
  return make_microkernel<VecDouble, 3, 8>("dgemm_avx512_24x8");
}

}  // namespace tileblas::avx512
