// simt_kernel_test.cpp -- the fp32 / fp64 GEMM kernels (kSgemmSimt, kDgemmSimt,
// kDgemmDmma) against a double CPU reference over sizes, transposes, leading
// dimensions, alignment, alpha / beta and NaN in C, and against cuBLAS at
// 2048 - 4096.  kDgemmDmma runs twice on sm_90+: with the device's caps
// (m16n8k8) and with caps.sm forced to 80 (the m8n8k4 path sm_80 runs).
#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "device_gemm.hpp"
#include "gpu_test_util.hpp"
#include "kernel_table.hpp"

namespace tileblas::gpu_test {
namespace {

using cuda::DeviceCaps;
using cuda::DeviceGemm;
using cuda::Elem;
using cuda::GpuKernel;

DeviceCaps device_caps() {
  int dev = 0, major = 0, minor = 0, sms = 0, optin = 0;
  cudaGetDevice(&dev);
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev);
  cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
  cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev);
  DeviceCaps caps{};
  caps.sm = 10 * major + minor;
  caps.sm90a_code = caps.sm == 90;
  caps.multiprocessors = sms;
  caps.shared_optin = std::size_t(optin);
  return caps;
}

struct Variant {
  std::string name;
  const GpuKernel *kernel;
  Elem elem;
  DeviceCaps caps;
};

// Every kernel this file covers that the device can run.
std::vector<Variant> variants() {
  const DeviceCaps caps = device_caps();
  std::vector<Variant> v = {{"sgemm_simt", &cuda::kSgemmSimt, Elem::F32, caps},
                            {"dgemm_simt", &cuda::kDgemmSimt, Elem::F64, caps}};
  if (caps.sm >= 80) v.push_back({"dgemm_dmma", &cuda::kDgemmDmma, Elem::F64, caps});
  if (caps.sm >= 90) {
    DeviceCaps c80 = caps;
    c80.sm = 80;  // same binary, m8n8k4 instantiation
    v.push_back({"dgemm_dmma(m8n8k4)", &cuda::kDgemmDmma, Elem::F64, c80});
  }
  return v;
}

struct Case {
  bool ta = false, tb = false;
  std::int64_t m = 1, n = 1, k = 1;
  int xa = 0, xb = 0, xc = 0;  // leading dimension minus the netlib minimum
  int oa = 0, ob = 0, oc = 0;  // elements between an aligned allocation and the matrix
  double alpha = 1, beta = 0;
  bool nan_c = false;          // C filled with NaN (beta must be 0)
};

std::string describe(const Variant &v, const Case &c) {
  char s[256];
  std::snprintf(s, sizeof s,
                "%s %c%c m=%lld n=%lld k=%lld ld+(%d,%d,%d) offset(%d,%d,%d) alpha=%g beta=%g%s",
                v.name.c_str(), c.ta ? 'T' : 'N', c.tb ? 'T' : 'N', (long long)c.m, (long long)c.n,
                (long long)c.k, c.xa, c.xb, c.xc, c.oa, c.ob, c.oc, c.alpha, c.beta,
                c.nan_c ? " C=NaN" : "");
  return s;
}

constexpr int kGuard = 64;           // sentinel elements around C on the device
constexpr double kSentinel = 12345.0;

