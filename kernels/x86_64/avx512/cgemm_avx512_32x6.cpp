// cgemm_avx512_32x6: cgemm microkernel, 32 x 6 complex register tile on split
// (real / imaginary) packed slivers; the same 30-register budget as
// zgemm_avx512_16x6 with 16 floats per vector.
#include "avx512/vec_avx512.hpp"
#include "complex_microkernel.hpp"

namespace tileblas::avx512 {
namespace {
struct CVec : VecFloat {
  static reg fnma(reg a, reg b, reg c) { return _mm512_fnmadd_ps(a, b, c); }
};
}  // namespace

ComplexGemmKernel<float> cgemm_avx512_32x6(Blocksizes blocks) {
  using K = ComplexMicrokernel<CVec, 2, 6>;
  return {"cgemm_avx512_32x6", K::MR, 6, &K::run, blocks};
}

}  // namespace tileblas::avx512
