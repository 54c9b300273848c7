"""The service worker (frontend/sw.js) and its page side (docs/javascripts/offline.mjs).

Reading a page costs that page: it installs without the network and keeps what the visit
downloaded; the rest of the site arrives once, in the background, only after the reader has
interacted with the page (or stayed a while), Python's files only after a Run; the switch
"Make this site available offline" downloads everything at once with its progress, and
turned off stops the background downloads. After one visit in which an example ran, every page
reads and every example runs with the network cut; a new build of the site replaces what
changed; and what it serves from its caches is what the build hashed: an entry that a script
of the site's origin put in their place is never served, online or offline.

The waits offline.mjs makes before downloading are shortened through its localStorage
settings (`flipcards.offline.quietMs`, `flipcards.offline.dwellMs`)."""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import shutil
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import pytest
from conftest import (
    HOST,
    ROOT,
    Elsewhere,
    Site,
    _free_port,
    _Handler,
    serve,
)
from fcpage import (
    RUNTIME_FILES,
    HeldRequests,
    examples,
    follow_link,
    open_page,
    output_text,
    run,
    wait_finished,
    wait_taken_over,
)
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from playwright.sync_api import Error as PlaywrightError

from flipcards_site import offline

#: Resolves once this page is controlled by an active service worker.
CONTROLLED = """() => navigator.serviceWorker.ready.then(() => new Promise((resolve) => {
    if (navigator.serviceWorker.controller) resolve(true);
    else navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true),
                                                  {once: true});
}))"""

#: The service worker's status: {state, done, total, asked} (see frontend/sw.js).
STATUS = """() => navigator.serviceWorker.ready.then((registration) => new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    registration.active.postMessage({type: "status"}, [channel.port2]);
}))"""

#: The keys of the caches' entries, as path and search: {cache name: [path?search, ...]}.
CACHED = """async () => {
    const found = {};
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        found[name] = (await cache.keys()).map((request) => {
            const url = new URL(request.url);
            return url.pathname + url.search;
        });
    }
    return found;
}"""

#: Resolves once the page's main thread has been idle twice (offline.mjs asks in idle time).
IDLE = "() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve)))"

SITE_CACHE = "flipcards-site"
RUNTIME_CACHE = "flipcards-runtime"
REVISION = "__WB_REVISION__"


# --- the build's lists, as sw.js holds them ---------------------------------------------------


def runtime_list(site_root: Path) -> dict[str, Any]:
    """The service worker's list of runtime files, as the build wrote it into sw.js:
    {"files": [{"url", "revision"}], "warm": [url]}."""
    text = (site_root / offline.SW_URI).read_text(encoding="utf-8")
    match = re.search(r'\{"files":(\[[^\]]*\]),"warm":(\[[^\]]*\])\}', text)
    assert match, "no runtime list in sw.js"
    return {"files": json.loads(match.group(1)), "warm": json.loads(match.group(2))}


def site_list(site_root: Path) -> list[dict[str, str]]:
    """The site's files the service worker keeps, as the build wrote them into sw.js."""
    text = (site_root / offline.SW_URI).read_text(encoding="utf-8")
    start = text.find('[{"url":')
    assert start >= 0, "no list of the site's files in sw.js"
    entries: list[dict[str, str]] = json.JSONDecoder().raw_decode(text, start)[0]
    return entries


def key(entry: dict[str, str]) -> str:
    """The cache key of a listed file, as path and search."""
    return f"/{entry['url']}?{REVISION}={entry['revision']}"


def wanted_keys(site_root: Path, *, python: bool = False, everything: bool = False) -> set[str]:
    """The cache keys of what a download wants: the site's files, and the files a run needs
    (`python`) or every runtime file (`everything`)."""
    runtime = runtime_list(site_root)
    keys = {key(entry) for entry in site_list(site_root)}
    for entry in runtime["files"]:
        if everything or (python and entry["url"] in runtime["warm"]):
            keys.add(key(entry))
    return keys


def kept(page: Page) -> set[str]:
    caches: dict[str, list[str]] = page.evaluate(CACHED)
    return {entry for name in (SITE_CACHE, RUNTIME_CACHE) for entry in caches.get(name, [])}


