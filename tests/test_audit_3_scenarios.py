"""Audit 3: the scenario format v1 and the rule 508 / 710 semantics, driven through
JSON scenarios (``flipcards.run_scenario``, the function ``python -m flipcards run`` uses) and
through the command line itself.

Each test is a situation written from the rules, the Champions of Kamigawa FAQ rulings of the
seed file (rule 508 of 2004) or the scenario format v1 (``flipcards._scenario``), not from the
model. The docstring says which rule, ruling or clause of the format decides it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import obj, run

from flipcards import ScenarioError, run_scenario

REPO = Path(__file__).resolve().parents[1]
EDITIONS = ("2004", "current")


# --- helpers ----------------------------------------------------------------------------------

def cli(tmp_path: Path, doc: Any, *, name: str = "scenario.json",
        stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m flipcards run FILE`` in a fresh interpreter, on the sources in pysrc/.

    ``doc`` is written to a file (a ``str`` as it is, anything else as JSON); with ``stdin``
    the file argument is ``-`` and the text is given on standard input. No traceback, ever.
    """
    env = dict(os.environ, PYTHONPATH=str(REPO / "pysrc"))
    if stdin is None:
        path = tmp_path / name
        path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
        arg = str(path)
    else:
        arg = "-"
    proc = subprocess.run([sys.executable, "-m", "flipcards", "run", arg], input=stdin,
                          capture_output=True, text=True, encoding="utf-8", env=env,
                          cwd=tmp_path, timeout=120, check=False)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


# --- the format: put and its defaults ---------------------------------------------------------

