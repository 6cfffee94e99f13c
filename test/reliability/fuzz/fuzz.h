// fuzz.h -- what the routine families of the differential fuzzer share: the
// input reader, the draws (sizes, scalars, increments, data), the element
// checks, and each family's entry point.
//
// Input format: byte 0 picks the routine (harness.cpp's table, modulo its
// length; 0 = sgemm and 1 = dgemm as in the original gemm-only corpus), the
// routine's fuzz_* function reads the rest front to back; past the end every
// byte reads as 0, so any byte string is a valid input.
#ifndef TILEBLAS_FUZZ_FUZZ_H
#define TILEBLAS_FUZZ_FUZZ_H

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <string>
#include <vector>

#include "netlib.h"

namespace fuzz {

class Input {
public:
    Input(const std::uint8_t *d, std::size_t n) : d_(d), n_(n) {}
    unsigned byte() { return at_ < n_ ? d_[at_++] : 0; }
    unsigned below(unsigned limit) { return byte() % limit; }
    bool bit() { return byte() & 1; }

private:
    const std::uint8_t *d_;
    std::size_t n_, at_ = 0;
};

// Sizes: mostly below 40 (every register-tile edge), sometimes up to 150,
// rarely up to 660 (past the blocking: MC, KC, the unpacked path's limit).
inline int size_from(Input &in) {
    const unsigned b = in.byte();
    if (b < 160) return static_cast<int>(b % 40);
    if (b < 240) return 40 + static_cast<int>(in.byte() % 110);
    return 150 + static_cast<int>(in.byte()) * 2;
}

// alpha, beta: 0, 1, -1 and a few others, NaN where the routine allows it.
inline double scalar_from(Input &in, bool nan_ok) {
    static const double table[] = {0.0, 1.0, -1.0, 0.5, 2.0, -0.75, 1e-3,
                                   std::numeric_limits<double>::quiet_NaN()};
    const unsigned b = in.byte();
    const double x = b < 224 ? table[b % 8] : (static_cast<int>(b) - 240) / 7.0;
    return std::isnan(x) && !nan_ok ? 1.5 : x;
}

// Increments: +-1, +-2, +-3.
inline int inc_from(Input &in) {
    static const int table[] = {1, -1, 2, -2, 3, -3};
    return table[in.below(6)];
}
inline int iabs(int x) { return x < 0 ? -x : x; }
// Elements of a vector of n with increment inc (plus a little slack).
inline std::size_t vec_len(int n, int inc, unsigned slack) {
    return n > 0 ? std::size_t(n - 1) * iabs(inc) + 1 + slack : slack;
}
inline bool vec_inside(std::size_t p, int n, int inc) {
    return p % iabs(inc) == 0 && p / iabs(inc) < std::size_t(n);
}

// Data: a stream seeded by one input byte; values in (-1, 1), never 0 (so
// the reference's "skip if x(j) = 0" shortcuts never change a NaN pattern).
class Gen {
public:
    explicit Gen(Input &in) : s_(in.byte() * 0x9E3779B97F4A7C15ULL + 1) {}
    double next() {
        s_ = s_ * 6364136223846793005ULL + 1442695040888963407ULL;
        return (static_cast<int>((s_ >> 40) & 0xffff) - 32768 + 0.5) / 32768.0;
    }
    template <class T> std::vector<T> vec(std::size_t n) {
        std::vector<T> v(n);
        for (T &x : v) x = static_cast<T>(next());
        return v;
    }

private:
    std::uint64_t s_;
};

// NaN / +Inf / -Inf into one element of one of the arrays, for about one
// input in 16 (only for routines whose NaN pattern the reference defines
// elementwise: gemm, gemv, ger, dot, axpy).
template <class T> void maybe_inject(Input &in, std::initializer_list<std::vector<T> *> arrays) {
    if (in.byte() < 240) return;
    std::vector<T> &v = **(arrays.begin() + in.below(static_cast<unsigned>(arrays.size())));
    const unsigned what = in.byte(), hi = in.byte(), where = hi << 8 | in.byte();
    if (v.empty()) return;
    const T inf = std::numeric_limits<T>::infinity();
    v[where % v.size()] = what % 3 == 0 ? std::numeric_limits<T>::quiet_NaN() : what % 3 == 1 ? inf : -inf;
}

template <class T> std::vector<T> absv(const std::vector<T> &v) {
    std::vector<T> r(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) r[i] = std::fabs(v[i]);
    return r;
}
// |z| of each (re, im) pair of a complex array.
template <class T> std::vector<T> moduli(const std::vector<T> &v) {
    std::vector<T> r(v.size() / 2);
    for (std::size_t i = 0; i < r.size(); ++i) r[i] = std::hypot(v[2 * i], v[2 * i + 1]);
    return r;
}
// |x| for the bound's scalars; a NaN scalar makes every used element NaN,
// which the NaN rule checks, so it contributes 0 here.
template <class T> T mag(T x) { return std::isnan(x) ? T(0) : std::fabs(x); }

template <class T> constexpr char tname = sizeof(T) == 4 ? 's' : 'd';

inline char flip_trans(char t) { return t == 'N' ? 'T' : 'N'; }
inline char flip_uplo(char u) { return u == 'U' ? 'L' : 'U'; }

// Column-major matrices: element p of an ld x cols array.
inline bool in_rect(std::size_t p, int ld, int rows, int cols) {
    return int(p % ld) < rows && int(p / ld) < cols;
}
inline bool in_tri(std::size_t p, int ld, int n, char uplo) {
    const int i = int(p % ld), j = int(p / ld);
    return i < n && j < n && (uplo == 'U' ? i <= j : i >= j);
}
// Symmetric/triangular A: the triangle not named by uplo (and a unit
// diagonal) becomes NaN, so a routine that reads it gives NaN results.
// conditioned (solves): |a_ii| in [1, 2), off-diagonals in (-1/n, 1/n);
// see trsv/trsm for what that buys.
template <class T>
void shape_matrix(std::vector<T> &a, int ld, int n, char uplo, char diag, bool conditioned) {
    const T nan = std::numeric_limits<T>::quiet_NaN();
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            T &x = a[std::size_t(j) * ld + i];
            if (i == j)
                x = diag == 'U' ? nan : conditioned ? std::copysign(1 + std::fabs(x), x) : x;
            else if ((uplo == 'U') != (i < j))
                x = nan;
            else if (conditioned)
                x /= T(n);
        }
}

