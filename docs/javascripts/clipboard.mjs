// Copying for the reader: the one way every copy button of the site puts text on the
// clipboard (rule links and quotes in links.mjs; example code and share links in runner.mjs).
//
// The Clipboard API needs a secure origin and the reader's permission. Without it, the text is
// put in a small read-only field and selected, for the reader to copy with Ctrl+C / ⌘C (on a
// touch screen, where there is no such key, the hint says to long-press instead). The
// text is only ever set as a field's value, never parsed as HTML.

/** Touch screens have no Ctrl+C: there the reader long-presses the selected text. */
const TOUCH = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;

/** What a copy button's status says when the fallback field shows the text. */
export const FALLBACK_HINT = TOUCH ? "Long-press to copy" : "Press Ctrl+C to copy";
const FIELD_HINT = TOUCH ? "long-press the selected text to copy it" : "press Control+C to copy";

export class Copier {
  /**
   * @param {object} options
   * @param {(field: HTMLTextAreaElement) => void} options.place  puts the fallback field in
   *   the page, the first time it is needed (next to the buttons it serves)
   * @param {string} options.className  the fallback field's class
   */
  constructor({ place, className }) {
    this.place = place;
    this.className = className;
    this.fallback = null;
  }

  /**
   * Copy `text`; `what` names it in the fallback field's accessible name ("Link to rule 508").
   * Resolves to true when the text is on the clipboard, false when the field shows it.
   */
  async copy(text, what) {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no Clipboard API");
      await navigator.clipboard.writeText(text);
      this.dismiss();
      return true;
    } catch {
      this.showFallback(text, what);
      return false;
    }
  }

  /** No clipboard: show the text selected in a read-only field, for Ctrl+C / ⌘C. */
  showFallback(text, what) {
    if (!this.fallback) {
      this.fallback = document.createElement("textarea");
      this.fallback.className = this.className;
      this.fallback.readOnly = true;
      this.place(this.fallback);
    }
    this.fallback.setAttribute("aria-label", `${what}: ${FIELD_HINT}`);
    this.fallback.value = text; // a value is text: nothing is parsed
    this.fallback.rows = Math.min(6, text.split("\n").length + 1);
    this.fallback.focus();
    this.fallback.select();
  }

  /** Remove the fallback field, if it shows. */
  dismiss() {
    this.fallback?.remove();
    this.fallback = null;
  }
}
