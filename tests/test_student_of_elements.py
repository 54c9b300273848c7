"""Student of Elements // Tobita, Master of Winds: it flips when it has flying, whatever gives it;
Tobita gives its controller's creatures flying.

Each test is one situation of this card, named after the half it is about: its flip
condition at the boundary (one short, and exactly enough), what each half's abilities do,
and how the card meets the rest of the rules.
"""

from __future__ import annotations

import pytest

from flipcards import EDITIONS, Filter, Game


def test_student_of_elements_controlled_by_the_opponent_gets_no_flying_from_tobita(
        game: Game) -> None:
    """Tobita: "Creatures you control have flying": Bob's Student of Elements is not Alice's
    creature, has no flying, and does not flip."""
    tobita = game.put("Student of Elements", flipped=True)
    theirs = game.put("Student of Elements", owner="Bob")
    assert "Flying" in tobita.keywords
    assert "Flying" not in theirs.keywords and not theirs.flipped


def test_student_of_elements_does_not_flip_when_a_later_effect_removes_tobitas_flying(
        game: Game) -> None:
    """613.7 (timestamps in layer 6): Alice's creatures lose flying by an effect that began
    after Tobita was on the battlefield and flipped, so it applies after Tobita's grant. A
    Student of Elements arriving later never has flying and never flips."""
    tobita = game.put("Student of Elements", flipped=True)
    game.add_effect("remove_keyword", Filter(types=["Creature"], controller="Alice"),
                    keyword="Flying")
    student = game.put("Student of Elements")
    assert "Flying" not in tobita.keywords
    assert "Flying" not in student.keywords and not student.flipped


def test_student_of_elements_entering_with_flying_flips(game: Game) -> None:
    """Student of Elements: it flips whenever it has flying, also when it comes into play
    under Tobita's control (Tobita gives it flying at once)."""
    tobita = game.put("Student of Elements", flipped=True)
    student = game.put("Student of Elements", "hand")
    game.cast(student)
    flipped = [line for line in game.log if "flips: it is now Tobita" in line]
    assert len(flipped) == 1
    if game.edition == "2004":      # two Tobitas in play: both go
        assert (tobita.zone, student.zone) == ("graveyard", "graveyard")
    else:                           # the controller keeps the newest
        assert (tobita.zone, student.zone) == ("graveyard", "battlefield")


@pytest.mark.parametrize("edition", EDITIONS)
def test_student_of_elements_flickered_with_anthem_flying_retriggers(edition: str) -> None:
    """The old object's trigger does nothing to the returned Student (new object, 508.4); the
    new Student still has flying from an effect on all Alice's creatures, so its own state
    trigger triggers and flips it (603.8)."""
    game = Game(edition)
    student = game.put("Student of Elements")
    with game.holding_priority():
        game.add_effect("add_keyword", Filter(types=["Creature"], controller="Alice"),
                        keyword="Flying")
        assert len(game.stack) == 1
        game.move(student, "exile")
        game.move(student, "battlefield")
        assert len(game.stack) == 2
    game.resolve_stack()
    assert student.flipped
    assert sum("flips" in line for line in game.log) == 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_student_of_elements_flips_when_it_comes_under_tobitas_controller(edition: str) -> None:
    """Student of Elements: "When Student of Elements has flying, flip it." Bob's Student,
    stolen by Alice who controls Tobita, gains flying and flips into a second Tobita. Ruling 4
    (2004): "all of them will be put into their owners' graveyards"; today (704.5j) Alice
    keeps one and the other goes to its owner's graveyard."""
    game = Game(edition)
    tobita = game.put("Student of Elements", flipped=True)
    student = game.put("Student of Elements", owner="Bob")
    assert student.flipped is False and "Flying" not in student.keywords
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    game.activate(azamuki, target=student, keep=[tobita])
    game.resolve_stack(keep=[tobita])
    assert student.zone == "graveyard"
    assert student in game.objects("graveyard", "Bob")
    assert tobita.zone == ("graveyard" if edition == "2004" else "battlefield")


def test_student_of_elements_flips_when_it_gets_flying_from_anything(game: Game) -> None:
    student = game.put("Student of Elements")
    game.add_effect("add_keyword", student, keyword="Trample")
    assert not student.flipped
    game.add_effect("add_keyword", student, keyword="Flying")
    assert student.name == "Tobita, Master of Winds"


@pytest.mark.parametrize("edition", EDITIONS)
def test_student_of_elements_flying_removed_in_response_still_flips(edition: str) -> None:
    """"When Student of Elements has flying, flip it": a state trigger without an intervening
    "if"; the flying ending in response does not stop the flip."""
    game = Game(edition)
    student = game.put("Student of Elements")
    with game.holding_priority():
        wings = game.add_effect("add_keyword", student, keyword="Flying")
        assert [item.source for item in game.stack] == [student]
        game.end_effect(wings)
        game.add_effect("add_keyword", student, keyword="Flying")
        assert len(game.stack) == 1  # 603.8: not again while it waits
    game.resolve_stack()
    assert student.flipped
    assert student.name == "Tobita, Master of Winds"


