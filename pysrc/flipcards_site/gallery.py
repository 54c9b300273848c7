"""Page markers and the card gallery they expand into.

A page asks for generated content with a marker alone on a line, an HTML comment::

    <!-- flipcards:cards -->

Markers are expanded by one regular expression before the page's Markdown is converted; an
unknown marker fails the build rather than vanishing from the page. The ``cards`` marker becomes
a gallery of every flip card, made from the model's own card data (``flipcards.all_cards()``):
a flip-card frame with both halves, the bottom half printed upside down as on a real card (a
CSS rotation only, so screen readers read it the right way up), links to Scryfall and Gatherer,
and a runnable example per card, written as a ``flipcards`` fence so that it takes the same path
as every other example (and is numbered in page order).
"""

from __future__ import annotations

import html
import importlib
import json
import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from mkdocs.exceptions import PluginError

__all__ = ["MARKER", "card_example", "card_markdown", "expand_markers", "gallery_markdown",
           "slugify"]

#: A marker: an HTML comment ``<!-- flipcards:NAME -->`` alone on its line.
MARKER = re.compile(r"^[ \t]*<!--[ \t]*flipcards:(?P<name>[^\s>]*)[ \t]*-->[ \t]*$", re.MULTILINE)


class Face(Protocol):
    """One printed half of a card (``flipcards.CardFace``)."""

    @property
    def name(self) -> str: ...
    @property
    def subtypes(self) -> tuple[str, ...]: ...
    @property
    def type_line(self) -> str: ...
    @property
    def power(self) -> int | None: ...
    @property
    def toughness(self) -> int | None: ...
    @property
    def keywords(self) -> tuple[str, ...]: ...
    @property
    def text(self) -> str: ...


class Card(Protocol):
    """A printed card (``flipcards.CardData``): what the gallery reads of it."""

    @property
    def mana_cost(self) -> str: ...
    @property
    def normal(self) -> Face: ...
    @property
    def flipped(self) -> Face | None: ...
    @property
    def flip_condition(self) -> str: ...
    @property
    def set_code(self) -> str: ...
    @property
    def number(self) -> str: ...
    @property
    def full_name(self) -> str: ...
    @property
    def scryfall_url(self) -> str: ...
    @property
    def gatherer_url(self) -> str: ...


def expand_markers(markdown: str, page: str,
                   handlers: dict[str, Callable[[], str]] | None = None) -> str:
    """Replace every marker of `markdown` with its content; an unknown marker is an error."""
    known = handlers if handlers is not None else {"cards": gallery_markdown}

    def expand(match: re.Match[str]) -> str:
        name = match.group("name")
        if name not in known:
            raise PluginError(
                f"{page}: unknown marker <!-- flipcards:{name} --> "
                f"(known: {', '.join(f'flipcards:{k}' for k in sorted(known))})"
            )
        return known[name]()

    return MARKER.sub(expand, markdown)


def gallery_markdown(cards: Sequence[Card] | None = None) -> str:
    """The gallery of every flip card, as Markdown (HTML blocks and ``flipcards`` fences)."""
    if cards is None:
        cards = _flip_cards()
    entries = [card_markdown(card) for card in cards if card.flipped is not None]
    return '<div class="fc-gallery" markdown>\n\n' + "\n\n".join(entries) + "\n\n</div>"


def card_markdown(card: Card) -> str:
    """One card of the gallery: heading (the stable anchor), frame, links and example."""
    name = card.normal.name
    return "\n".join([
        # A plain block: a labelled <section> per card would add 21 landmarks to the page.
        '<div class="fc-card-entry" markdown>',
        "",
        f"## {_markdown_text(card.full_name)} {{ #{slugify(name)} }}",
        "",
        _frame_html(card),
        "",
        '<p class="fc-card-links">'
        f'<a href="{_attr(card.scryfall_url)}">{_text(name)} on Scryfall</a> · '
        f'<a href="{_attr(card.gatherer_url)}">{_text(name)} on Gatherer</a></p>',
        "",
        "```flipcards",
        card_example(card),
        "```",
        "",
        "</div>",
    ])


