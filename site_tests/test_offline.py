"""The service worker (frontend/sw.js): after one visit in which an example ran, every page
reads and every example runs with the network cut; a new build of the site replaces what the
browser cached; and what it serves from its caches is what the build hashed: an entry that a
script of the site's origin put in their place is never served, online or offline."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import HOST, ROOT, Site, Traffic, _free_port, serve
from fcpage import examples, follow_link, open_page, output_text, run, wait_finished
from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError

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
    """The service worker's list of runtime files, as the build wrote it into sw.js:
    {"hash", "files": [{"url", "revision"}], "warm": [url]}."""
    text = (site_root / offline.SW_URI).read_text(encoding="utf-8")
    match = re.search(r'\{"hash":"(\w+)","files":(\[[^\]]*\]),"warm":(\[[^\]]*\])\}', text)
    assert match, "no runtime list in sw.js"
    return {"hash": match.group(1), "files": json.loads(match.group(2)),
            "warm": json.loads(match.group(3))}


def precache_list(site_root: Path) -> list[dict[str, str]]:
    """The pages Workbox precaches, as the build wrote them into sw.js: [{"url", "revision"}]."""
    text = (site_root / offline.SW_URI).read_text(encoding="utf-8")
    start = text.find('[{"url":')
    assert start >= 0, "no precache manifest in sw.js"
    entries: list[dict[str, str]] = json.JSONDecoder().raw_decode(text, start)[0]
    return entries


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


# --- the caches are never trusted: any script on the origin can write them ------------------

#: Puts `body` in the cache `name` under `key`, as any script on the site's origin can.
FORGE = """async ([name, key, body, type]) => {
    const cache = await caches.open(name);
    await cache.put(key, new Response(body, {headers: {"Content-Type": type}}));
}"""

#: The SHA-256 (hex) of what the cache `name` holds under `key`, or null when it holds nothing.
CACHED_HASH = """async ([name, key]) => {
    const response = await (await caches.open(name)).match(key);
    if (!response) return null;
    const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}"""

FORGED_PAGE = "<h1>FORGED</h1>"


@dataclass
class Forgery:
    """A cache entry a script replaces: the cache, the exact key, what goes there, and the
    hash of the file the build wrote (what a repaired entry holds)."""

    cache: str
    key: str
    body: str
    type: str
    real: str

    def put(self, page: Page) -> None:
        page.evaluate(FORGE, [self.cache, self.key, self.body, self.type])
        forged = hashlib.sha256(self.body.encode()).hexdigest()
        assert page.evaluate(CACHED_HASH, [self.cache, self.key]) == forged  # in place

    def wait_repaired(self, page: Page) -> None:
        """Wait until the cache holds the build's file again under the key."""
        page.wait_for_function(f"""async () => (await ({CACHED_HASH})(
            {json.dumps([self.cache, self.key])})) === {json.dumps(self.real)}""", polling=100)

    def cached(self, page: Page) -> str | None:
        hash_: str | None = page.evaluate(CACHED_HASH, [self.cache, self.key])
        return hash_


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def precache_key(page: Page, path: str) -> tuple[str, str]:
    """(cache name, key) of the precached file at `path` (e.g. "/about/index.html"): the key is
    the address with Workbox's revision parameter, found among the caches' entries."""
    found: list[list[str]] = page.evaluate("""async (path) => {
        const found = [];
        for (const name of await caches.keys()) {
            if (name.startsWith("flipcards-runtime-")) continue;
            for (const request of await (await caches.open(name)).keys()) {
                if (new URL(request.url).pathname === path) found.push([name, request.url]);
            }
        }
        return found;
    }""", path)
    assert len(found) == 1, f"{path}: {found}"
    [(name, key)] = found
    assert "__WB_REVISION__=" in key
    return name, key


def forgeries(page: Page, site: Site, page_path: str) -> dict[str, Forgery]:
    """The entries a hostile script would replace: a precached page (by its index.html), the
    Python worker's script and the package, under the keys the service worker reads."""
    name, key = precache_key(page, f"/{page_path}index.html")
    runtime, _ = runtime_cache(page)
    return {
        "page": Forgery(name, key, FORGED_PAGE, "text/html",
                        sha256(site.root / page_path / "index.html")),
        "worker": Forgery(runtime, site.url + "javascripts/worker.mjs",
                          'throw new Error("FORGED worker");', "text/javascript",
                          sha256(site.root / "javascripts" / "worker.mjs")),
        "package": Forgery(runtime, site.url + "assets/flipcards/flipcards.zip",
                           "FORGED package", "application/zip",
                           sha256(site.root / "assets" / "flipcards" / "flipcards.zip")),
    }


def visit_and_run(context: BrowserContext, site: Site) -> tuple[Page, str, str, str]:
    """A first visit: the page controlled by the service worker, its precache done, an example
    run and the runtime cached. Returns the page, the example's page and id, and its output."""
    page = context.new_page()
    start, example = site.first_example()
    open_page(page, site.page_url(start))
    page.evaluate(CONTROLLED)
    first = page.locator(f'[id="{example}"]')
    expected = output_text(first)
    assert run(first) == ("done", "Done")
    assert output_text(first) == expected
    wait_runtime_cached(page, site.root)
    return page, start, example, expected


