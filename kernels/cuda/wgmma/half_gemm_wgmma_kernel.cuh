// half_gemm_wgmma_kernel.cuh -- sm_90a half-precision GEMM:
//   C = alpha * op(A) * op(B) + beta * C,  A, B fp16 or bf16, fp32 accumulate,
//   C fp32 or fp16 (rounded once), everything column-major.
//
// Levels (ARCHITECTURE.md): block tile kBlockM x kBlockN x kBlockK (128 x 256
// x 64) -> consumer warpgroup 64 x 256 -> wgmma m64n256k16.
//
// Warp specialisation, one block per SM (persistent):
//   warpgroup 0  producer: gives registers back (setmaxnreg.dec 40); one
//                thread issues the TMA loads of every k-tile of every tile
//                this block owns into a kStages-deep ring of shared-memory
//                stages, each guarded by a "full" and an "empty" mbarrier.
//   warpgroups 1..2  consumers (setmaxnreg.inc 232): consumer w computes rows
//                [64w, 64w + 64) of the block tile, all 256 columns, with 4
//                wgmma m64n256k16 per k-tile, 128 fp32 accumulators a thread.
//
// Barrier protocol (per stage s; "phase" flips each trip round the ring):
//   producer:  wait empty[s] (parity phase ^ 1: the first trip passes at once)
//              arrive.expect_tx(full[s], bytes of the boxes it issues)
//              TMA boxes of A and B -> stage s, completing on full[s]
//   consumer:  wait full[s] (parity phase); wgmma.fence; 4 x wgmma; commit;
//              wait_group 1 (the previous k-tile's batch is done) -> lane 0 of
//              each consumer warp arrives on empty[previous stage];
//              after the last k-tile: wait_group 0, release the last stage,
//              then the epilogue (the producer is already filling the ring
//              with the next tile's k-tiles).
//   full[s] counts 1 arrival + the transaction bytes; empty[s] counts one
//   arrival per consumer warp (8).  Producer and consumers walk the same
//   (tile, k-tile) sequence, so their (stage, phase) counters agree.
//
// Shared memory (1024-byte aligned; 128-byte swizzle repeats every 1024 B):
//   stage s: A tile 128 x 64 (16 KB) at A + 16 KB s, B tile 256 x 64 (32 KB)
//   at B + 32 KB s; 4 stages = 192 KB; then 2 x 4 mbarriers.
//   TMA boxes always have a 64-element (128-byte) inner dimension, so every
//   box is a stack of 128-byte rows written with the 128-byte swizzle:
//     K-major operand (A^T for op(A)=A^T, B for op(B)=B): box {64 k, rows}:
//       one row per m (or n), 64 k values.  wgmma descriptor: SBO = 1024
//       (next 8 rows), LBO unused; the k16 step moves the start by 32 bytes.
//     MN-major operand (A for op(A)=A, B^T for op(B)=B^T): boxes {64 mn, 64 k},
//       each 8 KB: one row per k, 64 m (or n) values; boxes for mn 0-63,
//       64-127, ... follow each other.  Descriptor: SBO = 1024 (next 8
//       k-rows), LBO = 8192 (next 64-wide mn box); the k16 step moves the
//       start by 16 rows = 2048 bytes.
//   A consumer's 64 rows start 8192 bytes into the A stage in both cases.
//
// Edges: TMA zero-fills box elements outside the matrix, so the k tail adds
// zeros and rows/columns past m/n compute values that the epilogue never
// stores.  MN-major boxes that start past m (or n) are not issued at all: the
// stale shared memory they would have replaced only feeds rows/columns of the
// tile that are not stored (C(i, j) depends on row i of op(A) and column j of
// op(B) only), and the expected byte count covers exactly the boxes issued.
// Every K box starts inside the matrix (k0 < k), so the k direction is
// always zero-filled, never stale.
//
// Scheduler: static persistent loop (tile = blockIdx.x + i * gridDim.x) over
// tiles grouped kGroupM tile-rows at a time (a wave of 132 tiles covers about
// 16 x 8 tiles = 2048 x 2048 of C, so its A and B panels stay in L2).
#pragma once

#include <cuda.h>  // CUtensorMap (type only: the module does not link libcuda)
#include <cuda_fp16.h>

#include <cstdint>

#include "ptx/mbarrier.cuh"
#include "ptx/tma.cuh"
#include "ptx/warpgroup.cuh"
#include "ptx/wgmma.cuh"

// A wait on a pipeline barrier longer than this traps (the launch then fails
// with cudaErrorLaunchFailure / "unspecified launch failure") instead of
// hanging the GPU: one stage fills or drains in microseconds, so only a
// protocol bug or a failed TMA copy can wait this long.  0 disables the check.
#ifndef TILEBLAS_WGMMA_WAIT_TIMEOUT_NS
#define TILEBLAS_WGMMA_WAIT_TIMEOUT_NS 10000000000ull  // 10 s
#endif

