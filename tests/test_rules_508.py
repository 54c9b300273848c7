"""Rule 508 of 2004 (today 710), paragraph by paragraph, under both editions where they agree.

508.1 (two halves: the normal one, and the alternative one used once the permanent has
flipped; cost and color belong to the card, and external effects keep applying), 508.2 (in
every other zone, and in play before it flips, a flip card has only its normal half: searches,
filters for legendary creatures, triggers of a card that has left), 508.3 (flipped is a status,
apart from tapped) and 508.4 (flipping is one way, it is no zone change, and a permanent that
leaves play forgets it: 400.7). Also the card data each of these relies on.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest
from helpers import kill_bears, obj, run, with_ki

from flipcards import (
    EDITIONS,
    Filter,
    FlipCardsError,
    Game,
    IllegalActionError,
    UnknownCardError,
    all_cards,
    card,
)


def legendary_creatures_of(player: str) -> Filter:
    """The filter of Day of Destiny: legendary creatures ``player`` controls."""
    return Filter(supertypes=["Legendary"], types=["Creature"], controller=player)


REFERENCE = json.loads(
    resources.files("flipcards").joinpath("data/cards.json").read_text("utf-8"))


FLIP_CARDS = list(REFERENCE["flip_cards"])


def _pt(value: str | None) -> int | None:
    return None if value is None else int(value)


LEGENDARY_CREATURES = Filter(supertypes=["Legendary"], types=["Creature"])


def test_508_1a_unflipped_permanent_has_the_normal_half(game: Game) -> None:
    hero = game.put("Bushi Tenderfoot")
    assert (hero.name, hero.type_line, hero.power, hero.toughness) == (
        "Bushi Tenderfoot", "Creature — Human Soldier", 1, 1)
    assert hero.flipped is False


def test_508_1b_flipped_permanent_uses_the_alternative_half(game: Game) -> None:
    hero = game.put("Bushi Tenderfoot")
    assert game.flip(hero) is True
    assert (hero.name, hero.type_line, hero.power, hero.toughness) == (
        "Kenzo the Hardhearted", "Legendary Creature — Human Samurai", 3, 4)
    assert hero.keywords == ("Bushido", "Double strike")


@pytest.mark.parametrize("name", [c.name for c in __import__("flipcards").all_cards()
                                  if c.is_flip_card])
def test_508_1c_mana_cost_mana_value_and_color_never_change_by_flipping(
        game: Game, name: str) -> None:
    is_aura = "Aura" in card(name).normal.subtypes
    obj = game.put(name, attached_to=game.put("Grizzly Bears") if is_aura else None)
    before = (obj.mana_cost, obj.mana_value, obj.colors)
    assert game.flip(obj)
    assert (obj.mana_cost, obj.mana_value, obj.colors) == before
    assert before == (card(name).mana_cost, card(name).mana_value, card(name).colors)


def test_508_1c_external_effects_still_apply_after_flipping(game: Game) -> None:
    hero = game.put("Nezumi Shortfang")
    game.add_effect("add_keyword", hero, keyword="Flying")
    game.add_effect("modify_pt", hero, power=1, toughness=0)
    game.flip(hero)
    assert hero.name == "Stabwhisker the Odious"
    assert "Flying" in hero.keywords
    assert (hero.power, hero.toughness) == (4, 3)


def test_508_2_search_for_a_legendary_card_does_not_find_a_hero(game: Game) -> None:
    game.put("Bushi Tenderfoot", "library")
    legend = game.put("Legacy Weapon", "library")
    assert game.search("library", "Alice", Filter(supertypes=["Legendary"])) == [legend]


def test_508_2_legendary_anthem_affects_a_hero_only_once_flipped(game: Game) -> None:
    hero = game.put("Bushi Tenderfoot")
    game.add_effect("modify_pt", LEGENDARY_CREATURES, power=2, toughness=2)
    assert (hero.power, hero.toughness) == (1, 1)
    game.flip(hero)
    assert (hero.power, hero.toughness) == (5, 6)


def test_508_2_outside_play_only_the_normal_half_exists(game: Game) -> None:
    for zone in ("library", "hand", "graveyard", "exile"):
        obj = game.put("Jushi Apprentice", zone)
        assert obj.name == "Jushi Apprentice"
        assert obj.supertypes == ()
        assert obj.flipped is False


@pytest.mark.parametrize("zone", ["battlefield", "hand"])
def test_508_2_a_card_asked_for_by_its_flipped_half_is_the_unflipped_card_and_the_log_says_so(
        game: Game, zone: str) -> None:
    """A judge who puts "Kenzo the Hardhearted" gets the card, which shows its normal half
    until it flips; the log used to say only "puts Bushi Tenderfoot", with no word of why."""
    kenzo = game.put("kenzo the hardhearted", zone)
    assert (kenzo.name, kenzo.flipped) == ("Bushi Tenderfoot", False)
    assert game.log[-1].endswith(" (the card whose flipped half is Kenzo the Hardhearted; it "
                                 "is not flipped).")
    game.put("Kenzo the Hardhearted", flipped=True, owner="Bob")
    game.put("Bushi Tenderfoot", "hand")
    assert "flipped half" not in game.log[-1] and "flipped half" not in game.log[-2]


def test_508_2_flipping_outside_play_does_nothing(game: Game) -> None:
    hero = game.put("Akki Lavarunner", "hand")
    assert game.flip(hero) is False
    assert hero.name == "Akki Lavarunner"
    assert "nothing happens" in game.log[-1]


def test_508_2_a_card_that_is_not_a_flip_card_does_not_flip(game: Game) -> None:
    bears = game.put("Grizzly Bears")
    assert game.flip(bears) is False
    assert bears.flipped is False


def test_508_3_flipped_and_tapped_are_separate_statuses(game: Game) -> None:
    hero = game.put("Initiate of Blood")
    game.tap(hero)
    game.flip(hero)
    assert (hero.flipped, hero.tapped) == (True, True)
    game.untap(hero)
    assert (hero.flipped, hero.tapped) == (True, False)
    assert "flipped" in str(hero) and "tapped" not in str(hero)


def test_508_4_flipping_is_one_way(game: Game) -> None:
    hero = game.put("Budoka Gardener")
    assert game.flip(hero) is True
    assert game.flip(hero) is False
    assert hero.name == "Dokai, Weaver of Life"
    assert hero.flipped is True


def test_508_4_leaving_play_forgets_everything(game: Game) -> None:
    hero = game.put("Bushi Tenderfoot")
    aura = game.put("Pacifism", attached_to=hero)
    own = game.add_effect("modify_pt", hero, power=5, toughness=5)
    game.add_counters(hero, "+1/+1", 2)
    game.damage(hero, 1)
    game.flip(hero)
    game.move(hero, "hand")
    assert (hero.zone, hero.name, hero.flipped, hero.counters, hero.damage) == (
        "hand", "Bushi Tenderfoot", False, {}, 0)
    assert own not in game.effects           # an effect aimed at the old object ended
    assert aura.zone == "graveyard"          # the Aura fell off (illegal attachment)
    game.move(hero, "battlefield")
    assert (hero.name, hero.power, hero.toughness, hero.flipped) == (
        "Bushi Tenderfoot", 1, 1, False)
    assert game.flip(hero) is True           # a new object, so it can flip again


def test_508_4_returning_flipped_when_the_instruction_says_so(game: Game) -> None:
    homura = game.put("Homura, Human Ascendant", "exile")
    game.move(homura, "battlefield", flipped=True)
    assert (homura.name, homura.flipped, homura.types, homura.power) == (
        "Homura's Essence", True, ("Enchantment",), None)


def test_508_4_entering_flipped_only_onto_the_battlefield(game: Game) -> None:
    with pytest.raises(IllegalActionError):
        game.put("Bushi Tenderfoot", "hand", flipped=True)
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    assert kenzo.name == "Kenzo the Hardhearted"


def test_lookup_accepts_either_half_any_case_and_full_name() -> None:
    assert card("KENZO THE HARDHEARTED") is card("bushi tenderfoot")
    assert card("Bushi Tenderfoot // Kenzo the Hardhearted").name == "Bushi Tenderfoot"


def test_lookup_of_a_wrong_name_suggests_the_closest() -> None:
    with pytest.raises(UnknownCardError) as info:
        card("Kenzo the Hardharted")
    assert info.value.suggestions[0] == "Kenzo the Hardhearted"
    assert isinstance(info.value, ValueError)
    assert "did you mean 'Kenzo the Hardhearted'" in str(info.value)


def test_lookup_of_an_empty_name_says_it_is_empty_and_suggests_nothing() -> None:
    """An empty card name was answered "did you mean 'Bushi Tenderfoot' or 'Kenzo the
    Hardhearted' or 'Kitsune Mystic'?", the first cards of the list."""
    for name, said in (("", "no card named '' (the name is empty)"),
                       ("  ", "no card named '  ' (the name is only spaces)")):
        with pytest.raises(UnknownCardError) as info:
            card(name)
        assert str(info.value) == said and info.value.suggestions == []


