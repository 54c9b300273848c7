// The site's service worker: pages read stay readable offline, the next visit is fast, and a
// reader who wants it gets the whole site, examples included, for offline use.
//
// Bundled by esbuild (`npm run build`) from Workbox into build/sw/sw.js; the site build
// (pysrc/flipcards_site/offline.py) writes it to the site's root as sw.js with the two lists
// below filled in, each file with a hash of its content (the first 32 hex digits of its
// SHA-256):
//
// - SITE (self.__WB_MANIFEST): the pages, styles, scripts, the "not found" page and the search
//   index. Never the preview pictures (they are for link crawlers) nor the sitemap.
// - RUNTIME (self.__FLIPCARDS_RUNTIME.files): Python (Pyodide, the standard library, the
//   package) and the editor; `warm` lists those a run needs (the rest, the rarely used part
//   of the standard library, is kept when it is first imported).
//
// What it costs a reader. Reading one page costs that page: the service worker installs
// without the network, and then keeps only what the visit has downloaded already (the page and
// its assets, as the page lists them, read from the browser's HTTP cache with
// `only-if-cached`). Any listed file the page
// asks for later passes through it and is kept on the way. The rest is downloaded only when
// the page asks (docs/javascripts/offline.mjs: once the reader has interacted with the page or
// stayed a while, in idle time; or at once when the reader turns on "Make this site available
// offline"), each missing file once, a few at a time, at low priority and only while the
// page's own requests are done; from the HTTP cache where the visit had it, so a file the
// reader's visit downloaded is not downloaded again. Python's files join the background
// download only once the reader has run an example (or asked for Python to be kept ready);
// the switch downloads them all. The requests are plain requests of the files: a host that
// serves the build's .br/.gz copies sends them compressed.
//
// Caches. Every file is kept under its address with its revision added (REVISION_PARAM), in
// SITE_CACHE or RUNTIME_CACHE. A new build changes the revisions of the files that changed:
// the new service worker deletes, when it takes over, every entry that is not a file of its
// lists at its revision (and the caches of earlier versions of this worker), and keeps the
// others, so a reader downloads again only what changed.
//
// The caches are never trusted by themselves: any script on the site's origin (a page's, or
// the reader's code in a worker) can write Cache Storage, and whatever this service worker
// served from it would be served again on every later visit. So every response it serves
// from a cache is hashed first and served only if its bytes are the ones the build hashed
// into this file; one that is not (or one under an address the build did not list) is
// deleted and never served, and the network answers instead. Only the network's bytes that
// match are put (back) in the caches, so that offline keeps working after a repair; offline,
// a forged entry is a failed request (a page: the "not found" page, if it is itself intact).
// Everything served from the caches is hashed, every time (Python's files, about 18 MB, add
// some 100 ms of this worker's time to the start of a visit's first run): no result is
// remembered, as nothing short of reading the bytes tells that an entry was not replaced
// since (a script can put the same headers, the same length), and this worker is stopped
// when idle anyway, so that a later visit would hash them again.
//
// A new build of the site has a new sw.js (the hashes changed): the browser installs it on the
// next visit, and it takes over at once (skipWaiting, clientsClaim).
//
// Messages from the pages (offline.mjs):
// - {type: "keep", python, everything}: download what is missing of the site's files (and of
//   the files a run needs, with `python`; of every runtime file, with `everything`). Progress
//   goes to every window of the site: {type: "offline-progress", state, done, total, failed,
//   everything}, state "running", then "done", "failed" (some files could not be had) or
//   "stopped"; done and total count files, those kept before included.
// - {type: "visited", urls}: the files the page's visit downloaded (see keepVisited).
// - {type: "stop"}: stop downloading (what is kept stays kept).
// - {type: "status"} with a port: the port gets {state, done, total, asked}: "running" while
//   it downloads, else the last download's end; how many of the files of both lists are kept;
//   how many "keep" messages this worker has had.

import { clientsClaim } from "workbox-core";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { NetworkOnly, Strategy } from "workbox-strategies";

// Filled in by the site build.
const SITE = self.__WB_MANIFEST; // [{url, revision}]
const RUNTIME = self.__FLIPCARDS_RUNTIME; // {files: [{url, revision}], warm: [url]}
const BUILD_HEADERS = self.__FLIPCARDS_HEADERS; // {name: value}: the headers file's

