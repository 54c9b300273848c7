# ruff: noqa: E501  (the corpus reads best one case to a line)
"""The hostile corpus: what careless or hostile readers type into examples and open as links.

Every case asserts what a reader relies on, whatever the input:

- the page stays responsive: a timer the page sets when the run starts fires within 200 ms;
- nothing is inserted as HTML, no dialog opens, no request leaves the site's origin (a server on
  another origin counts what reaches it: nothing may);
- the reader's code is still there (in the editor, and kept for the tab);
- a normal example still runs afterwards and prints its pre-rendered output.

One tab serves all the code cases, so that Python stays loaded between them as it does for a
reader (a case that stops or breaks the worker makes the next run start a fresh one).
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from conftest import Elsewhere, Site, Tab, open_tab
from fcpage import (
    CALLBACK,
    edit,
    editor_text,
    follow_link,
    holds_soon,
    kept_edit,
    kept_undo,
    open_page,
    output_text,
    share_fragment,
    status,
    wait_finished,
    wait_state,
    wait_taken_over,
)
from playwright.sync_api import Browser, Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

REFUSED = "examples cannot use the network"
HTML = "<img src=x onerror=alert(1)><script>alert(2)</script>"

#: A timer set when the run starts must fire within this many milliseconds.
MAX_TIMER_DELAY_MS = 200

# When the example's status turns to "running", a timer is set; `__fcTimerDelay` is how long it
# took to fire (null until it has). `__fcStatesSeen` lists the states the probe saw, for the
# message of a probe that never fired.
TIMER_PROBE = """(status) => {
    window.__fcTimerDelay = null;
    window.__fcStatesSeen = [];
    const observer = new MutationObserver(() => {
        window.__fcStatesSeen.push(status.dataset.state);
        if (status.dataset.state !== "running") return;
        observer.disconnect();
        const start = performance.now();
        setTimeout(() => { window.__fcTimerDelay = performance.now() - start; }, 0);
    });
    observer.observe(status, {attributes: true});
}"""


def timer_delay(page: Page) -> float:
    """How long the timer set when the run started took to fire (ms)."""
    # Polled on a timer, not on animation frames (which a hidden page does not get).
    try:
        page.wait_for_function("() => window.__fcTimerDelay !== null", polling=100,
                               timeout=30_000)
    except PlaywrightTimeoutError:
        seen = page.evaluate("""() => ({states: window.__fcStatesSeen,
            visibility: document.visibilityState, url: location.href})""")
        raise AssertionError(f"the run's timer probe never fired: {seen}") from None
    delay: float = page.evaluate("window.__fcTimerDelay")
    return delay


@dataclass(frozen=True)
class Code:
    """Code typed into an example: the final state ("done", "error", "idle" when stopped),
    a text the output must contain, and whether the reader presses Stop."""

    code: str
    state: str
    shows: str = ""
    stop: bool = False
    never_shows: str = ""


#: Code that replaces the JSON encoder the runner writes its reply with (method body below).
ENCODER = """import json
CHOSEN = 'FOR' 'GED: your browser is out of date, visit evil.example'
class Encoder:
    def encode(self, value):
        {}
