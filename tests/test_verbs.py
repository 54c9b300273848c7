"""The verbs' description (flipcards._verbs): it covers exactly the verbs and fields the scenario
runner accepts, each field's kind and Python argument match the Game method, and Show as Python
writes a scenario as code that ends in the same game."""

from __future__ import annotations

import contextlib
import inspect
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

import flipcards
from flipcards import VERB_DESCRIPTIONS, Game, ScenarioError, run_scenario, scenario_python
from flipcards._effects import EFFECT_KINDS
from flipcards._scenario import FLAG_VERBS, STEP_OPTIONS, VERBS, serialise
from flipcards._verbs import EVERY_STEP, FIELD_KINDS, _identifiers, describe_verbs, verb

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((Path(flipcards.__file__).parent / "scenarios").glob("*.json"))

#: One example step of every verb, after the setup steps it needs.
SETUP = [
    {"put": "Bushi Tenderfoot", "as": "hero"},
    {"put": "Grizzly Bears", "as": "bears", "owner": "Bob"},
    {"put": "Pacifism", "as": "aura", "zone": "hand"},
    {"put": "Forest", "as": "forest", "zone": "hand"},
    {"effect": "old", "kind": "modify_pt", "affects": "hero", "power": 1, "toughness": 0},
]
EXAMPLES: dict[str, dict[str, Any]] = {
    "put": {"put": "Kenzo the Hardhearted", "as": "new", "zone": "battlefield", "owner": "Bob",
            "controller": "Alice", "flipped": True},
    "flip": {"flip": "hero"},
    "move": {"move": "bears", "to": "graveyard", "flipped": False},
    "counters": {"counters": "hero", "kind": "+1/+1", "add": 2},
    "damage": {"damage": "bears", "amount": 1},
    "tap": {"tap": "hero"},
    "untap": {"untap": "hero"},
    "effect": {"effect": "anthem", "kind": "modify_pt",
               "affects": {"supertypes": ["Legendary"], "types": ["Creature"]},
               "power": 2, "toughness": 2},
    "end_effect": {"end_effect": "old"},
    "attach": {"attach": "hero", "to": "bears"},
    "copy": {"copy": "hero", "as": "token", "controller": "Bob"},
    "become_copy": {"become_copy": "bears", "of": "hero"},
    "search": {"search": "hand", "player": "Alice", "for": {"types": ["Land"]}, "as": "found"},
    "name_card": {"name_card": "Kenzo the Hardhearted", "as": "named"},
    "expect": {"expect": {"hero": {"name": "Bushi Tenderfoot"}}},
    "cast": {"cast": "Grizzly Bears", "player": "Bob", "as": "cast", "decline": ["hero"]},
    "play_land": {"play_land": "Island", "player": "Alice", "as": "island"},
    "deal_damage": {"deal_damage": "hero", "to": "bears", "amount": 2},
    "gain_life": {"gain_life": "Bob", "amount": 3},
    "lose_life": {"lose_life": "Alice", "amount": 2},
    "draw": {"draw": "Alice", "count": 1},
    "discard": {"discard": "forest"},
    "create_token": {"create_token": "Snake", "controller": "Bob", "as": "snake"},
    "reveal_hand": {"reveal_hand": "Alice"},
    "concede": {"concede": "Bob"},
    "gain_control": {"gain_control": "bears", "player": "Alice", "until_end_of_turn": True},
    "destroy": {"destroy": "bears"},
    "sacrifice": {"sacrifice": "bears", "player": "Bob"},
    "counter": {"counter": "spell"},
    "activate": {"activate": "hero"},
    "end_step": {"end_step": True, "decline": ["hero"]},
    "next_turn": {"next_turn": True},
    "resolve": {"resolve": "all", "decline": ["squire"]},
    "add_mana": {"add_mana": "Alice", "mana": "{R}{R}"},
    "tap_for_mana": {"tap_for_mana": "land"},
    "order_triggers": {"order_triggers": ["jushi", "squire"]},
    "attack": {"attack": ["hero"], "defender": "Bob"},
    "block": {"block": "bears", "attacker": "hero"},
    "combat_damage": {"combat_damage": True},
    "end_combat": {"end_combat": True},
}


