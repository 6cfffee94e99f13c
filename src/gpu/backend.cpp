// backend.cpp -- the GPU side of a call: setting, lazy module load, operand
// memory kinds, and the offload decision.
#include "backend.hpp"

#include <dlfcn.h>
#include <pthread.h>
#include <time.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <vector>

#include "environment.hpp"
#include "gemm.hpp"
#include "module_loader.hpp"
#include "offload_policy.hpp"
#include "threading.hpp"

namespace tileblas::gpu {
namespace {

// Host calls smaller than this (2 * 128^3 flops, ~20 us of CPU work) never
// load CUDA: copies and launch latency alone take longer.
constexpr double kConsiderFlops = 2.0 * 128 * 128 * 128;

std::atomic<bool> g_forked_child{false};
void mark_forked_child() { g_forked_child.store(true, std::memory_order_relaxed); }
__attribute__((constructor)) void watch_fork() { pthread_atfork(nullptr, nullptr, mark_forked_child); }

struct GpuState {
  const CudaModuleApi *api = nullptr;
  GpuInfo info{};
  bool usable = false;
  double cpu_flops_per_thread[2] = {0, 0};  // fp32 (and 16-bit inputs), fp64
};

std::atomic<bool> g_state_ready{false};

// CPU GEMM rate per thread, measured once on a 384^3 problem (about a
// millisecond): the model's CPU side, in the same units as the GPU's.
template <class T>
double measure_cpu_rate() {
  constexpr index_t n = 384;
  // Out of memory here would throw through the BLAS entry point that got
  // here first: measure nothing instead (0: the model has no CPU rate).
  std::vector<T> a, b, c;
  try {
    a.assign(n * n, T(0.5));
    b.assign(n * n, T(0.25));
    c.assign(n * n, T(0));
  } catch (const std::bad_alloc &) {
    return 0;
  }
  const double flops = 2.0 * n * n * n;
  double best = 0;
  for (int rep = 0; rep < 3; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    gemm_cpu<T>(Trans::No, Trans::No, n, n, n, T(1), a.data(), n, b.data(), n, T(0), c.data(), n);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (s > 0 && (best == 0 || s < best)) best = s;
  }
  return best > 0 ? flops / best / threads_for_call_size(flops) : 0;
}

void describe(const GpuState &s) {
  const GpuInfo &g = s.info;
  verbose_print("GPU 0: %s, sm_%d, %d SMs, %.1f GiB; link %.1f GB/s up, %.1f GB/s down", g.name,
                g.sm, g.multiprocessors, double(g.memory_bytes) / (1u << 30),
                g.h2d_bytes_per_s / 1e9, g.d2h_bytes_per_s / 1e9);
  verbose_print("GPU GEMM rates (TFLOP/s): fp32 %.1f, fp64 %.1f, fp16 %.1f, bf16 %.1f; "
                "CPU %.1f/%.1f GFLOP/s per thread (fp32/fp64)",
                g.gemm_flops_per_s[0] / 1e12, g.gemm_flops_per_s[1] / 1e12,
                g.gemm_flops_per_s[2] / 1e12, g.gemm_flops_per_s[3] / 1e12,
                s.cpu_flops_per_thread[0] / 1e9, s.cpu_flops_per_thread[1] / 1e9);
}

// Loads and initialises the module once; later calls return the result.
const GpuState &gpu_state() {
  static GpuState state;
  static std::mutex mutex;
  if (g_state_ready.load(std::memory_order_acquire)) return state;
  std::lock_guard<std::mutex> lock(mutex);
  if (g_state_ready.load(std::memory_order_relaxed)) return state;
  char why[512] = "";
  state.api = load_cuda_module(why, sizeof why);
  if (state.api && state.api->init(&state.info, why, sizeof why) == 0) {
    state.usable = true;
    state.cpu_flops_per_thread[0] = measure_cpu_rate<float>();
    state.cpu_flops_per_thread[1] = measure_cpu_rate<double>();
    if (verbose_level() >= 1) describe(state);
  } else if (backend_setting() == Backend::Gpu) {  // asked for explicitly: always say why not
    verbose_print("TILEBLAS_BACKEND=gpu but no usable GPU (%s); computing on the CPU", why);
  } else if (verbose_level() >= 1) {
    verbose_print("GPU not used: %s", why);
  }
  g_state_ready.store(true, std::memory_order_release);
  return state;
}

// Device pointers exist only in a process that has loaded the CUDA driver.
// Looking costs about a microsecond (the loader's lock), so a negative answer
// is re-checked at most once a millisecond.
bool cuda_driver_in_process() {
  static std::atomic<bool> seen{false};
  static std::atomic<long long> next_check_ns{0};
  if (seen.load(std::memory_order_relaxed)) return true;
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
  const long long now = ts.tv_sec * 1000000000LL + ts.tv_nsec;
  if (now < next_check_ns.load(std::memory_order_relaxed)) return false;
  next_check_ns.store(now + 1000000, std::memory_order_relaxed);
  if (void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD)) {
    dlclose(h);
    seen.store(true, std::memory_order_relaxed);
  }
  return seen.load(std::memory_order_relaxed);
}

// TILEBLAS_GPU_MIN_GFLOP: host calls of at least this many GFLOP go to the
// GPU, smaller ones stay on the CPU (the model is not used); < 0 = unset.
double min_gflop_override() {
  static const double value = [] {
    const char *v = std::getenv("TILEBLAS_GPU_MIN_GFLOP");
    if (!v || !*v) return -1.0;
    char *end = nullptr;
    const double x = std::strtod(v, &end);
    return end != v && x >= 0 ? x : -1.0;
  }();
  return value;
}

bool decide_host_offload(const char *routine, const cuda::DeviceGemm &g, const GpuState &s) {
  const double flops = 2.0 * double(g.m) * double(g.n) * double(g.k);
  if (backend_setting() == Backend::Gpu) return true;
  if (const double min = min_gflop_override(); min >= 0) return flops >= min * 1e9;
  const double per_thread = s.cpu_flops_per_thread[g.in == cuda::Elem::F64 ? 1 : 0];
  const OffloadEstimate e = estimate_offload(g, s.info, per_thread * threads_for_call_size(flops));
  if (verbose_level() >= 2)
    verbose_print("%s: offload model: GPU %.3g ms, CPU %.3g ms -> %s", routine,
                  e.gpu_seconds * 1e3, e.cpu_seconds * 1e3, e.use_gpu ? "GPU" : "CPU");
  return e.use_gpu;
}

}  // namespace

