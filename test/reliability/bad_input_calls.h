// bad_input_calls.h -- one caller per BLAS argument list, so a table of
// routine names (resolved with dlsym) can call every routine with arguments
// from one struct.  Fortran: everything by pointer, one hidden length per
// CHARACTER argument.  CBLAS: enums passed as int (the same register, and no
// out-of-range enum value is ever formed), real scalars by value (S, or R
// for the real alpha/beta of her/herk/her2k), complex ones as const void *.
#ifndef TILEBLAS_TEST_BAD_INPUT_CALLS_H
#define TILEBLAS_TEST_BAD_INPUT_CALLS_H

#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace badin {

// One call's arguments.  Option letters are Fortran's; a CBLAS call passes
// the c* enum values (set from the letters, or an illegal value).
struct Args {
    char side = 'L', uplo = 'U', ta = 'N', tb = 'N', diag = 'N', order = 'C';  // order: ?omatcopy's
    int layout = 102, cside = 141, cuplo = 121, cta = 111, ctb = 111, cdiag = 131;
    int m = 3, n = 4, k = 2, kl = 1, ku = 2;
    int lda = 1, ldb = 1, ldc = 1, incx = 1, incy = 1;
};

// Every array and scalar a call may touch.  Sized far beyond what the small
// legal calls need; bad calls must leave all of it as it was.
struct Buffers {
    static constexpr std::size_t kBytes = 4096;
    alignas(64) unsigned char a[kBytes], b[kBytes], c[kBytes], x[kBytes], y[kBytes];
    alignas(16) unsigned char alpha[32], beta[32], result[32];
};

template <class S> S scalar(const unsigned char *bytes) {
    if constexpr (std::is_pointer_v<S>)
        return bytes;
    else {
        S v;
        std::memcpy(&v, bytes, sizeof v);
        return v;
    }
}

template <class Fn> Fn as(void *fn) { return reinterpret_cast<Fn>(fn); }

template <class Ret> void keep(Buffers &b, Ret r) { std::memcpy(b.result, &r, sizeof r); }

using Caller = void (*)(void *fn, const Args &g, Buffers &b);

using I = const int *;
using C = const char *;
using V = const void *;
using W = void *;
using L = std::size_t;

