"""The cards' records (``flipcards.cards``): one record per card half, one module per set, and
no card named in the code of the rule modules.

The rule modules ask a half's record what it does; only ``flipcards/cards/`` names cards in
code. Docstrings, comments and doctest examples may name them: they are documentation, and so
are the help texts of the scenario format (the descriptions of the verbs and their fields in
``_verbs.py``, and the ``what`` a scenario error says it expected).
"""

from __future__ import annotations

import ast
import json
from importlib import resources
from pathlib import Path

import pytest

import flipcards
from flipcards import Game, cards
from flipcards._cards import printed_keyword, protection_colors
from flipcards.cards import CardRecord, betrayers, champions, ordinary, saviors, unhinged

PACKAGE = Path(flipcards.__file__).parent
DATA = json.loads(resources.files("flipcards").joinpath("data/cards.json").read_text("utf-8"))
FLIP_HALVES = [card[half] for card in DATA["flip_cards"] for half in ("normal", "flipped")]
NAMES = sorted({face["name"] for face in FLIP_HALVES + DATA["ordinary_cards"] + DATA["tokens"]})

# The module of each set's records, by set code; the ordinary cards have one of their own.
SET_MODULES = {"CHK": champions, "BOK": betrayers, "SOK": saviors, "UNH": unhinged}

# The calls whose string arguments document the scenario format to its readers.
HELP_CALLS = {"Verb", "_f", "_subject", "_made"}


def _documentation(tree: ast.Module) -> set[int]:
    """The ids of the string constants of ``tree`` that are documentation: docstrings, the
    help texts of the scenario verbs and fields, and what a scenario error expected."""
    found: set[int] = set()

    def strings(node: ast.AST) -> None:
        found.update(id(n) for n in ast.walk(node) if isinstance(n, ast.Constant))

    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                and isinstance(body, list) and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)):
            found.add(id(body[0].value))
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in HELP_CALLS:
                strings(node)
            for keyword in node.keywords:
                if keyword.arg == "what":
                    strings(keyword.value)
        if (isinstance(node, ast.AnnAssign | ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "FIELD_KINDS"
                        for t in (node.targets if isinstance(node, ast.Assign)
                                  else [node.target]))
                and node.value is not None):
            strings(node.value)
    return found


def card_names_in_code(path: Path, root: Path = PACKAGE) -> list[str]:
    """``line: name in 'string'`` for each string constant of the module at ``path`` that is
    not documentation and names a card (equals one or contains one)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    documentation = _documentation(tree)
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in documentation):
            named = [name for name in NAMES if name in node.value]
            if named:
                found.append((node.lineno, f"{path.relative_to(root)}:{node.lineno}: {named} in "
                                           f"{node.value!r}"))
    return [line for _, line in sorted(found)]


RULE_MODULES = sorted(p for p in PACKAGE.rglob("*.py")
                      if "cards" not in p.relative_to(PACKAGE).parts[:-1])


def test_the_rule_modules_are_all_looked_at() -> None:
    names = {p.name for p in RULE_MODULES}
    assert {"_stack.py", "_actions.py", "_combat.py", "_zones.py", "browser.py"} <= names
    assert not any(p.parent.name == "cards" for p in RULE_MODULES)


@pytest.mark.parametrize("path", RULE_MODULES, ids=lambda p: p.name)
def test_no_rule_module_names_a_card_in_its_code(path: Path) -> None:
    named = card_names_in_code(path)
    assert named == [], (
        "a rule module names a card in its code; what the card does belongs in its record "
        "(flipcards/cards/), which the rule module asks:\n" + "\n".join(named))


def test_the_check_finds_a_card_name_in_code_but_not_in_documentation(tmp_path: Path) -> None:
    module = tmp_path / "probe.py"
    source = ('"""Bushi Tenderfoot flips."""\n'
              'def f(name: str) -> bool:\n'
              '    """Whether it is Kenzo the Hardhearted."""\n'
              '    return name == "Kenzo the Hardhearted"  # Erayo\n'
              'HELP = _f("x", "object", "The card Clone copies.")\n'
              'LABEL = f"{1} Scarmaker\'s fear"\n')
    module.write_text(source, encoding="utf-8")
    found = card_names_in_code(module, tmp_path)
    assert len(found) == 2
    assert "Kenzo the Hardhearted" in found[0] and "Scarmaker" in found[1]


def test_every_flip_card_half_with_rules_text_has_a_record() -> None:
    missing = [face["name"] for face in FLIP_HALVES
               if face["text"].strip() and face["name"] not in cards.RECORDS]
    assert missing == []


def test_every_record_is_a_half_of_the_data_in_the_module_of_its_set() -> None:
    for card in DATA["flip_cards"]:
        module = SET_MODULES[card["set"]]
        for half in ("normal", "flipped"):
            name = card[half]["name"]
            assert name in {r.name for r in module.RECORDS}, (name, module.__name__)
    ordinary_names = {c["name"] for c in DATA["ordinary_cards"]}
    assert {r.name for r in ordinary.RECORDS} <= ordinary_names
    every = [r.name for m in (*SET_MODULES.values(), ordinary) for r in m.RECORDS]
    assert len(every) == len(set(every)) == len(cards.RECORDS)


def test_a_half_without_a_record_has_an_empty_one() -> None:
    assert cards.record("Grizzly Bears") == CardRecord()
    assert cards.record("") == CardRecord()
    assert cards.record("Snake") == CardRecord()
    # Explicitly ability-less beyond the keywords it prints: read from its printed text.
    kenzo = cards.record("Kenzo the Hardhearted")
    assert kenzo == CardRecord("Kenzo the Hardhearted")


def test_having_lists_the_records_with_a_field_set_always_the_same_mapping() -> None:
    copiers = cards.having("enters_as_copy")
    assert list(copiers) == ["Clone", "Spark Double"]
    assert cards.having("enters_as_copy") is copiers
    assert all(r.activated is not None for r in cards.having("activated").values())


@pytest.mark.parametrize("keyword", ["Bushido", "Protection"])
def test_702_keywords_the_data_only_names_are_spelled_out_in_the_printed_text(
        keyword: str) -> None:
    halves = [face for face in FLIP_HALVES + DATA["ordinary_cards"]
              if keyword in face["keywords"]]
    assert halves
    for face in halves:
        printed = printed_keyword(face["name"], keyword)
        assert printed.casefold().startswith(keyword.casefold() + " "), face["name"]


def test_tok_tok_protection_from_red_and_kenzo_bushido_2_come_from_their_printed_text(
        ) -> None:
    assert printed_keyword("Tok-Tok, Volcano Born", "Protection") == "Protection from red"
    assert protection_colors(("Protection",), "Tok-Tok, Volcano Born") == ["R"]
    assert printed_keyword("Kenzo the Hardhearted", "Bushido") == "Bushido 2"
    game = Game()
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    assert "Bushido" in kenzo.keywords and "Bushido 2" not in kenzo.keywords
