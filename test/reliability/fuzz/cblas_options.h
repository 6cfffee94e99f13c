// cblas_options.h -- what the families calling row-major CBLAS share: its
// enums from the Fortran option letters, the layout's name in reports, and
// (Level 3) the draws of ld and thread count.
#ifndef TILEBLAS_FUZZ_CBLAS_OPTIONS_H
#define TILEBLAS_FUZZ_CBLAS_OPTIONS_H

#include <cblas.h>
#include <tileblas.h>

#include "fuzz.h"

namespace fuzz {

inline CBLAS_TRANSPOSE cb_trans(char t) {
    return t == 'N' ? CblasNoTrans : t == 'T' ? CblasTrans : CblasConjTrans;
}
inline CBLAS_UPLO cb_uplo(char u) { return u == 'U' ? CblasUpper : CblasLower; }
inline CBLAS_SIDE cb_side(char s) { return s == 'L' ? CblasLeft : CblasRight; }
inline CBLAS_DIAG cb_diag(char d) { return d == 'U' ? CblasUnit : CblasNonUnit; }
constexpr CBLAS_LAYOUT R = CblasRowMajor;

inline const char *layout(bool row) { return row ? "row-major CBLAS" : "Fortran"; }
inline int ld_from(Input &in, int rows) { return std::max(1, rows) + int(in.below(5)); }
inline void threads_from(Input &in) { tileblas_set_num_threads(1 + int(in.below(4))); }
inline char flip_side(char s) { return s == 'L' ? 'R' : 'L'; }

}  // namespace fuzz

#endif
