// environment.hpp -- the TILEBLAS_* environment variables, read in one place.
#pragma once

namespace tileblas {

// Positive integer value of variable `name` (first entry of a comma list,
// as OMP_NUM_THREADS allows), or 0 when unset or not a positive integer.
int env_positive_int(const char *name);

// TILEBLAS_VERBOSE: 0 quiet, 1 what was chosen at load time, 2 also one line per call.
int verbose_level();

// TILEBLAS_DETERMINISTIC=1: results bitwise identical for any thread count.
// Every threaded schedule already is (each element of C is summed in the
// same order whichever thread owns it), so the mode changes no schedule
// today; it is reported (TILEBLAS_VERBOSE, tileblas_get_config) and tested,
// and any future schedule that depends on the thread count (split-k,
// parallel reductions) must fall back to a fixed one while it is set.
bool deterministic_mode();

// Writes "tileblas: <message>\n" to stderr in a single write, so lines from
// concurrent callers do not interleave.
void verbose_print(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

// Out of memory for scratch (pack buffers): the call still completes with
// unpacked loops; this says so on stderr, once per process, at any verbosity.
void report_out_of_memory(const char *routine);
// The same when the call could still complete with less scratch (one
// thread, smaller blocks): once per process as well.
void report_smaller_blocks(const char *routine);

}  // namespace tileblas
