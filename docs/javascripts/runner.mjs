// Runnable examples: turns every `.fc-example` on a page into an interactive one.
//
// The build emits, per example (pysrc/flipcards_site/fence.py):
//   <div class="fc-example" id="example-N" [data-fc-session="NAME"] [data-fc-time-limit="SECONDS"]>
//     <div class="fc-source no-copy"><pre><code>…highlighted code…</code></pre></div>
//     <template class="fc-code">…the original code, HTML-escaped…</template>
//     <div class="fc-toolbar" data-search-exclude="">…Run, Edit, Reset, Copy, Share, Stop, a status line…</div>
//     <pre class="fc-output no-copy" id="example-N-output" aria-live="polite"><code>…pre-rendered stdout…</code></pre>
//     [<p class="fc-open-playground"><a …>Open in the playground</a></p>: the original code's situation]
//   </div>
// This module wires the toolbar to the Python worker (it creates any button the HTML lacks),
// and carries out the clicks early.js kept while it was not there yet. Output is always
// inserted as text nodes, never parsed as HTML. A run's output shows as it is printed (once a
// frame at most); until the run prints, the earlier output stays, dimmed if the run lasts.
//
// Python is downloaded only when the reader shows the intent to run: pointing at, focusing or
// touching an example's toolbar, a keystroke in an editor, Edit or Run. Reading downloads none
// of it. "Keep Python ready" (a switch in every toolbar, remembered in localStorage) starts it
// on every page once the page is idle.
//
// Share copies a link to this page whose fragment carries the example's code as edited
// (format in share-link.mjs). Opening such a link scrolls to the example and puts the shared
// code in its editor, with a note; nothing runs, and Python is not even loaded, until the
// reader clicks Run. A link that cannot be read (damaged, cut short, too long, for an example
// the page does not have) shows why, as text, and changes nothing else.
//
// Nothing the reader types is lost (edits.mjs): every change of an editor is kept for the
// tab's life and comes back whenever the page is drawn again; an edit that Reset or a share
// link replaces is one Undo away. Code a share link put in an example stays a link's code
// wherever it goes, until the reader runs it there: brought back by Undo or after a reload, it
// shows the link's note again, and a later example of the session still goes on from the
// original code. (A link's code replaced never takes the place of the reader's own edit as
// the one Undo brings back: the link still opens that code.)
//
// Keyboard: while a run goes on, focus moves from Run (disabled) to Stop, and back to Run when
// it ends; Reset, Share and Undo keep focus on a control of the example. The status line is
// the one live region of an example and only changes when its text does, so each change is
// announced once (the output is not a live region: its arrival is what "Done" says).
//
// Material's instant navigation replaces the page without re-running module scripts,
// so the work starts from its `document$` observable, which emits once per page.

import * as python from "./worker-client.mjs";
import { Copier, FALLBACK_HINT } from "./clipboard.mjs";
import {
  acceptAddress, addressSetByScript, framedByAnotherSite, linkWords, offerOwnPage, onEveryPage,
  pagePath, showPageNote,
} from "./pages.mjs";
import { cacheRuntime } from "./offline.mjs";
import { codeProblem, parseShareFragment, shareUrl } from "./share-link.mjs";
import {
  loadEdit, loadLinkRun, loadLinkSent, loadOpenedLink, loadShared, loadUndo, loadUndoShared,
  loadUnfinished, saveEdit, saveLinkRun, saveLinkSent, saveOpenedLink, saveShared, saveUndo,
  saveUnfinished,
} from "./edits.mjs";

/** Code with its lines ended as the editor ends them: "\r\n" and "\r" read as "\n". */
const editorLines = (code) => code.replace(/\r\n?/g, "\n");

const EDITOR_MODULE = new URL("../assets/js/editor.js", import.meta.url).href;

// Outcome -> [data-state, text] of the status line (the browser tests read these).
const STATUS = {
  idle: ["idle", ""],
  loading: ["loading", "Loading Python…"],
  running: ["running", "Running…"],
  done: ["done", "Done"],
  error: ["error", "Error"],
  // A worker that never took up the run is replaced, and the run tried again once.
  restarting: ["loading", "Loading Python…"],
  // Runs take turns (each one's time limit measures its own code): another one goes on.
  waiting: ["loading", "Waiting for the run of another example to end…"],
  stopped: ["idle", "Stopped"],
  timeout: ["error", "Timed out"],
};

/** Said in the output of a run that ended (Stop, time limit) before printing anything. */
const PRINTED_NOTHING = {
  stopped: () => "(this run printed nothing before it was stopped)\n",
  timeout: (limit) => `(this run printed nothing before its time limit of ${limit})\n`,
};

/**
 * Said after the output of a run that ended (Stop, time limit) once it had printed as much as
 * an example shows: what it printed after that was never sent, so it cannot be counted.
 */
function atTheLimit(stdout) {
  const { maxLines, maxChars } = python.settings;
  if (stdout.length >= maxChars) return `… output cut: an example shows at most ${maxChars.toLocaleString("en")} characters\n`;
  let lines = 0;
  for (let at = stdout.indexOf("\n"); at !== -1 && lines < maxLines; at = stdout.indexOf("\n", at + 1)) lines += 1;
  return lines >= maxLines ? `… output cut: an example shows at most ${maxLines.toLocaleString("en")} lines\n` : "";
}

