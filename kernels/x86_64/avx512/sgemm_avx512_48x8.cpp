// sgemm_avx512_48x8: sgemm microkernel, 48 x 8 register tile (3 x 8 vectors of 16 floats).
// 24 accumulators + 3 A vectors + 1 broadcast.  Per k step: 3 loads of A,
// 8 broadcasts of B, 24 FMAs.  Zen 5's full-width FMAs consume the A sliver
// (streamed from L2) twice as fast as Zen 4's; this tile reads 8 bytes of A
// per FMA against 64x6's 10.7, and its B sliver (16 KiB at KC=512) still
// fits L1.  Measured on Zen 5 in the full driver at 2048^3, 1 thread,
// interleaved runs: +2-3 % over 64x6 (~240 vs ~234 GFLOP/s); 32x12, 32x14
// and 48x9 were no better than 64x6.
#include "avx512/pack_avx512.hpp"
#include "avx512/pack_b_avx512.hpp"
#include "avx512/vec_avx512.hpp"
#include "make_microkernel.hpp"

namespace tileblas::avx512 {

GemmMicrokernel<float> sgemm_avx512_48x8() {
  return make_microkernel<VecFloat, 3, 8, &transposed::pack_a<Transposer<float>, 48>,
                          &transposed::copy_columns<Transposer<float>>, void,
                          &pack_b_rows<VecFloat, 8>>("sgemm_avx512_48x8");
}

}  // namespace tileblas::avx512
