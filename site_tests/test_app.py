"""The site installs as an app: Chromium finds its web app manifest, icons and service worker
sound (what it checks before it offers "Install"), and the manifest's start page is the home
page."""

from __future__ import annotations

import json
import urllib.parse
import urllib.request

from conftest import Site
from fcpage import open_page
from playwright.sync_api import Page


def test_chromium_finds_nothing_that_keeps_the_site_from_installing(page: Page,
                                                                     site: Site) -> None:
    open_page(page, site.page_url("rules/508/"))
    # Installability asks for an active service worker.
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    assert manifest["url"] == f"{site.url}manifest.webmanifest"
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # A test browser's context is a private window, where nothing installs: that one is ours.
    assert [e for e in errors if e["errorId"] != "in-incognito"] == []


def test_the_manifest_starts_at_the_home_page_and_its_icons_are_pngs(site: Site) -> None:
    with urllib.request.urlopen(f"{site.url}manifest.webmanifest") as response:
        data = json.loads(response.read())
    start = urllib.parse.urljoin(f"{site.url}manifest.webmanifest", data["start_url"])
    assert start == site.url
    for entry in data["icons"]:
        with urllib.request.urlopen(urllib.parse.urljoin(site.url, entry["src"])) as response:
            body = response.read()
        assert body.startswith(b"\x89PNG\r\n\x1a\n"), entry["src"]
        width = int.from_bytes(body[16:20], "big")
        assert f"{width}x{width}" == entry["sizes"]
    assert {entry["purpose"] for entry in data["icons"]} == {"any", "maskable"}
