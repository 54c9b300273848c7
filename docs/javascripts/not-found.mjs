// The 404 page (overrides/404.html): an address that is a variant of a rule's page, such as
// rules/508.1A/, rules/508-1a, rule-508/508.1a or rulings/ruling-3/, goes on to that page;
// any other address gets a sentence that says what was not found, above the list of every
// rule and ruling. The list's links are the pages that exist (the build writes them), so
// nothing here knows the rules by heart. Text is only ever set as text.

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

function start() {
  const links = [...document.querySelectorAll("a[data-fc-number]")];
  if (!location.pathname.startsWith(SITE_ROOT.pathname)) return;
  const path = location.pathname.slice(SITE_ROOT.pathname.length);
  const link = pageFor(path, links);
  if (link && new URL(link.href).pathname !== location.pathname) {
    location.replace(link.href + location.hash);
    return;
  }
  const message = document.getElementById("fc-not-found-message");
  if (message) {
    const broken = decodeAddressPart(path) === null
      ? " (the address has a broken %-escape: it was cut short or changed on the way)" : "";
    message.textContent = `There is no page at /${path}${broken}. If you were looking for a ` +
      "rule or a ruling, here is each of them, with its page:";
  }
}

start();
