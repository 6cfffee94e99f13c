// dot_tile.hpp -- GEMM tiles as dot products, for op(A) = A^T and op(B) = B
// over a long depth: row i of op(A) (column i of A) and column j of B are
// both contiguous along the depth, so each C element is a dot product of
// two unit-stride vectors, accumulated across vector lanes and summed over
// the lanes at the end.  Nothing is packed or copied, which a TN problem with
// a small C and a long k (A^T B of tall matrices, LAPACK's block
// reflectors) otherwise spends most of its time on.
//   C[rows x cols] = alpha * A^T B + beta * C,  rows <= RI, cols <= RJ.
// RI x RJ accumulators plus RI vectors of A and one of B stay in registers.
#pragma once

#include <array>
#include <utility>

#include "lane_sums.hpp"
#include "target.hpp"

namespace tileblas {

template <class V, int RI, int RJ>
struct DotTile {
  using T = typename V::T;
  using R = typename V::reg;

  // Column i of A at a + i*lda, column j of B at b + j*ldb, k long; C
  // column-major.  beta == 0 does not read C.
  static void run(index_t k, const T *a, index_t lda, const T *b, index_t ldb, T *c,
                  index_t ldc, T alpha, T beta, int rows, int cols) {
    table()[rows - 1][cols - 1](k, a, lda, b, ldb, c, ldc, alpha, beta);
  }

 private:
  template <int NI, int NJ>
  static void tile(index_t k, const T *a, index_t lda, const T *b, index_t ldb, T *c,
                   index_t ldc, T alpha, T beta) {
    R acc[NJ * NI];
#pragma GCC unroll 32
    for (int t = 0; t < NJ * NI; ++t) acc[t] = V::zero();
    const auto step = [&](auto load) {  // one vector of the depth
      R av[NI];
#pragma GCC unroll 8
      for (int i = 0; i < NI; ++i) av[i] = load(a + i * lda);
#pragma GCC unroll 8
      for (int j = 0; j < NJ; ++j) {
        const R bj = load(b + j * ldb);
#pragma GCC unroll 8
        for (int i = 0; i < NI; ++i) acc[j * NI + i] = V::fma(av[i], bj, acc[j * NI + i]);
      }
    };
    index_t p = 0;
    for (; p + V::width <= k; p += V::width) step([p](const T *x) { return V::load(x + p); });
    if (p < k) {  // the last, partial vector: masked loads touch nothing past the depth
      const int lanes = static_cast<int>(k - p);
      step([p, lanes](const T *x) { return V::load_partial(x + p, lanes); });
    }
    T sums[NJ * NI];
    lane_sums<V, NJ * NI>(acc, sums);
    for (int j = 0; j < NJ; ++j)
      for (int i = 0; i < NI; ++i) {
        T &cij = c[i + j * ldc];
        const T ab = alpha * sums[j * NI + i];
        cij = beta == T(0) ? ab : ab + beta * cij;  // beta == 0 must not read C (NaN)
      }
  }

  using Tile = void (*)(index_t, const T *, index_t, const T *, index_t, T *, index_t, T, T);
  template <int NI, int... J>
  static constexpr auto row_of(std::integer_sequence<int, J...>) {
    return std::array<Tile, RJ>{&tile<NI, J + 1>...};
  }
  template <int... I>
  static constexpr auto table_of(std::integer_sequence<int, I...>) {
    return std::array<std::array<Tile, RJ>, RI>{
        row_of<I + 1>(std::make_integer_sequence<int, RJ>())...};
  }
  // [rows - 1][cols - 1] -> the tile kernel of that shape.
  static const std::array<std::array<Tile, RJ>, RI> &table() {
    static constexpr auto kernels = table_of(std::make_integer_sequence<int, RI>());
    return kernels;
  }
};

}  // namespace tileblas
