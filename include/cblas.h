/* cblas.h -- the C interface to the BLAS, as declared by the reference CBLAS
 * (netlib) and implemented by tileblas.  Same enum values and prototypes as the
 * reference header, so code written for OpenBLAS, BLIS, MKL or ATLAS compiles
 * unchanged.  Integers are 32-bit (LP64); CBLAS_INDEX is size_t. */
#ifndef TILEBLAS_CBLAS_H
#define TILEBLAS_CBLAS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef CBLAS_INDEX
#define CBLAS_INDEX size_t
#endif

typedef enum CBLAS_LAYOUT { CblasRowMajor = 101, CblasColMajor = 102 } CBLAS_LAYOUT;
typedef enum CBLAS_TRANSPOSE {
  CblasNoTrans = 111,
  CblasTrans = 112,
  CblasConjTrans = 113,
  CblasConjNoTrans = 114 /* OpenBLAS's: conjugate, no transpose (?omatcopy, ?imatcopy) */
} CBLAS_TRANSPOSE;
typedef enum CBLAS_UPLO { CblasUpper = 121, CblasLower = 122 } CBLAS_UPLO;
typedef enum CBLAS_DIAG { CblasNonUnit = 131, CblasUnit = 132 } CBLAS_DIAG;
typedef enum CBLAS_SIDE { CblasLeft = 141, CblasRight = 142 } CBLAS_SIDE;
typedef CBLAS_LAYOUT CBLAS_ORDER; /* the pre-3.6 name */

/* ------------------------------------------------------------ Level 1 */
float cblas_sdsdot(const int N, const float alpha, const float *X, const int incX, const float *Y,
                   const int incY);
double cblas_dsdot(const int N, const float *X, const int incX, const float *Y, const int incY);
float cblas_sdot(const int N, const float *X, const int incX, const float *Y, const int incY);
double cblas_ddot(const int N, const double *X, const int incX, const double *Y, const int incY);
void cblas_cdotu_sub(const int N, const void *X, const int incX, const void *Y, const int incY,
                     void *dotu);
void cblas_cdotc_sub(const int N, const void *X, const int incX, const void *Y, const int incY,
                     void *dotc);
void cblas_zdotu_sub(const int N, const void *X, const int incX, const void *Y, const int incY,
                     void *dotu);
void cblas_zdotc_sub(const int N, const void *X, const int incX, const void *Y, const int incY,
                     void *dotc);

float cblas_snrm2(const int N, const float *X, const int incX);
float cblas_sasum(const int N, const float *X, const int incX);
double cblas_dnrm2(const int N, const double *X, const int incX);
double cblas_dasum(const int N, const double *X, const int incX);
float cblas_scnrm2(const int N, const void *X, const int incX);
float cblas_scasum(const int N, const void *X, const int incX);
double cblas_dznrm2(const int N, const void *X, const int incX);
double cblas_dzasum(const int N, const void *X, const int incX);
/* |Re z| + |Im z| of one complex number (the reference CBLAS's). */
float cblas_scabs1(const void *c);
double cblas_dcabs1(const void *z);

CBLAS_INDEX cblas_isamax(const int N, const float *X, const int incX);
CBLAS_INDEX cblas_idamax(const int N, const double *X, const int incX);
CBLAS_INDEX cblas_icamax(const int N, const void *X, const int incX);
CBLAS_INDEX cblas_izamax(const int N, const void *X, const int incX);

void cblas_sswap(const int N, float *X, const int incX, float *Y, const int incY);
void cblas_scopy(const int N, const float *X, const int incX, float *Y, const int incY);
void cblas_saxpy(const int N, const float alpha, const float *X, const int incX, float *Y,
                 const int incY);
void cblas_dswap(const int N, double *X, const int incX, double *Y, const int incY);
void cblas_dcopy(const int N, const double *X, const int incX, double *Y, const int incY);
void cblas_daxpy(const int N, const double alpha, const double *X, const int incX, double *Y,
                 const int incY);
