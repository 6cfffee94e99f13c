// engines.hpp -- the Level 2 engines, column-major, arguments already
// checked by interface/ (dimensions >= 0, increments != 0).  T is float,
// double, std::complex<float> or std::complex<double>; for real T the
// Hermitian routines are the symmetric ones (conj is the identity).
// Each engine is defined in the .cpp file of the same name.
//
// Scalars come by reference, and interface/ passes its own copies (never
// the caller's memory, which A or y may overlap).  A std::complex<float>
// passed by value is split by GCC into its two floats and, to be passed on
// packed in one register, put back together through the stack: a failed
// store-to-load forwarding at every hand-over (a 1 x 1 cgemv took twice
// zgemv's time on Zen 4).  The complex kernel tables take them the same way.
#pragma once

#include "level2/types.hpp"

namespace tileblas::level2 {

// y = alpha * op(A) * x + beta * y, A m x n (gemv.cpp).
template <class T>
void gemv(Op op, index_t m, index_t n, const T &alpha, const T *a, index_t lda, const T *x,
          index_t incx, const T &beta, T *y, index_t incy);

// The same with A an m x n band matrix, kl sub- and ku superdiagonals (gbmv.cpp).
template <class T>
void gbmv(Op op, index_t m, index_t n, index_t kl, index_t ku, const T &alpha, const T *a,
          index_t lda, const T *x, index_t incx, const T &beta, T *y, index_t incy);

// y = alpha * A * x + beta * y, A Hermitian (symmetric for real T) with one
// triangle stored as `tri` describes; conj_a uses conj(A) instead (a
// row-major call seen column-major) (hermitian_mv.cpp).
template <class T>
void hermitian_mv(const Triangle &tri, bool conj_a, const T &alpha, const T *a, const T *x,
                  index_t incx, const T &beta, T *y, index_t incy);

// x = op(A) * x, A triangular (triangular_mv.cpp).
template <class T>
void triangular_mv(const Triangle &tri, Op op, bool unit_diag, const T *a, T *x, index_t incx);

// x = op(A)^-1 * x, A triangular; no test for singularity (triangular_sv.cpp).
template <class T>
void triangular_sv(const Triangle &tri, Op op, bool unit_diag, const T *a, T *x, index_t incx);

// A += alpha * cx(x) * cy(y)^T, A m x n, where cx / cy conjugate when
// conj_x / conj_y (geru: neither, gerc: conj_y) (ger.cpp).
template <class T>
void ger(index_t m, index_t n, const T &alpha, const T *x, index_t incx, const T *y, index_t incy,
         T *a, index_t lda, bool conj_x, bool conj_y);

// A += alpha * x * x^H (her/hpr; syr/spr for real T); conj_update adds the
// conjugate of that instead.  Complex diagonals come out real (rank1.cpp).
template <class T>
void hermitian_rank1(const Triangle &tri, bool conj_update, real_t<T> alpha, const T *x,
                     index_t incx, T *a);

// A += alpha * x * y^H + conj(alpha) * y * x^H (her2/hpr2; syr2/spr2),
// conj_update as above (rank2.cpp).
template <class T>
void hermitian_rank2(const Triangle &tri, bool conj_update, const T &alpha, const T *x,
                     index_t incx, const T *y, index_t incy, T *a);

}  // namespace tileblas::level2