// Runs one case; returns the number of bad elements (0 = pass), or -1 after an
// infrastructure failure (reported through gtest).
int run_case(const Variant &v, const Case &c, std::mt19937_64 &rng) {
  const int es = cuda::elem_bytes(v.elem);
  const std::int64_t ar = c.ta ? c.k : c.m, ac = c.ta ? c.m : c.k;
  const std::int64_t br = c.tb ? c.n : c.k, bc = c.tb ? c.k : c.n;
  HostMatrix a(v.elem, ar, ac, ar + c.xa), b(v.elem, br, bc, br + c.xb);
  HostMatrix c0(v.elem, c.m, c.n, c.m + c.xc);
  a.fill_random(rng);
  b.fill_random(rng);
  if (c.nan_c)
    c0.fill(std::numeric_limits<double>::quiet_NaN());
  else
    c0.fill_random(rng);

  DeviceBuffer da(a.bytes.size() + std::size_t(c.oa) * es), db(b.bytes.size() + std::size_t(c.ob) * es);
  const std::size_t c_front = std::size_t(kGuard + c.oc) * es;
  DeviceBuffer dc(c_front + c0.bytes.size() + std::size_t(kGuard) * es);
  if (!da.get() || !db.get() || !dc.get()) {
    ADD_FAILURE() << "cudaMalloc failed";
    return -1;
  }
  // Guards: sentinel bytes before and after C (the front includes the offset).
  HostMatrix guard(v.elem, kGuard + c.oc, 1, kGuard + c.oc), tail(v.elem, kGuard, 1, kGuard);
  guard.fill(kSentinel);
  tail.fill(kSentinel);
  unsigned char *const dcb = static_cast<unsigned char *>(dc.get());
  cudaMemcpy(static_cast<unsigned char *>(da.get()) + std::size_t(c.oa) * es, a.bytes.data(), a.bytes.size(),
             cudaMemcpyHostToDevice);
  cudaMemcpy(static_cast<unsigned char *>(db.get()) + std::size_t(c.ob) * es, b.bytes.data(), b.bytes.size(),
             cudaMemcpyHostToDevice);
  cudaMemcpy(dcb, guard.bytes.data(), guard.bytes.size(), cudaMemcpyHostToDevice);
  cudaMemcpy(dcb + c_front, c0.bytes.data(), c0.bytes.size(), cudaMemcpyHostToDevice);
  cudaMemcpy(dcb + c_front + c0.bytes.size(), tail.bytes.data(), tail.bytes.size(), cudaMemcpyHostToDevice);

  DeviceGemm g{};
  g.in = g.out = v.elem;
  g.trans_a = c.ta;
  g.trans_b = c.tb;
  g.m = c.m, g.n = c.n, g.k = c.k;
  g.alpha = c.alpha, g.beta = c.beta;
  g.a = static_cast<unsigned char *>(da.get()) + std::size_t(c.oa) * es, g.lda = a.ld;
  g.b = static_cast<unsigned char *>(db.get()) + std::size_t(c.ob) * es, g.ldb = b.ld;
  g.c = dcb + c_front, g.ldc = c0.ld;
  if (!v.kernel->supports(g, v.caps)) {
    ADD_FAILURE() << v.kernel->name << " declines " << describe(v, c);
    return -1;
  }
  cudaError_t e = v.kernel->launch(g, v.caps, nullptr);
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    ADD_FAILURE() << "launch: " << cudaGetErrorString(e) << " in " << describe(v, c);
    return -1;
  }
  HostMatrix c_gpu(v.elem, c.m, c.n, c0.ld);
  cudaMemcpy(guard.bytes.data(), dcb, guard.bytes.size(), cudaMemcpyDeviceToHost);
  cudaMemcpy(c_gpu.bytes.data(), dcb + c_front, c_gpu.bytes.size(), cudaMemcpyDeviceToHost);
  cudaMemcpy(tail.bytes.data(), dcb + c_front + c0.bytes.size(), tail.bytes.size(), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (std::int64_t i = 0; i < guard.rows; ++i)
    if (guard.get(i, 0) != kSentinel && bad++ < 3) std::printf("  element %lld before C changed\n", (long long)(i - guard.rows));
  for (std::int64_t i = 0; i < tail.rows; ++i)
    if (tail.get(i, 0) != kSentinel && bad++ < 3) std::printf("  element %lld after C changed\n", (long long)i);
  return bad + check_gemm_result(g, a, b, c0, c_gpu);
}

// Runs the cases on every variant; reports at most a few failing cases per test.
void run_all(const std::vector<Case> &cases) {
  std::mt19937_64 rng(20240605);
  int failures = 0;
  for (const Variant &v : variants()) {
    for (const Case &c : cases) {
      const int bad = run_case(v, c, rng);
      if (bad < 0) return;  // already reported
      if (bad > 0) {
        ADD_FAILURE() << bad << " bad elements: " << describe(v, c);
        if (++failures >= 20) {
          ADD_FAILURE() << "stopping after 20 failing cases";
          return;
        }
      }
    }
  }
}

const std::int64_t kSizes[] = {1, 2, 3, 7, 17, 31, 33, 63, 64, 65, 127, 128, 129, 255, 257, 1000};

