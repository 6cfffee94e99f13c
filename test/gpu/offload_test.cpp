// offload_test.cpp -- the public API on a GPU machine: cblas_?gemm with host
// memory (offloaded: CTest sets TILEBLAS_BACKEND=gpu), device memory and
// managed memory (computed in place), half precision, special values, the
// streaming plan (TILEBLAS_GPU_MAX_MEMORY_MB), and a forked child (CPU only).
// References: a double CPU loop for moderate sizes, cuBLAS for large ones.
#include <cblas.h>
#include <cublas_v2.h>
#include <sys/wait.h>
#include <tileblas.h>
#include <unistd.h>

#include <cmath>
#include <random>

#include "gpu_test_util.hpp"

namespace tileblas::gpu_test {
namespace {

using cuda::DeviceGemm;
using cuda::Elem;

CBLAS_TRANSPOSE op(bool t) { return t ? CblasTrans : CblasNoTrans; }

// Host-memory call through the CBLAS API, checked against the CPU reference.
template <class T>
void host_call_matches_reference(bool ta, bool tb, std::int64_t m, std::int64_t n, std::int64_t k,
                                 double alpha, double beta, std::int64_t pad) {
  const Elem e = sizeof(T) == 8 ? Elem::F64 : Elem::F32;
  const DeviceGemm g{e, e, ta, tb, m, n, k, alpha, beta, nullptr, (ta ? k : m) + pad,
                     nullptr, (tb ? n : k) + pad, nullptr, m + pad};
  std::mt19937_64 rng(m * 131 + n * 7 + k);
  HostMatrix a(e, g.lda, ta ? m : k, g.lda), b(e, g.ldb, tb ? k : n, g.ldb), c0(e, g.ldc, n, g.ldc);
  a.fill_random(rng);
  b.fill_random(rng);
  if (beta == 0) c0.fill(NAN); else c0.fill_random(rng);
  HostMatrix c = c0;
  T *cp = reinterpret_cast<T *>(c.bytes.data());
  const T *ap = reinterpret_cast<const T *>(a.bytes.data());
  const T *bp = reinterpret_cast<const T *>(b.bytes.data());
  if constexpr (sizeof(T) == 8)
    cblas_dgemm(CblasColMajor, op(ta), op(tb), int(m), int(n), int(k), alpha, ap, int(g.lda), bp,
                int(g.ldb), beta, cp, int(g.ldc));
  else
    cblas_sgemm(CblasColMajor, op(ta), op(tb), int(m), int(n), int(k), float(alpha), ap,
                int(g.lda), bp, int(g.ldb), float(beta), cp, int(g.ldc));
  EXPECT_EQ(check_gemm_result(g, a, b, c0, c), 0)
      << (sizeof(T) == 8 ? "d" : "s") << "gemm " << ta << tb << " " << m << "x" << n << "x" << k;
}

TEST(HostMemory, SgemmAllTransposesAndEdges) {
  for (bool ta : {false, true})
    for (bool tb : {false, true}) {
      host_call_matches_reference<float>(ta, tb, 300, 300, 300, 1, 0, 0);
      host_call_matches_reference<float>(ta, tb, 257, 129, 513, -1, 0.5, 3);
      host_call_matches_reference<float>(ta, tb, 1, 700, 400, 0.5, 1, 1);
    }
}

TEST(HostMemory, DgemmAllTransposesAndEdges) {
  for (bool ta : {false, true})
    for (bool tb : {false, true}) {
      host_call_matches_reference<double>(ta, tb, 300, 300, 300, 1, 0, 0);
      host_call_matches_reference<double>(ta, tb, 257, 129, 513, 2, -1, 5);
    }
}

// Large host calls (several tiles under TILEBLAS_GPU_MAX_MEMORY_MB): compared
// with cuBLAS on device copies of the same data.
TEST(HostMemory, LargeSgemmMatchesCublas) {
  const int m = 3000, n = 2500, k = 2200;
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> u(-1, 1);
  std::vector<float> a(std::size_t(m) * k), b(std::size_t(k) * n), c(std::size_t(m) * n), ref;
  for (float &x : a) x = u(rng);
  for (float &x : b) x = u(rng);
  for (float &x : c) x = u(rng);
  ref = c;
  cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.5f, a.data(), m, b.data(), k,
              -0.5f, c.data(), m);
  DeviceBuffer da(a.size() * 4), db(b.size() * 4), dc(ref.size() * 4);
  da.upload(a.data());
  db.upload(b.data());
  dc.upload(ref.data());
  cublasHandle_t h;
  ASSERT_EQ(cublasCreate(&h), CUBLAS_STATUS_SUCCESS);
  cublasSetMathMode(h, CUBLAS_PEDANTIC_MATH);  // IEEE fp32, no TF32
  const float alpha = 1.5f, beta = -0.5f;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, static_cast<float *>(da.get()), m,
              static_cast<float *>(db.get()), k, &beta, static_cast<float *>(dc.get()), m);
  dc.download(ref.data());
  cublasDestroy(h);
  double err = 0, norm = 0;
  for (std::size_t i = 0; i < c.size(); ++i) {
    err += (double(c[i]) - ref[i]) * (double(c[i]) - ref[i]);
    norm += double(ref[i]) * ref[i];
  }
  EXPECT_LT(std::sqrt(err / norm), 1e-5);
}

