"""Files the build adds to the site without a copy in ``docs/`` (``File.generated``).

- ``assets/pyodide/*``               the Pyodide runtime, from ``node_modules/pyodide/``
- ``assets/python/stdlib.zip``       Python's standard library (precompiled: see bytecode.py),
  ``assets/python/stdlib-rest.zip``  and the part of it loaded only on demand
- ``assets/flipcards/flipcards.zip`` the model package, a deterministic zip of ``pysrc/flipcards``
                                     (with its bytecode for Pyodide's Python)
- ``assets/js/*``                    the editor bundle, every file of ``build/js/``
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, InclusionLevel

__all__ = [
    "PACKAGE_ZIP_URI",
    "PYODIDE_FILES",
    "STDLIB_REST_URI",
    "STDLIB_URI",
    "package_files",
    "package_zip",
    "pyodide_files",
    "pyodide_stdlib",
    "tree_files",
]

#: Pyodide's lock file, shipped without its packages.
LOCK_FILE = "pyodide-lock.json"
#: The files of the npm package ``pyodide`` that a page needs to start Python (its
#: ``python_stdlib.zip`` is shipped as ``STDLIB_URI``, precompiled).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    LOCK_FILE,
)
PYODIDE_URI = "assets/pyodide"
STDLIB_URI = "assets/python/stdlib.zip"
STDLIB_REST_URI = "assets/python/stdlib-rest.zip"
PACKAGE_ZIP_URI = "assets/flipcards/flipcards.zip"
JS_URI = "assets/js"

#: Every entry of the zip gets this time stamp, so that equal sources give equal bytes.
ZIP_TIMESTAMP = (1980, 1, 1, 0, 0, 0)
_SKIPPED_PARTS = frozenset({"__pycache__"})
_SKIPPED_SUFFIXES = frozenset({".pyc", ".pyo"})


def pyodide_files(config: MkDocsConfig, pyodide_dir: Path,
                  names: Iterable[str] = PYODIDE_FILES) -> list[File]:
    """The Pyodide runtime files as site files under ``assets/pyodide/``."""
    missing = [name for name in names if not (pyodide_dir / name).is_file()]
    if missing:
        raise PluginError(
            f"Pyodide is not installed: {', '.join(missing)} missing in {pyodide_dir}. "
            "Run `make setup` (it runs `npm ci`) and build again."
        )
    return [
        _lock_file(config, pyodide_dir / name) if name == LOCK_FILE
        else _copied(config, f"{PYODIDE_URI}/{name}", pyodide_dir / name)
        for name in names
    ]


def _lock_file(config: MkDocsConfig, path: Path) -> File:
    """Pyodide's lock file with its ``info`` and no packages.

    Pyodide reads it as it starts (it checks ``info``) and then knows where to find the
    packages of its distribution. The site ships none of them, so it lists none: a cold Run
    downloads 25 kB less, and ``import numpy`` is a plain ModuleNotFoundError, with no advice
    to install what the site cannot give.
    """
    try:
        info = json.loads(path.read_text(encoding="utf-8"))["info"]
    except (ValueError, KeyError, TypeError) as error:
        raise PluginError(f"{path} is not a Pyodide lock file ({error!r}). "
                          "Run `make setup` again.") from error
    content = json.dumps({"info": info, "packages": {}}, sort_keys=True)
    return File.generated(config, f"{PYODIDE_URI}/{LOCK_FILE}", content=content,
                          inclusion=InclusionLevel.NOT_IN_NAV)


def pyodide_stdlib(pyodide_dir: Path) -> bytes:
    """Pyodide's own ``python_stdlib.zip`` (sources only), shipped when not precompiling."""
    path = pyodide_dir / "python_stdlib.zip"
    if not path.is_file():
        raise PluginError(f"Pyodide is not installed: {path} is missing. Run `make setup`.")
    return path.read_bytes()


def tree_files(config: MkDocsConfig, source_dir: Path, uri: str = JS_URI) -> list[File]:
    """Every file below `source_dir` as a site file below `uri` (the editor bundle)."""
    if not source_dir.is_dir():
        raise PluginError(
            f"The front-end bundle is missing: {source_dir} does not exist. "
            "Run `make setup` (it runs `npm run build`) and build again."
        )
    return [
        _copied(config, f"{uri}/{path.relative_to(source_dir).as_posix()}", path)
        for path in sorted(source_dir.rglob("*"))
        if path.is_file() and not path.name.startswith(".")
    ]


def package_files(package_dir: Path) -> Iterator[tuple[str, Path]]:
    """The files of the package to ship, as (name in the zip, path), sorted by name.

    The zip's top-level entry is the package folder itself, e.g. ``flipcards/__init__.py``.
    """
    found = []
    for path in package_dir.rglob("*"):
        relative = path.relative_to(package_dir)
        if (path.is_file() and not _SKIPPED_PARTS & set(relative.parts)
                and path.suffix not in _SKIPPED_SUFFIXES):
            found.append((f"{package_dir.name}/{relative.as_posix()}", path))
    yield from sorted(found)


def package_zip(package_dir: Path, extra: Mapping[str, bytes] | None = None) -> bytes:
    """A deterministic zip of the package: sorted entries, fixed time stamps and modes.

    Folders have entries of their own (``flipcards/`` first), so that every unpacker
    recreates them, including empty ones. `extra`: more files by name in the zip (the
    package's bytecode, ``flipcards/__pycache__/*.pyc``). Files are stored, not deflated: the
    worker then has nothing to inflate, and a host's brotli or gzip (the build writes
    ``flipcards.zip.br`` and ``.gz``) compresses across files, smaller than deflate per file.
    """
    if not (package_dir / "__init__.py").is_file():
        raise PluginError(f"No Python package at {package_dir} (no __init__.py)")
    files: dict[str, Path | bytes] = dict(package_files(package_dir))
    files.update(extra or {})
    folders = {name[: i + 1] for name in files for i, char in enumerate(name) if char == "/"}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(folders | set(files)):
            info = zipfile.ZipInfo(name, date_time=ZIP_TIMESTAMP)
            info.create_system = 3  # Unix, whatever system builds it
            if name in folders:
                info.external_attr = (0o40755 << 16) | 0x10  # a folder, rwxr-xr-x (+ MS-DOS flag)
                archive.writestr(info, b"")
            else:
                info.external_attr = 0o100644 << 16  # a regular file, rw-r--r--
                data = files[name]
                archive.writestr(info, data if isinstance(data, bytes) else data.read_bytes())
    return buffer.getvalue()


def _copied(config: MkDocsConfig, uri: str, path: Path) -> File:
    # Not in the nav, not a page: a plain asset that MkDocs copies into the site.
    return File.generated(config, uri, abs_src_path=str(path),
                          inclusion=InclusionLevel.NOT_IN_NAV)
