// offload_policy.cpp -- the cost model of offload_policy.hpp.
#include "offload_policy.hpp"

namespace tileblas::gpu {
namespace {

// Launch, event and synchronisation overhead of one offloaded call.
constexpr double kGpuLatencySeconds = 50e-6;
// Staging through pinned buffers costs a host memcpy per byte as well.
constexpr double kStagedLinkShare = 2.0 / 3.0;

}  // namespace

OffloadEstimate estimate_offload(const cuda::DeviceGemm &g, const GpuInfo &gpu,
                                 double cpu_flops_per_s) {
  const double flops = 2.0 * double(g.m) * double(g.n) * double(g.k);
  const double in = cuda::elem_bytes(g.in), out = cuda::elem_bytes(g.out);
  const double up = (double(g.m) * g.k + double(g.k) * g.n) * in +
                    (g.beta != 0 ? double(g.m) * g.n * out : 0.0);
  const double down = double(g.m) * g.n * out;
  const double gpu_rate = gpu.gemm_flops_per_s[int(g.in)];
  OffloadEstimate e{cpu_flops_per_s > 0 ? flops / cpu_flops_per_s : 1e30, 1e30, false};
  if (flops == 0 || g.alpha == 0 || gpu_rate <= 0 || gpu.h2d_bytes_per_s <= 0 || gpu.d2h_bytes_per_s <= 0)
    return e;
  e.gpu_seconds = kGpuLatencySeconds + up / (gpu.h2d_bytes_per_s * kStagedLinkShare) +
                  down / (gpu.d2h_bytes_per_s * kStagedLinkShare) + flops / gpu_rate;
  e.use_gpu = e.gpu_seconds < e.cpu_seconds;
  return e;
}

}  // namespace tileblas::gpu