// ------------------------------------------------------------------ Fortran
namespace fortran {
inline void gemm(void *fn, const Args &g, Buffers &b) {
    as<void (*)(C, C, I, I, I, V, V, I, V, I, V, W, I, L, L)>(fn)(
        &g.ta, &g.tb, &g.m, &g.n, &g.k, b.alpha, b.a, &g.lda, b.b, &g.ldb, b.beta, b.c, &g.ldc, 1, 1);
}
inline void gemmt(void *fn, const Args &g, Buffers &b) {
    as<void (*)(C, C, C, I, I, V, V, I, V, I, V, W, I, L, L, L)>(fn)(
        &g.uplo, &g.ta, &g.tb, &g.n, &g.k, b.alpha, b.a, &g.lda, b.b, &g.ldb, b.beta, b.c, &g.ldc, 1, 1, 1);
}
inline void symm(void *fn, const Args &g, Buffers &b) {
    as<void (*)(C, C, I, I, V, V, I, V, I, V, W, I, L, L)>(fn)(
        &g.side, &g.uplo, &g.m, &g.n, b.alpha, b.a, &g.lda, b.b, &g.ldb, b.beta, b.c, &g.ldc, 1, 1);
}
inline void syrk(void *fn, const Args &g, Buffers &b) {
    as<void (*)(C, C, I, I, V, V, I, V, W, I, L, L)>(fn)(
        &g.uplo, &g.ta, &g.n, &g.k, b.alpha, b.a, &g.lda, b.beta, b.c, &g.ldc, 1, 1);
}
inline void syr2k(void *fn, const Args &g, Buffers &b) {
    as<void (*)(C, C, I, I, V, V, I, V, I, V, W, I, L, L)>(fn)(
        &g.uplo, &g.ta, &g.n, &g.k, b.alpha, b.a, &g.lda, b.b, &g.ldb, b.beta, b.c, &g.ldc, 1, 1);
}
inline void trmm(void *fn, const Args &g, Buffers &b) {
    as<void (*)(C, C, C, C, I, I, V, V, I, W, I, L, L, L, L)>(fn)(
        &g.side, &g.uplo, &g.ta, &g.diag, &g.m, &g.n, b.alpha, b.a, &g.lda, b.b, &g.ldb, 1, 1, 1, 1);
}
inline void gemv(void *fn, const Args &g, Buffers &b) {
    as<void (*)(C, I, I, V, V, I, V, I, V, W, I, L)>(fn)(
        &g.ta, &g.m, &g.n, b.alpha, b.a, &g.lda, b.x, &g.incx, b.beta, b.y, &g.incy, 1);
}
inline void gbmv(void *fn, const Args &g, Buffers &b) {
    as<void (*)(C, I, I, I, I, V, V, I, V, I, V, W, I, L)>(fn)(
        &g.ta, &g.m, &g.n, &g.kl, &g.ku, b.alpha, b.a, &g.lda, b.x, &g.incx, b.beta, b.y, &g.incy, 1);
}
inline void ger(void *fn, const Args &g, Buffers &b) {
    as<void (*)(I, I, V, V, I, V, I, W, I)>(fn)(&g.m, &g.n, b.alpha, b.x, &g.incx, b.y, &g.incy, b.a, &g.lda);
}
inline void symv(void *fn, const Args &g, Buffers &b) {
    as<void (*)(C, I, V, V, I, V, I, V, W, I, L)>(fn)(
        &g.uplo, &g.n, b.alpha, b.a, &g.lda, b.x, &g.incx, b.beta, b.y, &g.incy, 1);
}
inline void sbmv(void *fn, const Args &g, Buffers &b) {
    as<void (*)(C, I, I, V, V, I, V, I, V, W, I, L)>(fn)(
        &g.uplo, &g.n, &g.k, b.alpha, b.a, &g.lda, b.x, &g.incx, b.beta, b.y, &g.incy, 1);
}
inline void spmv(void *fn, const Args &g, Buffers &b) {
    as<void (*)(C, I, V, V, V, I, V, W, I, L)>(fn)(&g.uplo, &g.n, b.alpha, b.a, b.x, &g.incx, b.beta, b.y,
                                                     &g.incy, 1);
}
inline void syr(void *fn, const Args &g, Buffers &b) {
    as<void (*)(C, I, V, V, I, W, I, L)>(fn)(&g.uplo, &g.n, b.alpha, b.x, &g.incx, b.a, &g.lda, 1);
}
inline void spr(void *fn, const Args &g, Buffers &b) {
    as<void (*)(C, I, V, V, I, W, L)>(fn)(&g.uplo, &g.n, b.alpha, b.x, &g.incx, b.a, 1);
}
inline void syr2(void *fn, const Args &g, Buffers &b) {
    as<void (*)(C, I, V, V, I, V, I, W, I, L)>(fn)(&g.uplo, &g.n, b.alpha, b.x, &g.incx, b.y, &g.incy, b.a,
                                                     &g.lda, 1);
}
inline void spr2(void *fn, const Args &g, Buffers &b) {
    as<void (*)(C, I, V, V, I, V, I, W, L)>(fn)(&g.uplo, &g.n, b.alpha, b.x, &g.incx, b.y, &g.incy, b.a, 1);
}
inline void trmv(void *fn, const Args &g, Buffers &b) {
    as<void (*)(C, C, C, I, V, I, W, I, L, L, L)>(fn)(&g.uplo, &g.ta, &g.diag, &g.n, b.a, &g.lda, b.x, &g.incx,
                                                        1, 1, 1);
}
inline void tbmv(void *fn, const Args &g, Buffers &b) {
    as<void (*)(C, C, C, I, I, V, I, W, I, L, L, L)>(fn)(&g.uplo, &g.ta, &g.diag, &g.n, &g.k, b.a, &g.lda,
                                                           b.x, &g.incx, 1, 1, 1);
}
inline void tpmv(void *fn, const Args &g, Buffers &b) {
    as<void (*)(C, C, C, I, V, W, I, L, L, L)>(fn)(&g.uplo, &g.ta, &g.diag, &g.n, b.a, b.x, &g.incx, 1, 1, 1);
}

// Level 1: no argument is ever illegal; Ret is the function's result type.
template <class Ret> void vv(void *fn, const Args &g, Buffers &b) {  // swap, copy, dot
    if constexpr (std::is_void_v<Ret>)
        as<void (*)(I, W, I, W, I)>(fn)(&g.n, b.x, &g.incx, b.y, &g.incy);
    else
        keep(b, as<Ret (*)(I, V, I, V, I)>(fn)(&g.n, b.x, &g.incx, b.y, &g.incy));
}
inline void sdsdot(void *fn, const Args &g, Buffers &b) {
    keep(b, as<float (*)(I, V, V, I, V, I)>(fn)(&g.n, b.alpha, b.x, &g.incx, b.y, &g.incy));
}
inline void scal(void *fn, const Args &g, Buffers &b) {
    as<void (*)(I, V, W, I)>(fn)(&g.n, b.alpha, b.x, &g.incx);
}
inline void axpy(void *fn, const Args &g, Buffers &b) {
    as<void (*)(I, V, V, I, W, I)>(fn)(&g.n, b.alpha, b.x, &g.incx, b.y, &g.incy);
}
template <class Ret> void norm(void *fn, const Args &g, Buffers &b) {  // nrm2, asum, i?amax
    keep(b, as<Ret (*)(I, V, I)>(fn)(&g.n, b.x, &g.incx));
}
inline void axpby(void *fn, const Args &g, Buffers &b) {
    as<void (*)(I, V, V, I, V, W, I)>(fn)(&g.n, b.alpha, b.x, &g.incx, b.beta, b.y, &g.incy);
}
// The reference CBLAS's wrappers (sdotsub_ ...): the function's value in the last argument.
inline void dot_sub(void *fn, const Args &g, Buffers &b) {
    as<void (*)(I, V, I, V, I, W)>(fn)(&g.n, b.x, &g.incx, b.y, &g.incy, b.result);
}
inline void sdsdot_sub(void *fn, const Args &g, Buffers &b) {
    as<void (*)(I, V, V, I, V, I, W)>(fn)(&g.n, b.alpha, b.x, &g.incx, b.y, &g.incy, b.result);
}
inline void norm_sub(void *fn, const Args &g, Buffers &b) {
    as<void (*)(I, V, I, W)>(fn)(&g.n, b.x, &g.incx, b.result);
}

// Extensions (OpenBLAS, MKL): order and trans letters; imatcopy works in a.
inline void omatcopy(void *fn, const Args &g, Buffers &b) {
    as<void (*)(C, C, I, I, V, V, I, W, I, L, L)>(fn)(&g.order, &g.ta, &g.m, &g.n, b.alpha, b.a, &g.lda, b.b,
                                                        &g.ldb, 1, 1);
}
inline void imatcopy(void *fn, const Args &g, Buffers &b) {
    as<void (*)(C, C, I, I, V, W, I, I, L, L)>(fn)(&g.order, &g.ta, &g.m, &g.n, b.alpha, b.a, &g.lda, &g.ldb, 1,
                                                     1);
}
inline void rot(void *fn, const Args &g, Buffers &b) {
    as<void (*)(I, W, I, W, I, V, V)>(fn)(&g.n, b.x, &g.incx, b.y, &g.incy, b.alpha, b.beta);
}
inline void rotm(void *fn, const Args &g, Buffers &b) {
    as<void (*)(I, W, I, W, I, V)>(fn)(&g.n, b.x, &g.incx, b.y, &g.incy, b.alpha);
}
}  // namespace fortran

