// target_avx512.cpp -- the AVX-512 targets: "avx512" (Skylake-X and later,
// any AVX-512 CPU not named below), "zen4" (Zen 4 runs a 512-bit FMA or load
// as two 256-bit halves) and "zen5" (full-width 512-bit FMAs).  All have 32
// zmm registers and share every kernel but the real GEMM tiles and, on Zen
// 4, the real Level 1/2 vector width; src/dispatch.cpp picks one.
#include "target.hpp"

namespace tileblas {
namespace avx512 {
GemmMicrokernel<float> sgemm_avx512_64x6();
GemmMicrokernel<double> dgemm_avx512_32x6();
GemmMicrokernel<float> sgemm_avx512_48x8();
GemmMicrokernel<double> dgemm_avx512_24x8();
ComplexGemmKernel<float> cgemm_avx512_16x6(Blocksizes);
ComplexGemmKernel<double> zgemm_avx512_8x6(Blocksizes);
GemmMicrokernel<float, std::uint16_t> shgemm_avx512_64x6();
GemmMicrokernel<float, std::uint16_t> sbgemm_cvt_avx512_64x6();
GemmMicrokernel<float, std::uint16_t> sbgemm_avx512bf16_64x6();
HalfConverters half_converters_avx512();
VectorKernels<float> svector_avx512();
VectorKernels<double> dvector_avx512();
VectorKernels<float> svector_zen4();
VectorKernels<double> dvector_zen4();
ComplexVectorKernels<float> cvector_avx512();
ComplexVectorKernels<double> zvector_avx512();
ComplexVectorKernels<float> cvector_zen4();
}  // namespace avx512

namespace {

// What differs between AVX-512 core designs: the real GEMM tiles and the
// cache blocks.  Half precision converted while packing runs the 64x6 sgemm
// tile with sgemm's blocks (MC a multiple of 64); the bf16 dot kernel packs
// 2 depth values in 4 bytes, so its KC is twice sgemm's (the same bytes).
struct Avx512Design {
  const char *name;
  GemmMicrokernel<float> sgemm;
  GemmMicrokernel<double> dgemm;
  Blocksizes sgemm_blocks, dgemm_blocks, cgemm_blocks, zgemm_blocks;
  GemmMicrokernel<float> sgemm_narrow = {};  // GemmKernel::narrow
  GemmMicrokernel<double> dgemm_narrow = {};
};

CpuTarget make_target(const Avx512Design &d, const GemmKernel<float, std::uint16_t> *bf16_dot) {
  CpuTarget t = {d.name, {d.sgemm, d.sgemm_blocks, d.sgemm_narrow},
                 {d.dgemm, d.dgemm_blocks, d.dgemm_narrow}};
  // Complex GEMM on interleaved slivers (complex_microkernel.hpp).
  t.cgemm = avx512::cgemm_avx512_16x6(d.cgemm_blocks);
  t.zgemm = avx512::zgemm_avx512_8x6(d.zgemm_blocks);
  // Small complex GEMM unpacked up to the AVX2 target's sizes (measured on
  // Zen 3; not measured here, where the tiles are twice as high).
  t.cgemm.direct_bytes = 1.5e6;
  t.zgemm.direct_bytes = 1.8e6;
  t.shgemm = {avx512::shgemm_avx512_64x6(), d.sgemm_blocks};
  t.sbgemm = {avx512::sbgemm_cvt_avx512_64x6(), d.sgemm_blocks};
  t.sbgemm_dot = bf16_dot;
  t.half = avx512::half_converters_avx512();
  // Level 1/2 kernels (vector_kernels_avx512.cpp says why these shapes).
  t.svector = avx512::svector_avx512();
  t.dvector = avx512::dvector_avx512();
  t.cvector = avx512::cvector_avx512();
  t.zvector = avx512::zvector_avx512();
  return t;
}

Blocksizes bf16_dot_blocks(Blocksizes sgemm) { return {sgemm.mc, 2 * sgemm.kc, sgemm.nc}; }

// Zen 4's design: "avx512" (also Intel's AVX-512 cores, not measured) and
// "zen4", the same with Zen 4's 256-bit Level 1/2 kernels.
const Avx512Design &zen4_design() {
  // Blocksizes measured on Zen 4 (L1d 32 KiB, L2 1 MiB per core, L3 32 MiB
  // shared) with the full driver at 2048^3; larger blocks kept winning until
  // the A block spilled well past L2, because Zen 4's L3 feeds a 64-row A
  // sliver fast enough and fewer, longer microkernel calls cost less:
  //  sgemm 64x6: KC=384 (B sliver 9 KiB stays in L1), MC=960 (A block 1.4 MiB,
  //    L2 + L3), NC=4092 (B panel 6 MiB in L3; a multiple of NR=6).
  //  dgemm 32x6: KC=320 (B sliver 15 KiB), MC=512 (A block 1.3 MiB), NC=4092.
  //  cgemm (then 32x6 split; now 16x6, the same A and B bytes per flop):
  //    dgemm's blocks.
  //  zgemm (then 16x6 split, now 8x6, likewise): 96 B of B per step: KC=192
  //    (B sliver 18 KiB), MC=384 (A block 1.1 MiB), NC=2046 (B panel 6 MiB of L3).
  static const Avx512Design kZen4 = {"avx512",         avx512::sgemm_avx512_64x6(),
                                     avx512::dgemm_avx512_32x6(), {960, 384, 4092},
                                     {512, 320, 4092},  {512, 320, 4092},
                                     {384, 192, 2046},  avx512::sgemm_avx512_48x8(),
                                     avx512::dgemm_avx512_24x8()};
  return kZen4;
}

const GemmKernel<float, std::uint16_t> &zen4_bf16_dot() {
  static const GemmKernel<float, std::uint16_t> bf16_dot = {
      avx512::sbgemm_avx512bf16_64x6(), bf16_dot_blocks(zen4_design().sgemm_blocks)};
  return bf16_dot;
}

}  // namespace

const CpuTarget &avx512_target() {
  static const CpuTarget target = make_target(zen4_design(), &zen4_bf16_dot());
  return target;
}

const CpuTarget &avx512_zen4_target() {
  static const CpuTarget target = [] {
    CpuTarget t = make_target(zen4_design(), &zen4_bf16_dot());
    t.name = "zen4";
    t.svector = avx512::svector_zen4();  // vector_kernels_avx512.cpp says why
    t.dvector = avx512::dvector_zen4();
    t.cvector = avx512::cvector_zen4();  // complex_vector_kernels_avx512.cpp says why
    return t;
  }();
  return target;
}

const CpuTarget &avx512_zen5_target() {
  // Zen 5 runs 512-bit FMAs at full width, twice Zen 4's rate per clock, and
  // its L3 no longer feeds an A block that spills out of the 1 MiB L2: A
  // blocks of ~384-576 KiB win, with the 48x8 / 24x8 tiles (their files say
  // why).  Measured on Zen 5 (L1d 48 KiB) at 1024-4096, medians of
  // interleaved runs: sgemm 64x6 with Zen 4's blocks -> MC=192 KC=512 +5-10 %
  // on 1 thread (plateau from 64x1024 to 256x640), 2 threads +5-8 %; then
  // 48x8 at the same blocks +2-3 %.  dgemm 32x6 MC=192 KC=256 +1-5 % on 1
  // thread, +10-18 % on 2; then 24x8 with KC=384 (B sliver 24 KiB) +2-3 %.
  // cgemm and zgemm take the same A block bytes (not measured separately).
  // NC=1024: a B panel of 2-3 MiB, about one core's share of the L3 (32 MiB
  // per 8 cores); 4088 (8-12 MiB) lost 4 % (sgemm) and 7 % (dgemm) at
  // 2048-4096 on 1 thread, medians of 8 interleaved runs on the shared host.
  // cgemm likewise: NC=1020 (B panel 2 MiB) +2-5 % over 4092 at 2048 on 1
  // thread, 2 threads the same; now 1026, the multiple of NR=6 that holds
  // 1024 columns, so a thread's 1024 of 2048 are one block and A is packed
  // once (1020 packed it twice: pack share 3 -> 1.3 % on 2 threads).  zgemm
  // keeps 2046: 1020 gained 5-10 % on 1 thread but lost ~3 % on 2 (each
  // thread's 1024 columns then need two blocks, and A is packed twice).
  // (Column counts just over NC split into even blocks, as in the real driver.)
  static const Avx512Design kZen5 = {"zen5",           avx512::sgemm_avx512_48x8(),
                                     avx512::dgemm_avx512_24x8(), {192, 512, 1024},
                                     {192, 384, 1024},  {192, 256, 1026},
                                     {128, 192, 2046}};
  static const GemmKernel<float, std::uint16_t> bf16_dot = {
      avx512::sbgemm_avx512bf16_64x6(), bf16_dot_blocks(kZen5.sgemm_blocks)};
  static const CpuTarget target = make_target(kZen5, &bf16_dot);
  return target;
}

}  // namespace tileblas
