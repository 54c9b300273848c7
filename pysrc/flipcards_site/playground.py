"""Links into the playground, made at build time: from every card and every plain example.

A playground link carries a scenario in its fragment, ``playground/#pg1=BYTES.DATA`` (the
format of ``docs/javascripts/playground-link.mjs``: the JSON text's UTF-8 length, then the text
compressed as raw deflate, which is what the browser's ``CompressionStream("deflate-raw")``
reads, in base64url without padding).

Links are written with the placeholder address ``fc-playground:`` and made relative to each
page by :func:`resolve_links` once the page's HTML exists (``on_page_content``), so they work at
any depth and on any host.

**Which examples get a link.** An example is converted by *reading* its code, not by running
it: the code must be a plain sequence of model calls, that is only ``from flipcards import …``,
one ``game = Game(…)``, calls ``game.METHOD(…)`` (assigned to a name or not) whose arguments
are literals, names given earlier, ``Filter(…)`` and lists of those, and ``print(…)`` calls,
which show things and are left out. The method and its arguments are read back through the
same verb description that Show as Python writes with (:data:`flipcards.VERB_DESCRIPTIONS`),
and the scenario must run (:func:`flipcards.run_scenario`) or there is no link. Reading rather
than running keeps the conversion honest: a loop, a condition or a second game means the
example is more than a situation, and it gets no link rather than a link to something else.
Examples of a session (which build on earlier ones) get no link either.
"""

from __future__ import annotations

import ast
import base64
import html
import importlib
import inspect
import json
import zlib
from typing import Any

from mkdocs.utils import get_relative_url

__all__ = ["MAX_SCENARIO_BYTES", "PLACEHOLDER", "example_scenario", "fragment", "link_html",
           "resolve_links"]

#: The largest scenario a link carries (the page refuses bigger ones).
MAX_SCENARIO_BYTES = 64 * 1024
#: Written in place of the playground page's address until the page's own URL is known.
PLACEHOLDER = "fc-playground:"
PLAYGROUND_URL = "playground/"


