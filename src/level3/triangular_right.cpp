// triangular_right.cpp -- right-side TRMM and TRSM (B = alpha B op(A),
// B op(A)^-1 alpha) on the GEMM engine's packed panels.  Rows of B are
// independent here, so B itself is the microkernel's A operand and op(A)
// its B operand: B's columns are cut into blocks of KC, op(A) into the
// matching diagonal blocks (packed as NR-column slivers of op(A), i.e. rows
// of op(A)^T, which is the triangle the panel packer sees) and the panels
// of op(A) beside them.  For each MC block of B's rows, block by block in
// dependency order:
//   TRMM: the block's columns of B are packed (original values) as the A
//     block; the columns it feeds get += it times their panel of op(A), a
//     plain GEMM, and its own columns = it times the packed diagonal block.
//   TRSM: the block's columns are solved NR columns at a time: a GEMM update
//     with the columns solved before them, then the MR x NR tile solve
//     (TriangularSolveFn, right) that also writes the solution into the
//     packed A block; the columns after it then get -= it times their panel
//     of op(A).
// Threads take row ranges of B, each with its own panels, or, for a B of
// few rows, share the packed rows and split the columns of the updates.
#include "gemm_driver.hpp"
#include "level3/tri_exact.hpp"
#include "level3/tri_panel.hpp"

namespace tileblas {
namespace level3 {
namespace {

using gemm_detail::balanced_block;
using gemm_detail::copy_tile;
using gemm_detail::kMaxTileElements;
using gemm_detail::Range;
using gemm_detail::round_up;
using gemm_detail::share;
using gemm_detail::slot_bytes;

template <class T>
class RightDriver {
 public:
  // t is op(A), n x n.
  RightDriver(Kind kind, const Triangle<T> &t, index_t m, index_t n, T alpha, MutView<T> b)
      : kr_(real_gemm_kernel<T>()), uk_(kr_.micro), kind_(kind), t_(t), tv_(t.transposed()),
        m_(m), n_(n), alpha_(alpha), b_(b) {
    kb_max_ = balanced_block(n, kr_.blocks.kc, uk_.nr);
    blocks_ = (n + kb_max_ - 1) / kb_max_;
    // Column blocks run left to right when each depends only on columns to
    // its left (TRSM, upper op(A)) or feeds only columns to its left (TRMM,
    // lower op(A)); in op(A)^T terms, as for the left side.
    forward_ = (kind == Kind::Solve) != tv_.upper;
  }

  // Scratch of one team of `team` threads.
  std::size_t team_bytes(int team) const { return diag_bytes() + a_bytes() + team * b_bytes(); }

  // Rows [r0, r1) of B by thread `id` of a team of `team`, on `scratch` of
  // team_bytes(team) bytes: the team shares the diagonal block and the
  // packed rows of B, splits their rows for the diagonal part and the
  // columns of the update (each thread packing its own panels of op(A)).
  void run(index_t r0, index_t r1, int id, int team, char *scratch) const {
    T *diag = reinterpret_cast<T *>(scratch);
    T *packed_a = reinterpret_cast<T *>(scratch + diag_bytes());
    T *packed_b = reinterpret_cast<T *>(scratch + diag_bytes() + a_bytes() + id * b_bytes());
    const index_t mc_max = balanced_block(r1 - r0, kr_.blocks.mc, uk_.mr);
    for (index_t ic = r0; ic < r1; ic += mc_max) {
      const index_t mc = std::min(mc_max, r1 - ic);
      const Range rows = share(mc, uk_.mr, id, team);  // this thread's rows of the block
      for (index_t q = 0; q < blocks_; ++q) {
        const index_t k0 = (forward_ ? q : blocks_ - 1 - q) * kb_max_;
        const index_t kb = std::min(kb_max_, n_ - k0);
        const DiagPanel<T> panel = panel_for(kb);
        const Range mine = share(panel.slivers(), 1, id, team);  // slivers this thread packs
        // (The block is op(A) transposed: a sliver's rows are B-operand columns.)
        panel.pack(tv_.a.at(k0, k0), diag, mine.begin, mine.end,
                   [&](index_t cols, index_t depth, const View<T> &v, T *dst) {
                     uk_.pack_b(depth, cols, v.p, v.cs, v.rs, dst);
                   });
        const T beta = q == 0 ? alpha_ : T(1);  // TRSM: first touch of every column
        if (kind_ == Kind::Multiply && rows.end > rows.begin)
          uk_.pack_a(rows.end - rows.begin, kb, &b_(ic + rows.begin, k0), b_.rs, b_.cs,
                     packed_a + rows.begin * kb);
        barrier(team);
        if (kind_ == Kind::Multiply)
          multiply_diagonal(panel, ic, rows, k0, diag, packed_a);
        else
          solve_diagonal(panel, ic, rows, k0, beta, diag, packed_a);
        barrier(team);  // TRSM: the update reads every row's solution
        update_off_diagonal(ic, mc, k0, kb, beta, packed_a, packed_b, id, team);
        barrier(team);  // diag and packed_a are overwritten by the next block
      }
    }
  }

