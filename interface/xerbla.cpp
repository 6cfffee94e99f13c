// xerbla.cpp -- the default error handlers and the reference CBLAS's globals.
// Both handlers are weak and exported: a program (or the netlib testers) that
// defines its own xerbla_ or cblas_xerbla gets every error report.  Ours print
// and return; a library must never exit() its host program.
#include <cctype>
#include <cstdarg>
#include <cstdio>
#include <cstring>

#include "abi.hpp"

__attribute__((visibility("default"))) int RowMajorStrg = 0;  // declared extern "C" in abi.hpp
__attribute__((visibility("default"))) int CBLAS_CallFromC = 0;  // likewise

namespace {

// A row-major CBLAS call checks its arguments as the transposed column-major
// call, so the number on the wire is that call's.  A handler translates it to
// the CBLAS prototype's numbering while RowMajorStrg is set, as the reference
// CBLAS (and the netlib testers' own handler) do.
int cblas_prototype_number(int info, const char *rout) {
  struct Swap {
    const char *routines[2];
    int pairs[4][2];
  };
  // ?gemmt has no M: only A and B (lda, ldb) trade places.  The reference
  // applies gemm's rule to it too, and so prints 4 for a bad N and 5 for a
  // bad TransB of a row-major call.
  static const Swap swaps[] = {
      {{"gemmt", nullptr}, {{9, 11}}},
      {{"gemm", nullptr}, {{4, 5}, {9, 11}}},
      {{"symm", "hemm"}, {{4, 5}}},
      {{"trmm", "trsm"}, {{6, 7}}},
      {{"gemv", nullptr}, {{3, 4}}},
      {{"gbmv", nullptr}, {{3, 4}, {5, 6}}},
      {{"ger", nullptr}, {{2, 3}, {6, 8}}},
      {{"her2", "hpr2"}, {{6, 8}}},
  };
  if (!RowMajorStrg) return info;
  for (const Swap &s : swaps) {
    bool match = false;
    for (const char *r : s.routines) match = match || (r && std::strstr(rout, r));
    if (!match || (std::strstr(rout, "her2k") && std::strcmp(s.routines[0], "her2") == 0))
      continue;
    for (const auto &pair : s.pairs) {
      if (info == pair[0] && pair[0] != 0) return pair[1];
      if (info == pair[1] && pair[1] != 0) return pair[0];
    }
    return info;
  }
  return info;
}

}  // namespace

extern "C" {

__attribute__((weak, visibility("default"))) void xerbla_(const char *srname, const int *info,
                                                          std::size_t srname_len) {
  int len = 0;
  while (len < static_cast<int>(srname_len) && len < 32 && srname[len] != ' ' && srname[len])
    ++len;
  std::fprintf(stderr, " ** On entry to %.*s parameter number %d had an illegal value\n", len,
               srname, *info);
}


__attribute__((weak, visibility("default"))) void cblas_xerbla(int info, const char *rout,
                                                               const char *form, ...) {
  std::fprintf(stderr, "Parameter %d to routine %s was incorrect\n",
               cblas_prototype_number(info, rout), rout);
  va_list args;
  va_start(args, form);
  std::vfprintf(stderr, form, args);
  va_end(args);
}

// LSAME from the reference BLAS (LAPACK calls it): case-insensitive A == B.
__attribute__((visibility("default"))) int lsame_(const char *ca, const char *cb, std::size_t,
                                                  std::size_t) {
  return std::toupper(static_cast<unsigned char>(*ca)) ==
         std::toupper(static_cast<unsigned char>(*cb));
}

}  // extern "C"

namespace tileblas::abi {

void fortran_error(const char *name, int info) {
  // Upper case, blank-padded to 6 as the netlib testers compare it
  // ("SGEMM "); longer names ("DGEMMTR", "SOMATCOPY") go whole, with their
  // true length, as the reference passes them.
  const std::size_t len = std::strlen(name);
  if (len >= 6) return xerbla_(name, &info, len);
  char padded[7] = "      ";
  std::memcpy(padded, name, len);
  xerbla_(padded, &info, 6);
}

void cblas_error(const char *name, int info, bool row_major) {
  // Written only on the error path: RowMajorStrg is a process-wide global
  // (reference CBLAS design), and writing it on every call would be a data
  // race between concurrent callers.
  RowMajorStrg = row_major ? 1 : 0;
  cblas_xerbla(info, name, "");
  RowMajorStrg = 0;  // as the reference leaves it when the call returns
}

}  // namespace tileblas::abi
