"""What the ordinary cards' spells do when they resolve (rule 608.2).

The flip-card rules speak of effects such as "search your library for a legendary card" and of
naming a card; these spells of the data are such effects, so that they can be tried as cast:

- Shock: 2 damage to any target; Giant Growth: target creature gets +3/+3 until end of turn;
- Cytoshape: target creature becomes a copy of a chosen nonlegendary creature until end of turn;
- Time of Need: search your library for a legendary creature card and put it into your hand
  (it finds no hero: in a library a flip card has only its normal half, 508.2);
- Enduring Ideal: search your library for an enchantment card and put it onto the battlefield
  (it finds no Essence, for the same reason), with epic;
- Cranial Extraction: name a nonland card; exile every card with that name from target player's
  graveyard, hand and library (naming either half is legal, but off the battlefield a flip card
  has only its normal name).

Each :class:`Spell` checks its targets and choices as it is cast (601.2c) and does its work as
it resolves; a spell whose only target is no longer legal does not resolve (608.2b). Shuffling
is not modelled: the library keeps its order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ._abilities import enchantable, target_gone
from ._cards import card, possessive, protected_from
from ._effects import Filter
from ._errors import IllegalActionError, UnknownCardError
from ._events import Rules, StackItem
from ._objects import GameObject

__all__ = ["SPELLS", "Spell"]


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


def _target_creature(game: Rules, spell: GameObject, choices: dict[str, Any],
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


# --- Shock, Giant Growth, Cytoshape -------------------------------------------------------------

def _shock_choose(game: Rules, spell: GameObject, choices: dict[str, Any]) -> None:
    _target_creature(game, spell, choices, player_too=True)


def _shock(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    game.deal_damage(item.source, choices["target"], 2)


def _growth_choose(game: Rules, spell: GameObject, choices: dict[str, Any]) -> None:
    _target_creature(game, spell, choices)


def _giant_growth(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    game.add_effect("modify_pt", choices["target"], power=3, toughness=3,
                    until_end_of_turn=True, label="Giant Growth")


def _nonlegendary_creature(game: Rules, spell: GameObject, chosen: Any) -> str:
    """Why ``chosen`` cannot be Cytoshape's choice, or ``""``."""
    if not isinstance(chosen, GameObject):
        return f"{spell.name} needs a nonlegendary creature to copy (copying)"
    if chosen.zone != "battlefield" or "Creature" not in chosen.types:
        return (f"{spell.name} copies a creature {game._zone_phrase('battlefield', '')}; "
                f"{chosen.name} is not one")
    if "Legendary" in chosen.supertypes:
        return f"{spell.name} copies a nonlegendary creature; {chosen.name} is legendary"
    return ""


def _cytoshape_choose(game: Rules, spell: GameObject, choices: dict[str, Any]) -> None:
    _target_creature(game, spell, choices)
    # The creature to copy is chosen as it resolves; one named now must be a fit choice now.
    why = _nonlegendary_creature(game, spell, choices.get("copying"))
    if why:
        raise IllegalActionError(why, argument="copying")


def _cytoshape(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    why = _nonlegendary_creature(game, item.source, choices["copying"])
    if why:
        game._say(f"{item.source.name} does nothing: {why}.")
        return
    game.become_copy(choices["target"], choices["copying"], until_end_of_turn=True)


# --- searches: Time of Need, Enduring Ideal -----------------------------------------------------

def _search_choose(game: Rules, spell: GameObject, choices: dict[str, Any]) -> None:
    chosen = choices.get("choose")
    if chosen is not None and not isinstance(chosen, GameObject):
        raise IllegalActionError(f"{spell.name} chooses a card of its caster's library",
                                 argument="choose")


def _searcher(what: Filter, words: str, to: str
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


# --- Enduring Ideal's epic ----------------------------------------------------------------------

def _enduring_ideal(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """The search, then epic (702.50): for the rest of the game its caster casts no spells, and
    at the beginning of each of their upkeeps a copy of the spell (without epic) does the
    search again."""
    _ENDURING_SEARCH(game, item, {"choose": choices.get("choose")})
    game._epic(item.controller, item.source, lambda copy: _ENDURING_SEARCH(game, copy, {}))


_ENDURING_SEARCH = _searcher(Filter(types=("Enchantment",)), "an enchantment card", "battlefield")


# --- Cranial Extraction ---------------------------------------------------------------------------

def _extraction_choose(game: Rules, spell: GameObject, choices: dict[str, Any]) -> None:
    target = choices.get("target")
    if not isinstance(target, str):
        raise IllegalActionError(f"{spell.name} needs a target player", argument="target")
    game._player(target)
    naming = choices.get("naming")
    if not isinstance(naming, str):
        raise IllegalActionError(f"{spell.name} needs a card name (naming)", argument="naming")
    try:
        data = card(naming)   # an unknown name raises, with suggestions
    except UnknownCardError as unknown:
        unknown.argument = "naming"
        raise
    exact = next((n for n in data.names if n.casefold() == " ".join(naming.split()).casefold()),
                 None)
    if exact is None:
        raise IllegalActionError(f"name one half of the card, not {naming!r}: "
                                 f"{' or '.join(repr(n) for n in data.names)}", argument="naming")
    half = data.normal if exact == data.normal.name else data.flipped
    if half is not None and "Land" in half.types:
        raise IllegalActionError(f"{spell.name} names a nonland card; {exact} is a land",
                                 argument="naming")
    choices["naming"] = exact


def _cranial_extraction(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    player, name = choices["target"], choices["naming"]
    found = [o for zone in ("graveyard", "hand", "library") for o in game.objects(zone, player)
             if o.name.casefold() == name.casefold()]
    game._say(f"{item.controller} names {name}: {len(found) or 'no'} card"
              f"{'s' * (len(found) != 1)} with that name in {possessive(player)} graveyard, "
              "hand and library" + (" (outside the battlefield a flip card has only its normal "
                                    "name)" if not found and card(name).name != name else "")
              + ".", "naming", "ruling-5", found)
    for each in found:
        game.move(each, "exile")


SPELLS: dict[str, Spell] = {
    "Shock": Spell("2 damage to any target", _shock_choose, _shock, ("target",), ("target",)),
    "Giant Growth": Spell("the target creature gets +3/+3 until end of turn", _growth_choose,
                          _giant_growth, ("target",), ("target",)),
    "Cytoshape": Spell("the target creature becomes a copy of the chosen nonlegendary creature "
                       "until end of turn", _cytoshape_choose, _cytoshape,
                       ("target", "copying"), ("target", "copying")),
    "Time of Need": Spell("search your library for a legendary creature card and put it into "
                          "your hand", _search_choose,
                          _searcher(Filter(supertypes=("Legendary",), types=("Creature",)),
                                    "a legendary creature card", "hand"), ("choose",)),
    "Enduring Ideal": Spell("search your library for an enchantment card and put it onto the "
                            "battlefield; epic", _search_choose, _enduring_ideal, ("choose",)),
    "Cranial Extraction": Spell("exile every card with the named name from the target player's "
                                "graveyard, hand and library", _extraction_choose,
                                _cranial_extraction, ("target", "naming"), ("target", "naming")),
}
