// cblas_complex.h -- the complex CBLAS routines by real type:
// CblasComplex<float>::herk is cblas_cherk, CblasComplex<double>::herk
// cblas_zherk, so each complex family's row-major call is written once.
#ifndef TILEBLAS_FUZZ_CBLAS_COMPLEX_H
#define TILEBLAS_FUZZ_CBLAS_COMPLEX_H

#include <cblas.h>

namespace fuzz {

#define FUZZ_CBLAS_COMPLEX(X)                                                                  \
    X(dotu_sub) X(dotc_sub) X(gemv) X(hemv) X(her) X(her2) X(geru) X(gerc) X(trmv) X(trsv)    \
    X(syrk) X(herk) X(syr2k) X(her2k) X(symm) X(hemm) X(trmm) X(trsm)

template <class T> struct CblasComplex;
template <> struct CblasComplex<float> {
#define FUZZ_CBLAS_C(name) static constexpr auto name = &cblas_c##name;
    FUZZ_CBLAS_COMPLEX(FUZZ_CBLAS_C)
#undef FUZZ_CBLAS_C
};
template <> struct CblasComplex<double> {
#define FUZZ_CBLAS_Z(name) static constexpr auto name = &cblas_z##name;
    FUZZ_CBLAS_COMPLEX(FUZZ_CBLAS_Z)
#undef FUZZ_CBLAS_Z
};

}  // namespace fuzz

#endif
