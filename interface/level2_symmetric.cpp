// level2_symmetric.cpp -- y = alpha*A*x + beta*y for a Hermitian (c, z) or
// symmetric (s, d) A stored full (?hemv/?symv), band (?hbmv/?sbmv) or packed
// (?hpmv/?spmv); Fortran and CBLAS.  Row-major: the other triangle of
// conj(A) (A^T = conj(A)), as the reference CBLAS computes it.
#include "level2_args.hpp"

namespace tileblas::abi {
namespace {

using level2::Triangle;

// Where the three storage forms put their arguments (0: not an argument).
struct MvArgs {
  Triangle::Kind kind;
  int k, lda, incx, incy;
  const char *real_name, *complex_name;
};
constexpr MvArgs kFull{Triangle::Kind::Full, 0, 5, 7, 10, "symv", "hemv"};
constexpr MvArgs kBand{Triangle::Kind::Band, 3, 6, 8, 11, "sbmv", "hbmv"};
constexpr MvArgs kPacked{Triangle::Kind::Packed, 0, 0, 6, 9, "spmv", "hpmv"};

template <class T>
int hermitian_mv_checked(const MvArgs &args, std::optional<bool> upper, bool conj_a, int n,
                         int k, T alpha, const T *a, int lda, const T *x, int incx, T beta,
                         T *y, int incy) {
  if (!upper) return 1;
  if (n < 0) return 2;
  if (args.k && k < 0) return args.k;
  if (args.kind == Triangle::Kind::Full && lda < max1(n)) return args.lda;
  if (args.kind == Triangle::Kind::Band && lda < k + 1) return args.lda;
  if (incx == 0) return args.incx;
  if (incy == 0) return args.incy;
  if (n == 0 || (alpha == T(0) && beta == T(1))) return 0;
  const Triangle tri = args.kind == Triangle::Kind::Full   ? Triangle::full(*upper, n, lda)
                       : args.kind == Triangle::Kind::Band ? Triangle::band(*upper, n, k, lda)
                                                           : Triangle::packed(*upper, n);
  level2::hermitian_mv<T>(tri, conj_a, alpha, a, x, incx, beta, y, incy);
  return 0;
}

template <class T>
void fortran_hermitian_mv(const MvArgs &args, const char *uplo, int n, int k, const T *alpha,
                          const T *a, int lda, const T *x, const int *incx, const T *beta, T *y,
                          const int *incy) {
  const char *name = routine_name<T>(args.real_name, args.complex_name);
  trace("%c%s_ %c n=%d", type_letter<T>(), name, *uplo, n);
  if (int info = hermitian_mv_checked<T>(args, fortran_upper(*uplo), false, n, k, *alpha, a, lda,
                                         x, *incx, *beta, y, *incy))
    report_fortran<T>(name, info);
}

template <class T>
void cblas_hermitian_mv(const MvArgs &args, CBLAS_LAYOUT layout, CBLAS_UPLO uplo, int n, int k,
                        T alpha, const T *a, int lda, const T *x, int incx, T beta, T *y,
                        int incy) {
  const char *name = routine_name<T>(args.real_name, args.complex_name);
  trace("cblas_%c%s layout=%d uplo=%d n=%d", type_letter<T>(), name, layout, uplo, n);
  const auto row = cblas_row_major(layout);
  if (!row) return report_cblas<T>(name, 1, false);
  if (int info = hermitian_mv_checked<T>(args, cblas_upper(uplo, *row), *row, n, k, alpha, a,
                                         lda, x, incx, beta, y, incy))
    report_cblas<T>(name, info + 1, *row);
}

}  // namespace
}  // namespace tileblas::abi

using namespace tileblas::abi;

// p: type letter; sy/sb/sp: the routine names for this type (symv or hemv...).
#define TB_HERMITIAN_MV(p, sy, sb, sp, T, V, S)                                                \
  TB_EXPORT void p##sy##_(const char *uplo, const int *n, const T *alpha, const T *a,          \
                          const int *lda, const T *x, const int *incx, const T *beta, T *y,    \
                          const int *incy, std::size_t) {                                      \
    fortran_hermitian_mv<T>(kFull, uplo, *n, 0, alpha, a, *lda, x, incx, beta, y, incy);       \
  }                                                                                            \
  TB_EXPORT void p##sb##_(const char *uplo, const int *n, const int *k, const T *alpha,        \
                          const T *a, const int *lda, const T *x, const int *incx,             \
                          const T *beta, T *y, const int *incy, std::size_t) {                 \
    fortran_hermitian_mv<T>(kBand, uplo, *n, *k, alpha, a, *lda, x, incx, beta, y, incy);      \
  }                                                                                            \
  TB_EXPORT void p##sp##_(const char *uplo, const int *n, const T *alpha, const T *ap,         \
                          const T *x, const int *incx, const T *beta, T *y, const int *incy,   \
                          std::size_t) {                                                       \
    fortran_hermitian_mv<T>(kPacked, uplo, *n, 0, alpha, ap, 0, x, incx, beta, y, incy);       \
  }                                                                                            \
  TB_EXPORT void cblas_##p##sy(const CBLAS_LAYOUT layout, const CBLAS_UPLO uplo, const int n,  \
                               const S alpha, const V *a, const int lda, const V *x,           \
                               const int incx, const S beta, V *y, const int incy) {           \
    cblas_hermitian_mv<T>(kFull, layout, uplo, n, 0, scalar_arg<T>(alpha), array_arg<T>(a),    \
                          lda, array_arg<T>(x), incx, scalar_arg<T>(beta), array_arg<T>(y),    \
                          incy);                                                               \
  }                                                                                            \
  TB_EXPORT void cblas_##p##sb(const CBLAS_LAYOUT layout, const CBLAS_UPLO uplo, const int n,  \
                               const int k, const S alpha, const V *a, const int lda,          \
                               const V *x, const int incx, const S beta, V *y,                 \
                               const int incy) {                                               \
    cblas_hermitian_mv<T>(kBand, layout, uplo, n, k, scalar_arg<T>(alpha), array_arg<T>(a),    \
                          lda, array_arg<T>(x), incx, scalar_arg<T>(beta), array_arg<T>(y),    \
                          incy);                                                               \
  }                                                                                            \
  TB_EXPORT void cblas_##p##sp(const CBLAS_LAYOUT layout, const CBLAS_UPLO uplo, const int n,  \
                               const S alpha, const V *ap, const V *x, const int incx,         \
                               const S beta, V *y, const int incy) {                           \
    cblas_hermitian_mv<T>(kPacked, layout, uplo, n, 0, scalar_arg<T>(alpha), array_arg<T>(ap), \
                          0, array_arg<T>(x), incx, scalar_arg<T>(beta), array_arg<T>(y),      \
                          incy);                                                               \
  }

extern "C" {
TB_HERMITIAN_MV(s, symv, sbmv, spmv, float, float, float)
TB_HERMITIAN_MV(d, symv, sbmv, spmv, double, double, double)
TB_HERMITIAN_MV(c, hemv, hbmv, hpmv, c32, void, void *)
TB_HERMITIAN_MV(z, hemv, hbmv, hpmv, c64, void, void *)
}  // extern "C"
