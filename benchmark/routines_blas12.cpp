// routines_blas12.cpp -- level 1/2 rows: inputs, calls and checks.  Every
// output is compared with a double computation, element by element, against
// a rounding bound 2 (terms + 2) eps sum |products|.
#include "routines_blas12.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
#include <limits>

#include "timing.h"

namespace {

using bench::Buffer;

template <typename T>
using GemvFn = void (*)(int, int, int, int, T, const T *, int, const T *, int, T, T *, int);
template <typename T>
using TrsvFn = void (*)(int, int, int, int, int, const T *, int, T *, int);
template <typename T>
using DotFn = T (*)(int, const T *, int, const T *, int);
template <typename T>
using AxpyFn = void (*)(int, T, const T *, int, T *, int);
template <typename T>
using SymvFn = void (*)(int, int, int, T, const T *, int, const T *, int, T, T *, int);
template <typename T>
using NormFn = T (*)(int, const T *, int);   // asum, nrm2
template <typename T>
using IamaxFn = size_t (*)(int, const T *, int);
// c/zgemv: alpha and beta by address.
using ComplexGemvFn = void (*)(int, int, int, int, const void *, const void *, int, const void *,
                               int, const void *, void *, int);
using ComplexHemvFn = void (*)(int, int, int, const void *, const void *, int, const void *, int,
                               const void *, void *, int);

// The precision letter and the operation: "dgemv" -> 'd', "gemv";
// "isamax" -> 's', "amax".
char precision(const std::string &routine) { return routine[0] == 'i' ? routine[1] : routine[0]; }
std::string operation(const std::string &routine) {
    return routine[0] == 'i' ? routine.substr(2) : routine.substr(1);
}

std::string size_label(int n) {
    if (n % (1 << 20) == 0) return std::to_string(n >> 20) + "M";
    if (n % 1024 == 0 && n >= 16384) return std::to_string(n >> 10) + "K";
    return std::to_string(n);
}

// got[i] vs want[i] within 2 (terms + 2) eps bound[i]; NaN fails.
bool compare(const char *what, size_t count, const std::vector<double> &got,
             const std::vector<double> &want, const std::vector<double> &bound, int terms,
             double eps, std::string *detail) {
    const double factor = 2.0 * (terms + 2) * eps;
    for (size_t i = 0; i < count; ++i) {
        double err = std::fabs(got[i] - want[i]);
        if (!(err <= factor * bound[i] + 1e-300)) {
            char buf[160];
            std::snprintf(buf, sizeof buf, "%s[%zu] off by %.3g (bound %.3g)", what, i, err,
                          factor * bound[i]);
            *detail = buf;
            return false;
        }
    }
    return true;
}

template <typename T>
CaseResult run_typed(const Blas12Row &row, int threads, const std::vector<BlasLib> &libs,
                     const TimingPolicy &policy, const Bandwidth &bw) {
    const int n = row.n;
    const std::string op = operation(row.routine);
    const bool matrix = op == "gemv" || op == "trsv" || op == "symv";
    const size_t na = matrix ? size_t(n) * n : 1;
    const double eps = std::numeric_limits<T>::epsilon();
    CaseResult out = make_row({n, n, n, false}, precision(row.routine), threads);
    out.routine = row.routine;
    const char *variant = op == "gemv" ? (row.trans ? " T" : " N")
                          : op == "symv" ? (row.trans ? " U" : " L") : "";
    out.label = matrix ? size_label(n) + "x" + size_label(n) + variant : size_label(n);
    out.yardstick = op == "axpy" ? bw.copy(threads) : bw.read(threads);

    Buffer<T> a(na), x(n), y(n), y0(n);
    bench::fill_random(a.get(), na, 21);
    if (op == "trsv")   // diagonally dominant lower triangle: well conditioned
        for (int i = 0; i < n; ++i) a.get()[i + size_t(i) * n] = T(n);
    bench::fill_random(x.get(), n, 22);
    bench::fill_random(y0.get(), n, 23);
    std::vector<void *> f;
    for (const auto &l : libs) f.push_back(l.symbol(l.prefix + "cblas_" + row.routine));
    T dot_result = 0;
    size_t index_result = 0;
    const T alpha = T(0.5);

    bench::RowOps ops;
    ops.offers = [&](size_t l) { return f[l] != nullptr; };
    double bytes = 0;
    std::vector<double> got(n), want(n), bound(n);
    auto restore_y = [&] { std::memcpy(y.get(), y0.get(), n * sizeof(T)); };
    if (op == "gemv") {
        bytes = (double(n) * n + 2.0 * n) * sizeof(T);
        const int ta = row.trans ? kTrans : kNoTrans;
        ops.call = [&, ta](size_t l) {
            reinterpret_cast<GemvFn<T>>(f[l])(kColMajor, ta, n, n, T(1), a.get(), n, x.get(), 1,
                                              T(0), y.get(), 1);
        };
        ops.reset = [&] { std::fill(y.get(), y.get() + n, std::numeric_limits<T>::quiet_NaN()); };
        ops.check = [&, ta](size_t, LibResult &r) {
            std::fill(want.begin(), want.end(), 0.0);
            std::fill(bound.begin(), bound.end(), 0.0);
            for (int j = 0; j < n; ++j)
                for (int i = 0; i < n; ++i) {
                    double t = double(a.get()[i + size_t(j) * n]);
                    int row_i = ta == kTrans ? j : i, col = ta == kTrans ? i : j;
                    want[row_i] += t * x.get()[col];
                    bound[row_i] += std::fabs(t * x.get()[col]);
                }
            for (int i = 0; i < n; ++i) got[i] = y.get()[i];
            if (!compare("y", n, got, want, bound, n, eps, &r.detail)) r.failed = true;
        };
    } else if (op == "trsv") {
        bytes = (double(n) * (n + 1) / 2 + 2.0 * n) * sizeof(T);
        ops.call = [&](size_t l) {
            reinterpret_cast<TrsvFn<T>>(f[l])(kColMajor, kLower, kNoTrans, kNonUnit, n, a.get(), n,
                                              y.get(), 1);
        };
        ops.reset = restore_y;
        ops.before = restore_y;
        ops.check = [&](size_t, LibResult &r) {   // tril(A) x_out == b
            std::fill(got.begin(), got.end(), 0.0);
            std::fill(bound.begin(), bound.end(), 0.0);
            for (int j = 0; j < n; ++j)
                for (int i = j; i < n; ++i) {
                    double t = double(a.get()[i + size_t(j) * n]) * y.get()[j];
                    got[i] += t;
                    bound[i] += std::fabs(t);
                }
            for (int i = 0; i < n; ++i) {
                want[i] = y0.get()[i];
                bound[i] += std::fabs(want[i]);
            }
            if (!compare("A*x - b", n, got, want, bound, 2 * n, eps, &r.detail)) r.failed = true;
        };
    } else if (op == "symv") {   // row.trans: the upper triangle, else the lower
        bytes = (double(n) * (n + 1) / 2 + 2.0 * n) * sizeof(T);
        const int uplo = row.trans ? kUpper : kLower;
        ops.call = [&, uplo](size_t l) {
            reinterpret_cast<SymvFn<T>>(f[l])(kColMajor, uplo, n, T(1), a.get(), n, x.get(), 1,
                                              T(0), y.get(), 1);
        };
        ops.reset = [&] { std::fill(y.get(), y.get() + n, std::numeric_limits<T>::quiet_NaN()); };
        ops.check = [&, uplo](size_t, LibResult &r) {
            std::fill(want.begin(), want.end(), 0.0);
            std::fill(bound.begin(), bound.end(), 0.0);
            for (int j = 0; j < n; ++j)
                for (int i = 0; i < n; ++i) {   // element (i, j) from the stored triangle
                    const bool stored = uplo == kUpper ? i <= j : i >= j;
                    double t = double(stored ? a.get()[i + size_t(j) * n] : a.get()[j + size_t(i) * n]);
                    want[i] += t * x.get()[j];
                    bound[i] += std::fabs(t * x.get()[j]);
                }
            for (int i = 0; i < n; ++i) got[i] = y.get()[i];
            if (!compare("y", n, got, want, bound, n, eps, &r.detail)) r.failed = true;
        };
    } else if (op == "asum" || op == "nrm2") {
        bytes = double(n) * sizeof(T);
        const bool nrm2 = op == "nrm2";
        ops.call = [&](size_t l) { dot_result = reinterpret_cast<NormFn<T>>(f[l])(n, x.get(), 1); };
        ops.reset = [&] { dot_result = std::numeric_limits<T>::quiet_NaN(); };
        ops.check = [&, nrm2](size_t, LibResult &r) {
            double w = 0;
            for (int i = 0; i < n; ++i) w += nrm2 ? double(x.get()[i]) * x.get()[i] : std::fabs(x.get()[i]);
            if (nrm2) w = std::sqrt(w);
            std::vector<double> g1{double(dot_result)}, w1{w}, b1{w};
            if (!compare(nrm2 ? "nrm2" : "asum", 1, g1, w1, b1, n, eps, &r.detail)) r.failed = true;
        };
    } else if (op == "amax") {   // i?amax: exact, the first index of the largest |x_i|
        bytes = double(n) * sizeof(T);
        ops.call = [&](size_t l) { index_result = reinterpret_cast<IamaxFn<T>>(f[l])(n, x.get(), 1); };
        ops.reset = [&] { index_result = size_t(-1); };
        ops.check = [&](size_t, LibResult &r) {
            size_t best = 0;
            for (int i = 1; i < n; ++i)
                if (std::fabs(x.get()[i]) > std::fabs(x.get()[best])) best = size_t(i);
            if (index_result != best) {   // CBLAS's index is 0-based
                r.detail = "index " + std::to_string(index_result) + ", want " + std::to_string(best);
                r.failed = true;
            }
        };
    } else if (op == "dot") {
        bytes = 2.0 * n * sizeof(T);
        ops.call = [&](size_t l) {
            dot_result = reinterpret_cast<DotFn<T>>(f[l])(n, x.get(), 1, y0.get(), 1);
        };
        ops.reset = [&] { dot_result = std::numeric_limits<T>::quiet_NaN(); };
        ops.check = [&](size_t, LibResult &r) {
            double w = 0, b = 0;
            for (int i = 0; i < n; ++i) {
                double t = double(x.get()[i]) * y0.get()[i];
                w += t;
                b += std::fabs(t);
            }
            std::vector<double> g1{double(dot_result)}, w1{w}, b1{b};
            if (!compare("dot", 1, g1, w1, b1, n, eps, &r.detail)) r.failed = true;
        };
    } else {   // axpy: y += alpha x; y grows over the timed calls, so the
               // check restores y and makes one call of its own
        bytes = 3.0 * n * sizeof(T);
        ops.call = [&](size_t l) {
            reinterpret_cast<AxpyFn<T>>(f[l])(n, alpha, x.get(), 1, y.get(), 1);
        };
        ops.reset = restore_y;
        ops.check = [&](size_t l, LibResult &r) {
            restore_y();
            ops.call(l);
            for (int i = 0; i < n; ++i) {
                got[i] = y.get()[i];
                want[i] = double(y0.get()[i]) + double(alpha) * x.get()[i];
                bound[i] = std::fabs(want[i]);
            }
            if (!compare("y", n, got, want, bound, 1, eps, &r.detail)) r.failed = true;
        };
    }
    bench::run_timed(out, bytes, libs, policy, ops);
    return out;
}

// c/zgemv, y = A x or A^T x, and c/zhemv, y = A x with A Hermitian from its
// lower (upper when row.trans) triangle (alpha 1, beta 0; y preset to NaN,
// so beta = 0 must not read it), checked in complex double: each part of y
// within the rounding bound of its real products' absolute sum.
template <typename R>
CaseResult run_complex_matvec(const Blas12Row &row, int threads, const std::vector<BlasLib> &libs,
                            const TimingPolicy &policy, const Bandwidth &bw) {
    using C = std::complex<R>;
    const int n = row.n;
    CaseResult out = make_row({n, n, n, false}, precision(row.routine), threads);
    out.routine = row.routine;
    const bool hemv = operation(row.routine) == "hemv";
    out.label = size_label(n) + "x" + size_label(n) +
                (hemv ? (row.trans ? " U" : " L") : (row.trans ? " T" : " N"));
    out.yardstick = bw.read(threads);
    Buffer<C> a(size_t(n) * n), x(n), y(n);
    bench::fill_random(reinterpret_cast<R *>(a.get()), 2 * size_t(n) * n, 24);
    bench::fill_random(reinterpret_cast<R *>(x.get()), 2 * size_t(n), 25);
    std::vector<void *> f;
    for (const auto &l : libs) f.push_back(l.symbol(l.prefix + "cblas_" + row.routine));
    const C one(1), zero(0);
    const int ta = row.trans ? kTrans : kNoTrans;

    bench::RowOps ops;
    ops.offers = [&](size_t l) { return f[l] != nullptr; };
    const int uplo = row.trans ? kUpper : kLower;
    ops.call = [&](size_t l) {
        if (hemv)
            reinterpret_cast<ComplexHemvFn>(f[l])(kColMajor, uplo, n, &one, a.get(), n, x.get(), 1,
                                                  &zero, y.get(), 1);
        else
            reinterpret_cast<ComplexGemvFn>(f[l])(kColMajor, ta, n, n, &one, a.get(), n, x.get(),
                                                  1, &zero, y.get(), 1);
    };
    // Element (i, j) of op(A), or of the Hermitian matrix from its stored triangle.
    auto element = [&](int i, int j) -> std::complex<double> {
        if (!hemv) return row.trans ? a.get()[j + size_t(i) * n] : a.get()[i + size_t(j) * n];
        if (i == j) return a.get()[i + size_t(i) * n].real();
        const bool stored = uplo == kUpper ? i < j : i > j;
        return stored ? std::complex<double>(a.get()[i + size_t(j) * n])
                      : std::conj(std::complex<double>(a.get()[j + size_t(i) * n]));
    };
    ops.reset = [&] { std::fill(y.get(), y.get() + n, C(std::numeric_limits<R>::quiet_NaN())); };
    std::vector<double> got(2 * n), want(2 * n), bound(2 * n);
    ops.check = [&](size_t, LibResult &r) {
        std::fill(want.begin(), want.end(), 0.0);
        std::fill(bound.begin(), bound.end(), 0.0);
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                const std::complex<double> aij = element(i, j), xv = x.get()[j];
                want[2 * i] += aij.real() * xv.real() - aij.imag() * xv.imag();
                want[2 * i + 1] += aij.real() * xv.imag() + aij.imag() * xv.real();
                const double mag = (std::fabs(aij.real()) + std::fabs(aij.imag())) *
                                   (std::fabs(xv.real()) + std::fabs(xv.imag()));
                bound[2 * i] += mag;
                bound[2 * i + 1] += mag;
            }
        for (int i = 0; i < n; ++i) {
            got[2 * i] = y.get()[i].real();
            got[2 * i + 1] = y.get()[i].imag();
        }
        if (!compare("y", 2 * size_t(n), got, want, bound, 2 * n,
                     std::numeric_limits<R>::epsilon(), &r.detail))
            r.failed = true;
    };
    const double elements = hemv ? double(n) * (n + 1) / 2 : double(n) * n;
    bench::run_timed(out, (elements + 2.0 * n) * sizeof(C), libs, policy, ops);
    return out;
}

}  // namespace

