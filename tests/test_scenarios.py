"""The scenario format (flipcards._scenario, what ``python -m flipcards run`` reads): the
defaults of ``put``, the names a card may be put by, ``expect``, the fields of a step, and the
example scenario shipped for each flip card (flipcards/scenarios), run under both editions.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from helpers import cli, obj, run

from flipcards import EDITIONS, ScenarioError, all_cards, run_scenario
from flipcards._scenario import STEP_OPTIONS, VERBS, parse_json

SCENARIOS = sorted(
    p.name for p in resources.files("flipcards").joinpath("scenarios").iterdir()
    if p.name.endswith(".json")
)


def slug(name: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in name.lower()).replace("--", "-").strip("-")


@pytest.mark.parametrize("rules", EDITIONS)
def test_508_2_put_either_half_or_full_name_in_any_case_makes_the_same_unflipped_card(
        rules: str) -> None:
    """Contract, `put`: NAME may be either half's name or "A // B", in any case. Whatever name
    is used, it is the same card, and without `"flipped": true` it is unflipped, so it has only
    its normal half (508.2) — on the battlefield as much as in a library."""
    out = run(rules, [
        {"put": "kenzo the hardhearted", "as": "by_flipped_name"},
        {"put": "BUSHI TENDERFOOT // KENZO THE HARDHEARTED", "as": "by_full_name"},
        {"put": "Rune-Tail's Essence", "as": "essence_name", "zone": "library"},
        {"put": "Kenzo the Hardhearted", "as": "flipped", "owner": "Bob", "flipped": True},
    ])
    for oid in ("by_flipped_name", "by_full_name"):
        o = obj(out, oid)
        assert (o["name"], o["flipped"], o["supertypes"], o["power"], o["toughness"]) == (
            "Bushi Tenderfoot", False, [], 1, 1), oid
    essence = obj(out, "essence_name")
    assert (essence["name"], essence["types"], essence["power"]) == (
        "Rune-Tail, Kitsune Ascendant", ["Creature"], 2)
    assert (obj(out, "flipped")["name"], obj(out, "flipped")["flipped"]) == (
        "Kenzo the Hardhearted", True)


def test_508_2_scenario_flipped_field_is_false_off_the_battlefield() -> None:
    """Scenario contract: a card that left play shows "flipped": false and its normal half."""
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Bushi Tenderfoot", "as": "b", "flipped": True},
        {"move": "b", "to": "graveyard"}]})
    obj = out["objects"]["b"]
    assert (obj["flipped"], obj["name"], obj["supertypes"], obj["power"]) == (
        False, "Bushi Tenderfoot", [], 1)


def test_508_2_scenario_flipped_outside_play_is_a_clear_error() -> None:
    """Scenario contract: "flipped": true only on the battlefield; elsewhere it is an invalid
    scenario that names where the problem is."""
    from flipcards import ScenarioError

    with pytest.raises(ScenarioError, match=r"steps\[0\]"):
        run_scenario({"rules": "2004", "steps": [
            {"put": "Bushi Tenderfoot", "as": "b", "zone": "hand", "flipped": True}]})


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("name", SCENARIOS)
def test_example_scenario_flips_the_card_through_its_own_condition(name: str,
                                                                   edition: str) -> None:
    doc = json.loads(resources.files("flipcards").joinpath("scenarios", name).read_text())
    doc["rules"] = edition
    out = run_scenario(doc)
    assert out["failures"] == []
    flips = [s for s in doc["steps"] if "flip" in s]
    if name != "curse-of-the-fire-penguin.json":   # the one card with no flip condition
        assert flips == [], "the card must flip by its condition, not by a flip step"
        assert any("triggers" in line or "needed" in line or "(ten or more)" in line
                   or "(seven or more)" in line or "(nine or more)" in line
                   or "is empty" in line or "no cards in hand" in line
                   for line in out["log"]), out["log"]
    assert any(" flips: it is now " in line or ", flipped; it is a new object" in line
               for line in out["log"])


def test_expect_compares_a_fields_value_whole_counters_empty_means_none() -> None:
    """Contract: `expect` is a partial match of the state — the ids and fields listed are
    checked, the others are not. The VALUE of a listed field is the state's value: expecting
    `"counters": {}` says "no counters", and must fail for a permanent that has a +1/+1
    counter. (Otherwise an acceptance test of 508.4 — a permanent that left play has no
    counters — could never fail.)"""
    out = run_scenario({"rules": "2004", "steps": [
        {"put": "Callow Jushi", "as": "jushi"},
        {"counters": "jushi", "kind": "+1/+1", "add": 1},
        {"expect": {"jushi": {"counters": {}}}},
    ]})
    assert len(out["failures"]) == 1, out["failures"]
    assert "steps[2]" in out["failures"][0] and "counters" in out["failures"][0]


def test_expect_takes_keywords_colors_and_types_in_any_order_as_sets() -> None:
    """Kenzo's keywords are Bushido and Double strike whichever a judge writes first; an
    expectation in the other order used to fail. A missing or extra item still fails."""
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Bushi Tenderfoot", "as": "kenzo", "flipped": True},
        {"expect": {"kenzo": {"keywords": ["Double strike", "Bushido"],
                              "subtypes": ["Samurai", "Human"], "colors": ["W"]}}},
        {"expect": {"kenzo": {"keywords": ["Double strike"]}}},
        {"expect": {"kenzo": {"subtypes": ["Samurai", "Human", "Human"]}}},
    ]})
    assert out["failures"] == [
        'steps[2].expect: kenzo.keywords is ["Bushido 2", "Double strike"] (in the output '
        '["Bushido", "Double strike"]), expected ["Double strike"]',
        'steps[3].expect: kenzo.subtypes is ["Human", "Samurai"], expected '
        '["Samurai", "Human", "Human"]']


@pytest.mark.parametrize(("expect", "path", "said"), [
    ({"kenzo": {"flipped": 1}}, "kenzo.flipped", "expected true or false, got 1"),
    ({"kenzo": {"power": "5"}}, "kenzo.power", 'expected a whole number or null, got "5"'),
    ({"kenzo": {"damage": True}}, "kenzo.damage", "expected a whole number, got true"),
    ({"kenzo": {"damage": -1}}, "kenzo.damage",
     "expected an amount of damage (0 or more), got -1"),
    ({"kenzo": {"mana_value": -1}}, "kenzo.mana_value",
     "expected a mana value (0 or more), got -1"),
    ({"players": {"Bob": {"hand": -3}}}, "players.Bob.hand",
     "expected a number of cards (0 or more), got -3"),
    ({"kenzo": {"keywords": "Bushido"}}, "kenzo.keywords", 'expected a list, got "Bushido"'),
    ({"players": {"Bob": {"lost": False}}}, "players.Bob.lost",
     "expected a text or null, got false"),
    ({"players": {"Bob": {"life": "20"}}}, "players.Bob.life",
     'expected a whole number, got "20"'),
    ({"kenzo": {"counters": {"+1/+1": "x"}}}, 'kenzo.counters["+1/+1"]',
     'expected a number of counters (0 or more), got "x"'),
    ({"kenzo": {"counters": {"ki": True}}}, "kenzo.counters.ki",
     "expected a number of counters (0 or more), got true"),
    ({"stack": [{"source": 5}]}, "stack[0].source", "expected a text, got 5"),
    ({"stack": [{"may": "yes"}]}, "stack[0].may", 'expected true or false, got "yes"'),
    ({"stack": [{"sorce": "kenzo"}]}, "stack[0].sorce",
     'no field of a stack item "sorce"; did you mean "source"?'),
    ({"stack": ["kenzo"]}, "stack[0]",
     'expected a stack item, such as {"source": "jushi"}, got "kenzo"'),
    ({"kenzo": {"zone": "bogus"}}, "kenzo.zone",
     'no zone "bogus"; expected one of "library", "hand", "battlefield", "graveyard", '
     '"exile", "stack"'),
    ({"kenzo": {"colors": ["White"]}}, "kenzo.colors[0]",
     'colors are written as letters W, U, B, R, G, not "White"'),
    ({"players": {"Bob": {"lost": "conceeded"}}}, "players.Bob.lost",
     'no reason for a loss "conceeded"; did you mean "conceded"?'),
])
def test_expect_a_value_no_field_could_hold_is_an_invalid_scenario(
        expect: dict[str, Any], path: str, said: str) -> None:
    """An expected value of a kind the field never holds is a mistake in the scenario (exit
    2, where it is), not a failed check: "flipped": 1 reported "kenzo.flipped is true,
    expected 1", as if the model were wrong."""
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "2004", "steps": [
            {"put": "Bushi Tenderfoot", "as": "kenzo", "flipped": True}, {"expect": expect}]})
    assert str(caught.value) == f"steps[1].expect.{path}: {said}"
    # null where a field may hold it is a value to compare, as before.
    out = run_scenario({"rules": "2004", "steps": [
        {"put": "Bushi Tenderfoot", "as": "kenzo", "zone": "hand"},
        {"expect": {"kenzo": {"power": None, "attacking": None},
                    "players": {"Bob": {"lost": None}}}}]})
    assert out["failures"] == ["steps[1].expect: kenzo.power is 1, expected null"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_expect_game_checks_the_turn_its_step_whose_it_is_and_how_it_ended(edition: str) -> None:
    """A judge's scenario checks where the game is, not only the objects: after a next_turn
    step it is Bob's turn 2, in his main phase (nothing waited in his upkeep); after a player
    loses, the game is over and the other won. Each wrong expectation is a failure naming the
    field, found and expected."""
    steps: list[dict[str, Any]] = [
        {"expect": {"game": {"turn": 1, "step": "main", "active_player": "Alice",
                             "over": False, "winner": None}}},
        {"next_turn": True},
        {"expect": {"game": {"turn": 2, "step": "main", "active_player": "Bob"}}},
        {"lose_life": "Alice", "amount": 20},
        {"expect": {"game": {"over": True, "winner": "Bob"}}},
    ]
    out = run_scenario({"rules": edition, "steps": steps})
    assert out["failures"] == []
    assert (out["turn"], out["active_player"], out["winner"]) == (2, "Bob", "Bob")
    wrong = [{"next_turn": True},
             {"expect": {"game": {"turn": 3, "step": "upkeep", "active_player": "Alice",
                                  "over": True, "winner": "Alice"}}}]
    assert run_scenario({"rules": edition, "steps": wrong})["failures"] == [
        "steps[1].expect: game.turn is 2, expected 3",
        'steps[1].expect: game.step is "main", expected "upkeep"',
        'steps[1].expect: game.active_player is "Bob", expected "Alice"',
        "steps[1].expect: game.over is false, expected true",
        'steps[1].expect: game.winner is null, expected "Alice"']


@pytest.mark.parametrize(("game", "path", "said"), [
    ({"turn": 0}, "game.turn", "expected a turn number (1 or more), got 0"),
    ({"turn": True}, "game.turn", "expected a turn number (1 or more), got true"),
    ({"step": "combat damage"}, "game.step", 'no step "combat damage"; did you mean "combat"?'),
    ({"active_player": "Carol"}, "game.active_player", 'no player "Carol"'),
    ({"over": "yes"}, "game.over", 'expected true or false, got "yes"'),
    ({"winer": "Bob"}, "game.winer", 'no field of the game "winer"; did you mean "winner"?'),
    ({}, "game", 'expected an object of the game\'s fields: "turn", "step", "active_player", '
                 '"over", "winner", "creatures_died_this_turn", "spells_cast_this_turn"'),
    ({"creatures_died_this_turn": -1}, "game.creatures_died_this_turn",
     "expected a count (0 or more), got -1"),
])
def test_expect_game_a_field_or_value_it_cannot_have_is_an_invalid_scenario(
        game: dict[str, Any], path: str, said: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "current", "steps": [{"expect": {"game": game}}]})
    assert str(caught.value).startswith(f"steps[0].expect.{path}: {said}")


