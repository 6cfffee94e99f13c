// complex_microkernel.hpp -- the register-blocked complex GEMM microkernel
// (cgemm/zgemm), written once over a vector-traits type V (AVX-512 or AVX2):
//   C[MR x NR] = alpha * A_sliver * B_sliver + beta * C,  MR = MV * V::width
// complex rows.  Packed slivers are split (see ComplexMicrokernelFn): each
// depth step holds MR real parts then MR imaginary parts of A, NR real parts
// then NR imaginary parts of B, conjugation already applied by the packer.
//
// Why split storage: a complex multiply-add on interleaved data needs
// shuffles or addsub in the inner loop; on split data it is four plain FMAs
// per vector (re += ar*br, re -= ai*bi, im += ar*bi, im += ai*br), 8 real
// flops each, so the loop runs at the real FMA peak.  The 2 x MV x NR
// accumulators (real and imaginary) stay in registers for the whole k loop;
// interleaving back to C's (re, im) layout happens once per tile, in the
// epilogue, where it costs ~1/k of the work.
#pragma once

#include <complex>

#include "target.hpp"

namespace tileblas {

// V must also provide fnma(a, b, c) = c - a*b.
template <class V, int MV, int NR>
struct ComplexMicrokernel {
  using R = typename V::T;
  using reg = typename V::reg;
  static constexpr int W = V::width;
  static constexpr int MR = MV * W;

  static void run(index_t k, const R *a, const R *b, std::complex<R> *c, index_t ldc,
                  std::complex<R> alpha, std::complex<R> beta) {
    reg re[NR][MV], im[NR][MV];
#pragma GCC unroll 16
    for (int j = 0; j < NR; ++j)
#pragma GCC unroll 4
      for (int v = 0; v < MV; ++v) re[j][v] = im[j][v] = V::zero();

#pragma GCC unroll 16
    for (int j = 0; j < NR; ++j) __builtin_prefetch(c + j * ldc, 1, 3);

#pragma GCC unroll 2
    for (index_t p = 0; p < k; ++p) {
      __builtin_prefetch(a + 8 * 2 * MR, 0, 3);  // A streams from L2; stay ahead
      reg ar[MV], ai[MV];
#pragma GCC unroll 4
      for (int v = 0; v < MV; ++v) {
        ar[v] = V::load(a + v * W);
        ai[v] = V::load(a + MR + v * W);
      }
#pragma GCC unroll 16
      for (int j = 0; j < NR; ++j) {
        const reg br = V::broadcast(b + j);
#pragma GCC unroll 4
        for (int v = 0; v < MV; ++v) {
          re[j][v] = V::fma(ar[v], br, re[j][v]);
          im[j][v] = V::fma(ai[v], br, im[j][v]);
        }
        const reg bi = V::broadcast(b + NR + j);
#pragma GCC unroll 4
        for (int v = 0; v < MV; ++v) {
          re[j][v] = V::fnma(ai[v], bi, re[j][v]);
          im[j][v] = V::fma(ar[v], bi, im[j][v]);
        }
      }
      a += 2 * MR;
      b += 2 * NR;
    }

    // Epilogue per column: spill the split sums, then scalar complex
    // arithmetic the compiler vectorizes; beta == 0 must not read C.
    alignas(64) R sr[MR], si[MR];
    const R alr = alpha.real(), ali = alpha.imag(), ber = beta.real(), bei = beta.imag();
    const bool beta_zero = ber == R(0) && bei == R(0);
#pragma GCC unroll 16
    for (int j = 0; j < NR; ++j) {
#pragma GCC unroll 4
      for (int v = 0; v < MV; ++v) {
        V::store(sr + v * W, re[j][v]);
        V::store(si + v * W, im[j][v]);
      }
      R *cj = reinterpret_cast<R *>(c + j * ldc);
      for (int i = 0; i < MR; ++i) {
        R xr = alr * sr[i] - ali * si[i], xi = alr * si[i] + ali * sr[i];
        if (!beta_zero) {
          const R cr = cj[2 * i], ci = cj[2 * i + 1];
          xr += ber * cr - bei * ci;
          xi += ber * ci + bei * cr;
        }
        cj[2 * i] = xr;
        cj[2 * i + 1] = xi;
      }
    }
  }
};

}  // namespace tileblas
