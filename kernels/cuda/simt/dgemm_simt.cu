// dgemm_simt.cu -- kDgemmSimt: fp64 GEMM on the CUDA cores (DFMA), any SM,
// any transposes / leading dimensions / alignment.  The fallback where the
// DMMA kernel does not run (before sm_80, or too little shared memory).
#include <climits>
#include <cstdint>

#include "kernel_table.hpp"
#include "simt/simt_gemm_kernel.cuh"

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

constexpr std::int64_t kMaxDim = INT_MAX - 1024;  // kernel index math is 32-bit (offsets 64-bit)

bool aligned16(const void *p, std::int64_t ld) {
  return reinterpret_cast<std::uintptr_t>(p) % 16 == 0 && ld % 2 == 0;
}

template <bool TA, bool TB, int Vec>
cudaError_t launch_one(const simt::SimtArgs<double> &args, cudaStream_t stream) {
  const auto kernel = simt::simt_gemm_kernel<Cfg, TA, TB, Vec>;
  const cudaError_t e =
      cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, Cfg::kSmemBytes);
  if (e != cudaSuccess) return e;
  kernel<<<unsigned(args.tiles_m) * unsigned(args.tiles_n), Cfg::kThreads, Cfg::kSmemBytes, stream>>>(
      args);
  return cudaGetLastError();
}

bool supports(const DeviceGemm &g, const DeviceCaps &caps) {
  if (g.in != Elem::F64 || g.out != Elem::F64) return false;
  if (g.m < 1 || g.n < 1 || g.k < 1 || g.m > kMaxDim || g.n > kMaxDim || g.k > kMaxDim) return false;
  const std::int64_t tiles = ((g.m + Cfg::kBM - 1) / Cfg::kBM) * ((g.n + Cfg::kBN - 1) / Cfg::kBN);
  if (tiles > INT_MAX) return false;
  for (const void *p : {g.a, g.b, static_cast<const void *>(g.c)})
    if (reinterpret_cast<std::uintptr_t>(p) % sizeof(double) != 0) return false;
  return caps.shared_optin >= std::size_t(Cfg::kSmemBytes);
}

cudaError_t launch(const DeviceGemm &g, const DeviceCaps &, cudaStream_t stream) {
  simt::SimtArgs<double> args;
  args.m = int(g.m), args.n = int(g.n), args.k = int(g.k);
  args.alpha = g.alpha, args.beta = g.beta;
  args.a = static_cast<const double *>(g.a), args.lda = g.lda;
  args.b = static_cast<const double *>(g.b), args.ldb = g.ldb;
  args.c = static_cast<double *>(g.c), args.ldc = g.ldc;
  args.tiles_m = int((g.m + Cfg::kBM - 1) / Cfg::kBM);
  args.tiles_n = int((g.n + Cfg::kBN - 1) / Cfg::kBN);
  args.c_vec = aligned16(g.c, g.ldc);
  // 16-byte chunks for the operands whose m / n index is contiguous (A, B^T),
  // when every column of them starts 16-byte aligned; else element copies.
  const bool vec2 = (g.trans_a || aligned16(g.a, g.lda)) && (!g.trans_b || aligned16(g.b, g.ldb));
  if (!g.trans_a && !g.trans_b)
    return vec2 ? launch_one<false, false, 2>(args, stream) : launch_one<false, false, 1>(args, stream);
  if (!g.trans_a && g.trans_b)
    return vec2 ? launch_one<false, true, 2>(args, stream) : launch_one<false, true, 1>(args, stream);
  if (g.trans_a && g.trans_b)
    return vec2 ? launch_one<true, true, 2>(args, stream) : launch_one<true, true, 1>(args, stream);
  return launch_one<true, false, 1>(args, stream);  // both k-contiguous: no vector chunks
}

}  // namespace

const GpuKernel kDgemmSimt = {"dgemm_simt 128x64x16 (fp64 DFMA)", supports, launch};

}  // namespace tileblas::cuda
