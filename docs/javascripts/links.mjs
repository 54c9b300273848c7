// Links for forum posts: every rule (`.fc-rule`) and ruling (`.fc-ruling`) block gets a
// permalink (#508.1a) and a Copy menu with three choices:
//   Copy link             the rule's own page, e.g. https://…/rules/508.1a/ (rulings/3/)
//   Copy Markdown quote   > **508.1a** The top half of a flip card …
//                         >
//                         > — Comprehensive Rules (2004), rule 508.1a; today rule 710.1a ·
//                         [Flip Cards](https://…/rules/508.1a/)
//   Copy BBCode quote     [quote="Rule 508.1a"][b]508.1a[/b] The top half …
//
//                         — Comprehensive Rules (2004), … · [url=…]Flip Cards[/url][/quote]
//
// A quote pasted alone must be a correct citation: it says where the text is from (the
// block's data-fc-cite, written by the build from the then-and-now table, so the wording has
// one source: pysrc/flipcards_site/rule_pages.py) and links to the rule's own page. It starts
// with the rule's number as the source prints it, "508.1." but "508.1a" (data-fc-marker,
// written by the build from the number it checked against the block's id).
//
// Markdown: one block quote in every engine (CommonMark, GitHub, Reddit, Discourse, Discord):
// blank quote lines are "> " (Discord ends a quote at a line without the space), the
// attribution is a paragraph of its own, the rule text's italics are kept, and every character
// that could start markup (emphasis, links, HTML, headings, lists) is backslash-escaped.
// BBCode: parsers drop the author of [quote="…"], so the number and the attribution are inside
// the quote; paragraphs are kept as blank lines; a "[" of the text is followed by a zero-width
// space, so no text can close the quote early or open a tag.
//
// The link goes to the rule's own page rather than to the #fragment because link previews
// ignore fragments: that page (rule_pages.py) carries the rule's Open Graph meta and sends a
// browser on to the rule in context. Links use the site's canonical address (site_url, in the
// page's fc-site-url meta), whatever address the page was loaded from.
//
// On wide screens the three choices show as buttons; on narrow ones they fold into the Copy
// menu so that the tools take one row (links.css). A confirmation ("Link copied") is announced
// politely (role=status). Without the Clipboard API the text is put in a small read-only field
// and selected, for the reader to copy (clipboard.mjs). Text is only ever set as text.
//
// Arriving at a rule: a fragment written another way (#508.1A, #Ruling3, or today's #710.2)
// reaches its block; a link from a page of today's rules (?from=710.2) says which 2004 rule the
// reader is looking at; and the target is scrolled into view after instant navigation, which
// on narrow screens leaves the page at its top (e.g. after a search result is tapped). A rule's
// own page reached by instant navigation (a search result) goes on to the rule in context.

import { Copier, FALLBACK_HINT } from "./clipboard.mjs";
import { decodeAddressPart, linkWords, onEveryPage, showPageNote } from "./pages.mjs";
import { readRuleNumber } from "./rule-numbers.mjs";
import { siteRoot } from "./site-url.mjs";

const CONFIRMATION_MS = 4000;
const ZERO_WIDTH_SPACE = "\u200b";

/** A paragraph as runs of text, each italic or not ({text, em}), whitespace collapsed. */
function runsOf(paragraph) {
  const runs = [];
  const walk = (node, em) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) {
        runs.push({ text: child.textContent.replace(/\s+/g, " "), em });
      } else if (child.nodeType === Node.ELEMENT_NODE &&
                 !child.classList.contains("fc-rule-number")) {
        walk(child, em || child.matches("em, i"));
      }
    }
  };
  walk(paragraph, false);
  if (runs.length) {
    runs[0].text = runs[0].text.trimStart();
    runs[runs.length - 1].text = runs[runs.length - 1].text.trimEnd();
  }
  return runs.filter((run) => run.text);
}

