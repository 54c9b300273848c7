"""Citations a reader can paste anywhere: every rule's and ruling's quote, copied from the page
and rendered by real engines — CommonMark (markdown-it-py), GitHub's cmark-gfm and a BBCode
parser (bbcode) — is one block quote that names its source, keeps its paragraphs and italics,
and no text can turn into markup. Also: links use the site's canonical address, and no browser
title repeats the site's name."""

from __future__ import annotations

import html
import re
from pathlib import Path

import bbcode  # type: ignore[import-untyped]
import cmarkgfm  # type: ignore[import-untyped]
import pytest
from conftest import Site
from fcpage import COPIED, open_with_tools, own_url
from markdown_it import MarkdownIt
from playwright.sync_api import Page, expect

RULES = ["508", "508.1", "508.1a", "508.1b", "508.1c", "508.2", "508.3", "508.4"]
RULINGS = [f"ruling-{n}" for n in range(1, 8)]
TODAY = {"508": "rule 710", "508.1": "rule 710.1", "508.1a": "rule 710.1a",
         "508.1b": "rule 710.1b", "508.1c": "rule 710.1c", "508.2": "rule 710.2",
         "508.3": "rule 710.3", "508.4": "rule 710.4", "ruling-1": "rules 710.1c, 710.2",
         "ruling-2": "rules 710.1c, 110.5", "ruling-3": "rule 710.4", "ruling-4": "rule 704.5j",
         "ruling-5": "rule 710.5", "ruling-6": "rules 707.2, 707.3", "ruling-7": "rule 710.3"}
#: How a quote starts: the number as the source prints it (a period after 508.1, none after
#: 508.1a), or the ruling's label.
MARKERS = {"508": "508.", "508.1": "508.1.", "508.1a": "508.1a", "508.1b": "508.1b",
           "508.1c": "508.1c", "508.2": "508.2.", "508.3": "508.3.", "508.4": "508.4.",
           **{anchor: f"Ruling {anchor.removeprefix('ruling-')}:" for anchor in RULINGS}}
#: Text no engine may turn into markup: a list, emphasis, a link, HTML, a heading, an entity.
HOSTILE = ("1. *not em* _nor_ [a link](https://x.example/) <b>bold</b> # &amp; `code` | ~x~ "
           "www.x.example a@x.example")


def render_commonmark(text: str) -> str:
    return str(MarkdownIt("commonmark").render(text))


def render_github(text: str) -> str:
    return str(cmarkgfm.github_flavored_markdown_to_html(text))


ENGINES = {"commonmark": render_commonmark, "github": render_github}


def citation(anchor: str) -> str:
    if anchor.startswith("ruling-"):
        return (f"Champions of Kamigawa FAQ (2004), ruling {anchor.removeprefix('ruling-')}; "
                f"today {TODAY[anchor]}")
    return f"Comprehensive Rules (2004), rule {anchor}; today {TODAY[anchor]}"


def copy(page: Page, anchor: str, button: str) -> str:
    tools = page.locator(f'[id="{anchor}"] .fc-link-tools')
    status = tools.locator(".fc-link-status")
    status.evaluate("(s) => { s.textContent = ''; }")
    tools.locator(button).click()
    expect(status).to_have_text(COPIED[button])
    text: str = page.evaluate("navigator.clipboard.readText()")
    return text


def quoted_paragraphs(page: Page, anchor: str) -> list[str]:
    """The block's quoted paragraphs as the page shows them (without the rule number)."""
    texts: list[str] = page.locator(f'[id="{anchor}"]').evaluate(
        """(block) => [...block.querySelectorAll(
                 ':scope > .fc-rule-text, :scope > .fc-ruling-text')]
             .map((p) => { const c = p.cloneNode(true);
                           c.querySelectorAll('.fc-rule-number').forEach((s) => s.remove());
                           return c.textContent.replace(/\\s+/g, ' ').trim(); })""")
    return texts


