"""Run the page examples natively at build time and keep their output.

Every ``flipcards`` example of a page runs here while the page is converted, in page order, so
the page can carry its output before any reader presses Run. The rules:

- without a session, an example runs in a fresh namespace;
- examples of one page that share a ``session`` share one namespace, in page order (running
  example *k* is the same as running the earlier examples of its session quietly, then *k*);
- an example that raises is reported as a build error naming the page, the example number and
  a short traceback that shows only the lines of the page's own examples.

Outputs are cached in memory by a hash of the code (and of the model package), so that the
rebuilds of ``mkdocs serve`` only run what changed. The cache lives in this module because
``mkdocs serve`` builds a new plugin instance on every rebuild.
"""

from __future__ import annotations

import builtins
import contextlib
import hashlib
import importlib
import io
import linecache
import logging
import signal
import sys
import threading
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

# The browser's runner shortens tracebacks this way too: the build's read the same.
from flipcards._runner import short_traceback

__all__ = [
    "ExampleResult",
    "PageExamples",
    "begin_build",
    "current_page",
    "end_build",
    "finish_page",
    "start_page",
]

log = logging.getLogger("mkdocs.plugins.flipcards")

#: The package whose modules are reloaded when its sources change between two builds.
MODEL_PACKAGE = "flipcards"


@dataclass(frozen=True)
class Outcome:
    """What one run of one example printed, and its short traceback if it raised."""

    stdout: str
    stderr: str
    error: str | None


@dataclass(frozen=True)
class ExampleResult:
    """One example of a page after its native run."""

    page: str
    number: int
    session: str | None
    outcome: Outcome
    name: str | None = None  # the stable id the fence gives it: "508.2-1"

    @property
    def anchor(self) -> str:
        """The element id of the example on its page: ``example-508.2-1`` for an example with
        a stable id, else ``example-N`` (N = its position on the page)."""
        return f"example-{self.name or self.number}"


class ExampleTimeout(BaseException):
    """Raised inside an example that runs longer than the time limit.

    A ``BaseException`` so that an example's own ``except Exception`` cannot swallow it.
    """


@dataclass
class _Session:
    """The examples of one session seen so far on a page and the namespace they ran in."""

    sources: list[tuple[str, str]] = field(default_factory=list)  # (filename, code)
    namespace: dict[str, Any] | None = None
    ran: int = 0  # how many of `sources` have run in `namespace`


class PageExamples:
    """The examples of one page: numbers them, runs them and remembers their sessions."""

    def __init__(self, page: str, *, timeout: float = 10.0) -> None:
        self.page = page
        self.timeout = timeout
        self.results: list[ExampleResult] = []
        self._sessions: dict[str, _Session] = {}

    def run(self, code: str, session: str | None = None,
            name: str | None = None) -> ExampleResult:
        """Run the next example of the page (or take its output from the cache).

        Tracebacks name its code after its element id (``<example-508.2-1>``), as the
        browser does."""
        number = len(self.results) + 1
        filename = f"<example-{name or number}>"
        if session is None:
            outcome = _cached(((filename, code),), lambda: _execute([(filename, code)], {}, self))
        else:
            outcome = self._run_in_session(self._sessions.setdefault(session, _Session()),
                                           filename, code)
        result = ExampleResult(self.page, number, session, outcome, name)
        self.results.append(result)
        if outcome.error is not None:
            log.error("%s: example %d (#%s) raised an exception:\n%s",
                      self.page, number, result.anchor, _indent(outcome.error))
        return result

    def _run_in_session(self, state: _Session, filename: str, code: str) -> Outcome:
        earlier = list(state.sources)
        state.sources.append((filename, code))

        def run() -> Outcome:
            if state.namespace is None or state.ran != len(earlier):
                # The namespace is missing or stale (earlier examples came from the cache):
                # replay the earlier examples quietly, as the browser does.
                state.namespace = {}
                _execute(earlier, state.namespace, self)
            state.ran = len(state.sources)
            return _execute([(filename, code)], state.namespace, self)

        return _cached(tuple(state.sources), run)


