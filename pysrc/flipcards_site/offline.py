"""The service worker: written into the built site with the files it keeps and their hashes.

``frontend/sw.js`` (Workbox, bundled by ``npm run build`` into ``build/sw/sw.js``) is the
service worker; this module writes it to the site's root as ``sw.js`` once every file of the
site is written, with its two lists and the headers of the build filled in (see that file for
what it does with them):

- ``self.__WB_MANIFEST``: the pages and their assets, ``[{"url", "revision"}]``. None is
  downloaded for the service worker when it installs: it keeps what the reader's visit
  downloaded, and the rest only once the page asks (after the reader's interaction, or when
  they ask for the whole site offline);
- ``self.__FLIPCARDS_RUNTIME``: Python and the editor, ``{"files", "warm"}`` with ``files``
  as ``[{"url", "revision"}]`` and ``warm`` the urls a run needs (kept once the reader has
  run an example; the others when first used, or when the reader asks for everything);
- ``self.__FLIPCARDS_HEADERS``: the headers of the headers file (:mod:`.csp`), ``{name:
  value}``: a page served from the caches carries these and its type, never the headers that
  were kept with it (a script that wrote the cache could have put any there).

Neither list holds the preview pictures (``assets/previews/``: for link crawlers, never for
readers), ``objects.inv`` (for other sites' documentation tools), the sitemap, source maps,
the precompressed copies (a host that has them sends them in place of the file) or the
headers file: the service worker never keeps those.

A revision is the hash of the file's bytes: the first 32 hex digits (128 bits) of their
SHA-256. The service worker serves nothing from its caches without checking it: any script on
the site's origin can write Cache Storage, so the cache is never trusted by itself; an entry
whose bytes do not hash to the revision written here is deleted, never served, and fetched
again. The revisions also make a build that changes nothing write the same ``sw.js`` (and
browsers keep what they kept), and one that changes a file have that file downloaded again,
and only that file.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path

from mkdocs.exceptions import PluginError

from . import csp

__all__ = ["RUNTIME_PREFIXES", "SW_URI", "file_entries", "write_service_worker"]

SW_URI = "sw.js"

#: Files of the examples' runtime (reading never downloads Python).
RUNTIME_PREFIXES = ("assets/pyodide/", "assets/python/", "assets/flipcards/", "assets/js/",
                    "javascripts/worker.mjs")

#: Runtime files that are kept only when they are first used (or the reader asks for all).
ON_DEMAND = ("assets/python/stdlib-rest.zip",)

#: Never kept: source maps, search languages other than English (Material loads them only
#: for those languages), precompressed copies, the sitemap, the service worker itself; the
#: preview pictures, which only link crawlers fetch.
SKIPPED_SUFFIXES = (".map", ".br", ".gz", ".xml")
SKIPPED_PREFIXES = ("assets/javascripts/lunr/", "assets/previews/")
#: Never kept either: the headers file is for the host, which does not serve it; the
#: inventory of the Python API's documentation is for other sites' documentation tools.
SKIPPED_NAMES = (SW_URI, "_headers", "objects.inv")


def _site_files(site_dir: Path) -> list[str]:
    return sorted(path.relative_to(site_dir).as_posix()
                  for path in site_dir.rglob("*") if path.is_file())


#: Hex digits of a file's SHA-256 kept as its revision (128 bits); sw.js checks as many.
REVISION_LENGTH = 32


def _revision(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:REVISION_LENGTH]


def file_entries(site_dir: Path, names: Iterable[str]) -> list[dict[str, str]]:
    """The files `names` with their hashes: ``{"url", "revision"}``, sorted by url (the
    service worker's lists of the site's files and of the runtime's)."""
    return [{"url": name, "revision": _revision(site_dir / name)} for name in sorted(names)]


def write_service_worker(site_dir: Path, template: Path) -> None:
    """Write ``sw.js`` into the built site, from the bundled template."""
    if not template.is_file():
        raise PluginError(f"The service worker bundle is missing: {template} does not exist. "
                          "Run `make setup` (it runs `npm run build`) and build again.")
    pages: list[str] = []
    runtime: list[str] = []
    for name in _site_files(site_dir):
        if (name in SKIPPED_NAMES or name.endswith(SKIPPED_SUFFIXES)
                or name.startswith(SKIPPED_PREFIXES)):
            continue
        (runtime if name.startswith(RUNTIME_PREFIXES) else pages).append(name)
    code = template.read_text(encoding="utf-8")
    for placeholder, value in [
        ("self.__WB_MANIFEST", file_entries(site_dir, pages)),
        ("self.__FLIPCARDS_RUNTIME", {
            "files": file_entries(site_dir, runtime),
            "warm": [name for name in runtime if name not in ON_DEMAND],
        }),
        ("self.__FLIPCARDS_HEADERS", csp.sent_headers(site_dir)),
    ]:
        if code.count(placeholder) != 1:
            raise PluginError(f"{template}: expected {placeholder} once in the service worker")
        code = code.replace(placeholder, json.dumps(value, separators=(",", ":")))
    (site_dir / SW_URI).write_text(code, encoding="utf-8")
