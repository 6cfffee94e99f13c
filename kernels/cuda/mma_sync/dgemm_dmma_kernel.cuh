// dgemm_dmma_kernel.cuh -- fp64 GEMM on the FP64 tensor cores (mma.sync .f64,
// SASS DMMA), sm_80+, column-major C = alpha * op(A) * op(B) + beta * C.
//
// Levels:
//   block  128 x 128, k-tiles of 16, 4-stage cp.async pipeline (128 KB shared);
//   warp   64 x 32 (8 warps as 2 x 4): 4 row blocks of 16 x 4 column fragments of 8;
//   atom   16 x 8 x 8: one mma.m16n8k8 on sm_90, four mma.m8n8k4 on sm_80
//          (same registers, see ptx/mma_f64.cuh); two atoms deep per k-tile.
//
// Atom coordinates -> tile coordinates (g = lane / 4, t = lane % 4; k-step s = 0, 1):
//   A row g + 8*v0 of row block i      -> tile row    16i + 2g + v0
//   B col g of fragment j = 2J + jj    -> tile column 16J + 2g + jj
//   k t + 4v (v = 0, 1)                -> tile k      8s + 2t + v
// Shared tiles: A k-major [16][128] (As[k][m]), B n-major [128][16] (Bs[n][k]),
// whatever the transposes, so that one LDS.128 gives a thread
//   A: rows 2g, 2g + 1 at one k   = a[2v], a[2v + 1] of the m16n8k8 fragment,
//   B: k 2t, 2t + 1 of one column = b[0], b[1],
// i.e. register pairs already in the order the instruction's tuples want (no
// moves).  Operands stored the other way round in global memory (A^T: k
// contiguous; B^T: n contiguous) are transposed by 8-byte cp.async; the others
// travel in 16-byte chunks (8-byte when not 16-byte aligned).
//
// Bank conflicts: tiles are XOR-swizzled in 16-byte units instead of padded.
//   A: unit u of row k lives at u ^ fA(k), fA(k) = 2 * ((k / 2) % 4) ^ 4 * (k % 2).
//      Fragment reads: a quarter-warp reads rows 2t + v, units 8i + g:
//      g ^ 2t ^ 4v, 8 distinct.  Transposing writes: a half-warp writes rows
//      k, k + 1 (k even) x 8 consecutive m: fA differs by 4 between the rows,
//      so 16 distinct 8-byte slots.  Chunk writes: 8 consecutive units of one row.
//   B: unit u of row n lives at u ^ hB(n), hB = bits (0, 2, 1) of n -> (0, 1, 2).
//      Fragment reads: a quarter-warp reads rows 2g + jj, units 4s + t:
//      (4s + t) ^ jj ^ 4g, 8 distinct.  Transposing writes: a half-warp writes
//      8 consecutive n x one unit: hB is a bit permutation of n % 8, 8 distinct.
#pragma once

#include <cstdint>
#include <type_traits>

#include "ptx/cp_async.cuh"
#include "ptx/mma_f64.cuh"

