"""Continuous effects and the filters that say which permanents they affect.

Layers follow rule 613: 4 type, 5 color, 6 abilities, 7b set P/T, 7c modify P/T (counters too),
7d switch P/T. Layer 1 (copy effects) is a status of the permanent, not an :class:`Effect`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from ._errors import FlipCardsError, UnknownNameError

__all__ = ["EFFECT_KINDS", "Effect", "Filter", "Layer"]

SUPERTYPES = ("Basic", "Legendary", "Snow", "World", "Ongoing")
CARD_TYPES = (
    "Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land",
    "Planeswalker", "Sorcery", "Tribal",
)
COLORS = ("W", "U", "B", "R", "G")
#: Card types the rules of 2004 did not have (Tribal and Planeswalker came in 2007, Battle in
#: 2023, Kindred, Tribal's new name, in 2024).
TYPES_AFTER_2004 = frozenset({"Planeswalker", "Tribal", "Battle", "Kindred"})
#: Supertypes the rules of 2004 did not have (snow came in 2006, ongoing in 2010).
SUPERTYPES_AFTER_2004 = frozenset({"Snow", "Ongoing"})


class Layer(IntEnum):
    """Where an effect applies (rule 613.1); sorted with the timestamp as ``(layer, timestamp)``."""

    COPY = 10
    TYPE = 40
    COLOR = 50
    ABILITY = 60
    PT_SET = 72
    PT_MODIFY = 73
    PT_SWITCH = 74


# kind -> (layer, the parameters it takes)
EFFECT_KINDS: dict[str, tuple[Layer, tuple[str, ...]]] = {
    "add_types": (Layer.TYPE, ("supertypes", "types", "subtypes")),
    "set_types": (Layer.TYPE, ("types", "subtypes")),
    "remove_all_abilities": (Layer.ABILITY, ()),
    "set_colors": (Layer.COLOR, ("colors",)),
    "add_keyword": (Layer.ABILITY, ("keyword",)),
    "remove_keyword": (Layer.ABILITY, ("keyword",)),
    "set_pt": (Layer.PT_SET, ("power", "toughness")),
    "modify_pt": (Layer.PT_MODIFY, ("power", "toughness")),
    "switch_pt": (Layer.PT_SWITCH, ()),
}


def canonical(word: str, known: tuple[str, ...], what: str, argument: str | None = None) -> str:
    """``word`` spelled as in ``known`` (any letter case accepted), or a suggestion error
    (naming ``argument``, the argument that was given it)."""
    for k in known:
        if k.casefold() == word.casefold():
            return k
    error = UnknownNameError(what, word, known)
    error.argument = argument
    raise error


def _color(word: str) -> str:
    """A color as the rules' letters write it (``"G"``); a color's name is refused with its
    letter ("green is written G")."""
    from ._cards import COLOR_WORDS

    letter = next((k for k, v in COLOR_WORDS.items() if v == word.casefold()), None)
    if letter is not None:
        raise FlipCardsError(f"colors are written as letters: W (white), U (blue), B (black), "
                             f"R (red), G (green); {word!r} is {letter}", argument="colors")
    return canonical(word, COLORS, "color", "colors")


@dataclass(frozen=True)
class Filter:
    """Which permanents an effect or a search looks for; every given part must hold.

    Examples:
        >>> Filter(supertypes=["legendary"], types=["Creature"])
        Filter(supertypes=('Legendary',), types=('Creature',))
    """

    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    name: str | None = None
    controller: str | None = None
    colors: tuple[str, ...] = field(default=())

    def __init__(
        self,
        *,
        supertypes: tuple[str, ...] | list[str] = (),
        types: tuple[str, ...] | list[str] = (),
        subtypes: tuple[str, ...] | list[str] = (),
        name: str | None = None,
        controller: str | None = None,
        colors: tuple[str, ...] | list[str] = (),
    ) -> None:
        def words(value: object, label: str) -> tuple[str, ...]:
            if (isinstance(value, str) or not isinstance(value, (list, tuple))
                    or not all(isinstance(v, str) for v in value)):
                raise FlipCardsError(f"{label} must be a list of words, not {value!r}",
                                     argument=label)
            if any(not v.strip() for v in value):
                raise FlipCardsError(f"{label} must be a list of words; {value!r} holds an "
                                     "empty one", argument=label)
            return tuple(value)

        set_ = object.__setattr__
        set_(self, "supertypes", tuple(canonical(s, SUPERTYPES, "supertype", "supertypes")
                                       for s in words(supertypes, "supertypes")))
        set_(self, "types", tuple(canonical(t, CARD_TYPES, "card type", "types")
                                  for t in words(types, "types")))
        set_(self, "subtypes", tuple(s.capitalize() if s.islower() else s
                                     for s in words(subtypes, "subtypes")))
        set_(self, "colors", tuple(_color(c) for c in words(colors, "colors")))
        if name is not None and not isinstance(name, str):
            raise FlipCardsError(f"name must be a string, not {name!r}", argument="name")
        if controller is not None and not isinstance(controller, str):
            raise FlipCardsError(f"controller must be a player's name, not {controller!r}",
                                 argument="controller")
        set_(self, "name", name)
        set_(self, "controller", controller)

    def __repr__(self) -> str:
        parts = [
            f"{k}={v!r}"
            for k, v in (
                ("supertypes", self.supertypes), ("types", self.types),
                ("subtypes", self.subtypes), ("name", self.name),
                ("controller", self.controller), ("colors", self.colors),
            )
            if v
        ]
        return f"Filter({', '.join(parts)})"

    def describe(self) -> str:
        """A short phrase for the log, e.g. ``"Legendary Creature permanents"``."""
        words = " ".join(self.supertypes + self.subtypes + self.types) or "all"
        text = f"{words} permanents" if words != "all" else "all permanents"
        if self.name:
            text += f" named {self.name}"
        if self.controller:
            text += f" controlled by {self.controller}"
        if self.colors:
            text += f" of color {'/'.join(self.colors)}"
        return text


@dataclass(frozen=True)
class Effect:
    """A continuous effect with its timestamp; :meth:`Game.add_effect` makes them.

    ``target`` is either a :class:`Filter` or the ``(object key, incarnation)`` of one object,
    so that the effect ends when that object leaves the battlefield (rule 400.7).
    """

    label: str
    kind: str
    layer: Layer
    timestamp: int
    filter: Filter | None
    target: tuple[int, int] | None
    power: int = 0
    toughness: int = 0
    keyword: str = ""
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    until_end_of_turn: bool = False   # ends in the cleanup step (rule 514.2)

    @property
    def sort_key(self) -> tuple[int, int]:
        """Effects apply in layer order, then timestamp order (rules 613.1, 613.7)."""
        return (int(self.layer), self.timestamp)

    def __repr__(self) -> str:
        return f"<Effect {self.label!r}: {self.kind}>"
