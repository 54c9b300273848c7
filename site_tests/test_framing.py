"""Another site cannot frame the site's pages and trick a reader into pressing Run.

A page of another origin (a second server on this machine) frames each kind of page. Where the
host sends the site's headers, the browser refuses the frame (``frame-ancestors 'none'``,
``X-Frame-Options: DENY``); on a plain host the page loads in the frame but offers nothing to
run, edit or share there: a note links to the page on its own.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from conftest import HOST, LOAD_TIMEOUT_MS, Site, _free_port, headers_off
from playwright.sync_api import Browser, Frame, Page

FRAMER_PAGE = (b"<!doctype html><title>Another site</title>"
               b"<p>Win a prize: press the button below!</p>"
               b'<iframe id="victim" width="1000" height="700"></iframe>')


@pytest.fixture(scope="module")
def framer_url() -> Iterator[str]:
    """Another site, on another port of this machine: every address is the framing page."""

    class Framer(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(FRAMER_PAGE)))
            self.end_headers()
            self.wfile.write(FRAMER_PAGE)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer((HOST, _free_port()), Framer)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://{HOST}:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


#: One page of each kind: rules with examples, a card, the playground, a rule's own page (which
#: sends the browser on to the rule in context), the home page.
FRAMED_PAGES = ["rule-508/", "cards/bushi-tenderfoot/", "playground/", "rules/508.1a/", ""]


@pytest.fixture
def framer(browser: Browser, framer_url: str) -> Iterator[Page]:
    """A tab on another site's page, which frames whatever `frame()` is given."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.set_default_timeout(LOAD_TIMEOUT_MS)
    page = context.new_page()
    page.goto(framer_url)
    yield page
    context.close()


def frame(framer: Page, url: str) -> Frame:
    """Point the framing page's iframe at `url`; the frame once its document has loaded."""
    with framer.expect_event("framenavigated", lambda f: f.parent_frame is not None):
        framer.evaluate("(url) => { document.getElementById('victim').src = url; }", url)
    framed = framer.locator("#victim").element_handle().content_frame()
    assert framed is not None
    framed.wait_for_load_state("load")
    return framed


@pytest.mark.parametrize("path", FRAMED_PAGES, ids=lambda path: path.strip("/") or "home")
def test_the_headers_forbid_another_site_to_frame_a_page(
    framer: Page, site: Site, path: str
) -> None:
    framed = frame(framer, site.page_url(path))
    # The browser put its error page in the frame: nothing of the site is there.
    assert not framed.url.startswith(site.url), framed.url
    inside = framer.frame_locator("#victim")
    assert inside.locator(".fc-example, .fc-playground, article").count() == 0


@pytest.mark.parametrize("path", ["rule-508/", "cards/bushi-tenderfoot/"])
def test_a_framed_page_of_a_plain_host_runs_nothing(framer: Page, site: Site, path: str) -> None:
    with headers_off():
        framed = frame(framer, site.page_url(path))
        inside = framer.frame_locator("#victim")
        examples = inside.locator(".fc-example")
        assert examples.count() > 0
        notes = inside.locator(".fc-framed-note")
        notes.first.wait_for()
        # Every example: its toolbar gave way to the note; reading is still possible.
        assert notes.count() == examples.count()
        assert inside.locator(".fc-run, .fc-edit, .fc-share, .cm-editor").count() == 0
        assert inside.locator(".fc-example .fc-output").first.inner_text().strip()
        link = notes.first.locator("a")
        assert link.get_attribute("href") == site.page_url(path)
        assert link.get_attribute("target") == "_blank"
        # Nothing was kept to run later, and Python was not even loaded.
        assert not framed.evaluate("Boolean(window.flipcardsEarly)")


def test_a_framed_share_link_of_a_plain_host_opens_no_code(framer: Page, site: Site) -> None:
    with headers_off():
        frame(framer, site.page_url("rule-508/") + "#example-1&fc1=11.cHJpbnQoImhpIik")
        inside = framer.frame_locator("#victim")
        inside.locator(".fc-framed-note").first.wait_for()
        assert inside.locator(".cm-editor, .fc-run").count() == 0


def test_the_framed_playground_of_a_plain_host_offers_its_own_page(
    framer: Page, site: Site
) -> None:
    with headers_off():
        frame(framer, site.page_url("playground/"))
        inside = framer.frame_locator("#victim")
        note = inside.locator(".fc-framed-note")
        note.wait_for()
        assert "The playground" in note.inner_text()
        assert inside.locator(".fc-playground").count() == 0
