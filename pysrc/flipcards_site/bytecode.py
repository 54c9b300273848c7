"""Python precompiled for the browser: Pyodide's standard library and the package as bytecode.

A cold Run used to spend most of its time in Python compiling the standard library from the
``.py`` sources of Pyodide's ``python_stdlib.zip`` (the npm package ships no ``.pyc``, and
Pyodide writes none). The build does that compiling once instead. Bytecode belongs to one
Python version, Pyodide's (3.14), not the build's, so ``frontend/precompile.mjs`` does it under
Node with the npm ``pyodide`` the site ships. The result is cached in ``build/bytecode/`` by a
hash of everything it depends on, so a build pays for Node (a few seconds) only when Pyodide,
the package or the precompiling code changed.

What the site ships (measured in ``bench/size_bench.py``; brotli sizes, Pyodide 314.0.7):

- ``assets/python/stdlib.zip`` -- the zip Python starts from (``loadPyodide``'s ``stdLibURL``):
  the top-level modules and packages that starting Python, the package, the examples and the
  runner import, those modules as bytecode without docstrings and asserts (``python -OO``'s),
  the others as source, but for the codecs of ``encodings`` (Python looks them up one by one,
  by name): only those it starts with. Stored uncompressed: 0.98 MB brotli, against 2.5 MB for
  Pyodide's whole zip of sources, which is deflated and does not compress further (1.19 MB
  with every codec and the docstrings). Whole packages stay, as a module an example needs may
  be one its package imports only when first used (``importlib.resources``): offline, the
  second zip cannot be had;
- ``assets/python/stdlib-rest.zip`` -- every other module as source (deflated), downloaded
  only if the reader's code imports one of them (``sitecustomize`` in the first zip mounts it
  on demand and finds there the codecs of ``encodings`` too). Compiling the
  whole standard library instead would make every cold Run download about 3.2 MB (all bytecode
  is larger than the sources), for modules the examples never import; dropping the rest would
  break a reader's ``import fractions``.
- the package zip carries ``__pycache__/*.cpython-314.pyc`` beside its sources.

A memory snapshot of Pyodide (its private ``_makeSnapshot``/``_loadSnapshot``), made at build
time with the runner's modules imported, was measured and not adopted: it is 31.5 MB raw,
4.7 MB gzip, 3.8 MB brotli (more than the whole precompiled standard library), and it is tied to
the exact ``pyodide.asm.wasm``. With the standard library precompiled it saves well under a
second of start-up (Node, Pyodide 314.0.7: 1.2-2.1 s from the snapshot against 1.9-2.0 s
without), while its download alone takes 1.5 s at 20 Mbit/s: a cold Run would be slower.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from mkdocs.exceptions import PluginError

__all__ = ["RUNNER_IMPORTS", "Precompiled", "example_imports", "precompile"]

#: What the browser's runner imports besides the package (docs/javascripts/worker.mjs), and
#: what a reader's mistake needs (difflib suggests names, traceback formats errors).
RUNNER_IMPORTS = ("builtins", "io", "json", "linecache", "traceback", "difflib",
                  "flipcards", "flipcards.browser")

#: Formatting an exception imports more of the standard library on first use.
EXERCISE = """\
import json, traceback
try:
    json.loads("{not json")
except ValueError as error:
    "".join(traceback.TracebackException.from_exception(error).format())
"""

#: Where the package is unpacked in the browser (docs/javascripts/worker.mjs), so that code
#: objects name the files the reader's tracebacks would.
PACKAGE_DIR = "/lib/flipcards-site"

#: How many precompiled versions ``build/bytecode/`` keeps.
KEEP = 3

_IMPORT = re.compile(
    r"^[ \t]*(?:from[ \t]+([A-Za-z_][\w.]*)[ \t]+import|import[ \t]+([A-Za-z_][\w.]*))",
    re.MULTILINE)


@dataclass(frozen=True)
class Precompiled:
    """The build's output for one version of Pyodide and of the package."""

    stdlib: bytes
    stdlib_rest: bytes
    package_pyc: dict[str, bytes]  # ``flipcards/__pycache__/*.pyc`` by name in the package zip
    report: dict[str, object]


