// tiled_launch.cuh -- what the launchers of the tiled s/dgemm kernels share
// (SIMT and DMMA: one block per BM x BN tile of C, grid = tiles_m * tiles_n):
// the shapes their 32-bit index math accepts, the alignment tests and the
// launch itself.  Each launcher keeps only its choice of template variant.
#pragma once

#include <cuda_runtime.h>

#include <climits>
#include <cstdint>

#include "device_gemm.hpp"

namespace tileblas::cuda::tiled {

// Kernel index math is 32-bit (offsets are 64-bit); the margin keeps
// "index + tile size" from overflowing at the last tile.
constexpr std::int64_t kMaxDim = INT_MAX - 1024;

inline std::int64_t tiles(std::int64_t extent, int tile) { return (extent + tile - 1) / tile; }

// Every column of the matrix starts 16-byte aligned: columns move as 16-byte chunks.
template <class T>
bool columns_aligned16(const void *p, std::int64_t ld) {
  return reinterpret_cast<std::uintptr_t>(p) % 16 == 0 && (ld * std::int64_t(sizeof(T))) % 16 == 0;
}

// The call fits a kernel with BM x BN tiles and element type T: every
// dimension positive and within kMaxDim, the grid within INT_MAX blocks,
// A, B and C aligned to their element size, the kernel's shared memory
// within what the device grants one block.
template <class T>
bool call_fits(const DeviceGemm &g, const DeviceCaps &caps, int bm, int bn, int smem_bytes) {
  if (g.m < 1 || g.n < 1 || g.k < 1 || g.m > kMaxDim || g.n > kMaxDim || g.k > kMaxDim)
    return false;
  if (tiles(g.m, bm) * tiles(g.n, bn) > INT_MAX) return false;
  for (const void *p : {g.a, g.b, static_cast<const void *>(g.c)})
    if (reinterpret_cast<std::uintptr_t>(p) % sizeof(T) != 0) return false;
  return caps.shared_optin >= std::size_t(smem_bytes);
}

// The kernel arguments both kernels' Args structs share, from the call.
template <class Args, class T>
Args make_args(const DeviceGemm &g, int bm, int bn) {
  Args args;
  args.m = int(g.m), args.n = int(g.n), args.k = int(g.k);
  args.alpha = T(g.alpha), args.beta = T(g.beta);
  args.a = static_cast<const T *>(g.a), args.lda = g.lda;
  args.b = static_cast<const T *>(g.b), args.ldb = g.ldb;
  args.c = static_cast<T *>(g.c), args.ldc = g.ldc;
  args.tiles_m = int(tiles(g.m, bm));
  args.tiles_n = int(tiles(g.n, bn));
  args.c_vec = columns_aligned16<T>(g.c, g.ldc);
  return args;
}

// One block per tile, with the dynamic shared memory the kernel asks for
// (above 48 KB it must be granted per kernel before the launch).
template <class Args>
cudaError_t launch_grid(void (*kernel)(Args), const Args &args, int threads, int smem_bytes,
                        cudaStream_t stream) {
  const cudaError_t e =
      cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes);
  if (e != cudaSuccess) return e;
  kernel<<<unsigned(args.tiles_m) * unsigned(args.tiles_n), threads, smem_bytes, stream>>>(args);
  return cudaGetLastError();
}

}  // namespace tileblas::cuda::tiled