/** What a block quotes, read from the page when asked (ids as the build checked them). */
export function describe(block) {
  const ruling = block.classList.contains("fc-ruling");
  const anchor = block.id;
  const number = ruling ? anchor.replace(/^ruling-/, "") : anchor;
  const label = `${ruling ? "Ruling" : "Rule"} ${number}`;  // "Rule 508.1a", "Ruling 3"
  const paragraphs = [...block.querySelectorAll(ruling ? ".fc-ruling-text" : ".fc-rule-text")]
    .filter((p) => p.closest(".fc-rule, .fc-ruling") === block)
    .map(runsOf);
  const siteName =
    document.querySelector('meta[property="og:site_name"]')?.content || "Flip Cards";
  return {
    anchor,
    label,
    name: label.toLowerCase(),  // "rule 508.1a" in running text
    // The bold start of a quote: "508.1.", "508.1a", "Ruling 3".
    marker: block.dataset.fcMarker || (ruling ? label : number),
    citation: block.dataset.fcCite || label,
    url: new URL(`${ruling ? "rulings" : "rules"}/${number}/`, siteRoot()).href,
    paragraphs,
    siteName,
  };
}

/** Text that Markdown engines show as it is: every markup character escaped. */
export function escapeMarkdown(text) {
  return text
    .replace(/[\\`*_[\]<>|~#]/g, "\\$&")
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, "\\&")  // would be read as a character reference
    // Bare addresses that GitHub and others turn into links on their own (an e-mail address
    // even when escaped: a zero-width space after its "@" breaks it).
    .replace(/:(?=\/\/)/g, "\\:")
    .replace(/\b(www)\./gi, "$1\\.")
    .replace(/@/g, `@${ZERO_WIDTH_SPACE}`);
}

/** A quote line's text that cannot start a list, a heading or a rule. */
function escapeLineStart(line) {
  return line
    .replace(/^(\d{1,9})([.)])(?=\s|$)/, "$1\\$2")
    .replace(/^([-+=])/, "\\$1");
}

function markdownRuns(runs) {
  return runs.map(({ text, em }) => {
    const escaped = escapeMarkdown(text);
    if (!em) return escaped;
    // Emphasis needs its marks next to the text: spaces go outside.
    const [, before, core, after] = /^(\s*)(.*?)(\s*)$/s.exec(escaped);
    return core ? `${before}*${core}*${after}` : escaped;
  }).join("");
}

function markdownUrl(url) {
  return url.replace(/[()\s<>]/g, (c) => encodeURIComponent(c));
}

/** The quote as Markdown: one block quote, the attribution its own paragraph. */
export function markdownQuote(rule) {
  const [first = [], ...rest] = rule.paragraphs;
  const paragraphs = [
    `**${escapeMarkdown(rule.marker)}** ${markdownRuns(first)}`,
    ...rest.map((runs) => escapeLineStart(markdownRuns(runs))),
    `— ${escapeMarkdown(rule.citation)} · ` +
      `[${escapeMarkdown(rule.siteName)}](${markdownUrl(rule.url)})`,
  ];
  return paragraphs.map((paragraph) => `> ${paragraph}`).join("\n> \n");
}

/** Text that BBCode parsers show as it is: no "[" can start a tag. */
export function escapeBBCode(text) {
  return text.replace(/\[/g, `[${ZERO_WIDTH_SPACE}`);
}

function bbcodeRuns(runs) {
  return runs.map(({ text, em }) => (em ? `[i]${escapeBBCode(text)}[/i]` : escapeBBCode(text)))
    .join("");
}

/** The quote as BBCode (phpBB, MTG Salvation, …): number and attribution inside the quote. */
export function bbcodeQuote(rule) {
  const [first = [], ...rest] = rule.paragraphs;
  const url = rule.url.replace(/[\]\s]/g, (c) => encodeURIComponent(c));
  return `[quote="${rule.label}"]` + [
    `[b]${escapeBBCode(rule.marker)}[/b] ${bbcodeRuns(first)}`,
    ...rest.map(bbcodeRuns),
    `— ${escapeBBCode(rule.citation)} · [url=${url}]${escapeBBCode(rule.siteName)}[/url]`,
  ].join("\n\n") + "[/quote]";
}

function button(className, text, label, onClick) {
  const element = document.createElement("button");
  element.type = "button";
  element.className = `fc-button fc-link-button ${className}`;
  element.textContent = text;
  // The accessible name starts with the visible text, then says which rule.
  element.setAttribute("aria-label", label);
  element.addEventListener("click", onClick);
  return element;
}

let menus = 0;

class LinkTools {
  constructor(block) {
    const { anchor, label, name } = describe(block);

    this.element = document.createElement("div");
    this.element.className = "fc-link-tools";
    this.element.setAttribute("role", "group");
    this.element.setAttribute("aria-label", `Share ${name}`);

    const permalink = document.createElement("a");
    permalink.className = "fc-permalink";
    permalink.href = `#${anchor}`;
    permalink.textContent = `#${anchor}`;
    permalink.title = `Link to ${name} on this page`;

    this.status = document.createElement("span");
    this.status.className = "fc-link-status";
    this.status.setAttribute("role", "status");
    this.copier = new Copier({
      place: (field) => this.element.after(field),
      className: "fc-link-fallback",
    });

    // The choices; on narrow screens they fold into a menu opened by the toggle.
    this.menu = document.createElement("div");
    this.menu.className = "fc-copy-menu";
    this.menu.id = `fc-copy-menu-${++menus}`;
    this.menu.append(
      button("fc-copy-link", "Copy link", `Copy link to ${name}`,
        () => this.copy(describe(block).url, `Link to ${name}`, "Link copied")),
      button("fc-copy-markdown", "Copy Markdown quote", `Copy Markdown quote of ${name}`,
        () => this.copy(markdownQuote(describe(block)), `${label} quoted as Markdown`,
          "Markdown quote copied")),
      button("fc-copy-bbcode", "Copy BBCode quote", `Copy BBCode quote of ${name}`,
        () => this.copy(bbcodeQuote(describe(block)), `${label} quoted as BBCode`,
          "BBCode quote copied")),
    );
    this.toggle = button("fc-copy-toggle", "Copy…", `Copy ${name}: link or quote`,
      () => this.open(this.toggle.getAttribute("aria-expanded") !== "true"));
    this.toggle.setAttribute("aria-expanded", "false");
    this.toggle.setAttribute("aria-controls", this.menu.id);
    this.element.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.isOpen()) {
        this.open(false);
        this.toggle.focus();
      }
    });
    this.element.addEventListener("focusout", (event) => {
      if (this.isOpen() && !this.element.contains(event.relatedTarget)) this.open(false);
    });

    this.element.append(permalink, this.toggle, this.menu, this.status);

    // Right after the quoted text and its citation, before our commentary.
    const texts = block.querySelectorAll(
      ":scope > .fc-rule-text, :scope > .fc-ruling-text, :scope > .fc-cite");
    const last = texts[texts.length - 1];
    if (last) last.after(this.element);
    else block.prepend(this.element);
  }

  isOpen() {
    return this.menu.hasAttribute("data-open");
  }

  /** Open or close the folded menu (narrow screens); opening moves focus to its first item. */
  open(yes) {
    this.toggle.setAttribute("aria-expanded", String(yes));
    this.menu.toggleAttribute("data-open", yes);
    if (yes) this.menu.querySelector("button")?.focus();
  }

  /** Copy `text` (`what`, for the fallback field); `done` says which was copied: on a narrow
   *  screen the menu has folded away by then, and a mistaken tap shows before the paste. */
  async copy(text, what, done) {
    const folded = this.isOpen();
    const copied = await this.copier.copy(text, what);
    if (folded && copied) {
      this.open(false);
      this.toggle.focus();
    }
    this.say(copied ? done : FALLBACK_HINT);
  }

  say(message) {
    clearTimeout(this.timer);
    this.status.textContent = message;
    this.timer = setTimeout(() => { this.status.textContent = ""; }, CONFIRMATION_MS);
  }
}