def plain(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", fragment)).split())


def blockquote_paragraphs(rendered: str) -> list[str]:
    """The paragraphs of the one block quote of `rendered` (asserts there is exactly one)."""
    assert rendered.count("<blockquote>") == 1, rendered
    inner = re.search(r"<blockquote>(.*)</blockquote>", rendered, re.S)
    assert inner, rendered
    assert rendered.strip().startswith("<blockquote>"), rendered
    assert rendered.strip().endswith("</blockquote>"), rendered
    return re.findall(r"<p>(.*?)</p>", inner.group(1), re.S)


@pytest.fixture
def clip(page: Page, site: Site) -> Page:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url[:-1])
    return page


@pytest.mark.parametrize("engine", list(ENGINES))
@pytest.mark.parametrize("path", ["rule-508/", "rulings/"])
def test_every_markdown_quote_is_one_block_quote_with_its_citation(
    clip: Page, site: Site, path: str, engine: str
) -> None:
    open_with_tools(clip, site.page_url(path))
    for anchor in RULES if path == "rule-508/" else RULINGS:
        markdown = copy(clip, anchor, ".fc-copy-markdown")
        # Blank quote lines keep their space (Discord ends a quote without it).
        assert all(line.startswith("> ") for line in markdown.split("\n")), markdown
        rendered = ENGINES[engine](markdown)
        paragraphs = blockquote_paragraphs(rendered)
        expected = quoted_paragraphs(clip, anchor)
        # The text, each paragraph its own, then the attribution as a paragraph of its own.
        assert len(paragraphs) == len(expected) + 1, rendered
        marker = MARKERS[anchor]
        assert paragraphs[0].startswith(f"<strong>{marker}</strong> "), paragraphs[0]
        assert plain(paragraphs[0]) == f"{marker} {expected[0]}"
        assert [plain(p) for p in paragraphs[1:-1]] == expected[1:]
        attribution = paragraphs[-1]
        assert plain(attribution) == f"— {citation(anchor)} · Flip Cards"
        assert f'<a href="{own_url(site, anchor)}">Flip Cards</a>' in attribution
        assert not re.search(r"<(ul|ol|li|h\d|code|img)\b", rendered), rendered
        assert rendered.count("<a ") == 1, rendered


@pytest.mark.parametrize("engine", list(ENGINES))
def test_markdown_quote_keeps_the_rules_italics(clip: Page, site: Site, engine: str) -> None:
    open_with_tools(clip, site.page_url("rule-508/"))
    rendered = ENGINES[engine](copy(clip, "508.1", ".fc-copy-markdown"))
    assert "normal <em>Magic: The Gathering</em>® card back." in rendered


@pytest.mark.parametrize("engine", list(ENGINES))
def test_no_quoted_text_turns_into_markdown(clip: Page, site: Site, engine: str) -> None:
    open_with_tools(clip, site.page_url("rule-508/"))
    rule = clip.locator('[id="508.2"]')
    # Both paragraphs: the first follows the bold number, the second starts a line.
    rule.locator(".fc-rule-text").evaluate_all(
        "(ps, text) => ps.forEach((p) => { p.lastChild.textContent = ' ' + text; })", HOSTILE)
    rendered = ENGINES[engine](copy(clip, "508.2", ".fc-copy-markdown"))
    paragraphs = blockquote_paragraphs(rendered)
    assert len(paragraphs) == 3
    # What the reader sees is the text as written (zero-width spaces are invisible).
    assert plain(paragraphs[0]).replace("\u200b", "") == f"508.2. {HOSTILE}"
    assert plain(paragraphs[1]).replace("\u200b", "") == HOSTILE
    assert not re.search(r"<(ul|ol|li|em|b|h\d|code|del|table)\b", rendered), rendered
    assert rendered.count("<a ") == 1, rendered  # the attribution's link only


def bbcode_html(text: str) -> str:
    return str(bbcode.render_html(text))


