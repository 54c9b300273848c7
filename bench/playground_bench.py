"""Browser benchmark of the playground, against its budget of 100 ms per click.

Builds the site, serves it the way the browser tests do, and measures in headless Chromium with
Python already loaded (warm):

- step: click "Do it" on a card's action -> the board is drawn again, for each of 50 steps
  (tap and untap in turn, so the situation grows from 1 to 51 steps); median and worst;
- undo: click Undo on a 100-step situation -> the board is drawn again, 100 times (from 100
  steps down to none); median and worst;
- a crowded table: the same click with 30 permanents on the battlefield; median and worst;
- one step added to a 200-step situation against one added to a 5-step one: the median of
  each, and their ratio (the model keeps the game it played last, so a step added costs one
  step whatever the length: the goal is a ratio of 1.5 or less).

Prints measurements and ratios only; it asserts nothing about time.
Usage: .venv/bin/python bench/playground_bench.py [--steps N] [--undos N] [--clicks N]
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import statistics
import sys
import tempfile
import threading
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "site_tests"))
sys.path.insert(0, str(ROOT / "pysrc"))

from browser_bench import build_site  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_ARGS, HOST, _free_port, _Handler  # noqa: E402
from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

from flipcards_site.playground import fragment  # noqa: E402

BUDGET_MS = 100.0
#: The most a step added to a long situation may cost, as a ratio to one added to a short one.
LENGTH_GOAL = 1.5
#: Cards put onto the battlefield for the crowded table (none of them legendary when put).
CROWD = ["Grizzly Bears", "Akki Lavarunner", "Bushi Tenderfoot", "Kitsune Mystic",
         "Budoka Gardener", "Orochi Eggwatcher"]

# Click (capture phase) -> the next change of the board's children.
TIMING_JS = """(selector) => {
  window.benchStart = null; window.benchEnd = null;
  const target = document.querySelector(selector);
  const board = document.querySelector(".fc-pg-board");
  target.addEventListener("click", () => {
    window.benchStart = performance.now();
    const observer = new MutationObserver(() => {
      window.benchEnd = performance.now();
      observer.disconnect();
    });
    observer.observe(board, {childList: true});
  }, {capture: true, once: true});
}"""


@contextlib.contextmanager
def served_site() -> Iterator[tuple[Path, str, Browser]]:
    """Build the site (as the browser benchmark does), serve it, launch Chromium."""
    port = _free_port()
    url = f"http://{HOST}:{port}/"
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "site"
        build_site(out, url)
        server = ThreadingHTTPServer((HOST, port), functools.partial(_Handler, directory=str(out)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            with sync_playwright() as driver:
                browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    yield out, url, browser
                finally:
                    browser.close()
        finally:
            server.shutdown()


def ready(page: Page) -> None:
    page.locator('.fc-playground[data-ready="true"]:not([aria-busy])').wait_for(timeout=120_000)


def timed_click(page: Page, selector: str) -> float:
    page.evaluate(TIMING_JS, selector)
    page.click(selector)
    page.wait_for_function("() => window.benchEnd !== null", timeout=60_000)
    ms = float(page.evaluate("window.benchEnd - window.benchStart"))
    ready(page)
    return ms


def steps(page: Page, url: str, count: int, start: list[dict[str, object]] | None = None
          ) -> list[float]:
    """Tap and untap the card "hero" in turn, `count` times, after the steps `start`."""
    situation = start or [{"put": "Bushi Tenderfoot", "as": "hero"}]
    page.goto(f"{url}playground/#{fragment({'rules': 'current', 'steps': situation})}")
    ready(page)
    times = []
    # The first step taps "hero" if the situation left it untapped (as every one here does).
    for index in range(count):
        page.click('.fc-pg-act[data-key="act:hero"]')
        verb = "tap" if index % 2 == 0 else "untap"
        page.click(f'dialog .fc-pg-verb[data-verb="{verb}"]')
        times.append(timed_click(page, 'dialog button[type="submit"]'))
    return times


def undos(page: Page, url: str, count: int) -> list[float]:
    situation = [{"put": "Bushi Tenderfoot", "as": "hero"}, {"put": "Grizzly Bears", "as": "bears"}]
    while len(situation) < 100:
        situation += [{"tap": "hero"}, {"untap": "hero"}, {"counters": "bears", "kind": "+1/+1",
                                                           "add": 1}]
    situation = situation[:100]
    page.goto(f"{url}playground/#{fragment({'rules': 'current', 'steps': situation})}")
    ready(page)
    return [timed_click(page, ".fc-pg-undo") for _ in range(count)]


def crowded(page: Page, url: str, count: int) -> list[float]:
    """Clicks on a table of 30 permanents."""
    table = [{"put": CROWD[i % len(CROWD)], "as": f"card{i}"} for i in range(29)]
    return steps(page, url, count, [*table, {"put": "Bushi Tenderfoot", "as": "hero"}])


def long_situation(length: int) -> list[dict[str, object]]:
    """A situation of `length` steps that leaves "hero" untapped."""
    situation: list[dict[str, object]] = [{"put": "Bushi Tenderfoot", "as": "hero"},
                                          {"put": "Grizzly Bears", "as": "bears"}]
    while len(situation) < length - 1:
        situation.append({"counters": "bears", "kind": "+1/+1", "add": 1})
    while len(situation) < length:
        situation.append({"untap": "hero"})
    return situation


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=50, help="steps clicked")
    parser.add_argument("--undos", type=int, default=100, help="undos on the 100-step situation")
    parser.add_argument("--clicks", type=int, default=20,
                        help="clicks on the crowded table and on each long and short situation")
    args = parser.parse_args()
    with served_site() as (_, url, browser):
        page = browser.new_page()
        step_ms = steps(page, url, args.steps)
        undo_ms = undos(page, url, args.undos)
        crowd_ms = crowded(page, url, args.clicks)
        short_ms = steps(page, url, args.clicks, long_situation(5))
        long_ms = steps(page, url, args.clicks, long_situation(200))

    print(f"playground benchmark (warm; budget {BUDGET_MS:.0f} ms)")
    for name, times in ((f"click -> board redrawn, {len(step_ms)} steps", step_ms),
                        (f"undo from 100 steps, {len(undo_ms)} undos", undo_ms),
                        (f"click, 30 permanents, {len(crowd_ms)} clicks", crowd_ms),
                        (f"step added to 5 steps, {len(short_ms)} clicks", short_ms),
                        (f"step added to 200 steps, {len(long_ms)} clicks", long_ms)):
        median, worst = statistics.median(times), max(times)
        print(f"  {name:38} median {median:6.1f} ms  ratio {median / BUDGET_MS:.2f}   "
              f"worst {worst:6.1f} ms  ratio {worst / BUDGET_MS:.2f}")
    ratio = statistics.median(long_ms) / statistics.median(short_ms)
    print(f"  one step added: 200-step situation / 5-step one: ratio {ratio:.2f} "
          f"(goal {LENGTH_GOAL:.1f} or less)")


if __name__ == "__main__":
    main()
