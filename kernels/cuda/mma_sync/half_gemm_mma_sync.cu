// half_gemm_mma_sync.cu -- launcher of the mma.sync tensor-core half GEMM
// (half_gemm_mma_sync_kernel.cuh) and its kernel-table entry kHalfGemmMmaSync:
// fp16 / bf16 A and B, fp32 accumulation, fp32 C (gemm_f16f16f32, sbgemm) or
// fp16 C (hgemm), sm_80 and later.  On sm_90a the wgmma kernel comes first in
// the table; this one takes what it declines (unaligned operands, ...).
//
// Tile shape, one for every call: block 128 x 128 x 32, 4 warps of 64 x 64.
//   - 64 x 64 per warp = 4 x 8 m16n8k16 tiles: 128 fp32 accumulators per
//     thread; per 16-wide k step a warp issues 8 ldmatrix.x4 for 32 mma, so
//     shared-memory bandwidth is not the limit.  ptxas: 235-240 registers
//     (16-byte path), 208-226 (narrow paths), no spills: two blocks (8 warps,
//     2 x 128 x 240 registers) fit in the 64 K-register file of an SM.
//   - BK = 32: 16 KB of A + B per stage.  4 stages (64 KB) where two such
//     blocks fit in shared memory (A100 164 KB, H100/H200 228 KB per SM);
//     3 stages (48 KB) on sm_86 / sm_89 (100 KB per SM), again two blocks.
//   - Global loads: 16-byte cp.async when both operands are 16-byte aligned
//     (pointer and ld), 4-byte cp.async when 4-byte aligned, else 2-byte loads.
#include <climits>

#include "kernel_table.hpp"
#include "mma_sync/half_gemm_mma_sync_kernel.cuh"

namespace tileblas::cuda {
namespace {

using mma_sync::BlockShape;
using mma_sync::HalfGemmParams;

using Shape4 = BlockShape<128, 128, 32, 64, 64, 4>;  // 64 KB shared: sm_80, sm_90
using Shape3 = BlockShape<128, 128, 32, 64, 64, 3>;  // 48 KB shared: sm_86, sm_89, ...

// Two blocks of Shape4 per SM need 2 x (64 KB + 1 KB reserved per block).
constexpr std::size_t kSharedForShape4 = 2 * (Shape4::kSmemBytes + 1024);

template <class Shape, bool kTransA, bool kTransB, int kVec, Elem kIn, Elem kOut>
cudaError_t launch_kernel(const HalfGemmParams &p, cudaStream_t stream) {
  auto *kernel = mma_sync::half_gemm_mma_sync_kernel<Shape, kTransA, kTransB, kVec, kIn, kOut>;
  // Above 48 KB of dynamic shared memory a kernel must opt in; ask for the
  // largest carveout so two blocks fit per SM (cp.async.cg bypasses L1 anyway).
  cudaError_t e = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       Shape::kSmemBytes);
  if (e != cudaSuccess) return e;
  e = cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                           cudaSharedmemCarveoutMaxShared);
  if (e != cudaSuccess) return e;
  const std::int64_t blocks = p.tiles_m * p.tiles_n;
  kernel<<<dim3(static_cast<unsigned>(blocks)), dim3(Shape::kThreads), Shape::kSmemBytes, stream>>>(p);
  return cudaGetLastError();
}

// Runtime choices -> template arguments, one level at a time.
template <class Shape, bool kTransA, bool kTransB, int kVec>
cudaError_t by_types(const DeviceGemm &g, const HalfGemmParams &p, cudaStream_t s) {
  if (g.in == Elem::BF16) return launch_kernel<Shape, kTransA, kTransB, kVec, Elem::BF16, Elem::F32>(p, s);
  if (g.out == Elem::F16) return launch_kernel<Shape, kTransA, kTransB, kVec, Elem::F16, Elem::F16>(p, s);
  return launch_kernel<Shape, kTransA, kTransB, kVec, Elem::F16, Elem::F32>(p, s);
}

