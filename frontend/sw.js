// The site's service worker: the next visit is fast, and the site works offline.
//
// Bundled by esbuild (`npm run build`) from Workbox into build/sw/sw.js; the site build
// (pysrc/flipcards_site/offline.py) writes it to the site's root as sw.js with the two
// lists below filled in, each file with a hash of its content (the first 32 hex digits of its
// SHA-256):
//
// - PAGES (self.__WB_MANIFEST): the pages, styles, scripts and search index. Workbox
//   precaches them when the service worker installs (no Python among them: reading stays
//   free of Python's bytes) and serves them from the cache, online or not.
// - RUNTIME (self.__FLIPCARDS_RUNTIME.files): Python (Pyodide, the standard library, the
//   package) and the editor. Nothing of them is fetched for the cache before the reader runs
//   an example; then all of them are (except the rarely used part of the standard library,
//   cached when it is first imported), so that every example runs offline afterwards, and
//   runs sooner next time. They live in a cache named after a hash of all of them: a new
//   build that changes any gets a new cache, and the old one is dropped when the new service
//   worker takes over.
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
// next visit, it takes over at once (skipWaiting, clientsClaim) and Workbox drops the pages
// that changed from the old precache.

import { cacheNames, clientsClaim } from "workbox-core";
import {
  addPlugins, cleanupOutdatedCaches, getCacheKeyForURL, matchPrecache, precacheAndRoute,
} from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, Strategy } from "workbox-strategies";
import { CacheableResponsePlugin } from "workbox-cacheable-response";

// Filled in by the site build.
const PAGES = self.__WB_MANIFEST; // [{url, revision}]
const RUNTIME = self.__FLIPCARDS_RUNTIME; // {hash, files: [{url, revision}], warm: [url]}

const RUNTIME_PREFIX = "flipcards-runtime-";
const runtimeCache = `${RUNTIME_PREFIX}${RUNTIME.hash}`;
const runtimeUrls = new Set(RUNTIME.files.map(({ url }) => new URL(url, self.location).href));
const warmUrls = RUNTIME.warm.map((url) => new URL(url, self.location).href);

// --- what the build hashed, and the check of what is served ---------------------------

// The hash of every file, by its address (relative addresses are resolved as Workbox does).
const HASHES = new Map([...PAGES, ...RUNTIME.files].map(
  ({ url, revision }) => [new URL(url, self.location).href, revision]));

// Workbox keeps a precached file under its address with the revision added as this search
// parameter. The hash is looked up by the address without it, never read from the key.
const REVISION_PARAM = "__WB_REVISION__";

function expectedHash(url) {
  const address = new URL(url);
  address.searchParams.delete(REVISION_PARAM);
  address.hash = "";
  return HASHES.get(address.href);
}

// A hash is the first 32 hex digits (128 bits) of the SHA-256 of the file's bytes.
const HASH_BYTES = 16;
const hex = (bytes) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");

// The content types a browser renders as a document, where a script in the bytes would run,
// and the extensions of the files the build writes as such. The build's own bytes served as a
// document under another file's address (a script's, the search index's) are not the build's
// file; any other type is left to the host, which names types its own way.
const DOCUMENT_TYPES = [[/^text\/html|^application\/xhtml/, /(?:\.html|\/)$/],
  [/^image\/svg/, /\.svg$/], [/xml/, /\.xml$/]];

/** Whether the type `response` says it has fits the file at `url` (see DOCUMENT_TYPES). */
function typeFits(url, response) {
  const type = (response.headers.get("Content-Type") ?? "").toLowerCase();
  const { pathname } = new URL(url);
  return DOCUMENT_TYPES.every(([document, extension]) => !document.test(type) || extension.test(pathname));
}

/** Whether `response` is a 200 response whose bytes are those the build hashed for `url`.
 *  Reads a clone: `response` itself (a cached one: as it came from Cache Storage) is what
 *  is served, so what was checked is what is served, whatever is put in the cache since. */
async function intact(url, response) {
  const expected = expectedHash(url);
  if (!expected || !response || response.status !== 200) return false;
  if (!typeFits(url, response)) return false;
  const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  return hex(new Uint8Array(digest, 0, HASH_BYTES)) === expected;
}

/** The network's answer to `request` when its bytes are those hashed for `url`; when they
 *  are not, they may be an older build's, kept by the browser's HTTP cache: the server is
 *  asked once more, past it, and its answer is the one served (it is put in a cache only if
 *  intact). */
async function fromServer(url, request, response) {
  if (response.status !== 200 || request.cache === "reload") return response;
  if (await intact(url, response)) return response;
  try {
    return await fetch(request.url, { cache: "reload", credentials: "same-origin" });
  } catch {
    return response; // the network is gone meanwhile
  }
}

