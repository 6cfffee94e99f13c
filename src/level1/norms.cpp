// norms.cpp -- nrm2, asum, iamax.
#include "level1/norms.hpp"

#include <limits>

namespace tileblas::level1 {

namespace {

// Blue's scaling constants for real type R, from the type's radix-2 model
// exactly as the reference derives them (minexponent/maxexponent/digits are
// numeric_limits' min_exponent/max_exponent/digits).
template <class R>
struct BlueConstants {
  static constexpr int emin = std::numeric_limits<R>::min_exponent;
  static constexpr int emax = std::numeric_limits<R>::max_exponent;
  static constexpr int digits = std::numeric_limits<R>::digits;
  static int ceil_half(int v) { return v >= 0 ? (v + 1) / 2 : -((-v) / 2); }
  static int floor_half(int v) { return v >= 0 ? v / 2 : -((-v + 1) / 2); }
  // Below tsml squares may underflow, above tbig they may overflow; ssml and
  // sbig bring those values back to the middle before squaring.
  const R tsml = std::ldexp(R(1), ceil_half(emin - 1));
  const R tbig = std::ldexp(R(1), floor_half(emax - digits + 1));
  const R ssml = std::ldexp(R(1), -floor_half(emin - digits));
  const R sbig = std::ldexp(R(1), -ceil_half(emax + digits - 1));
};

// Adds one real magnitude to the right accumulator.
template <class R>
struct BlueSums {
  const BlueConstants<R> &k;
  R asml = 0, amed = 0, abig = 0;
  bool notbig = true;
  void add(R v) {
    const R ax = std::abs(v);
    if (ax > k.tbig) {
      abig += (ax * k.sbig) * (ax * k.sbig);
      notbig = false;
    } else if (ax < k.tsml) {
      if (notbig) asml += (ax * k.ssml) * (ax * k.ssml);
    } else {
      amed += ax * ax;
    }
  }
  R result() const {
    const R maxn = std::numeric_limits<R>::max();
    R a_med = amed, a_sml = asml, a_big = abig, scl, sumsq;
    // amed != amed: a NaN in the middle range must reach the result.
    const bool use_med = a_med > 0 || a_med > maxn || a_med != a_med;
    if (a_big > 0) {
      if (use_med) a_big += (a_med * k.sbig) * k.sbig;
      scl = 1 / k.sbig;
      sumsq = a_big;
    } else if (a_sml > 0) {
      if (use_med) {
        a_med = std::sqrt(a_med);
        a_sml = std::sqrt(a_sml) / k.ssml;
        const R ymin = a_sml > a_med ? a_med : a_sml;
        const R ymax = a_sml > a_med ? a_sml : a_med;
        scl = 1;
        sumsq = ymax * ymax * (1 + (ymin / ymax) * (ymin / ymax));
      } else {
        scl = 1 / k.ssml;
        sumsq = a_sml;
      }
    } else {
      scl = 1;
      sumsq = a_med;
    }
    return scl * std::sqrt(sumsq);
  }
};

}  // namespace

template <class T>
real_t<T> nrm2(index_t n, const T *x, index_t incx) {
  using R = real_t<T>;
  if (n <= 0) return R(0);
  static const BlueConstants<R> constants;
  BlueSums<R> sums{constants};
  index_t ix = incx < 0 ? -(n - 1) * incx : 0;
  for (index_t i = 0; i < n; ++i, ix += incx) {
    if constexpr (is_complex_v<T>) {
      sums.add(x[ix].real());
      sums.add(x[ix].imag());
    } else {
      sums.add(x[ix]);
    }
  }
  return sums.result();
}

template <class T>
real_t<T> asum(index_t n, const T *x, index_t incx) {
  using R = real_t<T>;
  if (n <= 0 || incx <= 0) return R(0);
  if (incx == 1) {
    // Independent partial sums so the loop vectorises without reassociation.
    constexpr int lanes = 8;
    R part[lanes] = {};
    index_t i = 0;
    for (; i + lanes <= n; i += lanes)
      for (int l = 0; l < lanes; ++l) part[l] += abs1(x[i + l]);
    R sum = 0;
    for (; i < n; ++i) sum += abs1(x[i]);
    for (int l = 0; l < lanes; ++l) sum += part[l];
    return sum;
  }
  R sum = 0;
  for (index_t i = 0; i < n; ++i) sum += abs1(x[i * incx]);
  return sum;
}

template <class T>
index_t iamax(index_t n, const T *x, index_t incx) {
  if (n < 1 || incx <= 0) return 0;
  index_t best = 0;
  real_t<T> best_value = abs1(x[0]);
  for (index_t i = 1; i < n; ++i) {
    const real_t<T> v = abs1(x[i * incx]);
    if (v > best_value) {
      best = i;
      best_value = v;
    }
  }
  return best + 1;
}

#define TILEBLAS_INSTANTIATE(T)                                 \
  template real_t<T> nrm2<T>(index_t, const T *, index_t);      \
  template real_t<T> asum<T>(index_t, const T *, index_t);      \
  template index_t iamax<T>(index_t, const T *, index_t);
TILEBLAS_INSTANTIATE(float)
TILEBLAS_INSTANTIATE(double)
TILEBLAS_INSTANTIATE(std::complex<float>)
TILEBLAS_INSTANTIATE(std::complex<double>)
#undef TILEBLAS_INSTANTIATE

}  // namespace tileblas::level1
