// reference_cblas_extras.cpp -- what the reference libblas.so.3 (LAPACK's
// BLAS with its CBLAS) exports beyond the BLAS and CBLAS routines, so a
// program linked against it finds every symbol here too: cblas_scabs1 /
// cblas_dcabs1, the global CBLAS_CallFromC, and the Fortran wrappers its
// CBLAS calls the BLAS functions through (sdotsub_ ...: the function's value
// in the last argument).  The wrappers call this library's Fortran entry
// points, so they answer exactly as those do.
#include <complex>

#include "abi.hpp"

using c32 = std::complex<float>;
using c64 = std::complex<double>;

#define TB_EXPORT __attribute__((visibility("default")))

extern "C" {

// The reference CBLAS sets it around its calls into the Fortran BLAS for its
// xerbla's sake; this library's handlers do not read it (abi.hpp).
TB_EXPORT int CBLAS_CallFromC = 0;

// The Fortran entry points the wrappers forward to (interface/level1_*.cpp).
float sdot_(const int *, const float *, const int *, const float *, const int *);
double ddot_(const int *, const double *, const int *, const double *, const int *);
float sdsdot_(const int *, const float *, const float *, const int *, const float *, const int *);
double dsdot_(const int *, const float *, const int *, const float *, const int *);
c32 cdotu_(const int *, const c32 *, const int *, const c32 *, const int *);
c32 cdotc_(const int *, const c32 *, const int *, const c32 *, const int *);
c64 zdotu_(const int *, const c64 *, const int *, const c64 *, const int *);
c64 zdotc_(const int *, const c64 *, const int *, const c64 *, const int *);
float snrm2_(const int *, const float *, const int *);
double dnrm2_(const int *, const double *, const int *);
float scnrm2_(const int *, const c32 *, const int *);
double dznrm2_(const int *, const c64 *, const int *);
float sasum_(const int *, const float *, const int *);
double dasum_(const int *, const double *, const int *);
float scasum_(const int *, const c32 *, const int *);
double dzasum_(const int *, const c64 *, const int *);
int isamax_(const int *, const float *, const int *);
int idamax_(const int *, const double *, const int *);
int icamax_(const int *, const c32 *, const int *);
int izamax_(const int *, const c64 *, const int *);
float scabs1_(const c32 *);
double dcabs1_(const c64 *);

TB_EXPORT float cblas_scabs1(const void *c) { return scabs1_(static_cast<const c32 *>(c)); }
TB_EXPORT double cblas_dcabs1(const void *z) { return dcabs1_(static_cast<const c64 *>(z)); }

// name##sub_(n, x, incx, y, incy, result) for the dot products.
#define TB_DOT_SUB(name, T, R)                                                           \
  TB_EXPORT void name##sub_(const int *n, const T *x, const int *incx, const T *y,       \
                            const int *incy, R *result) {                                \
    *result = name##_(n, x, incx, y, incy);                                              \
  }
TB_DOT_SUB(sdot, float, float)
TB_DOT_SUB(ddot, double, double)
TB_DOT_SUB(dsdot, float, double)
TB_DOT_SUB(cdotu, c32, c32)
TB_DOT_SUB(cdotc, c32, c32)
TB_DOT_SUB(zdotu, c64, c64)
TB_DOT_SUB(zdotc, c64, c64)
#undef TB_DOT_SUB

TB_EXPORT void sdsdotsub_(const int *n, const float *sb, const float *x, const int *incx,
                          const float *y, const int *incy, float *result) {
  *result = sdsdot_(n, sb, x, incx, y, incy);
}

// name##sub_(n, x, incx, result) for the norms, sums and index of the maximum.
#define TB_VECTOR_SUB(name, T, R)                                                          \
  TB_EXPORT void name##sub_(const int *n, const T *x, const int *incx, R *result) {       \
    *result = name##_(n, x, incx);                                                         \
  }
TB_VECTOR_SUB(snrm2, float, float)
TB_VECTOR_SUB(dnrm2, double, double)
TB_VECTOR_SUB(scnrm2, c32, float)
TB_VECTOR_SUB(dznrm2, c64, double)
TB_VECTOR_SUB(sasum, float, float)
TB_VECTOR_SUB(dasum, double, double)
TB_VECTOR_SUB(scasum, c32, float)
TB_VECTOR_SUB(dzasum, c64, double)
TB_VECTOR_SUB(isamax, float, int)
TB_VECTOR_SUB(idamax, double, int)
TB_VECTOR_SUB(icamax, c32, int)
TB_VECTOR_SUB(izamax, c64, int)
#undef TB_VECTOR_SUB

TB_EXPORT void scabs1sub_(const c32 *z, float *result) { *result = scabs1_(z); }
TB_EXPORT void dcabs1sub_(const c64 *z, double *result) { *result = dcabs1_(z); }

}  // extern "C"
