// wgmma_kernel_test.cpp -- the sm_90a wgmma + TMA half-precision GEMM
// (kernels/cuda/wgmma/) on an H100/H200:
//   Edges        every type pair x every transpose on sizes that cut tiles,
//                k-tiles and swizzle boxes (136, 200, 264, 520, 1000, k 72..),
//                padded lda/ldb/ldc, beta = 0 over NaN C, alpha/beta {-1, 0.5},
//                C padding rows and two guard columns past n untouched;
//                checked element by element against the double reference.
//   Persistent   few blocks for many tiles (every block walks the ring many
//                times, tiles start at every stage and phase).
//   VsCublas     4096^3 (all transposes) and 8192 x 8192 x 4096 against
//                cublasGemmEx (CUBLAS_COMPUTE_32F) by relative Frobenius error.
//   Declines     supports() says no to what TMA cannot do or what is too small.
//   Perf         TFLOP/s next to cuBLAS at 4096^3 and 8192^3 (printed only).
// Skips (not fails) on GPUs other than sm_90.
#include <cublas_v2.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "gpu_test_util.hpp"
#include "kernel_table.hpp"
#include "wgmma/half_gemm_wgmma.hpp"

namespace {

using tileblas::cuda::DeviceCaps;
using tileblas::cuda::DeviceGemm;
using tileblas::cuda::Elem;
using tileblas::cuda::elem_bytes;
using tileblas::cuda::kHalfGemmWgmmaSm90a;
using tileblas::cuda::wgmma::half_gemm_wgmma_launch;
using tileblas::cuda::wgmma::half_gemm_wgmma_runnable;
using tileblas::cuda::wgmma::half_gemm_wgmma_supports;
using namespace tileblas::gpu_test;

DeviceCaps current_caps() {
  DeviceCaps caps{};
  cudaDeviceProp p{};
  if (cudaGetDeviceProperties(&p, 0) != cudaSuccess) return caps;
  caps.sm = 10 * p.major + p.minor;
  caps.sm90a_code = caps.sm == 90;  // the test is built with sm_90a machine code
  caps.multiprocessors = p.multiProcessorCount;
  caps.shared_optin = p.sharedMemPerBlockOptin;
  return caps;
}

const char *elem_name(Elem e) {
  switch (e) {
    case Elem::F32: return "f32";
    case Elem::F64: return "f64";
    case Elem::F16: return "f16";
    case Elem::BF16: return "bf16";
  }
  return "?";
}

class Sm90Test : public ::testing::Test {
 protected:
  void SetUp() override {
    caps_ = current_caps();
    if (caps_.sm != 90) GTEST_SKIP() << "needs an sm_90 GPU (H100/H200), this one is sm_" << caps_.sm;
  }
  DeviceCaps caps_{};
};

// ------------------------------------------------------------------ edges

struct Case {
  Elem in, out;
  bool ta, tb;
  std::int64_t m, n, k;
  // lda = stored rows rounded up to a multiple of 8 (TMA: ld * 2 % 16 == 0)
  // + lda_pad (a multiple of 8), ldb likewise; ldc = m + ldc_pad (any).
  std::int64_t lda_pad, ldb_pad, ldc_pad;
  double alpha, beta;
  int max_blocks;  // 0: one per SM
};

std::string case_name(const Case &c) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s_%s_%c%c_%lldx%lldx%lld_ld%lld_%lld_%lld_a%g_b%g_blocks%d",
                elem_name(c.in), elem_name(c.out), c.ta ? 'T' : 'N', c.tb ? 'T' : 'N',
                (long long)c.m, (long long)c.n, (long long)c.k, (long long)c.lda_pad,
                (long long)c.ldb_pad, (long long)c.ldc_pad, c.alpha, c.beta, c.max_blocks);
  std::string s(buf);
  for (char &ch : s)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return s;
}

constexpr std::int64_t kGuardCols = 2;  // columns past n that must stay untouched

