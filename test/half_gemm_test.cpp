// half_gemm_test.cpp -- half-precision GEMM and conversions.
//
// Conversions: every one of the 65536 fp16 and bf16 values is widened and
// checked against an independent decoding, round-trips, and every midpoint
// between neighbours rounds to the even one (and just off it, to the nearer);
// the array forms (vectorized per target) agree bit for bit with the scalar.
//
// GEMM: each entry point (cblas_hgemm, cblas_gemm_f16f16f32, cblas_shgemm,
// cblas_gemm_bf16bf16f32, cblas_sbgemm, hgemm_, shgemm_, sbgemm_) against a
// double reference computed from the 16-bit inputs (exact in double), with
// the bound of fp32 accumulation
//   |C - ref| <= 2 (k+3) eps32 (|alpha| |op(A)||op(B)| + |beta| |C0|)
// plus, for hgemm's fp16 C, half an fp16 ulp of |ref| (one rounding) and half
// the fp16 subnormal step.  All transposes, both layouts, edge sizes, lda > min,
// alpha/beta specials, NaN/inf semantics, 1 and 2 threads.  The Core.* subset
// also runs with each target forced (test/CMakeLists.txt).
#include <gtest/gtest.h>

#include <cblas.h>
#include <tileblas.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace {

using u16 = std::uint16_t;

float bits_to_float(std::uint32_t u) {
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}
std::uint32_t float_to_bits(float f) {
    std::uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}

// Independent fp16 decoding: (-1)^s 2^(e-15) (1 + m/1024), or subnormal.
double decode_f16(u16 h) {
    const int s = h >> 15, e = (h >> 10) & 31, m = h & 1023;
    const double sign = s ? -1.0 : 1.0;
    if (e == 31) return m ? std::numeric_limits<double>::quiet_NaN() : sign * INFINITY;
    if (e == 0) return sign * std::ldexp(double(m), -24);
    return sign * std::ldexp(1.0 + m / 1024.0, e - 15);
}

bool f16_is_nan(u16 h) { return (h & 0x7c00) == 0x7c00 && (h & 0x3ff); }
bool bf16_is_nan(u16 h) { return (h & 0x7f80) == 0x7f80 && (h & 0x7f); }

// ------------------------------------------------------------ conversions

TEST(Convert, F16ToF32Exhaustive) {
    for (std::uint32_t h = 0; h < 65536; ++h) {
        const float f = tileblas_f16_to_f32(u16(h));
        const double want = decode_f16(u16(h));
        if (std::isnan(want)) {
            ASSERT_TRUE(std::isnan(f)) << h;
            ASSERT_EQ(std::signbit(f), bool(h & 0x8000)) << h;
        } else {
            ASSERT_EQ(double(f), want) << h;
            ASSERT_EQ(std::signbit(f), bool(h & 0x8000)) << h;  // -0 stays -0
        }
    }
}

