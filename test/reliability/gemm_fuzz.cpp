// gemm_fuzz.cpp -- differential fuzzing of s/dgemm (libFuzzer, clang):
// each input picks the type, layout, transposes, shape, padding of the
// leading dimensions, alpha and beta (0, 1, -1, NaN, ...), the thread count
// and the data; tileblas (linked) and the netlib reference BLAS (libblas3,
// loaded with dlopen so its symbols cannot be confused with ours) compute the
// same product, and every element must agree within the GEMM error bound
// (NaN where, and only where, the reference has NaN).  Elements outside C,
// in the ld padding, must be left alone.
//
// Build and run: see fuzz_test.sh (CTest runs a bounded session; the release
// check is the same with TILEBLAS_FUZZ_SECONDS=3600).
#include <cblas.h>
#include <dlfcn.h>
#include <tileblas.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

namespace {

using fgemm_s = void (*)(const char *, const char *, const int *, const int *, const int *,
                         const float *, const float *, const int *, const float *, const int *,
                         const float *, float *, const int *, std::size_t, std::size_t);
using fgemm_d = void (*)(const char *, const char *, const int *, const int *, const int *,
                         const double *, const double *, const int *, const double *, const int *,
                         const double *, double *, const int *, std::size_t, std::size_t);

#ifndef NETLIB_BLAS
#define NETLIB_BLAS "/usr/lib/x86_64-linux-gnu/blas/libblas.so.3"
#endif

struct Netlib {
    fgemm_s sgemm = nullptr;
    fgemm_d dgemm = nullptr;
    Netlib() {
        // RTLD_LOCAL keeps its sgemm_/dgemm_ out of the global scope; its own
        // calls to lsame_ may bind to tileblas's (same semantics, and only
        // legal arguments are passed).  No RTLD_DEEPBIND: ASan refuses it.
        void *h = dlopen(NETLIB_BLAS, RTLD_NOW | RTLD_LOCAL);
        if (!h) {
            std::fprintf(stderr, "cannot load the reference BLAS %s: %s\n", NETLIB_BLAS, dlerror());
            std::abort();
        }
        sgemm = reinterpret_cast<fgemm_s>(dlsym(h, "sgemm_"));
        dgemm = reinterpret_cast<fgemm_d>(dlsym(h, "dgemm_"));
        if (!sgemm || !dgemm) std::abort();
    }
};
const Netlib &netlib() {
    static const Netlib n;
    return n;
}

// Reads the fuzz input front to back; past its end everything reads as 0.
class Input {
public:
    Input(const std::uint8_t *d, std::size_t n) : d_(d), n_(n) {}
    unsigned byte() { return at_ < n_ ? d_[at_++] : 0; }
    unsigned below(unsigned limit) { return byte() % limit; }

private:
    const std::uint8_t *d_;
    std::size_t n_, at_ = 0;
};

// Sizes: mostly small (edges of every register tile), sometimes beyond the
// blocking (MC, KC of the targets) and the unpacked path's limit.
int size_from(Input &in) {
    const unsigned b = in.byte();
    if (b < 160) return static_cast<int>(b % 40);
    if (b < 240) return 40 + static_cast<int>(in.byte());
    return 300 + static_cast<int>(in.byte()) * 2;
}

double scalar_from(Input &in) {
    static const double table[] = {0.0, 1.0, -1.0, 0.5, 2.0, -0.75, 1e-3,
                                   std::numeric_limits<double>::quiet_NaN()};
    const unsigned b = in.byte();
    return b < 224 ? table[b % 8] : (static_cast<int>(b) - 240) / 7.0;
}

template <class T> struct Case {
    bool row_major, ta, tb;
    int m, n, k, lda, ldb, ldc, threads;
    T alpha, beta;
    std::vector<T> a, b, c;
};

template <class T> Case<T> make_case(Input &in) {
    Case<T> cs;
    const unsigned flags = in.byte();
    cs.row_major = flags & 1;
    cs.ta = flags & 2;
    cs.tb = flags & 4;
    cs.m = size_from(in);
    cs.n = size_from(in);
    cs.k = size_from(in);
    cs.alpha = static_cast<T>(scalar_from(in));
    cs.beta = static_cast<T>(scalar_from(in));
    cs.threads = 1 + static_cast<int>(in.below(4));
    // Stored column-major shapes of what the call names A, B and C; row-major
    // stores the transpose (so rows and columns swap).
    const int ar = cs.ta ? cs.k : cs.m, ac = cs.ta ? cs.m : cs.k;
    const int br = cs.tb ? cs.n : cs.k, bc = cs.tb ? cs.k : cs.n;
    auto ld = [&](int rows, int cols) {
        return std::max(1, cs.row_major ? cols : rows) + static_cast<int>(in.below(5));
    };
    cs.lda = ld(ar, ac);
    cs.ldb = ld(br, bc);
    cs.ldc = ld(cs.m, cs.n);
    const std::size_t na = std::size_t(cs.lda) * (cs.row_major ? ar : ac);
    const std::size_t nb = std::size_t(cs.ldb) * (cs.row_major ? br : bc);
    const std::size_t nc = std::size_t(cs.ldc) * (cs.row_major ? cs.m : cs.n);
    std::uint64_t s = in.byte() * 0x9E3779B97F4A7C15ULL + 1;
    auto next = [&] {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<T>(static_cast<int>((s >> 40) & 0xffff) - 32768) / T(32768);
    };
    cs.a.resize(na);
    cs.b.resize(nb);
    cs.c.resize(nc);
    for (T &x : cs.a) x = next();
    for (T &x : cs.b) x = next();
    for (T &x : cs.c) x = next();
    return cs;
}

void tileblas_call(const Case<float> &cs, float *c) {
    cblas_sgemm(cs.row_major ? CblasRowMajor : CblasColMajor, cs.ta ? CblasTrans : CblasNoTrans,
                cs.tb ? CblasTrans : CblasNoTrans, cs.m, cs.n, cs.k, cs.alpha, cs.a.data(), cs.lda,
                cs.b.data(), cs.ldb, cs.beta, c, cs.ldc);
}
void tileblas_call(const Case<double> &cs, double *c) {
    cblas_dgemm(cs.row_major ? CblasRowMajor : CblasColMajor, cs.ta ? CblasTrans : CblasNoTrans,
                cs.tb ? CblasTrans : CblasNoTrans, cs.m, cs.n, cs.k, cs.alpha, cs.a.data(), cs.lda,
                cs.b.data(), cs.ldb, cs.beta, c, cs.ldc);
}

// The reference is Fortran (column-major): a row-major C = op(A) op(B) is the
// column-major C^T = op(B)^T op(A)^T on the same memory.
template <class T, class F> void netlib_call(F f, const Case<T> &cs, T *c) {
    const char ta = cs.ta ? 'T' : 'N', tb = cs.tb ? 'T' : 'N';
    if (cs.row_major)
        f(&tb, &ta, &cs.n, &cs.m, &cs.k, &cs.alpha, cs.b.data(), &cs.ldb, cs.a.data(), &cs.lda,
          &cs.beta, c, &cs.ldc, 1, 1);
    else
        f(&ta, &tb, &cs.m, &cs.n, &cs.k, &cs.alpha, cs.a.data(), &cs.lda, cs.b.data(), &cs.ldb,
          &cs.beta, c, &cs.ldc, 1, 1);
}
void netlib_call(const Case<float> &cs, float *c) { netlib_call(netlib().sgemm, cs, c); }
void netlib_call(const Case<double> &cs, double *c) { netlib_call(netlib().dgemm, cs, c); }

template <class T> void check(Input &in) {
    const Case<T> cs = make_case<T>(in);
    tileblas_set_num_threads(cs.threads);
    std::vector<T> ours = cs.c, ref = cs.c;
    tileblas_call(cs, ours.data());
    netlib_call(cs, ref.data());
    // alpha = NaN with k = 0: the reference itself disagrees with itself --
    // its NN loop computes beta*C, its TT loop alpha*0 + beta*C = NaN.
    // tileblas treats k = 0 as "no product term" (like alpha = 0: A and B
    // are not read) and gives beta*C for every transpose; hold it to that.
    if (cs.k == 0 && std::isnan(cs.alpha))
        for (std::size_t at = 0; at < ref.size(); ++at)
            ref[at] = cs.beta == T(0) ? T(0) : cs.beta * cs.c[at];
    // Data lie in [-1, 1): |A||B| <= k, |C| <= 1.  A NaN scalar that the
    // call never uses (alpha with k = 0) must not turn the bound into NaN.
    auto mag = [](T x) { return std::isnan(x) ? 0.0 : std::fabs(double(x)); };
    const double tol = 2.0 * (cs.k + 2) * std::numeric_limits<T>::epsilon() *
                       (mag(cs.alpha) * cs.k + mag(cs.beta) + 1);
    const int rows = cs.row_major ? cs.n : cs.m, cols = cs.row_major ? cs.m : cs.n;
    for (std::size_t at = 0; at < ours.size(); ++at) {
        const bool inside = int(at % cs.ldc) < rows && int(at / cs.ldc) < cols;
        const double o = ours[at], r = ref[at];
        const bool ok = !inside ? std::memcmp(&ours[at], &cs.c[at], sizeof(T)) == 0
                        : std::isnan(r) ? std::isnan(o)
                                        : !std::isnan(o) && std::fabs(o - r) <= tol;
        if (!ok) {
            std::fprintf(stderr,
                         "MISMATCH %cgemm %s ta=%d tb=%d m=%d n=%d k=%d lda=%d ldb=%d ldc=%d "
                         "alpha=%g beta=%g threads=%d: element %zu (%s) tileblas %.17g netlib %.17g\n",
                         sizeof(T) == 4 ? 's' : 'd', cs.row_major ? "row" : "col", cs.ta, cs.tb,
                         cs.m, cs.n, cs.k, cs.lda, cs.ldb, cs.ldc, double(cs.alpha),
                         double(cs.beta), cs.threads, at, inside ? "in C" : "padding", o, r);
            std::abort();
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    Input in(data, size);
    if (in.byte() & 1)
        check<double>(in);
    else
        check<float>(in);
    return 0;
}
