// instantiate.hpp -- stamps out an engine template for the four BLAS types.
#pragma once

#include <complex>

#define TILEBLAS_LEVEL2_FOR_ALL_TYPES(MACRO) \
  MACRO(float)                              \
  MACRO(double)                             \
  MACRO(std::complex<float>)                \
  MACRO(std::complex<double>)
