"""Page markers and the card gallery they expand into.

A page asks for generated content with a marker alone on a line, an HTML comment, which may
carry arguments after the name::

    <!-- flipcards:cards -->
    <!-- flipcards:scenario bushi-tenderfoot -->

Markers are expanded by one regular expression before the page's Markdown is converted; an
unknown marker, or one with the wrong arguments, fails the build rather than vanishing from the
page.

- ``cards`` becomes a gallery of every flip card, made from the model's own card data
  (``flipcards.all_cards()``): a flip-card frame with both halves, the bottom half printed
  upside down as on a real card (a CSS rotation only, so screen readers read it the right way
  up), links to Scryfall and Gatherer, and a runnable example per card in which the card earns
  its flip (:mod:`flipcards_site.card_examples`), written as a ``flipcards`` fence so that it
  takes the same path as every other example (and is numbered in page order).
- ``scenario SLUG`` becomes a JSON code block with the model's example scenario
  ``flipcards/scenarios/SLUG.json``, one step a line.
"""

from __future__ import annotations

import html
import importlib
import importlib.resources
import inspect
import json
import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from mkdocs.exceptions import PluginError

from . import playground
from .card_examples import CARD_EXAMPLES, FLIPPED_EXAMPLES, CardExample

__all__ = ["MARKER", "card_example", "card_intro", "card_links", "card_markdown", "card_page_uri",
           "card_scenario", "default_handlers", "expand_markers", "flip_cards", "flipped_example",
           "frame_html", "gallery_markdown", "markdown_text", "scenario_markdown", "slugify"]

#: A marker: an HTML comment ``<!-- flipcards:NAME ARG... -->`` alone on its line.
MARKER = re.compile(r"^[ \t]*<!--[ \t]*flipcards:(?P<name>[^\s>]*)"
                    r"(?P<args>(?:[ \t]+[^\s>]+)*)[ \t]*-->[ \t]*$", re.MULTILINE)

#: What a marker expands into: a function of the marker's arguments (words after its name).
Handler = Callable[..., str]


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
                   handlers: dict[str, Handler] | None = None) -> str:
    """Replace every marker of `markdown` with its content.

    An unknown marker, a marker with the wrong number of arguments, or one whose handler
    rejects its arguments (a :class:`PluginError`) fails the build, naming the page.
    """
    known = handlers if handlers is not None else default_handlers()

    def expand(match: re.Match[str]) -> str:
        name, args = match.group("name"), match.group("args").split()
        marker = f"<!-- flipcards:{' '.join([name, *args])} -->"
        if name not in known:
            raise PluginError(
                f"{page}: unknown marker {marker} "
                f"(known: {', '.join(f'flipcards:{k}' for k in sorted(known))})"
            )
        handler = known[name]
        try:
            inspect.signature(handler).bind(*args)
        except TypeError:
            wanted = " ".join(p.upper() for p in inspect.signature(handler).parameters)
            raise PluginError(f"{page}: {marker} has the wrong arguments; write "
                              f"<!-- flipcards:{' '.join(filter(None, [name, wanted]))} -->"
                              ) from None
        try:
            return handler(*args)
        except PluginError as error:
            raise PluginError(f"{page}: {marker}: {error}") from error

    return MARKER.sub(expand, markdown)


def default_handlers() -> dict[str, Handler]:
    """The markers this module expands (the plugin adds the rule index's)."""
    return {
        "cards": lambda: gallery_markdown(),  # no argument: the page cannot pass a card list
        "scenario": scenario_markdown,
    }


def gallery_markdown(cards: Sequence[Card] | None = None) -> str:
    """The gallery of every flip card, as Markdown (HTML blocks and ``flipcards`` fences)."""
    if cards is None:
        cards = flip_cards()
    entries = [card_markdown(card) for card in cards if card.flipped is not None]
    return '<div class="fc-gallery" markdown>\n\n' + "\n\n".join(entries) + "\n\n</div>"


def card_markdown(card: Card) -> str:
    """One card of the gallery: heading (the stable anchor), frame, links and example."""
    name = card.normal.name
    return "\n".join([
        # A plain block: a labelled <section> per card would add 21 landmarks to the page.
        '<div class="fc-card-entry" markdown>',
        "",
        f"## {markdown_text(card.full_name)} {{ #{slugify(name)} }}",
        "",
        frame_html(card),
        "",
        card_links(card),
        "",
        playground_link(card),
        "",
        _example_of(card).intro,
        "",
        "```flipcards",
        card_example(card),
        "```",
        "",
        *flipped_example(card),
        "</div>",
    ])


def flipped_example(card: Card) -> list[str]:
    """The second example: the flipped half at work (none for a card that has none yet)."""
    example = FLIPPED_EXAMPLES.get(card.normal.name)
    if example is None:
        return []
    return [f"**Flipped:** {example.intro}", "", "```flipcards", example.code, "```", ""]


