// The Python worker: a module Web Worker that owns Pyodide and runs Python for the page.
//
// Created by worker-client.mjs (from a `blob:` URL that imports this file, so that the page's
// Content-Security-Policy applies here too), in one of two roles, given as the worker's name:
//
// - "sandbox": runs reader code, once. It loads Python and the package, takes away every route
//   to the network and the site's storage (sandbox.mjs), says it is ready, and serves exactly
//   one run; the page then throws it away and hands the next run to a spare started in the
//   background. Nothing a run does to Python or to this worker's JavaScript can reach another.
// - "model": the playground's requests to the model, as data: a JSON request handed to
//   flipcards.browser.model_json, whose JSON reply goes back as it is. No code travels, and no
//   reader code ever runs here, so nothing is restored between requests: the model keeps the
//   game of the last situation, and one more step costs one step. It lives as long as the page.
//   (It also takes "run" messages of the site's own code, restoring a clean Python after each
//   (flipcards.browser.Runner) and checking itself before each: an earlier call's damage is
//   reported, and the page starts a new worker.)
//
// Every URL is relative to this file, so the site works at any depth and on any static host.
//
// Messages (plain JSON-able objects):
//   worker -> page  {type: "ready"} | {type: "load-error", message}
//   page -> worker  {type: "run", id, filename, code, preludes: [{filename, code}, ...],
//                    limits: {maxChars, maxLines}}   (filenames are "<example-N>", as in the build)
//   worker -> page  {type: "started", id}               the runtime is sound and the run begins
//                   | {type: "damaged", id, problems}   ("model" only) start a new worker
//                   {type: "output", id, stream, text}  output as it is printed ("stdout"|"stderr")
//                   {type: "result", id, stdout, stderr, stdoutCut, stderrCut, raised}
//                   | {type: "run-error", id, message}  (a failure of the runtime itself)
//   page -> worker  {type: "model", id, request}        ("model" only) request: JSON text
//   worker -> page  {type: "reply", id, text}           model_json's reply, JSON text
//                   | {type: "run-error", id, message}
// Across the Python boundary only JSON strings travel: no PyProxy leaves this file. The page
// trusts none of it (worker-client.mjs checks and caps what arrives).

import { loadPyodide } from "../assets/pyodide/pyodide.mjs";
// Pyodide's own module, imported here rather than by loadPyodide once it has started, so that
// it downloads with this file (worker-client.mjs asks for every module of the worker at once).
import createPyodideModule from "../assets/pyodide/pyodide.asm.mjs";
import { capMemory, installSandbox, uncurried } from "./sandbox.mjs";
import { readZip, writeEntries } from "./zip.mjs";

const ROLE = self.name === "model" ? "model" : "sandbox";
const PYODIDE_DIR = new URL("../assets/pyodide/", import.meta.url).href;
const PYODIDE_WASM = new URL("pyodide.asm.wasm", PYODIDE_DIR).href;
const PACKAGE_ZIP = new URL("../assets/flipcards/flipcards.zip", import.meta.url).href;
// The standard library, precompiled by the build for Pyodide's Python; the modules the
// examples never import are in a second zip, downloaded on first import (see
// pysrc/flipcards_site/bytecode.py).
const STDLIB_ZIP = new URL("../assets/python/stdlib.zip", import.meta.url).href;
const STDLIB_REST_ZIP = new URL("../assets/python/stdlib-rest.zip", import.meta.url).href;
const PACKAGE_DIR = "/lib/flipcards-site";

// The most memory Python may have (its heap is about 30 MiB once loaded, and no example of the
// site or playground situation needs a tenth of this): a runaway allocation raises MemoryError
// at once, and the runner's traceback says why (limits.maxMemoryMiB), instead of taking
// gigabytes of the reader's machine until the run's time limit.
const MAX_MEMORY_MIB = 512;
capMemory(MAX_MEMORY_MIB * 2 ** 20);

