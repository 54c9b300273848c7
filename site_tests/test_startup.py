"""How a page starts: drawn before the theme's script runs (javascripts/start.js), the theme
started once (after the page has loaded and a moment more, or at once after the reader's first
click or keystroke), a click on Run taken before it, and the colour scheme chosen before the
page is drawn (javascripts/palette.js)."""

from __future__ import annotations

from conftest import Site, Traffic
from fcpage import follow_link, open_page, output_text, status, wait_finished
from playwright.sync_api import Page, expect

RULES = "rule-508/"

#: Before any script of the page: when the first paint happened, when the theme's script was
#: put into the page (start.js puts it there; the build's HTML has it only inert), and how many
#: times the theme's `document$` gave out a page (once per page: its components start then).
WATCH_START = """
window.fcStart = {paint: null, themeInserted: null, pages: 0, click: null};
addEventListener("click", () => {
  window.fcStart.click ??= {at: performance.now(), theme: typeof window.document$ !== "undefined"};
}, true);
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.name === "first-paint") window.fcStart.paint = entry.startTime;
  }
}).observe({type: "paint", buffered: true});
new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node.nodeName === "SCRIPT" && /bundle\\.[^/]*\\.js$/.test(node.src || "")
          && window.fcStart.themeInserted === null) {
        window.fcStart.themeInserted = performance.now();
      }
    }
  }
}).observe(document, {childList: true, subtree: true});
Object.defineProperty(window, "document$", {
  configurable: true,
  set(subject) {
    Object.defineProperty(window, "document$", {value: subject, writable: true,
                                                configurable: true});
    subject.subscribe(() => { window.fcStart.pages += 1; });
  },
});
"""


def _theme_ready(page: Page) -> None:
    page.wait_for_function("() => typeof window.document$?.subscribe === 'function'")


def _scroll_through(page: Page) -> None:
    height = page.evaluate("document.documentElement.scrollHeight")
    for y in range(0, height, 600):
        page.evaluate(f"window.scrollTo(0, {y})")
        page.wait_for_timeout(50)
    page.wait_for_timeout(300)


def test_the_page_is_drawn_before_the_theme_script_runs_and_the_theme_starts_once(
    page: Page, site: Site, traffic: Traffic
) -> None:
    page.add_init_script(WATCH_START)
    open_page(page, site.page_url(RULES))
    _theme_ready(page)
    page.wait_for_load_state("networkidle")
    _scroll_through(page)
    start = page.evaluate("window.fcStart")
    assert start["paint"] is not None and start["themeInserted"] is not None
    assert start["paint"] < start["themeInserted"], start
    assert start["pages"] == 1, start
    assert page.locator('meta[name="theme-color"]').count() == 1
    assert page.locator('meta[name="color-scheme"]').count() == 1
    # The search, set up by the theme, answers.
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("input.md-search__input").click()
    expect(page.locator(".md-search-result__meta")).to_have_text("Type to start searching")
    page.keyboard.type("Kenzo", delay=20)
    page.locator(".md-search-result__item").first.wait_for()
    assert traffic.errors == []


def test_a_click_on_run_before_the_theme_runs_is_taken_at_once_and_answered(
    page: Page, site: Site, traffic: Traffic
) -> None:
    # A reader who came to run an example clicks Run as soon as the page shows: the theme's
    # script and the site's modules have not run (they wait for the page to load and a moment
    # more, so that their tasks do not hold up that click), yet the click is taken there and
    # then (early.js) and the run is carried out once the runtime is there.
    page.add_init_script(WATCH_START)
    page.goto(site.page_url(RULES), wait_until="domcontentloaded")
    example = page.locator(".fc-example").first
    example.locator(".fc-run").click()
    clicked = page.evaluate("window.fcStart")
    assert clicked["click"] is not None and clicked["click"]["theme"] is False, clicked
    assert clicked["themeInserted"] is None or clicked["themeInserted"] > clicked["click"]["at"]
    # Taken at once: the status says so before anything else has run.
    assert status(example) == ("loading", "Loading Python…")
    # The click also started the theme and the runtime, without waiting for the page's
    # load and the moment after it.
    _theme_ready(page)
    assert wait_finished(example)[0] == "done"
    assert output_text(example).strip()
    assert page.evaluate("window.fcStart.pages") == 1
    # The theme works as if it had started with the page: a link is followed by instant
    # navigation (no new document)...
    page.evaluate("window.fcSameDocument = true")
    follow_link(page, site.page_url("rulings/"))
    assert page.evaluate("window.fcSameDocument") is True
    assert page.evaluate("window.fcStart.pages") == 2
    # ...and search answers.
    page.locator("input.md-search__input").click()
    page.keyboard.type("Kenzo", delay=20)
    page.locator(".md-search-result__item").first.wait_for()
    assert traffic.errors == []


