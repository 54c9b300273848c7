// The page side of the Python workers: one module-level singleton.
//
// A module script is evaluated once per document, and Material's instant navigation swaps
// page content without reloading the document, so this module (and the workers it holds)
// survives page changes.
//
// Two kinds of workers run worker.mjs:
//
// - Sandboxes run reader code (`run`). A sandbox serves one run and is thrown away, so nothing
//   a run does (to Python, to the worker's JavaScript, its timers) reaches another run. The
//   next run gets a spare: a sandbox started in the background, with Python loaded, the package
//   imported and the sandbox's guard up. A spare is started when the reader shows the intent
//   to run (`warmUp`) and, after each hand-out, once the sandbox handed out is ready (not at
//   once: a cold start is not slowed down by a second one loading beside it). So the page holds
//   at most two sandboxes: the one running and the spare.
// - The model worker answers the playground's requests (`ask`): data, a JSON request for
//   flipcards.browser.model_json, never code; between requests nothing is restored, so the
//   model keeps the game it played last. It lives as long as the page. It also runs the site's
//   own code (`call`), restoring a clean Python after each call and checking itself before the
//   next; if it finds itself damaged it is replaced and the call retried once (the outcome then
//   says `restarted: true`).
//
// A worker that fails in any way (an uncaught error in it, a message the page cannot read, a
// failure of its Python runtime, a run over its time limit, no answer at all) is terminated at
// once and never used again: what waits on it fails, and the next run or call starts a new one.
//
// Runs (and calls) are queued and executed one at a time, so each one's time limit measures
// only its own code. Stop or the time limit terminates the worker at once.
//
// What a worker sends is untrusted (it runs reader code): the page counts output characters,
// lines and messages per second itself, ends a worker that goes over (`flood`), cuts what a
// reply carries to the limits, and never waits on the worker to stop it.

/** Defaults; a call can override the run time limit. */
export const settings = {
  loadTimeoutMs: 60_000,
  runTimeLimitMs: 10_000,
  maxChars: 100_000,
  maxLines: 2_000,
  /**
   * The longest reply of the model (playground) worker, which runs no reader code: the board
   * of a situation of up to 1,000 steps with its whole log, about 100 characters a line (a
   * 1,000-step situation's is 100 kB to 1 MB).
   */
  maxReplyChars: 4_000_000,
  ackTimeoutMs: 5_000,
  /** More messages than this in one second ends the worker (an honest one gathers output). */
  maxMessagesPerSecond: 250,
};

/** What the reader is told when a run is ended for sending too much. */
export const FLOODED = "The run was ended: it sent the page more output than an example can show.";

/** An error with the kind of failure the page shows: "error" | "stopped" | "timeout". */
class RunFailure extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

/**
 * worker.mjs and every module it imports, directly or not. The worker's start imports them all
 * at once, not one level of imports after the other (three round trips to the host).
 */
export const WORKER_MODULES = [
  "./worker.mjs",
  "./sandbox.mjs",
  "./zip.mjs",
  "../assets/pyodide/pyodide.mjs",
  "../assets/pyodide/pyodide.asm.mjs",
];

/**
 * Python's large downloads, which the worker's start asks for with its modules: Pyodide's
 * WebAssembly, the standard library and the package (worker.mjs hands them to Pyodide and to
 * its own loading). With the modules, all the worker needs but Pyodide's small lock file is
 * asked for in one round trip; on a phone's network a round trip is 150–600 ms.
 */
export const WORKER_DOWNLOADS = [
  "../assets/pyodide/pyodide.asm.wasm",
  "../assets/python/stdlib.zip",
  "../assets/flipcards/flipcards.zip",
];

/** The source of the worker's start (see createWorker). */
function workerStart() {
  const address = (path) => new URL(path, import.meta.url).href;
  const downloads = JSON.stringify(WORKER_DOWNLOADS.map(address));
  const modules = JSON.stringify(WORKER_MODULES.map(address));
  return `self.flipcardsDownloads = new Map(${downloads}.map((url) => [url, fetch(url)]));
for (const download of self.flipcardsDownloads.values()) download.catch(() => {});
await Promise.all(${modules}.map((url) => import(url)));
`;
}

/**
 * A new worker running worker.mjs in `role` ("sandbox" or "model").
 *
 * It is started from a `blob:` URL whose content starts Python's downloads and imports
 * worker.mjs and its modules (above): such a worker takes the page's Content-Security-Policy
 * (the `<meta>` one included), while a worker loaded from its own URL only gets the policy of
 * its response headers, which not every host sends.
 */
