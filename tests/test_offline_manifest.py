"""What the build tells the service worker (flipcards_site/offline.py): the site's files and
Python's, each with the hash of its bytes; never what only crawlers and other sites' tools
fetch, nor copies and maps."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from mkdocs.exceptions import PluginError

from flipcards_site import offline

TEMPLATE = ("const P = self.__WB_MANIFEST; const R = self.__FLIPCARDS_RUNTIME; "
            "const H = self.__FLIPCARDS_HEADERS;")


def write_site(root: Path, files: dict[str, bytes]) -> None:
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)


def lists(root: Path, tmp_path: Path) -> tuple[list[dict[str, str]], dict[str, Any]]:
    template = tmp_path / "template.js"
    template.write_text(TEMPLATE)
    offline.write_service_worker(root, template)
    found = re.fullmatch(r"const P = (.*); const R = (.*); const H = .*;",
                         (root / offline.SW_URI).read_text())
    assert found
    return json.loads(found.group(1)), json.loads(found.group(2))


def test_the_service_worker_never_keeps_previews_the_inventory_or_copies(tmp_path: Path) -> None:
    root = tmp_path / "site"
    write_site(root, {
        "index.html": b"<h1>home</h1>",
        "rule-508/index.html": b"<h1>rule</h1>",
        "assets/previews/rule-508.png": b"\x89PNG preview",
        "assets/previews/cards/bushi-tenderfoot.png": b"\x89PNG card",
        "objects.inv": b"# Sphinx inventory",
        "sitemap.xml": b"<urlset/>",
        "rule-508/index.html.br": b"copy",
        "rule-508/index.html.gz": b"copy",
        "assets/javascripts/bundle.js.map": b"{}",
        "_headers": b"/*\n",
        "assets/javascripts/bundle.js": b"console.log(1)",
    })
    site, runtime = lists(root, tmp_path)
    assert [entry["url"] for entry in site] == [
        "assets/javascripts/bundle.js", "index.html", "rule-508/index.html"]
    assert runtime["files"] == [] and runtime["warm"] == []


def test_python_is_listed_apart_and_its_rarely_used_part_is_not_warmed(tmp_path: Path) -> None:
    root = tmp_path / "site"
    write_site(root, {
        "index.html": b"<h1>home</h1>",
        "assets/pyodide/pyodide.asm.wasm": b"\0asm",
        "assets/python/stdlib.zip": b"PK stdlib",
        "assets/python/stdlib-rest.zip": b"PK rest",
        "assets/flipcards/flipcards.zip": b"PK package",
        "assets/js/editor.js": b"// editor",
        "javascripts/worker.mjs": b"// worker",
        "javascripts/runner.mjs": b"// runner",
    })
    site, runtime = lists(root, tmp_path)
    assert [entry["url"] for entry in site] == ["index.html", "javascripts/runner.mjs"]
    urls = [entry["url"] for entry in runtime["files"]]
    assert urls == sorted(urls) and len(urls) == 6
    assert set(runtime["warm"]) == set(urls) - {"assets/python/stdlib-rest.zip"}
    for entry in [*site, *runtime["files"]]:
        data = (root / entry["url"]).read_bytes()
        assert entry["revision"] == hashlib.sha256(data).hexdigest()[:32]


def test_only_a_changed_file_changes_its_revision(tmp_path: Path) -> None:
    root = tmp_path / "site"
    write_site(root, {"index.html": b"home", "about/index.html": b"about",
                      "javascripts/worker.mjs": b"// worker"})
    site, runtime = lists(root, tmp_path)
    (root / "about/index.html").write_bytes(b"about, amended")
    changed_site, changed_runtime = lists(root, tmp_path)
    before = {entry["url"]: entry["revision"] for entry in site}
    after = {entry["url"]: entry["revision"] for entry in changed_site}
    assert {url for url in before if before[url] != after[url]} == {"about/index.html"}
    assert changed_runtime == runtime


def test_a_template_without_its_placeholders_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "site"
    write_site(root, {"index.html": b"home"})
    template = tmp_path / "template.js"
    template.write_text("const P = self.__WB_MANIFEST;")
    with pytest.raises(PluginError, match="__FLIPCARDS_RUNTIME"):
        offline.write_service_worker(root, template)
