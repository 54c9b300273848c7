"""Output before the reader waits: Run is in the HTML and a click that comes before the
runtime's script is carried out; pointing at, focusing or touching a toolbar starts Python,
reading does not; "Keep Python ready" starts it on every page and is remembered."""

from __future__ import annotations

from collections.abc import Callable

from conftest import Site, Traffic
from fcpage import RUNTIME_FILES, open_page, output_text, wait_finished
from playwright.sync_api import Page, Route


def _runtime_requests(traffic: Traffic) -> list[str]:
    return [url for url in traffic.requests if any(part in url for part in RUNTIME_FILES)]


def test_a_click_before_the_runtime_script_is_carried_out(
    page: Page, traffic: Traffic, site: Site
) -> None:
    path, example_id = site.first_example()
    held: list[Route] = []

    def hold(route: Route) -> None:  # the runtime's script arrives late
        held.append(route)

    page.route("**/javascripts/runner.mjs", hold)
    # (DOMContentLoaded waits for module scripts: this page never gets there until released.)
    page.goto(site.page_url(path), wait_until="commit")
    example = page.locator(f'[id="{example_id}"]')
    run_button = example.locator(".fc-toolbar .fc-run")
    run_button.wait_for()  # in the HTML, before the runtime's script
    prerendered = output_text(example)
    example.locator(".fc-output").evaluate("(output) => output.replaceChildren()")
    run_button.click()
    assert example.locator(".fc-status").get_attribute("data-state") == "loading"
    assert not traffic.fetched("/javascripts/worker.mjs")
    page.wait_for_timeout(200)
    assert held, "the runtime's script was not requested"
    for route in held:
        route.continue_()
    assert wait_finished(example) == ("done", "Done")
    assert output_text(example) == prerendered
    assert prerendered
    assert traffic.errors == []


def test_reading_fetches_no_python_and_pointing_at_a_toolbar_starts_it(
    page: Page, traffic: Traffic, site: Site
) -> None:
    path, example_id = site.first_example()
    open_page(page, site.page_url(path))
    page.wait_for_load_state("networkidle")
    # A reader scrolls through the page with the pointer resting over the text.
    size = page.viewport_size or {"width": 1200, "height": 900}
    page.mouse.move(size["width"] / 2, size["height"] / 2)
    for _ in range(12):
        page.mouse.wheel(0, 400)
        page.wait_for_timeout(100)
    page.wait_for_timeout(500)
    assert _runtime_requests(traffic) == []

    with page.expect_request("**/javascripts/worker.mjs"):
        page.locator(f'[id="{example_id}"] .fc-toolbar').hover()
    # Python loads without a click.
    _wait_until(page, lambda: bool(traffic.fetched("pyodide.asm.wasm")))
    assert traffic.fetched("/assets/python/stdlib.zip")


def _wait_until(page: Page, condition: Callable[[], bool], timeout_ms: int = 60_000) -> None:
    for _ in range(timeout_ms // 100):
        if condition():
            return
        page.wait_for_timeout(100)
    raise AssertionError("timed out")


def test_focusing_a_toolbar_button_starts_python(page: Page, traffic: Traffic, site: Site) -> None:
    path, example_id = site.first_example()
    open_page(page, site.page_url(path))
    page.wait_for_load_state("networkidle")
    assert _runtime_requests(traffic) == []
    with page.expect_request("**/javascripts/worker.mjs"):
        page.locator(f'[id="{example_id}"] .fc-run').focus()


def test_keep_python_ready_starts_python_on_every_page_and_is_remembered(
    page: Page, traffic: Traffic, site: Site
) -> None:
    path, example_id = site.first_example()
    open_page(page, site.page_url(path))
    switches = page.locator(".fc-keep-ready input")
    assert switches.count() == len(site.examples(path))
    assert not switches.first.is_checked()
    with page.expect_request("**/javascripts/worker.mjs"):
        page.locator(f'[id="{example_id}"] .fc-keep-ready input').check()
    assert all(switch.is_checked() for switch in switches.all())

    # A new visit: no intent at all, and Python loads once the page is idle.
    other = page.context.new_page()
    other.mouse.move(0, 0)
    with other.expect_request("**/javascripts/worker.mjs"):
        other.goto(site.page_url(path))
    assert other.locator(".fc-keep-ready input").first.is_checked()
    other.locator(f'[id="{example_id}"] .fc-keep-ready input').uncheck()
    other.close()

    # Switched off: the next visit waits for intent again.
    workers = len(traffic.fetched("/javascripts/worker.mjs"))
    third = page.context.new_page()
    third.mouse.move(0, 0)
    open_page(third, site.page_url(path))
    third.wait_for_load_state("networkidle")
    third.wait_for_timeout(1500)
    assert not third.locator(".fc-keep-ready input").first.is_checked()
    assert len(traffic.fetched("/javascripts/worker.mjs")) == workers
    assert traffic.errors == []
