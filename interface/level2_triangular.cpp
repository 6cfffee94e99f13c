// level2_triangular.cpp -- x = op(A) x (?trmv, ?tbmv, ?tpmv) and
// x = op(A)^-1 x (?trsv, ?tbsv, ?tpsv); Fortran and CBLAS.  Row-major: the
// other triangle with NoTrans <-> Trans, and ConjTrans as conj(A^T).
#include "level2_args.hpp"

namespace tileblas::abi {
namespace {

using level2::Triangle;

// Where the three storage forms put their arguments (0: not an argument).
struct TriArgs {
  Triangle::Kind kind;
  int k, lda, incx;
  const char *mv_name, *sv_name;
};
constexpr TriArgs kFull{Triangle::Kind::Full, 0, 6, 8, "trmv", "trsv"};
constexpr TriArgs kBand{Triangle::Kind::Band, 5, 7, 9, "tbmv", "tbsv"};
constexpr TriArgs kPacked{Triangle::Kind::Packed, 0, 0, 7, "tpmv", "tpsv"};

enum class Action { Multiply, Solve };

template <class T>
int triangular_checked(const TriArgs &args, Action action, std::optional<bool> upper,
                       std::optional<Op> op, std::optional<bool> unit, int n, int k, const T *a,
                       int lda, T *x, int incx) {
  if (!upper) return 1;
  if (!op) return 2;
  if (!unit) return 3;
  if (n < 0) return 4;
  if (args.k && k < 0) return args.k;
  if (args.kind == Triangle::Kind::Full && lda < max1(n)) return args.lda;
  if (args.kind == Triangle::Kind::Band && lda < k + 1) return args.lda;
  if (incx == 0) return args.incx;
  if (n == 0) return 0;
  const Triangle tri = args.kind == Triangle::Kind::Full   ? Triangle::full(*upper, n, lda)
                       : args.kind == Triangle::Kind::Band ? Triangle::band(*upper, n, k, lda)
                                                           : Triangle::packed(*upper, n);
  if (action == Action::Multiply)
    level2::triangular_mv<T>(tri, *op, *unit, a, x, incx);
  else
    level2::triangular_sv<T>(tri, *op, *unit, a, x, incx);
  return 0;
}

template <class T>
void fortran_triangular(const TriArgs &args, Action action, const char *uplo, const char *trans,
                        const char *diag, int n, int k, const T *a, int lda, T *x, int incx) {
  const char *name = action == Action::Multiply ? args.mv_name : args.sv_name;
  trace("%c%s_ %c%c%c n=%d", type_letter<T>(), name, *uplo, *trans, *diag, n);
  if (int info = triangular_checked<T>(args, action, fortran_upper(*uplo), fortran_op(*trans),
                                       fortran_unit_diag(*diag), n, k, a, lda, x, incx))
    report_fortran<T>(name, info);
}

template <class T>
void cblas_triangular(const TriArgs &args, Action action, CBLAS_LAYOUT layout, CBLAS_UPLO uplo,
                      CBLAS_TRANSPOSE trans, CBLAS_DIAG diag, int n, int k, const T *a, int lda,
                      T *x, int incx) {
  const char *name = action == Action::Multiply ? args.mv_name : args.sv_name;
  trace("cblas_%c%s layout=%d n=%d", type_letter<T>(), name, layout, n);
  const auto row = cblas_row_major(layout);
  if (!row) return report_cblas<T>(name, 1, false);
  if (int info = triangular_checked<T>(args, action, cblas_upper(uplo, *row), cblas_op(trans, *row),
                                       cblas_unit_diag(diag), n, k, a, lda, x, incx))
    report_cblas<T>(name, info + 1, *row);
}

}  // namespace
}  // namespace tileblas::abi

using namespace tileblas::abi;

// Three storage forms (tr, tb, tp) of one type and one action (mv or sv).
#define TB_TRIANGULAR(p, T, V, ACTION, op)                                                      \
  TB_EXPORT void p##tr##op##_(const char *uplo, const char *trans, const char *diag,           \
                              const int *n, const T *a, const int *lda, T *x, const int *incx, \
                              std::size_t, std::size_t, std::size_t) {                         \
    fortran_triangular<T>(kFull, ACTION, uplo, trans, diag, *n, 0, a, *lda, x, *incx);         \
  }                                                                                            \
  TB_EXPORT void p##tb##op##_(const char *uplo, const char *trans, const char *diag,           \
                              const int *n, const int *k, const T *a, const int *lda, T *x,    \
                              const int *incx, std::size_t, std::size_t, std::size_t) {        \
    fortran_triangular<T>(kBand, ACTION, uplo, trans, diag, *n, *k, a, *lda, x, *incx);        \
  }                                                                                            \
  TB_EXPORT void p##tp##op##_(const char *uplo, const char *trans, const char *diag,           \
                              const int *n, const T *ap, T *x, const int *incx, std::size_t,   \
                              std::size_t, std::size_t) {                                      \
    fortran_triangular<T>(kPacked, ACTION, uplo, trans, diag, *n, 0, ap, 0, x, *incx);         \
  }                                                                                            \
  TB_EXPORT void cblas_##p##tr##op(const CBLAS_LAYOUT layout, const CBLAS_UPLO uplo,           \
                                   const CBLAS_TRANSPOSE trans, const CBLAS_DIAG diag,         \
                                   const int n, const V *a, const int lda, V *x,               \
                                   const int incx) {                                           \
    cblas_triangular<T>(kFull, ACTION, layout, uplo, trans, diag, n, 0, array_arg<T>(a), lda,  \
                        array_arg<T>(x), incx);                                                \
  }                                                                                            \
  TB_EXPORT void cblas_##p##tb##op(const CBLAS_LAYOUT layout, const CBLAS_UPLO uplo,           \
                                   const CBLAS_TRANSPOSE trans, const CBLAS_DIAG diag,         \
                                   const int n, const int k, const V *a, const int lda, V *x,  \
                                   const int incx) {                                           \
    cblas_triangular<T>(kBand, ACTION, layout, uplo, trans, diag, n, k, array_arg<T>(a), lda,  \
                        array_arg<T>(x), incx);                                                \
  }                                                                                            \
  TB_EXPORT void cblas_##p##tp##op(const CBLAS_LAYOUT layout, const CBLAS_UPLO uplo,           \
                                   const CBLAS_TRANSPOSE trans, const CBLAS_DIAG diag,         \
                                   const int n, const V *ap, V *x, const int incx) {           \
    cblas_triangular<T>(kPacked, ACTION, layout, uplo, trans, diag, n, 0, array_arg<T>(ap), 0, \
                        array_arg<T>(x), incx);                                                \
  }

extern "C" {
TB_TRIANGULAR(s, float, float, Action::Multiply, mv)
TB_TRIANGULAR(d, double, double, Action::Multiply, mv)
TB_TRIANGULAR(c, c32, void, Action::Multiply, mv)
TB_TRIANGULAR(z, c64, void, Action::Multiply, mv)
TB_TRIANGULAR(s, float, float, Action::Solve, sv)
TB_TRIANGULAR(d, double, double, Action::Solve, sv)
TB_TRIANGULAR(c, c32, void, Action::Solve, sv)
TB_TRIANGULAR(z, c64, void, Action::Solve, sv)
}  // extern "C"