 private:
  DiagPanel<T> panel_for(index_t kb) const {
    return {kind_, tv_.upper, tv_.unit, uk_.nr, kb, /*transposed=*/true};
  }
  static void barrier(int team) {
    if (team > 1) team_barrier();
  }
  // The packed diagonal block, the packed rows of B (TRMM: the original
  // values; TRSM: the solution), and one thread's panel of op(A) beside.
  std::size_t diag_bytes() const {
    const DiagPanel<T> panel = panel_for(kb_max_);
    return slot_bytes(sizeof(T) * panel.slivers() * panel.slot());
  }
  std::size_t b_bytes() const {
    return slot_bytes(sizeof(T) * kb_max_ * round_up(std::min(n_, index_t(kr_.blocks.nc)), uk_.nr));
  }
  std::size_t a_bytes() const {
    return slot_bytes(sizeof(T) * round_up(std::min(m_, index_t(kr_.blocks.mc)), uk_.mr) *
                      kb_max_);
  }

  // TRMM: columns [k0, k0 + kb) of rows ic + [rows) = alpha * packed B
  // (original values) * diagonal block.
  void multiply_diagonal(const DiagPanel<T> &panel, index_t ic, Range rows_of_block, index_t k0,
                         const T *diag, const T *packed_a) const {
    alignas(64) T tile[kMaxTileElements];
    const int mr = uk_.mr, nr = uk_.nr;
    for (index_t s = 0; s < panel.slivers(); ++s) {
      const int cols = static_cast<int>(std::min<index_t>(nr, panel.kb - s * nr));
      const DepthRange d = panel.depth(s);
      const T *b = diag + s * panel.slot();
      for (index_t ir = rows_of_block.begin; ir < rows_of_block.end; ir += mr) {
        const int rows = static_cast<int>(std::min<index_t>(mr, rows_of_block.end - ir));
        const T *a = packed_a + ir * panel.kb + d.lo * mr;
        T *c = &b_(ic + ir, k0 + s * nr);
        const bool whole = rows == mr && cols == nr;
        bool finite;
        if (whole && uk_.multiply_right) {
          finite = uk_.multiply_right(d.hi - d.lo, a, b, c, b_.cs, alpha_);
        } else {
          if (whole) {
            uk_.kernel(d.hi - d.lo, a, b, c, b_.cs, alpha_, T(0));
          } else {
            uk_.edge(d.hi - d.lo, a, b, tile, mr, alpha_, T(0), rows, cols);
            copy_tile(tile, mr, c, b_.cs, rows, cols, false);
          }
          finite = tile_finite(c, b_.cs, rows, cols);
        }
        if (!finite)
          multiply_right_exact(panel.upper, b, d, nr, s * nr, packed_a + ir * panel.kb, mr,
                               alpha_, c, b_.cs, rows, cols);
      }
    }
  }

  // TRSM: columns [k0, k0 + kb) of rows ic + [rows), one MR-row sliver at
  // a time, NR columns after NR columns; the solution also goes to the
  // packed A block (MR slivers of kb columns), which feeds the update.
  void solve_diagonal(const DiagPanel<T> &panel, index_t ic, Range rows_of_block, index_t k0,
                      T beta, const T *diag, T *packed_a) const {
    alignas(64) T tile[kMaxTileElements];
    alignas(64) T solved[kMaxTileElements];
    const int mr = uk_.mr, nr = uk_.nr;
    const index_t n_sl = panel.slivers();
    const bool backward = !forward_;
    for (index_t q = 0; q < n_sl; ++q) {
      const index_t s = forward_ ? q : n_sl - 1 - q;
      const int cols = static_cast<int>(std::min<index_t>(nr, panel.kb - s * nr));
      const DepthRange d = panel.depth(s);
      const T *b = diag + s * panel.slot();
      const T *tri = b + nr * panel.kb;
      for (index_t ir = rows_of_block.begin; ir < rows_of_block.end; ir += mr) {
        const int rows = static_cast<int>(std::min<index_t>(mr, rows_of_block.end - ir));
        T *xs = packed_a + ir * panel.kb;
        T *c = &b_(ic + ir, k0 + s * nr);
        T *x = xs + s * nr * mr;  // these columns in the packed A sliver
        if (rows == mr && cols == nr) {
          uk_.kernel(d.hi - d.lo, xs + d.lo * mr, b, c, b_.cs, T(-1), beta);
          if (uk_.solve_right && uk_.solve_right(backward, tri, c, b_.cs, x)) continue;
          solve_right_exact(backward, tri, nr, c, b_.cs, mr, nr);
          copy_tile(x, mr, c, b_.cs, mr, nr, true);
          continue;
        }
        // Partial tile: on a zero-padded copy; its padding rows (zero) also
        // pad the packed sliver.
        std::fill(tile, tile + mr * nr, T(0));
        copy_tile(tile, mr, c, b_.cs, rows, cols, true);
        uk_.edge(d.hi - d.lo, xs + d.lo * mr, b, tile, mr, T(-1), beta, rows, cols);
        if (!uk_.solve_right || !uk_.solve_right(backward, tri, tile, mr, solved))
          solve_right_exact(backward, tri, nr, tile, mr, rows, cols);
        copy_tile(tile, mr, c, b_.cs, rows, cols, false);
        std::copy(tile, tile + mr * cols, x);
      }
    }
  }

