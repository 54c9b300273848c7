"""Helpers the browser tests share: find, edit, run and share the examples of a page, open a
rule with its link tools, open, read and compare the playground, and search."""

from __future__ import annotations

import base64
import json
import re
import time
import zlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from playwright.sync_api import BrowserContext, Locator, Page, Route, expect

if TYPE_CHECKING:
    from conftest import Site

#: The examples' runtime files: none of them may be fetched before the reader acts.
RUNTIME_FILES = (
    "/assets/pyodide/",
    "/assets/python/",
    "/assets/flipcards/flipcards.zip",
    "/javascripts/worker.mjs",
    "/assets/js/editor.js",
)

#: Python that finds the runner's output callback in the heap (the channel of printed text to
#: the page) and names it `send`: what hostile code can reach without the runner's help.
CALLBACK = """import gc
def output_callback():
    for thing in gc.get_objects():
        writer = getattr(thing, 'on_write', None) if type(thing).__name__ == 'CappedText' else None
        for cell in getattr(writer, '__closure__', None) or ():
            found = cell.cell_contents
            if type(found).__module__.startswith('pyodide') and callable(found):
                return found
    raise LookupError('no output callback in the heap')
send = output_callback()
"""

#: How long a test waits for a run to end (a cold start under load included).
RUN_WAIT_MS = 180_000

#: A run has ended when its status is one of these (a stopped run goes back to idle).
_FINISHED = """(status) => status.dataset.state === "done" || status.dataset.state === "error"
    || (status.dataset.state === "idle" && status.textContent !== "")"""


