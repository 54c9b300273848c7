"""The package's exceptions: one base class, a few specific ones.

Every message says what was wrong and, where it can, what would be right.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "ExpectationError",
    "FlipCardsError",
    "IllegalActionError",
    "ScenarioError",
    "UnknownCardError",
    "UnknownNameError",
]


class FlipCardsError(ValueError):
    """Base class of every error this package raises on bad input.

    ``argument`` names the argument of the call whose value was wrong, when one was (a
    scenario step reports it as the field of the step, e.g. ``steps[1].flipped``).
    """

    def __init__(self, *args: object, argument: str | None = None) -> None:
        super().__init__(*args)
        self.argument = argument


#: The most of an unknown name that a message shows.
_SHOWN = 80


class UnknownNameError(FlipCardsError):
    """A name (card, player, zone, object id, edition, …) that is not known.

    ``suggestions`` holds the closest known names, best first.
    """

    def __init__(self, what: str, name: str, known: Iterable[str], said: str = "") -> None:
        self.what = what
        self.name = name
        # (No name is close to an empty one: the nearest would be the first of the list.)
        self.suggestions = closest(name[:_SHOWN], known) if name.strip() else []
        # A name of any length may be given (a file's, a link's): the message shows its start.
        shown = repr(name[:_SHOWN]) + ("…" if len(name) > _SHOWN else "")
        if not name.strip():
            said = f" (the name is {'only spaces' if name else 'empty'}){said}"
        message = f"no {what} {shown}{said}"
        if self.suggestions:
            message += "; did you mean " + " or ".join(repr(s) for s in self.suggestions) + "?"
        super().__init__(message)


class UnknownCardError(UnknownNameError):
    """A card name that is neither half of any card in the data."""

    def __init__(self, name: str, known: Iterable[str]) -> None:
        super().__init__("card named", name, known)


class IllegalActionError(FlipCardsError):
    """An instruction that the game cannot carry out as given."""


class UnusedChoiceError(IllegalActionError):
    """A choice given to what has no use for it (Shock told a creature to copy): a slip in the
    instruction rather than an action the rules refuse. A scenario step that expects the rules
    to refuse it is invalid with it, not refused."""


#: The longest message a scenario's error gives: a longer one repeats a value of the
#: scenario whole (a power of three thousand letters), which a page would show whole.
LONGEST_MESSAGE = 600


class ScenarioError(FlipCardsError):
    """An invalid scenario document; ``path`` is the JSON path of the bad part. Its message
    is cut at :data:`LONGEST_MESSAGE` characters. ``suggestions``: what a misspelt name there
    may have meant, best first (the names its "did you mean" offers)."""

    def __init__(self, path: str, message: str, suggestions: Iterable[str] = ()) -> None:
        if len(message) > LONGEST_MESSAGE:
            message = f"{message[:LONGEST_MESSAGE - 1]}…"
        self.path = path
        self.detail = message
        self.suggestions = list(suggestions)
        #: The expectations that failed in the steps before the one refused (what the command
        #: line says after it: one may be why the step could not be taken).
        self.earlier: list[str] = []
        super().__init__(f"{path}: {message}" if path else message)


def said_at(path: str, error: FlipCardsError) -> ScenarioError:
    """``error`` said of the part of a scenario at ``path``, with what a misspelt name there
    may have meant."""
    return ScenarioError(path, str(error), getattr(error, "suggestions", ()))


class ExpectationError(FlipCardsError):
    """An ``expect`` step whose expectation does not hold."""

    def __init__(self, step: int, object_id: str, field: str, expected: object, actual: object):
        self.step = step
        self.object_id = object_id
        self.field = field
        self.expected = expected
        self.actual = actual
        super().__init__(
            f"steps[{step}].expect: {object_id}.{field} is {_show(actual)}, "
            f"expected {_show(expected)}"
        )


def _show(value: object) -> str:
    import json

    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def closest(name: str, known: Iterable[str], n: int = 3) -> list[str]:
    """The known names closest to ``name``, ignoring letter case, best first."""
    import difflib  # imported here: only an error needs it, and it costs start-up time

    by_key: dict[str, str] = {}
    for k in known:
        by_key.setdefault(k.casefold(), k)
    keys = difflib.get_close_matches(name.casefold(), list(by_key), n=n, cutoff=0.6)
    if not keys:
        # A short fragment ("kenzo") is better matched by containment than by ratio.
        keys = [k for k in by_key if name.casefold() in k][:n]
    return [by_key[k] for k in keys]


# A traceback names each as the package exports it (``flipcards.UnknownCardError``), the name a
# reader's ``except`` uses, not by this private module.
for _error in (ExpectationError, FlipCardsError, IllegalActionError, ScenarioError,
               UnknownCardError, UnknownNameError):
    _error.__module__ = "flipcards"
del _error
