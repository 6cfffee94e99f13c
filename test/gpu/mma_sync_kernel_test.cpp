// mma_sync_kernel_test.cpp -- the sm_80+ mma.sync tensor-core half GEMM
// (kernels/cuda/mma_sync/, entry kHalfGemmMmaSync) on whatever GPU is present:
//   Supports       which calls it takes (types, SM, shared memory).
//   Sizes          1 .. 257 cubes and 1000 in each dimension, every type pair
//                  (f16->f32, bf16->f32, f16->f16) x every transpose.
//   Shapes         129x3x300, 1x1000x77, 513x257x1, 65x130x47 with
//                  lda/ldb/ldc at the minimum, +1 and +8, alpha/beta
//                  {1,0} {-1,0.5} {0.5,1}.
//   LoadPaths      leading dimensions and pointer offsets chosen so that each
//                  global load width (16-, 4-, 2-byte) runs, 4 and 3 stages.
//   BetaZeroNaN    beta = 0 over a C full of NaN (C must not be read).
//   VsCublas       2048..4096 (and ragged large shapes) against cublasGemmEx
//                  (CUBLAS_COMPUTE_32F) by relative Frobenius error, plus a
//                  double reference on sampled elements; prints TFLOP/s.
// Every element check is against a double reference with the fp32
// accumulation bound (gpu_test_util.hpp); C's padding rows must be untouched.
// Skips (not fails) on GPUs older than sm_80.
#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "device_gemm.hpp"
#include "gpu_test_util.hpp"
#include "kernel_table.hpp"

namespace {

using tileblas::cuda::DeviceCaps;
using tileblas::cuda::kHalfGemmMmaSync;
using namespace tileblas::gpu_test;

DeviceCaps current_caps() {
  DeviceCaps caps{};
  cudaDeviceProp p{};
  if (cudaGetDeviceProperties(&p, 0) != cudaSuccess) return caps;
  caps.sm = 10 * p.major + p.minor;
  caps.sm90a_code = caps.sm == 90;
  caps.multiprocessors = p.multiProcessorCount;
  caps.shared_optin = p.sharedMemPerBlockOptin;
  return caps;
}

struct TypePair {
  Elem in, out;
};
constexpr TypePair kTypes[] = {{Elem::F16, Elem::F32}, {Elem::BF16, Elem::F32}, {Elem::F16, Elem::F16}};

const char *elem_name(Elem e) {
  switch (e) {
    case Elem::F32: return "f32";
    case Elem::F64: return "f64";
    case Elem::F16: return "f16";
    case Elem::BF16: return "bf16";
  }
  return "?";
}

// One call: C = alpha op(A) op(B) + beta C.  Offsets (in elements) move the
// device pointers off the allocation's 256-byte alignment.
struct Problem {
  TypePair types;
  bool ta, tb;
  std::int64_t m, n, k;
  std::int64_t lda, ldb, ldc;
  double alpha, beta;
  bool nan_c = false;  // fill C (and its padding) with NaN
  std::int64_t a_off = 0, b_off = 0, c_off = 0;
};

std::string describe(const Problem &p) {
  char s[256];
  std::snprintf(s, sizeof s,
                "%s->%s %c%c m=%lld n=%lld k=%lld lda=%lld ldb=%lld ldc=%lld alpha=%g beta=%g%s "
                "offsets a=%lld b=%lld c=%lld",
                elem_name(p.types.in), elem_name(p.types.out), p.ta ? 'T' : 'N', p.tb ? 'T' : 'N',
                (long long)p.m, (long long)p.n, (long long)p.k, (long long)p.lda, (long long)p.ldb,
                (long long)p.ldc, p.alpha, p.beta, p.nan_c ? " C=NaN" : "", (long long)p.a_off,
                (long long)p.b_off, (long long)p.c_off);
  return s;
}

// Stored shapes: A is m x k, or k x m when transposed; B is k x n, or n x k.
std::int64_t a_rows(const Problem &p) { return p.ta ? p.k : p.m; }
std::int64_t a_cols(const Problem &p) { return p.ta ? p.m : p.k; }
std::int64_t b_rows(const Problem &p) { return p.tb ? p.n : p.k; }
std::int64_t b_cols(const Problem &p) { return p.tb ? p.k : p.n; }

class MmaSyncKernel : public testing::Test {
 protected:
  void SetUp() override {
    caps_ = current_caps();
    if (caps_.sm < 80) GTEST_SKIP() << "mma.sync m16n8k16 with bf16 needs sm_80+, this GPU is sm_" << caps_.sm;
  }

