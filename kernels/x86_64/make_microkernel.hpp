// make_microkernel.hpp -- registers one SimdMicrokernel instantiation, with
// the packers for its tile, as the GemmMicrokernel record a target table uses.
// Included only by kernel files, so everything here is compiled with their
// ISA flags.
#pragma once

#include "pack.hpp"
#include "simd_microkernel.hpp"

namespace tileblas {

template <class V, int MV, int NR>
GemmMicrokernel<typename V::T> make_microkernel(const char *name) {
  using T = typename V::T;
  using K = SimdMicrokernel<V, MV, NR>;
  return {name, K::MR, NR, &K::run, &pack_a<T, K::MR>, &pack_b<T, NR>};
}

}  // namespace tileblas