// -------------------------------------------------------------------- CBLAS
// S: the type of alpha and beta (float, double, const void * for complex,
// uint16_t for hgemm); R: the real scalar type of that precision.
namespace cblas {
template <class S, class R> void gemm(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, int, int, int, int, int, S, V, int, V, int, S, W, int)>(fn)(
        g.layout, g.cta, g.ctb, g.m, g.n, g.k, scalar<S>(b.alpha), b.a, g.lda, b.b, g.ldb, scalar<S>(b.beta), b.c,
        g.ldc);
}
template <class S, class R> void gemmt(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, int, int, int, int, int, S, V, int, V, int, S, W, int)>(fn)(
        g.layout, g.cuplo, g.cta, g.ctb, g.n, g.k, scalar<S>(b.alpha), b.a, g.lda, b.b, g.ldb, scalar<S>(b.beta),
        b.c, g.ldc);
}
template <class S, class R> void symm(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, int, int, int, int, S, V, int, V, int, S, W, int)>(fn)(
        g.layout, g.cside, g.cuplo, g.m, g.n, scalar<S>(b.alpha), b.a, g.lda, b.b, g.ldb, scalar<S>(b.beta), b.c,
        g.ldc);
}
template <class S, class R> void syrk(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, int, int, int, int, S, V, int, S, W, int)>(fn)(
        g.layout, g.cuplo, g.cta, g.n, g.k, scalar<S>(b.alpha), b.a, g.lda, scalar<S>(b.beta), b.c, g.ldc);
}
template <class S, class R> void herk(void *fn, const Args &g, Buffers &b) {
    syrk<R, R>(fn, g, b);  // real alpha and beta
}
template <class S, class R> void syr2k(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, int, int, int, int, S, V, int, V, int, S, W, int)>(fn)(
        g.layout, g.cuplo, g.cta, g.n, g.k, scalar<S>(b.alpha), b.a, g.lda, b.b, g.ldb, scalar<S>(b.beta), b.c,
        g.ldc);
}
template <class S, class R> void her2k(void *fn, const Args &g, Buffers &b) {  // complex alpha, real beta
    as<void (*)(int, int, int, int, int, S, V, int, V, int, R, W, int)>(fn)(
        g.layout, g.cuplo, g.cta, g.n, g.k, scalar<S>(b.alpha), b.a, g.lda, b.b, g.ldb, scalar<R>(b.beta), b.c,
        g.ldc);
}
template <class S, class R> void trmm(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, int, int, int, int, int, int, S, V, int, W, int)>(fn)(
        g.layout, g.cside, g.cuplo, g.cta, g.cdiag, g.m, g.n, scalar<S>(b.alpha), b.a, g.lda, b.b, g.ldb);
}
template <class S, class R> void gemv(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, int, int, int, S, V, int, V, int, S, W, int)>(fn)(
        g.layout, g.cta, g.m, g.n, scalar<S>(b.alpha), b.a, g.lda, b.x, g.incx, scalar<S>(b.beta), b.y, g.incy);
}
template <class S, class R> void gbmv(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, int, int, int, int, int, S, V, int, V, int, S, W, int)>(fn)(
        g.layout, g.cta, g.m, g.n, g.kl, g.ku, scalar<S>(b.alpha), b.a, g.lda, b.x, g.incx, scalar<S>(b.beta), b.y,
        g.incy);
}
template <class S, class R> void ger(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, int, int, S, V, int, V, int, W, int)>(fn)(g.layout, g.m, g.n, scalar<S>(b.alpha), b.x, g.incx,
                                                               b.y, g.incy, b.a, g.lda);
}
template <class S, class R> void symv(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, int, int, S, V, int, V, int, S, W, int)>(fn)(
        g.layout, g.cuplo, g.n, scalar<S>(b.alpha), b.a, g.lda, b.x, g.incx, scalar<S>(b.beta), b.y, g.incy);
}
template <class S, class R> void sbmv(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, int, int, int, S, V, int, V, int, S, W, int)>(fn)(
        g.layout, g.cuplo, g.n, g.k, scalar<S>(b.alpha), b.a, g.lda, b.x, g.incx, scalar<S>(b.beta), b.y, g.incy);
}
template <class S, class R> void spmv(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, int, int, S, V, V, int, S, W, int)>(fn)(g.layout, g.cuplo, g.n, scalar<S>(b.alpha), b.a, b.x,
                                                             g.incx, scalar<S>(b.beta), b.y, g.incy);
}
template <class S, class R> void syr(void *fn, const Args &g, Buffers &b) {  // her: real alpha
    as<void (*)(int, int, int, R, V, int, W, int)>(fn)(g.layout, g.cuplo, g.n, scalar<R>(b.alpha), b.x, g.incx,
                                                       b.a, g.lda);
}
template <class S, class R> void spr(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, int, int, R, V, int, W)>(fn)(g.layout, g.cuplo, g.n, scalar<R>(b.alpha), b.x, g.incx, b.a);
}
template <class S, class R> void syr2(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, int, int, S, V, int, V, int, W, int)>(fn)(g.layout, g.cuplo, g.n, scalar<S>(b.alpha), b.x,
                                                               g.incx, b.y, g.incy, b.a, g.lda);
}
template <class S, class R> void spr2(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, int, int, S, V, int, V, int, W)>(fn)(g.layout, g.cuplo, g.n, scalar<S>(b.alpha), b.x, g.incx,
                                                          b.y, g.incy, b.a);
}
template <class S, class R> void trmv(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, int, int, int, int, V, int, W, int)>(fn)(g.layout, g.cuplo, g.cta, g.cdiag, g.n, b.a, g.lda,
                                                              b.x, g.incx);
}
template <class S, class R> void tbmv(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, int, int, int, int, int, V, int, W, int)>(fn)(g.layout, g.cuplo, g.cta, g.cdiag, g.n, g.k,
                                                                   b.a, g.lda, b.x, g.incx);
}
template <class S, class R> void tpmv(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, int, int, int, int, V, W, int)>(fn)(g.layout, g.cuplo, g.cta, g.cdiag, g.n, b.a, b.x, g.incx);
}

