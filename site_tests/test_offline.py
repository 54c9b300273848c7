"""The service worker (frontend/sw.js): after one visit in which an example ran, every page
reads and every example runs with the network cut; a new build of the site replaces what the
browser cached."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import HOST, ROOT, Site, Traffic, _free_port, serve
from fcpage import examples, open_page, output_text, run, wait_finished
from playwright.sync_api import Browser, BrowserContext, Page

from flipcards_site import offline

#: Resolves once this page is controlled by an active service worker with its precache done.
CONTROLLED = """() => navigator.serviceWorker.ready.then(() => new Promise((resolve) => {
    if (navigator.serviceWorker.controller) resolve(true);
    else navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true),
                                                  {once: true});
}))"""

#: The names of the caches' entries: {cache name: [path, ...]}.
CACHED = """async () => {
    const found = {};
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        found[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    return found;
}"""


def runtime_list(site_root: Path) -> dict[str, object]:
    """The service worker's list of runtime files, as the build wrote it into sw.js."""
    text = (site_root / offline.SW_URI).read_text(encoding="utf-8")
    match = re.search(r'\{"hash":"(\w+)","urls":(\[[^\]]*\]),"warm":(\[[^\]]*\])\}', text)
    assert match, "no runtime list in sw.js"
    return {"hash": match.group(1), "warm": json.loads(match.group(3))}


def runtime_cache(page: Page) -> tuple[str, list[str]]:
    caches = page.evaluate(CACHED)
    [(name, entries)] = [(n, e) for n, e in caches.items() if n.startswith("flipcards-runtime-")]
    return name, entries


def wait_runtime_cached(page: Page, site_root: Path) -> None:
    """Wait until the service worker has cached every file a run needs."""
    warm = {"/" + url for url in runtime_list(site_root)["warm"]}  # type: ignore[union-attr]
    for _ in range(600):
        caches = page.evaluate(CACHED)
        cached = {p for n, e in caches.items() if n.startswith("flipcards-runtime-") for p in e}
        if warm <= cached:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"not cached: {sorted(warm - cached)}")


def cut_network(context: BrowserContext) -> None:
    """No request reaches the server any more, the service worker's included."""
    context.set_offline(True)
    context.route("**/*", lambda route: route.abort("internetdisconnected"))


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport={"width": 1200, "height": 900},
                                  service_workers="allow")
    context.set_default_timeout(90_000)
    yield context
    context.close()


def test_after_one_visit_every_page_reads_and_every_example_runs_offline(
    context: BrowserContext, site: Site
) -> None:
    page = context.new_page()
    start = site.pages_with_examples(standalone=True)[0]
    open_page(page, site.page_url(start))
    page.evaluate(CONTROLLED)
    first = page.locator(f'[id="{site.examples(start, standalone=True)[0]}"]')
    assert run(first) == ("done", "Done")
    wait_runtime_cached(page, site.root)
    page.close()

    cut_network(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # Really offline: what was never cached cannot be had.
    page.goto(site.page_url(start), wait_until="load")
    assert page.evaluate("""() => fetch("never-cached.txt").then(() => "fetched",
                                                                  () => "failed")""") == "failed"
    for path in site.pages:
        open_page(page, site.page_url(path))
        assert page.locator("article h1").count() == 1, f"{path or 'home'} did not load offline"
        found = examples(page)
        expected = [output_text(example) for example in found]
        for example in found:
            example.locator(".fc-run").click()
        for number, (example, want) in enumerate(zip(found, expected, strict=True), start=1):
            assert wait_finished(example) == ("done", "Done"), f"{path}: example {number}"
            assert output_text(example) == want, f"{path}: example {number} offline"
    assert errors == []


def test_reading_caches_no_python(context: BrowserContext, site: Site) -> None:
    traffic = Traffic()
    context.on("request", lambda request: traffic.requests.append(request.url))
    page = context.new_page()
    page.mouse.move(0, 0)
    open_page(page, site.page_url(site.pages_with_examples()[0]))
    page.evaluate(CONTROLLED)
    caches = page.evaluate(CACHED)
    precached = [p for n, e in caches.items() if not n.startswith("flipcards-runtime-") for p in e]
    assert any(p.endswith("/index.html") for p in precached)  # the pages are cached...
    assert not any(n.startswith("flipcards-runtime-") for n in caches)  # ...Python is not
    assert not any("/assets/pyodide/" in url or "/assets/python/" in url
                   for url in traffic.requests)


def test_a_new_build_replaces_the_cached_pages_and_python(
    context: BrowserContext, site: Site, tmp_path: Path
) -> None:
    # A copy of the site on its own origin, so that "rebuilding" it touches no other test.
    root = tmp_path / "site"
    shutil.copytree(site.root, root)
    port = _free_port()
    url = f"http://{HOST}:{port}/"
    about = next(p for p in site.pages if "about" in p)
    with serve(root, port):
        page = context.new_page()
        path, first = site.first_example()
        open_page(page, url + path)
        page.evaluate(CONTROLLED)
        assert run(page.locator(f'[id="{first}"]')) == ("done", "Done")
        wait_runtime_cached(page, root)
        old_cache, _ = runtime_cache(page)

        # The next build: a page and the worker's script change; the build writes sw.js anew.
        about_html = root / about / "index.html"
        about_html.write_text(about_html.read_text(encoding="utf-8").replace(
            "</h1>", " (new edition)</h1>", 1), encoding="utf-8")
        worker = root / "javascripts" / "worker.mjs"
        worker.write_text(worker.read_text(encoding="utf-8") + "\n// next build\n",
                          encoding="utf-8")
        page.goto(url + about)
        assert "(new edition)" not in page.locator("article h1").inner_text()  # from the cache
        offline.write_service_worker(root, ROOT / "build" / "sw" / "sw.js")

        # The browser looks for a new service worker; the new one takes over at once.
        page.evaluate("""() => navigator.serviceWorker.ready.then(async (registration) => {
            const changed = new Promise((resolve) => navigator.serviceWorker.addEventListener(
                "controllerchange", resolve, {once: true}));
            await registration.update();
            await changed;
        })""")
        page.goto(url + about)
        assert "(new edition)" in page.locator("article h1").inner_text()
        open_page(page, url + path)
        first = site.examples(path, standalone=True)[0]
        assert run(page.locator(f'[id="{first}"]')) == ("done", "Done")
        wait_runtime_cached(page, root)
        new_cache, entries = runtime_cache(page)
        assert new_cache != old_cache  # the old build's Python is gone
        assert "/javascripts/worker.mjs" in entries
        page.close()
