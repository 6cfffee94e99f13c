// target_avx2.cpp -- the AVX2 + FMA3 target (Haswell and later, Zen 1-3):
// 16 ymm registers, two 256-bit FMA pipes.
#include "target.hpp"

namespace tileblas {
namespace avx2 {
GemmMicrokernel<float> sgemm_avx2_16x6();
GemmMicrokernel<double> dgemm_avx2_8x6();
ComplexGemmKernel<float> cgemm_avx2_8x3(Blocksizes);
ComplexGemmKernel<double> zgemm_avx2_4x3(Blocksizes);
GemmMicrokernel<float, std::uint16_t> shgemm_avx2_16x6();
GemmMicrokernel<float, std::uint16_t> sbgemm_cvt_avx2_16x6();
HalfConverters half_converters_avx2();
VectorKernels<float> svector_avx2();
VectorKernels<double> dvector_avx2();
ComplexVectorKernels<float> cvector_avx2();
ComplexVectorKernels<double> zvector_avx2();
}  // namespace avx2

const CpuTarget &avx2_target() {
  // 12 accumulators + 2 A vectors + 1 broadcast fit in 16 ymm.  KC=256 keeps a
  // B sliver (256*6*4 or *8 bytes, 6-12 KiB) in a 32 KiB L1; MC*KC fills about
  // half of a 256-512 KiB L2; the KC x NC B panel fits a few MiB of L3.
  static const CpuTarget target = [] {
    CpuTarget t = {
        "avx2",
        {avx2::sgemm_avx2_16x6(), {192, 256, 4092}},
        {avx2::dgemm_avx2_8x6(), {96, 256, 4092}},
    };
    // The unpacked path on a 32 KiB L1 and 512 KiB L2 (measured on Zen 3,
    // 1 thread, unpacked against packed).  A row tile of A (KC lines) and
    // B's columns share L1, so it pays for smaller problems than on AVX-512
    // targets: sgemm 144-176^3 1.07-1.2x, 208-240^3 1.0x, 256^3 0.9x; dgemm
    // 96-112^3 1.0-1.1x, 144^3 0.95-1.0x, 160-256^3 0.75-0.95x, 128 x 128 x
    // 2048 0.82x, 100 x 100 x 3000 0.95x.  On 2 threads a C of 256^3-512^3
    // runs 0.5-0.86x of the packed team, 128^3 1.0-1.16x.  Skinny dgemm
    // loses from 96 columns (3000 x 96 x 3000 0.89x, x 48 x 1.0x, x 16 x
    // 1.3x).  A column stride of a multiple of 1 KiB maps a row tile's
    // columns into at most 4 of L1's 64 sets: 4096 x 16 x 4096 0.7-0.8x
    // (against 1.3-1.5x at 2000 x 16 x 2000), 256^3 0.73-0.9x.  A short C
    // runs unpacked up to 4 row tiles (sgemm 64, dgemm 32 rows), where B's
    // columns are read in long runs (gemm_direct): s/dgemm 48 / 24 x 4096 x
    // 4096 1.2x the packed path, 64 / 32 rows the same, dgemm 48-64 rows
    // 0.93-0.97x.
    t.sgemm.unpacked = {double(3 << 24), 128, 128, 16, 4, 1024};
    t.dgemm.unpacked = {double(1 << 24), 64, 128, 8, 4, 1024};
    // Complex GEMM on interleaved slivers: B slivers of 6 KiB (cgemm KC=256 x
    // 24 B, zgemm KC=128 x 48 B) stay in L1; A blocks of 192 KiB in L2.
    // (Kept from the 8x6 / 4x6 split-storage kernels: the 8x3 / 4x3 ones ran
    // as fast at them on Zen 5 forced to this target.)
    t.cgemm = avx2::cgemm_avx2_8x3({96, 256, 4092});
    t.zgemm = avx2::zgemm_avx2_4x3({96, 128, 2046});
    // Small complex GEMM runs unpacked (gemm_complex.cpp: gemm_direct) up to
    // the cube where the packed path caught up on Zen 3, 1 thread: cgemm
    // 57^3 (NN 8^3 1.9x the packed path, 32^3 1.2x, 64^3 even), zgemm 48^3
    // (8^3 1.6x, 40^3 1.15x, 64^3 0.85x).
    t.cgemm.direct_bytes = 1.5e6;
    t.zgemm.direct_bytes = 1.8e6;
    // fp16/bf16 are converted to fp32 while packing: sgemm's kernel and blocks.
    t.shgemm = {avx2::shgemm_avx2_16x6(), {192, 256, 4092}};
    t.sbgemm = {avx2::sbgemm_cvt_avx2_16x6(), {192, 256, 4092}};
    t.half = avx2::half_converters_avx2();
    // Level 1/2 kernels (vector_kernels_avx2.cpp says why these shapes).
    t.svector = avx2::svector_avx2();
    t.dvector = avx2::dvector_avx2();
    t.cvector = avx2::cvector_avx2();
    t.zvector = avx2::zvector_avx2();
    return t;
  }();
  return target;
}

}  // namespace tileblas
