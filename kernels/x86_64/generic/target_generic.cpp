// target_generic.cpp -- the portable fallback: 128-bit vectors, no FMA, runs
// on any CPU the compiler targets (SSE2 on x86-64).
#include "target.hpp"

namespace tileblas {
namespace generic {
GemmMicrokernel<float> sgemm_generic_8x4();
GemmMicrokernel<double> dgemm_generic_4x4();
}  // namespace generic

const CpuTarget &generic_target() {
  // 8 accumulators in 16 xmm registers; modest blocks that suit any cache.
  static const CpuTarget target = {
      "generic",
      {generic::sgemm_generic_8x4(), {128, 256, 4096}},
      {generic::dgemm_generic_4x4(), {128, 256, 4096}},
  };
  return target;
}

}  // namespace tileblas
