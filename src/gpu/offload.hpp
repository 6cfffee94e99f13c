// offload.hpp -- the engine's typed GEMM entries ask the GPU backend first.
// try_gpu_gemm builds the type-erased DeviceGemm and hands the backend a
// callback that computes any block of C on the CPU with `cpu_gemm`.
#pragma once

#include "backend.hpp"
#include "gemm.hpp"

namespace tileblas::gpu {

// Element types: float, double, and uint16_t for fp16/bf16 (the caller says
// which 16-bit format `in16` is).
template <class In, class Out, class CpuGemm>
bool try_gpu_gemm(const char *routine, cuda::Elem in, cuda::Elem out, Trans ta, Trans tb,
                  index_t m, index_t n, index_t k, double alpha, const In *a, index_t lda,
                  const In *b, index_t ldb, double beta, Out *c, index_t ldc, CpuGemm &&cpu_gemm) {
  if (!may_offload(alpha != 0 && k > 0 ? 2.0 * double(m) * double(n) * double(k) : 0)) return false;
  const cuda::DeviceGemm g{in, out, ta == Trans::Yes, tb == Trans::Yes, m, n, k, alpha, beta,
                           a, lda, b, ldb, c, ldc};
  // C(i0.., j0..) of this call: op(A)'s rows i0.. and op(B)'s columns j0...
  auto tile = [&](std::int64_t i0, std::int64_t j0, std::int64_t rows, std::int64_t cols) {
    cpu_gemm(rows, cols, a + (ta == Trans::No ? i0 : i0 * lda),
             b + (tb == Trans::No ? j0 * ldb : j0), c + i0 + j0 * ldc);
  };
  using Tile = decltype(tile);
  return offload_gemm(
      routine, g,
      [](void *ctx, std::int64_t i0, std::int64_t j0, std::int64_t rows, std::int64_t cols) {
        (*static_cast<Tile *>(ctx))(i0, j0, rows, cols);
      },
      &tile);
}

}  // namespace tileblas::gpu
