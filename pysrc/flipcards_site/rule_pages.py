"""A page of its own for every rule and ruling, so that a link to it unfolds into a preview.

A link preview (forums, chat) reads a page's Open Graph meta and never its URL fragment, so a
link to ``rule-508/#508.1a`` would unfold into the whole page. Each rule and ruling therefore
also gets a small page at a stable URL — these never change once published:

- ``rules/<number>/``  one per rule block of ``rule-508.md``   (``rules/508.1a/``)
- ``rulings/<n>/``     one per ruling block of ``rulings.md``   (``rulings/3/``)

Each page shows the rule number, the verbatim text (read from the source page's
``<p class="fc-rule-text">`` paragraphs, so there is one copy of it), a one-line note, today's
rule number (from the table at the end of ``then-and-now.md``) and a link back to the rule in
context. Its meta says what it quotes (og:title "Rule 508.1a — Flip Cards", og:description the
trimmed text); a small script sends a browser on to the rule in context, while a preview, which
runs no script, sees the page's own meta.

The pages are generated Markdown (``File.generated``, not in the nav, excluded from search), so
Material renders them like every other page, in both palettes, under ``mkdocs serve`` too.
:func:`add_meta` gives every page, generated or not, its Open Graph and Twitter meta.

A block whose id is not a rule number (or ``ruling-N``), that does not match the number it
shows, appears twice, has no quoted text or no row in the then-and-now table fails the build.
A site with neither ``rule-508.md`` nor ``rulings.md`` gets no rule pages.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

__all__ = [
    "DESCRIPTION_LIMIT",
    "MAPPING_SOURCE",
    "RULES_SOURCE",
    "RULINGS_SOURCE",
    "Quoted",
    "add_files",
    "add_meta",
    "page_markdown",
    "read_mapping",
    "read_quoted",
    "trim",
]

#: The pages the quoted text is read from, and the page whose table maps 508.x to today's.
RULES_SOURCE = "rule-508.md"
RULINGS_SOURCE = "rulings.md"
MAPPING_SOURCE = "then-and-now.md"

#: og:description is the text trimmed to about this many characters, at a word boundary.
DESCRIPTION_LIMIT = 200

Kind = Literal["rule", "ruling"]

_BLOCK = re.compile(r'<div\b(?P<attrs>[^>]*\bclass="fc-(?P<kind>rule|ruling)"[^>]*)>')
_ID = re.compile(r'\bid="(?P<id>[^"]*)"')
_TEXT = re.compile(r'<p class="fc-(?:rule|ruling)-text\b[^"]*">(?P<body>.*?)</p>', re.S)
_NUMBER_SPAN = re.compile(r'<span class="fc-rule-number">(?P<number>.*?)</span>\s*', re.S)
_RULE_ID = re.compile(r"508(?:\.\d+[a-z]?)?")
_RULING_ID = re.compile(r"ruling-(?P<n>[1-9]\d*)")
#: A row of the then-and-now table: | [508.1a](rule-508.md#508.1a) ... | 710.1a | Same. |
_ROW = re.compile(r"^\|\s*\[[^\]]*\]\((?P<page>[^)#\s]+)#(?P<anchor>[^)\s]+)\)[^|]*"
                  r"\|\s*(?P<today>[^|]*?)\s*\|\s*(?P<change>[^|]*?)\s*\|\s*$", re.M)
_LINK = re.compile(r"\[(?P<text>[^\]]*)\]\([^)]*\)")


@dataclass(frozen=True)
class Quoted:
    """A rule or ruling as its source page quotes it."""

    kind: Kind
    anchor: str                   # its id on the source page: "508.1a", "ruling-3"
    paragraphs: tuple[str, ...]   # the quoted paragraphs' HTML, rule number left out
    today: str = ""               # today's rule number(s): "710.1a", "707.2, 707.3"
    change: str = ""              # what changed since 2004, one sentence of Markdown

    @property
    def number(self) -> str:
        """ "508.1a" for a rule, "3" for a ruling."""
        return self.anchor.removeprefix("ruling-")

    @property
    def label(self) -> str:
        """ "Rule 508.1a", "Ruling 3"."""
        return f"{self.kind.capitalize()} {self.number}"

    @property
    def source(self) -> str:
        return RULES_SOURCE if self.kind == "rule" else RULINGS_SOURCE

    @property
    def src_uri(self) -> str:
        """The generated page's source path: ``rules/508.1a.md``, ``rulings/3.md``."""
        return f"{self.kind}s/{self.number}.md"

    @property
    def text(self) -> str:
        """The quoted text as plain text, paragraphs separated by a blank line."""
        return "\n\n".join(_plain(p) for p in self.paragraphs)

    @property
    def description(self) -> str:
        """The first paragraph (the rule itself, not its example), trimmed for a preview.

        A paragraph too short to say much on its own (508's is only "Flip Cards") says where
        it comes from and today's number as well.
        """
        text = _plain(self.paragraphs[0])
        if len(text) < 40:
            text = (f"{self.label}: {text.rstrip('.')}. Quoted word for word from the 2004 "
                    "Comprehensive Rules" + (f"; today rule {self.today}." if self.today else "."))
        return trim(text)


