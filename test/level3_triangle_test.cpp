// level3_triangle_test.cpp -- real SYRK, GEMMT and SYR2K, which update one
// triangle of C in a single pass of the packed driver (register tiles
// inside, outside and straddling the diagonal).  Sizes sit around the
// register tiles (MR 24/48, NR 8), the MC blocks (192) and the depth blocks
// (KC 384/512); both triangles, both transposes, padded lda/ldc, alpha 0,
// beta 0 over NaN, 1, -1 and 0.5.  Every call runs on 1 and on 2 threads,
// which must agree bit for bit; the result is checked against a long-double
// reference, and every element outside the triangle (and the padding) must
// keep its sentinel bits.
#include <gtest/gtest.h>

#include <cblas.h>
#include <tileblas.h>

#include <cmath>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

enum class Routine { Syrk, Gemmt, Syr2k };

struct Case {
  Routine routine;
  bool upper;
  bool trans_a, trans_b;  // trans_b: GEMMT only (SYRK/SYR2K take one trans)
  int n, k;
  double alpha, beta;
  bool nan_in_c;  // beta == 0: C's triangle holds NaN, which must not survive

  std::string describe() const {
    std::ostringstream s;
    s << (routine == Routine::Syrk ? "syrk" : routine == Routine::Gemmt ? "gemmt" : "syr2k")
      << (upper ? " U " : " L ") << (trans_a ? 'T' : 'N');
    if (routine == Routine::Gemmt) s << (trans_b ? 'T' : 'N');
    s << " n=" << n << " k=" << k << " alpha=" << alpha << " beta=" << beta
      << (nan_in_c ? " (NaN in C)" : "");
    return s.str();
  }
};

// Column-major rows x cols with leading dimension rows + 3.
template <class T>
struct Matrix {
  int rows, cols, ld;
  std::vector<T> data;
  Matrix(int r, int c) : rows(r), cols(c), ld(r + 3), data(std::size_t(ld) * c + 3) {}
  T &at(int i, int j) { return data[i + std::size_t(j) * ld]; }
  T at(int i, int j) const { return data[i + std::size_t(j) * ld]; }
};

template <class T>
Matrix<T> random_matrix(int rows, int cols, std::mt19937 &rng) {
  Matrix<T> m(rows, cols);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (T &v : m.data) v = T(u(rng));
  return m;
}

template <class T>
T sentinel() { return T(-777.25); }

bool in_triangle(bool upper, int i, int j) { return upper ? i <= j : i >= j; }

// C with its triangle random (or NaN) and everything else, padding
// included, set to the sentinel.
template <class T>
Matrix<T> initial_c(const Case &c, std::mt19937 &rng) {
  Matrix<T> m(c.n, c.n);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (T &v : m.data) v = sentinel<T>();
  for (int j = 0; j < c.n; ++j)
    for (int i = 0; i < c.n; ++i)
      if (in_triangle(c.upper, i, j)) m.at(i, j) = c.nan_in_c ? T(NAN) : T(u(rng));
  return m;
}

// op(A) (n x k) as stored: A is n x k, or k x n when transposed.
template <class T>
long double op_at(const Matrix<T> &a, bool trans, int i, int l) {
  return trans ? a.at(l, i) : a.at(i, l);
}

template <class T>
void call(const Case &c, const Matrix<T> &a, const Matrix<T> &b, Matrix<T> &out) {
  const CBLAS_UPLO uplo = c.upper ? CblasUpper : CblasLower;
  const CBLAS_TRANSPOSE ta = c.trans_a ? CblasTrans : CblasNoTrans;
  const CBLAS_TRANSPOSE tb = c.trans_b ? CblasTrans : CblasNoTrans;
  const T alpha = T(c.alpha), beta = T(c.beta);
  if constexpr (std::is_same_v<T, float>) {
    if (c.routine == Routine::Syrk)
      cblas_ssyrk(CblasColMajor, uplo, ta, c.n, c.k, alpha, a.data.data(), a.ld, beta,
                  out.data.data(), out.ld);
    else if (c.routine == Routine::Gemmt)
      cblas_sgemmt(CblasColMajor, uplo, ta, tb, c.n, c.k, alpha, a.data.data(), a.ld,
                   b.data.data(), b.ld, beta, out.data.data(), out.ld);
    else
      cblas_ssyr2k(CblasColMajor, uplo, ta, c.n, c.k, alpha, a.data.data(), a.ld, b.data.data(),
                   b.ld, beta, out.data.data(), out.ld);
  } else {
    if (c.routine == Routine::Syrk)
      cblas_dsyrk(CblasColMajor, uplo, ta, c.n, c.k, alpha, a.data.data(), a.ld, beta,
                  out.data.data(), out.ld);
    else if (c.routine == Routine::Gemmt)
      cblas_dgemmt(CblasColMajor, uplo, ta, tb, c.n, c.k, alpha, a.data.data(), a.ld,
                   b.data.data(), b.ld, beta, out.data.data(), out.ld);
    else
      cblas_dsyr2k(CblasColMajor, uplo, ta, c.n, c.k, alpha, a.data.data(), a.ld, b.data.data(),
                   b.ld, beta, out.data.data(), out.ld);
  }
}

