"""Every example of every page, run unchanged in the browser, prints exactly its
pre-rendered output (the build ran it natively)."""

from __future__ import annotations

from conftest import Site, Traffic
from fcpage import examples, open_page, output_text, wait_finished
from playwright.sync_api import Page


def test_every_example_reproduces_its_prerendered_output(
    page: Page, traffic: Traffic, site: Site, nav_page: str
) -> None:
    open_page(page, site.page_url(nav_page))
    found = examples(page)
    assert len(found) == len(site.examples(nav_page))
    expected = [output_text(example) for example in found]
    # Press every Run at once: the runs queue, each in a sandbox of its own, and each ends on
    # its own.
    for example in found:
        example.locator(".fc-run").click()
    for number, (example, want) in enumerate(zip(found, expected, strict=True), start=1):
        state, text = wait_finished(example)
        got = output_text(example)
        assert (state, text) == ("done", "Done"), f"example {number}: {text}\n{got}"
        assert got == want, f"example {number} printed something else in the browser"
    assert traffic.errors == []
    assert traffic.failed == []
