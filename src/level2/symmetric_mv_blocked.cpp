// symmetric_mv_blocked.cpp -- y += alpha * A * x, A symmetric, one triangle
// stored, as panels of a few columns.  Each panel's off-diagonal
// rectangle (rows above the panel for an upper triangle, below it for a
// lower one) goes to the target's symv_columns, which reads it once for both
// of its uses: column j times alpha*x[j] into y, and row j (the same stored
// column) dotted with x into y[j].  The panel's own diagonal block is copied
// into a full symmetric tile and multiplied by the gemv kernel, so no
// arithmetic runs in scalar loops.  Only the stored triangle is read.
//
// Not threaded: the column dots and the row updates of one panel touch all
// of y, so sharing a call between threads reproducibly would need a private
// y per thread.
#include "level2/symmetric_mv_blocked.hpp"

#include <algorithm>

#include "level1/active_vector_kernels.hpp"

namespace tileblas::level2 {

// Columns per panel: a 64-byte line of rows, so each rectangle starts on a
// line boundary when A's columns do (a lower triangle's rectangle starts
// below the panel).
template <class T>
constexpr int kPanel = 64 / sizeof(T);
static_assert(kPanel<float> <= kSymvColumns);

template <class T>
void symmetric_mv_blocked(const Triangle &tri, T alpha, const T *a, const T *x, T *y) {
  const VectorKernels<T> &k = vector_kernels<T>();
  const index_t n = tri.n;
  for (index_t j0 = 0; j0 < n; j0 += kPanel<T>) {
    const int nc = static_cast<int>(std::min<index_t>(kPanel<T>, n - j0));
    const index_t j1 = j0 + nc;  // the panel: columns (and rows) j0..j1-1
    const T *col[kPanel<T>];
    T t[kPanel<T>], dots[kPanel<T>] = {};
    for (int c = 0; c < nc; ++c) {
      col[c] = a + tri.column_offset(j0 + c);  // element (i, j0+c) at col[c][i]
      t[c] = alpha * x[j0 + c];
    }
    // The rectangle: rows [0, j0) (upper) or [j1, n) (lower).
    const index_t r0 = tri.upper ? 0 : j1, r1 = tri.upper ? j0 : n;
    if (r1 > r0) {
      const T *rect[kPanel<T>];
      for (int c = 0; c < nc; ++c) rect[c] = col[c] + r0;
      k.symv_columns(r1 - r0, nc, rect, t, x + r0, y + r0, dots);
    }
    // The panel's nc x nc diagonal block, made whole from its stored triangle
    // in a small tile (stored part copied, the rest mirrored), is a small
    // gemv.  Then the rectangle's dots join y.
    T tile[kPanel<T> * kPanel<T>];
    for (int c = 0; c < nc; ++c) {
      const int lo = tri.upper ? 0 : c, hi = tri.upper ? c + 1 : nc;  // stored rows of column c
      for (int i = lo; i < hi; ++i) tile[i + c * nc] = col[c][j0 + i];
    }
    for (int c = 0; c < nc; ++c)
      for (int i = c + 1; i < nc; ++i) {
        if (tri.upper)
          tile[i + c * nc] = tile[c + i * nc];
        else
          tile[c + i * nc] = tile[i + c * nc];
      }
    k.gemv_n(nc, nc, alpha, tile, nc, x + j0, y + j0);
    for (int c = 0; c < nc; ++c) y[j0 + c] += alpha * dots[c];
  }
}

template void symmetric_mv_blocked<float>(const Triangle &, float, const float *, const float *,
                                          float *);
template void symmetric_mv_blocked<double>(const Triangle &, double, const double *,
                                           const double *, double *);

}  // namespace tileblas::level2
