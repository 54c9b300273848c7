"""The examples' runner (flipcards._runner): output, tracebacks, and a clean Python per run.

The isolation tests change the interpreter on purpose (builtins, sys, the package's files), so
each runs in a Python of its own, on a copy of the package in a temporary folder: the browser's
worker in miniature.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from flipcards._runner import CappedText, run_example

PACKAGE = Path(__file__).resolve().parents[1] / "pysrc" / "flipcards"
LIMITS = {"maxChars": 100_000, "maxLines": 2_000}

#: A normal example, and what it prints in a clean Python.
NORMAL = ('from flipcards import Game\n'
          'game = Game("2004")\n'
          'hero = game.put("Bushi Tenderfoot")\n'
          'game.flip(hero)\n'
          'print(hero)\n'
          'print(sum([1, 2, 3]), len(game.log) > 0)\n')
NORMAL_OUTPUT = ("Kenzo the Hardhearted {W} · Legendary Creature — Human Samurai · 3/4 · flipped\n"
                 "6 True\n")


def request(code: str, preludes: list[dict[str, str]] | None = None) -> str:
    return json.dumps({"filename": "<example-1>", "code": code, "preludes": preludes or [],
                       "limits": LIMITS})


def test_normal_example_prints_its_output() -> None:
    reply = json.loads(run_example(request(NORMAL)))
    assert reply == {"stdout": NORMAL_OUTPUT, "stderr": "", "stdoutCut": None,
                     "stderrCut": None, "raised": False}


def test_exception_gives_the_readers_frames_only() -> None:
    reply = json.loads(run_example(request("import json\nprint('a')\njson.loads('{x')\n")))
    assert reply["raised"] is True
    assert reply["stdout"] == "a\n"
    assert 'File "<example-1>", line 3, in <module>' in reply["stderr"]
    assert "json/decoder.py" not in reply["stderr"]
    assert "_runner" not in reply["stderr"]


#: Exceptions hard to put in words, and how their tracebacks start and end.
HARD_TO_TELL = {
    # Each exception of a group shows the reader's frames only.
    "group": ("import json\ntry:\n    json.loads('{x')\nexcept ValueError as e:\n"
              "    raise ExceptionGroup('two', [e, KeyError(1)])\n",
              'Traceback (most recent call last):\n  File "<example-1>", line 3, in <module>\n',
              "    +------------------------------------\n"),
    # Told whole, oldest first, 3,000 chained exceptions filled the output before the one
    # raised last: the reader saw "ValueError: 0" and a note that the rest was cut.
    "chain": ("error = None\nfor n in range(3000):\n    newer = ValueError(n)\n"
              "    newer.__context__ = error\n    error = newer\nraise error\n",
              "(2990 earlier exceptions of this chain are not shown.)\n\nValueError: 2990\n",
              '  File "<example-1>", line 6, in <module>\n    raise error\nValueError: 2999\n'),
    # The lowest recursion limit Python takes left too little to format the traceback.
    "recursion-limit": ("import sys\nlimit = 10\nwhile True:\n    try:\n"
                        "        sys.setrecursionlimit(limit)\n        break\n"
                        "    except RecursionError:\n        limit += 1\n1 / 0\n",
                        "Traceback (most recent call last):\n",
                        "ZeroDivisionError: division by zero\n"),
    # The exception's own code raises as the traceback is formatted: its type and message.
    "untellable": ("class Odd(Exception):\n    @property\n    def __traceback__(self):\n"
                   "        raise RuntimeError('no')\nraise Odd('odd one')\n",
                   "Odd: odd one\n", "(Its traceback could not be put in words.)\n"),
}


@pytest.mark.parametrize("case", list(HARD_TO_TELL))
def test_a_traceback_is_told_however_hard_the_exception(case: str) -> None:
    """The runner's own failure used to replace these (its worker failed: no traceback)."""
    code, starts, ends = HARD_TO_TELL[case]
    limit = sys.getrecursionlimit()
    try:
        reply = json.loads(run_example(request(code)))
    finally:
        sys.setrecursionlimit(limit)
    assert reply["raised"] is True
    assert reply["stderr"].startswith(starts), reply["stderr"][:300]
    assert reply["stderr"].endswith(ends), reply["stderr"][-300:]
    assert "json/decoder.py" not in reply["stderr"] and "_runner" not in reply["stderr"]