def wait_until(page: Page, condition: str, timeout_ms: int = 90_000) -> None:
    """Wait until `condition` (the source of a JavaScript function, async or not) holds in the
    page, checking it every 100 ms. (Playwright's wait_for_function takes the promise of an
    async function for true.)"""
    held = page.evaluate(f"""async () => {{
        const deadline = performance.now() + {timeout_ms};
        while (performance.now() < deadline) {{
            if (await ({condition})()) return true;
            await new Promise((resolve) => setTimeout(resolve, 100));
        }}
        return false;
    }}""")
    assert held, f"timed out after {timeout_ms} ms waiting for {condition}"


def wait_kept(page: Page, keys: set[str]) -> None:
    """Wait until the caches hold every one of `keys`."""
    wait_until(page, f"""async () => {{
        const wanted = {json.dumps(sorted(keys))};
        const kept = new Set(Object.values(await ({CACHED})()).flat());
        return wanted.every((key) => kept.has(key));
    }}""")


def status(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(STATUS)
    return found


def document_paths(paths: list[str]) -> list[str]:
    """The pages (HTML documents) among requested paths."""
    return [path for path in paths if path.endswith(("/", ".html"))]


# --- serving: counting the requests that reach the server ------------------------------------


@dataclass
class Host:
    """The built site served on an origin of its own, with every request that reached the
    server recorded: (path, encoding sent)."""

    url: str
    root: Path
    requests: list[tuple[str, str]] = field(default_factory=list)

    def paths(self, start: int = 0) -> list[str]:
        return [path for path, _ in self.requests[start:]]


class _CountingHandler(_Handler):
    host: ClassVar[Host]
    #: Send a file's .gz copy, where the build wrote one, to a browser that accepts gzip.
    gzip_copies: ClassVar[bool] = False

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        file = Path(self.translate_path(path))
        if file.is_dir():
            file = file / "index.html"
        copy = file.with_name(file.name + ".gz")
        accepted = "gzip" in self.headers.get("Accept-Encoding", "")
        if self.gzip_copies and accepted and file.is_file() and copy.is_file():
            self.host.requests.append((path, "gzip"))
            body = copy.read_bytes()
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(file)))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        self.host.requests.append((path, ""))
        super().do_GET()


@contextlib.contextmanager
def counting_host(root: Path, *, gzip_copies: bool = False) -> Iterator[Host]:
    """Serve `root` on a new port, as conftest's server does (the headers file's headers), and
    record the requests; `gzip_copies`: as a host that serves the build's .gz copies."""
    port = _free_port()
    host = Host(url=f"http://{HOST}:{port}/", root=root)
    with serve(root, port, _CountingHandler, host=host, gzip_copies=gzip_copies):
        yield host


def cut_network(context: BrowserContext) -> None:
    """No request reaches the server any more, the service worker's included."""
    context.set_offline(True)
    context.route("**/*", lambda route: route.abort("internetdisconnected"))


def shorten_waits(context: BrowserContext, *, quiet_ms: int = 0,
                  dwell_ms: int | None = None) -> None:
    """offline.mjs's waits, through its settings: `quiet_ms` after an interaction, `dwell_ms`
    of visibility without one (None: its default, 30 s)."""
    settings = {"flipcards.offline.quietMs": str(quiet_ms)}
    if dwell_ms is not None:
        settings["flipcards.offline.dwellMs"] = str(dwell_ms)
    context.add_init_script(f"""
        for (const [name, value] of Object.entries({json.dumps(settings)})) {{
            localStorage.setItem(name, value);
        }}""")


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport={"width": 1200, "height": 900},
                                  service_workers="allow")
    context.set_default_timeout(90_000)
    yield context
    context.close()


def interact(page: Page) -> None:
    """A click on the page's title: the reader interacts, and nothing else happens."""
    page.locator("article h1").first.click()


def wait_downloaded(page: Page, *, asked: int = 1) -> dict[str, Any]:
    """Wait until the service worker has had `asked` requests to download and is done."""
    wait_until(page, f"""async () => {{
        const status = await ({STATUS})();
        return status.asked >= {asked} && status.state !== "running";
    }}""")
    return status(page)


# --- what reading costs ------------------------------------------------------------------------


