# ruff: noqa: E501  (the corpus reads best one attempt to a few lines)
"""The escape corpus: reader code trying to get out of its Run.

A share link's code is untrusted, and Run runs it. The runtime promises that such code reaches
nothing but its own Run: no network (not even the site's own origin), no storage of the site
(Cache Storage, which the service worker serves pages from; IndexedDB; the origin private file
system; storage buckets; locks), no other worker or channel, no fonts, no eval; that nothing a
Run does reaches a later Run, the next page or the next visit; and that the page, which trusts
nothing the worker sends, stays responsive and caps what it shows.

Each attempt below is Python typed into an example and run through the page, as a reader does.
Attempts come from the ways browser sandboxes are attacked: each route to a thing is tried
through the global object, through the prototypes of the global (`WorkerGlobalScope.prototype`,
`Object.getPrototypeOf(self)`, `self.constructor.prototype.__proto__`, ...) and through the
prototypes of the interfaces; timers and message handlers that would fire in a later Run;
Python's hooks and caches, and files a later import would pick up; floods of output; Pyodide's
own helpers. Whatever an attempt plants makes itself visible if it ever fires: it prints (or
names a database, a file, a cache entry after) the word POISONED followed by the attempt's
name, so that a finding anywhere later is blamed on the attempt that planted it. The word is
spelled in two pieces in the code (`'POIS' 'ONED'`), so that the code in the editor never
contains it. An attempt that gets hold of something it must not have prints ESCAPED (also
spelled in two pieces).

Every attempt runs after a witness (PROLOGUE, the first lines of every attempt's code): it sets
off what an earlier Run may have planted (imports, `copy.deepcopy`, `re.sub`, `gc.collect`, ...)
and prints a fingerprint of the state a Run starts from (hooks, limits, import machinery, files
on the import path), which is compared with the fingerprint of the Run before. A change is
blamed on the attempt before.

The attempts run on both kinds of host: one that sends the headers of the site's `_headers`
file, and a plain host that does not (the pages' `<meta>` policy is all there is). Loading
Python for each tab is expensive, so each host gets one tab, and its attempts run one after the
other on one example of one page (as a reader who tries one thing after another). The whole
batch of a host runs when its first test starts (the `batch` fixture), because what an attempt
left behind only shows in later Runs, on the next page or on the next visit; each test then
asserts what was found about its attempt. For each attempt:

- no request goes anywhere but the site's own origin, for a file the build wrote (or `blob:`,
  `data:`), and the server on another origin (`elsewhere`) is never reached;
- the output of the Run stays within the page's caps, has no ESCAPED, and shows the refusal
  ("examples cannot use ...") where the attempt goes through the global object;
- the page answers within 250 ms during and after the Run (a timer that ticks in the page
  every 20 ms is never later than that; a Run after which it was late is run once more, since
  other work on the machine can starve the page, and only late twice counts), opens no dialog
  and has no uncaught error;
- the reader's code is in the editor before and after the Run, and kept for the tab;
- nothing it planted turns up later: in a later Run's output or fingerprint, anywhere in the
  page, after every PROBE_EVERY attempts in an unchanged example (which must print its
  pre-rendered output), on the next page (instant navigation), or on the next visit (a new page
  in the same browser context: its text, IndexedDB, the origin private file system, Cache
  Storage, whose every entry must hold the bytes the build wrote at that address, locks,
  storage buckets, the old file system API, the service worker's registration).

The main thread is attacked too: share links and addresses with broken percent-encoding (no
uncaught error, a clear message where the page shows one), and Stop pressed during a flood (the
Run ends within 200 ms of the click).
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from conftest import LOAD_TIMEOUT_MS, Elsewhere, Site, Tab, served_tab
from fcpage import (
    CALLBACK,
    RUNTIME_FILES,
    edit,
    editor_text,
    follow_link,
    kept_edit,
    open_page,
    output_text,
    share_fragment,
    status,
)
from playwright.sync_api import Browser, Locator, Page
from playwright.sync_api import Error as PlaywrightError

#: What a refusal through the global object says (its message starts with it).
REFUSED = "examples cannot use"
#: The page answers within this many milliseconds, during a Run and after it.
MAX_ANSWER_MS = 250
#: Stop ends a Run within this many milliseconds of the click.
MAX_STOP_MS = 200
#: What the page shows of a Run's output at most (a note that says what was cut aside).
MAX_OUTPUT_CHARS = 100_000
MAX_OUTPUT_LINES = 2_000
#: An unchanged example is run after every this many attempts (and at the end of a batch).
PROBE_EVERY = 20
#: How long the page is watched after a Run ended (output drawn, late messages arrived).
SETTLE_MS = 100
#: A Run of the corpus ends within this (the runtime's time limit is 10 s).
RUN_TIMEOUT_MS = 40_000

#: "POISONED by <attempt>", as printed, or as a name where spaces are not allowed.
MARKS = re.compile(r"POISONED[ _-]by[ _-]([a-z0-9][a-z0-9-]*[a-z0-9])", re.IGNORECASE)
ESCAPED = "ESCAPED"

#: Modules the witness imports in every Run (no Run imports them before): attempts plant
#: modules of these names. (The modules Python does not start with are in a second zip of the
#: standard library, downloaded on first import; difflib is in the first, and costs nothing.)
WITNESS_MODULES = ("difflib",)
#: Seeds that attempts leave Python's random generator in (the witness looks for them).
RANDOM_SEEDS = {"hook-random-seed": 50_800_001, "hook-random-setstate": 50_800_002}

# --- the code every attempt starts with --------------------------------------------------------

#: The witness: fires what an earlier Run planted and prints the state a Run starts from.
PROLOGUE = """\
def _witness():
    # First in every attempt: sets off what an earlier Run may have planted, then prints the
    # state this Run starts from (the test compares it with the Run before).
    import atexit, builtins, codecs, copy, gc, importlib, json, linecache, os, random, re, sys, textwrap, warnings, zlib
    import __main__
    for name in WITNESS_MODULES:
        try:
            print(getattr(importlib.import_module(name), 'MARK', ''), end='')
        except Exception:
            pass
    try:
        import flipcards
        flipcards.Game('2004')
    except Exception:
        pass
    copy.deepcopy([{1: [2]}]), json.dumps({'a': [1]}), textwrap.dedent('  x')
    try:
        codecs.lookup('flipcards-witness')
    except LookupError:
        pass
    print('', file=sys.__stdout__, flush=True)
    print('', file=sys.__stderr__, flush=True)
    gc.collect()
    now = random.getstate()
    for case, seed in RANDOM_SEEDS.items():
        seeded = random.Random(seed)
        for _ in range(4):
            if seeded.getstate() == now:
                print('POIS' 'ONED by ' + case)
            seeded.random()
    def crc(value):
        return zlib.crc32(repr(value).encode())
    def named(hook):
        return getattr(hook, '__qualname__', type(hook).__name__)
    files = []
    for top in sorted({os.getcwd(), '/tmp', *[p or '.' for p in sys.path if os.path.isdir(p or '.')]}):
        for folder, folders, names in os.walk(top):
            folders.sort()
            for file in sorted(names):
                path = os.path.join(folder, file)
                size = os.path.getsize(path)
                with open(path, 'rb') as handle:
                    files.append((path, size, zlib.crc32(handle.read()) if size < 300_000 else 0))
    tools = [sys.monitoring.get_tool(i) for i in range(6)]
    state = {
        'gc': (gc.get_threshold(), gc.isenabled(), len(gc.callbacks), gc.get_freeze_count()),
        'limits': (sys.getrecursionlimit(), sys.get_int_max_str_digits(), sys.getswitchinterval(), sys.get_coroutine_origin_tracking_depth()),
        'tracing': (sys.gettrace() is None, sys.getprofile() is None, tools, tuple(sys.get_asyncgen_hooks()) == (None, None)),
        'hooks': [named(h) for h in (sys.excepthook, sys.displayhook, sys.unraisablehook, sys.breakpointhook, warnings.showwarning, builtins.__import__, builtins.print, builtins.__build_class__, builtins.open)],
        'import': (list(sys.path), [type(f).__name__ for f in sys.meta_path], [named(h) for h in sys.path_hooks], sorted({type(f).__name__ for f in sys.path_importer_cache.values()}), sys.dont_write_bytecode),
        'builtins': crc(sorted((k, type(v).__name__) for k, v in vars(builtins).items() if k != '_')),
        'main': sorted(vars(__main__)),
        'copy': crc(sorted((k.__name__, named(v)) for k, v in copy._deepcopy_dispatch.items())),
        're': re.sub('witness', 'ok', 'witness'),
        'json': named(json.JSONEncoder.encode),
        'warnings': crc(warnings.filters),
        'cwd': os.getcwd(),
        'environ': crc(sorted(os.environ.items())),
        'files': (len(files), crc(files)),
        'zips': [(p, os.path.getsize(p)) for p in sys.path if os.path.isfile(p)],
        'atexit': atexit._ncallbacks(),
        'flipcards': getattr(sys.modules.get('flipcards'), '__file__', None),
    }
    text = repr((sorted(os.environ.items()), [(k, v) for k, v in vars(builtins).items() if isinstance(v, str)],
                 [(k, v) for k, v in vars(__main__).items() if isinstance(v, str)], list(sys.modules), linecache.cache, tools))
    for mark in sorted(set(re.findall('POIS' 'ONED by [a-z0-9-]+', text))):
        print(mark)
    print('witness:', repr(state))
_witness()
del _witness
""".replace("WITNESS_MODULES", repr(WITNESS_MODULES)).replace("RANDOM_SEEDS", repr(RANDOM_SEEDS))

#: The JavaScript bridge, and a helper that makes a plain JavaScript object.
JS = """\
import js, sys
from pyodide.ffi import create_proxy, to_js
def obj(**fields):
    return to_js(fields, dict_converter=js.Object.fromEntries)
"""

#: What fires later: `plant` (called by a timer, a handler, a finalizer) adds an audit hook,
#: which nothing can remove, and which prints MARK once in every later Run (each Run has a
#: stdout of its own); `shout` prints MARK once in every later Run where it is called.
PLANT = """\
seen = [sys.stdout]
def shout(*_):
    if sys.stdout not in seen:
        seen.append(sys.stdout)
        print(MARK)
def plant(*_):
    if shout not in seen:
        seen.append(shout)
        sys.addaudithook(shout)
"""

#: A property as JavaScript finds it: on `start` or the first of its prototypes that has it.
FIND = """\
def find(name, start):
    link = start
    while link is not None and type(link).__name__ != 'JsNull':
        found = js.Object.getOwnPropertyDescriptor(link, name)
        if found is not None:
            return found
        link = js.Object.getPrototypeOf(link)
    raise LookupError(f'{name} is nowhere on that chain')
def grab(name, start, this):
    found = find(name, start)
    getter = js.Reflect.get(found, 'get')
    return getter.call(this) if getter is not None else js.Reflect.get(found, 'value')
"""

#: Where the prototypes of the global object are reached from.
STARTS = {
    "worker-global-scope-prototype": "js.WorkerGlobalScope.prototype",
    "prototype-of-self": "js.Object.getPrototypeOf(js.self)",
    "constructor-prototype-proto": "js.Reflect.get(js.Reflect.get(js.self.constructor, 'prototype'), '__proto__')",
}

#: Every route at once: the first one that yields `name` (for attempts about what comes after).
ANY_ROUTE = FIND + """\
def any_route(name, this=None):
    for start in (js.WorkerGlobalScope.prototype, js.Object.getPrototypeOf(js.self), js.DedicatedWorkerGlobalScope.prototype, js.EventTarget.prototype, js.WorkerNavigator.prototype):
        try:
            return grab(name, start, this or js.self)
        except Exception:
            pass
    return getattr(js.self, name)
