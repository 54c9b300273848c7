// The 404 page (overrides/404.html): an address that is a variant of a rule's page, such as
// rules/508.1A/, rules/508-1a, rule-508/508.1a or rulings/ruling-3/, or of a card's, such as
// cards/Bushi_Tenderfoot or cards/kenzo-the-hardhearted/ (the flipped half's name), goes on to
// that page; any other address gets a sentence that says what was not found (with the card a
// mistyped card address is closest to), above the lists of every rule, ruling and card. The
// lists' links are the pages that exist (the build writes them), so nothing here knows the
// rules or the cards by heart. Text is only ever set as text.

import { decodeAddressPart } from "./pages.mjs";
import { readRuleNumber } from "./rule-numbers.mjs";

// This module is javascripts/not-found.mjs: the site's root is one folder up.
const SITE_ROOT = new URL("../", import.meta.url);

/** The rule's page named by `path` (below the site's root), or null. */
export function pageFor(path, links) {
  const decoded = decodeAddressPart(path);
  if (decoded === null) return null; // a broken %-escape names nothing
  const parts = decoded.split("/").filter(Boolean);
  if (parts.length === 0) return null;
  // "rulings/3", "rulings/ruling-3", "ruling-3": a ruling; "rules/508.1a", "rule-508/508.1a",
  // "508.1a", "rules/710.2": a rule (today's numbers have pages too).
  const inRulings = /^rulings?$/i.test(parts[0]) && parts.length > 1;
  const named = readRuleNumber((inRulings ? "ruling " : "") + parts[parts.length - 1]);
  if (!named) return null;
  const kinds = named.kind === "ruling" ? ["ruling"] : ["rule", "today"];
  return links.find((link) => kinds.includes(link.dataset.fcKind) &&
    link.dataset.fcNumber === named.number) ?? null;
}

/** A card's name as its address writes it (gallery.slugify in the build): "bushi-tenderfoot". */
export function slugify(name) {
  return name.normalize("NFKD").replace(/[^\x00-\x7f]/g, "").toLowerCase().replace(/'/g, "")
    .replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}

/** How many letters must change to turn `a` into `b` (insert, delete, replace, swap two). */
function distance(a, b) {
  let before = null;
  let last = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const same = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(last[j] + 1, row[j - 1] + 1, last[j - 1] + same);
      if (before && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j], before[j - 2] + 1);
      }
    }
    [before, last] = [last, row];
  }
  return last[b.length];
}

/**
 * The card `path` names, as {link, exact}: exact when the last part of the address is one of
 * the card's names written another way (cards/Bushi_Tenderfoot, cards/kenzo-the-hardhearted),
 * else the card whose name is nearest to it when it is near enough to be a typing slip
 * (cards/bushi-tenderfot); null if none is, or the address is not a card's (cards/…, card/…,
 * or a name alone).
 */
export function cardFor(path, links) {
  const decoded = decodeAddressPart(path);
  if (decoded === null) return null;
  const parts = decoded.split("/").filter(Boolean);
  const inCards = parts.length === 2 && /^cards?$/i.test(parts[0]);
  if (!inCards && parts.length !== 1) return null;
  const typed = slugify(parts[parts.length - 1]);
  if (!typed) return null;
  const names = (link) => [link.dataset.fcCard, link.dataset.fcFlipped].filter(Boolean);
  const exact = links.find((link) => names(link).includes(typed));
  if (exact) return { link: exact, exact: true };
  if (!inCards) return null;
  let best = null;
  const slips = Math.max(2, Math.floor(typed.length / 5));
  for (const link of links) {
    for (const name of names(link)) {
      // Names longer or shorter by more than the slips allowed are never near enough: not
      // measured (an address of a megabyte would take seconds of the page's thread).
      if (Math.abs(typed.length - name.length) > slips) continue;
      const away = distance(typed, name);
      if (!best || away < best.away) best = { link, away };
    }
  }
  return best && best.away <= slips ? { link: best.link, exact: false } : null;
}

// What a forum's link finder takes into a link from the text after it: punctuation (the site's
// own links end in "/": "(see …/rules/508.1a/)"), also %-escaped, or a slip of BBCode ("[/url]").
const TRAILING = /(?:[\s).,;:!?'"\]»>]|\[\/?[a-z]*\])+$/i;
/** How many characters at the end of an address TRAILING is tried on. */
const TRAILING_LOOKED_AT = 200;

/** `path` without what a link finder took into it after its end (TRAILING), escaped again. */
export function withoutTrailing(path) {
  const decoded = decodeAddressPart(path);
  if (decoded === null) return path;
  // Only its end is looked at: TRAILING backtracks, in a time that grows with the square of
  // what it is given (seconds of the page's thread for a path of 40,000 ")").
  const kept = decoded.slice(0, -TRAILING_LOOKED_AT) +
    decoded.slice(-TRAILING_LOOKED_AT).replace(TRAILING, "");
  // A path of the site, never an address of its own: "%2F%2Fhost/…" decoded and escaped again
  // would begin "//", another site's address.
  return kept === decoded ? path
    : kept.replace(/^[/\\]+/, "").split("/").map(encodeURIComponent).join("/");
}

/** The page of the site at `path` (relative to the site's root), or null if it is not one. */
function pageOfTheSite(path) {
  const page = new URL(path, SITE_ROOT);
  return page.origin === SITE_ROOT.origin && page.pathname.startsWith(SITE_ROOT.pathname)
    ? page : null;
}

function start() {
  const links = [...document.querySelectorAll("a[data-fc-number]")];
  const cards = [...document.querySelectorAll("a[data-fc-card]")];
  if (!location.pathname.startsWith(SITE_ROOT.pathname)) return;
  const raw = location.pathname.slice(SITE_ROOT.pathname.length);
  const path = withoutTrailing(raw);
  const card = cardFor(path, cards);
  const link = pageFor(path, links) ?? (card?.exact ? card.link : null);
  if (link && new URL(link.href).pathname !== location.pathname) {
    location.replace(link.href + location.hash);
    return;
  }
  // Any other page of the site ("rulings/)", "playground/)"), with the rest of the address.
  const page = path !== raw ? pageOfTheSite(path) : null;
  if (page) {
    location.replace(page.href + location.search + location.hash);
    return;
  }
  const message = document.getElementById("fc-not-found-message");
  if (message) {
    const broken = decodeAddressPart(path) === null
      ? " (the address has a broken %-escape: it was cut short or changed on the way)" : "";
    const shown = path.length > 80 ? `${path.slice(0, 80)}…` : path;
    message.textContent = `There is no page at /${shown}${broken}. Here is each rule, ruling ` +
      "and card of the site, with its page.";
  }
  const suggestion = document.getElementById("fc-not-found-suggestion");
  if (suggestion && card && !card.exact) {
    const to = document.createElement("a");
    to.href = card.link.href;
    to.textContent = card.link.textContent;
    suggestion.replaceChildren("Did you mean the card ", to, "?");
    suggestion.hidden = false;
  }
}

start();