def scenario(verb_name: str, rules: str = "current", **changes: Any) -> dict[str, Any]:
    step = {**EXAMPLES[verb_name], **changes}
    if verb_name == "attach":
        setup = [*SETUP, {"put": "Pacifism", "as": "aura2", "attached_to": "bears"}]
        step = {"attach": "aura2", "to": "hero"}
    elif verb_name == "tap_for_mana":
        setup = [{"put": "Forest", "as": "land"}]
    elif verb_name == "counter":
        setup = [*SETUP, {"cast": "Shock", "as": "spell", "target": "bears", "hold": True}]
    elif verb_name in ("resolve", "order_triggers"):
        # Two ki cards whose end-step abilities wait on the stack while Alice holds priority.
        setup = [{"put": "Callow Jushi", "as": "jushi"}, {"put": "Faithful Squire", "as": "squire"},
                 {"counters": "jushi", "kind": "ki", "add": 2},
                 {"counters": "squire", "kind": "ki", "add": 2}, {"end_step": True, "hold": True}]
        if verb_name == "order_triggers":
            step = {**step, "hold": True}
    elif verb_name in ("block", "combat_damage", "end_combat"):
        # Alice's Bushi Tenderfoot attacks; Bob's Grizzly Bears blocks it.
        setup = [*SETUP, {"attack": ["hero"]}]
        if verb_name != "block":
            setup.append({"block": "bears", "attacker": "hero"})
    elif verb_name == "activate":
        setup = [{"put": "Budoka Gardener", "as": "hero"}, {"put": "Forest", "as": "forest",
                                                             "zone": "hand"},
                 {"put": "Nezumi Shortfang", "as": "rat"},
                 {"put": "Grizzly Bears", "as": "bears", "zone": "hand", "owner": "Bob"}]
        step = {"activate": "hero", "land": "forest"}
    else:
        setup = SETUP
    return {"rules": rules, "steps": [*setup, step]}


def test_the_description_covers_exactly_the_verbs_and_fields_of_the_runner() -> None:
    described = [v.name for v in VERB_DESCRIPTIONS]
    assert len(described) == len(set(described))
    assert set(described) == set(VERBS)
    for v in VERB_DESCRIPTIONS:
        names = [f.name for f in v.fields]
        assert names[0] == v.name, f"{v.name}: the verb's own key comes first"
        assert len(names) == len(set(names)), v.name
        assert set(names[1:]) == set(VERBS[v.name]), v.name
        assert v.fields[0].required, v.name
    assert [f.name for f in EVERY_STEP] == list(STEP_OPTIONS)
    assert all(not f.required for f in EVERY_STEP)


def test_every_field_and_verb_is_described_in_words() -> None:
    for v in VERB_DESCRIPTIONS:
        assert v.description.endswith(".") and len(v.description) < 160, v.name
        assert v.acts_on in ("object", "player", "new", "game", "effect"), v.name
        for f in v.fields:
            assert f.kind in FIELD_KINDS, (v.name, f.name)
            assert f.description.endswith("."), (v.name, f.name)
            if f.choices and f.default is not None and not isinstance(f.default, list):
                assert f.default in f.choices, (v.name, f.name)


def test_every_verb_has_a_row_with_its_fields_in_the_api_page_s_table() -> None:
    """The API page's table of the scenario format lists every verb with its fields: a
    scenario's writer reads it, and play_land had no row."""
    page = (ROOT / "docs/api.md").read_text(encoding="utf-8")
    rows = {verb: row for row in re.findall(r"^\| `.*", page, re.MULTILINE)
            for verb in re.findall(r"`(\w+):", row)}
    for v in VERB_DESCRIPTIONS:
        assert v.name in rows, v.name
        for f in v.fields[1:]:
            assert f"`{f.name}`" in rows[v.name], (v.name, f.name)


