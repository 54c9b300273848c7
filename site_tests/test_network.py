"""Reader code cannot send anything anywhere: the Content-Security-Policy of every page (a
<meta> tag, and the same policy in the headers the host sends from the shipped headers file),
and the worker's own guard, which refuses every route out with "examples cannot use the
network". Every route is tried with and without the headers; the site's examples still run."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import Elsewhere, Site, Tab, read_headers_file, served_tab
from fcpage import edit, open_page, output_text, run
from playwright.sync_api import Browser, Page

REFUSED = "examples cannot use the network"
WORKERS_REFUSED = "examples cannot use workers or channels"
STORAGE_REFUSED = "examples cannot use the site's storage"
CODE_REFUSED = "examples cannot run JavaScript made from text"


@pytest.fixture(params=["headers", "meta-only"])
def served(request: pytest.FixtureRequest) -> Iterator[str]:
    """The site served with the headers of its headers file, and without them."""
    if request.param == "meta-only":
        request.getfixturevalue("without_headers")
    yield request.param


def policy_of(page: Page) -> str:
    meta = page.locator('meta[http-equiv="Content-Security-Policy"]')
    assert meta.count() == 1
    return meta.get_attribute("content") or ""


def test_every_page_carries_the_policy_in_a_meta_tag(site: Site) -> None:
    for path in [*site.root.rglob("*.html")]:
        text = path.read_text(encoding="utf-8")
        if "<head>" not in text:
            continue
        head = text[: text.index("</head>")]
        assert head.count('http-equiv="Content-Security-Policy"') == 1, path
        # Before any script or stylesheet: a <meta> policy does not cover what comes before it.
        meta_at = head.index('http-equiv="Content-Security-Policy"')
        for tag in ("<script", "<link"):
            assert tag not in head[:meta_at], (path, tag)


def test_the_headers_file_holds_the_same_policy(site: Site) -> None:
    headers = read_headers_file(site.root / "_headers")
    policy = headers["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    for name in ("default-src", "connect-src", "worker-src", "img-src", "font-src"):
        assert directives[name].split()[0] == "'self'", name
    assert "'wasm-unsafe-eval'" in directives["script-src"]
    assert "'unsafe-inline'" not in directives["script-src"]
    assert "'unsafe-eval'" not in directives["script-src"]
    assert "http" not in policy and "*" not in policy


def test_the_test_server_sends_the_headers(page: Page, site: Site) -> None:
    response = page.goto(site.page_url(""))
    assert response is not None
    assert response.headers["content-security-policy"] == read_headers_file(
        site.root / "_headers")["Content-Security-Policy"]
    worker = page.request.get(site.url + "javascripts/worker.mjs")
    assert "content-security-policy" in worker.headers


def test_the_page_itself_cannot_reach_another_origin(
    page: Page, site: Site, elsewhere: Elsewhere, served: str
) -> None:
    """What markup or a script injected into the page would try: all refused by the policy."""
    elsewhere.hits.clear()
    open_page(page, site.page_url(""))
    assert "connect-src 'self'" in policy_of(page)
    refused = page.evaluate("""async (url) => {
        const tries = {};
        try { await fetch(url + "page-fetch"); tries.fetch = "sent"; }
        catch (error) { tries.fetch = "refused"; }
        tries.image = await new Promise((resolve) => {
            const image = new Image();
            image.onload = () => resolve("loaded");
            image.onerror = () => resolve("refused");
            image.src = url + "page-image.png";
        });
        tries.script = await import(url + "page-import.mjs").then(() => "ran", () => "refused");
        return tries;
    }""", elsewhere.url)
    page.wait_for_timeout(300)
    assert refused == {"fetch": "refused", "image": "refused", "script": "refused"}
    assert elsewhere.hits == []


#: route -> Python code that tries it against URL (the other origin), and the message of the
#: worker's sandbox that refuses it (the policy, where there is one, is a second line).
ROUTES = {
    "fetch": ("import js\njs.fetch(URL + 'fetch')", REFUSED),
    # A coroutine: stepped by hand, as top-level code cannot await it.
    "pyfetch": ("from pyodide.http import pyfetch\npyfetch(URL + 'pyfetch').send(None)", REFUSED),
    "xhr-open-url": ("from pyodide.http import open_url\nopen_url(URL + 'open-url')", REFUSED),
    "xhr": ("import js\nx = js.XMLHttpRequest.new()\nx.open('GET', URL + 'xhr')\nx.send()",
            REFUSED),
    "websocket": ("import js\njs.WebSocket.new(URL.replace('http', 'ws') + 'ws')", REFUSED),
    "eventsource": ("import js\njs.EventSource.new(URL + 'events')", REFUSED),
    "import-scripts": ("import js\njs.importScripts(URL + 'import-scripts.js')", REFUSED),
    "worker": ("import js\njs.Worker.new(URL + 'worker.js')", WORKERS_REFUSED),
    "blob-worker": ("import js\n"
                    "source = js.Array.new()\n"
                    "source.push(f\"fetch('{URL}blob-worker')\")\n"
                    "blob = js.Blob.new(source, type='text/javascript')\n"
                    "js.Worker.new(js.URL.createObjectURL(blob))", WORKERS_REFUSED),
    "cache": ("import js\njs.caches.open('x')", STORAGE_REFUSED),
    # JavaScript made from text: `import()` reaches any address.
    "dynamic-import": ("import js\njs.eval(f\"import('{URL}dynamic-import.mjs')\")", CODE_REFUSED),
    "run-js": ("from pyodide.code import run_js\nrun_js(f\"import('{URL}run-js.mjs')\")",
               CODE_REFUSED),
    "function": ("import js\njs.Function.new(f\"return import('{URL}function.mjs')\")()",
                 CODE_REFUSED),
    "function-of-a-function": ("import js\nmake = js.Reflect.get("
                               "js.Object.getPrototypeOf(js.Object), 'constructor')\n"
                               "make.new(f\"return import('{URL}made.mjs')\")()", CODE_REFUSED),
    "async-function": ("import js, pyodide_js\n"
                       "make = js.Reflect.get(js.Object.getPrototypeOf(pyodide_js.loadPackage), "
                       "'constructor')\nmake.new(f\"await import('{URL}async.mjs')\")()",
                       CODE_REFUSED),
    "timer-given-text": ("import js\njs.setTimeout(f\"import('{URL}timer.mjs')\", 0)",
                         CODE_REFUSED),
}


@pytest.fixture(scope="module", params=["headers", "meta-only", "guard-only"])
def tab(request: pytest.FixtureRequest, browser: Browser, site: Site) -> Iterator[Tab]:
    """One tab per way of serving: its policy is the one its pages were loaded with, and in
    a browser that applies none (a worker that does not inherit the page's), the worker's
    guard alone."""
    with served_tab(browser, plain=request.param != "headers",
                    no_policy=request.param == "guard-only") as tab:
        path = site.pages_with_examples(standalone=True)[0]
        open_page(tab.page, site.page_url(path))
        yield tab


@pytest.mark.parametrize("route", list(ROUTES))
def test_reader_code_cannot_reach_another_origin(
    tab: Tab, site: Site, elsewhere: Elsewhere, route: str
) -> None:
    elsewhere.hits.clear()
    path = site.pages_with_examples(standalone=True)[0]
    example = tab.page.locator(f'[id="{site.examples(path, standalone=True)[0]}"]')
    example.locator(".fc-reset").click()
    expected = output_text(example)
    attempt, refusal = ROUTES[route]
    edit(example, f"URL = {elsewhere.url!r}\n{attempt}\nprint('not refused')\n")
    assert run(example) == ("error", "Error")
    stderr = example.locator(".fc-stderr").text_content() or ""
    assert "not refused" not in output_text(example)
    assert refusal in stderr
    tab.page.wait_for_timeout(500)  # anything sent in the background would have arrived
    assert elsewhere.hits == []
    assert tab.off_origin(site) == []
    # The site's own example still runs, with its pre-rendered output.
    example.locator(".fc-reset").click()
    assert run(example) == ("done", "Done")
    assert output_text(example) == expected
    assert tab.dialogs == []
