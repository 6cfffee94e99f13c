// vector_reductions.hpp -- the Level 1 reductions of a target's
// VectorKernels (target.hpp): asum, the sum of squares under nrm2, and
// i?amax, written once over a vector traits class V (vec_<target>.hpp), as
// vector_kernels.hpp is.  U: independent vectors per loop step.
#pragma once

#include <cmath>
#include <type_traits>

#include "target.hpp"

namespace tileblas {

// acc[0] op acc[1] op ... pairwise, in a fixed order: the first power-of-two
// part, then the rest, each reduced the same way (U = 8: ((0+1)+(2+3)) +
// ((4+5)+(6+7))).  Recursion at compile time keeps it in registers (a loop
// over the array went through the stack: half of a 16-element ddot's time).
template <int U, class Reg, class Op>
Reg tree_reduce(const Reg *acc, Op op) {
  if constexpr (U == 1) {
    return acc[0];
  } else {
    constexpr int half = U & (U - 1) ? 1 << (31 - __builtin_clz(U)) : U / 2;
    return op(tree_reduce<half>(acc, op), tree_reduce<U - half>(acc + half, op));
  }
}

// sum |x_i|, in T.  Masked tail: zero lanes add nothing.
template <class V, int U>
typename V::T asum(index_t n, const typename V::T *x) {
  using reg = typename V::reg;
  constexpr int W = V::width;
  reg acc[U];
#pragma GCC unroll 16
  for (int u = 0; u < U; ++u) acc[u] = V::zero();
  index_t i = 0;
  for (; i + U * W <= n; i += U * W)
#pragma GCC unroll 16
    for (int u = 0; u < U; ++u) acc[u] = V::add(acc[u], V::abs(V::load(x + i + u * W)));
  for (; i + W <= n; i += W) acc[0] = V::add(acc[0], V::abs(V::load(x + i)));
  if (i < n) acc[0] = V::add(acc[0], V::abs(V::load_partial(x + i, static_cast<int>(n - i))));
  return V::sum(tree_reduce<U>(acc, V::add));
}

// sum x_i * y_i (Square: x_i^2, y unused) in double, for float or double
// data; D: the target's double traits.  Products of floats are exact in
// double.
template <class D, int U, class Src, bool Square>
double sum_in_double(index_t n, const Src *x, const Src *y) {
  static_assert(std::is_same_v<typename D::T, double>);
  using reg = typename D::reg;
  constexpr int W = D::width;
  const auto load = [](const Src *p) {
    if constexpr (std::is_same_v<Src, float>)
      return D::load_float(p);
    else
      return D::load(p);
  };
  const auto load_partial = [](const Src *p, int r) {
    if constexpr (std::is_same_v<Src, float>)
      return D::load_float_partial(p, r);
    else
      return D::load_partial(p, r);
  };
  const auto product = [&](reg acc, reg a, const Src *py, auto load_y) {
    return D::fma(a, Square ? a : load_y(py), acc);
  };
  reg acc[U];
#pragma GCC unroll 16
  for (int u = 0; u < U; ++u) acc[u] = D::zero();
  index_t i = 0;
  for (; i + U * W <= n; i += U * W)
#pragma GCC unroll 16
    for (int u = 0; u < U; ++u) acc[u] = product(acc[u], load(x + i + u * W), y + i + u * W, load);
  for (; i + W <= n; i += W) acc[0] = product(acc[0], load(x + i), y + i, load);
  if (i < n) {
    const int r = static_cast<int>(n - i);
    acc[0] = product(acc[0], load_partial(x + i, r), y + i,
                     [&](const Src *p) { return load_partial(p, r); });
  }
  return D::sum(tree_reduce<U>(acc, D::add));
}

// sum x_i^2 in double, unscaled.  A float's square is exact in double and
// neither overflows nor underflows, so float nrm2 needs no scaling at all;
// for double the caller checks the result and falls back to the scaled
// algorithm when it may have overflowed or underflowed (src/level1/norms.cpp).
template <class D, int U, class Src>
double sum_of_squares(index_t n, const Src *x) {
  return sum_in_double<D, U, Src, true>(n, x, x);
}

template <class D, int U, class Src>
double dot_in_double(index_t n, const Src *x, const Src *y) {
  return sum_in_double<D, U, Src, false>(n, x, y);
}

// The 0-based index of the first x_i with the largest |x_i| among those that
// are not NaN; -1 when every x_i is NaN (the caller applies the reference's
// rule for a NaN x_0).  kPairs: x holds len / 2 complex values as (re, im)
// pairs, and |x_i| is the reference's |re| + |im| (summed in each pair's
// both lanes, so a lane's element is lane / 2).  Blocks of kBlock vectors:
// the block's lane maxima (NaNs dropped) are compared with the best so far,
// and only a block that holds a strictly larger value is scanned again, in
// L1, for the first element equal to its maximum; data streams through
// once.  The last len mod W reals, and inputs under 2W reals (whose vector
// pass costs more than the compares), go through scalar compares: the
// result is an index, exact whatever the instructions, so the tail needs no
// masking.
template <class V, int U, bool kPairs>
index_t iamax_of(index_t len, const typename V::T *x) {
  using T = typename V::T;
  using reg = typename V::reg;
  constexpr int W = V::width, kStep = kPairs ? 2 : 1;  // reals per element
  constexpr index_t kBlock = 4 * U * W;  // reals per block
  const auto magnitudes = [](reg v) {
    const reg a = V::abs(v);
    return kPairs ? V::add(a, V::swap_pairs(a)) : a;
  };
  T best = T(-1);  // below every |x_i|: the first non-NaN element wins
  index_t best_index = -1;
  const index_t whole = len < 2 * W ? 0 : len - len % W;  // reals in whole vectors
  for (index_t b = 0; b < whole; b += kBlock) {
    const index_t end = b + kBlock < whole ? b + kBlock : whole;
    reg acc[U];
#pragma GCC unroll 16
    for (int u = 0; u < U; ++u) acc[u] = V::set1(T(-1));
    index_t i = b;
    for (; i + U * W <= end; i += U * W)
#pragma GCC unroll 16
      for (int u = 0; u < U; ++u) acc[u] = V::max(magnitudes(V::load(x + i + u * W)), acc[u]);
    for (; i < end; i += W) acc[0] = V::max(magnitudes(V::load(x + i)), acc[0]);
    const reg block_max = tree_reduce<U>(acc, V::max);
    if (!V::mask_greater(block_max, V::set1(best))) continue;
    alignas(64) T lanes[W];
    V::store(lanes, block_max);
    for (int l = 0; l < W; ++l)
      if (lanes[l] > best) best = lanes[l];
    const reg target = V::set1(best);
    for (i = b;; i += W)
      if (const unsigned hit = V::mask_equal(magnitudes(V::load(x + i)), target)) {
        best_index = (i + __builtin_ctz(hit)) / kStep;
        break;
      }
  }
  for (index_t i = whole; i < len; i += kStep) {
    const T v = kPairs ? std::abs(x[i]) + std::abs(x[i + 1]) : std::abs(x[i]);
    if (v > best) {
      best = v;
      best_index = i / kStep;
    }
  }
  return best_index;
}

template <class V, int U>
index_t iamax(index_t n, const typename V::T *x) {
  return iamax_of<V, U, false>(n, x);
}

}  // namespace tileblas