void run_case(const Case &c, const DeviceCaps &caps) {
  std::mt19937_64 rng(0x5eed + c.m * 131 + c.n * 7 + c.k + (c.ta ? 1000 : 0) + (c.tb ? 2000 : 0));
  const std::int64_t a_rows = c.ta ? c.k : c.m, a_cols = c.ta ? c.m : c.k;
  const std::int64_t b_rows = c.tb ? c.n : c.k, b_cols = c.tb ? c.k : c.n;
  auto ld_for = [](std::int64_t rows, std::int64_t pad) { return (rows + 7) / 8 * 8 + pad; };
  HostMatrix a(c.in, a_rows, a_cols, ld_for(a_rows, c.lda_pad));
  HostMatrix b(c.in, b_rows, b_cols, ld_for(b_rows, c.ldb_pad));
  HostMatrix c0(c.out, c.m, c.n + kGuardCols, c.m + c.ldc_pad);
  a.fill_random(rng);
  b.fill_random(rng);
  if (c.beta == 0)
    c0.fill(std::numeric_limits<double>::quiet_NaN());  // must not leak into C
  else
    c0.fill_random(rng);

  DeviceBuffer da(a.bytes.size()), db(b.bytes.size()), dc(c0.bytes.size());
  ASSERT_TRUE(da.get() && db.get() && dc.get());
  da.upload(a.bytes.data());
  db.upload(b.bytes.data());
  dc.upload(c0.bytes.data());

  const DeviceGemm g{c.in, c.out, c.ta, c.tb, c.m, c.n, c.k, c.alpha, c.beta,
                     da.get(), a.ld, db.get(), b.ld, dc.get(), c0.ld};
  ASSERT_TRUE(half_gemm_wgmma_runnable(g, caps)) << case_name(c);
  GPU_CHECK(half_gemm_wgmma_launch(g, caps, nullptr,
                                   c.max_blocks > 0 ? c.max_blocks : caps.multiprocessors));
  GPU_CHECK(cudaDeviceSynchronize());

  HostMatrix got(c.out, c.m, c.n + kGuardCols, c0.ld);
  dc.download(got.bytes.data());

  // Guard columns n, n+1: byte-identical.
  const std::size_t col_bytes = std::size_t(c0.ld) * elem_bytes(c.out);
  const std::size_t body = col_bytes * std::size_t(c.n);
  EXPECT_TRUE(std::equal(got.bytes.begin() + body, got.bytes.end(), c0.bytes.begin() + body))
      << case_name(c) << ": a column past n was written";

  // The first n columns, as m x n matrices with the same ldc.
  HostMatrix c0n(c.out, c.m, c.n, c0.ld), gotn(c.out, c.m, c.n, c0.ld);
  std::copy(c0.bytes.begin(), c0.bytes.begin() + body, c0n.bytes.begin());
  std::copy(got.bytes.begin(), got.bytes.begin() + body, gotn.bytes.begin());
  EXPECT_EQ(check_gemm_result(g, a, b, c0n, gotn), 0) << case_name(c);
}

std::vector<Case> edge_cases() {
  const struct {
    Elem in, out;
  } types[] = {{Elem::F16, Elem::F32}, {Elem::BF16, Elem::F32}, {Elem::F16, Elem::F16}};
  std::vector<Case> cases;
  for (const auto &t : types)
    for (int tr = 0; tr < 4; ++tr) {
      const bool ta = tr & 1, tb = tr & 2;
      // m cuts the second consumer's rows and a 64-wide A box; n cuts a
      // 256-wide tile and its 64-wide B boxes; k = 4 full k-tiles + 8.
      cases.push_back({t.in, t.out, ta, tb, 200, 520, 264, 8, 0, 3, 1.0, 0.0, 0});
      // m = 136: second tile-row holds 8 rows; k = 1000: 16 k-tiles, 40 tail.
      cases.push_back({t.in, t.out, ta, tb, 136, 200, 1000, 0, 8, 0, -1.0, 0.5, 0});
      // Odd extents (TMA dimensions that are not a multiple of 8 elements,
      // padded leading dimensions), 2 full tile-rows + 73 rows, 2 tile-columns
      // + 5, k = 4 k-tiles + 7.
      cases.push_back({t.in, t.out, ta, tb, 329, 517, 263, 0, 0, 1, 1.0, 0.0, 0});
      // 8 tile-rows; k = 97: one k-tile and a 33-deep tail.
      cases.push_back({t.in, t.out, ta, tb, 1001, 130, 97, 8, 0, 0, -1.0, 0.5, 0});
    }
  return cases;
}

