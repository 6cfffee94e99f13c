// cgemm_avx2_8x6: cgemm microkernel, 8 x 6 complex register tile on split
// (real / imaginary) packed slivers; the register budget of zgemm_avx2_4x6
// with 8 floats per vector.
#include "avx2/vec_avx2.hpp"
#include "complex_microkernel.hpp"

namespace tileblas::avx2 {
namespace {
struct CVec : VecFloat {
  static reg fnma(reg a, reg b, reg c) { return _mm256_fnmadd_ps(a, b, c); }
};
}  // namespace

ComplexGemmKernel<float> cgemm_avx2_8x6(Blocksizes blocks) {
  using K = ComplexMicrokernel<CVec, 1, 6>;
  return {"cgemm_avx2_8x6", K::MR, 6, &K::run, blocks};
}

}  // namespace tileblas::avx2
