"""Properties of the rules model under random games and random scenario documents.

Random sequences of valid steps run under both editions, through the scenario runner and
through the Game API, and after every step these must hold:

- mana cost, mana value and colors of an object never change by flipping (508.1c): they change
  only when the object becomes a copy or changes zones;
- only a permanent is flipped: ``flipped`` is false whenever the zone is not the battlefield
  (508.2), and flipping is one-way while it stays there (508.4);
- no legend-rule violation remains (2004: no two legendary permanents with the same name in
  play at all; current: none for the same controller);
- power and toughness are ``None`` exactly for noncreatures;
- the output document is JSON, the browser entry point gives the same text, and it is
  deterministic.

Random and malformed scenario documents raise nothing but :class:`flipcards.ScenarioError`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import flipcards
from flipcards import (
    EDITIONS,
    ZONES,
    Filter,
    FlipCardsError,
    Game,
    GameObject,
    ScenarioError,
    all_cards,
    card,
    run_scenario,
)
from flipcards._cards import cannot_enchant
from flipcards.browser import run_json

CARDS = all_cards()
FLIP_CARDS = [c for c in CARDS if c.is_flip_card]
# Every name a step may use for a card: either half, "A // B", and odd letter case.
CARD_NAMES = sorted({n for c in CARDS for n in (*c.names, c.full_name)})
AURAS = [c.name for c in CARDS if "Aura" in c.normal.subtypes]
# Instants and sorceries never enter the battlefield (304.4, 307.4): put elsewhere only.
NOT_PERMANENTS = frozenset(n for c in CARDS if {"Instant", "Sorcery"} & set(c.normal.types)
                           for n in (*c.names, c.full_name))
PLAYERS = ["Alice", "Bob"]
# Effect kinds of the scenario contract; set_colors is left out on purpose, because a color
# effect whose filter starts to match after a flip legitimately changes an object's colors.
PT_KINDS = ("modify_pt", "set_pt")
SUPERTYPES = ["Legendary"]
TYPES = ["Creature", "Enchantment", "Artifact"]
SUBTYPES = ["Human", "Spirit", "Monk", "Wizard", "Shaman", "Aura", "Bear"]
KEYWORDS = ["Flying", "Haste", "Trample", "Bushido 1"]

_HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large]
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=_HEALTH)
GAME_SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=_HEALTH)


# --- the invariants, on one output document -----------------------------------------------
def check_output(doc: dict[str, Any], out: dict[str, Any]) -> None:
    """Invariants of one output document (a whole game state)."""
    assert out["rules"] == doc["rules"]
    for oid, o in out["objects"].items():
        if o["zone"] != "battlefield":
            assert o["flipped"] is False, (oid, o)
        is_creature = "Creature" in o["types"]
        assert (o["power"] is None) == (not is_creature), (oid, o)
        assert (o["toughness"] is None) == (not is_creature), (oid, o)
    assert legend_rule_violations(doc["rules"], out["objects"].values()) == []
    # JSON: it round-trips, and the browser entry point gives exactly this text.
    text = json.dumps(out, ensure_ascii=False)
    assert json.loads(text) == out
    assert run_json(json.dumps(doc)) == text


def legend_rule_violations(edition: str, objects: Any) -> list[tuple[Any, ...]]:
    """Groups of legendary permanents the legend rule should have removed."""
    groups: dict[tuple[Any, ...], int] = {}
    for o in objects:
        if o["zone"] == "battlefield" and "Legendary" in o["supertypes"]:
            key = (o["name"],) if edition == "2004" else (o["controller"], o["name"])
            groups[key] = groups.get(key, 0) + 1
    return [key for key, n in groups.items() if n > 1]


def check_transition(step: dict[str, Any], before: dict[str, Any], after: dict[str, Any]) -> None:
    """Invariants between the states before and after one step."""
    moved = step.get("move")
    became = step.get("become_copy")
    lines = after["log"][len(before["log"]):]
    for oid, old in before["objects"].items():
        new = after["objects"][oid]
        # A zone change makes a new object; a card may also leave and come back within one
        # step (a triggered ability), which the log shows as "NAME is put ...".
        same_object = (new["zone"] == old["zone"] and oid != moved
                       and not changed_zones(lines, old["name"], new["name"]))
        if same_object and oid != became:
            # 508.1c: flipping (or anything else but a copy effect) never changes these.
            for field in ("mana_cost", "mana_value", "colors"):
                assert new[field] == old[field], (step, oid, field, old[field], new[field])
        if same_object and old["zone"] == "battlefield" and old["flipped"]:
            assert new["flipped"] is True, (step, oid)  # 508.4: one-way
    if moved is not None and moved in before["objects"]:
        # A zone change makes a new object with no memory (400.7, 508.4).
        new = after["objects"][moved]
        if before["objects"][moved]["token"] and step["to"] != "battlefield":
            assert new["zone"] is None, (step, new)
        elif new["zone"] == step["to"] and zone_changes(
                lines, before["objects"][moved]["name"], new["name"]) < 2:
            # (Unless it left again and came back within the step: a flipped Curse of the
            # Fire Penguin Creature that dies returns as the Curse, unflipped.)
            entered_flipped = step["to"] == "battlefield" and step.get("flipped", False)
            # Its own trigger may flip it within the step, as it enters: a Student of
            # Elements that enters with flying flips at once.
            flipped_since = any(line.startswith(f"{before['objects'][moved]['name']} flips")
                                for line in lines)
            assert new["flipped"] is (entered_flipped or flipped_since), (step, new)
            assert (new["counters"], new["damage"], new["tapped"]) == ({}, 0, False), (step, new)
            assert new["attached_to"] is None or step["to"] == "battlefield", (step, new)
    flipped = step.get("flip")
    if flipped is not None and flipped in before["objects"]:
        old, new = before["objects"][flipped], after["objects"][flipped]
        if old["zone"] != "battlefield" or old["flipped"]:
            # Nothing happens: no event, the object is the same.
            assert new == old, (step, old, new)


def changed_zones(lines: list[str], *names: str) -> bool:
    """True if one of these log lines reports a zone change of an object with these names."""
    return zone_changes(lines, *names) > 0


def zone_changes(lines: list[str], *names: str) -> int:
    """How many of these log lines report a zone change of an object with these names, or
    with the other half's name of these cards (a Homura's Essence that leaves comes back as
    Homura, Human Ascendant, dies as that and returns flipped, all within one step)."""
    every = {half for name in names for half in halves(name)}
    return sum(any(f"{name} is put " in line for name in every) for line in lines)


def halves(name: str) -> tuple[str, ...]:
    """Both halves' names of the card called ``name`` (just ``name`` if it names no card)."""
    try:
        return card(name).names
    except FlipCardsError:
        return (name,)


