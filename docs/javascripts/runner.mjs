// Runnable examples: turns every `.fc-example` on a page into an interactive one.
//
// The build emits, per example (see the team contract):
//   <div class="fc-example" id="example-N" [data-fc-session="NAME"] [data-fc-time-limit="SECONDS"]>
//     <div class="fc-source"><pre><code>…highlighted code…</code></pre></div>
//     <template class="fc-code">…the original code, HTML-escaped…</template>
//     <div class="fc-toolbar"></div>
//     <pre class="fc-output" aria-live="polite"><code>…pre-rendered stdout…</code></pre>
//   </div>
// This module fills the toolbar (Run, Edit, Reset, Copy, Stop and a status line) and
// wires it to the Python worker. Nothing is downloaded until the reader clicks Run or
// Edit. Output is always inserted as text nodes, never parsed as HTML.
//
// Material's instant navigation replaces the page without re-running module scripts,
// so the work starts from its `document$` observable, which emits once per page.

import * as python from "./worker-client.mjs";
import { onEveryPage } from "./pages.mjs";

const EDITOR_MODULE = new URL("../assets/js/editor.js", import.meta.url).href;

// Outcome -> [data-state, text] of the status line (the states and texts of the contract).
const STATUS = {
  idle: ["idle", ""],
  loading: ["loading", "Loading Python…"],
  running: ["running", "Running…"],
  done: ["done", "Done"],
  error: ["error", "Error"],
  stopped: ["idle", "Stopped"],
  timeout: ["error", "Timed out"],
};

/** Per-example state, keyed by the `.fc-example` element. */
const examples = new WeakMap();