// Elementwise rounding-error unit: c * eps for a sum of k products.
template <class T> double gamma(int k, double c = 2.0) {
    return c * (k + 2) * std::numeric_limits<T>::epsilon();
}

[[noreturn]] inline void fail(const std::string &desc, const char *what, std::size_t p, int ld,
                              double ours, double ref, double tol) {
    std::fprintf(stderr, "MISMATCH %s: %s element %zu", desc.c_str(), what, p);
    if (ld > 0) std::fprintf(stderr, " (row %zu, col %zu)", p % ld, p / ld);
    std::fprintf(stderr, ": tileblas %.17g netlib %.17g (tolerance %.3g)\n", ours, ref, tol);
    std::abort();
}

// The output array: where inside(p), ours must be NaN exactly where ref is,
// equal where ref is +-Inf, else within tol_of(p); everywhere else (ld
// padding, the other triangle, gaps between strided elements) bitwise
// untouched.  ld > 0 names rows/columns in the report.
template <class T, class Inside, class Tol>
void expect(const std::string &desc, const std::vector<T> &orig, const std::vector<T> &ours,
            const std::vector<T> &ref, Inside inside, Tol tol_of, int ld) {
    static const bool verbose = std::getenv("TILEBLAS_FUZZ_VERBOSE") != nullptr;
    if (verbose) std::fprintf(stderr, "case %s\n", desc.c_str());
    for (std::size_t p = 0; p < ours.size(); ++p) {
        const double o = ours[p], r = ref[p];
        if (!inside(p)) {
            if (std::memcmp(&ours[p], &orig[p], sizeof(T)) != 0)
                fail(desc, "outside the output,", p, ld, o, orig[p], 0);
            continue;
        }
        const double tol = std::isnan(r) || std::isinf(r) ? 0.0 : double(tol_of(p));
        const bool ok = std::isnan(r)   ? std::isnan(o)
                        : std::isinf(r) ? o == r
                                        : !std::isnan(o) && !(std::fabs(o - r) > tol);
        if (!ok) fail(desc, "output", p, ld, o, r, tol);
    }
}
// An input array must come back bitwise unchanged.
template <class T>
void expect_unchanged(const std::string &desc, const char *name, const std::vector<T> &before,
                      const T *after) {
    for (std::size_t p = 0; p < before.size(); ++p)
        if (std::memcmp(&before[p], &after[p], sizeof(T)) != 0)
            fail(desc, name, p, 0, after[p], before[p], 0);
}

std::string format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

// The families (level1.cpp, level2.cpp, level3.cpp, complex1.cpp,
// complex2.cpp, complex3.cpp); T = float or double.
template <class T> void fuzz_dot(Input &);
template <class T> void fuzz_axpy(Input &);
template <class T> void fuzz_gemv(Input &);
template <class T> void fuzz_ger(Input &);
template <class T> void fuzz_symv(Input &);
template <class T> void fuzz_trmv(Input &);
template <class T> void fuzz_trsv(Input &);
template <class T> void fuzz_gemm(Input &);
template <class T> void fuzz_cgemm(Input &);  // c/zgemm on (re, im) pairs of T
template <class T> void fuzz_syrk(Input &);
template <class T> void fuzz_symm(Input &);
template <class T> void fuzz_trmm(Input &);
template <class T> void fuzz_trsm(Input &);
// c/z (T = float/double): dotu or dotc, axpy; gemv, hemv, her, her2, geru or gerc, trmv, trsv;
// syrk or herk, syr2k or her2k, symm or hemm, trmm, trsm.
template <class T> void fuzz_complex_dot(Input &);
template <class T> void fuzz_complex_axpy(Input &);
template <class T> void fuzz_complex_gemv(Input &);
template <class T> void fuzz_complex_hemv(Input &);
template <class T> void fuzz_complex_her(Input &);
template <class T> void fuzz_complex_her2(Input &);
template <class T> void fuzz_complex_ger(Input &);
template <class T> void fuzz_complex_trmv(Input &);
template <class T> void fuzz_complex_trsv(Input &);
template <class T> void fuzz_complex_syrk(Input &);
template <class T> void fuzz_complex_syr2k(Input &);
template <class T> void fuzz_complex_symm(Input &);
template <class T> void fuzz_complex_trmm(Input &);
template <class T> void fuzz_complex_trsm(Input &);

}  // namespace fuzz

#endif
