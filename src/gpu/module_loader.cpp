// module_loader.cpp -- dlopen of the CUDA module.
#include "module_loader.hpp"

#include <dlfcn.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace tileblas::gpu {
namespace {

// Writes the folder of the file this library was loaded from, with a
// trailing '/', into `folder` ("" when unknown).  Fixed buffers, not
// std::string: this runs inside a BLAS call, where a std::bad_alloc would
// leave through the extern "C" entry point.
void own_folder(char (&folder)[PATH_MAX]) {
  folder[0] = '\0';
  Dl_info info{};
  if (!dladdr(reinterpret_cast<void *>(&load_cuda_module), &info) || !info.dli_fname) return;
  if (!realpath(info.dli_fname, folder)) {
    folder[0] = '\0';
    return;
  }
  char *slash = std::strrchr(folder, '/');
  if (slash) slash[1] = '\0';
  else folder[0] = '\0';
}

}  // namespace

const CudaModuleApi *load_cuda_module(char *why, std::size_t why_len) {
  const char *forced = std::getenv("TILEBLAS_CUDA_MODULE");
  char folder[PATH_MAX];
  char path[PATH_MAX + 32];
  int len;
  if (forced && *forced) {
    len = std::snprintf(path, sizeof path, "%s", forced);
  } else {
    own_folder(folder);
    len = std::snprintf(path, sizeof path, "%stileblas_cuda.so", folder);
  }
  if (len < 0 || static_cast<std::size_t>(len) >= sizeof path) {
    std::snprintf(why, why_len, "the CUDA module's path is too long");
    return nullptr;
  }
  // RTLD_NODELETE: the CUDA runtime inside starts driver threads that must
  // outlive any dlclose of this library.
  void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  if (!handle) {
    const char *err = dlerror();
    std::snprintf(why, why_len, "cannot load %s: %s", path, err ? err : "?");
    return nullptr;
  }
  auto entry = reinterpret_cast<tileblas_cuda_module_fn>(dlsym(handle, "tileblas_cuda_module"));
  const CudaModuleApi *api = entry ? entry() : nullptr;
  if (!api || api->abi_version != kCudaModuleAbiVersion) {
    std::snprintf(why, why_len, "%s is not a tileblas CUDA module of ABI version %d",
                  path, kCudaModuleAbiVersion);
    return nullptr;
  }
  return api;
}

}  // namespace tileblas::gpu
