// extensions_axpby.cpp -- ?axpby (y = alpha*x + beta*y), the OpenBLAS/MKL
// extension: Fortran (gfortran ABI) and CBLAS entry points with OpenBLAS's
// argument lists.  Like Level 1 it has no argument errors: n <= 0 does
// nothing, any increment is legal.
#include "extensions/axpby.hpp"
#include "level2_args.hpp"

using namespace tileblas::abi;
namespace ext = tileblas::extensions;

// p: type letter, T: element type, V: CBLAS array type, S: CBLAS scalar type
// (complex scalars travel by pointer).
#define TB_AXPBY(p, T, V, S)                                                                    \
  TB_EXPORT void p##axpby_(const int *n, const T *alpha, const T *x, const int *incx,          \
                           const T *beta, T *y, const int *incy) {                             \
    ext::axpby<T>(*n, *alpha, x, *incx, *beta, y, *incy);                                      \
  }                                                                                            \
  TB_EXPORT void cblas_##p##axpby(const int n, const S alpha, const V *x, const int incx,      \
                                  const S beta, V *y, const int incy) {                        \
    ext::axpby<T>(n, scalar_arg<T>(alpha), array_arg<T>(x), incx, scalar_arg<T>(beta),         \
                  array_arg<T>(y), incy);                                                      \
  }

extern "C" {
TB_AXPBY(s, float, float, float)
TB_AXPBY(d, double, double, double)
TB_AXPBY(c, c32, void, void *)
TB_AXPBY(z, c64, void, void *)
}  // extern "C"
