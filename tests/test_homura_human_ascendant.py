"""Homura, Human Ascendant // Homura's Essence: it can't block and, when it dies, returns to the
battlefield flipped; the Essence gives its controller's creatures +2/+2, flying and
firebreathing.

Each test is one situation of this card, named after the half it is about: its flip
condition at the boundary (one short, and exactly enough), what each half's abilities do,
and how the card meets the rest of the rules.
"""

from __future__ import annotations

import pytest
from helpers import flipped

from flipcards import EDITIONS, Game, IllegalActionError, ScenarioError, run_scenario


def test_homura_2004_two_homuras_die_return_and_die_again() -> None:
    """2004 legend rule: a second Homura arrives and both are put into the graveyard: both
    died, both return flipped. Two Homura's Essences are then in play: the legend rule puts
    both into the graveyard again, and an enchantment going there has not died, so nothing
    returns this time."""
    game = Game("2004")
    first = game.put("Homura, Human Ascendant")
    second = game.put("Homura, Human Ascendant")
    assert (first.zone, second.zone) == ("graveyard", "graveyard")
    assert first.name == second.name == "Homura, Human Ascendant"
    assert game.objects("battlefield") == []


def test_homura_cannot_block(game: Game) -> None:
    """Homura, Human Ascendant: "It can't block." """
    homura = game.put("Homura, Human Ascendant", owner="Bob")
    bears = game.put("Grizzly Bears")
    game.attack([bears])
    with pytest.raises(IllegalActionError):
        game.block(homura, bears)


def test_homura_cannot_block_but_its_essence_pumps_creatures_you_control(game: Game) -> None:
    """Homura can't block; Homura's Essence gives creatures you control +2/+2 and flying,
    the ones that arrive later too."""
    homura = game.put("Homura, Human Ascendant", owner="Bob")
    bears = game.put("Grizzly Bears")
    game.next_turn()
    game.next_turn()
    game.attack([bears])
    with pytest.raises(IllegalActionError):
        game.block(homura, bears)
    game.end_combat()
    game.damage(homura, 4)
    assert homura.name == "Homura's Essence" and homura.controller == "Bob"
    later = game.put("Runeclaw Bear", owner="Bob")
    assert (later.power, later.toughness, "Flying" in later.keywords) == (4, 4, True)


def test_homura_current_keep_chooses_which_homura_stays() -> None:
    """704.5j: the player chooses which legend to keep. Alice keeps the first Homura; the
    new one goes to the graveyard, dies, and comes back as Homura's Essence."""
    game = Game("current")
    first = game.put("Homura, Human Ascendant")
    second = game.put("Homura, Human Ascendant", keep=[first])
    assert (first.name, first.zone) == ("Homura, Human Ascendant", "battlefield")
    assert (second.name, second.zone) == ("Homura's Essence", "battlefield")


def test_homura_current_the_homura_put_away_returns_as_the_essence() -> None:
    """Today: Alice keeps one Homura (the newest) and puts the other into the graveyard: it
    died, and returns flipped. The kept Homura is then a 6/6 with flying and still cannot
    block."""
    game = Game("current")
    first = game.put("Homura, Human Ascendant")
    second = game.put("Homura, Human Ascendant")
    assert (first.zone, first.name) == ("battlefield", "Homura's Essence")
    assert (second.power, second.toughness) == (6, 6) and "Flying" in second.keywords


@pytest.mark.parametrize("edition", EDITIONS)
def test_homura_dies_returns_flipped(edition: str) -> None:
    """Homura: "When Homura dies, return it to the battlefield flipped." The returned card is
    a new object, flipped from the moment it enters (508.4)."""
    game = Game(edition)
    homura = game.put("Homura, Human Ascendant")
    game.damage(homura, 4)
    assert homura.zone == "battlefield"
    assert homura.flipped and homura.name == "Homura's Essence"
    assert homura.damage == 0


def test_homura_dies_with_pacifism_and_returns_without_it(game: Game) -> None:
    """Pacifism attached to Homura goes to the graveyard as a state-based action when Homura
    dies; the returned Homura's Essence is a new object with nothing attached."""
    homura = game.put("Homura, Human Ascendant")
    pacifism = game.put("Pacifism", owner="Bob", attached_to=homura)
    game.damage(homura, 4)
    assert homura.name == "Homura's Essence" and pacifism.zone == "graveyard"
    assert game.auras_on(homura) == []


