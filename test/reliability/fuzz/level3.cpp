// level3.cpp -- s/d gemm, syrk, symm, trmm, trsm and c/z gemm: column-major
// through the Fortran ABI or (gemm, c/zgemm, syrk, symm, trsm: one flag bit)
// row-major through CBLAS on tileblas, the reference solving the same
// problem on the same memory column-major.  1-4 threads, ld padding 0-4,
// every side/uplo/trans/diag.  Bounds (k the inner length, the |.| product
// computed by the reference on absolute values):
//   gemm   gamma_k (|alpha||op(A)||op(B)| + |beta||C|)
//   c/zgemm the same with moduli and gamma_{2k+4} x2 (a complex product is
//          a real dot of twice the length; complex alpha and beta scaling)
//   syrk   gamma_k (|alpha||op(A)||op(A)^T| + |beta||C|), the uplo triangle
//   symm   gamma_ka (|alpha||A||B| + |beta||C|) (or |B||A|)
//   trmm   gamma_ka |alpha||op(A)||B|
//   trsm   see fuzz_trsm.
// NaN/Inf data for real gemm only; NaN alpha/beta for gemm, c/zgemm (real
// part), syrk, symm.  With k = 0 and alpha = NaN the reference is not
// self-consistent (its N loops give beta*C, its T loops alpha*0 + beta*C);
// tileblas treats k = 0 like alpha = 0 (A, B not read: beta*C), and is held
// to that.
#include "cblas_options.h"