def test_errors_name_what_was_wrong(game: Game) -> None:
    with pytest.raises(FlipCardsError, match="no zone 'graveyrd'; did you mean 'graveyard'"):
        game.put("Bushi Tenderfoot", "graveyrd")
    with pytest.raises(FlipCardsError, match="no player 'Alise'; did you mean 'Alice'"):
        game.put("Bushi Tenderfoot", owner="Alise")
    with pytest.raises(FlipCardsError, match="no rules edition '2005'"):
        Game("2005")
    # A word the site uses for today's rules is no edition: the two are named.
    with pytest.raises(FlipCardsError, match=r"^no rules edition 'today': the editions are "
                       r"'2004' \(the rules this site quotes\) and 'current' \(today's rules\)$"):
        Game("today")
    # A card's name where an action takes an object: what to pass instead.
    game.put("Bushi Tenderfoot")
    with pytest.raises(FlipCardsError, match=r"^'Bushi Tenderfoot' is not an object of this "
                       r"game: an action takes the object that game.put \(or another action\) "
                       r"returned"):
        game.flip("Bushi Tenderfoot")  # type: ignore[arg-type]


def test_508_1_all_21_flip_cards_have_both_halves_and_descriptions() -> None:
    flip_cards = [c for c in __import__("flipcards").all_cards() if c.is_flip_card]
    assert len(flip_cards) == 21
    for c in flip_cards:
        assert c.flipped is not None
        assert c.normal.text and c.flipped.text and c.flip_condition, c.name
        assert c.scryfall_url.startswith("https://scryfall.com/")
        assert c.gatherer_url.endswith(f"multiverseid={c.multiverse_id}")


def test_508_4_each_flip_is_a_log_entry_with_its_kind_rule_and_object() -> None:
    game = Game("2004")
    hero = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears")
    game.flip(hero)
    game.flip(hero)
    game.flip(bears)
    game.move(bears, "graveyard")
    game.flip(bears)
    assert game.log == [entry.text for entry in game.entries]
    tagged = [(e.kind, e.rule, e.about) for e in game.entries if e.kind]
    assert tagged == [("flip", "508.2", (hero,)), ("flip_again", "ruling-3", (hero,)),
                      ("no_flip", "508.1", (bears,)), ("no_flip", "508.2", (bears,))]


def test_704_5j_the_legend_rule_entry_names_the_player_the_name_and_the_choice() -> None:
    game = Game("current")
    first = game.put("Bushi Tenderfoot", flipped=True)
    second = game.put("Bushi Tenderfoot", flipped=True)
    (entry,) = [e for e in game.entries if e.kind == "legend_rule"]
    assert (entry.rule, entry.player, entry.name, entry.default, entry.about) == (
        "704.5j", "Alice", "Kenzo the Hardhearted", True, (first, second))
    game = Game("2004")
    game.put("Bushi Tenderfoot", flipped=True)
    game.put("Bushi Tenderfoot", flipped=True)
    (entry,) = [e for e in game.entries if e.kind == "legend_rule"]
    assert (entry.rule, entry.player) == ("ruling-4", "")


@pytest.mark.parametrize("rules", EDITIONS)
def test_208_an_essence_made_a_creature_has_no_printed_pt_of_its_normal_half(rules: str) -> None:
    """508.2: once flipped the normal half's power and toughness do not apply. An Essence has
    no printed P/T, so when an effect only makes it a creature its base P/T is 0/0 (not the
    Ascendant's 2/2); its two +1/+1 counters, kept through the flip, now count: 2/2. When the
    effect ends it is no creature again: P/T null, counters still there."""
    out = run(rules, [
        {"put": "Rune-Tail, Kitsune Ascendant", "as": "rt"},
        {"counters": "rt", "kind": "+1/+1", "add": 2},
        {"flip": "rt"},
        {"effect": "animate", "kind": "add_types",
         "affects": {"supertypes": ["Legendary"], "types": ["Enchantment"]}, "types": ["Creature"]},
        {"expect": {"rt": {"power": 2, "toughness": 2, "zone": "battlefield"}}},
        {"end_effect": "animate"},
        {"expect": {"rt": {"power": None, "toughness": None, "counters": {"+1/+1": 2}}}},
    ])
    assert obj(out, "rt")["zone"] == "battlefield"


def test_400_7_a_copy_that_leaves_the_battlefield_is_its_own_card_again(game: Game) -> None:
    """A Grizzly Bears that became a copy of Bushi Tenderfoot and flipped into Kenzo, with a
    +1/+1 counter, is exiled: in exile it is the Grizzly Bears card (the copy effect ended
    with the object). Returned, it is a new Grizzly Bears, unflipped, 2/2, no counters, and
    flipping it does nothing: it is no flip card."""
    bears = game.put("Grizzly Bears")
    game.become_copy(bears, game.put("Bushi Tenderfoot", zone="graveyard"))
    game.flip(bears)
    game.add_counters(bears, "+1/+1", 1)
    assert (bears.name, bears.power) == ("Kenzo the Hardhearted", 4)
    game.move(bears, "exile")
    assert (bears.name, bears.flipped, bears.counters, bears.supertypes) == (
        "Grizzly Bears", False, {}, ())
    game.move(bears, "battlefield")
    assert (bears.name, bears.flipped, bears.power, bears.toughness, bears.counters) == (
        "Grizzly Bears", False, 2, 2, {})
    assert not game.flip(bears)


