// omatcopy.cpp -- B = alpha * op(A), out of place.
#include "extensions/matcopy_loops.hpp"

namespace tileblas::extensions {

template <class T>
void omatcopy(CopyOp op, index_t rows, index_t cols, T alpha, const T *a, index_t lda, T *b,
              index_t ldb) {
  if (rows <= 0 || cols <= 0) return;
  const bool trans = transposes(op);
  if (alpha == T(0)) return loops::fill_zero(trans ? cols : rows, trans ? rows : cols, b, ldb);
  loops::with_element_op(op, alpha, [&](auto f) {
    if (trans)
      loops::transpose_tiles(rows, cols, a, lda, b, ldb, f);
    else
      loops::copy_columns(rows, cols, a, lda, b, ldb, f);
  });
}

#define TILEBLAS_INSTANTIATE(T) \
  template void omatcopy<T>(CopyOp, index_t, index_t, T, const T *, index_t, T *, index_t);
TILEBLAS_INSTANTIATE(float)
TILEBLAS_INSTANTIATE(double)
TILEBLAS_INSTANTIATE(std::complex<float>)
TILEBLAS_INSTANTIATE(std::complex<double>)
#undef TILEBLAS_INSTANTIATE

}  // namespace tileblas::extensions
