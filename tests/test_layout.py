"""The layout of the native tests (tests/README.md): each module is named after a rule section,
a card or a set, or a part of the site or the package; most test functions name the rule or
the card they check."""

from __future__ import annotations

import ast
import json
import re
from importlib import resources
from pathlib import Path

TESTS = Path(__file__).resolve().parent

# Rule sections with a name of their own instead of test_rules_NNN_….
NAMED_SECTIONS = {
    "stack": "405, 601-608, 603: the stack and triggered abilities",
    "combat": "506-511: the combat phase",
    "turns": "500-514: the structure of a turn",
}
# Sets of cards: test_cards_<set>.py.
SETS = {"champions", "betrayers", "saviors", "unhinged"}
# Parts of the site and of the package.
PARTS = {
    "browser_playground", "card_rules", "cards_records", "cli", "csp", "engine", "layout",
    "offline_manifest", "playground_links", "properties", "public_api", "reference_cards",
    "rule_pages", "rules_text", "runner", "scenarios", "site_build", "theme", "verbs",
    "zip_reader",
}
RULE_MODULE = re.compile(r"^rules_[1-9]\d{2}(_[a-z0-9]+)*$")
RULE_NAME = re.compile(r"^test_(2004_)?[1-9]\d{2}(_|$)")
SHARE = 0.8


def slug(name: str) -> str:
    """A card name as it is written in a Python name: lower case, non-letters as ``_``."""
    return re.sub(r"[^a-z]+", "_", name.lower()).strip("_")


def card_names() -> set[str]:
    """Every name in the card data (both halves of the flip cards), as slugs; also the short
    name a card goes by (before the comma, or "Kenzo" for "Kenzo the Hardhearted") and the
    names without their apostrophe ("homuras_essence")."""
    data = json.loads(resources.files("flipcards").joinpath("data/cards.json").read_text("utf-8"))
    faces = [half for card in data["flip_cards"] for half in (card["normal"], card["flipped"])]
    faces += data["ordinary_cards"] + data["tokens"]
    names = set()
    for face in faces:
        for name in (face["name"], face["name"].replace("'", "")):
            names.add(slug(name))
            if "," in name:
                names.add(slug(name.split(",")[0]))
            elif "Legendary" in face["supertypes"] and " the " in name:
                names.add(slug(name.split(" the ")[0]))
    return names


CARDS = card_names()


def functions_of_each_module() -> dict[str, list[str]]:
    """The test functions of each test module (a parametrized test counts once)."""
    out = {}
    for path in sorted(TESTS.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = []
        for node in tree.body:
            body = node.body if isinstance(node, ast.ClassDef) else [node]
            names += [n.name for n in body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
                      and n.name.startswith("test")]
        out[path.name] = names
    return out


def names_a_card(name: str) -> bool:
    words = f"_{name.removeprefix('test_')}_"
    return any(f"_{card}_" in words for card in CARDS)


def cites(name: str) -> bool:
    """Whether a test function's name starts with a rule number (``test_603_3b_…``,
    ``test_2004_420_5e_…``) or names a card (``test_bushi_tenderfoot_…``)."""
    return bool(RULE_NAME.match(name)) or names_a_card(name)


def module_is_placed(stem: str) -> bool:
    in_a_set = stem.startswith("cards_") and stem.removeprefix("cards_") in SETS
    return (bool(RULE_MODULE.match(stem)) or stem in NAMED_SECTIONS or stem in PARTS
            or in_a_set or stem in CARDS)


def test_every_module_is_named_after_a_rule_section_a_card_a_set_or_a_part() -> None:
    misplaced = [name for name in functions_of_each_module()
                 if not module_is_placed(name.removeprefix("test_").removesuffix(".py"))]
    assert misplaced == [], (
        f"{misplaced}: a test module is named after a rule section (test_rules_NNN_…), a card "
        "(test_bushi_tenderfoot.py), a set (test_cards_betrayers.py) or a part of the site or "
        "the package (see tests/README.md); move these tests where they belong")


def test_every_module_says_what_it_covers() -> None:
    silent = [path.name for path in sorted(TESTS.glob("test_*.py"))
              if not ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))]
    assert silent == []


def test_most_test_names_cite_a_rule_or_a_card() -> None:
    names = [name for names in functions_of_each_module().values() for name in names]
    citing = [name for name in names if cites(name)]
    share = len(citing) / len(names)
    assert share >= SHARE, (
        f"only {len(citing)} of {len(names)} test functions ({share:.0%}) name a rule "
        f"(test_603_3b_…) or a card (test_bushi_tenderfoot_…); at least {SHARE:.0%} should")


def test_the_names_read_as_intended() -> None:
    assert cites("test_603_3b_non_active_players_triggers_resolve_first")
    assert cites("test_2004_420_5e_every_kenzo_goes_to_its_owners_graveyard")
    assert cites("test_erayo_counts_spells_of_this_turn_only")
    assert cites("test_homuras_essence_anthem_and_flying")
    assert not cites("test_output_is_deterministic")
    assert not cites("test_2004_wording_errors_say_in_play")
    assert module_is_placed("rules_704_5j_legend_rule") and module_is_placed("bushi_tenderfoot")
    assert module_is_placed("cards_betrayers") and module_is_placed("stack")
    assert not module_is_placed("rules_text_2") and not module_is_placed("cards_ordinary")
    assert not module_is_placed("halves") and not module_is_placed("misc_10_triggers")
