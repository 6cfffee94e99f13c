// out_of_memory_test.cpp -- pack buffers cannot be had at the tuned blocking:
// gemm must still give the right answer, say so once on stderr, and not
// abort.  With some memory left it retries on one thread with smaller
// blocks (MC and NC only, while that suffices: the same bits as a normal
// call); with none, it runs unpacked loops.
// The address-space limit is lowered after the matrices exist, so only the
// library's own scratch allocations fail.  Memory exhausted to the last
// page cannot be had that way (the heap keeps slack), so for that case this
// program's own aligned_alloc, which the library's pack buffer pool calls,
// refuses every request.  The library pools pack buffers,
// so each case must run in a fresh process before any gemm filled the pool
// (CTest runs them one by one with --gtest_filter).  OpenMP workers are
// started before the limit: starting them under it would fail in libgomp,
// not in tileblas.
// Level 1/2 scratch (strided vectors made contiguous, per-chunk partial
// sums) comes from malloc / operator new: the *WithoutMalloc cases refuse
// every malloc while the BLAS call runs (one thread, so libgomp needs none)
// and compare with the same call made with memory.  Threaded symv's private
// ys come from the pack buffer pool (SymvSlicesWithoutScratch).
#include <dlfcn.h>
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cblas.h"
#include "reliability_util.h"
#include "tileblas.h"

namespace {
std::atomic<bool> g_refuse_aligned_alloc{false};
std::atomic<bool> g_refuse_malloc{false};
}  // namespace

// glibc's own malloc under its internal name; operator new calls malloc,
// so refusing here makes new throw std::bad_alloc as well.
extern "C" void *__libc_malloc(std::size_t size);
extern "C" void *malloc(std::size_t size) {
  if (g_refuse_malloc.load(std::memory_order_relaxed)) return nullptr;
  return __libc_malloc(size);
}

// Interposes the C library's (the test links with ENABLE_EXPORTS).
extern "C" void *aligned_alloc(std::size_t alignment, std::size_t size) {
  using Fn = void *(*)(std::size_t, std::size_t);
  static const Fn real = reinterpret_cast<Fn>(dlsym(RTLD_NEXT, "aligned_alloc"));
  if (g_refuse_aligned_alloc.load()) return nullptr;
  return real(alignment, size);
}