TEST(Convert, F16RoundTripAndTies) {
    for (std::uint32_t h = 0; h < 65536; ++h) {
        const float f = tileblas_f16_to_f32(u16(h));
        const u16 back = tileblas_f32_to_f16(f);
        if (f16_is_nan(u16(h))) {
            ASSERT_TRUE(f16_is_nan(back)) << h;
            continue;
        }
        ASSERT_EQ(back, h) << h;
        // Midpoint to the next value of larger magnitude (exact in fp32: 12 bits).
        const u16 next = u16(h + 1);
        if ((h & 0x7fff) >= 0x7c00 || (next & 0x7fff) > 0x7c00) continue;
        const double mid = (double(f) + decode_f16(next)) / 2;  // next may be inf
        const double mid_v = (next & 0x7fff) == 0x7c00 ? (h & 0x8000 ? -65520.0 : 65520.0) : mid;
        const float mf = float(mid_v);
        ASSERT_EQ(double(mf), mid_v);
        const u16 even = (h & 1) ? next : u16(h);
        ASSERT_EQ(tileblas_f32_to_f16(mf), even) << "tie above " << h;
        const float toward = std::nextafter(mf, 0.0f), away = std::nextafter(mf, 2.0f * mf);
        ASSERT_EQ(tileblas_f32_to_f16(toward), h) << "below tie " << h;
        ASSERT_EQ(tileblas_f32_to_f16(away), next) << "above tie " << h;
    }
    EXPECT_EQ(tileblas_f32_to_f16(65519.99f), 0x7bff);
    EXPECT_EQ(tileblas_f32_to_f16(65520.0f), 0x7c00);  // overflow to inf
    EXPECT_EQ(tileblas_f32_to_f16(-1e30f), 0xfc00);
    EXPECT_EQ(tileblas_f32_to_f16(INFINITY), 0x7c00);
    EXPECT_EQ(tileblas_f32_to_f16(1e-30f), 0x0000);  // underflow to +0 / -0
    EXPECT_EQ(tileblas_f32_to_f16(-1e-30f), 0x8000);
    EXPECT_EQ(tileblas_f32_to_f16(std::ldexp(1.0f, -25)), 0x0000);  // tie to even (0)
    EXPECT_EQ(tileblas_f32_to_f16(std::ldexp(3.0f, -25)), 0x0002);  // tie to even (2)
    EXPECT_TRUE(f16_is_nan(tileblas_f32_to_f16(bits_to_float(0x7f800001))));  // sNaN stays NaN
}

TEST(Convert, Bf16Exhaustive) {
    for (std::uint32_t h = 0; h < 65536; ++h) {
        const float f = tileblas_bf16_to_f32(u16(h));
        ASSERT_EQ(float_to_bits(f), h << 16) << h;  // exact: the top half of an fp32
        const u16 back = tileblas_f32_to_bf16(f);
        if (bf16_is_nan(u16(h))) {
            ASSERT_TRUE(bf16_is_nan(back)) << h;
            continue;
        }
        ASSERT_EQ(back, h) << h;
        if ((h & 0x7fff) >= 0x7f80) continue;
        // The midpoint to the next larger magnitude is fp32 bits (h << 16) + 0x8000.
        const u16 next = u16(h + 1), even = (h & 1) ? next : u16(h);
        const float mid = bits_to_float((h << 16) + 0x8000);
        ASSERT_EQ(tileblas_f32_to_bf16(mid), even) << h;
        ASSERT_EQ(tileblas_f32_to_bf16(bits_to_float((h << 16) + 0x7fff)), h) << h;
        ASSERT_EQ(tileblas_f32_to_bf16(bits_to_float((h << 16) + 0x8001)), next) << h;
    }
    EXPECT_EQ(tileblas_f32_to_bf16(bits_to_float(0x7f7fffff)), 0x7f80);  // overflow to inf
}

// The target's vectorized arrays agree bit for bit with the scalar helpers,
// on every fp16 value, ties, and odd lengths (vector tails).
TEST(Core, ConvertArraysMatchScalar) {
    std::vector<float> f;
    for (std::uint32_t h = 0; h < 65536; ++h) {
        const float x = tileblas_f16_to_f32(u16(h));
        f.push_back(x);
        f.push_back(std::nextafter(x, 0.0f));
        if (h + 1 < 65536 && !std::isnan(x))
            f.push_back(float((double(x) + decode_f16(u16(h + 1))) / 2));
    }
    std::mt19937 rng(7);
    std::uniform_int_distribution<std::uint32_t> any;
    for (int i = 0; i < 100003; ++i) f.push_back(bits_to_float(any(rng)));
    std::vector<u16> h(f.size()), hb(f.size());
    tileblas_f32_to_f16_array(f.size(), f.data(), h.data());
    tileblas_f32_to_bf16_array(f.size(), f.data(), hb.data());
    for (std::size_t i = 0; i < f.size(); ++i) {
        const u16 want = tileblas_f32_to_f16(f[i]);
        if (f16_is_nan(want))
            ASSERT_TRUE(f16_is_nan(h[i])) << i;
        else
            ASSERT_EQ(h[i], want) << i << " " << f[i];
        ASSERT_EQ(hb[i], tileblas_f32_to_bf16(f[i])) << i;
    }
    std::vector<u16> all(65536 + 13);
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = u16(i * 40503u);
    std::vector<float> back(all.size()), backb(all.size());
    tileblas_f16_to_f32_array(all.size(), all.data(), back.data());
    tileblas_bf16_to_f32_array(all.size(), all.data(), backb.data());
    for (std::size_t i = 0; i < all.size(); ++i) {
        const float want = tileblas_f16_to_f32(all[i]);
        ASSERT_TRUE(float_to_bits(back[i]) == float_to_bits(want) ||
                    (std::isnan(back[i]) && std::isnan(want)))
            << i;
        ASSERT_EQ(float_to_bits(backb[i]), std::uint32_t(all[i]) << 16) << i;
    }
}

