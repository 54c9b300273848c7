"""Copy effects that last until end of turn (Cytoshape: "target creature becomes a copy of that
creature until end of turn"), and "until end of turn" in scenarios.

Rules: 514.2 (in the cleanup step, "until end of turn" effects end), 613.2 / 707 (copy effects
apply first, in timestamp order: the latest copy effect is what the permanent copies), 110.5
(flipped is a status, which no copy effect starts or ends), 400.7 (a new object is not
affected), 704.5j / the 2004 legend rule (state-based actions are checked in the cleanup step).
"""

from __future__ import annotations

import pytest
from helpers import obj, run, snapshot

from flipcards import EDITIONS, Game, IllegalActionError, ScenarioError, scenario_python


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_cytoshape_on_a_flipped_hero_ends_in_cleanup(edition: str) -> None:
    game = Game(edition)
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    akki = game.put("Akki Lavarunner")
    game.become_copy(kenzo, akki, until_end_of_turn=True)
    # 2004: the copied card's normal half; today: the flipped half (707.3).
    assert kenzo.name == ("Akki Lavarunner" if edition == "2004" else "Tok-Tok, Volcano Born")
    game.end_step()
    assert kenzo.name != "Kenzo the Hardhearted"   # not before the cleanup step
    game.next_turn()
    assert (kenzo.name, kenzo.flipped, kenzo.power, kenzo.toughness) == (
        "Kenzo the Hardhearted", True, 3, 4)
    assert any("copy effect ends: it is Kenzo the Hardhearted again" in line
               for line in game.log)


def test_613_2_a_permanent_copy_effect_underneath_comes_back() -> None:
    # Dimir Doppelganger became a Budoka Pupil for good; Cytoshape makes it an Akki for a turn.
    game = Game("current")
    doppelganger = game.put("Dimir Doppelganger")
    game.become_copy(doppelganger, game.put("Budoka Pupil", zone="graveyard"))
    game.become_copy(doppelganger, game.put("Akki Lavarunner"), until_end_of_turn=True)
    assert doppelganger.name == "Akki Lavarunner"
    game.next_turn()
    assert doppelganger.name == "Budoka Pupil"


def test_613_2_a_later_lasting_copy_effect_wins_over_the_ending_one() -> None:
    game = Game("current")
    bears = game.put("Grizzly Bears")
    game.become_copy(bears, game.put("Akki Lavarunner"), until_end_of_turn=True)
    game.become_copy(bears, game.put("Budoka Pupil", zone="graveyard"))
    game.next_turn()
    assert bears.name == "Budoka Pupil"
    assert not any("copy effect ends" in line for line in game.log)


def test_514_2_two_copy_effects_until_end_of_turn_both_end() -> None:
    game = Game("current")
    bears = game.put("Grizzly Bears")
    game.become_copy(bears, game.put("Akki Lavarunner"), until_end_of_turn=True)
    game.become_copy(bears, game.put("Budoka Pupil", zone="graveyard"), until_end_of_turn=True)
    assert bears.name == "Budoka Pupil"
    game.next_turn()
    assert (bears.name, bears.power) == ("Grizzly Bears", 2)


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_110_5_a_copy_that_flipped_stays_flipped_when_the_effect_ends(edition: str) -> None:
    game = Game(edition)
    bears = game.put("Grizzly Bears")
    game.become_copy(bears, game.put("Akki Lavarunner"), until_end_of_turn=True)
    game.flip(bears)   # the copy is a flip permanent: it flips, and shows the flipped half
    assert bears.name == "Tok-Tok, Volcano Born"
    game.next_turn()
    # Flipped is a status: Grizzly Bears has no other half to show, and keeps the status.
    assert (bears.name, bears.flipped, bears.power) == ("Grizzly Bears", True, 2)


def test_400_7_a_new_object_is_not_affected() -> None:
    game = Game("current")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    game.become_copy(kenzo, game.put("Akki Lavarunner"), until_end_of_turn=True)
    game.move(kenzo, "hand")
    game.move(kenzo, "battlefield")
    game.next_turn()
    assert (kenzo.name, kenzo.flipped) == ("Bushi Tenderfoot", False)
    assert not any("copy effect ends" in line for line in game.log)


@pytest.mark.parametrize(("edition", "kept"), [("2004", []), ("current", ["kenzo2"])])
def test_704_5j_the_legend_rule_applies_when_the_copy_effect_ends(edition: str,
                                                           kept: list[str]) -> None:
    result = run(edition, [
        {"put": "Bushi Tenderfoot", "as": "kenzo1", "flipped": True},
        {"put": "Akki Lavarunner", "as": "akki"},
        {"become_copy": "kenzo1", "of": "akki", "until_end_of_turn": True},
        {"put": "Kenzo the Hardhearted", "as": "kenzo2", "flipped": True},
        {"next_turn": True},
    ])
    on_battlefield = [oid for oid in ("kenzo1", "kenzo2")
                      if result["objects"][oid]["zone"] == "battlefield"]
    assert on_battlefield == kept


