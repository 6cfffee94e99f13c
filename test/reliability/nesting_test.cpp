// nesting_test.cpp -- no threads squared: a BLAS call made from inside the
// caller's OpenMP parallel region must run on the calling thread, even when
// the program allows nested parallelism (which would otherwise give every
// outer thread a team of its own).  And the thread controls take effect on
// the very next call.  Threads are counted in /proc/self/task.
//
// The SettingsTakeEffect test needs a process in which nothing has started
// threads yet; CTest runs it on its own (see CMakeLists.txt).
#include <gtest/gtest.h>

#include <cblas.h>
#include <omp.h>
#include <tileblas.h>

#include <vector>

#include "reliability_util.h"

namespace {

// 2 n^3 = 54 Mflop: enough work for many threads by the library's own rule.
constexpr int kN = 300;

struct Square {
    std::vector<double> a = reltest::random_matrix<double>(kN * kN, 5);
    std::vector<double> b = reltest::random_matrix<double>(kN * kN, 6);
    std::vector<double> want = reltest::reference_gemm<double>(
        kN, kN, kN, 1.0, a, kN, b, kN, 0.0, std::vector<double>(kN * kN), kN);
    bool run() const {
        std::vector<double> c(kN * kN, 3.0);
        cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, kN, kN, kN, 1.0, a.data(), kN,
                    b.data(), kN, 0.0, c.data(), kN);
        return reltest::close_to(c, want, kN, kN, kN, kN, 1.0, 0.0);
    }
};
const Square &square() {
    static const Square s;
    return s;
}

TEST(Nesting, CallsInsideCallersParallelRegionSpawnNoThreads) {
    tileblas_set_num_threads(4);
    ASSERT_TRUE(square().run());  // top level: a team of 4, workers now pooled
    const int base = reltest::thread_count();
    // Allow nesting, so a library that opened its own region in here would
    // really get 4 more threads per outer thread.
    const int saved_levels = omp_get_max_active_levels();
    omp_set_max_active_levels(4);
    int wrong = 0, outer_team = 0, max_seen = 0;
#pragma omp parallel num_threads(3) reduction(+ : wrong) reduction(max : max_seen)
    {
#pragma omp single
        outer_team = omp_get_num_threads();
        for (int r = 0; r < 3; ++r) {
            if (!square().run()) ++wrong;
            const int now = reltest::thread_count();
            if (now > max_seen) max_seen = now;
        }
    }
    omp_set_max_active_levels(saved_levels);
    tileblas_set_num_threads(0);
    EXPECT_EQ(wrong, 0);
    EXPECT_EQ(outer_team, 3);
    // The outer team of 3 reuses the pooled workers; any nested team would
    // have added up to 3 x 3 threads.
    EXPECT_LE(max_seen, std::max(base, 3)) << "base " << base << " threads";
    EXPECT_LE(reltest::thread_count(), std::max(base, 3));
}

TEST(Nesting, SettingsTakeEffectOnTheNextCall) {
    // Fresh process: only the main thread exists until a call opens a team.
    ASSERT_EQ(reltest::thread_count(), 1) << "run this test in a process of its own";
    tileblas_set_num_threads(1);
    EXPECT_EQ(tileblas_get_num_threads(), 1);
    ASSERT_TRUE(square().run());
    EXPECT_EQ(reltest::thread_count(), 1) << "set_num_threads(1) still started threads";

    tileblas_set_num_threads(3);
    EXPECT_EQ(tileblas_get_num_threads(), 3);
    EXPECT_EQ(openblas_get_num_threads(), 3);
    ASSERT_TRUE(square().run());
    EXPECT_EQ(reltest::thread_count(), 3) << "set_num_threads(3) did not give a team of 3";

    openblas_set_num_threads(5);  // the name threadpoolctl uses
    EXPECT_EQ(tileblas_get_num_threads(), 5);
    ASSERT_TRUE(square().run());
    EXPECT_EQ(reltest::thread_count(), 5) << "openblas_set_num_threads(5) did not give 5";

    // Back down to 1: no new threads, and the result stays right.
    openblas_set_num_threads(1);
    ASSERT_TRUE(square().run());
    EXPECT_EQ(reltest::thread_count(), 5);
    tileblas_set_num_threads(0);
}

}  // namespace