# --- random valid steps, drawn from the state of the game so far --------------------------
@st.composite
def valid_step(draw: st.DrawFn, edition: str, out: dict[str, Any], n: int,
               effect_ids: list[str], flip_cards: dict[str, bool]) -> dict[str, Any]:
    """A step that is valid in the state ``out``; new ids are numbered by ``n``."""
    objects = out["objects"]
    ids = sorted(objects)
    present = [i for i in ids if objects[i]["zone"] is not None]
    field = [i for i in ids if objects[i]["zone"] == "battlefield"]
    auras = [i for i in field if "Aura" in objects[i]["subtypes"]]
    creatures = [i for i in field if "Creature" in objects[i]["types"]]   # damaged (120.1a)
    verbs = ["put", "put", "put", "flip", "flip", "flip", "effect", "search", "name_card"]
    if present:
        verbs += ["move", "copy"]
    if field:
        verbs += ["counters", "tap", "become_copy", "flip", "put_aura"]
    if creatures:
        verbs += ["damage"]
    if effect_ids:
        verbs += ["end_effect"]
    if auras and len(field) > 1:
        verbs += ["attach", "attach"]
    verb = draw(st.sampled_from(verbs))
    step: dict[str, Any]
    if verb == "put":
        name = draw(st.sampled_from(CARD_NAMES))
        step = {"put": draw(st.sampled_from([name, name.upper(), name.lower()])),
                "as": f"o{n}"}
        zone = draw(st.sampled_from(places(name, ["battlefield", "battlefield", *ZONES])))
        aura = "Aura" in card(name).normal.subtypes
        hosts = enchantable(objects, name) if aura else []
        if zone == "battlefield" and aura and not hosts and not card(name).is_flip_card:
            zone = "hand"    # it could enchant nothing: refused (303.4f)
        if zone != "battlefield" or draw(st.booleans()):
            step["zone"] = zone
        if draw(st.booleans()):
            step["owner"] = draw(st.sampled_from(PLAYERS))
        if zone == "battlefield":
            if draw(st.booleans()):
                step["controller"] = draw(st.sampled_from(PLAYERS))
            if card(name).is_flip_card and (not hosts or draw(st.booleans())):
                step["flipped"] = True    # (an Aura that could enchant nothing is refused)
            elif hosts and draw(st.integers(0, 3)):    # else the oldest is chosen for it
                step["attached_to"] = draw(st.sampled_from(hosts))
        flip_cards[f"o{n}"] = card(name).is_flip_card
    elif verb == "put_aura":
        step = {"put": draw(st.sampled_from(AURAS)), "as": f"o{n}"}
        hosts = enchantable(objects, step["put"])
        if hosts:
            step["attached_to"] = draw(st.sampled_from(hosts))
        else:    # it could enchant nothing: refused (303.4f)
            step["zone"] = "hand"
        flip_cards[f"o{n}"] = card(step["put"]).is_flip_card
    elif verb == "flip":
        step = {"flip": draw(st.sampled_from(field or ids or ["x"]))} if ids else {
            "name_card": draw(st.sampled_from(CARD_NAMES))}
    elif verb == "move":
        oid = draw(st.sampled_from(present))
        # To another zone (a move within one is refused), or to the top of the library.
        to = draw(st.sampled_from([z for z in ZONES
                                   if (z != objects[oid]["zone"] or z == "library")
                                   and not (z == "battlefield"
                                            and permanent_never(objects[oid]["types"]))]))
        step = {"move": oid, "to": to}
        if to == "battlefield" and flip_cards.get(oid) and draw(st.booleans()):
            step["flipped"] = True
    elif verb == "copy":
        original = draw(st.sampled_from(present))
        step = {"copy": original, "as": f"o{n}"}
        if draw(st.booleans()):
            step["controller"] = draw(st.sampled_from(PLAYERS))
        flip_cards[f"o{n}"] = False  # never asked to enter flipped later
    elif verb == "counters":
        step = {"counters": draw(st.sampled_from(field)),
                "kind": draw(st.sampled_from(["+1/+1", "-1/-1", "ki"])),
                draw(st.sampled_from(["add", "remove"])): draw(st.integers(1, 3))}
    elif verb == "damage":
        step = {"damage": draw(st.sampled_from(creatures)), "amount": draw(st.integers(0, 4))}
    elif verb == "tap":
        step = {draw(st.sampled_from(["tap", "untap"])): draw(st.sampled_from(field))}
    elif verb == "become_copy":
        step = {"become_copy": draw(st.sampled_from(field)),
                "of": draw(st.sampled_from(present))}  # (a token gone is nothing)
    elif verb == "attach":
        aura = draw(st.sampled_from(auras))
        step = {"attach": aura, "to": draw(st.sampled_from([i for i in field if i != aura]))}
    elif verb == "end_effect":
        step = {"end_effect": draw(st.sampled_from(effect_ids))}
    elif verb == "effect":
        eid = f"e{n}"
        kind = draw(st.sampled_from([*PT_KINDS, "switch_pt", "add_keyword", "add_types"]))
        step = {"effect": eid, "kind": kind}
        if field and bool(draw(st.booleans())):
            step["affects"] = draw(st.sampled_from(field))
        else:
            step["affects"] = draw(filters())
        if kind in PT_KINDS:
            step["power"] = draw(st.integers(-3, 3))
            step["toughness"] = draw(st.integers(-3, 3))
        elif kind == "add_keyword":
            step["keyword"] = draw(st.sampled_from(KEYWORDS))
        elif kind == "add_types":
            step["supertypes"] = draw(st.lists(st.sampled_from(SUPERTYPES), max_size=1))
            step["types"] = draw(st.lists(st.sampled_from(TYPES), max_size=1))
            step["subtypes"] = draw(st.lists(st.sampled_from(SUBTYPES), max_size=1,
                                             min_size=0 if step["types"] else 1))
        effect_ids.append(eid)
    elif verb == "search":
        step = {"search": draw(st.sampled_from(ZONES)),
                "player": draw(st.sampled_from(PLAYERS)), "as": f"r{n}"}
        if draw(st.booleans()):
            step["for"] = draw(filters())
    else:
        step = {"name_card": draw(st.sampled_from(CARD_NAMES)), "as": f"r{n}"}
    # One legend kept per player at most: two of a player's legends may come to share a name
    # during the step, and keeping both of them is refused.
    legends = {objects[i]["controller"]: i for i in field
               if "Legendary" in objects[i]["supertypes"]}
    if edition == "current" and legends and draw(st.integers(0, 4)) == 0:
        step["keep"] = draw(st.lists(st.sampled_from(sorted(legends.values())), max_size=2,
                                     unique=True))
    return step