@pytest.mark.parametrize(
    "code", ["import sys\nsys.exit(3)", "raise SystemExit", "raise KeyboardInterrupt"])
def test_exits_are_reported_not_obeyed(code: str) -> None:
    reply = json.loads(run_example(request(code)))
    assert reply["raised"] is True
    assert reply["stderr"].startswith("Traceback")


def test_input_says_it_is_not_available() -> None:
    reply = json.loads(run_example(request("input('name? ')")))
    assert "input() is not available in examples" in reply["stderr"]
    import builtins
    assert builtins.input is not None and builtins.input.__module__ == "builtins"


def test_memory_error_names_the_workers_cap() -> None:
    code = "chunks = [bytearray(10)]\nraise MemoryError"
    capped = json.dumps({"filename": "<example-1>", "code": code, "preludes": [],
                         "limits": {**LIMITS, "maxMemoryMiB": 512}})
    reply = json.loads(run_example(capped))
    assert reply["raised"] is True
    assert reply["stderr"].endswith(
        "MemoryError\n\nThe example ran out of memory: an example may use up to 512 MiB.\n")
    # Without a cap (Python outside the browser) a MemoryError is only the traceback, and
    # another error never mentions memory.
    assert json.loads(run_example(request(code)))["stderr"].endswith("\nMemoryError\n")
    other = json.loads(run_example(capped.replace("raise MemoryError", "1 / 0")))
    assert "memory" not in other["stderr"]


def test_output_is_passed_on_as_it_is_printed() -> None:
    seen: list[tuple[str, str]] = []
    run_example(request("import sys\nprint('one')\nprint('two', file=sys.stderr)\n"),
                lambda stream, text: seen.append((stream, text)))
    assert "".join(text for stream, text in seen if stream == "stdout") == "one\n"
    assert "".join(text for stream, text in seen if stream == "stderr") == "two\n"


def test_capped_text_passes_on_only_what_it_keeps() -> None:
    seen: list[str] = []
    out = CappedText(max_chars=10, max_lines=100, on_write=seen.append)
    out.write("12345")
    out.write("67890abcdef")
    out.write("more")
    assert "".join(seen) == "1234567890"
    assert out.result() == ("1234567890", {"lines": 0, "chars": 10})


def test_capped_text_cuts_at_the_most_characters_inside_a_line() -> None:
    """Output is cut at its most characters exactly, not at the line end before them: the page
    shows a cut note only for output that reached a limit it can see."""
    out = CappedText(max_chars=10, max_lines=100)
    out.write("12345\n")
    out.write("67890abc\n")
    assert out.result() == ("12345\n6789", {"lines": 0, "chars": 5})


def test_sessions_run_their_preludes_quietly() -> None:
    reply = json.loads(run_example(request(
        "print(x)", [{"filename": "<example-0>", "code": "x = 5\nprint('quiet')"}])))
    assert reply["stdout"] == "5\n"


# --- a clean Python for every run ------------------------------------------------------------

#: Runs in a Python of its own: a Runner on a copy of the package; each hostile run is followed
#: by a restore, the check, and the normal example, whose output must be the clean one.
#: (A function: the restore also puts back the globals of __main__.)
SCRIPT = textwrap.dedent('''
    import json, sys
    def main():
        sys.path.insert(0, sys.argv[1])
        from flipcards.browser import Runner
        runner = Runner()
        limits = {"maxChars": 100000, "maxLines": 2000}
        def run(code):
            return json.loads(runner.run(json.dumps(
                {"filename": "<example-1>", "code": code, "preludes": [], "limits": limits})))
        hostile = json.loads(sys.stdin.read())
        caught = BaseException  # the name itself may be gone after the hostile run
        try:
            first = run(hostile)
        except caught:  # the hostile run may break the run that made it
            first = None
        runner.restore()
        problems = json.loads(runner.check())
        after = run(NORMAL)
        runner.restore()
        print(json.dumps({"first": first, "problems": problems, "after": after}))
    main()
''').replace("NORMAL", repr(NORMAL))

