// bench_gpu.cpp -- tileblas's CUDA kernels against cuBLAS on device memory,
// one table, same process, same data.
//
//   bench_gpu [--sizes 1024,2048,4096,8192] [--reps 20]
//
// Each row: routine, size, tileblas TFLOP/s, cuBLAS TFLOP/s, ratio, the
// kernel the table chose, and the relative difference of the two results.
// Times are medians of CUDA-event-timed launches after a warm-up; inputs are
// random (never zeros: tensor cores run zeros faster), and at 8192 the
// operands are several times the 50 MB L2.
#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "kernel_table.hpp"

namespace {

using tileblas::cuda::DeviceCaps;
using tileblas::cuda::DeviceGemm;
using tileblas::cuda::Elem;

#define CHECK(call)                                                                        \
  do {                                                                                     \
    cudaError_t e_ = (call);                                                               \
    if (e_ != cudaSuccess) {                                                               \
      std::fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
      std::exit(1);                                                                        \
    }                                                                                      \
  } while (0)

struct Routine {
  const char *name;
  Elem in, out;
  cudaDataType cublas_in, cublas_out;
  cublasComputeType_t compute;
};

const Routine kRoutines[] = {
    {"sgemm", Elem::F32, Elem::F32, CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F_PEDANTIC},
    {"dgemm", Elem::F64, Elem::F64, CUDA_R_64F, CUDA_R_64F, CUBLAS_COMPUTE_64F},
    {"hgemm", Elem::F16, Elem::F16, CUDA_R_16F, CUDA_R_16F, CUBLAS_COMPUTE_32F},
    {"f16->f32", Elem::F16, Elem::F32, CUDA_R_16F, CUDA_R_32F, CUBLAS_COMPUTE_32F},
    {"bf16->f32", Elem::BF16, Elem::F32, CUDA_R_16BF, CUDA_R_32F, CUBLAS_COMPUTE_32F},
};

// Uniform [-1, 1] in the storage type, generated on the host once per size.
void fill_random(void *dev, std::size_t count, Elem e, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-1, 1);
  const int eb = tileblas::cuda::elem_bytes(e);
  std::vector<unsigned char> host(count * eb);
  for (std::size_t i = 0; i < count; ++i) {
    const float f = u(rng);
    if (e == Elem::F64) { const double d = f; std::memcpy(&host[i * 8], &d, 8); }
    else if (e == Elem::F32) std::memcpy(&host[i * 4], &f, 4);
    else {
      std::uint32_t bits;
      std::memcpy(&bits, &f, 4);
      std::uint16_t h;
      if (e == Elem::BF16) h = std::uint16_t((bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16);
      else {  // |f| <= 1: a normal fp16 or a small subnormal flushed to zero is fine here
        const std::uint32_t sign = (bits >> 16) & 0x8000u;
        const int exp = int((bits >> 23) & 0xff) - 127 + 15;
        h = exp <= 0 ? std::uint16_t(sign)
                     : std::uint16_t(sign | (std::uint32_t(exp) << 10) | ((bits >> 13) & 0x3ffu));
      }
      std::memcpy(&host[i * 2], &h, 2);
    }
  }
  CHECK(cudaMemcpy(dev, host.data(), host.size(), cudaMemcpyHostToDevice));
}

template <class Launch>
double median_ms(int reps, Launch launch) {
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  launch();  // warm-up: module load, cuBLAS heuristics
  CHECK(cudaDeviceSynchronize());
  std::vector<float> ms(reps);
  for (int r = 0; r < reps; ++r) {
    CHECK(cudaEventRecord(start));
    launch();
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    CHECK(cudaEventElapsedTime(&ms[r], start, stop));
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  std::sort(ms.begin(), ms.end());
  return ms[reps / 2];
}

// Relative Frobenius difference of two device results (as float).
double relative_difference(const void *x, const void *y, std::size_t count, Elem e) {
  const int eb = tileblas::cuda::elem_bytes(e);
  std::vector<unsigned char> a(count * eb), b(count * eb);
  CHECK(cudaMemcpy(a.data(), x, a.size(), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(b.data(), y, b.size(), cudaMemcpyDeviceToHost));
  auto get = [&](const std::vector<unsigned char> &v, std::size_t i) -> double {
    if (e == Elem::F64) { double d; std::memcpy(&d, &v[i * 8], 8); return d; }
    if (e == Elem::F32) { float f; std::memcpy(&f, &v[i * 4], 4); return f; }
    std::uint16_t h;  // fp16 C
    std::memcpy(&h, &v[i * 2], 2);
    const int exp = (h >> 10) & 0x1f, man = h & 0x3ff;
    const double mag = exp == 0 ? std::ldexp(man, -24) : std::ldexp(1024 + man, exp - 25);
    return (h & 0x8000) ? -mag : mag;
  };
  double err = 0, norm = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const double p = get(a, i), q = get(b, i);
    err += (p - q) * (p - q);
    norm += q * q;
  }
  return norm > 0 ? std::sqrt(err / norm) : std::sqrt(err);
}

}  // namespace

int main(int argc, char **argv) {
  std::vector<long> sizes = {1024, 2048, 4096, 8192};
  int reps = 20;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--sizes") && i + 1 < argc) {
      sizes.clear();
      for (char *s = std::strtok(argv[++i], ","); s; s = std::strtok(nullptr, ","))
        sizes.push_back(std::atol(s));
    } else if (!std::strcmp(argv[i], "--reps") && i + 1 < argc) {
      reps = std::atoi(argv[++i]);
    }
  }
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("no CUDA device: nothing to benchmark\n");
    return 77;
  }
  cudaDeviceProp prop{};
  CHECK(cudaGetDeviceProperties(&prop, 0));
  int optin = 0;
  CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
  const int sm = prop.major * 10 + prop.minor;
  const DeviceCaps caps{sm, sm == 90, prop.multiProcessorCount, std::size_t(optin)};
  std::printf("# %s, sm_%d, %d SMs; medians of %d runs, CUDA events\n", prop.name, sm,
              prop.multiProcessorCount, reps);
  std::printf("| routine | m=n=k | tileblas TFLOP/s | cuBLAS TFLOP/s | ratio | kernel | rel. diff |\n");
  std::printf("|---|---|---|---|---|---|---|\n");

  cublasHandle_t handle;
  if (cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS) return 1;
  for (const Routine &r : kRoutines) {
    for (long n : sizes) {
      const std::size_t count = std::size_t(n) * n;
      const int ib = tileblas::cuda::elem_bytes(r.in), ob = tileblas::cuda::elem_bytes(r.out);
      void *a, *b, *c, *c_ref;
      CHECK(cudaMalloc(&a, count * ib));
      CHECK(cudaMalloc(&b, count * ib));
      CHECK(cudaMalloc(&c, count * ob));
      CHECK(cudaMalloc(&c_ref, count * ob));
      fill_random(a, count, r.in, 1);
      fill_random(b, count, r.in, 2);
      const DeviceGemm g{r.in, r.out, false, false, n, n, n, 1.0, 0.0, a, n, b, n, c, n};
      const tileblas::cuda::GpuKernel *k = tileblas::cuda::choose_kernel(g, caps);
      if (!k) {
        std::printf("| %s | %ld | - | - | - | none | - |\n", r.name, n);
        continue;
      }
      const double ours = median_ms(reps, [&] { CHECK(k->launch(g, caps, nullptr)); });
      const double alpha64 = 1, beta64 = 0;
      const float alpha32 = 1, beta32 = 0;
      const void *alpha = r.in == Elem::F64 ? static_cast<const void *>(&alpha64) : &alpha32;
      const void *beta = r.in == Elem::F64 ? static_cast<const void *>(&beta64) : &beta32;
      const double theirs = median_ms(reps, [&] {
        cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, int(n), int(n), int(n), alpha, a,
                     r.cublas_in, int(n), b, r.cublas_in, int(n), beta, c_ref, r.cublas_out,
                     int(n), r.compute, CUBLAS_GEMM_DEFAULT);
      });
      const double flop = 2.0 * n * n * n;
      std::printf("| %s | %ld | %.1f | %.1f | %.2f | %s | %.1e |\n", r.name, n,
                  flop / (ours * 1e9), flop / (theirs * 1e9), theirs / ours, k->name,
                  relative_difference(c, c_ref, count, r.out));
      std::fflush(stdout);
      cudaFree(a);
      cudaFree(b);
      cudaFree(c);
      cudaFree(c_ref);
    }
  }
  cublasDestroy(handle);
  return 0;
}