/** Give each rule and ruling block of the page its tools (once per element). */
const enhanced = new WeakSet();
function enhance(root = document) {
  root.querySelectorAll(".fc-rule[id], .fc-ruling[id]").forEach((block) => {
    if (enhanced.has(block)) return;
    enhanced.add(block);
    new LinkTools(block);
  });
}

/** The block a fragment written another way names: #508.1A, #ruling3, today's #710.2. */
function blockForVariant(fragment) {
  const named = readRuleNumber(fragment);
  if (!named) return null;
  const blocks = [...document.querySelectorAll(".fc-rule[id], .fc-ruling[id]")];
  const id = named.kind === "ruling" ? `ruling-${named.number}` : named.number;
  return blocks.find((block) => block.id === id) ??
    blocks.find((block) => (block.dataset.fcToday || "").split(" ").includes(named.number)) ??
    null;
}

/**
 * The element the address's fragment names (share links, "#example-3&fc1=…", are not), kept in
 * view unless `left` (the reader moved about the page before this script ran).
 */
function arrive(left = false) {
  document.querySelectorAll(".fc-address-note").forEach((note) => note.remove());
  document.querySelectorAll(".fc-named").forEach((block) => block.classList.remove("fc-named"));
  const raw = location.hash.slice(1);
  const fragment = decodeAddressPart(raw);
  if (fragment === null) {
    // A share link (its example's name lost, or not): runner.mjs says what is wrong with it;
    // a Playground link on the Playground's page, playground.mjs does.
    if (raw.includes("&") || /^fc\d+=/i.test(raw)) return;
    if (/^pg\d+=/i.test(raw) && document.querySelector(".fc-playground")) return;
    showPageNote(`The link's anchor “#${linkWords(raw)}” has a broken %-escape (it was cut short or ` +
      "changed on the way), so it names no rule: the page opens at the top.", "fc-address-note");
    return;
  }
  if (!fragment || fragment.includes("&")) return;
  let target = document.getElementById(fragment);
  if (!target) {
    target = blockForVariant(fragment);
    if (!target) {
      // A rule or a ruling this page does not have (a number mistyped in a post): said, as a
      // broken anchor is, rather than the page opening at its top without a word.
      const named = readRuleNumber(fragment);
      if (named) {
        showPageNote(`The link's anchor “#${linkWords(raw)}” names ${named.kind} ${named.number}, ` +
          "which is not on this page: the page opens at the top.", "fc-address-note");
      }
      return;
    }
    // Today's number (#710.2) is said as a link from a page of today's rules is (?from=),
    // in the address too, so that a reload says it again.
    const named = readRuleNumber(fragment);
    const today = named?.kind === "rule" && named.number !== target.id
      && (target.dataset.fcToday || "").split(" ").includes(named.number);
    const address = new URL(location.href);
    if (today) address.searchParams.set("from", named.number);
    address.hash = target.id;
    history.replaceState(history.state, "", address.href);
  }
  // Highlighted as the rule a link names: :target is not moved by a replaced address, nor by
  // the theme's instant navigation, Back or Forward.
  target.classList.add("fc-named");
  noteWhereFrom(target);
  if (left) return;
  keepInView(target);
}