def test_every_rule_a_verb_names_has_a_page_on_the_site() -> None:
    rules = set(re.findall(r'class="fc-rule" id="([^"]+)"',
                           (ROOT / "docs/rule-508.md").read_text(encoding="utf-8")))
    rulings = set(re.findall(r'class="fc-ruling" id="([^"]+)"',
                             (ROOT / "docs/rulings.md").read_text(encoding="utf-8")))
    for v in VERB_DESCRIPTIONS:
        if v.rule:
            assert v.rule in rules | rulings, (v.name, v.rule)


def test_python_arguments_are_parameters_of_the_game_method() -> None:
    for v in VERB_DESCRIPTIONS:
        if not v.method:
            assert v.name == "expect"
            continue
        parameters = inspect.signature(getattr(Game, v.method)).parameters
        positional = [p for p in parameters.values()
                      if p.kind is p.POSITIONAL_OR_KEYWORD and p.name != "self"]
        for f in v.fields:
            if isinstance(f.python, int):
                assert f.python < len(positional), (v.name, f.name)
            elif f.python == "*":
                assert any(p.kind is p.VAR_POSITIONAL for p in parameters.values()), v.name
            elif f.python not in ("", "="):
                takes_any = any(p.kind is p.VAR_KEYWORD for p in parameters.values())
                assert f.python in parameters or takes_any, (v.name, f.name, f.python)


def test_there_is_an_example_of_every_verb() -> None:
    assert set(EXAMPLES) == set(VERBS), "add an example step of the new verb to EXAMPLES"


@pytest.mark.parametrize("verb_name", list(EXAMPLES))
def test_required_fields_are_required_and_optional_fields_optional(verb_name: str) -> None:
    doc = scenario(verb_name)
    run_scenario(doc)
    step = doc["steps"][-1]
    v = verb(verb_name)
    for f in v.fields[1:]:
        if f.name not in step:
            continue
        without = {k: val for k, val in step.items() if k != f.name}
        smaller = {**doc, "steps": [*doc["steps"][:-1], without]}
        if f.required:
            with pytest.raises(ScenarioError):
                run_scenario(smaller)
        elif not (verb_name == "counters" and f.name == "add"):  # one of add/remove is needed
            run_scenario(smaller)


def test_the_description_as_json() -> None:
    described = json.loads(json.dumps(describe_verbs()))
    assert [v["name"] for v in described["verbs"]] == [v.name for v in VERB_DESCRIPTIONS]
    zone = next(f for f in described["verbs"][0]["fields"] if f["name"] == "zone")
    assert zone == {"name": "zone", "kind": "zone", "required": False,
                    "description": "Where it is put.", "default": "battlefield",
                    "choices": ["library", "hand", "battlefield", "graveyard", "exile"]}


def test_613_every_effect_kind_is_offered_in_words_and_each_rules_types_are_their_own() -> None:
    """A page offers an effect's kind as a card would say it ("gets +X/+Y", not modify_pt),
    the most common first, and under each rules only the card types those rules have: no
    Kindred, Tribal or Battle in 2004, and today Kindred by its name, not Tribal."""
    effect = next(v for v in json.loads(json.dumps(describe_verbs()))["verbs"]
                  if v["name"] == "effect")
    kind, types = (next(f for f in effect["fields"] if f["name"] == name)
                   for name in ("kind", "types"))
    assert sorted(kind["choice_words"]) == sorted(kind["choices"]) == sorted(EFFECT_KINDS)
    assert kind["choices"][0] == "modify_pt" and kind["choice_words"]["modify_pt"] == "gets +X/+Y"
    assert all("_" not in words for words in kind["choice_words"].values())
    assert set(types["offered"]["2004"]) == {"Artifact", "Creature", "Enchantment", "Instant",
                                             "Land", "Sorcery"}
    assert "Kindred" in types["offered"]["current"]
    assert "Tribal" not in types["offered"]["current"]
    # Each kind says the fields it takes, so that a page asks only those.
    assert kind["takes"]["add_keyword"] == ["keyword"]
    assert kind["takes"]["modify_pt"] == ["power", "toughness"]
    assert kind["takes"]["switch_pt"] == []
    # Nor a supertype that came later (snow, ongoing).
    supertypes = next(f for f in effect["fields"] if f["name"] == "supertypes")
    assert supertypes["offered"]["2004"] == ["Basic", "Legendary", "World"]
    assert {"Snow", "Ongoing"} <= set(supertypes["offered"]["current"])
    assert all("_pt" not in f["description"] for f in effect["fields"])