Backend backend_setting() {
  static const Backend b = [] {
    const char *v = std::getenv("TILEBLAS_BACKEND");
    if (!v || !*v || !std::strcmp(v, "auto")) return Backend::Auto;
    if (!std::strcmp(v, "cpu")) return Backend::Cpu;
    if (!std::strcmp(v, "gpu")) return Backend::Gpu;
    verbose_print("TILEBLAS_BACKEND=%s is not auto, cpu or gpu; using auto", v);
    return Backend::Auto;
  }();
  return b;
}

const char *backend_name(Backend b) {
  return b == Backend::Cpu ? "cpu" : b == Backend::Gpu ? "gpu" : "auto";
}

bool may_offload(double flops) {
  const Backend mode = backend_setting();
  if (mode == Backend::Cpu || g_forked_child.load(std::memory_order_relaxed)) return false;
  if (g_state_ready.load(std::memory_order_acquire)) return gpu_state().usable;
  // Not looked for a GPU yet: only a call big enough, or one that may hold
  // device pointers (CUDA loaded), or TILEBLAS_BACKEND=gpu, makes us look.
  return mode != Backend::Auto || flops >= kConsiderFlops || cuda_driver_in_process();
}

bool offload_gemm(const char *routine, const cuda::DeviceGemm &g, CpuTileFn cpu_tile,
                  void *cpu_context) {
  const bool has_flops = g.has_product();
  if (!may_offload(has_flops ? 2.0 * double(g.m) * double(g.n) * double(g.k) : 0)) return false;
  const GpuState &s = gpu_state();
  if (!s.usable) return false;

  char report[256] = "";
  const CudaModuleApi &api = *s.api;
  const PointerKind ka = has_flops ? api.pointer_kind(g.a) : PointerKind::Host;
  const PointerKind kb = has_flops ? api.pointer_kind(g.b) : PointerKind::Host;
  const PointerKind kc = api.pointer_kind(g.c);
  if (ka != PointerKind::Host || kb != PointerKind::Host || kc != PointerKind::Host) {
    if (api.gemm_device(&g, report, sizeof report) == 0) {
      if (verbose_level() >= 2) verbose_print("%s: GPU (%s)", routine, report);
      return true;
    }
    const bool cpu_can_read = ka != PointerKind::Device && kb != PointerKind::Device &&
                              kc != PointerKind::Device;
    verbose_print("%s: GPU call failed: %s%s", routine, report,
                  cpu_can_read ? "; computing on the CPU" : "; C is left unchanged");
    return !cpu_can_read;  // device memory cannot be computed on the CPU
  }
  if (!has_flops || !decide_host_offload(routine, g, s)) return false;
  if (api.gemm_host(&g, cpu_tile, cpu_context, report, sizeof report) == 0) {
    if (verbose_level() >= 2) verbose_print("%s: GPU (%s)", routine, report);
    return true;
  }
  if (verbose_level() >= 1) verbose_print("%s: GPU not used: %s", routine, report);
  return false;
}

}  // namespace tileblas::gpu
