#!/bin/sh
# numpy_preload_test.sh LIBRARY SCRIPT -- Debian's python3 + numpy with
# tileblas preloaded: the products must be right (SCRIPT checks them) and the
# per-call trace (TILEBLAS_VERBOSE=2) must show numpy's matmul ran tileblas's
# sgemm and dgemm.  Exit 77 (CTest SKIP) when /usr/bin/python3 has no numpy.
set -u
lib=$1
script=$2
py=/usr/bin/python3

if [ ! -x "$py" ] || ! "$py" -c 'import numpy' >/dev/null 2>&1; then
    echo "SKIP: $py with numpy not available (apt-get install python3-numpy)"
    exit 77
fi
if [ ! -f "$lib" ]; then
    echo "FAIL: library $lib not found"
    exit 1
fi

err=$(mktemp)
trap 'rm -f "$err"' EXIT INT TERM

LD_PRELOAD="$lib" TILEBLAS_VERBOSE=2 "$py" "$script" "$lib" 2>"$err"
rc=$?
echo "--- stderr (first 40 lines) ---"
head -n 40 "$err"
echo "--- $(grep -c '^tileblas: ' "$err") trace lines ---"
if [ "$rc" -ne 0 ]; then
    echo "FAIL: python exited with $rc"
    exit 1
fi

status=0
for r in sgemm dgemm; do
    # Per-call lines name the entry point first ("tileblas: cblas_sgemm ..."
    # or "tileblas: sgemm_ ..."); the start-up lines of TILEBLAS_VERBOSE=1 do not.
    if ! grep -E "^tileblas: (cblas_${r}|${r}_)( |\$)" "$err" >/dev/null; then
        echo "FAIL: no 'tileblas: cblas_${r} ...' trace line: numpy's matmul did not reach tileblas's ${r}"
        status=1
    fi
done
[ "$status" -eq 0 ] && echo "PASS: numpy used tileblas sgemm and dgemm"
exit $status
