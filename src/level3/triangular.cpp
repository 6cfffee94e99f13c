// triangular.cpp -- TRMM and TRSM.  All 16 side/uplo/trans/diag cases come
// down to two shapes: op(A) is taken as a strided view, which turns a
// transpose into an upper<->lower swap, and the side picks the form.
// Real types run on the GEMM engine's packed panels (triangular_left.cpp,
// triangular_right.cpp: the triangle's diagonal blocks are packed with their
// zeros, or solved tile by tile next to the microkernel, so nearly every
// flop is a full microkernel call).  Complex types, and real ones when no
// pack buffers can be had, use the recursive form (triangular_recursive.cpp),
// where a right-side product B op(A) is the left-side one on transposed
// views (op(A)^T B^T).
#include "level3/triangle.hpp"

namespace tileblas {
namespace level3 {
namespace {

template <class T>
void triangular(Kind kind, Side side, Uplo uplo, Op trans, Diag diag, index_t m, index_t n,
                T alpha, const T *a, index_t lda, T *b, index_t ldb) {
  if (m <= 0 || n <= 0) return;
  MutView<T> bv{b, 1, ldb};
  if (alpha == T(0)) {  // B = 0, neither A nor B read
    for (index_t j = 0; j < n; ++j)
      for (index_t i = 0; i < m; ++i) bv(i, j) = T(0);
    return;
  }
  // op(A) as a view: a transpose moves the triangle to the other side.
  Triangle<T> t{View<T>::col_major(a, lda).op(trans), (uplo == Uplo::Upper) == (trans == Op::N),
                diag == Diag::Unit, side == Side::Left && trans == Op::N};
  if constexpr (!is_complex<T>::value) {
    const index_t na = side == Side::Left ? m : n;
    const bool tiny = double(na) * double(na) * double(m + n - na) <= kTinyFlops;
    if (!tiny && (side == Side::Left ? packed_left(kind, t, m, n, alpha, bv)
                                     : packed_right(kind, t, m, n, alpha, bv)))
      return;
  }
  if (side == Side::Left) return recursive_left(kind, t, m, n, alpha, bv);
  // B op(A) == (op(A)^T B^T)^T
  recursive_left(kind, t.transposed(), n, m, alpha, MutView<T>{b, ldb, 1});
}

}  // namespace
}  // namespace level3

template <class T>
void trmm(Side side, Uplo uplo, Op trans, Diag diag, index_t m, index_t n, T alpha, const T *a,
          index_t lda, T *b, index_t ldb) {
  level3::triangular(level3::Kind::Multiply, side, uplo, trans, diag, m, n, alpha, a, lda, b,
                     ldb);
}

template <class T>
void trsm(Side side, Uplo uplo, Op trans, Diag diag, index_t m, index_t n, T alpha, const T *a,
          index_t lda, T *b, index_t ldb) {
  level3::triangular(level3::Kind::Solve, side, uplo, trans, diag, m, n, alpha, a, lda, b, ldb);
}

#define TILEBLAS_INSTANTIATE(T)                                                              \
  template void trmm<T>(Side, Uplo, Op, Diag, index_t, index_t, T, const T *, index_t, T *,  \
                        index_t);                                                            \
  template void trsm<T>(Side, Uplo, Op, Diag, index_t, index_t, T, const T *, index_t, T *,  \
                        index_t);
TILEBLAS_INSTANTIATE(float)
TILEBLAS_INSTANTIATE(double)
TILEBLAS_INSTANTIATE(std::complex<float>)
TILEBLAS_INSTANTIATE(std::complex<double>)
#undef TILEBLAS_INSTANTIATE

}  // namespace tileblas