#: Code that damages the interpreter for whatever runs after it.
HOSTILE = {
    "replace-game": "import flipcards\nflipcards.Game = None",
    "replace-method": "from flipcards import Game\nGame.put = lambda *a, **k: 1 / 0",
    "replace-print": "import builtins\nbuiltins.print = lambda *a, **k: None",
    "delete-builtin": "import builtins\ndel builtins.sum",
    "empty-builtins": "import builtins\nbuiltins.__dict__.clear()",
    "recursion-limit": "import sys\nsys.setrecursionlimit(30)",
    "trace-function": "import sys\nsys.settrace(lambda *a: None)",
    "replace-stdout": "import sys, io\nsys.stdout = io.StringIO()\nsys.__stdout__ = None",
    "fake-module": "import sys, types\nsys.modules['flipcards'] = types.ModuleType('flipcards')",
    "drop-module": "import sys\ndel sys.modules['json']",
    "added-module": "import sys, types\nsys.modules['evil'] = types.ModuleType('evil')",
    "stdlib-function": "import json\njson.dumps = None\njson.loads = None",
    "stdlib-class": "import json\njson.JSONEncoder.encode = lambda self, o: 'x'",
    "function-code": ("import flipcards._runner as r\n"
                      "r.short_traceback.__code__ = (lambda e: '').__code__"),
    "package-file": ("import flipcards, pathlib\n"
                     "p = pathlib.Path(flipcards.__file__)\n"
                     "p.write_text('raise SystemExit(9)')\n"
                     "(p.parent / 'extra.py').write_text('x = 1')"),
    "package-data": ("import flipcards._cards as cards\n"
                     "for value in list(vars(cards).values()):\n"
                     "    if isinstance(value, dict) and value is not __builtins__:\n"
                     "        value.clear()"),
    "sys-path": "import sys\nsys.path.clear()\nsys.meta_path.clear()",
    "warnings": "import warnings\nwarnings.simplefilter('error')",
    "cwd-and-environ": "import os\nos.chdir('/')\nos.environ['PYTHONSAFEPATH'] = '1'",
    "int-digits": "import sys\nsys.set_int_max_str_digits(640)",
    "gc-off": "import gc\ngc.disable()",
}