/**
 * Keep `target` in view for the first seconds on the page, until the reader scrolls; with no
 * target, the top of the page. Two things move it after the browser has put it in view: on
 * narrow screens, a search result's page is opened while the search holds the page still, and
 * when the search closes the theme puts back the scroll position it had then, now on the new
 * page; and the examples' toolbars, added later, push the target down. Any other scroll (the
 * reader's wheel, finger, keys, scroll bar or screen reader; a script showing an element) is
 * the reader's wish: then this stops rather than take the page back from under them.
 */
function keepInView(target) {
  const until = performance.now() + 5000;
  // At another address, or on another page, it is over (Back may be putting the reader back
  // where they were).
  const [address, page] = [location.href, pagesShown];
  let reader = false;
  const stop = () => { reader = true; };
  const events = ["wheel", "touchmove", "keydown", "pointerdown"];
  events.forEach((type) => addEventListener(type, stop, { once: true, passive: true }));
  const end = () => events.forEach((type) => removeEventListener(type, stop));
  // Where the target is in the page (not in the window): it changes when the layout moves it.
  const place = () => (target ? target.getBoundingClientRect().top + scrollY : 0);
  const searchHolds = () => document.body.hasAttribute("data-md-scrolllock");
  const inView = () => {
    if (!target) return scrollY === 0;
    // (At the end of a page the target may stay low: scrolling again then does nothing.)
    const { top } = target.getBoundingClientRect();
    return top >= 0 && top <= innerHeight * 0.5;
  };
  let seen = { y: scrollY, place: place(), held: searchHolds() };
  const check = () => {
    if (reader || location.href !== address || pagesShown !== page) return end();
    const now = { y: scrollY, place: place(), held: searchHolds() };
    const putBack = seen.held && !now.held;
    const laidOut = Math.abs(now.place - seen.place) > 1;
    if (Math.abs(now.y - seen.y) > 1 && !putBack && !laidOut && !inView()) return end();
    if (!inView()) {
      if (target) target.scrollIntoView();
      else scrollTo(0, 0);
    }
    seen = { y: scrollY, place: place(), held: now.held };
    if (performance.now() < until) requestAnimationFrame(check);
    else end();
  };
  requestAnimationFrame(check);
}

