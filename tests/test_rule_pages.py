"""Native tests of the rules' own pages (pysrc/flipcards_site/rule_pages.py): reading the quoted
blocks, today's numbers, the generated pages and their meta, and the errors that fail the build.

The build tests build a small site (Material, three source pages) in a temporary folder with a
plugin that calls the module's two hooks, as the ``flipcards`` plugin does; the tests of what
every page's preview says, and of what the copy buttons read, build the real site.
"""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort, PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import Files, get_files
from mkdocs.structure.pages import Page

from flipcards_site import rule_pages
from flipcards_site.plugin import FlipCardsPlugin
from flipcards_site.rule_pages import Quoted, TodayPage, read_mapping, read_quoted, trim

ROOT = Path(__file__).resolve().parent.parent
SITE_URL = "https://flip.example/"
FONT_DIR = ROOT / "node_modules" / "@fontsource" / "inter" / "files"

LONG = ("In every zone other than the in-play zone, and also in the in-play zone before the "
        "permanent flips, a flip card has only the normal characteristics of the permanent. "
        "Once the flip permanent in the in-play zone has been flipped, the normal name, text "
        "box, type line, power, and toughness of the flip permanent don't apply.")

RULES = f"""\
# Rule 508

<div class="fc-rule" id="508.1" data-gist="Two halves" markdown>
<p class="fc-rule-text"><span class="fc-rule-number">508.1.</span> Flip cards, such as the \
"heroes" & <em>others</em>, have a <b>two-part</b> frame.</p>

Our note.
</div>

<div class="fc-rule" id="508.2" data-gist="Only the normal half" markdown>
<p class="fc-rule-text"><span class="fc-rule-number">508.2.</span> {LONG}</p>
<p class="fc-rule-text fc-rule-example">Example: A hero is not legendary.</p>

Our note.
</div>
"""

RULINGS = """\
# Rulings

<div class="fc-ruling" id="ruling-1" data-gist="Twice is once" markdown>
<p class="fc-ruling-text">Flipping a flip permanent a second time has no effect.</p>
</div>
"""

MAPPING = """\
# Then & now

| 2004 | Today | What changed |
|------|-------|--------------|
| [508.1](rule-508.md#508.1) | 710.1 | Same. |
| [508.2](rule-508.md#508.2) | 710.2 | Now says *battlefield*; see [above](#x). |
| [Ruling 1](rulings.md#ruling-1) (twice) | 707.2, 707.3 | Covered. |
"""


class RulePagesPlugin(BasePlugin):  # type: ignore[type-arg,no-untyped-call]
    """The two hooks of the ``flipcards`` plugin that serve the rule pages."""

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        rule_pages.add_files(files, config, FONT_DIR)
        return files

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        return rule_pages.add_meta(output, page, config)


def build_site(tmp_path: Path, rules: str = RULES, rulings: str = RULINGS,
               mapping: str = MAPPING) -> Path:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "rule-508.md").write_text(rules, encoding="utf-8")
    (docs / "rulings.md").write_text(rulings, encoding="utf-8")
    (docs / "then-and-now.md").write_text(mapping, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: Flip Cards\n"
        f"site_url: {SITE_URL}\n"
        "site_description: A site \"about\" flip cards.\n"
        "theme:\n  name: material\n  font: false\n"
        "markdown_extensions: [attr_list, md_in_html]\n"
        "validation: {anchors: warn}\n"
        "plugins: [search]\n",
        encoding="utf-8",
    )
    config = load_config(str(tmp_path / "mkdocs.yml"), site_dir=str(tmp_path / "site"))
    config.plugins["rule-pages"] = RulePagesPlugin()
    build(config)
    return tmp_path / "site"


def meta(document: str) -> dict[str, str]:
    found = {key: html.unescape(value) for key, value in re.findall(
        r'<meta (?:property|name)="([^"]+)" content="([^"]*)"', document)}
    canonical = re.search(r'<link rel="canonical" href="([^"]*)"', document)
    if canonical:
        found["canonical"] = canonical.group(1)
    return found


