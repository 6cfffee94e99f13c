// level3_syr2k.cpp -- ?syr2k_ (s, d, c, z), ?her2k_ (c, z) and their CBLAS
// forms: C = alpha X Y' + alpha' Y X' + beta C on one triangle of C.
#include "level3_args.hpp"

namespace tileblas::abi::level3 {
namespace {

// Fortran INFO: UPLO=1, TRANS=2, N=3, K=4, LDA=7, LDB=9, LDC=12.  HER2K's
// beta is real; it arrives here as T with a zero imaginary part.
template <class T>
int checked_syr2k(RankK flavor, char uplo, char trans, int n, int k, const T &alpha, const T *a,
                  int lda, const T *b, int ldb, const T &beta, T *c, int ldc) {
  Uplo u;
  Op t;
  if (!uplo_of(uplo, u)) return 1;
  if (!rank_k_op(flavor, trans, t)) return 2;
  if (n < 0) return 3;
  if (k < 0) return 4;
  const int rows = t == Op::N ? n : k;
  if (lda < max1(rows)) return 7;
  if (ldb < max1(rows)) return 9;
  if (ldc < max1(n)) return 12;
  if (n == 0 || ((alpha == T(0) || k == 0) && beta == T(1))) return 0;
  syr2k<T>(flavor == RankK::Hermitian, u, t, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  return 0;
}

template <class T>
void fortran_syr2k(const char *name, RankK flavor, const char *uplo, const char *trans,
                   const int *n, const int *k, const T *alpha, const T *a, const int *lda,
                   const T *b, const int *ldb, const T &beta, T *c, const int *ldc) {
  trace("%s_ %c%c n=%d k=%d", name, *uplo, *trans, *n, *k);
  if (int info = checked_syr2k<T>(flavor, *uplo, *trans, *n, *k, *alpha, a, *lda, b, *ldb, beta,
                                  c, *ldc))
    fortran_error(name, info);
}

// As the reference CBLAS: row-major flips uplo and the transpose; for
// HER2K, C^T = conj(C) also conjugates alpha.
template <class T>
void cblas_syr2k(const char *name, RankK flavor, CBLAS_LAYOUT layout, CBLAS_UPLO uplo,
                 CBLAS_TRANSPOSE trans, int n, int k, T alpha, const void *a, int lda,
                 const void *b, int ldb, T beta, void *c, int ldc) {
  trace("%s layout=%d %d %d n=%d k=%d", name, layout, uplo, trans, n, k);
  const bool row_major = layout == CblasRowMajor;
  if (!row_major && layout != CblasColMajor) return cblas_error(name, 1, false);
  const char ul = uplo_letter(uplo, row_major);
  if (!ul) return cblas_error(name, 2, row_major);
  const char tr = rank_k_letter(flavor, trans, row_major);
  if (!tr) return cblas_error(name, 3, row_major);
  if constexpr (is_complex_v<T>)
    if (row_major && flavor == RankK::Hermitian) alpha = std::conj(alpha);
  if (int info = checked_syr2k<T>(flavor, ul, tr, n, k, alpha, static_cast<const T *>(a), lda,
                                  static_cast<const T *>(b), ldb, beta, static_cast<T *>(c),
                                  ldc))
    cblas_error(name, info + 1, row_major);
}

}  // namespace
}  // namespace tileblas::abi::level3

using namespace tileblas::abi::level3;

extern "C" {

// ---------------------------------------------------------------- Fortran
__attribute__((visibility("default"))) void ssyr2k_(const char *uplo, const char *trans,
                                                    const int *n, const int *k,
                                                    const float *alpha, const float *a,
                                                    const int *lda, const float *b,
                                                    const int *ldb, const float *beta, float *c,
                                                    const int *ldc, std::size_t, std::size_t) {
  fortran_syr2k("SSYR2K", RankK::RealSymmetric, uplo, trans, n, k, alpha, a, lda, b, ldb, *beta,
                c, ldc);
}
__attribute__((visibility("default"))) void dsyr2k_(const char *uplo, const char *trans,
                                                    const int *n, const int *k,
                                                    const double *alpha, const double *a,
                                                    const int *lda, const double *b,
                                                    const int *ldb, const double *beta,
                                                    double *c, const int *ldc, std::size_t,
                                                    std::size_t) {
  fortran_syr2k("DSYR2K", RankK::RealSymmetric, uplo, trans, n, k, alpha, a, lda, b, ldb, *beta,
                c, ldc);
}
__attribute__((visibility("default"))) void csyr2k_(const char *uplo, const char *trans,
                                                    const int *n, const int *k,
                                                    const cfloat *alpha, const cfloat *a,
                                                    const int *lda, const cfloat *b,
                                                    const int *ldb, const cfloat *beta,
                                                    cfloat *c, const int *ldc, std::size_t,
                                                    std::size_t) {
  fortran_syr2k("CSYR2K", RankK::ComplexSymmetric, uplo, trans, n, k, alpha, a, lda, b, ldb,
                *beta, c, ldc);
}
__attribute__((visibility("default"))) void zsyr2k_(const char *uplo, const char *trans,
                                                    const int *n, const int *k,
                                                    const cdouble *alpha, const cdouble *a,
                                                    const int *lda, const cdouble *b,
                                                    const int *ldb, const cdouble *beta,
                                                    cdouble *c, const int *ldc, std::size_t,
                                                    std::size_t) {
  fortran_syr2k("ZSYR2K", RankK::ComplexSymmetric, uplo, trans, n, k, alpha, a, lda, b, ldb,
                *beta, c, ldc);
}
__attribute__((visibility("default"))) void cher2k_(const char *uplo, const char *trans,
                                                    const int *n, const int *k,
                                                    const cfloat *alpha, const cfloat *a,
                                                    const int *lda, const cfloat *b,
                                                    const int *ldb, const float *beta, cfloat *c,
                                                    const int *ldc, std::size_t, std::size_t) {
  fortran_syr2k<cfloat>("CHER2K", RankK::Hermitian, uplo, trans, n, k, alpha, a, lda, b, ldb,
                        *beta, c, ldc);
}
__attribute__((visibility("default"))) void zher2k_(const char *uplo, const char *trans,
                                                    const int *n, const int *k,
                                                    const cdouble *alpha, const cdouble *a,
                                                    const int *lda, const cdouble *b,
                                                    const int *ldb, const double *beta,
                                                    cdouble *c, const int *ldc, std::size_t,
                                                    std::size_t) {
  fortran_syr2k<cdouble>("ZHER2K", RankK::Hermitian, uplo, trans, n, k, alpha, a, lda, b, ldb,
                         *beta, c, ldc);
}

// ---------------------------------------------------------------- CBLAS
__attribute__((visibility("default"))) void cblas_ssyr2k(
    const CBLAS_LAYOUT layout, const CBLAS_UPLO uplo, const CBLAS_TRANSPOSE trans, const int n,
    const int k, const float alpha, const float *a, const int lda, const float *b, const int ldb,
    const float beta, float *c, const int ldc) {
  cblas_syr2k<float>("cblas_ssyr2k", RankK::RealSymmetric, layout, uplo, trans, n, k, alpha, a,
                     lda, b, ldb, beta, c, ldc);
}
__attribute__((visibility("default"))) void cblas_dsyr2k(
    const CBLAS_LAYOUT layout, const CBLAS_UPLO uplo, const CBLAS_TRANSPOSE trans, const int n,
    const int k, const double alpha, const double *a, const int lda, const double *b,
    const int ldb, const double beta, double *c, const int ldc) {
  cblas_syr2k<double>("cblas_dsyr2k", RankK::RealSymmetric, layout, uplo, trans, n, k, alpha, a,
                      lda, b, ldb, beta, c, ldc);
}
__attribute__((visibility("default"))) void cblas_csyr2k(
    const CBLAS_LAYOUT layout, const CBLAS_UPLO uplo, const CBLAS_TRANSPOSE trans, const int n,
    const int k, const void *alpha, const void *a, const int lda, const void *b, const int ldb,
    const void *beta, void *c, const int ldc) {
  cblas_syr2k<cfloat>("cblas_csyr2k", RankK::ComplexSymmetric, layout, uplo, trans, n, k,
                      scalar<cfloat>(alpha), a, lda, b, ldb, scalar<cfloat>(beta), c, ldc);
}
__attribute__((visibility("default"))) void cblas_zsyr2k(
    const CBLAS_LAYOUT layout, const CBLAS_UPLO uplo, const CBLAS_TRANSPOSE trans, const int n,
    const int k, const void *alpha, const void *a, const int lda, const void *b, const int ldb,
    const void *beta, void *c, const int ldc) {
  cblas_syr2k<cdouble>("cblas_zsyr2k", RankK::ComplexSymmetric, layout, uplo, trans, n, k,
                       scalar<cdouble>(alpha), a, lda, b, ldb, scalar<cdouble>(beta), c, ldc);
}
__attribute__((visibility("default"))) void cblas_cher2k(
    const CBLAS_LAYOUT layout, const CBLAS_UPLO uplo, const CBLAS_TRANSPOSE trans, const int n,
    const int k, const void *alpha, const void *a, const int lda, const void *b, const int ldb,
    const float beta, void *c, const int ldc) {
  cblas_syr2k<cfloat>("cblas_cher2k", RankK::Hermitian, layout, uplo, trans, n, k,
                      scalar<cfloat>(alpha), a, lda, b, ldb, beta, c, ldc);
}
__attribute__((visibility("default"))) void cblas_zher2k(
    const CBLAS_LAYOUT layout, const CBLAS_UPLO uplo, const CBLAS_TRANSPOSE trans, const int n,
    const int k, const void *alpha, const void *a, const int lda, const void *b, const int ldb,
    const double beta, void *c, const int ldc) {
  cblas_syr2k<cdouble>("cblas_zher2k", RankK::Hermitian, layout, uplo, trans, n, k,
                       scalar<cdouble>(alpha), a, lda, b, ldb, beta, c, ldc);
}

}  // extern "C"
