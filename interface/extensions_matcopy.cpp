// extensions_matcopy.cpp -- ?omatcopy and ?imatcopy (B = alpha * op(A), out
// of place and in place), the OpenBLAS/MKL extensions: Fortran (gfortran
// ABI) and CBLAS entry points with OpenBLAS's argument lists, names and
// parameter numbers, except that zero rows or cols is a quick return (as
// for every BLAS routine) rather than an error.  A row-major call is the
// column-major call with rows and cols exchanged: the checks see the
// caller's rows and cols, so the numbers are the same in both layouts.
#include <utility>

#include "extensions/matcopy.hpp"
#include "level2_args.hpp"

namespace tileblas::abi {
namespace {

namespace ext = tileblas::extensions;
using ext::CopyOp;

// ---- Fortran letters and CBLAS enums ('R' / CblasConjNoTrans: conjugate
// without transposing).
std::optional<bool> fortran_row_major(char c) {
  if (same_letter(c, 'C')) return false;
  if (same_letter(c, 'R')) return true;
  return std::nullopt;
}
std::optional<CopyOp> fortran_copy_op(char c) {
  if (same_letter(c, 'N')) return CopyOp::Copy;
  if (same_letter(c, 'R')) return CopyOp::Conj;
  if (same_letter(c, 'T')) return CopyOp::Trans;
  if (same_letter(c, 'C')) return CopyOp::ConjTrans;
  return std::nullopt;
}
std::optional<CopyOp> cblas_copy_op(CBLAS_TRANSPOSE t) {
  switch (t) {
    case CblasNoTrans: return CopyOp::Copy;
    case CblasConjNoTrans: return CopyOp::Conj;
    case CblasTrans: return CopyOp::Trans;
    case CblasConjTrans: return CopyOp::ConjTrans;
    default: return std::nullopt;
  }
}

// OpenBLAS's numbering: order 1, trans 2, rows 3, cols 4, lda 7, ldb 9
// (omatcopy).  imatcopy's ldb is its 8th argument; OpenBLAS reports 9 there
// too, which names no argument, so ours says 8.
constexpr int kOmatcopyLdb = 9, kImatcopyLdb = 8;

// 0, or the number of the first illegal argument.  Leading dimensions must
// cover a row (row-major) or column (column-major) of A and of op(A), and
// be at least 1 as in the reference BLAS.
int matcopy_error(std::optional<bool> row_major, std::optional<CopyOp> op, int rows, int cols,
                  int lda, int ldb, int ldb_number) {
  if (!row_major) return 1;
  if (!op) return 2;
  if (rows < 0) return 3;
  if (cols < 0) return 4;
  if (lda < max1(*row_major ? cols : rows)) return 7;
  if (ldb < max1(*row_major != ext::transposes(*op) ? cols : rows)) return ldb_number;
  return 0;
}

// The column-major shape of a checked call.
std::pair<int, int> column_major_shape(bool row_major, int rows, int cols) {
  return row_major ? std::pair{cols, rows} : std::pair{rows, cols};
}

template <class T, class Report>
void omatcopy_checked(std::optional<bool> row_major, std::optional<CopyOp> op, int rows,
                      int cols, T alpha, const T *a, int lda, T *b, int ldb, Report report) {
  if (int info = matcopy_error(row_major, op, rows, cols, lda, ldb, kOmatcopyLdb))
    return report(info);
  const auto [m, n] = column_major_shape(*row_major, rows, cols);
  ext::omatcopy<T>(*op, m, n, alpha, a, lda, b, ldb);
}

// The temporary imatcopy needs could not be had: not an argument error, so
// not xerbla's, but the caller must hear that B was not written.
template <class T>
void report_no_scratch(bool cblas, int rows, int cols) {
  verbose_print("%s%cimatcopy%s: cannot allocate %d x %d elements of %zu bytes for the "
                "in-place copy; the matrix is unchanged",
                cblas ? "cblas_" : "", type_letter<T>(), cblas ? "" : "_", rows, cols, sizeof(T));
}

template <class T, class Report>
void imatcopy_checked(std::optional<bool> row_major, std::optional<CopyOp> op, int rows,
                      int cols, T alpha, T *ab, int lda, int ldb, bool cblas, Report report) {
  if (int info = matcopy_error(row_major, op, rows, cols, lda, ldb, kImatcopyLdb))
    return report(info);
  const auto [m, n] = column_major_shape(*row_major, rows, cols);
  if (!ext::imatcopy<T>(*op, m, n, alpha, ab, lda, ldb)) report_no_scratch<T>(cblas, rows, cols);
}

// ---- Entry points by element type.
template <class T>
void fortran_omatcopy(const char *order, const char *trans, const int *rows, const int *cols,
                      const T *alpha, const T *a, const int *lda, T *b, const int *ldb) {
  trace("%comatcopy_ %c%c rows=%d cols=%d", type_letter<T>(), *order, *trans, *rows, *cols);
  omatcopy_checked<T>(fortran_row_major(*order), fortran_copy_op(*trans), *rows, *cols, *alpha,
                      a, *lda, b, *ldb, [](int info) { report_fortran<T>("omatcopy", info); });
}

template <class T>
void fortran_imatcopy(const char *order, const char *trans, const int *rows, const int *cols,
                      const T *alpha, T *ab, const int *lda, const int *ldb) {
  trace("%cimatcopy_ %c%c rows=%d cols=%d", type_letter<T>(), *order, *trans, *rows, *cols);
  imatcopy_checked<T>(fortran_row_major(*order), fortran_copy_op(*trans), *rows, *cols, *alpha,
                      ab, *lda, *ldb, false,
                      [](int info) { report_fortran<T>("imatcopy", info); });
}

template <class T>
void cblas_omatcopy(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE trans, int rows, int cols, T alpha,
                    const T *a, int lda, T *b, int ldb) {
  trace("cblas_%comatcopy layout=%d trans=%d rows=%d cols=%d", type_letter<T>(), layout, trans,
        rows, cols);
  const auto row_major = cblas_row_major(layout);
  omatcopy_checked<T>(row_major, cblas_copy_op(trans), rows, cols, alpha, a, lda, b, ldb,
                      [&](int info) { report_cblas<T>("omatcopy", info, row_major.value_or(false)); });
}

template <class T>
void cblas_imatcopy(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE trans, int rows, int cols, T alpha,
                    T *ab, int lda, int ldb) {
  trace("cblas_%cimatcopy layout=%d trans=%d rows=%d cols=%d", type_letter<T>(), layout, trans,
        rows, cols);
  const auto row_major = cblas_row_major(layout);
  imatcopy_checked<T>(row_major, cblas_copy_op(trans), rows, cols, alpha, ab, lda, ldb, true,
                      [&](int info) { report_cblas<T>("imatcopy", info, row_major.value_or(false)); });
}

}  // namespace
}  // namespace tileblas::abi

