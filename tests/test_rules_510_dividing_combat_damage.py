"""Rule 510.1 (2004: 310.2): the attacking player divides a blocked creature's combat damage
among its blockers as they choose; with trample (702.19b; 2004: 502.9b) the player may be
assigned the rest once every blocker is assigned lethal damage. ``combat_damage``'s
``assign`` is that choice, checked; without it the model's default division is kept."""

from __future__ import annotations

from typing import Any

import pytest

from flipcards import EDITIONS, Game, IllegalActionError, ScenarioError, run_scenario


def _double_block(rules: str, *extra: dict[str, Any]) -> list[dict[str, Any]]:
    """Alice's 5/5 trampling Bears attack; Bob blocks with two 2/2 creatures."""
    return [
        {"put": "Grizzly Bears", "as": "bears"},
        {"effect": "big", "kind": "modify_pt", "affects": "bears", "power": 3, "toughness": 3},
        *extra,
        {"put": "Grizzly Bears", "owner": "Bob", "as": "first"},
        {"put": "Runeclaw Bear", "owner": "Bob", "as": "second"},
        {"attack": ["bears"]},
        {"block": "first", "attacker": "bears"},
        {"block": "second", "attacker": "bears"},
    ]


TRAMPLE = {"effect": "trample", "kind": "add_keyword", "affects": "bears", "keyword": "Trample"}


@pytest.mark.parametrize("rules", EDITIONS)
def test_510_1c_the_attacking_player_divides_damage_freely_among_blockers(rules: str) -> None:
    """All five to the second blocker, none to the first (no order of blockers binds it)."""
    out = run_scenario({"rules": rules, "steps": [
        *_double_block(rules), {"combat_damage": True, "assign": {"bears": {"second": 5}}},
        {"expect": {"first": {"zone": "battlefield", "damage": 0},
                    "second": {"zone": "graveyard"}}},
    ]})
    assert out["failures"] == []


@pytest.mark.parametrize("rules", EDITIONS)
def test_702_19b_trample_assigns_the_rest_to_the_player_after_lethal_damage(rules: str) -> None:
    out = run_scenario({"rules": rules, "steps": [
        *_double_block(rules, TRAMPLE),
        {"combat_damage": True, "assign": {"bears": {"first": 2, "second": 2, "Bob": 1}}},
        {"expect": {"first": {"zone": "graveyard"}, "second": {"zone": "graveyard"},
                    "players": {"Bob": {"life": 19}}}},
    ]})
    assert out["failures"] == []


@pytest.mark.parametrize("rules", EDITIONS)
def test_702_19b_trample_may_not_skip_a_blocker_short_of_lethal_damage(rules: str) -> None:
    steps = [*_double_block(rules, TRAMPLE),
             {"combat_damage": True, "assign": {"bears": {"first": 2, "second": 1, "Bob": 2}}}]
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": rules, "steps": steps})
    rule = "rule 702.19b" if rules == "current" else "2004 CR 502.9b"
    assert str(caught.value) == (
        f"steps[{len(steps) - 1}].assign: Grizzly Bears has trample, but it assigns damage to "
        f"Bob only once each blocker is assigned lethal damage: Runeclaw Bear needs 2 ({rule})")


@pytest.mark.parametrize("rules", EDITIONS)
def test_510_1a_a_division_adds_up_to_the_creatures_power(rules: str) -> None:
    steps = [*_double_block(rules), {"combat_damage": True,
                                     "assign": {"bears": {"first": 2, "second": 2}}}]
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": rules, "steps": steps})
    rule = "rule 510.1a" if rules == "current" else "2004 CR 310.2a"
    assert str(caught.value) == (f"steps[{len(steps) - 1}].assign: Grizzly Bears assigns all "
                                 f"of its combat damage, 5 (its power), not 4 ({rule})")


def test_510_1c_without_trample_a_blocked_creature_assigns_nothing_to_the_player() -> None:
    game = Game("current")
    bears = game.put("Grizzly Bears")
    wall = game.put("Runeclaw Bear", owner="Bob")
    game.attack([bears])
    game.block(wall, bears)
    with pytest.raises(IllegalActionError, match="is blocked and has no trample"):
        game.combat_damage(assign={bears: {wall: 1, "Bob": 1}})
    # A refused division changes nothing: the step can be asked for again.
    game.combat_damage(assign={bears: {wall: 2}})
    assert wall.zone == "graveyard" and game.life("Bob") == 20


def test_510_1c_only_an_attacker_s_damage_is_divided_and_only_among_its_blockers() -> None:
    game = Game("2004")
    bears = game.put("Grizzly Bears")
    wall = game.put("Runeclaw Bear", owner="Bob")
    other = game.put("Grizzly Bears", owner="Bob")
    game.attack([bears])
    game.block(wall, bears)
    with pytest.raises(IllegalActionError, match="Grizzly Bears is not blocking Grizzly Bears"):
        game.combat_damage(assign={bears: {other: 2}})
    with pytest.raises(IllegalActionError, match="Runeclaw Bear is not attacking"):
        game.combat_damage(assign={wall: {bears: 2}})


