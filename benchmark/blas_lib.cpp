// blas_lib.cpp -- dlopen wrapper for a BLAS library.
#include "blas_lib.h"

#include <dlfcn.h>

#include <initializer_list>

void BlasLib::set_threads(int n) const {
    if (set_threads_int) set_threads_int(n);
    else if (set_threads_i64) set_threads_i64(n);
}

void *BlasLib::symbol(const std::string &name) const {
    return handle ? dlsym(handle, name.c_str()) : nullptr;
}

bool BlasLib::offers(char prec) const {
    switch (prec) {
    case 'h': return hgemm != nullptr;
    case 'f': return shgemm != nullptr;
    case 'b': return sbgemm != nullptr;
    default: return true;
    }
}

template <>
void BlasLib::gemm<float>(bool trans_a, int m, int n, int k, const float *a, int lda,
                          const float *b, int ldb, float *c, int ldc) const {
    sgemm(kColMajor, trans_a ? kTrans : kNoTrans, kNoTrans, m, n, k, 1.0f, a, lda,
          b, ldb, 0.0f, c, ldc);
}

template <>
void BlasLib::gemm<double>(bool trans_a, int m, int n, int k, const double *a, int lda,
                           const double *b, int ldb, double *c, int ldc) const {
    dgemm(kColMajor, trans_a ? kTrans : kNoTrans, kNoTrans, m, n, k, 1.0, a, lda,
          b, ldb, 0.0, c, ldc);
}

bool open_blas(const std::string &id, const std::string &path,
               const std::string &prefix, BlasLib *lib, std::string *err) {
    dlerror();
    void *h = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *e = dlerror();
        *err = e ? e : "dlopen failed";
        return false;
    }
    auto s = reinterpret_cast<SgemmFn>(dlsym(h, (prefix + "cblas_sgemm").c_str()));
    auto d = reinterpret_cast<DgemmFn>(dlsym(h, (prefix + "cblas_dgemm").c_str()));
    if (!s || !d) {
        *err = path + " has no " + prefix + "cblas_sgemm/" + prefix + "cblas_dgemm";
        dlclose(h);
        return false;
    }
    *lib = BlasLib{};
    lib->id = id;
    lib->path = path;
    lib->handle = h;
    lib->prefix = prefix;
    lib->sgemm = s;
    lib->dgemm = d;
    // Half precision under whichever name the library uses (MKL's or OpenBLAS's).
    auto first_of = [&](std::initializer_list<const char *> names) -> void * {
        for (const char *n : names)
            if (void *f = dlsym(h, (prefix + n).c_str())) return f;
        return nullptr;
    };
    lib->hgemm = reinterpret_cast<HgemmFn>(first_of({"cblas_hgemm"}));
    lib->shgemm = reinterpret_cast<HalfInFn>(first_of({"cblas_gemm_f16f16f32", "cblas_shgemm"}));
    lib->sbgemm = reinterpret_cast<HalfInFn>(first_of({"cblas_gemm_bf16bf16f32", "cblas_sbgemm"}));
    return true;
}
