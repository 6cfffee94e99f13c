// level1_test.cpp -- Level 1 BLAS against long-double reference loops: all
// four types, odd sizes, unit / non-unit / negative increments, both ABIs
// (Fortran by pointer, CBLAS by value), and the reference's special cases:
// scal keeps NaN * 0, nrm2 neither overflows nor underflows, i?amax's NaN
// and 0-/1-based results, complex dot results returned by value.
#include <gtest/gtest.h>

#include <cblas.h>

#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "xerbla_recorder.h"

using c32 = std::complex<float>;
using c64 = std::complex<double>;
using cld = std::complex<long double>;

extern "C" {
float sdot_(const int *, const float *, const int *, const float *, const int *);
c32 cdotc_(const int *, const c32 *, const int *, const c32 *, const int *);
c64 zdotu_(const int *, const c64 *, const int *, const c64 *, const int *);
float snrm2_(const int *, const float *, const int *);
double dznrm2_(const int *, const c64 *, const int *);
int isamax_(const int *, const float *, const int *);
int izamax_(const int *, const c64 *, const int *);
void sscal_(const int *, const float *, float *, const int *);
void zdscal_(const int *, const double *, c64 *, const int *);
void daxpy_(const int *, const double *, const double *, const int *, double *, const int *);
double dsdot_(const int *, const float *, const int *, const float *, const int *);
float sdsdot_(const int *, const float *, const float *, const int *, const float *,
              const int *);
void drotg_(double *, double *, double *, double *);
void xerbla_array_(const char *, const int *, const int *, size_t);
// What the reference libblas.so.3 exports besides the routines.
extern int CBLAS_CallFromC;
void sdotsub_(const int *, const float *, const int *, const float *, const int *, float *);
void dsdotsub_(const int *, const float *, const int *, const float *, const int *, double *);
void sdsdotsub_(const int *, const float *, const float *, const int *, const float *,
                const int *, float *);
void cdotcsub_(const int *, const c32 *, const int *, const c32 *, const int *, c32 *);
void zdotusub_(const int *, const c64 *, const int *, const c64 *, const int *, c64 *);
void dznrm2sub_(const int *, const c64 *, const int *, double *);
void scasumsub_(const int *, const c32 *, const int *, float *);
void icamaxsub_(const int *, const c32 *, const int *, int *);
void scabs1sub_(const c32 *, float *);
}

namespace {

template <class T>
std::vector<T> random_vector(std::size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> d(-1.0, 1.0);
  std::vector<T> v(n);
  for (auto &e : v) {
    if constexpr (std::is_same_v<T, c32> || std::is_same_v<T, c64>)
      e = T(d(gen), d(gen));
    else
      e = T(d(gen));
  }
  return v;
}

cld widen(float v) { return cld(v); }
cld widen(double v) { return cld(v); }
cld widen(c32 v) { return cld(v.real(), v.imag()); }
cld widen(c64 v) { return cld(v.real(), v.imag()); }

template <class T>
long double eps() {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, c32>)
    return std::numeric_limits<float>::epsilon();
  else
    return std::numeric_limits<double>::epsilon();
}

// Element i of a vector of n with increment inc, as the reference walks it.
long first(int n, int inc) { return inc < 0 ? long(1 - n) * inc : 0; }
std::size_t storage(int n, int inc) { return n <= 0 ? 1 : std::size_t(1 + (n - 1) * std::abs(inc)); }

