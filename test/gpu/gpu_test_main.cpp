// gpu_test_main.cpp -- main() of every GPU test: without a usable CUDA device
// (no GPU, no driver, broken driver) the test prints why and exits 77, which
// CTest reports as skipped (SKIP_RETURN_CODE 77), never as passed.
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <cstdio>

int main(int argc, char **argv) {
  int devices = 0;
  const cudaError_t e = cudaGetDeviceCount(&devices);
  if (e != cudaSuccess || devices == 0) {
    std::printf("SKIPPED: no usable CUDA device (%s)\n",
                e != cudaSuccess ? cudaGetErrorString(e) : "0 devices");
    return 77;
  }
  cudaDeviceProp p{};
  cudaGetDeviceProperties(&p, 0);
  std::printf("GPU 0: %s, sm_%d%d, %d SMs\n", p.name, p.major, p.minor, p.multiProcessorCount);
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
