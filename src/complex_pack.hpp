// complex_pack.hpp -- packing of complex op(A) and op(B) blocks into the
// interleaved slivers ComplexMicrokernelFn reads: sliver s holds, for each
// depth step p, W complex elements (rows s*W .. s*W+W-1), conjugated when
// asked; rows past the block are zero.  Templated on W so each kernel file
// instantiates it with its ISA flags and the fixed-width copies vectorize.
#pragma once

#include <complex>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "target.hpp"

namespace tileblas {
namespace complex_pack_detail {

template <bool kConj, class R>
inline std::complex<R> maybe_conj(std::complex<R> v) {
  return kConj ? std::conj(v) : v;
}

// One element, moved whole (8 or 16 bytes) when not conjugated: `*d = *s`
// on std::complex moved the parts as separate scalars (a 3-wide B sliver:
// 10 % of a 64^3 cgemm).  Conjugates stay part by part: a whole move and a
// sign flip in place, or on a local copy, measured 2 % and 40 % slower.
template <bool kConj, class R>
inline void copy_element(std::complex<R> *d, const std::complex<R> *s) {
  if (kConj)
    *d = std::conj(*s);
  else
    std::memcpy(static_cast<void *>(d), s, sizeof(*d));
}

// N complex elements from s to d (as 2N reals), conjugated when kConj, as
// whole-vector moves, the imaginary parts' signs flipped in register.
// (A memcpy and then a sign flip in place reloaded each stored part: 15 % of
// a 64^2 cherk, B = A^H.)  N not a power of two goes as its largest power of
// two and the rest (6 = 4 + 2; element by element, AVX-512's 6-wide B
// slivers took 9 % of a 64^2 cherk).
template <bool kConj, int N, class R>
inline void copy_elements(R *d, const R *s) {
  if constexpr ((N & (N - 1)) != 0) {
    constexpr int kHigh = [] {
      int p = 1;
      while (2 * p < N) p *= 2;
      return p;
    }();
    copy_elements<kConj, kHigh>(d, s);
    copy_elements<kConj, N - kHigh>(d + 2 * kHigh, s + 2 * kHigh);
  } else {
    using Bits = std::conditional_t<sizeof(R) == 4, std::int32_t, std::int64_t>;
    constexpr int kLanes = 2 * N;
    // Values in a naturally aligned vector type; memory through an unaligned
    // one that may alias R (as the intrinsics headers' __m256_u).
    typedef Bits Vector __attribute__((vector_size(kLanes * sizeof(Bits))));
    typedef Vector Unaligned __attribute__((aligned(alignof(R)), may_alias));
    Vector v = *reinterpret_cast<const Unaligned *>(s);
    if (kConj) {
      Vector sign = {};
      for (int l = 1; l < kLanes; l += 2) sign[l] = Bits(1) << (8 * sizeof(Bits) - 1);
      v ^= sign;
    }
    *reinterpret_cast<Unaligned *>(d) = v;
  }
}

// Elements (i, p) at x[i*rs + p*cs] of a rows x depth block.
template <class R, int W, bool kConj>
void pack(index_t rows, index_t depth, const std::complex<R> *x, index_t rs, index_t cs,
          std::complex<R> *dst) {
  using C = std::complex<R>;
  const index_t full = rows / W * W, tail = rows - full;
  if (rs == 1) {
    // Columns of the block are contiguous: read them in chunks of kChunk
    // depth steps and deal each chunk out sliver by sliver, so that every
    // sliver's piece is written whole.  (Dealing out one column at a time
    // wrote W elements of every sliver per step: part of a line each, on
    // lines depth * W elements apart that share a few L1 sets, so they
    // left L1 before they were full: 13 % of a 256^2 cherk with B = A^H.)
    // Each element's imaginary part is negated for a conjugate (a vector
    // sign flip).  Whole-vector moves (an element loop stayed scalar: 4-6 %
    // of a 2048^3 cgemm); a W that is not a power of two is moved as kWide
    // elements where the source has them, as in pack_slivers (src/pack.hpp):
    // the spill lands in the sliver's next row, which the next step
    // overwrites, and a sliver's last row is copied exactly.
    constexpr index_t kChunk = 8;
    constexpr int kWide = W <= 2 ? 2 : W <= 4 ? 4 : W <= 8 ? 8 : W;
    constexpr bool kWidens = kWide > W && kWide <= 2 * W && kWide * sizeof(C) <= 32;
    C *tail_dst = dst + full * depth;
    for (index_t p0 = 0; p0 < depth; p0 += kChunk) {
      const index_t p1 = depth - p0 < kChunk ? depth : p0 + kChunk;
      for (index_t s = 0; s < full; s += W) {
        const bool wide = kWidens && s + kWide <= rows;
        for (index_t p = p0; p < p1; ++p) {
          R *d = reinterpret_cast<R *>(dst + s * depth + p * W);
          const R *from = reinterpret_cast<const R *>(x + p * cs + s);
          if constexpr (kWidens)
            if (wide && p + 1 < depth) {
              copy_elements<kConj, kWide>(d, from);
              continue;
            }
          copy_elements<kConj, W>(d, from);
        }
      }
      for (index_t p = p0; p < p1 && tail > 0; ++p) {
        C *d = tail_dst + p * W;
        for (index_t i = 0; i < W; ++i)
          d[i] = i < tail ? maybe_conj<kConj>(x[full + i + p * cs]) : C(0);
      }
    }
    return;
  }
  // Strided rows (a transposed A, or B's columns): sliver by sliver.
  for (index_t s = 0; s < rows; s += W) {
    const index_t w = rows - s < W ? rows - s : W;
    const C *block = x + s * rs;
    if (cs == 1 && w == W) {
      // Each row contiguous along the depth: walk it in order rather than
      // striding across 8-16 rows at every step (1.5x slower for cgemm with
      // A^H).  A B sliver's few rows are read side by side, with no test per
      // element.
      if (W >= 8) {
        for (int i = 0; i < W; ++i)
          for (index_t p = 0; p < depth; ++p)
            copy_element<kConj>(dst + p * W + i, block + i * rs + p);
      } else {
        for (index_t p = 0; p < depth; ++p)
#pragma GCC unroll 8
          for (int i = 0; i < W; ++i) copy_element<kConj>(dst + p * W + i, block + i * rs + p);
      }
      dst += W * depth;
      continue;
    }
    for (index_t p = 0; p < depth; ++p, dst += W)
      for (index_t i = 0; i < W; ++i)
        dst[i] = i < w ? maybe_conj<kConj>(block[i * rs + p * cs]) : C(0);
  }
}

}  // namespace complex_pack_detail

template <class R, int W>
void pack_complex(index_t rows, index_t depth, const std::complex<R> *x, index_t rs, index_t cs,
                  bool conj, R *dst) {
  auto *d = reinterpret_cast<std::complex<R> *>(dst);
  if (conj)
    complex_pack_detail::pack<R, W, true>(rows, depth, x, rs, cs, d);
  else
    complex_pack_detail::pack<R, W, false>(rows, depth, x, rs, cs, d);
}

}  // namespace tileblas