// Captured before any Python runs: reader code may later replace the globals through `js`,
// and any method of a prototype too. So nothing this file does once reader code can run looks
// a function up: not `String.prototype.slice` (reader code that swapped it had the output
// sender post a 500-million-character "text"), not even `Function.prototype.call` (a trap on
// it was handed the captured request and its methods as they were called). Methods are taken
// now as plain functions (`uncurried(String.prototype.slice)(text, 0, 5)`, see sandbox.mjs): a
// bound function calls its target directly.
const parseJson = JSON.parse;
const toJson = JSON.stringify;
// (Reader code that set `String` to `Object` had the output sender post millions of objects
// as "text", which the page took seconds to receive.)
const toText = String;
const sliceOf = uncurried(String.prototype.slice);
const lastIndexIn = uncurried(String.prototype.lastIndexOf);
const trimmed = uncurried(String.prototype.trim);
const trimmedEnd = uncurried(String.prototype.trimEnd);
const isWholeNumber = Number.isSafeInteger;
const descriptorOf = Object.getOwnPropertyDescriptor;
const hasOwn = Object.hasOwn;
/**
 * The value of `object`'s own data property `key`, read once, or undefined: what the worker
 * reads of what reader code may have shaped (a run's reply) is never looked up on a prototype,
 * where a getter could answer a check with one value and the copy after it with another (a
 * "cut" note of millions of objects the page then had to receive).
 */
function ownValue(object, key) {
  if (object === null || (typeof object !== "object" && typeof object !== "function")) return undefined;
  const found = descriptorOf(object, key);
  return found !== undefined && hasOwn(found, "value") ? found.value : undefined;
}
const Bytes = Uint8Array;
const Failure = Error;
const now = performance.now.bind(performance);

/** Output held back longer than this is sent at Python's next tick, printing or not. */
const HOLD_MS = 50;
/** What Python's tick does during a run (the run's `outputSender`'s `tick`), else null. */
let tick = null;

// The one request Python may still make once the sandbox is up: the rest of the standard
// library, from one fixed address of the site. Its pieces are captured now, before the sandbox
// empties XMLHttpRequest's prototype; they stay in this module, out of reader code's reach.
const Request = self.XMLHttpRequest;
const xhr = (name) => Object.getOwnPropertyDescriptor(Request.prototype, name);
const [openRequest, sendRequest] = [uncurried(xhr("open").value), uncurried(xhr("send").value)];
const [setResponseType, readStatus, readResponse] = [uncurried(xhr("responseType").set),
  uncurried(xhr("status").get), uncurried(xhr("response").get)];

/**
 * The second zip of the standard library, downloaded synchronously (imports are), once per
 * worker, tried once: Python keeps it once it has it, and reader code calling this again in a
 * loop (or making each download fail after it arrived) would spend the reader's data and the
 * host's bandwidth.
 */
let restOfStdlibAsked = false;
function downloadRestOfStdlib() {
  if (restOfStdlibAsked) {
    throw new Failure("the rest of the standard library was already asked for in this run");
  }
  restOfStdlibAsked = true;
  const request = new Request();
  openRequest(request, "GET", STDLIB_REST_ZIP, false);
  // A synchronous request of a worker may set responseType.
  setResponseType(request, "arraybuffer");
  sendRequest(request, null);
  const status = readStatus(request);
  if (status !== 200) throw new Failure(`HTTP ${status}`);
  return new Bytes(readResponse(request));
}