namespace {

long address_space_in_use() {
  // /proc/self/statm: first field is the total program size in pages.
  long pages = 0;
  if (FILE *f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%ld", &pages) != 1) pages = 0;
    std::fclose(f);
  }
  return pages * 4096;
}

// Runs `call` with only `headroom` bytes of address space to spare and
// returns what it wrote on stderr.
template <class Call>
std::string with_headroom(long headroom, Call call) {
  rlimit old{};
  EXPECT_EQ(getrlimit(RLIMIT_AS, &old), 0);
  testing::internal::CaptureStderr();
  rlimit low = old;
  low.rlim_cur = static_cast<rlim_t>(address_space_in_use() + headroom);
  EXPECT_EQ(setrlimit(RLIMIT_AS, &low), 0);
  call();
  EXPECT_EQ(setrlimit(RLIMIT_AS, &old), 0);
  return testing::internal::GetCapturedStderr();
}

int count(const std::string &text, const std::string &what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

void start_thread_team(int threads) {
  tileblas_set_num_threads(threads);
#ifdef _OPENMP
#pragma omp parallel num_threads(threads)
  { (void)0; }
#endif
}

void dgemm(int n, const std::vector<double> &a, const std::vector<double> &b, std::vector<double> &c) {
  cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0, a.data(), n, b.data(), n, 0.0,
              c.data(), n);
}

TEST(OutOfMemory, UnpackedLoopsWhenNoScratchAtAll) {
  tileblas_set_num_threads(1);
  const int n = 700;  // packed path; no new scratch at all can be had
  std::vector<double> a(std::size_t(n) * n), b(std::size_t(n) * n), c(std::size_t(n) * n, NAN);
  for (std::size_t i = 0; i < a.size(); ++i) {
    a[i] = double(i % 13) - 6.0;
    b[i] = double(i % 7) - 3.0;
  }
  testing::internal::CaptureStderr();
  g_refuse_aligned_alloc = true;
  dgemm(n, a, b, c);
  g_refuse_aligned_alloc = false;
  const std::string said = testing::internal::GetCapturedStderr();
  EXPECT_EQ(count(said, "out of memory"), 1) << "stderr: " << said;
  EXPECT_NE(said.find("unpacked loops"), std::string::npos) << "stderr: " << said;
  for (int j = 0; j < n; j += 97)
    for (int i = 0; i < n; i += 89) {
      double ref = 0;
      for (int p = 0; p < n; ++p) ref += a[i + std::size_t(p) * n] * b[p + std::size_t(j) * n];
      ASSERT_EQ(c[i + std::size_t(j) * n], ref) << "C(" << i << "," << j << ")";  // small integers: exact
    }
}

TEST(OutOfMemory, SmallerBlocksGiveTheSameBitsAndSaySoOnce) {
  start_thread_team(2);  // the first try wants scratch for two threads
  const int n = 700;
  const auto a = reltest::random_matrix<double>(std::size_t(n) * n, 1);
  const auto b = reltest::random_matrix<double>(std::size_t(n) * n, 2);
  std::vector<double> first(std::size_t(n) * n), second(first.size()), normal(first.size());
  // 512 KiB: less than the tuned blocking wants (MB), more than its
  // smallest MC x KC and KC x NC panels.
  const std::string said = with_headroom(512 << 10, [&] {
    dgemm(n, a, b, first);
    dgemm(n, a, b, second);
  });
  EXPECT_EQ(count(said, "out of memory"), 1) << "stderr: " << said;
  EXPECT_NE(said.find("smaller blocks"), std::string::npos) << "stderr: " << said;
  dgemm(n, a, b, normal);  // now with memory (and so only now filling the pool)
  EXPECT_EQ(std::memcmp(first.data(), normal.data(), normal.size() * sizeof(double)), 0);
  EXPECT_EQ(std::memcmp(second.data(), normal.data(), normal.size() * sizeof(double)), 0);
  const auto want = reltest::reference_gemm<double>(n, n, n, 1.0, a, n, b, n, 0.0, normal, n);
  EXPECT_TRUE(reltest::close_to(first, want, n, n, n, n, 1.0, 0.0));
  tileblas_set_num_threads(0);
}

// SYMM expands A into a panel of columns; with no scratch at all it computes
// element by element from the stored triangle (NaN in the other one must
// not be read) and says so once.
TEST(OutOfMemory, SymmWithoutAnyScratch) {
  tileblas_set_num_threads(1);
  const int m = 150, n = 70;
  std::vector<double> a(std::size_t(m) * m, NAN), b(std::size_t(m) * n), c(std::size_t(m) * n, NAN);
  for (int j = 0; j < m; ++j)
    for (int i = 0; i <= j; ++i) a[i + std::size_t(j) * m] = double((i + 2 * j) % 9) - 4.0;
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = double(i % 5) - 2.0;
  testing::internal::CaptureStderr();
  g_refuse_aligned_alloc = true;
  cblas_dsymm(CblasColMajor, CblasLeft, CblasUpper, m, n, 2.0, a.data(), m, b.data(), m, 0.0,
              c.data(), m);
  g_refuse_aligned_alloc = false;
  const std::string said = testing::internal::GetCapturedStderr();
  EXPECT_EQ(count(said, "dsymm: out of memory"), 1) << "stderr: " << said;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      double ref = 0;
      for (int l = 0; l < m; ++l)
        ref += a[std::min(i, l) + std::size_t(std::max(i, l)) * m] * b[l + std::size_t(j) * m];
      ASSERT_EQ(c[i + std::size_t(j) * m], 2.0 * ref) << "C(" << i << "," << j << ")";  // exact
    }
}

