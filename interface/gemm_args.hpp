// gemm_args.hpp -- GEMM argument rules shared by every GEMM entry point
// (s/d gemm, and the half-precision hgemm, shgemm, sbgemm families).
#pragma once

#include "abi.hpp"

namespace tileblas::abi {

// The Fortran routine's INFO for these arguments (0 when all are legal):
// TRANSA=1, TRANSB=2, M=3, N=4, K=5, LDA=8, LDB=10, LDC=13.
inline int check_gemm(char transa, char transb, int m, int n, int k, int lda, int ldb, int ldc) {
  const bool nota = same_letter(transa, 'N'), notb = same_letter(transb, 'N');
  const int rows_a = nota ? m : k, rows_b = notb ? k : n;
  auto max1 = [](int x) { return x > 1 ? x : 1; };
  if (!nota && !same_letter(transa, 'T') && !same_letter(transa, 'C')) return 1;
  if (!notb && !same_letter(transb, 'T') && !same_letter(transb, 'C')) return 2;
  if (m < 0) return 3;
  if (n < 0) return 4;
  if (k < 0) return 5;
  if (lda < max1(rows_a)) return 8;
  if (ldb < max1(rows_b)) return 10;
  if (ldc < max1(m)) return 13;
  return 0;
}

// A CBLAS transpose as the Fortran letter; 0 when illegal.
inline char gemm_trans_letter(CBLAS_TRANSPOSE t) {
  switch (t) {
    case CblasNoTrans: return 'N';
    case CblasTrans: return 'T';
    case CblasConjTrans: return 'C';
    default: return 0;
  }
}

}  // namespace tileblas::abi
