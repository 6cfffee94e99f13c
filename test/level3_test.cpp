// level3_test.cpp -- the Level 3 routines beyond real GEMM (c/zgemm, gemmt,
// symm/hemm, syrk/herk, syr2k/her2k, trmm, trsm), s/d/c/z, through CBLAS in
// both layouts and a few Fortran calls, against long-double reference loops
// with error bounds.  Sizes cross the engine's recursion and blocking
// thresholds (diagonal blocks 64/128, complex KC 256).  Also: entries outside
// the updated triangle and the padding of every array stay bit-identical,
// beta == 0 does not read C (NaN there must not survive), alpha == 0 reads
// neither A nor B, and a few error reports (the netlib testers check them all).
#include <gtest/gtest.h>

#include <cblas.h>
#include <tileblas.h>

#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "xerbla_recorder.h"

using cf = std::complex<float>;
using cd = std::complex<double>;

extern "C" {
void dsyrk_(const char *, const char *, const int *, const int *, const double *, const double *,
            const int *, const double *, double *, const int *, size_t, size_t);
void ztrsm_(const char *, const char *, const char *, const char *, const int *, const int *,
            const cd *, const cd *, const int *, cd *, const int *, size_t, size_t, size_t,
            size_t);
void cgemm_(const char *, const char *, const int *, const int *, const int *, const cf *,
            const cf *, const int *, const cf *, const int *, const cf *, cf *, const int *,
            size_t, size_t);
void dgemmtr_(const char *, const char *, const char *, const int *, const int *, const double *,
              const double *, const int *, const double *, const int *, const double *, double *,
              const int *, size_t, size_t, size_t);
void cblas_dgemmt(CBLAS_LAYOUT, CBLAS_UPLO, CBLAS_TRANSPOSE, CBLAS_TRANSPOSE, int, int, double,
                  const double *, int, const double *, int, double, double *, int);
void cblas_sgemmt(CBLAS_LAYOUT, CBLAS_UPLO, CBLAS_TRANSPOSE, CBLAS_TRANSPOSE, int, int, float,
                  const float *, int, const float *, int, float, float *, int);
void cblas_cgemmt(CBLAS_LAYOUT, CBLAS_UPLO, CBLAS_TRANSPOSE, CBLAS_TRANSPOSE, int, int,
                  const void *, const void *, int, const void *, int, const void *, void *, int);
void cblas_zgemmt(CBLAS_LAYOUT, CBLAS_UPLO, CBLAS_TRANSPOSE, CBLAS_TRANSPOSE, int, int,
                  const void *, const void *, int, const void *, int, const void *, void *, int);
}

namespace {

// ------------------------------------------------------------------ scalars
template <class T>
struct Traits {
  using Real = T;
  using Wide = long double;
  static constexpr bool complex = false;
};
template <class R>
struct Traits<std::complex<R>> {
  using Real = R;
  using Wide = std::complex<long double>;
  static constexpr bool complex = true;
};
template <class T>
using Wide = typename Traits<T>::Wide;

template <class T>
T make(double re, double im) {
  if constexpr (Traits<T>::complex) return T(typename T::value_type(re), typename T::value_type(im));
  else return T(re);
}
template <class W>
W conj_w(W v) {
  if constexpr (std::is_same_v<W, long double>) return v;
  else return std::conj(v);
}
template <class T>
Wide<T> widen(T v) {
  if constexpr (Traits<T>::complex) return {v.real(), v.imag()};
  else return v;
}
// |re| + |im| (within a factor sqrt(2) of the modulus, without hypotl).
inline long double magnitude(long double v) { return std::fabs(v); }
inline long double magnitude(std::complex<long double> v) {
  return std::fabs(v.real()) + std::fabs(v.imag());
}
// Products by the textbook formula: std::complex's operator* checks for
// inf/nan recovery through a library call per product, which made the
// reference loops the slowest part of this test.
inline long double mul(long double x, long double y) { return x * y; }
inline std::complex<long double> mul(std::complex<long double> x, std::complex<long double> y) {
  return {x.real() * y.real() - x.imag() * y.imag(), x.real() * y.imag() + x.imag() * y.real()};
}
template <class T>
double epsilon() { return std::numeric_limits<typename Traits<T>::Real>::epsilon(); }
template <class T>
bool is_zero(T v) { return v == T(0); }

enum class Op { N, T, C };
CBLAS_TRANSPOSE cblas_op(Op o) {
  return o == Op::N ? CblasNoTrans : o == Op::T ? CblasTrans : CblasConjTrans;
}
const char *op_name(Op o) { return o == Op::N ? "N" : o == Op::T ? "T" : "C"; }

// ------------------------------------------------------------------ matrices
// A logical rows x cols matrix stored in either layout with 3 elements of
// padding per line and after the end (filled with a sentinel that must
// survive).
template <class T>
struct Mat {
  int rows, cols, ld;
  bool row_major;
  std::vector<T> data;

