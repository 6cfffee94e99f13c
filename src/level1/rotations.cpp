// rotations.cpp -- rotg, rotmg, rot, rotm; unit-stride rot on the target's
// vector kernel.
#include "level1/rotations.hpp"

#include <algorithm>
#include <limits>

#include "level1/active_vector_kernels.hpp"

namespace tileblas::level1 {

namespace {

// The reference's scaling constants: safmin = radix^max(minexp-1, 1-maxexp),
// safmax = radix^max(1-minexp, maxexp-1) (not 1/safmin: both stay normal).
template <class R>
struct SafeRange {
  static R safmin() {
    constexpr int e1 = std::numeric_limits<R>::min_exponent - 1;
    constexpr int e2 = 1 - std::numeric_limits<R>::max_exponent;
    return std::ldexp(R(1), std::max(e1, e2));
  }
  static R safmax() {
    constexpr int e1 = 1 - std::numeric_limits<R>::min_exponent;
    constexpr int e2 = std::numeric_limits<R>::max_exponent - 1;
    return std::ldexp(R(1), std::max(e1, e2));
  }
};

template <class R>
R abssq(std::complex<R> t) {
  return t.real() * t.real() + t.imag() * t.imag();
}

// Fortran's conjg(g) * h with the textbook product.
template <class R>
std::complex<R> conj_times(std::complex<R> g, std::complex<R> h) {
  return mul(std::conj(g), h);
}

}  // namespace

template <class R>
void rotg(R &a, R &b, R &c, R &s) {
  const R safmin = SafeRange<R>::safmin(), safmax = SafeRange<R>::safmax();
  const R anorm = std::abs(a), bnorm = std::abs(b);
  if (bnorm == 0) {
    c = 1;
    s = 0;
    b = 0;
  } else if (anorm == 0) {
    c = 0;
    s = 1;
    a = b;
    b = 1;
  } else {
    const R scl = std::min(safmax, std::max({safmin, anorm, bnorm}));
    const R roe = anorm > bnorm ? a : b;
    const R as = a / scl, bs = b / scl;
    const R r = std::copysign(R(1), roe) * (scl * std::sqrt(as * as + bs * bs));
    c = a / r;
    s = b / r;
    R z;
    if (anorm > bnorm)
      z = s;
    else if (c != 0)
      z = 1 / c;
    else
      z = 1;
    a = r;
    b = z;
  }
}

template <class R>
void rotg(std::complex<R> &a, const std::complex<R> &b, R &c, std::complex<R> &s) {
  using C = std::complex<R>;
  const R safmin = SafeRange<R>::safmin(), safmax = SafeRange<R>::safmax();
  const R rtmin = std::sqrt(safmin);
  const C f = a, g = b;
  C r;
  if (g == C(0)) {
    c = 1;
    s = 0;
    r = f;
  } else if (f == C(0)) {
    c = 0;
    if (g.real() == 0) {
      const R d = std::abs(g.imag());
      s = std::conj(g) / d;
      r = d;
    } else if (g.imag() == 0) {
      const R d = std::abs(g.real());
      s = std::conj(g) / d;
      r = d;
    } else {
      const R g1 = std::max(std::abs(g.real()), std::abs(g.imag()));
      const R rtmax = std::sqrt(safmax / 2);
      if (g1 > rtmin && g1 < rtmax) {
        const R d = std::sqrt(abssq(g));
        s = std::conj(g) / d;
        r = d;
      } else {
        const R u = std::min(safmax, std::max(safmin, g1));
        const C gs = g / u;
        const R d = std::sqrt(abssq(gs));
        s = std::conj(gs) / d;
        r = d * u;
      }
    }
  } else {
    const R f1 = std::max(std::abs(f.real()), std::abs(f.imag()));
    const R g1 = std::max(std::abs(g.real()), std::abs(g.imag()));
    R rtmax = std::sqrt(safmax / 4);
    // Unscaled when both are safely inside the range; otherwise scale by u
    // (and f separately by v when f / u would underflow), then undo.
    const bool unscaled = f1 > rtmin && f1 < rtmax && g1 > rtmin && g1 < rtmax;
    R u = 1, w = 1;
    C fs = f, gs = g;
    R f2, g2, h2;
    if (unscaled) {
      f2 = abssq(f);
      g2 = abssq(g);
      h2 = f2 + g2;
    } else {
      u = std::min(safmax, std::max({safmin, f1, g1}));
      gs = g / u;
      g2 = abssq(gs);
      if (f1 / u < rtmin) {
        const R v = std::min(safmax, std::max(safmin, f1));
        w = v / u;
        fs = f / v;
        f2 = abssq(fs);
        h2 = f2 * w * w + g2;
      } else {
        fs = f / u;
        f2 = abssq(fs);
        h2 = f2 + g2;
      }
    }
    if (f2 >= h2 * safmin) {
      c = std::sqrt(f2 / h2);
      r = fs / c;
      rtmax *= 2;
      if (f2 > rtmin && h2 < rtmax)
        s = conj_times(gs, fs / std::sqrt(f2 * h2));
      else
        s = conj_times(gs, r / h2);
    } else {
      // f2 / h2 may be subnormal and h2 / f2 overflow: go through sqrt(f2 h2).
      const R d = std::sqrt(f2 * h2);
      c = f2 / d;
      r = c >= safmin ? fs / c : fs * (h2 / d);
      s = conj_times(gs, fs / d);
    }
    if (!unscaled) {
      c *= w;
      r *= u;
    }
  }
  a = r;
}

template <class R>
void rotmg(R &d1, R &d2, R &x1, R y1, R *param) {
  // gam = 4096 keeps d1, d2 within [1/gam^2, gam^2]; the single-precision
  // reference uses these rounded decimal constants, the double one exact ones.
  const R gam = 4096;
  const R gamsq = std::is_same_v<R, float> ? R(1.67772e7) : R(16777216.0);
  const R rgamsq = std::is_same_v<R, float> ? R(5.96046e-8) : R(5.9604645e-8);
  R flag, h11 = 0, h12 = 0, h21 = 0, h22 = 0;
  auto zero_all = [&] {
    flag = -1;
    h11 = h12 = h21 = h22 = 0;
    d1 = d2 = x1 = 0;
  };
  if (d1 < 0) {
    zero_all();
  } else {
    const R p2 = d2 * y1;
    if (p2 == 0) {
      param[0] = -2;
      return;
    }
    const R p1 = d1 * x1, q2 = p2 * y1, q1 = p1 * x1;
    if (std::abs(q1) > std::abs(q2)) {
      h21 = -y1 / x1;
      h12 = p2 / p1;
      const R u = 1 - h12 * h21;
      if (u > 0) {
        flag = 0;
        d1 /= u;
        d2 /= u;
        x1 *= u;
      } else {
        zero_all();  // rounding edge case only (reference's safety branch)
      }
    } else if (q2 < 0) {
      zero_all();
    } else {
      flag = 1;
      h11 = p1 / p2;
      h22 = x1 / y1;
      const R u = 1 + h11 * h22;
      const R t = d2 / u;
      d2 = d1 / u;
      d1 = t;
      x1 = y1 * u;
    }
    // Making the implicit unit entries explicit, as the reference does on
    // every pass (it rewrites h21/h12 even when the flag is already -1).
    auto make_explicit = [&] {
      if (flag == 0) {
        h11 = 1;
        h22 = 1;
      } else {
        h21 = -1;
        h12 = 1;
      }
      flag = -1;
    };
    if (d1 != 0) {
      while (d1 <= rgamsq || d1 >= gamsq) {
        make_explicit();
        if (d1 <= rgamsq) {
          d1 *= gam * gam;
          x1 /= gam;
          h11 /= gam;
          h12 /= gam;
        } else {
          d1 /= gam * gam;
          x1 *= gam;
          h11 *= gam;
          h12 *= gam;
        }
      }
    }
    if (d2 != 0) {
      while (std::abs(d2) <= rgamsq || std::abs(d2) >= gamsq) {
        make_explicit();
        if (std::abs(d2) <= rgamsq) {
          d2 *= gam * gam;
          h21 /= gam;
          h22 /= gam;
        } else {
          d2 /= gam * gam;
          h21 *= gam;
          h22 *= gam;
        }
      }
    }
  }
  if (flag < 0) {
    param[1] = h11;
    param[2] = h21;
    param[3] = h12;
    param[4] = h22;
  } else if (flag == 0) {
    param[2] = h21;
    param[3] = h12;
  } else {
    param[1] = h11;
    param[4] = h22;
  }
  param[0] = flag;
}

template <class T, class R>
void rot(index_t n, T *x, index_t incx, T *y, index_t incy, R c, R s) {
  if (n <= 0) return;
  auto apply = [c, s](T &xv, T &yv) {
    const T t = c * xv + s * yv;
    yv = c * yv - s * xv;
    xv = t;
  };
  if (incx == 1 && incy == 1) {  // complex data with a real rotation: 2n reals
    constexpr index_t parts = is_complex_v<T> ? 2 : 1;
    vector_kernels<R>().rot(parts * n, reinterpret_cast<R *>(x), reinterpret_cast<R *>(y), c, s);
    return;
  }
  index_t ix = first_index(n, incx), iy = first_index(n, incy);
  for (index_t i = 0; i < n; ++i, ix += incx, iy += incy) apply(x[ix], y[iy]);
}

template <class R>
void rotm(index_t n, R *x, index_t incx, R *y, index_t incy, const R *param) {
  const R flag = param[0];
  if (n <= 0 || flag == -2) return;
  R h11, h12, h21, h22;
  if (flag < 0) {
    h11 = param[1], h21 = param[2], h12 = param[3], h22 = param[4];
  } else if (flag == 0) {
    h11 = 1, h21 = param[2], h12 = param[3], h22 = 1;
  } else {
    h11 = param[1], h21 = -1, h12 = 1, h22 = param[4];
  }
  index_t ix = first_index(n, incx), iy = first_index(n, incy);
  for (index_t i = 0; i < n; ++i, ix += incx, iy += incy) {
    const R w = x[ix], z = y[iy];
    x[ix] = w * h11 + z * h12;
    y[iy] = w * h21 + z * h22;
  }
}

template void rotg<float>(float &, float &, float &, float &);
template void rotg<double>(double &, double &, double &, double &);
template void rotg<float>(std::complex<float> &, const std::complex<float> &, float &,
                          std::complex<float> &);
template void rotg<double>(std::complex<double> &, const std::complex<double> &, double &,
                           std::complex<double> &);
template void rotmg<float>(float &, float &, float &, float, float *);
template void rotmg<double>(double &, double &, double &, double, double *);
template void rot<float, float>(index_t, float *, index_t, float *, index_t, float, float);
template void rot<double, double>(index_t, double *, index_t, double *, index_t, double, double);
template void rot<std::complex<float>, float>(index_t, std::complex<float> *, index_t,
                                              std::complex<float> *, index_t, float, float);
template void rot<std::complex<double>, double>(index_t, std::complex<double> *, index_t,
                                                std::complex<double> *, index_t, double, double);
template void rotm<float>(index_t, float *, index_t, float *, index_t, const float *);
template void rotm<double>(index_t, double *, index_t, double *, index_t, const double *);

}  // namespace tileblas::level1
