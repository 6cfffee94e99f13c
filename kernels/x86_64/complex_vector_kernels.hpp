// complex_vector_kernels.hpp -- a target's complex Level 1/2 kernels
// (ComplexVectorKernels in target.hpp): dotu/dotc, axpy and gemv N/T with an
// optional conj(A), written once over the real vector traits V of
// vector_kernels.hpp and instantiated by
// kernels/x86_64/<target>/complex_vector_kernels_<target>.cpp.
//
// Data stays interleaved (re, im, re, im, ...): n complex values are 2n reals
// and a vector holds W/2 of them.  A complex product t * x is two real FMAs
// on whole vectors,
//   t * x       = x * [tr, tr, ..]  + swap(x) * [-ti, ti, ..]
//   t * conj(x) = x * [tr, -tr, ..] + swap(x) * [ti, ti, ..]
// where swap exchanges the lanes of each (re, im) pair (V::swap_pairs).  A
// dot keeps two lane-wise sums, x*y and x*swap(y): the even lanes of the
// first hold xr*yr, its odd lanes xi*yi; the second's xr*yi and xi*yr.  Real
// and imaginary parts are their lane sums with signs, taken once at the end.
//
// As in vector_kernels.hpp, tails are masked vector operations, so an
// element's arithmetic does not depend on where a caller's range starts.
#pragma once

#include <algorithm>
#include <complex>
#include <cstdint>

#include "first_lanes.hpp"
#include "in_register.hpp"
#include "lane_sums.hpp"
#include "target.hpp"
#include "vector_kernels.hpp"

namespace tileblas {

// Reals to handle before p + head is aligned to a whole vector: a split
// 512-bit load costs two cache-line reads, and the elementwise kernels (axpy,
// gemv_n) ran 1.5x slower on 16-byte aligned data (malloc's) than on aligned.
// 0 when p is not on a (re, im) pair boundary that can reach one.  Only for
// elementwise kernels: a sum grouped by address would round differently for
// the same data at another address (SciPy's cossin tests compare such runs).
template <class V>
index_t aligning_head(const typename V::T *p) {
  constexpr std::uintptr_t vector_bytes = V::width * sizeof(typename V::T);
  const std::uintptr_t addr = reinterpret_cast<std::uintptr_t>(p);
  if (addr % (2 * sizeof(typename V::T))) return 0;
  return static_cast<index_t>((vector_bytes - addr % vector_bytes) % vector_bytes /
                              sizeof(typename V::T));
}

template <class V>
struct ComplexLanes {
  using R = typename V::T;
  using reg = typename V::reg;
  using C = std::complex<R>;
  static constexpr int W = V::width;

  // a * b by the textbook formula, as the engines' scalar code (level1/scalar.hpp).
  static C mul(C a, C b) {
    return C(a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real());
  }

  // Built in registers: through an array on the stack, W scalar stores
  // stalled the vector load reading them back (a 4-element zaxpy 2x
  // OpenBLAS's time, a 4 x 4 zgemv N 2x: a factor per column).
  static reg alternate(R even, R odd) { return V::pairs(even, odd); }

  // Multiplier registers for t * op(x) (see the top of the file).
  struct Factor {
    reg k1, k2;
  };
  static Factor factor(C t, bool conj_x) {
    const R tr = t.real(), ti = t.imag();
    return conj_x ? Factor{alternate(tr, -tr), V::set1(ti)} : Factor{V::set1(tr), alternate(-ti, ti)};
  }
  // acc + t * op(x)
  static reg madd(const Factor &f, reg x, reg acc) {
    x = in_register(x);  // (one load for the FMA and the swap)
    return V::fma(V::swap_pairs(x), f.k2, V::fma(x, f.k1, acc));
  }
  // The dot product from its two lane-wise sums s1 = sum x*y, s2 = sum x*swap(y).
  static C finish_dot(reg s1, reg s2, bool conj_x) {
    reg parts[2];
    dot_parts(s1, s2, conj_x, parts);
    return C(V::sum(parts[0]), V::sum(parts[1]));
  }
  // The vectors whose lane sums are the real and imaginary parts.
  static void dot_parts(reg s1, reg s2, bool conj_x, reg *parts) {
    const reg plus_minus = alternate(R(1), R(-1));
    parts[0] = conj_x ? s1 : V::mul(s1, plus_minus);
    parts[1] = conj_x ? V::mul(s2, plus_minus) : s2;
  }
};

// U: independent vectors per loop step (FMA chains in flight).
template <class V, int U>
struct ComplexVectorKernelSet {
  using L = ComplexLanes<V>;
  using R = typename V::T;
  using reg = typename V::reg;
  using C = std::complex<R>;
  static constexpr int W = V::width;