  Mat(int r, int c, bool rm, int line = 0)
      : rows(r), cols(c), ld(line ? line : (rm ? c : r) + 3), row_major(rm),
        data(std::size_t(rm ? r : c) * ld + 3, make<T>(777.0, -777.0)) {}
  std::size_t index(int i, int j) const {
    return row_major ? std::size_t(i) * ld + j : i + std::size_t(j) * ld;
  }
  T &operator()(int i, int j) { return data[index(i, j)]; }
  T operator()(int i, int j) const { return data[index(i, j)]; }
  void fill_random(std::mt19937 &rng, double scale = 1.0) {
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    for (int j = 0; j < cols; ++j)
      for (int i = 0; i < rows; ++i) (*this)(i, j) = make<T>(scale * u(rng), scale * u(rng));
  }
  void fill(T v) {
    for (int j = 0; j < cols; ++j)
      for (int i = 0; i < rows; ++i) (*this)(i, j) = v;
  }
  // Whether storage element `k` is padding (not a logical entry).
  std::vector<bool> padding_mask() const {
    std::vector<bool> pad(data.size(), true);
    for (int j = 0; j < cols; ++j)
      for (int i = 0; i < rows; ++i) pad[index(i, j)] = false;
    return pad;
  }
};

template <class T>
bool same_bits(T x, T y) { return std::memcmp(&x, &y, sizeof(T)) == 0; }

template <class T>
::testing::AssertionResult padding_intact(const Mat<T> &before, const Mat<T> &after) {
  const std::vector<bool> pad = before.padding_mask();
  for (std::size_t k = 0; k < pad.size(); ++k)
    if (pad[k] && !same_bits(before.data[k], after.data[k]))
      return ::testing::AssertionFailure() << "padding element " << k << " was written";
  return ::testing::AssertionSuccess();
}

// op(X)(i, l) of a logical matrix, widened.
template <class T>
Wide<T> op_at(const Mat<T> &x, Op o, int i, int l) {
  if (o == Op::N) return widen(x(i, l));
  const Wide<T> v = widen(x(l, i));
  return o == Op::C ? conj_w(v) : v;
}

// Compares every logical entry of `got`: where in(i, j), with expect(i, j)
// giving {value, magnitude}, |got - value| <= tol * magnitude; elsewhere
// bit-identical to `before`.
template <class T, class In, class Expect>
::testing::AssertionResult check_entries(const Mat<T> &before, const Mat<T> &got, In in,
                                         Expect expect, double tol) {
  for (int j = 0; j < got.cols; ++j)
    for (int i = 0; i < got.rows; ++i) {
      if (!in(i, j)) {
        if (!same_bits(before(i, j), got(i, j)))
          return ::testing::AssertionFailure() << "(" << i << "," << j << ") outside the update was written";
        continue;
      }
      const auto [value, mag] = expect(i, j);
      const long double err = magnitude(widen(got(i, j)) - value);
      if (!(err <= tol * mag + std::numeric_limits<long double>::min()))
        return ::testing::AssertionFailure()
               << "(" << i << "," << j << ") error " << double(err) << " > " << tol << " * "
               << double(mag);
    }
  return padding_intact(before, got);
}

template <class T>
double tolerance(int depth) { return 8.0 * epsilon<T>() * (depth + 4); }

// alpha * sum + beta * c0 (beta == 0: c0 not used) and its magnitude bound.
template <class T>
std::pair<Wide<T>, long double> combine(T alpha, Wide<T> sum, long double sum_mag, T beta, T c0) {
  Wide<T> v = widen(alpha) * sum;
  long double mag = magnitude(widen(alpha)) * sum_mag;
  if (!is_zero(beta)) {
    v += widen(beta) * widen(c0);
    mag += magnitude(widen(beta)) * magnitude(widen(c0));
  }
  return {v, mag};
}

// ------------------------------------------------------------------ CBLAS calls
CBLAS_LAYOUT layout_of(bool rm) { return rm ? CblasRowMajor : CblasColMajor; }

template <class T>
void call_gemm(bool rm, Op ta, Op tb, int m, int n, int k, T alpha, const Mat<T> &a,
               const Mat<T> &b, T beta, Mat<T> &c) {
  const CBLAS_LAYOUT L = layout_of(rm);
  if constexpr (std::is_same_v<T, cf>)
    cblas_cgemm(L, cblas_op(ta), cblas_op(tb), m, n, k, &alpha, a.data.data(), a.ld,
                b.data.data(), b.ld, &beta, c.data.data(), c.ld);
  else
    cblas_zgemm(L, cblas_op(ta), cblas_op(tb), m, n, k, &alpha, a.data.data(), a.ld,
                b.data.data(), b.ld, &beta, c.data.data(), c.ld);
}

template <class T>
void call_gemmt(bool rm, CBLAS_UPLO u, Op ta, Op tb, int n, int k, T alpha, const Mat<T> &a,
                const Mat<T> &b, T beta, Mat<T> &c) {
  const CBLAS_LAYOUT L = layout_of(rm);
  const auto A = a.data.data(), B = b.data.data();
  const auto C = c.data.data();
  if constexpr (std::is_same_v<T, float>)
    cblas_sgemmt(L, u, cblas_op(ta), cblas_op(tb), n, k, alpha, A, a.ld, B, b.ld, beta, C, c.ld);
  else if constexpr (std::is_same_v<T, double>)
    cblas_dgemmt(L, u, cblas_op(ta), cblas_op(tb), n, k, alpha, A, a.ld, B, b.ld, beta, C, c.ld);
  else if constexpr (std::is_same_v<T, cf>)
    cblas_cgemmt(L, u, cblas_op(ta), cblas_op(tb), n, k, &alpha, A, a.ld, B, b.ld, &beta, C,
                 c.ld);
  else
    cblas_zgemmt(L, u, cblas_op(ta), cblas_op(tb), n, k, &alpha, A, a.ld, B, b.ld, &beta, C,
                 c.ld);
}

// herm selects ?herk (alpha, beta real: their real parts are passed).
template <class T>
void call_syrk(bool herm, bool rm, CBLAS_UPLO u, Op t, int n, int k, T alpha, const Mat<T> &a,
               T beta, Mat<T> &c) {
  const CBLAS_LAYOUT L = layout_of(rm);
  const auto A = a.data.data();
  const auto C = c.data.data();
  if constexpr (std::is_same_v<T, float>)
    cblas_ssyrk(L, u, cblas_op(t), n, k, alpha, A, a.ld, beta, C, c.ld);
  else if constexpr (std::is_same_v<T, double>)
    cblas_dsyrk(L, u, cblas_op(t), n, k, alpha, A, a.ld, beta, C, c.ld);
  else if constexpr (std::is_same_v<T, cf>) {
    if (herm) cblas_cherk(L, u, cblas_op(t), n, k, alpha.real(), A, a.ld, beta.real(), C, c.ld);
    else cblas_csyrk(L, u, cblas_op(t), n, k, &alpha, A, a.ld, &beta, C, c.ld);
  } else {
    if (herm) cblas_zherk(L, u, cblas_op(t), n, k, alpha.real(), A, a.ld, beta.real(), C, c.ld);
    else cblas_zsyrk(L, u, cblas_op(t), n, k, &alpha, A, a.ld, &beta, C, c.ld);
  }
}

template <class T>
void call_syr2k(bool herm, bool rm, CBLAS_UPLO u, Op t, int n, int k, T alpha, const Mat<T> &a,
                const Mat<T> &b, T beta, Mat<T> &c) {
  const CBLAS_LAYOUT L = layout_of(rm);
  const auto A = a.data.data(), B = b.data.data();
  const auto C = c.data.data();
  if constexpr (std::is_same_v<T, float>)
    cblas_ssyr2k(L, u, cblas_op(t), n, k, alpha, A, a.ld, B, b.ld, beta, C, c.ld);
  else if constexpr (std::is_same_v<T, double>)
    cblas_dsyr2k(L, u, cblas_op(t), n, k, alpha, A, a.ld, B, b.ld, beta, C, c.ld);
  else if constexpr (std::is_same_v<T, cf>) {
    if (herm) cblas_cher2k(L, u, cblas_op(t), n, k, &alpha, A, a.ld, B, b.ld, beta.real(), C, c.ld);
    else cblas_csyr2k(L, u, cblas_op(t), n, k, &alpha, A, a.ld, B, b.ld, &beta, C, c.ld);
  } else {
    if (herm) cblas_zher2k(L, u, cblas_op(t), n, k, &alpha, A, a.ld, B, b.ld, beta.real(), C, c.ld);
    else cblas_zsyr2k(L, u, cblas_op(t), n, k, &alpha, A, a.ld, B, b.ld, &beta, C, c.ld);
  }
}

template <class T>
void call_symm(bool herm, bool rm, CBLAS_SIDE s, CBLAS_UPLO u, int m, int n, T alpha,
               const Mat<T> &a, const Mat<T> &b, T beta, Mat<T> &c) {
  const CBLAS_LAYOUT L = layout_of(rm);
  const auto A = a.data.data(), B = b.data.data();
  const auto C = c.data.data();
  if constexpr (std::is_same_v<T, float>)
    cblas_ssymm(L, s, u, m, n, alpha, A, a.ld, B, b.ld, beta, C, c.ld);
  else if constexpr (std::is_same_v<T, double>)
    cblas_dsymm(L, s, u, m, n, alpha, A, a.ld, B, b.ld, beta, C, c.ld);
  else if constexpr (std::is_same_v<T, cf>) {
    if (herm) cblas_chemm(L, s, u, m, n, &alpha, A, a.ld, B, b.ld, &beta, C, c.ld);
    else cblas_csymm(L, s, u, m, n, &alpha, A, a.ld, B, b.ld, &beta, C, c.ld);
  } else {
    if (herm) cblas_zhemm(L, s, u, m, n, &alpha, A, a.ld, B, b.ld, &beta, C, c.ld);
    else cblas_zsymm(L, s, u, m, n, &alpha, A, a.ld, B, b.ld, &beta, C, c.ld);
  }
}

template <class T>
void call_tri(bool solve, bool rm, CBLAS_SIDE s, CBLAS_UPLO u, Op t, CBLAS_DIAG d, int m, int n,
              T alpha, const Mat<T> &a, Mat<T> &b) {
  const CBLAS_LAYOUT L = layout_of(rm);
  const CBLAS_TRANSPOSE ct = cblas_op(t);
  const auto A = a.data.data();
  const auto B = b.data.data();
  if constexpr (std::is_same_v<T, float>) {
    if (solve) cblas_strsm(L, s, u, ct, d, m, n, alpha, A, a.ld, B, b.ld);
    else cblas_strmm(L, s, u, ct, d, m, n, alpha, A, a.ld, B, b.ld);
  } else if constexpr (std::is_same_v<T, double>) {
    if (solve) cblas_dtrsm(L, s, u, ct, d, m, n, alpha, A, a.ld, B, b.ld);
    else cblas_dtrmm(L, s, u, ct, d, m, n, alpha, A, a.ld, B, b.ld);
  } else if constexpr (std::is_same_v<T, cf>) {
    if (solve) cblas_ctrsm(L, s, u, ct, d, m, n, &alpha, A, a.ld, B, b.ld);
    else cblas_ctrmm(L, s, u, ct, d, m, n, &alpha, A, a.ld, B, b.ld);
  } else {
    if (solve) cblas_ztrsm(L, s, u, ct, d, m, n, &alpha, A, a.ld, B, b.ld);
    else cblas_ztrmm(L, s, u, ct, d, m, n, &alpha, A, a.ld, B, b.ld);
  }
}

// ------------------------------------------------------------------ fixtures
template <class T>
class Level3 : public ::testing::Test {};
using AllTypes = ::testing::Types<float, double, cf, cd>;
TYPED_TEST_SUITE(Level3, AllTypes);

template <class T>
class Level3Complex : public ::testing::Test {};
using ComplexTypes = ::testing::Types<cf, cd>;
TYPED_TEST_SUITE(Level3Complex, ComplexTypes);

// (alpha, beta) pairs: general, beta == 0, beta == 1, alpha == 0.
template <class T>
std::vector<std::pair<T, T>> scalar_cases() {
  return {{make<T>(0.7, -0.4), make<T>(-0.3, 0.2)},
          {make<T>(1.1, 0.3), T(0)},
          {make<T>(-0.9, 0.5), T(1)},
          {T(0), make<T>(0.6, -0.1)}};
}

struct Dims {
  int m, n, k;
};
// Small, odd, and past the engine's thresholds (64, 128, 256).
const Dims kDims[] = {{1, 1, 1}, {7, 5, 3}, {33, 9, 65}, {65, 70, 7}, {130, 33, 300},
                      {31, 300, 17}};

// call(c) on one thread, and on two from the same C; c keeps the first.
template <class T, class Call>
::testing::AssertionResult same_on_one_and_two_threads(Mat<T> &c, const Call &call) {
  Mat<T> c2 = c;
  tileblas_set_num_threads(1);
  call(c);
  tileblas_set_num_threads(2);
  call(c2);
  tileblas_set_num_threads(0);
  if (std::memcmp(c.data.data(), c2.data.data(), sizeof(T) * c.data.size()) == 0)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "1 and 2 threads differ";
}

// ------------------------------------------------------------------ GEMM (complex)
// Element (i, j) of alpha op(A) op(B) + beta C0 in long double, with the
// magnitudes that bound its rounding (check_entries' expectation).
template <class T>
auto gemm_expectation(const Mat<T> &a, Op ta, const Mat<T> &b, Op tb, int k, T alpha, T beta,
                      const Mat<T> &c0) {
  return [&a, ta, &b, tb, k, alpha, beta, &c0](int i, int j) {
    Wide<T> s = 0;
    long double mag = 0;
    for (int l = 0; l < k; ++l) {
      const Wide<T> p = mul(op_at(a, ta, i, l), op_at(b, tb, l, j));
      s += p;
      mag += magnitude(p);
    }
    return combine(alpha, s, mag, beta, c0(i, j));
  };
}

TYPED_TEST(Level3Complex, GemmAllTransposes) {
  using T = TypeParam;
  std::mt19937 rng(1);
  const Op ops[] = {Op::N, Op::T, Op::C};
  for (const Dims d : kDims)
    for (bool rm : {false, true})
      for (Op ta : ops)
        for (Op tb : ops)
          for (auto [alpha, beta] : scalar_cases<T>()) {
            if ((d.m * d.n > 2000) && !(alpha == scalar_cases<T>()[0].first)) continue;
            Mat<T> a(ta == Op::N ? d.m : d.k, ta == Op::N ? d.k : d.m, rm);
            Mat<T> b(tb == Op::N ? d.k : d.n, tb == Op::N ? d.n : d.k, rm);
            Mat<T> c(d.m, d.n, rm);
            a.fill_random(rng), b.fill_random(rng), c.fill_random(rng);
            const Mat<T> c0 = c;
            call_gemm(rm, ta, tb, d.m, d.n, d.k, alpha, a, b, beta, c);
            EXPECT_TRUE(check_entries(c0, c, [](int, int) { return true; },
                                      gemm_expectation(a, ta, b, tb, d.k, alpha, beta, c0),
                                      tolerance<T>(d.k)))
                << "m=" << d.m << " n=" << d.n << " k=" << d.k << " " << op_name(ta)
                << op_name(tb) << " row_major=" << rm;
          }
}

// Past every cache block of the complex kernels (MC 128-192, KC 192-256,
// cgemm NC 1026) with conjugates on either side; 1 and 2 threads must give
// the same bits (depth blocks and register tiles do not depend on the split).
TYPED_TEST(Level3Complex, GemmPastCacheBlocks) {
  using T = TypeParam;
  std::mt19937 rng(9);
  const int m = 200, n = 1050, k = 270;
  const std::pair<Op, Op> pairs[] = {{Op::N, Op::N}, {Op::C, Op::T}, {Op::T, Op::C}};
  for (auto [ta, tb] : pairs) {
    const auto [alpha, beta] = scalar_cases<T>()[int(ta) % 3];
    Mat<T> a(ta == Op::N ? m : k, ta == Op::N ? k : m, false);
    Mat<T> b(tb == Op::N ? k : n, tb == Op::N ? n : k, false);
    Mat<T> c(m, n, false);
    a.fill_random(rng), b.fill_random(rng), c.fill_random(rng);
    const Mat<T> c0 = c;
    EXPECT_TRUE(same_on_one_and_two_threads(c, [&](Mat<T> &out) {
      call_gemm(false, ta, tb, m, n, k, alpha, a, b, beta, out);
    })) << op_name(ta) << op_name(tb);
    EXPECT_TRUE(check_entries(c0, c, [](int, int) { return true; },
                              gemm_expectation(a, ta, b, tb, k, alpha, beta, c0), tolerance<T>(k)))
        << op_name(ta) << op_name(tb);
  }
}

// Small complex GEMM runs unpacked (op(B) and a column-major op(A) read in
// place), except where an operand read in place along the depth has a
// stride of a multiple of 2 KiB (it would thrash L1): then it packs.  The
// two paths must give the same bits for every conjugation, and with beta = 0
// neither reads C.
TYPED_TEST(Level3Complex, SmallGemmUnpackedAndPackedGiveTheSameBits) {
  using T = TypeParam;
  std::mt19937 rng(5);
  const int far = int(2048 / sizeof(T));
  const Op ops[] = {Op::N, Op::T, Op::C};
  for (int m : {1, 3, 4, 5, 9, 17})
    for (int n : {1, 2, 4, 7})
      for (int k : {9, 40, 300})
        for (Op ta : ops)
          for (Op tb : ops) {
            // The packed call's far stride goes to A's columns, or else to op(B) = B^T's rows.
            if (ta != Op::N && tb == Op::N) continue;
            const bool a_far = ta == Op::N;
            const int ar = ta == Op::N ? m : k, ac = ta == Op::N ? k : m;
            const int br = tb == Op::N ? k : n, bc = tb == Op::N ? n : k;
            Mat<T> a(ar, ac, false), b(br, bc, false), c(m, n, false);
            Mat<T> a2(ar, ac, false, a_far ? far : 0), b2(br, bc, false, a_far ? 0 : far);
            a.fill_random(rng), b.fill_random(rng);
            for (int j = 0; j < ac; ++j)
              for (int i = 0; i < ar; ++i) a2(i, j) = a(i, j);
            for (int j = 0; j < bc; ++j)
              for (int i = 0; i < br; ++i) b2(i, j) = b(i, j);
            for (auto [alpha, beta] : scalar_cases<T>()) {
              if (beta == T(0))
                c.fill(make<T>(std::nan(""), 0));
              else
                c.fill_random(rng);
              Mat<T> c2 = c;
              const Mat<T> c0 = c;
              call_gemm(false, ta, tb, m, n, k, alpha, a, b, beta, c);
              call_gemm(false, ta, tb, m, n, k, alpha, a2, b2, beta, c2);
              const auto where = [&] {
                return ::testing::Message() << "m=" << m << " n=" << n << " k=" << k << " "
                                            << op_name(ta) << op_name(tb);
              };
              EXPECT_TRUE(check_entries(c0, c, [](int, int) { return true; },
                                        gemm_expectation(a, ta, b, tb, k, alpha, beta, c0),
                                        tolerance<T>(k)))
                  << where();
              bool same = true;
              for (int j = 0; j < n; ++j)
                for (int i = 0; i < m; ++i) same = same && same_bits(c(i, j), c2(i, j));
              EXPECT_TRUE(same) << where();
            }
          }
}

// ------------------------------------------------------------------ GEMMT
TYPED_TEST(Level3, Gemmt) {
  using T = TypeParam;
  std::mt19937 rng(2);
  for (const Dims d : kDims)
    for (bool rm : {false, true})
      for (CBLAS_UPLO u : {CblasUpper, CblasLower})
        for (Op ta : {Op::N, Op::T, Op::C})
          for (Op tb : {Op::N, Op::T}) {
            const int n = d.m, k = d.k;
            const auto [alpha, beta] = scalar_cases<T>()[(n + int(ta)) % 3];
            Mat<T> a(ta == Op::N ? n : k, ta == Op::N ? k : n, rm);
            Mat<T> b(tb == Op::N ? k : n, tb == Op::N ? n : k, rm);
            Mat<T> c(n, n, rm);
            a.fill_random(rng), b.fill_random(rng), c.fill_random(rng);
            const Mat<T> c0 = c;
            call_gemmt(rm, u, ta, tb, n, k, alpha, a, b, beta, c);
            auto in = [u](int i, int j) { return u == CblasUpper ? i <= j : i >= j; };
            EXPECT_TRUE(check_entries(c0, c, in,
                                      gemm_expectation(a, ta, b, tb, k, alpha, beta, c0),
                                      tolerance<T>(k)))
                << "n=" << n << " k=" << k << " uplo=" << u << " " << op_name(ta) << op_name(tb)
                << " row_major=" << rm;
          }
}

// ------------------------------------------------------------------ SYRK / HERK
template <class T>
void rank_k_case(bool two, bool herm, bool rm, CBLAS_UPLO u, Op t, int n, int k, T alpha, T beta,
                 std::mt19937 &rng, bool nan_c = false) {
  Mat<T> a(t == Op::N ? n : k, t == Op::N ? k : n, rm), b = a;
  Mat<T> c(n, n, rm);
  a.fill_random(rng), b.fill_random(rng), c.fill_random(rng);
  if (nan_c) c.fill(make<T>(NAN, NAN));
  if (herm) {  // hermitian scalars: beta real (her2k, herk), alpha real (herk)
    beta = make<T>(std::real(beta), 0);
    if (!two) alpha = make<T>(std::real(alpha), 0);
  }
  const Mat<T> c0 = c;
  if (two) call_syr2k(herm, rm, u, t, n, k, alpha, a, b, beta, c);
  else call_syrk(herm, rm, u, t, n, k, alpha, a, beta, c);
  // X = op(A), Y = op(B), both n x k; op(A)(i, l) with op = N or the transpose.
  const Op xo = t == Op::N ? Op::N : t;
  auto x = [&](int i, int l) { return op_at(a, xo, i, l); };
  auto y = [&](int i, int l) { return op_at(b, xo, i, l); };
  auto flip = [&](Wide<T> v) { return herm ? conj_w(v) : v; };
  auto in = [u](int i, int j) { return u == CblasUpper ? i <= j : i >= j; };
  auto expect = [&](int i, int j) {
    Wide<T> s = 0, s2 = 0;
    long double mag = 0;
    for (int l = 0; l < k; ++l) {
      const Wide<T> p = mul(x(i, l), flip(two ? y(j, l) : x(j, l)));
      s += p;
      mag += magnitude(p);
      if (two) {
        const Wide<T> q = mul(y(i, l), flip(x(j, l)));
        s2 += q;
        mag += magnitude(q);
      }
    }
    // her2k: alpha X Y^H + conj(alpha) Y X^H
    Wide<T> v = widen(alpha) * s + (herm ? conj_w(widen(alpha)) : widen(alpha)) * s2;
    long double m = magnitude(widen(alpha)) * mag;
    if (!is_zero(beta)) {
      Wide<T> c_in = widen(c0(i, j));
      if (herm && i == j) c_in = Wide<T>(std::real(c_in));
      v += widen(beta) * c_in;
      m += magnitude(widen(beta)) * magnitude(c_in);
    }
    if (herm && i == j) v = Wide<T>(std::real(v));
    return std::pair<Wide<T>, long double>(v, m);
  };
  const bool quick = (is_zero(alpha) || k == 0) && beta == T(1);
  if (quick) {
    EXPECT_TRUE(check_entries(c0, c, [](int, int) { return false; }, expect, 0.0));
    return;
  }
  EXPECT_TRUE(check_entries(c0, c, in, expect, tolerance<T>(2 * k)))
      << (two ? "syr2k" : "syrk") << " herm=" << herm << " n=" << n << " k=" << k
      << " uplo=" << u << " trans=" << op_name(t) << " row_major=" << rm;
  if (herm) {
    for (int i = 0; i < n; ++i) EXPECT_EQ(std::imag(c(i, i)), 0) << "diagonal " << i;
  }
}

template <class T>
void rank_k_all(bool two, bool herm) {
  std::mt19937 rng(3);
  const Op second = herm ? Op::C : Op::T;
  for (const Dims d : kDims)
    for (bool rm : {false, true})
      for (CBLAS_UPLO u : {CblasUpper, CblasLower})
        for (Op t : {Op::N, second})
          for (auto [alpha, beta] : scalar_cases<T>()) {
            if (d.m > 100 && !(alpha == scalar_cases<T>()[0].first)) continue;
            rank_k_case<T>(two, herm, rm, u, t, d.m, d.k, alpha, beta, rng);
          }
}

TYPED_TEST(Level3, Syrk) { rank_k_all<TypeParam>(false, false); }
TYPED_TEST(Level3, Syr2k) { rank_k_all<TypeParam>(true, false); }
TYPED_TEST(Level3Complex, Herk) { rank_k_all<TypeParam>(false, true); }
TYPED_TEST(Level3Complex, Her2k) { rank_k_all<TypeParam>(true, true); }

TYPED_TEST(Level3, RankKBetaZeroIgnoresNaN) {
  using T = TypeParam;
  std::mt19937 rng(4);
  for (bool herm : {false, Traits<T>::complex})
    for (bool two : {false, true})
      rank_k_case<T>(two, herm, false, CblasLower, Op::N, 150, 20, make<T>(0.5, 0.25), T(0), rng,
                     true);
}

// Element (i, j) of X src (left) or src X (right), X the na x na matrix
// x(i, l) gives, in long double, with the magnitude that bounds its rounding.
template <class T, class X>
std::pair<Wide<T>, long double> side_product(CBLAS_SIDE s, int na, const X &x, const Mat<T> &src,
                                             int i, int j) {
  Wide<T> acc = 0;
  long double mag = 0;
  for (int l = 0; l < na; ++l) {
    const Wide<T> p =
        s == CblasLeft ? mul(x(i, l), widen(src(l, j))) : mul(widen(src(i, l)), x(l, j));
    acc += p;
    mag += magnitude(p);
  }
  return {acc, mag};
}

// ------------------------------------------------------------------ SYMM / HEMM
// A (na x na) with NaN in its unused triangle (it must not be read).
template <class T>
Mat<T> symmetric_operand(std::mt19937 &rng, int na, bool rm, CBLAS_UPLO u) {
  Mat<T> a(na, na, rm);
  a.fill_random(rng);
  for (int j = 0; j < na; ++j)
    for (int i = 0; i < na; ++i)
      if (u == CblasUpper ? i > j : i < j) a(i, j) = make<T>(NAN, NAN);
  return a;
}

// Whether C (from C0) holds alpha Full B + beta C0 (left) or alpha B Full +
// beta C0 (right), Full the symmetric (hermitian) matrix A's `u` triangle
// stands for.
template <class T>
::testing::AssertionResult symm_matches(bool herm, CBLAS_SIDE s, CBLAS_UPLO u, int m, int n,
                                        T alpha, const Mat<T> &a, const Mat<T> &b, T beta,
                                        const Mat<T> &c0, const Mat<T> &c) {
  const int na = s == CblasLeft ? m : n;
  auto sym = [&](int i, int j) {
    const bool stored = u == CblasUpper ? i <= j : i >= j;
    Wide<T> v = stored ? widen(a(i, j)) : widen(a(j, i));
    if (herm && !stored) v = conj_w(v);
    if (herm && i == j) v = Wide<T>(std::real(v));
    return v;
  };
  auto expect = [&](int i, int j) {
    const auto [acc, mag] = side_product(s, na, sym, b, i, j);
    return combine(alpha, acc, mag, beta, c0(i, j));
  };
  return check_entries(c0, c, [](int, int) { return true; }, expect, tolerance<T>(na));
}

template <class T>
void symm_all(bool herm) {
  std::mt19937 rng(5);
  for (const Dims d : kDims)
    for (bool rm : {false, true})
      for (CBLAS_SIDE s : {CblasLeft, CblasRight})
        for (CBLAS_UPLO u : {CblasUpper, CblasLower})
          for (auto [alpha, beta] : scalar_cases<T>()) {
            const int m = d.m, n = d.n, na = s == CblasLeft ? m : n;
            if (m * n > 2000 && !(alpha == scalar_cases<T>()[0].first)) continue;
            const Mat<T> a = symmetric_operand<T>(rng, na, rm, u);
            Mat<T> b(m, n, rm), c(m, n, rm);
            b.fill_random(rng), c.fill_random(rng);
            const Mat<T> c0 = c;
            call_symm(herm, rm, s, u, m, n, alpha, a, b, beta, c);
            EXPECT_TRUE(symm_matches(herm, s, u, m, n, alpha, a, b, beta, c0, c))
                << "herm=" << herm << " m=" << m << " n=" << n << " side=" << s << " uplo=" << u
                << " row_major=" << rm;
          }
}

TYPED_TEST(Level3, Symm) { symm_all<TypeParam>(false); }
TYPED_TEST(Level3Complex, Hemm) { symm_all<TypeParam>(true); }

// Past the small-problem threshold and across depth blocks (KC 320-384 at
// na = 777), where real SYMM packs the symmetric matrix from its stored
// triangle (symmetric_operand.hpp): both sides, triangles and layouts, beta
// 0 over NaN in C, 1 and 2 threads bitwise the same.
TYPED_TEST(Level3, SymmPastCacheBlocks) {
  using T = TypeParam;
  std::mt19937 rng(15);
  const int na = 777, other = 61;
  int run = 0;
  for (bool rm : {false, true})
    for (CBLAS_SIDE s : {CblasLeft, CblasRight})
      for (CBLAS_UPLO u : {CblasUpper, CblasLower}) {
        const auto [alpha, beta] = scalar_cases<T>()[run++ % 3];
        const int m = s == CblasLeft ? na : other, n = s == CblasLeft ? other : na;
        const Mat<T> a = symmetric_operand<T>(rng, na, rm, u);
        Mat<T> b(m, n, rm), c(m, n, rm);
        b.fill_random(rng);
        if (beta == T(0)) c.fill(make<T>(NAN, NAN));
        else c.fill_random(rng);
        const Mat<T> c0 = c;
        EXPECT_TRUE(same_on_one_and_two_threads(c, [&](Mat<T> &out) {
          call_symm(false, rm, s, u, m, n, alpha, a, b, beta, out);
        })) << "side=" << s << " uplo=" << u << " row_major=" << rm;
        EXPECT_TRUE(symm_matches(false, s, u, m, n, alpha, a, b, beta, c0, c))
            << "side=" << s << " uplo=" << u << " row_major=" << rm;
      }
}

// ------------------------------------------------------------------ TRMM / TRSM
template <class T>
void triangular_all(bool solve) {
  std::mt19937 rng(6);
  for (const Dims d : kDims)
    for (bool rm : {false, true})
      for (CBLAS_SIDE s : {CblasLeft, CblasRight})
        for (CBLAS_UPLO u : {CblasUpper, CblasLower})
          for (Op t : {Op::N, Op::T, Op::C})
            for (CBLAS_DIAG dg : {CblasNonUnit, CblasUnit}) {
              const int m = d.m, n = d.n, na = s == CblasLeft ? m : n;
              const T alpha = (m + n + int(t)) % 4 == 0 ? T(1) : make<T>(0.8, -0.6);
              Mat<T> a(na, na, rm), b(m, n, rm);
              // Well conditioned: small off-diagonal entries, diagonal near 1.
              a.fill_random(rng, 1.0 / na);
              for (int i = 0; i < na; ++i) a(i, i) = make<T>(1.0 + 0.25 * (i % 3), 0.25);
              for (int j = 0; j < na; ++j)
                for (int i = 0; i < na; ++i) {
                  const bool outside = u == CblasUpper ? i > j : i < j;
                  if (outside || (i == j && dg == CblasUnit)) a(i, j) = make<T>(NAN, NAN);
                }
              b.fill_random(rng);
              const Mat<T> b0 = b;
              call_tri(solve, rm, s, u, t, dg, m, n, alpha, a, b);
              // op(A)(i, l) with the triangle, unit diagonal and zeros made explicit.
              auto tri = [&](int i, int j) -> Wide<T> {
                if (i == j && dg == CblasUnit) return Wide<T>(1);
                const bool inside = u == CblasUpper ? i <= j : i >= j;
                return inside ? widen(a(i, j)) : Wide<T>(0);
              };
              auto op_tri = [&](int i, int l) {
                if (t == Op::N) return tri(i, l);
                return t == Op::C ? conj_w(tri(l, i)) : tri(l, i);
              };
              // TRMM: B = alpha op(A) B0 entry by entry.  TRSM: the residual
              // op(A) X (or X op(A)) against alpha B0.
              const Mat<T> &src = solve ? b : b0;
              auto product = [&](int i, int j) { return side_product(s, na, op_tri, src, i, j); };
              const std::string ctx = std::string(solve ? "trsm" : "trmm") + " m=" +
                                      std::to_string(m) + " n=" + std::to_string(n) +
                                      " side=" + std::to_string(s) + " uplo=" +
                                      std::to_string(u) + " trans=" + op_name(t) + " diag=" +
                                      std::to_string(dg) + " row_major=" + std::to_string(rm);
              if (!solve) {
                auto expect = [&](int i, int j) {
                  auto [v, mag] = product(i, j);
                  return std::pair<Wide<T>, long double>(widen(alpha) * v,
                                                         magnitude(widen(alpha)) * mag);
                };
                EXPECT_TRUE(check_entries(b0, b, [](int, int) { return true; }, expect,
                                          tolerance<T>(na)))
                    << ctx;
                continue;
              }
              bool ok = true;
              for (int j = 0; j < n && ok; ++j)
                for (int i = 0; i < m && ok; ++i) {
                  const auto [v, mag] = product(i, j);
                  const long double err = magnitude(v - widen(alpha) * widen(b0(i, j)));
                  ok = err <= tolerance<T>(na) * (mag + magnitude(widen(b0(i, j))));
                  EXPECT_TRUE(ok) << ctx << " residual at (" << i << "," << j << ") "
                                  << double(err);
                }
              EXPECT_TRUE(padding_intact(b0, b)) << ctx;
            }
}

TYPED_TEST(Level3, Trmm) { triangular_all<TypeParam>(false); }

// An Inf in B meets only the triangle's elements, as in the reference
// loops: B := L B with L lower, B(1, :) = Inf leaves B(0, :) = L(0,0) B(0, :)
// exactly (a dense product with L's zero upper part would give 0 * Inf =
// NaN there).  Several widths and block sizes of the leaf and its GEMM.
TYPED_TEST(Level3, TrmmInfMeetsOnlyTheTriangle) {
  using T = TypeParam;
  std::mt19937 rng(12);
  for (int m : {3, 16, 40, 64, 100})
    for (int n : {1, 7, 130}) {
      Mat<T> a(m, m, false), b(m, n, false);
      a.fill_random(rng), b.fill_random(rng);
      for (int j = 0; j < n; ++j) b(1, j) = T(INFINITY);
      const Mat<T> b0 = b;
      call_tri(false, false, CblasLeft, CblasLower, Op::N, CblasNonUnit, m, n, T(1), a, b);
      for (int j = 0; j < n; ++j) {
        // Row 0: one product, L(0,0) B(0,j), rounded as the library does.
        const T want = T(1) * (a(0, 0) * b0(0, j));
        EXPECT_TRUE(std::isfinite(std::real(b(0, j))) && std::isfinite(std::imag(b(0, j))))
            << "m=" << m << " n=" << n << " column " << j;
        EXPECT_NEAR(std::abs(b(0, j) - want), 0.0, 4 * std::abs(want) * 1e-6);
      }
    }
}
// The right side: B := B L with B(:, 1) = Inf.  Column j of the result
// sums B(:, p) L(p, j) over p >= j only, so columns 2.. stay finite, and the
// last is one product, B(:, n-1) L(n-1, n-1).  Rows of whole register tiles
// (16, 64) and partial ones.
TYPED_TEST(Level3, TrmmRightInfMeetsOnlyTheTriangle) {
  using T = TypeParam;
  std::mt19937 rng(13);
  for (int m : {3, 16, 40, 64, 100})
    for (int n : {3, 7, 64, 130}) {
      Mat<T> a(n, n, false), b(m, n, false);
      a.fill_random(rng), b.fill_random(rng);
      for (int i = 0; i < m; ++i) b(i, 1) = T(INFINITY);
      const Mat<T> b0 = b;
      call_tri(false, false, CblasRight, CblasLower, Op::N, CblasNonUnit, m, n, T(1), a, b);
      for (int i = 0; i < m; ++i) {
        for (int j = 2; j < n; ++j)
          EXPECT_TRUE(std::isfinite(std::real(b(i, j))) && std::isfinite(std::imag(b(i, j))))
              << "m=" << m << " n=" << n << " (" << i << ", " << j << ")";
        const T want = T(1) * (b0(i, n - 1) * a(n - 1, n - 1));
        EXPECT_NEAR(std::abs(b(i, n - 1) - want), 0.0, 4 * std::abs(want) * 1e-6);
      }
    }
}
TYPED_TEST(Level3, Trsm) { triangular_all<TypeParam>(true); }

// ------------------------------------------------------------------ special scalars
// alpha == 0: A and B are not read (NaN there), C = beta C; beta == 0: C
// is not read (NaN there does not survive).
TYPED_TEST(Level3, AlphaZeroReadsNoOperands) {
  using T = TypeParam;
  const int n = 70;
  Mat<T> a(n, n, false), b(n, n, false), c(n, n, false);
  a.fill(make<T>(NAN, NAN));
  b.fill(make<T>(NAN, NAN));
  for (bool rm : {false, true}) {
    c.fill(T(2));
    call_symm(false, rm, CblasLeft, CblasUpper, n, n, T(0), a, b, make<T>(0.5, 0), c);
    call_gemmt(rm, CblasLower, Op::N, Op::T, n, n, T(0), a, b, make<T>(0.5, 0), c);
    call_syr2k(false, rm, CblasUpper, Op::N, n, n, T(0), a, b, make<T>(0.5, 0), c);
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        // symm halves everything; gemmt/syr2k halve their triangles once more.
        const double want = 1.0 * (i >= j ? 0.5 : 1.0) * (i <= j ? 0.5 : 1.0);
        ASSERT_EQ(c(i, j), make<T>(want, 0)) << i << "," << j;
      }
    for (bool solve : {false, true}) {
      Mat<T> bb(n, n, rm);
      bb.fill(make<T>(NAN, NAN));
      call_tri(solve, rm, CblasRight, CblasLower, Op::T, CblasNonUnit, n, n, T(0), a, bb);
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) ASSERT_EQ(bb(i, j), T(0)) << "solve=" << solve;
    }
  }
}

