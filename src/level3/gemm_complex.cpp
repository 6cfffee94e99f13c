// gemm_complex.cpp -- blocked complex GEMM (see gemm_complex.hpp).
// Packed slivers keep complex elements interleaved (MR of A, NR of B per
// depth step), conjugated while packing, so the microkernel's inner loop is
// the real GEMM loop (kernels/x86_64/complex_microkernel.hpp says how): the
// target's SIMD kernel where it has one, else a portable one the compiler
// vectorizes.
#include "gemm_complex.hpp"

#include <algorithm>

#include "complex_pack.hpp"
#include "dispatch.hpp"
#include "environment.hpp"
#include "level3/triangle_driver.hpp"
#include "pack_buffer_pool.hpp"
#include "threading.hpp"

namespace tileblas {
namespace {

// The portable kernel, for targets without their own, in the SIMD kernel's
// scheme: A times the real and the imaginary part of each b_j summed apart.
// C[0:MR, 0:NR] = alpha * A-sliver * B-sliver + beta * C (beta == 0: C not read).
template <class R, int MR, int NR>
void portable_microkernel(index_t k, const R *a, const R *b, std::complex<R> *c, index_t ldc,
                          const std::complex<R> &alpha, const std::complex<R> &beta) {
  R by_re[NR][2 * MR] = {}, by_im[NR][2 * MR] = {};
  for (index_t p = 0; p < k; ++p, a += 2 * MR, b += 2 * NR)
    for (int j = 0; j < NR; ++j) {
#pragma GCC unroll 8
      for (int i = 0; i < 2 * MR; ++i) {
        by_re[j][i] += a[i] * b[2 * j];
        by_im[j][i] += a[i] * b[2 * j + 1];
      }
    }
  const bool beta_zero = beta == std::complex<R>(0);
  for (int j = 0; j < NR; ++j)
    for (int i = 0; i < MR; ++i) {
      const std::complex<R> product(by_re[j][2 * i] - by_im[j][2 * i + 1],
                                    by_re[j][2 * i + 1] + by_im[j][2 * i]);
      std::complex<R> v = cmul(alpha, product);
      if (!beta_zero) v += cmul(beta, c[i + j * ldc]);
      c[i + j * ldc] = v;
    }
}

// The kernel and blocksizes one call uses: the active target's, or the
// portable ones.  Portable tile: MR x NR complex products summed as 4 MR NR
// reals, 64 floats or 32 doubles, 16 SSE registers' worth; MC x KC of packed
// A is 256 KiB (an L2), KC x NR of B 8-16 KiB (an L1).
template <class R>
ComplexGemmKernel<R> portable_kernel() {
  constexpr int mr = 16 / int(sizeof(R)), nr = 4;  // 4 x 4 (c) or 2 x 4 (z)
  return {sizeof(R) == 4 ? "cgemm_portable_4x4" : "zgemm_portable_2x4",
          mr,
          nr,
          &portable_microkernel<R, mr, nr>,
          &pack_complex<R, mr>,
          &pack_complex<R, nr>,
          {sizeof(R) == 4 ? 128 : 64, 256, 2048}};
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

  // Of rows [i, i + h) of column j, those kept, as offsets from i.
  gemm_detail::Range kept_rows(index_t i, index_t j, index_t h) const {
    const index_t edge = j + diag - i;  // the diagonal's row, from i
    if (part == Part::Upper) return {0, std::clamp<index_t>(edge + 1, 0, h)};
    if (part == Part::Lower) return {std::clamp<index_t>(edge, 0, h), h};
    return {0, h};
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
  // Of that tile's rows, the range any of its columns keeps.
  gemm_detail::Range tile_kept_rows(index_t i, index_t h, index_t j, index_t w) const {
    return {kept_rows(i, j, h).begin, kept_rows(i, j + w - 1, h).end};
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
  // Raw storage: an array of std::complex is zeroed by its constructors, 8 KiB
  // on every call (two thirds of a 4 x 4 zgemm).
  alignas(64) R tile_storage[2 * kMaxTile];
  auto *tile = reinterpret_cast<std::complex<R> *>(tile_storage);
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
      // Only the vectors of rows that reach the kept part: a tile on the
      // diagonal keeps rows of one vector only about half the time (cherk
      // 64^2: 7 % of its work was such rows).
      const gemm_detail::Range rows_kept = clip.tile_kept_rows(ir, mr_now, jr, nr_now);
      const int vr = kern.vector_rows;
      const int v0 = vr ? int(rows_kept.begin) / vr : 0;
      const int v1 = vr ? (int(rows_kept.end) + vr - 1) / vr : 0;
      if (kern.kernel_vectors && v1 > v0 && (v0 > 0 || v1 * vr < MR))
        kern.kernel_vectors(v0, v1, kc, a, b, tile, MR, alpha, beta);
      else
        kern.kernel(kc, a, b, tile, MR, alpha, beta);
      for (index_t j = 0; j < nr_now; ++j) {
        const gemm_detail::Range kept = clip.kept_rows(ir, jr + j, mr_now);
        std::copy(tile + kept.begin + j * MR, tile + kept.end + j * MR, cij + kept.begin + j * ldc);
      }
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
  using gemm_detail::balanced_block;
  const index_t MR = kern.mr, NR = kern.nr;
  // Even blocks, as the real driver's: 2048 columns at NC = 1020 as
  // 3 x 684, not 1020 + 1020 + 8 (A packed a third time for 8 columns).
  // Depth blocks depend on k alone: the same sums for any thread count.
  const index_t kc_max = balanced_block(p.k, blocks.kc, 1);
  const index_t nc_max = balanced_block(cols.end - cols.begin, blocks.nc, NR);
  const index_t mc_max = balanced_block(p.m, blocks.mc, MR);
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
      kern.pack_b(nc, kc, p.b + pc * p.b_rs + jc * p.b_cs, p.b_cs, p.b_rs, p.b_conj, pb);
      for (index_t ic = rows.begin; ic < rows.end; ic += mc_max) {
        const index_t mc = std::min(mc_max, rows.end - ic);
        kern.pack_a(mc, kc, p.a + ic * p.a_rs + pc * p.a_cs, p.a_rs, p.a_cs, p.a_conj, pa);
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

// A depth stride of a multiple of this many bytes puts an operand read in
// place into a few L1 sets, where its more than kL1Ways depth steps evict
// each other: such a problem packs.  On Zen 3, cgemm 512 x 4 x 80 with A's
// columns 4 KiB apart ran unpacked at 0.55x the packed path, at 1.5x with
// them 4160 B apart.
constexpr index_t kConflictStrideBytes = 2048, kL1Ways = 8;
template <class R>
bool conflicting(index_t stride) {
  return stride * index_t(sizeof(std::complex<R>)) % kConflictStrideBytes == 0;
}

// Small problems without pack buffers or scratch tiles, on the kernel's
// direct path: op(B) read in place, and op(A) too when its columns are A's
// (A^T or A^H is packed into MR-row slivers on the stack, or from the pool
// past kLocalPackBytes).  Depth blocks as gemm_serial cuts them, so every
// element rounds as on the packed path: the result does not depend on which
// path (or thread count) a problem takes.  False, having written nothing,
// when A's slivers cannot be had.
constexpr std::size_t kLocalPackBytes = 8192;
template <class R>
bool gemm_direct(const ComplexGemmKernel<R> &kern, const ComplexGemmProblem<R> &p) {
  using C = std::complex<R>;
  const index_t kc_max = gemm_detail::balanced_block(p.k, kern.blocks.kc, 1);
  const bool pack = p.a_rs != 1;
  const index_t rows = (p.m + kern.mr - 1) / kern.mr * kern.mr;
  const std::size_t pack_bytes = pack ? sizeof(C) * std::size_t(rows * kc_max) : 0;
  alignas(64) R local[kLocalPackBytes / sizeof(R)];  // raw: std::complex's would be zeroed
  PackBuffer pooled(pack_bytes > kLocalPackBytes ? pack_bytes : 0);
  if (pack_bytes > kLocalPackBytes && !pooled.ok()) return false;
  R *packed = pack_bytes > kLocalPackBytes ? pooled.as<R>() : local;
  for (index_t pc = 0; pc < p.k; pc += kc_max) {
    const index_t kc = std::min(kc_max, p.k - pc);
    ComplexDirectBlock<R> block = {p.m, p.n, kc, p.a + pc * p.a_cs, p.a_cs, kern.mr, p.a_conj,
                                   p.b + pc * p.b_rs, p.b_rs, p.b_cs, p.b_conj, p.c, p.ldc};
    if (pack) {
      kern.pack_a(p.m, kc, block.a, p.a_rs, p.a_cs, false, packed);  // the kernel conjugates
      block.a = reinterpret_cast<const C *>(packed);
      block.lda = kern.mr;
      block.tile_stride = kern.mr * kc;
    }
    kern.direct(block, p.alpha, pc == 0 ? p.beta : C(1));
  }
  return true;
}

// Whether gemm_direct takes the problem: small (see ComplexGemmKernel), on
// one thread, all of C, and no operand read in place at a conflicting stride.
template <class R>
bool takes_direct(const ComplexGemmKernel<R> &kern, const ComplexGemmProblem<R> &p, Part part,
                  int threads) {
  const double bytes = double(sizeof(std::complex<R>)) * double(p.m) * double(p.n) * double(p.k);
  if (!kern.direct || part != Part::All || threads != 1 || bytes > kern.direct_bytes)
    return false;
  return p.k <= kL1Ways || !((p.a_rs == 1 && conflicting<R>(p.a_cs)) ||
                             (p.b_cs == 1 && conflicting<R>(p.b_rs)));
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
  if (takes_direct(kern, p, part, threads) && gemm_direct(kern, p)) return;
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
