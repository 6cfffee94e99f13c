// gemm_complex.cpp -- blocked complex GEMM (see gemm_complex.hpp).
// Packed slivers store real and imaginary parts split (MR reals, then MR
// imaginaries, per depth step) so a microkernel's inner loop is plain real
// multiply-adds: the target's SIMD kernel (kernels/x86_64/complex_microkernel.hpp)
// where it has one, else a portable one the compiler vectorizes.
#include "gemm_complex.hpp"

#include <algorithm>

#include "dispatch.hpp"
#include "environment.hpp"
#include "level3/triangle_driver.hpp"
#include "pack_buffer_pool.hpp"
#include "threading.hpp"

namespace tileblas {
namespace {

// rows x depth of op(X) (element (i, p) at x[i*rs + p*cs]) into w_full-row
// slivers, each depth step w_full reals then w_full imaginaries (the layout
// ComplexMicrokernelFn reads); rows past `rows` zero.
template <class R>
void pack_split(index_t rows, index_t depth, const std::complex<R> *x, index_t rs, index_t cs,
                bool conj, index_t w_full, R *dst) {
  const R sign = conj ? R(-1) : R(1);
  for (index_t s = 0; s < rows; s += w_full) {
    const index_t w = std::min<index_t>(w_full, rows - s);
    const std::complex<R> *block = x + s * rs;
    if (cs == 1 && rs != 1 && w_full > 8) {
      // Each sliver row is contiguous along the depth (a transposed A): walk
      // it in order rather than striding across 16-32 rows at every depth
      // step, which measured 1.5x slower for cgemm with A^H.  A B sliver's
      // few (NR) rows are read side by side, writing each step contiguously.
      for (index_t i = 0; i < w_full; ++i) {
        R *d = dst + i;
        if (i >= w) {
          for (index_t p = 0; p < depth; ++p, d += 2 * w_full) d[0] = d[w_full] = R(0);
          continue;
        }
        const std::complex<R> *row = block + i * rs;
        for (index_t p = 0; p < depth; ++p, d += 2 * w_full) {
          d[0] = row[p].real();
          d[w_full] = sign * row[p].imag();
        }
      }
      dst += 2 * w_full * depth;
      continue;
    }
    // Depth step p: w elements `stride` apart, split into reals and
    // imaginaries.  Unit stride (an untransposed A) is its own instance so
    // the compiler vectorizes it: 4.4 % of a 2048^3 cgemm otherwise.
    const auto pack_steps = [&](index_t stride) {
      for (index_t p = 0; p < depth; ++p) {
        const std::complex<R> *step = block + p * cs;
        index_t i = 0;
        for (; i < w; ++i) {
          dst[i] = step[i * stride].real();
          dst[w_full + i] = sign * step[i * stride].imag();
        }
        for (; i < w_full; ++i) dst[i] = dst[w_full + i] = R(0);
        dst += 2 * w_full;
      }
    };
    if (rs == 1)
      pack_steps(1);
    else
      pack_steps(rs);
  }
}

// The portable kernel, for targets without their own:
// C[0:MR, 0:NR] = alpha * A-sliver * B-sliver + beta * C (beta == 0: C not read).
template <class R, int MR, int NR>
void portable_microkernel(index_t k, const R *a, const R *b, std::complex<R> *c, index_t ldc,
                          std::complex<R> alpha, std::complex<R> beta) {
  R acc_re[NR][MR] = {}, acc_im[NR][MR] = {};
  for (index_t p = 0; p < k; ++p) {
    const R *ar = a + p * 2 * MR, *ai = ar + MR;
    const R *br = b + p * 2 * NR, *bi = br + NR;
    for (int j = 0; j < NR; ++j) {
#pragma GCC unroll 8
      for (int i = 0; i < MR; ++i) {
        acc_re[j][i] += ar[i] * br[j] - ai[i] * bi[j];
        acc_im[j][i] += ar[i] * bi[j] + ai[i] * br[j];
      }
    }
  }
  const bool beta_zero = beta == std::complex<R>(0);
  for (int j = 0; j < NR; ++j)
    for (int i = 0; i < MR; ++i) {
      std::complex<R> v = cmul(alpha, std::complex<R>(acc_re[j][i], acc_im[j][i]));
      if (!beta_zero) v += cmul(beta, c[i + j * ldc]);
      c[i + j * ldc] = v;
    }
}

// The kernel and blocksizes one call uses: the active target's, or the
// portable ones.  Portable tile: MR x NR complex accumulators are 2*MR*NR
// reals, 64 floats or 32 doubles, 16 SSE registers' worth; MC x KC of packed
// A is 256 KiB (an L2), KC x NR of B 8-16 KiB (an L1).
template <class R>
ComplexGemmKernel<R> portable_kernel() {
  constexpr int mr = 32 / int(sizeof(R)), nr = 4;  // 8 x 4 (c) or 4 x 4 (z)
  return {sizeof(R) == 4 ? "cgemm_portable_8x4" : "zgemm_portable_4x4", mr, nr,
          &portable_microkernel<R, mr, nr>, {sizeof(R) == 4 ? 128 : 64, 256, 2048}};
}
template <class R>
const ComplexGemmKernel<R> &target_kernel(const CpuTarget &t);
template <>
const ComplexGemmKernel<float> &target_kernel<float>(const CpuTarget &t) { return t.cgemm; }
template <>
const ComplexGemmKernel<double> &target_kernel<double>(const CpuTarget &t) { return t.zgemm; }

// Edge tiles go through a scratch tile of this many complex elements.
constexpr int kMaxTile = 512;

template <class R>
ComplexGemmKernel<R> choose_kernel() {
  const ComplexGemmKernel<R> &k = target_kernel<R>(active_target());
  if (k.kernel && k.mr * k.nr <= kMaxTile) return k;
  return portable_kernel<R>();
}

// Which elements of one MC x NC block of C a call writes: all, or those of
// the upper (i <= j + diag) or lower (i >= j + diag) triangle of C, diag
// being the block's first column minus its first row in C.
struct Clip {
  Part part;
  index_t diag;

