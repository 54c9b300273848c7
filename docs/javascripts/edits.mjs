// The reader's edits, kept for the tab's life in sessionStorage.
//
// Each example's edited code is stored under its page and its element id, as soon as it
// changes, so that nothing the reader typed is lost when the page is drawn again: an in-page
// link or a table-of-contents entry (Material's instant navigation redraws the page), a share
// link opened onto the page, going to another page and coming back. An edit that is replaced
// (by Reset, or by the code of a share link) is kept as that example's "undo", one click away,
// with a mark when it is code a share link put there that the reader has not run: brought back,
// it is still a link's code, not the reader's own.
//
// Code a share link put into an example is kept too, until the reader runs that example: an
// earlier example of a session whose code came from a link is run before a later one only
// once the reader has run it themselves (runner.mjs `preludes`).
//
// Code a share link put into an example is marked once the reader has run it, and while they
// edit it after that: a later example of its session that goes on from it says so, and Reset
// or Undo sends it back as a link's code (runner.mjs `ranLinkCode`).
//
// How an example's last run ended when it did not end by itself (its time limit, Stop) is
// kept too, with the code it ran: a later example of its session names it after a reload.
//
// The playground's Redo list is kept the same way, with the address of the situation it
// goes with, so that a reload of the tab keeps what Redo brings back.
//
// Keys: "flipcards:edit:<path>#<example id>", "flipcards:undo:<path>#<example id>",
// "flipcards:undo-shared:<path>#<example id>" (the undo's mark: "1"),
// "flipcards:shared:<path>#<example id>", "flipcards:link-run:<path>#<example id>",
// "flipcards:link-sent:<path>#<example id>" (a link's code as the link brought it),
// "flipcards:opened-link:<path>#page" (the share link last opened on the page),
// "flipcards:unfinished:<path>#<example id>" (JSON:
// {code, kind, limit}) and "flipcards:redo:<path>#playground", where <path>
// is the page's path without "index.html". Storage that is missing or full (private modes, a
// huge edit) is not an error: the page keeps working, the edit is only not kept.

const EDIT = "flipcards:edit:";
const UNDO = "flipcards:undo:";
const UNDO_SHARED = "flipcards:undo-shared:";
const REDO = "flipcards:redo:";
const SHARED = "flipcards:shared:";
const UNFINISHED = "flipcards:unfinished:";
const LINK_RUN = "flipcards:link-run:";
const LINK_SENT = "flipcards:link-sent:";
const OPENED_LINK = "flipcards:opened-link:";

function storage() {
  try {
    return window.sessionStorage ?? null;
  } catch {
    return null; // storage disabled: reading the property throws
  }
}

/** The page part of the keys: this page's path, "/x/" and "/x/index.html" alike. */
function pageKey(location = window.location) {
  return location.pathname.replace(/index\.html$/, "");
}

function read(prefix, exampleId) {
  try {
    return storage()?.getItem(`${prefix}${pageKey()}#${exampleId}`) ?? null;
  } catch {
    return null;
  }
}

/** Store, or remove when `value` is null; false if it could not be stored. */
function write(prefix, exampleId, value) {
  const store = storage();
  if (!store) return false;
  const key = `${prefix}${pageKey()}#${exampleId}`;
  try {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
    return true;
  } catch {
    return false; // full: the edit stays in the editor, it is only not kept
  }
}

/** The kept edit of an example of this page, or null. */
export const loadEdit = (exampleId) => read(EDIT, exampleId);
/** Keep `code` as the example's edit (null: it has none); false if it could not be kept. */
export const saveEdit = (exampleId, code) => write(EDIT, exampleId, code);
/** The edit that Reset or a share link replaced, or null. */
export const loadUndo = (exampleId) => read(UNDO, exampleId);
/** Whether the edit Undo brings back is code from a share link, not run yet. */
export const loadUndoShared = (exampleId) => read(UNDO_SHARED, exampleId) === "1";
/**
 * Keep `code` as what Undo brings back (null: nothing to undo); `shared`: it is code from a
 * share link. The mark is written first: were the code kept without it, it would pass for the
 * reader's own.
 */
export function saveUndo(exampleId, code, shared = false) {
  if (!write(UNDO_SHARED, exampleId, code !== null && shared ? "1" : null)) return false;
  return write(UNDO, exampleId, code);
}
/** The code a share link put into the example, until the reader runs it, or null. */
export const loadShared = (exampleId) => read(SHARED, exampleId);
/** Keep the code a share link put into the example (null: none, or the reader ran it). */
export const saveShared = (exampleId, code) => write(SHARED, exampleId, code);
/** The code a share link put into the example that the reader has run there (as they have
 * edited it since), or null. */
export const loadLinkRun = (exampleId) => read(LINK_RUN, exampleId);
/** Keep the code a share link brought, once run, as the example now holds it (null: none). */
export const saveLinkRun = (exampleId, code) => write(LINK_RUN, exampleId, code);
/** A link's code in the example as the link brought it, before the reader changed it. */
export const loadLinkSent = (exampleId) => read(LINK_SENT, exampleId);
/** Keep a link's code as the link brought it (null: the example holds no link's code). */
export const saveLinkSent = (exampleId, code) => write(LINK_SENT, exampleId, code);
/** The address fragment of the share link last opened on this page (a reload of the tab, or
 * Back to it from another site, must not open it again over what the reader did since). */
export const loadOpenedLink = () => read(OPENED_LINK, "page");
/** Keep the fragment of the share link just opened on this page. */
export const saveOpenedLink = (fragment) => write(OPENED_LINK, "page", fragment);
/** The playground's kept Redo list (JSON text), or null. */
export const loadRedo = () => read(REDO, "playground");
/** Keep the playground's Redo list (JSON text; null: nothing to redo). */
export const saveRedo = (text) => write(REDO, "playground", text);
/**
 * How the example's last run ended if it did not end by itself ({code, kind, limit}), or null;
 * anything else found under its key (written by hand, or cut short) counts as nothing.
 */
export function loadUnfinished(exampleId) {
  try {
    const kept = JSON.parse(read(UNFINISHED, exampleId) ?? "null");
    const { code, kind, limit } = kept ?? {};
    const known = typeof code === "string" && (kind === "timeout" || kind === "stopped") &&
      typeof limit === "string";
    return known ? { code, kind, limit } : null;
  } catch {
    return null;
  }
}
/** Keep how the example's last run ended ({code, kind, limit}; null: it ended by itself). */
export const saveUnfinished = (exampleId, unfinished) =>
  write(UNFINISHED, exampleId, unfinished && JSON.stringify(unfinished));
