"""threadpoolctl_check.py LIBRARY [SONAME] -- run by threadpoolctl_test.sh.

tileblas is already loaded (LD_PRELOAD), or is loaded here by SONAME (a
libblas.so.3 symlink on LD_LIBRARY_PATH; through NumPy when it has one).
threadpoolctl is imported as a program would, without naming
tileblas_threadpoolctl: the .pth hook must have registered the controller.
Checks: threadpool_info() lists tileblas (the real file, internal_api
"tileblas"), and threadpool_limits changes the thread count the library
itself reports, and restores it."""
import ctypes
import os
import sys

library = os.path.realpath(sys.argv[1])
soname = sys.argv[2] if len(sys.argv) > 2 else None

try:
    import numpy  # the realistic host: its BLAS calls go to tileblas
except ImportError:
    numpy = None
if soname:
    ctypes.CDLL(soname, mode=ctypes.RTLD_GLOBAL)
if numpy is not None:
    a = numpy.ones((300, 300))
    assert (a @ a)[0, 0] == 300.0

import threadpoolctl

tileblas = ctypes.CDLL(library, mode=getattr(os, "RTLD_NOLOAD", 4))
tileblas.tileblas_get_num_threads.restype = ctypes.c_int


def threads():
    return tileblas.tileblas_get_num_threads()


info = threadpoolctl.threadpool_info()
mine = [i for i in info if i.get("internal_api") == "tileblas"]
print(f"threadpoolctl {threadpoolctl.__version__}: {mine}")
assert len(mine) == 1, f"tileblas not (or twice) in threadpool_info(): {info}"
entry = mine[0]
assert os.path.realpath(entry["filepath"]) == library, entry
assert entry["user_api"] == "blas" and entry["num_threads"] == threads(), entry
assert entry["version"] and entry["prefix"] == "libtileblas", entry

before = threads()
with threadpoolctl.threadpool_limits(limits=1, user_api="blas"):
    assert threads() == 1, f"threadpool_limits(1): tileblas reports {threads()} threads"
    if numpy is not None:
        assert (a @ a)[0, 0] == 300.0
assert threads() == before, f"not restored: {threads()} != {before}"
with threadpoolctl.threadpool_limits(limits=3):  # every API, tileblas included
    assert threads() == 3, f"threadpool_limits(3): tileblas reports {threads()} threads"
assert threads() == before
print(f"ok: {before} threads, 1 and 3 under threadpool_limits, numpy={'yes' if numpy else 'no'}")