TYPED_TEST(Level3, BetaZeroOverwritesNaN) {
  using T = TypeParam;
  std::mt19937 rng(7);
  const int n = 140;
  Mat<T> a(n, n, false), b(n, n, false), c(n, n, false);
  a.fill_random(rng), b.fill_random(rng);
  c.fill(make<T>(NAN, NAN));
  call_symm(false, false, CblasRight, CblasLower, n, n, T(1), a, b, T(0), c);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) ASSERT_TRUE(std::isfinite(std::abs(c(i, j)))) << i << "," << j;
  if constexpr (Traits<T>::complex) {
    c.fill(make<T>(NAN, NAN));
    call_gemm(true, Op::C, Op::T, n, n, n, T(1), a, b, T(0), c);
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) ASSERT_TRUE(std::isfinite(std::abs(c(i, j)))) << i << "," << j;
  }
}

// ------------------------------------------------------------------ Fortran ABI
// Lower-case option letters, hidden lengths; the result must equal the
// CBLAS column-major call's bit for bit (the same engine path).
TEST(Level3Fortran, MatchesCblas) {
  std::mt19937 rng(8);
  {
    const int n = 37, k = 12;
    Mat<double> a(n, k, false), c1(n, n, false);
    a.fill_random(rng), c1.fill_random(rng);
    Mat<double> c2 = c1;
    const double alpha = 0.5, beta = -1.5;
    dsyrk_("l", "n", &n, &k, &alpha, a.data.data(), &a.ld, &beta, c1.data.data(), &c1.ld, 1, 1);
    call_syrk(false, false, CblasLower, Op::N, n, k, alpha, a, beta, c2);
    EXPECT_EQ(c1.data, c2.data) << "dsyrk_";
  }
  {
    const int m = 20, n = 90;
    Mat<cd> a(n, n, false), b1(m, n, false);
    a.fill_random(rng, 0.05), b1.fill_random(rng);
    for (int i = 0; i < n; ++i) a(i, i) = cd(2, 1);
    Mat<cd> b2 = b1;
    const cd alpha(0.5, 2);
    ztrsm_("r", "u", "c", "n", &m, &n, &alpha, a.data.data(), &a.ld, b1.data.data(), &b1.ld, 1,
           1, 1, 1);
    call_tri(true, false, CblasRight, CblasUpper, Op::C, CblasNonUnit, m, n, alpha, a, b2);
    EXPECT_EQ(b1.data, b2.data) << "ztrsm_";
  }
  {
    const int m = 9, n = 11, k = 13;
    Mat<cf> a(k, m, false), b(n, k, false), c1(m, n, false);
    a.fill_random(rng), b.fill_random(rng), c1.fill_random(rng);
    Mat<cf> c2 = c1;
    const cf alpha(1, -1), beta(0.5, 0.5);
    cgemm_("c", "t", &m, &n, &k, &alpha, a.data.data(), &a.ld, b.data.data(), &b.ld, &beta,
           c1.data.data(), &c1.ld, 1, 1);
    call_gemm(false, Op::C, Op::T, m, n, k, alpha, a, b, beta, c2);
    EXPECT_EQ(c1.data, c2.data) << "cgemm_";
  }
  {
    const int n = 21, k = 8;
    Mat<double> a(k, n, false), b(k, n, false), c1(n, n, false);
    a.fill_random(rng), b.fill_random(rng), c1.fill_random(rng);
    Mat<double> c2 = c1;
    const double alpha = 2, beta = 0.25;
    dgemmtr_("u", "t", "n", &n, &k, &alpha, a.data.data(), &a.ld, b.data.data(), &b.ld, &beta,
             c1.data.data(), &c1.ld, 1, 1, 1);
    call_gemmt(false, CblasUpper, Op::T, Op::N, n, k, alpha, a, b, beta, c2);
    EXPECT_EQ(c1.data, c2.data) << "dgemmtr_";
  }
}

