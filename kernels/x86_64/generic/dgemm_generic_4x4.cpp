// dgemm_generic_4x4: dgemm microkernel, 4 x 4 register tile (2 x 4 vectors of 2 doubles).
#include "generic/vec_generic.hpp"
#include "make_microkernel.hpp"

namespace tileblas::generic {

GemmMicrokernel<double> dgemm_generic_4x4() {
  return make_microkernel<VecDouble, 2, 4>("dgemm_generic_4x4");
}

}  // namespace tileblas::generic
