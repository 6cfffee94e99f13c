// module_loader.hpp -- finding and opening tileblas_cuda.so.  The module
// sits next to libtileblas.so (same build folder, same install folder); the
// folder is found from the real path of this library (dladdr + realpath:
// symlinks such as libblas.so.3 -> libtileblas.so point elsewhere), and
// TILEBLAS_CUDA_MODULE=/path/to/tileblas_cuda.so overrides it.
#pragma once

#include <cstddef>

#include "cuda_module_abi.hpp"

namespace tileblas::gpu {

// The module's table, or nullptr with `why` saying what failed (no such
// file, dlopen error, ABI version mismatch).  Never unloaded once opened.
const CudaModuleApi *load_cuda_module(char *why, std::size_t why_len);

}  // namespace tileblas::gpu