const SITE_CACHE = "flipcards-site";
const RUNTIME_CACHE = "flipcards-runtime";
// Caches of earlier versions of this worker (Workbox's precache, a runtime cache per build).
const OLD_CACHES = [/^workbox-precache/, /^flipcards-runtime-/];

// A file is kept under its address with its revision as this search parameter.
const REVISION_PARAM = "__WB_REVISION__";

/** A file of the build: its address, hash, cache key, cache, and the address to fetch it by
 *  (a page by its folder's address, as readers open it and hosts serve it). */
function fileOf({ url, revision }, cacheName) {
  const href = new URL(url, self.location).href;
  const fetchUrl = href.endsWith("/index.html") ? href.slice(0, -"index.html".length) : href;
  return { href, revision, key: `${href}?${REVISION_PARAM}=${revision}`, fetchUrl, cacheName };
}

const SITE_FILES = SITE.map((entry) => fileOf(entry, SITE_CACHE));
const RUNTIME_FILES = RUNTIME.files.map((entry) => fileOf(entry, RUNTIME_CACHE));
const FILES = new Map([...SITE_FILES, ...RUNTIME_FILES].map((file) => [file.href, file]));
const warm = new Set(RUNTIME.warm.map((url) => new URL(url, self.location).href));
const WARM_FILES = RUNTIME_FILES.filter((file) => warm.has(file.href));

/** The build's file at `url` (its search and fragment aside; a folder: its index.html). */
function fileFor(url) {
  const address = new URL(url);
  address.search = "";
  address.hash = "";
  if (address.pathname.endsWith("/")) address.pathname += "index.html";
  return FILES.get(address.href);
}

// --- what the build hashed, and the check of what is served ---------------------------

// A hash is the first 32 hex digits (128 bits) of the SHA-256 of the file's bytes.
const HASH_BYTES = 16;
const hex = (bytes) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");

// The content types a browser renders as a document, where a script in the bytes would run,
// the extensions of the files the build writes as such, and the type such a file is served
// with from the caches (asServed). The build's own bytes served as a document under another
// file's address (a script's, the search index's) are not the build's file; any other type is
// left to the host, which names types its own way.
const DOCUMENT_TYPES = [
  [/^text\/html|^application\/xhtml/, /(?:\.html|\/)$/, "text/html; charset=utf-8"],
  [/^image\/svg/, /\.svg$/, "image/svg+xml"], [/xml/, /\.xml$/, "application/xml"]];

// The files a browser uses only when their type says what they are: a script (a module,
// a worker's) as JavaScript, a stylesheet as CSS, Python's WebAssembly as such. Kept with
// another type (the same bytes as "text/plain", with "nosniff"), every later visit had its
// scripts refused, or Python failed to load, blaming the host, until the reader cleared the
// site's data. Files read as bytes (the search index, zips, fonts) work whatever their type.
const FILE_TYPES = [
  [/\.m?js$/, /^(?:text|application)\/(?:x-)?(?:java|ecma)script\b/], [/\.css$/, /^text\/css\b/],
  [/\.wasm$/, /^application\/wasm\b/]];

/** Whether the type `response` says it has fits the file at `url` (see DOCUMENT_TYPES and
 *  FILE_TYPES). */
function typeFits(url, response) {
  const type = (response.headers.get("Content-Type") ?? "").toLowerCase();
  const { pathname } = new URL(url);
  return DOCUMENT_TYPES.every(([document, extension]) => !document.test(type) || extension.test(pathname)) &&
    FILE_TYPES.every(([extension, types]) => !extension.test(pathname) || types.test(type));
}

/**
 * A kept file as it is served: `response` itself, except a document (a page, a picture of
 * SVG), which gets the bytes that were checked with its type and the build's headers
 * (BUILD_HEADERS), not the headers kept with it. A script that wrote the cache could have put
 * any there: the page's own bytes with "Refresh" sent every visit of the page to another
 * site, "Link" had the browser ask another site for a file before the page's policy was read,
 * a policy with "sandbox" stopped the page's scripts, "Content-Disposition" made it a
 * download. (Other files keep their response: Chrome keeps the code it compiled only beside a
 * response from Cache Storage, and their headers do nothing of the kind; their type is
 * checked, see FILE_TYPES.)
 */