void cblas_cswap(const int N, void *X, const int incX, void *Y, const int incY);
void cblas_ccopy(const int N, const void *X, const int incX, void *Y, const int incY);
void cblas_caxpy(const int N, const void *alpha, const void *X, const int incX, void *Y,
                 const int incY);
void cblas_zswap(const int N, void *X, const int incX, void *Y, const int incY);
void cblas_zcopy(const int N, const void *X, const int incX, void *Y, const int incY);
void cblas_zaxpy(const int N, const void *alpha, const void *X, const int incX, void *Y,
                 const int incY);

void cblas_srotg(float *a, float *b, float *c, float *s);
void cblas_srotmg(float *d1, float *d2, float *b1, const float b2, float *P);
void cblas_srot(const int N, float *X, const int incX, float *Y, const int incY, const float c,
                const float s);
void cblas_srotm(const int N, float *X, const int incX, float *Y, const int incY, const float *P);
void cblas_drotg(double *a, double *b, double *c, double *s);
void cblas_drotmg(double *d1, double *d2, double *b1, const double b2, double *P);
void cblas_drot(const int N, double *X, const int incX, double *Y, const int incY, const double c,
                const double s);
void cblas_drotm(const int N, double *X, const int incX, double *Y, const int incY,
                 const double *P);
void cblas_crotg(void *a, void *b, float *c, void *s);
void cblas_zrotg(void *a, void *b, double *c, void *s);
void cblas_csrot(const int N, void *X, const int incX, void *Y, const int incY, const float c,
                 const float s);
void cblas_zdrot(const int N, void *X, const int incX, void *Y, const int incY, const double c,
                 const double s);

void cblas_sscal(const int N, const float alpha, float *X, const int incX);
void cblas_dscal(const int N, const double alpha, double *X, const int incX);
void cblas_cscal(const int N, const void *alpha, void *X, const int incX);
void cblas_zscal(const int N, const void *alpha, void *X, const int incX);
void cblas_csscal(const int N, const float alpha, void *X, const int incX);
void cblas_zdscal(const int N, const double alpha, void *X, const int incX);

/* ------------------------------------------------------------ Level 2 */
/* alpha/beta are passed by value for real types and by pointer for complex. */
void cblas_sgemv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA, const int M, const int N,
                 const float alpha, const float *A, const int lda, const float *X, const int incX,
                 const float beta, float *Y, const int incY);
void cblas_sgbmv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA, const int M, const int N,
                 const int KL, const int KU, const float alpha, const float *A, const int lda,
                 const float *X, const int incX, const float beta, float *Y, const int incY);
void cblas_strmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const float *A, const int lda, float *X,
                 const int incX);
void cblas_stbmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const int K, const float *A, const int lda,
                 float *X, const int incX);
void cblas_stpmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const float *Ap, float *X, const int incX);
void cblas_strsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const float *A, const int lda, float *X,
                 const int incX);
void cblas_stbsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const int K, const float *A, const int lda,
                 float *X, const int incX);
void cblas_stpsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const float *Ap, float *X, const int incX);
void cblas_dgemv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA, const int M, const int N,
                 const double alpha, const double *A, const int lda, const double *X,
                 const int incX, const double beta, double *Y, const int incY);
void cblas_dgbmv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA, const int M, const int N,
                 const int KL, const int KU, const double alpha, const double *A, const int lda,
                 const double *X, const int incX, const double beta, double *Y, const int incY);
void cblas_dtrmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const double *A, const int lda, double *X,
                 const int incX);
void cblas_dtbmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const int K, const double *A, const int lda,
                 double *X, const int incX);
void cblas_dtpmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const double *Ap, double *X, const int incX);
void cblas_dtrsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const double *A, const int lda, double *X,
                 const int incX);
void cblas_dtbsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const int K, const double *A, const int lda,
                 double *X, const int incX);
void cblas_dtpsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const double *Ap, double *X, const int incX);
void cblas_cgemv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA, const int M, const int N,
                 const void *alpha, const void *A, const int lda, const void *X, const int incX,
                 const void *beta, void *Y, const int incY);