def test_400_7_a_kenzo_returned_under_the_opponents_control_is_a_new_unflipped_object(
        game: Game) -> None:
    """508.4 / 400.7: Alice's Kenzo, pumped by an effect aimed at it and by an effect for the
    legendary creatures Alice controls (Day of Destiny), is exiled and returned under Bob's
    control. It is a new object: an unflipped Bushi Tenderfoot 1/1, the aimed effect is over,
    and Alice's Day of Destiny does not reach Bob's creatures. It still belongs to Alice.
    Flipped, it is Bob's Kenzo, a plain 3/4."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    game.add_effect("modify_pt", kenzo, power=3, toughness=3)
    game.add_effect("modify_pt", legendary_creatures_of("Alice"), power=2, toughness=2,
                    label="Day of Destiny")
    assert (kenzo.power, kenzo.toughness) == (8, 9)
    game.move(kenzo, "exile")
    game.move(kenzo, "battlefield", controller="Bob")
    assert (kenzo.name, kenzo.flipped, kenzo.power, kenzo.toughness) == (
        "Bushi Tenderfoot", False, 1, 1)
    assert (kenzo.owner, kenzo.controller) == ("Alice", "Bob")
    assert game.flip(kenzo)
    assert (kenzo.name, kenzo.power, kenzo.toughness) == ("Kenzo the Hardhearted", 3, 4)


@pytest.mark.parametrize("rules", EDITIONS)
def test_400_7_an_effect_on_an_object_ends_when_it_leaves_a_filter_effect_does_not(
        rules: str) -> None:
    """508.4 / 400.7: a flipped permanent that leaves play forgets everything; an effect that
    named it ends (ending it again later is harmless). It comes back flipped only because
    the instruction says so (Homura-style), and then an effect for "legendary creatures" —
    which never named an object — applies to the new object."""
    out = run(rules, [
        {"put": "Budoka Pupil", "as": "pupil", "flipped": True},
        {"counters": "pupil", "kind": "+1/+1", "add": 1},
        {"effect": "giant", "kind": "modify_pt", "affects": "pupil", "power": 3, "toughness": 3},
        {"effect": "legends", "kind": "modify_pt", "affects": {"supertypes": ["Legendary"]},
         "power": 1, "toughness": 1},
        {"expect": {"pupil": {"name": "Ichiga, Who Topples Oaks", "power": 9, "toughness": 8}}},
        {"move": "pupil", "to": "exile"},
        {"expect": {"pupil": {"name": "Budoka Pupil", "flipped": False, "counters": {}}}},
        {"move": "pupil", "to": "battlefield", "flipped": True},
        {"end_effect": "giant"},
    ])
    pupil = obj(out, "pupil")
    assert (pupil["name"], pupil["power"], pupil["toughness"], pupil["counters"]) == (
        "Ichiga, Who Topples Oaks", 5, 4, {})


@pytest.mark.parametrize("entry", FLIP_CARDS, ids=[e["normal"]["name"] for e in FLIP_CARDS])
def test_508_1b_each_flipped_half_replaces_name_types_and_pt_but_not_cost_or_color(
        game: Game, entry: dict[str, Any]) -> None:
    """508.1b/508.1c: once flipped, the permanent has the printed bottom half's name, type
    line and power/toughness, and still the card's mana cost, mana value and color."""
    half = entry["flipped"]
    host = game.put("Grizzly Bears") if "Aura" in entry["normal"]["subtypes"] else None
    hero = game.put(entry["normal"]["name"], attached_to=host)
    assert game.flip(hero)
    assert hero.name == half["name"]
    assert list(hero.supertypes) == half["supertypes"]
    assert list(hero.types) == half["types"]
    assert list(hero.subtypes) == half["subtypes"]
    if "Creature" in half["types"]:
        assert (hero.power, hero.toughness) == (_pt(half["power"]), _pt(half["toughness"]))
    else:
        assert (hero.power, hero.toughness) == (None, None)
    assert hero.mana_cost == entry["mana_cost"]
    assert hero.mana_value == int(entry["mana_value"])
    assert list(hero.colors) == entry["colors"]


def test_508_1c_707_2_cost_and_color_of_a_copy_are_the_copied_cards_whichever_half(
        game: Game) -> None:
    """707.2: mana cost and color are copied; 508.1c: flipping never changes them. A green
    Runeclaw Bear becomes a copy of Kuon, Ogre Ascendant: {B}{B}{B}, mana value 3, black;
    flipped into Kuon's Essence, the same; a token copy of it (an unflipped Kuon), the same. A
    search of the battlefield for black permanents finds both, for green ones neither."""
    runeclaw = game.put("Runeclaw Bear")
    game.become_copy(runeclaw, game.put("Kuon, Ogre Ascendant", zone="graveyard"))
    assert (runeclaw.mana_cost, runeclaw.mana_value, runeclaw.colors) == ("{B}{B}{B}", 3, ("B",))
    game.flip(runeclaw)
    assert (runeclaw.name, runeclaw.mana_cost, runeclaw.mana_value, runeclaw.colors) == (
        "Kuon's Essence", "{B}{B}{B}", 3, ("B",))
    token = game.copy(runeclaw)
    assert (token.name, token.mana_cost, token.mana_value, token.colors) == (
        "Kuon, Ogre Ascendant", "{B}{B}{B}", 3, ("B",))
    assert set(game.search("battlefield", "Alice", Filter(colors=["B"]))) == {runeclaw, token}
    assert game.search("battlefield", "Alice", Filter(colors=["G"])) == []


@pytest.mark.parametrize("rules", EDITIONS)
def test_508_1c_a_color_change_stays_through_the_flip_and_layer_7_filters_see_it(
        rules: str) -> None:
    """508.1c: color belongs to the card and flipping does not change it; "any changes to it
    by external effects will still apply". A white Faithful Squire made red (layer 5) stays
    red as Kaiso, Memory of Loyalty, and a P/T effect for red creatures started BEFORE the
    color change applies (layer 7 after layer 5). The mana cost is the card's, {1}{W}{W}."""
    out = run(rules, [
        {"put": "Faithful Squire", "as": "squire"},
        {"effect": "red_pump", "kind": "modify_pt", "affects": {"colors": ["R"]},
         "power": 1, "toughness": 0},
        {"effect": "paint", "kind": "set_colors", "affects": "squire", "colors": ["R"]},
        {"flip": "squire"},
    ])
    squire = obj(out, "squire")
    assert (squire["name"], squire["colors"], squire["power"], squire["toughness"]) == (
        "Kaiso, Memory of Loyalty", ["R"], 4, 4)
    assert (squire["mana_cost"], squire["mana_value"]) == ("{1}{W}{W}", 3)


