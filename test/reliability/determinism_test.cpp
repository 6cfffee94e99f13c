// determinism_test.cpp -- every routine that runs on threads gives bitwise
// the same result with 1, 2, 3 and 4 threads (and when repeated), at sizes
// that take its threaded paths: s/d GEMM unpacked (one thread) against
// packed, row split (narrow C) and column split (wide C), depth beyond one
// KC block; c/z GEMM row and column slices; the half-precision GEMMs; and
// the Level 3 routines built on them (SYMM/HEMM, SYRK/HERK, SYR2K/HER2K,
// GEMMT, TRMM, TRSM, whose diagonal blocks split columns among threads);
// s/d GEMV (rows or columns split) and GER (columns split); s/d DOT (fixed
// 32K-element chunks summed in order) and AXPY (elements split); symv/spmv
// and hemv/hpmv (column slices into private ys, summed in slice order).  The other
// Level 1 routines (nrm2, asum among the reductions) run on the calling
// thread.
//
// The same program runs under TILEBLAS_DETERMINISTIC=1 (its own CTest
// entry), where tileblas_get_config() must say the mode is on.
#include <gtest/gtest.h>

#include <cblas.h>
#include <tileblas.h>

#include <complex>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "reliability_util.h"

namespace {

using c32 = std::complex<float>;
using c64 = std::complex<double>;
using Bytes = std::vector<unsigned char>;

template <class T> Bytes bytes_of(const std::vector<T> &v) {
    const auto *p = reinterpret_cast<const unsigned char *>(v.data());
    return Bytes(p, p + v.size() * sizeof(T));
}

// Reproducible data of any element type (complex: two values per element).
template <class T> std::vector<T> data(std::size_t count, std::uint64_t seed) {
    if constexpr (std::is_same_v<T, c32> || std::is_same_v<T, c64>) {
        using R = typename T::value_type;
        const auto re = reltest::random_matrix<R>(count, seed), im = reltest::random_matrix<R>(count, seed + 99);
        std::vector<T> v(count);
        for (std::size_t i = 0; i < count; ++i) v[i] = T(re[i], im[i]);
        return v;
    } else {
        return reltest::random_matrix<T>(count, seed);
    }
}
std::vector<std::uint16_t> half_data(std::size_t count, std::uint64_t seed, bool bf16) {
    const auto f = reltest::random_matrix<float>(count, seed);
    std::vector<std::uint16_t> h(count);
    if (bf16)
        tileblas_f32_to_bf16_array(count, f.data(), h.data());
    else
        tileblas_f32_to_f16_array(count, f.data(), h.data());
    return h;
}

// CBLAS scalars: by value for real types, by address for complex ones.
template <class T> auto by_cblas(const T &x) {
    if constexpr (std::is_same_v<T, c32> || std::is_same_v<T, c64>)
        return static_cast<const void *>(&x);
    else
        return x;
}

struct Case {
    std::string name;
    std::function<Bytes()> run;  // the whole output, computed anew
};

// C (m x n) = alpha op(A) op(B) + beta C, column-major.
template <class T> Case gemm_case(int m, int n, int k, bool trans_a) {
    return {"gemm " + std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k) + (trans_a ? " A^T" : ""),
            [=] {
                const auto a = data<T>(std::size_t(m) * k, 1), b = data<T>(std::size_t(k) * n, 2);
                auto c = data<T>(std::size_t(m) * n, 3);
                const T alpha = T(1.25), beta = T(-0.5);
                const auto ta = trans_a ? CblasTrans : CblasNoTrans;
                const int lda = trans_a ? k : m;
                if constexpr (std::is_same_v<T, float>)
                    cblas_sgemm(CblasColMajor, ta, CblasNoTrans, m, n, k, alpha, a.data(), lda, b.data(), k, beta,
                                c.data(), m);
                else if constexpr (std::is_same_v<T, double>)
                    cblas_dgemm(CblasColMajor, ta, CblasNoTrans, m, n, k, alpha, a.data(), lda, b.data(), k, beta,
                                c.data(), m);
                else if constexpr (std::is_same_v<T, c32>)
                    cblas_cgemm(CblasColMajor, ta, CblasNoTrans, m, n, k, &alpha, a.data(), lda, b.data(), k, &beta,
                                c.data(), m);
                else
                    cblas_zgemm(CblasColMajor, ta, CblasNoTrans, m, n, k, &alpha, a.data(), lda, b.data(), k, &beta,
                                c.data(), m);
                return bytes_of(c);
            }};
}