def test_514_2_scenario_effect_until_end_of_turn() -> None:
    result = run("current", [
        {"put": "Bushi Tenderfoot", "as": "kenzo", "flipped": True},
        {"effect": "growth", "kind": "modify_pt", "affects": "kenzo", "power": 3,
         "toughness": 3, "until_end_of_turn": True},
        {"effect": "anthem", "kind": "modify_pt", "affects": {"types": ["Creature"]},
         "power": 1, "toughness": 1},
        {"expect": {"kenzo": {"power": 7, "toughness": 8}}},
        {"next_turn": True},
        {"expect": {"kenzo": {"power": 4, "toughness": 5}}},
    ])
    assert "Effects that last until end of turn end: 'growth'." in result["log"]


@pytest.mark.parametrize("step", [
    {"become_copy": "bears", "of": "akki", "until_end_of_turn": "yes"},
    {"effect": "e", "kind": "switch_pt", "affects": "bears", "until_end_of_turn": 1},
])
def test_514_2_scenario_until_end_of_turn_must_be_true_or_false(step: dict[str, object]) -> None:
    with pytest.raises(ScenarioError) as caught:
        run("current", [{"put": "Grizzly Bears", "as": "bears"},
                        {"put": "Akki Lavarunner", "as": "akki"}, step])
    assert "steps[2].until_end_of_turn: expected true or false" in str(caught.value)


def test_514_2_show_as_python_writes_the_until_end_of_turn_keyword() -> None:
    python = scenario_python({"rules": "current", "steps": [
        {"put": "Grizzly Bears", "as": "bears"},
        {"put": "Akki Lavarunner", "as": "akki"},
        {"become_copy": "bears", "of": "akki", "until_end_of_turn": True},
    ]})
    assert "game.become_copy(bears, akki, until_end_of_turn=True)" in python
    namespace: dict[str, object] = {}
    exec(python, namespace)   # the Python it writes runs, and does the same
    assert "until end of turn" in "\n".join(namespace["game"].log)  # type: ignore[attr-defined]


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_ruling_3_flipped_kenzo_copying_grizzly_bears_until_end_of_turn_cannot_flip(
        edition: str) -> None:
    """Ruling 3: flipping again "has no effect". A flipped Kenzo that becomes a copy of
    Grizzly Bears is a Grizzly Bears (no flip card to show); it cannot flip (it already has)
    and is Kenzo again when the effect ends."""
    game = Game(edition)
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.become_copy(kenzo, bears, until_end_of_turn=True)
    assert kenzo.name == "Grizzly Bears"
    assert (kenzo.power, kenzo.toughness) == (2, 2)
    assert game.flip(kenzo) is False
    game.next_turn()
    assert kenzo.name == "Kenzo the Hardhearted"


@pytest.mark.parametrize("edition", EDITIONS)
def test_704_5j_legend_rule_when_the_cytoshape_copy_ends(edition: str) -> None:
    # Tok-Tok A is a Grizzly Bears until end of turn; meanwhile Akki B flips into Tok-Tok.
    # In the cleanup step A is Tok-Tok again: 2004 both go, today Alice keeps one.
    game = Game(edition)
    tok_a = game.put("Akki Lavarunner", flipped=True)
    game.cast("Cytoshape", target=tok_a, copying=game.put("Grizzly Bears", owner="Bob"))
    akki_b = game.put("Akki Lavarunner")
    game.flip(akki_b)
    assert (tok_a.zone, akki_b.zone) == ("battlefield", "battlefield")
    game.next_turn(keep=[tok_a])
    if edition == "2004":
        assert (tok_a.zone, akki_b.zone) == ("graveyard", "graveyard")
    else:
        assert (tok_a.zone, akki_b.zone) == ("battlefield", "graveyard")
        assert tok_a.name == "Tok-Tok, Volcano Born"


def test_a_clone_made_a_copy_until_end_of_turn_goes_back_to_its_entering_copy() -> None:
    # Not back to a 0/0 Clone: the copy effect it entered with still applies (613.2a).
    game = Game("current")
    clone = game.put("Clone", copying=game.put("Grizzly Bears"))
    game.become_copy(clone, game.put("Akki Lavarunner"), until_end_of_turn=True)
    assert clone.name == "Akki Lavarunner"
    game.next_turn()
    assert (clone.name, clone.zone, clone.power) == ("Grizzly Bears", "battlefield", 2)


