// vector_kernels.hpp -- the Level 1/2 kernels of a target (VectorKernels in
// target.hpp), written once over a vector traits class V (vec_<target>.hpp)
// and instantiated by kernels/x86_64/<target>/vector_kernels_<target>.cpp
// with that target's ISA flags.
//
// Tails use masked (partial) loads and stores, never scalar code, so an
// element gets the same instructions wherever it falls: gemv_n's y_i and
// gemv_t's column sums depend only on the data, not on how a caller splits
// rows or columns between threads.
//
// Parameters per target:
//   U   independent vectors per loop step: enough FMA chains in flight to
//       hide the FMA latency (4 cycles, 1-2 FMAs per cycle);
//   NC  columns gemv_n adds per pass over y (y is loaded and stored once per
//       NC columns); gemv_t sums NC columns at once (x is loaded once per NC).
#pragma once

#include <cstdint>

#include "first_lanes.hpp"
#include "lane_sums.hpp"
#include "symv_kernel.hpp"
#include "target.hpp"
#include "vector_reductions.hpp"

namespace tileblas {

// p is aligned to a whole vector.
template <class V>
bool vector_aligned(const typename V::T *p) {
  return reinterpret_cast<std::uintptr_t>(p) % (V::width * sizeof(typename V::T)) == 0;
}

// Where a gemv kernel finds column c of its group of columns: a + c*lda (a
// matrix) or col[c] (a list: packed storage's columns have no common
// stride).  after(j): the same columns from the j-th on.
template <class T>
struct StridedColumns {
  const T *a;
  index_t lda;
  const T *operator[](index_t c) const { return a + c * lda; }
  StridedColumns after(index_t j) const { return {a + j * lda, lda}; }
};
template <class T>
struct ListedColumns {
  const T *const *col;
  const T *operator[](index_t c) const { return col[c]; }
  ListedColumns after(index_t j) const { return {col + j}; }
};

// Columns 0..n-1 and x all vector-aligned (for a matrix, the first two
// columns say it for all).
template <class V, class X>
bool vector_aligned(const StridedColumns<X> &a, index_t n, const X *x) {
  const auto *p = reinterpret_cast<const typename V::T *>(a[0]);
  const auto *q = reinterpret_cast<const typename V::T *>(a[n > 1 ? 1 : 0]);
  return vector_aligned<V>(p) && vector_aligned<V>(q) &&
         vector_aligned<V>(reinterpret_cast<const typename V::T *>(x));
}
template <class V, class X>
bool vector_aligned(const ListedColumns<X> &a, index_t n, const X *x) {
  for (index_t c = 0; c < n; ++c)
    if (!vector_aligned<V>(reinterpret_cast<const typename V::T *>(a[c]))) return false;
  return vector_aligned<V>(reinterpret_cast<const typename V::T *>(x));
}

template <class V, int U>
struct VectorKernelSet {
  using T = typename V::T;
  using reg = typename V::reg;
  static constexpr int W = V::width;

  static T dot(index_t n, const T *x, const T *y) {
    reg acc[U];
#pragma GCC unroll 16
    for (int u = 0; u < U; ++u) acc[u] = V::zero();
    index_t i = 0;
    for (; i + U * W <= n; i += U * W)
#pragma GCC unroll 16
      for (int u = 0; u < U; ++u)
        acc[u] = V::fma(V::load(x + i + u * W), V::load(y + i + u * W), acc[u]);
    for (; i + W <= n; i += W) acc[0] = V::fma(V::load(x + i), V::load(y + i), acc[0]);
    if (i < n) {
      const int r = static_cast<int>(n - i);
      acc[0] = V::fma(V::load_partial(x + i, r), V::load_partial(y + i, r), acc[0]);
    }
    // Below U vectors the other accumulators are +0 and acc[0] holds no -0
    // (it starts at +0): the tree would return acc[0] unchanged, so a short
    // dot skips its latency.
    return V::sum(n >= U * W ? tree_sum(acc) : acc[0]);
  }

  static void axpy(index_t n, T alpha, const T *x, T *y) {
    const reg a = V::set1(alpha);
    index_t i = 0;
    for (; i + U * W <= n; i += U * W)
#pragma GCC unroll 16
      for (int u = 0; u < U; ++u)
        V::store(y + i + u * W, V::fma(a, V::load(x + i + u * W), V::load(y + i + u * W)));
    for (; i + W <= n; i += W) V::store(y + i, V::fma(a, V::load(x + i), V::load(y + i)));
    if (i < n) {
      const int r = static_cast<int>(n - i);
      V::store_partial(y + i, V::fma(a, V::load_partial(x + i, r), V::load_partial(y + i, r)), r);
    }
  }