# --- Show as Python -----------------------------------------------------------------------


def same_game(doc: dict[str, Any]) -> None:
    """Run the scenario and its Python; both end in the same objects, life, turn and log."""
    out = run_scenario(doc)
    code = scenario_python(doc)
    namespace: dict[str, Any] = {}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, "<show-as-python>", "exec"), namespace)
    game: Game = namespace["game"]
    assert game.log == out["log"]
    assert game.turn == out["turn"]
    assert {p: game.life(p) for p in game.players} == {p: f["life"] for p, f in
                                                        out["players"].items()}
    names = _identifiers([("object", oid) for oid in out["objects"]])
    objects = {oid: namespace[names["object", oid]] for oid in out["objects"]}
    ids = {obj: oid for oid, obj in objects.items()}
    for oid, obj in objects.items():
        assert serialise(game, obj, ids) == out["objects"][oid], oid
    assert printed.getvalue() == f"{game}\n"


@pytest.mark.parametrize("verb_name", list(EXAMPLES))
@pytest.mark.parametrize("rules", ["2004", "current"])
def test_show_as_python_ends_in_the_same_game_for_every_verb(verb_name: str, rules: str) -> None:
    same_game(scenario(verb_name, rules))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_show_as_python_ends_in_the_same_game_for_every_card_scenario(path: Path) -> None:
    same_game(json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("oid", ["IllegalActionError", "refused"])
def test_show_as_python_never_names_an_object_as_the_code_s_own_names(oid: str) -> None:
    """An object called "refused" or "IllegalActionError" beside a refused step: the code's
    `except IllegalActionError as refused:` caught nothing (the class was the object) or
    unbound the object, and the code stopped with a TypeError or a NameError."""
    doc = {"rules": "2004", "steps": [
        {"put": "Bushi Tenderfoot", "as": oid},
        {"put": "Kenzo the Hardhearted", "as": "k", "controller": "Bob"},
        {"block": "k", "attacker": oid, "refused": True}, {"untap": oid}]}
    out = run_scenario(doc)
    code = scenario_python(doc)
    assert f"obj_{oid} = game.put(" in code
    namespace: dict[str, Any] = {}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, "<show-as-python>", "exec"), namespace)
    assert printed.getvalue().startswith("Step 3 is refused, as expected: blockers are declared")
    # (The scenario's log says so itself; the code prints it.)
    assert namespace["game"].log == [line for line in out["log"] if not line.startswith("Step ")]


def test_show_as_python_names_ids_that_are_not_python_names() -> None:
    doc = {"rules": "current", "players": ["Ann", "Ben"], "steps": [
        {"put": "Bushi Tenderfoot", "as": "class"}, {"put": "Bushi Tenderfoot", "as": "2nd hero"},
        {"put": "Bushi Tenderfoot", "as": "game"}, {"flip": "class"},
        {"flip": "2nd hero", "keep": ["class"]}, {"search": "battlefield", "for": {"types": [
            "Creature"]}, "as": "found"}]}
    same_game(doc)
    code = scenario_python(doc)
    assert 'game = Game("current", players=["Ann", "Ben"])' in code
    assert "obj_class = game.put(" in code and "obj_2nd_hero = game.put(" in code
    assert "game.flip(obj_2nd_hero, keep=[obj_class])" in code
    assert 'found = game.search("battlefield", "Ann", Filter(types=["Creature"]))' in code


