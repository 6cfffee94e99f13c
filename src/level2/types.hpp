// types.hpp -- what the Level 2 engines share: the operation applied to a
// matrix, where a triangle of a square matrix is stored (full, band, packed),
// and a strided vector made contiguous.
#pragma once

#include <cstdlib>
#include <type_traits>

#include "level1/scalar.hpp"

namespace tileblas::level2 {

// op(A).  ConjNoTrans (conj(A), no transpose) has no Fortran letter: it is
// what a row-major ConjTrans call becomes on the column-major view A^T.
enum class Op { NoTrans, Trans, ConjTrans, ConjNoTrans };

inline bool transposes(Op op) { return op == Op::Trans || op == Op::ConjTrans; }
inline bool conjugates(Op op) { return op == Op::ConjTrans || op == Op::ConjNoTrans; }

// The stored triangle of an n x n matrix, column by column: column j keeps
// rows first_row(j)..last_row(j) (inclusive), and element (i, j) lives at
// a[column_offset(j) + i].  The offset may be negative (band, packed) while
// every element index it produces is inside the array.
struct Triangle {
  enum class Kind { Full, Band, Packed };
  Kind kind;
  bool upper;
  index_t n;
  index_t ld = 0;  // Full and Band
  index_t k = 0;   // Band: number of off-diagonals

  static Triangle full(bool upper, index_t n, index_t lda) {
    return {Kind::Full, upper, n, lda, 0};
  }
  static Triangle band(bool upper, index_t n, index_t k, index_t lda) {
    return {Kind::Band, upper, n, lda, k};
  }
  static Triangle packed(bool upper, index_t n) { return {Kind::Packed, upper, n, 0, 0}; }

  index_t column_offset(index_t j) const {
    switch (kind) {
      case Kind::Full: return j * ld;
      // Upper band: the diagonal sits in row k of the band array; lower: row 0.
      case Kind::Band: return j * ld + (upper ? k - j : -j);
      // Packed upper: columns of 1, 2, ... elements; lower: n, n-1, ... elements.
      case Kind::Packed: return upper ? j * (j + 1) / 2 : j * n - j * (j + 1) / 2;
    }
    return 0;
  }
  index_t first_row(index_t j) const {
    if (!upper) return j;
    return kind == Kind::Band && j > k ? j - k : 0;
  }
  index_t last_row(index_t j) const {
    if (upper) return j;
    return kind == Kind::Band && j + k < n - 1 ? j + k : n - 1;
  }
};

// A strided vector as a contiguous one: the vector itself when inc == 1,
// else a gathered copy (scatter() writes the copy back).  Lets each engine
// be written once, with unit-stride loops the compiler vectorises.  The copy
// comes from malloc, not std::vector: an allocation that throws would leave
// through the extern "C" entry point (std::terminate for a C or Fortran
// caller).  ok() is false when it could not be had; the engine then runs
// its portable loops on Strided views of the caller's vectors instead.
template <class T>
class UnitStride {
 public:
  using Element = std::remove_const_t<T>;
  UnitStride(index_t n, T *v, index_t inc) : v_(v), n_(n), inc_(inc) {
    if (inc == 1 || n <= 0) {
      p_ = v;
      return;
    }
    copy_ = static_cast<Element *>(std::malloc(static_cast<std::size_t>(n) * sizeof(Element)));
    if (!copy_) {
      ok_ = false;
      return;
    }
    const index_t start = first_index(n, inc);
    for (index_t i = 0; i < n; ++i) copy_[i] = v[start + i * inc];
    p_ = copy_;
  }
  ~UnitStride() { std::free(copy_); }
  UnitStride(const UnitStride &) = delete;
  UnitStride &operator=(const UnitStride &) = delete;

  bool ok() const { return ok_; }
  T *data() const { return p_; }
  void scatter() {
    static_assert(!std::is_const_v<T>, "scatter() writes the vector");
    if (!copy_) return;
    const index_t start = first_index(n_, inc_);
    for (index_t i = 0; i < n_; ++i) v_[start + i * inc_] = copy_[i];
  }

 private:
  T *v_;
  index_t n_, inc_;
  T *p_ = nullptr;
  Element *copy_ = nullptr;
  bool ok_ = true;
};

// A strided vector used in place, for the portable loops when its
// UnitStride copy cannot be allocated: s[i] is element i (a negative inc
// walks from the far end, as the reference does) and s + k starts at
// element k, so a loop written for pointers runs on it unchanged.  The
// offset is kept apart from the pointer so that no pointer outside the
// array is ever formed.
template <class T>
struct Strided {
  T *base;  // element 0 at base[0]
  index_t inc, offset = 0;
  Strided(index_t n, T *v, index_t increment)
      : base(n > 0 ? v + first_index(n, increment) : v), inc(increment) {}
  T &operator[](index_t i) const { return base[(offset + i) * inc]; }
  Strided operator+(index_t k) const {
    Strided s = *this;
    s.offset += k;
    return s;
  }
};

// y = beta * y (strided), the first step of every y = alpha*op(A)*x + beta*y:
// beta == 0 stores zeros without reading y, so a NaN there does not survive.
template <class T>
void scale_y(index_t n, const T &beta, T *y, index_t incy) {
  if (beta == T(1)) return;
  const index_t start = first_index(n, incy);
  if (beta == T(0)) {
    for (index_t i = 0; i < n; ++i) y[start + i * incy] = T(0);
  } else {
    for (index_t i = 0; i < n; ++i) y[start + i * incy] = mul(beta, y[start + i * incy]);
  }
}

}  // namespace tileblas::level2
