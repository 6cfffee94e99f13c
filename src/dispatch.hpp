// dispatch.hpp -- the CPU target chosen once per process.
#pragma once

#include <type_traits>

#include "target.hpp"

namespace tileblas {

// The best compiled-in target this CPU runs, or the one TILEBLAS_CORETYPE
// names when the CPU can run it.  Chosen on first use (thread-safe).
const CpuTarget &active_target();

// The bf16 GEMM kernel: the target's native dot-product kernel where it has
// one and CPUID reports AVX512_BF16, else its convert-while-packing kernel.
const GemmKernel<float, std::uint16_t> &active_sbgemm_kernel();

// The target's real GEMM kernel for T (float or double).
template <class T>
const GemmKernel<T> &gemm_kernel_of(const CpuTarget &t) {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>);
  if constexpr (std::is_same_v<T, float>) return t.sgemm;
  else return t.dgemm;
}

}  // namespace tileblas