// CBLAS calls per type, so one typed test covers s, d, c, z.
template <class T>
struct Blas;
template <>
struct Blas<float> {
  static void axpy(int n, float a, const float *x, int ix, float *y, int iy) { cblas_saxpy(n, a, x, ix, y, iy); }
  static float dot(int n, const float *x, int ix, const float *y, int iy) { return cblas_sdot(n, x, ix, y, iy); }
  static float dotc(int n, const float *x, int ix, const float *y, int iy) { return cblas_sdot(n, x, ix, y, iy); }
  static float nrm2(int n, const float *x, int ix) { return cblas_snrm2(n, x, ix); }
  static float asum(int n, const float *x, int ix) { return cblas_sasum(n, x, ix); }
  static size_t iamax(int n, const float *x, int ix) { return cblas_isamax(n, x, ix); }
  static void scal(int n, float a, float *x, int ix) { cblas_sscal(n, a, x, ix); }
  static void swap(int n, float *x, int ix, float *y, int iy) { cblas_sswap(n, x, ix, y, iy); }
  static void copy(int n, const float *x, int ix, float *y, int iy) { cblas_scopy(n, x, ix, y, iy); }
  static void rot(int n, float *x, int ix, float *y, int iy, float c, float s) { cblas_srot(n, x, ix, y, iy, c, s); }
};
template <>
struct Blas<double> {
  static void axpy(int n, double a, const double *x, int ix, double *y, int iy) { cblas_daxpy(n, a, x, ix, y, iy); }
  static double dot(int n, const double *x, int ix, const double *y, int iy) { return cblas_ddot(n, x, ix, y, iy); }
  static double dotc(int n, const double *x, int ix, const double *y, int iy) { return cblas_ddot(n, x, ix, y, iy); }
  static double nrm2(int n, const double *x, int ix) { return cblas_dnrm2(n, x, ix); }
  static double asum(int n, const double *x, int ix) { return cblas_dasum(n, x, ix); }
  static size_t iamax(int n, const double *x, int ix) { return cblas_idamax(n, x, ix); }
  static void scal(int n, double a, double *x, int ix) { cblas_dscal(n, a, x, ix); }
  static void swap(int n, double *x, int ix, double *y, int iy) { cblas_dswap(n, x, ix, y, iy); }
  static void copy(int n, const double *x, int ix, double *y, int iy) { cblas_dcopy(n, x, ix, y, iy); }
  static void rot(int n, double *x, int ix, double *y, int iy, double c, double s) { cblas_drot(n, x, ix, y, iy, c, s); }
};
template <>
struct Blas<c32> {
  static void axpy(int n, c32 a, const c32 *x, int ix, c32 *y, int iy) { cblas_caxpy(n, &a, x, ix, y, iy); }
  static c32 dot(int n, const c32 *x, int ix, const c32 *y, int iy) { c32 r; cblas_cdotu_sub(n, x, ix, y, iy, &r); return r; }
  static c32 dotc(int n, const c32 *x, int ix, const c32 *y, int iy) { c32 r; cblas_cdotc_sub(n, x, ix, y, iy, &r); return r; }
  static float nrm2(int n, const c32 *x, int ix) { return cblas_scnrm2(n, x, ix); }
  static float asum(int n, const c32 *x, int ix) { return cblas_scasum(n, x, ix); }
  static size_t iamax(int n, const c32 *x, int ix) { return cblas_icamax(n, x, ix); }
  static void scal(int n, c32 a, c32 *x, int ix) { cblas_cscal(n, &a, x, ix); }
  static void swap(int n, c32 *x, int ix, c32 *y, int iy) { cblas_cswap(n, x, ix, y, iy); }
  static void copy(int n, const c32 *x, int ix, c32 *y, int iy) { cblas_ccopy(n, x, ix, y, iy); }
  static void rot(int n, c32 *x, int ix, c32 *y, int iy, float c, float s) { cblas_csrot(n, x, ix, y, iy, c, s); }
};
template <>
struct Blas<c64> {
  static void axpy(int n, c64 a, const c64 *x, int ix, c64 *y, int iy) { cblas_zaxpy(n, &a, x, ix, y, iy); }
  static c64 dot(int n, const c64 *x, int ix, const c64 *y, int iy) { c64 r; cblas_zdotu_sub(n, x, ix, y, iy, &r); return r; }
  static c64 dotc(int n, const c64 *x, int ix, const c64 *y, int iy) { c64 r; cblas_zdotc_sub(n, x, ix, y, iy, &r); return r; }
  static double nrm2(int n, const c64 *x, int ix) { return cblas_dznrm2(n, x, ix); }
  static double asum(int n, const c64 *x, int ix) { return cblas_dzasum(n, x, ix); }
  static size_t iamax(int n, const c64 *x, int ix) { return cblas_izamax(n, x, ix); }
  static void scal(int n, c64 a, c64 *x, int ix) { cblas_zscal(n, &a, x, ix); }
  static void swap(int n, c64 *x, int ix, c64 *y, int iy) { cblas_zswap(n, x, ix, y, iy); }
  static void copy(int n, const c64 *x, int ix, c64 *y, int iy) { cblas_zcopy(n, x, ix, y, iy); }
  static void rot(int n, c64 *x, int ix, c64 *y, int iy, double c, double s) { cblas_zdrot(n, x, ix, y, iy, c, s); }
};

