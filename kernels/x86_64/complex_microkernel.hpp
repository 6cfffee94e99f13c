// complex_microkernel.hpp -- the register-blocked complex GEMM microkernel
// (cgemm/zgemm), written once over a vector-traits type V (AVX-512 or AVX2):
//   C[MR x NR] = alpha * A_sliver * B_sliver + beta * C,  MR = MV * V::width / 2
// complex rows.  Packed slivers are interleaved (see ComplexMicrokernelFn):
// each depth step holds MR complex elements of A and NR of B, conjugation
// already applied by the packer.
//
// The loop is the real GEMM loop: MV vectors of A (real and imaginary parts
// side by side) times 2 NR broadcast scalars of B, the real part of b_j and
// its imaginary part each into their own accumulators:
//   acc_re[j] += a * re(b_j)  lanes (ar br, ai br)
//   acc_im[j] += a * im(b_j)  lanes (ar bi, ai bi)
// so a step is 2 MV NR independent FMAs with no shuffle and no dependency
// between them (a split-storage kernel subtracting ai*bi from the sum that
// just took ar*br measured ~5 % slower on Zen 5 in L1).  Once per tile the
// two combine into the complex product (ar br - ai bi, ai br + ar bi) =
// acc_re + (-1, +1) * swap_pairs(acc_im).
//
// V::swap_pairs(v) exchanges the lanes of each (re, im) pair.
#pragma once

#include <array>
#include <complex>
#include <utility>

#include "complex_pack.hpp"
#include "target.hpp"

namespace tileblas {

template <class V, int MV, int NR>
struct ComplexMicrokernel {
  using R = typename V::T;
  using reg = typename V::reg;
  static constexpr int W = V::width;
  static constexpr int MR = MV * W / 2;
  static constexpr ComplexPackFn<R> pack_a = &pack_complex<R, MR>, pack_b = &pack_complex<R, NR>;

  // The target table's entry (target.hpp: ComplexGemmKernel), named e.g.
  // "zgemm_avx512_8x6"; its table file sets which problems run unpacked.
  static ComplexGemmKernel<R> table(const char *name, Blocksizes blocks) {
    ComplexGemmKernel<R> k = {name, MR, NR, &run, pack_a, pack_b, blocks};
    k.kernel_vectors = &run_part;
    k.vector_rows = W / 2;
    k.direct = &run_direct;
    return k;
  }

  static void run(index_t k, const R *a, const R *b, std::complex<R> *c, index_t ldc,
                  const std::complex<R> &alpha, const std::complex<R> &beta) {
    compute<0, MV, NR, false>(k, a, 2 * MR, b, 2 * NR, 2, c, ldc, alpha, beta, W, kNoConj);
  }

  // Only the tile's vectors [v0, v1) of rows (ComplexVectorsFn): a tile
  // straddling the diagonal of HERK/SYRK keeps rows of one vector only.
  static void run_part(int v0, int v1, index_t k, const R *a, const R *b, std::complex<R> *c,
                       index_t ldc, const std::complex<R> &alpha, const std::complex<R> &beta) {
    static_assert(MV <= 2, "dispatch more vector ranges");
    if (v0 == 0 && v1 == 1)
      compute<0, 1, NR, false>(k, a, 2 * MR, b, 2 * NR, 2, c, ldc, alpha, beta, W, kNoConj);
    else if (v0 == 1 && v1 == 2)
      compute<1, MV, NR, false>(k, a, 2 * MR, b, 2 * NR, 2, c, ldc, alpha, beta, W, kNoConj);
    else
      run(k, a, b, c, ldc, alpha, beta);
  }

  // A block with B in place (ComplexDirectFn): register tiles, column
  // slivers outermost as in the packed macro-kernel (C is written down its
  // columns, a sliver of B stays in L1), the last vector of rows masked.
  // Conjugation is folded into how the two sums combine, so each element
  // rounds as from conjugated packed slivers.
  static void run_direct(const ComplexDirectBlock<R> &d, const std::complex<R> &alpha,
                         const std::complex<R> &beta) {
    const index_t whole_rows = d.rows / MR * MR;
    const int lanes = 2 * int(d.rows - whole_rows), vectors = (lanes + W - 1) / W;
    const int last_lanes = lanes - (vectors - 1) * W;
    const Table &table = last_lanes == W ? whole_table : masked_table;
    const int conj = (d.conj_a ? kConjA : 0) | (d.conj_b ? kConjB : 0);
    const R *a = reinterpret_cast<const R *>(d.a), *b = reinterpret_cast<const R *>(d.b);
    for (index_t j = 0; j < d.n; j += NR) {
      const int width = d.n - j < NR ? int(d.n - j) : NR;
      const R *bj = b + 2 * j * d.b_cs;
      std::complex<R> *cj = d.c + j * d.ldc;
      for (index_t i = 0; i < whole_rows; i += MR)
        whole_table[MV - 1][width - 1](d.k, a + 2 * (i / MR) * d.tile_stride, 2 * d.lda, bj,
                                       2 * d.b_rs, 2 * d.b_cs, cj + i, d.ldc, alpha, beta, W,
                                       conj);
      if (vectors > 0)
        table[vectors - 1][width - 1](d.k, a + 2 * (whole_rows / MR) * d.tile_stride, 2 * d.lda,
                                      bj, 2 * d.b_rs, 2 * d.b_cs, cj + whole_rows, d.ldc, alpha,
                                      beta, last_lanes, conj);
    }
  }

 private:
  static constexpr int kNoConj = 0, kConjA = 1, kConjB = 2;