class WgmmaEdges : public ::testing::TestWithParam<Case> {
 protected:
  void SetUp() override {
    caps_ = current_caps();
    if (caps_.sm != 90) GTEST_SKIP() << "needs an sm_90 GPU (H100/H200), this one is sm_" << caps_.sm;
  }
  DeviceCaps caps_{};
};

TEST_P(WgmmaEdges, MatchesReference) { run_case(GetParam(), caps_); }

INSTANTIATE_TEST_SUITE_P(AllTypesAllTransposes, WgmmaEdges, ::testing::ValuesIn(edge_cases()),
                         [](const ::testing::TestParamInfo<Case> &info) {
                           return case_name(info.param);
                         });

// A persistent block walks tile after tile; with 6 k-tiles per tile and a
// 4-stage ring every tile starts at a different stage and phase.
using WgmmaPersistent = Sm90Test;
TEST_F(WgmmaPersistent, FewBlocksManyTiles) {
  run_case({Elem::F16, Elem::F32, false, false, 390, 776, 328, 8, 8, 1, 1.0, 0.0, 3}, caps_);
  run_case({Elem::BF16, Elem::F32, true, false, 392, 776, 328, 0, 0, 0, -1.0, 0.5, 3}, caps_);
  run_case({Elem::F16, Elem::F16, true, true, 392, 776, 328, 0, 8, 2, 1.0, 0.0, 3}, caps_);
  run_case({Elem::F16, Elem::F32, false, true, 264, 520, 136, 0, 0, 0, 1.0, 0.0, 1}, caps_);
}

// ------------------------------------------------------------- vs cuBLAS

// Fast deterministic fill of `count` 16-bit values, uniform in [-1, 1).
void fill_b16(std::vector<std::uint16_t> &v, bool bf16, std::uint64_t seed) {
  std::uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
  for (auto &x : v) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    const float f = float(std::int64_t(s >> 40) - (std::int64_t(1) << 23)) * (1.0f / (1 << 23));
    x = bf16 ? float_to_bf16(f) : float_to_f16(f);
  }
}

cudaDataType cuda_type(Elem e) {
  switch (e) {
    case Elem::F16: return CUDA_R_16F;
    case Elem::BF16: return CUDA_R_16BF;
    case Elem::F64: return CUDA_R_64F;
    default: return CUDA_R_32F;
  }
}

// Reads `count` C values of type `e` from the device as doubles.
std::vector<double> download_c(const DeviceBuffer &d, Elem e, std::size_t count) {
  std::vector<double> out(count);
  if (e == Elem::F32) {
    std::vector<float> h(count);
    cudaMemcpy(h.data(), d.get(), count * 4, cudaMemcpyDeviceToHost);
    for (std::size_t i = 0; i < count; ++i) out[i] = h[i];
  } else {
    std::vector<std::uint16_t> h(count);
    cudaMemcpy(h.data(), d.get(), count * 2, cudaMemcpyDeviceToHost);
    for (std::size_t i = 0; i < count; ++i)
      out[i] = e == Elem::F16 ? f16_to_float(h[i]) : bf16_to_float(h[i]);
  }
  return out;
}

struct CublasHandle {
  cublasHandle_t h = nullptr;
  CublasHandle() {
    if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS) h = nullptr;
  }
  ~CublasHandle() {
    if (h) cublasDestroy(h);
  }
};

