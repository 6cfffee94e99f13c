// quiesce.h -- waits for the libraries' worker threads to go to sleep.
//
// OpenBLAS's pthread pool spins (sched_yield loop) for ~2^28 cycles, about
// 0.1 s, after every threaded call before it sleeps; libgomp and MKL spin
// too.  On a 2-core machine, a library timed while another library's workers
// still spin gets only part of the CPUs -- interleaving calls one by one
// measured OpenBLAS at 2 GFLOP/s instead of 170.  So before switching
// libraries the benchmark waits until every other thread of the process is
// asleep.
#pragma once

// Returns once no thread of this process but the caller is runnable, or
// after max_seconds.  Returns the seconds waited.
double wait_until_other_threads_sleep(double max_seconds);