  // C[rows of vectors V0..V1-1, 0:NC] = alpha op(A) op(B) + beta C.  Depth
  // step p reads A's vectors at a + p a_step and b_j = B(p, j) at
  // b + p b_rs + j b_cs (in reals; packed slivers: 2 MR, 2 NR, 2).  Masked:
  // the last vector holds last_lanes reals, nothing past them is touched.
  template <int V0, int V1, int NC, bool Masked>
  static void compute(index_t k, const R *a, index_t a_step, const R *b, index_t b_rs,
                      index_t b_cs, std::complex<R> *c, index_t ldc,
                      const std::complex<R> &alpha, const std::complex<R> &beta, int last_lanes,
                      int conj) {
    const auto load = [last_lanes](const R *p, int v) {
      return Masked && v == V1 - 1 ? V::load_partial(p, last_lanes) : V::load(p);
    };
    reg acc[2 * NC][MV];  // [2j]: times re(b_j), [2j + 1]: times im(b_j)
#pragma GCC unroll 32
    for (int j = 0; j < 2 * NC; ++j)
#pragma GCC unroll 4
      for (int v = V0; v < V1; ++v) acc[j][v] = V::zero();

    // Touch C early (its lines arrive while the k loop runs): every vector
    // of each column, plus the column's last element.
#pragma GCC unroll 16
    for (int j = 0; j < NC; ++j) {
      const R *cj = reinterpret_cast<const R *>(c + j * ldc);
#pragma GCC unroll 4
      for (int v = V0; v < V1; ++v) __builtin_prefetch(cj + v * W, 1, 3);
      __builtin_prefetch(cj + V1 * W - 1, 1, 3);
    }

#pragma GCC unroll 4
    for (index_t p = 0; p < k; ++p) {
      __builtin_prefetch(a + 8 * a_step, 0, 3);  // A streams from L2; stay ahead
      reg av[MV];
#pragma GCC unroll 4
      for (int v = V0; v < V1; ++v) av[v] = load(a + v * W, v);
#pragma GCC unroll 16
      for (int j = 0; j < NC; ++j) {
        const reg re = V::broadcast(b + j * b_cs), im = V::broadcast(b + j * b_cs + 1);
#pragma GCC unroll 4
        for (int v = V0; v < V1; ++v) {
          acc[2 * j][v] = V::fma(av[v], re, acc[2 * j][v]);
          acc[2 * j + 1][v] = V::fma(av[v], im, acc[2 * j + 1][v]);
        }
      }
      a += a_step;
      b += b_rs;
    }

    // C = alpha P + beta C with complex products x y = x re(y) + (-1, +1)
    // swap_pairs(x) im(y); beta == 0 must not read C (it may hold NaN).
    // P = s1 acc_re + s2 swap_pairs(acc_im), the signs by conjugation: the
    // conjugated part's sums are the plain ones negated in its odd lanes.
    alignas(64) R pattern[W];
    const auto pairs = [&pattern](R even, R odd) {
      for (int l = 0; l < W; ++l) pattern[l] = l % 2 ? odd : even;
      return V::load(pattern);
    };
    const R odd_re = conj & kConjA ? R(-1) : R(1);
    const bool one_conjugated = conj == kConjA || conj == kConjB;
    const R even_im = one_conjugated ? R(1) : R(-1), odd_im = conj & kConjB ? R(-1) : R(1);
    const reg s1 = pairs(R(1), odd_re), s2 = pairs(even_im, odd_im);
    const reg alpha_re = V::set1(alpha.real()), alpha_im = pairs(-alpha.imag(), alpha.imag());
    const reg beta_re = V::set1(beta.real()), beta_im = pairs(-beta.imag(), beta.imag());
    const bool beta_zero = beta == std::complex<R>(0);
#pragma GCC unroll 16
    for (int j = 0; j < NC; ++j) {
      R *cj = reinterpret_cast<R *>(c + j * ldc);
#pragma GCC unroll 4
      for (int v = V0; v < V1; ++v) {
        const reg re = conj & kConjA ? V::mul(acc[2 * j][v], s1) : acc[2 * j][v];
        const reg product = V::fma(V::swap_pairs(acc[2 * j + 1][v]), s2, re);
        reg x = V::fma(V::swap_pairs(product), alpha_im, V::mul(product, alpha_re));
        if (!beta_zero) {
          const reg cv = load(cj + v * W, v);
          x = V::fma(V::swap_pairs(cv), beta_im, V::fma(cv, beta_re, x));
        }
        if (Masked && v == V1 - 1)
          V::store_partial(cj + v * W, x, last_lanes);
        else
          V::store(cj + v * W, x);
      }
    }
  }

  // run_direct's tiles: [vectors - 1][columns - 1], the last vector whole or masked.
  using Tile = void (*)(index_t, const R *, index_t, const R *, index_t, index_t,
                        std::complex<R> *, index_t, const std::complex<R> &,
                        const std::complex<R> &, int, int);
  using Table = std::array<std::array<Tile, NR>, MV>;
  template <bool Masked, int Vectors, int... J>
  static constexpr std::array<Tile, NR> row_of(std::integer_sequence<int, J...>) {
    return {&compute<0, Vectors, J + 1, Masked>...};
  }
  template <bool Masked, int... I>
  static constexpr Table table_of(std::integer_sequence<int, I...>) {
    return {row_of<Masked, I + 1>(std::make_integer_sequence<int, NR>())...};
  }
  static constexpr Table whole_table = table_of<false>(std::make_integer_sequence<int, MV>());
  static constexpr Table masked_table = table_of<true>(std::make_integer_sequence<int, MV>());
};

}  // namespace tileblas
