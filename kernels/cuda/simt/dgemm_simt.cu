// dgemm_simt.cu -- kDgemmSimt: fp64 GEMM on the CUDA cores (DFMA), any SM,
// any transposes / leading dimensions / alignment.  The fallback where the
// DMMA kernel does not run (before sm_80, or too little shared memory).
#include "simt/simt_gemm_launch.cuh"

namespace tileblas::cuda {
namespace {

// Block 128 x 64 x 16, 256 threads = 8 warps as 2 x 4 warp tiles of 64 x 16,
// thread tile 8 x 4 doubles as 4 x 2 runs of 2 (each run one LDS.128):
//  - 32 DFMA per 6 LDS.128 per k; a DFMA warp-instruction occupies the 16-lane
//    FP64 pipe of a scheduler for 2 clocks, so the loads fit between them;
//  - 32 accumulators = 64 registers + 24 for operands + addresses stay under
//    128, so 2 blocks (16 warps) per SM;
//  - shared memory 3 stages x 16 x (132 + 68) x 8 B = 76.8 KB per block
//    (fits the 99 KB opt-in of sm_86/89, where this kernel beats DMMA).
using Cfg = simt::SimtConfig<double, 128, 64, 16, 64, 16, 8, 4, 3, 2>;

}  // namespace

const GpuKernel kDgemmSimt = {"dgemm_simt 128x64x16 (fp64 DFMA)", simt::SimtGemm<Cfg>::supports,
                             simt::SimtGemm<Cfg>::launch};

}  // namespace tileblas::cuda