def test_reading_one_page_downloads_only_that_page_and_its_assets(
    context: BrowserContext, site: Site
) -> None:
    shorten_waits(context)  # an interaction would start the download at once: there is none
    with counting_host(site.root) as host:
        page = context.new_page()
        page.mouse.move(0, 0)
        page.goto(host.url + "rule-508/", wait_until="load")
        page.evaluate(CONTROLLED)
        page.mouse.wheel(0, 3000)  # reading: scrolling is no interaction
        page.wait_for_load_state("networkidle")
        page.evaluate(IDLE)
        assert status(page)["asked"] == 0
        # The page and what it loaded are kept, from what the visit downloaded.
        page_and_styles = {key(entry) for entry in site_list(site.root)
                           if entry["url"] == "rule-508/index.html"
                           or entry["url"].startswith("assets/stylesheets/main.")}
        assert len(page_and_styles) == 2
        wait_kept(page, page_and_styles)

        paths = host.paths()
        assert document_paths(paths) == ["/rule-508/"]  # no other page
        assert not [path for path in paths
                    if path.startswith("/assets/previews/") or path == "/objects.inv"]
        assert not [path for path in paths if any(part in path for part in RUNTIME_FILES)]
        repeated = [path for path, count in Counter(paths).items() if count > 1]
        assert repeated == []  # the service worker took what the visit had downloaded
        # That page, kept as it was read, opens offline.
        page.close()
        cut_network(context)
        page = context.new_page()
        page.goto(host.url + "rule-508/", wait_until="load")
        assert page.locator("article h1").first.inner_text().startswith("Rule 508")


def test_after_an_interaction_and_a_quiet_moment_the_rest_of_the_site_arrives_once(
    context: BrowserContext, site: Site
) -> None:
    shorten_waits(context)
    with counting_host(site.root, gzip_copies=True) as host:
        page = context.new_page()
        page.goto(host.url + "rule-508/", wait_until="load")
        page.evaluate(CONTROLLED)
        interact(page)
        assert wait_downloaded(page)["state"] == "done"  # every file intact, none failed
        site_keys = wanted_keys(site.root)
        assert site_keys <= kept(page)
        # Not Python's files: the reader ran nothing. Nor what the service worker never keeps.
        assert not kept(page) - site_keys
        paths = host.paths()
        assert not [path for path in paths if any(part in path for part in RUNTIME_FILES)]
        assert not [path for path in paths if path.startswith("/assets/previews/")]
        # Each file once; every page arrived, compressed where the host had a copy.
        repeated = [path for path, count in Counter(paths).items() if count > 1]
        assert repeated == []
        pages = {f"/{entry['url']}".removesuffix("index.html") for entry in site_list(site.root)
                 if entry["url"].endswith(".html")}
        assert pages <= set(paths)
        assert dict(host.requests)["/rulings/"] == "gzip"

        # Another page now comes from the cache: nothing more reaches the server (but the
        # theme's request for the sitemap, which the service worker never keeps).
        before = len(host.requests)
        open_page(page, host.url + "rulings/")
        page.evaluate(IDLE)
        assert [path for path in host.paths(before) if path != "/sitemap.xml"] == []


def test_a_reader_who_stays_a_while_gets_the_rest_without_interacting(
    context: BrowserContext, site: Site
) -> None:
    shorten_waits(context, quiet_ms=60_000, dwell_ms=1_000)
    with counting_host(site.root) as host:
        page = context.new_page()
        page.mouse.move(0, 0)
        page.goto(host.url + "rule-508/", wait_until="load")
        page.evaluate(CONTROLLED)
        assert wait_downloaded(page)["state"] == "done"
        assert wanted_keys(site.root) <= kept(page)


# --- the switch -----------------------------------------------------------------------------

