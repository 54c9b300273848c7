// The Python worker: a module Web Worker that owns Pyodide and runs the examples.
//
// Created by worker-client.mjs the first time a reader runs or edits an example.
// Every URL is relative to this file, so the site works at any depth and on any
// static host; nothing is fetched from anywhere but the site's own origin.
//
// Messages (plain JSON-able objects):
//   worker -> page  {type: "ready"} | {type: "load-error", message}
//   page -> worker  {type: "run", id, filename, code, preludes: [{filename, code}, ...],
//                    limits: {maxChars, maxLines}}   (filenames are "<example-N>", as in the build)
//   worker -> page  {type: "result", id, stdout, stderr, stdoutCut, stderrCut, raised}
//                   | {type: "run-error", id, message}     (a failure of the runtime itself)
// Across the Python boundary only JSON strings travel: no PyProxy leaves this file.

import { loadPyodide } from "../assets/pyodide/pyodide.mjs";

const PYODIDE_DIR = new URL("../assets/pyodide/", import.meta.url).href;
const PACKAGE_ZIP = new URL("../assets/flipcards/flipcards.zip", import.meta.url).href;
// The standard library, precompiled by the build for Pyodide's Python; the modules the
// examples never import are in a second zip, downloaded on first import (see
// pysrc/flipcards_site/bytecode.py).
const STDLIB_ZIP = new URL("../assets/python/stdlib.zip", import.meta.url).href;
const STDLIB_REST_ZIP = new URL("../assets/python/stdlib-rest.zip", import.meta.url).href;
const PACKAGE_DIR = "/lib/flipcards-site";

// The Python side of the runner. Runs every example in a fresh namespace, with the
// earlier examples of its session replayed quietly first; captures stdout and stderr
// with size limits; turns an exception into a traceback of the reader's frames only.
const RUNNER_PY = String.raw`
import builtins
import io
import json
import linecache
import sys
import traceback

# The reader's code runs under the file names "<example-N>" (N: the example's number on
# its page), the names the build uses, so tracebacks read the same in both places.
READER_PREFIX = "<example-"


class CappedText(io.TextIOBase):
    """A text stream that keeps the first max_chars characters / max_lines lines.

    Whatever comes after is only counted, so a runaway print loop cannot exhaust
    memory and the page can say how much was cut.
    """

    def __init__(self, max_chars, max_lines):
        self.max_chars = max_chars
        self.max_lines = max_lines
        self.parts = []
        self.kept_chars = 0
        self.kept_newlines = 0
        self.total_chars = 0
        self.total_newlines = 0
        self.ends_with_newline = True
        self.full = False

    def writable(self):
        return True

    def write(self, s):
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
            if self.kept_chars > self.max_chars or self.kept_newlines > self.max_lines:
                self._trim()
        return len(s)

    def _trim(self):
        text = "".join(self.parts)
        end = len(text)
        if self.kept_newlines > self.max_lines:
            end = -1
            for _ in range(self.max_lines):
                end = text.index("\n", end + 1)
            end += 1
        if end > self.max_chars:
            # Cut at the last line end that fits; a single huge line is cut hard.
            end = text.rfind("\n", 0, self.max_chars) + 1 or self.max_chars
        self.parts = [text[:end]]
        self.full = True

    def result(self):
        text = "".join(self.parts)
        if not self.full:
            return text, None

        def lines(n_newlines, n_chars, ends_with_newline):
            return n_newlines + (0 if ends_with_newline or n_chars == 0 else 1)

        shown = lines(text.count("\n"), len(text), text.endswith("\n"))
        total = lines(self.total_newlines, self.total_chars, self.ends_with_newline)
        return text, {"lines": total - shown, "chars": self.total_chars - len(text)}


def _keep_reader_frames(te, seen):
    """Drop every frame that is not the reader's code, in te and its chained exceptions."""
    while te is not None and id(te) not in seen:
        seen.add(id(te))
        te.stack = traceback.StackSummary.from_list(
            [frame for frame in te.stack if frame.filename.startswith(READER_PREFIX)]
        )
        _keep_reader_frames(te.__context__, seen)
        te = te.__cause__


def short_traceback(exc):
    te = traceback.TracebackException.from_exception(exc)
    _keep_reader_frames(te, set())
    return "".join(te.format())


def _run_source(code, filename, namespace):
    """Run code; return the short traceback text if it raised, else None."""
    linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
    try:
        exec(compile(code, filename, "exec", dont_inherit=True), namespace)
    except BaseException as exc:  # the reader's code may raise anything, SystemExit included
        return short_traceback(exc)
    return None


def no_input(prompt=""):
    raise RuntimeError("input() is not available in examples; set values in the code instead")


builtins.input = no_input


def run(request_json):
    request = json.loads(request_json)
    limits = request["limits"]
    out = CappedText(limits["maxChars"], limits["maxLines"])
    err = CappedText(limits["maxChars"], limits["maxLines"])
    namespace = {"__name__": "__main__", "__builtins__": builtins}
    saved = sys.stdout, sys.stderr
    failure = None
    try:
        for prelude in request["preludes"]:
            # Earlier examples of the session run quietly: only their names are wanted.
            sys.stdout = sys.stderr = CappedText(0, 0)
            failure = _run_source(prelude["code"], prelude["filename"], namespace)
            if failure is not None:
                failure = "An earlier example of this session failed:\n" + failure
                break
        if failure is None:
            sys.stdout, sys.stderr = out, err
            failure = _run_source(request["code"], request["filename"], namespace)
    finally:
        sys.stdout, sys.stderr = saved
    if failure is not None:
        err.write(failure)
    stdout, stdout_cut = out.result()
    stderr, stderr_cut = err.result()
    return json.dumps({
        "stdout": stdout, "stderr": stderr,
        "stdoutCut": stdout_cut, "stderrCut": stderr_cut,
        "raised": failure is not None,
    })
`;