// ------------------------------------------------------------------ error reports
TEST(Level3Errors, NetlibNumbers) {
  using tbtest::clear_xerbla_calls;
  using tbtest::xerbla_calls;
  std::vector<double> buf(64, 1.0);
  const int two = 2, four = 4, one = 1, neg = -1;
  const double alpha = 1, beta = 0;
  auto expect_one = [](const char *name, int info, bool cblas) {
    ASSERT_EQ(xerbla_calls().size(), 1u) << name;
    const auto &c = xerbla_calls().front();
    EXPECT_EQ(c.from_cblas, cblas) << name;
    EXPECT_EQ(c.name, name);
    EXPECT_EQ(c.info, info) << name;
  };
  clear_xerbla_calls();
  dsyrk_("x", "n", &two, &two, &alpha, buf.data(), &two, &beta, buf.data(), &two, 1, 1);
  expect_one("DSYRK ", 1, false);
  clear_xerbla_calls();
  dsyrk_("u", "n", &four, &two, &alpha, buf.data(), &two, &beta, buf.data(), &four, 1, 1);
  expect_one("DSYRK ", 7, false);  // LDA < N
  clear_xerbla_calls();
  {
    std::vector<cd> z(64);
    const cd za(1);
    ztrsm_("l", "u", "n", "n", &four, &neg, &za, z.data(), &four, z.data(), &four, 1, 1, 1, 1);
    expect_one("ZTRSM ", 6, false);
    clear_xerbla_calls();
    ztrsm_("r", "u", "n", "n", &four, &two, &za, z.data(), &one, z.data(), &four, 1, 1, 1, 1);
    expect_one("ZTRSM ", 9, false);  // LDA < N for the right side
  }
  clear_xerbla_calls();
  dgemmtr_("u", "n", "n", &two, &two, &alpha, buf.data(), &two, buf.data(), &two, &beta,
           buf.data(), &one, 1, 1, 1);
  ASSERT_EQ(xerbla_calls().size(), 1u);
  EXPECT_EQ(xerbla_calls().front().info, 13);
  EXPECT_EQ(xerbla_calls().front().name, "DGEMMTR");
  // CBLAS: row-major herk rejects CblasTrans as argument 3 (reference cblas_zherk).
  clear_xerbla_calls();
  std::vector<cd> z(64);
  cblas_zherk(CblasRowMajor, CblasUpper, CblasTrans, 2, 2, 1.0, z.data(), 2, 0.0, z.data(), 2);
  expect_one("cblas_zherk", 3, true);
  // Row-major dsymm: the transposed call's numbering (M <-> N), RowMajorStrg set.
  clear_xerbla_calls();
  cblas_dsymm(CblasRowMajor, CblasLeft, CblasUpper, -1, 2, 1.0, buf.data(), 2, buf.data(), 2,
              0.0, buf.data(), 2);
  expect_one("cblas_dsymm", 5, true);
  if (tbtest::have_row_major_strg()) {
    EXPECT_EQ(xerbla_calls().front().row_major_strg, 1);
  }
  clear_xerbla_calls();
  cblas_dtrmm(CblasColMajor, CblasLeft, CblasUpper, CblasNoTrans, CblasUnit, 4, 2, 1.0,
              buf.data(), 3, buf.data(), 4);
  expect_one("cblas_dtrmm", 10, true);
  if (tbtest::have_row_major_strg()) {
    EXPECT_EQ(xerbla_calls().front().row_major_strg, 0);
  }
}

}  // namespace