def card_example(card: Card) -> str:
    """The card's example: onto the battlefield, print, flip, print.

    An Aura goes onto the battlefield attached to a creature, as it could not stay there alone.
    """
    name = card.normal.name
    lines = ["from flipcards import Game", "", 'game = Game("2004")']
    if "Aura" in card.normal.subtypes:
        lines += ['bears = game.put("Grizzly Bears")',
                  f"card = game.put({_python_str(name)}, attached_to=bears)"]
    else:
        lines.append(f"card = game.put({_python_str(name)})")
    lines += ["print(card)", "game.flip(card)", "print(card)"]
    return "\n".join(lines)


def slugify(name: str) -> str:
    """The anchor of a card: its normal name in lower case, words joined by hyphens."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower().replace("'", "")).strip("-")


# --- the frame ----------------------------------------------------------------------------


def _frame_html(card: Card) -> str:
    """Both halves; the flipped one comes second in reading order and is rotated by CSS.

    A single HTML block without blank lines, so Markdown leaves it alone.
    """
    assert card.flipped is not None
    normal_rules = [*_rules_paragraphs(card.normal)]
    if card.flip_condition:
        normal_rules.append(
            f'<p class="fc-card-flip-condition">{_text(card.flip_condition)}</p>')
    return "\n".join([
        f'<div class="fc-card" role="group" aria-label="{_attr(card.full_name)}, flip card">',
        _half_html(card.normal, "fc-card-normal", "Normal half", card.mana_cost, normal_rules),
        f'<p class="fc-card-art"><span class="fc-sr-only">Printed in </span>'
        f"{_text(card.set_code)} {_text(card.number)}</p>",
        _half_html(card.flipped, "fc-card-flipped", "Flipped half, printed upside down", None,
                   list(_rules_paragraphs(card.flipped))),
        "</div>",
    ])


def _half_html(face: Face, css_class: str, label: str, mana_cost: str | None,
               rules: list[str]) -> str:
    cost = (f' <span class="fc-card-cost"><span class="fc-sr-only">, mana cost </span>'
            f"{_text(mana_cost)}</span>" if mana_cost else "")
    pt = (f'<p class="fc-card-pt"><span class="fc-sr-only">Power/toughness </span>'
          f"{face.power}/{face.toughness}</p>" if face.power is not None else "")
    return "".join([
        f'<div class="fc-card-half {css_class}">',
        f'<p class="fc-card-title"><span class="fc-sr-only">{_text(label)}: </span>'
        f'<span class="fc-card-name">{_text(face.name)}</span>{cost}</p>',
        f'<p class="fc-card-type">{_text(face.type_line)}</p>',
        f'<div class="fc-card-text">{"".join(rules)}</div>' if rules else "",
        pt,
        "</div>",
    ])


def _rules_paragraphs(face: Face) -> list[str]:
    """The half's description (our words), a paragraph per line; its keywords if it has none."""
    if face.text.strip():
        return [f"<p>{_text(line)}</p>" for line in face.text.splitlines() if line.strip()]
    if face.keywords:
        return [f'<p class="fc-card-keywords">{_text(", ".join(face.keywords))}</p>']
    return []


def _flip_cards() -> list[Card]:
    # Imported when needed: the build reloads the model when its sources change.
    model: Any = importlib.import_module("flipcards")
    return [card for card in model.all_cards() if card.flipped is not None]


def _python_str(value: str) -> str:
    """A Python string literal in double quotes, as the pages write them."""
    return json.dumps(value, ensure_ascii=False)


def _text(value: str) -> str:
    return html.escape(value, quote=False)


def _attr(value: str) -> str:
    return html.escape(value, quote=True)


def _markdown_text(value: str) -> str:
    """Text for a Markdown heading: escape what Markdown would read as markup."""
    return re.sub(r"([\\`*_\[\]{}<>#|])", r"\\\1", value)