def trim(text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    """`text` on one line, cut at the last word boundary before `limit` characters with "…".

    >>> trim("one two three", 9)
    'one two…'
    """
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit + 1]
    cut = cut.rsplit(" ", 1)[0] if " " in cut else text[:limit]
    return cut.rstrip(" ,;:—-") + "…"


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
        end = blocks[index + 1].start() if index + 1 < len(blocks) else len(markdown)
        paragraphs = []
        for text in _TEXT.finditer(markdown, block.end(), end):
            body = text.group("body")
            shown = _NUMBER_SPAN.search(body)
            if shown:
                number = _plain(shown.group("number")).rstrip(".")
                if number != anchor:
                    raise PluginError(f'{page}: the block with id "{anchor}" quotes rule '
                                      f"{number}; the id must be the rule's number")
                body = _NUMBER_SPAN.sub("", body, count=1)
            paragraphs.append(body.strip())
        if not paragraphs:
            raise PluginError(f'{page}: the {kind} "{anchor}" has no '
                              f'<p class="fc-{kind}-text"> with its text')
        found.append(Quoted(kind, anchor, tuple(paragraphs)))
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
        mapping[key] = (row.group("today"), _LINK.sub(r"\g<text>", row.group("change")))
    return mapping


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
        result.append(Quoted(q.kind, q.anchor, q.paragraphs, today, change))
    if rows:
        unknown = ", ".join(f"{p}#{a}" for p, a in rows)
        raise PluginError(f"{page}: the table of today's numbers has rows for unknown ids: "
                          f"{unknown}")
    return result


def page_markdown(quoted: Quoted, source_url: str | None = None) -> str:
    """The generated page of one rule or ruling (Markdown with front matter).

    `source_url` is the URL of the source page from the site's root (``rule-508/``).
    """
    in_context = f"../{quoted.source}#{quoted.anchor}"
    if source_url is None:
        source_url = quoted.source.removesuffix(".md") + "/"
    number = "rules" if "," in quoted.today else "rule"
    where = ("the Comprehensive Rules of 2004, section 508 (flip cards)" if quoted.kind == "rule"
             else "the 2004 rulings on flip cards")
    note = (f"Quoted word for word from {where}. Today: {number} {quoted.today}."
            f" {quoted.change}").strip()
    front = {
        "title": quoted.label,
        # Material writes the description into an attribute unescaped: it is escaped here.
        "description": html.escape(quoted.description),
        "search": {"exclude": True},
        "hide": ["navigation", "toc"],
        "fc_quoted": {"label": quoted.label, "in_context": f"{source_url}#{quoted.anchor}"},
    }
    paragraphs = "\n".join(f"<p>{p}</p>" for p in quoted.paragraphs)
    return "\n".join([
        "---",
        *(f"{key}: {json.dumps(value, ensure_ascii=False)}" for key, value in front.items()),
        "---",
        "",
        f"# {quoted.label}",
        "",
        '<blockquote class="fc-quoted-text">',
        paragraphs,
        "</blockquote>",
        "",
        f'<p class="fc-quoted-note">{_inline(note)}</p>',
        "",
        f"[Read {quoted.label.lower()} in context]({in_context})"
        "{ .md-button .md-button--primary .fc-quoted-back }",
        "",
    ])


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


def add_files(files: Files, config: MkDocsConfig) -> list[Quoted]:
    """Add the page of every rule and ruling to `files` (not in the nav); return them.

    A site with neither source page (a test site, a fixture) gets none; one with only some of
    the three pages fails, as a renamed page would otherwise take published URLs down with it.
    """
    if all(files.get_file_from_path(uri) is None for uri in (RULES_SOURCE, RULINGS_SOURCE)):
        return []
    quoted = collect(files)
    for q in quoted:
        if files.get_file_from_path(q.src_uri) is not None:
            raise PluginError(f"docs/{q.src_uri} exists, but that page is generated for "
                              f"{q.label}; remove the file")
        source = files.get_file_from_path(q.source)
        assert source is not None  # collect() read it
        files.append(File.generated(config, q.src_uri, content=page_markdown(q, source.url),
                                    inclusion=InclusionLevel.NOT_IN_NAV))
    return quoted


def add_meta(output: str, page: Page, config: MkDocsConfig) -> str:
    """`output` with Open Graph / Twitter meta, and, on a rule page, the script that moves on.

    og:title is the page title followed by the site name; og:description the front matter's
    description (or the site's); og:url the canonical URL (needs ``site_url``).
    """
    site_name = config.site_name
    quoted = page.meta.get("fc_quoted")
    title = str(page.meta.get("title") or page.title or site_name)
    if not (title == site_name or title.endswith(f"— {site_name}")):
        title = f"{title} — {site_name}"
    description = page.meta.get("description") or config.site_description or ""
    if quoted:
        description = html.unescape(description)  # escaped in the front matter for the theme
    tags = [
        ("property", "og:type", "article" if quoted else "website"),
        ("property", "og:site_name", site_name),
        ("property", "og:title", title),
        ("property", "og:description", trim(str(description))),
        ("property", "og:url", page.canonical_url or ""),
        ("name", "twitter:card", "summary"),
    ]
    meta = "".join(f'<meta {attr}="{name}" content="{html.escape(value)}">'
                   for attr, name, value in tags if value)
    if quoted and page.canonical_url and '<link rel="canonical"' not in output:
        meta += f'<link rel="canonical" href="{html.escape(page.canonical_url)}">'
    output = output.replace("</head>", meta + "</head>", 1)
    if quoted:
        # First thing in the head, before the theme's styles and scripts load.
        in_context = get_relative_url(str(quoted["in_context"]), page.url)
        target = json.dumps(in_context).replace("<", "\\u003c")
        script = f"<script>location.replace({target})</script>"
        output = re.sub(r"(<head>\s*(?:<meta charset=[^>]*>)?)",
                        lambda m: m.group(1) + script, output, count=1)
    return output


def _plain(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", fragment)).split())


def _inline(markdown: str) -> str:
    """The note's few Markdown marks (``*em*``) as HTML; the rest escaped."""
    return re.sub(r"\*([^*]+)\*", r"<em>\1</em>", html.escape(markdown, quote=False))
