// dlopen_loop_test.cpp -- 1000 rounds of dlopen / multi-threaded dgemm /
// dlclose by path (how Python extensions and plugin hosts use a BLAS).  The
// pack buffers are freed at each unload and the OpenMP runtime stays pinned,
// so neither the resident set nor the number of threads may grow with the
// number of rounds, and nothing may crash when an unloaded copy's workers
// idle or exit.  This program does not link the library.
#include <gtest/gtest.h>

#include <dlfcn.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "reliability_util.h"

#ifndef TILEBLAS_LIBRARY_PATH
#error "TILEBLAS_LIBRARY_PATH must name the library file"
#endif

namespace {

using cblas_dgemm_fn = void (*)(int, int, int, int, int, int, double, const double *, int,
                                const double *, int, double, double *, int);
using set_threads_fn = void (*)(int);

constexpr int kRounds = 1000;
constexpr int kN = 160;  // 8 Mflop: the library gives it a team of 2

long resident_kib() {
    long pages = 0, resident = 0;
    if (FILE *f = std::fopen("/proc/self/statm", "r")) {
        if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
        std::fclose(f);
    }
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

TEST(DlopenLoop, ThousandRoundsKeepResidentSetAndThreadsBounded) {
    const auto a = reltest::random_matrix<double>(kN * kN, 1);
    const auto b = reltest::random_matrix<double>(kN * kN, 2);
    const auto want = reltest::reference_gemm<double>(kN, kN, kN, 1.0, a, kN, b, kN, 0.0,
                                                      std::vector<double>(kN * kN), kN);
    std::vector<double> c(kN * kN);
    long rss_warm = 0;
    int threads_warm = 0;
    for (int round = 0; round < kRounds; ++round) {
        void *h = dlopen(TILEBLAS_LIBRARY_PATH, RTLD_NOW | RTLD_LOCAL);
        ASSERT_NE(h, nullptr) << "round " << round << ": " << dlerror();
        auto dgemm = reinterpret_cast<cblas_dgemm_fn>(dlsym(h, "cblas_dgemm"));
        auto set_threads = reinterpret_cast<set_threads_fn>(dlsym(h, "tileblas_set_num_threads"));
        ASSERT_TRUE(dgemm && set_threads) << "round " << round;
        set_threads(2);
        std::fill(c.begin(), c.end(), std::nan(""));
        dgemm(102 /* ColMajor */, 111, 111, kN, kN, kN, 1.0, a.data(), kN, b.data(), kN, 0.0,
              c.data(), kN);
        ASSERT_TRUE(reltest::close_to(c, want, kN, kN, kN, kN, 1.0, 0.0)) << "round " << round;
        ASSERT_EQ(dlclose(h), 0) << "round " << round << ": " << dlerror();
        // Warm: allocator arenas, libgomp's pool and the page cache settled.
        if (round == 49) {
            rss_warm = resident_kib();
            threads_warm = reltest::thread_count();
        }
    }
    const long rss_end = resident_kib();
    std::printf("resident: %ld KiB after 50 rounds, %ld KiB after %d; threads %d -> %d\n",
                rss_warm, rss_end, kRounds, threads_warm, reltest::thread_count());
    // A leak of anything per round (a pack buffer is >= 200 KiB here, the
    // library's image about 1 MiB) would add hundreds of MiB over 950 rounds.
    EXPECT_LE(rss_end - rss_warm, 16 * 1024) << "resident set grows with dlopen/dlclose rounds";
    EXPECT_LE(reltest::thread_count(), threads_warm + 2) << "threads pile up across rounds";
}

}  // namespace
