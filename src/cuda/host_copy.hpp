// host_copy.hpp -- 2-D copies between the caller's (pageable) memory and our
// pinned staging buffers.  The DMA engines only overlap with compute when
// they read pinned memory, so host data passes through staging; a single
// CPU thread copies ~10 GB/s, well under a PCIe 5 link, so large copies are
// split over a few threads.
#pragma once

#include <cstdint>

namespace tileblas::gpu {

// cols columns of row_bytes each, from src (column stride src_stride bytes)
// to dst (stride dst_stride bytes).
void copy_2d(void *dst, std::int64_t dst_stride, const void *src, std::int64_t src_stride,
             std::int64_t row_bytes, std::int64_t cols);

}  // namespace tileblas::gpu
