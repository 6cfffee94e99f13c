// target_avx512.cpp -- the AVX-512 target (Zen 4/5, Skylake-X and later):
// 32 zmm registers; Zen 4 runs a 512-bit FMA as two 256-bit halves.
#include "target.hpp"

namespace tileblas {
namespace avx512 {
GemmMicrokernel<float> sgemm_avx512_64x6();
GemmMicrokernel<double> dgemm_avx512_32x6();
}  // namespace avx512

const CpuTarget &avx512_target() {
  // Blocksizes measured on Zen 4 (L1d 32 KiB, L2 1 MiB per core, L3 32 MiB
  // shared) with the full driver at 2048^3; larger blocks kept winning until
  // the A block spilled well past L2, because Zen 4's L3 feeds a 64-row A
  // sliver fast enough and fewer, longer microkernel calls cost less:
  //  sgemm 64x6: KC=384 (B sliver 9 KiB stays in L1), MC=960 (A block 1.4 MiB,
  //    L2 + L3), NC=4092 (B panel 6 MiB in L3; a multiple of NR=6).
  //  dgemm 32x6: KC=320 (B sliver 15 KiB), MC=512 (A block 1.3 MiB), NC=4092.
  static const CpuTarget target = {
      "avx512",
      {avx512::sgemm_avx512_64x6(), {960, 384, 4092}},
      {avx512::dgemm_avx512_32x6(), {512, 320, 4092}},
  };
  return target;
}

}  // namespace tileblas
