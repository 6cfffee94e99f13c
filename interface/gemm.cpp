// gemm.cpp -- ?gemm_ (Fortran) and cblas_?gemm: argument checks in netlib
// order, quick returns, row-major as the transposed column-major problem,
// then one call into the engine.
#include "gemm.hpp"

#include "abi.hpp"
#include "gemm_args.hpp"

namespace tileblas::abi {
namespace {

template <class T>
struct GemmNames;
template <>
struct GemmNames<float> {
  static constexpr const char *fortran = "SGEMM", *cblas = "cblas_sgemm";
};
template <>
struct GemmNames<double> {
  static constexpr const char *fortran = "DGEMM", *cblas = "cblas_dgemm";
};

// Checked column-major GEMM; returns the Fortran INFO, having done nothing
// when it is not 0.
template <class T>
int checked_gemm(char transa, char transb, int m, int n, int k, T alpha, const T *a, int lda,
                 const T *b, int ldb, T beta, T *c, int ldc) {
  if (int info = check_gemm(transa, transb, m, n, k, lda, ldb, ldc)) return info;
  if (m == 0 || n == 0 || ((alpha == T(0) || k == 0) && beta == T(1))) return 0;
  const Trans ta = same_letter(transa, 'N') ? Trans::No : Trans::Yes;
  const Trans tb = same_letter(transb, 'N') ? Trans::No : Trans::Yes;
  gemm<T>(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  return 0;
}

template <class T>
void fortran_gemm(const char *transa, const char *transb, const int *m, const int *n,
                  const int *k, const T *alpha, const T *a, const int *lda, const T *b,
                  const int *ldb, const T *beta, T *c, const int *ldc) {
  trace("%s_ %c%c m=%d n=%d k=%d", GemmNames<T>::fortran, *transa, *transb, *m, *n, *k);
  if (int info = checked_gemm<T>(*transa, *transb, *m, *n, *k, *alpha, a, *lda, b, *ldb, *beta,
                                 c, *ldc))
    fortran_error(GemmNames<T>::fortran, info);
}

template <class T>
void cblas_gemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb, int m,
                int n, int k, T alpha, const T *a, int lda, const T *b, int ldb, T beta, T *c,
                int ldc) {
  cblas_gemm_front(GemmNames<T>::cblas, layout, transa, transb, m, n, k,
                   [&](bool row_major, char ta, char tb) {
                     return row_major ? checked_gemm<T>(tb, ta, n, m, k, alpha, b, ldb, a, lda,
                                                        beta, c, ldc)
                                      : checked_gemm<T>(ta, tb, m, n, k, alpha, a, lda, b, ldb,
                                                        beta, c, ldc);
                   });
}

}  // namespace
}  // namespace tileblas::abi

using tileblas::abi::cblas_gemm;
using tileblas::abi::fortran_gemm;

extern "C" {

__attribute__((visibility("default"))) void sgemm_(const char *transa, const char *transb,
                                                   const int *m, const int *n, const int *k,
                                                   const float *alpha, const float *a,
                                                   const int *lda, const float *b, const int *ldb,
                                                   const float *beta, float *c, const int *ldc,
                                                   std::size_t, std::size_t) {
  fortran_gemm(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

__attribute__((visibility("default"))) void dgemm_(const char *transa, const char *transb,
                                                   const int *m, const int *n, const int *k,
                                                   const double *alpha, const double *a,
                                                   const int *lda, const double *b,
                                                   const int *ldb, const double *beta, double *c,
                                                   const int *ldc, std::size_t, std::size_t) {
  fortran_gemm(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

__attribute__((visibility("default"))) void cblas_sgemm(
    CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb, const int m, const int n,
    const int k, const float alpha, const float *a, const int lda, const float *b, const int ldb,
    const float beta, float *c, const int ldc) {
  cblas_gemm(layout, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

__attribute__((visibility("default"))) void cblas_dgemm(
    CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb, const int m, const int n,
    const int k, const double alpha, const double *a, const int lda, const double *b,
    const int ldb, const double beta, double *c, const int ldc) {
  cblas_gemm(layout, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

}  // extern "C"