@pytest.mark.parametrize(("filter_", "path", "said"), [
    ({"name": "Grizly Bears"}, "for.name", "no card named 'Grizly Bears'; did you mean "
                                           "'Grizzly Bears'?"),
    ({"colors": ["green"]}, "for.colors", "colors are written as letters: W (white), U (blue), "
                                          "B (black), R (red), G (green); 'green' is G"),
    ({"types": ["Creture"]}, "for.types", "no card type 'Creture'; did you mean 'Creature'?"),
])
def test_a_filter_that_could_match_nothing_says_where_and_why(
        filter_: dict[str, Any], path: str, said: str) -> None:
    """A judge's typo in a search's filter found nothing, and the scenario passed: a name no
    card or token has, a color written as a word, are refused at the key that is wrong."""
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "current", "steps": [
            {"search": "battlefield", "for": filter_, "as": "found"}]})
    assert str(caught.value) == f"steps[0].{path}: {said}"
    out = run_scenario({"rules": "current", "steps": [
        {"create_token": "Snake", "as": "s"},
        {"search": "battlefield", "for": {"name": "snake", "colors": ["G"]}, "as": "found"}]})
    assert out["results"]["found"] == ["s"]


@pytest.mark.parametrize(("text", "said"), [
    # Where a word that is no JSON number is (a string that holds it is no number).
    ('{"rules": "2004", "steps": [{"put": "Grizzly Bears", "as": "NaN"}, '
     '{"damage": "b", "amount": NaN}]}',
     "not valid JSON: NaN is not a JSON number, at line 1 column 94"),
    ('{"rules": "2004",\n "steps": [], "x": -Infinity}',
     "not valid JSON: -Infinity is not a JSON number, at line 2 column 20"),
    # A number too large for the reader is named as written, not as what it would become.
    ('{"rules": "2004",\n "steps": [{"put": "Grizzly Bears", "as": "b"}, '
     '{"damage": "b", "amount": 1e400}]}',
     "not a usable scenario: the number 1e400 is too large, at line 2 column 75"),
    ('{"rules": "2004", "steps": [{"put": "Grizzly Bears", "as": "b"}, '
     '{"damage": "b", "amount": ' + "9" * 5000 + "}]}",
     "not a usable scenario: a number in it has more than 4300 digits"),
])
def test_text_that_is_not_json_is_refused_in_the_scenarios_words(text: str, said: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        parse_json(text)
    assert str(caught.value) == said


def test_a_game_of_one_player_is_an_invalid_scenario() -> None:
    """The rules are for games of two or more players: a game of Alice alone would end "in a
    draw" as she loses."""
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "current", "players": ["Alice"], "steps": []})
    assert str(caught.value) == 'players: a game has two or more players, got only ["Alice"]'


