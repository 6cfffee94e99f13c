// fma_peak.h -- measures this machine's peak FMA rate, the yardstick for
// "% of peak" in the table.
#pragma once

#include <string>

struct PeakRates {
    std::string isa;          // "avx512", "avx2" or "none"
    double f32_core = 0;      // GFLOP/s, one thread
    double f64_core = 0;
    double f32_all = 0;       // GFLOP/s, `threads` threads at once
    double f64_all = 0;
    int threads = 1;
};

// Runs the widest FMA loop the CPU supports on 1 and on `threads` threads,
// keeping the best of a few trials (the machine is shared, noise only ever
// makes a trial slower).  Takes about two seconds.
PeakRates measure_peak(int threads);
