// triangle_driver.hpp -- the packed GEMM driver restricted to one triangle of
// a square C: the `upper` (i <= j) or lower (i >= j) triangle of
// C (n x n) = alpha op(A) op(B) + beta C, in one pass (as OpenBLAS's syrk
// driver), for GEMMT, SYRK and SYR2K on real types.
//
// A and B are packed exactly as for GEMM (src/gemm_driver.hpp), but only the
// MC row blocks and NR column slivers that reach the triangle are visited,
// and in the macro-kernel each MR x NR register tile is
//   - wholly outside the triangle: skipped;
//   - wholly inside: the microkernel on C in place;
//   - straddling the diagonal: the microkernel on a scratch copy of the tile,
//     of which only the in-triangle elements go back to C.
// Every tile sits on the absolute MR x NR grid of C (row blocks start at
// multiples of MR, column ranges at multiples of NR) and depth blocks do not
// depend on the thread count, so each element of C is computed by the same
// kernel call in the same order for any number of threads: bitwise
// identical results.
#pragma once

#include <algorithm>
#include <cmath>

#include "gemm_driver.hpp"

namespace tileblas {
namespace triangle_detail {

using gemm_detail::balanced_block;
using gemm_detail::ceil_div;
using gemm_detail::copy_tile;
using gemm_detail::kMaxTileElements;
using gemm_detail::Range;
using gemm_detail::round_up;

// One MC x NC block of C (c points at its element (0, 0)) from packed A and
// B, keeping to the triangle.  Element (i, j) of the block lies in the
// triangle when i <= j + diag (upper) or i >= j + diag (lower), diag being
// the block's first column minus its first row in C.  ir stays a multiple
// of MR: packed A slivers start there.
template <class T>
void triangle_macro_kernel(const GemmMicrokernel<T> &uk, bool upper, index_t diag, index_t mc,
                           index_t nc, index_t kc, T alpha, const T *packed_a,
                           const T *packed_b, T beta, T *c, index_t ldc) {
  const int mr = uk.mr, nr = uk.nr;
  alignas(64) T tile[kMaxTileElements];
  for (index_t jr = 0; jr < nc; jr += nr) {
    const int nr_now = static_cast<int>(std::min<index_t>(nr, nc - jr));
    const index_t first_col = jr + diag, last_col = jr + nr_now - 1 + diag;  // in row terms
    // Rows [ir_begin, ir_end) of this sliver reach the triangle.
    const index_t ir_begin = upper ? 0 : std::max<index_t>(0, first_col) / mr * mr;
    const index_t ir_end = upper ? std::min(mc, last_col + 1) : first_col < mc ? mc : 0;
    const T *b = packed_b + jr * kc;
    for (index_t ir = ir_begin; ir < ir_end; ir += mr) {
      const int mr_now = static_cast<int>(std::min<index_t>(mr, mc - ir));
      const T *a = packed_a + ir * kc;
      T *cij = c + ir + jr * ldc;
      const bool inside = upper ? ir + mr_now - 1 <= first_col : ir >= last_col;
      if (inside && mr_now == mr && nr_now == nr) {
        uk.kernel(kc, a, b, cij, ldc, alpha, beta);
        continue;
      }
      // Tile element (ti, tj) is in the triangle when ti <= tj + offset
      // (upper) or ti >= tj + offset (lower).  The edge kernel computes only
      // the vectors that hold such rows: an upper tile's first offset +
      // nr_now rows, a lower tile's rows from offset on (its first whole
      // vectors skipped: the packed sliver and the scratch tile are entered
      // that many rows in, at the same stride).  With a 64-row tile this
      // halves the work wasted on the diagonal (ssyrk 1024 lower +3 %).
      const index_t offset = first_col - ir;
      const int rows = upper ? static_cast<int>(std::min<index_t>(mr_now, offset + nr_now)) : mr_now;
      const int skip =
          upper ? 0 : static_cast<int>(std::clamp<index_t>(offset, 0, mr_now - 1)) /
                          uk.vector_rows * uk.vector_rows;
      // Scratch tile: the same kernel as in place with the same alpha and
      // beta (full and partial tiles round identically), so an element
      // rounds the same whether its tile straddles or not; beta == 0 never
      // reads C.
      if (beta != T(0)) copy_tile(tile + skip, mr, cij + skip, ldc, rows - skip, nr_now, true);
      if (rows == mr && nr_now == nr && skip == 0)
        uk.kernel(kc, a, b, tile, mr, alpha, beta);
      else
        uk.edge(kc, a + skip, b, tile + skip, mr, alpha, beta, rows - skip, nr_now);
      for (int tj = 0; tj < nr_now; ++tj) {
        const index_t lo = upper ? 0 : std::clamp<index_t>(tj + offset, 0, mr_now);
        const index_t hi = upper ? std::clamp<index_t>(tj + offset + 1, 0, mr_now) : mr_now;
        for (index_t ti = lo; ti < hi; ++ti) cij[ti + tj * ldc] = tile[ti + tj * mr];
      }
    }
  }
}

// Rows of C that columns [jc, jc + nc) reach in the triangle, widened to
// whole MR tiles of C's absolute grid (see the file comment).
inline Range triangle_block_rows(bool upper, index_t n, index_t jc, index_t nc, int mr) {
  if (upper) return {0, std::min(n, round_up(jc + nc, mr))};
  return {jc / mr * mr, n};
}

// Columns [cols.begin, cols.end) of the triangle on one thread, with its own
// packed A block (MC x KC) and B panel (KC x NC).
template <class T>
void triangle_columns(const GemmKernel<T> &kr, bool upper, const GemmProblem<T> &p, Range cols,
                      T *packed_a, T *packed_b) {
  const GemmMicrokernel<T> &uk = kr.micro;
  // The same depth blocks as gemm_rows: independent of the thread count.
  const index_t kc_max = balanced_block(p.k, kr.blocks.kc, uk.k_pack);
  const index_t nc_max = balanced_block(cols.end - cols.begin, kr.blocks.nc, uk.nr);
  for (index_t jc = cols.begin; jc < cols.end; jc += nc_max) {
    const index_t nc = std::min(nc_max, cols.end - jc);
    const Range rows = triangle_block_rows(upper, p.n, jc, nc, uk.mr);
    const index_t mc_max = balanced_block(rows.end - rows.begin, kr.blocks.mc, uk.mr);
    for (index_t pc = 0; pc < p.k; pc += kc_max) {
      const index_t kc = std::min(kc_max, p.k - pc);
      const index_t kp = ceil_div(kc, uk.k_pack);
      const T beta = pc == 0 ? p.beta : T(1);  // later depth blocks accumulate
      uk.pack_b(kc, nc, p.b + pc * p.b_rs + jc * p.b_cs, p.b_rs, p.b_cs, packed_b);
      for (index_t ic = rows.begin; ic < rows.end; ic += mc_max) {
        const index_t mc = std::min(mc_max, rows.end - ic);
        uk.pack_a(mc, kc, p.a + ic * p.a_rs + pc * p.a_cs, p.a_rs, p.a_cs, packed_a);
        triangle_macro_kernel(uk, upper, jc - ic, mc, nc, kp, p.alpha, packed_a, packed_b, beta,
                              p.c + ic + jc * p.ldc, p.ldc);
      }
    }
  }
}

// Columns of thread `id` of `parts`: near-equal shares of the triangle's
// area (not of its columns), in whole NR slivers.  The upper triangle's
// first J columns hold ~J^2/2 elements, the lower's ~nJ - J^2/2.
inline Range triangle_share(bool upper, index_t n, int nr, int id, int parts) {
  const auto boundary = [&](int t) -> index_t {
    if (t <= 0) return 0;
    if (t >= parts) return n;
    const double f = double(t) / parts;
    const double cols = n * (upper ? std::sqrt(f) : 1.0 - std::sqrt(1.0 - f));
    return std::min<index_t>(n, static_cast<index_t>(std::llround(cols / nr)) * nr);
  };
  return {boundary(id), boundary(id + 1)};
}

// One attempt at the given blocking on up to `threads` threads; false,
// having written nothing, when the pack buffers cannot be had.
template <class T>
bool triangle_blocked_once(const GemmKernel<T> &kr, bool upper, const GemmProblem<T> &p,
                           int threads) {
  using gemm_detail::packed_a_bytes;
  using gemm_detail::packed_b_bytes;
  using gemm_detail::slot_bytes;
  // (Sized for the whole problem and every thread asked: the team may be smaller.)
  const std::size_t a_slot = slot_bytes(packed_a_bytes(kr, p.n, p.k));
  const std::size_t b_slot = slot_bytes(packed_b_bytes(kr, p.n, p.k));
  PackBuffer buffers((a_slot + b_slot) * threads);
  if (!buffers.ok()) return false;
  run_team(threads, [&](int id, int team) {
    const Range cols = triangle_share(upper, p.n, kr.micro.nr, id, team);
    if (cols.end <= cols.begin) return;
    char *slot = buffers.as<char>() + (a_slot + b_slot) * id;
    triangle_columns(kr, upper, p, cols, reinterpret_cast<T *>(slot),
                     reinterpret_cast<T *>(slot + a_slot));
  });
  return true;
}

}  // namespace triangle_detail

// The `upper` or lower triangle of the square problem p (p.m == p.n >= 1,
// k >= 1, alpha != 0) on up to `threads` threads.  Out of memory for pack
// buffers, it retries as gemm_blocked does: one thread, then smaller blocks
// (saying so once per process as `routine`); false, having written nothing,
// when not even the smallest blocking fits.
template <class T>
bool triangle_blocked(const GemmKernel<T> &kr, bool upper, const GemmProblem<T> &p, int threads,
                      const char *routine) {
  using namespace triangle_detail;
  if (triangle_blocked_once(kr, upper, p, threads)) return true;
  bool ok = threads > 1 && triangle_blocked_once(kr, upper, p, 1);
  GemmKernel<T> smaller = kr;
  while (!ok && gemm_detail::shrink_blocks(smaller)) ok = triangle_blocked_once(smaller, upper, p, 1);
  if (ok) report_smaller_blocks(routine);
  return ok;
}

}  // namespace tileblas