@pytest.mark.parametrize(("edition", "during"), [("2004", "Akki Lavarunner"),
                                                 ("current", "Tok-Tok, Volcano Born")])
def test_a_flipped_clone_cytoshaped(edition: str, during: str) -> None:
    game = Game(edition)
    clone = game.put("Clone", copying=game.put("Bushi Tenderfoot", owner="Bob"))
    game.flip(clone)
    game.cast("Cytoshape", target=clone, copying=game.put("Akki Lavarunner"))
    assert clone.name == during
    game.next_turn()
    assert (clone.name, clone.flipped) == ("Kenzo the Hardhearted", True)


def test_a_flipped_spark_double_cytoshaped_goes_back_nonlegendary_with_its_counter() -> None:
    game = Game("current")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    double = game.put("Spark Double", copying=kenzo)
    game.flip(double)
    game.cast("Cytoshape", target=double, copying=game.put("Grizzly Bears"))
    assert (double.name, double.power) == ("Grizzly Bears", 3)
    game.next_turn()
    assert (double.name, double.supertypes, double.power, double.toughness) == (
        "Kenzo the Hardhearted", (), 4, 5)
    assert kenzo.zone == double.zone == "battlefield"


def test_clone_of_a_cytoshaped_creature_stays_a_copy_after_cleanup() -> None:
    # 707.2: the copy effect is part of the copiable values; Clone's own copy has no duration.
    game = Game("current")
    akki = game.put("Akki Lavarunner")
    game.cast("Cytoshape", target=akki, copying=game.put("Grizzly Bears"))
    clone = game.put("Clone", copying=akki)
    game.next_turn()
    assert (akki.name, clone.name, clone.zone) == ("Akki Lavarunner", "Grizzly Bears",
                                                   "battlefield")


def test_cytoshape_cannot_target_protection_from_blue_but_may_copy_it() -> None:
    # Cytoshape targets only the creature that becomes a copy; the creature copied is chosen,
    # not targeted (702.16b applies to targets). Copiable values exclude the granted keyword.
    game = Game("current")
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear")
    game.add_effect("add_keyword", bears, keyword="Protection from blue")
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="protection from blue, so Cytoshape cannot "
                       "target it"):
        game.cast("Cytoshape", target=bears, copying=runeclaw)
    assert snapshot(game) == before
    game.cast("Cytoshape", target=runeclaw, copying=bears)
    assert (runeclaw.name, runeclaw.keywords) == ("Grizzly Bears", ())


def test_cytoshape_copying_a_spark_double_copy_is_not_legendary() -> None:
    # 707.9b: Spark Double's "isn't legendary" is a copiable value, so Cytoshape may choose the
    # Double and what it makes is not legendary either: no legend rule with Rune-Tail.
    game = Game("current")
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    double = game.put("Spark Double", copying=rune_tail)
    bears = game.put("Grizzly Bears")
    game.cast("Cytoshape", target=bears, copying=double)
    assert (bears.name, bears.supertypes, bears.power) == ("Rune-Tail, Kitsune Ascendant", (), 2)
    assert {o.zone for o in (rune_tail, double, bears)} == {"battlefield"}


def test_cytoshape_fizzles_when_its_target_gains_protection_from_blue() -> None:
    game = Game("current")
    bears = game.put("Grizzly Bears")
    akki = game.put("Akki Lavarunner")
    with game.holding_priority():
        game.cast("Cytoshape", target=bears, copying=akki)
        game.add_effect("add_keyword", bears, keyword="Protection from blue")
    game.resolve()
    assert bears.name == "Grizzly Bears"


def test_cytoshape_makes_a_flipped_creature_a_legendary_copy_today_only() -> None:
    # Today a flipped Tok-Tok that becomes a copy of Bushi Tenderfoot shows Kenzo (707.3), and
    # with another Kenzo of Alice's the legend rule applies (704.5j). 2004: the normal half.
    game = Game("current")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    tok = game.put("Akki Lavarunner", flipped=True)
    bushi = game.put("Bushi Tenderfoot", owner="Bob")
    game.cast("Cytoshape", target=tok, copying=bushi, keep=[kenzo])
    assert (kenzo.zone, tok.zone, bushi.zone) == ("battlefield", "graveyard", "battlefield")

    game = Game("2004")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    tok = game.put("Akki Lavarunner", flipped=True)
    bushi = game.put("Bushi Tenderfoot", owner="Bob")
    game.cast("Cytoshape", target=tok, copying=bushi)
    assert (tok.name, tok.supertypes) == ("Bushi Tenderfoot", ())
    assert (kenzo.zone, tok.zone, bushi.zone) == ("battlefield",) * 3


