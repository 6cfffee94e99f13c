// level3_trmm_trsm.cpp -- ?trmm_ and ?trsm_ (s, d, c, z) and their CBLAS
// forms: B = alpha op(A) B, alpha B op(A), or the solves with op(A).
#include "level3_args.hpp"

namespace tileblas::abi::level3 {
namespace {

enum class TriKind { Multiply, Solve };

// Fortran INFO: SIDE=1, UPLO=2, TRANSA=3, DIAG=4, M=5, N=6, LDA=9, LDB=11.
template <class T>
int checked_triangular(TriKind kind, char side, char uplo, char transa, char diag, int m, int n,
                       T alpha, const T *a, int lda, T *b, int ldb) {
  Side s;
  Uplo u;
  Op t;
  Diag d;
  if (!side_of(side, s)) return 1;
  if (!uplo_of(uplo, u)) return 2;
  if (!op_of(transa, t)) return 3;
  if (!diag_of(diag, d)) return 4;
  if (m < 0) return 5;
  if (n < 0) return 6;
  if (lda < max1(s == Side::Left ? m : n)) return 9;
  if (ldb < max1(m)) return 11;
  if (m == 0 || n == 0) return 0;
  if (kind == TriKind::Multiply)
    trmm<T>(s, u, t, d, m, n, alpha, a, lda, b, ldb);
  else
    trsm<T>(s, u, t, d, m, n, alpha, a, lda, b, ldb);
  return 0;
}

template <class T>
void fortran_triangular(const char *name, TriKind kind, const char *side, const char *uplo,
                        const char *transa, const char *diag, const int *m, const int *n,
                        const T *alpha, const T *a, const int *lda, T *b, const int *ldb) {
  trace("%s_ %c%c%c%c m=%d n=%d", name, *side, *uplo, *transa, *diag, *m, *n);
  if (int info = checked_triangular<T>(kind, *side, *uplo, *transa, *diag, *m, *n, *alpha, a,
                                       *lda, b, *ldb))
    fortran_error(name, info);
}

// As the reference CBLAS: row-major flips side and uplo, keeps transa and
// diag, and exchanges M and N.
template <class T>
void cblas_triangular(const char *name, TriKind kind, CBLAS_LAYOUT layout, CBLAS_SIDE side,
                      CBLAS_UPLO uplo, CBLAS_TRANSPOSE transa, CBLAS_DIAG diag, int m, int n,
                      T alpha, const void *a, int lda, void *b, int ldb) {
  trace("%s layout=%d %d %d %d %d m=%d n=%d", name, layout, side, uplo, transa, diag, m, n);
  const bool row_major = layout == CblasRowMajor;
  if (!row_major && layout != CblasColMajor) return cblas_error(name, 1, false);
  const char sd = side_letter(side, row_major);
  if (!sd) return cblas_error(name, 2, row_major);
  const char ul = uplo_letter(uplo, row_major);
  if (!ul) return cblas_error(name, 3, row_major);
  const char ta = trans_letter(transa);
  if (!ta) return cblas_error(name, 4, row_major);
  const char di = diag_letter(diag);
  if (!di) return cblas_error(name, 5, row_major);
  const T *pa = static_cast<const T *>(a);
  T *pb = static_cast<T *>(b);
  const int info =
      row_major ? checked_triangular<T>(kind, sd, ul, ta, di, n, m, alpha, pa, lda, pb, ldb)
                : checked_triangular<T>(kind, sd, ul, ta, di, m, n, alpha, pa, lda, pb, ldb);
  if (info) cblas_error(name, info + 1, row_major);
}

}  // namespace
}  // namespace tileblas::abi::level3

using namespace tileblas::abi::level3;

