// level2_ger.cpp -- A += alpha x y^T (?ger, ?geru) and alpha x y^H (?gerc);
// Fortran and CBLAS.  Row-major A is column-major A^T = alpha y x^T (+ A^T),
// so the reference CBLAS exchanges m/n and x/y, and its error numbers are
// that call's; gerc's conjugate then falls on the first vector.
#include "level2_args.hpp"

namespace tileblas::abi {
namespace {

template <class T>
int ger_checked(int m, int n, T alpha, const T *x, int incx, const T *y, int incy, T *a, int lda,
                bool conj_x, bool conj_y) {
  if (m < 0) return 1;
  if (n < 0) return 2;
  if (incx == 0) return 5;
  if (incy == 0) return 7;
  if (lda < max1(m)) return 9;
  if (m == 0 || n == 0 || alpha == T(0)) return 0;
  level2::ger<T>(m, n, alpha, x, incx, y, incy, a, lda, conj_x, conj_y);
  return 0;
}

template <class T>
void fortran_ger(const char *name, bool conj, const int *m, const int *n, const T *alpha,
                 const T *x, const int *incx, const T *y, const int *incy, T *a, const int *lda) {
  trace("%c%s_ m=%d n=%d", type_letter<T>(), name, *m, *n);
  if (int info = ger_checked<T>(*m, *n, *alpha, x, *incx, y, *incy, a, *lda, false, conj))
    report_fortran<T>(name, info);
}

template <class T>
void cblas_ger(const char *name, bool conj, CBLAS_LAYOUT layout, int m, int n, T alpha,
               const T *x, int incx, const T *y, int incy, T *a, int lda) {
  trace("cblas_%c%s layout=%d m=%d n=%d", type_letter<T>(), name, layout, m, n);
  const auto row = cblas_row_major(layout);
  if (!row) return report_cblas<T>(name, 1, false);
  const int info = *row ? ger_checked<T>(n, m, alpha, y, incy, x, incx, a, lda, conj, false)
                        : ger_checked<T>(m, n, alpha, x, incx, y, incy, a, lda, false, conj);
  if (info) report_cblas<T>(name, info + 1, *row);
}

}  // namespace
}  // namespace tileblas::abi

using namespace tileblas::abi;

#define TB_GER(p, name, conj, T, V, S)                                                         \
  TB_EXPORT void p##name##_(const int *m, const int *n, const T *alpha, const T *x,            \
                            const int *incx, const T *y, const int *incy, T *a,                \
                            const int *lda) {                                                  \
    fortran_ger<T>(#name, conj, m, n, alpha, x, incx, y, incy, a, lda);                        \
  }                                                                                            \
  TB_EXPORT void cblas_##p##name(const CBLAS_LAYOUT layout, const int m, const int n,          \
                                 const S alpha, const V *x, const int incx, const V *y,        \
                                 const int incy, V *a, const int lda) {                        \
    cblas_ger<T>(#name, conj, layout, m, n, scalar_arg<T>(alpha), array_arg<T>(x), incx,       \
                 array_arg<T>(y), incy, array_arg<T>(a), lda);                                 \
  }

extern "C" {
TB_GER(s, ger, false, float, float, float)
TB_GER(d, ger, false, double, double, double)
TB_GER(c, geru, false, c32, void, void *)
TB_GER(c, gerc, true, c32, void, void *)
TB_GER(z, geru, false, c64, void, void *)
TB_GER(z, gerc, true, c64, void, void *)
}  // extern "C"
