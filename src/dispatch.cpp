#include "dispatch.hpp"

#include <strings.h>

#include <cstdlib>
#include <cstring>

#include "cpu_features.hpp"
#include "environment.hpp"
#include "gpu/backend.hpp"
#include "threading.hpp"

namespace tileblas {
namespace {

// Compiled-in targets, best first.  `runs` is evaluated here, in baseline
// code, before anything compiled with the target's ISA flags is touched.
struct Candidate {
  const char *name;
  bool (*runs)(const CpuFeatures &);
  const CpuTarget &(*table)();
};

#ifdef TILEBLAS_TARGET_AVX512
bool runs_avx512(const CpuFeatures &f) {
  return f.avx512f && f.avx512dq && f.avx512bw && f.avx512vl && f.fma && f.f16c;
}
// Zen 5 (AMD family 1Ah) and later AMD cores: full-width 512-bit FMAs, which
// no feature bit tells apart from Zen 4's double-pumped ones, and its own
// tiles and blocks (kernels/x86_64/avx512/target_avx512.cpp).
bool runs_zen5(const CpuFeatures &f) {
  return runs_avx512(f) && std::strcmp(f.vendor, "AuthenticAMD") == 0 && f.family >= 0x1A;
}
// Zen 4 (AMD family 19h with AVX-512; later AMD cores pick zen5 first, and
// may be forced onto this one): 512-bit work in two 256-bit halves.
bool runs_zen4(const CpuFeatures &f) {
  return runs_avx512(f) && std::strcmp(f.vendor, "AuthenticAMD") == 0 && f.family >= 0x19;
}
#endif

const Candidate kCandidates[] = {
#ifdef TILEBLAS_TARGET_AVX512
    {"zen5", runs_zen5, avx512_zen5_target},
    {"zen4", runs_zen4, avx512_zen4_target},
    {"avx512", runs_avx512, avx512_target},
#endif
#ifdef TILEBLAS_TARGET_AVX2
    {"avx2", [](const CpuFeatures &f) { return f.avx2 && f.fma && f.f16c; }, avx2_target},
#endif
    {"generic", [](const CpuFeatures &) { return true; }, generic_target},
};

const Candidate &choose() {
  const CpuFeatures &cpu = cpu_features();
  const Candidate *best = nullptr;
  for (const Candidate &c : kCandidates)
    if (c.runs(cpu)) {
      best = &c;
      break;
    }
  // The generic candidate runs everywhere, so `best` is set.
  const char *forced = std::getenv("TILEBLAS_CORETYPE");
  if (!forced || !*forced) return *best;
  for (const Candidate &c : kCandidates) {
    if (strcasecmp(forced, c.name) != 0) continue;
    if (c.runs(cpu)) return c;
    verbose_print("TILEBLAS_CORETYPE=%s: this CPU cannot run it; using %s", forced, best->name);
    return *best;
  }
  verbose_print("TILEBLAS_CORETYPE=%s is not a target of this build; using %s", forced,
                best->name);
  return *best;
}

const GemmKernel<float, std::uint16_t> &bf16_kernel_of(const CpuTarget &t) {
  return t.sbgemm_dot && cpu_features().avx512bf16 ? *t.sbgemm_dot : t.sbgemm;
}

void describe(const CpuTarget &t) {
  const CpuFeatures &cpu = cpu_features();
  verbose_print("cpu %s family %Xh avx2=%d fma=%d avx512f=%d avx512bf16=%d; target %s",
                cpu.vendor, cpu.family, cpu.avx2, cpu.fma, cpu.avx512f, cpu.avx512bf16, t.name);
  const auto &s = t.sgemm;
  const auto &d = t.dgemm;
  verbose_print("sgemm kernel %s MC=%d KC=%d NC=%d; dgemm kernel %s MC=%d KC=%d NC=%d",
                s.micro.name, s.blocks.mc, s.blocks.kc, s.blocks.nc, d.micro.name,
                d.blocks.mc, d.blocks.kc, d.blocks.nc);
  verbose_print("half: fp16 kernel %s (converted while packing); bf16 kernel %s",
                t.shgemm.micro.name, bf16_kernel_of(t).micro.name);
  verbose_print("complex: cgemm kernel %s, zgemm kernel %s",
                t.cgemm.kernel ? t.cgemm.name : "portable 8x4",
                t.zgemm.kernel ? t.zgemm.name : "portable 4x4");
  verbose_print("level 1/2: %s vector kernels (s/d dot, axpy, scal, gemv, ger; trsv/trmv blocked on them)",
                t.svector.name);
  verbose_print("threads %d (%s)%s", default_num_threads(), threading_model(),
                deterministic_mode() ? ", deterministic (TILEBLAS_DETERMINISTIC)" : "");
  const gpu::Backend backend = gpu::backend_setting();
  verbose_print("backend %s%s", gpu::backend_name(backend),
                backend == gpu::Backend::Cpu ? "" : " (a GPU is looked for on the first call that could use it)");
}

}  // namespace

const CpuTarget &active_target() {
  static const CpuTarget *target = [] {
    const CpuTarget *t = &choose().table();
    if (verbose_level() >= 1) describe(*t);
    return t;
  }();
  return *target;
}

const GemmKernel<float, std::uint16_t> &active_sbgemm_kernel() {
  static const GemmKernel<float, std::uint16_t> &kernel = bf16_kernel_of(active_target());
  return kernel;
}

// Choose (and, with TILEBLAS_VERBOSE, report) at load time rather than on the
// first call, so the verbose line appears even for programs that never call.
__attribute__((constructor)) static void choose_target_at_load() { active_target(); }

}  // namespace tileblas
