"""The one module the browser calls: JSON strings in, JSON strings out.

It never imports ``js`` or ``pyodide``; the page's worker passes plain strings.

- :func:`run_json`        runs a scenario and returns the output document
- :func:`verbs_json`      the description of the scenario verbs (``flipcards._verbs``) and the
                          cards, from which the playground builds its forms and card search
- :func:`playground_json` runs the playground's scenario and returns what the page draws: the
                          objects with their card frames, P/T breakdowns and the activated
                          abilities they have, players' life and hands, the log with links to
                          the rules, whose turn each step began, and the choices the last
                          step asks for (legend rule, "may" abilities)
- :func:`python_json`     the scenario as Python (Show as Python)
- :func:`model_json`      the playground's one entry point: a request as data (``op`` and its
                          fields), the reply as data; no code is written for a call

The playground computes no rule itself: everything it shows comes from here.
- :class:`Runner`          runs the reader's example code, each run from the same clean Python
                          (its implementation is in ``flipcards._runner``, shipped in the same zip)
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from . import cards
from ._actions import _show_pool
from ._card_rules import SPELL_CHOICES
from ._cards import CardData, all_cards, card, possessive, printed_keyword
from ._characteristics import PT_COUNTER, compute
from ._effects import Effect
from ._errors import FlipCardsError, ScenarioError
from ._game import EDITIONS, Game, GameObject
from ._memo import by_identity
from ._runner import Runner
from ._scenario import parse_json, run_scenario, start_scenario
from ._verbs import VERB_DESCRIPTIONS, describe_verbs, scenario_python

__all__ = ["MAX_STEPS", "Runner", "model_json", "playground_json", "python_json", "rule_link",
           "run_json", "verbs_json"]

#: The longest situation the playground runs (a share link carries at most 64 KB anyway).
MAX_STEPS = 1_000


def run_json(text: str) -> str:
    """Run a scenario given as JSON text; return the output document as JSON text.

    An invalid scenario gives ``{"error": "<path>: <message>"}`` instead of raising.

    Examples:
        >>> print(run_json('{"rules": "2004", "steps": [{"put": "Akki Lavarunner", "as": "akki"},'
        ...                ' {"flip": "akky"}]}'))
        {"error": "steps[1].flip: no object \\"akky\\"; did you mean \\"akki\\"?"}
    """
    try:
        return json.dumps(run_scenario(parse_json(text)), ensure_ascii=False)
    except FlipCardsError as e:
        return json.dumps({"error": str(e)}, ensure_ascii=False)


# --- rule links -----------------------------------------------------------------------------

def rule_link(rule: str, edition: str = "2004") -> dict[str, str] | None:
    """Where the site explains ``rule``: ``{"label", "href"}`` with ``href`` relative to the
    site's root, or None for an empty rule. ``rule`` is a rule of 508 (``"508.4"``), a ruling
    (``"ruling-6"``) or ``"LABEL|HREF"`` for another page of the site. Under today's rules
    (``edition`` ``"current"``) a rule of 508 is cited by its number today, in 710 (today's
    508 is a combat rule); the site's page for it shows the rule and says what it was.

    Examples:
        >>> rule_link("508.4")
        {'label': 'rule 508.4', 'href': 'rules/508.4/'}
        >>> rule_link("508.4", "current")
        {'label': 'rule 710.4', 'href': 'rules/710.4/'}
        >>> rule_link("ruling-6")
        {'label': 'ruling 6', 'href': 'rulings/6/'}
    """
    if not rule:
        return None
    if rule.startswith("ruling-"):
        return {"label": f"ruling {rule.removeprefix('ruling-')}",
                "href": f"rulings/{rule.removeprefix('ruling-')}/"}
    if rule.startswith("508"):
        number = "710" + rule.removeprefix("508") if edition == "current" else rule
        return {"label": f"rule {number}", "href": f"rules/{number}/"}
    label, _, href = rule.partition("|")
    return {"label": label, "href": href}


#: Rules the site explains on a page other than the rule's own: rule -> "LABEL|HREF".
_RULE_PAGES = {
    "704.5j": "rule 704.5j|then-and-now/#the-legend-rule",
    "603.2": "heroic conditions|heroic-conditions/#how-the-model-plays-a-game",
}


def _linked(entry: dict[str, Any], edition: str) -> dict[str, Any]:
    """A log entry of the output document (``serialise_entry``) with links to the site's
    explanation of its rule, cited as the game's rules number it, for the page to show."""
    rule = entry["rule"]
    link = rule_link(_RULE_PAGES.get(rule, rule), edition) if (
        rule in _RULE_PAGES or rule.startswith(("508", "ruling-"))) else None
    return {**entry, "rules": [link] if link else []}


