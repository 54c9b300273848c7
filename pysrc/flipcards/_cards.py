"""Printed card data: frozen, loaded once from ``data/cards.json``.

This is what is printed on a card (rule 508.1): the normal half, and for a flip card the
upside-down alternative half. It never changes during a game; a permanent's current
characteristics are computed from it by :mod:`flipcards._characteristics`.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ._errors import FlipCardsError, UnknownCardError, UnknownNameError

__all__ = ["CardData", "CardFace", "all_cards", "card", "not_legendary", "token", "with_ability"]


@dataclass(frozen=True)
class CardFace:
    """One half of a card as printed: what flipping swaps (rule 508.1a/508.1b)."""

    name: str
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    power: int | None
    toughness: int | None
    keywords: tuple[str, ...]
    text: str

    @property
    def type_line(self) -> str:
        """The type line as printed, e.g. ``"Legendary Creature — Human Samurai"``."""
        return type_line(self.supertypes, self.types, self.subtypes)


@dataclass(frozen=True)
class CardData:
    """A card: the parts that never change by flipping (508.1c) and its halves.

    Examples:
        >>> kenzo = card("kenzo the hardhearted")
        >>> kenzo.name, kenzo.flipped.name if kenzo.flipped else None
        ('Bushi Tenderfoot', 'Kenzo the Hardhearted')
        >>> kenzo.full_name
        'Bushi Tenderfoot // Kenzo the Hardhearted'
    """

    mana_cost: str
    mana_value: int
    colors: tuple[str, ...]
    normal: CardFace
    flipped: CardFace | None
    flip_condition: str
    set_code: str
    number: str
    multiverse_id: str | None
    #: Halves whose activated abilities a copy has as well: the exception "except it has this
    #: ability" (Dimir Doppelganger), part of its copiable values (707.9b).
    also: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """The normal name: the only name the card has outside the battlefield (508.2)."""
        return self.normal.name

    @property
    def is_flip_card(self) -> bool:
        """True if the card has an alternative, upside-down half."""
        return self.flipped is not None

    @property
    def full_name(self) -> str:
        """``"Normal // Flipped"`` for a flip card, the name otherwise."""
        return f"{self.normal.name} // {self.flipped.name}" if self.flipped else self.normal.name

    @property
    def names(self) -> tuple[str, ...]:
        """Every name a player may choose for this card (either half, rule 710.5)."""
        return (self.normal.name, self.flipped.name) if self.flipped else (self.normal.name,)

    @property
    def scryfall_url(self) -> str:
        """The card's page on Scryfall, found by its exact name."""
        import urllib.parse  # imported here: it costs start-up time in the browser

        query = urllib.parse.quote(f'!"{self.normal.name}"')
        return f"https://scryfall.com/search?q={query}"

    @property
    def gatherer_url(self) -> str:
        """The card's page on Gatherer, by multiverse id (by name when there is none)."""
        import urllib.parse

        base = "https://gatherer.wizards.com/Pages/Card/Details.aspx"
        if self.multiverse_id:
            return f"{base}?multiverseid={self.multiverse_id}"
        return f"{base}?name={urllib.parse.quote(self.normal.name)}"

    def __repr__(self) -> str:
        return f"card({self.full_name!r})"


@functools.cache
def not_legendary(data: CardData) -> CardData:
    """The card as a copy "that isn't legendary" has it (Spark Double's exception): neither half
    is legendary. The exception is part of the copy's copiable values (707.9b), so a copy of
    that copy is not legendary either, and the copy stays nonlegendary when it flips.

    >>> copied = not_legendary(card("Kenzo the Hardhearted"))
    >>> copied.normal.type_line, copied.flipped.type_line if copied.flipped else None
    ('Creature — Human Soldier', 'Creature — Human Samurai')
    >>> copied is not_legendary(card("Bushi Tenderfoot"))
    True
    """
    def face(half: CardFace) -> CardFace:
        return dataclasses.replace(
            half, supertypes=tuple(s for s in half.supertypes if s != "Legendary"))

    return dataclasses.replace(data, normal=face(data.normal),
                               flipped=face(data.flipped) if data.flipped else None)


@functools.cache
def with_ability(data: CardData, half: str) -> CardData:
    """The card as a copy "except it has this ability" has it: the activated abilities of the
    half ``half`` come with its copiable values (707.9b).

    >>> with_ability(card("Jushi Apprentice"), "Dimir Doppelganger").also
    ('Dimir Doppelganger',)
    """
    return data if half in data.also else dataclasses.replace(data, also=(*data.also, half))


