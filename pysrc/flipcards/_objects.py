"""Objects: what the game knows about one card, and the reader's handle to it (rule 109).

A :class:`Record` is the game's entry for one card (or token). A :class:`GameObject` is the
reader's handle: it follows the card from zone to zone, but every zone change makes a *new
object* (rule 400.7, 508.4), told apart by the record's ``incarnation``; status, counters,
damage, attachments and effects aimed at the old object are gone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from ._cards import CardData
from ._characteristics import Characteristics, Status
from ._errors import FlipCardsError

__all__ = ["LIMIT", "GameObject", "LogEntry", "NamingResult", "ObjectHost", "Record", "Ref",
           "count_of"]

#: ``(key, incarnation)``: one object, as opposed to the card that may become new objects.
Ref = tuple[int, int]

LIMIT = 1_000_000  # counts, damage, life and P/T changes stay within ± this


@dataclass
class Record:
    """Everything the game knows about one card (or token) at one time."""

    key: int
    card: CardData        # what is printed (for a token: the card it copies)
    owner: str
    controller: str
    zone: str | None      # None: a token that left the battlefield and ceased to exist
    token: bool
    incarnation: int      # bumped at every zone change: a new object (rule 400.7)
    order: int            # position in its zone, oldest first
    status: Status = field(default_factory=Status)
    cache: Characteristics | None = None

    @property
    def ref(self) -> Ref:
        return (self.key, self.incarnation)


@dataclass(frozen=True)
class Left:
    """A permanent as it last existed on the battlefield, once it has left for a graveyard:
    what an ability that looks back in time (603.10) sees of it."""

    rec: Record
    old_ref: Ref           # the object it was
    name: str              # its name then (a flipped card's flipped name)
    controller: str
    abilities: bool        # it still had its printed abilities as it left
    creature: bool


class ObjectHost(Protocol):
    """What a :class:`GameObject` asks of the game it belongs to."""

    _records: dict[int, Record]

    def _characteristics(self, rec: Record) -> Characteristics: ...

    def _describe(self, rec: Record) -> str: ...


@dataclass(frozen=True)
class LogEntry:
    """One line of the game's log as data: what a page needs without reading the words.

    ``text`` is the line (``game.log`` holds the same texts). ``kind`` says what happened:
    ``"flip"``, ``"flip_again"`` (it had already flipped), ``"no_flip"`` (not a flip card, or
    not a permanent), ``"copy"``, ``"counters"``, ``"naming"``, ``"legend_rule"``,
    ``"trigger"``, ``"declined"`` (a "may" ability not used), ``"lost"`` (a player lost the
    game), ``"refused"`` (in a scenario, a step it expected the rules to refuse, and they
    did), or ``""`` for the rest. ``rule`` is the rule or ruling it applies (``"508.2"``,
    ``"ruling-3"``, ``"704.5j"``; ``""`` if none is named). ``about``: the objects and
    players it is about. For a ``"legend_rule"`` entry, ``player`` and ``name`` say whose
    legends of which name, and ``default`` that the model kept the newest because no choice
    was given; for a ``"trigger"`` entry, ``may`` that its controller may decline it.
    """

    text: str
    kind: str = ""
    rule: str = ""
    about: tuple[GameObject | str, ...] = ()
    player: str = ""
    name: str = ""
    may: bool = False
    default: bool = False


@dataclass(frozen=True)
class NamingResult:
    """The outcome of naming a card (rule 508 ruling / 710.5).

    ``legal``: the name is a name a card has (either half of a flip card). ``matches``: the
    objects whose *current* name is that name.
    """

    name: str
    legal: bool
    matches: tuple[GameObject, ...]


class GameObject:
    """A reader's handle to a card in a game; it follows the card across zones.

    Every attribute is computed on access from the printed card, the status and the effects.
    """

    __slots__ = ("_game", "_key")

    def __init__(self, game: ObjectHost, key: int) -> None:
        self._game = game
        self._key = key

    @property
    def _record(self) -> Record:
        return self._game._records[self._key]

    @property
    def _chars(self) -> Characteristics:
        return self._game._characteristics(self._record)

    # --- characteristics (computed) ----------------------------------------------------
    @property
    def name(self) -> str:
        """The current name: the flipped half's only on the battlefield after it flipped."""
        return self._chars.name

    @property
    def mana_cost(self) -> str:
        """The mana cost, the same before and after flipping (508.1c)."""
        return self._chars.mana_cost

    @property
    def mana_value(self) -> int:
        """The mana value (converted mana cost); flipping never changes it."""
        return self._chars.mana_value

    @property
    def colors(self) -> tuple[str, ...]:
        """The colors, as letters W U B R G."""
        return self._chars.colors

    @property
    def supertypes(self) -> tuple[str, ...]:
        """Current supertypes, e.g. ``('Legendary',)``."""
        return self._chars.supertypes

    @property
    def types(self) -> tuple[str, ...]:
        """Current card types, e.g. ``('Creature',)``."""
        return self._chars.types

    @property
    def subtypes(self) -> tuple[str, ...]:
        """Current subtypes, e.g. ``('Human', 'Samurai')``."""
        return self._chars.subtypes

    @property
    def type_line(self) -> str:
        """The current type line."""
        return self._chars.type_line

    @property
    def keywords(self) -> tuple[str, ...]:
        """Keyword abilities it has right now."""
        return self._chars.keywords

    @property
    def power(self) -> int | None:
        """Power after all effects and counters; ``None`` if it is not a creature."""
        return self._chars.power

    @property
    def toughness(self) -> int | None:
        """Toughness after all effects and counters; ``None`` if it is not a creature."""
        return self._chars.toughness

    @property
    def card(self) -> CardData:
        """The printed card (both halves)."""
        return self._record.card

    # --- where it is and its status ----------------------------------------------------
    @property
    def zone(self) -> str | None:
        """``"battlefield"``, ``"library"``, ``"stack"`` (a spell being cast), …; ``None`` for
        a token that ceased to exist."""
        return self._record.zone

    @property
    def owner(self) -> str:
        """The player who owns it."""
        return self._record.owner

    @property
    def controller(self) -> str:
        """The player who controls it (its owner outside the battlefield)."""
        return self._record.controller

    @property
    def is_token(self) -> bool:
        """True for a token (e.g. one made by :meth:`Game.copy`)."""
        return self._record.token

    @property
    def flipped(self) -> bool:
        """Whether it has flipped status; always ``False`` off the battlefield (508.2).

        Flipped status is a status, not a half: a card that is not a flip card can have it
        (e.g. a copy of Homura returned "flipped"); it then simply shows its normal half.
        """
        return self._record.status.flipped

    @property
    def tapped(self) -> bool:
        """Whether it is tapped; tapping and flipping are independent (508.3)."""
        return self._record.status.tapped

    @property
    def counters(self) -> dict[str, int]:
        """Its counters by kind, e.g. ``{'+1/+1': 1}``."""
        return dict(self._record.status.counters)

    @property
    def damage(self) -> int:
        """Damage marked on it this turn."""
        return self._record.status.damage

    @property
    def attached_to(self) -> GameObject | None:
        """The permanent this Aura is attached to, if any."""
        target = self._record.status.attached_to
        if target is None:
            return None
        other = self._game._records[target[0]]
        return GameObject(self._game, target[0]) if other.ref == target else None

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, GameObject) and other._game is self._game and other._key == self._key
        )

    def __hash__(self) -> int:
        return hash((id(self._game), self._key))

    def __repr__(self) -> str:
        where = "gone" if self.zone is None else self.zone
        return f"<{self.name} ({where})>"

    def __str__(self) -> str:
        return self._game._describe(self._record)


def count_of(n: object, least: int = 0) -> int:
    """``n`` as a count (``least`` to :data:`LIMIT`), or a clear error."""
    if not isinstance(n, int) or isinstance(n, bool) or not least <= n <= LIMIT:
        raise FlipCardsError(f"a count must be a whole number from {least} to {LIMIT:,}, "
                             f"not {n!r}")
    return n