@pytest.mark.parametrize("rules", EDITIONS)
def test_510_4_a_double_striker_divides_its_damage_in_each_step(rules: str) -> None:
    """Kenzo (5/6 once blocked, double strike) kills the first blocker in the first-strike
    step and puts all its regular damage on the second."""
    out = run_scenario({"rules": rules, "steps": [
        {"put": "Bushi Tenderfoot", "flipped": True, "as": "kenzo"},
        {"put": "Grizzly Bears", "owner": "Bob", "as": "first"},
        {"put": "Runeclaw Bear", "owner": "Bob", "as": "second"},
        {"effect": "wall", "kind": "modify_pt", "affects": "second", "power": 0,
         "toughness": 4},
        {"attack": ["kenzo"]},
        {"block": "first", "attacker": "kenzo"},
        {"block": "second", "attacker": "kenzo"},
        {"combat_damage": True,
         "assign": {"kenzo": [{"first": 2, "second": 3}, {"second": 5}]}},
        {"expect": {"first": {"zone": "graveyard"}, "second": {"zone": "graveyard"}}},
    ]})
    assert out["failures"] == []


def test_510_1_the_default_division_is_kept_when_none_is_given() -> None:
    """Lethal damage to the first blocker, the rest to the last."""
    out = run_scenario({"rules": "current", "steps": [
        *_double_block("current"), {"combat_damage": True},
        {"expect": {"first": {"zone": "graveyard"}, "second": {"zone": "graveyard"}}},
    ]})
    assert out["failures"] == []


def test_510_1_a_malformed_division_names_its_place() -> None:
    steps = [*_double_block("current"), {"combat_damage": True,
                                         "assign": {"bears": {"second": -1}}}]
    with pytest.raises(ScenarioError, match=r"assign\.bears\.second: expected a whole number"):
        run_scenario({"rules": "current", "steps": steps})
    steps[-1] = {"combat_damage": True, "assign": {"bears": {"secnd": 5}}}
    with pytest.raises(ScenarioError, match=r'assign\.bears\.secnd: .*did you mean "second"'):
        run_scenario({"rules": "current", "steps": steps})


@pytest.mark.parametrize("rules", EDITIONS)
def test_702_19b_a_shielded_blocker_still_needs_lethal_damage_before_the_player(
        rules: str) -> None:
    """Kaiso prevents all damage to Bob's first blocker. Trample still counts lethal damage
    by toughness (prevention does not change it), so 2 must go to it before Bob gets any; that
    damage is then prevented."""
    steps = [*_double_block(rules, TRAMPLE),
             {"put": "Faithful Squire", "flipped": True, "owner": "Bob", "as": "kaiso"},
             {"counters": "kaiso", "kind": "ki", "add": 1},
             {"activate": "kaiso", "target": "first"}]
    bad = [*steps, {"combat_damage": True, "assign": {"bears": {"second": 2, "Bob": 3}}}]
    with pytest.raises(ScenarioError, match="Grizzly Bears needs 2"):
        run_scenario({"rules": rules, "steps": bad})
    out = run_scenario({"rules": rules, "steps": [
        *steps, {"combat_damage": True,
                 "assign": {"bears": {"first": 2, "second": 2, "Bob": 1}}},
        {"expect": {"first": {"zone": "battlefield", "damage": 0},
                    "second": {"zone": "graveyard"}, "players": {"Bob": {"life": 19}}}},
    ]})
    assert out["failures"] == []


@pytest.mark.parametrize("rules", EDITIONS)
def test_510_4_a_creature_without_first_or_double_strike_takes_one_division(rules: str) -> None:
    """510.4: only a creature with first strike or double strike can deal combat damage in
    the first-strike step; one without either deals it once. A list of two divisions for the
    Bears used to be taken as one, the second silently dropped; now it is refused, and the
    step has not happened (the Bears still attack, Bob is at 20)."""
    steps: list[dict[str, Any]] = [
        {"put": "Grizzly Bears", "as": "bears"}, {"attack": ["bears"]},
        {"combat_damage": True, "assign": {"bears": [{"Bob": 2}, {"Bob": 2}]}}]
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": rules, "steps": steps})
    assert caught.value.path == "steps[2].assign"
    assert "neither first strike nor double strike" in caught.value.detail
    game = Game(rules)
    bears = game.put("Grizzly Bears")
    game.attack([bears])
    with pytest.raises(IllegalActionError, match="one division, not 2"):
        game.combat_damage(assign={bears: [{"Bob": 2}, {"Bob": 2}]})
    assert game.life("Bob") == 20
    game.combat_damage(assign={bears: {"Bob": 2}})
    assert game.life("Bob") == 18
