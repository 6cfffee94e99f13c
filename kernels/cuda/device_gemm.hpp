// device_gemm.hpp -- one GEMM on device memory, as every CUDA launcher takes
// it: column-major, C = alpha * op(A) * op(B) + beta * C, type-erased so the
// same struct crosses the module boundary and the kernel table.
//
// Contract for every launcher (same as the CPU engine):
//   - any m, n, k >= 1 and alpha != 0 (the module never launches m == 0 or
//     n == 0; the kernel table sends alpha == 0 or k == 0 to kScaleC), any lda/ldb/ldc >= the netlib minimum, any transposes;
//   - beta == 0 never reads C (a NaN already in C must not survive);
//   - A and B are only read, C is written exactly once per element.
#pragma once

#include <cstdint>

namespace tileblas::cuda {

enum class Elem : int { F32, F64, F16, BF16 };

inline constexpr int elem_bytes(Elem e) { return e == Elem::F64 ? 8 : e == Elem::F32 ? 4 : 2; }

struct DeviceGemm {
  Elem in;              // type of A and B
  Elem out;             // type of C: F32, F64 or F16 (fp16 C = hgemm)
  bool trans_a;         // op(A) = A^T (A stored k x m) when true, else A is m x k
  bool trans_b;         // op(B) = B^T (B stored n x k) when true, else B is k x n
  std::int64_t m, n, k;
  double alpha, beta;   // converted to the kernel's compute type (fp32, or fp64 for F64)
  const void *a;
  std::int64_t lda;
  const void *b;
  std::int64_t ldb;
  void *c;
  std::int64_t ldc;

  // A product to compute: otherwise the call only scales C, and A and B are
  // never read (they may be null), as in the reference BLAS.
  bool has_product() const { return alpha != 0 && k > 0; }
};

// What the chooser knows about the current device.
struct DeviceCaps {
  int sm;                      // compute capability as 10*major + minor (80, 86, 90, ...)
  bool sm90a_code;             // the module holds sm_90a machine code and the device is 9.0
  int multiprocessors;
  std::size_t shared_optin;    // cudaDevAttrMaxSharedMemoryPerBlockOptin, bytes
};

}  // namespace tileblas::cuda
