// pack_buffer_pool.hpp -- aligned scratch memory for packed panels, reused
// across calls.  A call leases what it needs and gives it back; the pool grows
// to the peak number of concurrent leases (no fixed limit on callers) and is
// freed when the library is unloaded or the process exits.  No malloc on the
// hot path once the pool is warm.
#pragma once

#include <cstddef>

namespace tileblas {

class PackBuffer {
 public:
  // Leases at least `bytes` bytes, 64-byte aligned (page-aligned when large);
  // ok() is false when memory is exhausted (or bytes is 0).
  explicit PackBuffer(std::size_t bytes);
  ~PackBuffer();
  PackBuffer(const PackBuffer &) = delete;
  PackBuffer &operator=(const PackBuffer &) = delete;

  bool ok() const { return data_ != nullptr; }
  template <class T>
  T *as() const { return static_cast<T *>(data_); }

 private:
  void *data_ = nullptr;
  std::size_t capacity_ = 0;
};

}  // namespace tileblas
