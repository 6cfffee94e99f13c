// level3_syrk.cpp -- ?syrk_ (s, d, c, z), ?herk_ (c, z) and their CBLAS
// forms: C = alpha op(A) op(A)^T (^H) + beta C on one triangle of C.
#include "level3_args.hpp"

namespace tileblas::abi::level3 {
namespace {

// Fortran INFO: UPLO=1, TRANS=2, N=3, K=4, LDA=7, LDC=10.  HERK's alpha and
// beta are real; they arrive here as T with a zero imaginary part.
template <class T>
int checked_syrk(RankK flavor, char uplo, char trans, int n, int k, const T &alpha, const T *a,
                 int lda, const T &beta, T *c, int ldc) {
  Uplo u;
  Op t;
  if (!uplo_of(uplo, u)) return 1;
  if (!rank_k_op(flavor, trans, t)) return 2;
  if (n < 0) return 3;
  if (k < 0) return 4;
  if (lda < max1(t == Op::N ? n : k)) return 7;
  if (ldc < max1(n)) return 10;
  if (n == 0 || ((alpha == T(0) || k == 0) && beta == T(1))) return 0;
  syrk<T>(flavor == RankK::Hermitian, u, t, n, k, alpha, a, lda, beta, c, ldc);
  return 0;
}

template <class T>
void fortran_syrk(const char *name, RankK flavor, const char *uplo, const char *trans,
                  const int *n, const int *k, const T &alpha, const T *a, const int *lda,
                  const T &beta, T *c, const int *ldc) {
  trace("%s_ %c%c n=%d k=%d", name, *uplo, *trans, *n, *k);
  if (int info = checked_syrk<T>(flavor, *uplo, *trans, *n, *k, alpha, a, *lda, beta, c, *ldc))
    fortran_error(name, info);
}

// As the reference CBLAS: row-major flips uplo and the transpose.
template <class T>
void cblas_syrk(const char *name, RankK flavor, CBLAS_LAYOUT layout, CBLAS_UPLO uplo,
                CBLAS_TRANSPOSE trans, int n, int k, const T &alpha, const void *a, int lda,
                const T &beta, void *c, int ldc) {
  trace("%s layout=%d %d %d n=%d k=%d", name, layout, uplo, trans, n, k);
  const bool row_major = layout == CblasRowMajor;
  if (!row_major && layout != CblasColMajor) return cblas_error(name, 1, false);
  const char ul = uplo_letter(uplo, row_major);
  if (!ul) return cblas_error(name, 2, row_major);
  const char tr = rank_k_letter(flavor, trans, row_major);
  if (!tr) return cblas_error(name, 3, row_major);
  if (int info = checked_syrk<T>(flavor, ul, tr, n, k, alpha, static_cast<const T *>(a), lda,
                                 beta, static_cast<T *>(c), ldc))
    cblas_error(name, info + 1, row_major);
}

}  // namespace
}  // namespace tileblas::abi::level3

using namespace tileblas::abi::level3;

