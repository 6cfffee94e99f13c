// half_gemm.hpp -- GEMM with 16-bit floating-point operands: the engine's
// entries behind hgemm, shgemm / gemm_f16f16f32 and sbgemm /
// gemm_bf16bf16f32.  Column-major, arguments already checked by interface/.
// Storage is uint16_t bits (IEEE binary16 or bfloat16); arithmetic is fp32.
#pragma once

#include <cstdint>

#include "gemm.hpp"

namespace tileblas {

enum class HalfFormat { F16, BF16 };

// C (fp32) = alpha * op(A) * op(B) + beta * C with A and B in `format`.
// Same contract as gemm(): alpha == 0 or k == 0 reads neither A nor B,
// beta == 0 never reads C.
void gemm_half_inputs(HalfFormat format, Trans ta, Trans tb, index_t m, index_t n, index_t k,
                      float alpha, const std::uint16_t *a, index_t lda, const std::uint16_t *b,
                      index_t ldb, float beta, float *c, index_t ldc);

// All fp16: C = alpha * op(A) * op(B) + beta * C computed in fp32 (alpha and
// beta are the fp16 scalars, widened exactly) and rounded to fp16 once, to
// nearest even.
void hgemm(Trans ta, Trans tb, index_t m, index_t n, index_t k, float alpha,
           const std::uint16_t *a, index_t lda, const std::uint16_t *b, index_t ldb, float beta,
           std::uint16_t *c, index_t ldc);

}  // namespace tileblas
