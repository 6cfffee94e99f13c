// tensor_map.cpp -- CUtensorMap encoding through the driver entry point
// (see tensor_map.hpp).
#include "wgmma/tensor_map.hpp"

#include <cudaTypedefs.h>  // PFN_cuTensorMapEncodeTiled_v12000

namespace tileblas::cuda::wgmma {

namespace {

// cuTensorMapEncodeTiled, ABI of CUDA 12.0 (the version that introduced it),
// from the driver the runtime already loaded; nullptr if it has none.
PFN_cuTensorMapEncodeTiled_v12000 encoder() {
  static const PFN_cuTensorMapEncodeTiled_v12000 fn = [] {
    void *p = nullptr;
    cudaDriverEntryPointQueryResult status = cudaDriverEntryPointSymbolNotFound;
    const cudaError_t e = cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &p, 12000,
                                                           cudaEnableDefault, &status);
    if (e != cudaSuccess || status != cudaDriverEntryPointSuccess) {
      (void)cudaGetLastError();  // leave no sticky "last error" behind
      return PFN_cuTensorMapEncodeTiled_v12000(nullptr);
    }
    return reinterpret_cast<PFN_cuTensorMapEncodeTiled_v12000>(p);
  }();
  return fn;
}

}  // namespace

bool tensor_map_encoder_available() { return encoder() != nullptr; }

cudaError_t encode_tensor_map_2d_b16(CUtensorMap *map, bool bf16, const void *base,
                                     std::uint64_t rows, std::uint64_t cols, std::uint64_t ld,
                                     std::uint32_t box_rows, std::uint32_t box_cols) {
  const std::uint64_t stride_bytes = ld * 2;
  if (reinterpret_cast<std::uintptr_t>(base) % 16 != 0 || stride_bytes % 16 != 0 ||
      stride_bytes >= (std::uint64_t(1) << 40) || rows == 0 || cols == 0 ||
      rows > (std::uint64_t(1) << 32) || cols > (std::uint64_t(1) << 32) || ld < rows ||
      box_rows == 0 || box_cols == 0 || box_rows > 256 || box_cols > 256 || box_rows * 2 > 128 ||
      (box_rows * 2) % 16 != 0)
    return cudaErrorInvalidValue;
  const PFN_cuTensorMapEncodeTiled_v12000 encode = encoder();
  if (encode == nullptr) return cudaErrorNotSupported;

  const cuuint64_t dims[2] = {rows, cols};
  const cuuint64_t strides[1] = {stride_bytes};  // dimension 0 is contiguous
  const cuuint32_t box[2] = {box_rows, box_cols};
  const cuuint32_t element_strides[2] = {1, 1};
  const CUresult r =
      encode(map, bf16 ? CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 : CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2,
             const_cast<void *>(base), dims, strides, box, element_strides,
             CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
             CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  return r == CUDA_SUCCESS ? cudaSuccess : cudaErrorInvalidValue;
}

}  // namespace tileblas::cuda::wgmma