"""

#: Forged pages for every entry of every cache, and a cache of its own.
CACHE_POISON = """\
def poison_caches(storage):
    def forged():
        return js.Response.new('<!doctype html><title>x</title><p>' + MARK + '</p><script>document.title = "' + MARK + '"</script>', obj(headers=obj(**{'Content-Type': 'text/html'})))
    def each(cache):
        cache.keys().then(create_proxy(lambda requests: [cache.put(request, forged()) for request in requests]))
        cache.put('index.html', forged())
    storage.keys().then(create_proxy(lambda names: [storage.open(name).then(create_proxy(each)) for name in names]))
    storage.open(MARK).then(create_proxy(each))
"""

#: A database named after the attempt, with a record.
IDB_POISON = """\
def poison_idb(factory):
    request = factory.open(MARK)
    request.onupgradeneeded = create_proxy(lambda event: event.target.result.createObjectStore('s'))
    request.onsuccess = create_proxy(lambda event: event.target.result.transaction('s', 'readwrite').objectStore('s').put(MARK, 'k'))
"""

#: A file named after the attempt at the root of the origin private file system.
OPFS_POISON = """\
def poison_opfs(storage):
    def write(handle):
        handle.createWritable().then(create_proxy(lambda out: out.write(MARK).then(create_proxy(lambda _: out.close()))))
    storage.getDirectory().then(create_proxy(lambda root: root.getFileHandle(MARK, obj(create=True)).then(create_proxy(write))))
