// verify.h -- checks a library's GEMM result, so a broken library cannot
// look fast.
#pragma once

#include <string>

#include "shapes.h"

// Checks C == op(A) * B (column-major, alpha 1, beta 0) in double precision,
// two ways, with rigorous rounding-error bounds (|error| <= c * k * eps *
// sum |a||b|), so a correct library never fails, whatever its blocking:
//  - Freivalds: C*x against op(A)*(B*x) for a random x; touches every
//    element, so NaN left in an unwritten tile (C is NaN-filled before the
//    first call) or garbage anywhere is caught;
//  - element by element along the first, last and a few random rows and
//    columns, where the per-element bound is tight enough to catch a wrong
//    edge tile or a skipped k block.
// On failure *detail says where.
template <typename T>
bool verify_gemm(const Shape &s, const T *a, int lda, const T *b, int ldb,
                 const T *c, int ldc, std::string *detail);

// The same with a given unit roundoff: half precision checks fp32 data
// widened from 16-bit inputs (exact), with eps 2^-24 for fp32 results and
// 2^-11 for fp16 ones (one final rounding, within the bound's k+2 terms).
bool verify_gemm_eps(const Shape &s, const float *a, int lda, const float *b, int ldb,
                     const float *c, int ldc, double eps, std::string *detail);
