// fork_test.cpp -- fork() must never hang or corrupt a child.  GNU OpenMP's
// worker pool does not survive fork(), so a child that entered a parallel
// region would wait forever for the parent's workers; and a lock held by
// another parent thread at the moment of fork() stays locked in the child
// forever.  Each child here runs multi-threaded s/dgemm under alarm(): a
// hang kills it with SIGALRM, and the parent also kills it after a deadline.
#include <gtest/gtest.h>

#include <cblas.h>
#include <signal.h>
#include <sys/wait.h>
#include <tileblas.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "reliability_util.h"

namespace {

constexpr int kChildSeconds = 20;  // a healthy child needs well under a second
// Rounds of each fork scenario; TILEBLAS_TEST_FORK_ROUNDS raises it for a
// long soak (a lock caught mid-way by fork() is a matter of timing).
int rounds() {
    const char *env = std::getenv("TILEBLAS_TEST_FORK_ROUNDS");
    const int n = env ? std::atoi(env) : 0;
    return n > 0 ? n : 50;
}

// Exit codes a child uses to say what went wrong.
enum ChildStatus { kOk = 0, kWrongFloat = 10, kWrongDouble = 11 };

// Runs body() in a forked child under alarm(); returns "" when it exited 0,
// else what happened.  The parent's own deadline covers a child that blocks
// SIGALRM or ignores it.
std::string run_child(const std::function<int()> &body) {
    const pid_t pid = fork();
    if (pid < 0) return "fork failed";
    if (pid == 0) {
        alarm(kChildSeconds);
        const int rc = body();
        _exit(rc);  // no atexit handlers or gtest teardown in the child
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(kChildSeconds + 10);
    int status = 0;
    for (;;) {
        const pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid) break;
        if (r < 0) return "waitpid failed";
        if (std::chrono::steady_clock::now() > deadline) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            return "child hung (killed by the parent's deadline)";
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    if (WIFSIGNALED(status))
        return WTERMSIG(status) == SIGALRM ? "child hung (SIGALRM after " +
                                                 std::to_string(kChildSeconds) + " s)"
                                           : "child killed by signal " +
                                                 std::to_string(WTERMSIG(status));
    if (WEXITSTATUS(status) != 0) return "child exited with " + std::to_string(WEXITSTATUS(status));
    return "";
}

// One square problem big enough for a team (2 n^3 flops far above the
// per-thread threshold), with its reference product.
template <class T> struct Problem {
    int n;
    std::vector<T> a, b, want;
    explicit Problem(int size, std::uint64_t seed)
        : n(size), a(reltest::random_matrix<T>(std::size_t(size) * size, seed)),
          b(reltest::random_matrix<T>(std::size_t(size) * size, seed + 1)),
          want(reltest::reference_gemm<T>(size, size, size, T(1), a, size, b, size, T(0),
                                          std::vector<T>(std::size_t(size) * size), size)) {}

    bool run_and_check() const {
        std::vector<T> c(std::size_t(n) * n, T(7));
        gemm(c.data());
        return reltest::close_to(c, want, n, n, n, n, 1.0, 0.0);
    }
    void gemm(T *c) const;
};
template <> void Problem<float>::gemm(float *c) const {
    cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a.data(), n, b.data(),
                n, 0.0f, c, n);
}
template <> void Problem<double>::gemm(double *c) const {
    cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0, a.data(), n, b.data(),
                n, 0.0, c, n);
}

struct Problems {
    Problem<float> s{192, 11};
    Problem<double> d{160, 21};
};
const Problems &problems() {
    static const Problems p;
    return p;
}

// What each child does: multi-threaded s- and dgemm (as many threads as the
// parent asked for), checked against the reference.
int child_body() {
    if (!problems().s.run_and_check()) return kWrongFloat;
    if (!problems().d.run_and_check()) return kWrongDouble;
    return kOk;
}

class Fork : public ::testing::Test {
protected:
    void SetUp() override { tileblas_set_num_threads(4); }  // teams even on 2 cores
    void TearDown() override { tileblas_set_num_threads(0); }
};

TEST_F(Fork, ChildAfterParentRanThreadedGemm) {
    ASSERT_TRUE(problems().s.run_and_check());
    ASSERT_TRUE(problems().d.run_and_check());
    for (int round = 0; round < rounds(); ++round) {
        // The parent's pool is warm from the previous round every time.
        ASSERT_TRUE(problems().d.run_and_check()) << "parent, round " << round;
        const std::string err = run_child(child_body);
        ASSERT_EQ(err, "") << "round " << round;
    }
}

TEST_F(Fork, GrandchildAfterChildRanGemm) {
    ASSERT_TRUE(problems().d.run_and_check());
    const std::string err = run_child([] {
        if (int rc = child_body()) return rc;
        const std::string inner = run_child(child_body);
        return inner.empty() ? 0 : 12;
    });
    EXPECT_EQ(err, "");
}

TEST_F(Fork, ParentStaysMultiThreadedAfterFork) {
    // The parent keeps its team after a fork (only the child goes serial):
    // a threaded call after fork must still be correct and spawn workers.
    ASSERT_EQ(run_child(child_body), "");
    ASSERT_TRUE(problems().d.run_and_check());
    EXPECT_GT(reltest::thread_count(), 1) << "the parent lost its OpenMP workers";
}

// fork() from one thread while other threads are inside gemm (holding pack
// buffer leases, in OpenMP teams, maybe inside the buffer pool's lock).
TEST_F(Fork, ForkWhileOtherThreadsAreInsideGemm) {
    std::atomic<bool> stop{false};
    std::atomic<int> wrong{0}, calls{0};
    std::vector<std::thread> workers;
    for (int t = 0; t < 3; ++t)
        workers.emplace_back([&, t] {
            while (!stop.load()) {
                const bool ok = (t % 2) ? problems().s.run_and_check() : problems().d.run_and_check();
                if (!ok) wrong.fetch_add(1);
                calls.fetch_add(1);
            }
        });
    // Many tiny calls: each leases and returns a pack buffer (7 rows leave a
    // tail that is packed), so the pool's lock is taken all the time.
    workers.emplace_back([&] {
        const std::vector<double> a(7 * 3, 0.5), b(3 * 5, 2.0);
        std::vector<double> c(7 * 5);
        while (!stop.load()) {
            cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, 7, 5, 3, 1.0, a.data(), 7,
                        b.data(), 3, 0.0, c.data(), 7);
            for (double x : c)
                if (x != 3.0) wrong.fetch_add(1);
        }
    });
    while (calls.load() < 3) std::this_thread::yield();
    std::string first_error;
    for (int round = 0; round < rounds() && first_error.empty(); ++round) {
        const std::string err = run_child(child_body);
        if (!err.empty()) first_error = "round " + std::to_string(round) + ": " + err;
    }
    stop.store(true);
    for (auto &w : workers) w.join();
    EXPECT_EQ(first_error, "");
    EXPECT_EQ(wrong.load(), 0) << "wrong results in the parent's threads";
}

}  // namespace
