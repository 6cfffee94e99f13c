// device_probe.cpp -- device identity and the measured rates.
#include "device_probe.hpp"

#include <cstring>
#include <initializer_list>

#include "launch_gemm.hpp"

namespace tileblas::gpu {
namespace {

// Transfer rate of `bytes` between pinned host memory and the device: the
// median-free best of three (the first copy pays for page mapping).
double copy_rate(void *pinned, void *device, std::size_t bytes, cudaMemcpyKind kind) {
  cudaEvent_t start, stop;
  if (cudaEventCreate(&start) || cudaEventCreate(&stop)) return 0;
  float best_ms = 0;
  for (int rep = 0; rep < 3; ++rep) {
    void *dst = kind == cudaMemcpyHostToDevice ? device : pinned;
    const void *src = kind == cudaMemcpyHostToDevice ? pinned : device;
    cudaEventRecord(start);
    cudaMemcpyAsync(dst, src, bytes, kind);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    if (ms > 0 && (best_ms == 0 || ms < best_ms)) best_ms = ms;
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return best_ms > 0 ? double(bytes) / (best_ms * 1e-3) : 0;
}

// FLOP/s of the kernel the table picks for `in` -> its natural output, on a
// square problem big enough to fill the GPU (n = 2048: 17 GFLOP, well under
// a millisecond on an H200).  Data is a non-zero byte pattern: zeros can run
// faster than real data on tensor cores.
double gemm_rate(cuda::Elem in, const cuda::DeviceCaps &caps, char *buffer) {
  constexpr std::int64_t n = 2048;
  const cuda::Elem out = in == cuda::Elem::F64 ? cuda::Elem::F64 : cuda::Elem::F32;
  const std::size_t in_bytes = std::size_t(n) * n * cuda::elem_bytes(in);
  cuda::DeviceGemm g{in, out, false, false, n, n, n, 1.0, 0.0,
                     buffer, n, buffer + in_bytes, n, buffer + 2 * in_bytes, n};
  if (!cuda::choose_kernel(g, caps)) return 0;
  cudaEvent_t start, stop;
  if (cudaEventCreate(&start) || cudaEventCreate(&stop)) return 0;
  float best_ms = 0;
  for (int rep = 0; rep < 4; ++rep) {  // the first run loads the module's code
    cudaEventRecord(start);
    const cudaError_t e = launch_gemm(g, caps, nullptr);
    cudaEventRecord(stop);
    if (e != cudaSuccess || cudaEventSynchronize(stop) != cudaSuccess) {
      best_ms = 0;
      break;
    }
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    if (rep > 0 && ms > 0 && (best_ms == 0 || ms < best_ms)) best_ms = ms;
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaGetLastError();  // a failed calibration only means "no rate"
  return best_ms > 0 ? 2.0 * n * n * n / (best_ms * 1e-3) : 0;
}

}  // namespace

int probe_device(GpuInfo *info, cuda::DeviceCaps *caps, const Report &report) {
  int count = 0;
  if (cudaError_t e = cudaGetDeviceCount(&count)) return report.cuda_failure("cudaGetDeviceCount", e);
  if (count == 0) {
    report.say("no CUDA device");
    return 1;
  }
  cudaDeviceProp prop{};
  if (cudaError_t e = cudaGetDeviceProperties(&prop, 0))
    return report.cuda_failure("cudaGetDeviceProperties", e);
  if (prop.major < 7) {
    report.say("%s is sm_%d%d; the module needs sm_70 or newer", prop.name, prop.major, prop.minor);
    return 1;
  }
  if (cudaError_t e = cudaSetDevice(0)) return report.cuda_failure("cudaSetDevice", e);

  *info = GpuInfo{};
  std::memcpy(info->name, prop.name, sizeof info->name - 1);  // prop.name holds 256 chars
  info->name[sizeof info->name - 1] = 0;
  info->sm = prop.major * 10 + prop.minor;
  info->multiprocessors = prop.multiProcessorCount;
  info->memory_bytes = prop.totalGlobalMem;
  int optin = 0;
  cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0);
#ifdef TILEBLAS_CUDA_SM90A
  const bool sm90a = info->sm == 90;
#else
  const bool sm90a = false;
#endif
  *caps = cuda::DeviceCaps{info->sm, sm90a, prop.multiProcessorCount, std::size_t(optin)};

  // 64 MiB: long enough that the link, not the call overhead, is measured.
  constexpr std::size_t kProbeBytes = std::size_t(64) << 20;
  void *pinned = nullptr, *device = nullptr;
  if (cudaError_t e = cudaHostAlloc(&pinned, kProbeBytes, cudaHostAllocDefault))
    return report.cuda_failure("cudaHostAlloc", e);
  if (cudaError_t e = cudaMalloc(&device, kProbeBytes)) {
    cudaFreeHost(pinned);
    return report.cuda_failure("cudaMalloc", e);
  }
  std::memset(pinned, 0x3c, kProbeBytes);
  info->h2d_bytes_per_s = copy_rate(pinned, device, kProbeBytes, cudaMemcpyHostToDevice);
  info->d2h_bytes_per_s = copy_rate(pinned, device, kProbeBytes, cudaMemcpyDeviceToHost);
  cudaFreeHost(pinned);
  cudaFree(device);

  // Three 2048^2 fp64 matrices (96 MiB) hold any type's calibration problem.
  char *buffer = nullptr;
  const std::size_t bytes = std::size_t(3) * 2048 * 2048 * 8;
  if (cudaMalloc(reinterpret_cast<void **>(&buffer), bytes) == cudaSuccess) {
    cudaMemset(buffer, 0x3c, bytes);  // ~0.0115 as fp32/bf16, ~1.06 as fp16: finite, non-zero
    for (cuda::Elem e : {cuda::Elem::F32, cuda::Elem::F64, cuda::Elem::F16, cuda::Elem::BF16})
      info->gemm_flops_per_s[int(e)] = gemm_rate(e, *caps, buffer);
    cudaFree(buffer);
  }
  if (cudaError_t e = cudaDeviceSynchronize()) return report.cuda_failure("calibration", e);
  return 0;
}

}  // namespace tileblas::gpu
