// target.hpp -- what one CPU target offers the engine: its GEMM microkernels,
// the matching packing routines and the cache blocksizes, as plain data.
// A target is registered by one table file in kernels/x86_64/<target>/; the
// dispatcher picks one table at load time and nothing else is ISA-specific.
#pragma once

#include <complex>
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

// A block of rows <= MR and any number of cols without packing, as column
// tiles of NR: element (i, p) of A at a[i + p*lda], element (p, j) of B at
// b[p*b_rs + j*b_cs].  Touches only the rows x k of A and rows x cols of C
// (a partial vector of rows is masked).  a_from_memory: A is not expected
// in cache (its first pass in a large skinny problem), so the first column
// tile prefetches it some columns ahead.
template <class T>
using DirectKernelFn = void (*)(index_t k, const T *a, index_t lda, const T *b, index_t b_rs,
                                index_t b_cs, T *c, index_t ldc, T alpha, T beta, int rows,
                                int cols, bool a_from_memory);

// C (rows x cols, at most the kernel's dot_rows x dot_cols) = alpha * A^T B
// + beta * C with column i of A at a + i*lda and column j of B at b + j*ldb,
// both contiguous along the depth k (kernels/x86_64/dot_tile.hpp).
template <class T>
using DotKernelFn = void (*)(index_t k, const T *a, index_t lda, const T *b, index_t ldb, T *c,
                             index_t ldc, T alpha, T beta, int rows, int cols);

// Packs the rows x depth block of op(A), element (i, p) at src[i*rs + p*cs],
// into MR-row slivers (rows past `rows` zero-filled).  The source type In
// differs from T for half precision: fp16/bf16 inputs are converted (or, for
// the bf16 dot-product kernel, paired along k) while packing.
template <class T, class In = T>
using PackAFn = void (*)(index_t rows, index_t depth, const In *src, index_t rs, index_t cs,
                         T *dst);

// Packs the depth x cols block of op(B), element (p, j) at src[p*rs + j*cs],
// into NR-column slivers (columns past `cols` zero-filled).
template <class T, class In = T>
using PackBFn = void (*)(index_t depth, index_t cols, const In *src, index_t rs, index_t cs,
                         T *dst);

// Copies the rows x depth block of op(A), element (i, p) at src[i*rs + p*cs],
// column-major into dst (element (i, p) at dst[i + p*ld]): a small problem
// with a transposed A then reads the copy in place like an untransposed A.
template <class T>
using CopyColumnsFn = void (*)(index_t rows, index_t depth, const T *src, index_t rs, index_t cs,
                               T *dst, index_t ld);

// The triangular solve on one MR x NR tile of C (column stride ldc) that
// TRSM runs after the GEMM update of that tile (src/level3/triangular_*.cpp):
//   left:  C = T^-1 C, T an MR x MR triangle; X also goes to packed[l*NR + j]
//          (rows of a packed B sliver: the solved rows feed the next updates);
//   right: C = C T^-1, T an NR x NR triangle, indexed as its transpose (row
//          j is column j of T); X also goes to packed[j*MR + i] (an A sliver).
// tri holds the strict triangle column-major (tri[i + l*W], W = MR or NR,
// zeros elsewhere, zero diagonal), then W reciprocals of the diagonal, W
// diagonal values, and the strict triangle again with each column l of T
// multiplied by -1 / T(l, l) (right: row l of tri; the steps the solves
// take, made once per panel, not once per tile).
// backward: solve from the last row (column) to the first, else forward.
// Returns false, writing nothing, when a result is not finite: the caller
// then redoes the tile in scalar code with the reference's semantics.
template <class T>
using TriangularSolveFn = bool (*)(bool backward, const T *tri, T *c, index_t ldc, T *packed);

// TRMM's diagonal tile: C (MR x NR, column stride ldc, not read) =
// alpha * A * B on packed slivers of depth k >= MR, where A's first
// (upper) or last (lower) MR depth steps are the MR x MR piece of the
// triangle, zero below (upper) or above (lower) its diagonal; those zeros
// are skipped.  Returns whether every result is finite.
template <class T>
using TriangularMultiplyFn = bool (*)(bool upper, index_t k, const T *a, const T *b, T *c,
                                      index_t ldc, T alpha);