enum class Half { H, SH, SB };
Case half_case(Half kind, int m, int n, int k) {
    const char *names[] = {"hgemm", "shgemm", "sbgemm"};
    return {std::string(names[int(kind)]) + " " + std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k),
            [=] {
                const bool bf16 = kind == Half::SB;
                const auto a = half_data(std::size_t(m) * k, 4, bf16), b = half_data(std::size_t(k) * n, 5, bf16);
                if (kind == Half::H) {
                    auto c = half_data(std::size_t(m) * n, 6, false);
                    cblas_hgemm(CblasColMajor, CblasNoTrans, CblasTrans, m, n, k, tileblas_f32_to_f16(1.5f), a.data(),
                                m, b.data(), n, tileblas_f32_to_f16(0.5f), c.data(), m);
                    return bytes_of(c);
                }
                auto c = data<float>(std::size_t(m) * n, 6);
                auto fn = kind == Half::SH ? cblas_shgemm : cblas_sbgemm;
                fn(CblasColMajor, CblasNoTrans, CblasTrans, m, n, k, 1.5f, a.data(), m, b.data(), n, 0.5f, c.data(), m);
                return bytes_of(c);
            }};
}

// s/d GEMV (NoTrans: rows split; Trans: columns split), GER (columns
// split), DOT and AXPY, at sizes over the threading thresholds; odd sizes,
// so thread ranges end inside a vector.
template <class T> std::vector<Case> level12_cases(const std::string &type) {
    std::vector<Case> cases;
    const int m = 1203, n = 517, lda = m + 3;
    for (bool trans : {false, true})
        cases.push_back({type + "gemv " + (trans ? "T" : "N"), [=] {
                             const auto a = data<T>(std::size_t(lda) * n, 11);
                             const auto x = data<T>(trans ? m : n, 12);
                             auto y = data<T>(trans ? n : m, 13);
                             const auto op = trans ? CblasTrans : CblasNoTrans;
                             if constexpr (std::is_same_v<T, float>)
                                 cblas_sgemv(CblasColMajor, op, m, n, 1.25f, a.data(), lda, x.data(), 1, -0.5f,
                                             y.data(), 1);
                             else
                                 cblas_dgemv(CblasColMajor, op, m, n, 1.25, a.data(), lda, x.data(), 1, -0.5,
                                             y.data(), 1);
                             return bytes_of(y);
                         }});
    const int len = 300001;  // 10 dot chunks, the last one short
    cases.push_back({type + "dot", [=] {
                         const auto x = data<T>(len, 17), y = data<T>(len, 18);
                         T d;
                         if constexpr (std::is_same_v<T, float>)
                             d = cblas_sdot(len, x.data(), 1, y.data(), 1);
                         else
                             d = cblas_ddot(len, x.data(), 1, y.data(), 1);
                         return bytes_of(std::vector<T>{d});
                     }});
    cases.push_back({type + "axpy", [=] {
                         const auto x = data<T>(len, 19);
                         auto y = data<T>(len, 20);
                         if constexpr (std::is_same_v<T, float>)
                             cblas_saxpy(len, 0.75f, x.data(), 1, y.data(), 1);
                         else
                             cblas_daxpy(len, 0.75, x.data(), 1, y.data(), 1);
                         return bytes_of(y);
                     }});
    cases.push_back({type + "ger", [=] {
                         auto a = data<T>(std::size_t(lda) * n, 14);
                         const auto x = data<T>(m, 15), y = data<T>(n, 16);
                         if constexpr (std::is_same_v<T, float>)
                             cblas_sger(CblasColMajor, m, n, 0.75f, x.data(), 1, y.data(), 1, a.data(), lda);
                         else
                             cblas_dger(CblasColMajor, m, n, 0.75, x.data(), 1, y.data(), 1, a.data(), lda);
                         return bytes_of(a);
                     }});
    return cases;
}