// The triangle driver (SYRK, GEMMT, SYR2K on real types) with no scratch at
// all falls back to the recursive path, which ends in unpacked loops; the
// other triangle must keep its NaN.
TEST(OutOfMemory, SyrkWithoutAnyScratch) {
  tileblas_set_num_threads(1);
  const int n = 300, k = 200;
  std::vector<double> a(std::size_t(n) * k), c(std::size_t(n) * n, NAN);
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = double(i % 11) - 5.0;
  testing::internal::CaptureStderr();
  g_refuse_aligned_alloc = true;
  cblas_dsyrk(CblasColMajor, CblasLower, CblasNoTrans, n, k, 0.5, a.data(), n, 0.0, c.data(), n);
  g_refuse_aligned_alloc = false;
  const std::string said = testing::internal::GetCapturedStderr();
  EXPECT_EQ(count(said, "out of memory"), 1) << "stderr: " << said;
  EXPECT_EQ(count(said, "dsyrk: out of memory"), 1) << "stderr: " << said;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const double got = c[i + std::size_t(j) * n];
      if (i < j) {
        ASSERT_TRUE(std::isnan(got)) << "C(" << i << "," << j << ") above the triangle written";
        continue;
      }
      double ref = 0;
      for (int l = 0; l < k; ++l) ref += a[i + std::size_t(l) * n] * a[j + std::size_t(l) * n];
      ASSERT_EQ(got, 0.5 * ref) << "C(" << i << "," << j << ")";  // small integers: exact
    }
}

// With some memory left the triangle driver retries on one thread with
// smaller MC and NC: the same bits as a normal call.
TEST(OutOfMemory, SyrkOnLessScratchGivesTheSameBits) {
  start_thread_team(2);
  const int n = 700;
  const auto a = reltest::random_matrix<double>(std::size_t(n) * n, 4);
  std::vector<double> first(std::size_t(n) * n), normal(first.size());
  auto dsyrk = [&](std::vector<double> &out) {
    cblas_dsyrk(CblasColMajor, CblasUpper, CblasTrans, n, n, 1.0, a.data(), n, 0.0, out.data(), n);
  };
  const std::string said = with_headroom(512 << 10, [&] { dsyrk(first); });
  EXPECT_EQ(count(said, "out of memory"), 1) << "stderr: " << said;
  EXPECT_NE(said.find("dsyrk: out of memory for pack buffers; continuing with less scratch"),
            std::string::npos)
      << "stderr: " << said;
  dsyrk(normal);
  for (int j = 0; j < n; ++j)
    ASSERT_EQ(std::memcmp(&first[std::size_t(j) * n], &normal[std::size_t(j) * n],
                          sizeof(double) * (j + 1)),
              0)
        << "column " << j;
  tileblas_set_num_threads(0);
}

TEST(OutOfMemory, ComplexGemmSmallerBlocks) {
  tileblas_set_num_threads(1);
  const int n = 300;
  using z = std::complex<double>;
  const auto re = reltest::random_matrix<double>(std::size_t(n) * n * 2, 3);
  std::vector<z> a(std::size_t(n) * n), b(a.size()), c(a.size()), normal(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    a[i] = z(re[2 * i], re[2 * i + 1]);
    b[i] = z(re[2 * i + 1], -re[2 * i]);
  }
  const z one(1), zero(0);
  auto zgemm = [&](std::vector<z> &out) {
    cblas_zgemm(CblasColMajor, CblasNoTrans, CblasConjTrans, n, n, n, &one, a.data(), n, b.data(), n, &zero,
                out.data(), n);
  };
  const std::string said = with_headroom(256 << 10, [&] {
    zgemm(c);
    zgemm(c);
  });
  EXPECT_EQ(count(said, "out of memory"), 1) << "stderr: " << said;
  EXPECT_NE(said.find("zgemm: out of memory for pack buffers; continuing with less scratch"),
            std::string::npos)
      << "stderr: " << said;
  zgemm(normal);
  for (std::size_t i = 0; i < c.size(); ++i)
    ASSERT_LE(std::abs(c[i] - normal[i]), 1e-12 * n) << "element " << i;
}

}  // namespace