void cblas_cgbmv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA, const int M, const int N,
                 const int KL, const int KU, const void *alpha, const void *A, const int lda,
                 const void *X, const int incX, const void *beta, void *Y, const int incY);
void cblas_ctrmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const void *A, const int lda, void *X,
                 const int incX);
void cblas_ctbmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const int K, const void *A, const int lda,
                 void *X, const int incX);
void cblas_ctpmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const void *Ap, void *X, const int incX);
void cblas_ctrsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const void *A, const int lda, void *X,
                 const int incX);
void cblas_ctbsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const int K, const void *A, const int lda,
                 void *X, const int incX);
void cblas_ctpsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const void *Ap, void *X, const int incX);
void cblas_zgemv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA, const int M, const int N,
                 const void *alpha, const void *A, const int lda, const void *X, const int incX,
                 const void *beta, void *Y, const int incY);
void cblas_zgbmv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA, const int M, const int N,
                 const int KL, const int KU, const void *alpha, const void *A, const int lda,
                 const void *X, const int incX, const void *beta, void *Y, const int incY);
void cblas_ztrmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const void *A, const int lda, void *X,
                 const int incX);
void cblas_ztbmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const int K, const void *A, const int lda,
                 void *X, const int incX);
void cblas_ztpmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const void *Ap, void *X, const int incX);
void cblas_ztrsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const void *A, const int lda, void *X,
                 const int incX);
void cblas_ztbsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const int K, const void *A, const int lda,
                 void *X, const int incX);
void cblas_ztpsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const int N, const void *Ap, void *X, const int incX);

void cblas_ssymv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const float alpha,
                 const float *A, const int lda, const float *X, const int incX, const float beta,
                 float *Y, const int incY);
void cblas_ssbmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const int K,
                 const float alpha, const float *A, const int lda, const float *X, const int incX,
                 const float beta, float *Y, const int incY);
void cblas_sspmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const float alpha,
                 const float *Ap, const float *X, const int incX, const float beta, float *Y,
                 const int incY);
void cblas_sger(const CBLAS_LAYOUT layout, const int M, const int N, const float alpha,
                const float *X, const int incX, const float *Y, const int incY, float *A,
                const int lda);
void cblas_ssyr(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const float alpha,
                const float *X, const int incX, float *A, const int lda);
void cblas_sspr(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const float alpha,
                const float *X, const int incX, float *Ap);
void cblas_ssyr2(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const float alpha,
                 const float *X, const int incX, const float *Y, const int incY, float *A,
                 const int lda);
void cblas_sspr2(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const float alpha,
                 const float *X, const int incX, const float *Y, const int incY, float *A);
void cblas_dsymv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const double alpha,
                 const double *A, const int lda, const double *X, const int incX, const double beta,
                 double *Y, const int incY);
void cblas_dsbmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const int K,
                 const double alpha, const double *A, const int lda, const double *X,
                 const int incX, const double beta, double *Y, const int incY);
void cblas_dspmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const double alpha,
                 const double *Ap, const double *X, const int incX, const double beta, double *Y,
                 const int incY);
void cblas_dger(const CBLAS_LAYOUT layout, const int M, const int N, const double alpha,
                const double *X, const int incX, const double *Y, const int incY, double *A,
                const int lda);
void cblas_dsyr(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const double alpha,
                const double *X, const int incX, double *A, const int lda);
void cblas_dspr(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const double alpha,
                const double *X, const int incX, double *Ap);
void cblas_dsyr2(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const double alpha,
                 const double *X, const int incX, const double *Y, const int incY, double *A,
                 const int lda);
void cblas_dspr2(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const double alpha,
                 const double *X, const int incX, const double *Y, const int incY, double *A);

void cblas_chemv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const void *alpha,
                 const void *A, const int lda, const void *X, const int incX, const void *beta,
                 void *Y, const int incY);
void cblas_chbmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const int K,
                 const void *alpha, const void *A, const int lda, const void *X, const int incX,
                 const void *beta, void *Y, const int incY);
void cblas_chpmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const void *alpha,
                 const void *Ap, const void *X, const int incX, const void *beta, void *Y,
                 const int incY);