def without_keyword(data: CardData, keyword: str) -> CardData:
    """The card as a copy "except for its <keyword> ability" is: its normal half without that
    keyword, and without the keyword's sentence in its text (an epic spell's copies, 702.50a).

    >>> copy = without_keyword(card("Enduring Ideal"), "Epic")
    >>> copy.normal.keywords, copy.normal.text.endswith("then shuffle.")
    ((), True)
    """
    half = data.normal
    keywords = tuple(k for k in half.keywords if k.casefold() != keyword.casefold())
    if keywords == half.keywords:
        return data
    sentences = [s for s in half.text.split(". ") if s.rstrip(".").casefold()
                 != keyword.casefold()]
    text = ". ".join(sentences)
    if half.text.endswith(".") and not text.endswith("."):
        text += "."
    return dataclasses.replace(data, normal=dataclasses.replace(half, keywords=keywords,
                                                                 text=text))


def type_line(
    supertypes: tuple[str, ...], types: tuple[str, ...], subtypes: tuple[str, ...]
) -> str:
    """Join the parts of a type line the way cards print them."""
    line = " ".join(supertypes + types)
    return f"{line} — {' '.join(subtypes)}" if subtypes else line


COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


_COLOR_LETTERS = {word: letter for letter, word in COLOR_WORDS.items()}


#: Keyword abilities of the game (rule 702), as a card spells them. Those after which a card
#: prints a number or a cost ("Bushido 2", "Ninjutsu {U}") are in ``_KEYWORDS_WITH_VALUES``;
#: "Protection from …" and the landwalks ("Swampwalk") are read by their form.
_KEYWORDS = (
    "Absorb", "Affinity", "Afflict", "Amplify", "Annihilator", "Banding", "Bushido", "Cascade",
    "Changeling", "Convoke", "Cumulative upkeep", "Cycling", "Deathtouch", "Defender", "Delve",
    "Devoid", "Double strike", "Dredge", "Echo", "Enchant", "Epic", "Equip", "Evoke", "Exalted",
    "Fading", "Fear", "First strike", "Flanking", "Flash", "Flashback", "Flying", "Frenzy",
    "Graft", "Haste", "Hexproof", "Horsemanship", "Indestructible", "Infect", "Intimidate",
    "Kicker", "Landwalk", "Legendary landwalk", "Lifelink", "Madness", "Menace", "Modular",
    "Morph", "Ninjutsu", "Nonbasic landwalk", "Offering", "Persist", "Phasing", "Poisonous",
    "Protection", "Provoke", "Prowess", "Rampage", "Reach", "Rebound", "Ripple", "Shadow",
    "Shroud", "Skulk", "Soulshift", "Splice", "Split second", "Storm", "Sunburst", "Suspend",
    "Toxic", "Trample", "Undying", "Vanishing", "Vigilance", "Ward", "Wither",
)
_BASIC_LANDWALKS = ("plains", "island", "swamp", "mountain", "forest")
_LANDWALKS = frozenset({*_BASIC_LANDWALKS, "desert"})
_KEYWORDS_WITH_VALUES = frozenset({
    "Absorb", "Affinity", "Afflict", "Amplify", "Annihilator", "Bushido", "Cumulative upkeep",
    "Cycling", "Dredge", "Echo", "Enchant", "Equip", "Evoke", "Fading", "Flashback", "Frenzy",
    "Graft", "Kicker", "Madness", "Modular", "Morph", "Ninjutsu", "Offering", "Poisonous",
    "Rampage", "Ripple", "Soulshift", "Splice", "Suspend", "Toxic", "Vanishing", "Ward",
})


#: Keywords whose every instance triggers on its own: a second is not redundant (bushido,
#: 702.45b; rampage, flanking, exalted, soulshift, prowess, afflict, annihilator, poisonous).
_EACH_INSTANCE_COUNTS = frozenset({"Bushido", "Rampage", "Flanking", "Exalted", "Soulshift",
                                   "Prowess", "Afflict", "Annihilator", "Poisonous"})


