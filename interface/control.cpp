// control.cpp -- tileblas_* and the OpenBLAS-named controls (threadpoolctl,
// NumPy's and SciPy's tooling look for openblas_* in any libblas*).
#include <cstdio>

#include "../include/tileblas.h"
#include "dispatch.hpp"
#include "environment.hpp"
#include "threading.hpp"

#define TILEBLAS_API extern "C" __attribute__((visibility("default")))

namespace {

const char *config_string() {
  static char config[160];
  static const bool ready = [] {
    std::snprintf(config, sizeof config, "tileblas %s target=%s threads=%d %s%s",
                  TILEBLAS_VERSION_STRING, tileblas::active_target().name,
                  tileblas::default_num_threads(), tileblas::threading_model(),
                  tileblas::deterministic_mode() ? " deterministic" : "");
    return true;
  }();
  (void)ready;
  return config;
}

}  // namespace

TILEBLAS_API const char *tileblas_version(void) { return TILEBLAS_VERSION_STRING; }
TILEBLAS_API void tileblas_set_num_threads(int n) { tileblas::set_num_threads(n); }
TILEBLAS_API int tileblas_get_num_threads(void) { return tileblas::num_threads(); }
TILEBLAS_API const char *tileblas_get_config(void) { return config_string(); }
TILEBLAS_API const char *tileblas_get_corename(void) { return tileblas::active_target().name; }

TILEBLAS_API void openblas_set_num_threads(int n) { tileblas::set_num_threads(n); }
TILEBLAS_API int openblas_get_num_threads(void) { return tileblas::num_threads(); }
TILEBLAS_API char *openblas_get_config(void) { return const_cast<char *>(config_string()); }
TILEBLAS_API char *openblas_get_corename(void) {
  return const_cast<char *>(tileblas::active_target().name);
}
TILEBLAS_API int openblas_get_parallel(void) {
#ifdef TILEBLAS_USE_OPENMP
  return 2;
#else
  return 0;
#endif
}
