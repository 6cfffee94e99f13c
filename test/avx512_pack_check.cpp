// avx512_pack_check.cpp -- avx512_pack_test's comparisons, the one file of
// the test built with the AVX-512 kernel files' ISA flags (the test's own
// code must run on any CPU, to skip where there is no AVX-512).
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "avx512/pack_b_avx512.hpp"
#include "avx512/vec_avx512.hpp"

namespace {

using tileblas::index_t;

// The first mismatch between the AVX-512 and the portable packer of
// NR-column slivers, or "".
template <class V, int NR>
std::string first_mismatch() {
  using T = typename V::T;
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> value(-1, 1);
  for (index_t depth : {1, 5, 7, 8, 9, 15, 16, 17, 31, 33, 64, 100})
    for (index_t cols : {1, NR - 1, NR, NR + 1, 2 * NR + 3, 5 * NR})
      for (bool column_major : {true, false}) {
        if (cols <= 0) continue;
        // op(B) element (p, j) at src[p*rs + j*cs], the leading dimension
        // past the minimum.
        const index_t ld = (column_major ? depth : cols) + 3;
        const index_t rs = column_major ? 1 : ld, cs = column_major ? ld : 1;
        std::vector<T> src(ld * (column_major ? cols : depth));
        for (T &x : src) x = T(value(rng));
        // A guard past the packed block must stay as it was.
        const index_t size = (cols + NR - 1) / NR * NR * depth;
        std::vector<T> want(size + 16, T(-7)), got(size + 16, T(-7));
        tileblas::pack_b<T, NR>(depth, cols, src.data(), rs, cs, want.data());
        tileblas::avx512::pack_b_rows<V, NR>(depth, cols, src.data(), rs, cs, got.data());
        if (std::memcmp(want.data(), got.data(), sizeof(T) * want.size()) != 0)
          return "NR=" + std::to_string(NR) + " depth=" + std::to_string(depth) +
                 " cols=" + std::to_string(cols) + " column_major=" + std::to_string(column_major);
      }
  return "";
}

template <class V>
std::string first_mismatch_any_width() {
  for (const std::string &m :
       {first_mismatch<V, 1>(), first_mismatch<V, 2>(), first_mismatch<V, 3>(),
        first_mismatch<V, 4>(), first_mismatch<V, 5>(), first_mismatch<V, 6>(),
        first_mismatch<V, 7>(), first_mismatch<V, 8>()})
    if (!m.empty()) return m;
  return "";
}

}  // namespace

std::string avx512_float_packing_mismatch() {
  return first_mismatch_any_width<tileblas::avx512::VecFloat>();
}
std::string avx512_double_packing_mismatch() {
  return first_mismatch_any_width<tileblas::avx512::VecDouble>();
}
