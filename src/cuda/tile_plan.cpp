// tile_plan.cpp -- choosing tile sizes for a host-memory GEMM on the GPU.
#include "tile_plan.hpp"

#include <algorithm>

namespace tileblas::gpu {
namespace {

// Two C tiles in flight: one computing while the previous one is copied
// back; more buys nothing when a single stream of copies is the bottleneck.
constexpr int kSlots = 2;
// Tiles below this edge make kernels too small to fill a large GPU.
constexpr std::int64_t kMinTile = 256;

std::int64_t round_up(std::int64_t x, std::int64_t to) { return (x + to - 1) / to * to; }

// Tile edge for an extent: at most `cap`, a multiple of 256, and close to
// an even split (8200 rows as 2 x 4100, not 8192 + 8).
// A single tile is the extent itself.
std::int64_t tile_edge(std::int64_t extent, std::int64_t cap) {
  if (extent <= cap) return std::max<std::int64_t>(extent, 1);
  const std::int64_t pieces = (extent + cap - 1) / cap;
  return std::min(cap, round_up((extent + pieces - 1) / pieces, kMinTile));
}

std::uint64_t streaming_bytes(const TilePlanInput &in, std::int64_t tm, std::int64_t tn,
                              std::int64_t tk) {
  const std::uint64_t per_slot = std::uint64_t(tm) * tk * in.in_bytes +
                                 std::uint64_t(tk) * tn * in.in_bytes +
                                 std::uint64_t(tm) * tn * in.out_bytes;
  return per_slot * kSlots;
}

}  // namespace

TilePlan plan_host_gemm(const TilePlanInput &in) {
  const std::int64_t cap = std::max(kMinTile, in.max_tile / kMinTile * kMinTile);
  std::int64_t tm = tile_edge(in.m, cap), tn = tile_edge(in.n, cap);

  // Resident: whole A and B, plus the C tiles in flight.
  const std::uint64_t ab = (std::uint64_t(in.m) * in.k + std::uint64_t(in.k) * in.n) * in.in_bytes;
  for (std::int64_t t = cap; t >= kMinTile; t /= 2) {
    const std::int64_t rm = std::min(tm, tile_edge(in.m, t)), rn = std::min(tn, tile_edge(in.n, t));
    const std::uint64_t bytes = ab + std::uint64_t(rm) * rn * in.out_bytes * kSlots;
    if (bytes <= in.budget_bytes) return {true, rm, rn, in.k, kSlots, bytes, true};
    if (ab > in.budget_bytes) break;
  }

  // Streaming: shrink k first (it costs only more passes over C's tiles on
  // the device), then the tile edges.
  std::int64_t tk = tile_edge(in.k, cap);
  while (streaming_bytes(in, tm, tn, tk) > in.budget_bytes) {
    if (tk > kMinTile) {
      tk = std::max(kMinTile, round_up(tk / 2, kMinTile));
    } else if (tm > kMinTile || tn > kMinTile) {
      if (tm >= tn)
        tm = std::max(kMinTile, round_up(tm / 2, kMinTile));
      else
        tn = std::max(kMinTile, round_up(tn / 2, kMinTile));
    } else {
      return {false, tm, tn, tk, kSlots, streaming_bytes(in, tm, tn, tk), false};
    }
  }
  return {false, tm, tn, tk, kSlots, streaming_bytes(in, tm, tn, tk), true};
}

}  // namespace tileblas::gpu
