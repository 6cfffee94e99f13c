// target_avx512.cpp -- the AVX-512 target (Zen 4/5, Skylake-X and later):
// 32 zmm registers, two 512-bit FMA pipes on Zen 5.
#include "target.hpp"

namespace tileblas {
namespace avx512 {
GemmMicrokernel<float> sgemm_avx512_32x12();
GemmMicrokernel<double> dgemm_avx512_24x8();
}  // namespace avx512

const CpuTarget &avx512_target() {
  // Blocksizes measured on Zen 5 (L1d 48 KiB, L2 1 MiB per core, L3 32 MiB):
  //  sgemm 32x12: KC=384 keeps the B sliver (384*12*4 = 18 KiB) in L1 with
  //    room for the A sliver stream; MC*KC*4 = 480 KiB is half of L2;
  //    KC*NC*4 = 6 MiB of B panel sits in L3.
  //  dgemm 24x8: KC=256 (B sliver 16 KiB), MC*KC*8 = 480 KiB, NC panel 8 MiB.
  static const CpuTarget target = {
      "avx512",
      {avx512::sgemm_avx512_32x12(), {320, 384, 4092}},
      {avx512::dgemm_avx512_24x8(), {240, 256, 4096}},
  };
  return target;
}

}  // namespace tileblas
