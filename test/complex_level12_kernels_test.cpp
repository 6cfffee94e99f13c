// complex_level12_kernels_test.cpp -- the complex Level 1/2 paths that run the
// target's complex vector kernels (ComplexVectorKernels in src/target.hpp):
// c/z dotu, dotc, axpy and gemv N/T/C (column-major, and row-major, whose
// ConjTrans is conj(A) without a transpose on the column-major view), against
// long-double reference loops at sizes around the vector widths (1..8 complex
// values), the unrolls and column groups, and the threading threshold; lda > m,
// negative increments, beta == 0 over a NaN y, NaN/Inf propagation, and
// bitwise identical results for 1-4 threads; hemv/hpmv at sizes that run
// on threads.
// CTest also runs it with each CPU target forced.
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
using cld = std::complex<long double>;

template <class R>
std::vector<std::complex<R>> random_vector(std::size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> dist(-1, 1);
  std::vector<std::complex<R>> v(n);
  for (auto &e : v) e = {R(dist(gen)), R(dist(gen))};
  return v;
}

template <class R>
ld eps() {
  return std::numeric_limits<R>::epsilon();
}

cld mul(cld a, cld b) {
  return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}

template <class R>
struct Blas;
template <>
struct Blas<float> {
  using C = std::complex<float>;
  static C dotu(int n, const C *x, int ix, const C *y, int iy) {
    C r;
    cblas_cdotu_sub(n, x, ix, y, iy, &r);
    return r;
  }
  static C dotc(int n, const C *x, int ix, const C *y, int iy) {
    C r;
    cblas_cdotc_sub(n, x, ix, y, iy, &r);
    return r;
  }
  static void axpy(int n, C a, const C *x, int ix, C *y, int iy) { cblas_caxpy(n, &a, x, ix, y, iy); }
  static void gemv(CBLAS_LAYOUT l, CBLAS_TRANSPOSE t, int m, int n, C a, const C *A, int lda, const C *x,
                   int ix, C b, C *y, int iy) {
    cblas_cgemv(l, t, m, n, &a, A, lda, x, ix, &b, y, iy);
  }
  static void hemv(CBLAS_LAYOUT l, CBLAS_UPLO u, int n, C a, const C *A, int lda, const C *x, int ix, C b,
                   C *y, int iy) {
    cblas_chemv(l, u, n, &a, A, lda, x, ix, &b, y, iy);
  }
  static void hpmv(CBLAS_LAYOUT l, CBLAS_UPLO u, int n, C a, const C *A, const C *x, int ix, C b, C *y,
                   int iy) {
    cblas_chpmv(l, u, n, &a, A, x, ix, &b, y, iy);
  }
};
template <>
struct Blas<double> {
  using C = std::complex<double>;
  static C dotu(int n, const C *x, int ix, const C *y, int iy) {
    C r;
    cblas_zdotu_sub(n, x, ix, y, iy, &r);
    return r;
  }
  static C dotc(int n, const C *x, int ix, const C *y, int iy) {
    C r;
    cblas_zdotc_sub(n, x, ix, y, iy, &r);
    return r;
  }
  static void axpy(int n, C a, const C *x, int ix, C *y, int iy) { cblas_zaxpy(n, &a, x, ix, y, iy); }
  static void gemv(CBLAS_LAYOUT l, CBLAS_TRANSPOSE t, int m, int n, C a, const C *A, int lda, const C *x,
                   int ix, C b, C *y, int iy) {
    cblas_zgemv(l, t, m, n, &a, A, lda, x, ix, &b, y, iy);
  }
  static void hemv(CBLAS_LAYOUT l, CBLAS_UPLO u, int n, C a, const C *A, int lda, const C *x, int ix, C b,
                   C *y, int iy) {
    cblas_zhemv(l, u, n, &a, A, lda, x, ix, &b, y, iy);
  }
  static void hpmv(CBLAS_LAYOUT l, CBLAS_UPLO u, int n, C a, const C *A, const C *x, int ix, C b, C *y,
                   int iy) {
    cblas_zhpmv(l, u, n, &a, A, x, ix, &b, y, iy);
  }
};

