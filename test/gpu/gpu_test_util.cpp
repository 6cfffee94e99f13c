// gpu_test_util.cpp -- the CPU reference and error bound of gpu_test_util.hpp.
#include "gpu_test_util.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>

namespace tileblas::gpu_test {

int check_gemm_result(const DeviceGemm &g, const HostMatrix &a, const HostMatrix &b,
                      const HostMatrix &c0, const HostMatrix &c_gpu, int max_reports) {
  const bool fp64 = g.in == Elem::F64;
  const double accum_eps = fp64 ? std::numeric_limits<double>::epsilon() / 2
                                : std::numeric_limits<float>::epsilon() / 2;
  const double out_eps = g.out == Elem::F16 ? 1.0 / 2048 : 0.0;  // fp16 C: one final rounding
  const double tol = double(g.k + 2) * accum_eps * 2;
  const double tiny = fp64 ? 1e-300 : 1e-30;
  // fp16 C rounds a result below 2^-14 (its smallest normal) to a multiple of
  // 2^-24, an error the relative out_eps term does not cover.
  const double subnormal_half_step = g.out == Elem::F16 ? std::ldexp(1.0, -25) : 0.0;
  int bad = 0;
  for (std::int64_t j = 0; j < c_gpu.cols; ++j) {
    for (std::int64_t i = 0; i < c_gpu.ld; ++i) {
      const double got = c_gpu.get(i, j);
      if (i >= g.m) {  // padding below the m rows: untouched
        const double before = c0.get(i, j);
        if (!(got == before || (std::isnan(got) && std::isnan(before)))) {
          if (bad++ < max_reports)
            std::printf("  padding C(%lld,%lld) changed: %g -> %g\n", (long long)i, (long long)j,
                        before, got);
        }
        continue;
      }
      double sum = 0, abs_sum = 0;
      for (std::int64_t p = 0; p < g.k; ++p) {
        const double x = g.trans_a ? a.get(p, i) : a.get(i, p);
        const double y = g.trans_b ? b.get(j, p) : b.get(p, j);
        sum += x * y;
        abs_sum += std::fabs(x * y);
      }
      double ref = g.alpha * sum, bound = std::fabs(g.alpha) * abs_sum;
      if (g.beta != 0) {
        ref += g.beta * c0.get(i, j);
        bound += std::fabs(g.beta * c0.get(i, j));
      }
      const double err = std::fabs(got - ref);
      const double allowed = tol * bound + out_eps * std::fabs(ref) + tiny + subnormal_half_step;
      if (!(err <= allowed)) {
        if (bad++ < max_reports)
          std::printf("  C(%lld,%lld) = %.9g, reference %.9g, |error| %.3g > bound %.3g\n",
                      (long long)i, (long long)j, got, ref, err, allowed);
      }
    }
  }
  return bad;
}

}  // namespace tileblas::gpu_test
