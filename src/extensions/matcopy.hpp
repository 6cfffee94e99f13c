// matcopy.hpp -- B = alpha * op(A) out of place (?omatcopy) and in place
// (?imatcopy), the OpenBLAS/MKL extensions.  Column-major throughout: a
// row-major call is the column-major call with rows and cols exchanged.
#pragma once

#include "level1/scalar.hpp"

namespace tileblas::extensions {

// op(A): as is, conjugated, transposed, conjugate-transposed.  Conjugation
// is a no-op for real types ('R' = 'N', 'C' = 'T' there).
enum class CopyOp { Copy, Conj, Trans, ConjTrans };

inline bool transposes(CopyOp op) { return op == CopyOp::Trans || op == CopyOp::ConjTrans; }

// A is rows x cols (lda >= rows); B is rows x cols, or cols x rows when op
// transposes, with ldb >= its row count.  A and B must not overlap.
// alpha == 0 writes zeros without reading A.
template <class T>
void omatcopy(CopyOp op, index_t rows, index_t cols, T alpha, const T *a, index_t lda, T *b,
              index_t ldb);

// The same with B stored over A (ab).  Square transposes with lda == ldb
// and untransposed copies with lda == ldb run in place; everything else goes
// through a temporary rows x cols buffer.  Returns false, with nothing
// written, when that buffer cannot be allocated.
template <class T>
bool imatcopy(CopyOp op, index_t rows, index_t cols, T alpha, T *ab, index_t lda, index_t ldb);

}  // namespace tileblas::extensions
