// triangular_blocked.cpp -- trsv/tpsv and trmv/tpmv on a full or packed
// triangle (real or complex, op(A) conjugated or not) in blocks of kBlock
// columns (OpenBLAS's DTB_ENTRIES idea): the rectangles beside the diagonal
// triangles as one gemv_n or gemv_t each (packed columns as a list of
// pointers), so almost all of A streams through the gemv kernels at gemv
// speed.  Each kBlock triangle is blocked the same way again with
// kInnerBlock columns, whose small triangles run as scalar loops: kernel
// calls on a few elements would cost more than the arithmetic (complex
// column by column, an axpy or dot call per column: ctrsv at 0.65x
// OpenBLAS).
//
// The reference skips a column whose x[j] is zero in the column-oriented
// forms (no 0 * Inf = NaN from that column): so do the triangles, and a
// rectangle whose block of x holds a zero runs column by column as well.
#include "level2/triangular_blocked.hpp"

#include <algorithm>

#include "level1/active_vector_kernels.hpp"
#include "level1/scalar.hpp"
#include "level2/instantiate.hpp"

namespace tileblas::level2 {

namespace {

// 64 columns: the rectangles are long enough for the gemv kernels to run at
// full speed; inside, 8 columns: the rectangles below an 8-column triangle
// are still a few vectors long, and the scalar triangles (n * 4 elements in
// all) stay a few percent of the work.
constexpr index_t kBlock = 64;
constexpr index_t kInnerBlock = 8;

// The target's gemv and axpy kernels on op's matrix (conjugating for Conj).
template <class T, bool Conj>
struct Kernels {
  void gemv_n(index_t m, index_t n, T alpha, const T *a, index_t lda, const T *x, T *y) const {
    if constexpr (is_complex_v<T>)
      complex_vector_kernels<T>().gemv_n(m, n, alpha, a, lda, x, y, Conj);
    else
      vector_kernels<T>().gemv_n(m, n, alpha, a, lda, x, y);
  }
  void gemv_t(index_t m, index_t n, T alpha, const T *a, index_t lda, const T *x, T *y) const {
    if constexpr (is_complex_v<T>)
      complex_vector_kernels<T>().gemv_t(m, n, alpha, a, lda, x, y, Conj);
    else
      vector_kernels<T>().gemv_t(m, n, alpha, a, lda, x, y);
  }
  void gemv_n(index_t m, index_t n, T alpha, const T *const *col, const T *x, T *y) const {
    if constexpr (is_complex_v<T>)
      complex_vector_kernels<T>().gemv_n_listed(m, n, alpha, col, x, y, Conj);
    else
      vector_kernels<T>().gemv_n_listed(m, n, alpha, col, x, y);
  }
  void gemv_t(index_t m, index_t n, T alpha, const T *const *col, const T *x, T *y) const {
    if constexpr (is_complex_v<T>)
      complex_vector_kernels<T>().gemv_t_listed(m, n, alpha, col, x, y, Conj);
    else
      vector_kernels<T>().gemv_t_listed(m, n, alpha, col, x, y);
  }
  void axpy(index_t n, T alpha, const T *x, T *y) const {
    if constexpr (is_complex_v<T>)
      complex_vector_kernels<T>().axpy(n, alpha, x, y, Conj);
    else
      vector_kernels<T>().axpy(n, alpha, x, y);
  }
};

// The triangle's storage, read as op's matrix (each element conjugated when
// Conj, complex T only): at(i, j) points to element (i, j); diagonal_block(j0)
// is the same storage seen from A(j0, j0) on; gemv_n and gemv_t run a kernel
// on the rectangle of rows r0..r0+m-1 and columns j0..j0+nb-1 (nb <= kBlock).
//
// Full storage: column-major, leading dimension lda.
template <class T, bool Conj>
struct Columns {
  static constexpr bool kConj = Conj;
  const T *a;
  index_t lda;
  const T *at(index_t i, index_t j) const { return a + i + j * lda; }
  T operator()(index_t i, index_t j) const { return conj_if<Conj>(*at(i, j)); }
  T diag(index_t j) const { return (*this)(j, j); }
  Columns diagonal_block(index_t j0) const { return {at(j0, j0), lda}; }
  void gemv_n(index_t r0, index_t m, index_t j0, index_t nb, T alpha, const T *x, T *y) const {
    Kernels<T, Conj>().gemv_n(m, nb, alpha, at(r0, j0), lda, x, y);
  }
  void gemv_t(index_t r0, index_t m, index_t j0, index_t nb, T alpha, const T *x, T *y) const {
    Kernels<T, Conj>().gemv_t(m, nb, alpha, at(r0, j0), lda, x, y);
  }
};

// Packed storage (Triangle::column_offset), seen from A(origin, origin) on.
// Its columns have no common stride: the rectangles go to the kernels as
// lists of column pointers.
template <class T, bool Conj, bool Upper>
struct PackedColumns {
  static constexpr bool kConj = Conj;
  const T *a;
  index_t n, origin;
  const T *at(index_t i, index_t j) const {
    return a + Triangle::packed(Upper, n).column_offset(origin + j) + origin + i;
  }
  T operator()(index_t i, index_t j) const { return conj_if<Conj>(*at(i, j)); }
  T diag(index_t j) const { return (*this)(j, j); }
  PackedColumns diagonal_block(index_t j0) const { return {a, n, origin + j0}; }
  void gemv_n(index_t r0, index_t m, index_t j0, index_t nb, T alpha, const T *x, T *y) const {
    const T *col[kBlock];
    Kernels<T, Conj>().gemv_n(m, nb, alpha, columns(r0, j0, nb, col), x, y);
  }
  void gemv_t(index_t r0, index_t m, index_t j0, index_t nb, T alpha, const T *x, T *y) const {
    const T *col[kBlock];
    Kernels<T, Conj>().gemv_t(m, nb, alpha, columns(r0, j0, nb, col), x, y);
  }
  const T *const *columns(index_t r0, index_t j0, index_t nb, const T **col) const {
    for (index_t c = 0; c < nb; ++c) col[c] = at(r0, j0 + c);
    return col;
  }
};

// x[0:len] += t * A(r0:r0+len, j) and the dot of that piece of column j
// with x, in scalar code: the partial inner triangles (n not a multiple of
// kInnerBlock).
template <class T, class M>
void scalar_axpy(index_t len, T t, const M &A, index_t r0, index_t j, T *x) {
  for (index_t i = 0; i < len; ++i) x[i] += mul(t, A(r0 + i, j));
}
template <class T, class M>
T scalar_dot(index_t len, const M &A, index_t r0, index_t j, const T *x) {
  T s = 0;
  for (index_t i = 0; i < len; ++i) s += mul(A(r0 + i, j), x[i]);
  return s;
}

// y[0:m] += sign * A(r0:r0+m, j0:j0+nb) * x[j0:j0+nb], skipping zero x[j].
template <class T, class M>
void add_columns(const M &A, index_t r0, index_t m, index_t j0, index_t nb, T sign, const T *x,
                 T *y) {
  if (m <= 0) return;
  const T *xb = x + j0;
  if (std::none_of(xb, xb + nb, [](T v) { return v == T(0); })) {
    A.gemv_n(r0, m, j0, nb, sign, xb, y);
    return;
  }
  const Kernels<T, M::kConj> k;
  for (index_t c = 0; c < nb; ++c)
    if (xb[c] != T(0)) k.axpy(m, mul(sign, xb[c]), A.at(r0, j0 + c), y);
}

// y[0:nb] += sign * A(r0:r0+m, j0:j0+nb)^T * x[r0:r0+m].
template <class T, class M>
void add_dots(const M &A, index_t r0, index_t m, index_t j0, index_t nb, T sign, const T *x,
              T *y) {
  if (m > 0) A.gemv_t(r0, m, j0, nb, sign, x + r0, y);
}

// ---- x = A^-1 x
// The solve is one dependency chain through x (each x[j] waits for the
// columns before it), so a full kInnerBlock triangle keeps its piece of x in
// registers: no store-to-load forwarding in the chain, only the division.
template <bool Upper, class T, class M>
void solve_inner_columns(const M &A, bool unit, T *x) {
  constexpr int N = kInnerBlock;
  T v[N];
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) v[i] = x[i];
#pragma GCC unroll 8
  for (int step = 0; step < N; ++step) {
    const int j = Upper ? N - 1 - step : step;
    if (v[j] == T(0)) continue;  // the reference skips zero x[j]
    if (!unit) v[j] = divide(v[j], A.diag(j));
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i)
      if (Upper ? i < j : i > j) v[i] -= mul(v[j], A(i, j));
  }
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) x[i] = v[i];
}

