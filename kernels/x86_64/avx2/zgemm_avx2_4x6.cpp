// zgemm_avx2_4x6: zgemm microkernel, 4 x 6 complex register tile on split
// (real / imaginary) packed slivers: 6 + 6 ymm accumulators, 2 for the A
// step, 2 broadcasts = all 16 registers.  24 FMAs per depth step against 2
// loads and 12 broadcasts: within the 2 loads + 2 FMAs per cycle of AVX2 cores.
#include "avx2/vec_avx2.hpp"
#include "complex_microkernel.hpp"

namespace tileblas::avx2 {
namespace {
struct ZVec : VecDouble {
  static reg fnma(reg a, reg b, reg c) { return _mm256_fnmadd_pd(a, b, c); }
};
}  // namespace

ComplexGemmKernel<double> zgemm_avx2_4x6(Blocksizes blocks) {
  using K = ComplexMicrokernel<ZVec, 1, 6>;
  return {"zgemm_avx2_4x6", K::MR, 6, &K::run, blocks};
}

}  // namespace tileblas::avx2
