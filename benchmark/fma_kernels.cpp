// fma_kernels.cpp -- the only file built with -mavx512f -mfma (see
// CMakeLists.txt); nothing here runs unless fma_peak.cpp checked the CPU.
//
// Peak needs enough independent accumulators to cover FMA latency times the
// number of FMA pipes: Zen 4/5 and Skylake-X have 2 pipes x 4 cycles = 8
// chains in flight.  We use 16 zmm (of 32) and 12 ymm (of 16) so the loop is
// throughput-bound on any current core without spilling.
// acc = acc * x + y with x just below 1 converges to y / (1 - x): no
// overflow and no denormals, which would slow the loop down.
#include "fma_kernels.h"

#include <immintrin.h>

namespace {

// Vector type, lane count and the three intrinsics each kernel needs.
struct Avx512F32 {
    using V = __m512; using S = float; static constexpr int kLanes = 16, kAcc = 16;
    static V set1(S s) { return _mm512_set1_ps(s); }
    static V fma(V a, V b, V c) { return _mm512_fmadd_ps(a, b, c); }
    static V add(V a, V b) { return _mm512_add_ps(a, b); }
};
struct Avx512F64 {
    using V = __m512d; using S = double; static constexpr int kLanes = 8, kAcc = 16;
    static V set1(S s) { return _mm512_set1_pd(s); }
    static V fma(V a, V b, V c) { return _mm512_fmadd_pd(a, b, c); }
    static V add(V a, V b) { return _mm512_add_pd(a, b); }
};
struct Avx2F32 {
    using V = __m256; using S = float; static constexpr int kLanes = 8, kAcc = 12;
    static V set1(S s) { return _mm256_set1_ps(s); }
    static V fma(V a, V b, V c) { return _mm256_fmadd_ps(a, b, c); }
    static V add(V a, V b) { return _mm256_add_ps(a, b); }
};
struct Avx2F64 {
    using V = __m256d; using S = double; static constexpr int kLanes = 4, kAcc = 12;
    static V set1(S s) { return _mm256_set1_pd(s); }
    static V fma(V a, V b, V c) { return _mm256_fmadd_pd(a, b, c); }
    static V add(V a, V b) { return _mm256_add_pd(a, b); }
};

template <typename T>
double fma_loop(long iters, double *sink) {
    using V = typename T::V;
    using S = typename T::S;
    // volatile: the compiler must not see the constants and fold the loop.
    volatile S vx = S(0.9999999), vy = S(1e-7);
    const V x = T::set1(vx), y = T::set1(vy);
    V acc[T::kAcc];
#pragma GCC unroll 16
    for (int j = 0; j < T::kAcc; ++j) acc[j] = T::set1(S(j));
    for (long i = 0; i < iters; ++i) {
        // Fully unrolled, so acc[] lives in registers: kAcc independent chains.
#pragma GCC unroll 16
        for (int j = 0; j < T::kAcc; ++j) acc[j] = T::fma(acc[j], x, y);
    }
    V s = acc[0];
#pragma GCC unroll 16
    for (int j = 1; j < T::kAcc; ++j) s = T::add(s, acc[j]);
    alignas(64) S out[T::kLanes];
    __builtin_memcpy(out, &s, sizeof s);
    double total = 0;
    for (int l = 0; l < T::kLanes; ++l) total += out[l];
    *sink = total;
    return 2.0 * T::kLanes * T::kAcc * double(iters);
}

}  // namespace

double fma_loop_avx512_f32(long iters, double *sink) { return fma_loop<Avx512F32>(iters, sink); }
double fma_loop_avx512_f64(long iters, double *sink) { return fma_loop<Avx512F64>(iters, sink); }
double fma_loop_avx2_f32(long iters, double *sink) { return fma_loop<Avx2F32>(iters, sink); }
double fma_loop_avx2_f64(long iters, double *sink) { return fma_loop<Avx2F64>(iters, sink); }
