// gpu_test_util.hpp -- what the GPU tests share: device buffers that free
// themselves, random data (never zeros: they hide unwritten outputs), a CPU
// reference in double with a per-element error bound, and CUDA error checks.
#pragma once

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "device_gemm.hpp"

#define GPU_CHECK(call)                                                                   \
  do {                                                                                    \
    cudaError_t gpu_check_err_ = (call);                                                  \
    ASSERT_EQ(gpu_check_err_, cudaSuccess) << #call << ": " << cudaGetErrorString(gpu_check_err_); \
  } while (0)

namespace tileblas::gpu_test {

using cuda::DeviceGemm;
using cuda::Elem;
using cuda::elem_bytes;

// Bytes on the device, freed on scope exit.
class DeviceBuffer {
 public:
  explicit DeviceBuffer(std::size_t bytes) : bytes_(bytes) {
    if (cudaMalloc(&ptr_, bytes ? bytes : 1) != cudaSuccess) ptr_ = nullptr;
  }
  ~DeviceBuffer() { cudaFree(ptr_); }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  void *get() const { return ptr_; }
  std::size_t bytes() const { return bytes_; }
  void upload(const void *host) { cudaMemcpy(ptr_, host, bytes_, cudaMemcpyHostToDevice); }
  void download(void *host) const { cudaMemcpy(host, ptr_, bytes_, cudaMemcpyDeviceToHost); }

 private:
  void *ptr_ = nullptr;
  std::size_t bytes_;
};

// IEEE binary16 and bfloat16 <-> float on the host (round to nearest even).
inline std::uint16_t float_to_bf16(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  if ((u & 0x7fffffffu) > 0x7f800000u) return 0x7fc0;
  u += 0x7fffu + ((u >> 16) & 1u);
  return static_cast<std::uint16_t>(u >> 16);
}
inline float bf16_to_float(std::uint16_t h) {
  std::uint32_t u = std::uint32_t(h) << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
inline float f16_to_float(std::uint16_t h) {
  const std::uint32_t sign = std::uint32_t(h & 0x8000u) << 16;
  std::uint32_t exp = (h >> 10) & 0x1fu, man = h & 0x3ffu, u;
  if (exp == 0x1f) {
    u = sign | 0x7f800000u | (man << 13);
  } else if (exp == 0) {
    if (man == 0) {
      u = sign;
    } else {  // subnormal: normalise
      int e = -1;
      do { ++e; man <<= 1; } while (!(man & 0x400u));
      u = sign | std::uint32_t(127 - 15 - e) << 23 | (man & 0x3ffu) << 13;
    }
  } else {
    u = sign | (exp + 112u) << 23 | man << 13;
  }
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
inline std::uint16_t float_to_f16(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  const std::uint16_t sign = static_cast<std::uint16_t>((u >> 16) & 0x8000u);
  const std::uint32_t a = u & 0x7fffffffu;
  if (a > 0x7f800000u) return sign | 0x7e00;
  if (a >= 0x477ff000u) return sign | 0x7c00;  // rounds to >= 65520: infinity
  if (a < 0x38800000u) {                       // subnormal or zero in fp16
    float v;
    std::memcpy(&v, &a, 4);
    return sign | static_cast<std::uint16_t>(std::nearbyint(v * 16777216.0f));  // 2^24
  }
  std::uint32_t r = a - 0x38000000u;  // rebias 127 -> 15
  r += 0xfffu + ((r >> 13) & 1u);
  return sign | static_cast<std::uint16_t>(r >> 13);
}

// Host matrix of `elem` values stored as raw bytes, column-major rows x cols
// with leading dimension ld; value(i, j) reads it back as double.
struct HostMatrix {
  Elem elem;
  std::int64_t rows, cols, ld;
  std::vector<unsigned char> bytes;

  HostMatrix(Elem e, std::int64_t r, std::int64_t c, std::int64_t ld_)
      : elem(e), rows(r), cols(c), ld(ld_),
        bytes(std::size_t(ld_ * (c > 0 ? c : 1)) * elem_bytes(e)) {}

  double get(std::int64_t i, std::int64_t j) const {
    const std::size_t at = std::size_t(i + j * ld);
    switch (elem) {
      case Elem::F32: { float v; std::memcpy(&v, &bytes[at * 4], 4); return v; }
      case Elem::F64: { double v; std::memcpy(&v, &bytes[at * 8], 8); return v; }
      case Elem::F16: { std::uint16_t v; std::memcpy(&v, &bytes[at * 2], 2); return f16_to_float(v); }
      case Elem::BF16: { std::uint16_t v; std::memcpy(&v, &bytes[at * 2], 2); return bf16_to_float(v); }
    }
    return 0;
  }
  void set(std::int64_t i, std::int64_t j, double x) {
    const std::size_t at = std::size_t(i + j * ld);
    switch (elem) {
      case Elem::F32: { float v = float(x); std::memcpy(&bytes[at * 4], &v, 4); break; }
      case Elem::F64: std::memcpy(&bytes[at * 8], &x, 8); break;
      case Elem::F16: { std::uint16_t v = float_to_f16(float(x)); std::memcpy(&bytes[at * 2], &v, 2); break; }
      case Elem::BF16: { std::uint16_t v = float_to_bf16(float(x)); std::memcpy(&bytes[at * 2], &v, 2); break; }
    }
  }
  // Uniform in [-1, 1], every element of the ld x cols storage (padding too).
  void fill_random(std::mt19937_64 &rng) {
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    for (std::int64_t j = 0; j < cols; ++j)
      for (std::int64_t i = 0; i < ld; ++i) set(i, j, u(rng));
  }
  void fill(double x) {
    for (std::int64_t j = 0; j < cols; ++j)
      for (std::int64_t i = 0; i < ld; ++i) set(i, j, x);
  }
};

// Checks C_gpu against alpha*op(A)*op(B) + beta*C0 computed in double on the
// host, element by element, with the bound
//   |C_gpu - C_ref| <= tol * (|alpha| * (|op(A)||op(B)|)_ij + |beta * C0_ij|) + tiny,
// tol = (k + 2) * unit roundoff of the accumulation type (+ the output's
// rounding for fp16 C, and half the spacing of its subnormals).  beta == 0
// ignores C0 (a NaN there must not leak).
// Checks every element of C's padding rows (i >= m) too: they must be unchanged.
// Returns the number of bad elements (reporting the first few).
int check_gemm_result(const DeviceGemm &g, const HostMatrix &a, const HostMatrix &b,
                      const HostMatrix &c0, const HostMatrix &c_gpu, int max_reports = 5);

}  // namespace tileblas::gpu_test
