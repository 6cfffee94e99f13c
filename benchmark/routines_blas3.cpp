// routines_blas3.cpp -- level 3 rows other than real GEMM: inputs, the call
// through each library's CBLAS pointer, and the probe checks (probe_check.h).
#include "routines_blas3.h"

#include <algorithm>
#include <complex>
#include <cstring>
#include <limits>

#include "probe_check.h"
#include "timing.h"

namespace {

using bench::Buffer;
using bench::Part;
using bench::to_d;

template <typename T>
using TriFn = void (*)(int, int, int, int, int, int, int, T, const T *, int, T *, int);
template <typename T>
using SyrkFn = void (*)(int, int, int, int, int, T, const T *, int, T, T *, int);
template <typename T>
using SymmFn = void (*)(int, int, int, int, int, T, const T *, int, const T *, int, T, T *, int);
template <typename R>
using HerkFn = void (*)(int, int, int, int, int, R, const void *, int, R, void *, int);
using ComplexGemmFn = void (*)(int, int, int, int, int, int, const void *, const void *, int,
                               const void *, int, const void *, void *, int);

// Each library's entry point for `name` (s/d/c/z prefix included), or null.
template <typename F>
std::vector<F> resolve(const std::vector<BlasLib> &libs, const std::string &name) {
    std::vector<F> f;
    for (const auto &l : libs) f.push_back(l.fn<F>(("cblas_" + name).c_str()));
    return f;
}

template <typename T>
double eps_of() { return std::numeric_limits<T>::epsilon(); }

CaseResult new_row(const std::string &routine, int n, int threads) {
    CaseResult r = make_row({n, n, n, false}, routine[0] == 's' || routine[0] == 'c' ? 's' : 'd',
                            threads);
    r.routine = routine;
    return r;
}

// Random n x n matrix whose diagonal is n: the lower triangle is then
// diagonally dominant, so trsm is well conditioned.  The upper triangle is
// random too, unrelated to the lower one: a library that reads it fails.
template <typename T>
void fill_triangular(T *a, int n) {
    bench::fill_random(a, size_t(n) * n, 11);
    for (int i = 0; i < n; ++i) a[i + size_t(i) * n] = T(n);
}

// C's strict upper triangle is still all NaN (syrk and herk write only the
// lower one); else the row fails, saying where.
template <typename T>
bool is_nan(T v) { return std::isnan(v); }
template <typename R>
bool is_nan(std::complex<R> v) { return std::isnan(v.real()); }
template <typename T>
bool upper_untouched(const T *c, int n, LibResult &r) {
    for (int j = 1; j < n; ++j)
        for (int i = 0; i < j; ++i)
            if (!is_nan(c[i + size_t(j) * n])) {
                r.failed = true;
                r.detail = "wrote C(" + std::to_string(i) + "," + std::to_string(j) +
                           ") in the upper triangle";
                return false;
            }
    return true;
}

std::vector<double> abs_of(const std::vector<double> &x) {
    std::vector<double> r(x.size());
    for (size_t i = 0; i < x.size(); ++i) r[i] = std::fabs(x[i]);
    return r;
}

// trsm (solve) or trmm: B := inv(tril A) B or tril(A) B, m = n.
template <typename T>
CaseResult run_triangular(const std::string &routine, bool solve, int n, int threads,
                          const std::vector<BlasLib> &libs, const TimingPolicy &policy) {
    CaseResult out = new_row(routine, n, threads);
    const size_t nn = size_t(n) * n;
    Buffer<T> a(nn), b0(nn), b(nn);
    fill_triangular(a.get(), n);
    bench::fill_random(b0.get(), nn, 12);
    auto f = resolve<TriFn<T>>(libs, routine);
    bench::RowOps ops;
    ops.offers = [&](size_t l) { return f[l] != nullptr; };
    ops.call = [&](size_t l) {
        f[l](kColMajor, kLeft, kLower, kNoTrans, kNonUnit, n, n, T(1), a.get(), n, b.get(), n);
    };
    ops.reset = [&] { std::memcpy(b.get(), b0.get(), nn * sizeof(T)); };
    ops.before = ops.reset;
    ops.check = [&](size_t, LibResult &r) {
        bench::ProbeFn<double> probe = [&](const std::vector<double> &x, std::vector<double> &got,
                                           std::vector<double> &want, std::vector<double> &bound) {
            std::vector<double> xb = abs_of(x), v(n, 0.0), vb(n, 0.0);
            got.assign(n, 0.0);
            want.assign(n, 0.0);
            bound.assign(n, 0.0);
            std::vector<double> gb(n, 0.0), wb(n, 0.0);
            if (solve) {   // tril(A) (X x) == B0 x
                bench::matvec(n, n, b.get(), n, Part::kFull, x.data(), xb.data(), v.data(), vb.data());
                bench::matvec(n, n, a.get(), n, Part::kLower, v.data(), vb.data(), got.data(), gb.data());
                bench::matvec(n, n, b0.get(), n, Part::kFull, x.data(), xb.data(), want.data(), wb.data());
            } else {       // Out x == tril(A) (B0 x)
                bench::matvec(n, n, b.get(), n, Part::kFull, x.data(), xb.data(), got.data(), gb.data());
                bench::matvec(n, n, b0.get(), n, Part::kFull, x.data(), xb.data(), v.data(), vb.data());
                bench::matvec(n, n, a.get(), n, Part::kLower, v.data(), vb.data(), want.data(), wb.data());
            }
            for (int i = 0; i < n; ++i) bound[i] = gb[i] + wb[i];
        };
        if (!bench::check_probes<double>(n, 2 * n, eps_of<T>(), probe, &r.detail)) r.failed = true;
    };
    bench::run_timed(out, double(n) * n * n, libs, policy, ops);
    return out;
}

// syrk: C := A A^T, lower triangle; the strict upper one must stay untouched.
template <typename T>
CaseResult run_syrk(const std::string &routine, int n, int threads,
                    const std::vector<BlasLib> &libs, const TimingPolicy &policy) {
    CaseResult out = new_row(routine, n, threads);
    const size_t nn = size_t(n) * n;
    Buffer<T> a(nn), c(nn);
    bench::fill_random(a.get(), nn, 13);
    auto f = resolve<SyrkFn<T>>(libs, routine);
    bench::RowOps ops;
    ops.offers = [&](size_t l) { return f[l] != nullptr; };
    ops.call = [&](size_t l) {
        f[l](kColMajor, kLower, kNoTrans, n, n, T(1), a.get(), n, T(0), c.get(), n);
    };
    ops.reset = [&] { std::fill(c.get(), c.get() + nn, std::numeric_limits<T>::quiet_NaN()); };
    ops.check = [&](size_t, LibResult &r) {
        if (!upper_untouched(c.get(), n, r)) return;
        bench::ProbeFn<double> probe = [&](const std::vector<double> &x, std::vector<double> &got,
                                           std::vector<double> &want, std::vector<double> &bound) {
            std::vector<double> xb = abs_of(x), gb(n, 0.0), wb(n, 0.0), v(n, 0.0), vb(n, 0.0);
            got.assign(n, 0.0);
            want.assign(n, 0.0);
            bound.assign(n, 0.0);
            bench::matvec(n, n, c.get(), n, Part::kSymLower, x.data(), xb.data(), got.data(), gb.data());
            for (int p = 0; p < n; ++p)   // v = A^T x
                for (int i = 0; i < n; ++i) {
                    double aip = a.get()[i + size_t(p) * n];
                    v[p] += aip * x[i];
                    vb[p] += std::fabs(aip) * xb[i];
                }
            bench::matvec(n, n, a.get(), n, Part::kFull, v.data(), vb.data(), want.data(), wb.data());
            for (int i = 0; i < n; ++i) bound[i] = gb[i] + wb[i];
        };
        if (!bench::check_probes<double>(n, 2 * n, eps_of<T>(), probe, &r.detail)) r.failed = true;
    };
    bench::run_timed(out, double(n) * n * n, libs, policy, ops);
    return out;
}

// symm: C := A B with A symmetric, stored in its lower triangle (the upper
// one holds unrelated values).
template <typename T>
CaseResult run_symm(const std::string &routine, int n, int threads,
                    const std::vector<BlasLib> &libs, const TimingPolicy &policy) {
    CaseResult out = new_row(routine, n, threads);
    const size_t nn = size_t(n) * n;
    Buffer<T> a(nn), b(nn), c(nn);
    bench::fill_random(a.get(), nn, 14);
    bench::fill_random(b.get(), nn, 15);
    auto f = resolve<SymmFn<T>>(libs, routine);
    bench::RowOps ops;
    ops.offers = [&](size_t l) { return f[l] != nullptr; };
    ops.call = [&](size_t l) {
        f[l](kColMajor, kLeft, kLower, n, n, T(1), a.get(), n, b.get(), n, T(0), c.get(), n);
    };
    ops.reset = [&] { std::fill(c.get(), c.get() + nn, std::numeric_limits<T>::quiet_NaN()); };
    ops.check = [&](size_t, LibResult &r) {
        bench::ProbeFn<double> probe = [&](const std::vector<double> &x, std::vector<double> &got,
                                           std::vector<double> &want, std::vector<double> &bound) {
            std::vector<double> xb = abs_of(x), gb(n, 0.0), wb(n, 0.0), v(n, 0.0), vb(n, 0.0);
            got.assign(n, 0.0);
            want.assign(n, 0.0);
            bound.assign(n, 0.0);
            bench::matvec(n, n, c.get(), n, Part::kFull, x.data(), xb.data(), got.data(), gb.data());
            bench::matvec(n, n, b.get(), n, Part::kFull, x.data(), xb.data(), v.data(), vb.data());
            bench::matvec(n, n, a.get(), n, Part::kSymLower, v.data(), vb.data(), want.data(), wb.data());
            for (int i = 0; i < n; ++i) bound[i] = gb[i] + wb[i];
        };
        if (!bench::check_probes<double>(n, 2 * n, eps_of<T>(), probe, &r.detail)) r.failed = true;
    };
    bench::run_timed(out, 2.0 * n * n * n, libs, policy, ops);
    return out;
}

// Probes of a complex C = A Y (n x n, C's stored `part`): C x against
// A (Y x) in double, y_times(x, xb, v, vb) adding Y x to v and |Y| xb to vb.
template <typename R, typename YTimes>
bool complex_product_holds(int n, const std::complex<R> *c, Part part, const std::complex<R> *a,
                           YTimes y_times, std::string *detail) {
    using V = std::complex<double>;
    bench::ProbeFn<V> probe = [&](const std::vector<V> &x, std::vector<V> &got,
                                  std::vector<V> &want, std::vector<double> &bound) {
        std::vector<double> xb(n), gb(n, 0.0), wb(n, 0.0), vb(n, 0.0);
        for (int i = 0; i < n; ++i) xb[i] = bench::mag(x[i]);
        std::vector<V> v(n, V(0));
        got.assign(n, V(0));
        want.assign(n, V(0));
        bound.assign(n, 0.0);
        bench::matvec(n, n, c, n, part, x.data(), xb.data(), got.data(), gb.data());
        y_times(x.data(), xb.data(), v.data(), vb.data());
        bench::matvec(n, n, a, n, Part::kFull, v.data(), vb.data(), want.data(), wb.data());
        for (int i = 0; i < n; ++i) bound[i] = gb[i] + wb[i];
    };
    return bench::check_probes<V>(n, 2 * n, eps_of<R>(), probe, detail);
}

// cgemm / zgemm NN: C := A B, R the real type.
template <typename R>
CaseResult run_complex_gemm(const std::string &routine, int n, int threads,
                            const std::vector<BlasLib> &libs, const TimingPolicy &policy) {
    using C = std::complex<R>;
    using V = std::complex<double>;
    CaseResult out = new_row(routine, n, threads);
    const size_t nn = size_t(n) * n;
    Buffer<C> a(nn), b(nn), c(nn);
    bench::fill_random(reinterpret_cast<R *>(a.get()), 2 * nn, 16);   // both parts random
    bench::fill_random(reinterpret_cast<R *>(b.get()), 2 * nn, 17);
    auto f = resolve<ComplexGemmFn>(libs, routine);
    const C one(1), zero(0);
    bench::RowOps ops;
    ops.offers = [&](size_t l) { return f[l] != nullptr; };
    ops.call = [&](size_t l) {
        f[l](kColMajor, kNoTrans, kNoTrans, n, n, n, &one, a.get(), n, b.get(), n, &zero, c.get(), n);
    };
    ops.reset = [&] {
        std::fill(c.get(), c.get() + nn, C(std::numeric_limits<R>::quiet_NaN()));
    };
    ops.check = [&](size_t, LibResult &r) {
        const auto b_times = [&](const V *x, const double *xb, V *v, double *vb) {
            bench::matvec(n, n, b.get(), n, Part::kFull, x, xb, v, vb);
        };
        if (!complex_product_holds(n, c.get(), Part::kFull, a.get(), b_times, &r.detail))
            r.failed = true;
    };
    bench::run_timed(out, 8.0 * n * n * n, libs, policy, ops);
    return out;
}

// cherk / zherk: C := A A^H, lower triangle; the strict upper one must stay
// untouched.  4 n^3 flops: half of an n^3 complex GEMM's.
template <typename R>
CaseResult run_herk(const std::string &routine, int n, int threads,
                    const std::vector<BlasLib> &libs, const TimingPolicy &policy) {
    using C = std::complex<R>;
    using V = std::complex<double>;
    CaseResult out = new_row(routine, n, threads);
    const size_t nn = size_t(n) * n;
    Buffer<C> a(nn), c(nn);
    bench::fill_random(reinterpret_cast<R *>(a.get()), 2 * nn, 18);
    auto f = resolve<HerkFn<R>>(libs, routine);
    bench::RowOps ops;
    ops.offers = [&](size_t l) { return f[l] != nullptr; };
    ops.call = [&](size_t l) {
        f[l](kColMajor, kLower, kNoTrans, n, n, R(1), a.get(), n, R(0), c.get(), n);
    };
    ops.reset = [&] {
        std::fill(c.get(), c.get() + nn, C(std::numeric_limits<R>::quiet_NaN()));
    };
    ops.check = [&](size_t, LibResult &r) {
        if (!upper_untouched(c.get(), n, r)) return;
        const auto a_conj_transposed_times = [&](const V *x, const double *xb, V *v, double *vb) {
            for (int p = 0; p < n; ++p)
                for (int i = 0; i < n; ++i) {
                    const V aip = to_d(a.get()[i + size_t(p) * n]);
                    v[p] += std::conj(aip) * x[i];
                    vb[p] += bench::mag(aip) * xb[i];
                }
        };
        if (!complex_product_holds(n, c.get(), Part::kHermLower, a.get(), a_conj_transposed_times,
                                   &r.detail))
            r.failed = true;
    };
    bench::run_timed(out, 4.0 * n * n * n, libs, policy, ops);
    return out;
}

}  // namespace

