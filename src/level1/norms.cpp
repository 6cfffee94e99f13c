// norms.cpp -- nrm2, asum, iamax.  Unit-stride calls run the target's
// vector kernels (complex ones as 2n reals where that is exact), in fixed
// 32K-element chunks summed in order, so long vectors go on threads with
// the same result for any thread count; strided calls keep portable loops.
#include "level1/norms.hpp"

#include <algorithm>
#include <limits>

#include "level1/active_vector_kernels.hpp"
#include "level1/parallel.hpp"

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

constexpr index_t kChunk = 32768;  // as dot's: long enough for full kernel speed

// The real values of n elements: 2n for complex (re, im interleaved).
template <class T>
index_t real_count(index_t n) {
  return is_complex_v<T> ? 2 * n : n;
}

// sum r_i^2 in double over unit-stride reals, by the target's kernel.
template <class R>
double sum_of_squares(index_t len, const R *r) {
  const VectorKernels<R> &k = vector_kernels<R>();
  if (len <= kChunk) return k.sum_of_squares(len, r);
  double sum = 0;
  reduce_chunks<double>(
      len, kChunk, sizeof(R), [&](index_t i, index_t m) { return k.sum_of_squares(m, r + i); },
      [&](index_t, double part) { sum += part; });
  return sum;
}

// nrm2 of unit-stride reals from one unscaled sum of squares, or NaN to ask
// for the scaled algorithm.  float: squares in double cannot overflow or
// underflow, so the result is always good (NaN in, NaN out; Inf in, Inf
// out).  double: an infinite or NaN sum may be an overflow, and a small one
// may have lost tiny squares to underflow: each term rounds into the
// subnormal range with an absolute error of at most 2^-1075, so a sum of at
// least len * 2^-1000 has lost less than 2^-75 of itself.
template <class R>
R unscaled_nrm2(index_t len, const R *r) {
  const double sum = sum_of_squares(len, r);
  if constexpr (std::is_same_v<R, float>) {
    return static_cast<float>(std::sqrt(sum));
  } else {
    if (std::isfinite(sum) && sum >= static_cast<double>(len) * 0x1p-1000) return std::sqrt(sum);
    return std::numeric_limits<R>::quiet_NaN();
  }
}

// A candidate for i?amax: the first largest |x_i| of a part of x.
template <class R>
struct Largest {
  index_t index = -1;  // -1: the part had no element that is not NaN
  R value = R(-1);
  // Parts taken in order: a later one wins only with a strictly larger value.
  void merge(const Largest &later, index_t offset) {
    if (later.index >= 0 && later.value > value) *this = {later.index + offset, later.value};
  }
};

// The kernel's answer for unit-stride x: |x_i| for real x, the reference's
// |re| + |im| (CABS1, rounded the same way) for complex x.
template <class T>
Largest<real_t<T>> largest_abs1(index_t n, const T *x) {
  index_t i;
  if constexpr (is_complex_v<T>)
    i = complex_vector_kernels<T>().iamax(n, x);
  else
    i = vector_kernels<T>().iamax(n, x);
  if (i < 0) return {};
  return {i, abs1(x[i])};
}

}  // namespace

template <class T>
real_t<T> nrm2(index_t n, const T *x, index_t incx) {
  using R = real_t<T>;
  if (n <= 0) return R(0);
  if (incx == 1 || incx == -1) {  // the same elements either way
    const R norm = unscaled_nrm2(real_count<T>(n), reinterpret_cast<const R *>(x));
    if (!std::isnan(norm) || std::is_same_v<R, float>) return norm;
  }
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
  if (incx == 1) {  // complex: |re| + |im| is the real asum of 2n values
    const VectorKernels<R> &k = vector_kernels<R>();
    const index_t len = real_count<T>(n);
    const R *r = reinterpret_cast<const R *>(x);
    if (len <= kChunk) return k.asum(len, r);
    R sum = 0;
    reduce_chunks<R>(
        len, kChunk, sizeof(R), [&](index_t i, index_t m) { return k.asum(m, r + i); },
        [&](index_t, R part) { sum += part; });
    return sum;
  }
  R sum = 0;
  for (index_t i = 0; i < n; ++i) sum += abs1(x[i * incx]);
  return sum;
}

template <class T>
index_t iamax(index_t n, const T *x, index_t incx) {
  if (n < 1 || incx <= 0) return 0;
  if (incx == 1) {
    using R = real_t<T>;
    // The reference starts from |x_1| and moves on only to a strictly larger
    // value, so a NaN x_1 stays and any later NaN is passed over.
    if (std::isnan(abs1(x[0]))) return 1;
    if (n <= kChunk) return largest_abs1(n, x).index + 1;
    Largest<R> best;
    reduce_chunks<Largest<R>>(
        n, kChunk, sizeof(T), [&](index_t i, index_t m) { return largest_abs1(m, x + i); },
        [&](index_t c, const Largest<R> &part) { best.merge(part, c * kChunk); });
    return best.index + 1;
  }
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
