// level3_triangle_test.cpp -- SYRK, GEMMT, SYR2K (all four types) and HERK
// (complex), which update one triangle of C in a single pass of the packed
// driver (register tiles inside, outside and straddling the diagonal).
// Sizes sit around the register tiles (MR 16-48, NR 6/8), the MC blocks
// (128-192) and the depth blocks (KC 192-512); both triangles, both
// transposes, padded lda/ldc, alpha 0, beta 0 over NaN, 1, -1 and 0.5.  Every call runs on 1 and on 2 threads,
// which must agree bit for bit; the result is checked against a long-double
// reference, and every element outside the triangle (and the padding) must
// keep its sentinel bits.
#include <gtest/gtest.h>

#include <cblas.h>
#include <tileblas.h>

#include <cmath>
#include <complex>
#include <type_traits>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

enum class Routine { Syrk, Gemmt, Syr2k, Herk };  // Herk: complex only

template <class T>
constexpr bool kComplex = !std::is_floating_point_v<T>;
// The reference's arithmetic: long double, complex for complex T.
template <class T>
using Wide = std::conditional_t<kComplex<T>, std::complex<long double>, long double>;

// The scalar a Case's real alpha or beta stands for: complex types get an
// imaginary part too (HERK's scalars stay real).
template <class T>
T scalar(double v, Routine r) {
  if constexpr (kComplex<T>)
    if (r != Routine::Herk) return T(v, v * 0.25);
  return T(v);
}

struct Case {
  Routine routine;
  bool upper;
  bool trans_a, trans_b;  // trans_b: GEMMT only (SYRK/SYR2K take one trans)
  int n, k;
  double alpha, beta;
  bool nan_in_c;  // beta == 0: C's triangle holds NaN, which must not survive