template <class T>
bool same_bits(const std::vector<T> &x, const std::vector<T> &y) {
  return x.size() == y.size() && std::memcmp(x.data(), y.data(), sizeof(T) * x.size()) == 0;
}

// Checks `got` against the long-double reference: within 8 eps (k + 4) of
// the magnitudes involved inside the triangle, the initial bits elsewhere.
template <class T>
::testing::AssertionResult check(const Case &c, const Matrix<T> &a, const Matrix<T> &b,
                                 const Matrix<T> &c0, const Matrix<T> &got) {
  const double eps = std::numeric_limits<T>::epsilon();
  const long double tol = 8.0 * eps * (2 * c.k + 4);
  for (std::size_t e = 0; e < got.data.size(); ++e) {
    const std::size_t j = e / got.ld, i = e % got.ld;
    const bool inside = j < std::size_t(c.n) && i < std::size_t(c.n) && in_triangle(c.upper, i, j);
    if (!inside) {
      if (std::memcmp(&got.data[e], &c0.data[e], sizeof(T)) != 0)
        return ::testing::AssertionFailure()
               << "element (" << i << "," << j << ") outside the triangle was written";
      continue;
    }
    // X = op(A), Y = op(B) (n x k); syrk: X X^T, gemmt: X op(B), syr2k: X Y^T + Y X^T.
    long double sum = 0, mag = 0;
    for (int l = 0; l < c.k; ++l) {
      long double p;
      if (c.routine == Routine::Syrk) {
        p = op_at(a, c.trans_a, i, l) * op_at(a, c.trans_a, j, l);
      } else if (c.routine == Routine::Gemmt) {
        // op(B) is k x n: B k x n, or n x k when transposed.
        p = op_at(a, c.trans_a, i, l) * (c.trans_b ? b.at(j, l) : b.at(l, j));
      } else {
        const long double q = op_at(b, c.trans_a, i, l) * op_at(a, c.trans_a, j, l);
        p = op_at(a, c.trans_a, i, l) * op_at(b, c.trans_a, j, l);
        sum += q;
        mag += std::fabs(q);
      }
      sum += p;
      mag += std::fabs(p);
    }
    long double want = c.alpha * sum, bound = std::fabs(c.alpha) * mag;
    if (c.beta != 0) {
      want += c.beta * (long double)c0.at(i, j);
      bound += std::fabs(c.beta * (long double)c0.at(i, j));
    }
    const long double err = std::fabs(got.at(i, j) - want);
    if (!(err <= tol * bound + std::numeric_limits<T>::min()))
      return ::testing::AssertionFailure() << "C(" << i << "," << j << ") = " << got.at(i, j)
                                           << ", want " << double(want) << " (error "
                                           << double(err) << ")";
  }
  return ::testing::AssertionSuccess();
}

// Runs one case on 1 and 2 threads (the same bits) and checks the result.
template <class T>
void run_case(const Case &c) {
  std::mt19937 rng(c.n * 1009 + c.k);
  const bool b_used = c.routine != Routine::Syrk;
  const int a_rows = c.trans_a ? c.k : c.n, a_cols = c.trans_a ? c.n : c.k;
  // B as stored: GEMMT's op(B) is k x n, SYR2K's B is shaped like A.
  const bool b_is_k_by_n = c.routine == Routine::Gemmt ? !c.trans_b : c.trans_a;
  const Matrix<T> a = random_matrix<T>(a_rows, a_cols, rng);
  const Matrix<T> b = b_used ? random_matrix<T>(b_is_k_by_n ? c.k : c.n, b_is_k_by_n ? c.n : c.k, rng)
                             : Matrix<T>(1, 1);
  const Matrix<T> c0 = initial_c<T>(c, rng);
  Matrix<T> one_thread = c0, two_threads = c0;
  tileblas_set_num_threads(1);
  call(c, a, b, one_thread);
  tileblas_set_num_threads(2);
  call(c, a, b, two_threads);
  tileblas_set_num_threads(0);
  EXPECT_TRUE(same_bits(one_thread.data, two_threads.data))
      << c.describe() << ": 1 and 2 threads differ";
  EXPECT_TRUE(check(c, a, b, c0, one_thread)) << c.describe();
}

