"""What the spells of the data are made of (rule 601, 608.2).

Each card's spell is in its record (:mod:`flipcards.cards`, the ``spell`` field): a
:class:`Spell` checks its targets and choices as it is cast (601.2c) and does its work as it
resolves; a spell whose only target is no longer legal does not resolve (608.2b). This module
holds what the spells share: the target creature, and the search of a library (701.19).
Shuffling is not modelled: the library keeps its order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ._abilities import enchantable, target_gone
from ._cards import possessive, protected_from
from ._effects import Filter
from ._errors import IllegalActionError
from ._events import Rules, StackItem
from ._objects import GameObject

__all__ = ["Spell", "search_choose", "searcher", "target_creature"]


@dataclass(frozen=True)
class Spell:
    """A spell's effect: ``choose`` checks the caster's choices as it is cast (``choices`` has
    ``target``, ``naming``, ``copying`` and ``choose``; it may add to them), ``resolve`` does
    the work. ``needs`` are the choices it cannot do without: a spell cast with none of them
    (only to be a spell, say an Arcane one for the ki cards) is cast, and does nothing."""

    text: str
    choose: Callable[[Rules, GameObject, dict[str, Any]], None]
    resolve: Callable[[Rules, StackItem, dict[str, Any]], None]
    takes: tuple[str, ...]
    needs: tuple[str, ...] = ()

    def refuse_others(self, spell: GameObject, choices: dict[str, Any]) -> None:
        """Refuse a choice the spell has no use for (Shock names no card)."""
        for name, value in choices.items():
            if value is not None and name not in self.takes:
                raise IllegalActionError(f"{spell.name} has no {_CHOICE_WORDS[name]}",
                                         argument=name)

    def idle(self, choices: dict[str, Any]) -> bool:
        """True if the caster made none of the choices the spell needs."""
        return bool(self.needs) and all(choices.get(n) is None for n in self.needs)

    def idle_words(self) -> str:
        """Why an idle spell does nothing, for the log."""
        return " and no ".join(_CHOICE_WORDS[n] for n in self.needs)

    def target_gone(self, game: Rules, item: StackItem, choices: dict[str, Any]) -> bool:
        """True if its target creature is no longer legal: then it does not resolve at all
        (608.2b; a player stays a legal target)."""
        return ("target" in self.needs and not isinstance(choices["target"], str)
                and target_gone(game, item, choices))


_CHOICE_WORDS = {"target": "target", "naming": "card to name", "copying": "creature to copy",
                 "choose": "card to choose"}


def target_creature(game: Rules, spell: GameObject, choices: dict[str, Any],
                     player_too: bool = False) -> None:
    """The target: a creature on the battlefield (or a player, for "any target"), not one with
    protection from the spell's color (702.16b)."""
    target = choices.get("target")
    if player_too and isinstance(target, str):
        game._player(target)
        return
    if (not isinstance(target, GameObject) or target.zone != "battlefield"
            or "Creature" not in target.types):
        what = "any target (a creature or a player)" if player_too else "a target creature"
        raise IllegalActionError(f"{spell.name} needs {what} "
                                 f"{game._zone_phrase('battlefield', '')}", argument="target")
    color = protected_from(target.keywords, spell.colors, target.name)
    if color:
        raise IllegalActionError(f"{target.name} has protection from {color}, so {spell.name} "
                                 "cannot target it (rule 702.16b)", argument="target")
    choices["target_ref"] = game._ref(target)


# --- searches (701.19) ----------------------------------------------------------------------------

def search_choose(game: Rules, spell: GameObject, choices: dict[str, Any]) -> None:
    chosen = choices.get("choose")
    if chosen is not None and not isinstance(chosen, GameObject):
        raise IllegalActionError(f"{spell.name} chooses a card of its caster's library",
                                 argument="choose")


def searcher(what: Filter, words: str, to: str
              ) -> Callable[[Rules, StackItem, dict[str, Any]], None]:
    """Search the caster's library for a card that matches ``what`` (its characteristics there:
    a flip card's normal half only) and put it into zone ``to``: the card chosen, else the first
    found. A search may fail to find what it looks for (701.19b); the model says why."""
    def resolve(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
        player = item.controller
        found = game.search("library", player, what)
        chosen = choices.get("choose")
        if chosen is not None and chosen not in found:
            game._say(f"{player} cannot choose {chosen.name}: it is not {words} in "
                      f"{possessive(player)} library.")
            return
        if not found:
            return
        card_ = chosen if chosen is not None else found[0]
        if to == "hand":
            game._say(f"{player} reveals {card_.name}.")
            game.move(card_, to)
        elif "Aura" in card_.subtypes:
            # An Aura put onto the battlefield chooses what it enchants as it enters (the
            # oldest it can, as the model chooses); with nothing to enchant it stays (303.4g).
            hosts = enchantable(game, card_)
            if hosts:
                game.move(card_, to, attach_to=hosts[0])
            else:
                game._say(f"There is nothing {card_.name} could enchant: it stays in "
                          f"{possessive(player)} library (rule 303.4g).")
        else:
            game.move(card_, to)

    return resolve
