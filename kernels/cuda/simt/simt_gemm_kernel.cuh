// simt_gemm_kernel.cuh -- tiled SIMT GEMM (FFMA / DFMA), column-major
// C = alpha * op(A) * op(B) + beta * C, for fp32 and fp64.
//
// Levels (all template parameters, see SimtConfig):
//   block  BM x BN, k-tiles of BK, a Stages-deep cp.async pipeline in shared memory;
//   warp   WM x WN;
//   thread TM x TN, as runs of kRun = 16 / sizeof(T) consecutive rows / columns, so
//          each run is one LDS.128 and a warp's loads of one k are conflict-free.
//
// Shared memory holds both operands k-major (As[k][m], Bs[k][n]), which is what
// the FMA loop wants: for one k a thread needs TM consecutive-in-runs m values.
// How a tile gets there depends on which index is contiguous in global memory:
//   - m (A not transposed) or n (B transposed): 16-byte cp.async chunks straight
//     into a row of the tile (Vec elements per chunk; Vec = 1 when the matrix or
//     its leading dimension is not 16-byte aligned);
//   - k (A transposed, B not transposed): element-sized cp.async copies that
//     transpose on the way (as CUTLASS's SIMT multistage does).  A warp copies
//     4 consecutive k of 8 columns; the row pitch is padded by 32 bytes so those
//     scattered stores hit distinct banks.  Extra cost: 8 copies per thread per
//     k-tile instead of 2, against 1024 FFMA.
// Edges: copies outside the matrix zero-fill (src_bytes = 0, address clamped to
// the matrix base), so the math needs no branches; only the epilogue checks.
#pragma once

#include <cstdint>
#include <type_traits>

#include "ptx/cp_async.cuh"

namespace tileblas::cuda::simt {

template <class T>
struct SimtArgs {
  int m, n, k;
  T alpha, beta;
  const T *a;
  long long lda;
  const T *b;
  long long ldb;
  T *c;
  long long ldc;
  int tiles_m, tiles_n;  // grid = tiles_m * tiles_n blocks, in grouped order
  int c_vec;             // C 16-byte aligned and ldc % kRun == 0: whole runs of C as one vector
};

template <class T, int BM, int BN, int BK, int WM, int WN, int TM, int TN, int Stages, int MinBlocks>
struct SimtConfig {
  using Elem = T;
  static constexpr int kBM = BM, kBN = BN, kBK = BK, kWM = WM, kWN = WN, kTM = TM, kTN = TN;
  static constexpr int kStages = Stages, kMinBlocks = MinBlocks;
  static constexpr int kRun = 16 / int(sizeof(T));  // elements per LDS.128
  static constexpr int kWarpsM = BM / WM, kWarpsN = BN / WN;
  static constexpr int kThreads = 32 * kWarpsM * kWarpsN;
  static constexpr int kLanesM = WM / TM, kLanesN = WN / TN;  // a warp's threads, m-fastest
  static constexpr int kRunsM = TM / kRun, kRunsN = TN / kRun;
  // Row pitch of the k-major tiles, padded by kPad = 32 bytes: the transposing
  // loader's warp (fp64: half-warp, one wavefront of 8-byte accesses) writes
  // 4 k-rows x kPad columns, which with pitch = kPad (mod 32 floats or 16
  // doubles of banks) land on kPad * k + column = all distinct banks.
  static constexpr int kPad = 32 / int(sizeof(T));
  static constexpr int kLdA = BM + kPad, kLdB = BN + kPad;
  static constexpr int kStageElems = BK * (kLdA + kLdB);
  static constexpr int kSmemBytes = Stages * kStageElems * int(sizeof(T));
  static constexpr int kGroupM = 8;  // grouped block order: 8 block rows share B panels in L2

  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "fp32 or fp64");
  static_assert(kLanesM * kLanesN == 32, "a warp is 32 threads");
  static_assert(TM % kRun == 0 && TN % kRun == 0, "thread tile made of whole runs");
  static_assert(BM % WM == 0 && BN % WN == 0, "block tile made of warp tiles");
  static_assert((kLdA * sizeof(T)) % 16 == 0 && (kLdB * sizeof(T)) % 16 == 0, "LDS.128 rows");
  static_assert(kLdA % (128 / sizeof(T)) == kPad && kLdB % (128 / sizeof(T)) == kPad, "bank spread");
  static_assert(Stages >= 2, "pipeline");
};

