// triangular_recursive.cpp -- the left-side TRMM/TRSM by recursive halving:
// two half-size triangular problems and one GEMM with the off-diagonal
// block, so most flops run in the GEMM engine; the small diagonal blocks are
// done on contiguous copies: complex ones on rows of B by the target's
// vector kernels, real ones by column loops (solves) or one GEMM with the
// triangle zero-filled (multiplies on finite data).  Works for every element
// type and any B layout with almost no scratch memory: complex types run
// here, and real ones when the packed forms (triangular_left/right.cpp) get
// no buffers.
#include <algorithm>
#include <cstring>
#include <type_traits>

#include "level1/active_vector_kernels.hpp"
#include "level3/gemm_complex.hpp"
#include "level3/triangle.hpp"
#include "pack_buffer_pool.hpp"
#include "threading.hpp"

namespace tileblas {
namespace level3 {
namespace {

// Diagonal blocks of these sizes or less are done whole (the leaf): small
// enough that their share of flops (block / m) is small, large enough that
// the GEMM calls above them are not thin.  A solve's leaf runs the
// reference's substitution (complex: the target's vector kernel on rows of
// the tile, ComplexVectorKernels::tri_solve), whose cost is per element of B
// more than per flop: 32.  A multiply's (complex: tri_multiply on rows;
// real: one GEMM with the triangle zero-filled): 64.  Measured for
// ctrsm/ctrmm 1024^2 on Zen 5, 1 thread: solve 32 1.05x faster than 16 or
// 64; multiply 64 1.1-1.2x faster than 16 or 128 (with the GEMM leaf; the
// row kernel's 32, 64 and 128 within noise of each other on Zen 3).
constexpr index_t kSolveBlock = 32;
constexpr index_t kMultiplyBlock = 64;
// Columns of B copied into a contiguous tile at once by the leaf (a
// multiple of 8: complex types pad the tile's rows to that).
constexpr index_t kLeafCols = 128;
static_assert(kLeafCols % 8 == 0);

// Copies the m x m triangle into dst (column-major, ld m) with zeros in the
// other triangle and 1 on a unit diagonal: the column loops then need no
// branches, and nothing outside the triangle is read.  Column by column in
// runs (with an element-by-element test, this and all_finite's std::isfinite
// per element made 16-32^2 ctrsm 1.2x slower).
template <class T>
void pack_triangle(const Triangle<T> &t, index_t m, T *dst) {
  for (index_t j = 0; j < m; ++j) {
    const index_t i0 = t.upper ? 0 : j + 1, i1 = t.upper ? j : m;
    const View<T> column = t.a.at(0, j);
    T *out = dst + j * m;
    // The other triangle's zeros: rows after the diagonal (upper) or before it.
    if (t.upper)
      std::fill(out + j + 1, out + m, T(0));
    else
      std::fill(out, out + j, T(0));
    if (column.rs == 1 && !column.conj)
      std::copy(column.p + i0, column.p + i1, out + i0);
    else
      for (index_t i = i0; i < i1; ++i) out[i] = column.get(i, 0);
    out[j] = t.unit ? T(1) : column.get(j, 0);
  }
}

// One column x (length m) of B: x = alpha T x (Multiply) or x = T^-1 alpha x
// (Solve).  tri(i, l) is element (i, l) of T, called only inside its
// triangle; x(i) is a reference to element i; solve_diagonal(v, l) is
// v / T(l, l).  The loop orders are the reference's (column-oriented, an
// axpy per column of T), and so is the skipping of zero elements of x when
// skip_zeros (Triangle::skip_zero_b).
template <class T, class TriAt, class DiagonalSolve, class Vec>
void column_op(Kind kind, bool upper, bool skip_zeros, index_t m, TriAt tri,
               DiagonalSolve solve_diagonal, T alpha, Vec x) {
  if (kind == Kind::Multiply) {
    if (upper) {
      for (index_t l = 0; l < m; ++l) {
        if (skip_zeros && x(l) == T(0)) continue;
        const T s = cmul(alpha, x(l));
        for (index_t i = 0; i < l; ++i) x(i) += cmul(s, tri(i, l));
        x(l) = cmul(s, tri(l, l));
      }
    } else {
      for (index_t l = m - 1; l >= 0; --l) {
        if (skip_zeros && x(l) == T(0)) continue;
        const T s = cmul(alpha, x(l));
        x(l) = cmul(s, tri(l, l));
        for (index_t i = l + 1; i < m; ++i) x(i) += cmul(s, tri(i, l));
      }
    }
    return;
  }
  if (alpha != T(1))
    for (index_t i = 0; i < m; ++i) x(i) = cmul(alpha, x(i));
  if (upper) {
    for (index_t l = m - 1; l >= 0; --l) {
      if (skip_zeros && x(l) == T(0)) continue;
      const T s = x(l) = solve_diagonal(x(l), l);
      for (index_t i = 0; i < l; ++i) x(i) -= cmul(s, tri(i, l));
    }
  } else {
    for (index_t l = 0; l < m; ++l) {
      if (skip_zeros && x(l) == T(0)) continue;
      const T s = x(l) = solve_diagonal(x(l), l);
      for (index_t i = l + 1; i < m; ++i) x(i) -= cmul(s, tri(i, l));
    }
  }
}

// Whether every value (both parts of a complex one) is finite: x * 0 is 0
// for finite x and NaN otherwise, and a NaN stays in a sum.  Summed in
// kLanes independent sums, which the compiler vectorizes (one flag per
// element was a scalar compare and cmov each: 13 % of a 64^2 ztrmm).
template <class T>
bool all_finite(const T *v, index_t count) {
  using R = typename std::conditional_t<is_complex<T>::value, T, std::complex<T>>::value_type;
  constexpr int kLanes = 16;
  const R *r = reinterpret_cast<const R *>(v);
  const index_t parts = count * index_t(sizeof(T) / sizeof(R));
  R sums[kLanes] = {};
  index_t i = 0;
  for (; i + kLanes <= parts; i += kLanes)
    for (int u = 0; u < kLanes; ++u) sums[u] += r[i + u] * R(0);
  for (; i < parts; ++i) sums[0] += r[i] * R(0);
  R total = 0;
  for (int u = 0; u < kLanes; ++u) total += sums[u];
  return total == R(0);
}

// The m x w view B into the rows of a tile (element (i, j) at rows[i * ld +
// j]), or back.  A column-major B goes 8 columns at a time, so a row's 8
// elements move together and the reads are 8 streams (column by column,
// every element was another cache line); a row-major one row by row.
// Elements move as bytes (a complex<float> in one 8-byte move, not two
// float moves).
template <bool kIntoRows, class T>
void exchange_rows(MutView<T> b, index_t m, index_t w, T *rows, index_t ld) {
  const auto move = [](T *row_element, T *b_element) {
    if (kIntoRows)
      std::memcpy(row_element, b_element, sizeof(T));
    else
      std::memcpy(b_element, row_element, sizeof(T));
  };
  if (b.rs != 1) {  // a row-major view: rows to rows
    for (index_t i = 0; i < m; ++i)
      for (index_t j = 0; j < w; ++j) move(rows + i * ld + j, &b(i, j));
    return;
  }
  index_t j = 0;
  for (; j + 8 <= w; j += 8)
    for (index_t i = 0; i < m; ++i)
      for (int u = 0; u < 8; ++u) move(rows + i * ld + j + u, &b(i, j + u));
  for (; j < w; ++j)
    for (index_t i = 0; i < m; ++i) move(rows + i * ld + j, &b(i, j));
}

// Out of memory: the same column loops on B and A in place (slow, needs
// no scratch at all).
template <class T>
void leaf_in_place(Kind kind, const Triangle<T> &t, index_t m, index_t n, T alpha, MutView<T> b) {
  const auto tri = [&](index_t i, index_t l) { return i == l && t.unit ? T(1) : t.a.get(i, l); };
  const auto divide = [&](T v, index_t l) { return v / tri(l, l); };
  for (index_t j = 0; j < n; ++j)
    column_op(kind, t.upper, t.skip_zero_b, m, tri, divide, alpha,
              [&](index_t i) -> T & { return b(i, j); });
}

// The diagonal-block case (m <= kSolveBlock or kMultiplyBlock): columns of
// B are copied in tiles to contiguous memory and transformed (back in place,
// or by the GEMM straight into B); threads take column ranges when n is large.
template <class T>
void leaf(Kind kind, const Triangle<T> &t, index_t m, index_t n, T alpha, MutView<T> b) {
  // A real problem comes here whole when tiny (triangular.cpp): the column
  // loops on A and B in place then cost less than the three scratch leases,
  // the copies and the reciprocals around them.  (Multiplies up to 4^3
  // only: at 8^3 a left one ran 10-25 % faster as the one GEMM below.)
  if constexpr (!is_complex<T>::value)
    if (double(m) * double(m) * double(n) <= (kind == Kind::Solve ? kTinyFlops : kTinyFlops / 8))
      return leaf_in_place(kind, t, m, n, alpha, b);
  // Scratch from the pool, not the stack: a caller's thread may have a small one.
  PackBuffer tt_buf(sizeof(T) * m * m);
  if (!tt_buf.ok()) return leaf_in_place(kind, t, m, n, alpha, b);
  T *tt = tt_buf.as<T>();
  // Complex multiplies read T by rows (ComplexVectorKernels::tri_multiply):
  // the copy of T^T column-major is T row-major.
  const bool row_major = has_complex_vector_kernels_v<T> && kind == Kind::Multiply;
  pack_triangle(row_major ? t.transposed() : t, m, tt);
  const View<T> tv = row_major ? View<T>::col_major(tt, m).transposed() : View<T>::col_major(tt, m);
  // Solves multiply by the diagonal's reciprocals, divided once per block
  // rather than once per element of B (as OpenBLAS's packed diagonals): a
  // complex division is a libgcc call, 18 % of a 1024^2 ctrsm otherwise.
  PackBuffer inv_buf(sizeof(T) * m);
  if (!inv_buf.ok()) return leaf_in_place(kind, t, m, n, alpha, b);
  T *inv = inv_buf.as<T>();
  if (kind == Kind::Solve)
    for (index_t l = 0; l < m; ++l) inv[l] = T(1) / tt[l + l * m];
  const bool triangle_finite = all_finite(tt, m * m);
  // Complex types run in the target's vector kernels on the tile's rows
  // (ComplexVectorKernels::tri_solve / tri_multiply; the scalar loops below:
  // 26 % of a ctrsm), padded to whole vectors.  With T finite, and the
  // reciprocals (solve) or alpha (multiply) too, they give what the
  // reference's loops give, which skip zero elements of B.
  const bool on_rows = has_complex_vector_kernels_v<T> && triangle_finite &&
                       (kind == Kind::Solve ? all_finite(inv, m) : all_finite(&alpha, 1));
  const int threads = threads_for_call(double(m) * double(m) * double(n));
  run_team(threads, [&](int id, int team) {
    const index_t units = (n + kLeafCols - 1) / kLeafCols;
    const index_t begin = std::min(n, units * id / team * kLeafCols);
    const index_t end = std::min(n, units * (id + 1) / team * kLeafCols);
    PackBuffer tile_buf(sizeof(T) * m * (kLeafCols + 8));
    if (!tile_buf.ok()) {
      leaf_in_place(kind, t, m, end - begin, alpha, b.at(0, begin));
      return;
    }
    T *tile = tile_buf.as<T>();
    // B from column j0 on, transposed: its rows are B's columns, which
    // exchange_rows moves into a column-major tile (ld m) or back.
    const auto columns_from = [&](index_t j0) {
      const MutView<T> c = b.at(0, j0);
      return MutView<T>{c.p, c.cs, c.rs};
    };
    for (index_t j0 = begin; j0 < end; j0 += kLeafCols) {
      const index_t w = std::min(kLeafCols, end - j0);
      if constexpr (has_complex_vector_kernels_v<T>) {
        if (on_rows) {
          // Rows an odd multiple of 8 elements apart: at 64 (1 KiB of
          // complex doubles) a strip of every row fell in a few L1 sets.
          // The kernels compute on whole vectors: up to a multiple of 8
          // elements, zeros past w.
          const index_t padded = (w + 7) / 8 * 8, ld = ((padded / 8) | 1) * 8;
          for (index_t i = 0; i < m && padded > w; ++i)
            std::fill(tile + i * ld + w, tile + i * ld + padded, T(0));
          exchange_rows<true>(b.at(0, j0), m, w, tile, ld);
          if (alpha != T(1))
            for (index_t i = 0; i < m; ++i)
              for (index_t j = 0; j < w; ++j) tile[i * ld + j] = cmul(alpha, tile[i * ld + j]);
          if (kind == Kind::Solve)
            complex_vector_kernels<T>().tri_solve(m, tt, inv, t.upper, w, tile, ld);
          else
            complex_vector_kernels<T>().tri_multiply(m, tt, t.upper, w, tile, ld);
          exchange_rows<false>(b.at(0, j0), m, w, tile, ld);
          continue;
        }
      }
      exchange_rows<true>(columns_from(j0), w, m, tile, m);
      if (kind == Kind::Multiply && triangle_finite && all_finite(tile, m * w)) {
        // T's copy has zeros outside its triangle: one GEMM (the column
        // loops' cost is per element of B, this one's per flop).  Only on
        // finite data, where a product with those zeros is exactly zero
        // (0 * Inf would put NaN where the reference's loops, which never
        // touch the zeros, give Inf).
        gemm_view<T>(m, w, m, alpha, tv, View<T>::col_major(tile, m), T(0), b.at(0, j0));
        continue;
      }
      const auto tri = [tv](index_t i, index_t l) { return tv.get(i, l); };
      const auto times_reciprocal = [inv](T v, index_t l) { return cmul(v, inv[l]); };
      for (index_t j = 0; j < w; ++j) {
        T *x = tile + j * m;
        column_op(kind, t.upper, t.skip_zero_b, m, tri, times_reciprocal, alpha,
                  [x](index_t i) -> T & { return x[i]; });
      }
      exchange_rows<false>(columns_from(j0), w, m, tile, m);
    }
  });
}

// B (m x n) = alpha T B, T m x m.  Upper: B1 = T11 B1 + T12 B2, B2 = T22 B2,
// so B1 is finished before B2 changes; lower is the mirror image.
template <class T>
void multiply_left(const Triangle<T> &t, index_t m, index_t n, T alpha, MutView<T> b) {
  if (m <= kMultiplyBlock) return leaf(Kind::Multiply, t, m, n, alpha, b);
  const index_t m1 = split_point(m), m2 = m - m1;
  if (t.upper) {
    multiply_left(t, m1, n, alpha, b);
    gemm_view<T>(m1, n, m2, alpha, t.a.at(0, m1), b.at(m1, 0).view(), T(1), b);
    multiply_left(t.lower_right(m1), m2, n, alpha, b.at(m1, 0));
  } else {
    multiply_left(t.lower_right(m1), m2, n, alpha, b.at(m1, 0));
    gemm_view<T>(m2, n, m1, alpha, t.a.at(m1, 0), b.view(), T(1), b.at(m1, 0));
    multiply_left(t, m1, n, alpha, b);
  }
}

// Solves T X = alpha B, X over B.  Upper: X2 = T22^-1 alpha B2, then
// X1 = T11^-1 (alpha B1 - T12 X2); lower is the mirror image.
template <class T>
void solve_left(const Triangle<T> &t, index_t m, index_t n, T alpha, MutView<T> b) {
  if (m <= kSolveBlock) return leaf(Kind::Solve, t, m, n, alpha, b);
  const index_t m1 = split_point(m), m2 = m - m1;
  if (t.upper) {
    solve_left(t.lower_right(m1), m2, n, alpha, b.at(m1, 0));
    gemm_view<T>(m1, n, m2, T(-1), t.a.at(0, m1), b.at(m1, 0).view(), alpha, b);
    solve_left(t, m1, n, T(1), b);
  } else {
    solve_left(t, m1, n, alpha, b);
    gemm_view<T>(m2, n, m1, T(-1), t.a.at(m1, 0), b.view(), alpha, b.at(m1, 0));
    solve_left(t.lower_right(m1), m2, n, T(1), b.at(m1, 0));
  }
}

}  // namespace

template <class T>
void recursive_left(Kind kind, const Triangle<T> &t, index_t m, index_t n, T alpha,
                    MutView<T> b) {
  if (kind == Kind::Multiply)
    multiply_left(t, m, n, alpha, b);
  else
    solve_left(t, m, n, alpha, b);
}

#define TILEBLAS_INSTANTIATE(T)                                                             \
  template void recursive_left<T>(Kind, const Triangle<T> &, index_t, index_t, T, MutView<T>);
TILEBLAS_INSTANTIATE(float)
TILEBLAS_INSTANTIATE(double)
TILEBLAS_INSTANTIATE(std::complex<float>)
TILEBLAS_INSTANTIATE(std::complex<double>)
#undef TILEBLAS_INSTANTIATE

}  // namespace level3
}  // namespace tileblas