  // y += t1 * x1 + t2 * x2: per element axpy's FMA for each in order, y
  // loaded and stored once instead of twice.
  static void axpy2(index_t n, T t1, const T *x1, T t2, const T *x2, T *y) {
    const reg a1 = V::set1(t1), a2 = V::set1(t2);
    const auto madd2 = [&](reg v1, reg v2, reg yv) { return V::fma(a2, v2, V::fma(a1, v1, yv)); };
    index_t i = 0;
    for (; i + U * W <= n; i += U * W)
#pragma GCC unroll 16
      for (int u = 0; u < U; ++u) {
        const index_t k = i + u * W;
        V::store(y + k, madd2(V::load(x1 + k), V::load(x2 + k), V::load(y + k)));
      }
    for (; i + W <= n; i += W)
      V::store(y + i, madd2(V::load(x1 + i), V::load(x2 + i), V::load(y + i)));
    if (i < n) {
      const int r = static_cast<int>(n - i);
      V::store_partial(y + i,
                       madd2(V::load_partial(x1 + i, r), V::load_partial(x2 + i, r),
                             V::load_partial(y + i, r)),
                       r);
    }
  }

  // y[i*inc] += alpha * x[i*inc] for i < n and inc 2 or 4 (dividing W): a
  // vector of W reals holds W / inc elements, loaded and stored under a mask
  // of every inc-th lane, so the gaps are neither read nor written.  Each
  // element gets the one FMA of axpy.
  static void axpy_strided(index_t n, T alpha, const T *x, T *y, int inc) {
    const reg a = V::set1(alpha);
    unsigned every = 0;
    for (int l = 0; l < W; l += inc) every |= 1u << l;
    const index_t per = W / inc;  // elements per vector
    index_t i = 0;
    for (; i + per <= n; i += per) {
      const index_t o = i * inc;
      V::store_masked(y + o, V::fma(a, V::load_masked(x + o, every), V::load_masked(y + o, every)),
                      every);
    }
    if (i < n) {
      const index_t o = i * inc;
      const unsigned lanes = every & ((1u << ((n - i - 1) * inc + 1)) - 1);
      V::store_masked(y + o, V::fma(a, V::load_masked(x + o, lanes), V::load_masked(y + o, lanes)),
                      lanes);
    }
  }

  static void scal(index_t n, T alpha, T *x) {
    const reg a = V::set1(alpha);
    index_t i = 0;
    for (; i + U * W <= n; i += U * W)
#pragma GCC unroll 16
      for (int u = 0; u < U; ++u) V::store(x + i + u * W, V::mul(a, V::load(x + i + u * W)));
    for (; i + W <= n; i += W) V::store(x + i, V::mul(a, V::load(x + i)));
    if (i < n) {
      const int r = static_cast<int>(n - i);
      V::store_partial(x + i, V::mul(a, V::load_partial(x + i, r)), r);
    }
  }

  static void rot(index_t n, T *x, T *y, T c, T s) {
    const reg cv = V::set1(c), sv = V::set1(s), nsv = V::set1(-s);  // c y - s x = c y + (-s) x
    const auto step = [&](index_t i, const auto &load, const auto &store) {
      const reg xv = load(x + i), yv = load(y + i);
      // y first: with x and y the same array the reference's x wins.
      store(y + i, V::add(V::mul(cv, yv), V::mul(nsv, xv)));
      store(x + i, V::add(V::mul(cv, xv), V::mul(sv, yv)));
    };
    for_each_vector(n, step);
  }

  static void swap(index_t n, T *x, T *y) {
    for_each_vector(n, [&](index_t i, const auto &load, const auto &store) {
      const reg xv = load(x + i), yv = load(y + i);
      store(x + i, yv);
      store(y + i, xv);
    });
  }

  // step(i, load, store) over [0, n): U vectors at a time, then single
  // vectors, then one masked (partial) vector.
  template <class Step>
  static void for_each_vector(index_t n, const Step &step) {
    const auto load = [](const T *p) { return V::load(p); };
    const auto store = [](T *p, reg v) { V::store(p, v); };
    index_t i = 0;
    for (; i + U * W <= n; i += U * W)
#pragma GCC unroll 16
      for (int u = 0; u < U; ++u) step(i + u * W, load, store);
    for (; i + W <= n; i += W) step(i, load, store);
    if (i < n) {
      const int r = static_cast<int>(n - i);
      step(i, [r](const T *p) { return V::load_partial(p, r); },
           [r](T *p, reg v) { V::store_partial(p, v, r); });
    }
  }