template <class Shape, int kVec>
cudaError_t by_transposes(const DeviceGemm &g, const HalfGemmParams &p, cudaStream_t s) {
  if (!g.trans_a && !g.trans_b) return by_types<Shape, false, false, kVec>(g, p, s);
  if (!g.trans_a && g.trans_b) return by_types<Shape, false, true, kVec>(g, p, s);
  if (g.trans_a && !g.trans_b) return by_types<Shape, true, false, kVec>(g, p, s);
  return by_types<Shape, true, true, kVec>(g, p, s);
}

// Widest global load (in elements: 8, 2 or 1) an operand allows: every load
// starts at pointer + row * ld + (a multiple of 8), so the pointer and the
// leading dimension must both be aligned to it.  An operand with a single
// stored row (column) never steps by ld, so its ld does not matter.
int operand_vector(const void *ptr, std::int64_t ld, std::int64_t stored_rows) {
  const auto address = reinterpret_cast<std::uintptr_t>(ptr);
  const bool one_row = stored_rows == 1;
  if (address % 16 == 0 && (one_row || ld % 8 == 0)) return 8;
  if (address % 4 == 0 && (one_row || ld % 2 == 0)) return 2;
  return 1;
}

bool types_supported(const DeviceGemm &g) {
  if (g.in == Elem::F16) return g.out == Elem::F32 || g.out == Elem::F16;
  if (g.in == Elem::BF16) return g.out == Elem::F32;
  return false;
}

bool half_gemm_supports(const DeviceGemm &g, const DeviceCaps &caps) {
  return caps.sm >= 80 && types_supported(g) &&
         caps.shared_optin >= static_cast<std::size_t>(Shape3::kSmemBytes);
}

cudaError_t half_gemm_launch(const DeviceGemm &g, const DeviceCaps &caps, cudaStream_t stream) {
  if (!types_supported(g) || g.m < 1 || g.n < 1 || g.k < 1) return cudaErrorInvalidValue;
  HalfGemmParams p;
  p.a = static_cast<const std::uint16_t *>(g.a);
  p.b = static_cast<const std::uint16_t *>(g.b);
  p.c = g.c;
  p.m = g.m;
  p.n = g.n;
  p.k = g.k;
  p.lda = g.lda;
  p.ldb = g.ldb;
  p.ldc = g.ldc;
  p.alpha = static_cast<float>(g.alpha);
  p.beta = static_cast<float>(g.beta);
  // Both shapes have the same block tile.
  p.tiles_m = (g.m + Shape4::kBM - 1) / Shape4::kBM;
  p.tiles_n = (g.n + Shape4::kBN - 1) / Shape4::kBN;
  if (p.tiles_n > INT_MAX / p.tiles_m) return cudaErrorInvalidValue;  // grid.x < 2^31

  // Stored shapes: A is m x k (k columns of ld) or, transposed, k x m (m
  // columns); B is k x n (n columns) or n x k (k columns).
  const int vec_a = operand_vector(g.a, g.lda, g.trans_a ? g.m : g.k);
  const int vec_b = operand_vector(g.b, g.ldb, g.trans_b ? g.k : g.n);
  const int vec = vec_a < vec_b ? vec_a : vec_b;
  const bool deep = caps.shared_optin >= kSharedForShape4;
  if (vec == 8) {
    return deep ? by_transposes<Shape4, 8>(g, p, stream) : by_transposes<Shape3, 8>(g, p, stream);
  }
  if (vec == 2) return by_transposes<Shape3, 2>(g, p, stream);
  return by_transposes<Shape3, 1>(g, p, stream);
}

}  // namespace

extern const GpuKernel kHalfGemmMmaSync = {
    "half_gemm_mma_sync (sm_80+, mma.sync m16n8k16, 128x128x32 block)",
    half_gemm_supports,
    half_gemm_launch,
};

}  // namespace tileblas::cuda
