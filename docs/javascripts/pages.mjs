/**
 * One way to start page scripts: on the first page and after every instant navigation.
 *
 * Material for MkDocs exposes `document$`, which emits on load and after every instant
 * navigation (a `DOMContentLoaded` listener would fire only once). Without it (another
 * theme), the callback runs once when the document is ready.
 */
export function onEveryPage(callback) {
  if (typeof window.document$?.subscribe === "function") {
    window.document$.subscribe(() => callback());
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => callback());
  } else {
    callback();
  }
}

/**
 * A part of an address (`location.hash` without "#", a path) with its %-escapes decoded, or
 * null when one of them is broken ("%E0%A4%A", a lone "%"): a link cut short or mangled.
 */
export function decodeAddressPart(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * A link's fragment (without "#") as the links read it (share links, playground links, and
 * what this module holds): its %-escapes decoded (a mail or chat program that wrote "=" as
 * "%3D"; a broken one: read as it is), and an "&" that a forum or a page's source wrote as
 * "&amp;" read as "&".
 */
export function readFragment(raw) {
  return (decodeAddressPart(raw) ?? raw).replace(/&amp;/gi, "&");
}

/** Words a link brought, as a notice of the site quotes them: their start only, enough to
 * tell which link, too little for a stranger's sentence to be read as the site's own. */
export function linkWords(text) {
  return text.length > 24 ? `${text.slice(0, 24)}…` : text;
}

/** The page an address's path shows: "/playground/index.html" is "/playground/". */
export function pagePath(pathname = window.location.pathname) {
  return pathname.replace(/\/index\.html$/, "/");
}

/**
 * A message at the top of the page's content about the link that opened it (text only).
 * `className` marks the note for whoever removes it later; `offer`, if given, is a button
 * at its end that does what the reader may ask for instead (`{ text, action }`).
 */
export function showPageNote(text, className = "", offer = null) {
  const note = document.createElement("p");
  note.className = `fc-share-note fc-share-error fc-share-page-note ${className}`.trim();
  note.setAttribute("role", "alert");
  note.textContent = text;
  if (offer) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "md-button";
    button.textContent = offer.text;
    button.addEventListener("click", offer.action);
    note.append(button);
  }
  const content = document.querySelector("article") ?? document.body;
  const title = content.querySelector("h1");
  if (title) title.after(note);
  else content.prepend(note);
  return note;
}

// --- who changed the address ------------------------------------------------------------------

// The address this page was moved to, within the page, by a script rather than by the reader:
// the fragment set by another page that holds a handle on this one (the page that opened it
// with window.open keeps one for as long as the tab lives), or by a script of the site itself.
// A reader's own moves (a link clicked, an address typed or pasted, Back) clear it. The theme
// moves the page again by script to the address the reader just chose (after the first change
// of a fragment): that address stays the reader's, as does the one the page is at.
//
// The page that opened this one can also load another page in its place (`location.href = …`
// with another path or a query, or `location.replace(…)`): a new page, which that listener did
// not see coming, as a page is not told of a move that another site starts. So a page knows
// where the tab goes next when the reader or the site moves it (the navigate event is fired
// for those), and on arrival a page loaded in a tab that another page opened, after a page of
// the site was shown in that tab, that no page of the site sent there (not a reload, not Back),
// counts as moved by script too. Whether another page opened the tab is kept from the first
// page of the site the tab showed: the other page could close itself as it moves this one.
//
// An address found moved by script stays so for the tab until the reader opens it: the other
// page could otherwise send the tab on to a page of its own that goes Back to it (a page
// loaded again from the history), or to an address of the site that moves on by itself (a
// mistyped card address, whose "not found" page forwards the fragment).
const SEEN_KEY = "flipcards.tabShowedThisSite";
const LEAVING_KEY = "flipcards.leavingFor";
const OPENED_KEY = "flipcards.tabOpenedByAnotherPage";
const HELD_KEY = "flipcards.heldAddresses";
const OWN_KEY = "flipcards.ownAddress";
// Only addresses that carry a link are held (a share link's code, a playground's situation):
// another page that moved the tab through twenty addresses of nothing pushed a held link out of
// a list of the last twenty, and then went Back to it, which opened as the reader's. Each is
// kept with the history entry it is at, when known: an address that replaces another in its
// entry (location.replace, which adds no entry) takes the place of the one it replaced, so that
// two hundred of them, one after another, do not push a held link of another entry out of the
// list either; pushed entries are pushed out of the browser's history (fifty) first.
const HELD_KEPT = 200;
const CARRIES_A_LINK = /(?:^|&)(?:fc|pg)\d+=/i;
let movedByScript = sentHereByAnotherPage() || held().includes(fingerprint(window.location.href))
  ? window.location.href : null;
if (movedByScript) hold(movedByScript, globalThis.navigation?.currentEntry?.key);
let chosen = window.location.href;
// Browsers without the Navigation API: every address counts as the reader's (as before).
globalThis.navigation?.addEventListener("navigate", (event) => {
  const to = event.destination.url;
  // A page moved here by another page that moves on by itself does not send the next one.
  // The history entry the move goes to, if it is known now: the present one, replaced.
  const entry = event.navigationType === "replace" ? globalThis.navigation.currentEntry?.key : null;
  if (!event.hashChange && !event.destination.sameDocument) {
    if (addressSetByScript() && !event.userInitiated) hold(to, entry);
    else remember(LEAVING_KEY, fingerprint(to));
  }
  // A link the reader clicks on another page can be aimed at this window by its name: that
  // too counts as the reader's move, though the reader never saw this page move. A page the
  // reader is not looking at (a tab in the background) is moved by that other page.
  if (event.userInitiated && document.visibilityState !== "hidden") {
    chosen = to;
    // Back or Forward to an address another page put here (the theme draws the page again
    // in this document) brings that address back, still not opened: the reader chose the
    // history entry, not the link.
    if (event.navigationType === "traverse" && held().includes(fingerprint(to))) {
      movedByScript = to;
    } else {
      movedByScript = null;
      release(to);
    }
  } else if (event.hashChange && to !== chosen && to !== window.location.href) {
    movedByScript = to;
    hold(to, entry);
  }
});

