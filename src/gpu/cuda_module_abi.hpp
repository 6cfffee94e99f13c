// cuda_module_abi.hpp -- the contract between the core library and the CUDA
// module tileblas_cuda.so, which the core dlopens on demand.  The module
// exports one C function, tileblas_cuda_module(), returning a table of
// function pointers; the core checks abi_version before using it.  Both
// sides are built from this header in the same tree, so the structs are
// shared as they are (no versioned marshalling beyond the number).
#pragma once

#include <cstddef>
#include <cstdint>

#include "../../kernels/cuda/device_gemm.hpp"

namespace tileblas::gpu {

inline constexpr int kCudaModuleAbiVersion = 1;

// What the module found when it initialised (TILEBLAS_VERBOSE=1 prints it).
struct GpuInfo {
  char name[128];
  int sm;                        // 10 * major + minor
  int multiprocessors;
  std::uint64_t memory_bytes;    // total device memory
  double h2d_bytes_per_s;        // measured: pinned host -> device
  double d2h_bytes_per_s;        // measured: device -> pinned host
  // Measured rate of the kernel the module would pick for each input type,
  // indexed by cuda::Elem (F32, F64, F16, BF16), in FLOP/s; 0 = no kernel.
  double gemm_flops_per_s[4];
};

// Where an operand lives, as cudaPointerGetAttributes says.
enum class PointerKind : int { Host = 0, Device = 1, Managed = 2 };

// Computes C(i0 : i0+rows, j0 : j0+cols) of the caller's GEMM on the CPU; the
// module calls it for the C tiles it could not finish on the GPU (an error
// part-way through a host-memory call), so the caller never gets a wrong or
// partial answer.  Those tiles of C still hold their original values.
using CpuTileFn = void (*)(void *context, std::int64_t i0, std::int64_t j0, std::int64_t rows,
                           std::int64_t cols);

// Results of the module's calls: 0 = done; otherwise `report` says why and
// the core falls back to the CPU (nothing of C was changed, or the module
// already finished every C tile through CpuTileFn -- see gemm_host).
struct CudaModuleApi {
  int abi_version;
  // Picks device 0 (CUDA_VISIBLE_DEVICES selects which), measures transfer
  // rates and kernel rates.  0 = usable; else `report` says why not (no
  // driver, no device, too old, ...).  Called once.
  int (*init)(GpuInfo *info, char *report, std::size_t report_len);
  PointerKind (*pointer_kind)(const void *p);
  // A, B and C device- or managed-resident (host operands, if any, are
  // copied in and C copied back): runs in place, synchronously.  On success
  // `report` names the kernel that ran.
  int (*gemm_device)(const cuda::DeviceGemm *g, char *report, std::size_t report_len);
  // A, B and C in host memory: tiled over C (and k when large), pipelined
  // through pinned staging buffers and several streams so copies overlap
  // compute; works for matrices larger than device memory.  If the GPU fails
  // part-way, the tiles not yet delivered are computed with cpu_tile and the
  // call still returns 0 (the report says what happened).  Nonzero = nothing
  // of C was changed.
  int (*gemm_host)(const cuda::DeviceGemm *g, CpuTileFn cpu_tile, void *cpu_context,
                   char *report, std::size_t report_len);
};

}  // namespace tileblas::gpu

extern "C" {
// The one symbol the module exports.
typedef const tileblas::gpu::CudaModuleApi *(*tileblas_cuda_module_fn)(void);
}
