// extensions_calls.h -- what the ?axpby / ?omatcopy / ?imatcopy tests share:
// the Fortran prototypes (gfortran ABI), one struct per type that calls a
// routine through either ABI, random data and a long-double view of it.
#ifndef TILEBLAS_TEST_EXTENSIONS_CALLS_H
#define TILEBLAS_TEST_EXTENSIONS_CALLS_H

#include <cblas.h>

#include <cmath>
#include <complex>
#include <cstddef>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

namespace exttest {

using c32 = std::complex<float>;
using c64 = std::complex<double>;
using cld = std::complex<long double>;

template <class T>
constexpr bool is_complex = std::is_same_v<T, c32> || std::is_same_v<T, c64>;

inline cld widen(float v) { return cld(v); }
inline cld widen(double v) { return cld(v); }
inline cld widen(c32 v) { return cld(v.real(), v.imag()); }
inline cld widen(c64 v) { return cld(v.real(), v.imag()); }

// |re| + |im|: a norm as good as |z| for error bounds, and far cheaper.
inline long double norm1(cld v) { return std::fabs(v.real()) + std::fabs(v.imag()); }

template <class T>
long double eps() {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, c32>)
    return std::numeric_limits<float>::epsilon();
  else
    return std::numeric_limits<double>::epsilon();
}

template <class T>
T random_value(std::mt19937 &gen) {
  std::uniform_real_distribution<double> d(-1.0, 1.0);
  if constexpr (is_complex<T>) {
    const double re = d(gen);
    return T(re, d(gen));
  } else {
    return T(d(gen));
  }
}

template <class T>
std::vector<T> random_vector(std::size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::vector<T> v(n);
  for (auto &e : v) e = random_value<T>(gen);
  return v;
}

// The scalars each test runs with: 0, 1, -2.5, and for complex types one
// with an imaginary part.
template <class T>
std::vector<T> test_scalars() {
  std::vector<T> s = {T(0), T(1), T(-2.5)};
  if constexpr (is_complex<T>) s.push_back(T(0.5, -1.25));
  return s;
}

}  // namespace exttest

extern "C" {
#define TB_DECLARE_FORTRAN(p, T)                                                                \
  void p##axpby_(const int *, const T *, const T *, const int *, const T *, T *, const int *);  \
  void p##omatcopy_(const char *, const char *, const int *, const int *, const T *, const T *, \
                    const int *, T *, const int *, std::size_t, std::size_t);                   \
  void p##imatcopy_(const char *, const char *, const int *, const int *, const T *, T *,       \
                    const int *, const int *, std::size_t, std::size_t);
TB_DECLARE_FORTRAN(s, float)
TB_DECLARE_FORTRAN(d, double)
TB_DECLARE_FORTRAN(c, exttest::c32)
TB_DECLARE_FORTRAN(z, exttest::c64)
#undef TB_DECLARE_FORTRAN
}

namespace exttest {

// Calls per type through the Fortran (fortran = true) or the CBLAS entry.
// Fortran letters: order 'C' / 'R', trans 'N', 'T', 'C', 'R'.
template <class T>
struct Ext;

// A letter with no CBLAS counterpart becomes an illegal enum value (0).
inline CBLAS_TRANSPOSE cblas_trans(char t) {
  switch (t) {
    case 'N': return CblasNoTrans;
    case 'T': return CblasTrans;
    case 'C': return CblasConjTrans;
    case 'R': return CblasConjNoTrans;
    default: return CBLAS_TRANSPOSE(0);
  }
}
inline CBLAS_ORDER cblas_order(char o) {
  return o == 'C' ? CblasColMajor : o == 'R' ? CblasRowMajor : CBLAS_ORDER(0);
}

// Real CBLAS scalars go by value, complex ones by pointer (to float/double
// pairs for ?omatcopy / ?imatcopy, as OpenBLAS declares them).
#define TB_EXT_CALLS(p, T, R, BY_VALUE)                                                           \
  template <>                                                                                     \
  struct Ext<T> {                                                                                 \
    static constexpr char letter = #p[0];                                                         \
    static auto s(const T &v) {                                                                   \
      if constexpr (BY_VALUE)                                                                     \
        return v;                                                                                 \
      else                                                                                        \
        return reinterpret_cast<const R *>(&v);                                                   \
    }                                                                                             \
    static void axpby(bool fortran, int n, T alpha, const T *x, int incx, T beta, T *y,           \
                      int incy) {                                                                 \
      if (fortran) return p##axpby_(&n, &alpha, x, &incx, &beta, y, &incy);                       \
      cblas_##p##axpby(n, s(alpha), x, incx, s(beta), y, incy);                                   \
    }                                                                                             \
    static void omatcopy(bool fortran, char order, char trans, int rows, int cols, T alpha,       \
                         const T *a, int lda, T *b, int ldb) {                                    \
      if (fortran) return p##omatcopy_(&order, &trans, &rows, &cols, &alpha, a, &lda, b, &ldb, 1, 1); \
      cblas_##p##omatcopy(cblas_order(order), cblas_trans(trans), rows, cols, s(alpha),           \
                          reinterpret_cast<const R *>(a), lda, reinterpret_cast<R *>(b), ldb);    \
    }                                                                                             \
    static void imatcopy(bool fortran, char order, char trans, int rows, int cols, T alpha,       \
                         T *ab, int lda, int ldb) {                                               \
      if (fortran) return p##imatcopy_(&order, &trans, &rows, &cols, &alpha, ab, &lda, &ldb, 1, 1); \
      cblas_##p##imatcopy(cblas_order(order), cblas_trans(trans), rows, cols, s(alpha),           \
                          reinterpret_cast<R *>(ab), lda, ldb);                                   \
    }                                                                                             \
  };
TB_EXT_CALLS(s, float, float, true)
TB_EXT_CALLS(d, double, double, true)
TB_EXT_CALLS(c, c32, float, false)
TB_EXT_CALLS(z, c64, double, false)
#undef TB_EXT_CALLS

}  // namespace exttest

#endif
