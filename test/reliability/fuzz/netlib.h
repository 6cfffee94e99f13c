// netlib.h -- the Fortran BLAS routines the fuzzer calls, as gfortran passes
// them (every argument by pointer, then one hidden size_t length per
// CHARACTER argument), bound twice: to tileblas (linked) and to the netlib
// reference BLAS (libblas3, dlopen'ed RTLD_LOCAL so its symbols cannot be
// confused with ours).  Complex routines take their arrays and scalars as
// interleaved (re, im) pairs of the real type.
#ifndef TILEBLAS_FUZZ_NETLIB_H
#define TILEBLAS_FUZZ_NETLIB_H

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
    using axpy = void(const int *, const T *, const T *, const int *, T *, const int *);
    using syrk = void(const char *, const char *, const int *, const int *, const T *, const T *,
                      const int *, const T *, T *, const int *, size_t, size_t);
    using symm = void(const char *, const char *, const int *, const int *, const T *, const T *,
                      const int *, const T *, const int *, const T *, T *, const int *, size_t,
                      size_t);
    using trxm = void(const char *, const char *, const char *, const char *, const int *,
                      const int *, const T *, const T *, const int *, T *, const int *, size_t,
                      size_t, size_t, size_t);
};

// X(name, signature): the routines, the same for s/d (and c/z gemm).
#define FUZZ_ROUTINES(X)                                                                          \
    X(gemm, gemm) X(gemv, gemv) X(ger, ger) X(symv, symv) X(trmv, trxv) X(trsv, trxv) X(dot, dot) \
    X(axpy, axpy) X(syrk, syrk) X(symm, symm) X(trmm, trxm) X(trsm, trxm)

// One library's routines for real type T; cgemm is c/zgemm (T = float/double).
template <class T> struct Blas {
#define FUZZ_MEMBER(name, sig) typename Sig<T>::sig *name = nullptr;
    FUZZ_ROUTINES(FUZZ_MEMBER)
#undef FUZZ_MEMBER
    typename Sig<T>::gemm *cgemm = nullptr;
};

// tileblas<float>() / netlib<double>() ...: defined in harness.cpp.
template <class T> const Blas<T> &tileblas();
template <class T> const Blas<T> &netlib();

}  // namespace fuzz

#endif
