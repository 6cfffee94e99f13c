// level3_symm.cpp -- ?symm_ (s, d, c, z), ?hemm_ (c, z) and their CBLAS
// forms: C = alpha A B + beta C or alpha B A + beta C, A symmetric/hermitian.
#include "level3_args.hpp"

namespace tileblas::abi::level3 {
namespace {

// Fortran INFO: SIDE=1, UPLO=2, M=3, N=4, LDA=7, LDB=9, LDC=12.
template <class T>
int checked_symm(bool hermitian, char side, char uplo, int m, int n, T alpha, const T *a, int lda,
                 const T *b, int ldb, T beta, T *c, int ldc) {
  Side s;
  Uplo u;
  if (!side_of(side, s)) return 1;
  if (!uplo_of(uplo, u)) return 2;
  if (m < 0) return 3;
  if (n < 0) return 4;
  if (lda < max1(s == Side::Left ? m : n)) return 7;
  if (ldb < max1(m)) return 9;
  if (ldc < max1(m)) return 12;
  if (m == 0 || n == 0 || (alpha == T(0) && beta == T(1))) return 0;
  symm<T>(hermitian, s, u, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
  return 0;
}

template <class T>
void fortran_symm(const char *name, bool hermitian, const char *side, const char *uplo,
                  const int *m, const int *n, const T *alpha, const T *a, const int *lda,
                  const T *b, const int *ldb, const T *beta, T *c, const int *ldc) {
  trace("%s_ %c%c m=%d n=%d", name, *side, *uplo, *m, *n);
  if (int info = checked_symm<T>(hermitian, *side, *uplo, *m, *n, *alpha, a, *lda, b, *ldb,
                                 *beta, c, *ldc))
    fortran_error(name, info);
}

// As the reference CBLAS: row-major is the column-major call on the
// transposed matrices, with side and uplo flipped and M, N exchanged
// (A^T is symmetric; for hermitian A it is conj(A), hermitian as well).
template <class T>
void cblas_symm(const char *name, bool hermitian, CBLAS_LAYOUT layout, CBLAS_SIDE side,
                CBLAS_UPLO uplo, int m, int n, T alpha, const void *a, int lda, const void *b,
                int ldb, T beta, void *c, int ldc) {
  trace("%s layout=%d %d %d m=%d n=%d", name, layout, side, uplo, m, n);
  const bool row_major = layout == CblasRowMajor;
  if (!row_major && layout != CblasColMajor) return cblas_error(name, 1, false);
  const char sd = side_letter(side, row_major);
  if (!sd) return cblas_error(name, 2, row_major);
  const char ul = uplo_letter(uplo, row_major);
  if (!ul) return cblas_error(name, 3, row_major);
  const T *pa = static_cast<const T *>(a), *pb = static_cast<const T *>(b);
  T *pc = static_cast<T *>(c);
  const int info = row_major ? checked_symm<T>(hermitian, sd, ul, n, m, alpha, pa, lda, pb, ldb,
                                               beta, pc, ldc)
                             : checked_symm<T>(hermitian, sd, ul, m, n, alpha, pa, lda, pb, ldb,
                                               beta, pc, ldc);
  if (info) cblas_error(name, info + 1, row_major);
}

}  // namespace
}  // namespace tileblas::abi::level3

using namespace tileblas::abi::level3;

extern "C" {

// ---------------------------------------------------------------- Fortran
__attribute__((visibility("default"))) void ssymm_(const char *side, const char *uplo,
                                                   const int *m, const int *n, const float *alpha,
                                                   const float *a, const int *lda, const float *b,
                                                   const int *ldb, const float *beta, float *c,
                                                   const int *ldc, std::size_t, std::size_t) {
  fortran_symm("SSYMM", false, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
}
__attribute__((visibility("default"))) void dsymm_(const char *side, const char *uplo,
                                                   const int *m, const int *n,
                                                   const double *alpha, const double *a,
                                                   const int *lda, const double *b,
                                                   const int *ldb, const double *beta, double *c,
                                                   const int *ldc, std::size_t, std::size_t) {
  fortran_symm("DSYMM", false, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
}
__attribute__((visibility("default"))) void csymm_(const char *side, const char *uplo,
                                                   const int *m, const int *n,
                                                   const cfloat *alpha, const cfloat *a,
                                                   const int *lda, const cfloat *b,
                                                   const int *ldb, const cfloat *beta, cfloat *c,
                                                   const int *ldc, std::size_t, std::size_t) {
  fortran_symm("CSYMM", false, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
}
__attribute__((visibility("default"))) void zsymm_(const char *side, const char *uplo,
                                                   const int *m, const int *n,
                                                   const cdouble *alpha, const cdouble *a,
                                                   const int *lda, const cdouble *b,
                                                   const int *ldb, const cdouble *beta,
                                                   cdouble *c, const int *ldc, std::size_t,
                                                   std::size_t) {
  fortran_symm("ZSYMM", false, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
}
__attribute__((visibility("default"))) void chemm_(const char *side, const char *uplo,
                                                   const int *m, const int *n,
                                                   const cfloat *alpha, const cfloat *a,
                                                   const int *lda, const cfloat *b,
                                                   const int *ldb, const cfloat *beta, cfloat *c,
                                                   const int *ldc, std::size_t, std::size_t) {
  fortran_symm("CHEMM", true, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
}
__attribute__((visibility("default"))) void zhemm_(const char *side, const char *uplo,
                                                   const int *m, const int *n,
                                                   const cdouble *alpha, const cdouble *a,
                                                   const int *lda, const cdouble *b,
                                                   const int *ldb, const cdouble *beta,
                                                   cdouble *c, const int *ldc, std::size_t,
                                                   std::size_t) {
  fortran_symm("ZHEMM", true, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
}

// ---------------------------------------------------------------- CBLAS
__attribute__((visibility("default"))) void cblas_ssymm(
    const CBLAS_LAYOUT layout, const CBLAS_SIDE side, const CBLAS_UPLO uplo, const int m,
    const int n, const float alpha, const float *a, const int lda, const float *b, const int ldb,
    const float beta, float *c, const int ldc) {
  cblas_symm<float>("cblas_ssymm", false, layout, side, uplo, m, n, alpha, a, lda, b, ldb, beta,
                    c, ldc);
}
__attribute__((visibility("default"))) void cblas_dsymm(
    const CBLAS_LAYOUT layout, const CBLAS_SIDE side, const CBLAS_UPLO uplo, const int m,
    const int n, const double alpha, const double *a, const int lda, const double *b,
    const int ldb, const double beta, double *c, const int ldc) {
  cblas_symm<double>("cblas_dsymm", false, layout, side, uplo, m, n, alpha, a, lda, b, ldb, beta,
                     c, ldc);
}
__attribute__((visibility("default"))) void cblas_csymm(
    const CBLAS_LAYOUT layout, const CBLAS_SIDE side, const CBLAS_UPLO uplo, const int m,
    const int n, const void *alpha, const void *a, const int lda, const void *b, const int ldb,
    const void *beta, void *c, const int ldc) {
  cblas_symm<cfloat>("cblas_csymm", false, layout, side, uplo, m, n, scalar<cfloat>(alpha), a,
                     lda, b, ldb, scalar<cfloat>(beta), c, ldc);
}
__attribute__((visibility("default"))) void cblas_zsymm(
    const CBLAS_LAYOUT layout, const CBLAS_SIDE side, const CBLAS_UPLO uplo, const int m,
    const int n, const void *alpha, const void *a, const int lda, const void *b, const int ldb,
    const void *beta, void *c, const int ldc) {
  cblas_symm<cdouble>("cblas_zsymm", false, layout, side, uplo, m, n, scalar<cdouble>(alpha), a,
                      lda, b, ldb, scalar<cdouble>(beta), c, ldc);
}
__attribute__((visibility("default"))) void cblas_chemm(
    const CBLAS_LAYOUT layout, const CBLAS_SIDE side, const CBLAS_UPLO uplo, const int m,
    const int n, const void *alpha, const void *a, const int lda, const void *b, const int ldb,
    const void *beta, void *c, const int ldc) {
  cblas_symm<cfloat>("cblas_chemm", true, layout, side, uplo, m, n, scalar<cfloat>(alpha), a,
                     lda, b, ldb, scalar<cfloat>(beta), c, ldc);
}
__attribute__((visibility("default"))) void cblas_zhemm(
    const CBLAS_LAYOUT layout, const CBLAS_SIDE side, const CBLAS_UPLO uplo, const int m,
    const int n, const void *alpha, const void *a, const int lda, const void *b, const int ldb,
    const void *beta, void *c, const int ldc) {
  cblas_symm<cdouble>("cblas_zhemm", true, layout, side, uplo, m, n, scalar<cdouble>(alpha), a,
                      lda, b, ldb, scalar<cdouble>(beta), c, ldc);
}

}  // extern "C"
