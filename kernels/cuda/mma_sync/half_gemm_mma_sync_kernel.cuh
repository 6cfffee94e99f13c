// half_gemm_mma_sync_kernel.cuh -- tensor-core GEMM for sm_80+ with
// mma.sync.m16n8k16 + ldmatrix + cp.async:  C = alpha * op(A) * op(B) + beta * C,
// A and B fp16 or bf16 (column-major, any transposes, any lda/ldb), fp32
// accumulation, C fp32 or fp16 (rounded once).  The launcher is
// half_gemm_mma_sync.cu; this file only holds the kernel template.
//
// Levels (all sizes are template parameters, see BlockShape):
//   block   BM x BN tile of C, k in steps of BK, Stages-deep cp.async ring in
//           shared memory (one __syncthreads per k step);
//   warp    WM x WN tile of C = (WM/16) x (WN/8) mma tiles, fp32 accumulators
//           in registers;
//   mma     m16n8k16 (ptx/mma_f16.cuh), fragments loaded with ldmatrix.x4
//           (ptx/ldmatrix.cuh), .trans where the tile is stored m- or n-major.
//
// Shared-memory layouts.  Each operand tile is kept the way it lies in global
// memory, so every global load is a run of contiguous elements:
//   A, no transpose (A is m x k, m contiguous)   -> [BK rows of k][BM m]  "MN-major", ldmatrix.trans
//   A^T            (A stored k x m, k contiguous)-> [BM rows of m][BK k]  "K-major",  ldmatrix
//   B, no transpose (B is k x n, k contiguous)   -> [BN rows of n][BK k]  "K-major",  ldmatrix
//   B^T            (B stored n x k, n contiguous)-> [BK rows of k][BN n]  "MN-major", ldmatrix.trans
// A row of a tile is a whole number of 16-byte chunks; the chunk index is
// XOR-swizzled (swizzled_chunk) so that the 8 rows one ldmatrix phase reads,
// and the chunks one cp.async wave writes, fall in 8 different 16-byte bank
// groups: no bank conflicts, no padding.
//
// Edges.  Global loads are predicated per 16-byte vector (or per element on the
// narrow paths): rows/columns outside the matrix are zero-filled by cp.async's
// src-size operand (a partial vector at the end of a column reads only its
// valid bytes), so the math never branches and the k tail adds 0 * 0.  The
// epilogue writes only the m x n elements and reads C only when beta != 0.
//
// Global load width (kVec, chosen by the launcher from pointer and ld alignment):
//   8 elements = 16-byte cp.async.cg   (pointer 16-byte aligned, ld % 8 == 0)
//   2 elements =  4-byte cp.async.ca   (pointer 4-byte aligned, ld % 2 == 0)
//   1 element  =  2-byte ld.global + st.shared (anything else; synchronous,
//                 the slow but always-correct path)
#pragma once

#include <cuda_fp16.h>

#include <cstdint>
#include <type_traits>

#include "device_gemm.hpp"
#include "ptx/cp_async.cuh"
#include "ptx/ldmatrix.cuh"
#include "ptx/mma_f16.cuh"

