// complex3.cpp -- c/z Level 3 beyond gemm: syrk or herk, syr2k or her2k,
// symm or hemm (one flag bit picks), trmm, trsm; column-major through the
// Fortran ABI or (one flag bit) row-major through CBLAS on tileblas, the
// reference solving the same problem on the same memory column-major.
// Arrays are (re, im) pairs of T; 1-4 threads, ld padding 0-4.
// Bounds: the real reference on moduli (the routine's |alpha||A||B| +
// |beta||C|) times gamma_{2k+4} x4, as for c/zgemm (k the inner length; 2k
// for syr2k/her2k); trsm as the real trsm per solution vector.
// What the reference defines for Hermitian data, and tileblas is held to:
// herk/her2k read only the real part of C's diagonal (its imaginary part is
// NaN here) and return it real, unless beta = 1 and nothing is added (C
// untouched); hemm reads only the real part of A's diagonal (NaN imaginary).
// Row-major on the same memory (the transpose of a Hermitian C is its
// conjugate): uplo flips; herk/her2k's trans N <-> C, syrk/syr2k's N <-> T,
// and her2k's column-major twin has conj(alpha); symm/hemm flip side and
// swap m, n; trmm/trsm flip side and uplo and keep trans.
#include "cblas_complex.h"
#include "cblas_options.h"
#include "complex_data.h"