void cblas_cgeru(const CBLAS_LAYOUT layout, const int M, const int N, const void *alpha,
                 const void *X, const int incX, const void *Y, const int incY, void *A,
                 const int lda);
void cblas_cgerc(const CBLAS_LAYOUT layout, const int M, const int N, const void *alpha,
                 const void *X, const int incX, const void *Y, const int incY, void *A,
                 const int lda);
void cblas_cher(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const float alpha,
                const void *X, const int incX, void *A, const int lda);
void cblas_chpr(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const float alpha,
                const void *X, const int incX, void *A);
void cblas_cher2(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const void *alpha,
                 const void *X, const int incX, const void *Y, const int incY, void *A,
                 const int lda);
void cblas_chpr2(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const void *alpha,
                 const void *X, const int incX, const void *Y, const int incY, void *Ap);
void cblas_zhemv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const void *alpha,
                 const void *A, const int lda, const void *X, const int incX, const void *beta,
                 void *Y, const int incY);
void cblas_zhbmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const int K,
                 const void *alpha, const void *A, const int lda, const void *X, const int incX,
                 const void *beta, void *Y, const int incY);
void cblas_zhpmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const void *alpha,
                 const void *Ap, const void *X, const int incX, const void *beta, void *Y,
                 const int incY);
void cblas_zgeru(const CBLAS_LAYOUT layout, const int M, const int N, const void *alpha,
                 const void *X, const int incX, const void *Y, const int incY, void *A,
                 const int lda);
void cblas_zgerc(const CBLAS_LAYOUT layout, const int M, const int N, const void *alpha,
                 const void *X, const int incX, const void *Y, const int incY, void *A,
                 const int lda);
void cblas_zher(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const double alpha,
                const void *X, const int incX, void *A, const int lda);
void cblas_zhpr(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const double alpha,
                const void *X, const int incX, void *A);
void cblas_zher2(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const void *alpha,
                 const void *X, const int incX, const void *Y, const int incY, void *A,
                 const int lda);
void cblas_zhpr2(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N, const void *alpha,
                 const void *X, const int incX, const void *Y, const int incY, void *Ap);

/* ------------------------------------------------------------ Level 3 */
void cblas_sgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA, CBLAS_TRANSPOSE TransB, const int M,
                 const int N, const int K, const float alpha, const float *A, const int lda,
                 const float *B, const int ldb, const float beta, float *C, const int ldc);
void cblas_dgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA, CBLAS_TRANSPOSE TransB, const int M,
                 const int N, const int K, const double alpha, const double *A, const int lda,
                 const double *B, const int ldb, const double beta, double *C, const int ldc);

void cblas_ssymm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const int M, const int N, const float alpha, const float *A, const int lda,
                 const float *B, const int ldb, const float beta, float *C, const int ldc);
void cblas_ssyrk(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                 const int N, const int K, const float alpha, const float *A, const int lda,
                 const float beta, float *C, const int ldc);
void cblas_ssyr2k(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                  const int N, const int K, const float alpha, const float *A, const int lda,
                  const float *B, const int ldb, const float beta, float *C, const int ldc);
void cblas_strmm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag, const int M, const int N,
                 const float alpha, const float *A, const int lda, float *B, const int ldb);
void cblas_strsm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag, const int M, const int N,
                 const float alpha, const float *A, const int lda, float *B, const int ldb);
void cblas_dsymm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const int M, const int N, const double alpha, const double *A, const int lda,
                 const double *B, const int ldb, const double beta, double *C, const int ldc);
void cblas_dsyrk(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                 const int N, const int K, const double alpha, const double *A, const int lda,
                 const double beta, double *C, const int ldc);
void cblas_dsyr2k(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                  const int N, const int K, const double alpha, const double *A, const int lda,
                  const double *B, const int ldb, const double beta, double *C, const int ldc);
void cblas_dtrmm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag, const int M, const int N,
                 const double alpha, const double *A, const int lda, double *B, const int ldb);
void cblas_dtrsm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag, const int M, const int N,
                 const double alpha, const double *A, const int lda, double *B, const int ldb);
