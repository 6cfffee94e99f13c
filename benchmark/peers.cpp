// peers.cpp -- where each peer lives on this kind of machine (Debian
// packages, PyPI wheels) and which vendor calls give its threads and version.
#include "peers.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <memory>

namespace {

const char *kMultiarch = "/usr/lib/x86_64-linux-gnu/";

// The PyPI wheels (scipy-openblas32, mkl) install under the Python that pip
// used; ask that python3 once where that is.  Line 1: sys.prefix, line 2:
// scipy_openblas32's lib dir (empty if not installed).
struct PythonPaths { std::string prefix, scipy_openblas_dir; };

const PythonPaths &python_paths() {
    static PythonPaths p = [] {
        PythonPaths r;
        const char *cmd =
            "python3 -c 'import sys; print(sys.prefix)\n"
            "try:\n import scipy_openblas32 as s; print(s.get_lib_dir())\n"
            "except Exception: print()' 2>/dev/null";
        std::unique_ptr<FILE, int (*)(FILE *)> f(popen(cmd, "r"), pclose);
        if (!f) return r;
        char line[4096];
        auto next = [&](std::string *out) {
            if (!std::fgets(line, sizeof line, f.get())) return;
            *out = line;
            while (!out->empty() && (out->back() == '\n' || out->back() == '\r')) out->pop_back();
        };
        next(&r.prefix);
        next(&r.scipy_openblas_dir);
        return r;
    }();
    return p;
}

template <typename F>
F sym(const BlasLib &lib, const char *name) {
    return reinterpret_cast<F>(lib.symbol(name));
}

// OpenBLAS-style identification: "<config> core=<corename>".
std::string openblas_info(const BlasLib &lib, const std::string &prefix) {
    auto config = sym<char *(*)()>(lib, (prefix + "openblas_get_config").c_str());
    auto core = sym<char *(*)()>(lib, (prefix + "openblas_get_corename").c_str());
    std::string s = config ? config() : "unknown version";
    if (core) s += std::string(" core=") + core();
    return s;
}

// Tries each candidate path in turn; *why collects every failure.
bool open_first(const std::string &id, const std::vector<std::string> &paths,
                const std::string &prefix, BlasLib *lib, std::string *why) {
    why->clear();
    for (const auto &p : paths) {
        std::string err;
        if (open_blas(id, p, prefix, lib, &err)) return true;
        if (!why->empty()) *why += "; ";
        *why += err;
    }
    if (paths.empty()) *why = "no candidate path";
    return false;
}

bool load_openblas_debian(BlasLib *lib, std::string *why) {
    if (!open_first("openblas", {std::string(kMultiarch) + "openblas-pthread/libopenblas.so.0"},
                    "", lib, why))
        return false;
    lib->set_threads_int = sym<void (*)(int)>(*lib, "openblas_set_num_threads");
    lib->info = openblas_info(*lib, "");
    return true;
}

bool load_openblas_new(BlasLib *lib, std::string *why) {
    const auto &dir = python_paths().scipy_openblas_dir;
    if (dir.empty()) { *why = "python3 -c 'import scipy_openblas32' failed"; return false; }
    if (!open_first("openblas-new", {dir + "/libscipy_openblas.so"}, "scipy_", lib, why))
        return false;
    lib->set_threads_int = sym<void (*)(int)>(*lib, "scipy_openblas_set_num_threads");
    lib->info = openblas_info(*lib, "scipy_");
    return true;
}

bool load_blis(BlasLib *lib, std::string *why) {
    if (!open_first("blis", {std::string(kMultiarch) + "blis-pthread/libblis.so.4",
                             std::string(kMultiarch) + "blis-openmp/libblis.so.4",
                             "libblis.so.4"},
                    "", lib, why))
        return false;
    lib->set_threads_i64 = sym<void (*)(int64_t)>(*lib, "bli_thread_set_num_threads");
    auto version = sym<const char *(*)()>(*lib, "bli_info_get_version_str");
    auto arch_id = sym<int (*)()>(*lib, "bli_arch_query_id");
    auto arch_name = sym<const char *(*)(int)>(*lib, "bli_arch_string");
    lib->info = std::string("BLIS ") + (version ? version() : "?");
    if (arch_id && arch_name) lib->info += std::string(" arch=") + arch_name(arch_id());
    return true;
}

// MKL's single dynamic library picks its threading layer on the first call.
// The default (Intel OpenMP, libiomp5) would put a second OpenMP runtime into
// the process next to tileblas's libgomp, and its workers spin ~200 ms after
// each call (KMP_BLOCKTIME), stealing a core from whichever library runs
// next.  The GNU layer shares tileblas's libgomp instead.  libmkl_gnu_thread
// does not list libgomp as a dependency (it expects the program to link it),
// so make libgomp global before MKL needs it.  MKL_THREADING_LAYER in the
// environment wins, for experiments.
bool load_mkl(BlasLib *lib, std::string *why) {
    std::vector<std::string> paths;
    const auto &prefix = python_paths().prefix;
    for (const char *so : {"libmkl_rt.so.2", "libmkl_rt.so.3", "libmkl_rt.so"}) {
        if (!prefix.empty()) paths.push_back(prefix + "/lib/" + so);
        paths.push_back(so);   // LD_LIBRARY_PATH, ld.so.cache
    }
    const char *env_layer = std::getenv("MKL_THREADING_LAYER");
    bool gnu = !env_layer;
    if (gnu && !dlopen("libgomp.so.1", RTLD_NOW | RTLD_GLOBAL)) {
        *why = "libgomp.so.1 not loadable for MKL's GNU threading layer";
        return false;
    }
    if (!open_first("mkl", paths, "", lib, why)) return false;

    std::string layer = env_layer ? std::string(env_layer) + " (from environment)" : "GNU";
    if (gnu) {
        const int kMklThreadingGnu = 3;   // enum value in mkl_service.h
        auto set_layer = sym<int (*)(int)>(*lib, "MKL_Set_Threading_Layer");
        if (!set_layer) set_layer = sym<int (*)(int)>(*lib, "mkl_set_threading_layer");
        if (set_layer) {
            int got = set_layer(kMklThreadingGnu);
            if (got != kMklThreadingGnu) layer = "GNU requested, got layer " + std::to_string(got);
        }
    }
    lib->set_threads_int = sym<void (*)(int)>(*lib, "MKL_Set_Num_Threads");
    char version[256] = "unknown version";
    if (auto get = sym<void (*)(char *, int)>(*lib, "MKL_Get_Version_String"))
        get(version, sizeof version);
    lib->info = std::string(version) + ", threading layer " + layer;
    return true;
}

// Netlib reference BLAS (Debian libblas3): a slow but certainly correct
// stand-in, mainly for testing this program while tileblas does not exist.
bool load_reference(BlasLib *lib, std::string *why) {
    if (!open_first("reference", {std::string(kMultiarch) + "blas/libblas.so.3"}, "", lib, why))
        return false;
    lib->info = "netlib reference BLAS (single-threaded, no thread control)";
    return true;
}

struct PeerEntry { PeerSpec spec; bool (*load)(BlasLib *, std::string *); };

const std::vector<PeerEntry> &entries() {
    static const std::vector<PeerEntry> e = {
        {{"openblas", "Debian OpenBLAS (libopenblas0-pthread)"}, load_openblas_debian},
        {{"openblas-new", "newest OpenBLAS (PyPI scipy-openblas32, scipy_ prefix)"}, load_openblas_new},
        {{"blis", "Debian BLIS (libblis4-pthread)"}, load_blis},
        {{"mkl", "Intel MKL (PyPI mkl, libmkl_rt)"}, load_mkl},
        {{"reference", "netlib reference BLAS (Debian libblas3)"}, load_reference},
    };
    return e;
}

}  // namespace

