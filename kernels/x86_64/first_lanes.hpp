// first_lanes.hpp -- the first r <= W lanes of a vector from / to memory,
// as a plain load or store when r is the whole vector.  The masked forms
// cost more even then: an AVX2 masked store is microcoded on AMD, and a
// later load of what it wrote cannot be forwarded from it, so it waits for
// the store to retire (symv's diagonal blocks, where the next column
// group reads y right back: ssymv 64-256 11-20 % faster on Zen 3 without).
#pragma once

namespace tileblas {

template <class V>
inline typename V::reg load_first(const typename V::T *p, int r) {
  return r == V::width ? V::load(p) : V::load_partial(p, r);
}

template <class V>
inline void store_first(typename V::T *p, typename V::reg v, int r) {
  if (r == V::width)
    V::store(p, v);
  else
    V::store_partial(p, v, r);
}

}  // namespace tileblas
