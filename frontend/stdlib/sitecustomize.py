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
