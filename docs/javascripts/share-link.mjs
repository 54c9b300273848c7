// Share links of the runnable examples: a page's URL whose fragment carries one example's code.
//
// Format, version 1 (stable: links posted in forums must keep opening):
//
//   PAGE_URL#example-N&fc1=BYTES.DATA
//
//   example-N  the example's id on the page, so a browser without scripts still has the
//              page; the runtime scrolls to the example. N is the example's stable id where
//              the page gives one, tied to its rule (example-508.2-1: it survives examples
//              added or moved on the page), else its position (1, 2, … in page order); a
//              position link keeps opening the example at that position
//   fc1=       the format's name and version; a later format would be fc2=, and a page that
//              only knows fc1 says the link is newer than the page instead of guessing
//   BYTES      the length of the code in UTF-8 bytes, in decimal: a link cut short (a
//              chat that trims long links, a partial copy) is then told apart from a
//              complete one and reported, instead of opening half the code
//   DATA       the code, UTF-8 encoded, as base64url without padding (RFC 4648 §5: A-Z a-z
//              0-9 - _), which needs no percent-encoding in a fragment
//
// e.g. `print("hi")` in example 3:  …/rule-508/#example-3&fc1=11.cHJpbnQoImhpIik
//
// PAGE_URL is the page at the site's canonical address (site-url.mjs), as for the links to
// rules: a link made on another address of the site opens on the published one.
//
// The code is at most MAX_CODE_CHARS characters (JavaScript string length). Nothing here
// touches the page: `parseShareFragment` only turns a fragment into code or into a reason the
// page can show, and the caller inserts that as text.

import { linkWords, readFragment } from "./pages.mjs";
import { canonicalPageUrl } from "./site-url.mjs";

/** The longest code a link may carry (UTF-16 units, as `String.length` counts). */
export const MAX_CODE_CHARS = 20_000;
/** UTF-8 needs at most 3 bytes per UTF-16 unit: longer byte counts are refused before decoding. */
const MAX_CODE_BYTES = 3 * MAX_CODE_CHARS;
const MAX_DATA_CHARS = Math.ceil(MAX_CODE_BYTES / 3) * 4;

const VERSION = "fc1";
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** The fragment (without "#") for `code` in example `number`. */
export function shareFragment(number, code) {
  const bytes = new TextEncoder().encode(code);
  return `example-${number}&${VERSION}=${bytes.length}.${toBase64url(bytes)}`;
}

/** The whole link: this page (without its query or fragment) and the fragment. */
export function shareUrl(number, code, location = window.location) {
  return `${canonicalPageUrl(location)}#${shareFragment(number, code)}`;
}

/**
 * Read a fragment (`location.hash`, with or without "#").
 *
 * Returns null when it is not a share link at all (an ordinary anchor such as "#508.1a"),
 * else `{number, code}` or `{number, error}`: `number` is the example number as a string
 * when the link names one, else null; `error` is a sentence for the reader.
 */
export function parseShareFragment(hash) {
  const raw = hash.startsWith("#") ? hash.slice(1) : hash;
  // A share link holds no character that needs a %-escape: one escaped on the way (a mail or
  // chat program that wrote "=" as "%3D") is read as the character it stands for. (A broken
  // escape: the link is read as it is, and found damaged below.)
  const fragment = readFragment(raw);
  const parts = fragment.split("&");
  // (The first part names the example; a link that lost it starts with its code: read
  // there too, so that it is said to be damaged rather than taken for an anchor.)
  // Its words are read in any case, as a playground link's are ("FC1=": a program that
  // wrote the link in capitals).
  const fields = parts.map((part) => {
    const at = part.indexOf("=");
    return at < 0 ? [part.toLowerCase(), ""] : [part.slice(0, at).toLowerCase(), part.slice(at + 1)];
  });
  const versions = fields.filter(([key]) => /^fc\d+$/.test(key));
  if (versions.length === 0) return null; // not a share link

  const named = /^example-([1-9]\d{0,5}|[a-z0-9]+(?:[.-][a-z0-9]+){0,9}-[1-9]\d{0,3})$/
    .exec(parts[0].toLowerCase());
  const number = named ? named[1] : null;
  const fail = (error) => ({ number, error });
  if (!number) return fail("it does not say which example it is for");
  const sized = readSizedField(versions, VERSION);
  if (sized.error) return fail(sized.error);
  const { size: bytes, data, declared } = sized;
  const tooLong = `the code is too long (a link carries at most ${MAX_CODE_CHARS.toLocaleString("en")} characters)`;
  if (bytes === null) {
    return fail(sizeProblem(declared, "the length of the code", tooLong)
      ?? "it is damaged (the length of the code is missing)");
  }
  if (bytes > MAX_CODE_BYTES || data.length > MAX_DATA_CHARS) return fail(tooLong);
  if (!BASE64URL.test(data)) return fail("it is damaged (the code is not valid base64url)");
  const carried = Math.floor((data.length * 3) / 4); // bytes in `data`, if it is well formed
  if (carried < bytes) {
    return fail(`it is cut short: it carries ${carried} of the code's ${bytes} bytes. ` +
      "Copy the whole link and try again");
  }
  if (data.length % 4 === 1) return fail("it is damaged (the code is not valid base64url)");
  let decoded;
  try {
    decoded = fromBase64url(data);
  } catch {
    return fail("it is damaged (the code is not valid base64url)");
  }
  if (decoded.length !== bytes) {
    return fail("it is damaged (the code is longer than the link says)");
  }
  let code;
  try {
    code = new TextDecoder("utf-8", { fatal: true }).decode(decoded);
  } catch {
    return fail("it is damaged (the code is not valid UTF-8 text)");
  }
  const problem = codeProblem(code);
  return problem ? fail(problem) : { number, code };
}