  // The GEMM beside the diagonal block: the columns after it (upper op(A))
  // or before it (lower) get += alpha * packed B * their op(A) panel
  // (TRMM) or -= packed solution * panel (TRSM, scaling by alpha on first
  // touch), in NC blocks; this thread's share of the columns.
  void update_off_diagonal(index_t ic, index_t mc, index_t k0, index_t kb, T beta,
                           const T *packed_a, T *packed_b, int id, int team) const {
    index_t c0 = tv_.upper ? 0 : k0 + kb, c1 = tv_.upper ? k0 : n_;
    if (c1 <= c0) return;
    const Range cols = share(c1 - c0, uk_.nr, id, team);
    c1 = c0 + cols.end;
    c0 += cols.begin;
    if (c1 <= c0) return;
    const index_t nc_max = balanced_block(c1 - c0, kr_.blocks.nc, uk_.nr);
    const bool solve = kind_ == Kind::Solve;
    for (index_t jc = c0; jc < c1; jc += nc_max) {
      const index_t nc = std::min(nc_max, c1 - jc);
      const View<T> panel = t_.a.at(k0, jc);
      uk_.pack_b(kb, nc, panel.p, panel.rs, panel.cs, packed_b);
      gemm_detail::macro_kernel(uk_, mc, nc, kb, solve ? T(-1) : alpha_, packed_a, packed_b,
                                solve ? beta : T(1), &b_(ic, jc), b_.cs);
    }
  }

  const GemmKernel<T> &kr_;
  const GemmMicrokernel<T> &uk_;
  Kind kind_;
  Triangle<T> t_, tv_;  // op(A), and op(A)^T whose rows the panels hold
  index_t m_, n_;
  T alpha_;
  MutView<T> b_;
  index_t kb_max_, blocks_;
  bool forward_;
};

}  // namespace

template <class T>
bool packed_right(Kind kind, const Triangle<T> &t, index_t m, index_t n, T alpha,
                  MutView<T> b) {
  const RightDriver<T> driver(kind, t, m, n, alpha, b);
  const GemmMicrokernel<T> &uk = real_gemm_kernel<T>().micro;
  const int threads = threads_for_call(double(m) * double(n) * double(n));
  // Tall B: every thread on its own rows, with its own panels; short B: one
  // team sharing the packed rows, splitting the columns of the updates.
  if (threads > 1 && m >= index_t(threads) * 4 * uk.mr) {
    // (A slot per asked thread: the team may be smaller, never larger.)
    const std::size_t bytes = slot_bytes(driver.team_bytes(1));
    PackBuffer scratch(bytes * threads);
    if (!scratch.ok()) return false;
    run_team(threads, [&](int id, int team) {
      const Range rows = share(m, uk.mr, id, team);
      if (rows.end > rows.begin)
        driver.run(rows.begin, rows.end, 0, 1, scratch.as<char>() + bytes * id);
    });
    return true;
  }
  PackBuffer scratch(driver.team_bytes(threads));
  if (!scratch.ok()) return false;
  run_team(threads, [&](int id, int team) { driver.run(0, m, id, team, scratch.as<char>()); });
  return true;
}

template bool packed_right<float>(Kind, const Triangle<float> &, index_t, index_t, float,
                                  MutView<float>);
template bool packed_right<double>(Kind, const Triangle<double> &, index_t, index_t, double,
                                   MutView<double>);

}  // namespace level3
}  // namespace tileblas
