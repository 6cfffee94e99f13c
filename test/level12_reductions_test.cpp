// level12_reductions_test.cpp -- the Level 1 reductions on the target's
// vector kernels: ?asum, ?nrm2 and i?amax, real and complex (sc/dz asum and
// nrm2 run the real kernels on 2n values, ic/iz amax on |re| + |im|).
// Against long-double sums and a transcription of the reference's i?amax
// loop, at every tail length of every vector width and unroll, across the
// i?amax blocks and the 32K-element chunks, with NaN and Inf at the first,
// inner, block-edge and tail positions, ties, huge and tiny values for nrm2,
// increments 1, 2, -1 and 0, and bitwise identical results for 1-4 threads.
// CTest also runs it with each CPU target forced (TILEBLAS_CORETYPE).
#include <gtest/gtest.h>

#include <cblas.h>
#include <tileblas.h>

#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

namespace {

using ld = long double;
using c32 = std::complex<float>;
using c64 = std::complex<double>;

template <class T>
struct Real {
  using type = T;
};
template <class R>
struct Real<std::complex<R>> {
  using type = R;
};
template <class T>
using real_t = typename Real<T>::type;

template <class T>
constexpr bool is_complex = !std::is_same_v<T, real_t<T>>;

template <class T>
ld eps() {
  return std::numeric_limits<real_t<T>>::epsilon();
}

template <class T>
std::vector<T> random_vector(std::size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> dist(-1, 1);
  std::vector<T> v(n);
  for (auto &e : v) {
    if constexpr (is_complex<T>)
      e = T(real_t<T>(dist(gen)), real_t<T>(dist(gen)));
    else
      e = T(dist(gen));
  }
  return v;
}

// The reference's |re| + |im| (|x| for real), in the element's precision.
template <class T>
real_t<T> abs1(T v) {
  if constexpr (is_complex<T>)
    return std::abs(v.real()) + std::abs(v.imag());
  else
    return std::abs(v);
}

// The reference i?amax loop (1-based; 0 for n < 1 or inc <= 0).
template <class T>
std::size_t reference_iamax(int n, const T *x, int inc) {
  if (n < 1 || inc <= 0) return 0;
  std::size_t best = 0;
  real_t<T> max = abs1(x[0]);
  for (int i = 1; i < n; ++i)
    if (abs1(x[std::size_t(i) * inc]) > max) {
      best = std::size_t(i);
      max = abs1(x[std::size_t(i) * inc]);
    }
  return best + 1;
}

template <class T>
struct Blas;
template <>
struct Blas<float> {
  static float asum(int n, const float *x, int i) { return cblas_sasum(n, x, i); }
  static float nrm2(int n, const float *x, int i) { return cblas_snrm2(n, x, i); }
  static std::size_t iamax(int n, const float *x, int i) { return cblas_isamax(n, x, i) + (n > 0 && i > 0); }
};
template <>
struct Blas<double> {
  static double asum(int n, const double *x, int i) { return cblas_dasum(n, x, i); }
  static double nrm2(int n, const double *x, int i) { return cblas_dnrm2(n, x, i); }
  static std::size_t iamax(int n, const double *x, int i) { return cblas_idamax(n, x, i) + (n > 0 && i > 0); }
};
template <>
struct Blas<c32> {
  static float asum(int n, const c32 *x, int i) { return cblas_scasum(n, x, i); }
  static float nrm2(int n, const c32 *x, int i) { return cblas_scnrm2(n, x, i); }
  static std::size_t iamax(int n, const c32 *x, int i) { return cblas_icamax(n, x, i) + (n > 0 && i > 0); }
};
template <>
struct Blas<c64> {
  static double asum(int n, const c64 *x, int i) { return cblas_dzasum(n, x, i); }
  static double nrm2(int n, const c64 *x, int i) { return cblas_dznrm2(n, x, i); }
  static std::size_t iamax(int n, const c64 *x, int i) { return cblas_izamax(n, x, i) + (n > 0 && i > 0); }
};

template <class T>
class Reductions : public ::testing::Test {
 protected:
  void TearDown() override { tileblas_set_num_threads(0); }
};
using Types = ::testing::Types<float, double, c32, c64>;
TYPED_TEST_SUITE(Reductions, Types);

// Every tail of every width (up to 16 per vector, 8 vectors per step), the
// i?amax block edges, and lengths past the unrolled loops.
std::vector<int> sizes() {
  std::vector<int> s;
  for (int n = 0; n <= 140; ++n) s.push_back(n);
  for (int n : {255, 256, 257, 511, 512, 513, 1000, 2047, 2048, 2049, 4099}) s.push_back(n);
  return s;
}

// long-double sum of |re| + |im| and sum of squares of n elements, step inc > 0.
template <class T>
void reference_sums(int n, const T *x, int inc, ld *asum, ld *sumsq) {
  *asum = *sumsq = 0;
  for (int i = 0; i < n; ++i) {
    const T v = x[std::size_t(i) * inc];
    if constexpr (is_complex<T>) {
      *asum += std::abs(ld(v.real())) + std::abs(ld(v.imag()));
      *sumsq += ld(v.real()) * v.real() + ld(v.imag()) * v.imag();
    } else {
      *asum += std::abs(ld(v));
      *sumsq += ld(v) * v;
    }
  }
}

TYPED_TEST(Reductions, AsumNrm2AroundWidthsAndIncrements) {
  using T = TypeParam;
  using B = Blas<T>;
  for (int n : sizes())
    for (int inc : {1, 2, -1}) {
      const auto x = random_vector<T>(std::size_t(std::max(n, 1)) * std::abs(inc), n + 1);
      ld asum, sumsq;
      reference_sums(n, x.data(), std::abs(inc), &asum, &sumsq);
      const ld tol = 2 * (n + 2) * eps<T>();
      EXPECT_LE(std::abs(B::nrm2(n, x.data(), inc) - std::sqrt(sumsq)), tol * std::sqrt(sumsq))
          << "nrm2 n=" << n << " inc=" << inc;
      if (inc > 0)
        EXPECT_LE(std::abs(B::asum(n, x.data(), inc) - asum), tol * asum) << "asum n=" << n << " inc=" << inc;
      else
        EXPECT_EQ(B::asum(n, x.data(), inc), 0);
    }
}

// nrm2 neither overflows nor underflows: every element scaled by a huge or a
// tiny power of two (exact), alone or next to ordinary values, and subnormals.
TYPED_TEST(Reductions, Nrm2HugeTinyAndMixedMagnitudes) {
  using T = TypeParam;
  using R = real_t<T>;
  const int max_exp = std::numeric_limits<R>::max_exponent;
  const int min_exp = std::numeric_limits<R>::min_exponent;
  for (int n : {1, 3, 7, 16, 17, 33, 100, 1000})
    // 2^(max_exp - 8): up to 1000 such values still have a finite norm.
    for (int e : {max_exp - 8, max_exp / 2 + 10, min_exp / 2 - 10, min_exp + 2, min_exp - 10}) {
      auto x = random_vector<T>(n, n + e + 1000);
      for (auto &v : x) v *= std::ldexp(R(1), e);
      ld asum, sumsq;
      reference_sums(n, x.data(), 1, &asum, &sumsq);
      const ld want = std::sqrt(sumsq);
      // Subnormal inputs carry fewer significant bits: the bound follows them.
      const ld tol = 2 * (n + 2) * eps<T>() * want + ld(std::numeric_limits<R>::denorm_min()) * n;
      EXPECT_LE(std::abs(Blas<T>::nrm2(n, x.data(), 1) - want), tol) << "n=" << n << " 2^" << e;
      x[n / 2] = T(1);  // one ordinary value among huge or tiny ones
      reference_sums(n, x.data(), 1, &asum, &sumsq);
      EXPECT_LE(std::abs(Blas<T>::nrm2(n, x.data(), 1) - std::sqrt(sumsq)),
                2 * (n + 2) * eps<T>() * std::sqrt(sumsq) + tol)
          << "mixed n=" << n << " 2^" << e;
    }
  const std::vector<T> zeros(50, T(0));
  EXPECT_EQ(Blas<T>::nrm2(50, zeros.data(), 1), R(0));
}

// NaN anywhere gives NaN, Inf (without NaN) gives Inf, at every position of
// lengths around the widths.
TYPED_TEST(Reductions, Nrm2AndAsumPropagateNaNAndInf) {
  using T = TypeParam;
  using R = real_t<T>;
  const R nan = std::numeric_limits<R>::quiet_NaN(), inf = std::numeric_limits<R>::infinity();
  for (int n : {1, 2, 5, 8, 15, 16, 17, 31, 33, 64, 129, 300})
    for (int k = 0; k < n; ++k) {
      auto x = random_vector<T>(n, n);
      x[k] = T(inf);
      EXPECT_EQ(Blas<T>::nrm2(n, x.data(), 1), inf) << "n=" << n << " Inf at " << k;
      EXPECT_EQ(Blas<T>::asum(n, x.data(), 1), inf) << "n=" << n << " Inf at " << k;
      x[(k + n / 2) % n] = T(nan);
      if (n > 1) EXPECT_TRUE(std::isnan(Blas<T>::nrm2(n, x.data(), 1))) << "n=" << n << " Inf, NaN";
      x[k] = T(nan);
      EXPECT_TRUE(std::isnan(Blas<T>::nrm2(n, x.data(), 1))) << "n=" << n << " NaN at " << k;
      EXPECT_TRUE(std::isnan(Blas<T>::asum(n, x.data(), 1))) << "n=" << n << " NaN at " << k;
      if constexpr (is_complex<T>) {  // a NaN or Inf in the imaginary part only
        auto z = random_vector<T>(n, n);
        z[k] = T(z[k].real(), inf);
        EXPECT_EQ(Blas<T>::nrm2(n, z.data(), 1), inf);
        z[k] = T(z[k].real(), nan);
        EXPECT_TRUE(std::isnan(Blas<T>::nrm2(n, z.data(), 1)));
        EXPECT_TRUE(std::isnan(Blas<T>::asum(n, z.data(), 1)));
      }
    }
}

// i?amax against the reference loop on patterns that test the NaN rule, the
// first-of-equal rule and the block and tail edges.
TYPED_TEST(Reductions, IamaxMatchesTheReferenceLoop) {
  using T = TypeParam;
  using R = real_t<T>;
  const R nan = std::numeric_limits<R>::quiet_NaN(), inf = std::numeric_limits<R>::infinity();
  auto check = [](const std::vector<T> &x, int n, int inc, const char *what, int k) {
    ASSERT_EQ(Blas<T>::iamax(n, x.data(), inc), reference_iamax(n, x.data(), inc))
        << what << " n=" << n << " inc=" << inc << " k=" << k;
  };
  for (int n : sizes())
    for (int inc : {1, 2}) {
      const auto base = random_vector<T>(std::size_t(std::max(n, 1)) * inc, n + 3);
      check(base, n, inc, "random", -1);
      // Positions: the first few, around every 16 and the block edges, the last few.
      std::vector<int> at;
      for (int k = 0; k < n; ++k)
        if (k < 3 || k % 16 <= 1 || k % 16 == 15 || k > n - 4) at.push_back(k);
      for (int k : at) {
        auto x = base;
        const std::size_t s = std::size_t(k) * inc;
        x[s] = T(nan);
        check(x, n, inc, "NaN", k);
        x[s] = T(inf);
        check(x, n, inc, "Inf", k);
        x[s] = T(-3);  // the largest, also tied with a later copy
        check(x, n, inc, "max", k);
        x[std::size_t(n - 1) * inc] = T(3);
        check(x, n, inc, "tie with last", k);
        x[s] = T(nan);  // a NaN before a later maximum
        check(x, n, inc, "NaN then max", k);
        if constexpr (is_complex<T>) {
          x = base;
          x[s] = T(R(2), R(-1.5));  // |re| + |im| = 3.5 beats |z| ordering
          check(x, n, inc, "abs1", k);
          x[s] = T(R(0.1), nan);
          check(x, n, inc, "NaN imag", k);
        }
      }
    }
  // All NaN but the first, all NaN, all equal, all zero (with -0).
  for (int n : {1, 2, 17, 33, 100, 1000}) {
    std::vector<T> x(n, T(nan));
    x[0] = T(0.5);
    check(x, n, 1, "NaN after first", 0);
    x[0] = T(nan);
    check(x, n, 1, "all NaN", 0);
    x.assign(n, T(-2));
    check(x, n, 1, "all equal", 0);
    x.assign(n, T(-0.0));
    x[n / 2] = T(0);
    check(x, n, 1, "zeros", 0);
  }
  const auto x = random_vector<T>(10, 1);
  EXPECT_EQ(Blas<T>::iamax(10, x.data(), 0), 0u);
  EXPECT_EQ(Blas<T>::iamax(10, x.data(), -1), 0u);
  EXPECT_EQ(Blas<T>::iamax(0, x.data(), 1), 0u);
}

// Past the 32K-element chunks: threads take whole chunks, the results are
// combined in order, so asum and nrm2 are bitwise the same for 1-4 threads
// and i?amax finds the first maximum even across chunk edges.
TYPED_TEST(Reductions, LongVectorsThreadedAndReproducible) {
  using T = TypeParam;
  using R = real_t<T>;
  for (int n : {32767, 32768, 32769, 65537, 300001}) {
    auto x = random_vector<T>(n, n);
    ld asum, sumsq;
    reference_sums(n, x.data(), 1, &asum, &sumsq);
    R asum_one = 0, nrm2_one = 0;
    for (int threads : {1, 2, 3, 4}) {
      tileblas_set_num_threads(threads);
      const R a = Blas<T>::asum(n, x.data(), 1), r = Blas<T>::nrm2(n, x.data(), 1);
      if (threads == 1) {
        asum_one = a;
        nrm2_one = r;
        EXPECT_LE(std::abs(a - asum), 2 * (n + 2) * eps<T>() * asum);
        EXPECT_LE(std::abs(r - std::sqrt(sumsq)), 2 * (n + 2) * eps<T>() * std::sqrt(sumsq));
      } else {
        EXPECT_EQ(0, std::memcmp(&a, &asum_one, sizeof a)) << "asum n=" << n << " threads=" << threads;
        EXPECT_EQ(0, std::memcmp(&r, &nrm2_one, sizeof r)) << "nrm2 n=" << n << " threads=" << threads;
      }
      // The maximum tied at the end of one chunk and the start of the next,
      // and again later: the first wins; a NaN just before it changes nothing.
      auto y = x;
      for (int k : {32767, 32768, n - 1})
        if (k < n) y[k] = T(5);
      if (n > 40000) y[32766] = T(std::numeric_limits<R>::quiet_NaN());
      EXPECT_EQ(Blas<T>::iamax(n, y.data(), 1), reference_iamax(n, y.data(), 1))
          << "n=" << n << " threads=" << threads;
      EXPECT_EQ(Blas<T>::iamax(n, x.data(), 1), reference_iamax(n, x.data(), 1));
    }
  }
}

}  // namespace
