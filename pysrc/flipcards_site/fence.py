"""The ``flipcards`` fence: a runnable example in a page.

Registered in ``mkdocs.yml`` as a custom fence of ``pymdownx.superfences``::

    custom_fences:
      - name: flipcards
        class: fc-example
        validator: !!python/name:flipcards_site.fence.validate
        format: !!python/name:flipcards_site.fence.format

The formatter runs the example natively (:mod:`flipcards_site.examples`) and emits this HTML,
which the browser runtime (``docs/javascripts/runner.mjs``) enhances::

    <div class="fc-example" id="example-N" data-fc-session="NAME">     (N: its position, or
                                                                       the fence's stable id)
      <div class="fc-source no-copy">
        <pre><code class="language-python">…highlighted…</code></pre></div>
      <template class="fc-code" data-search-exclude="">…the code, HTML-escaped…</template>
      <div class="fc-toolbar" data-search-exclude="">…Run, Edit, Reset, Copy, Share, Stop
                                                   buttons, a status line…</div>
      <pre class="fc-output no-copy" id="example-N-output" aria-live="polite">
        <code>…stdout (escaped)…</code></pre>
    </div>

The toolbar is in the HTML, so Run can be pressed the moment the page is shown: a click that
comes before the runtime's script has run is kept by ``docs/javascripts/early.js`` and carried
out once the runtime is there.

``no-copy`` tells the theme to add no copy button of its own to the source or the output: the
toolbar has the example's Copy, which copies the code as edited, too.

The original code is in a ``<template>``: the browser parses it (so the escapes decode) but
never shows or runs it. A ``<script type="text/plain">`` would not survive Material's instant
navigation, which re-creates every inline script of the new page as a JavaScript one.
``data-search-exclude`` keeps this second copy of the code out of the search index, and the
toolbar's words ("RunEditResetCopyShareStop" in every result's text) too.
"""

from __future__ import annotations

import html
import re
from typing import Any

from mkdocs.exceptions import PluginError
from pygments import highlight  # type: ignore[import-untyped]
from pygments.formatters import HtmlFormatter  # type: ignore[import-untyped]
from pygments.lexers import PythonLexer  # type: ignore[import-untyped]
from pymdownx.superfences import SuperFencesException  # type: ignore[import-untyped]

from . import examples, playground

__all__ = ["FenceError", "check_unrecognized", "format", "render_example", "toolbar", "validate"]

#: The fence options an example may have.
OPTIONS = frozenset({"session", "id"})

#: A stable example id: the rule (or ruling) the example belongs to and its number there,
#: ``id="508.2-1"`` (element id ``example-508.2-1``). Share links name the example by it, so
#: they survive examples added or moved on the page; it never is a bare number, which is what
#: an example without one is called (its position on the page).
STABLE_ID = re.compile(r"[a-z0-9]+(?:[.-][a-z0-9]+)*-[1-9]\d*")

#: What a ``flipcards`` fence whose header SuperFences could not parse (e.g. an option name
#: with a hyphen) turns into, outside code blocks: inline code that starts with the header
#: line (backticks), or a paragraph that starts with it (tildes).
UNRECOGNIZED = re.compile(
    r"(?:<code>(?:`{3,}|~{3,})?|(?:<p>|^)(?:`{3,}|~{3,}))flipcards[ \t]+[^<\n]*\n", re.MULTILINE)
_CODE_BLOCK = re.compile(r"<pre\b.*?</pre>", re.DOTALL)


class FenceError(PluginError, SuperFencesException):  # type: ignore[misc]
    """A malformed ``flipcards`` fence. SuperFences lets this one through, MkDocs reports it."""


def validate(language: str, inputs: dict[str, str], options: dict[str, Any],
             attrs: dict[str, Any], md: Any) -> bool:
    """Accept the ``session`` and ``id`` options only; anything else fails the build.

    Returning ``False`` would let SuperFences fall back to an ordinary code block, which would
    hide the mistake, so an unknown option raises instead.
    """
    for key, value in inputs.items():
        if key not in OPTIONS:
            raise FenceError(
                f"{_where(md)}: unknown option {key}={value!r} on a flipcards fence "
                f"(allowed: {', '.join(sorted(OPTIONS))})"
            )
        if key == "id":
            if not STABLE_ID.fullmatch(value):
                raise FenceError(f'{_where(md)}: id="{value}" is not an example id; write the '
                                 'rule and the example\'s number there, e.g. id="508.2-1"')
            taken = {r.name for r in examples.current_page(md).results}
            if value in taken:
                raise FenceError(f'{_where(md)}: two examples with id="{value}" on the page')
        elif not value.strip() or value == key:
            raise FenceError(f'{_where(md)}: a flipcards fence needs session="NAME", '
                             f"got {value!r}")
        options[key] = value
    return True