def permanent_never(types: Any) -> bool:
    """An object of these types never enters the battlefield (304.4, 307.4)."""
    return bool({"Instant", "Sorcery"} & set(types))


def places(name: str, zones: list[str]) -> list[str]:
    """The ``zones`` a card named ``name`` may be put in: not the battlefield for an instant
    or a sorcery."""
    return [z for z in zones if z != "battlefield"] if name in NOT_PERMANENTS else zones


def enchantable(objects: dict[str, Any], aura: str) -> list[str]:
    """The ids of the permanents the Aura named ``aura`` could enter attached to (303.4f):
    creatures without protection from its color."""
    colors = card(aura).colors
    return [i for i, o in sorted(objects.items()) if o["zone"] == "battlefield"
            and not cannot_enchant(aura, colors, o["name"], tuple(o["types"]),
                                   tuple(o["keywords"]))]


@st.composite
def filters(draw: st.DrawFn) -> dict[str, Any]:
    f: dict[str, Any] = {}
    if draw(st.booleans()):
        f["supertypes"] = draw(st.lists(st.sampled_from(SUPERTYPES), max_size=1))
    if draw(st.booleans()):
        f["types"] = draw(st.lists(st.sampled_from(TYPES), max_size=1))
    if draw(st.integers(0, 3)) == 0:
        f["subtypes"] = draw(st.lists(st.sampled_from(SUBTYPES), max_size=1))
    if draw(st.integers(0, 4)) == 0:
        f["name"] = draw(st.sampled_from(CARD_NAMES))
    if draw(st.integers(0, 3)) == 0:
        f["controller"] = draw(st.sampled_from(PLAYERS))
    return f


