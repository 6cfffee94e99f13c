// control_api_test.cpp -- tileblas.h's control API and the CPU target the
// library chose.  Run plain and once per forced target (TILEBLAS_CORETYPE set
// by CTest): when the CPU can run the forced target the library must report
// exactly it; when it cannot, this program exits 77 (CTest SKIP).
#include <gtest/gtest.h>

#include <cblas.h>
#include <tileblas.h>

#include <cpuid.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

// AMD family `family` or later (19h: Zen 4, 1Ah: Zen 5), from CPUID leaf 0
// and 1 as the library reads it.
bool amd_family_at_least(unsigned family) {
    unsigned a, b, c, d;
    if (!__get_cpuid(0, &a, &b, &c, &d)) return false;
    char vendor[13] = {};
    std::memcpy(vendor, &b, 4);
    std::memcpy(vendor + 4, &d, 4);
    std::memcpy(vendor + 8, &c, 4);
    if (std::strcmp(vendor, "AuthenticAMD") != 0 || !__get_cpuid(1, &a, &b, &c, &d)) return false;
    const unsigned base = (a >> 8) & 0xF, extended = (a >> 20) & 0xFF;
    return base + (base == 0xF ? extended : 0) >= family;
}

bool cpu_runs(const std::string &target) {
    __builtin_cpu_init();
    if (target == "generic") return true;
    if (target == "avx2") return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx2") &&
                        __builtin_cpu_supports("fma");
    if (target == "avx512") return avx512;
    if (target == "zen5") return avx512 && amd_family_at_least(0x1A);
    if (target == "zen4") return avx512 && amd_family_at_least(0x19);
    return false;
}

std::string forced_target() {
    const char *e = std::getenv("TILEBLAS_CORETYPE");
    return e ? std::string(e) : std::string();
}

bool known_target(const std::string &s) {
    return s == "zen5" || s == "zen4" || s == "avx512" || s == "avx2" || s == "generic";
}

TEST(CoreType, IsAKnownTargetTheCpuRuns) {
    const char *name = tileblas_get_corename();
    ASSERT_NE(name, nullptr);
    EXPECT_TRUE(known_target(name)) << "tileblas_get_corename() = \"" << name << "\"";
    EXPECT_TRUE(cpu_runs(name)) << "library picked \"" << name << "\" which this CPU cannot run";
}

TEST(CoreType, MatchesForcedTarget) {
    const std::string forced = forced_target();
    if (forced.empty()) GTEST_SKIP() << "TILEBLAS_CORETYPE not set";
    ASSERT_TRUE(cpu_runs(forced)); // main() skips the whole program otherwise
    EXPECT_STREQ(tileblas_get_corename(), forced.c_str());
}

TEST(CoreType, OpenblasAliasAgrees) {
    const char *a = tileblas_get_corename();
    const char *b = openblas_get_corename();
    ASSERT_NE(b, nullptr);
    EXPECT_STREQ(a, b);
}

TEST(Config, MentionsVersionAndTarget) {
    const char *cfg = tileblas_get_config();
    ASSERT_NE(cfg, nullptr);
    const std::string s(cfg);
    EXPECT_NE(s.find("tileblas"), std::string::npos) << s;
    EXPECT_NE(s.find(tileblas_version()), std::string::npos) << s;
    EXPECT_NE(s.find(std::string("target=") + tileblas_get_corename()), std::string::npos) << s;
    const char *ocfg = openblas_get_config();
    ASSERT_NE(ocfg, nullptr);
    EXPECT_FALSE(std::string(ocfg).empty());
}

TEST(Config, VersionMatchesHeader) {
    const std::string want = std::to_string(TILEBLAS_VERSION_MAJOR) + "." +
                             std::to_string(TILEBLAS_VERSION_MINOR) + "." +
                             std::to_string(TILEBLAS_VERSION_PATCH);
    EXPECT_EQ(std::string(tileblas_version()), want);
}

TEST(Threads, SetGetAndRestoreDefault) {
    tileblas_set_num_threads(0);
    const int def = tileblas_get_num_threads();
    EXPECT_GE(def, 1);
    tileblas_set_num_threads(3);
    EXPECT_EQ(tileblas_get_num_threads(), 3);
    EXPECT_EQ(openblas_get_num_threads(), 3);
    openblas_set_num_threads(1);
    EXPECT_EQ(tileblas_get_num_threads(), 1);
    tileblas_set_num_threads(-5);
    EXPECT_EQ(tileblas_get_num_threads(), def);
    const int par = openblas_get_parallel();
    EXPECT_TRUE(par == 0 || par == 1 || par == 2) << par;
}

TEST(Threads, DefaultFollowsEnvironment) {
    const char *e = std::getenv("TILEBLAS_NUM_THREADS");
    if (!e) GTEST_SKIP() << "TILEBLAS_NUM_THREADS not set";
    tileblas_set_num_threads(0);
    EXPECT_EQ(tileblas_get_num_threads(), std::atoi(e));
}

// A product small enough to check by hand, under whatever target is active.
TEST(Gemm, SmallExactProductUnderActiveTarget) {
    // A is 2x3, B is 3x2 (row-major); integers so the result is exact.
    const double A[6] = {1, 2, 3, 4, 5, 6};
    const double B[6] = {7, 8, 9, 10, 11, 12};
    double C[4] = {-1, -1, -1, -1};
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 2, 2, 3, 1.0, A, 3, B, 2, 0.0, C, 2);
    EXPECT_EQ(C[0], 58);
    EXPECT_EQ(C[1], 64);
    EXPECT_EQ(C[2], 139);
    EXPECT_EQ(C[3], 154);
    const float Af[6] = {1, 2, 3, 4, 5, 6};
    const float Bf[6] = {7, 8, 9, 10, 11, 12};
    float Cf[4] = {1, 1, 1, 1};
    cblas_sgemm(CblasColMajor, CblasTrans, CblasNoTrans, 2, 2, 3, 2.0f, Af, 3, Bf, 3, 1.0f, Cf, 2);
    // op(A) = A^T where A is 3x2 col-major: rows (1,2,3),(4,5,6); B 3x2 col-major
    EXPECT_EQ(Cf[0], 1 + 2 * (1 * 7 + 2 * 8 + 3 * 9));
    EXPECT_EQ(Cf[1], 1 + 2 * (4 * 7 + 5 * 8 + 6 * 9));
    EXPECT_EQ(Cf[2], 1 + 2 * (1 * 10 + 2 * 11 + 3 * 12));
    EXPECT_EQ(Cf[3], 1 + 2 * (4 * 10 + 5 * 11 + 6 * 12));
}

} // namespace

int main(int argc, char **argv) {
    const std::string forced = forced_target();
    if (!forced.empty() && !cpu_runs(forced)) {
        std::printf("SKIP: TILEBLAS_CORETYPE=%s but this CPU cannot run it\n", forced.c_str());
        return 77;
    }
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
