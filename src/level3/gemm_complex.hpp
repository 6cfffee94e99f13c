// gemm_complex.hpp -- GEMM for std::complex<float> / std::complex<double>:
// the same five-loop blocked structure as the real engine (gemm_driver.hpp),
// with the CPU target's complex microkernel (or a portable one) and
// conjugation folded into packing.
#pragma once

#include <complex>

#include "target.hpp"

namespace tileblas {

// C = alpha op(A) op(B) + beta C, m x n, depth k.  Element (i, p) of op(A) is
// a[i*a_rs + p*a_cs], conjugated when a_conj (likewise B); C column-major.
// alpha == 0 or k == 0 reads neither A nor B; beta == 0 never reads C.
template <class R>
struct ComplexGemmProblem {
  index_t m, n, k;
  std::complex<R> alpha;
  const std::complex<R> *a;
  index_t a_rs, a_cs;
  bool a_conj;
  const std::complex<R> *b;
  index_t b_rs, b_cs;
  bool b_conj;
  std::complex<R> beta;
  std::complex<R> *c;
  index_t ldc;
};

// Which elements of C a call computes: all, or only the upper (i <= j) or
// lower (i >= j) triangle of a square C (m == n) for GEMMT, SYRK/HERK and
// SYR2K/HER2K; nothing outside it is written.  A triangle runs one pass of
// the blocked driver that skips the register tiles outside it.
enum class Part { All, Upper, Lower };

template <class R>
void gemm_complex(const ComplexGemmProblem<R> &p, Part part = Part::All);

// Complex product by the textbook formula, as Fortran compiles it (no C99
// Annex G inf/nan recovery, which would be a libgcc call per element).
template <class R>
inline std::complex<R> cmul(std::complex<R> x, std::complex<R> y) {
  return {x.real() * y.real() - x.imag() * y.imag(), x.real() * y.imag() + x.imag() * y.real()};
}
inline float cmul(float x, float y) { return x * y; }
inline double cmul(double x, double y) { return x * y; }

}  // namespace tileblas