def test_expect_game_is_an_object_where_a_scenario_named_one_so() -> None:
    """Scenarios written before "game" meant the game may have named an object "game"; their
    expectations of it still check that object."""
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Grizzly Bears", "as": "game"}, {"expect": {"game": {"power": 3}}}]})
    assert out["failures"] == ["steps[1].expect: game.power is 2, expected 3"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_nezumi_shortfang_scenario_activate_with_a_discard_field_is_an_activate_step(
        edition: str) -> None:
    out = run_scenario({"rules": edition, "steps": [
        {"put": "Nezumi Shortfang", "as": "rat"},
        {"put": "Island", "zone": "hand", "owner": "Bob", "as": "island"},
        {"put": "Forest", "zone": "hand", "owner": "Bob", "as": "forest"},
        {"activate": "rat", "target": "Bob", "discard": "forest"},
        {"expect": {"forest": {"zone": "graveyard"}, "island": {"zone": "hand"},
                    "rat": {"flipped": False}}},
    ]})
    assert out["failures"] == []


@pytest.mark.parametrize("rules", EDITIONS)
def test_put_defaults_owner_is_first_player_controller_is_owner_zone_battlefield(
        rules: str) -> None:
    """Contract, `put`: zone defaults to the battlefield, owner to the FIRST player of
    `players` (here not Alice), controller to the owner. Giving only a controller leaves the
    owner at the default; giving only an owner makes that player the controller too."""
    out = run(rules, [
        {"put": "Budoka Gardener", "as": "plain"},
        {"put": "Budoka Gardener", "as": "lent", "controller": "Dan"},
        {"put": "Budoka Gardener", "as": "dans", "owner": "Dan"},
        {"put": "Budoka Gardener", "as": "in_hand", "owner": "Dan", "zone": "hand"},
    ], players=["Carol", "Dan"])
    assert {k: obj(out, "plain")[k] for k in ("zone", "owner", "controller")} == {
        "zone": "battlefield", "owner": "Carol", "controller": "Carol"}
    assert (obj(out, "lent")["owner"], obj(out, "lent")["controller"]) == ("Carol", "Dan")
    assert (obj(out, "dans")["owner"], obj(out, "dans")["controller"]) == ("Dan", "Dan")
    assert (obj(out, "in_hand")["zone"], obj(out, "in_hand")["controller"]) == ("hand", "Dan")


def test_scenario_move_under_another_players_control() -> None:
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Grizzly Bears", "zone": "graveyard", "as": "bears"},
        {"move": "bears", "to": "battlefield", "controller": "Bob"},
        {"expect": {"bears": {"controller": "Bob", "owner": "Alice"}}},
    ]})
    assert out["failures"] == []