namespace tileblas::cuda::wgmma {

__device__ __forceinline__ void pipeline_wait(std::uint32_t bar, std::uint32_t parity) {
  if constexpr (TILEBLAS_WGMMA_WAIT_TIMEOUT_NS == 0) {
    ptx::mbarrier_wait_parity(bar, parity);
  } else {
    if (!ptx::mbarrier_wait_parity_or_timeout(bar, parity, TILEBLAS_WGMMA_WAIT_TIMEOUT_NS))
      __trap();
  }
}

struct HalfGemmWgmmaConfig {
  static constexpr int kBlockM = 128;        // rows of C per block tile
  static constexpr int kBlockN = 256;        // columns of C per block tile (= wgmma N)
  static constexpr int kBlockK = 64;         // 64 x 2 bytes = one 128-byte swizzle row
  static constexpr int kStages = 4;          // 4 x 48 KB = 192 KB of the 227 KB per block
  static constexpr int kConsumers = 2;       // consumer warpgroups, 64 rows each
  static constexpr int kThreads = 128 * (1 + kConsumers);
  static constexpr int kGroupM = 16;         // tile-rows per scheduler band (L2 reuse)
  static constexpr int kProducerRegs = 40;   // 128 x 40 + 256 x 232 = 64512 <= 65536
  static constexpr int kConsumerRegs = 232;  // 128 accumulators + addressing, no spills

  static constexpr int kWgmmaM = 64, kWgmmaK = 16;
  static constexpr int kBox = 64;                           // inner box extent, elements
  static constexpr int kBoxBytes = kBox * kBox * 2;         // one MN-major box: 8 KB
  static constexpr int kABytes = kBlockM * kBlockK * 2;     // 16 KB per stage
  static constexpr int kBBytes = kBlockN * kBlockK * 2;     // 32 KB per stage
  static constexpr int kStageBytes = kABytes + kBBytes;
  static constexpr int kBarrierBytes = 2 * kStages * 8;
  // + 1024: the dynamic shared memory base is only 16-byte aligned; the
  // kernel rounds it up to the 1024-byte swizzle period.
  static constexpr int kSmemBytes = 1024 + kStages * kStageBytes + kBarrierBytes;