namespace tileblas::cuda::mma_sync {

// Everything the kernel needs, by value (kernel parameter space).
struct HalfGemmParams {
  const std::uint16_t *a;  // fp16 / bf16 bits
  const std::uint16_t *b;
  void *c;                 // float or __half
  std::int64_t m, n, k;
  std::int64_t lda, ldb, ldc;
  float alpha, beta;
  std::int64_t tiles_m, tiles_n;  // ceil(m / BM), ceil(n / BN): the grid is tiles_m * tiles_n blocks
};

// Block / warp / stage sizes.
template <int BM, int BN, int BK, int WM, int WN, int Stages>
struct BlockShape {
  static constexpr int kBM = BM, kBN = BN, kBK = BK;  // block tile of C, k step
  static constexpr int kWM = WM, kWN = WN;            // warp tile of C
  static constexpr int kStages = Stages;              // cp.async ring depth
  static constexpr int kWarpsM = BM / WM, kWarpsN = BN / WN;
  static constexpr int kThreads = 32 * kWarpsM * kWarpsN;
  static constexpr int kMmaM = WM / 16;  // m16 tiles per warp
  static constexpr int kMmaN = WN / 8;   // n8 tiles per warp
  static constexpr int kKSteps = BK / 16;
  static constexpr int kStageBytesA = BM * BK * 2;
  static constexpr int kStageBytesB = BN * BK * 2;
  static constexpr int kSmemBytes = Stages * (kStageBytesA + kStageBytesB);
  static_assert(BM % WM == 0 && BN % WN == 0, "warps tile the block");
  static_assert(WM % 16 == 0 && WN % 16 == 0, "warp tile = whole m16 tiles and pairs of n8 tiles");
  static_assert(BK == 32 || BK % 64 == 0, "k-major tile rows: 4 chunks or a multiple of 8");
  static_assert(BM % 64 == 0 && BN % 64 == 0, "MN-major tile rows: a multiple of 8 chunks");
  static_assert(Stages >= 2, "at least double buffering");
};

// 16-byte chunk `c` of row `r` of a tile whose rows hold kChunks chunks ->
// its swizzled position, in chunks from the tile start.
//   kChunks >= 8 (rows of 128 B or more): c ^ (r % 8) within the row; the 8
//     rows r0..r0+7 one ldmatrix phase reads at a fixed chunk land in 8
//     different bank groups.
//   kChunks == 4 (64-byte rows, BK = 32 k-major): two rows share a 128-byte
//     line; the chunk's place in its line (0..7) is XORed with the line index
//     % 8.  Rows r0..r0+7 (r0 % 8 == 0) at chunk c take places
//     {c, c+4} ^ {0,1,2,3} (or ^ {4..7}): 8 different bank groups again.
template <int kChunks>
__host__ __device__ __forceinline__ int swizzled_chunk(int r, int c) {
  static_assert(kChunks == 4 || kChunks % 8 == 0, "rows of 64 bytes or a multiple of 128");
  if constexpr (kChunks >= 8) {
    return r * kChunks + (c ^ (r & 7));
  } else {
    const int linear = r * 4 + c;
    const int line = linear >> 3;
    return (line << 3) | ((linear & 7) ^ (line & 7));
  }
}

// Copies one kRows x kCols tile (kRows rows `ld` elements apart in global
// memory, kCols contiguous elements each) into shared memory at `tile`,
// swizzled.  `g` is the global address of the tile's element (0, 0); only rows
// < rows_left and columns < cols_left exist, the rest is zero-filled.  `safe` is
// any valid address, given to the copies that read nothing.
// Thread `tid` does copies i = 0 .. kPasses-1: kVec elements at tile row
// row_of(tid, i), column col_of(tid) (consecutive threads take consecutive
// vectors of a row, so a warp reads whole contiguous runs).
template <int kRows, int kCols, int kVec, int kThreads>
struct TileLoader {
  static constexpr int kChunks = kCols / 8;
  static constexpr int kThreadsPerRow = kCols / kVec;
  static constexpr int kRowsPerPass = kThreads / kThreadsPerRow;
  static constexpr int kPasses = kRows / kRowsPerPass;
  static_assert(kVec == 8 || kVec == 2 || kVec == 1, "16-, 4- or 2-byte global loads");
  static_assert(kThreads % kThreadsPerRow == 0 && kRowsPerPass > 0, "whole rows per pass");
  static_assert(kRows % kRowsPerPass == 0, "whole passes per tile");

  __host__ __device__ __forceinline__ static int row_of(int tid, int i) {
    return tid / kThreadsPerRow + i * kRowsPerPass;
  }
  __host__ __device__ __forceinline__ static int col_of(int tid) {
    return (tid % kThreadsPerRow) * kVec;
  }
  // Byte offset in the tile of element (r, c).
  __host__ __device__ __forceinline__ static int smem_offset(int r, int c) {
    return swizzled_chunk<kChunks>(r, c >> 3) * 16 + (c & 7) * 2;
  }
  // Bytes the copy of (r, c) reads from global memory (the rest of its kVec
  // elements is zero-filled): 0 outside the matrix, fewer at its right edge.
  __host__ __device__ __forceinline__ static int src_bytes(int r, int c, int rows_left,
                                                           int cols_left) {
    if (r >= rows_left || c >= cols_left) return 0;
    const int valid = cols_left - c;
    return (valid >= kVec ? kVec : valid) * 2;
  }