def keyword_family(keyword: str) -> str:
    """The keyword without what a card prints after it: "Bushido" for "Bushido 2",
    "Protection" for "Protection from red".

    >>> keyword_family("Bushido 2"), keyword_family("Protection from red"), keyword_family("Flying")
    ('Bushido', 'Protection', 'Flying')
    """
    folded = keyword.casefold()
    if folded.startswith("protection from "):
        return "Protection"
    for known in _KEYWORDS_WITH_VALUES:
        if folded.startswith(known.casefold() + " "):
            return known
    return keyword


def each_instance_counts(keyword: str) -> bool:
    """Whether a second instance of ``keyword`` does something (each triggers on its own)."""
    return keyword_family(keyword) in _EACH_INSTANCE_COUNTS


def removes(removed: str, keyword: str, half: str) -> bool:
    """Whether an effect that removes the keyword ``removed`` removes ``keyword``, which the
    half named ``half`` has: the same keyword, whether the data names it bare and the text
    spells it out (Kenzo's "Bushido" is its printed "Bushido 2"), and a bare name removes every
    keyword of its kind ("Protection" removes protection from red).

    >>> removes("Bushido 2", "Bushido", "Kenzo the Hardhearted")
    True
    >>> removes("Protection from red", "Protection", "Tok-Tok, Volcano Born")
    True
    >>> removes("Bushido", "Bushido 3", ""), removes("Bushido 1", "Bushido 3", "")
    (True, False)
    """
    gone = removed.casefold()
    return gone in (keyword.casefold(), printed_keyword(half, keyword).casefold(),
                    keyword_family(keyword).casefold())


def keyword_name(word: str) -> str:
    """``word`` as a keyword ability of the game is spelled (any letter case accepted), or
    an :class:`~flipcards.UnknownNameError` naming the closest keywords: a misspelt "Flyng"
    must not become an ability nothing reads.

    >>> keyword_name("first STRIKE"), keyword_name("bushido 2"), keyword_name("swampwalk")
    ('First strike', 'Bushido 2', 'Swampwalk')
    >>> keyword_name("protection from Red")
    'Protection from red'
    >>> keyword_name("Flyng")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    flipcards.UnknownNameError: no keyword ability 'Flyng'; did you mean 'Flying' or ...?
    """
    text = " ".join(word.split())
    folded = text.casefold()
    for known in _KEYWORDS:
        k = known.casefold()
        if folded == k:
            return known
        if known in _KEYWORDS_WITH_VALUES and folded.startswith(k + " "):
            return known + text[len(k):]
    if folded.startswith("protection from ") and len(folded) > 16:
        rest = text[16:]
        return "Protection from " + (rest.casefold() if rest.casefold() in _COLOR_LETTERS
                                     else rest)
    joined = folded.replace(" ", "")          # "Swamp walk" is Swampwalk
    if joined.endswith("walk") and joined[:-4] in _LANDWALKS:
        return joined.capitalize()
    raise UnknownNameError("keyword ability", word, _KEYWORDS)


#: The keyword abilities whose rules the model applies (and the landwalks): an effect may give
#: a permanent only these (any other would be one more word on it that changes nothing in the
#: game). Printed keywords of the data's cards are kept whatever they are.
APPLIED_KEYWORDS = ("Bushido", "Deathtouch", "Defender", "Double strike", "Fear",
                    "First strike", "Flying", "Haste", "Hexproof", "Indestructible", "Lifelink",
                    "Protection", "Reach", "Shroud", "Trample", "Vigilance")

#: Keyword abilities that came into the rules after 2004: no effect gives one in a game of
#: the rules of 2004.
KEYWORDS_AFTER_2004 = frozenset({"Deathtouch", "Hexproof", "Lifelink", "Reach"})


def has_keyword(keywords: Iterable[str], keyword: str) -> bool:
    """Whether ``keywords`` hold ``keyword``, in any letter case."""
    wanted = keyword.casefold()
    return any(k.casefold() == wanted for k in keywords)


def landwalk(keyword: str) -> str | None:
    """The basic land type of a landwalk keyword ("Forest" for "Forestwalk"), or ``None``.

    >>> landwalk("Swampwalk"), landwalk("Flying")
    ('Swamp', None)
    """
    folded = keyword.casefold()
    if folded.endswith("walk") and folded[:-4] in _LANDWALKS:
        return folded[:-4].capitalize()
    return None