def test_homura_essence_copy_is_a_homura_that_cannot_block(game: Game) -> None:
    """A token copy of Homura's Essence is the unflipped Homura, Human Ascendant: a creature
    with "can't block"."""
    essence = game.put("Homura, Human Ascendant", owner="Bob", flipped=True)
    token = game.copy(essence)
    assert token.name == "Homura, Human Ascendant" and token.controller == "Bob"
    bears = game.put("Grizzly Bears")
    game.attack([bears])
    with pytest.raises(IllegalActionError):
        game.block(token, bears)


@pytest.mark.parametrize("edition", EDITIONS)
def test_homura_essence_destroyed_looks_back_no_return(edition: str) -> None:
    """603.10 (2004: 410.10d): a leaves-play ability triggers based on the object as it last
    existed in play. Homura's Essence had only the bottom half's text (508.2), no "return it"
    ability: it stays in the graveyard, as the normal card."""
    game = Game(edition)
    essence = game.put("Homura, Human Ascendant", flipped=True)
    kami = game.put("Kami of Ancient Law")
    game.activate(kami, target=essence)
    assert len(game.stack) == 0
    assert essence.zone == "graveyard"
    assert not essence.flipped
    assert essence.name == "Homura, Human Ascendant"


def test_homura_exiled_does_not_return(game: Game) -> None:
    homura = game.put("Homura, Human Ascendant")
    game.move(homura, "exile")
    assert homura.zone == "exile"


def test_homura_firebreathing_pump_outlasts_the_essence(game: Game) -> None:
    """The "+1/+0 until end of turn" of a resolved activation is an effect of its own
    (611.2): it stays when Homura's Essence, which granted the ability, leaves. The +2/+2
    and flying end with the Essence."""
    essence = game.put("Homura, Human Ascendant", flipped=True)
    bears = game.put("Grizzly Bears")
    game.activate(bears)
    assert (bears.power, bears.toughness) == (5, 4)
    game.move(essence, "exile")
    assert (bears.power, bears.toughness) == (3, 2) and "Flying" not in bears.keywords


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_homura_returning_meets_an_essence_already_there(edition: str) -> None:
    """Alice controls Homura's Essence; her Homura dies and returns as a second Homura's
    Essence. 2004: both go to the graveyard; today: she keeps the newest. The Essence put
    away is an enchantment, so it does not return."""
    game = Game(edition)
    old = game.put("Homura, Human Ascendant", flipped=True)
    homura = game.put("Homura, Human Ascendant")
    game.damage(homura, 6)                                  # a 6/6 under the old Essence
    if edition == "2004":
        assert (old.zone, homura.zone) == ("graveyard", "graveyard")
    else:
        assert (old.zone, homura.zone) == ("graveyard", "battlefield")
        assert homura.name == "Homura's Essence"


@pytest.mark.parametrize("edition", EDITIONS)
def test_homura_returns_and_its_essence_triggers_student_of_elements(edition: str) -> None:
    """Homura's return is one trigger; the Essence it returns as gives "Your creatures ...
    flying", which is Student of Elements' state ("When Student of Elements has flying, flip
    it"): a second trigger, after the first resolved. Tobita gets +2/+2: 5/5."""
    game = Game(edition)
    student = game.put("Student of Elements")
    homura = game.put("Homura, Human Ascendant")
    with game.holding_priority():
        game.damage(homura, 4)
        assert [item.source for item in game.stack] == [homura]
        game.resolve()
        assert homura.flipped and not student.flipped
        assert [item.source for item in game.stack] == [student]
    game.resolve_stack()
    assert student.name == "Tobita, Master of Winds"
    assert (student.power, student.toughness) == (5, 5)


def test_homura_returns_as_the_essence_and_its_static_ability_applies(game: Game) -> None:
    homura = game.put("Homura, Human Ascendant")
    bears = game.put("Grizzly Bears")
    game.damage(homura, 4)
    assert homura.name == "Homura's Essence"
    assert bears.power == 4


