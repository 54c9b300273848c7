// The site's service worker: the next visit is fast, and the site works offline.
//
// Bundled by esbuild (`npm run build`) from Workbox into build/sw/sw.js; the site build
// (pysrc/flipcards_site/offline.py) writes it to the site's root as sw.js with the two
// lists below filled in, each file with a hash of its content:
//
// - PAGES (self.__WB_MANIFEST): the pages, styles, scripts and search index. Workbox
//   precaches them when the service worker installs (no Python among them: reading stays
//   free of Python's bytes) and serves them from the cache, online or not.
// - RUNTIME: Python (Pyodide, the standard library, the package) and the editor. Nothing of
//   them is fetched for the cache before the reader runs an example; then all of them are
//   (except the rarely used part of the standard library, cached when it is first imported),
//   so that every example runs offline afterwards, and runs sooner next time.
//   They live in a cache named after a hash of all of them: a new build that changes any
//   gets a new cache, and the old one is dropped when the new service worker takes over.
//
// A new build of the site has a new sw.js (the hashes changed): the browser installs it on the
// next visit, it takes over at once (skipWaiting, clientsClaim) and Workbox drops the pages
// that changed from the old precache.

import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, Strategy } from "workbox-strategies";
import { CacheableResponsePlugin } from "workbox-cacheable-response";

// Filled in by the site build.
const PAGES = self.__WB_MANIFEST;
const RUNTIME = self.__FLIPCARDS_RUNTIME; // {hash, urls: [...], warm: [...]}, relative to sw.js

const RUNTIME_PREFIX = "flipcards-runtime-";
const runtimeCache = `${RUNTIME_PREFIX}${RUNTIME.hash}`;
const runtimeUrls = new Set(RUNTIME.urls.map((url) => new URL(url, self.location).href));
const warmUrls = RUNTIME.warm.map((url) => new URL(url, self.location).href);

self.skipWaiting();
clientsClaim();

precacheAndRoute(PAGES, { directoryIndex: "index.html" });
cleanupOutdatedCaches();

const runtimeOptions = {
  cacheName: runtimeCache,
  plugins: [new CacheableResponsePlugin({ statuses: [200] })],
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
// route above is cached already; the rest (the first visit's Python, loaded before this service
// worker controlled the page; the editor) is fetched now, mostly from the HTTP cache.
let warming = null;
self.addEventListener("message", (event) => {
  if (event.data?.type !== "cache-runtime") return;
  warming ??= Promise.all(warmUrls.map((url) =>
    (isCode(new URL(url)) ? compiled : runtime)
      .handle({ event, request: new Request(url, { credentials: "same-origin" }) })
      .catch(() => undefined))); // offline now: tried again on the next run
  event.waitUntil(warming.finally(() => { warming = null; }));
});

// Offline, a page that was never cached gets the site's "not found" page.
setCatchHandler(async ({ request }) => {
  if (request.mode === "navigate") {
    return (await matchPrecache("404.html")) ?? Response.error();
  }
  return Response.error();
});

// Caches of Python from earlier builds of the site. (Workbox's cleanupOutdatedCaches knows
// only its precaches.)
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names
    .filter((name) => name.startsWith(RUNTIME_PREFIX) && name !== runtimeCache)
    .map((name) => caches.delete(name)))));
});
