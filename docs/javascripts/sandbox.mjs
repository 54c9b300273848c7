// What a worker that runs reader code may not reach, and the guard that takes it away.
//
// Reader code is untrusted: a share link's code runs when the reader presses Run. Python in
// the worker can reach everything the worker's JavaScript can (`import js`), so hiding things
// from Python is no boundary; this guard removes them from the worker itself, once Python and
// the package are loaded and before any reader code runs:
//
// - the network (fetch, XMLHttpRequest, sockets, event streams, importScripts): examples never
//   need it, so even the site's own origin is refused;
// - the site's storage (Cache Storage, which the service worker serves pages from; IndexedDB;
//   the origin private file system; storage buckets; locks; the service worker container):
//   what a run could write there would outlive the run and reach other pages and visits;
// - the old file system API (webkitRequestFileSystem and its kin), which keeps files too;
// - other workers and channels (Worker, SharedWorker, BroadcastChannel), and fonts (FontFace,
//   `fonts`), which load from any address;
// - devices and notifications (USB, HID, serial, Bluetooth, Notification, the processor's
//   pressure, the platform's details in userAgentData), which the site never uses;
// - JavaScript made from text (eval, the Function constructors, a timer given text): with it,
//   `import()` fetches a module from any address, which no name here could take away;
// - the graphics processor and media codecs (OffscreenCanvas and its WebGL and 2D contexts,
//   WebGPU, image bitmaps and decoders, WebCodecs, media sources and the media capabilities
//   query): their work runs in the browser's GPU process, which ending the worker does not
//   stop; a long shader there froze the drawing of every tab of the browser for minutes after
//   Stop;
// - the browser's cryptography (crypto.subtle; getRandomValues stays, Python's random numbers
//   come from it): its work runs on the browser's own threads, which ending the worker does not
//   stop either (a key of 8192 bits asked for kept a core busy for half a minute after the run);
// - the browser's JSON parser beyond MAX_JSON_TEXT characters, and a response's json(): it
//   ends the tab's process when it builds an array of more than 2^27 elements;
// - the browser's compression and text streams (CompressionStream, DecompressionStream; the
//   package is read with them before the guard is up; TextDecoderStream, TextEncoderStream):
//   one chunk is deflated or decoded in one call of the browser's own code, which ending the
//   worker does not stop (256 MB handed over kept a core busy for half a minute after
//   "Done"), and Python has zlib and codecs of its own;
// - WebAssembly code compiled by reader code: a module with functions of its own, with types
//   beyond one small function type (MAX_TYPE_PARAMETERS), or of more than MAX_WASM_BYTES
//   (Python itself runs on WebAssembly and, as it goes, makes modules that only import a
//   function and export it again, so WebAssembly cannot go whole); tags. The browser
//   compiles and optimises a module's functions in its own code, which ending the worker
//   cannot interrupt: four functions of 6 MB froze the page for four minutes after the run,
//   and one function of 252 KB that declares 49,000 locals in four bytes made the compiler
//   take ~300 MB a second until the tab crashed, 25 s after Stop (no cap on bytes bounds
//   that). Types go into a table of the whole tab that is never emptied: modules of nothing
//   but types filled it and crashed the tab, the next run if not this one. The streaming
//   compilers, which take a response of any size, are refused. So are memories made by
//   reader code (a constructor's or a module's own): each one holds ~8 GB of the tab's
//   address space for as long as its worker lives, and a worker stuck as below lives on;
// - the browser's array methods over more than MAX_ARRAY_LOOP places (an array, or an object
//   that says its length, or the arrays flat() goes into), and its own sorting of strings: one
//   call loops in the browser's own code, which ending the worker does not interrupt. An
//   indexOf over an object of length 2^50 kept a core busy after "Done", after Stop and after
//   the tab was closed, and held what the run had allocated; sorting 30,000 long strings kept
//   one busy for minutes. The methods run as before on what is smaller; a sort given no
//   comparison compares in JavaScript (the same order), and every operation on a proxy goes
//   through a JavaScript trap, which ending the worker interrupts;
// - the browser's normalize over a run of more than MAX_MARK_RUN combining marks, and its
//   language functions given a tag of more than MAX_LOCALE_TAG characters or more than
//   MAX_LOCALES tags: each works in a time that grows as the square of the run or of the
//   tag's parts, or loops over the list, in the browser's own code; and its segmenter,
//   collation and case mapping of a language given a text of more than MAX_LANGUAGE_TEXT
//   characters, which each go through in one call (comparing two texts of 2^27 characters
//   kept a core busy 9 s after Stop, and one of 2^28 crashed the tab);
//
// A browser interface is reachable in three ways: the global object's own property, the same
// name on a prototype of the global (WorkerGlobalScope.prototype holds fetch, caches,
// indexedDB, fonts, importScripts; `Object.getPrototypeOf(self)` and
// `self.constructor.prototype.__proto__` lead there), and the methods on an interface's
// prototype, for an instance that leaked. The guard deletes the name from the global and from
// every prototype of it, empties the prototypes of the interfaces above, and puts on the
// global itself a read-only, non-configurable stand-in that throws with a message that says
// what happened ("examples cannot use the network: fetch(…) was refused"). Nothing is kept
// where reader code could find it. If a name cannot be removed, the guard throws and the
// worker never runs reader code (it reports that Python could not load).
//
// The site's Content-Security-Policy (a <meta> tag that a blob: worker inherits, and the same
// policy as headers where the host sends them) is a second line for the network and for
// JavaScript from text, for a browser whose workers do not inherit the page's policy. A worker
// that ran reader code is thrown away after that one run (worker-client.mjs), so what a run
// leaves behind in Python or in the worker's JavaScript dies with it.

/**
 * `method` as a plain function of its receiver and arguments (`uncurried(f)(self, …)`), bound
 * now: calling it looks nothing up, where `f.call(self, …)` would read `Function.prototype.call`,
 * which reader code can replace with a trap that is handed `f` and its receiver.
 */
export const uncurried = Function.prototype.bind.bind(Function.prototype.call);

/**
 * Caps every WebAssembly memory of the worker at `maxBytes`, from now on: Python's heap is one,
 * and it grows through `WebAssembly.Memory.prototype.grow`. A growth past the cap throws, which
 * Pyodide's allocator takes as "no memory", so the allocation raises MemoryError in Python at
 * once; without the cap a runaway allocation would take up to 4 GB of the reader's machine (and
 * a phone would close the tab) before the run's time limit. The cap is put in place before
 * Python starts, read-only, with what it reads captured now. Not a boundary against hostile
 * code, which can allocate through JavaScript: it protects the reader from a mistake.
 */
