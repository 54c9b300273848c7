"""Loads the rarely used part of the standard library on first import (browser only).

The site ships Pyodide's standard library in two zips (see frontend/precompile.mjs): the
modules the examples use, precompiled, in the zip Python starts from, with the rest of their
packages; every other module, as source, in a second zip that is downloaded only when the
reader's code first imports one of them. A package may have modules in both: ``encodings`` has
the codecs Python starts with in the first, the others in the second. Python imports this
module at startup (``site``); the build puts it into the first zip and sets ``REST_MODULES``
to the dotted names of every module of the second. The second zip's address is in the
environment variable ``FLIPCARDS_STDLIB_REST``.
"""

import os
import sys

REST_MODULES: frozenset[str] = frozenset()  # set by the build
REST_ZIP = "/lib/python-stdlib-rest.zip"


def _download(url: str) -> bytes:
    # A synchronous request, made by the worker (docs/javascripts/worker.mjs): imports are
    # synchronous, and the worker's network guard refuses every request reader code makes.
    from _flipcards_stdlib_rest import download  # browser only

    try:
        return download().to_bytes()
    except Exception as error:  # the network is down: the import fails with a clear reason
        raise ImportError(f"could not download the standard library ({url}): {error}") from None


class RestOfStdlibFinder:
    """A meta path finder for the modules of the second zip: it downloads the zip when the
    first of them is imported, and finds each of them there, in the folder of its package
    (a package of the first zip looks for its modules only there)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.mounted = False

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in REST_MODULES:
            return None
        if not self.mounted:
            with open(REST_ZIP, "wb") as file:
                file.write(_download(self.url))
            self.mounted = True
            sys.path.append(REST_ZIP)
        import importlib.machinery

        package = fullname.rpartition(".")[0]
        folder = "/".join([REST_ZIP, *package.split(".")]) if package else REST_ZIP
        return importlib.machinery.PathFinder.find_spec(fullname, [folder])


if REST_MODULES and os.environ.get("FLIPCARDS_STDLIB_REST"):
    # First in line: a package of the second zip leaves its folder in the first (``urllib/``),
    # which the path finder would otherwise take for a namespace package.
    sys.meta_path.insert(0, RestOfStdlibFinder(os.environ["FLIPCARDS_STDLIB_REST"]))


# Examples cannot use the network: the worker takes it away (docs/javascripts/sandbox.mjs),
# and a socket then fails deep inside the browser's emulation of it, with a message about an
# unreachable host that names an address the emulation made up. When ``socket`` is imported,
# its connections are made to fail at once, in the words the rest of the sandbox uses and with
# the host the reader's code named. (Only the message: the worker is what refuses.)
NO_NETWORK = "examples cannot use the network"


def _refuse_connections(socket) -> None:
    import errno

    def refused(address) -> OSError:
        tuple_ = isinstance(address, tuple)
        where = ":".join(str(part) for part in address[:2]) if tuple_ else address
        return OSError(errno.ENETUNREACH, f"{NO_NETWORK}: a connection to {where} was refused")

    def connect(self, address):
        raise refused(address)

    def connect_ex(self, address):
        return errno.ENETUNREACH

    def create_connection(address, *args, **kwargs):
        raise refused(address)

    socket.socket.connect = connect
    socket.socket.connect_ex = connect_ex
    socket.create_connection = create_connection


class _ThenRefuseConnections:
    """Runs the ``socket`` module's own loader, then ``_refuse_connections`` on it."""

    def __init__(self, loader) -> None:
        self.loader = loader

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module) -> None:
        self.loader.exec_module(module)
        _refuse_connections(module)


class SocketFinder:
    """A meta path finder that finds ``socket`` where the finders after it do (in either zip),
    with the loader above."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != "socket":
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None:
                if spec.loader is not None:
                    spec.loader = _ThenRefuseConnections(spec.loader)
                return spec
        return None


if os.environ.get("FLIPCARDS_STDLIB_REST"):  # in the browser only
    sys.meta_path.insert(0, SocketFinder())
