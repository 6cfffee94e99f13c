// dlopen_test.cpp -- the library loaded at run time, the way Python, Julia or
// a plugin host would: dlopen by path (TILEBLAS_LIBRARY_PATH, set by CMake to
// $<TARGET_FILE:tileblas>), dlsym, compute, dlclose.  Fifty load/compute/unload
// rounds with two threads must neither crash nor leak threads.  This program
// does not link the library.
#include <gtest/gtest.h>

#include <dirent.h>
#include <dlfcn.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstddef>
#include <string>
#include <vector>

#ifndef TILEBLAS_LIBRARY_PATH
#error "TILEBLAS_LIBRARY_PATH must name the library file"
#endif

namespace {

enum { RowMajor = 101, ColMajor = 102, NoTrans = 111, Trans = 112 };

using cblas_dgemm_fn = void (*)(int, int, int, int, int, int, double, const double *, int,
                                const double *, int, double, double *, int);
using sgemm_fn = void (*)(const char *, const char *, const int *, const int *, const int *,
                          const float *, const float *, const int *, const float *, const int *,
                          const float *, float *, const int *, std::size_t, std::size_t);
using set_threads_fn = void (*)(int);
using get_corename_fn = const char *(*)();

int thread_count() {
    int n = 0;
    if (DIR *d = opendir("/proc/self/task")) {
        while (dirent *e = readdir(d))
            if (e->d_name[0] != '.') ++n;
        closedir(d);
    }
    return n;
}

void *open_lib() {
    void *h = dlopen(TILEBLAS_LIBRARY_PATH, RTLD_NOW | RTLD_LOCAL);
    EXPECT_NE(h, nullptr) << "dlopen(" << TILEBLAS_LIBRARY_PATH << "): " << dlerror();
    return h;
}

template <class F> F sym(void *h, const char *name) {
    dlerror();
    void *p = dlsym(h, name);
    EXPECT_NE(p, nullptr) << "dlsym(" << name << "): " << dlerror();
    return reinterpret_cast<F>(p);
}

TEST(Dlopen, SmallProductsThroughBothAbis) {
    void *h = open_lib();
    ASSERT_NE(h, nullptr);
    auto dgemm = sym<cblas_dgemm_fn>(h, "cblas_dgemm");
    auto sgemm = sym<sgemm_fn>(h, "sgemm_");
    ASSERT_TRUE(dgemm && sgemm);
    if (auto core = reinterpret_cast<get_corename_fn>(dlsym(h, "tileblas_get_corename")))
        std::printf("corename: %s\n", core());

    // Row-major 2x3 * 3x2.
    const double A[6] = {1, 2, 3, 4, 5, 6}, B[6] = {7, 8, 9, 10, 11, 12};
    double C[4] = {0, 0, 0, 0};
    dgemm(RowMajor, NoTrans, NoTrans, 2, 2, 3, 1.0, A, 3, B, 2, 0.0, C, 2);
    EXPECT_EQ(C[0], 58);
    EXPECT_EQ(C[1], 64);
    EXPECT_EQ(C[2], 139);
    EXPECT_EQ(C[3], 154);

    // Column-major, A^T: C = 2 * A^T B + C with A 3x2, B 3x2.
    const float Af[6] = {1, 2, 3, 4, 5, 6}, Bf[6] = {1, 0, 1, 0, 1, 0};
    float Cf[4] = {1, 1, 1, 1};
    const int m = 2, n = 2, k = 3, lda = 3, ldb = 3, ldc = 2;
    const float alpha = 2, beta = 1;
    sgemm("T", "N", &m, &n, &k, &alpha, Af, &lda, Bf, &ldb, &beta, Cf, &ldc, 1, 1);
    EXPECT_EQ(Cf[0], 1 + 2 * (1 + 3));
    EXPECT_EQ(Cf[1], 1 + 2 * (4 + 6));
    EXPECT_EQ(Cf[2], 1 + 2 * 2);
    EXPECT_EQ(Cf[3], 1 + 2 * 5);
    EXPECT_EQ(dlclose(h), 0) << dlerror();
}

TEST(Dlopen, FiftyLoadComputeUnloadRoundsMultiThreaded) {
    const int n = 256;
    std::vector<double> A(n * n), B(n * n), C(n * n);
    for (int i = 0; i < n * n; ++i) {
        A[i] = (i % 13) * 0.25 - 1.5;
        B[i] = (i % 7) * 0.5 - 1.0;
    }
    // Reference for a few entries (column-major, NoTrans).
    auto ref = [&](int i, int j) {
        long double s = 0;
        for (int l = 0; l < n; ++l) s += static_cast<long double>(A[i + l * n]) * B[l + j * n];
        return static_cast<double>(s);
    };
    const int probes[][2] = {{0, 0}, {n - 1, n - 1}, {17, 200}, {129, 3}, {255, 128}};
    int threads_after_warmup = -1;
    for (int round = 0; round < 50; ++round) {
        void *h = open_lib();
        ASSERT_NE(h, nullptr) << "round " << round;
        auto dgemm = sym<cblas_dgemm_fn>(h, "cblas_dgemm");
        ASSERT_NE(dgemm, nullptr);
        if (auto set = reinterpret_cast<set_threads_fn>(dlsym(h, "tileblas_set_num_threads")))
            set(2);
        std::fill(C.begin(), C.end(), std::nan(""));
        dgemm(ColMajor, NoTrans, NoTrans, n, n, n, 1.0, A.data(), n, B.data(), n, 0.0, C.data(), n);
        for (const auto &p : probes) {
            const double want = ref(p[0], p[1]);
            ASSERT_NEAR(C[p[0] + p[1] * n], want, 1e-12 * (1 + std::fabs(want)) * n)
                << "round " << round << " C(" << p[0] << "," << p[1] << ")";
        }
        ASSERT_EQ(dlclose(h), 0) << "round " << round << ": " << dlerror();
        if (round == 4) threads_after_warmup = thread_count();
    }
    // Worker threads of unloaded copies must be gone (or reused if the
    // library stays resident), not piling up round after round.
    EXPECT_LE(thread_count(), threads_after_warmup + 4)
        << "threads keep accumulating across dlopen/dlclose rounds";
}

} // namespace
