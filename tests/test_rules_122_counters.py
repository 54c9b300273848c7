"""Rule 122: counters. A +X/+Y counter modifies power and toughness (122.1a, applied in layer 7c,
613.4c); a counter's kind is one word whatever its letter case ("ki" and "KI" are one kind); a
count is a whole number from 0 to a million, and a step that gives another names its field."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import obj, run

from flipcards import EDITIONS, Game, ScenarioError, run_scenario


@pytest.mark.parametrize("rules", EDITIONS)
@pytest.mark.parametrize(("kind", "n", "pt"), [
    ("+1/+1", 2, (4, 4)), ("-1/-1", 1, (1, 1)), ("+2/+2", 1, (4, 4)), ("+1/+0", 3, (5, 2)),
    ("-0/-1", 1, (2, 1)), ("+0/+2", 2, (2, 6))])
def test_122_1a_every_plus_x_plus_y_counter_modifies_power_and_toughness(
        rules: str, kind: str, n: int, pt: tuple[int, int]) -> None:
    """122.1a: a +X/+Y counter gives +X/+Y. Only +1/+1 and -1/-1 used to count: a +2/+2
    counter was put on the Bears and changed nothing."""
    game = Game(rules)
    bears = game.put("Grizzly Bears")
    game.add_counters(bears, kind, n)
    assert (bears.power, bears.toughness) == pt
    assert bears.counters == {kind: n}


def test_122_1a_plus_x_counters_apply_in_layer_7c_after_a_set_effect() -> None:
    """613.4: a +2/+2 counter applies after "base power and toughness 0/1" (7b before 7c)."""
    out = run("current", [
        {"put": "Grizzly Bears", "as": "bears"},
        {"counters": "bears", "kind": "+2/+2", "add": 1},
        {"effect": "e", "kind": "set_pt", "affects": "bears", "power": 0, "toughness": 1},
        {"expect": {"bears": {"power": 2, "toughness": 3}}}])
    assert obj(out, "bears")["counters"] == {"+2/+2": 1}


def test_122_a_counter_kind_is_one_word_whatever_its_letter_case() -> None:
    """"KI" and "ki" used to be two kinds side by side, and a ki card's abilities counted only
    the "ki" ones; the kind is now written as the rules write it."""
    out = run("current", [
        {"put": "Grizzly Bears", "as": "bears"},
        {"counters": "bears", "kind": "KI", "add": 1},
        {"counters": "bears", "kind": "ki", "add": 1},
        {"counters": "bears", "kind": " Ki ", "remove": 1}])
    assert obj(out, "bears")["counters"] == {"ki": 1}


@pytest.mark.parametrize(("step", "field"), [
    ({"counters": "bears", "kind": "+1/+1", "add": 2_000_000}, "add"),
    ({"counters": "bears", "kind": "+1/+1", "remove": 10**7}, "remove"),
    ({"damage": "bears", "amount": 1_000_001}, "amount"),
    ({"deal_damage": "bears", "to": "Bob", "amount": 10**9}, "amount"),
    ({"gain_life": "Bob", "amount": 10**9}, "amount"),
    ({"lose_life": "Bob", "amount": 10**9}, "amount"),
    ({"draw": "Bob", "count": 10**9}, "count"),
    ({"counters": "bears", "kind": "", "add": 1}, "kind"),
])
def test_122_a_count_beyond_the_limit_or_an_empty_kind_names_its_field(
        step: dict[str, Any], field: str) -> None:
    """A count over a million used to be refused naming only the step (``steps[1]``); the
    message now names the field, as it does for a negative count."""
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "current", "steps": [{"put": "Grizzly Bears", "as": "bears"},
                                                     step]})
    assert caught.value.path == f"steps[1].{field}"