/** Arrived from a page of today's rules (?from=710.2): say which 2004 rule this is. */
function noteWhereFrom(block) {
  const from = new URLSearchParams(location.search).get("from") || "";
  if (!/^\d{3}(?:\.\d{1,2}[a-z]?)?$/.test(from)) return;
  if (!(block.dataset.fcToday || "").split(" ").includes(from)) return;
  if (block.querySelector(".fc-from-note")) return;
  const { label } = describe(block);
  const note = document.createElement("p");
  note.className = "fc-from-note";
  note.textContent = `You followed a link to rule ${from} of today's Comprehensive Rules. ` +
    `In ${block.classList.contains("fc-ruling") ? "the 2004 FAQ" : "2004"} it was ` +
    `${label.toLowerCase()}, quoted here.`;
  block.prepend(note);
}

/**
 * A rule's own page reached by instant navigation (a search result, a link of the site) goes
 * on to the rule in context, as hop.js does on a full load: instant navigation swaps the page's
 * content but never runs its head's scripts.
 */
function hopOn() {
  const back = document.querySelector("article .fc-quoted-back[data-fc-hop]");
  if (!back) return false;
  location.replace(back.href);
  return true;
}

// Whether the page comes from the browser's history (Back, Forward): Material then puts back
// where the reader was, and that is left alone. (A Back within a page changes only the
// fragment: the hashchange that follows clears it.)
let fromHistory = false;
addEventListener("popstate", () => { fromHistory = true; });
let pagesShown = 0;

onEveryPage(() => {
  const instant = pagesShown++ > 0; // (the first page is the document's own load)
  const back = fromHistory;
  fromHistory = false;
  if (hopOn()) return;
  enhance();
  // A page opened by a link or a search result, with no fragment, starts at its top.
  if (instant && !back && !location.hash) keepInView(null);
  arrive(!instant && Boolean(window.flipcardsEarly?.moved));
});
addEventListener("hashchange", () => {
  fromHistory = false;
  arrive();
});

/**
 * The search's results box is a Tab stop (the theme's, a scroll box a keyboard must reach)
 * only once something is typed: with nothing typed it holds no result, and a Tab from the
 * field went to it, an empty box, as the search closed behind it.
 */
function resultsTabStop() {
  const box = document.querySelector(".md-search__scrollwrap");
  const field = document.querySelector(".md-search__input");
  if (box && field) box.tabIndex = field.value.trim() ? 0 : -1;
}

// The theme's search reads its box when a key is released: text pasted with the mouse, dropped
// in, or put there by a phone keyboard's suggestion bar changed the box without one and was
// never searched. Every change of the box is passed on to it as a key released.
document.addEventListener("input", (event) => {
  const box = event.target;
  if (!(box instanceof HTMLInputElement) || !box.classList.contains("md-search__input")) return;
  resultsTabStop();
  if (event.isComposing) return; // (a key ends the composition)
  // A phone keyboard types a curly apostrophe, which the theme's search takes for a word's end:
  // "Kuon’s Essence" found every Essence but Kuon's first. The names have a straight one.
  if (/[\u2018\u2019\u02bc]/.test(box.value)) {
    const [start, end] = [box.selectionStart, box.selectionEnd];
    box.value = box.value.replace(/[\u2018\u2019\u02bc]/g, "'");
    box.setSelectionRange(start, end);
  }
  box.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
}, true);