std::vector<std::string> blas3_routines() {
    return {"sgemm", "strsm", "ssyrk", "ssymm", "strmm", "cgemm", "cherk",
            "dgemm", "dtrsm", "dsyrk", "dsymm", "dtrmm", "zgemm", "zherk"};
}

CaseResult run_blas3(const std::string &routine, int n, int threads,
                     const std::vector<BlasLib> &libs, const TimingPolicy &policy) {
    const bool s = routine[0] == 's';
    const std::string op = routine.substr(1);
    if (op == "gemm" && (routine[0] == 's' || routine[0] == 'd'))
        return run_case({n, n, n, false}, routine[0], threads, libs, policy);
    if (routine == "cgemm") return run_complex_gemm<float>(routine, n, threads, libs, policy);
    if (routine == "zgemm") return run_complex_gemm<double>(routine, n, threads, libs, policy);
    if (routine == "cherk") return run_herk<float>(routine, n, threads, libs, policy);
    if (routine == "zherk") return run_herk<double>(routine, n, threads, libs, policy);
    if (op == "trsm" || op == "trmm")
        return s ? run_triangular<float>(routine, op == "trsm", n, threads, libs, policy)
                 : run_triangular<double>(routine, op == "trsm", n, threads, libs, policy);
    if (op == "syrk")
        return s ? run_syrk<float>(routine, n, threads, libs, policy)
                 : run_syrk<double>(routine, n, threads, libs, policy);
    return s ? run_symm<float>(routine, n, threads, libs, policy)
             : run_symm<double>(routine, n, threads, libs, policy);
}
