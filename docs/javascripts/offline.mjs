// The site's service worker (sw.js at the site's root, built from frontend/sw.js): after one
// visit the pages read, and the examples run, without a network, and the next visit is fast.
//
// Registered once the page has loaded, so that it never competes with the page itself. The
// service worker caches the pages at once; Python only after the reader has run an example
// (cacheRuntime), so that reading never downloads Python.

const SERVICE_WORKER = new URL("../sw.js", import.meta.url);

function register() {
  navigator.serviceWorker.register(SERVICE_WORKER).catch(() => {
    // No service worker (private mode, an old browser, file://): the site works without one.
  });
}

if ("serviceWorker" in navigator) {
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

let asked = false;

/** Ask the service worker to cache Python and the editor (once per page load). */
export function cacheRuntime() {
  if (asked || !("serviceWorker" in navigator)) return;
  asked = true;
  navigator.serviceWorker.ready.then((registration) => {
    registration.active?.postMessage({ type: "cache-runtime" });
  });
}
