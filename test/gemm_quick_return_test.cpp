// gemm_quick_return_test.cpp -- netlib's early exits and the cases where the
// operands must not be read: M == 0 or N == 0 touches nothing (NULL pointers
// allowed), (alpha == 0 or K == 0) with beta == 1 leaves C bit-for-bit alone
// (NaN and -0 included), alpha == 0 or K == 0 otherwise gives exactly beta*C
// without reading A or B (NULL allowed), and beta == 0 overwrites C without
// reading it.  No error may be reported for any of these.
#include <gtest/gtest.h>

#include <cblas.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <cstring>
#include <limits>
#include <vector>

#include "gemm_call.h"
#include "xerbla_recorder.h"

using tbtest::Api;

namespace {

const Api kApis[] = {Api::Fortran, Api::CblasCol, Api::CblasRow};

// C is m x n with ld = minimum + 2, padding sentinel; values are a mix of
// ordinary numbers, NaN, infinity and negative zero.
template <class T> struct CBuf {
    int m, n, ld;
    bool rm;
    std::vector<T> v;
    CBuf(int m_, int n_, bool row_major) : m(m_), n(n_), rm(row_major) {
        ld = (row_major ? n : m) + 2;
        v.assign(static_cast<std::size_t>(ld) * (row_major ? m : n), static_cast<T>(-7777.25));
        for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j) {
                T x;
                switch ((i * 7 + j) % 5) {
                case 0: x = std::numeric_limits<T>::quiet_NaN(); break;
                case 1: x = static_cast<T>(-0.0); break;
                case 2: x = std::numeric_limits<T>::infinity(); break;
                default: x = static_cast<T>(0.5 + i - 2.0 * j); break;
                }
                at(i, j) = x;
            }
    }
    T &at(int i, int j) { return v[rm ? static_cast<std::size_t>(i) * ld + j : i + static_cast<std::size_t>(j) * ld]; }
    bool is_padding(std::size_t p) const {
        const std::size_t minor = p % ld;
        return rm ? minor >= static_cast<std::size_t>(n) : minor >= static_cast<std::size_t>(m);
    }
};

