// vec_generic.hpp -- portable 128-bit vector traits for SimdMicrokernel, in
// GCC/Clang vector extensions: SSE2 on baseline x86-64, NEON or whatever the
// compiler targets elsewhere.  No FMA is assumed (baseline x86-64 has none),
// so fma() is a multiply and an add.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

namespace tileblas::generic {

template <class Elem, int Width>
struct VecPortable {
  using T = Elem;
  typedef T reg __attribute__((vector_size(sizeof(T) * Width)));
  static constexpr int width = Width;
  static reg zero() { return reg{} ; }
  static reg set1(T x) { return reg{} + x; }
  static reg load(const T *p) {
    reg v;
    std::memcpy(&v, p, sizeof v);  // unaligned-safe
    return v;
  }
  static reg load_halves(const T *p) { return load(p); }  // (an AVX-512 need)
  static reg broadcast(const T *p) { return set1(*p); }
  static reg fma(reg a, reg b, reg c) { return a * b + c; }
  static reg mul(reg a, reg b) { return a * b; }
  static void store(T *p, reg v) { std::memcpy(p, &v, sizeof v); }
  static reg lane(reg v, int i) { return set1(v[i]); }  // lane i of v in every lane
  // Level 1/2 kernels (vector_kernels.hpp): the first n < width lanes, the
  // rest zero / left alone; nothing past p + n is touched.
  static reg add(reg a, reg b) { return a + b; }
  // (n clamped to the width: GCC cannot always see that a caller's n is,
  // and warns of an out-of-bounds copy.)
  static reg load_partial(const T *p, int n) {
    reg v = zero();
    std::memcpy(&v, p, sizeof(T) * std::min(n, Width));
    return v;
  }
  static void store_partial(T *p, reg v, int n) {
    std::memcpy(p, &v, sizeof(T) * std::min(n, Width));
  }
  // Complex kernels (complex_vector_kernels.hpp): each (re, im) pair of lanes exchanged.
  static reg swap_pairs(reg v) {
    reg r;
    for (int i = 0; i < Width; ++i) r[i] = v[i ^ 1];
    return r;
  }
  // (even, odd, even, odd, ...)
  static reg pairs(T even, T odd) {
    reg r;
    for (int i = 0; i < Width; ++i) r[i] = i % 2 ? odd : even;
    return r;
  }
  // Reductions (vector_reductions.hpp): |v| (the sign bit cleared, so -0
  // gives +0 and NaN stays NaN); max(a, b) with b wherever a is NaN, so
  // max(|x|, acc) drops NaNs; lane masks of a > b and a == b (bit i: lane i).
  using Bits = std::conditional_t<sizeof(T) == 4, std::int32_t, std::int64_t>;
  typedef Bits ireg __attribute__((vector_size(sizeof(T) * Width)));
  static reg abs(reg v) {
    const ireg all_but_sign = ireg{} + std::numeric_limits<Bits>::max();
    return reinterpret_cast<reg>(reinterpret_cast<ireg>(v) & all_but_sign);
  }
  static reg max(reg a, reg b) { return a > b ? a : b; }
  static unsigned mask_greater(reg a, reg b) {
    unsigned m = 0;
    for (int i = 0; i < Width; ++i) m |= unsigned(a[i] > b[i]) << i;
    return m;
  }
  static unsigned mask_equal(reg a, reg b) {
    unsigned m = 0;
    for (int i = 0; i < Width; ++i) m |= unsigned(a[i] == b[i]) << i;
    return m;
  }
  // width floats converted to T (float nrm2 sums its squares in double).
  static reg load_float(const float *p) {
    reg v;
    for (int i = 0; i < Width; ++i) v[i] = T(p[i]);
    return v;
  }
  static reg load_float_partial(const float *p, int n) {
    reg v = zero();
    for (int i = 0; i < n; ++i) v[i] = T(p[i]);
    return v;
  }
  // symv's diagonal blocks (symv_kernel.hpp): lanes chosen by a bit mask;
  // a masked load reads nothing outside the mask, a masked FMA leaves c.
  static reg load_masked(const T *p, unsigned lanes) {
    reg v = zero();
    for (int i = 0; i < Width; ++i)
      if (lanes >> i & 1) v[i] = p[i];
    return v;
  }
  static void store_masked(T *p, reg v, unsigned lanes) {
    for (int i = 0; i < Width; ++i)
      if (lanes >> i & 1) p[i] = v[i];
  }
  static reg fma_masked(reg a, reg b, reg c, unsigned lanes) {
    const reg f = fma(a, b, c);
    for (int i = 0; i < Width; ++i)
      if (lanes >> i & 1) c[i] = f[i];
    return c;
  }
  static T sum(reg v) {  // lanes in order
    T s = v[0];
    for (int i = 1; i < Width; ++i) s += v[i];
    return s;
  }
};

using VecFloat = VecPortable<float, 4>;
using VecDouble = VecPortable<double, 2>;

}  // namespace tileblas::generic