@pytest.mark.parametrize("edition", EDITIONS)
def test_cytoshape_may_copy_unflipped_hero_but_not_flipped_one(edition: str) -> None:
    """508.2: a hero's "base versions are not" legendary. Cytoshape's "nonlegendary creature"
    to copy may be an unflipped Tenderfoot, not Kenzo."""
    game = Game(edition)
    target = game.put("Grizzly Bears")
    kenzo = game.put("Bushi Tenderfoot", flipped=True, owner="Bob")
    with pytest.raises(IllegalActionError):
        game.cast("Cytoshape", target=target, copying=kenzo)
    assert target.name == "Grizzly Bears"
    foot = game.put("Bushi Tenderfoot", owner="Bob")
    game.cast("Cytoshape", target=target, copying=foot)
    assert target.name == "Bushi Tenderfoot"
    game.next_turn()
    assert target.name == "Grizzly Bears"


def test_cytoshape_refuses_a_legendary_clone_to_copy() -> None:
    game = Game("current")
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant", controller="Bob", owner="Bob")
    clone = game.put("Clone", copying=rune_tail)
    bears = game.put("Grizzly Bears")
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="Cytoshape copies a nonlegendary creature; "
                       "Rune-Tail, Kitsune Ascendant is legendary") as e:
        game.cast("Cytoshape", target=bears, copying=clone)
    assert e.value.argument == "copying"
    assert snapshot(game) == before


def test_cytoshape_target_that_flips_meanwhile_is_still_legal() -> None:
    # Cytoshape is green and blue: Tok-Tok's protection from red does not stop it.
    game = Game("current")
    akki = game.put("Akki Lavarunner")
    bears = game.put("Grizzly Bears")
    with game.holding_priority():
        game.cast("Cytoshape", target=akki, copying=bears)
        game.flip(akki)
    game.resolve()
    assert (akki.name, akki.flipped) == ("Grizzly Bears", True)
    game.next_turn()
    assert akki.name == "Tok-Tok, Volcano Born"


@pytest.mark.parametrize("edition", EDITIONS)
def test_grizzly_bears_copying_bushi_tenderfoot_flips_then_the_copy_ends(edition: str) -> None:
    """Ruling 6: a copy "may flip later". When a temporary copy effect ends, the permanent is
    its own card again: Grizzly Bears (a card with no alternative half)."""
    game = Game(edition)
    foot = game.put("Bushi Tenderfoot", owner="Bob")
    bears = game.put("Grizzly Bears")
    game.become_copy(bears, foot, until_end_of_turn=True)
    assert bears.name == "Bushi Tenderfoot"
    assert game.flip(bears) is True
    assert bears.name == "Kenzo the Hardhearted"
    game.next_turn()
    assert bears.name == "Grizzly Bears"
    assert (bears.power, bears.toughness) == (2, 2)
    assert "Legendary" not in bears.supertypes


def test_scenario_spark_double_dimir_doppelganger_and_until_end_of_turn() -> None:
    out = run("current", [
        {"put": "Bushi Tenderfoot", "as": "kenzo", "flipped": True},
        {"put": "Spark Double", "as": "double", "copying": "kenzo"},
        {"flip": "double"},
        {"expect": {"double": {"name": "Kenzo the Hardhearted", "supertypes": [], "power": 4},
                    "kenzo": {"zone": "battlefield"}}},
        {"put": "Dimir Doppelganger", "as": "dd"},
        {"put": "Grizzly Bears", "as": "card", "zone": "graveyard", "owner": "Bob"},
        {"activate": "dd", "target": "card"},
        {"become_copy": "dd", "of": "double", "until_end_of_turn": True},
        {"expect": {"dd": {"name": "Bushi Tenderfoot"}, "card": {"zone": "exile"}}},
        {"next_turn": True},
        {"expect": {"dd": {"name": "Grizzly Bears", "zone": "battlefield"}}},
    ])
    assert obj(out, "double")["counters"] == {"+1/+1": 1}


def test_707_a_copy_that_flipped_meanwhile_is_not_what_it_was_again() -> None:
    """Student of Elements becomes a copy of Initiate of Blood until end of turn and flips (as
    Goka): when the copy effect ends it is Tobita, which it never was: the log said "it is
    Tobita, Master of Winds again"."""
    game = Game("current")
    student = game.put("Student of Elements")
    initiate = game.put("Initiate of Blood", owner="Bob")
    game.become_copy(student, initiate, until_end_of_turn=True)
    game.flip(student)
    game.next_turn()
    assert student.name == "Tobita, Master of Winds"
    assert "Goka the Unjust's copy effect ends: it is Tobita, Master of Winds now." in game.log
