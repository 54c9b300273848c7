"""Scenario format v1: a JSON game situation as a list of steps (the README shows one).

:func:`run_scenario` validates and runs a parsed document and returns the output document.
Every error is a :class:`ScenarioError` naming the JSON path of the bad part, e.g.
``steps[2].flip: no object "akky"; did you mean "akki"?``.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ._cards import card, printed_keyword, series, token
from ._characteristics import Characteristics
from ._effects import COLORS, EFFECT_KINDS, Effect, Filter
from ._errors import (
    FlipCardsError,
    IllegalActionError,
    ScenarioError,
    UnknownCardError,
    UnknownNameError,
    UnusedChoiceError,
    closest,
    said_at,
)
from ._game import COSTS, EDITIONS, ZONES, Game, GameObject
from ._memo import by_identity
from ._objects import LIMIT, LogEntry
from ._state import LOSS_REASONS, MANA_SYMBOLS

__all__ = ["OBJECT_FIELDS", "STEP_OPTIONS", "VERBS", "parse_json", "run_scenario", "serialise",
           "serialise_entry", "start_scenario"]

_FILTER_KEYS = ("supertypes", "types", "subtypes", "name", "controller", "colors")

#: What no text of a scenario may hold: control characters, and the controls that reorder the
#: text around them (embeddings, overrides, isolates). A name or an id holding one would make
#: the log and the board read otherwise than the game is (a link's names are its author's).
_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
#: The most combining marks one character of a text may carry (a language needs a few; a
#: pile of thousands is drawn as a column of ink across the page).
MAX_MARKS = 8
#: The most players a scenario may seat: far more than any table (a link with thousands took
#: the playground seconds to draw, before the reader did anything).
MAX_PLAYERS = 32
#: The longest player name (characters): the board draws it in its headings and on each line.
MAX_PLAYER_NAME = 40
#: The longest id (characters): an id is a short handle, drawn in each card's title on the
#: board (a link's sentence there read as the site's own words).
MAX_ID = 40
#: The most steps a scenario's refused steps may have played again in all: each is checked
#: by playing the steps the rules allowed before it again, so a short link of many refused
#: steps after many others would cost their product.
MAX_REPLAYED = 2_000

# verb -> the other keys its step may carry ("keep" and "hold" are allowed on every step).
# A field may have the name of another verb (activate's "discard"): the step's verb is the one
# whose fields account for every other key of the step (see _verb_of).
VERBS: dict[str, tuple[str, ...]] = {
    "put": ("as", "zone", "owner", "controller", "flipped", "attached_to", "copying"),
    "flip": (),
    "move": ("to", "flipped", "controller", "copying", "attached_to"),
    "counters": ("kind", "add", "remove"),
    "damage": ("amount",),
    "tap": (),
    "untap": (),
    "effect": ("kind", "affects", "power", "toughness", "keyword", "supertypes", "types",
               "subtypes", "colors", "until_end_of_turn"),
    "end_effect": (),
    "attach": ("to",),
    "copy": ("as", "controller"),
    "become_copy": ("of", "until_end_of_turn"),
    "search": ("player", "for", "as"),
    "name_card": ("as",),
    "expect": (),
    # Events of the heroic conditions (an extension of v1: new verbs only).
    "cast": ("player", "as", "decline", "target", "naming", "copying", "choose"),
    "play_land": ("player", "as"),
    "deal_damage": ("to", "amount"),
    "gain_life": ("amount",),
    "lose_life": ("amount",),
    "draw": ("count",),
    "discard": (),
    "create_token": ("controller", "as"),
    "reveal_hand": (),
    "concede": (),
    "gain_control": ("player", "until_end_of_turn"),
    # Keyword actions (rule 701): destroy a permanent, sacrifice it, counter what is on the
    # stack.
    "destroy": (),
    "sacrifice": ("player",),
    "counter": ("targeting",),
    "activate": ("target", "land", "discard", "to", "sacrifice", "tap", "pays", "ability",
                 "player", "as"),
    "end_step": ("decline", "as"),
    "next_turn": ("sacrifice", "discard", "decline", "draw_step", "as"),
    # The stack (rule 405): resolve the top object or all of it; order one player's triggers.
    "resolve": ("decline", "copying", "choose", "as"),
    "order_triggers": (),
    # Combat (rules 506-511): declare attackers and blockers, combat damage, end of combat.
    "attack": ("defender",),
    "block": ("attacker",),
    "combat_damage": ("assign",),
    "end_combat": (),
    # Mana (rule 106): add mana to a pool, tap a land for mana.
    "add_mana": ("mana",),
    "tap_for_mana": (),
}
#: Verbs whose ``"as"`` names the objects that what the step sets off makes (tokens, copies):
#: for the others ``"as"`` names the step's own card, token, effect or result.
_MAKES_OBJECTS = frozenset({"activate", "resolve", "next_turn", "end_step"})

#: The longest value an error message repeats whole (a longer one is cut, with "…").
_SHOWN = 100

#: Verbs whose value is only ``true``: the step needs nothing but its verb.
FLAG_VERBS = frozenset({"end_step", "next_turn", "combat_damage", "end_combat"})

#: Keys every step may carry besides its verb's fields: the legend rule's choice, holding
#: priority (the step's triggered abilities wait on the stack), and the expectation that the
#: rules refuse the step (a judge's "you can't do that").
STEP_OPTIONS = ("keep", "hold", "refused")

#: Top-level keys: "costs" (an extension of v1) is "assumed" (the default: mana costs are taken
#: as paid) or "paid" (they are paid from the mana pool).
_TOP_LEVEL = ("rules", "players", "steps", "costs")

OBJECT_FIELDS = (
    "zone", "owner", "controller", "name", "mana_cost", "mana_value", "colors", "supertypes",
    "types", "subtypes", "power", "toughness", "flipped", "counters", "damage", "keywords",
    "tapped", "token", "attached_to", "attacking", "blocking", "blocked_by", "shielded",
    "summoning_sick",
)

#: A player's fields in the output and in an ``expect`` step: their life total, mana pool,
#: why they lost (or null), and how many cards are in each of their zones.
PLAYER_FIELDS = ("life", "mana_pool", "lost", "hand", "library", "graveyard", "exile")


def parse_json(text: str) -> Any:
    """Parse scenario text; any problem is a :class:`ScenarioError` saying where. A byte
    order mark that some editors write before the text is not part of it."""
    import json

    text = text.removeprefix("\ufeff")
    try:
        return json.loads(text, object_pairs_hook=_once_each, parse_constant=_no_constant,
                          parse_float=_finite)
    except _Unusable as e:
        # The reader says not where it found the word: its first place outside a string.
        raise ScenarioError("", f"{e.why}, at {_place(text, e.word)}") from None
    except ScenarioError:
        raise
    except json.JSONDecodeError as e:
        raise ScenarioError("", f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}"
                            ) from None
    except RecursionError:
        raise ScenarioError("", "not a usable scenario: the JSON is nested too deeply") from None
    except ValueError as e:  # e.g. a number literal with thousands of digits
        import sys

        limit = sys.get_int_max_str_digits()
        why = (f"a number in it has more than {limit} digits" if "digits" in str(e) else str(e))
        raise ScenarioError("", f"not a usable scenario: {why}") from None


class _Unusable(Exception):
    """A word of the text the JSON reader took whole and the scenario cannot: its ``why``."""

    def __init__(self, word: str, why: str) -> None:
        super().__init__(why)
        self.word, self.why = word, why


def _no_constant(word: str) -> Any:
    """``NaN``, ``Infinity`` and ``-Infinity``, which Python's reader takes and JSON has not."""
    raise _Unusable(word, f"not valid JSON: {word} is not a JSON number")


def _finite(word: str) -> float:
    """A number with a fraction or an exponent; one too large for a float (``1e400``) would be
    infinity, a value nobody wrote."""
    value = float(word)
    if math.isinf(value):
        shown = word if len(word) <= 40 else f"{word[:30]}… ({len(word)} characters)"
        raise _Unusable(word, f"not a usable scenario: the number {shown} is too large")
    return value


def _place(text: str, word: str) -> str:
    """ "line L column C" of the first ``word`` of ``text`` that is not inside a string."""
    inside = escaped = False
    for at, char in enumerate(text):
        if inside:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                inside = False
        elif char == '"':
            inside = True
        elif text.startswith(word, at) and not (text[at - 1:at].isalnum()
                                                or text[at - 1:at] in (".", "+", "-")):
            line = text.count("\n", 0, at) + 1
            return f"line {line} column {at - (text.rfind(chr(10), 0, at) + 1) + 1}"
    return "an unknown place"


def _once_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different: a key given twice (the second would
    silently win) is refused, naming it and the object's first key."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            first, value_ = pairs[0]
            raise ScenarioError("", f"not a usable scenario: the key {_quote(key)} is given "
                                    f"twice in one object ({{{_quote(first)}: "
                                    f"{_show(value_)}, …}}); give it once")
        found[key] = value
    return found


def _quote(name: str) -> str:
    shown = name if len(name) <= _SHOWN else f"{name[:_SHOWN - 1]}…"
    return '"' + shown.replace('"', '\\"') + '"'


#: For each step (by index): ids it gave to objects, each with where the object is in what
#: the step made or found.
Named = dict[int, list[tuple[str, int]]]