  // Runs `p` with kHalfGemmMmaSync under `caps` and checks every element of C
  // (its padding rows too) against the double reference.
  void run_and_check(const Problem &p, const DeviceCaps &caps) {
    SCOPED_TRACE(describe(p));
    const int in_bytes = elem_bytes(p.types.in), out_bytes = elem_bytes(p.types.out);
    HostMatrix a(p.types.in, a_rows(p), a_cols(p), p.lda);
    HostMatrix b(p.types.in, b_rows(p), b_cols(p), p.ldb);
    HostMatrix c0(p.types.out, p.m, p.n, p.ldc);
    a.fill_random(rng_);
    b.fill_random(rng_);
    if (p.nan_c)
      c0.fill(std::numeric_limits<double>::quiet_NaN());
    else
      c0.fill_random(rng_);
    DeviceBuffer da((a.bytes.size() + p.a_off * in_bytes));
    DeviceBuffer db((b.bytes.size() + p.b_off * in_bytes));
    DeviceBuffer dc((c0.bytes.size() + p.c_off * out_bytes));
    ASSERT_TRUE(da.get() && db.get() && dc.get()) << "cudaMalloc failed";
    char *pa = static_cast<char *>(da.get()) + p.a_off * in_bytes;
    char *pb = static_cast<char *>(db.get()) + p.b_off * in_bytes;
    char *pc = static_cast<char *>(dc.get()) + p.c_off * out_bytes;
    GPU_CHECK(cudaMemcpy(pa, a.bytes.data(), a.bytes.size(), cudaMemcpyHostToDevice));
    GPU_CHECK(cudaMemcpy(pb, b.bytes.data(), b.bytes.size(), cudaMemcpyHostToDevice));
    GPU_CHECK(cudaMemcpy(pc, c0.bytes.data(), c0.bytes.size(), cudaMemcpyHostToDevice));
    const DeviceGemm g{p.types.in, p.types.out, p.ta, p.tb, p.m, p.n, p.k, p.alpha, p.beta,
                       pa,         p.lda,       pb,   p.ldb, pc, p.ldc};
    ASSERT_TRUE(kHalfGemmMmaSync.supports(g, caps));
    GPU_CHECK(kHalfGemmMmaSync.launch(g, caps, nullptr));
    GPU_CHECK(cudaDeviceSynchronize());
    HostMatrix c_gpu = c0;
    GPU_CHECK(cudaMemcpy(c_gpu.bytes.data(), pc, c_gpu.bytes.size(), cudaMemcpyDeviceToHost));
    EXPECT_EQ(check_gemm_result(g, a, b, c0, c_gpu), 0) << describe(p);
  }
  void run_and_check(const Problem &p) { run_and_check(p, caps_); }

