// options.h -- the benchmark's command line, parsed into one struct.
#pragma once

#include <string>
#include <vector>

#include "shapes.h"

struct Options {
    std::string lib_path;              // tileblas .so (--lib)
    std::vector<std::string> peers;    // peer ids to load (--peers)
    std::vector<int> threads;          // thread counts (--threads)
    std::vector<Shape> shapes;         // what to run (--quick/--full/--sizes)
    std::vector<char> precisions;      // 's' and/or 'd' (--prec)
    int reps = 0;                      // fixed reps per library; 0 = by time
    double seconds_per_cell = 0.3;     // timing budget per library and row
    std::string markdown_path;         // --markdown FILE
    bool quick = false;
    // Which table: "" GEMM (shapes x precisions), "blas3" (--blas3) or
    // "blas12" (--blas12); the last two run their own routine lists at `sizes`.
    std::string suite;
    std::vector<int> sizes;            // --blas3 problem sizes
};

// Parses argv; prints usage and exits on --help or on a malformed argument.
Options parse_options(int argc, char **argv);
