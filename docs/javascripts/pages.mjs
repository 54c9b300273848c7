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
 * A message at the top of the page's content about the link that opened it (text only).
 * `className` marks the note for whoever removes it later.
 */
export function showPageNote(text, className = "") {
  const note = document.createElement("p");
  note.className = `fc-share-note fc-share-error fc-share-page-note ${className}`.trim();
  note.setAttribute("role", "alert");
  note.textContent = text;
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
let movedByScript = null;
let chosen = window.location.href;
// Browsers without the Navigation API: every address counts as the reader's (as before).
globalThis.navigation?.addEventListener("navigate", (event) => {
  const to = event.destination.url;
  if (event.userInitiated) {
    movedByScript = null;
    chosen = to;
  } else if (event.hashChange && to !== chosen && to !== window.location.href) {
    movedByScript = to;
  }
});

/**
 * Whether the page's present address was put there by a script and not by the reader. A link
 * that would change what the reader has (a share link's code, a playground's board) is then not
 * opened until the reader says so: another site could otherwise swap the code under the Run
 * button of a page it opened, while the reader looks at it.
 */
export function addressSetByScript() {
  return movedByScript !== null && movedByScript === window.location.href;
}

/** The reader chose to open the present address after all (see `addressSetByScript`). */
export function acceptAddress() {
  movedByScript = null;
  chosen = window.location.href;
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