@pytest.fixture
def package_copy(tmp_path: Path) -> Path:
    shutil.copytree(PACKAGE, tmp_path / "flipcards",
                    ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


@pytest.mark.parametrize("case", list(HOSTILE))
def test_each_run_starts_from_a_clean_python(case: str, package_copy: Path) -> None:
    result = subprocess.run([sys.executable, "-c", SCRIPT, str(package_copy)],
                            input=json.dumps(HOSTILE[case]), capture_output=True, text=True,
                            timeout=60, check=False, cwd=package_copy)
    assert result.returncode == 0, result.stderr
    outcome = json.loads(result.stdout)
    assert outcome["problems"] == []
    assert outcome["after"]["stderr"] == ""
    assert outcome["after"]["stdout"] == NORMAL_OUTPUT


def test_restore_keeps_the_packages_bytecode(package_copy: Path) -> None:
    """The package's ``__pycache__`` (precompiled, as the site ships it) survives a run and a
    restore, and a bytecode file a run rewrites is put back: importing afresh never compiles."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", "--invalidation-mode",
                    "unchecked-hash", str(package_copy / "flipcards")], check=True)
    cache = package_copy / "flipcards" / "__pycache__"
    shipped = {path.name: path.read_bytes() for path in cache.iterdir()}
    script = textwrap.dedent('''
        import json, pathlib, sys
        def main():
            sys.path.insert(0, sys.argv[1])
            from flipcards.browser import Runner
            runner = Runner()
            limits = {"maxChars": 100000, "maxLines": 2000}
            code = ("import pathlib, flipcards\\n"
                    "cache = pathlib.Path(flipcards.__file__).parent / '__pycache__'\\n"
                    "for path in cache.glob('_cards.*.pyc'):\\n"
                    "    path.write_bytes(b'not bytecode')\\n")
            runner.run(json.dumps({"filename": "<example-1>", "code": code, "preludes": [],
                                   "limits": limits}))
            runner.restore()
            import flipcards._cards
            print(json.dumps(flipcards._cards.__cached__))
        main()
    ''')
    result = subprocess.run([sys.executable, "-c", script, str(package_copy)],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout).startswith(str(cache))
    assert {path.name: path.read_bytes() for path in cache.iterdir()} == shipped


def test_restore_puts_the_package_folder_back(package_copy: Path, tmp_path: Path) -> None:
    """Folders and files a run adds in the package are removed, a link it makes to a folder
    elsewhere is removed without touching what it points to, and a file it deletes is back."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "keep.txt").write_text("mine")
    before = sorted(str(path.relative_to(package_copy)) for path in package_copy.rglob("*"))
    script = textwrap.dedent('''
        import json, sys
        def main():
            sys.path.insert(0, sys.argv[1])
            from flipcards.browser import Runner
            runner = Runner()
            code = ("import os, pathlib, flipcards\\n"
                    "root = pathlib.Path(flipcards.__file__).parent\\n"
                    "(root / 'new' / 'deeper').mkdir(parents=True)\\n"
                    "(root / 'new' / 'deeper' / 'x.py').write_text('x = 1')\\n"
                    "(root / 'data' / 'cards.json').unlink()\\n"
                    f"os.symlink({sys.argv[2]!r}, root / 'outside')\\n")
            reply = runner.run(json.dumps({"filename": "<example-1>", "code": code,
                                           "preludes": [],
                                           "limits": {"maxChars": 1000, "maxLines": 10}}))
            runner.restore()
            print(reply)
        main()
    ''')
    result = subprocess.run([sys.executable, "-c", script, str(package_copy), str(elsewhere)],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["raised"] is False
    after = sorted(str(path.relative_to(package_copy)) for path in package_copy.rglob("*"))
    assert after == before
    assert (elsewhere / "keep.txt").read_text() == "mine"


def test_card_data_is_read_before_the_next_run(package_copy: Path) -> None:
    """The runner reads the package's cards when it imports it (at the start and in every
    restore, both in the worker's idle time), so a Run does not pay for it."""
    script = textwrap.dedent('''
        import json, sys
        def main():
            sys.path.insert(0, sys.argv[1])
            from flipcards.browser import Runner
            runner = Runner()
            cached = [sys.modules["flipcards._cards"]._database.cache_info().currsize]
            runner.run(json.dumps({"filename": "<example-1>", "code": "x = 1", "preludes": [],
                                   "limits": {"maxChars": 100, "maxLines": 10}}))
            runner.restore()
            cached.append(sys.modules["flipcards._cards"]._database.cache_info().currsize)
            print(json.dumps(cached))
        main()
    ''')
    result = subprocess.run([sys.executable, "-c", script, str(package_copy)],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [1, 1]


def test_check_names_what_is_damaged_until_restored(package_copy: Path) -> None:
    script = textwrap.dedent('''
        import builtins, json, sys
        def main():
            sys.path.insert(0, sys.argv[1])
            from flipcards._runner import Baseline
            baseline = Baseline.capture()
            assert baseline.check() == [], baseline.check()
            builtins.print = None
            sys.setrecursionlimit(50)
            problems = baseline.check()
            baseline.restore()
            print(json.dumps([problems, baseline.check()]))
        main()
    ''')
    result = subprocess.run([sys.executable, "-c", script, str(package_copy)],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    before, after = json.loads(result.stdout)
    assert "module builtins" in before and "the recursion limit" in before
    assert after == []