// TRMM's right-side diagonal tile: C (MR x NR, column stride ldc, not read)
// = alpha * A * B over k depth steps, the triangle (zeros included) in B's
// packed sliver.  Returns whether every result is finite.
template <class T>
using TriangularMultiplyRightFn = bool (*)(index_t k, const T *a, const T *b, T *c, index_t ldc,
                                           T alpha);

// The register tile a microkernel computes and its matching packers, which
// read op(A) and op(B) as In (see PackAFn).
template <class T, class In = T>
struct GemmMicrokernel {
  const char *name;  // e.g. "sgemm_avx512_64x6"
  int mr, nr;
  int vector_rows;  // rows per SIMD vector: MR is a multiple of it
  MicrokernelFn<T> kernel;
  EdgeKernelFn<T> edge;
  DirectKernelFn<T> direct;
  PackAFn<T, In> pack_a;
  PackBFn<T, In> pack_b;
  // op(A) copied column-major for the unpacked small-problem path (In == T
  // only; null for the half-precision kernels, which always pack).
  CopyColumnsFn<T> copy_a = nullptr;
  // Depth values per packed element: 2 when the kernel multiplies k-pairs
  // (bf16 pairs in one 32-bit lane for vdpbf16ps), so a KC-deep sliver holds
  // KC/2 elements and the kernel's k counts pairs; 1 otherwise.
  int k_pack = 1;
  // TRSM's tile solves and TRMM's diagonal tile for this tile shape; null:
  // portable code runs.
  TriangularSolveFn<T> solve_left = nullptr;
  TriangularSolveFn<T> solve_right = nullptr;
  TriangularMultiplyFn<T> multiply_left = nullptr;
  TriangularMultiplyRightFn<T> multiply_right = nullptr;
  // Dot-product tiles for a TN problem with a long depth (In == T only;
  // null: such problems pack).
  DotKernelFn<T> dot = nullptr;
  int dot_rows = 0, dot_cols = 0;
};

// Cache blocking around a microkernel (BLIS names): MC rows of A and KC of
// depth fill L2, a KC x NR sliver of B stays in L1, KC x NC of B fills L3.
struct Blocksizes {
  int mc, kc, nc;
};

// Which problems the unpacked path (A and B read in place, no packing)
// takes rather than the packed one: where that pays depends on the caches
// and the prefetchers, so it is data per target like the blocksizes.  The
// defaults were measured on Zen 4/5 (gemm_driver.hpp says how); see
// gemm_detail::runs_unpacked for how each is used.
struct UnpackedLimits {
  // Small: m n k sizeof(T) at most this many bytes (one thread).
  double small_bytes = double(1 << 27);
  // A C of at most c_side x c_side whatever the depth, on one thread and on
  // more.
  double c_side = 128, c_side_team = 512;
  // Skinny: C at most this many NR-column slivers wide on one thread (twice
  // as many on more), or at most this many MR-row tiles high.
  int skinny_slivers = 16, skinny_row_tiles = 2;
  // Nonzero: an A whose column stride is a multiple of this many bytes is
  // packed (a row tile's columns then fall into a few L1 sets and evict
  // each other).
  int conflict_stride_bytes = 0;
};

template <class T, class In = T>
struct GemmKernel {
  GemmMicrokernel<T, In> micro;
  Blocksizes blocks;
  // A second register tile for the unpacked path when C is narrow (a few
  // column slivers wide) and A large; null direct: `micro` serves.  See
  // gemm_detail::direct_kernel.
  GemmMicrokernel<T, In> narrow = {};
  UnpackedLimits unpacked = {};
};

// Complex GEMM (cgemm/zgemm) register tile C[0:MR, 0:NR] = alpha*A*B + beta*C.
// The packed slivers are interleaved complex (re, im), per depth step MR
// elements of op(A) and NR of op(B), any conjugation already applied (by the
// kernel's ComplexPackFn).  c is column-major interleaved complex; beta == 0
// means C is not read.  alpha and beta come by reference: by value, GCC
// stores each as two floats and reloads it as one 8-byte value, a failed
// store-to-load forwarding that waits for the last tile's C stores to drain
// (6 % of a 64^3 cgemm on Zen 3).
template <class R>
using ComplexMicrokernelFn = void (*)(index_t k, const R *a, const R *b, std::complex<R> *c,
                                      index_t ldc, const std::complex<R> &alpha,
                                      const std::complex<R> &beta);

