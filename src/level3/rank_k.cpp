// rank_k.cpp -- GEMMT, SYRK/HERK and SYR2K/HER2K: products that update one
// triangle of C.  Each runs its engine's packed driver once over the
// triangle, skipping the register tiles outside it (real types:
// level3/triangle_driver.hpp; complex: gemm_complex with a Part).  Real
// types out of memory for that driver's pack buffers split the triangle
// recursively into two smaller triangles and one full off-diagonal block,
// which is a plain GEMM; the small diagonal blocks left at the bottom are
// computed whole into a scratch tile by GEMM and only their triangle is
// added into C.
#include <algorithm>
#include <type_traits>

#include "dispatch.hpp"
#include "environment.hpp"
#include "level3/gemm_complex.hpp"
#include "level3/triangle_driver.hpp"
#include "level3/view.hpp"
#include "pack_buffer_pool.hpp"
#include "threading.hpp"

namespace tileblas {
namespace level3 {
namespace {

// The routines here, named with the precision's letter in out-of-memory
// notes.  (A table, not an snprintf on every call: 1 % of a 64^2 ssyrk.)
enum class Routine { Gemmt, Syrk, Syr2k };
template <class T>
const char *routine_name(Routine r) {
  static constexpr const char *kNames[2][3] = {{"sgemmt", "ssyrk", "ssyr2k"},
                                               {"dgemmt", "dsyrk", "dsyr2k"}};
  return kNames[std::is_same_v<T, float> ? 0 : 1][int(r)];
}

// Diagonal blocks at or below this size are done whole via the scratch tile:
// large enough for an efficient GEMM, small enough that the wasted half
// (kDiagBlock / 2n of the flops) stays a few percent.
constexpr index_t kDiagBlock = 128;

// Rows [first, last) of column j lie in the `uplo` triangle of an n x n matrix.
struct Rows {
  index_t first, last;
};
inline Rows triangle_rows(Uplo uplo, index_t j, index_t n) {
  return uplo == Uplo::Upper ? Rows{0, j + 1} : Rows{j, n};
}

template <class T>
void scale_triangle(Uplo uplo, index_t n, const T &beta, MutView<T> c) {
  if (beta == T(1)) return;
  for (index_t j = 0; j < n; ++j) {
    const Rows r = triangle_rows(uplo, j, n);
    for (index_t i = r.first; i < r.last; ++i)
      c(i, j) = beta == T(0) ? T(0) : cmul(beta, c(i, j));
  }
}

// Hermitian results keep a real diagonal (as the reference HERK/HER2K do).
template <class T>
void realify_diagonal(index_t n, MutView<T> c) {
  for (index_t j = 0; j < n; ++j) c(j, j) = real_part(c(j, j));
}

// The `uplo` triangle of C (n x n) = alpha X Y + beta C, X n x k, Y k x n;
// alpha != 0, k >= 1.  `scratch` holds kDiagBlock^2 elements, or is null
// (out of memory): then diagonal blocks go column by column.
template <class T>
void triangle_product(Uplo uplo, index_t n, index_t k, const T &alpha, View<T> x, View<T> y,
                      const T &beta, MutView<T> c, T *scratch) {
  if (n <= kDiagBlock) {
    if (!scratch) {
      for (index_t j = 0; j < n; ++j) {
        const Rows r = triangle_rows(uplo, j, n);
        gemm_view<T>(r.last - r.first, 1, k, alpha, x.at(r.first, 0), y.at(0, j), beta,
                     c.at(r.first, j));
      }
      return;
    }
    gemm_view<T>(n, n, k, alpha, x, y, T(0), {scratch, 1, n});
    for (index_t j = 0; j < n; ++j) {
      const Rows r = triangle_rows(uplo, j, n);
      for (index_t i = r.first; i < r.last; ++i) {
        const T s = scratch[i + j * n];
        c(i, j) = beta == T(0) ? s : cmul(beta, c(i, j)) + s;
      }
    }
    return;
  }
  const index_t n1 = split_point(n), n2 = n - n1;
  triangle_product(uplo, n1, k, alpha, x, y, beta, c, scratch);
  if (uplo == Uplo::Upper)
    gemm_view<T>(n1, n2, k, alpha, x, y.at(0, n1), beta, c.at(0, n1));
  else
    gemm_view<T>(n2, n1, k, alpha, x.at(n1, 0), y, beta, c.at(n1, 0));
  triangle_product(uplo, n2, k, alpha, x.at(n1, 0), y.at(0, n1), beta, c.at(n1, n1), scratch);
}

// The triangle in one pass of the packed driver (real T; C column-major).
// False, having written nothing, when its pack buffers cannot be had even at
// the smallest blocking.
template <class T>
bool packed_triangle_product(Uplo uplo, index_t n, index_t k, const T &alpha, View<T> x, View<T> y,
                             const T &beta, MutView<T> c, Routine routine) {
  const GemmKernel<T> &kernel = gemm_kernel_of<T>(active_target());
  const GemmProblem<T> p{n, n, k, alpha, x.p, x.rs, x.cs, y.p, y.rs, y.cs, beta, c.p, c.cs};
  // The triangle holds about half of an n x n x k GEMM's 2n^2k flops.
  const int threads = threads_for_call(double(n) * double(n) * double(k));
  const char *name = routine_name<T>(routine);
  if (triangle_blocked(kernel, uplo == Uplo::Upper, p, threads, name)) return true;
  // The recursive path below still completes the call (each of its GEMMs
  // degrades on its own, down to unpacked loops).
  report_out_of_memory(name);
  return false;
}

// Checked entry for all three routines: n >= 1; alpha == 0 or k == 0 only
// scales (A, B not read).  `routine` names the call in out-of-memory notes.
template <class T>
void update_triangle(Uplo uplo, index_t n, index_t k, const T &alpha, View<T> x, View<T> y,
                     const T &beta, MutView<T> c, Routine routine) {
  if (alpha == T(0) || k == 0) return scale_triangle(uplo, n, beta, c);
  if constexpr (is_complex<T>::value) {
    // The complex engine's triangle pass (it degrades on its own out of memory).
    using R = typename T::value_type;
    gemm_complex<R>({n, n, k, alpha, x.p, x.rs, x.cs, x.conj, y.p, y.rs, y.cs, y.conj, beta, c.p,
                     c.cs},
                    uplo == Uplo::Upper ? Part::Upper : Part::Lower);
  } else {
    if (packed_triangle_product(uplo, n, k, alpha, x, y, beta, c, routine)) return;
    PackBuffer scratch(sizeof(T) * kDiagBlock * kDiagBlock);
    triangle_product(uplo, n, k, alpha, x, y, beta, c, scratch.ok() ? scratch.as<T>() : nullptr);
  }
}

}  // namespace
}  // namespace level3

template <class T>
void gemmt(Uplo uplo, Op ta, Op tb, index_t n, index_t k, const T &alpha, const T *a, index_t lda,
           const T *b, index_t ldb, const T &beta, T *c, index_t ldc) {
  using level3::View;
  if (n <= 0) return;
  level3::update_triangle<T>(uplo, n, k, alpha, View<T>::col_major(a, lda).op(ta),
                             View<T>::col_major(b, ldb).op(tb), beta, {c, 1, ldc},
                             level3::Routine::Gemmt);
}

template <class T>
void syrk(bool hermitian, Uplo uplo, Op trans, index_t n, index_t k, const T &alpha, const T *a,
          index_t lda, const T &beta, T *c, index_t ldc) {
  using level3::View;
  if (n <= 0 || ((alpha == T(0) || k == 0) && beta == T(1))) return;
  const level3::MutView<T> cv{c, 1, ldc};
  // X = op(A) is n x k; the product is X X^T, or X X^H for HERK.
  const View<T> x = View<T>::col_major(a, lda).op(trans);
  const View<T> y = x.op(hermitian ? Op::C : Op::T);
  // HERK reads only the real part of C's diagonal.
  if (hermitian && beta != T(0)) level3::realify_diagonal(n, cv);
  level3::update_triangle<T>(uplo, n, k, alpha, x, y, beta, cv, level3::Routine::Syrk);
  if (hermitian) level3::realify_diagonal(n, cv);
}

template <class T>
void syr2k(bool hermitian, Uplo uplo, Op trans, index_t n, index_t k, const T &alpha, const T *a,
           index_t lda, const T *b, index_t ldb, const T &beta, T *c, index_t ldc) {
  using level3::View;
  if (n <= 0 || ((alpha == T(0) || k == 0) && beta == T(1))) return;
  const level3::MutView<T> cv{c, 1, ldc};
  const Op flip = hermitian ? Op::C : Op::T;
  const View<T> x = View<T>::col_major(a, lda).op(trans);
  const View<T> y = View<T>::col_major(b, ldb).op(trans);
  if (hermitian && beta != T(0)) level3::realify_diagonal(n, cv);
  // Two passes over the triangle: alpha X Y' + beta C, then alpha' Y X' + C.
  level3::update_triangle<T>(uplo, n, k, alpha, x, y.op(flip), beta, cv,
                             level3::Routine::Syr2k);
  if (alpha != T(0) && k > 0)
    level3::update_triangle<T>(uplo, n, k, hermitian ? level3::conj_of(alpha) : alpha, y,
                               x.op(flip), T(1), cv, level3::Routine::Syr2k);
  if (hermitian) level3::realify_diagonal(n, cv);
}

#define TILEBLAS_INSTANTIATE(T)                                                              \
  template void gemmt<T>(Uplo, Op, Op, index_t, index_t, const T &, const T *, index_t,      \
                         const T *, index_t, const T &, T *, index_t);                       \
  template void syrk<T>(bool, Uplo, Op, index_t, index_t, const T &, const T *, index_t,     \
                        const T &, T *, index_t);                                            \
  template void syr2k<T>(bool, Uplo, Op, index_t, index_t, const T &, const T *, index_t,    \
                         const T *, index_t, const T &, T *, index_t);
TILEBLAS_INSTANTIATE(float)
TILEBLAS_INSTANTIATE(double)
TILEBLAS_INSTANTIATE(std::complex<float>)
TILEBLAS_INSTANTIATE(std::complex<double>)
#undef TILEBLAS_INSTANTIATE

}  // namespace tileblas
