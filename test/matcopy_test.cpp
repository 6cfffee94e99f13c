// matcopy_test.cpp -- ?omatcopy and ?imatcopy (B = alpha * op(A), out of
// place and in place) against a long-double reference: all four types, both
// ABIs, both orders, op = N, T, R, C, odd shapes, padded leading dimensions,
// alpha = 0 (A not read), 1, -2.5 and complex; in place with lda < ldb,
// lda > ldb, square and non-square.  Nothing outside B may change.  Illegal
// arguments: one report through the program's own xerbla_ / cblas_xerbla
// with OpenBLAS's name and number, nothing written; zero rows or cols is a
// quick return.  A temporary that cannot be allocated leaves the matrix
// untouched and says so.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "extensions_calls.h"
#include "xerbla_recorder.h"

namespace {

using namespace exttest;

template <class T>
class Matcopy : public ::testing::Test {};
using Types = ::testing::Types<float, double, c32, c64>;
TYPED_TEST_SUITE(Matcopy, Types);

const int kSizes[] = {1, 3, 17, 64, 100, 257};

bool transposes(char trans) { return trans == 'T' || trans == 'C'; }
bool conjugates(char trans) { return trans == 'C' || trans == 'R'; }

// A rows x cols matrix in `order` with leading dimension ld: index of (i, j).
std::size_t at(char order, int ld, int i, int j) {
  return order == 'C' ? std::size_t(i) + std::size_t(j) * ld : std::size_t(i) * ld + j;
}
// Its leading dimension at the minimum, and the storage it spans.
int min_ld(char order, int rows, int cols) { return std::max(1, order == 'C' ? rows : cols); }
std::size_t span(char order, int rows, int cols, int ld) {
  return order == 'C' ? std::size_t(ld) * cols : std::size_t(ld) * rows;
}

// Checks b (the brows x bcols result, leading dimension ldb) against
// alpha * op(A) and every other element of `out` against `before`.
template <class T>
void expect_result(const std::vector<T> &out, const std::vector<T> &before, const std::vector<T> &a,
                   char order, char trans, int rows, int cols, int lda, int ldb, T alpha,
                   const std::string &what) {
  const bool t = transposes(trans);
  const int brows = t ? cols : rows, bcols = t ? rows : cols;
  std::vector<bool> in_b(out.size(), false);
  for (int j = 0; j < bcols; ++j)
    for (int i = 0; i < brows; ++i) {
      const std::size_t k = at(order, ldb, i, j);
      in_b[k] = true;
      cld aij = widen(t ? a[at(order, lda, j, i)] : a[at(order, lda, i, j)]);
      if (conjugates(trans)) aij = std::conj(aij);
      const cld want = widen(alpha) * aij;
      const long double tol = 4 * eps<T>() * norm1(widen(alpha)) * norm1(aij);
      ASSERT_LE(norm1(widen(out[k]) - want), tol) << what << " at (" << i << ", " << j << ")";
    }
  for (std::size_t k = 0; k < out.size(); ++k)
    if (!in_b[k]) ASSERT_EQ(out[k], before[k]) << what << ": wrote outside B at " << k;
}

std::string describe(bool fortran, char order, char trans, int rows, int cols, int lda, int ldb) {
  return std::string(fortran ? "Fortran" : "CBLAS") + " order " + order + " trans " + trans + " " +
         std::to_string(rows) + "x" + std::to_string(cols) + " lda " + std::to_string(lda) + " ldb " +
         std::to_string(ldb);
}

TYPED_TEST(Matcopy, OutOfPlaceMatchesReference) {
  using T = TypeParam;
  for (bool fortran : {false, true})
    for (char order : {'C', 'R'})
      for (char trans : {'N', 'T', 'R', 'C'})
        for (int rows : kSizes)
          for (int cols : kSizes)
            for (T alpha : test_scalars<T>()) {
              const bool t = transposes(trans);
              const int lda = min_ld(order, rows, cols) + 3;
              const int ldb = (t ? min_ld(order, cols, rows) : min_ld(order, rows, cols)) + 2;
              const auto a = random_vector<T>(span(order, rows, cols, lda), rows * 31 + cols);
              const auto before = random_vector<T>(t ? span(order, cols, rows, ldb) : span(order, rows, cols, ldb), 5);
              auto b = before;
              Ext<T>::omatcopy(fortran, order, trans, rows, cols, alpha, a.data(), lda, b.data(), ldb);
              expect_result(b, before, a, order, trans, rows, cols, lda, ldb, alpha,
                            describe(fortran, order, trans, rows, cols, lda, ldb));
              if (::testing::Test::HasFatalFailure()) return;
            }
}

// alpha = 0 writes zeros and never reads A (NaN there does not propagate).
TYPED_TEST(Matcopy, AlphaZeroDoesNotReadA) {
  using T = TypeParam;
  const T nan = T(std::numeric_limits<float>::quiet_NaN());
  for (bool fortran : {false, true})
    for (char trans : {'N', 'T', 'C'}) {
      const std::vector<T> a(17 * 5, nan);
      std::vector<T> b(17 * 5, T(1));
      Ext<T>::omatcopy(fortran, 'C', trans, 17, 5, T(0), a.data(), 17, b.data(), transposes(trans) ? 5 : 17);
      for (const T &v : b) ASSERT_EQ(v, T(0));
      std::vector<T> ab(17 * 5, nan);
      Ext<T>::imatcopy(fortran, 'R', trans, 17, 5, T(0), ab.data(), 5, transposes(trans) ? 17 : 5);
      for (const T &v : ab) ASSERT_EQ(v, T(0));
    }
}

TYPED_TEST(Matcopy, InPlaceMatchesReference) {
  using T = TypeParam;
  const int shapes[][2] = {{1, 1}, {3, 3}, {17, 17}, {64, 64}, {257, 257},
                           {1, 17}, {3, 100}, {257, 100}, {100, 257}};
  for (bool fortran : {false, true})
    for (char order : {'C', 'R'})
      for (char trans : {'N', 'T', 'R', 'C'})
        for (const auto &shape : shapes)
          for (int lda_pad : {0, 3})  // with ldb_pad: lda = ldb, lda < ldb, lda > ldb
            for (int ldb_pad : {0, 5})
              for (T alpha : test_scalars<T>()) {
                if (alpha == T(0)) continue;  // AlphaZeroDoesNotReadA
                const int rows = shape[0], cols = shape[1];
                const bool t = transposes(trans);
                const int lda = min_ld(order, rows, cols) + lda_pad;
                const int ldb = (t ? min_ld(order, cols, rows) : min_ld(order, rows, cols)) + ldb_pad;
                const std::size_t n = std::max(span(order, rows, cols, lda),
                                               t ? span(order, cols, rows, ldb) : span(order, rows, cols, ldb));
                const auto before = random_vector<T>(n, rows * 7 + cols);
                auto ab = before;
                Ext<T>::imatcopy(fortran, order, trans, rows, cols, alpha, ab.data(), lda, ldb);
                expect_result(ab, before, before, order, trans, rows, cols, lda, ldb, alpha,
                              "in place " + describe(fortran, order, trans, rows, cols, lda, ldb));
                if (::testing::Test::HasFatalFailure()) return;
              }
}

// Zero rows or cols: no error, nothing written.
TYPED_TEST(Matcopy, EmptyMatrixIsAQuickReturn) {
  using T = TypeParam;
  for (bool fortran : {false, true})
    for (char trans : {'N', 'T'}) {
      std::vector<T> a(16, T(1)), b(16, T(2));
      tbtest::clear_xerbla_calls();
      Ext<T>::omatcopy(fortran, 'C', trans, 0, 4, T(3), a.data(), 1, b.data(), 4);
      Ext<T>::omatcopy(fortran, 'R', trans, 4, 0, T(3), a.data(), 1, b.data(), 4);
      Ext<T>::imatcopy(fortran, 'C', trans, 4, 0, T(3), b.data(), 4, 4);
      EXPECT_TRUE(tbtest::xerbla_calls().empty());
      EXPECT_EQ(b, std::vector<T>(16, T(2)));
    }
}

// Illegal arguments, first one wins: order 1, trans 2, rows 3, cols 4,
// lda 7, ldb 9 (omatcopy) / 8 (imatcopy), under OpenBLAS's names.
TYPED_TEST(Matcopy, IllegalArgumentsAreReportedAndNothingIsWritten) {
  using T = TypeParam;
  const char letter = Ext<T>::letter;
  struct Bad {
    char order, trans;
    int rows, cols, lda, ldb, o_info, i_info;
  };
  // A 3 x 4 column-major A: lda >= 3; B = A^T needs ldb >= 4.
  const Bad cases[] = {
      {'X', 'N', 3, 4, 3, 3, 1, 1}, {'C', 'X', 3, 4, 3, 3, 2, 2}, {'C', 'N', -1, 4, 3, 3, 3, 3},
      {'C', 'N', 3, -1, 3, 3, 4, 4}, {'C', 'N', 3, 4, 2, 3, 7, 7},  {'C', 'T', 3, 4, 3, 3, 9, 8},
      {'R', 'N', 3, 4, 3, 4, 7, 7},  {'R', 'T', 3, 4, 4, 2, 9, 8},  {'C', 'X', -1, 4, 0, 0, 2, 2},
      {'C', 'N', 0, 4, 0, 1, 7, 7},
  };
  for (bool fortran : {false, true})
    for (const Bad &c : cases) {
      std::vector<T> a(64, T(1)), b(64, T(2));
      for (bool in_place : {false, true}) {
        tbtest::clear_xerbla_calls();
        if (in_place)
          Ext<T>::imatcopy(fortran, c.order, c.trans, c.rows, c.cols, T(3), b.data(), c.lda, c.ldb);
        else
          Ext<T>::omatcopy(fortran, c.order, c.trans, c.rows, c.cols, T(3), a.data(), c.lda, b.data(), c.ldb);
        const std::string base = in_place ? "imatcopy" : "omatcopy";
        std::string want_name = fortran ? base : "cblas_" + std::string(1, letter) + base;
        if (fortran) {
          want_name = std::string(1, char(std::toupper(letter))) + base;
          for (char &ch : want_name) ch = char(std::toupper(ch));
        }
        const std::string what = want_name + " order " + c.order + " trans " + c.trans;
        ASSERT_EQ(tbtest::xerbla_calls().size(), 1u) << what;
        const auto &call = tbtest::xerbla_calls()[0];
        EXPECT_EQ(call.from_cblas, !fortran) << what;
        EXPECT_EQ(call.name, want_name) << what;
        EXPECT_EQ(call.info, in_place ? c.i_info : c.o_info) << what;
        EXPECT_EQ(a, std::vector<T>(64, T(1))) << what;
        EXPECT_EQ(b, std::vector<T>(64, T(2))) << what;
      }
    }
  tbtest::clear_xerbla_calls();
}

// CBLAS enums out of range are reported as order 1 / trans 2.
TEST(MatcopyCblas, BadEnumsAreReported) {
  float a[16] = {}, b[16] = {};
  tbtest::clear_xerbla_calls();
  cblas_somatcopy(CBLAS_ORDER(100), CblasNoTrans, 2, 2, 1.0f, a, 2, b, 2);
  cblas_dimatcopy(CblasRowMajor, CBLAS_TRANSPOSE(115), 2, 2, 1.0, reinterpret_cast<double *>(b), 2, 2);
  ASSERT_EQ(tbtest::xerbla_calls().size(), 2u);
  EXPECT_EQ(tbtest::xerbla_calls()[0].name, "cblas_somatcopy");
  EXPECT_EQ(tbtest::xerbla_calls()[0].info, 1);
  EXPECT_EQ(tbtest::xerbla_calls()[1].name, "cblas_dimatcopy");
  EXPECT_EQ(tbtest::xerbla_calls()[1].info, 2);
  tbtest::clear_xerbla_calls();
}

// A non-square in-place transpose needs a rows x cols temporary; when it
// cannot be had (here 2^60 elements), the call says so on stderr, reports
// no argument error and writes nothing.  The dimensions are legal, and no
// element is read before the allocation fails.
TEST(MatcopyInPlace, FailedTemporaryLeavesTheMatrixUnchanged) {
  const int rows = 1 << 30, cols = (1 << 30) - 1;
  std::vector<float> ab(64, 5.0f);
  tbtest::clear_xerbla_calls();
  ::testing::internal::CaptureStderr();
  cblas_simatcopy(CblasColMajor, CblasTrans, rows, cols, 2.0f, ab.data(), rows, cols);
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("cblas_simatcopy"), std::string::npos) << err;
  EXPECT_NE(err.find("unchanged"), std::string::npos) << err;
  EXPECT_TRUE(tbtest::xerbla_calls().empty());
  EXPECT_EQ(ab, std::vector<float>(64, 5.0f));
}

}  // namespace
