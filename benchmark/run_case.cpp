// run_case.cpp -- the GEMM rows (s, d and half precision); the timing
// protocol itself is in timing.h.
#include "run_case.h"

#include <algorithm>
#include <limits>

#include "../src/half_float.hpp"  // scalar fp16/bf16 conversions (header-only)
#include "timing.h"
#include "verify.h"

namespace {

using bench::Buffer;
using bench::fill_random;

template <typename T>
CaseResult run_typed(const Shape &s, char prec, int threads, const std::vector<BlasLib> &libs,
                     const TimingPolicy &policy) {
    const int lda = s.trans_a ? s.k : s.m, ldb = s.k, ldc = s.m;
    Buffer<T> a(size_t(lda) * (s.trans_a ? s.m : s.k)), b(size_t(ldb) * s.n),
        c(size_t(ldc) * s.n);
    fill_random(a.get(), size_t(lda) * (s.trans_a ? s.m : s.k), 1);
    fill_random(b.get(), size_t(ldb) * s.n, 2);
    bench::RowOps ops;
    ops.offers = [&](size_t l) { return libs[l].offers(prec); };
    ops.call = [&](size_t l) {
        libs[l].gemm<T>(s.trans_a, s.m, s.n, s.k, a.get(), lda, b.get(), ldb, c.get(), ldc);
    };
    ops.check = [&](size_t, LibResult &r) {
        if (!verify_gemm<T>(s, a.get(), lda, b.get(), ldb, c.get(), ldc, &r.detail))
            r.failed = true;
    };
    ops.reset = [&] {
        std::fill(c.get(), c.get() + size_t(ldc) * s.n, std::numeric_limits<T>::quiet_NaN());
    };
    CaseResult out = make_row(s, prec, threads);
    bench::run_timed(out, 2.0 * s.m * s.n * s.k, libs, policy, ops);
    return out;
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
    bench::RowOps ops;
    ops.offers = [&](size_t l) { return libs[l].offers(prec); };
    ops.call = [&](size_t l) {
        const BlasLib &lib = libs[l];
        if (half_c)
            lib.hgemm(kColMajor, ta, kNoTrans, s.m, s.n, s.k, one, a.get(), lda, b.get(), ldb,
                      zero, ch.get(), ldc);
        else
            (bf16 ? lib.sbgemm : lib.shgemm)(kColMajor, ta, kNoTrans, s.m, s.n, s.k, 1.0f,
                                              a.get(), lda, b.get(), ldb, 0.0f, cf.get(), ldc);
    };
    ops.check = [&](size_t, LibResult &r) {
        const float *c = cf.get();
        if (half_c) {
            for (size_t i = 0; i < nc; ++i) cwide.get()[i] = tileblas::f16_to_f32(ch.get()[i]);
            c = cwide.get();
        }
        const double eps = half_c ? 0x1p-11 : 0x1p-24;
        if (!verify_gemm_eps(s, af.get(), lda, bf.get(), ldb, c, ldc, eps, &r.detail))
            r.failed = true;
    };
    ops.reset = [&] {
        std::fill(cf.get(), cf.get() + nc, std::numeric_limits<float>::quiet_NaN());
        std::fill(ch.get(), ch.get() + (half_c ? nc : 1), uint16_t(0x7e00));
    };
    CaseResult out = make_row(s, prec, threads);
    bench::run_timed(out, 2.0 * s.m * s.n * s.k, libs, policy, ops);
    return out;
}

}  // namespace

CaseResult run_case(const Shape &shape, char prec, int threads, const std::vector<BlasLib> &libs,
                    const TimingPolicy &policy) {
    if (prec == 'h' || prec == 'f' || prec == 'b')
        return run_half(shape, prec, threads, libs, policy);
    return prec == 's' ? run_typed<float>(shape, prec, threads, libs, policy)
                       : run_typed<double>(shape, prec, threads, libs, policy);
}
