"""Helpers shared by the audit tests: scenarios that must hold, and ki cards."""

from __future__ import annotations

from typing import Any

from flipcards import Game, GameObject, run_scenario


def run(rules: str, steps: list[dict[str, Any]], **top: Any) -> dict[str, Any]:
    """Run a scenario (format v1); every ``expect`` step in it must hold."""
    out = run_scenario({"rules": rules, "steps": steps, **top})
    assert out["failures"] == [], out["failures"]
    return out


def obj(out: dict[str, Any], oid: str) -> dict[str, Any]:
    """The output's object ``oid``."""
    return out["objects"][oid]


def ki_card(game: Game, name: str, ki: int = 0, **kwargs: Any) -> GameObject:
    """``game.put(name, **kwargs)`` with ``ki`` ki counters on it."""
    card = game.put(name, **kwargs)
    if ki:
        game.add_counters(card, "ki", ki)
    return card