def holds_soon(page: Page, condition: Callable[[], bool], timeout_ms: int = 60_000) -> None:
    """Wait until `condition` (of what the test has seen: requests, held routes) holds; the
    page's events are handled meanwhile."""
    for _ in range(timeout_ms // 100):
        if condition():
            return
        page.wait_for_timeout(100)
    raise AssertionError("timed out")


class HeldRequests:
    """The requests of a page or a context to `pattern`, held unanswered (the host is slow)
    until `release`; once released, later ones go through. True once one is held."""

    def __init__(self, owner: Page | BrowserContext, pattern: str) -> None:
        self.routes: list[Route] = []
        self._released = False
        owner.route(pattern, self._hold)

    def _hold(self, route: Route) -> None:
        if self._released:
            route.continue_()
        else:
            self.routes.append(route)

    def __bool__(self) -> bool:
        return bool(self.routes)

    def release(self, answer: Callable[[Route], None] = Route.continue_) -> None:
        """Answer each held request with `answer` (let it through, unless told otherwise)."""
        self._released = True
        for route in self.routes:
            answer(route)


def open_page(page: Page, url: str) -> None:
    """Go to `url` and wait until the runtime has taken over every example."""
    page.goto(url, wait_until="load")
    wait_taken_over(page)


def wait_taken_over(page: Page) -> None:
    """Wait until the runtime has taken over every example of the page shown."""
    page.wait_for_function(
        """() => [...document.querySelectorAll(".fc-example")]
                 .every((example) => example.hasAttribute("data-fc-ready"))"""
    )


def examples(page: Page) -> list[Locator]:
    """The examples of the page, in page order."""
    return page.locator(".fc-example").all()


def follow_link(page: Page, url: str) -> None:
    """Click a link to ``url`` added to the article, as a reader does: Material's instant
    navigation takes it (no page load)."""
    page.evaluate(
        """(url) => {
            const link = document.createElement("a");
            link.href = url;
            link.textContent = "next";
            link.id = "fc-test-link";
            document.getElementById("fc-test-link")?.remove();
            const article = document.querySelector("article");
            article.dataset.fcTestLeft = "";  // gone once the next page's content is in
            article.append(link);
        }""",
        url,
    )
    page.locator("#fc-test-link").click()
    # (The page shown may write a fragment of its own at once: the playground its board.)
    page.wait_for_url(lambda at: at == url or at.partition("#")[0] == url)
    # The address changes before the theme puts the next page in: wait for the page itself.
    page.wait_for_function(
        """() => !document.querySelector("article[data-fc-test-left]")
                 && [...document.querySelectorAll(".fc-example")]
                    .every((example) => example.querySelector(".fc-toolbar .fc-run"))"""
    )


def output_text(example: Locator) -> str:
    return example.locator(".fc-output").text_content() or ""


def status(example: Locator) -> tuple[str, str]:
    """(data-state, text) of the example's status line."""
    element = example.locator(".fc-status")
    return element.get_attribute("data-state") or "", element.text_content() or ""


def wait_finished(example: Locator) -> tuple[str, str]:
    """Wait until the example's run ends; return its status line as it was when it ended.
    (Read then, in the page: read again afterwards, it may be another element's, or changed.)"""
    # The status element is watched until the run ends, it leaves the page (the page drawn
    # again: the example's new one is watched then) or RUN_WAIT_MS pass: never forever.
    deadline = time.monotonic() + RUN_WAIT_MS / 1000
    while True:
        outcome = example.locator(".fc-status").evaluate(
            f"""(status) => new Promise((resolve) => {{
                const finished = {_FINISHED};
                const ended = () => [status.dataset.state || "", status.textContent || ""];
                if (finished(status)) return resolve(ended());
                const end = (outcome) => {{
                    observer.disconnect();
                    clearInterval(gone);
                    clearTimeout(late);
                    resolve(outcome);
                }};
                const observer = new MutationObserver(() => {{
                    if (finished(status)) end(ended());
                }});
                observer.observe(status, {{attributes: true, childList: true,
                                           characterData: true, subtree: true}});
                const gone = setInterval(() => {{ if (!status.isConnected) end("gone"); }}, 100);
                const late = setTimeout(() => end("waiting"), {RUN_WAIT_MS});
            }})"""
        )
        if isinstance(outcome, list):
            return outcome[0], outcome[1]
        assert time.monotonic() < deadline, (
            f"the run did not end within {RUN_WAIT_MS / 1000:.0f} s: {status(example)}")


def run(example: Locator) -> tuple[str, str]:
    """Click Run and wait for the run to end; return the final status."""
    example.locator(".fc-run").click()
    return wait_finished(example)


def wait_python_ready(page: Page) -> None:
    """Wait until the sandbox that will serve the next Run has Python loaded."""
    page.evaluate("""() => {
        const start = document.querySelector('script[src$="javascripts/start.js"]');
        return import(new URL("./worker-client.mjs", start.src).href)
            .then((python) => { window.__python = python; });
    }""")
    page.wait_for_function("() => window.__python.isReady()", polling=100)


def wait_state(example: Locator, state: str) -> None:
    example.locator(f'.fc-status[data-state="{state}"]').wait_for()


def edit(example: Locator, code: str) -> None:
    """Open the editor and replace its whole text with `code`, as a reader would type it."""
    example.locator(".fc-edit").click()
    content = example.locator(".cm-content")
    content.wait_for()
    content.click()
    page = example.page
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(code)


def editor_text(example: Locator) -> str:
    """The editor's text, line by line (CodeMirror draws one element per line)."""
    return "\n".join(example.locator(".cm-content .cm-line").all_text_contents())


def share_fragment(number: str | int, code: str) -> str:
    """The fragment of a share link (format fc1, docs/javascripts/share-link.mjs), without "#"."""
    data = code.encode("utf-8")
    encoded = base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")
    return f"example-{number}&fc1={len(data)}.{encoded}"


def shared_code(fragment: str) -> tuple[str, str]:
    """(example number, code) of a share link's fragment, read as share-link.mjs reads it."""
    match = re.fullmatch(r"#?example-([^&]+)&fc1=(\d+)\.([A-Za-z0-9_-]*)", fragment)
    assert match, f"not a share fragment: {fragment!r}"
    number, length, encoded = match.groups()
    data = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4))
    assert len(data) == int(length)
    return number, data.decode("utf-8")


