// complex_vector_table.hpp -- make_complex_vector_kernels: a target's
// ComplexVectorKernels table (target.hpp) from its real vector traits V and
// the shapes its kernels were measured best at; one call per target file
// (kernels/x86_64/<target>/complex_vector_kernels_<target>.cpp).
#pragma once

#include "complex_vector_kernels.hpp"
#include "hemv_kernel.hpp"

namespace tileblas {

// The table entry.  DotU: accumulators of dot/axpy; NC, NU: columns and
// vectors of gemv_n; TC, TU: of gemv_t; HC: columns per pass of hemv's panel.
template <class V, int DotU, int NC, int NU, int TC, int TU, int HC>
ComplexVectorKernels<typename V::T> make_complex_vector_kernels(const char *name) {
  using K = ComplexVectorKernelSet<V, DotU>;
  return {name,
          &K::dotu,
          &K::dotc,
          &K::axpy,
          &K::axpy2,
          &complex_gemv_n<V, NC, NU>,
          &complex_gemv_t<V, TC, TU>,
          &complex_gemv_n_listed<V, NC, NU>,
          &complex_gemv_t_listed<V, TC, TU>,
          &complex_iamax<V, DotU>,
          &complex_tri_solve<V>,
          &complex_tri_multiply<V>,
          &hemv_panel<V, HC>};
}

}  // namespace tileblas
