// target_avx2.cpp -- the AVX2 + FMA3 target (Haswell and later, Zen 1-3):
// 16 ymm registers, two 256-bit FMA pipes.
#include "target.hpp"

namespace tileblas {
namespace avx2 {
GemmMicrokernel<float> sgemm_avx2_16x6();
GemmMicrokernel<double> dgemm_avx2_8x6();
}  // namespace avx2

const CpuTarget &avx2_target() {
  // 12 accumulators + 2 A vectors + 1 broadcast fit in 16 ymm.  KC=256 keeps a
  // B sliver (256*6*4 or *8 bytes, 6-12 KiB) in a 32 KiB L1; MC*KC fills about
  // half of a 256-512 KiB L2; the KC x NC B panel fits a few MiB of L3.
  static const CpuTarget target = {
      "avx2",
      {avx2::sgemm_avx2_16x6(), {192, 256, 4092}},
      {avx2::dgemm_avx2_8x6(), {96, 256, 4092}},
  };
  return target;
}

}  // namespace tileblas
