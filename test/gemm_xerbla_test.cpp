// gemm_xerbla_test.cpp -- illegal arguments to sgemm_/dgemm_/cblas_sgemm/
// cblas_dgemm, one at a time (and a few together, for netlib's order), must be
// reported through xerbla_ / cblas_xerbla -- which this program defines, see
// xerbla_recorder.cpp -- with netlib's routine name and number, and must leave
// C untouched.
//
// Fortran numbering (netlib sgemm.f): TRANSA 1, TRANSB 2, M 3, N 4, K 5,
// LDA 8, LDB 10, LDC 13; name "SGEMM " (6 characters, hidden length 6).
//
// CBLAS (netlib cblas_sgemm.c + xerbla.c + cblas_xerbla.c): layout 1,
// TransA 2, TransB 3, M 4, N 5, K 6, lda 9, ldb 11, ldc 14 as printed by the
// reference handler.  For row-major the reference calls the Fortran routine
// on the transposed problem and sets RowMajorStrg = 1 while it reports; the
// number a user-defined cblas_xerbla receives is then that of the transposed
// call (M<->N: 4<->5, lda<->ldb: 9<->11), which the reference handler swaps
// back before printing.  So:
//   * the number the reference handler would print must name the user's
//     argument, in both layouts;
//   * if the library exports RowMajorStrg, the raw number and the flag must be
//     the reference's (what netlib's own CBLAS tester, c_xerbla.c, expects).
// The routine name is compared without trailing blanks (the reference passes
// "cblas_sgemm " for errors found by the Fortran layer).
#include <gtest/gtest.h>

#include <cblas.h>

#include <algorithm>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "fortran_blas.h"
#include "xerbla_recorder.h"

extern "C" {
extern int RowMajorStrg __attribute__((weak));
}