TEST(SimtKernels, SupportsChecksTypesAndArchitecture) {
  DeviceCaps caps = device_caps();
  caps.shared_optin = 227 * 1024;
  DeviceGemm g{};
  g.m = g.n = g.k = 64;
  g.lda = g.ldb = g.ldc = 64;
  g.alpha = 1;
  alignas(16) static double dummy[4];
  g.a = g.b = dummy;
  g.c = dummy;
  g.in = g.out = Elem::F32;
  EXPECT_TRUE(cuda::kSgemmSimt.supports(g, caps));
  EXPECT_FALSE(cuda::kDgemmSimt.supports(g, caps));
  EXPECT_FALSE(cuda::kDgemmDmma.supports(g, caps));
  g.in = g.out = Elem::F64;
  EXPECT_FALSE(cuda::kSgemmSimt.supports(g, caps));
  EXPECT_TRUE(cuda::kDgemmSimt.supports(g, caps));
  caps.sm = 90;
  EXPECT_TRUE(cuda::kDgemmDmma.supports(g, caps));
  caps.sm = 80;
  EXPECT_TRUE(cuda::kDgemmDmma.supports(g, caps));
  caps.sm = 75;
  EXPECT_FALSE(cuda::kDgemmDmma.supports(g, caps));
  caps.sm = 89;
  caps.shared_optin = 99 * 1024;  // sm_86 / sm_89: DMMA's 128 KB does not fit, SIMT's does
  EXPECT_FALSE(cuda::kDgemmDmma.supports(g, caps));
  EXPECT_TRUE(cuda::kDgemmSimt.supports(g, caps));
  g.in = Elem::F16;
  g.out = Elem::F32;
  EXPECT_FALSE(cuda::kSgemmSimt.supports(g, caps));
}

// m = n = k over the sizes (the CPU reference is O(mnk): 1000^3 is left to the
// rectangular cases), all four transposes.
TEST(SimtKernels, SquareSizes) {
  std::vector<Case> cases;
  for (int t = 0; t < 4; ++t)
    for (std::int64_t s : kSizes) {
      if (s > 257) continue;
      Case c;
      c.ta = t & 1, c.tb = t & 2;
      c.m = c.n = c.k = s;
      cases.push_back(c);
    }
  run_all(cases);
}

// Each dimension on its own over the sizes (including 1000), the others small
// or odd, so every m / n / k edge meets every transpose.
TEST(SimtKernels, RectangularSizes) {
  std::vector<Case> cases;
  for (int t = 0; t < 4; ++t)
    for (std::int64_t s : kSizes)
      for (int which = 0; which < 3; ++which) {
        Case c;
        c.ta = t & 1, c.tb = t & 2;
        c.m = which == 0 ? s : 65;
        c.n = which == 1 ? s : 33;
        c.k = which == 2 ? s : 17;
        cases.push_back(c);
      }
  const Case extra[] = {
      {false, false, 129, 3, 300}, {false, false, 1, 1000, 77},  {false, false, 513, 257, 1},
      {false, false, 1000, 1000, 16}, {false, false, 31, 1000, 129}, {false, false, 255, 7, 1000},
  };
  for (int t = 0; t < 4; ++t)
    for (Case c : extra) {
      c.ta = t & 1, c.tb = t & 2;
      cases.push_back(c);
    }
  run_all(cases);
}

// Leading dimensions = minimum, + 1 (columns no longer 16-byte aligned: the
// narrow copy paths) and + 5, with every alpha / beta pair.
TEST(SimtKernels, LeadingDimensionsAndScalars) {
  const double ab[][2] = {{1, 0}, {-1, 0.5}, {0.5, 1}, {2, -1}};
  const Case shapes[] = {{false, false, 65, 33, 129}, {false, false, 128, 128, 32}, {false, false, 257, 63, 31}};
  std::vector<Case> cases;
  for (int t = 0; t < 4; ++t)
    for (const Case &s : shapes)
      for (int x : {0, 1, 5})
        for (const auto &p : ab) {
          Case c = s;
          c.ta = t & 1, c.tb = t & 2;
          c.xa = c.xb = c.xc = x;
          c.alpha = p[0], c.beta = p[1];
          cases.push_back(c);
        }
  // One operand misaligned at a time.
  for (int t = 0; t < 4; ++t)
    for (int which = 0; which < 3; ++which) {
      Case c{false, false, 129, 65, 40};
      c.ta = t & 1, c.tb = t & 2;
      (which == 0 ? c.xa : which == 1 ? c.xb : c.xc) = 1;
      c.beta = 0.5;
      cases.push_back(c);
    }
  run_all(cases);
}

// Matrices that start one element past a 16-byte boundary (every vector path
// must fall back), one at a time and all together.
TEST(SimtKernels, MisalignedPointers) {
  std::vector<Case> cases;
  for (int t = 0; t < 4; ++t)
    for (int which = 0; which < 4; ++which) {
      Case c{false, false, 130, 67, 45};
      c.ta = t & 1, c.tb = t & 2;
      c.oa = which == 0 || which == 3;
      c.ob = which == 1 || which == 3;
      c.oc = which == 2 || which == 3;
      c.beta = -1;
      cases.push_back(c);
    }
  run_all(cases);
}