# An entry of a situation played on is the same object from one output to the next: what it
# shows is kept (a long log costs its new lines only), for a game of each rules.
@by_identity(20_000)
def _log_entry(entry: dict[str, Any]) -> dict[str, Any]:
    """:func:`_linked` for a game under the 2004 rules."""
    return _linked(entry, "2004")


@by_identity(20_000)
def _log_entry_today(entry: dict[str, Any]) -> dict[str, Any]:
    """:func:`_linked` for a game under today's rules."""
    return _linked(entry, "current")


# --- the verbs and the cards ------------------------------------------------------------------

def _cast_takes(data: CardData) -> list[str]:
    """The choices a cast of the card takes (of ``SPELL_CHOICES``; the model refuses any
    other): its spell's, or a creature's ``copying`` if it enters as a copy, an Aura's
    ``target`` (303.4a).

    >>> _cast_takes(card("Shock")), _cast_takes(card("Clone")), _cast_takes(card("Pacifism"))
    (['target'], ['copying'], ['target'])
    """
    effect = cards.record(data.name).spell
    if effect is not None:
        return [c for c in SPELL_CHOICES if c in effect.takes]
    return (["target"] if "Aura" in data.normal.subtypes else []) + (
        ["copying"] if cards.record(data.name).enters_as_copy is not None else [])


def _card_entry(data: CardData) -> dict[str, Any]:
    return {"name": data.normal.name,
            "flipped_name": data.flipped.name if data.flipped else None,
            "type_line": data.normal.type_line, "mana_cost": data.mana_cost,
            "cast_takes": _cast_takes(data)}


def verbs_json() -> str:
    """The verbs of the scenario format (``flipcards._verbs.describe_verbs``) with a link for
    each verb's rule, and the cards the playground can put (either half's name finds one).

    Examples:
        >>> described = json.loads(verbs_json())
        >>> [v["name"] for v in described["verbs"]][:3]
        ['put', 'flip', 'move']
        >>> described["verbs"][1]["rule_link"]
        {'label': 'rule 508.4', 'href': 'rules/508.4/'}
        >>> described["cards"][0]["flipped_name"]
        'Kenzo the Hardhearted'
    """
    described = describe_verbs()
    for entry, verb in zip(described["verbs"], VERB_DESCRIPTIONS, strict=True):
        entry["rule_link"] = rule_link(verb.rule)
        entry["rule_link_today"] = rule_link(verb.rule, "current")
    described["cards"] = [_card_entry(c) for c in all_cards()]
    return json.dumps(described, ensure_ascii=False)


# --- the playground -------------------------------------------------------------------------

def _error(e: FlipCardsError) -> dict[str, Any]:
    path, suggestions = (e.path, e.suggestions) if isinstance(e, ScenarioError) else ("", [])
    match = re.match(r"steps\[(\d+)\]", path)
    return {"error": str(e), "path": path, "step": int(match.group(1)) if match else None,
            "suggestions": suggestions}


def _frame(name: str) -> tuple[CardData | None, str]:
    """The printed card an object shows and which half applies, from its current name."""
    try:
        data = card(name)
    except FlipCardsError:
        return None, "normal"  # a token
    flipped = data.flipped is not None and data.flipped.name == name
    return data, "flipped" if flipped else "normal"


def _face_json(data: CardData, half: str) -> dict[str, Any] | None:
    face = data.flipped if half == "flipped" else data.normal
    if face is None:
        return None
    return {"name": face.name, "type_line": face.type_line, "text": face.text,
            "power": face.power, "toughness": face.toughness}


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"-{-n}"


