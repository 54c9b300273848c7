"""What the spells of the data are made of (rule 601, 608.2).

Each card's spell is in its record (:mod:`flipcards.cards`, the ``spell`` field): a
:class:`Spell` checks its targets and choices as it is cast (601.2c) and does its work as it
resolves; a spell whose only target is no longer legal does not resolve (608.2b). This module
holds what the spells share: the target creature, and the search of a library (701.23).
Shuffling is not modelled: the library keeps its order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ._abilities import not_a_target, target_gone
from ._card_rules import SPELL_CHOICES, CardRules, Choices
from ._cards import possessive, untargetable
from ._effects import Filter
from ._errors import IllegalActionError, UnusedChoiceError
from ._events import StackItem
from ._objects import GameObject

__all__ = ["Spell", "search_choose", "searcher", "target_creature"]


@dataclass(frozen=True)
class Spell:
    """A spell's effect: ``choose`` checks the caster's choices as it is cast (``target``,
    ``naming``, ``copying`` and ``choose``) and returns them with what the check recorded (the
    target as the object it is then, the name as the card data spells it), ``resolve`` does
    the work. ``needs`` are the choices it cannot do without: a spell cast with none of them
    (only to be a spell, say an Arcane one for the ki cards) is cast, and does nothing."""

    text: str
    choose: Callable[[CardRules, GameObject, Choices], Choices]
    resolve: Callable[[CardRules, StackItem, Choices], None]
    takes: tuple[str, ...]
    needs: tuple[str, ...] = ()

    def refuse_others(self, spell: GameObject, choices: Choices) -> None:
        """Refuse a choice the spell has no use for (Shock names no card)."""
        for name in SPELL_CHOICES:
            if getattr(choices, name) is not None and name not in self.takes:
                raise UnusedChoiceError(f"{spell.name} has no {_CHOICE_WORDS[name]}",
                                        argument=name)

    def idle(self, choices: Choices) -> bool:
        """True if the caster made none of the choices the spell needs."""
        return bool(self.needs) and all(getattr(choices, n) is None for n in self.needs)

    def idle_words(self) -> str:
        """Why an idle spell does nothing, for the log."""
        return " and no ".join(_CHOICE_WORDS[n] for n in self.needs)

    def target_gone(self, game: CardRules, item: StackItem, choices: Choices) -> bool:
        """True if its target creature is no longer legal: then it does not resolve at all
        (608.2b; a player stays a legal target)."""
        return ("target" in self.needs and not isinstance(choices.target, str)
                and target_gone(game, item, choices))


_CHOICE_WORDS = {"target": "target", "naming": "card to name", "copying": "creature to copy",
                 "choose": "card to choose"}


def target_creature(game: CardRules, spell: GameObject, choices: Choices,
                    player_too: bool = False) -> Choices:
    """The target: a creature on the battlefield (or a player, for "any target"), not one with
    protection from the spell's color (702.16b); the choices, with a creature remembered as the
    object it is now."""
    target = choices.target
    if player_too and isinstance(target, str):
        game.player(target)
        return choices
    if (not isinstance(target, GameObject) or target.zone != "battlefield"
            or "Creature" not in target.types):
        # (Shock's "target creature or player" is "any target" in today's words.)
        what = ("a target creature" if not player_too else "any target (a creature or a player)"
                if game.edition == "current" else "a target creature or player")
        raise IllegalActionError(f"{spell.name} needs {what} "
                                 f"{game.zone_phrase('battlefield', '')}"
                                 + not_a_target(game, target, "creature"), argument="target")
    why = untargetable(target.keywords, target.name, spell.colors,
                       opponent=spell.controller != target.controller, edition=game.edition)
    if why:
        quality, cite = why
        raise IllegalActionError(f"{target.name} {quality}, so {spell.name} cannot target it "
                                 f"({cite})", argument="target")
    return choices.with_target_ref(game.ref(target))


# --- searches (701.23) ----------------------------------------------------------------------------

def search_choose(game: CardRules, spell: GameObject, choices: Choices) -> Choices:
    """A card chosen for a search must be a card (of its caster's library, checked as it
    resolves)."""
    chosen = choices.choose
    if chosen is not None and not isinstance(chosen, GameObject):
        raise IllegalActionError(f"{spell.name} chooses a card of its caster's library",
                                 argument="choose")
    return choices


def searcher(what: Filter, words: str, to: str
              ) -> Callable[[CardRules, StackItem, Choices], None]:
    """Search the caster's library for a card that matches ``what`` (its characteristics there:
    a flip card's normal half only) and put it into zone ``to``: the card chosen, else the first
    found. A search may fail to find what it looks for (701.23b); the model says why."""
    def resolve(game: CardRules, item: StackItem, choices: Choices) -> None:
        player = item.controller
        found = game.search("library", player, what)
        chosen = choices.choose
        if chosen is not None and chosen not in found:
            game.say(f"{player} cannot choose {chosen.name}: it is not {words} in "
                     f"{possessive(player)} library.")
            return
        if not found:
            return
        card_ = chosen if chosen is not None else found[0]
        if to == "hand":
            game.say(f"{player} reveals {card_.name}.")
            game.move(card_, to)
        else:
            # An Aura enters attached to what it could enchant, or stays (303.4f, 303.4g).
            game.move(card_, to)

    return resolve