template <class T>
class Level1 : public ::testing::Test {};
using Types = ::testing::Types<float, double, c32, c64>;
TYPED_TEST_SUITE(Level1, Types);

const int kSizes[] = {0, 1, 7, 33, 1001};
const int kIncs[][2] = {{1, 1}, {2, 3}, {-1, 1}, {-3, -2}, {1, -2}};

template <class T>
T scalar(double re, double im) {
  if constexpr (std::is_same_v<T, c32> || std::is_same_v<T, c64>)
    return T(re, im);
  else
    return T(re);
}

// axpy with the same small stride for x and y (2 or 4, either sign) runs
// the vector kernel under lane masks: every length around the vector
// widths, each element once, and the gaps between elements never written.
TYPED_TEST(Level1, AxpyEqualSmallStridesLeaveTheGapsAlone) {
  using T = TypeParam;
  using B = Blas<T>;
  const T alpha = scalar<T>(-1.25, 0.5);
  for (int inc : {2, -2, 4, -4})
    for (int n = 0; n <= 70; ++n) {
      const int step = std::abs(inc);
      const auto x = random_vector<T>(std::size_t(n) * step + 1, n + 5);
      auto y0 = random_vector<T>(std::size_t(n) * step + 1, n + 6);
      for (std::size_t p = 0; p < y0.size(); ++p)
        if (p % step != 0) y0[p] = scalar<T>(std::numeric_limits<double>::quiet_NaN(), 0);
      auto y = y0;
      B::axpy(n, alpha, x.data(), inc, y.data(), inc);
      for (std::size_t p = 0; p < y.size(); ++p) {
        if (p % step != 0 || p >= std::size_t(n) * step) {
          EXPECT_EQ(0, std::memcmp(&y[p], &y0[p], sizeof(T))) << "gap " << p << " n=" << n << " inc=" << inc;
          continue;
        }
        // Element k of x pairs with element k of y at the same offset for either sign.
        const long double want = std::abs(widen(y0[p]) + widen(alpha) * widen(x[p]));
        EXPECT_LE(std::abs(widen(y[p]) - (widen(y0[p]) + widen(alpha) * widen(x[p]))),
                  4 * eps<T>() * (want + 1))
            << "n=" << n << " inc=" << inc << " p=" << p;
      }
    }
}

TYPED_TEST(Level1, AxpyScalCopySwapRotMatchReference) {
  using T = TypeParam;
  using B = Blas<T>;
  for (int n : kSizes)
    for (auto inc : kIncs) {
      const int ix = inc[0], iy = inc[1];
      const auto x0 = random_vector<T>(storage(n, ix), n + 1);
      const auto y0 = random_vector<T>(storage(n, iy), n + 2);
      const T alpha = scalar<T>(0.7, -0.3);
      auto at = [&](const std::vector<T> &v, int inc, int i) { return v[first(n, inc) + long(i) * inc]; };
      const long double tol = 8 * eps<T>();

      auto y = y0;
      B::axpy(n, alpha, x0.data(), ix, y.data(), iy);
      for (int i = 0; i < n; ++i)
        EXPECT_LE(std::abs(widen(at(y, iy, i)) - (widen(at(y0, iy, i)) + widen(alpha) * widen(at(x0, ix, i)))), tol)
            << "axpy n=" << n << " i=" << i;

      auto x = x0;
      B::scal(n, alpha, x.data(), std::abs(ix));
      for (int i = 0; i < n; ++i)
        EXPECT_LE(std::abs(widen(x[long(i) * std::abs(ix)]) - widen(alpha) * widen(x0[long(i) * std::abs(ix)])), tol);

      y = y0;
      B::copy(n, x0.data(), ix, y.data(), iy);
      for (int i = 0; i < n; ++i) EXPECT_EQ(at(y, iy, i), at(x0, ix, i));

      x = x0;
      y = y0;
      B::swap(n, x.data(), ix, y.data(), iy);
      for (int i = 0; i < n; ++i) {
        EXPECT_EQ(at(x, ix, i), at(y0, iy, i));
        EXPECT_EQ(at(y, iy, i), at(x0, ix, i));
      }

      x = x0;
      y = y0;
      const double c = 0.6, s = 0.8;
      B::rot(n, x.data(), ix, y.data(), iy, c, s);
      for (int i = 0; i < n; ++i) {
        const cld xv = widen(at(x0, ix, i)), yv = widen(at(y0, iy, i));
        EXPECT_LE(std::abs(widen(at(x, ix, i)) - ((long double)c * xv + (long double)s * yv)), tol);
        EXPECT_LE(std::abs(widen(at(y, iy, i)) - ((long double)c * yv - (long double)s * xv)), tol);
      }
    }
}

