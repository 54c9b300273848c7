"""Champions of Kamigawa (CHK): the records of its ten flip cards' halves.

Each function's docstring gives the printed ability and cites the ruling it follows.
"""

from __future__ import annotations

from collections.abc import Callable

from .._abilities import TARGET_RULE, creature_target, creatures_of, not_a_target, pump, still_legal
from .._card_rules import CardRules, Choices
from .._cards import possessive, untargetable
from .._effects import Effect, Layer
from .._errors import IllegalActionError
from .._events import Event, StackItem
from .._heroes import Activated, check_protection, flip_if_at_least, flip_trigger, tap_cost
from .._objects import GameObject
from ._record import CardRecord, DamageChange, StateTrigger

__all__ = ["RECORDS"]


def bushi_tenderfoot(game: CardRules, me: GameObject, event: Event) -> StackItem | None:
    """When a creature dealt damage by Bushi Tenderfoot this turn dies, flip it.

    The damage must come from this very object this turn (a new object has no history), and
    a source that would deal 0 damage deals none (rule 120.8).
    """
    if event.kind == "dies" and game.ref(me) in event.damaged_by:
        return flip_trigger(game, me, f"a creature it damaged this turn ({event.name}) "
                            + game.wording("died", "was put into a graveyard"))
    return None


def kitsune_mystic(game: CardRules, me: GameObject, event: Event) -> StackItem | None:
    """At the beginning of the end step, if it is enchanted by two or more Auras, flip it.

    An intervening "if" (rule 603.4): checked when the end step begins and again on resolution.
    """
    if event.kind != "end_step":
        return None

    def enchanted_twice() -> bool:
        return len(game.auras_on(me)) >= 2

    if enchanted_twice():
        return flip_trigger(game, me, "it is enchanted by two or more Auras at the "
                            + game.wording("end step", "end of turn"),
                            condition=enchanted_twice)
    return None


def _resolve_jushi_apprentice(game: CardRules, item: StackItem, choices: Choices) -> None:
    """{2}{U}, {T}: Draw a card. Then if you have nine or more cards in hand, flip it.

    The hand is counted after the draw, when the ability resolves.
    """
    game.draw(item.controller)
    flip_if_at_least(game, item, lambda player: len(game.objects("hand", player)),
                     9, "nine", "has {} card{s} in hand")


def student_of_elements(game: CardRules, me: GameObject) -> bool:
    """When Student of Elements has flying, flip it (a state trigger, rule 603.8).

    Any source of flying counts: an effect that grants it, an Aura, …
    """
    return "Flying" in me.keywords


def _graverobber_target(game: CardRules, me: GameObject, choices: Choices) -> Choices:
    """Target card in an opponent's graveyard (checked when activated and on resolution)."""
    target = choices.target
    if (not isinstance(target, GameObject) or target.zone != "graveyard"
            or target.owner == me.controller):
        why = (f": {target.name} is in {possessive(me.controller)} own graveyard "
               f"({TARGET_RULE})" if isinstance(target, GameObject)
               and target.zone == "graveyard" else not_a_target(game, target, "card",
                                                                "graveyard"))
        raise IllegalActionError(f"{possessive(me.name)} ability needs a target card in an "
                                 "opponent's graveyard" + why, argument="target")
    return choices.with_target_ref(game.ref(target))


def _resolve_nezumi_graverobber(game: CardRules, item: StackItem, choices: Choices) -> None:
    """{1}{B}: Exile target card from an opponent's graveyard. If no cards are in that
    graveyard, flip it.

    If the target has left the graveyard, the ability does nothing (rule 608.2b); otherwise
    the graveyard is checked after the card is exiled.
    """
    target = choices.target_object
    if game.ref(target) != choices.target_ref:
        game.say(f"{possessive(item.named)} ability does nothing: its target has left "
                 "the graveyard (rule 608.2b; 2004: 413.2a).")
        return
    game.move(target, "exile")
    left = len(game.objects("graveyard", target.owner))
    if left == 0:
        game.say(f"{target.owner}'s graveyard is empty.")
        game.flip_source(item)
    else:
        game.say(f"{target.owner}'s graveyard still holds {left} card{'s' * (left != 1)}.")


def _shortfang_target(game: CardRules, me: GameObject, choices: Choices) -> Choices:
    """Target opponent; {T}."""
    player = choices.target
    if not isinstance(player, str) or player == me.controller:
        why = (f": {player} controls {me.name} ({TARGET_RULE})" if player == me.controller
               else not_a_target(game, player, "player"))
        raise IllegalActionError(f"{possessive(me.name)} ability needs a target opponent "
                                 "(a player's name)" + why, argument="target")
    game.player(player)
    chosen = choices.discard
    if chosen is not None and (chosen.zone != "hand" or chosen.owner != player):
        raise IllegalActionError(f"{player} can discard only a card from {player}'s hand")
    game.tap_for_cost(me)
    return choices


