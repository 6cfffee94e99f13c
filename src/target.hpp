// target.hpp -- what one CPU target offers the engine: its GEMM microkernels,
// the matching packing routines and the cache blocksizes, as plain data.
// A target is registered by one table file in kernels/x86_64/<target>/; the
// dispatcher picks one table at load time and nothing else is ISA-specific.
#pragma once

#include <cstdint>

namespace tileblas {

using index_t = std::int64_t;  // all index arithmetic is 64-bit: j*ldc may pass 2^31

// C[0:MR, 0:NR] = alpha * Apanel * Bpanel + beta * C for one full register tile.
//   a: k columns of MR contiguous values (a packed A sliver)
//   b: k rows of NR contiguous values (a packed B sliver)
//   c: column-major, column stride ldc; beta == 0 means C is not read.
template <class T>
using MicrokernelFn = void (*)(index_t k, const T *a, const T *b, T *c, index_t ldc,
                               T alpha, T beta);

// A partial tile (rows <= MR, cols <= NR) from packed slivers, computing only
// the vectors and columns that hold data; c is an MR x NR scratch tile.
template <class T>
using EdgeKernelFn = void (*)(index_t k, const T *a, const T *b, T *c, index_t ldc, T alpha,
                              T beta, int rows, int cols);

// A rows x cols tile without packing: element (i, p) of A at a[i + p*lda],
// element (p, j) of B at b[p*b_rs + j*b_cs].  Whole vectors are read and
// written: rows not a multiple of the vector width need padded A and C.
template <class T>
using DirectKernelFn = void (*)(index_t k, const T *a, index_t lda, const T *b, index_t b_rs,
                                index_t b_cs, T *c, index_t ldc, T alpha, T beta, int rows,
                                int cols);

// Packs the rows x depth block of op(A), element (i, p) at src[i*rs + p*cs],
// into MR-row slivers (rows past `rows` zero-filled).
template <class T>
using PackAFn = void (*)(index_t rows, index_t depth, const T *src, index_t rs, index_t cs,
                         T *dst);

// Packs the depth x cols block of op(B), element (p, j) at src[p*rs + j*cs],
// into NR-column slivers (columns past `cols` zero-filled).
template <class T>
using PackBFn = void (*)(index_t depth, index_t cols, const T *src, index_t rs, index_t cs,
                         T *dst);

// The register tile a microkernel computes and its matching packers.
template <class T>
struct GemmMicrokernel {
  const char *name;  // e.g. "sgemm_avx512_32x12"
  int mr, nr;
  int vector_rows;  // rows per SIMD vector: MR is a multiple of it
  MicrokernelFn<T> kernel;
  EdgeKernelFn<T> edge;
  DirectKernelFn<T> direct;
  PackAFn<T> pack_a;
  PackBFn<T> pack_b;
};

// Cache blocking around a microkernel (BLIS names): MC rows of A and KC of
// depth fill L2, a KC x NR sliver of B stays in L1, KC x NC of B fills L3.
struct Blocksizes {
  int mc, kc, nc;
};

template <class T>
struct GemmKernel {
  GemmMicrokernel<T> micro;
  Blocksizes blocks;
};

struct CpuTarget {
  const char *name;  // "avx512", "avx2", "generic"
  GemmKernel<float> sgemm;
  GemmKernel<double> dgemm;
};

// One accessor per compiled target, defined in kernels/x86_64/<target>/ and
// compiled with that target's ISA flags: call it only once the CPU is known
// to run the target (src/dispatch.cpp).
const CpuTarget &avx512_target();
const CpuTarget &avx2_target();
const CpuTarget &generic_target();

}  // namespace tileblas