"""

#: The code a forged run message carries.
FORGED_CODE = "'print(' + repr(MARK) + ')'"


@dataclass(frozen=True)
class Attempt:
    """Code that tries to get out of its Run (after the witness); `shows`: text the output must
    contain (the refusal of something asked for through the global object)."""

    body: str
    shows: str = ""
    snippets: tuple[str, ...] = (JS,)


def _attempt(body: str, shows: str = "", *more: str) -> Attempt:
    return Attempt(body, shows, (JS, *more))


def _planting(body: str, shows: str = "", *more: str) -> Attempt:
    return Attempt(body, shows, (JS, PLANT, *more))


# --- the corpus -------------------------------------------------------------------------------
#
# name -> attempt. In the code, URL is the other origin's address for this attempt (a path of
# its own, so that a request is blamed on it whenever it arrives), MARK is "POISONED by <name>"
# and GOT_OUT is "ESCAPED".

ATTEMPTS: dict[str, Attempt] = {}

# The network, through the global object: refused, with a message that says so.
ATTEMPTS |= {
    "network-fetch-global": _attempt("js.fetch(URL + 'fetch')\nprint(GOT_OUT, 'fetch sent')", REFUSED),
    "network-xhr-global": _attempt("request = js.XMLHttpRequest.new()\nrequest.open('GET', URL + 'xhr')\nrequest.send()\nprint(GOT_OUT, 'XMLHttpRequest sent')", REFUSED),
    "network-websocket-global": _attempt("js.WebSocket.new(URL.replace('http', 'ws') + 'ws')\nprint(GOT_OUT, 'WebSocket opened')", REFUSED),
    "network-eventsource-global": _attempt("js.EventSource.new(URL + 'events')\nprint(GOT_OUT, 'EventSource opened')", REFUSED),
    "network-send-beacon": _attempt("js.navigator.sendBeacon(URL + 'beacon', 'x')\nprint(GOT_OUT, 'beacon sent')"),
    "network-import-scripts-global": _attempt("js.importScripts(URL + 'import-scripts.js')\nprint(GOT_OUT, 'importScripts ran')", REFUSED),
    "network-font-face-global": _attempt("js.FontFace.new('x', 'url(' + URL + 'font.woff2)').load()\nprint(GOT_OUT, 'FontFace made')", REFUSED),
    "network-fonts-global": _attempt("js.self.fonts.load('1em x')\nprint(GOT_OUT, 'fonts reached')", REFUSED),
    "network-cache-add": _attempt("storage = any_route('caches')\nprint(GOT_OUT, 'caches reached', storage)\nstorage.open(MARK).then(create_proxy(lambda cache: cache.add(URL + 'cache-add')))", "", ANY_ROUTE),
    "network-pyfetch": _attempt("from pyodide.http import pyfetch\npyfetch(URL + 'pyfetch').send(None)\nprint(GOT_OUT, 'pyfetch sent')", REFUSED),
    "network-open-url": _attempt("from pyodide.http import open_url\nopen_url(URL + 'open-url')\nprint(GOT_OUT, 'open_url sent')", REFUSED),
    "network-load-package-url": _attempt("import pyodide_js\npyodide_js.loadPackage(URL + 'wheel-0.1-py3-none-any.whl')"),
    "network-load-binary-file": _attempt("import pyodide_js\npyodide_js._api.loadBinaryFile(URL + 'binary')"),
}

# The network, through the prototypes of the global object: nothing is left there.
for _start, _expression in STARTS.items():
    ATTEMPTS[f"network-fetch-through-{_start}"] = _attempt(
        f"fetch = grab('fetch', {_expression}, js.self)\nprint(GOT_OUT, 'fetch found', fetch)\nfetch.call(js.self, URL + 'fetch')", "", FIND)
ATTEMPTS["network-import-scripts-through-worker-global-scope-prototype"] = _attempt(
    "load = grab('importScripts', js.WorkerGlobalScope.prototype, js.self)\nprint(GOT_OUT, 'importScripts found', load)\nload.call(js.self, URL + 'import-scripts.js')", "", FIND)
ATTEMPTS["fonts-through-worker-global-scope-prototype"] = _attempt(
    "fonts = grab('fonts', js.WorkerGlobalScope.prototype, js.self)\nprint(GOT_OUT, 'fonts found', fonts)\nfonts.load('1em x')", "", FIND)

# Workers and channels: a worker of one's own has none of the runtime's guards.
_BLOB = ("payload = \"fetch('\" + URL + \"from-worker'); caches.open('\" + MARK + \"').then((c) => c.put('index.html', new Response('\" + MARK + \"')))\"\n"
         "url = js.URL.createObjectURL(js.Blob.new(js.Array.of(payload), obj(type='text/javascript')))\n")
ATTEMPTS |= {
    "workers-blob-worker": _attempt(_BLOB + "js.Worker.new(url)\nprint(GOT_OUT, 'a worker started')", REFUSED),
    "workers-data-url-worker": _attempt("js.Worker.new(\"data:text/javascript,fetch('\" + URL + \"data-worker')\")\nprint(GOT_OUT, 'a worker started')", REFUSED),
    "workers-shared-worker": _attempt(_BLOB + "js.SharedWorker.new(url)\nprint(GOT_OUT, 'a shared worker started')"),
    "workers-broadcast-channel-global": _attempt("js.BroadcastChannel.new('flipcards').postMessage(MARK)\nprint(GOT_OUT, 'a broadcast was sent')", REFUSED),
    "workers-broadcast-channel-prototype": _attempt("js.BroadcastChannel.prototype.postMessage.call(js.Object.create(js.BroadcastChannel.prototype), MARK)\nprint(GOT_OUT, 'a broadcast was sent')"),
}

# The site's storage, through the global object: refused, with a message that says so.
ATTEMPTS |= {
    "storage-caches-global": _attempt("poison_caches(js.caches)\nprint(GOT_OUT, 'caches reached')", REFUSED, CACHE_POISON),
    "storage-cache-prototype-put": _attempt("storage = any_route('caches')\nprint(GOT_OUT, 'caches reached', storage)\nstorage.open('workbox-precache-v2-' + js.location.origin + '/').then(create_proxy(lambda cache: js.Cache.prototype.put.call(cache, 'index.html', js.Response.new(MARK))))", "", ANY_ROUTE),
    "storage-indexeddb-global": _attempt("poison_idb(js.indexedDB)\nprint(GOT_OUT, 'indexedDB reached')", REFUSED, IDB_POISON),
    "storage-interface-prototypes-emptied": _attempt(
        "left = {}\nfor interface, methods in {'Cache': 'put add addAll match keys delete', 'CacheStorage': 'open keys match has delete', 'IDBFactory': 'open deleteDatabase databases',\n"
        "        'StorageManager': 'getDirectory estimate persist', 'XMLHttpRequest': 'open send', 'LockManager': 'request query', 'FontFaceSet': 'add load'}.items():\n"
        "    prototype = js.Reflect.get(js.Reflect.get(js.self, interface) or js.Object.new(), 'prototype') or js.Object.new()\n"
        "    kept = [m for m in methods.split() if js.Reflect.has(prototype, m)]\n"
        "    if kept:\n        left[interface] = kept\nif left:\n    print(GOT_OUT, 'methods left on the interfaces:', left)"),
    "storage-opfs-global": _attempt("poison_opfs(js.navigator.storage)\nprint(GOT_OUT, 'navigator.storage reached')", REFUSED, OPFS_POISON),
    "storage-opfs-through-worker-navigator-prototype": _attempt("storage = grab('storage', js.WorkerNavigator.prototype, js.navigator)\nprint(GOT_OUT, 'navigator.storage found', storage)\npoison_opfs(storage)", "", FIND, OPFS_POISON),
    "storage-buckets-global": _attempt("bucket = js.navigator.storageBuckets.open(MARK.lower().replace(' ', '-'))\nprint(GOT_OUT, 'storageBuckets reached')\nbucket.then(create_proxy(lambda b: b.indexedDB.open(MARK)))", REFUSED),
    "storage-buckets-through-worker-navigator-prototype": _attempt("buckets = grab('storageBuckets', js.WorkerNavigator.prototype, js.navigator)\nprint(GOT_OUT, 'storageBuckets found', buckets)\nbuckets.open(MARK.lower().replace(' ', '-')).then(create_proxy(lambda b: b.indexedDB.open(MARK)))", "", FIND),
    "storage-locks-global": _attempt("js.navigator.locks.request(MARK, create_proxy(lambda lock: js.Promise.new(create_proxy(lambda resolve, reject: None))))\nprint(GOT_OUT, 'a lock was asked for')", REFUSED),
    "storage-locks-through-worker-navigator-prototype": _attempt("locks = grab('locks', js.WorkerNavigator.prototype, js.navigator)\nprint(GOT_OUT, 'locks found', locks)\nlocks.request(MARK, create_proxy(lambda lock: js.Promise.new(create_proxy(lambda resolve, reject: None))))", "", FIND),
    "storage-service-worker-container": _attempt("js.navigator.serviceWorker.getRegistration().then(create_proxy(lambda r: r.unregister()))\nprint(GOT_OUT, 'the service worker reached')"),
    "storage-old-file-system": _attempt("js.webkitRequestFileSystem(0, 1024, create_proxy(lambda fs: fs.root.getFile(MARK, obj(create=True), create_proxy(lambda f: None))))\nprint(GOT_OUT, 'webkitRequestFileSystem was there to ask')"),
    "storage-old-file-system-sync": _attempt("fs = js.webkitRequestFileSystemSync(0, 1024)\nprint(GOT_OUT, 'a file system', fs)\nfs.root.getFile(MARK, obj(create=True))"),
    "storage-idbfs-sync": _attempt("import pyodide_js\nFS = pyodide_js.FS\nplace = '/' + MARK.replace(' ', '-')\nFS.mkdirTree(place)\nFS.mount(FS.filesystems.IDBFS, obj(), place)\nopen(place + '/note.txt', 'w').write(MARK)\nFS.syncfs(False, create_proxy(lambda error: None))"),
}

# The site's storage, through the prototypes of the global object.
for _start, _expression in STARTS.items():
    ATTEMPTS[f"storage-caches-through-{_start}"] = _attempt(
        f"storage = grab('caches', {_expression}, js.self)\nprint(GOT_OUT, 'caches found', storage)\npoison_caches(storage)", "", FIND, CACHE_POISON)
    ATTEMPTS[f"storage-indexeddb-through-{_start}"] = _attempt(
        f"factory = grab('indexedDB', {_expression}, js.self)\nprint(GOT_OUT, 'indexedDB found', factory)\npoison_idb(factory)", "", FIND, IDB_POISON)

# No eval: the worker's guard takes away every way to make JavaScript from text (and the policy
# has no 'unsafe-eval').
_ASYNC_FUNCTION = "AsyncFunction = js.Reflect.get(pyodide_js.loadPackage, 'constructor')\n"
#: What the guard says of JavaScript made from text.
FROM_TEXT = "examples cannot run JavaScript made from text"
ATTEMPTS |= {
    "eval-global": _attempt("print(GOT_OUT, 'eval ran:', js.eval('6 * 7'))", FROM_TEXT),
    "eval-function-constructor": _attempt("print(GOT_OUT, 'Function ran:', js.Function.new('return 6 * 7')())", FROM_TEXT),
    "eval-function-from-a-prototype": _attempt("Function = js.Reflect.get(js.Object.getPrototypeOf(js.Object), 'constructor')\nprint(GOT_OUT, 'Function ran:', Function.new('return 6 * 7')())", FROM_TEXT),
    "eval-async-function-constructor": _attempt("import pyodide_js\n" + _ASYNC_FUNCTION + "made = AsyncFunction.new(\"await import('\" + URL + \"async.mjs')\")\nprint(GOT_OUT, 'AsyncFunction made', made)\nmade()", FROM_TEXT),
    "eval-set-timeout-string": _attempt("js.setTimeout(\"import('\" + URL + \"timeout-string.mjs')\", 0)", FROM_TEXT),
    "eval-run-js": _attempt("from pyodide.code import run_js\nprint(GOT_OUT, 'run_js ran:', run_js('6 * 7'))", FROM_TEXT),
}

# Timers that would fire in a later Run: when one fires, it plants (an audit hook).
_TIMERS = {
    "timer-set-timeout-global": "js.setTimeout(create_proxy(plant), 0)",
    "timer-scheduler-post-task": "js.scheduler.postTask(create_proxy(plant), obj(delay=10))",
    "timer-scheduler-post-task-through-prototype": "js.Scheduler.prototype.postTask.call(js.scheduler, create_proxy(plant), obj(delay=10))",
    "timer-request-animation-frame": "def frame(*_):\n    plant()\n    js.requestAnimationFrame(again)\nagain = create_proxy(frame)\njs.requestAnimationFrame(again)",
    "timer-request-animation-frame-through-prototype": "js.DedicatedWorkerGlobalScope.prototype.requestAnimationFrame.call(js.self, create_proxy(plant))",
    "timer-abort-signal-timeout": "js.AbortSignal.timeout(10).addEventListener('abort', create_proxy(plant))",
    "timer-message-channel-ping-pong": "channel = js.MessageChannel.new()\ndef ping(*_):\n    plant()\n    channel.port2.postMessage(0)\nchannel.port1.onmessage = create_proxy(ping)\nchannel.port2.postMessage(0)",
    "timer-finalization-registry": "registry = js.FinalizationRegistry.new(create_proxy(plant))\nfor i in range(5000):\n    registry.register(js.Object.new(), i)",
    "timer-pyodide-schedule-callback": "import pyodide_js\npyodide_js._api.scheduleCallback(create_proxy(plant), 10)",
    "timer-asyncio-call-later": "import asyncio\nasyncio.get_event_loop().call_later(0.01, plant)",
    "timer-python-finalizer-chain": "class Again:\n    def __init__(self):\n        self.me = self\n    def __del__(self):\n        plant()\n        Again()\nAgain()",
}
ATTEMPTS |= {name: _planting(body) for name, body in _TIMERS.items()}
for _start, _expression in STARTS.items():
    ATTEMPTS[f"timer-set-timeout-through-{_start}"] = _planting(
        f"grab('setTimeout', {_expression}, js.self).call(js.self, create_proxy(plant), 0)", "", FIND)
ATTEMPTS["timer-set-interval-through-worker-global-scope-prototype"] = _planting(
    "grab('setInterval', js.WorkerGlobalScope.prototype, js.self).call(js.self, create_proxy(plant), 5)", "", FIND)

# Messages: a handler that would rewrite the code of the next Run, or a forged message to the page.
_REWRITE = f"def rewrite(event):\n    data = event.data\n    if getattr(data, 'type', None) == 'run':\n        data.code = {FORGED_CODE}\n"
ATTEMPTS |= {
    "message-listener-rewrites-next-run": _attempt(_REWRITE + "js.self.addEventListener('message', create_proxy(rewrite))"),
    "message-onmessage-rewrites-next-run": _attempt(_REWRITE + "js.self.onmessage = create_proxy(rewrite)"),
    "message-listener-through-event-target-prototype": _attempt(_REWRITE + "js.EventTarget.prototype.addEventListener.call(js.self, 'message', create_proxy(rewrite))"),
    "message-capture-listener-forges-next-run": _attempt(
        "def forge(event):\n    data = event.data\n    if getattr(data, 'type', None) != 'run' or getattr(data, 'forged', False):\n        return\n    event.stopImmediatePropagation()\n"
        f"    fake = obj(type='run', id=data.id, filename=data.filename, code={FORGED_CODE}, preludes=js.Array.new(), limits=data.limits, forged=True)\n"
        "    js.self.dispatchEvent(js.MessageEvent.new('message', obj(data=fake)))\njs.self.addEventListener('message', create_proxy(forge), obj(capture=True))"),
    "message-data-getter-on-prototype": _attempt(
        "original = js.Object.getOwnPropertyDescriptor(js.MessageEvent.prototype, 'data').get\ndef data(this):\n    value = original.call(this)\n    if getattr(value, 'type', None) == 'run':\n"
        f"        value.code = {FORGED_CODE}\n    return value\n"
        "js.Object.defineProperty(js.MessageEvent.prototype, 'data', obj(get=create_proxy(data, capture_this=True), configurable=True))"),
    "message-object-prototype-to-json": _attempt(
        "def to_json(key):\n    if key == '':\n"
        f"        return obj(filename='<example-1>', code={FORGED_CODE}, preludes=js.Array.new(), limits=obj(maxChars=100000, maxLines=2000))\n"
        "    if key == 'preludes':\n        return js.Array.new()\n    if key == 'limits':\n        return obj(maxChars=100000, maxLines=2000)\n"
        "js.Object.defineProperty(js.Object.prototype, 'toJSON', obj(value=create_proxy(to_json), configurable=True, writable=True))"),
    "message-global-string-replaced": _attempt("js.self.String = create_proxy(lambda *_: MARK + '\\n')"),
    "message-post-through-prototype": _attempt(
        "post = grab('postMessage', js.Object.getPrototypeOf(js.self), js.self)\nprint(GOT_OUT, 'postMessage found', post)\n"
        "def forge(*_):\n    for i in range(1, 400):\n        post.call(js.self, obj(type='output', id=i, stream='stdout', text=MARK + '\\n'))\njs.setInterval(create_proxy(forge), 20)", "", FIND),
}

# Python's hooks and caches, which would outlive a Run that does not start from a fresh Python.
ATTEMPTS |= {
    "hook-audit": _planting("sys.addaudithook(shout)"),
    "hook-monitoring": _planting("M = sys.monitoring\ntool = next(i for i in range(6) if M.get_tool(i) is None)\nM.use_tool_id(tool, 'witness')\nM.register_callback(tool, M.events.PY_START, lambda *_: shout())\nM.set_events(tool, M.events.PY_START)"),
    "hook-settrace": _planting("sys.settrace(lambda *_: shout())"),
    "hook-gc-callbacks": _planting("import gc\ngc.callbacks.append(lambda *_: shout())"),
    "hook-gc-threshold": _planting("import gc\ngc.set_threshold(1, 1, 1)"),
    "hook-random-seed": _planting(f"import random\nrandom.seed({RANDOM_SEEDS['hook-random-seed']})"),
    "hook-random-setstate": _planting(f"import random\nrandom.setstate(random.Random({RANDOM_SEEDS['hook-random-setstate']}).getstate())"),
    "hook-copy-dispatch-in-place": _planting("import copy\noriginal = copy._deepcopy_dispatch[list]\ncopy._deepcopy_dispatch[list] = lambda x, memo, *rest: (shout(), original(x, memo, *rest))[1]"),
    "hook-re-cache": _planting("import re\nclass Fake:\n    def sub(self, *args, **kwargs):\n        shout()\n        return 'ok'\nfor cache in (getattr(re, '_cache', None), getattr(re, '_cache2', None)):\n    if isinstance(cache, dict):\n        cache[str, 'witness', 0] = Fake()"),
    "hook-codecs-register": _planting("import codecs\ncodecs.register(lambda name: (shout(), None)[1])"),
    "hook-linecache": _planting("import linecache\nfor n in [*range(1, 30), sys._getframe().f_code.co_filename[9:-1]]:\n    name = f'<example-{n}>'\n    linecache.cache[name] = (1, None, [MARK + '\\n'] * 40, name)"),
    "hook-environ": _planting("import os\nos.environ['FLIPCARDS_NOTE'] = MARK"),
    "hook-atexit": _planting("import atexit\natexit.register(shout)"),
    "hook-function-code-swapped": _planting("import textwrap\ndef poisoned(text, mark=MARK):\n    print(mark)\n    return text\ntextwrap.dedent.__code__ = poisoned.__code__\ntextwrap.dedent.__defaults__ = poisoned.__defaults__"),
    "hook-builtins-print": _planting("import builtins\noriginal = builtins.print\ndef noisy(*args, **kwargs):\n    shout()\n    original(*args, **kwargs)\nbuiltins.print = noisy"),
    "hook-sys-modules-flipcards": _planting("import types, flipcards\nfake = types.ModuleType('flipcards')\ndef attribute(name):\n    shout()\n    return getattr(flipcards, name)\nfake.__getattr__ = attribute\nfake.__path__ = flipcards.__path__\nsys.modules['flipcards'] = fake"),
}

# The import system, and files a later import would pick up.
_FINDER = "class Finder:\n    def find_spec(self, *_):\n        shout()\n    def invalidate_caches(self):\n        pass\n"
_PACKAGE = "import flipcards, pathlib\npackage = pathlib.Path(flipcards.__file__).parent\n"
ATTEMPTS |= {
    "import-meta-path-finder": _planting(_FINDER + "sys.meta_path.insert(0, Finder())"),
    "import-path-importer-cache": _planting(_FINDER + "for entry in sys.path:\n    sys.path_importer_cache[entry] = Finder()"),
    "plant-module-in-working-folder": _planting("open('difflib.py', 'w').write(f'print({MARK!r})\\n')\nimport os\nprint('planted in', os.getcwd())"),
    "plant-module-beside-the-package": _planting(_PACKAGE + "(package.parent / 'difflib.py').write_text(f'print({MARK!r})\\n')"),
    "plant-package-source-appended": _planting(_PACKAGE + "source = package / '_game.py'\nsource.write_text(source.read_text() + f'\\nprint({MARK!r})\\n')"),
    "plant-package-bytecode": _planting(_PACKAGE + "import importlib.util, marshal\nsource = package / '_game.py'\ncached = pathlib.Path(importlib.util.cache_from_source(str(source)))\nheader = cached.read_bytes()[:16]\ncode = compile(source.read_text() + f'\\nprint({MARK!r})\\n', str(source), 'exec')\ncached.write_bytes(header + marshal.dumps(code))"),
    "plant-through-unpack-archive": _planting(_PACKAGE + "import io, zipfile, pyodide_js\nbuffer = io.BytesIO()\nwith zipfile.ZipFile(buffer, 'w') as archive:\n    archive.writestr('difflib.py', f'print({MARK!r})\\n')\npyodide_js.unpackArchive(to_js(buffer.getvalue()), 'zip', obj(extractDir=str(package.parent)))"),
}

# The graphics processor: its work runs in the browser's GPU process, which ending the worker
# does not stop (a long shader drawn and read back froze every tab's drawing for minutes).
ATTEMPTS |= {
    "graphics-webgl-offscreen-canvas": _attempt("canvas = js.OffscreenCanvas.new(64, 64)\nprint(GOT_OUT, 'a canvas made', canvas.getContext('webgl2'))", REFUSED),
    "graphics-webgl-context-prototype": _attempt("draw = js.WebGL2RenderingContext.prototype.drawArrays\nprint(GOT_OUT, 'drawArrays found', draw)"),
    "graphics-webgpu-navigator": _attempt("gpu = js.navigator.gpu\nprint(GOT_OUT, 'the GPU reached', gpu)", REFUSED),
    "graphics-webgpu-navigator-prototype": _attempt("gpu = grab('gpu', js.WorkerNavigator.prototype, js.navigator)\nprint(GOT_OUT, 'the GPU found', gpu)", "", FIND),
    "graphics-image-bitmap": _attempt("js.createImageBitmap(js.ImageData.new(8, 8))\nprint(GOT_OUT, 'a bitmap made')", REFUSED),
    "graphics-video-encoder": _attempt("js.VideoEncoder.new(obj(output=create_proxy(print), error=create_proxy(print)))\nprint(GOT_OUT, 'an encoder made')", REFUSED),
    "graphics-media-source": _attempt("source = js.MediaSource.new()\nprint(GOT_OUT, 'a media source made', source.readyState)", REFUSED),
    "graphics-media-capabilities": _attempt("asked = js.navigator.mediaCapabilities.decodingInfo(obj(type='file', video=obj(contentType='video/webm; codecs=\"vp9\"', width=1920, height=1080, bitrate=10**6, framerate=30)))\nprint(GOT_OUT, 'the media capabilities asked', asked)", REFUSED),
}

# The browser's cryptography: its work runs on the browser's own threads, which ending the
# worker does not stop (a key of 8192 bits kept a core busy for half a minute after the run).
ATTEMPTS |= {
    "cryptography-generate-key": _attempt("e = js.Uint8Array.new(3)\ne[0] = 1\ne[2] = 1\njs.crypto.subtle.generateKey(obj(name='RSASSA-PKCS1-v1_5', modulusLength=8192, publicExponent=e, hash='SHA-256'), False, to_js(['sign']))\nprint(GOT_OUT, 'a key asked for')", REFUSED),
    "cryptography-through-crypto-prototype": _attempt("subtle = grab('subtle', js.Crypto.prototype, js.crypto)\nprint(GOT_OUT, 'the cryptography found', subtle)", "", FIND),
    "cryptography-subtle-prototype": _attempt("derive = js.SubtleCrypto.prototype.deriveBits\nprint(GOT_OUT, 'deriveBits found', derive)"),
    "cryptography-random-values-stay": _attempt("import random\nprint('random', random.SystemRandom().random() < 1, js.crypto.getRandomValues(js.Uint8Array.new(4)).length)", "random True 4"),
}

# The browser's compression and text streams: a chunk is deflated or decoded in one call of the
# browser's own code, which ending the worker does not stop (256 MB kept a core busy for 30 s
# after "Done"; 512 MB decoded as ISO-2022-JP, 7 s).
ATTEMPTS |= {
    "compression-stream": _attempt("cs = js.CompressionStream.new('deflate')\nprint(GOT_OUT, 'a compressor made', cs)", REFUSED),
    "compression-decompression-stream": _attempt("ds = js.DecompressionStream.new('deflate-raw')\nprint(GOT_OUT, 'a decompressor made', ds)", REFUSED),
    "compression-text-decoder-stream": _attempt("ds = js.TextDecoderStream.new('iso-2022-jp')\nprint(GOT_OUT, 'a text decoder stream made', ds)", REFUSED),
    "compression-text-encoder-stream": _attempt("es = js.TextEncoderStream.new()\nprint(GOT_OUT, 'a text encoder stream made', es)", REFUSED),
    "compression-zlib-stays": _attempt("import zlib\nprint('zlib', len(zlib.compress(b'ACGT' * 1000)) < 100)", "zlib True"),
}

# The browser's JSON parser ends the tab's process when it builds an array of more than 2^27
# elements (a text of 256 MB crashed the tab 7 s after Run); Python's json stays.
ATTEMPTS |= {
    "json-parse-of-a-long-text": _attempt("text = '[' + '1,' * 20_000_000 + '1]'\njs.JSON.parse(text)\nprint(GOT_OUT, 'a long text parsed')", "JSON.parse(a text of 40000003 characters; at most 33554432) was refused"),
    "json-of-a-response": _attempt("js.Response.new('[1]').json()\nprint(GOT_OUT, 'a body parsed')", "Response.json() was refused"),
    "json-python-s-stays": _attempt("import json\nprint('json', json.loads('[1, 2]'), js.JSON.parse('[3]').length)", "json [1, 2] 1"),
}

# WebAssembly compiled by reader code: the browser compiles and optimises its functions in
# its own code, which ending the worker cannot interrupt (four functions of 6 MB froze the page
# for four minutes after the run; one of 252 KB that declares 49,000 locals in four bytes took
# the tab to 9.5 GB and crashed it 25 s after Stop). Python makes modules as it goes that only
# import a function and export it again: those stay.
_WASM = "big = js.Uint8Array.new(300_000)\nsmall = to_js(b'\\x00asm\\x01\\x00\\x00\\x00')\n"
WASM_REFUSED = "examples cannot compile WebAssembly code"
WASM_TOO_LARGE = "(300000 bytes; at most 262144) was refused"
#: A module with one function of its own, "(func)": a type, a function, its body.
_FUNCTION = ("one = to_js(b'\\x00asm\\x01\\x00\\x00\\x00\\x01\\x04\\x01\\x60\\x00\\x00"
             "\\x03\\x02\\x01\\x00\\x0a\\x04\\x01\\x02\\x00\\x0b')\n")
#: The module that made a tab crash, smaller: one function of 4,000 "if"s that declares
#: 49,000 locals in four bytes (36 KB; its compile takes seconds for every block).
_LOCALS = ("def leb(n):\n    out = bytearray()\n    while True:\n        b = n & 0x7f\n"
           "        n >>= 7\n        if not n:\n            return bytes(out + bytes([b]))\n"
           "        out.append(b | 0x80)\n"
           "def sec(i, body):\n    return bytes([i]) + leb(len(body)) + body\n"
           "body = leb(1) + leb(49000) + b'\\x7f' + b'\\x20\\x00\\x04\\x40\\x20\\x00\\x21\\x01\\x0b' * 4000"
           " + b'\\x41\\x07\\x0b'\n"
           "mod = (b'\\x00asm\\x01\\x00\\x00\\x00' + sec(1, b'\\x01\\x60\\x01\\x7f\\x01\\x7f')"
           " + sec(3, b'\\x01\\x00') + sec(7, b'\\x01\\x01f\\x00\\x00')"
           " + sec(10, leb(1) + leb(len(body)) + body))\n"
           "many = to_js(mod)\n")
#: What Python makes as it goes: a module that imports a function ("e", "f") and exports it.
_BRIDGE = ("bridge = to_js(b'\\x00asm\\x01\\x00\\x00\\x00\\x01\\x04\\x01\\x60\\x00\\x00"
           "\\x02\\x07\\x01\\x01e\\x01f\\x00\\x00\\x07\\x05\\x01\\x01f\\x00\\x00')\n")
ATTEMPTS |= {
    "webassembly-large-module": _attempt(_WASM + "js.WebAssembly.Module.new(big)\nprint(GOT_OUT, 'a large module compiled')", WASM_TOO_LARGE),
    "webassembly-large-compile": _attempt(_WASM + "js.WebAssembly.compile(big)\nprint(GOT_OUT, 'a large module asked for')", WASM_TOO_LARGE),
    "webassembly-large-instantiate": _attempt(_WASM + "js.WebAssembly.instantiate(big.buffer)\nprint(GOT_OUT, 'a large module asked for')", WASM_TOO_LARGE),
    "webassembly-streaming": _attempt(_WASM + "js.WebAssembly.compileStreaming(js.Response.new(big))\nprint(GOT_OUT, 'a module streamed')", WASM_REFUSED),
    "webassembly-constructor-of-a-module": _attempt(_WASM + "made = js.WebAssembly.Module.new(small)\njs.Object.getPrototypeOf(made).constructor.new(big)\nprint(GOT_OUT, 'a large module compiled')", WASM_TOO_LARGE),
    "webassembly-small-module-stays": _attempt(_WASM + "made = js.WebAssembly.Module.new(small)\nprint('small module', js.WebAssembly.Instance.new(made) is not None)", "small module True"),
    "webassembly-a-function-of-its-own": _attempt(_FUNCTION + "js.WebAssembly.Module.new(one)\nprint(GOT_OUT, 'a function compiled')", "new WebAssembly.Module(a module with 1 function of its own) was refused"),
    "webassembly-a-function-compiled": _attempt(_FUNCTION + "js.WebAssembly.compile(one.buffer)\nprint(GOT_OUT, 'a function asked for')", WASM_REFUSED),
    "webassembly-a-function-instantiated": _attempt(_FUNCTION + "js.WebAssembly.instantiate(js.DataView.new(one.buffer))\nprint(GOT_OUT, 'a function asked for')", WASM_REFUSED),
    "webassembly-a-function-validated": _attempt(_FUNCTION + "js.WebAssembly.validate(one)\nprint(GOT_OUT, 'a function validated')", WASM_REFUSED),
    "webassembly-many-locals": _attempt(_LOCALS + "print('module bytes', len(mod))\nm = js.WebAssembly.Module.new(many)\nprint(GOT_OUT, 'compiled', js.WebAssembly.Instance.new(m).exports.f(3))", "(a module with 1 function of its own) was refused"),
    "webassembly-code-section-unreadable": _attempt("bad = to_js(b'\\x00asm\\x01\\x00\\x00\\x00\\x0a\\xff\\xff\\x01')\njs.WebAssembly.Module.new(bad)\nprint(GOT_OUT, 'an unreadable module compiled')", "(a module with sections that cannot be read) was refused"),
    "webassembly-bytes-posing-as-a-module": _attempt(_FUNCTION + "js.Reflect.setPrototypeOf(one, js.WebAssembly.Module.prototype)\njs.WebAssembly.instantiate(one, js.Object.new())\nprint(GOT_OUT, 'bytes taken for a module')", WASM_REFUSED),
    "webassembly-bridge-stays": _attempt(_BRIDGE + "made = js.WebAssembly.Module.new(bridge)\nf = js.WebAssembly.Instance.new(made, obj(e=obj(f=create_proxy(lambda: print('bridge called'))))).exports.f\nf()", "bridge called"),
}

# Types: the browser keeps every distinct WebAssembly type of the tab's process in one table
# that is never emptied, and ends the process when it is full (~2 million): 24 modules of
# nothing but types (one group of 85,000 array types in 255 KB each) crashed the tab in a
# third of a second, and the types of a run that ended "Done" crashed the next run. Python's
# modules have one function type of a few numbers; a tag is a type of its own.
_TYPES = ("def leb(n):\n    out = bytearray()\n    while True:\n        b = n & 0x7f\n"
          "        n >>= 7\n        if not n:\n            return bytes(out + bytes([b]))\n"
          "        out.append(b | 0x80)\n"
          "def types(body):\n    return to_js(b'\\x00asm\\x01\\x00\\x00\\x00\\x01' + leb(len(body)) + body)\n")
WASM_TYPES = "(a module with a type other than one function's of at most 7 parameters and one result) was refused"
ATTEMPTS |= {
    "webassembly-a-group-of-many-types": _attempt(_TYPES + "n = 85000\ngroup = types(leb(1) + b'\\x4e' + leb(n) + b'\\x5e\\x7e\\x01' * n)\nprint('module bytes', group.length)\njs.WebAssembly.Module.new(group)\nprint(GOT_OUT, 'types made')", WASM_TYPES),
    "webassembly-many-function-types": _attempt(_TYPES + "three = types(b'\\x03' + b'\\x60\\x00\\x00' + b'\\x60\\x01\\x7f\\x00' + b'\\x60\\x02\\x7f\\x7f\\x00')\njs.WebAssembly.validate(three)\nprint(GOT_OUT, 'types made')", "(a module with 3 types ("),
    "webassembly-a-long-function-type": _attempt(_TYPES + "long = types(b'\\x01\\x60\\x08' + b'\\x7f' * 8 + b'\\x00')\njs.WebAssembly.compile(long)\nprint(GOT_OUT, 'a type made')", WASM_TYPES),
    "webassembly-a-tag": _attempt("js.WebAssembly.Tag.new(obj(parameters=to_js(['i32', 'f64'])))\nprint(GOT_OUT, 'a tag made')", "new WebAssembly.Tag(…) was refused"),
    "webassembly-a-function-type-of-python-s-stays": _attempt(_TYPES + "ok = types(b'\\x01\\x60\\x07' + b'\\x7f\\x7e\\x7d\\x7c\\x6f\\x7f\\x7f' + b'\\x01\\x7e')\nprint('type module', js.WebAssembly.validate(ok))", "type module True"),
}

# Devices and the platform's details, which the site never uses (and which tell one reader's
# machine from another's).
ATTEMPTS |= {
    "devices-pressure-observer": _attempt("watch = js.PressureObserver.new(create_proxy(print))\nwatch.observe('cpu')\nprint(GOT_OUT, 'the pressure watched')", REFUSED),
    "devices-user-agent-data": _attempt("data = js.navigator.userAgentData\nprint(GOT_OUT, 'the platform read', data.platform)", REFUSED),
    "devices-user-agent-data-through-navigator-prototype": _attempt("data = grab('userAgentData', js.WorkerNavigator.prototype, js.navigator)\nprint(GOT_OUT, 'the platform found', data)", "", FIND),
}

# A trap on `Function.prototype.call`, set and taken away again in one JavaScript sequence
# (Python itself calls through it): every `f.call(this, …)` the worker's own code makes while
# it is set hands the trap `f` and `this` instead. The worker's download of the rest of the
# standard library once handed over the request it keeps and its methods (any request of the
# reader code's choosing, again and again), the timers' stand-ins the original `setTimeout`
# (JavaScript from text).
_CALL_TRAP = """\
def trapped(action, *arguments, prefill=0):
    # Each call the trap takes pushes 3 items and "returns" the log's new length: `prefill`
    # makes the one that reads a request's status return 200.
    log = js.Array.new(prefill).fill(0)
    spy = js.Proxy.new(js.Function.prototype.call, obj(apply=js.Array.prototype.push.bind(log)))
    original = js.Function.prototype.call
    put = js.Reflect.defineProperty.bind(None, js.Function.prototype, 'call')
    steps = js.Array.of(put.bind(None, obj(value=spy, writable=True, configurable=True)),
                        action.bind(None, *arguments),
                        put.bind(None, obj(value=original, writable=True, configurable=True)))
    steps.map(js.Reflect.apply)
    return [js.Reflect.get(log[i + 1], 'name') for i in range(prefill, log.length, 3)]