// x and y the same array: the reference stores x (c x + s y) after y, so
// x = (c + s) x; the vector kernel (unit stride, tails) as the strided loop.
TYPED_TEST(Level1, RotOnOneArrayKeepsTheReferencesX) {
  using T = TypeParam;
  using R = decltype(std::abs(T()));
  const R c = R(0.6), s = R(0.8);
  for (int inc : {1, 2})
    for (int n : {1, 7, 37, 100}) {
      const auto x0 = random_vector<T>(storage(n, inc), 5 * n);
      auto x = x0;
      Blas<T>::rot(n, x.data(), inc, x.data(), inc, c, s);
      for (int i = 0; i < n; ++i) {
        const cld expect = widen(x0[long(i) * inc]) * (long double)(c + s);
        EXPECT_LE(std::abs(widen(x[long(i) * inc]) - expect), 4 * eps<T>() * std::abs(expect))
            << "inc=" << inc << " n=" << n << " i=" << i;
      }
    }
}

TYPED_TEST(Level1, DotsNormsAsumMatchReference) {
  using T = TypeParam;
  using B = Blas<T>;
  for (int n : kSizes)
    for (auto inc : kIncs) {
      const int ix = inc[0], iy = inc[1];
      const auto x = random_vector<T>(storage(n, ix), 3 * n + 1);
      const auto y = random_vector<T>(storage(n, iy), 3 * n + 2);
      auto at = [&](const std::vector<T> &v, int inc, int i) { return widen(v[first(n, inc) + long(i) * inc]); };
      cld dotu = 0, dotc = 0;
      long double sumsq = 0;
      for (int i = 0; i < n; ++i) {
        dotu += at(x, ix, i) * at(y, iy, i);
        dotc += std::conj(at(x, ix, i)) * at(y, iy, i);
        sumsq += std::norm(at(x, ix, i));
      }
      const long double tol = 4 * (n + 1) * eps<T>();
      EXPECT_LE(std::abs(widen(B::dot(n, x.data(), ix, y.data(), iy)) - dotu), tol) << "n=" << n;
      EXPECT_LE(std::abs(widen(B::dotc(n, x.data(), ix, y.data(), iy)) - dotc), tol) << "n=" << n;
      EXPECT_LE(std::abs((long double)B::nrm2(n, x.data(), ix) - std::sqrt(sumsq)), tol * (1 + std::sqrt(sumsq))) << "n=" << n;
      // asum takes positive increments only (a non-positive one gives 0).
      const int step = std::abs(ix);
      long double asum_step = 0;
      for (int i = 0; i < n; ++i)
        asum_step += std::abs(widen(x[long(i) * step]).real()) + std::abs(widen(x[long(i) * step]).imag());
      EXPECT_LE(std::abs((long double)B::asum(n, x.data(), step) - asum_step), tol * (1 + asum_step));
      EXPECT_EQ(B::asum(n, x.data(), -1), 0);
    }
}