#: Records every text the switch's count shows, from before the switch is built.
WATCH_COUNT = """
window.fcCounts = [];
new MutationObserver(() => {
    const count = document.querySelector(".fc-offline-count")?.textContent;
    if (count && count !== window.fcCounts.at(-1)) window.fcCounts.push(count);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""

SWITCH = "Make this site available offline"


def about_page(site: Site) -> str:
    return next(path for path in site.pages if "about" in path)


def test_the_offline_switch_downloads_everything_shows_its_progress_and_every_page_opens_offline(
    context: BrowserContext, site: Site
) -> None:
    context.add_init_script(WATCH_COUNT)
    page = context.new_page()
    open_page(page, site.page_url(about_page(site)))
    switch = page.get_by_role("switch", name=SWITCH)
    assert not switch.is_checked()
    switch.check()
    page.get_by_role("status").filter(has_text="Done: the whole site").wait_for()
    assert page.evaluate("localStorage.getItem('flipcards.offline')") == "on"

    everything = wanted_keys(site.root, everything=True)
    total = len(everything)
    assert everything <= kept(page)
    counts: list[str] = page.evaluate("window.fcCounts")
    assert counts[-1] == f"{total} of {total} files"
    shown = [int(count.split()[0]) for count in counts]
    assert any(0 < done < total for done in shown), counts  # the reader saw it go
    assert shown == sorted(shown)
    assert page.locator("progress").evaluate("(bar) => [bar.value, bar.max]") == [total, total]

    # The switch is remembered: a later visit shows it on, and done.
    page.reload(wait_until="load")
    assert page.get_by_role("switch", name=SWITCH).is_checked()
    page.get_by_role("status").filter(has_text="Done").wait_for()

    # Python was never run, yet every example runs offline, and every page opens.
    page.close()
    cut_network(context)
    page = context.new_page()
    for path in site.pages:
        page.goto(site.page_url(path), wait_until="load")
        assert page.locator("article h1").count() == 1, f"{path or 'home'} did not open offline"
    path, example = site.first_example()
    open_page(page, site.page_url(path))
    assert run(page.locator(f'[id="{example}"]')) == ("done", "Done")


def test_the_offline_switch_says_when_files_could_not_be_downloaded(
    context: BrowserContext, site: Site
) -> None:
    context.route("**/assets/python/stdlib-rest.zip",
                  lambda route: route.abort("internetdisconnected"))
    page = context.new_page()
    open_page(page, site.page_url(about_page(site)))
    page.get_by_role("switch", name=SWITCH).check()
    total = len(wanted_keys(site.root, everything=True))
    failed = page.get_by_role("status").filter(has_text="Failed")
    failed.wait_for()
    assert f"1 of {total} files could not be downloaded" in failed.inner_text()
    assert page.locator(".fc-offline-count").inner_text() == f"{total - 1} of {total} files"


def test_turning_the_switch_off_stops_the_background_download(
    context: BrowserContext, site: Site
) -> None:
    shorten_waits(context)
    # The largest file waits: the download is under way when the switch is turned off.
    held = HeldRequests(context, "**/assets/pyodide/pyodide.asm.wasm")
    page = context.new_page()
    open_page(page, site.page_url(about_page(site)))
    switch = page.get_by_role("switch", name=SWITCH)
    with context.expect_event("request", lambda request: request.url.endswith(".wasm")):
        switch.check()
    switch.uncheck()
    page.get_by_role("status").filter(has_text="Off: nothing is downloaded").wait_for()
    assert page.evaluate("localStorage.getItem('flipcards.offline')") == "off"
    wait_until(page, f"""async () => (await ({STATUS})()).state === "stopped" """)

    def let_through(route: Route) -> None:
        with contextlib.suppress(PlaywrightError):  # the download may have been given up
            route.continue_()

    held.release(let_through)
    everything = wanted_keys(site.root, everything=True)
    assert not everything <= kept(page)

    # Off: an interaction no longer starts a download, on this page or the next.
    asked = status(page)["asked"]
    interact(page)
    page.evaluate(IDLE)
    open_page(page, site.page_url(""))
    interact(page)
    page.evaluate(IDLE)
    assert status(page)["asked"] == asked


# --- after one visit with one Run -----------------------------------------------------------


def visit_and_run(context: BrowserContext, site: Site) -> tuple[Page, str, str, str]:
    """A first visit with one Run: the page controlled by the service worker, an example run,
    and what the service worker downloads after it done. Returns the page, the example's page
    and id, and its output."""
    shorten_waits(context)
    page = context.new_page()
    start, example = site.first_example()
    open_page(page, site.page_url(start))
    page.evaluate(CONTROLLED)
    first = page.locator(f'[id="{example}"]')
    expected = output_text(first)
    assert run(first) == ("done", "Done")
    assert output_text(first) == expected
    wait_kept(page, wanted_keys(site.root, python=True))
    return page, start, example, expected


def test_after_one_visit_with_one_run_every_page_reads_and_every_example_runs_offline(
    context: BrowserContext, site: Site
) -> None:
    page, start, _, _ = visit_and_run(context, site)
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
    # An address mistyped offline gets the site's "not found" page, not the browser's own
    # "no connection" page; and one that names a rule another way still leads to the rule.
    page.goto(site.page_url("no/such/page/"))
    expect(page.locator("#fc-not-found-message")).to_contain_text(
        "There is no page at /no/such/page/.")
    page.goto(site.page_url("rules/508.1A/"))
    page.wait_for_url(site.page_url("rule-508/#508.1a"))
    expect(page.locator('[id="508.1a"]')).to_be_visible()
    assert errors == []


def test_a_new_build_replaces_what_changed_and_keeps_the_rest(
    context: BrowserContext, site: Site, tmp_path: Path
) -> None:
    # A copy of the site on its own origin, so that "rebuilding" it touches no other test.
    root = tmp_path / "site"
    shutil.copytree(site.root, root)
    port = _free_port()
    url = f"http://{HOST}:{port}/"
    about = about_page(site)
    shorten_waits(context)
    with serve(root, port):
        page = context.new_page()
        path, first = site.first_example()
        open_page(page, url + path)
        page.evaluate(CONTROLLED)
        assert run(page.locator(f'[id="{first}"]')) == ("done", "Done")
        wait_kept(page, wanted_keys(root, python=True))
        old_keys = kept(page)

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
        new_keys = wanted_keys(root, python=True)
        wait_kept(page, new_keys)
        now = kept(page)
        changed = {entry for entry in old_keys - new_keys}
        assert {entry.split("?")[0] for entry in changed} == {
            f"/{about}index.html", "/javascripts/worker.mjs"}
        assert not changed & now  # the old build's files are gone...
        assert old_keys & new_keys <= now  # ...and what did not change was kept
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
        wait_until(page, f"""async () => (await ({CACHED_HASH})(
            {json.dumps([self.cache, self.key])})) === {json.dumps(self.real)}""")

    def cached(self, page: Page) -> str | None:
        hash_: str | None = page.evaluate(CACHED_HASH, [self.cache, self.key])
        return hash_


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def cache_key(page: Page, path: str) -> tuple[str, str]:
    """(cache name, key) of the kept file at `path` (e.g. "/about/index.html"): the key is the
    address with the file's revision, found among the caches' entries."""
    found: list[list[str]] = page.evaluate("""async (path) => {
        const found = [];
        for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys()) {
                if (new URL(request.url).pathname === path) found.push([name, request.url]);
            }
        }
        return found;
    }""", path)
    assert len(found) == 1, f"{path}: {found}"
    [(name, key_)] = found
    assert f"{REVISION}=" in key_
    return name, key_


def forgeries(page: Page, site: Site, page_path: str) -> dict[str, Forgery]:
    """The entries a hostile script would replace: a kept page (by its index.html), the
    Python worker's script and the package, under the keys the service worker reads."""
    worker = cache_key(page, "/javascripts/worker.mjs")
    package = cache_key(page, "/assets/flipcards/flipcards.zip")
    assert worker[0] == package[0] == RUNTIME_CACHE
    return {
        "page": Forgery(*cache_key(page, f"/{page_path}index.html"), FORGED_PAGE, "text/html",
                        sha256(site.root / page_path / "index.html")),
        "worker": Forgery(*worker, 'throw new Error("FORGED worker");', "text/javascript",
                          sha256(site.root / "javascripts" / "worker.mjs")),
        "package": Forgery(*package, "FORGED package", "application/zip",
                           sha256(site.root / "assets" / "flipcards" / "flipcards.zip")),
    }