def test_scenario_no_verb_has_another_verb_as_a_field_both_ways() -> None:
    for verb, fields in VERBS.items():
        for field in fields:
            if field in VERBS:
                assert verb not in VERBS[field], (verb, field)
        assert not set(fields) & set(STEP_OPTIONS), verb


def test_there_is_one_example_scenario_per_flip_card() -> None:
    expected = {f"{slug(c.name)}.json" for c in all_cards() if c.is_flip_card}
    assert set(SCENARIOS) == expected


@pytest.mark.parametrize(("doc", "path", "control"), [
    ({"players": ["Al\u202eice", "Bob"], "steps": []}, "players[0]", "U+202E"),
    ({"steps": [{"put": "Grizzly Bears", "as": "bears\u2067"}]}, "steps[0].as", "U+2067"),
    ({"steps": [{"put": "Grizzly Bears", "as": "b"},
                {"counters": "b", "kind": "ki\u202b", "add": 1}]}, "steps[1].kind", "U+202B"),
    ({"steps": [{"put": "Grizzly Bears", "as": "b"},
                {"expect": {"b": {"name\u2068": "x"}}}]}, 'steps[1].expect.b["name\\u2068"]',
     "U+2068"),
    ({"steps": [{"put": "Grizzly Bears", "as": "b\n"}]}, "steps[0].as", "U+000A"),
    # Half of a character, which JSON can write ("\ud800") but no page or file can hold: the
    # output would not be text.
    ({"steps": [{"put": "Grizzly Bears", "as": "x\ud800"}]}, "steps[0].as", "U+D800"),
    ({"players": ["A\udfff", "Bob"], "steps": []}, "players[0]", "U+DFFF"),
])
def test_a_text_of_a_scenario_may_not_hold_a_control(doc: dict[str, object], path: str,
                                                     control: str) -> None:
    """A name or an id is its author's: one holding a control that reorders the text around it
    would make the log and the board read otherwise than the game is (a link's player named
    "Al\u202eice" turned the rest of every line of the log around). The message names the
    control, and shows the text with it escaped."""
    with pytest.raises(ScenarioError) as raised:
        run_scenario({"rules": "2004", **doc})
    assert raised.value.path == path
    assert f"may not hold {control}" in str(raised.value)
    assert not any(c in str(raised.value) for c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067"
                   "\u2068\u2069\n\ud800\udfff")
    str(raised.value).encode("utf-8")


