// Starts the theme's script and the site's modules once the page has loaded and the reader has
// had a moment to use it, or at once after their first click or keystroke; on the playground
// and on a page opened from a share link, as soon as the page is drawn.
//
// Run while the page was still being parsed, the theme's script (Material for MkDocs) made the
// browser compute the whole page's style and layout inside its own work, over and over: on a
// rules page, two or three tasks of 50–140 ms in which a reader could neither scroll nor click.
// Started after the page is drawn, the same work finds style and layout already computed (and
// early.js and palette.js have done, before the first frame, the parts of it that would make
// the browser compute them all again); but it is still two tasks of 40–140 ms (the theme's
// script as it runs, then the theme starting its components), and the browser hands a click to
// the page only between tasks: started right after the first frame, they were there exactly
// when a reader who came to run an example clicks Run. So they wait: until the page has loaded
// (its `load` event), then GRACE_MS more, then until the browser is idle (at most IDLE_MS) —
// unless the reader clicks, taps or presses a key first: then they start as soon as that
// event has been handled (a click on Run is taken at once by early.js, which starts Python
// without them). Until they run the page reads, scrolls and switches colours (palette.js),
// and its links are ordinary links; a click on the search box, as any click, starts them.
//
// The scripts are the theme's own list, in the page inside a <template> (inert there); this
// script makes each of them anew, in the same order (`async = false`: each runs after the one
// before it, and all of them download at once).
//
// The theme starts its components when the page has been parsed ("DOMContentLoaded") and after
// each instant navigation, both through its `document$`. When its script runs after the page
// was parsed, it missed that event: this script then has `document$` emit the page once.
//
// The theme's search builds its index in a worker of its own as it starts: half a second to a
// second of a core. When the reader's click on Run (or their pointing at an example) started
// the theme, Python is starting too, and on a phone or a two-core machine the index would take
// that time from the Python the reader is waiting for. Then the search worker is held
// (holdSearch): the theme gets a stand-in that keeps its listeners and messages, and the worker
// itself starts once that Python has loaded or failed (early.js's `loaded`), or at once when the
// reader turns to the search box, whichever is first.
(() => {
  /** After the page's `load`: how long the scripts wait, then how long at most for idle time. */
  const GRACE_MS = 1000;
  const IDLE_MS = 1000;
  /** The reader's acts that start them at once (not `pointerdown`: between it and its click,
   *  the scripts' tasks would hold up the very click). */
  const ACTS = ["click", "keydown", "touchend"];

  const template = document.getElementById("fc-scripts");
  if (!(template instanceof HTMLTemplateElement)) return;

  let parsed = false;
  document.addEventListener("DOMContentLoaded", () => { parsed = true; }, { once: true });

  // The theme's script (the one classic script; the site's are modules) has run.
  function themeRan() {
    if (parsed) setTimeout(() => window.document$?.next(document), 0);
  }

  // The theme's script could not be had: the page is shown as it reads without scripts.
  function themeMissing() {
    document.documentElement.classList.replace("js", "no-js");
  }

  /** The theme's search worker: an address, or null if the page has no search. */
  function searchWorkerUrl() {
    try {
      const config = JSON.parse(document.getElementById("__config")?.textContent ?? "null");
      return typeof config?.search === "string" ? resolved(config.search) : null;
    } catch {
      return null;
    }
  }

  /**
   * A stand-in for a worker not started yet: what the theme does to it (listeners added and
   * removed, messages posted, terminate) is done to the worker, in the same order, once
   * `begin` starts it; from then on it passes everything straight to the worker.
   */
  function heldWorker(NativeWorker, url, options) {
    const done = [];
    let worker = null;
    let ended = false;
    const act = (method) => (...args) => {
      if (worker) worker[method](...args);
      else done.push([method, args]);
    };
    return {
      addEventListener: act("addEventListener"),
      removeEventListener: act("removeEventListener"),
      postMessage: act("postMessage"),
      terminate() {
        ended = true;
        worker?.terminate();
      },
      begin() {
        if (worker || ended) return;
        worker = new NativeWorker(url, options);
        for (const [method, args] of done.splice(0)) worker[method](...args);
      },
    };
  }

  function resolved(address) {
    try {
      return new URL(String(address), location.href).href;
    } catch {
      return null;
    }
  }

  /** Hold the search worker the theme is about to start until `loaded` settles or the reader
   *  turns to the search box. */
  function holdSearch(loaded) {
    const url = searchWorkerUrl();
    const NativeWorker = window.Worker;
    if (!url || typeof NativeWorker !== "function") return;
    let held = null;
    const begin = () => {
      window.Worker = NativeWorker;
      removeEventListener("focusin", toSearch, true);
      removeEventListener("pointerdown", toSearch, true);
      held?.begin();
    };
    function toSearch(event) {
      if (event.target instanceof Element && event.target.closest(".md-search, [for='__search']")) begin();
    }
    // In place until the search worker is made or `begin` runs, whichever is first.
    window.Worker = function Worker(address, options) {
      if (!new.target) throw new TypeError("Worker must be called with new");
      if (resolved(address) !== url) return new NativeWorker(address, options);
      held = heldWorker(NativeWorker, address, options);
      window.Worker = NativeWorker;
      return held;
    };
    addEventListener("focusin", toSearch, true);
    addEventListener("pointerdown", toSearch, { capture: true, passive: true });
    Promise.resolve(loaded).then(begin, begin);
  }

  function start() {
    const loaded = window.flipcardsEarly?.loaded;
    if (loaded) holdSearch(loaded);
    for (const old of template.content.querySelectorAll("script")) {
      const script = document.createElement("script");
      for (const { name, value } of old.attributes) script.setAttribute(name, value);
      script.async = false;
      if (script.type !== "module") {
        script.addEventListener("load", themeRan, { once: true });
        script.addEventListener("error", themeMissing, { once: true });
      }
      document.body.append(script);
    }
  }

  let started = false;
  function startOnce() {
    if (started) return;
    started = true;
    for (const type of ACTS) removeEventListener(type, afterAct, true);
    start();
  }

  // In a task of its own, after the act's own handlers (early.js's first of all); when the act
  // started Python, once its worker has been started: the theme's script and its start are
  // main-thread tasks of 50–150 ms, and before that the worker's module waits behind them. (If
  // that never happens, the page's load starts them as for a reader who does nothing.)
  function afterAct() {
    setTimeout(() => Promise.resolve(window.flipcardsEarly?.asked).then(startOnce), 0);
  }

  function afterLoad() {
    const idle = window.requestIdleCallback ?? ((callback) => setTimeout(callback, 0));
    setTimeout(() => idle(startOnce, { timeout: IDLE_MS }), GRACE_MS);
  }

  // A page opened in the background is not being read: it starts at once.
  if (document.visibilityState === "hidden") {
    startOnce();
    return;
  }
  // A page the reader came to use rather than read starts as soon as it is drawn: the
  // playground (its board is the page), and a page opened from a share link (the shared code
  // is put in its example at once, or the page says why it cannot be).
  const cameToUse = document.querySelector(".fc-playground") !== null
    || /[#&]fc\d+=/i.test(location.hash);
  if (cameToUse) {
    requestAnimationFrame(() => setTimeout(startOnce, 0));
    return;
  }
  for (const type of ACTS) addEventListener(type, afterAct, { capture: true, passive: true });
  if (document.readyState === "complete") afterLoad();
  else addEventListener("load", afterLoad, { once: true });
})();