// cp.async of Bytes (16: .cg, 4/8: .ca); bytes past src_bytes are zero-filled.
template <int Bytes>
__device__ __forceinline__ void copy_async(void *dst, const void *src, int src_bytes) {
  if constexpr (Bytes == 16)
    ptx::cp_async_16(dst, src, src_bytes);
  else
    ptx::cp_async_small<Bytes>(dst, src, src_bytes);
}

// Block (tm, tn) of blockIdx.x in grouped order: Group block rows at a time,
// column by column, so blocks running together share A rows and B columns in L2.
__device__ __forceinline__ void grouped_tile(int tiles_m, int tiles_n, int group, int &tm, int &tn) {
  const int pid = int(blockIdx.x);
  const int per_group = group * tiles_n;
  const int first = (pid / per_group) * group;
  const int rows = min(tiles_m - first, group);
  const int local = pid - (pid / per_group) * per_group;
  tm = first + local % rows;
  tn = local / rows;
}

// Operand whose mn index is contiguous in memory (A, or B transposed): element
// (x, kk) at src[x + kk * ld].  Chunks of Vec elements along mn.  The loaders
// keep only what varies per thread; src and ld come from the kernel parameters
// (constant bank) at each call, which saves registers under the 128 cap.
template <class T, int BMN, int BK, int LD, int Threads, int Vec>
struct MnContigLoader {
  static constexpr int kChunks = BMN / Vec;     // chunks per k-row
  static constexpr int kGroups = kChunks / 32;  // a warp copies 32 consecutive chunks
  static constexpr int kWarps = Threads / 32;   // warp w copies k-rows w, w + kWarps, ...
  static constexpr int kPasses = BK / kWarps;
  static_assert(kChunks % 32 == 0 && BK % kWarps == 0, "loader shape");

  const T *ptr;  // element (mn0 + lane * Vec, kr) of the next k-tile (only read when inside)
  int soff;      // kr * LD + lane * Vec: this thread's place in the tile
  int kr;        // warp index = first k-row
  int rem;       // mn - (mn0 + lane * Vec): matrix elements from this thread's first chunk on

  __device__ __forceinline__ void init(const T *src, long long ld, int mn, int mn0, int tid) {
    const int x = (tid & 31) * Vec;
    kr = tid >> 5;
    soff = kr * LD + x;
    rem = mn - (mn0 + x);
    ptr = src + (mn0 + x) + kr * ld;
  }

  // Issues the copies of the next k-tile (k0 = its first k).  Check: the tile
  // runs past k (the last, partial one).  Copies outside the matrix read 0
  // bytes from src (a valid address) and zero-fill.
  template <bool Check>
  __device__ __forceinline__ void load(T *tile, const T *src, long long ld, int k0, int k) {
    const T *g = ptr;  // stepped, not p * kWarps * ld: hoisted products would cost registers
#pragma unroll
    for (int p = 0; p < kPasses; ++p) {
      const bool k_in = !Check || k0 + kr + p * kWarps < k;
#pragma unroll
      for (int q = 0; q < kGroups; ++q) {
        const int valid = min(max(rem - q * 32 * Vec, 0), Vec);
        const bool in = k_in && valid > 0;
        copy_async<Vec * int(sizeof(T))>(tile + soff + p * kWarps * LD + q * 32 * Vec,
                                         in ? g + q * 32 * Vec : src, in ? valid * int(sizeof(T)) : 0);
      }
      g += kWarps * ld;
    }
    ptr += BK * ld;
  }
};

