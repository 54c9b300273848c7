"""Keyword abilities an effect gives (702): the model applies each one it lets an effect give
(deathtouch 702.2, defender 702.3, hexproof 702.11, indestructible 702.12, landwalk 702.14,
lifelink 702.15, shroud 702.18, vigilance 702.20, besides the combat keywords of
test_rules_702_combat_keywords), and refuses to give one it does not apply, or one written
with a quality or a number it cannot read, rather than take a word that changes nothing.
"""

from __future__ import annotations

import re

import pytest
from helpers import combat, ready, run

from flipcards import EDITIONS, FlipCardsError, Game, IllegalActionError, UnknownNameError


def test_702_2b_bushi_tenderfoot_with_deathtouch_kills_homura_and_flips() -> None:
    """704.5h: a creature dealt damage by a source with deathtouch is destroyed, whatever its
    toughness: 1 damage kills a 4/4 Homura, which returns as its Essence, and Bushi Tenderfoot
    flips, as a creature it damaged died."""
    game = Game("current")
    bushi = game.put("Bushi Tenderfoot")
    homura = game.put("Homura, Human Ascendant", owner="Bob")
    game.add_effect("add_keyword", bushi, keyword="Deathtouch")
    game.deal_damage(bushi, homura, 1)
    assert bushi.flipped
    assert any("source with deathtouch" in line for line in game.log)
    essence = game.objects(zone="battlefield", player="Bob")
    assert [o.name for o in essence] == ["Homura's Essence"]


def test_702_2c_a_trampler_with_deathtouch_assigns_1_to_each_blocker() -> None:
    """With deathtouch 1 damage is lethal to a blocker (702.2c, 702.19b): a 5/5 trampler
    blocked by a 2/5 assigns it 1 and the rest, 4, to the player; the blocker dies."""
    game = Game("current")
    attacker, blocker = combat(game, "Grizzly Bears", "Runeclaw Bear", attacker_keyword="Trample")
    game.add_effect("add_keyword", attacker, keyword="Deathtouch")
    game.add_effect("modify_pt", attacker, power=3, toughness=3)
    game.add_effect("modify_pt", blocker, power=0, toughness=3)
    game.block(blocker, attacker)
    game.combat_damage()
    assert game.life("Bob") == 16
    assert blocker.zone == "graveyard"


def test_702_2_deathtouch_is_not_in_the_rules_of_2004() -> None:
    game = Game("2004")
    with pytest.raises(FlipCardsError, match="the rules of 2004 have no keyword ability "
                                             "Deathtouch"):
        game.add_effect("add_keyword", game.put("Grizzly Bears"), keyword="Deathtouch")


def test_702_17_reach_is_not_in_the_rules_of_2004_where_only_flying_blocks_flying() -> None:
    """Reach became a keyword in 2007, as deathtouch and lifelink did: a 2004 game refuses it,
    and a refused block of a flyer there says only what 2004's rule said (flying)."""
    game = Game("2004")
    with pytest.raises(FlipCardsError, match="the rules of 2004 have no keyword ability Reach"):
        game.add_effect("add_keyword", game.put("Grizzly Bears", owner="Bob"), keyword="Reach")
    erayo = game.put("Erayo, Soratami Ascendant")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.attack([erayo])
    with pytest.raises(IllegalActionError, match=r"Erayo, Soratami Ascendant has flying, and "
                       r"Grizzly Bears does not \(2004 CR 502\.4b\)$"):
        game.block(bears, erayo)
    today = Game("current")
    erayo = today.put("Erayo, Soratami Ascendant")
    bears = today.put("Grizzly Bears", owner="Bob")
    today.attack([erayo])
    with pytest.raises(IllegalActionError, match="neither flying nor reach"):
        today.block(bears, erayo)
    today.add_effect("add_keyword", bears, keyword="Reach")
    today.block(bears, erayo)


