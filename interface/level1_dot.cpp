// level1_dot.cpp -- ?dot, ?dotu, ?dotc, sdsdot, dsdot and the CBLAS _sub
// forms.  gfortran returns REAL as float and COMPLEX by value: an extern "C"
// function returning std::complex<float> uses the same registers (xmm0; xmm0
// and xmm1 for double) as gfortran's COMPLEX function result on x86-64.
#include <complex>

#include "abi.hpp"
#include "level1/dot.hpp"

namespace l1 = tileblas::level1;
using c32 = std::complex<float>;
using c64 = std::complex<double>;

#define TB_EXPORT __attribute__((visibility("default")))

extern "C" {

TB_EXPORT float sdot_(const int *n, const float *x, const int *incx, const float *y,
                      const int *incy) {
  return l1::dot<float, false>(*n, x, *incx, y, *incy);
}
TB_EXPORT double ddot_(const int *n, const double *x, const int *incx, const double *y,
                       const int *incy) {
  return l1::dot<double, false>(*n, x, *incx, y, *incy);
}
TB_EXPORT c32 cdotu_(const int *n, const c32 *x, const int *incx, const c32 *y,
                     const int *incy) {
  return l1::dot<c32, false>(*n, x, *incx, y, *incy);
}
TB_EXPORT c32 cdotc_(const int *n, const c32 *x, const int *incx, const c32 *y,
                     const int *incy) {
  return l1::dot<c32, true>(*n, x, *incx, y, *incy);
}
TB_EXPORT c64 zdotu_(const int *n, const c64 *x, const int *incx, const c64 *y,
                     const int *incy) {
  return l1::dot<c64, false>(*n, x, *incx, y, *incy);
}
TB_EXPORT c64 zdotc_(const int *n, const c64 *x, const int *incx, const c64 *y,
                     const int *incy) {
  return l1::dot<c64, true>(*n, x, *incx, y, *incy);
}
// sb + x.y, accumulated and added in double, rounded once (reference).
TB_EXPORT float sdsdot_(const int *n, const float *sb, const float *x, const int *incx,
                        const float *y, const int *incy) {
  return static_cast<float>(double(*sb) + l1::dot_in_double(*n, x, *incx, y, *incy));
}
TB_EXPORT double dsdot_(const int *n, const float *x, const int *incx, const float *y,
                        const int *incy) {
  return l1::dot_in_double(*n, x, *incx, y, *incy);
}

// The reference CBLAS's Fortran wrappers (its libblas.so.3 exports them):
// the function's value in the last argument.
#define TB_DOT_SUB(name, T, R)                                                     \
  TB_EXPORT void name##sub_(const int *n, const T *x, const int *incx, const T *y, \
                            const int *incy, R *result) {                          \
    *result = name##_(n, x, incx, y, incy);                                        \
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

TB_EXPORT float cblas_sdot(const int n, const float *x, const int incx, const float *y,
                           const int incy) {
  return l1::dot<float, false>(n, x, incx, y, incy);
}
TB_EXPORT double cblas_ddot(const int n, const double *x, const int incx, const double *y,
                            const int incy) {
  return l1::dot<double, false>(n, x, incx, y, incy);
}
TB_EXPORT float cblas_sdsdot(const int n, const float alpha, const float *x, const int incx,
                             const float *y, const int incy) {
  return static_cast<float>(double(alpha) + l1::dot_in_double(n, x, incx, y, incy));
}
TB_EXPORT double cblas_dsdot(const int n, const float *x, const int incx, const float *y,
                             const int incy) {
  return l1::dot_in_double(n, x, incx, y, incy);
}

#define TB_DOT_SUB(name, T, conj)                                                       \
  TB_EXPORT void name(const int n, const void *x, const int incx, const void *y,        \
                      const int incy, void *result) {                                   \
    *static_cast<T *>(result) = l1::dot<T, conj>(n, static_cast<const T *>(x), incx,    \
                                                 static_cast<const T *>(y), incy);      \
  }
TB_DOT_SUB(cblas_cdotu_sub, c32, false)
TB_DOT_SUB(cblas_cdotc_sub, c32, true)
TB_DOT_SUB(cblas_zdotu_sub, c64, false)
TB_DOT_SUB(cblas_zdotc_sub, c64, true)
#undef TB_DOT_SUB

}  // extern "C"