export function capMemory(maxBytes, scope = globalThis) {
  const prototype = scope.WebAssembly.Memory.prototype;
  const grow = uncurried(prototype.grow);
  const bufferOf = uncurried(Object.getOwnPropertyDescriptor(prototype, "buffer").get);
  const byteLength = uncurried(
    Object.getOwnPropertyDescriptor(scope.ArrayBuffer.prototype, "byteLength").get);
  const toNumber = scope.Number;
  const TooMuch = scope.RangeError;
  Object.defineProperty(prototype, "grow", {
    value: function cappedGrow(pages) {
      const delta = toNumber(pages); // read once: what is checked is what is asked for
      if (byteLength(bufferOf(this)) + delta * 65_536 > maxBytes) {
        throw new TooMuch(`WebAssembly memory is capped at ${maxBytes} bytes`);
      }
      return grow(this, delta);
    },
    writable: false,
    configurable: false,
    enumerable: false,
  });
}

/** What each refused thing is, in the reader's words: the message starts with it. */
export const REFUSED = {
  network: "examples cannot use the network",
  storage: "examples cannot use the site's storage",
  workers: "examples cannot use workers or channels",
  fonts: "examples cannot use fonts",
  devices: "examples cannot use devices or notifications",
  messages: "examples cannot send messages to the page",
  graphics: "examples cannot use graphics or media hardware",
  code: "examples cannot run JavaScript made from text",
  cryptography: "examples cannot use the browser's cryptography",
  compression: "examples cannot use the browser's compression and text streams (Python's zlib and codecs work)",
  json: "examples cannot parse very long JSON text with the browser's parser (Python's json works)",
  webassembly: "examples cannot compile WebAssembly code",
  arrays: "examples cannot loop over more than 16,777,216 places with the browser's array methods",
  marks: "examples cannot normalize more than 32 combining marks in a row with the browser's " +
    "normalize (Python's unicodedata works)",
  locales: "examples cannot give the browser's language functions a language tag of more than " +
    "256 characters, or more than 64 tags",
  texts: "examples cannot give the browser's segmenter, collation or case mapping a text of " +
    "more than 1,048,576 characters (Python's own string methods work)",
};

/** The longest run of combining marks the browser's normalize takes from reader code. */
export const MAX_MARK_RUN = 32;

/** The longest language tag, and the most tags, the browser's language functions take. */
export const MAX_LOCALE_TAG = 256;
export const MAX_LOCALES = 64;

/**
 * The longest text the browser's segmenter breaks up, its collation compares (Intl.Collator,
 * localeCompare) and its case mapping of a language changes (toLocaleUpperCase and
 * toLocaleLowerCase), for reader code.
 */
export const MAX_LANGUAGE_TEXT = 2 ** 20;

/** The most places (an array's length) the browser's array methods loop over for reader code. */
export const MAX_ARRAY_LOOP = 2 ** 24;

/** The longest text the browser's JSON parser takes from reader code (Python's json takes any). */
export const MAX_JSON_TEXT = 2 ** 25;

/** The largest WebAssembly module reader code may compile, in bytes. */
export const MAX_WASM_BYTES = 256 * 1024;

/** Names on the global object (or a prototype of it), by what they reach. */
const GLOBALS = {
  network: ["fetch", "fetchLater", "XMLHttpRequest", "WebSocket", "WebSocketStream", "EventSource",
    "WebTransport", "RTCPeerConnection", "RTCDataChannel", "importScripts"],
  storage: ["caches", "indexedDB", "cookieStore", "webkitRequestFileSystem",
    "webkitRequestFileSystemSync", "webkitResolveLocalFileSystemURL",
    "webkitResolveLocalFileSystemSyncURL"],
  workers: ["Worker", "SharedWorker", "BroadcastChannel"],
  fonts: ["FontFace", "fonts"],
  graphics: ["createImageBitmap"],
};

/**
 * Names on objects the global holds, by the global's name for the object and by what they
 * reach: the navigator's (on WorkerNavigator.prototype), the crypto object's (on
 * Crypto.prototype).
 */
const HELD = {
  navigator: {
    network: ["sendBeacon"],
    storage: ["storage", "storageBuckets", "locks", "serviceWorker"],
    devices: ["usb", "hid", "serial", "bluetooth", "userAgentData"],
    graphics: ["gpu", "mediaCapabilities"],
  },
  crypto: { cryptography: ["subtle"] },
};

/**
 * Interfaces whose prototypes are emptied, so that an instance that leaked is of no use, and
 * whose names are taken from the global too, by what they reach.
 */
const INTERFACES = {
  network: ["XMLHttpRequest", "XMLHttpRequestEventTarget", "XMLHttpRequestUpload", "WebSocket",
    "WebSocketStream", "EventSource", "WebTransport", "RTCPeerConnection", "RTCDataChannel"],
  storage: ["Cache", "CacheStorage", "IDBFactory", "IDBDatabase", "IDBObjectStore",
    "IDBTransaction", "IDBIndex", "IDBCursor", "IDBCursorWithValue", "IDBRequest",
    "IDBOpenDBRequest", "StorageManager", "StorageBucketManager", "StorageBucket",
    "FileSystemHandle", "FileSystemDirectoryHandle", "FileSystemFileHandle",
    "FileSystemSyncAccessHandle", "FileSystemWritableFileStream", "FileSystemObserver",
    "LockManager", "Lock", "CookieStore", "ServiceWorkerContainer", "ServiceWorkerRegistration",
    "ServiceWorker", "NavigationPreloadManager", "IDBRecord"],
  workers: ["Worker", "SharedWorker", "BroadcastChannel"],
  fonts: ["FontFace", "FontFaceSet"],
  devices: ["USB", "USBDevice", "HID", "HIDDevice", "Serial", "SerialPort", "Notification",
    "IdleDetector", "PressureObserver", "PressureRecord", "NavigatorUAData"],
  graphics: ["OffscreenCanvas", "OffscreenCanvasRenderingContext2D", "WebGLRenderingContext",
    "WebGL2RenderingContext", "ImageBitmapRenderingContext", "ImageBitmap", "ImageDecoder",
    "GPU", "GPUAdapter", "GPUDevice", "GPUQueue", "GPUCanvasContext", "GPUCommandEncoder",
    "GPUComputePassEncoder", "GPURenderPassEncoder", "GPURenderBundleEncoder", "GPUBuffer",
    "GPUTexture", "GPUShaderModule", "GPUComputePipeline", "GPURenderPipeline", "VideoDecoder",
    "VideoEncoder", "VideoFrame", "AudioDecoder", "AudioEncoder", "VideoColorSpace",
    "EncodedVideoChunk", "EncodedAudioChunk", "AudioData", "MediaCapabilities", "MediaSource",
    "ManagedMediaSource", "MediaSourceHandle", "SourceBuffer", "ManagedSourceBuffer",
    "SourceBufferList"],
  cryptography: ["SubtleCrypto", "CryptoKey"],
  compression: ["CompressionStream", "DecompressionStream", "TextDecoderStream", "TextEncoderStream"],
};

