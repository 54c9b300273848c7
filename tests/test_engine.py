"""The engine's shape (``pysrc/flipcards/_state.py`` describes it): :class:`~flipcards.Game`
is a facade over parts that it owns, not a tower of classes. No class has more than one base
of its own, no method is declared in one module and given its body in another, and every
action a part does for the reader is one of ``Game``'s methods, documented there, with the
same parameters."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from typing import Any, Protocol

import flipcards
from flipcards import Game
from flipcards._actions import Actions
from flipcards._combat import Combat
from flipcards._sba import StateBasedActions
from flipcards._stack import Stack
from flipcards._state import GameState
from flipcards._turns import Turns
from flipcards._zones import Zones

PARTS = (Zones, Actions, StateBasedActions, Stack, Turns, Combat)
# What a part does for the reader under another name on Game.
RENAMED = {(Stack, "resolve_all"): "resolve_stack"}
# The Stack's own work that the other parts call (the Engine, and what the turn asks of it).
NOT_FOR_THE_READER = {
    Stack: {"event", "trigger", "creature_died", "state_triggers", "push",
            "put_triggered_on_stack", "resolve_top", "resolve_item", "step_may_end",
            "priority", "check", "declining"},
    Turns: {"upkeep_may_end"},
    Combat: {"live", "end_if_going_on", "describe", "cannot_attack"},
}


def package_classes() -> list[type]:
    """Every class defined in the package's modules (the cards' too)."""
    found: list[type] = []
    modules = pkgutil.walk_packages(flipcards.__path__, "flipcards.")
    for info in modules:
        module = importlib.import_module(info.name)
        found += [c for _, c in inspect.getmembers(module, inspect.isclass)
                  if c.__module__ == module.__name__]
    return found


def own_bases(cls: type) -> list[type]:
    return [b for b in cls.__bases__ if b.__module__.startswith("flipcards")]


def is_protocol(cls: type) -> bool:
    return Protocol in cls.__mro__ or getattr(cls, "_is_protocol", False)


def test_engine_no_class_has_more_than_one_base_of_its_own() -> None:
    classes = package_classes()
    assert Game in classes and Zones in classes
    several = {c.__qualname__: own_bases(c) for c in classes if len(own_bases(c)) > 1}
    assert not several, f"classes with more than one base of the package's own: {several}"


def test_engine_the_parts_are_objects_the_game_owns_not_levels_of_it() -> None:
    assert own_bases(Game) == [GameState]
    assert own_bases(GameState) == []
    game = Game()
    for part in PARTS:
        assert own_bases(part) == [], f"{part.__name__} inherits {own_bases(part)}"
        held = [name for name, value in vars(game).items() if isinstance(value, part)]
        assert held, f"the game holds no {part.__name__}"
        assert getattr(game, held[0]).game is game


def test_engine_no_method_is_declared_in_one_module_and_defined_in_another() -> None:
    crossing = []
    for cls in package_classes():
        for base in cls.__mro__[1:]:
            if not base.__module__.startswith("flipcards") or is_protocol(base):
                continue
            if base.__module__ == cls.__module__:
                continue
            for name, value in vars(cls).items():
                dunder = name.startswith("__") and name.endswith("__")
                if not dunder and callable(value) and name in vars(base):
                    crossing.append(f"{cls.__module__}.{cls.__qualname__}.{name} "
                                    f"over {base.__module__}.{base.__qualname__}")
    assert not crossing, "methods given their body in another module: " + ", ".join(crossing)


def public_members(part: type) -> dict[str, Any]:
    skip = NOT_FOR_THE_READER.get(part, set())
    return {name: value for name, value in vars(part).items()
            if not name.startswith("_") and name not in skip
            and (callable(value) or isinstance(value, property))}


def test_engine_every_action_of_a_part_is_a_documented_method_of_game() -> None:
    for part in PARTS:
        for name, member in public_members(part).items():
            on_game = RENAMED.get((part, name), name)
            assert on_game in vars(Game), f"Game has no {on_game} ({part.__name__}.{name})"
            facade = vars(Game)[on_game]
            assert (inspect.getdoc(facade) or "").strip(), f"Game.{on_game} is not documented"
            if isinstance(member, property):
                assert isinstance(facade, property), f"Game.{on_game} is not a property"
                continue
            # The reader calls Game's: the same parameters, kinds and defaults as the part's.
            theirs = inspect.signature(member).parameters
            ours = inspect.signature(inspect.unwrap(facade)).parameters
            assert [(p.name, p.kind, p.default) for p in ours.values()] == \
                [(p.name, p.kind, p.default) for p in theirs.values()], on_game
            # The rules are told once, on Game: the part's docstring points there.
            assert f"Game.{on_game}" in (member.__doc__ or ""), \
                f"{part.__name__}.{name}'s docstring does not point at Game.{on_game}"


def test_engine_game_methods_delegate_to_the_part_that_does_the_work() -> None:
    """A facade method calls its part: ``Game.flip`` runs ``Actions.flip``."""
    game = Game("2004")
    hero = game.put("Bushi Tenderfoot")
    called: list[str] = []
    original = Actions.flip

    def flip(self: Actions, *args: Any, **kwargs: Any) -> bool:
        called.append("flip")
        return original(self, *args, **kwargs)

    game._actions.flip = flip.__get__(game._actions)  # type: ignore[method-assign]
    assert game.flip(hero) is True
    assert called == ["flip"]
    assert hero.name == "Kenzo the Hardhearted"
