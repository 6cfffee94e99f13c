// options.cpp -- command-line parsing for tileblas-bench.
#include "options.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <thread>

#include "peers.h"

#ifndef TILEBLAS_BENCH_DEFAULT_LIB
#define TILEBLAS_BENCH_DEFAULT_LIB "libtileblas.so"   // found via LD_LIBRARY_PATH
#endif

namespace {

[[noreturn]] void usage(int status) {
    std::fprintf(status ? stderr : stdout,
        "usage: tileblas-bench [--quick | --full] [options]\n"
        "  --lib PATH       tileblas library (default %s)\n"
        "  --quick          sgemm/dgemm at 256, 1024, 2048 vs the two OpenBLAS\n"
        "                   builds, about a minute (the default)\n"
        "  --full           all shapes (square, odd, skinny, TN) vs every peer\n"
        "  --peers LIST     comma list of peers: %s\n"
        "  --threads LIST   thread counts, e.g. 1,2 (default 1,<cores>)\n"
        "  --sizes LIST     shapes: N (square), MxNxK, optional :tn suffix\n"
        "  --prec LIST      of s, d, h (hgemm), f (fp16 in, fp32 C), b (bf16 in,\n"
        "                   fp32 C); default s,d\n"
        "  --half           s,h,f,b at 1024 and 2048 (and 4096 with --full) vs\n"
        "                   every peer that has them (MKL, newest OpenBLAS)\n"
        "  --blas3          trsm, syrk, symm, trmm (s, d), c/zgemm, c/zherk beside\n"
        "                   s/dgemm at 1024 and 2048 (and 4096 with --full)\n"
        "  --blas12         gemv N/T, trsv, symv U/L, dot, axpy, asum, nrm2,\n"
        "                   i?amax (s, d), gemv N/T and hemv L/U (c, z) in L2\n"
        "                   and out of cache, in GB/s\n"
        "                   against the measured memory bandwidth\n"
        "  --reps N         fixed timed repetitions per library (default: by time)\n"
        "  --seconds S      timing budget per library and row (default 0.15 quick,\n"
        "                   0.3 full)\n"
        "  --markdown FILE  also write the table as markdown\n",
        TILEBLAS_BENCH_DEFAULT_LIB, peer_ids_joined().c_str());
    std::exit(status);
}

std::vector<std::string> split(const std::string &s) {
    std::vector<std::string> out;
    std::stringstream ss(s);
    std::string item;
    while (std::getline(ss, item, ','))
        if (!item.empty()) out.push_back(item);
    return out;
}

int to_int(const std::string &s, const char *what) {
    char *end = nullptr;
    long v = std::strtol(s.c_str(), &end, 10);
    if (s.empty() || *end || v < 1 || v > 1 << 20) {
        std::fprintf(stderr, "bad %s: '%s'\n", what, s.c_str());
        usage(2);
    }
    return static_cast<int>(v);
}

}  // namespace

Options parse_options(int argc, char **argv) {
    Options o;
    o.lib_path = TILEBLAS_BENCH_DEFAULT_LIB;
    bool full = false, half = false, have_peers = false, have_sizes = false, have_seconds = false;
    std::string sizes;
    int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    o.threads = cores > 1 ? std::vector<int>{1, cores} : std::vector<int>{1};
    o.precisions = {'s', 'd'};

    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) { std::fprintf(stderr, "%s needs a value\n", a.c_str()); usage(2); }
            return argv[++i];
        };
        if (a == "-h" || a == "--help") usage(0);
        else if (a == "--lib") o.lib_path = value();
        else if (a == "--quick") o.quick = true;
        else if (a == "--full") full = true;
        else if (a == "--half") half = true;
        else if (a == "--blas3") o.suite = "blas3";
        else if (a == "--blas12") o.suite = "blas12";
        else if (a == "--markdown") o.markdown_path = value();
        else if (a == "--reps") o.reps = to_int(value(), "--reps");
        else if (a == "--seconds") {
            o.seconds_per_cell = std::atof(value().c_str());
            have_seconds = o.seconds_per_cell > 0;
            if (!have_seconds) usage(2);
        } else if (a == "--sizes") { sizes = value(); have_sizes = true; }
        else if (a == "--threads") {
            o.threads.clear();
            for (auto &t : split(value())) o.threads.push_back(to_int(t, "--threads"));
        } else if (a == "--peers") {
            o.peers = split(value());
            have_peers = true;
            for (auto &p : o.peers)
                if (!find_peer(p)) { std::fprintf(stderr, "unknown peer '%s'\n", p.c_str()); usage(2); }
        } else if (a == "--prec") {
            o.precisions.clear();
            for (auto &p : split(value())) {
                if (p.size() != 1 || std::string("sdhfb").find(p[0]) == std::string::npos) {
                    std::fprintf(stderr, "bad --prec '%s'\n", p.c_str());
                    usage(2);
                }
                o.precisions.push_back(p[0]);
            }
        } else {
            std::fprintf(stderr, "unknown argument '%s'\n", a.c_str());
            usage(2);
        }
    }
    if (full && o.quick) { std::fprintf(stderr, "--quick and --full exclude each other\n"); usage(2); }
    o.quick = !full;   // quick is the default mode

    o.shapes = o.quick ? quick_shapes() : full_shapes();
    if (half) {  // half precision beside sgemm, the yardstick it is measured against
        o.precisions = {'s', 'h', 'f', 'b'};
        o.shapes = {{1024, 1024, 1024, false}, {2048, 2048, 2048, false}};
        if (!o.quick) o.shapes.push_back({4096, 4096, 4096, false});
    }
    if (o.suite == "blas3") {
        o.sizes = {1024, 2048};
        if (!o.quick) o.sizes.push_back(4096);
        if (have_sizes) {
            o.sizes.clear();
            for (auto &n : split(sizes)) o.sizes.push_back(to_int(n, "--sizes"));
            have_sizes = false;
        }
    }
    if (have_sizes && o.suite == "blas12") {
        std::fprintf(stderr, "--blas12 has fixed sizes\n");
        usage(2);
    }
    if (have_sizes) {
        o.shapes = parse_shapes(sizes);
        if (o.shapes.empty()) { std::fprintf(stderr, "bad --sizes '%s'\n", sizes.c_str()); usage(2); }
    }
    if (!have_peers)
        o.peers = o.quick && !half && o.suite.empty() ? quick_peer_ids() : full_peer_ids();
    if (!have_seconds) o.seconds_per_cell = o.quick ? 0.15 : 0.3;
    if (o.threads.empty() || o.precisions.empty()) usage(2);
    return o;
}
