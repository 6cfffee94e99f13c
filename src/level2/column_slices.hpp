// column_slices.hpp -- threads for y += A * x with one stored triangle of a
// symmetric / Hermitian A (symv, spmv, hemv, hpmv).  Each stored column
// adds into the rows of y it covers (as a column of A) and into its own row
// (its dot with x, as a row of A), so threads cannot own rows of y.  Instead the columns are cut into
// `slices` of equal stored area, a number fixed by n alone: slice 0 adds
// into y itself, slice s > 0 into a private zeroed y, and the private ys are
// added into y in slice order after all slices are done.  Threads take whole
// slices, so every element of y is summed in the same order for any thread
// count (parallel.hpp; TILEBLAS_DETERMINISTIC needs nothing else).
#pragma once

#include <algorithm>

#include "level1/parallel.hpp"
#include "level2/types.hpp"
#include "pack_buffer_pool.hpp"

namespace tileblas::level2 {

// Real elements per slice, at least: threads_for_bytes's 200 KB per thread
// of floats.
// Measured on the shared 2-core Zen 5 (medians of interleaved runs, 2
// threads against 1): dsymv L 1.7x at n = 448 (100K stored), 1.85x at 512,
// 2.0x at 768, 1.9x at 2048, 1.4x at 8192; ssymv 1.2x, 1.3x, 1.7x, 1.7x,
// 1.3x; zhemv 1.6x at 256, 1.8x at 320-512; below these one thread, where
// two were 0.95-1.0x.  The count is a power of two (1, 2, 4, 8), so 2 and 4
// threads get equal shares; at most 8: at large n y += A * x streams A from
// memory, which a few cores already saturate, and each slice costs an
// n-element buffer (its zeroing and summing are O(n) against the slice's
// O(n^2 / slices): no measurable cost on one thread).
inline constexpr double kSliceElements = 5e4;
inline constexpr int kMaxSlices = 8;

// Slices for a triangle of `work` real elements: the largest power of two
// <= work / kSliceElements, from 1 to kMaxSlices.
inline int slice_count(double work) {
  int slices = 1;
  while (slices < kMaxSlices && 2 * slices * kSliceElements <= work) slices *= 2;
  return slices;
}

// Stored elements of columns [0, j) of a full or packed triangle.
inline double stored_before(const Triangle &tri, index_t j) {
  const double n = double(tri.n), c = double(j);
  return tri.upper ? c * (c + 1) / 2 : c * n - c * (c - 1) / 2;
}

// body(j0, j1, target) adds columns [j0, j1)'s contributions into target
// (target[i] is row i of y); `grain` columns are never split between slices.
// Band storage runs as one slice (its columns are short).
template <class T, class Body>
void over_column_slices(const Triangle &tri, index_t grain, T *y, Body &&body) {
  const index_t n = tri.n;
  const double stored = stored_before(tri, n);
  // A complex element is four real multiply-adds: weighs as four real ones.
  const double work = stored * (is_complex_v<T> ? 4 : 1);
  int slices = tri.kind == Triangle::Kind::Band ? 1 : slice_count(work);
  slices = static_cast<int>(std::min<index_t>(slices, (n + grain - 1) / grain));
  // Private ys for slices 1.. from the pack buffer pool (reused across
  // calls).  Without memory for them the call runs as one slice: the same
  // result up to rounding, on one thread.
  PackBuffer scratch(slices > 1 ? sizeof(T) * n * (slices - 1) : 0);
  if (!scratch.ok()) slices = 1;
  if (slices == 1) return body(index_t(0), n, y);

  // Slice s is columns [bound[s], bound[s+1]): equal stored area, cut at
  // multiples of grain (stored_before grows with j: binary search).
  index_t bound[kMaxSlices + 1];
  bound[0] = 0;
  bound[slices] = n;
  for (int s = 1; s < slices; ++s) {
    const double want = stored * s / slices;
    index_t lo = bound[s - 1] / grain, hi = (n + grain - 1) / grain;  // in grains
    while (lo < hi) {
      const index_t mid = (lo + hi) / 2;
      if (stored_before(tri, std::min(n, mid * grain)) < want) lo = mid + 1;
      else hi = mid;
    }
    bound[s] = std::min(n, lo * grain);
  }
  // Rows of y that slice s's columns touch.
  auto rows = [&](int s) {
    return Range{tri.first_row(bound[s]), tri.last_row(bound[s + 1] - 1) + 1};
  };
  T *const buffers = scratch.as<T>();
  auto target = [&](int s) { return s == 0 ? y : buffers + std::size_t(s - 1) * n; };

  const int threads = std::min(slices, threads_for_bytes(work * sizeof(real_t<T>)));
  run_team(threads, [&](int id, int team) {
    const Range mine = share(slices, id, team, 1);
    for (int s = static_cast<int>(mine.begin); s < static_cast<int>(mine.end); ++s) {
      if (bound[s] == bound[s + 1]) continue;
      if (s > 0) {
        const Range r = rows(s);
        std::fill(target(s) + r.begin, target(s) + r.end, T(0));
      }
      body(bound[s], bound[s + 1], target(s));
    }
  });
  for (int s = 1; s < slices; ++s) {
    if (bound[s] == bound[s + 1]) continue;
    const Range r = rows(s);
    const T *b = target(s);
    for (index_t i = r.begin; i < r.end; ++i) y[i] += b[i];
  }
}

}  // namespace tileblas::level2