  static C dot(index_t n, const C *xc, const C *yc, bool conj_x) {
    const R *x = reinterpret_cast<const R *>(xc), *y = reinterpret_cast<const R *>(yc);
    // The sum's grouping follows the index, never the address (see
    // aligning_head); misaligned data only loads each vector in halves.
    return vector_aligned<V>(x) && vector_aligned<V>(y) ? dot_loop<false>(n, x, y, conj_x)
                                                        : dot_loop<true>(n, x, y, conj_x);
  }
  template <bool kHalves>
  static C dot_loop(index_t n, const R *x, const R *y, bool conj_x) {
    const auto load = [](const R *p) { return kHalves ? V::load_halves(p) : V::load(p); };
    const index_t len = 2 * n;
    reg s1[U], s2[U];
#pragma GCC unroll 16
    for (int u = 0; u < U; ++u) s1[u] = s2[u] = V::zero();
    const auto step = [&](index_t i, int r) {  // one masked vector: whole pairs
      const reg xv = V::load_partial(x + i, r), yv = V::load_partial(y + i, r);
      s1[0] = V::fma(xv, yv, s1[0]);
      s2[0] = V::fma(xv, V::swap_pairs(yv), s2[0]);
    };
    index_t i = 0;
    for (; i + U * W <= len; i += U * W)
#pragma GCC unroll 16
      for (int u = 0; u < U; ++u) {
        const reg xv = in_register(load(x + i + u * W)), yv = in_register(load(y + i + u * W));
        s1[u] = V::fma(xv, yv, s1[u]);
        s2[u] = V::fma(xv, V::swap_pairs(yv), s2[u]);
      }
    for (; i < len; i += W) step(i, static_cast<int>(len - i < W ? len - i : W));
    return L::finish_dot(tree_sum(s1), tree_sum(s2), conj_x);
  }
  static C dotu(index_t n, const C *x, const C *y) { return dot(n, x, y, false); }
  static C dotc(index_t n, const C *x, const C *y) { return dot(n, x, y, true); }

  static void axpy(index_t n, const C &alpha, const C *xc, C *yc, bool conj_x) {
    const R *x = reinterpret_cast<const R *>(xc);
    R *y = reinterpret_cast<R *>(yc);
    const index_t len = 2 * n;
    const typename L::Factor f = L::factor(alpha, conj_x);
    const auto step = [&](index_t i, int r) {  // one masked vector (elementwise: any split)
      V::store_partial(y + i, L::madd(f, V::load_partial(x + i, r), V::load_partial(y + i, r)), r);
    };
    // Short vectors (up to 4 vectors) start where they start: a
    // masked head step cost them more than the split loads it saves (a 4- or
    // 16-element zaxpy or a column of a 16 x 16 zgerc near 2x OpenBLAS's
    // time; from 64 elements on the head wins).  Full vectors unmasked.
    index_t i = len <= 4 * W ? 0 : std::min(aligning_head<V>(y), len);
    if (i) step(0, static_cast<int>(i));
    for (; i + U * W <= len; i += U * W)
#pragma GCC unroll 16
      for (int u = 0; u < U; ++u)
        V::store(y + i + u * W, L::madd(f, V::load(x + i + u * W), V::load(y + i + u * W)));
    for (; i + W <= len; i += W) V::store(y + i, L::madd(f, V::load(x + i), V::load(y + i)));
    if (i < len) step(i, static_cast<int>(len - i));
  }