  __device__ __forceinline__ static void load(unsigned char *tile, const std::uint16_t *g,
                                              std::int64_t ld, int rows_left, int cols_left,
                                              const std::uint16_t *safe, int tid) {
    const int c = col_of(tid);
    if constexpr (kVec == 1) {
      // Narrow path: loads in batches of kBatch (independent, in flight
      // together), then their stores; batches bound the registers held next
      // to the 128 accumulators.
      constexpr int kBatch = kPasses < 8 ? kPasses : 8;
      static_assert(kPasses % kBatch == 0, "whole batches");
#pragma unroll 1
      for (int i0 = 0; i0 < kPasses; i0 += kBatch) {
        std::uint16_t v[kBatch];
#pragma unroll
        for (int i = 0; i < kBatch; ++i) {
          const int r = row_of(tid, i0 + i);
          v[i] = 0;
          if (src_bytes(r, c, rows_left, cols_left) != 0) v[i] = __ldg(g + r * ld + c);
        }
#pragma unroll
        for (int i = 0; i < kBatch; ++i)
          *reinterpret_cast<std::uint16_t *>(tile + smem_offset(row_of(tid, i0 + i), c)) = v[i];
      }
    } else {
      // 16- or 4-byte cp.async; the 4-byte path's 16 copies per operand run
      // as a loop of 8 (not unrolled) so their addresses are not all held in
      // registers across the main loop.
      constexpr int kBatch = kPasses < 8 ? kPasses : 8;
      static_assert(kPasses % kBatch == 0, "whole batches");
#pragma unroll 1
      for (int i0 = 0; i0 < kPasses; i0 += kBatch) {
#pragma unroll
        for (int i = i0; i < i0 + kBatch; ++i) {
          const int r = row_of(tid, i);
          const int bytes = src_bytes(r, c, rows_left, cols_left);
          const std::uint16_t *src = bytes != 0 ? g + r * ld + c : safe;
          if constexpr (kVec == 8)
            ptx::cp_async_16(tile + smem_offset(r, c), src, bytes);
          else
            ptx::cp_async_small<4>(tile + smem_offset(r, c), src, bytes);
        }
      }
    }
  }
};

// Which stored row and 16-byte chunk lane `lane` points at for the ldmatrix.x4
// of an A fragment (m16 tile starting at tile row/column mbase, k step ks) and
// of a pair of B fragments (n8 tiles at nbase and nbase + 8).  Lane l gives row
// l % 8 of 8x8 matrix l / 8 (ptx/ldmatrix.cuh); the matrices must come out in
// the register order of ptx/mma_f16.cuh:
//   A: (m 0-7, k 0-7), (m 8-15, k 0-7), (m 0-7, k 8-15), (m 8-15, k 8-15) = a[0..3]
//   B: (n 0-7, k 0-7), (n 0-7, k 8-15), (n 8-15, k 0-7), (n 8-15, k 8-15)
//      = b[nbase][0], b[nbase][1], b[nbase+8][0], b[nbase+8][1]
// K-major tiles ([m or n][k]) are read as stored; MN-major tiles ([k][m or n])
// with .trans, their stored rows being k.
template <bool kKMajor>
__host__ __device__ __forceinline__ void a_fragment_source(int lane, int mbase, int ks, int &row,
                                                           int &chunk) {
  if constexpr (kKMajor) {  // row m = mbase + l % 16, k chunk 2 ks + l / 16
    row = mbase + (lane & 15);
    chunk = ks * 2 + (lane >> 4);
  } else {  // row k = 16 ks + l % 8 + 8 (l / 16), m chunk mbase / 8 + (l / 8) % 2
    row = ks * 16 + (lane & 7) + ((lane >> 4) << 3);
    chunk = (mbase >> 3) + ((lane >> 3) & 1);
  }
}
template <bool kKMajor>
__host__ __device__ __forceinline__ void b_fragment_source(int lane, int nbase, int ks, int &row,
                                                           int &chunk) {
  if constexpr (kKMajor) {  // row n = nbase + l % 8 + 8 (l / 16), k chunk 2 ks + (l / 8) % 2
    row = nbase + (lane & 7) + ((lane >> 4) << 3);
    chunk = ks * 2 + ((lane >> 3) & 1);
  } else {  // row k = 16 ks + l % 8 + 8 ((l / 8) % 2), n chunk nbase / 8 + l / 16
    row = ks * 16 + (lane & 7) + (((lane >> 3) & 1) << 3);
    chunk = (nbase >> 3) + (lane >> 4);
  }
}

// Block `bid` -> tile (tile_m, tile_n), in groups of kGroupM tile rows:
// consecutive blocks walk down a column of kGroupM tiles before moving right,
// so the A panel of a group (kGroupM * BM rows) and a few B panels stay in L2
// instead of all of A being re-read for every tile column.  A bijection of
// [0, tiles_m * tiles_n) onto the tiles (the last group may be shorter).
constexpr std::int64_t kGroupM = 8;
__host__ __device__ __forceinline__ void block_tile(std::int64_t bid, std::int64_t tiles_m,
                                                    std::int64_t tiles_n, std::int64_t &tile_m,
                                                    std::int64_t &tile_n) {
  const std::int64_t group_span = kGroupM * tiles_n;
  const std::int64_t group = bid / group_span;
  const std::int64_t first_m = group * kGroupM;
  const std::int64_t rows_in_group = tiles_m - first_m < kGroupM ? tiles_m - first_m : kGroupM;
  const std::int64_t in_group = bid - group * group_span;
  tile_m = first_m + in_group % rows_in_group;
  tile_n = in_group / rows_in_group;
}

// Tile coordinates of accumulator acc[i][j][2 h + cc] of lane `lane` in warp
// (warp_m, warp_n): the mma C fragment has c[2 h + cc] at (g + 8 h, 2 t + cc).
template <class Shape>
__host__ __device__ __forceinline__ int acc_row(int warp_m, int lane, int i, int h) {
  return warp_m * Shape::kWM + i * 16 + (lane >> 2) + 8 * h;
}
template <class Shape>
__host__ __device__ __forceinline__ int acc_col(int warp_n, int lane, int j, int cc) {
  return warp_n * Shape::kWN + j * 8 + 2 * (lane & 3) + cc;
}

// What the kernel derives from its template arguments (also used by the
// host-side index checks).
template <class Shape, bool kTransA, bool kTransB, int kVec>
struct KernelTraits {
  static constexpr bool kAKMajor = kTransA;   // A^T is stored k-contiguous: tile [BM][BK]
  static constexpr bool kBKMajor = !kTransB;  // B is stored k-contiguous: tile [BN][BK]
  // Operand tiles as (rows, contiguous columns), see the file comment.
  using LoaderA = TileLoader<kAKMajor ? Shape::kBM : Shape::kBK, kAKMajor ? Shape::kBK : Shape::kBM,
                             kVec, Shape::kThreads>;
  using LoaderB = TileLoader<kBKMajor ? Shape::kBN : Shape::kBK, kBKMajor ? Shape::kBK : Shape::kBN,
                             kVec, Shape::kThreads>;
  // 16-byte chunks per stored row of each tile (the swizzle's kChunks).
  static constexpr int kChunksA = LoaderA::kChunks;
  static constexpr int kChunksB = LoaderB::kChunks;
};

template <Elem kIn>
__device__ __forceinline__ void mma_16816(float (&d)[4], const std::uint32_t (&a)[4],
                                          const std::uint32_t (&b)[2]) {
  if constexpr (kIn == Elem::BF16)
    ptx::mma_m16n8k16_f32_bf16(d, a, b);
  else
    ptx::mma_m16n8k16_f32_f16(d, a, b);
}

// The kernel.  kTransA / kTransB: op(A) = A^T / op(B) = B^T.  kIn: F16 or BF16.
// kOut: F32 or F16.  One block computes one BM x BN tile of C.
template <class Shape, bool kTransA, bool kTransB, int kVec, Elem kIn, Elem kOut>
__global__ void __launch_bounds__(Shape::kThreads)
    half_gemm_mma_sync_kernel(const HalfGemmParams p) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  static_assert(kIn == Elem::F16 || kIn == Elem::BF16, "fp16 or bf16 inputs");
  static_assert(kOut == Elem::F32 || (kOut == Elem::F16 && kIn == Elem::F16),
                "fp32 C, or fp16 C with fp16 inputs");
  constexpr int BM = Shape::kBM, BN = Shape::kBN, BK = Shape::kBK;
  constexpr int WM = Shape::kWM, WN = Shape::kWN, kStages = Shape::kStages;
  constexpr int MI = Shape::kMmaM, NI = Shape::kMmaN;
  using Traits = KernelTraits<Shape, kTransA, kTransB, kVec>;
  constexpr bool kAKMajor = Traits::kAKMajor, kBKMajor = Traits::kBKMajor;
  using LoaderA = typename Traits::LoaderA;
  using LoaderB = typename Traits::LoaderB;

