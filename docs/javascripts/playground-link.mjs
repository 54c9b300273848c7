// Links to the playground: the page's URL whose fragment carries a situation (a scenario).
//
// Format, version 1 (stable: links posted in forums must keep opening):
//
//   …/playground/#pg1=BYTES.DATA
//
//   pg1=   the format's name and version; a later format would be pg2=, and a page that only
//          knows pg1 says the link is newer than the page instead of guessing
//   BYTES  the length of the scenario's JSON text in UTF-8 bytes, in decimal: a link that
//          claims more than MAX_SCENARIO_BYTES is refused before anything is decompressed
//   DATA   that JSON text, UTF-8 encoded, compressed with the browser's CompressionStream
//          ("deflate-raw", RFC 1951), as base64url without padding (share-link.mjs)
//
// The build makes the same links in Python (pysrc/flipcards_site/playground.py): zlib with
// wbits=-15 is deflate-raw. Decompression stops as soon as the output passes the limit, so a
// small link that inflates to gigabytes costs nothing. Nothing here touches the page or runs
// anything: `readPlaygroundFragment` turns a fragment into a parsed JSON value or a reason the
// page can show; the model then validates the scenario and says what is wrong with it.
//
// Before the model sees a value, `jsonProblem` refuses what JSON text can say but the model
// must never be given: nesting deeper than MAX_JSON_DEPTH (reading it in Python would exhaust
// the worker's stack) and numbers that JavaScript cannot hold exactly (1e999 parses as
// Infinity, which JSON.stringify would pass on as null).

import { readFragment } from "./pages.mjs";
import { fromBase64url, readSizedField, sizeProblem, toBase64url } from "./share-link.mjs";

/** The largest scenario a link may carry, decompressed. */
export const MAX_SCENARIO_BYTES = 64 * 1024;
/** The deepest nesting of lists and objects a scenario may have (real ones need about 6). */
export const MAX_JSON_DEPTH = 100;
const VERSION = "pg1";
const BASE64URL = /^[A-Za-z0-9_-]*$/;
// Compressed data is never larger than the input by more than a little (stored blocks).
const MAX_DATA_CHARS = Math.ceil((MAX_SCENARIO_BYTES + 1024) / 3) * 4;

