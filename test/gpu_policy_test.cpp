// gpu_policy_test.cpp -- the GPU engine's decisions that need no GPU: the
// offload cost model (src/gpu/offload_policy) and the tile plan of host-memory
// calls (src/cuda/tile_plan), compiled into this test directly.
#include <gtest/gtest.h>

#include "cuda/tile_plan.hpp"
#include "gpu/offload_policy.hpp"

namespace tileblas::gpu {
namespace {

// An H200-like GPU behind PCIe 5: ~50 GB/s each way, 50 TFLOP/s fp32.
GpuInfo h200_like() {
  GpuInfo g{};
  g.sm = 90;
  g.h2d_bytes_per_s = g.d2h_bytes_per_s = 50e9;
  g.gemm_flops_per_s[int(cuda::Elem::F32)] = 50e12;
  g.gemm_flops_per_s[int(cuda::Elem::F64)] = 55e12;
  return g;
}

cuda::DeviceGemm square(std::int64_t n, cuda::Elem e = cuda::Elem::F32, double alpha = 1,
                        double beta = 0) {
  return {e, e, false, false, n, n, n, alpha, beta, nullptr, n, nullptr, n, nullptr, n};
}

constexpr double kCpu = 200e9;  // two Zen 4 cores, fp32

TEST(OffloadPolicy, SmallStaysOnCpuLargeGoesToGpu) {
  EXPECT_FALSE(estimate_offload(square(64), h200_like(), kCpu).use_gpu);
  EXPECT_FALSE(estimate_offload(square(128), h200_like(), kCpu).use_gpu);
  EXPECT_TRUE(estimate_offload(square(2048), h200_like(), kCpu).use_gpu);
  EXPECT_TRUE(estimate_offload(square(16384), h200_like(), kCpu).use_gpu);
}

TEST(OffloadPolicy, CrossoverMovesWithTheCpuRate) {
  // A CPU 100x faster keeps mid-size problems at home.
  EXPECT_TRUE(estimate_offload(square(1024), h200_like(), kCpu).use_gpu);
  EXPECT_FALSE(estimate_offload(square(1024), h200_like(), kCpu * 100).use_gpu);
}

TEST(OffloadPolicy, SkinnyProblemsAreTransferBound) {
  // 16384 x 16384 x 8: 4 GFLOP but 1 GiB of C each way; the CPU streams it.
  cuda::DeviceGemm g = square(16384);
  g.k = 8;
  g.beta = 1;
  const OffloadEstimate e = estimate_offload(g, h200_like(), kCpu);
  EXPECT_FALSE(e.use_gpu) << "gpu " << e.gpu_seconds << " s, cpu " << e.cpu_seconds << " s";
}

TEST(OffloadPolicy, NoFlopsOrNoKernelNeverOffloads) {
  EXPECT_FALSE(estimate_offload(square(4096, cuda::Elem::F32, 0.0), h200_like(), kCpu).use_gpu);
  cuda::DeviceGemm k0 = square(4096);
  k0.k = 0;
  EXPECT_FALSE(estimate_offload(k0, h200_like(), kCpu).use_gpu);
  GpuInfo no_half = h200_like();  // no fp16 kernel on this device
  EXPECT_FALSE(estimate_offload(square(4096, cuda::Elem::F16), no_half, kCpu).use_gpu);
}

TilePlan plan(std::int64_t m, std::int64_t n, std::int64_t k, std::uint64_t budget, int in = 4,
              int out = 4) {
  return plan_host_gemm({m, n, k, in, out, budget});
}

TEST(TilePlan, FitsWholeProblemResident) {
  const TilePlan p = plan(16384, 16384, 16384, std::uint64_t(100) << 30);
  EXPECT_TRUE(p.fits);
  EXPECT_TRUE(p.resident);
  EXPECT_EQ(p.tile_k, 16384);
  EXPECT_LE(p.tile_m, 8192);
  EXPECT_EQ(tile_count(16384, p.tile_m) * p.tile_m, 16384);  // even split
  EXPECT_LE(p.device_bytes, std::uint64_t(100) << 30);
}

TEST(TilePlan, SmallProblemIsOneTile) {
  const TilePlan p = plan(100, 37, 5, std::uint64_t(1) << 30);
  EXPECT_TRUE(p.fits && p.resident);
  EXPECT_EQ(p.tile_m, 100);
  EXPECT_EQ(p.tile_n, 37);
  EXPECT_EQ(p.tile_k, 5);
}

TEST(TilePlan, LargerThanDeviceMemoryStreamsWithinBudget) {
  // 3 x 64 GiB of fp64 through 8 GiB of device memory.
  const std::uint64_t budget = std::uint64_t(8) << 30;
  const TilePlan p = plan(92682, 92682, 92682, budget, 8, 8);
  EXPECT_TRUE(p.fits);
  EXPECT_FALSE(p.resident);
  EXPECT_LE(p.device_bytes, budget);
  EXPECT_GE(p.tile_m, 256);
  EXPECT_LT(p.tile_k, 92682);  // k is split: later chunks accumulate into C
}

TEST(TilePlan, TinyBudgetDoesNotFit) {
  EXPECT_FALSE(plan(4096, 4096, 4096, 1 << 20).fits);
}

TEST(TilePlan, EveryPlanRespectsItsBudget) {
  for (std::int64_t n : {1, 255, 256, 257, 1000, 8191, 8193, 20000})
    for (std::uint64_t budget_mib : {16, 64, 512, 4096, 65536}) {
      const std::uint64_t budget = budget_mib << 20;
      const TilePlan p = plan(n, n + 3, 2 * n + 1, budget);
      if (!p.fits) continue;
      EXPECT_LE(p.device_bytes, budget) << n << " " << budget_mib;
      EXPECT_GE(p.tile_m, 1);
      EXPECT_GE(p.tile_k, 1);
      EXPECT_LE(p.tile_m, std::max<std::int64_t>(n, 256));
    }
}

}  // namespace
}  // namespace tileblas::gpu
