// timing.h -- the timing protocol shared by every kind of row (GEMM, half
// precision, level 3, level 1/2): warm-up and check each library, timed reps
// in blocks interleaved across the libraries, then check again.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <memory>
#include <random>
#include <vector>

#include "blas_lib.h"
#include "noise_meter.h"
#include "quiesce.h"
#include "run_case.h"

namespace bench {

using Clock = std::chrono::steady_clock;

// Samples shorter than this are too close to the clock's and the call's
// fixed costs; several calls are then timed together and averaged.
constexpr double kMinSampleSeconds = 1e-3;
constexpr int kMaxReps = 200;
constexpr int kBlocks = 4;                  // see the interleaving below
constexpr double kMaxQuiesceSeconds = 0.5;  // a pool that never sleeps: go on

// 64-byte aligned, like the buffers a real application would hand in.
template <typename T>
struct Buffer {
    struct Free { void operator()(T *p) const { std::free(p); } };
    std::unique_ptr<T[], Free> p;
    size_t count;
    explicit Buffer(size_t n) : count(n) {
        size_t bytes = (std::max<size_t>(n, 1) * sizeof(T) + 63) / 64 * 64;
        p.reset(static_cast<T *>(std::aligned_alloc(64, bytes)));
        if (!p) std::abort();
    }
    T *get() const { return p.get(); }
};

// Uniform in [-1, 1] (complex types: both parts, through T's two-float layout).
template <typename T>
void fill_random(T *x, size_t count, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (size_t i = 0; i < count; ++i) x[i] = T(u(rng));
}

inline double seconds_since(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

inline double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    size_t h = v.size() / 2;
    return v.size() % 2 ? v[h] : 0.5 * (v[h - 1] + v[h]);
}

// What one row needs from its routine.  Library l is libs[l].
struct RowOps {
    std::function<bool(size_t l)> offers;          // false: shown as n/a
    std::function<void(size_t l)> call;            // the timed call
    std::function<void(size_t l, LibResult &)> check;   // verify the output, set failed
    std::function<void()> reset;                   // before a warm-up call: poison / restore outputs
    // Optional: run before every timed call, untimed (trsm, trmm, trsv
    // overwrite their input; it is copied back here).  When set, each call
    // is timed on its own.
    std::function<void()> before;
};

// Times one row: `work` units (flops or bytes) per call; LibResult::gflops
// gets work / median seconds * 1e-9.
inline void run_timed(CaseResult &out, double work, const std::vector<BlasLib> &libs,
                      const TimingPolicy &policy, const RowOps &ops) {
    const size_t n = libs.size();
    out.libs.assign(n, LibResult{});
    NoiseMeter noise;
    for (size_t l = 0; l < n; ++l)
        if (!ops.offers(l)) out.libs[l].absent = out.libs[l].failed = true;

    for (const auto &lib : libs) lib.set_threads(out.threads);

    // Warm-up: first call pays for thread start-up and buffer allocation.
    // reset() poisons outputs with NaN (beta = 0 must overwrite them, and a
    // tile the library forgot to write stays NaN and fails the check).
    std::vector<double> call_seconds(n);
    for (size_t l = 0; l < n; ++l) {
        if (out.libs[l].absent) continue;
        ops.reset();
        wait_until_other_threads_sleep(kMaxQuiesceSeconds);
        auto t0 = Clock::now();
        ops.call(l);
        double first = seconds_since(t0);
        ops.check(l, out.libs[l]);
        if (out.libs[l].failed) continue;
        if (first < 0.5) {   // a second call, warm, to size the reps
            if (ops.before) ops.before();
            t0 = Clock::now();
            ops.call(l);
            first = seconds_since(t0);
        }
        call_seconds[l] = std::max(first, 1e-9);
    }

    // Reps per library: fill the time budget (at least 3 samples for a
    // median, except for a hopelessly slow library), and batch tiny calls.
    std::vector<std::vector<double>> samples(n);
    for (size_t l = 0; l < n; ++l) {
        LibResult &r = out.libs[l];
        if (r.failed) continue;
        double t = call_seconds[l];
        r.calls_per_rep = std::max(1, int(std::ceil(kMinSampleSeconds / t)));
        double per_rep = t * r.calls_per_rep;
        int min_reps = t > 3.0 ? 1 : 3;
        r.reps = policy.fixed_reps > 0
                     ? policy.fixed_reps
                     : std::clamp(int(policy.seconds / per_rep + 0.5), min_reps, kMaxReps);
    }

    // Interleave in blocks: each library's reps are split into up to
    // kBlocks blocks, run round-robin (each round starting with a different
    // library), so noise on this shared machine lands on all libraries
    // alike.  Not call by call: before each block the previous library's
    // spinning workers must be asleep (quiesce.h), and a short problem then
    // gets one untimed call to wake its own pool.
    noise.start();
    for (int round = 0; round < kBlocks; ++round) {
        for (size_t i = 0; i < n; ++i) {
            size_t l = (i + round) % n;
            LibResult &r = out.libs[l];
            int blocks = std::min(r.reps, kBlocks);
            if (r.failed || round >= blocks) continue;
            int reps = r.reps / blocks + (round < r.reps % blocks ? 1 : 0);
            wait_until_other_threads_sleep(kMaxQuiesceSeconds);
            if (call_seconds[l] * r.calls_per_rep < 0.05) {
                if (ops.before) ops.before();
                ops.call(l);
            }
            for (int rep = 0; rep < reps; ++rep) {
                double sec = 0;
                if (ops.before) {   // restore untimed, time each call alone
                    for (int j = 0; j < r.calls_per_rep; ++j) {
                        ops.before();
                        auto t0 = Clock::now();
                        ops.call(l);
                        sec += seconds_since(t0);
                    }
                } else {
                    auto t0 = Clock::now();
                    for (int j = 0; j < r.calls_per_rep; ++j) ops.call(l);
                    sec = seconds_since(t0);
                }
                samples[l].push_back(sec / r.calls_per_rep);
            }
            if (round == blocks - 1) ops.check(l, r);   // still right after the timed calls?
        }
    }
    out.noise = noise.stop();
    wait_until_other_threads_sleep(kMaxQuiesceSeconds);   // leave the next row a quiet machine

    for (size_t l = 0; l < n; ++l)
        if (!out.libs[l].failed) out.libs[l].gflops = work / median(samples[l]) * 1e-9;
}

}  // namespace bench
