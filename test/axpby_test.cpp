// axpby_test.cpp -- ?axpby (y = alpha*x + beta*y) against a long-double
// reference loop: all four types, both ABIs, odd sizes, unit, strided,
// negative and zero increments, every mix of 0 / 1 / -2.5 / complex scalars;
// beta = 0 must not let a NaN already in y survive, alpha = 0 must not read
// x; elements between the strides and n <= 0 touch nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "extensions_calls.h"

namespace {

using namespace exttest;

template <class T>
class Axpby : public ::testing::Test {};
using Types = ::testing::Types<float, double, c32, c64>;
TYPED_TEST_SUITE(Axpby, Types);

// Position of element i of an n-vector with increment inc, as the
// reference walks it (a negative increment starts at the far end).
long position(int i, int n, int inc) { return inc < 0 ? long(i - (n - 1)) * inc : long(i) * inc; }
std::size_t storage(int n, int inc) { return std::size_t(1 + (n - 1) * std::abs(inc)); }

TYPED_TEST(Axpby, MatchesReferenceLoop) {
  using T = TypeParam;
  const T sentinel = T(777);
  for (bool fortran : {false, true})
    for (int n : {1, 3, 17, 64, 100, 257})
      for (int incx : {1, 2, -1, -3})
        for (int incy : {1, 3, -2})
          for (T alpha : test_scalars<T>())
            for (T beta : test_scalars<T>()) {
              const auto x = random_vector<T>(storage(n, incx), 7 * n + incx);
              auto y = random_vector<T>(storage(n, incy), 11 * n + incy);
              // Gaps between strided elements hold a sentinel that must survive.
              std::vector<bool> used(y.size(), false);
              for (int i = 0; i < n; ++i) used[position(i, n, incy)] = true;
              for (std::size_t k = 0; k < y.size(); ++k)
                if (!used[k]) y[k] = sentinel;
              const auto y0 = y;
              Ext<T>::axpby(fortran, n, alpha, x.data(), incx, beta, y.data(), incy);
              const std::string what = std::string(fortran ? "Fortran" : "CBLAS") + " n=" +
                                       std::to_string(n) + " incx=" + std::to_string(incx) +
                                       " incy=" + std::to_string(incy);
              for (int i = 0; i < n; ++i) {
                const cld xi = widen(x[position(i, n, incx)]);
                const cld yi = widen(y0[position(i, n, incy)]);
                const cld want = widen(alpha) * xi + widen(beta) * yi;
                const long double tol =
                    4 * eps<T>() * (norm1(widen(alpha)) * norm1(xi) + norm1(widen(beta)) * norm1(yi));
                ASSERT_LE(norm1(widen(y[position(i, n, incy)]) - want), tol) << what << " i=" << i;
              }
              for (std::size_t k = 0; k < y.size(); ++k)
                if (!used[k]) ASSERT_EQ(y[k], sentinel) << what << ": wrote between strides";
            }
}

TYPED_TEST(Axpby, BetaZeroDoesNotReadY) {
  using T = TypeParam;
  const T nan = T(std::numeric_limits<float>::quiet_NaN());
  for (bool fortran : {false, true})
    for (T alpha : test_scalars<T>()) {
      const int n = 33;
      const auto x = random_vector<T>(n, 3);
      std::vector<T> y(n, nan);
      Ext<T>::axpby(fortran, n, alpha, x.data(), 1, T(0), y.data(), 1);
      for (int i = 0; i < n; ++i) {
        ASSERT_FALSE(std::isnan(std::abs(widen(y[i])))) << "NaN in y survived beta = 0";
        ASSERT_LE(norm1(widen(y[i]) - widen(alpha) * widen(x[i])), 4 * eps<T>() * norm1(widen(alpha)));
      }
    }
}

TYPED_TEST(Axpby, AlphaZeroDoesNotReadX) {
  using T = TypeParam;
  const T nan = T(std::numeric_limits<float>::quiet_NaN());
  for (bool fortran : {false, true}) {
    const int n = 19;
    const std::vector<T> x(n, nan);
    auto y = random_vector<T>(n, 5);
    const auto y0 = y;
    Ext<T>::axpby(fortran, n, T(0), x.data(), 1, T(-2.5), y.data(), 1);
    for (int i = 0; i < n; ++i) ASSERT_EQ(y[i], T(-2.5) * y0[i]);
    std::vector<T> y2(2 * n - 1, T(1));
    Ext<T>::axpby(fortran, n, T(0), nullptr, 1, T(0), y2.data(), -2);  // y = 0, x never touched
    for (int i = 0; i < 2 * n - 1; ++i) ASSERT_EQ(y2[i], T(i % 2 ? 1 : 0));
  }
}

// incx = 0 reuses x[0] (as ?axpy does); n <= 0 touches nothing.
TYPED_TEST(Axpby, ZeroIncrementAndEmptyVectors) {
  using T = TypeParam;
  for (bool fortran : {false, true}) {
    const T x0 = T(3);
    auto y = random_vector<T>(8, 9);
    const auto y0 = y;
    Ext<T>::axpby(fortran, 8, T(2), &x0, 0, T(1), y.data(), 1);
    for (int i = 0; i < 8; ++i) ASSERT_EQ(y[i], T(6) + y0[i]);
    const auto y1 = y;
    for (int n : {0, -1}) {
      Ext<T>::axpby(fortran, n, T(2), nullptr, 1, T(0), y.data(), 1);
      ASSERT_EQ(y, y1);
    }
  }
}

}  // namespace
