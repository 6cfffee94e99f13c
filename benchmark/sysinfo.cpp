// sysinfo.cpp -- /proc and environment readers for the report header.
#include "sysinfo.h"

#include <sched.h>

#include <cstdlib>
#include <fstream>
#include <thread>

namespace {

// Value of the first "key<spaces>: value" line in /proc/cpuinfo.
std::string cpuinfo_field(const std::string &key) {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.compare(0, key.size(), key) != 0) continue;
        auto colon = line.find(':');
        if (colon == std::string::npos || line.find_first_not_of(" \t", key.size()) != colon)
            continue;
        auto start = line.find_first_not_of(' ', colon + 1);
        return start == std::string::npos ? "" : line.substr(start);
    }
    return "";
}

}  // namespace

std::string cpu_model() {
    std::string name = cpuinfo_field("model name");
    std::string family = cpuinfo_field("cpu family"), model = cpuinfo_field("model");
    if (name.empty()) name = "unknown CPU";
    if (!family.empty()) name += " (family " + family + ", model " + model + ")";
    return name;
}

int usable_cpus() {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) return CPU_COUNT(&set);
    return int(std::thread::hardware_concurrency());
}

std::string load_average() {
    std::ifstream in("/proc/loadavg");
    std::string a, b, c;
    in >> a >> b >> c;
    return a.empty() ? "?" : a + " " + b + " " + c;
}

std::vector<std::string> env_notes(std::vector<std::string> *warnings) {
    static const char *kVars[] = {
        "OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE", "OPENBLAS_NUM_THREADS", "OPENBLAS_VERBOSE",
        "OPENBLAS_THREAD_TIMEOUT", "TILEBLAS_NUM_THREADS", "TILEBLAS_CORETYPE",
        "OMP_NUM_THREADS", "OMP_WAIT_POLICY", "OMP_PROC_BIND", "GOMP_SPINCOUNT",
        "BLIS_NUM_THREADS", "BLIS_ARCH_TYPE", "MKL_NUM_THREADS", "MKL_THREADING_LAYER",
        "MKL_ENABLE_INSTRUCTIONS", "MKL_DYNAMIC", "KMP_BLOCKTIME", "LD_PRELOAD",
    };
    std::vector<std::string> notes;
    for (const char *v : kVars)
        if (const char *val = std::getenv(v)) notes.push_back(std::string(v) + "=" + val);
    if (std::getenv("OPENBLAS_CORETYPE"))
        warnings->push_back("OPENBLAS_CORETYPE is set: both OpenBLAS peers run that core's "
                            "kernels instead of their best; use benchmark/run.sh (unsets it)");
    if (std::getenv("OPENBLAS_L2_SIZE"))
        warnings->push_back("OPENBLAS_L2_SIZE is set: OpenBLAS blocking is not its default");
    for (const char *v : {"OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS",
                          "BLIS_NUM_THREADS", "TILEBLAS_NUM_THREADS"})
        if (std::getenv(v))
            warnings->push_back(std::string(v) + " is set; the benchmark sets threads per "
                                "library through its API, which should override it");
    return notes;
}