  DeviceCaps caps_{};
  std::mt19937_64 rng_{20240605};
};

TEST_F(MmaSyncKernel, Supports) {
  DeviceGemm g{Elem::F16, Elem::F32, false, false, 64, 64, 64, 1, 0, nullptr, 64, nullptr, 64, nullptr, 64};
  EXPECT_TRUE(kHalfGemmMmaSync.supports(g, caps_));
  g.out = Elem::F16;
  EXPECT_TRUE(kHalfGemmMmaSync.supports(g, caps_));
  g.in = Elem::BF16;
  EXPECT_FALSE(kHalfGemmMmaSync.supports(g, caps_)) << "bf16 in, fp16 out is not a BLAS call";
  g.out = Elem::F32;
  EXPECT_TRUE(kHalfGemmMmaSync.supports(g, caps_));
  g.in = Elem::F32;
  EXPECT_FALSE(kHalfGemmMmaSync.supports(g, caps_));
  g.in = g.out = Elem::F64;
  EXPECT_FALSE(kHalfGemmMmaSync.supports(g, caps_));
  g.in = Elem::F16;
  g.out = Elem::F32;
  DeviceCaps turing = caps_;
  turing.sm = 75;
  EXPECT_FALSE(kHalfGemmMmaSync.supports(g, turing));
}

// Cubes of every size in the list, every type pair and transpose, minimum
// leading dimensions; 1000 in one dimension at a time (a 1000^3 reference on
// the CPU for all 12 combinations would dominate the test's time).
TEST_F(MmaSyncKernel, Sizes) {
  const std::int64_t sizes[] = {1, 2, 3, 7, 8, 15, 16, 17, 31, 33, 63, 64, 65, 127, 128, 129, 255, 257};
  for (const TypePair &t : kTypes)
    for (int tr = 0; tr < 4; ++tr) {
      const bool ta = tr & 1, tb = tr & 2;
      auto add = [&](std::int64_t m, std::int64_t n, std::int64_t k) {
        Problem p{t, ta, tb, m, n, k, ta ? k : m, tb ? n : k, m, 1.0, 0.0};
        run_and_check(p);
      };
      for (std::int64_t s : sizes) add(s, s, s);
      add(1000, 33, 257);
      add(33, 1000, 257);
      add(33, 65, 1000);
    }
  // One full 1000^3 (about 1e9 reference multiply-adds).
  run_and_check(Problem{kTypes[0], false, false, 1000, 1000, 1000, 1000, 1000, 1000, 1.0, 0.0});
}

TEST_F(MmaSyncKernel, ShapesLeadingDimensionsAlphaBeta) {
  struct Shape {
    std::int64_t m, n, k;
  };
  const Shape shapes[] = {{129, 3, 300}, {1, 1000, 77}, {513, 257, 1}, {65, 130, 47}};
  const double ab[][2] = {{1, 0}, {-1, 0.5}, {0.5, 1}};
  for (const TypePair &t : kTypes)
    for (int tr = 0; tr < 4; ++tr) {
      const bool ta = tr & 1, tb = tr & 2;
      for (const Shape &s : shapes)
        for (std::int64_t pad : {0, 1, 8})
          for (const auto &x : ab) {
            const std::int64_t lda = (ta ? s.k : s.m) + pad, ldb = (tb ? s.n : s.k) + pad;
            run_and_check(Problem{t, ta, tb, s.m, s.n, s.k, lda, ldb, s.m + pad, x[0], x[1]});
          }
    }
}

// Leading dimensions and pointer offsets that select each global load width:
// 16-byte cp.async (ld % 8 == 0, pointer 16-byte aligned), 4-byte cp.async
// (even ld, 4-byte aligned pointer), 2-byte loads (odd ld or a pointer off by
// one element); with the 4-stage ring (where the device has the shared memory
// for it) and the 3-stage one (as on sm_86 / sm_89).
TEST_F(MmaSyncKernel, LoadPaths) {
  auto ld_for = [](std::int64_t min, int vec) {
    if (vec == 8) return (min + 7) / 8 * 8;
    if (vec == 2) {
      std::int64_t ld = (min + 1) / 2 * 2;
      return ld % 8 == 0 ? ld + 2 : ld;  // even, not a multiple of 8
    }
    return min % 2 ? min : min + 1;  // odd
  };
  DeviceCaps small_smem = caps_;
  small_smem.shared_optin = 101376;  // sm_86 / sm_89: 99 KB per block
  const std::int64_t shapes[][3] = {{200, 136, 100}, {67, 45, 33}, {128, 256, 96}};
  for (const TypePair &t : kTypes)
    for (int tr = 0; tr < 4; ++tr) {
      const bool ta = tr & 1, tb = tr & 2;
      for (const auto &s : shapes)
        for (int vec : {8, 2, 1}) {
          const std::int64_t m = s[0], n = s[1], k = s[2];
          Problem p{t, ta, tb, m, n, k, ld_for(ta ? k : m, vec), ld_for(tb ? n : k, vec), m + 3, -1.0, 0.5};
          run_and_check(p);
          run_and_check(p, small_smem);
        }
      // Pointers off 16-byte alignment: by 2 elements (4-byte aligned) and by 1.
      const std::int64_t m = 96, n = 72, k = 80;
      for (std::int64_t off : {1, 2}) {
        Problem p{t, ta, tb, m, n, k, ta ? k : m, tb ? n : k, m, 0.5, 1.0};
        p.a_off = off;
        run_and_check(p);
        p.a_off = 0;
        p.b_off = off;
        p.c_off = off;
        run_and_check(p);
      }
    }
}

TEST_F(MmaSyncKernel, BetaZeroNeverReadsC) {
  for (const TypePair &t : kTypes)
    for (int tr = 0; tr < 4; ++tr) {
      const bool ta = tr & 1, tb = tr & 2;
      for (double alpha : {1.0, -0.5}) {
        Problem p{t, ta, tb, 129, 130, 65, (ta ? 65 : 129) + 1, (tb ? 130 : 65), 129 + 3, alpha, 0.0};
        p.nan_c = true;
        run_and_check(p);
      }
    }
}

// Large problems against cuBLAS (cublasGemmEx, CUBLAS_COMPUTE_32F): relative
// Frobenius distance below 1e-5 (fp32 C) or 1e-3 (fp16 C).  Both results are
// fp32 accumulations in different orders, so the distance is rounding noise;
// should it exceed the bound, the test also accepts a result that is at least
// as accurate as cuBLAS's against a double reference on sampled elements (and
// within 10x the bound: a single wrong element of a 4096^2 C moves the
// distance by ~1e-4).  The numbers are printed either way.
class MmaSyncVsCublas : public MmaSyncKernel {
 protected:
  void SetUp() override {
    MmaSyncKernel::SetUp();
    if (IsSkipped()) return;
    ASSERT_EQ(cublasCreate(&handle_), CUBLAS_STATUS_SUCCESS);
  }
  void TearDown() override {
    if (handle_) cublasDestroy(handle_);
  }

