#!/bin/sh
# threadpoolctl_test.sh LIBRARY CHECK_SCRIPT PYTHON_DIR -- threadpoolctl
# (PyPI; Debian: python3-threadpoolctl) sees and limits tileblas once
# python/tileblas_threadpoolctl.{py,pth} are in a site-packages folder (here a
# throwaway user site, PYTHONUSERBASE), with no change to the program:
#   1. LD_PRELOAD=libtileblas.so (NumPy's BLAS calls when it has NumPy);
#   2. a folder with libblas.so.3 -> libtileblas.so on LD_LIBRARY_PATH, as
#      the README sets it up for programs linked with -lblas.
# Every interpreter among /usr/bin/python3 and python3 on PATH that can
# import threadpoolctl is tried; exit 77 (CTest SKIP) when none can.
set -u
lib=$1
check=$2
pydir=$3

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
ln -s "$(realpath "$lib")" "$tmp/libblas.so.3"

tried=0
status=0
seen=""
for py in /usr/bin/python3 $(command -v python3 2>/dev/null); do
    [ -x "$py" ] || continue
    real=$(realpath "$py")
    case " $seen " in *" $real "*) continue ;; esac
    seen="$seen $real"
    "$py" -c 'import threadpoolctl' >/dev/null 2>&1 || { echo "($py: no threadpoolctl)"; continue; }
    base="$tmp/userbase-$tried"
    site=$(PYTHONUSERBASE="$base" "$py" -c 'import site; print(site.getusersitepackages())')
    mkdir -p "$site"
    cp "$pydir/tileblas_threadpoolctl.py" "$pydir/tileblas_threadpoolctl.pth" "$site/"
    tried=$((tried + 1))
    echo "== $py, LD_PRELOAD"
    PYTHONUSERBASE="$base" LD_PRELOAD="$lib" "$py" "$check" "$lib" || status=1
    echo "== $py, libblas.so.3 symlink on LD_LIBRARY_PATH"
    PYTHONUSERBASE="$base" LD_LIBRARY_PATH="$tmp${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
        "$py" "$check" "$lib" libblas.so.3 || status=1
done
if [ "$tried" -eq 0 ]; then
    echo "SKIP: no python3 with threadpoolctl (apt-get install python3-threadpoolctl, or pip install threadpoolctl)"
    exit 77
fi
exit $status
