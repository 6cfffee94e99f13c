// simd_microkernel.hpp -- the register-blocked GEMM microkernel, written once
// over a vector-traits type V (AVX-512, AVX2 or portable GCC vectors):
//   C[MR x NR] = alpha * A_sliver * B_sliver + beta * C,  MR = MV * V::width.
// The MV x NR accumulators live in registers for the whole k loop; each step
// loads MV vectors of A and broadcasts NR scalars of B (folded into the FMA's
// memory operand on AVX-512).  Instantiated by one file per (type, ISA, tile).
//
// Besides the full tile on packed slivers (run), the same loop serves
//  - partial tiles (run_edge): only the vectors and columns that hold data
//    are computed, so an m = 96 problem on a 64-row tile does not pay for 128;
//  - small and skinny problems without packing (run_direct): A read in place
//    (columns of a column-major op(A)), B read in place through its two
//    strides; a last vector of fewer rows than a vector is loaded and stored
//    under a lane mask, so nothing outside A and C is touched and nothing is
//    copied.
#pragma once

#include <array>
#include <type_traits>
#include <utility>

#include "target.hpp"

namespace tileblas {

// V::half, where the traits have one (see Tail::Half), else V itself.
template <class V, class = void>
struct HalfVector {
  using type = V;
  static constexpr bool exists = false;
};
template <class V>
struct HalfVector<V, std::void_t<typename V::half>> {
  using type = typename V::half;
  static constexpr bool exists = true;
};

// AsmTiles, where not void, computes run_direct's tiles of whole vectors
// in compute's place where it can (kernels/x86_64/avx512/asm_tiles.hpp),
// rounding as it does: AsmTiles::direct(k, a, lda, b, b_rs, b_cs, c, ldc,
// alpha, beta, vectors, j, cols) takes tiles of any width from column j on
// and returns the first column it left; the compiled tiles take the rest.
template <class V, int MV, int NR, class AsmTiles = void>
struct SimdMicrokernel {
  using T = typename V::T;
  using R = typename V::reg;
  static constexpr int MR = MV * V::width;

  // What a sub-tile prefetches.  Packed: C, and the packed A stream ahead.
  // None: small unpacked problems find A, B and C in cache, and prefetch
  // address arithmetic costs more than it saves (32^3 sgemm +7 %).
  // StridedA: every line of an unpacked A's column kStridedAhead columns
  // ahead, for a skinny problem's first pass over A: its columns lie a page
  // apart, which the hardware prefetchers do not follow (sgemm
  // 4096 x 16 x 4096 +15 %).
  enum class Prefetch { Packed, None, StridedA };
  static constexpr int kStridedAhead = 16;

  // The last vector of a sub-tile.  Whole: all its rows hold data.  Masked:
  // only last_lanes rows (masked loads and stores).  Half: at most half a
  // vector's rows, computed on the traits' half-width vector V::half, which
  // costs half on cores that split wide FMAs (Zen 4, 1 thread, against
  // Masked: sgemm 24^3 +30 %, 52^3 +13 %, 100^3 +6 %; dgemm 52^3 +7 %,
  // 100^3 +3 %).
  enum class Tail { Whole, Masked, Half };
  using H = typename HalfVector<V>::type;
  using HR = typename H::reg;

