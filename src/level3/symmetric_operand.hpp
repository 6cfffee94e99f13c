// symmetric_operand.hpp -- real SYMM's symmetric matrix packed by the GEMM
// driver straight from its stored triangle (gemm_driver.hpp's Operands), so
// no full copy of it is ever made: each sliver of a packed block is at most
// three runs of columns, one wholly on the stored side of the diagonal (the
// microkernel's own packer on the stored columns), one wholly on the other
// side (the same packer on the mirrored rows, as for a transposed operand),
// and between them the few columns the diagonal crosses, element by element.
#pragma once

#include <algorithm>

#include "gemm_driver.hpp"

namespace tileblas::level3 {

// The full n x n symmetric matrix whose upper or lower triangle is stored
// column-major in a (lda).
template <class T>
struct StoredSymmetric {
  const T *a;
  index_t lda;
  bool upper;

  // Rows [r0, r0 + rows) x columns [c0, c0 + depth) into slivers of W rows
  // (sliver s: for each column, its W rows contiguously; rows past `rows`
  // zero).  pack(rows, depth, src, rs, cs, dst) is a sliver packer of the
  // same layout reading element (i, l) at src[i*rs + l*cs].
  template <class Pack>
  void pack(const Pack &pack, int W, index_t r0, index_t rows, index_t c0, index_t depth,
            T *dst) const {
    const index_t l0 = c0, l1 = c0 + depth;
    for (index_t s = 0; s < rows; s += W, dst += W * depth) {
      const index_t i0 = r0 + s, w = std::min<index_t>(W, rows - s), i1 = i0 + w;
      // Columns l <= i0 have every row of the sliver at or below the
      // diagonal, columns l >= i1 - 1 every row at or above it; a diagonal
      // element reads the same through either side.
      const index_t b0 = std::clamp(i0 + 1, l0, l1), b1 = std::clamp(i1 - 1, b0, l1);
      const auto run = [&](index_t from, index_t to, bool stored_side) {
        if (from >= to) return;
        T *out = dst + (from - l0) * W;
        if (stored_side)  // element (i, l) at a[i + l*lda]
          pack(w, to - from, a + i0 + from * lda, index_t(1), lda, out);
        else  // element (i, l) at a[l + i*lda]
          pack(w, to - from, a + from + i0 * lda, lda, index_t(1), out);
      };
      run(l0, b0, !upper);  // below the diagonal: stored when the lower triangle is
      // The columns the diagonal crosses (all but two of a 64-row sliver's
      // own block: element by element with a test each, they were half of a
      // 2-thread 64^2 ssymm): all read through the mirror, which gives the
      // stored side's values above the diagonal (lower) or below it (upper)
      // and unstored ones elsewhere, then each column's part on the stored
      // side copied over those.
      if (b1 > b0) {
        run(b0, b1, false);
        for (index_t l = b0; l < b1; ++l) {
          const index_t from = upper ? i0 : std::max(i0, l), to = upper ? std::min(i1, l + 1) : i1;
          std::copy(a + from + l * lda, a + to + l * lda, dst + (l - l0) * W + (from - i0));
        }
      }
      run(b1, l1, upper);
    }
  }
};

// The driver's operands when op(A) (Left) or op(B) (Right) is the
// symmetric matrix; the other one is read through the problem's strides.
// op(B)'s block (depth l, column j) is Full(l, j) = Full(j, l): the block of
// Full with rows j and depth l, in the NR-column slivers pack_b writes.
template <class T>
struct SymmetricOperands {
  StoredSymmetric<T> full;
  bool left;  // op(A) is the symmetric matrix, else op(B)

  void pack_a(const GemmMicrokernel<T> &uk, const GemmProblem<T> &p, index_t ic, index_t pc,
              index_t mc, index_t kc, T *dst) const {
    if (!left) return gemm_detail::StridedOperands{}.pack_a(uk, p, ic, pc, mc, kc, dst);
    full.pack(uk.pack_a, uk.mr, ic, mc, pc, kc, dst);
  }
  void pack_b(const GemmMicrokernel<T> &uk, const GemmProblem<T> &p, index_t pc, index_t jc,
              index_t kc, index_t nc, T *dst) const {
    if (left) return gemm_detail::StridedOperands{}.pack_b(uk, p, pc, jc, kc, nc, dst);
    // pack_b(depth, cols, src, rs, cs) reads column j, depth l at
    // src[l*rs + j*cs]: rows of `full` are its columns.
    const auto columns = [&uk](index_t rows, index_t depth, const T *src, index_t rs, index_t cs,
                               T *out) { uk.pack_b(depth, rows, src, cs, rs, out); };
    full.pack(columns, uk.nr, jc, nc, pc, kc, dst);
  }
};

}  // namespace tileblas::level3