// Device memory: computed in place, compared with cuBLAS; alpha = 0 and
// beta = 0 on a NaN C gives zeros.
TEST(DeviceMemory, SgemmInPlaceMatchesCublas) {
  const int m = 1031, n = 777, k = 513;
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-1, 1);
  std::vector<float> a(std::size_t(m) * k), b(std::size_t(n) * k), c(std::size_t(m) * n, NAN);
  for (float &x : a) x = u(rng);
  for (float &x : b) x = u(rng);
  DeviceBuffer da(a.size() * 4), db(b.size() * 4), dc(c.size() * 4), dr(c.size() * 4);
  da.upload(a.data());
  db.upload(b.data());
  dc.upload(c.data());  // NaN: beta = 0 must not read it
  cblas_sgemm(CblasColMajor, CblasNoTrans, CblasTrans, m, n, k, 1.0f,
              static_cast<float *>(da.get()), m, static_cast<float *>(db.get()), n, 0.0f,
              static_cast<float *>(dc.get()), m);
  cublasHandle_t h;
  ASSERT_EQ(cublasCreate(&h), CUBLAS_STATUS_SUCCESS);
  cublasSetMathMode(h, CUBLAS_PEDANTIC_MATH);
  const float one = 1, zero = 0;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_T, m, n, k, &one, static_cast<float *>(da.get()), m,
              static_cast<float *>(db.get()), n, &zero, static_cast<float *>(dr.get()), m);
  cublasDestroy(h);
  std::vector<float> got(c.size()), want(c.size());
  dc.download(got.data());
  dr.download(want.data());
  double err = 0, norm = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    ASSERT_FALSE(std::isnan(got[i])) << "NaN leaked through beta = 0 at " << i;
    err += (double(got[i]) - want[i]) * (double(got[i]) - want[i]);
    norm += double(want[i]) * want[i];
  }
  EXPECT_LT(std::sqrt(err / norm), 1e-5);

  // alpha = 0, beta = 0: C = 0 without reading A, B (null) or C.
  dc.upload(c.data());
  cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, 0.0f, nullptr, m, nullptr, k,
              0.0f, static_cast<float *>(dc.get()), m);
  dc.download(got.data());
  for (float x : got) ASSERT_EQ(x, 0.0f);
}

TEST(DeviceMemory, DgemmRowMajorInPlace) {
  const int m = 200, n = 300, k = 100;
  std::mt19937_64 rng(11);
  HostMatrix a(Elem::F64, k, m, k), b(Elem::F64, n, k, n), c0(Elem::F64, n, m, n);
  a.fill_random(rng);  // row-major m x k with lda = k == column-major k x m
  b.fill_random(rng);
  c0.fill_random(rng);
  DeviceBuffer da(a.bytes.size()), db(b.bytes.size()), dc(c0.bytes.size());
  da.upload(a.bytes.data());
  db.upload(b.bytes.data());
  dc.upload(c0.bytes.data());
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 0.5,
              static_cast<double *>(da.get()), k, static_cast<double *>(db.get()), n, 2.0,
              static_cast<double *>(dc.get()), n);
  HostMatrix c = c0;
  dc.download(c.bytes.data());
  // Row-major C = A B is column-major C^T = B^T A^T: check it that way.
  const DeviceGemm g{Elem::F64, Elem::F64, false, false, n, m, k, 0.5, 2.0,
                     nullptr, n, nullptr, k, nullptr, n};
  EXPECT_EQ(check_gemm_result(g, b, a, c0, c), 0);
}