cublasStatus_t cublas_gemm(cublasHandle_t h, const DeviceGemm &g) {
  const float alpha = float(g.alpha), beta = float(g.beta);
  return cublasGemmEx(h, g.trans_a ? CUBLAS_OP_T : CUBLAS_OP_N, g.trans_b ? CUBLAS_OP_T : CUBLAS_OP_N,
                      int(g.m), int(g.n), int(g.k), &alpha, g.a, cuda_type(g.in), int(g.lda), g.b,
                      cuda_type(g.in), int(g.ldb), &beta, g.c, cuda_type(g.out), int(g.ldc),
                      CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}

// Operands for an m x n x k problem in every transpose: A is allocated as the
// larger of m x k / k x m (same count), B likewise; ld = stored rows.
struct BigProblem {
  Elem in, out;
  std::int64_t m, n, k;
  DeviceBuffer a, b, c_ours, c_ref;
  std::vector<std::uint16_t> c_init;  // beta != 0: the same C0 for both

  BigProblem(Elem in_, Elem out_, std::int64_t m_, std::int64_t n_, std::int64_t k_)
      : in(in_), out(out_), m(m_), n(n_), k(k_), a(std::size_t(m_ * k_) * 2),
        b(std::size_t(k_ * n_) * 2), c_ours(std::size_t(m_ * n_) * elem_bytes(out_)),
        c_ref(std::size_t(m_ * n_) * elem_bytes(out_)) {
    std::vector<std::uint16_t> h(std::size_t(m * k));
    fill_b16(h, in == Elem::BF16, 1);
    a.upload(h.data());
    h.assign(std::size_t(k * n), 0);
    fill_b16(h, in == Elem::BF16, 2);
    b.upload(h.data());
  }
  bool ok() const { return a.get() && b.get() && c_ours.get() && c_ref.get(); }

  DeviceGemm gemm(bool ta, bool tb, double alpha, double beta, void *c) const {
    return DeviceGemm{in, out, ta, tb, m, n, k, alpha, beta, a.get(), ta ? k : m,
                      b.get(), tb ? n : k, c, m};
  }
  // C0 for beta != 0 (random, same bytes in both outputs); NaN for beta == 0.
  void reset_c(double beta) {
    const std::size_t count = std::size_t(m * n);
    if (out == Elem::F32) {
      std::vector<float> h(count, std::numeric_limits<float>::quiet_NaN());
      if (beta != 0) {
        std::vector<std::uint16_t> r(count);
        fill_b16(r, false, 3);
        for (std::size_t i = 0; i < count; ++i) h[i] = f16_to_float(r[i]);
      }
      c_ours.upload(h.data());
      c_ref.upload(h.data());
    } else {
      std::vector<std::uint16_t> h(count, 0x7e00);
      if (beta != 0) fill_b16(h, false, 3);
      c_ours.upload(h.data());
      c_ref.upload(h.data());
    }
  }
};

// ||C_ours - C_cublas||_F / ||C_cublas||_F.
double relative_frobenius(const BigProblem &p) {
  const std::size_t count = std::size_t(p.m * p.n);
  const std::vector<double> x = download_c(p.c_ours, p.out, count);
  const std::vector<double> y = download_c(p.c_ref, p.out, count);
  double diff = 0, ref = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const double d = x[i] - y[i];
    diff += d * d;  // a NaN anywhere makes the ratio NaN, which fails the check
    ref += y[i] * y[i];
  }
  return std::sqrt(diff) / std::sqrt(ref);
}

void compare_with_cublas(BigProblem &p, bool ta, bool tb, double alpha, double beta,
                         const DeviceCaps &caps, cublasHandle_t h) {
  p.reset_c(beta);
  const DeviceGemm ours = p.gemm(ta, tb, alpha, beta, p.c_ours.get());
  const DeviceGemm ref = p.gemm(ta, tb, alpha, beta, p.c_ref.get());
  ASSERT_TRUE(kHalfGemmWgmmaSm90a.supports(ours, caps));
  GPU_CHECK(kHalfGemmWgmmaSm90a.launch(ours, caps, nullptr));
  ASSERT_EQ(cublas_gemm(h, ref), CUBLAS_STATUS_SUCCESS);
  GPU_CHECK(cudaDeviceSynchronize());
  const double err = relative_frobenius(p);
  const double bound = p.out == Elem::F32 ? 1e-5 : 1e-3;
  std::printf("  %s->%s %c%c %lldx%lldx%lld alpha %g beta %g: relative Frobenius error %.3g\n",
              elem_name(p.in), elem_name(p.out), ta ? 'T' : 'N', tb ? 'T' : 'N', (long long)p.m,
              (long long)p.n, (long long)p.k, alpha, beta, err);
  EXPECT_LT(err, bound) << elem_name(p.in) << "->" << elem_name(p.out) << (ta ? " T" : " N")
                        << (tb ? "T" : "N");
}

