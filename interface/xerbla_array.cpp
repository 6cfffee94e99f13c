// xerbla_array.cpp -- XERBLA_ARRAY: the XERBLA for callers (C, LAPACKE) that
// hold the routine name as a character array of given length.  Like the
// reference it forwards at most 32 characters, blank-padded, to the xerbla_
// the process resolves (which may be the program's own).
#include <algorithm>
#include <cstring>

#include "abi.hpp"

extern "C" __attribute__((visibility("default"))) void xerbla_array_(const char *srname_array,
                                                                     const int *srname_len,
                                                                     const int *info,
                                                                     std::size_t) {
  char name[32];
  std::memset(name, ' ', sizeof name);
  const int len = std::clamp(*srname_len, 0, static_cast<int>(sizeof name));
  std::memcpy(name, srname_array, static_cast<std::size_t>(len));
  xerbla_(name, info, sizeof name);
}
