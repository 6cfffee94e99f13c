// avx512_pack_test.cpp -- the AVX-512 B packer (kernels/x86_64/avx512/
// pack_b_avx512.hpp) and the column-to-row stores under it, against the
// portable packer (src/pack.hpp) bit for bit: float and double, slivers of
// 1-8 columns (the Zen 5 tiles' 8 included, whose packed path runs through
// the library only on Zen 5), depths around the vector width, a partial
// last sliver, column-major and strided B, nothing written past the block.
// The comparisons are in avx512_pack_check.cpp (built with the kernels' ISA
// flags); skipped where the CPU has no AVX-512.
#include <gtest/gtest.h>

#include <string>

std::string avx512_float_packing_mismatch();
std::string avx512_double_packing_mismatch();

namespace {

bool has_avx512() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
         __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl");
}

TEST(Avx512PackB, FloatMatchesPortablePacker) {
  if (!has_avx512()) GTEST_SKIP() << "no AVX-512 on this CPU";
  EXPECT_EQ("", avx512_float_packing_mismatch());
}

TEST(Avx512PackB, DoubleMatchesPortablePacker) {
  if (!has_avx512()) GTEST_SKIP() << "no AVX-512 on this CPU";
  EXPECT_EQ("", avx512_double_packing_mismatch());
}

}  // namespace