// ------------------------------------------------------------ GEMM harness

enum class Entry { HgemmC, HgemmF, F16F32, ShgemmC, ShgemmF, Bf16F32, SbgemmC, SbgemmF };
const Entry kEntries[] = {Entry::HgemmC,  Entry::HgemmF,  Entry::F16F32, Entry::ShgemmC,
                          Entry::ShgemmF, Entry::Bf16F32, Entry::SbgemmC, Entry::SbgemmF};

bool is_bf16(Entry e) { return e == Entry::Bf16F32 || e == Entry::SbgemmC || e == Entry::SbgemmF; }
bool half_out(Entry e) { return e == Entry::HgemmC || e == Entry::HgemmF; }
bool fortran(Entry e) { return e == Entry::HgemmF || e == Entry::ShgemmF || e == Entry::SbgemmF; }
const char *entry_name(Entry e) {
    switch (e) {
    case Entry::HgemmC: return "cblas_hgemm";
    case Entry::HgemmF: return "hgemm_";
    case Entry::F16F32: return "cblas_gemm_f16f16f32";
    case Entry::ShgemmC: return "cblas_shgemm";
    case Entry::ShgemmF: return "shgemm_";
    case Entry::Bf16F32: return "cblas_gemm_bf16bf16f32";
    case Entry::SbgemmC: return "cblas_sbgemm";
    case Entry::SbgemmF: return "sbgemm_";
    }
    return "?";
}

u16 to_half(Entry e, float x) { return is_bf16(e) ? tileblas_f32_to_bf16(x) : tileblas_f32_to_f16(x); }
double from_half(Entry e, u16 h) {
    return is_bf16(e) ? double(tileblas_bf16_to_f32(h)) : double(tileblas_f16_to_f32(h));
}

// One call: op(A) m x k and op(B) k x n given logically (row i of op(A) at
// opA[i*k], column j of op(B) at opBt[j*k]), stored per layout and transpose
// with padded leading dimensions; C0 m x n logical (row-major) as fp32 values
// (fp16-exact for hgemm).  Returns C (logical row-major, as double) and checks
// that nothing outside C's m x n part was written.
struct Call {
    Entry entry;
    bool row_major;
    char ta, tb;
    int m, n, k;
    float alpha, beta;
    int pad = 3;
};

