// The code editor of the runnable examples: a CodeMirror 6 view with Python
// highlighting, bundled by esbuild into build/js/editor.js (an ES module) and
// lazy-loaded by docs/javascripts/runner.mjs the first time a reader clicks Edit.
//
// Colours come from Material for MkDocs' own CSS variables (--md-code-*), so the
// editor follows the light/dark palette switch without a second theme.
//
// Keyboard: Tab indents (readers expect it); CodeMirror's escape hatch keeps the
// editor from trapping focus: press Esc, then Tab (or Shift-Tab) moves on.
// Ctrl-Enter (Cmd-Enter on macOS) runs the example.

import { EditorState } from "@codemirror/state";
import {
  EditorView,
  keymap,
  drawSelection,
  highlightSpecialChars,
  lineNumbers,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import {
  HighlightStyle,
  bracketMatching,
  indentOnInput,
  indentUnit,
  syntaxHighlighting,
} from "@codemirror/language";
import { python } from "@codemirror/lang-python";
import { tags } from "@lezer/highlight";

// Token colours: the same variables Material uses for its Pygments blocks.
const materialHighlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.definitionKeyword, tags.moduleKeyword],
    color: "var(--md-code-hl-keyword-color)" },
  { tag: [tags.string, tags.special(tags.string)], color: "var(--md-code-hl-string-color)" },
  { tag: [tags.number, tags.bool, tags.null], color: "var(--md-code-hl-number-color)" },
  // --fc-code-comment-color (site stylesheet) darkens Material's comment grey,
  // which is just under the 4.5:1 contrast WCAG asks for.
  { tag: [tags.comment, tags.lineComment],
    color: "var(--fc-code-comment-color, var(--md-code-hl-comment-color))" },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)],
    color: "var(--md-code-hl-function-color)" },
  { tag: [tags.className, tags.definition(tags.className)], color: "var(--md-code-hl-constant-color)" },
  { tag: [tags.operator, tags.compareOperator, tags.logicOperator],
    color: "var(--fc-code-comment-color, var(--md-code-hl-operator-color))" },
  { tag: [tags.punctuation, tags.bracket, tags.separator],
    color: "var(--fc-code-comment-color, var(--md-code-hl-punctuation-color))" },
  { tag: [tags.self, tags.special(tags.variableName)], color: "var(--md-code-hl-special-color)" },
]);

// Layout and chrome: fit the content (no fixed height), use the page's code font.
// No active-line background: tinted backgrounds drop the token colours below 4.5:1.
const materialTheme = EditorView.theme({
  "&": {
    color: "var(--md-code-fg-color)",
    backgroundColor: "var(--md-code-bg-color)",
    fontSize: "0.85em",
  },
  "&.cm-focused": { outline: "2px solid var(--md-accent-fg-color)" },
  ".cm-scroller": { fontFamily: "var(--md-code-font-family, monospace)", lineHeight: "1.5" },
  ".cm-content": { caretColor: "var(--md-code-fg-color)", padding: "0.6em 0" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--md-code-fg-color)" },
  ".cm-gutters": {
    backgroundColor: "var(--md-code-bg-color)",
    // Line numbers: the site's readable quiet grey (Material's is 4.47:1 here).
    color: "var(--fc-muted-fg-color, var(--md-default-fg-color--light))",
    border: "none",
  },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection": {
    backgroundColor: "var(--md-code-hl-color, #ffff0080)",
  },
});

/**
 * Create an editor inside `parent`.
 *
 * @param {object} options
 * @param {HTMLElement} options.parent  element the editor is appended to
 * @param {string} options.doc          initial code
 * @param {() => void} [options.onRun]  called on Ctrl/Cmd-Enter
 * @param {(code: string) => void} [options.onChange]  called with the whole text after each change
 * @param {string} [options.label]      accessible name of the editing area
 * @param {string} [options.describedBy] id of an element describing the keys
 * @returns {{view: EditorView, getCode: () => string, setCode: (code: string) => void,
 *            focus: () => void, type: (text: string) => void, destroy: () => void}}
 */
export function createEditor({ parent, doc, onRun, onChange, label = "Python code", describedBy }) {
  const runKeys = keymap.of([
    { key: "Mod-Enter", run: () => { if (onRun) onRun(); return true; } },
  ]);
  const contentAttributes = { "aria-label": label };
  if (describedBy) contentAttributes["aria-describedby"] = describedBy;

  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        runKeys, // before the default keymap so Mod-Enter is ours
        lineNumbers(),
        // Every control that reorders the text around it is drawn as a mark, so that code
        // from a link reads as it runs; the editor's own list leaves out four of them
        // (embeddings, their end, and the first-strong isolate). So is every character that
        // draws as nothing and could hide text: the Hangul fillers (Python takes them as
        // names), the word joiner and invisible operators, the Mongolian vowel separator and
        // the tag characters; and the invisible marks Python also takes within a name (`total`
        // and `total` with a variation selector after it are two names that read as one): the
        // combining grapheme joiner, the Khmer inherent vowels, the Mongolian free variation
        // selectors, the variation selectors and the zero-width (non-)joiner.
        highlightSpecialChars({
          addSpecialChars: /[\u202a-\u202c\u2068\u115f\u1160\u3164\uffa0\u2060-\u2064\u180e\u034f\u17b4\u17b5\u180b-\u180d\u180f\ufe00-\ufe0f\u200c\u200d]|[\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/u,
        }),
        // Long lines wrap: code that a run of spaces pushed past the right edge (a line that
        // reads as one call and runs two) is in sight, and a phone needs no sideways scrolling.
        EditorView.lineWrapping,
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        indentUnit.of("    "),
        python(),
        syntaxHighlighting(materialHighlight),
        materialTheme,
        EditorView.contentAttributes.of(contentAttributes),
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        // Every change of the text, typed or set, so that the page can keep it.
        EditorView.updateListener.of((update) => {
          if (update.docChanged && onChange) onChange(update.state.doc.toString());
        }),
      ],
    }),
  });

  return {
    view,
    getCode: () => view.state.doc.toString(),
    setCode: (code) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: code } }),
    focus: () => view.focus(),
    // Text typed by the reader before the editor was there, typed now where the caret is.
    type: (text) => view.dispatch(view.state.replaceSelection(text),
      { scrollIntoView: true, userEvent: "input.type" }),
    destroy: () => view.destroy(),
  };
}
