"""Helpers the browser tests share: find, edit, run and share the examples of a page."""

from __future__ import annotations

import base64
import re

from playwright.sync_api import Locator, Page

#: The examples' runtime files: none of them may be fetched before the reader acts.
RUNTIME_FILES = (
    "/assets/pyodide/",
    "/assets/flipcards/flipcards.zip",
    "/javascripts/worker.mjs",
    "/assets/js/editor.js",
)

#: A run has ended when its status is one of these (a stopped run goes back to idle).
_FINISHED = """(status) => status.dataset.state === "done" || status.dataset.state === "error"
    || (status.dataset.state === "idle" && status.textContent !== "")"""


def open_page(page: Page, url: str) -> None:
    """Go to `url` and wait until the runtime has filled every example's toolbar."""
    page.goto(url, wait_until="load")
    page.wait_for_function(
        """() => [...document.querySelectorAll(".fc-example")]
                 .every((example) => example.querySelector(".fc-toolbar .fc-run"))"""
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
    page.wait_for_url(url)
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
    example.locator(".fc-status").evaluate(
        f"""(status) => new Promise((resolve) => {{
            const finished = {_FINISHED};
            if (finished(status)) return resolve();
            new MutationObserver((_, observer) => {{
                if (finished(status)) {{ observer.disconnect(); resolve(); }}
            }}).observe(status, {{attributes: true, childList: true, characterData: true,
                                  subtree: true}});
        }})"""
    )
    return status(example)


def run(example: Locator) -> tuple[str, str]:
    """Click Run and wait for the run to end; return the final status."""
    example.locator(".fc-run").click()
    return wait_finished(example)


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
    match = re.fullmatch(r"#?example-(\d+)&fc1=(\d+)\.([A-Za-z0-9_-]*)", fragment)
    assert match, f"not a share fragment: {fragment!r}"
    number, length, encoded = match.groups()
    data = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4))
    assert len(data) == int(length)
    return number, data.decode("utf-8")


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