// beta = 0 must not read C: NaN there must not survive (and C padding stays).
TEST(SimtKernels, BetaZeroIgnoresNaN) {
  std::vector<Case> cases;
  for (int t = 0; t < 4; ++t)
    for (std::int64_t s : {1, 17, 64, 129, 257}) {
      Case c;
      c.ta = t & 1, c.tb = t & 2;
      c.m = s, c.n = s + 3, c.k = 33;
      c.xc = 3;
      c.alpha = -1.5;
      c.beta = 0;
      c.nan_c = true;
      cases.push_back(c);
    }
  run_all(cases);
}

// ---- Against cuBLAS at sizes too large for the CPU reference ----

double frobenius_rel(const std::vector<double> &x, const std::vector<double> &ref) {
  double num = 0, den = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    num += (x[i] - ref[i]) * (x[i] - ref[i]);
    den += ref[i] * ref[i];
  }
  return std::sqrt(num / den);
}

#define CUBLAS_CHECK(call)                                              \
  do {                                                                  \
    const cublasStatus_t st_ = (call);                                  \
    ASSERT_EQ(st_, CUBLAS_STATUS_SUCCESS) << #call << " -> " << int(st_); \
  } while (0)

struct Big {
  const char *variant;
  bool ta, tb;
  int m, n, k;
};

