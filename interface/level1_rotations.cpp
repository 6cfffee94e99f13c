// level1_rotations.cpp -- ?rotg (incl. crotg/zrotg), ?rotmg, ?rot (incl.
// csrot/zdrot), ?rotm: Fortran and CBLAS.
#include <complex>

#include "abi.hpp"
#include "level1/rotations.hpp"

namespace l1 = tileblas::level1;
using c32 = std::complex<float>;
using c64 = std::complex<double>;

#define TB_EXPORT __attribute__((visibility("default")))

#define TB_REAL_ROT(p, R)                                                                 \
  TB_EXPORT void p##rotg_(R *a, R *b, R *c, R *s) { l1::rotg<R>(*a, *b, *c, *s); }        \
  TB_EXPORT void p##rotmg_(R *d1, R *d2, R *x1, const R *y1, R *param) {                  \
    l1::rotmg<R>(*d1, *d2, *x1, *y1, param);                                              \
  }                                                                                       \
  TB_EXPORT void p##rot_(const int *n, R *x, const int *incx, R *y, const int *incy,      \
                         const R *c, const R *s) {                                        \
    l1::rot<R, R>(*n, x, *incx, y, *incy, *c, *s);                                        \
  }                                                                                       \
  TB_EXPORT void p##rotm_(const int *n, R *x, const int *incx, R *y, const int *incy,     \
                          const R *param) {                                               \
    l1::rotm<R>(*n, x, *incx, y, *incy, param);                                           \
  }                                                                                       \
  TB_EXPORT void cblas_##p##rotg(R *a, R *b, R *c, R *s) { l1::rotg<R>(*a, *b, *c, *s); } \
  TB_EXPORT void cblas_##p##rotmg(R *d1, R *d2, R *x1, const R y1, R *param) {            \
    l1::rotmg<R>(*d1, *d2, *x1, y1, param);                                               \
  }                                                                                       \
  TB_EXPORT void cblas_##p##rot(const int n, R *x, const int incx, R *y, const int incy,  \
                                const R c, const R s) {                                   \
    l1::rot<R, R>(n, x, incx, y, incy, c, s);                                             \
  }                                                                                       \
  TB_EXPORT void cblas_##p##rotm(const int n, R *x, const int incx, R *y, const int incy, \
                                 const R *param) {                                        \
    l1::rotm<R>(n, x, incx, y, incy, param);                                              \
  }

// p: complex prefix (crotg/zrotg), rp: the real-rotation prefix (csrot/zdrot).
#define TB_COMPLEX_ROT(p, rp, C, R)                                                       \
  TB_EXPORT void p##rotg_(C *a, const C *b, R *c, C *s) { l1::rotg<R>(*a, *b, *c, *s); }  \
  TB_EXPORT void rp##rot_(const int *n, C *x, const int *incx, C *y, const int *incy,     \
                          const R *c, const R *s) {                                       \
    l1::rot<C, R>(*n, x, *incx, y, *incy, *c, *s);                                        \
  }                                                                                       \
  TB_EXPORT void cblas_##p##rotg(void *a, void *b, R *c, void *s) {                       \
    l1::rotg<R>(*static_cast<C *>(a), *static_cast<const C *>(b), *c,                     \
                *static_cast<C *>(s));                                                    \
  }                                                                                       \
  TB_EXPORT void cblas_##rp##rot(const int n, void *x, const int incx, void *y,           \
                                 const int incy, const R c, const R s) {                  \
    l1::rot<C, R>(n, static_cast<C *>(x), incx, static_cast<C *>(y), incy, c, s);         \
  }

extern "C" {
TB_REAL_ROT(s, float)
TB_REAL_ROT(d, double)
TB_COMPLEX_ROT(c, cs, c32, float)
TB_COMPLEX_ROT(z, zd, c64, double)
}  // extern "C"
