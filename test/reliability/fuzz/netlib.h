// netlib.h -- the Fortran BLAS routines the fuzzer calls, as gfortran passes
// them (every argument by pointer, then one hidden size_t length per
// CHARACTER argument), bound twice: to tileblas (linked) and to the netlib
// reference BLAS (libblas3, dlopen'ed RTLD_LOCAL so its symbols cannot be
// confused with ours).  Complex routines take their arrays and scalars as
// interleaved (re, im) pairs of the real type.
#ifndef TILEBLAS_FUZZ_NETLIB_H
#define TILEBLAS_FUZZ_NETLIB_H

#include <complex>
#include <cstddef>

namespace fuzz {

using std::size_t;

template <class T> struct Sig {
    using gemm = void(const char *, const char *, const int *, const int *, const int *, const T *,
                      const T *, const int *, const T *, const int *, const T *, T *, const int *,
                      size_t, size_t);
    using gemv = void(const char *, const int *, const int *, const T *, const T *, const int *,
                      const T *, const int *, const T *, T *, const int *, size_t);
    using ger = void(const int *, const int *, const T *, const T *, const int *, const T *,
                     const int *, T *, const int *);
    using symv = void(const char *, const int *, const T *, const T *, const int *, const T *,
                      const int *, const T *, T *, const int *, size_t);
    using trxv = void(const char *, const char *, const char *, const int *, const T *, const int *,
                      T *, const int *, size_t, size_t, size_t);
    using dot = T(const int *, const T *, const int *, const T *, const int *);
    // gfortran returns a COMPLEX function's value as C returns _Complex.
    using cdot = std::complex<T>(const int *, const T *, const int *, const T *, const int *);
    using axpy = void(const int *, const T *, const T *, const int *, T *, const int *);
    using syrk = void(const char *, const char *, const int *, const int *, const T *, const T *,
                      const int *, const T *, T *, const int *, size_t, size_t);
    using symm = void(const char *, const char *, const int *, const int *, const T *, const T *,
                      const int *, const T *, const int *, const T *, T *, const int *, size_t,
                      size_t);
    using trxm = void(const char *, const char *, const char *, const char *, const int *,
                      const int *, const T *, const T *, const int *, T *, const int *, size_t,
                      size_t, size_t, size_t);
    using her = void(const char *, const int *, const T *, const T *, const int *, T *, const int *,
                     size_t);
    using her2 = void(const char *, const int *, const T *, const T *, const int *, const T *,
                      const int *, T *, const int *, size_t);
    using syr2k = void(const char *, const char *, const int *, const int *, const T *, const T *,
                       const int *, const T *, const int *, const T *, T *, const int *, size_t,
                       size_t);
};

// X(name, signature): the real routines, the same for s/d.
#define FUZZ_ROUTINES(X)                                                                          \
    X(gemm, gemm) X(gemv, gemv) X(ger, ger) X(symv, symv) X(trmv, trxv) X(trsv, trxv) X(dot, dot) \
    X(axpy, axpy) X(syrk, syrk) X(symm, symm) X(trmm, trxm) X(trsm, trxm)

// X(name, signature): the complex routines (c/z for T = float/double), called
// as c<name>: their scalars and arrays are (re, im) pairs of T.
#define FUZZ_COMPLEX_ROUTINES(X)                                                           \
    X(dotu, cdot) X(dotc, cdot) X(axpy, axpy)                                               \
    X(gemv, gemv) X(hemv, symv) X(her, her) X(her2, her2) X(geru, ger) X(gerc, ger)         \
    X(trmv, trxv) X(trsv, trxv) X(gemm, gemm) X(syrk, syrk) X(herk, syrk) X(syr2k, syr2k)   \
    X(her2k, syr2k) X(symm, symm) X(hemm, symm) X(trmm, trxm) X(trsm, trxm)

// One library's routines for real type T and its complex partner.
template <class T> struct Blas {
#define FUZZ_MEMBER(name, sig) typename Sig<T>::sig *name = nullptr;
#define FUZZ_COMPLEX_MEMBER(name, sig) typename Sig<T>::sig *c##name = nullptr;
    FUZZ_ROUTINES(FUZZ_MEMBER)
    FUZZ_COMPLEX_ROUTINES(FUZZ_COMPLEX_MEMBER)
#undef FUZZ_MEMBER
#undef FUZZ_COMPLEX_MEMBER
};

// tileblas<float>() / netlib<double>() ...: defined in harness.cpp.
template <class T> const Blas<T> &tileblas();
template <class T> const Blas<T> &netlib();

}  // namespace fuzz

#endif
