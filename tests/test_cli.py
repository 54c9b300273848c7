"""The command line: ``python -m flipcards run FILE`` and ``python -m flipcards cards``.

Exit status of ``run``: 0 all expectations held, 1 an ``expect`` failed, 2 invalid scenario.
Bad input never shows a traceback.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import cli

from flipcards import all_cards

# The scenario format's own example (Akki Lavarunner flipped under an anthem).
DESIGN_EXAMPLE = {
    "rules": "2004",
    "players": ["Alice", "Bob"],
    "steps": [
        {"put": "Akki Lavarunner", "as": "akki", "zone": "battlefield", "controller": "Alice"},
        {"effect": "anthem", "kind": "modify_pt",
         "affects": {"supertypes": ["Legendary"], "types": ["Creature"]},
         "power": 2, "toughness": 2},
        {"flip": "akki"},
        {"expect": {"akki": {"name": "Tok-Tok, Volcano Born", "power": 4, "toughness": 4}}},
    ],
}
# The object part of the output the format gives for it ("keywords" left out).
DESIGN_OUTPUT_AKKI = {
    "zone": "battlefield", "owner": "Alice", "controller": "Alice",
    "name": "Tok-Tok, Volcano Born", "mana_cost": "{3}{R}", "mana_value": 4, "colors": ["R"],
    "supertypes": ["Legendary"], "types": ["Creature"], "subtypes": ["Goblin", "Shaman"],
    "power": 4, "toughness": 4, "flipped": True, "counters": {}, "damage": 0,
}


def flipcards(*args: str, stdin: str | bytes | None = None,
              cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``python -m flipcards ARGS`` in a fresh interpreter."""
    data = stdin.encode() if isinstance(stdin, str) else stdin
    proc = subprocess.run([sys.executable, "-m", "flipcards", *args], input=data,
                          capture_output=True, timeout=60, cwd=cwd, check=False)
    result = subprocess.CompletedProcess(proc.args, proc.returncode,
                                         proc.stdout.decode("utf-8"),
                                         proc.stderr.decode("utf-8", "replace"))
    assert "Traceback" not in result.stderr, result.stderr
    return result


def write(tmp_path: Path, doc: Any, name: str = "scenario.json") -> Path:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return path


# --- run: exit 0 ---------------------------------------------------------------------------
def test_run_prints_the_design_example_output(tmp_path: Path) -> None:
    result = flipcards("run", str(write(tmp_path, DESIGN_EXAMPLE)))
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["rules"] == "2004"
    assert list(out["objects"]) == ["akki"]
    akki = out["objects"]["akki"]
    assert {k: akki[k] for k in DESIGN_OUTPUT_AKKI} == DESIGN_OUTPUT_AKKI
    assert isinstance(akki["keywords"], list)
    assert out["results"] == {}
    assert out["log"][0] == "Alice puts Akki Lavarunner into play."
    assert all(isinstance(line, str) for line in out["log"])
    assert result.stderr == ""


def test_run_reads_standard_input_for_a_dash(tmp_path: Path) -> None:
    from_file = flipcards("run", str(write(tmp_path, DESIGN_EXAMPLE)))
    from_stdin = flipcards("run", "-", stdin=json.dumps(DESIGN_EXAMPLE))
    assert from_stdin.returncode == 0, from_stdin.stderr
    assert from_stdin.stdout == from_file.stdout


def test_run_output_is_deterministic_and_non_ascii_safe(tmp_path: Path) -> None:
    doc = {"rules": "current", "players": ["Zoë", "Ōkami"], "steps": [
        {"put": "Bushi Tenderfoot", "as": "héros", "owner": "Ōkami"},
        {"flip": "héros"},
        {"search": "battlefield", "player": "Ōkami", "for": {"supertypes": ["Legendary"]},
         "as": "trouvé"},
    ]}
    path = write(tmp_path, doc)
    first, second = flipcards("run", str(path)), flipcards("run", str(path))
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    out = json.loads(first.stdout)
    assert out["objects"]["héros"]["controller"] == "Ōkami"
    assert out["results"] == {"trouvé": ["héros"]}


def test_run_of_a_scenario_without_expectations_exits_0(tmp_path: Path) -> None:
    result = flipcards("run", str(write(tmp_path, {"rules": "current", "steps": []})))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["objects"] == {}