def test_homura_returns_flipped_as_a_new_object(game: Game) -> None:
    homura = game.put("Homura, Human Ascendant")
    game.add_counters(homura, "+1/+1", 2)
    game.damage(homura, 6)
    assert (homura.zone, homura.name, homura.flipped) == ("battlefield", "Homura's Essence", True)
    assert (homura.counters, homura.damage) == ({}, 0)       # no memory of the old object
    game.move(homura, "graveyard")               # the Essence has no such ability
    assert homura.zone == "graveyard"


@pytest.mark.parametrize("edition", EDITIONS)
def test_homura_returns_flipped_as_new_object(edition: str) -> None:
    """Homura's text returns it to play flipped; 508.4: a permanent that left play "forgets
    its previous existence" — its counters are gone and it is now Homura's Essence."""
    game = Game(edition)
    homura = game.put("Homura, Human Ascendant")
    game.add_counters(homura, "+1/+1", 1)
    game.damage(homura, 5)
    game.resolve_stack()
    assert homura.zone == "battlefield"
    assert homura.flipped is True
    assert homura.name == "Homura's Essence"
    assert homura.counters == {}
    assert homura.damage == 0
    assert homura.power is None


def test_homura_returns_flipped_under_the_abilitys_controller_in_2004_too() -> None:
    """Homura returns flipped, under the player who put it into play: the controller of its
    ability, who controlled Homura when it died (2004: "A permanent's controller is the player
    who put it into play"; cards of the time that meant the owner said so, as Otherworldly
    Journey's "return that card to play under its owner's control")."""
    game = Game("2004")
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    homura = game.put("Homura, Human Ascendant", owner="Bob")
    game.activate(azamuki, target=homura)
    game.damage(homura, 4)
    assert (homura.zone, homura.name, homura.owner, homura.controller) == (
        "battlefield", "Homura's Essence", "Bob", "Alice")


def test_homura_sacrificed_to_kuons_essence_returns_as_homuras_essence(
        game: Game) -> None:
    """Kuon's Essence makes Alice sacrifice a creature at her upkeep; Homura, her only one,
    dies and returns flipped (sacrificing puts it into the graveyard from the battlefield)."""
    game.put("Kuon, Ogre Ascendant", flipped=True)
    homura = game.put("Homura, Human Ascendant")
    game.next_turn()                                      # Bob's upkeep: he has none
    assert homura.name == "Homura, Human Ascendant"
    game.next_turn()                                      # Alice's upkeep
    assert (homura.zone, homura.name) == ("battlefield", "Homura's Essence")


@pytest.mark.parametrize("edition", EDITIONS)
def test_homura_trigger_waits_card_leaves_graveyard(edition: str) -> None:
    """Homura's ability waits on the stack; the card leaves the graveyard in response (a new
    object, 400.7): the ability cannot return it from exile."""
    game = Game(edition)
    homura = game.put("Homura, Human Ascendant")
    with game.holding_priority():
        game.damage(homura, 4)
        assert [item.source.name for item in game.stack] == ["Homura, Human Ascendant"]
        game.move(homura, "exile")
    game.resolve_stack()
    assert homura.zone == "exile"
    assert not homura.flipped


def test_homura_with_flying_from_an_essence_still_cannot_block(game: Game) -> None:
    """Homura can't block, even when Homura's Essence (a different name: both coexist) makes
    it a 6/6 flier."""
    homura = game.put("Homura, Human Ascendant", owner="Bob")
    game.put("Homura, Human Ascendant", owner="Bob", flipped=True)
    assert homura.zone == "battlefield" and "Flying" in homura.keywords
    bears = game.put("Grizzly Bears")
    game.attack([bears])
    with pytest.raises(IllegalActionError):
        game.block(homura, bears)


def test_homuras_essence_anthem_and_flying(game: Game) -> None:
    """Homura's Essence: "Your creatures get +2/+2 and flying" -- not the opponent's."""
    game.put("Homura, Human Ascendant", flipped=True)
    mine = game.put("Grizzly Bears")
    theirs = game.put("Runeclaw Bear", owner="Bob")
    assert (mine.power, mine.toughness) == (4, 4)
    assert "Flying" in mine.keywords
    assert (theirs.power, theirs.toughness) == (2, 2)
    assert "Flying" not in theirs.keywords


