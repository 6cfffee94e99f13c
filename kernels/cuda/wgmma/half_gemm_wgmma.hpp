// half_gemm_wgmma.hpp -- the sm_90a wgmma + TMA half-precision GEMM
// (kHalfGemmWgmmaSm90a in kernel_table.hpp), split so that tests can tell
// "can compute this correctly" from "worth choosing for this size".
//
//   in F16 -> out F32 (gemm_f16f16f32 / shgemm), in BF16 -> out F32 (sbgemm),
//   in F16 -> out F16 (hgemm, C rounded once); all four transposes.
#pragma once

#include <cuda_runtime_api.h>

#include "device_gemm.hpp"

namespace tileblas::cuda::wgmma {

// Correctness conditions only: types, sm_90a machine code on a 9.0 device,
// enough opt-in shared memory, the driver's tensor-map encoder, and TMA's
// rules for A and B (16-byte aligned base, lda and ldb multiples of 8
// elements, extents < 2^31 so that box coordinates fit in int32).
bool half_gemm_wgmma_runnable(const DeviceGemm &g, const DeviceCaps &caps);

// Size policy on top: at least one 64-deep k-tile and at least half a wave
// of 128 x 256 tiles (below that the mma.sync kernel's smaller tiles keep
// more SMs busy).
bool half_gemm_wgmma_supports(const DeviceGemm &g, const DeviceCaps &caps);

// Enqueues the GEMM; the persistent grid has min(tiles, max_blocks) blocks
// (the kernel table passes caps.multiprocessors; tests pass fewer to make
// every block walk many tiles).  Assumes half_gemm_wgmma_runnable(g, caps).
cudaError_t half_gemm_wgmma_launch(const DeviceGemm &g, const DeviceCaps &caps,
                                   cudaStream_t stream, int max_blocks);

}  // namespace tileblas::cuda::wgmma
