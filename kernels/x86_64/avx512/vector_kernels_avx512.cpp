// vector_kernels_avx512: Level 1/2 kernels on 512-bit vectors.  An FMA has
// 4 cycles latency and Zen 5 issues two 512-bit FMAs and loads per cycle
// (Zen 4 one): dot/axpy/scal keep 8 vectors in flight (a few percent faster
// than 4 in L1/L2 on Zen 5).  gemv_n adds 8 columns per pass over 4 vectors
// of y (8 broadcasts + 4 y registers); gemv_t sums 8 columns x 2 vectors (16
// accumulators + 2 x).  In L2 both run at the L2 bandwidth whatever the
// shape (4-16 columns x 1-8 vectors measured within noise on Zen 5); out of
// cache, 8 columns per pass keep y's L2 traffic small against A's.  Short
// columns decide gemv_t's shape: against 4 x 4, 8 x 2 ran sgemv T 32-100
// at 2-3x (in L1), trmv T 512 1.1-1.3x, packed tpmv T 1.2-1.4x.  symv's
// panel: 8 columns x 2 vectors (16 dot accumulators, 8 broadcasts, 2 x and 2
// y vectors); 4 x 1, 4 x 2 and 8 x 1 measured within 5% in L2 on Zen 5.
#include "avx2/vec_avx2.hpp"
#include "avx512/vec_avx512.hpp"
#include "vector_kernels.hpp"

namespace tileblas::avx512 {

VectorKernels<float> svector_avx512() {
  return make_vector_kernels<VecFloat, VecDouble, 8, 8, 4, 8, 2, 8, 2>("avx512");
}
VectorKernels<double> dvector_avx512() {
  return make_vector_kernels<VecDouble, VecDouble, 8, 8, 4, 8, 2, 8, 2>("avx512");
}

// Zen 4 runs each 512-bit load as two 256-bit halves, and streams ran
// faster on 256-bit vectors of the same shapes (measured against BLIS in the
// same runs, out of cache: dgemv N 8192^2 20 -> 25-27 GB/s, sgemv N/T and
// strsv +10-25 %, sdot/ddot 16M +5-10 %; in L2 daxpy 32K +20 %, gemv 256^2
// N ~3 % slower, T ~3 % faster).  symv's panel stays 512-bit (dsymv 256^2
// U 15 % slower on 256 bits); ssymv keeps 8 x 2 (4 x 1, 8 x 1, 4 x 2 within
// 3 %), dsymv takes 4 columns x 1 vector, OpenBLAS's shape: against 8 x 2,
// L 256^2 3.40 -> 3.24 us, 512^2 15.2 -> 14.1, U within 3 % (8 x 1, 4 x 2
// no better; 2 or 3 columns, 4 x 4 and 256-bit 8 x 2 / 4 x 4 15-80 % slower;
// medians of interleaved runs; with the panel's lane masks constant, 8 x 1
// again no better at 256^2 and 9 % slower at 512^2).  Complex kernels stay 512-bit: 256 bits gained 10 % on dots out
// of cache but lost 5-10 % in L2.  Own instantiation of the AVX2 traits
// (vec_avx2.hpp says why).
struct Zen4Tag;
using Float256 = avx2::VecFloatOf<Zen4Tag>;
using Double256 = avx2::VecDoubleOf<Zen4Tag>;

VectorKernels<float> svector_zen4() {
  VectorKernels<float> k = make_vector_kernels<Float256, Double256, 8, 8, 4, 8, 2, 8, 2>("zen4");
  k.symv_panel = svector_avx512().symv_panel;
  return k;
}
VectorKernels<double> dvector_zen4() {
  VectorKernels<double> k = make_vector_kernels<Double256, Double256, 8, 8, 4, 8, 2, 8, 2>("zen4");
  k.symv_panel = &symv_panel<VecDouble, 4, 1>;
  return k;
}

}  // namespace tileblas::avx512