# --- reading the source pages ---------------------------------------------------------------


def test_blocks_are_read_in_page_order_without_their_rule_number() -> None:
    rules = read_quoted(RULES, "rule-508.md", "rule")
    assert [q.anchor for q in rules] == ["508.1", "508.2"]
    assert rules[0].paragraphs == (
        'Flip cards, such as the "heroes" & <em>others</em>, have a <b>two-part</b> frame.',)
    assert rules[0].text == 'Flip cards, such as the "heroes" & others, have a two-part frame.'
    assert rules[1].paragraphs[1] == "Example: A hero is not legendary."
    assert [q.label for q in read_quoted(RULINGS, "rulings.md", "ruling")] == ["Ruling 1"]


def test_the_site_pages_have_a_block_and_a_row_for_every_rule_and_ruling() -> None:
    def read(name: str) -> str:
        return (ROOT / "docs" / name).read_text(encoding="utf-8")

    quoted = rule_pages.join(
        [*read_quoted(read("rule-508.md"), "rule-508.md", "rule"),
         *read_quoted(read("rulings.md"), "rulings.md", "ruling")],
        read_mapping(read("then-and-now.md")))
    assert [q.anchor for q in quoted] == [
        "508", "508.1", "508.1a", "508.1b", "508.1c", "508.2", "508.3", "508.4",
        *(f"ruling-{n}" for n in range(1, 8))]
    today = {q.anchor: q.today for q in quoted}
    # Today's numbers: 508.x is 710.x.
    assert today["508"] == "710"
    assert all(today[a] == "710" + a.removeprefix("508") for a in today if a.startswith("508"))
    assert today["ruling-4"] == "704.5j"


@pytest.mark.parametrize("anchor", ["508.9z9", "rule-508.1", "", "710.1a"])
def test_unknown_rule_id_fails_the_build(anchor: str) -> None:
    source = RULES.replace('id="508.1"', f'id="{anchor}"')
    with pytest.raises(PluginError, match=rf'rule-508.md: unknown rule id "{re.escape(anchor)}"'):
        read_quoted(source, "rule-508.md", "rule")


def test_unknown_ruling_id_fails_the_build() -> None:
    with pytest.raises(PluginError, match='unknown ruling id "ruling-one"'):
        read_quoted(RULINGS.replace("ruling-1", "ruling-one"), "rulings.md", "ruling")


def test_duplicate_id_fails_the_build() -> None:
    with pytest.raises(PluginError, match=re.escape('rule-508.md: duplicate rule id "508.1"')):
        read_quoted(RULES + RULES.split("\n", 2)[2], "rule-508.md", "rule")


def test_id_that_is_not_the_quoted_rule_number_fails_the_build() -> None:
    with pytest.raises(PluginError, match=re.escape('id "508.2" quotes rule 508.1')):
        read_quoted(RULES.replace('id="508.1"', 'id="508.2"', 1).replace(
            'id="508.2" markdown>\n<p class="fc-rule-text"><span class="fc-rule-number">508.2',
            'id="508.3" markdown>\n<p class="fc-rule-text"><span class="fc-rule-number">508.3'),
            "rule-508.md", "rule")


def test_block_without_its_text_fails_the_build() -> None:
    with pytest.raises(PluginError, match='ruling "ruling-1" has no <p class="fc-ruling-text">'):
        read_quoted(RULINGS.replace("fc-ruling-text", "note"), "rulings.md", "ruling")


def test_rule_without_a_row_for_today_fails_the_build() -> None:
    quoted = read_quoted(RULES, "rule-508.md", "rule")
    mapping = read_mapping(MAPPING.replace("| [508.2](rule-508.md#508.2) | 710.2 |", "| x | y |"))
    with pytest.raises(PluginError, match=r"no row for Rule 508.2 \(rule-508.md#508.2\)"):
        rule_pages.join(quoted, mapping)


