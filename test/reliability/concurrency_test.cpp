// concurrency_test.cpp -- 32 application threads call the BLAS at once:
// s/dgemm of different shapes, transposes and layouts, ddot, daxpy, d/sgemv,
// while some of them change tileblas_set_num_threads.  Each thread computes
// its own reference first, then repeats its call and checks every result
// (a shared pack buffer, a racy pool or a torn setting shows up as a wrong
// value).  The ThreadSanitizer build runs this same program (see
// sanitizer_tree_test.sh); TILEBLAS_TEST_REPEATS scales the work down there.
#include <gtest/gtest.h>

#include <cblas.h>
#include <tileblas.h>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>
#include <thread>
#include <vector>

#include "reliability_util.h"

namespace {

constexpr int kThreads = 32;

int repeats() {
    const char *env = std::getenv("TILEBLAS_TEST_REPEATS");
    const int n = env ? std::atoi(env) : 0;
    return n > 0 ? n : 20;
}

// op(X)(i, p) for a column-major X with leading dimension ld.
template <class T> T op_at(const std::vector<T> &x, int ld, bool trans, int i, int p) {
    return trans ? x[p + std::size_t(i) * ld] : x[i + std::size_t(p) * ld];
}

// One gemm job: shapes chosen per thread so the team splits rows, columns,
// stays on one thread, or takes the unpacked small path.
template <class T> struct GemmJob {
    int m, n, k;
    bool ta, tb, row_major;
    T alpha, beta;
    std::vector<T> a, b, c0, want;
    int lda, ldb, ldc;

    GemmJob(int m_, int n_, int k_, bool ta_, bool tb_, bool row_major_, std::uint64_t seed)
        : m(m_), n(n_), k(k_), ta(ta_), tb(tb_), row_major(row_major_), alpha(T(1.25)),
          beta(T(-0.5)) {
        // Stored as the column-major problem the call describes; a row-major
        // call on (A, B, C) is the column-major call C^T = op(B)^T op(A)^T.
        lda = (ta ? k : m) + 3;
        ldb = (tb ? n : k) + 1;
        ldc = m + 2;
        a = reltest::random_matrix<T>(std::size_t(lda) * (ta ? m : k), seed);
        b = reltest::random_matrix<T>(std::size_t(ldb) * (tb ? k : n), seed + 1);
        c0 = reltest::random_matrix<T>(std::size_t(ldc) * n, seed + 2);
        want = c0;
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < m; ++i) {
                long double s = 0;
                for (int p = 0; p < k; ++p)
                    s += static_cast<long double>(op_at(a, lda, ta, i, p)) * op_at(b, ldb, tb, p, j);
                T &w = want[i + std::size_t(j) * ldc];
                w = static_cast<T>(alpha * s + beta * static_cast<long double>(w));
            }
    }

    void call(std::vector<T> &c) const;

    std::string run() const {
        std::vector<T> c = c0;
        call(c);
        std::size_t bad = 0;
        if (!reltest::close_to(c, want, m, n, ldc, k, alpha, beta, &bad))
            return "gemm m=" + std::to_string(m) + " n=" + std::to_string(n) + " k=" +
                   std::to_string(k) + " wrong at " + std::to_string(bad);
        return "";
    }
};

// Column-major storage called either way: in row-major terms the same
// memory holds C^T, B^T, A^T, so swap the operands and m/n.
template <>
void GemmJob<float>::call(std::vector<float> &c) const {
    const auto t = [](bool x) { return x ? CblasTrans : CblasNoTrans; };
    if (row_major)
        cblas_sgemm(CblasRowMajor, t(tb), t(ta), n, m, k, alpha, b.data(), ldb, a.data(), lda,
                    beta, c.data(), ldc);
    else
        cblas_sgemm(CblasColMajor, t(ta), t(tb), m, n, k, alpha, a.data(), lda, b.data(), ldb,
                    beta, c.data(), ldc);
}
template <>
void GemmJob<double>::call(std::vector<double> &c) const {
    const auto t = [](bool x) { return x ? CblasTrans : CblasNoTrans; };
    if (row_major)
        cblas_dgemm(CblasRowMajor, t(tb), t(ta), n, m, k, alpha, b.data(), ldb, a.data(), lda,
                    beta, c.data(), ldc);
    else
        cblas_dgemm(CblasColMajor, t(ta), t(tb), m, n, k, alpha, a.data(), lda, b.data(), ldb,
                    beta, c.data(), ldc);
}

// ddot, daxpy and d/sgemv against long-double references.
struct Level12Job {
    int n;
    std::vector<double> x, y, a;
    std::vector<float> af, xf, yf;
    double dot_want;
    std::vector<double> axpy_want, gemv_want;
    std::vector<float> sgemv_want;

