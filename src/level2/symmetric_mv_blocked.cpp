// symmetric_mv_blocked.cpp -- y += alpha * A * x, A symmetric, one triangle
// stored, as panels of a few columns.  Each panel (its diagonal block and
// the rectangle above it for an upper triangle, below it for a lower one)
// goes to the target's symv_panel, which reads it once for both of its
// uses: column j times alpha*x[j] into y, and row j (the same stored column)
// dotted with x into y[j].  Only the stored triangle is read.
//
// Not threaded: the column dots and the row updates of one panel touch all
// of y, so sharing a call between threads reproducibly would need a private
// y per thread.
#include "level2/symmetric_mv_blocked.hpp"

#include <algorithm>

#include "level1/active_vector_kernels.hpp"

namespace tileblas::level2 {

// Columns per panel: a 64-byte line of rows, so a panel's rows start on a
// line boundary when A's columns do and its loads are whole lines (a panel
// of 8 floats would leave every other lower panel half a line off).
template <class T>
constexpr int kPanel = 64 / sizeof(T);
static_assert(kPanel<float> <= kSymvColumns);

template <class T>
void symmetric_mv_blocked(const Triangle &tri, T alpha, const T *a, const T *x, T *y) {
  const VectorKernels<T> &k = vector_kernels<T>();
  const index_t n = tri.n;
  for (index_t j0 = 0; j0 < n; j0 += kPanel<T>) {
    const int nc = static_cast<int>(std::min<index_t>(kPanel<T>, n - j0));
    // The panel's rows: [0, j0 + nc) for an upper triangle (the rectangle
    // above, then the diagonal block), [j0, n) for a lower one.
    const index_t r0 = tri.upper ? 0 : j0, m = tri.upper ? j0 + nc : n - j0;
    const T *col[kPanel<T>];
    T t[kPanel<T>], dots[kPanel<T>];
    for (int c = 0; c < nc; ++c) {
      col[c] = a + tri.column_offset(j0 + c) + r0;  // element (r0 + i, j0 + c) at col[c][i]
      t[c] = alpha * x[j0 + c];
    }
    k.symv_panel(tri.upper, m, nc, col, t, x + r0, y + r0, dots);
    for (int c = 0; c < nc; ++c) y[j0 + c] += alpha * dots[c];
  }
}

template void symmetric_mv_blocked<float>(const Triangle &, float, const float *, const float *,
                                          float *);
template void symmetric_mv_blocked<double>(const Triangle &, double, const double *,
                                           const double *, double *);

}  // namespace tileblas::level2
