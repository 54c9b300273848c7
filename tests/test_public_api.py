"""The public API: what ``flipcards`` exports, what it imports, and that it runs from a zip.

The package ships to the browser as ``assets/flipcards/flipcards.zip``, so it must use the
standard library only (never ``js``, ``pyodide`` or ``mkdocs``) and read its card data through
``importlib.resources``.
"""

from __future__ import annotations

import ast
import inspect
import re
import subprocess
import sys
import traceback
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

import flipcards
import flipcards.browser

PACKAGE = Path(flipcards.__file__).parent

# The public API (``flipcards.__all__``), by kind.
CLASSES = ["Game", "GameObject", "Filter", "Effect", "CardData", "CardFace", "Characteristics",
           "NamingResult", "Verb", "VerbField"]
FUNCTIONS = ["run_scenario", "card", "all_cards", "describe_verbs", "scenario_python"]
ERRORS = ["FlipCardsError", "ScenarioError", "UnknownCardError", "UnknownNameError",
          "IllegalActionError", "ExpectationError"]
GAME_METHODS = ["put", "flip", "move", "add_counters", "remove_counters", "damage", "tap",
                "untap", "add_effect", "end_effect", "attach", "copy", "become_copy", "search",
                "name_card", "objects"]
OBJECT_ATTRIBUTES = ["name", "power", "toughness", "flipped", "zone", "counters", "damage",
                     "mana_cost", "mana_value", "colors", "supertypes", "types", "subtypes",
                     "keywords", "owner", "controller", "tapped"]


def test_every_name_in_all_exists() -> None:
    assert len(set(flipcards.__all__)) == len(flipcards.__all__)
    for name in flipcards.__all__:
        assert hasattr(flipcards, name), name
    assert flipcards.browser.__all__ == ["MAX_STEPS", "Runner", "model_json", "playground_json",
                                         "python_json", "rule_link", "run_json", "verbs_json"]
    for name in ("run_json", "verbs_json", "playground_json", "python_json", "model_json"):
        assert callable(getattr(flipcards.browser, name)), name
    assert inspect.isclass(flipcards.browser.Runner)


@pytest.mark.parametrize("name", CLASSES + FUNCTIONS + ERRORS
                         + ["EDITIONS", "ZONES", "VERB_DESCRIPTIONS"])
def test_contract_names_are_exported(name: str) -> None:
    assert name in flipcards.__all__
    assert getattr(flipcards, name) is not None


def test_kinds_of_the_exported_names() -> None:
    for name in CLASSES:
        assert inspect.isclass(getattr(flipcards, name)), name
    for name in FUNCTIONS:
        assert inspect.isfunction(getattr(flipcards, name)), name
    assert flipcards.EDITIONS == ("2004", "current")
    assert set(flipcards.ZONES) == {"library", "hand", "battlefield", "graveyard", "exile"}


def test_errors_form_one_hierarchy_under_value_error() -> None:
    assert issubclass(flipcards.FlipCardsError, ValueError)
    for name in ERRORS:
        assert issubclass(getattr(flipcards, name), flipcards.FlipCardsError), name
    assert issubclass(flipcards.UnknownCardError, flipcards.UnknownNameError)
    with pytest.raises(flipcards.UnknownCardError) as info:
        flipcards.card("Bushi Tenderfot")
    assert "Bushi Tenderfoot" in info.value.suggestions
    with pytest.raises(flipcards.ScenarioError) as scenario_info:
        flipcards.run_scenario({"rules": "2004", "steps": [{"flip": "x"}]})
    assert scenario_info.value.path == "steps[0].flip"


def attacking(game: flipcards.Game) -> flipcards.Game:
    """The game, with Grizzly Bears attacking Bob (summoning sickness aside: it was put)."""
    game.attack([game.put("Grizzly Bears")])
    return game


def test_a_traceback_names_an_error_as_the_package_exports_it() -> None:
    """A card misspelt in an example shows "flipcards.UnknownCardError: …", the name a
    reader's ``except`` uses, not the private module it is written in."""
    with pytest.raises(flipcards.UnknownCardError) as raised:
        flipcards.Game("current").put("Bushi Tenderfot")
    shown = traceback.format_exception_only(raised.type, raised.value)[-1]
    assert shown.startswith("flipcards.UnknownCardError: no card named 'Bushi Tenderfot'")


