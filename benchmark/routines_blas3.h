// routines_blas3.h -- the --blas3 rows: trsm, trmm, syrk, symm (s and d)
// and complex GEMM (c and z), beside tileblas's own real GEMM.
#pragma once

#include <string>
#include <vector>

#include "blas_lib.h"
#include "run_case.h"

// Row order for one size and thread count: "sgemm", "strsm", ... "zgemm".
std::vector<std::string> blas3_routines();

// One row: square problems of size n (m = n = k), alpha 1, beta 0; left,
// lower, no-transpose, non-unit where those apply.  GFLOP/s with the
// standard counts (trsm/trmm m^2 n, syrk n^2 k, symm 2 m^2 n, complex gemm
// 8 mnk); a library without the routine is shown as n/a.
CaseResult run_blas3(const std::string &routine, int n, int threads,
                     const std::vector<BlasLib> &libs, const TimingPolicy &policy);
