"""The ordinary cards of the data whose text the model plays: Glorious Anthem and Day of
Destiny (static abilities, layer 7c) and Legacy Weapon (a replacement effect, 614.1a)."""

from __future__ import annotations

import pytest

from flipcards import EDITIONS, Filter, Game, IllegalActionError, run_scenario


def test_508_2_day_of_destiny_skips_the_unflipped_hero_and_counts_it_once_flipped(
        game: Game) -> None:
    """508.2's example with the card that says it: "legendary creatures you control get
    +2/+2". Bushi Tenderfoot is a 1/1 until it flips; Kenzo is 3/4 and gets the bonus. Bob's
    Tok-Tok, legendary too, does not: the enchantment is Alice's."""
    game.put("Day of Destiny")
    hero = game.put("Bushi Tenderfoot")
    theirs = game.put("Akki Lavarunner", owner="Bob", flipped=True)
    assert (hero.power, hero.toughness) == (1, 1)
    game.flip(hero)
    assert (hero.power, hero.toughness) == (5, 6)
    assert (theirs.power, theirs.toughness) == (2, 2)


def test_day_of_destiny_as_a_scenario_and_ending_when_it_leaves() -> None:
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Day of Destiny", "as": "day"},
        {"put": "Akki Lavarunner", "as": "akki", "flipped": True},
        {"expect": {"akki": {"name": "Tok-Tok, Volcano Born", "power": 4, "toughness": 4}}},
        {"move": "day", "to": "graveyard"},
        {"expect": {"akki": {"power": 2, "toughness": 2}}}]})
    assert out["failures"] == []


def test_glorious_anthem_gives_its_controllers_creatures_one_each(game: Game) -> None:
    """+1/+1 to each creature its controller controls, counters and flipping included; an
    Essence is no creature, and a card in a library has no bonus."""
    game.put("Glorious Anthem")
    bears = game.put("Grizzly Bears")
    game.add_counters(bears, "+1/+1", 1)
    theirs = game.put("Runeclaw Bear", owner="Bob")
    essence = game.put("Kuon, Ogre Ascendant", flipped=True)
    library = game.put("Grizzly Bears", "library")
    assert (bears.power, bears.toughness) == (4, 4)
    assert (theirs.power, essence.power, library.power) == (2, None, 2)


def test_two_anthems_and_an_anthem_that_lost_its_abilities(game: Game) -> None:
    """Each Glorious Anthem is its own effect; one whose abilities an effect removed (layer
    6) gives nothing."""
    first = game.put("Glorious Anthem")
    game.put("Glorious Anthem")
    bears = game.put("Grizzly Bears")
    assert bears.power == 4
    game.add_effect("remove_all_abilities", first)
    assert bears.power == 3


@pytest.mark.parametrize(("edition", "left"), [("2004", 2), ("current", 1)])
def test_legend_rule_legacy_weapon_goes_to_its_owners_library(edition: str, left: int) -> None:
    """Legacy Weapon would be put into a graveyard by the legend rule; its own text puts it
    into its owner's library instead. 2004: both copies go, whoever controls them; today
    Alice keeps one (the newest by default)."""
    game = Game(edition)
    weapons = [game.put("Legacy Weapon"), game.put("Legacy Weapon")]
    assert [w.zone for w in weapons].count("library") == left
    assert game.objects("graveyard", "Alice") == []
    assert "it is shuffled into Alice's library instead" in "\n".join(game.log)


@pytest.mark.parametrize("edition", EDITIONS)
def test_legacy_weapon_discarded_or_moved_goes_to_the_bottom_of_the_library(
        edition: str) -> None:
    """From anywhere: a discarded Legacy Weapon and one moved to the graveyard by an
    instruction both end in the library (at the bottom: the model does not shuffle), and the
    next card drawn is still the top one."""
    game = Game(edition)
    top = game.put("Island", "library")
    in_hand = game.put("Legacy Weapon", "hand")
    in_play = game.put("Legacy Weapon", owner="Bob")
    game.discard(in_hand)
    game.move(in_play, "graveyard")
    assert (in_hand.zone, in_play.zone) == ("library", "library")
    assert in_play.owner == "Bob" and game.objects("library", "Bob") == [in_play]
    assert game.draw("Alice") == [top]


def test_legacy_weapon_without_its_abilities_goes_to_the_graveyard() -> None:
    """The replacement is an ability of the permanent: with its abilities removed (layer 6),
    a Legacy Weapon in play goes to the graveyard like anything else."""
    game = Game("current")
    weapon = game.put("Legacy Weapon")
    game.add_effect("remove_all_abilities", Filter(types=["Artifact"]))
    game.move(weapon, "graveyard")
    assert weapon.zone == "graveyard"


def test_honor_worn_shaku_is_untapped_by_tapping_a_flipped_hero(game: Game) -> None:
    """Honor-Worn Shaku: "tap an untapped legendary permanent you control: untap it". An
    unflipped hero is not legendary (508.2) and cannot pay; once flipped it can, even the
    turn it arrived (the cost is not its own {T}). A tapped legend or Bob's cannot."""
    shaku = game.put("Honor-Worn Shaku")
    game.tap(shaku)
    hero = game.cast("Bushi Tenderfoot")
    with pytest.raises(IllegalActionError, match="not legendary \\(it has not flipped\\)"):
        game.activate(shaku, tap=hero)
    assert shaku.tapped and not hero.tapped
    theirs = game.put("Akki Lavarunner", owner="Bob", flipped=True)
    with pytest.raises(IllegalActionError, match="Bob controls it"):
        game.activate(shaku, tap=theirs)
    game.flip(hero)
    game.activate(shaku, tap=hero)
    assert hero.tapped and not shaku.tapped
    game.tap(shaku)
    with pytest.raises(IllegalActionError, match="it is tapped"):
        game.activate(shaku, tap=hero)


def test_honor_worn_shaku_in_a_scenario() -> None:
    out = run_scenario({"rules": "2004", "steps": [
        {"put": "Honor-Worn Shaku", "as": "shaku"},
        {"put": "Nezumi Shortfang", "as": "rat", "flipped": True},
        {"tap": "shaku"},
        {"activate": "shaku", "tap": "rat"},
        {"expect": {"shaku": {"tapped": False}, "rat": {"tapped": True}}}]})
    assert out["failures"] == []
