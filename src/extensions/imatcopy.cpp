// imatcopy.cpp -- B = alpha * op(A) with B stored over A.
#include <cstdint>
#include <cstdlib>
#include <memory>

#include "extensions/matcopy_loops.hpp"

namespace tileblas::extensions {
namespace {

struct FreeDeleter {
  void operator()(void *p) const { std::free(p); }
};

// An uninitialised buffer of n elements, or null (also when the byte count
// would overflow).  malloc, not new: the buffer is filled before it is read,
// and a failure must come back as null, not as an exception.
template <class T>
std::unique_ptr<T, FreeDeleter> allocate(index_t rows, index_t cols) {
  const std::size_t limit = SIZE_MAX / sizeof(T);
  const auto r = static_cast<std::size_t>(rows), c = static_cast<std::size_t>(cols);
  if (r > limit / c) return nullptr;
  return std::unique_ptr<T, FreeDeleter>(static_cast<T *>(std::malloc(r * c * sizeof(T))));
}

}  // namespace

template <class T>
bool imatcopy(CopyOp op, index_t rows, index_t cols, T alpha, T *ab, index_t lda, index_t ldb) {
  if (rows <= 0 || cols <= 0) return true;
  const bool trans = transposes(op);
  const index_t out_rows = trans ? cols : rows, out_cols = trans ? rows : cols;
  // B = 0 needs nothing of A, so any shape can be written directly.
  if (alpha == T(0)) {
    loops::fill_zero(out_rows, out_cols, ab, ldb);
    return true;
  }
  if (lda == ldb && (!trans || rows == cols)) {
    loops::with_element_op(op, alpha, [&](auto f) {
      if (trans)
        loops::transpose_square_in_place(rows, ab, lda, f);
      else
        loops::update_columns(rows, cols, ab, lda, f);
    });
    return true;
  }
  // The image overlaps the source in a shape-dependent pattern: build it
  // apart, then copy it over.
  const auto scratch = allocate<T>(out_rows, out_cols);
  if (!scratch) return false;
  omatcopy<T>(op, rows, cols, alpha, ab, lda, scratch.get(), out_rows);
  loops::copy_columns(out_rows, out_cols, scratch.get(), out_rows, ab, ldb,
                      [](const T &v) { return v; });
  return true;
}

#define TILEBLAS_INSTANTIATE(T) \
  template bool imatcopy<T>(CopyOp, index_t, index_t, T, T *, index_t, index_t);
TILEBLAS_INSTANTIATE(float)
TILEBLAS_INSTANTIATE(double)
TILEBLAS_INSTANTIATE(std::complex<float>)
TILEBLAS_INSTANTIATE(std::complex<double>)
#undef TILEBLAS_INSTANTIATE

}  // namespace tileblas::extensions