using namespace tileblas::abi;

// p: type letter, T: element type, R: CBLAS array type, S: CBLAS scalar
// type.  OpenBLAS's CBLAS prototypes pass complex matrices and alpha as
// float / double pointers (to interleaved real, imaginary pairs).
#define TB_MATCOPY(p, T, R, S)                                                                 \
  TB_EXPORT void p##omatcopy_(const char *order, const char *trans, const int *rows,           \
                              const int *cols, const T *alpha, const T *a, const int *lda,     \
                              T *b, const int *ldb, std::size_t, std::size_t) {                \
    fortran_omatcopy<T>(order, trans, rows, cols, alpha, a, lda, b, ldb);                      \
  }                                                                                            \
  TB_EXPORT void p##imatcopy_(const char *order, const char *trans, const int *rows,           \
                              const int *cols, const T *alpha, T *ab, const int *lda,          \
                              const int *ldb, std::size_t, std::size_t) {                      \
    fortran_imatcopy<T>(order, trans, rows, cols, alpha, ab, lda, ldb);                        \
  }                                                                                            \
  TB_EXPORT void cblas_##p##omatcopy(const CBLAS_ORDER order, const CBLAS_TRANSPOSE trans,     \
                                     const int rows, const int cols, const S alpha,            \
                                     const R *a, const int lda, R *b, const int ldb) {         \
    cblas_omatcopy<T>(order, trans, rows, cols, scalar_arg<T>(alpha),                          \
                      reinterpret_cast<const T *>(a), lda, reinterpret_cast<T *>(b), ldb);     \
  }                                                                                            \
  TB_EXPORT void cblas_##p##imatcopy(const CBLAS_ORDER order, const CBLAS_TRANSPOSE trans,     \
                                     const int rows, const int cols, const S alpha, R *ab,     \
                                     const int lda, const int ldb) {                           \
    cblas_imatcopy<T>(order, trans, rows, cols, scalar_arg<T>(alpha),                          \
                      reinterpret_cast<T *>(ab), lda, ldb);                                    \
  }

extern "C" {
TB_MATCOPY(s, float, float, float)
TB_MATCOPY(d, double, double, double)
TB_MATCOPY(c, c32, float, float *)
TB_MATCOPY(z, c64, double, double *)
}  // extern "C"
