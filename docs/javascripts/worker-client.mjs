// The page side of the Python worker: one module-level singleton.
//
// A module script is evaluated once per document, and Material's instant navigation
// swaps page content without reloading the document, so this module (and the worker
// it holds) survives page changes: Pyodide is loaded at most once per visit.
//
// Runs are queued and executed one at a time, so each run's time limit measures only
// its own code. A run that is stopped or exceeds its time limit terminates the
// worker (a busy Python loop cannot be interrupted otherwise); the next run starts
// a fresh one.

/** Defaults; a call can override the run time limit. */
export const settings = {
  loadTimeoutMs: 60_000,
  runTimeLimitMs: 10_000,
  maxChars: 100_000,
  maxLines: 2_000,
};

/** An error with the kind of failure the page shows: "error" | "stopped" | "timeout". */
class RunFailure extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

let current = null; // the live worker: {worker, ready, isReady, pending, fail}
let nextId = 1;
const queue = []; // jobs waiting for or holding the worker; queue[0] is the active one
let pumping = false;

/** Start a worker and wire its messages; returns the `current` record. */
function startWorker() {
  const worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
  const record = { worker, isReady: false, pending: new Map(), failed: false };
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
    worker.terminate();
    rejectReady(failure);
    for (const { reject } of record.pending.values()) reject(failure);
    record.pending.clear();
    if (current === record) current = null;
  };

  worker.onmessage = (event) => {
    const message = event.data;
    if (message.type === "ready") {
      clearTimeout(loadTimer);
      record.isReady = true;
      resolveReady();
    } else if (message.type === "load-error") {
      record.fail(new RunFailure("error", `Python could not load: ${message.message}`));
    } else {
      const waiter = record.pending.get(message.id);
      if (!waiter) return;
      record.pending.delete(message.id);
      if (message.type === "result") waiter.resolve(message);
      else waiter.reject(new RunFailure("error", `The Python runtime failed: ${message.message}`));
    }
  };
  worker.onerror = (event) => {
    event.preventDefault(); // reported in the page, not as an uncaught error
    record.fail(new RunFailure("error",
      `The Python worker failed${event.message ? `: ${event.message}` : " to start"}.`));
  };
  return record;
}

function ensureWorker() {
  if (!current) current = startWorker();
  return current;
}

/** Start loading Python without running anything (the reader showed intent, e.g. Edit). */
export function warmUp() {
  ensureWorker();
}

/** Whether a worker with Python loaded is alive (for tests and the status line). */
export function isReady() {
  return Boolean(current?.isReady);
}

/** Run one job to its end; never throws (the outcome goes to job.settle). */
async function execute(job) {
  if (job.cancelled) return job.settle({ kind: "stopped" });
  const record = ensureWorker();
  job.record = record;
  if (!record.isReady) job.onState("loading");
  try {
    await record.ready;
    if (job.cancelled) throw new RunFailure("stopped", "Stopped");
    job.onState("running");
    const id = nextId++;
    const reply = new Promise((resolve, reject) => record.pending.set(id, { resolve, reject }));
    const timer = setTimeout(
      () => record.fail(new RunFailure("timeout", "Timed out")),
      job.timeLimitMs,
    );
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
      job.settle({ kind: "done", ...result });
    } finally {
      clearTimeout(timer);
    }
  } catch (error) {
    job.settle({ kind: error.kind ?? "error", message: error.message });
  }
}

async function pump() {
  if (pumping) return;
  pumping = true;
  while (queue.length) {
    await execute(queue[0]);
    queue.shift();
  }
  pumping = false;
}

/**
 * Queue a run of `code` (after `preludes`, run quietly in the same namespace).
 *
 * @param {string} code
 * @param {object} [options]
 * @param {string} [options.filename]        name of the code in tracebacks ("<example-N>")
 * @param {{filename: string, code: string}[]} [options.preludes]  earlier examples of the session
 * @param {number} [options.timeLimitMs]     run time limit (default settings.runTimeLimitMs)
 * @param {(state: "loading"|"running") => void} [options.onState]
 * @returns {{result: Promise<object>, cancel: () => void}}
 *   result resolves (never rejects) to {kind: "done", stdout, stderr, stdoutCut, stderrCut,
 *   raised} or {kind: "error"|"stopped"|"timeout", message}.
 */
export function run(code, { filename = "<example-1>", preludes = [], timeLimitMs, onState = () => {} } = {}) {
  let settle;
  const result = new Promise((resolve) => { settle = resolve; });
  const job = {
    filename,
    code,
    preludes,
    timeLimitMs: timeLimitMs ?? settings.runTimeLimitMs,
    onState,
    cancelled: false,
    settled: false,
    record: null,
    settle: (outcome) => {
      if (job.settled) return;
      job.settled = true;
      settle(outcome);
    },
  };
  queue.push(job);
  pump();
  return {
    result,
    /** Stop this run: terminate the worker if it holds it, else drop it from the queue. */
    cancel() {
      if (job.settled) return;
      job.cancelled = true;
      if (queue[0] === job && job.record) {
        job.record.fail(new RunFailure("stopped", "Stopped"));
      } else {
        job.settle({ kind: "stopped" });
      }
    },
  };
}
