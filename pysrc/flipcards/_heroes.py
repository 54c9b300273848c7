"""Heroic conditions: what makes each of the 21 flip cards flip (rule 508.1a).

Abilities belong to a *half*: a permanent has the abilities of the half it shows. So the
flipping abilities live on the normal half and stop working once it has flipped, and the
flipped half of Curse of the Fire Penguin has an ability of its own.

Three kinds of ability are registered here by the name of the half that has it:

- :data:`TRIGGERED`: a function called for each game event while the permanent shows that
  half; it returns the triggered ability, if the event makes it trigger (rule 603).
- :data:`STATE_TRIGGERED`: a condition checked whenever a player would receive priority; when
  it becomes true the ability triggers once (rule 603.8).
- :data:`ACTIVATED`: what :meth:`Game.activate` does for that half: the costs it pays and the
  targets it checks when activated (mana costs are not modelled; a {T} is: the permanent must
  be untapped and becomes tapped), and what it does when it resolves (rule 602).

Abilities act on the game only through :class:`~flipcards._events.Rules`. Each function's
docstring cites the ruling it follows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ._cards import possessive, protected_from
from ._errors import IllegalActionError
from ._events import Event, Rules, StackItem
from ._objects import GameObject

__all__ = ["ACTIVATED", "STATE_TRIGGERED", "TRIGGERED", "Activated", "check_protection",
           "state_trigger"]


@dataclass(frozen=True)
class Activated:
    """An activated ability: ``pay`` checks its targets and pays its costs when it is
    activated; ``resolve`` does what it says when it resolves (rule 602.2, 608.2)."""

    text: str
    pay: Callable[[Rules, GameObject, dict[str, Any]], None]
    resolve: Callable[[Rules, StackItem, dict[str, Any]], None]
    mana: str = ""        # its mana cost, paid from the pool when the game pays costs
    #: A choice made only as it resolves (608.2): the name of the activation's field that may
    #: announce it ahead ("to", "land", "discard"), and what makes a chosen object legal.
    choice: str = ""
    legal_choice: Callable[[Rules, StackItem, dict[str, Any], GameObject], str] | None = None


def state_trigger(game: Rules, me: GameObject, name: str) -> StackItem:
    """The ability of a state trigger (rule 603.8) such as "when Student of Elements has
    flying, flip it". It triggers once; it has no intervening "if", so when it resolves it
    flips the permanent whether or not the state still holds."""
    _, why = STATE_TRIGGERED[name]

    def resolve(item: StackItem) -> None:
        if not game._flip_source(item):
            game._endless_state_trigger(item, name)

    return StackItem(me, why, resolve, state=True)


def _flip_trigger(game: Rules, me: GameObject, why: str,
                  condition: Callable[[], bool] | None = None, may: bool = False) -> StackItem:
    return StackItem(me, why, lambda item: game._flip_source(item), may=may, condition=condition)


# --- Champions of Kamigawa ------------------------------------------------------------------

def bushi_tenderfoot(game: Rules, me: GameObject, event: Event) -> StackItem | None:
    """When a creature dealt damage by Bushi Tenderfoot this turn dies, flip it.

    The damage must come from this very object this turn (a new object has no history), and
    a source that would deal 0 damage deals none (rule 120.8).
    """
    if event.kind == "dies" and game._ref(me) in event.damaged_by:
        return _flip_trigger(game, me, f"a creature it damaged this turn ({event.name}) "
                             + game._wording("died", "was put into a graveyard"))
    return None


def kitsune_mystic(game: Rules, me: GameObject, event: Event) -> StackItem | None:
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


def _tap(game: Rules, me: GameObject, choices: dict[str, Any]) -> None:
    """The cost {T} (mana in the cost is not modelled)."""
    game._tap_for_cost(me)


def _resolve_jushi_apprentice(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """{2}{U}, {T}: Draw a card. Then if you have nine or more cards in hand, flip it.

    The hand is counted after the draw, when the ability resolves.
    """
    player = item.controller
    game.draw(player)
    in_hand = len(game.objects("hand", player))
    if in_hand >= 9:
        game._say(f"{player} has {in_hand} cards in hand (nine or more).")
        game._flip_source(item)
    else:
        game._say(f"{player} has {in_hand} cards in hand; nine are needed to flip.")


def student_of_elements(game: Rules, me: GameObject) -> bool:
    """When Student of Elements has flying, flip it (a state trigger, rule 603.8).

    Any source of flying counts: an effect that grants it, an Aura, …
    """
    return "Flying" in me.keywords


def _graverobber_target(game: Rules, me: GameObject, choices: dict[str, Any]) -> None:
    """Target card in an opponent's graveyard (checked when activated and on resolution)."""
    target = choices.get("target")
    if (not isinstance(target, GameObject) or target.zone != "graveyard"
            or target.owner == me.controller):
        raise IllegalActionError(f"{possessive(me.name)} ability needs a target card in an "
                                 "opponent's graveyard")
    choices["target_ref"] = game._ref(target)