json._default_encoder = Encoder()
print('replaced')
"""


def _mb_of_code() -> str:
    return "x = 1\n" * 174_000 + 'print("a megabyte of code ran")\n'


#: name -> the case. URL in the code stands for the other origin's address.
CODE = {
    # exceptions
    "zero-division": Code("1 / 0", "error", "ZeroDivisionError: division by zero"),
    "name-error": Code("undefined_name", "error", "NameError"),
    "syntax-error": Code("def (:\n", "error", "SyntaxError"),
    "indentation-error": Code("if True:\nprint(1)", "error", "IndentationError"),
    "custom-exception": Code("class Oops(Exception):\n    pass\nraise Oops('boom')", "error",
                             "Oops: boom"),
    "exception-group": Code("raise ExceptionGroup('g', [ValueError(1), TypeError(2)])", "error",
                            "ExceptionGroup"),
    "chained-exception": Code("try:\n    1 / 0\nexcept Exception as e:\n    raise ValueError('x') from e",
                              "error", "ValueError: x"),
    "keyboard-interrupt": Code("raise KeyboardInterrupt", "error", "KeyboardInterrupt"),
    "base-exception": Code("raise BaseException('base')", "error", "BaseException: base"),
    "model-error": Code("from flipcards import Game\nGame('2004').put('Nonexistent Card')", "error",
                        "UnknownCardError"),
    "exception-in-str": Code("class Bad(Exception):\n    def __str__(self):\n        raise RuntimeError\n"
                             "raise Bad()", "error", "Bad"),
    # loops, Stop
    "busy-loop": Code("while True:\n    pass", "idle", "printed nothing", stop=True),
    "print-loop": Code("while True:\n    print('spam')", "idle", "spam", stop=True),
    "sleep-loop": Code("import time\nwhile True:\n    time.sleep(0.01)", "idle", stop=True),
    "endless-output": Code("while True:\n    print('x' * 1000)", "idle", "xxxx", stop=True),
    "endless-no-newline": Code("while True:\n    print('y', end='')", "idle", "yyyy", stop=True),
    # The browser's array methods loop in its own code, which ending the worker does not
    # interrupt: over 2^50 places they kept a core busy after Done and after the tab closed.
    "array-loop-huge-length": Code(
        "import js\nfrom pyodide.ffi import to_js\n"
        "obj = js.Object.fromEntries(to_js([['length', 2**50]]))\n"
        "js.Array.prototype.indexOf.call(obj, 'x')", "error",
        "examples cannot loop over more than 16,777,216 places"),
    "array-loop-sparse-array": Code(
        "import js\na = js.Array.new()\na.length = 2**32 - 1\na.forEach(lambda *x: None)",
        "error", "Array.prototype.forEach over 4294967295 places was refused"),
    "array-loop-getter-length": Code(
        "import js\nfrom pyodide.ffi import create_proxy, to_js\no = js.Object.new()\n"
        "js.Object.defineProperty(o, 'length', js.Object.fromEntries(to_js("
        "[['get', create_proxy(lambda: 5)]])))\njs.Array.prototype.includes.call(o, 1)",
        "error", "on an object whose length is read by code"),
    "array-loop-flat-nested": Code(
        "import js\na = js.Array.new()\na.length = 2**32 - 1\njs.Array.of(a).flat()",
        "error", "Array.prototype.flat over 4294967295 places"),
    "array-loop-concat-spread": Code(
        "import js\na = js.Array.new()\na.length = 2**32 - 1\njs.Array.new().concat(a)",
        "error", "Array.prototype.concat over 4294967295 places"),
    # The guard's own loops ask no iterator: one replaced by reader code switched its check off.
    "array-loop-concat-iterator-replaced": Code(
        "import js\na = js.Array.new()\na.length = 2**32 - 1\n"
        "js.Reflect.set(js.Array.prototype, js.Symbol.iterator, js.Reflect.get(js.Array.prototype, 'keys'))\n"
        "js.Array.new().concat(a)", "error", "Array.prototype.concat over 4294967295 places"),
    "array-proxy-forwarding-natively": Code(
        "import js\nfrom pyodide.ffi import create_proxy, to_js\n"
        "get = create_proxy(lambda t, k, r: 2**50 if k == 'length' else js.Reflect.get(t, k, r))\n"
        "p = js.Proxy.new(js.Array.new(), js.Object.fromEntries(to_js([['get', get]])))\n"
        "js.Array.prototype.indexOf.call(p, 'x')", "idle", stop=True),
    # Sorted with the browser's own comparison, it ran on for minutes after the time limit.
    "array-sort-long-strings": Code(
        "import js\nfrom pyodide.ffi import to_js\nL = 10_000_000\n"
        "pieces = to_js([L - i for i in range(6000)]).map("
        "js.String.prototype.substring.bind('a' * L, 0))\npieces.sort()\n"
        "print(len(pieces[0]), len(pieces[5999]))", "done", "9994001 10000000"),
    "array-methods-still-work": Code(
        "import js\nfrom pyodide.ffi import to_js\nwords = to_js(['b', 'a', None, 'c'])\n"
        "print(words.sort().join(','), js.Array.prototype.indexOf.call(to_js([1, 2, 3]), 2),"
        " to_js([[1, [2]], [3]]).flat().length, to_js([1, 2]).flatMap(lambda x, *_: to_js([x, x])).join())",
        "done", "a,b,c, 1 3 1,1,2,2"),
    # flat goes into a proxy of an array through its traps, as the browser's did.
    "array-flat-of-a-proxy": Code(
        "import js\nfrom pyodide.ffi import to_js\n"
        "p = js.Proxy.new(to_js([1, [2, 3]]), js.Object.new())\n"
        "print(p.flat().join(), js.Array.of(p).flat(2).join())", "done", "1,2,3 1,2,3"),
    # The browser's normalize reorders a run of combining marks in a time that grows as its
    # square, in its own code: 300,000 pairs kept a core busy for minutes after Stop.
    "normalize-long-run-of-marks": Code(
        "import js\ntext = 'a' + '\\u0301\\u0316' * 300_000\n"
        "js.String.prototype.normalize.call(text, 'NFD')", "error",
        "examples cannot normalize more than 32 combining marks in a row"),
    "normalize-halfwidth-sound-marks": Code(
        "import js\njs.String.prototype.normalize.call('\\uff9e\\u0301' * 50_000, 'NFKD')",
        "error", "String.prototype.normalize(a text with more than 32 combining marks in a row)"),
    # A language tag is read in a time that grows as the square of its variants, and a list of
    # tags is looped over, both in the browser's own code.
    "locale-tag-of-many-variants": Code(
        "import js\nv = lambda i: ''.join('abcdefghijklmnopqrstuvwxyz'[i // 26 ** k % 26] for k in range(5))\n"
        "js.Intl.getCanonicalLocales('en-' + '-'.join(v(i) for i in range(200_000)))", "error",
        "Intl.getCanonicalLocales(a tag of 1200002 characters) was refused"),
    "locale-list-of-huge-length": Code(
        "import js\nlocales = js.Object.new()\nlocales.length = 2**32\n"
        "js.String.prototype.localeCompare.call('a', 'b', locales)", "error",
        "String.prototype.localeCompare(a list of 4294967296 tags) was refused"),
    "locale-tag-told-short-then-long": Code(
        "import js\nfrom pyodide.ffi import create_proxy\nseen = []\n"
        "def tag():\n    seen.append(1)\n    return 'en' if len(seen) == 1 else 'en-' + 'abcde-' * 100_000 + 'x'\n"
        "o = js.Object.new()\no.toString = create_proxy(tag)\n"
        "print(js.Intl.NumberFormat.new(js.Array.of(o)).resolvedOptions().locale, len(seen))",
        "done", "en 1"),
    "locale-functions-still-work": Code(
        "import js\nfrom pyodide.ffi import to_js\n"
        "print(js.Intl.NumberFormat.new('de-DE').format(1234.5), js.Intl.Collator.new(to_js(['sv'])).compare('\\u00e4', 'z'),"
        " js.String.prototype.normalize.call('e\\u0301', 'NFC') == '\\u00e9',"
        " js.Intl.DisplayNames.new(to_js(['en']), js.Object.fromEntries(to_js([['type', 'language']]))).of('fr-CA'),"
        " js.Intl.Collator.prototype.constructor == js.Intl.Collator)",
        "done", "1.234,5 1 True Canadian French True"),
    # A typed array made or set from an object that says its length loops over it in the
    # browser's own code (2^30 places: a core busy for a minute after Stop, then the tab
    # crashed), as its sort with no comparison does (2^27 numbers: 11 s after Stop).
    "typed-array-from-huge-length": Code(
        "import js\no = js.Object.new()\no.length = 2**30\ngetattr(js.Uint8Array, 'from')(o)",
        "error", "TypedArray.from over 1073741824 places was refused"),
    "typed-array-made-from-huge-length": Code(
        "import js\no = js.Object.new()\no.length = 2**30\njs.Uint8Array.prototype.constructor.new(o)",
        "error", "new Uint8Array over 1073741824 places was refused"),
    "typed-array-set-from-huge-length": Code(
        "import js\no = js.Object.new()\no.length = 2**30\njs.Uint8Array.new(8).set(o)",
        "error", "TypedArray.prototype.set over 1073741824 places was refused"),
    "typed-array-sort-large": Code(
        "import js\njs.Uint8Array.new(2**24 + 1).sort()", "error",
        "TypedArray.prototype.sort over 16777217 places was refused"),
    # The words of a run of Thai letters are looked up in one call of the browser's: 450 million
    # letters, made in JavaScript past Python's memory cap, kept a core busy 40 s after Stop.
    "segmenter-long-text": Code(
        "import js\no = js.Object.new()\no.toString = js.String.prototype.repeat.bind('\u0e01\u0e32\u0e23', 2**20)\n"
        "js.Intl.Segmenter.new('th').segment(o)", "error",
        "Intl.Segmenter.prototype.segment(a text of 3145728 characters) was refused"),
    # Two texts are compared, or one put in upper or lower case, in one call of the browser's:
    # comparing two of 2^27 characters made in JavaScript kept a core busy 9 s after Stop.
    "collator-long-texts": Code(
        "import js\nlong = js.String.prototype.repeat.call('a\u0e01', 2**19 + 1)\n"
        "js.Intl.Collator.new('th').compare(long, 'b')", "error",
        "Intl.Collator.prototype.compare(a text of 1048578 characters) was refused"),
    "collator-long-texts-sorted": Code(
        "import js\nfrom pyodide.ffi import to_js\nlong = js.String.prototype.repeat.call('a', 2**20 + 1)\n"
        "to_js(['b', 'a']).concat(js.Array.of(long)).sort(js.Intl.Collator.new('th').compare)", "error",
        "Intl.Collator.prototype.compare(a text of 1048577 characters) was refused"),
    "locale-compare-long-text": Code(
        "import js\nlong = js.String.prototype.repeat.call('a', 2**20 + 1)\n"
        "js.String.prototype.localeCompare.call('b', long)", "error",
        "String.prototype.localeCompare(a text of 1048577 characters) was refused"),
    "locale-case-long-text": Code(
        "import js\nlong = js.String.prototype.repeat.call('i', 2**20 + 1)\n"
        "js.String.prototype.toLocaleUpperCase.call(long, 'tr')", "error",
        "String.prototype.toLocaleUpperCase(a text of 1048577 characters) was refused"),
    "collation-and-case-still-work": Code(
        "import js\nfrom pyodide.ffi import to_js\n"
        "print(to_js(['\u00e4', 'z', 'a']).sort(js.Intl.Collator.new('sv').compare).join(),"
        " js.String.prototype.localeCompare.call('a', 'B', 'en', js.Object.fromEntries(to_js([['sensitivity', 'base']]))),"
        " js.String.prototype.toLocaleUpperCase.call('istanbul', 'tr'), js.String.prototype.localeCompare.length)",
        "done", "a,z,\u00e4 -1 \u0130STANBUL 1"),
    "typed-arrays-and-segmenter-still-work": Code(
        "import js\nfrom pyodide.ffi import to_js\n"
        "print(js.Float64Array.new(to_js([3, -1, 2])).sort().join(), getattr(js.Uint8Array, 'from')(to_js([1, 2])).join(),"
        " js.Uint16Array.new(to_js(b'ab')).join(), js.Uint8Array.new(js.ArrayBuffer.new(8), 2).length,"
        " js.Uint8Array.prototype.constructor == js.Uint8Array, bytes(to_js(b'xyz').subarray(1)),"
        " getattr(js.Array, 'from')(js.Intl.Segmenter.new('en', js.Object.fromEntries(to_js([['granularity', 'word']]))).segment('hi there')).length)",
        "done", "-1,2,3 1,2 97,98 6 True b'yz' 3"),
    "segmenter-older-breaker-taken-away": Code(
        "import js\nprint(hasattr(js.Intl, 'v8BreakIterator'))", "done", "False"),
    "wasm-memory-made": Code(
        "import js\nfrom pyodide.ffi import to_js\n"
        "js.WebAssembly.Memory.new(js.Object.fromEntries(to_js([['initial', 0], ['maximum', 1]])))",
        "error", "new WebAssembly.Memory(…) was refused"),
    "generator-loop": Code("import itertools\nfor _ in itertools.count():\n    pass", "idle", stop=True),
    # huge output
    "many-lines": Code("for i in range(100_000):\n    print(i)", "done", "output cut"),
    "huge-line": Code("print('x' * 5_000_000)", "done", "output cut"),
    "stderr-flood": Code("import sys\nfor i in range(100_000):\n    sys.stderr.write('e\\n')", "done",
                         "output cut"),
    "huge-traceback": Code("raise ValueError('v' * 1_000_000)", "error", "output cut"),
    # recursion
    "deep-recursion": Code("def f(n):\n    return f(n + 1)\nf(0)", "error", "RecursionError"),
    "raised-limit-recursion": Code("import sys\nsys.setrecursionlimit(10**6)\n"
                                   "def f(n):\n    return f(n + 1)\nf(0)", "error"),
    "recursive-repr": Code("items = []\nitems.append(items)\nprint(items)", "done", "[[...]]"),
    "mutual-recursion": Code("def a(n):\n    return b(n)\ndef b(n):\n    return a(n)\na(1)", "error",
                             "RecursionError"),
    # exits
    "sys-exit": Code("import sys\nsys.exit(1)", "error", "SystemExit: 1"),
    "sys-exit-zero": Code("import sys\nsys.exit(0)", "error", "SystemExit"),
    "exit-builtin": Code("exit()", "error"),
    "quit-builtin": Code("quit()", "error"),
    "os-exit": Code("import os\nos._exit(3)", "error"),
    "os-abort": Code("import os\nos.abort()", "error"),
    # Exceptions that are hard to put in words: the traceback is still shown.
    "traceback-under-a-low-recursion-limit": Code("import sys\nsys.setrecursionlimit(10)\n1 / 0",
                                                  "error", "ZeroDivisionError: division by zero"),
    "a-long-chain-of-exceptions": Code("error = None\nfor n in range(3000):\n    newer = ValueError(n)\n"
                                       "    newer.__context__ = error\n    error = newer\nraise error",
                                       "error", "ValueError: 2999"),
    "deeply-nested-exception-groups": Code("error = ValueError('deep')\nfor n in range(2000):\n"
                                           "    error = ExceptionGroup('group', [error])\nraise error",
                                           "error", "ExceptionGroup: group"),
    # input
    "input": Code("name = input('Your name? ')", "error", "input() is not available"),
    "stdin-read": Code("import sys\nsys.stdin.read()", "error"),
    "stdin-readline": Code("import sys\nsys.stdin.readline()", "error"),
    # memory
    # Python's memory is capped: a runaway allocation ends at once, saying why.
    "allocation-loop": Code("chunks = []\nwhile True:\n    chunks.append(bytearray(10**6))", "error",
                            "MemoryError\n\nThe example ran out of memory: an example may use up to 512 MiB."),
    "huge-allocation": Code("bytearray(2**31 - 1)", "error", "ran out of memory"),
    "memory-error-caught": Code("chunks = []\ntry:\n    while True:\n        chunks.append(bytearray(10**7))\n"
                                "except MemoryError:\n    chunks.clear()\n    print('caught MemoryError')",
                                "done", "caught MemoryError"),
    "huge-string": Code("s = 'a' * (2**33)", "error"),
    "huge-int-text": Code("print(10**100_000)", "error", "ValueError"),
    # DOM access through js (a worker has no DOM)
    "js-document": Code(f"import js\njs.document.body.innerHTML = {HTML!r}", "error"),
    "js-alert": Code("import js\njs.alert('hi')", "error"),
    # The runner's own output stream, found up the stack and told to report a cut: the page
    # drew "… output cut: 3 more lines" in its own note's style under one printed line.
    "made-up-cut-note": Code("import sys\nframe = sys._getframe()\n"
                             "while 'out' not in frame.f_locals:\n    frame = frame.f_back\n"
                             "print('one line')\nframe.f_locals['out'].result = lambda: "
                             "('one line\\n', {'lines': 3, 'chars': 120})",
                             "done", "one line", never_shows="output cut"),
    # The same, claiming a cut as long as the most an example shows.
    "made-up-cut-note-of-the-most": Code(
        "import sys\nframe = sys._getframe()\n"
        "while 'out' not in frame.f_locals:\n    frame = frame.f_back\n"
        "print('one line')\nframe.f_locals['out'].result = lambda: "
        "('one line\\n', {'lines': 3, 'chars': 100_000})",
        "done", "one line", never_shows="output cut"),
    "js-forged-result": Code("import js\njs.postMessage(js.JSON.parse("
                             f"'{{\"type\": \"result\", \"id\": 1, \"stdout\": \"{HTML}\"}}'))",
                             "error", "cannot send messages to the page"),
    # Reader code can change what the runner's JSON encoder writes, raise, or report an error:
    # the page's own words say what happened, never a text the code chose ("FORGED…"), and the
    # run's message keeps its own type and fields.
    "json-reply-forges-its-type": Code(ENCODER.format('return json.JSONEncoder().encode({"type": "load-error", "message": CHOSEN})'), "done"),
    "json-reply-forges-a-runtime-failure": Code(ENCODER.format('return json.JSONEncoder().encode({"type": "run-error", "message": CHOSEN})'), "done"),
    "json-reply-carries-millions-of-fields": Code(ENCODER.format("""return '{"stdout": "ok\\\\n", "stderr": "", "raised": false, "junk": [' + '{"a": [0]},' * 2_000_000 + '0]}'"""), "done", "ok"),
    "json-encoder-raises": Code(ENCODER.format("raise RuntimeError(CHOSEN)"), "error"),
    # (Ten million characters: a line of more than 2^24 that the runtime writes to its error
    # stream is handed to a typed array, which the guard refuses: the page says the same.)
    "json-encoder-raises-megabytes": Code(ENCODER.format("raise RuntimeError('x' * 10_000_000)"), "error",
                                          "The Python runtime failed"),
    "js-report-error": Code("import js\nCHOSEN = 'FOR' 'GED: sign in again at evil.example'\njs.reportError(js.Error.new(CHOSEN))\nprint('reported')", "error"),
    "output-callback-made-up-streams": Code(CALLBACK + "for name in ['__proto__', 'constructor', 'toString', 'hasOwnProperty']:\n    send(name, 'x' * 10)\nprint('sent')", "done", "sent"),
    "js-close-worker": Code("import js\njs.close()\nprint('closed')", "done"),
    "js-onmessage": Code("import js\njs.onmessage = None\nprint('replaced')", "done", "replaced"),
    # A string is code to evaluate: the timer refuses it.
    "js-timeout-string": Code("import js\njs.setTimeout('postMessage(1)', 0)\nprint('set')", "error",
                              "examples cannot run JavaScript made from text: setTimeout(postMessage(1)) was refused"),
    "js-interval-ghost": Code("import js\nfrom pyodide.ffi import create_proxy\n"
                              "js.setInterval(create_proxy(lambda: print('ghost')), 10)\nprint('set')",
                              "done", "set"),
    "asyncio-ghost": Code("import asyncio\nasync def ghost():\n    while True:\n        print('ghost')\n"
                          "        await asyncio.sleep(0)\nasyncio.ensure_future(ghost())\nprint('set')",
                          "done", "set"),
    "run-js": Code("from pyodide.code import run_js\nrun_js('alert(1)')", "error"),
    # network
    "net-fetch": Code("import js\njs.fetch(URL)", "error", REFUSED),
    "net-open-url": Code("from pyodide.http import open_url\nopen_url(URL)", "error", REFUSED),
    "net-websocket": Code("import js\njs.WebSocket.new(URL.replace('http', 'ws'))", "error", REFUSED),
    "net-import": Code("import js\njs.eval(f\"import('{URL}x.mjs')\")", "error"),
    "net-urllib": Code("import urllib.request\nurllib.request.urlopen(URL)", "error",
                       f"{REFUSED}: a connection to 127.0.0.1:"),
    "net-socket": Code("import socket\nsocket.create_connection(('127.0.0.1', 80))", "error",
                       f"{REFUSED}: a connection to 127.0.0.1:80 was refused"),
    "net-raw-socket": Code("import socket\nsocket.socket().connect(('example.com', 443))", "error",
                           f"{REFUSED}: a connection to example.com:443 was refused"),
    # monkeypatching
    "patch-print": Code("import builtins\nbuiltins.print = lambda *a, **k: None\nprint('hidden')", "done"),
    "patch-game": Code("import flipcards\nflipcards.Game = None\nprint('patched')", "done", "patched"),
    "patch-method": Code("from flipcards import Game\nGame.put = None\nprint('patched')", "done"),
    "patch-recursion-limit": Code("import sys\nsys.setrecursionlimit(25)\nprint('low')", "done"),
    "patch-stdout": Code("import sys\nsys.stdout = None\nsys.stderr = None", "done"),
    "patch-json": Code("import json\njson.dumps = json.loads = None", "done"),
    "patch-json-class": Code("import json\njson.JSONEncoder.encode = lambda self, o: '!'", "error"),
    "patch-package-file": Code("import flipcards, pathlib\n"
                               "pathlib.Path(flipcards.__file__).write_text('raise SystemExit(9)')",
                               "done"),
    "patch-builtins-cleared": Code("import builtins\nbuiltins.__dict__.clear()", "error"),
    "patch-sys-modules-cleared": Code("import sys\nsys.modules.clear()", "done"),
    "patch-trace": Code("import sys\nsys.settrace(lambda *a: None)\nprint('traced')", "done"),
    "patch-gc": Code("import gc\ngc.disable()\nprint('off')", "done", "off"),
    "patch-warnings": Code("import warnings\nwarnings.simplefilter('error')\nprint('strict')", "done"),
    "patch-hooks": Code("import sys\nsys.displayhook = sys.excepthook = None\nprint('hooks')", "done"),
    "patch-runner": Code("import flipcards.browser\nflipcards.browser.Runner = None\nprint('r')", "done"),
    "patch-js-json": Code("import js\njs.JSON.parse = None\njs.JSON.stringify = None\nprint('j')", "done"),
    # unicode, NUL, odd text
    # A control that reorders the text around it is shown by its code point, not obeyed.
    "unicode": Code("print('é ✓ 日本 🃏 \\u202e rtl')", "done", "é ✓ 日本 🃏 ⟨U+202E⟩ rtl"),
    # So are the invisible direction marks: between two RLM, "3 > 2" was drawn "2 < 3".
    "direction-marks": Code("print('\\u200f3 > 2\\u200f, \\u061c5 : 15\\u200e')", "done",
                            "⟨U+200F⟩3 > 2⟨U+200F⟩, ⟨U+061C⟩5 : 15⟨U+200E⟩"),
    # Thousands of combining marks on one letter: the first few are drawn, the rest counted.
    "combining-marks": Code("print('a' + '\\u0301' * 99_000)", "done", "⟨+98992 marks⟩"),
    # The same with an invisible character or a direction control after each mark: those are
    # taken away or named, and the marks are one pile all the same.
    "marks-between-invisible-characters": Code("print('a' + '\\u0301\\u200b' * 49_000)", "done",
                                               "⟨+48992 marks⟩"),
    "marks-between-direction-controls": Code("print('a' + '\\u0301\\u202e' * 49_000)", "done",
                                             "⟨+48992 marks⟩"),
    "nul-in-output": Code("print('a\\x00b')", "done", "a\x00b"),
    "lone-surrogate": Code("print('\\ud800')", "done"),
    "nul-in-source": Code("compile('x = 1\\x00', 'nul', 'exec')", "error", "null bytes"),
    "zero-width-in-code": Code("x\u200b = 1", "error", "SyntaxError"),
    "html-in-output": Code(f"print({HTML!r})", "done", HTML),
    "html-in-traceback": Code(f"raise ValueError({HTML!r})", "error", HTML),
    "carriage-returns": Code("print('a\\rb\\r\\nc')", "done", "a\rb"),
    "ansi-escapes": Code("print('\\x1b[31mred\\x1b[0m')", "done", "red"),
    "printed-nothing": Code("x = 1", "done"),
    # size
    "megabyte-of-code": Code(_mb_of_code(), "done", "a megabyte of code ran"),
    "long-line-of-code": Code("#" + "x" * 100_000 + "\nprint('long')", "done", "long"),
    # the rest of the stdlib that reaches out or blocks
    "threads": Code("import threading\nthreading.Thread(target=print).start()", "error"),
    "subprocess": Code("import subprocess\nsubprocess.run(['ls'])", "error"),
    "file-write": Code("open('/tmp/note.txt', 'w').write('x')\nprint('wrote')", "done", "wrote"),
    "atexit": Code("import atexit\natexit.register(print, 'bye')\nprint('registered')", "done"),
}


@pytest.fixture(scope="module")
def tab(browser: Browser, site: Site) -> Iterator[Tab]:
    with open_tab(browser) as tab:
        yield tab


def paste(example: Locator, code: str) -> None:
    """Open the editor and paste `code` over its whole text (one paste event)."""
    example.locator(".fc-edit").click()
    content = example.locator(".cm-content")
    content.wait_for()
    content.click()
    example.page.keyboard.press("ControlOrMeta+a")
    content.evaluate("""(element, text) => {
        const data = new DataTransfer();
        data.setData("text/plain", text);
        element.dispatchEvent(new ClipboardEvent("paste", {clipboardData: data, bubbles: true,
                                                           cancelable: true}));
    }""", code)


def _no_html_inserted(page: Page) -> None:
    """Output is text: no element but the runtime's own spans (lines, stderr, notes) and
    places to wrap; no injected markup anywhere."""
    stray = page.evaluate("""() => [...document.querySelectorAll(".fc-output > code *")]
        .filter((e) => !(e.tagName === "SPAN" && e.attributes.length === 1
                         && ["fc-line", "fc-line fc-line-part", "fc-stderr", "fc-note"]
                           .includes(e.className))
                       && !(e.tagName === "WBR" && e.attributes.length === 0))
        .map((e) => e.outerHTML.slice(0, 80))""")
    assert stray == []
    assert page.locator("[onerror], article img[src=x], article script").count() == 0


def _normal_example_runs(page: Page, example_id: str) -> None:
    example = page.locator(f'[id="{example_id}"]')
    if example.locator(".cm-editor").count():
        example.locator(".fc-reset").click()
    expected = output_text(example)
    assert expected.strip()
    example.locator(".fc-status").evaluate(TIMER_PROBE)
    example.locator(".fc-run").click()
    state, text = wait_finished(example)
    # Every run has a fresh worker: whatever the case did, this one runs as if it were first.
    assert (state, text) == ("done", "Done")
    assert output_text(example) == expected
    assert timer_delay(page) <= MAX_TIMER_DELAY_MS


@pytest.mark.parametrize("case", list(CODE))
def test_hostile_code(tab: Tab, site: Site, elsewhere: Elsewhere, case: str) -> None:
    spec = CODE[case]
    code = spec.code.replace("URL", repr(elsewhere.url)) if "URL" in spec.code else spec.code
    path, edited_id, normal_id = site.example_pair()
    page = tab.page
    if not page.url.startswith(site.page_url(path)):
        open_page(page, site.page_url(path))
    elsewhere.hits.clear()
    example = page.locator(f'[id="{edited_id}"]')
    if example.locator(".cm-editor").count():
        example.locator(".fc-reset").click()
    if len(code) > 50_000:
        paste(example, code)  # as a reader brings a megabyte: typing it would take minutes
    else:
        edit(example, code)

    example.locator(".fc-status").evaluate(TIMER_PROBE)
    errors_before = len(tab.traffic.errors)
    # The examples' workers (blob: addresses; the site search's is not one), one of which runs.
    before = [worker for worker in page.workers if worker.url.startswith("blob:")]
    example.locator(".fc-run").click()
    if spec.stop:
        wait_state(example, "running")
        page.wait_for_timeout(700)
        example.locator(".fc-stop").click()
    state, text = wait_finished(example)
    delay = timer_delay(page)
    # The worker that ran the code has ended: nothing of the run goes on in the browser.
    holds_soon(page, lambda: not any(worker in page.workers for worker in before), 30_000)

    assert state == spec.state, (state, text, output_text(example)[-500:])
    assert "FORGED" not in page.locator("body").inner_text()
    assert [error for error in tab.traffic.errors[errors_before:] if error.startswith("page error")] == []
    if spec.stop:
        assert text == "Stopped"
    assert spec.shows in output_text(example)
    assert not spec.never_shows or spec.never_shows not in output_text(example)
    assert delay <= MAX_TIMER_DELAY_MS, f"a timer of the page waited {delay:.0f} ms"
    _no_html_inserted(page)
    assert tab.dialogs == []
    page.wait_for_timeout(200)
    assert elsewhere.hits == []
    assert tab.off_origin(site) == []
    # The reader's code is still there: in the editor, and kept for the tab.
    assert kept_edit(page, edited_id) == code
    if len(code) < 2_000 and all(char.isprintable() for char in code.replace("\n", "")):
        assert editor_text(example) == code  # (the editor draws other characters as marks)
    assert example.locator(".cm-editor").is_visible()
    _normal_example_runs(page, normal_id)


# --- links ------------------------------------------------------------------------------------

#: What the reader had typed into the example before opening the link.
READER_EDIT = 'print("my own edit")'


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


#: name -> the fragment of a link for example number n of the page.
LINKS: dict[str, Callable[[str], str]] = {
    "bad-base64": lambda n: f"example-{n}&fc1=12.cHJp$$bnQ*",
    "html-in-data": lambda n: f"example-{n}&fc1=28.{HTML}",
    "invalid-utf8": lambda n: f"example-{n}&fc1=2.wyg",
    "surrogate-utf8": lambda n: f"example-{n}&fc1=3.{_b64(bytes([0xED, 0xA0, 0x80]))}",
    "cut-short": lambda n: share_fragment(n, READER_EDIT * 4)[:-8],
    "oversized": lambda n: share_fragment(n, "#" * 20_001),
    "length-too-big": lambda n: f"example-{n}&fc1=999999999999.AAAA",
    "length-negative": lambda n: f"example-{n}&fc1=-5.AAAA",
    "length-missing": lambda n: f"example-{n}&fc1=cHJpbnQ",
    "empty-value": lambda n: f"example-{n}&fc1=",
    "longer-than-said": lambda n: f"example-{n}&fc1=2.{_b64(b'print(1)')}",
    "newer-version": lambda n: f"example-{n}&fc9=3.YWJj",
    "older-version": lambda n: f"example-{n}&fc0=3.YWJj",
    "percent-junk": lambda n: f"example-{n}&fc1=%00%ff%3Cscript%3E",
    "unicode-in-data": lambda n: f"example-{n}&fc1=3.éé",
    "unknown-example": lambda n: share_fragment(999, READER_EDIT),
    "example-zero": lambda n: share_fragment(0, READER_EDIT),
    "no-example": lambda n: "example-&fc1=" + share_fragment(1, "x").split("fc1=")[1],
    "proto-example": lambda n: "__proto__&fc1=" + share_fragment(1, "x").split("fc1=")[1],
    "script-fragment": lambda n: "<script>alert(1)</script>&fc1=3.YWJj",
    "html-fragment": lambda n: '"><img src=x onerror=alert(1)>',
    "javascript-fragment": lambda n: "javascript:alert(1)",
    "huge-plain-fragment": lambda n: "A" * 1_000_000,
    "hostile-valid-code": lambda n: share_fragment(n, f"print({HTML!r})\n# </script>"),
    "nul-valid-code": lambda n: share_fragment(n, "print('\\x00')\x00"),
    "empty-valid-code": lambda n: share_fragment(n, ""),
    "max-valid-code": lambda n: share_fragment(n, ("#" * 998 + "\n") * 20 + "pass"),
    "line-of-20000-characters": lambda n: share_fragment(n, "(" * 19_999),
}

def _link_pages(site: Site) -> list[str]:
    """Page types the links are opened on, in turn: every nav page and a rule's own page."""
    return [*site.pages, "rules/508.1a/"]


