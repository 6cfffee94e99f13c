// run_case.h -- times one table row: one shape, precision and thread count,
// every library on the same inputs.
#pragma once

#include <string>
#include <vector>

#include "blas_lib.h"
#include "shapes.h"

struct TimingPolicy {
    int fixed_reps = 0;       // > 0: exactly this many timed reps per library
    double seconds = 0.3;     // else: about this much timed work per library
};

struct LibResult {
    bool absent = false;      // the library lacks this precision: shown as n/a
    bool failed = false;      // wrong result: not timed, shown as FAILED
    std::string detail;       // why it failed
    double gflops = 0;        // rate: GFLOP/s (2mnk / median time per call), or GB/s
                              // of compulsory traffic for level 1/2 rows
    int reps = 0;             // timed samples behind the median
    int calls_per_rep = 1;    // small problems: calls averaged per sample
};

struct CaseResult {
    Shape shape;
    char prec;                // 's', 'd'; half: 'h' hgemm, 'f' fp16->fp32, 'b' bf16->fp32
    int threads;
    std::vector<LibResult> libs;   // same order as the libs passed in
    double noise = -1;             // CPU share other processes took (NoiseMeter)
    std::string routine;           // e.g. "dtrsm"; empty: the GEMM named by prec
    std::string label;             // size column; empty: shape.label()
    double yardstick = 0;          // rate shown as 100 % (GB/s rows); 0: the FMA peak
};

// An empty row (no library results yet) for shape, precision and threads.
inline CaseResult make_row(const Shape &shape, char prec, int threads) {
    CaseResult r{shape, prec, threads, {}, -1, {}, {}, 0};
    return r;
}

CaseResult run_case(const Shape &shape, char prec, int threads,
                    const std::vector<BlasLib> &libs, const TimingPolicy &policy);
