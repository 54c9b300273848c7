"""Rules 111.1 (tokens) and 707.10 (copies of spells): objects that spells and abilities make
have ids in a scenario, so that they can be checked and targeted: the step that sets off what
makes them names them with ``"as"`` (an id, or a list), and any left unnamed get an id after
their name (``"elemental-1"``), which the output lists. In Python, ``game.created``."""

from __future__ import annotations

import contextlib
import io
from typing import Any

import pytest

from flipcards import EDITIONS, Game, ScenarioError, run_scenario, scenario_python

DOKAI: list[dict[str, Any]] = [
    {"put": "Budoka Gardener", "flipped": True, "as": "dokai"},
    {"put": "Forest"}, {"put": "Forest"},
]


def test_111_1_dokai_s_token_gets_an_id_after_its_name_and_shows_its_size() -> None:
    out = run_scenario({"rules": "current", "steps": [
        *DOKAI, {"activate": "dokai"},
        {"expect": {"elemental-1": {"power": 2, "toughness": 2, "token": True,
                                    "controller": "Alice"}}},
    ]})
    assert out["failures"] == []
    assert "elemental-1" in out["objects"]


def test_111_1_the_step_that_sets_off_the_ability_names_what_it_makes() -> None:
    """Held, the ability makes nothing as it is activated: the step that resolves it names
    the token; an X/X counts the lands as it resolves."""
    out = run_scenario({"rules": "2004", "steps": [
        *DOKAI, {"activate": "dokai", "hold": True},
        {"put": "Forest", "hold": True},
        {"resolve": "top", "as": "elemental"},
        {"expect": {"elemental": {"power": 3, "toughness": 3}}},
    ]})
    assert out["failures"] == []
    assert list(out["objects"]) == ["dokai", "elemental"]


def test_111_1_ids_after_a_name_count_up_and_never_take_one_in_use() -> None:
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Orochi Eggwatcher", "as": "eggwatcher"},
        {"put": "Grizzly Bears", "as": "snake-1"},
        {"activate": "eggwatcher"},
        {"untap": "eggwatcher"},
        {"activate": "eggwatcher"},
    ]})
    assert [oid for oid in out["objects"] if oid.startswith("snake")] == [
        "snake-1", "snake-2", "snake-3"]
    assert out["objects"]["snake-2"]["name"] == "Snake"


def test_111_1_as_names_no_more_objects_than_the_step_made() -> None:
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "current", "steps": [
            *DOKAI, {"activate": "dokai", "as": ["one", "two"]}]})
    assert str(caught.value) == ("steps[3].as: names 2 objects, but the step made 1 new one "
                                 "(Elemental)")
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "current", "steps": [{"next_turn": True, "as": "x"}]})
    assert str(caught.value) == "steps[0].as: names 1 object, but the step made no new ones"
    with pytest.raises(ScenarioError, match=r"steps\[3\]\.as\[0\]: the id \"dokai\" is "
                                            "already used"):
        run_scenario({"rules": "current", "steps": [*DOKAI, {"activate": "dokai",
                                                             "as": ["dokai"]}]})


EPIC_COPY: list[dict[str, Any]] = [
    {"put": "Callow Jushi", "flipped": True, "owner": "Bob", "as": "jaraku"},
    {"counters": "jaraku", "kind": "ki", "add": 1},
    {"cast": "Enduring Ideal", "as": "ideal"},
    {"next_turn": True},
    {"next_turn": True, "hold": True},
    {"resolve": "top", "hold": True, "as": "copy"},
    {"activate": "jaraku", "target": "copy", "hold": True},
    {"expect": {"stack": [{"source": "jaraku", "targets": ["copy"]},
                          {"source": "copy", "kind": "spell"}]}},
    {"resolve": "all"},
    {"expect": {"copy": {"zone": None}}},
]


def test_707_10_jaraku_counters_the_copy_an_epic_spell_makes() -> None:
    """Enduring Ideal's upkeep copy is a spell on the stack (707.10): Jaraku the Interloper can
    target it, and countered it ceases to exist (704.5e)."""
    out = run_scenario({"rules": "current", "steps": EPIC_COPY})
    assert out["failures"] == []
    assert "Jaraku the Interloper's ability counters Enduring Ideal." in out["log"]
    assert out["log"][-1] == "The copy of Enduring Ideal ceases to exist."