namespace tileblas::cuda::dmma {

struct DmmaArgs {
  int m, n, k;
  double alpha, beta;
  const double *a;
  long long lda;
  const double *b;
  long long ldb;
  double *c;
  long long ldc;
  int tiles_m, tiles_n;  // grid = tiles_m * tiles_n blocks, in grouped order
  int c_vec;             // C 16-byte aligned and ldc even: row pairs of C as one 16-byte access
};

struct DmmaConfig {
  static constexpr int kBM = 128, kBN = 128, kBK = 16, kStages = 4;
  static constexpr int kWarpsM = 2, kWarpsN = 4;
  static constexpr int kWM = kBM / kWarpsM, kWN = kBN / kWarpsN;  // 64 x 32
  static constexpr int kThreads = 32 * kWarpsM * kWarpsN;
  static constexpr int kRowBlocks = kWM / 16;  // atoms along m per warp
  static constexpr int kFrags = kWN / 8;       // atoms along n per warp
  static constexpr int kTileElems = kBM * kBK;  // A tile; the B tile is as large
  static constexpr int kStageElems = 2 * kTileElems;
  static constexpr int kSmemBytes = kStages * kStageElems * 8;
  static constexpr int kGroupM = 8;  // grouped block order for L2 reuse
  // The swizzles, loaders and fragment offsets below are written for this shape.
  static_assert(kBM == 128 && kBN == 128 && kBK == 16 && kThreads == 256, "dgemm_dmma tile shape");
  static_assert(kWM % 16 == 0 && kWN % 16 == 0, "warp tile made of 16 x 16 blocks");
};

// Element (k, m) of the A tile [16][128].
__device__ __forceinline__ int a_offset(int k, int m) {
  const int f = (((k >> 1) & 3) << 1) ^ ((k & 1) << 2);
  return k * 128 + (((m >> 1) ^ f) << 1) + (m & 1);
}
// Element (n, k) of the B tile [128][16].
__device__ __forceinline__ int b_offset(int n, int k) {
  const int h = (n & 1) | (((n >> 2) & 1) << 1) | (((n >> 1) & 1) << 2);
  return n * 16 + (((k >> 1) ^ h) << 1) + (k & 1);
}

template <int Vec>
__device__ __forceinline__ void copy_async(double *dst, const double *src, int src_bytes) {
  if constexpr (Vec == 2)
    ptx::cp_async_16(dst, src, src_bytes);
  else
    ptx::cp_async_small<8>(dst, src, src_bytes);
}

__device__ __forceinline__ void grouped_tile(int tiles_m, int tiles_n, int group, int &tm, int &tn) {
  const int pid = int(blockIdx.x);
  const int per_group = group * tiles_n;
  const int first = (pid / per_group) * group;
  const int rows = min(tiles_m - first, group);
  const int local = pid - (pid / per_group) * per_group;
  tm = first + local % rows;
  tn = local / rows;
}

// Every loader: init() once, then load<Check>() for k-tiles 0, 1, 2, ... in
// order (it steps its pointers).  Check: the tile runs past k.  Copies outside
// the matrix read 0 bytes from src (the matrix base, a valid address) and
// zero-fill, so the math needs no edge branches.

// A not transposed: element (m, k) at a[m + k * lda], m contiguous -> 16- or
// 8-byte chunks along m.  Warp w copies k-rows w and w + 8, its lanes 32
// consecutive chunks of them (512 or 256 contiguous bytes).  The swizzle of
// row w + 8 equals that of row w and the chunk groups q are 8 units apart, so
// one offset serves every copy (registers are the DMMA kernel's scarce resource).
template <int Vec>
struct LoadAChunks {
  static constexpr int kGroups = 128 / Vec / 32;
  const double *ptr;  // element (m0 + x, kr) of the next tile (read only when inside)
  int soff;           // a_offset(kr, x)
  int kr, rem;        // rem = m - (m0 + x)

  __device__ __forceinline__ void init(const double *a, long long lda, int m, int m0, int tid) {
    const int x = (tid & 31) * Vec;
    kr = tid >> 5;
    soff = a_offset(kr, x);
    rem = m - (m0 + x);
    ptr = a + (m0 + x) + kr * lda;
  }
  template <bool Check>
  __device__ __forceinline__ void load(double *tile, const double *a, long long lda, int k0, int k) {
    const double *g = ptr;
#pragma unroll
    for (int p = 0; p < 2; ++p) {
      const bool k_in = !Check || k0 + kr + 8 * p < k;
#pragma unroll
      for (int q = 0; q < kGroups; ++q) {
        const int valid = min(max(rem - q * 32 * Vec, 0), Vec);
        const bool in = k_in && valid > 0;
        copy_async<Vec>(tile + soff + 8 * p * 128 + q * 32 * Vec, in ? g + q * 32 * Vec : a,
                        in ? valid * 8 : 0);
      }
      g += 8 * lda;
    }
    ptr += 16 * lda;
  }
};

// A transposed: element (m, k) at a[k + m * lda], k contiguous -> 8-byte copies
// transposed into the k-major tile.  Lane (x = lane % 8, kl = lane / 8) of warp w
// copies m = x + 16w + 8c (c = 0, 1) at k = kl + 4j (j < 4): per column 4 lanes
// read one 32-byte sector; each half-warp writes rows (k, k + 1), k even.
// fA(kl + 4j) = fA(kl) ^ 4 (j & 1), i.e. the element offset within the row ^ 8.
struct LoadATrans {
  const double *col[2];  // element (m0 + x + 16w + 8c, kl) of the next tile (read only when inside)
  int soff[2];           // a_offset(kl, x + 16w + 8c)
  int kl;
  unsigned valid;        // bit c: column inside the matrix