using WgmmaVsCublas = Sm90Test;

TEST_F(WgmmaVsCublas, AllTransposes4096) {
  CublasHandle h;
  ASSERT_NE(h.h, nullptr);
  const struct {
    Elem in, out;
  } types[] = {{Elem::F16, Elem::F32}, {Elem::BF16, Elem::F32}, {Elem::F16, Elem::F16}};
  for (const auto &t : types) {
    BigProblem p(t.in, t.out, 4096, 4096, 4096);
    ASSERT_TRUE(p.ok());
    for (int tr = 0; tr < 4; ++tr) compare_with_cublas(p, tr & 1, tr & 2, 1.0, 0.0, caps_, h.h);
    compare_with_cublas(p, false, false, -1.0, 0.5, caps_, h.h);
  }
}

TEST_F(WgmmaVsCublas, Rectangular8192x8192x4096) {
  CublasHandle h;
  ASSERT_NE(h.h, nullptr);
  const struct {
    Elem in, out;
  } types[] = {{Elem::F16, Elem::F32}, {Elem::BF16, Elem::F32}, {Elem::F16, Elem::F16}};
  for (const auto &t : types) {
    BigProblem p(t.in, t.out, 8192, 8192, 4096);
    ASSERT_TRUE(p.ok());
    compare_with_cublas(p, false, false, 1.0, 0.0, caps_, h.h);
    compare_with_cublas(p, true, false, 1.0, 0.0, caps_, h.h);
  }
}

// --------------------------------------------------------------- declines

TEST(WgmmaDeclines, WhatTmaCannotDoOrIsTooSmall) {
  const DeviceCaps h200{90, true, 132, 232448};
  // Aligned fake device addresses: supports() only looks at the numbers.
  void *const a = reinterpret_cast<void *>(std::uintptr_t(1) << 32);
  void *const b = reinterpret_cast<void *>(std::uintptr_t(2) << 32);
  void *const c = reinterpret_cast<void *>(std::uintptr_t(3) << 32);
  const DeviceGemm big{Elem::F16, Elem::F32, false, false, 4096, 4096, 4096, 1.0, 0.0,
                       a, 4096, b, 4096, c, 4096};
  ASSERT_TRUE(half_gemm_wgmma_supports(big, h200)) << "the reference problem must be accepted";
  EXPECT_TRUE(kHalfGemmWgmmaSm90a.supports(big, h200));
  for (int tr = 0; tr < 4; ++tr) {
    DeviceGemm g = big;
    g.trans_a = tr & 1;
    g.trans_b = tr & 2;
    EXPECT_TRUE(half_gemm_wgmma_supports(g, h200)) << "transposes " << tr;
  }
  DeviceGemm g = big;
  g.in = Elem::BF16;
  EXPECT_TRUE(half_gemm_wgmma_supports(g, h200)) << "bf16 -> f32";
  g = big;
  g.out = Elem::F16;
  EXPECT_TRUE(half_gemm_wgmma_supports(g, h200)) << "f16 -> f16";

  auto declined = [&](const DeviceGemm &x, const DeviceCaps &caps, const char *why) {
    EXPECT_FALSE(half_gemm_wgmma_supports(x, caps)) << why;
    EXPECT_FALSE(kHalfGemmWgmmaSm90a.supports(x, caps)) << why;
  };
  g = big; g.lda = 4100;                       declined(g, h200, "lda * 2 not a multiple of 16");
  g = big; g.ldb = 4097;                       declined(g, h200, "ldb * 2 not a multiple of 16");
  g = big; g.trans_a = true; g.k = 4104;       declined(g, h200, "lda < k (A^T stored k x m)");
  g = big; g.a = static_cast<char *>(a) + 2;   declined(g, h200, "A not 16-byte aligned");
  g = big; g.b = static_cast<char *>(b) + 8;   declined(g, h200, "B not 16-byte aligned");
  g = big; g.in = Elem::F32;                   declined(g, h200, "fp32 inputs");
  g = big; g.in = Elem::F64; g.out = Elem::F64; declined(g, h200, "fp64");
  g = big; g.in = Elem::BF16; g.out = Elem::F16; declined(g, h200, "bf16 -> f16");
  g = big; g.m = std::int64_t(1) << 31;        declined(g, h200, "m >= 2^31");
  DeviceCaps caps = h200; caps.sm90a_code = false; declined(big, caps, "no sm_90a code");
  caps = h200; caps.sm = 80; caps.sm90a_code = false; declined(big, caps, "sm_80");
  caps = h200; caps.shared_optin = 100 * 1024;  declined(big, caps, "too little shared memory");
  // Small problems: computable, but left to the mma.sync kernel.
  g = big; g.m = 128; g.n = 256;
  EXPECT_TRUE(half_gemm_wgmma_runnable(g, h200));
  declined(g, h200, "one tile");
  g = big; g.k = 32;
  EXPECT_TRUE(half_gemm_wgmma_runnable(g, h200));
  declined(g, h200, "k < 64");
}

