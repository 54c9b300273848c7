// The Python worker: a module Web Worker that owns Pyodide and runs the examples.
//
// Created by worker-client.mjs the first time a reader runs or edits an example (from a
// `blob:` URL that imports this file, so that the page's Content-Security-Policy applies
// here too). Every URL is relative to this file, so the site works at any depth and on any
// static host; nothing is fetched from anywhere but the site's own origin, and once Python is
// loaded, reader code cannot fetch anything at all (network-guard.mjs).
//
// Messages (plain JSON-able objects):
//   worker -> page  {type: "ready"} | {type: "load-error", message}
//   page -> worker  {type: "run", id, filename, code, preludes: [{filename, code}, ...],
//                    limits: {maxChars, maxLines}}   (filenames are "<example-N>", as in the build)
//   worker -> page  {type: "started", id}               the runtime is sound and the run begins
//                   | {type: "damaged", id, problems}   an earlier run broke it: start a new worker
//                   {type: "output", id, stream, text}  output as it is printed ("stdout"|"stderr")
//                   {type: "result", id, stdout, stderr, stdoutCut, stderrCut, raised}
//                   | {type: "run-error", id, message}  (a failure of the runtime itself)
// Across the Python boundary only JSON strings travel: no PyProxy leaves this file.
//
// The Python side is `flipcards.browser.Runner` (pysrc/flipcards/_runner.py), shipped in the
// package's zip and tested natively: it restores a clean Python after every run. This file
// keeps its own machinery out of reader code's reach: it captures what it uses before any
// reader code runs, listens with addEventListener (a run may replace `onmessage`), and cancels
// the timers a run left behind.

import { loadPyodide } from "../assets/pyodide/pyodide.mjs";
import { installNetworkGuard } from "./network-guard.mjs";
import { readZip, writeEntries } from "./zip.mjs";

const PYODIDE_DIR = new URL("../assets/pyodide/", import.meta.url).href;
const PACKAGE_ZIP = new URL("../assets/flipcards/flipcards.zip", import.meta.url).href;
// The standard library, precompiled by the build for Pyodide's Python; the modules the
// examples never import are in a second zip, downloaded on first import (see
// pysrc/flipcards_site/bytecode.py).
const STDLIB_ZIP = new URL("../assets/python/stdlib.zip", import.meta.url).href;
const STDLIB_REST_ZIP = new URL("../assets/python/stdlib-rest.zip", import.meta.url).href;
const PACKAGE_DIR = "/lib/flipcards-site";

// Captured now: reader code may later replace the globals through `js`.
const post = self.postMessage.bind(self);
const parseJson = JSON.parse;
const toJson = JSON.stringify;
const { setTimeout: startTimeout, setInterval: startInterval, clearTimeout: endTimeout,
  clearInterval: endInterval } = self;

// Captured before the network guard locks it: the one request Python may still make.
const openRequest = self.XMLHttpRequest.prototype.open;

/** The second zip of the standard library, downloaded synchronously (imports are). */
function downloadRestOfStdlib() {
  const request = new self.XMLHttpRequest();
  openRequest.call(request, "GET", STDLIB_REST_ZIP, false);
  request.responseType = "arraybuffer";
  request.send(null);
  if (request.status !== 200) throw new Error(`HTTP ${request.status}`);
  return new Uint8Array(request.response);
}