/** The longest line a link's code may have, and how deep its brackets may nest. */
const MAX_LINE_CHARS = 1_000;
const MAX_NESTING = 100;

/**
 * Why `code` cannot be carried by a link (too long, a line too long, brackets nested too
 * deep), or "". The editor takes code of a line of 20,000 characters, or of brackets open
 * thousands deep, in seconds a keystroke, the page standing still all the while: a link's code
 * is what the reader of the link is given to read and change.
 */
export function codeProblem(code) {
  if (code.length > MAX_CODE_CHARS) {
    return `the code is too long (a link carries at most ${MAX_CODE_CHARS.toLocaleString("en")} characters)`;
  }
  let line = 1;
  let column = 0;
  let depth = 0;
  for (const char of code) {
    column += 1;
    if (char === "\n") {
      line += 1;
      column = 0;
    } else if (column > MAX_LINE_CHARS) {
      return `line ${line} of the code is longer than a link carries (at most ` +
        `${MAX_LINE_CHARS.toLocaleString("en")} characters a line)`;
    }
    if ("([{".includes(char)) depth += 1;
    else if (")]}".includes(char)) depth = Math.max(0, depth - 1);
    if (depth > MAX_NESTING) {
      return `the code's brackets on line ${line} are nested deeper than a link carries (at ` +
        `most ${MAX_NESTING} deep)`;
    }
  }
  return "";
}

/**
 * The `VERSION=SIZE.DATA` field of a link among its `versions` ([key, value] pairs of the same
 * format family, e.g. fc1, fc2): `{size, data}` (`size` null when missing or not a number), or
 * `{error}` when the link is of a newer version than `version`. Shared with playground links.
 */
export function readSizedField(versions, version) {
  const current = versions.find(([key]) => key === version);
  if (!current) {
    return { error: `it was made by a newer version of this site (${linkWords(versions[0][0])}); ` +
      "reload the page and try again" };
  }
  // Spaces, line breaks, soft hyphens and zero-width spaces are what a forum or a mail program
  // puts into a long link to wrap it: none is base64url's, so none is the link's.
  const value = current[1].replace(WRAPPING, "");
  const dot = value.indexOf(".");
  const declared = dot < 0 ? "" : value.slice(0, dot);
  // The punctuation after a link in a post (")", ".", ",") is taken into it by many forums'
  // and chat programs' link finders: base64url has none of it, so none of it is the link's.
  const data = (dot < 0 ? value : value.slice(dot + 1)).replace(TRAILING, "");
  return { size: /^\d{1,9}$/.test(declared) ? Number(declared) : null, data, declared };
}

/**
 * What is wrong with a size `readSizedField` could not read (`what`: "the length of the code"),
 * or null if it is missing: "too large" for more digits than any link's size has, else
 * "damaged", quoting it.
 */
export function sizeProblem(declared, what, tooLarge) {
  if (!declared) return null;
  if (/^\d+$/.test(declared)) return tooLarge;
  return `it is damaged (${what}, “${linkWords(declared)}”, is not a whole number of bytes)`;
}

/** Punctuation a post's link finder may have taken into the end of a link. */
export const TRAILING = /[)\].,;:!?'"»>]+$/;

/** What wrapping a long link puts into it: white space, soft hyphens, zero-width spaces. */
const WRAPPING = /[\s\u00ad\u200b-\u200d\u2060\ufeff]+/g;

/** Bytes as base64url without padding (also used by the playground's links). */
export function toBase64url(bytes) {
  let binary = "";
  const CHUNK = 0x8000; // String.fromCharCode takes its bytes as arguments: keep them few
  for (let start = 0; start < bytes.length; start += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Bytes of checked base64url `data` (atob throws on anything else). */
export function fromBase64url(data) {
  const base64 = data.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