def _pt_breakdown(obj: dict[str, Any], data: CardData | None, half: str, game: Game | None,
                  handle: GameObject | None, effect_ids: Collection[str]) -> list[str]:
    """Where a creature's power and toughness come from, in words (empty: not a creature):
    its own values, then layer 7 step by step as the model applies it (613.4: what sets them,
    what modifies them, the counters, what switches them), then what they are now.
    ``effect_ids``: the ids a scenario gave its effects (the label of such an effect)."""
    if obj["power"] is None or obj["toughness"] is None:
        return []
    trace: list[tuple[Effect | str, int, int]] = []
    if game is not None and handle is not None:
        rec = game._rec(handle)
        compute(rec.card, rec.status, game.edition, rec.controller, rec.ref,
                game._all_effects(), game._dependent, trace=trace)
    face = (data.flipped if half == "flipped" else data.normal) if data else None
    lines = []
    if face is not None and face.power is not None and face.toughness is not None:
        lines.append(f"Printed on {face.name}: {face.power}/{face.toughness}")
    elif data is None and trace and trace[0][1:] != (0, 0):
        # A token's values are set by what made it (111.3), and copied as printed ones are.
        lines.append(f"Made as a {trace[0][1]}/{trace[0][2]} by what created it")
    else:
        lines.append("Printed: no power or toughness (0/0)")
    for step, _, _ in trace[1:]:
        if step == "counters":
            for kind, n in sorted(obj["counters"].items()):
                found = PT_COUNTER.fullmatch(kind)
                if found and n:
                    lines.append(f"{n} {kind} counter{'s' * (n != 1)}: "
                                 f"{_signed(int(found[1]) * n)}/{_signed(int(found[2]) * n)}")
        elif isinstance(step, Effect):
            # As the log names it ("Effect 'e1' … starts to apply"), or by its card.
            name = f"Effect {step.label!r}" if step.label in effect_ids else step.label
            does = {"set_pt": f"base power and toughness {step.power}/{step.toughness}",
                    "switch_pt": "power and toughness switched"}
            lines.append(f"{name}: " + does.get(
                step.kind, f"{_signed(step.power)}/{_signed(step.toughness)}"))
    lines.append(f"Now: {obj['power']}/{obj['toughness']}")
    return lines


def _activatable(game: Game, obj: GameObject) -> list[dict[str, Any]]:
    """The activated abilities a permanent has now, as the activate step finds them (in the
    order it takes one when the step names none): ``how`` is ``"own"``, ``"granted"`` (by
    another permanent) or ``"kept"`` (by a copy); ``half``: the half whose ability it is, which
    the step's ``ability`` names for one that is not its own; ``text``: its mana cost and what
    it does, in the edition's words; ``takes``: the activate step's fields it takes (a target,
    the land it puts down…), any other being refused; ``needs``: those of them it cannot do
    without (its target, a creature sacrificed to pay its cost)."""
    listed: list[dict[str, Any]] = []
    for how, half, ability in game._actions._activatable(game._rec(obj)):
        text = game._actions._ability_words(ability)
        listed.append({"how": how, "half": half,
                       "text": f"{ability.mana}: {text}" if ability.mana else text,
                       "takes": list(ability.takes), "needs": list(ability.needs)})
    return listed


