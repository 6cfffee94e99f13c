// fma_peak.cpp -- runs the FMA loops of fma_kernels.cpp on N threads.
// Compiled for baseline x86-64: the ISA check must itself run anywhere.
#include "fma_peak.h"

#include <algorithm>
#include <chrono>
#include <thread>
#include <vector>

#include "fma_kernels.h"

namespace {

using Loop = double (*)(long, double *);

// GFLOP/s of `threads` copies of `loop` running together: total flops over
// the wall time from start to the last thread's end.
double run_threads(Loop loop, long iters, int threads) {
    std::vector<double> flops(threads), sinks(threads);
    auto t0 = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back([&, t] { flops[t] = loop(iters, &sinks[t]); });
    flops[0] = loop(iters, &sinks[0]);
    for (auto &th : pool) th.join();
    double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    double total = 0;
    for (double f : flops) total += f;
    return total / sec * 1e-9;
}

// Iterations for a ~40 ms trial; the untimed run also brings the core out
// of any low-frequency state.
long trial_iters(Loop loop) {
    double sink;
    double flops_per_iter = loop(1, &sink);
    double rough = run_threads(loop, 200000, 1);   // GFLOP/s
    return std::max(1000L, long(0.04 * rough * 1e9 / flops_per_iter));
}

// Best of 12 trials each for fp32 and fp64, alternating, so a burst of
// another process's work cannot spoil one precision and spare the other.
void best_rates(Loop f32, Loop f64, int threads, double *r32, double *r64) {
    long i32 = trial_iters(f32), i64 = trial_iters(f64);
    *r32 = *r64 = 0;
    for (int trial = 0; trial < 12; ++trial) {
        *r32 = std::max(*r32, run_threads(f32, i32, threads));
        *r64 = std::max(*r64, run_threads(f64, i64, threads));
    }
}

}  // namespace

PeakRates measure_peak(int threads) {
    PeakRates r;
    r.threads = threads;
    __builtin_cpu_init();
    Loop f32 = nullptr, f64 = nullptr;
    if (__builtin_cpu_supports("avx512f")) {
        r.isa = "avx512";
        f32 = fma_loop_avx512_f32;
        f64 = fma_loop_avx512_f64;
    } else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
        r.isa = "avx2";
        f32 = fma_loop_avx2_f32;
        f64 = fma_loop_avx2_f64;
    } else {
        r.isa = "none";   // no FMA: %peak columns stay empty
        return r;
    }
    best_rates(f32, f64, 1, &r.f32_core, &r.f64_core);
    r.f32_all = r.f32_core;
    r.f64_all = r.f64_core;
    if (threads > 1) best_rates(f32, f64, threads, &r.f32_all, &r.f64_all);
    return r;
}
