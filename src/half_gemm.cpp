// half_gemm.cpp -- 16-bit operands on the one GEMM driver: the target's
// half-precision kernels (gemm_driver.hpp with In = uint16_t) convert or pair
// A and B while packing, so no whole matrix is ever converted.  hgemm's fp16
// C goes through an fp32 copy, block by block, so each element is rounded to
// fp16 once, after the last depth block.
#include "half_gemm.hpp"

#include <algorithm>

#include "dispatch.hpp"
#include "environment.hpp"
#include "gemm_driver.hpp"
#include "gpu/offload.hpp"
#include "half_float.hpp"
#include "threading.hpp"

namespace tileblas {
namespace {

using HalfProblem = GemmProblem<float, std::uint16_t>;

float widen(HalfFormat f, std::uint16_t h) {
  return f == HalfFormat::F16 ? f16_to_f32(h) : bf16_to_f32(h);
}

// Plain loops with netlib meaning: the last resort without pack buffers.
void half_reference(HalfFormat f, const HalfProblem &p) {
  for (index_t j = 0; j < p.n; ++j) {
    float *c = p.c + j * p.ldc;
    for (index_t i = 0; i < p.m; ++i) c[i] = p.beta == 0.0f ? 0.0f : p.beta * c[i];
    for (index_t l = 0; l < p.k; ++l) {
      const float t = p.alpha * widen(f, p.b[l * p.b_rs + j * p.b_cs]);
      for (index_t i = 0; i < p.m; ++i) c[i] += t * widen(f, p.a[i * p.a_rs + l * p.a_cs]);
    }
  }
}

// op(A)(i, p) = a[i*a_rs + p*a_cs]: a transpose exchanges the strides.
HalfProblem problem_of(Trans ta, Trans tb, index_t m, index_t n, index_t k, float alpha,
                       const std::uint16_t *a, index_t lda, const std::uint16_t *b, index_t ldb,
                       float beta, float *c, index_t ldc) {
  return {m,     n, k, alpha, a, ta == Trans::No ? 1 : lda, ta == Trans::No ? lda : 1,
          b,     tb == Trans::No ? 1 : ldb, tb == Trans::No ? ldb : 1, beta, c, ldc};
}

// m, n, k >= 1 and alpha != 0.
void run(HalfFormat f, const HalfProblem &p) {
  const GemmKernel<float, std::uint16_t> &kernel =
      f == HalfFormat::F16 ? active_target().shgemm : active_sbgemm_kernel();
  const int threads = threads_for_call(2.0 * double(p.m) * double(p.n) * double(p.k));
  if (gemm_blocked(kernel, p, threads)) return;
  report_out_of_memory(f == HalfFormat::F16 ? "shgemm" : "sbgemm");
  half_reference(f, p);
}

// hgemm's fp32 copy of C: blocks of at most this many rows and elements
// (16 MiB).  The driver repacks A once per block of columns, which costs
// about one conversion per 2 * 1024 flops at the smallest block: noise.
constexpr index_t kCopyRows = 4096;
constexpr index_t kCopyElements = index_t(1) << 22;

void gemm_half_inputs_cpu(HalfFormat format, Trans ta, Trans tb, index_t m, index_t n, index_t k,
                          float alpha, const std::uint16_t *a, index_t lda,
                          const std::uint16_t *b, index_t ldb, float beta, float *c,
                          index_t ldc) {
  if (m <= 0 || n <= 0) return;
  if (alpha == 0.0f || k <= 0) {
    scale_matrix(m, n, beta, c, ldc);
    return;
  }
  run(format, problem_of(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc));
}

void hgemm_cpu(Trans ta, Trans tb, index_t m, index_t n, index_t k, float alpha,
               const std::uint16_t *a, index_t lda, const std::uint16_t *b, index_t ldb,
               float beta, std::uint16_t *c, index_t ldc) {
  if (m <= 0 || n <= 0) return;
  if (alpha == 0.0f || k <= 0) {  // C = beta * C, rounded once; beta == 0 does not read C
    if (beta == 1.0f) return;
    for (index_t j = 0; j < n; ++j)
      for (index_t i = 0; i < m; ++i) {
        std::uint16_t &cij = c[i + j * ldc];
        cij = beta == 0.0f ? 0 : f32_to_f16(beta * f16_to_f32(cij));
      }
    return;
  }
  const HalfConverters &convert = active_target().half;
  const index_t mb = std::min(m, kCopyRows);
  const index_t nb = std::max<index_t>(1, std::min(n, kCopyElements / mb));
  PackBuffer copy(sizeof(float) * mb * nb);
  const HalfProblem whole = problem_of(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, nullptr, mb);
  if (!copy.ok()) {
    // Out of memory: one element at a time, still one rounding each.
    report_out_of_memory("hgemm");
    for (index_t j = 0; j < n; ++j)
      for (index_t i = 0; i < m; ++i) {
        float acc = 0.0f;
        for (index_t l = 0; l < k; ++l)
          acc += f16_to_f32(a[i * whole.a_rs + l * whole.a_cs]) *
                 f16_to_f32(b[l * whole.b_rs + j * whole.b_cs]);
        std::uint16_t &cij = c[i + j * ldc];
        const float old = beta == 0.0f ? 0.0f : beta * f16_to_f32(cij);
        cij = f32_to_f16(alpha * acc + old);
      }
    return;
  }
  float *w = copy.as<float>();
  for (index_t j0 = 0; j0 < n; j0 += nb) {
    const index_t cols = std::min(nb, n - j0);
    for (index_t i0 = 0; i0 < m; i0 += mb) {
      const index_t rows = std::min(mb, m - i0);
      std::uint16_t *cb = c + i0 + j0 * ldc;
      if (beta != 0.0f)
        for (index_t j = 0; j < cols; ++j) convert.f16_to_f32(rows, cb + j * ldc, w + j * rows);
      HalfProblem p = whole;
      p.m = rows;
      p.n = cols;
      p.a = a + i0 * whole.a_rs;
      p.b = b + j0 * whole.b_cs;
      p.c = w;
      p.ldc = rows;
      run(HalfFormat::F16, p);
      for (index_t j = 0; j < cols; ++j) convert.f32_to_f16(rows, w + j * rows, cb + j * ldc);
    }
  }
}

}  // namespace

void gemm_half_inputs(HalfFormat format, Trans ta, Trans tb, index_t m, index_t n, index_t k,
                      float alpha, const std::uint16_t *a, index_t lda, const std::uint16_t *b,
                      index_t ldb, float beta, float *c, index_t ldc) {
  const bool f16 = format == HalfFormat::F16;
  if (m > 0 && n > 0 &&
      gpu::try_gpu_gemm(f16 ? "shgemm" : "sbgemm", f16 ? cuda::Elem::F16 : cuda::Elem::BF16,
                        cuda::Elem::F32, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc,
                        [&](index_t rows, index_t cols, const std::uint16_t *at,
                            const std::uint16_t *bt, float *ct) {
                          gemm_half_inputs_cpu(format, ta, tb, rows, cols, k, alpha, at, lda, bt,
                                               ldb, beta, ct, ldc);
                        }))
    return;
  gemm_half_inputs_cpu(format, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

void hgemm(Trans ta, Trans tb, index_t m, index_t n, index_t k, float alpha,
           const std::uint16_t *a, index_t lda, const std::uint16_t *b, index_t ldb, float beta,
           std::uint16_t *c, index_t ldc) {
  if (m > 0 && n > 0 &&
      gpu::try_gpu_gemm("hgemm", cuda::Elem::F16, cuda::Elem::F16, ta, tb, m, n, k, alpha, a, lda,
                        b, ldb, beta, c, ldc,
                        [&](index_t rows, index_t cols, const std::uint16_t *at,
                            const std::uint16_t *bt, std::uint16_t *ct) {
                          hgemm_cpu(ta, tb, rows, cols, k, alpha, at, lda, bt, ldb, beta, ct, ldc);
                        }))
    return;
  hgemm_cpu(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

}  // namespace tileblas
