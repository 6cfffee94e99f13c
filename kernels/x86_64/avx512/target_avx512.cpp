// target_avx512.cpp -- the AVX-512 target (Zen 4/5, Skylake-X and later):
// 32 zmm registers; Zen 4 runs a 512-bit FMA as two 256-bit halves.
#include "target.hpp"

namespace tileblas {
namespace avx512 {
GemmMicrokernel<float> sgemm_avx512_64x6();
GemmMicrokernel<double> dgemm_avx512_32x6();
ComplexGemmKernel<float> cgemm_avx512_32x6(Blocksizes);
ComplexGemmKernel<double> zgemm_avx512_16x6(Blocksizes);
GemmMicrokernel<float, std::uint16_t> shgemm_avx512_64x6();
GemmMicrokernel<float, std::uint16_t> sbgemm_cvt_avx512_64x6();
GemmMicrokernel<float, std::uint16_t> sbgemm_avx512bf16_64x6();
HalfConverters half_converters_avx512();
VectorKernels<float> svector_avx512();
VectorKernels<double> dvector_avx512();
}  // namespace avx512

const CpuTarget &avx512_target() {
  // Blocksizes measured on Zen 4 (L1d 32 KiB, L2 1 MiB per core, L3 32 MiB
  // shared) with the full driver at 2048^3; larger blocks kept winning until
  // the A block spilled well past L2, because Zen 4's L3 feeds a 64-row A
  // sliver fast enough and fewer, longer microkernel calls cost less:
  //  sgemm 64x6: KC=384 (B sliver 9 KiB stays in L1), MC=960 (A block 1.4 MiB,
  //    L2 + L3), NC=4092 (B panel 6 MiB in L3; a multiple of NR=6).
  //  dgemm 32x6: KC=320 (B sliver 15 KiB), MC=512 (A block 1.3 MiB), NC=4092.
  static const CpuTarget target = [] {
    CpuTarget t = {
        "avx512",
        {avx512::sgemm_avx512_64x6(), {960, 384, 4092}},
        {avx512::dgemm_avx512_32x6(), {512, 320, 4092}},
    };
    // Complex GEMM on split real/imaginary slivers (complex_microkernel.hpp).
    //  cgemm 32x6: a depth step is 256 B of A, 48 B of B: KC=320 keeps the B
    //    sliver (15 KiB) in L1, MC=512 makes the A block 1.3 MiB as for dgemm.
    //  zgemm 16x6: 256 B of A, 96 B of B per step: KC=192 (B sliver 18 KiB),
    //    MC=384 (A block 1.1 MiB), NC=2046 (B panel 6 MiB of L3).
    t.cgemm = avx512::cgemm_avx512_32x6({512, 320, 4092});
    t.zgemm = avx512::zgemm_avx512_16x6({384, 192, 2046});
    // Half precision.  fp16 (and bf16 without AVX-512 BF16) is converted to
    // fp32 while packing: sgemm's kernel, so sgemm's blocks.  The bf16 dot
    // kernel packs 2 depth values in 4 bytes: KC=768 is sgemm's KC=384 in
    // bytes (B sliver 9 KiB in L1, A block 1.4 MiB).
    static const GemmKernel<float, std::uint16_t> sbgemm_dot = {
        avx512::sbgemm_avx512bf16_64x6(), {960, 768, 4092}};
    t.shgemm = {avx512::shgemm_avx512_64x6(), {960, 384, 4092}};
    t.sbgemm = {avx512::sbgemm_cvt_avx512_64x6(), {960, 384, 4092}};
    t.sbgemm_dot = &sbgemm_dot;
    t.half = avx512::half_converters_avx512();
    // Level 1/2 kernels (vector_kernels_avx512.cpp says why these shapes).
    t.svector = avx512::svector_avx512();
    t.dvector = avx512::dvector_avx512();
    return t;
  }();
  return target;
}

}  // namespace tileblas