def _resolve_nezumi_shortfang(game: CardRules, item: StackItem, choices: Choices) -> None:
    """{1}{B}, {T}: Target opponent discards a card. Then if that player has no cards in
    hand, flip it.

    The opponent chooses the card (``discard=``; by default the oldest card in hand).
    """
    player = choices.target_player
    hand = game.objects("hand", player)
    chosen = choices.discard
    if chosen is None or chosen not in hand:
        chosen = hand[0] if hand else None
    if chosen is not None:
        game.discard(chosen)
    else:
        game.say(f"{player} has no card to discard.")
    if not game.objects("hand", player):
        game.say(f"{player} has no cards in hand.")
        game.flip_source(item)


def akki_lavarunner(game: CardRules, me: GameObject, event: Event) -> StackItem | None:
    """Whenever Akki Lavarunner deals damage to an opponent, flip it."""
    if (event.kind == "damage" and event.source == game.ref(me) and event.player is not None
            and event.player != me.controller and event.amount > 0):
        return flip_trigger(game, me, f"it dealt damage to {event.player}, an opponent")
    return None


def _initiate_target(game: CardRules, me: GameObject, choices: Choices) -> Choices:
    """Target creature that was dealt damage this turn; {T}."""
    target = choices.target
    if (not isinstance(target, GameObject) or target.zone != "battlefield"
            or "Creature" not in target.types):
        raise IllegalActionError(f"{possessive(me.name)} ability needs a target creature "
                                 f"{game.zone_phrase('battlefield', '')}"
                                 + not_a_target(game, target, "creature"), argument="target")
    check_protection(game, me, target)
    if not game.was_damaged_this_turn(target):
        raise IllegalActionError(f"{target.name} was not dealt damage this turn, so it is not a "
                                 f"legal target for {possessive(me.name)} ability ({TARGET_RULE})",
                                 argument="target")
    choices = choices.with_target_ref(game.ref(target))
    game.tap_for_cost(me)
    return choices


def _resolve_initiate_of_blood(game: CardRules, item: StackItem, choices: Choices) -> None:
    """{T}: Deal 1 damage to target creature that was dealt damage this turn. When that
    creature dies this turn, flip Initiate of Blood.

    The delayed trigger (rule 603.7) watches that creature, as the object it is now, for the
    rest of the turn, and flips the Initiate only if it is still the object that activated
    the ability: if the Initiate left the battlefield and came back, it is a new object.
    """
    target = choices.target_object
    if (game.ref(target) != choices.target_ref or "Creature" not in target.types
            or not game.was_damaged_this_turn(target)
            or untargetable(target.keywords, target.name, game.source_colors(item),
                            opponent=item.controller != target.controller,
                            edition=game.edition)):
        game.say(f"{possessive(item.named)} ability does nothing: its target is no "
                 "longer legal (rule 608.2b; 2004: 413.2a).")
        return
    name = target.name

    def when_it_dies() -> StackItem:
        return StackItem(item.source, f"{name}, the target of its ability this turn, "
                         + game.wording("died", "was put into a graveyard"),
                         lambda delayed: game.flip_source(delayed),
                         controller=item.controller, source_ref=item.source_ref,
                         does="flip it")

    game.source_deals_damage(item, target, 1)
    game.delayed_on_death(target, when_it_dies)


def _shortfang_choice(game: CardRules, item: StackItem, choices: Choices,
                      card: GameObject) -> str:
    """As it resolves, the opponent chooses a card in their hand (why another is not one)."""
    player = choices.target_player
    return "" if card.zone == "hand" and card.owner == player else \
        f"{player} can discard only a card from {player}'s hand"


def _gardener_choice(game: CardRules, item: StackItem, choices: Choices,
                     land: GameObject) -> str:
    """As it resolves, its controller may choose a land card in their hand."""
    return "" if land.zone == "hand" and land.owner == item.controller and \
        "Land" in land.types else \
        f"{possessive(item.named)} ability can put only a land card from " \
        f"{item.controller}'s hand"


def _gardener_land(game: CardRules, me: GameObject, choices: Choices) -> Choices:
    """The land it may put must be a land card in its controller's hand; {T}."""
    land = choices.land
    if land is not None and (land.zone != "hand" or land.owner != me.controller
                             or "Land" not in land.types):
        raise IllegalActionError(f"{possessive(me.name)} ability can put only a land card from "
                                 f"{me.controller}'s hand")
    game.tap_for_cost(me)
    return choices


