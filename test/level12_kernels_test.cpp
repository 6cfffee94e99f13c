// level12_kernels_test.cpp -- the real Level 1/2 paths that run the target's
// vector kernels (VectorKernels in src/target.hpp): s/d dot, axpy, scal,
// gemv N/T, ger, symv/spmv, and the blocked trsv/trmv, against long-double
// reference loops at sizes around the vector widths (4..16), the kernels'
// column groups and unrolls, the 64-column trsv/trmv blocks and the
// threading threshold; lda > m, positive and negative increments, beta == 0
// over a NaN y, symv reading only its triangle, the reference's zero-skips (ger's zero y[j], trsv/trmv's zero x[j]
// next to Inf columns), and bitwise identical results for 1-4 threads
// (gemv, ger, and the long dot and axpy; symv/spmv in determinism_test), and
// the same bits for the same data at every start offset (dot, gemv N/T) and
// for a gemv T column in any column group.
// The reductions (asum, nrm2, i?amax) are in level12_reductions_test.cpp.
// CTest also runs it with TILEBLAS_CORETYPE=avx2 and =generic.
#include <gtest/gtest.h>

#include <cblas.h>
#include <tileblas.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

namespace {

using ld = long double;

template <class T>
std::vector<T> random_vector(std::size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> dist(-1, 1);
  std::vector<T> v(n);
  for (auto &e : v) e = T(dist(gen));
  return v;
}

template <class T>
ld eps() {
  return std::numeric_limits<T>::epsilon();
}

// Storage for n elements with increment inc, and where element i lives.
std::size_t storage(int n, int inc) { return n == 0 ? 1 : std::size_t(1 + (n - 1) * std::abs(inc)); }
long pos(int n, int inc, int i) { return inc < 0 ? long(n - 1 - i) * -inc : long(i) * inc; }

// Typed CBLAS entry points for the routines under test.
template <class T>
struct Blas;
template <>
struct Blas<float> {
  static float dot(int n, const float *x, int ix, const float *y, int iy) { return cblas_sdot(n, x, ix, y, iy); }
  static void axpy(int n, float a, const float *x, int ix, float *y, int iy) { cblas_saxpy(n, a, x, ix, y, iy); }
  static void scal(int n, float a, float *x, int ix) { cblas_sscal(n, a, x, ix); }
  static void gemv(CBLAS_TRANSPOSE t, int m, int n, float a, const float *A, int lda, const float *x, int ix,
                   float b, float *y, int iy) {
    cblas_sgemv(CblasColMajor, t, m, n, a, A, lda, x, ix, b, y, iy);
  }
  static void ger(int m, int n, float a, const float *x, int ix, const float *y, int iy, float *A, int lda) {
    cblas_sger(CblasColMajor, m, n, a, x, ix, y, iy, A, lda);
  }
  static void trsv(CBLAS_UPLO u, CBLAS_TRANSPOSE t, CBLAS_DIAG d, int n, const float *A, int lda, float *x, int ix) {
    cblas_strsv(CblasColMajor, u, t, d, n, A, lda, x, ix);
  }
  static void trmv(CBLAS_UPLO u, CBLAS_TRANSPOSE t, CBLAS_DIAG d, int n, const float *A, int lda, float *x, int ix) {
    cblas_strmv(CblasColMajor, u, t, d, n, A, lda, x, ix);
  }
  static void symv(CBLAS_UPLO u, int n, float a, const float *A, int lda, const float *x, int ix, float b,
                   float *y, int iy) {
    cblas_ssymv(CblasColMajor, u, n, a, A, lda, x, ix, b, y, iy);
  }
  static void spmv(CBLAS_UPLO u, int n, float a, const float *A, const float *x, int ix, float b, float *y,
                   int iy) {
    cblas_sspmv(CblasColMajor, u, n, a, A, x, ix, b, y, iy);
  }
};
template <>
struct Blas<double> {
  static double dot(int n, const double *x, int ix, const double *y, int iy) { return cblas_ddot(n, x, ix, y, iy); }
  static void axpy(int n, double a, const double *x, int ix, double *y, int iy) { cblas_daxpy(n, a, x, ix, y, iy); }
  static void scal(int n, double a, double *x, int ix) { cblas_dscal(n, a, x, ix); }
  static void gemv(CBLAS_TRANSPOSE t, int m, int n, double a, const double *A, int lda, const double *x, int ix,
                   double b, double *y, int iy) {
    cblas_dgemv(CblasColMajor, t, m, n, a, A, lda, x, ix, b, y, iy);
  }
  static void ger(int m, int n, double a, const double *x, int ix, const double *y, int iy, double *A, int lda) {
    cblas_dger(CblasColMajor, m, n, a, x, ix, y, iy, A, lda);
  }
  static void trsv(CBLAS_UPLO u, CBLAS_TRANSPOSE t, CBLAS_DIAG d, int n, const double *A, int lda, double *x,
                   int ix) {
    cblas_dtrsv(CblasColMajor, u, t, d, n, A, lda, x, ix);
  }
  static void trmv(CBLAS_UPLO u, CBLAS_TRANSPOSE t, CBLAS_DIAG d, int n, const double *A, int lda, double *x,
                   int ix) {
    cblas_dtrmv(CblasColMajor, u, t, d, n, A, lda, x, ix);
  }
  static void symv(CBLAS_UPLO u, int n, double a, const double *A, int lda, const double *x, int ix, double b,
                   double *y, int iy) {
    cblas_dsymv(CblasColMajor, u, n, a, A, lda, x, ix, b, y, iy);
  }
  static void spmv(CBLAS_UPLO u, int n, double a, const double *A, const double *x, int ix, double b,
                   double *y, int iy) {
    cblas_dspmv(CblasColMajor, u, n, a, A, x, ix, b, y, iy);
  }
};

template <class T>
class VectorKernelPaths : public ::testing::Test {
 protected:
  void TearDown() override { tileblas_set_num_threads(0); }
};
using Types = ::testing::Types<float, double>;
TYPED_TEST_SUITE(VectorKernelPaths, Types);

// 1..70 covers every tail length of every vector width and unroll; then
// block and power-of-two boundaries and a size past the unrolled loops.
std::vector<int> vector_sizes() {
  std::vector<int> s;
  for (int n = 0; n <= 70; ++n) s.push_back(n);
  for (int n : {127, 128, 129, 255, 256, 257, 1000, 4099}) s.push_back(n);
  return s;
}
const int kIncs[][2] = {{1, 1}, {2, 1}, {1, -1}, {-3, 2}};

// The same data at every start offset from a 64-byte boundary gives the same
// bits: sums are grouped by index, never by address, whether the kernels
// load whole vectors (aligned data) or vectors in halves (the rest).
TYPED_TEST(VectorKernelPaths, EveryStartAlignmentGivesTheSameBits) {
  using T = TypeParam;
  const int m = 203, n = 9, lda = 208;  // lda * sizeof(T): whole vectors apart
  const auto a0 = random_vector<T>(std::size_t(lda) * n, 1);
  const auto x0 = random_vector<T>(m, 2);
  std::vector<T> first;
  for (int shift = 0; shift < 16; ++shift) {
    // 64-byte aligned storage, the data `shift` elements in.
    const auto place = [shift](const std::vector<T> &v) {
      std::vector<T> buf(v.size() + 16 + 64 / sizeof(T));
      T *base = buf.data();
      while (reinterpret_cast<std::uintptr_t>(base) % 64) ++base;
      std::copy(v.begin(), v.end(), base + shift);
      return std::make_pair(std::move(buf), std::size_t(base + shift - buf.data()));
    };
    const auto [as, ai] = place(a0);
    const auto [xs, xi] = place(x0);
    std::vector<T> got = {Blas<T>::dot(m, xs.data() + xi, 1, as.data() + ai, 1)};
    std::vector<T> yt(n, T(0.5)), yn(m, T(0.25));
    Blas<T>::gemv(CblasTrans, m, n, T(1.5), as.data() + ai, lda, xs.data() + xi, 1, T(1), yt.data(), 1);
    Blas<T>::gemv(CblasNoTrans, m, n, T(1.5), as.data() + ai, lda, xs.data() + xi, 1, T(1), yn.data(), 1);
    got.insert(got.end(), yt.begin(), yt.end());
    got.insert(got.end(), yn.begin(), yn.end());
    if (shift == 0) first = got;
    ASSERT_EQ(std::memcmp(got.data(), first.data(), sizeof(T) * got.size()), 0) << "shift " << shift;
  }
}

// gemv T sums each column's lanes eight columns at a time where the target
// has a shared reduction (lane_sums.hpp) and one at a time for the columns
// left over: the same bits either way.  Columns 8..11 of a 12-column call
// (left over) against the same columns in a full group of 8 (from column 4).
TYPED_TEST(VectorKernelPaths, GemvTColumnBitsDoNotDependOnTheirGroup) {
  using T = TypeParam;
  for (int m : {5, 64, 203}) {
    const int n = 12, lda = m + 3;
    const auto a = random_vector<T>(std::size_t(lda) * n, 3);
    const auto x = random_vector<T>(m, 4);
    std::vector<T> whole(n, T(0)), shifted(8, T(0));
    Blas<T>::gemv(CblasTrans, m, n, T(1), a.data(), lda, x.data(), 1, T(0), whole.data(), 1);
    Blas<T>::gemv(CblasTrans, m, 8, T(1), a.data() + 4 * lda, lda, x.data(), 1, T(0),
                  shifted.data(), 1);
    EXPECT_EQ(std::memcmp(whole.data() + 4, shifted.data(), sizeof(T) * 8), 0) << "m " << m;
  }
}

TYPED_TEST(VectorKernelPaths, DotAxpyScal) {
  using T = TypeParam;
  using B = Blas<T>;
  for (int n : vector_sizes())
    for (auto inc : kIncs) {
      const int ix = inc[0], iy = inc[1];
      const auto x = random_vector<T>(storage(n, ix), n + 1);
      const auto y0 = random_vector<T>(storage(n, iy), n + 2);
      ld dot = 0, mag = 0;
      for (int i = 0; i < n; ++i) {
        dot += ld(x[pos(n, ix, i)]) * y0[pos(n, iy, i)];
        mag += std::abs(ld(x[pos(n, ix, i)]) * y0[pos(n, iy, i)]);
      }
      EXPECT_LE(std::abs(B::dot(n, x.data(), ix, y0.data(), iy) - dot), 2 * (n + 1) * eps<T>() * mag)
          << "dot n=" << n << " inc=" << ix << "," << iy;

      const T alpha = T(-0.75);
      auto y = y0;
      B::axpy(n, alpha, x.data(), ix, y.data(), iy);
      for (int i = 0; i < n; ++i) {
        const ld want = y0[pos(n, iy, i)] + ld(alpha) * x[pos(n, ix, i)];
        EXPECT_LE(std::abs(y[pos(n, iy, i)] - want), 2 * eps<T>()) << "axpy n=" << n << " i=" << i;
      }
      // Elements outside the vector are not touched (masked tails).
      for (std::size_t k = 0; k < y.size(); ++k)
        if (iy == 1 && long(k) >= n) EXPECT_EQ(y[k], y0[k]);

      auto s = x;
      B::scal(n, alpha, s.data(), std::abs(ix));
      for (std::size_t k = 0; k < s.size(); ++k) {
        const bool in = k % std::abs(ix) == 0 && long(k) / std::abs(ix) < n;
        EXPECT_EQ(s[k], in ? T(alpha * x[k]) : x[k]) << "scal n=" << n << " k=" << k;
      }
    }
}

// Long vectors: dot sums 32K-element chunks (on threads), axpy splits
// elements between threads; both bitwise the same for 1-4 threads.
TYPED_TEST(VectorKernelPaths, LongDotAndAxpyThreadedAndReproducible) {
  using T = TypeParam;
  using B = Blas<T>;
  for (int n : {32767, 32768, 32769, 65537, 300001}) {
    const auto x = random_vector<T>(n, 31), y0 = random_vector<T>(n, 32);
    ld dot = 0, mag = 0;
    for (int i = 0; i < n; ++i) {
      dot += ld(x[i]) * y0[i];
      mag += std::abs(ld(x[i]) * y0[i]);
    }
    T dot_one = 0;
    std::vector<T> axpy_one;
    for (int threads : {1, 2, 3, 4}) {
      tileblas_set_num_threads(threads);
      const T d = B::dot(n, x.data(), 1, y0.data(), 1);
      EXPECT_LE(std::abs(d - dot), 2 * (n + 1) * eps<T>() * mag) << "dot n=" << n;
      auto y = y0;
      B::axpy(n, T(0.3), x.data(), 1, y.data(), 1);
      if (threads == 1) {
        dot_one = d;
        axpy_one = y;
        for (int i = 0; i < n; ++i)
          ASSERT_LE(std::abs(y[i] - (y0[i] + ld(T(0.3)) * x[i])), 2 * eps<T>()) << "axpy n=" << n;
      } else {
        EXPECT_EQ(0, std::memcmp(&d, &dot_one, sizeof d)) << "dot n=" << n << " threads=" << threads;
        EXPECT_EQ(0, std::memcmp(y.data(), axpy_one.data(), y.size() * sizeof(T)))
            << "axpy n=" << n << " threads=" << threads;
      }
    }
  }
}

TYPED_TEST(VectorKernelPaths, ScalByZeroKeepsNaN) {
  using T = TypeParam;
  std::vector<T> x(37, T(1));
  x[35] = std::numeric_limits<T>::quiet_NaN();
  Blas<T>::scal(36, T(0), x.data(), 1);
  EXPECT_TRUE(std::isnan(x[35]));
  EXPECT_EQ(x[0], T(0));
  EXPECT_EQ(x[36], T(1));
}

// y = alpha op(A) x + beta y against long double, error bound from |terms|.
template <class T>
void check_gemv(CBLAS_TRANSPOSE trans, int m, int n, int lda, int ix, int iy, T alpha, T beta) {
  const int lenx = trans == CblasNoTrans ? n : m, leny = trans == CblasNoTrans ? m : n;
  const auto a = random_vector<T>(std::size_t(lda) * n + 1, m * 7 + n);
  const auto x = random_vector<T>(storage(lenx, ix), m + 3 * n);
  auto y0 = random_vector<T>(storage(leny, iy), m + n + 11);
  if (beta == T(0)) y0.assign(y0.size(), std::numeric_limits<T>::quiet_NaN());
  auto y = y0;
  Blas<T>::gemv(trans, m, n, alpha, a.data(), lda, x.data(), ix, beta, y.data(), iy);
  for (int r = 0; r < leny; ++r) {
    ld sum = 0, mag = 0;
    for (int k = 0; k < lenx; ++k) {
      const ld aval = trans == CblasNoTrans ? a[r + std::size_t(k) * lda] : a[k + std::size_t(r) * lda];
      sum += aval * x[pos(lenx, ix, k)];
      mag += std::abs(aval * x[pos(lenx, ix, k)]);
    }
    const ld yold = beta == T(0) ? 0 : ld(y0[pos(leny, iy, r)]);
    const ld want = ld(alpha) * sum + ld(beta) * yold;
    const ld tol = 2 * (lenx + 2) * eps<T>() * (std::abs(ld(alpha)) * mag + std::abs(ld(beta) * yold));
    ASSERT_LE(std::abs(y[pos(leny, iy, r)] - want), tol)
        << "gemv trans=" << trans << " m=" << m << " n=" << n << " lda=" << lda << " inc=" << ix << ","
        << iy << " row " << r;
  }
}

TYPED_TEST(VectorKernelPaths, GemvAroundWidthsGroupsAndThreads) {
  using T = TypeParam;
  const int small[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 63, 64, 65, 70};
  for (auto trans : {CblasNoTrans, CblasTrans})
    for (int m : small)
      for (int n : {1, 3, 4, 5, 8, 9, 13, 16, 17})
        check_gemv<T>(trans, m, n, m + 3, 1, 1, T(0.7), T(-1.3));
  // Block and threading sizes (600 x 700 and 2000 x 300 take two threads),
  // lda > m, both increment signs, beta == 0 over a NaN y and beta == 1.
  struct Shape {
    int m, n;
  };
  for (int threads : {1, 2})
    for (auto trans : {CblasNoTrans, CblasTrans})
      for (Shape s : {Shape{255, 257}, Shape{256, 256}, Shape{257, 255}, Shape{1000, 33}, Shape{600, 700},
                      Shape{2000, 300}, Shape{37, 5000}})
        for (auto inc : kIncs)
          for (T beta : {T(0), T(1), T(0.5)}) {
            tileblas_set_num_threads(threads);
            check_gemv<T>(trans, s.m, s.n, s.m + 5, inc[0], inc[1], T(-0.9), beta);
          }
}

// symv (full) and spmv (packed) against long double.  Only the stored
// triangle may be read: the other one holds NaN, and so does y when beta == 0.
template <class T>
void check_symmetric_mv(bool packed, CBLAS_UPLO uplo, int n, int ix, int iy, T alpha, T beta) {
  const bool upper = uplo == CblasUpper;
  const int lda = n + 3;
  const auto full = random_vector<T>(std::size_t(lda) * std::max(n, 1), 7 * n + upper);
  auto at = [&](int i, int j) -> T {  // element (i, j) of the symmetric matrix
    return (upper ? i <= j : i >= j) ? full[i + std::size_t(j) * lda] : full[j + std::size_t(i) * lda];
  };
  std::vector<T> a(std::size_t(lda) * std::max(n, 1), std::numeric_limits<T>::quiet_NaN());
  std::vector<T> ap;
  for (int j = 0; j < n; ++j)
    for (int i = upper ? 0 : j; i <= (upper ? j : n - 1); ++i) {
      a[i + std::size_t(j) * lda] = at(i, j);
      ap.push_back(at(i, j));
    }
  ap.push_back(0);  // never empty
  const auto x = random_vector<T>(storage(n, ix), n + 5);
  auto y0 = random_vector<T>(storage(n, iy), n + 6);
  if (beta == T(0)) y0.assign(y0.size(), std::numeric_limits<T>::quiet_NaN());
  auto y = y0;
  if (packed)
    Blas<T>::spmv(uplo, n, alpha, ap.data(), x.data(), ix, beta, y.data(), iy);
  else
    Blas<T>::symv(uplo, n, alpha, a.data(), lda, x.data(), ix, beta, y.data(), iy);
  for (int i = 0; i < n; ++i) {
    ld sum = 0, mag = 0;
    for (int j = 0; j < n; ++j) {
      sum += ld(at(i, j)) * x[pos(n, ix, j)];
      mag += std::abs(ld(at(i, j)) * x[pos(n, ix, j)]);
    }
    const ld yold = beta == T(0) ? 0 : ld(y0[pos(n, iy, i)]);
    const ld want = ld(alpha) * sum + ld(beta) * yold;
    const ld tol = 2 * (n + 2) * eps<T>() * (std::abs(ld(alpha)) * mag + std::abs(ld(beta) * yold));
    ASSERT_LE(std::abs(y[pos(n, iy, i)] - want), tol)
        << (packed ? "spmv" : "symv") << " upper=" << upper << " n=" << n << " inc=" << ix << "," << iy
        << " beta=" << beta << " row " << i;
  }
}

// Sizes around the 4-column panels, the vector widths and their unrolls.
TYPED_TEST(VectorKernelPaths, SymvAndSpmvPanelsTailsAndIncrements) {
  using T = TypeParam;
  for (bool packed : {false, true})
    for (auto uplo : {CblasUpper, CblasLower}) {
      for (int n = 0; n <= 40; ++n) check_symmetric_mv<T>(packed, uplo, n, 1, 1, T(0.7), T(-1.3));
      for (int n : {63, 64, 65, 127, 130, 257})
        for (auto inc : kIncs)
          for (T beta : {T(0), T(1), T(0.5)}) check_symmetric_mv<T>(packed, uplo, n, inc[0], inc[1], T(-0.9), beta);
    }
}

// An Inf in x reaches each y_i through one product A(i, k) * x_k, as in the
// reference: y_i is an Inf of that product's sign, never NaN.  (A kernel
// that multiplied the other triangle's lanes by zero instead of masking
// them would make 0 * Inf = NaN inside the diagonal blocks.)
TYPED_TEST(VectorKernelPaths, SymvInfInXGivesSignedInf) {
  using T = TypeParam;
  const T inf = std::numeric_limits<T>::infinity();
  for (bool packed : {false, true})
    for (auto uplo : {CblasUpper, CblasLower})
      for (int n : {5, 17, 40, 70})
        for (int k : {0, 3, n / 2, n - 1}) {
          const bool upper = uplo == CblasUpper;
          auto full = random_vector<T>(std::size_t(n) * n, n + k);
          for (auto &v : full) v = v < 0 ? v - T(0.5) : v + T(0.5);  // no zeros
          std::vector<T> a(std::size_t(n) * n, std::numeric_limits<T>::quiet_NaN()), ap;
          for (int j = 0; j < n; ++j)
            for (int i = upper ? 0 : j; i <= (upper ? j : n - 1); ++i) {
              a[i + std::size_t(j) * n] = full[i + std::size_t(j) * n];
              ap.push_back(full[i + std::size_t(j) * n]);
            }
          auto at = [&](int i, int j) {
            return (upper ? i <= j : i >= j) ? full[i + std::size_t(j) * n] : full[j + std::size_t(i) * n];
          };
          auto x = random_vector<T>(n, 3);
          x[k] = inf;
          std::vector<T> y(n, std::numeric_limits<T>::quiet_NaN());
          if (packed)
            Blas<T>::spmv(uplo, n, T(-0.5), ap.data(), x.data(), 1, T(0), y.data(), 1);
          else
            Blas<T>::symv(uplo, n, T(-0.5), a.data(), n, x.data(), 1, T(0), y.data(), 1);
          for (int i = 0; i < n; ++i)
            ASSERT_EQ(y[i], at(i, k) > 0 ? -inf : inf)
                << (packed ? "spmv" : "symv") << " upper=" << upper << " n=" << n << " k=" << k << " i=" << i;
        }
}

// Large n: the columns are cut into slices of equal stored area, each added
// into its own y (on threads), the ys summed in slice order; against long
// double on 1 and 2 threads, the other triangle NaN, slice boundaries inside
// panels' reach, odd n, negative increments, beta == 0 over a NaN y.
TYPED_TEST(VectorKernelPaths, SymvAndSpmvOnThreadedSlices) {
  using T = TypeParam;
  for (int threads : {1, 2}) {
    tileblas_set_num_threads(threads);
    for (bool packed : {false, true})
      for (auto uplo : {CblasUpper, CblasLower})
        for (int n : {500, 700, 2001}) {  // 2, 4 and 8 slices
          check_symmetric_mv<T>(packed, uplo, n, 1, 1, T(0.7), T(-1.3));
          check_symmetric_mv<T>(packed, uplo, n, -3, 2, T(-0.9), T(0));
        }
  }
}

TYPED_TEST(VectorKernelPaths, SymvAlphaZeroOnlyScalesY) {
  using T = TypeParam;
  const int n = 37;
  std::vector<T> a(std::size_t(n) * n, std::numeric_limits<T>::quiet_NaN());  // not read
  const std::vector<T> x(n, std::numeric_limits<T>::quiet_NaN());
  std::vector<T> y(n, T(2));
  Blas<T>::symv(CblasUpper, n, T(0), a.data(), n, x.data(), 1, T(0.5), y.data(), 1);
  for (T v : y) EXPECT_EQ(v, T(1));
}

TYPED_TEST(VectorKernelPaths, GemvThreadedIsBitwiseIdenticalForOneToFourThreads) {
  using T = TypeParam;
  struct Shape {
    int m, n;
  };
  for (auto trans : {CblasNoTrans, CblasTrans})
    for (Shape s : {Shape{1203, 701}, Shape{4100, 130}, Shape{90, 6000}}) {
      const int lda = s.m + 1, lenx = trans == CblasNoTrans ? s.n : s.m;
      const int leny = trans == CblasNoTrans ? s.m : s.n;
      const auto a = random_vector<T>(std::size_t(lda) * s.n, 5);
      const auto x = random_vector<T>(lenx, 6);
      const auto y0 = random_vector<T>(leny, 7);
      std::vector<T> one;
      for (int threads : {1, 2, 3, 4}) {
        tileblas_set_num_threads(threads);
        auto y = y0;
        Blas<T>::gemv(trans, s.m, s.n, T(1.1), a.data(), lda, x.data(), 1, T(0.3), y.data(), 1);
        if (threads == 1)
          one = y;
        else
          EXPECT_EQ(0, std::memcmp(y.data(), one.data(), y.size() * sizeof(T)))
              << "gemv trans=" << trans << " " << s.m << "x" << s.n << ": " << threads << " threads";
      }
      // ger on the same shape: column ranges per thread.
      const auto xm = random_vector<T>(s.m, 8), yn = random_vector<T>(s.n, 9);
      std::vector<T> ger_one;
      for (int threads : {1, 2, 3, 4}) {
        tileblas_set_num_threads(threads);
        auto g = a;
        Blas<T>::ger(s.m, s.n, T(0.4), xm.data(), 1, yn.data(), 1, g.data(), lda);
        if (threads == 1)
          ger_one = g;
        else
          EXPECT_EQ(0, std::memcmp(g.data(), ger_one.data(), g.size() * sizeof(T)));
      }
    }
}

TYPED_TEST(VectorKernelPaths, GerSkipsZeroYAsTheReference) {
  using T = TypeParam;
  for (int threads : {1, 2})
    for (auto dim : {std::array<int, 2>{67, 9}, std::array<int, 2>{700, 650}})
      for (auto inc : kIncs) {
        tileblas_set_num_threads(threads);
        const int m = dim[0], n = dim[1], lda = m + 2;
        const auto x = random_vector<T>(storage(m, inc[0]), 1);
        auto y = random_vector<T>(storage(n, inc[1]), 2);
        auto a0 = random_vector<T>(std::size_t(lda) * n, 3);
        // Column 3 holds an Inf and y's element 3 is zero: the column is skipped.
        y[pos(n, inc[1], 3)] = 0;
        a0[5 + 3 * std::size_t(lda)] = std::numeric_limits<T>::infinity();
        auto a = a0;
        const T alpha = T(0.6);
        Blas<T>::ger(m, n, alpha, x.data(), inc[0], y.data(), inc[1], a.data(), lda);
        for (int j = 0; j < n; ++j)
          for (int i = 0; i < lda; ++i) {
            const std::size_t s = i + std::size_t(j) * lda;
            if (i >= m || j == 3) {
              EXPECT_EQ(a[s], a0[s]) << "i=" << i << " j=" << j;  // padding and skipped column
              continue;
            }
            const ld want = a0[s] + ld(alpha) * x[pos(m, inc[0], i)] * y[pos(n, inc[1], j)];
            ASSERT_LE(std::abs(a[s] - want), 4 * eps<T>()) << "ger m=" << m << " i=" << i << " j=" << j;
          }
      }
}

// trsv and trmv on a full triangle with a dominant diagonal, lda > n: the
// residual of the solve and the product against long double.
TYPED_TEST(VectorKernelPaths, TrsvTrmvBlocked) {
  using T = TypeParam;
  for (int n : {1, 5, 17, 63, 64, 65, 128, 130, 257, 600})
    for (auto uplo : {CblasUpper, CblasLower})
      for (auto trans : {CblasNoTrans, CblasTrans})
        for (auto diag : {CblasNonUnit, CblasUnit})
          for (int inc : {1, -2}) {
            const int lda = n + 5;
            auto a = random_vector<T>(std::size_t(lda) * n, n);
            for (auto &e : a) e = T(e / (n + 1));
            for (int i = 0; i < n; ++i) a[i + std::size_t(i) * lda] += T(2);
            auto op = [&](int i, int j) -> ld {  // op(A)(i, j)
              const int r = trans == CblasNoTrans ? i : j, c = trans == CblasNoTrans ? j : i;
              if (uplo == CblasUpper ? r > c : r < c) return 0;
              if (r == c && diag == CblasUnit) return 1;
              return a[r + std::size_t(c) * lda];
            };
            const auto x0 = random_vector<T>(storage(n, inc), n + 9);
            SCOPED_TRACE(::testing::Message() << "n=" << n << " upper=" << (uplo == CblasUpper)
                                              << " trans=" << (trans != CblasNoTrans)
                                              << " unit=" << (diag == CblasUnit) << " inc=" << inc);
            auto x = x0;
            Blas<T>::trmv(uplo, trans, diag, n, a.data(), lda, x.data(), inc);
            for (int i = 0; i < n; ++i) {
              ld want = 0, mag = 0;
              for (int j = 0; j < n; ++j) {
                want += op(i, j) * x0[pos(n, inc, j)];
                mag += std::abs(op(i, j) * x0[pos(n, inc, j)]);
              }
              ASSERT_LE(std::abs(x[pos(n, inc, i)] - want), 2 * (n + 2) * eps<T>() * mag) << "trmv i=" << i;
            }
            x = x0;
            Blas<T>::trsv(uplo, trans, diag, n, a.data(), lda, x.data(), inc);
            for (int i = 0; i < n; ++i) {
              ld r = -ld(x0[pos(n, inc, i)]);
              for (int j = 0; j < n; ++j) r += op(i, j) * x[pos(n, inc, j)];
              ASSERT_LE(std::abs(r), 16 * (n + 1) * eps<T>()) << "trsv residual i=" << i;
            }
          }
}

// The column forms skip a zero x[j] as the reference does: with Inf above
// the diagonal in every column but the first and x = e_0, an upper
// no-transpose trsv/trmv touches only column 0 (no 0 * Inf = NaN), also
// across the 64-column blocks.
TYPED_TEST(VectorKernelPaths, TriangularColumnsSkipZeroX) {
  using T = TypeParam;
  const int n = 200, lda = n;
  std::vector<T> a(std::size_t(lda) * n, std::numeric_limits<T>::infinity());
  for (int i = 0; i < n; ++i) a[i + std::size_t(i) * lda] = T(2);
  for (bool solve : {true, false}) {
    std::vector<T> x(n, T(0));
    x[0] = T(3);
    if (solve)
      Blas<T>::trsv(CblasUpper, CblasNoTrans, CblasNonUnit, n, a.data(), lda, x.data(), 1);
    else
      Blas<T>::trmv(CblasUpper, CblasNoTrans, CblasNonUnit, n, a.data(), lda, x.data(), 1);
    EXPECT_EQ(x[0], solve ? T(1.5) : T(6));
    for (int i = 1; i < n; ++i) ASSERT_EQ(x[i], T(0)) << (solve ? "trsv" : "trmv") << " i=" << i;
  }
  // Lower: x = e_{n-1}, Inf below the diagonal.
  std::vector<T> low(std::size_t(lda) * n, std::numeric_limits<T>::infinity());
  for (int i = 0; i < n; ++i) low[i + std::size_t(i) * lda] = T(2);
  for (bool solve : {true, false}) {
    std::vector<T> x(n, T(0));
    x[n - 1] = T(3);
    if (solve)
      Blas<T>::trsv(CblasLower, CblasNoTrans, CblasNonUnit, n, low.data(), lda, x.data(), 1);
    else
      Blas<T>::trmv(CblasLower, CblasNoTrans, CblasNonUnit, n, low.data(), lda, x.data(), 1);
    EXPECT_EQ(x[n - 1], solve ? T(1.5) : T(6));
    for (int i = 0; i < n - 1; ++i) ASSERT_EQ(x[i], T(0)) << (solve ? "trsv" : "trmv") << " i=" << i;
  }
}

}  // namespace