std::vector<double> run_call(const Call &c, const std::vector<u16> &opA,
                             const std::vector<u16> &opBt, const std::vector<float> &C0) {
    const bool rm = c.row_major, na = c.ta == 'N', nb = c.tb == 'N';
    // Stored A: the leading (unit-stride) dimension's length.
    const int a_lead = rm ? (na ? c.k : c.m) : (na ? c.m : c.k);
    const int a_other = rm ? (na ? c.m : c.k) : (na ? c.k : c.m);
    const int b_lead = rm ? (nb ? c.n : c.k) : (nb ? c.k : c.n);
    const int b_other = rm ? (nb ? c.k : c.n) : (nb ? c.n : c.k);
    const int lda = std::max(1, a_lead) + c.pad, ldb = std::max(1, b_lead) + c.pad;
    const int c_lead = rm ? c.n : c.m, c_other = rm ? c.m : c.n;
    const int ldc = std::max(1, c_lead) + c.pad;
    // op(A)(i,p) at a[i*ars + p*acs].
    const bool a_rows_unit = rm ? !na : na;  // element i contiguous
    const std::size_t ars = a_rows_unit ? 1 : lda, acs = a_rows_unit ? lda : 1;
    const bool b_depth_unit = rm ? !nb : nb;  // element p contiguous
    const std::size_t brs = b_depth_unit ? 1 : ldb, bcs = b_depth_unit ? ldb : 1;
    std::vector<u16> A(std::size_t(lda) * std::max(1, a_other) + 1, 0x7e00 /* NaN: not read */);
    std::vector<u16> B(std::size_t(ldb) * std::max(1, b_other) + 1, 0x7e00);
    if (is_bf16(c.entry)) {
        std::fill(A.begin(), A.end(), u16(0x7fc0));
        std::fill(B.begin(), B.end(), u16(0x7fc0));
    }
    for (int i = 0; i < c.m; ++i)
        for (int p = 0; p < c.k; ++p) A[i * ars + p * acs] = opA[std::size_t(i) * c.k + p];
    for (int j = 0; j < c.n; ++j)
        for (int p = 0; p < c.k; ++p) B[p * brs + j * bcs] = opBt[std::size_t(j) * c.k + p];
    const std::size_t c_size = std::size_t(ldc) * std::max(1, c_other);
    auto c_at = [&](int i, int j) { return rm ? std::size_t(i) * ldc + j : i + std::size_t(j) * ldc; };
    std::vector<float> Cf(c_size, -7777.25f);
    std::vector<u16> Ch(c_size, 0x4321);
    for (int i = 0; i < c.m; ++i)
        for (int j = 0; j < c.n; ++j) {
            Cf[c_at(i, j)] = C0[std::size_t(i) * c.n + j];
            Ch[c_at(i, j)] = tileblas_f32_to_f16(C0[std::size_t(i) * c.n + j]);
        }
    const CBLAS_LAYOUT lay = rm ? CblasRowMajor : CblasColMajor;
    const CBLAS_TRANSPOSE cta = na ? CblasNoTrans : CblasTrans, ctb = nb ? CblasNoTrans : CblasTrans;
    const u16 ha = tileblas_f32_to_f16(c.alpha), hb = tileblas_f32_to_f16(c.beta);
    const char ta[2] = {c.ta, 0}, tb[2] = {c.tb, 0};
    switch (c.entry) {
    case Entry::HgemmC:
        cblas_hgemm(lay, cta, ctb, c.m, c.n, c.k, ha, A.data(), lda, B.data(), ldb, hb, Ch.data(), ldc);
        break;
    case Entry::HgemmF:
        hgemm_(ta, tb, &c.m, &c.n, &c.k, &ha, A.data(), &lda, B.data(), &ldb, &hb, Ch.data(), &ldc, 1, 1);
        break;
    case Entry::F16F32:
        cblas_gemm_f16f16f32(lay, cta, ctb, c.m, c.n, c.k, c.alpha, A.data(), lda, B.data(), ldb,
                             c.beta, Cf.data(), ldc);
        break;
    case Entry::ShgemmC:
        cblas_shgemm(lay, cta, ctb, c.m, c.n, c.k, c.alpha, A.data(), lda, B.data(), ldb, c.beta,
                     Cf.data(), ldc);
        break;
    case Entry::ShgemmF:
        shgemm_(ta, tb, &c.m, &c.n, &c.k, &c.alpha, A.data(), &lda, B.data(), &ldb, &c.beta,
                Cf.data(), &ldc, 1, 1);
        break;
    case Entry::Bf16F32:
        cblas_gemm_bf16bf16f32(lay, cta, ctb, c.m, c.n, c.k, c.alpha, A.data(), lda, B.data(),
                               ldb, c.beta, Cf.data(), ldc);
        break;
    case Entry::SbgemmC:
        cblas_sbgemm(lay, cta, ctb, c.m, c.n, c.k, c.alpha, A.data(), lda, B.data(), ldb, c.beta,
                     Cf.data(), ldc);
        break;
    case Entry::SbgemmF:
        sbgemm_(ta, tb, &c.m, &c.n, &c.k, &c.alpha, A.data(), &lda, B.data(), &ldb, &c.beta,
                Cf.data(), &ldc, 1, 1);
        break;
    }
    // Outside C's m x n: untouched.
    std::vector<char> inside(c_size, 0);
    std::vector<double> out(std::size_t(c.m) * c.n);
    for (int i = 0; i < c.m; ++i)
        for (int j = 0; j < c.n; ++j) {
            inside[c_at(i, j)] = 1;
            out[std::size_t(i) * c.n + j] =
                half_out(c.entry) ? double(tileblas_f16_to_f32(Ch[c_at(i, j)])) : double(Cf[c_at(i, j)]);
        }
    for (std::size_t x = 0; x < c_size; ++x)
        if (!inside[x]) {
            EXPECT_TRUE(half_out(c.entry) ? Ch[x] == 0x4321 : Cf[x] == -7777.25f) << "C written at " << x;
            if (half_out(c.entry) ? Ch[x] != 0x4321 : Cf[x] != -7777.25f) break;
        }
    return out;
}