def test_without_a_click_the_theme_starts_once_the_page_has_loaded(
    page: Page, site: Site
) -> None:
    # A reader who only reads: the theme starts on its own, after the page's load and a moment
    # more (start.js's GRACE_MS, 1 s), not before.
    page.add_init_script(WATCH_START)
    page.goto(site.page_url(RULES), wait_until="load")
    _theme_ready(page)
    start = page.evaluate(
        """() => ({...window.fcStart,
                   load: performance.getEntriesByType("navigation")[0].loadEventStart})""")
    assert start["click"] is None, start
    assert start["themeInserted"] >= start["load"] + 900, start
    page.wait_for_function("() => window.fcStart.pages === 1")


def test_the_playground_starts_as_soon_as_it_is_drawn(page: Page, site: Site) -> None:
    # The playground is a page to use, not to read: its board does not wait for the page's
    # load and the moment after it, as a page of rules does.
    page.add_init_script(WATCH_START)
    page.goto(site.page_url("playground/"), wait_until="load")
    _theme_ready(page)
    start = page.evaluate(
        """() => ({...window.fcStart,
                   load: performance.getEntriesByType("navigation")[0].loadEventStart})""")
    assert start["click"] is None, start
    assert start["paint"] is not None and start["themeInserted"] is not None, start
    assert start["themeInserted"] < start["load"] + 900, start
    page.locator(".fc-playground .fc-pg-board").wait_for()


def test_the_theme_adds_copy_buttons_to_code_but_not_to_examples(page: Page, site: Site) -> None:
    # An example has its own Copy (it copies the code as edited); other code blocks get the
    # theme's, one each.
    page.add_init_script(WATCH_START)
    open_page(page, site.page_url("heroic-conditions/"))
    _theme_ready(page)
    _scroll_through(page)
    buttons = page.evaluate(
        """() => [...document.querySelectorAll("article pre")].map((pre) => [
                 pre.closest(".fc-example") !== null,
                 pre.querySelectorAll('.md-code__button[data-md-type="copy"]').length])""")
    assert {count for in_example, count in buttons if in_example} == {0}, buttons
    assert {count for in_example, count in buttons if not in_example} == {1}, buttons
    assert page.evaluate("window.fcStart.pages") == 1


def test_each_stylesheet_is_fetched_once(page: Page, site: Site, traffic: Traffic) -> None:
    # The head's addresses are made absolute before the page is styled (early.js), as the
    # theme's instant navigation would make them later; a stylesheet is not loaded twice.
    open_page(page, site.page_url(RULES))
    _theme_ready(page)
    page.wait_for_load_state("networkidle")
    sheets = [url for url in traffic.page_requests if url.split("?")[0].endswith(".css")]
    assert sheets, "no stylesheet was fetched"
    assert len(sheets) == len(set(sheets)), sheets
    assert all(href.startswith(site.url) for href in _stylesheet_hrefs(page))


