// level2_hermitian_rank.cpp -- rank-1 and rank-2 updates of a Hermitian
// (c, z: ?her, ?hpr, ?her2, ?hpr2) or symmetric (s, d: ?syr, ?spr, ?syr2,
// ?spr2) matrix, full or packed; Fortran and CBLAS.  Row-major: the other
// triangle of conj(A), updated with the conjugated update.  The reference
// CBLAS passes a row-major her2/hpr2 to Fortran with x and y exchanged, so
// its error numbers are checked in that order.
#include "level2_args.hpp"

namespace tileblas::abi {
namespace {

using level2::Triangle;

struct RankArgs {
  bool packed;
  const char *real_name, *complex_name;
};
constexpr RankArgs kRank1Full{false, "syr", "her"}, kRank1Packed{true, "spr", "hpr"};
constexpr RankArgs kRank2Full{false, "syr2", "her2"}, kRank2Packed{true, "spr2", "hpr2"};

Triangle triangle(const RankArgs &args, bool upper, int n, int lda) {
  return args.packed ? Triangle::packed(upper, n) : Triangle::full(upper, n, lda);
}

// UPLO=1, N=2, INCX=5, then (rank 1) LDA=7 or (rank 2) INCY=7, LDA=9.
int check_rank1(const RankArgs &args, std::optional<bool> upper, int n, int incx, int lda) {
  if (!upper) return 1;
  if (n < 0) return 2;
  if (incx == 0) return 5;
  if (!args.packed && lda < max1(n)) return 7;
  return 0;
}
int check_rank2(const RankArgs &args, std::optional<bool> upper, int n, int incx, int incy,
                int lda) {
  if (!upper) return 1;
  if (n < 0) return 2;
  if (incx == 0) return 5;
  if (incy == 0) return 7;
  if (!args.packed && lda < max1(n)) return 9;
  return 0;
}

template <class T>
int rank1_checked(const RankArgs &args, std::optional<bool> upper, bool conj, int n,
                  real_t<T> alpha, const T *x, int incx, T *a, int lda) {
  if (int info = check_rank1(args, upper, n, incx, lda)) return info;
  if (n == 0 || alpha == real_t<T>(0)) return 0;
  level2::hermitian_rank1<T>(triangle(args, *upper, n, lda), conj, alpha, x, incx, a);
  return 0;
}

template <class T>
void fortran_rank1(const RankArgs &args, const char *uplo, const int *n, const real_t<T> *alpha,
                   const T *x, const int *incx, T *a, int lda) {
  const char *name = routine_name<T>(args.real_name, args.complex_name);
  trace("%c%s_ %c n=%d", type_letter<T>(), name, *uplo, *n);
  if (int info = rank1_checked<T>(args, fortran_upper(*uplo), false, *n, *alpha, x, *incx, a, lda))
    report_fortran<T>(name, info);
}

template <class T>
void cblas_rank1(const RankArgs &args, CBLAS_LAYOUT layout, CBLAS_UPLO uplo, int n,
                 real_t<T> alpha, const T *x, int incx, T *a, int lda) {
  const char *name = routine_name<T>(args.real_name, args.complex_name);
  trace("cblas_%c%s layout=%d n=%d", type_letter<T>(), name, layout, n);
  const auto row = cblas_row_major(layout);
  if (!row) return report_cblas<T>(name, 1, false);
  if (int info = rank1_checked<T>(args, cblas_upper(uplo, *row), *row, n, alpha, x, incx, a, lda))
    report_cblas<T>(name, info + 1, *row);
}

template <class T>
void fortran_rank2(const RankArgs &args, const char *uplo, const int *n, const T *alpha,
                   const T *x, const int *incx, const T *y, const int *incy, T *a, int lda) {
  const char *name = routine_name<T>(args.real_name, args.complex_name);
  trace("%c%s_ %c n=%d", type_letter<T>(), name, *uplo, *n);
  const auto upper = fortran_upper(*uplo);
  if (int info = check_rank2(args, upper, *n, *incx, *incy, lda))
    return report_fortran<T>(name, info);
  const T alpha_value = *alpha;  // a copy (level2/engines.hpp)
  if (*n == 0 || alpha_value == T(0)) return;
  level2::hermitian_rank2<T>(triangle(args, *upper, *n, lda), false, alpha_value, x, *incx, y,
                             *incy, a);
}

template <class T>
void cblas_rank2(const RankArgs &args, CBLAS_LAYOUT layout, CBLAS_UPLO uplo, int n, T alpha,
                 const T *x, int incx, const T *y, int incy, T *a, int lda) {
  const char *name = routine_name<T>(args.real_name, args.complex_name);
  trace("cblas_%c%s layout=%d n=%d", type_letter<T>(), name, layout, n);
  const auto row = cblas_row_major(layout);
  if (!row) return report_cblas<T>(name, 1, false);
  const auto upper = cblas_upper(uplo, *row);
  const bool swap_xy = *row && is_complex_v<T>;
  const int info = swap_xy ? check_rank2(args, upper, n, incy, incx, lda)
                           : check_rank2(args, upper, n, incx, incy, lda);
  if (info) return report_cblas<T>(name, info + 1, *row);
  if (n == 0 || alpha == T(0)) return;
  // conj(alpha x y^H + conj(alpha) y x^H) is the update of conj(A) = A^T.
  level2::hermitian_rank2<T>(triangle(args, *upper, n, lda), *row, alpha, x, incx, y, incy, a);
}

}  // namespace
}  // namespace tileblas::abi