# --- run: exit 1 ---------------------------------------------------------------------------
def test_run_exits_1_when_an_expect_fails_naming_step_field_expected_actual(
        tmp_path: Path) -> None:
    doc = json.loads(json.dumps(DESIGN_EXAMPLE))
    doc["steps"][3] = {"expect": {"akki": {"name": "Tok-Tok, Volcano Born", "power": 5}}}
    result = flipcards("run", str(write(tmp_path, doc)))
    assert result.returncode == 1
    assert "steps[3]" in result.stderr
    assert "power" in result.stderr
    assert "5" in result.stderr and "4" in result.stderr
    assert "name" not in result.stderr.replace("named", "")  # only the failed field
    # The output document is still printed.
    assert json.loads(result.stdout)["objects"]["akki"]["power"] == 4


def test_run_exits_1_for_a_failed_results_expectation(tmp_path: Path) -> None:
    doc = {"rules": "2004", "steps": [
        {"put": "Bushi Tenderfoot", "as": "hero", "zone": "library"},
        {"search": "library", "player": "Alice", "for": {"supertypes": ["Legendary"]},
         "as": "found"},
        {"expect": {"results": {"found": ["hero"]}}},
    ]}
    result = flipcards("run", str(write(tmp_path, doc)))
    assert result.returncode == 1
    assert "steps[2]" in result.stderr and "found" in result.stderr
    assert '["hero"]' in result.stderr and "[]" in result.stderr


# --- run: exit 2 ---------------------------------------------------------------------------
def test_run_exits_2_naming_the_json_path_and_a_suggestion(tmp_path: Path) -> None:
    doc = {"rules": "2004", "steps": [{"put": "Akki Lavarunner", "as": "akki"},
                                      {"flip": "akky"}]}
    result = flipcards("run", str(write(tmp_path, doc)))
    assert result.returncode == 2
    assert 'steps[1].flip: no object "akky"; did you mean "akki"?' in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(("doc", "path", "hint"), [
    ({"rules": "2005", "steps": []}, "rules", "2004"),
    ({"steps": []}, "rules", "current"),
    ({"rules": "2004"}, "steps", "list"),
    ({"rules": "2004", "steps": [{"put": "Bushi Tenderfot"}]}, "steps[0].put", "Bushi Tenderfoot"),
    ({"rules": "2004", "steps": [{"put": "Grizzly Bears", "as": "b"},
                                 {"damage": "b", "amount": -1}]}, "steps[1].amount", "got -1"),
    ({"rules": "2004", "steps": [{"put": "Grizzly Bears", "zon": "hand"}]},
     "steps[0].zon", "zone"),
    ({"rules": "2004", "steps": [{"flipp": "x"}]}, "steps[0].flipp", "flip"),
    ({"rules": "2004", "steps": [{"put": "Grizzly Bears", "as": "b", "controller": "Bobb"}]},
     "steps[0].controller", "Bob"),
])
def test_run_exits_2_for_invalid_scenarios(tmp_path: Path, doc: Any, path: str,
                                           hint: str) -> None:
    result = flipcards("run", str(write(tmp_path, doc)))
    assert result.returncode == 2
    assert f"{path}:" in result.stderr, result.stderr
    assert hint in result.stderr, result.stderr


@pytest.mark.parametrize("text", ['{"rules": "2004", "steps": [', "", "not json", "{'a': 1}"])
def test_run_exits_2_for_bad_json(tmp_path: Path, text: str) -> None:
    result = flipcards("run", str(write(tmp_path, text)))
    assert result.returncode == 2
    assert "not valid JSON" in result.stderr
    via_stdin = flipcards("run", "-", stdin=text)
    assert via_stdin.returncode == 2
    assert "not valid JSON" in via_stdin.stderr


def test_run_exits_2_for_a_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.json"
    result = flipcards("run", str(missing))
    assert result.returncode == 2
    assert "nope.json" in result.stderr


def test_run_exits_2_for_a_directory_and_for_non_utf8(tmp_path: Path) -> None:
    assert flipcards("run", str(tmp_path)).returncode == 2
    binary = tmp_path / "latin1.json"
    binary.write_bytes('{"rules": "2004", "steps": [], "x": "é"}'.encode("latin-1"))
    result = flipcards("run", str(binary))
    assert result.returncode == 2
    assert "UTF-8" in result.stderr
    result = flipcards("run", "-", stdin=b'{"rules": "\xff"}')
    assert result.returncode == 2
    # Read from standard input too, bytes that are not UTF-8 are refused, whatever the locale
    # (a C locale took a stray byte for a character of an id, and the run passed).
    stray = b'{"rules": "2004", "steps": [{"put": "Grizzly Bears", "as": "b\xff"}]}'
    result = flipcards("run", "-", stdin=stray)
    assert result.returncode == 2
    assert "UTF-8" in result.stderr
    # Where: the line, and the byte in it, that is not UTF-8 (an editor saved Latin-1).
    binary.write_bytes('{"rules": "2004",\n "steps": [{"put": "Café"}]}'.encode("latin-1"))
    result = flipcards("run", str(binary))
    assert "not UTF-8 text (line 2, byte 24 of the line: b'\\xe9')" in result.stderr