// Beta cases: 0 over NaN, 1, -1, 0.5, picked by `index` so every size meets several.
void set_beta(Case &c, int index) {
  static const double betas[] = {0.0, 1.0, -1.0, 0.5};
  c.beta = betas[index % 4];
  c.nan_in_c = c.beta == 0.0;
}

template <class T>
class Triangle : public ::testing::Test {};
using Types = ::testing::Types<float, double>;
TYPED_TEST_SUITE(Triangle, Types);

// n around MR (24, 48), NR (8), MC (192) multiples and primes, small depth.
TYPED_TEST(Triangle, SyrkSizes) {
  int index = 0;
  for (int n : {1, 2, 7, 8, 9, 23, 24, 25, 47, 48, 49, 95, 96, 97, 191, 192, 193, 383, 384, 385,
                1000})
    for (bool upper : {true, false})
      for (bool trans : {false, true}) {
        Case c{Routine::Syrk, upper, trans, false, n, 37, 1.5, 0, false};
        set_beta(c, index++);
        run_case<TypeParam>(c);
      }
}

// Depth around KC (dsyrk 384, ssyrk 512) and past two depth blocks: beta is
// applied on the first depth block only.
TYPED_TEST(Triangle, SyrkDepths) {
  int index = 0;
  for (int k : {1, 2, 383, 384, 385, 511, 512, 513, 1025})
    for (int n : {49, 193})
      for (bool upper : {true, false})
        for (bool trans : {false, true}) {
          Case c{Routine::Syrk, upper, trans, false, n, k, -0.75, 0, false};
          set_beta(c, index++);
          run_case<TypeParam>(c);
        }
}

// Larger than one MC block in both directions, two depth blocks; threads
// split the columns by triangle area.
TYPED_TEST(Triangle, SyrkLarge) {
  int index = 0;
  for (bool upper : {true, false})
    for (bool trans : {false, true}) {
      Case c{Routine::Syrk, upper, trans, false, 1000, 600, 1.0, 0, false};
      set_beta(c, index++);
      run_case<TypeParam>(c);
    }
}

TYPED_TEST(Triangle, Gemmt) {
  int index = 0;
  for (int n : {7, 49, 193, 385})
    for (int k : {5, 513})
      for (bool upper : {true, false})
        for (bool ta : {false, true})
          for (bool tb : {false, true}) {
            Case c{Routine::Gemmt, upper, ta, tb, n, k, 2.0, 0, false};
            set_beta(c, index++);
            run_case<TypeParam>(c);
          }
}

TYPED_TEST(Triangle, Syr2k) {
  int index = 0;
  for (int n : {7, 97, 385})
    for (int k : {5, 385})
      for (bool upper : {true, false})
        for (bool trans : {false, true}) {
          Case c{Routine::Syr2k, upper, trans, false, n, k, 0.5, 0, false};
          set_beta(c, index++);
          run_case<TypeParam>(c);
        }
}

// alpha == 0 scales the triangle only (beta 0: zeros over NaN) and reads
// neither A nor B (NaN there).
TYPED_TEST(Triangle, AlphaZero) {
  using T = TypeParam;
  for (Routine r : {Routine::Syrk, Routine::Gemmt, Routine::Syr2k})
    for (bool upper : {true, false})
      for (double beta : {0.0, 0.5}) {
        Case c{r, upper, false, true, 97, 50, 0.0, beta, beta == 0.0};
        std::mt19937 rng(5);
        Matrix<T> a(c.n, c.k), b(c.n, c.k);
        for (T &v : a.data) v = T(NAN);
        for (T &v : b.data) v = T(NAN);
        const Matrix<T> c0 = initial_c<T>(c, rng);
        Matrix<T> got = c0;
        call(c, a, b, got);
        for (std::size_t e = 0; e < got.data.size(); ++e) {
          const std::size_t j = e / got.ld, i = e % got.ld;
          const bool inside = j < 97u && i < 97u && in_triangle(upper, i, j);
          const T want = !inside ? c0.data[e] : beta == 0.0 ? T(0) : T(beta) * c0.data[e];
          ASSERT_EQ(std::memcmp(&got.data[e], &want, sizeof(T)), 0)
              << c.describe() << " element (" << i << "," << j << ")";
        }
      }
}

}  // namespace
