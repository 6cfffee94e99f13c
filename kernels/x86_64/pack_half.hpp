// pack_half.hpp -- packing from 16-bit floating-point sources (fp16, bf16)
// into the layouts the fp32 microkernels and the bf16 dot-product kernel
// read.  Like pack.hpp these are templates that each kernel file
// instantiates, so they compile with that target's ISA flags; a target passes
// a converter policy:
//   Cvt::one(h)           one 16-bit value to fp32
//   Cvt::run(src, dst, n) n contiguous values (vectorized where the ISA can)
#pragma once

#include <cstdint>
#include <cstring>

#include "half_float.hpp"
#include "target.hpp"

namespace tileblas {

// Portable converters (the generic target; tails elsewhere).
struct F16Portable {
  static float one(std::uint16_t h) { return f16_to_f32(h); }
  static void run(const std::uint16_t *s, float *d, index_t n) {
    for (index_t i = 0; i < n; ++i) d[i] = f16_to_f32(s[i]);
  }
};
struct Bf16Portable {  // bf16 is the top half of an fp32: a shift, which vectorizes
  static float one(std::uint16_t h) { return bf16_to_f32(h); }
  static void run(const std::uint16_t *s, float *d, index_t n) {
    for (index_t i = 0; i < n; ++i) d[i] = bf16_to_f32(s[i]);
  }
};

// pack_slivers (pack.hpp) from a 16-bit source, converting to fp32.
template <int W, class Cvt>
void pack_slivers_converted(index_t rows, index_t depth, const std::uint16_t *src, index_t rs,
                            index_t cs, float *dst) {
  for (index_t s = 0; s < rows; s += W) {
    const index_t w = rows - s < W ? rows - s : W;
    const std::uint16_t *block = src + s * rs;
    if (w == W && rs == 1) {
      for (index_t p = 0; p < depth; ++p, dst += W) Cvt::run(block + p * cs, dst, W);
    } else {
      for (index_t p = 0; p < depth; ++p, dst += W) {
        int i = 0;
        for (; i < w; ++i) dst[i] = Cvt::one(block[i * rs + p * cs]);
        for (; i < W; ++i) dst[i] = 0.0f;
      }
    }
  }
}

template <int MR, class Cvt>
void pack_a_converted(index_t rows, index_t depth, const std::uint16_t *src, index_t rs,
                      index_t cs, float *dst) {
  pack_slivers_converted<MR, Cvt>(rows, depth, src, rs, cs, dst);
}

template <int NR, class Cvt>
void pack_b_converted(index_t depth, index_t cols, const std::uint16_t *src, index_t rs,
                      index_t cs, float *dst) {
  pack_slivers_converted<NR, Cvt>(cols, depth, src, cs, rs, dst);
}

// bf16 k-pairs for vdpbf16ps: for each pair q of depth, W 32-bit lanes, lane i
// holding element (i, 2q) in its low half and (i, 2q+1) in its high half.
// An odd depth ends in a pair whose high half is 0, rows past `rows` are 0:
// zeros add nothing to the dot products.  The buffer is typed float because
// the driver's buffers are; only the kernel reads these bits.
template <int W>
void pack_slivers_bf16_pairs(index_t rows, index_t depth, const std::uint16_t *src, index_t rs,
                             index_t cs, float *dst_float) {
  std::uint32_t *dst = reinterpret_cast<std::uint32_t *>(dst_float);
  const index_t pairs = depth / 2;
  auto pair = [](std::uint16_t lo, std::uint16_t hi) { return lo | std::uint32_t(hi) << 16; };
  for (index_t s = 0; s < rows; s += W) {
    const index_t w = rows - s < W ? rows - s : W;
    const std::uint16_t *block = src + s * rs;
    if (w == W && rs == 1) {
      // Rows contiguous: interleave two source columns (vectorizes).
      for (index_t q = 0; q < pairs; ++q, dst += W) {
        const std::uint16_t *lo = block + 2 * q * cs, *hi = lo + cs;
#pragma GCC unroll 8
        for (int i = 0; i < W; ++i) dst[i] = pair(lo[i], hi[i]);
      }
    } else if (w == W && cs == 1) {
      // Depth contiguous: a pair is one 32-bit word of the source row.
      for (index_t q = 0; q < pairs; ++q, dst += W)
#pragma GCC unroll 8
        for (int i = 0; i < W; ++i) std::memcpy(dst + i, block + i * rs + 2 * q, 4);
    } else {
      for (index_t q = 0; q < pairs; ++q, dst += W) {
        int i = 0;
        for (; i < w; ++i) dst[i] = pair(block[i * rs + 2 * q * cs], block[i * rs + (2 * q + 1) * cs]);
        for (; i < W; ++i) dst[i] = 0;
      }
    }
    if (depth % 2) {
      int i = 0;
      for (; i < w; ++i) dst[i] = block[i * rs + (depth - 1) * cs];
      for (; i < W; ++i) dst[i] = 0;
      dst += W;
    }
  }
}

template <int MR>
void pack_a_bf16_pairs(index_t rows, index_t depth, const std::uint16_t *src, index_t rs,
                       index_t cs, float *dst) {
  pack_slivers_bf16_pairs<MR>(rows, depth, src, rs, cs, dst);
}

template <int NR>
void pack_b_bf16_pairs(index_t depth, index_t cols, const std::uint16_t *src, index_t rs,
                       index_t cs, float *dst) {
  pack_slivers_bf16_pairs<NR>(cols, depth, src, cs, rs, dst);
}

// A fp32 microkernel record (make_microkernel, tile MR x NR) re-registered
// for 16-bit inputs: same kernels, packers that convert with Cvt.  The direct
// (unpacked) kernel reads A as fp32, so it is not carried over.  MR and NR
// must be the base kernel's tile (the packers are instantiated for them).
template <int MR, int NR, class Cvt>
GemmMicrokernel<float, std::uint16_t> with_converting_packers(const GemmMicrokernel<float> &base,
                                                              const char *name) {
  GemmMicrokernel<float, std::uint16_t> uk{};
  uk.name = name;
  uk.mr = base.mr;
  uk.nr = base.nr;
  uk.vector_rows = base.vector_rows;
  uk.kernel = base.kernel;
  uk.edge = base.edge;
  uk.direct = nullptr;
  uk.pack_a = &pack_a_converted<MR, Cvt>;
  uk.pack_b = &pack_b_converted<NR, Cvt>;
  uk.k_pack = 1;
  return uk;
}

}  // namespace tileblas