let editorModule = null;
function loadEditorModule() {
  editorModule ??= import(EDITOR_MODULE);
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

function button(className, text, label) {
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
  return cut.lines > 0
    ? `… output cut: ${cut.lines} more lines\n`
    : `… output cut: ${cut.chars} more characters\n`;
}

class Example {
  constructor(element, index) {
    this.element = element;
    this.number = element.id.replace(/^example-/, "") || String(index + 1);
    this.session = element.dataset.fcSession || null;
    this.source = element.querySelector(".fc-source");
    this.output = element.querySelector(".fc-output");
    this.prerendered = [...this.output.childNodes].map((node) => node.cloneNode(true));
    this.originalCode = readOriginalCode(element);
    this.editor = null;
    this.editorHost = null;
    this.running = null; // the handle of the run in progress
    this.buildToolbar(element.querySelector(".fc-toolbar"));
  }

  buildToolbar(toolbar) {
    const name = `example ${this.number}`;
    this.runButton = button("fc-run", "Run", `Run ${name}`);
    this.editButton = button("fc-edit", "Edit", `Edit ${name}`);
    this.resetButton = button("fc-reset", "Reset", `Reset ${name}`);
    this.copyButton = button("fc-copy", "Copy", `Copy the code of ${name}`);
    this.stopButton = button("fc-stop", "Stop", `Stop ${name}`);
    this.stopButton.disabled = true;
    this.status = document.createElement("span");
    this.status.className = "fc-status";
    this.status.setAttribute("role", "status");
    this.status.dataset.state = "idle";

    this.runButton.addEventListener("click", () => this.run());
    this.editButton.addEventListener("click", () => this.edit());
    this.resetButton.addEventListener("click", () => this.reset());
    this.copyButton.addEventListener("click", () => this.copy());
    this.stopButton.addEventListener("click", () => this.stop());

    toolbar.replaceChildren(this.runButton, this.editButton, this.resetButton,
      this.copyButton, this.stopButton, this.status);
  }

  /** The name of this example's code in tracebacks, as in the build: "<example-N>". */
  filename() {
    return `<example-${this.number}>`;
  }

  /** The code as the reader sees it now: the editor's, or the original. */
  code() {
    return this.editor ? this.editor.getCode() : this.originalCode;
  }

  setStatus(outcome) {
    const [state, text] = STATUS[outcome];
    this.status.dataset.state = state;
    this.status.textContent = text;
  }

  /** Earlier examples of the same session on this page, in page order. */
  preludes() {
    if (!this.session) return [];
    const codes = [];
    for (const element of document.querySelectorAll(".fc-example")) {
      if (element === this.element) break;
      const other = examples.get(element);
      if (other && other.session === this.session) {
        codes.push({ filename: other.filename(), code: other.code() });
      }
    }
    return codes;
  }

  /** The time limit: `data-fc-time-limit` (seconds) on the example, else the default. */
  timeLimitMs() {
    const seconds = Number.parseFloat(this.element.dataset.fcTimeLimit);
    return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
  }

  async run() {
    if (this.running) return;
    this.runButton.disabled = true;
    this.stopButton.disabled = false;
    this.setStatus("loading");
    const handle = python.run(this.code(), {
      filename: this.filename(),
      preludes: this.preludes(),
      timeLimitMs: this.timeLimitMs(),
      onState: (state) => this.setStatus(state),
    });
    this.running = handle;
    const outcome = await handle.result;
    this.running = null;
    this.runButton.disabled = false;
    this.stopButton.disabled = true;
    if (handle.discarded) return; // Reset came first: keep the restored output
    if (outcome.kind === "done") {
      this.showOutput(outcome);
      this.setStatus(outcome.raised ? "error" : "done");
    } else {
      if (outcome.kind === "error") this.showOutput({ stdout: "", stderr: `${outcome.message}\n` });
      this.setStatus(outcome.kind);
    }
  }

  /** Replace the output with stdout, then stderr in a `.fc-stderr` span: text nodes only. */
  showOutput({ stdout, stderr, stdoutCut, stderrCut }) {
    const code = document.createElement("code");
    code.append(document.createTextNode(stdout));
    const stdoutNote = cutNote(stdoutCut);
    if (stdoutNote) {
      const note = document.createElement("span");
      note.className = "fc-note";
      note.textContent = stdoutNote;
      code.append(note);
    }
    const errText = stderr + cutNote(stderrCut);
    if (errText) {
      const span = document.createElement("span");
      span.className = "fc-stderr";
      span.textContent = errText;
      code.append(span);
    }
    this.output.replaceChildren(code);
  }

  async edit() {
    python.warmUp(); // editing shows the intent to run: start loading Python now
    if (this.editor) {
      this.editor.focus();
      return;
    }
    const code = this.code();
    const { createEditor } = await loadEditorModule();
    if (this.editor || !this.element.isConnected) return;
    const hintId = `${this.element.id || `example-${this.number}`}-keys`;
    this.editorHost = document.createElement("div");
    this.editorHost.className = "fc-editor";
    const hint = document.createElement("p");
    hint.className = "fc-editor-keys";
    hint.id = hintId;
    hint.textContent = "Ctrl+Enter (⌘+Enter) runs. Tab indents; press Esc then Tab to leave the editor.";
    this.editorHost.append(hint);
    this.source.after(this.editorHost);
    this.source.hidden = true;
    this.editor = createEditor({
      parent: this.editorHost,
      doc: code,
      onRun: () => this.run(),
      label: `Code of example ${this.number}`,
      describedBy: hintId,
    });
    this.editorHost.append(hint); // below the editor
    this.editButton.setAttribute("aria-pressed", "true");
    this.editor.focus();
  }

  /** Back to the original code (highlighted, read-only) and the pre-rendered output. */
  reset() {
    if (this.running) {
      this.running.discarded = true;
      this.running.cancel();
    }
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
  }

  async copy() {
    const code = this.code();
    try {
      await navigator.clipboard.writeText(code);
      this.status.textContent = "Code copied";
    } catch {
      this.status.textContent = "Copy failed: select the code and copy it by hand";
    }
  }

  stop() {
    this.running?.cancel();
  }
}

/** Enhance the examples of the page that was just shown (once per element). */
function enhance(root = document) {
  root.querySelectorAll(".fc-example").forEach((element, index) => {
    if (examples.has(element)) return;
    examples.set(element, new Example(element, index));
  });
}

onEveryPage(() => enhance());
