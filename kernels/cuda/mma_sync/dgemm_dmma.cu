// dgemm_dmma.cu -- kDgemmDmma: fp64 GEMM on the FP64 tensor cores (DMMA),
// sm_80+, any transposes / leading dimensions / alignment.
#include "kernel_table.hpp"
#include "mma_sync/dgemm_dmma_kernel.cuh"
#include "tiled_launch.cuh"

namespace tileblas::cuda {
namespace {

// Block 128 x 128 x 16, 256 threads = 8 warps as 2 x 4 warp tiles of 64 x 32:
//  - accumulators 64 doubles = 128 registers per thread (the block's 128 x 128
//    fp64 tile is half the SM's register file), + 32 for B fragments, 16-32 for
//    A fragments: ~200 registers, so one block (8 warps) per SM;
//  - per 16-k step a warp issues 16 atoms (= 16 DMMA.16x8x16 on sm_90) for
//    24 LDS.128: 96 shared wavefronts per 32768 FMA, ~38 % of shared bandwidth
//    at the tensor cores' 128 FMA/clock/SM;
//  - global traffic per block: 32 KB per k-tile of 2048 clocks at peak
//    = 16 B/clock/SM, well inside L2 bandwidth; grouped block order keeps
//    HBM traffic a fraction of that;
//  - shared memory 4 stages x (128 + 128) x 16 x 8 B = 128 KB: 3 k-tiles
//    (~6000 clocks) in flight; fits A100 (163 KB) and H100/H200 (227 KB).
//    sm_86 / sm_89 (99 KB) fall back to the SIMT kernel, which is faster there
//    anyway (their FP64 tensor rate is no better than DFMA);
//  - 4096^2: 1024 blocks / 132 SMs = 7.8 waves; 8192^2: 31.03 waves.
using Cfg = dmma::DmmaConfig;

template <bool TA, bool TB, int Vec, bool Sm90>
cudaError_t launch_one(const dmma::DmmaArgs &args, cudaStream_t stream) {
  return tiled::launch_grid(dmma::dgemm_dmma_kernel<TA, TB, Vec, Sm90>, args, Cfg::kThreads,
                            Cfg::kSmemBytes, stream);
}

template <bool TA, bool TB>
cudaError_t launch_trans(const dmma::DmmaArgs &args, bool vec2, bool sm90, cudaStream_t stream) {
  if (sm90)
    return vec2 ? launch_one<TA, TB, 2, true>(args, stream) : launch_one<TA, TB, 1, true>(args, stream);
  return vec2 ? launch_one<TA, TB, 2, false>(args, stream) : launch_one<TA, TB, 1, false>(args, stream);
}

bool supports(const DeviceGemm &g, const DeviceCaps &caps) {
  return g.in == Elem::F64 && g.out == Elem::F64 && caps.sm >= 80 &&
         tiled::call_fits<double>(g, caps, Cfg::kBM, Cfg::kBN, Cfg::kSmemBytes);
}

cudaError_t launch(const DeviceGemm &g, const DeviceCaps &caps, cudaStream_t stream) {
  const auto args = tiled::make_args<dmma::DmmaArgs, double>(g, Cfg::kBM, Cfg::kBN);
  // A (not transposed) and B (not transposed) travel in 16-byte chunks when
  // every column starts 16-byte aligned, else 8-byte copies; A^T and B^T are
  // transposed by 8-byte copies whatever their alignment.
  const bool vec2 = (g.trans_a || tiled::columns_aligned16<double>(g.a, g.lda)) &&
                    (g.trans_b || tiled::columns_aligned16<double>(g.b, g.ldb));
  // sm_90 has a native DMMA.16x8x16; caps.sm < 90 (or a caller forcing 80)
  // runs the same fragments as eight m8n8k4.
  const bool sm90 = caps.sm >= 90;
  if (!g.trans_a && !g.trans_b) return launch_trans<false, false>(args, vec2, sm90, stream);
  if (!g.trans_a && g.trans_b) return launch_trans<false, true>(args, vec2, sm90, stream);
  if (g.trans_a && !g.trans_b) return launch_trans<true, false>(args, vec2, sm90, stream);
  // Both transposed: no operand travels in chunks, so Vec does not matter.
  return sm90 ? launch_one<true, true, 1, true>(args, stream) : launch_one<true, true, 1, false>(args, stream);
}

}  // namespace

const GpuKernel kDgemmDmma = {"dgemm_dmma 128x128x16 (fp64 tensor cores)", supports, launch};

}  // namespace tileblas::cuda