// |got - want| within k * eps * scale in each part.
template <class R>
void expect_close(std::complex<R> got, cld want, ld scale, ld k, const char *what, int n) {
  const ld tol = k * eps<R>() * (scale + 1);
  EXPECT_LE(std::fabs(ld(got.real()) - want.real()), tol) << what << " n=" << n;
  EXPECT_LE(std::fabs(ld(got.imag()) - want.imag()), tol) << what << " n=" << n;
}

template <class R>
class ComplexKernels : public ::testing::Test {};
using Types = ::testing::Types<float, double>;
TYPED_TEST_SUITE(ComplexKernels, Types);

const int kSizes[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 257, 1000};

TYPED_TEST(ComplexKernels, DotuAndDotcMatchTheReference) {
  using R = TypeParam;
  for (int n : kSizes)
    for (int inc : {1, -2}) {
      const auto x = random_vector<R>(std::size_t(n) * 2 + 1, n + 1);
      const auto y = random_vector<R>(std::size_t(n) * 2 + 1, n + 7);
      cld u = 0, c = 0;
      ld scale = 0;
      for (int i = 0; i < n; ++i) {
        const long p = inc < 0 ? long(n - 1 - i) * -inc : long(i) * inc;
        const cld xi(x[p].real(), x[p].imag()), yi(y[p].real(), y[p].imag());
        u += mul(xi, yi);
        c += mul(std::conj(xi), yi);
        scale += std::abs(xi) * std::abs(yi);
      }
      expect_close<R>(Blas<R>::dotu(n, x.data(), inc, y.data(), inc), u, scale, 2.0L * n, "dotu", n);
      expect_close<R>(Blas<R>::dotc(n, x.data(), inc, y.data(), inc), c, scale, 2.0L * n, "dotc", n);
    }
}

TYPED_TEST(ComplexKernels, AxpyMatchesTheReferenceAndStopsAtN) {
  using R = TypeParam;
  using C = std::complex<R>;
  const C alpha(R(0.75), R(-1.25));
  for (int n : kSizes) {
    const auto x = random_vector<R>(n + 1, n + 3);
    auto y = random_vector<R>(n + 1, n + 5);
    const C sentinel(R(42), R(-42));
    y[n] = sentinel;
    const auto y0 = y;
    Blas<R>::axpy(n, alpha, x.data(), 1, y.data(), 1);
    for (int i = 0; i < n; ++i) {
      const cld want = cld(y0[i].real(), y0[i].imag()) +
                       mul(cld(alpha.real(), alpha.imag()), cld(x[i].real(), x[i].imag()));
      expect_close<R>(y[i], want, 4, 4, "axpy", n);
    }
    EXPECT_EQ(y[n], sentinel) << "axpy wrote past n=" << n;
  }
}

// op(A) as the column-major engine sees it: 'N', 'T' (transpose), 'C'
// (conjugate transpose) or 'R' (conjugate, no transpose).
template <class R>
std::vector<cld> reference_gemv(char op, int m, int n, std::complex<R> alpha, const std::vector<std::complex<R>> &a,
                                int lda, const std::vector<std::complex<R>> &x, std::complex<R> beta,
                                const std::vector<std::complex<R>> &y, std::vector<ld> &scale) {
  const bool trans = op == 'T' || op == 'C', conj = op == 'C' || op == 'R';
  const int leny = trans ? n : m, lenx = trans ? m : n;
  std::vector<cld> out(leny);
  scale.assign(leny, 0);
  for (int i = 0; i < leny; ++i) {
    cld s = 0;
    for (int p = 0; p < lenx; ++p) {
      const auto e = trans ? a[p + std::size_t(i) * lda] : a[i + std::size_t(p) * lda];
      cld ae(e.real(), e.imag());
      if (conj) ae = std::conj(ae);
      s += mul(ae, cld(x[p].real(), x[p].imag()));
      scale[i] += std::abs(ae) * std::abs(cld(x[p].real(), x[p].imag()));
    }
    out[i] = mul(cld(alpha.real(), alpha.imag()), s);
    if (beta != std::complex<R>(0)) out[i] += mul(cld(beta.real(), beta.imag()), cld(y[i].real(), y[i].imag()));
    scale[i] = scale[i] * std::abs(cld(alpha.real(), alpha.imag())) + 2;
  }
  return out;
}