std::vector<Blas12Row> blas12_rows() {
    std::vector<Blas12Row> rows;
    for (const char *p : {"s", "d"}) {
        std::string s(p);
        // In L2 (1 MiB on Zen 4): at most 512 KiB of data; out of cache: far
        // past L3.
        for (int n : {256, 8192}) {
            rows.push_back({s + "gemv", false, n});
            rows.push_back({s + "gemv", true, n});
            rows.push_back({s + "trsv", false, n});
            rows.push_back({s + "symv", false, n});
            rows.push_back({s + "symv", true, n});
        }
        for (int n : {32 << 10, 16 << 20}) {
            rows.push_back({s + "dot", false, n});
            rows.push_back({s + "axpy", false, n});
            rows.push_back({s + "asum", false, n});
            rows.push_back({s + "nrm2", false, n});
            rows.push_back({"i" + s + "amax", false, n});
        }
    }
    // Complex gemv: 256^2 in L2 (0.5 / 1 MiB), 4096^2 (128 / 256 MiB) out of
    // cache; hemv L/U at 128^2 (where LAPACK's Hermitian reductions spend
    // their calls) and 256^2.
    for (const char *p : {"c", "z"}) {
        for (int n : {256, 4096}) {
            rows.push_back({std::string(p) + "gemv", false, n});
            rows.push_back({std::string(p) + "gemv", true, n});
        }
        for (int n : {128, 256}) {
            rows.push_back({std::string(p) + "hemv", false, n});
            rows.push_back({std::string(p) + "hemv", true, n});
        }
    }
    return rows;
}

CaseResult run_blas12(const Blas12Row &row, int threads, const std::vector<BlasLib> &libs,
                      const TimingPolicy &policy, const Bandwidth &bw) {
    switch (precision(row.routine)) {
        case 's': return run_typed<float>(row, threads, libs, policy, bw);
        case 'c': return run_complex_matvec<float>(row, threads, libs, policy, bw);
        case 'z': return run_complex_matvec<double>(row, threads, libs, policy, bw);
        default: return run_typed<double>(row, threads, libs, policy, bw);
    }
}
