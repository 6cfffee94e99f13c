// simt_gemm_launch.cuh -- the kernel-table entry for a SIMT GEMM configuration
// (sgemm_simt.cu and dgemm_simt.cu differ only in their SimtConfig): which
// calls it takes and which template variant of the kernel runs them.
#pragma once

#include "kernel_table.hpp"
#include "simt/simt_gemm_kernel.cuh"
#include "tiled_launch.cuh"

namespace tileblas::cuda::simt {

template <class Cfg>
struct SimtGemm {
  using T = typename Cfg::Elem;
  static constexpr Elem kElem = sizeof(T) == 8 ? Elem::F64 : Elem::F32;

  static bool supports(const DeviceGemm &g, const DeviceCaps &caps) {
    return g.in == kElem && g.out == kElem &&
           tiled::call_fits<T>(g, caps, Cfg::kBM, Cfg::kBN, Cfg::kSmemBytes);
  }

  static cudaError_t launch(const DeviceGemm &g, const DeviceCaps &, cudaStream_t stream) {
    const auto args = tiled::make_args<SimtArgs<T>, T>(g, Cfg::kBM, Cfg::kBN);
    // 16-byte chunks for the operands whose m / n index is contiguous (A, B^T),
    // when every column of them starts 16-byte aligned; else element copies.
    const bool chunks = (g.trans_a || tiled::columns_aligned16<T>(g.a, g.lda)) &&
                        (!g.trans_b || tiled::columns_aligned16<T>(g.b, g.ldb));
    if (!g.trans_a && !g.trans_b) return variant<false, false>(args, chunks, stream);
    if (!g.trans_a && g.trans_b) return variant<false, true>(args, chunks, stream);
    if (g.trans_a && g.trans_b) return variant<true, true>(args, chunks, stream);
    return variant<true, false>(args, false, stream);  // both k-contiguous: no chunks
  }

 private:
  template <bool TA, bool TB>
  static cudaError_t variant(const SimtArgs<T> &args, bool chunks, cudaStream_t stream) {
    constexpr int kChunk = 16 / int(sizeof(T));
    return chunks ? tiled::launch_grid(simt_gemm_kernel<Cfg, TA, TB, kChunk>, args, Cfg::kThreads,
                                       Cfg::kSmemBytes, stream)
                  : tiled::launch_grid(simt_gemm_kernel<Cfg, TA, TB, 1>, args, Cfg::kThreads,
                                       Cfg::kSmemBytes, stream);
  }
};

}  // namespace tileblas::cuda::simt
