// out_of_memory_test.cpp -- no pack buffer can be had: gemm must still give
// the right answer (unpacked loops), say so once on stderr, and not abort.
// The address-space limit is lowered after the matrices exist, so only the
// library's own scratch allocations fail.  One thread: starting OpenMP
// workers under the limit would fail in libgomp, not in tileblas.
#include <sys/resource.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include <gtest/gtest.h>

#include "cblas.h"
#include "tileblas.h"

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

TEST(OutOfMemory, GemmFallsBackToUnpackedLoops) {
  tileblas_set_num_threads(1);
  const int n = 700;  // packed path; its B panel alone needs ~1.8 MB of scratch
  std::vector<double> a(std::size_t(n) * n), b(std::size_t(n) * n), c(std::size_t(n) * n, NAN);
  for (std::size_t i = 0; i < a.size(); ++i) {
    a[i] = double(i % 13) - 6.0;
    b[i] = double(i % 7) - 3.0;
  }
  // Leave 512 KiB of address space: less than any pack buffer this call wants.
  rlimit old{};
  ASSERT_EQ(getrlimit(RLIMIT_AS, &old), 0);
  rlimit low = old;
  low.rlim_cur = static_cast<rlim_t>(address_space_in_use() + (512 << 10));
  ASSERT_EQ(setrlimit(RLIMIT_AS, &low), 0);
  testing::internal::CaptureStderr();
  cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0, a.data(), n, b.data(), n,
              0.0, c.data(), n);
  const std::string said = testing::internal::GetCapturedStderr();
  ASSERT_EQ(setrlimit(RLIMIT_AS, &old), 0);

  EXPECT_NE(said.find("out of memory"), std::string::npos) << "stderr: " << said;
  for (int j = 0; j < n; j += 97)
    for (int i = 0; i < n; i += 89) {
      double ref = 0;
      for (int p = 0; p < n; ++p) ref += a[i + std::size_t(p) * n] * b[p + std::size_t(j) * n];
      ASSERT_EQ(c[i + std::size_t(j) * n], ref) << "C(" << i << "," << j << ")";  // small integers: exact
    }
}

}  // namespace