  // y += t1 * op(x1) + t2 * op(x2): per element axpy's two products in
  // order, y loaded and stored once instead of twice.
  static void axpy2(index_t n, const C &t1, const C *x1c, const C &t2, const C *x2c, C *yc,
                    bool conj_x) {
    const R *x1 = reinterpret_cast<const R *>(x1c), *x2 = reinterpret_cast<const R *>(x2c);
    R *y = reinterpret_cast<R *>(yc);
    const index_t len = 2 * n;
    const typename L::Factor f1 = L::factor(t1, conj_x), f2 = L::factor(t2, conj_x);
    const auto madd2 = [&](reg a1, reg a2, reg yv) { return L::madd(f2, a2, L::madd(f1, a1, yv)); };
    const auto step = [&](index_t i, int r) {  // one masked vector
      V::store_partial(y + i,
                       madd2(V::load_partial(x1 + i, r), V::load_partial(x2 + i, r),
                             V::load_partial(y + i, r)),
                       r);
    };
    index_t i = len <= 4 * W ? 0 : std::min(aligning_head<V>(y), len);  // (see axpy)
    if (i) step(0, static_cast<int>(i));
    for (; i + U * W <= len; i += U * W)
#pragma GCC unroll 16
      for (int u = 0; u < U; ++u) {
        const index_t k = i + u * W;
        V::store(y + k, madd2(V::load(x1 + k), V::load(x2 + k), V::load(y + k)));
      }
    for (; i + W <= len; i += W)
      V::store(y + i, madd2(V::load(x1 + i), V::load(x2 + i), V::load(y + i)));
    if (i < len) step(i, static_cast<int>(len - i));
  }

