"""The game: :class:`Game` puts together the parts of the engine, one module per part of
the rules (see ``_state`` for the map). Its public methods are the model's actions.

It makes the parts it owns and wires them as it is made: ``_combat`` (``Combat``),
``_turns`` (``Turns``) and ``_engine`` (the ``Stack``, where every action ends); its
combat and turn methods delegate to them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ._combat import Combat, CombatActions
from ._errors import IllegalActionError
from ._objects import GameObject, NamingResult
from ._stack import Stack
from ._state import COSTS, EDITIONS, ZONES
from ._turns import Turns

__all__ = ["COSTS", "EDITIONS", "ZONES", "Game", "GameObject", "NamingResult"]


class Game(CombatActions):
    """A game of Magic reduced to what flip cards need.

    Examples:
        >>> game = Game("2004")
        >>> hero = game.put("Bushi Tenderfoot")
        >>> print(hero)
        Bushi Tenderfoot {W} · Creature — Human Soldier · 1/1
        >>> game.flip(hero)
        True
        >>> print(hero)
        Kenzo the Hardhearted {W} · Legendary Creature — Human Samurai · 3/4 · flipped
        >>> game.log[-1]
        'Bushi Tenderfoot flips: it is now Kenzo the Hardhearted.'
    """

    def __init__(self, edition: str = "current", players: Sequence[str] = ("Alice", "Bob"), *,
                 costs: str = "assumed") -> None:
        super().__init__(edition, players, costs=costs)
        # The parts the game delegates to. Combat; the turn's steps, where a combat still
        # going on ends as the end step begins; and the stack, which answers every action:
        # before a player would receive priority, combat removes the creatures that left it,
        # and after every action the upkeep may end.
        self._combat = Combat(self)
        self._turns = Turns(self, before_end_step=self._combat.end_if_going_on)
        self._engine = Stack(self, before_priority=self._combat.live,
                             after_check=self._turns.upkeep_may_end)


#: The actions that change the game: refused once it is over (a look, such as ``search``, is
#: not refused).
_ACTIONS = (
    "put", "flip", "move", "add_counters", "remove_counters", "damage", "tap", "untap",
    "add_effect", "end_effect", "attach", "copy", "become_copy", "cast", "deal_damage",
    "gain_life", "lose_life", "draw", "discard", "create_token", "activate", "end_step",
    "next_turn", "add_mana", "tap_for_mana", "attack", "block", "combat_damage", "end_combat",
    "resolve", "resolve_stack", "order_triggers",
)

_F = TypeVar("_F", bound=Callable[..., Any])


def _not_after_the_end(action: _F) -> _F:
    """``action``, refused once the game is over. Only the reader's own call is refused: an
    action that ends the game finishes what it was doing (the actions it is made of stop
    there themselves)."""
    @functools.wraps(action)
    def refused_after_the_end(self: Game, *args: Any, **kwargs: Any) -> Any:
        if self._acting == 0 and self.over:
            raise IllegalActionError(f"the game is over: {self._the_end()}; nothing more "
                                     "can happen in it")
        if self._acting == 0:
            self._first_new = len(self._records) + 1      # the key the next object gets
        self._acting += 1
        try:
            return action(self, *args, **kwargs)
        finally:
            self._acting -= 1
    return refused_after_the_end  # type: ignore[return-value]


for _name in _ACTIONS:
    setattr(Game, _name, _not_after_the_end(getattr(Game, _name)))