/** The names above that are attributes (read, not called): their stand-ins throw when read. */
const ATTRIBUTES = new Set(["caches", "indexedDB", "cookieStore", "fonts", "storage",
  "storageBuckets", "locks", "serviceWorker", "usb", "hid", "serial", "bluetooth", "gpu",
  "userAgentData", "mediaCapabilities", "subtle"]);

/** A short, safe description of what was asked for (a URL or a Request), for the message. */
function describe(target) {
  if (target === undefined) return "";
  try {
    const url = typeof target === "object" && target !== null && "url" in target ? target.url : target;
    return String(url).slice(0, 200);
  } catch {
    return "?";
  }
}

function refusal(kind, what) {
  const error = new Error(`${REFUSED[kind]}: ${what} was refused`);
  error.name = kind === "network" ? "NetworkError" : "SecurityError";
  return error;
}

/** The objects `name` may be found on: `object` and each of its prototypes. */
function chain(object) {
  const found = [];
  for (let link = object; link !== null; link = Object.getPrototypeOf(link)) found.push(link);
  return found;
}

/** Delete `name` from `object` and every prototype of it; throws if one holds on to it. */
function remove(object, name) {
  for (const link of chain(object)) {
    if (Object.prototype.hasOwnProperty.call(link, name) && !Reflect.deleteProperty(link, name)) {
      throw new Error(`the sandbox could not remove ${name}`);
    }
  }
}

/** Put a non-configurable stand-in for `name` on `object` that throws when used. */
function standIn(object, name, kind) {
  let descriptor;
  if (ATTRIBUTES.has(name)) {
    descriptor = { get: () => { throw refusal(kind, name); } };
  } else {
    const what = /^[A-Z]/.test(name) ? `new ${name}` : name;
    descriptor = {
      value: function refused(target) {
        throw refusal(kind, `${what}(${describe(target)})`);
      },
      writable: false,
    };
  }
  Object.defineProperty(object, name, { ...descriptor, configurable: false, enumerable: false });
}

/** Put a read-only, non-configurable `value` in place of `name` on `object`. */
function fix(object, name, value) {
  Object.defineProperty(object, name, { value, writable: false, configurable: false, enumerable: false });
}

/**
 * Take away JavaScript made from text: `eval`; the constructors of functions, of async
 * functions, generators and async generators (each the `constructor` of its prototype, and
 * Function a global too), whose stand-ins keep the prototype so that `instanceof Function`
 * still holds; and a timer given text instead of a function.
 */
function refuseCodeFromText(scope) {
  remove(scope, "eval");
  standIn(scope, "eval", "code");
  const kinds = [async function () {}, function* () {}, async function* () {}]
    .map((made) => Object.getPrototypeOf(made).constructor);
  for (const make of [scope.Function, ...kinds]) {
    const refused = function refused() {
      throw refusal("code", `new ${make.name}(…)`);
    };
    Object.defineProperty(refused, "prototype", { value: make.prototype, writable: false });
    fix(make.prototype, "constructor", refused);
    if (make === scope.Function) {
      remove(scope, "Function");
      fix(scope, "Function", refused);
    }
  }
  const { apply } = Reflect;
  for (const name of ["setTimeout", "setInterval"]) {
    const timer = scope[name];
    remove(scope, name);
    // (What it was given is handed on as it came: a spread would ask reader code's iterator.)
    fix(scope, name, function (handler) {
      if (typeof handler !== "function") throw refusal("code", `${name}(${describe(handler)})`);
      return apply(timer, scope, arguments);
    });
  }
}

/**
 * Refuse WebAssembly modules compiled from now on that have functions of their own or more
 * than `maxBytes` (the constructor, compile, instantiate and validate given bytes; a module
 * already made is taken as it is), and the streaming compilers. The constructor's stand-in
 * keeps the prototype, so that `instanceof WebAssembly.Module` still holds, and is the
 * prototype's `constructor` too (a module's `constructor` led to the original).
 */
