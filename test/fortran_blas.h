// fortran_blas.h -- the Fortran BLAS entry points the tests call, as the
// gfortran ABI passes them: every argument by pointer, then one hidden
// size_t length per CHARACTER argument, in order.
#ifndef TILEBLAS_TEST_FORTRAN_BLAS_H
#define TILEBLAS_TEST_FORTRAN_BLAS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

void sgemm_(const char *transa, const char *transb, const int *m, const int *n,
            const int *k, const float *alpha, const float *a, const int *lda,
            const float *b, const int *ldb, const float *beta, float *c,
            const int *ldc, size_t transa_len, size_t transb_len);

void dgemm_(const char *transa, const char *transb, const int *m, const int *n,
            const int *k, const double *alpha, const double *a, const int *lda,
            const double *b, const int *ldb, const double *beta, double *c,
            const int *ldc, size_t transa_len, size_t transb_len);

#ifdef __cplusplus
}
#endif

#endif