template <bool Upper, class T, class M>
void solve_inner_dots(const M &A, bool unit, T *x) {
  constexpr int N = kInnerBlock;
  T v[N];
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) v[i] = x[i];
#pragma GCC unroll 8
  for (int step = 0; step < N; ++step) {
    const int j = Upper ? step : N - 1 - step;
    T t = v[j];
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i)
      if (Upper ? i < j : i > j) t -= mul(A(i, j), v[i]);
    if (!unit) t = divide(t, A.diag(j));
    v[j] = t;
  }
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) x[i] = v[i];
}

template <class T, class M>
void solve_columns(const M &A, bool upper, bool unit, index_t n, T *x,
                   index_t block = kBlock) {
  // The diagonal triangle of columns [j0, j1): blocked again, or scalar.
  auto triangle = [&](index_t j0, index_t j1) {
    if (block > kInnerBlock) {
      solve_columns(A.diagonal_block(j0), upper, unit, j1 - j0, x + j0, kInnerBlock);
      return;
    }
    if (j1 - j0 == kInnerBlock) {
      upper ? solve_inner_columns<true>(A.diagonal_block(j0), unit, x + j0)
            : solve_inner_columns<false>(A.diagonal_block(j0), unit, x + j0);
      return;
    }
    for (index_t step = 0; step < j1 - j0; ++step) {
      const index_t j = upper ? j1 - 1 - step : j0 + step;
      if (x[j] == T(0)) continue;
      if (!unit) x[j] = divide(x[j], A.diag(j));
      if (upper)
        scalar_axpy(j - j0, -x[j], A, j0, j, x + j0);
      else
        scalar_axpy(j1 - j - 1, -x[j], A, j + 1, j, x + j + 1);
    }
  };
  if (upper) {  // last block first
    for (index_t j1 = n; j1 > 0; j1 -= block) {
      const index_t j0 = std::max<index_t>(0, j1 - block);
      triangle(j0, j1);
      add_columns(A, 0, j0, j0, j1 - j0, T(-1), x, x);
    }
  } else {
    for (index_t j0 = 0; j0 < n; j0 += block) {
      const index_t j1 = std::min(n, j0 + block);
      triangle(j0, j1);
      add_columns(A, j1, n - j1, j0, j1 - j0, T(-1), x, x + j1);
    }
  }
}