TYPED_TEST(ComplexKernels, GemvAllOpsBothLayoutsMatchTheReference) {
  using R = TypeParam;
  using C = std::complex<R>;
  const C alpha(R(1.5), R(0.5)), beta(R(-0.5), R(0.25));
  const int dims[] = {1, 3, 8, 9, 17, 33, 64, 67, 130};
  for (int m : dims)
    for (int n : dims)
      for (char op : {'N', 'T', 'C', 'R'}) {
        const int lda = m + 3;
        const auto a = random_vector<R>(std::size_t(lda) * n, m * 131 + n);
        const bool trans = op == 'T' || op == 'C';
        const int lenx = trans ? m : n, leny = trans ? n : m;
        const auto x = random_vector<R>(lenx, m + n);
        auto y = random_vector<R>(leny, m * n + 1);
        std::vector<ld> scale;
        const auto want = reference_gemv<R>(op, m, n, alpha, a, lda, x, beta, y, scale);
        // 'R' (conj(A), no transpose) is a row-major ConjTrans call on A^T.
        if (op == 'R')
          Blas<R>::gemv(CblasRowMajor, CblasConjTrans, n, m, alpha, a.data(), lda, x.data(), 1, beta, y.data(), 1);
        else
          Blas<R>::gemv(CblasColMajor, op == 'N' ? CblasNoTrans : op == 'T' ? CblasTrans : CblasConjTrans, m, n,
                        alpha, a.data(), lda, x.data(), 1, beta, y.data(), 1);
        for (int i = 0; i < leny; ++i)
          expect_close<R>(y[i], want[i], scale[i], 2.0L * (lenx + 2), "gemv", m * 1000 + n);
      }
}