TYPED_TEST(Level1, IamaxFirstLargestZeroBasedInCblas) {
  using T = TypeParam;
  using B = Blas<T>;
  std::vector<T> x(9, scalar<T>(0.5, 0.25));
  x[4] = scalar<T>(-2, 1);
  x[7] = scalar<T>(1, -2);  // same |re| + |im|: the first one wins
  EXPECT_EQ(B::iamax(9, x.data(), 1), 4u);
  EXPECT_EQ(B::iamax(0, x.data(), 1), 0u);
  EXPECT_EQ(B::iamax(9, x.data(), 0), 0u);
  EXPECT_EQ(B::iamax(3, x.data(), 4), 1u);  // elements 0, 4, 8
}

TEST(Level1Fortran, IamaxIsOneBasedAndHandlesNaN) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> x = {1, -5, 3, nan, 5};
  int n = 5, inc = 1;
  EXPECT_EQ(isamax_(&n, x.data(), &inc), 2);  // NaN never beats a number; 5 is not > |-5|
  x[0] = nan;
  EXPECT_EQ(isamax_(&n, x.data(), &inc), 1);  // a leading NaN stays (comparisons are false)
  n = 0;
  EXPECT_EQ(isamax_(&n, x.data(), &inc), 0);
  std::vector<c64> z = {{1, 1}, {-3, 0.5}, {0, 3.5}};
  n = 3;
  EXPECT_EQ(izamax_(&n, z.data(), &inc), 2);  // |re| + |im|: 3.5 vs 3.5, first wins
}

TEST(Level1Fortran, ComplexDotReturnedByValue) {
  const std::vector<c32> x = {{1, 2}, {3, -1}}, y = {{0.5, 1}, {-2, 4}};
  int n = 2, inc = 1;
  const c32 r = cdotc_(&n, x.data(), &inc, y.data(), &inc);
  const c32 want = std::conj(x[0]) * y[0] + std::conj(x[1]) * y[1];
  EXPECT_FLOAT_EQ(r.real(), want.real());
  EXPECT_FLOAT_EQ(r.imag(), want.imag());
  const std::vector<c64> u = {{1, 2}, {3, -1}}, v = {{0.5, 1}, {-2, 4}};
  const c64 d = zdotu_(&n, u.data(), &inc, v.data(), &inc);
  EXPECT_DOUBLE_EQ(d.real(), (u[0] * v[0] + u[1] * v[1]).real());
  EXPECT_DOUBLE_EQ(d.imag(), (u[0] * v[0] + u[1] * v[1]).imag());
  const std::vector<float> a = {1, 2, 3}, b = {4, 5, 6};
  n = 3;
  EXPECT_FLOAT_EQ(sdot_(&n, a.data(), &inc, b.data(), &inc), 32.0f);
  const float sb = 0.5f;
  EXPECT_FLOAT_EQ(sdsdot_(&n, &sb, a.data(), &inc, b.data(), &inc), 32.5f);
  n = 0;
  EXPECT_FLOAT_EQ(sdsdot_(&n, &sb, a.data(), &inc, b.data(), &inc), 0.5f);
}