// The same tile restricted to its vectors [v0, v1) of rows, a vector being
// vector_rows complex rows (a and c still point at the tile's row 0): the
// rows outside are neither computed nor touched.  Each element rounds as in
// the whole tile.
template <class R>
using ComplexVectorsFn = void (*)(int v0, int v1, index_t k, const R *a, const R *b,
                                  std::complex<R> *c, index_t ldc, const std::complex<R> &alpha,
                                  const std::complex<R> &beta);

// Packs rows x depth of op(X) (element (i, p) at x[i*rs + p*cs], conjugated
// when `conj`) into slivers of MR (A) or NR (B) rows in that layout.
template <class R>
using ComplexPackFn = void (*)(index_t rows, index_t depth, const std::complex<R> *x,
                               index_t rs, index_t cs, bool conj, R *dst);

// A block of a complex GEMM with op(B) read in place: C (rows x n,
// column-major) = alpha op(A) op(B) + beta C over depth k, op(B)(l, j) =
// b[l*b_rs + j*b_cs].  op(A)(i, l) = a[(i / MR) * tile_stride + i % MR +
// l*lda]: read in place from a column-major op(A) (tile_stride = MR), or
// from packed MR-row slivers (lda = MR, tile_stride = MR k).  Each operand
// is conjugated when its flag says.  Only those rows x k of A and rows x n
// of C are touched; beta == 0 does not read C.
template <class R>
struct ComplexDirectBlock {
  index_t rows, n, k;
  const std::complex<R> *a;
  index_t lda, tile_stride;
  bool conj_a;
  const std::complex<R> *b;
  index_t b_rs, b_cs;
  bool conj_b;
  std::complex<R> *c;
  index_t ldc;
};
template <class R>
using ComplexDirectFn = void (*)(const ComplexDirectBlock<R> &block,
                                 const std::complex<R> &alpha, const std::complex<R> &beta);
template <class R>
struct ComplexGemmKernel {
  const char *name;  // e.g. "zgemm_avx512_8x6"
  int mr, nr;        // in complex elements
  ComplexMicrokernelFn<R> kernel;  // null: the engine's portable kernel runs
  ComplexPackFn<R> pack_a, pack_b;
  Blocksizes blocks;
  // The tile's part (null: tiles run whole), in vectors of vector_rows rows.
  ComplexVectorsFn<R> kernel_vectors = nullptr;
  int vector_rows = 0;
  // The unpacked path (null: none) and the problems it takes on one thread:
  // m n k complex elements of at most direct_bytes (0: none).
  ComplexDirectFn<R> direct = nullptr;
  double direct_bytes = 0;
};

// Whole-array conversions between fp32 and fp16 (round to nearest even),
// vectorized per target; hgemm converts its C with them.
struct HalfConverters {
  void (*f16_to_f32)(index_t n, const std::uint16_t *src, float *dst);
  void (*f32_to_f16)(index_t n, const float *src, std::uint16_t *dst);
};