def scenario(edition: str, steps: list[dict[str, Any]]) -> dict[str, Any]:
    return {"rules": edition, "players": list(PLAYERS), "steps": steps}


def play(data: st.DataObject, edition: str, n_steps: int) -> tuple[dict[str, Any], list[Any]]:
    """Draw ``n_steps`` valid steps one by one, checking every intermediate state."""
    steps: list[dict[str, Any]] = []
    doc = scenario(edition, steps)
    out = run_scenario(doc)
    outs = [out]
    effect_ids: list[str] = []
    flip_cards: dict[str, bool] = {}
    for n in range(n_steps):
        if out["over"]:
            break  # (a draw by an endless loop, say: no step is valid after it, 104.4b)
        step = data.draw(valid_step(edition, out, n, effect_ids, flip_cards), label=f"step {n}")
        steps.append(step)
        doc = scenario(edition, list(steps))
        try:
            after = run_scenario(doc)
        except ScenarioError as e:  # every drawn step is valid in its state
            raise AssertionError(f"valid step {step} rejected: {e}") from e
        check_output(doc, after)
        check_transition(step, out, after)
        out = after
        outs.append(out)
    return doc, outs


@pytest.mark.parametrize("edition", EDITIONS)
@GAME_SETTINGS
@given(data=st.data())
def test_random_valid_scenarios_keep_the_invariants(edition: str, data: st.DataObject) -> None:
    doc, outs = play(data, edition, data.draw(st.integers(1, 30), label="steps"))
    # Deterministic: running the same document again gives the same output, and so does
    # running it as JSON text; the output carries no ids, addresses or timestamps.
    assert run_scenario(json.loads(json.dumps(doc))) == outs[-1]
    assert run_json(json.dumps(doc)) == run_json(json.dumps(doc))
    assert json.loads(run_json(json.dumps(doc))) == outs[-1]


@pytest.mark.parametrize("edition", EDITIONS)
def test_flipping_a_whole_battlefield_keeps_cost_and_color(edition: str) -> None:
    # Every flip card, flipped under a P/T, type and keyword effect: 508.1c for each.
    steps: list[dict[str, Any]] = [
        {"effect": "anthem", "kind": "modify_pt",
         "affects": {"supertypes": ["Legendary"]}, "power": 1, "toughness": 1},
        {"effect": "spirits", "kind": "add_types", "affects": {"types": ["Creature"]},
         "subtypes": ["Spirit"]},
    ]
    for i, c in enumerate(FLIP_CARDS):
        steps.append({"put": c.name, "as": f"c{i}",
                      "controller": PLAYERS[i % 2]})
    for i in range(len(FLIP_CARDS)):
        steps.append({"flip": f"c{i}"})
    doc = scenario(edition, steps)
    before = run_scenario(scenario(edition, steps[:2 + len(FLIP_CARDS)]))
    out = run_scenario(doc)
    check_output(doc, out)
    for i, c in enumerate(FLIP_CARDS):
        o, b = out["objects"][f"c{i}"], before["objects"][f"c{i}"]
        assert (o["mana_cost"], o["mana_value"], o["colors"]) == (
            c.mana_cost, c.mana_value, list(c.colors)) == (
            b["mana_cost"], b["mana_value"], b["colors"])


