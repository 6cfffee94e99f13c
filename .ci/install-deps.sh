#!/usr/bin/env bash
# install-deps.sh -- everything tileblas's build, tests and benchmark need on
# a fresh Debian 12 machine.  Idempotent: installs only what is missing.
#   --bench  also the peer libraries the benchmark compares against
set -euo pipefail

APT_PKGS=(cmake g++ make gfortran libgtest-dev python3-numpy libblas3 libblas-test valgrind
          liblapack3 liblapack-test python3-scipy python3-pytest python3-hypothesis
          clang libclang-rt-14-dev python3-threadpoolctl)
PIP_PKGS=()
if [[ "${1:-}" == "--bench" ]]; then
  APT_PKGS+=(libopenblas0-pthread libblis4-pthread)
  PIP_PKGS+=(scipy-openblas32 mkl)
fi

missing=()
for p in "${APT_PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  if [[ $(id -u) != 0 ]]; then
    echo "install-deps: missing Debian packages: ${missing[*]} (run as root or install them)" >&2
    exit 1
  fi
  echo "install-deps: apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >/dev/null
  apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
fi

if ((${#PIP_PKGS[@]})); then
  PY=$(command -v python3)
  for p in "${PIP_PKGS[@]}"; do
    "$PY" -m pip show -q "$p" >/dev/null 2>&1 || "$PY" -m pip install -q "$p" 2>&1 | grep -v '^WARNING: Running pip as' || true
  done
fi
