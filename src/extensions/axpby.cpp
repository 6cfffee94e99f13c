// axpby.cpp -- the ?axpby engine: one elementwise loop per combination of
// zero/non-zero scalars, so the zero cases never read the operand they drop,
// with a unit-stride form the compiler vectorises.
#include "extensions/axpby.hpp"

namespace tileblas::extensions {
namespace {

// y_i = f(x_i, y_i).  f takes references, so an operand it ignores is
// never loaded (beta == 0: y may hold NaN or be uninitialised).
template <class T, class F>
void for_each_pair(index_t n, const T *x, index_t incx, T *y, index_t incy, F f) {
  if (incx == 1 && incy == 1) {
    const T *__restrict xs = x;
    T *__restrict ys = y;
    for (index_t i = 0; i < n; ++i) ys[i] = f(xs[i], ys[i]);
    return;
  }
  // Strictly sequential: with incy == 0 each step sees the previous result,
  // as the reference loop would.
  index_t ix = first_index(n, incx), iy = first_index(n, incy);
  for (index_t i = 0; i < n; ++i, ix += incx, iy += incy) y[iy] = f(x[ix], y[iy]);
}

// y_i = g(y_i), for alpha == 0, which must not touch x at all.
template <class T, class G>
void for_each_y(index_t n, T *y, index_t incy, G g) {
  if (incy == 1) {
    for (index_t i = 0; i < n; ++i) y[i] = g(y[i]);
    return;
  }
  index_t iy = first_index(n, incy);
  for (index_t i = 0; i < n; ++i, iy += incy) y[iy] = g(y[iy]);
}

template <class T>
bool is_zero(T v) {
  return abs1(v) == real_t<T>(0);
}

}  // namespace

template <class T>
void axpby(index_t n, T alpha, const T *x, index_t incx, T beta, T *y, index_t incy) {
  if (n <= 0) return;
  using R = const T &;
  if (is_zero(alpha) && is_zero(beta))
    for_each_y(n, y, incy, [](R) { return T(0); });
  else if (is_zero(alpha))
    for_each_y(n, y, incy, [beta](R yi) { return mul(beta, yi); });
  else if (is_zero(beta))
    for_each_pair(n, x, incx, y, incy, [alpha](R xi, R) { return mul(alpha, xi); });
  else
    for_each_pair(n, x, incx, y, incy,
                  [alpha, beta](R xi, R yi) { return mul(alpha, xi) + mul(beta, yi); });
}

#define TILEBLAS_INSTANTIATE(T) \
  template void axpby<T>(index_t, T, const T *, index_t, T, T *, index_t);
TILEBLAS_INSTANTIATE(float)
TILEBLAS_INSTANTIATE(double)
TILEBLAS_INSTANTIATE(std::complex<float>)
TILEBLAS_INSTANTIATE(std::complex<double>)
#undef TILEBLAS_INSTANTIATE

}  // namespace tileblas::extensions
