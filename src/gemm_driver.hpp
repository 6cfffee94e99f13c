// gemm_driver.hpp -- the GotoBLAS/BLIS five-loop GEMM, written once for every
// element type.  Loops, outermost first:
//   jc: NC columns of C and B      (B panel KC x NC lives in L3, shared by the team)
//   pc: KC of the depth            (pack that B panel once)
//   ic: MC rows of C and A         (A block MC x KC lives in L2, one per thread)
//   jr: NR columns                 (B sliver KC x NR stays in L1)
//   ir: MR rows                    -> microkernel on an MR x NR register tile
// Threads split the columns of C (each thread on its own sub-problem) or,
// when C is too narrow for that, its rows (sharing the packed B panel).
#pragma once

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "environment.hpp"
#include "gemm_problem.hpp"
#include "pack_buffer_pool.hpp"
#include "threading.hpp"

namespace tileblas {
namespace gemm_detail {

inline index_t ceil_div(index_t a, index_t b) { return (a + b - 1) / b; }
inline index_t round_up(index_t a, index_t b) { return ceil_div(a, b) * b; }

// Block size for `total` in blocks of at most `max_block`, evened out so the
// last block is not a sliver (k = 1027 with KC = 512 gives 3 x 343, not
// 512 + 512 + 3), rounded up to a multiple of `unit`.
inline index_t balanced_block(index_t total, index_t max_block, index_t unit) {
  if (total <= max_block) return round_up(total, unit);  // one block (no divisions on small calls)
  const index_t blocks = ceil_div(total, max_block);
  return std::min(round_up(ceil_div(total, blocks), unit), round_up(max_block, unit));
}

// [begin, end) of part `id` of `parts` near-equal shares of `total`, in whole units.
struct Range {
  index_t begin, end;
};
inline Range share(index_t total, index_t unit, int id, int parts) {
  const index_t units = ceil_div(total, unit);
  const index_t b = units * id / parts * unit, e = units * (id + 1) / parts * unit;
  return {std::min(b, total), std::min(e, total)};
}

// Largest register tile any target uses; sizes the scratch tile for edges.
constexpr int kMaxTileElements = 64 * 32;

// Small problems, where packing costs more than it saves: up to
// limits.small_bytes of volume (m n k sizeof(T)), or a C of at most c_side
// x c_side whatever the depth (A and B are then re-read from L2 only a few
// times).  The defaults: 2^27 bytes (322^3 floats, 256^3 doubles) and 128,
// measured on Zen 5, 1 thread, against the packed path: sgemm 256^3 +12 %,
// 320^3 +4-10 %; dgemm 256^3 +8 %, 288^3 -4 %.
template <class T, class In>
bool is_small(const UnpackedLimits &limits, const GemmProblem<T, In> &p) {
  return double(p.m) * double(p.n) * double(p.k) * sizeof(T) <= limits.small_bytes ||
         double(p.m) * double(p.n) <= limits.c_side * limits.c_side;
}

// Skinny problems, where one packed operand is reused too few times to repay
// its copy: C at most skinny_slivers column slivers wide on one thread,
// twice that on more (packed A would serve that few slivers), or
// skinny_row_tiles row tiles high (packed B would serve that few tiles).
// They run unpacked at any size.  The defaults, 16 and 2, measured on Zen 4
// against the packed path, 1 thread: sgemm 64 x 4096 x 4096 1.37x,
// 4096 x 16 x 4096 1.2x, 4096 x 48 x 4096 1.06x, 4096 x {64, 96, 128} x 4096
// 1.03x, 1.02x, 1.01x, 192 0.97x; dgemm the same n 1.01-1.03x, 1.0x, 0.99x,
// 0.96x; dgemm 128 x 4096 x 4096 (4 row tiles) 0.9x.  2 threads, where the
// packed path either shares B and meets at a barrier every depth block (a
// narrow C; on a busy machine the team waits for its slower thread) or has
// every thread pack all of A: sgemm n = 64, 128, 192 1.2x, 1.14x, 1.1x,
// dgemm 1.7x (medians; best runs 1.06x), 1.16x, 1.04x; n = 256 0.98-1.04x.
template <class T, class In>
bool is_skinny(const GemmKernel<T, In> &kr, const GemmProblem<T, In> &p, int threads) {
  const UnpackedLimits &limits = kr.unpacked;
  const index_t slivers = index_t(limits.skinny_slivers) * (threads > 1 ? 2 : 1);
  return p.n <= slivers * index_t(kr.micro.nr) ||
         p.m <= index_t(limits.skinny_row_tiles) * index_t(kr.micro.mr);
}

// Whether A, read in place, has a column stride that makes a row tile's
// columns evict each other from L1 (see UnpackedLimits).  A transposed A is
// copied column-major first, with a leading dimension of about m.
template <class T, class In>
bool has_conflicting_stride(const UnpackedLimits &limits, const GemmProblem<T, In> &p) {
  if (limits.conflict_stride_bytes == 0) return false;
  const index_t stride = p.a_rs == 1 ? p.a_cs : p.m;
  return stride * index_t(sizeof(T)) % limits.conflict_stride_bytes == 0;
}

// Whether the unpacked path takes the problem: small ones on one thread,
// skinny ones, and those with a C of at most c_side x c_side on one thread
// or c_side_team x c_side_team on more, whatever the depth (a packed team
// would meet at a barrier every depth block, or pack all of A in every
// thread for a product this small).  The team default, 512, measured on
// Zen 4, 2 threads, against the packed path: sgemm 128 x 128 x 10000 1.9x,
// 100 x 100 x 3000 1.8x; 256^3 s/d 1.16x/1.15x, 384^3 1.13x/1.12x, 512^3
// 1.10x/1.07x, 384 x 384 x 4096 1.10x/1.05x, 512 x 512 x 2048 1.07x/1.02x;
// not 768^3 (1.03x/0.93x) nor 1024 x 1024 x 256 (0.98x/0.95x).
template <class T, class In>
bool runs_unpacked(const GemmKernel<T, In> &kr, const GemmProblem<T, In> &p, int threads) {
  const UnpackedLimits &limits = kr.unpacked;
  if (has_conflicting_stride(limits, p)) return false;
  const double side = threads > 1 ? limits.c_side_team : limits.c_side;
  return (threads == 1 && is_small(limits, p)) || double(p.m) * double(p.n) <= side * side ||
         is_skinny(kr, p, threads);
}

// Copies the rows x cols corner of a scratch tile (column stride ld_tile)
// into C, or from C when `into_tile`.
template <class T>
void copy_tile(T *tile, index_t ld_tile, T *c, index_t ldc, index_t rows, index_t cols,
               bool into_tile) {
  for (index_t j = 0; j < cols; ++j) {
    if (into_tile)
      std::memcpy(tile + j * ld_tile, c + j * ldc, sizeof(T) * rows);
    else
      std::memcpy(c + j * ldc, tile + j * ld_tile, sizeof(T) * rows);
  }
}

// One MC x NC block of C from packed A (MC x KC) and packed B (KC x NC).
// Partial tiles run the edge kernel on a scratch copy of C, so microkernels
// never store outside C and full and partial tiles round identically.
// kc counts packed elements (depth / k_pack).
template <class T, class In>
void macro_kernel(const GemmMicrokernel<T, In> &uk, index_t mc, index_t nc, index_t kc, T alpha,
                  const T *packed_a, const T *packed_b, T beta, T *c, index_t ldc) {
  const int mr = uk.mr, nr = uk.nr;
  alignas(64) T tile[kMaxTileElements];
  for (index_t jr = 0; jr < nc; jr += nr) {
    const int nr_now = static_cast<int>(std::min<index_t>(nr, nc - jr));
    const T *b = packed_b + jr * kc;
    for (index_t ir = 0; ir < mc; ir += mr) {
      const int mr_now = static_cast<int>(std::min<index_t>(mr, mc - ir));
      const T *a = packed_a + ir * kc;
      T *cij = c + ir + jr * ldc;
      if (mr_now == mr && nr_now == nr) {
        uk.kernel(kc, a, b, cij, ldc, alpha, beta);
        continue;
      }
      if (beta != T(0)) copy_tile(tile, mr, cij, ldc, mr_now, nr_now, true);
      uk.edge(kc, a, b, tile, mr, alpha, beta, mr_now, nr_now);
      copy_tile(tile, mr, cij, ldc, mr_now, nr_now, false);
    }
  }
}

// Small and skinny problems with a column-major op(A) skip packing: the
// microkernel reads A and B in place and writes C directly; a last vector of
// fewer rows is masked in the kernel, so nothing is copied and nothing
// outside A and C is touched.  Depth is split into the same blocks as the
// packed path, so every element of C is summed in the same order whichever
// path (and thread count) computes it.  Thread `id` of `team` takes a share
// of the row tiles or of the columns, whichever has more tiles.
// a_from_memory: A is too big to be in cache; each row tile's first column
// tile prefetches it (the others find it in L1/L2).
template <class T>
void gemm_direct(const GemmMicrokernel<T> &uk, index_t kc_max, index_t mc_max,
                 const GemmProblem<T> &p, bool a_from_memory, int id, int team) {
  // Row tiles of near-equal whole vectors rather than full tiles and a thin
  // last one: with a 3-vector tile, 64 rows as 2 + 2 vectors, not 3 + 1, and
  // 100 floats (7 vectors) as 3 + 2 + 2, not 3 + 3 + 1 (a 1-vector tile is
  // load-bound: 7 % slower at 64^3 on Zen 5).
  const index_t vectors = p.m <= uk.mr ? 1 : ceil_div(p.m, uk.vector_rows);
  const index_t row_tiles = p.m <= uk.mr ? 1 : ceil_div(vectors, uk.mr / uk.vector_rows);
  const bool split_rows = row_tiles >= ceil_div(p.n, uk.nr);
  const Range tiles = split_rows ? share(row_tiles, 1, id, team) : Range{0, row_tiles};
  const Range cols = split_rows ? Range{0, p.n} : share(p.n, uk.nr, id, team);
  // The loop order, outermost first, by what stays in cache:
  //  - depth block, row tile, columns: a row tile's A block (MR x KC) stays
  //    in L1/L2 across the column tiles, which matters when C is narrow and
  //    A large;
  //  - for a short C wider than high whose operands come from memory (m at
  //    most MC: its A block of several tiles fits L2, as packed A does):
  //    a run of depth blocks, column sliver, depth block, row tile.  A
  //    sliver of B, read once, stays in L1 across the row tiles, as in the
  //    packed macro-kernel; and with runs of as many depth blocks as keep m
  //    x run within two packed A blocks (MC x KC is half of L2), each
  //    column of B is read from memory in long runs, which the prefetchers
  //    follow, rather than KC at a time.
  // Each element of C still gets its depth blocks in order.  (In cache, one
  // call per row tile is cheaper.)
  const bool short_wide = a_from_memory && p.m <= mc_max && cols.end - cols.begin > p.m;
  const index_t col_step = short_wide ? index_t(uk.nr) : cols.end - cols.begin;
  const index_t run = short_wide ? std::max<index_t>(1, 2 * mc_max / p.m) * kc_max : p.k;
  // Depth block pc of this thread's row tiles and columns [j, j + col_step).
  const auto block = [&](index_t pc, index_t j) {
    const index_t kc = std::min(kc_max, p.k - pc);
    const T beta = pc == 0 ? p.beta : T(1);  // later depth blocks accumulate
    const int width = static_cast<int>(std::min(col_step, cols.end - j));
    const bool a_first = a_from_memory && j == cols.begin;  // later slivers find A in L2
    for (index_t t = tiles.begin; t < tiles.end; ++t) {  // (one tile: no divisions)
      const index_t i = t == 0 ? 0 : vectors * t / row_tiles * uk.vector_rows;
      const index_t end =
          t == row_tiles - 1 ? p.m : vectors * (t + 1) / row_tiles * uk.vector_rows;
      uk.direct(kc, p.a + i + pc * p.a_cs, p.a_cs, p.b + pc * p.b_rs + j * p.b_cs, p.b_rs,
                p.b_cs, p.c + i + j * p.ldc, p.ldc, p.alpha, beta, static_cast<int>(end - i),
                width, a_first);
    }
  };
  for (index_t run0 = 0; run0 < p.k; run0 += run) {
    const index_t run1 = std::min(p.k, run0 + run);
    for (index_t j = cols.begin; j < cols.end; j += col_step)
      for (index_t pc = run0; pc < run1; pc += kc_max) block(pc, j);
  }
}

// Where the driver's packed blocks come from: op(A) and op(B) read through
// the problem's strides.  symm's operands (level3/symmetric_operand.hpp)
// read a symmetric matrix from its stored triangle instead.  Coordinates are
// the whole problem's: A's rows [ic, ic + mc) x depth [pc, pc + kc), B's
// depth [pc, pc + kc) x columns [jc, jc + nc).
struct StridedOperands {
  template <class T, class In>
  void pack_a(const GemmMicrokernel<T, In> &uk, const GemmProblem<T, In> &p, index_t ic,
              index_t pc, index_t mc, index_t kc, T *dst) const {
    uk.pack_a(mc, kc, p.a + ic * p.a_rs + pc * p.a_cs, p.a_rs, p.a_cs, dst);
  }
  template <class T, class In>
  void pack_b(const GemmMicrokernel<T, In> &uk, const GemmProblem<T, In> &p, index_t pc,
              index_t jc, index_t kc, index_t nc, T *dst) const {
    uk.pack_b(kc, nc, p.b + pc * p.b_rs + jc * p.b_cs, p.b_rs, p.b_cs, dst);
  }
};

// Columns `cols` of C, rows [rows.begin, rows.end) of them by this thread;
// B panels packed by the whole team of `team` threads into the shared
// `packed_b`.
template <class T, class In, class Operands>
void gemm_rows(const GemmKernel<T, In> &kr, const GemmProblem<T, In> &p, const Operands &from,
               Range cols, int id, int team, T *packed_a, T *packed_b) {
  const GemmMicrokernel<T, In> &uk = kr.micro;
  const Range rows = share(p.m, uk.mr, id, team);
  // Depth blocks keep k-pairs whole; only the last may end in half a pair.
  const index_t kc_max = balanced_block(p.k, kr.blocks.kc, uk.k_pack);
  const index_t nc_max = balanced_block(cols.end - cols.begin, kr.blocks.nc, uk.nr);
  const index_t mc_max = rows.end > rows.begin
                             ? balanced_block(rows.end - rows.begin, kr.blocks.mc, uk.mr)
                             : 0;
  for (index_t jc = cols.begin; jc < cols.end; jc += nc_max) {
    const index_t nc = std::min(nc_max, cols.end - jc);
    for (index_t pc = 0; pc < p.k; pc += kc_max) {
      const index_t kc = std::min(kc_max, p.k - pc);
      const index_t kp = ceil_div(kc, uk.k_pack);  // packed elements per sliver row
      const T beta = pc == 0 ? p.beta : T(1);  // later depth blocks accumulate

      const Range slivers = share(nc, uk.nr, id, team);  // this thread's share of packing B
      if (slivers.end > slivers.begin)
        from.pack_b(uk, p, pc, jc + slivers.begin, kc, slivers.end - slivers.begin,
                    packed_b + slivers.begin * kp);
      // Only a team sharing packed_b waits: a thread computing its own
      // sub-problem (team == 1, the column split) may run a different number
      // of column and depth blocks than the others inside the same parallel
      // region, and an OpenMP barrier there would wait for them forever.
      if (team > 1) team_barrier();

      for (index_t ic = rows.begin; ic < rows.end; ic += mc_max) {
        const index_t mc = std::min(mc_max, rows.end - ic);
        from.pack_a(uk, p, ic, pc, mc, kc, packed_a);
        macro_kernel(uk, mc, nc, kp, p.alpha, packed_a, packed_b, beta, p.c + ic + jc * p.ldc,
                     p.ldc);
      }
      if (team > 1) team_barrier();  // packed_b is overwritten by the next depth block
    }
  }
}

template <class T, class In>
std::size_t packed_a_bytes(const GemmKernel<T, In> &kr, index_t m, index_t k) {
  return sizeof(T) * round_up(std::min<index_t>(m, kr.blocks.mc), kr.micro.mr) *
         ceil_div(std::min<index_t>(k, kr.blocks.kc), kr.micro.k_pack);
}
template <class T, class In>
std::size_t packed_b_bytes(const GemmKernel<T, In> &kr, index_t n, index_t k) {
  return sizeof(T) * round_up(std::min<index_t>(n, kr.blocks.nc), kr.micro.nr) *
         ceil_div(std::min<index_t>(k, kr.blocks.kc), kr.micro.k_pack);
}

// Depth of gemm_dot's blocks: 8 KiB of each column, so a tile's columns of
// A stay in L1 across the tiles of a row, and B's block in L2.
template <class T>
index_t dot_depth_block(const GemmMicrokernel<T> &uk, const GemmProblem<T> &p) {
  return balanced_block(p.k, 8192 / index_t(sizeof(T)), uk.vector_rows);
}

// C = alpha * op(A) op(B) + beta * C by dot-product tiles, op(A) = A^T,
// thread `id` of `team` taking a share of the tile rows or columns.  op(B)
// is B, read in place, or, when b_copy is given, B^T: each depth block of
// this thread's columns is first copied column-major into b_copy (leading
// dimension the block depth), so that it too runs along the depth.
template <class T>
void gemm_dot(const GemmMicrokernel<T> &uk, const GemmProblem<T> &p, T *b_copy, int id,
              int team) {
  const index_t kc_max = dot_depth_block(uk, p);
  const index_t row_tiles = ceil_div(p.m, uk.dot_rows), col_tiles = ceil_div(p.n, uk.dot_cols);
  const bool split_rows = row_tiles >= col_tiles;
  const Range rows = split_rows ? share(p.m, uk.dot_rows, id, team) : Range{0, p.m};
  const Range cols = split_rows ? Range{0, p.n} : share(p.n, uk.dot_cols, id, team);
  for (index_t pc = 0; pc < p.k; pc += kc_max) {
    const index_t kc = std::min(kc_max, p.k - pc);
    const T beta = pc == 0 ? p.beta : T(1);  // later depth blocks accumulate
    const T *b = p.b + pc * p.b_rs;  // column j at b + j*ldb
    index_t ldb = p.b_cs;
    if (b_copy && cols.end > cols.begin) {
      uk.copy_a(kc, cols.end - cols.begin, b + cols.begin * p.b_cs, p.b_rs, p.b_cs, b_copy,
                kc_max);
      b = b_copy - cols.begin * kc_max;
      ldb = kc_max;
    }
    for (index_t i = rows.begin; i < rows.end; i += uk.dot_rows)
      for (index_t j = cols.begin; j < cols.end; j += uk.dot_cols)
        uk.dot(kc, p.a + i * p.a_rs + pc, p.a_rs, b + j * ldb, ldb, p.c + i + j * p.ldc, p.ldc,
               p.alpha, beta, static_cast<int>(std::min<index_t>(uk.dot_rows, rows.end - i)),
               static_cast<int>(std::min<index_t>(uk.dot_cols, cols.end - j)));
  }
}

// Leading bytes of each thread's slot in a shared allocation, kept a multiple
// of 4 KiB so slots of different threads never share a cache line or page.
inline std::size_t slot_bytes(std::size_t bytes) { return (bytes + 4095) / 4096 * 4096; }

// Most bytes of a column-major copy of a transposed A on the small path; a
// deeper one (a few rows of a long k) packs instead.
constexpr std::size_t kSmallCopyBytes = std::size_t(4) << 20;

// The dot-product path (kernels/x86_64/dot_tile.hpp) takes a problem with
// op(A) = A^T (read along the depth in place) and a small C over a long
// depth.  With op(B) = B, read along the depth in place too, when the small
// path's column-major copy of A would not fit its scratch (it packed) or
// would not be repaid: C less than half a tile high (the tiles are then
// mostly masked lanes) or at most 4 column slivers wide.  Measured on Zen 4,
// 1 thread: sgemm 24 x 24 x 100000 TN 2.2x and 128 x 16 x 20000 1.45x the
// packed path; against the copy, 24 x 24 x 512 1.4x, 128 x 6 x 1000 1.7x
// (d 2.2x), 128 x 24 x 1000 1.1x (d 1.3x), 100 x 2 x 5000 2.8x; the copy
// stays ahead from 48 x 48 x 1000 (s 1.04x) and 64 x 64 x 256-1024
// (1.1-1.2x).  With op(B) = B^T (copied a depth block at a time) when C is
// narrower than a vector, so the copy is a few columns: sgemm
// 100 x 8 x 5000 TT 1.65x the copy of A (2 threads 5.7x: the copy of A was
// made by one thread), 100 x 4 x 1000 2x (d 1.9x).  A wider C takes the
// transposed route (takes_transposed_route) instead.
constexpr index_t kDotMinDepth = 256;
template <class T>
bool takes_dot_path(const GemmMicrokernel<T> &uk, const GemmProblem<T> &p) {
  if (!uk.dot || p.a_cs != 1 || p.k < kDotMinDepth || double(p.m) * double(p.n) > 128.0 * 128)
    return false;
  const double copy_bytes =
      double(sizeof(T)) * double(round_up(p.m, uk.vector_rows)) * double(p.k);
  const bool copy_fits = copy_bytes <= double(kSmallCopyBytes);
  if (p.b_rs == 1) return !copy_fits || 2 * p.m <= index_t(uk.mr) || p.n <= 4 * index_t(uk.nr);
  return p.b_cs == 1 && p.n < index_t(uk.vector_rows) && uk.copy_a;
}

// C = D^T + beta * C for the m x n C and the n x m D (leading dimension
// ldd), in 16 x 16 blocks that both stay in L1; beta = 0 does not read C.
template <class T>
void add_transposed(index_t m, index_t n, const T *d, index_t ldd, T beta, T *c, index_t ldc) {
  constexpr index_t kBlock = 16;
  for (index_t j0 = 0; j0 < n; j0 += kBlock)
    for (index_t i0 = 0; i0 < m; i0 += kBlock) {
      const index_t j1 = std::min(n, j0 + kBlock), i1 = std::min(m, i0 + kBlock);
      for (index_t j = j0; j < j1; ++j) {
        T *cj = c + j * ldc;
        const T *dj = d + j;
        if (beta == T(0))
          for (index_t i = i0; i < i1; ++i) cj[i] = dj[i * ldd];
        else
          for (index_t i = i0; i < i1; ++i) cj[i] = dj[i * ldd] + beta * cj[i];
      }
    }
}

// op(A) = A^T and op(B) = B^T with a small C over a long depth: C^T = B A
// is a product of two column-major operands read in place (B's columns
// along its rows, A's along the depth), computed into a scratch D = C^T
// and added to C transposed, where the other routes copy A (or B^T, for
// dot products) along the whole depth.  Taken when D's columns fill a
// vector (n rows of B).  Measured on Zen 4, 1 thread, against those routes:
// sgemm 24 x 24 x 100000 1.4x (d 1.8x), 128 x 16 x 20000 1.1x (d 1.4x),
// 64 x 64 x 1000 1.07x, 64 x 64 x 256 equal; but 64 x 64 x 64 0.8x (the
// pass over D costs what the copy of A does, and the scratch more) and
// sgemm 128 x 6 x 20000 0.4x (6 of 16 lanes of D's columns).
template <class T>
bool takes_transposed_route(const GemmMicrokernel<T> &uk, const GemmProblem<T> &p) {
  return p.a_cs == 1 && p.b_cs == 1 && p.a_rs != 1 && p.b_rs != 1 && p.k >= kDotMinDepth &&
         p.n >= index_t(uk.vector_rows) && double(p.m) * double(p.n) <= 128.0 * 128;
}

// The register tile gemm_direct runs: the target's narrow tile, where it
// has one, for a C of 2-8 column slivers whose A comes from memory (not
// small).  Its wider tile reads A fewer times from L2 for the same FMAs,
// which is what limits such a call.  Measured on Zen 4, 1 thread, 3 x 8
// vectors against 4 x 6: sgemm 4000 x 16 x 4000 +5 %, 3000 x 24 x 3000
// +17 %, 4000 x 40 x 4000 +15 %, 4000 x 8 x 4000 +10 %; dgemm +15-25 % on
// the same shapes.  Not for a short C (sgemm 64 x 4096 x 4096 -15 %) nor in
// cache (1000 x 16 x 1000 the same).
template <class T>
const GemmMicrokernel<T> &direct_kernel(const GemmKernel<T> &kr, const GemmProblem<T> &p) {
  const index_t nr = kr.micro.nr;
  const bool narrow =
      kr.narrow.direct && p.n > nr && p.n <= 8 * nr && !is_small(kr.unpacked, p);
  return narrow ? kr.narrow : kr.micro;
}

// A small or skinny problem without packing (see gemm_direct and gemm_dot)
// on up to `threads` threads.  False, having written nothing, when it does
// not apply or its scratch (the column-major copy of a transposed A) cannot
// be had: the packed path, whose scratch shrinks with the blocks, runs
// instead.
template <class T>
bool gemm_unpacked(const GemmKernel<T> &kr, const GemmProblem<T> &p, int threads) {
  const index_t kc = balanced_block(p.k, kr.blocks.kc, 1);  // as gemm_rows blocks it
  const auto run = [&](const GemmProblem<T> &q) {
    const bool a_from_memory = !is_small(kr.unpacked, q);
    const GemmMicrokernel<T> &uk = direct_kernel(kr, q);
    run_team(threads, [&](int id, int team) {
      gemm_direct(uk, kc, kr.blocks.mc, q, a_from_memory, id, team);
    });
  };
  if (takes_transposed_route(kr.micro, p)) {
    const index_t ldd = round_up(p.n, kr.micro.vector_rows);
    PackBuffer scratch(sizeof(T) * std::size_t(ldd) * std::size_t(p.m));
    if (!scratch.ok()) return false;
    T *d = scratch.as<T>();
    run(GemmProblem<T>{p.n, p.m, p.k, p.alpha, p.b, 1, p.b_rs, p.a, 1, p.a_rs, T(0), d, ldd});
    add_transposed(p.m, p.n, d, ldd, p.beta, p.c, p.ldc);
    return true;
  }
  if (takes_dot_path(kr.micro, p)) {
    // op(B) = B^T: a slot per thread for its columns of one depth block.
    const std::size_t slot =
        p.b_rs == 1 ? 0 : slot_bytes(sizeof(T) * std::size_t(dot_depth_block(kr.micro, p)) *
                                     std::size_t(p.n));
    PackBuffer copies(slot * threads);
    if (slot != 0 && !copies.ok()) return false;
    run_team(threads, [&](int id, int team) {
      T *b_copy = slot != 0 ? reinterpret_cast<T *>(copies.as<char>() + slot * id) : nullptr;
      gemm_dot(kr.micro, p, b_copy, id, team);
    });
    return true;
  }
  if (p.a_rs == 1) {
    run(p);
    return true;
  }
  // op(A) = A^T: copy it column-major (a register transpose on SIMD
  // targets, a few percent of the call), then read the copy in place.
  // Measured on Zen 5, 1 thread: sgemm 64^3 TN/TT 1.3-1.7x the packed path.
  const index_t ld = round_up(p.m, kr.micro.vector_rows);  // columns start on whole vectors
  const std::size_t bytes = sizeof(T) * std::size_t(ld) * std::size_t(p.k);
  if (!kr.micro.copy_a || bytes > kSmallCopyBytes) return false;
  PackBuffer copy(bytes);
  if (!copy.ok()) return false;
  kr.micro.copy_a(p.m, p.k, p.a, p.a_rs, p.a_cs, copy.as<T>(), ld);
  GemmProblem<T> q = p;
  q.a = copy.as<T>();
  q.a_rs = 1;
  q.a_cs = ld;
  run(q);
  return true;
}

// A C of one row tile and a few column slivers over a short depth (one
// depth block): the microkernel at once, as gemm_direct runs it on one
// thread (the same tiles, the same bits), without the choice of route and
// the divisions that cost a third of an 8^3 call.
template <class T>
bool gemm_tiny(const GemmKernel<T> &kr, const GemmProblem<T> &p) {
  const GemmMicrokernel<T> &uk = kr.micro;
  const index_t nr = uk.nr;
  if (p.a_rs != 1 || p.m > uk.mr || p.n > 4 * nr || p.k >= kDotMinDepth || p.k > kr.blocks.kc)
    return false;
  uk.direct(p.k, p.a, p.a_cs, p.b, p.b_rs, p.b_cs, p.c, p.ldc, p.alpha, p.beta,
            static_cast<int>(p.m), static_cast<int>(p.n), false);
  return true;
}

// One attempt at the given blocking: see gemm_blocked.
template <class T, class In, class Operands>
bool gemm_blocked_once(const GemmKernel<T, In> &kr, const GemmProblem<T, In> &p,
                       const Operands &from, int threads) {
  const int nr = kr.micro.nr;
  if constexpr (std::is_same_v<T, In> && std::is_same_v<Operands, StridedOperands>)
    if (gemm_tiny(kr, p) ||
        (runs_unpacked(kr, p, threads) && gemm_unpacked(kr, p, threads)))
      return true;
  // Threads take column ranges of C, each packing its own B panel and all of
  // A: no barriers, and no packed panel read across cores.  Measured on
  // Zen 4 at 256-4096, 2 threads: as fast or faster than sharing one B panel
  // (up to 1.4x at 384-768).  Only a C too narrow to give every thread a few
  // slivers of columns (4096 x 64) splits its rows, sharing B, and only when
  // it has rows for two tiles a thread: with a 64-row tile a 64-88 square C
  // (2-thread ssymm) gave one thread all or most of the rows, and the team
  // ran at half the speed of one thread.
  const index_t row_tiles = ceil_div(p.m, index_t(kr.micro.mr));
  const bool split_rows = threads == 1 || (p.n < index_t(threads) * 8 * nr &&
                                           row_tiles >= 2 * index_t(threads));
  if (split_rows) {
    const std::size_t a_slot = slot_bytes(packed_a_bytes(kr, p.m, p.k));
    PackBuffer a_buffers(a_slot * threads);
    PackBuffer b_buffer(packed_b_bytes(kr, p.n, p.k));
    if (!a_buffers.ok() || !b_buffer.ok()) return false;
    run_team(threads, [&](int id, int team) {
      T *packed_a = reinterpret_cast<T *>(a_buffers.as<char>() + a_slot * id);
      gemm_rows(kr, p, from, Range{0, p.n}, id, team, packed_a, b_buffer.as<T>());
    });
    return true;
  }
  // Column split: independent sub-problems, each with its own A and B buffers.
  // (Sized for the whole problem: the team may be smaller than asked.)
  const std::size_t a_slot = slot_bytes(packed_a_bytes(kr, p.m, p.k));
  const std::size_t b_slot = slot_bytes(packed_b_bytes(kr, p.n, p.k));
  PackBuffer buffers((a_slot + b_slot) * threads);
  if (!buffers.ok()) return false;
  run_team(threads, [&](int id, int team) {
    const Range range = share(p.n, nr, id, team);
    if (range.end <= range.begin) return;
    char *slot = buffers.as<char>() + (a_slot + b_slot) * id;
    gemm_rows(kr, p, from, range, 0, 1, reinterpret_cast<T *>(slot),
              reinterpret_cast<T *>(slot + a_slot));
  });
  return true;
}

// The next smaller blocking to try when pack buffers cannot be had, false at
// the floor.  NC and MC go first: they only choose which columns and rows a
// packed block covers, not the order in which an element of C is summed, so
// the result stays bitwise the same.  KC goes last (more depth blocks: other
// rounding, still the right answer).  Packed A is MC x KC, packed B KC x NC.
template <class T, class In>
bool shrink_blocks(GemmKernel<T, In> &kr) {
  Blocksizes &b = kr.blocks;
  const int mr = kr.micro.mr, nr = kr.micro.nr, kp = kr.micro.k_pack;
  const auto half = [](int v, int unit) { return std::max(unit, (v / 2 + unit - 1) / unit * unit); };
  if (b.nc > nr || b.mc > mr) {
    b.nc = half(b.nc, nr);
    b.mc = half(b.mc, mr);
    return true;
  }
  const int kc_floor = 16 * kp;  // below this, loading and storing C tiles dominates
  if (b.kc <= kc_floor) return false;
  b.kc = std::max(kc_floor, half(b.kc, kp));
  return true;
}

template <class T, class In>
constexpr const char *routine_name() {
  if constexpr (!std::is_same_v<T, In>) return "shgemm/sbgemm";
  return sizeof(T) == 4 ? "sgemm" : "dgemm";
}

}  // namespace gemm_detail

// Computes the problem (m, n, k >= 1, alpha != 0) on up to `threads` threads.
// Out of memory for pack buffers at the tuned blocking, it retries on one
// thread (same result bits), then with ever smaller blocks (see
// shrink_blocks), saying so once per process; returns false, having written
// nothing, only when not even the smallest blocking fits.
// A and B of type In are converted (half precision) while packing; the
// unpacked direct path reads them as T, so it serves only In == T.
// `from` says where packed blocks come from (gemm_detail::StridedOperands:
// op(A) and op(B) through p's strides); only strided operands take the
// unpacked small-problem path.
template <class T, class In, class Operands = gemm_detail::StridedOperands>
bool gemm_blocked(const GemmKernel<T, In> &kr, const GemmProblem<T, In> &p, int threads,
                  const Operands &from = {}) {
  using namespace gemm_detail;
  if (gemm_blocked_once(kr, p, from, threads)) return true;
  bool ok = threads > 1 && gemm_blocked_once(kr, p, from, 1);
  GemmKernel<T, In> smaller = kr;
  while (!ok && shrink_blocks(smaller)) ok = gemm_blocked_once(smaller, p, from, 1);
  if (ok) report_smaller_blocks(routine_name<T, In>());
  return ok;
}

}  // namespace tileblas
