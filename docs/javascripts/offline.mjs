// The page's side of the site's service worker (sw.js at the site's root, built from
// frontend/sw.js), and the "Make this site available offline" switch of the About page.
//
// Registered once the page has loaded, so that it never competes with the page itself. It
// installs without the network (then keeps what the visit downloaded already, which this
// module lists for it from the page's resource timing), and keeps every page read and every
// file of Python used as they pass through it. The rest of the site it downloads only when
// this module asks:
//
// - never while the reader only reads: a reader who opens a page, scrolls it and leaves has
//   downloaded that page and its assets, nothing more;
// - once the reader has interacted with the page (a click or tap, a key other than those that
//   scroll) and then left it alone for `quietMs`, or once the page has been visible for
//   `dwellMs` in all: the rest of the site, in idle time; and the files a run needs once
//   the reader has run an example (cacheRuntime) or keeps Python ready (runner.mjs's switch);
// - with "Make this site available offline" on (remembered in localStorage): everything, at
//   once, on every visit (what is kept already is not downloaded again), with its progress on
//   the About page. Off: nothing is downloaded in the background any more (a download under
//   way stops); pages read are still kept as they are read, and what was downloaded stays
//   until the site changes.
// - The browser's data saver on (Save-Data): nothing in the background either; the switch
//   still works.
//
// Settings, in localStorage (the switch writes the first; tests shorten the others):
//   flipcards.offline           "on" or "off"; absent: the automatic download above
//   flipcards.offline.dwellMs   visible time before the download without interaction (30000)
//   flipcards.offline.quietMs   time after the reader's last interaction (5000)

import { onEveryPage } from "./pages.mjs";

const SERVICE_WORKER = new URL("../sw.js", import.meta.url);

const CHOICE_KEY = "flipcards.offline";
const DWELL_KEY = "flipcards.offline.dwellMs";
const QUIET_KEY = "flipcards.offline.quietMs";
const KEEP_READY_KEY = "flipcards.keepPythonReady"; // runner.mjs's "Keep Python ready"

const DWELL_MS = 30_000;
const QUIET_MS = 5_000;
/** An idle moment is waited for at most this long. */
const IDLE_TIMEOUT_MS = 10_000;

/** Keys that scroll the page: reading, not interacting. */
const READING_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "PageUp",
  "PageDown", "Home", "End", " ", "Shift", "Control", "Alt", "Meta"]);

function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage blocked: the defaults
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // not remembered; the choice holds for this page
  }
}

function milliseconds(key, fallback) {
  const value = stored(key);
  const number = value === null || value.trim() === "" ? NaN : Number(value);
  return Number.isFinite(number) && number >= 0 ? number : fallback;
}

const choice = () => stored(CHOICE_KEY);

const supported = "serviceWorker" in navigator && window.isSecureContext;

let registering = null;

/** The site's files this visit has downloaded so far: the page and what it loaded. */
function visitedUrls() {
  const urls = [location.href];
  for (const entry of performance.getEntriesByType("resource")) {
    if (entry.name.startsWith(location.origin + "/")) urls.push(entry.name);
  }
  return urls;
}

/** The active service worker, once there is one; null when there can be none. It is told
 *  what this visit downloaded, so that it keeps those files (from the browser's cache). */
function activeWorker() {
  if (!supported) return Promise.resolve(null);
  registering ??= navigator.serviceWorker.register(SERVICE_WORKER)
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      registration.active?.postMessage({ type: "visited", urls: visitedUrls() });
      return registration.active;
    })
    // No service worker (private mode, an old browser, file://): the site works without one.
    .catch(() => null);
  return registering;
}

if (supported) {
  if (document.readyState === "complete") activeWorker();
  else window.addEventListener("load", () => activeWorker(), { once: true });
}

// --- what to ask for, and when -----------------------------------------------------------

let ranPython = false;
let sent = null; // the widest {python, everything} asked for from this page

/** Ask the service worker to keep `scope`, unless this page asked for as much already. */
async function ask(scope, { again = false } = {}) {
  const covered = sent && (sent.everything || !scope.everything)
    && (sent.python || sent.everything || !scope.python);
  if (covered && !again) return;
  sent = {
    python: scope.python || Boolean(sent?.python),
    everything: scope.everything || Boolean(sent?.everything),
  };
  (await activeWorker())?.postMessage({ type: "keep", ...scope });
}

/** Ask for what the reader's choices call for, now. */
function keepWhatIsWanted() {
  const chosen = choice();
  if (chosen === "off") return;
  if (chosen !== "on" && navigator.connection?.saveData) return;
  let keepReady = false;
  try {
    keepReady = localStorage.getItem(KEEP_READY_KEY) === "on";
  } catch {
    // storage blocked
  }
  ask({ python: ranPython || keepReady, everything: chosen === "on" });
}

