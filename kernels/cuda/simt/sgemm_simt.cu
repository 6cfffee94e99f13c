// sgemm_simt.cu -- kSgemmSimt: fp32 GEMM on the CUDA cores (FFMA, IEEE fp32,
// never TF32), any SM, any transposes / leading dimensions / alignment.
#include "simt/simt_gemm_launch.cuh"

namespace tileblas::cuda {
namespace {

// Block 128 x 128 x 16, 256 threads = 8 warps as 2 x 4 warp tiles of 64 x 32,
// thread tile 8 x 8 as 2 x 2 runs of 4 (each run one LDS.128):
//  - per k a thread issues 4 LDS.128 for 64 FFMA, so FFMA keeps ~94 % of the
//    issue slots of the k loop (Hopper issues one FFMA warp-instruction per
//    clock per scheduler, so anything else is lost FLOPs);
//  - a warp's A loads of one k touch 8 distinct runs (128 contiguous bytes) and
//    its B loads 4: one shared-memory wavefront each, so the 128 B/clk of shared
//    bandwidth is ~25 % used;
//  - 64 accumulators + 16 operands + addresses fit in 128 registers, which
//    __launch_bounds__(256, 2) enforces: 2 blocks = 16 warps per SM (64K regs);
//  - shared memory 3 stages x 16 x (132 + 132) x 4 B = 50.7 KB per block, 101 KB
//    for two of 228 KB.  One k-tile is 2048 clocks of FFMA per block at 128
//    FMA/clock/SM (4096 with two blocks sharing it), so two tiles in flight hide
//    any L2 / HBM latency (~1 us at most) with a wide margin: 3 stages suffice.
//  - 4096^2: 1024 blocks over 132 SMs x 2 = 3.9 waves (97 % wave efficiency).
using Cfg = simt::SimtConfig<float, 128, 128, 16, 64, 32, 8, 8, 3, 2>;

}  // namespace

const GpuKernel kSgemmSimt = {"sgemm_simt 128x128x16 (fp32 FFMA)", simt::SimtGemm<Cfg>::supports,
                             simt::SimtGemm<Cfg>::launch};

}  // namespace tileblas::cuda
