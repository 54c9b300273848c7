"""The Python side of the examples' runner: what the browser's worker runs for each Run.

Only the stdlib is used, and nothing here knows about the browser: the worker hands in a JSON
request and gets a JSON reply (through :mod:`flipcards.browser`), and the optional ``on_output``
callback receives each piece of output as it is printed, so that a run that is stopped still
shows what it printed.

Each Run starts from the same clean Python the build ran the examples in. :class:`Baseline`
records the state once Python and the package are loaded, and :meth:`Baseline.restore` puts it
back after every run:

- ``sys.modules``: modules the run imported are forgotten, modules it removed or replaced come
  back;
- every module loaded at the start (the stdlib's, ``builtins``, ``sys``, this one) gets its
  attributes back, and so does every class written in Python that such a module defines (so
  ``builtins.print = ...`` or ``json.JSONDecoder.decode = ...`` last one run only);
- ``sys``'s settings that are not attributes: the recursion limit, the digit limit of ``int``,
  the trace and profile functions; the garbage collector; the streams; the working directory
  and the environment;
- the asyncio tasks a run started are cancelled;
- the model package itself is imported afresh, from files checked against the bytes it was
  loaded from (a run may rewrite them), so whatever a run did to ``flipcards.Game`` or to the
  package's data is gone.

:meth:`Baseline.check` is the cheap test the worker makes before each run; if it fails even
after a restore, the runtime itself is damaged and the worker is replaced.
"""

from __future__ import annotations

import builtins
import gc
import io
import json
import linecache
import os
import sys
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import repeat
from operator import attrgetter, is_not
from pathlib import Path
from types import FunctionType, ModuleType
from typing import Any

__all__ = ["Baseline", "CappedText", "Runner", "no_input", "run_example", "short_traceback"]

#: The reader's code runs under the file names "<example-N>", the names the build uses, so
#: tracebacks read the same in both places; only frames of such files are shown.
READER_PREFIX = "<example-"

#: The package imported afresh for every run (its modules, not this one).
MODEL_PACKAGE = "flipcards"

#: What a run could swap inside a function object it cannot replace.
_FUNCTION_PARTS = ("__code__", "__defaults__", "__kwdefaults__")

#: ``type.__flags__`` bit of classes whose attributes cannot be set (built-in types).
_IMMUTABLE_TYPE = 1 << 8

#: Called with ("stdout" | "stderr", text) for each piece of output as it is written.
OutputCallback = Callable[[str, str], object]


class CappedText(io.TextIOBase):
    """A text stream that keeps the first `max_chars` characters and `max_lines` lines.

    Whatever comes after is only counted, so that a runaway print loop cannot exhaust memory
    and the page can say how much was cut. `on_write` (if given) sees every piece that is
    kept, as it is written.

    >>> out = CappedText(max_chars=100, max_lines=2)
    >>> for i in range(5):
    ...     _ = out.write(f"{i}\\n")
    >>> out.result()
    ('0\\n1\\n', {'lines': 3, 'chars': 6})
    """

    def __init__(self, max_chars: int, max_lines: int,
                 on_write: Callable[[str], object] | None = None) -> None:
        super().__init__()
        self.max_chars = max_chars
        self.max_lines = max_lines
        self.on_write = on_write
        self.parts: list[str] = []
        self.kept_chars = 0
        self.kept_newlines = 0
        self.total_chars = 0
        self.total_newlines = 0
        self.ends_with_newline = True
        self.full = False

    def writable(self) -> bool:
        return True

    def write(self, s: str) -> int:
        if not isinstance(s, str):
            raise TypeError(f"write() argument must be str, not {type(s).__name__}")
        if not s:
            return 0
        self.total_chars += len(s)
        self.total_newlines += s.count("\n")
        self.ends_with_newline = s.endswith("\n")
        if not self.full:
            self.parts.append(s)
            self.kept_chars += len(s)
            self.kept_newlines += s.count("\n")
            shown = s
            if self.kept_chars > self.max_chars or self.kept_newlines > self.max_lines:
                before = self.kept_chars - len(s)
                self._trim()
                shown = self.parts[0][before:]
            if shown and self.on_write is not None:
                self.on_write(shown)
        return len(s)

    def _trim(self) -> None:
        text = "".join(self.parts)
        end = len(text)
        if self.kept_newlines > self.max_lines:
            end = -1
            for _ in range(self.max_lines):
                end = text.index("\n", end + 1)
            end += 1
        # Cut hard at the most characters, inside a line if need be: the page shows a cut note
        # only for output that reached a limit it can see (the claim of a cut is reader code's
        # to make up).
        end = min(end, self.max_chars)
        self.parts = [text[:end]]
        self.full = True

    def result(self) -> tuple[str, dict[str, int] | None]:
        """The kept text, and what was cut ({"lines", "chars"}) or None."""
        text = "".join(self.parts)
        if not self.full:
            return text, None

        def lines(n_newlines: int, n_chars: int, ends_with_newline: bool) -> int:
            return n_newlines + (0 if ends_with_newline or n_chars == 0 else 1)

        shown = lines(text.count("\n"), len(text), text.endswith("\n"))
        total = lines(self.total_newlines, self.total_chars, self.ends_with_newline)
        return text, {"lines": total - shown, "chars": self.total_chars - len(text)}