"""
ATTEMPTS |= {
    "network-call-trap-on-the-standard-library-download": _attempt(
        "import _flipcards_stdlib_rest as rest\nhanded = trapped(rest.download, prefill=188)\n"
        "if handed:\n    print(GOT_OUT, 'the download handed over', handed)", "", _CALL_TRAP),
    "code-call-trap-on-the-set-timeout-stand-in": _attempt(
        "handed = trapped(js.setTimeout, js.Math.random, 0)\n"
        "if handed:\n    print(GOT_OUT, 'the timer handed over', handed)", "", _CALL_TRAP),
    "network-standard-library-downloaded-again-after-a-failure": _attempt(
        "import _flipcards_stdlib_rest as rest\nbytes_ = js.Uint8Array\n"
        "js.self.Uint8Array = js.Object.new()\ntry:\n    rest.download()\nexcept Exception:\n    pass\n"
        "finally:\n    js.self.Uint8Array = bytes_\ntry:\n    rest.download()\n"
        "    print(GOT_OUT, 'downloaded twice')\nexcept Exception as error:\n    print('refused:', error)"),
    "code-function-kept-by-pyodide-for-its-tests": _attempt(
        "import pyodide_js\nkept = js.Reflect.get(js.Reflect.get(pyodide_js._api, 'tests') or js.Object.new(), 'Function')\n"
        "if kept is not None and kept.name == 'Function':\n    print(GOT_OUT, 'the Function constructor found')"),
}

# Floods: the page caps what it shows, stays responsive, and ends a worker that floods it.
ATTEMPTS |= {
    # `String.prototype.slice` swapped while the output callback cuts a piece: it once returned
    # an object of the reader code's making (here a 50-million-character text), posted whole,
    # which the page copied and then ignored as not text: the Run ended "Done".
    "flood-output-callback-slice-swapped": _attempt(
        "big = js.Array.of(50_000_000).map(js.String.prototype.repeat.bind('x'))\n"
        "holder = obj(x=big)\noriginal = js.String.prototype.slice\n"
        "js.Reflect.set(js.String.prototype, 'slice', js.Reflect.get.bind(None, holder, 'x'))\n"
        "try:\n    send('stdout', 'y' * 300_000)\nfinally:\n"
        "    js.Reflect.set(js.String.prototype, 'slice', original)\nprint('sent')",
        "more output than an example can show", CALLBACK),
    # A run's reply with a cut note that is an empty object, and getters on Object.prototype
    # answering 0 to the worker's check of the note's numbers and then millions of objects to
    # its copy of them: the result message carried them, and the page took a second or two to
    # receive it, the Run ending "Done".
    "flood-result-cut-note-read-twice": _attempt(
        "big = js.Array.new(3_000_000).fill(0).map(js.Object)\nreads = {'lines': 0, 'chars': 0}\n"
        "def getter(name):\n    def get(*_):\n        reads[name] += 1\n"
        "        return 0 if reads[name] == 1 else big\n    return create_proxy(get)\n"
        "for name in ('lines', 'chars'):\n"
        "    js.Object.defineProperty(js.Object.prototype, name,"
        " obj(get=getter(name), configurable=True))\n"
        "Capped = type(sys.stdout)\noriginal = Capped.result\n"
        "Capped.result = lambda self: (original(self)[0], {})\nprint('sent')"),
    "flood-on-write": _attempt("for _ in range(15):\n    sys.stdout.on_write('x' * 1_000_000)"),
    "flood-output-callback-found-by-gc": _attempt("for _ in range(15):\n    send('stdout', 'y' * 1_000_000)", "", CALLBACK),
    "flood-output-callback-tiny-writes": _attempt("for _ in range(200_000):\n    send('stdout', 'z')", "", CALLBACK),
    "flood-output-callback-alternating-streams": _attempt("for _ in range(100_000):\n    send('stdout', 'o')\n    send('stderr', 'e')", "", CALLBACK),
    "flood-output-callback-huge-array": _attempt("send('stdout', js.Array.new(10_000_000))", "", CALLBACK),
    "flood-output-callback-combining-marks": _attempt("send('stdout', 'a' + '\\u0301' * 2_000_000)", "", CALLBACK),
    "flood-print-range": _attempt("print(*range(10**6))"),
    "flood-combining-marks": _attempt("print('a' + '\\u0301' * 99_000)"),
    "flood-combining-marks-on-many-letters": _attempt("for _ in range(1_900):\n    print('a' + '\\u0301\\u0302\\u0303' * 16)"),
    "flood-bidi-overrides": _attempt("print(('\\u202e' + 'abc' + '\\u202d' + 'def') * 12_000)"),
    "flood-bidi-isolates-unclosed": _attempt("print('\\u2067' * 90_000 + 'end')"),
    # Text the browser is slow to lay out as one paragraph (seconds to a minute).
    "flood-zero-width-non-joiners": _attempt("print('a' + '\\u200c' * 99_000)"),
    "flood-zero-width-non-joiners-between-letters": _attempt("print('a\\u200c' * 49_000)"),
    "flood-thai-without-spaces": _attempt("print('\\u0e01' * 99_000)"),
    "flood-arabic-tatweel": _attempt("print('\\u0628' + '\\u0640' * 99_000)"),
    "flood-alternating-directions": _attempt("print(('ab\\u05d0\\u05d1 ' * 10 + '\\n') * 1_900)"),
    # `String` replaced by `Object` (what Pyodide itself needs of it copied over): millions of
    # objects posted as "text", which the page took seconds to receive.
    "flood-output-callback-objects-as-text": _attempt(
        "S = js.String\nbig = js.Array.new(3_000_000).fill(0).map(js.Object)\n"
        "for name in ('fromCharCode', 'fromCodePoint', 'raw'):\n"
        "    js.Reflect.set(js.Object, name, js.Reflect.get(S, name))\n"
        "js.self.String = js.Object\nfor _ in range(3):\n    send('stdout', big)\n"
        "js.self.String = S", "", CALLBACK),
    # The stream's name posted as it came: one message the page copied whole before it could
    # look at it (half a gigabyte, or millions of objects: seconds with no answer).
    "flood-output-callback-buffer-as-stream": _attempt(
        "send(js.ArrayBuffer.new(2**29), 'x')\nprint('sent')", "", CALLBACK),
    "flood-output-callback-objects-as-stream": _attempt(
        "send(js.Array.new(3_000_000).fill(0).map(js.Object), 'x')\nprint('sent')", "",
        CALLBACK),
}


def attempt_code(name: str, elsewhere_url: str) -> str:
    """The code typed for attempt `name`: the witness, the names the corpus uses, the attempt."""
    spec = ATTEMPTS[name]
    header = (f"MARK = 'POIS' 'ONED by {name}'\nGOT_OUT = 'ESC' 'APED'\n"
              f"URL = {elsewhere_url + name + '/'!r}\n")
    return "\n".join([PROLOGUE, header, *spec.snippets, spec.body]) + "\n"


# --- the main thread ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Link:
    """An address (below the site's root) opened in the tab; `message`: text the page must show;
    `then_hash`: a fragment set once the page is open (a hashchange)."""

    address: str
    message: str = ""
    then_hash: str = ""


#: name -> the address. Broken percent-encoding in every part of an address, and share links.
LINKS = {
    "share-link-broken-percent-in-code": Link("rule-508/#example-508-1&fc1=9.%E0%A4%A", "This share link cannot be opened"),
    "share-link-broken-percent-in-name": Link("rule-508/#example-%E0%A4%A&fc1=3.YWJj", "This share link cannot be opened"),
    "share-link-broken-percent-on-a-page-without-examples": Link("rules/#example-1&fc1=%E0%A4%A", "This share link cannot be opened"),
    "rule-508-fragment-cut-utf8": Link("rule-508/#%E0%A4%A"),
    "rule-508-fragment-trailing-percent": Link("rule-508/#508.1a%"),
    "rule-508-fragment-lone-percent": Link("rule-508/#%"),
    "rulings-fragment-cut-utf8": Link("rulings/#%E0%A4%A"),
    "rulings-fragment-trailing-percent": Link("rulings/#508.1a%"),
    "rulings-fragment-lone-percent": Link("rulings/#%"),
    "rule-page-fragment-cut-utf8": Link("rules/508.1a/#%E0%A4%A"),
    "rule-page-fragment-trailing-percent": Link("rules/508.1a/#508.1a%"),
    "rule-page-fragment-lone-percent": Link("rules/508.1a/#%"),
    "rule-508-hashchange-cut-utf8": Link("rule-508/", then_hash="%E0%A4%A"),
    "rule-508-query-cut-utf8": Link("rule-508/?from=%E0%A4%A#508.1a"),
    "playground-fragment-cut-utf8": Link("playground/#pg1=%E0%A4%A"),
    "not-found-path-cut-utf8": Link("rules/%E0%A4%A/", "There is no page at"),
    "not-found-path-and-fragment-broken": Link("rules/%E0%A4%A/#example-1&fc1=%", "There is no page at"),
}

#: Code of a share link: an attempt on the site's storage. Opening the link runs nothing.
SHARED_ATTACK = "import js\njs.caches.open('x')\nfrom pyodide.http import open_url\nopen_url('/')\n"

#: name -> code that floods the page until Stop is pressed.
FLOODS = {
    "print-loop": "while True:\n    print('x' * 100)",
    "output-callback-loop": CALLBACK + "while True:\n    send('stdout', 'y' * 10_000)",
    "alternating-streams-loop": CALLBACK + "while True:\n    send('stdout', 'o')\n    send('stderr', 'e')",
    "combining-marks-loop": "while True:\n    print('a' + '\\u0301' * 5_000)",
    "busy-loop": "while True:\n    pass",
}


# --- what the page is asked -----------------------------------------------------------------------

#: A timer in the page that ticks every 20 ms and notes how late a tick came, and the page's
#: long tasks (50 ms or more of its own work, for the message).
ANSWER_PROBE_START = """() => {
    const probe = {late: 0, task: 0, last: performance.now()};
    probe.timer = setInterval(() => {
        const now = performance.now();
        probe.late = Math.max(probe.late, now - probe.last - 20);
        probe.last = now;
    }, 20);
    probe.observer = new PerformanceObserver((list) => list.getEntries().forEach(
        (entry) => { probe.task = Math.max(probe.task, entry.duration); }));
    probe.observer.observe({type: "longtask"});
    window.__fcAnswerProbe = probe;
}"""
#: How long the page went without answering since the probe started: `late`, the latest tick
#: (ms beyond its period); `task`, the longest task of its own.
ANSWER_PROBE_STOP = """() => {
    const probe = window.__fcAnswerProbe;
    clearInterval(probe.timer);
    probe.late = Math.max(probe.late, performance.now() - probe.last - 20);
    probe.observer.takeRecords().forEach((entry) => { probe.task = Math.max(probe.task, entry.duration); });
    probe.observer.disconnect();
    return {late: Math.round(probe.late), task: Math.round(probe.task)};
}"""


def _unanswered(answer: dict[str, int]) -> str:
    """What is wrong with how the page answered (ANSWER_PROBE_STOP), or ""."""
    if answer["late"] > MAX_ANSWER_MS:
        return (f"the page did not answer for {answer['late']} ms (its longest task of its own "
                f"took {answer['task']} ms)")
    return ""


#: Resolves once the page is idle (or after a second).
IDLE = "() => new Promise((resolve) => requestIdleCallback(() => resolve(), {timeout: 1000}))"

#: When Stop was clicked (the event's own time) and when the status left "running".
STOP_PROBE = """(example) => {
    const status = example.querySelector(".fc-status");
    const probe = {clicked: null, left: null, running: false};
    example.querySelector(".fc-stop").addEventListener("click", (event) => {
        probe.clicked ??= event.timeStamp;
    }, {capture: true});
    new MutationObserver((_, observer) => {
        if (status.dataset.state === "running") probe.running = true;
        else if (probe.running && probe.left === null) {
            probe.left = performance.now();
            observer.disconnect();
        }
    }).observe(status, {attributes: true, childList: true, characterData: true, subtree: true});
    window.__fcStopProbe = probe;
}"""

#: Every "POISONED by ..." in the page's text, but in the output of the example `id` (whose own
#: Run may print its own mark) and in editors.
PAGE_MARKS = """(id) => {
    const marks = [];
    const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
    const own = id && document.getElementById(id)?.querySelector(".fc-output");
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (own && own.contains(node)) continue;
        marks.push(...(node.data.match(/POISONED[ _-]by[ _-][a-z0-9-]+/gi) ?? []));
    }
    marks.push(...(document.title.match(/POISONED[ _-]by[ _-][a-z0-9-]+/gi) ?? []));
    return marks;
}"""

#: What a page of the site finds in the origin's storage (a new page: the next visit).
STORAGE = """async () => {
    const found = {databases: [], opfs: [], entries: [], locks: [], buckets: [], fileSystems: [],
                   registration: null, kept: [], cookie: document.cookie, errors: []};
    const marked = (text) => text.match(/POISONED[ _-]by[ _-][a-z0-9-]+/gi) ?? [];
    const within = (promise, fallback) => Promise.race([promise, new Promise(
        (resolve) => setTimeout(() => resolve(fallback), 5000))]);
    const text = (value) => { try { return JSON.stringify(value) ?? String(value); } catch { return String(value); } };
    try {
        for (const {name} of await indexedDB.databases()) {
            const records = await within(new Promise((resolve) => {
                const request = indexedDB.open(name);
                request.onerror = () => resolve(`(not opened: ${request.error})`);
                request.onsuccess = async () => {
                    const db = request.result;
                    const parts = [];
                    for (const store of db.objectStoreNames) {
                        parts.push(store, await new Promise((done) => {
                            const all = db.transaction(store).objectStore(store).getAll();
                            all.onsuccess = () => done(text(all.result).slice(0, 100000));
                            all.onerror = () => done("(unreadable)");
                        }));
                    }
                    db.close();
                    resolve(parts.join(" "));
                };
            }), "(timed out)");
            found.databases.push({name, records});
        }
    } catch (error) { found.errors.push(`indexedDB: ${error}`); }
    try {
        const root = await navigator.storage.getDirectory();
        for await (const name of root.keys()) found.opfs.push(name);
    } catch (error) { found.errors.push(`OPFS: ${error}`); }
    try {
        for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            for (const request of await cache.keys()) {
                const response = await cache.match(request);
                const bytes = new Uint8Array(await response.arrayBuffer());
                const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
                found.entries.push({
                    cache: name, url: request.url, size: bytes.length,
                    hash: [...digest].map((b) => b.toString(16).padStart(2, "0")).join(""),
                    marks: marked(new TextDecoder().decode(bytes.subarray(0, 65536))),
                });
            }
        }
    } catch (error) { found.errors.push(`caches: ${error}`); }
    try {
        const {held = [], pending = []} = await navigator.locks.query();
        found.locks = [...held, ...pending].map((lock) => lock.name);
    } catch (error) { found.errors.push(`locks: ${error}`); }
    try {
        if (navigator.storageBuckets) found.buckets = await navigator.storageBuckets.keys();
    } catch (error) { found.errors.push(`buckets: ${error}`); }
    if (self.webkitRequestFileSystem) {
        for (const type of [0, 1]) {
            found.fileSystems.push(...await within(new Promise((resolve) => webkitRequestFileSystem(
                type, 0, (fs) => fs.root.createReader().readEntries(
                    (entries) => resolve(entries.map((entry) => entry.name)), () => resolve([])),
                () => resolve([]))), []));
        }
    }
    try {
        const registration = await navigator.serviceWorker.getRegistration();
        found.registration = registration
            ? (registration.active ?? registration.waiting ?? registration.installing)?.scriptURL ?? "(none)"
            : null;
    } catch (error) { found.errors.push(`service worker: ${error}`); }
    for (const store of [localStorage, sessionStorage]) {
        for (let i = 0; i < store.length; i += 1) {
            const key = store.key(i);
            found.kept.push(...marked(`${key} ${store.getItem(key)}`));
        }
    }
    return found;
}"""


# --- the batch of a host ----------------------------------------------------------------------------


@dataclass
class Host:
    """A way of serving the site, and the reader's tab on it."""

    name: str  # "headers" | "plain"
    tab: Tab