@pytest.mark.parametrize("path", ["rule-508/", "rulings/"])
def test_every_bbcode_quote_carries_its_number_and_citation_inside(
    clip: Page, site: Site, path: str
) -> None:
    open_with_tools(clip, site.page_url(path))
    for anchor in RULES if path == "rule-508/" else RULINGS:
        rendered = bbcode_html(copy(clip, anchor, ".fc-copy-bbcode"))
        assert rendered.count("<blockquote>") == 1, rendered
        assert rendered.startswith("<blockquote>") and rendered.endswith("</blockquote>")
        inner = rendered.removeprefix("<blockquote>").removesuffix("</blockquote>")
        marker = MARKERS[anchor]
        assert inner.startswith(f"<strong>{marker}</strong> ")
        # Paragraphs are kept: a blank line between them, and before the attribution.
        paragraphs = inner.split("<br /><br />")
        expected = quoted_paragraphs(clip, anchor)
        assert [plain(p) for p in paragraphs[:-1]] == [f"{marker} {expected[0]}", *expected[1:]]
        assert plain(paragraphs[-1]) == f"— {citation(anchor)} · Flip Cards"
        assert f'href="{own_url(site, anchor)}">Flip Cards</a>' in paragraphs[-1]


def test_bbcode_quote_keeps_italics_and_cannot_be_closed_early(clip: Page, site: Site) -> None:
    open_with_tools(clip, site.page_url("rule-508/"))
    rendered = bbcode_html(copy(clip, "508.1", ".fc-copy-bbcode"))
    assert "normal <em>Magic: The Gathering</em>® card back." in rendered
    rule = clip.locator('[id="508.1"]')
    rule.locator(".fc-rule-text").evaluate(
        "(p) => { p.textContent = 'Text[/quote] [b]not bold[/b] [url=x]y[/url]'; }")
    rendered = bbcode_html(copy(clip, "508.1", ".fc-copy-bbcode"))
    assert rendered.count("<blockquote>") == 1 and rendered.endswith("</blockquote>"), rendered
    assert "<strong>not bold" not in rendered and 'href="x"' not in rendered
    # What the reader sees is the text as written (a zero-width space breaks the tags).
    shown = plain(rendered.replace("\u200b", "").replace("<br />", " "))
    assert shown.startswith(
        "508.1. Text[/quote] [b]not bold[/b] [url=x]y[/url] — Comprehensive Rules (2004)")


@pytest.mark.parametrize("anchor", ["508.2", "ruling-5"])
def test_every_block_shows_where_its_text_is_from(page: Page, site: Site, anchor: str) -> None:
    path = "rulings/" if anchor.startswith("ruling-") else "rule-508/"
    page.goto(site.page_url(path))
    cite = page.locator(f'[id="{anchor}"] > .fc-cite')
    expect(cite).to_have_text(citation(anchor))


def test_rulings_have_numbered_headings_in_the_table_of_contents(page: Page, site: Site) -> None:
    page.goto(site.page_url("rulings/"))
    headings = page.locator("article h2").all_text_contents()
    numbered = [h.rstrip("¶").strip() for h in headings if h.startswith("Ruling ")]
    assert len(numbered) == 7
    assert numbered[4] == "Ruling 5 — naming a flip card"
    toc = page.locator(".md-sidebar--secondary").get_by_role(
        "link", name="Ruling 5 — naming a flip card")
    expect(toc).to_have_count(1)
    # The heading sits right above its ruling.
    heading_id = page.locator("article h2", has_text="Ruling 5").get_attribute("id")
    assert page.evaluate(
        "(id) => document.getElementById(id).nextElementSibling.id", heading_id) == "ruling-5"


def test_copy_link_uses_the_sites_canonical_address(page: Page, site: Site) -> None:
    # The same site loaded from another address of the same machine.
    local = site.url.replace("127.0.0.1", "localhost")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=local[:-1])
    open_with_tools(page, local + "rule-508/")
    assert page.url.startswith("http://localhost:")
    assert copy(page, "508.2", ".fc-copy-link") == f"{site.url}rules/508.2/"
    assert f"]({site.url}rules/508.2/)" in copy(page, "508.2", ".fc-copy-markdown")


def test_no_browser_title_repeats_the_sites_name(site: Site) -> None:
    titles = {}
    for document in Path(site.root).rglob("*.html"):
        found = re.search(r"<title>(.*?)</title>", document.read_text(encoding="utf-8"), re.S)
        if found:
            titles[str(document.relative_to(site.root))] = html.unescape(found.group(1))
    assert "rule-508/index.html" in titles
    repeated = {path: title for path, title in titles.items() if title.count("Flip Cards") > 1}
    assert repeated == {}
