#!/bin/sh
# valgrind_test.sh NUMERICS BAD_INPUT CONCURRENCY [BAD_INPUT_EVERY_ROUTINE] -- valgrind
# memcheck over a representative run of the reliability test programs (single-
# and multi-threaded gemm, every driver path, Level 1/2, every routine's
# error paths and smallest legal calls): no invalid
# read or write, no use of uninitialised values, no definite leak.
#
# Valgrind cannot run AVX-512; its CPUID hides it, so the library's detection
# picks the AVX2 (or generic) kernels, which is what runs here.  Left out, to
# keep this near half a minute (valgrind is ~50x slower): the timing and the
# thread-count reproducibility checks, and the sparse 16 GiB mappings (beyond
# valgrind's address-space limit).  Exit 77 (CTest SKIP) without valgrind.
set -u
if ! command -v valgrind >/dev/null 2>&1; then
    echo "SKIP: valgrind not installed (apt-get install valgrind)"
    exit 77
fi

# definite leaks only: libgomp's pooled worker threads are still alive at
# exit, and their stacks count as "possibly lost" by design.
vg="valgrind --tool=memcheck --error-exitcode=99 --leak-check=full \
    --errors-for-leak-kinds=definite --show-leak-kinds=definite --track-origins=yes -q"

status=0
run() {
    echo "=== valgrind $*"
    # shellcheck disable=SC2086
    env TILEBLAS_TEST_SKIP_TIMING=1 TILEBLAS_TEST_REPEATS=1 $vg "$@" || { echo "FAIL: $*"; status=1; }
}
run "$1" --gtest_brief=1 --gtest_filter=Numerics.NanAndInf*:Numerics.AlphaZero*:Numerics.BetaZero*
run "$2" --gtest_brief=1 --gtest_filter=-*TwoToThe31*
run "$3" --gtest_brief=1
# Every routine's legal call at the minimum leading dimensions, and its bad calls.
[ $# -ge 4 ] && run "$4" --gtest_brief=1
[ "$status" -eq 0 ] && echo "PASS: memcheck clean"
exit $status