def test_508_1c_a_keyword_granted_before_the_flip_stays_printed_keywords_change(
        game: Game) -> None:
    """Ruling: only name, types, text and P/T change by flipping. Akki Lavarunner's printed
    haste belongs to the normal half and is gone; a keyword an effect gave it stays; Tok-Tok
    has its own protection from red."""
    akki = game.put("Akki Lavarunner")
    game.add_effect("add_keyword", akki, keyword="Trample")
    assert "Haste" in akki.keywords
    game.flip(akki)
    assert "Haste" not in akki.keywords
    assert "Trample" in akki.keywords
    assert "Protection" in akki.keywords          # printed as on the card: from red
    game.deal_damage(game.put("Shock", "graveyard", owner="Bob"), akki, 2)
    assert akki.damage == 0


def test_508_1c_a_set_pt_effect_on_the_unflipped_permanent_still_applies_after_it_flips(
        game: Game) -> None:
    """508.1c: changes made by external effects still apply after the flip. An effect that
    set the hero's base P/T to 0/2 overrides the flipped half's printed 3/4 too (layer 7b),
    and a +1/+1 counter still adds to it (7c)."""
    hero = game.put("Bushi Tenderfoot")
    game.add_effect("set_pt", hero, power=0, toughness=2)
    game.add_counters(hero, "+1/+1", 1)
    assert (hero.power, hero.toughness) == (1, 3)
    game.flip(hero)
    assert hero.name == "Kenzo the Hardhearted"
    assert (hero.power, hero.toughness) == (1, 3)


def test_508_1c_abilities_removed_before_the_flip_stay_removed_after_it(game: Game) -> None:
    """508.1c: an external effect that removed the unflipped hero's abilities still applies
    once it flips: Kenzo has neither double strike nor bushido, and Tok-Tok adds nothing to
    a red source's damage."""
    hero = game.put("Bushi Tenderfoot")
    game.add_effect("remove_all_abilities", hero)
    game.flip(hero)
    assert (hero.name, hero.keywords) == ("Kenzo the Hardhearted", ())
    akki = game.put("Akki Lavarunner")
    game.add_effect("remove_all_abilities", akki)
    game.flip(akki)
    game.deal_damage(game.put("Shock", "graveyard"), "Bob", 2)
    assert game.life("Bob") == 18


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_1c_external_color_and_type_effects_still_apply_after_flip(edition: str) -> None:
    """508.1c: "A flip card's color ... [doesn't] change ... Also, any changes to it by
    external effects will still apply." A "becomes blue" and an "is also an Artifact" effect
    survive the flip."""
    game = Game(edition)
    hero = game.put("Initiate of Blood")
    game.add_effect("set_colors", hero, colors=["U"])
    game.add_effect("add_types", hero, types=["Artifact"])
    game.flip(hero)
    assert hero.name == "Goka the Unjust"
    assert tuple(hero.colors) == ("U",)
    assert "Artifact" in hero.types and "Creature" in hero.types


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_1c_external_pt_setting_effect_still_applies_after_flip(edition: str) -> None:
    """508.1c: "Also, any changes to it by external effects will still apply." A "base
    power and toughness 0/1" effect created before the flip still sets Kenzo's P/T."""
    game = Game(edition)
    hero = game.put("Bushi Tenderfoot")
    game.add_effect("set_pt", hero, power=0, toughness=1)
    game.flip(hero)
    assert hero.name == "Kenzo the Hardhearted"
    assert (hero.power, hero.toughness) == (0, 1)


def test_508_1c_type_and_color_changes_on_the_unflipped_permanent_stay(game: Game) -> None:
    """508.1c: a type-changing (layer 4) and a color-changing (layer 5) effect aimed at the
    unflipped permanent keep applying to the flipped permanent: it is the same object."""
    hero = game.put("Bushi Tenderfoot")
    game.add_effect("add_types", hero, types=["Artifact"])
    game.add_effect("set_colors", hero, colors=["U"])
    game.flip(hero)
    assert hero.types == ("Artifact", "Creature") or set(hero.types) == {"Artifact", "Creature"}
    assert hero.supertypes == ("Legendary",)
    assert hero.colors == ("U",)


@pytest.mark.parametrize("rules", EDITIONS)
def test_508_2_a_battlefield_search_for_legends_finds_only_flipped_heroes(rules: str) -> None:
    """508.2: in play, before it flips, a hero has only its normal (nonlegendary) half; once
    flipped it is legendary. A search of Alice's permanents for legendary creatures finds the
    flipped one, not the unflipped one, nor Bob's flipped one (the filter's `controller`)."""
    out = run(rules, [
        {"put": "Nezumi Shortfang", "as": "unflipped"},
        {"put": "Nezumi Graverobber", "as": "flipped", "flipped": True},
        {"put": "Callow Jushi", "as": "bobs", "owner": "Bob", "flipped": True},
        {"search": "battlefield", "player": "Alice",
         "for": {"supertypes": ["Legendary"], "types": ["Creature"], "controller": "Alice"},
         "as": "legends"},
    ])
    assert out["results"]["legends"] == ["flipped"]
    assert obj(out, "flipped")["name"] == "Nighteyes the Desecrator"


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("zone", ["hand", "graveyard", "library", "exile"])
def test_508_2_a_card_outside_play_cannot_flip(edition: str, zone: str) -> None:
    """508.1b: the alternative characteristics "are used only if the permanent is in play";
    508.2: "In every zone other than the in-play zone ... only the normal characteristics"."""
    game = Game(edition)
    card = game.put("Bushi Tenderfoot", zone=zone)
    assert game.flip(card) is False
    assert card.name == "Bushi Tenderfoot"
    assert card.flipped is False


@pytest.mark.parametrize("zone", ["library", "hand", "graveyard", "exile"])
def test_508_2_a_flip_card_in_another_zone_has_only_its_normal_half(game: Game,
                                                                     zone: str) -> None:
    """508.2: in every zone but play, a flip card has only its normal characteristics, even
    when it is put there by the name of its flipped half."""
    card = game.put("Kenzo the Hardhearted", zone)
    assert (card.name, card.supertypes, card.power, card.toughness) == (
        "Bushi Tenderfoot", (), 1, 1)
    assert not card.flipped


def test_508_2_a_flip_card_on_the_stack_has_only_its_normal_half(game: Game) -> None:
    """508.2: "in every zone other than the in-play zone" a flip card has only its normal
    characteristics — the stack too. A Bushi Tenderfoot spell is named Bushi Tenderfoot and
    is not legendary; naming Kenzo the Hardhearted matches nothing; a permanent that becomes
    a copy of the spell is a Bushi Tenderfoot. The spell resolves into an unflipped
    permanent."""
    bears = game.put("Grizzly Bears")
    with game.holding_priority():
        spell = game.cast("Bushi Tenderfoot")
        assert (spell.zone, spell.name, spell.supertypes, spell.flipped) == (
            "stack", "Bushi Tenderfoot", (), False)
        assert game.name_card("Kenzo the Hardhearted").matches == ()
        assert game.name_card("Bushi Tenderfoot").matches == (spell,)
        game.become_copy(bears, spell)
        assert (bears.name, bears.power) == ("Bushi Tenderfoot", 1)
    game.resolve_stack()
    assert (spell.zone, spell.name, spell.flipped) == ("battlefield", "Bushi Tenderfoot", False)


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_2_a_flip_trigger_does_nothing_when_kuon_left_play(edition: str) -> None:
    """The ability "flip Kuon" resolves with Kuon in the graveyard: 508.2, a flip card has
    only its normal characteristics outside play; nothing flips."""
    game = Game(edition)
    kuon = game.put("Kuon, Ogre Ascendant")
    kill_bears(game, 3)
    with game.holding_priority():
        game.end_step()
    game.move(kuon, "graveyard")
    assert len(game.stack) == 0
    assert kuon.zone == "graveyard"
    assert not kuon.flipped
    assert kuon.name == "Kuon, Ogre Ascendant"