def test_homuras_essence_bonus_reaches_an_animated_rune_tails_essence(game: Game) -> None:
    """613 layers: the type change (layer 4) comes first, so Homura's Essence's "creatures
    you control get +2/+2 and have flying" sees Rune-Tail's Essence as a creature: a 0/0 that
    becomes 2/2 with flying and survives."""
    game.put("Homura, Human Ascendant", flipped=True)
    essence = game.put("Rune-Tail, Kitsune Ascendant", flipped=True)
    game.add_effect("add_types", essence, types=["Creature"])
    assert essence.zone == "battlefield"
    assert (essence.power, essence.toughness) == (2, 2) and "Flying" in essence.keywords


@pytest.mark.parametrize("edition", EDITIONS)
def test_homuras_essence_firebreathing_costs_red(edition: str) -> None:
    """Homura's Essence: "... each of them can pay {R} to get +1/+0" -- not without {R}."""
    game = Game(edition, costs="paid")
    game.put("Homura, Human Ascendant", flipped=True)
    mine = game.put("Grizzly Bears")
    with pytest.raises(IllegalActionError):
        game.activate(mine)
    assert mine.power == 4
    game.add_mana("Alice", "{R}")
    game.activate(mine)
    assert mine.power == 5


def test_homuras_essence_firebreathing_until_end_of_turn(game: Game) -> None:
    """Homura's Essence: "... each of them can pay {R} to get +1/+0 until end of turn." """
    game.put("Homura, Human Ascendant", flipped=True)
    mine = game.put("Grizzly Bears")
    game.activate(mine)
    assert mine.power == 5
    game.next_turn()
    assert mine.power == 4
    theirs = game.put("Runeclaw Bear", owner="Bob")
    with pytest.raises(IllegalActionError):
        game.activate(theirs)


def test_homuras_essence_grants_nothing_without_the_essence(game: Game) -> None:
    bears = game.put("Grizzly Bears")
    with pytest.raises(IllegalActionError, match="no activated ability"):
        game.activate(bears)


def test_homuras_essence_grants_r_plus_one_plus_zero_until_end_of_turn(game: Game) -> None:
    bears = game.put("Grizzly Bears")
    flipped(game, "Homura, Human Ascendant")
    game.activate(bears)
    game.activate(bears)
    assert bears.power == 6
    game.next_turn()
    assert bears.power == 4


def test_homuras_essence_grant_is_lost_to_a_later_lose_all_abilities_613_1f(
        game: Game) -> None:
    """Layer 6 in timestamp order: a creature that lost all its abilities after the Essence
    began to give them has neither its flying nor its "{R}: +1/+0"; one that lost them before
    the Essence arrived has both (the grant is later)."""
    bears = game.put("Grizzly Bears")
    flipped(game, "Homura, Human Ascendant")
    game.add_effect("remove_all_abilities", bears)
    assert bears.keywords == ()
    with pytest.raises(IllegalActionError, match="lost all its abilities"):
        game.activate(bears)
    assert bears.power == 4
    other = Game(game.edition)
    bears = other.put("Grizzly Bears")
    other.add_effect("remove_all_abilities", bears)
    flipped(other, "Homura, Human Ascendant")
    assert "Flying" in bears.keywords
    other.activate(bears)
    assert bears.power == 5


def test_homuras_essence_leaving_kills_a_damaged_creature(game: Game) -> None:
    """704.5g: a Bears with 3 damage lives as a 4/4 under Homura's Essence; when the Essence
    leaves, it is a 2/2 with lethal damage and dies."""
    essence = game.put("Homura, Human Ascendant", flipped=True)
    bears = game.put("Grizzly Bears")
    game.damage(bears, 3)
    assert bears.zone == "battlefield"
    game.move(essence, "graveyard")
    assert bears.zone == "graveyard"


def test_homuras_essence_not_itself(game: Game) -> None:
    """Homura's Essence is an enchantment: "Your creatures get +2/+2" does not make it a
    creature or give it power."""
    essence = game.put("Homura, Human Ascendant", flipped=True)
    assert essence.power is None
    assert "Creature" not in essence.types


