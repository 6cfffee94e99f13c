// host_gemm.cpp -- the tiled, pipelined GPU run of a host-memory GEMM.
//
// Three streams: `in_` uploads (staged through the upload ring), `compute_`
// runs the kernels, `out_` downloads C tiles into the download ring.  Events
// order them: a kernel waits for its inputs and for its C buffer to be
// drained; an upload into an A/B buffer waits for the kernel that last read
// it.  The host thread stages tile t+1's inputs while tile t computes, and
// enqueues tile t-1's download after tile t's kernel, so copies in both
// directions overlap the kernels.
#include "host_gemm.hpp"

#include <algorithm>
#include <initializer_list>
#include <vector>

#include "host_copy.hpp"
#include "launch_gemm.hpp"
#include "tile_plan.hpp"

namespace tileblas::gpu {
namespace {

using cuda::DeviceGemm;

// Device leading dimensions are padded to 16 elements so every column starts
// 32-byte aligned at least: the fastest kernels (TMA, 16-byte cp.async) need it.
std::int64_t padded(std::int64_t rows) { return (rows + 15) / 16 * 16; }

// A rectangle of C: the unit in which the caller's C is written.
struct Piece {
  std::int64_t i0, j0, rows, cols;
  bool done;
};

// A sub-block of a stored (column-major) operand.
struct Block {
  std::int64_t r0, c0, rows, cols;
};

class HostGemmRun {
 public:
  HostGemmRun(const DeviceGemm &g, const cuda::DeviceCaps &caps, const TilePlan &plan,
              StagingRing &up, StagingRing &down)
      : g_(g), caps_(caps), plan_(plan), up_(up), down_(down),
        in_bytes_(cuda::elem_bytes(g.in)), out_bytes_(cuda::elem_bytes(g.out)),
        tiles_m_(tile_count(g.m, plan.tile_m)), tiles_n_(tile_count(g.n, plan.tile_n)),
        downloaded_(std::size_t(tiles_m_ * tiles_n_), false) {}
  ~HostGemmRun() { release(); }

  // True when every tile of C was delivered; otherwise failed_call()/error()
  // say why and finish_on_cpu() computes what is missing.
  bool run();
  void finish_on_cpu(CpuTileFn cpu_tile, void *context, int *tiles_on_cpu);
  const char *failed_call() const { return failed_call_; }
  cudaError_t error() const { return err_; }
  const char *kernel_name() const { return kernel_name_; }
  std::int64_t tiles() const { return tiles_m_ * tiles_n_; }

 private:
  bool check(cudaError_t e, const char *call) {
    if (e == cudaSuccess) return true;
    if (err_ == cudaSuccess) {
      err_ = e;
      failed_call_ = call;
    }
    return false;
  }
  bool new_event(cudaEvent_t *ev) {
    if (!check(cudaEventCreateWithFlags(ev, cudaEventDisableTiming), "cudaEventCreate"))
      return false;
    events_.push_back(*ev);
    return true;
  }
  bool setup();
  void release();
  bool wait_buffer(StagingBuffer &b);
  bool deliver(StagingBuffer &b);
  // Stored sub-blocks of op(A) rows [i0, i0+rows) x depth [p0, p0+depth) and
  // op(B) depth [p0, ...) x columns [j0, j0+cols).
  Block a_block(std::int64_t i0, std::int64_t rows, std::int64_t p0, std::int64_t depth) const {
    return g_.trans_a ? Block{p0, i0, depth, rows} : Block{i0, p0, rows, depth};
  }
  Block b_block(std::int64_t p0, std::int64_t depth, std::int64_t j0, std::int64_t cols) const {
    return g_.trans_b ? Block{j0, p0, cols, depth} : Block{p0, j0, depth, cols};
  }
  bool upload(const void *host, std::int64_t host_ld, int elem, const Block &blk, char *dev,
              std::int64_t dev_ld);
  bool download_tile(std::int64_t t);
  bool compute_tile(std::int64_t t);