  // MVU x NRU sub-tile: element (i, p) of A at a[i + p*a_step], element
  // (p, j) of B at b[p*b_rs + j*b_cs]; its last vector as kTail says.
  template <int MVU, int NRU, Prefetch kPrefetch, Tail kTail>
  static inline __attribute__((always_inline)) void compute(index_t k, const T *a,
                                                             index_t a_step, const T *b,
                                                             index_t b_rs, index_t b_cs, T *c,
                                                             index_t ldc, T alpha, T beta,
                                                             int last_lanes) {
    constexpr bool kHalf = kTail == Tail::Half;
    constexpr int MVF = kHalf ? MVU - 1 : MVU;  // vectors of full width
    const auto load = [last_lanes](const T *p, int i) {
      return kTail == Tail::Masked && i == MVU - 1 ? V::load_partial(p, last_lanes)
                                                   : V::load(p);
    };
    const auto store = [last_lanes](T *p, R v, int i) {
      if (kTail == Tail::Masked && i == MVU - 1)
        V::store_partial(p, v, last_lanes);
      else
        V::store(p, v);
    };
    R acc[NRU][MVF > 0 ? MVF : 1];
    HR tail[NRU];
#pragma GCC unroll 32
    for (int j = 0; j < NRU; ++j) {
#pragma GCC unroll 8
      for (int i = 0; i < MVF; ++i) acc[j][i] = V::zero();
      if constexpr (kHalf) tail[j] = H::zero();
    }

    // Touch C early: its lines arrive while the k loop runs.  Every vector's
    // first element plus the column's last covers each line of the column
    // even when C is not line-aligned (a 48-row float column spans 3-4 lines).
#pragma GCC unroll 32
    for (int j = 0; j < NRU && kPrefetch == Prefetch::Packed; ++j) {
#pragma GCC unroll 8
      for (int i = 0; i < MVU; ++i) __builtin_prefetch(c + j * ldc + i * V::width, 1, 3);
      __builtin_prefetch(c + j * ldc + MVU * V::width - 1, 1, 3);
    }

#pragma GCC unroll 4
    for (index_t p = 0; p < k; ++p) {
      if (kPrefetch == Prefetch::Packed)
        __builtin_prefetch(a + 8 * a_step, 0, 3);  // A streams from L2; stay ahead
      if (kPrefetch == Prefetch::StridedA) {
#pragma GCC unroll 8
        for (int i = 0; i < MVU; ++i)
          __builtin_prefetch(a + kStridedAhead * a_step + i * V::width, 0, 3);
      }
      R av[MVF > 0 ? MVF : 1];
#pragma GCC unroll 8
      for (int i = 0; i < MVF; ++i) av[i] = load(a + i * V::width, i);
      HR at;
      if constexpr (kHalf) at = H::load_partial(a + MVF * V::width, last_lanes);
#pragma GCC unroll 32
      for (int j = 0; j < NRU; ++j) {
        const R bj = V::broadcast(b + j * b_cs);
#pragma GCC unroll 8
        for (int i = 0; i < MVF; ++i) acc[j][i] = V::fma(av[i], bj, acc[j][i]);
        if constexpr (kHalf) tail[j] = H::fma(at, H::broadcast(b + j * b_cs), tail[j]);
      }
      a += a_step;
      b += b_rs;
    }

    // C = alpha*AB + beta*C; beta == 0 must not read C (it may hold NaN).
    const R va = V::set1(alpha), vb = V::set1(beta);
    if (beta == T(0)) {
#pragma GCC unroll 32
      for (int j = 0; j < NRU; ++j) {
#pragma GCC unroll 8
        for (int i = 0; i < MVF; ++i) store(c + j * ldc + i * V::width, V::mul(acc[j][i], va), i);
        if constexpr (kHalf)
          H::store_partial(c + j * ldc + MVF * V::width, H::mul(tail[j], H::set1(alpha)),
                           last_lanes);
      }
    } else {
#pragma GCC unroll 32
      for (int j = 0; j < NRU; ++j) {
#pragma GCC unroll 8
        for (int i = 0; i < MVF; ++i) {
          T *cj = c + j * ldc + i * V::width;
          store(cj, V::fma(load(cj, i), vb, V::mul(acc[j][i], va)), i);
        }
        if constexpr (kHalf) {
          T *cj = c + j * ldc + MVF * V::width;
          H::store_partial(cj, H::fma(H::load_partial(cj, last_lanes), H::set1(beta),
                                      H::mul(tail[j], H::set1(alpha))),
                           last_lanes);
        }
      }
    }
  }

  // Full tile from packed slivers.
  static void run(index_t k, const T *a, const T *b, T *c, index_t ldc, T alpha, T beta) {
    compute<MV, NR, Prefetch::Packed, Tail::Whole>(k, a, MR, b, NR, 1, c, ldc, alpha, beta,
                                                   V::width);
  }

  // Partial tile from packed slivers: rows <= MR, cols <= NR.  Writes whole
  // vectors (up to MR rows), so c is a scratch tile, not the caller's C.
  static void run_edge(index_t k, const T *a, const T *b, T *c, index_t ldc, T alpha, T beta,
                       int rows, int cols) {
    edge_table<Tail::Whole, Prefetch::None>()[(rows + V::width - 1) / V::width - 1][cols - 1](
        k, a, MR, b, NR, 1, c, ldc, alpha, beta, V::width);
  }

