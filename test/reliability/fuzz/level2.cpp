// level2.cpp -- s/d gemv, ger, symv, trmv, trsv: column-major through the
// Fortran ABI, or (one flag bit) row-major through CBLAS on tileblas while
// the reference solves the same problem on the same memory column-major.
// Increments +-1, +-2, +-3; ld padding 0-4.  Bounds (gamma_k, k the inner
// length, times the reference's result on absolute values):
//   gemv  gamma_k (|alpha||op(A)||x| + |beta||y|), k = columns of op(A)
//   ger   gamma_1 (|alpha||x||y|^T + |A|)
//   symv  gamma_n (|alpha||A||x| + |beta||y|)
//   trmv  gamma_n |op(A)||x|
//   trsv  see fuzz_trsv.
// NaN/Inf in the data only for gemv and ger; NaN alpha/beta for gemv, ger,
// symv (every updated element becomes NaN); none for trmv/trsv, where the
// reference's "skip if x(j) = 0" makes the pattern its own.  The triangle
// A does not name (and a unit diagonal) is NaN: reading it shows.
#include "cblas_options.h"

namespace fuzz {
namespace {

void cb_gemv(CBLAS_TRANSPOSE t, int m, int n, float al, const float *a, int lda, const float *x,
             int incx, float be, float *y, int incy) {
    cblas_sgemv(CblasRowMajor, t, m, n, al, a, lda, x, incx, be, y, incy);
}
void cb_gemv(CBLAS_TRANSPOSE t, int m, int n, double al, const double *a, int lda, const double *x,
             int incx, double be, double *y, int incy) {
    cblas_dgemv(CblasRowMajor, t, m, n, al, a, lda, x, incx, be, y, incy);
}
void cb_ger(int m, int n, float al, const float *x, int incx, const float *y, int incy, float *a,
            int lda) {
    cblas_sger(CblasRowMajor, m, n, al, x, incx, y, incy, a, lda);
}
void cb_ger(int m, int n, double al, const double *x, int incx, const double *y, int incy,
            double *a, int lda) {
    cblas_dger(CblasRowMajor, m, n, al, x, incx, y, incy, a, lda);
}
void cb_symv(CBLAS_UPLO u, int n, float al, const float *a, int lda, const float *x, int incx,
             float be, float *y, int incy) {
    cblas_ssymv(CblasRowMajor, u, n, al, a, lda, x, incx, be, y, incy);
}
void cb_symv(CBLAS_UPLO u, int n, double al, const double *a, int lda, const double *x, int incx,
             double be, double *y, int incy) {
    cblas_dsymv(CblasRowMajor, u, n, al, a, lda, x, incx, be, y, incy);
}
void cb_trsv(CBLAS_UPLO u, CBLAS_TRANSPOSE t, CBLAS_DIAG d, int n, const float *a, int lda,
             float *x, int incx) {
    cblas_strsv(CblasRowMajor, u, t, d, n, a, lda, x, incx);
}
void cb_trsv(CBLAS_UPLO u, CBLAS_TRANSPOSE t, CBLAS_DIAG d, int n, const double *a, int lda,
             double *x, int incx) {
    cblas_dtrsv(CblasRowMajor, u, t, d, n, a, lda, x, incx);
}
void cb_trmv(CBLAS_UPLO u, CBLAS_TRANSPOSE t, CBLAS_DIAG d, int n, const float *a, int lda,
             float *x, int incx) {
    cblas_strmv(CblasRowMajor, u, t, d, n, a, lda, x, incx);
}
void cb_trmv(CBLAS_UPLO u, CBLAS_TRANSPOSE t, CBLAS_DIAG d, int n, const double *a, int lda,
             double *x, int incx) {
    cblas_dtrmv(CblasRowMajor, u, t, d, n, a, lda, x, incx);
}

}  // namespace

template <class T> void fuzz_gemv(Input &in) {
    const unsigned flags = in.byte();
    const bool row = flags & 1;
    const char t = "NTCN"[(flags >> 1) & 3];  // the reference's (column-major) view
    const int m = size_from(in), n = size_from(in);
    const T alpha = T(scalar_from(in, true)), beta = T(scalar_from(in, true));
    const int incx = inc_from(in), incy = inc_from(in);
    const int lda = ld_from(in, m);
    const int lx = t == 'N' ? n : m, ly = t == 'N' ? m : n;
    Gen g(in);
    std::vector<T> a = g.vec<T>(std::size_t(lda) * n), x = g.vec<T>(vec_len(lx, incx, 0)),
                   y = g.vec<T>(vec_len(ly, incy, in.below(3)));
    maybe_inject<T>(in, {&a, &x, &y});
    const std::string desc =
        format("%cgemv %s trans=%c m=%d n=%d lda=%d alpha=%g beta=%g incx=%d incy=%d (as "
               "column-major)",
               tname<T>, layout(row), t, m, n, lda, double(alpha), double(beta), incx, incy);
    const std::vector<T> a0 = a, x0 = x;
    std::vector<T> ours = y, ref = y, bound = absv(y);
    if (row)
        cb_gemv(cb_trans(flip_trans(t)), n, m, alpha, a.data(), lda, x.data(), incx, beta,
                ours.data(), incy);
    else
        tileblas<T>().gemv(&t, &m, &n, &alpha, a.data(), &lda, x.data(), &incx, &beta,
                           ours.data(), &incy, 1);
    expect_unchanged(desc, "A", a0, a.data());
    expect_unchanged(desc, "x", x0, x.data());
    netlib<T>().gemv(&t, &m, &n, &alpha, a.data(), &lda, x.data(), &incx, &beta, ref.data(), &incy,
                     1);
    const std::vector<T> aa = absv(a), ax = absv(x);
    const T ma = mag(alpha), mb = mag(beta);
    netlib<T>().gemv(&t, &m, &n, &ma, aa.data(), &lda, ax.data(), &incx, &mb, bound.data(), &incy,
                     1);
    expect(desc, y, ours, ref, [&](std::size_t p) { return vec_inside(p, ly, incy); },
           [&](std::size_t p) { return gamma<T>(lx) * bound[p]; }, 0);
}

template <class T> void fuzz_ger(Input &in) {
    const bool row = in.bit();
    const int m = size_from(in), n = size_from(in);
    const T alpha = T(scalar_from(in, true));
    const int incx = inc_from(in), incy = inc_from(in);
    const int lda = ld_from(in, m);
    Gen g(in);
    std::vector<T> a = g.vec<T>(std::size_t(lda) * n), x = g.vec<T>(vec_len(m, incx, 0)),
                   y = g.vec<T>(vec_len(n, incy, 0));
    maybe_inject<T>(in, {&a, &x, &y});
    const std::string desc =
        format("%cger %s m=%d n=%d lda=%d alpha=%g incx=%d incy=%d (as column-major)", tname<T>,
               layout(row), m, n, lda, double(alpha), incx, incy);
    const std::vector<T> x0 = x, y0 = y;
    std::vector<T> ours = a, ref = a, bound = absv(a);
    if (row)  // row-major n x m A += alpha y x^T is this column-major update
        cb_ger(n, m, alpha, y.data(), incy, x.data(), incx, ours.data(), lda);
    else
        tileblas<T>().ger(&m, &n, &alpha, x.data(), &incx, y.data(), &incy, ours.data(), &lda);
    expect_unchanged(desc, "x", x0, x.data());
    expect_unchanged(desc, "y", y0, y.data());
    netlib<T>().ger(&m, &n, &alpha, x.data(), &incx, y.data(), &incy, ref.data(), &lda);
    const std::vector<T> ax = absv(x), ay = absv(y);
    const T ma = mag(alpha);
    netlib<T>().ger(&m, &n, &ma, ax.data(), &incx, ay.data(), &incy, bound.data(), &lda);
    expect(desc, a, ours, ref, [&](std::size_t p) { return in_rect(p, lda, m, n); },
           [&](std::size_t p) { return gamma<T>(1) * bound[p]; }, lda);
}

template <class T> void fuzz_symv(Input &in) {
    const unsigned flags = in.byte();
    const bool row = flags & 1;
    const char uplo = flags & 2 ? 'U' : 'L';
    const int n = size_from(in);
    const T alpha = T(scalar_from(in, true)), beta = T(scalar_from(in, true));
    const int incx = inc_from(in), incy = inc_from(in);
    const int lda = ld_from(in, n);
    Gen g(in);
    std::vector<T> a = g.vec<T>(std::size_t(lda) * n), x = g.vec<T>(vec_len(n, incx, 0)),
                   y = g.vec<T>(vec_len(n, incy, in.below(3)));
    shape_matrix(a, lda, n, uplo, 'N', false);
    const std::string desc =
        format("%csymv %s uplo=%c n=%d lda=%d alpha=%g beta=%g incx=%d incy=%d (as column-major)",
               tname<T>, layout(row), uplo, n, lda, double(alpha), double(beta), incx, incy);
    const std::vector<T> a0 = a, x0 = x;
    std::vector<T> ours = y, ref = y, bound = absv(y);
    if (row)
        cb_symv(cb_uplo(flip_uplo(uplo)), n, alpha, a.data(), lda, x.data(), incx, beta,
                ours.data(), incy);
    else
        tileblas<T>().symv(&uplo, &n, &alpha, a.data(), &lda, x.data(), &incx, &beta, ours.data(),
                           &incy, 1);
    expect_unchanged(desc, "A", a0, a.data());
    expect_unchanged(desc, "x", x0, x.data());
    netlib<T>().symv(&uplo, &n, &alpha, a.data(), &lda, x.data(), &incx, &beta, ref.data(), &incy,
                     1);
    const std::vector<T> aa = absv(a), ax = absv(x);
    const T ma = mag(alpha), mb = mag(beta);
    netlib<T>().symv(&uplo, &n, &ma, aa.data(), &lda, ax.data(), &incx, &mb, bound.data(), &incy,
                     1);
    expect(desc, y, ours, ref, [&](std::size_t p) { return vec_inside(p, n, incy); },
           [&](std::size_t p) { return gamma<T>(n) * bound[p]; }, 0);
}

// trmv and trsv: x := op(A) x or op(A)^-1 x.
template <class T> void fuzz_trxv(Input &in, bool solve) {
    const unsigned flags = in.byte();
    const bool row = flags & 1;
    const char uplo = flags & 2 ? 'U' : 'L', t = "NTCN"[(flags >> 2) & 3],
               diag = flags & 16 ? 'U' : 'N';
    const int n = size_from(in), incx = inc_from(in);
    const int lda = ld_from(in, n);
    Gen g(in);
    std::vector<T> a = g.vec<T>(std::size_t(lda) * n), x = g.vec<T>(vec_len(n, incx, in.below(3)));
    shape_matrix(a, lda, n, uplo, diag, solve);
    const std::string desc =
        format("%ctr%sv %s uplo=%c trans=%c diag=%c n=%d lda=%d incx=%d (as column-major)",
               tname<T>, solve ? "s" : "m", layout(row), uplo, t, diag, n, lda, incx);
    const std::vector<T> a0 = a;
    std::vector<T> ours = x, ref = x;
    const auto f = solve ? tileblas<T>().trsv : tileblas<T>().trmv;
    if (row && solve)
        cb_trsv(cb_uplo(flip_uplo(uplo)), cb_trans(flip_trans(t)), cb_diag(diag), n, a.data(),
                lda, ours.data(), incx);
    else if (row)
        cb_trmv(cb_uplo(flip_uplo(uplo)), cb_trans(flip_trans(t)), cb_diag(diag), n, a.data(),
                lda, ours.data(), incx);
    else
        f(&uplo, &t, &diag, &n, a.data(), &lda, ours.data(), &incx, 1, 1, 1);
    expect_unchanged(desc, "A", a0, a.data());
    (solve ? netlib<T>().trsv : netlib<T>().trmv)(&uplo, &t, &diag, &n, a.data(), &lda, ref.data(),
                                                  &incx, 1, 1, 1);
    auto inside = [&](std::size_t p) { return vec_inside(p, n, incx); };
    if (!solve) {
        const std::vector<T> aa = absv(a);
        std::vector<T> bound = absv(x);
        netlib<T>().trmv(&uplo, &t, &diag, &n, aa.data(), &lda, bound.data(), &incx, 1, 1, 1);
        expect(desc, x, ours, ref, inside, [&](std::size_t p) { return gamma<T>(n) * bound[p]; },
               0);
        return;
    }
    // Both solutions are backward stable: (T + dT) x^ = b, |dT| <= gamma_n |T|
    // for any order of summation, so |x^ - x| <= gamma_n |T^-1||T||x^|.  With
    // |t_ii| >= 1 and |t_ij| <= 1/n, |T^-1| <= (I - L/n)^-1 (L the strict
    // triangle of ones), whose row sums (1 + 1/n)^(i-1) stay below e, and
    // || |T| ||_inf <= 3: || |T^-1||T| ||_inf <= 3e < 9, the same for T^T.
    // Each solution is within 9 gamma_n ||x||_inf of the exact one, so the
    // two within 18 gamma_n ||x||; gamma<T>(n, 16) = 32 (n+2) u leaves room
    // for blocked variants (gamma_cn) and second-order terms.
    double xmax = 0;
    for (std::size_t p = 0; p < ref.size(); ++p)
        if (inside(p)) xmax = std::max(xmax, std::fabs(double(ref[p])));
    expect(desc, x, ours, ref, inside, [&](std::size_t) { return gamma<T>(n, 16) * xmax; }, 0);
}
template <class T> void fuzz_trmv(Input &in) { fuzz_trxv<T>(in, false); }
template <class T> void fuzz_trsv(Input &in) { fuzz_trxv<T>(in, true); }

#define FUZZ_INSTANTIATE(f) template void f<float>(Input &); template void f<double>(Input &);
FUZZ_INSTANTIATE(fuzz_gemv)
FUZZ_INSTANTIATE(fuzz_ger)
FUZZ_INSTANTIATE(fuzz_symv)
FUZZ_INSTANTIATE(fuzz_trmv)
FUZZ_INSTANTIATE(fuzz_trsv)

}  // namespace fuzz
