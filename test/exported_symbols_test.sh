#!/bin/sh
# exported_symbols_test.sh LIBRARY -- the shared library must not depend on
# CUDA (no NEEDED libcuda/libcudart/libcublas/libnvrtc), and its dynamic symbol
# table must hold only the public API: Fortran names (lower case, trailing
# underscore), cblas_*, tileblas_*, openblas_*, the reference CBLAS globals
# RowMajorStrg / CBLAS_CallFromC and the xerbla handlers.  In particular no
# C++ (_Z...) symbols.  And it must define every symbol the reference
# libblas.so.3 does, when that is installed.  Exit 77 (CTest SKIP) without
# binutils.
set -u
lib=$1

for tool in readelf nm; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "SKIP: $tool not found (binutils)"
        exit 77
    fi
done
if [ ! -f "$lib" ]; then
    echo "FAIL: library $lib not found"
    exit 1
fi

status=0

needed=$(readelf -d "$lib" | grep '(NEEDED)')
echo "NEEDED entries:"
echo "$needed"
if echo "$needed" | grep -E -i 'lib(cuda|cudart|cublas|cublasLt|nvrtc|nvidia)' >/dev/null; then
    echo "FAIL: library depends on CUDA"
    status=1
fi

# Defined dynamic symbols: "ADDR TYPE NAME".  Type A (absolute: version
# nodes of a version script) is not a symbol of the API.
syms=$(nm -D --defined-only "$lib" | awk 'NF >= 3 && $2 != "A" { print $3 }' | sed 's/@.*//')
count=$(echo "$syms" | grep -c .)
echo "$count exported symbols"
if [ "$count" -eq 0 ]; then
    echo "FAIL: no exported symbols"
    status=1
fi

allowed='^([a-z][a-z0-9_]*_|cblas_[a-z0-9_]+|tileblas_[a-z0-9_]+|openblas_[a-z0-9_]+|RowMajorStrg|CBLAS_CallFromC|cblas_xerbla|xerbla_|xerbla_array_|_init|_fini|_edata|_end|__bss_start)$'
bad=$(echo "$syms" | grep -E -v "$allowed")
mangled=$(echo "$syms" | grep -E '^_Z')
if [ -n "$mangled" ]; then
    echo "FAIL: C++ symbols exported ($(echo "$mangled" | wc -l)):"
    echo "$mangled" | head -n 20
    status=1
fi
if [ -n "$bad" ]; then
    echo "FAIL: symbols outside the public API ($(echo "$bad" | wc -l)):"
    echo "$bad" | head -n 40
    status=1
fi

for want in sgemm_ dgemm_ cblas_sgemm cblas_dgemm xerbla_ cblas_xerbla tileblas_get_corename \
    tileblas_set_num_threads tileblas_get_num_threads tileblas_get_config tileblas_version \
    openblas_set_num_threads openblas_get_num_threads openblas_get_config \
    openblas_get_corename openblas_get_parallel; do
    if ! echo "$syms" | grep -x "$want" >/dev/null; then
        echo "FAIL: $want is not exported"
        status=1
    fi
done

# Every symbol the reference libblas.so.3 (Debian's libblas3, netlib BLAS
# with CBLAS) defines: a program linked against it must find them all here.
ref=/usr/lib/x86_64-linux-gnu/blas/libblas.so.3
if [ -f "$ref" ]; then
    ours=$(mktemp)
    echo "$syms" | sort -u > "$ours"
    missing=$(nm -D --defined-only "$ref" | awk 'NF >= 3 && $2 != "A" { print $3 }' |
        sed 's/@.*//' | sort -u | comm -23 - "$ours")
    rm -f "$ours"
    if [ -n "$missing" ]; then
        echo "FAIL: symbols of $ref missing ($(echo "$missing" | wc -l)):"
        echo "$missing" | head -n 40
        status=1
    fi
else
    echo "note: $ref not installed, reference symbol check skipped"
fi

# The error handlers must be interposable: default visibility, not protected,
# so a program's own xerbla_ / cblas_xerbla receives the library's reports.
for h in xerbla_ cblas_xerbla; do
    line=$(readelf --dyn-syms -W "$lib" | awk -v s="$h" '$8 == s || $8 ~ "^"s"@" { print; exit }')
    case "$line" in
    *PROTECTED*) echo "FAIL: $h has protected visibility: $line"; status=1 ;;
    esac
done

[ "$status" -eq 0 ] && echo "PASS"
exit $status
