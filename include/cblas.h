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
typedef enum CBLAS_TRANSPOSE { CblasNoTrans = 111, CblasTrans = 112, CblasConjTrans = 113 } CBLAS_TRANSPOSE;
typedef enum CBLAS_UPLO { CblasUpper = 121, CblasLower = 122 } CBLAS_UPLO;
typedef enum CBLAS_DIAG { CblasNonUnit = 131, CblasUnit = 132 } CBLAS_DIAG;
typedef enum CBLAS_SIDE { CblasLeft = 141, CblasRight = 142 } CBLAS_SIDE;
typedef CBLAS_LAYOUT CBLAS_ORDER; /* the pre-3.6 name */

/* ------------------------------------------------------------ Level 1 */
float  cblas_sdsdot(const int N, const float alpha, const float *X, const int incX,
                    const float *Y, const int incY);
double cblas_dsdot(const int N, const float *X, const int incX, const float *Y,
                   const int incY);
float  cblas_sdot(const int N, const float *X, const int incX, const float *Y, const int incY);
double cblas_ddot(const int N, const double *X, const int incX, const double *Y,
                  const int incY);
void cblas_cdotu_sub(const int N, const void *X, const int incX, const void *Y, const int incY,
                     void *dotu);
void cblas_cdotc_sub(const int N, const void *X, const int incX, const void *Y, const int incY,
                     void *dotc);
void cblas_zdotu_sub(const int N, const void *X, const int incX, const void *Y, const int incY,
                     void *dotu);
void cblas_zdotc_sub(const int N, const void *X, const int incX, const void *Y, const int incY,
                     void *dotc);

float  cblas_snrm2(const int N, const float *X, const int incX);
float  cblas_sasum(const int N, const float *X, const int incX);
double cblas_dnrm2(const int N, const double *X, const int incX);
double cblas_dasum(const int N, const double *X, const int incX);
float  cblas_scnrm2(const int N, const void *X, const int incX);
float  cblas_scasum(const int N, const void *X, const int incX);
double cblas_dznrm2(const int N, const void *X, const int incX);
double cblas_dzasum(const int N, const void *X, const int incX);

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
void cblas_srotm(const int N, float *X, const int incX, float *Y, const int incY,
                 const float *P);
void cblas_drotg(double *a, double *b, double *c, double *s);
void cblas_drotmg(double *d1, double *d2, double *b1, const double b2, double *P);
void cblas_drot(const int N, double *X, const int incX, double *Y, const int incY,
                const double c, const double s);
void cblas_drotm(const int N, double *X, const int incX, double *Y, const int incY,
                 const double *P);
void cblas_crotg(void *a, void *b, float *c, void *s);
void cblas_zrotg(void *a, void *b, double *c, void *s);
void cblas_csrot(const int N, void *X, const int incX, void *Y, const int incY, const float c,
                 const float s);
void cblas_zdrot(const int N, void *X, const int incX, void *Y, const int incY,
                 const double c, const double s);

void cblas_sscal(const int N, const float alpha, float *X, const int incX);
void cblas_dscal(const int N, const double alpha, double *X, const int incX);
void cblas_cscal(const int N, const void *alpha, void *X, const int incX);
void cblas_zscal(const int N, const void *alpha, void *X, const int incX);
void cblas_csscal(const int N, const float alpha, void *X, const int incX);
void cblas_zdscal(const int N, const double alpha, void *X, const int incX);

/* ------------------------------------------------------------ Level 2 */
#define TILEBLAS_CBLAS_GEMV(p, T, S)                                                          \
  void cblas_##p##gemv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA, const int M,  \
                       const int N, const S alpha, const T *A, const int lda, const T *X,     \
                       const int incX, const S beta, T *Y, const int incY);                   \
  void cblas_##p##gbmv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA, const int M,  \
                       const int N, const int KL, const int KU, const S alpha, const T *A,    \
                       const int lda, const T *X, const int incX, const S beta, T *Y,         \
                       const int incY);                                                       \
  void cblas_##p##trmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,                      \
                       const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag, const int N,      \
                       const T *A, const int lda, T *X, const int incX);                      \
  void cblas_##p##tbmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,                      \
                       const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag, const int N,      \
                       const int K, const T *A, const int lda, T *X, const int incX);         \
  void cblas_##p##tpmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,                      \
                       const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag, const int N,      \
                       const T *Ap, T *X, const int incX);                                    \
  void cblas_##p##trsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,                      \
                       const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag, const int N,      \
                       const T *A, const int lda, T *X, const int incX);                      \
  void cblas_##p##tbsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,                      \
                       const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag, const int N,      \
                       const int K, const T *A, const int lda, T *X, const int incX);         \
  void cblas_##p##tpsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,                      \
                       const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag, const int N,      \
                       const T *Ap, T *X, const int incX);