def _controls(game: CardRules, kind: str) -> Callable[[str], int]:
    """Counts the permanents of the card type ``kind`` that a player controls."""
    return lambda player: sum(kind in o.types for o in game.objects("battlefield", player))


def _resolve_budoka_gardener(game: CardRules, item: StackItem, choices: Choices) -> None:
    """{T}: You may put a land card from your hand onto the battlefield. If you control ten
    or more lands, flip it.

    Rulings: it flips with ten lands even if no land was put (the land is optional), and the
    lands are counted while the ability resolves, before state-based actions, so a second copy
    of a legendary land put this way still counts.
    """
    land = choices.land
    if land is not None and land.zone == "hand":
        game.move(land, "battlefield")
    flip_if_at_least(game, item, _controls(game, "Land"), 10, "ten", "controls {} land{s}")


def _resolve_orochi_eggwatcher(game: CardRules, item: StackItem, choices: Choices) -> None:
    """{2}{G}, {T}: Create a 1/1 green Snake creature token. If you control ten or more
    creatures, flip it."""
    game.create_token("Snake", item.controller)
    flip_if_at_least(game, item, _controls(game, "Creature"), 10, "ten",
                     "controls {} creature{s}")


def _autumn_tail_target(game: CardRules, me: GameObject, choices: Choices) -> Choices:
    """Only the Aura is a target; the creature it moves to is chosen as the ability resolves.
    One announced now (``to``) must be another creature now, and is chosen then if it still
    can be."""
    aura, to = choices.target, choices.to
    if not isinstance(aura, GameObject) or not _on_a_creature(aura):
        raise IllegalActionError(f"{possessive(me.name)} ability needs a target Aura attached "
                                 "to a creature" + _not_an_attached_aura(game, aura),
                                 argument="target")
    check_protection(game, me, aura)         # shroud, hexproof, protection from white
    if to is not None:
        why = (_cannot_move_to(game, aura, to) if isinstance(to, GameObject)
               else f"{to} is a player, not a creature")
        if why:
            raise IllegalActionError(f"{possessive(me.name)} ability moves the Aura to a "
                                     f"different creature it could enchant: {why}",
                                     argument="to")
    return choices.with_target_ref(game.ref(aura))


def _on_a_creature(aura: GameObject) -> bool:
    """Whether ``aura`` is what Autumn-Tail targets: an Aura attached to a creature."""
    return ("Aura" in aura.subtypes and aura.attached_to is not None
            and "Creature" in aura.attached_to.types)


def _not_an_attached_aura(game: CardRules, target: object) -> str:
    """Why ``target`` is not an Aura attached to a creature, and the rule (see
    :func:`not_a_target`)."""
    if not isinstance(target, GameObject) or target.zone != "battlefield" \
            or "Aura" not in target.subtypes:
        return not_a_target(game, target, "Aura")
    return f": {target.name} is not attached to a creature ({TARGET_RULE})"


def _cannot_move_to(game: CardRules, aura: GameObject, to: GameObject) -> str:
    """Why Autumn-Tail could not move ``aura`` onto ``to``: it must be a creature on the
    battlefield other than the one the Aura is on, that the Aura could enchant (701.3b)."""
    if to.zone != "battlefield" or "Creature" not in to.types:
        return f"{to.name} is not a creature {game.zone_phrase('battlefield', '')}"
    if to == aura.attached_to:
        return f"{aura.name} is already attached to {to.name}: choose another creature"
    return game.cannot_enchant(aura, to)


def _autumn_tail_choice(game: CardRules, item: StackItem, choices: Choices,
                        to: GameObject) -> str:
    """As it resolves: :func:`_cannot_move_to` for the target Aura."""
    return _cannot_move_to(game, choices.target_object, to)


