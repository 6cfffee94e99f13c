// sgemm_generic_8x4: sgemm microkernel, 8 x 4 register tile (2 x 4 vectors of 4 floats).
#include "generic/vec_generic.hpp"
#include "make_microkernel.hpp"

namespace tileblas::generic {

GemmMicrokernel<float> sgemm_generic_8x4() {
  return make_microkernel<VecFloat, 2, 4>("sgemm_generic_8x4");
}

}  // namespace tileblas::generic
