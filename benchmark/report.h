// report.h -- turns results into the text table (printed row by row as the
// run goes, since a full run takes a while) and the markdown file.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "blas_lib.h"
#include "fma_peak.h"
#include "run_case.h"

class Report {
public:
    // libs: the loaded libraries, tileblas first if has_tileblas.
    Report(const std::vector<BlasLib> &libs, bool has_tileblas, const PeakRates &peak);

    // Level 1/2 rows: rates in GB/s, and the percentage column is of the
    // row's yardstick (measured memory bandwidth), titled %bw.
    void use_bandwidth_units() { pct_title_ = "%bw"; bandwidth_ = true; }

    void print_column_header(FILE *f) const;
    void print_row(FILE *f, const CaseResult &r) const;
    // Failure details collected from the rows, one line each.
    void print_failures(FILE *f, const std::vector<CaseResult> &rows) const;
    bool write_markdown(const std::string &path, const std::vector<std::string> &preamble,
                        const std::vector<CaseResult> &rows) const;

private:
    struct Column { std::string title; int width; };
    std::vector<Column> columns() const;
    std::vector<std::string> cells(const CaseResult &r) const;
    double peak_gflops(char prec, int threads) const;
    static const char *routine(char prec);   // 's' -> "sgemm", 'b' -> "sbgemm", ...
    static std::string routine(const CaseResult &r);   // r.routine, else by prec
    static std::string label(const CaseResult &r);     // r.label, else the shape

    std::vector<std::string> ids_;
    bool has_tileblas_;
    PeakRates peak_;
    std::string pct_title_ = "%pk";
    bool bandwidth_ = false;
};