function capWebAssembly(scope, maxBytes) {
  // Everything it calls later is read now: reader code could replace Reflect.apply, or
  // Object.getPrototypeOf, with a trap handed the original compiler.
  const wasm = scope.WebAssembly;
  const { Module: Original, compile, instantiate, validate } = wasm;
  const { apply, construct } = Reflect;
  const prototypeOf = Object.getPrototypeOf;
  const Bytes = scope.Uint8Array;
  const copyInto = uncurried(prototypeOf(Bytes.prototype).set);
  const getter = (prototype, name) => uncurried(Object.getOwnPropertyDescriptor(prototype, name).get);
  // Where the bytes of each kind of source lie: [buffer, offset, length] of a view, or the
  // whole of an ArrayBuffer.
  const placesOf = [prototypeOf(Bytes.prototype), scope.DataView.prototype].map((prototype) => {
    const [buffer, offset, length] = ["buffer", "byteOffset", "byteLength"].map((name) => getter(prototype, name));
    return (source) => [buffer(source), offset(source), length(source)];
  });
  const wholeLength = getter(scope.ArrayBuffer.prototype, "byteLength");
  placesOf.push((source) => [source, 0, wholeLength(source)]);
  /**
   * A copy of the bytes of `source`, which is what is compiled (the compilers copy them too:
   * the copy read is the copy compiled). Refused: something other than bytes, more than
   * `maxBytes`, or a module with code of its own (see `functionsIn`).
   */
  const checked = (source, what) => {
    for (let i = 0; i < placesOf.length; i += 1) {
      const placeOf = placesOf[i];
      let place;
      try {
        place = placeOf(source);
      } catch {
        continue; // not of this kind
      }
      const length = place[2];
      if (length > maxBytes) throw refusal("webassembly", `${what}(${length} bytes; at most ${maxBytes})`);
      const copy = construct(Bytes, [length]);
      copyInto(copy, construct(Bytes, place));
      const problem = moduleProblem(copy, length);
      if (problem) throw refusal("webassembly", `${what}(a module with ${problem})`);
      return copy;
    }
    throw refusal("webassembly", `${what}(…) of something other than bytes`);
  };
  // A module made already, told by what it is (Module.exports reads only a real one): its
  // prototype can be given to bytes, which the browser still compiles.
  const exportsOf = Original.exports;
  const isModule = (value) => {
    try {
      apply(exportsOf, Original, [value]);
      return true;
    } catch {
      return false;
    }
  };
  const capped = function Module(bytes) {
    if (new.target === undefined) throw new TypeError("WebAssembly.Module must be called with new");
    return construct(Original, [checked(bytes, "new WebAssembly.Module")], new.target);
  };
  Object.defineProperty(capped, "prototype", { value: Original.prototype, writable: false });
  fix(Original.prototype, "constructor", capped);
  const replace = (name, value) => Object.defineProperty(wasm, name,
    { value, writable: false, configurable: false, enumerable: false });
  replace("Module", capped);
  replace("compile", function compileCapped(bytes) {
    return apply(compile, wasm, [checked(bytes, "WebAssembly.compile")]);
  });
  replace("instantiate", function instantiateCapped(source, imports) {
    const given = isModule(source) ? source : checked(source, "WebAssembly.instantiate");
    return apply(instantiate, wasm, [given, imports]);
  });
  replace("validate", function validateCapped(bytes) {
    return apply(validate, wasm, [checked(bytes, "WebAssembly.validate")]);
  });
  for (const name of ["compileStreaming", "instantiateStreaming"]) {
    if (name in wasm) {
      replace(name, function refused() {
        throw refusal("webassembly", `WebAssembly.${name}(…)`);
      });
    }
  }
  // A tag (and a function, where the browser has them) is made of a type of its own, which
  // fills the same table as a module's types; nothing of Python's makes one as it goes. A
  // tag Python has leads to the constructor through its prototype: that leads to the refusal.
  // A memory reserves ~8 GB of the tab's address space until its worker ends: Python's one
  // is made before the guard; reader code makes none (one in a module is refused above).
  for (const name of ["Tag", "Function", "Memory"]) {
    const made = wasm[name];
    if (typeof made !== "function") continue;
    const refused = function () {
      throw refusal("webassembly", `new WebAssembly.${name}(…)`);
    };
    Object.defineProperty(refused, "prototype", { value: made.prototype, writable: false });
    fix(made.prototype, "constructor", refused);
    replace(name, refused);
  }
}

/**
 * The most parameters the one type of a module made by reader code may have. The browser
 * keeps every distinct WebAssembly type of the tab's process, of every worker, in one table
 * that never shrinks, and ends the process when it is full (about two million): modules of
 * nothing but types filled it in a third of a second and crashed the tab, and what one run
 * added stayed for the next. Python's modules have one function type of a few numbers or
 * external references; so many types at most (6 × the sum of 5^n for n ≤ 7, about 586,000)
 * leave the table far from full however many runs make them.
 */
const MAX_TYPE_PARAMETERS = 7;
/** The value types a module of reader code may use: i32, i64, f32, f64, externref. */
const PLAIN_VALUES = [0x7f, 0x7e, 0x7d, 0x7c, 0x6f];

/**
 * What is wrong with the WebAssembly module `bytes` (its first `length`) for reader code to
 * compile, in words, or "": a code section that holds function bodies, a type section of
 * more than one type or of a type other than a function's of plain values (see
 * MAX_TYPE_PARAMETERS), or sections that cannot be read as the compiler reads them. Bytes
 * that are no module pass (the compiler refuses them).
 */
function moduleProblem(bytes, length) {
  const UNREADABLE = "sections that cannot be read";
  const TYPES = `a type other than one function's of at most ${MAX_TYPE_PARAMETERS} parameters and one result`;
  if (length < 8) return "";
  let at = 8; // the magic number and the version
  const number = () => { // an unsigned LEB128 of at most 5 bytes (32 bits)
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      if (at >= length) return null;
      const byte = bytes[at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (!(byte & 0x80)) return value;
    }
    return null;
  };
  // A vector of at most `most` plain value types, read up to `end`: false if it is not one.
  const plainValues = (most, end) => {
    const count = number();
    if (count === null || count > most || at + count > end) return false;
    for (let i = 0; i < count; i += 1) {
      if (!PLAIN_VALUES.includes(bytes[at++])) return false;
    }
    return true;
  };
  while (at < length) {
    const id = bytes[at++];
    const size = number();
    if (size === null || at + size > length) return UNREADABLE;
    const end = at + size;
    if (id === 10) {
      const functions = size === 0 ? null : number();
      if (functions === null) return UNREADABLE;
      if (functions !== 0) return `${functions} function${functions === 1 ? "" : "s"} of its own`;
    } else if (id === 5) {
      const memories = size === 0 ? null : number();
      if (memories === null) return UNREADABLE;
      if (memories !== 0) return "a memory of its own";
    } else if (id === 1) {
      const types = size === 0 ? null : number();
      if (types === null) return UNREADABLE;
      if (types > 1) return `${types} types (${TYPES})`;
      if (types === 1 && !(bytes[at++] === 0x60 && plainValues(MAX_TYPE_PARAMETERS, end)
        && plainValues(1, end) && at === end)) return TYPES;
    }
    at = end;
  }
  return "";
}

/** The value of `object`'s own data property `name` (undefined for a getter: none is run). */
const descriptorValue = (object, name) => Object.getOwnPropertyDescriptor(object, name)?.value;

/** A length as the browser's methods read one (ToLength): a whole number from 0 to 2^53 - 1. */
const { trunc, min, max } = Math;
const toLength = (value) => min(max(trunc(+value) || 0, 0), 2 ** 53 - 1);

/** The array methods that loop over the places of what they are called on (`this`). */
const LOOPING = ["concat", "copyWithin", "every", "fill", "filter", "find", "findIndex",
  "findLast", "findLastIndex", "forEach", "includes", "indexOf", "join", "lastIndexOf", "map",
  "reduce", "reduceRight", "reverse", "shift", "slice", "some", "sort", "splice", "toLocaleString",
  "toReversed", "toSorted", "toSpliced", "toString", "unshift", "with"];

