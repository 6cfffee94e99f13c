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

// The CBLAS front of every GEMM entry point: trace, layout and transposes
// checked in the reference's order, then run(row_major, ta, tb), which runs
// the checked column-major problem (row-major C = op(A) op(B) being
// column-major C^T = op(B)^T op(A)^T, A and B and m and n exchanged) and
// returns its Fortran INFO; errors keep that call's numbering, shifted by
// one for the layout argument.
template <class Run>
void cblas_gemm_front(const char *name, CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                      CBLAS_TRANSPOSE transb, int m, int n, int k, Run run) {
  trace("%s layout=%d %d %d m=%d n=%d k=%d", name, layout, transa, transb, m, n, k);
  const bool row_major = layout == CblasRowMajor;
  if (!row_major && layout != CblasColMajor) return cblas_error(name, 1, false);
  const char ta = gemm_trans_letter(transa), tb = gemm_trans_letter(transb);
  if (!ta) return cblas_error(name, 2, row_major);
  if (!tb) return cblas_error(name, 3, row_major);
  if (const int info = run(row_major, ta, tb)) cblas_error(name, info + 1, row_major);
}

}  // namespace tileblas::abi
