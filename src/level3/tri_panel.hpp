// tri_panel.hpp -- a diagonal block of a triangle packed for the GEMM
// microkernel, shared by the packed TRMM/TRSM forms.  The block's rows go
// into slivers of w rows (w = MR when the triangle is the microkernel's A
// operand, NR when it is its B operand: then the block is op(A)
// transposed, so its rows are op(A)'s columns); the depth of a sliver is
// the block's columns.  A sliver only holds the depth range that is not
// zero for it, so the microkernel never multiplies the zero half:
//   Multiply: the range covering the sliver's part of the triangle, the
//     w x w diagonal piece included with its zeros (and 1 on a unit
//     diagonal);
//   Solve: the dense range strictly before (lower) or after (upper) the
//     sliver's rows, then the w x w diagonal piece as the tile solves want
//     it (target.hpp, TriangularSolveFn): strict triangle, w reciprocals of
//     the diagonal, w diagonal values for the scalar fallback, and the
//     strict triangle with T's columns scaled by minus the reciprocals
//     (rows of the block when it is T transposed).
// Slivers have fixed-size slots, so sliver s is at s * slot().
#pragma once

#include <algorithm>

#include "dispatch.hpp"
#include "level3/triangle.hpp"

namespace tileblas::level3 {

// The active target's GEMM engine for a real type.
template <class T>
const GemmKernel<T> &real_gemm_kernel() {
  if constexpr (sizeof(T) == 4)
    return active_target().sgemm;
  else
    return active_target().dgemm;
}

struct DepthRange {
  index_t lo, hi;
};

template <class T>
struct DiagPanel {
  Kind kind;
  bool upper, unit;
  index_t w;   // sliver rows
  index_t kb;  // block order
  // The block is T transposed (right-side solves): T's column l is the
  // block's row l, so the scaled copy scales rows.
  bool transposed = false;

  index_t slivers() const { return (kb + w - 1) / w; }
  index_t slot() const { return kind == Kind::Solve ? w * kb + 2 * w * w + 2 * w : w * kb; }
  // Depth range packed for sliver s (for Solve: its dense part).
  DepthRange depth(index_t s) const {
    const index_t r0 = s * w, r1 = std::min(kb, r0 + w);
    if (kind == Kind::Multiply) return upper ? DepthRange{r0, kb} : DepthRange{0, r1};
    return upper ? DepthRange{r1, kb} : DepthRange{0, r0};
  }

  // Packs slivers [s_begin, s_end) of the block whose element (i, j) is
  // block.get(i, j) (triangle of type `upper`) into panel + s * slot().
  // The dense columns of a sliver (all of a Solve sliver's range; a
  // Multiply sliver's range but its w x w diagonal piece) go through the
  // microkernel's own packer: pack_dense(rows, depth, view of the rows x
  // depth block, dst).  (Copied column by column, they cost a 64^2 strsm ~10 %.)
  template <class PackDense>
  void pack(const View<T> &block, T *panel, index_t s_begin, index_t s_end,
            PackDense &&pack_dense) const {
    for (index_t s = s_begin; s < s_end; ++s) {
      T *dst = panel + s * slot();
      const index_t r0 = s * w, r1 = std::min(kb, r0 + w), rows = r1 - r0;
      const DepthRange d = depth(s);
      // The diagonal piece's columns within the range (none for Solve).
      const index_t p0 = kind == Kind::Solve ? d.hi : r0, p1 = kind == Kind::Solve ? d.hi : r1;
      if (p0 > d.lo) pack_dense(rows, p0 - d.lo, block.at(r0, d.lo), dst);
      for (index_t p = p0; p < p1; ++p) pack_column(block, r0, rows, p, dst + (p - d.lo) * w);
      if (d.hi > p1) pack_dense(rows, d.hi - p1, block.at(r0, p1), dst + (p1 - d.lo) * w);
      if (kind == Kind::Solve) pack_diagonal(block, r0, rows, panel + s * slot() + w * kb);
    }
  }

 private:
  // Depth column p of the sliver of `rows` rows at row r0, as the
  // microkernel multiplies it: the triangle's strict part, the diagonal (1
  // when unit), zeros elsewhere and in the padding.  Written as one copy of
  // a row range (a unit-stride loop when the block is column-major): an
  // element-by-element test cost 6 % of a 2048 strmm.
  void pack_column(const View<T> &block, index_t r0, index_t rows, index_t p, T *dst) const {
    const index_t diag = p - r0;  // the sliver row on the diagonal (maybe outside the sliver)
    const index_t lo = upper ? 0 : std::clamp<index_t>(diag + 1, 0, rows);
    const index_t hi = upper ? std::clamp<index_t>(diag, 0, rows) : rows;
    std::fill(dst, dst + w, T(0));
    const View<T> column = block.at(r0, p);
    if (column.rs == 1)
      for (index_t i = lo; i < hi; ++i) dst[i] = column.p[i];
    else
      for (index_t i = lo; i < hi; ++i) dst[i] = column.get(i, 0);
    if (diag >= 0 && diag < rows) dst[diag] = unit ? T(1) : column.get(diag, 0);
  }

  // The w x w diagonal piece at (r0, r0), `rows` of it real, the rest the
  // identity (so a padded tile row solves to 0).  The reciprocals in one
  // vector division.
  void pack_diagonal(const View<T> &block, index_t r0, index_t rows, T *tri) const {
    T *rinv = tri + w * w, *diag = rinv + w, *scaled = diag + w;
    for (index_t i = 0; i < w; ++i)
      diag[i] = i < rows && !unit ? block.get(r0 + i, r0 + i) : T(1);
    for (index_t i = 0; i < w; ++i) rinv[i] = T(1) / diag[i];
    std::fill(tri, tri + w * w, T(0));
    std::fill(scaled, scaled + w * w, T(0));
    for (index_t l = 0; l < rows; ++l) {
      // (Both copies written from the source: reading the first back
      // stalled on store forwarding.)
      const index_t i0 = upper ? 0 : l + 1, i1 = upper ? l : rows;
      const View<T> source = block.at(r0, r0 + l);
      const T minus_rinv = -rinv[l];
      for (index_t i = i0; i < i1; ++i) {
        const T v = source.get(i, 0);
        tri[i + l * w] = v;
        scaled[i + l * w] = v * (transposed ? -rinv[i] : minus_rinv);
      }
    }
  }
};

}  // namespace tileblas::level3
