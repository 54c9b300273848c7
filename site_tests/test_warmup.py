"""Output before the reader waits: Run is in the HTML, enabled and on screen at the first
paint, and a click that comes before the page's scripts is carried out, Python starting at the
click rather than after them; the theme's search builds its index only once that Python has
loaded, unless the reader turns to the search box first; pointing at, focusing or touching a
toolbar starts Python, reading does not; "Keep Python ready" starts it on every page and is
remembered."""

from __future__ import annotations

import re

from conftest import Site, Traffic
from fcpage import (
    RUNTIME_FILES,
    HeldRequests,
    holds_soon,
    open_page,
    output_text,
    search,
    wait_finished,
)
from playwright.sync_api import Locator, Page


def _runtime_requests(traffic: Traffic) -> list[str]:
    return [url for url in traffic.requests if any(part in url for part in RUNTIME_FILES)]


def test_a_click_before_the_runtime_script_is_carried_out(
    page: Page, traffic: Traffic, site: Site
) -> None:
    path, example_id = site.first_example()
    held = HeldRequests(page, "**/javascripts/runner.mjs")  # the runtime's script arrives late
    # (DOMContentLoaded waits for module scripts: this page never gets there until released.)
    page.goto(site.page_url(path), wait_until="commit")
    example = page.locator(f'[id="{example_id}"]')
    run_button = example.locator(".fc-toolbar .fc-run")
    run_button.wait_for()  # in the HTML, before the runtime's script
    prerendered = output_text(example)
    example.locator(".fc-output").evaluate("(output) => output.replaceChildren()")
    run_button.click()
    assert example.locator(".fc-status").get_attribute("data-state") == "loading"
    assert example.locator(".fc-status").text_content() == "Loading Python…"
    # Python starts at the click, not once the runtime's script is there.
    # (The worker's start asks for its module and Python's files at once, in no set order.)
    holds_soon(page, lambda: bool(traffic.fetched("pyodide.asm.wasm")
                                  and traffic.fetched("/javascripts/worker.mjs")))
    assert held, "the runtime's script was not requested"
    assert example.locator(".fc-status").get_attribute("data-state") == "loading"
    held.release()
    assert wait_finished(example) == ("done", "Done")
    assert output_text(example) == prerendered
    assert prerendered
    # One sandbox ran it (the one the click started), and one spare follows it: no more.
    page.wait_for_timeout(500)
    assert len(traffic.fetched("/javascripts/worker.mjs")) <= 2
    assert traffic.errors == []


#: Before any script of the page: at the first paint, the examples whose Run was there (the
#: browser may paint before it has parsed the whole page), and those whose Run was enabled and
#: laid out.
WATCH_FIRST_PAINT = """
window.fcFirstPaint = null;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.name !== "first-paint" || window.fcFirstPaint) continue;
    const runs = [...document.querySelectorAll(".fc-example .fc-run")];
    const example = (run) => run.closest(".fc-example").id;
    window.fcFirstPaint = {at: entry.startTime, runs: runs.map(example),
      usable: runs.filter((run) => !run.disabled && run.getClientRects().length > 0)
        .map(example)};
  }
}).observe({type: "paint", buffered: true});
"""


def test_run_is_in_the_html_enabled_and_drawn_at_the_first_paint(
    page: Page, site: Site
) -> None:
    path, example_id = site.first_example()
    html = site.html(path)
    runs = re.findall(r"<button [^>]*class=\"fc-button fc-run\"[^>]*>", html)
    assert len(runs) == len(site.examples(path)), runs
    assert not [run for run in runs if "disabled" in run], runs
    page.add_init_script(WATCH_FIRST_PAINT)
    page.goto(site.page_url(path), wait_until="commit")
    page.wait_for_function("() => window.fcFirstPaint !== null")
    painted = page.evaluate("window.fcFirstPaint")
    assert example_id in painted["runs"], painted
    assert painted["usable"] == painted["runs"], painted


def test_a_run_clicked_the_moment_it_shows_prints_its_output(
    page: Page, traffic: Traffic, site: Site
) -> None:
    # The reader clicks Run as soon as the page shows it, while the theme's script (and the
    # site's modules, which run after it) are still on their way: Python starts at once, and
    # the output is the example's.
    path, example_id = site.first_example()
    held = HeldRequests(page, "**/assets/javascripts/bundle.*.min.js")  # the theme's arrives late
    page.goto(site.page_url(path), wait_until="commit")
    example = page.locator(f'[id="{example_id}"]')
    example.locator(".fc-run").click()
    prerendered = output_text(example)
    assert prerendered
    holds_soon(page, lambda: bool(traffic.fetched("pyodide.asm.wasm")))
    assert held, "the theme's script was not requested"
    # (The site's modules may have arrived: they run only after the theme's script.)
    assert not page.locator(f'[id="{example_id}"][data-fc-ready]').count()
    example.locator(".fc-output").evaluate("(output) => output.replaceChildren()")
    held.release()
    assert wait_finished(example) == ("done", "Done")
    assert output_text(example) == prerendered
    assert traffic.errors == []


