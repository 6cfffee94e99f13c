// matcopy_loops.hpp -- the loops behind ?omatcopy and ?imatcopy, each taking
// the per-element operation f (scale, conjugate, both or neither) so one
// loop serves every op and type.  Transposes go tile by tile through a small
// buffer, so the matrices themselves are only walked down their columns.
#pragma once

#include <algorithm>

#include "extensions/matcopy.hpp"

namespace tileblas::extensions::loops {

// Tile edge in elements: 16 KiB tiles of float, 8 or 16 KiB of the wider
// types, so a tile (two for an in-place swap) fits in a 32 KiB L1.  Measured
// at 4096 x 4096: transposes take 3 to 3.5 times as long as plain copies.
template <class T>
constexpr index_t kTile = sizeof(T) == 4 ? 64 : 32;

// B(i, j) = f(A(i, j)) column by column (distinct arrays).
template <class T, class F>
void copy_columns(index_t rows, index_t cols, const T *a, index_t lda, T *b, index_t ldb, F f) {
  for (index_t j = 0; j < cols; ++j) {
    const T *__restrict src = a + j * lda;
    T *__restrict dst = b + j * ldb;
    for (index_t i = 0; i < rows; ++i) dst[i] = f(src[i]);
  }
}

// A(i, j) = f(A(i, j)) in place.
template <class T, class F>
void update_columns(index_t rows, index_t cols, T *a, index_t lda, F f) {
  for (index_t j = 0; j < cols; ++j)
    for (index_t i = 0; i < rows; ++i) a[i + j * lda] = f(a[i + j * lda]);
}

// t = the rows x cols tile at a, transposed (cols x rows, leading dimension
// kTile<T>).  The big matrix is only ever walked down its columns: with a
// power-of-two leading dimension, a walk across a tile's columns would land
// every access in the same cache set and thrash (an in-place 4096^2
// transpose ran 7x slower that way); the small buffer takes the strided
// accesses instead.
template <class T>
void load_transposed(index_t rows, index_t cols, const T *a, index_t lda, T *t) {
  for (index_t j = 0; j < cols; ++j)
    for (index_t i = 0; i < rows; ++i) t[j + i * kTile<T>] = a[i + j * lda];
}

// B(j, i) = f(A(i, j)) for the rows x cols A (distinct arrays).
template <class T, class F>
void transpose_tiles(index_t rows, index_t cols, const T *a, index_t lda, T *b, index_t ldb,
                     F f) {
  constexpr index_t K = kTile<T>;
  alignas(64) T tile[K * K];
  for (index_t i0 = 0; i0 < rows; i0 += K) {
    const index_t r = std::min(K, rows - i0);
    for (index_t j0 = 0; j0 < cols; j0 += K) {
      const index_t c = std::min(K, cols - j0);
      load_transposed(r, c, a + i0 + j0 * lda, lda, tile);
      copy_columns(c, r, tile, K, b + j0 + i0 * ldb, ldb, f);
    }
  }
}

// The n x n A becomes f(A^T) in place: each tile above the diagonal trades
// places with its mirror image below it, a diagonal tile with itself.
template <class T, class F>
void transpose_square_in_place(index_t n, T *a, index_t lda, F f) {
  constexpr index_t K = kTile<T>;
  alignas(64) T upper_t[K * K], lower_t[K * K];
  for (index_t j0 = 0; j0 < n; j0 += K) {
    const index_t c = std::min(K, n - j0);
    for (index_t i0 = 0; i0 <= j0; i0 += K) {
      const index_t r = std::min(K, n - i0);
      T *upper = a + i0 + j0 * lda, *lower = a + j0 + i0 * lda;  // r x c and c x r
      load_transposed(r, c, upper, lda, upper_t);
      if (i0 == j0) {
        copy_columns(r, c, upper_t, K, upper, lda, f);
        continue;
      }
      load_transposed(c, r, lower, lda, lower_t);
      copy_columns(r, c, lower_t, K, upper, lda, f);
      copy_columns(c, r, upper_t, K, lower, lda, f);
    }
  }
}

// B = 0 without reading anything.
template <class T>
void fill_zero(index_t rows, index_t cols, T *b, index_t ldb) {
  for (index_t j = 0; j < cols; ++j) std::fill(b + j * ldb, b + j * ldb + rows, T(0));
}

// Calls run(f) with the element operation for alpha and op: the common
// alpha == 1 is a pure copy (bitwise, NaN payloads kept), conjugation is
// decided at compile time.
template <class T, class Run>
void with_element_op(CopyOp op, T alpha, Run run) {
  const bool conj = is_complex_v<T> && (op == CopyOp::Conj || op == CopyOp::ConjTrans);
  const bool one = alpha == T(1);
  if (one && !conj)
    run([](const T &v) { return v; });
  else if (one)
    run([](const T &v) { return conj_if<true>(v); });
  else if (!conj)
    run([alpha](const T &v) { return mul(alpha, v); });
  else
    run([alpha](const T &v) { return mul(alpha, conj_if<true>(v)); });
}

}  // namespace tileblas::extensions::loops
