#!/usr/bin/env bash
# run_all.sh -- the README's test command: installs missing dependencies,
# builds tileblas (Release, with tests) in build/, and runs every test with CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash .ci/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=ON >/dev/null
cmake --build build -j"$(nproc)"
ctest --test-dir build --output-on-failure -j"$(nproc)" "$@"