function asServed(url, response) {
  const { pathname } = new URL(url);
  const type = DOCUMENT_TYPES.find(([, extension]) => extension.test(pathname))?.[2];
  if (!type) return response;
  return new Response(response.body, {
    status: 200, statusText: "OK", headers: { ...BUILD_HEADERS, "Content-Type": type },
  });
}

/** Whether `response` is a 200 response whose bytes are those the build hashed for `url`.
 *  Reads a clone: `response` itself (a cached one: as it came from Cache Storage) is what
 *  is served, so what was checked is what is served, whatever is put in the cache since. */
async function intact(url, response) {
  const expected = fileFor(url)?.revision;
  if (!expected || !response || response.status !== 200) return false;
  if (!typeFits(url, response)) return false;
  const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  return hex(new Uint8Array(digest, 0, HASH_BYTES)) === expected;
}

/** The network's answer `response` to a request for `url` with the cache mode `cache`, when
 *  its bytes are those hashed for `url`; when they are not, they may be an older build's,
 *  kept by the browser's HTTP cache: the server is asked once more, past it, and its answer
 *  is the one served (it is put in a cache only if intact). A request that must not reach
 *  the network (`only-if-cached`) gets the HTTP cache's answer as it is. */
async function fromServer(url, cache, response, init = {}) {
  if (response.status !== 200 || cache === "reload" || cache === "only-if-cached") return response;
  if (await intact(url, response)) return response;
  try {
    return await fetch(url, { ...init, cache: "reload", credentials: "same-origin" });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    return response; // the network is gone meanwhile
  }
}

/** A response that can be kept and served for a navigation: a redirected one is copied (a
 *  browser refuses to show a redirected response served by a service worker). */
function keepable(response) {
  if (!response.redirected) return response;
  return new Response(response.body, {
    status: response.status, statusText: response.statusText, headers: response.headers,
  });
}

// What the strategy below does with its caches (Workbox calls these around each read and
// write): a file is looked up under its key (address and current revision); a cached
// response is served only if intact, and is deleted otherwise, so that the strategy asks the
// network instead; the network's response is put in the cache only if intact. In
// cachedResponseWillBeUsed `request` is the cache key; in the others, the request handled.
const verified = {
  async cacheKeyWillBeUsed({ request }) {
    return fileFor(request.url)?.key ?? request;
  },
  async cachedResponseWillBeUsed({ cacheName, request, cachedResponse }) {
    if (!cachedResponse) return undefined;
    if (await intact(request.url, cachedResponse)) return asServed(request.url, cachedResponse);
    await (await caches.open(cacheName)).delete(request);
    return undefined;
  },
  async fetchDidSucceed({ request, response }) {
    return fromServer(request.url, request.cache, response);
  },
  async cacheWillUpdate({ request, response }) {
    return (await intact(request.url, response)) ? keepable(response) : null;
  },
};

// The page's own requests in progress (the background download waits for them), counted by
// the strategy as each starts and as its response is there.
let busy = 0;
let lastBusy = 0;
let quietWaiters = [];
const pageRequests = {
  async handlerWillStart({ event }) {
    if (event instanceof FetchEvent) busy += 1;
  },
  async handlerDidRespond({ event }) {
    if (!(event instanceof FetchEvent)) return;
    busy -= 1;
    lastBusy = Date.now();
    if (busy === 0) for (const wake of quietWaiters.splice(0)) wake();
  },
};

// Chrome keeps the machine code it compiled from WebAssembly and JavaScript beside a response
// only when the response came from Cache Storage: Python's code is stored first and answered
// from the cache, so that the code compiled on the first run is kept and the next visit skips
// compiling Pyodide again. Anything else is answered from the network while it is stored.
const isCode = ({ pathname }) => pathname.endsWith(".wasm") || pathname.endsWith(".mjs");