@dataclass
class Batch:
    """What the attempts of one host left behind, blamed on the attempts."""

    host: str
    found: dict[str, list[str]] = field(default_factory=dict)  # attempt -> problems
    probes: list[str] = field(default_factory=list)  # the unchanged example, between attempts
    next_page: list[str] = field(default_factory=list)
    next_visit: list[str] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)

    def blame(self, name: str, problem: str) -> None:
        self.found.setdefault(name, []).append(problem)

    def blame_marks(self, text: str, where: str, *, own: str | None = None,
                    unclaimed: list[str] | None = None) -> None:
        """Blame every mark in `text` on the attempt it names (but `own`'s own), saying `where`."""
        for mark in sorted({match.lower() for match in MARKS.findall(text)}):
            if mark == own:
                continue
            if mark in ATTEMPTS:
                self.blame(mark, f"what it planted turned up later: {where}")
            elif unclaimed is not None:
                unclaimed.append(f"POISONED by {mark} (no such attempt) {where}")


def _next_page(site: Site, corpus: str) -> tuple[str, str]:
    """(another page of the nav with an example without a session, that example)."""
    for path in site.pages_with_examples(standalone=True):
        if path != corpus:
            return path, site.examples(path, standalone=True)[0]
    pytest.fail("no second page has an example without a session")