def test_702_50a_the_epic_copy_is_made_except_for_its_epic_ability() -> None:
    """Epic copies the spell "except for its epic ability" (702.50a): the copy on the stack
    has no epic keyword and its text no epic sentence; the spell it copies keeps both."""
    steps = [*EPIC_COPY[2:5], {"resolve": "top", "hold": True, "as": "copy"},
             {"expect": {"stack": [{"source": "copy", "kind": "spell"}]}}]
    out = run_scenario({"rules": "current", "steps": steps})
    assert out["failures"] == []
    game = Game("current")
    ideal = game.cast("Enduring Ideal")
    game.next_turn()
    with game.holding_priority():
        game.next_turn()
        game.resolve()
    copy = game.stack[0].source
    assert copy.name == "Enduring Ideal" and copy.zone == "stack"
    assert copy.keywords == ()
    assert "Epic" not in copy.card.normal.text
    assert ideal.card.normal.keywords == ("Epic",)


def test_707_10_show_as_python_names_the_copy_from_game_created() -> None:
    code = scenario_python({"rules": "current", "steps": EPIC_COPY})
    assert "copy = game.created[0]" in code
    namespace: dict[str, Any] = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code, "<show-as-python>", "exec"), namespace)
    assert namespace["game"].log == run_scenario({"rules": "current", "steps": EPIC_COPY})["log"]


def test_111_1_game_created_lists_what_the_last_action_made() -> None:
    game = Game("current")
    dokai = game.put("Budoka Gardener", flipped=True)
    assert game.created == (dokai,)
    game.put("Forest")
    game.activate(dokai)
    (token,) = game.created
    assert (token.name, token.power, token.is_token) == ("Elemental", 1, True)
    game.tap(token)
    assert game.created == ()


def test_111_1_a_held_ability_s_objects_are_named_on_the_step_that_resolves_it() -> None:
    with pytest.raises(ScenarioError, match="name them on the resolve step"):
        run_scenario({"rules": "current", "steps": [
            *DOKAI, {"activate": "dokai", "hold": True, "as": "elemental"}]})


@pytest.mark.parametrize("step", [
    {"copy": "snake", "as": "copy"},
    {"become_copy": "bears", "of": "snake"},
    {"deal_damage": "snake", "to": "Bob", "amount": 3},
])
def test_111_7_a_token_that_has_ceased_to_exist_is_not_copied_and_deals_no_damage(
        step: dict[str, Any]) -> None:
    """111.7: a token that has left the battlefield ceases to exist (its zone is null). It
    used to be copied (a new Snake token, or the Bears becoming a Snake) and to deal damage
    (Bob at 17); now each step is refused, saying the token is gone."""
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "current", "steps": [
            {"create_token": "Snake", "as": "snake"}, {"put": "Grizzly Bears", "as": "bears"},
            {"move": "snake", "to": "graveyard"}, step]})
    assert caught.value.path.startswith("steps[3]")
    assert "the token Snake has ceased to exist (rule 111.7)" in caught.value.detail


@pytest.mark.parametrize("rules", EDITIONS)
@pytest.mark.parametrize("step", [{"counters": "copy", "kind": "+1/+1", "add": 1},
                                  {"flip": "copy"}, {"tap": "copy"}])
def test_111_7_a_token_that_has_ceased_to_exist_is_said_to_be_no_longer_in_the_game(
        rules: str, step: dict[str, Any]) -> None:
    """Acting on a token copy that has left the battlefield is refused (a flip does nothing),
    saying it is no longer in the game: "out of the game" read, in a 2004 game, like the
    removed-from-the-game zone, where the token is not."""
    doc = {"rules": rules, "steps": [
        {"put": "Bushi Tenderfoot", "as": "hero"}, {"copy": "hero", "as": "copy"},
        {"move": "copy", "to": "graveyard"}, step]}
    try:
        said = run_scenario(doc)["log"][-1]
    except ScenarioError as error:
        said = error.detail
    assert "Bushi Tenderfoot is no longer in the game" in said or \
        "Bushi Tenderfoot: it is no longer in the game" in said, said
    assert "out of the game" not in said


@pytest.mark.parametrize(("rules", "said"), [
    ("current", "Alice creates a 1/1 Snake token."),
    ("2004", "Alice puts a 1/1 Snake token into play.")])
def test_111_4_a_token_is_said_as_it_is_made_not_as_an_anthem_makes_it(
        rules: str, said: str) -> None:
    """The token is a 1/1 Snake that gets +2/+2 from Homura's Essence: the log said
    "creates a 3/3 Snake token"."""
    game = Game(rules)
    game.put("Homura, Human Ascendant", flipped=True)
    snake = game.create_token("Snake")
    assert said in game.log
    assert (snake.power, snake.toughness) == (3, 3)