# --- the playground ---------------------------------------------------------------------

def open_playground(page: Page, url: str) -> None:
    """Go to the playground (`url` may carry a link's fragment) and wait until it is ready."""
    page.goto(url, wait_until="load")
    wait_playground(page)


def wait_playground(page: Page) -> None:
    page.locator('.fc-playground[data-ready="true"]:not([aria-busy])').wait_for()


def opened_by(page: Page, url: str, ready: Callable[[Page], None], *,
              closable: bool = False) -> Page:
    """The page at `url`, opened with window.open by `page` (about:blank: another origin),
    which keeps a handle on it as `window.reader`; once `ready` says it is. If `closable`, the
    opener is instead a page `page` opened in a tab of its own (as the reader opens a link
    in a new tab), which may close itself (its `reader.opener()`)."""
    page.goto("about:blank")
    if closable:
        with page.context.expect_page() as tab:
            page.evaluate("() => { window.open('about:blank', '_blank', 'noopener'); }")
        page = tab.value
    with page.context.expect_page() as popup:
        page.evaluate("(url) => { window.reader = window.open(url); }", url)
    reader = popup.value
    reader.wait_for_load_state("load")
    ready(reader)
    return reader


def playground_fragment(scenario: object) -> str:
    """The fragment (without "#") of a playground link, made as the build makes them."""
    from flipcards_site.playground import fragment

    return fragment(scenario)  # type: ignore[arg-type]


def fragment_scenario(fragment: str) -> Any:
    """The scenario a playground link's fragment carries (format pg1)."""
    match = re.fullmatch(r"#?pg1=(\d+)\.([A-Za-z0-9_-]+)", fragment)
    assert match, f"not a playground fragment: {fragment!r}"
    data = base64.urlsafe_b64decode(match.group(2) + "=" * (-len(match.group(2)) % 4))
    text = zlib.decompress(data, -15)
    assert len(text) == int(match.group(1))
    return json.loads(text)


def playground_scenario(page: Page) -> Any:
    """The situation the open playground shows, read from its address."""
    return fragment_scenario(page.evaluate("location.hash"))


def drawn_board(page: Page) -> dict[str, Any]:
    """What the playground draws: each player's life and each object by zone, with the text
    the reader sees (name, P/T, states) and whether its frame is turned (flipped)."""
    found: list[Any] = page.evaluate(
        """() => {
          const board = [];
          for (const section of document.querySelectorAll(".fc-pg-player")) {
            const heading = section.querySelector(".fc-pg-player-name").textContent;
            const [name, life] = heading.split(" · ");
            // (Pairs, made a dict in Python: an id "__proto__" is a key like any other.)
            const permanents = [...section.querySelectorAll(".fc-pg-permanent")]
              .map((item) => [item.dataset.id, {
                name: item.querySelector(".fc-pg-name").textContent,
                pt: item.querySelector(".fc-pg-pt")?.textContent ?? null,
                turned: item.querySelector(".fc-pg-frame").classList.contains("is-turned"),
                tapped: item.classList.contains("is-tapped"),
              }]);
            const others = [...section.querySelectorAll(".fc-pg-card-line")]
              .map((line) => [line.dataset.id, line.querySelector(".fc-pg-card-name").textContent]);
            board.push([name, {life, permanents, others}]);
          }
          return board;
        }""")
    return {name: {"life": player["life"], "permanents": dict(player["permanents"]),
                   "others": dict(player["others"])} for name, player in found}


