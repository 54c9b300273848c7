"""Browser benchmark of the examples' runtime, against the budgets in DESIGN.md.

Builds the site into a temporary folder, serves it the way the browser tests do, and
measures in headless Chromium (fresh context, empty cache, for every cold sample):

- cold: click Run on a page's first example -> its output appears, against a bare page that
  starts the same Pyodide in a module worker and prints one line (target ratio <= 1.10);
- warm: Run -> output once Python is loaded, median of many runs (target <= 50 ms);
- navigation: after instant navigation to two more pages, the .wasm was fetched once.

Prints measurements and ratios only; it asserts nothing about time.
Usage: .venv/bin/python bench/browser_bench.py [--samples N] [--warm-runs N]
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from http.server import ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "site_tests"))

from conftest import CHROMIUM, CHROMIUM_ARGS, HOST, _free_port, _Handler  # noqa: E402
from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

COLD_TARGET = 1.10
WARM_TARGET_MS = 50.0

# The bare page: the same Pyodide files, a module worker, one print. Nothing else.
BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare loadPyodide</title></head>
<body><button id="go">Go</button><pre id="out"></pre>
<script type="module">
document.getElementById("go").addEventListener("click", () => {
  window.benchStart = performance.now();
  const worker = new Worker(new URL("./bare-worker.mjs", import.meta.url), {type: "module"});
  worker.onmessage = (event) => {
    document.getElementById("out").textContent = event.data;
    window.benchEnd = performance.now();
  };
});
</script></body></html>
"""
BARE_WORKER = """
import { loadPyodide } from "../assets/pyodide/pyodide.mjs";
const indexURL = new URL("../assets/pyodide/", import.meta.url).href;
const pyodide = await loadPyodide({ indexURL });
let text = "";
pyodide.setStdout({ batched: (line) => { text += line + "\\n"; } });
pyodide.runPython("print('ready')");
self.postMessage(text);
"""

# Timestamps on the site page: click on Run (capture phase) -> next change of the output.
TIMING_JS = """(example) => {
  window.benchStart = null; window.benchEnd = null;
  const output = example.querySelector(".fc-output");
  example.querySelector(".fc-run").addEventListener("click", () => {
    window.benchStart = performance.now();
    const observer = new MutationObserver(() => {
      window.benchEnd = performance.now();
      observer.disconnect();
    });
    observer.observe(output, {childList: true, subtree: true, characterData: true});
  }, {capture: true, once: true});
}"""


def build_site(out: Path, url: str) -> None:
    subprocess.run(
        [str(Path(sys.executable).with_name("mkdocs")), "build", "-q", "-d", str(out)],
        cwd=ROOT, env={**os.environ, "SITE_URL": url, "NO_MKDOCS_2_WARNING": "1"}, check=True,
    )
    (out / "bench").mkdir()
    (out / "bench" / "bare.html").write_text(BARE_HTML, encoding="utf-8")
    (out / "bench" / "bare-worker.mjs").write_text(BARE_WORKER, encoding="utf-8")


def first_example_page(out: Path) -> str:
    for page in ["", "rule-508/", "rulings/", "then-and-now/", "cards/", "api/"]:
        if 'class="fc-example"' in (out / page / "index.html").read_text(encoding="utf-8"):
            return page
    raise SystemExit("no page with an example")


def elapsed(page: Page) -> float:
    page.wait_for_function("window.benchEnd !== null && window.benchEnd !== undefined",
                           timeout=120_000)
    return float(page.evaluate("window.benchEnd - window.benchStart"))


def settle(page: Page) -> None:
    """Let the page finish loading (Material's search index too), as a reader reads first."""
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1000)


def cold_bare(browser: Browser, url: str) -> float:
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "bench/bare.html")
    settle(page)
    page.click("#go")
    ms = elapsed(page)
    context.close()
    return ms


def cold_and_warm(browser: Browser, url: str, warm_runs: int) -> tuple[float, list[float]]:
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    example = page.locator(".fc-example").first
    example.locator(".fc-run").wait_for()
    settle(page)
    example.evaluate(TIMING_JS)
    example.locator(".fc-run").click()
    cold = elapsed(page)
    example.locator('.fc-status[data-state="done"]').wait_for()
    warm = []
    for _ in range(warm_runs):
        example.evaluate(TIMING_JS)
        example.locator(".fc-run").click()
        warm.append(elapsed(page))
        example.locator('.fc-status[data-state="done"]').wait_for()
    context.close()
    return cold, warm


def navigation_wasm_fetches(browser: Browser, site_url: str, start: str) -> int:
    context = browser.new_context()
    wasm: list[str] = []
    context.on("request", lambda r: wasm.append(r.url) if r.url.endswith(".wasm") else None)
    page = context.new_page()
    page.goto(site_url + start)
    page.locator(".fc-example .fc-run").first.click()
    page.locator('.fc-example .fc-status[data-state="done"]').first.wait_for(timeout=120_000)
    # Material's document$ emits once a new page is in place (and once now, replayed).
    page.evaluate("window.benchPages = 0; document$.subscribe(() => window.benchPages++)")
    for shown, target in enumerate(["rulings/", "then-and-now/"], start=2):
        page.evaluate("""(url) => {
            const a = document.createElement("a");
            a.href = url;
            a.id = "bench-next";
            a.textContent = "next";
            document.querySelector("article").append(a);
        }""", site_url + target)
        page.click("#bench-next")
        page.wait_for_url(site_url + target)
        page.wait_for_function(f"window.benchPages >= {shown}")
    page.locator(".fc-example .fc-run").first.click()
    page.locator('.fc-example .fc-status[data-state="done"]').first.wait_for(timeout=120_000)
    context.close()
    return len(wasm)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=3, help="cold samples of each kind")
    parser.add_argument("--warm-runs", type=int, default=30, help="warm runs")
    args = parser.parse_args()

    port = _free_port()
    url = f"http://{HOST}:{port}/"
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "site"
        build_site(out, url)
        start = first_example_page(out)
        server = ThreadingHTTPServer((HOST, port), functools.partial(_Handler, directory=str(out)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            with sync_playwright() as driver:
                browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                bare, cold, warm = [], [], []
                for _ in range(args.samples):  # interleaved, so both see the same machine
                    bare.append(cold_bare(browser, url))
                    one_cold, some_warm = cold_and_warm(browser, url + start, args.warm_runs)
                    cold.append(one_cold)
                    warm.extend(some_warm)
                wasm_fetches = navigation_wasm_fetches(browser, url, start)
                browser.close()
        finally:
            server.shutdown()

    bare_ms, cold_ms, warm_ms = (statistics.median(x) for x in (bare, cold, warm))
    print(f"browser benchmark ({args.samples} cold samples each, {len(warm)} warm runs; medians)")
    print(f"  bare loadPyodide + print:   {bare_ms:8.0f} ms")
    print(f"  cold: click Run -> output:  {cold_ms:8.0f} ms   ratio {cold_ms / bare_ms:.2f} "
          f"(target <= {COLD_TARGET:.2f})")
    print(f"  warm: click Run -> output:  {warm_ms:8.1f} ms   ratio {warm_ms / WARM_TARGET_MS:.2f} "
          f"of the {WARM_TARGET_MS:.0f} ms budget (p90 "
          f"{statistics.quantiles(warm, n=10)[-1]:.1f} ms)")
    print(f"  navigation over 3 pages: .wasm fetched {wasm_fetches} time(s) (target 1)")


if __name__ == "__main__":
    main()