def _where(md: Any) -> str:
    """The page and number of the example being read, for error messages."""
    page = examples.current_page(md)
    return f"{page.page}: example {len(page.results) + 1}"


def check_unrecognized(html_text: str, page: str) -> None:
    """Fail if a ``flipcards`` fence of the converted page was not taken for a fence."""
    # Code blocks may show a fence, e.g. to explain the syntax: only look outside them.
    found = UNRECOGNIZED.search(_CODE_BLOCK.sub("", html_text))
    if found:
        header = html.unescape(found.group(0).removeprefix("<code>")).strip()
        raise FenceError(f"{page}: a flipcards fence with an unreadable header: {header!r} "
                         '(the options are session="NAME" and id="508.2-1")')


def format(src: str, language: str, css_class: str, options: dict[str, Any], md: Any,
           **kwargs: Any) -> str:
    """Run the example and return its HTML (the SuperFences formatter signature)."""
    return render_example(src, options.get("session"), examples.current_page(md),
                          options.get("id"))


def render_example(code: str, session: str | None, page: examples.PageExamples,
                   name: str | None = None) -> str:
    """Run `code` as the next example of `page` and return the example's HTML."""
    result = page.run(code, session, name)
    session_attr = f' data-fc-session="{html.escape(session)}"' if session else ""
    # A plain sequence of model calls also opens in the playground (flipcards_site.playground).
    scenario = None if session else playground.example_scenario(code)
    number = result.anchor.removeprefix("example-")
    open_link = (playground.link_html(scenario, "Open in the playground",
                                      f"Open example {number} in the playground") + "\n"
                 if scenario else "")
    return (
        f'<div class="fc-example" id="{result.anchor}"{session_attr}>\n'
        f'<div class="fc-source no-copy"><pre><code class="language-python">{_highlight(code)}'
        f"</code></pre></div>\n"
        f'<template class="fc-code" data-search-exclude="">{html.escape(code, quote=False)}'
        f"</template>\n"
        f'<div class="fc-toolbar" data-search-exclude="">'
        f'{toolbar(result.anchor.removeprefix("example-"))}</div>\n'
        # (An id of its own: the theme names each block after the nearest id, the example's
        # for the source, so the output would get the same name.)
        f'<pre class="fc-output no-copy" id="{result.anchor}-output" aria-live="polite"><code>'
        f"{_output_html(result.outcome.stdout, result.outcome.stderr)}</code></pre>\n"
        f"{open_link}</div>"
    )


#: The toolbar's buttons: (class, text, accessible name with {name} for "example N").
TOOLBAR_BUTTONS = (
    ("fc-run", "Run", "Run {name}"),
    ("fc-edit", "Edit", "Edit {name}"),
    ("fc-reset", "Reset", "Reset {name}"),
    ("fc-copy", "Copy", "Copy the code of {name}"),
    ("fc-share", "Share", "Share {name}"),
    ("fc-stop", "Stop", "Stop {name}"),
)


#: Stop has nothing to stop until a run starts.
DISABLED = ' disabled=""'


def toolbar(number: str) -> str:
    """The buttons and the status line of example `number`, as the runtime expects them.

    >>> print(toolbar("3")[:94])
    <button type="button" class="fc-button fc-run" aria-label="Run example 3">Run</button><button
    """
    name = f"example {html.escape(number)}"
    buttons = "".join(
        f'<button type="button" class="fc-button {css}" aria-label="{label.format(name=name)}"'
        f"{DISABLED if css == 'fc-stop' else ''}>{text}</button>"
        for css, text, label in TOOLBAR_BUTTONS
    )
    return f'{buttons}<span class="fc-status" role="status" data-state="idle"></span>'


def _highlight(code: str) -> str:
    """Python code as Pygments token spans (the classes Material's code colours use)."""
    return str(highlight(code, PythonLexer(), HtmlFormatter(nowrap=True))).rstrip("\n")


def _output_html(stdout: str, stderr: str) -> str:
    """The output as the runtime shows it: stdout, then stderr in a ``.fc-stderr`` span."""
    out = html.escape(stdout, quote=False)
    if stderr:
        out += f'<span class="fc-stderr">{html.escape(stderr, quote=False)}</span>'
    return out
