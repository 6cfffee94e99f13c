// level3.hpp -- the engine's Level 3 BLAS beyond real GEMM, for float,
// double, std::complex<float> and std::complex<double>.  Column-major,
// arguments already checked by interface/ (netlib semantics: alpha == 0 reads
// neither A nor B, beta == 0 never reads C).  Every routine is built on a
// GEMM engine (tileblas::gemm for real types, gemm_complex for complex ones),
// so large problems run near GEMM speed.
#pragma once

#include <complex>

#include "target.hpp"

namespace tileblas {

enum class Op { N, T, C };  // op(X) = X, X^T, X^H (C is T for real types)
enum class Uplo { Upper, Lower };
enum class Side { Left, Right };
enum class Diag { NonUnit, Unit };

// C = alpha op(A) op(B) + beta C, any element type (complex: conjugation too).
template <class T>
void gemm_any(Op ta, Op tb, index_t m, index_t n, index_t k, const T &alpha, const T *a,
              index_t lda, const T *b, index_t ldb, const T &beta, T *c, index_t ldc);

// GEMMT: the same, n x n, updating only the `uplo` triangle of C.
template <class T>
void gemmt(Uplo uplo, Op ta, Op tb, index_t n, index_t k, const T &alpha, const T *a, index_t lda,
           const T *b, index_t ldb, const T &beta, T *c, index_t ldc);

// SYRK (hermitian = false): C = alpha op(A) op(A)^T + beta C, trans N or T.
// HERK (hermitian = true):  C = alpha op(A) op(A)^H + beta C, trans N or C;
// alpha, beta real (imaginary parts ignored), diagonal of C left real.
template <class T>
void syrk(bool hermitian, Uplo uplo, Op trans, index_t n, index_t k, const T &alpha, const T *a,
          index_t lda, const T &beta, T *c, index_t ldc);

// SYR2K: C = alpha X Y^T + alpha Y X^T + beta C;
// HER2K: C = alpha X Y^H + conj(alpha) Y X^H + beta C (beta real), where
// X = op(A), Y = op(B) and op is N, or T (syr2k) / C (her2k).
template <class T>
void syr2k(bool hermitian, Uplo uplo, Op trans, index_t n, index_t k, const T &alpha, const T *a,
           index_t lda, const T *b, index_t ldb, const T &beta, T *c, index_t ldc);

// SYMM / HEMM: C = alpha A B + beta C (Left) or alpha B A + beta C (Right),
// A symmetric / hermitian, stored in its `uplo` triangle.
template <class T>
void symm(bool hermitian, Side side, Uplo uplo, index_t m, index_t n, T alpha, const T *a,
          index_t lda, const T *b, index_t ldb, T beta, T *c, index_t ldc);

// TRMM: B = alpha op(A) B or alpha B op(A);  TRSM: solves op(A) X = alpha B
// or X op(A) = alpha B, X overwriting B.  A triangular, m x m or n x n.
template <class T>
void trmm(Side side, Uplo uplo, Op trans, Diag diag, index_t m, index_t n, T alpha, const T *a,
          index_t lda, T *b, index_t ldb);
template <class T>
void trsm(Side side, Uplo uplo, Op trans, Diag diag, index_t m, index_t n, T alpha, const T *a,
          index_t lda, T *b, index_t ldb);

}  // namespace tileblas
