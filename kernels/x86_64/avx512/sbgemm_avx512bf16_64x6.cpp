// sbgemm_avx512bf16_64x6: bf16 GEMM microkernel on AVX-512 BF16, 64 x 6
// register tile (4 x 6 vectors of 16 fp32 accumulators), as sgemm_avx512_64x6.
// vdpbf16ps adds to each fp32 lane the products of one pair of bf16 values
// (exact in fp32) with two roundings: per instruction twice the fp32 FMA's
// flops.  The packers (pack_half.hpp) store k in pairs: A sliver lane i of
// pair q holds (a[i][2q], a[i][2q+1]); a B element is the pair (b[2q][j],
// b[2q+1][j]) in 32 bits, broadcast to all lanes.  The kernel's k counts pairs.
// Note: vdpbf16ps treats subnormal bf16 inputs as zero and flushes subnormal
// results (fixed in hardware), as every AVX-512 BF16 library does.
//
// The only file built with -mavx512bf16 (cmake/CpuTargets.cmake); the
// dispatcher calls its kernel only when CPUID reports AVX512_BF16.
#include <immintrin.h>

#include "pack_half.hpp"

namespace tileblas::avx512 {
namespace {

constexpr int MV = 4, W = 16, MR = MV * W, NR = 6;

void run(index_t k, const float *a, const float *b, float *c, index_t ldc, float alpha,
         float beta) {
  __m512 acc[NR][MV];
#pragma GCC unroll 32
  for (int j = 0; j < NR; ++j)
#pragma GCC unroll 8
    for (int i = 0; i < MV; ++i) acc[j][i] = _mm512_setzero_ps();

#pragma GCC unroll 32
  for (int j = 0; j < NR; ++j) {  // C's lines arrive while the k loop runs
    __builtin_prefetch(c + j * ldc, 1, 3);
    __builtin_prefetch(c + j * ldc + MR - 1, 1, 3);
  }

#pragma GCC unroll 4
  for (index_t q = 0; q < k; ++q) {
    __builtin_prefetch(a + 8 * MR, 0, 3);
    __m512 av[MV];
#pragma GCC unroll 8
    for (int i = 0; i < MV; ++i) av[i] = _mm512_loadu_ps(a + i * W);
#pragma GCC unroll 32
    for (int j = 0; j < NR; ++j) {
      const __m512 bj = _mm512_set1_ps(b[j]);  // the 32-bit pair, bits unchanged
#pragma GCC unroll 8
      for (int i = 0; i < MV; ++i)
        acc[j][i] = _mm512_dpbf16_ps(acc[j][i], (__m512bh)av[i], (__m512bh)bj);
    }
    a += MR;
    b += NR;
  }

  // C = alpha*AB + beta*C; beta == 0 must not read C (it may hold NaN).
  const __m512 va = _mm512_set1_ps(alpha), vb = _mm512_set1_ps(beta);
  if (beta == 0.0f) {
#pragma GCC unroll 32
    for (int j = 0; j < NR; ++j)
#pragma GCC unroll 8
      for (int i = 0; i < MV; ++i) _mm512_storeu_ps(c + j * ldc + i * W, _mm512_mul_ps(acc[j][i], va));
  } else {
#pragma GCC unroll 32
    for (int j = 0; j < NR; ++j)
#pragma GCC unroll 8
      for (int i = 0; i < MV; ++i) {
        float *cj = c + j * ldc + i * W;
        _mm512_storeu_ps(cj, _mm512_fmadd_ps(_mm512_loadu_ps(cj), vb, _mm512_mul_ps(acc[j][i], va)));
      }
  }
}

// Partial tiles: the packed slivers are zero-padded and c is an MR x NR
// scratch tile, so the full tile is computed and the driver copies out the
// part that exists.
void run_edge(index_t k, const float *a, const float *b, float *c, index_t ldc, float alpha,
              float beta, int, int) {
  run(k, a, b, c, ldc, alpha, beta);
}

}  // namespace

GemmMicrokernel<float, std::uint16_t> sbgemm_avx512bf16_64x6() {
  GemmMicrokernel<float, std::uint16_t> uk{};
  uk.name = "sbgemm_avx512bf16_64x6";
  uk.mr = MR;
  uk.nr = NR;
  uk.vector_rows = W;
  uk.kernel = &run;
  uk.edge = &run_edge;
  uk.direct = nullptr;
  uk.pack_a = &pack_a_bf16_pairs<MR>;
  uk.pack_b = &pack_b_bf16_pairs<NR>;
  uk.k_pack = 2;
  return uk;
}

}  // namespace tileblas::avx512