std::string describe(const Call &c) {
    return std::string(entry_name(c.entry)) + (c.row_major ? " row " : " col ") + c.ta + c.tb +
           " m=" + std::to_string(c.m) + " n=" + std::to_string(c.n) + " k=" + std::to_string(c.k) +
           " alpha=" + std::to_string(c.alpha) + " beta=" + std::to_string(c.beta);
}

// Random problem: values in [-1, 1] rounded to the 16-bit format.
struct Data {
    std::vector<u16> opA, opBt;
    std::vector<float> C0;
};
Data random_data(Entry e, int m, int n, int k, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    Data d;
    d.opA.resize(std::size_t(m) * k);
    d.opBt.resize(std::size_t(n) * k);
    d.C0.resize(std::size_t(m) * n);
    for (auto &x : d.opA) x = to_half(e, u(rng));
    for (auto &x : d.opBt) x = to_half(e, u(rng));
    for (auto &x : d.C0) x = tileblas_f16_to_f32(tileblas_f32_to_f16(u(rng)));  // fp16-exact
    return d;
}

// Checks a call against the double reference with the fp32-accumulation bound.
void check(const Call &c, const Data &d) {
    const std::vector<double> got = run_call(c, d.opA, d.opBt, d.C0);
    const double eps32 = std::ldexp(1.0, -24);
    std::vector<double> a(d.opA.size()), bt(d.opBt.size());
    for (std::size_t x = 0; x < a.size(); ++x) a[x] = from_half(c.entry, d.opA[x]);
    for (std::size_t x = 0; x < bt.size(); ++x) bt[x] = from_half(c.entry, d.opBt[x]);
    int failures = 0;
    for (int i = 0; i < c.m && failures < 5; ++i)
        for (int j = 0; j < c.n && failures < 5; ++j) {
            double dot = 0, absdot = 0;
            for (int p = 0; p < c.k; ++p) {
                const double x = a[std::size_t(i) * c.k + p] * bt[std::size_t(j) * c.k + p];
                dot += x;
                absdot += std::fabs(x);
            }
            const double c0 = d.C0[std::size_t(i) * c.n + j];
            const double beta_c0 = c.beta == 0 ? 0.0 : double(c.beta) * c0;
            const double ref = double(c.alpha) * dot + beta_c0;
            double bound = 2.0 * (c.k + 3) * eps32 * (std::fabs(c.alpha) * absdot + std::fabs(beta_c0));
            if (half_out(c.entry)) bound += std::fabs(ref) * std::ldexp(1.0, -11) * 1.001 + std::ldexp(1.0, -25);
            const double g = got[std::size_t(i) * c.n + j];
            if (!(std::fabs(g - ref) <= bound)) {
                ADD_FAILURE() << describe(c) << " C(" << i << "," << j << ") = " << g << " ref " << ref
                              << " bound " << bound;
                ++failures;
            }
        }
}

