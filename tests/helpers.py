"""Helpers shared by the native tests: scenarios that must hold, cards set up in a given state,
turns and combats to get to, and what a game says it did."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from flipcards import Game, GameObject, run_scenario

REPO = Path(__file__).resolve().parents[1]


# --- scenarios -------------------------------------------------------------------------------

def run(rules: str, steps: list[dict[str, Any]], **top: Any) -> dict[str, Any]:
    """Run a scenario (format v1); every ``expect`` step in it must hold."""
    out = run_scenario({"rules": rules, "steps": steps, **top})
    assert out["failures"] == [], out["failures"]
    return out


def obj(out: dict[str, Any], oid: str) -> dict[str, Any]:
    """The output's object ``oid``."""
    return out["objects"][oid]


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


# --- cards set up in a given state -----------------------------------------------------------

def with_ki(game: Game, name: str, ki: int = 0, **kwargs: Any) -> GameObject:
    """``game.put(name, **kwargs)`` with ``ki`` ki counters on it."""
    card = game.put(name, **kwargs)
    if ki:
        game.add_counters(card, "ki", ki)
    return card


def with_ki_counters(game: Game, name: str, owner: str = "Alice", counters: int = 2) -> GameObject:
    """An unflipped ki card of ``owner`` with ``counters`` ki counters (two: enough to flip)."""
    card = game.put(name, owner=owner)
    if counters:
        game.add_counters(card, "ki", counters)
    return card


def flipped_ki_card(game: Game, name: str, owner: str = "Alice", counters: int = 1) -> GameObject:
    """A flipped ki card with ki counters to spend."""
    card = game.put(name, owner=owner, flipped=True)
    game.add_counters(card, "ki", counters)
    return card


def flipped(game: Game, name: str, **kwargs: str):  # type: ignore[no-untyped-def]
    """``game.put(name, **kwargs)``, flipped."""
    return game.put(name, flipped=True, **kwargs)


def enchanted_mystic(game: Game, owner: str = "Alice") -> GameObject:
    """A Kitsune Mystic with two Pacifisms: its end-step ability will trigger."""
    mystic = game.put("Kitsune Mystic", owner=owner)
    game.put("Pacifism", attached_to=mystic)
    game.put("Pacifism", attached_to=mystic)
    return mystic


def shock(game: Game, owner: str = "Alice") -> GameObject:
    """A red source to deal damage with (the Shock card, as if it were resolving)."""
    return game.put("Shock", "graveyard", owner=owner)


def bobs_shock(game: Game, owner: str = "Bob") -> GameObject:
    """A red source in a graveyard, used only to deal damage (Bob's, unless said)."""
    return game.put("Shock", "graveyard", owner=owner)


def wall(game: Game, name: str = "Runeclaw Bear", owner: str = "Bob",
         toughness_bonus: int = 3) -> GameObject:
    """A 2/2 creature made sturdier (2/2+bonus) so that it survives what it should."""
    card = game.put(name, owner=owner)
    game.add_effect("modify_pt", card, power=0, toughness=toughness_bonus)
    return card


def fill(game: Game, name: str, zone: str, n: int, owner: str = "Alice") -> list[GameObject]:
    """``n`` cards named ``name`` put into ``zone`` for ``owner``."""
    return [game.put(name, zone, owner=owner) for _ in range(n)]


def fill_hand(game: Game, player: str, n: int) -> None:
    """``n`` Grizzly Bears into the hand of ``player``."""
    for _ in range(n):
        game.put("Grizzly Bears", zone="hand", owner=player)


def fill_library(game: Game, player: str, n: int) -> None:
    """``n`` Grizzly Bears into the library of ``player``."""
    for _ in range(n):
        game.put("Grizzly Bears", zone="library", owner=player)


def kill_bears(game: Game, n: int, owner: str = "Bob") -> None:
    """``n`` creatures die this turn: Grizzly Bears of ``owner`` dealt lethal damage."""
    for _ in range(n):
        game.damage(game.put("Grizzly Bears", owner=owner), 2)


# --- turns and combats -----------------------------------------------------------------------

def ready(game: Game) -> None:
    """Pass to the active player's next turn: what came onto the battlefield before is no
    longer summoning sick (rule 302.6). (What ``put`` sets up is never summoning sick.)"""
    game.next_turn()
    game.next_turn()


def combat(game: Game, attacker: str, blocker: str, *, attacker_keyword: str = "",
           blocker_keyword: str = "", **put: Any) -> tuple[GameObject, GameObject]:
    """Alice's ``attacker`` (with a keyword, if given) attacks Bob, who has ``blocker``."""
    a = game.put(attacker, **put)
    b = game.put(blocker, owner="Bob")
    if attacker_keyword:
        game.add_effect("add_keyword", a, keyword=attacker_keyword)
    if blocker_keyword:
        game.add_effect("add_keyword", b, keyword=blocker_keyword)
    ready(game)
    game.attack([a])
    return a, b


def tenderfoot_blocked_by_wounded_bears(game: Game) -> tuple[GameObject, GameObject]:
    """Alice's Bushi Tenderfoot attacks and Bob's Grizzly Bears, already dealt 1 damage,
    blocks it: Tenderfoot's combat damage will kill the Bears, and the Bears' kill it."""
    tenderfoot = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.next_turn()
    game.next_turn()
    game.attack([tenderfoot])
    game.block(bears, tenderfoot)
    game.damage(bears, 1)
    return tenderfoot, bears


# --- what the game says ----------------------------------------------------------------------

def flips(game: Game) -> list[str]:
    """The names that flipped, in the order they flipped."""
    return [line.split(" flips:")[0] for line in game.log if " flips: it is now " in line]


def cards_in(game: Game, zone: str, player: str) -> list[str]:
    """The names of the cards in ``player``'s ``zone``."""
    return [each.name for each in game.objects(zone, player)]


def hand_size(game: Game, player: str) -> int:
    """How many cards ``player`` holds."""
    return len(game.objects("hand", player))


def line_index(game: Game, text: str) -> int:
    """The index of the first log line that contains ``text``."""
    return next(i for i, line in enumerate(game.log) if text in line)


def snapshot(game: Game) -> tuple[object, ...]:
    """Everything a refused call must leave as it was."""
    return (
        tuple((o.name, o.zone, o.controller, o.flipped, tuple(sorted(o.counters.items())),
               o.damage) for o in game.objects()),
        len(game.log), game.spells_cast_this_turn, len(game.stack), len(game.effects),
        {p: game.life(p) for p in game.players},
        {p: dict(game.mana_pool(p)) for p in game.players},
    )


def conceding_in_upkeep(edition: str, card: str) -> Game:
    """Three players, Alice's flipped ``card`` on the battlefield; Carol concedes in her
    upkeep while its trigger for that upkeep waits; then the stack resolves (800.4a)."""
    game = Game(edition, players=["Alice", "Bob", "Carol"])
    game.next_turn()
    game.put(card, flipped=True)
    with game.holding_priority():
        game.next_turn()                  # Carol's upkeep: the trigger waits
        game.concede("Carol")
    game.resolve_stack()
    return game