// y = alpha A x + beta y with one stored triangle, full (s/d symv, c/z hemv)
// and packed (spmv, hpmv): columns cut into slices of equal stored area,
// each added into its own y on some thread, the ys summed in slice order.
// Odd n, so slice boundaries and thread shares fall unevenly; one case with
// strided x and y.
template <class T> std::vector<Case> symmetric_mv_cases(const std::string &type) {
    std::vector<Case> cases;
    constexpr bool complex = std::is_same_v<T, c32> || std::is_same_v<T, c64>;
    // 8 slices (n = 1203 real, 777 complex) and 2 or 4 (the strided case).
    const int large = complex ? 777 : 1203, small = complex ? 300 : 700;
    for (auto uplo : {CblasUpper, CblasLower})
        for (bool packed : {false, true})
            for (int inc : {1, -2}) {
                if (inc != 1 && (packed || uplo == CblasUpper)) continue;
                const int n = inc == 1 ? large : small;
                const std::string name = type + (complex ? (packed ? "hpmv" : "hemv") : (packed ? "spmv" : "symv")) +
                                         (uplo == CblasUpper ? " U" : " L") + " n=" + std::to_string(n) +
                                         (inc != 1 ? " strided" : "");
                cases.push_back({name, [=] {
                                     const std::size_t len = std::size_t(packed ? n * (n + 1) / 2 : n * n);
                                     const auto a = data<T>(len, 21), x = data<T>(std::size_t(n) * 2, 22);
                                     auto y = data<T>(std::size_t(n) * 2, 23);
                                     const T alpha = T(0.75), beta = T(-0.5);
                                     const auto L = CblasColMajor;
                                     if constexpr (std::is_same_v<T, float>)
                                         packed ? cblas_sspmv(L, uplo, n, alpha, a.data(), x.data(), inc, beta, y.data(), inc)
                                                : cblas_ssymv(L, uplo, n, alpha, a.data(), n, x.data(), inc, beta, y.data(), inc);
                                     else if constexpr (std::is_same_v<T, double>)
                                         packed ? cblas_dspmv(L, uplo, n, alpha, a.data(), x.data(), inc, beta, y.data(), inc)
                                                : cblas_dsymv(L, uplo, n, alpha, a.data(), n, x.data(), inc, beta, y.data(), inc);
                                     else if constexpr (std::is_same_v<T, c32>)
                                         packed ? cblas_chpmv(L, uplo, n, &alpha, a.data(), x.data(), inc, &beta, y.data(), inc)
                                                : cblas_chemv(L, uplo, n, &alpha, a.data(), n, x.data(), inc, &beta, y.data(), inc);
                                     else
                                         packed ? cblas_zhpmv(L, uplo, n, &alpha, a.data(), x.data(), inc, &beta, y.data(), inc)
                                                : cblas_zhemv(L, uplo, n, &alpha, a.data(), n, x.data(), inc, &beta, y.data(), inc);
                                     return bytes_of(y);
                                 }});
            }
    return cases;
}

template <class T> constexpr bool is_complex = std::is_same_v<T, c32> || std::is_same_v<T, c64>;