# --- running code -----------------------------------------------------------------------


def _execute(sources: list[tuple[str, str]], namespace: dict[str, Any],
             page: PageExamples) -> Outcome:
    """Run `sources` in order in `namespace`; only the last one's output is kept.

    The namespace is that of a fresh ``__main__`` module, as when Python runs a script.
    """
    namespace.setdefault("__name__", "__main__")
    namespace.setdefault("__builtins__", builtins)
    outcome = Outcome("", "", None)
    for filename, code in sources:
        outcome = _execute_one(filename, code, namespace, page)
    return outcome


def _execute_one(filename: str, code: str, namespace: dict[str, Any],
                 page: PageExamples) -> Outcome:
    # Make the example's lines known to `traceback`, which reads them through linecache.
    lines = code.splitlines(keepends=True)
    linecache.cache[filename] = (len(code), None, lines, filename)
    stdout, stderr = io.StringIO(), io.StringIO()
    error: str | None = None
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            compiled = compile(code, filename, "exec", dont_inherit=True)
            with _time_limit(page.timeout):
                exec(compiled, namespace)
        except ExampleTimeout:
            error = f"ExampleTimeout: the example ran longer than {page.timeout:g} s\n"
        except (Exception, SystemExit) as exc:
            error = short_traceback(exc)
    if error is not None:
        stderr.write(error)
    return Outcome(stdout.getvalue(), stderr.getvalue(), error)


@contextlib.contextmanager
def _time_limit(seconds: float) -> Any:
    """Interrupt the block after `seconds` (only where signals work: the main thread)."""
    usable = (seconds > 0 and hasattr(signal, "setitimer")
              and threading.current_thread() is threading.main_thread())
    if not usable:
        yield
        return

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise ExampleTimeout

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _indent(text: str) -> str:
    return "".join(f"    {line}" for line in text.splitlines(keepends=True))


# --- the cache and the current page -----------------------------------------------------

_cache: dict[str, Outcome] = {}
_used: set[str] = set()
_package_fingerprint = ""
_active: PageExamples | None = None


def _cached(sources: tuple[tuple[str, str], ...], compute: Any) -> Outcome:
    digest = hashlib.sha256(_package_fingerprint.encode())
    for filename, code in sources:
        digest.update(b"\0" + filename.encode() + b"\0" + code.encode())
    key = digest.hexdigest()
    _used.add(key)
    if key not in _cache:
        _cache[key] = compute()
    return _cache[key]


def begin_build(package_fingerprint: str) -> None:
    """Start a build. If the model's sources changed, forget old outputs and reload it."""
    global _package_fingerprint
    if package_fingerprint != _package_fingerprint:
        _cache.clear()
        for name in list(sys.modules):
            if name == MODEL_PACKAGE or name.startswith(MODEL_PACKAGE + "."):
                del sys.modules[name]
        importlib.invalidate_caches()
        _package_fingerprint = package_fingerprint
    _used.clear()


def end_build() -> None:
    """End a build: drop the outputs of examples that no longer exist."""
    for key in set(_cache) - _used:
        del _cache[key]


def start_page(page: str, *, timeout: float = 10.0) -> PageExamples:
    """Make `page` the page whose examples the fence is running now."""
    global _active
    _active = PageExamples(page, timeout=timeout)
    return _active


def finish_page() -> PageExamples | None:
    """The page is converted: return its examples and stop collecting."""
    global _active
    page, _active = _active, None
    return page


def current_page(owner: Any) -> PageExamples:
    """The page being converted; outside a page build, one per Markdown instance `owner`."""
    if _active is not None:
        return _active
    page: PageExamples | None = getattr(owner, "_flipcards_examples", None)
    if page is None:
        page = PageExamples("<markdown>")
        owner._flipcards_examples = page
    return page