/**
 * Keep the browser's array methods to what ending the worker can interrupt (see the list at
 * the top): each is refused on what has more than `most` places, as it says its length (read
 * once, as the method reads it: a length read through a getter of reader code, or a value
 * that turns into a number through code, is refused, since a second read could say more);
 * concat checks what it spreads, flat and flatMap go into nested arrays in JavaScript; a sort
 * given no comparison compares with one in JavaScript; and a proxy made from now on runs
 * every operation through traps in JavaScript, the reader's handler's or else the default.
 */
function capArrayLoops(scope, most) {
  const { apply, construct, get: reflectGet } = Reflect;
  const prototypeOf = Object.getPrototypeOf;
  const descriptorOf = Object.getOwnPropertyDescriptor;
  const isArray = scope.Array.isArray;
  const toText = scope.String;
  const proxies = new WeakSet();
  const isProxy = uncurried(WeakSet.prototype.has);
  const addProxy = uncurried(WeakSet.prototype.add);
  const typedLength = descriptorOf(prototypeOf(scope.Uint8Array.prototype), "length").get;
  const arrayPrototype = scope.Array.prototype;
  const methods = {};
  for (const name of [...LOOPING, "flat", "flatMap"]) methods[name] = arrayPrototype[name];

  /** How many places `value` says it has, as a method would read it; refused where a second
   * read could say otherwise (code of the reader's reads it) or where it says more than `most`;
   * null where a proxy's traps say it (what loops over it runs them, and can be interrupted). */
  const places = (value, what) => {
    if (value === null || value === undefined) return 0; // the method throws, as it would
    const object = Object(value);
    let found;
    for (let link = object; link !== null; link = prototypeOf(link)) {
      if (isProxy(proxies, link)) return null; // read through traps in JavaScript: interruptible
      found = descriptorOf(link, "length");
      if (found) break;
    }
    let length = found?.value;
    if (found && "get" in found) {
      if (found.get !== typedLength) {
        throw refusal("arrays", `${what} on an object whose length is read by code`);
      }
      length = apply(typedLength, object, []);
    }
    if (length !== null && (typeof length === "object" || typeof length === "function")) {
      throw refusal("arrays", `${what} on an object whose length is not a number`);
    }
    const count = typeof length === "bigint" || typeof length === "symbol" ? 0 : toLength(length);
    if (count > most) throw refusal("arrays", `${what} over ${count} places`);
    return count;
  };

  const define = (name, value) => Object.defineProperty(arrayPrototype, name,
    { value, writable: true, configurable: true, enumerable: false });
  for (const name of LOOPING) {
    const original = methods[name];
    const what = `Array.prototype.${name}`;
    define(name, {
      [name](...args) {
        places(this, what);
        if (name === "concat") {
          for (let i = 0; i < args.length; i += 1) {
            if (args[i] !== null && typeof args[i] === "object") places(args[i], what);
          }
        }
        if ((name === "sort" || name === "toSorted") && args[0] === undefined) {
          // The same order as the browser's own (undefined last, not compared), compared here.
          args[0] = (a, b) => {
            const x = toText(a);
            const y = toText(b);
            return x < y ? -1 : y < x ? 1 : 0;
          };
        }
        return apply(original, this, args);
      },
    }[name]);
  }
  // flat and flatMap: the browser's go into every nested array in one call; these do it here.
  const flatten = (into, source, depth, mapper, thisArg, what) => {
    // (What says its length through a proxy's traps is read so: this loop is in JavaScript.)
    const count = places(source, what) ?? toLength(source.length);
    for (let i = 0; i < count; i += 1) {
      if (!(i in source)) continue;
      let element = source[i];
      if (mapper) element = apply(mapper, thisArg, [element, i, source]);
      if (depth > 0 && isArray(element)) flatten(into, element, depth - 1, null, undefined, what);
      else into[into.length] = element;
    }
    return into;
  };
  define("flat", {
    flat(depth) {
      if (this === null || this === undefined) return apply(methods.flat, this, [depth]);
      const levels = depth === undefined ? 1 : trunc(+depth) || 0;
      return flatten([], Object(this), levels, null, undefined, "Array.prototype.flat");
    },
  }.flat);
  define("flatMap", {
    flatMap(mapper, thisArg) {
      if (this === null || this === undefined || typeof mapper !== "function") {
        return apply(methods.flatMap, this, [mapper, thisArg]);
      }
      return flatten([], Object(this), 1, mapper, thisArg, "Array.prototype.flatMap");
    },
  }.flatMap);

  // Proxies: every trap in JavaScript, the reader's handler's if it has one (read when used).
  const Original = scope.Proxy;
  const traps = ["apply", "construct", "defineProperty", "deleteProperty", "get",
    "getOwnPropertyDescriptor", "getPrototypeOf", "has", "isExtensible", "ownKeys",
    "preventExtensions", "set", "setPrototypeOf"];
  const defaults = {};
  for (const trap of traps) defaults[trap] = scope.Reflect[trap];
  const handlerFor = (given) => {
    const handler = {};
    for (let i = 0; i < traps.length; i += 1) {
      const trap = traps[i];
      handler[trap] = (...args) => {
        const own = reflectGet(given, trap);
        return own === undefined || own === null ? apply(defaults[trap], undefined, args)
          : apply(own, given, args);
      };
    }
    return handler;
  };
  const made = (target, given) => {
    if (given === null || (typeof given !== "object" && typeof given !== "function")) {
      return construct(Original, [target, given]); // throws, as the browser's would
    }
    return construct(Original, [target, handlerFor(given)]);
  };
  const Proxy = function Proxy(target, handler) {
    if (new.target === undefined) throw new TypeError("Constructor Proxy requires 'new'");
    const proxy = made(target, handler);
    addProxy(proxies, proxy);
    return proxy;
  };
  const revocable = Original.revocable;
  fix(Proxy, "revocable", {
    revocable(target, handler) {
      const given = handler === null || (typeof handler !== "object" && typeof handler !== "function")
        ? handler : handlerFor(handler);
      const pair = apply(revocable, Original, [target, given]);
      addProxy(proxies, pair.proxy);
      return pair;
    },
  }.revocable);
  remove(scope, "Proxy");
  fix(scope, "Proxy", Proxy);
  capTypedArrays(scope, places, most);
}

/** The constructors of typed arrays. */
const TYPED_ARRAYS = ["Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array",
  "Uint16Array", "Int32Array", "Uint32Array", "Float16Array", "Float32Array", "Float64Array",
  "BigInt64Array", "BigUint64Array"];