#: The theme's search worker (it builds the search index).
SEARCH_WORKER = "/assets/javascripts/workers/search."


def _search_workers(page: Page) -> list[str]:
    return [worker.url for worker in page.workers if SEARCH_WORKER in worker.url]


def _early_run_with_python_held(page: Page, traffic: Traffic, site: Site
                                ) -> tuple[Locator, HeldRequests]:
    """Run clicked as soon as it shows, Python's download held: the example, and what is held
    (release it to let Python load). Returns once the theme has started its search."""
    path, example_id = site.first_example()
    held = HeldRequests(page.context, "**/assets/pyodide/pyodide.asm.wasm")
    page.goto(site.page_url(path), wait_until="commit")
    example = page.locator(f'[id="{example_id}"]')
    example.locator(".fc-run").click()
    holds_soon(page, lambda: bool(held))
    # The theme asks for the search index as it starts its search (and the search's worker in
    # the same step).
    holds_soon(page, lambda: bool(traffic.fetched("/search/search_index.json")))
    return example, held


def test_an_early_run_s_python_loads_before_the_search_builds_its_index(
    page: Page, traffic: Traffic, site: Site
) -> None:
    example, held = _early_run_with_python_held(page, traffic, site)
    page.locator(f'[id="{example.get_attribute("id")}"][data-fc-ready]').wait_for()
    assert _search_workers(page) == []
    assert example.locator(".fc-status").text_content() == "Loading Python…"
    held.release()
    assert wait_finished(example) == ("done", "Done")
    holds_soon(page, lambda: bool(_search_workers(page)))
    results = search(page, "forgotten")
    assert any("rules/508.4/" in href for href in results[:3]), results[:5]
    assert traffic.errors == []


def test_the_search_box_starts_the_search_at_once_while_python_loads(
    page: Page, traffic: Traffic, site: Site
) -> None:
    example, held = _early_run_with_python_held(page, traffic, site)
    results = search(page, "legend rule")
    assert any("rulings/4/" in href for href in results[:3]), results[:5]
    assert len(_search_workers(page)) == 1
    assert example.locator(".fc-status").text_content() == "Loading Python…"
    held.release()
    assert wait_finished(example) == ("done", "Done")
    assert len(_search_workers(page)) == 1
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
    holds_soon(page, lambda: bool(traffic.fetched("pyodide.asm.wasm")
                                  and traffic.fetched("/assets/python/stdlib.zip")))


#: Python's worker: its module, the modules that module imports (directly or not), and
#: Python's large downloads.
WORKER_MODULE = "/javascripts/worker.mjs"
WORKER_IMPORTS = ("/javascripts/sandbox.mjs", "/javascripts/zip.mjs",
                  "/assets/pyodide/pyodide.mjs", "/assets/pyodide/pyodide.asm.mjs")
PYTHON_DOWNLOADS = ("/assets/pyodide/pyodide.asm.wasm", "/assets/python/stdlib.zip",
                    "/assets/flipcards/flipcards.zip")


def test_python_s_worker_asks_for_its_modules_and_downloads_at_once(
    page: Page, traffic: Traffic, site: Site
) -> None:
    """One round trip to the host before Python's downloads, not one per level of imports: the
    worker asks for every module it needs, and for Python's large files, before the first of
    its modules has arrived; each is downloaded once."""
    path, example_id = site.first_example()
    open_page(page, site.page_url(path))
    held = HeldRequests(page.context, f"**{WORKER_MODULE}")
    example = page.locator(f'[id="{example_id}"]')
    example.locator(".fc-run").click()
    everything = WORKER_IMPORTS + PYTHON_DOWNLOADS
    holds_soon(page, lambda: all(traffic.fetched(name) for name in everything))
    assert held, "worker.mjs was not requested"
    asked = len(traffic.page_requests)
    held.release()
    # worker.mjs's code asks for Pyodide's lock file once every module has been loaded: no
    # other module was asked for in between (one imported by worker.mjs and missing from the
    # worker's list would be; the held worker.mjs is reported once it is let go), and Pyodide
    # took the downloads under way instead of asking again.
    holds_soon(page, lambda: bool(traffic.fetched("/assets/pyodide/pyodide-lock.json")))
    later = [url for url in traffic.page_requests[asked:]
             if url.split("?")[0].endswith(".mjs") and not url.endswith(WORKER_MODULE)]
    assert later == []
    assert [len(traffic.fetched(name)) for name in PYTHON_DOWNLOADS] == [1, 1, 1]
    assert wait_finished(example) == ("done", "Done")
    assert traffic.errors == []


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
