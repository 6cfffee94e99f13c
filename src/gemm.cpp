#include "gemm.hpp"

#include "dispatch.hpp"
#include "environment.hpp"
#include "gemm_driver.hpp"
#include "gemm_reference.hpp"
#include "gpu/offload.hpp"
#include "threading.hpp"

namespace tileblas {

template <class T>
void scale_matrix(index_t m, index_t n, T beta, T *c, index_t ldc) {
  if (beta == T(1)) return;
  for (index_t j = 0; j < n; ++j) {
    T *col = c + j * ldc;
    if (beta == T(0))
      for (index_t i = 0; i < m; ++i) col[i] = T(0);
    else
      for (index_t i = 0; i < m; ++i) col[i] *= beta;
  }
}

// Out of line, and only when the GPU may take the call: the callback's
// captures would otherwise cost every small call (a fifth of a 4^3 sgemm).
template <class T>
__attribute__((noinline)) bool gemm_on_gpu(Trans ta, Trans tb, index_t m, index_t n, index_t k,
                                           T alpha, const T *a, index_t lda, const T *b,
                                           index_t ldb, T beta, T *c, index_t ldc) {
  constexpr bool fp64 = sizeof(T) == 8;
  constexpr cuda::Elem elem = fp64 ? cuda::Elem::F64 : cuda::Elem::F32;
  return gpu::try_gpu_gemm(fp64 ? "dgemm" : "sgemm", elem, elem, ta, tb, m, n, k, alpha, a, lda,
                           b, ldb, beta, c, ldc,
                           [&](index_t rows, index_t cols, const T *at, const T *bt, T *ct) {
                             gemm_cpu<T>(ta, tb, rows, cols, k, alpha, at, lda, bt, ldb, beta, ct,
                                         ldc);
                           });
}

template <class T>
void gemm(Trans ta, Trans tb, index_t m, index_t n, index_t k, T alpha, const T *a, index_t lda,
          const T *b, index_t ldb, T beta, T *c, index_t ldc) {
  if (m <= 0 || n <= 0) return;
  const double flops = alpha != T(0) && k > 0 ? 2.0 * double(m) * double(n) * double(k) : 0;
  if (gpu::may_offload(flops) &&
      gemm_on_gpu(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc))
    return;
  gemm_cpu<T>(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

template <class T>
void gemm_cpu(Trans ta, Trans tb, index_t m, index_t n, index_t k, T alpha, const T *a,
              index_t lda, const T *b, index_t ldb, T beta, T *c, index_t ldc) {
  if (m <= 0 || n <= 0) return;
  if (alpha == T(0) || k <= 0) {
    scale_matrix(m, n, beta, c, ldc);
    return;
  }
  // op(A)(i, p) = a[i*a_rs + p*a_cs]: a transpose just exchanges the strides.
  const GemmProblem<T> p{m,
                         n,
                         k,
                         alpha,
                         a,
                         ta == Trans::No ? 1 : lda,
                         ta == Trans::No ? lda : 1,
                         b,
                         tb == Trans::No ? 1 : ldb,
                         tb == Trans::No ? ldb : 1,
                         beta,
                         c,
                         ldc};
  const int threads = threads_for_call(2.0 * double(m) * double(n) * double(k));
  if (gemm_blocked(gemm_kernel_of<T>(active_target()), p, threads)) return;
  report_out_of_memory(sizeof(T) == 4 ? "sgemm" : "dgemm");
  gemm_reference(p);
}

template void gemm<float>(Trans, Trans, index_t, index_t, index_t, float, const float *, index_t,
                          const float *, index_t, float, float *, index_t);
template void gemm<double>(Trans, Trans, index_t, index_t, index_t, double, const double *,
                           index_t, const double *, index_t, double, double *, index_t);
template void gemm_cpu<float>(Trans, Trans, index_t, index_t, index_t, float, const float *,
                              index_t, const float *, index_t, float, float *, index_t);
template void gemm_cpu<double>(Trans, Trans, index_t, index_t, index_t, double, const double *,
                               index_t, const double *, index_t, double, double *, index_t);
template void scale_matrix<float>(index_t, index_t, float, float *, index_t);
template void scale_matrix<double>(index_t, index_t, double, double *, index_t);

}  // namespace tileblas