/* alpha/beta are passed by value for real types and by pointer for complex. */
TILEBLAS_CBLAS_GEMV(s, float, float)
TILEBLAS_CBLAS_GEMV(d, double, double)
TILEBLAS_CBLAS_GEMV(c, void, void *)
TILEBLAS_CBLAS_GEMV(z, void, void *)
#undef TILEBLAS_CBLAS_GEMV

#define TILEBLAS_CBLAS_REAL_L2(p, T)                                                          \
  void cblas_##p##symv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N,         \
                       const T alpha, const T *A, const int lda, const T *X, const int incX,  \
                       const T beta, T *Y, const int incY);                                   \
  void cblas_##p##sbmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N,         \
                       const int K, const T alpha, const T *A, const int lda, const T *X,     \
                       const int incX, const T beta, T *Y, const int incY);                   \
  void cblas_##p##spmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N,         \
                       const T alpha, const T *Ap, const T *X, const int incX, const T beta,  \
                       T *Y, const int incY);                                                 \
  void cblas_##p##ger(const CBLAS_LAYOUT layout, const int M, const int N, const T alpha,     \
                      const T *X, const int incX, const T *Y, const int incY, T *A,           \
                      const int lda);                                                         \
  void cblas_##p##syr(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N,          \
                      const T alpha, const T *X, const int incX, T *A, const int lda);        \
  void cblas_##p##spr(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N,          \
                      const T alpha, const T *X, const int incX, T *Ap);                      \
  void cblas_##p##syr2(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N,         \
                       const T alpha, const T *X, const int incX, const T *Y, const int incY, \
                       T *A, const int lda);                                                  \
  void cblas_##p##spr2(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N,         \
                       const T alpha, const T *X, const int incX, const T *Y, const int incY, \
                       T *A);
TILEBLAS_CBLAS_REAL_L2(s, float)
TILEBLAS_CBLAS_REAL_L2(d, double)
#undef TILEBLAS_CBLAS_REAL_L2

#define TILEBLAS_CBLAS_COMPLEX_L2(p, R)                                                       \
  void cblas_##p##hemv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N,         \
                       const void *alpha, const void *A, const int lda, const void *X,        \
                       const int incX, const void *beta, void *Y, const int incY);            \
  void cblas_##p##hbmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N,         \
                       const int K, const void *alpha, const void *A, const int lda,          \
                       const void *X, const int incX, const void *beta, void *Y,              \
                       const int incY);                                                       \
  void cblas_##p##hpmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N,         \
                       const void *alpha, const void *Ap, const void *X, const int incX,      \
                       const void *beta, void *Y, const int incY);                            \
  void cblas_##p##geru(const CBLAS_LAYOUT layout, const int M, const int N,                   \
                       const void *alpha, const void *X, const int incX, const void *Y,       \
                       const int incY, void *A, const int lda);                               \
  void cblas_##p##gerc(const CBLAS_LAYOUT layout, const int M, const int N,                   \
                       const void *alpha, const void *X, const int incX, const void *Y,       \
                       const int incY, void *A, const int lda);                               \
  void cblas_##p##her(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N,          \
                      const R alpha, const void *X, const int incX, void *A, const int lda);  \
  void cblas_##p##hpr(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N,          \
                      const R alpha, const void *X, const int incX, void *A);                 \
  void cblas_##p##her2(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N,         \
                       const void *alpha, const void *X, const int incX, const void *Y,       \
                       const int incY, void *A, const int lda);                               \
  void cblas_##p##hpr2(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const int N,         \
                       const void *alpha, const void *X, const int incX, const void *Y,       \
                       const int incY, void *Ap);
