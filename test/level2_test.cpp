// level2_test.cpp -- Level 2 BLAS against long-double reference loops, all
// four types through CBLAS in both layouts (row-major is the transposed
// column-major path, with the conjugation tricks for Hermitian routines), all
// storage forms (full, band, packed), odd sizes, negative and non-unit
// increments, alpha/beta specials (beta == 0 must overwrite a NaN in y,
// alpha == 0 must not read A or x), a Fortran-ABI cross-check and argument
// errors as the netlib testers expect them.
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
void dgemv_(const char *, const int *, const int *, const double *, const double *, const int *,
            const double *, const int *, const double *, double *, const int *, size_t);
void chemv_(const char *, const int *, const c32 *, const c32 *, const int *, const c32 *,
            const int *, const c32 *, c32 *, const int *, size_t);
void ztrsv_(const char *, const char *, const char *, const int *, const c64 *, const int *,
            c64 *, const int *, size_t, size_t, size_t);
void sger_(const int *, const int *, const float *, const float *, const int *, const float *,
           const int *, float *, const int *);
}

namespace {

template <class T>
constexpr bool is_cplx = std::is_same_v<T, c32> || std::is_same_v<T, c64>;

template <class T>
long double eps() {
  return std::is_same_v<T, float> || std::is_same_v<T, c32> ? std::numeric_limits<float>::epsilon()
                                                            : std::numeric_limits<double>::epsilon();
}
template <class T>
cld widen(T v) {
  if constexpr (is_cplx<T>)
    return cld(v.real(), v.imag());
  else
    return cld(v);
}
template <class T>
T narrow(cld v) {
  if constexpr (is_cplx<T>)
    return T(v.real(), v.imag());
  else
    return T(v.real());
}
template <class T>
T value(double re, double im) {
  return narrow<T>(cld(re, is_cplx<T> ? im : 0));
}
template <class T>
auto scalar_arg(const T &v) {  // CBLAS: real scalars by value, complex by pointer
  if constexpr (is_cplx<T>)
    return static_cast<const void *>(&v);
  else
    return v;
}
template <class T>
auto real_part(const T &v) {
  if constexpr (is_cplx<T>)
    return v.real();
  else
    return v;
}

template <class T>
std::vector<T> random_vector(std::size_t n, std::mt19937 &gen, double scale = 1) {
  std::uniform_real_distribution<double> d(-scale, scale);
  std::vector<T> v(n);
  for (auto &e : v) e = value<T>(d(gen), d(gen));
  return v;
}

// One CBLAS routine for each type: CALL4 for routines named alike, CALL_SH
// for symmetric (s, d) / Hermitian (c, z) pairs.
#define CALL_NAMED(T, s, d, c, z, ...)                      \
  do {                                                      \
    if constexpr (std::is_same_v<T, float>) s(__VA_ARGS__); \
    else if constexpr (std::is_same_v<T, double>) d(__VA_ARGS__); \
    else if constexpr (std::is_same_v<T, c32>) c(__VA_ARGS__); \
    else z(__VA_ARGS__);                                    \
  } while (0)
#define CALL4(T, name, ...) \
  CALL_NAMED(T, cblas_s##name, cblas_d##name, cblas_c##name, cblas_z##name, __VA_ARGS__)
#define CALL_SH(T, sy, he, ...) \
  CALL_NAMED(T, cblas_s##sy, cblas_d##sy, cblas_c##he, cblas_z##he, __VA_ARGS__)

const CBLAS_LAYOUT kLayouts[] = {CblasColMajor, CblasRowMajor};
const int kIncs[][2] = {{1, 1}, {2, -1}, {-3, 2}};
long first(int n, int inc) { return inc < 0 ? long(1 - n) * inc : 0; }
std::size_t storage(int n, int inc) { return n <= 0 ? 1 : std::size_t(1 + (n - 1) * std::abs(inc)); }

template <class T>
cld at(const std::vector<T> &v, int n, int inc, int i) {
  return widen(v[first(n, inc) + long(i) * inc]);
}

// ------------------------------------------------------------ storage maps
// Index of element (i, j) in the array, or -1 when the storage does not hold it.
enum class Form { Full, Band, Packed };

long general_index(CBLAS_LAYOUT layout, bool band, int kl, int ku, int ld, int i, int j) {
  if (!band) return layout == CblasColMajor ? i + long(j) * ld : long(i) * ld + j;
  if (j - i > ku || i - j > kl) return -1;
  return layout == CblasColMajor ? (ku + i - j) + long(j) * ld : long(i) * ld + (kl + j - i);
}

long triangle_index(CBLAS_LAYOUT layout, Form form, bool upper, int n, int k, int ld, int i, int j) {
  if (upper ? i > j : i < j) return -1;
  const bool col = layout == CblasColMajor;
  switch (form) {
    case Form::Full: return col ? i + long(j) * ld : long(i) * ld + j;
    case Form::Band:
      if (std::abs(i - j) > k) return -1;
      if (upper) return col ? (k + i - j) + long(j) * ld : long(i) * ld + (j - i);
      return col ? (i - j) + long(j) * ld : long(i) * ld + (k + j - i);
    case Form::Packed:
      if (upper) return col ? long(j) * (j + 1) / 2 + i : long(i) * n - long(i) * (i - 1) / 2 + (j - i);
      return col ? long(j) * n - long(j) * (j - 1) / 2 + (i - j) : long(i) * (i + 1) / 2 + j;
  }
  return -1;
}

std::size_t triangle_size(Form form, int n, int k, int ld) {
  if (form == Form::Packed) return std::size_t(n) * (n + 1) / 2 + 1;
  return std::size_t(ld) * n + 1;
  (void)k;
}

// Dense n x n of a Hermitian (complex) / symmetric (real) matrix from one triangle.
template <class T>
std::vector<cld> dense_hermitian(const std::vector<T> &a, CBLAS_LAYOUT layout, Form form, bool upper,
                                 int n, int k, int ld) {
  std::vector<cld> d(std::size_t(n) * n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      const long s = triangle_index(layout, form, upper, n, k, ld, i, j);
      const long t = triangle_index(layout, form, upper, n, k, ld, j, i);
      cld v = s >= 0 ? widen(a[s]) : t >= 0 ? std::conj(widen(a[t])) : cld(0);
      if (s < 0 && t >= 0 && !is_cplx<T>) v = widen(a[t]);
      if (i == j) v = cld(v.real(), 0);
      d[i + std::size_t(j) * n] = v;
    }
  return d;
}

template <class T>
class Level2 : public ::testing::Test {};
using Types = ::testing::Types<float, double, c32, c64>;
TYPED_TEST_SUITE(Level2, Types);

// y = alpha op(A) x + beta y checked element by element against a bound
// proportional to the sizes of the terms.
template <class T>
void expect_mv(const std::vector<T> &y, const std::vector<T> &y0, int leny, int incy,
               const std::vector<cld> &opa /* leny x lenx, row i at i*lenx */, const std::vector<T> &x,
               int lenx, int incx, T alpha, T beta, const char *what) {
  for (int i = 0; i < leny; ++i) {
    cld sum = 0;
    long double bound = 0;
    for (int j = 0; j < lenx; ++j) {
      sum += opa[std::size_t(i) * lenx + j] * at(x, lenx, incx, j);
      bound += std::abs(opa[std::size_t(i) * lenx + j]) * std::abs(at(x, lenx, incx, j));
    }
    cld want = widen(alpha) * sum;
    bound *= std::abs(widen(alpha));
    if (beta != T(0)) {
      want += widen(beta) * at(y0, leny, incy, i);
      bound += std::abs(widen(beta) * at(y0, leny, incy, i));
    }
    const cld got = at(y, leny, incy, i);
    ASSERT_TRUE(std::isfinite(got.real()) && std::isfinite(got.imag())) << what << " i=" << i;
    EXPECT_LE(std::abs(got - want), 4 * (lenx + 2) * eps<T>() * (bound + 1e-30L)) << what << " i=" << i;
  }
}

template <class T>
std::vector<T> y_start(std::size_t size, std::mt19937 &gen, T beta) {
  auto y = random_vector<T>(size, gen);
  if (beta == T(0))  // beta == 0 must overwrite without reading
    for (auto &e : y) e = value<T>(std::nan(""), std::nan(""));
  return y;
}

TYPED_TEST(Level2, GemvAndGbmv) {
  using T = TypeParam;
  std::mt19937 gen(1);
  const int dims[][2] = {{0, 3}, {4, 0}, {1, 1}, {6, 9}, {13, 5}};
  const int bands[][2] = {{-1, -1}, {0, 0}, {1, 2}, {3, 1}};  // -1: gemv
  const T scalars[][2] = {{value<T>(0.7, 0.2), value<T>(-0.4, 0.5)},
                          {value<T>(0, 0), value<T>(1.3, 0)},
                          {value<T>(1, 0), value<T>(0, 0)}};
  for (auto layout : kLayouts)
    for (auto trans : {CblasNoTrans, CblasTrans, CblasConjTrans})
      for (auto dim : dims)
        for (auto band : bands)
          for (auto inc : kIncs)
            for (auto ab : scalars) {
              const int m = dim[0], n = dim[1], kl = band[0], ku = band[1];
              const bool is_band = kl >= 0;
              const int ld = is_band ? kl + ku + 2 : (layout == CblasColMajor ? m : n) + 1;
              const int lenx = trans == CblasNoTrans ? n : m, leny = trans == CblasNoTrans ? m : n;
              auto a = random_vector<T>(std::size_t(ld) * std::max(m, n) + 1, gen);
              const auto x = random_vector<T>(storage(lenx, inc[0]), gen);
              const T alpha = ab[0], beta = ab[1];
              const auto y0 = y_start<T>(storage(leny, inc[1]), gen, beta);
              auto y = y0;
              if (is_band)
                CALL4(T, gbmv, layout, trans, m, n, kl, ku, scalar_arg(alpha), a.data(), ld, x.data(),
                      inc[0], scalar_arg(beta), y.data(), inc[1]);
              else
                CALL4(T, gemv, layout, trans, m, n, scalar_arg(alpha), a.data(), ld, x.data(), inc[0],
                      scalar_arg(beta), y.data(), inc[1]);
              std::vector<cld> opa(std::size_t(leny) * lenx);
              for (int i = 0; i < m; ++i)
                for (int j = 0; j < n; ++j) {
                  const long s = general_index(layout, is_band, kl, ku, ld, i, j);
                  const cld v = s >= 0 ? widen(a[s]) : cld(0);
                  if (trans == CblasNoTrans) opa[std::size_t(i) * n + j] = v;
                  else opa[std::size_t(j) * m + i] = trans == CblasConjTrans ? std::conj(v) : v;
                }
              SCOPED_TRACE(::testing::Message() << (is_band ? "gbmv" : "gemv") << " layout=" << layout
                                                << " trans=" << trans << " m=" << m << " n=" << n
                                                << " kl=" << kl << " ku=" << ku << " inc=" << inc[0]
                                                << "," << inc[1]);
              if (m == 0 || n == 0) {  // quick return: y untouched, even for beta != 1
                EXPECT_EQ(0, std::memcmp(y.data(), y0.data(), y.size() * sizeof(T)));
                continue;
              }
              expect_mv(y, y0, leny, inc[1], opa, x, lenx, inc[0], alpha, beta, "gemv");
            }
}

TYPED_TEST(Level2, GemvAlphaZeroReadsNeitherAnorX) {
  using T = TypeParam;
  std::vector<T> y = {value<T>(1, 2), value<T>(3, 4)};
  const T zero = value<T>(0, 0), two = value<T>(2, 0);
  CALL4(T, gemv, CblasColMajor, CblasNoTrans, 2, 3, scalar_arg(zero), nullptr, 2, nullptr, 1,
        scalar_arg(two), y.data(), 1);
  EXPECT_EQ(y[1], value<T>(6, 8));
}

TYPED_TEST(Level2, HermitianMatrixVector) {
  using T = TypeParam;
  std::mt19937 gen(2);
  const T scalars[][2] = {{value<T>(0.7, 0.2), value<T>(-0.4, 0.5)},
                          {value<T>(0, 0), value<T>(1.3, 0)},
                          {value<T>(-1.1, 0.3), value<T>(0, 0)}};
  for (auto layout : kLayouts)
    for (auto uplo : {CblasUpper, CblasLower})
      for (Form form : {Form::Full, Form::Band, Form::Packed})
        for (int n : {0, 1, 5, 12, 300})  // 300: complex hemv's panels and row blocks
          for (int k : {0, 2})
            for (auto inc : kIncs)
              for (auto ab : scalars) {
                if (form != Form::Band && k) continue;
                const int ld = form == Form::Band ? k + 2 : n + 1;
                const bool upper = uplo == CblasUpper;
                const auto a = random_vector<T>(triangle_size(form, n, k, ld), gen);
                const auto x = random_vector<T>(storage(n, inc[0]), gen);
                const T alpha = ab[0], beta = ab[1];
                const auto y0 = y_start<T>(storage(n, inc[1]), gen, beta);
                auto y = y0;
                switch (form) {
                  case Form::Full:
                    CALL_SH(T, symv, hemv, layout, uplo, n, scalar_arg(alpha), a.data(), ld, x.data(),
                            inc[0], scalar_arg(beta), y.data(), inc[1]);
                    break;
                  case Form::Band:
                    CALL_SH(T, sbmv, hbmv, layout, uplo, n, k, scalar_arg(alpha), a.data(), ld,
                            x.data(), inc[0], scalar_arg(beta), y.data(), inc[1]);
                    break;
                  case Form::Packed:
                    CALL_SH(T, spmv, hpmv, layout, uplo, n, scalar_arg(alpha), a.data(), x.data(),
                            inc[0], scalar_arg(beta), y.data(), inc[1]);
                    break;
                }
                const auto d = dense_hermitian(a, layout, form, upper, n, k, ld);
                std::vector<cld> rows(d.size());  // expect_mv wants row-major
                for (int i = 0; i < n; ++i)
                  for (int j = 0; j < n; ++j) rows[std::size_t(i) * n + j] = d[i + std::size_t(j) * n];
                SCOPED_TRACE(::testing::Message() << "form=" << int(form) << " layout=" << layout
                                                  << " upper=" << upper << " n=" << n << " k=" << k);
                expect_mv(y, y0, n, inc[1], rows, x, n, inc[0], alpha, beta, "hemv");
              }
}

TYPED_TEST(Level2, TriangularMultiplyAndSolve) {
  using T = TypeParam;
  std::mt19937 gen(3);
  for (auto layout : kLayouts)
    for (auto uplo : {CblasUpper, CblasLower})
      for (auto trans : {CblasNoTrans, CblasTrans, CblasConjTrans})
        for (auto diag : {CblasNonUnit, CblasUnit})
          for (Form form : {Form::Full, Form::Band, Form::Packed})
            for (int n : {0, 1, 6, 11, 75})  // 75: blocked full triangles (64 + 8 + 3)
              for (int k : {1, 3})
                for (int incx : {1, -2}) {
                  if (form != Form::Band && k != 1) continue;
                  const int ld = form == Form::Band ? k + 1 : n + 2;
                  const bool upper = uplo == CblasUpper;
                  // Small off-diagonals and a dominant diagonal keep the solve well conditioned.
                  auto a = random_vector<T>(triangle_size(form, n, k, ld), gen, 1.0 / (n + 1));
                  for (int i = 0; i < n; ++i) {
                    const long s = triangle_index(layout, form, upper, n, k, ld, i, i);
                    a[s] += value<T>(2, 0.5);
                  }
                  // Dense op(A), row i at i*n.
                  std::vector<cld> opa(std::size_t(n) * n);
                  for (int i = 0; i < n; ++i)
                    for (int j = 0; j < n; ++j) {
                      const long s = triangle_index(layout, form, upper, n, k, ld, i, j);
                      cld v = s >= 0 ? widen(a[s]) : cld(0);
                      if (i == j && diag == CblasUnit) v = 1;
                      if (trans == CblasNoTrans) opa[std::size_t(i) * n + j] = v;
                      else opa[std::size_t(j) * n + i] = trans == CblasConjTrans ? std::conj(v) : v;
                    }
                  const auto x0 = random_vector<T>(storage(n, incx), gen);
                  SCOPED_TRACE(::testing::Message() << "form=" << int(form) << " layout=" << layout
                                                    << " upper=" << upper << " trans=" << trans
                                                    << " unit=" << (diag == CblasUnit) << " n=" << n
                                                    << " k=" << k << " incx=" << incx);
                  auto x = x0;
                  switch (form) {
                    case Form::Full: CALL4(T, trmv, layout, uplo, trans, diag, n, a.data(), ld, x.data(), incx); break;
                    case Form::Band: CALL4(T, tbmv, layout, uplo, trans, diag, n, k, a.data(), ld, x.data(), incx); break;
                    case Form::Packed: CALL4(T, tpmv, layout, uplo, trans, diag, n, a.data(), x.data(), incx); break;
                  }
                  const T one = value<T>(1, 0), zero = value<T>(0, 0);
                  expect_mv(x, x0, n, incx, opa, x0, n, incx, one, zero, "trmv");
                  // Solve, then check the residual op(A) x - b in long double.
                  x = x0;
                  switch (form) {
                    case Form::Full: CALL4(T, trsv, layout, uplo, trans, diag, n, a.data(), ld, x.data(), incx); break;
                    case Form::Band: CALL4(T, tbsv, layout, uplo, trans, diag, n, k, a.data(), ld, x.data(), incx); break;
                    case Form::Packed: CALL4(T, tpsv, layout, uplo, trans, diag, n, a.data(), x.data(), incx); break;
                  }
                  for (int i = 0; i < n; ++i) {
                    cld r = -at(x0, n, incx, i);
                    for (int j = 0; j < n; ++j) r += opa[std::size_t(i) * n + j] * at(x, n, incx, j);
                    EXPECT_LE(std::abs(r), 16 * (n + 1) * eps<T>()) << "trsv residual i=" << i;
                  }
                }
}

// Rank updates: the stored elements after the call against A + update.
TYPED_TEST(Level2, RankUpdates) {
  using T = TypeParam;
  std::mt19937 gen(4);
  const T alpha = value<T>(0.8, -0.6);
  for (auto layout : kLayouts)
    for (auto inc : kIncs) {
      // ger / geru / gerc
      for (auto dim : {std::array<int, 2>{0, 2}, std::array<int, 2>{5, 7}, std::array<int, 2>{9, 3}}) {
        const int m = dim[0], n = dim[1], ld = (layout == CblasColMajor ? m : n) + 1;
        for (bool conj : {false, true}) {
          if (conj && !is_cplx<T>) continue;
          const auto a0 = random_vector<T>(std::size_t(ld) * std::max(m, n) + 1, gen);
          const auto x = random_vector<T>(storage(m, inc[0]), gen);
          const auto y = random_vector<T>(storage(n, inc[1]), gen);
          auto a = a0;
          if (conj)
            CALL_NAMED(T, cblas_sger, cblas_dger, cblas_cgerc, cblas_zgerc, layout, m, n,
                       scalar_arg(alpha), x.data(), inc[0], y.data(), inc[1], a.data(), ld);
          else
            CALL_NAMED(T, cblas_sger, cblas_dger, cblas_cgeru, cblas_zgeru, layout, m, n,
                       scalar_arg(alpha), x.data(), inc[0], y.data(), inc[1], a.data(), ld);
          for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j) {
              const long s = general_index(layout, false, 0, 0, ld, i, j);
              const cld yj = conj ? std::conj(at(y, n, inc[1], j)) : at(y, n, inc[1], j);
              const cld want = widen(a0[s]) + widen(alpha) * at(x, m, inc[0], i) * yj;
              EXPECT_LE(std::abs(widen(a[s]) - want), 8 * eps<T>()) << "ger conj=" << conj;
            }
        }
      }
      // her / hpr / syr / spr and her2 / hpr2 / syr2 / spr2 (from n = 30,
      // columns of 24 and more run the vector kernels: axpy, axpy2)
      for (auto uplo : {CblasUpper, CblasLower})
        for (Form form : {Form::Full, Form::Packed})
          for (int n : {0, 1, 6, 10, 30, 71})
            for (bool rank2 : {false, true}) {
              const bool upper = uplo == CblasUpper;
              const int ld = n + 1;
              const auto a0 = random_vector<T>(triangle_size(form, n, 0, ld), gen);
              const auto x = random_vector<T>(storage(n, inc[0]), gen);
              const auto y = random_vector<T>(storage(n, inc[1]), gen);
              auto a = a0;
              const auto ralpha = real_part(alpha);
              if (!rank2 && form == Form::Full)
                CALL_SH(T, syr, her, layout, uplo, n, ralpha, x.data(), inc[0], a.data(), ld);
              else if (!rank2)
                CALL_SH(T, spr, hpr, layout, uplo, n, ralpha, x.data(), inc[0], a.data());
              else if (form == Form::Full)
                CALL_SH(T, syr2, her2, layout, uplo, n, scalar_arg(alpha), x.data(), inc[0], y.data(),
                        inc[1], a.data(), ld);
              else
                CALL_SH(T, spr2, hpr2, layout, uplo, n, scalar_arg(alpha), x.data(), inc[0], y.data(),
                        inc[1], a.data());
              const auto cj = [](cld v) { return is_cplx<T> ? std::conj(v) : v; };
              for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j) {
                  const long s = triangle_index(layout, form, upper, n, 0, ld, i, j);
                  if (s < 0) continue;
                  const cld xi = at(x, n, inc[0], i), xj = at(x, n, inc[0], j);
                  const cld yi = at(y, n, inc[1], i), yj = at(y, n, inc[1], j);
                  cld want = widen(a0[s]);
                  if (i == j) want = cld(want.real(), is_cplx<T> ? 0 : want.imag());
                  if (rank2)
                    want += widen(alpha) * xi * cj(yj) + cj(widen(alpha)) * yi * cj(xj);
                  else
                    want += (long double)ralpha * xi * cj(xj);
                  EXPECT_LE(std::abs(widen(a[s]) - want), 8 * eps<T>())
                      << (rank2 ? "her2" : "her") << " form=" << int(form) << " layout=" << layout
                      << " upper=" << upper << " n=" << n << " i=" << i << " j=" << j;
                  if (i == j && is_cplx<T>) EXPECT_EQ(widen(a[s]).imag(), 0.0L);
                }
            }
    }
}

// The Fortran ABI reaches the same engines: results equal CBLAS column-major.
TEST(Level2Fortran, MatchesCblasColumnMajor) {
  std::mt19937 gen(5);
  const int m = 7, n = 5, lda = 8, one = 1, neg = -2;
  const auto a = random_vector<double>(lda * n, gen);
  const auto x = random_vector<double>(1 + (n - 1) * 2, gen);
  auto y1 = random_vector<double>(m, gen), y2 = y1;
  const double alpha = 0.5, beta = -1.5;
  dgemv_("N", &m, &n, &alpha, a.data(), &lda, x.data(), &neg, &beta, y1.data(), &one, 1);
  cblas_dgemv(CblasColMajor, CblasNoTrans, m, n, alpha, a.data(), lda, x.data(), -2, beta, y2.data(), 1);
  EXPECT_EQ(y1, y2);

  const auto ca = random_vector<c32>(lda * n, gen);
  const auto cx = random_vector<c32>(n, gen);
  auto cy1 = random_vector<c32>(n, gen), cy2 = cy1;
  const c32 calpha(0.5, 1), cbeta(0, -1);
  chemv_("l", &n, &calpha, ca.data(), &lda, cx.data(), &one, &cbeta, cy1.data(), &one, 1);
  cblas_chemv(CblasColMajor, CblasLower, n, &calpha, ca.data(), lda, cx.data(), 1, &cbeta, cy2.data(), 1);
  EXPECT_EQ(cy1, cy2);

  auto za = random_vector<c64>(lda * n, gen);
  for (int i = 0; i < n; ++i) za[i + i * lda] += c64(3, 0);
  auto zx1 = random_vector<c64>(n, gen), zx2 = zx1;
  ztrsv_("U", "C", "N", &n, za.data(), &lda, zx1.data(), &one, 1, 1, 1);
  cblas_ztrsv(CblasColMajor, CblasUpper, CblasConjTrans, CblasNonUnit, n, za.data(), lda, zx2.data(), 1);
  EXPECT_EQ(zx1, zx2);

  const auto sx = random_vector<float>(m, gen), sy = random_vector<float>(n, gen);
  auto sa1 = random_vector<float>(lda * n, gen), sa2 = sa1;
  const float salpha = 2;
  sger_(&m, &n, &salpha, sx.data(), &one, sy.data(), &one, sa1.data(), &lda);
  cblas_sger(CblasColMajor, m, n, salpha, sx.data(), 1, sy.data(), 1, sa2.data(), lda);
  EXPECT_EQ(sa1, sa2);
}

// Errors: Fortran numbers and names; CBLAS numbers as the reference CBLAS
// passes them (row-major: the transposed call's, with RowMajorStrg set).
TEST(Level2Errors, ReportedAsTheReference) {
  double d[4] = {};
  c64 z[4] = {};
  const double alpha = 1;
  const c64 zalpha(1, 0);
  const int m = 2, n = 2, bad_lda = 1, one = 1, zero = 0;
  struct Expect {
    bool cblas;
    const char *name;
    int info;
    int row_major;
  };
  auto check = [](const Expect &e) {
    ASSERT_EQ(tbtest::xerbla_calls().size(), 1u) << e.name;
    const auto &c = tbtest::xerbla_calls()[0];
    EXPECT_EQ(c.from_cblas, e.cblas) << e.name;
    EXPECT_EQ(c.name.substr(0, std::string(e.name).size()), e.name);
    EXPECT_EQ(c.info, e.info) << e.name;
    if (e.row_major >= 0 && tbtest::have_row_major_strg()) EXPECT_EQ(c.row_major_strg, e.row_major) << e.name;
    tbtest::clear_xerbla_calls();
  };
  tbtest::clear_xerbla_calls();
  dgemv_("X", &m, &n, &alpha, d, &m, d, &one, &alpha, d, &one, 1);
  check({false, "DGEMV ", 1, -1});
  dgemv_("N", &m, &n, &alpha, d, &bad_lda, d, &one, &alpha, d, &one, 1);
  check({false, "DGEMV ", 6, -1});
  ztrsv_("U", "N", "N", &n, z, &n, z, &zero, 1, 1, 1);
  check({false, "ZTRSV ", 8, -1});
  cblas_dgemv(CblasColMajor, CblasNoTrans, 2, 1, 1.0, d, 1, d, 1, 1.0, d, 1);
  check({true, "cblas_dgemv", 7, 0});
  cblas_dgemv(CblasRowMajor, CblasNoTrans, -1, 1, 1.0, d, 1, d, 1, 1.0, d, 1);
  check({true, "cblas_dgemv", 4, 1});  // M is the transposed call's N (3 + 1)
  cblas_dger(CblasRowMajor, 1, 1, 1.0, d, 0, d, 1, d, 1);
  check({true, "cblas_dger", 8, 1});   // incX sits where incY does in the transposed call
  cblas_zher2(CblasRowMajor, CblasUpper, 1, &zalpha, z, 1, z, 0, z, 1);
  check({true, "cblas_zher2", 6, 1});  // x and y exchanged by the reference
  cblas_zhemv(CblasRowMajor, CblasUpper, 2, &zalpha, z, 1, z, 1, &zalpha, z, 1);
  check({true, "cblas_zhemv", 6, 1});
  cblas_ztbsv(CblasColMajor, CblasLower, CblasNoTrans, CblasUnit, 1, -1, z, 1, z, 1);
  check({true, "cblas_ztbsv", 6, 0});
  cblas_zgemv(static_cast<CBLAS_LAYOUT>(0), CblasNoTrans, 1, 1, &zalpha, z, 1, z, 1, &zalpha, z, 1);
  check({true, "cblas_zgemv", 1, 0});
}

}  // namespace
