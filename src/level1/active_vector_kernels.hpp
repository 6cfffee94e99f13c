// active_vector_kernels.hpp -- the chosen target's Level 1/2 kernels
// (VectorKernels and ComplexVectorKernels in target.hpp), as the engines
// call them.
#pragma once

#include <complex>
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

// For std::complex<R>: the kernels of R's complex type.
template <class T>
struct complex_kernel_of {
  static constexpr bool value = false;
};
template <class R>
struct complex_kernel_of<std::complex<R>> {
  static constexpr bool value = has_vector_kernels_v<R>;
  using real = R;
};
template <class T>
inline constexpr bool has_complex_vector_kernels_v = complex_kernel_of<T>::value;

template <class T>
const ComplexVectorKernels<typename complex_kernel_of<T>::real> &complex_vector_kernels() {
  if constexpr (std::is_same_v<T, std::complex<float>>)
    return active_target().cvector;
  else
    return active_target().zvector;
}

}  // namespace tileblas