def test_run_exits_2_for_deeply_nested_json(tmp_path: Path) -> None:
    depth = 100_000
    text = '{"rules": "2004", "steps": [{"flip": ' + "[" * depth + "]" * depth + "}]}"
    result = flipcards("run", str(write(tmp_path, text)))
    assert result.returncode == 2


@pytest.mark.parametrize("where", ["costs", "players"])
def test_run_exits_2_for_a_top_level_value_nested_just_under_the_parsers_limit(
        tmp_path: Path, where: str) -> None:
    """Nested a little less deeply than the JSON reader refuses, a value still cannot be shown
    in a message nor checked: the run says so (exit 2), and never shows a traceback with the
    exit status of a failed expectation."""
    for depth in (985, 988, 991):
        deep = "[" * depth + '"x"' + "]" * depth
        text = {"costs": '{"rules": "2004", "costs": ' + deep + ', "steps": []}',
                "players": '{"rules": "2004", "players": ' + deep + ', "steps": []}'}[where]
        result = flipcards("run", str(write(tmp_path, text)))
        assert result.returncode == 2, (depth, result.stderr)


def test_run_exits_2_for_a_number_with_too_many_digits(tmp_path: Path) -> None:
    text = ('{"rules": "2004", "steps": [{"put": "Grizzly Bears", "as": "a"},'
            ' {"damage": "a", "amount": ' + "1" * 5000 + "}]}")
    result = flipcards("run", str(write(tmp_path, text)))
    assert result.returncode == 2


def test_usage_errors_exit_2_without_a_traceback() -> None:
    assert flipcards().returncode == 2
    assert flipcards("frobnicate").returncode == 2
    assert flipcards("run").returncode == 2


# --- cards ---------------------------------------------------------------------------------
def test_cards_prints_every_card_as_json() -> None:
    result = flipcards("cards")
    assert result.returncode == 0, result.stderr
    cards = json.loads(result.stdout)
    assert len(cards) == len(all_cards())
    flip = [c for c in cards if c["flipped"] is not None]
    assert len(flip) == 21
    for c in flip:
        assert c["name"] == f"{c['normal']['name']} // {c['flipped']['name']}"
        for half in (c["normal"], c["flipped"]):
            assert half["name"] and half["types"], c
            assert isinstance(half["supertypes"], list) and isinstance(half["subtypes"], list)
        assert c["flip_condition"], c["name"]
    names = {c["name"] for c in flip}
    assert "Akki Lavarunner // Tok-Tok, Volcano Born" in names
    assert "Bushi Tenderfoot // Kenzo the Hardhearted" in names
    for c in cards:
        assert c["mana_cost"] is not None and isinstance(c["mana_value"], int)
        assert c["scryfall"].startswith("https://scryfall.com/"), c["scryfall"]
        assert c["gatherer"].startswith("https://gatherer.wizards.com/"), c["gatherer"]
    kenzo = next(c for c in cards if c["normal"]["name"] == "Bushi Tenderfoot")
    assert kenzo["mana_cost"] == "{W}" and kenzo["colors"] == ["W"]
    assert kenzo["flipped"]["supertypes"] == ["Legendary"]
    assert (kenzo["flipped"]["power"], kenzo["flipped"]["toughness"]) == (3, 4)


# --- run: exits, errors and the output document -----------------------------------------------