// The Level 3 routines of one element type, each at a size that runs threaded.
template <class T> std::vector<Case> level3_cases(const std::string &type) {
    using R = std::conditional_t<std::is_same_v<T, float> || std::is_same_v<T, c32>, float, double>;
    constexpr bool complex = is_complex<T>;
    std::vector<Case> cases;
    const int m = 260, n = 300, k = 180;
    const T alpha = T(0.75), beta = T(1.5);
    const auto layout = CblasColMajor;
    for (auto side : {CblasLeft, CblasRight})
        for (bool herm : complex ? std::vector<bool>{false, true} : std::vector<bool>{false})
            cases.push_back({type + (herm ? "hemm" : "symm") + (side == CblasLeft ? " L" : " R"), [=] {
                                 const int na = side == CblasLeft ? m : n;
                                 const auto a = data<T>(std::size_t(na) * na, 7), b = data<T>(std::size_t(m) * n, 8);
                                 auto c = data<T>(std::size_t(m) * n, 9);
                                 if constexpr (std::is_same_v<T, float>)
                                     cblas_ssymm(layout, side, CblasUpper, m, n, alpha, a.data(), na, b.data(), m, beta, c.data(), m);
                                 else if constexpr (std::is_same_v<T, double>)
                                     cblas_dsymm(layout, side, CblasUpper, m, n, alpha, a.data(), na, b.data(), m, beta, c.data(), m);
                                 else if constexpr (std::is_same_v<T, c32>)
                                     (herm ? cblas_chemm : cblas_csymm)(layout, side, CblasLower, m, n, &alpha, a.data(), na,
                                                                        b.data(), m, &beta, c.data(), m);
                                 else
                                     (herm ? cblas_zhemm : cblas_zsymm)(layout, side, CblasLower, m, n, &alpha, a.data(), na,
                                                                        b.data(), m, &beta, c.data(), m);
                                 return bytes_of(c);
                             }});
    for (auto uplo : {CblasUpper, CblasLower}) {
        const std::string u = uplo == CblasUpper ? " U" : " L";
        cases.push_back({type + "syrk" + u, [=] {
                             const auto a = data<T>(std::size_t(n) * k, 10);
                             auto c = data<T>(std::size_t(n) * n, 11);
                             if constexpr (std::is_same_v<T, float>)
                                 cblas_ssyrk(layout, uplo, CblasNoTrans, n, k, alpha, a.data(), n, beta, c.data(), n);
                             else if constexpr (std::is_same_v<T, double>)
                                 cblas_dsyrk(layout, uplo, CblasNoTrans, n, k, alpha, a.data(), n, beta, c.data(), n);
                             else if constexpr (std::is_same_v<T, c32>)
                                 cblas_csyrk(layout, uplo, CblasNoTrans, n, k, &alpha, a.data(), n, &beta, c.data(), n);
                             else
                                 cblas_zsyrk(layout, uplo, CblasNoTrans, n, k, &alpha, a.data(), n, &beta, c.data(), n);
                             return bytes_of(c);
                         }});
        cases.push_back({type + "syr2k" + u, [=] {
                             const auto a = data<T>(std::size_t(k) * n, 12), b = data<T>(std::size_t(k) * n, 13);
                             auto c = data<T>(std::size_t(n) * n, 14);
                             if constexpr (std::is_same_v<T, float>)
                                 cblas_ssyr2k(layout, uplo, CblasTrans, n, k, alpha, a.data(), k, b.data(), k, beta, c.data(), n);
                             else if constexpr (std::is_same_v<T, double>)
                                 cblas_dsyr2k(layout, uplo, CblasTrans, n, k, alpha, a.data(), k, b.data(), k, beta, c.data(), n);
                             else if constexpr (std::is_same_v<T, c32>)
                                 cblas_csyr2k(layout, uplo, CblasTrans, n, k, &alpha, a.data(), k, b.data(), k, &beta, c.data(), n);
                             else
                                 cblas_zsyr2k(layout, uplo, CblasTrans, n, k, &alpha, a.data(), k, b.data(), k, &beta, c.data(), n);
                             return bytes_of(c);
                         }});
        cases.push_back({type + "gemmt" + u, [=] {
                             const auto a = data<T>(std::size_t(n) * k, 15), b = data<T>(std::size_t(n) * k, 16);
                             auto c = data<T>(std::size_t(n) * n, 17);
                             if constexpr (std::is_same_v<T, float>)
                                 cblas_sgemmt(layout, uplo, CblasNoTrans, CblasTrans, n, k, alpha, a.data(), n, b.data(), n,
                                              beta, c.data(), n);
                             else if constexpr (std::is_same_v<T, double>)
                                 cblas_dgemmt(layout, uplo, CblasNoTrans, CblasTrans, n, k, alpha, a.data(), n, b.data(), n,
                                              beta, c.data(), n);
                             else if constexpr (std::is_same_v<T, c32>)
                                 cblas_cgemmt(layout, uplo, CblasNoTrans, CblasConjTrans, n, k, &alpha, a.data(), n, b.data(),
                                              n, &beta, c.data(), n);
                             else
                                 cblas_zgemmt(layout, uplo, CblasNoTrans, CblasConjTrans, n, k, &alpha, a.data(), n, b.data(),
                                              n, &beta, c.data(), n);
                             return bytes_of(c);
                         }});
        if constexpr (complex) {
            cases.push_back({type + "herk" + u, [=] {
                                 const auto a = data<T>(std::size_t(n) * k, 18);
                                 auto c = data<T>(std::size_t(n) * n, 19);
                                 if constexpr (std::is_same_v<T, c32>)
                                     cblas_cherk(layout, uplo, CblasNoTrans, n, k, 0.75f, a.data(), n, 1.5f, c.data(), n);
                                 else
                                     cblas_zherk(layout, uplo, CblasNoTrans, n, k, 0.75, a.data(), n, 1.5, c.data(), n);
                                 return bytes_of(c);
                             }});
            cases.push_back({type + "her2k" + u, [=] {
                                 const auto a = data<T>(std::size_t(n) * k, 20), b = data<T>(std::size_t(n) * k, 21);
                                 auto c = data<T>(std::size_t(n) * n, 22);
                                 if constexpr (std::is_same_v<T, c32>)
                                     cblas_cher2k(layout, uplo, CblasNoTrans, n, k, &alpha, a.data(), n, b.data(), n, 1.5f,
                                                  c.data(), n);
                                 else
                                     cblas_zher2k(layout, uplo, CblasNoTrans, n, k, &alpha, a.data(), n, b.data(), n, 1.5,
                                                  c.data(), n);
                                 return bytes_of(c);
                             }});
        }
    }
    // TRMM/TRSM: a large triangle (recursive GEMM updates) and a diagonal
    // block alone over many columns (the threaded column loops).  The
    // triangle's diagonal is made dominant so the solves stay tame.
    struct Tri {
        int m, n;
    };
    for (Tri t : {Tri{300, 260}, Tri{48, 3000}})
        for (auto side : {CblasLeft, CblasRight})
            for (bool solve : {false, true}) {
                const std::string name = type + (solve ? "trsm " : "trmm ") + std::to_string(t.m) + "x" +
                                         std::to_string(t.n) + (side == CblasLeft ? " L" : " R");
                cases.push_back({name, [=] {
                                     const int na = side == CblasLeft ? t.m : t.n;
                                     auto a = data<T>(std::size_t(na) * na, 23);
                                     for (int i = 0; i < na; ++i) a[i + std::size_t(i) * na] += T(R(na));
                                     auto b = data<T>(std::size_t(t.m) * t.n, 24);
                                     const auto op = CblasTrans;
                                     auto f = [&](auto fn) {
                                         fn(layout, side, CblasUpper, op, CblasNonUnit, t.m, t.n, by_cblas(alpha), a.data(), na,
                                            b.data(), t.m);
                                     };
                                     if constexpr (std::is_same_v<T, float>)
                                         solve ? f(cblas_strsm) : f(cblas_strmm);
                                     else if constexpr (std::is_same_v<T, double>)
                                         solve ? f(cblas_dtrsm) : f(cblas_dtrmm);
                                     else if constexpr (std::is_same_v<T, c32>)
                                         solve ? f(cblas_ctrsm) : f(cblas_ctrmm);
                                     else
                                         solve ? f(cblas_ztrsm) : f(cblas_ztrmm);
                                     return bytes_of(b);
                                 }});
            }
    return cases;
}