# --- the same through the Game API --------------------------------------------------------
def api_snapshot(game: Game) -> dict[GameObject, tuple[Any, ...]]:
    return {o: (o.zone, o.flipped, o.name, o.mana_cost, o.mana_value, o.colors)
            for o in game.objects()}


def check_game(game: Game) -> None:
    on_field = []
    for o in game.objects():
        if o.zone != "battlefield":
            assert o.flipped is False, o
        creature = "Creature" in o.types
        assert (o.power is None) == (not creature), o
        assert (o.toughness is None) == (not creature), o
        on_field.append({"zone": o.zone, "name": o.name, "supertypes": list(o.supertypes),
                         "controller": o.controller})
        str(o)
        repr(o)
    assert legend_rule_violations(game.edition, on_field) == []
    # Rule 405: unless a step holds priority, nothing is left waiting on the stack after it.
    assert game.stack == ()
    str(game)


@st.composite
def api_action(draw: st.DrawFn, game: Game) -> tuple[str, Callable[[], Any], GameObject | None]:
    """A valid call on ``game``: (verb, thunk, the object whose identity it may change)."""
    objs = game.objects()
    field = game.objects("battlefield")
    options = ["put", "flip", "effect", "search", "name_card"]
    if objs:
        options += ["move", "copy"]
    creatures = [o for o in field if "Creature" in o.types]   # only they are damaged (120.1a)
    if field:
        options += ["counters", "tap", "become_copy", "flip", "put_aura"]
    if creatures:
        options += ["damage"]
    if game.effects:
        options += ["end_effect"]
    auras = [o for o in field if "Aura" in o.subtypes]
    if auras and len(field) > 1:
        options += ["attach"]
    verb = draw(st.sampled_from(options))
    keep: list[GameObject] = (draw(st.lists(st.sampled_from(field), max_size=1))
                              if field and game.edition == "current" else [])
    if verb == "put":
        c = draw(st.sampled_from(CARDS))
        zone = draw(st.sampled_from(places(c.name, ["battlefield", *ZONES])))
        owner = draw(st.sampled_from(PLAYERS))
        kw: dict[str, Any] = {"owner": owner}
        if zone == "battlefield":
            kw["controller"] = draw(st.sampled_from(PLAYERS))
            kw["flipped"] = c.is_flip_card and draw(st.booleans())
            if "Aura" in c.normal.subtypes and not kw["flipped"] and not any(
                    not cannot_enchant(c.name, c.colors, o.name, o.types, o.keywords)
                    for o in field):
                zone = "hand"    # it could enchant nothing: refused (303.4f)
                del kw["controller"], kw["flipped"]
        name = draw(st.sampled_from([*c.names, c.full_name]))
        return verb, lambda: game.put(name, zone, keep=keep, **kw), None
    if verb == "put_aura":
        aura_name = draw(st.sampled_from(AURAS))
        colors = card(aura_name).colors
        hosts = [o for o in field
                 if not cannot_enchant(aura_name, colors, o.name, o.types, o.keywords)]
        if not hosts:    # it could enchant nothing: refused (303.4f)
            return verb, lambda: game.put(aura_name, "hand"), None
        host = draw(st.sampled_from(hosts))
        return verb, lambda: game.put(aura_name, attached_to=host, keep=keep), None
    if verb == "flip":
        o = draw(st.sampled_from(field or objs)) if objs else None
        if o is None:
            return "search", lambda: game.search("library", "Alice"), None
        return verb, lambda: game.flip(o, keep=keep), None
    if verb == "move":
        o = draw(st.sampled_from(objs))
        to = draw(st.sampled_from([z for z in ZONES if (z != o.zone or z == "library")
                                   and not (z == "battlefield" and permanent_never(o.types))]))
        flip = (to == "battlefield" and not o.is_token and o.card.is_flip_card
                and draw(st.booleans()))
        return verb, lambda: game.move(o, to, flipped=flip, keep=keep), o
    if verb == "copy":
        o = draw(st.sampled_from(objs))
        ctl = draw(st.sampled_from([None, *PLAYERS]))
        return verb, lambda: game.copy(o, controller=ctl, keep=keep), None
    if verb == "counters":
        o = draw(st.sampled_from(field))
        kind = draw(st.sampled_from(["+1/+1", "-1/-1", "ki"]))
        n = draw(st.integers(1, 3))
        method = draw(st.sampled_from([game.add_counters, game.remove_counters]))
        return verb, lambda: method(o, kind, n, keep=keep), None
    if verb == "damage":
        o = draw(st.sampled_from(creatures))
        n = draw(st.integers(0, 4))
        return verb, lambda: game.damage(o, n, keep=keep), None
    if verb == "tap":
        o = draw(st.sampled_from(field))
        toggle = draw(st.sampled_from([game.tap, game.untap]))
        return verb, lambda: toggle(o, keep=keep), None
    if verb == "become_copy":
        o = draw(st.sampled_from(field))
        of = draw(st.sampled_from(objs))
        return verb, lambda: game.become_copy(o, of, keep=keep), o
    if verb == "attach":
        aura = draw(st.sampled_from(auras))
        target = draw(st.sampled_from([o for o in field if o != aura]))
        return verb, lambda: game.attach(aura, target, keep=keep), None
    if verb == "end_effect":
        e = draw(st.sampled_from(list(game.effects)))
        return verb, lambda: game.end_effect(e, keep=keep), None
    if verb == "effect":
        kind = draw(st.sampled_from([*PT_KINDS, "switch_pt", "add_keyword", "add_types"]))
        affects: GameObject | Filter
        if field and bool(draw(st.booleans())):
            affects = draw(st.sampled_from(field))
        else:
            affects = Filter(**draw(filters()))
        params: dict[str, Any] = {}
        if kind in PT_KINDS:
            params = {"power": draw(st.integers(-3, 3)), "toughness": draw(st.integers(-3, 3))}
        elif kind == "add_keyword":
            params = {"keyword": draw(st.sampled_from(KEYWORDS))}
        elif kind == "add_types":
            params = {"types": draw(st.lists(st.sampled_from(TYPES), max_size=1))}
            # "Is also …" adds something: one of them at least.
            params["supertypes"] = draw(st.lists(st.sampled_from(SUPERTYPES), max_size=1,
                                                 min_size=0 if params["types"] else 1))
        return verb, lambda: game.add_effect(kind, affects, keep=keep, **params), None
    if verb == "search":
        zone = draw(st.sampled_from(ZONES))
        player = draw(st.sampled_from(PLAYERS))
        f = Filter(**draw(filters())) if draw(st.booleans()) else None
        return verb, lambda: game.search(zone, player, f), None
    name = draw(st.sampled_from(CARD_NAMES))
    return verb, lambda: game.name_card(name), None


