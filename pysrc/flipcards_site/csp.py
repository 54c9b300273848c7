"""The site's Content-Security-Policy: a ``<meta>`` tag on every page and a headers file.

Every request the site makes goes to its own origin, and so must every request a reader's
code could make. The policy allows only the site's own origin for scripts, connections,
workers, images, fonts and everything else, plus:

- ``'wasm-unsafe-eval'``: Pyodide compiles WebAssembly;
- ``blob:`` workers: the Python worker is started from a ``blob:`` URL so that it inherits
  the page's policy (a worker loaded from its own URL only gets the policy of its response
  headers); a service worker of the site's own (``'self'``) is allowed too;
- ``data:`` images: the theme draws its icons from ``data:`` SVGs in its stylesheet;
- inline styles: the theme and the editor set them (styles cannot send anything: images and
  fonts, which could, are confined);
- the theme's few inline scripts, by their SHA-256 hashes (never ``'unsafe-inline'``).

The hashes are those of the inline scripts of each page, plus those of the ``<body>`` of every
page, since instant navigation runs the scripts of the next page's body under the policy of
the page that was loaded first. The headers file ``_headers`` (the format of hosts such as
Netlify and Cloudflare Pages, and of the test server) sends the same policy with the hashes of
every page, for the pages and for the worker's scripts, whose policy only headers can set.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from collections.abc import Iterable
from pathlib import Path

__all__ = ["HEADERS_FILE", "apply", "headers_file", "policy", "script_hashes"]

#: The headers file, at the root of the built site.
HEADERS_FILE = "_headers"

#: The policy without script hashes, directive by directive.
DIRECTIVES: dict[str, list[str]] = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'wasm-unsafe-eval'"],
    "worker-src": ["'self'", "blob:"],
    "connect-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
}

#: Headers sent with every file besides the policy (the headers file only).
OTHER_HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin"}

_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.DOTALL | re.IGNORECASE)
_BODY = re.compile(r"<body\b.*", re.DOTALL | re.IGNORECASE)
_JS_TYPES = {"", "text/javascript", "module", "application/javascript"}
_CHARSET = re.compile(r"<meta charset=[^>]*>", re.IGNORECASE)
_META = '<meta http-equiv="Content-Security-Policy" content="{}">'


def script_hashes(page_html: str) -> set[str]:
    """The CSP sources (``'sha256-…'``) of the inline scripts of `page_html`."""
    found = set()
    for attributes, text in _SCRIPT.findall(page_html):
        if re.search(r"\bsrc\s*=", attributes):
            continue
        kind = re.search(r"""\btype\s*=\s*["']?([^"'\s>]*)""", attributes)
        if kind and kind.group(1).lower() not in _JS_TYPES:
            continue  # data, such as Material's JSON config: never run
        digest = hashlib.sha256(text.encode("utf-8")).digest()
        found.add(f"'sha256-{base64.b64encode(digest).decode('ascii')}'")
    return found


def policy(hashes: Iterable[str] = ()) -> str:
    """The policy as one header value, with `hashes` allowed as scripts."""
    parts = []
    for name, sources in DIRECTIVES.items():
        extra = sorted(hashes) if name == "script-src" else []
        parts.append(" ".join([name, *sources, *extra]))
    return "; ".join(parts)


def headers_file(hashes: Iterable[str]) -> str:
    """The ``_headers`` file: the policy and the other headers for every path."""
    lines = ["# Sent by hosts that read this file (and by the test server); the pages carry",
             "# the same policy in a <meta> tag.", "/*",
             f"  Content-Security-Policy: {policy(hashes)}"]
    lines += [f"  {name}: {value}" for name, value in OTHER_HEADERS.items()]
    return "\n".join(lines) + "\n"


def apply(site_dir: Path) -> None:
    """Put the policy into every page of the built site and write the headers file."""
    pages = {path: path.read_text(encoding="utf-8") for path in sorted(site_dir.rglob("*.html"))}
    own = {path: script_hashes(text) for path, text in pages.items()}
    body: set[str] = set()
    for text in pages.values():
        found = _BODY.search(text)
        body |= script_hashes(found.group(0)) if found else set()
    everything = body.union(*own.values())
    for path, text in pages.items():
        meta = _META.format(html.escape(policy(own[path] | body), quote=False))
        charset = _CHARSET.search(text)
        if charset is None:
            continue  # not a page of the theme (e.g. a fragment): it has no <head> to protect
        path.write_text(text[: charset.end()] + meta + text[charset.end():], encoding="utf-8")
    (site_dir / HEADERS_FILE).write_text(headers_file(everything), encoding="utf-8")