// x = A^-T x: each block first takes the solved part, then its triangle.
template <class T, class M>
void solve_dots(const M &A, bool upper, bool unit, index_t n, T *x,
                index_t block = kBlock) {
  auto triangle = [&](index_t j0, index_t j1) {
    if (block > kInnerBlock) {
      solve_dots(A.diagonal_block(j0), upper, unit, j1 - j0, x + j0, kInnerBlock);
      return;
    }
    if (j1 - j0 == kInnerBlock) {
      upper ? solve_inner_dots<true>(A.diagonal_block(j0), unit, x + j0)
            : solve_inner_dots<false>(A.diagonal_block(j0), unit, x + j0);
      return;
    }
    for (index_t step = 0; step < j1 - j0; ++step) {
      const index_t j = upper ? j0 + step : j1 - 1 - step;
      T t = x[j] - (upper ? scalar_dot(j - j0, A, j0, j, x + j0)
                          : scalar_dot(j1 - j - 1, A, j + 1, j, x + j + 1));
      if (!unit) t = divide(t, A.diag(j));
      x[j] = t;
    }
  };
  if (upper) {
    for (index_t j0 = 0; j0 < n; j0 += block) {
      const index_t j1 = std::min(n, j0 + block);
      add_dots(A, 0, j0, j0, j1 - j0, T(-1), x, x + j0);
      triangle(j0, j1);
    }
  } else {
    for (index_t j1 = n; j1 > 0; j1 -= block) {
      const index_t j0 = std::max<index_t>(0, j1 - block);
      add_dots(A, j1, n - j1, j0, j1 - j0, T(-1), x, x + j0);
      triangle(j0, j1);
    }
  }
}

// ---- x = A x: each block's rectangle first, while the block's x is unchanged.
template <class T, class M>
void multiply_columns(const M &A, bool upper, bool unit, index_t n, T *x,
                      index_t block = kBlock) {
  auto triangle = [&](index_t j0, index_t j1) {
    if (block > kInnerBlock) {
      multiply_columns(A.diagonal_block(j0), upper, unit, j1 - j0, x + j0, kInnerBlock);
      return;
    }
    for (index_t step = 0; step < j1 - j0; ++step) {
      const index_t j = upper ? j0 + step : j1 - 1 - step;  // x[j] read before it changes
      if (x[j] == T(0)) continue;
      if (upper)
        scalar_axpy(j - j0, x[j], A, j0, j, x + j0);
      else
        scalar_axpy(j1 - j - 1, x[j], A, j + 1, j, x + j + 1);
      if (!unit) x[j] = mul(x[j], A.diag(j));
    }
  };
  if (upper) {  // x[j] feeds rows above it: first block first
    for (index_t j0 = 0; j0 < n; j0 += block) {
      const index_t j1 = std::min(n, j0 + block);
      add_columns(A, 0, j0, j0, j1 - j0, T(1), x, x);
      triangle(j0, j1);
    }
  } else {
    for (index_t j1 = n; j1 > 0; j1 -= block) {
      const index_t j0 = std::max<index_t>(0, j1 - block);
      add_columns(A, j1, n - j1, j0, j1 - j0, T(1), x, x + j1);
      triangle(j0, j1);
    }
  }
}

