#include "cpu_features.hpp"

#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace tileblas {
namespace {

#if defined(__x86_64__) || defined(__i386__)
// XCR0: which register state the OS saves on context switch.  A CPU bit alone
// is not enough: an OS that does not save ZMM state makes AVX-512 unusable.
unsigned long long read_xcr0() {
  unsigned eax, edx;
  __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
  return (static_cast<unsigned long long>(edx) << 32) | eax;
}

CpuFeatures detect() {
  CpuFeatures f;
  unsigned a, b, c, d;
  if (!__get_cpuid(0, &a, &b, &c, &d)) return f;
  const unsigned max_leaf = a;
  std::memcpy(f.vendor + 0, &b, 4);
  std::memcpy(f.vendor + 4, &d, 4);
  std::memcpy(f.vendor + 8, &c, 4);

  __get_cpuid(1, &a, &b, &c, &d);
  const unsigned base_family = (a >> 8) & 0xF;
  f.family = base_family == 0xF ? base_family + ((a >> 20) & 0xFF) : base_family;
  f.sse2 = d & (1u << 26);
  const bool osxsave = c & (1u << 27);
  const bool cpu_avx = c & (1u << 28);
  const bool cpu_fma = c & (1u << 12);
  const bool cpu_f16c = c & (1u << 29);

  const unsigned long long xcr0 = osxsave ? read_xcr0() : 0;
  const bool os_ymm = (xcr0 & 0x6) == 0x6;       // SSE + AVX state
  const bool os_zmm = (xcr0 & 0xE6) == 0xE6;     // + opmask, ZMM_Hi256, Hi16_ZMM

  f.avx = cpu_avx && os_ymm;
  f.fma = cpu_fma && f.avx;
  f.f16c = cpu_f16c && f.avx;
  if (max_leaf >= 7) {
    __get_cpuid_count(7, 0, &a, &b, &c, &d);
    f.avx2 = (b & (1u << 5)) && f.avx;
    f.avx512f = (b & (1u << 16)) && os_zmm;
    f.avx512dq = (b & (1u << 17)) && f.avx512f;
    f.avx512bw = (b & (1u << 30)) && f.avx512f;
    f.avx512vl = (b & (1u << 31)) && f.avx512f;
    __get_cpuid_count(7, 1, &a, &b, &c, &d);
    f.avx512bf16 = (a & (1u << 5)) && f.avx512f;
  }
  return f;
}
#else
CpuFeatures detect() { return CpuFeatures{}; }
#endif

}  // namespace

const CpuFeatures &cpu_features() {
  static const CpuFeatures features = detect();  // thread-safe one-time init
  return features;
}

}  // namespace tileblas