/** A download's response, or an error that names the file and what went wrong with it. */
async function checked(url, response) {
  const name = url.slice(url.lastIndexOf("/") + 1);
  let answer;
  try {
    answer = await response;
  } catch (error) {
    throw new Error(`could not fetch ${name} (${error?.message ?? error})`);
  }
  if (!answer.ok) throw new Error(`could not fetch ${name} (HTTP ${answer.status})`);
  // Under another type the browser will not compile it, and Pyodide would wait forever.
  const type = (answer.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (name.endsWith(".wasm") && type !== "application/wasm") {
    throw new Error(`the host serves ${name} as "${type}", not as application/wasm`);
  }
  return answer;
}

// Python's large downloads, by address. The worker's start (worker-client.mjs) asked for them
// before this module had arrived; any it did not ask for are asked for now.
const started = self.flipcardsDownloads instanceof Map ? self.flipcardsDownloads : new Map();
delete self.flipcardsDownloads;
const nativeFetch = self.fetch;
const downloads = new Map([PYODIDE_WASM, STDLIB_ZIP, PACKAGE_ZIP].map((url) =>
  [url, checked(url, started.get(url) ?? nativeFetch.call(self, url))]));
started.clear();
for (const response of downloads.values()) response.catch(() => {}); // reported by loadRuntime
/** Rejects as soon as one of them fails; never resolves. */
const downloadFailure = Promise.all(downloads.values()).then(() => new Promise(() => {}));

/** `fetch` while Pyodide loads: each of the downloads above is handed out once, as it is. */
function fetchWhileLoading(input, init) {
  const url = toText(input);
  if (downloads.has(url) && !init?.integrity) {
    const response = downloads.get(url);
    downloads.delete(url);
    return response;
  }
  return nativeFetch.call(self, input, init);
}

/** Load Pyodide, unpack the flipcards package, and return the Python runner's methods. */
async function loadRuntime() {
  // The package downloads and is read (zip.mjs) while Pyodide starts.
  const packageEntries = fetchWhileLoading(PACKAGE_ZIP).then(async (response) =>
    readZip(new Uint8Array(await response.arrayBuffer()), "flipcards.zip"));
  packageEntries.catch(() => {}); // reported below
  // Pyodide fetches its WebAssembly and the standard library as it loads: those requests are
  // answered with the downloads under way. A download that fails ends the loading at once
  // (Pyodide itself would wait forever for a WebAssembly it could not have).
  self.fetch = fetchWhileLoading;
  let pyodide;
  try {
    pyodide = await Promise.race([
      loadPyodide({
        indexURL: PYODIDE_DIR,
        createPyodideModule,
        stdLibURL: STDLIB_ZIP,
        env: { FLIPCARDS_STDLIB_REST: STDLIB_REST_ZIP },
      }),
      downloadFailure,
    ]);
  } finally {
    self.fetch = nativeFetch;
    downloads.clear();
  }
  // Reading sys.stdin raises instead of blocking; input() is replaced by the runner.
  pyodide.setStdin({ error: true });
  // Python looks at its "interrupt buffer" between bytecodes and while it sleeps (thousands of
  // times a second): here that look is the tick that sends output held back while a run is
  // busy (outputSender). It never asks Python to stop: Stop and the time limit end the worker.
  pyodide.setInterruptBuffer(Object.freeze({
    get 0() {
      tick?.();
      return 0;
    },
    set 0(_) {},
  }));
  // The rest of the standard library is downloaded on first import (frontend/stdlib/
  // sitecustomize.py), after the sandbox is up: it gets this one download.
  pyodide.registerJsModule("_flipcards_stdlib_rest", { download: downloadRestOfStdlib });

  writeEntries(pyodide.FS, PACKAGE_DIR, await packageEntries);

  const namespace = pyodide.globals.get("dict")();
  pyodide.runPython(`import sys\nsys.path.insert(0, ${toJson(PACKAGE_DIR)})`, { globals: namespace });
  // Importing the package now (Runner does) means the reader's first run pays only for its code.
  pyodide.runPython("from flipcards.browser import Runner, model_json\nrunner = Runner()",
    { globals: namespace });
  // The runner lives as long as the worker: its bound methods are borrowed from it. So is the
  // model's entry point, taken once: a restore after a run re-imports the package, and the
  // game the model keeps between requests lives in the module this function belongs to.
  const runner = namespace.get("runner");
  const model = namespace.get("model_json");
  namespace.destroy();
  return { run: runner.run, restore: runner.restore, check: runner.check, model, pyodide };
}

// Pyodide has fetched all it needs once it is loaded: from then on nothing may use the network
// or the site's storage, and only this file can talk to the page.
let post = self.postMessage.bind(self);
const runtime = loadRuntime().then(({ pyodide, ...python }) => {
  // Pyodide's own objects may hold what the guard takes away (its tests keep `Function`).
  const api = pyodide._api;
  ({ post } = installSandbox(self, { holders: [pyodide, api, api?.tests ?? {}, pyodide._module] }));
  return python;
});
runtime.then(
  () => post({ type: "ready" }),
  (error) => post({ type: "load-error", message: toText(error?.message ?? error) }),
);

/**
 * The output callback of one run: pieces are sent as they are printed, except that a run
 * printing faster than the page needs to see (more than `PER_SECOND` pieces in a second) has
 * them gathered into pieces of up to `GATHER_CHARS` characters. Reader code can call it with
 * anything, and the page copies a message whole before it can look at it: a message names one
 * of the two streams and carries at most one character more than the page takes in all (twice
 * the run's `limits`), so no message is larger than what ends the run.
 */
const PER_SECOND = 100;
const GATHER_CHARS = 8_192;
function outputSender(id, limits) {
  const most = 2 * (isWholeNumber(limits?.maxChars) ? limits.maxChars : 0) + 1;
  let windowStart = now();
  let sent = 0;
  let held = null; // {stream, text, since} not sent yet
  const send = (stream, text) => {
    post({ type: "output", id, stream, text });
    sent += 1;
  };
  const flush = () => {
    if (held) send(held.stream, held.text);
    held = null;
  };
  const write = (stream, text) => {
    stream = stream === "stderr" ? "stderr" : "stdout";
    text = typeof text === "string" ? text : toText(text);
    if (text.length > most) text = sliceOf(text, 0, most);
    if (now() - windowStart > 1000) {
      windowStart = now();
      sent = 0;
    }
    if (held && held.stream !== stream) flush();
    if (held) held.text = sliceOf(held.text + text, 0, most);
    else held = { stream, text, since: now() };
    if (sent < PER_SECOND || held.text.length >= GATHER_CHARS) flush();
  };
  // A run that printed and then computes (or sleeps) has its last pieces shown within
  // HOLD_MS, not at its next print: Stop or the time limit would otherwise lose them.
  const heldTooLong = () => {
    if (held && now() - held.since >= HOLD_MS) flush();
  };
  return { write, flush, tick: heldTooLong };
}

/** The most of an error's message that is sent to the page (which shows less still). */
const MAX_ERROR_CHARS = 1000;

/**
 * What the page is told of a Python error from the runner itself: its last line, which says
 * what it was, cut short. Reader code can make the runner fail with a message of any size.
 */
function lastLine(error) {
  const text = trimmedEnd(toText(error?.message ?? error));
  const line = trimmed(sliceOf(text, lastIndexIn(text, "\n") + 1));
  return line.length > MAX_ERROR_CHARS ? `${sliceOf(line, 0, MAX_ERROR_CHARS)}…` : line;
}

/**
 * The message that ends run `id`, from the runner's JSON `reply`. Reader code ran in the same
 * Python and can change what Python's JSON encoder writes, so the reply is data to check, not a
 * message to pass on: the page gets exactly the five fields a run answers with, each of its
 * type, the texts cut to twice what the run's limits allow (as the page counts output), and
 * this message's own type and id whatever the reply holds.
 */
function runResult(id, reply, limits) {
  const given = ownValue(limits, "maxChars");
  const maxChars = 2 * (isWholeNumber(given) ? given : 0);
  const part = (field) => {
    const text = ownValue(reply, field);
    return typeof text === "string" ? sliceOf(text, 0, maxChars) : "";
  };
  const cut = (field) => {
    const note = ownValue(reply, field);
    const [lines, chars] = [ownValue(note, "lines"), ownValue(note, "chars")];
    return isWholeNumber(lines) && isWholeNumber(chars) ? { lines, chars } : null;
  };
  return {
    type: "result", id, stdout: part("stdout"), stderr: part("stderr"),
    stdoutCut: cut("stdoutCut"), stderrCut: cut("stderrCut"),
    raised: ownValue(reply, "raised") === true,
  };
}

async function handle(message) {
  let python;
  try {
    python = await runtime;
  } catch {
    return; // already reported as load-error
  }
  const { id } = message;
  if (ROLE === "model") {
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
  }
  post({ type: "started", id });
  const output = outputSender(id, message.limits);
  tick = output.tick;
  try {
    const request = toJson({
      filename: message.filename, code: message.code, preludes: message.preludes,
      limits: { ...message.limits, maxMemoryMiB: MAX_MEMORY_MIB },
    });
    const reply = parseJson(python.run(request, output.write));
    output.flush();
    post(runResult(id, reply, message.limits));
  } catch (error) {
    output.flush();
    // A Python error from the runner itself: its last line says what it was.
    post({ type: "run-error", id, message: lastLine(error) });
  } finally {
    tick = null;
    if (ROLE === "model") {
      try {
        python.restore();
      } catch {
        // The check before the next call finds what could not be restored.
      }
    }
  }
}

/** A request of the playground, as data: one call of model_json, nothing checked or restored. */
async function answer(message) {
  let python;
  try {
    python = await runtime;
  } catch {
    return; // already reported as load-error
  }
  const { id } = message;
  try {
    if (typeof message.request !== "string") throw new Error("a request is JSON text");
    post({ type: "reply", id, text: toText(python.model(message.request)) });
  } catch (error) {
    post({ type: "run-error", id, message: lastLine(error) });
  }
}

function onMessage(event) {
  if (ROLE === "model" && event.data?.type === "model") {
    answer(event.data);
    return;
  }
  // A sandbox takes nothing but its one run (a "model" request is not even read).
  if (event.data?.type !== "run") return;
  if (ROLE === "sandbox") {
    // One run, and the page throws the worker away: later messages are not even read.
    self.removeEventListener("message", onMessage);
  }
  handle(event.data);
}
self.addEventListener("message", onMessage);