@pytest.mark.parametrize("edition", EDITIONS)
@GAME_SETTINGS
@given(data=st.data())
def test_random_game_api_calls_keep_the_invariants(edition: str, data: st.DataObject) -> None:
    game = Game(edition, PLAYERS)
    for i in range(data.draw(st.integers(1, 40), label="calls")):
        if game.over:
            break  # (a draw by an endless loop, say: nothing can happen after it, 104.4b)
        verb, call, changed = data.draw(api_action(game), label=f"call {i}")
        before = api_snapshot(game)
        seen = len(game.log)
        result = call()
        if verb == "flip":
            assert isinstance(result, bool)
        check_game(game)
        after = api_snapshot(game)
        for obj, (zone, flipped, name, *printed) in before.items():
            if obj not in after or obj == changed:
                continue
            zone2, flipped2, name2, *printed2 = after[obj]
            if zone2 == zone and not changed_zones(game.log[seen:], name, name2):
                assert printed2 == printed, (verb, obj, printed, printed2)
                if zone == "battlefield" and flipped:
                    assert flipped2 is True, (verb, obj)


def test_flip_returns_true_exactly_once_per_object_on_the_battlefield() -> None:
    for edition in EDITIONS:
        for c in FLIP_CARDS:
            game = Game(edition)
            host = game.put("Grizzly Bears")
            aura = "Aura" in c.normal.subtypes
            obj = game.put(c.name, attached_to=host if aura else None)
            cost = (obj.mana_cost, obj.mana_value, obj.colors)
            assert game.flip(obj) is True
            assert obj.flipped is True
            assert game.flip(obj) is False
            assert (obj.mana_cost, obj.mana_value, obj.colors) == cost
            game.move(obj, "hand")
            assert obj.flipped is False
            assert game.flip(obj) is False
            assert (obj.mana_cost, obj.mana_value, obj.colors) == cost


# --- random and malformed documents -------------------------------------------------------
JSON_SCALARS = (st.none() | st.booleans() | st.integers(-10**6, 10**6)
                | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12))
JSON = st.recursive(
    JSON_SCALARS,
    lambda children: (st.lists(children, max_size=4)
                      | st.dictionaries(st.text(max_size=8), children, max_size=4)),
    max_leaves=20,
)
KEYS = sorted({"rules", "players", "steps", "as", "zone", "owner", "controller", "flipped",
               "attached_to", "to", "kind", "add", "remove", "amount", "affects", "power",
               "toughness", "keyword", "supertypes", "types", "subtypes", "colors", "of",
               "player", "for", "keep", "results", "name", *flipcards._scenario.VERBS})
