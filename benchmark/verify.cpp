// verify.cpp -- result checks for verify.h.
#include "verify.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <vector>

namespace {

// op(A)(i, p) for the shape's transpose flag.
template <typename T>
double op_a(const Shape &s, const T *a, int lda, int i, int p) {
    return s.trans_a ? a[p + size_t(i) * lda] : a[i + size_t(p) * lda];
}

// |got - want| <= tol, false for NaN.
bool within(double got, double want, double tol) { return std::fabs(got - want) <= tol; }

template <typename T>
bool freivalds(const Shape &s, const T *a, int lda, const T *b, int ldb, const T *c,
               int ldc, double eps, std::string *detail) {
    std::mt19937_64 rng(12345);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::vector<double> x(s.n), bx(s.k, 0.0), bx_abs(s.k, 0.0);
    for (auto &v : x) v = u(rng);
    for (int j = 0; j < s.n; ++j)
        for (int p = 0; p < s.k; ++p) {
            double bpj = b[p + size_t(j) * ldb];
            bx[p] += bpj * x[j];
            bx_abs[p] += std::fabs(bpj * x[j]);
        }
    std::vector<double> want(s.m, 0.0), bound(s.m, 0.0), got(s.m, 0.0);
    for (int p = 0; p < s.k; ++p)
        for (int i = 0; i < s.m; ++i) {
            double aip = op_a(s, a, lda, i, p);
            want[i] += aip * bx[p];
            bound[i] += std::fabs(aip) * bx_abs[p];
        }
    for (int j = 0; j < s.n; ++j)
        for (int i = 0; i < s.m; ++i) got[i] += double(c[i + size_t(j) * ldc]) * x[j];
    // Library rounding (k terms) plus the two sums over n done here.
    double factor = 2.0 * (s.k + s.n + 2) * eps;
    for (int i = 0; i < s.m; ++i)
        if (!within(got[i], want[i], factor * bound[i] + 1e-300)) {
            char buf[160];
            std::snprintf(buf, sizeof buf, "(C*x)[%d] = %.6g, expected %.6g", i, got[i], want[i]);
            *detail = buf;
            return false;
        }
    return true;
}

// One element: |C(i,j) - sum_p a_ip b_pj| within 2 (k+2) eps sum_p |a_ip b_pj|.
bool element_ok(double got, double want, double abs_sum, double eps, int k, int i, int j,
                std::string *detail) {
    if (within(got, want, 2.0 * (k + 2) * eps * abs_sum + 1e-300)) return true;
    char buf[160];
    std::snprintf(buf, sizeof buf, "C(%d,%d) = %.6g, expected %.6g", i, j, got, want);
    *detail = buf;
    return false;
}

// Row i of C, from a contiguous copy of row i of op(A).
template <typename T>
bool check_row(const Shape &s, const T *a, int lda, const T *b, int ldb, const T *c,
               int ldc, double eps, int i, std::string *detail) {
    std::vector<double> arow(s.k);
    for (int p = 0; p < s.k; ++p) arow[p] = op_a(s, a, lda, i, p);
    for (int j = 0; j < s.n; ++j) {
        double want = 0, abs_sum = 0;
        for (int p = 0; p < s.k; ++p) {
            double t = arow[p] * double(b[p + size_t(j) * ldb]);
            want += t;
            abs_sum += std::fabs(t);
        }
        if (!element_ok(c[i + size_t(j) * ldc], want, abs_sum, eps, s.k, i, j, detail))
            return false;
    }
    return true;
}

// Column j of C, accumulated column by column of op(A).
template <typename T>
bool check_col(const Shape &s, const T *a, int lda, const T *b, int ldb, const T *c,
               int ldc, double eps, int j, std::string *detail) {
    std::vector<double> want(s.m, 0.0), abs_sum(s.m, 0.0);
    for (int p = 0; p < s.k; ++p) {
        double bpj = b[p + size_t(j) * ldb];
        for (int i = 0; i < s.m; ++i) {
            double t = op_a(s, a, lda, i, p) * bpj;
            want[i] += t;
            abs_sum[i] += std::fabs(t);
        }
    }
    for (int i = 0; i < s.m; ++i)
        if (!element_ok(c[i + size_t(j) * ldc], want[i], abs_sum[i], eps, s.k, i, j, detail))
            return false;
    return true;
}

template <typename T>
bool verify_with(const Shape &s, const T *a, int lda, const T *b, int ldb, const T *c,
                 int ldc, double eps, std::string *detail) {
    if (!freivalds(s, a, lda, b, ldb, c, ldc, eps, detail)) return false;

    std::mt19937 rng(777);
    std::vector<int> rows = {0, s.m - 1}, cols = {0, s.n - 1};
    for (int t = 0; t < 3; ++t) {
        rows.push_back(std::uniform_int_distribution<int>(0, s.m - 1)(rng));
        cols.push_back(std::uniform_int_distribution<int>(0, s.n - 1)(rng));
    }
    for (int i : rows)
        if (!check_row(s, a, lda, b, ldb, c, ldc, eps, i, detail)) return false;
    for (int j : cols)
        if (!check_col(s, a, lda, b, ldb, c, ldc, eps, j, detail)) return false;
    return true;
}

}  // namespace

template <typename T>
bool verify_gemm(const Shape &s, const T *a, int lda, const T *b, int ldb, const T *c,
                 int ldc, std::string *detail) {
    return verify_with(s, a, lda, b, ldb, c, ldc, std::numeric_limits<T>::epsilon(), detail);
}

bool verify_gemm_eps(const Shape &s, const float *a, int lda, const float *b, int ldb,
                     const float *c, int ldc, double eps, std::string *detail) {
    return verify_with(s, a, lda, b, ldb, c, ldc, eps, detail);
}

template bool verify_gemm<float>(const Shape &, const float *, int, const float *, int,
                                 const float *, int, std::string *);
template bool verify_gemm<double>(const Shape &, const double *, int, const double *, int,
                                  const double *, int, std::string *);