/** A time limit as the reader reads it: "10 s", "1.5 s". */
function seconds(ms) {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/** Per-example state, keyed by the `.fc-example` element. */
const examples = new WeakMap();

let editorModule = null;
function loadEditorModule() {
  // One that failed to arrive (the network gone for a moment) is asked for again next time.
  editorModule ??= import(EDITOR_MODULE).catch((error) => {
    editorModule = null;
    throw error;
  });
  return editorModule;
}

/**
 * The original code of an example, read once when the example is enhanced.
 *
 * It is in `<template class="fc-code">`: the parser decodes its entities, and nothing
 * shows or runs it (an inline `<script type="text/plain">` would not do: Material's
 * instant navigation re-creates every inline script of a new page as a JavaScript one).
 * Without it (hand-written HTML), the text of the highlighted block is the code.
 */
function readOriginalCode(element) {
  const template = element.querySelector("template.fc-code");
  if (template) return template.content.textContent;
  return element.querySelector(".fc-source code")?.textContent ?? "";
}

/**
 * Where an example stands, in words: the label of its column ("2004", "Today": a paragraph
 * of bold text alone just before it) and the heading of its section, or "".
 */
function contextOf(example) {
  if (!example) return "";
  const words = [];
  const label = example.previousElementSibling;
  const bold = label?.matches("p") && label.children.length === 1 ? label.querySelector(":scope > strong") : null;
  if (bold && bold.textContent.trim() === label.textContent.trim()) words.push(bold.textContent.trim());
  for (let node = example; node && node !== document.body; node = node.parentElement) {
    for (let before = node.previousElementSibling; before; before = before.previousElementSibling) {
      if (/^H[1-3]$/.test(before.tagName)) {
        const heading = before.cloneNode(true);
        heading.querySelectorAll(".headerlink").forEach((link) => link.remove());
        words.push(heading.textContent.trim());
        return words.filter(Boolean).join(", ");
      }
    }
  }
  return words.join(", ");
}

/**
 * The toolbar's button of this class, as the build rendered it (its name said again, with
 * where the example stands), or a new one.
 */
function button(toolbar, className, text, label) {
  const rendered = toolbar.querySelector(`button.${className}`);
  if (rendered) {
    rendered.setAttribute("aria-label", label);
    return rendered;
  }
  const element = document.createElement("button");
  element.type = "button";
  element.className = `fc-button ${className}`;
  element.textContent = text;
  element.setAttribute("aria-label", label);
  return element;
}

/** The note that replaces output beyond the limits. */
function cutNote(cut) {
  if (!cut) return "";
  const more = (n, what) => `${n} more ${what}${n === 1 ? "" : "s"}`;
  return cut.lines > 0
    ? `… output cut: ${more(cut.lines, "line")}\n`
    : `… output cut: ${more(cut.chars, "character")}\n`;
}

/** More combining marks than this on one character are not drawn (the rest are counted). */
const MAX_MARKS = 8;
// Marks pile on one character across the invisible format characters between them too (which
// are taken away or named after this).
const MARK_RUNS = new RegExp(`(\\p{M}(?:\\p{Cf}*\\p{M}){${MAX_MARKS - 1}})((?:\\p{Cf}*\\p{M})+)`, "gu");
const MARK = /\p{M}/gu;
// Invisible format characters (zero-width joiners and spaces…), the direction controls aside.
const FORMATS = /(?![\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069])\p{Cf}/gu;
/** Format characters drawn; the rest (a flood of them) are only counted. */
const KEPT_FORMATS = 100;
// Controls that reorder the text around them, unseen: the direction marks (ALM, LRM, RLM:
// "3 > 2" between two RLM was drawn "2 < 3"), embeddings, overrides, isolates.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** Controls shown by their code point; the rest (a flood of them) are only counted. */
const NAMED_CONTROLS = 100;

/**
 * Output as it is safe to draw, never longer than it came by more than a few hundred
 * characters: a run of thousands of combining marks on one letter (invisible characters between
 * them or not) takes the browser seconds to lay out, so marks beyond the first few are replaced
 * by their count, and so are invisible format characters (zero-width non-joiners, slow to draw
 * by the thousand) beyond the first hundred; a control that would reorder what is printed around it is shown by its code point
 * instead (the first hundred; the rest are counted where the hundred-and-first was).
 */
export function displayable(text) {
  const formats = text.match(FORMATS)?.length ?? 0;
  const controls = text.match(BIDI_CONTROLS)?.length ?? 0;
  let format = 0;
  let seen = 0;
  return text
    .replace(MARK_RUNS, (_, kept, rest) => `${kept}\u27e8+${rest.match(MARK).length} marks\u27e9`)
    .replace(FORMATS, (character) => {
      format += 1;
      if (format <= KEPT_FORMATS) return character;
      return format === KEPT_FORMATS + 1
        ? `\u27e8+${formats - KEPT_FORMATS} more invisible characters\u27e9` : "";
    })
    .replace(BIDI_CONTROLS, (control) => {
      seen += 1;
      if (seen <= NAMED_CONTROLS) {
        return `\u27e8U+${control.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}\u27e9`;
      }
      return seen === NAMED_CONTROLS + 1
        ? `\u27e8+${controls - NAMED_CONTROLS} more direction controls\u27e9` : "";
    });
}

/** "example 2", or "examples 1, 2 and 3". */
function numbered(numbers) {
  if (numbers.length === 1) return `example ${numbers[0]}`;
  return `examples ${numbers.slice(0, -1).join(", ")} and ${numbers.at(-1)}`;
}

/** What a Run's output says of the earlier examples it ran with their original code. */
function sharedNote(numbers) {
  if (!numbers.length) return "";
  const which = numbers.length === 1 ? `example ${numbers[0]} holds`
    : `examples ${numbers.join(", ")} hold`;
  return `(Before this one, ${which} code from a share link, not run yet: this Run went on from ` +
    "the original code. Run the shared code there first to go on from it.)\n";
}

/**
 * What a Run's output says first of the earlier examples of its session that ran code a share
 * link brought (run there by the reader, edited or not since): what it printed went on from
 * that code, which the page did not write.
 */
function linkedNote(numbers) {
  if (!numbers.length) return "";
  return `(This Run went on from code a share link brought to ${numbered(numbers)}, run there ` +
    `first. Reset ${numbered(numbers)} to go on from the page's own code.)\n`;
}

/**
 * What a run that did not end by itself (time limit, Stop) says of `earlier`, the first earlier
 * example of its session whose code, run before this one's, did not end either when that
 * example last ran it: the time may have gone there, and the reader is told how to get out.
 */
function unfinishedNote(earlier) {
  if (!earlier) return "";
  const how = earlier.kind === "timeout" ? `did not finish within ${earlier.limit}`
    : "was stopped before it finished";
  return `An earlier example of this session (${earlier.number}) ${how} when it was last run, ` +
    `and its code runs before this one: Reset example ${earlier.number} to go on from its ` +
    "original code.\n";
}

/**
 * Said when a run did not end and earlier examples of its session, edited, ran before it in
 * the same time: the time may have gone there, not in this example's code. Code a link brought
 * (`fromLink`), run for the first time, is named first: the reader's own edits come second.
 */
function editedNote(numbers, fromLink = false) {
  // The code a link brought, run for the first time, is the first to suspect.
  if (fromLink) {
    const one = numbers.length === 1;
    return "This example's code came from a link: if it does not end, Reset it to go back " +
      "to the page's code." + (numbers.length ? ` Before it, ${numbered(numbers)} ran with ` +
      `your edit${one ? "" : "s"}, in the same time.` : "") + "\n";
  }
  if (!numbers.length) return "";
  const one = numbers.length === 1;
  return `Before this one, ${numbered(numbers)} ran with your edit${one ? "" : "s"}, in the ` +
    `same time: if ${one ? "it does" : "one of them does"} not end, Reset it to go on from ` +
    "its original code.\n";
}

/** Output is drawn in blocks of at most BLOCK_LINES lines; a line of more than LINE_PIECE
 * characters is drawn in blocks of its own, of that many; a run of WORD_PIECE characters
 * without a space may wrap after it. */
const BLOCK_LINES = 40;
const LINE_PIECE = 200;
const WORD_PIECE = 40;
// A place to wrap after a run without spaces, never inside a character: not before a mark or
// an invisible joiner, nor after a zero-width joiner.
const UNBROKEN = new RegExp(`\\S{${WORD_PIECE - 1}}[^\\s\\u200d](?=[^\\s\\p{M}\\p{Cf}])`, "gu");
const GOES_ON = /[\p{M}\p{Cf}\uDC00-\uDFFF]/u;

/**
 * `text` as nodes that lay out in bounded time whatever it holds: blocks of a few lines each
 * (`.fc-line` in the stylesheet), each laid out only as it scrolls into view, a long line in
 * blocks of its own, with a place to wrap in every long run without spaces. As one paragraph,
 * Thai or Arabic with no spaces, or letters alternating in direction, took the browser seconds
 * to a minute to lay out. Selected and copied, the text is what was printed.
 */
export function drawn(text) {
  const fragment = document.createDocumentFragment();
  const block = (piece, part = false) => {
    const line = document.createElement("span");
    line.className = part ? "fc-line fc-line-part" : "fc-line";
    let last = 0;
    for (const run of piece.matchAll(UNBROKEN)) {
      const end = run.index + run[0].length;
      line.append(piece.slice(last, end), document.createElement("wbr"));
      last = end;
    }
    line.append(piece.slice(last));
    fragment.append(line);
  };
  let held = "";
  let lines = 0;
  const flush = () => {
    if (held) block(held);
    held = "";
    lines = 0;
  };
  for (const line of text.match(/[^\n]*\n|[^\n]+$/g) ?? []) {
    if (line.length <= LINE_PIECE) {
      held += line;
      lines += 1;
      if (lines === BLOCK_LINES) flush();
      continue;
    }
    flush();
    for (let start = 0; start < line.length;) {
      let end = Math.min(start + LINE_PIECE, line.length);
      // Never inside a character: its marks, joiners and surrogate halves stay with it.
      while (end < line.length && (GOES_ON.test(line[end]) || line[end - 1] === "\u200d")) end += 1;
      block(line.slice(start, end), true);
      start = end;
    }
  }
  flush();
  return fragment;
}

class Example {
  constructor(element, index) {
    this.element = element;
    this.number = element.id.replace(/^example-/, "") || String(index + 1);
    this.session = element.dataset.fcSession || null;
    this.source = element.querySelector(".fc-source");
    this.output = element.querySelector(".fc-output");
    // The status line announces each outcome; the output itself is not announced as well.
    this.output.removeAttribute("aria-live");
    this.prerendered = [...this.output.childNodes].map((node) => node.cloneNode(true));
    this.originalCode = readOriginalCode(element);
    this.editor = null;
    this.editorHost = null;
    // The code an editor still loading will hold ({code}), or null: it is the example's code
    // meanwhile (a share link's, run by a Run pressed before its editor is there).
    this.opening = null;
    this.running = null; // the handle of the run in progress
    this.printedFrame = 0; // the frame that will show what the run has printed so far
    this.resets = 0; // counts Reset clicks, so that an editor still loading knows it is unwanted
    this.shareNote = null;
    // The code of a share link opened in this example and not run yet (as the editor holds
    // it); kept here as well as in the session's storage, which may be full or refused.
    this.linkCode = null;
    // What Undo brings back ({code, shared}), kept here as well as in the session's storage
    // (the only copy after a reload): full or refused, Undo still brings it back while the
    // page is open. Undefined until Undo is offered: then the storage says.
    this.undoHeld = undefined;
    this.storageId = element.id || `example-${this.number}`;
    // The code of a share link that the reader ran here, as it is now (they may edit it), or
    // null: later examples of the session go on from it, and say so.
    this.linkRun = loadLinkRun(this.storageId);
    // "Open in the playground" (under an example that is a plain sequence of model calls)
    // opens the example as built, whatever the editor holds: its words as built, to put back.
    this.playgroundLink = element.querySelector(".fc-open-playground a");
    this.playgroundWords = [this.playgroundLink?.textContent,
      this.playgroundLink?.getAttribute("aria-label")];
    // How this example's last run ended when it did not end by itself (time limit, Stop):
    // {code, kind, limit}, or null; kept for the tab, as its edit is.
    this.unfinished = loadUnfinished(this.storageId);
    this.buildToolbar(element.querySelector(".fc-toolbar"));
    element.dataset.fcReady = ""; // early.js now leaves this example to us
  }

  buildToolbar(toolbar) {
    // An example known by its position alone ("example 9") is named with where it stands:
    // a list of the page's buttons said "Run example 9" forty times, on pages whose examples
    // stand under a card's name, or side by side under "2004" and "Today".
    const where = /^\d+$/.test(this.number) ? contextOf(toolbar.closest(".fc-example")) : "";
    const name = `example ${this.number}${where ? ` (${where})` : ""}`;
    this.spokenName = name;
    this.runButton = button(toolbar, "fc-run", "Run", `Run ${name}`);
    this.editButton = button(toolbar, "fc-edit", "Edit", `Edit ${name}`);
    this.resetButton = button(toolbar, "fc-reset", "Reset", `Reset ${name}`);
    this.copyButton = button(toolbar, "fc-copy", "Copy", `Copy the code of ${name}`);
    this.shareButton = button(toolbar, "fc-share", "Share", `Share ${name}`);
    this.stopButton = button(toolbar, "fc-stop", "Stop", `Stop ${name}`);
    this.stopButton.disabled = true;
    this.undoButton = button(toolbar, "fc-undo", "Undo", `Undo: bring back your edit of ${name}`);
    this.undoButton.hidden = true;
    this.status = toolbar.querySelector(".fc-status") ?? document.createElement("span");
    this.status.className = "fc-status";
    this.status.setAttribute("role", "status");
    this.status.dataset.state ||= "idle";

    this.runButton.addEventListener("click", () => this.run());
    this.editButton.addEventListener("click", () => this.edit());
    this.resetButton.addEventListener("click", () => this.reset());
    this.copyButton.addEventListener("click", () => this.copy());
    this.shareButton.addEventListener("click", () => this.share());
    this.stopButton.addEventListener("click", () => this.stop());
    this.undoButton.addEventListener("click", () => this.undo());

    toolbar.replaceChildren(this.runButton, this.editButton, this.resetButton, this.undoButton,
      this.copyButton, this.shareButton, this.stopButton, this.status, keepReadySwitch());
    // Copy and Share fall back to a selected read-only field below the toolbar.
    this.copier = new Copier({
      place: (field) => toolbar.after(field),
      className: "fc-copy-fallback",
    });
  }

  /** The name of this example's code in tracebacks, as in the build: "<example-N>". */
  filename() {
    return `<example-${this.number}>`;
  }

  /** The code as the reader sees it now: the editor's (or the one it is opening with), or
   * the original. */
  code() {
    return this.editor ? this.editor.getCode() : this.opening?.code ?? this.originalCode;
  }

  setStatus(outcome, suffix = "") {
    const [state, text] = STATUS[outcome];
    this.status.dataset.state = state;
    this.say(text + suffix);
  }

  /** Put `text` in the status line; unchanged text is not written again (nor announced). */
  say(text) {
    if (this.status.textContent !== text) this.status.textContent = text;
  }

  /**
   * Earlier examples of the same session on this page, in page order: `codes` to run before
   * this one, and the numbers of those run with their original code (`shared`) because they
   * hold code from a share link that the reader has not run there: a link's code runs only
   * when the reader presses its own example's Run; `edited`, the numbers of those that ran the
   * reader's own edit, and `linked`, of those that ran a link's code the reader ran there
   * (`ranLinkCode`). `unfinished`: how the first of them whose
   * code did not end when that example last ran it ended ({number, kind, limit}), or null.
   */
  preludes() {
    const codes = [];
    const shared = [];
    const edited = [];
    const linked = [];
    let unfinished = null;
    for (const other of this.earlierOfSession()) {
      const fromLink = other.isLinkCode(other.code());
      if (fromLink) shared.push(other.number);
      const code = fromLink ? other.originalCode : other.code();
      if (editorLines(code) !== editorLines(other.originalCode)) {
        (other.ranLinkCode(code) ? linked : edited).push(other.number);
      }
      codes.push({ filename: other.filename(), code });
      if (!unfinished && other.unfinished?.code === code) {
        unfinished = { ...other.unfinished, number: other.number };
      }
    }
    return { codes, shared, edited, linked, unfinished };
  }

  /** The examples of this one's session above it, in page order (none if it has none). */
  earlierOfSession() {
    const earlier = [];
    if (!this.session) return earlier;
    for (const element of document.querySelectorAll(".fc-example")) {
      if (element === this.element) break;
      const other = examples.get(element);
      if (other && other.session === this.session) earlier.push(other);
    }
    return earlier;
  }

  /** The time limit: `data-fc-time-limit` (seconds) on the example, else the default. */
  timeLimitMs() {
    const given = Number.parseFloat(this.element.dataset.fcTimeLimit);
    return Number.isFinite(given) && given > 0 ? given * 1000 : python.settings.runTimeLimitMs;
  }

  async run() {
    if (this.running) return;
    // Run is disabled while the run goes on: a keyboard reader who pressed it goes on to Stop.
    const fromRun = document.activeElement === this.runButton;
    this.runButton.disabled = true;
    this.stopButton.disabled = false;
    if (fromRun) this.stopButton.focus();
    this.setStatus(python.isReady() ? "running" : "loading");
    // The output shown is an earlier run's until this one prints: dimmed, if the run lasts.
    this.output.classList.add("fc-output-earlier");
    const timeLimitMs = this.timeLimitMs();
    const preludes = this.preludes();
    saveShared(this.storageId, null); // the reader runs it: its code is theirs to run from now
    const fromLink = this.linkCode !== null;
    this.linkCode = null;
    const code = this.code();
    if (fromLink) {
      // Kept without its mark (the storage full), it would pass for the reader's own edit
      // once the page is drawn again: then it is not kept.
      if (!this.markLinkRun(code)) saveEdit(this.storageId, null);
      this.showShareNote(this.linkRunNote());
    }
    const handle = python.run(code, {
      filename: this.filename(),
      preludes: preludes.codes,
      timeLimitMs,
      onState: (state) => this.setStatus(state),
      onOutput: () => this.showPrinted(handle),
    });
    this.running = handle;
    running.add(this);
    const outcome = await handle.result;
    running.delete(this);
    this.running = null;
    cancelAnimationFrame(this.printedFrame);
    this.printedFrame = 0;
    this.output.classList.remove("fc-output-earlier");
    const focusWasOnStop = document.activeElement === this.stopButton ||
      document.activeElement === document.body;
    this.runButton.disabled = false;
    this.stopButton.disabled = true;
    if (focusWasOnStop && this.element.isConnected) this.runButton.focus();
    if (handle.discarded) return; // Reset came first: keep the restored output
    const limit = seconds(timeLimitMs);
    const unended = outcome.kind === "timeout" || outcome.kind === "stopped";
    // Marked unfinished only if no earlier example's code may have taken the time.
    this.unfinished = unended && !preludes.unfinished ? { code, kind: outcome.kind, limit } : null;
    saveUnfinished(this.storageId, this.unfinished);
    if (outcome.kind === "done") {
      cacheRuntime(); // Python works: keep it for the next visit and offline
      this.showOutput({ ...outcome, note: sharedNote(preludes.shared),
        first: linkedNote(preludes.linked) });
      this.setStatus(outcome.raised ? "error" : "done");
      this.describeEnd(outcome.raised ? outcome.stderr : "");
    } else {
      // Only this run's output, as far as it got; never an earlier run's.
      const note = outcome.kind === "error" ? `${outcome.message}\n` : "";
      const printed = outcome.stdout || outcome.stderr || note;
      // A run that did not end may have spent its time in an earlier example's code.
      const earlier = !unended ? "" : preludes.unfinished ? unfinishedNote(preludes.unfinished)
        : editedNote(preludes.edited, fromLink);
      this.showOutput({
        stdout: outcome.stdout ?? "",
        stderr: (outcome.stderr ?? "") + note + earlier,
        note: printed ? atTheLimit(outcome.stdout ?? "") : PRINTED_NOTHING[outcome.kind]?.(limit) ?? "",
        first: linkedNote(preludes.linked),
      });
      this.setStatus(outcome.kind, outcome.kind === "timeout" ? ` after ${limit}` : "");
      this.describeEnd(outcome.kind === "error" ? outcome.stderr || note : "");
    }
  }

  /**
   * What went wrong in the last run (the last line of what it wrote to stderr: the error and
   * its message), as the description of Run, where the focus goes back when a run ends: the
   * status line, the example's one live region, says only "Error", and a reader who cannot
   * see the output learns what and where without looking for it. The editor's text has it
   * too (after its keys, in the text that describes it), where the focus stays after a run
   * started with Ctrl+Enter. Nothing, after a good run.
   */
  describeEnd(stderr) {
    const last = (stderr ?? "").trim().split("\n").at(-1)?.trim() ?? "";
    const said = last ? `The last run ended in an error: ${last.length > 300
      ? `${last.slice(0, 300)}…` : last}` : "";
    if (said) this.runButton.setAttribute("aria-description", said);
    else this.runButton.removeAttribute("aria-description");
    const inEditor = this.editorHost?.querySelector(".fc-editor-error");
    if (inEditor) inEditor.textContent = said ? ` ${said}` : "";
  }

  /**
   * Show what run `handle` has printed so far, as it prints: once per frame at most, and only
   * while it is the run in progress (its end shows the whole of it).
   */
  showPrinted(handle) {
    if (this.printedFrame) return;
    this.printedFrame = requestAnimationFrame(() => {
      this.printedFrame = 0;
      if (this.running !== handle || handle.discarded) return;
      const printed = handle.printed();
      if (!printed.stdout && !printed.stderr) return;
      this.output.classList.remove("fc-output-earlier");
      this.showOutput(printed);
    });
  }

  /** Replace the output with stdout, then stderr in a `.fc-stderr` span: text nodes only. */
  showOutput({ stdout, stderr, stdoutCut, stderrCut, note = "", first = "" }) {
    const code = document.createElement("code");
    const noted = (text) => {
      const span = document.createElement("span");
      span.className = "fc-note";
      span.textContent = text;
      return span;
    };
    if (first) code.append(noted(first));
    code.append(drawn(displayable(stdout)));
    const stdoutNote = cutNote(stdoutCut) + note;
    if (stdoutNote) code.append(noted(stdoutNote));
    const errText = displayable(stderr) + cutNote(stderrCut);
    if (errText) {
      const span = document.createElement("span");
      span.className = "fc-stderr";
      span.append(drawn(errText));
      code.append(span);
    }
    this.output.replaceChildren(code);
  }

  async edit() {
    python.warmUp(); // editing shows the intent to run: start loading Python now
    // What is typed from this press until the editor is there is kept for it (early.js); a
    // press early.js took before the runtime was there has kept it since.
    const early = window.flipcardsEarly;
    if (early && early.typing?.button !== this.editButton) {
      early.typing = { button: this.editButton, text: "" };
    }
    let typing = null;
    try {
      await this.openEditor(this.code());
    } finally {
      // Opened or not (its module may fail to load), Edit's keys are its own again: Enter on
      // it tries once more.
      typing = early?.typing?.button === this.editButton ? early.typing : null;
      if (typing) early.typing = null;
    }
    this.editor?.focus();
    if (this.editor && typing?.text) this.editor.type(typing.text);
  }

  /**
   * Show the editor in place of the source, holding `code` (an open editor is kept as it is).
   * Loads the editor's module, not Python.
   */
  async openEditor(code) {
    if (this.editor) return;
    const resets = this.resets;
    const opening = { code };
    this.opening = opening;
    let createEditor;
    try {
      ({ createEditor } = await loadEditorModule());
    } finally {
      if (this.opening === opening) this.opening = null;
    }
    // Reset while the module loaded cancels the opening.
    if (this.editor || resets !== this.resets || !this.element.isConnected) return;
    const hintId = `${this.element.id || `example-${this.number}`}-keys`;
    this.editorHost = document.createElement("div");
    this.editorHost.className = "fc-editor";
    const hint = document.createElement("p");
    hint.className = "fc-editor-keys";
    hint.id = hintId;
    hint.textContent = "Ctrl+Enter (⌘+Enter) runs. Tab indents; press Esc then Tab to leave the editor.";
    // What went wrong in the last run, for the editor's description only (describeEnd).
    const error = document.createElement("span");
    error.className = "fc-editor-error fc-visually-hidden";
    hint.append(error);
    this.editorHost.append(hint);
    this.source.after(this.editorHost);
    this.source.hidden = true;
    this.editor = createEditor({
      parent: this.editorHost,
      doc: code,
      onRun: () => this.run(),
      onChange: (text) => this.keep(text),
      label: `Code of example ${this.number}`,
      describedBy: hintId,
    });
    this.editorHost.append(hint); // below the editor
    this.editButton.setAttribute("aria-pressed", "true");
  }

  /** Keep the editor's text for the tab's life (nothing to keep if it is the original). */
  keep(code) {
    // A link's code stays a link's, edited or not, until its own example runs it (or Reset,
    // or Undo to the reader's own edit): edited in the least (a blank line at its end), it
    // passed for the reader's own and ran, unasked, before the later examples of its session.
    let unmarked = false;
    if (this.linkCode !== null) {
      this.linkCode = editorLines(code);
      // A link's code is kept only while its mark is: kept without it (the storage full), it
      // would pass for the reader's own edit once the page is drawn again.
      unmarked = !saveShared(this.storageId, this.linkCode);
    }
    // Run once, a link's code stays marked as the reader edits it (Reset, Undo and a new link
    // take the mark away).
    if (this.linkRun !== null && !this.markLinkRun(code)) unmarked = true;
    const kept = saveEdit(this.storageId, code === this.originalCode || unmarked ? null : code) &&
      !unmarked;
    if (!kept) {
      this.say(`This ${unmarked ? "shared code" : "edit"} is not kept if the page is left (no ` +
        "room to store it)");
    }
    this.namePlaygroundLink(code);
  }

  /** While the example holds other code than its own (`code`), "Open in the playground" says
   * that it opens the original example. */
  namePlaygroundLink(code) {
    const link = this.playgroundLink;
    if (!link) return;
    const [text, label] = editorLines(code) === editorLines(this.originalCode)
      ? this.playgroundWords
      : ["Open the original example in the playground",
        `Open the original example ${this.number} in the playground`];
    if (link.textContent !== text) link.textContent = text;
    if (label) link.setAttribute("aria-label", label);
  }

  /** Whether `code` is the code a share link put in this example, not run here yet. */
  isLinkCode(code) {
    if (code === null) return false;
    const held = editorLines(code);
    const stored = loadShared(this.storageId);
    return held === this.linkCode || (stored !== null && held === editorLines(stored));
  }

  /** Whether `code` is a link's code that the reader ran here (edited or not since). */
  ranLinkCode(code) {
    return code !== null && this.linkRun !== null && editorLines(code) === this.linkRun;
  }

  /** `code`, which this example now holds, is a link's code the reader ran here (null: it
   * holds no such code any more); false if the mark could not be kept for the tab. */
  markLinkRun(code) {
    this.linkRun = code === null ? null : editorLines(code);
    return saveLinkRun(this.storageId, this.linkRun);
  }

  /** The note above an example holding a link's code that the reader ran. */
  linkRunNote() {
    const later = document.querySelectorAll(`.fc-example[data-fc-session="${
      CSS.escape(this.session ?? "")}"]`);
    const goesOn = this.session && later[later.length - 1] !== this.element
      ? " The examples below that go on from this one run it first, and say so."
      : "";
    return `Code from a share link, which you ran. Reset brings back the original.${goesOn}`;
  }

  /** The edit of this example (the reader's own, or a link's): the open editor's, or the one
   * kept for the tab. */
  currentEdit() {
    const code = this.editor ? this.editor.getCode() : loadEdit(this.storageId);
    return code !== null && code !== this.originalCode ? code : null;
  }

  /**
   * Bring back an edit kept from before the page was drawn again: into the editor, with the
   * Undo of a replaced edit if there is one. The pre-rendered output is not this code's.
   */
  async restoreKept() {
    const kept = loadEdit(this.storageId);
    this.offerUndo(...this.heldUndo());
    if (kept !== null && kept !== this.originalCode) {
      // A link's code not run yet is still shown as one: as the address's link, or as one
      // opened earlier in the tab (the address may carry another link, even a damaged one).
      const inAddress = parseShareFragment(location.hash);
      if (this.isLinkCode(kept)) {
        this.markShared(kept, { earlierLink: inAddress?.number !== this.number
          || editorLines(inAddress.code ?? "") !== editorLines(kept) });
      }
      else if (this.ranLinkCode(kept)) this.showShareNote(this.linkRunNote());
      this.namePlaygroundLink(kept);
      this.output.replaceChildren(document.createElement("code"));
      await this.openEditor(kept);
    }
  }

  /** Show Undo when there is an edit to bring back (`code`; `shared`: a link's), hide it
   * otherwise. */
  offerUndo(code, shared = false) {
    this.undoHeld = { code, shared: code !== null && shared };
    // Not kept, nothing stale is left for a reload to bring back.
    if (!saveUndo(this.storageId, code, shared)) saveUndo(this.storageId, null);
    const hadFocus = document.activeElement === this.undoButton;
    this.undoButton.hidden = code === null;
    this.undoButton.setAttribute("aria-label", `Undo: bring back ${shared ? "the shared code" :
      "your edit"} of ${this.spokenName}`);
    if (hadFocus && this.undoButton.hidden) this.editor?.focus();
  }

  /** What Undo brings back now: [code or null, whether it is a link's code]. */
  heldUndo() {
    if (this.undoHeld !== undefined) return [this.undoHeld.code, this.undoHeld.shared];
    return [loadUndo(this.storageId), loadUndoShared(this.storageId)];
  }

  /**
   * `code` (`shared`: a link's code) was replaced in this example: Undo brings it back, unless
   * it is a link's code just as the link brought it and Undo already brings back the reader's
   * own edit, which stays (a link's code the reader changed is their work too: the newer
   * stays). With nothing replaced (null), Undo brings back what it did. Returns what Undo
   * brings back: "your edit", "the shared code", "the shared code with your changes" or "".
   */
  offerReplaced(code, shared, changed = shared && code !== null && this.linkChanged(code)) {
    const [kept, keptShared] = this.heldUndo();
    if (code !== null && (changed || !(shared && kept !== null && !keptShared))) {
      this.offerUndo(code, shared);
    } else {
      this.offerUndo(kept, keptShared);
    }
    const [held, heldShared] = this.heldUndo();
    if (held === null) return "";
    if (!heldShared) return "your edit";
    return held === code && changed ? "the shared code with your changes" : "the shared code";
  }

  /** Whether `code`, a link's code in this example, is not the code as the link brought it:
   * the reader typed into it. */
  linkChanged(code) {
    const sent = this.linkSent ?? loadLinkSent(this.storageId);
    return sent !== null && editorLines(code) !== sent;
  }

  /** Undo: the edit that Reset or a share link replaced comes back into the editor, as it was
   * (a link's code is shown as such). */
  async undo() {
    const [code, shared] = this.heldUndo();
    if (code === null) return;
    this.offerUndo(null);
    this.discardRun();
    if (shared) {
      this.markShared(code);
    } else {
      this.forgetShared();
    }
    this.output.replaceChildren(document.createElement("code"));
    this.setStatus("idle");
    await this.openEditor(code);
    if (this.editor && this.editor.getCode() !== code) this.editor.setCode(code);
    this.keep(code);
    this.say(shared ? "The shared code is back, not run yet" : "Your edit is back");
    this.editor?.focus();
  }

  /**
   * Code from a share link: into the editor, with a note, and nothing run. The pre-rendered
   * output belongs to the original code, so it is cleared; Reset brings both back. The
   * reader's own edit of the example, if any, is one Undo away.
   */
  async openShared(linked) {
    // As the editor will hold it: a link's "\r\n" compared with the editor's "\n" made the
    // code pass for the reader's own, and run before later examples of the session.
    const code = editorLines(linked);
    this.discardRun();
    const replaced = this.currentEdit();
    // (The link may be opened twice for one visit, the page drawn again in between: the edit
    // it replaced the first time is the kept undo by then.)
    this.offerReplaced(replaced === code ? null : replaced,
      this.isLinkCode(replaced) || this.ranLinkCode(replaced));
    this.linkSent = code;
    saveLinkSent(this.storageId, code);
    this.markShared(code); // the mark first: the code is kept only with it (keep)
    this.keep(code);
    this.output.replaceChildren(document.createElement("code"));
    this.setStatus("idle");
    await this.openEditor(code);
    // The editor may have been open already (a second link on the same page).
    if (this.editor && this.editor.getCode() !== code) this.editor.setCode(code);
  }

  /**
   * `code`, now in the example, is a link's code not run yet: kept as such, and the note says
   * so, and what Reset and Undo bring back.
   */
  markShared(code, { earlierLink = false } = {}) {
    this.markLinkRun(null);
    this.linkCode = editorLines(code);
    // Not kept (the storage full), the code is not kept either (keep): said here, as it lasts.
    const lost = saveShared(this.storageId, this.linkCode) ? ""
      : " It is not kept if this page is left: the browser has no room to store it.";
    const undo = this.undoButton.hidden ? ""
      : this.heldUndo()[1] ? " Undo brings back the code of the earlier share link."
        : " Undo brings back your own edit.";
    this.showShareNote(`Shared code${earlierLink ? " from a link opened earlier in this tab" : ""} ` +
      `— press Run to run it. Reset brings back the original.${undo}${lost}`);
    // Say which rule the example belongs to, with a link to it.
    const block = this.element.closest(".fc-rule[id], .fc-ruling[id]");
    if (block) {
      const rule = document.createElement("a");
      rule.href = `#${block.id}`;
      rule.textContent = block.classList.contains("fc-ruling")
        ? `ruling ${block.id.replace(/^ruling-/, "")}` : `rule ${block.id}`;
      this.shareNote.append(" It is an example of ", rule, ".");
    }
    const earlier = this.earlierOfSession().map((other) => other.number);
    if (earlier.length) {
      this.shareNote.append(` It goes on from ${numbered(earlier)} above, run first with the ` +
        "code this page shows there.");
    }
  }

  /** The example no longer holds a link's code: no note, nothing kept as a link's. */
  forgetShared() {
    this.shareNote?.remove();
    this.shareNote = null;
    this.linkCode = null;
    saveShared(this.storageId, null);
    this.markLinkRun(null);
    this.linkSent = null;
    saveLinkSent(this.storageId, null);
  }

  /** A note above the example about the link it was opened from; `error`: it failed. */
  showShareNote(text, { error = false } = {}) {
    if (!this.shareNote?.isConnected) {
      this.shareNote = document.createElement("p");
      this.element.prepend(this.shareNote);
    }
    this.shareNote.className = `fc-share-note${error ? " fc-share-error" : ""}`;
    this.shareNote.setAttribute("role", error ? "alert" : "status");
    this.shareNote.textContent = text;
  }

  /** A run in progress is stopped and its output ignored. */
  discardRun() {
    if (this.running) {
      this.running.discarded = true;
      this.running.cancel();
    }
  }

  /** Back to the original code (highlighted, read-only) and the pre-rendered output. */
  reset() {
    const replaced = this.currentEdit();
    const replacedShared = this.isLinkCode(replaced) || this.ranLinkCode(replaced);
    // (Asked before the link's marks go, just below.)
    const replacedChanged = replacedShared && replaced !== null && this.linkChanged(replaced);
    const focusInside = this.element.contains(document.activeElement) ||
      document.activeElement === document.body;
    this.resets += 1;
    this.opening = null; // an editor still loading will not open
    this.discardRun();
    this.forgetShared();
    this.copier.dismiss();
    if (this.editor) {
      this.editor.destroy();
      this.editor = null;
      this.editorHost.remove();
      this.editorHost = null;
      this.source.hidden = false;
      this.editButton.removeAttribute("aria-pressed");
    }
    this.output.replaceChildren(...this.prerendered.map((node) => node.cloneNode(true)));
    this.setStatus("idle");
    saveEdit(this.storageId, null);
    this.namePlaygroundLink(this.originalCode);
    // The edit Reset replaced is one Undo away (an earlier undo stays if there was no edit).
    const back = this.offerReplaced(replaced, replacedShared, replacedChanged);
    // Said, as Copy and Share are: the status is the example's one live region.
    this.say(replaced === null ? "The original code"
      : `The original code is back${back ? `; Undo brings back ${back}` : ""}`);
    if (focusInside) this.resetButton.focus();
  }

  async copy() {
    const copied = await this.copier.copy(this.code(), `Code of example ${this.number}`);
    this.say(copied ? "Code copied" : FALLBACK_HINT);
  }

  /** A link to this page that opens this example with its code as it is now. */
  async share() {
    const code = this.code();
    const problem = codeProblem(code);
    if (problem) {
      this.say(`Cannot be shared: ${problem}`);
      return;
    }
    const url = shareUrl(this.number, code);
    // A link carries this example's code alone: the reader of the link runs the examples this
    // one goes on from with their code as built, so an edit of one of them is not in it.
    const edited = this.earlierOfSession().filter((other) => other.code() !== other.originalCode)
      .map((other) => other.number);
    const copied = await this.copier.copy(url, `Link to example ${this.number} with its code`);
    if (!copied) this.say(FALLBACK_HINT);
    else if (!edited.length) this.say("Link copied");
    else {
      this.say(`Link copied, with this example's code only: not the edit of ${numbered(edited)}, ` +
        "which this one goes on from");
    }
  }

  stop() {
    this.running?.cancel();
  }
}

/** The address (path and share link) whose code was last opened, if any. */
let openedLink = null;

/** Whether the share link in the address was opened already: on this page as drawn before
 * (the theme draws it again after Back, and after a link pasted into the address bar), or in
 * an earlier load of this tab (a reload, Back to it from another site). */
function openedBefore() {
  const address = window.location.pathname + window.location.hash;
  return address === openedLink || (openedLink === null &&
    loadOpenedLink() === window.location.hash);
}

/**
 * The share link in the address bar (see share-link.mjs), or null. A link whose code was opened
 * already is opened again only while its example still holds that code: an Undo or an edit
 * the reader made since stands (unless the reader asks, `force`).
 */
function shareLinkToOpen({ force = false } = {}) {
  if (addressSetByScript()) return null; // not until the reader says so (openShareLink)
  const shared = parseShareFragment(window.location.hash);
  if (shared?.code === undefined || force || !openedBefore()) return shared;
  const element = linkedElement(shared.number);
  const storageId = element?.id || `example-${shared.number}`;
  return loadEdit(storageId) === shared.code ? shared : null;
}

/** The example a share link names: by its stable id (example-508.2-1), else by its position. */
function linkedElement(number) {
  return number && (document.getElementById(`example-${number}`) ??
    (/^\d+$/.test(number) ? document.querySelectorAll(".fc-example")[Number(number) - 1] : null));
}

/** The examples whose run goes on. */
const running = new Set();

/** The page whose examples were last enhanced, and those examples' elements. */
let shown = { path: "", elements: [] };

/** Enhance the examples of the page that was just shown (once per element). */
function enhance(root = document) {
  const path = pagePath();
  if (shown.path === path) {
    // The theme drew this same page again (it does the first time the fragment of a freshly
    // loaded page changes: a click on a rule's link, an entry of the table of contents): the
    // examples go back in as they were, with their output and a run that goes on.
    const fresh = root.querySelectorAll(".fc-example");
    shown.elements.forEach((element, index) => {
      const now = fresh[index];
      if (now && now !== element && !element.isConnected && now.id === element.id) {
        now.replaceWith(element);
      }
    });
  }
  shown = { path, elements: [...root.querySelectorAll(".fc-example")] };
  // The runs of a page the reader left end with it: one went on to its time limit, and the
  // next page's Run waited behind it, "Running…" for seconds.
  for (const example of running) if (!example.element.isConnected) example.stop();
  const shared = shareLinkToOpen();
  root.querySelectorAll(".fc-example").forEach((element, index) => {
    if (examples.has(element)) return;
    const example = new Example(element, index);
    examples.set(element, example);
    // The example a share link opens gets its kept edit as the Undo, in openShareLink.
    if (shared?.code === undefined || element.id !== `example-${shared.number}`) example.restoreKept();
  });
}

/**
 * Open the share link in the address bar, if it is one (see share-link.mjs): its example
 * gets the code, or the page says why it cannot. Never runs anything. Returns the example it
 * opened, or null. `force`: the reader asked to open it again.
 */
function openShareLink(force = false) {
  // The messages of an earlier link go (the note of code opened from one stays until Reset).
  document.querySelectorAll(".fc-share-error").forEach((note) => note.remove());
  if (addressSetByScript()) {
    offerLinkSetByScript();
    return null;
  }
  const shared = shareLinkToOpen({ force });
  if (!shared) {
    offerLinkOpenedBefore();
    return null;
  }
  const element = linkedElement(shared.number);
  const example = element ? examples.get(element) : null;
  if (!example) {
    const count = document.querySelectorAll(".fc-example").length;
    const reason = shared.error ??
      `it is for example ${linkWords(shared.number)}, but this page has ` +
      (count === 0 ? "no examples" : count === 1 ? "only example 1" : `examples 1 to ${count}`);
    showPageNote(`This share link cannot be opened: ${reason}. Nothing was run.`);
    return null;
  }
  if (shared.error) {
    example.showShareNote(`This share link cannot be opened: ${shared.error}. Nothing was run.`,
      { error: true });
  } else {
    openedLink = window.location.pathname + window.location.hash;
    saveOpenedLink(window.location.hash);
    example.openShared(shared.code);
  }
  example.element.scrollIntoView({ block: "start" });
  // The keyboard starts where the link led, as it does at a rule a link names: at the note
  // (a Tab from it reaches the example's code and its Run), not at the top of the page,
  // forty Tabs and another example's Run away.
  const note = example.shareNote;
  if (note?.isConnected) {
    note.tabIndex = -1;
    note.focus({ preventScroll: true });
  }
  return shared.error ? null : example.element;
}

/**
 * A share link that a script put in the address (another page holding this one, see
 * pages.mjs) is not opened by itself: the page says so, and opens it if the reader asks.
 */
function offerLinkSetByScript() {
  const shared = parseShareFragment(window.location.hash);
  if (!shared) return;
  showPageNote("Another page changed this page's address to a share link" +
    (shared.number ? ` for example ${linkWords(shared.number)}` : "") + ". It was not opened: the " +
    "examples are as you left them. ", "", {
    text: "Open the shared code",
    action: () => {
      acceptAddress();
      // (The note goes with the others: the focus goes to the opened example's note.)
      openShareLink();
    },
  });
}

/**
 * The share link in the address was opened in an earlier load of this tab (the page was
 * reloaded, or Back led to it from another site), and its example has changed since: it is
 * not opened over the reader's work, the page says so, and opens it if the reader asks.
 */
function offerLinkOpenedBefore() {
  const shared = parseShareFragment(window.location.hash);
  if (shared?.code === undefined || openedLink !== null || !openedBefore()) return;
  // Said once for this load: the theme drawing the page again keeps quiet.
  openedLink = window.location.pathname + window.location.hash;
  showPageNote("This share link was opened in this tab before, and example " +
    `${linkWords(shared.number)} has changed since: it was not opened again, and the example ` +
    "is as you left it. ", "", {
    text: "Open the shared code again",
    action: () => openShareLink(true),
  });
}

// --- warming up on intent -----------------------------------------------------------------

const KEEP_READY_KEY = "flipcards.keepPythonReady";

function keepReady() {
  try {
    return localStorage.getItem(KEEP_READY_KEY) === "on";
  } catch {
    return false; // storage blocked: the switch still works for this page
  }
}

/** The "Keep Python ready" switch of a toolbar; all switches show the same setting. */
function keepReadySwitch() {
  const label = document.createElement("label");
  label.className = "fc-keep-ready";
  const input = document.createElement("input");
  input.type = "checkbox";
  input.setAttribute("role", "switch");
  input.checked = keepReady();
  input.addEventListener("change", () => {
    try {
      if (input.checked) localStorage.setItem(KEEP_READY_KEY, "on");
      else localStorage.removeItem(KEEP_READY_KEY);
    } catch {
      // not remembered; the choice holds for this page
    }
    document.querySelectorAll(".fc-keep-ready input").forEach((other) => {
      other.checked = input.checked;
    });
    if (input.checked) python.warmUp();
  });
  label.append(input, " Keep Python ready");
  label.title = "Load Python on every page once it is idle, so examples run at once";
  return label;
}

/** Pointing at, focusing or touching a toolbar, or typing in an editor, starts Python. */
function listenForIntent() {
  const onToolbar = (event) => {
    if (event.target instanceof Element && event.target.closest(".fc-example[data-fc-ready] .fc-toolbar")) {
      python.warmUp();
    }
  };
  for (const type of ["pointerover", "focusin", "touchstart"]) {
    document.addEventListener(type, onToolbar, { capture: true, passive: true });
  }
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof Element && event.target.closest(".fc-editor")) python.warmUp();
  }, { capture: true, passive: true });
}

