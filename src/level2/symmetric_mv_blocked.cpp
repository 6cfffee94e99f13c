// symmetric_mv_blocked.cpp -- y += alpha * A * x, A real symmetric or
// complex Hermitian, one triangle stored, as panels of a few columns.  Each
// panel (its diagonal block and the rectangle above it for an upper
// triangle, below it for a lower one) goes to the target's symv_panel /
// hemv_panel, which reads it once for both of its uses: column j times
// alpha*x[j] into y, and row j (the same stored column, conjugated for
// hemv) dotted with x into y[j].  Only the stored triangle is read.
//
// Threaded over slices of panels (column_slices.hpp), each slice adding into
// its own y: the column products and the row dots of one panel touch all of
// y, so threads cannot share y by rows.
#include "level2/symmetric_mv_blocked.hpp"

#include <algorithm>

#include "level1/active_vector_kernels.hpp"
#include "level1/scalar.hpp"
#include "level2/column_slices.hpp"

namespace tileblas::level2 {

// Panels of kSymvPanel columns (target.hpp says why).
static_assert(kSymvPanel<std::complex<float>> <= kHemvColumns);

// Panels of columns [j_begin, j_end) (j_begin a multiple of kSymvPanel) into y.
template <class T>
void symv_panels(const Triangle &tri, bool conj_a, const T &alpha, const T *a, const T *x, T *y,
                 index_t j_begin, index_t j_end) {
  const index_t n = tri.n;
  for (index_t j0 = j_begin; j0 < j_end; j0 += kSymvPanel<T>) {
    const int nc = static_cast<int>(std::min<index_t>(kSymvPanel<T>, j_end - j0));
    // The panel's rows: [0, j0 + nc) for an upper triangle (the rectangle
    // above, then the diagonal block), [j0, n) for a lower one.
    const index_t r0 = tri.upper ? 0 : j0, m = tri.upper ? j0 + nc : n - j0;
    const T *col[kSymvPanel<T>];
    T t[kSymvPanel<T>], dots[kSymvPanel<T>];
    for (int c = 0; c < nc; ++c) {
      col[c] = a + tri.column_offset(j0 + c) + r0;  // element (r0 + i, j0 + c) at col[c][i]
      t[c] = mul(alpha, x[j0 + c]);
    }
    if constexpr (is_complex_v<T>)
      complex_vector_kernels<T>().hemv_panel(tri.upper, conj_a, m, nc, col, t, x + r0, y + r0,
                                             dots);
    else
      vector_kernels<T>().symv_panel(tri.upper, m, nc, col, t, x + r0, y + r0, dots);
    for (int c = 0; c < nc; ++c) y[j0 + c] += mul(alpha, dots[c]);
  }
}

template <class T>
void symmetric_mv_blocked(const Triangle &tri, bool conj_a, const T &alpha, const T *a, const T *x,
                          T *y) {
  over_column_slices(tri, kSymvPanel<T>, y, [&](index_t j0, index_t j1, T *target) {
    symv_panels(tri, conj_a, alpha, a, x, target, j0, j1);
  });
}

#define TILEBLAS_INSTANTIATE(T) \
  template void symmetric_mv_blocked<T>(const Triangle &, bool, const T &, const T *,       \
                                        const T *, T *);
TILEBLAS_INSTANTIATE(float)
TILEBLAS_INSTANTIATE(double)
TILEBLAS_INSTANTIATE(std::complex<float>)
TILEBLAS_INSTANTIATE(std::complex<double>)
#undef TILEBLAS_INSTANTIATE

}  // namespace tileblas::level2
