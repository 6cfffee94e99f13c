// gemm_complex.cpp -- blocked complex GEMM (see gemm_complex.hpp).
// Packed slivers store real and imaginary parts split (MR reals, then MR
// imaginaries, per depth step) so a microkernel's inner loop is plain real
// multiply-adds: the target's SIMD kernel (kernels/x86_64/complex_microkernel.hpp)
// where it has one, else a portable one the compiler vectorizes.
#include "gemm_complex.hpp"

#include <algorithm>

#include "dispatch.hpp"
#include "environment.hpp"
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

template <class R>
void macro_kernel(const ComplexGemmKernel<R> &kern, index_t mc, index_t nc, index_t kc,
                  std::complex<R> alpha, const R *packed_a, const R *packed_b,
                  std::complex<R> beta, std::complex<R> *c, index_t ldc) {
  const index_t MR = kern.mr, NR = kern.nr;
  std::complex<R> tile[kMaxTile];
  for (index_t jr = 0; jr < nc; jr += NR) {
    const index_t nr_now = std::min<index_t>(NR, nc - jr);
    for (index_t ir = 0; ir < mc; ir += MR) {
      const index_t mr_now = std::min<index_t>(MR, mc - ir);
      const R *a = packed_a + ir * kc * 2, *b = packed_b + jr * kc * 2;
      std::complex<R> *cij = c + ir + jr * ldc;
      if (mr_now == MR && nr_now == NR) {
        kern.kernel(kc, a, b, cij, ldc, alpha, beta);
        continue;
      }
      // Edge tile: compute on a scratch copy so the microkernel stays full-size.
      if (beta != std::complex<R>(0))
        for (index_t j = 0; j < nr_now; ++j)
          for (index_t i = 0; i < mr_now; ++i) tile[i + j * MR] = cij[i + j * ldc];
      kern.kernel(kc, a, b, tile, MR, alpha, beta);
      for (index_t j = 0; j < nr_now; ++j)
        for (index_t i = 0; i < mr_now; ++i) cij[i + j * ldc] = tile[i + j * MR];
    }
  }
}

template <class R>
void scale(const ComplexGemmProblem<R> &p) {
  const std::complex<R> zero(0), one(1);
  if (p.beta == one) return;
  for (index_t j = 0; j < p.n; ++j)
    for (index_t i = 0; i < p.m; ++i) {
      std::complex<R> &x = p.c[i + j * p.ldc];
      x = p.beta == zero ? zero : cmul(p.beta, x);
    }
}

// One thread's whole problem, with its own pack buffers, at blocking
// `blocks`.  Returns false when the buffers cannot be had (then nothing was
// written).
template <class R>
bool gemm_serial(const ComplexGemmProblem<R> &p, const ComplexGemmKernel<R> &kern,
                 const Blocksizes &blocks) {
  const index_t MR = kern.mr, NR = kern.nr;
  const index_t kc_max = std::min<index_t>(blocks.kc, p.k);
  const index_t nc_max = std::min<index_t>(blocks.nc, p.n);
  const index_t mc_max = std::min<index_t>(blocks.mc, p.m);
  PackBuffer abuf(sizeof(R) * 2 * ((mc_max + MR - 1) / MR * MR) * kc_max);
  PackBuffer bbuf(sizeof(R) * 2 * ((nc_max + NR - 1) / NR * NR) * kc_max);
  if (!abuf.ok() || !bbuf.ok()) return false;
  R *pa = abuf.as<R>(), *pb = bbuf.as<R>();
  for (index_t jc = 0; jc < p.n; jc += nc_max) {
    const index_t nc = std::min(nc_max, p.n - jc);
    for (index_t pc = 0; pc < p.k; pc += kc_max) {
      const index_t kc = std::min(kc_max, p.k - pc);
      const std::complex<R> beta = pc == 0 ? p.beta : std::complex<R>(1);
      // B block (kc x nc): its columns are the slivers, so the strides swap.
      pack_split<R>(nc, kc, p.b + pc * p.b_rs + jc * p.b_cs, p.b_cs, p.b_rs, p.b_conj, NR, pb);
      for (index_t ic = 0; ic < p.m; ic += mc_max) {
        const index_t mc = std::min(mc_max, p.m - ic);
        pack_split<R>(mc, kc, p.a + ic * p.a_rs + pc * p.a_cs, p.a_rs, p.a_cs, p.a_conj, MR, pa);
        macro_kernel<R>(kern, mc, nc, kc, p.alpha, pa, pb, beta, p.c + ic + jc * p.ldc, p.ldc);
      }
    }
  }
  return true;
}

// The next smaller blocking when pack buffers cannot be had (false at the
// floor): NC and MC first, which leave the summation order of every element
// of C, and so the result bits, unchanged; then KC.
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

// Plain loops: the fallback when no pack buffer can be had.
template <class R>
void gemm_loops(const ComplexGemmProblem<R> &p) {
  scale(p);
  for (index_t j = 0; j < p.n; ++j)
    for (index_t l = 0; l < p.k; ++l) {
      std::complex<R> bv = p.b[l * p.b_rs + j * p.b_cs];
      if (p.b_conj) bv = std::conj(bv);
      const std::complex<R> t = cmul(p.alpha, bv);
      for (index_t i = 0; i < p.m; ++i) {
        std::complex<R> av = p.a[i * p.a_rs + l * p.a_cs];
        if (p.a_conj) av = std::conj(av);
        p.c[i + j * p.ldc] += cmul(t, av);
      }
    }
}

}  // namespace

template <class R>
constexpr const char *kName = sizeof(R) == 4 ? "cgemm" : "zgemm";

template <class R>
void gemm_complex(const ComplexGemmProblem<R> &p) {
  if (p.m <= 0 || p.n <= 0) return;
  if (p.alpha == std::complex<R>(0) || p.k <= 0) return scale(p);
  static const ComplexGemmKernel<R> kern = choose_kernel<R>();
  const int threads = threads_for_call(8.0 * double(p.m) * double(p.n) * double(p.k));
  // Threads take independent slices of C: column slices when C is wide,
  // row slices when it is tall (each packs its own operands).
  const bool by_columns = p.n >= p.m;
  run_team(threads, [&](int id, int team) {
    const index_t total = by_columns ? p.n : p.m, unit = by_columns ? kern.nr : kern.mr;
    const index_t units = (total + unit - 1) / unit;
    const index_t begin = std::min(total, units * id / team * unit);
    const index_t end = std::min(total, units * (id + 1) / team * unit);
    if (end <= begin) return;
    ComplexGemmProblem<R> part = p;
    if (by_columns) {
      part.n = end - begin;
      part.b = p.b + begin * p.b_cs;
      part.c = p.c + begin * p.ldc;
    } else {
      part.m = end - begin;
      part.a = p.a + begin * p.a_rs;
      part.c = p.c + begin;
    }
    // Out of memory: smaller blocks, then plain loops, for this slice only.
    if (gemm_serial(part, kern, kern.blocks)) return;
    Blocksizes smaller = kern.blocks;
    while (shrink_blocks(kern, smaller))
      if (gemm_serial(part, kern, smaller)) return report_smaller_blocks(kName<R>);
    report_out_of_memory(kName<R>);
    gemm_loops(part);
  });
}

template void gemm_complex<float>(const ComplexGemmProblem<float> &);
template void gemm_complex<double>(const ComplexGemmProblem<double> &);

}  // namespace tileblas
