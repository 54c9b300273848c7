"""The theme pinned, with tripwires: what the site copies or imitates of Material for MkDocs.

``overrides/partials/`` holds copies of three of the theme's partials, each changed in one
place, and ``docs/javascripts/`` (start.js, early.js, palette.js) does what the theme's script
and its palette snippet do as a page starts. Both follow the theme exactly as installed, so a
theme update must be read against them: these tests fail, naming what to re-read, when the
installed theme's version, partials, script bundle or palette snippet are no longer the ones
the site was written against.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import re
from pathlib import Path

import material
import pytest

ROOT = Path(__file__).resolve().parents[1]
THEME = Path(material.__file__).parent / "templates"
OVERRIDES = ROOT / "overrides"

#: The series the overrides and the start-up scripts were written against.
SERIES = "9.8."

#: Each copied partial and its changes: (the theme's text, ours), each.
CHANGED = {
    "partials/search.html": (
        ('role="dialog">', """role="dialog" aria-label="{{ lang.t('search') }}">"""),),
    "partials/progress.html": (('role="progressbar">', 'role="progressbar" aria-hidden="true">'),),
    "partials/palette.html": (('data-md-component="palette">', 'id="fc-palette">'),),
}

#: What start.js and early.js imitate: the theme's script as it starts (its bundle's name
#: carries a hash of its content), and palette.js: the theme's palette snippet (its SHA-256).
BUNDLE = "bundle.a5f9d56c.min.js"
PALETTE_SNIPPET_SHA256 = "8790389765ea6036effddba548b15093bb05bdc75624eaeaf8b13f3c24be4ab5"

_LEADING_COMMENT = re.compile(r"\A\{#-.*?-#\}\n", re.DOTALL)


def _without_leading_comment(path: Path) -> str:
    return _LEADING_COMMENT.sub("", path.read_text(encoding="utf-8"), count=1)


def test_the_theme_is_the_series_the_site_was_written_against() -> None:
    version = importlib.metadata.version("mkdocs-material")
    assert version.startswith(SERIES), (
        f"mkdocs-material {version} is installed; overrides/ and docs/javascripts/start.js, "
        f"early.js and palette.js follow {SERIES}x: re-read them against the new theme")
    pin = re.search(r'"mkdocs-material([^"]*)"', (ROOT / "pyproject.toml").read_text())
    assert pin and pin.group(1) == ">=9.8,<9.9", "pyproject.toml must pin the 9.8 series"


@pytest.mark.parametrize("partial", list(CHANGED))
def test_a_copied_partial_is_the_themes_own_but_for_its_changes(partial: str) -> None:
    theirs = _without_leading_comment(THEME / partial)
    ours = _without_leading_comment(OVERRIDES / partial)
    for before, after in CHANGED[partial]:
        assert theirs.count(before) == 1, (
            f"the theme's {partial} changed where overrides/{partial} changes it: copy it "
            "again and make the change anew")
        theirs = theirs.replace(before, after)
    assert theirs == ours, (
        f"the theme's {partial} is no longer what overrides/{partial} copied: copy it again "
        "and make the change anew")


def test_the_themes_script_is_the_one_start_js_and_early_js_imitate() -> None:
    bundles = sorted(p.name for p in (THEME / "assets" / "javascripts").glob("bundle.*.min.js"))
    assert bundles == [BUNDLE], (
        f"the theme's script is now {bundles}: re-read what docs/javascripts/start.js and "
        "early.js do in its place as a page starts, then update BUNDLE")


def test_the_themes_palette_snippet_is_the_one_palette_js_replaces() -> None:
    snippet = (THEME / "partials" / "javascripts" / "palette.html").read_bytes()
    assert hashlib.sha256(snippet).hexdigest() == PALETTE_SNIPPET_SHA256, (
        "the theme's palette snippet changed: re-read docs/javascripts/palette.js against it, "
        "then update PALETTE_SNIPPET_SHA256")


@pytest.mark.parametrize("template", ["main.html", "404.html"])
def test_every_block_an_override_fills_is_one_of_the_theme_s(template: str) -> None:
    # A block the theme no longer has would be left out without a word.
    theirs = set(re.findall(r"\{%-?\s*block\s+(\w+)", (THEME / "base.html").read_text()))
    ours = set(re.findall(r"\{%-?\s*block\s+(\w+)", (OVERRIDES / template).read_text()))
    assert ours and ours <= theirs, (
        f"overrides/{template} fills blocks the theme's base.html no longer has: "
        f"{sorted(ours - theirs)}; re-read it against the theme")