def test_row_for_an_unknown_id_fails_the_build() -> None:
    quoted = read_quoted(RULES, "rule-508.md", "rule")
    with pytest.raises(PluginError, match=re.escape("rows for unknown ids: rulings.md#ruling-1")):
        rule_pages.join(quoted, read_mapping(MAPPING))


def test_mapping_keeps_the_change_with_its_links_named_from_the_docs_folder() -> None:
    """A generated page quotes the change elsewhere: "see [above](#x)" is a link to the table's
    page (it lost its link, and the page of ruling 4 said "see above" with nothing above)."""
    mapping = read_mapping(MAPPING)
    assert mapping[("rule-508.md", "508.2")] == (
        "710.2", "Now says *battlefield*; see [above](then-and-now.md#x).")
    assert mapping[("rulings.md", "ruling-1")] == ("707.2, 707.3", "Covered.")


# --- trimming -------------------------------------------------------------------------------


def test_description_is_trimmed_at_a_word_boundary() -> None:
    trimmed = trim(LONG, 200)
    assert len(trimmed) <= 200
    assert trimmed.endswith("…")
    assert LONG.startswith(trimmed[:-1])
    assert LONG[len(trimmed) - 1] == " "  # the cut falls between two words
    assert trim("short text") == "short text"
    assert trim("  spread\n  over   lines ") == "spread over lines"


def test_trimmed_description_is_never_longer_than_its_limit() -> None:
    # Every cut, among them those where the limit falls right before a space.
    for limit in range(1, len(LONG) + 1):
        trimmed = trim(LONG, limit)
        assert len(trimmed) <= limit, (limit, trimmed)
        assert trimmed == LONG or LONG.startswith(trimmed.removesuffix("…"))


def test_description_of_a_rule_is_its_first_paragraph() -> None:
    rule = read_quoted(RULES, "rule-508.md", "rule")[1]
    assert "Example" not in rule.description
    assert rule.description == trim(LONG)


# --- the built pages ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_site(tmp_path_factory.mktemp("rule-pages"))


def test_every_id_in_the_sources_gets_a_page(site: Path) -> None:
    assert sorted(p.parent.name for p in (site / "rules").glob("*/index.html")) == [
        "508.1", "508.2", "710.1", "710.2"]
    assert sorted(p.parent.name for p in (site / "rulings").glob("*/index.html")) == ["1"]


def test_rule_page_meta_is_present_and_escaped(site: Path) -> None:
    document = (site / "rules" / "508.1" / "index.html").read_text(encoding="utf-8")
    found = meta(document)
    assert found["og:title"] == "Rule 508.1 (Comprehensive Rules, 2004; today 710.1) — Flip Cards"
    assert found["og:description"] == (
        'Flip cards, such as the "heroes" & others, have a two-part frame.')
    assert found["description"] == found["og:description"]
    assert found["og:url"] == found["canonical"] == SITE_URL + "rules/508.1/"
    assert found["og:type"] == "article"
    assert found["og:site_name"] == "Flip Cards"
    assert found["twitter:card"] == "summary_large_image"
    assert found["og:image"] == SITE_URL + "assets/previews/rules/508.1.png"
    assert (site / "assets" / "previews" / "rules" / "508.1.png").read_bytes()[:4] == b"\x89PNG"
    # Quotes and ampersands are escaped in the attributes; no tag leaks into them.
    assert ('content="Flip cards, such as the &quot;heroes&quot; &amp; others, have a '
            'two-part frame."') in document
    assert "&lt;" not in found["og:description"] and "<" not in found["og:description"]


def test_rule_page_shows_the_verbatim_text_today_and_the_link_back(site: Path) -> None:
    document = (site / "rules" / "508.2" / "index.html").read_text(encoding="utf-8")
    assert f"<p>{LONG}</p>" in document
    assert "<p>Example: A hero is not legendary.</p>" in document
    assert ('Today: rule 710.2. Now says <em>battlefield</em>; see '
            '<a href="../../then-and-now/#x">above</a>.') in document
    assert 'href="../../rule-508/#508.2"' in document
    assert meta(document)["og:description"] == trim(LONG)


