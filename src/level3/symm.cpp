// symm.cpp -- SYMM and HEMM as GEMM.  Real SYMM past the small-problem
// size runs the packed driver on the stored triangle itself (symm_packed).
// Otherwise the symmetric (hermitian) A is expanded into a full temporary
// one column panel at a time (O(m^2) copying against O(m^2 n) flops) and
// multiplied by the GEMM engine.
#include <algorithm>
#include <optional>
#include <type_traits>

#include "dispatch.hpp"
#include "environment.hpp"
#include "extensions/matcopy_loops.hpp"
#include "gemm_driver.hpp"
#include "level1/parallel.hpp"
#include "level3/symmetric_operand.hpp"
#include "level3/view.hpp"
#include "pack_buffer_pool.hpp"
#include "threading.hpp"

namespace tileblas {
namespace level3 {
namespace {

// Columns per expanded panel: the GEMM engine's depth block for a depth of
// na (its KC, evened out).  Each panel is then one depth block of the
// product, so C is summed in the same order as by one GEMM over the whole
// expanded matrix, and the panel is still in cache when the GEMM packs it
// (against expanding all of A first: SSYMM 2048 +1 %, CHEMM and ZSYMM 1536
// +0.5 % on Zen 4).
template <class T>
index_t panel_columns(index_t na) {
  const CpuTarget &target = active_target();
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    const GemmKernel<T> &kernel = gemm_kernel_of<T>(target);
    return gemm_detail::balanced_block(na, kernel.blocks.kc, kernel.micro.k_pack);
  } else if constexpr (std::is_same_v<T, std::complex<float>>)
    return gemm_detail::balanced_block(na, target.cgemm.blocks.kc, 1);
  else
    return gemm_detail::balanced_block(na, target.zgemm.blocks.kc, 1);
}

// Columns per diagonal block of the expansion: the mirrored part of those
// columns is one tiled transpose, the block on the diagonal goes element by
// element, its mirrored half read at A's column stride.  (64 made a 64^2
// SSYMM's A one diagonal block: 25-40 % of its time on Zen 3.)
constexpr index_t kExpandBlock = 16;

// Columns [j0, j0 + w) of the full na x na matrix whose `uplo` triangle is
// stored in A; the other triangle is the mirror image (conjugated when
// hermitian, whose diagonal is real by definition: its imaginary part is
// not read, as in the reference HEMM).  The mirror is read by tiled
// transposes: walking a row of A element by element strides lda through
// memory, which cost ~10 % of DSYMM's time at 2048.
template <class T>
void expand_panel(bool hermitian, Uplo uplo, index_t na, const T *a, index_t lda, index_t j0,
                  index_t w, T *panel) {
  using extensions::loops::copy_columns;
  using extensions::loops::transpose_tiles;
  const auto same = [](const T &v) { return v; };
  const auto mirror = [hermitian](const T &v) { return hermitian ? conj_of(v) : v; };
  for (index_t jb = j0; jb < j0 + w; jb += kExpandBlock) {
    const index_t bw = std::min(kExpandBlock, j0 + w - jb), end = jb + bw;
    T *cols = panel + (jb - j0) * na;  // rows 0.. of columns [jb, end)
    // Rows [0, jb) and [end, na): one side stored, the other the mirror.
    const index_t stored_first = uplo == Uplo::Upper ? 0 : end;
    const index_t stored_last = uplo == Uplo::Upper ? jb : na;
    const index_t mirror_first = uplo == Uplo::Upper ? end : 0;
    const index_t mirror_last = uplo == Uplo::Upper ? na : jb;
    copy_columns(stored_last - stored_first, bw, a + stored_first + jb * lda, lda,
                 cols + stored_first, na, same);
    transpose_tiles(bw, mirror_last - mirror_first, a + jb + mirror_first * lda, lda,
                    cols + mirror_first, na, mirror);
    // The bw x bw block on the diagonal: of each column, the stored rows
    // (with the diagonal) and the mirrored ones.
    for (index_t j = jb; j < end; ++j) {
      T *col = cols + (j - jb) * na;
      const index_t first = uplo == Uplo::Upper ? jb : j, last = uplo == Uplo::Upper ? j + 1 : end;
      for (index_t i = first; i < last; ++i) col[i] = a[i + j * lda];
      for (index_t i = jb; i < first; ++i) col[i] = mirror(a[j + i * lda]);
      for (index_t i = last; i < end; ++i) col[i] = mirror(a[j + i * lda]);
    }
    if (hermitian)
      for (index_t j = jb; j < end; ++j) {
        T &diagonal = cols[j + (j - jb) * na];
        diagonal = real_part(diagonal);
      }
  }
}

// Real SYMM in one pass of the packed GEMM driver, the symmetric matrix
// packed from its stored triangle (symmetric_operand.hpp).  False, having
// written nothing, for problems the driver's unpacked small path serves on
// one thread (there the expanded copy below is read in place, not packed)
// and when pack buffers cannot be had.  (On a team the expanded copy would
// be packed again: ssymm / dsymm 64-128 on 2 threads ran 1.1-2.5x slower
// so.)  The same sums as the expanded path: one depth block per panel
// there, the same depth blocks here.
template <class T>
bool symm_packed(Side side, Uplo uplo, index_t m, index_t n, T alpha, const T *a, index_t lda,
                 const T *b, index_t ldb, T beta, T *c, index_t ldc) {
  const GemmKernel<T> &kernel = gemm_kernel_of<T>(active_target());
  const bool left = side == Side::Left;
  // C = alpha Full B (left) or alpha B Full (right); Full's strides unused.
  const GemmProblem<T> p =
      left ? GemmProblem<T>{m, n, m, alpha, a, 1, lda, b, 1, ldb, beta, c, ldc}
           : GemmProblem<T>{m, n, n, alpha, b, 1, ldb, a, 1, lda, beta, c, ldc};
  const int threads = threads_for_call(2.0 * double(m) * double(n) * double(p.k));
  if (kernel.micro.k_pack != 1 || (threads == 1 && gemm_detail::is_small(kernel.unpacked, p)))
    return false;
  const SymmetricOperands<T> from{{a, lda, uplo == Uplo::Upper}, left};
  return gemm_blocked(kernel, p, threads, from);
}

// The routine's name for the out-of-memory message.
template <class T>
const char *symm_name(bool hermitian) {
  if constexpr (std::is_same_v<T, float>) return "ssymm";
  else if constexpr (std::is_same_v<T, double>) return "dsymm";
  else if constexpr (std::is_same_v<T, std::complex<float>>) return hermitian ? "chemm" : "csymm";
  else return hermitian ? "zhemm" : "zsymm";
}

// Out of memory even for one expanded column: C element by element, A read
// through its stored triangle.  Slow, but the answer.
template <class T>
void symm_unpacked(bool hermitian, Side side, Uplo uplo, index_t m, index_t n, T alpha,
                   const T *a, index_t lda, const T *b, index_t ldb, T beta, T *c, index_t ldc) {
  const auto full = [&](index_t i, index_t j) -> T {
    if (hermitian && i == j) return real_part(a[i + i * lda]);
    const bool stored = uplo == Uplo::Upper ? i <= j : i >= j;
    if (stored) return a[i + j * lda];
    const T v = a[j + i * lda];
    return hermitian ? conj_of(v) : v;
  };
  const index_t na = side == Side::Left ? m : n;
  for (index_t j = 0; j < n; ++j)
    for (index_t i = 0; i < m; ++i) {
      T sum = T(0);
      for (index_t l = 0; l < na; ++l)
        sum += side == Side::Left ? full(i, l) * b[l + j * ldb] : b[i + l * ldb] * full(l, j);
      T &cij = c[i + j * ldc];
      cij = beta == T(0) ? alpha * sum : alpha * sum + beta * cij;  // beta = 0: C not read
    }
}

}  // namespace
}  // namespace level3

