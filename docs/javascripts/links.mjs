// Links for forum posts: every rule (`.fc-rule`) and ruling (`.fc-ruling`) block gets a
// permalink (#508.1a) and three buttons:
//   Copy link             the rule's own page, e.g. https://…/rules/508.1a/ (rulings/3/)
//   Copy Markdown quote   > **508.1a** text
//                         > — [Flip Cards, rule 508.1a](https://…/rules/508.1a/)
//   Copy BBCode quote     [quote="Rule 508.1a"]text[/quote]
//                         [url=https://…/rules/508.1a/]Flip Cards, rule 508.1a[/url]
//
// The link goes to the rule's own page rather than to the #fragment because link previews
// ignore fragments: that page (pysrc/flipcards_site/rule_pages.py) carries the rule's Open
// Graph meta and sends a browser on to the rule in context. Its URL is fixed, so it is
// computed here from the block's id.
//
// A confirmation ("Copied") is announced politely (role=status). Without the Clipboard API
// (an insecure origin, a refused permission) the text is put in a small read-only field and
// selected, for the reader to copy (clipboard.mjs). Text is only ever set as text, never
// parsed as HTML.

import { Copier, FALLBACK_HINT } from "./clipboard.mjs";
import { onEveryPage } from "./pages.mjs";

// This module is javascripts/links.mjs: the site's root is one folder up.
const SITE_ROOT = new URL("../", import.meta.url);
const CONFIRMATION_MS = 4000;

/** What a block quotes, read from the page when asked (ids as the build checked them). */
function describe(block) {
  const ruling = block.classList.contains("fc-ruling");
  const anchor = block.id;
  const number = ruling ? anchor.replace(/^ruling-/, "") : anchor;
  const label = `${ruling ? "Ruling" : "Rule"} ${number}`;  // "Rule 508.1a", "Ruling 3"
  const paragraphs = [...block.querySelectorAll(ruling ? ".fc-ruling-text" : ".fc-rule-text")]
    .filter((p) => p.closest(".fc-rule, .fc-ruling") === block)
    .map((p) => {
      const copy = p.cloneNode(true);
      copy.querySelectorAll(".fc-rule-number").forEach((span) => span.remove());
      return copy.textContent.replace(/\s+/g, " ").trim();
    });
  const siteName =
    document.querySelector('meta[property="og:site_name"]')?.content || "Flip Cards";
  return {
    anchor,
    label,
    name: label.toLowerCase(),  // "rule 508.1a" in running text
    marker: ruling ? label : number,  // the bold start of a Markdown quote
    url: new URL(`${ruling ? "rulings" : "rules"}/${number}/`, SITE_ROOT).href,
    paragraphs,
    siteName,
  };
}

/** The quote as Markdown: a block quote ending with the link. */
export function markdownQuote(rule) {
  const [first = "", ...rest] = rule.paragraphs;
  return [
    `> **${rule.marker}** ${first}`,
    ...rest.flatMap((paragraph) => [">", `> ${paragraph}`]),
    `> — [${rule.siteName}, ${rule.name}](${rule.url})`,
  ].join("\n");
}

/** The quote as BBCode (phpBB, MTG Salvation, …): the quote, then the link. */
export function bbcodeQuote(rule) {
  return `[quote="${rule.label}"]${rule.paragraphs.join("\n\n")}[/quote]\n` +
    `[url=${rule.url}]${rule.siteName}, ${rule.name}[/url]`;
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

    this.element.append(
      permalink,
      button("fc-copy-link", "Copy link", `Copy link to ${name}`,
        () => this.copy(describe(block).url, `Link to ${name}`)),
      button("fc-copy-markdown", "Copy Markdown quote", `Copy Markdown quote of ${name}`,
        () => this.copy(markdownQuote(describe(block)), `${label} quoted as Markdown`)),
      button("fc-copy-bbcode", "Copy BBCode quote", `Copy BBCode quote of ${name}`,
        () => this.copy(bbcodeQuote(describe(block)), `${label} quoted as BBCode`)),
      this.status,
    );

    // Right after the quoted text, before our commentary.
    const texts = block.querySelectorAll(":scope > .fc-rule-text, :scope > .fc-ruling-text");
    const last = texts[texts.length - 1];
    if (last) last.after(this.element);
    else block.prepend(this.element);
  }

  async copy(text, what) {
    const copied = await this.copier.copy(text, what);
    this.say(copied ? "Copied" : FALLBACK_HINT);
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

onEveryPage(() => enhance());