def test_the_built_service_worker_holds_the_hash_of_every_file_it_keeps(site: Site) -> None:
    pages, runtime = site_list(site.root), runtime_list(site.root)["files"]
    entries = [*pages, *runtime]
    assert len(pages) > 20 and len(runtime) > 5
    for entry in entries:
        assert re.fullmatch(r"[0-9a-f]{32}", entry["revision"]), entry
        assert entry["revision"] == sha256(site.root / entry["url"])[:32], entry["url"]
    assert not [entry for entry in entries
                if entry["url"].startswith("assets/previews/") or entry["url"] == "objects.inv"]


def test_a_forged_cache_entry_is_never_served_and_is_repaired(
    context: BrowserContext, site: Site
) -> None:
    about = about_page(site)
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
    about = about_page(site)
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
    not_found = Forgery(*cache_key(page, "/404.html"), FORGED_PAGE, "text/html",
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


#: Headers a script that writes Cache Storage puts beside a page's own bytes: each one would
#: act on every later visit of the page (a move to another site, a request to it before the
#: page's policy is read, none of the page's scripts run, the page saved as a file).
HOSTILE_HEADERS = {
    "refresh": lambda elsewhere: f"0; url={elsewhere.url}refresh",
    "link": lambda elsewhere: f"<{elsewhere.url}preload.js>; rel=preload; as=script",
    "content-security-policy": lambda elsewhere: "sandbox",
    "content-disposition": lambda elsewhere: "attachment; filename=page.html",
}


def test_a_kept_page_is_served_with_the_builds_headers_not_those_kept_with_it(
    context: BrowserContext, site: Site, elsewhere: Elsewhere
) -> None:
    """The service worker checks the bytes of what it serves from its caches; a page's
    headers came from the cache as they were, and the page's bytes with "Refresh" beside them
    sent every visit to another site. A kept page is served with its type and the headers of
    the build's headers file, whatever was kept with it."""
    page = context.new_page()
    about = about_page(site)
    open_page(page, site.page_url(about))
    page.evaluate(CONTROLLED)
    file = site.root / about / "index.html"
    wait_kept(page, {f"/{about}index.html?{REVISION}={sha256(file)[:32]}"})  # as visited
    name, key = cache_key(page, f"/{about}index.html")
    body = file.read_text(encoding="utf-8")
    headers = {header: value(elsewhere) for header, value in HOSTILE_HEADERS.items()}
    page.evaluate("""async ([name, key, body, headers]) => {
        const cache = await caches.open(name);
        const forged = {"Content-Type": "text/html", ...headers};
        await cache.put(key, new Response(body, {headers: forged}));
    }""", [name, key, body, headers])
    elsewhere.hits.clear()
    page.close()

    page = context.new_page()
    response = page.goto(site.page_url(about), wait_until="load")
    assert response is not None and response.from_service_worker
    served = response.all_headers()
    assert {header: served.get(header) for header in ("refresh", "link", "content-disposition")} \
        == dict.fromkeys(("refresh", "link", "content-disposition"))
    assert "sandbox" not in served["content-security-policy"]
    assert served["x-frame-options"] == "DENY"
    assert served["content-type"] == "text/html; charset=utf-8"
    wait_taken_over(page)  # its scripts run
    assert page.url == site.page_url(about)
    assert page.locator("article h1").first.inner_text().startswith("About")
    assert page.url == site.page_url(about)  # ("Refresh: 0" moves the page as it loads)
    assert elsewhere.hits == []


def test_a_kept_script_kept_again_as_text_is_not_served_and_the_page_still_runs(
    context: BrowserContext, site: Site
) -> None:
    """A script that wrote the cache could keep the site's own script, bytes unchanged, as
    "text/plain" with "nosniff": the browser refused it on every later visit, and no example
    could run. A kept script, stylesheet or WebAssembly whose type is not its own is not served:
    the page gets the server's, and the cache is repaired."""
    page = context.new_page()
    about = about_page(site)
    open_page(page, site.page_url(about))
    page.evaluate(CONTROLLED)
    script = site.root / "javascripts" / "start.js"
    wait_kept(page, {f"/javascripts/start.js?{REVISION}={sha256(script)[:32]}"})
    name, key = cache_key(page, "/javascripts/start.js")
    page.evaluate("""async ([name, key, body]) => {
        const cache = await caches.open(name);
        await cache.put(key, new Response(body, {headers: {
            "Content-Type": "text/plain", "X-Content-Type-Options": "nosniff"}}));
    }""", [name, key, script.read_text(encoding="utf-8")])
    page.close()

    page = context.new_page()
    with page.expect_response(lambda r: r.url.endswith("/javascripts/start.js")) as served:
        page.goto(site.page_url("rule-508/"), wait_until="load")
    assert "javascript" in served.value.all_headers()["content-type"]
    wait_taken_over(page)   # its scripts ran
    wait_until(page, f"""async () => {{
        const response = await (await caches.open({json.dumps(name)})).match({json.dumps(key)});
        return Boolean(response) && /javascript/.test(response.headers.get("Content-Type"));
    }}""")


def test_the_builds_own_bytes_under_a_document_type_are_never_served(
    context: BrowserContext, site: Site
) -> None:
    """The search index's real bytes, stored as a web page: a browser would render them as one,
    under the site's origin. The check is of the file, type included, not of the bytes alone."""
    shorten_waits(context)
    page = context.new_page()
    open_page(page, site.page_url(""))
    page.evaluate(CONTROLLED)
    interact(page)
    index = site.root / "search" / "search_index.json"
    revision = sha256(index)[:32]
    wait_kept(page, {f"/search/search_index.json?{REVISION}={revision}"})
    forgery = Forgery(*cache_key(page, "/search/search_index.json"),
                      index.read_text(encoding="utf-8"), "text/html", sha256(index))
    forgery.put(page)
    served = page.evaluate("""(url) => fetch(url).then((response) =>
        response.headers.get("Content-Type"))""", site.url + "search/search_index.json")
    assert "html" not in served
    forgery.wait_repaired(page)
