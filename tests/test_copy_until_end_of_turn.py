"""Copy effects that last until end of turn (Cytoshape: "target creature becomes a copy of that
creature until end of turn"), and "until end of turn" in scenarios.

Rules: 514.2 (in the cleanup step, "until end of turn" effects end), 613.2 / 707 (copy effects
apply first, in timestamp order: the latest copy effect is what the permanent copies), 110.5
(flipped is a status, which no copy effect starts or ends), 704.5j / the 2004 legend rule (state-
based actions are checked in the cleanup step, 514.3).
"""

from __future__ import annotations

import pytest
from helpers import run

from flipcards import Game, ScenarioError, scenario_python


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


def test_a_permanent_copy_effect_underneath_comes_back() -> None:
    # Dimir Doppelganger became a Budoka Pupil for good; Cytoshape makes it an Akki for a turn.
    game = Game("current")
    doppelganger = game.put("Dimir Doppelganger")
    game.become_copy(doppelganger, game.put("Budoka Pupil", zone="graveyard"))
    game.become_copy(doppelganger, game.put("Akki Lavarunner"), until_end_of_turn=True)
    assert doppelganger.name == "Akki Lavarunner"
    game.next_turn()
    assert doppelganger.name == "Budoka Pupil"


def test_a_later_lasting_copy_effect_wins_over_the_ending_one() -> None:
    game = Game("current")
    bears = game.put("Grizzly Bears")
    game.become_copy(bears, game.put("Akki Lavarunner"), until_end_of_turn=True)
    game.become_copy(bears, game.put("Budoka Pupil", zone="graveyard"))
    game.next_turn()
    assert bears.name == "Budoka Pupil"
    assert not any("copy effect ends" in line for line in game.log)


def test_two_copy_effects_until_end_of_turn_both_end() -> None:
    game = Game("current")
    bears = game.put("Grizzly Bears")
    game.become_copy(bears, game.put("Akki Lavarunner"), until_end_of_turn=True)
    game.become_copy(bears, game.put("Budoka Pupil", zone="graveyard"), until_end_of_turn=True)
    assert bears.name == "Budoka Pupil"
    game.next_turn()
    assert (bears.name, bears.power) == ("Grizzly Bears", 2)


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_a_copy_that_flipped_stays_flipped_when_the_effect_ends(edition: str) -> None:
    game = Game(edition)
    bears = game.put("Grizzly Bears")
    game.become_copy(bears, game.put("Akki Lavarunner"), until_end_of_turn=True)
    game.flip(bears)   # the copy is a flip permanent: it flips, and shows the flipped half
    assert bears.name == "Tok-Tok, Volcano Born"
    game.next_turn()
    # Flipped is a status: Grizzly Bears has no other half to show, and keeps the status.
    assert (bears.name, bears.flipped, bears.power) == ("Grizzly Bears", True, 2)


def test_a_new_object_is_not_affected() -> None:
    game = Game("current")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    game.become_copy(kenzo, game.put("Akki Lavarunner"), until_end_of_turn=True)
    game.move(kenzo, "hand")
    game.move(kenzo, "battlefield")
    game.next_turn()
    assert (kenzo.name, kenzo.flipped) == ("Bushi Tenderfoot", False)
    assert not any("copy effect ends" in line for line in game.log)


@pytest.mark.parametrize(("edition", "kept"), [("2004", []), ("current", ["kenzo2"])])
def test_the_legend_rule_applies_when_the_copy_effect_ends(edition: str,
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


def test_scenario_effect_until_end_of_turn() -> None:
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
def test_until_end_of_turn_must_be_true_or_false(step: dict[str, object]) -> None:
    with pytest.raises(ScenarioError) as caught:
        run("current", [{"put": "Grizzly Bears", "as": "bears"},
                        {"put": "Akki Lavarunner", "as": "akki"}, step])
    assert "steps[2].until_end_of_turn: expected true or false" in str(caught.value)


def test_show_as_python_writes_the_keyword() -> None:
    python = scenario_python({"rules": "current", "steps": [
        {"put": "Grizzly Bears", "as": "bears"},
        {"put": "Akki Lavarunner", "as": "akki"},
        {"become_copy": "bears", "of": "akki", "until_end_of_turn": True},
    ]})
    assert "game.become_copy(bears, akki, until_end_of_turn=True)" in python
    namespace: dict[str, object] = {}
    exec(python, namespace)   # the Python it writes runs, and does the same
    assert "until end of turn" in "\n".join(namespace["game"].log)  # type: ignore[attr-defined]
