// symmetric_mv_blocked.cpp -- y += alpha * A * x, A symmetric, one triangle
// stored, as panels of kSymvColumns columns.  Each panel's off-diagonal
// rectangle (rows above the panel for an upper triangle, below it for a
// lower one) goes to the target's symv_columns, which reads it once for both
// of its uses: column j times alpha*x[j] into y, and row j (the same stored
// column) dotted with x into y[j].  The panel's own small triangle and
// diagonal stay in plain loops.  Only the stored triangle is read.
//
// Not threaded: the column dots and the row updates of one panel touch all
// of y, so sharing a call between threads reproducibly would need a private
// y per thread; one thread already runs at the memory or L2 bandwidth.
#include "level2/symmetric_mv_blocked.hpp"

#include <algorithm>

#include "level1/active_vector_kernels.hpp"

namespace tileblas::level2 {

template <class T>
void symmetric_mv_blocked(const Triangle &tri, T alpha, const T *a, const T *x, T *y) {
  const VectorKernels<T> &k = vector_kernels<T>();
  const index_t n = tri.n;
  for (index_t j0 = 0; j0 < n; j0 += kSymvColumns) {
    const int nc = static_cast<int>(std::min<index_t>(kSymvColumns, n - j0));
    const index_t j1 = j0 + nc;  // the panel: columns (and rows) j0..j1-1
    const T *col[kSymvColumns];
    T t[kSymvColumns], dots[kSymvColumns] = {};
    for (int c = 0; c < nc; ++c) {
      col[c] = a + tri.column_offset(j0 + c);  // element (i, j0+c) at col[c][i]
      t[c] = alpha * x[j0 + c];
    }
    // The rectangle: rows [0, j0) (upper) or [j1, n) (lower).
    const index_t r0 = tri.upper ? 0 : j1, r1 = tri.upper ? j0 : n;
    if (r1 > r0) {
      const T *rect[kSymvColumns];
      for (int c = 0; c < nc; ++c) rect[c] = col[c] + r0;
      k.symv_columns(r1 - r0, nc, rect, t, x + r0, y + r0, dots);
    }
    // The panel's triangle, off-diagonal elements (i, j) both ways, then the
    // diagonal and the dot.
    for (int c = 0; c < nc; ++c) {
      const index_t j = j0 + c;
      const index_t lo = tri.upper ? j0 : j + 1, hi = tri.upper ? j : j1;
      for (index_t i = lo; i < hi; ++i) {
        y[i] += t[c] * col[c][i];
        dots[c] += col[c][i] * x[i];
      }
      y[j] += t[c] * col[c][j] + alpha * dots[c];
    }
  }
}

template void symmetric_mv_blocked<float>(const Triangle &, float, const float *, const float *,
                                          float *);
template void symmetric_mv_blocked<double>(const Triangle &, double, const double *,
                                           const double *, double *);

}  // namespace tileblas::level2