// What every strategy below does with its cache (Workbox calls these around each read and
// write): a cached response is served only if intact, and is deleted otherwise, so that the
// strategy asks the network instead; the network's response is put in the cache only if
// intact. In cachedResponseWillBeUsed `request` is the cache key (for the precache, the
// address with REVISION_PARAM); in the others, the request the strategy handles.
const verified = {
  async cachedResponseWillBeUsed({ cacheName, request, cachedResponse }) {
    if (!cachedResponse) return undefined;
    if (await intact(request.url, cachedResponse)) return cachedResponse;
    await (await caches.open(cacheName)).delete(request);
    return undefined;
  },
  async fetchDidSucceed({ request, response }) {
    return fromServer(request.url, request, response);
  },
  async cacheWillUpdate({ request, response }) {
    return (await intact(request.url, response)) ? response : null;
  },
};

// The precache (Workbox's strategy, with the checks above). A page it serves can have been
// asked for by another address than its key's (`rule-508/` for `rule-508/index.html`): its
// hash is found by the key, kept from the cache's miss. Workbox puts back a file it missed
// only when its manifest has an `integrity` for it (the browser then checks the network's
// bytes, and fails the request when they differ: a page changed by a newer build would not
// load at all); this puts it back when the network's bytes are intact, and serves the
// network's answer either way.
const precacheChecks = {
  ...verified,
  async cachedResponseWillBeUsed(param) {
    const response = await verified.cachedResponseWillBeUsed(param);
    if (!response) {
      param.state.missed = param.request; // the cache key
      param.state.cacheName = param.cacheName;
    }
    return response;
  },
  async fetchDidSucceed({ event, request, response, state }) {
    // While installing, Workbox fetches past the HTTP cache and puts what it fetched itself
    // (through cacheWillUpdate above).
    if (event?.type === "install" || !state.missed) return response;
    const { missed, cacheName } = state;
    state.missed = undefined;
    const answer = await fromServer(missed.url, request, response);
    if (!answer.redirected && await intact(missed.url, answer)) {
      try {
        await (await caches.open(cacheName)).put(missed, answer.clone());
      } catch {
        // no room to keep it (storage quota): served from the network all the same
      }
    }
    return answer;
  },
};

self.skipWaiting();
clientsClaim();

addPlugins([precacheChecks]);
precacheAndRoute(PAGES, { directoryIndex: "index.html" });
cleanupOutdatedCaches();

const runtimeOptions = {
  cacheName: runtimeCache,
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), verified],
};
const runtime = new CacheFirst(runtimeOptions);

// Chrome keeps the machine code it compiled from WebAssembly and JavaScript beside a response
// only when the response came from Cache Storage. CacheFirst answers a first request with the
// network's response; this strategy stores it first and answers from the cache, so that the
// code compiled on the first run is kept and the next visit skips compiling Pyodide again.
class FromCache extends Strategy {
  async _handle(request, handler) {
    const cached = await handler.cacheMatch(request);
    if (cached) return cached;
    const response = await handler.fetch(request);
    if (response.status !== 200) return response;
    try {
      await handler.cachePut(request, response.clone());
    } catch {
      return response; // no room to keep it (storage quota): answered from the network
    }
    return (await handler.cacheMatch(request)) ?? response;
  }
}
const compiled = new FromCache(runtimeOptions);
const isCode = ({ pathname }) => pathname.endsWith(".wasm") || pathname.endsWith(".mjs");

registerRoute(({ url }) => runtimeUrls.has(url.href) && isCode(url), compiled);
registerRoute(({ url }) => runtimeUrls.has(url.href) && !isCode(url), runtime);

// The page asks for the runtime to be cached once Python has run: what passed through the
// route above is cached already (it is checked when it is next served, not read again now);
// the rest (the first visit's Python, loaded before this service worker controlled the page;
// the editor) is fetched now, mostly from the HTTP cache.
let warming = null;
self.addEventListener("message", (event) => {
  if (event.data?.type !== "cache-runtime") return;
  warming ??= caches.open(runtimeCache).then((cache) => Promise.all(warmUrls.map((url) =>
    cache.match(url).then((cached) => cached ?? (isCode(new URL(url)) ? compiled : runtime)
      .handle({ event, request: new Request(url, { credentials: "same-origin" }) }))
      .catch(() => undefined)))); // offline now: tried again on the next run
  event.waitUntil(warming.finally(() => { warming = null; }));
});

// Offline, a page that was never cached gets the site's "not found" page. (Workbox's
// matchPrecache reads the precache without the plugins above: the check is made here.)
const notFound = new URL("404.html", self.location).href;
setCatchHandler(async ({ request }) => {
  if (request.mode !== "navigate") return Response.error();
  const page = await matchPrecache(notFound);
  if (await intact(notFound, page)) return page;
  if (page) await (await caches.open(cacheNames.precache)).delete(getCacheKeyForURL(notFound));
  return Response.error();
});

// Caches of Python from earlier builds of the site. (Workbox's cleanupOutdatedCaches knows
// only its precaches.)
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names
    .filter((name) => name.startsWith(RUNTIME_PREFIX) && name !== runtimeCache)
    .map((name) => caches.delete(name)))));
});