/**
 * The typed arrays' part of capArrayLoops (`places`: its reading of a length, refused over
 * `most`): a typed array made or set from what says its length (not a buffer, nor another
 * typed array or a view, which are copied as a block) loops over its places in the browser's
 * own code, as the browser's sort with no comparison does over the array's (from an object that
 * said it had 2^30 places, a core stayed busy for a minute after Stop and the tab crashed; a
 * sort of 2^27 numbers, 11 s). Each constructor is replaced by one that checks, with the same
 * prototype, whose `constructor` it becomes; subclassing works, and called without new each
 * does as the browser's does.
 */
function capTypedArrays(scope, places, most) {
  const { apply, construct } = Reflect;
  const prototypeOf = Object.getPrototypeOf;
  const descriptorOf = Object.getOwnPropertyDescriptor;
  const typedArray = prototypeOf(scope.Uint8Array);
  const typedPrototype = typedArray.prototype;
  const typedLength = descriptorOf(typedPrototype, "length").get;
  const isView = scope.ArrayBuffer.isView;
  const sizes = [];
  for (const name of ["ArrayBuffer", "SharedArrayBuffer"]) {
    const size = scope[name] && descriptorOf(scope[name].prototype, "byteLength")?.get;
    if (size) sizes[sizes.length] = size;
  }
  const isBuffer = (value) => {
    for (let i = 0; i < sizes.length; i += 1) {
      try {
        apply(sizes[i], value, []);
        return true;
      } catch {
        // not a buffer of this kind
      }
    }
    return false;
  };
  /** Refuse `value` as the source of a typed array where the browser would loop over it. */
  const source = (value, what) => {
    if (value !== null && (typeof value === "object" || typeof value === "function")
      && !apply(isView, undefined, [value]) && !isBuffer(value)) places(value, what);
  };
  const replace = (holder, name, make) => Object.defineProperty(holder, name, {
    value: make(holder[name]), writable: true, configurable: true, enumerable: false });
  replace(typedArray, "from", (from) => ({
    from(...args) {
      source(args[0], "TypedArray.from");
      return apply(from, this, args);
    },
  }).from);
  replace(typedPrototype, "set", (set) => ({
    set(...args) {
      source(args[0], "TypedArray.prototype.set");
      return apply(set, this, args);
    },
  }).set);
  for (const name of ["sort", "toSorted"]) {
    if (typeof typedPrototype[name] !== "function") continue;
    replace(typedPrototype, name, (original) => ({
      [name](...args) {
        if (args[0] === undefined) {
          const count = apply(typedLength, this, []); // (throws for what is no typed array)
          if (count > most) throw refusal("arrays", `TypedArray.prototype.${name} over ${count} places`);
        }
        return apply(original, this, args);
      },
    })[name]);
  }
  for (const name of TYPED_ARRAYS) {
    const Original = scope[name];
    if (typeof Original !== "function") continue;
    const Checked = { // (a function, not a method: it is a constructor)
      [name]: function (...args) {
        if (new.target === undefined) return apply(Original, this, args); // throws, as it would
        source(args[0], `new ${name}`);
        return construct(Original, args, new.target === Checked ? Original : new.target);
      },
    }[name];
    Object.setPrototypeOf(Checked, typedArray); // from, of, the species, as before
    for (const key of ["prototype", "BYTES_PER_ELEMENT"]) {
      Object.defineProperty(Checked, key, { value: Original[key], writable: false,
        enumerable: false, configurable: false });
    }
    Object.defineProperty(Checked, "length", { value: Original.length, configurable: true });
    Object.defineProperty(Original.prototype, "constructor", { value: Checked, writable: true,
      enumerable: false, configurable: true });
    Object.defineProperty(scope, name, { value: Checked, writable: true, configurable: true,
      enumerable: false });
  }
}

/**
 * Keep the browser's normalize to what it does in a time of the order of the text's length:
 * it reorders a run of combining marks in its own code, in a time that grows as the square of
 * the run, which ending the worker does not interrupt (600,000 marks of two classes kept a core
 * busy for minutes after Stop and after the tab was closed). A run longer than `most` is
 * refused; real text has a few (Unicode's stream-safe text at most 30). The two halfwidth
 * sound marks are no marks but become one under NFKC and NFKD.
 */
function capNormalize(scope, most) {
  const { apply } = Reflect;
  const toText = scope.String;
  const normalize = scope.String.prototype.normalize;
  const exec = uncurried(RegExp.prototype.exec);
  const run = new RegExp(`[\\p{M}\\uFF9E\\uFF9F]{${most + 1}}`, "u");
  Object.defineProperty(scope.String.prototype, "normalize", {
    value: {
      normalize(form) {
        // Read once, as the method would (reader code's toString runs here, interruptible).
        const text = this === null || this === undefined ? this : toText(this);
        if (typeof text === "string" && exec(run, text) !== null) {
          throw refusal("marks", `String.prototype.normalize(a text with more than ${most} ` +
            "combining marks in a row)");
        }
        return apply(normalize, text, [form]);
      },
    }.normalize,
    writable: true, configurable: true, enumerable: false,
  });
}

/**
 * Keep the browser's language functions (Intl, toLocaleString and its kin, localeCompare) to
 * tags of at most `longest` characters and lists of at most `most`: a tag is read in its own
 * code in a time that grows as the square of its variants, and a list's places are looped over
 * there, neither of which ending the worker interrupts (a tag of 200,000 variants or a list
 * that said it had 2^32 places kept a core busy after Stop and after the tab was closed). The
 * tags are read here once and handed over as a list of their own, so that code of the reader's
 * cannot say one thing to the check and another to the browser.
 */