// Elementwise kernels (axpy, gemv N) handle the values before a
// vector-aligned address first (a masked vector), so each start offset
// within a vector takes another path; sums (dot, gemv T/C) must not depend
// on the address at all.  The same data at every shift of 0..7 values:
// right against the reference, and bitwise the same as at shift 0.
// gemv T and C sum lanes four columns at a time where the target has a
// shared reduction (lane_sums.hpp), one at a time for the columns left over:
// the same bits either way (columns 4..6 of a 7-column call, left over,
// against the same columns in a full group of 4 from column 3).
// NoTrans with A's columns a page apart and y just past A's start modulo
// a page: gemv works on a copy of y placed away from A (4K aliasing, see
// gemv.cpp).  Same bits as with y elsewhere, the reference's values, and
// nothing written past y.
TYPED_TEST(ComplexKernels, GemvNWithYJustPastAModuloAPage) {
  using R = TypeParam;
  using C = std::complex<R>;
  const int lda = int(4096 / sizeof(C)), n = 11;
  const C alpha(R(0.5), R(-1.5)), beta(R(0.75), R(0.25));
  for (char op : {'N', 'R'})
    for (int m : {64, 100, 203})
      for (int past : {64, 144}) {  // bytes past A modulo 4096
        auto mem = random_vector<R>(std::size_t(lda) * n + 4096, m + past);
        const C *a = mem.data();
        C *y = mem.data() + std::size_t(lda) * n + past / sizeof(C);
        const auto x = random_vector<R>(n, 3);
        const std::vector<C> y0(y, y + m), after(y + m, y + m + 8);
        std::vector<C> elsewhere = y0;
        if (op == 'R') {  // conj(A): row-major ConjTrans on A^T
          Blas<R>::gemv(CblasRowMajor, CblasConjTrans, n, m, alpha, a, lda, x.data(), 1, beta, y, 1);
          Blas<R>::gemv(CblasRowMajor, CblasConjTrans, n, m, alpha, a, lda, x.data(), 1, beta,
                        elsewhere.data(), 1);
        } else {
          Blas<R>::gemv(CblasColMajor, CblasNoTrans, m, n, alpha, a, lda, x.data(), 1, beta, y, 1);
          Blas<R>::gemv(CblasColMajor, CblasNoTrans, m, n, alpha, a, lda, x.data(), 1, beta,
                        elsewhere.data(), 1);
        }
        EXPECT_EQ(std::memcmp(y, elsewhere.data(), sizeof(C) * m), 0) << "m " << m << " past " << past;
        EXPECT_EQ(std::memcmp(y + m, after.data(), sizeof(C) * after.size()), 0) << "written past y";
        const std::vector<C> av(a, a + std::size_t(lda) * n);
        std::vector<ld> scale;
        const auto want = reference_gemv<R>(op, m, n, alpha, av, lda, x, beta, y0, scale);
        for (int i = 0; i < m; ++i)
          expect_close<R>(y[i], want[i], scale[i], 2.0L * (n + 2), "gemv", m * 1000 + past);
      }
}
TYPED_TEST(ComplexKernels, GemvTColumnBitsDoNotDependOnTheirGroup) {
  using R = TypeParam;
  using C = std::complex<R>;
  for (CBLAS_TRANSPOSE t : {CblasTrans, CblasConjTrans})
    for (int m : {3, 40, 203}) {
      const int n = 7, lda = m + 1;
      std::vector<C> a(std::size_t(lda) * n), x(m);
      std::mt19937 gen(5);
      std::uniform_real_distribution<R> dist(-1, 1);
      for (auto &e : a) e = C(dist(gen), dist(gen));
      for (auto &e : x) e = C(dist(gen), dist(gen));
      std::vector<C> whole(n), shifted(4);
      Blas<R>::gemv(CblasColMajor, t, m, n, C(1), a.data(), lda, x.data(), 1, C(0), whole.data(),
                    1);
      Blas<R>::gemv(CblasColMajor, t, m, 4, C(1), a.data() + 3 * lda, lda, x.data(), 1, C(0),
                    shifted.data(), 1);
      EXPECT_EQ(std::memcmp(whole.data() + 4, shifted.data() + 1, sizeof(C) * 3), 0)
          << "m " << m << " trans " << t;
    }
}