def test_homuras_essence_pumps_and_gives_flying_to_its_controllers_creatures(
        game: Game) -> None:
    bears = game.put("Grizzly Bears")
    theirs = game.put("Grizzly Bears", owner="Bob")
    flipped(game, "Homura, Human Ascendant")
    assert (bears.power, bears.toughness) == (4, 4) and "Flying" in bears.keywords
    assert (theirs.power, theirs.toughness) == (2, 2) and "Flying" not in theirs.keywords


@pytest.mark.parametrize("edition", EDITIONS)
def test_stolen_homura_returns_under_the_abilitys_controller(edition: str) -> None:
    """Homura: "When Homura ... is put into a graveyard from play, return it to play
    flipped." The card comes back as a new object (508.4) under the control of the player who
    put it into play — the controller of the triggered ability, who controlled Homura when it
    died (2004 glossary: "A permanent's controller is whoever put it into play unless the
    spell or ability that put the permanent into play states otherwise"; today 110.2a)."""
    game = Game(edition)
    homura = game.put("Homura, Human Ascendant", owner="Bob", controller="Alice")
    game.damage(homura, 4)
    game.resolve_stack()
    assert homura.zone == "battlefield"
    assert homura.name == "Homura's Essence"
    assert homura.owner == "Bob"
    assert homura.controller == "Alice"


def test_homura_a_clone_of_it_dies_as_homura_and_the_log_names_homura() -> None:
    """The ability that triggers is the one the Clone copied: the log named it after the card
    in the graveyard ("Clone's ability triggers"), not the object that died (603.10). (Today's
    rules: under 2004's legend rule the two would die together as they met.)"""
    game = Game("current")
    homura = game.put("Homura, Human Ascendant", owner="Bob")
    clone = game.put("Clone", copying=homura)
    game.move(clone, "graveyard")
    assert any(line.startswith("Homura, Human Ascendant's ability triggers: ")
               for line in game.log)
    assert not any(line.startswith("Clone's ability") for line in game.log)
    assert (clone.name, clone.flipped) == ("Clone", False)   # the Clone returns as itself


@pytest.mark.parametrize("named", ["homura's essence", "HOMURA'S ESSENCE",
                                   "Homura, Human Ascendant // Homura's Essence",
                                   "Homura, Human Ascendant"])
def test_homuras_essence_the_ability_it_grants_is_named_by_either_half_in_any_case(
        named: str) -> None:
    """An activate step's "ability" is a card's name, which a reader may write as they write
    any other: either half, "A // B", any letter case. "homura's essence" was refused, saying
    that Homura's Essence grants the ability."""
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Homura, Human Ascendant", "flipped": True, "as": "essence"},
        {"put": "Grizzly Bears", "as": "bears"}, {"activate": "bears", "ability": named}]})
    assert out["objects"]["bears"]["power"] == 2 + 2 + 1   # the Essence's +2/+2, the ability
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "current", "steps": [
            {"put": "Homura, Human Ascendant", "flipped": True, "as": "essence"},
            {"put": "Grizzly Bears", "as": "bears"},
            {"activate": "bears", "ability": "Kitsune Mystic"}]})
    assert str(caught.value) == ("steps[2].ability: Grizzly Bears has no ability granted by "
                                 "Kitsune Mystic; Homura's Essence grants it one")


@pytest.mark.parametrize(("edition", "leaves"), [("current", "leaves the battlefield"),
                                                 ("2004", "leaves play")])
def test_homura_a_token_copy_that_dies_returns_nothing_and_the_log_says_why(
        edition: str, leaves: str) -> None:
    """A token copy of Homura dies (to the legend rule): its ability triggers, and does
    nothing, as the token has ceased to exist. The log said "the card has left the
    graveyard": there was no card."""
    game = Game(edition)
    homura = game.put("Homura, Human Ascendant")
    copy = game.copy(homura, keep=[homura] if edition == "current" else [])
    game.resolve_stack()
    assert copy.zone is None
    assert any(f"does nothing: a token that {leaves} ceases to exist" in line
               for line in game.log), game.log[-4:]