// ------------------------------------------------------------------- perf

using WgmmaPerf = Sm90Test;
TEST_F(WgmmaPerf, VsCublasPrintsTflops) {
  CublasHandle h;
  ASSERT_NE(h.h, nullptr);
  const struct {
    Elem in, out;
    const char *name;
  } types[] = {{Elem::F16, Elem::F16, "hgemm"},
               {Elem::F16, Elem::F32, "f16->f32"},
               {Elem::BF16, Elem::F32, "bf16->f32"}};
  cudaEvent_t start, stop;
  GPU_CHECK(cudaEventCreate(&start));
  GPU_CHECK(cudaEventCreate(&stop));
  const int kReps = 10;
  for (const std::int64_t size : {4096, 8192}) {
    for (const auto &t : types) {
      BigProblem p(t.in, t.out, size, size, size);
      ASSERT_TRUE(p.ok());
      p.reset_c(0.0);
      for (int tr = 0; tr < 2; ++tr) {  // NN and TN
        const bool ta = tr == 1;
        const DeviceGemm ours = p.gemm(ta, false, 1.0, 0.0, p.c_ours.get());
        const DeviceGemm ref = p.gemm(ta, false, 1.0, 0.0, p.c_ref.get());
        float ms_ours = 0, ms_ref = 0;
        for (int pass = 0; pass < 2; ++pass) {  // pass 0 warms up
          GPU_CHECK(cudaEventRecord(start));
          for (int r = 0; r < kReps; ++r) GPU_CHECK(kHalfGemmWgmmaSm90a.launch(ours, caps_, nullptr));
          GPU_CHECK(cudaEventRecord(stop));
          GPU_CHECK(cudaEventSynchronize(stop));
          GPU_CHECK(cudaEventElapsedTime(&ms_ours, start, stop));
          GPU_CHECK(cudaEventRecord(start));
          for (int r = 0; r < kReps; ++r) ASSERT_EQ(cublas_gemm(h.h, ref), CUBLAS_STATUS_SUCCESS);
          GPU_CHECK(cudaEventRecord(stop));
          GPU_CHECK(cudaEventSynchronize(stop));
          GPU_CHECK(cudaEventElapsedTime(&ms_ref, start, stop));
        }
        const double flops = 2.0 * double(size) * double(size) * double(size) * kReps;
        std::printf("PERF %-9s %c%c %5lld^3: tileblas %7.1f TFLOP/s, cuBLAS %7.1f TFLOP/s, ratio %.3f\n",
                    t.name, ta ? 'T' : 'N', 'N', (long long)size, flops / (ms_ours * 1e-3) / 1e12,
                    flops / (ms_ref * 1e-3) / 1e12, ms_ref / ms_ours);
      }
    }
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
}

}  // namespace
