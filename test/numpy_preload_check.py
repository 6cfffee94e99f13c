"""numpy matmul with tileblas preloaded (run by numpy_preload_test.sh).

Usage: python3 numpy_preload_check.py /path/to/libtileblas.so

Computes float32 and float64 products with numpy's matmul (which calls
cblas_sgemm / cblas_dgemm) and checks each element against a long double
product, which numpy computes with its own loops, not BLAS:
    |C - Cref| <= 2 (k+3) eps (|A| @ |B|)
Prints tileblas_get_corename() through ctypes.  Exits 1 on a mismatch.
"""
import ctypes
import sys

import numpy as np


def check(name, got, a, b):
    k = a.shape[1]
    eps = np.finfo(got.dtype).eps
    al = a.astype(np.longdouble)
    bl = b.astype(np.longdouble)
    ref = al @ bl
    scale = np.abs(al) @ np.abs(bl)
    bound = 2 * (k + 3) * np.longdouble(eps) * scale + np.longdouble(np.finfo(got.dtype).tiny)
    diff = np.abs(got.astype(np.longdouble) - ref)
    bad = ~(diff <= bound)
    if bad.any():
        i, j = np.argwhere(bad)[0]
        print(f"FAIL {name}: {int(bad.sum())} elements out of bound; first C[{i},{j}] = "
              f"{got[i, j]!r} expected {float(ref[i, j])!r} bound {float(bound[i, j])!r}")
        return False
    print(f"ok   {name}: shape {got.shape}, max |diff|/bound = {float((diff / bound).max()):.3g}")
    return True


def main():
    lib = ctypes.CDLL(sys.argv[1])
    lib.tileblas_get_corename.restype = ctypes.c_char_p
    print("tileblas corename:", lib.tileblas_get_corename().decode())

    rng = np.random.default_rng(20240601)
    ok = True
    for dtype in (np.float32, np.float64):
        tag = np.dtype(dtype).name
        a = rng.uniform(-1, 1, (300, 200)).astype(dtype)
        b = rng.uniform(-1, 1, (200, 100)).astype(dtype)
        ok &= check(f"{tag} A@B", a @ b, a, b)
        # Transposed operands reach BLAS as TransA/TransB (or as the other layout).
        at = np.ascontiguousarray(a.T)  # 200 x 300
        bt = np.ascontiguousarray(b.T)  # 100 x 200
        ok &= check(f"{tag} At.T@B", at.T @ b, a, b)
        ok &= check(f"{tag} A@Bt.T", a @ bt.T, a, b)
        # Fortran-ordered inputs and an odd size crossing vector widths.
        af = np.asfortranarray(rng.uniform(-1, 1, (131, 67)).astype(dtype))
        bf = np.asfortranarray(rng.uniform(-1, 1, (67, 129)).astype(dtype))
        ok &= check(f"{tag} F-order 131x67@67x129", af @ bf, af, bf)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