WORDS = st.sampled_from([*KEYS, *CARD_NAMES[:6], "akki", "akky", "e1", "o0", "o1", "Alice",
                         "Bob", "Carol", "2004", "current", "battlefield", "library", "in play",
                         "+1/+1", "-1/-1", "Legendary", "Creature", "", "Kenzo"])
NEAR_JSON = st.recursive(
    JSON_SCALARS | WORDS | st.integers(-5, 5),
    lambda children: (st.lists(children, max_size=4)
                      | st.dictionaries(WORDS | st.text(max_size=4), children, max_size=5)),
    max_leaves=25,
)


def assert_only_scenario_errors(doc: Any) -> None:
    """run_scenario either runs ``doc`` or raises ScenarioError; run_json never raises."""
    try:
        out = run_scenario(doc)
    except ScenarioError as e:
        assert str(e)
        expected = json.dumps({"error": str(e)}, ensure_ascii=False)
    else:
        expected = json.dumps(out, ensure_ascii=False)
        assert json.loads(expected) == out
    # Whatever the input, the browser entry point answers with a JSON document.
    assert run_json(json.dumps(doc)) == expected


@SETTINGS
@given(doc=JSON)
def test_random_json_values_raise_only_scenario_errors(doc: Any) -> None:
    assert_only_scenario_errors(doc)


@SETTINGS
@given(doc=NEAR_JSON)
def test_random_near_scenario_values_raise_only_scenario_errors(doc: Any) -> None:
    assert_only_scenario_errors(doc)


@SETTINGS
@given(rules=st.sampled_from([*EDITIONS, "2005", 2004]),
       steps=st.lists(st.dictionaries(WORDS, NEAR_JSON, min_size=1, max_size=4), max_size=6))
def test_random_steps_raise_only_scenario_errors(rules: Any, steps: list[Any]) -> None:
    prefix = [{"put": "Akki Lavarunner", "as": "akki"}, {"put": "Pacifism", "as": "o1",
                                                        "attached_to": "akki"},
              {"effect": "e1", "kind": "modify_pt", "affects": {}, "power": 1, "toughness": 1}]
    assert_only_scenario_errors({"rules": rules, "steps": prefix + steps})


def mutations(value: Any) -> st.SearchStrategy[Any]:
    """Ways to break one value of a valid step."""
    bad = [JSON, WORDS, st.integers(-10**9, -1), st.just("akky"), st.just(None),
           st.just([value]), st.just({"x": value})]
    if isinstance(value, str):
        bad += [st.just(value.upper()), st.just(value + " "), st.just(value[:-1])]
    if isinstance(value, int):
        bad += [st.just(float(value)), st.just(str(value)), st.just(-value - 1),
                st.just(True)]
    return st.one_of(bad)


@pytest.mark.parametrize("edition", EDITIONS)
@SETTINGS
@given(data=st.data())
def test_mutated_valid_scenarios_raise_only_scenario_errors(edition: str,
                                                            data: st.DataObject) -> None:
    doc, _ = play(data, edition, data.draw(st.integers(1, 6), label="steps"))
    doc = json.loads(json.dumps(doc))
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        where = data.draw(st.integers(0, len(doc["steps"]) - 1), label="where")
        step = doc["steps"][where]
        if not isinstance(step, dict) or not step:
            continue
        action = data.draw(st.sampled_from(["set", "delete", "add", "replace", "deepen"]))
        key = data.draw(st.sampled_from(sorted(step)))
        if action == "set":
            step[key] = data.draw(mutations(step[key]))
        elif action == "delete":
            del step[key]
        elif action == "add":
            step[data.draw(WORDS)] = data.draw(NEAR_JSON)
        elif action == "replace":
            doc["steps"][where] = data.draw(NEAR_JSON)
        else:
            deep: Any = step[key]
            for _ in range(data.draw(st.integers(1, 60))):
                deep = data.draw(st.sampled_from([[deep], {"k": deep}]))
            step[key] = deep
    if data.draw(st.booleans(), label="top level too"):
        key = data.draw(st.sampled_from(["rules", "players", "steps", "extra"]))
        if data.draw(st.booleans()):
            doc.pop(key, None)
        else:
            doc[key] = data.draw(mutations(doc.get(key)))
    assert_only_scenario_errors(doc)


