// The worker's own guard against reader code reaching the network.
//
// The site's Content-Security-Policy (a <meta> tag on every page, and the same policy as HTTP
// headers where the host reads the shipped headers file) already confines requests to the
// site's own origin. This guard is the third line, and the one that says what happened: once
// Python is loaded and before any reader code runs, the worker calls `installNetworkGuard`,
// and from then on every browser call that could send something anywhere throws
// "examples cannot use the network". Python wrappers such as `pyodide.http.open_url` (an
// XMLHttpRequest) or `pyfetch` (fetch) end in these calls, so guarding them guards those too.
// Examples never need the network, so even the site's own origin is refused.
//
// Each guarded name is redefined as read-only and non-configurable, so reader code cannot put
// the original back; the originals are not kept anywhere reader code could reach.

/** The message every refusal starts with (Python shows it as the error's text). */
export const REFUSED = "examples cannot use the network";

/** Constructors that open a connection or start code outside this worker's guard. */
const REFUSED_CONSTRUCTORS = [
  "WebSocket", "WebSocketStream", "EventSource", "WebTransport", "Worker", "SharedWorker",
  "RTCPeerConnection",
];

/** A short, safe description of what was asked for (a URL or a Request), for the message. */
function describe(target) {
  try {
    const url = typeof target === "object" && target !== null && "url" in target ? target.url : target;
    return String(url).slice(0, 200);
  } catch {
    return "?";
  }
}

function refuse(what) {
  const error = new Error(`${REFUSED}: ${what} was refused`);
  error.name = "NetworkError";
  throw error;
}

function lock(object, name, value) {
  Object.defineProperty(object, name, { value, writable: false, configurable: false, enumerable: false });
}

/** Guard `scope` (the worker's global object). Not undoable. */
export function installNetworkGuard(scope = globalThis) {
  lock(scope, "fetch", function fetch(target) {
    return refuse(`fetch(${describe(target)})`);
  });
  if (scope.XMLHttpRequest) {
    lock(scope.XMLHttpRequest.prototype, "open", function open(method, url) {
      return refuse(`XMLHttpRequest to ${describe(url)}`);
    });
  }
  for (const name of REFUSED_CONSTRUCTORS) {
    if (name in scope) {
      lock(scope, name, function refused(target) {
        return refuse(`new ${name}(${describe(target)})`);
      });
    }
  }
  lock(scope, "importScripts", function importScripts(...urls) {
    return refuse(`importScripts(${urls.map(describe).join(", ")})`);
  });
  // Cache.add() fetches; navigator.sendBeacon and fetchLater send.
  if ("caches" in scope) {
    Object.defineProperty(scope, "caches", {
      get: () => refuse("caches (Cache.add fetches)"), configurable: false, enumerable: false,
    });
  }
  if ("fetchLater" in scope) lock(scope, "fetchLater", () => refuse("fetchLater"));
  if (scope.navigator && "sendBeacon" in scope.navigator) {
    lock(scope.navigator, "sendBeacon", (url) => refuse(`sendBeacon(${describe(url)})`));
  }
}
