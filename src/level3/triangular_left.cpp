// triangular_left.cpp -- left-side TRMM and TRSM on the GEMM engine's
// packed panels (the BLIS/OpenBLAS way).  B's rows are cut into blocks of
// KC, the triangle T into the matching KC x KC diagonal blocks and the
// off-diagonal panels beside them; block by block, in the order the
// dependencies allow:
//   TRMM: the block's rows of B are packed (the original values) as the B
//     panel; the rows above it (upper T) or below it (lower) get += their
//     panel of T times it, a plain GEMM, and the block's own rows get = the
//     packed diagonal block times it, whose slivers skip the zero half
//     (and the TriangularMultiplyFn tile most of the zeros left in each
//     sliver's MR x MR piece).
//   TRSM: the block's rows are solved sliver by sliver: a GEMM update with
//     the rows solved before it in the block, then the MR x MR tile solve
//     (target.hpp: TriangularSolveFn) that also writes the solution into
//     the packed B panel; the rows below (lower) or above (upper) then get
//     -= their panel of T times it, a plain GEMM.
// So all but O(MR / m) of the flops run in full microkernel calls, and the
// GEMM updates are as fat as in GEMM itself.  Threads take column ranges of
// B (columns are independent), or, for a narrow B, share each block's B
// panel and split the rows of its updates.
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
class LeftDriver {
 public:
  LeftDriver(Kind kind, const Triangle<T> &t, index_t m, T alpha, MutView<T> b)
      : kr_(real_gemm_kernel<T>()), uk_(kr_.micro), kind_(kind), t_(t), m_(m), alpha_(alpha),
        b_(b) {
    kb_max_ = balanced_block(m, kr_.blocks.kc, uk_.mr);
    blocks_ = (m + kb_max_ - 1) / kb_max_;
    // Blocks run top-down when each one's rows depend only on rows above
    // (TRSM with lower T) or feed only rows above (TRMM with upper T).
    forward_ = (kind == Kind::Solve) != t.upper;
  }

  // Scratch of one team working on `cols` columns of B with `team` threads.
  std::size_t team_bytes(index_t cols, int team) const {
    return diag_bytes() + b_bytes(cols) + team * a_bytes();
  }

  // Columns [n0, n1) of B by thread `id` of a team of `team`, on `scratch`
  // of team_bytes(n1 - n0, team) bytes shared by the team.
  void run(index_t n0, index_t n1, int id, int team, char *scratch) const {
    T *diag = reinterpret_cast<T *>(scratch);
    T *packed_b = reinterpret_cast<T *>(scratch + diag_bytes());
    T *packed_a = reinterpret_cast<T *>(scratch + diag_bytes() + b_bytes(n1 - n0) + id * a_bytes());
    const index_t nc_max = balanced_block(n1 - n0, kr_.blocks.nc, uk_.nr);
    for (index_t jc = n0; jc < n1; jc += nc_max) {
      const index_t nc = std::min(nc_max, n1 - jc);
      for (index_t q = 0; q < blocks_; ++q) {
        const index_t k0 = (forward_ ? q : blocks_ - 1 - q) * kb_max_;
        const index_t kb = std::min(kb_max_, m_ - k0);
        const DiagPanel<T> panel = panel_for(kb);
        const Range mine = share(panel.slivers(), 1, id, team);  // slivers this thread packs
        panel.pack(t_.a.at(k0, k0), diag, mine.begin, mine.end,
                   [&](index_t rows, index_t depth, const View<T> &v, T *dst) {
                     uk_.pack_a(rows, depth, v.p, v.rs, v.cs, dst);
                   });
        // Every row of B is first written in the first block (TRSM): alpha goes there.
        const T beta = q == 0 ? alpha_ : T(1);
        if (kind_ == Kind::Multiply) {
          const Range cols = share(nc, uk_.nr, id, team);
          if (cols.end > cols.begin)
            uk_.pack_b(kb, cols.end - cols.begin, &b_(k0, jc + cols.begin), b_.rs, b_.cs,
                       packed_b + cols.begin * kb);
          barrier(team);
          multiply_diagonal(panel, k0, jc, nc, diag, packed_b, mine);
        } else {
          barrier(team);
          const Range cols = share(nc, uk_.nr, id, team);
          for (index_t jr = cols.begin; jr < cols.end; jr += uk_.nr)
            solve_diagonal(panel, k0, jc + jr, std::min<index_t>(uk_.nr, nc - jr), beta, diag,
                           packed_b + jr * kb);
          barrier(team);
        }
        update_off_diagonal(k0, kb, jc, nc, beta, packed_b, packed_a, id, team);
        barrier(team);  // diag and packed_b are overwritten by the next block
      }
    }
  }