  static cudaDataType cuda_type(Elem e) {
    return e == Elem::F16 ? CUDA_R_16F : e == Elem::BF16 ? CUDA_R_16BF : CUDA_R_32F;
  }

  void compare(const Problem &p, bool time_it = false) {
    SCOPED_TRACE(describe(p));
    HostMatrix a(p.types.in, a_rows(p), a_cols(p), p.lda);
    HostMatrix b(p.types.in, b_rows(p), b_cols(p), p.ldb);
    HostMatrix c0(p.types.out, p.m, p.n, p.ldc);
    a.fill_random(rng_);
    b.fill_random(rng_);
    c0.fill_random(rng_);
    DeviceBuffer da(a.bytes.size()), db(b.bytes.size()), dc(c0.bytes.size()), dref(c0.bytes.size());
    ASSERT_TRUE(da.get() && db.get() && dc.get() && dref.get()) << "cudaMalloc failed";
    da.upload(a.bytes.data());
    db.upload(b.bytes.data());
    dc.upload(c0.bytes.data());
    dref.upload(c0.bytes.data());
    const DeviceGemm g{p.types.in, p.types.out, p.ta, p.tb, p.m, p.n, p.k, p.alpha, p.beta,
                       da.get(),   p.lda,       db.get(), p.ldb, dc.get(), p.ldc};
    ASSERT_TRUE(kHalfGemmMmaSync.supports(g, caps_));
    GPU_CHECK(kHalfGemmMmaSync.launch(g, caps_, nullptr));
    const float alpha = float(p.alpha), beta = float(p.beta);
    auto run_cublas = [&](void *c) {
      return cublasGemmEx(handle_, p.ta ? CUBLAS_OP_T : CUBLAS_OP_N, p.tb ? CUBLAS_OP_T : CUBLAS_OP_N,
                          int(p.m), int(p.n), int(p.k), &alpha, da.get(), cuda_type(p.types.in),
                          int(p.lda), db.get(), cuda_type(p.types.in), int(p.ldb), &beta, c,
                          cuda_type(p.types.out), int(p.ldc), CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
    };
    ASSERT_EQ(run_cublas(dref.get()), CUBLAS_STATUS_SUCCESS);
    GPU_CHECK(cudaDeviceSynchronize());
    HostMatrix ours = c0, ref = c0;
    dc.download(ours.bytes.data());
    dref.download(ref.bytes.data());

    double diff2 = 0, norm2 = 0;
    std::int64_t nonfinite = 0;
    for (std::int64_t j = 0; j < p.n; ++j)
      for (std::int64_t i = 0; i < p.m; ++i) {
        const double x = ours.get(i, j), y = ref.get(i, j);
        if (!std::isfinite(x)) ++nonfinite;
        diff2 += (x - y) * (x - y);
        norm2 += y * y;
      }
    const double rel = std::sqrt(diff2 / norm2);
    // Double reference on sampled elements.
    std::uniform_int_distribution<std::int64_t> ri(0, p.m - 1), rj(0, p.n - 1);
    double err_ours = 0, err_cublas = 0, sample_norm = 0;
    for (int s = 0; s < 512; ++s) {
      const std::int64_t i = ri(rng_), j = rj(rng_);
      double sum = 0;
      for (std::int64_t q = 0; q < p.k; ++q)
        sum += (p.ta ? a.get(q, i) : a.get(i, q)) * (p.tb ? b.get(j, q) : b.get(q, j));
      const double exact = p.alpha * sum + (p.beta != 0 ? p.beta * c0.get(i, j) : 0.0);
      err_ours += (ours.get(i, j) - exact) * (ours.get(i, j) - exact);
      err_cublas += (ref.get(i, j) - exact) * (ref.get(i, j) - exact);
      sample_norm += exact * exact;
    }
    err_ours = std::sqrt(err_ours / sample_norm);
    err_cublas = std::sqrt(err_cublas / sample_norm);
    const double bound = p.types.out == Elem::F16 ? 1e-3 : 1e-5;
    std::printf("  %s: |ours - cuBLAS|_F / |cuBLAS|_F = %.3g (bound %.0e); sampled error vs double: "
                "ours %.3g, cuBLAS %.3g\n",
                describe(p).c_str(), rel, bound, err_ours, err_cublas);
    EXPECT_EQ(nonfinite, 0);
    const bool as_accurate = err_ours <= 1.5 * err_cublas + 1e-7;
    EXPECT_TRUE(rel < bound || (rel < 10 * bound && as_accurate))
        << "relative Frobenius distance to cuBLAS " << rel << ", sampled errors ours " << err_ours
        << " cuBLAS " << err_cublas;

    if (time_it) {
      cudaEvent_t e0, e1;
      cudaEventCreate(&e0);
      cudaEventCreate(&e1);
      const int reps = 10;
      float ms_ours = 0, ms_cublas = 0;
      GPU_CHECK(kHalfGemmMmaSync.launch(g, caps_, nullptr));  // warm-up
      cudaEventRecord(e0);
      for (int r = 0; r < reps; ++r) kHalfGemmMmaSync.launch(g, caps_, nullptr);
      cudaEventRecord(e1);
      cudaEventSynchronize(e1);
      cudaEventElapsedTime(&ms_ours, e0, e1);
      run_cublas(dref.get());
      cudaEventRecord(e0);
      for (int r = 0; r < reps; ++r) run_cublas(dref.get());
      cudaEventRecord(e1);
      cudaEventSynchronize(e1);
      cudaEventElapsedTime(&ms_cublas, e0, e1);
      GPU_CHECK(cudaGetLastError());
      const double flop = 2.0 * double(p.m) * double(p.n) * double(p.k) * reps;
      std::printf("  time %s: ours %.1f TFLOP/s, cuBLAS %.1f TFLOP/s (%.0f %%)\n", describe(p).c_str(),
                  flop / (ms_ours * 1e9), flop / (ms_cublas * 1e9), 100.0 * ms_cublas / ms_ours);
      cudaEventDestroy(e0);
      cudaEventDestroy(e1);
    }
  }

  cublasHandle_t handle_ = nullptr;
};

TEST_F(MmaSyncVsCublas, Large) {
  for (const TypePair &t : kTypes) {
    for (int tr = 0; tr < 4; ++tr) {
      const bool ta = tr & 1, tb = tr & 2;
      compare(Problem{t, ta, tb, 2048, 2048, 2048, 2048, 2048, 2048, 1.0, 0.0});
    }
    compare(Problem{t, false, false, 4096, 4096, 4096, 4096, 4096, 4096, 1.0, 0.0}, /*time_it=*/true);
    compare(Problem{t, true, false, 4096, 4096, 4096, 4096, 4096, 4096, 1.0, 0.0}, /*time_it=*/true);
    // Ragged, misaligned (odd lda -> 2-byte loads) and with beta: many tile
    // rows, a short last swizzle group, partial tiles at every edge.
    compare(Problem{t, false, true, 4095, 2049, 3001, 4097, 2049, 4095, 0.5, -1.0}, /*time_it=*/true);
    compare(Problem{t, true, true, 2500, 1100, 300, 300, 1100, 2502, -1.0, 0.5});
  }
}

}  // namespace