def test_show_as_python_holds_priority_and_orders_triggers() -> None:
    doc = scenario("order_triggers")
    same_game(doc)
    code = scenario_python(doc)
    assert "with game.holding_priority():\n    game.end_step()" in code
    assert "with game.holding_priority():\n    game.order_triggers(jushi, squire)" in code
    same_game({**doc, "steps": [*doc["steps"], {"resolve": "top"}, {"resolve": "all"}]})


def test_a_field_named_like_a_verb_belongs_to_the_step_s_verb() -> None:
    doc = scenario("activate")
    doc["steps"][-1] = {"activate": "rat", "target": "Bob", "discard": "bears"}
    same_game(doc)
    assert "game.activate(rat, target=\"Bob\", discard=bears)" in scenario_python(doc)


def test_show_as_python_of_an_attack_by_one_id_and_a_division_of_damage() -> None:
    """An attack declared as one id (the playground's card actions write it so) and the
    attacking player's division of combat damage become the same Game calls."""
    doc = scenario("combat_damage", assign={"hero": {"bears": 2}})
    doc["steps"][-3] = {"attack": "hero"}
    code = scenario_python(doc)
    assert "game.attack([hero])" in code
    assert "game.combat_damage(assign={hero: {bears: 2}})" in code
    same_game(doc)


def test_show_as_python_of_a_choice_made_on_resolution() -> None:
    doc = {"rules": "current", "steps": [
        {"put": "Budoka Gardener", "as": "gardener"},
        {"put": "Forest", "zone": "hand", "as": "forest"},
        {"activate": "gardener", "hold": True},
        {"resolve": "top", "choose": "forest"},
    ]}
    assert "game.resolve(choose=forest)" in scenario_python(doc)
    same_game(doc)


def test_search_and_name_card_give_ids_to_the_cards_they_find_that_have_none() -> None:
    """A search's result lists ids. Two Grizzly Bears put without "as" used to be listed by
    their name, twice ("Grizzly Bears", "Grizzly Bears"): two entries no later step could
    tell apart or name. Now each found card without an id gets one after its name, as made
    objects do; a later step can move it, and Show as Python names it from the result."""
    doc = {"rules": "current", "steps": [
        {"put": "Grizzly Bears", "zone": "library"},
        {"put": "Grizzly Bears", "zone": "library"},
        {"put": "Bushi Tenderfoot", "zone": "library", "as": "hero"},
        {"search": "library", "for": {"types": ["Creature"]}, "as": "found"},
        {"move": "grizzly-bears-2", "to": "hand"},
        {"name_card": "Grizzly Bears", "as": "named"},
        {"expect": {"grizzly-bears-2": {"zone": "hand"}}}]}
    out = run_scenario(doc)
    assert out["failures"] == []
    assert out["results"]["found"] == ["grizzly-bears-1", "grizzly-bears-2", "hero"]
    assert out["results"]["named"]["matches"] == ["grizzly-bears-1", "grizzly-bears-2"]
    assert (out["objects"]["grizzly-bears-1"]["zone"],
            out["objects"]["grizzly-bears-2"]["zone"]) == ("library", "hand")
    same_game(doc)
    code = scenario_python(doc)
    assert "grizzly_bears_1 = found[0]\ngrizzly_bears_2 = found[1]\n" in code
    # A card found again keeps the id it was given.
    again = {**doc, "steps": [*doc["steps"], {"search": "hand", "as": "again"}]}
    assert run_scenario(again)["results"]["again"] == ["grizzly-bears-2"]
    same_game(again)


def test_name_card_names_the_cards_it_matches_that_have_none_in_show_as_python() -> None:
    doc = {"rules": "2004", "steps": [
        {"put": "Bushi Tenderfoot", "flipped": True},
        {"name_card": "Kenzo the Hardhearted", "as": "named"},
        {"counters": "kenzo-the-hardhearted-1", "kind": "+1/+1", "add": 1}]}
    out = run_scenario(doc)
    assert out["results"]["named"] == {"legal": True, "matches": ["kenzo-the-hardhearted-1"]}
    assert out["objects"]["kenzo-the-hardhearted-1"]["power"] == 4
    same_game(doc)
    assert "kenzo_the_hardhearted_1 = named.matches[0]" in scenario_python(doc)