def model_board(scenario: Any) -> dict[str, Any]:
    """What the playground must draw for `scenario`, from the model's own output."""
    from flipcards.browser import playground_json

    out = json.loads(playground_json(json.dumps(scenario)))
    assert "error" not in out, out
    board: dict[str, Any] = {}
    for player in out["players"]:
        name = player["name"]
        permanents = {
            oid: {"name": o["name"],
                  "pt": None if o["power"] is None else f"{o['power']}/{o['toughness']}",
                  "turned": o["half"] == "flipped", "tapped": o["tapped"]}
            for oid, o in out["objects"].items()
            if o["zone"] == "battlefield" and o["controller"] == name}
        others = {oid: o["name"] for oid, o in out["objects"].items()
                  if o["zone"] not in ("battlefield", None) and o["owner"] == name}
        board[name] = {"life": f"{player['life']} life", "permanents": permanents,
                       "others": others}
    return board


def kept_edit(page: Page, example_id: str) -> str | None:
    """The edit kept for the tab (docs/javascripts/edits.mjs) of an example of this page."""
    kept: str | None = page.evaluate(
        """(id) => sessionStorage.getItem(
            `flipcards:edit:${location.pathname.replace(/index\\.html$/, "")}#${id}`)""",
        example_id)
    return kept


def kept_undo(page: Page, example_id: str) -> str | None:
    """The replaced edit that Undo brings back, kept for the tab."""
    kept: str | None = page.evaluate(
        """(id) => sessionStorage.getItem(
            `flipcards:undo:${location.pathname.replace(/index\\.html$/, "")}#${id}`)""",
        example_id)
    return kept


# --- rules and their link tools --------------------------------------------------------

def own_url(site: Site, anchor: str) -> str:
    """The rule's own page: rules/508.1a/, rulings/3/."""
    if anchor.startswith("ruling-"):
        return f"{site.url}rulings/{anchor.removeprefix('ruling-')}/"
    return f"{site.url}rules/{anchor}/"


#: What the status says once each copy button has copied (which one, on a phone too).
COPIED = {".fc-copy-link": "Link copied", ".fc-copy-markdown": "Markdown quote copied",
        ".fc-copy-bbcode": "BBCode quote copied"}


def open_with_tools(page: Page, url: str) -> None:
    page.goto(url, wait_until="load")
    page.wait_for_function(
        """() => [...document.querySelectorAll(".fc-rule, .fc-ruling")]
                 .every((block) => block.querySelector(".fc-link-tools"))"""
    )


def search(page: Page, query: str, *, phone: bool = False) -> list[str]:
    """Type `query` into the search, as a reader does; the links of the results, best first."""
    if phone:
        page.locator("label.md-header__button[for='__search']").tap()
    else:
        page.locator("input.md-search__input").click()
    # Typed once the search index is ready (before, Material ignores what is typed).
    expect(page.locator(".md-search-result__meta")).to_have_text("Type to start searching")
    page.keyboard.type(query, delay=20)
    page.locator(".md-search-result__item").first.wait_for()
    hrefs: list[str] = page.locator(".md-search-result__item > .md-search-result__link") \
        .evaluate_all("(as) => as.map((a) => a.href)")
    return hrefs


#: The contrast (WCAG's ratio) of an element's `color` or `outlineColor` (the argument) with
#: what is drawn under it: the backgrounds of its ancestors (and its own, under its text),
#: each laid over the one below it as its alpha says.
CONTRAST = """(element, property) => {
    const rgba = (color) => {
        const [r, g, b, a = 1] = color.match(/[\\d.]+/g).map(Number);
        return [r, g, b, a];
    };
    const over = ([r, g, b, a], [R, G, B]) => [r * a + R * (1 - a), g * a + G * (1 - a),
                                               b * a + B * (1 - a)];
    const layers = [];
    const from = property === "color" ? element : element.parentElement;
    for (let e = from; e; e = e.parentElement) layers.push(getComputedStyle(e).backgroundColor);
    const back = layers.reverse()
        .reduce((below, layer) => over(rgba(layer), below), [255, 255, 255]);
    const drawn = over(rgba(getComputedStyle(element)[property]), back);
    const lum = (rgb) => rgb.map((v) => {
        v /= 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
    const [a, b] = [lum(drawn), lum(back)];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""
