"""A page of its own for every rule and ruling, so that a link to it unfolds into a preview.

A link preview (forums, chat) reads a page's Open Graph meta and never its URL fragment, so a
link to ``rule-508/#508.1a`` would unfold into the whole page. Each rule and ruling therefore
also gets a small page at a stable URL — these never change once published:

- ``rules/<number>/``  one per rule block of ``rule-508.md``   (``rules/508.1a/``)
- ``rulings/<n>/``     one per ruling block of ``rulings.md``   (``rulings/3/``)

- ``rules/710.2/``  one per number of today's section 710 that a 2004 rule (or, failing that,
  a ruling) became: it says so, quotes the 2004 text and sends a browser on to it

Each page shows the rule number, the verbatim text (read from the source page's
``<p class="fc-rule-text">`` paragraphs, so there is one copy of it), a one-line note, today's
rule number (from the table at the end of ``then-and-now.md``) and a link back to the rule in
context. Its meta says what it quotes and where from (og:title "Rule 508.1a (Comprehensive
Rules, 2004; today 710.1a) — Flip Cards", og:description the trimmed text, og:image the
picture :mod:`flipcards_site.previews` draws); a small same-origin script
(``javascripts/hop.js``) sends a browser on to the rule in context, while a preview, which runs
no script, sees the page's own meta.

Every block states its source: the build writes the citation ("Comprehensive Rules (2004), rule
508.2; today rule 710.2", "Champions of Kamigawa FAQ (2004), ruling 5; …") under its quoted text
and into ``data-fc-cite`` (:func:`annotate`), where the copy buttons read it, so that a quote
pasted alone is a complete citation. Each block carries a one-line gist (``data-gist``) for the
rule index (``rules.md``, :func:`index_markdown`) and the 404 page.

The pages are generated Markdown (``File.generated``, not in the nav, excluded from search), so
Material renders them like every other page, in both palettes, under ``mkdocs serve`` too.
:func:`add_meta` gives every page, generated or not, its Open Graph and Twitter meta.

A block whose id is not a rule number (or ``ruling-N``), that does not match the number it
shows, appears twice, has no quoted text, no gist or no row in the then-and-now table fails the
build.
A site with neither ``rule-508.md`` nor ``rulings.md`` gets no rule pages.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from . import previews
from .gallery import markdown_text

__all__ = [
    "DESCRIPTION_LIMIT",
    "EDITION",
    "MAPPING_SOURCE",
    "RULES_SOURCE",
    "RULINGS_SOURCE",
    "SOURCE_NAMES",
    "TWITTER_DESCRIPTION_LIMIT",
    "Quoted",
    "TodayPage",
    "add_files",
    "add_meta",
    "annotate",
    "fit",
    "front_matter",
    "index_markdown",
    "not_found_list",
    "page_markdown",
    "read_mapping",
    "read_quoted",
    "today_pages",
    "trim",
]

#: The pages the quoted text is read from, and the page whose table maps 508.x to today's.
RULES_SOURCE = "rule-508.md"
RULINGS_SOURCE = "rulings.md"
MAPPING_SOURCE = "then-and-now.md"

#: Where the quoted text comes from, and when: a quote names both, so it stands alone.
SOURCE_NAMES = {"rule": "Comprehensive Rules", "ruling": "Champions of Kamigawa FAQ"}
EDITION = "2004"

#: og:description: at most this many characters, the text cut at a word boundary when longer
#: (chat apps show about 350); twitter:description is shorter.
DESCRIPTION_LIMIT = 300
TWITTER_DESCRIPTION_LIMIT = 200

#: The script that sends a browser on from a rule's own page (docs/javascripts/hop.js).
HOP_SCRIPT = "javascripts/hop.js"

Kind = Literal["rule", "ruling"]

_BLOCK = re.compile(r'<div\b(?P<attrs>[^>]*\bclass="fc-(?P<kind>rule|ruling)"[^>]*)>')
_ID = re.compile(r'\bid="(?P<id>[^"]*)"')
_GIST = re.compile(r'\bdata-gist="(?P<gist>[^"]*)"')
_TEXT = re.compile(r'<p class="fc-(?:rule|ruling)-text\b[^"]*">(?P<body>.*?)</p>', re.S)
_TEXTS = re.compile(r'(?:\s*<p class="fc-(?:rule|ruling)-text\b[^"]*">.*?</p>)+', re.S)
_NUMBER_SPAN = re.compile(r'<span class="fc-rule-number">(?P<number>.*?)</span>\s*', re.S)
_RULE_ID = re.compile(r"508(?:\.\d+[a-z]?)?")
_RULING_ID = re.compile(r"ruling-(?P<n>[1-9]\d*)")
#: Today's numbers that get a page of their own: those of the flip-card section, 710.
_TODAY_PAGE = re.compile(r"710(?:\.\d+[a-z]?)?")
#: A row of the then-and-now table: | [508.1a](rule-508.md#508.1a) ... | 710.1a | Same. |
_ROW = re.compile(r"^\|\s*\[[^\]]*\]\((?P<page>[^)#\s]+)#(?P<anchor>[^)\s]+)\)[^|]*"
                  r"\|\s*(?P<today>[^|]*?)\s*\|\s*(?P<change>[^|]*?)\s*\|\s*$", re.M)
_LINK = re.compile(r"\[(?P<text>[^\]]*)\]\((?P<to>[^)]*)\)")


@dataclass(frozen=True)
class Quoted:
    """A rule or ruling as its source page quotes it."""

    kind: Kind
    anchor: str                   # its id on the source page: "508.1a", "ruling-3"
    paragraphs: tuple[str, ...]   # the quoted paragraphs' HTML, rule number left out
    today: str = ""               # today's rule number(s): "710.1a", "707.2, 707.3"
    change: str = ""              # what changed since 2004, one sentence of Markdown
    gist: str = ""                # what it says, in a few words of our own
    printed: str = ""             # its number as the source prints it: "508.1.", "508.1a"

    @property
    def number(self) -> str:
        """ "508.1a" for a rule, "3" for a ruling."""
        return self.anchor.removeprefix("ruling-")

    @property
    def label(self) -> str:
        """ "Rule 508.1a", "Ruling 3"."""
        return f"{self.kind.capitalize()} {self.number}"

    @property
    def marker(self) -> str:
        """The bold start of a quote: a rule's number as the source prints it ("508.1.",
        "508.1a"), a ruling's label, which the FAQ does not print, with a colon ("Ruling 3:"):
        a quote pasted as plain text must not run the label into the ruling's words."""
        return (self.printed or self.number) if self.kind == "rule" else f"{self.label}:"

    @property
    def source(self) -> str:
        return RULES_SOURCE if self.kind == "rule" else RULINGS_SOURCE

    @property
    def src_uri(self) -> str:
        """The generated page's source path: ``rules/508.1a.md``, ``rulings/3.md``."""
        return f"{self.kind}s/{self.number}.md"

    @property
    def today_numbers(self) -> tuple[str, ...]:
        """Today's rule numbers: ``("707.2", "707.3")``."""
        return tuple(n.strip() for n in self.today.split(",") if n.strip())

    @property
    def today_label(self) -> str:
        """ "rule 710.2", "rules 707.2, 707.3", or "" when there is none."""
        numbers = self.today_numbers
        if not numbers:
            return ""
        return f"{'rules' if len(numbers) > 1 else 'rule'} {', '.join(numbers)}"

    @property
    def citation(self) -> str:
        """Where the text is from, complete: "Comprehensive Rules (2004), rule 508.2; today
        rule 710.2", "Champions of Kamigawa FAQ (2004), ruling 5; today rule 710.5"."""
        cited = f"{SOURCE_NAMES[self.kind]} ({EDITION}), {self.label.lower()}"
        return f"{cited}; today {self.today_label}" if self.today else cited

    @property
    def title(self) -> str:
        """The preview's title: "Rule 508.2 (Comprehensive Rules, 2004; today 710.2)"."""
        today = f"; today {self.today}" if self.today else ""
        return f"{self.label} ({SOURCE_NAMES[self.kind]}, {EDITION}{today})"

    @property
    def text(self) -> str:
        """The quoted text as plain text, paragraphs separated by a blank line."""
        return "\n\n".join(_plain(p) for p in self.paragraphs)

    @property
    def preview_text(self) -> str:
        """What a preview says of it: the first paragraph (the rule itself, not its example).

        A paragraph too short to say much on its own (508's is only "Flip Cards") says where
        it comes from and today's number as well.
        """
        text = _plain(self.paragraphs[0])
        if len(text) < 40:
            text = (f"{self.label}: {text.rstrip('.')}. Quoted word for word from the "
                    f"{EDITION} {SOURCE_NAMES[self.kind]}"
                    + (f"; today {self.today_label}." if self.today else "."))
        return text

    @property
    def description(self) -> str:
        """:attr:`preview_text`, whole or cut at a word (:data:`DESCRIPTION_LIMIT`)."""
        return trim(self.preview_text)