@pytest.mark.parametrize("rules", EDITIONS)
def test_702_12b_an_indestructible_creature_survives_lethal_damage_and_destroy(
        rules: str) -> None:
    """Lethal damage (704.5g) and "destroy" do not destroy it; toughness 0 still puts it into
    the graveyard (704.5f is not destruction)."""
    out = run(rules, [
        {"put": "Grizzly Bears", "as": "bears"},
        {"effect": "hard", "kind": "add_keyword", "affects": "bears",
         "keyword": "Indestructible"},
        {"damage": "bears", "amount": 5},
        {"expect": {"bears": {"zone": "battlefield", "damage": 5}}},
        {"effect": "small", "kind": "modify_pt", "affects": "bears", "toughness": -2},
        {"expect": {"bears": {"zone": "graveyard"}}},
    ])
    assert out["failures"] == []


def test_702_12b_an_indestructible_essence_is_not_destroyed_by_kami_of_ancient_law() -> None:
    game = Game("current")
    essence = game.put("Homura, Human Ascendant", flipped=True, owner="Bob")
    game.add_effect("add_keyword", essence, keyword="Indestructible")
    game.activate(game.put("Kami of Ancient Law"), target=essence)
    game.resolve()
    assert essence.zone == "battlefield"
    assert any("indestructible" in line for line in game.log)


def test_702_3b_a_creature_with_defender_cannot_attack(game: Game) -> None:
    bears = game.put("Grizzly Bears")
    game.add_effect("add_keyword", bears, keyword="Defender")
    ready(game)
    with pytest.raises(IllegalActionError, match="it has defender"):
        game.attack([bears])


def test_702_20b_attacking_does_not_tap_a_creature_with_vigilance(game: Game) -> None:
    watcher, other = game.put("Grizzly Bears"), game.put("Runeclaw Bear")
    game.add_effect("add_keyword", watcher, keyword="Vigilance")
    ready(game)
    game.attack([watcher, other])
    assert not watcher.tapped and other.tapped
    assert game.log[-1].startswith("Alice attacks Bob with Grizzly Bears and Runeclaw Bear; "
                                   "attacking taps Runeclaw Bear; Grizzly Bears has vigilance "
                                   "and stays untapped")


def test_702_15b_lifelink_damage_gains_its_controller_that_much_life() -> None:
    game = Game("current")
    akki = game.put("Akki Lavarunner")
    game.add_effect("add_keyword", akki, keyword="Lifelink")
    game.deal_damage(akki, "Bob", 1)
    assert (game.life("Alice"), game.life("Bob")) == (21, 19)
    assert akki.flipped  # and Akki Lavarunner flips as ever


def test_702_18a_shroud_and_702_11b_hexproof_against_an_opponents_spell() -> None:
    """Shock cannot target a creature with shroud, anyone's; nor, cast by an opponent, one
    with hexproof, which its controller's own Shock may target."""
    game = Game("current")
    shrouded, hexproof = game.put("Grizzly Bears", owner="Bob"), game.put("Runeclaw Bear")
    game.add_effect("add_keyword", shrouded, keyword="Shroud")
    game.add_effect("add_keyword", hexproof, keyword="Hexproof")
    with pytest.raises(IllegalActionError, match="has shroud, so Shock cannot target it"):
        game.cast(game.put("Shock", "hand"), target=shrouded)
    with pytest.raises(IllegalActionError, match="has hexproof, and an opponent controls"):
        game.cast(game.put("Shock", "hand", owner="Bob"), target=hexproof)
    game.cast(game.put("Shock", "hand"), target=hexproof)
    game.resolve()
    assert hexproof.zone == "graveyard"


def test_702_18a_an_ability_cannot_target_a_creature_with_shroud(game: Game) -> None:
    initiate = game.put("Initiate of Blood")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.damage(bears, 1)
    game.add_effect("add_keyword", bears, keyword="Shroud")
    with pytest.raises(IllegalActionError, match="has shroud, so Initiate of Blood's ability "
                                                 "cannot target it"):
        game.activate(initiate, target=bears)


def test_702_14c_a_swampwalker_cannot_be_blocked_while_the_defender_has_a_swamp(
        game: Game) -> None:
    attacker, blocker = combat(game, "Grizzly Bears", "Runeclaw Bear",
                               attacker_keyword="swampwalk")
    game.put("Swamp", owner="Bob")
    with pytest.raises(IllegalActionError, match="has swampwalk, and Bob controls a Swamp"):
        game.block(blocker, attacker)