#: How deep the reader's exception groups may nest before the exception is never freed: Python
#: frees a group of groups one level inside the other, and thousands of levels overflow the
#: browser's stack. (A run's worker is thrown away after its one run.)
_GROUP_DEPTH_FREED = 100
_never_freed: list[BaseException] = []

#: The most exceptions of one chain ("During handling of the above exception…") a traceback tells.
CHAIN_SHOWN = 10


def _keep_reader_frames(te: traceback.TracebackException) -> list[traceback.TracebackException]:
    """Drop every frame that is not the reader's code, in `te`, the exceptions chained to it
    and those of its groups (one after another: a chain may be thousands long); return them
    all."""
    waiting: list[traceback.TracebackException | None] = [te]
    seen: dict[int, traceback.TracebackException] = {}
    while waiting:
        each = waiting.pop()
        if each is None or id(each) in seen:
            continue
        seen[id(each)] = each
        each.stack = traceback.StackSummary.from_list(
            [frame for frame in each.stack if frame.filename.startswith(READER_PREFIX)]
        )
        waiting += [each.__cause__, each.__context__, *(each.exceptions or ())]
    return list(seen.values())


def _let_go(exc: BaseException) -> None:
    """Make `exc` safe to free: its chain is undone link by link (freed as it is, a chain of
    thousands frees each link inside the last and overflows the browser's stack), and an
    exception whose groups nest too deep is kept for the worker's life."""
    links: list[BaseException] = []
    seen: set[int] = set()
    waiting: list[tuple[BaseException | None, int]] = [(exc, 0)]
    deepest = 0
    while waiting:
        each, depth = waiting.pop()
        if each is None or id(each) in seen:
            continue
        seen.add(id(each))
        links.append(each)
        deepest = max(deepest, depth)
        waiting += [(each.__cause__, depth), (each.__context__, depth)]
        if isinstance(each, BaseExceptionGroup):
            waiting += [(inner, depth + 1) for inner in each.exceptions]
    if deepest > _GROUP_DEPTH_FREED:
        _never_freed.append(exc)
    for link in links:
        link.__cause__ = link.__context__ = None


def short_traceback(exc: BaseException) -> str:
    """The traceback of `exc` with the reader's frames only (no runner, Pyodide or library).

    >>> code = "def f():\\n    raise ValueError('no such card')\\nf()\\n"
    >>> linecache.cache["<example-7>"] = (len(code), None, code.splitlines(True), "<example-7>")
    >>> try:
    ...     exec(compile(code, "<example-7>", "exec"), {})
    ... except ValueError as e:
    ...     print(short_traceback(e), end="")
    Traceback (most recent call last):
      File "<example-7>", line 3, in <module>
        f()
      File "<example-7>", line 2, in f
        raise ValueError('no such card')
    ValueError: no such card
    """
    te = traceback.TracebackException.from_exception(exc)
    everything = _keep_reader_frames(te)
    try:
        return _told(te)
    finally:
        # Taken apart before it is freed: freed whole, thousands of levels of groups or links
        # free each other one inside the other and overflow the browser's stack.
        for each in everything:
            each.__cause__ = each.__context__ = each.exceptions = None


