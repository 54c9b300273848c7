"""The printed abilities of both halves other than the flip conditions (``_heroes``).

What each half does once it shows, registered by the name of the half that has it:

- :data:`STATIC`: static abilities as continuous effects in their layers (rule 604, 613):
  Tobita's flying for your creatures, Homura's Essence's +2/+2 and flying;
- :data:`TRIGGERED`: triggered abilities (603): Stabwhisker's and Kuon's Essence's upkeep
  triggers, Erayo's Essence countering an opponent's first spell of the turn;
- :data:`ACTIVATED`: activated abilities with their costs (602): ki counters removed, {T},
  a creature sacrificed, mana (paid from the pool when the game pays costs);
- :func:`damage_increase` and :func:`damage_prevented`: Tok-Tok's replacement effect (614)
  and the prevention effects (615): Rune-Tail's Essence, Kaiso's shields, protection.

Keywords (flying, haste, trample, fear, double strike, protection) are printed on the halves and
read through ``obj.keywords``; combat reads them. Each function cites the rule it follows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import _heroes
from ._cards import possessive, protected_from
from ._effects import Effect, Filter, Layer
from ._errors import IllegalActionError
from ._events import Event, Rules, StackItem
from ._heroes import Activated
from ._objects import GameObject, Ref

__all__ = [
    "ACTIVATED",
    "AURA_STATIC",
    "GRANTED",
    "STATIC",
    "TRIGGERED",
    "damage_increase",
    "damage_prevented",
    "enchantable",
    "penguin_return",
    "static_effects",
    "target_gone",
]

# --- static abilities (604, 613) ----------------------------------------------------------------

def _creatures_of(controller: str) -> Filter:
    return Filter(types=["Creature"], controller=controller)


def _tobita(name: str, controller: str, timestamp: int) -> list[Effect]:
    """Tobita, Master of Winds: creatures you control have flying (layer 6)."""
    return [Effect(label=name, kind="add_keyword", layer=Layer.ABILITY, timestamp=timestamp,
                   filter=_creatures_of(controller), target=None, keyword="Flying")]


def _homuras_essence(name: str, controller: str, timestamp: int) -> list[Effect]:
    """Homura's Essence: creatures you control get +2/+2 (layer 7c) and have flying (layer 6)
    and "{R}: this creature gets +1/+0 until end of turn" (see :data:`GRANTED`)."""
    return [Effect(label=name, kind="add_keyword", layer=Layer.ABILITY, timestamp=timestamp,
                   filter=_creatures_of(controller), target=None, keyword="Flying"),
            Effect(label=name, kind="modify_pt", layer=Layer.PT_MODIFY, timestamp=timestamp,
                   filter=_creatures_of(controller), target=None, power=2, toughness=2)]


def _glorious_anthem(name: str, controller: str, timestamp: int) -> list[Effect]:
    """Glorious Anthem: creatures you control get +1/+1 (layer 7c)."""
    return [Effect(label=name, kind="modify_pt", layer=Layer.PT_MODIFY, timestamp=timestamp,
                   filter=_creatures_of(controller), target=None, power=1, toughness=1)]


def _day_of_destiny(name: str, controller: str, timestamp: int) -> list[Effect]:
    """Day of Destiny: legendary creatures you control get +2/+2 (layer 7c). An unflipped
    hero is not legendary: the bonus comes only when it flips (508.2's example)."""
    return [Effect(label=name, kind="modify_pt", layer=Layer.PT_MODIFY, timestamp=timestamp,
                   filter=Filter(supertypes=["Legendary"], types=["Creature"],
                                 controller=controller),
                   target=None, power=2, toughness=2)]


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


#: Auras whose static ability affects the permanent they enchant, by half name.
AURA_STATIC: dict[str, Callable[[str, Ref, int], list[Effect]]] = {
    "Curse of the Fire Penguin": _fire_penguin_curse,
}


def enchantable(game: Rules, aura: GameObject) -> list[GameObject]:
    """What an "enchant creature" Aura put onto the battlefield without being cast could
    enchant (303.4f), oldest first: the creatures without protection from its color."""
    return [o for o in game.objects("battlefield") if "Creature" in o.types
            and not protected_from(o.keywords, aura.colors, o.name)]


def penguin_return(game: Rules, dying: GameObject, controller: str, enchanted: bool
                   ) -> StackItem | None:
    """The ability the Curse gives the creature it enchants: "when this creature dies,
    return Curse of the Fire Penguin from your graveyard to the battlefield". "Your" is the
    controller of the creature, so the Curse comes back only if it is in that player's
    graveyard; it returns attached to a creature of that player's choice (the oldest it could
    enchant, as the model chooses), 303.4f, and stays in the graveyard if there is none
    (303.4g)."""
    if not enchanted:
        return None

    def back(item: StackItem) -> None:
        curses = [o for o in game.objects("graveyard", controller)
                  if o.name == "Curse of the Fire Penguin"]
        if not curses:
            game._say(f"There is no Curse of the Fire Penguin in {possessive(controller)} "
                      "graveyard: nothing returns.")
            return
        curse = curses[0]
        hosts = enchantable(game, curse)
        if not hosts:
            game._say("There is no creature Curse of the Fire Penguin could enchant: it stays "
                      f"in {possessive(controller)} graveyard (rule 303.4g).")
            return
        game.move(curse, "battlefield", attach_to=hosts[0],
                  controller=controller if game.edition == "current" else None)

    return StackItem(dying, "the creature the Curse consumed " + game._wording(
        "died", "was put into a graveyard from play"), back, follows_source=False)


StaticFn = Callable[[str, str, int], list[Effect]]
STATIC: dict[str, StaticFn] = {
    "Tobita, Master of Winds": _tobita,
    "Homura's Essence": _homuras_essence,
    "Glorious Anthem": _glorious_anthem,
    "Day of Destiny": _day_of_destiny,
}


def static_effects(sources: list[tuple[str, str, int]]) -> list[Effect]:
    """The effects of the static abilities of permanents given as (half name, controller,
    timestamp): an effect from a static ability has its source's timestamp (613.7a)."""
    found: list[Effect] = []
    for name, controller, timestamp in sources:
        make = STATIC.get(name)
        if make is not None:
            found.extend(make(name, controller, timestamp))
    return found


# --- replacement and prevention (614, 615) --------------------------------------------------------

#: The halves whose abilities change damage as it is dealt: only permanents that could show one
#: of them are looked at for each damage event.
DAMAGE_CHANGING: dict[str, str] = {
    "Tok-Tok, Volcano Born": "a red source deals 1 more damage to a player (614.1a)",
    "Rune-Tail's Essence": "damage to its controller's creatures is prevented (615.1)",
}


def damage_increase(game: Rules, source: GameObject, player: str) -> list[str]:
    """Tok-Tok, Volcano Born: if a red source would deal damage to a player, it deals that
    much plus 1 instead (614.1a). Each Tok-Tok on the battlefield adds 1. Returns the names of
    the effects that apply, one per point."""
    if "R" not in source.colors:
        return []
    return [o.name for o in game._may_have(DAMAGE_CHANGING)
            if game._ability_name(o) == "Tok-Tok, Volcano Born"]


def damage_prevented(game: Rules, source: GameObject, target: GameObject) -> str:
    """Why damage from ``source`` to the permanent ``target`` is prevented, or ``""``.

    Protection from a color (702.16e): damage from sources of that color is prevented.
    Rune-Tail's Essence: damage to creatures its controller controls is prevented.
    Kaiso's shields: all damage to that creature this turn is prevented (615.1).
    """
    color = protected_from(target.keywords, source.colors, target.name)
    if color:
        return f"{target.name} has protection from {color} (rule 702.16e)"
    if "Creature" in target.types:
        for essence in game._may_have(DAMAGE_CHANGING):
            if (essence.controller == target.controller
                    and game._ability_name(essence) == "Rune-Tail's Essence"):
                return (f"Rune-Tail's Essence prevents damage to creatures "
                        f"{target.controller} controls (rule 615.1)")
    if game._shielded(target):
        return f"a shield prevents all damage to {target.name} this turn (rule 615.1)"
    return ""


# --- triggered abilities (603) --------------------------------------------------------------------

def _stabwhisker(game: Rules, me: GameObject, event: Event) -> StackItem | None:
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
            game._say(f"{player} has three or more cards in hand: no life is lost.")

    return StackItem(me, f"{possessive(player)} upkeep began", lose, follows_source=False)


def _kuons_essence(game: Rules, me: GameObject, event: Event) -> StackItem | None:
    """At the beginning of each player's upkeep, that player sacrifices a creature (their
    choice: the step's ``sacrifice``, or by default their oldest creature)."""
    if event.kind != "upkeep" or event.player is None:
        return None
    player = event.player
    choice = list(game._sacrifice_choice)    # made as the turn began; kept while it waits

    def sacrifice(item: StackItem) -> None:
        creatures = [o for o in game.objects("battlefield", player) if "Creature" in o.types]
        if not creatures:
            game._say(f"{player} controls no creature to sacrifice.")
            return
        chosen = next((o for o in creatures if o in choice), creatures[0])
        game._sacrifice(chosen)

    return StackItem(me, f"{possessive(player)} upkeep began", sacrifice, follows_source=False)


def _erayos_essence(game: Rules, me: GameObject, event: Event) -> StackItem | None:
    """Whenever an opponent casts their first spell each turn, counter that spell (701.6)."""
    if (event.kind != "cast" or event.player is None or event.player == me.controller
            or event.nth_for_player != 1 or event.ref is None):
        return None
    spell = event.ref

    def counter(item: StackItem) -> None:
        game._counter_spell(spell, f"{possessive(me.name)} ability")

    return StackItem(me, f"{event.player} cast their first spell this turn ({event.name})",
                     counter, follows_source=False)


TRIGGERED: dict[str, _heroes.TriggerFn] = {
    **_heroes.TRIGGERED,
    "Stabwhisker the Odious": _stabwhisker,
    "Kuon's Essence": _kuons_essence,
    "Erayo's Essence": _erayos_essence,
}


# --- activated abilities (602) --------------------------------------------------------------------

def _creature_target(game: Rules, me: GameObject, choices: dict[str, Any]) -> GameObject:
    return _permanent_target(game, me, choices, "Creature", "creature")


def target_gone(game: Rules, item: StackItem, choices: dict[str, Any],
                kind: str = "Creature") -> bool:
    """True if the target of an ability or spell is no longer legal as it resolves (608.2b):
    it is another object now, no longer of its kind (see :func:`_is_a`), or has gained
    protection from the source's color (702.16b)."""
    target: GameObject = choices["target"]
    return (game._ref(target) != choices["target_ref"] or not _is_a(target, kind)
            or bool(protected_from(target.keywords, item.source.colors, target.name)))


def _still_legal(game: Rules, item: StackItem, choices: dict[str, Any],
                 kind: str = "Creature") -> GameObject | None:
    """The target if it is still legal as the ability resolves, else ``None``, and the
    ability does nothing (608.2b)."""
    if target_gone(game, item, choices, kind):
        game._say(f"{possessive(item.source.name)} ability does nothing: its target is no "
                  "longer legal (rule 608.2b).")
        return None
    target: GameObject = choices["target"]
    return target


def _remove_ki(game: Rules, me: GameObject) -> None:
    """The cost "remove a ki counter from it"."""
    if me.counters.get("ki", 0) < 1:
        raise IllegalActionError(f"{me.name} has no ki counter to remove; its ability costs one")
    game.remove_counters(me, "ki", 1)


def _ki_creature(game: Rules, me: GameObject, choices: dict[str, Any]) -> None:
    _creature_target(game, me, choices)
    _remove_ki(game, me)


def _ki_spell(game: Rules, me: GameObject, choices: dict[str, Any]) -> None:
    spell = choices.get("target")
    if not isinstance(spell, GameObject) or spell.zone != "stack":
        raise IllegalActionError(f"{possessive(me.name)} ability needs a target spell on the "
                                 "stack")
    choices["target_ref"] = game._ref(spell)
    _remove_ki(game, me)


def _pump(power: int, toughness: int) -> Callable[[Rules, StackItem, dict[str, Any]], None]:
    def resolve(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
        target = _still_legal(game, item, choices)
        if target is not None:
            game.add_effect("modify_pt", target, power=power, toughness=toughness,
                            until_end_of_turn=True, label=f"{item.source.name}'s pump")

    return resolve


def _resolve_kaiso(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """Kaiso: prevent all damage that would be dealt to target creature this turn."""
    target = _still_legal(game, item, choices)
    if target is not None:
        game._shield(target)


def _resolve_jaraku(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """Jaraku: counter target spell unless its controller pays {2} (the spell's controller
    chooses: ``pays=True``; when the game pays costs, {2} must be in their pool). A player
    who would pay but has not the mana as the ability resolves cannot pay (118.3): the
    spell is countered."""
    spell: GameObject = choices["target"]
    if game._ref(spell) != choices["target_ref"] or spell.zone != "stack":
        game._say(f"{possessive(item.source.name)} ability does nothing: the spell has left the "
                  "stack.")
        return
    if choices.get("pays"):
        try:
            game._pay_mana(spell.controller, "{2}", f"to keep {spell.name} from being countered")
        except IllegalActionError as unpaid:
            game._say(f"{unpaid}; so {spell.controller} does not pay.")
        else:
            game._say(f"{spell.controller} pays {{2}}: {spell.name} is not countered.")
            return
    game._counter_spell(choices["target_ref"], f"{possessive(item.source.name)} ability")


def _resolve_scarmaker(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """Scarmaker: target creature gains fear until end of turn."""
    target = _still_legal(game, item, choices)
    if target is not None:
        game.add_effect("add_keyword", target, keyword="Fear", until_end_of_turn=True,
                        label="Scarmaker's fear")


def _resolve_azamuki(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """Azamuki: gain control of target creature until end of turn (layer 2)."""
    target = _still_legal(game, item, choices)
    if target is not None:
        game._gain_control(target, item.controller, until_end_of_turn=True)


def _goka_target(game: Rules, me: GameObject, choices: dict[str, Any]) -> None:
    target = _creature_target(game, me, choices)
    if not game.was_damaged_this_turn(target):
        raise IllegalActionError(f"{target.name} was not dealt damage this turn, so it is not a "
                                 f"legal target for {possessive(me.name)} ability")
    game._tap_for_cost(me)


def _resolve_goka(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """Goka the Unjust: {T}: 4 damage to target creature that was dealt damage this turn."""
    target = _still_legal(game, item, choices)
    if target is not None:
        game.deal_damage(item.source, target, 4)


def _autumn_tail_target(game: Rules, me: GameObject, choices: dict[str, Any]) -> None:
    """Only the Aura is a target; the creature it moves to is chosen as the ability resolves.
    One announced now (``to``) must be another creature now, and is chosen then if it still
    can be."""
    aura, to = choices.get("target"), choices.get("to")
    if (not isinstance(aura, GameObject) or "Aura" not in aura.subtypes
            or aura.attached_to is None or "Creature" not in aura.attached_to.types):
        raise IllegalActionError(f"{possessive(me.name)} ability needs a target Aura attached "
                                 "to a creature")
    if to is not None and (not isinstance(to, GameObject) or to.zone != "battlefield"
                           or "Creature" not in to.types or to == aura.attached_to):
        raise IllegalActionError(f"{possessive(me.name)} ability moves the Aura to a different "
                                 "creature", argument="to")
    choices["target_ref"] = game._ref(aura)


def _autumn_tail_choice(game: Rules, item: StackItem, choices: dict[str, Any],
                        to: GameObject) -> str:
    """As it resolves: a creature on the battlefield other than the one the Aura is on."""
    aura = choices["target"]
    if to.zone != "battlefield" or "Creature" not in to.types:
        return f"{to.name} is not a creature {game._zone_phrase('battlefield', '')}"
    if to == aura.attached_to:
        return f"{aura.name} is already attached to {to.name}: choose another creature"
    return ""


def _resolve_autumn_tail(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """Autumn-Tail: {1}: attach target Aura attached to a creature to another creature. The
    Aura is checked again (608.2b); the creature is chosen now (by default the oldest other
    creature the Aura can be moved to, or the one announced at activation if it still can)."""
    aura, to = choices["target"], choices.get("to")
    if game._ref(aura) != choices["target_ref"] or aura.zone != "battlefield":
        game._say(f"{possessive(item.source.name)} ability does nothing: its target Aura has "
                  "left (rule 608.2b).")
        return
    if to is None or _autumn_tail_choice(game, item, choices, to):
        others = [c for c in game.objects("battlefield") if "Creature" in c.types
                  and c != aura.attached_to]
        if not others:
            game._say(f"{possessive(item.source.name)} ability does nothing: there is no other "
                      "creature to move the Aura to.")
            return
        to = others[0]
    game._say(f"{item.controller} chooses {to.name} as the ability resolves.")
    game.attach(aura, to)     # not to a creature it could not enchant (701.3b)


def _tomoya_target(game: Rules, me: GameObject, choices: dict[str, Any]) -> None:
    player = choices.get("target")
    if not isinstance(player, str):
        raise IllegalActionError(f"{possessive(me.name)} ability needs a target player")
    game._player(player)
    game._tap_for_cost(me)


def _resolve_tomoya(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """Tomoya: target player draws X cards, X the number of cards in your hand (on
    resolution)."""
    count = len(game.objects("hand", item.controller))
    game._say(f"{item.controller} has {count} card{'s' * (count != 1)} in hand.")
    game.draw(choices["target"], count)


def _nighteyes_target(game: Rules, me: GameObject, choices: dict[str, Any]) -> None:
    target = choices.get("target")
    if (not isinstance(target, GameObject) or target.zone != "graveyard"
            or "Creature" not in target.types):
        raise IllegalActionError(f"{possessive(me.name)} ability needs a target creature card "
                                 "in a graveyard")
    choices["target_ref"] = game._ref(target)


def _resolve_nighteyes(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """Nighteyes: put target creature card from a graveyard onto the battlefield under your
    control."""
    target: GameObject = choices["target"]
    if game._ref(target) != choices["target_ref"]:
        game._say(f"{possessive(item.source.name)} ability does nothing: its target has left "
                  "the graveyard (rule 608.2b).")
        return
    game.move(target, "battlefield", controller=item.controller)


def _resolve_dokai(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """Dokai: create an X/X green Elemental creature token, X the number of lands you control
    as the ability resolves."""
    lands = sum("Land" in o.types for o in game.objects("battlefield", item.controller))
    game._create_sized_token("Elemental", item.controller, lands)


def _shidako_cost(game: Rules, me: GameObject, choices: dict[str, Any]) -> None:
    _creature_target(game, me, choices)
    victim = choices.get("sacrifice")
    if (not isinstance(victim, GameObject) or victim.zone != "battlefield"
            or victim.controller != me.controller or "Creature" not in victim.types):
        raise IllegalActionError(f"{possessive(me.name)} ability costs a creature "
                                 f"{me.controller} controls, sacrificed (sacrifice=...)")
    game._sacrifice(victim)


def _tap_cost(game: Rules, me: GameObject, choices: dict[str, Any]) -> None:
    game._tap_for_cost(me)


def _resolve_firebreathing(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """Granted by Homura's Essence: {R}: this creature gets +1/+0 until end of turn."""
    me = item.source
    if game._ref(me) != item.source_ref:
        game._say(f"{possessive(me.name)} ability does nothing: it has left.")
        return
    game.add_effect("modify_pt", me, power=1, toughness=0, until_end_of_turn=True,
                    label=f"{me.name} +1/+0")


def _shaku_cost(game: Rules, me: GameObject, choices: dict[str, Any]) -> None:
    """Honor-Worn Shaku's cost: tap an untapped legendary permanent you control. Only a
    flipped hero is legendary (508.2); tapping it is a cost, not its own {T}, so summoning
    sickness does not matter (302.6)."""
    chosen = choices.get("tap")
    need = (f"{possessive(me.name)} ability costs tapping an untapped legendary permanent "
            f"{me.controller} controls (tap=...)")
    if not isinstance(chosen, GameObject):
        raise IllegalActionError(need)
    if chosen.zone != "battlefield":
        why = f"it is not {game._zone_phrase('battlefield', '')}"
    elif chosen.controller != me.controller:
        why = f"{chosen.controller} controls it"
    elif "Legendary" not in chosen.supertypes:
        why = "it is not legendary" + (" (it has not flipped)" * chosen.card.is_flip_card)
    elif chosen.tapped:
        why = "it is tapped"
    else:
        game.tap(chosen)
        return
    raise IllegalActionError(f"{need}; {chosen.name} cannot pay it: {why}")


def _resolve_shaku(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """Honor-Worn Shaku: untap it (if it is still the same permanent)."""
    if item.source_ref is not None and game._ref(item.source) != item.source_ref:
        game._say(f"{possessive(item.source.name)} ability does nothing: it has left.")
        return
    game.untap(item.source)


def _doppelganger_target(game: Rules, me: GameObject, choices: dict[str, Any]) -> None:
    target = choices.get("target")
    if (not isinstance(target, GameObject) or target.zone != "graveyard"
            or "Creature" not in target.types):
        raise IllegalActionError(f"{possessive(me.name)} ability needs a target creature card "
                                 "in a graveyard", argument="target")
    choices["target_ref"] = game._ref(target)


def _resolve_doppelganger(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """Dimir Doppelganger: exile target creature card from a graveyard; this becomes a copy of
    that card, except it has this ability (707.9b: the exception is copied along)."""
    card_ = choices["target"]
    if game._ref(card_) != choices["target_ref"] or card_.zone != "graveyard":
        game._say(f"{possessive(item.source.name)} ability does nothing: its target is no "
                  "longer in a graveyard (rule 608.2b).")
        return
    game.move(card_, "exile")
    me = item.source
    if item.source_ref != game._ref(me) or me.zone != "battlefield":
        game._say(f"{me.name} has left {game.battlefield_words}: it does not become a copy.")
        return
    game._become_copy(me, card_, also="Dimir Doppelganger")


def _is_a(obj: GameObject, kind: str) -> bool:
    """Whether a permanent is of card type ``kind`` ("Legendary": a legendary creature; "":
    any permanent)."""
    if kind == "Legendary":
        return "Legendary" in obj.supertypes and "Creature" in obj.types
    return not kind or kind in obj.types


def _permanent_target(game: Rules, me: GameObject, choices: dict[str, Any], kind: str,
                      what: str) -> GameObject:
    """A target permanent of ``kind`` (see :func:`_is_a`) on the battlefield, without
    protection from the source's color; remembered as the object it is now."""
    target = choices.get("target")
    if not (isinstance(target, GameObject) and target.zone == "battlefield"
            and _is_a(target, kind)):
        raise IllegalActionError(f"{possessive(me.name)} ability needs a target {what} "
                                 f"{game._zone_phrase('battlefield', '')}", argument="target")
    _heroes.check_protection(me, target)
    choices["target_ref"] = game._ref(target)
    return target


def _kami_cost(game: Rules, me: GameObject, choices: dict[str, Any]) -> None:
    """Kami of Ancient Law: target enchantment; the cost is sacrificing it."""
    _permanent_target(game, me, choices, "Enchantment", "enchantment")
    game._sacrifice(me)


def _resolve_kami(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """Destroy target enchantment (701.8): an Essence only once its Ascendant has flipped."""
    target = _still_legal(game, item, choices, "Enchantment")
    if target is not None:
        game._destroy(target, f"{possessive(item.source.name)} ability")


def _okina_cost(game: Rules, me: GameObject, choices: dict[str, Any]) -> None:
    """Okina: target legendary creature (an unflipped hero is not one, 508.2); {T}."""
    _permanent_target(game, me, choices, "Legendary", "legendary creature")
    game._tap_for_cost(me)


def _resolve_okina(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    target = _still_legal(game, item, choices, "Legendary")
    if target is not None:
        game.add_effect("modify_pt", target, power=1, toughness=1, until_end_of_turn=True,
                        label="Okina's +1/+1")


def _legacy_target(game: Rules, me: GameObject, choices: dict[str, Any]) -> None:
    _permanent_target(game, me, choices, "", "permanent")


def _resolve_legacy_weapon(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """Legacy Weapon: exile target permanent."""
    target = _still_legal(game, item, choices, "")
    if target is not None:
        game.move(target, "exile")


def _no_cost(game: Rules, me: GameObject, choices: dict[str, Any]) -> None:
    """Only mana, paid separately."""


ACTIVATED: dict[str, Activated] = {
    **_heroes.ACTIVATED,
    "Autumn-Tail, Kitsune Sage": Activated(
        "move the target Aura to another creature", _autumn_tail_target, _resolve_autumn_tail,
        mana="{1}", choice="to", legal_choice=_autumn_tail_choice),
    "Tomoya the Revealer": Activated(
        "the target player draws a card for each card in its controller's hand",
        _tomoya_target, _resolve_tomoya, mana="{3}{U}{U}"),
    "Nighteyes the Desecrator": Activated(
        "put the target creature card onto the battlefield under the control of the player "
        "who activated it",
        _nighteyes_target, _resolve_nighteyes, mana="{4}{B}"),
    "Goka the Unjust": Activated(
        "4 damage to the target creature", _goka_target, _resolve_goka),
    "Dokai, Weaver of Life": Activated(
        "create an X/X Elemental token, X the lands its controller controls", _tap_cost,
        _resolve_dokai, mana="{4}{G}{G}"),
    "Shidako, Broodmistress": Activated(
        "the target creature gets +3/+3 until end of turn", _shidako_cost, _pump(3, 3),
        mana="{G}"),
    "Kaiso, Memory of Loyalty": Activated(
        "prevent all damage to the target creature this turn", _ki_creature, _resolve_kaiso),
    "Jaraku the Interloper": Activated(
        "counter the target spell unless its controller pays {2}", _ki_spell, _resolve_jaraku),
    "Scarmaker": Activated(
        "the target creature gains fear until end of turn", _ki_creature, _resolve_scarmaker),
    "Azamuki, Treachery Incarnate": Activated(
        "gain control of the target creature until end of turn", _ki_creature,
        _resolve_azamuki),
    "Ichiga, Who Topples Oaks": Activated(
        "the target creature gets +2/+2 until end of turn", _ki_creature, _pump(2, 2)),
    "Honor-Worn Shaku": Activated("untap Honor-Worn Shaku", _shaku_cost, _resolve_shaku),
    "Kami of Ancient Law": Activated(
        "destroy the target enchantment", _kami_cost, _resolve_kami),
    "Okina, Temple to the Grandfathers": Activated(
        "the target legendary creature gets +1/+1 until end of turn", _okina_cost,
        _resolve_okina, mana="{1}{G}"),
    "Legacy Weapon": Activated(
        "exile the target permanent", _legacy_target, _resolve_legacy_weapon,
        mana="{W}{U}{B}{R}{G}"),
    "Dimir Doppelganger": Activated(
        "exile the target creature card from a graveyard; this becomes a copy of it, except it "
        "has this ability", _doppelganger_target, _resolve_doppelganger, mana="{1}{U}{B}"),
}

#: Abilities a half grants to other permanents: (the granting half, who gets it) -> ability.
GRANTED: dict[str, Activated] = {
    "Homura's Essence": Activated("this creature gets +1/+0 until end of turn", _no_cost,
                                  _resolve_firebreathing, mana="{R}"),
}


#: The mana each land of the data adds (by subtype for basic land types, else by name).
LAND_MANA: dict[str, str] = {
    "Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G",
    "Okina, Temple to the Grandfathers": "G", "Honor-Worn Shaku": "C",
}