function createWorker(role) {
  const blobUrl = URL.createObjectURL(new Blob([workerStart()], { type: "text/javascript" }));
  const worker = new Worker(blobUrl, { type: "module", name: role });
  // The worker has its own reference to the blob once started; the URL is not needed after.
  setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
  return worker;
}

/** Start a worker and wire its messages; returns its record. */
function startWorker(role) {
  const worker = createWorker(role);
  const record = {
    role, worker, isReady: false, pending: new Map(), failed: false, ranCode: false,
    since: performance.now(),
  };
  let resolveReady;
  let rejectReady;
  record.ready = new Promise((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  record.ready.catch(() => {}); // a failure is reported to whoever waits; never unhandled

  const loadTimer = setTimeout(() => {
    record.fail(new RunFailure("error",
      `Python did not load within ${Math.round(settings.loadTimeoutMs / 1000)} s. ` +
      "Reload the page to try again."));
  }, settings.loadTimeoutMs);

  /** Terminate this worker and fail everything waiting on it. */
  record.fail = (failure) => {
    if (record.failed) return;
    record.failed = true;
    clearTimeout(loadTimer);
    worker.onmessage = null; // what it sent and is still queued is never read
    worker.onerror = null;
    worker.terminate();
    rejectReady(failure);
    for (const { reject } of record.pending.values()) reject(failure);
    record.pending.clear();
  };

  /**
   * What the worker says went wrong, as the page shows it (": …", or ""). Once reader code has
   * run in it, that text is the reader code's to choose (it can raise anything, in Python or in
   * JavaScript), so the page's own words say what failed and the text goes to the console.
   */
  const said = (value) => {
    const what = text(value, 500);
    if (!record.ranCode) return what && `: ${what}`;
    if (what) console.warn("The example's Python worker said:", what);
    return what && " while the example ran (what it said is in the browser's console)";
  };

  // Messages per second, counted before a message is read.
  let windowStart = 0;
  let messages = 0;
  worker.onmessage = (event) => {
    const time = performance.now();
    if (time - windowStart > 1000) {
      windowStart = time;
      messages = 0;
    }
    if (++messages > settings.maxMessagesPerSecond) {
      record.fail(new RunFailure("flood", FLOODED));
      return;
    }
    const message = event.data;
    if (typeof message !== "object" || message === null) return;
    if (message.type === "ready") {
      clearTimeout(loadTimer);
      record.isReady = true;
      resolveReady();
    } else if (message.type === "load-error") {
      record.fail(new RunFailure("error", `Python could not load${said(message.message)}`));
    } else {
      const waiter = record.pending.get(message.id);
      if (!waiter) return;
      if (message.type === "output") {
        waiter.output(message.stream, message.text);
        return;
      }
      if (message.type === "started") {
        record.ranCode ||= record.role !== "model";
        waiter.started();
        return;
      }
      record.pending.delete(message.id);
      if (message.type === "result" || message.type === "reply") waiter.resolve(message);
      else if (message.type === "damaged") waiter.reject(new RunFailure("damaged", "damaged"));
      else {
        // The runtime itself failed (not the code it ran): the worker is not used again.
        const failure = new RunFailure("error", `The Python runtime failed${said(message.message)}`);
        waiter.reject(failure);
        record.fail(failure);
      }
    }
  };
  // A message that cannot be read is lost: whatever waits for it would wait until its time
  // limit, and the worker can no longer be trusted to answer. (Not every browser gives a
  // worker an `onmessageerror` property: only a listener hears the event everywhere.)
  worker.addEventListener("messageerror", () => {
    record.fail(new RunFailure("error", "The Python worker sent a message the page could not read."));
  });
  worker.onerror = (event) => {
    event.preventDefault(); // reported in the page, not as an uncaught error
    const what = said(event.message);
    record.fail(new RunFailure("error", `The Python worker failed${what || " to start"}.`));
  };
  return record;
}

/** `value` as a string of at most `max` characters ("" if it is not a string). */
function text(value, max) {
  return typeof value === "string" ? value.slice(0, max) : "";
}

// --- the workers: sandboxes for reader code, one model worker ------------------------------

let spare = null; // a sandbox not handed out yet (loading or ready)
let handedOut = null; // the sandbox handed out last: the next spare starts once it is ready
let model = null; // the model worker

function startSpare() {
  if (!spare || spare.failed) spare = startWorker("sandbox");
  return spare;
}

/** A sandbox for one run: the spare, and a new spare once this one is ready. */
function takeSandbox() {
  const record = startSpare();
  spare = null;
  handedOut = record;
  record.ready.then(() => startSpare(), () => {});
  return record;
}

function modelWorker() {
  if (!model || model.failed) model = startWorker("model");
  return model;
}

/** Start loading Python for the next run (the reader showed intent, e.g. Edit); while the
 *  sandbox of a run is still loading, its spare follows once it is ready (as it would anyway),
 *  not beside it: two Pythons starting at once would slow down the one the reader waits for.
 *  Resolves once the sandbox the next run gets (or the one still loading) has loaded or failed. */
export function warmUp() {
  const loading = !spare && handedOut && !handedOut.isReady && !handedOut.failed
    ? handedOut : startSpare();
  return loading.ready.catch(() => {});
}

/** Whether the next run's sandbox has Python loaded (for tests and the status line). */
export function isReady() {
  return Boolean(spare?.isReady && !spare.failed);
}

// --- running ----------------------------------------------------------------------------------

/** Keeps a run's output within the limits, whatever the worker sends. */
class Printed {
  constructor() {
    this.parts = { stdout: [], stderr: [] };
    this.chars = 0;
    this.lines = 0;
  }

  /**
   * Keep `value`; false once the worker has sent more than any honest run could, or what no
   * honest run sends: output that is not text, or of no stream (the page has copied it whole
   * by then; the worker is ended, not sent more).
   */
  add(stream, value) {
    if (typeof value !== "string" || !Object.hasOwn(this.parts, stream)) return false;
    this.chars += value.length;
    for (let at = value.indexOf("\n"); at !== -1 && this.lines <= 2 * settings.maxLines;
      at = value.indexOf("\n", at + 1)) {
      this.lines += 1;
    }
    // stdout and stderr are each cut to the limits in the worker: twice the limits is the most
    // an honest one sends.
    if (this.chars > 2 * settings.maxChars || this.lines > 2 * settings.maxLines) return false;
    this.parts[stream].push(value);
    return true;
  }

  /** What was kept of each stream, within the limits. */
  text() {
    return {
      stdout: limit(this.parts.stdout.join("")).text,
      stderr: limit(this.parts.stderr.join("")).text,
    };
  }
}

/**
 * `value` cut to the limits: {text, cut}, where `cut` says what was cut ({lines, chars}) or is
 * null. Used on every reply, since a worker's own cut cannot be trusted.
 */
function limit(value) {
  if (typeof value !== "string") return { text: "", cut: null };
  let end = Math.min(value.length, settings.maxChars);
  let at = -1;
  let lines = 0;
  while (lines < settings.maxLines && (at = value.indexOf("\n", at + 1)) !== -1 && at < end) lines += 1;
  if (lines === settings.maxLines && at !== -1 && at < end) end = at + 1;
  if (end === value.length) return { text: value, cut: null };
  const rest = value.slice(end);
  const restLines = rest.split("\n").length - (rest.endsWith("\n") ? 1 : 0);
  return { text: value.slice(0, end), cut: { lines: lines >= settings.maxLines ? restLines : 0, chars: rest.length } };
}

/**
 * A reply's cut note: ours if we cut `text`; else the worker's if it is well formed and could
 * be true, else null. The worker cuts only output that reached a limit: `text` then has its
 * most lines or its most characters. Reader code can make up the worker's note; made up for
 * output that reached no limit, it is not shown as the page's own (the size it claims for what
 * was cut cannot be checked: it was never sent).
 */
function cutOf(reported, ours, text) {
  if (ours) return ours;
  if (!reported || typeof reported !== "object" || !Number.isSafeInteger(reported.lines) ||
      !Number.isSafeInteger(reported.chars)) return null;
  const [lines, chars] = [Math.max(0, reported.lines), Math.max(0, reported.chars)];
  let newlines = 0;
  for (let at = text.indexOf("\n"); at !== -1 && newlines < settings.maxLines;
    at = text.indexOf("\n", at + 1)) newlines += 1;
  const atMostLines = newlines === settings.maxLines;
  const atMostChars = text.length === settings.maxChars;
  return chars > 0 && lines <= chars && (atMostLines || atMostChars) ? { lines, chars } : null;
}

/** The outcome of a result message, checked and cut to the limits. */
function checkedResult(message) {
  const stdout = limit(message.stdout);
  const stderr = limit(message.stderr);
  return {
    stdout: stdout.text,
    stderr: stderr.text,
    stdoutCut: cutOf(message.stdoutCut, stdout.cut, stdout.text),
    stderrCut: cutOf(message.stderrCut, stderr.cut, stderr.text),
    raised: message.raised === true,
  };
}

/** A queue of jobs run one at a time, each on a worker that `acquire()` gives. */
class Lane {
  constructor(acquire, release) {
    this.acquire = acquire;
    this.release = release;
    this.jobs = [];
    this.pumping = false;
  }

  push(job) {
    this.jobs.push(job);
    this.pump();
  }

  async pump() {
    if (this.pumping) return;
    this.pumping = true;
    while (this.jobs.length) {
      await this.execute(this.jobs[0]);
      this.jobs.shift();
    }
    this.pumping = false;
  }

  /** Run one job to its end; never throws (the outcome goes to job.settle). */
  async execute(job) {
    if (job.cancelled) return job.settle({ kind: "stopped", ...job.printed.text() });
    try {
      try {
        await this.attempt(job);
      } catch (error) {
        if (error.kind === "stale") {
          // What made the worker fail as it loaded may be gone (the network is back): a fresh
          // one loads for the job (once).
          await this.attempt(job);
          return;
        }
        if (error.kind !== "damaged") throw error;
        // An earlier call left the model worker unfit: a fresh one runs the job (once).
        job.record.fail(new RunFailure("error", "replaced"));
        job.restarted = true;
        job.onState("restarting");
        await this.attempt(job);
      }
    } catch (error) {
      // A new worker that is damaged too is not used again either.
      if (error.kind === "damaged") job.record?.fail(new RunFailure("error", "replaced"));
      const kind = error.kind === "damaged" || error.kind === "flood" ? "error" : error.kind ?? "error";
      const message = error.kind === "damaged"
        ? "Python could not be restored to a clean state. Reload the page to try again."
        : error.message;
      job.settle({ kind, message, ...job.printed.text() });
    }
  }

  /** One try at a job: resolves when done, rejects with a RunFailure. */
  async attempt(job) {
    const record = this.acquire();
    job.record = record;
    job.printed = new Printed();
    if (!record.isReady) job.onState("loading");
    try {
      try {
        await record.ready;
      } catch (failure) {
        // A worker that began to load before the job was asked for, and failed as it loaded.
        if (record.since < job.since && !job.reloaded && failure.kind === "error") {
          job.reloaded = true;
          throw new RunFailure("stale", failure.message);
        }
        throw failure;
      }
      if (job.cancelled) throw new RunFailure("stopped", "Stopped");
      job.onState("running");
      if (job.request !== undefined) {
        await this.ask(job, record);
        return;
      }
      const id = nextId++;
      let timer = null;
      const reply = new Promise((resolve, reject) => record.pending.set(id, {
        resolve,
        reject,
        output: (stream, value) => {
          if (job.printed.add(stream, value)) job.onOutput();
          else record.fail(new RunFailure("flood", FLOODED));
        },
        started: () => {
          // The worker is sound and the run begins: the time limit starts now.
          clearTimeout(timer);
          timer = setTimeout(() => record.fail(new RunFailure("timeout", "Timed out")), job.timeLimitMs);
        },
      }));
      // A worker that does not even acknowledge the run was damaged by an earlier one.
      timer = setTimeout(() => {
        const waiter = record.pending.get(id);
        record.pending.delete(id);
        waiter?.reject(new RunFailure("damaged", "damaged"));
      }, settings.ackTimeoutMs);
      record.worker.postMessage({
        type: "run",
        id,
        filename: job.filename,
        code: job.code,
        preludes: job.preludes,
        limits: { maxChars: settings.maxChars, maxLines: settings.maxLines },
      });
      try {
        const result = await reply;
        job.settle({ kind: "done", ...checkedResult(result), restarted: job.restarted });
      } finally {
        clearTimeout(timer);
      }
    } finally {
      this.release(record);
    }
  }

  /** A model request: posted as data; the time limit runs from the moment it is sent. */
  async ask(job, record) {
    const id = nextId++;
    const reply = new Promise((resolve, reject) => record.pending.set(id, {
      resolve, reject, output: () => {}, started: () => {},
    }));
    const timer = setTimeout(() => record.fail(new RunFailure("timeout", "Timed out")), job.timeLimitMs);
    record.worker.postMessage({ type: "model", id, request: job.request });
    try {
      const { text: answer } = await reply;
      if (typeof answer !== "string") {
        const failure = new RunFailure("error", "The Python worker sent a reply the page could not read.");
        record.fail(failure);
        throw failure;
      }
      const cut = answer.length > settings.maxReplyChars
        ? { lines: 0, chars: answer.length - settings.maxReplyChars } : null;
      job.settle({ kind: "done", text: cut ? "" : answer, cut, restarted: job.restarted });
    } finally {
      clearTimeout(timer);
    }
  }
}

let nextId = 1;

// A sandbox is thrown away after its one run, whatever happened in it.
const sandboxes = new Lane(takeSandbox, (record) => record.fail(new RunFailure("stopped", "done")));
// The model worker stays (unless the job failed it).
const models = new Lane(modelWorker, () => {});

function queue(lane, code, { filename = "<example-1>", preludes = [], timeLimitMs, onState = () => {},
  onOutput = () => {} } = {}, request = undefined) {
  let settle;
  const result = new Promise((resolve) => { settle = resolve; });
  const job = {
    filename,
    code,
    request,
    preludes,
    timeLimitMs: timeLimitMs ?? settings.runTimeLimitMs,
    onState,
    onOutput,
    cancelled: false,
    settled: false,
    restarted: false,
    reloaded: false, // a worker that failed as it loaded was replaced (see attempt)
    since: performance.now(),
    record: null,
    printed: new Printed(),
    settle: (outcome) => {
      if (job.settled) return;
      job.settled = true;
      settle(outcome);
    },
  };
  // A run behind another one waits for it to end: the reader is told so, not "Loading".
  if (lane === sandboxes && lane.jobs.length > 0) onState("waiting");
  lane.push(job);
  return {
    result,
    /** What the run has printed so far, within the limits: {stdout, stderr}. */
    printed: () => job.printed.text(),
    /** Stop this run: terminate the worker if it holds it, else drop it from the queue. */
    cancel() {
      if (job.settled) return;
      job.cancelled = true;
      if (lane.jobs[0] === job && job.record && !job.record.failed) {
        job.record.fail(new RunFailure("stopped", "Stopped"));
      } else {
        job.settle({ kind: "stopped", ...job.printed.text() });
      }
    },
  };
}

/**
 * Queue a run of reader `code` (after `preludes`, run quietly in the same namespace) in a
 * sandbox of its own.
 *
 * @param {string} code
 * @param {object} [options]
 * @param {string} [options.filename]        name of the code in tracebacks ("<example-N>")
 * @param {{filename: string, code: string}[]} [options.preludes]  earlier examples of the session
 * @param {number} [options.timeLimitMs]     run time limit (default settings.runTimeLimitMs)
 * @param {(state: "waiting"|"loading"|"running"|"restarting") => void} [options.onState]
 * @param {() => void} [options.onOutput]   the run printed more (read it with `printed()`)
 * @returns {{result: Promise<object>, printed: () => {stdout: string, stderr: string},
 *   cancel: () => void}}
 *   result resolves (never rejects) to {kind: "done", stdout, stderr, stdoutCut, stderrCut,
 *   raised, restarted} or {kind: "error"|"stopped"|"timeout", message, stdout, stderr}, where
 *   stdout and stderr are what the run printed before it ended.
 */
export function run(code, options) {
  return queue(sandboxes, code, options);
}

/** Queue a call of the site's own `code` on the model worker (same options and outcome). */
export function call(code, options) {
  return queue(models, code, options);
}

/**
 * Queue a request to the model on the model worker: `request` is JSON text for
 * flipcards.browser.model_json (data, never code). Options: timeLimitMs and onState, as `call`.
 *
 * @param {string} request
 * @param {object} [options]
 * @returns {{result: Promise<object>, cancel: () => void}}
 *   result resolves (never rejects) to {kind: "done", text, cut, restarted}, where `text` is the
 *   reply's JSON text ("" and `cut` {lines, chars} when the reply is longer than
 *   settings.maxReplyChars), or to {kind: "error"|"stopped"|"timeout", message}.
 */
export function ask(request, options) {
  return queue(models, null, options, String(request));
}
