// sgemm_simt.cu -- kSgemmSimt: fp32 GEMM on the CUDA cores (FFMA, IEEE fp32,
// never TF32), any SM, any transposes / leading dimensions / alignment.
#include <climits>
#include <cstdint>

#include "kernel_table.hpp"
#include "simt/simt_gemm_kernel.cuh"

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

constexpr std::int64_t kMaxDim = INT_MAX - 1024;  // kernel index math is 32-bit (offsets 64-bit)

bool aligned16(const void *p, std::int64_t ld) {
  return reinterpret_cast<std::uintptr_t>(p) % 16 == 0 && ld % 4 == 0;
}

template <bool TA, bool TB, int Vec>
cudaError_t launch_one(const simt::SimtArgs<float> &args, cudaStream_t stream) {
  const auto kernel = simt::simt_gemm_kernel<Cfg, TA, TB, Vec>;
  const cudaError_t e =
      cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, Cfg::kSmemBytes);
  if (e != cudaSuccess) return e;
  kernel<<<unsigned(args.tiles_m) * unsigned(args.tiles_n), Cfg::kThreads, Cfg::kSmemBytes, stream>>>(
      args);
  return cudaGetLastError();
}

bool supports(const DeviceGemm &g, const DeviceCaps &caps) {
  if (g.in != Elem::F32 || g.out != Elem::F32) return false;
  if (g.m < 1 || g.n < 1 || g.k < 1 || g.m > kMaxDim || g.n > kMaxDim || g.k > kMaxDim) return false;
  const std::int64_t tiles = ((g.m + Cfg::kBM - 1) / Cfg::kBM) * ((g.n + Cfg::kBN - 1) / Cfg::kBN);
  if (tiles > INT_MAX) return false;
  for (const void *p : {g.a, g.b, static_cast<const void *>(g.c)})
    if (reinterpret_cast<std::uintptr_t>(p) % sizeof(float) != 0) return false;
  return caps.shared_optin >= std::size_t(Cfg::kSmemBytes);
}

cudaError_t launch(const DeviceGemm &g, const DeviceCaps &, cudaStream_t stream) {
  simt::SimtArgs<float> args;
  args.m = int(g.m), args.n = int(g.n), args.k = int(g.k);
  args.alpha = float(g.alpha), args.beta = float(g.beta);
  args.a = static_cast<const float *>(g.a), args.lda = g.lda;
  args.b = static_cast<const float *>(g.b), args.ldb = g.ldb;
  args.c = static_cast<float *>(g.c), args.ldc = g.ldc;
  args.tiles_m = int((g.m + Cfg::kBM - 1) / Cfg::kBM);
  args.tiles_n = int((g.n + Cfg::kBN - 1) / Cfg::kBN);
  args.c_vec = aligned16(g.c, g.ldc);
  // 16-byte chunks for the operands whose m / n index is contiguous (A, B^T),
  // when every column of them starts 16-byte aligned; else element copies.
  const bool vec4 = (g.trans_a || aligned16(g.a, g.lda)) && (!g.trans_b || aligned16(g.b, g.ldb));
  if (!g.trans_a && !g.trans_b)
    return vec4 ? launch_one<false, false, 4>(args, stream) : launch_one<false, false, 1>(args, stream);
  if (!g.trans_a && g.trans_b)
    return vec4 ? launch_one<false, true, 4>(args, stream) : launch_one<false, true, 1>(args, stream);
  if (g.trans_a && g.trans_b)
    return vec4 ? launch_one<true, true, 4>(args, stream) : launch_one<true, true, 1>(args, stream);
  return launch_one<true, false, 1>(args, stream);  // both k-contiguous: no vector chunks
}

}  // namespace

const GpuKernel kSgemmSimt = {"sgemm_simt 128x128x16 (fp32 FFMA)", supports, launch};

}  // namespace tileblas::cuda
