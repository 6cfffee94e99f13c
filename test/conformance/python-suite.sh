#!/usr/bin/env bash
# python-suite.sh -- Debian's NumPy and SciPy with a BLAS library as their
# libblas.so.3: they import, the BLAS calls they make are served by that
# library, and the numpy.linalg / scipy.linalg test suites give no failure
# that the netlib reference BLAS (libblas3) does not give too.
#
# Usage: python-suite.sh [-m MODULES] [-t SECS] /path/to/libtileblas.so
#   -m MODULES  comma-separated pytest packages (default numpy.linalg,scipy.linalg)
#   -t SECS     timeout per pytest run (default 1500)
#
# Debian's numpy and scipy extension modules have DT_NEEDED libblas.so.3 and
# (scipy) liblapack.so.3, no RUNPATH: a temp dir with libblas.so.3 and
# libcblas.so.3 -> the library, and liblapack.so.3 -> Debian's reference
# LAPACK (not OpenBLAS's, which would bring its own BLAS) on LD_LIBRARY_PATH
# decides.  The run checks that in the python process itself: its
# /proc/self/maps must hold the library and no other BLAS, and with
# TILEBLAS_VERBOSE=2 the library must log the dgemm/zgemm a matmul makes.
# Exit: 0 pass, 1 fail, 2 setup error, 77 python3 numpy/scipy/pytest absent.
set -u
export LC_ALL=C

MODULES=numpy.linalg,scipy.linalg
TIMEOUT=1500
usage() { sed -n '2,/^set -u/{/^#/p}' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
while getopts ":m:t:h" opt; do
  case $opt in
    m) MODULES=$OPTARG ;;
    t) TIMEOUT=$OPTARG ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
LIB=$(realpath -e "$1" 2>/dev/null) || { echo "ERROR: no library at $1" >&2; exit 2; }

# Debian's interpreter, not a pyenv/venv one first on PATH.
PY=/usr/bin/python3
"$PY" -c 'import numpy, scipy.linalg, pytest, hypothesis' 2>/dev/null || {
  echo "SKIP: $PY lacks numpy/scipy/pytest/hypothesis (apt-get install python3-scipy python3-pytest python3-hypothesis)"
  exit 77; }
ARCHLIB=/usr/lib/$("$PY" -c 'import sysconfig; print(sysconfig.get_config_var("MULTIARCH"))')
REF_BLAS=$ARCHLIB/blas/libblas.so.3
REF_LAPACK=$ARCHLIB/lapack/liblapack.so.3
[ -f "$REF_BLAS" ] && [ -f "$REF_LAPACK" ] || {
  echo "SKIP: reference BLAS/LAPACK (libblas3, liblapack3) not found"; exit 77; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/python-suite.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
for side in ref lib; do
  mkdir -p "$WORK/$side"
  ln -s "$REF_LAPACK" "$WORK/$side/liblapack.so.3"
done
ln -s "$REF_BLAS" "$WORK/ref/libblas.so.3"
ln -s "$REF_BLAS" "$WORK/ref/libcblas.so.3"
ln -s "$LIB" "$WORK/lib/libblas.so.3"
ln -s "$LIB" "$WORK/lib/libcblas.so.3"

# 1. Import, compute, and prove who computed it.
cat > "$WORK/check.py" <<'EOF'
import re
import sys
import numpy as np
import scipy.linalg as sl

lib = sys.argv[1]
rng = np.random.default_rng(0)
a = rng.standard_normal((200, 200))
z = a + 1j * rng.standard_normal((200, 200))
x = sl.solve(a, a @ np.ones(200))           # dgemm (numpy) + dgesv (LAPACK -> BLAS)
assert np.allclose(x, 1.0), "solve result wrong"
assert np.allclose((z @ z.conj().T).imag.trace(), 0.0, atol=1e-8), "zgemm result wrong"
maps = open("/proc/self/maps").read()
# Shared libraries named like a BLAS (libblas, libopenblas, libblis, libmkl,
# libtileblas ...), not scipy's _fblas wrapper modules.
blas_objs = {path for path in (line.split()[-1] for line in maps.splitlines() if "/" in line)
             if re.match(r"lib(.*blas|blis|mkl)", path.rsplit("/", 1)[-1])}
print("BLAS objects mapped:", sorted(blas_objs))
assert lib in blas_objs, "the library under test is not mapped"
assert blas_objs == {lib}, "another BLAS is mapped too"
EOF
out=$(cd "$WORK" && LD_LIBRARY_PATH=$WORK/lib TILEBLAS_VERBOSE=2 "$PY" check.py "$LIB" 2>&1)
rc=$?
echo "$out" | grep -v '^tileblas: ' | sed 's/^/  /'
calls=$(echo "$out" | grep -c '^tileblas: .*gemm')
echo "  library log lines for ?gemm calls: $calls"
if [ $rc -ne 0 ] || [ "$calls" -eq 0 ]; then
  echo "FAIL: numpy/scipy did not run on the library (exit $rc)"
  exit 1
fi

# 2. The test suites, on the reference BLAS and on the library.  A failure
# counts against the library only when the reference run does not have it.
run_pytest() {  # side -> prints "FAILED id" / "ERROR id" lines into $WORK/$side.ids
  local mods
  mods=$(echo "$MODULES" | tr ',' ' ')
  (cd "$WORK" && LD_LIBRARY_PATH=$WORK/$1 timeout "$TIMEOUT" "$PY" -m pytest --pyargs $mods \
     -q -p no:cacheprovider -rfE > "$WORK/$1.log" 2>&1)
  echo $? > "$WORK/$1.rc"
  grep -E '^(FAILED|ERROR) ' "$WORK/$1.log" | awk '{print $1, $2}' | sort -u > "$WORK/$1.ids"
}
fail=0
for side in ref lib; do
  t0=$(date +%s)
  run_pytest $side
  summary=$(grep -E '(passed|failed|error).* in [0-9.]+s' "$WORK/$side.log" | tail -1)
  echo "$side ($([ $side = ref ] && echo "$REF_BLAS" || echo "$LIB")): ${summary:-no summary, exit $(cat "$WORK/$side.rc")} [$(($(date +%s) - t0))s]"
done
# pytest: 0 all passed, 1 some failed; anything else (timeout, crash,
# collection error) is a failure of the run itself.
for side in ref lib; do
  rc=$(cat "$WORK/$side.rc")
  [ "$rc" -le 1 ] || { echo "FAIL: pytest on $side exited $rc"; tail -20 "$WORK/$side.log"; fail=1; }
done
new=$(comm -13 "$WORK/ref.ids" "$WORK/lib.ids")
if [ -n "$new" ]; then
  echo "FAIL: failing with the library but not with the reference BLAS:"
  echo "$new" | sed 's/^/  /'
  fail=1
fi
[ -s "$WORK/ref.ids" ] && { echo "failing with both (not counted):"; sed 's/^/  /' "$WORK/ref.ids"; }
[ $fail -eq 0 ] && echo "PASS"
exit $fail
