// fma_kernels.h -- tight loops of independent FMAs, used to measure the
// machine's peak floating-point rate.  Call only on a CPU that has the ISA
// (see fma_peak.cpp, which checks with __builtin_cpu_supports).
#pragma once

// Each runs `iters` iterations and returns the floating-point operations
// done (an FMA counts 2 per lane).  *sink receives a value derived from the
// accumulators so the compiler cannot drop the loop.
double fma_loop_avx512_f32(long iters, double *sink);
double fma_loop_avx512_f64(long iters, double *sink);
double fma_loop_avx2_f32(long iters, double *sink);
double fma_loop_avx2_f64(long iters, double *sink);
