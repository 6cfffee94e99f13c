// cpu_features.hpp -- what the CPU and the OS let us run, read once from
// CPUID feature bits and XGETBV (never from model numbers: the family only
// picks a blocksize table among targets the feature bits allow).
#pragma once

namespace tileblas {

struct CpuFeatures {
  bool sse2 = false;
  bool avx = false;   // CPU bit and OS-saved YMM state
  bool avx2 = false;
  bool fma = false;
  bool f16c = false;
  bool avx512f = false;  // CPU bit and OS-saved ZMM/opmask state
  bool avx512dq = false;
  bool avx512bw = false;
  bool avx512vl = false;
  bool avx512bf16 = false;
  char vendor[13] = {};
  unsigned family = 0;  // CPUID display family (base + extended), e.g. 0x1A = AMD Zen 5
};

const CpuFeatures &cpu_features();

}  // namespace tileblas