@pytest.mark.parametrize("rules", EDITIONS)
def test_contract_put_defaults_owner_is_first_player_controller_is_owner_zone_battlefield(
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


@pytest.mark.parametrize("rules", EDITIONS)
def test_contract_put_either_half_or_full_name_in_any_case_makes_the_same_unflipped_card(
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


@pytest.mark.parametrize("step", [
    {"put": "Bushi Tenderfoot", "as": "x", "zone": "hand", "flipped": True},
    {"move": "hero", "to": "exile", "flipped": True},
], ids=["put-into-hand", "move-to-exile"])
def test_contract_flipped_true_off_the_battlefield_is_exit_2_naming_the_field(
        tmp_path: Path, step: dict[str, Any]) -> None:
    """Contract: `"flipped": true` only on the battlefield (508.2: elsewhere a flip card has
    only its normal half, there is nothing to be flipped). An invalid scenario exits 2 and
    stderr names the JSON path of the bad part, as in the format's own example
    (`steps[2].flip: ...`): here the `flipped` field of step 1 (or the zone it conflicts
    with), not just the step."""
    doc = {"rules": "2004", "steps": [{"put": "Bushi Tenderfoot", "as": "hero"}, step]}
    result = cli(tmp_path, doc)
    assert result.returncode == 2
    assert result.stdout == ""
    assert ("steps[1].flipped" in result.stderr or "steps[1].zone" in result.stderr
            or "steps[1].to" in result.stderr), result.stderr
    assert "battlefield" not in result.stderr     # 2004 words: "in play"


# --- the format: unknown ids, malformed documents ---------------------------------------------

@pytest.mark.parametrize(("step", "path"), [
    ({"counters": "tenderfot", "kind": "+1/+1", "add": 1}, "steps[2].counters"),
    ({"become_copy": "tenderfoot", "of": "pacifsm"}, "steps[2].of"),
    ({"attach": "pacifism", "to": "tenderfot"}, "steps[2].to"),
    ({"flip": "tenderfoot", "keep": ["tenderfot"]}, "steps[2].keep[0]"),
    ({"effect": "e", "kind": "modify_pt", "affects": "tenderfot", "power": 1, "toughness": 1},
     "steps[2].affects"),
    ({"end_effect": "pumpp"}, "steps[3].end_effect"),
])
def test_contract_unknown_id_exits_2_with_path_and_did_you_mean(
        tmp_path: Path, step: dict[str, Any], path: str) -> None:
    """Contract, errors: a wrong id is an invalid scenario (exit 2) whose message names the
    JSON path of the field that holds it and suggests the closest id ("did you mean")."""
    steps = [{"put": "Bushi Tenderfoot", "as": "tenderfoot"},
             {"put": "Pacifism", "as": "pacifism", "attached_to": "tenderfoot"}]
    if "end_effect" in step:
        steps.append({"effect": "pump", "kind": "modify_pt", "affects": "tenderfoot",
                      "power": 1, "toughness": 1})
    doc = {"rules": "current", "steps": [*steps, step]}
    result = cli(tmp_path, doc)
    assert result.returncode == 2, result.stderr
    assert f"{path}:" in result.stderr, result.stderr
    assert "did you mean" in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(("doc", "path"), [
    ({"steps": [{"put": "Bushi Tenderfoot"}]}, "rules"),
    ({"rules": 2004, "steps": []}, "rules"),
    ({"rules": "2004", "players": "Alice", "steps": []}, "players"),
    ({"rules": "2004", "steps": {"put": "Bushi Tenderfoot"}}, "steps"),
    ({"rules": "2004", "steps": ["flip"]}, "steps[0]"),
    ({"rules": "2004", "steps": [{"put": "Bushi Tenderfoot", "as": "b"}, {"fllip": "b"}]},
     "steps[1].fllip"),
    ({"rules": "2004", "steps": [{"put": "Bushi Tenderfoot", "as": "b"},
                                 {"flip": "b", "damage": "b", "amount": 1}]}, "steps[1]"),
    ({"rules": "2004", "steps": [{"put": "Bushi Tenderfoot", "as": "b"},
                                 {"damage": "b", "amount": "2"}]}, "steps[1].amount"),
    ({"rules": "2004", "steps": [{"put": "Bushi Tenderfoot", "as": "b", "flipped": "yes"}]},
     "steps[0].flipped"),
    ({"rules": "2004", "steps": [{"put": "Bushi Tenderfoot", "as": "b"},
                                 {"expect": {"b": {"powr": 1}}}]}, "steps[1].expect.b.powr"),
    ({"rules": "2004", "steps": [{"put": "Bushi Tenderfoot", "as": "b"},
                                 {"search": "library", "for": ["Legendary"], "as": "r"}]},
     "steps[1].for"),
], ids=["missing-rules", "rules-number", "players-string", "steps-object", "step-string",
        "unknown-verb", "two-verbs", "amount-string", "flipped-string", "expect-field",
        "filter-list"])
def test_contract_malformed_documents_exit_2_with_a_json_path(
        tmp_path: Path, doc: dict[str, Any], path: str) -> None:
    """Contract: an invalid scenario exits 2, stderr names the JSON path of the problem, and
    there is never a traceback (checked by ``cli``); nothing is printed on stdout."""
    result = cli(tmp_path, doc)
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert f"{path}:" in result.stderr, result.stderr
    assert result.stdout == ""


def test_contract_effect_parameter_of_the_wrong_type_names_its_field(tmp_path: Path) -> None:
    """Contract, errors: the JSON path names the bad part. An effect whose `power` is the
    string "2" is wrong in `steps[1].power`, and the message should say so (the format's
    example points at the field, `steps[2].flip`, not only at the step)."""
    doc = {"rules": "current", "steps": [
        {"put": "Bushi Tenderfoot", "as": "b"},
        {"effect": "e", "kind": "modify_pt", "affects": "b", "power": "2", "toughness": 2}]}
    result = cli(tmp_path, doc)
    assert result.returncode == 2
    assert "steps[1].power:" in result.stderr, result.stderr


# --- the format: output document and exit codes ----------------------------------------------

def test_contract_output_fields_and_their_types(tmp_path: Path) -> None:
    """Contract, output: exit 0, JSON on stdout; `power`/`toughness` are integers after all
    effects, null for a noncreature (a flipped Saviors Ascendant is an enchantment, 508.2);
    `flipped` is false off the battlefield; mana cost, mana value and colors belong to the card
    and never change by flipping (508.1c); counters are a mapping by kind, kept across a flip
    even on a noncreature (508 ruling: counters remain)."""
    doc = {"rules": "current", "steps": [
        {"put": "Rune-Tail, Kitsune Ascendant", "as": "rt"},
        {"counters": "rt", "kind": "+1/+1", "add": 1},
        {"flip": "rt"},
        {"put": "Akki Lavarunner", "as": "akki"},
        {"flip": "akki"},
        {"put": "Homura, Human Ascendant", "as": "lib", "zone": "library"},
    ]}
    result = cli(tmp_path, doc)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["rules"] == "current"
    assert isinstance(out["log"], list) and all(isinstance(x, str) for x in out["log"])
    assert out["results"] == {}
    rt = out["objects"]["rt"]
    assert rt["name"] == "Rune-Tail's Essence"
    assert rt["power"] is None and rt["toughness"] is None
    assert rt["flipped"] is True
    assert rt["counters"] == {"+1/+1": 1}
    assert (rt["mana_cost"], rt["mana_value"], rt["colors"]) == ("{2}{W}", 3, ["W"])
    assert type(rt["mana_value"]) is int
    assert (rt["supertypes"], rt["types"], rt["subtypes"]) == (["Legendary"], ["Enchantment"], [])
    akki = out["objects"]["akki"]
    assert (akki["name"], akki["power"], akki["toughness"]) == ("Tok-Tok, Volcano Born", 2, 2)
    assert type(akki["power"]) is int and type(akki["toughness"]) is int
    assert "Haste" not in akki["keywords"]          # the normal half's keyword is gone
    assert (akki["mana_cost"], akki["mana_value"], akki["colors"]) == ("{3}{R}", 4, ["R"])
    lib = out["objects"]["lib"]
    assert (lib["zone"], lib["flipped"], lib["name"], lib["power"]) == (
        "library", False, "Homura, Human Ascendant", 4)
    assert lib["damage"] == 0 and lib["counters"] == {}


def test_contract_failed_expect_exits_1_naming_step_field_expected_and_actual(
        tmp_path: Path) -> None:
    """Contract: a failed `expect` exits 1 and stderr names the step index, the field, the
    expected and the actual value. Here the expectation is the classic mistake of forgetting
    that counters stay through a flip (508 ruling: the 1/1 with a +1/+1 counter becomes 3/4):
    it expects 3/4 where the permanent is 4/5. Each failed field is reported, with its step;
    the name, which is right, is not."""
    doc = {"rules": "2004", "steps": [
        {"put": "Bushi Tenderfoot", "as": "hero"},
        {"counters": "hero", "kind": "+1/+1", "add": 1},
        {"flip": "hero"},
        {"expect": {"hero": {"power": 3, "name": "Kenzo the Hardhearted"}}},
        {"expect": {"hero": {"toughness": 4}}},
    ]}
    result = cli(tmp_path, doc)
    assert result.returncode == 1
    lines = [x for x in result.stderr.splitlines() if x.strip()]
    assert len(lines) == 2, result.stderr
    first, second = lines
    assert "steps[3]" in first and "power" in first and "3" in first and "4" in first
    assert "steps[4]" in second and "toughness" in second and "4" in second and "5" in second
    assert "name" not in first


def test_contract_results_expectation_failure_exits_1(tmp_path: Path) -> None:
    """Contract: `expect` may check `results`. Expecting the library search "for a legendary
    card" to find Bushi Tenderfoot is wrong (508.2 example), so the run exits 1 and names
    the result."""
    doc = {"rules": "2004", "steps": [
        {"put": "Bushi Tenderfoot", "as": "hero", "zone": "library"},
        {"search": "library", "player": "Alice", "for": {"supertypes": ["Legendary"]},
         "as": "found"},
        {"expect": {"results": {"found": ["hero"]}}},
    ]}
    result = cli(tmp_path, doc)
    assert result.returncode == 1
    assert "steps[2]" in result.stderr and "found" in result.stderr


def test_contract_run_reads_a_scenario_from_standard_input(tmp_path: Path) -> None:
    """`python -m flipcards run -` reads the scenario from stdin (exit 0, JSON on stdout)."""
    doc = {"rules": "2004", "steps": [
        {"put": "Orochi Eggwatcher", "as": "o"}, {"flip": "o"},
        {"expect": {"o": {"name": "Shidako, Broodmistress", "power": 3}}}]}
    result = cli(tmp_path, None, stdin=json.dumps(doc))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["objects"]["o"]["supertypes"] == ["Legendary"]


@pytest.mark.parametrize(("rules", "words", "never"), [
    ("2004", "into play", "battlefield"), ("current", "onto the battlefield", "into play")])
def test_edition_words_in_the_output_log(tmp_path: Path, rules: str, words: str,
                                         never: str) -> None:
    """DESIGN: the 2004 edition's text says "in play" (the seed's words, 508.2), the current
    edition's says "battlefield" — in the output document's log too, legend rule included."""
    doc = {"rules": rules, "steps": [
        {"put": "Initiate of Blood", "as": "a", "flipped": True},
        {"put": "Initiate of Blood", "as": "b"}, {"flip": "b"},
        {"move": "a", "to": "battlefield"}]}
    result = cli(tmp_path, doc)
    assert result.returncode == 0, result.stderr
    log = "\n".join(json.loads(result.stdout)["log"])
    assert words in log
    assert never not in log


# --- tokens leave, ids follow cards -------------------------------------------------------------

@pytest.mark.parametrize("rules", EDITIONS)
def test_contract_a_token_that_leaves_the_battlefield_has_zone_null(rules: str) -> None:
    """Contract + 704.5d: a token that leaves the battlefield ceases to exist; its id shows
    `zone` null (and `token` true). It cannot be moved again: an invalid scenario."""
    steps = [
        {"put": "Faithful Squire", "as": "squire", "flipped": True},
        {"copy": "squire", "as": "tok"},
        {"expect": {"tok": {"name": "Faithful Squire", "flipped": False, "token": True,
                            "zone": "battlefield"}}},
        {"move": "tok", "to": "hand"},
        {"expect": {"tok": {"zone": None, "token": True}}},
    ]
    run(rules, steps)
    with pytest.raises(ScenarioError, match=r"steps\[5\]"):
        run_scenario({"rules": rules, "steps": [*steps, {"move": "tok", "to": "battlefield"}]})


# --- 508.2: searches, names and filters see only the current half ---------------------------------

@pytest.mark.parametrize("rules", EDITIONS)
@pytest.mark.parametrize("zone", ["library", "graveyard", "exile", "hand"])
def test_508_2_search_for_a_legendary_card_in_any_hidden_zone_skips_heroes_not_ascendants(
        rules: str, zone: str) -> None:
    """508.2 and its example: outside play a hero has only its normal, nonlegendary half, so
    a search "for a legendary card" never finds it — not even one that was flipped before it
    left play (508.4: it forgets). A Saviors Ascendant's normal half IS legendary, so it is
    found; its Essence half is not an enchantment card there."""
    out = run(rules, [
        {"put": "Bushi Tenderfoot", "as": "hero", "zone": zone},
        {"put": "Kitsune Mystic", "as": "was_flipped", "flipped": True},
        {"move": "was_flipped", "to": zone},
        {"put": "Sasaya, Orochi Ascendant", "as": "ascendant", "zone": zone},
        {"search": zone, "player": "Alice", "for": {"supertypes": ["Legendary"]}, "as": "legends"},
        {"search": zone, "player": "Alice", "for": {"types": ["Enchantment"]},
         "as": "enchantments"},
        {"search": zone, "player": "Alice", "for": {"subtypes": ["Samurai"]}, "as": "samurai"},
        {"search": zone, "player": "Alice", "for": {"name": "Autumn-Tail, Kitsune Sage"},
         "as": "by_flipped_name"},
    ])
    assert out["results"] == {"legends": ["ascendant"], "enchantments": [], "samurai": [],
                              "by_flipped_name": []}


@pytest.mark.parametrize("rules", EDITIONS)
def test_508_naming_either_half_is_legal_a_combined_name_is_not_matches_by_current_name(
        rules: str) -> None:
    """508 ruling: when asked to name a card you may name either side of a flip card, but the
    card has only its normal name unless it is in play and flipped. "A // B" is not the name
    of either side, so it is not a legal choice and nothing has it. A token copy of a flipped
    hero is the unflipped version (ruling), so it answers to the normal name."""
    out = run(rules, [
        {"put": "Hired Muscle", "as": "dead", "flipped": True, "owner": "Bob"},
        {"move": "dead", "to": "graveyard"},
        {"put": "Hired Muscle", "as": "lib", "zone": "library"},
        {"put": "Hired Muscle", "as": "flipped", "flipped": True},
        {"copy": "flipped", "as": "tok", "controller": "Bob"},
        {"name_card": "scarmaker", "as": "flipped_name"},
        {"name_card": "Hired Muscle", "as": "normal_name"},
        {"name_card": "Hired Muscle // Scarmaker", "as": "combined"},
    ])
    res = out["results"]
    assert res["flipped_name"]["legal"] is True
    assert sorted(res["flipped_name"]["matches"]) == ["flipped"]
    assert res["normal_name"]["legal"] is True
    assert sorted(res["normal_name"]["matches"]) == ["dead", "lib", "tok"]
    assert res["combined"] == {"legal": False, "matches": []}


@pytest.mark.parametrize("rules", EDITIONS)
def test_508_2_an_effect_filtered_by_the_flipped_name_waits_for_the_flip(rules: str) -> None:
    """508.2: a permanent has the flipped half's name only once it has flipped. An effect for
    permanents named "Goka the Unjust" (a filter on the current name) skips the unflipped
    Initiate of Blood and applies the moment it flips; one for "A // B" applies to nothing."""
    out = run(rules, [
        {"put": "Initiate of Blood", "as": "ogre"},
        {"effect": "by_name", "kind": "modify_pt", "affects": {"name": "Goka the Unjust"},
         "power": 1, "toughness": 1},
        {"effect": "by_full", "kind": "modify_pt",
         "affects": {"name": "Initiate of Blood // Goka the Unjust"}, "power": 5, "toughness": 5},
        {"expect": {"ogre": {"power": 2, "toughness": 2}}},
        {"flip": "ogre"},
        {"expect": {"ogre": {"name": "Goka the Unjust", "power": 5, "toughness": 5}}},
    ])
    assert obj(out, "ogre")["flipped"] is True


# --- rule 613 layers, driven through effects ------------------------------------------------------

@pytest.mark.parametrize("rules", EDITIONS)
def test_613_pt_sublayers_not_timestamps_order_set_modify_counters_switch(rules: str) -> None:
    """613 (2004: 418.5): P/T effects apply set → modify and counters → switch whatever their
    timestamps. A flipped Rune-Tail's Essence (no P/T: P/T effects wait) with two +1/+1
    counters gets, in this timestamp order, switch, +0/+3, base 1/4, and only then becomes a
    creature (layer 4): 1/4 → +0/+3 and +2/+2 → 3/9 → switched → 9/3."""
    out = run(rules, [
        {"put": "Rune-Tail, Kitsune Ascendant", "as": "rt"},
        {"counters": "rt", "kind": "+1/+1", "add": 2},
        {"flip": "rt"},
        {"effect": "switch", "kind": "switch_pt", "affects": "rt"},
        {"effect": "mod", "kind": "modify_pt", "affects": "rt", "power": 0, "toughness": 3},
        {"effect": "set", "kind": "set_pt", "affects": "rt", "power": 1, "toughness": 4},
        {"expect": {"rt": {"power": None, "toughness": None, "counters": {"+1/+1": 2}}}},
        {"effect": "animate", "kind": "add_types", "affects": "rt", "types": ["Creature"]},
        {"expect": {"rt": {"power": 9, "toughness": 3}}},
        {"end_effect": "switch"},
        {"expect": {"rt": {"power": 3, "toughness": 9}}},
    ])
    assert obj(out, "rt")["types"] == ["Enchantment", "Creature"]


@pytest.mark.parametrize("rules", EDITIONS)
def test_208_an_essence_made_a_creature_has_no_printed_pt_of_its_normal_half(rules: str) -> None:
    """508.2: once flipped the normal half's power and toughness do not apply. An Essence has
    no printed P/T, so when an effect only makes it a creature its base P/T is 0/0 (not the
    Ascendant's 2/2); its two +1/+1 counters, kept through the flip, now count: 2/2. When the
    effect ends it is no creature again: P/T null, counters still there."""
    out = run(rules, [
        {"put": "Rune-Tail, Kitsune Ascendant", "as": "rt"},
        {"counters": "rt", "kind": "+1/+1", "add": 2},
        {"flip": "rt"},
        {"effect": "animate", "kind": "add_types",
         "affects": {"supertypes": ["Legendary"], "types": ["Enchantment"]}, "types": ["Creature"]},
        {"expect": {"rt": {"power": 2, "toughness": 2, "zone": "battlefield"}}},
        {"end_effect": "animate"},
        {"expect": {"rt": {"power": None, "toughness": None, "counters": {"+1/+1": 2}}}},
    ])
    assert obj(out, "rt")["zone"] == "battlefield"


@pytest.mark.parametrize("rules", EDITIONS)
def test_508_ruling_damage_marked_before_the_flip_stays_and_kills_an_animated_essence(
        rules: str) -> None:
    """508 ruling: flipping is no zone change, what was on the permanent stays — damage too
    (it stays marked until the cleanup step). Kuon, Ogre Ascendant (2/4) is dealt 1 damage and
    flips into Kuon's Essence; made a 1/1 creature later the same turn it has lethal damage
    and goes to the graveyard (704.5g), where it is the normal card again."""
    out = run(rules, [
        {"put": "Kuon, Ogre Ascendant", "as": "kuon"},
        {"damage": "kuon", "amount": 1},
        {"flip": "kuon"},
        {"expect": {"kuon": {"name": "Kuon's Essence", "damage": 1, "zone": "battlefield"}}},
        {"effect": "size", "kind": "set_pt", "affects": "kuon", "power": 1, "toughness": 1},
        {"effect": "animate", "kind": "add_types", "affects": "kuon", "types": ["Creature"]},
    ])
    kuon = obj(out, "kuon")
    assert (kuon["zone"], kuon["name"], kuon["damage"]) == (
        "graveyard", "Kuon, Ogre Ascendant", 0)


@pytest.mark.parametrize("rules", EDITIONS)
def test_613_a_filter_sees_the_types_an_earlier_layer_added_whatever_the_timestamps(
        rules: str) -> None:
    """613: layer 4 (type) applies before layers 6 and 7, so a filter "legendary" of a P/T or
    keyword effect sees a supertype that an add_types effect gave — even one with a LATER
    timestamp. Grizzly Bears made legendary gets the "legendary creatures +2/+2" effect that
    was started first, and the flying given to legendary creatures."""
    out = run(rules, [
        {"put": "Grizzly Bears", "as": "bears"},
        {"effect": "legend_anthem", "kind": "modify_pt",
         "affects": {"supertypes": ["Legendary"], "types": ["Creature"]},
         "power": 2, "toughness": 2},
        {"effect": "legend_wings", "kind": "add_keyword",
         "affects": {"supertypes": ["Legendary"]}, "keyword": "Flying"},
        {"expect": {"bears": {"power": 2, "keywords": []}}},
        {"effect": "crown", "kind": "add_types", "affects": "bears", "supertypes": ["Legendary"]},
        {"expect": {"bears": {"power": 4, "toughness": 4, "keywords": ["Flying"],
                              "supertypes": ["Legendary"]}}},
        {"end_effect": "crown"},
    ])
    assert (obj(out, "bears")["power"], obj(out, "bears")["keywords"]) == (2, [])


@pytest.mark.parametrize("rules", EDITIONS)
def test_508_1c_a_color_change_stays_through_the_flip_and_layer_7_filters_see_it(
        rules: str) -> None:
    """508.1c: color belongs to the card and flipping does not change it; "any changes to it
    by external effects will still apply". A white Faithful Squire made red (layer 5) stays
    red as Kaiso, Memory of Loyalty, and a P/T effect for red creatures started BEFORE the
    color change applies (layer 7 after layer 5). The mana cost is the card's, {1}{W}{W}."""
    out = run(rules, [
        {"put": "Faithful Squire", "as": "squire"},
        {"effect": "red_pump", "kind": "modify_pt", "affects": {"colors": ["R"]},
         "power": 1, "toughness": 0},
        {"effect": "paint", "kind": "set_colors", "affects": "squire", "colors": ["R"]},
        {"flip": "squire"},
    ])
    squire = obj(out, "squire")
    assert (squire["name"], squire["colors"], squire["power"], squire["toughness"]) == (
        "Kaiso, Memory of Loyalty", ["R"], 4, 4)
    assert (squire["mana_cost"], squire["mana_value"]) == ("{1}{W}{W}", 3)


def test_613_8_dependency_a_type_effect_waits_for_the_one_that_makes_its_object_a_creature(
        ) -> None:
    """613.8a (today's rules): within layer 4, an effect depends on another if applying the
    other changes what it applies to; the dependent one applies after it, whatever the
    timestamps. "Creatures are Spirits" (earlier) depends on "this Essence is a creature"
    (later), so the animated Rune-Tail's Essence is a Spirit."""
    out = run("current", [
        {"put": "Rune-Tail, Kitsune Ascendant", "as": "rt", "flipped": True},
        {"effect": "size", "kind": "set_pt", "affects": "rt", "power": 2, "toughness": 2},
        {"effect": "spirits", "kind": "add_types", "affects": {"types": ["Creature"]},
         "subtypes": ["Spirit"]},
        {"effect": "animate", "kind": "add_types", "affects": "rt", "types": ["Creature"]},
    ])
    rt = obj(out, "rt")
    assert "Creature" in rt["types"]
    assert rt["subtypes"] == ["Spirit"], rt["subtypes"]


@pytest.mark.parametrize("rules", EDITIONS)
def test_613_8_dependency_in_the_color_layer_and_timestamp_order_without_one(rules: str) -> None:
    """613.8a in layer 5: "red permanents are white" (earlier) depends on "the Bears are
    red" (later), which changes what it applies to: the Bears end white. The Runeclaw Bear,
    which no later effect touches, is green and stays so; and an effect that depends on
    nothing keeps its timestamp: a later "the Bears are blue" on another Bear wins."""
    out = run(rules, [
        {"put": "Grizzly Bears", "as": "bears"},
        {"put": "Runeclaw Bear", "as": "other"},
        {"effect": "whiten", "kind": "set_colors", "affects": {"colors": ["R"]}, "colors": ["W"]},
        {"effect": "redden", "kind": "set_colors", "affects": "bears", "colors": ["R"]},
        {"effect": "blue", "kind": "set_colors", "affects": "other", "colors": ["U"]},
        {"effect": "green", "kind": "set_colors", "affects": "other", "colors": ["G"]},
    ])
    assert obj(out, "bears")["colors"] == ["W"]
    assert obj(out, "other")["colors"] == ["G"]


@pytest.mark.parametrize("rules", EDITIONS)
def test_613_8_dependency_loop_applies_in_timestamp_order(rules: str) -> None:
    """613.8b: effects that depend on each other apply in timestamp order. "Spirits are
    Goblins" and "Goblins are Spirits" each change what the other applies to (a permanent
    with one subtype gets the other). The Bears, made a Spirit by an earlier effect, get
    Goblin; nothing here is applied twice or lost."""
    out = run(rules, [
        {"put": "Grizzly Bears", "as": "bears"},
        {"effect": "spirit", "kind": "add_types", "affects": "bears", "subtypes": ["Spirit"]},
        {"effect": "goblins", "kind": "add_types", "affects": {"subtypes": ["Spirit"]},
         "subtypes": ["Goblin"]},
        {"effect": "spirits", "kind": "add_types", "affects": {"subtypes": ["Goblin"]},
         "subtypes": ["Spirit"]},
    ])
    assert obj(out, "bears")["subtypes"] == ["Bear", "Spirit", "Goblin"]


# --- effects that referred to an object; end_effect -------------------------------------------

@pytest.mark.parametrize("rules", EDITIONS)
def test_400_7_an_effect_on_an_object_ends_when_it_leaves_a_filter_effect_does_not(
        rules: str) -> None:
    """508.4 / 400.7: a flipped permanent that leaves play forgets everything; an effect that
    named it ends (ending it again later is harmless). It comes back flipped only because
    the instruction says so (Homura-style), and then an effect for "legendary creatures" —
    which never named an object — applies to the new object."""
    out = run(rules, [
        {"put": "Budoka Pupil", "as": "pupil", "flipped": True},
        {"counters": "pupil", "kind": "+1/+1", "add": 1},
        {"effect": "giant", "kind": "modify_pt", "affects": "pupil", "power": 3, "toughness": 3},
        {"effect": "legends", "kind": "modify_pt", "affects": {"supertypes": ["Legendary"]},
         "power": 1, "toughness": 1},
        {"expect": {"pupil": {"name": "Ichiga, Who Topples Oaks", "power": 9, "toughness": 8}}},
        {"move": "pupil", "to": "exile"},
        {"expect": {"pupil": {"name": "Budoka Pupil", "flipped": False, "counters": {}}}},
        {"move": "pupil", "to": "battlefield", "flipped": True},
        {"end_effect": "giant"},
    ])
    pupil = obj(out, "pupil")
    assert (pupil["name"], pupil["power"], pupil["toughness"], pupil["counters"]) == (
        "Ichiga, Who Topples Oaks", 5, 4, {})


@pytest.mark.parametrize("rules", EDITIONS)
def test_707_becoming_a_copy_is_no_zone_change_effects_and_counters_stay(rules: str) -> None:
    """707 / 400.7: becoming a copy is not a zone change, so the effects that named the
    permanent and its counters stay; the copy effect is layer 1, under them. Grizzly Bears
    with a +1/+1 counter and +1/+1 from an effect becomes a copy of Cunning Bandit (a card in
    a graveyard: any zone may be copied) → 4/4; it flips later (it was unflipped, so both
    editions allow it) into Azamuki, Treachery Incarnate 5/2 → 7/4."""
    out = run(rules, [
        {"put": "Grizzly Bears", "as": "bears"},
        {"counters": "bears", "kind": "+1/+1", "add": 1},
        {"effect": "pump", "kind": "modify_pt", "affects": "bears", "power": 1, "toughness": 1},
        {"put": "Cunning Bandit", "as": "model", "zone": "graveyard", "owner": "Bob"},
        {"become_copy": "bears", "of": "model"},
        {"expect": {"bears": {"name": "Cunning Bandit", "power": 4, "toughness": 4,
                              "mana_cost": "{1}{R}{R}", "colors": ["R"]}}},
        {"flip": "bears"},
    ])
    bears = obj(out, "bears")
    assert (bears["name"], bears["power"], bears["toughness"], bears["counters"]) == (
        "Azamuki, Treachery Incarnate", 7, 4, {"+1/+1": 1})
    assert (bears["owner"], bears["mana_cost"]) == ("Alice", "{1}{R}{R}")


# --- copies: the two editions --------------------------------------------------------------------

@pytest.mark.parametrize(("rules", "name", "creature"), [
    ("2004", "Erayo, Soratami Ascendant", True), ("current", "Erayo's Essence", False)])
def test_707_3_a_flipped_permanent_becomes_a_copy_of_a_card_in_exile(
        rules: str, name: str, creature: bool) -> None:
    """DESIGN (copies): under 2004 an object that becomes a copy of a flip card gets its
    normal characteristics; today (707.3) the copy's flipped status picks the flipped half.
    A flipped Jushi Apprentice (Tomoya) becomes a copy of the Erayo card in exile: a 1/1
    creature in 2004 — Pacifism on it stays — but Erayo's Essence today, an enchantment, so
    the Pacifism goes to its owner's graveyard (704.5m). Cost and color are Erayo's."""
    out = run(rules, [
        {"put": "Jushi Apprentice", "as": "tomoya", "flipped": True},
        {"put": "Pacifism", "as": "pacifism", "owner": "Bob", "controller": "Bob",
         "attached_to": "tomoya"},
        {"put": "Erayo, Soratami Ascendant", "as": "erayo", "zone": "exile"},
        {"become_copy": "tomoya", "of": "erayo"},
    ])
    tomoya = obj(out, "tomoya")
    assert tomoya["name"] == name
    assert (tomoya["mana_cost"], tomoya["colors"], tomoya["supertypes"]) == (
        "{1}{U}", ["U"], ["Legendary"])
    assert ("Creature" in tomoya["types"]) is creature
    pacifism = obj(out, "pacifism")
    if creature:
        assert (tomoya["power"], pacifism["zone"], pacifism["attached_to"]) == (
            1, "battlefield", "tomoya")
    else:
        assert tomoya["power"] is None
        assert (pacifism["zone"], pacifism["owner"], pacifism["attached_to"]) == (
            "graveyard", "Bob", None)


def test_2004_an_unflipped_permanent_that_becomes_a_copy_of_a_library_card_may_flip_later(
        ) -> None:
    """2004 (seed ruling: a copy of a flip permanent is the normal version and "may flip
    later"): a Grizzly Bears that becomes a copy of a Student of Elements in the library is
    the Student; told to flip, it becomes Tobita, Master of Winds — a legendary 3/3 whose
    cost {1}{U} is the copied card's."""
    out = run("2004", [
        {"put": "Grizzly Bears", "as": "bears"},
        {"put": "Student of Elements", "as": "student", "zone": "library"},
        {"become_copy": "bears", "of": "student"},
        {"expect": {"bears": {"name": "Student of Elements", "flipped": False, "power": 1}}},
        {"flip": "bears"},
    ])
    bears = obj(out, "bears")
    assert (bears["name"], bears["supertypes"], bears["power"], bears["toughness"]) == (
        "Tobita, Master of Winds", ["Legendary"], 3, 3)
    assert (bears["mana_cost"], bears["flipped"]) == ("{1}{U}", True)


@pytest.mark.parametrize("rules", EDITIONS)
def test_707_a_token_copy_of_a_flipped_token_copy_is_again_the_unflipped_card(
        rules: str) -> None:
    """Seed ruling "if you copy a flipped permanent, you get the normal, unflipped version"
    (707.2 today: status is not copied): a token copy of a flipped Essence is the creature
    half; that token, flipped (the original has left, so no legend rule), copied again, gives
    once more the unflipped creature. A token belongs to the player who made it."""
    out = run(rules, [
        {"put": "Sasaya, Orochi Ascendant", "as": "sasaya", "flipped": True},
        {"copy": "sasaya", "as": "first", "controller": "Bob"},
        {"expect": {"first": {"name": "Sasaya, Orochi Ascendant", "power": 2, "toughness": 3,
                              "flipped": False, "owner": "Bob", "controller": "Bob"}}},
        {"move": "sasaya", "to": "hand"},
        {"flip": "first"},
        {"expect": {"first": {"name": "Sasaya's Essence", "power": None}}},
        {"copy": "first", "as": "second", "controller": "Alice"},
    ])
    second = obj(out, "second")
    assert (second["zone"], second["name"], second["flipped"], second["token"]) == (
        "battlefield", "Sasaya, Orochi Ascendant", False, True)
    assert (second["owner"], second["types"], second["power"]) == ("Alice", ["Creature"], 2)


# --- Auras: 704.5m and the attach instruction ------------------------------------------------

@pytest.mark.parametrize("rules", EDITIONS)
def test_704_5m_an_animating_effect_keeps_pacifism_on_through_the_flip_until_it_ends(
        rules: str) -> None:
    """508.1c: changes by external effects still apply after a flip. Sasaya, Orochi
    Ascendant, made "also a creature" and 2/2 by effects, flips into Sasaya's Essence: it is
    still a creature, so Pacifism stays on it. When the animating effect ends it is only an
    enchantment, and Pacifism ("enchant creature") goes to its owner's graveyard (704.5m)."""
    out = run(rules, [
        {"put": "Sasaya, Orochi Ascendant", "as": "sasaya"},
        {"put": "Pacifism", "as": "pacifism", "attached_to": "sasaya"},
        {"effect": "animate", "kind": "add_types", "affects": "sasaya", "types": ["Creature"]},
        {"effect": "size", "kind": "set_pt", "affects": "sasaya", "power": 2, "toughness": 2},
        {"flip": "sasaya"},
        {"expect": {"sasaya": {"name": "Sasaya's Essence", "power": 2},
                    "pacifism": {"zone": "battlefield", "attached_to": "sasaya"}}},
        {"end_effect": "animate"},
    ])
    assert obj(out, "pacifism")["zone"] == "graveyard"
    assert obj(out, "sasaya")["zone"] == "battlefield"


@pytest.mark.parametrize("rules", EDITIONS)
def test_704_5m_an_enchanted_creature_that_becomes_a_copy_of_a_noncreature_card(
        rules: str) -> None:
    """707 + 704.5m: a creature that becomes a copy of a noncreature card (Glorious Anthem,
    in a hand) is an enchantment; Pacifism attached to it is illegal and goes to the
    graveyard. The copy has no P/T (null)."""
    out = run(rules, [
        {"put": "Grizzly Bears", "as": "bears"},
        {"put": "Pacifism", "as": "pacifism", "attached_to": "bears"},
        {"put": "Glorious Anthem", "as": "anthem", "zone": "hand"},
        {"become_copy": "bears", "of": "anthem"},
    ])
    assert (obj(out, "bears")["name"], obj(out, "bears")["power"]) == ("Glorious Anthem", None)
    assert obj(out, "pacifism")["zone"] == "graveyard"


def test_701_3b_attaching_pacifism_to_an_essence_does_nothing() -> None:
    """701.3b (today's rules): if an effect tries to attach an Aura to an object it can't be
    attached to, the Aura doesn't move. Pacifism ("enchant creature") on Grizzly Bears, told
    to attach to Kuon's Essence (an enchantment, not a creature), stays on the Bears — it does
    not move onto the Essence and then fall off into the graveyard."""
    out = run("current", [
        {"put": "Grizzly Bears", "as": "bears"},
        {"put": "Pacifism", "as": "pacifism", "attached_to": "bears"},
        {"put": "Kuon, Ogre Ascendant", "as": "kuon", "flipped": True},
        {"attach": "pacifism", "to": "kuon"},
    ])
    pacifism = obj(out, "pacifism")
    assert (pacifism["zone"], pacifism["attached_to"]) == ("battlefield", "bears")


# --- the legend rule of each edition ------------------------------------------------------------

def test_2004_legend_rule_every_kenzo_goes_to_its_owners_graveyard_whoever_controls_it(
        ) -> None:
    """Seed ruling (2004): when a hero flips and another legendary permanent with the same
    name is in play, ALL of them go to their OWNERS' graveyards — whoever controls them, and a
    `keep` choice changes nothing. Three players: Carol's Kenzo controlled by Alice, and Dan's
    Tenderfoot that flips: both die, each to its owner's graveyard. Alice's own unflipped
    Tenderfoot has another name and stays."""
    out = run("2004", [
        {"put": "Bushi Tenderfoot", "as": "carols", "owner": "Carol", "controller": "Alice",
         "flipped": True},
        {"put": "Bushi Tenderfoot", "as": "dans", "owner": "Dan"},
        {"put": "Bushi Tenderfoot", "as": "alices"},
        {"flip": "dans", "keep": ["dans"]},
        {"search": "graveyard", "player": "Carol", "as": "carol_gy"},
        {"search": "graveyard", "player": "Dan", "as": "dan_gy"},
        {"search": "graveyard", "player": "Alice", "as": "alice_gy"},
    ], players=["Alice", "Carol", "Dan"])
    for oid, owner in (("carols", "Carol"), ("dans", "Dan")):
        o = obj(out, oid)
        assert (o["zone"], o["owner"], o["controller"], o["name"]) == (
            "graveyard", owner, owner, "Bushi Tenderfoot"), oid
    assert (obj(out, "alices")["zone"], obj(out, "alices")["name"]) == (
        "battlefield", "Bushi Tenderfoot")
    assert out["results"] == {"carol_gy": ["carols"], "dan_gy": ["dans"], "alice_gy": []}


def test_704_5j_current_control_not_ownership_decides_and_the_rest_go_to_owners_graveyards(
        ) -> None:
    """704.5j (today): the legend rule looks at who CONTROLS the permanents. Alice controls a
    Kenzo owned by Bob and flips her own Tenderfoot into a second Kenzo: she keeps hers
    (`keep`), and Bob's card goes to Bob's graveyard. Bob's own Kenzo is untouched."""
    out = run("current", [
        {"put": "Bushi Tenderfoot", "as": "borrowed", "owner": "Bob", "controller": "Alice",
         "flipped": True},
        {"put": "Bushi Tenderfoot", "as": "bobs", "owner": "Bob", "flipped": True},
        {"put": "Bushi Tenderfoot", "as": "alices"},
        {"flip": "alices", "keep": ["alices"]},
        {"search": "graveyard", "player": "Bob", "as": "bob_gy"},
    ])
    assert (obj(out, "alices")["zone"], obj(out, "alices")["name"]) == (
        "battlefield", "Kenzo the Hardhearted")
    assert (obj(out, "borrowed")["zone"], obj(out, "borrowed")["controller"]) == (
        "graveyard", "Bob")
    assert obj(out, "bobs")["zone"] == "battlefield"
    assert out["results"]["bob_gy"] == ["borrowed"]


@pytest.mark.parametrize(("keep", "survivor", "loser"), [
    (None, "newer", "older"), (["newer"], "newer", "older"), (["older"], "older", "newer")])
def test_704_5j_current_a_hero_flips_into_the_name_of_a_newer_legend(
        keep: list[str] | None, survivor: str, loser: str) -> None:
    """704.5j + contract (`keep`, default the newest): the OLDER permanent (a Tenderfoot put
    first) flips into Kenzo while a newer Kenzo (put later) is there. Flipping gives no new
    timestamp (613.7: a permanent's timestamp is when it entered), so by default the newer
    one — the one put later — is kept; with `keep` the player's choice is kept."""
    flip: dict[str, Any] = {"flip": "older"}
    if keep is not None:
        flip["keep"] = keep
    out = run("current", [
        {"put": "Bushi Tenderfoot", "as": "older"},
        {"put": "Bushi Tenderfoot", "as": "newer", "flipped": True},
        flip,
    ])
    assert (obj(out, survivor)["zone"], obj(out, survivor)["name"]) == (
        "battlefield", "Kenzo the Hardhearted")
    assert (obj(out, loser)["zone"], obj(out, loser)["name"]) == (
        "graveyard", "Bushi Tenderfoot")


def test_contract_keep_may_name_the_object_the_same_step_creates() -> None:
    """Contract: `"keep"` may be added to ANY step and is "the legend rule's choice after
    that step". After a `copy` step, the token it made (its `as` id) is one of the legendary
    permanents the player chooses among, so naming it in the same step's `keep` is a valid
    choice: Alice keeps the new token copy of Rune-Tail, Kitsune Ascendant (a legendary
    normal half) and the card goes to her graveyard."""
    out = run("current", [
        {"put": "Rune-Tail, Kitsune Ascendant", "as": "card"},
        {"copy": "card", "as": "tok", "keep": ["tok"]},
    ])
    assert obj(out, "tok")["zone"] == "battlefield"
    assert obj(out, "card")["zone"] == "graveyard"


@pytest.mark.parametrize("rules", EDITIONS)
def test_legend_rule_a_token_copy_controlled_by_the_opponent_flips(rules: str) -> None:
    """Seed rulings + DESIGN: Bob's token copy of Alice's flipped Ichiga is an unflipped
    Budoka Pupil; flipped, it is a second Ichiga, Who Topples Oaks. 2004: both go, whoever
    controls them — the card to Alice's graveyard, the token ceases to exist (zone null).
    Today: each player controls one, so both stay."""
    out = run(rules, [
        {"put": "Budoka Pupil", "as": "ichiga", "flipped": True},
        {"copy": "ichiga", "as": "tok", "controller": "Bob"},
        {"flip": "tok"},
    ])
    if rules == "2004":
        assert (obj(out, "ichiga")["zone"], obj(out, "ichiga")["name"]) == (
            "graveyard", "Budoka Pupil")
        assert obj(out, "tok")["zone"] is None
    else:
        assert obj(out, "ichiga")["zone"] == obj(out, "tok")["zone"] == "battlefield"
        assert obj(out, "tok")["name"] == "Ichiga, Who Topples Oaks"


@pytest.mark.parametrize("rules", EDITIONS)
def test_legend_rule_after_becoming_a_copy_of_a_graveyard_card(rules: str) -> None:
    """DESIGN copies + legend rule: Alice controls Kenzo the Hardhearted. Her flipped Tomoya
    becomes a copy of a Bushi Tenderfoot in Bob's graveyard. Today (707.3) it shows the
    flipped half: a second Kenzo under Alice, and she keeps the original (`keep`), so the
    copy goes to the graveyard as the Jushi Apprentice card it is. In 2004 the copy is the
    normal Bushi Tenderfoot: no legend rule, both stay."""
    out = run(rules, [
        {"put": "Bushi Tenderfoot", "as": "kenzo", "flipped": True},
        {"put": "Jushi Apprentice", "as": "tomoya", "flipped": True},
        {"put": "Bushi Tenderfoot", "as": "model", "owner": "Bob", "zone": "graveyard"},
        {"become_copy": "tomoya", "of": "model", "keep": ["kenzo"]},
    ])
    assert obj(out, "kenzo")["zone"] == "battlefield"
    tomoya = obj(out, "tomoya")
    if rules == "current":
        assert (tomoya["zone"], tomoya["name"]) == ("graveyard", "Jushi Apprentice")
    else:
        assert (tomoya["zone"], tomoya["name"], tomoya["supertypes"]) == (
            "battlefield", "Bushi Tenderfoot", [])


@pytest.mark.parametrize("rules", EDITIONS)
def test_legend_rule_two_homuras_return_as_essences(rules: str) -> None:
    """Homura, Human Ascendant is legendary and, when it dies, returns to play flipped
    (DESIGN 4: an instruction that returns it flipped). Two Homuras of Alice:
    2004 — both die, both return as Homura's Essence, the legend rule sees two Essences and
    puts both into the graveyard (they are not creatures, so nothing returns again).
    Today — Alice keeps the newer Homura; the other dies and returns as Homura's Essence
    (another name), which gives her creatures +2/+2 and flying: the Homura is a 6/6 flier."""
    out = run(rules, [
        {"put": "Homura, Human Ascendant", "as": "first"},
        {"put": "Homura, Human Ascendant", "as": "second"},
    ])
    first, second = obj(out, "first"), obj(out, "second")
    if rules == "2004":
        assert (first["zone"], second["zone"]) == ("graveyard", "graveyard")
        assert first["name"] == second["name"] == "Homura, Human Ascendant"
    else:
        assert (first["zone"], first["name"], first["flipped"]) == (
            "battlefield", "Homura's Essence", True)
        assert (second["zone"], second["power"], second["toughness"]) == ("battlefield", 6, 6)
        assert "Flying" in second["keywords"]


# --- more of the format -------------------------------------------------------------------------

def test_contract_expect_compares_a_fields_value_whole_counters_empty_means_none() -> None:
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


@pytest.mark.parametrize("rules", EDITIONS)
def test_508_flip_instructions_that_cannot_flip_change_nothing_and_are_not_errors(
        rules: str) -> None:
    """508.2 / 508.4 / DESIGN 3: only an unflipped flip permanent flips; "flip" aimed at a
    card in a library, at a permanent that is not a flip card, at one already flipped or at a
    token that has ceased to exist does nothing. It is a legal instruction, not an invalid
    scenario, and nothing changes."""
    out = run(rules, [
        {"put": "Budoka Gardener", "as": "lib", "zone": "library"},
        {"put": "Grizzly Bears", "as": "bears"},
        {"put": "Budoka Gardener", "as": "dokai", "flipped": True},
        {"copy": "dokai", "as": "tok"},
        {"move": "tok", "to": "exile"},
        {"flip": "lib"}, {"flip": "bears"}, {"flip": "dokai"}, {"flip": "tok"},
    ])
    assert (obj(out, "lib")["zone"], obj(out, "lib")["name"], obj(out, "lib")["flipped"]) == (
        "library", "Budoka Gardener", False)
    assert (obj(out, "bears")["name"], obj(out, "bears")["flipped"]) == ("Grizzly Bears", False)
    assert (obj(out, "dokai")["name"], obj(out, "dokai")["power"]) == ("Dokai, Weaver of Life", 3)
    assert obj(out, "tok")["zone"] is None


@pytest.mark.parametrize("rules", EDITIONS)
def test_508_2_a_battlefield_search_for_legends_finds_only_flipped_heroes(rules: str) -> None:
    """508.2: in play, before it flips, a hero has only its normal (nonlegendary) half; once
    flipped it is legendary. A search of Alice's permanents for legendary creatures finds the
    flipped one, not the unflipped one, nor Bob's flipped one (the filter's `controller`)."""
    out = run(rules, [
        {"put": "Nezumi Shortfang", "as": "unflipped"},
        {"put": "Nezumi Graverobber", "as": "flipped", "flipped": True},
        {"put": "Callow Jushi", "as": "bobs", "owner": "Bob", "flipped": True},
        {"search": "battlefield", "player": "Alice",
         "for": {"supertypes": ["Legendary"], "types": ["Creature"], "controller": "Alice"},
         "as": "legends"},
    ])
    assert out["results"]["legends"] == ["flipped"]
    assert obj(out, "flipped")["name"] == "Nighteyes the Desecrator"


@pytest.mark.parametrize(("rules", "name", "power"), [
    ("2004", "Orochi Eggwatcher", 1), ("current", "Shidako, Broodmistress", 3)])
def test_707_3_flipped_status_survives_an_intermediate_copy_of_a_non_flip_card(
        rules: str, name: str, power: int) -> None:
    """DESIGN (copies), 110.5 / 707.3 today: flipped is a status of the permanent, and a
    copy effect does not change status. A flipped Student of Elements (Tobita) becomes a
    copy of Grizzly Bears — it shows the Bears, it cannot flip — and then a copy of Orochi
    Eggwatcher (a library card): today its flipped status picks Shidako, Broodmistress; under
    2004 it gets the copied card's normal characteristics."""
    out = run(rules, [
        {"put": "Student of Elements", "as": "tobita", "flipped": True},
        {"put": "Grizzly Bears", "as": "bears", "owner": "Bob"},
        {"put": "Orochi Eggwatcher", "as": "egg", "zone": "library", "owner": "Bob"},
        {"become_copy": "tobita", "of": "bears"},
        {"expect": {"tobita": {"name": "Grizzly Bears", "power": 2, "supertypes": []}}},
        {"flip": "tobita"},
        {"expect": {"tobita": {"name": "Grizzly Bears"}}},
        {"become_copy": "tobita", "of": "egg"},
    ])
    tobita = obj(out, "tobita")
    assert (tobita["name"], tobita["power"], tobita["mana_cost"], tobita["colors"]) == (
        name, power, "{2}{G}", ["G"])


@pytest.mark.parametrize(("keep", "kept", "gone"), [
    (None, "homura", "essence"), (["essence"], "essence", "homura"),
    (["homura"], "homura", "essence")])
def test_704_5j_current_keep_is_the_choice_for_a_legend_rule_caused_by_a_trigger_of_the_step(
        keep: list[str] | None, kept: str, gone: str) -> None:
    """Contract (`keep`: the legend rule's choice after that step) + 704.5j today: Alice
    controls Homura's Essence and a Homura, Human Ascendant. The Homura dies (moved to the
    graveyard) and its ability returns it flipped: a second Homura's Essence. The legend rule
    that follows is part of the same step, so the step's `keep` decides; without it the newest
    (the returned one) stays. The Essence put into the graveyard is not a creature that dies,
    so nothing returns again."""
    step: dict[str, Any] = {"move": "homura", "to": "graveyard"}
    if keep is not None:
        step["keep"] = keep
    out = run("current", [
        {"put": "Homura, Human Ascendant", "as": "essence", "flipped": True},
        {"put": "Homura, Human Ascendant", "as": "homura"},
        step,
    ])
    assert (obj(out, kept)["zone"], obj(out, kept)["name"]) == (
        "battlefield", "Homura's Essence")
    assert (obj(out, gone)["zone"], obj(out, gone)["name"]) == (
        "graveyard", "Homura, Human Ascendant")
