/* tileblas.h -- tileblas's own API beyond the BLAS: version, thread control,
 * and what the library chose at load time.  Include <cblas.h> for the BLAS. */
#ifndef TILEBLAS_H
#define TILEBLAS_H

#include <stddef.h>
#include <stdint.h>

#include "cblas.h" /* CBLAS_LAYOUT, CBLAS_TRANSPOSE for the half-precision GEMMs */

#ifdef __cplusplus
extern "C" {
#endif

#define TILEBLAS_VERSION_MAJOR 0
#define TILEBLAS_VERSION_MINOR 1
#define TILEBLAS_VERSION_PATCH 0

/* "0.1.0" */
const char *tileblas_version(void);

/* Threads used by one BLAS call.  Starts from TILEBLAS_NUM_THREADS, else
 * OMP_NUM_THREADS, else the number of cores; n < 1 restores that default.
 * Takes effect on the next call. */
void tileblas_set_num_threads(int n);
int tileblas_get_num_threads(void);

/* One line: version, CPU target, threading, e.g.
 * "tileblas 0.1.0 target=avx512 threads=2 openmp" (and " deterministic"
 * under TILEBLAS_DETERMINISTIC=1) */
const char *tileblas_get_config(void);

/* Name of the CPU target in use: "zen5", "avx512", "avx2" or "generic". */
const char *tileblas_get_corename(void);

/* The same controls under OpenBLAS's names, which threadpoolctl, NumPy and
 * SciPy tooling look for. */
void openblas_set_num_threads(int n);
int openblas_get_num_threads(void);
char *openblas_get_config(void);
char *openblas_get_corename(void);
int openblas_get_parallel(void); /* 0 sequential, 1 pthreads, 2 OpenMP */

/* ---------------------------------------------------------------------------
 * Half precision.  16-bit values are passed and stored as uint16_t bits:
 * IEEE binary16 ("f16", "h") or bfloat16 ("bf16", "sb").  (Not _Float16:
 * x86-64 passes that in a vector register, so it is not the same ABI.)
 * Products are accumulated in fp32.  Arguments, errors (cblas_xerbla /
 * xerbla_ with these routines' names), quick returns, alpha == 0 (A and B
 * not read) and beta == 0 (C not read) behave as in cblas_sgemm / sgemm_. */

/* fp16 A, B, C, alpha, beta (MKL's cblas_hgemm): C is rounded to fp16 once,
 * to nearest even, after fp32 accumulation. */
void cblas_hgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb,
                 const int m, const int n, const int k, const uint16_t alpha, const uint16_t *a,
                 const int lda, const uint16_t *b, const int ldb, const uint16_t beta,
                 uint16_t *c, const int ldc);

/* fp16 A and B; fp32 alpha, beta and C.  MKL's and OpenBLAS's names. */
void cblas_gemm_f16f16f32(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb,
                          const int m, const int n, const int k, const float alpha,
                          const uint16_t *a, const int lda, const uint16_t *b, const int ldb,
                          const float beta, float *c, const int ldc);
void cblas_shgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb,
                  const int m, const int n, const int k, const float alpha, const uint16_t *a,
                  const int lda, const uint16_t *b, const int ldb, const float beta, float *c,
                  const int ldc);

/* bf16 A and B; fp32 alpha, beta and C.  MKL's and OpenBLAS's names.  On CPUs
 * with AVX-512 BF16 the products use vdpbf16ps, which treats subnormal bf16
 * inputs as zero. */
void cblas_gemm_bf16bf16f32(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb,
                            const int m, const int n, const int k, const float alpha,
                            const uint16_t *a, const int lda, const uint16_t *b, const int ldb,
                            const float beta, float *c, const int ldc);
void cblas_sbgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb,
                  const int m, const int n, const int k, const float alpha, const uint16_t *a,
                  const int lda, const uint16_t *b, const int ldb, const float beta, float *c,
                  const int ldc);

/* Fortran-style forms (column-major, pointers, hidden string lengths). */
void hgemm_(const char *transa, const char *transb, const int *m, const int *n, const int *k,
            const uint16_t *alpha, const uint16_t *a, const int *lda, const uint16_t *b,
            const int *ldb, const uint16_t *beta, uint16_t *c, const int *ldc, size_t transa_len,
            size_t transb_len);
void shgemm_(const char *transa, const char *transb, const int *m, const int *n, const int *k,
             const float *alpha, const uint16_t *a, const int *lda, const uint16_t *b,
             const int *ldb, const float *beta, float *c, const int *ldc, size_t transa_len,
             size_t transb_len);
void sbgemm_(const char *transa, const char *transb, const int *m, const int *n, const int *k,
             const float *alpha, const uint16_t *a, const int *lda, const uint16_t *b,
             const int *ldb, const float *beta, float *c, const int *ldc, size_t transa_len,
             size_t transb_len);

/* Conversions: widening is exact; narrowing rounds to nearest even,
 * overflows to +-inf, keeps subnormals, and keeps NaN a (quiet) NaN. */
uint16_t tileblas_f32_to_f16(float x);
float tileblas_f16_to_f32(uint16_t h);
uint16_t tileblas_f32_to_bf16(float x);
float tileblas_bf16_to_f32(uint16_t h);
/* The same on arrays of n values (vectorized). */
void tileblas_f32_to_f16_array(size_t n, const float *src, uint16_t *dst);
void tileblas_f16_to_f32_array(size_t n, const uint16_t *src, float *dst);
void tileblas_f32_to_bf16_array(size_t n, const float *src, uint16_t *dst);
void tileblas_bf16_to_f32_array(size_t n, const uint16_t *src, float *dst);

#ifdef __cplusplus
}
#endif
#endif /* TILEBLAS_H */