  std::string describe() const {
    std::ostringstream s;
    static const char *names[] = {"syrk", "gemmt", "syr2k", "herk"};
    s << names[int(routine)]
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
  for (T &v : m.data) {
    if constexpr (kComplex<T>) v = T(u(rng), u(rng));
    else v = T(u(rng));
  }
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
      if (in_triangle(c.upper, i, j)) m.at(i, j) = c.nan_in_c ? T(NAN) : T(u(rng)) * scalar<T>(1, c.routine);
  return m;
}

// op(A) (n x k) as stored: A is n x k, or k x n when transposed.
template <class T>
Wide<T> op_at(const Matrix<T> &a, bool trans, int i, int l) {
  return Wide<T>(trans ? a.at(l, i) : a.at(i, l));
}

// x y without the C99 Inf/NaN recovery (a libgcc call per product, which
// made the reference 40x slower than the real types').
template <class W>
W mul(W x, W y) {
  if constexpr (std::is_floating_point_v<W>) return x * y;
  else return {x.real() * y.real() - x.imag() * y.imag(), x.real() * y.imag() + x.imag() * y.real()};
}

// |re| + |im|: bounds the modulus within a factor sqrt(2), without a hypot call.
template <class W>
long double magnitude(W v) {
  if constexpr (std::is_floating_point_v<W>) return std::fabs(v);
  else return std::fabs(v.real()) + std::fabs(v.imag());
}

// The routine of case c for type T (0-3: s, d, c, z); a, b and out column-major.
template <class T>
void call(const Case &c, const Matrix<T> &a, const Matrix<T> &b, Matrix<T> &out) {
  const CBLAS_UPLO uplo = c.upper ? CblasUpper : CblasLower;
  const CBLAS_TRANSPOSE ta =
      !c.trans_a ? CblasNoTrans : c.routine == Routine::Herk ? CblasConjTrans : CblasTrans;
  const CBLAS_TRANSPOSE tb = c.trans_b ? CblasTrans : CblasNoTrans;
  const T alpha = scalar<T>(c.alpha, c.routine), beta = scalar<T>(c.beta, c.routine);
  const CBLAS_LAYOUT L = CblasColMajor;
  const int n = c.n, k = c.k;
  const T *A = a.data.data(), *B = b.data.data();
  T *C = out.data.data();
  if constexpr (std::is_same_v<T, float>) {
    if (c.routine == Routine::Syrk) cblas_ssyrk(L, uplo, ta, n, k, alpha, A, a.ld, beta, C, out.ld);
    if (c.routine == Routine::Gemmt)
      cblas_sgemmt(L, uplo, ta, tb, n, k, alpha, A, a.ld, B, b.ld, beta, C, out.ld);
    if (c.routine == Routine::Syr2k)
      cblas_ssyr2k(L, uplo, ta, n, k, alpha, A, a.ld, B, b.ld, beta, C, out.ld);
  } else if constexpr (std::is_same_v<T, double>) {
    if (c.routine == Routine::Syrk) cblas_dsyrk(L, uplo, ta, n, k, alpha, A, a.ld, beta, C, out.ld);
    if (c.routine == Routine::Gemmt)
      cblas_dgemmt(L, uplo, ta, tb, n, k, alpha, A, a.ld, B, b.ld, beta, C, out.ld);
    if (c.routine == Routine::Syr2k)
      cblas_dsyr2k(L, uplo, ta, n, k, alpha, A, a.ld, B, b.ld, beta, C, out.ld);
  } else if constexpr (std::is_same_v<T, std::complex<float>>) {
    if (c.routine == Routine::Syrk) cblas_csyrk(L, uplo, ta, n, k, &alpha, A, a.ld, &beta, C, out.ld);
    if (c.routine == Routine::Gemmt)
      cblas_cgemmt(L, uplo, ta, tb, n, k, &alpha, A, a.ld, B, b.ld, &beta, C, out.ld);
    if (c.routine == Routine::Syr2k)
      cblas_csyr2k(L, uplo, ta, n, k, &alpha, A, a.ld, B, b.ld, &beta, C, out.ld);
    if (c.routine == Routine::Herk)
      cblas_cherk(L, uplo, ta, n, k, alpha.real(), A, a.ld, beta.real(), C, out.ld);
  } else {
    if (c.routine == Routine::Syrk) cblas_zsyrk(L, uplo, ta, n, k, &alpha, A, a.ld, &beta, C, out.ld);
    if (c.routine == Routine::Gemmt)
      cblas_zgemmt(L, uplo, ta, tb, n, k, &alpha, A, a.ld, B, b.ld, &beta, C, out.ld);
    if (c.routine == Routine::Syr2k)
      cblas_zsyr2k(L, uplo, ta, n, k, &alpha, A, a.ld, B, b.ld, &beta, C, out.ld);
    if (c.routine == Routine::Herk)
      cblas_zherk(L, uplo, ta, n, k, alpha.real(), A, a.ld, beta.real(), C, out.ld);
  }
}

template <class T>
bool same_bits(const std::vector<T> &x, const std::vector<T> &y) {
  return x.size() == y.size() && std::memcmp(x.data(), y.data(), sizeof(T) * x.size()) == 0;
}

// Checks `got` against the long-double reference: within 8 eps (k + 4) of
// the magnitudes involved inside the triangle (twice that for complex
// products), the initial bits elsewhere; HERK's diagonal exactly real.
template <class T>
::testing::AssertionResult check(const Case &c, const Matrix<T> &a, const Matrix<T> &b,
                                 const Matrix<T> &c0, const Matrix<T> &got) {
  const double eps = std::numeric_limits<decltype(std::abs(T()))>::epsilon();
  const long double tol = (kComplex<T> ? 16.0 : 8.0) * eps * (2 * c.k + 4);
  const bool herk = c.routine == Routine::Herk;
  const auto conj_if = [](bool yes, Wide<T> v) {
    if constexpr (kComplex<T>)
      if (yes) return std::conj(v);
    return v;
  };
  // Element (i, l) of X = op(A): HERK's transpose is the conjugate one.
  const auto x = [&](int i, int l) {
    return conj_if(herk && c.trans_a, op_at(a, c.trans_a, i, l));
  };
  for (std::size_t e = 0; e < got.data.size(); ++e) {
    const std::size_t j = e / got.ld, i = e % got.ld;
    const bool inside = j < std::size_t(c.n) && i < std::size_t(c.n) && in_triangle(c.upper, i, j);
    if (!inside) {
      if (std::memcmp(&got.data[e], &c0.data[e], sizeof(T)) != 0)
        return ::testing::AssertionFailure()
               << "element (" << i << "," << j << ") outside the triangle was written";
      continue;
    }
    // X = op(A), Y = op(B) (n x k); syrk: X X^T, herk: X X^H, gemmt: X op(B),
    // syr2k: X Y^T + Y X^T.
    Wide<T> sum = 0;
    long double mag = 0;
    for (int l = 0; l < c.k; ++l) {
      Wide<T> p;
      if (c.routine == Routine::Syrk || herk) {
        p = mul(x(i, l), conj_if(herk, x(j, l)));
      } else if (c.routine == Routine::Gemmt) {
        // op(B) is k x n: B k x n, or n x k when transposed.
        p = mul(x(i, l), Wide<T>(c.trans_b ? b.at(j, l) : b.at(l, j)));
      } else {
        const Wide<T> q = mul(op_at(b, c.trans_a, i, l), x(j, l));
        p = mul(x(i, l), op_at(b, c.trans_a, j, l));
        sum += q;
        mag += magnitude(q);
      }
      sum += p;
      mag += magnitude(p);
    }
    const Wide<T> alpha(scalar<T>(c.alpha, c.routine)), beta(scalar<T>(c.beta, c.routine));
    Wide<T> want = mul(alpha, sum);
    long double bound = magnitude(alpha) * mag;
    if (c.beta != 0) {
      Wide<T> c_in(c0.at(i, j));
      if (herk && i == j) c_in = std::real(c_in);  // HERK reads the diagonal's real part only
      want += mul(beta, c_in);
      bound += magnitude(beta) * magnitude(c_in);
    }
    const long double err = magnitude(Wide<T>(got.at(i, j)) - want);
    if (!(err <= tol * bound + std::numeric_limits<decltype(std::abs(T()))>::min()))
      return ::testing::AssertionFailure() << "C(" << i << "," << j << ") = " << got.at(i, j)
                                           << ", want " << want << " (error " << double(err)
                                           << ")";
    if (herk && i == j && std::imag(got.at(i, j)) != 0)
      return ::testing::AssertionFailure() << "HERK diagonal " << i << " not real";
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
using Types = ::testing::Types<float, double, std::complex<float>, std::complex<double>>;
TYPED_TEST_SUITE(Triangle, Types);

// SYRK, and HERK for complex types.
template <class T>
std::vector<Routine> rank_k_routines() {
  if constexpr (kComplex<T>) return {Routine::Syrk, Routine::Herk};
  return {Routine::Syrk};
}

// n around MR (16-48), NR (6, 8), MC (128, 192) multiples and primes, small depth.
TYPED_TEST(Triangle, SyrkSizes) {
  int index = 0;
  for (Routine r : rank_k_routines<TypeParam>())
    for (int n : {1, 2, 7, 8, 9, 23, 24, 25, 47, 48, 49, 95, 96, 97, 127, 128, 129, 191, 192, 193,
                  383, 384, 385, 1000})
      for (bool upper : {true, false})
        for (bool trans : {false, true}) {
          Case c{r, upper, trans, false, n, 37, 1.5, 0, false};
          set_beta(c, index++);
          run_case<TypeParam>(c);
        }
}

// Depth around KC (zsyrk 192, csyrk 256, dsyrk 384, ssyrk 512) and past two
// depth blocks: beta is applied on the first depth block only.
TYPED_TEST(Triangle, SyrkDepths) {
  int index = 0;
  for (int k : {1, 2, 192, 193, 256, 257, 383, 384, 385, 511, 512, 513, 1025})
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
  for (Routine r : rank_k_routines<TypeParam>())
    for (bool upper : {true, false})
      for (bool trans : {false, true}) {
        // (Complex: 600 x 300 is past MC and KC too, at a fifth of the reference's time.)
        const int n = kComplex<TypeParam> ? 600 : 1000, k = kComplex<TypeParam> ? 300 : 600;
        Case c{r, upper, trans, false, n, k, 1.0, 0, false};
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

// x y as the library (and Fortran) computes it: no C99 Inf/NaN recovery.
template <class T>
T textbook_product(T x, T y) {
  if constexpr (kComplex<T>)
    return {x.real() * y.real() - x.imag() * y.imag(), x.real() * y.imag() + x.imag() * y.real()};
  return x * y;
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
          const T want = !inside ? c0.data[e]
                         : beta == 0.0 ? T(0)
                                       : textbook_product(scalar<T>(beta, r), c0.data[e]);
          ASSERT_EQ(std::memcmp(&got.data[e], &want, sizeof(T)), 0)
              << c.describe() << " element (" << i << "," << j << ")";
        }
      }
}

}  // namespace