@dataclass(frozen=True)
class TodayPage:
    """A page for a number of today's rules (``rules/710.2/``) that names the 2004 one."""

    number: str       # "710.2"
    quoted: Quoted    # the 2004 rule (or ruling) it came from

    @property
    def label(self) -> str:
        return f"Rule {self.number}"

    @property
    def src_uri(self) -> str:
        return f"rules/{self.number}.md"

    @property
    def lead_ins(self) -> tuple[str, ...]:
        """What a preview says before the 2004 text, longest first. The last is none: the
        preview's title names both numbers, and the whole rule matters more."""
        was = f"was {self.quoted.label.lower()} in {EDITION}: "
        return (f"{self.label} of today's Comprehensive Rules {was}", f"{self.label} {was}", "")

    def description(self, limit: int = DESCRIPTION_LIMIT) -> str:
        """The preview's text in at most `limit` characters: the 2004 text after the longest
        lead-in with which it fits whole (:func:`fit`)."""
        return fit(self.lead_ins, self.quoted.preview_text, limit)


def trim(text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    """`text` on one line, in at most `limit` characters: cut at a word boundary, with "…".

    >>> trim("one two three", 9)
    'one two…'
    """
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    # The words that end before the last character, which "…" takes.
    cut = text[:limit]
    cut = cut.rsplit(" ", 1)[0] if " " in cut else text[: limit - 1]
    return cut.rstrip(" ,;:—-") + "…"


def fit(lead_ins: Sequence[str], text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    """`text` after the first of `lead_ins` (longest first) with which all of it fits in
    `limit` characters; if it fits after none, after the last, cut (:func:`trim`).

    >>> fit(["Rule 9 says: ", "9: "], "one two", 10)
    '9: one two'
    """
    for lead_in in lead_ins:
        candidate = " ".join(f"{lead_in}{text}".split())
        if len(candidate) <= limit:
            return candidate
    return trim(f"{lead_ins[-1] if lead_ins else ''}{text}", limit)


def read_quoted(markdown: str, page: str, kind: Kind) -> list[Quoted]:
    """The rule (or ruling) blocks of a source page, in page order, checked."""
    found: list[Quoted] = []
    blocks = list(_BLOCK.finditer(markdown))
    for index, block in enumerate(blocks):
        if block.group("kind") != kind:
            home = RULES_SOURCE if block.group("kind") == "rule" else RULINGS_SOURCE
            raise PluginError(f"{page}: a fc-{block.group('kind')} block on the page of "
                              f"{kind}s; it belongs on {home}")
        id_match = _ID.search(block.group("attrs"))
        anchor = id_match.group("id") if id_match else ""
        pattern = _RULE_ID if kind == "rule" else _RULING_ID
        if not pattern.fullmatch(anchor):
            wanted = '"508", "508.1", "508.1a", …' if kind == "rule" else '"ruling-1", …'
            raise PluginError(f'{page}: unknown {kind} id "{anchor}" on <div class="fc-{kind}">; '
                              f"ids are {wanted} (they are published URLs: rules/508.1a/, "
                              "rulings/3/)")
        if any(q.anchor == anchor for q in found):
            raise PluginError(f'{page}: duplicate {kind} id "{anchor}": each rule and ruling '
                              "has one block (its id is a published URL)")
        gist_match = _GIST.search(block.group("attrs"))
        gist = html.unescape(gist_match.group("gist")).strip() if gist_match else ""
        if not gist:
            raise PluginError(f'{page}: the {kind} "{anchor}" has no gist: add '
                              f'data-gist="what it says, in a few words" to its <div>')
        end = blocks[index + 1].start() if index + 1 < len(blocks) else len(markdown)
        paragraphs = []
        printed = ""
        for text in _TEXT.finditer(markdown, block.end(), end):
            body = text.group("body")
            shown = _NUMBER_SPAN.search(body)
            if shown:
                printed = printed or _plain(shown.group("number"))
                number = _plain(shown.group("number")).rstrip(".")
                if number != anchor:
                    raise PluginError(f'{page}: the block with id "{anchor}" quotes rule '
                                      f"{number}; the id must be the rule's number")
                body = _NUMBER_SPAN.sub("", body, count=1)
            paragraphs.append(body.strip())
        if not paragraphs:
            raise PluginError(f'{page}: the {kind} "{anchor}" has no '
                              f'<p class="fc-{kind}-text"> with its text')
        found.append(Quoted(kind, anchor, tuple(paragraphs), gist=gist, printed=printed))
    if not found:
        raise PluginError(f'{page}: no <div class="fc-{kind}" id="…"> block found')
    return found


def read_mapping(markdown: str,
                 page: str = MAPPING_SOURCE) -> dict[tuple[str, str], tuple[str, str]]:
    """(source page, anchor) -> (today's rule numbers, what changed), from the table rows."""
    mapping: dict[tuple[str, str], tuple[str, str]] = {}
    for row in _ROW.finditer(markdown):
        key = (row.group("page"), row.group("anchor"))
        if key in mapping:
            raise PluginError(f"{page}: two rows of the then-and-now table for {key[0]}#{key[1]}")
        mapping[key] = (row.group("today"), _LINK.sub(
            lambda link: _rooted(link, page), row.group("change")))
    return mapping


def _rooted(link: re.Match[str], page: str) -> str:
    """A link of the table's, made to name its page from the docs folder ("#the-legend-rule"
    is "then-and-now.md#the-legend-rule"): a generated page quotes the text elsewhere."""
    to = link.group("to")
    if to.startswith("#"):
        to = page + to
    return f"[{link.group('text')}]({to})"


def join(quoted: Iterable[Quoted], mapping: dict[tuple[str, str], tuple[str, str]],
         page: str = MAPPING_SOURCE) -> list[Quoted]:
    """`quoted` with today's numbers; a rule without a row, or a row without a rule, fails."""
    result = []
    rows = dict(mapping)
    for q in quoted:
        try:
            today, change = rows.pop((q.source, q.anchor))
        except KeyError:
            raise PluginError(f"{page}: the table of today's numbers has no row for "
                              f"{q.label} ({q.source}#{q.anchor})") from None
        result.append(replace(q, today=today, change=change))
    if rows:
        unknown = ", ".join(f"{p}#{a}" for p, a in rows)
        raise PluginError(f"{page}: the table of today's numbers has rows for unknown ids: "
                          f"{unknown}")
    return result


def today_pages(quoted: Iterable[Quoted]) -> list[TodayPage]:
    """A page for each number of today's section 710: the rule it came from, else the ruling.

    ``rules/710.4/`` is rule 508.4 (ruling 3 became part of it too); ``rules/710.5/``, which
    no 2004 rule became, is ruling 5.
    """
    pages: dict[str, TodayPage] = {}
    for q in sorted(quoted, key=lambda q: q.kind != "rule"):  # rules first, order kept
        for number in q.today_numbers:
            if _TODAY_PAGE.fullmatch(number) and number not in pages:
                pages[number] = TodayPage(number, q)
    return sorted(pages.values(), key=lambda p: _number_key(p.number))


def front_matter(front: Mapping[str, object]) -> list[str]:
    """The lines of a generated page's front matter (values as JSON, which is YAML)."""
    return ["---", *(f"{key}: {json.dumps(value, ensure_ascii=False)}"
                     for key, value in front.items()), "---", ""]


def _quote_html(quoted: Quoted) -> str:
    paragraphs = "\n".join(f"<p>{p}</p>" for p in quoted.paragraphs)
    return f'<blockquote class="fc-quoted-text">\n{paragraphs}\n</blockquote>'


def page_markdown(quoted: Quoted, source_url: str | None = None) -> str:
    """The generated page of one rule or ruling (Markdown with front matter).

    `source_url` is the URL of the source page from the site's root (``rule-508/``).
    """
    in_context = f"../{quoted.source}#{quoted.anchor}"
    if source_url is None:
        source_url = quoted.source.removesuffix(".md") + "/"
    where = (f"the Comprehensive Rules of {EDITION}, section 508 (flip cards)"
             if quoted.kind == "rule" else f"the Champions of Kamigawa FAQ of {EDITION}")
    today = f" Today: {quoted.today_label}." if quoted.today else ""
    note = f"Quoted word for word from {where}.{today} {quoted.change}".strip()
    front = {
        "title": quoted.label,
        # Material writes the description into an attribute unescaped: it is escaped here.
        "description": html.escape(quoted.description),
        # In the search index, above the rest: its text has the rule's number, today's and its
        # gist, and a result goes on to the rule in context (links.mjs).
        "search": {"boost": 3},
        "hide": ["navigation", "toc"],
        "fc_quoted": {"label": quoted.label, "title": quoted.title,
                      "in_context": f"{source_url}#{quoted.anchor}"},
        "fc_image": previews.rule_image_uri(quoted.kind, quoted.number),
    }
    return "\n".join([
        *front_matter(front),
        f"# {quoted.label} — {markdown_text(quoted.gist)}",
        "",
        _quote_html(quoted),
        "",
        f'<p class="fc-quoted-note">{_inline(note)}</p>',
        "",
        f'<p class="fc-quoted-note">{_escape_html(quoted.citation)}.</p>',
        "",
        f"[Read {quoted.label.lower()} in context]({in_context})"
        "{ .md-button .md-button--primary .fc-quoted-back data-fc-hop=\"\" }",
        "[All rules and rulings](../rules.md){ .md-button }",
        "",
    ])


def today_page_markdown(today: TodayPage, source_url: str) -> str:
    """The page of a number of today's rules: which 2004 rule it was, quoted, and a link."""
    quoted = today.quoted
    # The hop names today's number, so that the rule in context can say where the reader
    # came from (docs/javascripts/links.mjs).
    in_context = f"{source_url}?from={today.number}#{quoted.anchor}"
    front = {
        "title": f"{today.label} (today)",
        "description": html.escape(today.description()),
        # Its own lead-in, so that a rule that fits the shorter limit is there whole.
        "fc_twitter_description": today.description(TWITTER_DESCRIPTION_LIMIT),
        "search": {"exclude": True},
        "hide": ["navigation", "toc"],
        "fc_quoted": {"label": today.label,
                      "title": f"{today.label} today = {quoted.label} of {EDITION} "
                               f"({SOURCE_NAMES[quoted.kind]})",
                      "in_context": in_context},
        "fc_image": previews.rule_image_uri(quoted.kind, quoted.number),
    }
    own = f"../{quoted.src_uri}" if quoted.kind == "ruling" else f"{quoted.number}.md"
    source = ("the Comprehensive Rules" if quoted.kind == "rule"
              else "the Champions of Kamigawa FAQ")
    return "\n".join([
        *front_matter(front),
        f"# {today.label} was {quoted.label.lower()} in {EDITION}",
        "",
        f'<p class="fc-quoted-note">{today.label} of today\'s Comprehensive Rules came from '
        f"{_escape_html(quoted.label.lower())} of {source} of {EDITION} "
        f"({_escape_html(quoted.gist)}). The {EDITION} text, word for word:</p>",
        "",
        _quote_html(quoted),
        "",
        f'<p class="fc-quoted-note">{_inline(quoted.change)}</p>',
        "",
        f'<a class="md-button md-button--primary fc-quoted-back" data-fc-hop="" '
        f'href="../../{_escape_html(in_context)}">Read {quoted.label.lower()} in context</a>',
        f"[The page of {quoted.label.lower()}]({own}){{ .md-button }}",
        "",
    ])


def index_markdown(quoted: Iterable[Quoted], page: str = "rules.md") -> str:
    """The rule index (``<!-- flipcards:rule-index -->`` on `page`): every rule and ruling by
    number with its gist, its 2004 and today's numbers, and links to it in context and to its
    own page. Links are relative to `page`, which sits at the top of ``docs/``. The table is
    in a ``fc-rule-index`` block: on a phone each row is drawn in two lines (links.css)."""
    quoted = list(quoted)
    pages = {p.number for p in today_pages(quoted)}
    rows = ['<div class="fc-rule-index" markdown>', "",
            "| 2004 | Today | What it says | Its own page |",
            "|------|-------|--------------|--------------|"]
    for q in quoted:
        today = ", ".join(f"[{n}](rules/{n}.md)" if n in pages else n for n in q.today_numbers)
        rows.append(f"| [{q.label}]({q.source}#{q.anchor}) | {today} | "
                    f"{markdown_text(q.gist)} | [{q.kind}s/{q.number}/]({q.src_uri}) |")
    return "\n".join([*rows, "", "</div>"])


def not_found_list(quoted: Iterable[Quoted]) -> list[dict[str, object]]:
    """What the 404 page lists (``overrides/404.html``): each rule and ruling with its gist,
    the URL of its page and of the pages of its numbers today, from the site's root."""
    quoted = list(quoted)
    pages = {p.number: p for p in today_pages(quoted)}
    return [{"label": q.label, "gist": q.gist, "number": q.number, "kind": q.kind,
             "url": q.src_uri.removesuffix(".md") + "/",
             "today": [{"number": n, "url": pages[n].src_uri.removesuffix(".md") + "/"}
                       for n in q.today_numbers if n in pages and pages[n].quoted is q]}
            for q in quoted]


def annotate(content: str, quoted: Iterable[Quoted]) -> str:
    """A source page's HTML with each block's citation: ``data-fc-cite``, ``data-fc-today``
    and ``data-fc-marker`` (:attr:`Quoted.marker`) on the block (the copy buttons read them)
    and a line under its quoted text."""
    by_anchor = {q.anchor: q for q in quoted}

    def cite(match: re.Match[str]) -> str:
        id_match = _ID.search(match.group("attrs"))
        q = by_anchor.get(id_match.group("id")) if id_match else None
        if q is None:
            return match.group(0)
        attrs = (f' data-fc-cite="{_escape_html(q.citation)}"'
                 f' data-fc-today="{_escape_html(" ".join(q.today_numbers))}"'
                 f' data-fc-marker="{_escape_html(q.marker)}"')
        return f"<div{match.group('attrs')}{attrs}>"

    def line(match: re.Match[str]) -> str:
        q = by_anchor[match.group("anchor")]
        return (f'{match.group(0)}\n<p class="fc-cite">{_escape_html(q.citation)}</p>')

    content = _BLOCK.sub(cite, content)
    # The line goes after the last quoted paragraph of each block.
    return re.sub(r'<div\b[^>]*\bclass="fc-(?:rule|ruling)"[^>]*\bid="(?P<anchor>[^"]*)"'
                  r"[^>]*>" + _TEXTS.pattern,
                  lambda m: line(m) if m.group("anchor") in by_anchor else m.group(0),
                  content, flags=re.S)


def collect(files: Files) -> list[Quoted]:
    """Every rule and ruling of the site's source pages, with today's numbers."""
    def source(uri: str) -> str:
        file = files.get_file_from_path(uri)
        if file is None:
            raise PluginError(f"The rule pages need docs/{uri}, which is missing")
        return file.content_string

    quoted = [*read_quoted(source(RULES_SOURCE), RULES_SOURCE, "rule"),
              *read_quoted(source(RULINGS_SOURCE), RULINGS_SOURCE, "ruling")]
    return join(quoted, read_mapping(source(MAPPING_SOURCE)))


def add_files(files: Files, config: MkDocsConfig, font_dir: Path) -> list[Quoted]:
    """Add the page of every rule, ruling and number of today's rules to `files` (not in the
    nav), and the preview picture of every rule and ruling (drawn in the fonts of
    `font_dir`); return the rules and rulings.

    A site with neither source page (a test site, a fixture) gets none; one with only some of
    the three pages fails, as a renamed page would otherwise take published URLs down with it.
    """
    if all(files.get_file_from_path(uri) is None for uri in (RULES_SOURCE, RULINGS_SOURCE)):
        return []
    quoted = collect(files)

    def add(src_uri: str, label: str, content: str) -> None:
        if files.get_file_from_path(src_uri) is not None:
            raise PluginError(f"docs/{src_uri} exists, but that page is generated for "
                              f"{label}; remove the file")
        files.append(File.generated(config, src_uri, content=content,
                                    inclusion=InclusionLevel.NOT_IN_NAV))

    def url_of(q: Quoted) -> str:
        source = files.get_file_from_path(q.source)
        assert source is not None  # collect() read it
        return source.url

    for q in quoted:
        add(q.src_uri, q.label, page_markdown(q, url_of(q)))
        image = previews.rule_image(font_dir, q.label, q.citation, q.gist, q.text)
        files.append(File.generated(config, previews.rule_image_uri(q.kind, q.number),
                                    content=image, inclusion=InclusionLevel.NOT_IN_NAV))
    for today in today_pages(quoted):
        add(today.src_uri, today.label, today_page_markdown(today, url_of(today.quoted)))
    return quoted


def add_meta(output: str, page: Page, config: MkDocsConfig) -> str:
    """`output` with Open Graph / Twitter meta, and, on a rule page, the script that moves on.

    og:title is the page title (a rule's says its source and edition) followed by the site
    name; og:description the front matter's description (or the site's), cut to at most 300
    characters, twitter:description to 200 (the front matter's ``fc_twitter_description``
    when it has one); og:image the page's preview picture (front matter
    ``fc_image``); og:url the canonical URL (needs ``site_url``). Every page also says the
    site's canonical address (``fc-site-url``), which the copy buttons use whatever origin the
    page was loaded from.
    """
    site_name = config.site_name
    quoted = page.meta.get("fc_quoted")
    title = str((quoted or {}).get("title") or page.meta.get("title") or page.title
                or site_name)
    if getattr(page, "is_homepage", False):
        title = site_name
    if not (title == site_name or title.endswith(f"— {site_name}")):
        title = f"{title} — {site_name}"
    description = page.meta.get("description") or config.site_description or ""
    if quoted or page.meta.get("fc_image"):
        description = html.unescape(description)  # escaped in the front matter for the theme
    twitter_description = page.meta.get("fc_twitter_description") or description
    site_url = config.site_url or ""
    image = page.meta.get("fc_image")
    image_url = site_url + str(image) if image and site_url else ""
    tags = [
        ("property", "og:type", "article" if quoted else "website"),
        ("property", "og:site_name", site_name),
        ("property", "og:title", title),
        ("property", "og:description", trim(str(description))),
        ("property", "og:url", page.canonical_url or ""),
        ("property", "og:image", image_url),
        ("property", "og:image:width", str(previews.WIDTH) if image_url else ""),
        ("property", "og:image:height", str(previews.HEIGHT) if image_url else ""),
        ("property", "og:image:alt", title if image_url else ""),
        ("name", "twitter:card", "summary_large_image" if image_url else "summary"),
        ("name", "twitter:title", title),
        ("name", "twitter:description",
         trim(str(twitter_description), TWITTER_DESCRIPTION_LIMIT)),
        ("name", "twitter:image", image_url),
        ("name", "fc-site-url", site_url),
    ]
    meta = "".join(f'<meta {attr}="{name}" content="{html.escape(value)}">'
                   for attr, name, value in tags if value)
    if quoted and page.canonical_url and '<link rel="canonical"' not in output:
        meta += f'<link rel="canonical" href="{html.escape(page.canonical_url)}">'
    output = output.replace("</head>", meta + "</head>", 1)
    if quoted:
        # First thing in the head, before the theme's styles and scripts load. A same-origin
        # file, as the site's Content-Security-Policy allows no inline script.
        in_context = get_relative_url(str(quoted["in_context"]), page.url)
        script = (f'<script src="{html.escape(get_relative_url(HOP_SCRIPT, page.url))}" '
                  f'data-fc-to="{html.escape(in_context)}"></script>')
        output = re.sub(r"(<head>\s*(?:<meta charset=[^>]*>)?)",
                        lambda m: m.group(1) + script, output, count=1)
    return output


def _number_key(number: str) -> tuple[int | str, ...]:
    return tuple(int(part) if part.isdigit() else part
                 for part in re.findall(r"\d+|[a-z]+", number))


def _plain(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", fragment)).split())


def _escape_html(text: str) -> str:
    return html.escape(text, quote=True)



def _inline(markdown: str) -> str:
    """The note's few Markdown marks (``*em*``, a link to a page of the site named from the
    docs folder) as HTML for a generated page (two folders down: ``rulings/4/``); the rest
    escaped."""
    def link(found: re.Match[str]) -> str:
        page, _, anchor = found.group("to").partition("#")
        href = "../../" + page.removesuffix(".md") + "/" + (f"#{anchor}" if anchor else "")
        return f'<a href="{html.escape(href)}">{found.group("text")}</a>'

    text = re.sub(r"\*([^*]+)\*", r"<em>\1</em>", html.escape(markdown, quote=False))
    return _LINK.sub(link, text)
