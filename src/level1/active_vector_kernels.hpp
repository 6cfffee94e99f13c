// active_vector_kernels.hpp -- the chosen target's Level 1/2 kernels for a
// real type (VectorKernels in target.hpp), as the engines call them.
#pragma once

#include <type_traits>

#include "dispatch.hpp"

namespace tileblas {

template <class T>
inline constexpr bool has_vector_kernels_v = std::is_same_v<T, float> || std::is_same_v<T, double>;

template <class T>
const VectorKernels<T> &vector_kernels() {
  static_assert(has_vector_kernels_v<T>, "Level 1/2 kernels exist for float and double");
  if constexpr (std::is_same_v<T, float>)
    return active_target().svector;
  else
    return active_target().dvector;
}

}  // namespace tileblas