TILEBLAS_CBLAS_COMPLEX_L2(c, float)
TILEBLAS_CBLAS_COMPLEX_L2(z, double)
#undef TILEBLAS_CBLAS_COMPLEX_L2

/* ------------------------------------------------------------ Level 3 */
void cblas_sgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA, CBLAS_TRANSPOSE TransB,
                 const int M, const int N, const int K, const float alpha,
                 const float *A, const int lda, const float *B, const int ldb,
                 const float beta, float *C, const int ldc);
void cblas_dgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA, CBLAS_TRANSPOSE TransB,
                 const int M, const int N, const int K, const double alpha,
                 const double *A, const int lda, const double *B, const int ldb,
                 const double beta, double *C, const int ldc);

#define TILEBLAS_CBLAS_L3(p, T, S)                                                            \
  void cblas_##p##symm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side,                      \
                       const CBLAS_UPLO Uplo, const int M, const int N, const S alpha,        \
                       const T *A, const int lda, const T *B, const int ldb, const S beta,    \
                       T *C, const int ldc);                                                  \
  void cblas_##p##syrk(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,                      \
                       const CBLAS_TRANSPOSE Trans, const int N, const int K, const S alpha,  \
                       const T *A, const int lda, const S beta, T *C, const int ldc);         \
  void cblas_##p##syr2k(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,                     \
                        const CBLAS_TRANSPOSE Trans, const int N, const int K, const S alpha, \
                        const T *A, const int lda, const T *B, const int ldb, const S beta,   \
                        T *C, const int ldc);                                                 \
  void cblas_##p##trmm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side,                      \
                       const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,                   \
                       const CBLAS_DIAG Diag, const int M, const int N, const S alpha,        \
                       const T *A, const int lda, T *B, const int ldb);                       \
  void cblas_##p##trsm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side,                      \
                       const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,                   \
                       const CBLAS_DIAG Diag, const int M, const int N, const S alpha,        \
                       const T *A, const int lda, T *B, const int ldb);
TILEBLAS_CBLAS_L3(s, float, float)
TILEBLAS_CBLAS_L3(d, double, double)
TILEBLAS_CBLAS_L3(c, void, void *)
TILEBLAS_CBLAS_L3(z, void, void *)
#undef TILEBLAS_CBLAS_L3

void cblas_cgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA, CBLAS_TRANSPOSE TransB,
                 const int M, const int N, const int K, const void *alpha, const void *A,
                 const int lda, const void *B, const int ldb, const void *beta, void *C,
                 const int ldc);
void cblas_zgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA, CBLAS_TRANSPOSE TransB,
                 const int M, const int N, const int K, const void *alpha, const void *A,
                 const int lda, const void *B, const int ldb, const void *beta, void *C,
                 const int ldc);

#define TILEBLAS_CBLAS_HERMITIAN_L3(p, R)                                                     \
  void cblas_##p##hemm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side,                      \
                       const CBLAS_UPLO Uplo, const int M, const int N, const void *alpha,    \
                       const void *A, const int lda, const void *B, const int ldb,            \
                       const void *beta, void *C, const int ldc);                             \
  void cblas_##p##herk(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,                      \
                       const CBLAS_TRANSPOSE Trans, const int N, const int K, const R alpha,  \
                       const void *A, const int lda, const R beta, void *C, const int ldc);   \
  void cblas_##p##her2k(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,                     \
                        const CBLAS_TRANSPOSE Trans, const int N, const int K,                \
                        const void *alpha, const void *A, const int lda, const void *B,       \
                        const int ldb, const R beta, void *C, const int ldc);
TILEBLAS_CBLAS_HERMITIAN_L3(c, float)
TILEBLAS_CBLAS_HERMITIAN_L3(z, double)
#undef TILEBLAS_CBLAS_HERMITIAN_L3

/* Error handler: called with the 1-based number of the first illegal
 * argument, the routine name ("cblas_sgemm") and a printf-style message.
 * Ours prints and returns; a program may define its own. */
void cblas_xerbla(int p, const char *rout, const char *form, ...);

#ifdef __cplusplus
}
#endif
#endif /* TILEBLAS_CBLAS_H */
