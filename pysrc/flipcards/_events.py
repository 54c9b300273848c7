"""Events, and what waits on the stack.

This module sits below both the engine and the cards' abilities (``_heroes``): the engine
reports :class:`Event` values, abilities answer with :class:`StackItem` values, and abilities
act on the game only through :class:`~flipcards._card_rules.CardRules`, so neither imports
the other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ._objects import GameObject, Ref

__all__ = ["Event", "StackItem"]


@dataclass(frozen=True)
class Event:
    """Something that happened in the game, which triggered abilities look at.

    ``kind`` is one of ``"cast"``, ``"damage"``, ``"dies"``, ``"end_step"``. ``ref`` is the
    ``(key, incarnation)`` of the object concerned (the spell, the damaged or dying creature);
    ``source`` the ref of the damage source; ``player`` the caster or the damaged player.
    For ``"dies"``, ``name`` and ``controller`` are the dying object's last known name and
    controller (rule 603.10: "leaves the battlefield" abilities look back in time).
    """

    kind: str
    player: str | None = None
    ref: Ref | None = None
    source: Ref | None = None
    amount: int = 0
    subtypes: tuple[str, ...] = ()
    number: int = 0
    name: str = ""
    controller: str | None = None
    combat: bool = False
    nth_for_player: int = 0              # "cast": the caster's nth spell this turn
    damaged_by: frozenset[Ref] = field(default_factory=frozenset)


@dataclass
class StackItem:
    """A spell or ability on the stack (rule 405; 2004: rule 408).

    ``kind`` is ``"triggered"``, ``"activated"`` or ``"spell"``, or under the 2004 rules
    ``"combat_damage"``: the combat damage of one step, which then used the stack.
    ``controller`` is the player who controlled the source when the ability triggered or was
    activated (rule 603.3a), who also controls what the ability puts onto the battlefield
    (110.2a). ``source_ref`` is the object the ability came from: an instruction to flip "it"
    does nothing once that object has left the battlefield, even if the card has come back as
    a new object (400.7, 508.4); ``source_name`` is that object's name as the ability
    triggered, which the log uses once the card is something else.

    ``condition`` is an intervening "if" (rule 603.4), checked again on resolution; a ``may``
    ability whose controller declined it does nothing. ``state`` marks a state trigger
    (603.8), which does not trigger again while it waits on the stack. ``targets``: the
    objects and players it targets, chosen as it was put on the stack (601.2c, 602.2b).
    ``choice``: the name of a choice its controller makes only as it resolves (608.2),
    such as the creature Autumn-Tail moves an Aura to; :meth:`~flipcards.Game.resolve`
    takes it as ``choose``. ``text`` says what put it there (for a triggered ability, what
    triggered it); ``does``, what it does as it resolves where ``text`` does not say it.
    """

    source: GameObject
    text: str
    resolve: Callable[[StackItem], object]
    kind: str = "triggered"
    may: bool = False
    condition: Callable[[], bool] | None = None
    state: bool = False
    follows_source: bool = True          # the whole effect is about "it" (e.g. "flip it")
    controller: str = ""
    source_ref: Ref | None = None
    source_name: str = ""
    #: The name its source last had where it was, once that object has left (113.7a).
    left_as: str = ""
    declined: bool = False
    batch: int = 0                       # put on the stack together with the same batch
    targets: tuple[GameObject | str, ...] = ()
    choice: str = ""
    #: What makes an object a legal ``choice`` (why not, or ``""``), and the one chosen.
    legal_choice: Callable[[StackItem, GameObject], str] | None = None
    chosen: GameObject | None = None
    does: str = ""

    @property
    def target_words(self) -> str:
        """Its targets in words (``""`` if it has none): ``"targeting Grizzly Bears"``."""
        if not self.targets:
            return ""
        return "targeting " + " and ".join(t if isinstance(t, str) else t.name
                                           for t in self.targets)

    @property
    def named(self) -> str:
        """Its source's name: as the source is now, or once that object has left, as it last
        was (an ability exists apart from its source and uses its last known information,
        113.7a): Autumn-Tail's ability stays Autumn-Tail's when Autumn-Tail dies, though the
        card in the graveyard is Kitsune Mystic."""
        return self.left_as or self.source.name

    def __repr__(self) -> str:
        aim = f", {self.target_words}" if self.targets else ""
        return f"<{self.kind} {self.named}: {self.text}{aim} ({self.controller})>"