def test_508_2_a_flipped_essence_is_not_a_creature_and_anthems_skip_it(game: Game) -> None:
    """508.2: Erayo flips into a legendary enchantment: no power or toughness, no flying, and
    an anthem for creatures no longer touches it; its +1/+1 counters stay but do nothing."""
    erayo = game.put("Erayo, Soratami Ascendant")
    game.add_counters(erayo, "+1/+1", 2)
    game.add_effect("modify_pt", Filter(types=["Creature"]), power=1, toughness=1)
    assert (erayo.power, erayo.toughness) == (4, 4)
    game.flip(erayo)
    assert (erayo.types, erayo.power, erayo.toughness) == (("Enchantment",), None, None)
    assert "Flying" not in erayo.keywords
    assert erayo.counters == {"+1/+1": 2}
    assert erayo.zone == "battlefield"


def test_508_2_a_flipped_hero_that_dies_is_not_legendary_in_the_graveyard(game: Game) -> None:
    """508.2 and 508.4: a flipped hero put into a graveyard is the normal card there: a search
    of the graveyard for a legendary card does not find it, and it does not have the flipped
    name."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    game.damage(kenzo, 4)
    assert (kenzo.zone, kenzo.name, kenzo.flipped) == ("graveyard", "Bushi Tenderfoot", False)
    assert game.search("graveyard", "Alice", Filter(supertypes=["Legendary"])) == []
    assert game.name_card("Kenzo the Hardhearted").matches == ()
    assert game.name_card("Bushi Tenderfoot").matches == (kenzo,)


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_2_an_already_flipped_ki_card_has_no_end_step_trigger(edition: str) -> None:
    """508.2: once flipped, "the normal ... text box ... [doesn't] apply". Azamuki with two ki
    counters has no "if there are two or more ki counters ... flip it" ability to trigger."""
    game = Game(edition)
    azamuki = with_ki(game, "Cunning Bandit", 2, flipped=True)
    with game.holding_priority():
        game.end_step()
        assert len(game.stack) == 0
    assert azamuki.flipped


def test_508_2_an_anthem_for_legends_reaches_a_token_copy_only_once_it_flips(
        game: Game) -> None:
    """508.2's example applied to a copy: "legendary creatures get +2/+2" skips a token copy
    of Kenzo (an unflipped, nonlegendary Tenderfoot) and applies to it as soon as it flips
    (the original is moved away first, so no legend rule): 1/1 → Kenzo 5/6."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    game.add_effect("modify_pt", Filter(supertypes=["Legendary"], types=["Creature"]),
                    power=2, toughness=2)
    token = game.copy(kenzo)
    assert (token.power, token.toughness) == (1, 1)
    game.move(kenzo, "hand")
    assert game.flip(token)
    assert (token.name, token.power, token.toughness) == ("Kenzo the Hardhearted", 5, 6)


@pytest.mark.parametrize("rules", EDITIONS)
def test_508_2_an_effect_filtered_by_the_flipped_name_waits_for_the_flip(rules: str) -> None:
    """508.2: a permanent has the flipped half's name only once it has flipped. An effect for
    permanents named "Goka the Unjust" (a filter on the current name) skips the unflipped
    Initiate of Blood and applies the moment it flips; one for "A // B" applies to nothing."""
    out = run(rules, [
        {"put": "Initiate of Blood", "as": "ogre"},
        {"effect": "by_name", "kind": "modify_pt", "affects": {"name": "Goka the Unjust"},
         "power": 1, "toughness": 1},
        {"effect": "by_full", "kind": "modify_pt",
         "affects": {"name": "Initiate of Blood // Goka the Unjust"}, "power": 5, "toughness": 5},
        {"expect": {"ogre": {"power": 2, "toughness": 2}}},
        {"flip": "ogre"},
        {"expect": {"ogre": {"name": "Goka the Unjust", "power": 5, "toughness": 5}}},
    ])
    assert obj(out, "ogre")["flipped"] is True


def test_508_2_an_essence_in_the_graveyard_is_a_creature_card_for_nighteyes(
        game: Game) -> None:
    """508.2: Kuon's Essence put into a graveyard is the card Kuon, Ogre Ascendant there, a
    creature card; Nighteyes may return it, as Kuon, unflipped, under its own control."""
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    essence = game.put("Kuon, Ogre Ascendant", owner="Bob", flipped=True)
    game.move(essence, "graveyard")
    assert essence.types == ("Creature",)
    game.activate(nighteyes, target=essence)
    assert essence.name == "Kuon, Ogre Ascendant" and essence.controller == "Alice"
    assert essence.owner == "Bob"


def test_508_2_an_essence_with_damage_marked_does_not_die(game: Game) -> None:
    """Flipping is not a zone change and damage stays marked, but an enchantment is not
    destroyed by damage: Kuon with 3 damage flips into Kuon's Essence and stays."""
    kuon = game.put("Kuon, Ogre Ascendant")
    game.damage(kuon, 3)
    game.flip(kuon)
    assert (kuon.zone, kuon.name, kuon.damage) == ("battlefield", "Kuon's Essence", 3)


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_2_day_of_destiny_counts_flipped_heroes_its_controller_controls(edition: str) -> None:
    """508.2 example: "legendary creatures get +2/+2" affects a hero only once flipped; Day of
    Destiny gives the bonus to legendary creatures ITS CONTROLLER controls."""
    game = Game(edition)
    game.put("Day of Destiny")
    mine = game.put("Budoka Gardener")
    theirs = game.put("Orochi Eggwatcher", owner="Bob", flipped=True)
    assert (mine.power, mine.toughness) == (2, 1)
    game.flip(mine)
    assert (mine.power, mine.toughness) == (5, 5)
    assert (theirs.power, theirs.toughness) == (3, 3)


@pytest.mark.parametrize("rules", EDITIONS)
def test_508_2_day_of_destiny_pumps_only_its_controllers_legendary_creatures(
        rules: str) -> None:
    """Day of Destiny ("legendary creatures you control get +2/+2") as an effect with a
    filter: Alice's Kenzo 3/4 → 5/6; her unflipped Rune-Tail (an Ascendant is legendary on its
    normal half) 2/2 → 4/4; her unflipped Tenderfoot and her token copy of Kenzo (an unflipped
    Tenderfoot) stay 1/1; her Kuon's Essence is no creature (P/T null); Bob's Tomoya stays
    2/3."""
    out = run(rules, [
        {"put": "Bushi Tenderfoot", "as": "kenzo", "flipped": True},
        {"put": "Rune-Tail, Kitsune Ascendant", "as": "rune_tail"},
        {"put": "Bushi Tenderfoot", "as": "tenderfoot"},
        {"copy": "kenzo", "as": "tok"},
        {"put": "Kuon, Ogre Ascendant", "as": "essence", "flipped": True},
        {"put": "Jushi Apprentice", "as": "tomoya", "owner": "Bob", "flipped": True},
        {"effect": "destiny", "kind": "modify_pt",
         "affects": {"supertypes": ["Legendary"], "types": ["Creature"], "controller": "Alice"},
         "power": 2, "toughness": 2},
        {"expect": {"kenzo": {"power": 5, "toughness": 6},
                    "rune_tail": {"power": 4, "toughness": 4},
                    "tenderfoot": {"power": 1, "toughness": 1},
                    "tok": {"power": 1, "toughness": 1, "name": "Bushi Tenderfoot"},
                    "essence": {"power": None, "toughness": None},
                    "tomoya": {"power": 2, "toughness": 3}}},
    ])
    assert obj(out, "tok")["zone"] == "battlefield"