template <class T> bool bits_equal(const std::vector<T> &a, const std::vector<T> &b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

std::string ctx(Api api, int m, int n, int k, double alpha, double beta, const char *what) {
    return std::string(tbtest::api_name(api)) + " m=" + std::to_string(m) + " n=" +
           std::to_string(n) + " k=" + std::to_string(k) + " alpha=" + std::to_string(alpha) +
           " beta=" + std::to_string(beta) + " (" + what + ")";
}

void expect_no_error(const std::string &c) {
    EXPECT_TRUE(tbtest::xerbla_calls().empty())
        << c << ": an error was reported, info=" << tbtest::xerbla_calls().front().info;
}

template <class T> void empty_result_touches_nothing() {
    for (Api api : kApis) {
        const bool rm = tbtest::api_row_major(api);
        for (char ta : {'N', 'T'})
            for (char tb : {'N', 'T'}) {
                // Everything NULL, every dimension 0.
                tbtest::clear_xerbla_calls();
                tbtest::gemm<T>(api, ta, tb, 0, 0, 0, T(1), nullptr, 1, nullptr, 1, T(0), nullptr, 1);
                expect_no_error(ctx(api, 0, 0, 0, 1, 0, "all NULL"));

                // M == 0: A and C NULL, B real; N == 0: B and C NULL, A real.
                std::vector<T> buf(64, T(2));
                const int k = 3;
                for (T beta : {T(0), T(1), T(0.5)}) {
                    tbtest::clear_xerbla_calls();
                    const int n = 4;
                    const int ldb = std::max(1, rm ? (tb == 'N' ? n : k) : (tb == 'N' ? k : n));
                    const int lda = std::max(1, rm ? (ta == 'N' ? k : 0) : (ta == 'N' ? 0 : k));
                    const int ldc = std::max(1, rm ? n : 0);
                    tbtest::gemm<T>(api, ta, tb, 0, n, k, T(1), nullptr, lda, buf.data(), ldb,
                                    beta, nullptr, ldc);
                    expect_no_error(ctx(api, 0, n, k, 1, beta, "M=0, A and C NULL"));
                }
                for (T beta : {T(0), T(1), T(0.5)}) {
                    tbtest::clear_xerbla_calls();
                    const int m = 4;
                    const int lda = std::max(1, rm ? (ta == 'N' ? k : m) : (ta == 'N' ? m : k));
                    const int ldb = std::max(1, rm ? (tb == 'N' ? 0 : k) : (tb == 'N' ? k : 0));
                    const int ldc = std::max(1, rm ? 0 : m);
                    tbtest::gemm<T>(api, ta, tb, m, 0, k, T(1), buf.data(), lda, nullptr, ldb,
                                    beta, nullptr, ldc);
                    expect_no_error(ctx(api, m, 0, k, 1, beta, "N=0, B and C NULL"));
                }
                EXPECT_TRUE(std::all_of(buf.begin(), buf.end(), [](T x) { return x == T(2); }));
            }
    }
}

TEST(QuickReturn, EmptyResultSgemm) { empty_result_touches_nothing<float>(); }
TEST(QuickReturn, EmptyResultDgemm) { empty_result_touches_nothing<double>(); }

// A, B NULL: alpha == 0 or K == 0.  Then C must be exactly beta*C, and
// exactly C (bit for bit) when beta == 1.
template <class T> void no_product() {
    const int m = 5, n = 6;
    for (Api api : kApis) {
        const bool rm = tbtest::api_row_major(api);
        for (int k : {0, 4})
            for (T alpha : {T(0), T(1), T(-2)}) {
                if (k > 0 && alpha != T(0)) continue;
                for (T beta : {T(1), T(0), T(-0.5), T(2)}) {
                    CBuf<T> C(m, n, rm);
                    const std::vector<T> before = C.v;
                    const int lda = std::max(1, rm ? k : m), ldb = std::max(1, rm ? n : k);
                    tbtest::clear_xerbla_calls();
                    tbtest::gemm<T>(api, 'N', 'N', m, n, k, alpha, nullptr, lda, nullptr, ldb, beta,
                                    C.v.data(), C.ld);
                    const std::string c = ctx(api, m, n, k, alpha, beta, "A and B NULL");
                    expect_no_error(c);
                    if (beta == T(1)) {
                        EXPECT_TRUE(bits_equal(before, C.v)) << c << ": C changed on a quick return";
                        continue;
                    }
                    for (std::size_t p = 0; p < C.v.size(); ++p) {
                        if (C.is_padding(p)) {
                            EXPECT_TRUE(std::memcmp(&before[p], &C.v[p], sizeof(T)) == 0)
                                << c << ": padding written at " << p;
                            continue;
                        }
                        const T want = beta == T(0) ? T(0) : static_cast<T>(beta * before[p]);
                        const T got = C.v[p];
                        const bool ok = std::isnan(want) ? std::isnan(got) : got == want;
                        EXPECT_TRUE(ok) << c << ": C at " << p << " = " << got << ", expected "
                                        << want << " (C0 = " << before[p] << ")";
                    }
                }
            }
    }
}

TEST(QuickReturn, NoProductSgemm) { no_product<float>(); }
TEST(QuickReturn, NoProductDgemm) { no_product<double>(); }

// beta == 0 with a real product: NaN/Inf in C must not leak into the result.
template <class T> void beta_zero_ignores_c() {
    const int m = 5, n = 6, k = 3;
    std::vector<T> A(m * k), B(k * n);
    for (int i = 0; i < m * k; ++i) A[i] = static_cast<T>(i % 4 - 1);
    for (int i = 0; i < k * n; ++i) B[i] = static_cast<T>(i % 3 + 1);
    for (Api api : kApis) {
        const bool rm = tbtest::api_row_major(api);
        CBuf<T> C(m, n, rm);
        const int lda = rm ? k : m, ldb = rm ? n : k;
        tbtest::clear_xerbla_calls();
        tbtest::gemm<T>(api, 'N', 'N', m, n, k, T(1), A.data(), lda, B.data(), ldb, T(0),
                        C.v.data(), C.ld);
        expect_no_error(ctx(api, m, n, k, 1, 0, "beta=0"));
        for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j) {
                T want = 0;
                for (int l = 0; l < k; ++l) {
                    const T a = rm ? A[i * lda + l] : A[i + l * lda];
                    const T b = rm ? B[l * ldb + j] : B[l + j * ldb];
                    want += a * b; // small integers: exact
                }
                EXPECT_EQ(C.at(i, j), want) << ctx(api, m, n, k, 1, 0, "beta=0") << " at (" << i
                                            << "," << j << ")";
            }
    }
}

TEST(QuickReturn, BetaZeroIgnoresCSgemm) { beta_zero_ignores_c<float>(); }
TEST(QuickReturn, BetaZeroIgnoresCDgemm) { beta_zero_ignores_c<double>(); }

} // namespace
