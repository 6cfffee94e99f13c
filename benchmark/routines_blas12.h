// routines_blas12.h -- the --blas12 rows: gemv (N and T), trsv, symv (U and L),
// dot, axpy, asum, nrm2, i?amax in s and d, and gemv (N and T) in c and z, at
// a size that fits in L2 and one far out of cache, in GB/s.
#pragma once

#include <string>
#include <vector>

#include "bandwidth.h"
#include "blas_lib.h"
#include "run_case.h"

struct Blas12Row {
    std::string routine;   // "dgemv", "strsv", "ddot", "isamax", ...
    bool trans;            // gemv: op(A) = A^T; symv: the upper triangle
    int n;                 // gemv/trsv/symv: n x n matrix; else vector length
};

// The rows in table order.
std::vector<Blas12Row> blas12_rows();

// One row: GB/s = compulsory bytes (each matrix and vector element read once,
// each output written once) / median time; yardstick: the measured read
// bandwidth (copy bandwidth for axpy, which writes as much as it reads back).
CaseResult run_blas12(const Blas12Row &row, int threads, const std::vector<BlasLib> &libs,
                      const TimingPolicy &policy, const Bandwidth &bw);
