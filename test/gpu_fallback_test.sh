#!/bin/sh
# gpu_fallback_test.sh CHECK LIBRARY MODULE -- the library without a usable
# GPU: every offload candidate is computed right on the CPU and the reasons
# are said where they should be.  MODULE is tileblas_cuda.so or "none"
# (built without CUDA).  On a machine with a working GPU the "no GPU" checks
# are skipped (the results are still checked).
set -u
check=$1 lib=$2 module=$3
status=0
err=$(mktemp)
trap 'rm -f "$err"' EXIT

run() {  # run ENV... : the check program must pass
    if ! env "$@" "$check" >/dev/null 2>"$err"; then
        echo "FAIL: results wrong with $*"; cat "$err"; status=1
    fi
}
expect_message() {  # expect_message REGEX WHAT
    if ! grep -E -q "$1" "$err"; then
        echo "FAIL: $2: stderr does not match '$1':"; cat "$err"; status=1
    else
        echo "ok: $2"
    fi
}

# 1. The core library never links CUDA (the module is dlopened on demand).
if readelf -d "$lib" | grep -E -i 'NEEDED.*lib(cuda|cudart|cublas)' ; then
    echo "FAIL: $lib has a NEEDED entry for CUDA"; status=1
fi
# The module carries the CUDA runtime statically: it needs only libc & co.,
# and loads libcuda.so.1 itself when it initialises.
if [ "$module" != none ]; then
    if readelf -d "$module" | grep -E -i 'NEEDED.*lib(cuda|cudart|cublas)' ; then
        echo "FAIL: $module has a NEEDED entry for CUDA"; status=1
    fi
    exports=$(nm -D --defined-only "$module" | awk '$2 ~ /^[TDBR]$/ {print $3}' | sort)
    if [ "$exports" != "tileblas_cuda_module" ]; then
        echo "FAIL: $module exports more than tileblas_cuda_module:"; echo "$exports"; status=1
    fi
fi

# 2. Default (auto, quiet): right answers, nothing on stderr.
run TILEBLAS_VERBOSE=0
if [ -s "$err" ]; then echo "FAIL: quiet run wrote to stderr:"; cat "$err"; status=1; fi

# 3. The module cannot be loaded: forced GPU says why, at any verbosity.
run TILEBLAS_BACKEND=gpu TILEBLAS_CUDA_MODULE=/nonexistent/tileblas_cuda.so
expect_message "TILEBLAS_BACKEND=gpu but no usable GPU \(cannot load /nonexistent" "missing module reported"

# 4. The real module on a machine without a GPU or driver.
if [ "$module" != none ] && ! nvidia-smi >/dev/null 2>&1; then
    run TILEBLAS_BACKEND=gpu
    expect_message "TILEBLAS_BACKEND=gpu but no usable GPU" "no GPU reported"
    run TILEBLAS_VERBOSE=1 LD_LIBRARY_PATH=
    expect_message "GPU not used: " "verbose auto says why the GPU is not used"
fi

# 5. cpu never loads the module; an unknown value is reported and means auto.
run TILEBLAS_BACKEND=cpu TILEBLAS_VERBOSE=1 TILEBLAS_CUDA_MODULE=/nonexistent/x.so
if grep -q "GPU" "$err"; then echo "FAIL: TILEBLAS_BACKEND=cpu looked for a GPU:"; cat "$err"; status=1; fi
run TILEBLAS_BACKEND=tpu
expect_message "TILEBLAS_BACKEND=tpu is not auto, cpu or gpu" "bad backend value reported"

[ $status -eq 0 ] && echo "gpu_fallback: all checks passed"
exit $status