// ------------------------------------------------------------ GEMM tests

// Every entry point, transpose and layout over edge sizes.
TEST(Core, EdgeSizesAllTransposes) {
    const int sizes[] = {1, 2, 3, 7, 15, 16, 17, 31, 33, 63, 65};
    unsigned seed = 1;
    for (Entry e : kEntries)
        for (int s : sizes) {
            const int shapes[][3] = {{s, s, s}, {s, 17, 33}, {65, s, 7}, {33, 63, s}};
            for (auto &sh : shapes) {
                const Data d = random_data(e, sh[0], sh[1], sh[2], seed++);
                for (bool rm : {false, true}) {
                    if (rm && fortran(e)) continue;  // Fortran is column-major only
                    for (char ta : {'N', 'T'})
                        for (char tb : {'N', 'T'}) {
                            const float beta = (seed % 3 == 0) ? 0.0f : (seed % 3 == 1 ? 1.0f : -0.75f);
                            check({e, rm, ta, tb, sh[0], sh[1], sh[2], (seed % 2) ? 1.0f : -0.5f, beta}, d);
                        }
                }
            }
        }
}

// Larger sizes: several depth blocks (KC = 384 fp16, 768 bf16 pairs), odd k,
// row blocks and edge tiles, 1 and 2 threads; 'C' accepted as 'T'.
TEST(Core, LargeSizesAndThreads) {
    struct Shape { int m, n, k; };
    // 4100 x 1030 spans several of hgemm's fp32 blocks of C (4096 rows, 4 Mi elements).
    const Shape shapes[] = {{129, 257, 129}, {257, 65, 800}, {1000, 40, 999}, {70, 1001, 17}, {4100, 1030, 3}};
    unsigned seed = 100;
    for (int threads : {1, 2}) {
        tileblas_set_num_threads(threads);
        for (Entry e : {Entry::HgemmC, Entry::F16F32, Entry::SbgemmC, Entry::Bf16F32})
            for (const Shape &s : shapes) {
                const Data d = random_data(e, s.m, s.n, s.k, seed++);
                check({e, false, 'N', 'N', s.m, s.n, s.k, 1.0f, 0.0f}, d);
                check({e, true, 'C', 'T', s.m, s.n, s.k, -0.5f, 0.75f}, d);
            }
    }
    tileblas_set_num_threads(0);
}

// m, n or k = 0, alpha = 0 (A, B not read: they hold NaN), beta = 0 (C not
// read: it holds NaN), beta = 1 quick return.
TEST(Core, ScalarSpecialsAndQuickReturns) {
    for (Entry e : kEntries) {
        const int m = 33, n = 7, k = 9;
        Data d = random_data(e, m, n, k, 5);
        // alpha = 0: A and B full of NaN must not matter.
        Data nan_ab = d;
        for (auto &x : nan_ab.opA) x = is_bf16(e) ? 0x7fc0 : 0x7e00;
        for (auto &x : nan_ab.opBt) x = is_bf16(e) ? 0x7fc0 : 0x7e00;
        for (float beta : {0.0f, 1.0f, -2.0f}) {
            const Call c{e, false, 'N', 'T', m, n, k, 0.0f, beta};
            const std::vector<double> got = run_call(c, nan_ab.opA, nan_ab.opBt, d.C0);
            for (int x = 0; x < m * n; ++x) ASSERT_EQ(got[x], double(beta) * d.C0[x]) << describe(c);
        }
        // k = 0: C = beta * C.
        {
            const Call c{e, !fortran(e), 'T', 'N', m, n, 0, 1.0f, 0.75f};  // Fortran: column-major only
            const std::vector<double> got = run_call(c, {}, {}, d.C0);
            for (int x = 0; x < m * n; ++x) {
                const double want = half_out(e) ? tileblas_f16_to_f32(tileblas_f32_to_f16(0.75f * d.C0[x]))
                                                : double(0.75f * d.C0[x]);
                ASSERT_EQ(got[x], want) << describe(c);
            }
        }
        // beta = 0: NaN in C must not survive.
        Data nan_c = d;
        for (auto &x : nan_c.C0) x = NAN;
        check({e, false, 'T', 'T', m, n, k, 1.0f, 0.0f}, nan_c);
        // m = 0, n = 0: nothing written (run_call checks the sentinels).
        run_call({e, false, 'N', 'N', 0, n, k, 1.0f, 0.0f}, {}, d.opBt, {});
        run_call({e, false, 'N', 'N', m, 0, k, 1.0f, 0.0f}, d.opA, {}, {});
    }
}

