// complex2.cpp -- c/z Level 2: gemv, hemv, her, her2, geru/gerc, trmv, trsv;
// column-major through the Fortran ABI or (one flag bit) row-major through
// CBLAS on tileblas, the reference solving the same problem on the same
// memory column-major.  Arrays are (re, im) pairs of T; increments +-1..3,
// ld padding 0-4.  Bounds: the real reference on moduli times gamma_{2k+4}
// x4 (complex_unit), k the inner length; trsv as the real trsv.
// Row-major on the same memory is the transposed problem, and where that
// leaves a conjugate without a transpose (gemv and trmv/trsv with trans = C,
// hemv: a Hermitian A's transpose is its conjugate) the reference solves
// the conjugated problem: conj(op(A) x) = op(A) conj(x) with conj(alpha),
// conj(beta), conj(y), as the CBLAS reference does.  her/her2 take conj(x)
// (and swap x, y for her2); gerc becomes geru with conj(x).
// The reference's Hermitian rules hold: hemv reads only the real part of
// A's diagonal, her/her2 return it real (its imaginary part is NaN here).
#include "cblas_complex.h"
#include "cblas_options.h"
#include "complex_data.h"

namespace fuzz {
namespace {

// Row-major CBLAS on tileblas; scalars are (re, im) pairs except her's.
template <class T>
void cb_gemv(char t, int m, int n, const T *al, const T *a, int lda, const T *x, int incx,
             const T *be, T *y, int incy) {
    CblasComplex<T>::gemv(R, cb_trans(t), m, n, al, a, lda, x, incx, be, y, incy);
}
template <class T>
void cb_hemv(char u, int n, const T *al, const T *a, int lda, const T *x, int incx, const T *be,
             T *y, int incy) {
    CblasComplex<T>::hemv(R, cb_uplo(u), n, al, a, lda, x, incx, be, y, incy);
}
template <class T>
void cb_her(char u, int n, const T *al, const T *x, int incx, T *a, int lda) {
    CblasComplex<T>::her(R, cb_uplo(u), n, *al, x, incx, a, lda);
}
template <class T>
void cb_her2(char u, int n, const T *al, const T *x, int incx, const T *y, int incy, T *a,
             int lda) {
    CblasComplex<T>::her2(R, cb_uplo(u), n, al, x, incx, y, incy, a, lda);
}
template <class T>
void cb_ger(bool conj, int m, int n, const T *al, const T *x, int incx, const T *y, int incy,
            T *a, int lda) {
    using Cb = CblasComplex<T>;
    (conj ? Cb::gerc : Cb::geru)(R, m, n, al, x, incx, y, incy, a, lda);
}
template <class T>
void cb_trxv(bool solve, char u, char t, char d, int n, const T *a, int lda, T *x, int incx) {
    using Cb = CblasComplex<T>;
    (solve ? Cb::trsv : Cb::trmv)(R, cb_uplo(u), cb_trans(t), cb_diag(d), n, a, lda, x, incx);
}

// A complex vector of n with increment inc (plus slack elements).
template <class T> std::vector<T> complex_vec(Gen &g, int n, int inc, unsigned slack) {
    return g.vec<T>(2 * vec_len(n, inc, slack));
}
// The column-major call a row-major trans letter amounts to on the same
// memory (N <-> T; C: N on the conjugated problem).
char column_trans(char row_trans) { return row_trans == 'N' ? 'T' : 'N'; }

}  // namespace

template <class T> void fuzz_complex_gemv(Input &in) {
    const unsigned flags = in.byte();
    const bool row = flags & 1;
    const char t = "NTCN"[(flags >> 1) & 3];  // the call's
    const int m = size_from(in), n = size_from(in);  // A: m x n column-major
    T alpha[2], beta[2];
    scalar_pair(in, alpha, false);
    scalar_pair(in, beta, false);
    const int incx = inc_from(in), incy = inc_from(in);
    const int lda = ld_from(in, m);
    const char ct = row ? column_trans(t) : t;  // the reference's
    const bool conj_problem = row && t == 'C';
    const int lx = ct == 'N' ? n : m, ly = ct == 'N' ? m : n;
    Gen g(in);
    const std::vector<T> a = g.vec<T>(2 * std::size_t(lda) * n), x = complex_vec<T>(g, lx, incx, 0),
                         y = complex_vec<T>(g, ly, incy, in.below(3));
    const std::string desc = format(
        "%cgemv %s trans=%c m=%d n=%d lda=%d alpha=(%g,%g) beta=(%g,%g) incx=%d incy=%d (A "
        "column-major m x n)",
        cname<T>, layout(row), t, m, n, lda, double(alpha[0]), double(alpha[1]), double(beta[0]),
        double(beta[1]), incx, incy);
    const std::vector<T> a0 = a, x0 = x;
    std::vector<T> ours = y;
    if (row)
        cb_gemv(t, n, m, alpha, a.data(), lda, x.data(), incx, beta, ours.data(), incy);
    else
        tileblas<T>().cgemv(&t, &m, &n, alpha, a.data(), &lda, x.data(), &incx, beta, ours.data(),
                            &incy, 1);
    expect_unchanged(desc, "A", a0, a.data());
    expect_unchanged(desc, "x", x0, x.data());
    std::vector<T> ref = conj_problem ? conjugated(y) : y;
    const T calpha[2] = {alpha[0], -alpha[1]}, cbeta[2] = {beta[0], -beta[1]};
    netlib<T>().cgemv(&ct, &m, &n, conj_problem ? calpha : alpha, a.data(), &lda,
                      (conj_problem ? conjugated(x) : x).data(), &incx, conj_problem ? cbeta : beta,
                      ref.data(), &incy, 1);
    if (conj_problem) ref = conjugated(ref);
    const std::vector<T> ma = moduli(a), mx = moduli(x);
    std::vector<T> bound = moduli(y);
    const T mal = modulus(alpha), mbe = modulus(beta);
    const char rt = ct == 'N' ? 'N' : 'T';
    netlib<T>().gemv(&rt, &m, &n, &mal, ma.data(), &lda, mx.data(), &incx, &mbe, bound.data(),
                     &incy, 1);
    expect(desc, y, ours, ref, [&](std::size_t p) { return vec_inside(p / 2, ly, incy); },
           [&](std::size_t p) { return complex_unit<T>(lx) * bound[p / 2]; }, 0);
}

template <class T> void fuzz_complex_hemv(Input &in) {
    const unsigned flags = in.byte();
    const bool row = flags & 1;
    const char uplo = flags & 2 ? 'U' : 'L';  // of the column-major view
    const int n = size_from(in);
    T alpha[2], beta[2];
    scalar_pair(in, alpha, false);
    scalar_pair(in, beta, false);
    const int incx = inc_from(in), incy = inc_from(in);
    const int lda = ld_from(in, n);
    Gen g(in);
    std::vector<T> a = g.vec<T>(2 * std::size_t(lda) * n);
    const std::vector<T> x = complex_vec<T>(g, n, incx, 0), y = complex_vec<T>(g, n, incy, in.below(3));
    shape_complex_matrix(a, lda, n, uplo, 'N', false);
    set_diagonal_imag(a, lda, n, std::numeric_limits<T>::quiet_NaN());
    const std::string desc = format(
        "%chemv %s uplo=%c n=%d lda=%d alpha=(%g,%g) beta=(%g,%g) incx=%d incy=%d (as "
        "column-major)",
        cname<T>, layout(row), uplo, n, lda, double(alpha[0]), double(alpha[1]), double(beta[0]),
        double(beta[1]), incx, incy);
    const std::vector<T> a0 = a, x0 = x;
    std::vector<T> ours = y;
    if (row)
        cb_hemv(flip_uplo(uplo), n, alpha, a.data(), lda, x.data(), incx, beta, ours.data(), incy);
    else
        tileblas<T>().chemv(&uplo, &n, alpha, a.data(), &lda, x.data(), &incx, beta, ours.data(),
                            &incy, 1);
    expect_unchanged(desc, "A", a0, a.data());
    expect_unchanged(desc, "x", x0, x.data());
    // Row-major: the conjugate of the column-major view's matrix.
    std::vector<T> ref = row ? conjugated(y) : y;
    const T calpha[2] = {alpha[0], -alpha[1]}, cbeta[2] = {beta[0], -beta[1]};
    netlib<T>().chemv(&uplo, &n, row ? calpha : alpha, a.data(), &lda,
                      (row ? conjugated(x) : x).data(), &incx, row ? cbeta : beta, ref.data(),
                      &incy, 1);
    if (row) ref = conjugated(ref);
    const std::vector<T> ma = moduli(real_diagonal(a, lda, n)), mx = moduli(x);
    std::vector<T> bound = moduli(y);
    const T mal = modulus(alpha), mbe = modulus(beta);
    netlib<T>().symv(&uplo, &n, &mal, ma.data(), &lda, mx.data(), &incx, &mbe, bound.data(), &incy,
                     1);
    expect(desc, y, ours, ref, [&](std::size_t p) { return vec_inside(p / 2, n, incy); },
           [&](std::size_t p) { return complex_unit<T>(n) * bound[p / 2]; }, 0);
}

namespace {

// her (x only) and her2: A := alpha x x^H + A, alpha x y^H + conj(alpha) y x^H + A.
template <class T> void her_case(Input &in, bool two) {
    const unsigned flags = in.byte();
    const bool row = flags & 1;
    const char uplo = flags & 2 ? 'U' : 'L';  // of the column-major view
    const int n = size_from(in);
    T alpha[2];
    scalar_pair(in, alpha, !two);
    const int incx = inc_from(in), incy = inc_from(in);
    const int lda = ld_from(in, n);
    Gen g(in);
    std::vector<T> a = g.vec<T>(2 * std::size_t(lda) * n);
    const std::vector<T> x = complex_vec<T>(g, n, incx, 0), y = complex_vec<T>(g, n, incy, 0);
    set_diagonal_imag(a, lda, n, std::numeric_limits<T>::quiet_NaN());
    const std::string desc =
        format("%cher%s %s uplo=%c n=%d lda=%d alpha=(%g,%g) incx=%d incy=%d (as column-major)",
               cname<T>, two ? "2" : "", layout(row), uplo, n, lda, double(alpha[0]),
               double(alpha[1]), incx, two ? incy : 0);
    const std::vector<T> x0 = x, y0 = y;
    std::vector<T> ours = a, ref = a;
    if (row && two)
        cb_her2(flip_uplo(uplo), n, alpha, x.data(), incx, y.data(), incy, ours.data(), lda);
    else if (row)
        cb_her(flip_uplo(uplo), n, alpha, x.data(), incx, ours.data(), lda);
    else if (two)
        tileblas<T>().cher2(&uplo, &n, alpha, x.data(), &incx, y.data(), &incy, ours.data(), &lda,
                            1);
    else
        tileblas<T>().cher(&uplo, &n, alpha, x.data(), &incx, ours.data(), &lda, 1);
    expect_unchanged(desc, "x", x0, x.data());
    expect_unchanged(desc, "y", y0, y.data());
    // Row-major: the transposed update, alpha conj(x) conj(x)^H (her2: with
    // x and y swapped, alpha conj(y) conj(x)^H + conj(alpha) conj(x) conj(y)^H).
    const std::vector<T> rx = row ? conjugated(two ? y : x) : x, ry = row ? conjugated(x) : y;
    const int rincx = row && two ? incy : incx, rincy = row && two ? incx : incy;
    if (two)
        netlib<T>().cher2(&uplo, &n, alpha, rx.data(), &rincx, ry.data(), &rincy, ref.data(), &lda,
                          1);
    else
        netlib<T>().cher(&uplo, &n, alpha, rx.data(), &rincx, ref.data(), &lda, 1);
    // |alpha||x||y|^T (+ |alpha||y||x|^T) + |A| on the full square.
    const std::vector<T> mx = moduli(x), my = moduli(y);
    std::vector<T> bound = moduli(real_diagonal(a, lda, n));
    const T mal = modulus(alpha);
    netlib<T>().ger(&n, &n, &mal, mx.data(), &incx, (two ? my : mx).data(), two ? &incy : &incx,
                    bound.data(), &lda);
    if (two)
        netlib<T>().ger(&n, &n, &mal, my.data(), &incy, mx.data(), &incx, bound.data(), &lda);
    expect(desc, a, ours, ref, [&](std::size_t p) { return in_tri(p / 2, lda, n, uplo); },
           [&](std::size_t p) { return complex_unit<T>(2) * bound[p / 2]; }, 0);
}

}  // namespace

template <class T> void fuzz_complex_her(Input &in) { her_case<T>(in, false); }
template <class T> void fuzz_complex_her2(Input &in) { her_case<T>(in, true); }

// geru / gerc: A := alpha x y^T + A or alpha x y^H + A, A m x n.
template <class T> void fuzz_complex_ger(Input &in) {
    const unsigned flags = in.byte();
    const bool row = flags & 1, conj = flags & 2;
    const int m = size_from(in), n = size_from(in);
    T alpha[2];
    scalar_pair(in, alpha, false);
    const int incx = inc_from(in), incy = inc_from(in);
    const int lda = ld_from(in, m);
    Gen g(in);
    const std::vector<T> a = g.vec<T>(2 * std::size_t(lda) * n),
                         x = complex_vec<T>(g, m, incx, 0), y = complex_vec<T>(g, n, incy, 0);
    const std::string desc =
        format("%cger%c %s m=%d n=%d lda=%d alpha=(%g,%g) incx=%d incy=%d (as column-major)",
               cname<T>, conj ? 'c' : 'u', layout(row), m, n, lda, double(alpha[0]),
               double(alpha[1]), incx, incy);
    const std::vector<T> x0 = x, y0 = y;
    std::vector<T> ours = a, ref = a;
    if (row)  // row-major n x m A += alpha y x^T (^H): the column-major x y^T (conj(x) y^T)
        cb_ger(conj, n, m, alpha, y.data(), incy, x.data(), incx, ours.data(), lda);
    else
        (conj ? tileblas<T>().cgerc : tileblas<T>().cgeru)(&m, &n, alpha, x.data(), &incx, y.data(),
                                                           &incy, ours.data(), &lda);
    expect_unchanged(desc, "x", x0, x.data());
    expect_unchanged(desc, "y", y0, y.data());
    if (row)
        netlib<T>().cgeru(&m, &n, alpha, (conj ? conjugated(x) : x).data(), &incx, y.data(), &incy,
                          ref.data(), &lda);
    else
        (conj ? netlib<T>().cgerc : netlib<T>().cgeru)(&m, &n, alpha, x.data(), &incx, y.data(),
                                                       &incy, ref.data(), &lda);
    const std::vector<T> mx = moduli(x), my = moduli(y);
    std::vector<T> bound = moduli(a);
    const T mal = modulus(alpha);
    netlib<T>().ger(&m, &n, &mal, mx.data(), &incx, my.data(), &incy, bound.data(), &lda);
    expect(desc, a, ours, ref, [&](std::size_t p) { return in_rect(p / 2, lda, m, n); },
           [&](std::size_t p) { return complex_unit<T>(1) * bound[p / 2]; }, 0);
}

namespace {

// trmv and trsv: x := op(A) x or op(A)^-1 x.
template <class T> void complex_trxv_case(Input &in, bool solve) {
    const unsigned flags = in.byte();
    const bool row = flags & 1;
    const char uplo = flags & 2 ? 'U' : 'L', t = "NTCN"[(flags >> 2) & 3],  // uplo: column view's
               diag = flags & 16 ? 'U' : 'N';                                // t: the call's
    const int n = size_from(in), incx = inc_from(in);
    const int lda = ld_from(in, n);
    Gen g(in);
    std::vector<T> a = g.vec<T>(2 * std::size_t(lda) * n);
    const std::vector<T> x = complex_vec<T>(g, n, incx, in.below(3));
    shape_complex_matrix(a, lda, n, uplo, diag, solve);
    const std::string desc =
        format("%ctr%sv %s uplo=%c trans=%c diag=%c n=%d lda=%d incx=%d (uplo as column-major)",
               cname<T>, solve ? "s" : "m", layout(row), uplo, t, diag, n, lda, incx);
    const std::vector<T> a0 = a;
    std::vector<T> ours = x;
    if (row)
        cb_trxv(solve, flip_uplo(uplo), t, diag, n, a.data(), lda, ours.data(), incx);
    else
        (solve ? tileblas<T>().ctrsv : tileblas<T>().ctrmv)(&uplo, &t, &diag, &n, a.data(), &lda,
                                                            ours.data(), &incx, 1, 1, 1);
    expect_unchanged(desc, "A", a0, a.data());
    const char ct = row ? column_trans(t) : t;
    const bool conj_problem = row && t == 'C';
    std::vector<T> ref = conj_problem ? conjugated(x) : x;
    (solve ? netlib<T>().ctrsv : netlib<T>().ctrmv)(&uplo, &ct, &diag, &n, a.data(), &lda,
                                                    ref.data(), &incx, 1, 1, 1);
    if (conj_problem) ref = conjugated(ref);
    auto inside = [&](std::size_t p) { return vec_inside(p / 2, n, incx); };
    if (!solve) {
        const std::vector<T> ma = moduli(a);
        std::vector<T> bound = moduli(x);
        const char rt = ct == 'N' ? 'N' : 'T';
        netlib<T>().trmv(&uplo, &rt, &diag, &n, ma.data(), &lda, bound.data(), &incx, 1, 1, 1);
        expect(desc, x, ours, ref, inside,
               [&](std::size_t p) { return complex_unit<T>(n) * bound[p / 2]; }, 0);
        return;
    }
    // As the real trsv (see fuzz_trsv), with the complex operation count.
    double xmax = 0;
    const std::vector<T> mref = moduli(ref);
    for (std::size_t e = 0; e < mref.size(); ++e)
        if (vec_inside(e, n, incx)) xmax = std::max(xmax, double(mref[e]));
    expect(desc, x, ours, ref, inside,
           [&](std::size_t) { return gamma<T>(2 * n + 4, 32) * xmax; }, 0);
}

}  // namespace

template <class T> void fuzz_complex_trmv(Input &in) { complex_trxv_case<T>(in, false); }
template <class T> void fuzz_complex_trsv(Input &in) { complex_trxv_case<T>(in, true); }

#define FUZZ_INSTANTIATE(f) template void f<float>(Input &); template void f<double>(Input &);
FUZZ_INSTANTIATE(fuzz_complex_gemv)
FUZZ_INSTANTIATE(fuzz_complex_hemv)
FUZZ_INSTANTIATE(fuzz_complex_her)
FUZZ_INSTANTIATE(fuzz_complex_her2)
FUZZ_INSTANTIATE(fuzz_complex_ger)
FUZZ_INSTANTIATE(fuzz_complex_trmv)
FUZZ_INSTANTIATE(fuzz_complex_trsv)
#undef FUZZ_INSTANTIATE

}  // namespace fuzz