def test_rule_page_sends_a_browser_to_the_rule_in_context(site: Path) -> None:
    document = (site / "rulings" / "1" / "index.html").read_text(encoding="utf-8")
    head = document[: document.index("<title>")]
    assert ('<script src="../../javascripts/hop.js" data-fc-to="../#ruling-1"></script>'
            in head)
    assert "Today: rules 707.2, 707.3." in document


def test_rule_pages_are_in_the_search_index_and_todays_are_not(site: Path) -> None:
    index = (site / "search" / "search_index.json").read_text(encoding="utf-8")
    assert '"location":"rules/508.1/"' in index and '"location":"rulings/1/"' in index
    assert "rules/710.1/" not in index


def test_regular_pages_get_title_and_description_meta(site: Path) -> None:
    found = meta((site / "rulings" / "index.html").read_text(encoding="utf-8"))
    assert found["og:title"] == "Rulings — Flip Cards"
    assert found["og:description"] == 'A site "about" flip cards.'
    assert found["og:url"] == SITE_URL + "rulings/"
    assert found["og:type"] == "website"
    assert "hop.js" not in (site / "rulings" / "index.html").read_text("utf-8")


def test_a_site_without_the_source_pages_gets_no_rule_pages(tmp_path: Path) -> None:
    config = load_config(str(ROOT / "mkdocs.yml"))
    files = Files([])
    assert rule_pages.add_files(files, config, FONT_DIR) == []
    assert list(files) == []


def test_a_missing_source_page_fails_the_build(tmp_path: Path) -> None:
    (tmp_path / "rule-508.md").write_text(RULES, encoding="utf-8")
    config = load_config(str(ROOT / "mkdocs.yml"), docs_dir=str(tmp_path))
    files = get_files(config)
    with pytest.raises(PluginError, match=r"need docs/rulings\.md, which is missing"):
        rule_pages.add_files(files, config, FONT_DIR)


def test_duplicate_id_fails_the_site_build(tmp_path: Path,
                                           caplog: pytest.LogCaptureFixture) -> None:
    rulings = RULINGS + RULINGS.split("\n", 2)[2]
    with pytest.raises(Abort):
        build_site(tmp_path, rulings=rulings)
    assert 'rulings.md: duplicate ruling id "ruling-1"' in caplog.text


def test_the_flipcards_plugin_adds_the_meta() -> None:
    class FakePage:
        title = "About"
        meta: ClassVar[dict[str, str]] = {"description": "What <this> is."}
        canonical_url = SITE_URL + "about/"

    config = load_config(str(ROOT / "mkdocs.yml"))
    output = FlipCardsPlugin().on_post_page("<html><head></head></html>",
                                            page=FakePage(), config=config)  # type: ignore[arg-type]
    assert output is not None
    assert '<meta property="og:description" content="What &lt;this&gt; is.">' in output
    assert '<meta property="og:title" content="About — Flip Cards">' in output


def test_quoted_labels_and_paths() -> None:
    rule = Quoted("rule", "508.1a", ("Text.",))
    ruling = Quoted("ruling", "ruling-3", ("Text.",))
    assert (rule.label, rule.src_uri, rule.source) == ("Rule 508.1a", "rules/508.1a.md",
                                                      "rule-508.md")
    assert (ruling.label, ruling.src_uri, ruling.number) == ("Ruling 3", "rulings/3.md", "3")


def test_a_short_rule_previews_with_its_source_and_todays_number() -> None:
    heading = Quoted("rule", "508", ("Flip Cards",), today="710")
    assert heading.description == ("Rule 508: Flip Cards. Quoted word for word from the 2004 "
                                   "Comprehensive Rules; today rule 710.")
    long = Quoted("rule", "508.3", ("If you control a flip permanent, you must ensure it.",))
    assert long.description == "If you control a flip permanent, you must ensure it."