def card_page_uri(card: Card) -> str:
    """The source of a card's own page (``cards/bushi-tenderfoot.md``): its address, without
    the ``.md`` and with a ``/``, never changes once published."""
    return f"cards/{slugify(card.normal.name)}.md"


def card_links(card: Card, page: str = "cards.md") -> str:
    """The links under a card's frame (Markdown): its own page, Scryfall, Gatherer."""
    name = markdown_text(card.normal.name)
    own = card_page_uri(card)
    links = [f"[{name} on Scryfall](<{card.scryfall_url}>)",
             f"[{name} on Gatherer](<{card.gatherer_url}>)"]
    if page == "cards.md":
        links.insert(0, f"[The page of {name}]({own})")
    return " ·\n".join(links) + "\n{ .fc-card-links }"


def card_intro(card: Card) -> str:
    """What happens in the card's example, a sentence of Markdown."""
    return _example_of(card).intro


def playground_link(card: Card) -> str:
    """The card's link to the playground, which says the rules its situation is played by:
    the example below it may be played by the other ones."""
    scenario = card_scenario(card)
    rules = "the rules of 2004" if scenario.get("rules") == "2004" else "today's rules"
    return playground.link_html(scenario, f"Open in the playground ({rules})",
                                f"Open {card.normal.name} in the playground, under {rules}")


def card_scenario(card: Card) -> dict[str, Any]:
    """The situation a card opens in the playground: its example scenario
    (``flipcards/scenarios/SLUG.json``, in which it earns its flip), else the card in play."""
    source = importlib.resources.files("flipcards").joinpath("scenarios",
                                                             f"{slugify(card.normal.name)}.json")
    if source.is_file():
        loaded: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
        return loaded
    return {"rules": "current", "steps": [{"put": card.normal.name, "as": "card"}]}


def card_example(card: Card) -> str:
    """The card's example: a short game in which it meets its own flip condition."""
    return _example_of(card).code


def _example_of(card: Card) -> CardExample:
    try:
        return CARD_EXAMPLES[card.normal.name]
    except KeyError:
        raise PluginError(f"The card gallery has no example for {card.normal.name}: add one to "
                          "CARD_EXAMPLES in pysrc/flipcards_site/card_examples.py") from None


def scenario_markdown(slug: str) -> str:
    """The model's example scenario ``flipcards/scenarios/SLUG.json`` as a JSON code block."""
    folder = importlib.resources.files("flipcards").joinpath("scenarios")
    source = folder.joinpath(f"{slug}.json")
    if not re.fullmatch(r"[a-z0-9-]+", slug) or not source.is_file():
        known = sorted(f.name.removesuffix(".json") for f in folder.iterdir()
                       if f.name.endswith(".json"))
        raise PluginError(f"no scenario named {slug!r} in flipcards/scenarios "
                          f"(known: {', '.join(known)})")
    return "```json\n" + scenario_json(json.loads(source.read_text(encoding="utf-8"))) + "\n```"


def scenario_json(scenario: dict[str, Any]) -> str:
    """A scenario as JSON that reads like the design's examples: one step a line."""
    lines = []
    for index, (key, value) in enumerate(scenario.items()):
        comma = "," if index < len(scenario) - 1 else ""
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            steps = [f"    {_json(step)}" for step in value]
            lines.append(f"  {_json(key)}: [\n" + ",\n".join(steps) + f"\n  ]{comma}")
        else:
            lines.append(f"  {_json(key)}: {_json(value)}{comma}")
    return "{\n" + "\n".join(lines) + "\n}"


def slugify(name: str) -> str:
    """The anchor of a card: its normal name in lower case, words joined by hyphens."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower().replace("'", "")).strip("-")


# --- the frame ----------------------------------------------------------------------------


def frame_html(card: Card) -> str:
    """Both halves; the flipped one comes second in reading order and is rotated by CSS.

    A single HTML block without blank lines, so Markdown leaves it alone. The page script
    (``docs/javascripts/cards.mjs``) adds a control that turns the whole frame, as a reader
    turns a real card to read its flipped half.
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


def flip_cards() -> list[Card]:
    """The flip cards of the model's card data, in set order."""
    # Imported when needed: the build reloads the model when its sources change.
    model: Any = importlib.import_module("flipcards")
    return [card for card in model.all_cards() if card.flipped is not None]


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)



def _text(value: str) -> str:
    return html.escape(value, quote=False)


def _attr(value: str) -> str:
    return html.escape(value, quote=True)


def markdown_text(value: str) -> str:
    """Text for a Markdown heading: escape what Markdown would read as markup."""
    return re.sub(r"([\\`*_\[\]{}<>#|])", r"\\\1", value)