/** Cache first (verified), else the network, kept on the way when intact. */
class Kept extends Strategy {
  async _handle(request, handler) {
    const cached = await handler.cacheMatch(request);
    if (cached) return cached;
    const response = await handler.fetch(request);
    if (response.status !== 200) return response;
    const stored = handler.cachePut(request, response.clone()).catch(() => false); // no room
    if (!(this.cacheName === RUNTIME_CACHE && isCode(new URL(request.url)))) {
      handler.waitUntil(stored);
      return response;
    }
    if (!(await stored)) return response;
    return (await handler.cacheMatch(request)) ?? response;
  }
}

const strategies = {
  [SITE_CACHE]: new Kept({ cacheName: SITE_CACHE, plugins: [verified, pageRequests] }),
  [RUNTIME_CACHE]: new Kept({ cacheName: RUNTIME_CACHE, plugins: [verified, pageRequests] }),
};

self.skipWaiting();
clientsClaim();

// Only the build's files (never a preview picture, the sitemap, another site's address).
registerRoute(({ request, url }) => request.method === "GET" && fileFor(url.href) !== undefined,
  ({ event, request, url }) => strategies[fileFor(url.href).cacheName].handle({ event, request }));

// Any other address of the site opened as a page (mistyped, or a rule's number written another
// way): the host's answer, and offline the "not found" page below, whose script still leads a
// rule's number to the rule.
registerRoute(({ request, url }) => request.mode === "navigate" && url.origin === self.location.origin,
  new NetworkOnly());

// Offline, a page that was never kept gets the site's "not found" page, if it is intact.
const notFound = fileFor(new URL("404.html", self.location).href);
setCatchHandler(async ({ request }) => {
  if (request.mode !== "navigate" || !notFound) return Response.error();
  const cache = await caches.open(SITE_CACHE);
  const page = await cache.match(notFound.key);
  if (await intact(notFound.href, page)) return asServed(notFound.href, page);
  if (page) await cache.delete(notFound.key);
  return Response.error();
});

// --- keeping files without the page asking for them --------------------------------------

/** Fetch `file` (with the fetch options `init`) and keep it if intact: whether it is kept. */
async function fetchAndKeep(file, init) {
  const response = await fromServer(file.href, init.cache,
    await fetch(file.fetchUrl, { ...init, credentials: "same-origin" }), init);
  if (!(await intact(file.href, response))) return false;
  await (await caches.open(file.cacheName)).put(file.key, keepable(response));
  return true;
}

/** The cache keys held now, of both caches. */
async function keptKeys() {
  const keys = new Set();
  for (const name of [SITE_CACHE, RUNTIME_CACHE]) {
    for (const request of await (await caches.open(name)).keys()) keys.add(request.url);
  }
  return keys;
}

// Installing costs no network, and asks for nothing. Once it is active, the page that
// registered it says what its visit downloaded already (the page, its styles, scripts and
// pictures: {type: "visited", urls}); of those, the files of the lists that are not kept
// are kept from the HTTP cache, never the network (a file no longer there is kept the next
// time it passes through this worker). Only those: asking the HTTP cache for every file would
// be a failed request for each one the visit did not download. Whatever a page says, nothing
// but a file of the lists with the bytes the build hashed is kept.
async function keepVisited(urls) {
  const kept = await keptKeys();
  const files = new Set();
  for (const url of urls.slice(0, 1000)) {
    if (typeof url !== "string") continue;
    let file;
    try {
      file = fileFor(new URL(url, self.location).href);
    } catch {
      continue;
    }
    if (file && new URL(file.href).origin === self.location.origin && !kept.has(file.key)) {
      files.add(file);
    }
  }
  await Promise.all([...files].map((file) =>
    fetchAndKeep(file, { cache: "only-if-cached", mode: "same-origin" }).catch(() => false)));
}

// When this worker takes over: every entry that is no file of this build at its revision goes,
// and so do the caches of earlier versions of this worker.
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const current = new Set([...FILES.values()].map((file) => file.key));
    for (const name of await caches.keys()) {
      if (OLD_CACHES.some((pattern) => pattern.test(name))) await caches.delete(name);
    }
    for (const name of [SITE_CACHE, RUNTIME_CACHE]) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (!current.has(request.url)) await cache.delete(request);
      }
    }
  })());
});

// The background download: a few files at a time, each after the page's own requests are done
// for QUIET_MS; the reader's "everything" a few more at a time.
const QUIET_MS = 1000;
const AT_ONCE = { background: 2, everything: 4 };