def fragment(scenario: dict[str, Any]) -> str:
    """The fragment (without "#") that carries ``scenario``.

    Examples:
        >>> fragment({"rules": "2004", "steps": []})
        'pg1=27.q1YqKs1JLVayUjIyMDBR0lEqLkktAHKjY2sB'
    """
    text = json.dumps(scenario, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    if len(text) > MAX_SCENARIO_BYTES:
        raise ValueError(f"a scenario of {len(text)} bytes is too large for a link")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packer.compress(text) + packer.flush()
    return f"pg1={len(text)}.{base64.urlsafe_b64encode(data).decode('ascii').rstrip('=')}"


def link_html(scenario: dict[str, Any], text: str, label: str) -> str:
    """A paragraph with a link that opens ``scenario`` in the playground (left out of the
    search index: the same words under every example are no answer to a search)."""
    href = f"{PLACEHOLDER}#{fragment(scenario)}"
    return (f'<p class="fc-open-playground" data-search-exclude=""><a href="{html.escape(href)}" '
            f'aria-label="{html.escape(label)}">{html.escape(text, quote=False)}</a></p>')


def resolve_links(page_html: str, page_url: str) -> str:
    """Point the page's playground links at the playground, relative to the page."""
    if PLACEHOLDER not in page_html:
        return page_html
    target = get_relative_url(PLAYGROUND_URL, page_url or ".")
    if not target.endswith("/"):
        target += "/"
    return page_html.replace(f'href="{PLACEHOLDER}', f'href="{target}')


# --- examples as scenarios ------------------------------------------------------------------


class NotASituation(Exception):
    """The example is more than a plain sequence of model calls."""


def example_scenario(code: str) -> dict[str, Any] | None:
    """The scenario an example's code stands for, or None if it is not a plain sequence of
    model calls (see the module's docstring) or the scenario does not run.

    Examples:
        >>> example_scenario('from flipcards import Game\\ngame = Game("2004")\\n'
        ...                  'hero = game.put("Bushi Tenderfoot")\\ngame.flip(hero)\\nprint(hero)')
        {'rules': '2004', 'steps': [{'put': 'Bushi Tenderfoot', 'as': 'hero'}, {'flip': 'hero'}]}
        >>> example_scenario("for i in range(3):\\n    print(i)") is None
        True
    """
    try:
        tree = ast.parse(code)
        scenario = _Reader().read(tree)
    except (SyntaxError, NotASituation):
        return None
    model: Any = importlib.import_module("flipcards")
    try:
        model.run_scenario(scenario)
    except model.FlipCardsError:
        return None
    if len(json.dumps(scenario).encode("utf-8")) > MAX_SCENARIO_BYTES:
        return None
    return scenario


class _Reader:
    def __init__(self) -> None:
        model: Any = importlib.import_module("flipcards")
        self.verbs = {v.method: v for v in model.VERB_DESCRIPTIONS if v.method}
        self.verbs["remove_counters"] = self.verbs["add_counters"]
        self.verbs["resolve_stack"] = self.verbs["resolve"]
        self.names: dict[str, str] = {}   # Python name -> scenario id
        self.game: str | None = None
        self.scenario: dict[str, Any] = {}
        self.counter = 0
        self.live_effects = 0  # labels of unlabelled effects count them, as Game does

    def read(self, tree: ast.Module) -> dict[str, Any]:
        steps: list[dict[str, Any]] = []
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and node.module == "flipcards":
                continue
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
                call = node.value
                if isinstance(call.func, ast.Name) and call.func.id == "print":
                    # What is printed is left out, but a model call printed still happens.
                    for arg in call.args:
                        if isinstance(arg, ast.Call) and self.is_model_call(arg):
                            steps.append(self.step(arg, None))
                        elif any(isinstance(n, ast.Call) and self.is_model_call(n)
                                 for n in ast.walk(arg)):
                            raise NotASituation("a model call inside an expression")
                    continue
                steps.append(self.step(call, None))
            elif self.is_holding(node):
                assert isinstance(node, ast.With)
                for inner in node.body:  # each call inside holds priority
                    if not (isinstance(inner, ast.Expr) and isinstance(inner.value, ast.Call)):
                        raise NotASituation("more than calls while holding priority")
                    steps.append({**self.step(inner.value, None), "hold": True})
            elif (isinstance(node, ast.Assign) and len(node.targets) == 1
                  and isinstance(node.targets[0], ast.Name) and isinstance(node.value, ast.Call)):
                target = node.targets[0].id
                if self.is_game(node.value):
                    if self.game is not None:
                        raise NotASituation("two games")
                    self.game = target
                    self.start_game(node.value)
                else:
                    steps.append(self.step(node.value, target))
            else:
                raise NotASituation(type(node).__name__)
        if self.game is None or not steps:
            raise NotASituation("no game")
        return {**self.scenario, "steps": steps}

    @staticmethod
    def is_game(call: ast.Call) -> bool:
        return isinstance(call.func, ast.Name) and call.func.id == "Game"

    def is_holding(self, node: ast.stmt) -> bool:
        """``with game.holding_priority():`` around model calls."""
        if not isinstance(node, ast.With) or len(node.items) != 1:
            return False
        item = node.items[0]
        return (item.optional_vars is None and isinstance(item.context_expr, ast.Call)
                and self.is_model_call(item.context_expr)
                and isinstance(item.context_expr.func, ast.Attribute)
                and item.context_expr.func.attr == "holding_priority")

    def is_model_call(self, call: ast.Call) -> bool:
        return (isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name)
                and call.func.value.id == self.game)

    def start_game(self, call: ast.Call) -> None:
        args = [self.literal(a) for a in call.args]
        keywords = {k.arg: self.literal(k.value) for k in call.keywords}
        rules = args[0] if args else keywords.pop("edition", "current")
        self.scenario["rules"] = rules
        players = args[1] if len(args) > 1 else keywords.pop("players", None)
        if players is not None:
            self.scenario["players"] = list(players)

    def step(self, call: ast.Call, target: str | None) -> dict[str, Any]:
        func = call.func
        if not (self.is_model_call(call) and isinstance(func, ast.Attribute)
                and func.attr in self.verbs):
            raise NotASituation("not a model call")
        verb = self.verbs[func.attr]
        if any(isinstance(a, ast.Starred) for a in call.args) or any(
                k.arg is None for k in call.keywords):
            raise NotASituation("*args")
        step: dict[str, Any] = {}
        by_position: dict[int, Any] = {}
        for f in verb.fields:
            if isinstance(f.python, int):
                by_position.setdefault(f.python, f)  # counters: "add" stands for both
        by_keyword = {f.python: f for f in verb.fields if isinstance(f.python, str) and f.python
                      not in ("", "=")}
        by_keyword["keep"] = self.keep()
        # A positional argument may also be given by its parameter's name (zone="hand").
        model: Any = importlib.import_module("flipcards")
        parameters = list(inspect.signature(getattr(model.Game, func.attr)).parameters)[1:]
        for index, name in enumerate(parameters):
            if index in by_position:
                by_keyword.setdefault(name, by_position[index])
        splat = next((f for f in verb.fields if f.python == "*"), None)
        if splat is not None:  # order_triggers(a, b): the arguments are the list
            step[splat.name] = [self.value("object", node) for node in call.args]
        for index, node in enumerate(call.args if splat is None else ()):
            if index not in by_position:
                raise NotASituation("too many arguments")
            field = by_position[index]
            step[field.name] = self.value(field.kind, node)
        label = None
        for keyword in call.keywords:
            if keyword.arg == "label" and verb.name == "effect":
                label = self.literal(keyword.value)
                continue
            if keyword.arg not in by_keyword:
                raise NotASituation(f"keyword {keyword.arg}")
            field = by_keyword[keyword.arg]
            step[field.name] = self.value(field.kind, keyword.value)
        if func.attr == "remove_counters":
            step["remove"] = step.pop("add", 1)
        elif func.attr == "add_counters":
            step.setdefault("add", 1)
        subject = verb.fields[0]
        if subject.kind == "flag":
            step[subject.name] = True
        elif verb.name == "resolve":
            step[subject.name] = "all" if func.attr == "resolve_stack" else "top"
        new = next((f for f in verb.fields if f.python == "="), None)
        if verb.name == "effect":
            self.live_effects += 1
            label = label if label is not None else f"effect {self.live_effects}"
        elif verb.name == "end_effect":
            self.live_effects -= 1
        if new is not None and (target is not None or label is not None or new.required):
            oid = str(label) if label is not None else (target or self.fresh(verb.name))
            step[new.name] = oid
            if target is not None:
                self.names[target] = oid
        elif target is not None:
            # move returns the card it moved: the name keeps naming it
            moved = step.get(subject.name)
            if verb.name != "move" or not isinstance(moved, str):
                raise NotASituation("a result the scenario cannot name")
            self.names[target] = moved
        ordered = {subject.name: step.pop(subject.name)} if subject.name in step else {}
        return {**ordered, **step}

    @staticmethod
    def keep() -> Any:
        model: Any = importlib.import_module("flipcards._verbs")
        return model.KEEP

    def fresh(self, stem: str) -> str:
        self.counter += 1
        return f"{stem}{self.counter}"

    def value(self, kind: str, node: ast.expr) -> Any:
        if isinstance(node, ast.Name) and node.id in self.names:
            return self.names[node.id]
        if kind == "object_list" and isinstance(node, (ast.List, ast.Tuple)):
            return [self.value("object", e) for e in node.elts]
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "Filter" and not node.args):
            return {k.arg: self.literal(k.value) for k in node.keywords}
        if kind in ("object", "effect", "object_list"):
            raise NotASituation("an unknown name")
        return self.literal(node)

    @staticmethod
    def literal(node: ast.expr) -> Any:
        try:
            return ast.literal_eval(node)
        except ValueError:
            raise NotASituation("not a literal") from None