// Operand whose k index is contiguous in memory (A transposed, B): element
// (x, kk) at src[kk + x * ld].  Element-sized copies, transposed into the
// k-major tile.  A warp copies 4 consecutive k of 8 columns; a thread covers
// k = kk + 4p (p < BK / 4) of BMN / kRows columns, so it keeps only 2 column
// pointers for the 128-wide fp32 tile (register budget: 128).  .ca copies
// keep the sectors in L1 for the next p.
template <class T, int BMN, int BK, int LD, int Threads>
struct KContigLoader {
  static constexpr int kKLanes = 4;
  static constexpr int kRows = Threads / kKLanes;  // mn columns per pass
  static constexpr int kMnPasses = BMN / kRows;
  static constexpr int kKPasses = BK / kKLanes;
  static_assert(BMN % kRows == 0 && BK % kKLanes == 0, "loader shape");
  static_assert(kMnPasses <= 32, "validity mask");

  const T *col[kMnPasses];  // element (mn0 + xr + q * kRows, kk) of the next k-tile; column 0 if outside
  unsigned valid;           // bit q: that column is inside the matrix
  int soff;                 // kk * LD + xr
  int kk;

  __device__ __forceinline__ void init(const T *src, long long ld, int mn, int mn0, int tid) {
    kk = tid % kKLanes;
    const int xr = tid / kKLanes;
    soff = kk * LD + xr;
    valid = 0;
#pragma unroll
    for (int q = 0; q < kMnPasses; ++q) {
      const int x = mn0 + xr + q * kRows;
      const bool ok = x < mn;
      col[q] = src + (ok ? x * ld : 0) + kk;
      valid |= unsigned(ok) << q;
    }
  }

  template <bool Check>
  __device__ __forceinline__ void load(T *tile, const T *src, long long, int k0, int k) {
#pragma unroll
    for (int q = 0; q < kMnPasses; ++q) {
#pragma unroll
      for (int p = 0; p < kKPasses; ++p) {
        const bool in = (!Check || k0 + kk + p * kKLanes < k) && ((valid >> q) & 1u);
        copy_async<int(sizeof(T))>(tile + soff + p * kKLanes * LD + q * kRows,
                                   Check && !in ? src : col[q] + p * kKLanes, in ? int(sizeof(T)) : 0);
      }
      col[q] += BK;
    }
  }
};

// kRun consecutive elements from shared memory as one 16-byte load.
__device__ __forceinline__ void load_run(float *r, const float *s) {
  const float4 v = *reinterpret_cast<const float4 *>(s);
  r[0] = v.x, r[1] = v.y, r[2] = v.z, r[3] = v.w;
}
__device__ __forceinline__ void load_run(double *r, const double *s) {
  const double2 v = *reinterpret_cast<const double2 *>(s);
  r[0] = v.x, r[1] = v.y;
}

__device__ __forceinline__ float fma_rn(float a, float b, float c) { return __fmaf_rn(a, b, c); }
__device__ __forceinline__ double fma_rn(double a, double b, double c) { return __fma_rn(a, b, c); }

// One run of C (kRun consecutive rows of one column): r = alpha * acc (+ beta * C).
// Vector access only when the caller checked alignment and that the run is inside.
template <class T, int Run>
__device__ __forceinline__ void store_run(T *c, const T (&v)[Run], T beta, bool vec, int rows_left) {
  if (vec && rows_left >= Run) {
    if constexpr (Run == 4) {
      float4 o = make_float4(v[0], v[1], v[2], v[3]);
      if (beta != T(0)) {
        const float4 old = *reinterpret_cast<const float4 *>(c);
        o.x = fma_rn(beta, old.x, o.x), o.y = fma_rn(beta, old.y, o.y);
        o.z = fma_rn(beta, old.z, o.z), o.w = fma_rn(beta, old.w, o.w);
      }
      *reinterpret_cast<float4 *>(c) = o;
    } else {
      double2 o = make_double2(v[0], v[1]);
      if (beta != T(0)) {
        const double2 old = *reinterpret_cast<const double2 *>(c);
        o.x = fma_rn(beta, old.x, o.x), o.y = fma_rn(beta, old.y, o.y);
      }
      *reinterpret_cast<double2 *>(c) = o;
    }
  } else {
#pragma unroll
    for (int e = 0; e < Run; ++e)
      if (e < rows_left) c[e] = beta != T(0) ? fma_rn(beta, c[e], v[e]) : v[e];
  }
}

