// bench_host.cpp -- end-to-end GEMM on host memory through the Fortran BLAS
// symbol of whatever library is preloaded: tileblas (which offloads to the
// GPU when its model says so) or NVIDIA's NVBLAS.  Linked with no BLAS; the
// symbols are looked up at run time, so one binary measures both.
//
//   LD_PRELOAD=libtileblas.so bench_host LABEL [--sizes 4096,8192,16384] [--reps 3]
#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

namespace {

using sgemm_fn = void (*)(const char *, const char *, const int *, const int *, const int *,
                          const float *, const float *, const int *, const float *, const int *,
                          const float *, float *, const int *, std::size_t, std::size_t);
using dgemm_fn = void (*)(const char *, const char *, const int *, const int *, const int *,
                          const double *, const double *, const int *, const double *,
                          const int *, const double *, double *, const int *, std::size_t,
                          std::size_t);

template <class T, class Fn>
void run(const char *label, const char *routine, Fn gemm, long n, int reps) {
  std::vector<T> a(std::size_t(n) * n), b(a.size()), c(a.size());
  std::mt19937 rng(3);
  std::uniform_real_distribution<T> u(-1, 1);
  for (T &x : a) x = u(rng);
  for (T &x : b) x = u(rng);
  const int ni = int(n);
  const T one = 1, zero = 0;
  std::vector<double> seconds;
  for (int r = 0; r <= reps; ++r) {  // r == 0 warms up (GPU init, pinned buffers)
    const auto t0 = std::chrono::steady_clock::now();
    gemm("N", "N", &ni, &ni, &ni, &one, a.data(), &ni, b.data(), &ni, &zero, c.data(), &ni, 1, 1);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (r > 0) seconds.push_back(s);
  }
  std::sort(seconds.begin(), seconds.end());
  const double median = seconds[seconds.size() / 2];
  // Spot check one element against a double dot product.
  double want = 0;
  for (long l = 0; l < n; ++l) want += double(a[7 + l * n]) * double(b[l + 5 * n]);
  const double got = c[7 + 5 * n];
  std::printf("| %s | %s | %ld | %.3f | %.0f | %.1e |\n", label, routine, n, median,
              2.0 * n * n * n / median / 1e9, std::fabs(got - want) / (1 + std::fabs(want)));
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_host LABEL [--sizes a,b,c] [--reps r]\n");
    return 2;
  }
  const char *label = argv[1];
  std::vector<long> sizes = {4096, 8192, 16384};
  int reps = 3;
  for (int i = 2; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--sizes") && i + 1 < argc) {
      sizes.clear();
      for (char *s = std::strtok(argv[++i], ","); s; s = std::strtok(nullptr, ","))
        sizes.push_back(std::atol(s));
    } else if (!std::strcmp(argv[i], "--reps") && i + 1 < argc) {
      reps = std::max(1, std::atoi(argv[++i]));
    }
  }
  auto sgemm = reinterpret_cast<sgemm_fn>(dlsym(RTLD_DEFAULT, "sgemm_"));
  auto dgemm = reinterpret_cast<dgemm_fn>(dlsym(RTLD_DEFAULT, "dgemm_"));
  if (!sgemm || !dgemm) {
    std::fprintf(stderr, "no sgemm_/dgemm_ in the process: preload a BLAS\n");
    return 2;
  }
  for (long n : sizes) run<float>(label, "sgemm", sgemm, n, reps);
  for (long n : sizes) run<double>(label, "dgemm", dgemm, n, reps);
  return 0;
}