// x = A^T x: x[j] reads the entries above (upper) or below (lower) it, which
// must still be unchanged: upper walks backwards, lower forwards.
template <class T, class M>
void multiply_dots(const M &A, bool upper, bool unit, index_t n, T *x,
                   index_t block = kBlock) {
  auto triangle = [&](index_t j0, index_t j1) {
    if (block > kInnerBlock) {
      multiply_dots(A.diagonal_block(j0), upper, unit, j1 - j0, x + j0, kInnerBlock);
      return;
    }
    for (index_t step = 0; step < j1 - j0; ++step) {
      const index_t j = upper ? j1 - 1 - step : j0 + step;
      T t = x[j];
      if (!unit) t = mul(t, A.diag(j));
      x[j] = t + (upper ? scalar_dot(j - j0, A, j0, j, x + j0)
                        : scalar_dot(j1 - j - 1, A, j + 1, j, x + j + 1));
    }
  };
  if (upper) {
    for (index_t j1 = n; j1 > 0; j1 -= block) {
      const index_t j0 = std::max<index_t>(0, j1 - block);
      triangle(j0, j1);
      add_dots(A, 0, j0, j0, j1 - j0, T(1), x, x + j0);
    }
  } else {
    for (index_t j0 = 0; j0 < n; j0 += block) {
      const index_t j1 = std::min(n, j0 + block);
      triangle(j0, j1);
      add_dots(A, j1, n - j1, j0, j1 - j0, T(1), x, x + j0);
    }
  }
}

// Full or packed storage, upper or lower, as its accessor type.
template <bool Conj, class T, class Run>
void with_storage(const Triangle &tri, const T *a, const Run &run) {
  if (tri.kind == Triangle::Kind::Full)
    run(Columns<T, Conj>{a, tri.ld});
  else if (tri.upper)
    run(PackedColumns<T, Conj, true>{a, tri.n, 0});
  else
    run(PackedColumns<T, Conj, false>{a, tri.n, 0});
}

template <bool Conj, class T>
void sv_blocked(const Triangle &tri, bool trans, bool unit, const T *a, T *x) {
  with_storage<Conj>(tri, a, [&](const auto &A) {
    trans ? solve_dots(A, tri.upper, unit, tri.n, x) : solve_columns(A, tri.upper, unit, tri.n, x);
  });
}

template <bool Conj, class T>
void mv_blocked(const Triangle &tri, bool trans, bool unit, const T *a, T *x) {
  with_storage<Conj>(tri, a, [&](const auto &A) {
    trans ? multiply_dots(A, tri.upper, unit, tri.n, x)
          : multiply_columns(A, tri.upper, unit, tri.n, x);
  });
}

}  // namespace

template <class T>
void triangular_sv_blocked(const Triangle &tri, bool trans, bool conj, bool unit, const T *a,
                           T *x) {
  conj && is_complex_v<T> ? sv_blocked<true>(tri, trans, unit, a, x)
                          : sv_blocked<false>(tri, trans, unit, a, x);
}

template <class T>
void triangular_mv_blocked(const Triangle &tri, bool trans, bool conj, bool unit, const T *a,
                           T *x) {
  conj && is_complex_v<T> ? mv_blocked<true>(tri, trans, unit, a, x)
                          : mv_blocked<false>(tri, trans, unit, a, x);
}

#define TILEBLAS_INSTANTIATE(T)                                                               \
  template void triangular_sv_blocked<T>(const Triangle &, bool, bool, bool, const T *, T *); \
  template void triangular_mv_blocked<T>(const Triangle &, bool, bool, bool, const T *, T *);
TILEBLAS_LEVEL2_FOR_ALL_TYPES(TILEBLAS_INSTANTIATE)
#undef TILEBLAS_INSTANTIATE

}  // namespace tileblas::level2