def test_a_block_without_a_gist_fails_the_build() -> None:
    with pytest.raises(PluginError, match='ruling "ruling-1" has no gist: add data-gist='):
        read_quoted(RULINGS.replace(' data-gist="Twice is once"', ""), "rulings.md", "ruling")


def test_citations_name_source_edition_and_todays_number() -> None:
    rule = Quoted("rule", "508.2", ("Text.",), today="710.2")
    ruling = Quoted("ruling", "ruling-6", ("Text.",), today="707.2, 707.3")
    assert rule.citation == "Comprehensive Rules (2004), rule 508.2; today rule 710.2"
    assert ruling.citation == ("Champions of Kamigawa FAQ (2004), ruling 6; "
                               "today rules 707.2, 707.3")
    assert rule.title == "Rule 508.2 (Comprehensive Rules, 2004; today 710.2)"
    assert Quoted("rule", "508", ("x",)).citation == "Comprehensive Rules (2004), rule 508"


def test_todays_numbers_of_section_710_get_pages_rules_first() -> None:
    rule = Quoted("rule", "508.4", ("One-way.",), today="710.4")
    twice = Quoted("ruling", "ruling-3", ("Twice.",), today="710.4")
    naming = Quoted("ruling", "ruling-5", ("Names.",), today="710.5")
    legend = Quoted("ruling", "ruling-4", ("Legend.",), today="704.5j")
    pages = rule_pages.today_pages([twice, naming, legend, rule])
    assert [(p.number, p.quoted.anchor) for p in pages] == [("710.4", "508.4"),
                                                           ("710.5", "ruling-5")]
    index = rule_pages.index_markdown([rule, twice, legend])
    assert "| [Rule 508.4](rule-508.md#508.4) | [710.4](rules/710.4.md) |" in index
    assert "| [Ruling 4](rulings.md#ruling-4) | 704.5j |" in index


def test_annotate_writes_the_citation_under_the_quoted_text() -> None:
    content = ('<div class="fc-rule" id="508.2">\n<p class="fc-rule-text">'
               '<span class="fc-rule-number">508.2.</span> A.</p>\n'
               '<p class="fc-rule-text fc-rule-example">B.</p>\n<p>Ours.</p></div>')
    rule = Quoted("rule", "508.2", ("A.",), today="710.2", printed="508.2.")
    annotated = rule_pages.annotate(content, [rule])
    assert annotated.startswith('<div class="fc-rule" id="508.2" data-fc-cite="Comprehensive '
                                'Rules (2004), rule 508.2; today rule 710.2" '
                                'data-fc-today="710.2" data-fc-marker="508.2.">')
    assert ('B.</p>\n<p class="fc-cite">Comprehensive Rules (2004), rule 508.2; today rule '
            '710.2</p>\n<p>Ours.</p>') in annotated


def test_a_todays_rule_preview_shortens_its_lead_in_never_the_rule() -> None:
    def page(number: str, kind: rule_pages.Kind, anchor: str, text: str) -> TodayPage:
        return TodayPage(number, Quoted(kind, anchor, (text,), today=number))

    # Room for the whole lead-in.
    short = page("710.4", "rule", "508.4", "Flipping a permanent is a one-way process.")
    assert short.description() == ("Rule 710.4 of today's Comprehensive Rules was rule 508.4 "
                                   "in 2004: Flipping a permanent is a one-way process.")
    # Room for a shorter one only.
    naming = page("710.5", "ruling", "ruling-5", "x" * 160)
    assert naming.description(200) == f"Rule 710.5 was ruling 5 in 2004: {'x' * 160}"
    # Room for the rule alone: the title names both numbers.
    assert naming.description(170) == "x" * 160
    # No room even for the rule: it is cut, with no lead-in before it.
    assert naming.description(100) == trim("x" * 160, 100)


# --- the real site --------------------------------------------------------------------------

#: What Twitter (X) shows of a description at most.
TWITTER_LIMIT = 200


