"""The ordinary cards of the data (not flip cards) that do something in the model.

They are here because the flip-card rules speak of what they do: spells that search a library
or name a card, copies, Auras, anthems, lands and their mana. Cards of the data without a
record (Grizzly Bears, Runeclaw Bear) and the tokens have no abilities.
"""

from __future__ import annotations

from dataclasses import replace

from .._abilities import creatures_of, not_a_target, permanent_target, still_legal
from .._card_rules import CardRules, Choices
from .._cards import card, possessive
from .._effects import Effect, Filter, Layer
from .._errors import IllegalActionError, UnknownCardError
from .._events import StackItem
from .._heroes import Activated
from .._objects import GameObject
from .._spells import Spell, search_choose, searcher, target_creature
from ._record import CardRecord, EntersAsCopy

__all__ = ["RECORDS"]


def _shock_choose(game: CardRules, spell: GameObject, choices: Choices) -> Choices:
    return target_creature(game, spell, choices, player_too=True)


def _shock(game: CardRules, item: StackItem, choices: Choices) -> None:
    game.source_deals_damage(item, choices.any_target, 2)


def _growth_choose(game: CardRules, spell: GameObject, choices: Choices) -> Choices:
    return target_creature(game, spell, choices)


def _giant_growth(game: CardRules, item: StackItem, choices: Choices) -> None:
    game.add_effect("modify_pt", choices.target_object, power=3, toughness=3,
                    until_end_of_turn=True, label="Giant Growth")


def _nonlegendary_creature(game: CardRules, spell: GameObject, chosen: GameObject | None
                           ) -> str:
    """Why ``chosen`` cannot be Cytoshape's choice, or ``""``."""
    if not isinstance(chosen, GameObject):
        return f"{spell.name} needs a nonlegendary creature to copy (copying)"
    if chosen.zone != "battlefield" or "Creature" not in chosen.types:
        return (f"{spell.name} copies a creature {game.zone_phrase('battlefield', '')}; "
                f"{chosen.name} is not one")
    if "Legendary" in chosen.supertypes:
        return f"{spell.name} copies a nonlegendary creature; {chosen.name} is legendary"
    return ""


def _cytoshape_choose(game: CardRules, spell: GameObject, choices: Choices) -> Choices:
    choices = target_creature(game, spell, choices)
    # The creature to copy is chosen as it resolves; one named now must be a fit choice now.
    why = _nonlegendary_creature(game, spell, choices.copying)
    if why:
        raise IllegalActionError(why, argument="copying")
    return choices


def _cytoshape(game: CardRules, item: StackItem, choices: Choices) -> None:
    copying = choices.copying
    why = _nonlegendary_creature(game, item.source, copying)
    if why or copying is None:
        game.say(f"{item.named} does nothing: {why}.")
        return
    game.become_copy(choices.target_object, copying, until_end_of_turn=True)


_ENDURING_SEARCH = searcher(Filter(types=("Enchantment",)), "an enchantment card", "battlefield")


def _enduring_ideal(game: CardRules, item: StackItem, choices: Choices) -> None:
    """The search, then epic (702.50): for the rest of the game its caster casts no spells, and
    at the beginning of each of their upkeeps a copy of the spell (without epic) does the
    search again."""
    _ENDURING_SEARCH(game, item, Choices(choose=choices.choose))
    # The copy's controller chooses as it resolves (resolve's choose); else the first found.
    game.epic(item.controller, item.source,
              lambda copy: _ENDURING_SEARCH(game, copy, Choices(choose=copy.chosen)), "choose")


def _extraction_choose(game: CardRules, spell: GameObject, choices: Choices) -> Choices:
    target = choices.target
    if not isinstance(target, str):
        raise IllegalActionError(f"{spell.name} needs a target player"
                                 + not_a_target(game, target, "player"), argument="target")
    game.player(target)
    naming = choices.naming
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
    return replace(choices, naming=exact)