/** Load Pyodide, unpack the flipcards package, and return the Python run function. */
async function loadRuntime() {
  // The package downloads while Pyodide starts.
  const packageBytes = fetch(PACKAGE_ZIP).then((response) => {
    if (!response.ok) throw new Error(`could not fetch flipcards.zip (HTTP ${response.status})`);
    return response.arrayBuffer();
  });
  packageBytes.catch(() => {}); // reported below, once Pyodide is up
  const pyodide = await loadPyodide({
    indexURL: PYODIDE_DIR,
    stdLibURL: STDLIB_ZIP,
    env: { FLIPCARDS_STDLIB_REST: STDLIB_REST_ZIP },
  });
  // Reading sys.stdin raises instead of blocking; input() is replaced in RUNNER_PY.
  pyodide.setStdin({ error: true });

  pyodide.unpackArchive(await packageBytes, "zip", { extractDir: PACKAGE_DIR });

  const namespace = pyodide.globals.get("dict")();
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(PACKAGE_DIR)})`, {
    globals: namespace,
  });
  pyodide.runPython(RUNNER_PY, { globals: namespace });
  // Import the package now, so the reader's first run pays only for its own code.
  pyodide.runPython("import flipcards", { globals: namespace });
  const run = namespace.get("run");
  namespace.destroy();
  return (request) => run(JSON.stringify(request));
}

const runtime = loadRuntime();
runtime.then(
  () => self.postMessage({ type: "ready" }),
  (error) => self.postMessage({ type: "load-error", message: String(error?.message ?? error) }),
);

self.onmessage = async (event) => {
  const message = event.data;
  if (message?.type !== "run") return;
  let run;
  try {
    run = await runtime;
  } catch {
    return; // already reported as load-error
  }
  try {
    const reply = JSON.parse(run({
      filename: message.filename, code: message.code, preludes: message.preludes, limits: message.limits,
    }));
    self.postMessage({ type: "result", id: message.id, ...reply });
  } catch (error) {
    self.postMessage({ type: "run-error", id: message.id, message: String(error?.message ?? error) });
  }
};
