// lane_sums.hpp -- lane_sums<V, N>(v, out): out[k] = V::sum(v[k]), k < N,
// bit for bit, eight vectors at a time through V::sums8 where the traits
// have it: one tree of shuffles shared by eight sums instead of eight trees.
// A gemv T on short columns (cgemv T 64^2, chemv's panels, symv's dots)
// spends as long summing lanes as it does in its loop otherwise.
#pragma once

#include <type_traits>
#include <utility>

namespace tileblas {

template <class V, class = void>
struct HasSums8 : std::false_type {};
template <class V>
struct HasSums8<V, std::void_t<decltype(V::sums8(std::declval<const typename V::reg *>(),
                                                   std::declval<typename V::T *>()))>>
    : std::true_type {};

template <class V>
inline __attribute__((always_inline)) void lane_sums(const typename V::reg *v, int n,
                                                     typename V::T *out) {
  int k = 0;
  if constexpr (HasSums8<V>::value)
    for (; k + 8 <= n; k += 8) V::sums8(v + k, out + k);
  for (; k < n; ++k) out[k] = V::sum(v[k]);
}

// The same for a count known at compile time.
template <class V, int N>
void lane_sums(const typename V::reg *v, typename V::T *out) {
  lane_sums<V>(v, N, out);
}

}  // namespace tileblas