  static_assert(kBlockM == kConsumers * kWgmmaM, "one 64-row wgmma slab per consumer warpgroup");
  static_assert(kBlockN == 256, "the consumer issues wgmma m64n256k16");
  static_assert(kBlockK == kBox && kBlockM % kBox == 0 && kBlockN % kBox == 0,
                "tiles are whole 64-wide swizzle boxes");
  static_assert(kBlockN <= 256 && kBlockM <= 256, "TMA box extents are at most 256");
  static_assert(128 * kProducerRegs + 128 * kConsumers * kConsumerRegs <= 65536,
                "register file budget after setmaxnreg");
};

// Kernel parameters besides the two tensor maps.
struct HalfGemmParams {
  int m, n, k;
  int tiles_m, tiles_n, num_tiles, k_tiles;
  int group_m;
  float alpha, beta;
  void *c;
  long long ldc;
};

// Tile index -> (tile row, tile column): bands of group_m tile-rows, walked
// down a column of the band first, then to the next column.
__device__ __forceinline__ void tile_position(int tile, const HalfGemmParams &p, int &tm, int &tn) {
  const int band = p.group_m * p.tiles_n;
  const int group = tile / band;
  const int first_m = group * p.group_m;
  const int rows = min(p.tiles_m - first_m, p.group_m);
  const int in_group = tile - group * band;
  tm = first_m + in_group % rows;
  tn = in_group / rows;
}

template <bool kOutF16>
struct OutElem;
template <>
struct OutElem<false> {
  using type = float;
  static __device__ __forceinline__ float load(const float *p) { return *p; }
  static __device__ __forceinline__ void store(float *p, float v) { *p = v; }
};
template <>
struct OutElem<true> {
  using type = __half;
  static __device__ __forceinline__ float load(const __half *p) { return __half2float(*p); }
  static __device__ __forceinline__ void store(__half *p, float v) { *p = __float2half_rn(v); }
};

// Writes one consumer's 64 x 256 slab: C = alpha * acc (+ beta * C), only
// inside m x n.  row0: this thread's first row, col0: its first column.
template <bool kOutF16, bool kReadC>
__device__ __forceinline__ void store_slab(const float (&acc)[128], const HalfGemmParams &p,
                                           int row0, int col0) {
  using Out = OutElem<kOutF16>;
  using T = typename Out::type;
  T *const c = static_cast<T *>(p.c);
  const bool row_ok[2] = {row0 < p.m, row0 + 8 < p.m};
#pragma unroll
  for (int j = 0; j < 32; ++j) {
#pragma unroll
    for (int e = 0; e < 2; ++e) {
      const int col = col0 + 8 * j + e;
      if (col < p.n) {
        T *const cc = c + static_cast<long long>(col) * p.ldc + row0;
#pragma unroll
        for (int h = 0; h < 2; ++h) {
          if (row_ok[h]) {
            float v = p.alpha * acc[4 * j + 2 * h + e];
            if (kReadC) v += p.beta * Out::load(cc + 8 * h);
            Out::store(cc + 8 * h, v);
          }
        }
      }
    }
  }
}

// kBf16: A, B are bf16 (else fp16).  kOutF16: C is fp16 (else fp32).
// kAKMajor: op(A) = A^T (A stored k x m, k contiguous); else A is m x k, m
// contiguous.  kBKMajor: op(B) = B (k x n, k contiguous); else B^T (n x k).
template <class Cfg, bool kBf16, bool kOutF16, bool kAKMajor, bool kBKMajor>
__global__ void __launch_bounds__(Cfg::kThreads, 1)
    half_gemm_wgmma_kernel(const __grid_constant__ CUtensorMap tmap_a,
                           const __grid_constant__ CUtensorMap tmap_b, const HalfGemmParams p) {
#ifdef TILEBLAS_PTX_SM90A
  using namespace tileblas::cuda::ptx;
  constexpr int kStages = Cfg::kStages;

  extern __shared__ unsigned char smem_raw[];
  const std::uint32_t smem =
      (static_cast<std::uint32_t>(__cvta_generic_to_shared(smem_raw)) + 1023u) & ~1023u;
  const std::uint32_t tiles_a = smem;                                  // kStages x kABytes
  const std::uint32_t tiles_b = smem + kStages * Cfg::kABytes;         // kStages x kBBytes
  const std::uint32_t full_bar = smem + kStages * Cfg::kStageBytes;    // kStages x 8
  const std::uint32_t empty_bar = full_bar + kStages * 8;              // kStages x 8

  if (threadIdx.x == 0) {
    for (int s = 0; s < kStages; ++s) {
      mbarrier_init(full_bar + 8 * s, 1);                       // the producer's expect_tx arrival
      mbarrier_init(empty_bar + 8 * s, Cfg::kConsumers * 4);    // lane 0 of every consumer warp
    }
    mbarrier_init_fence();
  }
  __syncthreads();

  const int warpgroup = threadIdx.x / 128;
  if (warpgroup == 0) {
    // ------------------------------------------------------------ producer
    setmaxnreg_dec<Cfg::kProducerRegs>();
    if (threadIdx.x == 0) {
      tma_prefetch_descriptor(&tmap_a);
      tma_prefetch_descriptor(&tmap_b);
      std::uint32_t stage = 0, phase = 0;
      for (int tile = blockIdx.x; tile < p.num_tiles; tile += gridDim.x) {
        int tm, tn;
        tile_position(tile, p, tm, tn);
        const int m0 = tm * Cfg::kBlockM, n0 = tn * Cfg::kBlockN;
        // Bytes this tile's boxes bring per k-tile (MN-major boxes wholly past
        // m or n are skipped; K-major boxes always start inside).
        std::uint32_t bytes = 0;
        if constexpr (kAKMajor) {
          bytes += Cfg::kABytes;
        } else {
#pragma unroll
          for (int i = 0; i < Cfg::kBlockM / Cfg::kBox; ++i)
            if (m0 + Cfg::kBox * i < p.m) bytes += Cfg::kBoxBytes;
        }
        if constexpr (kBKMajor) {
          bytes += Cfg::kBBytes;
        } else {
#pragma unroll
          for (int i = 0; i < Cfg::kBlockN / Cfg::kBox; ++i)
            if (n0 + Cfg::kBox * i < p.n) bytes += Cfg::kBoxBytes;
        }
        for (int kt = 0; kt < p.k_tiles; ++kt) {
          const int k0 = kt * Cfg::kBlockK;
          pipeline_wait(empty_bar + 8 * stage, phase ^ 1);
          const std::uint32_t full = full_bar + 8 * stage;
          const std::uint32_t a_dst = tiles_a + stage * Cfg::kABytes;
          const std::uint32_t b_dst = tiles_b + stage * Cfg::kBBytes;
          mbarrier_arrive_expect_tx(full, bytes);
          if constexpr (kAKMajor) {
            tma_load_2d(a_dst, &tmap_a, full, k0, m0);  // box {64 k, 128 m}
          } else {
#pragma unroll
            for (int i = 0; i < Cfg::kBlockM / Cfg::kBox; ++i)  // boxes {64 m, 64 k}
              if (m0 + Cfg::kBox * i < p.m)
                tma_load_2d(a_dst + i * Cfg::kBoxBytes, &tmap_a, full, m0 + Cfg::kBox * i, k0);
          }
          if constexpr (kBKMajor) {
            tma_load_2d(b_dst, &tmap_b, full, k0, n0);  // box {64 k, 256 n}
          } else {
#pragma unroll
            for (int i = 0; i < Cfg::kBlockN / Cfg::kBox; ++i)  // boxes {64 n, 64 k}
              if (n0 + Cfg::kBox * i < p.n)
                tma_load_2d(b_dst + i * Cfg::kBoxBytes, &tmap_b, full, n0 + Cfg::kBox * i, k0);
          }
          if (++stage == kStages) {
            stage = 0;
            phase ^= 1;
          }
        }
      }
    }
  } else {
    // ----------------------------------------------------------- consumers
    setmaxnreg_inc<Cfg::kConsumerRegs>();
    const int consumer = warpgroup - 1;
    const int t = threadIdx.x % 128, warp = t / 32, lane = t % 32;

    // Descriptor pieces (see the header comment).  The consumer's 64 rows
    // are 8192 bytes into the A stage: 64 rows x 128 B (K-major) or the
    // consumer's own 64-wide box (MN-major).
    constexpr std::uint32_t kLboA = kAKMajor ? 16 : Cfg::kBoxBytes;
    constexpr std::uint32_t kLboB = kBKMajor ? 16 : Cfg::kBoxBytes;
    constexpr std::uint32_t kSbo = 1024;                                // 8 rows x 128 B
    constexpr std::uint32_t kStepA = kAKMajor ? Cfg::kWgmmaK * 2 : Cfg::kWgmmaK * 128;
    constexpr std::uint32_t kStepB = kBKMajor ? Cfg::kWgmmaK * 2 : Cfg::kWgmmaK * 128;
    const std::uint32_t a_slab = tiles_a + consumer * (Cfg::kWgmmaM * 128);

    float acc[128];
    std::uint32_t stage = 0, phase = 0;
    for (int tile = blockIdx.x; tile < p.num_tiles; tile += gridDim.x) {
      int tm, tn;
      tile_position(tile, p, tm, tn);

#pragma unroll
      for (int i = 0; i < 128; ++i) acc[i] = 0.0f;
      wgmma_fence_operands(acc);

      std::uint32_t prev_stage = 0;
      for (int kt = 0; kt < p.k_tiles; ++kt) {
        pipeline_wait(full_bar + 8 * stage, phase);
        const std::uint32_t a_base = a_slab + stage * Cfg::kABytes;
        const std::uint32_t b_base = tiles_b + stage * Cfg::kBBytes;
        wgmma_fence();
#pragma unroll
        for (int kk = 0; kk < Cfg::kBlockK / Cfg::kWgmmaK; ++kk) {
          const std::uint64_t da = make_smem_desc_sw128(a_base + kk * kStepA, kLboA, kSbo);
          const std::uint64_t db = make_smem_desc_sw128(b_base + kk * kStepB, kLboB, kSbo);
          wgmma_m64n256k16_f32<kBf16, kAKMajor ? 0 : 1, kBKMajor ? 0 : 1>(acc, da, db, 1u);
        }
        wgmma_commit_group();
        // Keep this k-tile's batch in flight; the previous one is done, so
        // its stage can be refilled.
        wgmma_wait_group<1>();
        if (kt > 0 && lane == 0) mbarrier_arrive(empty_bar + 8 * prev_stage);
        prev_stage = stage;
        if (++stage == kStages) {
          stage = 0;
          phase ^= 1;
        }
      }
      wgmma_wait_group<0>();
      wgmma_fence_operands(acc);
      if (lane == 0) mbarrier_arrive(empty_bar + 8 * prev_stage);

      const int row0 = tm * Cfg::kBlockM + consumer * Cfg::kWgmmaM + warp * 16 + lane / 4;
      const int col0 = tn * Cfg::kBlockN + 2 * (lane % 4);
      if (p.beta == 0.0f)
        store_slab<kOutF16, false>(acc, p, row0, col0);  // beta == 0: C is never read
      else
        store_slab<kOutF16, true>(acc, p, row0, col0);
    }
  }
#else
  // Not the sm_90a pass (sm_80 machine code, compute_90 PTX): no wgmma here.
  // supports() never sends work to this body; fail loudly if something does.
  (void)tmap_a;
  (void)tmap_b;
  (void)p;
  __trap();
#endif
}

}  // namespace tileblas::cuda::wgmma
