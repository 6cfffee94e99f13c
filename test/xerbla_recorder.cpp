// xerbla_recorder.cpp -- see xerbla_recorder.h.  The executable is linked with
// ENABLE_EXPORTS and these definitions have default visibility (whatever
// visibility preset the top level sets), so they are in its dynamic symbol
// table and win over the library's.
#include "xerbla_recorder.h"

#include <cblas.h>

#include <cstdarg>
#include <cstdio>

extern "C" {
// The reference CBLAS's "row-major call in progress" flag; weak so the tests
// also link against a library that does not export it.
extern int RowMajorStrg __attribute__((weak));
}

namespace tbtest {

std::vector<XerblaCall> &xerbla_calls() {
    static std::vector<XerblaCall> calls;
    return calls;
}

void clear_xerbla_calls() { xerbla_calls().clear(); }

bool have_row_major_strg() { return &RowMajorStrg != nullptr; }

static int row_major_now() { return have_row_major_strg() ? RowMajorStrg : -1; }

} // namespace tbtest

extern "C" __attribute__((visibility("default"))) void xerbla_(const char *srname, const int *info, size_t len) {
    tbtest::XerblaCall c;
    c.from_cblas = false;
    c.name = srname ? std::string(srname, len) : std::string("(null)");
    c.len = len;
    c.info = info ? *info : -12345;
    c.row_major_strg = tbtest::row_major_now();
    tbtest::xerbla_calls().push_back(c);
}

extern "C" __attribute__((visibility("default"))) void cblas_xerbla(int p, const char *rout, const char *form, ...) {
    tbtest::XerblaCall c;
    c.from_cblas = true;
    c.name = rout ? std::string(rout) : std::string("(null)");
    c.len = 0;
    c.info = p;
    c.row_major_strg = tbtest::row_major_now();
    if (form) {
        char buf[512];
        va_list ap;
        va_start(ap, form);
        std::vsnprintf(buf, sizeof buf, form, ap);
        va_end(ap);
        c.message = buf;
    }
    tbtest::xerbla_calls().push_back(c);
}