extern "C" {

// ---------------------------------------------------------------- Fortran
__attribute__((visibility("default"))) void strmm_(const char *side, const char *uplo,
                                                   const char *transa, const char *diag,
                                                   const int *m, const int *n, const float *alpha,
                                                   const float *a, const int *lda, float *b,
                                                   const int *ldb, std::size_t, std::size_t,
                                                   std::size_t, std::size_t) {
  fortran_triangular("STRMM", TriKind::Multiply, side, uplo, transa, diag, m, n, alpha, a, lda, b,
                     ldb);
}
__attribute__((visibility("default"))) void dtrmm_(const char *side, const char *uplo,
                                                   const char *transa, const char *diag,
                                                   const int *m, const int *n,
                                                   const double *alpha, const double *a,
                                                   const int *lda, double *b, const int *ldb,
                                                   std::size_t, std::size_t, std::size_t,
                                                   std::size_t) {
  fortran_triangular("DTRMM", TriKind::Multiply, side, uplo, transa, diag, m, n, alpha, a, lda, b,
                     ldb);
}
__attribute__((visibility("default"))) void ctrmm_(const char *side, const char *uplo,
                                                   const char *transa, const char *diag,
                                                   const int *m, const int *n,
                                                   const cfloat *alpha, const cfloat *a,
                                                   const int *lda, cfloat *b, const int *ldb,
                                                   std::size_t, std::size_t, std::size_t,
                                                   std::size_t) {
  fortran_triangular("CTRMM", TriKind::Multiply, side, uplo, transa, diag, m, n, alpha, a, lda, b,
                     ldb);
}
__attribute__((visibility("default"))) void ztrmm_(const char *side, const char *uplo,
                                                   const char *transa, const char *diag,
                                                   const int *m, const int *n,
                                                   const cdouble *alpha, const cdouble *a,
                                                   const int *lda, cdouble *b, const int *ldb,
                                                   std::size_t, std::size_t, std::size_t,
                                                   std::size_t) {
  fortran_triangular("ZTRMM", TriKind::Multiply, side, uplo, transa, diag, m, n, alpha, a, lda, b,
                     ldb);
}
__attribute__((visibility("default"))) void strsm_(const char *side, const char *uplo,
                                                   const char *transa, const char *diag,
                                                   const int *m, const int *n, const float *alpha,
                                                   const float *a, const int *lda, float *b,
                                                   const int *ldb, std::size_t, std::size_t,
                                                   std::size_t, std::size_t) {
  fortran_triangular("STRSM", TriKind::Solve, side, uplo, transa, diag, m, n, alpha, a, lda, b,
                     ldb);
}
__attribute__((visibility("default"))) void dtrsm_(const char *side, const char *uplo,
                                                   const char *transa, const char *diag,
                                                   const int *m, const int *n,
                                                   const double *alpha, const double *a,
                                                   const int *lda, double *b, const int *ldb,
                                                   std::size_t, std::size_t, std::size_t,
                                                   std::size_t) {
  fortran_triangular("DTRSM", TriKind::Solve, side, uplo, transa, diag, m, n, alpha, a, lda, b,
                     ldb);
}
__attribute__((visibility("default"))) void ctrsm_(const char *side, const char *uplo,
                                                   const char *transa, const char *diag,
                                                   const int *m, const int *n,
                                                   const cfloat *alpha, const cfloat *a,
                                                   const int *lda, cfloat *b, const int *ldb,
                                                   std::size_t, std::size_t, std::size_t,
                                                   std::size_t) {
  fortran_triangular("CTRSM", TriKind::Solve, side, uplo, transa, diag, m, n, alpha, a, lda, b,
                     ldb);
}
__attribute__((visibility("default"))) void ztrsm_(const char *side, const char *uplo,
                                                   const char *transa, const char *diag,
                                                   const int *m, const int *n,
                                                   const cdouble *alpha, const cdouble *a,
                                                   const int *lda, cdouble *b, const int *ldb,
                                                   std::size_t, std::size_t, std::size_t,
                                                   std::size_t) {
  fortran_triangular("ZTRSM", TriKind::Solve, side, uplo, transa, diag, m, n, alpha, a, lda, b,
                     ldb);
}

// ---------------------------------------------------------------- CBLAS
__attribute__((visibility("default"))) void cblas_strmm(
    const CBLAS_LAYOUT layout, const CBLAS_SIDE side, const CBLAS_UPLO uplo,
    const CBLAS_TRANSPOSE transa, const CBLAS_DIAG diag, const int m, const int n,
    const float alpha, const float *a, const int lda, float *b, const int ldb) {
  cblas_triangular<float>("cblas_strmm", TriKind::Multiply, layout, side, uplo, transa, diag, m,
                          n, alpha, a, lda, b, ldb);
}
__attribute__((visibility("default"))) void cblas_dtrmm(
    const CBLAS_LAYOUT layout, const CBLAS_SIDE side, const CBLAS_UPLO uplo,
    const CBLAS_TRANSPOSE transa, const CBLAS_DIAG diag, const int m, const int n,
    const double alpha, const double *a, const int lda, double *b, const int ldb) {
  cblas_triangular<double>("cblas_dtrmm", TriKind::Multiply, layout, side, uplo, transa, diag, m,
                           n, alpha, a, lda, b, ldb);
}
__attribute__((visibility("default"))) void cblas_ctrmm(
    const CBLAS_LAYOUT layout, const CBLAS_SIDE side, const CBLAS_UPLO uplo,
    const CBLAS_TRANSPOSE transa, const CBLAS_DIAG diag, const int m, const int n,
    const void *alpha, const void *a, const int lda, void *b, const int ldb) {
  cblas_triangular<cfloat>("cblas_ctrmm", TriKind::Multiply, layout, side, uplo, transa, diag, m,
                           n, scalar<cfloat>(alpha), a, lda, b, ldb);
}
__attribute__((visibility("default"))) void cblas_ztrmm(
    const CBLAS_LAYOUT layout, const CBLAS_SIDE side, const CBLAS_UPLO uplo,
    const CBLAS_TRANSPOSE transa, const CBLAS_DIAG diag, const int m, const int n,
    const void *alpha, const void *a, const int lda, void *b, const int ldb) {
  cblas_triangular<cdouble>("cblas_ztrmm", TriKind::Multiply, layout, side, uplo, transa, diag,
                            m, n, scalar<cdouble>(alpha), a, lda, b, ldb);
}
__attribute__((visibility("default"))) void cblas_strsm(
    const CBLAS_LAYOUT layout, const CBLAS_SIDE side, const CBLAS_UPLO uplo,
    const CBLAS_TRANSPOSE transa, const CBLAS_DIAG diag, const int m, const int n,
    const float alpha, const float *a, const int lda, float *b, const int ldb) {
  cblas_triangular<float>("cblas_strsm", TriKind::Solve, layout, side, uplo, transa, diag, m, n,
                          alpha, a, lda, b, ldb);
}
__attribute__((visibility("default"))) void cblas_dtrsm(
    const CBLAS_LAYOUT layout, const CBLAS_SIDE side, const CBLAS_UPLO uplo,
    const CBLAS_TRANSPOSE transa, const CBLAS_DIAG diag, const int m, const int n,
    const double alpha, const double *a, const int lda, double *b, const int ldb) {
  cblas_triangular<double>("cblas_dtrsm", TriKind::Solve, layout, side, uplo, transa, diag, m, n,
                           alpha, a, lda, b, ldb);
}
__attribute__((visibility("default"))) void cblas_ctrsm(
    const CBLAS_LAYOUT layout, const CBLAS_SIDE side, const CBLAS_UPLO uplo,
    const CBLAS_TRANSPOSE transa, const CBLAS_DIAG diag, const int m, const int n,
    const void *alpha, const void *a, const int lda, void *b, const int ldb) {
  cblas_triangular<cfloat>("cblas_ctrsm", TriKind::Solve, layout, side, uplo, transa, diag, m, n,
                           scalar<cfloat>(alpha), a, lda, b, ldb);
}
__attribute__((visibility("default"))) void cblas_ztrsm(
    const CBLAS_LAYOUT layout, const CBLAS_SIDE side, const CBLAS_UPLO uplo,
    const CBLAS_TRANSPOSE transa, const CBLAS_DIAG diag, const int m, const int n,
    const void *alpha, const void *a, const int lda, void *b, const int ldb) {
  cblas_triangular<cdouble>("cblas_ztrsm", TriKind::Solve, layout, side, uplo, transa, diag, m,
                            n, scalar<cdouble>(alpha), a, lda, b, ldb);
}

}  // extern "C"