def _built_file(site: Site, url: str) -> Path | None:
    """The file the build wrote for `url` (the site's own), or None."""
    if not url.startswith(site.url):
        return None
    path = unquote(urlsplit(url).path)
    relative = path[len(urlsplit(site.url).path):]
    if relative == "" or relative.endswith("/"):
        relative += "index.html"
    file = (site.root / relative).resolve()
    if site.root.resolve() not in file.parents or not file.is_file():
        return None
    return file


def _unexpected(site: Site, urls: list[str], allowed: tuple[str, ...] = ()) -> list[str]:
    """The URLs that are neither blob:/data: nor a file the build wrote (nor `allowed`)."""
    return [url for url in urls
            if not url.startswith(("blob:", "data:")) and url not in allowed
            and _built_file(site, url) is None]


def _page_errors(tab: Tab, since: int) -> list[str]:
    return [error for error in tab.traffic.errors[since:] if error.startswith("page error:")]


def _witness(output: str) -> dict[str, Any] | None:
    match = re.search(r"^witness: (\{.*\})$", output, re.MULTILINE)
    if not match:
        return None
    try:
        state: dict[str, Any] = ast.literal_eval(match.group(1))
    except (ValueError, SyntaxError):
        return None
    return state


def _too_long(output: str) -> str:
    """What exceeds the page's caps in `output` (a few hundred characters of notes aside)."""
    if len(output) > MAX_OUTPUT_CHARS + 500:
        return f"the page shows {len(output):,} characters of output"
    if output.count("\n") > MAX_OUTPUT_LINES + 5:
        return f"the page shows {output.count(chr(10)):,} lines of output"
    return ""