  __device__ __forceinline__ void init(const double *a, long long lda, int m, int m0, int tid) {
    const int lane = tid & 31;
    kl = lane >> 3;
    const int moff = (lane & 7) + 16 * (tid >> 5);
    valid = 0;
#pragma unroll
    for (int c = 0; c < 2; ++c) {
      col[c] = a + kl + (m0 + moff + 8 * c) * lda;
      soff[c] = a_offset(kl, moff + 8 * c);
      valid |= unsigned(m0 + moff + 8 * c < m) << c;
    }
  }
  template <bool Check>
  __device__ __forceinline__ void load(double *tile, const double *a, long long, int k0, int k) {
#pragma unroll
    for (int c = 0; c < 2; ++c) {
#pragma unroll
      for (int j = 0; j < 4; ++j) {
        const bool in = ((valid >> c) & 1u) && (!Check || k0 + kl + 4 * j < k);
        copy_async<1>(tile + (soff[c] ^ (8 * (j & 1))) + 4 * j * 128, in ? col[c] + 4 * j : a, in ? 8 : 0);
      }
      col[c] += 16;
    }
  }
};

// B not transposed: element (k, n) at b[k + n * ldb], k contiguous -> 16- or
// 8-byte chunks along k; 16 / Vec lanes copy one 128-byte row of the n-major
// tile.  Rows of a thread are kRows apart (a multiple of 8: same swizzle).
template <int Vec>
struct LoadBChunks {
  static constexpr int kLanesPerRow = 16 / Vec;
  static constexpr int kRows = 256 / kLanesPerRow;  // rows per pass
  static constexpr int kPasses = 128 / kRows;
  const double *ptr;  // element (kc, n0 + xr) of the next tile (read only when inside)
  int soff;           // b_offset(xr, kc)
  int kc, rem;        // rem = n - (n0 + xr)

  __device__ __forceinline__ void init(const double *b, long long ldb, int n, int n0, int tid) {
    kc = (tid % kLanesPerRow) * Vec;
    const int xr = tid / kLanesPerRow;
    soff = b_offset(xr, kc);
    rem = n - (n0 + xr);
    ptr = b + kc + (n0 + xr) * ldb;
  }
  template <bool Check>
  __device__ __forceinline__ void load(double *tile, const double *b, long long ldb, int k0, int k) {
    const int valid = Check ? min(max(k - (k0 + kc), 0), Vec) : Vec;
    const double *g = ptr;
#pragma unroll
    for (int p = 0; p < kPasses; ++p) {
      const bool in = p * kRows < rem && valid > 0;
      copy_async<Vec>(tile + soff + p * kRows * 16, in ? g : b, in ? valid * 8 : 0);
      g += kRows * ldb;
    }
    ptr += 16;
  }
};

// B transposed: element (k, n) at b[n + k * ldb], n contiguous -> 8-byte copies
// transposed into the n-major tile.  Warp w copies k = 2w + kk (kk = lane / 8 % 2)
// at n = x + 16j (x = lane % 8 + 8 * (lane / 16), j < 8): 128 contiguous bytes
// per k-row and instruction; each half-warp writes 8 consecutive n x one unit.
struct LoadBTrans {
  const double *ptr;  // element (kr, n0 + x) of the next tile (read only when inside)
  int soff;           // b_offset(x, kr)
  int kr, rem;        // rem = n - (n0 + x)

