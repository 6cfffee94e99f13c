#!/usr/bin/env bash
# demo.sh -- the README's main job: installs missing dependencies (with the
# peer libraries), builds tileblas in build/, and runs a short sgemm/dgemm
# benchmark against OpenBLAS (Debian's and the newest from PyPI).
set -euo pipefail
cd "$(dirname "$0")/.."
bash .ci/install-deps.sh --bench
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" --target tileblas tileblas-bench
exec bash benchmark/run.sh --quick "$@"
