// level2_general.cpp -- ?gemv and ?gbmv, Fortran and CBLAS.  Checks in the
// reference's order and numbering; a row-major call is checked and run as
// the column-major call on A^T (m and n, kl and ku exchanged), the way the
// reference CBLAS calls its Fortran routine, so errors carry that call's
// numbers (plus one for the layout argument).
#include "level2_args.hpp"

namespace tileblas::abi {
namespace {

template <class T>
int gemv_checked(std::optional<Op> op, int m, int n, T alpha, const T *a, int lda, const T *x,
                 int incx, T beta, T *y, int incy) {
  if (!op) return 1;
  if (m < 0) return 2;
  if (n < 0) return 3;
  if (lda < max1(m)) return 6;
  if (incx == 0) return 8;
  if (incy == 0) return 11;
  if (m == 0 || n == 0 || (alpha == T(0) && beta == T(1))) return 0;
  level2::gemv<T>(*op, m, n, alpha, a, lda, x, incx, beta, y, incy);
  return 0;
}

template <class T>
int gbmv_checked(std::optional<Op> op, int m, int n, int kl, int ku, T alpha, const T *a,
                 int lda, const T *x, int incx, T beta, T *y, int incy) {
  if (!op) return 1;
  if (m < 0) return 2;
  if (n < 0) return 3;
  if (kl < 0) return 4;
  if (ku < 0) return 5;
  if (lda < kl + ku + 1) return 8;
  if (incx == 0) return 10;
  if (incy == 0) return 13;
  if (m == 0 || n == 0 || (alpha == T(0) && beta == T(1))) return 0;
  level2::gbmv<T>(*op, m, n, kl, ku, alpha, a, lda, x, incx, beta, y, incy);
  return 0;
}

template <class T>
void fortran_gemv(const char *trans, const int *m, const int *n, const T *alpha, const T *a,
                  const int *lda, const T *x, const int *incx, const T *beta, T *y,
                  const int *incy) {
  trace("%cgemv_ %c m=%d n=%d", type_letter<T>(), *trans, *m, *n);
  if (int info = gemv_checked<T>(fortran_op(*trans), *m, *n, *alpha, a, *lda, x, *incx, *beta,
                                 y, *incy))
    report_fortran<T>("gemv", info);
}

template <class T>
void cblas_gemv(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE trans, int m, int n, T alpha, const T *a,
                int lda, const T *x, int incx, T beta, T *y, int incy) {
  trace("cblas_%cgemv layout=%d trans=%d m=%d n=%d", type_letter<T>(), layout, trans, m, n);
  const auto row = cblas_row_major(layout);
  if (!row) return report_cblas<T>("gemv", 1, false);
  const int info =
      *row ? gemv_checked<T>(cblas_op(trans, true), n, m, alpha, a, lda, x, incx, beta, y, incy)
           : gemv_checked<T>(cblas_op(trans, false), m, n, alpha, a, lda, x, incx, beta, y, incy);
  if (info) report_cblas<T>("gemv", info + 1, *row);
}

template <class T>
void fortran_gbmv(const char *trans, const int *m, const int *n, const int *kl, const int *ku,
                  const T *alpha, const T *a, const int *lda, const T *x, const int *incx,
                  const T *beta, T *y, const int *incy) {
  trace("%cgbmv_ %c m=%d n=%d kl=%d ku=%d", type_letter<T>(), *trans, *m, *n, *kl, *ku);
  if (int info = gbmv_checked<T>(fortran_op(*trans), *m, *n, *kl, *ku, *alpha, a, *lda, x,
                                 *incx, *beta, y, *incy))
    report_fortran<T>("gbmv", info);
}

template <class T>
void cblas_gbmv(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE trans, int m, int n, int kl, int ku,
                T alpha, const T *a, int lda, const T *x, int incx, T beta, T *y, int incy) {
  trace("cblas_%cgbmv layout=%d trans=%d m=%d n=%d", type_letter<T>(), layout, trans, m, n);
  const auto row = cblas_row_major(layout);
  if (!row) return report_cblas<T>("gbmv", 1, false);
  // Row-major band rows are column-major band columns of A^T: kl and ku swap.
  const int info = *row ? gbmv_checked<T>(cblas_op(trans, true), n, m, ku, kl, alpha, a, lda, x,
                                          incx, beta, y, incy)
                        : gbmv_checked<T>(cblas_op(trans, false), m, n, kl, ku, alpha, a, lda,
                                          x, incx, beta, y, incy);
  if (info) report_cblas<T>("gbmv", info + 1, *row);
}

}  // namespace
}  // namespace tileblas::abi

using namespace tileblas::abi;

// p: type letter, T: element type, V: CBLAS array type, S: CBLAS scalar type.
#define TB_GENERAL_MV(p, T, V, S)                                                              \
  TB_EXPORT void p##gemv_(const char *trans, const int *m, const int *n, const T *alpha,       \
                          const T *a, const int *lda, const T *x, const int *incx,             \
                          const T *beta, T *y, const int *incy, std::size_t) {                 \
    fortran_gemv<T>(trans, m, n, alpha, a, lda, x, incx, beta, y, incy);                       \
  }                                                                                            \
  TB_EXPORT void p##gbmv_(const char *trans, const int *m, const int *n, const int *kl,        \
                          const int *ku, const T *alpha, const T *a, const int *lda,           \
                          const T *x, const int *incx, const T *beta, T *y, const int *incy,   \
                          std::size_t) {                                                       \
    fortran_gbmv<T>(trans, m, n, kl, ku, alpha, a, lda, x, incx, beta, y, incy);               \
  }                                                                                            \
  TB_EXPORT void cblas_##p##gemv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE trans,       \
                                 const int m, const int n, const S alpha, const V *a,          \
                                 const int lda, const V *x, const int incx, const S beta,      \
                                 V *y, const int incy) {                                       \
    cblas_gemv<T>(layout, trans, m, n, scalar_arg<T>(alpha), array_arg<T>(a), lda,             \
                  array_arg<T>(x), incx, scalar_arg<T>(beta), array_arg<T>(y), incy);          \
  }                                                                                            \
  TB_EXPORT void cblas_##p##gbmv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE trans,       \
                                 const int m, const int n, const int kl, const int ku,         \
                                 const S alpha, const V *a, const int lda, const V *x,         \
                                 const int incx, const S beta, V *y, const int incy) {         \
    cblas_gbmv<T>(layout, trans, m, n, kl, ku, scalar_arg<T>(alpha), array_arg<T>(a), lda,     \
                  array_arg<T>(x), incx, scalar_arg<T>(beta), array_arg<T>(y), incy);          \
  }

extern "C" {
TB_GENERAL_MV(s, float, float, float)
TB_GENERAL_MV(d, double, double, double)
TB_GENERAL_MV(c, c32, void, void *)
TB_GENERAL_MV(z, c64, void, void *)
}  // extern "C"
