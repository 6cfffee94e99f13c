// bandwidth.cpp -- streaming read and copy loops on N threads.  SSE2 only
// (baseline x86-64): four independent 16-byte integer sums are far more than
// one core's share of DRAM needs, so the loop is memory-bound everywhere.
#include "bandwidth.h"

#include <emmintrin.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

namespace {

constexpr size_t kBytes = size_t(512) << 20;

uint64_t sum_bytes(const char *p, size_t bytes) {
    __m128i s0 = _mm_setzero_si128(), s1 = s0, s2 = s0, s3 = s0;
    for (size_t i = 0; i + 64 <= bytes; i += 64) {
        s0 = _mm_add_epi64(s0, _mm_load_si128(reinterpret_cast<const __m128i *>(p + i)));
        s1 = _mm_add_epi64(s1, _mm_load_si128(reinterpret_cast<const __m128i *>(p + i + 16)));
        s2 = _mm_add_epi64(s2, _mm_load_si128(reinterpret_cast<const __m128i *>(p + i + 32)));
        s3 = _mm_add_epi64(s3, _mm_load_si128(reinterpret_cast<const __m128i *>(p + i + 48)));
    }
    __m128i s = _mm_add_epi64(_mm_add_epi64(s0, s1), _mm_add_epi64(s2, s3));
    alignas(16) uint64_t out[2];
    _mm_store_si128(reinterpret_cast<__m128i *>(out), s);
    return out[0] + out[1];
}

// GB/s of `threads` threads each running job(t) once; bytes_moved in total.
template <typename Job>
double run_threads(int threads, double bytes_moved, Job job) {
    auto t0 = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(job, t);
    job(0);
    for (auto &th : pool) th.join();
    double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return bytes_moved / sec * 1e-9;
}

void best_rates(char *buf, int threads, double *read, double *copy) {
    const size_t slice = kBytes / threads / 64 * 64, half = slice / 2 / 64 * 64;
    volatile uint64_t sink = 0;
    *read = *copy = 0;
    for (int trial = 0; trial < 5; ++trial) {
        *read = std::max(*read, run_threads(threads, double(slice) * threads, [&](int t) {
            sink = sink + sum_bytes(buf + t * slice, slice);
        }));
        *copy = std::max(*copy, run_threads(threads, 2.0 * half * threads, [&](int t) {
            std::memcpy(buf + t * slice + half, buf + t * slice, half);
        }));
    }
}

}  // namespace

Bandwidth measure_bandwidth(int threads) {
    Bandwidth b;
    b.threads = threads;
    char *buf = static_cast<char *>(std::aligned_alloc(64, kBytes));
    if (!buf) return b;
    std::memset(buf, 1, kBytes);   // touch every page before timing
    best_rates(buf, 1, &b.read_core, &b.copy_core);
    b.read_all = b.read_core;
    b.copy_all = b.copy_core;
    if (threads > 1) best_rates(buf, threads, &b.read_all, &b.copy_all);
    std::free(buf);
    return b;
}
