// module.cpp -- tileblas_cuda.so's one export: the table of entry points
// the core calls.  Calls are serialised (one GPU, and the staging buffers are
// shared); after an error that leaves the CUDA context unusable the module
// answers "broken" and the core stays on the CPU.
#include <algorithm>
#include <cstdlib>
#include <initializer_list>
#include <mutex>
#include <vector>

#include "device_probe.hpp"
#include "host_gemm.hpp"
#include "launch_gemm.hpp"

namespace tileblas::gpu {
namespace {

std::mutex g_mutex;
cuda::DeviceCaps g_caps{};
bool g_ready = false;
bool g_broken = false;
StagingRing g_upload, g_download;
cudaStream_t g_stream = nullptr;  // in-place calls

// A sticky error (illegal address, launch failure) poisons the context for
// the rest of the process: no further GPU work can be trusted.
void note_error(cudaError_t e) {
  if (e == cudaErrorIllegalAddress || e == cudaErrorLaunchFailure ||
      e == cudaErrorHardwareStackError || e == cudaErrorIllegalInstruction ||
      e == cudaErrorMisalignedAddress || e == cudaErrorInvalidAddressSpace ||
      e == cudaErrorInvalidPc || e == cudaErrorAssert || e == cudaErrorUnknown)
    g_broken = true;
}

bool usable(const Report &report) {
  if (!g_ready) report.say("module not initialised");
  else if (g_broken) report.say("GPU disabled after an earlier unrecoverable CUDA error");
  return g_ready && !g_broken;
}

int init(GpuInfo *info, char *text, std::size_t len) {
  std::lock_guard<std::mutex> lock(g_mutex);
  const Report report{text, len};
  if (g_ready) return 0;
  if (probe_device(info, &g_caps, report)) return 1;
  if (cudaError_t e = cudaStreamCreateWithFlags(&g_stream, cudaStreamNonBlocking))
    return report.cuda_failure("cudaStreamCreate", e);
  g_ready = true;
  return 0;
}

PointerKind pointer_kind(const void *p) {
  if (!g_ready || !p) return PointerKind::Host;
  cudaPointerAttributes attr{};
  if (cudaPointerGetAttributes(&attr, p) != cudaSuccess) {
    cudaGetLastError();  // "not a CUDA pointer" on some versions: plain host memory
    return PointerKind::Host;
  }
  if (attr.type == cudaMemoryTypeDevice) return PointerKind::Device;
  if (attr.type == cudaMemoryTypeManaged) return PointerKind::Managed;
  return PointerKind::Host;
}

// A host operand of an in-place call, copied into a device buffer with a
// padded leading dimension; freed with the call.
struct DeviceCopy {
  void *ptr = nullptr;
  ~DeviceCopy() { cudaFree(ptr); }
};

cudaError_t to_device(const void *host, std::int64_t rows, std::int64_t cols, std::int64_t ld,
                      int elem, bool copy_in, DeviceCopy *out, std::int64_t *out_ld) {
  *out_ld = (rows + 15) / 16 * 16;
  if (cudaError_t e = cudaMalloc(&out->ptr, std::size_t(*out_ld) * cols * elem)) return e;
  if (!copy_in) return cudaSuccess;
  return cudaMemcpy2D(out->ptr, *out_ld * elem, host, ld * elem, rows * elem, cols,
                      cudaMemcpyHostToDevice);
}

int gemm_device(const cuda::DeviceGemm *call, char *text, std::size_t len) {
  std::lock_guard<std::mutex> lock(g_mutex);
  const Report report{text, len};
  if (!usable(report)) return 1;
  cuda::DeviceGemm g = *call;
  const int in = cuda::elem_bytes(g.in), out = cuda::elem_bytes(g.out);
  DeviceCopy a_copy, b_copy, c_copy;
  cudaError_t e = cudaSuccess;
  const bool c_on_host = pointer_kind(g.c) == PointerKind::Host;
  // A and B are copied only when there is a product (they may be null otherwise).
  const bool has_product = g.has_product();
  if (has_product && pointer_kind(g.a) == PointerKind::Host &&
      (e = to_device(g.a, g.trans_a ? g.k : g.m, g.trans_a ? g.m : g.k, g.lda, in, true, &a_copy, &g.lda)))
    return note_error(e), report.cuda_failure("copying A to the device", e);
  if (a_copy.ptr) g.a = a_copy.ptr;
  if (has_product && pointer_kind(g.b) == PointerKind::Host &&
      (e = to_device(g.b, g.trans_b ? g.n : g.k, g.trans_b ? g.k : g.n, g.ldb, in, true, &b_copy, &g.ldb)))
    return note_error(e), report.cuda_failure("copying B to the device", e);
  if (b_copy.ptr) g.b = b_copy.ptr;
  if (c_on_host && (e = to_device(g.c, g.m, g.n, g.ldc, out, g.beta != 0, &c_copy, &g.ldc)))
    return note_error(e), report.cuda_failure("copying C to the device", e);
  if (c_copy.ptr) g.c = c_copy.ptr;

  // The BLAS call has no stream: A and B may come from work the caller queued
  // on any stream, and C must be complete when we return.
  const char *name = nullptr;
  if ((e = cudaDeviceSynchronize()) || (e = launch_gemm(g, g_caps, g_stream, &name)) ||
      (e = cudaStreamSynchronize(g_stream))) {
    note_error(e);
    return report.cuda_failure(name ? name : "cudaDeviceSynchronize", e);
  }
  if (c_on_host && (e = cudaMemcpy2D(call->c, call->ldc * out, g.c, g.ldc * out, g.m * out, g.n,
                                     cudaMemcpyDeviceToHost))) {
    note_error(e);
    return report.cuda_failure("copying C back", e);
  }
  report.say("%s, in place", name);
  return 0;
}

int gemm_host(const cuda::DeviceGemm *g, CpuTileFn cpu_tile, void *cpu_context, char *text,
              std::size_t len) {
  std::lock_guard<std::mutex> lock(g_mutex);
  const Report report{text, len};
  if (!usable(report)) return 1;
  std::size_t free_bytes = 0, total = 0;
  if (cudaError_t e = cudaMemGetInfo(&free_bytes, &total)) {
    note_error(e);
    return report.cuda_failure("cudaMemGetInfo", e);
  }
  // Leave room for other users of the GPU and for the kernels' own needs;
  // TILEBLAS_GPU_MAX_MEMORY_MB caps it further (tests use it to force the
  // streaming plan that matrices larger than the GPU's memory take).
  std::uint64_t budget = free_bytes / 10 * 8;
  if (const char *cap = std::getenv("TILEBLAS_GPU_MAX_MEMORY_MB")) {
    const long long mb = std::atoll(cap);
    if (mb > 0) budget = std::min<std::uint64_t>(budget, std::uint64_t(mb) << 20);
  }
  const int result =
      run_host_gemm(*g, g_caps, budget, g_upload, g_download, cpu_tile, cpu_context, report);
  note_error(cudaGetLastError());
  return result;
}

const CudaModuleApi kApi = {kCudaModuleAbiVersion, init, pointer_kind, gemm_device, gemm_host};

}  // namespace
}  // namespace tileblas::gpu

extern "C" __attribute__((visibility("default"))) const tileblas::gpu::CudaModuleApi *
tileblas_cuda_module(void) {
  return &tileblas::gpu::kApi;
}