@pytest.fixture(scope="module")
def real_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as ``mkdocs build --strict`` builds it from ``mkdocs.yml``."""
    out = tmp_path_factory.mktemp("real-site")
    result = subprocess.run(
        [str(Path(sys.executable).with_name("mkdocs")), "build", "--strict", "-d", str(out)],
        cwd=ROOT, env={**os.environ, "SITE_URL": SITE_URL, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True, text=True, check=False)
    assert result.returncode == 0, f"mkdocs build failed:\n{result.stdout}\n{result.stderr}"
    return out


def quoted_rule(document: str) -> str:
    """The first quoted paragraph of a rule's or ruling's own page (the rule itself), as text."""
    block = re.search(r'<blockquote class="fc-quoted-text">\s*<p>(.*?)</p>', document, re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", block.group(1))).split()) \
        if block else ""


def test_every_preview_fits_its_limits_and_holds_a_rule_that_fits(real_site: Path) -> None:
    previews = {}
    for page in real_site.rglob("*.html"):
        document = page.read_text(encoding="utf-8")
        if "og:description" in document:  # every page but 404.html, which no link unfolds
            previews[str(page.relative_to(real_site))] = document
    assert {"index.html", "rules/710.3/index.html", "rulings/5/index.html",
            "cards/bushi-tenderfoot/index.html"} <= previews.keys()
    whole = []
    for path, document in previews.items():
        found = meta(document)
        og, twitter = found["og:description"], found["twitter:description"]
        assert len(og) <= rule_pages.DESCRIPTION_LIMIT, (path, len(og), og)
        assert len(twitter) <= TWITTER_LIMIT, (path, len(twitter), twitter)
        rule = quoted_rule(document)
        for description, limit in [(og, rule_pages.DESCRIPTION_LIMIT), (twitter, TWITTER_LIMIT)]:
            # A rule that fits on its own is there whole, whatever leads into it.
            if rule and len(rule) <= limit:
                assert rule in description, (path, description)
                whole.append(path)
    assert "rules/710.3/index.html" in whole and "rulings/5/index.html" in whole


def test_710_3_preview_holds_the_whole_rule(real_site: Path) -> None:
    document = (real_site / "rules" / "710.3" / "index.html").read_text(encoding="utf-8")
    rule = quoted_rule(document)
    assert rule.startswith("If you control a flip permanent, you must ensure")
    found = meta(document)
    assert found["og:description"] == found["description"] == rule
    assert found["og:title"] == ("Rule 710.3 today = Rule 508.3 of 2004 (Comprehensive Rules) "
                                 "— Flip Cards")
    assert len(found["twitter:description"]) <= TWITTER_LIMIT
    assert rule.startswith(found["twitter:description"].removesuffix("…"))


def test_508_1_quote_keeps_the_period_the_source_prints(real_site: Path) -> None:
    """The copy buttons start a quote with the block's data-fc-marker: the number as printed."""
    document = (real_site / "rule-508" / "index.html").read_text(encoding="utf-8")
    markers: dict[str, str | None] = {}
    printed: dict[str, str | None] = {}
    for block in re.finditer(r'<div class="fc-rule"[^>]*>', document):
        anchor = re.search(r'\bid="([^"]+)"', block.group(0))
        assert anchor, block.group(0)
        marker = re.search(r'\bdata-fc-marker="([^"]*)"', block.group(0))
        markers[anchor.group(1)] = html.unescape(marker.group(1)) if marker else None
        # The number its quoted text starts with on the page.
        number = re.match(r'\s*<p class="fc-rule-text"><span class="fc-rule-number">(.*?)</span>',
                          document[block.end():])
        assert number, anchor.group(1)
        printed[anchor.group(1)] = html.unescape(number.group(1))
    assert markers["508.1"] == "508.1."
    assert markers["508.1a"] == "508.1a"
    assert markers == printed
    rulings = (real_site / "rulings" / "index.html").read_text(encoding="utf-8")
    assert 'id="ruling-3" ' in rulings and 'data-fc-marker="Ruling 3:"' in rulings
