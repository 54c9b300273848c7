"""Rule 122: counters. A +X/+Y counter modifies power and toughness (122.1a, applied in layer 7c,
613.4c); a counter's kind is one word whatever its letter case ("ki" and "KI" are one kind); a
count is a whole number from 0 to a million, and a step that gives another names its field."""

from __future__ import annotations

import re
from typing import Any

import pytest
from helpers import obj, run

from flipcards import EDITIONS, FlipCardsError, Game, ScenarioError, run_scenario


@pytest.mark.parametrize("rules", EDITIONS)
@pytest.mark.parametrize(("kind", "n", "pt"), [
    ("+1/+1", 2, (4, 4)), ("-1/-1", 1, (1, 1)), ("+2/+2", 1, (4, 4)), ("+1/+0", 3, (5, 2)),
    ("-0/-1", 1, (2, 1)), ("+0/+2", 2, (2, 6)), ("+100/+0", 1, (102, 2)),
    ("+0/+250", 2, (2, 502))])
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


def test_122_1a_a_counter_of_three_digits_modifies_too_and_dies_to_its_toughness(
        game: Game) -> None:
    """A +0/-100 counter was a kind of its own that did nothing (two digits at most were
    read): the Bears stayed 2/2."""
    bears = game.put("Grizzly Bears")
    game.add_counters(bears, "+0/-100")
    assert bears.zone == "graveyard"     # toughness -98 (704.5f)


def test_122_1a_a_plus_x_counter_is_written_as_the_rules_write_it(game: Game) -> None:
    """"+01/+1" is a +1/+1 counter: one kind with the others, and removed as one."""
    bears = game.put("Grizzly Bears")
    game.add_counters(bears, "+1/+1")
    game.add_counters(bears, "+01/+001", 2)
    game.remove_counters(bears, "+1/+01")
    assert (bears.counters, bears.power) == ({"+1/+1": 2}, 4)


@pytest.mark.parametrize("kind", ["+1000001/+0", "+1/-" + "9" * 5000])
def test_122_1a_a_plus_x_counter_beyond_a_million_is_refused(game: Game, kind: str) -> None:
    bears = game.put("Grizzly Bears")
    with pytest.raises(FlipCardsError, match=r"^a \+X/\+Y counter changes power or toughness "
                       r"by at most 1,000,000, not '\+1"):
        game.add_counters(bears, kind)
    assert bears.counters == {}


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


def test_122_removing_counters_that_are_not_there_removes_what_there_is_and_says_so() -> None:
    """An instruction to remove counters does only as much as it can (609.3): with none of
    that kind, none is removed; with fewer, all of them. The log says which, instead of "0
    +1/+1 counters removed" or a count the permanent never had."""
    game = Game("current")
    bears = game.put("Grizzly Bears")
    game.remove_counters(bears, "+1/+1", 2)
    game.add_counters(bears, "ki", 1)
    game.remove_counters(bears, "ki", 3)
    game.add_counters(bears, "ki", 3)
    game.remove_counters(bears, "ki", 2)
    assert game.log[1:] == [
        "Grizzly Bears has no +1/+1 counters; none is removed.",
        "1 ki counter put on Grizzly Bears.",
        "1 ki counter removed from Grizzly Bears (all it had).",
        "3 ki counters put on Grizzly Bears.",
        "2 ki counters removed from Grizzly Bears."]
    assert bears.counters == {"ki": 1}


@pytest.mark.parametrize(("kind", "said"), [
    ("+1/1", "is written +X/+Y, such as '+1/+1' or '-1/-1', not '+1/1'"),
    ("1/1", "is written +X/+Y"),
    ("kii", "no counter kind 'kii' on these cards; did you mean 'ki'?"),
    ("k", "did you mean 'ki'?"),
])
def test_122_1a_a_misspelt_counter_kind_is_refused_not_counted_for_nothing(
        game: Game, kind: str, said: str) -> None:
    """A "+1/1" counter changes nothing, and "kii" counters make no Betrayer flip: refused,
    saying what was meant, before anything changes. Any other word is a kind of its own
    (charge, ice, time)."""
    betrayer = game.put("Nezumi Shortfang")
    with pytest.raises(FlipCardsError, match=re.escape(said)) as raised:
        game.add_counters(betrayer, kind, 1)
    assert raised.value.argument == "kind"
    assert betrayer.counters == {}
    game.add_counters(betrayer, "ice", 2)
    assert betrayer.counters == {"ice": 2}


@pytest.mark.parametrize("step", [
    {"counters": "bears", "kind": "ki", "add": 0},
    {"counters": "bears", "kind": "+1/+1", "remove": 0},
])
def test_122_putting_on_or_removing_0_counters_is_refused_at_its_field(
        step: dict[str, Any]) -> None:
    """A step that puts on or takes off no counter changes nothing, so a 0 there is a slip:
    refused at its field, saying the least it takes, as the playground's form says it."""
    with pytest.raises(ScenarioError, match="from 1 to") as caught:
        run_scenario({"rules": "current", "steps": [{"put": "Grizzly Bears", "as": "bears"},
                                                     step]})
    assert caught.value.path == f"steps[1].{'add' if 'add' in step else 'remove'}"
    game = Game("current")
    with pytest.raises(FlipCardsError, match="from 1 to"):
        game.add_counters(game.put("Grizzly Bears"), "ki", 0)


@pytest.mark.parametrize(("fields", "path"), [({"add": 1, "remove": 1}, "steps[1].remove"),
                                              ({}, "steps[1].add")])
def test_122_a_counters_step_with_both_or_neither_of_add_and_remove_names_the_field(
        fields: dict[str, int], path: str) -> None:
    """The refusal named the step only: the playground could mark no field of the form."""
    with pytest.raises(ScenarioError) as refused:
        run_scenario({"rules": "current", "steps": [
            {"put": "Grizzly Bears", "as": "b"}, {"counters": "b", "kind": "+1/+1", **fields}]})
    assert refused.value.path == path
    assert "give exactly one of \"add\" or \"remove\"" in str(refused.value)
