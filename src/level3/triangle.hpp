// triangle.hpp -- what TRMM and TRSM share: the triangular operand seen
// through a view, and the ways the engine runs them (triangular.cpp picks).
#pragma once

#include "level3/view.hpp"

namespace tileblas::level3 {

enum class Kind { Multiply, Solve };

// A triangular matrix seen through a view: the triangle it is in, and
// whether its diagonal is implicitly 1 (then not read).  Nothing outside
// the triangle is ever read.
template <class T>
struct Triangle {
  View<T> a;
  bool upper, unit;
  // The reference skips zero elements of B in its left-side no-transpose
  // loops (so 0 / 0 or 0 * Inf never happen there); the scalar fallbacks
  // of the packed forms do the same when this is set.
  bool skip_zero_b = false;

  Triangle lower_right(index_t k) const { return {a.at(k, k), upper, unit, skip_zero_b}; }
  Triangle transposed() const { return {a.transposed(), !upper, unit, skip_zero_b}; }
};

// B (m x n, column-major: b.rs == 1) = alpha T B (Multiply) or T^-1 alpha B
// (Solve), T m x m, on the GEMM engine's packed panels (triangular_left.cpp).
// Real types only.  Returns false, having written nothing, when the pack
// buffers cannot be had.
template <class T>
bool packed_left(Kind kind, const Triangle<T> &t, index_t m, index_t n, T alpha, MutView<T> b);

// The right-side forms: B = alpha B T or alpha B T^-1, T n x n
// (triangular_right.cpp).  Same contract.
template <class T>
bool packed_right(Kind kind, const Triangle<T> &t, index_t m, index_t n, T alpha, MutView<T> b);

// Real problems of at most this many flops (the triangle's order squared
// times B's other dimension) skip the packed forms and run the reference's
// column loops on A and B in place (recursive_left's leaf): packing a
// register-tile-sized triangle cost more than the loops take for the whole
// problem (measured on Zen 4: 2x at 8^3, even at 16^3; on Zen 3 the loops
// in place ran 2.4-3.3x faster than on scratch copies at 4^3, solves
// 1.3-1.4x at 8^3, and at 12-16^3 2-4x slower than the packed forms).
// Kept that low so the netlib tests (sizes up to 9) run the packed forms too.
constexpr double kTinyFlops = 8.0 * 8 * 8;

// The left-side form by recursive halving into GEMM updates and small
// column-loop blocks (triangular_recursive.cpp): any element type and B
// layout, and needs almost no memory.  Serves complex types and is the
// fallback when the packed forms get no buffers.
template <class T>
void recursive_left(Kind kind, const Triangle<T> &t, index_t m, index_t n, T alpha, MutView<T> b);

}  // namespace tileblas::level3
