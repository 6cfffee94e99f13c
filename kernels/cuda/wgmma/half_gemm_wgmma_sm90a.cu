// half_gemm_wgmma_sm90a.cu -- launcher and kernel-table entry of the sm_90a
// wgmma + TMA half-precision GEMM (kernel: half_gemm_wgmma_kernel.cuh).
//
// Host side per call: two CUtensorMaps (A and B, boxes chosen by transpose),
// the dynamic shared memory limit raised for the instantiation, and one
// persistent launch of min(tiles, SMs) blocks of 384 threads.
#include <algorithm>
#include <climits>
#include <cstdint>

#include "kernel_table.hpp"
#include "wgmma/half_gemm_wgmma.hpp"
#include "wgmma/half_gemm_wgmma_kernel.cuh"
#include "wgmma/tensor_map.hpp"

namespace tileblas::cuda {
namespace wgmma {
namespace {

using Cfg = HalfGemmWgmmaConfig;

// Extents are int32 in the kernel, and a box coordinate may reach an
// extent + 255: keep them well below 2^31.
constexpr std::int64_t kMaxExtent = (std::int64_t(1) << 31) - 1024;
constexpr std::int64_t kMaxTiles = std::int64_t(1) << 30;  // tile + gridDim.x stays in int

bool types_ok(const DeviceGemm &g) {
  return (g.in == Elem::F16 && (g.out == Elem::F32 || g.out == Elem::F16)) ||
         (g.in == Elem::BF16 && g.out == Elem::F32);
}

std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

bool tma_operand_ok(const void *p, std::int64_t ld, std::int64_t stored_rows) {
  return p != nullptr && reinterpret_cast<std::uintptr_t>(p) % 16 == 0 && ld >= stored_rows &&
         ld % 8 == 0 && ld * 2 < (std::int64_t(1) << 40);
}

template <bool kBf16, bool kOutF16, bool kAKMajor, bool kBKMajor>
cudaError_t launch_typed(const DeviceGemm &g, cudaStream_t stream, int max_blocks) {
  CUtensorMap tmap_a, tmap_b;
  cudaError_t e;
  if constexpr (kAKMajor)  // A stored k x m: box {64 k, 128 m}
    e = encode_tensor_map_2d_b16(&tmap_a, kBf16, g.a, g.k, g.m, g.lda, Cfg::kBlockK, Cfg::kBlockM);
  else  // A stored m x k: boxes {64 m, 64 k}
    e = encode_tensor_map_2d_b16(&tmap_a, kBf16, g.a, g.m, g.k, g.lda, Cfg::kBox, Cfg::kBlockK);
  if (e != cudaSuccess) return e;
  if constexpr (kBKMajor)  // B stored k x n: box {64 k, 256 n}
    e = encode_tensor_map_2d_b16(&tmap_b, kBf16, g.b, g.k, g.n, g.ldb, Cfg::kBlockK, Cfg::kBlockN);
  else  // B stored n x k: boxes {64 n, 64 k}
    e = encode_tensor_map_2d_b16(&tmap_b, kBf16, g.b, g.n, g.k, g.ldb, Cfg::kBox, Cfg::kBlockK);
  if (e != cudaSuccess) return e;

  HalfGemmParams p;
  p.m = static_cast<int>(g.m);
  p.n = static_cast<int>(g.n);
  p.k = static_cast<int>(g.k);
  p.tiles_m = static_cast<int>(ceil_div(g.m, Cfg::kBlockM));
  p.tiles_n = static_cast<int>(ceil_div(g.n, Cfg::kBlockN));
  p.num_tiles = p.tiles_m * p.tiles_n;
  p.k_tiles = static_cast<int>(ceil_div(g.k, Cfg::kBlockK));
  p.group_m = Cfg::kGroupM;
  p.alpha = static_cast<float>(g.alpha);
  p.beta = static_cast<float>(g.beta);
  p.c = g.c;
  p.ldc = g.ldc;

  auto *kernel = &half_gemm_wgmma_kernel<Cfg, kBf16, kOutF16, kAKMajor, kBKMajor>;
  e = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, Cfg::kSmemBytes);
  if (e != cudaSuccess) return e;
  const int blocks = std::max(1, std::min(p.num_tiles, max_blocks));
  kernel<<<blocks, Cfg::kThreads, Cfg::kSmemBytes, stream>>>(tmap_a, tmap_b, p);
  return cudaGetLastError();
}

template <bool kBf16, bool kOutF16>
cudaError_t launch_transposes(const DeviceGemm &g, cudaStream_t stream, int max_blocks) {
  // op(A) = A^T: A is K-major.  op(B) = B: B is K-major.
  if (g.trans_a) {
    return g.trans_b ? launch_typed<kBf16, kOutF16, true, false>(g, stream, max_blocks)
                     : launch_typed<kBf16, kOutF16, true, true>(g, stream, max_blocks);
  }
  return g.trans_b ? launch_typed<kBf16, kOutF16, false, false>(g, stream, max_blocks)
                   : launch_typed<kBf16, kOutF16, false, true>(g, stream, max_blocks);
}

}  // namespace

bool half_gemm_wgmma_runnable(const DeviceGemm &g, const DeviceCaps &caps) {
  if (!types_ok(g) || !caps.sm90a_code || caps.sm != 90) return false;
  if (caps.shared_optin < static_cast<std::size_t>(Cfg::kSmemBytes)) return false;
  if (g.m < 1 || g.n < 1 || g.k < 1 || g.m > kMaxExtent || g.n > kMaxExtent || g.k > kMaxExtent)
    return false;
  if (ceil_div(g.m, Cfg::kBlockM) * ceil_div(g.n, Cfg::kBlockN) > kMaxTiles) return false;
  if (!tma_operand_ok(g.a, g.lda, g.trans_a ? g.k : g.m)) return false;
  if (!tma_operand_ok(g.b, g.ldb, g.trans_b ? g.n : g.k)) return false;
  if (g.c == nullptr || g.ldc < g.m) return false;
  return tensor_map_encoder_available();
}

bool half_gemm_wgmma_supports(const DeviceGemm &g, const DeviceCaps &caps) {
  if (!half_gemm_wgmma_runnable(g, caps)) return false;
  const std::int64_t tiles = ceil_div(g.m, Cfg::kBlockM) * ceil_div(g.n, Cfg::kBlockN);
  return g.k >= Cfg::kBlockK && 2 * tiles >= caps.multiprocessors;
}

cudaError_t half_gemm_wgmma_launch(const DeviceGemm &g, const DeviceCaps &caps,
                                   cudaStream_t stream, int max_blocks) {
  if (!half_gemm_wgmma_runnable(g, caps)) return cudaErrorInvalidValue;
  if (g.in == Elem::BF16) return launch_transposes<true, false>(g, stream, max_blocks);
  return g.out == Elem::F16 ? launch_transposes<false, true>(g, stream, max_blocks)
                            : launch_transposes<false, false>(g, stream, max_blocks);
}

}  // namespace wgmma

namespace {
bool supports_entry(const DeviceGemm &g, const DeviceCaps &caps) {
  return wgmma::half_gemm_wgmma_supports(g, caps);
}
cudaError_t launch_entry(const DeviceGemm &g, const DeviceCaps &caps, cudaStream_t stream) {
  return wgmma::half_gemm_wgmma_launch(g, caps, stream, caps.multiprocessors);
}
}  // namespace

const GpuKernel kHalfGemmWgmmaSm90a = {
    "half_gemm_wgmma_sm90a (TMA + wgmma, 128x256x64 tiles, 4 stages, persistent)",
    &supports_entry,
    &launch_entry,
};

}  // namespace tileblas::cuda
