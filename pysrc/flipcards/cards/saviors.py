"""Saviors of Kamigawa (SOK): the records of its five Ascendants and their Essences.

Each function's docstring gives the printed ability and cites the ruling it follows.
"""

from __future__ import annotations

from .._abilities import creatures_of, no_cost
from .._card_rules import CardRules, Choices
from .._cards import possessive
from .._effects import Effect, Layer
from .._events import Event, StackItem
from .._heroes import Activated, flip_trigger, returner
from .._objects import GameObject
from ._record import CardRecord, DamageChange, StateTrigger

__all__ = ["RECORDS"]


def rune_tail(game: CardRules, me: GameObject) -> bool:
    """When you have 30 or more life, flip Rune-Tail (a state trigger, rule 603.8)."""
    return game.life(me.controller) >= 30


def erayo(game: CardRules, me: GameObject, event: Event) -> StackItem | None:
    """Whenever the fourth spell of a turn is cast, flip Erayo.

    Rulings: spells cast before Erayo entered this turn count; if Erayo itself is the fourth
    spell it is not on the battlefield when it is cast, so it does not see it.
    """
    if event.kind == "cast" and event.number == 4:
        return flip_trigger(game, me, "the fourth spell of the turn was "
                            + game.wording("cast", "played"))
    return None


def kuon(game: CardRules, me: GameObject, event: Event) -> StackItem | None:
    """At the beginning of the end step, if three or more creatures died this turn, flip Kuon.

    Ruling: creatures that died before Kuon entered this turn count.
    """
    if event.kind != "end_step":
        return None

    def three_died() -> bool:
        return game.creatures_died_this_turn >= 3

    if three_died():
        return flip_trigger(game, me, f"{game.creatures_died_this_turn} creatures "
                            + game.wording("died", "were put into graveyards from play")
                            + " this turn",
                            condition=three_died)
    return None


def homura(game: CardRules, me: GameObject, event: Event) -> StackItem | None:
    """When Homura, Human Ascendant dies, return it to the battlefield flipped.

    It returns as a new object (rule 400.7) with flipped status: Homura's Essence. "Flipped"
    is a status, not a half: a copy of Homura (a card that had become a copy of it) returns
    as the card it is, with flipped status; it shows its own normal half, and if it later
    becomes a copy of a flip card, today's rules give it that card's flipped half (707.3).
    """
    return returner(game, me, event, flipped=True)


def _reveal(game: CardRules, me: GameObject, choices: Choices) -> Choices:
    """The cost: reveal your hand."""
    game.reveal_hand(me.controller)
    return choices


def _resolve_sasaya(game: CardRules, item: StackItem, choices: Choices) -> None:
    """Reveal your hand: If you have seven or more land cards in your hand, flip it.

    Revealing is the cost, paid when the ability is activated; the lands are counted when it
    resolves.
    """
    hand = game.objects("hand", item.controller)
    lands = sum("Land" in o.types for o in hand)
    # Counted now, not as revealed: a land discarded in response is not in it any more.
    held = (f"{item.controller}'s hand holds {lands} land card{'s' * (lands != 1)} as the "
            "ability resolves")
    if lands >= 7:
        game.say(f"{held} (seven or more).")
        game.flip_source(item)
    else:
        game.say(f"{held}; seven are needed to flip.")


def _homuras_essence(name: str, controller: str, timestamp: int) -> list[Effect]:
    """Homura's Essence: creatures you control get +2/+2 (layer 7c) and have flying (layer 6)
    and "{R}: this creature gets +1/+0 until end of turn" (its record's ``granted``)."""
    return [Effect(label=name, kind="add_keyword", layer=Layer.ABILITY, timestamp=timestamp,
                   filter=creatures_of(controller), target=None, keyword="Flying"),
            Effect(label=name, kind="modify_pt", layer=Layer.PT_MODIFY, timestamp=timestamp,
                   filter=creatures_of(controller), target=None, power=2, toughness=2)]


