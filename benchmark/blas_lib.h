// blas_lib.h -- one BLAS library opened with dlopen: its GEMM entry points,
// its thread control, and a line saying what it is.
#pragma once

#include <cstdint>
#include <string>

// Standard CBLAS prototypes; the enums are passed as int (same ABI).
using SgemmFn = void (*)(int, int, int, int, int, int, float, const float *, int,
                         const float *, int, float, float *, int);
using DgemmFn = void (*)(int, int, int, int, int, int, double, const double *, int,
                         const double *, int, double, double *, int);

// Half precision (16-bit values as uint16_t bits): MKL's cblas_hgemm (all
// fp16), and fp16 or bf16 inputs with fp32 alpha, beta, C (MKL's
// cblas_gemm_f16f16f32 / cblas_gemm_bf16bf16f32, OpenBLAS's cblas_shgemm /
// cblas_sbgemm: one prototype).
using HgemmFn = void (*)(int, int, int, int, int, int, uint16_t, const uint16_t *, int,
                         const uint16_t *, int, uint16_t, uint16_t *, int);
using HalfInFn = void (*)(int, int, int, int, int, int, float, const uint16_t *, int,
                          const uint16_t *, int, float, float *, int);

enum CblasConst {
    kColMajor = 102, kNoTrans = 111, kTrans = 112,
    kUpper = 121, kLower = 122, kNonUnit = 131, kLeft = 141
};

struct BlasLib {
    std::string id;     // short name used in the table: "tileblas", "openblas", ...
    std::string path;   // file that was loaded
    std::string info;   // version / configuration, for the header
    std::string prefix; // symbol prefix ("scipy_" for PyPI OpenBLAS)
    void *handle = nullptr;
    SgemmFn sgemm = nullptr;
    DgemmFn dgemm = nullptr;
    HgemmFn hgemm = nullptr;     // optional: null where the library lacks it
    HalfInFn shgemm = nullptr;   // fp16 inputs, fp32 C
    HalfInFn sbgemm = nullptr;   // bf16 inputs, fp32 C
    // Thread control: OpenBLAS, tileblas and MKL take an int; BLIS takes a
    // dim_t (64-bit), so calling it through an int prototype would leave the
    // upper half of the register undefined.
    void (*set_threads_int)(int) = nullptr;
    void (*set_threads_i64)(int64_t) = nullptr;

    bool has_thread_control() const { return set_threads_int || set_threads_i64; }
    void set_threads(int n) const;
    void *symbol(const std::string &name) const;   // nullptr if absent
    // A CBLAS routine under this library's prefix, e.g. fn<F>("cblas_dtrsm");
    // nullptr if the library lacks it.
    template <typename F>
    F fn(const char *name) const { return reinterpret_cast<F>(symbol(prefix + name)); }
    // Whether the library offers precision `prec` (s, d, h, f, b; report.h).
    bool offers(char prec) const;

    template <typename T>
    void gemm(bool trans_a, int m, int n, int k, const T *a, int lda,
              const T *b, int ldb, T *c, int ldc) const;
};

// dlopen(path, RTLD_NOW | RTLD_LOCAL), then resolve <prefix>cblas_sgemm and
// <prefix>cblas_dgemm.  RTLD_LOCAL keeps each library's symbols private, so
// five BLAS libraries exporting the same names can live in one process.
// On failure returns false with the reason in *err, and closes the handle.
bool open_blas(const std::string &id, const std::string &path,
               const std::string &prefix, BlasLib *lib, std::string *err);
