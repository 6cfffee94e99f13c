// gemm.hpp -- the engine's GEMM entry: column-major, arguments already
// checked by interface/.  Every element type goes through the same code.
#pragma once

#include "target.hpp"

namespace tileblas {

enum class Trans { No, Yes };  // conjugation is the caller's business (real types)

// C = alpha * op(A) * op(B) + beta * C  (m x n, depth k), any m, n, k >= 0.
// alpha == 0 or k == 0 reads neither A nor B; beta == 0 never reads C.
template <class T>
void gemm(Trans ta, Trans tb, index_t m, index_t n, index_t k, T alpha, const T *a, index_t lda,
          const T *b, index_t ldb, T beta, T *c, index_t ldc);

// The same on the CPU only (gemm() may run a call on the GPU; this never does).
template <class T>
void gemm_cpu(Trans ta, Trans tb, index_t m, index_t n, index_t k, T alpha, const T *a,
              index_t lda, const T *b, index_t ldb, T beta, T *c, index_t ldc);

// C = beta * C for an m x n column-major matrix; beta == 0 writes zeros
// without reading C (so a NaN already there does not survive).
template <class T>
void scale_matrix(index_t m, index_t n, T beta, T *c, index_t ldc);

}  // namespace tileblas