def keyword_to_give(word: str, edition: str) -> str:
    """``word`` as a keyword an effect gives (:func:`keyword_name`), if the model applies it:
    "Protection from" a color, "Bushido" with its number; else a
    :class:`~flipcards.FlipCardsError` that says why.

    >>> keyword_to_give("deathtouch", "current"), keyword_to_give("bushido 2", "2004")
    ('Deathtouch', 'Bushido 2')
    >>> keyword_to_give("Phasing", "current")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    flipcards.FlipCardsError: Phasing is a keyword ability the model does not apply: ...
    >>> keyword_to_give("Protection from redd", "current")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    flipcards.UnknownNameError: no color 'redd' to have protection from; did you mean 'red'?
    """
    given = keyword_name(word)
    family = keyword_family(given)
    if family not in APPLIED_KEYWORDS and landwalk(given) is None:
        kind = (" of no basic land type" if family in ("Landwalk", "Legendary landwalk",
                                                       "Nonbasic landwalk") else "")
        raise FlipCardsError(
            f"{given} is a keyword ability{kind} the model does not apply: given by an effect, "
            f"it would change nothing in the game. An effect can give "
            f"{', '.join(APPLIED_KEYWORDS)}, and a landwalk of a basic land type "
            f"({series([f'{land.capitalize()}walk' for land in _BASIC_LANDWALKS], 'or')})")
    return _keyword_as_written(given, family, edition, "gives", bare=False)


def keyword_to_lose(word: str, edition: str) -> str:
    """``word`` as a keyword an effect takes away (:func:`keyword_name`): any keyword of the
    rules ``edition`` has, "Protection from" a color or bare (all protections), "Bushido" with
    a number or bare (every bushido); else a :class:`~flipcards.FlipCardsError` that says why.
    A "Protection from redd" an effect takes away would match nothing, and the reader would
    not know.

    >>> keyword_to_lose("protection", "current"), keyword_to_lose("Bushido", "2004")
    ('Protection', 'Bushido')
    >>> keyword_to_lose("Lifelink", "2004")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    flipcards.FlipCardsError: the rules of 2004 have no keyword ability Lifelink ...
    """
    given = keyword_name(word)
    return _keyword_as_written(given, keyword_family(given), edition, "takes away", bare=True)


def _keyword_as_written(given: str, family: str, edition: str, does: str, *,
                        bare: bool) -> str:
    """``given`` if its edition has it and it is written whole: the color of a protection and
    the number of a bushido (either may be left out if ``bare``)."""
    if edition == "2004" and family in KEYWORDS_AFTER_2004:
        raise FlipCardsError(f"the rules of 2004 have no keyword ability {family} (it came "
                             f"later): no effect {does} it in a game of those rules")
    if family == "Protection":
        quality = given[len("Protection from "):] if given != "Protection" else ""
        if not quality and not bare:
            raise FlipCardsError("say what the protection is from, e.g. 'Protection from red'")
        if quality and quality not in _COLOR_LETTERS:
            raise UnknownNameError("color", quality, COLOR_WORDS.values(),
                                   " to have protection from")
    if family == "Bushido":
        number = given[len("Bushido"):].strip()
        if not (number.isdigit() and 0 < int(number) <= 99) and not (bare and not number):
            raise FlipCardsError(f"Bushido needs its number, from 1 to 99 (e.g. 'Bushido 2'), "
                                 f"not {given!r}")
    return given


def protection_colors(keywords: tuple[str, ...], name: str = "") -> list[str]:
    """The colors (W U B R G) that keywords such as "Protection from red" protect from; a bare
    "Protection" is the one the printed text of the half ``name`` spells out
    (:func:`printed_keyword`)."""
    found = []
    for keyword in keywords:
        text = keyword.casefold()
        if text.startswith("protection from ") and text[16:] in _COLOR_LETTERS:
            found.append(_COLOR_LETTERS[text[16:]])
        elif text == "protection":
            printed = printed_keyword(name, keyword).casefold()
            if printed.startswith("protection from ") and printed[16:] in _COLOR_LETTERS:
                found.append(_COLOR_LETTERS[printed[16:]])
    return found


def protected_from(keywords: tuple[str, ...], colors: tuple[str, ...], name: str = "") -> str:
    """The word of a color among ``colors`` (a source's) that ``keywords`` (a permanent's)
    give protection from, or ``""``. A permanent cannot be the target of abilities from such
    a source, enchanted by it if an Aura, blocked by it if a creature, or dealt damage by it
    (702.16)."""
    for color in protection_colors(keywords, name):
        if color in colors:
            return COLOR_WORDS[color]
    return ""