@pytest.mark.parametrize("step", [
    {"put": "Bushi Tenderfoot", "as": "x", "zone": "hand", "flipped": True},
    {"move": "hero", "to": "exile", "flipped": True},
], ids=["put-into-hand", "move-to-exile"])
def test_508_2_run_exits_2_for_flipped_true_off_the_battlefield_naming_the_field(
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


def test_run_exits_1_for_each_failed_expect_naming_step_field_expected_and_actual(
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


def test_run_exits_2_for_an_effect_parameter_of_the_wrong_type_naming_its_field(
        tmp_path: Path) -> None:
    """Contract, errors: the JSON path names the bad part. An effect whose `power` is the
    string "2" is wrong in `steps[1].power`, and the message should say so (the format's
    example points at the field, `steps[2].flip`, not only at the step)."""
    doc = {"rules": "current", "steps": [
        {"put": "Bushi Tenderfoot", "as": "b"},
        {"effect": "e", "kind": "modify_pt", "affects": "b", "power": "2", "toughness": 2}]}
    result = cli(tmp_path, doc)
    assert result.returncode == 2
    assert "steps[1].power:" in result.stderr, result.stderr


@pytest.mark.parametrize(("step", "path"), [
    ({"counters": "tenderfot", "kind": "+1/+1", "add": 1}, "steps[2].counters"),
    ({"become_copy": "tenderfoot", "of": "pacifsm"}, "steps[2].of"),
    ({"attach": "pacifism", "to": "tenderfot"}, "steps[2].to"),
    ({"flip": "tenderfoot", "keep": ["tenderfot"]}, "steps[2].keep[0]"),
    ({"effect": "e", "kind": "modify_pt", "affects": "tenderfot", "power": 1, "toughness": 1},
     "steps[2].affects"),
    ({"end_effect": "pumpp"}, "steps[3].end_effect"),
])
def test_run_exits_2_for_an_unknown_id_with_path_and_did_you_mean(
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
def test_run_exits_2_for_malformed_documents_with_a_json_path(
        tmp_path: Path, doc: dict[str, Any], path: str) -> None:
    """Contract: an invalid scenario exits 2, stderr names the JSON path of the problem, and
    there is never a traceback (checked by ``cli``); nothing is printed on stdout."""
    result = cli(tmp_path, doc)
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert f"{path}:" in result.stderr, result.stderr
    assert result.stdout == ""


def test_run_output_fields_and_their_types(tmp_path: Path) -> None:
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


def test_run_reads_a_scenario_from_standard_input_for_a_dash(tmp_path: Path) -> None:
    """`python -m flipcards run -` reads the scenario from stdin (exit 0, JSON on stdout)."""
    doc = {"rules": "2004", "steps": [
        {"put": "Orochi Eggwatcher", "as": "o"}, {"flip": "o"},
        {"expect": {"o": {"name": "Shidako, Broodmistress", "power": 3}}}]}
    result = cli(tmp_path, None, stdin=json.dumps(doc))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["objects"]["o"]["supertypes"] == ["Legendary"]


# --- the terminal and the pipe ------------------------------------------------------------
NON_ASCII = {"rules": "current", "players": ["Zoë", "Bob"], "steps": [
    {"put": "Grizzly Bears", "as": "bär", "owner": "Zoë"},
    {"expect": {"bär": {"power": 3}}}]}


def test_run_on_a_terminal_that_cannot_write_non_ascii_escapes_it(tmp_path: Path) -> None:
    """A terminal set to ASCII (PYTHONIOENCODING=ascii, an old console) used to get a
    traceback for an id such as "bär"; now the output is the same JSON with the letter
    escaped, and the failed expectation's message is printed with it escaped."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    proc = subprocess.run([sys.executable, "-m", "flipcards", "run",
                           str(write(tmp_path, NON_ASCII))],
                          capture_output=True, timeout=60, env=env, check=False)
    stderr = proc.stderr.decode("ascii")
    assert "Traceback" not in stderr, stderr
    assert proc.returncode == 1
    out = json.loads(proc.stdout.decode("ascii"))
    assert out["objects"]["bär"]["owner"] == "Zoë"
    assert "steps[1].expect: b\\xe4r.power is 2, expected 3" in stderr


@pytest.mark.parametrize("args", [("cards",), ("run", "SCENARIO")])
def test_a_reader_that_closes_the_pipe_early_gets_no_traceback(
        tmp_path: Path, args: tuple[str, ...]) -> None:
    """``python -m flipcards cards | head`` ends quietly when head has read its lines."""
    big = {"rules": "current", "steps": [{"put": "Grizzly Bears"} for _ in range(2000)]}
    argv = [a.replace("SCENARIO", str(write(tmp_path, big))) for a in args]
    proc = subprocess.Popen([sys.executable, "-m", "flipcards", *argv],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.read(10)
    proc.stdout.close()
    stderr = proc.stderr.read().decode("utf-8", "replace")
    proc.wait(timeout=60)
    assert "Traceback" not in stderr and "BrokenPipe" not in stderr, stderr
    assert proc.returncode == 0


def test_run_reads_a_file_that_starts_with_a_byte_order_mark(tmp_path: Path) -> None:
    """Some editors save UTF-8 with a byte order mark first; the scenario is the same."""
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(DESIGN_EXAMPLE).encode("utf-8"))
    result = flipcards("run", str(path))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["objects"]["akki"]["name"] == "Tok-Tok, Volcano Born"
    from_stdin = flipcards("run", "-", stdin=b"\xef\xbb\xbf" + json.dumps(DESIGN_EXAMPLE).encode())
    assert from_stdin.returncode == 0, from_stdin.stderr