 private:
  DiagPanel<T> panel_for(index_t kb) const { return {kind_, t_.upper, t_.unit, uk_.mr, kb}; }
  // A team of one (a thread on its own columns) does not wait for the others.
  static void barrier(int team) {
    if (team > 1) team_barrier();
  }
  // The packed diagonal block, the B panel (TRMM: B's original rows; TRSM:
  // the solved rows), and one thread's block of T's panel beside it.
  std::size_t diag_bytes() const {
    const DiagPanel<T> panel = panel_for(kb_max_);
    return slot_bytes(sizeof(T) * panel.slivers() * panel.slot());
  }
  std::size_t b_bytes(index_t cols) const {
    const index_t nc = std::min(cols, index_t(kr_.blocks.nc));
    return slot_bytes(sizeof(T) * kb_max_ * round_up(nc, uk_.nr));
  }
  std::size_t a_bytes() const {
    return slot_bytes(sizeof(T) * round_up(std::min(m_, index_t(kr_.blocks.mc)), uk_.mr) *
                      kb_max_);
  }

  // TRMM: rows [k0, k0 + kb) of B = alpha * diagonal block * packed B rows
  // (original values), this thread's slivers of rows.  A tile whose result
  // is not finite is redone in scalar code (multiply_left_exact): the zeros
  // of the triangle may have met an Inf or NaN there.
  void multiply_diagonal(const DiagPanel<T> &panel, index_t k0, index_t jc, index_t nc,
                         const T *diag, const T *packed_b, Range slivers) const {
    alignas(64) T tile[kMaxTileElements];
    const int mr = uk_.mr, nr = uk_.nr;
    for (index_t jr = 0; jr < nc; jr += nr) {
      const int cols = static_cast<int>(std::min<index_t>(nr, nc - jr));
      const T *bs = packed_b + jr * panel.kb;
      for (index_t s = slivers.begin; s < slivers.end; ++s) {
        const int rows = static_cast<int>(std::min<index_t>(mr, panel.kb - s * mr));
        const DepthRange d = panel.depth(s);
        const T *a = diag + s * panel.slot();
        T *c = &b_(k0 + s * mr, jc + jr);
        bool finite;
        if (rows == mr && cols == nr && uk_.multiply_left) {
          finite = uk_.multiply_left(t_.upper, d.hi - d.lo, a, bs + d.lo * nr, c, b_.cs, alpha_);
        } else {
          uk_.edge(d.hi - d.lo, a, bs + d.lo * nr, tile, mr, alpha_, T(0), rows, cols);
          copy_tile(tile, mr, c, b_.cs, rows, cols, false);
          finite = tile_finite(c, b_.cs, rows, cols);
        }
        if (!finite)
          multiply_left_exact(panel.upper, t_.skip_zero_b, a, d, mr, s * mr, bs, nr, alpha_, c,
                              b_.cs, rows, cols);
      }
    }
  }

  // TRSM: the block's rows of B in one NR-column sliver (cols wide, at
  // column j), sliver of rows after sliver of rows; the solution also goes
  // to the packed B sliver bs (kb rows of NR).
  void solve_diagonal(const DiagPanel<T> &panel, index_t k0, index_t j, int cols, T beta,
                      const T *diag, T *bs) const {
    alignas(64) T tile[kMaxTileElements];
    const int mr = uk_.mr, nr = uk_.nr;
    const index_t n_sl = panel.slivers();
    const bool backward = !forward_;
    for (index_t q = 0; q < n_sl; ++q) {
      const index_t s = forward_ ? q : n_sl - 1 - q;
      const index_t r0 = s * mr;
      const int rows = static_cast<int>(std::min<index_t>(mr, panel.kb - r0));
      const DepthRange d = panel.depth(s);
      const T *a = diag + s * panel.slot();
      const T *tri = a + mr * panel.kb;
      T *c = &b_(k0 + r0, j);
      T *x = bs + r0 * nr;  // the sliver's rows in the packed panel
      if (rows == mr && cols == nr) {
        uk_.kernel(d.hi - d.lo, a, bs + d.lo * nr, c, b_.cs, T(-1), beta);
        if (uk_.solve_left && uk_.solve_left(backward, tri, c, b_.cs, x)) continue;
        solve_left_exact(backward, t_.skip_zero_b, tri, mr, c, b_.cs, mr, nr);
        for (int l = 0; l < mr; ++l)
          for (int jj = 0; jj < nr; ++jj) x[l * nr + jj] = c[l + jj * b_.cs];
        continue;
      }
      // Partial tile: on a zero-padded copy (padding solves to 0).
      std::fill(tile, tile + mr * nr, T(0));
      copy_tile(tile, mr, c, b_.cs, rows, cols, true);
      uk_.edge(d.hi - d.lo, a, bs + d.lo * nr, tile, mr, T(-1), beta, rows, cols);
      // The tile solve's packed rows carry the padding's zeros already.
      alignas(64) T solved[kMaxTileElements];
      const bool packed = uk_.solve_left && uk_.solve_left(backward, tri, tile, mr, solved);
      if (!packed) solve_left_exact(backward, t_.skip_zero_b, tri, mr, tile, mr, rows, cols);
      copy_tile(tile, mr, c, b_.cs, rows, cols, false);
      if (packed) {
        std::copy(solved, solved + rows * nr, x);
        continue;
      }
      for (int l = 0; l < rows; ++l)
        for (int jj = 0; jj < nr; ++jj) x[l * nr + jj] = jj < cols ? tile[l + jj * mr] : T(0);
    }
  }