def _told(te: traceback.TracebackException) -> str:
    """`te` in words, a long chain shortened."""
    # A chain is told oldest first: past CHAIN_SHOWN links, the earliest are only counted,
    # so that the exception raised last (the one that matters) is never cut from the output.
    def earlier_one(link: traceback.TracebackException) -> traceback.TracebackException | None:
        return link.__cause__ or (None if link.__suppress_context__ else link.__context__)

    link: traceback.TracebackException | None = te
    for _ in range(CHAIN_SHOWN - 1):
        link = link and earlier_one(link)
    earlier = 0
    if link is not None:
        before = earlier_one(link)
        while before is not None:
            earlier += 1
            before = earlier_one(before)
        link.__cause__ = link.__context__ = None
    note = f"({earlier} earlier exceptions of this chain are not shown.)\n\n" if earlier else ""
    return note + "".join(te.format())


def _described(exc: BaseException) -> str:
    """The short traceback of the reader's `exc`, whatever the reader did to Python first (a
    recursion limit of 10 leaves too little to format one); failing that, its type and
    message."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 1000))
    try:
        return short_traceback(exc)
    except Exception:
        try:
            message = str(exc)
        except Exception:
            message = "<exception str() failed>"
        return (f"{type(exc).__name__}: {message}\n"
                "(Its traceback could not be put in words.)\n")
    finally:
        sys.setrecursionlimit(limit)
        # (Not contextlib.suppress: the reader's code may have replaced it.)
        try:  # noqa: SIM105
            _let_go(exc)
        except Exception:  # an exception class of the reader's may make its links raise
            pass


def no_input(prompt: object = "") -> str:
    """``input()`` in an example: there is no one to answer, so say so."""
    raise RuntimeError("input() is not available in examples; set values in the code instead")


def _run_source(code: str, filename: str, namespace: dict[str, Any],
                memory_mib: int | None = None) -> str | None:
    """Run `code`; return the short traceback text if it raised, else None.

    With `memory_mib` (the most memory the browser's worker gives Python), a MemoryError's
    traceback ends with a line that says so.
    """
    linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
    try:
        exec(compile(code, filename, "exec", dont_inherit=True), namespace)
    except BaseException as exc:  # the reader's code may raise anything, SystemExit included
        text = _described(exc)
        if memory_mib and isinstance(exc, MemoryError):
            text += f"\nThe example ran out of memory: an example may use up to {memory_mib} MiB.\n"
        return text
    return None


def run_example(request_json: str, on_output: OutputCallback | None = None) -> str:
    """Run one example as the page asks; return the reply as JSON text.

    The request is ``{"filename", "code", "preludes": [{"filename", "code"}, ...],
    "limits": {"maxChars", "maxLines"}}``: the preludes (earlier examples of the same session)
    run quietly first in the same namespace. ``limits`` may also hold ``maxMemoryMiB``, the
    most memory Python has (the browser's worker caps it): a MemoryError then says so. The
    reply is ``{"stdout", "stderr", "stdoutCut",
    "stderrCut", "raised"}``; a ``*Cut`` is null or ``{"lines", "chars"}`` that were cut.

    >>> reply = run_example(json.dumps({
    ...     "filename": "<example-2>", "code": "print(answer)",
    ...     "preludes": [{"filename": "<example-1>", "code": "answer = 42\\nprint('quiet')"}],
    ...     "limits": {"maxChars": 1000, "maxLines": 10}}))
    >>> json.loads(reply)["stdout"]
    '42\\n'
    """
    request = json.loads(request_json)
    limits = request["limits"]
    memory_mib = limits.get("maxMemoryMiB")
    # Taken before the reader's code runs, which may replace them (restored after the run).
    dumps, stdout_saved, stderr_saved = json.dumps, sys.stdout, sys.stderr
    builtins_module = builtins

    def stream(name: str) -> CappedText:
        emit = None if on_output is None else (lambda text: on_output(name, text))
        return CappedText(limits["maxChars"], limits["maxLines"], emit)

    out, err = stream("stdout"), stream("stderr")
    namespace: dict[str, Any] = {"__name__": "__main__", "__builtins__": builtins}
    saved_input = builtins.input
    builtins.input = no_input
    failure = None
    try:
        for prelude in request["preludes"]:
            # Earlier examples of the session run quietly: only their names are wanted.
            sys.stdout = sys.stderr = CappedText(0, 0)
            failure = _run_source(prelude["code"], prelude["filename"], namespace, memory_mib)
            if failure is not None:
                failure = "An earlier example of this session failed:\n" + failure
                break
        if failure is None:
            sys.stdout, sys.stderr = out, err
            failure = _run_source(request["code"], request["filename"], namespace, memory_mib)
    finally:
        sys.stdout, sys.stderr = stdout_saved, stderr_saved
        builtins_module.input = saved_input
    if failure is not None:
        err.write(failure)
    stdout, stdout_cut = out.result()
    stderr, stderr_cut = err.result()
    return dumps({
        "stdout": stdout, "stderr": stderr,
        "stdoutCut": stdout_cut, "stderrCut": stderr_cut,
        "raised": failure is not None,
    })


# --- a clean Python for every run ---------------------------------------------------------


def _is_model_module(name: str) -> bool:
    """The package's modules that are imported afresh (all of it but this module)."""
    return (name == MODEL_PACKAGE or name.startswith(MODEL_PACKAGE + ".")) and name != __name__


def _own_classes(module: ModuleType) -> list[type]:
    """The classes written in Python that `module` defines (those a run could change)."""
    found = []
    for value in list(vars(module).values()):
        if (isinstance(value, type) and value.__module__ == module.__name__
                and not value.__flags__ & _IMMUTABLE_TYPE):
            found.append(value)
    return found


def _restore_namespace(target: Any, saved: dict[str, Any], setter: Callable[..., None],
                       deleter: Callable[..., None]) -> bool:
    """Put the attributes of `target` (a module or a class) back as in `saved`; True if any
    changed. Only what differs is touched: a module's namespace is never emptied, since
    Python itself may read ``sys`` or ``builtins`` in between."""
    current = vars(target)
    changed = False
    for key in [key for key in current if key not in saved]:
        deleter(target, key)
        changed = True
    for key, value in saved.items():
        if current.get(key, _MISSING) is not value:
            setter(target, key, value)
            changed = True
    return changed


_MISSING = object()


def _changed(current: Mapping[str, Any], saved: dict[str, Any]) -> bool:
    """Whether a saved key of a namespace now holds another object (or none).

    The loop runs in C (``map`` over ``dict.get`` and ``operator.is_not``): the worker makes
    this test on every module and class before each run, so it must cost almost nothing."""
    return any(map(is_not, map(current.get, saved, repeat(_MISSING)), saved.values()))


#: Lists and dicts of the runtime that a run may change in place (module, attribute).
_MUTABLE_LISTS = (("sys", "path"), ("sys", "meta_path"), ("sys", "path_hooks"), ("sys", "argv"),
                  ("warnings", "filters"))
_MUTABLE_DICTS = (("sys", "path_importer_cache"),)


@dataclass
class _Functions:
    """The functions of the modules and classes kept, and their parts, column by column
    (so that comparing them all is a few loops in C)."""

    functions: tuple[Any, ...] = ()
    parts: dict[str, tuple[Any, ...]] = field(default_factory=dict)

    @classmethod
    def of(cls, functions: list[Any]) -> _Functions:
        return cls(tuple(functions), {name: tuple(map(attrgetter(name), functions))
                                      for name in _FUNCTION_PARTS})

    def changed(self) -> list[int]:
        """Where the functions are whose code, defaults or keyword defaults were swapped."""
        found: set[int] = set()
        for name, saved in self.parts.items():
            now = map(attrgetter(name), self.functions)
            if any(map(is_not, now, saved)):
                found.update(index for index, (a, b) in enumerate(
                    zip(map(attrgetter(name), self.functions), saved, strict=True)) if a is not b)
        return sorted(found)

    def restore(self) -> None:
        for index in self.changed():
            for name, saved in self.parts.items():
                setattr(self.functions[index], name, saved[index])


@dataclass
class Baseline:
    """The state of Python that every run starts from (see the module's docstring)."""

    modules: dict[str, ModuleType]
    module_attrs: dict[str, dict[str, Any]]
    class_attrs: list[tuple[type, dict[str, Any]]]
    package_files: dict[Path, bytes]
    package_dirs: set[Path]
    recursion_limit: int
    int_max_str_digits: int
    cwd: str
    environ: dict[str, str]
    functions: _Functions = field(default_factory=_Functions)
    lists: dict[tuple[str, str], list[Any]] = field(default_factory=dict)
    dicts: dict[tuple[str, str], dict[Any, Any]] = field(default_factory=dict)

    @classmethod
    def capture(cls) -> Baseline:
        """Record the state now (the package imported, nothing of the reader's run yet).

        Python stops writing bytecode caches from here on, so that the package's folder holds
        exactly its files and any file a run adds there can be removed. The bytecode the
        package came with (``__pycache__``; the site ships it precompiled) is one of its files:
        it is kept, so that importing the package afresh after every run does not compile it.
        """
        sys.dont_write_bytecode = True
        package = _import_package()
        root = Path(str(package.__file__)).parent
        dirs, paths = _tree(root)
        files = {path: path.read_bytes() for path in paths}
        kept = {name: module for name, module in sys.modules.items()
                if not _is_model_module(name) and isinstance(module, ModuleType)}
        classes = [klass for module in kept.values() for klass in _own_classes(module)]
        functions = [value for namespace in [*kept.values(), *classes]
                     for value in list(vars(namespace).values())
                     if isinstance(value, FunctionType)]
        return cls(
            modules=dict(sys.modules),
            module_attrs={name: dict(vars(module)) for name, module in kept.items()},
            class_attrs=[(klass, dict(vars(klass))) for klass in classes],
            package_files=files,
            package_dirs=dirs,
            recursion_limit=sys.getrecursionlimit(),
            int_max_str_digits=sys.get_int_max_str_digits(),
            cwd=os.getcwd(),
            environ=dict(os.environ),
            functions=_Functions.of(functions),
            lists={(module, name): list(getattr(kept[module], name))
                   for module, name in _MUTABLE_LISTS if module in kept},
            dicts={(module, name): dict(getattr(kept[module], name))
                   for module, name in _MUTABLE_DICTS if module in kept},
        )

    def restore(self) -> None:
        """Undo whatever the last run changed, and import the model package afresh."""
        # First what makes Python itself unusable: emptied builtins (nothing below could even
        # call len()), a tiny recursion limit, a trace function.
        builtins.__dict__.update(self.module_attrs["builtins"])
        sys.setrecursionlimit(self.recursion_limit)
        gc.enable()
        sys.settrace(None)
        sys.setprofile(None)
        sys.set_int_max_str_digits(self.int_max_str_digits)
        modules = sys.modules
        for name in [name for name in modules if name not in self.modules]:
            del modules[name]
        for name, module in self.modules.items():
            if not _is_model_module(name) and modules.get(name) is not module:
                modules[name] = module
        # Only the namespaces that differ are walked key by key (most runs change none).
        for name, saved in self.module_attrs.items():
            module = self.modules[name]
            if len(vars(module)) != len(saved) or _changed(vars(module), saved):
                _restore_namespace(module, saved, setattr, delattr)
        for klass, saved in self.class_attrs:
            # Dunder entries such as __dict__ and __weakref__ are descriptors type.__setattr__
            # refuses to rebind; they are left as they are unless they were changed.
            if len(vars(klass)) != len(saved) or _changed(vars(klass), saved):
                _restore_namespace(klass, saved, _set_class_attr, _del_class_attr)
        self.functions.restore()
        for (module_name, name), saved_list in self.lists.items():
            getattr(self.modules[module_name], name)[:] = saved_list
        for (module_name, name), saved_dict in self.dicts.items():
            current = getattr(self.modules[module_name], name)
            current.clear()
            current.update(saved_dict)
        os.environ.clear()
        os.environ.update(self.environ)
        os.chdir(self.cwd)
        _cancel_tasks()
        self._restore_package()

    def _restore_package(self) -> None:
        """Put the package's files back as loaded, then import it afresh."""
        dirs, paths = _tree(self._package_root())
        for path in paths:
            if path not in self.package_files:
                path.unlink()
        for path in sorted(dirs - self.package_dirs, reverse=True):
            path.rmdir()
        for directory in sorted(self.package_dirs):
            directory.mkdir(exist_ok=True)
        for path, data in self.package_files.items():
            try:
                same = path.read_bytes() == data
            except OSError:
                same = False
            if not same:
                path.write_bytes(data)
        for name in [name for name in sys.modules if _is_model_module(name)]:
            del sys.modules[name]
        package = _import_package()
        # The parent package knows this module again (it was kept, not reimported).
        setattr(package, __name__.rpartition(".")[2], sys.modules[__name__])

    def _package_root(self) -> Path:
        return min(self.package_dirs, key=lambda path: len(path.parts))

    def check(self) -> list[str]:
        """What is not as it was at the start (empty when this Python is fit to run code).

        Cheap: it compares identities and settings, it does not run anything.
        """
        problems = []
        if sys.getrecursionlimit() != self.recursion_limit:
            problems.append("the recursion limit")
        if not gc.isenabled():
            problems.append("the garbage collector")
        if sys.gettrace() is not None or sys.getprofile() is not None:
            problems.append("a trace or profile function")
        modules = sys.modules
        for name, saved in self.module_attrs.items():
            module = modules.get(name)
            if module is not self.modules[name] or _changed(vars(module), saved):
                problems.append(f"module {name}")
        for klass, saved in self.class_attrs:
            if _changed(vars(klass), saved):
                problems.append(f"class {klass.__module__}.{klass.__qualname__}")
        if self.functions.changed():
            problems.append("the code of a function")
        if not all(_is_model_module(name) or name in self.modules for name in sys.modules):
            problems.append("modules imported by a run")
        return problems


def _import_package() -> ModuleType:
    """Import the model package and read its card data now.

    The package reads its cards on first use; a restore runs in the worker's idle time after a
    Run, so reading them here spares the reader's next Run that time (most of a short one's)."""
    package = __import__(MODEL_PACKAGE)
    sys.modules[f"{MODEL_PACKAGE}._cards"]._database()
    return package


# try/except rather than contextlib.suppress: these run while contextlib itself may still be
# the reader's version.
def _cancel_tasks() -> None:
    """Cancel the asyncio tasks a run left behind (in the browser the event loop always runs,
    so a task would otherwise go on between and during later runs)."""
    asyncio = sys.modules.get("asyncio")
    if asyncio is None:
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return  # no loop runs (natively): no task can go on
    for task in asyncio.all_tasks(loop):
        task.cancel()


def _set_class_attr(klass: type, key: str, value: Any) -> None:
    try:  # noqa: SIM105
        setattr(klass, key, value)
    except (AttributeError, TypeError):
        pass


def _del_class_attr(klass: type, key: str) -> None:
    try:  # noqa: SIM105
        delattr(klass, key)
    except (AttributeError, TypeError):
        pass


def _tree(root: Path) -> tuple[set[Path], list[Path]]:
    """The folders under `root` (itself included) and the files in them.

    ``os.walk`` rather than ``Path.rglob``: it is several times faster under Pyodide, and the
    capture it serves is part of the reader's first Run."""
    dirs: set[Path] = set()
    files: list[Path] = []
    for folder, subfolders, names in os.walk(root):
        here = Path(folder)
        dirs.add(here)
        files.extend(here / name for name in names)
        # A link to a folder is listed with the folders but not walked: it is a file here.
        files.extend(here / name for name in subfolders if os.path.islink(here / name))
    return dirs, files


class Runner:
    """What the browser's worker holds: runs examples, each from the same clean state.

    Created once Python and the package are loaded; the worker calls :meth:`run` for each
    Run, :meth:`restore` after it, and :meth:`check` before the next one.
    """

    def __init__(self) -> None:
        self.baseline = Baseline.capture()
        self.dirty = False
        #: Whether any reader code has run here yet (until then nothing can have changed).
        self.has_run = False

    def run(self, request_json: str, on_output: OutputCallback | None = None) -> str:
        """Run one example (see :func:`run_example`)."""
        self.dirty = self.has_run = True
        return run_example(request_json, on_output)

    def restore(self) -> None:
        """Undo what the last run changed (nothing to do if nothing ran since)."""
        if self.dirty:
            self.baseline.restore()
            self.dirty = False

    def check(self) -> str:
        """JSON list of what is damaged (restored once first); ``[]``: fit to run code.

        Before the first run there is nothing to check: only a reader's code (or a callback
        it left behind) could have changed this Python, and none has run yet."""
        if not self.has_run:
            return "[]"
        problems = self.baseline.check()
        if problems:
            self.baseline.restore()
            problems = self.baseline.check()
        return json.dumps(problems)
