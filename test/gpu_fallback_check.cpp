// gpu_fallback_check.cpp -- GEMMs big enough to be offload candidates
// (s/d, fp16 and bf16 inputs, hgemm), checked against double loops: whatever
// the backend decides (GPU, or the CPU after a failed GPU probe), the answer
// must be right.  Exit 0 = all right; gpu_fallback_test.sh checks messages.
#include <cblas.h>
#include <tileblas.h>

#include <cmath>
#include <cstdio>
#include <vector>

namespace {

constexpr int n = 300;  // 54 MFLOP: above the size where the GPU is considered

double value(int i, int j) { return double((i * 7 + j * 13) % 17 - 8) / 8.0; }

// C = A * B^T with A(i,l) = value(i,l), B(j,l) = value(l,j)...: one reference.
double reference(int i, int j) {
  double s = 0;
  for (int l = 0; l < n; ++l) s += value(i, l) * value(l, j);
  return s;
}

template <class Get>
bool check(const char *what, Get got, double tolerance) {
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const double want = reference(i, j);
      if (!(std::fabs(got(i, j) - want) <= tolerance * (1 + std::fabs(want)))) {
        std::printf("%s wrong at (%d,%d): %g, expected %g\n", what, i, j, got(i, j), want);
        return false;
      }
    }
  std::printf("%s ok\n", what);
  return true;
}

}  // namespace

int main() {
  std::vector<double> a(n * n), b(n * n), c(n * n, NAN);
  std::vector<float> af(n * n), bf(n * n), cf(n * n, NAN);
  std::vector<uint16_t> ah(n * n), bh(n * n), ab(n * n), bb(n * n), ch(n * n, 0x7e00);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const int at = i + j * n;
      a[at] = value(i, j);
      b[at] = value(i, j);
      af[at] = float(a[at]);
      bf[at] = float(b[at]);
      ah[at] = tileblas_f32_to_f16(af[at]);  // multiples of 1/8: exact in fp16 and bf16
      bh[at] = tileblas_f32_to_f16(bf[at]);
      ab[at] = tileblas_f32_to_bf16(af[at]);
      bb[at] = tileblas_f32_to_bf16(bf[at]);
    }
  bool ok = true;
  cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0, a.data(), n, b.data(), n,
              0.0, c.data(), n);
  ok &= check("dgemm", [&](int i, int j) { return c[i + j * n]; }, 1e-12);
  cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, af.data(), n, bf.data(),
              n, 0.0f, cf.data(), n);
  ok &= check("sgemm", [&](int i, int j) { return double(cf[i + j * n]); }, 1e-5);
  cf.assign(n * n, NAN);
  cblas_shgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, ah.data(), n, bh.data(),
               n, 0.0f, cf.data(), n);
  ok &= check("shgemm", [&](int i, int j) { return double(cf[i + j * n]); }, 1e-5);
  cf.assign(n * n, NAN);
  cblas_sbgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, ab.data(), n, bb.data(),
               n, 0.0f, cf.data(), n);
  ok &= check("sbgemm", [&](int i, int j) { return double(cf[i + j * n]); }, 1e-5);
  const uint16_t one = tileblas_f32_to_f16(1.0f), zero = tileblas_f32_to_f16(0.0f);
  cblas_hgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, one, ah.data(), n, bh.data(), n,
              zero, ch.data(), n);
  ok &= check("hgemm", [&](int i, int j) { return double(tileblas_f16_to_f32(ch[i + j * n])); },
              1e-3);
  return ok ? 0 : 1;
}
