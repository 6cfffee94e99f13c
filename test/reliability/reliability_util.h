// reliability_util.h -- small helpers shared by the reliability tests: a
// deterministic matrix fill, a long-double reference GEMM (column-major), an
// error bound for comparing against it, and the process's thread count.
#ifndef TILEBLAS_TEST_RELIABILITY_UTIL_H
#define TILEBLAS_TEST_RELIABILITY_UTIL_H

#include <dirent.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace reltest {

// Values in [-1, 1) from a 64-bit LCG: reproducible across runs and threads,
// and exactly representable in float, so s- and d-tests share one source.
template <class T> std::vector<T> random_matrix(std::size_t count, std::uint64_t seed) {
    std::vector<T> v(count);
    std::uint64_t s = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    for (auto &x : v) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        x = static_cast<T>(static_cast<int>((s >> 40) & 0xffff) - 32768) / T(32768);
    }
    return v;
}

// C = alpha * A * B + beta * C, all column-major, no transposes, in long double.
template <class T>
std::vector<T> reference_gemm(int m, int n, int k, T alpha, const std::vector<T> &a, int lda,
                              const std::vector<T> &b, int ldb, T beta, std::vector<T> c,
                              int ldc) {
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) {
            long double s = 0;
            for (int p = 0; p < k; ++p)
                s += static_cast<long double>(a[i + std::size_t(p) * lda]) * b[p + std::size_t(j) * ldb];
            T &cij = c[i + std::size_t(j) * ldc];
            cij = static_cast<T>(alpha * s + (beta == T(0) ? 0.0L : beta * static_cast<long double>(cij)));
        }
    return c;
}

// Whether every element of the m x n result is within the classic GEMM
// error bound of the reference, |error| <= 2 (k + 2) eps (|alpha| |A||B| +
// |beta| |C|), where inputs in [-1, 1) make |A||B| at most k.  A wrong tile
// (a term missing or doubled) is off by O(1) and fails it.
template <class T>
bool close_to(const std::vector<T> &got, const std::vector<T> &want, int m, int n, int ld, int k,
              double alpha, double beta, std::size_t *first_bad = nullptr) {
    const double tol = 2.0 * (k + 2) * std::numeric_limits<T>::epsilon() *
                       (std::fabs(alpha) * k + std::fabs(beta) + 1);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) {
            const std::size_t at = i + std::size_t(j) * ld;
            if (!(std::fabs(double(got[at]) - double(want[at])) <= tol)) {
                if (first_bad) *first_bad = at;
                return false;
            }
        }
    return true;
}

// Threads of this process now (entries of /proc/self/task).
inline int thread_count() {
    int n = 0;
    if (DIR *d = opendir("/proc/self/task")) {
        while (dirent *e = readdir(d))
            if (e->d_name[0] != '.') ++n;
        closedir(d);
    }
    return n;
}

}  // namespace reltest

#endif