def untargetable(keywords: tuple[str, ...], name: str, colors: tuple[str, ...], *,
                 opponent: bool, edition: str) -> tuple[str, str] | None:
    """Why a permanent with ``keywords``, named ``name``, cannot be the target of a spell or
    ability from a source of ``colors`` (controlled by an opponent of its controller if
    ``opponent``), as ("has …", the rule), or ``None``: protection from the source's color
    (702.16b), shroud (702.18a) and, from an opponent's, hexproof (702.11b).

    >>> untargetable(("Shroud",), "Bears", ("R",), opponent=False, edition="current")
    ('has shroud', 'rule 702.18a')
    >>> untargetable(("Hexproof",), "Bears", ("R",), opponent=False, edition="current")
    """
    today = "today's rule" if edition == "2004" else "rule"
    color = protected_from(keywords, colors, name)
    if color:
        return f"has protection from {color}", "rule 702.16b; 2004: 502.7b"
    if has_keyword(keywords, "Shroud"):
        return "has shroud", f"{today} 702.18a"
    if opponent and has_keyword(keywords, "Hexproof"):
        return "has hexproof, and an opponent controls the source", f"{today} 702.11b"
    return None


def cannot_enchant(aura: str, colors: tuple[str, ...], host: str, types: tuple[str, ...],
                   keywords: tuple[str, ...]) -> str:
    """Why an "enchant creature" Aura (every Aura here is one) named ``aura``, of ``colors``,
    could not enchant the permanent named ``host`` with those ``types`` and ``keywords``
    (303.4, 702.16), or ``""``."""
    if "Creature" not in types:
        return f"{aura} can enchant only a creature, and {host} is not one"
    color = protected_from(keywords, colors, host)
    return f"{host} has protection from {color}, so {aura} cannot enchant it" if color else ""


@functools.cache
def printed_keyword(half: str, keyword: str) -> str:
    """The keyword as the printed text of the half named ``half`` spells it out, where the
    data's keyword list only names it: "Bushido 2" for "Bushido", "Protection from red" for
    "Protection" (the start of a line of the text, up to a colon); ``keyword`` itself if the
    text does not.

    >>> printed_keyword("Kenzo the Hardhearted", "Bushido")
    'Bushido 2'
    >>> printed_keyword("Tok-Tok, Volcano Born", "Protection")
    'Protection from red'
    >>> printed_keyword("Grizzly Bears", "Bushido")
    'Bushido'
    """
    _database()
    faces = _FACES.get(half, ())
    for face in faces:
        for line in face.text.splitlines():
            head = line.split(":")[0].strip()
            if head.casefold().startswith(keyword.casefold() + " "):
                return head
    return keyword


