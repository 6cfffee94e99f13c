// level2_args.hpp -- what the Level 2 entry points share: Fortran letters
// and CBLAS enums turned into engine arguments (an illegal one becomes
// nullopt, reported by the routine's check), a row-major call turned into
// the column-major call on the same memory (A^T), and error reports under
// the routine's name for each element type.
#pragma once

#include <cctype>
#include <complex>
#include <optional>

#include "abi.hpp"
#include "level2/engines.hpp"

namespace tileblas::abi {

using level2::Op;
using c32 = std::complex<float>;
using c64 = std::complex<double>;

inline int max1(int v) { return v > 1 ? v : 1; }

// ---- Fortran character arguments
inline std::optional<Op> fortran_op(char c) {
  if (same_letter(c, 'N')) return Op::NoTrans;
  if (same_letter(c, 'T')) return Op::Trans;
  if (same_letter(c, 'C')) return Op::ConjTrans;
  return std::nullopt;
}
inline std::optional<bool> fortran_upper(char c) {
  if (same_letter(c, 'U')) return true;
  if (same_letter(c, 'L')) return false;
  return std::nullopt;
}
inline std::optional<bool> fortran_unit_diag(char c) {
  if (same_letter(c, 'U')) return true;
  if (same_letter(c, 'N')) return false;
  return std::nullopt;
}

// ---- CBLAS enums.  Row-major A is column-major A^T: the other triangle,
// NoTrans <-> Trans, and ConjTrans becomes conj(A^T) untransposed.
inline std::optional<bool> cblas_row_major(CBLAS_LAYOUT layout) {
  if (layout == CblasRowMajor) return true;
  if (layout == CblasColMajor) return false;
  return std::nullopt;
}
inline std::optional<Op> cblas_op(CBLAS_TRANSPOSE t, bool row_major) {
  switch (t) {
    case CblasNoTrans: return row_major ? Op::Trans : Op::NoTrans;
    case CblasTrans: return row_major ? Op::NoTrans : Op::Trans;
    case CblasConjTrans: return row_major ? Op::ConjNoTrans : Op::ConjTrans;
    default: return std::nullopt;
  }
}
inline std::optional<bool> cblas_upper(CBLAS_UPLO u, bool row_major) {
  if (u == CblasUpper) return !row_major;
  if (u == CblasLower) return row_major;
  return std::nullopt;
}
inline std::optional<bool> cblas_unit_diag(CBLAS_DIAG d) {
  if (d == CblasUnit) return true;
  if (d == CblasNonUnit) return false;
  return std::nullopt;
}

// ---- CBLAS scalars and arrays: complex ones travel as void pointers.
template <class T>
T scalar_arg(T v) {
  return v;
}
template <class T>
T scalar_arg(const void *p) {
  return *static_cast<const T *>(p);
}
template <class T>
const T *array_arg(const void *p) {
  return static_cast<const T *>(p);
}
template <class T>
T *array_arg(void *p) {
  return static_cast<T *>(p);
}

// ---- Error reports.  `base` is the lower-case name without the type
// letter ("gemv"); for real types pass the symmetric name, for complex the
// Hermitian one (see routine_name).
template <class T>
constexpr char type_letter() {
  if constexpr (std::is_same_v<T, float>) return 's';
  if constexpr (std::is_same_v<T, double>) return 'd';
  if constexpr (std::is_same_v<T, c32>) return 'c';
  return 'z';
}
// "symv" for real T, "hemv" for complex T.
template <class T>
constexpr const char *routine_name(const char *real_name, const char *complex_name) {
  return is_complex_v<T> ? complex_name : real_name;
}
// base is at most 8 letters ("omatcopy").
template <class T>
void report_fortran(const char *base, int info) {
  char name[10] = {};
  name[0] = static_cast<char>(std::toupper(type_letter<T>()));
  for (int i = 0; base[i] && i < 8; ++i) name[i + 1] = static_cast<char>(std::toupper(base[i]));
  fortran_error(name, info);
}
template <class T>
void report_cblas(const char *base, int info, bool row_major) {
  char name[16] = "cblas_";
  name[6] = type_letter<T>();
  for (int i = 0; base[i] && i < 8; ++i) name[7 + i] = base[i];
  cblas_error(name, info, row_major);
}

}  // namespace tileblas::abi

#define TB_EXPORT __attribute__((visibility("default")))
