// scale_c.cu -- C = beta * C on the device, for calls with alpha == 0 or
// k == 0 on device memory (no product to compute).  beta == 0 writes zeros
// without reading C, so a NaN already there does not survive.
#include <cuda_fp16.h>

#include "kernel_table.hpp"

namespace tileblas::cuda {
namespace {

template <class T, class S>
__global__ void scale_c_kernel(std::int64_t m, std::int64_t n, S beta, T *c, std::int64_t ldc) {
  const std::int64_t i = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= m) return;
  for (std::int64_t j = blockIdx.y; j < n; j += gridDim.y) {
    T &cij = c[i + j * ldc];
    cij = beta == S(0) ? T(0) : T(beta * S(cij));
  }
}

template <class T, class S>
cudaError_t launch_scale(const DeviceGemm &g, cudaStream_t stream) {
  const dim3 block(256);
  const dim3 grid(unsigned((g.m + 255) / 256), unsigned(g.n < 65535 ? g.n : 65535));
  scale_c_kernel<T, S><<<grid, block, 0, stream>>>(g.m, g.n, S(g.beta), static_cast<T *>(g.c), g.ldc);
  return cudaGetLastError();
}

bool supports(const DeviceGemm &g, const DeviceCaps &) { return !g.has_product(); }

cudaError_t launch(const DeviceGemm &g, const DeviceCaps &, cudaStream_t stream) {
  if (g.beta == 1) return cudaSuccess;
  switch (g.out) {
    case Elem::F64: return launch_scale<double, double>(g, stream);
    case Elem::F16: return launch_scale<__half, float>(g, stream);
    default: return launch_scale<float, float>(g, stream);
  }
}

}  // namespace

const GpuKernel kScaleC = {"scale_c (alpha = 0 or k = 0)", supports, launch};

}  // namespace tileblas::cuda
