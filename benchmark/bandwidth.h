// bandwidth.h -- measures this machine's memory bandwidth, the yardstick for
// the level 1/2 rows (as the FMA peak is for level 3).
#pragma once

struct Bandwidth {
    double read_core = 0, copy_core = 0;   // GB/s, one thread
    double read_all = 0, copy_all = 0;     // GB/s, `threads` threads together
    int threads = 1;
    double read(int t) const { return t > 1 ? read_all : read_core; }
    double copy(int t) const { return t > 1 ? copy_all : copy_core; }
};

// Streams a 512 MiB buffer (far past any cache): "read" sums it, "copy"
// memcpy's one half onto the other and counts the bytes read plus written.
// Each thread works on its own slice; best of a few trials.
Bandwidth measure_bandwidth(int threads);
