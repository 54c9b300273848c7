"""The ordinary cards of the data (not flip cards) that do something in the model.

They are here because the flip-card rules speak of what they do: spells that search a library
or name a card, copies, Auras, anthems, lands and their mana. Cards of the data without a
record (Grizzly Bears, Runeclaw Bear) and the tokens have no abilities.
"""

from __future__ import annotations

from typing import Any

from .._abilities import creatures_of, permanent_target, still_legal
from .._cards import card, possessive
from .._effects import Effect, Filter, Layer
from .._errors import IllegalActionError, UnknownCardError
from .._events import Rules, StackItem
from .._heroes import Activated
from .._objects import GameObject
from .._spells import Spell, search_choose, searcher, target_creature
from ._record import CardRecord, EntersAsCopy

__all__ = ["RECORDS"]


def _shock_choose(game: Rules, spell: GameObject, choices: dict[str, Any]) -> None:
    target_creature(game, spell, choices, player_too=True)


def _shock(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    game.deal_damage(item.source, choices["target"], 2)


def _growth_choose(game: Rules, spell: GameObject, choices: dict[str, Any]) -> None:
    target_creature(game, spell, choices)


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
    target_creature(game, spell, choices)
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


_ENDURING_SEARCH = searcher(Filter(types=("Enchantment",)), "an enchantment card", "battlefield")


def _enduring_ideal(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """The search, then epic (702.50): for the rest of the game its caster casts no spells, and
    at the beginning of each of their upkeeps a copy of the spell (without epic) does the
    search again."""
    _ENDURING_SEARCH(game, item, {"choose": choices.get("choose")})
    game._epic(item.controller, item.source, lambda copy: _ENDURING_SEARCH(game, copy, {}))


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


def _glorious_anthem(name: str, controller: str, timestamp: int) -> list[Effect]:
    """Glorious Anthem: creatures you control get +1/+1 (layer 7c)."""
    return [Effect(label=name, kind="modify_pt", layer=Layer.PT_MODIFY, timestamp=timestamp,
                   filter=creatures_of(controller), target=None, power=1, toughness=1)]


def _day_of_destiny(name: str, controller: str, timestamp: int) -> list[Effect]:
    """Day of Destiny: legendary creatures you control get +2/+2 (layer 7c). An unflipped
    hero is not legendary: the bonus comes only when it flips (508.2's example)."""
    return [Effect(label=name, kind="modify_pt", layer=Layer.PT_MODIFY, timestamp=timestamp,
                   filter=Filter(supertypes=["Legendary"], types=["Creature"],
                                 controller=controller),
                   target=None, power=2, toughness=2)]


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


def _kami_cost(game: Rules, me: GameObject, choices: dict[str, Any]) -> None:
    """Kami of Ancient Law: target enchantment; the cost is sacrificing it."""
    permanent_target(game, me, choices, "Enchantment", "enchantment")
    game._sacrifice(me)


def _resolve_kami(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """Destroy target enchantment (701.8): an Essence only once its Ascendant has flipped."""
    target = still_legal(game, item, choices, "Enchantment")
    if target is not None:
        game._destroy(target, f"{possessive(item.source.name)} ability")


def _okina_cost(game: Rules, me: GameObject, choices: dict[str, Any]) -> None:
    """Okina: target legendary creature (an unflipped hero is not one, 508.2); {T}."""
    permanent_target(game, me, choices, "Legendary", "legendary creature")
    game._tap_for_cost(me)


def _resolve_okina(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    target = still_legal(game, item, choices, "Legendary")
    if target is not None:
        game.add_effect("modify_pt", target, power=1, toughness=1, until_end_of_turn=True,
                        label="Okina's +1/+1")


def _legacy_target(game: Rules, me: GameObject, choices: dict[str, Any]) -> None:
    permanent_target(game, me, choices, "", "permanent")


def _resolve_legacy_weapon(game: Rules, item: StackItem, choices: dict[str, Any]) -> None:
    """Legacy Weapon: exile target permanent."""
    target = still_legal(game, item, choices, "")
    if target is not None:
        game.move(target, "exile")


RECORDS = (
    CardRecord("Pacifism", enchanted_cant=frozenset({"attack", "block"})),
    CardRecord("Clone", enters_as_copy=EntersAsCopy(("Creature",))),
    CardRecord("Spark Double", enters_as_copy=EntersAsCopy(
        ("Creature", "Planeswalker"), yours=True, not_legendary=True, counter=True)),
    CardRecord("Shock", spell=Spell(
        "2 damage to any target", _shock_choose, _shock, ("target",), ("target",))),
    CardRecord("Giant Growth", spell=Spell(
        "the target creature gets +3/+3 until end of turn", _growth_choose, _giant_growth,
        ("target",), ("target",))),
    CardRecord("Cytoshape", spell=Spell(
        "the target creature becomes a copy of the chosen nonlegendary creature until end of "
        "turn", _cytoshape_choose, _cytoshape, ("target", "copying"), ("target", "copying"))),
    CardRecord("Time of Need", spell=Spell(
        "search your library for a legendary creature card and put it into your hand",
        search_choose, searcher(Filter(supertypes=("Legendary",), types=("Creature",)),
                                "a legendary creature card", "hand"), ("choose",))),
    CardRecord("Enduring Ideal", spell=Spell(
        "search your library for an enchantment card and put it onto the battlefield; epic",
        search_choose, _enduring_ideal, ("choose",))),
    CardRecord("Cranial Extraction", spell=Spell(
        "exile every card with the named name from the target player's graveyard, hand and "
        "library", _extraction_choose, _cranial_extraction, ("target", "naming"),
        ("target", "naming"))),
    CardRecord("Glorious Anthem", static=_glorious_anthem),
    CardRecord("Day of Destiny", static=_day_of_destiny),
    CardRecord("Honor-Worn Shaku", mana="C", activated=Activated(
        "untap Honor-Worn Shaku", _shaku_cost, _resolve_shaku)),
    CardRecord("Kami of Ancient Law", activated=Activated(
        "destroy the target enchantment", _kami_cost, _resolve_kami)),
    CardRecord("Okina, Temple to the Grandfathers", mana="G", activated=Activated(
        "the target legendary creature gets +1/+1 until end of turn", _okina_cost,
        _resolve_okina, mana="{1}{G}")),
    CardRecord("Legacy Weapon", shuffled_instead=True, activated=Activated(
        "exile the target permanent", _legacy_target, _resolve_legacy_weapon,
        mana="{W}{U}{B}{R}{G}")),
    CardRecord("Dimir Doppelganger", activated=Activated(
        "exile the target creature card from a graveyard; this becomes a copy of it, except it "
        "has this ability", _doppelganger_target, _resolve_doppelganger, mana="{1}{U}{B}")),
    # The basic lands: the mana of a basic land type is that of the basic land of its name.
    CardRecord("Plains", mana="W"),
    CardRecord("Island", mana="U"),
    CardRecord("Swamp", mana="B"),
    CardRecord("Mountain", mana="R"),
    CardRecord("Forest", mana="G"),
)