  extern __shared__ __align__(128) unsigned char smem[];
  unsigned char *const smem_a = smem;
  unsigned char *const smem_b = smem + kStages * Shape::kStageBytesA;
  const std::uint32_t smem_a_addr = ptx::shared_address(smem_a);
  const std::uint32_t smem_b_addr = ptx::shared_address(smem_b);

  const int tid = threadIdx.x;
  const int lane = tid & 31;
  const int warp = tid >> 5;
  const int warp_m = warp % Shape::kWarpsM;
  const int warp_n = warp / Shape::kWarpsM;

  std::int64_t tile_m, tile_n;
  block_tile(blockIdx.x, p.tiles_m, p.tiles_n, tile_m, tile_n);
  const std::int64_t m0 = tile_m * BM, n0 = tile_n * BN;
  const int m_left = p.m - m0 < BM ? int(p.m - m0) : BM;  // >= 1
  const int n_left = p.n - n0 < BN ? int(p.n - n0) : BN;  // >= 1
  const std::int64_t k_tiles = (p.k + BK - 1) / BK;

  // Global address of the (0, 0) element of each operand's k-th tile, and how
  // far one k step moves it.
  const std::uint16_t *const a_tile0 = kAKMajor ? p.a + m0 * p.lda : p.a + m0;
  const std::int64_t a_step = kAKMajor ? BK : BK * p.lda;
  const std::uint16_t *const b_tile0 = kBKMajor ? p.b + n0 * p.ldb : p.b + n0;
  const std::int64_t b_step = kBKMajor ? BK : BK * p.ldb;