def _resolve_autumn_tail(game: CardRules, item: StackItem, choices: Choices) -> None:
    """Autumn-Tail: {1}: attach target Aura attached to a creature to another creature. The
    Aura is checked again (608.2b): still there, still an Aura on a creature, and still one
    the ability could target; the creature is chosen now (by default the oldest other
    creature the Aura can be moved to, or the one announced at activation if it still can;
    if it cannot, the log says why)."""
    aura, to = choices.target_object, choices.to
    if game.ref(aura) != choices.target_ref or aura.zone != "battlefield":
        game.say(f"{possessive(item.named)} ability does nothing: its target Aura has "
                 "left (rule 608.2b; 2004: 413.2a).")
        return
    if not _on_a_creature(aura):
        game.say(f"{possessive(item.named)} ability does nothing: its target is no longer an "
                 "Aura attached to a creature (rule 608.2b; 2004: 413.2a).")
        return
    if still_legal(game, item, choices, kind="") is None:   # shroud, hexproof, protection
        return
    why = _autumn_tail_choice(game, item, choices, to) if to is not None else ""
    if to is not None and why:
        game.say(f"{item.controller} cannot choose {to.name} now: {why}.")
    if to is None or why:
        others = [c for c in game.objects("battlefield") if "Creature" in c.types
                  and c != aura.attached_to and not game.cannot_enchant(aura, c)]
        if not others:
            game.say(f"{possessive(item.named)} ability does nothing: there is no other "
                     "creature the Aura could be moved to.")
            return
        to = others[0]
    game.say(f"{item.controller} chooses {to.name} as the ability resolves.")
    game.attach(aura, to)     # not to a creature it could not enchant (701.3b)


def _tomoya_target(game: CardRules, me: GameObject, choices: Choices) -> Choices:
    player = choices.target
    if not isinstance(player, str):
        raise IllegalActionError(f"{possessive(me.name)} ability needs a target player"
                                 + not_a_target(game, player, "player"), argument="target")
    game.player(player)
    game.tap_for_cost(me)
    return choices


def _resolve_tomoya(game: CardRules, item: StackItem, choices: Choices) -> None:
    """Tomoya: target player draws X cards, X the number of cards in your hand (on
    resolution)."""
    count = len(game.objects("hand", item.controller))
    game.say(f"{item.controller} has {count} card{'s' * (count != 1)} in hand.")
    game.draw(choices.target_player, count)


def _tobita(name: str, controller: str, timestamp: int) -> list[Effect]:
    """Tobita, Master of Winds: creatures you control have flying (layer 6)."""
    return [Effect(label=name, kind="add_keyword", layer=Layer.ABILITY, timestamp=timestamp,
                   filter=creatures_of(controller), target=None, keyword="Flying")]


def _nighteyes_target(game: CardRules, me: GameObject, choices: Choices) -> Choices:
    target = choices.target
    if (not isinstance(target, GameObject) or target.zone != "graveyard"
            or "Creature" not in target.types):
        raise IllegalActionError(f"{possessive(me.name)} ability needs a target creature card "
                                 "in a graveyard"
                                 + not_a_target(game, target, "creature card", "graveyard"),
                                 argument="target")
    return choices.with_target_ref(game.ref(target))


def _resolve_nighteyes(game: CardRules, item: StackItem, choices: Choices) -> None:
    """Nighteyes: put target creature card from a graveyard onto the battlefield under your
    control."""
    target = choices.target_object
    if game.ref(target) != choices.target_ref:
        game.say(f"{possessive(item.named)} ability does nothing: its target has left "
                 "the graveyard (rule 608.2b; 2004: 413.2a).")
        return
    game.move(target, "battlefield", controller=item.controller)


def _stabwhisker(game: CardRules, me: GameObject, event: Event) -> StackItem | None:
    """At the beginning of each opponent's upkeep, that player loses 1 life for each card
    fewer than three in their hand (counted as the ability resolves)."""
    if event.kind != "upkeep" or event.player is None or event.player == me.controller:
        return None
    player = event.player

    def lose(item: StackItem) -> None:
        short = 3 - len(game.objects("hand", player))
        if short > 0:
            game.lose_life(player, short)
        else:
            game.say(f"{player} has three or more cards in hand: no life is lost.")

    return StackItem(me, f"{possessive(player)} upkeep began", lose, follows_source=False,
                     does=f"{player} loses 1 life for each card fewer than three in their hand")


def _goka_target(game: CardRules, me: GameObject, choices: Choices) -> Choices:
    choices = creature_target(game, me, choices)
    target = choices.target_object
    if not game.was_damaged_this_turn(target):
        raise IllegalActionError(f"{target.name} was not dealt damage this turn, so it is not a "
                                 f"legal target for {possessive(me.name)} ability ({TARGET_RULE})",
                                 argument="target")
    game.tap_for_cost(me)
    return choices


def _resolve_goka(game: CardRules, item: StackItem, choices: Choices) -> None:
    """Goka the Unjust: {T}: 4 damage to target creature that was dealt damage this turn."""
    target = still_legal(game, item, choices)
    if target is not None:
        game.source_deals_damage(item, target, 4)