// The reference CBLAS's Fortran wrappers (the function's value in the last
// argument) and its cabs1 functions, for programs linked against it.
TEST(Level1Fortran, ReferenceCblasExtrasGiveTheFunctionsValues) {
  const std::vector<float> a = {1, 2, 3}, b = {4, 5, -6};
  const std::vector<c32> x = {{1, 2}, {3, -4}, {-0.5, 0}}, y = {{0.5, 1}, {-2, 4}, {1, 1}};
  const std::vector<c64> u = {{1, 2}, {3, -4}}, v = {{0.5, 1}, {-2, 4}};
  int n = 3, inc = 1;
  float f = 0;
  sdotsub_(&n, a.data(), &inc, b.data(), &inc, &f);
  EXPECT_FLOAT_EQ(f, -4.0f);
  double d = 0;
  dsdotsub_(&n, a.data(), &inc, b.data(), &inc, &d);
  EXPECT_EQ(d, -4.0);
  const float sb = 0.5f;
  sdsdotsub_(&n, &sb, a.data(), &inc, b.data(), &inc, &f);
  EXPECT_FLOAT_EQ(f, -3.5f);
  c32 c;
  cdotcsub_(&n, x.data(), &inc, y.data(), &inc, &c);
  EXPECT_EQ(c, cdotc_(&n, x.data(), &inc, y.data(), &inc));
  scasumsub_(&n, x.data(), &inc, &f);
  EXPECT_FLOAT_EQ(f, 10.5f);  // |1|+|2| + |3|+|-4| + |-0.5|
  int index = 0;
  icamaxsub_(&n, x.data(), &inc, &index);
  EXPECT_EQ(index, 2);  // 1-based, as ICAMAX
  scabs1sub_(&x[1], &f);
  EXPECT_FLOAT_EQ(f, 7.0f);
  EXPECT_FLOAT_EQ(cblas_scabs1(&x[1]), 7.0f);
  EXPECT_DOUBLE_EQ(cblas_dcabs1(&u[1]), 7.0);
  n = 2;
  c64 z;
  zdotusub_(&n, u.data(), &inc, v.data(), &inc, &z);
  EXPECT_EQ(z, zdotu_(&n, u.data(), &inc, v.data(), &inc));
  dznrm2sub_(&n, u.data(), &inc, &d);
  EXPECT_DOUBLE_EQ(d, dznrm2_(&n, u.data(), &inc));
  EXPECT_DOUBLE_EQ(d, std::sqrt(30.0));
  EXPECT_EQ(CBLAS_CallFromC, 0);
}

// dsdot / sdsdot sum in double on every path (the vector kernel, its tail,
// threads' chunks): 2^24 + 1 is not a float, so float sums would drop the ones.
TEST(Level1Fortran, DsdotSumsInDouble) {
  for (int n : {3, 37, 1001, 100003}) {
    std::vector<float> x(n), y(n, 1.0f);
    long double want = 0;
    for (int i = 0; i < n; ++i) {
      // Period 3: every vector lane meets 2^24, 1, -2^24 in turn.
      x[i] = i % 3 == 0 ? 16777216.0f : i % 3 == 2 ? -16777216.0f : 1.0f;
      want += x[i];
    }
    const int inc = 1;
    const float sb = 0.25f;
    EXPECT_EQ(dsdot_(&n, x.data(), &inc, y.data(), &inc), double(want)) << "n=" << n;
    EXPECT_EQ(sdsdot_(&n, &sb, x.data(), &inc, y.data(), &inc), float(double(want) + 0.25))
        << "n=" << n;
  }
}

TEST(Level1Fortran, ScalKeepsNaNTimesZero) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> x = {nan, 1, std::numeric_limits<float>::infinity()};
  int n = 3, inc = 1;
  const float zero = 0;
  sscal_(&n, &zero, x.data(), &inc);
  EXPECT_TRUE(std::isnan(x[0]));
  EXPECT_EQ(x[1], 0.0f);
  EXPECT_TRUE(std::isnan(x[2]));  // Inf * 0
  std::vector<c64> z = {{std::nan(""), 1}, {2, 3}};
  n = 2;
  const double dz = 0;
  zdscal_(&n, &dz, z.data(), &inc);
  EXPECT_TRUE(std::isnan(z[0].real()));
  EXPECT_EQ(z[0].imag(), 0.0);
  EXPECT_EQ(z[1], c64(0, 0));
  // alpha == 0 in axpy leaves y alone without reading x.
  std::vector<double> y = {1, 2};
  const double da = 0;
  daxpy_(&n, &da, nullptr, &inc, y.data(), &inc);
  EXPECT_EQ(y[1], 2.0);
}

