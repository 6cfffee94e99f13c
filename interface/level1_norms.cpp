// level1_norms.cpp -- ?nrm2, ?asum, i?amax (and scabs1/dcabs1): Fortran
// and CBLAS.  Fortran i?amax is 1-based (0 for an empty vector); CBLAS's is
// 0-based, and 0 for an empty vector too (the reference decrements only a
// nonzero result).
#include <complex>

#include "abi.hpp"
#include "level1/norms.hpp"

namespace l1 = tileblas::level1;
using c32 = std::complex<float>;
using c64 = std::complex<double>;

#define TB_EXPORT __attribute__((visibility("default")))

namespace {
CBLAS_INDEX zero_based(tileblas::index_t one_based) {
  return one_based > 0 ? static_cast<CBLAS_INDEX>(one_based - 1) : 0;
}
}  // namespace

// p: Fortran prefix of the norm routines, ip: i?amax prefix, R: real result.
#define TB_NORMS(np, ip, T, R, V)                                                         \
  TB_EXPORT R np##nrm2_(const int *n, const T *x, const int *incx) {                      \
    return l1::nrm2<T>(*n, x, *incx);                                                     \
  }                                                                                       \
  TB_EXPORT R np##asum_(const int *n, const T *x, const int *incx) {                      \
    return l1::asum<T>(*n, x, *incx);                                                     \
  }                                                                                       \
  TB_EXPORT int i##ip##amax_(const int *n, const T *x, const int *incx) {                 \
    return static_cast<int>(l1::iamax<T>(*n, x, *incx));                                  \
  }                                                                                       \
  TB_EXPORT R cblas_##np##nrm2(const int n, const V *x, const int incx) {                 \
    return l1::nrm2<T>(n, static_cast<const T *>(x), incx);                               \
  }                                                                                       \
  TB_EXPORT R cblas_##np##asum(const int n, const V *x, const int incx) {                 \
    return l1::asum<T>(n, static_cast<const T *>(x), incx);                               \
  }                                                                                       \
  TB_EXPORT CBLAS_INDEX cblas_i##ip##amax(const int n, const V *x, const int incx) {      \
    return zero_based(l1::iamax<T>(n, static_cast<const T *>(x), incx));                  \
  }                                                                                       \
  /* The reference CBLAS's Fortran wrappers (its libblas.so.3 exports them). */           \
  TB_EXPORT void np##nrm2sub_(const int *n, const T *x, const int *incx, R *result) {     \
    *result = np##nrm2_(n, x, incx);                                                      \
  }                                                                                       \
  TB_EXPORT void np##asumsub_(const int *n, const T *x, const int *incx, R *result) {     \
    *result = np##asum_(n, x, incx);                                                      \
  }                                                                                       \
  TB_EXPORT void i##ip##amaxsub_(const int *n, const T *x, const int *incx, int *result) { \
    *result = i##ip##amax_(n, x, incx);                                                   \
  }

extern "C" {

TB_NORMS(s, s, float, float, float)
TB_NORMS(d, d, double, double, double)
TB_NORMS(sc, c, c32, float, void)
TB_NORMS(dz, z, c64, double, void)

// CABS1 of the reference BLAS, which LAPACK also calls, and the reference
// CBLAS's forms of it.
TB_EXPORT float scabs1_(const c32 *z) { return tileblas::abs1(*z); }
TB_EXPORT double dcabs1_(const c64 *z) { return tileblas::abs1(*z); }
TB_EXPORT float cblas_scabs1(const void *c) {
  return tileblas::abs1(*static_cast<const c32 *>(c));
}
TB_EXPORT double cblas_dcabs1(const void *z) {
  return tileblas::abs1(*static_cast<const c64 *>(z));
}
TB_EXPORT void scabs1sub_(const c32 *z, float *result) { *result = scabs1_(z); }
TB_EXPORT void dcabs1sub_(const c64 *z, double *result) { *result = dcabs1_(z); }

}  // extern "C"
