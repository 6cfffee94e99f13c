// threading.hpp -- how many threads a call may use, and the OpenMP team
// primitives the drivers use (so no driver includes <omp.h> itself).
#pragma once

namespace tileblas {

// Threads from TILEBLAS_NUM_THREADS, else OMP_NUM_THREADS, else the build's
// NUM_THREADS, else the cores this process may run on.
int default_num_threads();

// The user's current setting (tileblas_set_num_threads), else the default.
int num_threads();
void set_num_threads(int n);  // n < 1 restores the default

// Threads one Level 3 call of `flops` floating-point operations should use:
// 1 when the problem is too small to pay for a team, inside the caller's
// parallel region (no threads squared), in a child process after fork(), or
// when it is shorter than the idle team has been taking to wake
// (team_wake.hpp).
int threads_for_call(double flops);
// The same by the call's size alone, for a cost estimate: no wake-up rule,
// and nothing recorded.
int threads_for_call_size(double flops);

// The same for a Level 1/2 call that streams `bytes` of matrix and vectors
// once (2 threads from 400 KB: a 316^2 float, 224^2 double or 158^2 complex
// double matrix).
int threads_for_bytes(double bytes);

// "openmp" or "sequential".
const char *threading_model();

// Runs body(thread_id, team_size) on a team of up to `threads` threads; the
// team may be smaller than asked, so body must use the team_size it is given.
template <class Body>
void run_team(int threads, Body &&body);

// Waits until every thread of the current team arrives (no-op outside a team).
void team_barrier();

}  // namespace tileblas

#ifdef TILEBLAS_USE_OPENMP
#include <omp.h>

#include "team_wake.hpp"
template <class Body>
void tileblas::run_team(int threads, Body &&body) {
  if (threads <= 1) {
    body(0, 1);
    return;
  }
  TeamStart start;
  team_starting(start);
#pragma omp parallel num_threads(threads)
  {
    const int id = omp_get_thread_num();
    if (id != 0) team_member_arrived(start);
    body(id, omp_get_num_threads());
  }
  team_finished(start);
}
inline void tileblas::team_barrier() {
#pragma omp barrier
}
#else
template <class Body>
void tileblas::run_team(int, Body &&body) {
  body(0, 1);
}
inline void tileblas::team_barrier() {}
#endif
