"""threadpoolctl support for tileblas.

threadpoolctl finds BLAS libraries by file name (libopenblas*, libmkl_rt*,
libblis*) and ignores libblas.so* on Linux, so it does not see tileblas,
however it is loaded (LD_PRELOAD, a libblas.so.3 symlink, the Debian
alternative).  This module registers a controller for any loaded library
whose real file name starts with "libtileblas" and that exports
tileblas_get_num_threads; it reads and sets tileblas's thread count with
tileblas_get_num_threads / tileblas_set_num_threads.  (Posing as OpenBLAS
would not do: newer threadpoolctl drives an OpenMP-built OpenBLAS through
omp_set_num_threads, which tileblas's thread setting does not follow.)

Use, without changing any program: copy this file and
tileblas_threadpoolctl.pth into a site-packages folder (for one user:
python3 -m site --user-site).  The .pth line installs an import hook that
registers the controller when a program imports threadpoolctl; importing
this module costs nothing otherwise.  Or, in code: import
tileblas_threadpoolctl; tileblas_threadpoolctl.register().

Works with threadpoolctl 3.1 (Debian 12) and with 3.2 and later, which
have threadpoolctl.register.
"""

import importlib.abc
import importlib.util
import sys

_PREFIX = "libtileblas"
_INTERNAL_API = "tileblas"
_registered = False


def _symbol(dynlib, name, restype):
    func = getattr(dynlib, name, None)
    if func is not None:
        func.restype = restype
    return func


def _call(dynlib, name, *args, restype=None):
    import ctypes  # here, not at startup: the .pth imports this module in every interpreter

    func = _symbol(dynlib, name, restype or ctypes.c_int)
    return None if func is None else func(*args)


def _threading_layer(dynlib):
    layer = _call(dynlib, "openblas_get_parallel")
    return {2: "openmp", 1: "pthreads", 0: "disabled"}.get(layer, "unknown")


def _text(dynlib, name):
    import ctypes

    value = _call(dynlib, name, restype=ctypes.c_char_p)
    return None if value is None else value.decode("utf-8", "replace")


def _controller_class(tpc):
    """The LibController subclass for this threadpoolctl's API."""
    base = tpc.LibController
    if hasattr(tpc, "register"):  # 3.2+: class attributes, self.dynlib

        class TileblasController(base):
            user_api = "blas"
            internal_api = _INTERNAL_API
            filename_prefixes = (_PREFIX,)
            check_symbols = ("tileblas_get_num_threads",)  # checked by 3.3+

            def set_additional_attributes(self):
                self.threading_layer = _threading_layer(self.dynlib)
                self.architecture = _text(self.dynlib, "tileblas_get_corename")

            def get_num_threads(self):
                return _call(self.dynlib, "tileblas_get_num_threads")

            def set_num_threads(self, num_threads):
                return _call(self.dynlib, "tileblas_set_num_threads", int(num_threads))

            def get_version(self):
                return _text(self.dynlib, "tileblas_version")

        return TileblasController

    class TileblasController(base):  # 3.1: kwargs to __init__, self._dynlib
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.threading_layer = _threading_layer(self._dynlib)
            self.architecture = _text(self._dynlib, "tileblas_get_corename")

        def get_num_threads(self):
            return _call(self._dynlib, "tileblas_get_num_threads")

        def set_num_threads(self, num_threads):
            return _call(self._dynlib, "tileblas_set_num_threads", int(num_threads))

        def get_version(self):
            return _text(self._dynlib, "tileblas_version")

    return TileblasController


def register(tpc=None):
    """Registers the controller with threadpoolctl (imported if not given).
    Idempotent; returns False when threadpoolctl is not importable."""
    global _registered
    if _registered:
        return True
    if tpc is None:
        try:
            import threadpoolctl as tpc
        except ImportError:
            return False
    cls = _controller_class(tpc)
    if hasattr(tpc, "register"):
        tpc.register(cls)
    else:
        # 3.1 instantiates globals()[name] for each _SUPPORTED_LIBRARIES
        # entry and validates limits against these lists.
        tpc._SUPPORTED_LIBRARIES["TileblasController"] = {
            "user_api": "blas",
            "internal_api": _INTERNAL_API,
            "filename_prefixes": (_PREFIX,),
        }
        setattr(tpc, "TileblasController", cls)
        tpc._ALL_INTERNAL_APIS.append(_INTERNAL_API)
        tpc._ALL_PREFIXES.append(_PREFIX)
        tpc._ALL_BLAS_LIBRARIES.append(_INTERNAL_API)
    _registered = True
    return True


class _RegisteringLoader(importlib.abc.Loader):
    """Runs threadpoolctl's own loader, then registers the controller."""

    def __init__(self, loader):
        self._loader = loader

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        self._loader.exec_module(module)
        try:
            register(module)
        except Exception as error:  # never break the program's import
            print(f"tileblas_threadpoolctl: not registered: {error!r}", file=sys.stderr)


class _ImportHook(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name != "threadpoolctl":
            return None
        sys.meta_path.remove(self)  # one shot; find the real module
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.loader is not None:
            spec.loader = _RegisteringLoader(spec.loader)
        return spec


def install_import_hook():
    """Registers now if threadpoolctl is already imported, else when it is."""
    if "threadpoolctl" in sys.modules:
        register(sys.modules["threadpoolctl"])
    elif not any(isinstance(f, _ImportHook) for f in sys.meta_path):
        sys.meta_path.insert(0, _ImportHook())