std::vector<Case> all_cases() {
    std::vector<Case> cases;
    // s/d: unpacked on one thread (150^3), row split (n narrow), column
    // split (n wide), depth over several KC blocks, transposed A.
    struct Shape {
        int m, n, k;
    };
    for (Shape s : {Shape{150, 150, 150}, Shape{1000, 24, 120}, Shape{160, 900, 100}, Shape{200, 200, 1100},
                    Shape{97, 333, 257}})
        for (bool ta : {false, true}) {
            for (Case c : {gemm_case<float>(s.m, s.n, s.k, ta), gemm_case<double>(s.m, s.n, s.k, ta)}) {
                c.name = (cases.size() % 2 ? "d" : "s") + c.name;
                cases.push_back(c);
            }
        }
    // c/z: column slices (n >= m) and row slices (m > n).
    for (Shape s : {Shape{100, 300, 90}, Shape{300, 100, 90}, Shape{130, 131, 600}}) {
        Case c = gemm_case<c32>(s.m, s.n, s.k, false), z = gemm_case<c64>(s.m, s.n, s.k, true);
        c.name = "c" + c.name;
        z.name = "z" + z.name;
        cases.push_back(c);
        cases.push_back(z);
    }
    for (Half h : {Half::H, Half::SH, Half::SB})
        for (Shape s : {Shape{1000, 24, 160}, Shape{200, 700, 300}}) cases.push_back(half_case(h, s.m, s.n, s.k));
    for (const std::vector<Case> &list :
         {level3_cases<float>("s"), level3_cases<double>("d"), level3_cases<c32>("c"), level3_cases<c64>("z"),
          level12_cases<float>("s"), level12_cases<double>("d"), symmetric_mv_cases<float>("s"),
          symmetric_mv_cases<double>("d"), symmetric_mv_cases<c32>("c"), symmetric_mv_cases<c64>("z")})
        cases.insert(cases.end(), list.begin(), list.end());
    return cases;
}

class Determinism : public ::testing::Test {
protected:
    void TearDown() override { tileblas_set_num_threads(0); }
};

TEST_F(Determinism, EveryThreadedRoutineIsBitwiseIdenticalForOneToFourThreads) {
    int compared = 0;
    for (const Case &c : all_cases()) {
        tileblas_set_num_threads(1);
        const Bytes one = c.run();
        for (int threads : {1, 2, 3, 4}) {
            tileblas_set_num_threads(threads);
            const Bytes again = c.run();
            ASSERT_EQ(again.size(), one.size());
            EXPECT_TRUE(again == one) << c.name << ": " << threads << " threads differ from 1 thread";
            ++compared;
        }
    }
    EXPECT_GT(compared, 300);
}

TEST_F(Determinism, ConfigNamesTheMode) {
    const char *env = std::getenv("TILEBLAS_DETERMINISTIC");
    const bool on = env && std::atoi(env) > 0;
    const std::string config = tileblas_get_config();
    EXPECT_EQ(config.find("deterministic") != std::string::npos, on) << config;
}

}  // namespace