def _resolve_nezumi_graverobber(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """{1}{B}: Exile target card from an opponent's graveyard. If no cards are in that
    graveyard, flip it.

    If the target has left the graveyard, the ability does nothing (rule 608.2b); otherwise
    the graveyard is checked after the card is exiled.
    """
    target: GameObject = choices["target"]
    if game._ref(target) != choices["target_ref"]:
        game._say(f"{possessive(item.source.name)} ability does nothing: its target has left "
                  "the graveyard (rule 608.2b).")
        return
    game.move(target, "exile")
    left = len(game.objects("graveyard", target.owner))
    if left == 0:
        game._say(f"{target.owner}'s graveyard is empty.")
        game._flip_source(item)
    else:
        game._say(f"{target.owner}'s graveyard still holds {left} card{'s' * (left != 1)}.")


def _shortfang_target(game: Rules, me: GameObject, choices: dict[str, Any]) -> None:
    """Target opponent; {T}."""
    player = choices.get("target")
    if not isinstance(player, str) or player == me.controller:
        raise IllegalActionError(f"{possessive(me.name)} ability needs a target opponent "
                                 "(a player's name)")
    game._player(player)
    chosen = choices.get("discard")
    if chosen is not None and (chosen.zone != "hand" or chosen.owner != player):
        raise IllegalActionError(f"{player} can discard only a card from {player}'s hand")
    game._tap_for_cost(me)


def _resolve_nezumi_shortfang(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """{1}{B}, {T}: Target opponent discards a card. Then if that player has no cards in
    hand, flip it.

    The opponent chooses the card (``discard=``; by default the oldest card in hand).
    """
    player: str = choices["target"]
    hand = game.objects("hand", player)
    chosen = choices.get("discard")
    if chosen is None or chosen not in hand:
        chosen = hand[0] if hand else None
    if chosen is not None:
        game.discard(chosen)
    else:
        game._say(f"{player} has no card to discard.")
    if not game.objects("hand", player):
        game._say(f"{player} has no cards in hand.")
        game._flip_source(item)


def akki_lavarunner(game: Rules, me: GameObject, event: Event) -> StackItem | None:
    """Whenever Akki Lavarunner deals damage to an opponent, flip it."""
    if (event.kind == "damage" and event.source == game._ref(me) and event.player is not None
            and event.player != me.controller and event.amount > 0):
        return _flip_trigger(game, me, f"it dealt damage to {event.player}, an opponent")
    return None


def check_protection(source: GameObject, target: GameObject) -> None:
    """A permanent with protection from a color cannot be the target of abilities from a
    source of that color (702.16b; 2004: 502.7b)."""
    color = protected_from(target.keywords, source.colors, target.name)
    if color:
        raise IllegalActionError(f"{target.name} has protection from {color}, so "
                                 f"{possessive(source.name)} ability cannot target it "
                                 "(rule 702.16b)")


def _initiate_target(game: Rules, me: GameObject, choices: dict[str, Any]) -> None:
    """Target creature that was dealt damage this turn; {T}."""
    target = choices.get("target")
    if (not isinstance(target, GameObject) or target.zone != "battlefield"
            or "Creature" not in target.types):
        raise IllegalActionError(f"{possessive(me.name)} ability needs a target creature")
    check_protection(me, target)
    if not game.was_damaged_this_turn(target):
        raise IllegalActionError(f"{target.name} was not dealt damage this turn, so it is not a "
                                 f"legal target for {possessive(me.name)} ability")
    choices["target_ref"] = game._ref(target)
    game._tap_for_cost(me)


def _resolve_initiate_of_blood(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """{T}: Deal 1 damage to target creature that was dealt damage this turn. When that
    creature dies this turn, flip Initiate of Blood.

    The delayed trigger (rule 603.7) watches that creature, as the object it is now, for the
    rest of the turn, and flips the Initiate only if it is still the object that activated
    the ability: if the Initiate left the battlefield and came back, it is a new object.
    """
    target: GameObject = choices["target"]
    if (game._ref(target) != choices["target_ref"] or "Creature" not in target.types
            or not game.was_damaged_this_turn(target)
            or protected_from(target.keywords, item.source.colors, target.name)):
        game._say(f"{possessive(item.source.name)} ability does nothing: its target is no "
                  "longer legal (rule 608.2b).")
        return
    name = target.name

    def when_it_dies() -> StackItem:
        return StackItem(item.source, f"{name}, which it damaged this turn, "
                         + game._wording("died", "was put into a graveyard"),
                         lambda delayed: game._flip_source(delayed),
                         controller=item.controller, source_ref=item.source_ref)

    game.deal_damage(item.source, target, 1)
    game._delayed_on_death(target, when_it_dies)


def _shortfang_choice(game: Rules, item: StackItem, choices: dict[str, Any],
                      card: GameObject) -> str:
    """As it resolves, the opponent chooses a card in their hand (why another is not one)."""
    player = choices["target"]
    return "" if card.zone == "hand" and card.owner == player else \
        f"{player} can discard only a card from {player}'s hand"


def _gardener_choice(game: Rules, item: StackItem, choices: dict[str, Any],
                     land: GameObject) -> str:
    """As it resolves, its controller may choose a land card in their hand."""
    return "" if land.zone == "hand" and land.owner == item.controller and \
        "Land" in land.types else \
        f"{possessive(item.source.name)} ability can put only a land card from " \
        f"{item.controller}'s hand"


def _gardener_land(game: Rules, me: GameObject, choices: dict[str, Any]) -> None:
    """The land it may put must be a land card in its controller's hand; {T}."""
    land = choices.get("land")
    if land is not None and (land.zone != "hand" or land.owner != me.controller
                             or "Land" not in land.types):
        raise IllegalActionError(f"{possessive(me.name)} ability can put only a land card from "
                                 f"{me.controller}'s hand")
    game._tap_for_cost(me)


def _resolve_budoka_gardener(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """{T}: You may put a land card from your hand onto the battlefield. If you control ten
    or more lands, flip it.

    Rulings: it flips with ten lands even if no land was put (the land is optional), and the
    lands are counted while the ability resolves, before state-based actions, so a second copy
    of a legendary land put this way still counts.
    """
    player = item.controller
    land = choices.get("land")
    if land is not None and land.zone == "hand":
        game.move(land, "battlefield")
    lands = sum("Land" in o.types for o in game.objects("battlefield", player))
    if lands >= 10:
        game._say(f"{player} controls {lands} lands (ten or more).")
        game._flip_source(item)
    else:
        game._say(f"{player} controls {lands} lands; ten are needed to flip.")


def _resolve_orochi_eggwatcher(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """{2}{G}, {T}: Create a 1/1 green Snake creature token. If you control ten or more
    creatures, flip it."""
    player = item.controller
    game.create_token("Snake", player)
    creatures = sum("Creature" in o.types for o in game.objects("battlefield", player))
    if creatures >= 10:
        game._say(f"{player} controls {creatures} creatures (ten or more).")
        game._flip_source(item)
    else:
        game._say(f"{player} controls {creatures} creatures; ten are needed to flip.")


# --- Betrayers of Kamigawa: ki counters --------------------------------------------------------

def betrayer(game: Rules, me: GameObject, event: Event) -> StackItem | None:
    """Whenever you cast a Spirit or Arcane spell, you may put a ki counter on it. At the
    beginning of the end step, if there are two or more ki counters on it, you may flip it.

    Both abilities are "may": the controller can decline either (``decline=``).
    """
    if (event.kind == "cast" and event.player == me.controller
            and ({"Spirit", "Arcane"} & set(event.subtypes))):
        return StackItem(me, "its controller cast a Spirit or Arcane spell",
                         lambda item: game.add_counters(me, "ki", 1), may=True)
    if event.kind == "end_step":
        def two_ki() -> bool:
            return me.counters.get("ki", 0) >= 2

        if two_ki():
            return _flip_trigger(game, me, "it has two or more ki counters at the end step",
                                 condition=two_ki, may=True)
    return None


# --- Saviors of Kamigawa: the Ascendants ------------------------------------------------------

def rune_tail(game: Rules, me: GameObject) -> bool:
    """When you have 30 or more life, flip Rune-Tail (a state trigger, rule 603.8)."""
    return game.life(me.controller) >= 30


def erayo(game: Rules, me: GameObject, event: Event) -> StackItem | None:
    """Whenever the fourth spell of a turn is cast, flip Erayo.

    Rulings: spells cast before Erayo entered this turn count; if Erayo itself is the fourth
    spell it is not on the battlefield when it is cast, so it does not see it.
    """
    if event.kind == "cast" and event.number == 4:
        return _flip_trigger(game, me, "the fourth spell of the turn was cast")
    return None


def kuon(game: Rules, me: GameObject, event: Event) -> StackItem | None:
    """At the beginning of the end step, if three or more creatures died this turn, flip Kuon.

    Ruling: creatures that died before Kuon entered this turn count.
    """
    if event.kind != "end_step":
        return None

    def three_died() -> bool:
        return game.creatures_died_this_turn >= 3

    if three_died():
        return _flip_trigger(game, me, f"{game.creatures_died_this_turn} creatures "
                             + game._wording("died", "were put into graveyards from play")
                             + " this turn",
                             condition=three_died)
    return None


def _returner(game: Rules, me: GameObject, event: Event, *, flipped: bool,
              attach: bool = False) -> StackItem | None:
    """"When this dies, return it to the battlefield": ``it`` is the card that died, as the
    new object it is in the graveyard; if it has left the graveyard, nothing returns.

    Who controls it: the player who put it onto the battlefield — the controller of the
    ability, who controlled the permanent when it died (today 603.3a, 110.2a; in 2004 "a
    permanent's controller is the player who put it into play").
    """
    if not (event.kind == "dies" and event.ref is not None and event.ref[0] == me._key):
        return None
    dead = event.ref[0], event.ref[1] + 1  # the card as it is now, in the graveyard

    def back(item: StackItem) -> None:
        if game._ref(me) != dead or me.zone != "graveyard":
            game._say(f"{possessive(me.name)} ability does nothing: the card has left the "
                      "graveyard.")
            return
        host = None
        if attach and "Aura" in me.card.normal.subtypes:
            hosts = [o for o in game.objects("battlefield") if "Creature" in o.types]
            host = hosts[0] if hosts else None
        game.move(me, "battlefield", flipped=flipped, attach_to=host, controller=item.controller)

    return StackItem(me, game._wording("it died", "it was put into a graveyard from play"), back,
                     follows_source=False)


def homura(game: Rules, me: GameObject, event: Event) -> StackItem | None:
    """When Homura, Human Ascendant dies, return it to the battlefield flipped.

    It returns as a new object (rule 400.7) with flipped status: Homura's Essence. "Flipped"
    is a status, not a half: a copy of Homura (a card that had become a copy of it) returns
    as the card it is, with flipped status; it shows its own normal half, and if it later
    becomes a copy of a flip card, today's rules give it that card's flipped half (707.3).
    """
    return _returner(game, me, event, flipped=True)


def _reveal(game: Rules, me: GameObject, choices: dict[str, Any]) -> None:
    """The cost: reveal your hand."""
    game.reveal_hand(me.controller)


def _resolve_sasaya(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """Reveal your hand: If you have seven or more land cards in your hand, flip it.

    Revealing is the cost, paid when the ability is activated; the lands are counted when it
    resolves.
    """
    hand = game.objects("hand", item.controller)
    lands = sum("Land" in o.types for o in hand)
    if lands >= 7:
        game._say(f"The revealed hand holds {lands} land cards (seven or more).")
        game._flip_source(item)
    else:
        game._say(f"The revealed hand holds {lands} land card{'s' * (lands != 1)}; seven are "
                  "needed to flip.")


# --- Unhinged ---------------------------------------------------------------------------------

def fire_penguin(game: Rules, me: GameObject, event: Event) -> StackItem | None:
    """Curse of the Fire Penguin, flipped: when this creature dies, return the card from the
    graveyard to the battlefield.

    What is simulated: the Aura's "enchant creature" (it falls off a noncreature), the flip
    instruction (no printed condition flips it), and this return. It comes back unflipped, as
    an Aura, attached to the oldest creature on the battlefield (if there is none, it goes to
    the graveyard again as a state-based action); a copy that dies returns its own card, which
    is attached only if it is an Aura. What is not: the joke's "consumes and confuses".
    """
    return _returner(game, me, event, flipped=False, attach=True)


TriggerFn = Callable[[Rules, GameObject, Event], "StackItem | None"]
StateFn = Callable[[Rules, GameObject], bool]

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
ACTIVATED: dict[str, Activated] = {
    "Jushi Apprentice": Activated("draw a card, then flip it if its controller has nine or "
                                  "more cards in hand", _tap, _resolve_jushi_apprentice,
                                  mana="{2}{U}"),
    "Nezumi Graverobber": Activated("exile the target card, then flip it if that graveyard is "
                                    "empty", _graverobber_target, _resolve_nezumi_graverobber,
                                    mana="{1}{B}"),
    "Nezumi Shortfang": Activated("the target opponent discards a card, then flip it if that "
                                  "player's hand is empty", _shortfang_target,
                                  _resolve_nezumi_shortfang, mana="{1}{B}", choice="discard",
                                  legal_choice=_shortfang_choice),
    "Initiate of Blood": Activated("1 damage to the target creature; flip it when that "
                                   "creature dies this turn", _initiate_target,
                                   _resolve_initiate_of_blood),
    "Budoka Gardener": Activated("put a land card from hand, then flip it if its controller "
                                 "controls ten or more lands", _gardener_land,
                                 _resolve_budoka_gardener, choice="land",
                                 legal_choice=_gardener_choice),
    "Orochi Eggwatcher": Activated("create a Snake token, then flip it if its controller "
                                   "controls ten or more creatures", _tap,
                                   _resolve_orochi_eggwatcher, mana="{2}{G}"),
    "Sasaya, Orochi Ascendant": Activated("flip it if the revealed hand holds seven or more "
                                          "land cards", _reveal, _resolve_sasaya),
}