  // The GEMM beside the diagonal block: rows above it (upper T) or below it
  // (lower), columns [jc, jc + nc): += alpha T-panel * packed B (TRMM) or
  // -= T-panel * packed solution (TRSM, scaling by alpha on first touch).
  // This thread's share of the rows, in MC blocks.
  void update_off_diagonal(index_t k0, index_t kb, index_t jc, index_t nc, T beta,
                           const T *packed_b, T *packed_a, int id, int team) const {
    const index_t r0 = t_.upper ? 0 : k0 + kb, r1 = t_.upper ? k0 : m_;
    if (r1 <= r0) return;
    const Range rows = share(r1 - r0, uk_.mr, id, team);
    if (rows.end <= rows.begin) return;
    const index_t mc_max = balanced_block(rows.end - rows.begin, kr_.blocks.mc, uk_.mr);
    const bool solve = kind_ == Kind::Solve;
    for (index_t ic = r0 + rows.begin; ic < r0 + rows.end; ic += mc_max) {
      const index_t mc = std::min(mc_max, r0 + rows.end - ic);
      const View<T> panel = t_.a.at(ic, k0);
      uk_.pack_a(mc, kb, panel.p, panel.rs, panel.cs, packed_a);
      gemm_detail::macro_kernel(uk_, mc, nc, kb, solve ? T(-1) : alpha_, packed_a, packed_b,
                                solve ? beta : T(1), &b_(ic, jc), b_.cs);
    }
  }

  const GemmKernel<T> &kr_;
  const GemmMicrokernel<T> &uk_;
  Kind kind_;
  Triangle<T> t_;
  index_t m_;
  T alpha_;
  MutView<T> b_;
  index_t kb_max_, blocks_;
  bool forward_;
};

}  // namespace

template <class T>
bool packed_left(Kind kind, const Triangle<T> &t, index_t m, index_t n, T alpha, MutView<T> b) {
  const LeftDriver<T> driver(kind, t, m, alpha, b);
  const GemmMicrokernel<T> &uk = real_gemm_kernel<T>().micro;
  const int threads = threads_for_call(double(m) * double(m) * double(n));
  // Wide B: every thread on its own columns, with its own panels (as GEMM
  // splits C); narrow B: one team sharing the panels, splitting rows.
  if (threads > 1 && n >= index_t(threads) * 8 * uk.nr) {
    // (Sized for all of B: the team may be smaller than asked.)
    const std::size_t bytes = slot_bytes(driver.team_bytes(n, 1));
    PackBuffer scratch(bytes * threads);
    if (!scratch.ok()) return false;
    run_team(threads, [&](int id, int team) {
      const Range cols = share(n, uk.nr, id, team);
      if (cols.end > cols.begin)
        driver.run(cols.begin, cols.end, 0, 1, scratch.as<char>() + bytes * id);
    });
    return true;
  }
  PackBuffer scratch(driver.team_bytes(n, threads));
  if (!scratch.ok()) return false;
  run_team(threads, [&](int id, int team) { driver.run(0, n, id, team, scratch.as<char>()); });
  return true;
}

template bool packed_left<float>(Kind, const Triangle<float> &, index_t, index_t, float,
                                 MutView<float>);
template bool packed_left<double>(Kind, const Triangle<double> &, index_t, index_t, double,
                                  MutView<double>);

}  // namespace level3
}  // namespace tileblas
