#!/bin/bash
# benchmark/gpu/run.sh -- the one GPU check, for a machine with an NVIDIA GPU:
# builds the library and the CUDA module, runs the GPU tests (CTest label
# "gpu", plus the CPU fallback checks), benchmarks the kernels against cuBLAS
# on device memory and host-memory sgemm/dgemm against NVBLAS, and writes
# everything under $OUT (default build-gpu/out):
#   summary.md        tables: kernels vs cuBLAS, host memory vs NVBLAS
#   ctest.log, build.log, bench_*.log, nvidia-smi.txt, verbose.log
#
#   bash benchmark/gpu/run.sh [--quick]     (--quick: 4096 only, fewer runs)
#
# The GPU machine may lack GoogleTest: `bash benchmark/gpu/run.sh --prepare`
# on a machine that has it (Debian's libgtest-dev) copies its source into
# .gpu-carry/ (git-ignored), which this script builds first when needed.
set -u -o pipefail
cd "$(dirname "$0")/../.."
root=$PWD
carry=$root/.gpu-carry

if [ "${1:-}" = "--prepare" ]; then
    mkdir -p "$carry" && cp -r /usr/src/googletest "$carry/" && echo "copied GoogleTest into $carry"
    exit 0
fi
quick=0
[ "${1:-}" = "--quick" ] && quick=1

build=$root/build-gpu
out=${OUT:-$build/out}
mkdir -p "$out"
summary=$out/summary.md
: >"$summary"
jobs=$(nproc)
start=$(date +%s)
stamp() { echo "[$(( $(date +%s) - start )) s] $*"; }

nvidia-smi >"$out/nvidia-smi.txt" 2>&1 || { echo "no nvidia-smi: not a GPU machine"; exit 77; }
gpu=$(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | head -1)
stamp "GPU: $gpu"

# GoogleTest: the system's, else the carried source built into a prefix.
prefix_args=()
if ! ls /usr/lib/*/libgtest.a /usr/lib/libgtest.a /usr/local/lib/libgtest.a >/dev/null 2>&1; then
    if [ -d "$carry/googletest" ]; then
        stamp "building the carried GoogleTest"
        cmake -S "$carry/googletest" -B /tmp/gtest-build -DCMAKE_INSTALL_PREFIX=/tmp/gtest \
            -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build /tmp/gtest-build -j"$jobs" \
            --target install >/dev/null || echo "GoogleTest build failed"
        prefix_args=(-DCMAKE_PREFIX_PATH=/tmp/gtest)
    else
        echo "no GoogleTest and no $carry/googletest: tests will not build"
    fi
fi

# Only the GPU's own machine code: a third of the fat binary's build time.
sm=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d '.')
archs=$sm
[ "$sm" = 90 ] && archs=90a
stamp "configure (CUDA_ARCHS=$archs)"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DBUILD_CUDA=ON -DCUDA_ARCHS="$archs" \
    -DBUILD_TESTING=ON -DBUILD_BENCHMARKS=ON "${prefix_args[@]}" >"$out/build.log" 2>&1 \
    || { tail -30 "$out/build.log"; exit 1; }
targets=(tileblas tileblas_cuda bench_gpu bench_host gpu_fallback_check gpu_policy_test gpu_offload_test)
for t in simt_kernel_test mma_sync_kernel_test wgmma_kernel_test; do
    [ -f "test/gpu/$t.cpp" ] && targets+=("$t")
done
stamp "build: ${targets[*]}"
cmake --build "$build" -j"$jobs" --target "${targets[@]}" >>"$out/build.log" 2>&1 \
    || { grep -E "error|Error" "$out/build.log" | head -30; exit 1; }
grep -E "registers|spill|bytes stack" "$out/build.log" >"$out/ptxas.txt" || true

stamp "GPU tests"
# Short per-test limits: a kernel that deadlocks (a lost mbarrier phase, say)
# must not eat a lease of a few minutes.
ctest --test-dir "$build" -L gpu -R "gpu|kernel" --output-on-failure --timeout 90 \
    >"$out/ctest.log" 2>&1
ctest --test-dir "$build" -R "gpu_policy|gpu_fallback" --output-on-failure >>"$out/ctest.log" 2>&1
grep -E "tests passed|tests failed|\*\*\*Failed|Passed|Skipped" "$out/ctest.log" | tail -20

stamp "what the library says about the GPU (TILEBLAS_VERBOSE=2)"
TILEBLAS_VERBOSE=2 "$build/test/gpu_fallback_check" >"$out/verbose.log" 2>&1
grep -E "GPU|offload" "$out/verbose.log" | head -20

sizes=1024,2048,4096,8192; reps=20; host_sizes=4096,8192,16384
[ $quick = 1 ] && { sizes=4096; reps=10; host_sizes=8192; }
stamp "kernels vs cuBLAS (device memory)"
{
    echo "## $gpu — kernels vs cuBLAS, device memory ($(date -u +%F))"
    echo
    timeout 240 "$build/benchmark/gpu/bench_gpu" --sizes "$sizes" --reps "$reps" \
        || echo "(bench_gpu stopped: exit $?)"
    echo
} 2>"$out/bench_gpu.log" | tee -a "$summary"

stamp "host memory: tileblas vs NVBLAS"
cat >"$out/nvblas.conf" <<CONF
NVBLAS_LOGFILE $out/nvblas.log
NVBLAS_CPU_BLAS_LIB $build/libtileblas.so
NVBLAS_GPU_LIST ALL
NVBLAS_AUTOPIN_MEM_ENABLED
CONF
nvblas=$(ls /usr/local/cuda/lib64/libnvblas.so* 2>/dev/null | head -1)
{
    echo "## $gpu — host-memory GEMM end to end (seconds, median of runs after a warm-up)"
    echo
    echo "| library | routine | n | seconds | GFLOP/s | spot error |"
    echo "|---|---|---|---|---|---|"
    LD_PRELOAD=$build/libtileblas.so timeout 150 "$build/benchmark/gpu/bench_host" tileblas \
        --sizes "$host_sizes" | grep '^|'
    if [ -n "$nvblas" ]; then
        # NVBLAS's CPU BLAS is tileblas, kept on the CPU so only NVBLAS uses the GPU.
        NVBLAS_CONFIG_FILE=$out/nvblas.conf TILEBLAS_BACKEND=cpu LD_PRELOAD=$nvblas \
            timeout 150 "$build/benchmark/gpu/bench_host" nvblas --sizes "$host_sizes" | grep '^|'
    else
        echo "| nvblas | - | - | libnvblas.so not found | - | - |"
    fi
    echo
} 2>"$out/bench_host.log" | tee -a "$summary"
stamp "done; results in $out"