/**
 * A short fingerprint of an address, which is what is kept of it: another page can set this
 * one's address to megabytes of fragment, and kept whole those filled the tab's storage, so
 * that what the page keeps next (the mark of a share link's code) was refused.
 */
function fingerprint(address) {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < address.length; i += 1) {
    const c = address.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}

/** Keep `value` under `key` for this tab (nothing if the browser keeps nothing). */
function remember(key, value) {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // storage refused (a private mode, a full quota): then every address is the reader's
  }
}

/** What this tab keeps under `key`, once: it is forgotten as it is read. */
function recall(key) {
  try {
    const value = window.sessionStorage.getItem(key);
    window.sessionStorage.removeItem(key);
    return value;
  } catch {
    return null;
  }
}

/** What this tab keeps under `key`, left kept. */
function kept(key) {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The addresses of this tab found moved by script and not opened by the reader since, each
 * as [its history entry's key, or null if not known; its fingerprint]. */
function heldEntries() {
  try {
    const list = JSON.parse(kept(HELD_KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((item) => Array.isArray(item) && item.length === 2
      && (item[0] === null || typeof item[0] === "string") && typeof item[1] === "string") : [];
  } catch {
    return [];
  }
}

/** The fingerprints of the addresses held (see heldEntries). */
function held() {
  return heldEntries().map(([, print]) => print);
}

/** Hold `address`, at the history entry `key` (if known: it replaces what was held there). */
function hold(address, key = null) {
  // Its fragment read as the links read it (readFragment), a playground's name in capitals too:
  // read another way, "#x&amp;pg1=…" was no link here and a link to the playground.
  const at = address.indexOf("#");
  if (at < 0 || !CARRIES_A_LINK.test(readFragment(address.slice(at + 1)))) return;
  const print = fingerprint(address);
  const others = heldEntries().filter(([at, item]) => item !== print && (key == null || at !== key));
  remember(HELD_KEY, JSON.stringify([...others, [key ?? null, print]].slice(-HELD_KEPT)));
}

function release(address) {
  const print = fingerprint(address);
  const list = heldEntries();
  if (list.some(([, item]) => item === print)) {
    remember(HELD_KEY, JSON.stringify(list.filter(([, item]) => item !== print)));
  }
}

/** Whether this page was loaded in its tab by the page that opened the tab (see above). */
function sentHereByAnotherPage() {
  const expected = recall(LEAVING_KEY);
  const shownBefore = recall(SEEN_KEY) !== null;
  remember(SEEN_KEY, "yes");
  let opened = kept(OPENED_KEY);
  if (opened === null) {
    opened = window.opener ? "yes" : "no";
    if (!shownBefore) remember(OPENED_KEY, opened);
  }
  const how = globalThis.performance?.getEntriesByType?.("navigation")[0]?.type;
  return (opened === "yes" || Boolean(window.opener)) && shownBefore && how === "navigate" &&
    expected !== fingerprint(window.location.href);
}

/**
 * Whether the page's present address was put there by a script and not by the reader. A link
 * that would change what the reader has (a share link's code, a playground's board) is then not
 * opened until the reader says so: another site could otherwise swap the code under the Run
 * button of a page it opened, while the reader looks at it.
 */
export function addressSetByScript() {
  return movedByScript !== null && movedByScript === window.location.href;
}

/**
 * The fragment of the address this tab showed before this page was loaded, if it was this
 * page's path ("" otherwise): what a page that another page loaded over the reader's had.
 */
export function fragmentBefore() {
  const from = globalThis.navigation?.activation?.from?.url;
  // Only an address the page itself last wrote as the reader's (keepOwnAddress): another page
  // that loaded its own link over the reader's, and then another address over that before the
  // first page had put the reader's board back, had its link taken for the reader's board.
  if (!from || kept(OWN_KEY) !== fingerprint(from)) return "";
  const before = new URL(from);
  return before.pathname === window.location.pathname ? before.hash : "";
}

/** The present address is the reader's own, written by the page (see `fragmentBefore`). */
export function keepOwnAddress() {
  remember(OWN_KEY, fingerprint(window.location.href));
}

/** The reader chose to open the present address after all (see `addressSetByScript`). */
export function acceptAddress() {
  movedByScript = null;
  chosen = window.location.href;
  release(chosen);
}

/**
 * Whether this page is shown in a frame of another site. Such a site could put the page under a
 * decoy and have the reader press Run unknowingly; hosts that send the site's headers forbid
 * the frame outright (frame-ancestors), and on other hosts the page offers nothing to run there.
 */
export function framedByAnotherSite() {
  if (window.top === window.self) return false;
  try {
    return window.top.location.origin !== window.location.origin;
  } catch {
    return true; // another origin's location cannot even be read
  }
}

/**
 * In a frame of another site: `element` gives way to a note with a link that opens the page on
 * its own (in a new tab: a frame may not send its parent elsewhere), where it works in full.
 */
export function offerOwnPage(element, what) {
  const note = document.createElement("p");
  note.className = "fc-share-note fc-framed-note";
  note.append(`${what} works only on this site's own page: `);
  const link = document.createElement("a");
  link.href = window.location.href;
  link.target = "_blank";
  link.rel = "noopener";
  link.textContent = "open this page on its own";
  note.append(link, ".");
  element.replaceWith(note);
}