namespace {

using tbtest::clear_xerbla_calls;
using tbtest::xerbla_calls;

constexpr int kBuf = 512;

template <class T> struct Buffers {
    std::vector<T> A, B, C;
    Buffers() : A(kBuf), B(kBuf), C(kBuf) {
        for (int i = 0; i < kBuf; ++i) {
            A[i] = static_cast<T>(0.25 * (i % 7) - 0.5);
            B[i] = static_cast<T>(0.125 * (i % 5) + 0.5);
            C[i] = static_cast<T>(-3.0 - i);
        }
    }
};

template <class T> const char *fortran_name();
template <> const char *fortran_name<float>() { return "SGEMM "; }
template <> const char *fortran_name<double>() { return "DGEMM "; }
template <class T> const char *cblas_name();
template <> const char *cblas_name<float>() { return "cblas_sgemm"; }
template <> const char *cblas_name<double>() { return "cblas_dgemm"; }

void fcall(char ta, char tb, int m, int n, int k, const float *alpha, const float *A, int lda,
           const float *B, int ldb, const float *beta, float *C, int ldc) {
    sgemm_(&ta, &tb, &m, &n, &k, alpha, A, &lda, B, &ldb, beta, C, &ldc, 1, 1);
}
void fcall(char ta, char tb, int m, int n, int k, const double *alpha, const double *A, int lda,
           const double *B, int ldb, const double *beta, double *C, int ldc) {
    dgemm_(&ta, &tb, &m, &n, &k, alpha, A, &lda, B, &ldb, beta, C, &ldc, 1, 1);
}
void ccall(int layout, int ta, int tb, int m, int n, int k, float alpha, const float *A, int lda,
           const float *B, int ldb, float beta, float *C, int ldc) {
    cblas_sgemm(static_cast<CBLAS_LAYOUT>(layout), static_cast<CBLAS_TRANSPOSE>(ta),
                static_cast<CBLAS_TRANSPOSE>(tb), m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
void ccall(int layout, int ta, int tb, int m, int n, int k, double alpha, const double *A,
           int lda, const double *B, int ldb, double beta, double *C, int ldc) {
    cblas_dgemm(static_cast<CBLAS_LAYOUT>(layout), static_cast<CBLAS_TRANSPOSE>(ta),
                static_cast<CBLAS_TRANSPOSE>(tb), m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}

std::string rtrim(std::string s) {
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s;
}

// ---------------------------------------------------------------------------
// Fortran ABI

struct FArgs {
    char ta, tb;
    int m, n, k, lda, ldb, ldc;
};

std::string describe(const FArgs &a) {
    std::ostringstream os;
    os << "transa='" << (a.ta ? std::string(1, a.ta) : std::string("\\0")) << "' transb='"
       << (a.tb ? std::string(1, a.tb) : std::string("\\0")) << "' m=" << a.m << " n=" << a.n
       << " k=" << a.k << " lda=" << a.lda << " ldb=" << a.ldb << " ldc=" << a.ldc;
    return os.str();
}

bool notrans(char t) { return t == 'N' || t == 'n'; }

FArgs fvalid(char ta, char tb, int m, int n, int k) {
    const int nrowa = notrans(ta) ? m : k, nrowb = notrans(tb) ? k : n;
    return {ta, tb, m, n, k, std::max(1, nrowa), std::max(1, nrowb), std::max(1, m)};
}

// Calls the Fortran routine; expect == 0 means no error may be reported.
template <class T> void expect_fortran(const FArgs &a, int expect, const std::string &what) {
    Buffers<T> buf;
    const std::vector<T> c_before = buf.C;
    const T alpha = static_cast<T>(1.5), beta = static_cast<T>(0.5);
    clear_xerbla_calls();
    fcall(a.ta, a.tb, a.m, a.n, a.k, &alpha, buf.A.data(), a.lda, buf.B.data(), a.ldb, &beta,
          buf.C.data(), a.ldc);
    const std::string ctx = std::string(sizeof(T) == 4 ? "sgemm_" : "dgemm_") + " " +
                            describe(a) + " (" + what + ")";
    const auto calls = xerbla_calls();
    if (expect == 0) {
        EXPECT_TRUE(calls.empty()) << ctx << ": legal call reported an error, info="
                                   << calls.front().info;
        return;
    }
    ASSERT_EQ(calls.size(), 1u) << ctx << ": expected exactly one xerbla_ call";
    const auto &c = calls.front();
    EXPECT_FALSE(c.from_cblas) << ctx << ": reported through cblas_xerbla, not xerbla_";
    EXPECT_EQ(c.name, fortran_name<T>()) << ctx << " (hidden length " << c.len << ")";
    EXPECT_EQ(c.len, 6u) << ctx;
    EXPECT_EQ(c.info, expect) << ctx;
    EXPECT_TRUE(std::memcmp(c_before.data(), buf.C.data(), kBuf * sizeof(T)) == 0)
        << ctx << ": C was written on error";
}

template <class T> void fortran_one_at_a_time() {
    const char trans[] = {'N', 'T', 'C', 'n', 't', 'c'};
    const int m = 4, n = 5, k = 3;
    for (char ta : trans)
        for (char tb : trans) {
            const FArgs ok = fvalid(ta, tb, m, n, k);
            expect_fortran<T>(ok, 0, "legal");
            for (char bad : {'X', 'Y', '0', ' ', '\0'}) {
                FArgs a = ok;
                a.ta = bad;
                expect_fortran<T>(a, 1, "illegal TRANSA");
                a = ok;
                a.tb = bad;
                expect_fortran<T>(a, 2, "illegal TRANSB");
            }
            for (int neg : {-1, -7}) {
                FArgs a = ok;
                a.m = neg;
                expect_fortran<T>(a, 3, "M < 0");
                a = ok;
                a.n = neg;
                expect_fortran<T>(a, 4, "N < 0");
                a = ok;
                a.k = neg;
                expect_fortran<T>(a, 5, "K < 0");
            }
            FArgs a = ok;
            a.lda = ok.lda - 1;
            expect_fortran<T>(a, 8, "LDA too small");
            a = ok;
            a.ldb = ok.ldb - 1;
            expect_fortran<T>(a, 10, "LDB too small");
            a = ok;
            a.ldc = ok.ldc - 1;
            expect_fortran<T>(a, 13, "LDC too small");
            a = ok;
            a.lda = -2;
            expect_fortran<T>(a, 8, "LDA negative");

            // Zero dimensions: the leading dimensions must still be >= 1.
            const FArgs z = fvalid(ta, tb, 0, 0, 0);
            expect_fortran<T>(z, 0, "all zero, legal");
            a = z;
            a.lda = 0;
            expect_fortran<T>(a, 8, "LDA 0 with zero dims");
            a = z;
            a.ldb = 0;
            expect_fortran<T>(a, 10, "LDB 0 with zero dims");
            a = z;
            a.ldc = 0;
            expect_fortran<T>(a, 13, "LDC 0 with zero dims");
        }
}

TEST(FortranXerbla, Sgemm) { fortran_one_at_a_time<float>(); }
TEST(FortranXerbla, Dgemm) { fortran_one_at_a_time<double>(); }

template <class T> void fortran_precedence() {
    for (char ta : {'N', 'T'})
        for (char tb : {'N', 'T'}) {
            const FArgs ok = fvalid(ta, tb, 4, 5, 3);
            FArgs a = ok;
            a.ta = 'X', a.tb = 'X', a.m = -1;
            expect_fortran<T>(a, 1, "TRANSA before TRANSB and M");
            a = ok;
            a.tb = 'Q', a.k = -1, a.ldc = 0;
            expect_fortran<T>(a, 2, "TRANSB before K and LDC");
            a = ok;
            a.m = -1, a.n = -1, a.ldc = 0;
            expect_fortran<T>(a, 3, "M before N and LDC");
            a = ok;
            a.n = -1, a.k = -1;
            expect_fortran<T>(a, 4, "N before K");
            a = ok;
            a.k = -1, a.ldc = 1;
            expect_fortran<T>(a, 5, "K before LDC");
            a = ok;
            a.lda = ok.lda - 1, a.ldb = ok.ldb - 1, a.ldc = ok.ldc - 1;
            expect_fortran<T>(a, 8, "LDA before LDB and LDC");
            a = ok;
            a.ldb = ok.ldb - 1, a.ldc = ok.ldc - 1;
            expect_fortran<T>(a, 10, "LDB before LDC");
        }
}

TEST(FortranXerbla, NetlibOrderSgemm) { fortran_precedence<float>(); }
TEST(FortranXerbla, NetlibOrderDgemm) { fortran_precedence<double>(); }

// ---------------------------------------------------------------------------
// CBLAS

struct CArgs {
    int layout, ta, tb;
    int m, n, k, lda, ldb, ldc;
};

std::string describe(const CArgs &a) {
    std::ostringstream os;
    os << "layout=" << a.layout << " TransA=" << a.ta << " TransB=" << a.tb << " M=" << a.m
       << " N=" << a.n << " K=" << a.k << " lda=" << a.lda << " ldb=" << a.ldb
       << " ldc=" << a.ldc;
    return os.str();
}

CArgs cvalid(int layout, int ta, int tb, int m, int n, int k) {
    const bool nA = ta == CblasNoTrans, nB = tb == CblasNoTrans;
    if (layout == CblasColMajor)
        return {layout, ta, tb, m, n, k, std::max(1, nA ? m : k), std::max(1, nB ? k : n),
                std::max(1, m)};
    return {layout, ta, tb, m, n, k, std::max(1, nA ? k : m), std::max(1, nB ? n : k),
            std::max(1, n)};
}

// What the reference cblas_xerbla does to the number before printing it.
int netlib_printed(int info, int row_major_strg) {
    if (row_major_strg != 1) return info;
    switch (info) {
    case 4: return 5;
    case 5: return 4;
    case 9: return 11;
    case 11: return 9;
    default: return info;
    }
}

// The raw number the reference passes to cblas_xerbla for a user-facing one.
int netlib_raw(int user, int layout) {
    return layout == CblasRowMajor ? netlib_printed(user, 1) : user;
}

template <class T> void expect_cblas(const CArgs &a, int expect, const std::string &what) {
    Buffers<T> buf;
    const std::vector<T> c_before = buf.C;
    clear_xerbla_calls();
    ccall(a.layout, a.ta, a.tb, a.m, a.n, a.k, static_cast<T>(1.5), buf.A.data(), a.lda,
          buf.B.data(), a.ldb, static_cast<T>(0.5), buf.C.data(), a.ldc);
    const std::string ctx = std::string(cblas_name<T>()) + " " + describe(a) + " (" + what + ")";
    const auto calls = xerbla_calls();
    if (expect == 0) {
        EXPECT_TRUE(calls.empty()) << ctx << ": legal call reported an error, info="
                                   << calls.front().info;
        return;
    }
    ASSERT_EQ(calls.size(), 1u) << ctx << ": expected exactly one error report";
    const auto &c = calls.front();
    EXPECT_TRUE(c.from_cblas) << ctx << ": reported through xerbla_(\"" << c.name << "\", "
                              << c.info << "), not cblas_xerbla";
    EXPECT_EQ(rtrim(c.name), cblas_name<T>()) << ctx;
    const int printed = netlib_printed(c.info, c.row_major_strg);
    EXPECT_EQ(printed, expect) << ctx << ": the reference cblas_xerbla would print parameter "
                               << printed << " (raw " << c.info << ", RowMajorStrg "
                               << c.row_major_strg << ")";
    if (c.row_major_strg >= 0 && a.layout == CblasRowMajor && expect >= 4) {
        EXPECT_EQ(c.row_major_strg, 1) << ctx << ": RowMajorStrg not set during a row-major report";
        EXPECT_EQ(c.info, netlib_raw(expect, a.layout))
            << ctx << ": raw number differs from the reference's (transposed call)";
    }
    EXPECT_TRUE(std::memcmp(c_before.data(), buf.C.data(), kBuf * sizeof(T)) == 0)
        << ctx << ": C was written on error";
}

template <class T> void cblas_one_at_a_time() {
    const int trans[] = {CblasNoTrans, CblasTrans, CblasConjTrans};
    const int m = 4, n = 5, k = 3;
    for (int layout : {CblasRowMajor, CblasColMajor})
        for (int ta : trans)
            for (int tb : trans) {
                const CArgs ok = cvalid(layout, ta, tb, m, n, k);
                expect_cblas<T>(ok, 0, "legal");
                for (int bad : {0, 100, 103, int('R')}) {
                    CArgs a = ok;
                    a.layout = bad;
                    expect_cblas<T>(a, 1, "illegal layout");
                }
                for (int bad : {0, 110, 114, int('N'), int('T')}) {
                    CArgs a = ok;
                    a.ta = bad;
                    expect_cblas<T>(a, 2, "illegal TransA");
                    a = ok;
                    a.tb = bad;
                    expect_cblas<T>(a, 3, "illegal TransB");
                }
                for (int neg : {-1, -9}) {
                    CArgs a = ok;
                    a.m = neg;
                    expect_cblas<T>(a, 4, "M < 0");
                    a = ok;
                    a.n = neg;
                    expect_cblas<T>(a, 5, "N < 0");
                    a = ok;
                    a.k = neg;
                    expect_cblas<T>(a, 6, "K < 0");
                }
                CArgs a = ok;
                a.lda = ok.lda - 1;
                expect_cblas<T>(a, 9, "lda too small");
                a = ok;
                a.ldb = ok.ldb - 1;
                expect_cblas<T>(a, 11, "ldb too small");
                a = ok;
                a.ldc = ok.ldc - 1;
                expect_cblas<T>(a, 14, "ldc too small");

                const CArgs z = cvalid(layout, ta, tb, 0, 0, 0);
                expect_cblas<T>(z, 0, "all zero, legal");
                a = z;
                a.lda = 0;
                expect_cblas<T>(a, 9, "lda 0 with zero dims");
                a = z;
                a.ldb = 0;
                expect_cblas<T>(a, 11, "ldb 0 with zero dims");
                a = z;
                a.ldc = 0;
                expect_cblas<T>(a, 14, "ldc 0 with zero dims");
            }
}

TEST(CblasXerbla, Sgemm) { cblas_one_at_a_time<float>(); }
TEST(CblasXerbla, Dgemm) { cblas_one_at_a_time<double>(); }

// Several illegal arguments at once: the reference reports the first found,
// checking layout, TransA, TransB, then the Fortran routine's order on the
// (for row-major: transposed) call -- so row-major finds N before M and ldb
// before lda.
template <class T> void cblas_precedence() {
    for (int layout : {CblasRowMajor, CblasColMajor}) {
        const bool row = layout == CblasRowMajor;
        const CArgs ok = cvalid(layout, CblasNoTrans, CblasTrans, 4, 5, 3);
        CArgs a = ok;
        a.layout = 7, a.ta = 7, a.m = -1;
        expect_cblas<T>(a, 1, "layout first");
        a = ok;
        a.ta = 7, a.tb = 7, a.k = -1;
        expect_cblas<T>(a, 2, "TransA before TransB");
        a = ok;
        a.tb = 7, a.m = -1, a.ldc = 0;
        expect_cblas<T>(a, 3, "TransB before M");
        a = ok;
        a.m = -1, a.n = -1;
        expect_cblas<T>(a, row ? 5 : 4, "M and N both negative");
        a = ok;
        a.m = -1, a.k = -1;
        expect_cblas<T>(a, 4, "M before K");
        a = ok;
        a.k = -1, a.lda = ok.lda - 1;
        expect_cblas<T>(a, 6, "K before lda");
        a = ok;
        a.lda = ok.lda - 1, a.ldb = ok.ldb - 1;
        expect_cblas<T>(a, row ? 11 : 9, "lda and ldb both too small");
        a = ok;
        a.lda = ok.lda - 1, a.ldc = ok.ldc - 1;
        expect_cblas<T>(a, 9, "lda before ldc");
        a = ok;
        a.ldb = ok.ldb - 1, a.ldc = ok.ldc - 1;
        expect_cblas<T>(a, 11, "ldb before ldc");
    }
}

// The reference clears RowMajorStrg before returning, so a handler that runs
// later (for another routine or a Fortran call) does not renumber its report.
TEST(CblasXerbla, RowMajorStrgClearedAfterRowMajorReport) {
    if (!tbtest::have_row_major_strg()) GTEST_SKIP() << "RowMajorStrg not exported";
    Buffers<float> buf;
    clear_xerbla_calls();
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, -1, 5, 3, 1.0f, buf.A.data(), 3,
                buf.B.data(), 5, 0.0f, buf.C.data(), 5);
    ASSERT_EQ(xerbla_calls().size(), 1u);
    EXPECT_EQ(xerbla_calls().front().row_major_strg, 1);
    EXPECT_EQ(RowMajorStrg, 0) << "RowMajorStrg still 1 after cblas_sgemm(RowMajor, M=-1) returned";
}

TEST(CblasXerbla, NetlibOrderSgemm) { cblas_precedence<float>(); }
TEST(CblasXerbla, NetlibOrderDgemm) { cblas_precedence<double>(); }

} // namespace
