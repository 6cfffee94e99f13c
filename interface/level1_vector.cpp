// level1_vector.cpp -- ?swap, ?copy, ?scal (+ csscal, zdscal), ?axpy:
// Fortran (gfortran ABI) and CBLAS entry points.  Level 1 has no argument
// errors: every combination is legal and n <= 0 does nothing.
#include <complex>

#include "abi.hpp"
#include "level1/vector_ops.hpp"

namespace l1 = tileblas::level1;
using c32 = std::complex<float>;
using c64 = std::complex<double>;

#define TB_EXPORT __attribute__((visibility("default")))

// The four precisions of a routine: Fortran name p##name##_ and CBLAS name
// cblas_##p##name, with T the element type and V the CBLAS pointer type.
#define TB_SWAP_COPY(p, T, V)                                                            \
  TB_EXPORT void p##swap_(const int *n, T *x, const int *incx, T *y, const int *incy) { \
    l1::swap<T>(*n, x, *incx, y, *incy);                                                 \
  }                                                                                      \
  TB_EXPORT void p##copy_(const int *n, const T *x, const int *incx, T *y,               \
                          const int *incy) {                                             \
    l1::copy<T>(*n, x, *incx, y, *incy);                                                 \
  }                                                                                      \
  TB_EXPORT void cblas_##p##swap(const int n, V *x, const int incx, V *y, const int incy) { \
    l1::swap<T>(n, static_cast<T *>(x), incx, static_cast<T *>(y), incy);                \
  }                                                                                      \
  TB_EXPORT void cblas_##p##copy(const int n, const V *x, const int incx, V *y,          \
                                 const int incy) {                                       \
    l1::copy<T>(n, static_cast<const T *>(x), incx, static_cast<T *>(y), incy);          \
  }

extern "C" {

TB_SWAP_COPY(s, float, float)
TB_SWAP_COPY(d, double, double)
TB_SWAP_COPY(c, c32, void)
TB_SWAP_COPY(z, c64, void)

// ---- scal
TB_EXPORT void sscal_(const int *n, const float *alpha, float *x, const int *incx) {
  l1::scal<float, float>(*n, *alpha, x, *incx);
}
TB_EXPORT void dscal_(const int *n, const double *alpha, double *x, const int *incx) {
  l1::scal<double, double>(*n, *alpha, x, *incx);
}
TB_EXPORT void cscal_(const int *n, const c32 *alpha, c32 *x, const int *incx) {
  l1::scal<c32, c32>(*n, *alpha, x, *incx);
}
TB_EXPORT void zscal_(const int *n, const c64 *alpha, c64 *x, const int *incx) {
  l1::scal<c64, c64>(*n, *alpha, x, *incx);
}
TB_EXPORT void csscal_(const int *n, const float *alpha, c32 *x, const int *incx) {
  l1::scal<c32, float>(*n, *alpha, x, *incx);
}
TB_EXPORT void zdscal_(const int *n, const double *alpha, c64 *x, const int *incx) {
  l1::scal<c64, double>(*n, *alpha, x, *incx);
}
TB_EXPORT void cblas_sscal(const int n, const float alpha, float *x, const int incx) {
  l1::scal<float, float>(n, alpha, x, incx);
}
TB_EXPORT void cblas_dscal(const int n, const double alpha, double *x, const int incx) {
  l1::scal<double, double>(n, alpha, x, incx);
}
TB_EXPORT void cblas_cscal(const int n, const void *alpha, void *x, const int incx) {
  l1::scal<c32, c32>(n, *static_cast<const c32 *>(alpha), static_cast<c32 *>(x), incx);
}
TB_EXPORT void cblas_zscal(const int n, const void *alpha, void *x, const int incx) {
  l1::scal<c64, c64>(n, *static_cast<const c64 *>(alpha), static_cast<c64 *>(x), incx);
}
TB_EXPORT void cblas_csscal(const int n, const float alpha, void *x, const int incx) {
  l1::scal<c32, float>(n, alpha, static_cast<c32 *>(x), incx);
}
TB_EXPORT void cblas_zdscal(const int n, const double alpha, void *x, const int incx) {
  l1::scal<c64, double>(n, alpha, static_cast<c64 *>(x), incx);
}

// ---- axpy
TB_EXPORT void saxpy_(const int *n, const float *alpha, const float *x, const int *incx,
                      float *y, const int *incy) {
  l1::axpy<float>(*n, *alpha, x, *incx, y, *incy);
}
TB_EXPORT void daxpy_(const int *n, const double *alpha, const double *x, const int *incx,
                      double *y, const int *incy) {
  l1::axpy<double>(*n, *alpha, x, *incx, y, *incy);
}
TB_EXPORT void caxpy_(const int *n, const c32 *alpha, const c32 *x, const int *incx, c32 *y,
                      const int *incy) {
  l1::axpy<c32>(*n, *alpha, x, *incx, y, *incy);
}
TB_EXPORT void zaxpy_(const int *n, const c64 *alpha, const c64 *x, const int *incx, c64 *y,
                      const int *incy) {
  l1::axpy<c64>(*n, *alpha, x, *incx, y, *incy);
}
TB_EXPORT void cblas_saxpy(const int n, const float alpha, const float *x, const int incx,
                           float *y, const int incy) {
  l1::axpy<float>(n, alpha, x, incx, y, incy);
}
TB_EXPORT void cblas_daxpy(const int n, const double alpha, const double *x, const int incx,
                           double *y, const int incy) {
  l1::axpy<double>(n, alpha, x, incx, y, incy);
}
TB_EXPORT void cblas_caxpy(const int n, const void *alpha, const void *x, const int incx,
                           void *y, const int incy) {
  l1::axpy<c32>(n, *static_cast<const c32 *>(alpha), static_cast<const c32 *>(x), incx,
                static_cast<c32 *>(y), incy);
}
TB_EXPORT void cblas_zaxpy(const int n, const void *alpha, const void *x, const int incx,
                           void *y, const int incy) {
  l1::axpy<c64>(n, *static_cast<const c64 *>(alpha), static_cast<const c64 *>(x), incx,
                static_cast<c64 *>(y), incy);
}

}  // extern "C"