@pytest.mark.parametrize("verb_name", sorted(FLAG_VERBS))
@pytest.mark.parametrize("value", [False, None, 0, "", [], {}, "true"])
def test_a_flag_verb_takes_only_true(verb_name: str, value: Any) -> None:
    """A flag verb (next_turn, end_step, combat_damage, end_combat) is written ``true``: the
    step needs nothing else. ``"combat_damage": false`` used to deal the damage all the same;
    now any other value is refused, naming the verb's field."""
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "current", "steps": [{verb_name: value}]})
    assert caught.value.path == f"steps[0].{verb_name}"
    assert caught.value.detail.startswith("expected true")


def test_the_flag_verbs_are_the_verbs_described_as_flags() -> None:
    described = {v.name for v in VERB_DESCRIPTIONS if v.fields[0].kind == "flag"}
    assert described == FLAG_VERBS


@pytest.mark.parametrize("steps", [
    # An object, an effect and a result may share an id: Python has one name for each.
    [{"put": "Grizzly Bears", "as": "x"}, {"effect": "x", "kind": "switch_pt", "affects": "x"},
     {"tap": "x"}],
    [{"put": "Grizzly Bears", "as": "x"}, {"search": "battlefield", "as": "x"}, {"tap": "x"}],
    # A card's or a player's name is a name, unless an earlier step's object has it for id.
    [{"put": "Akki Lavarunner", "as": "a"}, {"search": "battlefield", "as": "Bob"},
     {"deal_damage": "a", "to": "Bob", "amount": 2}],
    [{"cast": "Shock", "as": "Shock", "target": "Bob"}],
    [{"cast": "Grizzly Bears"}, {"put": "Grizzly Bears", "as": "Grizzly Bears"},
     {"tap": "Grizzly Bears"}],
])
def test_show_as_python_of_ids_that_share_a_text_with_other_ids_or_names(
        steps: list[dict[str, Any]]) -> None:
    same_game({"rules": "2004", "steps": steps})


def test_show_as_python_pays_costs_when_the_scenario_does() -> None:
    """"costs": "paid" makes Alice pay for Shock from her pool; the code must say so too, or
    it plays other rules (the pool kept its {R})."""
    doc = {"rules": "2004", "costs": "paid", "steps": [
        {"add_mana": "Alice", "mana": "{R}"}, {"cast": "Shock", "target": "Bob"}]}
    same_game(doc)
    assert 'game = Game("2004", costs="paid")' in scenario_python(doc)


def test_show_as_python_of_a_keep_that_names_the_steps_own_new_object() -> None:
    """The runner lets "keep" name the object its step makes; Python cannot name it before it
    exists, and the legend rule keeps the newest, that object, anyway: the same game, with
    "keeps the newest" for "keeps the one chosen" in the log."""
    doc = {"rules": "current", "steps": [
        {"put": "Bushi Tenderfoot", "flipped": True, "as": "a"},
        {"put": "Bushi Tenderfoot", "flipped": True, "as": "b", "keep": ["b"]}]}
    code = scenario_python(doc)
    assert 'b = game.put("Bushi Tenderfoot", flipped=True)' in code
    namespace: dict[str, Any] = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code, "<show-as-python>", "exec"), namespace)
    out = run_scenario(doc)
    assert (namespace["a"].zone, namespace["b"].zone) == (
        out["objects"]["a"]["zone"], out["objects"]["b"]["zone"]) == ("graveyard", "battlefield")
    assert [line.replace("the newest", "the one chosen") for line in namespace["game"].log] \
        == out["log"]


