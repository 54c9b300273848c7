"""The site's Content-Security-Policy (flipcards_site.csp): hashes, the meta tag, the headers."""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path

from flipcards_site import csp

PAGE = """<!doctype html><html><head><meta charset="utf-8"><script>var a=1</script>
<script src="x.js"></script><script id="__config" type="application/json">{"x":1}</script>
</head><body><script>var b=2</script></body></html>"""


def sha(text: str) -> str:
    return f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'"


def test_inline_scripts_are_hashed_and_data_is_not() -> None:
    assert csp.script_hashes(PAGE) == {sha("var a=1"), sha("var b=2")}


def test_the_policy_confines_everything_to_the_site() -> None:
    policy = csp.policy({sha("var a=1")})
    assert "connect-src 'self';" in policy
    assert "worker-src 'self' blob:;" in policy
    assert f"script-src 'self' 'wasm-unsafe-eval' {sha('var a=1')};" in policy
    assert "unsafe-inline" not in policy.split("style-src")[0]


def test_apply_puts_the_meta_first_and_writes_the_headers(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text(PAGE, encoding="utf-8")
    other = PAGE.replace("var a=1", "var a=2")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "index.html").write_text(other, encoding="utf-8")
    csp.apply(tmp_path)
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert page.startswith('<!doctype html><html><head><meta charset="utf-8">'
                           '<meta http-equiv="Content-Security-Policy" content="')
    assert sha("var a=1") in page and sha("var b=2") in page
    assert sha("var a=2") not in page  # another page's head script
    headers = (tmp_path / csp.HEADERS_FILE).read_text(encoding="utf-8")
    assert "/*\n  Content-Security-Policy: default-src 'self'" in headers
    assert sha("var a=1") in headers and sha("var a=2") in headers


def _headers_of_a_site(site: Path) -> str:
    """The headers file the build writes for a one-page site in `site`."""
    (site / "index.html").write_text(PAGE, encoding="utf-8")
    csp.apply(site)
    return (site / csp.HEADERS_FILE).read_text(encoding="utf-8")


def test_the_headers_forbid_framing_and_the_meta_tag_does_not_try(tmp_path: Path) -> None:
    headers = _headers_of_a_site(tmp_path)
    assert "frame-ancestors 'none'" in headers
    assert "\n  X-Frame-Options: DENY\n" in headers
    # A <meta> policy cannot say frame-ancestors; browsers complain if it does.
    assert "frame-ancestors" not in (tmp_path / "index.html").read_text(encoding="utf-8")


def test_the_headers_deny_what_the_site_never_uses(tmp_path: Path) -> None:
    headers = _headers_of_a_site(tmp_path)
    assert "\n  X-Content-Type-Options: nosniff\n" in headers
    assert "\n  Referrer-Policy: strict-origin-when-cross-origin\n" in headers
    [permissions] = [line for line in headers.splitlines() if "Permissions-Policy:" in line]
    for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert f"{feature}=()" in permissions