template <class T>
void symm(bool hermitian, Side side, Uplo uplo, index_t m, index_t n, T alpha, const T *a,
          index_t lda, const T *b, index_t ldb, T beta, T *c, index_t ldc) {
  using level3::MutView;
  using level3::View;
  if (m <= 0 || n <= 0) return;
  const MutView<T> cv{c, 1, ldc};
  const View<T> bv = View<T>::col_major(b, ldb);
  if (alpha == T(0)) return level3::gemm_view<T>(m, n, 0, alpha, bv, bv, beta, cv);  // C = beta C
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>)
    if (level3::symm_packed(side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc)) return;
  const index_t na = side == Side::Left ? m : n;
  index_t w = std::min(na, level3::panel_columns<T>(na));
  std::optional<PackBuffer> buf;
  for (;;) {  // short of memory: narrower panels
    buf.emplace(sizeof(T) * na * w);
    if (buf->ok() || w == 1) break;
    w = (w + 1) / 2;
  }
  if (!buf->ok()) {  // not even one column
    report_out_of_memory(level3::symm_name<T>(hermitian));
    return level3::symm_unpacked(hermitian, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
  }
  T *panel = buf->as<T>();
  for (index_t j0 = 0; j0 < na; j0 += w) {
    const index_t pw = std::min(w, na - j0);
    // The expansion streams na x pw elements; a team shares its columns (one
    // thread expanding while the other waited cost dsymm 1024 on 2 threads
    // ~10 %).  Each column's copy is the same whichever thread makes it.
    parallel_ranges(threads_for_bytes(double(sizeof(T)) * double(na) * double(pw)), pw,
                    level3::kExpandBlock,
                    [&](index_t c0, index_t c1) {
                      level3::expand_panel(hermitian, uplo, na, a, lda, j0 + c0, c1 - c0,
                                           panel + c0 * na);
                    });
    const T beta_now = j0 == 0 ? beta : T(1);  // later panels accumulate
    if (side == Side::Left)  // C += alpha Full[:, P] B[P, :]
      level3::gemm_view<T>(m, n, pw, alpha, View<T>::col_major(panel, na), bv.at(j0, 0),
                           beta_now, cv);
    else  // C += alpha B[:, P] Full[P, :], and Full[P, :] is the panel's (conjugate) transpose
      level3::gemm_view<T>(m, n, pw, alpha, bv.at(0, j0), View<T>{panel, na, 1, hermitian},
                           beta_now, cv);
  }
}

#define TILEBLAS_INSTANTIATE(T)                                                           \
  template void symm<T>(bool, Side, Uplo, index_t, index_t, T, const T *, index_t, const T *, \
                        index_t, T, T *, index_t);
TILEBLAS_INSTANTIATE(float)
TILEBLAS_INSTANTIATE(double)
TILEBLAS_INSTANTIATE(std::complex<float>)
TILEBLAS_INSTANTIATE(std::complex<double>)
#undef TILEBLAS_INSTANTIATE

}  // namespace tileblas
