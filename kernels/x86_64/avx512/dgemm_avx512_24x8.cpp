// dgemm_avx512_24x8: dgemm microkernel, 24 x 8 register tile (3 x 8 vectors of 8 doubles).
// The same register budget and reasoning as sgemm_avx512_48x8: fewer A bytes
// from L2 per FMA than 32x6 for Zen 5's full-width FMAs.  Measured on Zen 5
// at 2048^3, 1 thread, interleaved runs: +2-3 % over 32x6 (~118 vs ~115 GFLOP/s).
#include "avx512/pack_avx512.hpp"
#include "avx512/pack_b_avx512.hpp"
#include "avx512/vec_avx512.hpp"
#include "make_microkernel.hpp"

namespace tileblas::avx512 {

GemmMicrokernel<double> dgemm_avx512_24x8() {
  return make_microkernel<VecDouble, 3, 8, &transposed::pack_a<Transposer<double>, 24>,
                          &transposed::copy_columns<Transposer<double>>, void,
                          &pack_b_rows<VecDouble, 8>>("dgemm_avx512_24x8");
}

}  // namespace tileblas::avx512