TEST(ManagedMemory, SgemmInPlace) {
  const int n = 512;
  float *a = nullptr, *b = nullptr, *c = nullptr;
  GPU_CHECK(cudaMallocManaged(reinterpret_cast<void **>(&a), sizeof(float) * n * n));
  GPU_CHECK(cudaMallocManaged(reinterpret_cast<void **>(&b), sizeof(float) * n * n));
  GPU_CHECK(cudaMallocManaged(reinterpret_cast<void **>(&c), sizeof(float) * n * n));
  for (int i = 0; i < n * n; ++i) {
    a[i] = float((i * 7) % 11) - 5;
    b[i] = float((i * 3) % 7) - 3;
    c[i] = NAN;
  }
  cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a, n, b, n, 0.0f, c, n);
  cudaDeviceSynchronize();
  for (int j = 0; j < n; j += 37)
    for (int i = 0; i < n; i += 29) {
      double s = 0;
      for (int l = 0; l < n; ++l) s += double(a[i + l * n]) * b[l + j * n];
      ASSERT_EQ(double(c[i + j * n]), s) << i << "," << j;  // small integers: exact
    }
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
}

// fp16 and bf16 through the public API on device memory, against cublasGemmEx.
TEST(DeviceMemory, HalfPrecisionMatchesCublas) {
  const int m = 1024, n = 768, k = 512;
  std::mt19937_64 rng(13);
  for (Elem in : {Elem::F16, Elem::BF16}) {
    HostMatrix a(in, m, k, m), b(in, k, n, k);
    a.fill_random(rng);
    b.fill_random(rng);
    DeviceBuffer da(a.bytes.size()), db(b.bytes.size()), dc(std::size_t(m) * n * 4),
        dr(std::size_t(m) * n * 4);
    da.upload(a.bytes.data());
    db.upload(b.bytes.data());
    const auto *pa = static_cast<const uint16_t *>(da.get());
    const auto *pb = static_cast<const uint16_t *>(db.get());
    if (in == Elem::F16)
      cblas_gemm_f16f16f32(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, pa, m, pb, k,
                           0.0f, static_cast<float *>(dc.get()), m);
    else
      cblas_sbgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, pa, m, pb, k, 0.0f,
                   static_cast<float *>(dc.get()), m);
    cublasHandle_t h;
    ASSERT_EQ(cublasCreate(&h), CUBLAS_STATUS_SUCCESS);
    const float one = 1, zero = 0;
    const cudaDataType t = in == Elem::F16 ? CUDA_R_16F : CUDA_R_16BF;
    ASSERT_EQ(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, da.get(), t, m, db.get(), t,
                           k, &zero, dr.get(), CUDA_R_32F, m, CUBLAS_COMPUTE_32F,
                           CUBLAS_GEMM_DEFAULT),
              CUBLAS_STATUS_SUCCESS);
    cublasDestroy(h);
    std::vector<float> got(std::size_t(m) * n), want(got.size());
    dc.download(got.data());
    dr.download(want.data());
    double err = 0, norm = 0;
    for (std::size_t i = 0; i < got.size(); ++i) {
      err += (double(got[i]) - want[i]) * (double(got[i]) - want[i]);
      norm += double(want[i]) * want[i];
    }
    EXPECT_LT(std::sqrt(err / norm), 1e-5) << (in == Elem::F16 ? "fp16" : "bf16");
  }
}

// The parent has a CUDA context; a forked child must not use it, and still
// computes right (on the CPU).
TEST(Fork, ChildComputesOnTheCpu) {
  host_call_matches_reference<float>(false, false, 300, 300, 300, 1, 0, 0);  // parent on the GPU
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    const int n = 400;
    std::vector<float> a(n * n, 1.0f), b(n * n, 2.0f), c(n * n, NAN);
    cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a.data(), n, b.data(),
                n, 0.0f, c.data(), n);
    for (float x : c)
      if (x != 2.0f * n) _exit(1);
    _exit(0);
  }
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

}  // namespace
}  // namespace tileblas::gpu_test