  // acc[0] + acc[1] + ... pairwise, in a fixed order (tree_reduce).
  static reg tree_sum(const reg *acc) { return tree_reduce<U>(acc, V::add); }
};

// y += sum over C columns of t[c] * A(:, c), rows [0, m): y loaded and stored
// once; per element the columns are added in order, one FMA each.
template <class V, int C, int U, class Cols>
void gemv_n_columns(index_t m, Cols columns, const typename V::T *t, typename V::T *y) {
  using reg = typename V::reg;
  constexpr int W = V::width;
  // Column pointers and multipliers in registers: a listed column's pointer,
  // read through the list, was reloaded after every store to y (which might
  // alias the list).
  const typename V::T *a[C];
  reg tv[C];
#pragma GCC unroll 16
  for (int c = 0; c < C; ++c) {
    a[c] = columns[c];
    tv[c] = V::set1(t[c]);
  }
  index_t i = 0;
  for (; i + U * W <= m; i += U * W) {
    reg yv[U];
#pragma GCC unroll 16
    for (int u = 0; u < U; ++u) yv[u] = V::load(y + i + u * W);
#pragma GCC unroll 16
    for (int c = 0; c < C; ++c)
#pragma GCC unroll 16
      for (int u = 0; u < U; ++u) yv[u] = V::fma(tv[c], V::load(a[c] + i + u * W), yv[u]);
#pragma GCC unroll 16
    for (int u = 0; u < U; ++u) V::store(y + i + u * W, yv[u]);
  }
  for (; i + W <= m; i += W) {
    reg yv = V::load(y + i);
#pragma GCC unroll 16
    for (int c = 0; c < C; ++c) yv = V::fma(tv[c], V::load(a[c] + i), yv);
    V::store(y + i, yv);
  }
  if (i < m) {
    const int r = static_cast<int>(m - i);
    reg yv = V::load_partial(y + i, r);
#pragma GCC unroll 16
    for (int c = 0; c < C; ++c) yv = V::fma(tv[c], V::load_partial(a[c] + i, r), yv);
    V::store_partial(y + i, yv, r);
  }
}

// The same for count (< C, known only at run time) columns: the last ones of
// a gemv, in one pass over y rather than one pass per column (a pass per
// column stored y and read it back through masked vectors: a 4 x 4 dgemv
// 1.7x OpenBLAS's time).  The same FMAs in the same order per element.
template <class V, int U, class Cols>
void gemv_n_few_columns(index_t m, int count, Cols a, const typename V::T *t, typename V::T *y) {
  using reg = typename V::reg;
  constexpr int W = V::width;
  index_t i = 0;
  for (; i + U * W <= m; i += U * W) {
    reg yv[U];
#pragma GCC unroll 16
    for (int u = 0; u < U; ++u) yv[u] = V::load(y + i + u * W);
    for (int c = 0; c < count; ++c) {
      const reg tc = V::broadcast(t + c);
#pragma GCC unroll 16
      for (int u = 0; u < U; ++u) yv[u] = V::fma(tc, V::load(a[c] + i + u * W), yv[u]);
    }
#pragma GCC unroll 16
    for (int u = 0; u < U; ++u) V::store(y + i + u * W, yv[u]);
  }
  for (; i < m; i += W) {
    const int r = static_cast<int>(m - i < W ? m - i : W);
    reg yv = load_first<V>(y + i, r);
    for (int c = 0; c < count; ++c)
      yv = V::fma(V::broadcast(t + c), load_first<V>(a[c] + i, r), yv);
    store_first<V>(y + i, yv, r);
  }
}

template <class V, int C, int U, class Cols>
void gemv_n_groups(index_t m, index_t n, typename V::T alpha, Cols a, const typename V::T *x,
                   typename V::T *y) {
  using T = typename V::T;
  T t[C];
  index_t j = 0;
  for (; j + C <= n; j += C) {
    for (int c = 0; c < C; ++c) t[c] = alpha * x[j + c];
    gemv_n_columns<V, C, U>(m, a.after(j), t, y);
  }
  if (j == n) return;
  const int rest = static_cast<int>(n - j);
  for (int c = 0; c < rest; ++c) t[c] = alpha * x[j + c];
  gemv_n_few_columns<V, U>(m, rest, a.after(j), t, y);
}

template <class V, int C, int U>
void gemv_n(index_t m, index_t n, typename V::T alpha, const typename V::T *a, index_t lda,
            const typename V::T *x, typename V::T *y) {
  gemv_n_groups<V, C, U>(m, n, alpha, StridedColumns<typename V::T>{a, lda}, x, y);
}

template <class V, int C, int U>
void gemv_n_listed(index_t m, index_t n, typename V::T alpha, const typename V::T *const *col,
                   const typename V::T *x, typename V::T *y) {
  gemv_n_groups<V, C, U>(m, n, alpha, ListedColumns<typename V::T>{col}, x, y);
}

// y[c] += alpha * dot(A(:, c), x) for C columns.  Each column's sum has the
// same shape whatever C is (U accumulators, the same tail, the same tree),
// so a column's result does not depend on which group it was in.
// kHalves: A or x not vector-aligned, each vector loaded as two halves (the
// same values, so the same sums; a 512-bit load at an offset splits across
// cache lines every time: sgemv T in L2 0.75x OpenBLAS on 8-byte offsets).
template <class V, int C, int U, bool kHalves, class Cols>
void gemv_t_columns(index_t m, typename V::T alpha, Cols a, const typename V::T *x,
                    typename V::T *y) {
  using T = typename V::T;
  using reg = typename V::reg;
  constexpr int W = V::width;
  const auto load = [](const T *p) { return kHalves ? V::load_halves(p) : V::load(p); };
  reg acc[C][U];
#pragma GCC unroll 16
  for (int c = 0; c < C; ++c)
#pragma GCC unroll 16
    for (int u = 0; u < U; ++u) acc[c][u] = V::zero();
  index_t i = 0;
  for (; i + U * W <= m; i += U * W) {
    reg xv[U];
#pragma GCC unroll 16
    for (int u = 0; u < U; ++u) xv[u] = load(x + i + u * W);
#pragma GCC unroll 16
    for (int c = 0; c < C; ++c)
#pragma GCC unroll 16
      for (int u = 0; u < U; ++u) acc[c][u] = V::fma(load(a[c] + i + u * W), xv[u], acc[c][u]);
  }
  for (; i + W <= m; i += W) {
    const reg xv = load(x + i);
#pragma GCC unroll 16
    for (int c = 0; c < C; ++c) acc[c][0] = V::fma(load(a[c] + i), xv, acc[c][0]);
  }
  if (i < m) {
    const int r = static_cast<int>(m - i);
    const reg xv = V::load_partial(x + i, r);
#pragma GCC unroll 16
    for (int c = 0; c < C; ++c) acc[c][0] = V::fma(V::load_partial(a[c] + i, r), xv, acc[c][0]);
  }
  reg total[C];
  T sums[C];
#pragma GCC unroll 16
  for (int c = 0; c < C; ++c) total[c] = VectorKernelSet<V, U>::tree_sum(acc[c]);
  lane_sums<V, C>(total, sums);
#pragma GCC unroll 16
  for (int c = 0; c < C; ++c) y[c] += alpha * sums[c];
}

template <class V, int C, int U, bool kHalves, class Cols>
void gemv_t_groups(index_t m, index_t n, typename V::T alpha, Cols a, const typename V::T *x,
                   typename V::T *y) {
  index_t j = 0;
  for (; j + C <= n; j += C) gemv_t_columns<V, C, U, kHalves>(m, alpha, a.after(j), x, y + j);
  for (; j < n; ++j) gemv_t_columns<V, 1, U, kHalves>(m, alpha, a.after(j), x, y + j);
}

template <class V, int C, int U, class Cols>
void gemv_t_any(index_t m, index_t n, typename V::T alpha, Cols a, const typename V::T *x,
                typename V::T *y) {
  if (vector_aligned<V>(a, n, x))
    gemv_t_groups<V, C, U, false>(m, n, alpha, a, x, y);
  else
    gemv_t_groups<V, C, U, true>(m, n, alpha, a, x, y);
}

template <class V, int C, int U>
void gemv_t(index_t m, index_t n, typename V::T alpha, const typename V::T *a, index_t lda,
            const typename V::T *x, typename V::T *y) {
  gemv_t_any<V, C, U>(m, n, alpha, StridedColumns<typename V::T>{a, lda}, x, y);
}

template <class V, int C, int U>
void gemv_t_listed(index_t m, index_t n, typename V::T alpha, const typename V::T *const *col,
                   const typename V::T *x, typename V::T *y) {
  gemv_t_any<V, C, U>(m, n, alpha, ListedColumns<typename V::T>{col}, x, y);
}

// The table entry.  D: the target's double traits (nrm2 sums squares in
// double); DotU: accumulators of dot/axpy/scal and the reductions (asum,
// nrm2, iamax); NC, NU: columns and accumulators of gemv_n; TC, TU: of
// gemv_t; SC, SU: columns per pass over y and accumulators per column of
// symv's panel.
template <class V, class D, int DotU, int NC, int NU, int TC, int TU, int SC, int SU>
VectorKernels<typename V::T> make_vector_kernels(const char *name) {
  using T = typename V::T;
  using K = VectorKernelSet<V, DotU>;
  return {name,
          &K::dot,
          &dot_in_double<D, DotU, T>,
          &K::axpy,
          &K::axpy2,
          &K::axpy_strided,
          &K::scal,
          &K::rot,
          &K::swap,
          &gemv_n<V, NC, NU>,
          &gemv_t<V, TC, TU>,
          &gemv_n_listed<V, NC, NU>,
          &gemv_t_listed<V, TC, TU>,
          &asum<V, DotU>,
          &sum_of_squares<D, DotU, T>,
          &iamax<V, DotU>,
          &symv_panel<V, SC, SU>};
}

}  // namespace tileblas