def _board(out: dict[str, Any], log_from: int = 0, played: _Played | None = None
           ) -> dict[str, Any]:
    """What the page draws of the output document ``out``; ``played``: the run it comes
    from, for what the output does not say (each permanent's activated abilities, the turns
    the steps began)."""
    log_from = min(log_from, len(out["entries"]))
    edition = out["rules"]
    game = played.run.game if played is not None else None
    handles: dict[str, GameObject] = played.run.objects if played is not None else {}
    objects = {}
    for oid, obj in out["objects"].items():
        data, half = _frame(obj["name"])
        objects[oid] = {
            **obj,
            "half": half,
            "card": data.full_name if data else None,
            "top": _face_json(data, "normal") if data else None,
            "bottom": _face_json(data, "flipped") if data else None,
            "flip_condition": (data.flip_condition or None) if data else None,
            "pt_breakdown": _pt_breakdown(obj, data, half, game, handles.get(oid),
                                          played.run.effects if played is not None else ()),
            # As its text spells them out ("Protection from red", "Bushido 2"): the output's
            # keywords name a printed keyword's family only.
            "keywords_spelt": [printed_keyword(obj["name"], k) for k in obj["keywords"]],
            # Whether it has a "may" ability its controller could decline (a step's decline).
            "may": cards.record(obj["name"]).may if obj["zone"] == "battlefield" else False,
            "activatable": _activatable(game, handles[oid])
            if game is not None and oid in handles else [],
            # Whether "tap for mana" is one of its actions: a land or a mana source, untapped.
            "taps_for_mana": game is not None and oid in handles and obj["zone"] == "battlefield"
            and not obj["tapped"]
            and game._actions._mana_symbol(game._rec(handles[oid])) is not None,
        }
    players = list(out["players"])
    board = {
        "rules": edition,
        "turn": out["turn"],
        "step": out["step"],
        "active_player": out["active_player"],
        "players": [{"name": p, "life": out["players"][p]["life"],
                     "lost": out["players"][p]["lost"],
                     "mana_pool": out["players"][p]["mana_pool"],
                     "hand": [oid for oid, o in out["objects"].items()
                              if o["zone"] == "hand" and o["owner"] == p]}
                    for p in players],
        "over": out["over"],
        "objects": objects,
        "results": out["results"],
        "log_from": log_from,
        "log": [(_log_entry_today if edition == "current" else _log_entry)(entry)
                for entry in out["entries"][log_from:]],
        "failures": out["failures"],
        "turns": played.notes.turns if played is not None else [],
        "countered": played.notes.countered if played is not None else [],
        "renamed": played.notes.renamed if played is not None else [],
    }
    if "stack" in out:
        board["stack"] = out["stack"]
    return board


