"""Fixtures of the browser tests: build the site once, serve it, drive Chromium.

The site is built with ``mkdocs build --strict`` into a temporary folder with ``SITE_URL``
set to the address it is served from (Material's instant navigation only works when
``site_url`` matches the serving origin), and served by a threaded ``http.server`` that
gives ``.wasm`` and ``.mjs`` files the MIME types browsers require, and sends the headers of
the site's headers file (``_headers``), as hosts that read it do. The fixture
``without_headers`` turns them off for one test (a host that ignores the file).

Chromium is Debian's ``/usr/bin/chromium`` (override with ``CHROMIUM``), driven through
Playwright's ``executable_path``. ``SITE_TESTS_CONFIG`` builds another MkDocs config
instead of the repository's ``mkdocs.yml``.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest
import yaml
from playwright.sync_api import Browser, ConsoleMessage, Page, Playwright, Request, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: Python's cold start in a test browser; generous so that a slow machine does not fail.
LOAD_TIMEOUT_MS = 90_000


# --- the site -------------------------------------------------------------------------


def read_headers_file(path: Path) -> dict[str, str]:
    """The headers of the ``/*`` rule of a headers file (the format of ``_headers``)."""
    headers: dict[str, str] = {}
    rule = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            rule = line.strip()
        elif rule == "/*":
            name, _, value = line.strip().partition(":")
            headers[name.strip()] = value.strip()
    return headers


class _Handler(SimpleHTTPRequestHandler):
    #: Sent with every response while `send_headers` is true (set from the site's _headers).
    site_headers: ClassVar[dict[str, str]] = {}
    send_headers: ClassVar[bool] = True

    def end_headers(self) -> None:
        if type(self).send_headers:
            for name, value in type(self).site_headers.items():
                self.send_header(name, value)
        super().end_headers()

    extensions_map: ClassVar[dict[str, str]] = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".zip": "application/zip",
    }

    def log_message(self, format: str, *args: Any) -> None:  # quiet test output
        pass

    def send_error(self, code: int, message: str | None = None,
                   explain: str | None = None) -> None:
        """A missing page gets the site's 404.html, as static hosts serve it."""
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


@dataclass
class Site:
    """The built site: where it is on disk and where it is served."""

    root: Path
    url: str  # ends with "/"
    config: Path
    pages: list[str] = field(default_factory=list)  # nav pages, as paths relative to url

    def page_url(self, page: str) -> str:
        return self.url + page

    def html(self, page: str) -> str:
        path = self.root / page
        if page == "" or page.endswith("/"):
            path = path / "index.html"
        return path.read_text(encoding="utf-8")

    def examples(self, page: str, *, standalone: bool = False) -> list[str]:
        """The ids of the examples on `page`; `standalone`: only those without a session."""
        found = re.findall(r'<div class="fc-example" id="(example-[^"]+)"([^>]*)>',
                           self.html(page))
        return [id_ for id_, rest in found if not (standalone and "data-fc-session" in rest)]

    def sessions(self, page: str) -> dict[str, list[str]]:
        """The example ids of each session on `page`, in page order."""
        found: dict[str, list[str]] = {}
        for id_, name in re.findall(
            r'<div class="fc-example" id="(example-[^"]+)" data-fc-session="([^"]*)"',
            self.html(page)
        ):
            found.setdefault(name, []).append(id_)
        return found

    def pages_with_examples(self, *, standalone: bool = False) -> list[str]:
        return [page for page in self.pages if self.examples(page, standalone=standalone)]

    def example_pair(self) -> tuple[str, str, str]:
        """(page, example, another example) of the first page of the nav with two examples
        without a session: one for a reader's code, one run unchanged beside it."""
        for path in self.pages_with_examples(standalone=True):
            standalone = self.examples(path, standalone=True)
            if len(standalone) >= 2:
                return path, standalone[0], standalone[1]
        raise AssertionError("no page has two examples without a session")

    def first_example(self) -> tuple[str, str]:
        """(page, example id) of the first example without a session, in nav order."""
        pages = self.pages_with_examples(standalone=True)
        assert pages, "no page of the nav has an example without a session"
        return pages[0], self.examples(pages[0], standalone=True)[0]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        port: int = sock.getsockname()[1]
        return port


def _nav_pages(config_file: Path) -> list[str]:
    """The nav's pages as served paths ("", "rule-508/", ...) in nav order."""

    class _Loader(yaml.SafeLoader):
        pass

    # mkdocs.yml may hold !ENV and !!python/name tags; only the nav is wanted here.
    _Loader.add_multi_constructor("", lambda loader, suffix, node: None)
    _Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
    config = yaml.load(config_file.read_text(encoding="utf-8"), Loader=_Loader)
    use_directory_urls = config.get("use_directory_urls", True)

    def walk(entries: Any) -> Iterator[str]:
        for entry in entries:
            value = next(iter(entry.values())) if isinstance(entry, dict) else entry
            if isinstance(value, list):
                yield from walk(value)
            elif isinstance(value, str) and value.endswith(".md"):
                yield value

    pages = []
    for source in walk(config["nav"]):
        stem = source[: -len(".md")]
        if not use_directory_urls:
            pages.append(stem + ".html")
        elif stem == "index" or stem.endswith("/index"):
            pages.append(stem[: -len("index")])
        else:
            pages.append(stem + "/")
    return pages


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    config = Path(os.environ.get("SITE_TESTS_CONFIG", ROOT / "mkdocs.yml")).resolve()
    port = _free_port()
    url = f"http://{HOST}:{port}/"
    out = tmp_path_factory.mktemp("site")
    mkdocs = Path(sys.executable).with_name("mkdocs")
    result = subprocess.run(
        [str(mkdocs), "build", "--strict", "--config-file", str(config), "-d", str(out)],
        cwd=config.parent,
        env={**os.environ, "SITE_URL": url, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        pytest.fail(f"mkdocs build failed:\n{result.stdout}\n{result.stderr}", pytrace=False)

    with serve(out, port):
        yield Site(root=out, url=url, config=config, pages=_nav_pages(config))


class _Server(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser context closed mid-download (a service worker caching pages, say) is
        # not an error of the site.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextlib.contextmanager
def serve(directory: Path, port: int, base: type[_Handler] = _Handler,
          **attributes: Any) -> Iterator[None]:
    """Serve `directory` on http://HOST:port/ while the block runs, with the handler `base`
    (given `attributes` as class attributes: what a counting handler records into)."""
    # The headers file the build writes (Content-Security-Policy), sent as a host would.
    headers_file = directory / "_headers"
    headers = read_headers_file(headers_file) if headers_file.is_file() else {}
    site_handler = type("_SiteHandler", (base,), {"site_headers": headers, **attributes})
    with serving(_Server((HOST, port), functools.partial(site_handler,
                                                         directory=str(directory)))):
        yield


@contextlib.contextmanager
def serving(server: ThreadingHTTPServer) -> Iterator[None]:
    """Run `server` on a thread of its own while the block runs."""
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield
    finally:
        server.shutdown()
        server.server_close()


@dataclass
class Elsewhere:
    """Another origin (another port), as a server that reader code might try to reach."""

    url: str  # ends with "/"
    hits: list[str] = field(default_factory=list)  # paths requested, in order


@pytest.fixture(scope="session")
def elsewhere() -> Iterator[Elsewhere]:
    """A server on another origin that records every request (there must be none)."""
    port = _free_port()
    other = Elsewhere(url=f"http://{HOST}:{port}/")

    class Recorder(SimpleHTTPRequestHandler):
        def do_GET(self) -> None:
            other.hits.append(self.path)
            body = b"export default 1; // reached\n"
            self.send_response(200)
            self.send_header("Content-Type", "text/javascript")
            self.send_header("Access-Control-Allow-Origin", "*")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_POST = do_GET

        def log_message(self, format: str, *args: Any) -> None:
            pass

    with serving(ThreadingHTTPServer((HOST, port), Recorder)):
        yield other


@contextlib.contextmanager
def headers_off() -> Iterator[None]:
    """Serve the site without the headers of its headers file (a host that ignores it)."""
    _Handler.send_headers = False
    try:
        yield
    finally:
        _Handler.send_headers = True


@contextlib.contextmanager
def served_tab(browser: Browser, *, plain: bool, no_policy: bool = False) -> Iterator[Tab]:
    """A recorded tab on the site as a host serves it: with its headers file's headers, or
    (`plain`) as a host that ignores the file; `no_policy`: in a browser that applies no
    Content-Security-Policy at all (the worker's own guard is all there is)."""
    with contextlib.ExitStack() as stack:
        if plain:
            stack.enter_context(headers_off())
        yield stack.enter_context(open_tab(browser, no_policy=no_policy))


@pytest.fixture
def without_headers() -> Iterator[None]:
    """Serve the site without the headers of its headers file during one test."""
    with headers_off():
        yield


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """`nav_page`: one test per page of the nav, in nav order."""
    if "nav_page" in metafunc.fixturenames:
        config = Path(os.environ.get("SITE_TESTS_CONFIG", ROOT / "mkdocs.yml"))
        pages = _nav_pages(config) if config.is_file() else []
        metafunc.parametrize("nav_page", pages, ids=[page or "home" for page in pages])


# --- the browser ----------------------------------------------------------------------


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@dataclass
class Traffic:
    """What a page did: requests, failures, console errors.

    ``requests`` holds every request: the page's, its workers' and the service worker's
    (which fetches for its cache); ``page_requests`` only what the page and its workers asked
    for, whether the network or the service worker answered.
    """

    requests: list[str] = field(default_factory=list)
    page_requests: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def fetched(self, suffix: str) -> list[str]:
        """The page's (and its workers') requests for URLs ending with `suffix`."""
        return [url for url in self.page_requests if url.split("?")[0].endswith(suffix)]


@pytest.fixture
def traffic() -> Traffic:
    return Traffic()


@dataclass
class Tab:
    """A reader's tab kept open across tests (Python stays loaded): page, traffic, dialogs."""

    page: Page
    traffic: Traffic
    dialogs: list[str]

    def off_origin(self, site: Site) -> list[str]:
        """Requests that went anywhere but the site's origin (there must be none)."""
        return [url for url in self.traffic.requests
                if not url.startswith((site.url, "blob:", "data:", "about:"))]


@contextlib.contextmanager
def open_tab(browser: Browser, *, no_policy: bool = False) -> Iterator[Tab]:
    """A tab in a fresh context whose requests, errors and dialogs are recorded (`no_policy`:
    the browser ignores every Content-Security-Policy)."""
    traffic = Traffic()
    dialogs: list[str] = []
    with _recorded_context(browser, traffic, no_policy=no_policy) as page:

        def on_dialog(dialog: Any) -> None:
            dialogs.append(dialog.message)
            dialog.dismiss()

        page.on("dialog", on_dialog)
        yield Tab(page, traffic, dialogs)


@pytest.fixture
def page(browser: Browser, traffic: Traffic) -> Iterator[Page]:
    """A page in a fresh context (empty cache) whose traffic and errors are recorded."""
    with _recorded_context(browser, traffic) as page:
        yield page


@contextlib.contextmanager
def _recorded_context(browser: Browser, traffic: Traffic, *,
                      no_policy: bool = False) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1200, "height": 900}, bypass_csp=no_policy)
    context.set_default_timeout(LOAD_TIMEOUT_MS)

    def on_request(request: Request) -> None:
        traffic.requests.append(request.url)
        if request.service_worker is None:
            traffic.page_requests.append(request.url)

    def on_failed(request: Request) -> None:
        # A blob: URL (the worker's start, made in the page) is memory, not the network; the
        # browser reports it as failed once the page has let it go.
        if not request.url.startswith("blob:"):
            traffic.failed.append(f"{request.url} ({request.failure})")

    def on_response(response: Any) -> None:
        if response.status >= 400:
            traffic.failed.append(f"{response.url} (HTTP {response.status})")

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            traffic.errors.append(message.text)

    # The context sees the requests of the page's workers too.
    context.on("request", on_request)
    context.on("requestfailed", on_failed)
    context.on("response", on_response)
    page = context.new_page()
    page.on("console", on_console)
    page.on("pageerror", lambda error: traffic.errors.append(f"page error: {error}"))
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def dialogs(page: Page) -> list[str]:
    """Messages of every alert/confirm/prompt the page opens (there must be none)."""
    opened: list[str] = []

    def on_dialog(dialog: Any) -> None:
        opened.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    return opened


@pytest.fixture
def fresh_page(browser: Browser) -> Iterator[Page]:
    """A second page in a context of its own: another reader who opens a link."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.set_default_timeout(LOAD_TIMEOUT_MS)
    yield context.new_page()
    context.close()
