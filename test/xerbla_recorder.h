// xerbla_recorder.h -- the test program's own xerbla_ and cblas_xerbla
// (defined in xerbla_recorder.cpp).  The library's handlers are interposable,
// so its error reports land here instead of being printed.
#ifndef TILEBLAS_TEST_XERBLA_RECORDER_H
#define TILEBLAS_TEST_XERBLA_RECORDER_H

#include <cstddef>
#include <string>
#include <vector>

namespace tbtest {

struct XerblaCall {
    bool from_cblas;      // cblas_xerbla (true) or xerbla_ (false)
    std::string name;     // xerbla_: the len characters passed; cblas: the C string
    std::size_t len;      // xerbla_'s hidden length (0 for cblas_xerbla)
    int info;             // the number as passed
    int row_major_strg;   // RowMajorStrg at the time of the call, -1 if not exported
    std::string message;  // cblas_xerbla's formatted message
};

std::vector<XerblaCall> &xerbla_calls();
void clear_xerbla_calls();

// Whether the library exports RowMajorStrg (the reference CBLAS's flag).
bool have_row_major_strg();

} // namespace tbtest

#endif
