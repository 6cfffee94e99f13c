#include "environment.hpp"

#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace tileblas {

int env_positive_int(const char *name) {
  const char *value = std::getenv(name);
  if (!value || !*value) return 0;
  char *end = nullptr;
  const long n = std::strtol(value, &end, 10);
  if (end == value || (*end != '\0' && *end != ',') || n < 1) return 0;
  return n > 4096 ? 4096 : static_cast<int>(n);
}

int verbose_level() {
  static const int level = [] {
    const char *v = std::getenv("TILEBLAS_VERBOSE");
    return v ? std::atoi(v) : 0;
  }();
  return level;
}

bool deterministic_mode() {
  static const bool on = env_positive_int("TILEBLAS_DETERMINISTIC") > 0;
  return on;
}

void verbose_print(const char *fmt, ...) {
  char line[512];
  int n = std::snprintf(line, sizeof line, "tileblas: ");
  va_list args;
  va_start(args, fmt);
  int m = std::vsnprintf(line + n, sizeof line - n - 1, fmt, args);
  va_end(args);
  if (m < 0) return;
  n += m;
  if (n > static_cast<int>(sizeof line) - 2) n = sizeof line - 2;
  line[n++] = '\n';
  ssize_t ignored = ::write(2, line, n);
  (void)ignored;
}

void report_smaller_blocks(const char *routine) {
  static std::atomic<bool> reported{false};
  if (!reported.exchange(true))
    verbose_print("%s: out of memory for pack buffers; continuing with less scratch (one thread, "
                  "smaller blocks; slower)",
                  routine);
}

void report_out_of_memory(const char *routine) {
  static std::atomic<bool> reported{false};
  if (!reported.exchange(true))
    verbose_print("%s: out of memory for pack buffers; computing with unpacked loops (slower)",
                  routine);
}

}  // namespace tileblas
