// half_gemm.cpp -- GEMM on 16-bit floating-point data, under the names code
// written for MKL or OpenBLAS already calls:
//   cblas_hgemm                                 fp16 A, B, C, alpha, beta (MKL)
//   cblas_gemm_f16f16f32, cblas_shgemm          fp16 A, B; fp32 alpha, beta, C
//   cblas_gemm_bf16bf16f32, cblas_sbgemm        bf16 A, B; fp32 alpha, beta, C
//   hgemm_, shgemm_, sbgemm_                    Fortran-style forms
// 16-bit values travel as uint16_t (never _Float16, which x86-64 passes in a
// vector register).  Checks, quick returns and row-major handling are gemm's
// (gemm_args.hpp); only the engine call differs.
#include <cstdint>

#include "../include/tileblas.h"
#include "abi.hpp"
#include "gemm_args.hpp"
#include "half_float.hpp"
#include "half_gemm.hpp"

namespace tileblas::abi {
namespace {

using half_t = std::uint16_t;

// What each family computes; C is its output type.
struct F16Out {
  using C = half_t;
  static void compute(Trans ta, Trans tb, int m, int n, int k, float alpha, const half_t *a,
                      int lda, const half_t *b, int ldb, float beta, C *c, int ldc) {
    hgemm(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  }
};
template <HalfFormat F>
struct F32Out {
  using C = float;
  static void compute(Trans ta, Trans tb, int m, int n, int k, float alpha, const half_t *a,
                      int lda, const half_t *b, int ldb, float beta, C *c, int ldc) {
    gemm_half_inputs(F, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  }
};

// Checked column-major call; returns the Fortran INFO, having done nothing
// when it is not 0.  alpha and beta are already fp32 (fp16 widens exactly).
template <class Op>
int checked(char transa, char transb, int m, int n, int k, float alpha, const half_t *a, int lda,
            const half_t *b, int ldb, float beta, typename Op::C *c, int ldc) {
  if (int info = check_gemm(transa, transb, m, n, k, lda, ldb, ldc)) return info;
  if (m == 0 || n == 0 || ((alpha == 0.0f || k == 0) && beta == 1.0f)) return 0;
  const Trans ta = same_letter(transa, 'N') ? Trans::No : Trans::Yes;
  const Trans tb = same_letter(transb, 'N') ? Trans::No : Trans::Yes;
  Op::compute(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  return 0;
}

template <class Op>
void cblas_half(const char *name, CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                CBLAS_TRANSPOSE transb, int m, int n, int k, float alpha, const half_t *a,
                int lda, const half_t *b, int ldb, float beta, typename Op::C *c, int ldc) {
  cblas_gemm_front(name, layout, transa, transb, m, n, k, [&](bool row_major, char ta, char tb) {
    return row_major ? checked<Op>(tb, ta, n, m, k, alpha, b, ldb, a, lda, beta, c, ldc)
                     : checked<Op>(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  });
}

template <class Op>
void fortran_half(const char *name, const char *transa, const char *transb, const int *m,
                  const int *n, const int *k, float alpha, const half_t *a, const int *lda,
                  const half_t *b, const int *ldb, float beta, typename Op::C *c,
                  const int *ldc) {
  trace("%s_ %c%c m=%d n=%d k=%d", name, *transa, *transb, *m, *n, *k);
  if (int info = checked<Op>(*transa, *transb, *m, *n, *k, alpha, a, *lda, b, *ldb, beta, c,
                             *ldc))
    fortran_error(name, info);
}

}  // namespace
}  // namespace tileblas::abi

using tileblas::f16_to_f32;
using tileblas::abi::cblas_half;
using tileblas::abi::F16Out;
using tileblas::abi::F32Out;
using tileblas::abi::fortran_half;
using tileblas::abi::half_t;
using F16In = F32Out<tileblas::HalfFormat::F16>;
using Bf16In = F32Out<tileblas::HalfFormat::BF16>;

#define TILEBLAS_EXPORT __attribute__((visibility("default")))

extern "C" {

TILEBLAS_EXPORT void cblas_hgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                                 CBLAS_TRANSPOSE transb, const int m, const int n, const int k,
                                 const half_t alpha, const half_t *a, const int lda,
                                 const half_t *b, const int ldb, const half_t beta, half_t *c,
                                 const int ldc) {
  cblas_half<F16Out>("cblas_hgemm", layout, transa, transb, m, n, k, f16_to_f32(alpha), a, lda,
                     b, ldb, f16_to_f32(beta), c, ldc);
}

TILEBLAS_EXPORT void cblas_gemm_f16f16f32(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                                          CBLAS_TRANSPOSE transb, const int m, const int n,
                                          const int k, const float alpha, const half_t *a,
                                          const int lda, const half_t *b, const int ldb,
                                          const float beta, float *c, const int ldc) {
  cblas_half<F16In>("cblas_gemm_f16f16f32", layout, transa, transb, m, n, k, alpha, a, lda, b,
                    ldb, beta, c, ldc);
}

TILEBLAS_EXPORT void cblas_shgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                                  CBLAS_TRANSPOSE transb, const int m, const int n, const int k,
                                  const float alpha, const half_t *a, const int lda,
                                  const half_t *b, const int ldb, const float beta, float *c,
                                  const int ldc) {
  cblas_half<F16In>("cblas_shgemm", layout, transa, transb, m, n, k, alpha, a, lda, b, ldb,
                    beta, c, ldc);
}

TILEBLAS_EXPORT void cblas_gemm_bf16bf16f32(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                                            CBLAS_TRANSPOSE transb, const int m, const int n,
                                            const int k, const float alpha, const half_t *a,
                                            const int lda, const half_t *b, const int ldb,
                                            const float beta, float *c, const int ldc) {
  cblas_half<Bf16In>("cblas_gemm_bf16bf16f32", layout, transa, transb, m, n, k, alpha, a, lda,
                     b, ldb, beta, c, ldc);
}

TILEBLAS_EXPORT void cblas_sbgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                                  CBLAS_TRANSPOSE transb, const int m, const int n, const int k,
                                  const float alpha, const half_t *a, const int lda,
                                  const half_t *b, const int ldb, const float beta, float *c,
                                  const int ldc) {
  cblas_half<Bf16In>("cblas_sbgemm", layout, transa, transb, m, n, k, alpha, a, lda, b, ldb,
                     beta, c, ldc);
}

TILEBLAS_EXPORT void hgemm_(const char *transa, const char *transb, const int *m, const int *n,
                            const int *k, const half_t *alpha, const half_t *a, const int *lda,
                            const half_t *b, const int *ldb, const half_t *beta, half_t *c,
                            const int *ldc, std::size_t, std::size_t) {
  fortran_half<F16Out>("HGEMM", transa, transb, m, n, k, f16_to_f32(*alpha), a, lda, b, ldb,
                       f16_to_f32(*beta), c, ldc);
}

TILEBLAS_EXPORT void shgemm_(const char *transa, const char *transb, const int *m, const int *n,
                             const int *k, const float *alpha, const half_t *a, const int *lda,
                             const half_t *b, const int *ldb, const float *beta, float *c,
                             const int *ldc, std::size_t, std::size_t) {
  fortran_half<F16In>("SHGEMM", transa, transb, m, n, k, *alpha, a, lda, b, ldb, *beta, c, ldc);
}

TILEBLAS_EXPORT void sbgemm_(const char *transa, const char *transb, const int *m, const int *n,
                             const int *k, const float *alpha, const half_t *a, const int *lda,
                             const half_t *b, const int *ldb, const float *beta, float *c,
                             const int *ldc, std::size_t, std::size_t) {
  fortran_half<Bf16In>("SBGEMM", transa, transb, m, n, k, *alpha, a, lda, b, ldb, *beta, c,
                       ldc);
}

}  // extern "C"