TYPED_TEST(ComplexKernels, EveryStartAlignmentGivesTheSameBits) {
  using R = TypeParam;
  using C = std::complex<R>;
  const C alpha(R(0.75), R(-1.25)), beta(R(0.5), R(0.25));
  for (int n : {1, 5, 9, 40, 67}) {
    const int m = n + 3, cols = 6, lda = m + 1;
    const auto x0 = random_vector<R>(std::size_t(n), n);
    const auto y0 = random_vector<R>(std::size_t(n), n + 1);
    const auto a0 = random_vector<R>(std::size_t(lda) * cols, n + 2);
    const auto yg0 = random_vector<R>(std::size_t(std::max(m, cols)), n + 3);
    std::vector<C> first[4];  // shift 0's dotc, axpy, gemv N, gemv C results
    for (int shift = 0; shift < 8; ++shift) {
      // The data at `shift` values into fresh buffers.
      const auto place = [shift](const std::vector<C> &v) {
        std::vector<C> buf(v.size() + 8, C(R(99), R(-99)));
        std::copy(v.begin(), v.end(), buf.begin() + shift);
        return buf;
      };
      const auto xs = place(x0), as = place(a0);
      auto ys = place(y0);
      const C *x = xs.data() + shift;
      std::vector<C> got[4];

      cld c = 0;
      ld scale = 0;
      for (int i = 0; i < n; ++i) {
        const cld xi(x0[i].real(), x0[i].imag()), yi(y0[i].real(), y0[i].imag());
        c += mul(std::conj(xi), yi);
        scale += std::abs(xi) * std::abs(yi);
      }
      got[0] = {Blas<R>::dotc(n, x, 1, ys.data() + shift, 1)};
      expect_close<R>(got[0][0], c, scale, 2.0L * n, "dotc shifted", n);

      Blas<R>::axpy(n, alpha, x, 1, ys.data() + shift, 1);
      for (int i = 0; i < n; ++i)
        expect_close<R>(ys[shift + i], cld(y0[i].real(), y0[i].imag()) +
                                           mul(cld(alpha.real(), alpha.imag()), cld(x0[i].real(), x0[i].imag())),
                        4, 4, "axpy shifted", n);
      for (std::size_t i = 0; i < ys.size(); ++i)
        if (i < std::size_t(shift) || i >= std::size_t(shift + n))
          EXPECT_EQ(ys[i], C(R(99), R(-99))) << "axpy wrote outside y, shift " << shift << " n=" << n;
      got[1].assign(ys.begin() + shift, ys.begin() + shift + n);

      for (char op : {'N', 'C'}) {
        const int lenx = op == 'N' ? cols : m, leny = op == 'N' ? m : cols;
        const std::vector<C> xg(x0.begin(), x0.begin() + std::min(n, lenx));
        std::vector<C> xv(lenx, C(R(0.5), R(0.25)));
        std::copy(xg.begin(), xg.end(), xv.begin());
        const std::vector<C> yv0(yg0.begin(), yg0.begin() + leny);
        auto yb = place(yv0);
        std::vector<ld> sc;
        const auto want = reference_gemv<R>(op, m, cols, alpha, a0, lda, xv, beta, yv0, sc);
        Blas<R>::gemv(CblasColMajor, op == 'N' ? CblasNoTrans : CblasConjTrans, m, cols, alpha,
                      as.data() + shift, lda, xv.data(), 1, beta, yb.data() + shift, 1);
        for (int i = 0; i < leny; ++i)
          expect_close<R>(yb[shift + i], want[i], sc[i], 2.0L * (lenx + 2), "gemv shifted", n);
        got[op == 'N' ? 2 : 3].assign(yb.begin() + shift, yb.begin() + shift + leny);
      }
      for (int k = 0; k < 4; ++k) {
        if (shift == 0) first[k] = got[k];
        EXPECT_TRUE(got[k] == first[k]) << "result " << k << " (dotc, axpy, gemv N, gemv C) at shift "
                                        << shift << " differs from shift 0 in its bits, n=" << n;
      }
    }
  }
}

TYPED_TEST(ComplexKernels, GemvBetaZeroIgnoresNaNInYAndNaNInAPropagates) {
  using R = TypeParam;
  using C = std::complex<R>;
  const R nan = std::numeric_limits<R>::quiet_NaN();
  for (CBLAS_TRANSPOSE t : {CblasNoTrans, CblasConjTrans}) {
    const int m = 37, n = 29;
    auto a = random_vector<R>(std::size_t(m) * n, 11);
    const auto x = random_vector<R>(std::max(m, n), 12);
    std::vector<C> y(std::max(m, n), C(nan, nan));
    Blas<R>::gemv(CblasColMajor, t, m, n, C(1), a.data(), m, x.data(), 1, C(0), y.data(), 1);
    const int leny = t == CblasNoTrans ? m : n;
    for (int i = 0; i < leny; ++i) EXPECT_TRUE(std::isfinite(y[i].real()) && std::isfinite(y[i].imag())) << i;
    a[5 + 3 * m] = C(nan, 0);  // row 5, column 3
    Blas<R>::gemv(CblasColMajor, t, m, n, C(1), a.data(), m, x.data(), 1, C(0), y.data(), 1);
    const int hit = t == CblasNoTrans ? 5 : 3;
    EXPECT_TRUE(std::isnan(y[hit].real())) << "NaN in A must reach y";
    for (int i = 0; i < leny; ++i)
      if (i != hit) EXPECT_TRUE(std::isfinite(y[i].real())) << i;
  }
}