def test_the_page_asks_for_all_it_is_drawn_with_at_once(
    page: Page, site: Site, traffic: Traffic
) -> None:
    """The head's two scripts are asked for with the stylesheets, not when the parser reaches
    them after every stylesheet has arrived; and a page is drawn with at most six files, as many
    as a browser fetches at once from a host that speaks HTTP/1.1."""
    open_page(page, site.page_url(RULES))
    page.wait_for_load_state("networkidle")
    entries: list[dict[str, object]] = page.evaluate(
        """() => performance.getEntriesByType("resource").map((entry) => ({
             name: entry.name, initiator: entry.initiatorType, start: entry.startTime,
             end: entry.responseEnd}))""")
    sheets = [entry for entry in entries if str(entry["name"]).endswith(".css")]
    scripts = [entry for entry in entries
               if str(entry["name"]).endswith(("/early.js", "/palette.js"))]
    assert len(scripts) == 2, entries
    assert len(sheets) + len(scripts) <= 6, [entry["name"] for entry in sheets + scripts]
    first_sheet_in = min(float(str(entry["end"])) for entry in sheets)
    for script in scripts:
        assert script["initiator"] == "link", script  # the preload, not the parser
        assert float(str(script["start"])) <= first_sheet_in, (script, sheets)
        name = str(script["name"]).rsplit("/", 1)[1]
        assert len(traffic.fetched(name)) == 1, traffic.page_requests


def test_the_head_s_addresses_are_absolute_before_the_theme_runs(page: Page, site: Site) -> None:
    # Without the theme's script at all, only early.js can have made them absolute.
    page.route("**/assets/javascripts/bundle.*.min.js", lambda route: route.abort())
    page.goto(site.page_url(RULES), wait_until="load")
    hrefs = _stylesheet_hrefs(page)
    assert hrefs and all(href.startswith(site.url) for href in hrefs), hrefs


def _stylesheet_hrefs(page: Page) -> list[str]:
    hrefs: list[str] = page.evaluate(
        """() => [...document.head.querySelectorAll('link[rel="stylesheet"]')]
                 .map((link) => link.getAttribute("href"))""")
    return hrefs


def test_without_the_theme_script_the_page_reads_in_the_reader_s_scheme(
    page: Page, site: Site
) -> None:
    # The theme's script cannot be had: the page is shown as it reads without scripts, in
    # the dark scheme a dark-mode reader prefers (chosen before the page is drawn).
    page.route("**/assets/javascripts/bundle.*.min.js", lambda route: route.abort())
    page.emulate_media(color_scheme="dark")
    page.goto(site.page_url(RULES), wait_until="load")
    page.wait_for_function("() => document.documentElement.classList.contains('no-js')")
    assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"
    assert page.locator('meta[name="color-scheme"]').get_attribute("content") == "dark"
    assert page.locator('[id="508.1a"]').is_visible()


def test_the_scheme_switch_turns_and_is_remembered(page: Page, site: Site) -> None:
    page.emulate_media(color_scheme="light")
    open_page(page, site.page_url(RULES))
    assert page.evaluate("document.body.dataset.mdColorScheme") == "default"
    to_dark = page.locator('label[title="Switch to dark mode"]')
    assert to_dark.is_visible()
    assert page.locator('label[title="Switch to light mode"]').is_hidden()
    to_dark.click()
    assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"
    assert page.locator('label[title="Switch to light mode"]').is_visible()
    assert page.locator('meta[name="color-scheme"]').get_attribute("content") == "dark"
    # The header's colour, as the browser's own (the same indigo in both schemes).
    assert page.locator('meta[name="theme-color"]').get_attribute("content") == "#4051b5"
    # The choice outlives the page and beats the system's preference...
    page.reload(wait_until="load")
    assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"
    # ...and follows the reader to another page.
    page.goto(site.page_url("rulings/"), wait_until="load")
    assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"
    # Enter on the focused switch turns it back.
    page.locator("#fc-palette input:checked").focus()
    page.keyboard.press("Enter")
    assert page.evaluate("document.body.dataset.mdColorScheme") == "default"
    assert page.locator('label[title="Switch to dark mode"]').is_visible()


def test_a_reader_who_has_not_chosen_follows_the_system(page: Page, site: Site) -> None:
    page.emulate_media(color_scheme="light")
    open_page(page, site.page_url(RULES))
    assert page.evaluate("document.body.dataset.mdColorScheme") == "default"
    page.emulate_media(color_scheme="dark")
    page.wait_for_function("() => document.body.dataset.mdColorScheme === 'slate'")
    assert page.locator('label[title="Switch to light mode"]').is_visible()
