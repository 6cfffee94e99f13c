// zgemm_avx512_16x6: zgemm microkernel, 16 x 6 complex register tile on split
// (real / imaginary) packed slivers: 2 x 6 vectors of 8 doubles for the real
// sums and as many for the imaginary ones = 24 zmm, plus 4 for the A sliver
// step and 2 broadcasts of B = 30 of the 32 registers.  48 FMAs per depth
// step against 4 vector loads and 12 broadcasts keeps the FMA unit the limit.
#include "avx512/vec_avx512.hpp"
#include "complex_microkernel.hpp"

namespace tileblas::avx512 {
namespace {
struct ZVec : VecDouble {
  static reg fnma(reg a, reg b, reg c) { return _mm512_fnmadd_pd(a, b, c); }
};
}  // namespace

ComplexGemmKernel<double> zgemm_avx512_16x6(Blocksizes blocks) {
  using K = ComplexMicrokernel<ZVec, 2, 6>;
  return {"zgemm_avx512_16x6", K::MR, 6, &K::run, blocks};
}

}  // namespace tileblas::avx512
