// gemm_call.h -- one templated way for the tests to call sgemm/dgemm through
// either ABI: the Fortran one (column-major only) or CBLAS in either layout.
#ifndef TILEBLAS_TEST_GEMM_CALL_H
#define TILEBLAS_TEST_GEMM_CALL_H

#include <cblas.h>

#include "fortran_blas.h"

namespace tbtest {

enum class Api { Fortran, CblasCol, CblasRow };

inline const char *api_name(Api api) {
    switch (api) {
    case Api::Fortran: return "fortran";
    case Api::CblasCol: return "cblas_col";
    case Api::CblasRow: return "cblas_row";
    }
    return "?";
}

inline bool api_row_major(Api api) { return api == Api::CblasRow; }

// 'N'/'n' -> NoTrans, 'T'/'t' -> Trans, 'C'/'c' -> ConjTrans.
inline CBLAS_TRANSPOSE to_cblas_trans(char t) {
    switch (t) {
    case 'T': case 't': return CblasTrans;
    case 'C': case 'c': return CblasConjTrans;
    default: return CblasNoTrans;
    }
}

inline bool is_notrans(char t) { return t == 'N' || t == 'n'; }

inline void fortran_gemm(const char *ta, const char *tb, const int *m, const int *n,
                         const int *k, const float *alpha, const float *a, const int *lda,
                         const float *b, const int *ldb, const float *beta, float *c,
                         const int *ldc) {
    sgemm_(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, 1, 1);
}
inline void fortran_gemm(const char *ta, const char *tb, const int *m, const int *n,
                         const int *k, const double *alpha, const double *a,
                         const int *lda, const double *b, const int *ldb,
                         const double *beta, double *c, const int *ldc) {
    dgemm_(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, 1, 1);
}

inline void cblas_gemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int m,
                       int n, int k, float alpha, const float *a, int lda, const float *b,
                       int ldb, float beta, float *c, int ldc) {
    cblas_sgemm(layout, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
inline void cblas_gemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int m,
                       int n, int k, double alpha, const double *a, int lda, const double *b,
                       int ldb, double beta, double *c, int ldc) {
    cblas_dgemm(layout, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

// C = alpha*op(A)*op(B) + beta*C through the chosen ABI.  For Api::Fortran
// the transpose characters are passed through unchanged (so lower case and
// 'C' reach the library as written).
template <class T>
void gemm(Api api, char ta, char tb, int m, int n, int k, T alpha, const T *a, int lda,
          const T *b, int ldb, T beta, T *c, int ldc) {
    if (api == Api::Fortran) {
        fortran_gemm(&ta, &tb, &m, &n, &k, &alpha, a, &lda, b, &ldb, &beta, c, &ldc);
    } else {
        cblas_gemm(api == Api::CblasRow ? CblasRowMajor : CblasColMajor, to_cblas_trans(ta),
                   to_cblas_trans(tb), m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    }
}

} // namespace tbtest

#endif
