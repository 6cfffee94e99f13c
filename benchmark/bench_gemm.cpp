// bench_gemm.cpp -- tileblas-bench: SGEMM/DGEMM of tileblas side by side with
// the other BLAS libraries on this machine, all in one process, one table.
//
// Every library is dlopen'ed (RTLD_LOCAL) and called through the same CBLAS
// function-pointer path; each row times all of them on the same inputs,
// round-robin, and checks every library's result.  See README.md.
#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bandwidth.h"
#include "blas_lib.h"
#include "fma_peak.h"
#include "options.h"
#include "peers.h"
#include "quiesce.h"
#include "report.h"
#include "routines_blas12.h"
#include "routines_blas3.h"
#include "run_case.h"
#include "sysinfo.h"

namespace {

std::string fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
std::string fmt(const char *f, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, f);
    std::vsnprintf(buf, sizeof buf, f, ap);
    va_end(ap);
    return buf;
}

}  // namespace

int main(int argc, char **argv) {
    Options opt = parse_options(argc, argv);
    auto start = std::chrono::steady_clock::now();
    std::vector<std::string> header, warnings;

    header.push_back("tileblas-bench " + std::string(opt.quick ? "--quick" : "--full") +
                     (opt.suite.empty() ? "" : " --" + opt.suite));
    header.push_back("CPU: " + cpu_model() + ", " + std::to_string(usable_cpus()) +
                     " usable CPUs, load average " + load_average());

    // Libraries: tileblas first (if it loads), then the peers in order.
    header.push_back("Libraries:");
    std::vector<BlasLib> libs;
    std::string why;
    BlasLib lib;
    bool has_tileblas = load_tileblas(opt.lib_path, &lib, &why);
    if (has_tileblas) {
        header.push_back(fmt("  %-13s %s", "tileblas", lib.path.c_str()));
        header.push_back(fmt("  %-13s   %s", "", lib.info.c_str()));
        libs.push_back(lib);
    } else {
        header.push_back(fmt("  %-13s ABSENT (%s)", "tileblas", why.c_str()));
        warnings.push_back("tileblas not loaded; comparing the peers only (pass --lib PATH)");
    }
    for (const auto &id : opt.peers) {
        if (load_peer(id, &lib, &why)) {
            header.push_back(fmt("  %-13s %s", id.c_str(), lib.path.c_str()));
            header.push_back(fmt("  %-13s   %s", "", lib.info.c_str()));
            if (!lib.has_thread_control())
                warnings.push_back(id + " has no thread control: it runs its default threads");
            libs.push_back(lib);
        } else {
            header.push_back(fmt("  %-13s absent (%s)", id.c_str(), why.c_str()));
        }
    }
    if (libs.empty()) {
        for (const auto &l : header) std::printf("%s\n", l.c_str());
        std::fprintf(stderr, "no library could be loaded\n");
        return 1;
    }

    // Peak after loading: a library's constructor may start threads, and
    // they should be idle (not absent) while the FMA loop runs, as in use.
    wait_until_other_threads_sleep(0.5);
    PeakRates peak = measure_peak(usable_cpus());
    header.push_back(fmt("FMA peak (%s, measured): fp32 %.1f GFLOP/s/core, %.1f on %d threads; "
                         "fp64 %.1f GFLOP/s/core, %.1f on %d threads",
                         peak.isa.c_str(), peak.f32_core, peak.f32_all, peak.threads,
                         peak.f64_core, peak.f64_all, peak.threads));
    Bandwidth bw;
    if (opt.suite == "blas12") {
        bw = measure_bandwidth(usable_cpus());
        header.push_back(fmt("Memory bandwidth (measured, 512 MiB): read %.1f GB/s, copy %.1f "
                             "GB/s on 1 thread; read %.1f, copy %.1f on %d threads",
                             bw.read_core, bw.copy_core, bw.read_all, bw.copy_all, bw.threads));
    }

    auto notes = env_notes(&warnings);
    double load = std::atof(load_average().c_str());
    if (load > 0.7)
        warnings.push_back(fmt("machine busy (load average %.2f): trust only rows with a low "
                               "other%%", load));
    header.push_back("Environment: " + std::string(notes.empty() ? "(no BLAS variables set)" : ""));
    for (const auto &n : notes) header.push_back("  " + n);
    for (const auto &w : warnings) header.push_back("WARNING: " + w);

    for (const auto &l : header) std::printf("%s\n", l.c_str());
    if (opt.suite == "blas12")
        std::printf("\nGB/s = compulsory bytes / median time per call; %%bw = %% of the measured "
                    "read bandwidth (copy for axpy) for that many threads; /peer = tileblas over "
                    "peer (> 1: tileblas faster)\n\n");
    else
        std::printf("\nGFLOP/s = flops / median time per call (gemm 2mnk, complex 8mnk, trsm/trmm "
                    "m^2n, syrk n^2k, herk 4n^2k, symm 2m^2n); %%pk = %% of fp32/fp64 peak per "
                    "core x threads; /peer = tileblas over peer (> 1: tileblas faster)\n\n");

    Report report(libs, has_tileblas, peak);
    if (opt.suite == "blas12") report.use_bandwidth_units();
    report.print_column_header(stdout);
    TimingPolicy policy{opt.reps, opt.seconds_per_cell};
    std::vector<CaseResult> rows;
    auto add = [&](CaseResult r) {
        rows.push_back(std::move(r));
        report.print_row(stdout, rows.back());
    };
    if (opt.suite == "blas3") {
        for (int n : opt.sizes)
            for (int t : opt.threads)
                for (const auto &routine : blas3_routines())
                    add(run_blas3(routine, n, t, libs, policy));
    } else if (opt.suite == "blas12") {
        for (const auto &row : blas12_rows())
            for (int t : opt.threads) add(run_blas12(row, t, libs, policy, bw));
    } else {
        for (char prec : opt.precisions)
            for (const auto &shape : opt.shapes)
                for (int t : opt.threads) add(run_case(shape, prec, t, libs, policy));
    }

    report.print_failures(stdout, rows);
    // Again at the end: if the machine was busy at the start, the %pk
    // columns used a low peak; this line shows how far off it was.
    wait_until_other_threads_sleep(0.5);
    PeakRates end = measure_peak(usable_cpus());
    std::printf("\nFMA peak re-measured at the end: fp32 %.1f, fp64 %.1f GFLOP/s/core "
                "(start: %.1f, %.1f)\n", end.f32_core, end.f64_core, peak.f32_core, peak.f64_core);
    double minutes = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / 60;
    std::printf("\ndone in %.1f min\n", minutes);
    if (!opt.markdown_path.empty()) {
        if (report.write_markdown(opt.markdown_path, header, rows))
            std::printf("markdown written to %s\n", opt.markdown_path.c_str());
        else
            std::fprintf(stderr, "cannot write %s\n", opt.markdown_path.c_str());
    }
    bool tileblas_failed = false;
    for (const auto &r : rows) tileblas_failed |= has_tileblas && r.libs[0].failed;
    return tileblas_failed ? 3 : 0;
}
