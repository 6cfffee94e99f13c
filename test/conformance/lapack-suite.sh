#!/usr/bin/env bash
# lapack-suite.sh -- Debian's LAPACK test programs (package liblapack-test)
# on top of a BLAS library, compared with the same programs on the netlib
# reference BLAS (libblas3).  A BLAS is conformant here when every program
# fails no more of LAPACK's threshold tests than it does on the reference.
#
# Usage: lapack-suite.sh [-s SET] [-t SECS] [-o LOGDIR] /path/to/libblas.so
#   -s SET    lin   xlintst{s,d,c,z}, the RFP and mixed-precision drivers
#             eig   xeigtst{s,d,c,z} on every eigen/SVD/GLM/... input
#             all   both (default; a few minutes on 2 cores)
#   -t SECS   per-program timeout (default 600)
#   -o DIR    keep every program's output there (<prog>_<input>.{ref,lib}.out)
#   -a PROG:INPUT:N  allow N more failures than the reference for one program
#             and input (repeatable), for a known marginal threshold test
#
# Both runs use Debian's reference LAPACK (liblapack3's file under lapack/),
# never the liblapack.so.3 alternative: OpenBLAS's LAPACK carries its own
# BLAS, and then the library under test would barely be called.  The programs
# have DT_NEEDED libblas.so.3 and liblapack.so.3 and no RUNPATH, so a temp dir
# with those two symlinks on LD_LIBRARY_PATH decides; ldd checks it did.
#
# Counts are those of LAPACK's own lapack_testing.py: "N out of M tests failed"
# (summed), lines with "illegal" (error-exit tests) and " INFO" (a routine
# returned an unexpected INFO).  A crash or timeout counts as a failure.
# Output: one line per program, then "N passed, N failed".
# Exit: 0 all passed, 1 some failed, 2 setup error, 77 liblapack-test absent.
set -u
export LC_ALL=C

SET=all
TIMEOUT=600
LOGDIR=""
ALLOW=" "
usage() { sed -n '2,/^set -u/{/^#/p}' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
while getopts ":s:t:o:a:h" opt; do
  case $opt in
    s) SET=$OPTARG ;;
    t) TIMEOUT=$OPTARG ;;
    o) LOGDIR=$OPTARG ;;
    a) ALLOW="$ALLOW$OPTARG " ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
LIB=$(realpath -e "$1" 2>/dev/null) || { echo "ERROR: no library at $1" >&2; exit 2; }

TESTDIR=""
for d in /usr/lib/*-linux-gnu*/lapack; do
  [ -x "$d/xlintstd" ] && { TESTDIR=$d; break; }
done
[ -n "$TESTDIR" ] || { echo "liblapack-test not installed (apt-get install liblapack-test): SKIP"; exit 77; }
REF_LAPACK=$TESTDIR/liblapack.so.3
REF_BLAS=""
for f in "${TESTDIR%/lapack}/blas/libblas.so.3"; do [ -f "$f" ] && REF_BLAS=$f; done
[ -f "$REF_LAPACK" ] && [ -n "$REF_BLAS" ] || {
  echo "reference BLAS/LAPACK (libblas3, liblapack3) not found: SKIP"; exit 77; }

# Program/input pairs.  The eigen inputs are the same files for every
# precision (the program's letter picks it); the ?ec ... ?bb ones are per
# precision.  The slowest, svd and ?ec, take ~15 s each on the reference BLAS.
lin_jobs() {
  local p
  for p in s d c z; do echo "xlintst$p ${p}test"; echo "xlintstrf$p ${p}test_rfp"; done
  echo "xlintstds dstest"; echo "xlintstzc zctest"
}
eig_jobs() {
  local p t
  for p in s d c z; do
    for t in nep sep se2 svd ec ed gg gd sb sg bb glm gqr gsv csd lse; do
      case $t in ec|ed|gg|gd|sb|sg|bb) echo "xeigtst$p $p$t" ;; *) echo "xeigtst$p $t" ;; esac
    done
  done
}
case $SET in
  lin) JOBS=$(lin_jobs) ;;
  eig) JOBS=$(eig_jobs) ;;
  all) JOBS=$(lin_jobs; eig_jobs) ;;
  *) usage ;;
esac

WORK=$(mktemp -d "${TMPDIR:-/tmp}/lapack-suite.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/ref" "$WORK/lib" "$WORK/run"
ln -s "$REF_BLAS" "$WORK/ref/libblas.so.3"
ln -s "$LIB" "$WORK/lib/libblas.so.3"
ln -s "$LIB" "$WORK/lib/libcblas.so.3"
for side in ref lib; do ln -s "$REF_LAPACK" "$WORK/$side/liblapack.so.3"; done
[ -n "$LOGDIR" ] && mkdir -p "$LOGDIR"

# The library under test must really be the one the programs load.
for side in ref lib; do
  want=$(realpath "$WORK/$side/libblas.so.3")
  got=$(LD_LIBRARY_PATH=$WORK/$side ldd "$TESTDIR/xlintstd" | awk '$1 == "libblas.so.3" {print $3}')
  [ -n "$got" ] && [ "$(realpath "$got")" = "$want" ] || {
    echo "ERROR: xlintstd loads libblas.so.3 from '$got', not $want" >&2; exit 2; }
done

# failures <file>: LAPACK's count of failed tests (see the header).
failures() {
  awk '/out of/ { for (i = 2; i <= NF; i++) if ($i == "out") n += $(i - 1) }
       /[Ii]llegal/ || / INFO/ { n++ }
       END { print n + 0 }' "$1"
}
# run <side> <prog> <input>: prints the failure count, or "crash(rc)".
run() {
  local out="$WORK/run/$2_$3.$1.out" rc
  (cd "$WORK/run" && LD_LIBRARY_PATH="$WORK/$1" timeout "$TIMEOUT" \
     "$TESTDIR/$2" < "$TESTDIR/$3.in" > "$out" 2>&1)
  rc=$?
  [ -n "$LOGDIR" ] && cp "$out" "$LOGDIR/"
  # Every LAPACK tester ends with "End of tests"; without it, it died.
  if [ $rc -ne 0 ] || ! grep -q "End of tests" "$out"; then echo "crash($rc)"; else failures "$out"; fi
}

pass=0 fail=0
while read -r prog input; do
  [ -f "$TESTDIR/$input.in" ] || continue
  t0=$(date +%s)
  ref=$(run ref "$prog" "$input")
  t1=$(date +%s)
  lib=$(run lib "$prog" "$input")
  t2=$(date +%s)
  line="$prog < $input.in: reference BLAS $ref failed ($((t1 - t0))s), library $lib failed ($((t2 - t1))s)"
  # Fewer failures than the reference is fine (its rounding is not ours);
  # more (beyond an -a allowance), or a crash where the reference ran, is not.
  allow=$(echo "$ALLOW" | tr ' ' '\n' | awk -F: -v k="$prog:$input" '$1 ":" $2 == k {print $3}')
  if [[ $lib == crash* ]] || { [[ $ref != crash* ]] && [ "$lib" -gt $((ref + ${allow:-0})) ]; }; then
    echo "FAIL $line"; fail=$((fail + 1))
    grep -E "out of|[Ii]llegal| INFO" "$WORK/run/${prog}_$input.lib.out" | head -6 | sed 's/^/    /'
  else
    [ -n "$allow" ] && [[ $ref != crash* ]] && [ "$lib" -gt "$ref" ] && line="$line (allowed: $allow)"
    echo "PASS $line"; pass=$((pass + 1))
  fi
done <<< "$JOBS"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