@pytest.mark.parametrize(("text", "where"), [
    ("Ka" + "\u0301" * 9 + "mi", "character 2 of the text has 9"),
    ("\u0301\u0302" * 3000, "the start of the text has 6000"),
    # An invisible character between each two: drawn, the marks are on one letter all the same.
    ("a" + "\u0301\u200b" * 8000, "character 1 of the text has 8000"),
    ("Ka" + "\u0301\u200d\u0302" * 5 + "mi", "character 2 of the text has 10"),
])
def test_a_text_of_a_scenario_may_not_pile_marks_on_a_character(text: str, where: str) -> None:
    """Thousands of marks on one letter are drawn as a column of ink across the page."""
    with pytest.raises(ScenarioError) as raised:
        run_scenario({"rules": "2004", "steps": [{"put": "Grizzly Bears", "as": text}]})
    assert str(raised.value) == ("steps[0].as: a text may not pile more than 8 combining marks "
                                 f"on one character; {where}")


@pytest.mark.parametrize(("players", "message"), [
    (["Alice", "Alice\u200b", "Bob"], 'players[1]: "Alice\\u200b" looks the same as "Alice" on '
                                        "the page: player names must look different"),
    (["Alice", "Bob", "Alice "], 'players[2]: "Alice " looks the same as "Alice" on the page: '
                                 "player names must look different"),
    (["Ali\u0301ce", "Alíce"], 'players[1]: "Alíce" looks the same as "Ali\u0301ce" on the '
                               "page: player names must look different"),
    (["\u200b\u2060", "Bob"], 'players[0]: a player\'s name must show something, got '
                              '"\\u200b\\u2060"'),
    # An empty name was refused as "expected a list of player names", not saying which.
    (["Bob", ""], 'players[1]: a player\'s name must show something, got ""'),
    # Letters of other scripts drawn as Latin ones; letters that are drawn as nothing.
    (["Alice", "\u0410lice"], 'players[1]: "\u0410lice" looks the same as "Alice" on the page '
                              '("\u0410" is CYRILLIC CAPITAL LETTER A): player names must look '
                              "different"),
    (["B\u03bfb", "Bob"], 'players[1]: "Bob" looks the same as "B\u03bfb" on the page ("\u03bf" '
                          "is GREEK SMALL LETTER OMICRON): player names must look different"),
    # Letters drawn in another width or style: fullwidth, mathematical bold.
    (["Bob", "\U0001d401ob"], 'players[1]: "\U0001d401ob" looks the same as "Bob" on the page '
                             '("\U0001d401" is MATHEMATICAL BOLD CAPITAL B): player names must '
                             "look different"),
    (["Alice", "\u3164"], 'players[1]: a player\'s name must show something, got "\u3164"'),
    (["Alice", "B" * 3000], "players[1]: a player's name has at most 40 characters; this one "
                            f'has 3,000: "{"B" * 59}…"'),
])
def test_players_whose_names_look_the_same_are_refused(players: list[str], message: str) -> None:
    """Two players drawn alike ("Alice" and "Alice" with a zero-width space) let a link give a
    permanent to a player who looks like another; a name of 3,000 letters made the playground's
    page 35,000 pixels wide. Each refusal names the player."""
    with pytest.raises(ScenarioError) as raised:
        run_scenario({"rules": "current", "players": players, "steps": []})
    assert str(raised.value) == message


@pytest.mark.parametrize("given", ["   ", "\u200b", "\u2060\u200b"])
def test_an_id_that_shows_nothing_is_refused(given: str) -> None:
    """An id of spaces or a zero-width space was taken: the board drew "Grizzly Bears ()" and
    a failure read ".power is 2". Ids must show something, as players' names must."""
    with pytest.raises(ScenarioError) as raised:
        run_scenario({"rules": "current", "steps": [{"put": "Grizzly Bears", "as": given}]})
    assert str(raised.value).startswith("steps[0].as: an id must show something, got ")


@pytest.mark.parametrize(("letter", "latin"), [
    ("\u04ae", "Y"), ("\u04c0", "I"), ("\u051a", "Q"), ("\u051c", "W"), ("\u03f2", "c"),
    ("\u03f9", "C"), ("\u037f", "J"), ("\u03f3", "j")])
def test_players_whose_names_differ_by_a_capital_drawn_as_latin_are_refused(
        letter: str, latin: str) -> None:
    """Cyrillic and Greek letters drawn as a Latin capital (or as "c", "j") made two names
    that look alike ("\u051cendy" and "Wendy") pass as two players."""
    with pytest.raises(ScenarioError, match="player names must look different"):
        run_scenario({"rules": "current", "players": [f"{latin}endy", f"{letter}endy"],
                      "steps": []})


