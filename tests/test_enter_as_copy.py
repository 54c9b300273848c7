"""Clone and Spark Double entering the battlefield as a copy of a permanent.

Rules and rulings: the seed's ruling "If you copy a flipped permanent, you get the normal,
unflipped version. That copy may flip later if certain conditions are met."; 707.2 (copiable
values: the printed card, both halves, mana cost and color included; not the status), 707.3 (the
copy's own status picks the half), 707.9b (exceptions such as Spark Double's "isn't legendary"
are part of the copiable values), 614.1c (it is a copy as it enters), the legend rule of each
edition.
"""

from __future__ import annotations

import pytest
from helpers import obj, run

from flipcards import Game, IllegalActionError, ScenarioError


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_clone_of_a_flipped_hero_is_the_unflipped_version_and_may_flip(edition: str) -> None:
    game = Game(edition)
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    clone = game.put("Clone", copying=kenzo, controller="Bob")
    assert (clone.name, clone.flipped, clone.power, clone.toughness) == (
        "Bushi Tenderfoot", False, 1, 1)
    # Its copiable values are the printed card's: mana cost and color too (707.2).
    assert (clone.mana_cost, clone.colors) == ("{W}", ("W",))
    game.flip(clone)
    assert "Bushi Tenderfoot flips: it is now Kenzo the Hardhearted." in game.log
    # Two legendary Kenzos: under 2004's legend rule both go; today each player keeps their own.
    if edition == "2004":
        assert [kenzo.zone, clone.zone, clone.name] == ["graveyard", "graveyard", "Clone"]
    else:
        assert [kenzo.zone, clone.zone] == ["battlefield", "battlefield"]
        assert (clone.name, clone.supertypes) == ("Kenzo the Hardhearted", ("Legendary",))


def test_clone_leaves_as_clone() -> None:
    game = Game("current")
    clone = game.put("Clone", copying=game.put("Jushi Apprentice"))
    assert clone.name == "Jushi Apprentice"
    game.move(clone, "graveyard")
    assert (clone.name, clone.zone) == ("Clone", "graveyard")


def test_spark_double_is_not_legendary_even_once_flipped() -> None:
    game = Game("current")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    double = game.put("Spark Double", copying=kenzo)
    assert (double.name, double.counters, double.power) == ("Bushi Tenderfoot", {"+1/+1": 1}, 2)
    game.flip(double)
    assert (double.name, double.supertypes, double.power, double.toughness) == (
        "Kenzo the Hardhearted", (), 4, 5)
    # Not legendary: the legend rule leaves both Kenzos alone.
    assert kenzo.zone == double.zone == "battlefield"
    # A copy of the copy is not legendary either (707.9b), and has no counter.
    token = game.copy(double)
    game.flip(token)
    assert (token.name, token.supertypes, token.counters) == ("Kenzo the Hardhearted", (), {})


def test_spark_double_copies_only_what_its_controller_controls() -> None:
    game = Game("current")
    kenzo = game.put("Kenzo the Hardhearted", flipped=True, controller="Bob", owner="Bob")
    with pytest.raises(IllegalActionError, match="Spark Double copies a permanent Alice "
                       "controls; Kenzo the Hardhearted is controlled by Bob"):
        game.put("Spark Double", copying=kenzo)
    assert game.objects("battlefield", "Alice") == []   # nothing happened
    assert game.put("Spark Double", copying=kenzo, owner="Bob").name == "Bushi Tenderfoot"


@pytest.mark.parametrize(("what", "zone", "flipped", "message"), [
    ("Erayo, Soratami Ascendant", "battlefield", True,
     "Clone copies a creature; Erayo's Essence is not one"),
    ("Bushi Tenderfoot", "graveyard", False,
     "Clone copies a permanent on the battlefield; Bushi Tenderfoot is in Alice's graveyard"),
])
def test_clone_copies_a_creature_on_the_battlefield(what: str, zone: str, flipped: bool,
                                                     message: str) -> None:
    game = Game("current")
    other = game.put(what, zone, flipped=flipped)
    with pytest.raises(IllegalActionError, match=message):
        game.put("Clone", copying=other)


def test_only_clone_and_spark_double_enter_as_copies() -> None:
    game = Game("current")
    bushi = game.put("Bushi Tenderfoot")
    with pytest.raises(IllegalActionError, match="Grizzly Bears has no ability to enter as a "
                       "copy; Clone and Spark Double have"):
        game.put("Grizzly Bears", copying=bushi)
    with pytest.raises(IllegalActionError, match="only a permanent on the battlefield can be a "
                       "copy of another; Clone is going into Alice's hand"):
        game.put("Clone", "hand", copying=bushi)
    clone = game.put("Clone", "hand")
    with pytest.raises(IllegalActionError, match="a card can enter as a copy only onto the "
                       "battlefield, not into Alice's graveyard"):
        game.move(clone, "graveyard", copying=bushi)


def test_clone_returns_from_the_graveyard_as_a_copy() -> None:
    game = Game("2004")
    clone = game.put("Clone", "graveyard")
    game.move(clone, "battlefield", copying=game.put("Akki Lavarunner"))
    assert (clone.name, clone.flipped) == ("Akki Lavarunner", False)
    assert game.log[-1] == ("Clone is put into play from Alice's graveyard as a copy of Akki "
                            "Lavarunner; it is a new object: Akki Lavarunner.")
    with pytest.raises(IllegalActionError, match="cannot enter as a copy of itself"):
        game.move(clone, "battlefield", copying=clone)