namespace fuzz {
namespace {

// Row-major CBLAS on tileblas (arguments already mapped to row-major).
void cb_gemm(char ta, char tb, int m, int n, int k, const float *al, const float *a, int lda,
             const float *b, int ldb, const float *be, float *c, int ldc, bool cplx) {
    if (cplx)
        cblas_cgemm(R, cb_trans(ta), cb_trans(tb), m, n, k, al, a, lda, b, ldb, be, c, ldc);
    else
        cblas_sgemm(R, cb_trans(ta), cb_trans(tb), m, n, k, *al, a, lda, b, ldb, *be, c, ldc);
}
void cb_gemm(char ta, char tb, int m, int n, int k, const double *al, const double *a, int lda,
             const double *b, int ldb, const double *be, double *c, int ldc, bool cplx) {
    if (cplx)
        cblas_zgemm(R, cb_trans(ta), cb_trans(tb), m, n, k, al, a, lda, b, ldb, be, c, ldc);
    else
        cblas_dgemm(R, cb_trans(ta), cb_trans(tb), m, n, k, *al, a, lda, b, ldb, *be, c, ldc);
}
void cb_syrk(char u, char t, int n, int k, float al, const float *a, int lda, float be, float *c,
             int ldc) {
    cblas_ssyrk(R, cb_uplo(u), cb_trans(t), n, k, al, a, lda, be, c, ldc);
}
void cb_syrk(char u, char t, int n, int k, double al, const double *a, int lda, double be,
             double *c, int ldc) {
    cblas_dsyrk(R, cb_uplo(u), cb_trans(t), n, k, al, a, lda, be, c, ldc);
}
void cb_symm(char s, char u, int m, int n, float al, const float *a, int lda, const float *b,
             int ldb, float be, float *c, int ldc) {
    cblas_ssymm(R, cb_side(s), cb_uplo(u), m, n, al, a, lda, b, ldb, be, c, ldc);
}
void cb_symm(char s, char u, int m, int n, double al, const double *a, int lda, const double *b,
             int ldb, double be, double *c, int ldc) {
    cblas_dsymm(R, cb_side(s), cb_uplo(u), m, n, al, a, lda, b, ldb, be, c, ldc);
}
void cb_trsm(char s, char u, char t, char d, int m, int n, float al, const float *a, int lda,
             float *b, int ldb) {
    cblas_strsm(R, cb_side(s), cb_uplo(u), cb_trans(t), cb_diag(d), m, n, al, a, lda, b, ldb);
}
void cb_trsm(char s, char u, char t, char d, int m, int n, double al, const double *a, int lda,
             double *b, int ldb) {
    cblas_dtrsm(R, cb_side(s), cb_uplo(u), cb_trans(t), cb_diag(d), m, n, al, a, lda, b, ldb);
}


// gemm, real (w = 1) or complex (w = 2 reals per element; C = conjugate).
template <class T> void gemm_case(Input &in, bool cplx) {
    const int w = cplx ? 2 : 1;
    const unsigned flags = in.byte();
    const bool row = flags & 1;
    const char ta = "NTCN"[(flags >> 1) & 3], tb = "NTCN"[(flags >> 3) & 3];
    const int m = size_from(in), n = size_from(in), k = size_from(in);
    T alpha[2] = {T(scalar_from(in, true)), 0}, beta[2] = {T(scalar_from(in, true)), 0};
    if (cplx) alpha[1] = T(scalar_from(in, false)), beta[1] = T(scalar_from(in, false));
    threads_from(in);
    const int ar = ta == 'N' ? m : k, ac = ta == 'N' ? k : m;
    const int br = tb == 'N' ? k : n, bc = tb == 'N' ? n : k;
    const int lda = ld_from(in, ar), ldb = ld_from(in, br), ldc = ld_from(in, m);
    Gen g(in);
    std::vector<T> a = g.vec<T>(std::size_t(w) * lda * ac), b = g.vec<T>(std::size_t(w) * ldb * bc),
                   c = g.vec<T>(std::size_t(w) * ldc * n);
    if (!cplx) maybe_inject<T>(in, {&a, &b, &c});
    const std::string desc = format(
        "%cgemm %s transa=%c transb=%c m=%d n=%d k=%d lda=%d ldb=%d ldc=%d alpha=(%g,%g) "
        "beta=(%g,%g) (as column-major)",
        cplx ? (sizeof(T) == 4 ? 'c' : 'z') : tname<T>, layout(row), ta, tb, m, n, k, lda, ldb,
        ldc, double(alpha[0]), double(alpha[1]), double(beta[0]), double(beta[1]));
    const std::vector<T> a0 = a, b0 = b;
    std::vector<T> ours = c, ref = c;
    const auto ftb = cplx ? tileblas<T>().cgemm : tileblas<T>().gemm;
    if (row)  // row-major n x m C = op(B') op(A') on the same memory
        cb_gemm(tb, ta, n, m, k, alpha, b.data(), ldb, a.data(), lda, beta, ours.data(), ldc, cplx);
    else
        ftb(&ta, &tb, &m, &n, &k, alpha, a.data(), &lda, b.data(), &ldb, beta, ours.data(), &ldc,
            1, 1);
    expect_unchanged(desc, "A", a0, a.data());
    expect_unchanged(desc, "B", b0, b.data());
    T ralpha[2] = {alpha[0], alpha[1]};
    if (k == 0 && (std::isnan(alpha[0]) || std::isnan(alpha[1]))) ralpha[0] = ralpha[1] = 0;
    (cplx ? netlib<T>().cgemm : netlib<T>().gemm)(&ta, &tb, &m, &n, &k, ralpha, a.data(), &lda,
                                                 b.data(), &ldb, beta, ref.data(), &ldc, 1, 1);
    // Bound: the real reference on moduli.
    const auto modulus = [cplx](const std::vector<T> &v) { return cplx ? moduli(v) : absv(v); };
    const std::vector<T> ma = modulus(a), mb = modulus(b);
    std::vector<T> bound = modulus(c);
    const T mal = cplx ? std::hypot(mag(alpha[0]), alpha[1]) : mag(alpha[0]);
    const T mbe = cplx ? std::hypot(mag(beta[0]), beta[1]) : mag(beta[0]);
    const char rta = ta == 'N' ? 'N' : 'T', rtb = tb == 'N' ? 'N' : 'T';
    netlib<T>().gemm(&rta, &rtb, &m, &n, &k, &mal, ma.data(), &lda, mb.data(), &ldb, &mbe,
                     bound.data(), &ldc, 1, 1);
    const double unit = cplx ? gamma<T>(2 * k + 4, 4) : gamma<T>(k);
    expect(desc, c, ours, ref, [&](std::size_t p) { return in_rect(p / w, ldc, m, n); },
           [&](std::size_t p) { return unit * bound[p / w]; }, cplx ? 0 : ldc);
}

}  // namespace

template <class T> void fuzz_gemm(Input &in) { gemm_case<T>(in, false); }
template <class T> void fuzz_cgemm(Input &in) { gemm_case<T>(in, true); }

template <class T> void fuzz_syrk(Input &in) {
    const unsigned flags = in.byte();
    const bool row = flags & 1;
    const char uplo = flags & 2 ? 'U' : 'L', t = "NTCN"[(flags >> 2) & 3];
    const int n = size_from(in), k = size_from(in);
    const T alpha = T(scalar_from(in, true)), beta = T(scalar_from(in, true));
    threads_from(in);
    const int lda = ld_from(in, t == 'N' ? n : k), ldc = ld_from(in, n);
    Gen g(in);
    const std::vector<T> a = g.vec<T>(std::size_t(lda) * (t == 'N' ? k : n));
    const std::vector<T> c = g.vec<T>(std::size_t(ldc) * n);
    const std::string desc = format(
        "%csyrk %s uplo=%c trans=%c n=%d k=%d lda=%d ldc=%d alpha=%g beta=%g (as column-major)",
        tname<T>, layout(row), uplo, t, n, k, lda, ldc, double(alpha), double(beta));
    const std::vector<T> a0 = a;
    std::vector<T> ours = c, ref = c, bound = absv(c);
    if (row)
        cb_syrk(flip_uplo(uplo), flip_trans(t), n, k, alpha, a.data(), lda, beta, ours.data(), ldc);
    else
        tileblas<T>().syrk(&uplo, &t, &n, &k, &alpha, a.data(), &lda, &beta, ours.data(), &ldc, 1,
                           1);
    expect_unchanged(desc, "A", a0, a.data());
    const T ralpha = k == 0 && std::isnan(alpha) ? T(0) : alpha;
    netlib<T>().syrk(&uplo, &t, &n, &k, &ralpha, a.data(), &lda, &beta, ref.data(), &ldc, 1, 1);
    const std::vector<T> aa = absv(a);
    const T ma = mag(alpha), mb = mag(beta);
    netlib<T>().syrk(&uplo, &t, &n, &k, &ma, aa.data(), &lda, &mb, bound.data(), &ldc, 1, 1);
    expect(desc, c, ours, ref, [&](std::size_t p) { return in_tri(p, ldc, n, uplo); },
           [&](std::size_t p) { return gamma<T>(k) * bound[p]; }, ldc);
}

template <class T> void fuzz_symm(Input &in) {
    const unsigned flags = in.byte();
    const bool row = flags & 1;
    const char side = flags & 2 ? 'R' : 'L', uplo = flags & 4 ? 'U' : 'L';
    const int m = size_from(in), n = size_from(in), ka = side == 'L' ? m : n;
    const T alpha = T(scalar_from(in, true)), beta = T(scalar_from(in, true));
    threads_from(in);
    const int lda = ld_from(in, ka), ldb = ld_from(in, m), ldc = ld_from(in, m);
    Gen g(in);
    std::vector<T> a = g.vec<T>(std::size_t(lda) * ka);
    const std::vector<T> b = g.vec<T>(std::size_t(ldb) * n), c = g.vec<T>(std::size_t(ldc) * n);
    shape_matrix(a, lda, ka, uplo, 'N', false);
    const std::string desc = format("%csymm %s side=%c uplo=%c m=%d n=%d lda=%d ldb=%d ldc=%d "
                                    "alpha=%g beta=%g (as column-major)",
                                    tname<T>, layout(row), side, uplo, m, n, lda, ldb, ldc,
                                    double(alpha), double(beta));
    const std::vector<T> a0 = a, b0 = b;
    std::vector<T> ours = c, ref = c, bound = absv(c);
    if (row)
        cb_symm(flip_side(side), flip_uplo(uplo), n, m, alpha, a.data(), lda, b.data(), ldb, beta,
                ours.data(), ldc);
    else
        tileblas<T>().symm(&side, &uplo, &m, &n, &alpha, a.data(), &lda, b.data(), &ldb, &beta,
                           ours.data(), &ldc, 1, 1);
    expect_unchanged(desc, "A", a0, a.data());
    expect_unchanged(desc, "B", b0, b.data());
    netlib<T>().symm(&side, &uplo, &m, &n, &alpha, a.data(), &lda, b.data(), &ldb, &beta,
                     ref.data(), &ldc, 1, 1);
    const std::vector<T> aa = absv(a), ab = absv(b);
    const T ma = mag(alpha), mb = mag(beta);
    netlib<T>().symm(&side, &uplo, &m, &n, &ma, aa.data(), &lda, ab.data(), &ldb, &mb,
                     bound.data(), &ldc, 1, 1);
    expect(desc, c, ours, ref, [&](std::size_t p) { return in_rect(p, ldc, m, n); },
           [&](std::size_t p) { return gamma<T>(ka) * bound[p]; }, ldc);
}

// trmm and trsm: B := alpha op(A) B, alpha B op(A), or with op(A)^-1.
template <class T> void trxm_case(Input &in, bool solve) {
    const unsigned flags = in.byte();
    const bool row = solve && (flags & 1);
    const char side = flags & 2 ? 'R' : 'L', uplo = flags & 4 ? 'U' : 'L',
               t = "NTCN"[(flags >> 3) & 3], diag = flags & 32 ? 'U' : 'N';
    const int m = size_from(in), n = size_from(in), ka = side == 'L' ? m : n;
    const T alpha = T(scalar_from(in, false));
    threads_from(in);
    const int lda = ld_from(in, ka), ldb = ld_from(in, m);
    Gen g(in);
    std::vector<T> a = g.vec<T>(std::size_t(lda) * ka);
    const std::vector<T> b = g.vec<T>(std::size_t(ldb) * n);
    shape_matrix(a, lda, ka, uplo, diag, solve);
    const std::string desc =
        format("%ctr%sm %s side=%c uplo=%c trans=%c diag=%c m=%d n=%d lda=%d ldb=%d alpha=%g "
               "(as column-major)",
               tname<T>, solve ? "s" : "m", layout(row), side, uplo, t, diag, m, n, lda, ldb,
               double(alpha));
    const std::vector<T> a0 = a;
    std::vector<T> ours = b, ref = b;
    if (row)
        cb_trsm(flip_side(side), flip_uplo(uplo), t, diag, n, m, alpha, a.data(), lda, ours.data(),
                ldb);
    else
        (solve ? tileblas<T>().trsm : tileblas<T>().trmm)(&side, &uplo, &t, &diag, &m, &n, &alpha,
                                                          a.data(), &lda, ours.data(), &ldb, 1, 1,
                                                          1, 1);
    expect_unchanged(desc, "A", a0, a.data());
    (solve ? netlib<T>().trsm : netlib<T>().trmm)(&side, &uplo, &t, &diag, &m, &n, &alpha,
                                                  a.data(), &lda, ref.data(), &ldb, 1, 1, 1, 1);
    auto inside = [&](std::size_t p) { return in_rect(p, ldb, m, n); };
    if (!solve) {
        const std::vector<T> aa = absv(a);
        std::vector<T> bound = absv(b);
        const T ma = mag(alpha);
        netlib<T>().trmm(&side, &uplo, &t, &diag, &m, &n, &ma, aa.data(), &lda, bound.data(),
                         &ldb, 1, 1, 1, 1);
        expect(desc, b, ours, ref, inside, [&](std::size_t p) { return gamma<T>(ka) * bound[p]; },
               ldb);
        return;
    }
    // Each solution vector (a column of B for side = L, a row for side = R)
    // is a triangular solve with the well-conditioned A of trsv: the two
    // agree within 18 gamma_ka ||x||_inf (see fuzz_trsv; alpha's scaling
    // adds one rounding).  ||x||_inf is the reference's, per vector.
    std::vector<double> xmax(side == 'L' ? n : m, 0.0);
    for (std::size_t p = 0; p < ref.size(); ++p)
        if (inside(p)) {
            double &x = xmax[side == 'L' ? p / ldb : p % ldb];
            x = std::max(x, std::fabs(double(ref[p])));
        }
    expect(desc, b, ours, ref, inside,
           [&](std::size_t p) {
               return gamma<T>(ka, 16) * xmax[side == 'L' ? p / ldb : p % ldb];
           },
           ldb);
}
template <class T> void fuzz_trmm(Input &in) { trxm_case<T>(in, false); }
template <class T> void fuzz_trsm(Input &in) { trxm_case<T>(in, true); }

#define FUZZ_INSTANTIATE(f) template void f<float>(Input &); template void f<double>(Input &);
FUZZ_INSTANTIATE(fuzz_gemm)
FUZZ_INSTANTIATE(fuzz_cgemm)
FUZZ_INSTANTIATE(fuzz_syrk)
FUZZ_INSTANTIATE(fuzz_symm)
FUZZ_INSTANTIATE(fuzz_trmm)
FUZZ_INSTANTIATE(fuzz_trsm)

}  // namespace fuzz