using namespace tileblas::abi;

// p: type letter; r1/p1/r2/p2: this type's names (syr or her, ...); R: the
// rank-1 alpha (real for both); V, S: CBLAS array and rank-2 scalar types.
#define TB_HERMITIAN_RANK(p, r1, p1, r2, p2, T, R, V, S)                                       \
  TB_EXPORT void p##r1##_(const char *uplo, const int *n, const R *alpha, const T *x,          \
                          const int *incx, T *a, const int *lda, std::size_t) {                \
    fortran_rank1<T>(kRank1Full, uplo, n, alpha, x, incx, a, *lda);                            \
  }                                                                                            \
  TB_EXPORT void p##p1##_(const char *uplo, const int *n, const R *alpha, const T *x,          \
                          const int *incx, T *ap, std::size_t) {                               \
    fortran_rank1<T>(kRank1Packed, uplo, n, alpha, x, incx, ap, 0);                            \
  }                                                                                            \
  TB_EXPORT void p##r2##_(const char *uplo, const int *n, const T *alpha, const T *x,          \
                          const int *incx, const T *y, const int *incy, T *a, const int *lda,  \
                          std::size_t) {                                                       \
    fortran_rank2<T>(kRank2Full, uplo, n, alpha, x, incx, y, incy, a, *lda);                   \
  }                                                                                            \
  TB_EXPORT void p##p2##_(const char *uplo, const int *n, const T *alpha, const T *x,          \
                          const int *incx, const T *y, const int *incy, T *ap, std::size_t) {  \
    fortran_rank2<T>(kRank2Packed, uplo, n, alpha, x, incx, y, incy, ap, 0);                   \
  }                                                                                            \
  TB_EXPORT void cblas_##p##r1(const CBLAS_LAYOUT layout, const CBLAS_UPLO uplo, const int n,  \
                               const R alpha, const V *x, const int incx, V *a,                \
                               const int lda) {                                                \
    cblas_rank1<T>(kRank1Full, layout, uplo, n, alpha, array_arg<T>(x), incx, array_arg<T>(a), \
                   lda);                                                                       \
  }                                                                                            \
  TB_EXPORT void cblas_##p##p1(const CBLAS_LAYOUT layout, const CBLAS_UPLO uplo, const int n,  \
                               const R alpha, const V *x, const int incx, V *ap) {             \
    cblas_rank1<T>(kRank1Packed, layout, uplo, n, alpha, array_arg<T>(x), incx,                \
                   array_arg<T>(ap), 0);                                                       \
  }                                                                                            \
  TB_EXPORT void cblas_##p##r2(const CBLAS_LAYOUT layout, const CBLAS_UPLO uplo, const int n,  \
                               const S alpha, const V *x, const int incx, const V *y,          \
                               const int incy, V *a, const int lda) {                          \
    cblas_rank2<T>(kRank2Full, layout, uplo, n, scalar_arg<T>(alpha), array_arg<T>(x), incx,   \
                   array_arg<T>(y), incy, array_arg<T>(a), lda);                               \
  }                                                                                            \
  TB_EXPORT void cblas_##p##p2(const CBLAS_LAYOUT layout, const CBLAS_UPLO uplo, const int n,  \
                               const S alpha, const V *x, const int incx, const V *y,          \
                               const int incy, V *ap) {                                        \
    cblas_rank2<T>(kRank2Packed, layout, uplo, n, scalar_arg<T>(alpha), array_arg<T>(x), incx, \
                   array_arg<T>(y), incy, array_arg<T>(ap), 0);                                \
  }

extern "C" {
TB_HERMITIAN_RANK(s, syr, spr, syr2, spr2, float, float, float, float)
TB_HERMITIAN_RANK(d, syr, spr, syr2, spr2, double, double, double, double)
TB_HERMITIAN_RANK(c, her, hpr, her2, hpr2, c32, float, void, void *)
TB_HERMITIAN_RANK(z, her, hpr, her2, hpr2, c64, double, void, void *)
}  // extern "C"
