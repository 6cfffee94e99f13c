// bad_input_every_routine_test.cpp -- every exported BLAS routine, Fortran
// and CBLAS, with each of its checked parameters made illegal in turn (bad
// option letters or enums, negative sizes, leading dimensions one below the
// minimum, zero increments, a bad CBLAS layout), for every legal setting of
// its other options and both CBLAS layouts:
//   * exactly one report, through xerbla_ (Fortran: the routine's name, the
//     netlib parameter number) or cblas_xerbla (CBLAS: the number a handler
//     written like the reference's prints, i.e. the CBLAS prototype's);
//   * nothing written: every array and scalar keeps its sentinel bytes;
//   * RowMajorStrg back to 0 afterwards.
// Each legal base call (leading dimensions exactly at their minimum) must
// report nothing.  Level 1 has no illegal arguments in netlib: n <= 0 (and
// incx <= 0 where the reference returns early) must touch nothing and
// return 0.
// The table must cover the library's export list: a new exported routine
// without a row here (or a row for a routine no longer exported) fails.
#include <gtest/gtest.h>

#include <dlfcn.h>
#include <unistd.h>

#include <cblas.h>

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "bad_input_calls.h"
#include "elf_exports.h"
#include "xerbla_recorder.h"

extern "C" int RowMajorStrg;