def test_cast_clone_copies_on_resolution() -> None:
    game = Game("current")
    bushi = game.put("Bushi Tenderfoot")
    clone = game.cast("Clone", copying=bushi)
    assert clone.name == "Bushi Tenderfoot" and clone.zone == "battlefield"
    # The chosen creature is gone when the spell resolves: Clone enters as itself, a 0/0.
    with game.holding_priority():
        late = game.cast("Clone", copying=bushi)
    game.move(bushi, "graveyard")
    game.resolve()
    assert (late.name, late.zone) == ("Clone", "graveyard")
    assert any("it enters as itself" in line for line in game.log)


def test_a_clone_of_a_hero_flips_by_its_own_condition() -> None:
    # Bushi Tenderfoot: when a creature dealt damage by it this turn dies, flip it.
    game = Game("current")
    clone = game.put("Clone", copying=game.put("Bushi Tenderfoot"))
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(clone, bears, 2)
    game.resolve()
    assert (bears.zone, clone.name) == ("graveyard", "Kenzo the Hardhearted")


def test_clone_of_a_permanent_that_became_a_copy_copies_the_copy() -> None:
    game = Game("current")
    bears = game.put("Grizzly Bears")
    game.become_copy(bears, game.put("Akki Lavarunner", "graveyard"))
    assert game.put("Clone", copying=bears).name == "Akki Lavarunner"


def test_scenario_copying() -> None:
    out = run("current", [
        {"put": "Bushi Tenderfoot", "as": "kenzo", "flipped": True},
        {"put": "Spark Double", "as": "double", "copying": "kenzo"},
        {"flip": "double"},
        {"cast": "Clone", "as": "clone", "copying": "kenzo"},
        {"put": "Clone", "as": "late", "zone": "graveyard"},
        {"move": "late", "to": "battlefield", "copying": "double"},
        {"expect": {"double": {"name": "Kenzo the Hardhearted", "supertypes": [],
                               "counters": {"+1/+1": 1}, "power": 4},
                    "clone": {"name": "Bushi Tenderfoot", "flipped": False},
                    "late": {"name": "Bushi Tenderfoot", "supertypes": [], "counters": {}}}},
    ])
    assert obj(out, "kenzo")["zone"] == "battlefield"


@pytest.mark.parametrize(("step", "where"), [
    ({"put": "Clone", "copying": "kenzoo"}, "steps[1].copying: no object \"kenzoo\""),
    ({"put": "Grizzly Bears", "copying": "kenzo"}, "steps[1].copying: Grizzly Bears has no"),
    ({"put": "Clone", "zone": "hand", "copying": "kenzo"}, "steps[1].copying: only a permanent"),
])
def test_scenario_copying_errors_name_the_field(step: dict[str, object], where: str) -> None:
    with pytest.raises(ScenarioError, match=where.replace("[", r"\[").replace("]", r"\]")):
        run("current", [{"put": "Bushi Tenderfoot", "as": "kenzo"}, step])


def test_spark_double_copy_of_homura_returns_as_a_copy_chosen_as_it_enters() -> None:
    # The copy of Homura dies; Homura's ability returns the Spark Double card flipped, and it
    # may enter as a copy of Homura again: flipped, so Homura's Essence (not legendary).
    game = Game("current")
    homura = game.put("Homura, Human Ascendant")
    double = game.put("Spark Double", copying=homura)
    assert (double.name, double.supertypes, double.power) == (
        "Homura, Human Ascendant", (), 5)
    with game.holding_priority():
        game.move(double, "graveyard")
    game.resolve(copying=homura)
    assert (double.name, double.flipped, double.supertypes, double.types) == (
        "Homura's Essence", True, (), ("Enchantment",))
    assert (homura.name, homura.power, homura.toughness) == ("Homura, Human Ascendant", 6, 6)


def test_without_a_choice_the_returning_double_is_itself_and_dies() -> None:
    game = Game("current")
    homura = game.put("Homura, Human Ascendant")
    double = game.put("Spark Double", copying=homura)
    game.move(double, "graveyard")
    assert (double.name, double.zone) == ("Spark Double", "graveyard")


def test_a_choice_it_cannot_make_is_said() -> None:
    game = Game("current")
    homura = game.put("Homura, Human Ascendant")
    double = game.put("Spark Double", copying=homura)
    bobs = game.put("Grizzly Bears", owner="Bob")
    with game.holding_priority():
        game.move(double, "graveyard")
    game.resolve(copying=bobs)
    assert ("Spark Double cannot enter as the copy chosen (Spark Double copies a permanent "
            "Alice controls; Grizzly Bears is controlled by Bob): it enters as itself."
            ) in game.log


def test_scenario_resolve_copying() -> None:
    out = run("current", [
        {"put": "Homura, Human Ascendant", "as": "homura"},
        {"put": "Spark Double", "as": "double", "copying": "homura"},
        {"move": "double", "to": "graveyard", "hold": True},
        {"resolve": "top", "copying": "homura"},
        {"expect": {"double": {"name": "Homura's Essence"}, "homura": {"power": 6}}},
    ])
    assert obj(out, "double")["flipped"] is True
