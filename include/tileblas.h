/* tileblas.h -- tileblas's own API beyond the BLAS: version, thread control,
 * and what the library chose at load time.  Include <cblas.h> for the BLAS. */
#ifndef TILEBLAS_H
#define TILEBLAS_H

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
 * "tileblas 0.1.0 target=avx512 threads=2 openmp" */
const char *tileblas_get_config(void);

/* Name of the CPU target in use: "avx512", "avx2" or "generic". */
const char *tileblas_get_corename(void);

/* The same controls under OpenBLAS's names, which threadpoolctl, NumPy and
 * SciPy tooling look for. */
void openblas_set_num_threads(int n);
int openblas_get_num_threads(void);
char *openblas_get_config(void);
char *openblas_get_corename(void);
int openblas_get_parallel(void); /* 0 sequential, 1 pthreads, 2 OpenMP */

#ifdef __cplusplus
}
#endif
#endif /* TILEBLAS_H */
