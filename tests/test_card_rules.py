"""What a card may do (``flipcards._card_rules``): the cards act on the game only through the
public, documented ``CardRules`` interface, and read what their player chose from a frozen,
typed ``Choices`` record.

The records (``flipcards/cards/``) and the pieces they are made of (``_heroes``, ``_abilities``,
``_spells``) reach no underscored attribute of anything; ``CardRules`` has no underscored member
and no mutable field, and each member says in a docstring what a card may rely on; the engine's
adapter, ``GameRules``, has exactly those members; ``Choices`` is frozen and holds no mutable
value, and the functions of the cards take it, never a free dict.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

import flipcards
from flipcards import Game
from flipcards._card_rules import CardRules, Choices, GameRules

PACKAGE = Path(flipcards.__file__).parent
#: The modules that make up what the cards do: the records and their building blocks.
CARD_MODULES = sorted((PACKAGE / "cards").glob("*.py")) + [
    PACKAGE / name for name in ("_heroes.py", "_abilities.py", "_spells.py")]
MUTABLE = ("list", "dict", "set", "bytearray", "deque", "defaultdict", "Counter")


def _class(name: str) -> ast.ClassDef:
    tree = ast.parse((PACKAGE / "_card_rules.py").read_text(encoding="utf-8"))
    return next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)


def _members(node: ast.ClassDef) -> dict[str, ast.FunctionDef | ast.AnnAssign]:
    found: dict[str, ast.FunctionDef | ast.AnnAssign] = {}
    for item in node.body:
        if isinstance(item, ast.FunctionDef) and item.name != "__init__":
            found[item.name] = item
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            found[item.target.id] = item
    return found


def _mutable(annotation: ast.expr | None) -> bool:
    """Whether a type annotation names a mutable container at its top level."""
    if annotation is None:
        return False
    text = ast.unparse(annotation)
    return any(text == kind or text.startswith(f"{kind}[") for kind in MUTABLE)


@pytest.mark.parametrize("path", CARD_MODULES, ids=lambda p: p.name)
def test_card_modules_reach_no_underscored_attribute(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    reached = [f"{path.name}:{node.lineno}: {ast.unparse(node)}" for node in ast.walk(tree)
               if isinstance(node, ast.Attribute) and node.attr.startswith("_")
               and not (node.attr.startswith("__") and node.attr.endswith("__"))]
    assert reached == [], (
        f"{reached}: a card's ability acts on the game only through CardRules "
        "(flipcards/_card_rules.py); add a public, documented member there if it needs more")


def test_card_rules_members_are_public_documented_and_not_mutable_fields() -> None:
    members = _members(_class("CardRules"))
    assert len(members) >= 40
    assert [name for name in members if name.startswith("_")] == []
    assert [name for name, node in members.items() if isinstance(node, ast.AnnAssign)] == [], \
        "a field could be changed by a card: make it a read-only property"
    undocumented = [name for name, node in members.items()
                    if isinstance(node, ast.FunctionDef) and not ast.get_docstring(node)]
    assert undocumented == []
    mutable = [name for name, node in members.items() if isinstance(node, ast.FunctionDef)
               and any(isinstance(d, ast.Name) and d.id == "property" for d in
                       node.decorator_list) and _mutable(node.returns)]
    assert mutable == [], "a property hands out a container the card could change"


def test_game_rules_has_exactly_the_members_of_card_rules() -> None:
    wanted = set(_members(_class("CardRules")))
    public = {name for name in _members(_class("GameRules")) if not name.startswith("_")}
    assert public == wanted
    assert GameRules.__slots__ == ("_game",)


def test_card_rules_of_a_game_reads_it_and_hands_out_copies() -> None:
    game = Game("2004")
    bear = game.put("Grizzly Bears")
    rules: CardRules = GameRules(game)
    assert rules.edition == "2004" and rules.battlefield_words == "play"
    assert rules.players == ("Alice", "Bob")
    assert rules.ref(bear) == game._ref(bear)
    assert rules.sacrifice_choice == ()
    game._sacrifice_choice = [bear]                 # as an upkeep begins (next_turn)
    kept = rules.sacrifice_choice
    game._sacrifice_choice = []
    assert kept == (bear,) and rules.sacrifice_choice == ()
    rules.say("A line a card says.")
    assert game.log[-1] == "A line a card says."


def test_choices_are_frozen_and_hold_no_mutable_value() -> None:
    assert Choices.__dataclass_params__.frozen      # type: ignore[attr-defined]
    mutable = [f.name for f in dataclasses.fields(Choices)
               if any(kind in str(f.type) for kind in ("list", "dict", "set["))]
    assert mutable == []
    with pytest.raises(dataclasses.FrozenInstanceError):
        Choices().target = "Bob"                    # type: ignore[misc]


def test_choices_record_what_a_check_adds_in_a_new_record() -> None:
    game = Game()
    bear = game.put("Grizzly Bears")
    chosen = Choices(target=bear)
    checked = chosen.with_target_ref((1, 1))
    assert chosen.target_ref is None and checked.target_ref == (1, 1)
    assert checked.target_object is bear
    assert Choices(target="Bob").target_player == "Bob"
    assert Choices(target="Bob").any_target == "Bob"
    assert Choices(naming="Shock").card_name == "Shock"
    assert Choices().made("to", bear).to is bear
    assert Choices().made("land", bear).land is bear
    assert Choices().made("discard", bear).discard is bear
    with pytest.raises(ValueError, match="not a choice made as an ability resolves"):
        Choices().made("target", bear)
    with pytest.raises(TypeError):
        _ = Choices(target="Bob").target_object
    with pytest.raises(TypeError):
        _ = Choices(target=bear).target_player
    with pytest.raises(TypeError):
        _ = Choices().any_target


@pytest.mark.parametrize("path", CARD_MODULES, ids=lambda p: p.name)
def test_card_functions_take_choices_never_a_free_dict(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    loose = [f"{path.name}:{node.lineno}: {ast.unparse(node)}" for node in ast.walk(tree)
             if isinstance(node, ast.Subscript)
             and ast.unparse(node) in ("dict[str, Any]", "dict[str, object]")]
    taking = [f"{path.name}:{node.lineno}: {node.name}" for node in ast.walk(tree)
              if isinstance(node, ast.FunctionDef)
              for arg in node.args.args if arg.arg == "choices"
              and (arg.annotation is None or ast.unparse(arg.annotation) != "Choices")]
    assert loose == [] and taking == []
