#!/bin/sh
# fork_multiprocessing_test.sh LIBRARY SCRIPT -- Debian's python3 + numpy with
# tileblas preloaded runs SCRIPT (multiprocessing with the fork start method).
# A hang is a failure (timeout), and the per-call trace must show that the
# products ran in tileblas (in the parent and in the forked workers).
# Exit 77 (CTest SKIP) when /usr/bin/python3 has no numpy.
set -u
lib=$1
script=$2
py=/usr/bin/python3
rounds=10

if [ ! -x "$py" ] || ! "$py" -c 'import numpy' >/dev/null 2>&1; then
    echo "SKIP: $py with numpy not available (apt-get install python3-numpy)"
    exit 77
fi

err=$(mktemp)
trap 'rm -f "$err"' EXIT INT TERM
# timeout: Pool.get() already times out per round; this catches a hang
# anywhere else (pool shutdown, interpreter exit).
LD_PRELOAD="$lib" TILEBLAS_VERBOSE=2 timeout -k 5 180 "$py" "$script" "$lib" "$rounds" 2>"$err"
rc=$?
grep -v '^tileblas: ' "$err" | head -n 40
traces=$(grep -cE '^tileblas: (cblas_[sd]gemm|[sd]gemm_)' "$err")
echo "--- $traces gemm trace lines ---"
if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    echo "FAIL: python hung (killed after 180 s)"
    exit 1
fi
if [ "$rc" -ne 0 ]; then
    echo "FAIL: python exited with $rc"
    exit 1
fi
# 2 parent + 4 worker products a round, each one trace line.
if [ "$traces" -lt $((rounds * 6)) ]; then
    echo "FAIL: only $traces gemm calls reached tileblas, expected at least $((rounds * 6))"
    exit 1
fi
exit 0