template <class Cfg, bool TransA, bool TransB, int Vec>
__global__ void __launch_bounds__(Cfg::kThreads, Cfg::kMinBlocks)
    simt_gemm_kernel(const SimtArgs<typename Cfg::Elem> p) {
  using T = typename Cfg::Elem;
  constexpr int BM = Cfg::kBM, BN = Cfg::kBN, BK = Cfg::kBK, Stages = Cfg::kStages;
  constexpr int TM = Cfg::kTM, TN = Cfg::kTN, Run = Cfg::kRun;
  constexpr int LdA = Cfg::kLdA, LdB = Cfg::kLdB, Threads = Cfg::kThreads;
  using LoadA = std::conditional_t<TransA, KContigLoader<T, BM, BK, LdA, Threads>,
                                   MnContigLoader<T, BM, BK, LdA, Threads, Vec>>;
  using LoadB = std::conditional_t<TransB, MnContigLoader<T, BN, BK, LdB, Threads, Vec>,
                                   KContigLoader<T, BN, BK, LdB, Threads>>;

  extern __shared__ __align__(16) unsigned char smem_raw[];
  T *const smem = reinterpret_cast<T *>(smem_raw);

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
  // Loads must be issued for kt = 0, 1, 2, ... in order (the loaders step their pointers).
  auto issue = [&](int kt, int stage) {
    T *as = smem + stage * Cfg::kStageElems;
    T *bs = as + BK * LdA;
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
  const int wm = (warp % Cfg::kWarpsM) * Cfg::kWM, wn = (warp / Cfg::kWarpsM) * Cfg::kWN;
  const int mt = lane % Cfg::kLanesM, nt = lane / Cfg::kLanesM;
  const int a_off = wm + mt * Run, b_off = wn + nt * Run;

  T acc[TM][TN];
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j) acc[i][j] = T(0);

  int read_stage = 0, write_stage = Stages - 1;
  for (int kt = 0; kt < k_tiles; ++kt) {
    // Tile kt has landed (at most Stages - 2 newer groups pending); the barrier
    // also means every warp is done with the stage the next load overwrites.
    ptx::cp_async_wait<Stages - 2>();
    __syncthreads();
    if (kt + Stages - 1 < k_tiles) issue(kt + Stages - 1, write_stage);
    ptx::cp_async_commit();

    const T *as = smem + read_stage * Cfg::kStageElems + a_off;
    const T *bs = smem + read_stage * Cfg::kStageElems + BK * LdA + b_off;
#pragma unroll
    for (int kk = 0; kk < BK; ++kk) {
      T a[TM], b[TN];
#pragma unroll
      for (int r = 0; r < Cfg::kRunsM; ++r)
        load_run(&a[r * Run], as + kk * LdA + r * Cfg::kLanesM * Run);
#pragma unroll
      for (int s = 0; s < Cfg::kRunsN; ++s)
        load_run(&b[s * Run], bs + kk * LdB + s * Cfg::kLanesN * Run);
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = fma_rn(a[i], b[j], acc[i][j]);
    }
    read_stage = read_stage + 1 == Stages ? 0 : read_stage + 1;
    write_stage = write_stage + 1 == Stages ? 0 : write_stage + 1;
  }

  // Epilogue: thread element (i, j) is row m0 + a_off + (i / Run) * kLanesM * Run + i % Run,
  // column n0 + b_off + (j / Run) * kLanesN * Run + j % Run.
  const T alpha = p.alpha, beta = p.beta;
  const bool vec = p.c_vec != 0;
#pragma unroll
  for (int s = 0; s < Cfg::kRunsN; ++s) {
#pragma unroll
    for (int f = 0; f < Run; ++f) {
      const int col = n0 + b_off + s * Cfg::kLanesN * Run + f;
      if (col >= p.n) continue;
      T *ccol = p.c + (long long)col * p.ldc;
#pragma unroll
      for (int r = 0; r < Cfg::kRunsM; ++r) {
        const int row = m0 + a_off + r * Cfg::kLanesM * Run;
        if (row >= p.m) continue;
        T v[Run];
#pragma unroll
        for (int e = 0; e < Run; ++e) v[e] = alpha * acc[r * Run + e][s * Run + f];
        store_run<T, Run>(ccol + row, v, beta, vec, p.m - row);
      }
    }
  }
}

}  // namespace tileblas::cuda::simt
