// complex1.cpp -- c/z dotu/dotc (Fortran, returned by value, or CBLAS's
// _sub form: one flag bit) and axpy, any increments (+-1, +-2, +-3).
// Arrays are (re, im) pairs of T.  Bounds: complex_unit times the real
// reference on moduli, sum |x_i||y_i| for the dots, |alpha||x_i| + |y_i|
// for axpy.
#include "cblas_complex.h"
#include "complex_data.h"

namespace fuzz {
namespace {

template <class T>
void cb_dot(bool conj, int n, const T *x, int incx, const T *y, int incy, T *r) {
    using Cb = CblasComplex<T>;
    (conj ? Cb::dotc_sub : Cb::dotu_sub)(n, x, incx, y, incy, r);
}

}  // namespace

template <class T> void fuzz_complex_dot(Input &in) {
    const unsigned flags = in.byte();
    const bool conj = flags & 1, sub = flags & 2;
    const int n = size_from(in), incx = inc_from(in), incy = inc_from(in);
    Gen g(in);
    const std::vector<T> x = g.vec<T>(2 * vec_len(n, incx, 0)), y = g.vec<T>(2 * vec_len(n, incy, 0));
    const std::string desc = format("%cdot%c%s n=%d incx=%d incy=%d", cname<T>, conj ? 'c' : 'u',
                                    sub ? " (cblas _sub)" : "", n, incx, incy);
    const std::vector<T> x0 = x, y0 = y;
    std::vector<T> ours(2);
    if (sub) {
        cb_dot(conj, n, x.data(), incx, y.data(), incy, ours.data());
    } else {
        const std::complex<T> r =
            (conj ? tileblas<T>().cdotc : tileblas<T>().cdotu)(&n, x.data(), &incx, y.data(), &incy);
        ours = {r.real(), r.imag()};
    }
    expect_unchanged(desc, "x", x0, x.data());
    expect_unchanged(desc, "y", y0, y.data());
    const std::complex<T> r =
        (conj ? netlib<T>().cdotc : netlib<T>().cdotu)(&n, x.data(), &incx, y.data(), &incy);
    const std::vector<T> mx = moduli(x), my = moduli(y);
    const T bound = netlib<T>().dot(&n, mx.data(), &incx, my.data(), &incy);
    expect(desc, std::vector<T>(2), ours, std::vector<T>{r.real(), r.imag()},
           [](std::size_t) { return true; }, [&](std::size_t) { return complex_unit<T>(n) * bound; },
           0);
}

template <class T> void fuzz_complex_axpy(Input &in) {
    const int n = size_from(in), incx = inc_from(in), incy = inc_from(in);
    T alpha[2];
    scalar_pair(in, alpha, false);
    const unsigned slack = in.below(3);
    Gen g(in);
    const std::vector<T> x = g.vec<T>(2 * vec_len(n, incx, 0)),
                         y = g.vec<T>(2 * vec_len(n, incy, slack));
    const std::string desc = format("%caxpy n=%d alpha=(%g,%g) incx=%d incy=%d", cname<T>, n,
                                    double(alpha[0]), double(alpha[1]), incx, incy);
    const std::vector<T> x0 = x;
    std::vector<T> ours = y, ref = y;
    tileblas<T>().caxpy(&n, alpha, x.data(), &incx, ours.data(), &incy);
    expect_unchanged(desc, "x", x0, x.data());
    netlib<T>().caxpy(&n, alpha, x.data(), &incx, ref.data(), &incy);
    const std::vector<T> mx = moduli(x);
    std::vector<T> bound = moduli(y);
    const T mal = modulus(alpha);
    netlib<T>().axpy(&n, &mal, mx.data(), &incx, bound.data(), &incy);
    expect(desc, y, ours, ref, [&](std::size_t p) { return vec_inside(p / 2, n, incy); },
           [&](std::size_t p) { return complex_unit<T>(1) * bound[p / 2]; }, 0);
}

#define FUZZ_INSTANTIATE(f) template void f<float>(Input &); template void f<double>(Input &);
FUZZ_INSTANTIATE(fuzz_complex_dot)
FUZZ_INSTANTIATE(fuzz_complex_axpy)
#undef FUZZ_INSTANTIATE

}  // namespace fuzz