  __device__ __forceinline__ void init(const double *b, long long ldb, int n, int n0, int tid) {
    const int lane = tid & 31;
    kr = 2 * (tid >> 5) + ((lane >> 3) & 1);
    const int x = (lane & 7) + 8 * (lane >> 4);
    soff = b_offset(x, kr);
    rem = n - (n0 + x);
    ptr = b + (n0 + x) + kr * ldb;
  }
  template <bool Check>
  __device__ __forceinline__ void load(double *tile, const double *b, long long ldb, int k0, int k) {
    const bool k_in = !Check || k0 + kr < k;
#pragma unroll
    for (int j = 0; j < 8; ++j) {
      const bool in = k_in && 16 * j < rem;
      copy_async<1>(tile + soff + 16 * j * 16, in ? ptr + 16 * j : b, in ? 8 : 0);
    }
    ptr += 16 * ldb;
  }
};

// acc (16 x 8) += A (16 x 8: af[v0][v] = row g + 8 v0, k t + 4v) * B (8 x 8: bf[v] = k t + 4v, col g).
template <bool Sm90Shape>
__device__ __forceinline__ void atom_mma(double (&acc)[4], const double (&af)[2][2], const double (&bf)[2]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  constexpr bool kM16n8k8 = Sm90Shape;
#else
  constexpr bool kM16n8k8 = false;
#endif
  if constexpr (kM16n8k8) {
    const double a[4] = {af[0][0], af[1][0], af[0][1], af[1][1]};
    ptx::mma_m16n8k8_f64(acc, a, bf);
  } else {
#pragma unroll
    for (int v = 0; v < 2; ++v) {
      ptx::mma_m8n8k4_f64(acc[0], acc[1], af[0][v], bf[v]);
      ptx::mma_m8n8k4_f64(acc[2], acc[3], af[1][v], bf[v]);
    }
  }
}

__device__ __forceinline__ void lds2(double &x, double &y, const double *s) {
  const double2 v = *reinterpret_cast<const double2 *>(s);
  x = v.x, y = v.y;
}

// C rows (row, row + 1) of one column: alpha * acc (+ beta * C); pair access when allowed.
__device__ __forceinline__ void store_pair(double *c, double v0, double v1, double beta, bool vec,
                                           int rows_left) {
  if (vec && rows_left >= 2) {
    double2 o = make_double2(v0, v1);
    if (beta != 0.0) {
      const double2 old = *reinterpret_cast<const double2 *>(c);
      o.x = __fma_rn(beta, old.x, o.x), o.y = __fma_rn(beta, old.y, o.y);
    }
    *reinterpret_cast<double2 *>(c) = o;
  } else {
    if (rows_left >= 1) c[0] = beta != 0.0 ? __fma_rn(beta, c[0], v0) : v0;
    if (rows_left >= 2) c[1] = beta != 0.0 ? __fma_rn(beta, c[1], v1) : v1;
  }
}

// Vec: 2 = 16-byte chunks for the operands loaded in chunks (A and B when not
// transposed: 16-byte aligned with even leading dimensions), 1 = 8-byte.
// Sm90Shape: m16n8k8 where compiled for sm_90 (else always m8n8k4).
template <bool TransA, bool TransB, int Vec, bool Sm90Shape>
__global__ void __launch_bounds__(DmmaConfig::kThreads, 1) dgemm_dmma_kernel(const DmmaArgs p) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  using Cfg = DmmaConfig;
  constexpr int BM = Cfg::kBM, BN = Cfg::kBN, BK = Cfg::kBK, Stages = Cfg::kStages;
  constexpr int RB = Cfg::kRowBlocks, NF = Cfg::kFrags;
  using LoadA = std::conditional_t<TransA, LoadATrans, LoadAChunks<Vec>>;
  using LoadB = std::conditional_t<TransB, LoadBTrans, LoadBChunks<Vec>>;

  extern __shared__ __align__(128) unsigned char smem_raw[];
  double *const smem = reinterpret_cast<double *>(smem_raw);

  int tm, tn;
  grouped_tile(p.tiles_m, p.tiles_n, Cfg::kGroupM, tm, tn);
  const int m0 = tm * BM, n0 = tn * BN;
  const int tid = int(threadIdx.x);

  LoadA load_a;
  LoadB load_b;
  load_a.init(p.a, p.lda, p.m, m0, tid);
  load_b.init(p.b, p.ldb, p.n, n0, tid);

  const int k_tiles = (p.k + BK - 1) / BK;
  const int last_partial = p.k % BK != 0 ? k_tiles - 1 : -1;
  auto issue = [&](int kt, int stage) {  // in order kt = 0, 1, ...: the loaders step
    double *as = smem + stage * Cfg::kStageElems;
    double *bs = as + Cfg::kTileElems;
    if (kt == last_partial) {
      load_a.template load<true>(as, p.a, p.lda, kt * BK, p.k);
      load_b.template load<true>(bs, p.b, p.ldb, kt * BK, p.k);
    } else {
      load_a.template load<false>(as, p.a, p.lda, kt * BK, p.k);
      load_b.template load<false>(bs, p.b, p.ldb, kt * BK, p.k);
    }
  };

#pragma unroll
  for (int s = 0; s < Stages - 1; ++s) {
    if (s < k_tiles) issue(s, s);
    ptx::cp_async_commit();  // empty groups keep the wait count uniform
  }

