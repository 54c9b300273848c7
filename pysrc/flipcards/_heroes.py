"""Heroic conditions: what makes each of the 21 flip cards flip (rule 508.1a).

Abilities belong to a *half*: a permanent has the abilities of the half it shows. So the
flipping abilities live on the normal half and stop working once it has flipped, and the
flipped half of Curse of the Fire Penguin has an ability of its own.

Three kinds of ability are registered here by the name of the half that has it:

- :data:`TRIGGERED`: a function called for each game event while the permanent shows that
  half; it returns the triggered abilities it puts on the list (rule 603).
- :data:`STATE_TRIGGERED`: a condition checked after every action; when it becomes true the
  ability triggers once (rule 603.8).
- :data:`ACTIVATED`: what :meth:`Game.activate` does for that half (mana costs are not modelled;
  a {T} in the cost is: the permanent must be untapped and becomes tapped).

Each function's docstring cites the ruling it follows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ._cards import possessive
from ._errors import IllegalActionError

if TYPE_CHECKING:
    from ._game import Game, GameObject

__all__ = ["ACTIVATED", "STATE_TRIGGERED", "TRIGGERED", "Event", "Trigger"]


@dataclass(frozen=True)
class Event:
    """Something that happened in the game, which triggered abilities look at.

    ``kind`` is one of ``"cast"``, ``"damage"``, ``"dies"``, ``"end_step"``. ``ref`` is the
    ``(key, incarnation)`` of the object concerned (the spell, the damaged or dying creature);
    ``source`` the ref of the damage source; ``player`` the caster or the damaged player.
    ``name`` is the dying object's last known name (for "when this dies").
    """

    kind: str
    player: str | None = None
    ref: tuple[int, int] | None = None
    source: tuple[int, int] | None = None
    amount: int = 0
    subtypes: tuple[str, ...] = ()
    number: int = 0
    name: str = ""
    damaged_by: frozenset[tuple[int, int]] = field(default_factory=frozenset)


@dataclass
class Trigger:
    """A triggered ability waiting on the list.

    ``condition`` is an intervening "if" (rule 603.4), checked again on resolution; ``may``
    abilities are skipped if their controller declines them.
    """

    source: GameObject
    text: str
    resolve: Callable[[], object]
    may: bool = False
    condition: Callable[[], bool] | None = None
    state: bool = False                  # a state trigger (rule 603.8): on the list once
    follows_source: bool = True          # "flip it": nothing happens if it is a new object
    source_ref: tuple[int, int] | None = None


def state_trigger(game: Game, me: GameObject, name: str) -> Trigger:
    """The trigger of a state-triggered flip ability (rule 603.8): it triggers once, and the
    condition is checked again when it resolves."""
    condition, why = STATE_TRIGGERED[name]
    return Trigger(me, why, lambda: game.flip(me), condition=lambda: condition(game, me),
                   state=True)


def _flip_trigger(game: Game, me: GameObject, why: str,
                  condition: Callable[[], bool] | None = None, may: bool = False) -> Trigger:
    return Trigger(me, why, lambda: game.flip(me), may=may, condition=condition)


# --- Champions of Kamigawa ------------------------------------------------------------------

def bushi_tenderfoot(game: Game, me: GameObject, event: Event) -> Trigger | None:
    """When a creature dealt damage by Bushi Tenderfoot this turn dies, flip it.

    The damage must come from this very object this turn (a new object has no history).
    """
    if event.kind == "dies" and game._ref(me) in event.damaged_by:
        return _flip_trigger(game, me, f"a creature it damaged this turn ({event.name}) died")
    return None


def kitsune_mystic(game: Game, me: GameObject, event: Event) -> Trigger | None:
    """At the beginning of the end step, if it is enchanted by two or more Auras, flip it.

    An intervening "if" (rule 603.4): checked when the end step begins and again on resolution.
    """
    if event.kind != "end_step":
        return None

    def enchanted_twice() -> bool:
        return len(game.auras_on(me)) >= 2

    if enchanted_twice():
        return _flip_trigger(game, me, "it is enchanted by two or more Auras at the end step",
                             condition=enchanted_twice)
    return None


def jushi_apprentice(game: Game, me: GameObject, choices: dict[str, Any]) -> None:
    """{2}{U}, {T}: Draw a card. Then if you have nine or more cards in hand, flip it.

    The hand is counted after the draw, when the ability resolves.
    """
    game._tap_for_cost(me)
    game.draw(me.controller)
    in_hand = len(game.objects("hand", me.controller))
    if in_hand >= 9:
        game._say(f"{me.controller} has {in_hand} cards in hand (nine or more).")
        game.flip(me)
    else:
        game._say(f"{me.controller} has {in_hand} cards in hand; nine are needed to flip.")


def student_of_elements(game: Game, me: GameObject) -> bool:
    """When Student of Elements has flying, flip it (a state trigger, rule 603.8).

    Any source of flying counts: an effect that grants it, an Aura, …
    """
    return "Flying" in me.keywords


def nezumi_graverobber(game: Game, me: GameObject, choices: dict[str, Any]) -> None:
    """{1}{B}: Exile target card from an opponent's graveyard. If no cards are in that
    graveyard, flip it.

    The graveyard is checked after the card is exiled.
    """
    target = choices.get("target")
    if target is None or target.zone != "graveyard" or target.owner == me.controller:
        raise IllegalActionError(f"{possessive(me.name)} ability needs a target card in an "
                                 "opponent's graveyard")
    game.move(target, "exile")
    left = len(game.objects("graveyard", target.owner))
    if left == 0:
        game._say(f"{target.owner}'s graveyard is empty.")
        game.flip(me)
    else:
        game._say(f"{target.owner}'s graveyard still holds {left} card{'s' * (left != 1)}.")


def nezumi_shortfang(game: Game, me: GameObject, choices: dict[str, Any]) -> None:
    """{1}{B}, {T}: Target opponent discards a card. Then if that player has no cards in
    hand, flip it.

    The opponent chooses the card (``discard=``; by default the oldest card in hand).
    """
    player = choices.get("target")
    if not isinstance(player, str) or player == me.controller:
        raise IllegalActionError(f"{possessive(me.name)} ability needs a target opponent "
                                 "(a player's name)")
    game._player(player)
    game._tap_for_cost(me)
    hand = game.objects("hand", player)
    chosen = choices.get("discard") or (hand[0] if hand else None)
    if chosen is not None:
        game.discard(chosen)
    else:
        game._say(f"{player} has no card to discard.")
    if not game.objects("hand", player):
        game._say(f"{player} has no cards in hand.")
        game.flip(me)


def akki_lavarunner(game: Game, me: GameObject, event: Event) -> Trigger | None:
    """Whenever Akki Lavarunner deals damage to an opponent, flip it."""
    if (event.kind == "damage" and event.source == game._ref(me) and event.player is not None
            and event.player != me.controller and event.amount > 0):
        return _flip_trigger(game, me, f"it dealt damage to {event.player}, an opponent")
    return None


def initiate_of_blood(game: Game, me: GameObject, choices: dict[str, Any]) -> None:
    """{T}: Deal 1 damage to target creature that was dealt damage this turn. When that
    creature dies this turn, flip Initiate of Blood.

    The delayed trigger watches that creature for the rest of the turn.
    """
    target = choices.get("target")
    if target is None or target.zone != "battlefield" or "Creature" not in target.types:
        raise IllegalActionError(f"{possessive(me.name)} ability needs a target creature")
    if not game.was_damaged_this_turn(target):
        raise IllegalActionError(f"{target.name} was not dealt damage this turn, so it is not a "
                                 f"legal target for {possessive(me.name)} ability")
    game._tap_for_cost(me)
    game._delayed_on_death(target, lambda: _flip_trigger(
        game, me, f"{target.name}, which it damaged this turn, died"))
    game.deal_damage(me, target, 1)


def budoka_gardener(game: Game, me: GameObject, choices: dict[str, Any]) -> None:
    """{T}: You may put a land card from your hand onto the battlefield. If you control ten
    or more lands, flip it.

    Rulings: it flips with ten lands even if no land was put (the land is optional), and the
    lands are counted while the ability resolves, before state-based actions, so a second copy
    of a legendary land put this way still counts.
    """
    land = choices.get("land")
    if land is not None and (land.zone != "hand" or land.owner != me.controller
                             or "Land" not in land.types):
        raise IllegalActionError(f"{possessive(me.name)} ability can put only a land card from "
                                 f"{me.controller}'s hand")
    game._tap_for_cost(me)
    if land is not None:
        with game._no_state_checks():
            game.move(land, "battlefield")
    lands = sum("Land" in o.types for o in game.objects("battlefield", me.controller))
    with game._no_state_checks():
        if lands >= 10:
            game._say(f"{me.controller} controls {lands} lands (ten or more).")
            game.flip(me)
        else:
            game._say(f"{me.controller} controls {lands} lands; ten are needed to flip.")


def orochi_eggwatcher(game: Game, me: GameObject, choices: dict[str, Any]) -> None:
    """{2}{G}, {T}: Create a 1/1 green Snake creature token. If you control ten or more
    creatures, flip it."""
    game._tap_for_cost(me)
    game.create_token("Snake", me.controller)
    creatures = sum("Creature" in o.types for o in game.objects("battlefield", me.controller))
    if creatures >= 10:
        game._say(f"{me.controller} controls {creatures} creatures (ten or more).")
        game.flip(me)
    else:
        game._say(f"{me.controller} controls {creatures} creatures; ten are needed to flip.")


# --- Betrayers of Kamigawa: ki counters --------------------------------------------------------

def betrayer(game: Game, me: GameObject, event: Event) -> Trigger | None:
    """Whenever you cast a Spirit or Arcane spell, you may put a ki counter on it. At the
    beginning of the end step, if there are two or more ki counters on it, you may flip it.

    Both abilities are "may": the controller can decline either (``decline=``).
    """
    if (event.kind == "cast" and event.player == me.controller
            and ({"Spirit", "Arcane"} & set(event.subtypes))):
        return Trigger(me, "its controller cast a Spirit or Arcane spell",
                       lambda: game.add_counters(me, "ki", 1), may=True)
    if event.kind == "end_step":
        def two_ki() -> bool:
            return me.counters.get("ki", 0) >= 2

        if two_ki():
            return _flip_trigger(game, me, "it has two or more ki counters at the end step",
                                 condition=two_ki, may=True)
    return None


# --- Saviors of Kamigawa: the Ascendants ------------------------------------------------------

def rune_tail(game: Game, me: GameObject) -> bool:
    """When you have 30 or more life, flip Rune-Tail (a state trigger, rule 603.8)."""
    return game.life(me.controller) >= 30


def erayo(game: Game, me: GameObject, event: Event) -> Trigger | None:
    """Whenever the fourth spell of a turn is cast, flip Erayo.

    Rulings: spells cast before Erayo entered this turn count; if Erayo itself is the fourth
    spell it is not on the battlefield when it is cast, so it does not see it.
    """
    if event.kind == "cast" and event.number == 4:
        return _flip_trigger(game, me, "the fourth spell of the turn was cast")
    return None


def kuon(game: Game, me: GameObject, event: Event) -> Trigger | None:
    """At the beginning of the end step, if three or more creatures died this turn, flip Kuon.

    Ruling: creatures that died before Kuon entered this turn count.
    """
    if event.kind != "end_step":
        return None

    def three_died() -> bool:
        return game.creatures_died_this_turn >= 3

    if three_died():
        return _flip_trigger(game, me, f"{game.creatures_died_this_turn} creatures died this turn",
                             condition=three_died)
    return None


def homura(game: Game, me: GameObject, event: Event) -> Trigger | None:
    """When Homura, Human Ascendant dies, return it to the battlefield flipped.

    It returns as a new object (rule 400.7) that enters flipped: Homura's Essence.
    """
    if event.kind == "dies" and event.ref is not None and event.ref[0] == me._key:
        dead = event.ref[0], event.ref[1] + 1  # the card as it is now, in the graveyard

        def back() -> None:
            if game._ref(me) == dead and me.zone == "graveyard":
                # A copy of Homura that dies returns its own card; only a flip card can flip.
                game.move(me, "battlefield", flipped=me.card.is_flip_card)

        return Trigger(me, "it died", back, follows_source=False)
    return None


def sasaya(game: Game, me: GameObject, choices: dict[str, Any]) -> None:
    """Reveal your hand: If you have seven or more land cards in your hand, flip it."""
    hand = game.reveal_hand(me.controller)
    lands = sum("Land" in o.types for o in hand)
    if lands >= 7:
        game._say(f"The revealed hand holds {lands} land cards (seven or more).")
        game.flip(me)
    else:
        game._say(f"The revealed hand holds {lands} land card{'s' * (lands != 1)}; seven are "
                  "needed to flip.")


# --- Unhinged ---------------------------------------------------------------------------------

def fire_penguin(game: Game, me: GameObject, event: Event) -> Trigger | None:
    """Curse of the Fire Penguin, flipped: when this creature dies, return the card from the
    graveyard to the battlefield.

    What is simulated: the Aura's "enchant creature" (it falls off a noncreature), the flip
    instruction (no printed condition flips it), and this return. It comes back unflipped, as
    an Aura, attached to the oldest creature on the battlefield (if there is none, it goes to
    the graveyard again as a state-based action). What is not: the joke's "consumes and confuses".
    """
    if event.kind == "dies" and event.ref is not None and event.ref[0] == me._key:
        dead = event.ref[0], event.ref[1] + 1

        def back() -> None:
            if game._ref(me) == dead and me.zone == "graveyard":
                hosts = [o for o in game.objects("battlefield") if "Creature" in o.types]
                # "It" is this object's card: a copy that dies returns its own card, which
                # is attached only if it is an Aura.
                aura = "Aura" in me.card.normal.subtypes
                game.move(me, "battlefield", attach_to=hosts[0] if hosts and aura else None)

        return Trigger(me, "it died", back, follows_source=False)
    return None


TriggerFn = Callable[["Game", "GameObject", Event], "Trigger | None"]
StateFn = Callable[["Game", "GameObject"], bool]
ActivatedFn = Callable[["Game", "GameObject", dict[str, Any]], None]

TRIGGERED: dict[str, TriggerFn] = {
    "Bushi Tenderfoot": bushi_tenderfoot,
    "Kitsune Mystic": kitsune_mystic,
    "Akki Lavarunner": akki_lavarunner,
    "Faithful Squire": betrayer,
    "Callow Jushi": betrayer,
    "Hired Muscle": betrayer,
    "Cunning Bandit": betrayer,
    "Budoka Pupil": betrayer,
    "Erayo, Soratami Ascendant": erayo,
    "Kuon, Ogre Ascendant": kuon,
    "Homura, Human Ascendant": homura,
    "Curse of the Fire Penguin Creature": fire_penguin,
}
# name -> (the condition, the reason the log gives when it triggers)
STATE_TRIGGERED: dict[str, tuple[StateFn, str]] = {
    "Student of Elements": (student_of_elements, "it has flying"),
    "Rune-Tail, Kitsune Ascendant": (rune_tail, "its controller has 30 or more life"),
}
ACTIVATED: dict[str, ActivatedFn] = {
    "Jushi Apprentice": jushi_apprentice,
    "Nezumi Graverobber": nezumi_graverobber,
    "Nezumi Shortfang": nezumi_shortfang,
    "Initiate of Blood": initiate_of_blood,
    "Budoka Gardener": budoka_gardener,
    "Orochi Eggwatcher": orochi_eggwatcher,
    "Sasaya, Orochi Ascendant": sasaya,
}