@pytest.mark.parametrize(("keyword", "said"), [
    ("Phasing", "Phasing is a keyword ability the model does not apply"),
    ("Menace", "Menace is a keyword ability the model does not apply"),
    ("Protection", "say what the protection is from"),
    ("Protection from Legendary", "no color 'Legendary' to have protection from"),
    ("Bushido", "Bushido needs its number"),
    ("Bushido two", "Bushido needs its number"),
])
def test_702_an_effect_gives_no_keyword_the_model_would_not_apply(
        game: Game, keyword: str, said: str) -> None:
    """Accepted, such a keyword would be one more word on the creature that changes nothing:
    a reader would believe it applied."""
    with pytest.raises(FlipCardsError, match=said) as raised:
        game.add_effect("add_keyword", game.put("Grizzly Bears"), keyword=keyword)
    assert raised.value.argument == "keyword"


def test_702_16a_a_protection_quality_misspelt_is_refused_with_the_color_meant(
        game: Game) -> None:
    with pytest.raises(UnknownNameError, match="no color 'redd' to have protection from; did "
                                               "you mean 'red'"):
        game.add_effect("add_keyword", game.put("Grizzly Bears"), keyword="Protection from redd")


def test_702_an_effect_may_still_remove_a_keyword_the_model_does_not_apply(game: Game) -> None:
    """Removing is harmless: a card's printed keywords are kept whatever they are."""
    bears = game.put("Grizzly Bears")
    game.add_effect("remove_keyword", bears, keyword="Phasing")
    assert bears.keywords == ()


@pytest.mark.parametrize(("rules", "keyword", "said"), [
    ("current", "Protection from redd", "no color 'redd' to have protection from; did you mean "
                                        "'red'"),
    ("2004", "Deathtouch", "the rules of 2004 have no keyword ability Deathtouch"),
    ("current", "Bushido two", "Bushido needs its number"),
])
def test_702_an_effect_that_takes_a_keyword_away_is_refused_where_it_would_match_nothing(
        rules: str, keyword: str, said: str) -> None:
    """A keyword taken away is read as one given is: a misspelt color or a keyword its rules
    do not have would take nothing away, and the reader would not know it."""
    game = Game(rules)
    with pytest.raises(FlipCardsError, match=said) as raised:
        game.add_effect("remove_keyword", game.put("Kenzo the Hardhearted"), keyword=keyword)
    assert raised.value.argument == "keyword"


@pytest.mark.parametrize("rules", EDITIONS)
def test_702_45_and_702_16_an_effect_takes_away_every_bushido_or_every_protection_by_its_name(
        rules: str) -> None:
    """"Loses bushido" or "loses protection" needs no number or color: all of them go."""
    game = Game(rules)
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    game.add_effect("add_keyword", kenzo, keyword="Protection from red")
    game.add_effect("remove_keyword", kenzo, keyword="bushido")
    game.add_effect("remove_keyword", kenzo, keyword="protection")
    assert kenzo.keywords == ("Double strike",)


@pytest.mark.parametrize(("keyword", "said"), [
    ("Legendary landwalk", "Legendary landwalk is a keyword ability of no basic land type the "
                           "model does not apply"),
    ("Landwalk", "and a landwalk of a basic land type (Plainswalk, Islandwalk, Swampwalk, "
                 "Mountainwalk or Forestwalk)"),
])
def test_702_14_an_effect_gives_the_landwalk_of_a_basic_land_type_and_says_so(
        game: Game, keyword: str, said: str) -> None:
    """The refusal of a landwalk the model does not apply names those it does; "Swamp walk",
    as some write it, is swampwalk."""
    bears = game.put("Grizzly Bears")
    with pytest.raises(FlipCardsError, match=re.escape(said)):
        game.add_effect("add_keyword", bears, keyword=keyword)
    game.add_effect("add_keyword", bears, keyword="Swamp walk")
    assert bears.keywords == ("Swampwalk",)