  // The real kernels' fixed-order pairwise sum of the U accumulators.
  static reg tree_sum(const reg *acc) { return VectorKernelSet<V, U>::tree_sum(acc); }
};

// y[0:m] += sum over NC columns c of t[c] * op(A(:, c)): y loaded and stored
// once per group; per element the columns are added in order.  Cols:
// StridedColumns or ListedColumns of complex elements.
template <class V, int NC, int U, class Cols>
void complex_gemv_n_columns(index_t m, Cols columns,
                            const typename ComplexLanes<V>::Factor *factors,
                            std::complex<typename V::T> *yc) {
  using R = typename V::T;
  using reg = typename V::reg;
  constexpr int W = V::width;
  // Factors and column pointers in registers: read through their arrays
  // they were reloaded for every FMA (a store to y might alias them), 32
  // extra vector loads per 16 vectors of A (zgemv N 256^2 0.67x OpenBLAS on
  // Zen 4).
  // The swapped half of each product, summed over the columns unswapped:
  // sum_c swap(a_c) * k2_c = swap(sum_c a_c * swap(k2_c)), so a group costs
  // one lane swap per vector of y instead of one per vector of A (on Zen 3
  // the swaps share a pipe with the FMAs: cgemv N 128^2 0.88x OpenBLAS).
  reg k1[NC], k2[NC];
  const R *a[NC];
#pragma GCC unroll 16
  for (int c = 0; c < NC; ++c) {
    k1[c] = factors[c].k1;
    k2[c] = V::swap_pairs(factors[c].k2);
    a[c] = reinterpret_cast<const R *>(columns[c]);
  }
  const auto column = [&a](int c) { return a[c]; };
  R *y = reinterpret_cast<R *>(yc);
  const index_t len = 2 * m;
  // One masked vector of rows; each element's sum is the same FMAs in the
  // same order wherever the vectors start, so the rows before A's first
  // column is vector-aligned (all columns, when lda keeps them so) go first.
  const auto step = [&](index_t i, int r) {
    reg yv = load_first<V>(y + i, r), swapped = V::zero();
#pragma GCC unroll 16
    for (int c = 0; c < NC; ++c) {
      const reg av = in_register(load_first<V>(column(c) + i, r));
      yv = V::fma(av, k1[c], yv);
      swapped = V::fma(av, k2[c], swapped);
    }
    store_first<V>(y + i, V::add(yv, V::swap_pairs(swapped)), r);
  };
  index_t i = len <= 4 * W ? 0 : std::min(aligning_head<V>(column(0)), len);  // (see axpy)
  if (i) step(0, static_cast<int>(i));
  for (; i + U * W <= len; i += U * W) {
    reg yv[U], swapped[U];
#pragma GCC unroll 16
    for (int u = 0; u < U; ++u) {
      yv[u] = V::load(y + i + u * W);
      swapped[u] = V::zero();
    }
#pragma GCC unroll 16
    for (int c = 0; c < NC; ++c)
#pragma GCC unroll 16
      for (int u = 0; u < U; ++u) {
        const reg av = in_register(V::load(column(c) + i + u * W));
        yv[u] = V::fma(av, k1[c], yv[u]);
        swapped[u] = V::fma(av, k2[c], swapped[u]);
      }
#pragma GCC unroll 16
    for (int u = 0; u < U; ++u) V::store(y + i + u * W, V::add(yv[u], V::swap_pairs(swapped[u])));
  }
  for (; i + W <= len; i += W) step(i, W);
  if (i < len) step(i, static_cast<int>(len - i));
}

// The same for count (< NC, known only at run time) columns: the last ones
// of a gemv, in one pass over y (a pass per column stored y and read it back
// through masked vectors: a 4 x 4 zgemv N 2-3x OpenBLAS's time).
template <class V, class Cols>
void complex_gemv_n_few_columns(index_t m, int count, Cols a,
                                const typename ComplexLanes<V>::Factor *f,
                                std::complex<typename V::T> *yc) {
  using L = ComplexLanes<V>;
  using R = typename V::T;
  using reg = typename V::reg;
  constexpr int W = V::width;
  R *y = reinterpret_cast<R *>(yc);
  const index_t len = 2 * m;
  for (index_t i = 0; i < len; i += W) {
    const int r = static_cast<int>(len - i < W ? len - i : W);
    reg yv = load_first<V>(y + i, r);
    for (int c = 0; c < count; ++c)
      yv = L::madd(f[c], load_first<V>(reinterpret_cast<const R *>(a[c]) + i, r), yv);
    store_first<V>(y + i, yv, r);
  }
}

// y[0:m] += alpha * op(A) x, A m x n, op = conj when conj_a.
template <class V, int NC, int U, class Cols>
void complex_gemv_n_groups(index_t m, index_t n, const std::complex<typename V::T> &alpha, Cols a,
                           const std::complex<typename V::T> *x, std::complex<typename V::T> *y,
                           bool conj_a) {
  using L = ComplexLanes<V>;
  typename L::Factor f[NC];
  index_t j = 0;
  for (; j + NC <= n; j += NC) {
    for (int c = 0; c < NC; ++c) f[c] = L::factor(L::mul(alpha, x[j + c]), conj_a);
    complex_gemv_n_columns<V, NC, U>(m, a.after(j), f, y);
  }
  if (j == n) return;
  const int rest = static_cast<int>(n - j);
  for (int c = 0; c < rest; ++c) f[c] = L::factor(L::mul(alpha, x[j + c]), conj_a);
  complex_gemv_n_few_columns<V>(m, rest, a.after(j), f, y);
}

template <class V, int NC, int U>
void complex_gemv_n(index_t m, index_t n, const std::complex<typename V::T> &alpha,
                    const std::complex<typename V::T> *a, index_t lda,
                    const std::complex<typename V::T> *x, std::complex<typename V::T> *y,
                    bool conj_a) {
  using C = std::complex<typename V::T>;
  complex_gemv_n_groups<V, NC, U>(m, n, alpha, StridedColumns<C>{a, lda}, x, y, conj_a);
}

template <class V, int NC, int U>
void complex_gemv_n_listed(index_t m, index_t n, const std::complex<typename V::T> &alpha,
                           const std::complex<typename V::T> *const *col,
                           const std::complex<typename V::T> *x, std::complex<typename V::T> *y,
                           bool conj_a) {
  using C = std::complex<typename V::T>;
  complex_gemv_n_groups<V, NC, U>(m, n, alpha, ListedColumns<C>{col}, x, y, conj_a);
}

// y[c] += alpha * sum_i op(A(i, c)) x[i] for NC columns; each column's sum has
// the same shape whatever NC is, so a result does not depend on its group.
// kHalves: load vectors in halves (data not vector-aligned; see dot).
template <class V, int NC, int U, bool kHalves, class Cols>
void complex_gemv_t_columns(index_t m, const std::complex<typename V::T> &alpha, Cols a,
                            const std::complex<typename V::T> *xc,
                            std::complex<typename V::T> *y, bool conj_a) {
  using L = ComplexLanes<V>;
  using R = typename V::T;
  using reg = typename V::reg;
  constexpr int W = V::width;
  const auto load = [](const R *p) { return kHalves ? V::load_halves(p) : V::load(p); };
  const auto column = [&a](int c) { return reinterpret_cast<const R *>(a[c]); };
  const R *x = reinterpret_cast<const R *>(xc);
  const index_t len = 2 * m;
  reg s1[NC][U], s2[NC][U];
#pragma GCC unroll 16
  for (int c = 0; c < NC; ++c)
#pragma GCC unroll 16
    for (int u = 0; u < U; ++u) s1[c][u] = s2[c][u] = V::zero();
  const auto step = [&](index_t i, int r) {  // one masked vector of rows
    const reg xv = V::load_partial(x + i, r), xs = V::swap_pairs(xv);
#pragma GCC unroll 16
    for (int c = 0; c < NC; ++c) {
      const reg av = V::load_partial(column(c) + i, r);
      s1[c][0] = V::fma(av, xv, s1[c][0]);
      s2[c][0] = V::fma(av, xs, s2[c][0]);
    }
  };
  index_t i = 0;
  for (; i + U * W <= len; i += U * W) {
    reg xv[U], xs[U];
#pragma GCC unroll 16
    for (int u = 0; u < U; ++u) {
      xv[u] = load(x + i + u * W);
      xs[u] = V::swap_pairs(xv[u]);
    }
#pragma GCC unroll 16
    for (int c = 0; c < NC; ++c)
#pragma GCC unroll 16
      for (int u = 0; u < U; ++u) {
        const reg av = in_register(load(column(c) + i + u * W));
        s1[c][u] = V::fma(av, xv[u], s1[c][u]);
        s2[c][u] = V::fma(av, xs[u], s2[c][u]);
      }
  }
  for (; i < len; i += W) step(i, static_cast<int>(len - i < W ? len - i : W));
  using K = ComplexVectorKernelSet<V, U>;
  reg parts[2 * NC];
  R sums[2 * NC];
#pragma GCC unroll 16
  for (int c = 0; c < NC; ++c)
    L::dot_parts(K::tree_sum(s1[c]), K::tree_sum(s2[c]), conj_a, parts + 2 * c);
  lane_sums<V, 2 * NC>(parts, sums);
#pragma GCC unroll 16
  for (int c = 0; c < NC; ++c) y[c] += L::mul(alpha, std::complex<R>(sums[2 * c], sums[2 * c + 1]));
}

template <class V, int NC, int U, bool kHalves, class Cols>
void complex_gemv_t_groups(index_t m, index_t n, const std::complex<typename V::T> &alpha, Cols a,
                           const std::complex<typename V::T> *x, std::complex<typename V::T> *y,
                           bool conj_a) {
  index_t j = 0;
  for (; j + NC <= n; j += NC)
    complex_gemv_t_columns<V, NC, U, kHalves>(m, alpha, a.after(j), x, y + j, conj_a);
  for (; j < n; ++j)
    complex_gemv_t_columns<V, 1, U, kHalves>(m, alpha, a.after(j), x, y + j, conj_a);
}

template <class V, int NC, int U, class Cols>
void complex_gemv_t_any(index_t m, index_t n, const std::complex<typename V::T> &alpha, Cols a,
                        const std::complex<typename V::T> *x, std::complex<typename V::T> *y,
                        bool conj_a) {
  if (vector_aligned<V>(a, n, x))
    complex_gemv_t_groups<V, NC, U, false>(m, n, alpha, a, x, y, conj_a);
  else
    complex_gemv_t_groups<V, NC, U, true>(m, n, alpha, a, x, y, conj_a);
}

template <class V, int NC, int U>
void complex_gemv_t(index_t m, index_t n, const std::complex<typename V::T> &alpha,
                    const std::complex<typename V::T> *a, index_t lda,
                    const std::complex<typename V::T> *x, std::complex<typename V::T> *y,
                    bool conj_a) {
  using C = std::complex<typename V::T>;
  complex_gemv_t_any<V, NC, U>(m, n, alpha, StridedColumns<C>{a, lda}, x, y, conj_a);
}

template <class V, int NC, int U>
void complex_gemv_t_listed(index_t m, index_t n, const std::complex<typename V::T> &alpha,
                           const std::complex<typename V::T> *const *col,
                           const std::complex<typename V::T> *x, std::complex<typename V::T> *y,
                           bool conj_a) {
  using C = std::complex<typename V::T>;
  complex_gemv_t_any<V, NC, U>(m, n, alpha, ListedColumns<C>{col}, x, y, conj_a);
}

template <class V, int U>
index_t complex_iamax(index_t n, const std::complex<typename V::T> *x) {
  return iamax_of<V, U, true>(2 * n, reinterpret_cast<const typename V::T *>(x));
}

// ComplexVectorKernels::tri_solve: X is m rows of ldx elements (w of them
// used; ldx a multiple of 8, so whole vectors).  Row l is scaled by inv[l]
// once every earlier row is taken off it, then taken off each later row i
// with T(i, l), a vector of columns at a time: every update is independent,
// whole vectors only (no masks), and no element waits on one just stored.
// (Column by column, the substitution was a chain of store-forwarded steps
// per column: ctrsm/ztrsm 16-64^2 2-3x OpenBLAS's time.)  Each element sees
// the reference's operations in its order, but for the skipping of zero
// x(l): the caller runs this only when T and inv are finite, where skipping
// changes nothing.
template <class V>
void complex_tri_solve(index_t m, const std::complex<typename V::T> *t,
                       const std::complex<typename V::T> *inv, bool upper, index_t w,
                       std::complex<typename V::T> *x, index_t ldx) {
  using L = ComplexLanes<V>;
  using R = typename V::T;
  using reg = typename V::reg;
  constexpr int W = V::width;
  const index_t len = 2 * w;  // reals per row (whole vectors: the padding is computed on)
  for (index_t step = 0; step < m; ++step) {
    const index_t l = upper ? m - 1 - step : step;
    R *xl = reinterpret_cast<R *>(x + l * ldx);
    const typename L::Factor scale = L::factor(inv[l], false);
    for (index_t k = 0; k < len; k += W)
      V::store(xl + k, L::madd(scale, V::load(xl + k), V::zero()));
    const index_t lo = upper ? 0 : l + 1, hi = upper ? l : m;
    for (index_t i = lo; i < hi; ++i) {
      const typename L::Factor f = L::factor(-t[i + l * m], false);
      R *xi = reinterpret_cast<R *>(x + i * ldx);
      for (index_t k = 0; k < len; k += W) {
        const reg v = L::madd(f, V::load(xl + k), V::load(xi + k));
        V::store(xi + k, v);
      }
    }
  }
}

// One strip of NV vectors of columns (from real k) of every row, for
// complex_tri_multiply: row i's strip becomes the sum over row i of T of
// T(i, l) * row l's strip.  The real and the imaginary part of T(i, l), each
// broadcast from T's row (contiguous), multiply the strip into two sums of
// their own, so each FMA chain has one FMA per l and no lanes are swapped
// in the loop; the swap and sign come once per strip at the end:
// (tr xr - ti xi, tr xi + ti xr) = re + (-1, 1) * swap(im).
template <class V, int NV>
void complex_tri_multiply_strip(index_t m, const typename V::T *t, bool upper,
                                typename V::T *rows, index_t ld, index_t k) {
  using reg = typename V::reg;
  using R = typename V::T;
  constexpr int W = V::width;
  const reg minus_plus = V::pairs(R(-1), R(1));
  for (index_t step = 0; step < m; ++step) {
    const index_t i = upper ? step : m - 1 - step;
    const index_t l0 = upper ? i : 0, l1 = upper ? m : i + 1;
    reg re[NV], im[NV];
#pragma GCC unroll 8
    for (int u = 0; u < NV; ++u) re[u] = im[u] = V::zero();
    const R *ti = t + 2 * (i * m + l0);
    const R *xl = rows + l0 * ld + k;
    for (index_t l = l0; l < l1; ++l, ti += 2, xl += ld) {
      const reg tr = V::broadcast(ti), tim = V::broadcast(ti + 1);
#pragma GCC unroll 8
      for (int u = 0; u < NV; ++u) {
        const reg xv = in_register(V::load(xl + u * W));  // one load for both FMAs
        re[u] = V::fma(xv, tr, re[u]);
        im[u] = V::fma(xv, tim, im[u]);
      }
    }
#pragma GCC unroll 8
    for (int u = 0; u < NV; ++u)
      V::store(rows + i * ld + k + u * W, V::fma(V::swap_pairs(im[u]), minus_plus, re[u]));
  }
}

// ComplexVectorKernels::tri_multiply, on rows as tri_solve (T row-major
// here): strip by strip of columns, so a strip of every row stays in L1
// while all rows are formed; within a strip rows are taken in the order
// that leaves every row still to be read unchanged (upper: top down;
// lower: bottom up).  Half the flops of the GEMM on the zero-filled
// triangle.  (With T column-major, rows outermost and each term's two FMAs
// in one chain, ztrmm 64^2 ran 1.9x OpenBLAS's time on Zen 3.)
template <class V>
void complex_tri_multiply(index_t m, const std::complex<typename V::T> *t, bool upper, index_t w,
                          std::complex<typename V::T> *x, index_t ldx) {
  using R = typename V::T;
  constexpr int W = V::width;  // strips of 4 vectors: 8 sums and 2 factors in 16 registers
  const index_t len = 2 * w;  // reals per row
  const R *tr = reinterpret_cast<const R *>(t);
  R *rows = reinterpret_cast<R *>(x);
  const index_t ld = 2 * ldx;
  index_t k = 0;
  for (; k + 4 * W <= len; k += 4 * W) complex_tri_multiply_strip<V, 4>(m, tr, upper, rows, ld, k);
  switch ((len - k + W - 1) / W) {  // the last strip, padding rounded up to whole vectors
    case 4: return complex_tri_multiply_strip<V, 4>(m, tr, upper, rows, ld, k);
    case 3: return complex_tri_multiply_strip<V, 3>(m, tr, upper, rows, ld, k);
    case 2: return complex_tri_multiply_strip<V, 2>(m, tr, upper, rows, ld, k);
    case 1: return complex_tri_multiply_strip<V, 1>(m, tr, upper, rows, ld, k);
    default: return;
  }
}

}  // namespace tileblas
