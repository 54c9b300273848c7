"""Links into the playground made at build time (flipcards_site.playground): the pg1 format,
links relative to each page, and examples read as scenarios that replay the same game."""

from __future__ import annotations

import base64
import contextlib
import io
import json
import re
import zlib
from pathlib import Path
from typing import Any

import pytest

from flipcards import run_scenario
from flipcards_site.playground import (
    MAX_SCENARIO_BYTES,
    PLACEHOLDER,
    example_scenario,
    fragment,
    link_html,
    resolve_links,
)

DOCS = Path(__file__).resolve().parents[1] / "docs"
FENCE = re.compile(r"^```flipcards([^\n]*)\n(.*?)^```", re.S | re.M)


def decode(value: str) -> Any:
    match = re.fullmatch(r"pg1=(\d+)\.([A-Za-z0-9_-]+)", value)
    assert match
    data = base64.urlsafe_b64decode(match.group(2) + "=" * (-len(match.group(2)) % 4))
    text = zlib.decompress(data, -15)  # raw deflate, as CompressionStream("deflate-raw")
    assert len(text) == int(match.group(1))
    return json.loads(text)


def test_a_fragment_carries_the_scenario_compressed() -> None:
    scenario = {"rules": "current", "steps": [{"put": "Kenzo the Hardhearted", "as": "é"}]}
    assert decode(fragment(scenario)) == scenario
    big = {"rules": "2004", "steps": [{"gain_life": "Alice", "amount": 1}] * 1000}
    assert len(fragment(big)) < 400  # repetitive situations compress well
    with pytest.raises(ValueError, match="too large"):
        fragment({"rules": "2004", "steps": [{"put": "x" * MAX_SCENARIO_BYTES}]})


def test_links_are_relative_to_their_page() -> None:
    html = link_html({"rules": "2004", "steps": []}, "Open in the playground",
                     'Open "Bushi" in the playground')
    assert html.startswith(f'<p class="fc-open-playground" data-search-exclude=""><a '
                           f'href="{PLACEHOLDER}#pg1=')
    assert 'aria-label="Open &quot;Bushi&quot; in the playground"' in html
    assert 'href="../playground/#pg1=' in resolve_links(html, "cards/")
    assert 'href="playground/#pg1=' in resolve_links(html, "")
    assert 'href="../../playground/#pg1=' in resolve_links(html, "rules/508.1a/")
    assert resolve_links("<p>no link</p>", "cards/") == "<p>no link</p>"


def plain_examples() -> list[tuple[str, str]]:
    found = []
    for page in sorted(DOCS.glob("*.md")):
        for options, code in FENCE.findall(page.read_text(encoding="utf-8")):
            if "session" not in options:
                found.append((page.name, code))
    return found


def test_examples_read_as_scenarios_replay_the_same_game() -> None:
    converted = 0
    for page, code in plain_examples():
        scenario = example_scenario(code)
        if scenario is None:
            continue
        converted += 1
        namespace: dict[str, Any] = {}
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(code, page, "exec"), namespace)
        assert run_scenario(scenario)["log"] == namespace["game"].log, (page, code)
    assert converted >= 40


def test_calls_in_print_still_happen() -> None:
    code = ('from flipcards import Game\ngame = Game("2004")\nhero = game.put("Initiate of '
            'Blood")\nprint(game.flip(hero))\nprint(game.copy(hero, controller="Bob"))')
    assert example_scenario(code) == {"rules": "2004", "steps": [
        {"put": "Initiate of Blood", "as": "hero"}, {"flip": "hero"},
        {"copy": "hero", "as": "copy1", "controller": "Bob"}]}


def test_arguments_by_position_or_name_and_filters() -> None:
    code = """from flipcards import Filter, Game
game = Game("current", players=("Ann", "Ben"))
bandit = game.put("Cunning Bandit", zone="battlefield", owner="Ben")
game.add_counters(bandit, "ki", 2)
game.remove_counters(bandit, "ki")
anthem = game.add_effect("modify_pt", Filter(types=["Creature"]), power=1, toughness=1)
game.end_effect(anthem)
found = game.search("library", "Ann", Filter(supertypes=["Legendary"]))
game.end_step(decline=[bandit])
"""
    assert example_scenario(code) == {"rules": "current", "players": ["Ann", "Ben"], "steps": [
        {"put": "Cunning Bandit", "as": "bandit", "zone": "battlefield", "owner": "Ben"},
        {"counters": "bandit", "kind": "ki", "add": 2},
        {"counters": "bandit", "kind": "ki", "remove": 1},
        {"effect": "effect 1", "kind": "modify_pt", "affects": {"types": ["Creature"]},
         "power": 1, "toughness": 1},
        {"end_effect": "effect 1"},
        {"search": "library", "player": "Ann", "for": {"supertypes": ["Legendary"]},
         "as": "found"},
        {"end_step": True, "decline": ["bandit"]}]}


@pytest.mark.parametrize("code", [
    "for _ in range(3):\n    game.put('Forest')",
    'from flipcards import Game\ngame = Game("2004")\nother = Game("current")\n'
    'game.put("Forest")',
    'from flipcards import Game\ngame = Game("2004")\ngame.flip(nobody)',
    'from flipcards import Game\ngame = Game("2004")\nhero = game.put("Forest")\n'
    "print(len(game.search('hand', 'Alice')))",
    'from flipcards import Game\ngame = Game("2004")\ngame.put(name)',
    'from flipcards import Game\ngame = Game("2004")\ngame.put("No Such Card")',
    'import flipcards\nprint(flipcards.card("Forest"))',
    "this is not Python",
    'from flipcards import Game\ngame = Game("2004")\nprint(game)',
])
def test_what_is_not_a_plain_sequence_of_model_calls_gets_no_link(code: str) -> None:
    assert example_scenario(code) is None


def test_holding_priority_ordering_and_resolving_are_read_too() -> None:
    code = """from flipcards import Game
game = Game("current")
jushi = game.put("Callow Jushi")
squire = game.put("Faithful Squire")
game.add_counters(jushi, "ki", 2)
game.add_counters(squire, "ki", 2)
with game.holding_priority():
    game.end_step()
    game.order_triggers(squire, jushi)
game.resolve()
game.resolve_stack()
"""
    scenario = example_scenario(code)
    assert scenario is not None
    assert scenario["steps"][4:] == [
        {"end_step": True, "hold": True}, {"order_triggers": ["squire", "jushi"], "hold": True},
        {"resolve": "top"}, {"resolve": "all"}]
    namespace: dict[str, Any] = {}
    exec(compile(code, "<example>", "exec"), namespace)
    assert run_scenario(scenario)["log"] == namespace["game"].log
