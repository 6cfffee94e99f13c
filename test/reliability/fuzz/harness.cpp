// harness.cpp -- differential fuzzing of tileblas against the netlib
// reference BLAS (libFuzzer, clang).  Byte 0 of an input picks the routine
// from the table below; its family (level1/2/3.cpp, complex1/2/3.cpp) draws
// the rest from the following bytes: options (side, uplo, transposes, diag,
// layout), shape, ld padding, increments, alpha/beta (0, 1, -1, NaN, ...),
// thread count and data, calls tileblas and the reference on the same
// problem and checks every output element within an elementwise error bound
// (NaN where, and only where, the reference has NaN), everything else in
// the output array (ld padding, the other triangle, gaps between strided
// elements) and every input array bitwise untouched.  A mismatch prints
// MISMATCH and aborts.
//
// Build and run: ../fuzz_test.sh (CTest runs a bounded session; the release
// check is the same with TILEBLAS_FUZZ_SECONDS=3600).
#include <dlfcn.h>
#include <tileblas.h>

#include <cstdarg>

#include "fuzz.h"

// tileblas's Fortran entry points (linked), with the signatures of netlib.h.
extern "C" {
#define FUZZ_DECLARE(name, sig) fuzz::Sig<float>::sig s##name##_; fuzz::Sig<double>::sig d##name##_;
FUZZ_ROUTINES(FUZZ_DECLARE)
#undef FUZZ_DECLARE
// cdotu_ and friends return std::complex<T>, which the x86-64 ABI returns
// exactly as C's _Complex T (two T in xmm registers), as gfortran does.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wreturn-type-c-linkage"
#define FUZZ_DECLARE_COMPLEX(name, sig) fuzz::Sig<float>::sig c##name##_; fuzz::Sig<double>::sig z##name##_;
FUZZ_COMPLEX_ROUTINES(FUZZ_DECLARE_COMPLEX)
#undef FUZZ_DECLARE_COMPLEX
#pragma clang diagnostic pop
}

#ifndef NETLIB_BLAS
#define NETLIB_BLAS "/usr/lib/x86_64-linux-gnu/blas/libblas.so.3"
#endif

namespace fuzz {

std::string format(const char *fmt, ...) {
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return buf;
}

template <> const Blas<float> &tileblas<float>() {
    static const Blas<float> b = [] {
        Blas<float> r;
#define FUZZ_SET(name, sig) r.name = s##name##_;
#define FUZZ_SET_COMPLEX(name, sig) r.c##name = c##name##_;
        FUZZ_ROUTINES(FUZZ_SET)
        FUZZ_COMPLEX_ROUTINES(FUZZ_SET_COMPLEX)
#undef FUZZ_SET
#undef FUZZ_SET_COMPLEX
        return r;
    }();
    return b;
}
template <> const Blas<double> &tileblas<double>() {
    static const Blas<double> b = [] {
        Blas<double> r;
#define FUZZ_SET(name, sig) r.name = d##name##_;
#define FUZZ_SET_COMPLEX(name, sig) r.c##name = z##name##_;
        FUZZ_ROUTINES(FUZZ_SET)
        FUZZ_COMPLEX_ROUTINES(FUZZ_SET_COMPLEX)
#undef FUZZ_SET
#undef FUZZ_SET_COMPLEX
        return r;
    }();
    return b;
}

namespace {

// RTLD_LOCAL keeps the reference's symbols out of the global scope; its own
// calls to lsame_ (and xerbla_, never reached: only legal arguments are
// passed) may bind to tileblas's.  No RTLD_DEEPBIND: ASan refuses it.
void *netlib_handle() {
    static void *const h = [] {
        void *r = dlopen(NETLIB_BLAS, RTLD_NOW | RTLD_LOCAL);
        if (!r) {
            std::fprintf(stderr, "cannot load the reference BLAS %s: %s\n", NETLIB_BLAS,
                         dlerror());
            std::abort();
        }
        return r;
    }();
    return h;
}
template <class F> void bind(F *&f, char prefix, const char *name) {
    const std::string sym = std::string(1, prefix) + name + "_";
    f = reinterpret_cast<F *>(dlsym(netlib_handle(), sym.c_str()));
    if (!f) {
        std::fprintf(stderr, "the reference BLAS lacks %s\n", sym.c_str());
        std::abort();
    }
}
template <class T> Blas<T> load_netlib() {
    const char p = sizeof(T) == 4 ? 's' : 'd', cp = sizeof(T) == 4 ? 'c' : 'z';
    Blas<T> r;
#define FUZZ_BIND(name, sig) bind(r.name, p, #name);
#define FUZZ_BIND_COMPLEX(name, sig) bind(r.c##name, cp, #name);
    FUZZ_ROUTINES(FUZZ_BIND)
    FUZZ_COMPLEX_ROUTINES(FUZZ_BIND_COMPLEX)
#undef FUZZ_BIND
#undef FUZZ_BIND_COMPLEX
    return r;
}

struct Entry {
    const char *name;
    void (*run)(Input &);
};
// 0 and 1 stay sgemm and dgemm (the original corpus starts with 0 or 1).
#define FUZZ_PAIR(f) {"s" #f, fuzz_##f<float>}, {"d" #f, fuzz_##f<double>}
#define FUZZ_COMPLEX_PAIR(f) {"c" #f, fuzz_complex_##f<float>}, {"z" #f, fuzz_complex_##f<double>}
const Entry routines[] = {
    FUZZ_PAIR(gemm), FUZZ_PAIR(gemv), FUZZ_PAIR(ger),  FUZZ_PAIR(symv), FUZZ_PAIR(trmv),
    FUZZ_PAIR(trsv), FUZZ_PAIR(dot),  FUZZ_PAIR(axpy), FUZZ_PAIR(syrk), FUZZ_PAIR(symm),
    FUZZ_PAIR(trmm), FUZZ_PAIR(trsm), {"cgemm", fuzz_cgemm<float>},      {"zgemm", fuzz_cgemm<double>},
    FUZZ_COMPLEX_PAIR(syrk), FUZZ_COMPLEX_PAIR(syr2k), FUZZ_COMPLEX_PAIR(symm),
    FUZZ_COMPLEX_PAIR(trmm), FUZZ_COMPLEX_PAIR(trsm),  FUZZ_COMPLEX_PAIR(gemv),
    FUZZ_COMPLEX_PAIR(hemv), FUZZ_COMPLEX_PAIR(her),   FUZZ_COMPLEX_PAIR(her2),
    FUZZ_COMPLEX_PAIR(ger),  FUZZ_COMPLEX_PAIR(trmv),  FUZZ_COMPLEX_PAIR(trsv),
    FUZZ_COMPLEX_PAIR(dot),  FUZZ_COMPLEX_PAIR(axpy),
};
#undef FUZZ_PAIR
#undef FUZZ_COMPLEX_PAIR

}  // namespace

template <> const Blas<float> &netlib<float>() {
    static const Blas<float> b = load_netlib<float>();
    return b;
}
template <> const Blas<double> &netlib<double>() {
    static const Blas<double> b = load_netlib<double>();
    return b;
}

}  // namespace fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    fuzz::Input in(data, size);
    const unsigned count = sizeof fuzz::routines / sizeof fuzz::routines[0];
    const fuzz::Entry &e = fuzz::routines[in.byte() % count];
    tileblas_set_num_threads(1);  // Level 3 draws its own count
    e.run(in);
    return 0;
}