@pytest.mark.parametrize(("twin", "letter"), [
    ("b\u0435ars", '"\u0435" is CYRILLIC SMALL LETTER IE'),
    # "\uff42ears" passed as an id of its own: fullwidth letters are the same letters drawn wider.
    ("\uff42ears", '"\uff42" is FULLWIDTH LATIN SMALL LETTER B'),
    ("\U0001d41bears", '"\U0001d41b" is MATHEMATICAL BOLD SMALL B'),
])
def test_ids_that_look_the_same_are_refused(twin: str, letter: str) -> None:
    """Two Grizzly Bears with the ids "bears" and "b\u0435ars" (a Cyrillic "\u0435") were drawn
    alike in the playground: a link could make one look like the other. The second id is
    refused, saying which letter is not what it looks like."""
    with pytest.raises(ScenarioError) as raised:
        run_scenario({"rules": "current", "steps": [
            {"put": "Grizzly Bears", "as": "bears"},
            {"put": "Grizzly Bears", "as": twin}]})
    assert str(raised.value) == (f'steps[1].as: the id "{twin}" looks the same as "bears" '
                                 f"on the page ({letter}): ids must look different")


@pytest.mark.parametrize(("given", "message"), [
    ("Bob", '"Bob" is a player\'s name'),
    ("B\u043eb", 'the id "B\u043eb" looks the same as the player "Bob" on the page ("\u043e" is '
                 "CYRILLIC SMALL LETTER O)"),
    ("Bob\u200b", 'the id "Bob\\u200b" looks the same as the player "Bob" on the page'),
    ("\u0392ob", 'the id "\u0392ob" looks the same as the player "Bob" on the page ("\u0392" is '
                 "GREEK CAPITAL LETTER BETA)"),
    ("\uff22ob", 'the id "\uff22ob" looks the same as the player "Bob" on the page ("\uff22" is '
                 "FULLWIDTH LATIN CAPITAL LETTER B)"),
])
def test_an_id_that_looks_like_a_players_name_is_refused(given: str, message: str) -> None:
    """Only the very name "Bob" was refused as an id: "B\u043eb" (a Cyrillic "\u043e") or
    "Bob" with a zero-width space passed, and a step "to" it read in the scenario's JSON as
    damage to the player Bob while it damaged the creature."""
    with pytest.raises(ScenarioError) as raised:
        run_scenario({"rules": "current", "steps": [{"put": "Grizzly Bears", "as": given}]})
    assert str(raised.value) == (f"steps[0].as: {message}: an object named so could not be "
                                 "told from the player; choose another id")


def test_an_id_has_at_most_40_characters() -> None:
    """A link could give a card the id "Notice from Flip Cards: this board shows a wrong
    result…", drawn in the card's title on the board as if the site said it; an id is a short
    handle, as a player's name is (40 characters)."""
    sentence = "Notice from Flip Cards: this board was made with an old model"
    with pytest.raises(ScenarioError) as raised:
        run_scenario({"rules": "2004", "steps": [{"put": "Bushi Tenderfoot", "as": sentence}]})
    assert str(raised.value) == ("steps[0].as: an id has at most 40 characters; this one has 61: "
                                 f'"{sentence[:59]}…"')
    run_scenario({"rules": "2004", "steps": [{"put": "Bushi Tenderfoot", "as": "b" * 40}]})


def test_a_scenario_seats_at_most_32_players() -> None:
    """A link with thousands of players took the playground seconds to draw."""
    seated = run_scenario({"rules": "current", "players": [f"P{n}" for n in range(32)],
                           "steps": [{"next_turn": True}]})
    assert seated["active_player"] == "P1"
    with pytest.raises(ScenarioError) as raised:
        run_scenario({"rules": "current", "players": [f"P{n}" for n in range(9500)], "steps": []})
    assert str(raised.value) == "players: a game here has at most 32 players, got 9500"


def test_a_text_of_a_scenario_may_hold_any_letter_mark_or_symbol() -> None:
    vietnamese = "Tiê\u0309ng Viê\u0323t"  # (two marks on a letter, decomposed)
    out = run_scenario({"rules": "2004", "players": ["Ōkami", "זאב"], "steps": [
        {"put": "Grizzly Bears", "as": "ours 🐻‍❄️", "owner": "זאב"},
        {"counters": "ours 🐻‍❄️", "kind": "ki", "add": 1},
        {"put": "Grizzly Bears", "as": vietnamese}]})
    assert out["objects"]["ours 🐻‍❄️"]["owner"] == "זאב"
    assert vietnamese in out["objects"]


@pytest.mark.parametrize("text", [
    '{"rules": "current", "steps": [{"put": "Grizzly Bears", "as": "g", "as": "h"}]}',
    '{"rules": "current", "rules": "2004", "steps": []}',
])
def test_a_key_given_twice_in_one_object_is_refused_naming_it(text: str) -> None:
    """JSON lets an object repeat a key, and the last one silently wins: a hand-written
    scenario with two "as" used to name the Bears "h" and forget "g". Now it is refused,
    naming the key and the object it is in."""
    with pytest.raises(ScenarioError, match=r'the key "(as|rules)" is given twice in one '
                                            r'object \(\{"(put|rules)": '):
        run_scenario(parse_json(text))


