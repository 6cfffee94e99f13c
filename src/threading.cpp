#include "threading.hpp"

#include <dlfcn.h>
#include <pthread.h>
#include <sched.h>
#include <unistd.h>

#include <atomic>

#include "environment.hpp"
#include "team_wake.hpp"

#ifndef TILEBLAS_DEFAULT_THREADS
#define TILEBLAS_DEFAULT_THREADS 0
#endif

namespace tileblas {
namespace {

std::atomic<int> g_user_threads{0};   // 0: use the default
std::atomic<bool> g_forked_child{false};

// Level 3: each extra thread needs this many flops.  A hot OpenMP team
// starts and joins in 1-2 us; measured on the 2-core Zen 3 (interleaved,
// median of 15), 2 threads against 1 win from 0.5 Mflop: s/dgemm 64^3 1.2x /
// 1.5x, 80^3 1.5x, 96^3 1.6x, and trsm/syrk/trmm/symm 96-128 1.2-1.8x.
// (The old 2 Mflop kept everything below 100^3 on one thread.)  A team woken
// after an idle spell can cost milliseconds on a VM whatever the size; that
// is team_wake.hpp's concern, not a reason to keep mid sizes on one thread.
constexpr double kMinFlopsPerExtraThread = 0.25e6;

// Level 1/2 stream memory: each extra thread needs this many bytes.  Measured
// on the shared 2-core Zen 4 (2 threads against 1, separate processes, in
// L2): dgemv 256^2 (512 KB) N/T 1.45x, zgemv 256^2 1.5-1.9x, cgemv 1.1-1.9x;
// below the line sgemv 224^2 (200 KB) 0.92x and 256^2 (256 KB) 1.2x; on Zen 5
// double 192^2 (295 KB) 1.0x.  On a busy host 2 threads read 0.9-1.4x one at
// 512 KB.  Counting elements instead of bytes had kept double and complex
// matrices of 512 KB - 1 MB on one thread.
constexpr double kMinBytesPerExtraThread = 200e3;

// Rough one-core speeds (an AVX2 core's fp32 peak, a core's memory stream),
// only to weigh a call against the team's wake-up (team_wake.hpp).
constexpr double kFlopsPerSecond = 100e9, kBytesPerSecond = 20e9;

int available_cores() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) {
    const int n = CPU_COUNT(&set);
    if (n > 0) return n;
  }
  const long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? static_cast<int>(n) : 1;
}

// GNU OpenMP's thread pool does not survive fork(): a child that starts a
// parallel region waits forever for the parent's workers.  A child therefore
// runs single-threaded (correct, and never hangs).
void mark_forked_child() { g_forked_child.store(true, std::memory_order_relaxed); }

__attribute__((constructor)) void prepare_threading() {
  pthread_atfork(nullptr, nullptr, mark_forked_child);
#ifdef TILEBLAS_USE_OPENMP
  // Pin the OpenMP runtime: after dlclose() of tileblas its idle pool threads
  // keep running inside libgomp, which must therefore never be unloaded.
  dlopen("libgomp.so.1", RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
#endif
}

}  // namespace

int default_num_threads() {
  static const int n = [] {
    if (int t = env_positive_int("TILEBLAS_NUM_THREADS")) return t;
    if (int t = env_positive_int("OMP_NUM_THREADS")) return t;
    if (TILEBLAS_DEFAULT_THREADS > 0) return TILEBLAS_DEFAULT_THREADS;
    return available_cores();
  }();
  return n;
}

int num_threads() {
#ifdef TILEBLAS_USE_OPENMP
  const int user = g_user_threads.load(std::memory_order_relaxed);
  return user > 0 ? user : default_num_threads();
#else
  return 1;
#endif
}

void set_num_threads(int n) { g_user_threads.store(n > 0 ? n : 0, std::memory_order_relaxed); }

namespace {
// work_per_second: 0 for an estimate (the team's wake-up is not weighed,
// and the call is not counted by team_wake).
int threads_for_work(double work, double min_work_per_extra_thread, double work_per_second) {
  if (work < 2 * min_work_per_extra_thread) return 1;  // small calls: nothing else to look up
  int threads = num_threads();
  if (threads <= 1) return 1;
  if (g_forked_child.load(std::memory_order_relaxed)) return 1;
#ifdef TILEBLAS_USE_OPENMP
  if (omp_in_parallel()) return 1;
#endif
  const double by_size = work / min_work_per_extra_thread;
  if (by_size < threads) threads = by_size < 1 ? 1 : static_cast<int>(by_size);
#ifdef TILEBLAS_USE_OPENMP
  if (threads > 1 && work_per_second > 0 && keep_on_one_thread(work / work_per_second)) return 1;
#endif
  return threads;
}
}  // namespace

int threads_for_call(double flops) {
  return threads_for_work(flops, kMinFlopsPerExtraThread, kFlopsPerSecond);
}

int threads_for_call_size(double flops) {
  return threads_for_work(flops, kMinFlopsPerExtraThread, 0);
}

int threads_for_bytes(double bytes) {
  return threads_for_work(bytes, kMinBytesPerExtraThread, kBytesPerSecond);
}

const char *threading_model() {
#ifdef TILEBLAS_USE_OPENMP
  return "openmp";
#else
  return "sequential";
#endif
}

}  // namespace tileblas