// Level 1.
template <class Ret> void vv(void *fn, const Args &g, Buffers &b) {  // swap, copy, dot, dsdot
    if constexpr (std::is_void_v<Ret>)
        as<void (*)(int, W, int, W, int)>(fn)(g.n, b.x, g.incx, b.y, g.incy);
    else
        keep(b, as<Ret (*)(int, V, int, V, int)>(fn)(g.n, b.x, g.incx, b.y, g.incy));
}
inline void dot_sub(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, V, int, V, int, W)>(fn)(g.n, b.x, g.incx, b.y, g.incy, b.result);
}
inline void sdsdot(void *fn, const Args &g, Buffers &b) {
    keep(b, as<float (*)(int, float, V, int, V, int)>(fn)(g.n, scalar<float>(b.alpha), b.x, g.incx, b.y, g.incy));
}
template <class S> void scal(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, S, W, int)>(fn)(g.n, scalar<S>(b.alpha), b.x, g.incx);
}
template <class S> void axpy(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, S, V, int, W, int)>(fn)(g.n, scalar<S>(b.alpha), b.x, g.incx, b.y, g.incy);
}
template <class Ret> void norm(void *fn, const Args &g, Buffers &b) {
    keep(b, as<Ret (*)(int, V, int)>(fn)(g.n, b.x, g.incx));
}
template <class R> void rot(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, W, int, W, int, R, R)>(fn)(g.n, b.x, g.incx, b.y, g.incy, scalar<R>(b.alpha),
                                                scalar<R>(b.beta));
}
inline void rotm(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, W, int, W, int, V)>(fn)(g.n, b.x, g.incx, b.y, g.incy, b.alpha);
}
template <class S> void axpby(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, S, V, int, S, W, int)>(fn)(g.n, scalar<S>(b.alpha), b.x, g.incx, scalar<S>(b.beta), b.y, g.incy);
}

// Extensions (OpenBLAS, MKL): the layout argument is their order.
template <class S, class R> void omatcopy(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, int, int, int, S, V, int, W, int)>(fn)(g.layout, g.cta, g.m, g.n, scalar<S>(b.alpha), b.a, g.lda,
                                                            b.b, g.ldb);
}
template <class S, class R> void imatcopy(void *fn, const Args &g, Buffers &b) {
    as<void (*)(int, int, int, int, S, W, int, int)>(fn)(g.layout, g.cta, g.m, g.n, scalar<S>(b.alpha), b.a, g.lda,
                                                         g.ldb);
}
}  // namespace cblas

}  // namespace badin

#endif