def test_an_error_repeats_a_long_value_cut_short() -> None:
    """An id of 100,000 characters used to be repeated whole in the message (and a value of
    900 nested lists as 1,800 brackets): the message now shows its first 100 characters."""
    long_id = "x" * 100_000
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "current", "steps": [{"flip": long_id}]})
    assert len(str(caught.value)) < 300
    assert "x" * 99 + "…" in str(caught.value)
    nested: Any = []
    for _ in range(900):
        nested = [nested]
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "current", "steps": [{"put": "Grizzly Bears", "as": "b"},
                                                     {"damage": "b", "amount": nested}]})
    assert caught.value.path == "steps[1].amount"
    assert len(str(caught.value)) < 300


def test_a_failed_expect_shows_what_it_found_whole() -> None:
    """The values of a failed expectation are the reader's own question: shown whole."""
    steps: list[dict[str, Any]] = [{"put": "Grizzly Bears", "zone": "library"}
                                   for _ in range(40)]
    out = run_scenario({"rules": "current", "steps": [
        *steps, {"search": "library", "as": "found"},
        {"expect": {"results": {"found": []}}}]})
    assert len(out["failures"]) == 1
    assert "grizzly-bears-40" in out["failures"][0]


def test_a_card_name_of_two_million_characters_is_named_by_its_start() -> None:
    """A file may hold a name of any length: the message says what was wrong and where, with
    the name's first 80 characters, not the whole of it (once two megabytes of message)."""
    with pytest.raises(ScenarioError) as raised:
        run_scenario({"rules": "2004", "steps": [{"put": "x" * 2_000_000}]})
    message = str(raised.value)
    assert len(message) < 300
    assert "steps[0].put: no card named '" + "x" * 80 + "'…" in message


@pytest.mark.parametrize(("doc", "path"), [
    ({"rules": "current", "KEY": 1, "steps": []}, '["KEY"]'),
    ({"rules": "current", "steps": [{"put": "Grizzly Bears", "KEY": 1}]}, 'steps[0]["KEY"]'),
    ({"rules": "current", "steps": [{"expect": {"KEY": {"zone": "hand"}}}]},
     'steps[0].expect["KEY"]'),
    ({"rules": "current", "steps": [{"put": "Grizzly Bears", "as": "b"},
                                    {"expect": {"b": {"KEY": 1}}}]}, 'steps[1].expect.b["KEY"]'),
    ({"rules": "current", "steps": [{"expect": {"players": {"KEY": {}}}}]},
     'steps[0].expect.players["KEY"]'),
])
def test_a_key_that_is_no_plain_word_is_quoted_and_cut_in_the_path(doc: dict[str, Any],
                                                                   path: str) -> None:
    """A link's key went unquoted and whole at the head of the message, which the playground
    shows as "This link cannot be opened: …": the key's author wrote the first words of the
    site's own sentence. It is quoted (its own quotes escaped) and cut at 40 characters."""
    key = ('see "flipcards-judges.example": the situations moved there. Our apologies for the '
           "inconvenience")
    text = json.dumps(doc).replace('"KEY"', json.dumps(key))
    with pytest.raises(ScenarioError) as raised:
        run_scenario(json.loads(text))
    shown = 'see \\"flipcards-judges.example\\": the situ…'
    assert str(raised.value).startswith(path.replace("KEY", shown) + ": "), str(raised.value)


_SLIP_SETUP = [
    {"put": "Jushi Apprentice", "as": "jushi"}, {"put": "Island", "zone": "library"},
    {"put": "Akki Lavarunner", "as": "akki"},
    {"put": "Grizzly Bears", "as": "bears", "zone": "hand"},
    {"put": "Shock", "as": "shock", "zone": "hand"},
]


@pytest.mark.parametrize(("step", "path", "said"), [
    # A misspelt or unknown card in "ability": no card, so nothing to refuse.
    ({"activate": "jushi", "ability": "Jushi Aprentice"},
     "steps[5].ability", "did you mean 'Jushi Apprentice'"),
    ({"activate": "jushi", "ability": "Xyzzy Nonsense"},
     "steps[5].ability", "Xyzzy Nonsense"),
    # A choice a permanent spell has no use for.
    ({"cast": "bears", "target": "Bob"}, "steps[5].target", "Grizzly Bears takes no target"),
    ({"cast": "bears", "naming": "Shock"}, "steps[5].naming", "Grizzly Bears takes no naming"),
    # A choice on resolution for what chooses nothing then.
    ({"resolve": "top", "choose": "akki"}, "steps[6].choose", "makes no choice as it resolves"),
    # Only a permanent enters attached, flipped or as a copy.
    ({"put": "Grizzly Bears", "attached_to": "akki"}, "steps[5].attached_to",
     "Grizzly Bears is not an Aura"),
    ({"put": "Grizzly Bears", "zone": "hand", "flipped": True}, "steps[5]", "flipped"),
    ({"move": "akki", "to": "hand", "copying": "jushi"}, "steps[5]", "as a copy"),
])
def test_a_slip_in_a_step_expected_to_be_refused_is_still_invalid(
        step: dict[str, Any], path: str, said: str) -> None:
    """``"refused": true`` is the judge's "the rules do not allow it". A step with a slip in
    it (a card name that is none, a choice that what is done has no use for) is no refusal
    of the rules: it was invalid without the mark and passed with it, confirming a refusal
    that never was. It is invalid (exit 2) either way, naming where."""
    steps = [*_SLIP_SETUP]
    if "resolve" in step:
        steps.append({"cast": "shock", "target": "Bob", "hold": True})
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "current", "steps": [*steps, {**step, "refused": True}]})
    assert type(caught.value) is ScenarioError
    assert str(caught.value).startswith(path), str(caught.value)
    assert said in str(caught.value)


