// probe_check.h -- verification by random-vector probes, for the level 3
// routines other than real GEMM (verify.h does that one).
//
// A routine's output Out (m x n) is checked through a probe: given x, the
// routine's probe function fills got (computed from Out, e.g. Out*x), want
// (the same quantity from the inputs, in double) and bound (|.| sums, so
// that |got - want| <= 2 (terms + 2) eps bound for any correct library).
// check_probes() uses a random x (touches every element: NaN or garbage
// anywhere fails) and the unit vectors of a few columns (per-element bounds,
// tight enough to catch one wrong tile).
#pragma once

#include <cmath>
#include <complex>
#include <cstdio>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace bench {

inline double to_d(float v) { return v; }
inline double to_d(double v) { return v; }
inline std::complex<double> to_d(std::complex<float> v) { return {v.real(), v.imag()}; }
inline std::complex<double> to_d(std::complex<double> v) { return v; }
// |re| + |im|: a bound for the complex modulus that is cheap and exact.
inline double mag(double v) { return std::fabs(v); }
inline double conj_d(double v) { return v; }
inline std::complex<double> conj_d(std::complex<double> v) { return std::conj(v); }
inline double mag(std::complex<double> v) { return std::fabs(v.real()) + std::fabs(v.imag()); }

// Which part of A a product uses: all, the lower triangle, or the lower
// triangle mirrored (symmetric) or mirrored conjugated (Hermitian).
enum class Part { kFull, kLower, kSymLower, kHermLower };

// y += op(A) x and yb += |op(A)| xb in double; A is m x n column-major (m x m
// for the triangular/symmetric parts).  x, y hold V (double or complex).
template <typename T, typename V>
void matvec(int m, int n, const T *a, int lda, Part part, const V *x, const double *xb,
            V *y, double *yb) {
    for (int j = 0; j < n; ++j) {
        const T *col = a + size_t(j) * lda;
        int i0 = part == Part::kFull ? 0 : j;
        for (int i = i0; i < m; ++i) {
            auto aij = to_d(col[i]);
            y[i] += aij * x[j];
            yb[i] += mag(aij) * xb[j];
            if (part == Part::kSymLower && i != j) {   // the mirrored upper element
                y[j] += aij * x[i];
                yb[j] += mag(aij) * xb[i];
            }
            if (part == Part::kHermLower && i != j) {
                y[j] += conj_d(aij) * x[i];
                yb[j] += mag(aij) * xb[i];
            }
        }
    }
}

template <typename V>
using ProbeFn = std::function<void(const std::vector<V> &x, std::vector<V> &got,
                                   std::vector<V> &want, std::vector<double> &bound)>;

// n: length of x; terms: the longest sum behind one element (library and
// probe together).  Complex products round each part separately, hence x2.
template <typename V>
bool check_probes(int n, int terms, double eps, const ProbeFn<V> &probe, std::string *detail) {
    const double factor = 2.0 * (terms + 2) * eps * (sizeof(V) > sizeof(double) ? 2 : 1);
    std::mt19937_64 rng(4242);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::vector<std::vector<V>> xs;
    std::vector<int> cols = {-1, 0, n - 1, std::uniform_int_distribution<int>(0, n - 1)(rng)};
    for (int c : cols) {
        std::vector<V> x(n, V(0));
        if (c < 0) for (auto &v : x) v = V(u(rng));
        else x[c] = V(1);
        std::vector<V> got, want;
        std::vector<double> bound;
        probe(x, got, want, bound);
        for (size_t i = 0; i < got.size(); ++i) {
            double err = mag(got[i] - want[i]);
            if (!(err <= factor * bound[i] + 1e-300)) {   // NaN fails too
                char buf[200];
                if (c < 0)
                    std::snprintf(buf, sizeof buf, "random probe, row %zu: off by %.3g (bound %.3g)",
                                  i, err, factor * bound[i]);
                else
                    std::snprintf(buf, sizeof buf, "element (%zu,%d): off by %.3g (bound %.3g)", i,
                                  c, err, factor * bound[i]);
                *detail = buf;
                return false;
            }
        }
    }
    return true;
}

}  // namespace bench