  // rows x cols of C (rows <= MR, any cols) as column tiles of NR with A
  // and B read in place: A column-major with leading dimension lda, B
  // through its strides.  Only the rows x cols elements of C and the rows x
  // k of A are touched.  With a_from_memory the first tile prefetches A
  // ahead (the others find it in cache).  Whole tiles run in one loop
  // (whole_tiles): a call per tile cost 2-3 % of s/dgemm 64^3 on Zen 4.
  static void run_direct(index_t k, const T *a, index_t lda, const T *b, index_t b_rs,
                         index_t b_cs, T *c, index_t ldc, T alpha, T beta, int rows, int cols,
                         bool a_from_memory) {
    const int vectors = (rows + V::width - 1) / V::width;
    const int last_lanes = rows - (vectors - 1) * V::width;
    const Tail tail = last_lanes == V::width                              ? Tail::Whole
                      : HalfVector<V>::exists && 2 * last_lanes <= V::width ? Tail::Half
                                                                              : Tail::Masked;
    int j = 0;
    if (a_from_memory) {
      const int width = cols < NR ? cols : NR;
      direct_table<Prefetch::StridedA>(tail)[vectors - 1][width - 1](
          k, a, lda, b, b_rs, b_cs, c, ldc, alpha, beta, last_lanes);
      j = width;
    }
    if constexpr (!std::is_void_v<AsmTiles>)
      if (tail == Tail::Whole)
        j = static_cast<int>(
            AsmTiles::direct(k, a, lda, b, b_rs, b_cs, c, ldc, alpha, beta, vectors, j, cols));
    if (vectors == MV && tail == Tail::Whole && j + NR <= cols)
      j = whole_tiles(k, a, lda, b, b_rs, b_cs, c, ldc, alpha, beta, j, cols);
    const Table &table = direct_table<Prefetch::None>(tail);
    for (; j < cols; j += NR) {
      const int width = cols - j < NR ? cols - j : NR;
      table[vectors - 1][width - 1](k, a, lda, b + j * b_cs, b_rs, b_cs, c + j * ldc, ldc, alpha,
                                    beta, last_lanes);
    }
  }

 private:
  // run_direct's whole tiles from column j on; returns the first column
  // left.  Out of line: the inlined tile's register spills would cost every
  // run_direct call a large stack frame (+5 ns on an 8^3 sgemm).
  static __attribute__((noinline)) int whole_tiles(index_t k, const T *a, index_t lda,
                                                   const T *b, index_t b_rs, index_t b_cs, T *c,
                                                   index_t ldc, T alpha, T beta, int j,
                                                   int cols) {
    for (; j + NR <= cols; j += NR)
      compute<MV, NR, Prefetch::None, Tail::Whole>(k, a, lda, b + j * b_cs, b_rs, b_cs,
                                                   c + j * ldc, ldc, alpha, beta, V::width);
    return j;
  }

  using Part = void (*)(index_t, const T *, index_t, const T *, index_t, index_t, T *, index_t,
                        T, T, int);
  using Table = std::array<std::array<Part, NR>, MV>;
  template <int MVU, int NRU, Tail kTail, Prefetch kPrefetch>
  static void part(index_t k, const T *a, index_t a_step, const T *b, index_t b_rs,
                   index_t b_cs, T *c, index_t ldc, T alpha, T beta, int last_lanes) {
    compute<MVU, NRU, kPrefetch, kTail>(k, a, a_step, b, b_rs, b_cs, c, ldc, alpha, beta,
                                        last_lanes);
  }
  template <Tail kTail, Prefetch kPrefetch, int MVU, int... J>
  static constexpr auto row_of(std::integer_sequence<int, J...>) {
    return std::array<Part, NR>{&part<MVU, J + 1, kTail, kPrefetch>...};
  }
  template <Tail kTail, Prefetch kPrefetch, int... I>
  static constexpr auto table_of(std::integer_sequence<int, I...>) {
    return Table{row_of<kTail, kPrefetch, I + 1>(std::make_integer_sequence<int, NR>())...};
  }
  // [vectors - 1][columns - 1] -> the sub-tile kernel, its last vector as
  // kTail says.  Edges of packed tiles run on data already in cache:
  // Prefetch::None.
  template <Tail kTail, Prefetch kPrefetch>
  static const Table &edge_table() {
    static constexpr auto table =
        table_of<kTail, kPrefetch>(std::make_integer_sequence<int, MV>());
    return table;
  }
  template <Prefetch kPrefetch>
  static const Table &direct_table(Tail tail) {
    if constexpr (HalfVector<V>::exists)
      if (tail == Tail::Half) return edge_table<Tail::Half, kPrefetch>();
    return tail == Tail::Whole ? edge_table<Tail::Whole, kPrefetch>()
                               : edge_table<Tail::Masked, kPrefetch>();
  }
};

}  // namespace tileblas
