// host_copy.cpp -- multi-threaded strided copy for staging.
#include "host_copy.hpp"

#include <algorithm>
#include <cstring>
#include <thread>
#include <vector>

namespace tileblas::gpu {
namespace {

// Below this a copy is not worth a thread start (~20 us against ~1 ms of copying).
constexpr std::int64_t kBytesPerThread = 8 << 20;
constexpr unsigned kMaxThreads = 8;  // a socket's memory bandwidth is saturated well before

void copy_columns(char *dst, std::int64_t dst_stride, const char *src, std::int64_t src_stride,
                  std::int64_t row_bytes, std::int64_t first, std::int64_t last) {
  if (dst_stride == row_bytes && src_stride == row_bytes) {  // contiguous: one memcpy
    std::memcpy(dst + first * dst_stride, src + first * src_stride, (last - first) * row_bytes);
    return;
  }
  for (std::int64_t j = first; j < last; ++j)
    std::memcpy(dst + j * dst_stride, src + j * src_stride, row_bytes);
}

}  // namespace

void copy_2d(void *dst, std::int64_t dst_stride, const void *src, std::int64_t src_stride,
             std::int64_t row_bytes, std::int64_t cols) {
  char *d = static_cast<char *>(dst);
  const char *s = static_cast<const char *>(src);
  const std::int64_t total = row_bytes * cols;
  const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
  const std::int64_t want = std::min<std::int64_t>({total / kBytesPerThread, cols, kMaxThreads, hw});
  if (want <= 1) {
    copy_columns(d, dst_stride, s, src_stride, row_bytes, 0, cols);
    return;
  }
  std::vector<std::thread> helpers;
  helpers.reserve(want - 1);
  const std::int64_t per = (cols + want - 1) / want;
  for (std::int64_t t = 1; t < want; ++t) {
    const std::int64_t first = t * per, last = std::min(cols, first + per);
    if (first >= last) break;
    try {
      helpers.emplace_back(copy_columns, d, dst_stride, s, src_stride, row_bytes, first, last);
    } catch (...) {  // no thread to be had: this thread copies the rest
      copy_columns(d, dst_stride, s, src_stride, row_bytes, first, last);
    }
  }
  copy_columns(d, dst_stride, s, src_stride, row_bytes, 0, std::min(cols, per));
  for (std::thread &h : helpers) h.join();
}

}  // namespace tileblas::gpu
