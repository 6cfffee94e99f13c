// tma.cuh -- the tensor memory accelerator (sm_90): one thread asks the copy
// engine for a whole 2D box of a tensor described by a CUtensorMap; the box
// lands in shared memory (swizzled as the map says) and the bytes are
// reported to an mbarrier.  One wrapper per PTX instruction.
//
// Facts relied on (PTX ISA "cp.async.bulk.tensor", CUDA driver API
// cuTensorMapEncodeTiled):
//   - Coordinates are signed 32-bit element indices, innermost dimension
//     first.  Elements of the box outside the tensor are not read; they are
//     written to shared memory as zeros (CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
//     and the transaction still counts the whole box's bytes.
//   - The destination must be 128-byte aligned; with 128-byte swizzle the
//     pattern repeats every 1024 bytes and is computed from the shared
//     address bits, so boxes are placed at 1024-byte-aligned addresses.
//   - The tensor map must live in const/param/global memory: it is passed as
//     a `const __grid_constant__ CUtensorMap` kernel parameter and its
//     generic address is given here.
#pragma once

#include <cstdint>

namespace tileblas::cuda::ptx {

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define TILEBLAS_PTX_TMA 1
#endif

// Box at (c0, c1) of the 2D tensor `tensor_map` -> shared address `dst`;
// completion (bytes) reported to the mbarrier at shared address `bar`.
__device__ __forceinline__ void tma_load_2d(std::uint32_t dst, const void *tensor_map,
                                            std::uint32_t bar, int c0, int c1) {
#ifdef TILEBLAS_PTX_TMA
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
      " [%0], [%1, {%2, %3}], [%4];\n" ::"r"(dst),
      "l"(reinterpret_cast<std::uint64_t>(tensor_map)), "r"(c0), "r"(c1), "r"(bar)
      : "memory");
#endif
}

// Pulls the 128-byte tensor map into the TMA unit's descriptor cache ahead
// of the first copy (a hint; no effect on results).
__device__ __forceinline__ void tma_prefetch_descriptor(const void *tensor_map) {
#ifdef TILEBLAS_PTX_TMA
  asm volatile("prefetch.tensormap [%0];\n" ::"l"(reinterpret_cast<std::uint64_t>(tensor_map))
               : "memory");
#endif
}

}  // namespace tileblas::cuda::ptx
