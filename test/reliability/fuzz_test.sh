#!/bin/sh
# fuzz_test.sh LIBRARY SOURCE_DIR WORK_DIR -- builds the differential BLAS
# fuzzer (test/reliability/fuzz/*.cpp: s/d dot, axpy, gemv, ger, symv, trmv,
# trsv, gemm, syrk, symm, trmm, trsm and c/z dotu, dotc, axpy, gemv, hemv,
# her, her2, geru, gerc, trmv, trsv, gemm, syrk, herk, syr2k, her2k, symm,
# hemm, trmm, trsm against the netlib reference)
# with clang's libFuzzer + ASan + UBSan against the built LIBRARY and runs it
# for TILEBLAS_FUZZ_SECONDS (default 60) seconds, starting from the corpus
# kept in the repository (test/fuzz/corpus); new inputs go to
# WORK_DIR/fuzz-corpus, crashes to WORK_DIR/fuzz-artifacts.
#
# The library is the ordinary (g++) build: its coverage is not traced, so the
# search is guided by the harness's own branches (routine, options, layout,
# size classes, scalars); the check itself is the full differential one.
# Release check: TILEBLAS_FUZZ_SECONDS=3600 ctest -R reliability_fuzz_blas
# (or run WORK_DIR/blas_fuzz by hand with -jobs=N).  To see what an input is:
# TILEBLAS_FUZZ_VERBOSE=1 WORK_DIR/blas_fuzz FILE.  To keep an input that
# found a bug, copy it into test/fuzz/corpus.
# Exit 77 (CTest SKIP) without clang, libFuzzer or the reference BLAS.
set -u
lib=$1
src=$2
work=$3
netlib=/usr/lib/x86_64-linux-gnu/blas/libblas.so.3
seconds=${TILEBLAS_FUZZ_SECONDS:-60}

command -v clang++ >/dev/null 2>&1 || { echo "SKIP: clang++ not installed"; exit 77; }
[ -f "$netlib" ] || { echo "SKIP: reference BLAS $netlib missing (apt-get install libblas3)"; exit 77; }

mkdir -p "$work/fuzz-corpus" "$work/fuzz-artifacts"
libdir=$(dirname "$lib")
if ! clang++ -std=c++17 -O1 -g -Wall -Wextra -fsanitize=fuzzer,address,undefined \
        -fno-sanitize-recover=undefined -I"$src/include" \
        "$src"/test/reliability/fuzz/*.cpp -o "$work/blas_fuzz" \
        -L"$libdir" -l:"$(basename "$lib")" -Wl,-rpath,"$libdir" -ldl \
        >"$work/blas_fuzz.build.log" 2>&1; then
    if grep -q -e 'fuzzer' -e 'cannot find' "$work/blas_fuzz.build.log"; then
        cat "$work/blas_fuzz.build.log"
        echo "SKIP: clang's libFuzzer runtime is missing (apt-get install libclang-rt-14-dev)"
        exit 77
    fi
    cat "$work/blas_fuzz.build.log"
    exit 1
fi

# -timeout: one input taking this long counts as a hang (the largest cases
# take about a second).  -max_len: the longest input format is ~20 bytes.
# Leak detection stays on.  libFuzzer's own exit codes (77 for a crash)
# would read as SKIP to CTest.
"$work/blas_fuzz" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -max_len=64 \
    -error_exitcode=1 -timeout_exitcode=1 \
    -artifact_prefix="$work/fuzz-artifacts/" -print_final_stats=1 \
    "$work/fuzz-corpus" "$src/test/fuzz/corpus" >"$work/blas_fuzz.log" 2>&1
rc=$?
grep -E '^(MISMATCH|==[0-9]+==|SUMMARY|Done|stat::)|ERROR|runtime error' "$work/blas_fuzz.log" | head -n 60
if [ "$rc" -ne 0 ]; then
    echo "FAIL: fuzzer exited with $rc (log: $work/blas_fuzz.log, input in $work/fuzz-artifacts/)"
    exit 1
fi
echo "PASS: no mismatch in ${seconds} s"