// Below 1220 px the navigation sits behind a menu button, and below 960 px the search behind a
// magnifier. The theme draws both as labels of hidden checkboxes, which the keyboard cannot
// reach (and, closed, the drawer's links are no Tab stops: flipcards.css). Each is made a
// button: a Tab stop, named, that says whether it is open and opens with Enter or Space. The
// navigation or the search opened from its button takes the focus; Escape closes it and gives
// the focus back to the button.
const TOGGLES = { __drawer: "Navigation", __search: "Search" };

function toggleButtons() {
  for (const [id, name] of Object.entries(TOGGLES)) {
    const box = document.getElementById(id);
    for (const label of document.querySelectorAll(`label.md-header__button[for="${id}"]`)) {
      label.tabIndex = 0;
      label.setAttribute("role", "button");
      label.setAttribute("aria-label", name);
      label.setAttribute("aria-expanded", String(Boolean(box?.checked)));
    }
  }
}

addEventListener("change", (event) => {
  const box = event.target;
  if (!(box instanceof HTMLInputElement) || !(box.id in TOGGLES)) return;
  toggleButtons();
  const menu = document.querySelector('label.md-header__button[for="__drawer"]');
  if (box.id === "__drawer" && box.checked && document.activeElement === menu) {
    // Once it is drawn open (its links are hidden while it is closed).
    requestAnimationFrame(() => {
      document.querySelector(".md-sidebar--primary .md-nav__link[href]")?.focus();
    });
  }
  // The search opened from the magnifier takes the focus into its field (the theme asks for
  // it before its field is shown); closed (Escape) while the focus was in it, the focus goes
  // back to the magnifier, where that is shown.
  const magnifier = document.querySelector('label.md-header__button[for="__search"]');
  const active = document.activeElement;
  if (box.id !== "__search" || !magnifier?.getClientRects().length) return;
  if (box.checked && (active === magnifier || active === document.body)) {
    requestAnimationFrame(() => document.querySelector(".md-search__input")?.focus());
  } else if (!box.checked && (active === document.body || active?.closest(".md-search"))) {
    magnifier.focus();
  }
}, true);

document.addEventListener("keydown", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  // The theme's keys for its search ("/", "s", "f") focus its field, which below 960 px is
  // hidden while the search is closed (flipcards.css): they did nothing there. They open it.
  const search = document.getElementById("__search");
  const typing = target?.closest("input, textarea, select, [contenteditable]");
  if (["/", "s", "f"].includes(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey
      && search && !search.checked && !typing
      && document.querySelector('label.md-header__button[for="__search"]')?.getClientRects().length) {
    event.preventDefault(); // (the key itself is not typed into the field)
    search.checked = true;
    search.dispatchEvent(new Event("change", { bubbles: true }));
  }
  const button = target?.closest('label.md-header__button[role="button"]');
  if (button && (event.key === "Enter" || event.key === " ")) {
    event.preventDefault(); // (Space would scroll the page)
    // The theme itself opens a focused label's toggle on Enter: what it left is done here.
    const box = document.getElementById(button.htmlFor);
    const was = box?.checked;
    setTimeout(() => { if (box && box.checked === was) button.click(); }, 0);
    return;
  }
  const drawer = document.getElementById("__drawer");
  if (event.key === "Escape" && drawer?.checked && target?.closest(".md-sidebar--primary")) {
    const menu = document.querySelector('label.md-header__button[for="__drawer"]');
    menu?.click();
    menu?.focus();
  }
});

onEveryPage(toggleButtons);
onEveryPage(resultsTabStop);
// (The search's reset button empties its field with no input event.)
document.addEventListener("reset", () => setTimeout(resultsTabStop), true);