let asked = 0;
let wanted = null; // {python, everything} asked for and not started yet
let pass = null; // {scope, controller}: the download under way
let working = null; // the promise of the downloads, while there are any
let progress = { state: "idle", done: 0, total: 0, failed: 0, everything: false };

/** Wait until the page has had no request in progress for QUIET_MS (or `signal` aborts). */
async function quiet(signal) {
  while (!signal.aborted) {
    if (busy > 0) {
      await new Promise((wake) => quietWaiters.push(wake));
      continue;
    }
    const left = lastBusy + QUIET_MS - Date.now();
    if (left <= 0) return;
    await new Promise((wake) => setTimeout(wake, left));
  }
}

async function report(update) {
  progress = { ...progress, ...update };
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const client of windows) {
    client.postMessage({ type: "offline-progress", ...progress });
  }
}

/** The files a download with `scope` wants. */
function filesOf({ python, everything }) {
  if (everything) return [...SITE_FILES, ...RUNTIME_FILES];
  return python ? [...SITE_FILES, ...WARM_FILES] : SITE_FILES;
}

const wider = (scope, than) =>
  (scope.everything && !than.everything) || (scope.python && !than.python);

/** Download what `scope` wants and is missing. */
async function download(scope) {
  const controller = new AbortController();
  const { signal } = controller;
  pass = { scope, controller };
  const kept = await keptKeys();
  // A reader whose runs went through this worker has run Python: its files are wanted too.
  const python = scope.python || WARM_FILES.some((file) => kept.has(file.key));
  const files = filesOf({ ...scope, python });
  const missing = files.filter((file) => !kept.has(file.key));
  let done = files.length - missing.length;
  let failed = 0;
  if (!signal.aborted) {
    await report({ state: "running", done, total: files.length, failed,
      everything: scope.everything });
  }
  const init = { cache: "force-cache", priority: "low", signal };
  const next = async () => {
    while (missing.length && !signal.aborted) {
      const file = missing.shift();
      await quiet(signal);
      // A background download ends with the reader's last page of the site; what they asked
      // for themselves goes on.
      if (!scope.everything && (await self.clients.matchAll({ type: "window" })).length === 0) {
        controller.abort("stopped");
      }
      if (signal.aborted) return;
      const ok = await fetchAndKeep(file, init).catch(() => false);
      if (signal.aborted) return;
      if (ok) done += 1;
      else failed += 1;
      await report({ done, failed });
    }
  };
  await Promise.all(Array.from(
    { length: scope.everything ? AT_ONCE.everything : AT_ONCE.background }, next));
  pass = null;
  if (!signal.aborted) await report({ state: failed ? "failed" : "done" });
  else if (signal.reason !== "wider") await report({ state: "stopped" });
}

/** Ask for `scope`: a download wider than the one under way replaces it (what it kept stays). */
function keep(scope) {
  asked += 1;
  wanted = {
    python: Boolean(scope.python || wanted?.python || pass?.scope.python),
    everything: Boolean(scope.everything || wanted?.everything || pass?.scope.everything),
  };
  if (pass && wider(wanted, pass.scope)) pass.controller.abort("wider");
  else if (pass) wanted = null; // the download under way covers it
  working ??= (async () => {
    try {
      while (wanted) {
        const scope = wanted;
        wanted = null;
        await download(scope);
      }
    } finally {
      working = null;
    }
  })();
  return working;
}

function stop() {
  wanted = null;
  pass?.controller.abort("stopped");
}

self.addEventListener("message", (event) => {
  const data = event.data;
  if (data?.type === "visited" && Array.isArray(data.urls)) {
    event.waitUntil(keepVisited(data.urls));
  } else if (data?.type === "keep") {
    event.waitUntil(keep({ python: Boolean(data.python), everything: Boolean(data.everything) }));
  } else if (data?.type === "stop") {
    stop();
  } else if (data?.type === "status" && event.ports[0]) {
    event.waitUntil(keptKeys().then((kept) => {
      const all = [...FILES.values()];
      event.ports[0].postMessage({
        state: working ? "running" : progress.state,
        done: all.filter((file) => kept.has(file.key)).length,
        total: all.length,
        asked,
      });
    }));
  }
});
