// level3_args.hpp -- what the Level 3 entry points (interface/level3_*.cpp)
// share: option letters to engine enums, CBLAS enums to the letters the
// reference CBLAS passes on (row-major flips included), scalar loading.
#pragma once

#include <complex>
#include <cstring>

#include "abi.hpp"
#include "level3/level3.hpp"

namespace tileblas::abi::level3 {

using cfloat = std::complex<float>;
using cdouble = std::complex<double>;

template <class T>
constexpr bool is_complex_v = false;
template <class R>
constexpr bool is_complex_v<std::complex<R>> = true;

inline int max1(int x) { return x > 1 ? x : 1; }

// Fortran option letters (either case); false when illegal.
inline bool side_of(char c, Side &s) {
  if (same_letter(c, 'L')) { s = Side::Left; return true; }
  if (same_letter(c, 'R')) { s = Side::Right; return true; }
  return false;
}
inline bool uplo_of(char c, Uplo &u) {
  if (same_letter(c, 'U')) { u = Uplo::Upper; return true; }
  if (same_letter(c, 'L')) { u = Uplo::Lower; return true; }
  return false;
}
inline bool diag_of(char c, Diag &d) {
  if (same_letter(c, 'U')) { d = Diag::Unit; return true; }
  if (same_letter(c, 'N')) { d = Diag::NonUnit; return true; }
  return false;
}
inline bool op_of(char c, Op &o) {
  if (same_letter(c, 'N')) { o = Op::N; return true; }
  if (same_letter(c, 'T')) { o = Op::T; return true; }
  if (same_letter(c, 'C')) { o = Op::C; return true; }
  return false;
}

// CBLAS enums to Fortran letters, 0 when illegal.  A row-major call is the
// column-major call on the transposed matrices, which flips side and uplo.
inline char side_letter(CBLAS_SIDE s, bool flip) {
  if (s == CblasLeft) return flip ? 'R' : 'L';
  if (s == CblasRight) return flip ? 'L' : 'R';
  return 0;
}
inline char uplo_letter(CBLAS_UPLO u, bool flip) {
  if (u == CblasUpper) return flip ? 'L' : 'U';
  if (u == CblasLower) return flip ? 'U' : 'L';
  return 0;
}
inline char diag_letter(CBLAS_DIAG d) {
  return d == CblasUnit ? 'U' : d == CblasNonUnit ? 'N' : 0;
}
inline char trans_letter(CBLAS_TRANSPOSE t) {
  return t == CblasNoTrans ? 'N' : t == CblasTrans ? 'T' : t == CblasConjTrans ? 'C' : 0;
}

// SYRK/SYR2K and HERK/HER2K accept different TRANS letters:
//   real symmetric N, T, C (C means T); complex symmetric N, T; hermitian N, C.
enum class RankK { RealSymmetric, ComplexSymmetric, Hermitian };

// The engine's op for a legal TRANS letter; false when illegal for `flavor`.
inline bool rank_k_op(RankK flavor, char c, Op &o) {
  if (!op_of(c, o)) return false;
  switch (flavor) {
    case RankK::RealSymmetric:
      if (o == Op::C) o = Op::T;
      return true;
    case RankK::ComplexSymmetric: return o != Op::C;
    case RankK::Hermitian: return o != Op::T;
  }
  return false;
}

// The TRANS letter the reference CBLAS passes on, 0 when it reports the
// argument itself.  Row-major is the column-major call on C^T with the
// transpose flipped (C^T = conj(C) for hermitian C; her2k then conjugates
// alpha).  Column-major passes every legal enum on, for the Fortran check.
inline char rank_k_letter(RankK flavor, CBLAS_TRANSPOSE t, bool row_major) {
  if (!row_major) return trans_letter(t);
  switch (flavor) {
    case RankK::RealSymmetric:
      return t == CblasNoTrans ? 'T' : (t == CblasTrans || t == CblasConjTrans) ? 'N' : 0;
    case RankK::ComplexSymmetric:
      return t == CblasNoTrans ? 'T' : t == CblasTrans ? 'N' : 0;
    case RankK::Hermitian:
      return t == CblasNoTrans ? 'C' : t == CblasConjTrans ? 'N' : 0;
  }
  return 0;
}

// CBLAS scalars of complex routines come as const void *.
template <class T>
T scalar(const void *p) {
  return *static_cast<const T *>(p);
}

}  // namespace tileblas::abi::level3