// Ours vs cuBLAS (cublasSgemm with CUBLAS_PEDANTIC_MATH: no TF32), and both vs
// cublasDgemm on the same (fp32-exact) data, by relative Frobenius error.
// Prints the timings too (informational; the benchmark has the real numbers).
TEST(SimtKernels, MatchesCublas) {
  const std::vector<Variant> vs = variants();
  const Big bigs[] = {
      {"sgemm_simt", false, false, 4096, 4096, 4096}, {"sgemm_simt", true, false, 2048, 2048, 2048},
      {"sgemm_simt", false, true, 2048, 3000, 1500},  {"sgemm_simt", true, true, 2048, 2048, 2048},
      {"dgemm_dmma", false, false, 4096, 4096, 4096}, {"dgemm_dmma", true, false, 2048, 2048, 2048},
      {"dgemm_dmma", false, true, 3000, 2048, 1500},  {"dgemm_dmma", true, true, 2048, 2048, 2048},
      {"dgemm_dmma(m8n8k4)", false, false, 4096, 4096, 4096},
      {"dgemm_simt", false, false, 2048, 2048, 2048}, {"dgemm_simt", true, true, 2048, 2048, 2048},
  };
  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  CUBLAS_CHECK(cublasSetMathMode(handle, CUBLAS_PEDANTIC_MATH));
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-1, 1);
  cudaEvent_t t0, t1;
  cudaEventCreate(&t0);
  cudaEventCreate(&t1);
  for (const Big &bg : bigs) {
    const Variant *v = nullptr;
    for (const Variant &x : vs)
      if (x.name == bg.variant) v = &x;
    if (!v) continue;  // e.g. no DMMA before sm_80
    const bool fp32 = v->elem == Elem::F32;
    const int es = fp32 ? 4 : 8;
    const std::int64_t lda = bg.ta ? bg.k : bg.m, ldb = bg.tb ? bg.n : bg.k, ldc = bg.m;
    const std::size_t na = std::size_t(lda) * (bg.ta ? bg.m : bg.k), nb = std::size_t(ldb) * (bg.tb ? bg.k : bg.n);
    const std::size_t nc = std::size_t(ldc) * bg.n;
    std::vector<double> ha(na), hb(nb);
    for (double &x : ha) x = fp32 ? double(float(u(rng))) : u(rng);
    for (double &x : hb) x = fp32 ? double(float(u(rng))) : u(rng);
    std::vector<float> fa(ha.begin(), ha.end()), fb(hb.begin(), hb.end());
    DeviceBuffer da(na * es), db(nb * es), dc(nc * es), dref(nc * es), da64(na * 8), db64(nb * 8), dc64(nc * 8);
    ASSERT_TRUE(da.get() && db.get() && dc.get() && dref.get() && da64.get() && db64.get() && dc64.get());
    if (fp32) {
      da.upload(fa.data());
      db.upload(fb.data());
    } else {
      da.upload(ha.data());
      db.upload(hb.data());
    }
    da64.upload(ha.data());
    db64.upload(hb.data());
    GPU_CHECK(cudaMemset(dc.get(), 0xff, nc * es));  // NaN: beta = 0 must not read it

    DeviceGemm g{};
    g.in = g.out = v->elem;
    g.trans_a = bg.ta, g.trans_b = bg.tb;
    g.m = bg.m, g.n = bg.n, g.k = bg.k;
    g.alpha = 1, g.beta = 0;
    g.a = da.get(), g.lda = lda;
    g.b = db.get(), g.ldb = ldb;
    g.c = dc.get(), g.ldc = ldc;
    ASSERT_TRUE(v->kernel->supports(g, v->caps));
    const cublasOperation_t oa = bg.ta ? CUBLAS_OP_T : CUBLAS_OP_N, ob = bg.tb ? CUBLAS_OP_T : CUBLAS_OP_N;
    const float f1 = 1, f0 = 0;
    const double d1 = 1, d0 = 0;
    auto ours = [&] { return v->kernel->launch(g, v->caps, nullptr); };
    auto theirs = [&] {
      return fp32 ? cublasSgemm(handle, oa, ob, bg.m, bg.n, bg.k, &f1, static_cast<const float *>(da.get()), int(lda),
                                static_cast<const float *>(db.get()), int(ldb), &f0, static_cast<float *>(dref.get()),
                                int(ldc))
                  : cublasDgemm(handle, oa, ob, bg.m, bg.n, bg.k, &d1, static_cast<const double *>(da.get()),
                                int(lda), static_cast<const double *>(db.get()), int(ldb), &d0,
                                static_cast<double *>(dref.get()), int(ldc));
    };
    GPU_CHECK(ours());
    CUBLAS_CHECK(theirs());
    CUBLAS_CHECK(cublasDgemm(handle, oa, ob, bg.m, bg.n, bg.k, &d1, static_cast<const double *>(da64.get()), int(lda),
                             static_cast<const double *>(db64.get()), int(ldb), &d0, static_cast<double *>(dc64.get()),
                             int(ldc)));
    GPU_CHECK(cudaDeviceSynchronize());

    // Timing: best of 3 after the warm-up above.
    float best_ours = 1e30f, best_theirs = 1e30f, ms = 0;
    for (int r = 0; r < 3; ++r) {
      cudaEventRecord(t0);
      GPU_CHECK(ours());
      cudaEventRecord(t1);
      cudaEventSynchronize(t1);
      cudaEventElapsedTime(&ms, t0, t1);
      best_ours = std::min(best_ours, ms);
      cudaEventRecord(t0);
      CUBLAS_CHECK(theirs());
      cudaEventRecord(t1);
      cudaEventSynchronize(t1);
      cudaEventElapsedTime(&ms, t0, t1);
      best_theirs = std::min(best_theirs, ms);
    }
    GPU_CHECK(cudaDeviceSynchronize());

    std::vector<double> got(nc), ref(nc), exact(nc);
    if (fp32) {
      std::vector<float> f(nc);
      dc.download(f.data());
      got.assign(f.begin(), f.end());
      dref.download(f.data());
      ref.assign(f.begin(), f.end());
    } else {
      dc.download(got.data());
      dref.download(ref.data());
    }
    dc64.download(exact.data());
    const double vs_cublas = frobenius_rel(got, ref);
    const double ours_err = fp32 ? frobenius_rel(got, exact) : 0, theirs_err = fp32 ? frobenius_rel(ref, exact) : 0;
    const double flops = 2.0 * bg.m * bg.n * bg.k;
    std::printf("%-20s %c%c %5d x %5d x %5d: vs cuBLAS %.2e%s  %.1f TFLOP/s, cuBLAS %.1f (%.0f %%)\n", bg.variant,
                bg.ta ? 'T' : 'N', bg.tb ? 'T' : 'N', bg.m, bg.n, bg.k, vs_cublas,
                fp32 ? (" (vs fp64: ours " + std::to_string(ours_err) + ", cuBLAS " + std::to_string(theirs_err) + ")").c_str()
                     : "",
                flops / best_ours * 1e-9, flops / best_theirs * 1e-9, 100.0 * best_theirs / best_ours);
    EXPECT_LT(vs_cublas, fp32 ? 1e-5 : 1e-13) << bg.variant << " " << bg.m << "x" << bg.n << "x" << bg.k;
    if (fp32) {
      EXPECT_LT(ours_err, 1e-5) << "against the fp64 product";
    }
  }
  cudaEventDestroy(t0);
  cudaEventDestroy(t1);
  cublasDestroy(handle);
}

}  // namespace
}  // namespace tileblas::gpu_test
