#include "threading.hpp"

#include <dlfcn.h>
#include <pthread.h>
#include <sched.h>
#include <unistd.h>

#include <atomic>

#include "environment.hpp"

#ifndef TILEBLAS_DEFAULT_THREADS
#define TILEBLAS_DEFAULT_THREADS 0
#endif

namespace tileblas {
namespace {

std::atomic<int> g_user_threads{0};   // 0: use the default
std::atomic<bool> g_forked_child{false};

// Below this many flops one thread wins: starting or waking a team costs
// a few microseconds, about what 2*100^3 flops take on one core.
constexpr double kMinFlopsPerExtraThread = 2.0e6;

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

int threads_for_call(double flops) {
  if (flops < 2 * kMinFlopsPerExtraThread) return 1;  // small calls: nothing else to look up
  int threads = num_threads();
  if (threads <= 1) return 1;
  if (g_forked_child.load(std::memory_order_relaxed)) return 1;
#ifdef TILEBLAS_USE_OPENMP
  if (omp_in_parallel()) return 1;
#endif
  const double by_size = flops / kMinFlopsPerExtraThread;
  if (by_size < threads) threads = by_size < 1 ? 1 : static_cast<int>(by_size);
  return threads;
}

const char *threading_model() {
#ifdef TILEBLAS_USE_OPENMP
  return "openmp";
#else
  return "sequential";
#endif
}

}  // namespace tileblas
