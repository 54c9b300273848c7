"""A page of its own for every flip card: ``cards/<slug>/`` (``cards/bushi-tenderfoot/``).

The gallery (``cards.md``) shows every card; a card's own page is what a link to one card
unfolds into, and what a search for its name finds. It has the card's frame (with the control
that turns the card, ``docs/javascripts/cards.mjs``), its links, its example (the same game as
in the gallery, a ``flipcards`` fence that runs at build time like every other), the rulings
that apply to it, the other examples of the site that use it, and preview meta with a picture
of its frame (:mod:`flipcards_site.previews`). The addresses never change once published: the
slug is :func:`flipcards_site.gallery.slugify` of the normal half's name, like the gallery's
anchors.

The pages are generated Markdown (``File.generated``), not in the nav but in the search index.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files, InclusionLevel

from . import previews
from .gallery import (
    Card,
    Face,
    card_example,
    card_intro,
    card_links,
    card_page_uri,
    flip_cards,
    flipped_example,
    frame_html,
    markdown_text,
    slugify,
)
from .rule_pages import Quoted, front_matter, trim

__all__ = ["add_files", "card_page_markdown", "examples_using", "image_of", "not_found_list"]

#: A ``flipcards`` fence of a page's Markdown (its code).
_FENCE = re.compile(r"^(?P<fence>`{3,}|~{3,})flipcards\b(?P<header>[^\n]*)\n(?P<code>.*?)"
                    r"^(?P=fence)[ \t]*$", re.M | re.S)
_FENCE_ID = re.compile(r'\bid="(?P<id>[^"]+)"')
_TITLE = re.compile(r"^#[ \t]+(?P<title>.+?)[ \t]*$", re.M)


def examples_using(card: Card, pages: Iterable[tuple[str, str, str]]
                   ) -> list[tuple[str, str, int, str]]:
    """The examples of `pages` (``(src_uri, url, markdown)``) that put `card` into a game, by
    either half's name: ``(page title, page url, example number, element id)``, in page
    order."""
    names = [card.normal.name] + ([card.flipped.name] if card.flipped else [])
    wanted = re.compile("|".join(re.escape(json.dumps(name)) for name in names))
    found = []
    for _src_uri, url, markdown in pages:
        title = _TITLE.search(markdown)
        for number, fence in enumerate(_FENCE.finditer(markdown), start=1):
            if wanted.search(fence.group("code")):
                stable = _FENCE_ID.search(fence.group("header"))
                anchor = f"example-{stable.group('id') if stable else number}"
                found.append((title.group("title") if title else url, url, number, anchor))
    return found


def card_page_markdown(card: Card, rulings: Sequence[Quoted],
                       elsewhere: Sequence[tuple[str, str, int, str]]) -> str:
    """The page of one card (Markdown with front matter)."""
    assert card.flipped is not None
    slug = slugify(card.normal.name)
    description = (f"{card.full_name}: a flip card ({card.set_code}). "
                   f"{card.flip_condition or ''}").strip()
    front = {
        "title": card.full_name,
        "description": html.escape(trim(description)),
        "fc_image": previews.card_image_uri(slug),
    }
    lines = [
        *front_matter(front),
        f"# {markdown_text(card.full_name)}",
        "",
        frame_html(card),
        "",
        card_links(card, page=card_page_uri(card)),
        "",
        "## Example",
        "",
        card_intro(card),
        "",
        "```flipcards",
        card_example(card),
        "```",
        "",
        *flipped_example(card),
        "## Rulings",
        "",
        "The rulings of 2004 apply to every flip card, this one too:",
        "",
        *(f"- [{q.label}](../{q.src_uri}) — {markdown_text(q.gist)}" for q in rulings),
        "",
        "How the model decides when this card flips: "
        "[Heroic conditions](../heroic-conditions.md).",
        "",
    ]
    if elsewhere:
        lines += ["## Other examples with this card", ""]
        lines += [f'- <a href="../../{html.escape(url.removeprefix("./"))}#{anchor}">'
                  f"{html.escape(title)}, example {number}</a>"
                  for title, url, number, anchor in elsewhere]
        lines.append("")
    lines += [f"[All flip cards](../cards.md#{slug}){{ .md-button }}", ""]
    return "\n".join(lines)


def image_of(card: Card, font_dir: Path) -> bytes:
    """The card's preview picture: its frame with both halves."""
    assert card.flipped is not None

    def half(face: Face, cost: str = "") -> previews.CardHalf:
        pt = f"{face.power}/{face.toughness}" if face.power is not None else ""
        return previews.CardHalf(face.name, face.type_line, pt, cost)

    caption = f"{card.set_code} {card.number}. {card.flip_condition}".strip()
    return previews.card_image(font_dir, card.full_name, half(card.normal, card.mana_cost),
                               half(card.flipped), caption)


def not_found_list() -> list[dict[str, str]]:
    """What the 404 page lists of the cards (``overrides/404.html``): each flip card's names
    and its page, from the site's root, with the slug of each half's name (an address written
    with the flipped half's name, ``cards/tok-tok-volcano-born/``, goes on to the card).

    Examples:
        >>> first = not_found_list()[0]
        >>> first["url"], first["slug"], first["flipped_slug"]
        ('cards/akki-lavarunner/', 'akki-lavarunner', 'tok-tok-volcano-born')
    """
    found = []
    for card in flip_cards():
        flipped = card.flipped.name if card.flipped else ""
        found.append({"name": card.normal.name, "flipped": flipped,
                      "url": card_page_uri(card).removesuffix(".md") + "/",
                      "slug": slugify(card.normal.name), "flipped_slug": slugify(flipped)})
    return sorted(found, key=lambda card: card["slug"])


def add_files(files: Files, config: MkDocsConfig, rulings: Sequence[Quoted],
              font_dir: Path) -> None:
    """Add the page and the preview picture of every flip card to `files`."""
    # The site's own pages (the generated ones sit in folders); the gallery shows every card.
    pages = [(f.src_uri, f.url, f.content_string) for f in files.documentation_pages()
             if "/" not in f.src_uri and f.src_uri != "cards.md"]
    for card in flip_cards():
        slug = slugify(card.normal.name)
        uri = card_page_uri(card)
        if files.get_file_from_path(uri) is not None:
            raise PluginError(f"docs/{uri} exists, but that page is generated for "
                              f"{card.full_name}; remove the file")
        content = card_page_markdown(card, rulings, examples_using(card, pages))
        files.append(File.generated(config, uri, content=content,
                                    inclusion=InclusionLevel.NOT_IN_NAV))
        files.append(File.generated(config, previews.card_image_uri(slug),
                                    content=image_of(card, font_dir),
                                    inclusion=InclusionLevel.NOT_IN_NAV))
