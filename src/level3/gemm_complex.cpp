// gemm_complex.cpp -- blocked complex GEMM (see gemm_complex.hpp).
// Packed slivers store real and imaginary parts split (MR reals, then MR
// imaginaries, per depth step) so the microkernel's inner loops are plain
// real multiply-adds the compiler vectorizes with baseline flags.
#include "gemm_complex.hpp"

#include <algorithm>

#include "pack_buffer_pool.hpp"
#include "threading.hpp"

namespace tileblas {
namespace {

// Register tile and cache blocks.  MR x NR complex accumulators are
// 2*MR*NR reals: 64 floats or 32 doubles, 16 SSE registers' worth.  MC x KC
// of packed A is 256 KiB (an L2), KC x NR of B 8-16 KiB (an L1).
template <class R>
struct Blocking {
  static constexpr int mr = 32 / int(sizeof(R));  // 8 (c) or 4 (z)
  static constexpr int nr = 4;
  static constexpr index_t mc = sizeof(R) == 4 ? 128 : 64;
  static constexpr index_t kc = 256;
  static constexpr index_t nc = 2048;
};

// rows x depth of op(X) (element (i, p) at x[i*rs + p*cs]) into W-row
// slivers, each depth step W reals then W imaginaries; rows past `rows` zero.
template <class R, int W>
void pack_split(index_t rows, index_t depth, const std::complex<R> *x, index_t rs, index_t cs,
                bool conj, R *dst) {
  const R sign = conj ? R(-1) : R(1);
  for (index_t s = 0; s < rows; s += W) {
    const index_t w = std::min<index_t>(W, rows - s);
    const std::complex<R> *block = x + s * rs;
    for (index_t p = 0; p < depth; ++p) {
      index_t i = 0;
      for (; i < w; ++i) {
        const std::complex<R> v = block[i * rs + p * cs];
        dst[i] = v.real();
        dst[W + i] = sign * v.imag();
      }
      for (; i < W; ++i) dst[i] = dst[W + i] = R(0);
      dst += 2 * W;
    }
  }
}

// C[0:MR, 0:NR] = alpha * A-sliver * B-sliver + beta * C (beta == 0: C not read).
template <class R, int MR, int NR>
void microkernel(index_t k, const R *a, const R *b, std::complex<R> *c, index_t ldc,
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

template <class R>
void macro_kernel(index_t mc, index_t nc, index_t kc, std::complex<R> alpha, const R *packed_a,
                  const R *packed_b, std::complex<R> beta, std::complex<R> *c, index_t ldc) {
  constexpr int MR = Blocking<R>::mr, NR = Blocking<R>::nr;
  std::complex<R> tile[MR * NR];
  for (index_t jr = 0; jr < nc; jr += NR) {
    const index_t nr_now = std::min<index_t>(NR, nc - jr);
    for (index_t ir = 0; ir < mc; ir += MR) {
      const index_t mr_now = std::min<index_t>(MR, mc - ir);
      const R *a = packed_a + ir * kc * 2, *b = packed_b + jr * kc * 2;
      std::complex<R> *cij = c + ir + jr * ldc;
      if (mr_now == MR && nr_now == NR) {
        microkernel<R, MR, NR>(kc, a, b, cij, ldc, alpha, beta);
        continue;
      }
      // Edge tile: compute on a scratch copy so the microkernel stays full-size.
      if (beta != std::complex<R>(0))
        for (index_t j = 0; j < nr_now; ++j)
          for (index_t i = 0; i < mr_now; ++i) tile[i + j * MR] = cij[i + j * ldc];
      microkernel<R, MR, NR>(kc, a, b, tile, MR, alpha, beta);
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

// One thread's whole problem, with its own pack buffers.  Returns false when
// the buffers cannot be had (then nothing was written).
template <class R>
bool gemm_serial(const ComplexGemmProblem<R> &p) {
  using B = Blocking<R>;
  constexpr index_t MR = B::mr, NR = B::nr, KC = B::kc, NC = B::nc, MC = B::mc;
  const index_t kc_max = std::min(KC, p.k);
  const index_t nc_max = std::min(NC, p.n), mc_max = std::min(MC, p.m);
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
      pack_split<R, B::nr>(nc, kc, p.b + pc * p.b_rs + jc * p.b_cs, p.b_cs, p.b_rs, p.b_conj, pb);
      for (index_t ic = 0; ic < p.m; ic += mc_max) {
        const index_t mc = std::min(mc_max, p.m - ic);
        pack_split<R, B::mr>(mc, kc, p.a + ic * p.a_rs + pc * p.a_cs, p.a_rs, p.a_cs, p.a_conj,
                             pa);
        macro_kernel<R>(mc, nc, kc, p.alpha, pa, pb, beta, p.c + ic + jc * p.ldc, p.ldc);
      }
    }
  }
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
void gemm_complex(const ComplexGemmProblem<R> &p) {
  if (p.m <= 0 || p.n <= 0) return;
  if (p.alpha == std::complex<R>(0) || p.k <= 0) return scale(p);
  using B = Blocking<R>;
  const int threads = threads_for_call(8.0 * double(p.m) * double(p.n) * double(p.k));
  // Threads take independent slices of C: column slices when C is wide,
  // row slices when it is tall (each packs its own operands).
  const bool by_columns = p.n >= p.m;
  run_team(threads, [&](int id, int team) {
    const index_t total = by_columns ? p.n : p.m, unit = by_columns ? B::nr : B::mr;
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
    if (!gemm_serial(part)) gemm_loops(part);  // only this slice; others are unaffected
  });
}

template void gemm_complex<float>(const ComplexGemmProblem<float> &);
template void gemm_complex<double>(const ComplexGemmProblem<double> &);

}  // namespace tileblas
