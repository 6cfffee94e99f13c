// report.cpp -- table layout.  Columns: precision, shape, threads; per
// library its GFLOP/s and % of the measured peak for that many threads; then
// tileblas / peer, the ratio of the median rates (> 1: tileblas is faster);
// last, other% = share of the machine's CPU time other processes used while
// the row was timed (a row with a high value is noise, rerun it).
#include "report.h"

#include <algorithm>

namespace {

std::string fmt(const char *f, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

}  // namespace

Report::Report(const std::vector<BlasLib> &libs, bool has_tileblas, const PeakRates &peak)
    : has_tileblas_(has_tileblas), peak_(peak) {
    for (const auto &l : libs) ids_.push_back(l.id);
}

// Half precision is measured against fp32 FMA peak (it computes in fp32),
// except bf16: vdpbf16ps does twice the flops of an fp32 FMA per instruction,
// so its peak is taken as twice fp32's.
double Report::peak_gflops(char prec, int threads) const {
    const double core = prec == 'd' ? peak_.f64_core
                        : prec == 'b' ? 2.0 * peak_.f32_core
                                      : peak_.f32_core;
    return core * threads;
}

const char *Report::routine(char prec) {
    switch (prec) {
    case 's': return "sgemm";
    case 'd': return "dgemm";
    case 'h': return "hgemm";
    case 'f': return "shgemm";
    case 'b': return "sbgemm";
    }
    return "?";
}

std::string Report::routine(const CaseResult &r) {
    return r.routine.empty() ? routine(r.prec) : r.routine;
}

std::string Report::label(const CaseResult &r) {
    return r.label.empty() ? r.shape.label() : r.label;
}

std::vector<Report::Column> Report::columns() const {
    std::vector<Column> c = {{"prec", 6}, {"shape", 18}, {"thr", 3}};
    for (const auto &id : ids_) {
        c.push_back({id, std::max<int>(id.size(), 8)});
        c.push_back({pct_title_, 4});
    }
    if (has_tileblas_)
        for (size_t i = 1; i < ids_.size(); ++i) {
            std::string t = "/" + ids_[i];
            c.push_back({t, std::max<int>(t.size(), 5)});
        }
    c.push_back({"other%", 6});
    return c;
}

std::vector<std::string> Report::cells(const CaseResult &r) const {
    std::vector<std::string> v = {routine(r), label(r), std::to_string(r.threads)};
    double peak = r.yardstick > 0 ? r.yardstick : peak_gflops(r.prec, r.threads);
    for (const auto &l : r.libs) {
        if (l.absent) {
            v.push_back("n/a");
            v.push_back("-");
        } else if (l.failed) {
            v.push_back("FAILED");
            v.push_back("-");
        } else {
            v.push_back(fmt("%.1f", l.gflops));
            v.push_back(peak > 0 ? fmt("%.0f", 100.0 * l.gflops / peak) : "-");
        }
    }
    if (has_tileblas_)
        for (size_t i = 1; i < r.libs.size(); ++i) {
            bool ok = !r.libs[0].failed && !r.libs[i].failed && r.libs[i].gflops > 0;
            v.push_back(ok ? fmt("%.2f", r.libs[0].gflops / r.libs[i].gflops) : "-");
        }
    v.push_back(r.noise < 0 ? "?" : fmt("%.0f", 100.0 * r.noise));
    return v;
}

void Report::print_column_header(FILE *f) const {
    std::string line;
    for (const auto &c : columns()) {
        line += (c.title == "prec" ? "" : "  ") +
                std::string(std::max<int>(0, c.width - int(c.title.size())), ' ') + c.title;
    }
    std::fprintf(f, "%s\n%s\n", line.c_str(), std::string(line.size(), '-').c_str());
    std::fflush(f);
}

void Report::print_row(FILE *f, const CaseResult &r) const {
    auto cols = columns();
    auto v = cells(r);
    std::string line;
    for (size_t i = 0; i < v.size(); ++i) {
        std::string pad(std::max<int>(0, cols[i].width - int(v[i].size())), ' ');
        // Text columns left-aligned, numbers right-aligned.
        line += (i == 0 ? "" : "  ") + (i < 2 ? v[i] + pad : pad + v[i]);
    }
    std::fprintf(f, "%s\n", line.c_str());
    std::fflush(f);
}

void Report::print_failures(FILE *f, const std::vector<CaseResult> &rows) const {
    for (const auto &r : rows)
        for (size_t i = 0; i < r.libs.size(); ++i)
            if (r.libs[i].failed && !r.libs[i].absent)
                std::fprintf(f, "FAILED: %s %s %s thr=%d: %s\n", ids_[i].c_str(), routine(r).c_str(),
                             label(r).c_str(), r.threads, r.libs[i].detail.c_str());
}

bool Report::write_markdown(const std::string &path, const std::vector<std::string> &preamble,
                            const std::vector<CaseResult> &rows) const {
    FILE *f = std::fopen(path.c_str(), "w");
    if (!f) return false;
    std::fprintf(f, "# tileblas %s benchmark\n\n```\n", bandwidth_ ? "level 1/2" : "GEMM");
    for (const auto &l : preamble) std::fprintf(f, "%s\n", l.c_str());
    if (bandwidth_)
        std::fprintf(f, "```\n\nGB/s = compulsory bytes / median time; %%bw = %% of the measured "
                        "memory bandwidth x threads (read, or copy for axpy); /peer = tileblas "
                        "GB/s over the peer's; other%% = CPU share other processes took.\n\n");
    else
        std::fprintf(f, "```\n\nGFLOP/s = flops / median time (gemm 2mnk, complex 8mnk, trsm/trmm "
                        "m^2 n, syrk n^2 k, herk 4n^2 k, symm 2m^2 n); %%pk = %% of the measured FMA peak (of "
                        "the real type) x threads; /peer = tileblas GFLOP/s over the peer's; "
                        "other%% = CPU share other processes took.\n\n");
    auto cols = columns();
    std::string head = "|", rule = "|";
    for (size_t i = 0; i < cols.size(); ++i) {
        head += " " + cols[i].title + " |";
        rule += i < 2 ? " --- |" : " ---: |";
    }
    std::fprintf(f, "%s\n%s\n", head.c_str(), rule.c_str());
    for (const auto &r : rows) {
        std::string line = "|";
        for (const auto &c : cells(r)) line += " " + c + " |";
        std::fprintf(f, "%s\n", line.c_str());
    }
    return std::fclose(f) == 0;
}
