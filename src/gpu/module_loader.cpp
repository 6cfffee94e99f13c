// module_loader.cpp -- dlopen of the CUDA module.
#include "module_loader.hpp"

#include <dlfcn.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace tileblas::gpu {
namespace {

// Folder of the file this library was loaded from, with a trailing '/'.
std::string own_folder() {
  Dl_info info{};
  if (!dladdr(reinterpret_cast<void *>(&load_cuda_module), &info) || !info.dli_fname) return "";
  char real[PATH_MAX];
  if (!realpath(info.dli_fname, real)) return "";
  std::string path(real);
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? "" : path.substr(0, slash + 1);
}

}  // namespace

const CudaModuleApi *load_cuda_module(char *why, std::size_t why_len) {
  const char *forced = std::getenv("TILEBLAS_CUDA_MODULE");
  const std::string path =
      forced && *forced ? std::string(forced) : own_folder() + "tileblas_cuda.so";
  // RTLD_NODELETE: the CUDA runtime inside starts driver threads that must
  // outlive any dlclose of this library.
  void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  if (!handle) {
    const char *err = dlerror();
    std::snprintf(why, why_len, "cannot load %s: %s", path.c_str(), err ? err : "?");
    return nullptr;
  }
  auto entry = reinterpret_cast<tileblas_cuda_module_fn>(dlsym(handle, "tileblas_cuda_module"));
  const CudaModuleApi *api = entry ? entry() : nullptr;
  if (!api || api->abi_version != kCudaModuleAbiVersion) {
    std::snprintf(why, why_len, "%s is not a tileblas CUDA module of ABI version %d",
                  path.c_str(), kCudaModuleAbiVersion);
    return nullptr;
  }
  return api;
}

}  // namespace tileblas::gpu