def test_303_4a_an_id_a_step_refused_as_expected_was_to_give_says_so_when_used() -> None:
    """Pacifism cannot enchant a Forest (303.4a), and the step that was to name it "p" is
    refused as the scenario expects; a later step on "p" said only 'no object "p"', as a
    typo is told."""
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "2004", "steps": [
            {"put": "Forest", "as": "land"},
            {"put": "Pacifism", "attached_to": "land", "as": "p", "refused": True},
            {"tap": "p"}]})
    assert str(caught.value) == ('steps[2].tap: no object "p": steps[1] was to make it, and '
                                 "the rules refused that step, as the scenario expects")


def test_302_6_the_step_a_failure_made_impossible_says_what_failed_before_it(
        tmp_path: Path) -> None:
    """A creature put into play is no newcomer (it has been there all along): an attack
    expected to be refused is allowed, and the next attack, invalid now, ended the run naming
    only itself. The command line says the failure before it too."""
    result = cli(tmp_path, {"rules": "2004", "steps": [
        {"put": "Grizzly Bears", "as": "bears"},
        {"attack": ["bears"], "refused": True}, {"attack": ["bears"]}]})
    assert result.returncode == 2
    assert result.stderr.splitlines()[1:] == [
        "before it: steps[1].refused: the step was expected to be refused, but the rules "
        "allowed it"]
    assert "invalid scenario: steps[2]: attackers are declared already" in result.stderr


@pytest.mark.parametrize("named", ["Jushi Apprentice", "Tomoya the Revealer",
                                   "jushi apprentice // tomoya the revealer"])
def test_activate_naming_the_permanents_own_card_activates_its_own_ability(named: str) -> None:
    """"ability" picks an ability another card grants (Homura's Essence); the permanent's own
    card named there is its own ability, not "no ability granted by Jushi Apprentice"."""
    out = run("current", [*_SLIP_SETUP, {"activate": "jushi", "ability": named},
                          {"expect": {"jushi": {"tapped": True},
                                      "players": {"Alice": {"hand": 3}}}}])
    assert any("activates Jushi Apprentice's ability" in line for line in out["log"])


def test_an_error_that_repeats_a_long_value_of_the_scenario_is_cut() -> None:
    """A power of three thousand letters was repeated whole in the error (and the playground's
    alert filled the window with it); a name is cut at 80 characters, and so is every error
    at 600."""
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "current", "steps": [
            {"put": "Grizzly Bears", "as": "b"},
            {"effect": "e", "kind": "modify_pt", "affects": "b", "power": "x" * 3000}]})
    said = str(caught.value)
    assert said.startswith("steps[1].power: ") and len(said) <= 620 and said.endswith("…")


def test_a_suggestion_or_an_expected_text_that_looks_the_same_says_what_differs() -> None:
    """"no object "café"; did you mean "café"?" (one written as e and a combining accent), and
    "b.name is "Grizzly Bears", expected "Grizzly Bear\u0455"" (a Cyrillic letter): the reader was
    told to write what they wrote. The message names the characters that differ."""
    with pytest.raises(ScenarioError) as raised:
        run_scenario({"rules": "current", "steps": [
            {"put": "Grizzly Bears", "as": "caf\u00e9"}, {"damage": "cafe\u0301"}]})
    assert str(raised.value).endswith(
        "(they look the same: what was given has U+0065 LATIN SMALL LETTER E and U+0301 "
        "COMBINING ACUTE ACCENT where it has U+00E9 LATIN SMALL LETTER E WITH ACUTE)")
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Grizzly Bears", "as": "b"},
        {"expect": {"b": {"name": "Grizzly Bear\u0455"}}},
        {"expect": {"b": {"name": "Grizzly Bearz"}}}]})
    assert out["failures"] == [
        'steps[1].expect: b.name is "Grizzly Bears", expected "Grizzly Bear\u0455" (they look '
        "the same: the expected has U+0455 CYRILLIC SMALL LETTER DZE where the actual has "
        "U+0073 LATIN SMALL LETTER S)",
        'steps[2].expect: b.name is "Grizzly Bears", expected "Grizzly Bearz"']