def _cranial_extraction(game: CardRules, item: StackItem, choices: Choices) -> None:
    player, name = choices.target_player, choices.card_name
    found = [o for zone in ("graveyard", "hand", "library") for o in game.objects(zone, player)
             if o.name.casefold() == name.casefold()]
    game.say(f"{item.controller} names {name}: {len(found) or 'no'} card"
             f"{'s' * (len(found) != 1)} with that name in {possessive(player)} graveyard, "
             "hand and library" + (f" ({game.wording('outside the battlefield', 'out of play')}"
                                   " a flip card has only its normal name)"
                                   if not found and card(name).name != name else "")
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


def _shaku_cost(game: CardRules, me: GameObject, choices: Choices) -> Choices:
    """Honor-Worn Shaku's cost: tap an untapped legendary permanent you control. Only a
    flipped hero is legendary (508.2); tapping it is a cost, not its own {T}, so summoning
    sickness does not matter (302.6)."""
    chosen = choices.tap
    need = (f"{possessive(me.name)} ability costs tapping an untapped legendary permanent "
            f"{me.controller} controls (tap=...)")
    if not isinstance(chosen, GameObject):
        raise IllegalActionError(need)
    if chosen.zone != "battlefield":
        why = f"it is not {game.zone_phrase('battlefield', '')}"
    elif chosen.controller != me.controller:
        why = f"{chosen.controller} controls it"
    elif "Legendary" not in chosen.supertypes:
        why = "it is not legendary" + (" (it has not flipped)" * chosen.card.is_flip_card)
    elif chosen.tapped:
        why = "it is tapped"
    else:
        game.tap(chosen)
        return choices
    raise IllegalActionError(f"{need}; {chosen.name} cannot pay it: {why}")


def _resolve_shaku(game: CardRules, item: StackItem, choices: Choices) -> None:
    """Honor-Worn Shaku: untap it (if it is still the same permanent)."""
    if item.source_ref is not None and game.ref(item.source) != item.source_ref:
        game.say(f"{possessive(item.named)} ability does nothing: it has left.")
        return
    game.untap(item.source)


def _doppelganger_target(game: CardRules, me: GameObject, choices: Choices) -> Choices:
    target = choices.target
    if (not isinstance(target, GameObject) or target.zone != "graveyard"
            or "Creature" not in target.types):
        raise IllegalActionError(f"{possessive(me.name)} ability needs a target creature card "
                                 "in a graveyard"
                                 + not_a_target(game, target, "creature card", "graveyard"),
                                 argument="target")
    return choices.with_target_ref(game.ref(target))


def _resolve_doppelganger(game: CardRules, item: StackItem, choices: Choices) -> None:
    """Dimir Doppelganger: exile target creature card from a graveyard; this becomes a copy of
    that card, except it has this ability (707.9b: the exception is copied along)."""
    card_ = choices.target_object
    if game.ref(card_) != choices.target_ref or card_.zone != "graveyard":
        game.say(f"{possessive(item.named)} ability does nothing: its target is no "
                 "longer in a graveyard (rule 608.2b; 2004: 413.2a).")
        return
    game.move(card_, "exile")
    me = item.source
    if item.source_ref != game.ref(me) or me.zone != "battlefield":
        game.say(f"{me.name} has left {game.battlefield_words}: it does not become a copy.")
        return
    game.become_copy(me, card_, also="Dimir Doppelganger")


def _kami_cost(game: CardRules, me: GameObject, choices: Choices) -> Choices:
    """Kami of Ancient Law: target enchantment; the cost is sacrificing it."""
    choices = permanent_target(game, me, choices, "Enchantment", "enchantment")
    game.sacrifice(me)
    return choices


def _resolve_kami(game: CardRules, item: StackItem, choices: Choices) -> None:
    """Destroy target enchantment (701.8): an Essence only once its Ascendant has flipped."""
    target = still_legal(game, item, choices, "Enchantment")
    if target is not None:
        game.destroy(target, f"{possessive(item.named)} ability")


def _okina_cost(game: CardRules, me: GameObject, choices: Choices) -> Choices:
    """Okina: target legendary creature (an unflipped hero is not one, 508.2); {T}."""
    choices = permanent_target(game, me, choices, "Legendary", "legendary creature")
    game.tap_for_cost(me)
    return choices


def _resolve_okina(game: CardRules, item: StackItem, choices: Choices) -> None:
    target = still_legal(game, item, choices, "Legendary")
    if target is not None:
        game.add_effect("modify_pt", target, power=1, toughness=1, until_end_of_turn=True,
                        label="Okina's +1/+1")


def _legacy_target(game: CardRules, me: GameObject, choices: Choices) -> Choices:
    return permanent_target(game, me, choices, "", "permanent")


def _resolve_legacy_weapon(game: CardRules, item: StackItem, choices: Choices) -> None:
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
        "untap Honor-Worn Shaku", _shaku_cost, _resolve_shaku, takes=("tap",))),
    CardRecord("Kami of Ancient Law", activated=Activated(
        "destroy the target enchantment", _kami_cost, _resolve_kami, takes=("target",))),
    CardRecord("Okina, Temple to the Grandfathers", mana="G", activated=Activated(
        "the target legendary creature gets +1/+1 until end of turn", _okina_cost,
        _resolve_okina, mana="{G}", takes=("target",))),
    CardRecord("Legacy Weapon", shuffled_instead=True, activated=Activated(
        "exile the target permanent", _legacy_target, _resolve_legacy_weapon,
        mana="{W}{U}{B}{R}{G}", takes=("target",))),
    CardRecord("Dimir Doppelganger", activated=Activated(
        "exile the target creature card from a graveyard; this becomes a copy of it, except it "
        "has this ability", _doppelganger_target, _resolve_doppelganger, mana="{1}{U}{B}",
        takes=("target",))),
    # The basic lands: the mana of a basic land type is that of the basic land of its name.
    CardRecord("Plains", mana="W"),
    CardRecord("Island", mana="U"),
    CardRecord("Swamp", mana="B"),
    CardRecord("Mountain", mana="R"),
    CardRecord("Forest", mana="G"),
)
