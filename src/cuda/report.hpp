// report.hpp -- the module's answers to the core: a short text in the
// caller's buffer (which kernel ran, or which CUDA call failed and why).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdarg>
#include <cstddef>
#include <cstdio>

namespace tileblas::gpu {

struct Report {
  char *text;
  std::size_t len;

  void say(const char *fmt, ...) const __attribute__((format(printf, 2, 3))) {
    if (!text || len == 0) return;
    va_list args;
    va_start(args, fmt);
    std::vsnprintf(text, len, fmt, args);
    va_end(args);
  }
  // Says which call failed; returns 1 (the module's "not done") so callers
  // can `return report.cuda_failure(...)`.
  int cuda_failure(const char *what, cudaError_t e) const {
    say("%s failed: %s (%s)", what, cudaGetErrorName(e), cudaGetErrorString(e));
    return 1;
  }
};

}  // namespace tileblas::gpu