def _legend_choices(before: dict[str, Any], after: dict[str, Any],
                    new: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Today's legend rule applied after the last step with no choice given: which
    same-named legends its controller chose from (the model kept the newest)."""
    found: list[dict[str, Any]] = []
    for entry in new:
        if entry["kind"] != "legend_rule" or not entry.get("default"):
            continue
        player, name = entry["player"], entry["name"]
        # The legends the rule weighed, whoever controlled each before the step (one may
        # have come under the player's control in it, and been the one put away).
        options = list(dict.fromkeys(oid for oid in entry["about"] if oid in after["objects"]))
        kept = [oid for oid in options if after["objects"][oid]["zone"] == "battlefield"]
        if len(options) >= 2 and not any(c["name"] == name and c["player"] == player
                                         for c in found):
            found.append({"kind": "keep", "player": player, "name": name, "options": options,
                          "kept": kept[0] if kept else None,
                          "can_keep": [oid for oid in options if oid in before["objects"]]})
    return found


def _may_choices(last: dict[str, Any], before: dict[str, Any], after: dict[str, Any],
                 new: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The "may" abilities its controller could decline with the last step's ``decline``:
    those that triggered and resolved in it, and those that waited on the stack as it began
    and resolved in it (608.2d: the choice is made as the ability resolves)."""
    declined = set(last.get("decline", []))
    found: list[dict[str, Any]] = []
    seen: set[str] = set()

    def offer(oid: str, trigger: str, player: str | None = None) -> None:
        """``player``: the ability's controller, who chooses (603.3a: who controlled its
        source as it triggered, though another controls the source now)."""
        obj = before["objects"].get(oid)
        if obj is None or oid in declined or oid in seen or obj["zone"] != "battlefield":
            return
        seen.add(oid)
        found.append({"kind": "may", "player": player or obj["controller"], "object": oid,
                      "name": obj["name"], "trigger": trigger})

    still = {(item["source"], item["text"]) for item in after.get("stack", [])}
    waiting = {source for source, _ in still}
    for entry in new:
        # One still waiting on the stack is chosen by the step that resolves it.
        if (entry["kind"] == "trigger" and entry.get("may") and entry["about"]
                and entry["about"][0] not in waiting):
            offer(entry["about"][0], entry["text"])
    for item in before.get("stack", []):
        if item.get("may") and (item["source"], item["text"]) not in still:
            offer(item["source"], f"{possessive(item['name'])} ability waits on the stack: "
                                  f"{item['text']}.", item.get("controller"))
    return found


def _choices(last: dict[str, Any], before: dict[str, Any], out: dict[str, Any]
             ) -> list[dict[str, Any]]:
    new = out["entries"][len(before["entries"]):]
    found: list[dict[str, Any]] = []
    if out["rules"] == "current" and "keep" not in last:
        found += _legend_choices(before, out, new)
    verb = next((v for v in VERB_DESCRIPTIONS if v.name in last), None)
    if verb is not None and any(f.name == "decline" for f in verb.fields):
        found += _may_choices(last, before, out, new)
    return found


_EDITION_WORDS = {"2004": "the rules of 2004", "current": "today's rules"}


def _place(obj: dict[str, Any], named: str) -> str:
    """Where ``obj`` is, and as what if it is not ``named`` there."""
    if obj["zone"] == "battlefield":
        return "on the battlefield" + (f" as {obj['name']}" if obj["name"] != named else "")
    return f"in the {obj['zone']}" if obj["zone"] else "gone"


def _differences(out: dict[str, Any], other: dict[str, Any]) -> list[str]:
    """What the same situation shows under the other edition, in words (both runs' output)."""
    theirs = _EDITION_WORDS[other["rules"]]
    found = []
    for oid, obj in out["objects"].items():
        alt = other["objects"].get(oid)
        if alt is None:
            continue
        # Named as the board names it here: the card's name, then its id.
        if (obj["zone"], obj["name"]) != (alt["zone"], alt["name"]):
            found.append(f"{obj['name']} ({oid}): {_place(alt, obj['name'])} under {theirs} "
                         f"({_place(obj, obj['name'])} here).")
        elif (obj["power"], obj["toughness"]) != (alt["power"], alt["toughness"]):
            found.append(f"{obj['name']} ({oid}): {alt['power']}/{alt['toughness']} under "
                         f"{theirs} ({obj['power']}/{obj['toughness']} here).")
        # (Counters: 704.5q removes +1/+1 and -1/-1 pairs only today. Damage: in 2004 combat
        # damage waits on the stack before it is dealt.)
        elif obj["counters"] != alt["counters"]:
            found.append(f"{obj['name']} ({oid}): {_counters(alt['counters'])} under {theirs} "
                         f"({_counters(obj['counters'])} here).")
        elif obj["damage"] != alt["damage"]:
            found.append(f"{obj['name']} ({oid}): {alt['damage']} damage marked under {theirs} "
                         f"({obj['damage']} here).")
    for player, facts in out["players"].items():
        alt = other["players"][player]
        alt_life = alt["life"]
        if facts["life"] != alt_life:
            found.append(f"{player}: {alt_life} life under {theirs} ({facts['life']} here).")
        # (The pool: in 2004 it empties only as a phase ends, with mana burn.)
        if _pool(facts.get("mana_pool")) != _pool(alt.get("mana_pool")):
            found.append(f"{player}: {_pool_words(alt.get('mana_pool'))} under {theirs} "
                         f"({_pool_words(facts.get('mana_pool'))} here).")
        if bool(facts.get("lost")) != bool(alt.get("lost")):
            found.append(f"{player}: "
                         + (f"has lost ({alt['lost']}) under {theirs} (still in the game here)."
                            if alt.get("lost") else
                            f"still in the game under {theirs} (has lost here: {facts['lost']})."))
    here, there = out["stack"], other["stack"]
    # Compared by what each object is (its words differ between the editions anyway).
    if [(i["source"], i["kind"]) for i in here] != [(i["source"], i["kind"]) for i in there]:
        found.append(f"The stack: {_stack_words(there)} under {theirs} ({_stack_words(here)} "
                     "here).")
    return found


def _counters(counters: dict[str, int]) -> str:
    """``{"+1/+1": 2, "ki": 1}`` in words: "counters 2 \u00d7 +1/+1, 1 \u00d7 ki" (or "no
    counters"), as the board's badges say them."""
    if not counters:
        return "no counters"
    return "counters " + ", ".join(f"{n} \u00d7 {kind}" for kind, n in sorted(counters.items()))


def _pool(pool: dict[str, int] | None) -> dict[str, int]:
    """A mana pool without its empty symbols."""
    return {symbol: n for symbol, n in (pool or {}).items() if n}


def _pool_words(pool: dict[str, int] | None) -> str:
    """``{"R": 2}`` in words: "{R}{R} in the mana pool" (or "an empty mana pool")."""
    mana = _show_pool(pool or {})
    return f"{mana} in the mana pool" if mana else "an empty mana pool"


def _stack_words(stack: list[dict[str, Any]]) -> str:
    """What waits on a stack, in words, top first: "empty", or each object's text."""
    return "; ".join(item["text"] for item in stack) if stack else "empty"


def playground_json(text: str, choices: bool = False, compare: bool = False) -> str:
    """Run the playground's scenario (JSON text) and return the board it draws, as JSON text.

    With ``compare``, ``other_rules`` says what differs when the same steps run under the
    other edition: ``{"rules", "differences": [sentences]}`` (or ``"error"``).

    With ``choices``, the board also lists the choices the rules asked of a player in the last
    step: ``{"kind": "keep", "player", "name", "options", "kept", "can_keep"}`` (today's legend
    rule; ``can_keep``: the options a ``keep`` field can name) and ``{"kind": "may", "player",
    "object", "name", "trigger"}`` (a "may" ability the ``decline`` field could decline).
    A bad scenario gives ``{"error", "path", "step", "suggestions"}`` (``step``: the index of
    the bad step, or null when the problem is outside the steps; ``suggestions``: the names a
    misspelt one at ``path`` may have meant, best first, which the message offers too).

    Examples:
        >>> board = json.loads(playground_json(
        ...     '{"rules": "current", "steps": ['
        ...     ' {"put": "Bushi Tenderfoot", "as": "a", "flipped": true},'
        ...     ' {"put": "Bushi Tenderfoot", "as": "b", "flipped": true}]}', choices=True))
        >>> board["choices"][0]["options"], board["choices"][0]["kept"]
        (['a', 'b'], 'b')
        >>> json.loads(playground_json('{"rules": "2004", "steps": [{"flip": "x"}]}'))["step"]
        0
    """
    try:
        return json.dumps(_playground(parse_json(text), choices, compare), ensure_ascii=False)
    except FlipCardsError as e:
        return json.dumps(_error(e), ensure_ascii=False)


def _playground(doc: Any, choices: bool, compare: bool, log_from: int = 0) -> dict[str, Any]:
    """What :func:`playground_json` returns, as an object (it raises for a bad scenario).
    ``log_from``: how many of the log's first entries the page already has (they are left out).
    """
    if isinstance(doc, dict) and isinstance(doc.get("steps"), list) \
            and len(doc["steps"]) > MAX_STEPS:
        raise ScenarioError("steps", f"the playground runs at most {MAX_STEPS:,} steps; "
                                     f"this situation has {len(doc['steps']):,}")
    before, out = _played(doc, "board")
    board = _board(out, log_from, _PLAYED["board"])
    board["played"] = _PLAYED["board"].token
    if choices and doc["steps"]:
        board["choices"] = _choices(doc["steps"][-1], before, out)
    elif choices:
        board["choices"] = []
    if compare:
        other = next(e for e in EDITIONS if e != out["rules"])
        try:
            _, theirs = _played({**doc, "rules": other}, "other rules")
            board["other_rules"] = {"rules": other,
                                    "differences": _differences(out, theirs)}
        except FlipCardsError as e:  # a step the other edition cannot take
            board["other_rules"] = {"rules": other, "error": str(e)}
    return board


def model_json(text: str) -> str:
    """The playground's one entry point: a request as JSON text, the reply as JSON text.

    The page and the model speak in data: a request is ``{"op": "playground", "scenario":
    {...}, "choices": bool, "compare": bool}`` (the board, as :func:`playground_json`),
    ``{"op": "python", "scenario": {...}}`` (Show as Python, as :func:`python_json`) or
    ``{"op": "verbs"}`` (:func:`verbs_json`), or ``{"op": "check_text", "text": "..."}``: the
    text of a scenario file read as the command line reads it, ``{}`` when it is JSON with no
    key given twice in one object (so that an imported file is told where it is wrong). A bad
    scenario, text or request gives ``{"error", "path", "step", "suggestions"}``. The model
    keeps the game of the last situation between requests, so one more step costs one step.

    A board names its situation (``"played"``). To add a step to it, the page sends
    ``{"op": "playground", "after": played, "step": {...}, ...}`` instead of the whole
    scenario; the reply's ``log`` then holds only the entries after the ``log_from`` the page
    already has. When the model no longer has that situation (another was played since, or
    Python started again), the reply is ``{"stale": true}`` and the page sends it whole.

    Examples:
        >>> reply = json.loads(model_json('{"op": "playground", "scenario": {"rules": "2004",'
        ...                               ' "steps": [{"put": "Akki Lavarunner", "as": "a"}]}}'))
        >>> reply["objects"]["a"]["name"]
        'Akki Lavarunner'
        >>> added = json.loads(model_json(json.dumps(
        ...     {"op": "playground", "after": reply["played"], "step": {"tap": "a"}})))
        >>> added["objects"]["a"]["tapped"], added["log_from"], [e["text"] for e in added["log"]]
        (True, 1, ['Alice taps Akki Lavarunner.'])
        >>> json.loads(model_json(json.dumps(
        ...     {"op": "playground", "after": reply["played"], "step": {"untap": "a"}})))
        {'stale': True}
        >>> json.loads(model_json(json.dumps({"op": "check_text", "text": '{"steps": [}'})))
        ... # doctest: +NORMALIZE_WHITESPACE
        {'error': 'not valid JSON: Expecting value at line 1 column 12', 'path': '', 'step': None,
         'suggestions': []}
        >>> json.loads(model_json('{"op": "shuffle"}'))["error"]
        'op: no request "shuffle"; expected one of "playground", "python", "verbs", "check_text"'
    """
    try:
        request = parse_json(text)
        if not isinstance(request, dict):
            raise ScenarioError("", "a request is a JSON object with an \"op\"")
        op = request.get("op")
        if op == "verbs":
            return verbs_json()
        if op == "python":
            return python_json(json.dumps(request.get("scenario"), ensure_ascii=False))
        if op == "check_text":
            file_text = request.get("text")
            if not isinstance(file_text, str):
                raise ScenarioError("text", "expected the text of a scenario file")
            parse_json(file_text)
            return "{}"
        if op == "playground":
            doc, log_from = request.get("scenario"), 0
            if "after" in request:
                added = _added(request)
                if added is None:
                    return json.dumps({"stale": True})
                doc, log_from = added
            return json.dumps(_playground(doc, request.get("choices") is True,
                                          request.get("compare") is True, log_from),
                              ensure_ascii=False)
        raise ScenarioError("op", f"no request {json.dumps(op)}; expected one of "
                                  '"playground", "python", "verbs", "check_text"')
    except FlipCardsError as e:
        return json.dumps(_error(e), ensure_ascii=False)


class _Played:
    """A situation the playground played last: its set-up (as the JSON text it is known by,
    and parsed, so that adding a step does not parse it again), its steps, the run (the game
    as the last step left it), the output documents before and after the last step, and the
    notes on what its steps did that the output does not say (``_StepNotes``)."""

    def __init__(self, setup: str, setup_doc: dict[str, Any], steps: list[Any], run: Any,
                 before: dict[str, Any], after: dict[str, Any], notes: _StepNotes) -> None:
        self.setup, self.setup_doc, self.steps, self.run = setup, setup_doc, steps, run
        self.before, self.after, self.notes = before, after, notes
        self.token = next(_TOKENS)   # the page names this situation by it to add a step


@dataclass
class _StepNotes:
    """What steps did that the output does not say, for the page's words of each step: the
    turns they began, ``{"step": index, "turn", "player"}`` (the active player of the turn, as
    the game chose them: a player who has left the game takes no turn), and what each
    ``counter`` step countered, ``{"step": index, "what": "spell" or "ability"}`` (an id names
    a spell on the stack, or the source of an ability there), and the objects a step renamed,
    ``{"step": index, "id", "name"}`` (the name after it: a flip, a copy, a flipped permanent
    gone from play), so that a later step names each as it was then."""

    turns: list[dict[str, Any]] = field(default_factory=list)
    countered: list[dict[str, Any]] = field(default_factory=list)
    renamed: list[dict[str, Any]] = field(default_factory=list)

    def copy(self) -> _StepNotes:
        return _StepNotes(list(self.turns), list(self.countered), list(self.renamed))


_TOKENS = itertools.count(1)


#: The last situation played, by use ("board", "other rules"): a new step is applied to its
#: game, so that a click costs one step however long the situation is.
_PLAYED: dict[str, _Played] = {}


def _added(request: dict[str, Any]) -> tuple[dict[str, Any], int] | None:
    """The situation a request ``{"after": played, "step": ...}`` stands for (the one the
    model played last, named by its ``played``, with one more step) and how many log entries
    the page has of it; None when the model no longer has that situation."""
    last = _PLAYED.get("board")
    if last is None or request["after"] != last.token:
        return None
    if "step" not in request:
        raise ScenarioError("step", "a request that adds to a situation gives the step")
    # A new dict: the kept one is never handed out. What it shares (the players' list) is only
    # read: the game takes its own tuple of the names.
    doc = {**last.setup_doc, "steps": [*last.steps, request["step"]]}
    return doc, len(last.after["entries"])


def _same(steps: list[Any], others: list[Any]) -> bool:
    """The same steps as JSON: Python's ``==`` takes ``1``, ``1.0`` and ``true`` for one
    value, and a step the model would refuse (``"amount": 1.0``) must not pass for one it took.
    A step added to the situation played last is the very object kept, and costs nothing."""
    return steps == others and all(
        a is b or json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
        for a, b in zip(steps, others, strict=True))


def _played(doc: Any, use: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The output documents of ``doc`` before and after its last step (the same when it has
    none). When ``doc`` is the situation played last with one more step, only that step is
    taken; anything else (a step undone, changed, a new situation) is played from the start.
    """
    if not isinstance(doc, dict) or not isinstance(doc.get("steps"), list):
        out = run_scenario(doc)       # refused with the reason
        return out, out
    steps = doc["steps"]
    try:
        setup = json.dumps({k: v for k, v in doc.items() if k != "steps"}, sort_keys=True)
    except RecursionError:
        raise ScenarioError("", "not a usable scenario: it is nested too deeply") from None
    last = _PLAYED.get(use)
    if last is not None and last.setup == setup:
        if _same(last.steps, steps):
            return last.before, last.after
        if len(steps) == len(last.steps) + 1 and _same(steps[:-1], last.steps):
            del _PLAYED[use]          # a refused step leaves a run that must not be reused
            notes = last.notes.copy()
            _take(last.run, len(last.steps), steps[-1], notes)
            after = last.run.output()
            _PLAYED[use] = _Played(setup, last.setup_doc, list(steps), last.run, last.after,
                                   after, notes)
            return last.after, after
    _PLAYED.pop(use, None)
    run = start_scenario({**doc, "steps": []})
    notes = _StepNotes()
    for index, step in enumerate(steps[:-1]):
        _take(run, index, step, notes)
    before = run.output()
    if steps:
        _take(run, len(steps) - 1, steps[-1], notes)
    after = run.output() if steps else before
    _PLAYED[use] = _Played(setup, json.loads(setup), list(steps), run, before, after, notes)
    return before, after


def _take(run: Any, index: int, step: Any, notes: _StepNotes) -> None:
    """Take step ``index`` of a run, and note what it did that the output does not say."""
    turn = run.game.turn
    named = run.objects.get(step.get("counter")) if isinstance(step, dict) \
        and isinstance(step.get("counter"), str) else None
    countered = named is not None and ("spell" if named.zone == "stack" else "ability")
    names = {oid: obj.name for oid, obj in run.objects.items()}
    run.take(step)
    notes.renamed.extend({"step": index, "id": oid, "name": obj.name}
                         for oid, obj in run.objects.items()
                         if oid in names and obj.name != names[oid])
    if run.game.turn != turn:
        notes.turns.append({"step": index, "turn": run.game.turn,
                            "player": run.game.active_player})
    if countered:
        notes.countered.append({"step": index, "what": countered})


def python_json(text: str) -> str:
    """The scenario (JSON text) as Python code: ``{"code": ...}``, or ``{"error", ...}``.

    Examples:
        >>> print(json.loads(python_json('{"rules": "2004", "steps": [{"put": "Kenzo the '
        ...                              'Hardhearted", "as": "kenzo"}]}'))["code"])
        from flipcards import Game
        <BLANKLINE>
        game = Game("2004")
        kenzo = game.put("Kenzo the Hardhearted")
        print(game)
    """
    try:
        doc = parse_json(text)
        run_scenario(doc)
        return json.dumps({"code": scenario_python(doc)}, ensure_ascii=False)
    except FlipCardsError as e:
        return json.dumps(_error(e), ensure_ascii=False)
