// vec_generic.hpp -- portable 128-bit vector traits for SimdMicrokernel, in
// GCC/Clang vector extensions: SSE2 on baseline x86-64, NEON or whatever the
// compiler targets elsewhere.  No FMA is assumed (baseline x86-64 has none),
// so fma() is a multiply and an add.
#pragma once

#include <cstring>

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
  static reg broadcast(const T *p) { return set1(*p); }
  static reg fma(reg a, reg b, reg c) { return a * b + c; }
  static reg mul(reg a, reg b) { return a * b; }
  static void store(T *p, reg v) { std::memcpy(p, &v, sizeof v); }
  static reg lane(reg v, int i) { return set1(v[i]); }  // lane i of v in every lane
  // Level 1/2 kernels (vector_kernels.hpp): the first n < width lanes, the
  // rest zero / left alone; nothing past p + n is touched.
  static reg add(reg a, reg b) { return a + b; }
  static reg load_partial(const T *p, int n) {
    reg v = zero();
    std::memcpy(&v, p, sizeof(T) * n);
    return v;
  }
  static void store_partial(T *p, reg v, int n) { std::memcpy(p, &v, sizeof(T) * n); }
  // Complex kernels (complex_vector_kernels.hpp): each (re, im) pair of lanes exchanged.
  static reg swap_pairs(reg v) {
    reg r;
    for (int i = 0; i < Width; ++i) r[i] = v[i ^ 1];
    return r;
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