def test_508_2_enduring_ideal_finds_enchantment_cards_not_essences(game: Game) -> None:
    """Enduring Ideal: "search your library for an enchantment card". An Ascendant in the
    library is a creature card — its Essence half does not exist there (508.2), even for one
    that was an Essence before it was put there — but Curse of the Fire Penguin's normal half
    is an Aura, an enchantment card. Found: the Curse, Day of Destiny, Glorious Anthem and
    Pacifism."""
    for name in ("Curse of the Fire Penguin", "Kuon, Ogre Ascendant", "Day of Destiny",
                 "Glorious Anthem", "Pacifism", "Grizzly Bears"):
        game.put(name, zone="library")
    essence = game.put("Erayo, Soratami Ascendant", flipped=True)
    assert essence.types == ("Enchantment",)
    game.move(essence, "library")
    found = game.search("library", "Alice", Filter(types=["Enchantment"]))
    assert sorted(o.name for o in found) == ["Curse of the Fire Penguin", "Day of Destiny",
                                             "Glorious Anthem", "Pacifism"]
    creatures = game.search("library", "Alice", Filter(types=["Creature"]))
    assert sorted(o.name for o in creatures) == ["Erayo, Soratami Ascendant", "Grizzly Bears",
                                                 "Kuon, Ogre Ascendant"]


def test_508_2_example_anthem_started_before_the_flip_applies_once_it_flips(game: Game) -> None:
    """508.2 example: "legendary creatures get +2/+2" that began before the hero flipped
    applies to it as soon as it flips (the filter is checked against current
    characteristics), and not before."""
    hero = game.put("Nezumi Shortfang")
    game.add_effect("modify_pt", Filter(supertypes=["Legendary"], types=["Creature"]),
                    power=2, toughness=2)
    assert (hero.power, hero.toughness) == (1, 1)
    game.flip(hero)
    assert (hero.name, hero.power, hero.toughness) == ("Stabwhisker the Odious", 5, 5)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("zone", ["hand", "graveyard", "exile", "library"])
def test_508_2_flipped_card_leaving_play_has_normal_characteristics(
        edition: str, zone: str) -> None:
    """508.2: "In every zone other than the in-play zone ... a flip card has only the normal
    characteristics"; 508.4: "if a flipped permanent leaves play, it forgets its previous
    existence." Counters and damage go too."""
    game = Game(edition)
    hero = game.put("Hired Muscle", flipped=True)
    game.add_counters(hero, "ki", 2)
    game.damage(hero, 1)
    game.move(hero, zone)
    assert hero.zone == zone
    assert hero.name == "Hired Muscle"
    assert hero.flipped is False
    assert "Legendary" not in hero.supertypes
    assert tuple(hero.subtypes) == ("Human", "Warrior")
    assert hero.counters == {}
    assert hero.damage == 0


def test_508_2_flipped_half_loses_the_flip_ability(game: Game) -> None:
    akki = game.put("Akki Lavarunner", flipped=True)
    game.deal_damage(akki, "Bob", 1)
    assert not any("triggers" in line for line in game.log)


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_2_flipped_kuon_has_no_end_step_trigger(edition: str) -> None:
    """508.2: Kuon's Essence has only the bottom half's text; three deaths trigger nothing."""
    game = Game(edition)
    game.put("Kuon, Ogre Ascendant", flipped=True)
    kill_bears(game, 3, owner="Alice")
    with game.holding_priority():
        game.end_step()
        assert len(game.stack) == 0


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_2_honor_worn_shaku_needs_a_flipped_hero(edition: str) -> None:
    """508.2: heroes' base versions are not legendary. Honor-Worn Shaku's cost "tap an
    untapped legendary permanent you control" can't use an unflipped hero, a flipped one
    can."""
    game = Game(edition)
    shaku = game.put("Honor-Worn Shaku")
    game.tap(shaku)
    hero = game.put("Orochi Eggwatcher")
    with pytest.raises(IllegalActionError):
        game.activate(shaku, tap=hero)
    assert hero.tapped is False
    game.flip(hero)
    game.activate(shaku, tap=hero)
    game.resolve_stack()
    assert hero.tapped is True
    assert shaku.tapped is False


@pytest.mark.parametrize("rules", EDITIONS)
@pytest.mark.parametrize("zone", ["library", "graveyard", "exile", "hand"])
def test_508_2_search_for_a_legendary_card_in_any_hidden_zone_skips_heroes_not_ascendants(
        rules: str, zone: str) -> None:
    """508.2 and its example: outside play a hero has only its normal, nonlegendary half, so
    a search "for a legendary card" never finds it — not even one that was flipped before it
    left play (508.4: it forgets). A Saviors Ascendant's normal half IS legendary, so it is
    found; its Essence half is not an enchantment card there."""
    out = run(rules, [
        {"put": "Bushi Tenderfoot", "as": "hero", "zone": zone},
        {"put": "Kitsune Mystic", "as": "was_flipped", "flipped": True},
        {"move": "was_flipped", "to": zone},
        {"put": "Sasaya, Orochi Ascendant", "as": "ascendant", "zone": zone},
        {"search": zone, "player": "Alice", "for": {"supertypes": ["Legendary"]}, "as": "legends"},
        {"search": zone, "player": "Alice", "for": {"types": ["Enchantment"]},
         "as": "enchantments"},
        {"search": zone, "player": "Alice", "for": {"subtypes": ["Samurai"]}, "as": "samurai"},
        {"search": zone, "player": "Alice", "for": {"name": "Autumn-Tail, Kitsune Sage"},
         "as": "by_flipped_name"},
    ])
    assert out["results"] == {"legends": ["ascendant"], "enchantments": [], "samurai": [],
                              "by_flipped_name": []}


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_2_summoning_sickness_kept_and_haste_lost_on_flip(edition: str) -> None:
    """508.2: once flipped the normal text box no longer applies. Akki Lavarunner cast this
    turn has haste; flipped into Tok-Tok (no haste) it is the same permanent that came this
    turn, so it cannot attack."""
    game = Game(edition)
    akki = game.cast("Akki Lavarunner")
    assert akki.zone == "battlefield"
    game.flip(akki)
    assert akki.name == "Tok-Tok, Volcano Born"
    assert "Haste" not in akki.keywords
    with pytest.raises(IllegalActionError):
        game.attack([akki])


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_2_time_of_need_finds_ascendant_but_not_hero(edition: str) -> None:
    """508.2 example: "search your library for a legendary card" won't find a hero; an
    Ascendant's normal half is legendary itself, so it is found."""
    game = Game(edition)
    hero = game.put("Bushi Tenderfoot", zone="library")
    ascendant = game.put("Kuon, Ogre Ascendant", zone="library")
    game.cast("Time of Need")
    assert ascendant.zone == "hand"
    assert hero.zone == "library"