class _Run:
    """The state of one scenario run: the game and the scenario's own ids."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.objects: dict[str, GameObject] = {}
        self.effects: dict[str, Effect] = {}
        self.results: dict[str, Any] = {}
        self.failures: list[str] = []
        # For each step that made objects, their ids and where each is in ``game.created``.
        self.made: Named = {}
        # For each search or naming that gave ids to objects it found, each id and where the
        # object is in what it found.
        self.found: Named = {}
        self.taken = 0            # how many steps have been taken
        # The log's entries as the output shows them, kept from one output to the next (an
        # entry never changes once said, and an object's id never changes once given).
        self.entries: list[dict[str, Any]] = []
        # The document's top level (rules, players, costs) and the steps taken that the rules
        # allowed, by their place: what the state is played again from when a step the
        # scenario expects to be refused is refused (it may have begun to change the state).
        self.top: dict[str, Any] = {}
        # (A refused step is kept as its log line: the state played again says it again.)
        self.done: list[tuple[int, dict[str, Any] | str]] = []
        # The new ids given so far, by the mapping they are ids in and as a page draws them
        # (new_id): two ids that look the same are refused.
        self.shown: dict[int, dict[str, str]] = {}
        # How many steps refused steps have had played again so far (MAX_REPLAYED).
        self.replayed = 0
        # How many lines the log had at the last expect step ("not_in_log" looks after them).
        self.log_checked = 0
        # The ids that steps refused as expected were to give, and the place of each step.
        self.never_made: dict[str, int] = {}

    def take(self, step: Any) -> None:
        """Take the next step (:class:`ScenarioError` if it is invalid or refused, unless
        it says ``"refused": true``)."""
        index = self.taken
        try:
            if isinstance(step, dict) and step.get("refused", False) is not False:
                self._take_refused(index, step)
            else:
                _run_step(self, index, step)
                self.done.append((index, step))
        except RecursionError:
            raise ScenarioError(f"steps[{index}]", "nested too deeply") from None
        except ScenarioError as e:
            # What failed before this step may be why it cannot be taken (a step expected to
            # be refused was allowed, and changed the game).
            e.earlier = list(self.failures)
            raise
        self.taken += 1

    def _take_refused(self, index: int, step: dict[str, Any]) -> None:
        """A step the scenario expects the rules to refuse: refused, the state is as it was
        before it and the log says why; allowed, it is done and the expectation fails."""
        path = f"steps[{index}]"
        if step["refused"] is not True:
            raise ScenarioError(f"{path}.refused", "expected true (the rules are expected to "
                                f"refuse the step) or false, got {_show(step['refused'])}")
        plain = {key: value for key, value in step.items() if key != "refused"}
        verb = _verb_of(plain, path)
        if verb in _LOOKS:
            raise ScenarioError(f"{path}.refused", "only a step that does something can be "
                                "refused by the rules; this one only looks")
        # (Whether a cast's timing could be why it was expected to be refused: not an instant's.)
        timed = verb == "cast" and not self._names_an_instant(plain["cast"])
        try:
            _run_step(self, index, plain)
        except _Refused as refused:
            self.replayed += sum(isinstance(step, dict) for _, step in self.done)
            if self.replayed > MAX_REPLAYED:
                raise ScenarioError(f"{path}.refused", "each step expected to be refused is "
                                    "checked by playing again the steps before it, and with "
                                    f"this one that would be {self.replayed:,} steps played "
                                    f"again in all, more than the {MAX_REPLAYED:,} a scenario "
                                    "may have: write fewer refused steps, or fewer steps "
                                    "before them") from None
            self._play_again()
            why = refused.detail.rstrip(".")
            said = f"Step {index + 1} is refused, as the scenario expects: {why}."
            self.game._say(said, kind="refused")
            self.done.append((index, said))
            if isinstance(plain.get("as"), str):
                self.never_made[plain["as"]] = index
            return
        self.done.append((index, plain))
        # The default takes costs as paid, and with them a spell's timing (307.1): a judge's
        # "a sorcery, now?" is allowed then. (An instant may be cast at any time: not that.)
        timing = ' (with "costs": "assumed", the default, when a spell may be cast is not '\
            'checked; it is with "costs": "paid")' if timed and \
            self.game.costs != "paid" else ""
        self.failures.append(f"{path}.refused: the step was expected to be refused, but the "
                             f"rules allowed it{timing}")

    def _names_an_instant(self, what: Any) -> bool:
        """Whether ``what``, a cast step's card (an id or a card's name), is an instant."""
        try:
            name = self.objects[what].name if isinstance(what, str) and what in self.objects \
                else what
            return isinstance(name, str) and "Instant" in card(name).normal.types
        except FlipCardsError:
            return False

    def _play_again(self) -> None:
        """The state as the steps the rules allowed left it, played again from the start."""
        fresh = _start({**self.top, "steps": []})
        for index, step in self.done:
            if isinstance(step, str):
                fresh.game._say(step, kind="refused")
            else:
                _run_step(fresh, index, step)
        self.game, self.objects, self.effects = fresh.game, fresh.objects, fresh.effects
        self.results, self.made, self.found = fresh.results, fresh.made, fresh.found
        self.shown, self.log_checked = fresh.shown, fresh.log_checked

    def output(self) -> dict[str, Any]:
        """The output document of the steps taken so far (see :func:`run_scenario`)."""
        return _output(self)

    # --- reading fields ---------------------------------------------------------------
    def obj(self, value: Any, path: str) -> GameObject:
        if not isinstance(value, str):
            raise ScenarioError(path, f"expected an object id (a string), got {_show(value)}")
        if value not in self.objects:
            hint = closest(value, self.objects)
            message = f"no object {_quote(value)}"
            if value in self.never_made:
                raise ScenarioError(path, f"{message}: steps[{self.never_made[value]}] was to "
                                          "make it, and the rules refused that step, as the "
                                          "scenario expects")
            if hint:
                message += (f"; did you mean {' or '.join(_quote(h) for h in hint)}?"
                            + _told_apart(value, hint[0]))
            elif not self.objects:
                message += "; no object has been given an id yet (use \"as\" on a put step)"
            raise ScenarioError(path, message, hint)
        return self.objects[value]

    def new_id(self, value: Any, path: str, taken: Mapping[str, object]) -> str:
        if not isinstance(value, str) or not value:
            raise ScenarioError(path, f"expected a new id (a non-empty string), got {_show(value)}")
        if len(value) > MAX_ID:
            raise ScenarioError(path, f"an id has at most {MAX_ID} characters; this one has "
                                      f'{len(value):,}: "{_escaped(value, invisible=True)}"')
        if value in taken:
            raise ScenarioError(path, f"the id {_quote(value)} is already used by an earlier step")
        if taken is self.objects and value in ("results", "players", "stack"):
            raise ScenarioError(path, f"{_quote(value)} is a reserved word in expect steps; "
                                      "choose another id")
        look = _looks(value)
        if not look:
            # (As a player's name: it would be drawn as "Grizzly Bears ()".)
            raise ScenarioError(path, "an id must show something, got "
                                      f'"{_escaped(value, invisible=True)}"')
        player = next((p for p in self.game.players if p == value or _looks(p) == look), None)
        if taken is self.objects and player is not None:
            said = f"{_quote(value)} is a player's name" if player == value else (
                f'the id "{_escaped(value, invisible=True)}" looks the same as the player '
                f'"{_escaped(player, invisible=True)}" on the page{_look_alike(value + player)}')
            raise ScenarioError(path, f"{said}: an object named so could not be told from the "
                                      "player; choose another id")
        shown = self.shown.setdefault(id(taken), {})
        twin = shown.get(look)
        if twin is not None and twin in taken:
            raise ScenarioError(path, f'the id "{_escaped(value, invisible=True)}" looks the '
                                f'same as "{_escaped(twin, invisible=True)}" on the page'
                                f"{_look_alike(value + twin)}: ids must look different")
        shown[look] = value
        return value

    def name_made(self, index: int, step: dict[str, Any], path: str,
                  created: tuple[GameObject, ...], skip: int) -> None:
        """Ids for the objects a step made (``created``, but the first ``skip``: the step's
        own card or token) that the scenario has not named: those its ``"as"`` lists (an
        id, or a list of ids, in the order they were made), then ids after their names
        (``"elemental-1"``), as the output lists them."""
        named = set(self.objects.values())
        made = [obj for obj in created[skip:] if obj not in named]
        before = set(self.objects)
        given = step.get("as") if _MAKES_OBJECTS.intersection(step) else None
        if given is not None:
            ids = [given] if isinstance(given, str) else given
            if not isinstance(ids, list) or not ids:
                raise ScenarioError(f"{path}.as", f"expected an id or a list of ids, got "
                                                  f"{_show(given)}")
            if len(ids) > len(made):
                what = f" ({series(o.name for o in made)})" if made else ""
                held = ("; what waits on the stack makes its objects as it resolves: name "
                        "them on the resolve step") if step.get("hold") is True else ""
                raise ScenarioError(f"{path}.as", f"names {len(ids)} object"
                                    f"{'s' * (len(ids) != 1)}, but the step made "
                                    f"{len(made) or 'no'} new one{'s' * (len(made) != 1)}"
                                    f"{what}{held}")
            for i, (oid, obj) in enumerate(zip(ids, made, strict=False)):
                where = f"{path}.as" if isinstance(given, str) else f"{path}.as[{i}]"
                self.objects[self.new_id(oid, where, self.objects)] = obj
            made = made[len(ids):]
        for obj in made:
            self.id_after_name(obj)
        named_now = [(oid, created.index(obj)) for oid, obj in self.objects.items()
                     if oid not in before]
        if named_now:
            self.made[index] = named_now

    def id_after_name(self, obj: GameObject) -> str:
        """Give ``obj`` the first free id after its name (``"elemental-1"``)."""
        stem = "-".join("".join(c if c.isalnum() else " " for c in obj.name.lower()).split())
        n = 1
        while f"{stem}-{n}" in self.objects or f"{stem}-{n}" in self.game.players:
            n += 1
        self.objects[f"{stem}-{n}"] = obj
        return f"{stem}-{n}"

    def ids_of_found(self, index: int, found: Sequence[GameObject]) -> list[str]:
        """The ids of the objects a search or a naming found, in order: an object without
        one gets an id after its name, so a later step can name it (the step's ``found``)."""
        ids = {obj: oid for oid, obj in self.objects.items()}
        result = []
        for position, obj in enumerate(found):
            if obj not in ids:
                ids[obj] = self.id_after_name(obj)
                self.found.setdefault(index, []).append((ids[obj], position))
            result.append(ids[obj])
        return result

    def optional_id(self, step: dict[str, Any], path: str, taken: Mapping[str, object]
                    ) -> str | None:
        """The new id a step gives with ``"as"``, if it gives one."""
        return self.new_id(step["as"], f"{path}.as", taken) if "as" in step else None

    def optional_obj(self, step: dict[str, Any], key: str, path: str) -> GameObject | None:
        """The object named by ``step[key]``, if the step names one."""
        return self.obj(step[key], f"{path}.{key}") if key in step else None

    def optional_player(self, step: dict[str, Any], key: str, path: str) -> str | None:
        """The player named by ``step[key]``, if the step names one."""
        return self.player(step[key], f"{path}.{key}") if key in step else None

    def player(self, value: Any, path: str) -> str:
        if not isinstance(value, str) or value not in self.game.players:
            raise _misnamed(path, "player", value, self.game.players)
        return value

    def obj_or_player(self, value: Any, path: str) -> GameObject | str:
        if isinstance(value, str) and value in self.game.players and value not in self.objects:
            return value
        if isinstance(value, str) and value not in self.objects:
            known = [*self.objects, *self.game.players]
            raise _misnamed(path, "object id or player", value, known)
        return self.obj(value, path)

    def objs(self, step: dict[str, Any], key: str, path: str) -> list[GameObject]:
        values = _get(step, key, path, list, [])
        return [self.obj(v, f"{path}.{key}[{i}]") for i, v in enumerate(values)]

    def filter(self, value: Any, path: str) -> Filter:
        if not isinstance(value, dict):
            raise ScenarioError(path, f"expected a filter object, got {_show(value)}")
        for key in value:
            if key not in _FILTER_KEYS:
                raise ScenarioError(_at(path, key), _unknown("filter key", key, _FILTER_KEYS))
        if "controller" in value:
            self.player(value["controller"], f"{path}.controller")
        if "name" in value and isinstance(value["name"], str):
            # A name no card or token has can match nothing: a typo, said now rather than
            # found never.
            try:
                card(value["name"])
            except UnknownCardError as e:
                try:
                    token(value["name"])
                except UnknownNameError:
                    raise said_at(f"{path}.name", e) from None
        try:
            return Filter(**value)
        except FlipCardsError as e:
            where = f"{path}.{e.argument}" if e.argument in _FILTER_KEYS else path
            raise said_at(where, e) from None


def _show(value: Any, *, whole: bool = False) -> str:
    """``value`` as JSON, for a message; cut to :data:`_SHOWN` characters unless ``whole``."""
    import json

    try:
        text = json.dumps(value, ensure_ascii=False)
    except RecursionError:
        return "a value nested too deeply to show"
    return text if whole or len(text) <= _SHOWN else f"{text[:_SHOWN - 1]}…"


def _misnamed(path: str, what: str, value: Any, known: Any) -> ScenarioError:
    """The error for a value at ``path`` that names no known ``what``, with what it may have
    meant (for a page to offer)."""
    hint = closest(value, known) if isinstance(value, str) else []
    return ScenarioError(path, _unknown(what, value, known), hint)


def _unknown(what: str, value: Any, known: Any) -> str:
    if not isinstance(value, str):
        return f"expected a {what} (a string), got {_show(value)}"
    hint = closest(value, known)
    message = f"no {what} {_quote(value)}"
    if hint:
        message += f"; did you mean {' or '.join(_quote(h) for h in hint)}?" + _told_apart(
            value, hint[0])
    elif known:
        message += f"; expected one of {', '.join(_quote(k) for k in known)}"
    else:
        message += "; none has been defined yet"
    return message


def _get(step: dict[str, Any], key: str, path: str, kind: type | tuple[type, ...],
         default: Any = ..., what: str = "") -> Any:
    if key not in step:
        if default is ...:
            raise ScenarioError(path, f"missing {_quote(key)}")
        return default
    value = step[key]
    bad_bool = isinstance(value, bool) and kind in (int, (int,))
    if not isinstance(value, kind) or bad_bool:
        raise ScenarioError(f"{path}.{key}", f"expected {what or _kind_name(kind)}, got "
                                             f"{_show(value)}")
    return value


def _count(step: dict[str, Any], key: str, path: str, default: Any = ..., least: int = 0) -> int:
    """The step's ``key``: a whole number from ``least`` to :data:`LIMIT` (a count, an
    amount)."""
    n: int = _get(step, key, path, int, default)
    if not least <= n <= LIMIT:
        raise ScenarioError(f"{path}.{key}", f"expected a whole number from {least} to "
                                             f"{LIMIT:,}, got {n}")
    return n


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {str: "a string", int: "a whole number", bool: "true or false", dict: "an object",
             list: "a list"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


@by_identity(4096)
def _shown(c: Characteristics) -> dict[str, Any]:
    """The fields of an object's characteristics as the output shows them, kept by the
    (immutable) characteristics they were read from: an object whose characteristics did not
    change since the last output shows the same (a long situation's output is mostly unchanged
    objects)."""
    return {"name": c.name, "mana_cost": c.mana_cost, "mana_value": c.mana_value,
            "colors": c.colors, "supertypes": c.supertypes, "types": c.types,
            "subtypes": c.subtypes, "power": c.power, "toughness": c.toughness,
            "keywords": c.keywords}


def serialise(game: Game, obj: GameObject, ids: Mapping[GameObject, str]) -> dict[str, Any]:
    """One object as the output document shows it."""
    host = obj.attached_to
    c = _shown(obj._chars)                 # looked up once for all the fields below
    status = obj._record.status
    return {
        "zone": obj.zone,
        "owner": obj.owner,
        "controller": obj.controller,
        "name": c["name"],
        "mana_cost": c["mana_cost"],
        "mana_value": c["mana_value"],
        "colors": list(c["colors"]),
        "supertypes": list(c["supertypes"]),
        "types": list(c["types"]),
        "subtypes": list(c["subtypes"]),
        "power": c["power"],
        "toughness": c["toughness"],
        "flipped": status.flipped,
        "counters": dict(status.counters),
        "damage": status.damage,
        "keywords": list(c["keywords"]),
        "tapped": status.tapped,
        "token": obj.is_token,
        "attached_to": _id(ids, host) if host is not None else None,
        # Combat: the player it attacks, the attacker it blocks, the creatures blocking it.
        "attacking": game.attacking(obj),
        "blocking": _id(ids, blocked) if (blocked := game.blocking(obj)) is not None else None,
        "blocked_by": [_id(ids, b) for b in game.blockers(obj)],
        "shielded": obj.zone == "battlefield" and game._actions._shielded(obj),
        "summoning_sick": game.summoning_sick(obj),
    }


def serialise_player(game: Game, player: str) -> dict[str, Any]:
    """One player as the output document shows them (:data:`PLAYER_FIELDS`)."""
    return {"life": game.life(player), "mana_pool": game.mana_pool(player),
            "lost": game.lost.get(player),
            **{zone: len(game.objects(zone, player))
               for zone in ("hand", "library", "graveyard", "exile")}}


def _id(ids: Mapping[GameObject, str], obj: GameObject) -> str:
    """The scenario's id of an object, or its name if it has none."""
    return ids.get(obj, obj.name)


def serialise_stack(game: Game, ids: Mapping[GameObject, str]) -> list[dict[str, Any]]:
    """What waits on the stack, top first: each item's source (the scenario's id, or the
    source's name if it has none), kind, controller, what put it there (``text``) and what it
    does as it resolves where that does not say it (``does``), whether its controller may
    decline it (``may``) and its targets (ids, or players' names)."""
    return [{"source": ids.get(item.source, item.named), "name": item.named,
             "kind": item.kind, "controller": item.controller, "text": item.text,
             "does": item.does, "may": item.may,
             "targets": [t if isinstance(t, str) else ids.get(t, t.name)
                         for t in item.targets]}
            for item in game.stack]


def serialise_entry(entry: LogEntry, ids: Mapping[GameObject, str]) -> dict[str, Any]:
    """One line of the log as data: its text, kind, rule and the ids (or players' names) it
    is about, and the facts a kind has (``player``, ``name``, ``may``, ``default``)."""
    out: dict[str, Any] = {
        "text": entry.text, "kind": entry.kind, "rule": entry.rule,
        "about": [a if isinstance(a, str) else ids.get(a, a.name) for a in entry.about]}
    for fact in ("player", "name", "may", "default"):
        if getattr(entry, fact):
            out[fact] = getattr(entry, fact)
    return out


def _matches(expected: Any, actual: Any) -> bool:
    """Partial match: objects match key by key; everything else must be equal."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        return all(k in actual and _matches(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list) and isinstance(actual, list):
        return len(expected) == len(actual) and all(map(_matches, expected, actual))
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual
    return bool(expected == actual)


#: What each field of an expectation holds, as JSON: a value of another kind could never match,
#: so the scenario is refused there (``"flipped": 1``, ``"power": "2"``), as a typo would be.
_TEXT, _COUNT, _YES_NO, _LIST = (str,), (int,), (bool,), (list,)
_FIELD_KINDS: dict[str, tuple[tuple[type, ...], bool, str]] = {
    **dict.fromkeys(("owner", "controller", "name", "mana_cost"), (_TEXT, False, "a text")),
    **dict.fromkeys(("zone", "attached_to", "attacking", "blocking", "lost"),
                    (_TEXT, True, "a text or null")),
    **dict.fromkeys(("mana_value", "damage", "life", "hand", "library", "graveyard", "exile"),
                    (_COUNT, False, "a whole number")),
    **dict.fromkeys(("power", "toughness"), (_COUNT, True, "a whole number or null")),
    **dict.fromkeys(("flipped", "tapped", "token", "shielded", "summoning_sick"),
                    (_YES_NO, False, "true or false")),
    **dict.fromkeys(("colors", "supertypes", "types", "subtypes", "keywords", "blocked_by"),
                    (_LIST, False, "a list")),
    **dict.fromkeys(("counters", "mana_pool"), ((dict,), False, "an object")),
}


#: The counts that are never below 0, and what each counts (life can be).
_NEVER_BELOW_0 = {**dict.fromkeys(("hand", "library", "graveyard", "exile"), "a number of cards"),
                  "damage": "an amount of damage", "mana_value": "a mana value"}


def _zone_expected(value: Any) -> Any:
    """An expected zone as the steps read one: in the words of 2004 too ("in play", "removed
    from the game"), and in any letter case."""
    if isinstance(value, str) and value != "stack":
        try:
            return Game.zone_name(value)
        except FlipCardsError:
            pass  # _check_kind says what the zones are
    return value


def _check_kind(field: str, value: Any, path: str) -> None:
    """Refuse an expected ``value`` of a kind that ``field`` never holds."""
    kinds, nullable, words = _FIELD_KINDS[field]
    if value is None and nullable:
        return
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise ScenarioError(path, f"expected {words}, got {_show(value)}")
    if field in _NEVER_BELOW_0 and isinstance(value, int) and value < 0:
        raise ScenarioError(path, f"expected {_NEVER_BELOW_0[field]} (0 or more), got "
                                  f"{_show(value)}")
    if field == "zone" and value not in (*ZONES, "stack"):
        raise _misnamed(path, "zone", value, (*ZONES, "stack"))
    if field == "lost" and value not in LOSS_REASONS:
        raise _misnamed(path, "reason for a loss", value, LOSS_REASONS)
    if field == "colors" and isinstance(value, list):
        for i, color in enumerate(value):
            if color not in COLORS:
                raise ScenarioError(f"{path}[{i}]", f"colors are written as letters W, U, B, R, "
                                                    f"G, not {_show(color)}")
    if field == "counters" and isinstance(value, dict):
        for kind, count in value.items():
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise ScenarioError(_at(path, kind), "expected a number of counters (0 or "
                                                      f"more), got {_show(count)}")


#: What an expected stack item may give, and the kind of each (the output's ``stack``).
_STACK_FIELDS: dict[str, tuple[tuple[type, ...], str]] = {
    **dict.fromkeys(("source", "name", "kind", "controller", "text", "does"),
                    ((str,), "a text")),
    "may": ((bool,), "true or false"),
    "targets": ((list,), "a list"),
}


def _check_stack(expected: Any, path: str) -> None:
    """Refuse an expected stack that no stack could be: not a list of items, or an item with
    a field the output's stack items do not have, or a value of a kind the field never
    holds."""
    if not isinstance(expected, list):
        raise ScenarioError(path, 'expected a list of stack items, top first, e.g. '
                                  '[{"source": "jushi"}]')
    for i, item in enumerate(expected):
        where = f"{path}[{i}]"
        if not isinstance(item, dict):
            raise ScenarioError(where, f"expected a stack item, such as {{\"source\": \"jushi\"}}, "
                                       f"got {_show(item)}")
        for field, value in item.items():
            if field not in _STACK_FIELDS:
                raise ScenarioError(f"{where}.{field}", _unknown("field of a stack item", field,
                                                                 _STACK_FIELDS))
            kinds, words = _STACK_FIELDS[field]
            if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
                raise ScenarioError(f"{where}.{field}", f"expected {words}, got {_show(value)}")


#: Fields whose lists are sets: an expectation may name them in any order ("Trample" and
#: "Flying" are the same two keywords whichever comes first).
_UNORDERED = frozenset({"keywords", "colors", "supertypes", "types", "subtypes", "blocked_by"})


def _same_set(expected: Any, actual: list[Any]) -> bool:
    """A list expected of a field of :data:`_UNORDERED`: the same items, in any order."""
    if not isinstance(expected, list) or not all(isinstance(e, str) for e in expected):
        return _matches(expected, actual)
    return sorted(expected) == sorted(actual)


def _same_keywords(expected: Any, actual: list[str], name: str) -> bool:
    """Keywords expected: as the output names them, or as the card spells them out ("Bushido
    2" for Kenzo's "Bushido", "Protection from red" for Tok-Tok's "Protection")."""
    spelt = [printed_keyword(name, k) for k in actual]
    return _same_set(expected, actual) or _same_set(expected, spelt)


def _same_counts(expected: Any, actual: Mapping[str, int]) -> bool:
    """Counters, or a mana pool, are one value, compared whole (a kind with 0 counts as
    absent): ``{}`` expects none at all, ``{"+1/+1": 1}`` one +1/+1 counter and nothing else."""
    if not isinstance(expected, dict) or any(isinstance(v, bool) for v in expected.values()):
        return False
    return {k: v for k, v in expected.items() if v != 0} == dict(actual)


def _same_pool(expected: Any, actual: Mapping[str, int], path: str) -> bool:
    """:func:`_same_counts` for a mana pool, which names mana symbols with how many of each."""
    if not isinstance(expected, dict) or any(
            symbol not in MANA_SYMBOLS or isinstance(n, bool) or not isinstance(n, int) or n < 0
            for symbol, n in expected.items()):
        raise ScenarioError(path, f"a mana pool is mana symbols ({', '.join(MANA_SYMBOLS)}), "
                                  'each with how much of it, such as {"R": 2}; '
                                  f"got {_show(expected)}")
    return _same_counts(expected, actual)


def _play(doc: Any) -> _Run:
    """Validate and run a scenario document: the run, with the game as the last step left it."""
    try:
        run = _start(doc)
    except RecursionError:
        raise ScenarioError("", "not a usable scenario: it is nested too deeply") from None
    for step in doc["steps"]:
        run.take(step)
    return run


def _start(doc: Any) -> _Run:
    """Validate a scenario document's top level: the run, before its first step."""
    if not isinstance(doc, dict):
        raise ScenarioError("", f"a scenario is a JSON object, got {_show(doc)}")
    # (Each step's texts are checked as it is taken.)
    _check_texts({key: value for key, value in doc.items() if key != "steps"}, "")
    for key in doc:
        if key not in _TOP_LEVEL:
            raise ScenarioError(_at("", key), _unknown("top-level key", key, _TOP_LEVEL))
    if "rules" not in doc:
        raise ScenarioError("rules", 'missing; say "2004" or "current"')
    rules = doc["rules"]
    if rules not in EDITIONS:
        raise _misnamed("rules", "rules edition", rules, EDITIONS)
    players = doc.get("players", ["Alice", "Bob"])
    if (not isinstance(players, list) or not players
            or not all(isinstance(p, str) for p in players)):
        raise ScenarioError("players", f"expected a list of player names, got {_show(players)}")
    if len(set(players)) != len(players):
        raise ScenarioError("players", f"player names must be different, got {_show(players)}")
    if len(players) < 2:
        raise ScenarioError("players", f"a game has two or more players, got only {_show(players)}")
    if len(players) > MAX_PLAYERS:
        raise ScenarioError("players", f"a game here has at most {MAX_PLAYERS} players, got "
                                       f"{len(players)}")
    drawn: dict[str, str] = {}
    for index, name in enumerate(players):
        if len(name) > MAX_PLAYER_NAME:
            raise ScenarioError(f"players[{index}]", f"a player's name has at most "
                                f"{MAX_PLAYER_NAME} characters; this one has {len(name):,}: "
                                f'"{_escaped(name, invisible=True)}"')
        looks = _looks(name)
        if not looks:
            raise ScenarioError(f"players[{index}]", "a player's name must show something, got "
                                                     f'"{_escaped(name, invisible=True)}"')
        if looks in drawn:
            raise ScenarioError(f"players[{index}]",
                                f'"{_escaped(name, invisible=True)}" looks the same as '
                                f'"{_escaped(drawn[looks], invisible=True)}" on the page'
                                f"{_look_alike(name + drawn[looks])}: player names must look "
                                "different")
        drawn[looks] = name
    steps = doc.get("steps")
    if not isinstance(steps, list):
        raise ScenarioError("steps", f"expected a list of steps, got {_show(steps)}"
                            if "steps" in doc else "missing; give a list of steps")
    costs = doc.get("costs", "assumed")
    if costs not in COSTS:
        raise _misnamed("costs", "way of paying costs", costs, COSTS)
    run = _Run(Game(rules, players, costs=costs))
    run.top = {key: value for key, value in doc.items() if key != "steps"}
    return run


def made_ids(doc: Any) -> tuple[Named, Named]:
    """For each step of a valid scenario that made objects, their ids and where each is in
    ``game.created`` after that step; for each search or naming that gave ids to objects it
    found, those ids and where each is in its result (:func:`~flipcards.scenario_python`
    names them so)."""
    run = _play(doc)
    return run.made, run.found


def run_scenario(doc: Any) -> dict[str, Any]:
    """Validate and run a scenario document (already parsed from JSON).

    Returns the output document: ``rules``, ``turn``, ``players``, ``objects`` (by the
    scenario's ids), ``stack``, ``results``, ``log``, ``entries`` (the log's lines as data:
    :func:`serialise_entry`) and ``failures`` (one message per ``expect`` that did not hold;
    empty if all held).
    Raises :class:`ScenarioError` for an invalid scenario.

    Examples:
        >>> out = run_scenario({"rules": "current", "steps": [
        ...     {"put": "Bushi Tenderfoot", "as": "hero"}, {"flip": "hero"},
        ...     {"expect": {"hero": {"name": "Kenzo the Hardhearted", "power": 3}}}]})
        >>> hero = out["objects"].get("hero")
        >>> hero["supertypes"]
        ['Legendary']
        >>> out["failures"]
        []
    """
    return _play(doc).output()


def start_scenario(doc: Any) -> _Run:
    """A scenario to be played one step at a time: ``doc`` is validated and its steps taken;
    ``take(step)`` takes one more and ``output()`` is :func:`run_scenario`'s document so far.
    After a step is refused (:class:`ScenarioError`) the run must not be used again.

    Examples:
        >>> run = start_scenario({"rules": "2004", "steps": [{"put": "Akki Lavarunner",
        ...                                                   "as": "akki"}]})
        >>> run.take({"flip": "akki"})
        >>> run.output()["objects"]["akki"]["name"]
        'Tok-Tok, Volcano Born'
    """
    return _play(doc)


def _output(run: _Run) -> dict[str, Any]:
    ids = {obj: oid for oid, obj in run.objects.items()}
    run.entries = run.entries + [serialise_entry(entry, ids)
                                 for entry in run.game.entries[len(run.entries):]]
    return {
        "rules": run.game.edition,
        "turn": run.game.turn,
        "step": run.game.step,
        "active_player": run.game.active_player,
        "players": {p: serialise_player(run.game, p) for p in run.game.players},
        "over": run.game.outcome,
        "winner": run.game.winner,
        "objects": {oid: serialise(run.game, obj, ids) for oid, obj in run.objects.items()},
        "stack": serialise_stack(run.game, ids),
        "results": run.results,
        "log": list(run.game.log),
        "entries": run.entries,
        "failures": run.failures,
    }


#: Letters that show nothing though they are letters (the Hangul fillers, the braille blank).
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")

#: The Cyrillic and Greek letters drawn as Latin ones are (Cyrillic "\u0430" as "a"), with
#: the Latin letters they are drawn as.
_LATIN_LOOKS = str.maketrans(
    "\u0410\u0412\u0415\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0425\u0423\u0430\u0435"
    "\u043e\u0440\u0441\u0445\u0443\u0456\u0458\u0455\u0501\u04bb\u04cf\u0405\u0406\u0408"
    "\u051b\u051d\u0391\u0392\u0395\u0396\u0397\u0399\u039a\u039c\u039d\u039f\u03a1\u03a4"
    "\u03a5\u03a7\u03bf\u03b9\u03bd"
    "\u04ae\u04c0\u051a\u051c\u03f2\u03f9\u037f\u03f3",
    "ABEKMHOPCTXYaeopcxyijsdhlSIJqw" "ABEZHIKMNOPTYXoiv" "YIQWcCJj")


def _looks(text: str) -> str:
    """``text`` as a page draws it, for telling two names or ids apart: invisible characters
    and letters that show nothing are left out, spaces at the ends too, the letters drawn in
    another width or style (fullwidth "\uff42", bold "\U0001d41b") are read as the plain
    ones, and the Cyrillic and Greek letters that look like Latin ones as those."""
    shown = "".join(c for c in text
                    if unicodedata.category(c) != "Cf" and c not in _BLANK_LETTERS)
    # Before the plain forms are read as well as after: some of the look-alikes have a plain
    # form of their own script ("\u03f2" is a sigma).
    plain = unicodedata.normalize("NFKC", shown.translate(_LATIN_LOOKS))
    return plain.strip().translate(_LATIN_LOOKS)


def _told_apart(given: str, other: str, given_as: str = "what was given",
                other_as: str = "it") -> str:
    """Words for how two texts that look the same differ, for a message that quotes both
    (``"caf\u00e9"`` and ``"cafe\u0301"`` are drawn alike); "" if they do not look the same."""
    if given == other or (_looks(given) != _looks(other) and unicodedata.normalize(
            "NFC", given) != unicodedata.normalize("NFC", other)):
        return ""

    def named(chars: list[str]) -> str:
        return " and ".join(f"U+{ord(c):04X} {unicodedata.name(c, 'unnamed')}"
                            for c in chars[:3]) or "nothing more"

    mine = [c for c in dict.fromkeys(given) if c not in other]
    theirs = [c for c in dict.fromkeys(other) if c not in given]
    return f" (they look the same: {given_as} has {named(mine)} where {other_as} has " \
           f"{named(theirs)})"


def _look_alike(text: str) -> str:
    """Words for the first letter of ``text`` drawn as a Latin one that it is not, for a
    message that two texts look the same: ``' (its "\u0410" is CYRILLIC CAPITAL LETTER A)'``."""
    other = next((c for c in text if c.translate(_LATIN_LOOKS) != c
                  or unicodedata.normalize("NFKC", c) != c), None)
    return "" if other is None else f' ("{other}" is {unicodedata.name(other)})'


def _escaped(text: str, *, invisible: bool = False) -> str:
    """`text` with its controls written as escapes (\\u202e), to be shown in a message; with
    ``invisible``, every character that draws nothing too (\\u200b), so that two names can be
    told apart. Cut at 60 characters."""
    shown = "".join(f"\\u{ord(c):04x}" if _CONTROLS.match(c) or (
        invisible and unicodedata.category(c) in ("Cf", "Cc")) else c for c in text[:60])
    return shown if len(shown) <= 60 and len(text) <= 60 else f"{shown[:59]}…"


def _check_texts(value: Any, path: str) -> None:
    """Refuse a text of `value` (a key or a string, at any depth) that holds a control, or more
    than MAX_MARKS combining marks on one character."""
    if isinstance(value, str):
        found = _CONTROLS.search(value)
        if found:
            code = ord(found.group())
            what = ("a control character" if code < 0x202A
                    else "a control that reorders the text around it" if code < 0xD800
                    # JSON may write half of a pair ("\ud83d") alone: it is no character,
                    # and no page or file can hold it.
                    else "half of a character whose other half is missing")
            shown = _escaped(value)
            raise ScenarioError(path, f'a text may not hold U+{code:04X}, {what}; got "{shown}"')
        # Marks pile on one character across the invisible format characters between them.
        piled, base = 0, -1  # base: the character the marks are on (-1: they start the text)
        for at, char in enumerate("" if value.isascii() else value):
            kind = unicodedata.category(char)
            if kind.startswith("M"):
                piled += 1
            elif kind != "Cf":
                piled, base = 0, at
            if piled > MAX_MARKS:
                marks = 0
                for later in value[base + 1:]:
                    kind = unicodedata.category(later)
                    if kind.startswith("M"):
                        marks += 1
                    elif kind != "Cf":
                        break
                where = f"character {base + 1}" if base >= 0 else "the start"
                raise ScenarioError(path, f"a text may not pile more than {MAX_MARKS} combining "
                                          f"marks on one character; {where} of the text has "
                                          f"{marks}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check_texts(item, f"{path}[{index}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            inner = _at(path, key)
            _check_texts(key, inner)
            _check_texts(item, inner)


#: A key of the document as a path names it plainly: a word of up to 40 letters, digits, "_"
#: or "-" (every field, verb and id is one); any other is quoted and cut (_at).
_PLAIN_KEY = re.compile(r"[\w-]{1,40}")


def _at(path: str, key: object) -> str:
    """The path of ``key`` in the object at ``path``: ``steps[1].flip``, or with a key that is
    not a plain word ``steps[1]["it was made for…"]``, quoted and cut at 40 characters (a
    key of a link's is its author's text: at the head of a message, unquoted, it read as the
    site's own words)."""
    text = str(key)
    if _PLAIN_KEY.fullmatch(text):
        return f"{path}.{text}" if path else text
    cut = text[:40] + ("…" if len(text) > 40 else "")
    return f'{path}["{_escaped(json.dumps(cut, ensure_ascii=False)[1:-1], invisible=True)}"]'


#: The verbs of steps that only look at the state.
_LOOKS = ("expect", "search", "name_card", "reveal_hand")


class _Refused(ScenarioError):
    """A step the rules refuse (an illegal action), as opposed to one that is malformed."""


def _run_step(run: _Run, index: int, step: Any) -> None:
    path = f"steps[{index}]"
    if not isinstance(step, dict):
        raise ScenarioError(path, f"a step is a JSON object with one verb, got {_show(step)}")
    _check_texts(step, path)
    verb = _verb_of(step, path)
    allowed = {verb, *STEP_OPTIONS, *VERBS[verb]}
    for key in step:
        if key not in allowed:
            raise ScenarioError(_at(path, key),
                                _unknown(f"field of {'an' if verb[0] in 'aeiou' else 'a'} "
                                         f"{verb!r} step", key, sorted(allowed)))
    if verb in FLAG_VERBS and step[verb] is not True:
        raise ScenarioError(f"{path}.{verb}", f"expected true (the step needs only its verb), "
                                              f"got {_show(step[verb])}")
    # "keep" may name the object this very step creates ("as" of a put or copy): the
    # legend rule's choice is made after the step, when it exists.
    new_id = step.get("as") if verb in ("put", "copy") else None
    keep_ids = _get(step, "keep", path, list, [])
    keeps_new = new_id is not None and new_id in keep_ids and new_id not in run.objects
    # A spell cast or a land played by its name ("as") is the newest legend as it enters,
    # the one the legend rule keeps unless told otherwise: a keep of it asks for just that.
    entering = step.get("as") if verb in ("cast", "play_land") else None
    keep = [run.obj(k, f"{path}.keep[{i}]") for i, k in enumerate(keep_ids)
            if not (keeps_new and k == new_id)
            and not (entering is not None and k == entering and k not in run.objects)]
    legends_before = _legends(keep)
    run.game._engine.kept_legends.clear()
    hold = _get(step, "hold", path, bool, False)
    handler = _HANDLERS[verb]
    known_before = set(run.objects)

    def act() -> None:
        if not keeps_new:
            handler(run, step, f"{path}.{verb}", path, keep)
            return
        with run.game._one_action():
            handler(run, step, f"{path}.{verb}", path, keep)
        run.game._check([*keep, run.objects[str(new_id)]])

    looks = verb in _LOOKS
    try:
        if hold:
            with run.game.holding_priority():
                act()
        else:
            act()
        _kept_legends(run, keep_ids, legends_before, path)
        if not looks:
            # The step's own card or token is named by its "as", or not at all.
            own = verb in ("put", "copy", "create_token") or (
                verb == "cast" and step["cast"] not in known_before)   # cast by name
            run.name_made(index, step, path, run.game.created, int(own))
    except ScenarioError:
        raise
    except UnknownNameError as e:
        # A misspelt name: in the field that gave it (a spell's naming=), else the verb's.
        field = e.argument if e.argument and e.argument in step else verb
        raise said_at(f"{path}.{field}", e) from None
    except FlipCardsError as e:
        # The step's field whose value was wrong, or that is missing, if the error names one
        # the step has or could have (a spell "needs a target").
        field = f".{e.argument}" if e.argument and (
            e.argument in step or e.argument in VERBS.get(verb, ())) else ""
        refused = isinstance(e, IllegalActionError) and not isinstance(e, UnusedChoiceError)
        refusal = _Refused if refused else ScenarioError
        raise refusal(f"{path}{field}", _in_steps(str(e))) from None
    if verb == "expect":
        _expect(run, index, step["expect"], f"{path}.expect")
        run.log_checked = len(run.game.log)


#: The Game API's calls that a message of the model suggests, and the steps that do the same.
_STEPS_FOR_CALLS = {"next_turn": 'a "next_turn" step', "resolve_stack": 'a "resolve" step',
                    "attack": 'an "attack" step', "cast": 'a "cast" step',
                    "play_land": 'a "play_land" step', "end_combat": 'an "end_combat" step'}
_CALL = re.compile(r"game\.(\w+)\((?:\[[^\]]*\])?\)")


def _in_steps(message: str) -> str:
    """A message of the Game API as a scenario's writer reads it: a call it suggests
    ("game.next_turn()") is named as the step that does the same (a "next_turn" step).

    Examples:
        >>> _in_steps("let it resolve first (game.resolve_stack())")
        'let it resolve first (a "resolve" step)'
    """
    return _CALL.sub(lambda m: _STEPS_FOR_CALLS.get(m[1], m[0]), message)


def _legends(objs: list[GameObject]) -> set[GameObject]:
    """Those of ``objs`` that are legendary permanents."""
    return {o for o in objs if o.zone == "battlefield" and "Legendary" in o.supertypes}


def _kept_legends(run: _Run, keep_ids: list[Any], legends_before: set[GameObject],
                  path: str) -> None:
    """Refuse a "keep" that names an object that was not a legendary permanent as its step
    began, was not seen as one by the legend rule during the step, and is not one now: the
    legend rule chooses among legendary permanents only (704.5j)."""
    game = run.game
    for index, oid in enumerate(keep_ids):
        obj = run.objects.get(oid)
        if (obj is None or obj in legends_before
                or game._rec(obj).key in game._engine.kept_legends):
            continue
        if obj.zone == "battlefield":
            if "Legendary" in obj.supertypes:
                continue
            problem = "is not legendary"
        elif obj.zone is None:
            problem = "no longer exists"
        else:
            problem = "is " + game._zone_phrase(obj.zone, obj.owner)
        raise ScenarioError(f"{path}.keep[{index}]",
                            f"{obj.name} ({_quote(oid)}) {problem}: \"keep\" names the "
                            "legendary permanents the legend rule keeps")


def _verb_of(step: dict[str, Any], path: str) -> str:
    """The verb of a step: the one verb key whose fields account for all the step's other keys.

    A key can be both a verb and a field of another verb (``activate`` has a ``discard``
    field): ``{"activate": "rat", "discard": "card"}`` is an ``activate`` step, because the
    ``discard`` verb has no ``activate`` field. No two verbs have each other as fields (a test
    checks), so a step never has two readings.
    """
    verbs = [k for k in step if k in VERBS]
    fitting = [v for v in verbs
               if all(k == v or k in STEP_OPTIONS or k in VERBS[v] for k in step)]
    if len(fitting) == 1:
        return fitting[0]
    if len(verbs) == 1:
        return verbs[0]    # its unknown fields are reported by the caller
    others = [k for k in step if k not in STEP_OPTIONS]
    if not verbs and others:
        raise ScenarioError(_at(path, others[0]), _unknown("verb", others[0], VERBS))
    raise ScenarioError(path, "a step needs exactly one verb, one of "
                        + ", ".join(VERBS) + (f"; found {verbs}" if verbs else ""))


Handler = Callable[[_Run, dict[str, Any], str, str, list[GameObject]], None]


def _put(run: _Run, step: dict[str, Any], vpath: str, path: str, keep: list[GameObject]) -> None:
    name = _get(step, "put", path, str, what="a card name")
    oid = run.optional_id(step, path, run.objects)
    zone = _get(step, "zone", path, str, "battlefield")
    try:
        zone = Game.zone_name(zone)
    except FlipCardsError as e:
        raise said_at(f"{path}.zone", e) from None
    owner = run.optional_player(step, "owner", path)
    controller = run.optional_player(step, "controller", path)
    flipped = _get(step, "flipped", path, bool, False)
    host = run.obj(step["attached_to"], f"{path}.attached_to") if "attached_to" in step else None
    obj = run.game.put(name, zone, owner=owner, controller=controller, flipped=flipped,
                       attached_to=host, copying=run.optional_obj(step, "copying", path),
                       keep=keep)
    if oid is not None:
        run.objects[oid] = obj


def _flip(run: _Run, step: dict[str, Any], vpath: str, path: str, keep: list[GameObject]) -> None:
    run.game.flip(run.obj(step["flip"], vpath), keep=keep)


def _move(run: _Run, step: dict[str, Any], vpath: str, path: str, keep: list[GameObject]) -> None:
    obj = run.obj(step["move"], vpath)
    to = _get(step, "to", path, str, what="a zone")
    try:
        to = Game.zone_name(to)
    except FlipCardsError as e:
        raise said_at(f"{path}.to", e) from None
    controller = run.optional_player(step, "controller", path)
    run.game.move(obj, to, flipped=_get(step, "flipped", path, bool, False),
                  controller=controller, copying=run.optional_obj(step, "copying", path),
                  attach_to=run.optional_obj(step, "attached_to", path), keep=keep)


def _counters(run: _Run, step: dict[str, Any], vpath: str, path: str,
              keep: list[GameObject]) -> None:
    obj = run.obj(step["counters"], vpath)
    kind = _get(step, "kind", path, str, what='a counter kind such as "+1/+1"')
    if ("add" in step) == ("remove" in step):
        # Said of the field to change (the playground marks it): the second one given, or
        # "add" when neither is.
        raise ScenarioError(f"{path}.remove" if "add" in step else f"{path}.add",
                            'give exactly one of "add" or "remove": a step adds counters or '
                            "removes them")
    key = "add" if "add" in step else "remove"
    n = _count(step, key, path, least=1)    # 0 counters would change nothing
    if key == "add":
        run.game.add_counters(obj, kind, n, keep=keep)
    else:
        run.game.remove_counters(obj, kind, n, keep=keep)


def _damage(run: _Run, step: dict[str, Any], vpath: str, path: str,
            keep: list[GameObject]) -> None:
    obj = run.obj(step["damage"], vpath)
    amount = _count(step, "amount", path)
    run.game.damage(obj, amount, keep=keep)


def _tap(run: _Run, step: dict[str, Any], vpath: str, path: str, keep: list[GameObject]) -> None:
    obj = run.obj(step.get("tap", step.get("untap")), vpath)
    (run.game.tap if "tap" in step else run.game.untap)(obj, keep=keep)


def _effect(run: _Run, step: dict[str, Any], vpath: str, path: str,
            keep: list[GameObject]) -> None:
    eid = run.new_id(step["effect"], vpath, run.effects)
    kind = _get(step, "kind", path, str, what="an effect kind")
    if kind not in EFFECT_KINDS:
        raise _misnamed(f"{path}.kind", "effect kind", kind, EFFECT_KINDS)
    if "affects" not in step:
        raise ScenarioError(path, 'missing "affects": an object id or a filter')
    affects_raw = step["affects"]
    affects: GameObject | Filter
    if isinstance(affects_raw, dict):
        affects = run.filter(affects_raw, f"{path}.affects")
    else:
        affects = run.obj(affects_raw, f"{path}.affects")
    _, params_allowed = EFFECT_KINDS[kind]
    params = {}
    for p in ("power", "toughness", "keyword", "supertypes", "types", "subtypes", "colors"):
        if p in step:
            if p not in params_allowed:
                raise ScenarioError(f"{path}.{p}", f"an effect of kind {_quote(kind)} takes "
                                    f"{', '.join(params_allowed) or 'no parameters'}")
            params[p] = step[p]
    until_end_of_turn = _get(step, "until_end_of_turn", path, bool, False)
    try:
        effect = run.game.add_effect(kind, affects, label=eid, keep=keep,
                                     until_end_of_turn=until_end_of_turn, **params)
    except FlipCardsError as e:
        field = f".{e.argument}" if e.argument in params or e.argument in params_allowed else ""
        raise said_at(f"{path}{field}", e) from None
    run.effects[eid] = effect


def _end_effect(run: _Run, step: dict[str, Any], vpath: str, path: str,
                keep: list[GameObject]) -> None:
    eid = step["end_effect"]
    if not isinstance(eid, str) or eid not in run.effects:
        raise _misnamed(vpath, "effect", eid, run.effects)
    run.game.end_effect(run.effects[eid], keep=keep)


def _attach(run: _Run, step: dict[str, Any], vpath: str, path: str,
            keep: list[GameObject]) -> None:
    aura = run.obj(step["attach"], vpath)
    if "to" not in step:
        raise ScenarioError(path, 'missing "to": the id of the permanent to attach to')
    run.game.attach(aura, run.obj(step["to"], f"{path}.to"), keep=keep)


def _copy(run: _Run, step: dict[str, Any], vpath: str, path: str, keep: list[GameObject]) -> None:
    original = run.obj(step["copy"], vpath)
    if "as" not in step:
        raise ScenarioError(path, 'missing "as": an id for the new token')
    oid = run.new_id(step["as"], f"{path}.as", run.objects)
    controller = run.optional_player(step, "controller", path)
    run.objects[oid] = run.game.copy(original, controller=controller, keep=keep)


def _become_copy(run: _Run, step: dict[str, Any], vpath: str, path: str,
                 keep: list[GameObject]) -> None:
    obj = run.obj(step["become_copy"], vpath)
    if "of" not in step:
        raise ScenarioError(path, 'missing "of": the id of the object to copy')
    until_end_of_turn = _get(step, "until_end_of_turn", path, bool, False)
    run.game.become_copy(obj, run.obj(step["of"], f"{path}.of"),
                         until_end_of_turn=until_end_of_turn, keep=keep)


def _search(run: _Run, step: dict[str, Any], vpath: str, path: str,
            keep: list[GameObject]) -> None:
    zone = _get(step, "search", path, str, what="a zone")
    try:
        zone = Game.zone_name(zone)
    except FlipCardsError as e:
        raise said_at(vpath, e) from None
    player = run.player(step.get("player", run.game.players[0]), f"{path}.player")
    filter_ = run.filter(step["for"], f"{path}.for") if "for" in step else None
    rid = run.optional_id(step, path, run.results)
    found = run.game.search(zone, player, filter_, keep=keep)
    if rid is not None:
        run.results[rid] = run.ids_of_found(run.taken, found)


def _name_card(run: _Run, step: dict[str, Any], vpath: str, path: str,
               keep: list[GameObject]) -> None:
    name = _get(step, "name_card", path, str, what="a card name")
    rid = run.optional_id(step, path, run.results)
    result = run.game.name_card(name, keep=keep)
    if rid is not None:
        run.results[rid] = {"legal": result.legal,
                            "matches": run.ids_of_found(run.taken, result.matches)}


def _no_op(run: _Run, step: dict[str, Any], vpath: str, path: str, keep: list[GameObject]) -> None:
    """An ``expect`` step changes nothing (and resolves nothing that waits on the stack)."""


def _cast(run: _Run, step: dict[str, Any], vpath: str, path: str, keep: list[GameObject]) -> None:
    what = step["cast"]
    if not isinstance(what, str):
        raise ScenarioError(vpath, f"expected a card name or an object id, got {_show(what)}")
    spell: str | GameObject = run.objects.get(what, what)
    player = run.player(step["player"], f"{path}.player") if "player" in step else None
    if "as" in step and isinstance(spell, GameObject):
        # A second id for the one card would show it twice.
        raise ScenarioError(f"{path}.as", f"the card cast is already named {_quote(what)}; "
                                          '"as" names a card cast by its name')
    oid = run.optional_id(step, path, run.objects)
    target = run.obj_or_player(step["target"], f"{path}.target") if "target" in step else None
    naming = _get(step, "naming", path, str, None, what="a card name")
    obj = run.game.cast(spell, player, decline=run.objs(step, "decline", path), target=target,
                        naming=naming, copying=run.optional_obj(step, "copying", path),
                        choose=run.optional_obj(step, "choose", path), keep=keep)
    if oid is not None:
        run.objects[oid] = obj


def _play_land(run: _Run, step: dict[str, Any], vpath: str, path: str,
               keep: list[GameObject]) -> None:
    what = step["play_land"]
    if not isinstance(what, str):
        raise ScenarioError(vpath, f"expected a card name or an object id, got {_show(what)}")
    land: str | GameObject = run.objects.get(what, what)
    player = run.player(step["player"], f"{path}.player") if "player" in step else None
    oid = run.optional_id(step, path, run.objects)
    obj = run.game.play_land(land, player, keep=keep)
    if oid is not None:
        named = next((k for k, v in run.objects.items() if v == obj), None)
        if named is not None:
            # A second id for the one card would show it twice.
            raise ScenarioError(f"{path}.as", f"the land played is already named "
                                              f"{_quote(named)}; \"as\" names a land played by "
                                              "its name that was in no step before")
        run.objects[oid] = obj


def _deal_damage(run: _Run, step: dict[str, Any], vpath: str, path: str,
                 keep: list[GameObject]) -> None:
    source = run.obj(step["deal_damage"], vpath)
    if "to" not in step:
        raise ScenarioError(path, 'missing "to": an object id or a player')
    target = run.obj_or_player(step["to"], f"{path}.to")
    amount = _count(step, "amount", path)
    run.game.deal_damage(source, target, amount, keep=keep)


def _life(run: _Run, step: dict[str, Any], vpath: str, path: str, keep: list[GameObject]) -> None:
    verb = "gain_life" if "gain_life" in step else "lose_life"
    player = run.player(step[verb], vpath)
    amount = _count(step, "amount", path)
    (run.game.gain_life if verb == "gain_life" else run.game.lose_life)(player, amount, keep=keep)


def _draw(run: _Run, step: dict[str, Any], vpath: str, path: str, keep: list[GameObject]) -> None:
    player = run.player(step["draw"], vpath)
    count = _count(step, "count", path, 1)
    run.game.draw(player, count, keep=keep)


def _discard(run: _Run, step: dict[str, Any], vpath: str, path: str,
             keep: list[GameObject]) -> None:
    run.game.discard(run.obj(step["discard"], vpath), keep=keep)


def _create_token(run: _Run, step: dict[str, Any], vpath: str, path: str,
                  keep: list[GameObject]) -> None:
    kind = _get(step, "create_token", path, str, what='a token kind such as "Snake"')
    controller = run.optional_player(step, "controller", path)
    oid = run.optional_id(step, path, run.objects)
    obj = run.game.create_token(kind, controller, keep=keep)
    if oid is not None:
        run.objects[oid] = obj


def _gain_control(run: _Run, step: dict[str, Any], vpath: str, path: str,
                  keep: list[GameObject]) -> None:
    obj = run.obj(step["gain_control"], vpath)
    if "player" not in step:
        raise ScenarioError(path, 'missing "player": who gains control of it')
    player = run.player(step["player"], f"{path}.player")
    until_end_of_turn = _get(step, "until_end_of_turn", path, bool, False)
    run.game.gain_control(obj, player, until_end_of_turn=until_end_of_turn, keep=keep)


def _destroy(run: _Run, step: dict[str, Any], vpath: str, path: str,
             keep: list[GameObject]) -> None:
    run.game.destroy(run.obj(step["destroy"], vpath), keep=keep)


def _sacrifice(run: _Run, step: dict[str, Any], vpath: str, path: str,
               keep: list[GameObject]) -> None:
    obj = run.obj(step["sacrifice"], vpath)
    run.game.sacrifice(obj, player=run.optional_player(step, "player", path), keep=keep)


def _counter(run: _Run, step: dict[str, Any], vpath: str, path: str,
             keep: list[GameObject]) -> None:
    targeting = run.obj_or_player(step["targeting"], f"{path}.targeting") \
        if "targeting" in step else None
    run.game.counter(run.obj(step["counter"], vpath), targeting=targeting, keep=keep)


def _player_only(run: _Run, step: dict[str, Any], vpath: str, path: str,
                 keep: list[GameObject]) -> None:
    """A step about a player alone, the Game method of its name: reveal_hand, concede."""
    verb = "concede" if "concede" in step else "reveal_hand"
    getattr(run.game, verb)(run.player(step[verb], vpath), keep=keep)


def _activate(run: _Run, step: dict[str, Any], vpath: str, path: str,
              keep: list[GameObject]) -> None:
    obj = run.obj(step["activate"], vpath)
    target = run.obj_or_player(step["target"], f"{path}.target") if "target" in step else None
    land = run.obj(step["land"], f"{path}.land") if "land" in step else None
    discard = run.obj(step["discard"], f"{path}.discard") if "discard" in step else None
    to = run.obj(step["to"], f"{path}.to") if "to" in step else None
    sacrifice = run.obj(step["sacrifice"], f"{path}.sacrifice") if "sacrifice" in step else None
    tap = run.obj(step["tap"], f"{path}.tap") if "tap" in step else None
    pays = _get(step, "pays", path, bool, False)
    ability = _get(step, "ability", path, str, None, what="the name of the half that grants it")
    player = run.player(step["player"], f"{path}.player") if "player" in step else None
    run.game.activate(obj, target=target, land=land, discard=discard, to=to,
                      sacrifice=sacrifice, tap=tap, pays=pays, ability=ability, player=player,
                      keep=keep)


def _end_step(run: _Run, step: dict[str, Any], vpath: str, path: str,
              keep: list[GameObject]) -> None:
    run.game.end_step(decline=run.objs(step, "decline", path), keep=keep)


def _next_turn(run: _Run, step: dict[str, Any], vpath: str, path: str,
               keep: list[GameObject]) -> None:
    run.game.next_turn(sacrifice=run.objs(step, "sacrifice", path),
                       discard=run.objs(step, "discard", path), keep=keep,
                       decline=run.objs(step, "decline", path),
                       draw_step=_get(step, "draw_step", path, bool, False))


def _add_mana(run: _Run, step: dict[str, Any], vpath: str, path: str,
              keep: list[GameObject]) -> None:
    player = run.player(step["add_mana"], vpath)
    mana = _get(step, "mana", path, str, what='mana symbols such as "{R}{R}"')
    try:
        run.game.add_mana(player, mana, keep=keep)
    except FlipCardsError as e:
        raise said_at(f"{path}.mana", e) from None


def _tap_for_mana(run: _Run, step: dict[str, Any], vpath: str, path: str,
                  keep: list[GameObject]) -> None:
    run.game.tap_for_mana(run.obj(step["tap_for_mana"], vpath), keep=keep)


def _resolve(run: _Run, step: dict[str, Any], vpath: str, path: str,
             keep: list[GameObject]) -> None:
    how = step["resolve"]
    decline = run.objs(step, "decline", path)
    copying = run.optional_obj(step, "copying", path)
    choose = run.optional_obj(step, "choose", path)
    if how == "top":
        run.game.resolve(keep=keep, decline=decline, copying=copying, choose=choose)
    elif how == "all" and choose is not None:
        raise ScenarioError(f"{path}.choose", 'a choice is made as one object resolves: say '
                                              '"resolve": "top"')
    elif how == "all":
        run.game.resolve_stack(keep=keep, decline=decline, copying=copying)
    else:
        raise ScenarioError(vpath, f'expected "top" (the top object resolves) or "all" (the '
                                   f'stack resolves until it is empty), got {_show(how)}')


def _order_triggers(run: _Run, step: dict[str, Any], vpath: str, path: str,
                    keep: list[GameObject]) -> None:
    sources = _get(step, "order_triggers", path, list, what="a list of object ids")
    if not sources:
        raise ScenarioError(vpath, "list the ids of the permanents whose abilities resolve "
                                   "first, in order")
    run.game.order_triggers(*[run.obj(v, f"{vpath}[{i}]") for i, v in enumerate(sources)],
                            keep=keep)


def _attack(run: _Run, step: dict[str, Any], vpath: str, path: str,
            keep: list[GameObject]) -> None:
    value = step["attack"]
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        raise ScenarioError(vpath, f"expected a list of object ids, got {_show(value)}")
    attackers = [run.obj(v, f"{vpath}[{i}]") for i, v in enumerate(value)]
    run.game.attack(attackers, run.optional_player(step, "defender", path), keep=keep)


def _block(run: _Run, step: dict[str, Any], vpath: str, path: str,
           keep: list[GameObject]) -> None:
    blocker = run.obj(step["block"], vpath)
    if "attacker" not in step:
        raise ScenarioError(path, 'missing "attacker": the id of the attacking creature it '
                                  "blocks")
    run.game.block(blocker, run.obj(step["attacker"], f"{path}.attacker"), keep=keep)


def _combat_damage(run: _Run, step: dict[str, Any], vpath: str, path: str,
                   keep: list[GameObject]) -> None:
    spec = _get(step, "assign", path, dict, {}, what='an object of attacker ids, such as '
                '{"kenzo": {"wall": 3, "Bob": 2}}')
    assign: dict[GameObject, list[dict[GameObject | str, int]]] = {}
    for oid, divisions in spec.items():
        where = f"{path}.assign.{oid}"
        attacker = run.obj(oid, where)
        several = isinstance(divisions, list)
        if not several:
            divisions = [divisions]
        if not divisions or len(divisions) > 2:
            raise ScenarioError(where, "expected a division, or a list of two (the first-strike "
                                       "step's, then the regular step's)")
        assign[attacker] = []
        for i, division in enumerate(divisions):
            at = f"{where}[{i}]" if several else where
            if not isinstance(division, dict):
                raise ScenarioError(at, f"expected an object of blocker ids (or the player) to "
                                        f"damage, got {_show(division)}")
            parts: dict[GameObject | str, int] = {}
            for who, amount in division.items():
                if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
                    raise ScenarioError(f"{at}.{who}", f"expected a whole number ≥ 0, got "
                                                       f"{_show(amount)}")
                parts[run.obj_or_player(who, f"{at}.{who}")] = amount
            assign[attacker].append(parts)
    run.game.combat_damage(assign=assign, keep=keep)


def _end_combat(run: _Run, step: dict[str, Any], vpath: str, path: str,
                keep: list[GameObject]) -> None:
    run.game.end_combat(keep=keep)


_HANDLERS: dict[str, Handler] = {
    "put": _put, "flip": _flip, "move": _move, "counters": _counters, "damage": _damage,
    "tap": _tap, "untap": _tap, "effect": _effect, "end_effect": _end_effect,
    "attach": _attach, "copy": _copy, "become_copy": _become_copy, "search": _search,
    "name_card": _name_card, "expect": _no_op, "cast": _cast, "deal_damage": _deal_damage,
    "gain_life": _life, "lose_life": _life, "draw": _draw, "discard": _discard,
    "create_token": _create_token, "reveal_hand": _player_only, "activate": _activate,
    "concede": _player_only, "gain_control": _gain_control, "destroy": _destroy,
    "sacrifice": _sacrifice, "counter": _counter,
    "end_step": _end_step, "next_turn": _next_turn, "resolve": _resolve, "play_land": _play_land,
    "order_triggers": _order_triggers, "attack": _attack, "block": _block,
    "combat_damage": _combat_damage, "end_combat": _end_combat, "add_mana": _add_mana,
    "tap_for_mana": _tap_for_mana,
}


def _expect(run: _Run, index: int, spec: Any, path: str) -> None:
    if not isinstance(spec, dict):
        raise ScenarioError(path, f"expected an object of ids to fields, got {_show(spec)}")
    ids = {obj: oid for oid, obj in run.objects.items()}
    for oid, fields in spec.items():
        # A word of the expect (an object with that id is what the id means, in its scenario).
        word = _EXPECT_WORDS.get(oid) if oid not in run.objects else None
        if word is not None:
            word(run, index, fields, f"{path}.{oid}")
            continue
        if oid == "stack" and oid not in run.objects:
            actual = serialise_stack(run.game, ids)
            _check_stack(fields, f"{path}.stack")
            if not _matches(fields, actual):
                run.failures.append(f"steps[{index}].expect: stack is "
                                    f"{_show(actual, whole=True)}, expected "
                                    f"{_show(fields, whole=True)}")
            continue
        if oid == "results":
            if not isinstance(fields, dict):
                raise ScenarioError(f"{path}.results", "expected an object of result ids")
            for rid, value in fields.items():
                if rid not in run.results:
                    raise _misnamed(f"{path}.results.{rid}", "result", rid, run.results)
                if not _matches(value, run.results[rid]):
                    run.failures.append(
                        f"steps[{index}].expect: results.{rid} is "
                        f"{_show(run.results[rid], whole=True)}, expected "
                        f"{_show(value, whole=True)}")
            continue
        obj = run.obj(oid, _at(path, oid))
        if not isinstance(fields, dict):
            raise ScenarioError(_at(path, oid), f"expected an object of fields, got "
                                                 f"{_show(fields)}")
        state = serialise(run.game, obj, ids)
        for field, value in fields.items():
            if field not in state:
                raise ScenarioError(_at(_at(path, oid), field), _unknown("field", field,
                                                                      OBJECT_FIELDS))
            if field == "zone":
                value = _zone_expected(value)
            _check_kind(field, value, _at(_at(path, oid), field))
            if not (_same_counts(value, state[field]) if field == "counters"
                    else _same_keywords(value, state[field], state["name"])
                    if field == "keywords"
                    else _same_set(value, state[field]) if field in _UNORDERED
                    else _matches(value, state[field])):
                shown = _show(state[field], whole=True)
                if field == "keywords":
                    # As the card spells them out too: "Protection" alone did not say from what.
                    spelt = [printed_keyword(state["name"], k) for k in state[field]]
                    if spelt != state[field]:
                        shown = f"{_show(spelt, whole=True)} (in the output {shown})"
                expected = _show(value, whole=True)
                run.failures.append(f"steps[{index}].expect: {oid}.{field} is {shown}, "
                                    f"expected {expected}" + _told_apart(
                                        expected, shown, "the expected", "the actual"))


#: The steps of a turn the model stops in, as the output's ``step`` names them.
_STEPS = ("upkeep", "draw", "main", "combat", "end", "cleanup")


def _expect_game(run: _Run, index: int, spec: Any, path: str) -> None:
    """The game's own state: ``turn`` (its number), ``step``, ``active_player``, ``over``
    (true once it has ended), ``winner`` (a player, or null for a draw or a game that goes
    on), and the turn's counts the flip conditions read: ``creatures_died_this_turn`` (Kuon)
    and ``spells_cast_this_turn`` (Erayo). ``"game"`` is not a reserved id (scenarios
    written before it may name an object so): where an object has that id, ``"game"`` in an
    expect step is that object."""
    words = ('"turn", "step", "active_player", "over", "winner", '
             '"creatures_died_this_turn", "spells_cast_this_turn"')
    if not isinstance(spec, dict) or not spec:
        raise ScenarioError(path, f"expected an object of the game's fields: {words}")
    game = run.game
    actual = {"turn": game.turn, "step": game.step, "active_player": game.active_player,
              "over": game.over, "winner": game.winner,
              "creatures_died_this_turn": game.creatures_died_this_turn,
              "spells_cast_this_turn": game.spells_cast_this_turn}
    for field, value in spec.items():
        where = _at(path, field)
        if field not in actual:
            raise ScenarioError(where, _unknown("field of the game", field, actual))
        if field == "turn" and (not isinstance(value, int) or isinstance(value, bool)
                                or value < 1):
            raise ScenarioError(where, f"expected a turn number (1 or more), got {_show(value)}")
        if field == "step" and value not in _STEPS:
            raise _misnamed(where, "step", value, _STEPS)
        if field == "active_player":
            run.player(value, where)
        if field.endswith("_this_turn") and (not isinstance(value, int)
                                             or isinstance(value, bool) or value < 0):
            raise ScenarioError(where, f"expected a count (0 or more), got {_show(value)}")
        if field == "over" and not isinstance(value, bool):
            raise ScenarioError(where, f"expected true or false, got {_show(value)}")
        if field == "winner" and value is not None:
            run.player(value, where)
        if value != actual[field]:
            run.failures.append(f"steps[{index}].expect: game.{field} is "
                                f"{_show(actual[field], whole=True)}, expected "
                                f"{_show(value, whole=True)}")


def _log_texts(spec: Any, path: str, what: str) -> list[str]:
    """The texts of a ``"log"`` or ``"not_in_log"`` expectation, checked."""
    if not isinstance(spec, list) or not spec:
        raise ScenarioError(path, f"expected a list of texts {what}, such as "
                                  '["ability triggers", "flips"]')
    for number, text in enumerate(spec):
        if not isinstance(text, str) or not text.strip():
            raise ScenarioError(f"{path}[{number}]", f"expected a text, got {_show(text)}")
    return spec


def _expect_not_in_log(run: _Run, index: int, spec: Any, path: str) -> None:
    """Texts that no line logged since the previous ``expect`` step (or the start) holds ("it
    did not trigger": an expect after Bob's first spell, his second cast, then
    ``{"not_in_log": ["Erayo's Essence's ability triggers"]}``)."""
    texts = _log_texts(spec, path, "that no line logged since the previous expect step holds")
    for text in texts:
        line = next((line for line in run.game.log[run.log_checked:] if text in line), None)
        if line is not None:
            since = "since the previous expect step" if run.log_checked else "since the start"
            run.failures.append(f"steps[{index}].expect: a line logged {since} holds "
                                f"{_show(text)}: {_show(line, whole=True)}")


def _expect_log(run: _Run, index: int, spec: Any, path: str) -> None:
    """Texts the log must hold, in this order, each in a line of its own after the line of
    the one before it ("did it trigger?": ``["Akki Lavarunner's ability triggers"]``). Like
    ``"game"``, ``"log"`` is what an object with that id is, in a scenario that has one."""
    spec = _log_texts(spec, path, "the log holds, in order")
    lines = run.game.log
    at = 0
    for number, text in enumerate(spec):
        found = next((i for i in range(at, len(lines)) if text in lines[i]), None)
        if found is None:
            after = f" after the line that holds {_show(spec[number - 1])}" if number else ""
            run.failures.append(f"steps[{index}].expect: the log has no line that holds "
                                f"{_show(text)}{after}")
            return
        at = found + 1


def _expect_players(run: _Run, index: int, spec: Any, path: str) -> None:
    if not isinstance(spec, dict):
        raise ScenarioError(path, "expected an object of player names to fields")
    for player, fields in spec.items():
        run.player(player, _at(path, player))
        if not isinstance(fields, dict) or set(fields) - set(PLAYER_FIELDS):
            raise ScenarioError(_at(path, player), "a player's fields are: "
                                + ", ".join(f'"{f}"' for f in PLAYER_FIELDS))
        actual = serialise_player(run.game, player)
        for field, value in fields.items():
            where = _at(_at(path, player), field)
            _check_kind(field, value, where)
            if not (_same_pool(value, actual[field], where) if field == "mana_pool"
                    else _matches(value, actual[field])):
                run.failures.append(f"steps[{index}].expect: players.{player}.{field} is "
                                    f"{_show(actual[field])}, expected {_show(value)}")


#: The words of an expect step that are not object ids: each checks its part of the state.
_EXPECT_WORDS: dict[str, Callable[[_Run, int, Any, str], None]] = {
    "players": _expect_players, "game": _expect_game, "log": _expect_log,
    "not_in_log": _expect_not_in_log,
}
