"""Events, what waits on the stack, and what an ability may do to the game.

This module sits below both the engine and the cards' abilities (``_heroes``): the engine
reports :class:`Event` values, abilities answer with :class:`StackItem` values, and abilities
act on the game only through the :class:`Rules` interface, so neither imports the other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from ._objects import GameObject, Ref

__all__ = ["Event", "Rules", "StackItem"]


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
    takes it as ``choose``.
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
    declined: bool = False
    batch: int = 0                       # put on the stack together with the same batch
    targets: tuple[GameObject | str, ...] = ()
    choice: str = ""
    #: What makes an object a legal ``choice`` (why not, or ``""``), and the one chosen.
    legal_choice: Callable[[StackItem, GameObject], str] | None = None
    chosen: GameObject | None = None

    @property
    def target_words(self) -> str:
        """Its targets in words (``""`` if it has none): ``"targeting Grizzly Bears"``."""
        if not self.targets:
            return ""
        return "targeting " + " and ".join(t if isinstance(t, str) else t.name
                                           for t in self.targets)

    def __repr__(self) -> str:
        aim = f", {self.target_words}" if self.targets else ""
        return f"<{self.kind} {self.source.name}: {self.text}{aim} ({self.controller})>"


class Rules(Protocol):
    """What an ability may do to the game while it is activated or resolves."""

    players: tuple[str, ...]
    creatures_died_this_turn: int
    _sacrifice_choice: list[GameObject]

    edition: str

    @property
    def battlefield_words(self) -> str: ...

    def _wording(self, today: str, in_2004: str) -> str: ...

    def _zone_phrase(self, zone: str | None, owner: str, into: bool = False) -> str: ...

    def _ref(self, obj: GameObject) -> Ref: ...

    def _ability_name(self, obj: GameObject) -> str: ...

    def _may_have(self, abilities: Mapping[str, object]) -> list[GameObject]: ...

    def _say(self, line: str, kind: str = "", rule: str = "",
             about: Iterable[GameObject | str] = (), **facts: Any) -> None: ...

    def _player(self, name: str) -> str: ...

    def objects(self, zone: str | None = None, player: str | None = None
                ) -> list[GameObject]: ...

    def flip(self, obj: GameObject) -> bool: ...

    def _flip_source(self, item: StackItem) -> bool: ...

    def _endless_state_trigger(self, item: StackItem, name: str) -> None: ...

    def move(self, obj: GameObject, to: str, *, flipped: bool = False,
             attach_to: GameObject | None = None, controller: str | None = None
             ) -> GameObject: ...

    def draw(self, player: str, count: int = 1) -> list[GameObject]: ...

    def discard(self, obj: GameObject) -> None: ...

    def add_counters(self, obj: GameObject, kind: str, n: int = 1) -> None: ...

    def tap(self, obj: GameObject) -> None: ...

    def untap(self, obj: GameObject) -> None: ...

    def deal_damage(self, source: GameObject, target: GameObject | str, amount: int) -> None: ...

    def create_token(self, name: str, controller: str | None = None) -> GameObject: ...

    def reveal_hand(self, player: str) -> list[GameObject]: ...

    def life(self, player: str) -> int: ...

    def auras_on(self, obj: GameObject) -> list[GameObject]: ...

    def was_damaged_this_turn(self, obj: GameObject) -> bool: ...

    def _tap_for_cost(self, obj: GameObject) -> None: ...

    def remove_counters(self, obj: GameObject, kind: str, n: int = 1) -> None: ...

    def lose_life(self, player: str, amount: int) -> None: ...

    def attach(self, aura: GameObject, to: GameObject) -> None: ...

    def add_effect(self, kind: str, affects: GameObject, *, label: str | None = None,
                   until_end_of_turn: bool = False, **params: Any) -> Any: ...

    def _shield(self, obj: GameObject) -> None: ...

    def _shielded(self, obj: GameObject) -> bool: ...

    def _sacrifice(self, obj: GameObject) -> None: ...

    def _counter_spell(self, spell: Ref, why: str) -> None: ...

    def _destroy(self, obj: GameObject, by: str) -> None: ...

    def _pay_mana(self, player: str, cost: str, why: str) -> None: ...

    def _gain_control(self, obj: GameObject, player: str, *, until_end_of_turn: bool) -> None: ...

    def _create_sized_token(self, name: str, controller: str, size: int) -> GameObject: ...

    def _delayed_on_death(self, target: GameObject, make: Callable[[], StackItem]) -> None: ...

    def become_copy(self, obj: GameObject, of: GameObject, *,
                    until_end_of_turn: bool = False) -> None: ...

    def _become_copy(self, obj: GameObject, of: GameObject, *, until_end_of_turn: bool = False,
                     also: str = "") -> None: ...

    def search(self, zone: str, player: str, for_: Any = None) -> list[GameObject]: ...

    def _epic(self, player: str, spell: GameObject, copy: Callable[[StackItem], object]
              ) -> None: ...

