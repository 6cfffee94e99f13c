// tensor_map.hpp -- host side of TMA: CUtensorMap objects for column-major
// matrices, encoded by the driver's cuTensorMapEncodeTiled.  The function is
// looked up through the runtime (cudaGetDriverEntryPointByVersion), so
// nothing here links libcuda: <cuda.h> is included for its types only.
#pragma once

#include <cuda.h>
#include <cuda_runtime_api.h>

#include <cstdint>

namespace tileblas::cuda::wgmma {

// A tiled 2D map of a column-major `rows` x `cols` matrix of 16-bit elements
// (`bf16` selects bfloat16, else float16) at `base` with leading dimension
// `ld` (elements); each copy moves a box of `box_rows` x `box_cols`
// elements, rows innermost, into shared memory with the 128-byte swizzle
// (so box_rows * 2 must be <= 128).  Out-of-range elements read as zero; L2
// fetches are promoted to 256 bytes.
//
// TMA's rules, checked here: base 16-byte aligned, ld * 2 a multiple of 16
// and < 2^40, 1 <= rows, cols <= 2^32, ld >= rows, boxes 1..256.
// Returns cudaErrorNotSupported when the driver has no cuTensorMapEncodeTiled
// (driver older than CUDA 12.0), cudaErrorInvalidValue when the map is refused.
cudaError_t encode_tensor_map_2d_b16(CUtensorMap *map, bool bf16, const void *base,
                                     std::uint64_t rows, std::uint64_t cols, std::uint64_t ld,
                                     std::uint32_t box_rows, std::uint32_t box_cols);

// True when the driver entry point can be found (looked up once).
bool tensor_map_encoder_available();

}  // namespace tileblas::cuda::wgmma