namespace fuzz {
namespace {

// Row-major CBLAS on tileblas (arguments already mapped to row-major); the
// scalars are (re, im) pairs except herk's and her2k's real ones.
template <class T>
void cb_syrk(bool herm, char u, char t, int n, int k, const T *al, const T *a, int lda,
             const T *be, T *c, int ldc) {
    using Cb = CblasComplex<T>;
    if (herm)
        Cb::herk(R, cb_uplo(u), cb_trans(t), n, k, *al, a, lda, *be, c, ldc);
    else
        Cb::syrk(R, cb_uplo(u), cb_trans(t), n, k, al, a, lda, be, c, ldc);
}
template <class T>
void cb_syr2k(bool herm, char u, char t, int n, int k, const T *al, const T *a, int lda,
              const T *b, int ldb, const T *be, T *c, int ldc) {
    using Cb = CblasComplex<T>;
    if (herm)
        Cb::her2k(R, cb_uplo(u), cb_trans(t), n, k, al, a, lda, b, ldb, *be, c, ldc);
    else
        Cb::syr2k(R, cb_uplo(u), cb_trans(t), n, k, al, a, lda, b, ldb, be, c, ldc);
}
template <class T>
void cb_symm(bool herm, char s, char u, int m, int n, const T *al, const T *a, int lda,
             const T *b, int ldb, const T *be, T *c, int ldc) {
    using Cb = CblasComplex<T>;
    (herm ? Cb::hemm : Cb::symm)(R, cb_side(s), cb_uplo(u), m, n, al, a, lda, b, ldb, be, c, ldc);
}
template <class T>
void cb_trxm(bool solve, char s, char u, char t, char d, int m, int n, const T *al, const T *a,
             int lda, T *b, int ldb) {
    using Cb = CblasComplex<T>;
    (solve ? Cb::trsm : Cb::trmm)(R, cb_side(s), cb_uplo(u), cb_trans(t), cb_diag(d), m, n, al, a,
                                  lda, b, ldb);
}

}  // namespace

template <class T> void fuzz_complex_syrk(Input &in) {
    const unsigned flags = in.byte();
    const bool row = flags & 1, herm = flags & 2;
    const char uplo = flags & 4 ? 'U' : 'L', other = herm ? 'C' : 'T', t = flags & 8 ? other : 'N';
    const int n = size_from(in), k = size_from(in);
    T alpha[2], beta[2];
    scalar_pair(in, alpha, herm);
    scalar_pair(in, beta, herm);
    threads_from(in);
    const int lda = ld_from(in, t == 'N' ? n : k), ldc = ld_from(in, n);
    Gen g(in);
    const std::vector<T> a = g.vec<T>(2 * std::size_t(lda) * (t == 'N' ? k : n));
    std::vector<T> c = g.vec<T>(2 * std::size_t(ldc) * n);
    if (herm) set_diagonal_imag(c, ldc, n, std::numeric_limits<T>::quiet_NaN());
    const std::string desc = format(
        "%c%s %s uplo=%c trans=%c n=%d k=%d lda=%d ldc=%d alpha=(%g,%g) beta=(%g,%g) (as "
        "column-major)",
        cname<T>, herm ? "herk" : "syrk", layout(row), uplo, t, n, k, lda, ldc, double(alpha[0]),
        double(alpha[1]), double(beta[0]), double(beta[1]));
    const std::vector<T> a0 = a;
    std::vector<T> ours = c, ref = c;
    if (row)
        cb_syrk(herm, flip_uplo(uplo), t == 'N' ? other : 'N', n, k, alpha, a.data(), lda, beta,
                ours.data(), ldc);
    else
        (herm ? tileblas<T>().cherk : tileblas<T>().csyrk)(&uplo, &t, &n, &k, alpha, a.data(), &lda,
                                                           beta, ours.data(), &ldc, 1, 1);
    expect_unchanged(desc, "A", a0, a.data());
    const T zero[2] = {0, 0};
    const T *ralpha = k == 0 && std::isnan(alpha[0]) ? zero : alpha;
    (herm ? netlib<T>().cherk : netlib<T>().csyrk)(&uplo, &t, &n, &k, ralpha, a.data(), &lda, beta,
                                                   ref.data(), &ldc, 1, 1);
    const std::vector<T> ma = moduli(a);
    // A Hermitian C's diagonal is real (its imaginary parts, NaN here, are
    // not read); a symmetric one's is a full complex value.
    std::vector<T> bound = moduli(herm ? real_diagonal(c, ldc, n) : c);
    const T mal = modulus(alpha), mbe = modulus(beta);
    const char rt = t == 'N' ? 'N' : 'T';
    netlib<T>().syrk(&uplo, &rt, &n, &k, &mal, ma.data(), &lda, &mbe, bound.data(), &ldc, 1, 1);
    expect(desc, c, ours, ref, [&](std::size_t p) { return in_tri(p / 2, ldc, n, uplo); },
           [&](std::size_t p) { return complex_unit<T>(k) * bound[p / 2]; }, 0);
}

template <class T> void fuzz_complex_syr2k(Input &in) {
    const unsigned flags = in.byte();
    const bool row = flags & 1, herm = flags & 2;
    const char uplo = flags & 4 ? 'U' : 'L', other = herm ? 'C' : 'T', t = flags & 8 ? other : 'N';
    const int n = size_from(in), k = size_from(in);
    T alpha[2], beta[2];
    scalar_pair(in, alpha, false);
    scalar_pair(in, beta, herm);
    threads_from(in);
    const int ar = t == 'N' ? n : k, ac = t == 'N' ? k : n;
    const int lda = ld_from(in, ar), ldb = ld_from(in, ar), ldc = ld_from(in, n);
    Gen g(in);
    const std::vector<T> a = g.vec<T>(2 * std::size_t(lda) * ac),
                         b = g.vec<T>(2 * std::size_t(ldb) * ac);
    std::vector<T> c = g.vec<T>(2 * std::size_t(ldc) * n);
    if (herm) set_diagonal_imag(c, ldc, n, std::numeric_limits<T>::quiet_NaN());
    const std::string desc =
        format("%c%s %s uplo=%c trans=%c n=%d k=%d lda=%d ldb=%d ldc=%d alpha=(%g,%g) "
               "beta=(%g,%g) (as column-major)",
               cname<T>, herm ? "her2k" : "syr2k", layout(row), uplo, t, n, k, lda, ldb, ldc,
               double(alpha[0]), double(alpha[1]), double(beta[0]), double(beta[1]));
    const std::vector<T> a0 = a, b0 = b;
    std::vector<T> ours = c, ref = c;
    if (row)
        cb_syr2k(herm, flip_uplo(uplo), t == 'N' ? other : 'N', n, k, alpha, a.data(), lda,
                 b.data(), ldb, beta, ours.data(), ldc);
    else
        (herm ? tileblas<T>().cher2k : tileblas<T>().csyr2k)(&uplo, &t, &n, &k, alpha, a.data(),
                                                             &lda, b.data(), &ldb, beta,
                                                             ours.data(), &ldc, 1, 1);
    expect_unchanged(desc, "A", a0, a.data());
    expect_unchanged(desc, "B", b0, b.data());
    T ralpha[2] = {alpha[0], row && herm ? -alpha[1] : alpha[1]};
    if (k == 0 && std::isnan(alpha[0])) ralpha[0] = ralpha[1] = 0;
    (herm ? netlib<T>().cher2k : netlib<T>().csyr2k)(&uplo, &t, &n, &k, ralpha, a.data(), &lda,
                                                     b.data(), &ldb, beta, ref.data(), &ldc, 1, 1);
    // |beta||C| + |alpha| (|op(A)||op(B)|^T + |op(B)||op(A)|^T), on the full square.
    const std::vector<T> ma = moduli(a), mb = moduli(b);
    // A Hermitian C's diagonal is real (its imaginary parts, NaN here, are
    // not read); a symmetric one's is a full complex value.
    std::vector<T> bound = moduli(herm ? real_diagonal(c, ldc, n) : c);
    const T mal = modulus(alpha), mbe = modulus(beta), one = 1;
    for (T &x : bound) x *= mbe;
    const char rt = t == 'N' ? 'N' : 'T', rt2 = t == 'N' ? 'T' : 'N';
    netlib<T>().gemm(&rt, &rt2, &n, &n, &k, &mal, ma.data(), &lda, mb.data(), &ldb, &one,
                     bound.data(), &ldc, 1, 1);
    netlib<T>().gemm(&rt, &rt2, &n, &n, &k, &mal, mb.data(), &ldb, ma.data(), &lda, &one,
                     bound.data(), &ldc, 1, 1);
    expect(desc, c, ours, ref, [&](std::size_t p) { return in_tri(p / 2, ldc, n, uplo); },
           [&](std::size_t p) { return complex_unit<T>(2 * k) * bound[p / 2]; }, 0);
}

template <class T> void fuzz_complex_symm(Input &in) {
    const unsigned flags = in.byte();
    const bool row = flags & 1, herm = flags & 2;
    const char side = flags & 4 ? 'R' : 'L', uplo = flags & 8 ? 'U' : 'L';
    const int m = size_from(in), n = size_from(in), ka = side == 'L' ? m : n;
    T alpha[2], beta[2];
    scalar_pair(in, alpha, false);
    scalar_pair(in, beta, false);
    threads_from(in);
    const int lda = ld_from(in, ka), ldb = ld_from(in, m), ldc = ld_from(in, m);
    Gen g(in);
    std::vector<T> a = g.vec<T>(2 * std::size_t(lda) * ka);
    const std::vector<T> b = g.vec<T>(2 * std::size_t(ldb) * n),
                         c = g.vec<T>(2 * std::size_t(ldc) * n);
    shape_complex_matrix(a, lda, ka, uplo, 'N', false);
    if (herm) set_diagonal_imag(a, lda, ka, std::numeric_limits<T>::quiet_NaN());
    const std::string desc = format(
        "%c%s %s side=%c uplo=%c m=%d n=%d lda=%d ldb=%d ldc=%d alpha=(%g,%g) beta=(%g,%g) "
        "(as column-major)",
        cname<T>, herm ? "hemm" : "symm", layout(row), side, uplo, m, n, lda, ldb, ldc,
        double(alpha[0]), double(alpha[1]), double(beta[0]), double(beta[1]));
    const std::vector<T> a0 = a, b0 = b;
    std::vector<T> ours = c, ref = c;
    if (row)
        cb_symm(herm, flip_side(side), flip_uplo(uplo), n, m, alpha, a.data(), lda, b.data(), ldb,
                beta, ours.data(), ldc);
    else
        (herm ? tileblas<T>().chemm : tileblas<T>().csymm)(&side, &uplo, &m, &n, alpha, a.data(),
                                                           &lda, b.data(), &ldb, beta, ours.data(),
                                                           &ldc, 1, 1);
    expect_unchanged(desc, "A", a0, a.data());
    expect_unchanged(desc, "B", b0, b.data());
    (herm ? netlib<T>().chemm : netlib<T>().csymm)(&side, &uplo, &m, &n, alpha, a.data(), &lda,
                                                   b.data(), &ldb, beta, ref.data(), &ldc, 1, 1);
    const std::vector<T> ma = moduli(herm ? real_diagonal(a, lda, ka) : a), mb = moduli(b);
    std::vector<T> bound = moduli(c);
    const T mal = modulus(alpha), mbe = modulus(beta);
    netlib<T>().symm(&side, &uplo, &m, &n, &mal, ma.data(), &lda, mb.data(), &ldb, &mbe,
                     bound.data(), &ldc, 1, 1);
    expect(desc, c, ours, ref, [&](std::size_t p) { return in_rect(p / 2, ldc, m, n); },
           [&](std::size_t p) { return complex_unit<T>(ka) * bound[p / 2]; }, 0);
}

namespace {

// trmm and trsm: B := alpha op(A) B, alpha B op(A), or with op(A)^-1.
template <class T> void complex_trxm_case(Input &in, bool solve) {
    const unsigned flags = in.byte();
    const bool row = flags & 1;
    const char side = flags & 2 ? 'R' : 'L', uplo = flags & 4 ? 'U' : 'L',
               t = "NTCN"[(flags >> 3) & 3], diag = flags & 32 ? 'U' : 'N';
    const int m = size_from(in), n = size_from(in), ka = side == 'L' ? m : n;
    T alpha[2] = {T(scalar_from(in, false)), T(scalar_from(in, false))};
    threads_from(in);
    const int lda = ld_from(in, ka), ldb = ld_from(in, m);
    Gen g(in);
    std::vector<T> a = g.vec<T>(2 * std::size_t(lda) * ka);
    const std::vector<T> b = g.vec<T>(2 * std::size_t(ldb) * n);
    shape_complex_matrix(a, lda, ka, uplo, diag, solve);
    const std::string desc = format(
        "%ctr%sm %s side=%c uplo=%c trans=%c diag=%c m=%d n=%d lda=%d ldb=%d alpha=(%g,%g) (as "
        "column-major)",
        cname<T>, solve ? "s" : "m", layout(row), side, uplo, t, diag, m, n, lda, ldb,
        double(alpha[0]), double(alpha[1]));
    const std::vector<T> a0 = a;
    std::vector<T> ours = b, ref = b;
    if (row)
        cb_trxm(solve, flip_side(side), flip_uplo(uplo), t, diag, n, m, alpha, a.data(), lda,
                ours.data(), ldb);
    else
        (solve ? tileblas<T>().ctrsm : tileblas<T>().ctrmm)(&side, &uplo, &t, &diag, &m, &n, alpha,
                                                            a.data(), &lda, ours.data(), &ldb, 1,
                                                            1, 1, 1);
    expect_unchanged(desc, "A", a0, a.data());
    (solve ? netlib<T>().ctrsm : netlib<T>().ctrmm)(&side, &uplo, &t, &diag, &m, &n, alpha,
                                                    a.data(), &lda, ref.data(), &ldb, 1, 1, 1, 1);
    auto inside = [&](std::size_t p) { return in_rect(p / 2, ldb, m, n); };
    if (!solve) {
        const std::vector<T> ma = moduli(a);
        std::vector<T> bound = moduli(b);
        const T mal = modulus(alpha);
        const char rt = t == 'N' ? 'N' : 'T';
        netlib<T>().trmm(&side, &uplo, &rt, &diag, &m, &n, &mal, ma.data(), &lda, bound.data(),
                         &ldb, 1, 1, 1, 1);
        expect(desc, b, ours, ref, inside,
               [&](std::size_t p) { return complex_unit<T>(ka) * bound[p / 2]; }, 0);
        return;
    }
    // As the real trsm: per solution vector (a column of B for side = L, a
    // row for side = R), within a multiple of gamma ||x||_inf, here with the
    // complex operation count.
    std::vector<double> xmax(side == 'L' ? n : m, 0.0);
    const std::vector<T> mref = moduli(ref);
    for (std::size_t e = 0; e < mref.size(); ++e)
        if (in_rect(e, ldb, m, n)) {
            double &x = xmax[side == 'L' ? e / ldb : e % ldb];
            x = std::max(x, double(mref[e]));
        }
    expect(desc, b, ours, ref, inside,
           [&](std::size_t p) {
               const std::size_t e = p / 2;
               return gamma<T>(2 * ka + 4, 32) * xmax[side == 'L' ? e / ldb : e % ldb];
           },
           0);
}

}  // namespace

template <class T> void fuzz_complex_trmm(Input &in) { complex_trxm_case<T>(in, false); }
template <class T> void fuzz_complex_trsm(Input &in) { complex_trxm_case<T>(in, true); }

#define FUZZ_INSTANTIATE(f) template void f<float>(Input &); template void f<double>(Input &);
FUZZ_INSTANTIATE(fuzz_complex_syrk)
FUZZ_INSTANTIATE(fuzz_complex_syr2k)
FUZZ_INSTANTIATE(fuzz_complex_symm)
FUZZ_INSTANTIATE(fuzz_complex_trmm)
FUZZ_INSTANTIATE(fuzz_complex_trsm)
#undef FUZZ_INSTANTIATE

}  // namespace fuzz