const std::vector<PeerSpec> &all_peers() {
    static const std::vector<PeerSpec> v = [] {
        std::vector<PeerSpec> r;
        for (const auto &e : entries()) r.push_back(e.spec);
        return r;
    }();
    return v;
}

const PeerSpec *find_peer(const std::string &id) {
    for (const auto &p : all_peers())
        if (id == p.id) return &p;
    return nullptr;
}

std::string peer_ids_joined() {
    std::string s;
    for (const auto &p : all_peers()) s += (s.empty() ? "" : ", ") + std::string(p.id);
    return s;
}

std::vector<std::string> quick_peer_ids() { return {"openblas", "openblas-new"}; }
std::vector<std::string> full_peer_ids() { return {"openblas", "openblas-new", "blis", "mkl"}; }

bool load_peer(const std::string &id, BlasLib *lib, std::string *why) {
    for (const auto &e : entries())
        if (id == e.spec.id) return e.load(lib, why);
    *why = "unknown peer";
    return false;
}

bool load_tileblas(const std::string &path, BlasLib *lib, std::string *why) {
    if (!open_first("tileblas", {path}, "", lib, why)) return false;
    lib->set_threads_int = sym<void (*)(int)>(*lib, "tileblas_set_num_threads");
    if (!lib->set_threads_int)
        lib->set_threads_int = sym<void (*)(int)>(*lib, "openblas_set_num_threads");
    if (auto config = sym<const char *(*)()>(*lib, "tileblas_get_config"))
        lib->info = config();
    else
        lib->info = openblas_info(*lib, "");   // e.g. another BLAS standing in
    return true;
}