  auto load_stage = [&](int stage, std::int64_t kt) {
    const std::int64_t k0 = kt * BK;
    const int k_left = p.k - k0 < BK ? int(p.k - k0) : BK;
    unsigned char *const ta = smem_a + stage * Shape::kStageBytesA;
    unsigned char *const tb = smem_b + stage * Shape::kStageBytesB;
    if constexpr (kAKMajor)  // rows m, columns k
      LoaderA::load(ta, a_tile0 + kt * a_step, p.lda, m_left, k_left, p.a, tid);
    else  // rows k, columns m
      LoaderA::load(ta, a_tile0 + kt * a_step, p.lda, k_left, m_left, p.a, tid);
    if constexpr (kBKMajor)  // rows n, columns k
      LoaderB::load(tb, b_tile0 + kt * b_step, p.ldb, n_left, k_left, p.b, tid);
    else  // rows k, columns n
      LoaderB::load(tb, b_tile0 + kt * b_step, p.ldb, k_left, n_left, p.b, tid);
  };

  float acc[MI][NI][4];
#pragma unroll
  for (int i = 0; i < MI; ++i)
#pragma unroll
    for (int j = 0; j < NI; ++j)
#pragma unroll
      for (int r = 0; r < 4; ++r) acc[i][j][r] = 0.f;

  // Prologue: tiles 0 .. kStages-2 in flight, one commit group each (empty
  // groups past the last tile keep the wait count below uniform).
#pragma unroll
  for (int s = 0; s < kStages - 1; ++s) {
    if (s < k_tiles) load_stage(s, s);
    ptx::cp_async_commit();
  }