  bool keeps(index_t i, index_t j) const {
    return part == Part::All || (part == Part::Upper ? i <= j + diag : i >= j + diag);
  }
  // Rows [begin, end) of the columns [j, j + w) that reach the kept part, in
  // whole tiles of `mr` rows from the block's row 0 (packed slivers start there).
  gemm_detail::Range rows(index_t j, index_t w, index_t mc, index_t mr) const {
    if (part == Part::All) return {0, mc};
    const index_t first = j + diag, last = j + w - 1 + diag;  // in row terms
    if (part == Part::Upper) return {0, std::min(mc, last + 1)};
    return {std::max<index_t>(0, first) / mr * mr, first < mc ? mc : 0};
  }
  // The tile of rows [i, i + h) and columns [j, j + w) is kept whole.
  bool whole(index_t i, index_t h, index_t j, index_t w) const {
    if (part == Part::All) return true;
    return part == Part::Upper ? i + h - 1 <= j + diag : i >= j + w - 1 + diag;
  }
};

// The kept elements of one MC x NC block of C.  Register tiles outside the
// kept part are skipped; partial tiles (at C's edges or straddling the
// diagonal) run the same full-size kernel on a scratch copy, so an element
// rounds the same wherever its tile falls, and only the kept elements go back.
template <class R>
void macro_kernel(const ComplexGemmKernel<R> &kern, Clip clip, index_t mc, index_t nc,
                  index_t kc, std::complex<R> alpha, const R *packed_a, const R *packed_b,
                  std::complex<R> beta, std::complex<R> *c, index_t ldc) {
  const index_t MR = kern.mr, NR = kern.nr;
  std::complex<R> tile[kMaxTile];
  for (index_t jr = 0; jr < nc; jr += NR) {
    const index_t nr_now = std::min<index_t>(NR, nc - jr);
    const gemm_detail::Range rows = clip.rows(jr, nr_now, mc, MR);
    for (index_t ir = rows.begin; ir < rows.end; ir += MR) {
      const index_t mr_now = std::min<index_t>(MR, mc - ir);
      const R *a = packed_a + ir * kc * 2, *b = packed_b + jr * kc * 2;
      std::complex<R> *cij = c + ir + jr * ldc;
      if (mr_now == MR && nr_now == NR && clip.whole(ir, MR, jr, NR)) {
        kern.kernel(kc, a, b, cij, ldc, alpha, beta);
        continue;
      }
      if (beta != std::complex<R>(0))
        for (index_t j = 0; j < nr_now; ++j)
          for (index_t i = 0; i < mr_now; ++i) tile[i + j * MR] = cij[i + j * ldc];
      kern.kernel(kc, a, b, tile, MR, alpha, beta);
      for (index_t j = 0; j < nr_now; ++j)
        for (index_t i = 0; i < mr_now; ++i)
          if (clip.keeps(ir + i, jr + j)) cij[i + j * ldc] = tile[i + j * MR];
    }
  }
}

// Columns [cols.begin, cols.end) of C: the part of each that the call keeps
// (rows [0, m), or one triangle's).
template <class R>
void scale(const ComplexGemmProblem<R> &p, Part part, gemm_detail::Range cols) {
  const std::complex<R> zero(0), one(1);
  if (p.beta == one) return;
  for (index_t j = cols.begin; j < cols.end; ++j) {
    const index_t first = part == Part::Lower ? j : 0, last = part == Part::Upper ? j + 1 : p.m;
    for (index_t i = first; i < last; ++i) {
      std::complex<R> &x = p.c[i + j * p.ldc];
      x = p.beta == zero ? zero : cmul(p.beta, x);
    }
  }
}

// Columns [cols.begin, cols.end) of C (the kept part of each) on one thread,
// with its own pack buffers, at blocking `blocks`.  Returns false when the
// buffers cannot be had (then nothing was written).
template <class R>
bool gemm_serial(const ComplexGemmProblem<R> &p, Part part, gemm_detail::Range cols,
                 const ComplexGemmKernel<R> &kern, const Blocksizes &blocks) {
  const index_t MR = kern.mr, NR = kern.nr;
  const index_t kc_max = std::min<index_t>(blocks.kc, p.k);
  const index_t nc_max = std::min<index_t>(blocks.nc, cols.end - cols.begin);
  const index_t mc_max = std::min<index_t>(blocks.mc, p.m);
  PackBuffer abuf(sizeof(R) * 2 * ((mc_max + MR - 1) / MR * MR) * kc_max);
  PackBuffer bbuf(sizeof(R) * 2 * ((nc_max + NR - 1) / NR * NR) * kc_max);
  if (!abuf.ok() || !bbuf.ok()) return false;
  R *pa = abuf.as<R>(), *pb = bbuf.as<R>();
  for (index_t jc = cols.begin; jc < cols.end; jc += nc_max) {
    const index_t nc = std::min(nc_max, cols.end - jc);
    // Rows these columns reach, starting on C's absolute MR grid so every
    // element is computed by the same tile for any split into threads.
    const gemm_detail::Range rows =
        part == Part::All ? gemm_detail::Range{0, p.m}
                          : triangle_detail::triangle_block_rows(part == Part::Upper, p.n, jc, nc,
                                                                 int(MR));
    for (index_t pc = 0; pc < p.k; pc += kc_max) {
      const index_t kc = std::min(kc_max, p.k - pc);
      const std::complex<R> beta = pc == 0 ? p.beta : std::complex<R>(1);
      // B block (kc x nc): its columns are the slivers, so the strides swap.
      pack_split<R>(nc, kc, p.b + pc * p.b_rs + jc * p.b_cs, p.b_cs, p.b_rs, p.b_conj, NR, pb);
      for (index_t ic = rows.begin; ic < rows.end; ic += mc_max) {
        const index_t mc = std::min(mc_max, rows.end - ic);
        pack_split<R>(mc, kc, p.a + ic * p.a_rs + pc * p.a_cs, p.a_rs, p.a_cs, p.a_conj, MR, pa);
        macro_kernel<R>(kern, {part, jc - ic}, mc, nc, kc, p.alpha, pa, pb, beta,
                        p.c + ic + jc * p.ldc, p.ldc);
      }
    }
  }
  return true;
}

template <class R>
bool shrink_blocks(const ComplexGemmKernel<R> &kern, Blocksizes &b) {
  const auto half = [](int v, int unit) { return std::max(unit, (v / 2 + unit - 1) / unit * unit); };
  if (b.nc > kern.nr || b.mc > kern.mr) {
    b.nc = half(b.nc, kern.nr);
    b.mc = half(b.mc, kern.mr);
    return true;
  }
  if (b.kc <= 16) return false;
  b.kc = std::max(16, b.kc / 2);
  return true;
}

// Plain loops on columns [cols.begin, cols.end) of C (the kept part of
// each): the fallback when no pack buffer can be had.
template <class R>
void gemm_loops(const ComplexGemmProblem<R> &p, Part part, gemm_detail::Range cols) {
  scale(p, part, cols);
  for (index_t j = cols.begin; j < cols.end; ++j) {
    const index_t first = part == Part::Lower ? j : 0, last = part == Part::Upper ? j + 1 : p.m;
    for (index_t l = 0; l < p.k; ++l) {
      std::complex<R> bv = p.b[l * p.b_rs + j * p.b_cs];
      if (p.b_conj) bv = std::conj(bv);
      const std::complex<R> t = cmul(p.alpha, bv);
      for (index_t i = first; i < last; ++i) {
        std::complex<R> av = p.a[i * p.a_rs + l * p.a_cs];
        if (p.a_conj) av = std::conj(av);
        p.c[i + j * p.ldc] += cmul(t, av);
      }
    }
  }
}

template <class R>
constexpr const char *kName = sizeof(R) == 4 ? "cgemm" : "zgemm";

// Columns `cols` of C on one thread.  Out of memory: smaller blocks, then
// plain loops, for these columns only.
template <class R>
void gemm_columns(const ComplexGemmProblem<R> &p, Part part, gemm_detail::Range cols,
                  const ComplexGemmKernel<R> &kern) {
  if (gemm_serial(p, part, cols, kern, kern.blocks)) return;
  Blocksizes smaller = kern.blocks;
  while (shrink_blocks(kern, smaller))
    if (gemm_serial(p, part, cols, kern, smaller)) return report_smaller_blocks(kName<R>);
  report_out_of_memory(kName<R>);
  gemm_loops(p, part, cols);
}

}  // namespace

template <class R>
void gemm_complex(const ComplexGemmProblem<R> &p, Part part) {
  if (p.m <= 0 || p.n <= 0) return;
  if (p.alpha == std::complex<R>(0) || p.k <= 0) return scale(p, part, {0, p.n});
  static const ComplexGemmKernel<R> kern = choose_kernel<R>();
  // A triangle holds about half of the m n k complex multiply-adds.
  const double flops = (part == Part::All ? 8.0 : 4.0) * double(p.m) * double(p.n) * double(p.k);
  const int threads = threads_for_call(flops);
  if (part != Part::All) {
    // Threads take column ranges of equal triangle area, each packing its own operands.
    run_team(threads, [&](int id, int team) {
      const gemm_detail::Range cols =
          triangle_detail::triangle_share(part == Part::Upper, p.n, kern.nr, id, team);
      if (cols.end > cols.begin) gemm_columns(p, part, cols, kern);
    });
    return;
  }
  // Threads take independent slices of C: column slices when C is wide,
  // row slices when it is tall (each packs its own operands).
  const bool by_columns = p.n >= p.m;
  run_team(threads, [&](int id, int team) {
    const gemm_detail::Range range =
        gemm_detail::share(by_columns ? p.n : p.m, by_columns ? kern.nr : kern.mr, id, team);
    if (range.end <= range.begin) return;
    if (by_columns) return gemm_columns(p, part, range, kern);
    ComplexGemmProblem<R> rows = p;
    rows.m = range.end - range.begin;
    rows.a = p.a + range.begin * p.a_rs;
    rows.c = p.c + range.begin;
    gemm_columns(rows, part, {0, p.n}, kern);
  });
}

template void gemm_complex<float>(const ComplexGemmProblem<float> &, Part);
template void gemm_complex<double>(const ComplexGemmProblem<double> &, Part);

}  // namespace tileblas