// hemv (full) and hpmv (packed) against long double: the other triangle
// NaN and the diagonal's imaginary part NaN (both must go unread), y NaN
// when beta == 0, either layout (row-major runs the column-major kernels on
// conj(A)), increments that need copies.
template <class R>
void check_hermitian_mv(CBLAS_LAYOUT layout, CBLAS_UPLO uplo, bool packed, int n, int ix, int iy,
                        std::complex<R> alpha, std::complex<R> beta) {
  using C = std::complex<R>;
  const R nan = std::numeric_limits<R>::quiet_NaN();
  const bool upper = uplo == CblasUpper, row_major = layout == CblasRowMajor;
  const int lda = n + 2;
  const auto values = random_vector<R>(std::size_t(n) * n + 1, 31 * n + 2 * upper + row_major);
  // The Hermitian matrix: H(i, j) from values[i + j n] for i < j, its
  // conjugate for i > j, real on the diagonal.
  auto h = [&](int i, int j) -> cld {
    if (i == j) return cld(values[i + std::size_t(i) * n].real(), 0);
    const C v = i < j ? values[i + std::size_t(j) * n] : std::conj(values[j + std::size_t(i) * n]);
    return cld(v.real(), v.imag());
  };
  auto stored = [&](int i, int j) { return upper ? i <= j : i >= j; };
  auto element = [&](int i, int j) {  // as stored: the diagonal's imaginary part NaN
    const cld v = h(i, j);
    return C(R(v.real()), i == j ? nan : R(v.imag()));
  };
  std::vector<C> a(std::size_t(lda) * std::max(n, 1), C(nan, nan)), ap;
  for (int outer = 0; outer < n; ++outer)  // storage order: columns, or rows when row-major
    for (int inner = 0; inner < n; ++inner) {
      const int i = row_major ? outer : inner, j = row_major ? inner : outer;
      if (!stored(i, j)) continue;
      a[row_major ? std::size_t(i) * lda + j : i + std::size_t(j) * lda] = element(i, j);
      ap.push_back(element(i, j));
    }
  ap.push_back(C(0));  // never empty
  const auto x = random_vector<R>(std::size_t(n) * std::abs(ix) + 1, n + 32);
  auto y0 = random_vector<R>(std::size_t(n) * std::abs(iy) + 1, n + 33);
  if (beta == C(0)) y0.assign(y0.size(), C(nan, nan));
  auto at = [n](int inc, int i) { return inc < 0 ? std::size_t(n - 1 - i) * -inc : std::size_t(i) * inc; };
  auto y = y0;
  if (packed)
    Blas<R>::hpmv(layout, uplo, n, alpha, ap.data(), x.data(), ix, beta, y.data(), iy);
  else
    Blas<R>::hemv(layout, uplo, n, alpha, a.data(), lda, x.data(), ix, beta, y.data(), iy);
  const cld al(alpha.real(), alpha.imag()), be(beta.real(), beta.imag());
  for (int i = 0; i < n; ++i) {
    cld s = 0;
    ld scale = 0;
    for (int j = 0; j < n; ++j) {
      const C xj = x[at(ix, j)];
      s += mul(h(i, j), cld(xj.real(), xj.imag()));
      scale += std::abs(h(i, j)) * std::abs(cld(xj.real(), xj.imag()));
    }
    const C yi = y0[at(iy, i)];
    const cld old = beta == C(0) ? cld(0) : cld(yi.real(), yi.imag());
    const cld want = mul(al, s) + mul(be, old);
    expect_close<R>(y[at(iy, i)], want, scale * std::abs(al) + std::abs(be) * std::abs(old),
                    2.0L * (n + 2), packed ? "hpmv" : "hemv",
                    n * 1000 + 100 * row_major + 10 * upper + (ix < 0));
  }
}

