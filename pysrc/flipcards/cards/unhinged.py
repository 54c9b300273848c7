"""Unhinged (UNH): the record of Curse of the Fire Penguin, a joke flip card.

The Aura's lower half is what the creature it enchants becomes; the card flips only by the
model's instruction (no printed condition flips it).
"""

from __future__ import annotations

from typing import Any

from .._card_rules import CardRules
from .._cards import possessive
from .._effects import Effect, Layer
from .._events import Event, StackItem
from .._heroes import returner
from .._objects import GameObject, Ref
from ._record import CardRecord

__all__ = ["RECORDS"]


def fire_penguin(game: CardRules, me: GameObject, event: Event) -> StackItem | None:
    """Curse of the Fire Penguin, flipped: when this creature dies, return the card from the
    graveyard to the battlefield.

    What is simulated: the Aura's "enchant creature" (it falls off a noncreature), the flip
    instruction (no printed condition flips it), and this return. It comes back unflipped, as
    an Aura, attached to the creature chosen as it enters (``resolve``'s ``choose``), else the
    oldest it could enchant (303.4f: not one with protection from red); with none, it stays in
    the graveyard (303.4g). A copy that dies returns its own
    card, which is attached only if it is an Aura. The Aura's "consumes and confuses" is
    simulated too, in rules terms: :func:`_fire_penguin_curse`.
    """
    return returner(game, me, event, flipped=False,
                    cannot_enchant=lambda curse, host: _cannot_enchant(game, curse, host))


def _fire_penguin_curse(name: str, host: Ref, timestamp: int) -> list[Effect]:
    """Curse of the Fire Penguin, as an Aura: it "consumes and confuses" the enchanted
    creature. In rules terms the creature becomes what the card's lower half prints: a 6/5
    Creature — Penguin (layers 4 and 7b) whose only abilities are trample and "when this
    creature dies, return Curse of the Fire Penguin from your graveyard to the battlefield"
    (layer 6; the return is in :func:`penguin_return`). It keeps its name, its color and its
    mana cost: the lower half prints none of them."""
    def one(kind: str, layer: Layer, **values: Any) -> Effect:
        return Effect(label=name, kind=kind, layer=layer, timestamp=timestamp, filter=None,
                      target=host, **values)

    return [one("set_types", Layer.TYPE, types=("Creature",), subtypes=("Penguin",)),
            one("remove_all_abilities", Layer.ABILITY),
            one("add_keyword", Layer.ABILITY, keyword="Trample"),
            one("set_pt", Layer.PT_SET, power=6, toughness=5)]


def penguin_return(game: CardRules, dying: GameObject, controller: str) -> StackItem:
    """The ability the Curse gives the creature it enchants: "when this creature dies,
    return Curse of the Fire Penguin from your graveyard to the battlefield". "Your" is the
    controller of the creature, so the Curse comes back only if it is in that player's
    graveyard; it returns attached to a creature of that player's choice, made as it enters
    (303.4f: ``resolve``'s ``choose``, else the oldest it could enchant), and stays in the
    graveyard if there is none (303.4g)."""
    def curses() -> list[GameObject]:
        return [o for o in game.objects("graveyard", controller)
                if o.name == "Curse of the Fire Penguin"]

    def back(item: StackItem) -> None:
        found = curses()
        if not found:
            game.say(f"There is no Curse of the Fire Penguin in {possessive(controller)} "
                     "graveyard: nothing returns.")
            return
        # It enters attached to a creature it could enchant, or stays (303.4f, 303.4g).
        # (A creature chosen was found legal as the resolve began: legal.)
        game.move(found[0], "battlefield", attach_to=item.chosen,
                  controller=controller if game.edition == "current" else None)

    def legal(item: StackItem, host: GameObject) -> str:
        found = curses()
        return _cannot_enchant(game, found[0], host) if found else (
            f"there is no Curse of the Fire Penguin in {possessive(controller)} graveyard to "
            f"enchant {host.name}")

    return StackItem(dying, "the creature the Curse consumed " + game.wording(
        "died", "was put into a graveyard from play"), back, follows_source=False,
        does="return Curse of the Fire Penguin from the graveyard of "
        f"{controller} to {game.wording('the battlefield', 'play')}, attached to a creature",
        choice="enchant", legal_choice=legal)


def _cannot_enchant(game: CardRules, curse: GameObject, host: GameObject) -> str:
    """Why the Curse, returning, could not enter attached to ``host`` (303.4f), or ``""``."""
    if "Aura" not in curse.subtypes:     # a copy of the flipped Curse returns its own card
        return f"{curse.name} returns as itself, not an Aura: it enters attached to nothing"
    if host.zone != "battlefield":
        return "the Curse enters attached to " + game.wording("a creature on the battlefield",
                                                              "a creature in play")
    return game.cannot_enchant(curse, host)


RECORDS = (
    CardRecord("Curse of the Fire Penguin", aura_static=_fire_penguin_curse,
               enchanted_dies=penguin_return),
    CardRecord("Curse of the Fire Penguin Creature", triggered=fire_penguin),
)