def _fresh_page(host: Host, site: Site, path: str, *, replace: bool = False) -> None:
    """Open `path` anew in the tab; `replace`: in a new page (the old one froze or crashed)."""
    page = host.tab.page
    if not replace:
        try:
            open_page(page, site.page_url(path))
            return
        except PlaywrightError:
            pass
    with contextlib.suppress(PlaywrightError):
        page.close()
    page = page.context.new_page()
    page.on("pageerror", lambda error: host.tab.traffic.errors.append(f"page error: {error}"))
    page.on("dialog", lambda dialog: (host.tab.dialogs.append(dialog.message), dialog.dismiss()))
    _tall(page)
    host.tab.page = page
    open_page(page, site.page_url(path))
    page.set_default_timeout(RUN_TIMEOUT_MS)


def _tall(page: Page) -> None:
    """A tall window: the editor draws only the lines near the visible part of the page, and an
    attempt (the witness first) has a hundred lines or more, all of which are read back."""
    page.set_viewport_size({"width": 1200, "height": 2400})


class Runner:
    """Runs the attempts of one host in its tab, and finds out what they left behind."""

    def __init__(self, host: Host, site: Site, elsewhere: Elsewhere, batch: Batch) -> None:
        self.host, self.site, self.elsewhere, self.batch = host, site, elsewhere, batch
        self.corpus, self.attacked_id, self.probe_id = site.example_pair()
        self.expected_probe = ""
        self.last_state: dict[str, Any] | None = None
        self.last_name = "the clean Run"
        self.hits_seen = 0

    @property
    def page(self) -> Page:
        return self.host.tab.page

    def example(self, id_: str) -> Locator:
        return self.page.locator(f'[id="{id_}"]')

    def start(self) -> None:
        """Open the page, note the unchanged example's output, and run the witness alone."""
        _fresh_page(self.host, self.site, self.corpus)
        self.expected_probe = output_text(self.example(self.probe_id))
        assert self.expected_probe.strip(), "the unchanged example has no pre-rendered output"
        attacked = self.example(self.attacked_id)
        edit(attacked, PROLOGUE)
        state = run_to_its_end(attacked, LOAD_TIMEOUT_MS)
        self.last_state = _witness(output_text(attacked))
        assert self.last_state is not None, ("the witness did not run in a clean Run", state,
                                             output_text(attacked)[-2000:])
        self.page.set_default_timeout(RUN_TIMEOUT_MS)

    def new_hits(self) -> list[str]:
        hits = self.elsewhere.hits[self.hits_seen:]
        self.hits_seen += len(hits)
        return hits

    def blame_requests(self, name: str, urls: list[str], hits: list[str],
                       unclaimed: list[str] | None = None) -> None:
        """Requests the page must not have made: blamed on the attempt their address names,
        else on `name` (an attempt), else put in `unclaimed`."""
        def blame(owner: str | None, problem: str) -> None:
            if owner in ATTEMPTS:
                self.batch.blame(owner, problem)
            elif unclaimed is not None:
                unclaimed.append(problem)

        for url in _unexpected(self.site, urls):
            owner = next((other for other in ATTEMPTS if f"/{other}/" in url or other in unquote(url)), name)
            blame(owner, f"a request that is no file of the site: {url[:200]}"
                  + ("" if owner == name else f" (made during {name})"))
        for path in hits:
            owner = path.strip("/").split("/")[0]
            blame(owner if owner in ATTEMPTS else name,
                  f"reached the server on another origin: {path[:200]}" + ("" if owner == name else f" (during {name})"))

    def attempt(self, name: str) -> None:
        batch, tab = self.batch, self.host.tab
        code = attempt_code(name, self.elsewhere.url)
        requests_from, errors_from = len(tab.traffic.requests), len(tab.traffic.errors)
        started = time.monotonic()
        attacked = self.example(self.attacked_id)
        try:
            edit(attacked, code)
            typed = editor_text(attacked)
            if typed != code:
                batch.blame(name, "the editor does not hold what was typed before the Run:\n"
                            + _first_difference(code, typed))
            # The editor's own work after the typing (highlighting) is not the Run's.
            self.page.evaluate(IDLE)
            self.page.evaluate(ANSWER_PROBE_START)
            state, status_text = run_to_its_end(attacked)
            self.page.wait_for_timeout(SETTLE_MS)
            answer = self.page.evaluate(ANSWER_PROBE_STOP)
            output = output_text(attacked)
        except PlaywrightError as error:
            batch.blame(name, f"the Run could not be watched to its end: {str(error)[:500]}")
            _fresh_page(self.host, self.site, self.corpus, replace=True)
            return
        finally:
            batch.seconds[name] = time.monotonic() - started

        spec = ATTEMPTS[name]
        if (late := _unanswered(answer)) and (again := self.answer_again(name)):
            batch.blame(name, f"{late}, during or after the Run; and when it was run again: {again}")
        if (cut := _too_long(output)):
            batch.blame(name, cut)
        if ESCAPED in output:
            escaped = [line[:300] for line in output.splitlines() if ESCAPED in line]
            batch.blame(name, f"got hold of what it must not have: {escaped[:3]}")
        if spec.shows and spec.shows not in output:
            batch.blame(name, f"the output does not say {spec.shows!r}: status {state!r} "
                        f"{status_text!r}, output ends {output[-600:]!r}")
        batch.blame_marks(output, f"in the output of the Run of {name}", own=name)
        batch.blame_marks(" ".join(self.page.evaluate(PAGE_MARKS, self.attacked_id)),
                          f"in the page after the Run of {name}")
        # What the Run before left in Python's state (the witness printed it before this code).
        state_now = _witness(output)
        if state_now is None and not any(mark.lower() != name for mark in MARKS.findall(output)):
            batch.blame(name, f"the witness did not run first: status {state!r} {status_text!r}, "
                        f"output starts {output[:400]!r}")
        elif state_now is not None:
            if self.last_state is not None:
                changed = {key: (self.last_state.get(key), value) for key, value in state_now.items()
                           if self.last_state.get(key) != value}
                if changed and self.last_name in ATTEMPTS:
                    batch.blame(self.last_name, f"the Run after it ({name}) started from another state: "
                                + "; ".join(f"{key}: {old!r} became {new!r}"[:400] for key, (old, new) in changed.items()))
            self.last_state = state_now
        self.last_name = name
        if (errors := _page_errors(tab, errors_from)):
            batch.blame(name, f"uncaught errors in the page: {errors[:3]}")
        if tab.dialogs:
            batch.blame(name, f"dialogs opened: {tab.dialogs[:3]}")
            tab.dialogs.clear()
        after = editor_text(attacked)
        if after != code:
            batch.blame(name, "the editor does not hold the reader's code after the Run:\n"
                        + _first_difference(code, after))
        if kept_edit(self.page, self.attacked_id) != code:
            batch.blame(name, "the reader's code is not kept for the tab")
        self.blame_requests(name, tab.traffic.requests[requests_from:], self.new_hits())

    def answer_again(self, name: str) -> str:
        """Run the attempt once more and say how the page answered ("" if in time). A page that
        was late once may have been starved by other work on the machine; late twice, it is
        the page's doing."""
        attacked = self.example(self.attacked_id)
        try:
            self.page.evaluate(IDLE)
            self.page.evaluate(ANSWER_PROBE_START)
            run_to_its_end(attacked)
            self.page.wait_for_timeout(SETTLE_MS)
            answer = self.page.evaluate(ANSWER_PROBE_STOP)
        except PlaywrightError as error:
            return f"the repeated Run could not be watched to its end: {str(error)[:300]}"
        self.batch.blame_marks(output_text(attacked), f"in the output of the repeated Run of {name}",
                               own=name)
        return _unanswered(answer)

    def probe(self, window: list[str]) -> None:
        """Run the unchanged example: it prints its pre-rendered output, and nothing planted."""
        probe = self.example(self.probe_id)
        if probe.locator(".cm-editor").count():
            probe.locator(".fc-reset").click()
        try:
            state = run_to_its_end(probe)
            output = output_text(probe)
        except PlaywrightError as error:
            self.batch.probes.append(f"after {window[-1] if window else 'the start'}: the unchanged "
                                     f"example's Run could not be watched: {str(error)[:300]}")
            _fresh_page(self.host, self.site, self.corpus, replace=True)
            return
        self.batch.blame_marks(output, f"in the unchanged example's output after {window[-1:]}")
        if state != ("done", "Done") or output != self.expected_probe:
            self.batch.probes.append(
                f"after attempts {window[0]} to {window[-1]}: status {state}, output "
                f"{output[:300]!r} instead of {self.expected_probe[:300]!r}")

    def next_page(self) -> None:
        """Instant navigation to another page: an example there runs as built; no mark."""
        problems = self.batch.next_page
        path, id_ = _next_page(self.site, self.corpus)
        errors_from = len(self.host.tab.traffic.errors)
        try:
            follow_link(self.page, self.site.page_url(path))
            example = self.example(id_)
            expected = output_text(example)
            state = run_to_its_end(example)
            output = output_text(example)
        except PlaywrightError as error:
            problems.append(f"the next page could not be used: {str(error)[:500]}")
            return
        if state != ("done", "Done") or output != expected:
            problems.append(f"{id_} on {path or 'the home page'}: status {state}, output {output[:300]!r} "
                            f"instead of {expected[:300]!r}")
        marks = " ".join(self.page.evaluate(PAGE_MARKS, ""))
        self.batch.blame_marks(marks, f"on the next page ({path or 'the home page'})", unclaimed=problems)
        problems.extend(f"marked: {mark}" for mark in MARKS.findall(marks))
        problems.extend(_page_errors(self.host.tab, errors_from))

    def next_visit(self) -> None:
        """A new page in the same browser context: the same service worker and storage."""
        problems = self.batch.next_visit
        requests_from = len(self.host.tab.traffic.requests)
        visit = self.page.context.new_page()
        errors: list[str] = []
        visit.on("pageerror", lambda error: errors.append(str(error)))
        try:
            open_page(visit, self.site.page_url(self.corpus))
            marks = " ".join(visit.evaluate(PAGE_MARKS, ""))
            self.batch.blame_marks(marks, "in the page of the next visit", unclaimed=problems)
            problems.extend(f"the page of the next visit shows {mark}" for mark in MARKS.findall(marks))
            probe = visit.locator(f'[id="{self.probe_id}"]')
            if probe.locator(".cm-editor").count():
                probe.locator(".fc-reset").click()
            state = run_to_its_end(probe)
            if state != ("done", "Done") or output_text(probe) != self.expected_probe:
                problems.append(f"on the next visit the unchanged example ends {state} with "
                                f"{output_text(probe)[:300]!r}")
            found = visit.evaluate(STORAGE)
        except PlaywrightError as error:
            problems.append(f"the next visit could not be checked: {str(error)[:500]}")
            return
        finally:
            with contextlib.suppress(PlaywrightError):
                visit.close()
        self.judge_storage(found, problems)
        problems.extend(f"uncaught error on the next visit: {error}" for error in errors)
        self.blame_requests("the next visit", self.host.tab.traffic.requests[requests_from:], self.new_hits(),
                            problems)

    def judge_storage(self, found: dict[str, Any], problems: list[str]) -> None:
        batch = self.batch

        def marked(text: str, where: str) -> None:
            before = len(problems)
            batch.blame_marks(text, where, unclaimed=problems)
            if MARKS.search(text) and len(problems) == before:
                problems.append(f"{where}: {MARKS.search(text).group(0)}")  # type: ignore[union-attr]

        for database in found["databases"]:
            marked(f"{database['name']} {database['records']}", f"IndexedDB database {database['name'][:100]!r}")
        for name in found["opfs"]:
            marked(name, f"a file {name[:100]!r} in the origin private file system")
            if not MARKS.search(name):
                problems.append(f"a file {name[:100]!r} in the origin private file system")
        for name in found["fileSystems"]:
            marked(name, f"a file {name[:100]!r} in the old file system API's storage")
            if not MARKS.search(name):
                problems.append(f"a file {name[:100]!r} in the old file system API's storage")
        for name in found["locks"]:
            marked(name, f"a lock {name[:100]!r} held or asked for")
        for name in found["buckets"]:
            marked(name, f"a storage bucket {name[:100]!r}")
        marked(" ".join(found["kept"]) + " " + found["cookie"], "in localStorage, sessionStorage or cookies")
        expected_worker = self.site.url + "sw.js"
        if found["registration"] != expected_worker:
            problems.append(f"the service worker is {found['registration']!r}, not {expected_worker!r}")
        if not found["entries"]:
            problems.append("Cache Storage is empty: the service worker cached nothing to compare")
        hashes: dict[Path, str] = {}
        for entry in found["entries"]:
            where = f"the cache entry {entry['url'][:150]} (cache {entry['cache'][:80]})"
            if entry["marks"]:
                marked(" ".join(entry["marks"]), where)
            url = entry["url"].split("?__WB_REVISION__=")[0]
            file = _built_file(self.site, url)
            if file is None:
                problems.append(f"{where} is no file the build wrote")
                continue
            if file not in hashes:
                hashes[file] = hashlib.sha256(file.read_bytes()).hexdigest()
            if entry["hash"] != hashes[file]:
                problems.append(f"{where} does not hold the bytes the build wrote "
                                f"({entry['size']:,} bytes, {file.stat().st_size:,} built)")
        problems.extend(f"could not read: {error}" for error in found["errors"])

    def run_all(self, names: list[str]) -> None:
        self.start()
        window: list[str] = []
        for name in names:
            self.attempt(name)
            window.append(name)
            if len(window) == PROBE_EVERY:
                self.probe(window)
                window = []
        self.probe(window or ["the last attempt"])
        # Late arrivals: timers of the worker, the service worker's fetches.
        self.page.wait_for_timeout(500)
        self.blame_requests("after the attempts", [], self.new_hits(), self.batch.probes)
        self.next_page()
        self.next_visit()


