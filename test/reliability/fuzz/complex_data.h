// complex_data.h -- what the complex families (complex1/2/3.cpp) share:
// arrays are (re, im) pairs of T; the draws of complex scalars, the
// Hermitian and triangular shaping of A, conjugation, and the error unit.
#ifndef TILEBLAS_FUZZ_COMPLEX_DATA_H
#define TILEBLAS_FUZZ_COMPLEX_DATA_H

#include "fuzz.h"

namespace fuzz {

template <class T> constexpr char cname = sizeof(T) == 4 ? 'c' : 'z';

// Draws a complex scalar (NaN allowed in the real part) or, for the
// Hermitian routines' real ones, a real one (imaginary part 0).
template <class T> void scalar_pair(Input &in, T *x, bool real_only) {
    x[0] = T(scalar_from(in, true));
    x[1] = real_only ? T(0) : T(scalar_from(in, false));
}
template <class T> T modulus(const T *x) { return std::hypot(mag(x[0]), x[1]); }

// The imaginary parts of the diagonal of an n x n complex array: set to v.
template <class T> void set_diagonal_imag(std::vector<T> &a, int ld, int n, T v) {
    for (int j = 0; j < n; ++j) a[2 * (std::size_t(j) * ld + j) + 1] = v;
}
template <class T> std::vector<T> real_diagonal(std::vector<T> a, int ld, int n) {
    set_diagonal_imag(a, ld, n, T(0));
    return a;
}

// shape_matrix for complex A: the triangle not named by uplo (and a unit
// diagonal) NaN in both parts; conditioned (solves): |re a_ii| in [1, 2),
// off-diagonals divided by n.
template <class T>
void shape_complex_matrix(std::vector<T> &a, int ld, int n, char uplo, char diag,
                          bool conditioned) {
    const T nan = std::numeric_limits<T>::quiet_NaN();
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            T *x = &a[2 * (std::size_t(j) * ld + i)];
            if (i == j) {
                if (diag == 'U')
                    x[0] = x[1] = nan;
                else if (conditioned)
                    x[0] = std::copysign(1 + std::fabs(x[0]), x[0]);
            } else if ((uplo == 'U') != (i < j)) {
                x[0] = x[1] = nan;
            } else if (conditioned) {
                x[0] /= T(n);
                x[1] /= T(n);
            }
        }
}

// The conjugate of every element.
template <class T> std::vector<T> conjugated(std::vector<T> v) {
    for (std::size_t i = 1; i < v.size(); i += 2) v[i] = -v[i];
    return v;
}

// A complex sum of k products is a real one of 2k; complex scaling adds a
// few roundings (as for c/zgemm).
template <class T> double complex_unit(int k) { return gamma<T>(2 * k + 4, 4); }

}  // namespace fuzz

#endif
