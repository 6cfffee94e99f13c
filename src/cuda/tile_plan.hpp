// tile_plan.hpp -- how a host-memory GEMM is cut into pieces for the GPU.
// Pure arithmetic (no CUDA), so the CPU test suite checks it.
//
// C is cut into tile_m x tile_n tiles and k into chunks of tile_k.  When
// op(A), op(B) and the C tiles in flight fit in the device-memory budget
// ("resident"), A and B are uploaded once, block by block, and every tile
// starts as soon as its row block of A and column block of B have arrived;
// otherwise ("streaming") each tile's blocks are uploaded for it, k in
// chunks, and matrices of any size go through a fixed amount of memory.
#pragma once

#include <cstdint>

namespace tileblas::gpu {

struct TilePlanInput {
  std::int64_t m, n, k;
  int in_bytes, out_bytes;        // element sizes of A/B and of C
  std::uint64_t budget_bytes;     // device memory this call may take
  std::int64_t max_tile = 8192;   // largest tile edge (a multiple of 256)
};

struct TilePlan {
  bool resident;                  // A and B uploaded once, whole
  std::int64_t tile_m, tile_n, tile_k;
  int slots;                      // C tiles (and, streaming, A/B blocks) in flight
  std::uint64_t device_bytes;     // what the plan allocates on the device
  bool fits;                      // false: not even the smallest plan fits
};

TilePlan plan_host_gemm(const TilePlanInput &in);

// Number of tiles of edge `tile` over `extent` (the last may be partial).
inline std::int64_t tile_count(std::int64_t extent, std::int64_t tile) {
  return (extent + tile - 1) / tile;
}

}  // namespace tileblas::gpu