function whenIdle(callback) {
  if ("requestIdleCallback" in window) requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(callback, 0);
}

let quietTimer = 0;

/** The reader did something: once they have left the page alone for `quietMs`, in an idle
 *  moment, the rest of the site is asked for. */
function interacted() {
  clearTimeout(quietTimer);
  quietTimer = setTimeout(() => whenIdle(keepWhatIsWanted), milliseconds(QUIET_KEY, QUIET_MS));
}

/** Python ran on this page: the files a run needs are kept too (in idle time, as the rest). */
export function cacheRuntime() {
  ranPython = true;
  interacted();
}

if (supported) {
  document.addEventListener("click", interacted, { capture: true, passive: true });
  document.addEventListener("keydown", (event) => {
    if (!READING_KEYS.has(event.key)) interacted();
  }, { capture: true, passive: true });

  // Time this page has been visible (the site's pages, as long as instant navigation
  // replaces one by the next).
  const dwell = milliseconds(DWELL_KEY, DWELL_MS);
  let visibleFor = 0;
  let visibleSince = null;
  let dwellTimer = 0;
  const onVisibility = () => {
    clearTimeout(dwellTimer);
    if (visibleSince !== null) visibleFor += performance.now() - visibleSince;
    visibleSince = document.visibilityState === "visible" ? performance.now() : null;
    if (visibleSince === null) return;
    dwellTimer = setTimeout(() => whenIdle(keepWhatIsWanted), Math.max(0, dwell - visibleFor));
  };
  document.addEventListener("visibilitychange", onVisibility);
  onVisibility();

  // The reader asked for everything: on every visit, once the page is idle.
  if (choice() === "on") {
    activeWorker().then(() => whenIdle(keepWhatIsWanted));
  }
}

// --- the switch (About page) -------------------------------------------------------------

/** The switch's parts on this page, or null (built into `#fc-offline` when there is one). */
let ui = null;

function buildSwitch(place) {
  const label = document.createElement("label");
  label.className = "fc-offline-switch";
  const input = document.createElement("input");
  input.type = "checkbox";
  input.setAttribute("role", "switch");
  label.append(input, " Make this site available offline");
  const meter = document.createElement("p");
  meter.className = "fc-offline-meter";
  meter.hidden = true;
  const bar = document.createElement("progress");
  bar.setAttribute("aria-label", "Files downloaded for offline use");
  const count = document.createElement("span");
  count.className = "fc-offline-count";
  meter.append(bar, " ", count);
  const status = document.createElement("p");
  status.className = "fc-offline-status";
  status.setAttribute("role", "status");
  place.replaceChildren(label, meter, status);
  return { input, meter, bar, count, status };
}

function say(text) {
  if (ui && ui.status.textContent !== text) ui.status.textContent = text;
}

const OFF_TEXT = "Off: nothing is downloaded in the background. Pages you read are still kept "
  + "for reading offline, and what was downloaded stays until the site changes.";

/** Progress of a download of everything, as the service worker reports it. */
function showProgress({ state, done, total, failed }) {
  if (!ui || choice() !== "on") return;
  ui.meter.hidden = false;
  ui.bar.max = total;
  ui.bar.value = done;
  ui.count.textContent = `${done} of ${total} files`;
  if (state === "running") {
    say("Downloading the whole site, its examples included, for offline use…");
  } else if (state === "done") {
    say(`Done: the whole site, its examples included, is available offline (${total} files).`);
  } else if (state === "failed") {
    say(`Failed: ${failed} of ${total} files could not be downloaded (is the network there?). `
      + "They are tried again on your next visit, or when you turn the switch off and on.");
  }
}

if (supported) {
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data?.type === "offline-progress" && event.data.everything) showProgress(event.data);
  });
}

onEveryPage(() => {
  const place = document.getElementById("fc-offline");
  if (!place) {
    ui = null;
    return;
  }
  ui = buildSwitch(place);
  const { input } = ui;
  if (!supported) {
    input.disabled = true;
    say("This browser cannot keep the site for offline use.");
    return;
  }
  input.checked = choice() === "on";
  if (input.checked) {
    say("Checking what is available offline…");
    ask({ python: true, everything: true }, { again: true });
  } else if (choice() === "off") {
    say(OFF_TEXT);
  }
  input.addEventListener("change", async () => {
    store(CHOICE_KEY, input.checked ? "on" : "off");
    if (input.checked) {
      say("Starting the download…");
      ask({ python: true, everything: true }, { again: true });
      if (!(await activeWorker())) say("This browser cannot keep the site for offline use.");
      return;
    }
    sent = null;
    ui.meter.hidden = true;
    say(OFF_TEXT);
    (await activeWorker())?.postMessage({ type: "stop" });
  });
});