def possessive(name: str) -> str:
    """``"Student of Elements'"``, ``"Erayo's"``: the possessive of a card name."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def series(names: Iterable[str], last: str = ",") -> str:
    """Names in a sentence, separated by commas, or by semicolons when a name has a comma of
    its own ("Sasaya, Orochi Ascendant; Kenzo the Hardhearted"); ``last`` joins the last two
    (``"and"``: "A, B and C").

    Examples:
        >>> series(["Forest", "Island"], "and")
        'Forest and Island'
        >>> series(["Sasaya, Orochi Ascendant", "Forest", "Island"], "and")
        'Sasaya, Orochi Ascendant; Forest; and Island'
    """
    names = list(names)
    semicolons = any("," in n for n in names)
    between = "; " if semicolons else ", "
    if len(names) < 2 or last == ",":
        return between.join(names)
    if len(names) == 2:
        return f"{names[0]} {last} {names[1]}"
    return between.join(names[:-1]) + (";" if semicolons else "") + f" {last} " + names[-1]


def _pt(value: str | None) -> int | None:
    return None if value is None else int(value)


def _face(raw: dict[str, Any]) -> CardFace:
    return CardFace(
        name=raw["name"],
        supertypes=tuple(raw["supertypes"]),
        types=tuple(raw["types"]),
        subtypes=tuple(raw["subtypes"]),
        power=_pt(raw["power"]),
        toughness=_pt(raw["toughness"]),
        keywords=tuple(raw["keywords"]),
        text=raw.get("text", ""),
    )


@functools.cache
def _database() -> tuple[tuple[CardData, ...], dict[str, CardData]]:
    # Read through the module's own loader (what pkgutil.get_data does), so that it works from
    # files and from a zip alike; importlib.resources would cost the browser's first Run about
    # 20 ms of imports and set-up for this one read.
    path = os.path.join(os.path.dirname(__file__), "data", "cards.json")
    loader: Any = __spec__.loader  # a file loader or a zip importer: both have get_data
    raw = json.loads(loader.get_data(path))
    cards: list[CardData] = []
    for entry in raw["flip_cards"]:
        cards.append(
            CardData(
                mana_cost=entry["mana_cost"],
                mana_value=int(entry["mana_value"]),
                colors=tuple(entry["colors"]),
                normal=_face(entry["normal"]),
                flipped=_face(entry["flipped"]),
                flip_condition=entry.get("flip_condition", ""),
                set_code=entry["set"],
                number=entry["number"],
                multiverse_id=entry.get("multiverse_id"),
            )
        )
    for entry in raw["ordinary_cards"]:
        cards.append(
            CardData(
                mana_cost=entry["mana_cost"],
                mana_value=int(entry["mana_value"]),
                colors=tuple(entry["colors"]),
                normal=_face(entry),
                flipped=None,
                flip_condition="",
                set_code=entry["set"],
                number=entry.get("number", ""),
                multiverse_id=entry.get("multiverse_id"),
            )
        )
    index: dict[str, CardData] = {}
    for c in cards:
        for name in (*c.names, c.full_name):
            index[name.casefold()] = c
        for half in (c.normal, c.flipped):
            if half is not None:
                _FACES.setdefault(half.name, []).append(half)
    for entry in raw.get("tokens", []):
        _TOKENS[entry["name"].casefold()] = CardData(
            mana_cost="", mana_value=0, colors=tuple(entry["colors"]), normal=_face(entry),
            flipped=None, flip_condition="", set_code="", number="", multiverse_id=None)
        _FACES.setdefault(entry["name"], []).append(_TOKENS[entry["name"].casefold()].normal)
    return tuple(cards), index


_TOKENS: dict[str, CardData] = {}
#: Every printed half by its exact name (a card's half, or a token's).
_FACES: dict[str, list[CardFace]] = {}


def token(name: str) -> CardData:
    """A token's definition (e.g. the 1/1 green Snake that Orochi Eggwatcher makes)."""
    _database()
    found = _TOKENS.get(name.casefold())
    if found is None:
        from ._errors import UnknownNameError

        raise UnknownNameError("token named", name, [t.name for t in _TOKENS.values()])
    return found


def all_cards() -> tuple[CardData, ...]:
    """Every card in the data: the 21 flip cards first (in set order), then ordinary cards.

    Examples:
        >>> cards = all_cards()
        >>> sum(c.is_flip_card for c in cards)
        21
    """
    return _database()[0]


@functools.cache
def basic_land_types() -> frozenset[str]:
    """The basic land types (205.3i): those the basic lands of the data print, each the name
    of its land, whose mana is its type's (305.6), not printed on it.

    Examples:
        >>> sorted(basic_land_types())
        ['Forest', 'Island', 'Mountain', 'Plains', 'Swamp']
    """
    return frozenset(kind for data in all_cards() if "Basic" in data.normal.supertypes
                     for kind in data.normal.subtypes)


#: The apostrophes a keyboard may type for the straight one of the cards' names (a phone's
#: curly one, a modifier letter).
_APOSTROPHES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u02bc": "'"})


def card(name: str) -> CardData:
    """Look a card up by either half's name or ``"A // B"``, in any letter case, with any
    apostrophe (``Kuon\u2019s Essence``).

    Examples:
        >>> card("TOK-TOK, VOLCANO BORN").name
        'Akki Lavarunner'
        >>> card("Kuon\u2019s Essence").name
        'Kuon, Ogre Ascendant'
        >>> card("Bushi Tenderfot")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        flipcards.UnknownCardError: no card named ...; did you mean 'Bushi Tenderfoot'?
    """
    found = _database()[1].get(" ".join(name.split()).translate(_APOSTROPHES).casefold())
    if found is None:
        raise UnknownCardError(name, card_names())
    return found


def card_names() -> list[str]:
    """Every name a card can be looked up by (either half), in data order."""
    return [n for c in all_cards() for n in c.names]