  int read_stage = 0, write_stage = kStages - 1;
  for (std::int64_t kt = 0; kt < k_tiles; ++kt) {
    // Groups committed so far: kStages - 1 + kt; allowing kStages - 2 pending
    // means tiles 0..kt have landed (for this thread); the barrier makes every
    // thread's copies visible and also says that all warps are done with the
    // stage computed in the previous iteration, which is refilled next.
    ptx::cp_async_wait<kStages - 2>();
    __syncthreads();
    if (kt + kStages - 1 < k_tiles) load_stage(write_stage, kt + kStages - 1);
    ptx::cp_async_commit();
    write_stage = write_stage + 1 == kStages ? 0 : write_stage + 1;

    const std::uint32_t sa = smem_a_addr + read_stage * Shape::kStageBytesA;
    const std::uint32_t sb = smem_b_addr + read_stage * Shape::kStageBytesB;
    read_stage = read_stage + 1 == kStages ? 0 : read_stage + 1;

#pragma unroll
    for (int ks = 0; ks < Shape::kKSteps; ++ks) {
      std::uint32_t af[MI][4];
      std::uint32_t bf[NI][2];
      // A fragments, one ldmatrix.x4 per m16 tile; matrices (m 0-7, k 0-7),
      // (m 8-15, k 0-7), (m 0-7, k 8-15), (m 8-15, k 8-15) = a[0..3].
#pragma unroll
      for (int i = 0; i < MI; ++i) {
        int row, chunk;
        a_fragment_source<kAKMajor>(lane, warp_m * WM + i * 16, ks, row, chunk);
        if constexpr (kAKMajor)
          ptx::ldmatrix_x4(af[i], sa + swizzled_chunk<Traits::kChunksA>(row, chunk) * 16);
        else
          ptx::ldmatrix_x4_trans(af[i], sa + swizzled_chunk<Traits::kChunksA>(row, chunk) * 16);
      }
      // B fragments, one ldmatrix.x4 per pair of n8 tiles; matrices
      // (n 0-7, k 0-7), (n 0-7, k 8-15), (n 8-15, k 0-7), (n 8-15, k 8-15)
      // = b[2j][0], b[2j][1], b[2j+1][0], b[2j+1][1].
#pragma unroll
      for (int j = 0; j < NI / 2; ++j) {
        std::uint32_t r[4];
        int row, chunk;
        b_fragment_source<kBKMajor>(lane, warp_n * WN + j * 16, ks, row, chunk);
        if constexpr (kBKMajor)
          ptx::ldmatrix_x4(r, sb + swizzled_chunk<Traits::kChunksB>(row, chunk) * 16);
        else
          ptx::ldmatrix_x4_trans(r, sb + swizzled_chunk<Traits::kChunksB>(row, chunk) * 16);
        bf[2 * j][0] = r[0];
        bf[2 * j][1] = r[1];
        bf[2 * j + 1][0] = r[2];
        bf[2 * j + 1][1] = r[3];
      }
#pragma unroll
      for (int i = 0; i < MI; ++i)
#pragma unroll
        for (int j = 0; j < NI; ++j) {
          // Serpentine over n so consecutive mma share an operand.
          const int jj = (i & 1) ? NI - 1 - j : j;
          mma_16816<kIn>(acc[i][jj], af[i], bf[jj]);
        }
    }
  }

  // Epilogue.  acc[i][j][r] is C(row, col) with (g = lane / 4, t = lane % 4)
  //   row = warp_m * WM + 16 i + g + 8 (r / 2),  col = warp_n * WN + 8 j + 2 t + r % 2.
  using OutT = typename std::conditional<kOut == Elem::F16, __half, float>::type;
  OutT *const c = static_cast<OutT *>(p.c);
  const float alpha = p.alpha, beta = p.beta;
  // kReadC == false (beta == 0): C is never read, so a NaN in C does not survive.
  auto store_tile = [&](auto read_c) {
    constexpr bool kReadC = decltype(read_c)::value;
#pragma unroll
    for (int j = 0; j < NI; ++j)
#pragma unroll
      for (int cc = 0; cc < 2; ++cc) {
        const int col = acc_col<Shape>(warp_n, lane, j, cc);
        if (col >= n_left) continue;
        OutT *const c_col = c + (n0 + col) * p.ldc + m0;
#pragma unroll
        for (int i = 0; i < MI; ++i)
#pragma unroll
          for (int h = 0; h < 2; ++h) {
            const int row = acc_row<Shape>(warp_m, lane, i, h);
            if (row >= m_left) continue;
            float v = alpha * acc[i][j][2 * h + cc];
            if constexpr (kReadC) {
              float old;
              if constexpr (kOut == Elem::F16)
                old = __half2float(c_col[row]);
              else
                old = c_col[row];
              v = fmaf(beta, old, v);
            }
            if constexpr (kOut == Elem::F16)
              c_col[row] = __float2half_rn(v);  // the one rounding to fp16
            else
              c_col[row] = v;
          }
      }
  };
  if (beta == 0.f)
    store_tile(std::false_type{});
  else
    store_tile(std::true_type{});
#endif  // __CUDA_ARCH__ >= 800
}

}  // namespace tileblas::cuda::mma_sync