void cblas_csymm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const int M, const int N, const void *alpha, const void *A, const int lda,
                 const void *B, const int ldb, const void *beta, void *C, const int ldc);
void cblas_csyrk(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                 const int N, const int K, const void *alpha, const void *A, const int lda,
                 const void *beta, void *C, const int ldc);
void cblas_csyr2k(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                  const int N, const int K, const void *alpha, const void *A, const int lda,
                  const void *B, const int ldb, const void *beta, void *C, const int ldc);
void cblas_ctrmm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag, const int M, const int N,
                 const void *alpha, const void *A, const int lda, void *B, const int ldb);
void cblas_ctrsm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag, const int M, const int N,
                 const void *alpha, const void *A, const int lda, void *B, const int ldb);
void cblas_zsymm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const int M, const int N, const void *alpha, const void *A, const int lda,
                 const void *B, const int ldb, const void *beta, void *C, const int ldc);
void cblas_zsyrk(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                 const int N, const int K, const void *alpha, const void *A, const int lda,
                 const void *beta, void *C, const int ldc);
void cblas_zsyr2k(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                  const int N, const int K, const void *alpha, const void *A, const int lda,
                  const void *B, const int ldb, const void *beta, void *C, const int ldc);
void cblas_ztrmm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag, const int M, const int N,
                 const void *alpha, const void *A, const int lda, void *B, const int ldb);
void cblas_ztrsm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag, const int M, const int N,
                 const void *alpha, const void *A, const int lda, void *B, const int ldb);

void cblas_cgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA, CBLAS_TRANSPOSE TransB, const int M,
                 const int N, const int K, const void *alpha, const void *A, const int lda,
                 const void *B, const int ldb, const void *beta, void *C, const int ldc);
void cblas_zgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA, CBLAS_TRANSPOSE TransB, const int M,
                 const int N, const int K, const void *alpha, const void *A, const int lda,
                 const void *B, const int ldb, const void *beta, void *C, const int ldc);

void cblas_chemm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const int M, const int N, const void *alpha, const void *A, const int lda,
                 const void *B, const int ldb, const void *beta, void *C, const int ldc);
void cblas_cherk(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                 const int N, const int K, const float alpha, const void *A, const int lda,
                 const float beta, void *C, const int ldc);
void cblas_cher2k(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                  const int N, const int K, const void *alpha, const void *A, const int lda,
                  const void *B, const int ldb, const float beta, void *C, const int ldc);
void cblas_zhemm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const int M, const int N, const void *alpha, const void *A, const int lda,
                 const void *B, const int ldb, const void *beta, void *C, const int ldc);
void cblas_zherk(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                 const int N, const int K, const double alpha, const void *A, const int lda,
                 const double beta, void *C, const int ldc);
void cblas_zher2k(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                  const int N, const int K, const void *alpha, const void *A, const int lda,
                  const void *B, const int ldb, const double beta, void *C, const int ldc);

/* C = alpha op(A) op(B) + beta C on the Uplo triangle of the N x N matrix C only
 * (OpenBLAS/MKL extension; LAPACK 3.12 names it ?gemmtr). */
void cblas_sgemmt(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA,
                  CBLAS_TRANSPOSE TransB, const int N, const int K, const float alpha,
                  const float *A, const int lda, const float *B, const int ldb, const float beta,
                  float *C, const int ldc);
void cblas_sgemmtr(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA,
                   CBLAS_TRANSPOSE TransB, const int N, const int K, const float alpha,
                   const float *A, const int lda, const float *B, const int ldb, const float beta,
                   float *C, const int ldc);
void cblas_dgemmt(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA,
                  CBLAS_TRANSPOSE TransB, const int N, const int K, const double alpha,
                  const double *A, const int lda, const double *B, const int ldb, const double beta,
                  double *C, const int ldc);
void cblas_dgemmtr(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA,
                   CBLAS_TRANSPOSE TransB, const int N, const int K, const double alpha,
                   const double *A, const int lda, const double *B, const int ldb,
                   const double beta, double *C, const int ldc);
