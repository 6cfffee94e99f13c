// run_case.cpp -- warm-up and check each library, then timed reps in blocks
// interleaved across the libraries, then check again.
#include "run_case.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <memory>
#include <random>

#include "../src/half_float.hpp"  // scalar fp16/bf16 conversions (header-only)
#include "noise_meter.h"
#include "quiesce.h"
#include "verify.h"

namespace {

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
    explicit Buffer(size_t count) {
        size_t bytes = (std::max<size_t>(count, 1) * sizeof(T) + 63) / 64 * 64;
        p.reset(static_cast<T *>(std::aligned_alloc(64, bytes)));
        if (!p) std::abort();
    }
    T *get() const { return p.get(); }
};

template <typename T>
void fill_random(T *x, size_t count, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (size_t i = 0; i < count; ++i) x[i] = T(u(rng));
}

double seconds_since(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    size_t h = v.size() / 2;
    return v.size() % 2 ? v[h] : 0.5 * (v[h - 1] + v[h]);
}

// The timing protocol for one row, whatever the element types: call(lib)
// runs the GEMM, check(r) verifies C, fill_nan() poisons C.
template <typename Call, typename Check, typename FillNan>
CaseResult run_timed(const Shape &s, char prec, int threads, const std::vector<BlasLib> &libs,
                     const TimingPolicy &policy, Call call, Check check, FillNan fill_nan) {
    CaseResult out{s, prec, threads, std::vector<LibResult>(libs.size())};
    NoiseMeter noise;
    for (size_t l = 0; l < libs.size(); ++l)
        if (!libs[l].offers(prec)) out.libs[l].absent = out.libs[l].failed = true;

    for (const auto &lib : libs) lib.set_threads(threads);

    // Warm-up: first call pays for thread start-up and buffer allocation.
    // C starts as NaN: beta = 0 must overwrite it, and a tile the library
    // forgot to write stays NaN and fails the check.
    std::vector<double> call_seconds(libs.size());
    for (size_t l = 0; l < libs.size(); ++l) {
        if (out.libs[l].absent) continue;
        fill_nan();
        wait_until_other_threads_sleep(kMaxQuiesceSeconds);
        auto t0 = Clock::now();
        call(libs[l]);
        double first = seconds_since(t0);
        check(out.libs[l]);
        if (out.libs[l].failed) continue;
        if (first < 0.5) {   // a second call, warm, to size the reps
            t0 = Clock::now();
            call(libs[l]);
            first = seconds_since(t0);
        }
        call_seconds[l] = std::max(first, 1e-9);
    }

    // Reps per library: fill the time budget (at least 3 samples for a
    // median, except for a hopelessly slow library), and batch tiny calls.
    std::vector<std::vector<double>> samples(libs.size());
    for (size_t l = 0; l < libs.size(); ++l) {
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
    const size_t n = libs.size();
    noise.start();
    for (int round = 0; round < kBlocks; ++round) {
        for (size_t i = 0; i < n; ++i) {
            size_t l = (i + round) % n;
            LibResult &r = out.libs[l];
            int blocks = std::min(r.reps, kBlocks);
            if (r.failed || round >= blocks) continue;
            int reps = r.reps / blocks + (round < r.reps % blocks ? 1 : 0);
            wait_until_other_threads_sleep(kMaxQuiesceSeconds);
            if (call_seconds[l] * r.calls_per_rep < 0.05) call(libs[l]);
            for (int rep = 0; rep < reps; ++rep) {
                auto t0 = Clock::now();
                for (int j = 0; j < r.calls_per_rep; ++j) call(libs[l]);
                samples[l].push_back(seconds_since(t0) / r.calls_per_rep);
            }
            if (round == blocks - 1) check(r);   // still right after the timed calls?
        }
    }
    out.noise = noise.stop();
    wait_until_other_threads_sleep(kMaxQuiesceSeconds);   // leave the next row a quiet machine

    const double flops = 2.0 * s.m * s.n * s.k;
    for (size_t l = 0; l < n; ++l)
        if (!out.libs[l].failed) out.libs[l].gflops = flops / median(samples[l]) * 1e-9;
    return out;
}

template <typename T>
CaseResult run_typed(const Shape &s, char prec, int threads, const std::vector<BlasLib> &libs,
                     const TimingPolicy &policy) {
    const int lda = s.trans_a ? s.k : s.m, ldb = s.k, ldc = s.m;
    Buffer<T> a(size_t(lda) * (s.trans_a ? s.m : s.k)), b(size_t(ldb) * s.n),
        c(size_t(ldc) * s.n);
    fill_random(a.get(), size_t(lda) * (s.trans_a ? s.m : s.k), 1);
    fill_random(b.get(), size_t(ldb) * s.n, 2);
    return run_timed(
        s, prec, threads, libs, policy,
        [&](const BlasLib &lib) {
            lib.gemm<T>(s.trans_a, s.m, s.n, s.k, a.get(), lda, b.get(), ldb, c.get(), ldc);
        },
        [&](LibResult &r) {
            if (!verify_gemm<T>(s, a.get(), lda, b.get(), ldb, c.get(), ldc, &r.detail))
                r.failed = true;
        },
        [&] {
            std::fill(c.get(), c.get() + size_t(ldc) * s.n, std::numeric_limits<T>::quiet_NaN());
        });
}

// Half-precision rows: 16-bit A and B (random values in [-1, 1] rounded to
// fp16 or bf16), C fp16 ('h') or fp32 ('f', 'b').  The check widens the
// inputs exactly to fp32 and reuses verify with the output's unit roundoff.
CaseResult run_half(const Shape &s, char prec, int threads, const std::vector<BlasLib> &libs,
                    const TimingPolicy &policy) {
    const bool bf16 = prec == 'b', half_c = prec == 'h';
    const int lda = s.trans_a ? s.k : s.m, ldb = s.k, ldc = s.m;
    const size_t na = size_t(lda) * (s.trans_a ? s.m : s.k), nb = size_t(ldb) * s.n,
                 nc = size_t(ldc) * s.n;
    Buffer<float> af(na), bf(nb), cf(nc), cwide(half_c ? nc : 1);
    Buffer<uint16_t> a(na), b(nb), ch(half_c ? nc : 1);
    fill_random(af.get(), na, 1);
    fill_random(bf.get(), nb, 2);
    auto narrow = [&](float x) { return bf16 ? tileblas::f32_to_bf16(x) : tileblas::f32_to_f16(x); };
    auto widen = [&](uint16_t h) { return bf16 ? tileblas::bf16_to_f32(h) : tileblas::f16_to_f32(h); };
    for (size_t i = 0; i < na; ++i) af.get()[i] = widen(a.get()[i] = narrow(af.get()[i]));
    for (size_t i = 0; i < nb; ++i) bf.get()[i] = widen(b.get()[i] = narrow(bf.get()[i]));
    const int ta = s.trans_a ? kTrans : kNoTrans;
    const uint16_t one = tileblas::f32_to_f16(1.0f), zero = 0;
    return run_timed(
        s, prec, threads, libs, policy,
        [&](const BlasLib &lib) {
            if (half_c)
                lib.hgemm(kColMajor, ta, kNoTrans, s.m, s.n, s.k, one, a.get(), lda, b.get(), ldb,
                          zero, ch.get(), ldc);
            else
                (bf16 ? lib.sbgemm : lib.shgemm)(kColMajor, ta, kNoTrans, s.m, s.n, s.k, 1.0f,
                                                  a.get(), lda, b.get(), ldb, 0.0f, cf.get(), ldc);
        },
        [&](LibResult &r) {
            const float *c = cf.get();
            if (half_c) {
                for (size_t i = 0; i < nc; ++i) cwide.get()[i] = tileblas::f16_to_f32(ch.get()[i]);
                c = cwide.get();
            }
            const double eps = half_c ? 0x1p-11 : 0x1p-24;
            if (!verify_gemm_eps(s, af.get(), lda, bf.get(), ldb, c, ldc, eps, &r.detail))
                r.failed = true;
        },
        [&] {
            std::fill(cf.get(), cf.get() + nc, std::numeric_limits<float>::quiet_NaN());
            std::fill(ch.get(), ch.get() + (half_c ? nc : 1), uint16_t(0x7e00));
        });
}

}  // namespace

CaseResult run_case(const Shape &shape, char prec, int threads, const std::vector<BlasLib> &libs,
                    const TimingPolicy &policy) {
    if (prec == 'h' || prec == 'f' || prec == 'b')
        return run_half(shape, prec, threads, libs, policy);
    return prec == 's' ? run_typed<float>(shape, prec, threads, libs, policy)
                       : run_typed<double>(shape, prec, threads, libs, policy);
}