// Level 1/2 kernels for one real type, all unit stride (src/level1 and
// src/level2 gather strided vectors first).  Each element's arithmetic is
// the same wherever it falls (vector body or masked tail) and however a call
// is cut into element, row or column ranges, so threaded Level 1/2 stays
// bitwise reproducible for any thread count (src/level1/parallel.hpp).
template <class T>
struct VectorKernels {
  const char *name;  // e.g. "avx512"
  T (*dot)(index_t n, const T *x, const T *y);                // sum x_i * y_i
  // sum x_i * y_i accumulated in double (dsdot, sdsdot: a float product is
  // exact in double, so each step rounds only the sum).
  double (*dot_in_double)(index_t n, const T *x, const T *y);
  void (*axpy)(index_t n, T alpha, const T *x, T *y);         // y += alpha * x
  // y += t1 * x1 + t2 * x2 in one pass over y, each element as the two
  // axpys would compute it (syr2's column update).
  void (*axpy2)(index_t n, T t1, const T *x1, T t2, const T *x2, T *y);
  // y[i*inc] += alpha * x[i*inc], i < n, for inc 2 or 4.
  void (*axpy_strided)(index_t n, T alpha, const T *x, T *y, int inc);
  void (*scal)(index_t n, T alpha, T *x);                     // x *= alpha (always multiplies)
  // x, y = c x + s y, c y - s x (x stored last: with x and y the same
  // array the reference's x wins).
  void (*rot)(index_t n, T *x, T *y, T c, T s);
  void (*swap)(index_t n, T *x, T *y);  // exchange x and y
  // y[0:m] += alpha * A x, A m x n column-major: y is loaded and stored once
  // per group of columns; column j adds (alpha * x[j]) * A(:, j).
  void (*gemv_n)(index_t m, index_t n, T alpha, const T *a, index_t lda, const T *x, T *y);
  // y[j] += alpha * dot(A(:, j), x[0:m]) for j < n, several columns at once.
  void (*gemv_t)(index_t m, index_t n, T alpha, const T *a, index_t lda, const T *x, T *y);
  // The same two with column j of A at col[j] (packed storage's columns
  // have no common stride).
  void (*gemv_n_listed)(index_t m, index_t n, T alpha, const T *const *col, const T *x, T *y);
  void (*gemv_t_listed)(index_t m, index_t n, T alpha, const T *const *col, const T *x, T *y);
  T (*asum)(index_t n, const T *x);  // sum |x_i|
  // sum x_i^2 in double, unscaled (nrm2: exact squares for float; for
  // double the caller checks for overflow and underflow).
  double (*sum_of_squares)(index_t n, const T *x);
  // 0-based index of the first x_i with the largest |x_i| among those not
  // NaN; -1 when all are NaN.
  index_t (*iamax)(index_t n, const T *x);
  // symv's panel: ncols <= kSymvColumns columns col[c][0:m] of the stored
  // triangle, rows [0, m) holding the panel's ncols x ncols diagonal block
  // (first for a lower triangle, column c stored from row c; last for an
  // upper one, column c stored to row m - ncols + c) and the rectangle
  // below or above it.  y[0:m] += t[c] * (column c's stored rows), and
  // dots[c] = (its stored rows off the diagonal) . x[0:m]; A is read once.
  void (*symv_panel)(bool upper, index_t m, int ncols, const T *const *col, const T *t,
                     const T *x, T *y, T *dots);
};

