"""Flip Cards: a rules model of Magic: The Gathering flip cards (rule 508, today 710).

Examples:
    >>> from flipcards import Game, Filter
    >>> game = Game("2004")
    >>> hero = game.put("Bushi Tenderfoot")
    >>> game.search("battlefield", "Alice", Filter(supertypes=["Legendary"]))
    []
    >>> game.flip(hero)
    True
    >>> hero.name, hero.power, hero.toughness
    ('Kenzo the Hardhearted', 3, 4)
"""

from ._cards import CardData, CardFace, all_cards, card
from ._characteristics import Characteristics
from ._effects import Effect, Filter
from ._errors import (
    ExpectationError,
    FlipCardsError,
    IllegalActionError,
    ScenarioError,
    UnknownCardError,
    UnknownNameError,
)
from ._events import StackItem
from ._game import EDITIONS, ZONES, Game, GameObject, NamingResult
from ._scenario import run_scenario
from ._verbs import VERB_DESCRIPTIONS, Verb, VerbField, describe_verbs, scenario_python

__all__ = [
    "EDITIONS",
    "VERB_DESCRIPTIONS",
    "ZONES",
    "CardData",
    "CardFace",
    "Characteristics",
    "Effect",
    "ExpectationError",
    "Filter",
    "FlipCardsError",
    "Game",
    "GameObject",
    "IllegalActionError",
    "NamingResult",
    "ScenarioError",
    "StackItem",
    "UnknownCardError",
    "UnknownNameError",
    "Verb",
    "VerbField",
    "all_cards",
    "card",
    "describe_verbs",
    "run_scenario",
    "scenario_python",
]
