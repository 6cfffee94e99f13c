// gemm_view.cpp -- GEMM on strided views: the one place where the Level 3
// routines reach the GEMM engines (tileblas::gemm_cpu for real types,
// gemm_complex for complex ones). The blocks of a Level 3 routine stay on
// the CPU: each is too small to pay a host-device round trip of its own.
#include <utility>

#include "gemm.hpp"
#include "level3/gemm_complex.hpp"
#include "level3/view.hpp"

namespace tileblas {
namespace level3 {

template <class T>
void gemm_view(index_t m, index_t n, index_t k, const T &alpha, View<T> a, View<T> b,
               const T &beta, MutView<T> c) {
  if (c.rs != 1) {
    // Row-major C: compute C^T = B^T A^T, whose C is column-major.
    std::swap(m, n);
    const View<T> at = a.transposed();
    a = b.transposed();
    b = at;
    c = {c.p, c.cs, c.rs};
  }
  if constexpr (is_complex<T>::value) {
    using R = typename T::value_type;
    gemm_complex<R>({m, n, k, alpha, a.p, a.rs, a.cs, a.conj, b.p, b.rs, b.cs, b.conj, beta,
                     c.p, c.cs});
  } else {
    // Every view has a unit stride; the other one is the leading dimension.
    const Trans ta = a.rs == 1 ? Trans::No : Trans::Yes;
    const Trans tb = b.rs == 1 ? Trans::No : Trans::Yes;
    const index_t lda = a.rs == 1 ? a.cs : a.rs, ldb = b.rs == 1 ? b.cs : b.rs;
    gemm_cpu<T>(ta, tb, m, n, k, alpha, a.p, lda, b.p, ldb, beta, c.p, c.cs);
  }
}

}  // namespace level3

template <class T>
void gemm_any(Op ta, Op tb, index_t m, index_t n, index_t k, const T &alpha, const T *a,
              index_t lda, const T *b, index_t ldb, const T &beta, T *c, index_t ldc) {
  using level3::View;
  level3::gemm_view<T>(m, n, k, alpha, View<T>::col_major(a, lda).op(ta),
                       View<T>::col_major(b, ldb).op(tb), beta, {c, 1, ldc});
}

#define TILEBLAS_INSTANTIATE(T)                                                               \
  template void level3::gemm_view<T>(index_t, index_t, index_t, const T &, level3::View<T>,  \
                                     level3::View<T>, const T &, level3::MutView<T>);        \
  template void gemm_any<T>(Op, Op, index_t, index_t, index_t, const T &, const T *, index_t, \
                            const T *, index_t, const T &, T *, index_t);
TILEBLAS_INSTANTIATE(float)
TILEBLAS_INSTANTIATE(double)
TILEBLAS_INSTANTIATE(std::complex<float>)
TILEBLAS_INSTANTIATE(std::complex<double>)
#undef TILEBLAS_INSTANTIATE

}  // namespace tileblas