@pytest.mark.parametrize("value", [
    "akky", "", 7, -1, None, True, 1.5, [], {}, ["akki"], {"akki": 1}, "AKKI",
])
@pytest.mark.parametrize("verb", sorted(flipcards._scenario.VERBS))
def test_every_verb_with_a_bad_value_is_a_scenario_error(verb: str, value: Any) -> None:
    steps = [{"put": "Akki Lavarunner", "as": "akki"}, {verb: value}]
    assert_only_scenario_errors({"rules": "2004", "steps": steps})
    for key in flipcards._scenario.VERBS[verb]:
        assert_only_scenario_errors({"rules": "current", "steps": [
            steps[0], {verb: "akki", key: value}]})


@pytest.mark.parametrize("depth", [10, 500, 5000, 100_000])
def test_deeply_nested_json_is_an_error_document_not_a_crash(depth: int) -> None:
    # A hostile share link: run_json must answer with {"error": ...}, never raise.
    text = '{"rules": "2004", "steps": [{"flip": ' + "[" * depth + "]" * depth + "}]}"
    answer = json.loads(run_json(text))
    assert set(answer) == {"error"}


def test_huge_number_literal_is_an_error_document_not_a_crash() -> None:
    # Valid JSON whose number has more digits than Python converts by default.
    text = ('{"rules": "2004", "steps": [{"put": "Grizzly Bears", "as": "a"},'
            ' {"damage": "a", "amount": ' + "1" * 5000 + "}]}")
    answer = json.loads(run_json(text))
    assert set(answer) == {"error"}


def test_huge_power_from_valid_numbers_still_gives_a_json_answer() -> None:
    # Each number is parseable; their sum has more digits than int-to-str allows by default.
    n = int("9" * 4300)
    doc = {"rules": "2004", "steps": [
        {"put": "Grizzly Bears", "as": "a"},
        {"effect": "e", "kind": "modify_pt", "affects": "a", "power": n, "toughness": 1},
        {"effect": "f", "kind": "modify_pt", "affects": "a", "power": n, "toughness": 1},
    ]}
    answer = json.loads(run_json(json.dumps(doc)))
    assert answer.get("objects", {}).get("a", {}).get("power") == 2 * n or set(answer) == {
        "error"}


@pytest.mark.parametrize("bad", [
    {"rules": "2004", "steps": [{"put": "Akki Lavarunner", "as": "akki"}, {"flip": "akky"}]},
    {"rules": "2004", "steps": [{"put": "Akki Lavarunner", "as": "akki"},
                                {"counters": "akki", "kind": "+1/+1", "add": -1}]},
    {"rules": "2004", "steps": [{"put": "Akki Lavarunner", "as": "akki"},
                                {"damage": "akki", "amount": -3}]},
    {"rules": "2004", "steps": [{"put": "Akki Lavarunner", "as": "akki"},
                                {"damage": "akki", "amount": True}]},
    {"rules": "2004", "steps": [{"put": "Akki Lavarnner"}]},
    {"rules": "2005", "steps": []},
    {"rules": "2004", "steps": [{"flop": "akki"}]},
    {"rules": "2004", "steps": [{"put": "Akki Lavarunner", "as": "akki", "colour": "R"}]},
    {"rules": "2004", "players": ["Alice", "Alice"], "steps": []},
    {"rules": "2004", "steps": [{"put": "Akki Lavarunner", "as": "akki"},
                                {"put": "Akki Lavarunner", "as": "akki"}]},
])
def test_known_bad_scenarios_name_a_json_path(bad: dict[str, Any]) -> None:
    with pytest.raises(ScenarioError) as info:
        run_scenario(bad)
    assert isinstance(info.value, FlipCardsError)
    assert info.value.path and str(info.value).startswith(info.value.path)
    assert json.loads(run_json(json.dumps(bad))) == {"error": str(info.value)}


def test_put_owner_defaults_to_the_first_player_as_in_the_game_api() -> None:
    # Scenario format v1: the owner defaults to the first player, the controller to the
    # owner. The Game API does so; the scenario runner must agree with it.
    game = Game("2004")
    assert game.put("Grizzly Bears", controller="Bob").owner == "Alice"
    out = run_scenario({"rules": "2004", "steps": [
        {"put": "Grizzly Bears", "as": "bears", "controller": "Bob"}]})
    assert (out["objects"]["bears"]["owner"], out["objects"]["bears"]["controller"]) == (
        "Alice", "Bob")
    assert out["log"] == game.log


# --- determinism ------------------------------------------------------------------------------

def test_output_is_deterministic() -> None:
    def play() -> str:
        g = Game("2004")
        hero = g.put("Bushi Tenderfoot")
        g.flip(hero)
        g.copy(hero)
        return str(g) + repr(hero) + "\n".join(g.log)

    assert play() == play()
    assert "0x" not in play()
