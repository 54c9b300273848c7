"""What the cards' abilities other than the flip conditions are made of (``_heroes``).

Each half's abilities are in its record (:mod:`flipcards.cards`); this module holds the pieces
they share: targets checked as an ability is activated and again as it resolves (602.2b,
608.2b), pumps and costs.
Keywords (flying, haste, trample, fear, double strike, protection) are printed on the halves
and read through ``obj.keywords``; combat reads them. Each function cites the rule it follows.
"""

from __future__ import annotations

from collections.abc import Callable

from . import _heroes
from ._card_rules import CardRules, Choices
from ._cards import possessive, untargetable
from ._effects import Filter
from ._errors import IllegalActionError
from ._events import StackItem
from ._objects import GameObject

__all__ = [
    "creature_target",
    "creatures_of",
    "is_a",
    "no_cost",
    "permanent_target",
    "pump",
    "still_legal",
    "target_gone",
]

# --- static abilities (604, 613) ----------------------------------------------------------------


def creatures_of(controller: str) -> Filter:
    """The creatures ``controller`` controls, as a filter of a continuous effect."""
    return Filter(types=["Creature"], controller=controller)


# --- activated abilities (602) --------------------------------------------------------------------

def creature_target(game: CardRules, me: GameObject, choices: Choices) -> Choices:
    """A target creature on the battlefield (see :func:`permanent_target`)."""
    return permanent_target(game, me, choices, "Creature", "creature")


def target_gone(game: CardRules, item: StackItem, choices: Choices,
                kind: str = "Creature") -> bool:
    """True if the target of an ability or spell is no longer legal as it resolves (608.2b):
    it is another object now, no longer of its kind (see :func:`is_a`), or has gained
    protection from the source's color (702.16b), shroud or hexproof (:func:`untargetable`)."""
    target = choices.target_object
    return (game.ref(target) != choices.target_ref or not is_a(target, kind)
            or untargetable(target.keywords, target.name, game.source_colors(item),
                            opponent=item.controller != target.controller,
                            edition=game.edition) is not None)


def still_legal(game: CardRules, item: StackItem, choices: Choices,
                kind: str = "Creature") -> GameObject | None:
    """The target if it is still legal as the ability resolves, else ``None``, and the
    ability does nothing (608.2b)."""
    if target_gone(game, item, choices, kind):
        game.say(f"{possessive(item.named)} ability does nothing: its target is no "
                 "longer legal (rule 608.2b; 2004: 413.2a).")
        return None
    return choices.target_object


def pump(power: int, toughness: int) -> Callable[[CardRules, StackItem, Choices], None]:
    """Resolving: the target creature gets +power/+toughness until end of turn."""
    def resolve(game: CardRules, item: StackItem, choices: Choices) -> None:
        target = still_legal(game, item, choices)
        if target is not None:
            game.add_effect("modify_pt", target, power=power, toughness=toughness,
                            until_end_of_turn=True, label=f"{possessive(item.named)} pump")

    return resolve


def is_a(obj: GameObject, kind: str) -> bool:
    """Whether a permanent is of card type ``kind`` ("Legendary": a legendary creature; "":
    any permanent)."""
    if kind == "Legendary":
        return "Legendary" in obj.supertypes and "Creature" in obj.types
    return not kind or kind in obj.types


#: Where the rules say a target must be one the spell or ability can have, chosen as it is
#: cast or activated.
TARGET_RULE = "rule 601.2c; 2004: 409.1c"


def not_a_target(game: CardRules, target: object, what: str,
                 zone: str = "battlefield") -> str:
    """Why ``target``, given where a ``what`` (``"creature"``, ``"legendary creature"``,
    ``"player"``) in ``zone`` is asked for, is not one, and where the rules say so:
    ``": Shock is in Alice's graveyard (rule …)"``."""
    if target is None:
        why = "none was chosen"
    elif what == "player":
        why = (f"{target.name} is a card, not a player" if isinstance(target, GameObject)
               else f"{target!r} is not a player of the game")
    elif isinstance(target, GameObject) and target.zone != zone:
        why = f"{target.name} is {game.zone_phrase(target.zone, target.owner)}"
    elif isinstance(target, GameObject):
        why = f"{target.name} is not {'an' if what[0] in 'aeiouAEIOU' else 'a'} {what}"
    elif isinstance(target, str):
        why = (f"{target} is a player" if target in game.players
               else f"{target!r} is neither a player nor an object of the game")
    else:
        why = f"{target!r} is not an object of the game"
    return f": {why} ({TARGET_RULE})"


def permanent_target(game: CardRules, me: GameObject, choices: Choices, kind: str,
                     what: str) -> Choices:
    """A target permanent of ``kind`` (see :func:`is_a`) on the battlefield, without
    protection from the source's color; the choices, with it remembered as the object it is
    now."""
    target = choices.target
    if not (isinstance(target, GameObject) and target.zone == "battlefield"
            and is_a(target, kind)):
        raise IllegalActionError(f"{possessive(me.name)} ability needs a target {what} "
                                 f"{game.zone_phrase('battlefield', '')}"
                                 + not_a_target(game, target, what),
                                 argument="target")
    _heroes.check_protection(game, me, target)
    return choices.with_target_ref(game.ref(target))


def no_cost(game: CardRules, me: GameObject, choices: Choices) -> Choices:
    """Only mana, paid separately."""
    return choices