/** What the reader did before this module ran (early.js): warm up, and replay the clicks,
 * but those on `opened`, the example a share link has just given other code: they were meant
 * for the code shown then, and the shared code runs only when Run is pressed while it shows. */
function honourEarlyActions(opened) {
  const early = window.flipcardsEarly;
  if (!early) return;
  if (early.intent) python.warmUp();
  early.intent = false;
  for (const clicked of early.clicks.splice(0)) {
    if (opened?.contains(clicked)) continue;
    if (clicked.isConnected && !clicked.disabled) clicked.click();
  }
}

/** In a frame of another site, no example can be run, edited or shared: each says where it can. */
function shutOutFrame() {
  for (const element of document.querySelectorAll(".fc-example")) {
    const toolbar = element.querySelector(".fc-toolbar");
    element.dataset.fcReady = ""; // early.js leaves it alone
    if (toolbar) offerOwnPage(toolbar, "Running, editing and sharing this example");
  }
}

const FRAMED = framedByAnotherSite();
if (!FRAMED) listenForIntent();

onEveryPage(() => {
  if (FRAMED) {
    shutOutFrame();
    return;
  }
  enhance();
  honourEarlyActions(openShareLink());
  if (keepReady()) {
    // Once the page is idle, so that reading it comes first.
    const idle = window.requestIdleCallback ?? ((callback) => setTimeout(callback, 1000));
    idle(() => python.warmUp(), { timeout: 5000 });
  }
});
// A share link pasted into the address bar of a page that is already open.
if (!FRAMED) window.addEventListener("hashchange", () => openShareLink());