def example_imports(docs_dir: Path) -> list[str]:
    """The top-level modules that code in the pages imports (a superset of the examples')."""
    found: set[str] = set()
    for page in sorted(docs_dir.rglob("*.md")):
        for match in _IMPORT.finditer(page.read_text(encoding="utf-8")):
            found.add((match.group(1) or match.group(2)).split(".")[0])
    return sorted(found)


def precompile(*, pyodide_dir: Path, package_zip: bytes, frontend_dir: Path, cache_dir: Path,
               imports: Iterable[str] = ()) -> Precompiled:
    """The precompiled standard library and package, from the cache or made now (Node)."""
    script = frontend_dir / "precompile.mjs"
    site_customize = frontend_dir / "stdlib" / "sitecustomize.py"
    stdlib_zip = pyodide_dir / "python_stdlib.zip"
    for needed in (script, site_customize, stdlib_zip):
        if not needed.is_file():
            raise PluginError(f"Cannot precompile Python: {needed} is missing "
                              "(run `make setup`).")
    all_imports = sorted({*RUNNER_IMPORTS, *imports})
    key = hashlib.sha256()
    for part in (stdlib_zip.read_bytes(), (pyodide_dir / "package.json").read_bytes(),
                 package_zip, script.read_bytes(), site_customize.read_bytes(),
                 json.dumps([all_imports, EXERCISE, PACKAGE_DIR]).encode()):
        key.update(hashlib.sha256(part).digest())
    folder = cache_dir / key.hexdigest()[:32]
    names = ("python_stdlib.zip", "python_stdlib_rest.zip", "package-pyc.zip", "report.json")
    if not all((folder / name).is_file() for name in names):
        _run_node(script, folder, {
            "pyodideDir": str(pyodide_dir.resolve()),
            "packageDir": PACKAGE_DIR,
            "imports": all_imports,
            "exercise": EXERCISE,
            "siteCustomize": site_customize.read_text(encoding="utf-8"),
        }, package_zip)
        _prune(cache_dir, keep=folder)
    stdlib, rest, package_pyc, report = ((folder / name).read_bytes() for name in names)
    with zipfile.ZipFile(io.BytesIO(package_pyc)) as archive:
        pycs = {name: archive.read(name) for name in archive.namelist()}
    return Precompiled(stdlib, rest, pycs, json.loads(report))


def _run_node(script: Path, folder: Path, request: dict[str, object], package_zip: bytes) -> None:
    node = shutil.which("node")
    if node is None:
        raise PluginError("Cannot precompile Python: `node` is not on PATH (Node.js 20+ is "
                          "needed to build the site, see README.md).")
    folder.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder.parent) as tmp:
        work = Path(tmp)
        (work / "package.zip").write_bytes(package_zip)
        request = {**request, "packageZip": str(work / "package.zip"),
                   "outDir": str(work / "out")}
        (work / "request.json").write_text(json.dumps(request), encoding="utf-8")
        try:
            subprocess.run([node, str(script), str(work / "request.json")], check=True,
                           capture_output=True, text=True, timeout=300)
        except subprocess.CalledProcessError as error:
            # Pyodide's errors end with the Python traceback; its first lines are minified JS.
            tail = "\n".join(error.stderr.strip().splitlines()[-15:])[-3000:]
            raise PluginError(f"Precompiling Python failed ({script}):\n{tail}") from None
        except subprocess.TimeoutExpired:
            raise PluginError(f"Precompiling Python took over 300 s ({script})") from None
        shutil.rmtree(folder, ignore_errors=True)
        os.replace(work / "out", folder)


def _prune(cache_dir: Path, keep: Path) -> None:
    """Keep the newest few precompiled versions (``mkdocs serve`` makes one per model edit)."""
    versions = sorted((p for p in cache_dir.iterdir() if p.is_dir() and p != keep
                       and not p.name.startswith("tmp")),
                      key=lambda p: p.stat().st_mtime, reverse=True)
    for old in versions[KEEP - 1:]:
        shutil.rmtree(old, ignore_errors=True)