def test_508_2_time_of_need_finds_only_legendary_creature_cards_in_the_library(
        game: Game) -> None:
    """Time of Need: "search your library for a legendary creature card". In the library a
    hero is only its normal half (508.2's example), even one that was flipped before it went
    there; an Ascendant is a legendary creature card; Day of Destiny is legendary but an
    enchantment and Legacy Weapon an artifact. Only the Ascendants are found."""
    for name in ("Bushi Tenderfoot", "Rune-Tail, Kitsune Ascendant", "Day of Destiny",
                 "Legacy Weapon", "Grizzly Bears"):
        game.put(name, zone="library")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    game.move(kenzo, "library")
    homura = game.put("Homura, Human Ascendant", flipped=True)   # Homura's Essence
    game.move(homura, "library")
    found = game.search("library", "Alice", Filter(supertypes=["Legendary"], types=["Creature"]))
    assert sorted(o.name for o in found) == ["Homura, Human Ascendant",
                                             "Rune-Tail, Kitsune Ascendant"]
    legends = game.search("library", "Alice", Filter(supertypes=["Legendary"]))
    assert sorted(o.name for o in legends) == ["Day of Destiny", "Homura, Human Ascendant",
                                               "Legacy Weapon", "Rune-Tail, Kitsune Ascendant"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_3_damage_and_tapped_status_kept_through_flip(edition: str) -> None:
    """508.3 / ruling 2: flipping is not leaving play; "any counters or other effects remain
    on it" — damage marked and the tapped status stay (flipped and tapped are separate)."""
    game = Game(edition)
    mystic = game.put("Kitsune Mystic")
    game.damage(mystic, 2)
    game.tap(mystic)
    game.flip(mystic)
    assert mystic.name == "Autumn-Tail, Kitsune Sage"
    assert mystic.damage == 2
    assert mystic.tapped is True
    assert mystic.zone == "battlefield"


def test_508_4_a_bushi_tenderfoot_copying_homura_dies_and_returns_flipped_as_kenzo(
        game: Game) -> None:
    """A Bushi Tenderfoot that became a copy of Homura, Human Ascendant dies as a Homura, so
    Homura's "return it to the battlefield flipped" triggers (leaves-the-battlefield
    abilities look back, 603.10). "It" is the card — a Bushi Tenderfoot — and it enters with
    flipped status: a new object that is Kenzo the Hardhearted 3/4, with no damage (508.4:
    the instruction says it enters flipped)."""
    tenderfoot = game.put("Bushi Tenderfoot")
    game.become_copy(tenderfoot, game.put("Homura, Human Ascendant", zone="graveyard",
                                          owner="Bob"))
    assert (tenderfoot.name, tenderfoot.power) == ("Homura, Human Ascendant", 4)
    game.damage(tenderfoot, 4)
    assert (tenderfoot.zone, tenderfoot.name, tenderfoot.flipped) == (
        "battlefield", "Kenzo the Hardhearted", True)
    assert (tenderfoot.power, tenderfoot.toughness, tenderfoot.damage) == (3, 4, 0)
    assert game.creatures_died_this_turn == 1


def test_508_4_a_flip_trigger_of_a_permanent_that_left_and_came_back_does_nothing(
        game: Game) -> None:
    """400.7 / 508.4: a flip ability on the stack refers to the object it came from; if the
    card left play and came back before it resolves, the new object does not flip."""
    mystic = game.put("Kitsune Mystic")
    game.put("Pacifism", attached_to=mystic)
    game.put("Pacifism", attached_to=mystic)
    with game.holding_priority():
        game.end_step()
        assert len(game.stack) == 1
        game.move(mystic, "exile")
        game.move(mystic, "battlefield")
    game.resolve_stack()
    assert (mystic.zone, mystic.flipped) == ("battlefield", False)


def test_508_4_a_flipped_hero_returned_to_hand_and_cast_again_enters_unflipped(
        game: Game) -> None:
    """508.4: Kenzo with counters is returned to its owner's hand (it forgets everything),
    then cast again: it enters the battlefield as an unflipped Bushi Tenderfoot with no
    counters, and can flip again later."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    game.add_counters(kenzo, "+1/+1", 2)
    game.move(kenzo, "hand")
    assert (kenzo.name, kenzo.flipped, kenzo.counters) == ("Bushi Tenderfoot", False, {})
    game.cast(kenzo)
    assert (kenzo.zone, kenzo.name, kenzo.flipped, kenzo.counters, kenzo.power) == (
        "battlefield", "Bushi Tenderfoot", False, {}, 1)
    assert game.flip(kenzo) and kenzo.power == 3


def test_508_4_a_flipped_permanent_blinked_returns_unflipped_and_forgets(game: Game) -> None:
    """508.4: a flipped permanent that leaves play forgets its existence: exiled and returned,
    it is the normal half, with no counters, and the effects aimed at the old object and the
    Aura that enchanted it are gone."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    game.add_counters(kenzo, "+1/+1", 1)
    game.add_effect("modify_pt", kenzo, power=5, toughness=5)
    pacifism = game.put("Pacifism", attached_to=kenzo)
    game.move(kenzo, "exile")
    assert pacifism.zone == "graveyard"
    game.move(kenzo, "battlefield")
    assert (kenzo.name, kenzo.flipped, kenzo.power, kenzo.toughness, kenzo.counters) == (
        "Bushi Tenderfoot", False, 1, 1, {})


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_4_akki_lavarunner_flip_trigger_does_not_flip_the_new_object(edition: str) -> None:
    """508.4: "if a flipped permanent leaves play, it forgets its previous existence." The
    Lavarunner's trigger ("flip it") resolves after the card left and came back: the new
    object is not the one the ability refers to, so it stays unflipped."""
    game = Game(edition)
    akki = game.put("Akki Lavarunner")
    with game.holding_priority():
        game.deal_damage(akki, "Bob", 1)
        assert len(game.stack) == 1
        game.move(akki, "graveyard")
        game.move(akki, "battlefield")
    game.resolve_stack()
    assert akki.zone == "battlefield"
    assert akki.flipped is False
    assert akki.name == "Akki Lavarunner"


def test_508_4_control_change_keeps_a_flipped_permanent_flipped(game: Game) -> None:
    """Flipped status is a status of the permanent; gaining control of it changes nothing of
    it, and when control returns it is still flipped."""
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    goka = game.put("Initiate of Blood", owner="Bob", flipped=True)
    game.activate(azamuki, target=goka)
    assert (goka.controller, goka.name, goka.flipped) == ("Alice", "Goka the Unjust", True)
    game.next_turn()
    assert (goka.controller, goka.name, goka.flipped) == ("Bob", "Goka the Unjust", True)


def test_508_4_flip_instructions_that_do_nothing(game: Game) -> None:
    """Ruling 3 / 508.4: flipping a flipped permanent, a card that is not a flip card, a
    token that is not a copy of a flip card, or a card on the stack does nothing."""
    hero = game.put("Bushi Tenderfoot", flipped=True)
    bears = game.put("Grizzly Bears")
    snake = game.create_token("Snake", "Alice")
    assert not game.flip(hero) and hero.name == "Kenzo the Hardhearted"
    assert not game.flip(bears) and not bears.flipped
    assert not game.flip(snake) and not snake.flipped
    with game.holding_priority():
        spell = game.cast("Akki Lavarunner")
        assert spell.zone == "stack"
        assert not game.flip(spell)
    game.resolve_stack()
    assert spell.zone == "battlefield" and not spell.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_4_flipped_card_returning_to_play_is_unflipped_and_unenchanted(edition: str) -> None:
    """508.4: "if a flipped permanent leaves play, it forgets its previous existence." Kenzo
    exiled and returned is an unflipped Bushi Tenderfoot; its Aura went to the graveyard and
    the pump that applied to it does not follow it."""
    game = Game(edition)
    hero = game.put("Bushi Tenderfoot", flipped=True)
    pacifism = game.put("Pacifism", attached_to=hero)
    game.add_effect("modify_pt", hero, power=3, toughness=3, until_end_of_turn=True)
    game.add_counters(hero, "+1/+1", 2)
    game.move(hero, "exile")
    assert pacifism.zone == "graveyard"
    game.move(hero, "battlefield")
    assert hero.flipped is False
    assert hero.name == "Bushi Tenderfoot"
    assert (hero.power, hero.toughness) == (1, 1)
    assert hero.counters == {}
    assert game.auras_on(hero) == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_4_stolen_flipped_hero_stays_flipped_when_control_returns(edition: str) -> None:
    """508.4: flipping is one-way and only leaving play resets it; a control change is not
    leaving play. Azamuki takes Bob's Autumn-Tail until end of turn; it comes back flipped."""
    game = Game(edition)
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    sage = game.put("Kitsune Mystic", flipped=True, owner="Bob")
    game.damage(sage, 1)
    game.activate(azamuki, target=sage)
    game.resolve_stack()
    assert sage.controller == "Alice"
    assert sage.flipped is True and sage.damage == 1
    game.next_turn()
    assert sage.controller == "Bob"
    assert sage.flipped is True
    assert sage.name == "Autumn-Tail, Kitsune Sage"


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_4_stolen_unflipped_hero_flipped_by_thief_stays_flipped(edition: str) -> None:
    """508.4: "Once a permanent has been flipped, it's impossible to flip the permanent back
    again." Alice steals Bob's Tenderfoot, it flips under her control, Bob gets back Kenzo."""
    game = Game(edition)
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    foot = game.put("Bushi Tenderfoot", owner="Bob")
    game.activate(azamuki, target=foot)
    game.resolve_stack()
    assert foot.controller == "Alice"
    game.flip(foot)
    game.next_turn()
    assert foot.controller == "Bob"
    assert foot.name == "Kenzo the Hardhearted"


def test_508_4_tapped_status_and_summoning_sickness_are_kept_across_the_flip(
        game: Game) -> None:
    """Flipping is not a zone change: a tapped hero stays tapped, and one that came under its
    controller's control this turn is still "summoning sick" after it flips (302.6). Akki
    Lavarunner could attack at once thanks to haste; once it is Tok-Tok (no haste) it cannot."""
    akki = game.put("Akki Lavarunner", zone="hand")
    game.cast(akki)
    assert akki.zone == "battlefield"
    game.tap(akki)
    game.flip(akki)
    assert akki.tapped
    game.untap(akki)
    with pytest.raises(IllegalActionError):
        game.attack([akki])


def test_508_every_flip_card_description_says_what_flips_it() -> None:
    for c in all_cards():
        if c.is_flip_card:
            assert c.flip_condition.strip(), c.name


@pytest.mark.parametrize("rules", EDITIONS)
def test_508_flip_instructions_that_cannot_flip_change_nothing_and_are_not_errors(
        rules: str) -> None:
    """508.2 / 508.4: only an unflipped flip permanent flips; "flip" aimed at a
    card in a library, at a permanent that is not a flip card, at one already flipped or at a
    token that has ceased to exist does nothing. It is a legal instruction, not an invalid
    scenario, and nothing changes."""
    out = run(rules, [
        {"put": "Budoka Gardener", "as": "lib", "zone": "library"},
        {"put": "Grizzly Bears", "as": "bears"},
        {"put": "Budoka Gardener", "as": "dokai", "flipped": True},
        {"copy": "dokai", "as": "tok"},
        {"move": "tok", "to": "exile"},
        {"flip": "lib"}, {"flip": "bears"}, {"flip": "dokai"}, {"flip": "tok"},
    ])
    assert (obj(out, "lib")["zone"], obj(out, "lib")["name"], obj(out, "lib")["flipped"]) == (
        "library", "Budoka Gardener", False)
    assert (obj(out, "bears")["name"], obj(out, "bears")["flipped"]) == ("Grizzly Bears", False)
    assert (obj(out, "dokai")["name"], obj(out, "dokai")["power"]) == ("Dokai, Weaver of Life", 3)
    assert obj(out, "tok")["zone"] is None


def test_710_flipping_an_attacking_bushi_tenderfoot_keeps_it_attacking_with_double_strike(
        game: Game) -> None:
    """Flipping is not a zone change (today's 710, 2004's 508 and its rulings: the permanent
    keeps its status and effects): an
    attacking Bushi Tenderfoot flipped before damage is still the same attacking creature,
    now Kenzo with double strike. The first-strike step happens (510.4: it has double strike
    as the combat damage step begins): 3 twice. Bob 14."""
    tenderfoot = game.put("Bushi Tenderfoot")
    game.attack([tenderfoot])
    game.flip(tenderfoot)
    assert game.attacking(tenderfoot) == "Bob"
    game.combat_damage()
    assert game.life("Bob") == 14


@pytest.mark.parametrize("rules", ["2004", "current"])
def test_508_2_a_card_that_is_not_a_flip_card_put_flipped_shows_its_normal_half_and_says_so(
        rules: str) -> None:
    """Flipped status is a status any permanent may have (Homura's return gives it to a copy);
    only a flip card shows another half because of it. A reader who puts Grizzly Bears
    "flipped" sees a 2/2 Grizzly Bears, and the log says the status changes nothing it shows;
    a flip card put flipped gets no such note."""
    out = run(rules, [{"put": "Grizzly Bears", "as": "bears", "flipped": True},
                      {"put": "Bushi Tenderfoot", "as": "hero", "flipped": True}])
    bears = obj(out, "bears")
    assert (bears["name"], bears["power"], bears["flipped"]) == ("Grizzly Bears", 2, True)
    assert "Grizzly Bears is not a flip card, so its flipped status changes nothing it shows" \
        in out["log"][0]
    assert "not a flip card" not in out["log"][1]