  const int lane = tid & 31, warp = tid >> 5;
  const int g = lane >> 2, t = lane & 3;
  const int wm = (warp % Cfg::kWarpsM) * Cfg::kWM, wn = (warp / Cfg::kWarpsM) * Cfg::kWN;
  // Fragment offsets.  A: element (k = 8s + 2t + v, m = wm + 16i + 2g + v0) is at
  // a_off[v] + 8s * 128 + 16i + v0, since fA(k) = 2t ^ 4v and (wm + 16i) / 2 is
  // a multiple of 8.  B: element (n = wn + 16J + 2g + jj, k = 8s + 2t + v) is at
  // b_off[jj][s] + 256J + v, since n % 8 = 2g + jj.
  int a_off[2], b_off[2][2];
#pragma unroll
  for (int v = 0; v < 2; ++v) a_off[v] = a_offset(2 * t + v, wm + 2 * g);
#pragma unroll
  for (int jj = 0; jj < 2; ++jj)
#pragma unroll
    for (int s = 0; s < 2; ++s) b_off[jj][s] = b_offset(wn + 2 * g + jj, 8 * s + 2 * t);

  double acc[RB][NF][4];
#pragma unroll
  for (int i = 0; i < RB; ++i)
#pragma unroll
    for (int j = 0; j < NF; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e) acc[i][j][e] = 0.0;

  int read_stage = 0, write_stage = Stages - 1;
  for (int kt = 0; kt < k_tiles; ++kt) {
    // Tile kt has landed (at most Stages - 2 newer groups pending); the barrier
    // also means every warp is done with the stage the next load overwrites.
    ptx::cp_async_wait<Stages - 2>();
    __syncthreads();
    if (kt + Stages - 1 < k_tiles) issue(kt + Stages - 1, write_stage);
    ptx::cp_async_commit();

    const double *as = smem + read_stage * Cfg::kStageElems;
    const double *bs = as + Cfg::kTileElems;
#pragma unroll
    for (int s = 0; s < 2; ++s) {
      double bf[NF][2];
#pragma unroll
      for (int j = 0; j < NF; ++j) lds2(bf[j][0], bf[j][1], bs + b_off[j % 2][s] + 256 * (j / 2));
#pragma unroll
      for (int i = 0; i < RB; ++i) {
        double af[2][2];
#pragma unroll
        for (int v = 0; v < 2; ++v) lds2(af[0][v], af[1][v], as + a_off[v] + 8 * s * BM + 16 * i);
#pragma unroll
        for (int j = 0; j < NF; ++j) atom_mma<Sm90Shape>(acc[i][j], af, bf[j]);
      }
    }
    read_stage = read_stage + 1 == Stages ? 0 : read_stage + 1;
    write_stage = write_stage + 1 == Stages ? 0 : write_stage + 1;
  }

  // acc[i][j][e]: row m0 + wm + 16i + 2g + (e >> 1),
  //               column n0 + wn + 16 * (j / 2) + 4t + 2 * (e & 1) + (j & 1).
  const double alpha = p.alpha, beta = p.beta;
  const bool vec = p.c_vec != 0;
#pragma unroll
  for (int j = 0; j < NF; ++j) {
#pragma unroll
    for (int e = 0; e < 2; ++e) {
      const int col = n0 + wn + 16 * (j / 2) + 4 * t + 2 * e + (j & 1);
      if (col >= p.n) continue;
      double *ccol = p.c + (long long)col * p.ldc;
#pragma unroll
      for (int i = 0; i < RB; ++i) {
        const int row = m0 + wm + 16 * i + 2 * g;
        if (row >= p.m) continue;
        store_pair(ccol + row, alpha * acc[i][j][e], alpha * acc[i][j][e + 2], beta, vec, p.m - row);
      }
    }
  }
#else
  __trap();  // never launched: the launcher requires sm_80
#endif
}

}  // namespace tileblas::cuda::dmma