namespace {

// Runs `call` with every malloc refused; false if it threw (an exception
// out of an extern "C" entry point is std::terminate for a C or Fortran
// caller, and inside an OpenMP region for any caller).
template <class Call>
bool without_malloc(Call call) {
  bool threw = false;
  g_refuse_malloc = true;
  try {
    call();
  } catch (...) {
    threw = true;
  }
  g_refuse_malloc = false;
  return !threw;
}

// Small integers: every sum below is exact, so a fallback that adds in
// another order must still give the same bits.
template <class T>
std::vector<T> integers(std::size_t count, int seed) {
  std::vector<T> v(count);
  for (std::size_t i = 0; i < count; ++i) v[i] = T(double((i * 7 + seed * 3) % 9) - 4.0);
  return v;
}
template <>
std::vector<std::complex<double>> integers(std::size_t count, int seed) {
  std::vector<std::complex<double>> v(count);
  for (std::size_t i = 0; i < count; ++i)
    v[i] = {double((i * 7 + seed * 3) % 9) - 4.0, double((i * 5 + seed) % 7) - 3.0};
  return v;
}

// `call(out)` updates `out` in place (from the same start each time): with
// malloc refused it must not throw and must give what it gives with memory.
template <class T, class Call>
void expect_same_without_malloc(const char *what, const std::vector<T> &start, Call call,
                                double tolerance = 0) {
  std::vector<T> normal = start, starved = start;
  call(normal);
  ASSERT_TRUE(without_malloc([&] { call(starved); })) << what << ": threw";
  for (std::size_t i = 0; i < normal.size(); ++i)
    ASSERT_LE(std::abs(starved[i] - normal[i]), tolerance * (1 + std::abs(normal[i])))
        << what << ": element " << i;
}

// Level 2 with strided x / y (each engine gathers them into contiguous
// copies when it can): the same answer with no memory for the copies.
TEST(OutOfMemory, StridedLevel2WithoutMalloc) {
  tileblas_set_num_threads(1);
  const int m = 300, n = 260, kl = 3, ku = 5, incx = 2, incy = -3;
  using z = std::complex<double>;
  const auto a = integers<double>(std::size_t(m) * n, 1);
  const auto x = integers<double>(std::size_t(m) * 2, 2);   // incx 2, up to m elements
  const auto y = integers<double>(std::size_t(m) * 3, 3);   // incy -3, up to m elements
  const auto fa = integers<float>(std::size_t(m) * n, 1);
  const auto fx = integers<float>(std::size_t(m) * 2, 2);
  const auto fy = integers<float>(std::size_t(m) * 3, 3);
  const auto za = integers<z>(std::size_t(n) * n, 4);
  const auto zx = integers<z>(std::size_t(n) * 2, 5);
  const auto zy = integers<z>(std::size_t(n) * 3, 6);
  const z zalpha(2, -1), zbeta(0.5, 0);
  const auto C = CblasColMajor;

  expect_same_without_malloc("dgemv N", y, [&](std::vector<double> &out) {
    cblas_dgemv(C, CblasNoTrans, m, n, 2.0, a.data(), m, x.data(), incx, 0.5, out.data(), incy);
  });
  expect_same_without_malloc("dgemv T", y, [&](std::vector<double> &out) {
    cblas_dgemv(C, CblasTrans, m, n, 2.0, a.data(), m, x.data(), incx, 0.5, out.data(), incy);
  });
  expect_same_without_malloc("sgemv T", fy, [&](std::vector<float> &out) {
    cblas_sgemv(C, CblasTrans, m, n, 2.0f, fa.data(), m, fx.data(), incx, 0.5f, out.data(), incy);
  });
  expect_same_without_malloc("dgbmv N", y, [&](std::vector<double> &out) {
    cblas_dgbmv(C, CblasNoTrans, m, n, kl, ku, 2.0, a.data(), kl + ku + 1, x.data(), incx, 0.5,
                out.data(), incy);
  });
  expect_same_without_malloc("dsymv U", y, [&](std::vector<double> &out) {
    cblas_dsymv(C, CblasUpper, n, 2.0, a.data(), m, x.data(), incx, 0.5, out.data(), incy);
  });
  expect_same_without_malloc("dsymv L", y, [&](std::vector<double> &out) {
    cblas_dsymv(C, CblasLower, n, 2.0, a.data(), m, x.data(), incx, 0.5, out.data(), incy);
  });
  expect_same_without_malloc("dspmv U", y, [&](std::vector<double> &out) {
    cblas_dspmv(C, CblasUpper, n, 2.0, a.data(), x.data(), incx, 0.5, out.data(), incy);
  });
  expect_same_without_malloc("zhemv L", zy, [&](std::vector<z> &out) {
    cblas_zhemv(C, CblasLower, n, &zalpha, za.data(), n, zx.data(), incx, &zbeta, out.data(), incy);
  });
  // Row-major ConjTrans: conj(A) without a transpose on the column-major view.
  expect_same_without_malloc("zgemv row-major C", zy, [&](std::vector<z> &out) {
    cblas_zgemv(CblasRowMajor, CblasConjTrans, n, n, &zalpha, za.data(), n, zx.data(), incx,
                &zbeta, out.data(), incy);
  });
  expect_same_without_malloc("dtrmv U N", x, [&](std::vector<double> &out) {
    cblas_dtrmv(C, CblasUpper, CblasNoTrans, CblasNonUnit, n, a.data(), m, out.data(), incx);
  });
  expect_same_without_malloc("dtrmv L T", x, [&](std::vector<double> &out) {
    cblas_dtrmv(C, CblasLower, CblasTrans, CblasUnit, n, a.data(), m, out.data(), incx);
  });
  expect_same_without_malloc("dtpmv L N", x, [&](std::vector<double> &out) {
    cblas_dtpmv(C, CblasLower, CblasNoTrans, CblasNonUnit, n, a.data(), out.data(), incx);
  });
  expect_same_without_malloc("ztrmv U C", zx, [&](std::vector<z> &out) {
    cblas_ztrmv(C, CblasUpper, CblasConjTrans, CblasNonUnit, n, za.data(), n, out.data(), incx);
  });
  // A solve is not exact in integers: unit diagonal, and a tolerance.
  expect_same_without_malloc("dtrsv L N", x, [&](std::vector<double> &out) {
    cblas_dtrsv(C, CblasLower, CblasNoTrans, CblasUnit, 40, a.data(), m, out.data(), incx);
  }, 1e-9);
  expect_same_without_malloc("dtrsv U T", x, [&](std::vector<double> &out) {
    cblas_dtrsv(C, CblasUpper, CblasTrans, CblasUnit, 40, a.data(), m, out.data(), incx);
  }, 1e-9);
  expect_same_without_malloc("dger", a, [&](std::vector<double> &out) {
    cblas_dger(C, m / 3, n, 2.0, x.data(), incx, y.data(), incy, out.data(), m);
  });
  expect_same_without_malloc("zgerc", za, [&](std::vector<z> &out) {
    cblas_zgerc(C, n, n / 2, &zalpha, zx.data(), incx, zy.data(), incy, out.data(), n);
  });
  expect_same_without_malloc("zgerc row-major", za, [&](std::vector<z> &out) {
    cblas_zgerc(CblasRowMajor, n / 2, n, &zalpha, zx.data(), incx, zy.data(), incy, out.data(), n);
  });
  expect_same_without_malloc("dsyr", a, [&](std::vector<double> &out) {
    cblas_dsyr(C, CblasUpper, n, 2.0, x.data(), incx, out.data(), m);
  });
  expect_same_without_malloc("dsyr2", a, [&](std::vector<double> &out) {
    cblas_dsyr2(C, CblasLower, n, 2.0, x.data(), incx, y.data(), incy, out.data(), m);
  });
  expect_same_without_malloc("zher", za, [&](std::vector<z> &out) {
    cblas_zher(C, CblasUpper, n, 2.0, zx.data(), incx, out.data(), n);
  });
  expect_same_without_malloc("zher2", za, [&](std::vector<z> &out) {
    cblas_zher2(C, CblasLower, n, &zalpha, zx.data(), incx, zy.data(), incy, out.data(), n);
  });
  tileblas_set_num_threads(0);
}

// Long unit-stride reductions sum fixed chunks and add the chunk sums in
// order: with no memory for a list of chunk sums, the same bits.
TEST(OutOfMemory, Level1ReductionsWithoutMalloc) {
  tileblas_set_num_threads(1);
  const int n = 300000;  // about 9 chunks of 32K
  const auto x = reltest::random_matrix<double>(std::size_t(n) * 2, 7);
  const auto y = reltest::random_matrix<double>(std::size_t(n) * 2, 8);
  const auto fx = reltest::random_matrix<float>(n, 7), fy = reltest::random_matrix<float>(n, 8);
  double got[9] = {}, want[9] = {};
  auto calls = [&](double *out) {
    out[0] = cblas_ddot(n, x.data(), 1, y.data(), 1);
    out[1] = cblas_sdot(n, fx.data(), 1, fy.data(), 1);
    out[2] = cblas_dnrm2(n, x.data(), 1);
    out[3] = cblas_dasum(n, x.data(), 1);
    out[4] = double(cblas_idamax(n, x.data(), 1));
    out[5] = cblas_dznrm2(n, x.data(), 1);
    out[6] = double(cblas_izamax(n, x.data(), 1));
    double dotc[2];
    cblas_zdotc_sub(n, x.data(), 1, y.data(), 1, dotc);
    out[7] = dotc[0];
    out[8] = dotc[1];
  };
  calls(want);
  ASSERT_TRUE(without_malloc([&] { calls(got); }));
  for (int i = 0; i < 9; ++i) EXPECT_EQ(got[i], want[i]) << "result " << i;
  tileblas_set_num_threads(0);
}

}  // namespace

namespace {

// symv / hemv on threads add column slices into private ys from the pack
// buffer pool; with none to be had the call runs as one slice on one thread:
// the same answer up to rounding.  (Its own process: the pool starts empty.)
TEST(OutOfMemory, SymvSlicesWithoutScratch) {
  start_thread_team(2);
  const int n = 700;  // 4 slices
  const auto a = reltest::random_matrix<double>(std::size_t(n) * n, 5);
  const auto x = reltest::random_matrix<double>(n, 6), y0 = reltest::random_matrix<double>(n, 7);
  auto starved = y0, normal = y0;
  g_refuse_aligned_alloc = true;
  cblas_dsymv(CblasColMajor, CblasLower, n, 1.5, a.data(), n, x.data(), 1, 0.5, starved.data(), 1);
  g_refuse_aligned_alloc = false;
  cblas_dsymv(CblasColMajor, CblasLower, n, 1.5, a.data(), n, x.data(), 1, 0.5, normal.data(), 1);
  for (int i = 0; i < n; ++i) ASSERT_NEAR(starved[i], normal[i], 1e-12 * n) << "y[" << i << "]";
  tileblas_set_num_threads(0);
}

}  // namespace