// Complex Level 1/2 kernels for one real type R, all unit stride, on
// interleaved (re, im) data (kernels/x86_64/complex_vector_kernels.hpp); as
// for VectorKernels, an element's arithmetic does not depend on how a call
// is cut into ranges.
template <class R>
struct ComplexVectorKernels {
  using C = std::complex<R>;
  const char *name;
  C (*dotu)(index_t n, const C *x, const C *y);  // sum x_i * y_i
  C (*dotc)(index_t n, const C *x, const C *y);  // sum conj(x_i) * y_i
  // y += alpha * op(x), op(x) = conj(x) when conj_x.  (Scalars by reference:
  // level2/engines.hpp says why.)
  void (*axpy)(index_t n, const C &alpha, const C *x, C *y, bool conj_x);
  // y += t1 * op(x1) + t2 * op(x2) in one pass over y, each element as the
  // two axpys would compute it (her2's column update).
  void (*axpy2)(index_t n, const C &t1, const C *x1, const C &t2, const C *x2, C *y,
                bool conj_x);
  // y[0:m] += alpha * op(A) x, A m x n column-major, op(A) = conj(A) when conj_a.
  void (*gemv_n)(index_t m, index_t n, const C &alpha, const C *a, index_t lda, const C *x,
                 C *y, bool conj_a);
  // y[j] += alpha * sum_i op(A(i, j)) x[i] for j < n.
  void (*gemv_t)(index_t m, index_t n, const C &alpha, const C *a, index_t lda, const C *x,
                 C *y, bool conj_a);
  // The same two with column j of A at col[j] (see VectorKernels).
  void (*gemv_n_listed)(index_t m, index_t n, const C &alpha, const C *const *col, const C *x,
                        C *y, bool conj_a);
  void (*gemv_t_listed)(index_t m, index_t n, const C &alpha, const C *const *col, const C *x,
                        C *y, bool conj_a);
  // 0-based index of the first x_i with the largest |re| + |im| among those
  // not NaN; -1 when all are NaN (as VectorKernels::iamax).
  index_t (*iamax)(index_t n, const C *x);
  // X = T^-1 X, X m rows of w elements (row i at x + i * ldx; ldx a
  // multiple of 8, the padding computed on too), T the upper or lower
  // triangle of t (m x m column-major, leading dimension m), inv[l] =
  // 1 / T(l, l), both finite: the reference's substitution without its
  // skipping of zero x(l).
  void (*tri_solve)(index_t m, const C *t, const C *inv, bool upper, index_t w, C *x,
                    index_t ldx);
  // X = T X on the same rows (T's triangle finite, 1 on a unit diagonal,
  // zeros elsewhere, but row-major: element (i, l) at t[i * m + l]): row i
  // becomes the sum over row i of T of T(i, l) * row l.
  void (*tri_multiply)(index_t m, const C *t, bool upper, index_t w, C *x, index_t ldx);
  // hemv's panel, as VectorKernels::symv_panel for ncols <= kHemvColumns
  // columns of a Hermitian triangle: y[0:m] += t[c] * op(A(:, c)) over
  // column c's stored rows (of the diagonal element its real part), and
  // dots[c] = sum over the stored rows off the diagonal of
  // conj(op(A(i, c))) * x[i]; op(A) = conj(A) when conj_a.  A is read once.
  void (*hemv_panel)(bool upper, bool conj_a, index_t m, int ncols, const C *const *col,
                     const C *t, const C *x, C *y, C *dots);
};
// The most columns one hemv_panel call takes.
inline constexpr int kHemvColumns = 8;
// Columns per panel of src/level2/symmetric_mv_blocked.cpp (symv, hemv): a
// 64-byte line of rows, so a panel's rows start on a line boundary when A's
// columns do and its loads are whole lines (a panel of 8 floats would leave
// every other lower panel half a line off).
template <class T>
inline constexpr int kSymvPanel = 64 / sizeof(T);
// The most columns one symv_panel call takes.
inline constexpr int kSymvColumns = kSymvPanel<float>;

struct CpuTarget {
  const char *name;  // "zen5", "zen4", "avx512", "avx2", "generic"
  GemmKernel<float> sgemm;
  GemmKernel<double> dgemm;
  // Half precision: 16-bit A and B, fp32 compute and C.  Every target sets
  // shgemm, sbgemm and half after construction, as for the complex kernels.
  GemmKernel<float, std::uint16_t> shgemm = {};  // fp16, converted to fp32 while packing
  GemmKernel<float, std::uint16_t> sbgemm = {};  // bf16, converted to fp32 while packing
  // bf16 multiplied natively (AVX-512 BF16); null when the target has none.
  // The dispatcher uses it only where CPUID reports the instructions.
  const GemmKernel<float, std::uint16_t> *sbgemm_dot = nullptr;
  HalfConverters half = {};
  // Complex GEMM.  Default-initialised (null kernel) so a table that lists
  // only the fields above compiles; a target sets them after construction.
  ComplexGemmKernel<float> cgemm = {};
  ComplexGemmKernel<double> zgemm = {};
  // Level 1/2 kernels: every target sets all four after construction.
  VectorKernels<float> svector = {};
  VectorKernels<double> dvector = {};
  ComplexVectorKernels<float> cvector = {};
  ComplexVectorKernels<double> zvector = {};
};

// One accessor per compiled target, defined in kernels/x86_64/<target>/ and
// compiled with that target's ISA flags: call it only once the CPU is known
// to run the target (src/dispatch.cpp).
const CpuTarget &avx512_target();
const CpuTarget &avx512_zen4_target();  // "zen4": avx512's, with 256-bit Level 1/2 kernels
const CpuTarget &avx512_zen5_target();  // "zen5": Zen 5's GEMM tiles and blocksizes
const CpuTarget &avx2_target();
const CpuTarget &generic_target();

}  // namespace tileblas
