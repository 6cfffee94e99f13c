// device_probe.hpp -- what the module learns about the GPU once: identity,
// capabilities, and measured rates (copies and each type's GEMM kernel) that
// the core's offload model uses.
#pragma once

#include "../gpu/cuda_module_abi.hpp"
#include "report.hpp"

namespace tileblas::gpu {

// 0 = device 0 usable (info and caps filled); else report says why not.
int probe_device(GpuInfo *info, cuda::DeviceCaps *caps, const Report &report);

}  // namespace tileblas::gpu
