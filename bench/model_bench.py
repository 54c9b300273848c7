"""Benchmark of the rules model against the budget in DESIGN.md.

Budget: a 1,000-step scenario over 200 permanents and 20 continuous effects runs natively in
at most 0.25 s, and cost grows about linearly with permanents x effects.

Run: ``.venv/bin/python bench/model_bench.py``. It prints measurements and ratios; it asserts
nothing about time (machines differ), only that every scenario runs.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

from flipcards import Filter, Game, GameObject, all_cards, run_scenario

TARGET_SECONDS = 0.25
STEPS = 1000
PLAYERS = ["Alice", "Bob"]
SUPERTYPES = ["Legendary"]
TYPES = ["Creature", "Enchantment"]
SUBTYPES = ["Human", "Spirit", "Monk", "Wizard", "Shaman", "Samurai"]
SEARCH_ZONES = ["library", "battlefield", "graveyard", "hand"]


def build(permanents: int, effects: int, steps: int = STEPS, seed: int = 508) -> dict[str, Any]:
    """A valid scenario of ``steps`` steps: ``permanents`` puts onto the battlefield,
    ``effects`` continuous effects with filters, and a mix of flips, counters, damage, moves,
    taps, searches and namings on random permanents.

    A shadow :class:`Game` follows the steps as they are drawn, so that a step aimed at a
    permanent that has died (lethal damage, the legend rule) becomes a move back onto the
    battlefield instead of an invalid step.
    """
    rng = random.Random(seed)
    creatures = [c.name for c in all_cards()
                 if "Creature" in c.normal.types and "Legendary" not in c.normal.supertypes
                 and (c.normal.toughness or 0) > 0]
    names = [n for c in all_cards() for n in c.names]
    shadow = Game("current", PLAYERS)
    objs: dict[str, GameObject] = {}
    out: list[dict[str, Any]] = []

    for i in range(permanents):
        oid = f"p{i}"
        name, controller = rng.choice(creatures), PLAYERS[i % 2]
        out.append({"put": name, "as": oid, "owner": controller, "controller": controller})
        objs[oid] = shadow.put(name, owner=controller, controller=controller)
    for i in range(effects):
        key = rng.choice(["supertypes", "types", "subtypes"])
        pool = {"supertypes": SUPERTYPES, "types": TYPES, "subtypes": SUBTYPES}[key]
        kind = rng.choice(["modify_pt", "modify_pt", "add_keyword", "add_types", "set_pt",
                           "switch_pt"])
        step: dict[str, Any] = {"effect": f"e{i}", "kind": kind,
                                "affects": {key: [rng.choice(pool)]}}
        params: dict[str, Any] = {}
        if kind in ("modify_pt", "set_pt"):
            params = {"power": rng.randint(0, 2), "toughness": rng.randint(1, 3)}
        elif kind == "add_keyword":
            params = {"keyword": rng.choice(["Flying", "Haste", "Trample"])}
        elif kind == "add_types":
            params = {"subtypes": [rng.choice(SUBTYPES)]}
        out.append({**step, **params})
        shadow.add_effect(kind, Filter(**step["affects"]), label=f"e{i}", **params)
    for i in range(min(permanents // 10, 20)):
        name, owner = rng.choice(names), PLAYERS[i % 2]
        out.append({"put": name, "zone": "library", "owner": owner})
        shadow.put(name, "library", owner=owner)

    ids = list(objs)
    n = 0
    while len(out) < steps:
        oid = rng.choice(ids)
        obj = objs[oid]
        roll = rng.random()
        if (obj.zone != "battlefield" and 0.25 <= roll < 0.55) or 0.87 <= roll < 0.92:
            # Back onto the battlefield (from play too: a zone change, a new object).
            out.append({"move": oid, "to": "battlefield"})
            shadow.move(obj, "battlefield")
        elif roll < 0.25:
            out.append({"flip": oid})
            shadow.flip(obj)
        elif roll < 0.45:
            kind, k = rng.choice(["+1/+1", "ki"]), rng.randint(1, 2)
            out.append({"counters": oid, "kind": kind, "add": k})
            shadow.add_counters(obj, kind, k)
        elif roll < 0.55:
            out.append({"damage": oid, "amount": 1})
            shadow.damage(obj, 1)
        elif roll < 0.65:
            to = rng.choice(["graveyard", "hand", "exile"])
            out.append({"move": oid, "to": to})
            shadow.move(obj, to)
        elif roll < 0.80:
            zone, player = rng.choice(SEARCH_ZONES), rng.choice(PLAYERS)
            out.append({"search": zone, "player": player,
                        "for": {"supertypes": ["Legendary"]}, "as": f"r{n}"})
            shadow.search(zone, player, Filter(supertypes=["Legendary"]))
        elif roll < 0.87:
            if obj.zone == "battlefield":
                out.append({"tap": oid})
                shadow.tap(obj)
            else:
                out.append({"flip": oid})  # nothing happens
                shadow.flip(obj)
        else:
            name = rng.choice(names)
            out.append({"name_card": name, "as": f"r{n}"})
            shadow.name_card(name)
        n += 1
    doc = {"rules": "current", "players": PLAYERS, "steps": out}
    assert run_scenario(doc)["log"] == shadow.log, "the shadow game and the scenario differ"
    return doc


def best_of(doc: dict[str, Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run_scenario(doc)
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement (best of)")
    args = parser.parse_args(argv)

    print(f"Python {sys.version.split()[0]}; best of {args.repeat} runs each")
    doc = build(200, 20)
    n_steps = len(doc["steps"])
    out = run_scenario(doc)
    on_field = sum(o["zone"] == "battlefield" for o in out["objects"].values())
    seconds = best_of(doc, args.repeat)
    print(f"\nBudget scenario: {n_steps} steps, 200 permanents ({on_field} on the battlefield "
          f"at the end), 20 effects")
    verdict = "within" if seconds <= TARGET_SECONDS else "OVER"
    print(f"  time {seconds:.3f} s; target {TARGET_SECONDS:.2f} s; "
          f"ratio {seconds / TARGET_SECONDS:.2f} ({verdict} budget)")

    print("\nGrowth: the same step count, permanents and effects scaled together")
    print(f"  {'permanents':>10} {'effects':>7} {'P x E':>7} {'steps':>5} {'time s':>8} "
          f"{'x prev':>7} {'P x E x prev':>12} {'us per P x E':>12}")
    previous: tuple[float, int] | None = None
    for permanents in (50, 100, 200, 400):
        effects = permanents // 10
        scaled = build(permanents, effects)
        t = best_of(scaled, args.repeat)
        pe = permanents * effects
        growth = f"{t / previous[0]:7.2f}" if previous else f"{'':>7}"
        expected = f"{pe / previous[1]:12.0f}" if previous else f"{'':>12}"
        print(f"  {permanents:>10} {effects:>7} {pe:>7} {len(scaled['steps']):>5} {t:8.3f} "
              f"{growth} {expected} {t / pe * 1e6:12.2f}")
        previous = (t, pe)
    print("\n  'x prev' is the measured growth from the previous row; 'P x E x prev' is the "
          "growth\n  that cost linear in permanents x effects would give. Growth well below it "
          "means\n  the cost is dominated by a term linear in permanents (or constant).")

    print("\nGrowth in effects alone (200 permanents)")
    previous = None
    for effects in (5, 10, 20, 40):
        scaled = build(200, effects)
        t = best_of(scaled, args.repeat)
        growth = f"x{t / previous[0]:.2f} for x{effects / previous[1]:.0f} effects" if previous \
            else ""
        print(f"  {effects:>3} effects: {t:.3f} s {growth}")
        previous = (t, effects)
    print("\nGrowth in permanents alone (20 effects)")
    previous = None
    for permanents in (50, 100, 200, 400):
        scaled = build(permanents, 20)
        t = best_of(scaled, args.repeat)
        growth = f"x{t / previous[0]:.2f} for x{permanents / previous[1]:.0f} permanents" \
            if previous else ""
        print(f"  {permanents:>3} permanents: {t:.3f} s {growth}")
        previous = (t, permanents)
    return 0


if __name__ == "__main__":
    sys.exit(main())
