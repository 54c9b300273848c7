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
every page, for the pages and for the worker's scripts, whose policy only headers can set,
and what only headers can say: that no other site may frame the pages (``frame-ancestors``,
``X-Frame-Options``), and which powerful features are denied (``Permissions-Policy``).
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from collections.abc import Iterable
from pathlib import Path

__all__ = ["HEADERS_FILE", "apply", "headers_file", "policy", "script_hashes", "sent_headers"]

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

#: Only a header can say who may frame the site (a ``<meta>`` policy cannot): nobody, so that
#: another site cannot put a page under a decoy and have the reader press Run.
HEADER_ONLY_DIRECTIVES: dict[str, list[str]] = {"frame-ancestors": ["'none'"]}

#: Powerful features the site never uses, denied to it and to anything it could be made to load
#: (only features browsers know as policy-controlled: an unknown one makes the browser
#: complain on every page).
DENIED_FEATURES = ("accelerometer", "autoplay", "camera", "display-capture",
                   "encrypted-media", "geolocation", "gyroscope", "hid", "idle-detection",
                   "magnetometer", "microphone", "midi", "payment", "publickey-credentials-get",
                   "screen-wake-lock", "serial", "usb", "xr-spatial-tracking")

#: Headers sent with every file besides the policy (the headers file only): no guessing of
#: content types; other sites learn at most the site's origin from a link followed; no framing
#: by browsers that predate frame-ancestors; no powerful feature.
OTHER_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": ", ".join(f"{feature}=()" for feature in DENIED_FEATURES),
}

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


def policy(hashes: Iterable[str] = (), *, header: bool = False) -> str:
    """The policy as one value, with `hashes` allowed as scripts; `header`: as the header
    sends it, with the directives a ``<meta>`` tag cannot carry."""
    parts = []
    directives = {**DIRECTIVES, **HEADER_ONLY_DIRECTIVES} if header else DIRECTIVES
    for name, sources in directives.items():
        extra = sorted(hashes) if name == "script-src" else []
        parts.append(" ".join([name, *sources, *extra]))
    return "; ".join(parts)


def headers_file(hashes: Iterable[str]) -> str:
    """The ``_headers`` file: the policy and the other headers for every path."""
    lines = ["# Sent by hosts that read this file (and by the test server); the pages carry",
             "# the same policy in a <meta> tag.", "/*",
             f"  Content-Security-Policy: {policy(hashes, header=True)}"]
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


def sent_headers(site_dir: Path) -> dict[str, str]:
    """The headers the built site's headers file sends with every file (none if it has none).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = (Path(folder) / HEADERS_FILE).write_text(headers_file([]), encoding="utf-8")
    ...     sent = sent_headers(Path(folder))
    >>> sent["X-Frame-Options"], sent["Content-Security-Policy"].startswith("default-src")
    ('DENY', True)
    """
    file = site_dir / HEADERS_FILE
    if not file.is_file():
        return {}
    found = {}
    for line in file.read_text(encoding="utf-8").splitlines():
        if line.startswith("  ") and ": " in line:
            name, value = line.strip().split(": ", 1)
            found[name] = value
    return found