def _resolve_dokai(game: CardRules, item: StackItem, choices: Choices) -> None:
    """Dokai: create an X/X green Elemental creature token, X the number of lands you control
    as the ability resolves."""
    lands = _controls(game, "Land")(item.controller)
    game.create_sized_token("Elemental", item.controller, lands)


def _shidako_cost(game: CardRules, me: GameObject, choices: Choices) -> Choices:
    choices = creature_target(game, me, choices)
    victim = choices.sacrifice
    why = ("none was chosen to sacrifice" if not isinstance(victim, GameObject)
           else f"{victim.name} is not on the battlefield" if victim.zone != "battlefield"
           else f"{victim.name} is not a creature" if "Creature" not in victim.types
           else f"{victim.name} is controlled by {victim.controller}"
           if victim.controller != me.controller else "")
    if why or victim is None:
        raise IllegalActionError(f"{possessive(me.name)} ability costs a creature "
                                 f"{me.controller} controls, sacrificed: {why}",
                                 argument="sacrifice")
    game.sacrifice(victim)
    return choices


RECORDS = (
    CardRecord("Bushi Tenderfoot", triggered=bushi_tenderfoot),
    CardRecord("Kenzo the Hardhearted"),    # double strike and bushido 2, printed keywords
    CardRecord("Kitsune Mystic", triggered=kitsune_mystic),
    CardRecord("Autumn-Tail, Kitsune Sage", activated=Activated(
        "move the target Aura to another creature", _autumn_tail_target, _resolve_autumn_tail,
        mana="{1}", choice="to", legal_choice=_autumn_tail_choice,
        takes=("target", "to"))),
    CardRecord("Jushi Apprentice", activated=Activated(
        "draw a card, then flip it if its controller has nine or more cards in hand", tap_cost,
        _resolve_jushi_apprentice, mana="{2}{U}")),
    CardRecord("Tomoya the Revealer", activated=Activated(
        "the target player draws a card for each card in its controller's hand",
        _tomoya_target, _resolve_tomoya, mana="{3}{U}{U}", takes=("target",))),
    CardRecord("Student of Elements",
               state_trigger=StateTrigger(student_of_elements, "it has flying")),
    CardRecord("Tobita, Master of Winds", static=_tobita),
    CardRecord("Nezumi Graverobber", activated=Activated(
        "exile the target card, then flip it if that graveyard is empty", _graverobber_target,
        _resolve_nezumi_graverobber, mana="{1}{B}", takes=("target",))),
    CardRecord("Nighteyes the Desecrator", activated=Activated(
        "put the target creature card onto the battlefield under the control of the player "
        "who activated it", _nighteyes_target, _resolve_nighteyes, mana="{4}{B}",
        takes=("target",))),
    CardRecord("Nezumi Shortfang", activated=Activated(
        "the target opponent discards a card, then flip it if that player's hand is empty",
        _shortfang_target, _resolve_nezumi_shortfang, mana="{1}{B}", choice="discard",
        legal_choice=_shortfang_choice, takes=("target", "discard"))),
    CardRecord("Stabwhisker the Odious", triggered=_stabwhisker),
    CardRecord("Akki Lavarunner", triggered=akki_lavarunner),
    CardRecord("Tok-Tok, Volcano Born", damage_change=DamageChange(
        "a red source deals 1 more damage to a player (614.1a)", increase_color="R")),
    CardRecord("Initiate of Blood", activated=Activated(
        "1 damage to the target creature; flip it when that creature dies this turn",
        _initiate_target, _resolve_initiate_of_blood, takes=("target",))),
    CardRecord("Goka the Unjust", activated=Activated(
        "4 damage to the target creature", _goka_target, _resolve_goka, takes=("target",))),
    CardRecord("Budoka Gardener", activated=Activated(
        "put a land card from hand, then flip it if its controller controls ten or more lands",
        _gardener_land, _resolve_budoka_gardener, choice="land", legal_choice=_gardener_choice,
        takes=("land",))),
    CardRecord("Dokai, Weaver of Life", activated=Activated(
        "create an X/X Elemental token, X the lands its controller controls", tap_cost,
        _resolve_dokai, mana="{4}{G}{G}")),
    CardRecord("Orochi Eggwatcher", activated=Activated(
        "create a Snake token, then flip it if its controller controls ten or more creatures",
        tap_cost, _resolve_orochi_eggwatcher, mana="{2}{G}")),
    CardRecord("Shidako, Broodmistress", activated=Activated(
        "the target creature gets +3/+3 until end of turn", _shidako_cost, pump(3, 3),
        mana="{G}", takes=("target", "sacrifice"))),
)