function capLocales(scope, longest, most) {
  const { apply, construct } = Reflect;
  const toText = scope.String;
  const intl = scope.Intl;
  const localeTag = uncurried(intl.Locale.prototype.toString);
  const isLocale = (value) => {
    try {
      localeTag(value);
      return true;
    } catch {
      return false;
    }
  };
  const checked = (tag, what) => {
    if (tag.length > longest) throw refusal("locales", `${what}(a tag of ${tag.length} characters)`);
    return tag;
  };
  /** `locales` as the browser would read it (CanonicalizeLocaleList), checked. */
  const locales = (value, what) => {
    if (typeof value === "string") return checked(value, what);
    if (value === undefined || value === null || typeof value !== "object" || isLocale(value)) {
      return value; // nothing, or a tag already made whole; the browser throws for the rest
    }
    const count = toLength(value.length);
    if (count > most) throw refusal("locales", `${what}(a list of ${count} tags)`);
    const list = [];
    for (let i = 0; i < count; i += 1) {
      if (!(i in value)) continue;
      const element = value[i];
      list[list.length] = typeof element === "string" ? checked(element, what)
        : element !== null && typeof element === "object" && !isLocale(element)
          ? checked(toText(element), what) : element;
    }
    return list;
  };
  const wrap = (holder, name, at, what) => {
    const original = holder[name];
    if (typeof original !== "function") return;
    Object.defineProperty(holder, name, {
      value: {
        [name](...args) {
          if (args.length > at) args[at] = locales(args[at], what);
          return apply(original, this, args);
        },
      }[name],
      writable: true, configurable: true, enumerable: false,
    });
  };
  // The methods of other kinds of value that take a tag: all but localeCompare as the first.
  const typedArray = Object.getPrototypeOf(scope.Uint8Array.prototype);
  const temporal = scope.Temporal && typeof scope.Temporal === "object"
    ? Object.values(Object.getOwnPropertyDescriptors(scope.Temporal))
      .map(({ value }) => value?.prototype).filter(Boolean) : [];
  for (const prototype of [scope.String.prototype, scope.Number.prototype, scope.BigInt.prototype,
    scope.Date.prototype, scope.Array.prototype, typedArray, ...temporal]) {
    for (const name of ["toLocaleString", "toLocaleDateString", "toLocaleTimeString",
      "toLocaleUpperCase", "toLocaleLowerCase", "localeCompare"]) {
      if (!Object.hasOwn(prototype, name)) continue;
      const owner = prototype === typedArray ? "TypedArray" : prototype.constructor?.name ?? "";
      wrap(prototype, name, name === "localeCompare" ? 1 : 0, `${owner}.prototype.${name}`);
    }
  }
  wrap(intl, "getCanonicalLocales", 0, "Intl.getCanonicalLocales");
  // Each constructor of Intl: one in its place that checks the tags, with the same prototype
  // (whose constructor it becomes, so that the browser's is out of reach), and its
  // supportedLocalesOf. Called without new, each does as the browser's does.
  for (const name of Object.getOwnPropertyNames(intl)) {
    const Original = intl[name];
    if (typeof Original !== "function" || !Original.prototype) continue;
    const what = `Intl.${name}`;
    const Checked = { // (a function, not a method: it is a constructor)
      [name]: function (...args) {
        if (args.length) args[0] = locales(args[0], what);
        return new.target ? construct(Original, args, new.target === Checked ? Original : new.target)
          : apply(Original, this, args);
      },
    }[name];
    Object.defineProperty(Checked, "prototype", { value: Original.prototype, writable: false,
      enumerable: false, configurable: false });
    Object.defineProperty(Checked, "length", { value: Original.length, configurable: true });
    Object.defineProperty(Original.prototype, "constructor", { value: Checked, writable: true,
      enumerable: false, configurable: true });
    if (typeof Original.supportedLocalesOf === "function") {
      const supported = Original.supportedLocalesOf;
      Object.defineProperty(Checked, "supportedLocalesOf", {
        value: {
          supportedLocalesOf(...args) {
            if (args.length) args[0] = locales(args[0], `${what}.supportedLocalesOf`);
            return apply(supported, Original, args);
          },
        }.supportedLocalesOf,
        writable: true, configurable: true, enumerable: false,
      });
    }
    Object.defineProperty(intl, name, { value: Checked, writable: true, configurable: true,
      enumerable: false });
  }
  // A text is broken into words, compared or put in upper or lower case in one call of the
  // browser's (the words of a run of Thai letters are looked up in a dictionary: 450 million
  // letters kept a core busy for 40 s after Stop; comparing two texts of 2^28 characters, 16 s,
  // and then the tab crashed): each text is read here once, refused over `MAX_LANGUAGE_TEXT`
  // characters, and handed over as read. (A symbol is handed over as it is: the browser throws.)
  const text = (value, what) => {
    const given = toText(value);
    if (given.length > MAX_LANGUAGE_TEXT) {
      throw refusal("texts", `${what}(a text of ${given.length} characters)`);
    }
    return given;
  };
  const readable = (value) => typeof value !== "symbol";
  const replace = (holder, name, method) => Object.defineProperty(holder, name, {
    value: method, writable: true, configurable: true, enumerable: false });
  // The older, nonstandard breaker that does what the segmenter does (Intl.v8BreakIterator)
  // is taken away.
  if (Object.hasOwn(intl, "v8BreakIterator") && !Reflect.deleteProperty(intl, "v8BreakIterator")) {
    throw new Error("the sandbox could not remove Intl.v8BreakIterator");
  }
  const segmenter = intl.Segmenter?.prototype;
  const segment = segmenter && descriptorValue(segmenter, "segment");
  if (typeof segment === "function") {
    replace(segmenter, "segment", {
      segment(given) {
        return apply(segment, this, [readable(given)
          ? text(given, "Intl.Segmenter.prototype.segment") : given]);
      },
    }.segment);
  }
  // (Each after its tags' check above: it calls the method that checks them.)
  const strings = scope.String.prototype;
  const localeCompare = descriptorValue(strings, "localeCompare");
  if (typeof localeCompare === "function") {
    replace(strings, "localeCompare", {
      localeCompare(that, locales, options) { // (left out, or undefined: the same)
        if (this === null || this === undefined || !readable(this) || !readable(that)) {
          return apply(localeCompare, this, [that, locales, options]);
        }
        const what = "String.prototype.localeCompare";
        return apply(localeCompare, text(this, what), [text(that, what), locales, options]);
      },
    }.localeCompare);
    Object.defineProperty(strings.localeCompare, "length", { value: 1, configurable: true });
  }
  for (const name of ["toLocaleUpperCase", "toLocaleLowerCase"]) {
    const original = descriptorValue(strings, name);
    if (typeof original !== "function") continue;
    replace(strings, name, {
      [name](...args) {
        const self = this === null || this === undefined || !readable(this) ? this
          : text(this, `String.prototype.${name}`);
        return apply(original, self, args);
      },
    }[name]);
  }
  const collator = intl.Collator?.prototype;
  const compareOf = collator && Object.getOwnPropertyDescriptor(collator, "compare")?.get;
  if (typeof compareOf === "function") {
    Object.defineProperty(collator, "compare", {
      get: Object.getOwnPropertyDescriptor({
        get compare() {
          const compare = apply(compareOf, this, []); // (it throws for what is no collator)
          const what = "Intl.Collator.prototype.compare";
          return (a, b) => apply(compare, undefined, [readable(a) ? text(a, what) : a,
            readable(b) ? text(b, what) : b]);
        },
      }, "compare").get,
      set: undefined, configurable: true, enumerable: false,
    });
  }
  // A display name of a language is looked up by its tag.
  const displayNames = intl.DisplayNames?.prototype;
  if (displayNames) {
    const of = displayNames.of;
    Object.defineProperty(displayNames, "of", {
      value: {
        of(code) {
          const given = typeof code === "string" || typeof code === "object" && code !== null
            ? checked(toText(code), "Intl.DisplayNames.prototype.of") : code;
          return apply(of, this, [given]);
        },
      }.of,
      writable: true, configurable: true, enumerable: false,
    });
  }
}