// Overflow to +-inf, NaN propagation, subnormal inputs.
TEST(Core, InfNanSubnormal) {
    const int m = 20, n = 9, k = 11;
    for (Entry e : kEntries) {
        Data d = random_data(e, m, n, k, 9);
        // Large values: fp16 60000^2 overflows fp16 (hgemm -> inf) but not fp32;
        // bf16 1e38^2 overflows fp32.
        const float big = is_bf16(e) ? 1e38f : 60000.0f;
        Data o = d;
        for (int p = 0; p < k; ++p) {
            o.opA[0 * k + p] = to_half(e, big);
            o.opA[1 * k + p] = to_half(e, -big);
            o.opBt[0 * k + p] = to_half(e, big);
        }
        const std::vector<double> got = run_call({e, false, 'N', 'N', m, n, k, 1.0f, 0.0f}, o.opA, o.opBt, o.C0);
        const bool overflows = half_out(e) || is_bf16(e);
        if (overflows) {
            EXPECT_EQ(got[0], INFINITY) << entry_name(e);
            EXPECT_EQ(got[1 * n + 0], -INFINITY) << entry_name(e);
        } else {
            EXPECT_NEAR(got[0], double(k) * 60000.0 * 60000.0, 1e-5 * got[0]) << entry_name(e);
        }
        // NaN in A(3, 4) poisons row 3; inf in B(5, 6) and a zero column makes NaN.
        Data q = d;
        q.opA[3 * k + 4] = is_bf16(e) ? 0x7fc0 : 0x7e00;
        const std::vector<double> g2 = run_call({e, !fortran(e), 'T', 'N', m, n, k, 1.0f, 1.0f}, q.opA, q.opBt, q.C0);
        for (int j = 0; j < n; ++j) EXPECT_TRUE(std::isnan(g2[3 * n + j])) << entry_name(e) << " " << j;
        for (int j = 0; j < n; ++j) EXPECT_FALSE(std::isnan(g2[4 * n + j])) << entry_name(e) << " " << j;
        // Subnormal inputs: fp16 subnormals are normal fp32 values, so exact;
        // bf16 subnormals may be treated as zero (vdpbf16ps does), results tiny.
        Data s = d;
        if (!is_bf16(e)) {
            for (auto &x : s.opA) x = u16((x & 0x8000) | (x & 0x3ff) | 1);  // fp16 subnormal
            check({e, false, 'N', 'T', m, n, k, 1.0f, 0.0f}, s);
        } else {
            for (auto &x : s.opA) x = u16((x & 0x8000) | (x & 0x7f) | 1);  // bf16 subnormal
            const std::vector<double> g3 = run_call({e, false, 'N', 'T', m, n, k, 1.0f, 0.0f}, s.opA, s.opBt, s.C0);
            for (double g : g3) ASSERT_TRUE(std::fabs(g) < 1e-36) << entry_name(e) << " " << g;
        }
    }
}

}  // namespace
