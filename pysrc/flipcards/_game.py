"""The game: :class:`Game` puts together the parts of the engine, one module per part of
the rules (see ``_state`` for the map). Its public methods are the model's actions.
"""

from __future__ import annotations

from ._combat import Combat
from ._objects import GameObject, NamingResult
from ._state import COSTS, EDITIONS, ZONES

__all__ = ["COSTS", "EDITIONS", "ZONES", "Game", "GameObject", "NamingResult"]


class Game(Combat):
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