/** Load Pyodide, unpack the flipcards package, and return the Python runner's methods. */
async function loadRuntime() {
  // The package downloads and is read (zip.mjs) while Pyodide starts.
  const packageEntries = fetch(PACKAGE_ZIP).then(async (response) => {
    if (!response.ok) throw new Error(`could not fetch flipcards.zip (HTTP ${response.status})`);
    return readZip(new Uint8Array(await response.arrayBuffer()), "flipcards.zip");
  });
  packageEntries.catch(() => {}); // reported below, once Pyodide is up
  const pyodide = await loadPyodide({
    indexURL: PYODIDE_DIR,
    stdLibURL: STDLIB_ZIP,
    env: { FLIPCARDS_STDLIB_REST: STDLIB_REST_ZIP },
  });
  // Reading sys.stdin raises instead of blocking; input() is replaced by the runner.
  pyodide.setStdin({ error: true });
  // The rest of the standard library is downloaded on first import (frontend/stdlib/
  // sitecustomize.py), after the network guard is up: it gets this one download, of one
  // fixed address of the site, made with the XMLHttpRequest the guard has not locked yet.
  pyodide.registerJsModule("_flipcards_stdlib_rest", { download: downloadRestOfStdlib });

  writeEntries(pyodide.FS, PACKAGE_DIR, await packageEntries);

  const namespace = pyodide.globals.get("dict")();
  pyodide.runPython(`import sys\nsys.path.insert(0, ${toJson(PACKAGE_DIR)})`, { globals: namespace });
  // Importing the package now (Runner does) means the reader's first run pays only for its code.
  pyodide.runPython("from flipcards.browser import Runner\nrunner = Runner()", { globals: namespace });
  // The runner lives as long as the worker: its bound methods are borrowed from it.
  const runner = namespace.get("runner");
  namespace.destroy();
  const methods = { run: runner.run, restore: runner.restore, check: runner.check };
  // Pyodide has fetched all it needs: from here on nothing may use the network.
  installNetworkGuard(self);
  // Only this file talks to the page (through `post`): reader code could otherwise forge a
  // result for the run in progress.
  Object.defineProperty(self, "postMessage", {
    value() {
      throw new Error("examples cannot send messages to the page");
    },
    writable: false,
    configurable: false,
  });
  return methods;
}

/** The timers a run starts (JavaScript callbacks, asyncio's loop) end with the run. */
const runTimers = { active: false, ids: new Set() };
for (const [name, start] of [["setTimeout", startTimeout], ["setInterval", startInterval]]) {
  Object.defineProperty(self, name, {
    value(callback, ...rest) {
      if (typeof callback !== "function") throw new TypeError(`${name} takes a function`);
      const id = start.call(self, callback, ...rest);
      if (runTimers.active) runTimers.ids.add(id);
      return id;
    },
    writable: false,
    configurable: false,
  });
}
function cancelRunTimers() {
  for (const id of runTimers.ids) {
    endTimeout.call(self, id);
    endInterval.call(self, id);
  }
  runTimers.ids.clear();
}

const runtime = loadRuntime();
runtime.then(
  () => post({ type: "ready" }),
  (error) => post({ type: "load-error", message: String(error?.message ?? error) }),
);

async function handle(message) {
  let python;
  try {
    python = await runtime;
  } catch {
    return; // already reported as load-error
  }
  const { id } = message;
  let problems;
  try {
    problems = parseJson(python.check());
  } catch (error) {
    problems = [`the check itself failed: ${error?.message ?? error}`];
  }
  if (problems.length) {
    post({ type: "damaged", id, problems });
    return;
  }
  post({ type: "started", id });
  runTimers.active = true;
  try {
    const request = toJson({
      filename: message.filename, code: message.code, preludes: message.preludes, limits: message.limits,
    });
    const reply = parseJson(python.run(request, (stream, text) => post({ type: "output", id, stream, text })));
    post({ type: "result", id, ...reply });
  } catch (error) {
    // A Python error from the runner itself: its last line says what it was.
    post({ type: "run-error", id, message: String(error?.message ?? error).trim().split("\n").pop() });
  } finally {
    runTimers.active = false;
    cancelRunTimers();
    self.onmessage = null;
    try {
      python.restore();
    } catch {
      // The check before the next run finds what could not be restored.
    }
  }
}

self.addEventListener("message", (event) => {
  if (event.data?.type === "run") handle(event.data);
});