#: A Run has ended (as fcpage's wait_finished has it): done, error, or back to idle with a word.
ENDED = """(status) => status.dataset.state === "done" || status.dataset.state === "error"
    || (status.dataset.state === "idle" && status.textContent !== "")"""


def wait_ended(example: Locator, timeout_ms: float = RUN_TIMEOUT_MS) -> tuple[str, str]:
    """Wait for the Run of `example` to end, polling on a timer and for a bounded time (a page
    that froze does not answer, and must not hang the corpus); the final (state, text)."""
    handle = example.locator(".fc-status").element_handle()
    example.page.wait_for_function(ENDED, arg=handle, polling=100, timeout=timeout_ms)
    return status(example)


def run_to_its_end(example: Locator, timeout_ms: float = RUN_TIMEOUT_MS) -> tuple[str, str]:
    """Click Run and wait for the Run to end; the final (state, text) of the status line."""
    example.locator(".fc-run").click()
    return wait_ended(example, timeout_ms)


def _first_difference(expected: str, got: str) -> str:
    at = next((i for i, (a, b) in enumerate(zip(expected, got, strict=False)) if a != b),
              min(len(expected), len(got)))
    return f"at {at}: expected {expected[at:at + 80]!r}, got {got[at:at + 80]!r}"


# --- fixtures ----------------------------------------------------------------------------------------


@pytest.fixture(scope="module", params=["headers", "plain"])
def host(request: pytest.FixtureRequest, browser: Browser, site: Site) -> Iterator[Host]:
    """The tab of one host: the site served with its headers file's headers, or without."""
    with served_tab(browser, plain=request.param == "plain") as tab:
        _tall(tab.page)
        yield Host(request.param, tab)


@pytest.fixture(scope="module")
def batch(host: Host, site: Site, elsewhere: Elsewhere, request: pytest.FixtureRequest) -> Batch:
    """Every selected attempt of this host, run in order in its tab; then the next page and the
    next visit. What was found is blamed on the attempts."""
    names = [item.callspec.params["name"] for item in request.session.items
             if getattr(item, "originalname", "") == "test_an_attempt_stays_in_its_run"
             and item.callspec.params.get("host") == host.name]
    found = Batch(host.name)
    elsewhere.hits.clear()
    started = time.monotonic()
    Runner(host, site, elsewhere, found).run_all(names)
    found.seconds["the batch"] = time.monotonic() - started
    slowest = sorted(((s, n) for n, s in found.seconds.items() if n != "the batch"), reverse=True)[:5]
    print(f"\n{host.name}: {len(names)} attempts in {found.seconds['the batch']:.0f} s; slowest: "
          + ", ".join(f"{n} {s:.1f} s" for s, n in slowest))
    return found


# --- the tests ------------------------------------------------------------------------------------------


def _assert_none(problems: list[str]) -> None:
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.mark.parametrize("name", list(ATTEMPTS))
def test_an_attempt_stays_in_its_run(batch: Batch, name: str) -> None:
    """No request leaves, nothing is got hold of, the page answers and keeps the code, and
    nothing planted turns up in a later Run, the page, the next page or the next visit."""
    _assert_none(batch.found.get(name, []))


def test_an_unchanged_example_prints_its_output_between_attempts(batch: Batch) -> None:
    _assert_none(batch.probes)


def test_nothing_survives_into_the_next_page(batch: Batch) -> None:
    _assert_none(batch.next_page)


def test_nothing_survives_into_the_next_visit(batch: Batch) -> None:
    _assert_none(batch.next_visit)


@pytest.mark.parametrize("flood", list(FLOODS))
def test_stop_ends_a_flood_within_200_ms(host: Host, site: Site, flood: str) -> None:
    """Stop (or the page itself) ends a flooding Run at once; the page answers meanwhile. A
    measure that misses is taken once more (the machine may have starved the page)."""
    corpus, attacked_id, _ = site.example_pair()
    page = host.tab.page
    if not page.url.startswith(site.page_url(corpus)) or "#" in page.url:
        _fresh_page(host, site, corpus)
        page = host.tab.page
    example = page.locator(f'[id="{attacked_id}"]')
    code = "import js, sys\nGOT_OUT = 'ESC' 'APED'\n" + FLOODS[flood] + "\n"
    edit(example, code)
    first = _stop_a_flood(example)
    if first:
        again = _stop_a_flood(example)
        _assert_none([f"{problem}; and once more: {'; '.join(again)}" for problem in first] if again else [])
    assert editor_text(example) == code


def _stop_a_flood(example: Locator) -> list[str]:
    """Run the flood in `example`, press Stop after 700 ms; what went wrong."""
    page = example.page
    example.evaluate(STOP_PROBE)
    page.evaluate(ANSWER_PROBE_START)
    example.locator(".fc-run").click()
    # Running, or already ended: the page ends a Run that floods it faster than Stop is pressed.
    page.wait_for_function(f"(status) => status.dataset.state === 'running' || ({ENDED})(status)",
                           arg=example.locator(".fc-status").element_handle(), polling=50)
    page.wait_for_timeout(700)
    if status(example)[0] == "running":
        with contextlib.suppress(PlaywrightError):  # (the page may end the Run itself meanwhile)
            example.locator(".fc-stop").click(timeout=2_000)
    state = wait_ended(example)
    page.wait_for_timeout(SETTLE_MS)
    answer = page.evaluate(ANSWER_PROBE_STOP)
    probe = page.evaluate("window.__fcStopProbe")
    problems = []
    if probe["left"] is None:
        problems.append(f"the Run never left running ({state})")
    elif probe["clicked"] is not None and probe["left"] - probe["clicked"] > MAX_STOP_MS:
        problems.append(f"the Run ended {probe['left'] - probe['clicked']:.0f} ms after Stop was clicked ({state})")
    if (late := _unanswered(answer)):
        problems.append(late)
    if (cut := _too_long(output_text(example))):
        problems.append(cut)
    return problems


@pytest.mark.parametrize("name", list(LINKS))
def test_a_broken_address_is_no_uncaught_error(host: Host, site: Site, elsewhere: Elsewhere,
                                               name: str) -> None:
    link = LINKS[name]
    tab, page = host.tab, host.tab.page
    hits_from, errors_from = len(elsewhere.hits), len(tab.traffic.errors)
    requests_from = len(tab.traffic.requests)
    page.mouse.move(0, 0)  # not over a toolbar, which would start Python
    url = site.url + link.address
    page.goto(url, wait_until="load")
    if link.address.startswith("rules/508"):
        # A rule's own page sends the browser on to the rule in context.
        page.wait_for_url(lambda current: "/rules/" not in current)
        page.wait_for_load_state("load")
    if link.then_hash:
        page.evaluate("(hash) => { location.hash = hash; }", link.then_hash)
    page.wait_for_timeout(400)
    errors = _page_errors(tab, errors_from)
    assert errors == [], f"uncaught errors: {errors}"
    if link.message:
        shown = page.locator("body").inner_text()
        assert link.message in shown, f"the page does not say {link.message!r}"
    assert elsewhere.hits[hits_from:] == []
    assert _unexpected(site, tab.traffic.requests[requests_from:], allowed=(url.split("#")[0],)) == []
    assert tab.dialogs == []


def test_a_share_link_with_attack_code_runs_nothing(host: Host, site: Site) -> None:
    corpus, attacked_id, _ = site.example_pair()
    tab, page = host.tab, host.tab.page
    page.mouse.move(0, 0)
    page.goto("about:blank")
    requests_from, errors_from = len(tab.traffic.requests), len(tab.traffic.errors)
    number = attacked_id.removeprefix("example-")
    page.goto(f"{site.page_url(corpus)}#{share_fragment(number, SHARED_ATTACK)}", wait_until="load")
    example = page.locator(f'[id="{attacked_id}"]')
    example.locator(".cm-editor").wait_for()
    page.wait_for_timeout(500)
    assert editor_text(example) == SHARED_ATTACK
    assert example.locator(".fc-status").get_attribute("data-state") == "idle"
    python = [url for url in tab.traffic.requests[requests_from:]
              if any(part in url for part in RUNTIME_FILES if "editor" not in part)]
    assert python == [], "opening a share link loaded Python"
    assert _page_errors(tab, errors_from) == []


def test_the_corpus_is_large_enough() -> None:
    assert len(ATTEMPTS) >= 100