namespace {

using badin::Args;
using badin::Buffers;
using badin::Caller;

// The parameters a family checks.
// Order is ?omatcopy's / ?imatcopy's option ('C' / 'R'; in CBLAS the layout).
enum class P { Layout, Side, Uplo, TransA, TransB, Diag, Order, M, N, K, KL, KU, Lda, Ldb, Ldc, IncX, IncY };
const char *param_name(P p) {
    static const char *names[] = {"layout", "side", "uplo", "transa", "transb", "diag", "order", "m",   "n",
                                  "k",      "kl",   "ku",   "lda",    "ldb",    "ldc",  "incx",  "incy"};
    return names[static_cast<int>(p)];
}

struct Position {
    P param;
    int number;  // 1-based position in the routine's argument list
};

// Minimum leading dimensions for one call (0: the routine has no such argument).
struct Lds {
    int lda = 0, ldb = 0, ldc = 0;
};
// A rows x cols matrix stored column-major (row_major: row-major) needs this.
int ld_of(int rows, int cols, bool row_major) { return std::max(1, row_major ? cols : rows); }
bool notrans(char t) { return std::toupper(static_cast<unsigned char>(t)) == 'N'; }
bool transposes(char t) { return std::toupper(static_cast<unsigned char>(t)) == 'T' || std::toupper(static_cast<unsigned char>(t)) == 'C'; }
bool left(char s) { return std::toupper(static_cast<unsigned char>(s)) == 'L'; }

// Routines with one argument list and one set of checks.
struct Family {
    const char *name;
    std::vector<P> options;  // option parameters, each run over its legal values
    std::vector<Position> fortran, cblas;
    std::function<Lds(const Args &, bool row_major)> lds;
};

const Family kGemm{"gemm",
                   {P::TransA, P::TransB},
                   {{P::TransA, 1}, {P::TransB, 2}, {P::M, 3}, {P::N, 4}, {P::K, 5}, {P::Lda, 8}, {P::Ldb, 10}, {P::Ldc, 13}},
                   {{P::Layout, 1}, {P::TransA, 2}, {P::TransB, 3}, {P::M, 4}, {P::N, 5}, {P::K, 6}, {P::Lda, 9},
                    {P::Ldb, 11}, {P::Ldc, 14}},
                   [](const Args &g, bool r) {
                       return Lds{notrans(g.ta) ? ld_of(g.m, g.k, r) : ld_of(g.k, g.m, r),
                                  notrans(g.tb) ? ld_of(g.k, g.n, r) : ld_of(g.n, g.k, r), ld_of(g.m, g.n, r)};
                   }};
const Family kGemmt{"gemmt",
                    {P::Uplo, P::TransA, P::TransB},
                    {{P::Uplo, 1}, {P::TransA, 2}, {P::TransB, 3}, {P::N, 4}, {P::K, 5}, {P::Lda, 8}, {P::Ldb, 10}, {P::Ldc, 13}},
                    {{P::Layout, 1}, {P::Uplo, 2}, {P::TransA, 3}, {P::TransB, 4}, {P::N, 5}, {P::K, 6}, {P::Lda, 9},
                     {P::Ldb, 11}, {P::Ldc, 14}},
                    [](const Args &g, bool r) {
                        return Lds{notrans(g.ta) ? ld_of(g.n, g.k, r) : ld_of(g.k, g.n, r),
                                   notrans(g.tb) ? ld_of(g.k, g.n, r) : ld_of(g.n, g.k, r), ld_of(g.n, g.n, r)};
                    }};
const Family kSymm{"symm",
                   {P::Side, P::Uplo},
                   {{P::Side, 1}, {P::Uplo, 2}, {P::M, 3}, {P::N, 4}, {P::Lda, 7}, {P::Ldb, 9}, {P::Ldc, 12}},
                   {{P::Layout, 1}, {P::Side, 2}, {P::Uplo, 3}, {P::M, 4}, {P::N, 5}, {P::Lda, 8}, {P::Ldb, 10}, {P::Ldc, 13}},
                   [](const Args &g, bool r) {
                       const int na = left(g.side) ? g.m : g.n;
                       return Lds{ld_of(na, na, r), ld_of(g.m, g.n, r), ld_of(g.m, g.n, r)};
                   }};
Lds rank_k_lds(const Args &g, bool r) {
    const int a = notrans(g.ta) ? ld_of(g.n, g.k, r) : ld_of(g.k, g.n, r);
    return Lds{a, a, ld_of(g.n, g.n, r)};
}
const Family kSyrk{"syrk",
                   {P::Uplo, P::TransA},
                   {{P::Uplo, 1}, {P::TransA, 2}, {P::N, 3}, {P::K, 4}, {P::Lda, 7}, {P::Ldc, 10}},
                   {{P::Layout, 1}, {P::Uplo, 2}, {P::TransA, 3}, {P::N, 4}, {P::K, 5}, {P::Lda, 8}, {P::Ldc, 11}},
                   rank_k_lds};
const Family kSyr2k{"syr2k",
                    {P::Uplo, P::TransA},
                    {{P::Uplo, 1}, {P::TransA, 2}, {P::N, 3}, {P::K, 4}, {P::Lda, 7}, {P::Ldb, 9}, {P::Ldc, 12}},
                    {{P::Layout, 1}, {P::Uplo, 2}, {P::TransA, 3}, {P::N, 4}, {P::K, 5}, {P::Lda, 8}, {P::Ldb, 10},
                     {P::Ldc, 13}},
                    rank_k_lds};
const Family kTrmm{"trmm",
                   {P::Side, P::Uplo, P::TransA, P::Diag},
                   {{P::Side, 1}, {P::Uplo, 2}, {P::TransA, 3}, {P::Diag, 4}, {P::M, 5}, {P::N, 6}, {P::Lda, 9}, {P::Ldb, 11}},
                   {{P::Layout, 1}, {P::Side, 2}, {P::Uplo, 3}, {P::TransA, 4}, {P::Diag, 5}, {P::M, 6}, {P::N, 7},
                    {P::Lda, 10}, {P::Ldb, 12}},
                   [](const Args &g, bool r) {
                       const int na = left(g.side) ? g.m : g.n;
                       return Lds{ld_of(na, na, r), ld_of(g.m, g.n, r), 0};
                   }};
const Family kGemv{"gemv",
                   {P::TransA},
                   {{P::TransA, 1}, {P::M, 2}, {P::N, 3}, {P::Lda, 6}, {P::IncX, 8}, {P::IncY, 11}},
                   {{P::Layout, 1}, {P::TransA, 2}, {P::M, 3}, {P::N, 4}, {P::Lda, 7}, {P::IncX, 9}, {P::IncY, 12}},
                   [](const Args &g, bool r) { return Lds{ld_of(g.m, g.n, r)}; }};
const Family kGbmv{"gbmv",
                   {P::TransA},
                   {{P::TransA, 1}, {P::M, 2}, {P::N, 3}, {P::KL, 4}, {P::KU, 5}, {P::Lda, 8}, {P::IncX, 10}, {P::IncY, 13}},
                   {{P::Layout, 1}, {P::TransA, 2}, {P::M, 3}, {P::N, 4}, {P::KL, 5}, {P::KU, 6}, {P::Lda, 9},
                    {P::IncX, 11}, {P::IncY, 14}},
                   [](const Args &g, bool) { return Lds{g.kl + g.ku + 1}; }};
const Family kGer{"ger",
                  {},
                  {{P::M, 1}, {P::N, 2}, {P::IncX, 5}, {P::IncY, 7}, {P::Lda, 9}},
                  {{P::Layout, 1}, {P::M, 2}, {P::N, 3}, {P::IncX, 6}, {P::IncY, 8}, {P::Lda, 10}},
                  [](const Args &g, bool r) { return Lds{ld_of(g.m, g.n, r)}; }};
Lds square_lds(const Args &g, bool r) { return Lds{ld_of(g.n, g.n, r)}; }
Lds band_lds(const Args &g, bool) { return Lds{g.k + 1}; }
Lds no_lds(const Args &, bool) { return Lds{}; }
const Family kSymv{"symv",
                   {P::Uplo},
                   {{P::Uplo, 1}, {P::N, 2}, {P::Lda, 5}, {P::IncX, 7}, {P::IncY, 10}},
                   {{P::Layout, 1}, {P::Uplo, 2}, {P::N, 3}, {P::Lda, 6}, {P::IncX, 8}, {P::IncY, 11}},
                   square_lds};
const Family kSbmv{"sbmv",
                   {P::Uplo},
                   {{P::Uplo, 1}, {P::N, 2}, {P::K, 3}, {P::Lda, 6}, {P::IncX, 8}, {P::IncY, 11}},
                   {{P::Layout, 1}, {P::Uplo, 2}, {P::N, 3}, {P::K, 4}, {P::Lda, 7}, {P::IncX, 9}, {P::IncY, 12}},
                   band_lds};
const Family kSpmv{"spmv",
                   {P::Uplo},
                   {{P::Uplo, 1}, {P::N, 2}, {P::IncX, 6}, {P::IncY, 9}},
                   {{P::Layout, 1}, {P::Uplo, 2}, {P::N, 3}, {P::IncX, 7}, {P::IncY, 10}},
                   no_lds};
const Family kSyr{"syr",
                  {P::Uplo},
                  {{P::Uplo, 1}, {P::N, 2}, {P::IncX, 5}, {P::Lda, 7}},
                  {{P::Layout, 1}, {P::Uplo, 2}, {P::N, 3}, {P::IncX, 6}, {P::Lda, 8}},
                  square_lds};
const Family kSpr{"spr",
                  {P::Uplo},
                  {{P::Uplo, 1}, {P::N, 2}, {P::IncX, 5}},
                  {{P::Layout, 1}, {P::Uplo, 2}, {P::N, 3}, {P::IncX, 6}},
                  no_lds};
const Family kSyr2{"syr2",
                   {P::Uplo},
                   {{P::Uplo, 1}, {P::N, 2}, {P::IncX, 5}, {P::IncY, 7}, {P::Lda, 9}},
                   {{P::Layout, 1}, {P::Uplo, 2}, {P::N, 3}, {P::IncX, 6}, {P::IncY, 8}, {P::Lda, 10}},
                   square_lds};
const Family kSpr2{"spr2",
                   {P::Uplo},
                   {{P::Uplo, 1}, {P::N, 2}, {P::IncX, 5}, {P::IncY, 7}},
                   {{P::Layout, 1}, {P::Uplo, 2}, {P::N, 3}, {P::IncX, 6}, {P::IncY, 8}},
                   no_lds};
const Family kTrmv{"trmv",
                   {P::Uplo, P::TransA, P::Diag},
                   {{P::Uplo, 1}, {P::TransA, 2}, {P::Diag, 3}, {P::N, 4}, {P::Lda, 6}, {P::IncX, 8}},
                   {{P::Layout, 1}, {P::Uplo, 2}, {P::TransA, 3}, {P::Diag, 4}, {P::N, 5}, {P::Lda, 7}, {P::IncX, 9}},
                   square_lds};
const Family kTbmv{"tbmv",
                   {P::Uplo, P::TransA, P::Diag},
                   {{P::Uplo, 1}, {P::TransA, 2}, {P::Diag, 3}, {P::N, 4}, {P::K, 5}, {P::Lda, 7}, {P::IncX, 9}},
                   {{P::Layout, 1}, {P::Uplo, 2}, {P::TransA, 3}, {P::Diag, 4}, {P::N, 5}, {P::K, 6}, {P::Lda, 8},
                    {P::IncX, 10}},
                   band_lds};
const Family kTpmv{"tpmv",
                   {P::Uplo, P::TransA, P::Diag},
                   {{P::Uplo, 1}, {P::TransA, 2}, {P::Diag, 3}, {P::N, 4}, {P::IncX, 7}},
                   {{P::Layout, 1}, {P::Uplo, 2}, {P::TransA, 3}, {P::Diag, 4}, {P::N, 5}, {P::IncX, 8}},
                   no_lds};

// ?omatcopy / ?imatcopy: B = alpha * op(A), A rows (m) x cols (n) in either
// order; OpenBLAS's numbers (imatcopy's ldb is its 8th argument).
Lds matcopy_lds(const Args &g, bool) {
    const bool row = std::toupper(static_cast<unsigned char>(g.order)) == 'R';
    return Lds{ld_of(g.m, g.n, row), transposes(g.ta) ? ld_of(g.n, g.m, row) : ld_of(g.m, g.n, row)};
}
const Family kOmatcopy{"omatcopy",
                       {P::Order, P::TransA},
                       {{P::Order, 1}, {P::TransA, 2}, {P::M, 3}, {P::N, 4}, {P::Lda, 7}, {P::Ldb, 9}},
                       {{P::Order, 1}, {P::TransA, 2}, {P::M, 3}, {P::N, 4}, {P::Lda, 7}, {P::Ldb, 9}},
                       matcopy_lds};
const Family kImatcopy{"imatcopy",
                       {P::Order, P::TransA},
                       {{P::Order, 1}, {P::TransA, 2}, {P::M, 3}, {P::N, 4}, {P::Lda, 7}, {P::Ldb, 8}},
                       {{P::Order, 1}, {P::TransA, 2}, {P::M, 3}, {P::N, 4}, {P::Lda, 7}, {P::Ldb, 8}},
                       matcopy_lds};

// One checked routine: its exported symbol, how to call it, and which
// transpose letters it accepts (SYRK-type routines accept fewer).
struct Row {
    std::string symbol;  // "dgemm_" or "cblas_dgemm"
    bool is_cblas;
    const Family *family;
    Caller call;
    std::string trans = "NTC";
};

// Element types of the CBLAS callers: alpha/beta types S and R.
enum Kind { kS, kD, kC, kZ, kH };
#define TB_CALLERS(fn)                                                                                            \
    std::vector<Caller> {                                                                                         \
        &badin::cblas::fn<float, float>, &badin::cblas::fn<double, double>, &badin::cblas::fn<const void *, float>, \
            &badin::cblas::fn<const void *, double>, &badin::cblas::fn<std::uint16_t, float>                      \
    }

Kind kind_of(char type) { return type == 's' ? kS : type == 'd' ? kD : type == 'c' ? kC : kZ; }

// Fortran and CBLAS rows of one family for the listed names ("gemm" with
// types "sdcz": sgemm_ ... cblas_zgemm).
void add(std::vector<Row> &rows, const Family &f, Caller fortran, const std::vector<Caller> &cblas,
         const std::string &base, const std::string &types, const std::string &trans = "NTC") {
    for (char t : types) {
        rows.push_back({std::string(1, t) + base + "_", false, &f, fortran, trans});
        rows.push_back({"cblas_" + std::string(1, t) + base, true, &f, cblas[kind_of(t)], trans});
    }
}

std::vector<Row> checked_rows() {
    namespace F = badin::fortran;
    std::vector<Row> rows;
    // Level 3
    add(rows, kGemm, F::gemm, TB_CALLERS(gemm), "gemm", "sdcz");
    add(rows, kGemmt, F::gemmt, TB_CALLERS(gemmt), "gemmt", "sdcz");
    add(rows, kGemmt, F::gemmt, TB_CALLERS(gemmt), "gemmtr", "sdcz");
    add(rows, kSymm, F::symm, TB_CALLERS(symm), "symm", "sdcz");
    add(rows, kSymm, F::symm, TB_CALLERS(symm), "hemm", "cz");
    add(rows, kSyrk, F::syrk, TB_CALLERS(syrk), "syrk", "sd", "NTC");
    add(rows, kSyrk, F::syrk, TB_CALLERS(syrk), "syrk", "cz", "NT");
    add(rows, kSyrk, F::syrk, TB_CALLERS(herk), "herk", "cz", "NC");
    add(rows, kSyr2k, F::syr2k, TB_CALLERS(syr2k), "syr2k", "sd", "NTC");
    add(rows, kSyr2k, F::syr2k, TB_CALLERS(syr2k), "syr2k", "cz", "NT");
    add(rows, kSyr2k, F::syr2k, TB_CALLERS(her2k), "her2k", "cz", "NC");
    add(rows, kTrmm, F::trmm, TB_CALLERS(trmm), "trmm", "sdcz");
    add(rows, kTrmm, F::trmm, TB_CALLERS(trmm), "trsm", "sdcz");
    // Half precision GEMMs: gemm's checks.
    const auto half = TB_CALLERS(gemm);
    rows.push_back({"hgemm_", false, &kGemm, F::gemm});
    rows.push_back({"shgemm_", false, &kGemm, F::gemm});
    rows.push_back({"sbgemm_", false, &kGemm, F::gemm});
    for (const char *name : {"cblas_shgemm", "cblas_sbgemm", "cblas_gemm_f16f16f32", "cblas_gemm_bf16bf16f32"})
        rows.push_back({name, true, &kGemm, half[kS]});
    rows.push_back({"cblas_hgemm", true, &kGemm, half[kH]});
    // Level 2
    add(rows, kGemv, F::gemv, TB_CALLERS(gemv), "gemv", "sdcz");
    add(rows, kGbmv, F::gbmv, TB_CALLERS(gbmv), "gbmv", "sdcz");
    add(rows, kGer, F::ger, TB_CALLERS(ger), "ger", "sd");
    add(rows, kGer, F::ger, TB_CALLERS(ger), "geru", "cz");
    add(rows, kGer, F::ger, TB_CALLERS(ger), "gerc", "cz");
    add(rows, kSymv, F::symv, TB_CALLERS(symv), "symv", "sd");
    add(rows, kSymv, F::symv, TB_CALLERS(symv), "hemv", "cz");
    add(rows, kSbmv, F::sbmv, TB_CALLERS(sbmv), "sbmv", "sd");
    add(rows, kSbmv, F::sbmv, TB_CALLERS(sbmv), "hbmv", "cz");
    add(rows, kSpmv, F::spmv, TB_CALLERS(spmv), "spmv", "sd");
    add(rows, kSpmv, F::spmv, TB_CALLERS(spmv), "hpmv", "cz");
    add(rows, kSyr, F::syr, TB_CALLERS(syr), "syr", "sd");
    add(rows, kSyr, F::syr, TB_CALLERS(syr), "her", "cz");
    add(rows, kSpr, F::spr, TB_CALLERS(spr), "spr", "sd");
    add(rows, kSpr, F::spr, TB_CALLERS(spr), "hpr", "cz");
    add(rows, kSyr2, F::syr2, TB_CALLERS(syr2), "syr2", "sd");
    add(rows, kSyr2, F::syr2, TB_CALLERS(syr2), "her2", "cz");
    add(rows, kSpr2, F::spr2, TB_CALLERS(spr2), "spr2", "sd");
    add(rows, kSpr2, F::spr2, TB_CALLERS(spr2), "hpr2", "cz");
    for (const char *op : {"mv", "sv"}) {
        add(rows, kTrmv, F::trmv, TB_CALLERS(trmv), std::string("tr") + op, "sdcz");
        add(rows, kTbmv, F::tbmv, TB_CALLERS(tbmv), std::string("tb") + op, "sdcz");
        add(rows, kTpmv, F::tpmv, TB_CALLERS(tpmv), std::string("tp") + op, "sdcz");
    }
    // Extensions: 'R' (CblasConjNoTrans) is a legal op for every type.
    add(rows, kOmatcopy, F::omatcopy, TB_CALLERS(omatcopy), "omatcopy", "sdcz", "NTCR");
    add(rows, kImatcopy, F::imatcopy, TB_CALLERS(imatcopy), "imatcopy", "sdcz", "NTCR");
    return rows;
}

// Level 1 routines: no argument is illegal in netlib.  n <= 0 must touch
// nothing and return 0; so must incx <= 0 for the routines the reference
// returns from early then (scal, asum, i?amax).
struct Level1Row {
    std::string symbol;
    Caller call;
    bool early_return_on_bad_incx = false;
};

std::vector<Level1Row> level1_rows() {
    namespace F = badin::fortran;
    namespace Cb = badin::cblas;
    using c32 = std::complex<float>;
    using c64 = std::complex<double>;
    std::vector<Level1Row> rows = {
        {"sdot_", F::vv<float>}, {"ddot_", F::vv<double>}, {"cdotu_", F::vv<c32>}, {"cdotc_", F::vv<c32>},
        {"zdotu_", F::vv<c64>}, {"zdotc_", F::vv<c64>}, {"dsdot_", F::vv<double>}, {"sdsdot_", F::sdsdot},
        {"cblas_sdot", Cb::vv<float>}, {"cblas_ddot", Cb::vv<double>}, {"cblas_dsdot", Cb::vv<double>},
        {"cblas_sdsdot", Cb::sdsdot}, {"cblas_cdotu_sub", Cb::dot_sub}, {"cblas_cdotc_sub", Cb::dot_sub},
        {"cblas_zdotu_sub", Cb::dot_sub}, {"cblas_zdotc_sub", Cb::dot_sub},
        {"snrm2_", F::norm<float>}, {"dnrm2_", F::norm<double>}, {"scnrm2_", F::norm<float>},
        {"dznrm2_", F::norm<double>}, {"cblas_snrm2", Cb::norm<float>}, {"cblas_dnrm2", Cb::norm<double>},
        {"cblas_scnrm2", Cb::norm<float>}, {"cblas_dznrm2", Cb::norm<double>},
        {"csscal_", F::scal, true}, {"zdscal_", F::scal, true},
        {"cblas_sscal", Cb::scal<float>, true}, {"cblas_dscal", Cb::scal<double>, true},
        {"cblas_cscal", Cb::scal<const void *>, true}, {"cblas_zscal", Cb::scal<const void *>, true},
        {"cblas_csscal", Cb::scal<float>, true}, {"cblas_zdscal", Cb::scal<double>, true},
        {"cblas_saxpy", Cb::axpy<float>}, {"cblas_daxpy", Cb::axpy<double>},
        {"cblas_caxpy", Cb::axpy<const void *>}, {"cblas_zaxpy", Cb::axpy<const void *>},
        {"sasum_", F::norm<float>, true}, {"dasum_", F::norm<double>, true}, {"scasum_", F::norm<float>, true},
        {"dzasum_", F::norm<double>, true}, {"cblas_sasum", Cb::norm<float>, true},
        {"cblas_dasum", Cb::norm<double>, true}, {"cblas_scasum", Cb::norm<float>, true},
        {"cblas_dzasum", Cb::norm<double>, true},
        {"cblas_isamax", Cb::norm<std::size_t>, true}, {"cblas_idamax", Cb::norm<std::size_t>, true},
        {"cblas_icamax", Cb::norm<std::size_t>, true}, {"cblas_izamax", Cb::norm<std::size_t>, true},
        {"srot_", F::rot}, {"drot_", F::rot}, {"csrot_", F::rot}, {"zdrot_", F::rot},
        {"cblas_srot", Cb::rot<float>}, {"cblas_drot", Cb::rot<double>}, {"cblas_csrot", Cb::rot<float>},
        {"cblas_zdrot", Cb::rot<double>},
        {"srotm_", F::rotm}, {"drotm_", F::rotm}, {"cblas_srotm", Cb::rotm}, {"cblas_drotm", Cb::rotm},
        {"cblas_saxpby", Cb::axpby<float>}, {"cblas_daxpby", Cb::axpby<double>},
        {"cblas_caxpby", Cb::axpby<const void *>}, {"cblas_zaxpby", Cb::axpby<const void *>},
        {"sdsdotsub_", F::sdsdot_sub},
    };
    // The reference CBLAS's Fortran wrappers, as their functions.
    for (const char *dot : {"sdot", "ddot", "dsdot", "cdotu", "cdotc", "zdotu", "zdotc"})
        rows.push_back({std::string(dot) + "sub_", F::dot_sub});
    for (const char *norm : {"snrm2", "dnrm2", "scnrm2", "dznrm2"})
        rows.push_back({std::string(norm) + "sub_", F::norm_sub});
    for (const char *early : {"sasum", "dasum", "scasum", "dzasum", "isamax", "idamax", "icamax", "izamax"})
        rows.push_back({std::string(early) + "sub_", F::norm_sub, true});
    for (char t : std::string("sdcz")) {
        const std::string p(1, t);
        rows.push_back({p + "swap_", F::vv<void>});
        rows.push_back({p + "copy_", F::vv<void>});
        rows.push_back({p + "axpy_", F::axpy});
        rows.push_back({p + "axpby_", F::axpby});
        rows.push_back({p + "scal_", F::scal, true});
        rows.push_back({"i" + p + "amax_", F::norm<int>, true});
        rows.push_back({"cblas_" + p + "swap", Cb::vv<void>});
        rows.push_back({"cblas_" + p + "copy", Cb::vv<void>});
    }
    return rows;
}

// Exported names with no argument that could be illegal: error handlers,
// LSAME/CABS1, the scalar-only rotation setups, the reference CBLAS's flags,
// and tileblas's own controls and conversions (tileblas_* / openblas_*).
bool exempt(const std::string &s) {
    static const std::set<std::string> names = {
        "xerbla_",     "xerbla_array_", "cblas_xerbla", "lsame_",       "scabs1_",      "dcabs1_",
        "scabs1sub_",  "dcabs1sub_",    "cblas_scabs1", "cblas_dcabs1", "RowMajorStrg", "CBLAS_CallFromC",
        "srotg_",      "drotg_",        "crotg_",       "zrotg_",       "srotmg_",      "drotmg_",
        "cblas_srotg", "cblas_drotg",   "cblas_crotg",  "cblas_zrotg",  "cblas_srotmg", "cblas_drotmg"};
    return names.count(s) || s.rfind("tileblas_", 0) == 0 || s.rfind("openblas_", 0) == 0;
}

// ----------------------------------------------------------------- checking

// The number a cblas_xerbla written like the reference CBLAS's prints: with
// RowMajorStrg set, the number passed is the transposed Fortran call's (+1),
// and these pairs of parameters trade places.  One correction to the
// reference: ?gemmt has no M to trade with N, only lda/ldb (the reference
// applies gemm's rule, so its handler prints 4 for a bad N, 5 for a bad TransB).
int printed_number(int info, const std::string &rout, bool row_major_strg) {
    if (!row_major_strg) return info;
    auto has = [&](const char *s) { return rout.find(s) != std::string::npos; };
    auto swap = [&](std::initializer_list<std::pair<int, int>> pairs) {
        for (auto [a, b] : pairs) {
            if (info == a) return b;
            if (info == b) return a;
        }
        return info;
    };
    if (has("gemmt")) return swap({{9, 11}});
    if (has("gemm")) return swap({{4, 5}, {9, 11}});
    if (has("symm") || has("hemm")) return swap({{4, 5}});
    if (has("trmm") || has("trsm")) return swap({{6, 7}});
    if (has("gemv")) return swap({{3, 4}});
    if (has("gbmv")) return swap({{3, 4}, {5, 6}});
    if (has("ger")) return swap({{2, 3}, {6, 8}});
    if ((has("her2") || has("hpr2")) && !has("her2k")) return swap({{6, 8}});
    return info;
}

// Option letters and CBLAS enum values.
int cblas_enum(P p, char letter) {
    const char c = static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
    switch (p) {
    case P::Side: return c == 'L' ? CblasLeft : CblasRight;
    case P::Uplo: return c == 'U' ? CblasUpper : CblasLower;
    case P::Diag: return c == 'U' ? CblasUnit : CblasNonUnit;
    case P::Order: return c == 'C' ? CblasColMajor : CblasRowMajor;
    default: return c == 'N' ? CblasNoTrans : c == 'T' ? CblasTrans : c == 'R' ? CblasConjNoTrans : CblasConjTrans;
    }
}
std::string legal_letters(P p, const Row &row) {
    switch (p) {
    case P::Side: return "LR";
    case P::Uplo: return "UL";
    case P::Diag: return "NU";
    case P::Order: return "RC";  // RowMajor first: one below it is illegal
    default: return row.trans;
    }
}
char &letter(Args &g, P p) {
    switch (p) {
    case P::Side: return g.side;
    case P::Uplo: return g.uplo;
    case P::Diag: return g.diag;
    case P::Order: return g.order;
    case P::TransB: return g.tb;
    default: return g.ta;
    }
}
int &cblas_value(Args &g, P p) {
    switch (p) {
    case P::Layout:
    case P::Order: return g.layout;
    case P::Side: return g.cside;
    case P::Uplo: return g.cuplo;
    case P::Diag: return g.cdiag;
    case P::TransB: return g.ctb;
    default: return g.cta;
    }
}
int &integer(Args &g, P p) {
    switch (p) {
    case P::M: return g.m;
    case P::N: return g.n;
    case P::K: return g.k;
    case P::KL: return g.kl;
    case P::KU: return g.ku;
    case P::Lda: return g.lda;
    case P::Ldb: return g.ldb;
    case P::Ldc: return g.ldc;
    case P::IncX: return g.incx;
    default: return g.incy;
    }
}
bool is_option(P p) { return p <= P::Order; }

// The illegal values of parameter p, given the legal call `g`: option
// letters no routine accepts and those this one refuses (CSYRK's 'C'),
// enum values next to the legal ones and of the wrong kind, negative sizes,
// leading dimensions one below the minimum, zero increments.
std::vector<int> bad_values(P p, const Row &row, const Args &g, bool cblas) {
    if (p == P::Layout) return {0, 100, 103, CblasNoTrans, -1};
    if (is_option(p)) {
        std::vector<int> v;
        const std::string legal = legal_letters(p, row);
        const std::string all = (p == P::TransA || p == P::TransB) ? "NTC" : legal;
        if (cblas) {
            const int first = cblas_enum(p, legal[0]);
            // One past the last legal enum: 114 for three transposes, 115 where
            // CblasConjNoTrans (114) is legal too.
            const int past = p == P::TransA || p == P::TransB ? std::max<int>(3, legal.size()) : 2;
            v = {0, first - 1, first + past, p == P::Uplo ? int(CblasLeft) : int(CblasUpper)};
            for (char c : all)
                if (legal.find(c) == std::string::npos) v.push_back(cblas_enum(p, c));
        } else {
            v = {'X', '\0', ' '};
            for (char c : all)
                if (legal.find(c) == std::string::npos) {
                    v.push_back(c);
                    v.push_back(std::tolower(c));
                }
        }
        return v;
    }
    switch (p) {
    case P::Lda: return {g.lda - 1, INT_MIN};
    case P::Ldb: return {g.ldb - 1, INT_MIN};
    case P::Ldc: return {g.ldc - 1, INT_MIN};
    case P::IncX:
    case P::IncY: return {0};
    default: return {-1, INT_MIN};
    }
}

void fill_sentinel(Buffers &b) {
    unsigned char *blocks[] = {b.a, b.b, b.c, b.x, b.y};
    for (unsigned char *blk : blocks)
        for (std::size_t i = 0; i < Buffers::kBytes; ++i) blk[i] = static_cast<unsigned char>(0xA5 ^ (i * 29));
    std::memset(b.alpha, 0, sizeof b.alpha);  // alpha = beta = 0, in every type
    std::memset(b.beta, 0, sizeof b.beta);
    std::memset(b.result, 0x5A, sizeof b.result);
}

std::string describe(const Row &row, const Args &g, P p, int value) {
    std::ostringstream s;
    s << row.symbol << ": " << param_name(p) << " = ";
    if (is_option(p) && !row.is_cblas)
        s << "'" << (value ? std::string(1, char(value)) : std::string("\\0")) << "'";
    else
        s << value;
    if (row.is_cblas)
        s << " (layout " << g.layout << ", side " << g.cside << ", uplo " << g.cuplo << ", trans " << g.cta << "/"
          << g.ctb << ", diag " << g.cdiag;
    else
        s << " (options " << g.side << g.uplo << g.ta << g.tb << g.diag << g.order;
    s << ", m n k " << g.m << " " << g.n << " " << g.k << ", lds " << g.lda << " " << g.ldb << " " << g.ldc << ")";
    return s.str();
}

std::string upper(std::string s) {
    for (char &c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

// Every legal option setting of a row: the Cartesian product of the legal
// letters of its options.
std::vector<std::string> option_settings(const Row &row) {
    std::vector<std::string> settings = {""};
    for (P p : row.family->options) {
        std::vector<std::string> next;
        for (const std::string &s : settings)
            for (char c : legal_letters(p, row)) next.push_back(s + c);
        settings = next;
    }
    return settings;
}

// Legal arguments for this option setting and layout, leading dimensions at
// their minimum.  Fortran letters alternate between upper and lower case.
Args base_args(const Row &row, const std::string &setting, bool row_major, bool lower_case) {
    Args g;
    g.layout = row_major ? CblasRowMajor : CblasColMajor;
    for (std::size_t i = 0; i < setting.size(); ++i) {
        const P p = row.family->options[i];
        letter(g, p) = lower_case ? static_cast<char>(std::tolower(setting[i])) : setting[i];
        cblas_value(g, p) = cblas_enum(p, setting[i]);
    }
    const Lds l = row.family->lds(g, row_major && row.is_cblas);
    g.lda = l.lda ? l.lda : 1;
    g.ldb = l.ldb ? l.ldb : 1;
    g.ldc = l.ldc ? l.ldc : 1;
    return g;
}

int g_bad_calls = 0;  // how many bad calls the checks made

// Runs every bad call of one row; returns the problems found.
std::vector<std::string> check_row(const Row &row, void *fn) {
    using tbtest::xerbla_calls;
    std::vector<std::string> problems;
    static Buffers buffers, pristine;
    const std::string fortran_name = upper(row.symbol.substr(0, row.symbol.size() - 1));
    const std::vector<std::string> settings = option_settings(row);
    for (std::size_t s = 0; s < settings.size(); ++s)
        for (bool row_major : row.is_cblas ? std::vector<bool>{false, true} : std::vector<bool>{false}) {
            const Args base = base_args(row, settings[s], row_major, s % 2 == 1);
            tbtest::clear_xerbla_calls();
            fill_sentinel(buffers);
            row.call(fn, base, buffers);
            if (!xerbla_calls().empty())
                problems.push_back(describe(row, base, P::M, base.m) + ": legal call reported parameter " +
                                   std::to_string(xerbla_calls()[0].info));
            for (const Position &pos : row.is_cblas ? row.family->cblas : row.family->fortran)
                for (int value : bad_values(pos.param, row, base, row.is_cblas)) {
                    Args g = base;
                    if (pos.param == P::Layout || (is_option(pos.param) && row.is_cblas))
                        cblas_value(g, pos.param) = value;
                    else if (is_option(pos.param))
                        letter(g, pos.param) = static_cast<char>(value);
                    else
                        integer(g, pos.param) = value;
                    fill_sentinel(buffers);
                    pristine = buffers;
                    tbtest::clear_xerbla_calls();
                    row.call(fn, g, buffers);
                    ++g_bad_calls;
                    const std::string what = describe(row, g, pos.param, value);
                    if (std::memcmp(&buffers, &pristine, sizeof buffers) != 0)
                        problems.push_back(what + ": wrote to its arguments");
                    if (RowMajorStrg != 0) problems.push_back(what + ": left RowMajorStrg set");
                    RowMajorStrg = 0;
                    if (xerbla_calls().size() != 1) {
                        problems.push_back(what + ": " + std::to_string(xerbla_calls().size()) + " error reports");
                        continue;
                    }
                    const tbtest::XerblaCall &call = xerbla_calls()[0];
                    if (call.from_cblas != row.is_cblas) {
                        problems.push_back(what + ": reported through the wrong handler");
                        continue;
                    }
                    if (row.is_cblas) {
                        const int printed = printed_number(call.info, call.name, call.row_major_strg == 1);
                        if (call.name != row.symbol || printed != pos.number)
                            problems.push_back(what + ": reported " + call.name + " parameter " + std::to_string(printed) +
                                               " (passed " + std::to_string(call.info) + ", RowMajorStrg " +
                                               std::to_string(call.row_major_strg) + "), want " +
                                               std::to_string(pos.number));
                    } else {
                        std::string name = call.name;
                        while (!name.empty() && name.back() == ' ') name.pop_back();
                        if (name != fortran_name || call.len < 6 || call.info != pos.number)
                            problems.push_back(what + ": reported '" + call.name + "' parameter " +
                                               std::to_string(call.info) + ", want " + fortran_name + " " +
                                               std::to_string(pos.number));
                    }
                }
        }
    return problems;
}

void *symbol(const std::string &name) { return dlsym(RTLD_DEFAULT, name.c_str()); }

void report(const std::string &symbol, const std::vector<std::string> &problems) {
    if (problems.empty()) return;
    std::string text;
    for (std::size_t i = 0; i < problems.size() && i < 8; ++i) text += "\n  " + problems[i];
    ADD_FAILURE() << symbol << ": " << problems.size() << " problems" << text;
}

TEST(BadInputEveryRoutine, CheckedArgumentsAreReportedAndNothingIsWritten) {
    int rows = 0;
    for (const Row &row : checked_rows()) {
        void *fn = symbol(row.symbol);
        if (!fn) {
            ADD_FAILURE() << row.symbol << " is not exported";
            continue;
        }
        report(row.symbol, check_row(row, fn));
        ++rows;
    }
    std::printf("%d routines, %d bad calls\n", rows, g_bad_calls);
    EXPECT_GE(rows, 216);
}

TEST(BadInputEveryRoutine, Level1NonPositiveSizesTouchNothing) {
    static Buffers buffers, pristine;
    for (const Level1Row &row : level1_rows()) {
        void *fn = symbol(row.symbol);
        if (!fn) {
            ADD_FAILURE() << row.symbol << " is not exported";
            continue;
        }
        std::vector<std::string> problems;
        std::vector<std::pair<int, int>> cases = {{0, 1}, {-1, 1}, {INT_MIN, 1}, {-1, 0}};
        if (row.early_return_on_bad_incx) cases.insert(cases.end(), {{3, 0}, {3, -1}, {3, INT_MIN}});
        for (auto [n, inc] : cases) {
            Args g;
            g.n = n;
            g.incx = inc;
            fill_sentinel(buffers);
            std::memset(buffers.result, 0x5A, sizeof buffers.result);
            pristine = buffers;
            tbtest::clear_xerbla_calls();
            row.call(fn, g, buffers);
            const std::string what = row.symbol + " n=" + std::to_string(n) + " incx=" + std::to_string(inc);
            if (!tbtest::xerbla_calls().empty()) problems.push_back(what + ": reported an error");
            // A result is 0: each of its bytes is 0, or the sentinel where
            // the result is shorter than the slot.
            for (unsigned char byte : buffers.result)
                if (byte != 0 && byte != 0x5A) {
                    problems.push_back(what + ": result is not 0");
                    break;
                }
            std::memcpy(buffers.result, pristine.result, sizeof buffers.result);
            if (std::memcmp(&buffers, &pristine, sizeof buffers) != 0) problems.push_back(what + ": wrote to its arguments");
        }
        report(row.symbol, problems);
    }
}

// Every exported function is either in the tables above or has nothing to
// check; a new export without a row fails here until it gets one.
TEST(BadInputEveryRoutine, TablesCoverTheExportList) {
    const std::set<std::string> exports = reltest::elf_exports(TILEBLAS_LIBRARY_PATH);
    ASSERT_GT(exports.size(), 100u) << "could not read the dynamic symbols of " << TILEBLAS_LIBRARY_PATH;
    std::set<std::string> covered;
    for (const Row &r : checked_rows()) covered.insert(r.symbol);
    for (const Level1Row &r : level1_rows()) covered.insert(r.symbol);
    for (const std::string &name : exports)
        EXPECT_TRUE(covered.count(name) || exempt(name))
            << name << " is exported but has no bad-input row (add it to checked_rows or level1_rows)";
    for (const std::string &name : covered) EXPECT_TRUE(exports.count(name)) << name << " has a row but is not exported";
}

// The library's own cblas_xerbla prints the CBLAS prototype's number for
// what its routines pass it (row-major calls included).
TEST(BadInputEveryRoutine, DefaultCblasHandlerPrintsThePrototypeNumber) {
    void *lib = dlopen(TILEBLAS_LIBRARY_PATH, RTLD_NOW | RTLD_NOLOAD);
    ASSERT_NE(lib, nullptr) << dlerror();
    using Handler = void (*)(int, const char *, const char *, ...);
    const auto handler = reinterpret_cast<Handler>(dlsym(lib, "cblas_xerbla"));
    ASSERT_NE(handler, nullptr);
    // (routine, number passed, RowMajorStrg) -> prototype number, from the
    // bad calls of every CBLAS row in column- and row-major layout.
    struct Case {
        std::string name;
        int info, row_major, want;
    };
    std::vector<Case> cases;
    static Buffers buffers;
    for (const Row &row : checked_rows()) {
        if (!row.is_cblas) continue;
        void *fn = symbol(row.symbol);
        if (!fn) continue;
        for (bool row_major : {false, true}) {
            const Args base = base_args(row, option_settings(row)[0], row_major, false);
            for (const Position &pos : row.family->cblas) {
                Args g = base;
                const int value = bad_values(pos.param, row, base, true)[0];
                if (pos.param == P::Layout || is_option(pos.param))
                    cblas_value(g, pos.param) = value;
                else
                    integer(g, pos.param) = value;
                fill_sentinel(buffers);
                tbtest::clear_xerbla_calls();
                row.call(fn, g, buffers);
                if (tbtest::xerbla_calls().size() == 1)
                    cases.push_back({row.symbol, tbtest::xerbla_calls()[0].info,
                                     tbtest::xerbla_calls()[0].row_major_strg, pos.number});
            }
        }
    }
    ASSERT_GT(cases.size(), 500u);
    std::FILE *capture = std::tmpfile();
    ASSERT_NE(capture, nullptr);
    std::fflush(stderr);
    const int saved = dup(2);
    dup2(fileno(capture), 2);
    for (const Case &c : cases) {
        RowMajorStrg = c.row_major;
        handler(c.info, c.name.c_str(), "");
        RowMajorStrg = 0;
        std::fflush(stderr);
    }
    dup2(saved, 2);
    close(saved);
    std::rewind(capture);
    char line[256];
    std::size_t i = 0;
    while (std::fgets(line, sizeof line, capture) && i < cases.size()) {
        int number = 0;
        char name[64] = {};
        if (std::sscanf(line, "Parameter %d to routine %63s", &number, name) != 2) continue;
        EXPECT_EQ(number, cases[i].want) << cases[i].name << " (passed " << cases[i].info << ", RowMajorStrg "
                                         << cases[i].row_major << ")";
        EXPECT_EQ(name, cases[i].name);
        ++i;
    }
    std::fclose(capture);
    EXPECT_EQ(i, cases.size()) << "the handler printed fewer lines than it was called";
}

}  // namespace
