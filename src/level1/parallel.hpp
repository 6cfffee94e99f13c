// parallel.hpp -- how the real Level 1/2 engines share one call between
// threads: contiguous element, row or column ranges, one per thread, each
// handed to a vector kernel.  The kernels' per-element arithmetic does not
// depend on the range (target.hpp, VectorKernels), and reductions sum fixed
// chunks in a fixed order, so results are bitwise the same for any thread
// count and TILEBLAS_DETERMINISTIC needs no other schedule.
#pragma once

#include <algorithm>

#include "target.hpp"
#include "threading.hpp"

namespace tileblas {

// [begin, end) of part `part` of `parts` of [0, total), cut at multiples of
// `grain` (rows: whole cache lines of y; columns: whole kernel groups).
struct Range {
  index_t begin, end;
};
inline Range share(index_t total, int part, int parts, index_t grain) {
  const index_t chunks = (total + grain - 1) / grain;
  const index_t lo = chunks * part / parts, hi = chunks * (part + 1) / parts;
  return {std::min(total, lo * grain), std::min(total, hi * grain)};
}

// body(begin, end) on contiguous ranges of [0, total), one per thread.
template <class Body>
void parallel_ranges(int threads, index_t total, index_t grain, Body &&body) {
  if (threads <= 1) {  // most calls: no team, no division into shares
    body(index_t(0), total);
    return;
  }
  run_team(threads, [&](int id, int team) {
    const Range r = share(total, id, team, grain);
    if (r.begin < r.end) body(r.begin, r.end);
  });
}

// combine(c, body(begin, length)) for the fixed chunks c = 0, 1, ... of
// [0, n) (chunk c starts at c*chunk), in that order; threads compute whole
// chunks, so a reduction that combines in order gives the same value for
// any thread count.  `weight`: bytes the call streams per element
// (threads_for_bytes).  The results go through a batch on the stack, not
// a heap array as long as the vector: no allocation that could fail (and
// throw through an extern "C" entry point).  A batch is 256 chunks, so a
// team still gets millions of elements per start.
template <class Result, class Body, class Combine>
void reduce_chunks(index_t n, index_t chunk, index_t weight, Body &&body, Combine &&combine) {
  constexpr index_t kBatch = 256;
  const index_t chunks = (n + chunk - 1) / chunk;
  for (index_t b0 = 0; b0 < chunks; b0 += kBatch) {
    const index_t b1 = std::min(chunks, b0 + kBatch);
    const index_t elements = std::min(n, b1 * chunk) - b0 * chunk;
    Result results[kBatch];
    parallel_ranges(threads_for_bytes(double(weight) * double(elements)), b1 - b0, 1,
                    [&](index_t c0, index_t c1) {
                      for (index_t c = b0 + c0; c < b0 + c1; ++c) {
                        const index_t begin = c * chunk;
                        results[c - b0] = body(begin, std::min(chunk, n - begin));
                      }
                    });
    for (index_t c = b0; c < b1; ++c) combine(c, results[c - b0]);
  }
}

}  // namespace tileblas