async function pipe(bytes, transform, limit = Infinity) {
  const reader = new Blob([bytes]).stream().pipeThrough(transform).getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** The fragment (without "#") that carries `scenario` (a JSON-able object). */
export async function playgroundFragment(scenario) {
  const bytes = new TextEncoder().encode(JSON.stringify(scenario));
  const compressed = await pipe(bytes, new CompressionStream("deflate-raw"));
  return `${VERSION}=${bytes.length}.${toBase64url(compressed)}`;
}

/** The size of a scenario's JSON text in UTF-8 bytes (what a link may carry). */
export function scenarioBytes(scenario) {
  return new TextEncoder().encode(JSON.stringify(scenario)).length;
}

const SIZES = new WeakMap();

/**
 * `scenarioBytes(scenario)`, kept for each scenario object. When `scenario` is `previous`
 * with the step `added` at the end, its size is `previous`'s plus the step's (and a comma):
 * a long situation's next step does not measure it all again.
 */
export function scenarioSize(scenario, previous = null, added = undefined) {
  let size = SIZES.get(scenario);
  if (size !== undefined) return size;
  const before = previous && added !== undefined ? SIZES.get(previous) : undefined;
  size = before === undefined ? scenarioBytes(scenario)
    : before + scenarioBytes(added) + (previous.steps.length ? 1 : 0);
  SIZES.set(scenario, size);
  return size;
}

/**
 * The `pgN` fields of a fragment (`location.hash`, with or without "#"), as [name, value]:
 * read as an example's link is (readFragment), the name in any letter case.
 */
function linkVersions(hash) {
  const fragment = readFragment(hash.startsWith("#") ? hash.slice(1) : hash);
  return fragment.split("&").map((part) => {
    const at = part.indexOf("=");
    return at < 0 ? [part, ""] : [part.slice(0, at).toLowerCase(), part.slice(at + 1)];
  }).filter(([key]) => /^pg\d+$/.test(key));
}

/** Whether a fragment is a playground link (it may still be damaged: readPlaygroundFragment). */
export function isPlaygroundLink(hash) {
  return linkVersions(hash).length > 0;
}

/**
 * Read a fragment (`location.hash`, with or without "#").
 *
 * Returns null when it is not a playground link (no `pgN=` field), else `{scenario}` (the
 * parsed JSON value, not yet validated: the model does that) or `{error}`, a sentence for the
 * reader.
 */
export async function readPlaygroundFragment(hash) {
  const versions = linkVersions(hash);
  if (versions.length === 0) return null;
  const fail = (error) => ({ error });
  const cutShort = (what) => fail(`it is cut short or damaged (${what}). Copy the whole link and try again`);
  const sized = readSizedField(versions, VERSION);
  if (sized.error) return fail(sized.error);
  const { size, data, declared } = sized;
  const tooLarge = `the situation is too large (a link carries at most ${MAX_SCENARIO_BYTES / 1024} KB)`;
  if (size === null) {
    const wrong = sizeProblem(declared, "the size of the situation", tooLarge);
    return wrong ? fail(wrong) : /^\d*$/.test(data) ? cutShort("it ends before its data")
      : fail("it is damaged (the size of the situation is missing)");
  }
  if (size > MAX_SCENARIO_BYTES || data.length > MAX_DATA_CHARS) return fail(tooLarge);
  if (data.length === 0) return cutShort("it ends before its data");
  if (!BASE64URL.test(data)) return fail("it is damaged (the data is not valid base64url)");
  // Whole base64url never leaves one character over: such data lost its end.
  if (data.length % 4 === 1) return cutShort("its data ends in the middle of a byte");
  let compressed;
  try {
    compressed = fromBase64url(data);
  } catch {
    return fail("it is damaged (the data is not valid base64url)");
  }
  let bytes;
  try {
    bytes = await pipe(compressed, new DecompressionStream("deflate-raw"), MAX_SCENARIO_BYTES);
  } catch {
    return fail("it is damaged or cut short (the data does not decompress). " +
      "Copy the whole link and try again");
  }
  if (bytes === null) return fail(tooLarge);
  if (bytes.length !== size) {
    return fail(`it is damaged (it carries ${bytes.length} bytes, not the ${size} it says)`);
  }
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return fail("it is damaged (the situation is not valid UTF-8 text)");
  }
  const parsed = parseJson(text);
  if (parsed.problem === "syntax") return fail("it is damaged (the situation is not valid JSON)");
  if (parsed.problem === "depth") return fail(`the situation is ${parsed.message}`);
  if (parsed.problem) return fail(parsed.message);
  // (Said here, as the model would: a page open already threw on one as it measured it.)
  const value = parsed.value;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    const shown = JSON.stringify(value) ?? String(value);
    return fail(`a scenario is a JSON object, got ${shown.length > 40 ? `${shown.slice(0, 39)}…` : shown}`);
  }
  return { scenario: value };
}

// --- values the model must not be given ------------------------------------------------------

/** A number written in JSON text that JavaScript cannot hold exactly, as it was written. */
class Written {
  constructor(source) { this.source = source; }
}

const outOfRange = (value) => typeof value === "number"
  && !(Math.abs(value) <= Number.MAX_SAFE_INTEGER);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The path of a member, as the model writes paths: steps[0].amount. */
function member(path, key) {
  if (typeof key === "number") return `${path}[${key}]`;
  // A key is the link's author's text: quoted and cut at 40 characters, as the model names it
  // in a path (whole, it put the author's sentences at the head of the site's message).
  if (!IDENTIFIER.test(key) || key.length > 40) {
    const cut = [...key].length > 40 ? `${[...key].slice(0, 40).join("")}…` : key;
    const quoted = JSON.stringify(cut).replace(/[\p{Cf}\p{Zl}\p{Zp}]/gu,
      (c) => `\\u${c.codePointAt(0).toString(16).padStart(4, "0")}`);
    return `${path}[${quoted}]`;
  }
  return path ? `${path}.${key}` : key;
}

