#!/usr/bin/env bash
# Runs tileblas-bench with OpenBLAS's tuning overrides removed.
#
# The environment sets OPENBLAS_CORETYPE (and maybe OPENBLAS_L2_SIZE) so the
# old Debian OpenBLAS behaves in the tests; for a benchmark they would force
# both OpenBLAS peers onto older kernels and make tileblas look better than it
# is.  Everything after the options goes to the program (see --help).
#
# usage: benchmark/run.sh [--build-dir DIR] [--quick | --full] [args...]
#   DIR defaults to $TILEBLAS_BUILD_DIR, else <repo>/build.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=${TILEBLAS_BUILD_DIR:-$here/../build}
if [[ ${1:-} == --build-dir ]]; then
    [[ $# -ge 2 ]] || { echo "--build-dir needs a directory" >&2; exit 2; }
    build=$2
    shift 2
fi

exe=$build/benchmark/tileblas-bench
if [[ ! -x $exe ]]; then
    echo "run.sh: $exe not found; configure with -DBUILD_BENCHMARKS=ON and build," >&2
    echo "        or pass --build-dir DIR" >&2
    exit 1
fi
exec env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE "$exe" "$@"