def test_the_built_service_worker_holds_the_hash_of_every_file_it_caches(site: Site) -> None:
    pages, runtime = precache_list(site.root), runtime_list(site.root)["files"]
    entries = [*pages, *runtime]  # type: ignore[misc]
    assert len(pages) > 20 and len(runtime) > 5
    for entry in entries:
        assert re.fullmatch(r"[0-9a-f]{32}", entry["revision"]), entry
        assert entry["revision"] == sha256(site.root / entry["url"])[:32], entry["url"]


def test_a_forged_cache_entry_is_never_served_and_is_repaired(
    context: BrowserContext, site: Site
) -> None:
    about = next(p for p in site.pages if "about" in p)
    page, start, example, expected = visit_and_run(context, site)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    forged = forgeries(page, site, about)

    # A reload of the example's page, then an instant navigation to the forged page.
    for forgery in forged.values():
        forgery.put(page)
    open_page(page, site.page_url(start))
    # Given a forged answer, the theme would leave the old page in place: fail sooner than
    # the context's timeout.
    page.set_default_timeout(30_000)
    try:
        follow_link(page, site.page_url(about))
    except PlaywrightError as error:
        raise AssertionError("the instant navigation did not show the page") from error
    page.set_default_timeout(90_000)
    assert "FORGED" not in page.content()
    assert page.locator("article h1").first.inner_text().startswith("About")
    forged["page"].wait_repaired(page)

    # A reload of the forged page itself.
    forged["page"].put(page)
    page.reload(wait_until="load")
    assert "FORGED" not in page.content()
    assert page.locator("article h1").first.inner_text().startswith("About")
    forged["page"].wait_repaired(page)

    # A run with the worker's script and the package forged: Python gets the real ones.
    forged["worker"].put(page)
    forged["package"].put(page)
    open_page(page, site.page_url(start))
    first = page.locator(f'[id="{example}"]')
    assert run(first) == ("done", "Done")
    assert output_text(first) == expected
    for forgery in forged.values():
        forgery.wait_repaired(page)
    assert errors == []
    page.close()

    # Put back from the network, so the site still works offline.
    cut_network(context)
    page = context.new_page()
    open_page(page, site.page_url(about))
    assert page.locator("article h1").first.inner_text().startswith("About")
    open_page(page, site.page_url(start))
    first = page.locator(f'[id="{example}"]')
    assert run(first) == ("done", "Done")
    assert output_text(first) == expected


def test_offline_a_forged_cache_entry_is_never_served(
    context: BrowserContext, site: Site
) -> None:
    about = next(p for p in site.pages if "about" in p)
    page, start, _, _ = visit_and_run(context, site)
    forged = forgeries(page, site, about)
    for forgery in forged.values():
        forgery.put(page)
    page.close()

    cut_network(context)
    page = context.new_page()
    # The forged page is deleted; the network is out of reach: the "not found" page instead.
    page.goto(site.page_url(about), wait_until="load")
    assert "FORGED" not in page.content()
    assert page.locator("article h1").first.inner_text().startswith("Page not found")
    # The worker's script and the package: no answer rather than the forged one.
    for name in ("worker", "package"):
        outcome = page.evaluate("""(url) => fetch(url).then(
            (response) => response.text(), () => "failed")""", forged[name].key)
        assert outcome == "failed", name
    for forgery in forged.values():
        assert forgery.cached(page) is None  # deleted

    # The "not found" page forged too: the navigation fails (a forged page would load).
    not_found = Forgery(*precache_key(page, "/404.html"), FORGED_PAGE, "text/html",
                        sha256(site.root / "404.html"))
    forged["page"].put(page)
    not_found.put(page)
    with pytest.raises(PlaywrightError, match="net::ERR_FAILED"):
        page.goto(site.page_url(about), wait_until="load")
    page.close()  # (the browser is putting its error page in it)
    page = context.new_page()
    open_page(page, site.page_url(start))  # intact: still read offline
    assert forged["page"].cached(page) is None
    assert not_found.cached(page) is None


def test_the_builds_own_bytes_under_a_document_type_are_never_served(
    context: BrowserContext, site: Site
) -> None:
    """The search index's real bytes, stored as a web page: a browser would render them as one,
    under the site's origin. The check is of the file, type included, not of the bytes alone."""
    page = context.new_page()
    open_page(page, site.page_url(""))
    page.evaluate(CONTROLLED)
    index = site.root / "search" / "search_index.json"
    name, key = precache_key(page, "/search/search_index.json")
    forgery = Forgery(name, key, index.read_text(encoding="utf-8"), "text/html", sha256(index))
    forgery.put(page)
    served = page.evaluate("""(url) => fetch(url).then((response) =>
        response.headers.get("Content-Type"))""", site.url + "search/search_index.json")
    assert "html" not in served
    forgery.wait_repaired(page)
