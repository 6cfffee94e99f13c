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

// Best of several ~50 ms trials.  The first, untimed run sizes the trials
// and brings the core out of any low-frequency state.
double best_rate(Loop loop, int threads) {
    double sink;
    double flops_per_iter = loop(1, &sink);
    double rough = run_threads(loop, 200000, 1);   // GFLOP/s
    long iters = std::max(1000L, long(0.05 * rough * 1e9 / flops_per_iter));
    double best = 0;
    for (int trial = 0; trial < 7; ++trial) best = std::max(best, run_threads(loop, iters, threads));
    return best;
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
    r.f32_core = best_rate(f32, 1);
    r.f64_core = best_rate(f64, 1);
    r.f32_all = threads > 1 ? best_rate(f32, threads) : r.f32_core;
    r.f64_all = threads > 1 ? best_rate(f64, threads) : r.f64_core;
    return r;
}