/** The number as written, shortened if long; "" when its text is not known. */
function shown(number) {
  const text = number instanceof Written ? number.source : null;
  if (text === null) return ""; // String(Infinity) would name a value nobody wrote
  return text.length > 40 ? `${text.slice(0, 30)}… (${text.length} characters)` : text;
}

/**
 * Walk a parsed JSON value without recursion (an explicit stack, so no nesting can exhaust
 * the stack here): the first problem in document order, nesting before numbers.
 */
function walk(root, path = "", depth = 0) {
  const stack = [[root, path, depth]];
  let number = null;
  while (stack.length) {
    const [value, path, depth] = stack.pop();
    if (value instanceof Written || outOfRange(value)) {
      if (!number) {
        const text = shown(value);
        number = { problem: "number", message: `${path ? `${pathInWords(path)}: ` : ""}` +
          `${text ? `the number ${text}` : "a number"} is out of range` };
      }
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth >= MAX_JSON_DEPTH) {
      return { problem: "depth", message: `nested too deeply: more than ${MAX_JSON_DEPTH} levels` };
    }
    const members = Array.isArray(value) ? value.map((item, i) => [i, item]) : Object.entries(value);
    for (let i = members.length - 1; i >= 0; i -= 1) {
      const [key, item] = members[i];
      stack.push([item, member(path, key), depth + 1]);
    }
  }
  return number;
}

/**
 * What makes a parsed JSON value unfit for the model, or null: `{problem: "depth" | "number",
 * message}`. Given the `text` it was parsed from, a number out of range is named as written
 * there (1e999, not Infinity).
 */
export function jsonProblem(value, text = null, { path = "", depth = 0 } = {}) {
  const found = walk(value, path, depth);
  if (found?.problem !== "number" || text === null) return found;
  // The nesting is known to be shallow now, so a reviver (which recurses) is safe; it sees
  // each number's source text (JSON.parse source text access).
  let revived;
  try {
    revived = JSON.parse(text, (key, item, context) =>
      (outOfRange(item) ? new Written(context?.source ?? null) : item));
  } catch {
    return found;
  }
  return walk(revived, path, depth) ?? found;
}

/**
 * A JSON path as the page counts steps, from 1: "step 2, add" for "steps[1].add" (a
 * scenario's JSON counts its steps from 0, and the model names paths so); any other path is
 * as it is.
 */
export function pathInWords(path) {
  const match = /^steps\[(\d+)\]\.?([\s\S]*)$/.exec(path);
  return match ? `step ${Number(match[1]) + 1}${match[2] ? `, ${match[2]}` : ""}` : path;
}

/**
 * A message of the model as the playground says it: a path it starts with ("steps[2].flip: no
 * object …") in words, and a step it suggests (a "next_turn" step) by its button (“Next turn”).
 */
export function messageInWords(message) {
  const match = /^(steps\[\d+\][^:]*): /.exec(message);
  const said = match ? pathInWords(match[1]) + message.slice(match[1].length) : message;
  return said.replace(/\ban? "([a-z_]+)" step\b/g, (_, verb) =>
    `“${verb.charAt(0).toUpperCase()}${verb.slice(1).replace(/_/g, " ")}”`);
}

/**
 * Parse JSON text for the model: `{value}`, or `{problem, message}` with problem "syntax"
 * (not JSON, and `where` the parser says it is not), "depth" (nested too deeply) or "number"
 * (a number out of range, with its path).
 */
export function parseJson(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // `where`: what the browser's parser says is wrong, and where ("… at line 1 column 26").
    return { problem: "syntax", message: "not valid JSON", where: String(error?.message ?? "") };
  }
  return jsonProblem(value, text) ?? { value };
}
