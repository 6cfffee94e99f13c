// level3_gemm_complex.cpp -- cgemm_/zgemm_ and cblas_cgemm/cblas_zgemm:
// netlib checks and quick returns, row-major as the transposed column-major
// problem, then one call into the engine (gemm_any -> gemm_complex).
#include "level3_args.hpp"

namespace tileblas::abi::level3 {
namespace {

// Fortran INFO: TRANSA=1, TRANSB=2, M=3, N=4, K=5, LDA=8, LDB=10, LDC=13.
template <class T>
int checked_gemm(char transa, char transb, int m, int n, int k, const T &alpha, const T *a,
                 int lda, const T *b, int ldb, const T &beta, T *c, int ldc) {
  Op ta, tb;
  if (!op_of(transa, ta)) return 1;
  if (!op_of(transb, tb)) return 2;
  if (m < 0) return 3;
  if (n < 0) return 4;
  if (k < 0) return 5;
  if (lda < max1(ta == Op::N ? m : k)) return 8;
  if (ldb < max1(tb == Op::N ? k : n)) return 10;
  if (ldc < max1(m)) return 13;
  if (m == 0 || n == 0 || ((alpha == T(0) || k == 0) && beta == T(1))) return 0;
  gemm_any<T>(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  return 0;
}

template <class T>
void fortran_gemm(const char *name, const char *transa, const char *transb, const int *m,
                  const int *n, const int *k, const T *alpha, const T *a, const int *lda,
                  const T *b, const int *ldb, const T *beta, T *c, const int *ldc) {
  trace("%s_ %c%c m=%d n=%d k=%d", name, *transa, *transb, *m, *n, *k);
  // Own copies of the scalars, passed on by reference (level2/engines.hpp
  // says why: by value, GCC rebuilds a complex<float> through the stack).
  const T al = *alpha, be = *beta;
  if (int info = checked_gemm<T>(*transa, *transb, *m, *n, *k, al, a, *lda, b, *ldb, be, c,
                                 *ldc))
    fortran_error(name, info);
}

template <class T>
void cblas_gemm(const char *name, CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                CBLAS_TRANSPOSE transb, int m, int n, int k, const void *alpha, const void *a,
                int lda, const void *b, int ldb, const void *beta, void *c, int ldc) {
  trace("%s layout=%d %d %d m=%d n=%d k=%d", name, layout, transa, transb, m, n, k);
  const bool row_major = layout == CblasRowMajor;
  if (!row_major && layout != CblasColMajor) return cblas_error(name, 1, false);
  const char ta = trans_letter(transa), tb = trans_letter(transb);
  if (!ta) return cblas_error(name, 2, row_major);
  if (!tb) return cblas_error(name, 3, row_major);
  const T al = scalar<T>(alpha), be = scalar<T>(beta);
  const T *pa = static_cast<const T *>(a), *pb = static_cast<const T *>(b);
  T *pc = static_cast<T *>(c);
  // Row-major C = op(A) op(B) is column-major C^T = op(B)^T op(A)^T.
  const int info = row_major ? checked_gemm<T>(tb, ta, n, m, k, al, pb, ldb, pa, lda, be, pc, ldc)
                             : checked_gemm<T>(ta, tb, m, n, k, al, pa, lda, pb, ldb, be, pc, ldc);
  if (info) cblas_error(name, info + 1, row_major);
}

}  // namespace
}  // namespace tileblas::abi::level3

using namespace tileblas::abi::level3;

extern "C" {

__attribute__((visibility("default"))) void cgemm_(const char *transa, const char *transb,
                                                   const int *m, const int *n, const int *k,
                                                   const cfloat *alpha, const cfloat *a,
                                                   const int *lda, const cfloat *b, const int *ldb,
                                                   const cfloat *beta, cfloat *c, const int *ldc,
                                                   std::size_t, std::size_t) {
  fortran_gemm("CGEMM", transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

__attribute__((visibility("default"))) void zgemm_(const char *transa, const char *transb,
                                                   const int *m, const int *n, const int *k,
                                                   const cdouble *alpha, const cdouble *a,
                                                   const int *lda, const cdouble *b,
                                                   const int *ldb, const cdouble *beta,
                                                   cdouble *c, const int *ldc, std::size_t,
                                                   std::size_t) {
  fortran_gemm("ZGEMM", transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

__attribute__((visibility("default"))) void cblas_cgemm(
    CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb, const int m, const int n,
    const int k, const void *alpha, const void *a, const int lda, const void *b, const int ldb,
    const void *beta, void *c, const int ldc) {
  cblas_gemm<cfloat>("cblas_cgemm", layout, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta,
                     c, ldc);
}

__attribute__((visibility("default"))) void cblas_zgemm(
    CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb, const int m, const int n,
    const int k, const void *alpha, const void *a, const int lda, const void *b, const int ldb,
    const void *beta, void *c, const int ldc) {
  cblas_gemm<cdouble>("cblas_zgemm", layout, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta,
                      c, ldc);
}

}  // extern "C"
