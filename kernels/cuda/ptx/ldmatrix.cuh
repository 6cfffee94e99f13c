// ldmatrix.cuh -- ldmatrix (sm_75+): a warp loads four 8x8 matrices of
// 16-bit elements from shared memory straight into mma.sync fragment order.
// One wrapper per PTX instruction; the kernels using them are sm_80+ only, so
// there is no fallback body (the kernels guard their bodies themselves).
//
// What the instruction does (PTX ISA, "ldmatrix", .m8n8 .x4 .b16):
//   - lane l supplies the shared address of one 16-byte row: row (l % 8) of
//     matrix (l / 8).  Rows may lie anywhere (16-byte aligned), which is what
//     lets the kernels read XOR-swizzled tiles.
//   - register r[j] of lane l receives two adjacent elements of matrix j:
//       plain:   M_j[l / 4][2 * (l % 4)]      (low half),  M_j[l / 4][2 * (l % 4) + 1]      (high half)
//       .trans:  M_j[2 * (l % 4)][l / 4]      (low half),  M_j[2 * (l % 4) + 1][l / 4]      (high half)
//     where M_j[r][c] is element c of the row whose address lane 8 * j + r gave.
#pragma once

#include <cstdint>

namespace tileblas::cuda::ptx {

// Four 8x8 b16 matrices, rows as stored.
__device__ __forceinline__ void ldmatrix_x4(std::uint32_t (&r)[4], std::uint32_t smem_addr) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 750
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(smem_addr));
#endif
}

// Four 8x8 b16 matrices, each transposed on the way (the stored rows become
// the fragment's columns).
__device__ __forceinline__ void ldmatrix_x4_trans(std::uint32_t (&r)[4], std::uint32_t smem_addr) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 750
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(smem_addr));
#endif
}

}  // namespace tileblas::cuda::ptx
