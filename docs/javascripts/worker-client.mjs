// The page side of the Python worker: one module-level singleton.
//
// A module script is evaluated once per document, and Material's instant navigation
// swaps page content without reloading the document, so this module (and the worker
// it holds) survives page changes: Pyodide is loaded at most once per visit.
//
// Runs are queued and executed one at a time, so each run's time limit measures only
// its own code. A run that is stopped or exceeds its time limit terminates the
// worker (a busy Python loop cannot be interrupted otherwise); the next run starts
// a fresh one. Output arrives while the run goes on, so a stopped run still shows what
// it printed.
//
// The worker checks itself before each run. If an earlier run damaged it beyond what the
// worker can restore (it says "damaged", or does not even acknowledge the run within
// settings.ackTimeoutMs), it is replaced by a fresh one and the run is retried there once;
// the outcome then says `restarted: true`.

/** Defaults; a call can override the run time limit. */
export const settings = {
  loadTimeoutMs: 60_000,
  runTimeLimitMs: 10_000,
  maxChars: 100_000,
  maxLines: 2_000,
  ackTimeoutMs: 5_000,
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

/**
 * A new worker running worker.mjs.
 *
 * It is started from a `blob:` URL whose only content imports worker.mjs: such a worker takes
 * the page's Content-Security-Policy (the `<meta>` one included), while a worker loaded from
 * its own URL only gets the policy of its response headers, which not every host sends.
 */
function createWorker() {
  const script = new URL("./worker.mjs", import.meta.url).href;
  const blobUrl = URL.createObjectURL(
    new Blob([`import ${JSON.stringify(script)};\n`], { type: "text/javascript" }));
  const worker = new Worker(blobUrl, { type: "module" });
  // The worker has its own reference to the blob once started; the URL is not needed after.
  setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
  return worker;
}

/** Start a worker and wire its messages; returns the `current` record. */
function startWorker() {
  const worker = createWorker();
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
      if (message.type === "output") {
        waiter.output(message.stream, message.text);
        return;
      }
      if (message.type === "started") {
        waiter.started();
        return;
      }
      record.pending.delete(message.id);
      if (message.type === "result") waiter.resolve(message);
      else if (message.type === "damaged") waiter.reject(new RunFailure("damaged", "damaged"));
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
  if (job.cancelled) return job.settle({ kind: "stopped", ...job.printed() });
  try {
    try {
      await attempt(job);
    } catch (error) {
      if (error.kind !== "damaged") throw error;
      // An earlier run left this worker unfit: a fresh one runs the job (once).
      job.record.fail(new RunFailure("error", "replaced"));
      job.restarted = true;
      job.onState("restarting");
      await attempt(job);
    }
  } catch (error) {
    const kind = error.kind === "damaged" ? "error" : error.kind ?? "error";
    const message = error.kind === "damaged"
      ? "Python could not be restored to a clean state. Reload the page to try again."
      : error.message;
    job.settle({ kind, message, ...job.printed() });
  }
}

/** One try at a job on the current worker: resolves when done, rejects with a RunFailure. */
async function attempt(job) {
  const record = ensureWorker();
  job.record = record;
  job.stdout = [];
  job.stderr = [];
  if (!record.isReady) job.onState("loading");
  await record.ready;
  if (job.cancelled) throw new RunFailure("stopped", "Stopped");
  job.onState("running");
  const id = nextId++;
  let timer = null;
  const reply = new Promise((resolve, reject) => record.pending.set(id, {
    resolve,
    reject,
    output: (stream, text) => (stream === "stderr" ? job.stderr : job.stdout).push(text),
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
    job.settle({ kind: "done", ...result, restarted: job.restarted });
  } finally {
    clearTimeout(timer);
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
 * @param {(state: "loading"|"running"|"restarting") => void} [options.onState]
 * @returns {{result: Promise<object>, cancel: () => void}}
 *   result resolves (never rejects) to {kind: "done", stdout, stderr, stdoutCut, stderrCut,
 *   raised, restarted} or {kind: "error"|"stopped"|"timeout", message, stdout, stderr}, where
 *   stdout and stderr are what the run printed before it ended.
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
    restarted: false,
    record: null,
    stdout: [],
    stderr: [],
    printed: () => ({ stdout: job.stdout.join(""), stderr: job.stderr.join("") }),
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
      if (queue[0] === job && job.record && !job.record.failed) {
        job.record.fail(new RunFailure("stopped", "Stopped"));
      } else {
        job.settle({ kind: "stopped", ...job.printed() });
      }
    },
  };
}
