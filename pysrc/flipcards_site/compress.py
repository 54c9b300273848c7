"""Precompressed copies of the site's larger files, for hosts that serve them.

After the build has written every file, each file of at least ``MIN_BYTES`` gets a ``.br``
(brotli) and a ``.gz`` (gzip, level 9) copy beside it when that copy is smaller by a tenth or
more (Pyodide's ``.wasm``, the precompiled standard library, the pages and
scripts; not images or zips that are compressed already). A host that serves precompressed
files (nginx ``brotli_static``/``gzip_static``, Caddy ``precompressed``, most CDNs) sends
them with ``Content-Encoding``; any other host ignores them.

Brotli at its best quality (11) takes tens of seconds for Pyodide's 9.6 MB ``.wasm``, so the
copies are kept in ``build/compressed/`` by a hash of the original's bytes: a build pays only
for the files that changed. Files under ``BEST_FROM`` bytes (the pages, which change with every
build) get quality 6, which is about as small for them and many times faster.
"""

from __future__ import annotations

import gzip
import hashlib
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import brotli  # type: ignore[import-untyped]

__all__ = ["ENCODINGS", "MIN_BYTES", "write_precompressed"]

MIN_BYTES = 10 * 1024
BEST_FROM = 256 * 1024
#: Keep a compressed copy only if it is at most this fraction of the original.
MAX_RATIO = 0.9
#: Copies in the cache that no build used for this long are removed.
STALE_SECONDS = 7 * 24 * 3600
#: Suffix -> compressor.
def _brotli(data: bytes) -> bytes:
    return bytes(brotli.compress(data, quality=11 if len(data) >= BEST_FROM else 6))


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


ENCODINGS: dict[str, Callable[[bytes], bytes]] = {".br": _brotli, ".gz": _gzip}
#: Formats that are compressed already.
SKIPPED_SUFFIXES = (".br", ".gz", ".png", ".jpg", ".jpeg", ".webp", ".woff", ".woff2")


def write_precompressed(site_dir: Path, cache_dir: Path) -> None:
    """Write ``NAME.br`` and ``NAME.gz`` beside every large, compressible file of the site."""
    cache_dir.mkdir(parents=True, exist_ok=True)
    used: set[Path] = set()
    for path in sorted(p for p in site_dir.rglob("*") if p.is_file()):
        if path.suffix in SKIPPED_SUFFIXES or path.stat().st_size < MIN_BYTES:
            continue
        data = path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()[:32]
        for suffix, compress in ENCODINGS.items():
            cached = cache_dir / f"{digest}{suffix}"
            used.add(cached)
            if cached.exists():
                cached.touch()
            else:
                compressed = compress(data)
                # An empty marker says "not worth it", so the next build does not try again.
                tmp = cached.with_suffix(".tmp")
                tmp.write_bytes(compressed if len(compressed) <= MAX_RATIO * len(data) else b"")
                tmp.replace(cached)
            if cached.stat().st_size:
                shutil.copyfile(cached, path.with_name(path.name + suffix))
    now = time.time()
    for old in cache_dir.iterdir():  # copies of files that no build has had for a while
        if old not in used and now - old.stat().st_mtime > STALE_SECONDS:
            old.unlink(missing_ok=True)
