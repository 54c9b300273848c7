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

import { fromBase64url, readSizedField, toBase64url } from "./share-link.mjs";

/** The largest scenario a link may carry, decompressed. */
export const MAX_SCENARIO_BYTES = 64 * 1024;
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

/**
 * Read a fragment (`location.hash`, with or without "#").
 *
 * Returns null when it is not a playground link (no `pgN=` field), else `{scenario}` (the
 * parsed JSON value, not yet validated: the model does that) or `{error}`, a sentence for the
 * reader.
 */
export async function readPlaygroundFragment(hash) {
  const fragment = hash.startsWith("#") ? hash.slice(1) : hash;
  const fields = fragment.split("&").map((part) => {
    const at = part.indexOf("=");
    return at < 0 ? [part, ""] : [part.slice(0, at), part.slice(at + 1)];
  });
  const versions = fields.filter(([key]) => /^pg\d+$/.test(key));
  if (versions.length === 0) return null;
  const fail = (error) => ({ error });
  const sized = readSizedField(versions, VERSION);
  if (sized.error) return fail(sized.error);
  const { size, data } = sized;
  if (size === null) return fail("it is damaged (the size of the situation is missing)");
  const limit = `${MAX_SCENARIO_BYTES / 1024} KB`;
  if (size > MAX_SCENARIO_BYTES || data.length > MAX_DATA_CHARS) {
    return fail(`the situation is too large (a link carries at most ${limit})`);
  }
  if (!BASE64URL.test(data) || data.length % 4 === 1 || data.length === 0) {
    return fail("it is damaged (the data is not valid base64url)");
  }
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
  if (bytes === null) return fail(`the situation is too large (a link carries at most ${limit})`);
  if (bytes.length !== size) {
    return fail(`it is damaged (it carries ${bytes.length} bytes, not the ${size} it says)`);
  }
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return fail("it is damaged (the situation is not valid UTF-8 text)");
  }
  try {
    return { scenario: JSON.parse(text) };
  } catch {
    return fail("it is damaged (the situation is not valid JSON)");
  }
}