TEST(Level1Fortran, Nrm2NeitherOverflowsNorUnderflows) {
  int n = 2, inc = 1;
  const std::vector<float> big = {3e30f, 4e30f}, tiny = {3e-30f, 4e-30f}, mixed = {3e30f, 1e-30f};
  EXPECT_NEAR(snrm2_(&n, big.data(), &inc) / 5e30f, 1.0f, 1e-6f);
  EXPECT_NEAR(snrm2_(&n, tiny.data(), &inc) / 5e-30f, 1.0f, 1e-6f);
  EXPECT_NEAR(snrm2_(&n, mixed.data(), &inc) / 3e30f, 1.0f, 1e-6f);
  int neg = -1;  // a negative increment walks the same elements backwards
  EXPECT_NEAR(snrm2_(&n, big.data(), &neg) / 5e30f, 1.0f, 1e-6f);
  const std::vector<c64> z = {{3e300, 4e300}, {1e-300, 0}};
  EXPECT_NEAR(dznrm2_(&n, z.data(), &inc) / 5e300, 1.0, 1e-14);
  const std::vector<float> with_nan = {1, std::numeric_limits<float>::quiet_NaN()};
  EXPECT_TRUE(std::isnan(snrm2_(&n, with_nan.data(), &inc)));
}

TEST(Level1Rotations, RotgAndRotmgAsReference) {
  double a = 3, b = 4, c, s;
  drotg_(&a, &b, &c, &s);
  EXPECT_DOUBLE_EQ(a, 5);
  EXPECT_DOUBLE_EQ(c, 0.6);
  EXPECT_DOUBLE_EQ(s, 0.8);
  EXPECT_DOUBLE_EQ(b, 1 / 0.6);  // |a| <= |b|: z = 1/c
  a = -4, b = 3;
  drotg_(&a, &b, &c, &s);
  EXPECT_DOUBLE_EQ(a, -5);  // sign of the larger one
  EXPECT_DOUBLE_EQ(b, s);
  a = 0, b = 2;
  drotg_(&a, &b, &c, &s);
  EXPECT_EQ(c, 0.0);
  EXPECT_EQ(s, 1.0);
  EXPECT_EQ(a, 2.0);
  EXPECT_EQ(b, 1.0);

  // rotmg's H applied to (x1, y1) must zero the second component.
  for (auto in : {std::array<double, 4>{2, 3, 1.5, 0.7}, std::array<double, 4>{0.5, 4, 0.1, 2},
                  std::array<double, 4>{1e-9, 1, 1, 1e-4}}) {
    double d1 = in[0], d2 = in[1], x1 = in[2], param[5] = {};
    const double y1 = in[3];
    cblas_drotmg(&d1, &d2, &x1, y1, param);
    double xv[1] = {in[2]}, yv[1] = {y1};
    cblas_drotm(1, xv, 1, yv, 1, param);
    EXPECT_NEAR(yv[0], 0.0, 1e-12) << "flag " << param[0];
    EXPECT_NEAR(xv[0], x1, 1e-12 * std::abs(x1));
  }
  double d1 = 1, d2 = 0, x1 = 1, param[5] = {};
  cblas_drotmg(&d1, &d2, &x1, 1.0, param);
  EXPECT_EQ(param[0], -2.0);  // d2 * y1 == 0: identity

  c64 ca(3, 4), cb(0, 0), cs;
  double cc;
  cblas_zrotg(&ca, &cb, &cc, &cs);
  EXPECT_EQ(cc, 1.0);
  EXPECT_EQ(ca, c64(3, 4));
  ca = c64(1, 1), cb = c64(1, -1);
  cblas_zrotg(&ca, &cb, &cc, &cs);
  // [c s; -conj(s) c] [f; g] = [r; 0]
  const c64 f(1, 1), g(1, -1);
  EXPECT_NEAR(std::abs(-std::conj(cs) * f + cc * g), 0.0, 1e-15);
  EXPECT_NEAR(std::abs(cc * f + cs * g - ca), 0.0, 1e-15);
}

TEST(Level1Errors, XerblaArrayForwardsTheName) {
  tbtest::clear_xerbla_calls();
  const char name[] = {'D', 'G', 'E', 'S', 'V', 'X'};
  const int len = 5, info = 7;
  xerbla_array_(name, &len, &info, 1);
  ASSERT_EQ(tbtest::xerbla_calls().size(), 1u);
  const auto &call = tbtest::xerbla_calls()[0];
  EXPECT_FALSE(call.from_cblas);
  EXPECT_EQ(call.info, 7);
  EXPECT_EQ(call.name.substr(0, 6), "DGESV ");
}

}  // namespace
