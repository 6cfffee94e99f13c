#include "pack_buffer_pool.hpp"

#include <pthread.h>
#include <sys/mman.h>

#include <cstdlib>
#include <mutex>
#include <vector>

namespace tileblas {
namespace {

struct Block {
  void *data;
  std::size_t capacity;
};

// Free blocks, most recently returned last (warm in cache, reused first).
class Pool {
 public:
  ~Pool() {
    for (Block &b : free_) std::free(b.data);
  }

  Block take(std::size_t bytes) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      for (std::size_t i = free_.size(); i-- > 0;) {
        if (free_[i].capacity >= bytes) {
          Block b = free_[i];
          free_.erase(free_.begin() + static_cast<std::ptrdiff_t>(i));
          return b;
        }
      }
    }
    return allocate(bytes);
  }

  void give_back(Block b) {
    std::lock_guard<std::mutex> lock(mutex_);
    // Growing the list can fail when memory is short; the block is then
    // freed rather than pooled (an exception here, out of a destructor,
    // would abort the host).
    try {
      free_.push_back(b);
    } catch (...) {
      std::free(b.data);
    }
  }

  // Held across fork(): only the forking thread lives on in the child, so a
  // lock another thread held at that instant would stay locked there forever
  // (and the free list could be half-edited).  Taking it first means the
  // child starts with the list intact and the lock free.
  void lock_for_fork() { mutex_.lock(); }
  void unlock_after_fork() { mutex_.unlock(); }

 private:
  static Block allocate(std::size_t bytes) {
    // Round up to 2 MiB for large blocks so transparent huge pages can back
    // them (fewer TLB misses while streaming packed panels).
    constexpr std::size_t kHuge = std::size_t(2) << 20;
    const std::size_t align = bytes >= kHuge ? kHuge : 4096;
    const std::size_t size = (bytes + align - 1) / align * align;
    void *p = std::aligned_alloc(align, size);
    if (!p) return {nullptr, 0};
    if (align == kHuge) madvise(p, size, MADV_HUGEPAGE);
    return {p, size};
  }

  std::mutex mutex_;
  std::vector<Block> free_;
};

Pool &pool() {
  // Destroyed at exit or dlclose, which frees every block not leased out.
  static Pool instance;
  return instance;
}

void pool_prepare_fork() { pool().lock_for_fork(); }
void pool_after_fork() { pool().unlock_after_fork(); }

// Built at load time, so no thread can be inside its one-time initialisation
// when another forks; glibc drops these handlers when the library is unloaded.
__attribute__((constructor)) void register_pool_fork_handlers() {
  pool();
  pthread_atfork(pool_prepare_fork, pool_after_fork, pool_after_fork);
}

}  // namespace

PackBuffer::PackBuffer(std::size_t bytes) {
  if (bytes == 0) return;  // nothing leased: ok() is false
  Block b = pool().take(bytes);
  data_ = b.data;
  capacity_ = b.capacity;
}

PackBuffer::~PackBuffer() {
  if (data_) pool().give_back({data_, capacity_});
}

}  // namespace tileblas