  const DeviceGemm &g_;
  const cuda::DeviceCaps &caps_;
  const TilePlan plan_;
  StagingRing &up_, &down_;
  const int in_bytes_, out_bytes_;
  const std::int64_t tiles_m_, tiles_n_;

  cudaStream_t in_ = nullptr, compute_ = nullptr, out_ = nullptr;
  std::vector<cudaEvent_t> events_;  // every event created, for release()
  cudaEvent_t inputs_ready_{}, c_drained_[2]{}, tile_computed_[2]{}, ab_read_[2]{};
  std::vector<void *> device_buffers_;
  char *a_dev_[2]{}, *b_dev_[2]{}, *c_dev_[2]{};  // resident: A/B whole in [0]
  std::int64_t a_ld_ = 0, b_ld_ = 0, c_ld_ = 0;
  std::vector<bool> a_uploaded_, b_uploaded_;    // resident: per block row / column
  std::int64_t step_ = 0;                        // (tile, k chunk) steps so far

  std::vector<Piece> pieces_;
  std::vector<bool> downloaded_;                 // per tile: its pieces are in pieces_

  cudaError_t err_ = cudaSuccess;
  const char *failed_call_ = "";
  const char *kernel_name_ = "none";
};

bool HostGemmRun::setup() {
  for (cudaStream_t *s : {&in_, &compute_, &out_})
    if (!check(cudaStreamCreateWithFlags(s, cudaStreamNonBlocking), "cudaStreamCreate"))
      return false;
  if (!new_event(&inputs_ready_)) return false;
  for (int s = 0; s < 2; ++s)
    if (!new_event(&c_drained_[s]) || !new_event(&tile_computed_[s]) || !new_event(&ab_read_[s]))
      return false;
  if (!check(up_.allocate(), "cudaHostAlloc") || !check(down_.allocate(), "cudaHostAlloc"))
    return false;

  auto allocate = [&](std::size_t bytes, char **out) {
    void *p = nullptr;
    if (!check(cudaMalloc(&p, bytes), "cudaMalloc")) return false;
    device_buffers_.push_back(p);
    *out = static_cast<char *>(p);
    return true;
  };
  const std::int64_t tm = plan_.tile_m, tn = plan_.tile_n, tk = plan_.tile_k;
  c_ld_ = padded(tm);
  for (int s = 0; s < 2; ++s)
    if (!allocate(std::size_t(c_ld_) * tn * out_bytes_, &c_dev_[s])) return false;
  if (plan_.resident) {
    const Block a = a_block(0, g_.m, 0, g_.k), b = b_block(0, g_.k, 0, g_.n);
    a_ld_ = padded(a.rows);
    b_ld_ = padded(b.rows);
    a_uploaded_.assign(std::size_t(tiles_m_), false);
    b_uploaded_.assign(std::size_t(tiles_n_), false);
    return allocate(std::size_t(a_ld_) * a.cols * in_bytes_, &a_dev_[0]) &&
           allocate(std::size_t(b_ld_) * b.cols * in_bytes_, &b_dev_[0]);
  }
  const Block a = a_block(0, tm, 0, tk), b = b_block(0, tk, 0, tn);
  a_ld_ = padded(a.rows);
  b_ld_ = padded(b.rows);
  for (int s = 0; s < 2; ++s)
    if (!allocate(std::size_t(a_ld_) * a.cols * in_bytes_, &a_dev_[s]) ||
        !allocate(std::size_t(b_ld_) * b.cols * in_bytes_, &b_dev_[s]))
      return false;
  return true;
}

void HostGemmRun::release() {
  // Nothing may still read or write the buffers being freed (errors ignored:
  // after a sticky error these calls fail and the memory goes with the context).
  for (cudaStream_t s : {in_, compute_, out_})
    if (s) cudaStreamSynchronize(s);
  for (StagingRing *ring : {&up_, &down_})
    for (StagingBuffer &b : ring->buffers) {
      b.busy = false;
      b.has_delivery = false;
    }
  for (void *p : device_buffers_) cudaFree(p);
  device_buffers_.clear();
  for (cudaEvent_t e : events_) cudaEventDestroy(e);
  events_.clear();
  for (cudaStream_t *s : {&in_, &compute_, &out_})
    if (*s) {
      cudaStreamDestroy(*s);
      *s = nullptr;
    }
}

// A staging buffer is reused only after the copy that last used it is done;
// a download buffer's data is delivered to the caller's C first.
bool HostGemmRun::wait_buffer(StagingBuffer &b) {
  if (b.has_delivery) return deliver(b);
  if (b.busy && !check(cudaEventSynchronize(b.last_copy), "cudaEventSynchronize")) return false;
  b.busy = false;
  return true;
}

bool HostGemmRun::deliver(StagingBuffer &b) {
  if (!check(cudaEventSynchronize(b.last_copy), "cudaEventSynchronize (download)")) return false;
  const StagingBuffer::Delivery &d = b.delivery;
  copy_2d(d.dst, d.dst_stride, b.host, d.row_bytes, d.row_bytes, d.cols);
  pieces_[d.piece].done = true;
  b.busy = b.has_delivery = false;
  return true;
}

bool HostGemmRun::upload(const void *host, std::int64_t host_ld, int elem, const Block &blk,
                         char *dev, std::int64_t dev_ld) {
  const char *src = static_cast<const char *>(host);
  const std::int64_t rows_per = std::min<std::int64_t>(blk.rows, StagingRing::kBytes / elem);
  for (std::int64_t r = 0; r < blk.rows; r += rows_per) {
    const std::int64_t rb = std::min(rows_per, blk.rows - r);
    const std::int64_t cols_per = std::max<std::int64_t>(1, StagingRing::kBytes / (rb * elem));
    for (std::int64_t c = 0; c < blk.cols; c += cols_per) {
      const std::int64_t cc = std::min(cols_per, blk.cols - c);
      StagingBuffer &s = up_.take();
      if (!wait_buffer(s)) return false;
      copy_2d(s.host, rb * elem, src + ((blk.r0 + r) + (blk.c0 + c) * host_ld) * elem,
              host_ld * elem, rb * elem, cc);
      if (!check(cudaMemcpy2DAsync(dev + (r + c * dev_ld) * elem, dev_ld * elem, s.host, rb * elem,
                                   rb * elem, cc, cudaMemcpyHostToDevice, in_),
                 "cudaMemcpy2DAsync (upload)") ||
          !check(cudaEventRecord(s.last_copy, in_), "cudaEventRecord"))
        return false;
      s.busy = true;
    }
  }
  return true;
}

bool HostGemmRun::compute_tile(std::int64_t t) {
  const int slot = int(t % 2);
  const std::int64_t i0 = (t / tiles_n_) * plan_.tile_m, j0 = (t % tiles_n_) * plan_.tile_n;
  const std::int64_t rows = std::min(plan_.tile_m, g_.m - i0);
  const std::int64_t cols = std::min(plan_.tile_n, g_.n - j0);
  // This tile's C buffer was last used by tile t-2: wait until it is downloaded.
  if (!check(cudaStreamWaitEvent(in_, c_drained_[slot], 0), "cudaStreamWaitEvent") ||
      !check(cudaStreamWaitEvent(compute_, c_drained_[slot], 0), "cudaStreamWaitEvent"))
    return false;
  if (g_.beta != 0 && !upload(g_.c, g_.ldc, out_bytes_, Block{i0, j0, rows, cols}, c_dev_[slot], c_ld_))
    return false;

  for (std::int64_t p0 = 0; p0 < g_.k; p0 += plan_.tile_k, ++step_) {
    const std::int64_t depth = std::min(plan_.tile_k, g_.k - p0);
    const Block a = a_block(i0, rows, p0, depth), b = b_block(p0, depth, j0, cols);
    const char *a_dev, *b_dev;
    if (plan_.resident) {  // blocks go up once, the first time a tile needs them
      const std::size_t ti = std::size_t(i0 / plan_.tile_m), tj = std::size_t(j0 / plan_.tile_n);
      if (!a_uploaded_[ti] && !upload(g_.a, g_.lda, in_bytes_, a, a_dev_[0] + (a.r0 + a.c0 * a_ld_) * in_bytes_, a_ld_))
        return false;
      if (!b_uploaded_[tj] && !upload(g_.b, g_.ldb, in_bytes_, b, b_dev_[0] + (b.r0 + b.c0 * b_ld_) * in_bytes_, b_ld_))
        return false;
      a_uploaded_[ti] = b_uploaded_[tj] = true;
      a_dev = a_dev_[0] + (a.r0 + a.c0 * a_ld_) * in_bytes_;
      b_dev = b_dev_[0] + (b.r0 + b.c0 * b_ld_) * in_bytes_;
    } else {  // streaming: alternate buffers, each reused after its last kernel
      const int ab = int(step_ % 2);
      if (!check(cudaStreamWaitEvent(in_, ab_read_[ab], 0), "cudaStreamWaitEvent") ||
          !upload(g_.a, g_.lda, in_bytes_, a, a_dev_[ab], a_ld_) ||
          !upload(g_.b, g_.ldb, in_bytes_, b, b_dev_[ab], b_ld_))
        return false;
      a_dev = a_dev_[ab];
      b_dev = b_dev_[ab];
    }
    // The in_ stream is in order: one event after this step's uploads covers
    // every block uploaded before too.
    if (!check(cudaEventRecord(inputs_ready_, in_), "cudaEventRecord") ||
        !check(cudaStreamWaitEvent(compute_, inputs_ready_, 0), "cudaStreamWaitEvent"))
      return false;
    DeviceGemm step = g_;
    step.m = rows;
    step.n = cols;
    step.k = depth;
    step.beta = p0 == 0 ? g_.beta : 1.0;  // later k chunks accumulate
    step.a = a_dev;
    step.lda = a_ld_;
    step.b = b_dev;
    step.ldb = b_ld_;
    step.c = c_dev_[slot];
    step.ldc = c_ld_;
    const char *name = nullptr;
    if (!check(launch_gemm(step, caps_, compute_, &name), "kernel launch")) return false;
    if (t == 0 && p0 == 0) kernel_name_ = name;
    if (!plan_.resident &&
        !check(cudaEventRecord(ab_read_[step_ % 2], compute_), "cudaEventRecord"))
      return false;
  }
  return check(cudaEventRecord(tile_computed_[slot], compute_), "cudaEventRecord");
}

bool HostGemmRun::download_tile(std::int64_t t) {
  const int slot = int(t % 2);
  const std::int64_t i0 = (t / tiles_n_) * plan_.tile_m, j0 = (t % tiles_n_) * plan_.tile_n;
  const std::int64_t rows = std::min(plan_.tile_m, g_.m - i0);
  const std::int64_t cols = std::min(plan_.tile_n, g_.n - j0);
  if (!check(cudaStreamWaitEvent(out_, tile_computed_[slot], 0), "cudaStreamWaitEvent"))
    return false;
  char *c_host = static_cast<char *>(g_.c);
  const std::int64_t e = out_bytes_;
  const std::int64_t rows_per = std::min<std::int64_t>(rows, StagingRing::kBytes / e);
  for (std::int64_t r = 0; r < rows; r += rows_per) {
    const std::int64_t rb = std::min(rows_per, rows - r);
    const std::int64_t cols_per = std::max<std::int64_t>(1, StagingRing::kBytes / (rb * e));
    for (std::int64_t c = 0; c < cols; c += cols_per) {
      const std::int64_t cc = std::min(cols_per, cols - c);
      StagingBuffer &s = down_.take();
      if (!wait_buffer(s)) return false;
      if (!check(cudaMemcpy2DAsync(s.host, rb * e, c_dev_[slot] + (r + c * c_ld_) * e, c_ld_ * e,
                                   rb * e, cc, cudaMemcpyDeviceToHost, out_),
                 "cudaMemcpy2DAsync (download)") ||
          !check(cudaEventRecord(s.last_copy, out_), "cudaEventRecord"))
        return false;
      pieces_.push_back({i0 + r, j0 + c, rb, cc, false});
      s.delivery = {c_host + ((i0 + r) + (j0 + c) * g_.ldc) * e, g_.ldc * e, rb * e, cc,
                    pieces_.size() - 1};
      s.busy = s.has_delivery = true;
    }
  }
  downloaded_[std::size_t(t)] = true;
  return check(cudaEventRecord(c_drained_[slot], out_), "cudaEventRecord");
}

bool HostGemmRun::run() {
  if (!setup()) return false;
  const std::int64_t n_tiles = tiles();
  for (std::int64_t t = 0; t < n_tiles; ++t) {
    if (!compute_tile(t)) return false;
    if (t > 0 && !download_tile(t - 1)) return false;  // lags one tile: overlaps tile t
  }
  if (!download_tile(n_tiles - 1)) return false;
  for (StagingBuffer &b : down_.buffers)
    if (b.has_delivery && !deliver(b)) return false;
  return true;
}

void HostGemmRun::finish_on_cpu(CpuTileFn cpu_tile, void *context, int *tiles_on_cpu) {
  release();  // quiesce the GPU first: nothing may write our buffers any more
  int count = 0;
  for (std::int64_t t = 0; t < tiles(); ++t) {
    if (downloaded_[std::size_t(t)]) continue;
    const std::int64_t i0 = (t / tiles_n_) * plan_.tile_m, j0 = (t % tiles_n_) * plan_.tile_n;
    cpu_tile(context, i0, j0, std::min(plan_.tile_m, g_.m - i0), std::min(plan_.tile_n, g_.n - j0));
    ++count;
  }
  for (const Piece &p : pieces_)
    if (!p.done) {
      cpu_tile(context, p.i0, p.j0, p.rows, p.cols);
      ++count;
    }
  *tiles_on_cpu = count;
}

}  // namespace

int run_host_gemm(const DeviceGemm &g, const cuda::DeviceCaps &caps, std::uint64_t budget_bytes,
                  StagingRing &up, StagingRing &down, CpuTileFn cpu_tile, void *cpu_context,
                  const Report &report) {
  const TilePlan plan = plan_host_gemm({g.m, g.n, g.k, cuda::elem_bytes(g.in),
                                        cuda::elem_bytes(g.out), budget_bytes});
  if (!plan.fits) {
    report.say("not enough device memory for a %lld x %lld tile plan",
               (long long)plan.tile_m, (long long)plan.tile_n);
    return 1;
  }
  HostGemmRun run(g, caps, plan, up, down);
  if (run.run()) {
    report.say("%s, %s, %lld tiles of %lld x %lld x %lld", run.kernel_name(),
               plan.resident ? "A and B resident" : "streamed", (long long)run.tiles(),
               (long long)plan.tile_m, (long long)plan.tile_n, (long long)plan.tile_k);
    return 0;
  }
  const cudaError_t e = run.error();
  const char *call = run.failed_call();
  int on_cpu = 0;
  run.finish_on_cpu(cpu_tile, cpu_context, &on_cpu);
  report.say("GPU failed part-way (%s: %s); %d pieces of C computed on the CPU", call,
             cudaGetErrorString(e), on_cpu);
  return 0;
}

}  // namespace tileblas::gpu
