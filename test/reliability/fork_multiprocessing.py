"""fork_multiprocessing.py -- NumPy with tileblas preloaded, multi-threaded
matmul in the parent, then a multiprocessing pool with the fork start method
whose workers run matmul too (the classic BLAS-after-fork hang).  Every
result is checked; a worker that hangs makes .get() time out and fail.

Usage: python3 fork_multiprocessing.py LIBRARY ROUNDS"""
import ctypes
import multiprocessing as mp
import sys

import numpy as np

TIMEOUT_S = 60  # a healthy round takes well under a second


def operands(n, dtype, seed):
    rng = np.random.default_rng(seed)
    return rng.standard_normal((n, n)).astype(dtype), rng.standard_normal((n, n)).astype(dtype)


def product_error(task):
    """In a forked worker: matmul (big enough for a team) against float64 einsum
    (which does not go through BLAS); returns the relative error."""
    n, dtype, seed = task
    a, b = operands(n, dtype, seed)
    got = a @ b
    want = np.einsum("ik,kj->ij", a.astype(np.float64), b.astype(np.float64))
    return float(np.max(np.abs(got - want)) / (np.max(np.abs(want)) * n))


def main():
    lib, rounds = sys.argv[1], int(sys.argv[2])
    # Ask for more threads than cores so even a 2-core runner has teams.
    ctypes.CDLL(lib).tileblas_set_num_threads(4)
    tasks = [(n, dt, seed) for seed, (n, dt) in
             enumerate([(300, np.float64), (256, np.float32), (400, np.float64), (320, np.float32)])]
    ctx = mp.get_context("fork")
    for r in range(rounds):
        # The parent's OpenMP team is running (warm) right before each fork.
        for task in tasks[:2]:
            err = product_error(task)
            assert err < 1e-5, f"parent round {r}: relative error {err}"
        with ctx.Pool(2) as pool:
            errors = pool.map_async(product_error, tasks).get(timeout=TIMEOUT_S)
        for task, err in zip(tasks, errors):
            tol = 1e-5 if task[1] == np.float32 else 1e-13
            assert err < tol, f"round {r}: worker {task[0]} {task[1].__name__}: relative error {err}"
    print(f"PASS: {rounds} rounds of forked pools, {rounds * len(tasks)} worker products")


if __name__ == "__main__":
    main()
