#!/bin/sh
# sanitizer_tree_test.sh MODE SOURCE_DIR WORK_DIR -- builds a second tree of
# the whole project with -DTILEBLAS_SANITIZE=MODE in WORK_DIR/sanitize-MODE
# (library and test programs instrumented) and runs its test programs.
#
#   address: ASan + UBSan (+ LeakSanitizer, on by default with ASan on Linux)
#            over the main gtest programs and the reliability ones.
#   thread:  TSan over the 32-thread concurrency test.  Built with
#            USE_OPENMP=OFF: GNU libgomp is not TSan-instrumented, so TSan
#            cannot see the ordering its barriers give and would flag every
#            packed panel shared by a team as a race.  What TSan checks here
#            is what application threads share inside the library (pack
#            buffer pool, thread settings, one-time initialisation).
#
# The tree is kept between runs, so a rerun only rebuilds what changed.
set -eu
mode=$1
src=$2
dir=$3/sanitize-$mode
jobs=$(nproc 2>/dev/null || echo 2)

case $mode in
address)
    extra="-DUSE_OPENMP=ON"
    programs="gemm_reference_test gemm_xerbla_test gemm_quick_return_test level1_test
              level2_test level3_test dlopen_test fork_test concurrency_test
              bad_input_test bad_input_every_routine_test numerics_test"
    # halt_on_error: the first report fails the program (and the test).
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:detect_stack_use_after_return=0
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    ;;
thread)
    extra="-DUSE_OPENMP=OFF"
    programs="concurrency_test"
    export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
    ;;
*)
    echo "usage: $0 address|thread SOURCE_DIR WORK_DIR" >&2
    exit 2
    ;;
esac

echo "=== configure $dir"
cmake -S "$src" -B "$dir" -DTILEBLAS_SANITIZE="$mode" -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_TESTING=ON -DBUILD_BENCHMARKS=OFF -DBUILD_CUDA=OFF $extra >"$dir.configure.log" 2>&1 ||
    { cat "$dir.configure.log"; exit 1; }
echo "=== build ($jobs jobs): $programs"
# shellcheck disable=SC2086
nice cmake --build "$dir" -j"$jobs" --target $programs >"$dir.build.log" 2>&1 ||
    { grep -E 'error|Error' "$dir.build.log" | head -n 40; exit 1; }

# Timing checks mean nothing under a sanitizer's slowdown; fewer repeats.
export TILEBLAS_TEST_SKIP_TIMING=1 TILEBLAS_TEST_REPEATS=3
status=0
for p in $programs; do
    exe=$(find "$dir/test" -type f -name "$p" -perm -u+x | head -n 1)
    if [ -z "$exe" ]; then
        echo "FAIL: $p was not built"
        status=1
        continue
    fi
    start=$(date +%s)
    if "$exe" --gtest_brief=1 >"$dir/$p.log" 2>&1; then
        echo "ok   $p ($(($(date +%s) - start)) s)"
    else
        echo "FAIL $p ($(($(date +%s) - start)) s):"
        tail -n 60 "$dir/$p.log"
        status=1
    fi
done
exit $status