/**
 * Refuse the browser's JSON parser texts of more than `most` characters, and a response's or
 * a request's `json()`, which parses a body of any size: the parser ends the tab's process on
 * purpose when it builds an array of more than 2^27 elements (a text of 256 MB, 7 s after Run).
 */
function capJson(scope, most) {
  const { apply } = Reflect;
  const json = scope.JSON;
  const parse = json.parse;
  const toText = scope.String;
  Object.defineProperty(json, "parse", {
    value: function parseCapped(text, reviver) {
      const given = toText(text);
      if (given.length > most) {
        throw refusal("json", `JSON.parse(a text of ${given.length} characters; at most ${most})`);
      }
      return apply(parse, json, [given, reviver]);
    },
    // (Reader code may put a parser of its own there, as before: the original stays out of
    // its reach, and the worker's own code parses with the one it kept.)
    writable: true, configurable: true, enumerable: false,
  });
  for (const name of ["Response", "Request"]) {
    const prototype = scope[name]?.prototype;
    if (!prototype || !Object.hasOwn(prototype, "json")) continue;
    if (!Reflect.deleteProperty(prototype, "json")) throw new Error(`the sandbox could not remove ${name}.json`);
    fix(prototype, "json", function json() {
      throw refusal("json", `${name}.json()`);
    });
  }
}

/** Empty the prototype of interface `name` (its constructor aside). */
function empty(scope, name) {
  const constructor = Object.getOwnPropertyDescriptor(scope, name)?.value;
  const prototype = typeof constructor === "function" ? constructor.prototype : null;
  if (!prototype) return;
  for (const key of Reflect.ownKeys(prototype)) {
    if (key === "constructor") continue;
    const { configurable, value } = Object.getOwnPropertyDescriptor(prototype, key);
    // Constants (XMLHttpRequest.DONE, …) cannot be deleted and are only numbers.
    if (!configurable && (value === null || typeof value !== "object" && typeof value !== "function")) continue;
    if (!Reflect.deleteProperty(prototype, key)) {
      throw new Error(`the sandbox could not empty ${name}.prototype`);
    }
  }
}

/**
 * Take from `scope` (a worker's global object) every route to the network, the site's
 * storage, other workers and fonts, devices, the graphics processor, JavaScript made from
 * text, and its `postMessage`.
 * Not undoable.
 *
 * @returns {{post: (message: any) => void}} the one way left to talk to the page
 */
export function installSandbox(scope = globalThis, { holders = [] } = {}) {
  const post = scope.postMessage.bind(scope);
  const originals = originalsOf(scope);
  for (const names of Object.values(INTERFACES)) names.forEach((name) => empty(scope, name));
  for (const [kind, names] of [...Object.entries(GLOBALS), ...Object.entries(INTERFACES)]) {
    for (const name of names) {
      if (Object.getOwnPropertyDescriptor(scope, name)?.configurable === false) continue; // done
      remove(scope, name);
      standIn(scope, name, kind);
    }
  }
  for (const [holderName, table] of Object.entries(HELD)) {
    const held = scope[holderName];
    if (!held) continue;
    for (const [kind, names] of Object.entries(table)) {
      for (const name of names) {
        remove(held, name);
        standIn(held, name, kind);
      }
    }
  }
  refuseCodeFromText(scope);
  capWebAssembly(scope, MAX_WASM_BYTES);
  capJson(scope, MAX_JSON_TEXT);
  capArrayLoops(scope, MAX_ARRAY_LOOP);
  capNormalize(scope, MAX_MARK_RUN);
  capLocales(scope, MAX_LOCALE_TAG, MAX_LOCALES);
  // Only the worker's own code talks to the page: reader code could otherwise forge a reply.
  remove(scope, "postMessage");
  fix(scope, "postMessage", () => {
    throw new Error(REFUSED.messages);
  });
  for (const holder of holders) forget(holder, originals);
  quietConsole(scope);
  return { post };
}

/**
 * What the guard takes away, as the global object has it before: the functions and objects
 * under the names above, `eval`, the timers, `postMessage`, and the constructors of functions
 * made from text.
 */
function originalsOf(scope) {
  const found = new Set();
  const names = [...Object.values(GLOBALS), ...Object.values(INTERFACES)].flat();
  for (const name of [...names, "eval", "setTimeout", "setInterval", "postMessage"]) {
    const value = scope[name];
    if (value !== undefined && value !== null) found.add(value);
  }
  for (const made of [function () {}, async function () {}, function* () {},
    async function* () {}]) {
    found.add(Object.getPrototypeOf(made).constructor);
  }
  return found;
}

/**
 * Take from `holder` (an object of a library the worker loaded: Pyodide keeps the realm's own
 * `Function` for its tests, in `_api.tests`) every property that holds one of `originals`.
 */
function forget(holder, originals) {
  for (const key of Reflect.ownKeys(holder)) {
    const { value } = Object.getOwnPropertyDescriptor(holder, key);
    if (originals.has(value) && !Reflect.deleteProperty(holder, key)) {
      throw new Error(`the sandbox could not remove ${String(key)}`);
    }
  }
}

/**
 * The worker's console writes to the page's (the browser hands each call to the page's main
 * thread), past the caps on what a run sends the page: reader code that logs without end
 * slowed the page. Its methods do nothing once reader code can run.
 */
function quietConsole(scope) {
  const console = scope.console;
  if (!console) return;
  const nothing = () => {};
  for (let link = console; link !== null && link !== Object.prototype;
    link = Object.getPrototypeOf(link)) {
    for (const key of Reflect.ownKeys(link)) {
      if (typeof Object.getOwnPropertyDescriptor(link, key).value === "function") {
        fix(link, key, nothing);
      }
    }
  }
}