@pytest.fixture(scope="module")
def link_tab(browser: Browser, site: Site) -> Iterator[Tab]:
    with open_tab(browser) as tab:
        yield tab


@pytest.mark.parametrize("case", list(LINKS))
def test_hostile_link(link_tab: Tab, site: Site, elsewhere: Elsewhere, case: str) -> None:
    pages = _link_pages(site)
    path = pages[list(LINKS).index(case) % len(pages)]
    page = link_tab.page
    elsewhere.hits.clear()
    examples = site.examples(path) if path in site.pages else []
    target = examples[0] if examples else "example-1"
    # The reader has edited the example the link names (when the page has one).
    page.goto(site.page_url(path))
    if examples:
        open_page(page, site.page_url(path))
        edit(page.locator(f'[id="{target}"]'), READER_EDIT)
    page.goto("about:blank")
    fragment = LINKS[case](_number(target))
    page.goto(f"{site.page_url(path)}#{fragment}")
    if path not in site.pages:
        # A rule's own page sends the browser on to the rule in context (hop.js): wait until
        # it has, or the link followed below races that redirect.
        page.wait_for_url(lambda url: "/rules/" not in url)
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)
    if examples:
        wait_taken_over(page)

    _no_html_inserted(page)
    assert link_tab.dialogs == []
    if examples:
        # Nothing ran; the reader's edit is in the editor, or one Undo away.
        example = page.locator(f'[id="{target}"]')
        assert status(example)[0] == "idle"
        example.locator(".cm-editor").wait_for()
        if editor_text(example) != READER_EDIT:
            assert kept_undo(page, target) == READER_EDIT
            assert example.locator(".fc-undo").is_visible()
            example.locator(".fc-undo").click()
            assert editor_text(example) == READER_EDIT
        normal = next((e for e in site.examples(path, standalone=True) if e != target), None)
        if normal is None:
            follow_link(page, site.page_url(site.example_pair()[0]))
            normal = site.example_pair()[2]
        _normal_example_runs(page, normal)
    else:
        # A rule's own page may have sent the browser on to that very page (with the rule's
        # anchor): a link to it would then only be a jump within the page.
        pair_page = site.page_url(site.example_pair()[0])
        if page.url.split("#")[0] != pair_page:
            follow_link(page, pair_page)
        wait_taken_over(page)
        _normal_example_runs(page, site.example_pair()[2])
    _no_html_inserted(page)
    assert link_tab.dialogs == []
    assert elsewhere.hits == []
    assert link_tab.off_origin(site) == []


#: Records the length of every runtime failure a worker reports to the page.
RUN_ERRORS = """
window.__runErrors = [];
const PageWorker = window.Worker;
window.Worker = class extends PageWorker {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => {
      if (event.data?.type === "run-error") window.__runErrors.push(String(event.data.message).length);
    });
  }
};
"""


def test_a_runtime_failure_with_a_huge_message_reaches_the_page_cut_short(
    page: Page, site: Site
) -> None:
    """Reader code can make the runner fail with a message of any size: the worker sends the
    page no more than its last line's first thousand characters, and the page says what
    failed in its own words."""
    path, edited_id, _ = site.example_pair()
    page.add_init_script(RUN_ERRORS)
    open_page(page, site.page_url(path))
    example = page.locator(f'[id="{edited_id}"]')
    edit(example, CODE["json-encoder-raises-megabytes"].code)
    example.locator(".fc-run").click()
    assert wait_finished(example)[0] == "error"
    assert "The Python runtime failed" in output_text(example)
    assert page.evaluate("window.__runErrors") == [1001]


def _number(example_id: str) -> str:
    return example_id.removeprefix("example-")


def test_the_corpus_is_large_enough() -> None:
    assert len(CODE) + len(LINKS) >= 80
