// abi.hpp -- what every ABI entry point shares: character arguments, error
// reporting through the interposable xerbla_/cblas_xerbla, per-call tracing.
#pragma once

#include <cstddef>

#include "../include/cblas.h"
#include "environment.hpp"

extern "C" {
// Fortran error handler (netlib signature with gfortran's hidden length).
void xerbla_(const char *srname, const int *info, std::size_t srname_len);
// The reference CBLAS's globals: 1 while a row-major call reports an error;
// 1 while its C wrappers call the Fortran BLAS (exported, not read here).
extern int RowMajorStrg;
extern int CBLAS_CallFromC;
}

namespace tileblas::abi {

// Fortran LSAME: case-insensitive comparison of one character.
inline bool same_letter(char c, char upper) { return c == upper || c == upper + ('a' - 'A'); }

// Reports argument `info` of Fortran routine `name` ("SGEMM") through the
// xerbla_ the process resolves, which may be the program's own.
void fortran_error(const char *name, int info);

// Reports argument `info` of CBLAS routine `name` ("cblas_sgemm") through
// cblas_xerbla; row_major tells a handler which numbering the reference's
// transposed call used (the reference CBLAS's RowMajorStrg convention).
void cblas_error(const char *name, int info, bool row_major);

// TILEBLAS_VERBOSE=2: one line per call, naming the entry point.
template <class... Args>
void trace(const char *fmt, Args... args) {
  if (verbose_level() >= 2) verbose_print(fmt, args...);
}

}  // namespace tileblas::abi
