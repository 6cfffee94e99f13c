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

#include <complex>

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

  // The target table's entry (target.hpp: ComplexGemmKernel), named e.g. "zgemm_avx512_8x6".
  static ComplexGemmKernel<R> table(const char *name, Blocksizes blocks) {
    ComplexGemmKernel<R> k = {name, MR, NR, &run, pack_a, pack_b, blocks};
    k.kernel_vectors = &run_part;
    k.vector_rows = W / 2;
    return k;
  }

  static void run(index_t k, const R *a, const R *b, std::complex<R> *c, index_t ldc,
                  const std::complex<R> &alpha, const std::complex<R> &beta) {
    run_vectors<0, MV>(k, a, b, c, ldc, alpha, beta);
  }

  // Only the tile's vectors [v0, v1) of rows (ComplexVectorsFn): a tile
  // straddling the diagonal of HERK/SYRK keeps rows of one vector only.
  static void run_part(int v0, int v1, index_t k, const R *a, const R *b, std::complex<R> *c,
                       index_t ldc, const std::complex<R> &alpha, const std::complex<R> &beta) {
    static_assert(MV <= 2, "dispatch more vector ranges");
    if (v0 == 0 && v1 == 1)
      run_vectors<0, 1>(k, a, b, c, ldc, alpha, beta);
    else if (v0 == 1 && v1 == 2)
      run_vectors<1, MV>(k, a, b, c, ldc, alpha, beta);
    else
      run_vectors<0, MV>(k, a, b, c, ldc, alpha, beta);
  }

 private:
  template <int V0, int V1>
  static void run_vectors(index_t k, const R *a, const R *b, std::complex<R> *c, index_t ldc,
                          const std::complex<R> &alpha, const std::complex<R> &beta) {
    reg acc[2 * NR][MV];  // [2j]: times re(b_j), [2j + 1]: times im(b_j)
#pragma GCC unroll 32
    for (int j = 0; j < 2 * NR; ++j)
#pragma GCC unroll 4
      for (int v = V0; v < V1; ++v) acc[j][v] = V::zero();

    // Touch C early (its lines arrive while the k loop runs): every vector
    // of each column, plus the column's last element.
#pragma GCC unroll 16
    for (int j = 0; j < NR; ++j) {
      const R *cj = reinterpret_cast<const R *>(c + j * ldc);
#pragma GCC unroll 4
      for (int v = V0; v < V1; ++v) __builtin_prefetch(cj + v * W, 1, 3);
      __builtin_prefetch(cj + V1 * W - 1, 1, 3);
    }

#pragma GCC unroll 4
    for (index_t p = 0; p < k; ++p) {
      __builtin_prefetch(a + 8 * 2 * MR, 0, 3);  // A streams from L2; stay ahead
      reg av[MV];
#pragma GCC unroll 4
      for (int v = V0; v < V1; ++v) av[v] = V::load(a + v * W);
#pragma GCC unroll 32
      for (int j = 0; j < 2 * NR; ++j) {
        const reg bj = V::broadcast(b + j);
#pragma GCC unroll 4
        for (int v = V0; v < V1; ++v) acc[j][v] = V::fma(av[v], bj, acc[j][v]);
      }
      a += 2 * MR;
      b += 2 * NR;
    }

    // C = alpha P + beta C with complex products x y = x re(y) + (-1, +1)
    // swap_pairs(x) im(y); beta == 0 must not read C (it may hold NaN).
    alignas(64) R pattern[W];
    const auto pairs = [&pattern](R even, R odd) {
      for (int l = 0; l < W; ++l) pattern[l] = l % 2 ? odd : even;
      return V::load(pattern);
    };
    const reg sign = pairs(R(-1), R(1));
    const reg alpha_re = V::set1(alpha.real()), alpha_im = pairs(-alpha.imag(), alpha.imag());
    const reg beta_re = V::set1(beta.real()), beta_im = pairs(-beta.imag(), beta.imag());
    const bool beta_zero = beta == std::complex<R>(0);
#pragma GCC unroll 16
    for (int j = 0; j < NR; ++j) {
      R *cj = reinterpret_cast<R *>(c + j * ldc);
#pragma GCC unroll 4
      for (int v = V0; v < V1; ++v) {
        const reg product = V::fma(V::swap_pairs(acc[2 * j + 1][v]), sign, acc[2 * j][v]);
        reg x = V::fma(V::swap_pairs(product), alpha_im, V::mul(product, alpha_re));
        if (!beta_zero) {
          const reg cv = V::load(cj + v * W);
          x = V::fma(V::swap_pairs(cv), beta_im, V::fma(cv, beta_re, x));
        }
        V::store(cj + v * W, x);
      }
    }
  }
};

}  // namespace tileblas