    Level12Job(int n_, std::uint64_t seed)
        : n(n_), x(reltest::random_matrix<double>(n, seed)),
          y(reltest::random_matrix<double>(n, seed + 1)),
          a(reltest::random_matrix<double>(std::size_t(n) * n, seed + 2)),
          af(reltest::random_matrix<float>(std::size_t(n) * n, seed + 2)),
          xf(reltest::random_matrix<float>(n, seed)), yf(reltest::random_matrix<float>(n, seed + 1)) {
        long double s = 0;
        for (int i = 0; i < n; ++i) s += static_cast<long double>(x[i]) * y[i];
        dot_want = static_cast<double>(s);
        axpy_want = y;
        for (int i = 0; i < n; ++i) axpy_want[i] = static_cast<double>(y[i] + 0.75L * x[i]);
        gemv_want.resize(n);
        sgemv_want.resize(n);
        for (int i = 0; i < n; ++i) {
            long double d = 0, f = 0;  // y = A^T x - y (transposed: a column of A per entry)
            for (int p = 0; p < n; ++p) {
                d += static_cast<long double>(a[p + std::size_t(i) * n]) * x[p];
                f += static_cast<long double>(af[p + std::size_t(i) * n]) * xf[p];
            }
            gemv_want[i] = static_cast<double>(d - y[i]);
            sgemv_want[i] = static_cast<float>(f - yf[i]);
        }
    }

    std::string run() const {
        const double eps = std::numeric_limits<double>::epsilon();
        const double tol = 4.0 * (n + 2) * eps * n;
        const double tolf = 4.0 * (n + 2) * std::numeric_limits<float>::epsilon() * n;
        const double dot = cblas_ddot(n, x.data(), 1, y.data(), 1);
        if (!(std::fabs(dot - dot_want) <= tol)) return "ddot wrong";
        std::vector<double> yy = y;
        cblas_daxpy(n, 0.75, x.data(), 1, yy.data(), 1);
        for (int i = 0; i < n; ++i)
            if (!(std::fabs(yy[i] - axpy_want[i]) <= 4 * eps)) return "daxpy wrong";
        yy = y;
        cblas_dgemv(CblasColMajor, CblasTrans, n, n, 1.0, a.data(), n, x.data(), 1, -1.0,
                    yy.data(), 1);
        for (int i = 0; i < n; ++i)
            if (!(std::fabs(yy[i] - gemv_want[i]) <= tol)) return "dgemv wrong";
        std::vector<float> yyf = yf;
        cblas_sgemv(CblasColMajor, CblasTrans, n, n, 1.0f, af.data(), n, xf.data(), 1, -1.0f,
                    yyf.data(), 1);
        for (int i = 0; i < n; ++i)
            if (!(std::fabs(yyf[i] - sgemv_want[i]) <= tolf)) return "sgemv wrong";
        return "";
    }
};

TEST(Concurrency, ThirtyTwoThreadsMixedRoutinesAndThreadSettings) {
    // Shapes: square (row split), short and wide (column split), tall and
    // thin, small (unpacked path, edge tiles), and one deep enough for
    // several KC blocks.
    const int shapes[][3] = {{160, 150, 140}, {16, 700, 64}, {500, 12, 40}, {37, 29, 23},
                             {96, 80, 600}, {7, 5, 3}, {130, 130, 130}, {64, 64, 300}};
    std::vector<std::string> errors(kThreads);
    std::atomic<int> ready{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&, t] {
            const int *s = shapes[t % 8];
            const bool ta = t & 1, tb = (t >> 1) & 1, row_major = (t >> 2) & 1;
            const std::uint64_t seed = 1000 + 17 * t;
            // Build every reference before the race starts.
            const GemmJob<double> d(s[0], s[1], s[2], ta, tb, row_major, seed);
            const GemmJob<float> f(s[1], s[0], s[2], tb, ta, !row_major, seed + 7);
            const Level12Job l(200 + 13 * t, seed + 11);
            ready.fetch_add(1);
            while (ready.load() < kThreads) std::this_thread::yield();
            for (int r = 0; r < repeats() && errors[t].empty(); ++r) {
                // A quarter of the threads keep changing the global setting
                // (1..4 threads, or back to the default) while others compute.
                if (t % 4 == 3) tileblas_set_num_threads((t + r) % 5);
                if (t % 8 == 7) openblas_set_num_threads((t + r) % 3 + 1);
                std::string e = d.run();
                if (e.empty()) e = f.run();
                if (e.empty()) e = l.run();
                if (!e.empty()) errors[t] = "thread " + std::to_string(t) + " repeat " +
                                            std::to_string(r) + ": " + e;
            }
        });
    for (auto &th : threads) th.join();
    tileblas_set_num_threads(0);
    for (const auto &e : errors) EXPECT_EQ(e, "");
}

}  // namespace