void cblas_cgemmt(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA,
                  CBLAS_TRANSPOSE TransB, const int N, const int K, const void *alpha,
                  const void *A, const int lda, const void *B, const int ldb, const void *beta,
                  void *C, const int ldc);
void cblas_cgemmtr(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA,
                   CBLAS_TRANSPOSE TransB, const int N, const int K, const void *alpha,
                   const void *A, const int lda, const void *B, const int ldb, const void *beta,
                   void *C, const int ldc);
void cblas_zgemmt(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA,
                  CBLAS_TRANSPOSE TransB, const int N, const int K, const void *alpha,
                  const void *A, const int lda, const void *B, const int ldb, const void *beta,
                  void *C, const int ldc);
void cblas_zgemmtr(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA,
                   CBLAS_TRANSPOSE TransB, const int N, const int K, const void *alpha,
                   const void *A, const int lda, const void *B, const int ldb, const void *beta,
                   void *C, const int ldc);

/* ------------------------------------------------- Extensions (OpenBLAS, MKL)
 * ?axpby: Y = alpha*X + beta*Y.  ?omatcopy: B = alpha*op(A);
 * ?imatcopy: the same in place (A's storage becomes B with ldb).  op is
 * CblasNoTrans, CblasTrans, CblasConjTrans or CblasConjNoTrans; complex
 * alpha and matrices are passed as pointers to (real, imaginary) pairs. */
void cblas_saxpby(const int n, const float alpha, const float *x, const int incx, const float beta,
                  float *y, const int incy);
void cblas_daxpby(const int n, const double alpha, const double *x, const int incx,
                  const double beta, double *y, const int incy);
void cblas_caxpby(const int n, const void *alpha, const void *x, const int incx, const void *beta,
                  void *y, const int incy);
void cblas_zaxpby(const int n, const void *alpha, const void *x, const int incx, const void *beta,
                  void *y, const int incy);
void cblas_somatcopy(const CBLAS_ORDER CORDER, const CBLAS_TRANSPOSE CTRANS, const int crows,
                     const int ccols, const float calpha, const float *a, const int clda, float *b,
                     const int cldb);
void cblas_domatcopy(const CBLAS_ORDER CORDER, const CBLAS_TRANSPOSE CTRANS, const int crows,
                     const int ccols, const double calpha, const double *a, const int clda,
                     double *b, const int cldb);
void cblas_comatcopy(const CBLAS_ORDER CORDER, const CBLAS_TRANSPOSE CTRANS, const int crows,
                     const int ccols, const float *calpha, const float *a, const int clda,
                     float *b, const int cldb);
void cblas_zomatcopy(const CBLAS_ORDER CORDER, const CBLAS_TRANSPOSE CTRANS, const int crows,
                     const int ccols, const double *calpha, const double *a, const int clda,
                     double *b, const int cldb);
void cblas_simatcopy(const CBLAS_ORDER CORDER, const CBLAS_TRANSPOSE CTRANS, const int crows,
                     const int ccols, const float calpha, float *a, const int clda,
                     const int cldb);
void cblas_dimatcopy(const CBLAS_ORDER CORDER, const CBLAS_TRANSPOSE CTRANS, const int crows,
                     const int ccols, const double calpha, double *a, const int clda,
                     const int cldb);
void cblas_cimatcopy(const CBLAS_ORDER CORDER, const CBLAS_TRANSPOSE CTRANS, const int crows,
                     const int ccols, const float *calpha, float *a, const int clda,
                     const int cldb);
void cblas_zimatcopy(const CBLAS_ORDER CORDER, const CBLAS_TRANSPOSE CTRANS, const int crows,
                     const int ccols, const double *calpha, double *a, const int clda,
                     const int cldb);

/* Error handler: called with the 1-based number of the first illegal
 * argument, the routine name ("cblas_sgemm") and a printf-style message.
 * Ours prints and returns; a program may define its own. */
void cblas_xerbla(int p, const char *rout, const char *form, ...);

#ifdef __cplusplus
}
#endif
#endif /* TILEBLAS_CBLAS_H */