// Sizes around the panels (4 or 8 columns), the column groups and the
// vector widths (2 to 8 complex values), both layouts, every beta case.
TYPED_TEST(ComplexKernels, HemvAndHpmvPanelsTailsAndLayouts) {
  using R = TypeParam;
  using C = std::complex<R>;
  for (auto layout : {CblasColMajor, CblasRowMajor})
    for (auto uplo : {CblasUpper, CblasLower})
      for (bool packed : {false, true}) {
        for (int n = 0; n <= 40; ++n)
          check_hermitian_mv<R>(layout, uplo, packed, n, 1, 1, C(R(0.7), R(-0.3)), C(R(-1.3), R(0.2)));
        for (int n : {63, 64, 65, 127, 130})
          for (C beta : {C(0), C(1), C(R(0.5), R(0.25))})
            check_hermitian_mv<R>(layout, uplo, packed, n, -2, 3, C(R(-0.9), R(0.4)), beta);
      }
}

// Sizes whose columns are cut into slices added into private ys on threads,
// on 1 and 2 threads.  (Bitwise equality across thread counts: determinism_test.)
TYPED_TEST(ComplexKernels, HemvAndHpmvOnThreadedSlicesMatchTheReference) {
  using R = TypeParam;
  using C = std::complex<R>;
  const int saved = tileblas_get_num_threads();
  for (int threads : {1, 2}) {
    tileblas_set_num_threads(threads);
    for (int n : {300, 777})  // 2 and 8 slices
      for (auto uplo : {CblasUpper, CblasLower})
        for (bool packed : {false, true})
          check_hermitian_mv<R>(CblasColMajor, uplo, packed, n, 1, -2, C(R(0.75), R(-0.5)),
                                C(R(0.5), R(0.25)));
  }
  tileblas_set_num_threads(saved);
}

TYPED_TEST(ComplexKernels, ResultsAreBitwiseTheSameForOneToFourThreads) {
  using R = TypeParam;
  using C = std::complex<R>;
  const int saved = tileblas_get_num_threads();
  const int m = 700, n = 650, len = 300000;  // above the threading thresholds
  const auto a = random_vector<R>(std::size_t(m) * n, 21);
  const auto x = random_vector<R>(len, 22), y0 = random_vector<R>(len, 23);
  std::vector<std::vector<C>> results;
  for (int threads = 1; threads <= 4; ++threads) {
    tileblas_set_num_threads(threads);
    std::vector<C> out;
    for (CBLAS_TRANSPOSE t : {CblasNoTrans, CblasTrans, CblasConjTrans}) {
      std::vector<C> y(y0.begin(), y0.begin() + std::max(m, n));
      Blas<R>::gemv(CblasColMajor, t, m, n, C(R(0.5), R(2)), a.data(), m, x.data(), 1, C(1), y.data(), 1);
      out.insert(out.end(), y.begin(), y.end());
    }
    out.push_back(Blas<R>::dotc(len, x.data(), 1, y0.data(), 1));
    std::vector<C> y = y0;
    Blas<R>::axpy(len, C(R(-1.5), R(0.5)), x.data(), 1, y.data(), 1);
    out.insert(out.end(), y.begin(), y.end());
    results.push_back(out);
  }
  tileblas_set_num_threads(saved);
  for (std::size_t t = 1; t < results.size(); ++t)
    EXPECT_EQ(0, std::memcmp(results[0].data(), results[t].data(), results[0].size() * sizeof(C)))
        << "results differ between 1 and " << t + 1 << " threads";
}

}  // namespace