extern "C" {

// ---------------------------------------------------------------- Fortran
__attribute__((visibility("default"))) void ssyrk_(const char *uplo, const char *trans,
                                                   const int *n, const int *k, const float *alpha,
                                                   const float *a, const int *lda,
                                                   const float *beta, float *c, const int *ldc,
                                                   std::size_t, std::size_t) {
  fortran_syrk("SSYRK", RankK::RealSymmetric, uplo, trans, n, k, *alpha, a, lda, *beta, c, ldc);
}
__attribute__((visibility("default"))) void dsyrk_(const char *uplo, const char *trans,
                                                   const int *n, const int *k,
                                                   const double *alpha, const double *a,
                                                   const int *lda, const double *beta, double *c,
                                                   const int *ldc, std::size_t, std::size_t) {
  fortran_syrk("DSYRK", RankK::RealSymmetric, uplo, trans, n, k, *alpha, a, lda, *beta, c, ldc);
}
__attribute__((visibility("default"))) void csyrk_(const char *uplo, const char *trans,
                                                   const int *n, const int *k,
                                                   const cfloat *alpha, const cfloat *a,
                                                   const int *lda, const cfloat *beta, cfloat *c,
                                                   const int *ldc, std::size_t, std::size_t) {
  fortran_syrk("CSYRK", RankK::ComplexSymmetric, uplo, trans, n, k, *alpha, a, lda, *beta, c,
               ldc);
}
__attribute__((visibility("default"))) void zsyrk_(const char *uplo, const char *trans,
                                                   const int *n, const int *k,
                                                   const cdouble *alpha, const cdouble *a,
                                                   const int *lda, const cdouble *beta,
                                                   cdouble *c, const int *ldc, std::size_t,
                                                   std::size_t) {
  fortran_syrk("ZSYRK", RankK::ComplexSymmetric, uplo, trans, n, k, *alpha, a, lda, *beta, c,
               ldc);
}
__attribute__((visibility("default"))) void cherk_(const char *uplo, const char *trans,
                                                   const int *n, const int *k, const float *alpha,
                                                   const cfloat *a, const int *lda,
                                                   const float *beta, cfloat *c, const int *ldc,
                                                   std::size_t, std::size_t) {
  fortran_syrk<cfloat>("CHERK", RankK::Hermitian, uplo, trans, n, k, *alpha, a, lda, *beta, c,
                       ldc);
}
__attribute__((visibility("default"))) void zherk_(const char *uplo, const char *trans,
                                                   const int *n, const int *k,
                                                   const double *alpha, const cdouble *a,
                                                   const int *lda, const double *beta,
                                                   cdouble *c, const int *ldc, std::size_t,
                                                   std::size_t) {
  fortran_syrk<cdouble>("ZHERK", RankK::Hermitian, uplo, trans, n, k, *alpha, a, lda, *beta, c,
                        ldc);
}

// ---------------------------------------------------------------- CBLAS
__attribute__((visibility("default"))) void cblas_ssyrk(
    const CBLAS_LAYOUT layout, const CBLAS_UPLO uplo, const CBLAS_TRANSPOSE trans, const int n,
    const int k, const float alpha, const float *a, const int lda, const float beta, float *c,
    const int ldc) {
  cblas_syrk<float>("cblas_ssyrk", RankK::RealSymmetric, layout, uplo, trans, n, k, alpha, a,
                    lda, beta, c, ldc);
}
__attribute__((visibility("default"))) void cblas_dsyrk(
    const CBLAS_LAYOUT layout, const CBLAS_UPLO uplo, const CBLAS_TRANSPOSE trans, const int n,
    const int k, const double alpha, const double *a, const int lda, const double beta,
    double *c, const int ldc) {
  cblas_syrk<double>("cblas_dsyrk", RankK::RealSymmetric, layout, uplo, trans, n, k, alpha, a,
                     lda, beta, c, ldc);
}
__attribute__((visibility("default"))) void cblas_csyrk(
    const CBLAS_LAYOUT layout, const CBLAS_UPLO uplo, const CBLAS_TRANSPOSE trans, const int n,
    const int k, const void *alpha, const void *a, const int lda, const void *beta, void *c,
    const int ldc) {
  cblas_syrk<cfloat>("cblas_csyrk", RankK::ComplexSymmetric, layout, uplo, trans, n, k,
                     scalar<cfloat>(alpha), a, lda, scalar<cfloat>(beta), c, ldc);
}
__attribute__((visibility("default"))) void cblas_zsyrk(
    const CBLAS_LAYOUT layout, const CBLAS_UPLO uplo, const CBLAS_TRANSPOSE trans, const int n,
    const int k, const void *alpha, const void *a, const int lda, const void *beta, void *c,
    const int ldc) {
  cblas_syrk<cdouble>("cblas_zsyrk", RankK::ComplexSymmetric, layout, uplo, trans, n, k,
                      scalar<cdouble>(alpha), a, lda, scalar<cdouble>(beta), c, ldc);
}
__attribute__((visibility("default"))) void cblas_cherk(
    const CBLAS_LAYOUT layout, const CBLAS_UPLO uplo, const CBLAS_TRANSPOSE trans, const int n,
    const int k, const float alpha, const void *a, const int lda, const float beta, void *c,
    const int ldc) {
  cblas_syrk<cfloat>("cblas_cherk", RankK::Hermitian, layout, uplo, trans, n, k, alpha, a, lda,
                     beta, c, ldc);
}
__attribute__((visibility("default"))) void cblas_zherk(
    const CBLAS_LAYOUT layout, const CBLAS_UPLO uplo, const CBLAS_TRANSPOSE trans, const int n,
    const int k, const double alpha, const void *a, const int lda, const double beta, void *c,
    const int ldc) {
  cblas_syrk<cdouble>("cblas_zherk", RankK::Hermitian, layout, uplo, trans, n, k, alpha, a, lda,
                      beta, c, ldc);
}

}  // extern "C"