def test_student_of_elements_gets_flying_from_homuras_essence_and_flips(game: Game) -> None:
    """Student of Elements flips whenever it has flying, whatever the source: Homura's
    Essence gives Alice's creatures +2/+2 and flying, so a Student that enters flips, and
    Tobita is a 5/5 with flying."""
    game.put("Homura, Human Ascendant", flipped=True)
    student = game.put("Student of Elements")
    assert student.name == "Tobita, Master of Winds"
    assert (student.power, student.toughness) == (5, 5) and "Flying" in student.keywords


def test_student_of_elements_stolen_gets_flying_flips_and_stays_flipped_when_it_goes_back(
        game: Game) -> None:
    """Alice's Azamuki takes Bob's Student of Elements until end of turn; under Alice's
    Homura's Essence it has flying and flips. At cleanup it returns to Bob still flipped
    (508.4: one way; a control change does not unflip), and Tobita now gives Bob's
    creatures flying."""
    game.put("Homura, Human Ascendant", flipped=True)
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    student = game.put("Student of Elements", owner="Bob")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.activate(azamuki, target=student)
    assert student.name == "Tobita, Master of Winds" and student.controller == "Alice"
    game.next_turn()
    assert student.controller == "Bob" and student.flipped
    assert "Flying" in bears.keywords and (student.power, student.toughness) == (3, 3)


def test_student_of_elements_unflipped_gives_no_flying(game: Game) -> None:
    """Student of Elements: "No abilities other than the one that flips it." """
    game.put("Student of Elements")
    mine = game.put("Grizzly Bears")
    assert "Flying" not in mine.keywords


@pytest.mark.parametrize("edition", EDITIONS)
def test_student_of_elements_without_abilities_then_abilities_return(edition: str) -> None:
    """A state trigger triggers whenever its state is true (603.8). While Student of Elements
    has lost all abilities, flying gives nothing to trigger; once the loss ends it has both the
    ability and flying, so it triggers then and flips."""
    game = Game(edition)
    student = game.put("Student of Elements")
    silence = game.add_effect("remove_all_abilities", student)
    with game.holding_priority():
        game.add_effect("add_keyword", student, keyword="Flying")
        assert "Flying" in student.keywords
        assert len(game.stack) == 0
        game.end_effect(silence)
        assert [item.source for item in game.stack] == [student]
    game.resolve_stack()
    assert student.flipped


def test_tobita_filter_sanity() -> None:
    """Tobita (2004 "in play"): a flipped Tobita's flying reaches a creature that arrives
    later too."""
    game = Game("2004")
    game.put("Student of Elements", flipped=True)
    later = game.cast("Grizzly Bears")
    assert "Flying" in later.keywords
    assert game.search("battlefield", "Alice", Filter(name="Grizzly Bears")) == [later]


def test_tobita_flying_only_while_on_battlefield(game: Game) -> None:
    """Tobita's static ability applies only while it is on the battlefield (508.1b)."""
    tobita = game.put("Student of Elements", flipped=True)
    mine = game.put("Grizzly Bears")
    game.move(tobita, "graveyard")
    assert "Flying" not in mine.keywords


def test_tobita_gives_every_creature_its_controller_controls_flying_613_layer_6(
        game: Game) -> None:
    bears = game.put("Grizzly Bears")
    theirs = game.put("Runeclaw Bear", owner="Bob")
    student = game.put("Student of Elements")
    assert "Flying" not in bears.keywords
    game.add_effect("add_keyword", student, keyword="Flying")   # flips into Tobita
    assert student.name == "Tobita, Master of Winds"
    assert "Flying" in bears.keywords and "Flying" in student.keywords
    assert "Flying" not in theirs.keywords                       # not the opponent's
    game.move(student, "graveyard")
    assert "Flying" not in bears.keywords                        # it ends with Tobita


@pytest.mark.parametrize("edition", EDITIONS)
def test_tobita_gives_flying_to_its_controllers_creatures(edition: str) -> None:
    """Tobita: "Creatures you control have flying." Alice owns it, Bob controls it: Bob's
    creatures fly, Alice's don't."""
    game = Game(edition)
    game.put("Student of Elements", flipped=True, controller="Bob")
    bobs = game.put("Grizzly Bears", owner="Bob")
    alices = game.put("Runeclaw Bear")
    assert "Flying" in bobs.keywords
    assert "Flying" not in alices.keywords


def test_tobita_gives_your_creatures_flying(game: Game) -> None:
    """Tobita: "Every creature you control has flying." -- not the opponent's."""
    game.put("Student of Elements", flipped=True)
    mine = game.put("Grizzly Bears")
    theirs = game.put("Runeclaw Bear", owner="Bob")
    assert "Flying" in mine.keywords
    assert "Flying" not in theirs.keywords