def _resolve_firebreathing(game: CardRules, item: StackItem, choices: Choices) -> None:
    """Granted by Homura's Essence: {R}: this creature gets +1/+0 until end of turn."""
    me = item.source
    if game.ref(me) != item.source_ref:
        game.say(f"{possessive(item.named)} ability does nothing: it has left.")
        return
    game.add_effect("modify_pt", me, power=1, toughness=0, until_end_of_turn=True,
                    label=f"{me.name} +1/+0")


def _kuons_essence(game: CardRules, me: GameObject, event: Event) -> StackItem | None:
    """At the beginning of each player's upkeep, that player sacrifices a creature, chosen as
    the ability resolves (608.2d): the one ``resolve`` is told to ``choose``, else the first
    creature of the step's ``sacrifice`` they still control, or by default their oldest
    creature."""
    if event.kind != "upkeep" or event.player is None:
        return None
    player = event.player
    choice = game.sacrifice_choice    # made as the turn began; kept while it waits

    def theirs(creature: GameObject) -> bool:
        return creature.zone == "battlefield" and creature.controller == player \
            and "Creature" in creature.types

    def sacrifice(item: StackItem) -> None:
        if game.left_game(player):
            return
        creatures = [o for o in game.objects("battlefield", player) if "Creature" in o.types]
        if not creatures:
            game.say(f"{player} controls no creature to sacrifice.")
            return
        # (One chosen as it resolves was found legal then: legal.)
        chosen = item.chosen if item.chosen is not None else \
            next((o for o in choice if o in creatures), None)
        if chosen is None:
            chosen = creatures[0]
            if choice:
                names = " and ".join(o.name for o in choice)
                game.say(f"{player} chose {names} to sacrifice, but no longer controls "
                         f"{'it' if len(choice) == 1 else 'them'} as a creature: {player} "
                         f"sacrifices their oldest creature, {chosen.name}.")
        game.sacrifice(chosen)

    def legal(item: StackItem, creature: GameObject) -> str:
        return "" if theirs(creature) else (
            f"{player} sacrifices a creature they control ({game.today('701.21a')}); "
            f"{creature.name} is not one")

    return StackItem(me, f"{possessive(player)} upkeep began", sacrifice, follows_source=False,
                     choice="sacrifice", legal_choice=legal,
                     does=f"{player} sacrifices a creature")


def _erayos_essence(game: CardRules, me: GameObject, event: Event) -> StackItem | None:
    """Whenever an opponent casts their first spell each turn, counter that spell (701.6)."""
    if (event.kind != "cast" or event.player is None or event.player == me.controller
            or event.nth_for_player != 1 or event.ref is None):
        return None
    spell = event.ref

    def counter(item: StackItem) -> None:
        game.counter_spell(spell, f"{possessive(item.named)} ability")

    return StackItem(me, f"{event.player} {game.wording('cast', 'played')} their first spell "
                     f"this turn ({event.name})",
                     counter, follows_source=False, does=f"counter {event.name}")


RECORDS = (
    CardRecord("Rune-Tail, Kitsune Ascendant",
               state_trigger=StateTrigger(rune_tail, "its controller has 30 or more life")),
    CardRecord("Rune-Tail's Essence", damage_change=DamageChange(
        "damage to its controller's creatures is prevented (615.1)",
        protects_own_creatures=True)),
    CardRecord("Erayo, Soratami Ascendant", triggered=erayo),
    CardRecord("Erayo's Essence", triggered=_erayos_essence),
    CardRecord("Kuon, Ogre Ascendant", triggered=kuon),
    CardRecord("Kuon's Essence", triggered=_kuons_essence),
    CardRecord("Homura, Human Ascendant", triggered=homura, cant_block=True),
    CardRecord("Homura's Essence", static=_homuras_essence, granted=Activated(
        "this creature gets +1/+0 until end of turn", no_cost, _resolve_firebreathing,
        mana="{R}")),
    CardRecord("Sasaya, Orochi Ascendant", activated=Activated(
        "flip it if its controller's hand holds seven or more land cards as this resolves",
        _reveal, _resolve_sasaya)),
    CardRecord("Sasaya's Essence", mana_per_same_named_land=True),
)
