// level3_gemmt.cpp -- ?gemmt_ (and LAPACK 3.12's name ?gemmtr_) and
// cblas_?gemmt / cblas_?gemmtr: C = alpha op(A) op(B) + beta C updating only
// the UPLO triangle of the n x n matrix C.
#include "level3_args.hpp"

namespace tileblas::abi::level3 {
namespace {

// Fortran INFO as the reference ?GEMMTR: UPLO=1, TRANSA=2, TRANSB=3, N=4,
// K=5, LDA=8, LDB=10, LDC=13.
template <class T>
int checked_gemmt(char uplo, char transa, char transb, int n, int k, const T &alpha, const T *a,
                  int lda, const T *b, int ldb, const T &beta, T *c, int ldc) {
  Uplo u;
  Op ta, tb;
  if (!uplo_of(uplo, u)) return 1;
  if (!op_of(transa, ta)) return 2;
  if (!op_of(transb, tb)) return 3;
  if (n < 0) return 4;
  if (k < 0) return 5;
  if (lda < max1(ta == Op::N ? n : k)) return 8;
  if (ldb < max1(tb == Op::N ? k : n)) return 10;
  if (ldc < max1(n)) return 13;
  if (n == 0 || ((alpha == T(0) || k == 0) && beta == T(1))) return 0;
  gemmt<T>(u, ta, tb, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  return 0;
}

template <class T>
void fortran_gemmt(const char *name, const char *uplo, const char *transa, const char *transb,
                   const int *n, const int *k, const T *alpha, const T *a, const int *lda,
                   const T *b, const int *ldb, const T *beta, T *c, const int *ldc) {
  trace("%s_ %c%c%c n=%d k=%d", name, *uplo, *transa, *transb, *n, *k);
  if (int info = checked_gemmt<T>(*uplo, *transa, *transb, *n, *k, *alpha, a, *lda, b, *ldb,
                                  *beta, c, *ldc))
    fortran_error(name, info);
}

// As the reference CBLAS: row-major is the column-major call on C^T =
// op(B)^T op(A)^T, whose stored triangle is the other one.
template <class T>
void cblas_gemmt(const char *name, CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE transa,
                 CBLAS_TRANSPOSE transb, int n, int k, const T &alpha, const void *a, int lda,
                 const void *b, int ldb, const T &beta, void *c, int ldc) {
  trace("%s layout=%d %d %d %d n=%d k=%d", name, layout, uplo, transa, transb, n, k);
  const bool row_major = layout == CblasRowMajor;
  if (!row_major && layout != CblasColMajor) return cblas_error(name, 1, false);
  const char ul = uplo_letter(uplo, row_major);
  if (!ul) return cblas_error(name, 2, row_major);
  const char ta = trans_letter(transa), tb = trans_letter(transb);
  if (!ta) return cblas_error(name, 3, row_major);
  if (!tb) return cblas_error(name, 4, row_major);
  const T *pa = static_cast<const T *>(a), *pb = static_cast<const T *>(b);
  T *pc = static_cast<T *>(c);
  const int info =
      row_major ? checked_gemmt<T>(ul, tb, ta, n, k, alpha, pb, ldb, pa, lda, beta, pc, ldc)
                : checked_gemmt<T>(ul, ta, tb, n, k, alpha, pa, lda, pb, ldb, beta, pc, ldc);
  if (info) cblas_error(name, info + 1, row_major);
}

}  // namespace
}  // namespace tileblas::abi::level3

using namespace tileblas::abi::level3;

extern "C" {

// ---------------------------------------------------------------- Fortran
__attribute__((visibility("default"))) void sgemmt_(const char *uplo, const char *transa,
                                                    const char *transb, const int *n,
                                                    const int *k, const float *alpha,
                                                    const float *a, const int *lda,
                                                    const float *b, const int *ldb,
                                                    const float *beta, float *c, const int *ldc,
                                                    std::size_t, std::size_t, std::size_t) {
  fortran_gemmt("SGEMMT", uplo, transa, transb, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
__attribute__((visibility("default"))) void dgemmt_(const char *uplo, const char *transa,
                                                    const char *transb, const int *n,
                                                    const int *k, const double *alpha,
                                                    const double *a, const int *lda,
                                                    const double *b, const int *ldb,
                                                    const double *beta, double *c, const int *ldc,
                                                    std::size_t, std::size_t, std::size_t) {
  fortran_gemmt("DGEMMT", uplo, transa, transb, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
__attribute__((visibility("default"))) void cgemmt_(const char *uplo, const char *transa,
                                                    const char *transb, const int *n,
                                                    const int *k, const cfloat *alpha,
                                                    const cfloat *a, const int *lda,
                                                    const cfloat *b, const int *ldb,
                                                    const cfloat *beta, cfloat *c, const int *ldc,
                                                    std::size_t, std::size_t, std::size_t) {
  fortran_gemmt("CGEMMT", uplo, transa, transb, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
__attribute__((visibility("default"))) void zgemmt_(const char *uplo, const char *transa,
                                                    const char *transb, const int *n,
                                                    const int *k, const cdouble *alpha,
                                                    const cdouble *a, const int *lda,
                                                    const cdouble *b, const int *ldb,
                                                    const cdouble *beta, cdouble *c,
                                                    const int *ldc, std::size_t, std::size_t,
                                                    std::size_t) {
  fortran_gemmt("ZGEMMT", uplo, transa, transb, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
__attribute__((visibility("default"))) void sgemmtr_(const char *uplo, const char *transa,
                                                     const char *transb, const int *n,
                                                     const int *k, const float *alpha,
                                                     const float *a, const int *lda,
                                                     const float *b, const int *ldb,
                                                     const float *beta, float *c, const int *ldc,
                                                     std::size_t, std::size_t, std::size_t) {
  fortran_gemmt("SGEMMTR", uplo, transa, transb, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
__attribute__((visibility("default"))) void dgemmtr_(const char *uplo, const char *transa,
                                                     const char *transb, const int *n,
                                                     const int *k, const double *alpha,
                                                     const double *a, const int *lda,
                                                     const double *b, const int *ldb,
                                                     const double *beta, double *c,
                                                     const int *ldc, std::size_t, std::size_t,
                                                     std::size_t) {
  fortran_gemmt("DGEMMTR", uplo, transa, transb, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
__attribute__((visibility("default"))) void cgemmtr_(const char *uplo, const char *transa,
                                                     const char *transb, const int *n,
                                                     const int *k, const cfloat *alpha,
                                                     const cfloat *a, const int *lda,
                                                     const cfloat *b, const int *ldb,
                                                     const cfloat *beta, cfloat *c,
                                                     const int *ldc, std::size_t, std::size_t,
                                                     std::size_t) {
  fortran_gemmt("CGEMMTR", uplo, transa, transb, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
__attribute__((visibility("default"))) void zgemmtr_(const char *uplo, const char *transa,
                                                     const char *transb, const int *n,
                                                     const int *k, const cdouble *alpha,
                                                     const cdouble *a, const int *lda,
                                                     const cdouble *b, const int *ldb,
                                                     const cdouble *beta, cdouble *c,
                                                     const int *ldc, std::size_t, std::size_t,
                                                     std::size_t) {
  fortran_gemmt("ZGEMMTR", uplo, transa, transb, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

// ---------------------------------------------------------------- CBLAS
__attribute__((visibility("default"))) void cblas_sgemmt(
    CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb,
    const int n, const int k, const float alpha, const float *a, const int lda, const float *b,
    const int ldb, const float beta, float *c, const int ldc) {
  cblas_gemmt<float>("cblas_sgemmt", layout, uplo, transa, transb, n, k, alpha, a, lda, b, ldb,
                     beta, c, ldc);
}
__attribute__((visibility("default"))) void cblas_dgemmt(
    CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb,
    const int n, const int k, const double alpha, const double *a, const int lda,
    const double *b, const int ldb, const double beta, double *c, const int ldc) {
  cblas_gemmt<double>("cblas_dgemmt", layout, uplo, transa, transb, n, k, alpha, a, lda, b, ldb,
                      beta, c, ldc);
}
__attribute__((visibility("default"))) void cblas_cgemmt(
    CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb,
    const int n, const int k, const void *alpha, const void *a, const int lda, const void *b,
    const int ldb, const void *beta, void *c, const int ldc) {
  cblas_gemmt<cfloat>("cblas_cgemmt", layout, uplo, transa, transb, n, k, scalar<cfloat>(alpha),
                      a, lda, b, ldb, scalar<cfloat>(beta), c, ldc);
}
__attribute__((visibility("default"))) void cblas_zgemmt(
    CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb,
    const int n, const int k, const void *alpha, const void *a, const int lda, const void *b,
    const int ldb, const void *beta, void *c, const int ldc) {
  cblas_gemmt<cdouble>("cblas_zgemmt", layout, uplo, transa, transb, n, k,
                       scalar<cdouble>(alpha), a, lda, b, ldb, scalar<cdouble>(beta), c, ldc);
}
__attribute__((visibility("default"))) void cblas_sgemmtr(
    CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb,
    const int n, const int k, const float alpha, const float *a, const int lda, const float *b,
    const int ldb, const float beta, float *c, const int ldc) {
  cblas_gemmt<float>("cblas_sgemmtr", layout, uplo, transa, transb, n, k, alpha, a, lda, b, ldb,
                     beta, c, ldc);
}
__attribute__((visibility("default"))) void cblas_dgemmtr(
    CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb,
    const int n, const int k, const double alpha, const double *a, const int lda,
    const double *b, const int ldb, const double beta, double *c, const int ldc) {
  cblas_gemmt<double>("cblas_dgemmtr", layout, uplo, transa, transb, n, k, alpha, a, lda, b,
                      ldb, beta, c, ldc);
}
__attribute__((visibility("default"))) void cblas_cgemmtr(
    CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb,
    const int n, const int k, const void *alpha, const void *a, const int lda, const void *b,
    const int ldb, const void *beta, void *c, const int ldc) {
  cblas_gemmt<cfloat>("cblas_cgemmtr", layout, uplo, transa, transb, n, k,
                      scalar<cfloat>(alpha), a, lda, b, ldb, scalar<cfloat>(beta), c, ldc);
}
__attribute__((visibility("default"))) void cblas_zgemmtr(
    CBLAS_LAYOUT layout, CBLAS_UPLO uplo, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb,
    const int n, const int k, const void *alpha, const void *a, const int lda, const void *b,
    const int ldb, const void *beta, void *c, const int ldc) {
  cblas_gemmt<cdouble>("cblas_zgemmtr", layout, uplo, transa, transb, n, k,
                       scalar<cdouble>(alpha), a, lda, b, ldb, scalar<cdouble>(beta), c, ldc);
}

}  // extern "C"