#: A board with an object of every sort a field of an ability can name: creatures and
#: legendary permanents of each player's, tapped and untapped, land cards and other cards in a
#: hand, a land on the battlefield.
_EVERY_SORT = [
    {"put": "Orochi Eggwatcher", "flipped": True, "as": "shidako"},
    {"put": "Honor-Worn Shaku", "as": "shaku"}, {"put": "Budoka Gardener", "as": "budoka"},
    {"put": "Grizzly Bears", "as": "bears"},
    {"put": "Runeclaw Bear", "owner": "Bob", "as": "runeclaw"},
    {"put": "Bushi Tenderfoot", "flipped": True, "owner": "Bob", "as": "kenzo"},
    {"put": "Bushi Tenderfoot", "flipped": True, "as": "tapped-kenzo"}, {"tap": "tapped-kenzo"},
    {"put": "Forest", "as": "forest"}, {"put": "Forest", "zone": "hand", "as": "forest-in-hand"},
    {"put": "Grizzly Bears", "zone": "hand", "as": "cub"},
    {"put": "Forest", "zone": "hand", "owner": "Bob", "as": "bobs-forest"},
    {"put": "Grizzly Bears", "zone": "hand", "owner": "Bob", "as": "bobs-cub"},
    {"put": "Nezumi Shortfang", "as": "shortfang"},
]


def _accepted(among: dict[str, Any], obj: dict[str, Any], controller: str) -> bool:
    """Whether ``obj`` (as the board shows it) is one of the objects ``among`` describes."""
    def some(key: str) -> bool:
        return key not in among or any(v in obj[key] for v in among[key])
    return ((not among.get("zones") or obj["zone"] in among["zones"])
            and some("types") and some("supertypes")
            and (not among.get("controlled") or obj["controller"] == controller)
            and (not among.get("others") or obj["controller"] != controller)
            and (not among.get("untapped") or not obj["tapped"])
            and (not among.get("attacking") or bool(obj["attacking"])))


@pytest.mark.parametrize(("field", "step"), [
    ("sacrifice", {"activate": "shidako", "target": "bears"}),
    ("tap", {"activate": "shaku"}),
    ("land", {"activate": "budoka"}),
    ("discard", {"activate": "shortfang", "target": "Bob"}),
])
def test_602_2b_the_objects_an_ability_s_field_accepts_are_those_its_activation_takes(
        field: str, step: dict[str, Any]) -> None:
    """The playground offers, for a field of an ability (Shidako's creature to sacrifice,
    Honor-Worn Shaku's legendary permanent to tap, Budoka Gardener's land card from its
    controller's hand, the card Nezumi Shortfang's target discards from their hand), the
    objects the field's description says it accepts: those are exactly the ones the model
    takes."""
    from flipcards.browser import playground_json
    among = verb("activate").field(field).as_json()["among"]
    board = json.loads(playground_json(json.dumps({"rules": "current", "steps": _EVERY_SORT})))
    controller = board["objects"][step["activate"]]["controller"]
    for oid, obj in board["objects"].items():
        if oid == step["activate"]:
            continue
        tried = json.loads(playground_json(json.dumps(
            {"rules": "current", "steps": [*_EVERY_SORT, {**step, field: oid}]})))
        taken = "error" not in tried
        assert taken == _accepted(among, obj, controller), (oid, tried.get("error"))


def test_every_field_that_names_a_target_or_a_cost_s_object_says_which_it_accepts() -> None:
    """A field that names an attacking creature, a target, or what a cost or a resolving
    ability takes says which objects it accepts (the playground offers those alone)."""
    described = [(v.name, f) for v in VERB_DESCRIPTIONS for f in v.fields
                 if f.kind == "object_or_player"
                 or (v.name, f.name) in {("block", "attacker"), ("activate", "land"),
                                         ("activate", "discard"), ("activate", "to"),
                                         ("activate", "sacrifice"), ("activate", "tap")}]
    assert len(described) == 10
    for name, field in described:
        assert field.among is not None and field.as_json()["among"], (name, field.name)