@pytest.mark.parametrize(("call", "message"), [
    (lambda game: game.name_card(5), "a name to name must be a string, not 5"),
    (lambda game: game.name_card(["Kenzo the Hardhearted"]),
     "a name to name must be a string, not ['Kenzo the Hardhearted']"),
    (lambda game: game.end_effect("effect 1"),
     "'effect 1' is not an effect: end_effect takes what add_effect returned"),
    (lambda game: flipcards.Game("2004", players="Alice"),
     "players must be a list of names, not one text 'Alice'"),
    (lambda game: flipcards.Game("2004", players=["Alice"]),
     "a game has two or more players, got only 'Alice'"),
    (lambda game: game.next_turn(discard=[5]),
     "discard lists objects of this game, such as [bears]; 5 is not one"),
    (lambda game: game.next_turn(sacrifice=5),
     "sacrifice takes a list of objects of this game, such as [bears], not 5"),
    (lambda game: game.next_turn(sacrifice=["Grizzly Bears"]),
     "sacrifice lists objects of this game, such as [bears]; 'Grizzly Bears' is not one"),
    (lambda game: game.cast("Shock", target="Bob", decline=5),
     "decline takes a list of objects of this game, such as [bears], not 5"),
    (lambda game: game.end_step(decline=game.put("Kitsune Mystic")),
     "decline takes a list of objects of this game"),
    (lambda game: game.resolve(choose=5), "choose takes an object of this game, not 5"),
    (lambda game: game.activate(game.put("Budoka Gardener"), land=5),
     "land takes an object of this game, not 5"),
    (lambda game: game.tap(game.put("Grizzly Bears"), keep=5),
     "keep takes a list of objects of this game, such as [bears], not 5"),
    (lambda game: game.put("Bushi Tenderfoot", flipped="yes"),
     "flipped is True or False, not 'yes'"),
    (lambda game: game.become_copy(game.put("Grizzly Bears"), game.put("Runeclaw Bear"),
                                   until_end_of_turn="no"),
     "until_end_of_turn is True or False, not 'no'"),
    (lambda game: attacking(game).combat_damage(assign=5),
     "assign takes each attacker's division of its damage"),
    (lambda game: attacking(game).combat_damage(assign={game.attackers[0]: 5}),
     "assign gives Grizzly Bears a division of its damage"),
    (lambda game: attacking(game).combat_damage(assign={game.attackers[0]: [1, 2]}),
     "assign gives Grizzly Bears a division of its damage"),
])
def test_an_argument_of_the_wrong_kind_is_told_as_an_error_of_the_package(
        call: Callable[[flipcards.Game], object], message: str) -> None:
    """What a reader types wrong in the API is one of the package's errors saying what was
    wrong, never a Python traceback from inside it (these raised AttributeError, or made a
    game of five players named A, l, i, c and e)."""
    with pytest.raises(flipcards.FlipCardsError) as info:
        call(flipcards.Game("2004"))
    assert str(info.value).startswith(message)


def test_game_and_object_offer_the_contract_api() -> None:
    for method in GAME_METHODS:
        assert callable(getattr(flipcards.Game, method)), method
    game = flipcards.Game("2004")
    assert game.players == ("Alice", "Bob")
    hero = game.put("Bushi Tenderfoot")
    for attribute in OBJECT_ATTRIBUTES:
        getattr(hero, attribute)
    assert isinstance(game.log, list)
    assert flipcards.Filter(supertypes=["Legendary"]).supertypes == ("Legendary",)
    naming = game.name_card("Kenzo the Hardhearted")
    assert naming.legal is True and naming.matches == ()


def test_every_public_name_has_a_docstring() -> None:
    for name in flipcards.__all__:
        value = getattr(flipcards, name)
        if inspect.isclass(value) or inspect.isfunction(value):
            assert inspect.getdoc(value), name
    for method in GAME_METHODS:
        assert inspect.getdoc(getattr(flipcards.Game, method)), method


def imported_modules(path: Path) -> set[str]:
    """Top-level names of every module a source file imports (absolute imports only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "__import__" and node.args
              and isinstance(node.args[0], ast.Constant)):
            found.add(str(node.args[0].value).split(".")[0])
    return found


SOURCES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_the_model_imports_the_standard_library_only(path: Path) -> None:
    modules = imported_modules(path)
    assert not modules & {"js", "pyodide", "pyodide_js", "micropip", "mkdocs",
                          "flipcards_site", "material", "mkdocstrings"}, modules
    outside = {m for m in modules - {"flipcards", "__future__"}
               if m not in sys.stdlib_module_names}
    assert not outside, f"{path.name} imports {sorted(outside)}"


BROWSER_IMPORT = re.compile(
    r"^\s*(import|from)\s+(js|pyodide|pyodide_js|mkdocs)\b"
    r"|(import_module|__import__)\(\s*['\"](js|pyodide|mkdocs)\b", re.MULTILINE)


def test_the_model_source_never_imports_browser_modules_dynamically() -> None:
    # Not even inside a function, a try block or a string handed to import_module.
    for path in SOURCES:
        match = BROWSER_IMPORT.search(path.read_text(encoding="utf-8"))
        assert match is None, (path.name, match and match.group(0))


def build_zip(target: Path) -> Path:
    """The package as the site ships it: top-level folder ``flipcards/``, no caches."""
    archive = target / "flipcards.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(PACKAGE.rglob("*")):
            if "__pycache__" in path.parts or path.is_dir() or path.suffix == ".pyc":
                continue
            z.write(path, "flipcards/" + path.relative_to(PACKAGE).as_posix())
    return archive


ZIP_PROGRAM = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import flipcards, flipcards.browser
from importlib import resources
assert flipcards.__file__.startswith(sys.argv[1]), flipcards.__file__
data = json.loads(resources.files("flipcards").joinpath("data/cards.json").read_text("utf-8"))
assert len(data["flip_cards"]) == 21
assert sum(c.is_flip_card for c in flipcards.all_cards()) == 21
game = flipcards.Game("2004")
hero = game.put("Bushi Tenderfoot")
assert game.flip(hero) is True
print(hero.name, hero.power, hero.toughness, hero.mana_cost)
out = json.loads(flipcards.browser.run_json(json.dumps({"rules": "current", "steps": [
    {"put": "Akki Lavarunner", "as": "akki"}, {"flip": "akki"}]})))
print(out["objects"]["akki"]["name"])
print(sorted(m for m in sys.modules if m.split(".")[0] in ("js", "pyodide", "mkdocs")))
"""


def test_the_package_runs_from_a_zip(tmp_path: Path) -> None:
    archive = build_zip(tmp_path)
    names = zipfile.ZipFile(archive).namelist()
    assert "flipcards/__init__.py" in names and "flipcards/data/cards.json" in names
    # -I -S: no site-packages (so not the editable install), no current directory.
    result = subprocess.run([sys.executable, "-I", "-S", "-c", ZIP_PROGRAM, str(archive)],
                            capture_output=True, text=True, timeout=60, cwd=tmp_path,
                            check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "Kenzo the Hardhearted 3 4 {W}", "Tok-Tok, Volcano Born", "[]"]
