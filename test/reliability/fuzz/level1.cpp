// level1.cpp -- s/d dot and axpy, any increments (+-1, +-2, +-3), NaN/Inf
// in the data now and then.  Bound: gamma_n * sum |x_i||y_i| for dot,
// gamma_1 * (|alpha||x_i| + |y_i|) for axpy, both computed by the reference
// on absolute values.
#include "fuzz.h"

namespace fuzz {

template <class T> void fuzz_dot(Input &in) {
    const int n = size_from(in), incx = inc_from(in), incy = inc_from(in);
    Gen g(in);
    std::vector<T> x = g.vec<T>(vec_len(n, incx, 0)), y = g.vec<T>(vec_len(n, incy, 0));
    maybe_inject<T>(in, {&x, &y});
    const std::string desc = format("%cdot n=%d incx=%d incy=%d", tname<T>, n, incx, incy);
    const std::vector<T> x0 = x, y0 = y;
    const T ours = tileblas<T>().dot(&n, x.data(), &incx, y.data(), &incy);
    expect_unchanged(desc, "x", x0, x.data());
    expect_unchanged(desc, "y", y0, y.data());
    const T ref = netlib<T>().dot(&n, x.data(), &incx, y.data(), &incy);
    const std::vector<T> ax = absv(x), ay = absv(y);
    const T bound = netlib<T>().dot(&n, ax.data(), &incx, ay.data(), &incy);
    expect(desc, std::vector<T>{0}, std::vector<T>{ours}, std::vector<T>{ref},
           [](std::size_t) { return true; }, [&](std::size_t) { return gamma<T>(n) * bound; }, 0);
}

template <class T> void fuzz_axpy(Input &in) {
    const int n = size_from(in), incx = inc_from(in), incy = inc_from(in);
    const T alpha = T(scalar_from(in, true));
    const unsigned slack = in.below(3);
    Gen g(in);
    std::vector<T> x = g.vec<T>(vec_len(n, incx, 0)), y = g.vec<T>(vec_len(n, incy, slack));
    maybe_inject<T>(in, {&x, &y});
    const std::string desc =
        format("%caxpy n=%d alpha=%g incx=%d incy=%d", tname<T>, n, double(alpha), incx, incy);
    const std::vector<T> x0 = x;
    std::vector<T> ours = y, ref = y, bound = absv(y);
    tileblas<T>().axpy(&n, &alpha, x.data(), &incx, ours.data(), &incy);
    expect_unchanged(desc, "x", x0, x.data());
    netlib<T>().axpy(&n, &alpha, x.data(), &incx, ref.data(), &incy);
    const std::vector<T> ax = absv(x);
    const T ma = mag(alpha);
    netlib<T>().axpy(&n, &ma, ax.data(), &incx, bound.data(), &incy);
    expect(desc, y, ours, ref, [&](std::size_t p) { return vec_inside(p, n, incy); },
           [&](std::size_t p) { return gamma<T>(1) * bound[p]; }, 0);
}

template void fuzz_dot<float>(Input &);
template void fuzz_dot<double>(Input &);
template void fuzz_axpy<float>(Input &);
template void fuzz_axpy<double>(Input &);

}  // namespace fuzz
