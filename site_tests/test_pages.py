"""Every page of the nav: loads cleanly, stays on its own origin, keeps its anchors,
downloads nothing of Python until the reader acts, and passes axe."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from axe_playwright_python.sync_playwright import Axe
from conftest import Site, Traffic
from fcpage import CONTRAST, RUNTIME_FILES, open_page
from playwright.sync_api import Page, expect

from flipcards import Game

RULE_ANCHORS = ["508", "508.1", "508.1a", "508.1b", "508.1c", "508.2", "508.3", "508.4"]
RULING_ANCHORS = [f"ruling-{n}" for n in range(1, 8)]
SERIOUS = {"serious", "critical"}


def test_page_loads_without_errors_or_foreign_requests(
    page: Page, traffic: Traffic, site: Site, nav_page: str
) -> None:
    open_page(page, site.page_url(nav_page))
    page.wait_for_load_state("networkidle")
    assert traffic.errors == []
    assert traffic.failed == []
    # A blob: URL made by the page (the worker's start) belongs to the site's origin.
    foreign = [url for url in traffic.requests
               if not url.removeprefix("blob:").startswith(site.url)]
    assert foreign == []


def test_the_browser_takes_every_header_the_site_sends(page: Page, site: Site) -> None:
    """No message of any level about the site's own headers: no feature of its
    Permissions-Policy, no directive of its Content-Security-Policy, that the browser does not
    know."""
    said: list[str] = []
    page.on("console", lambda message: said.append(f"{message.type}: {message.text}"))
    open_page(page, site.page_url(""))
    page.wait_for_load_state("networkidle")
    assert [text for text in said if "Policy" in text or "header" in text.lower()] == []


def test_no_python_is_fetched_until_the_reader_acts(
    page: Page, traffic: Traffic, site: Site, nav_page: str
) -> None:
    # The pointer never goes near a button: a reader who only reads downloads no Python.
    if nav_page == "playground/":
        pytest.skip("opening the playground is the reader's act: it starts Python at once")
    open_page(page, site.page_url(nav_page))
    page.wait_for_load_state("networkidle")
    page.mouse.wheel(0, 3000)
    page.wait_for_timeout(300)
    fetched = [url for url in traffic.requests if any(part in url for part in RUNTIME_FILES)]
    assert fetched == []
    if site.examples(nav_page):
        # ...and acting does fetch it (so the check above is not vacuous).
        page.locator(".fc-example .fc-edit").first.click()
        page.locator(".fc-example .cm-editor").first.wait_for()
        assert traffic.fetched("/javascripts/worker.mjs")
        assert traffic.fetched("/assets/js/editor.js")


@pytest.mark.parametrize(
    ("page_path", "anchor"),
    [("rule-508/", a) for a in RULE_ANCHORS] + [("rulings/", a) for a in RULING_ANCHORS],
)
def test_anchor_exists_and_is_scrolled_into_view(
    page: Page, site: Site, page_path: str, anchor: str
) -> None:
    page.goto(f"{site.page_url(page_path)}#{anchor}", wait_until="load")
    target = page.locator(f'[id="{anchor}"]')
    assert target.count() == 1, f"no element with id {anchor!r} on {page_path}"
    page.wait_for_timeout(200)  # let the browser (and Material) settle the scroll
    top, bottom, height = target.evaluate(
        """(element) => {
            const box = element.getBoundingClientRect();
            return [box.top, box.bottom, window.innerHeight];
        }"""
    )
    assert top >= 0 and top < height and bottom > 0, f"#{anchor} is not in view (top {top}px)"


@pytest.mark.parametrize(("path", "anchor"), [("rulings/", "ruling-6"), ("rule-508/", "508.2")])
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)], ids=["wide", "phone"])
def test_a_link_to_a_ruling_or_rule_under_a_heading_shows_the_heading_below_the_header(
        page: Page, site: Site, path: str, anchor: str, width: int, height: int) -> None:
    """A forum link to ruling 6 landed with "Ruling 6 — copies of a flipped permanent" under
    the fixed header, only the ruling's text in view (WCAG 2.4.11: what the link points at is
    not hidden by what the page fixes on top)."""
    page.set_viewport_size({"width": width, "height": height})
    open_page(page, f"{site.page_url(path)}#{anchor}")
    page.wait_for_function("""(anchor) => {
        const heading = document.getElementById(anchor).previousElementSibling;
        const header = document.querySelector('.md-header').getBoundingClientRect();
        const { top } = heading.getBoundingClientRect();
        return /^H[23]$/.test(heading.tagName) && top >= header.bottom && top < innerHeight / 2;
    }""", arg=anchor, timeout=5000)


def test_an_anchor_with_a_broken_escape_is_said_and_quoted_only_in_part(
        page: Page, site: Site) -> None:
    """A link whose anchor ends in a lone "%" (cut short on the way) names no rule: the page
    says so. It quoted the anchor's first 80 characters in its notice, enough for a stranger's
    sentence ("NOTICE: rule 508.1a was withdrawn; …") to be read in the site's own voice."""
    anchor = "NOTICE:_rule_508.1a_was_withdrawn;_the_current_text_is_at_flip-rules.example%"
    open_page(page, f"{site.page_url('rule-508/')}#{anchor}")
    note = page.locator(".fc-address-note")
    expect(note).to_have_text("The link's anchor \u201c#NOTICE:_rule_508.1a_was_\u2026\u201d "
                              "has a broken %-escape (it was cut short or changed on the way), "
                              "so it names no rule: the page opens at the top.")
    expect(note).to_have_attribute("role", "alert")


@pytest.mark.parametrize(("path", "anchor", "named"), [
    ("rule-508/", "508.1d", "rule 508.1d"), ("rulings/", "ruling-8", "ruling 8")])
def test_an_anchor_naming_a_rule_the_page_lacks_is_said(
        page: Page, site: Site, path: str, anchor: str, named: str) -> None:
    """A rule number mistyped in a forum post (#508.1d, #ruling-8) opened the page at its top
    without a word, where a broken anchor is said; the reader thought the link was to the top."""
    open_page(page, f"{site.page_url(path)}#{anchor}")
    expect(page.locator(".fc-address-note")).to_have_text(
        f"The link's anchor \u201c#{anchor}\u201d names {named}, which is not on this page: "
        "the page opens at the top.")


def _serious(results: dict[str, object], inside: str | None = None) -> list[str]:
    found = []
    for violation in results["violations"]:  # type: ignore[attr-defined]
        if violation["impact"] not in SERIOUS:
            continue
        for node in violation["nodes"]:
            found.append(f"{violation['id']} ({violation['impact']}): {node['target']}\n"
                         f"    {node['html'][:200]}\n    {node.get('failureSummary', '')}")
    return found


#: Every element of the site's own components (examples, cards, rules, rulings, ...): all of
#: them have classes starting with "fc-".
OWN_COMPONENTS = '[class^="fc-"], [class*=" fc-"]'

#: Both palettes of the theme (mkdocs.yml): Material picks one from the reader's preference.
SCHEMES = {"light": "default", "dark": "slate"}


def _open_in_scheme(page: Page, url: str, scheme: str) -> None:
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    open_page(page, url)
    palette = page.evaluate("document.body.dataset.mdColorScheme")
    assert palette == SCHEMES[scheme], f"the {scheme} preference did not pick the {scheme} palette"


@pytest.mark.parametrize("scheme", list(SCHEMES))
def test_own_components_have_no_serious_accessibility_violations(
    page: Page, site: Site, nav_page: str, scheme: str
) -> None:
    _open_in_scheme(page, site.page_url(nav_page), scheme)
    if page.locator(OWN_COMPONENTS).count() == 0:
        pytest.skip("no component of the site on this page")
    own = {"include": [[OWN_COMPONENTS]]}
    axe = Axe()
    assert _serious(axe.run(page, context=own).response) == []
    if site.examples(nav_page):
        # With an editor open, too.
        page.locator(".fc-example .fc-edit").first.click()
        page.locator(".fc-example .cm-editor").first.wait_for()
        assert _serious(axe.run(page, context=own).response) == []


@pytest.mark.parametrize("scheme", list(SCHEMES))
def test_page_has_no_serious_accessibility_violations(
    page: Page, site: Site, nav_page: str, scheme: str
) -> None:
    _open_in_scheme(page, site.page_url(nav_page), scheme)
    results = Axe().run(page).response
    assert _serious(results) == []


class _Attributes(HTMLParser):
    """The names of every attribute of a page's elements."""

    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.names.update(name for name, _ in attrs)


def test_every_mana_symbol_a_page_writes_is_shown(site: Site) -> None:
    """The cards page's table said Goka's abilities are "activated abilities with": a "{T}"
    at the end of a cell was read as the cell's attributes (`<td T>`) and dropped. No element
    of any page has a mana symbol for an attribute."""
    symbol = re.compile(r"[wubrgcsxtq]|\d+")
    lost = {}
    for page in sorted(site.root.rglob("*.html")):
        parser = _Attributes()
        parser.feed(page.read_text("utf-8"))
        if taken := sorted(filter(symbol.fullmatch, parser.names)):
            lost[page.relative_to(site.root).as_posix()] = taken
    assert lost == {}


def test_the_api_reference_documents_every_public_member_of_game(site: Site) -> None:
    """The reader looks up ``Game.flip`` on the API page: every public method and property
    of ``Game`` (those of its parts' actions and of the state it shares) has its entry there,
    with its docstring."""
    html = (site.root / "api" / "index.html").read_text("utf-8")
    public = sorted(name for name in dir(Game) if not name.startswith("_"))
    missing = [name for name in public if f'id="flipcards.Game.{name}"' not in html]
    assert public and missing == []
    # An entry carries the method's docstring, not only its name.
    assert 'The instruction "flip it" (rules 508.2, 508.4)' in html


def test_wcag_2_5_8_small_links_and_switches_are_24_pixels_tall_on_a_phone(
        page: Page, site: Site) -> None:
    """"Open in the playground" was 17 pixels tall, and the "Keep Python ready" switch's label
    22, at a phone's width: too small a target for a finger."""
    page.set_viewport_size({"width": 360, "height": 740})
    open_page(page, site.page_url("cards/bushi-tenderfoot/"))
    for target in (page.locator(".fc-open-playground a").first,
                   page.locator(".fc-keep-ready").first):
        target.scroll_into_view_if_needed()
        box = target.bounding_box()
        assert box is not None and box["height"] >= 24, (target, box)


@pytest.mark.parametrize("path", ["cards/", "about/", "api/", "rule-508/"])
def test_printed_pages_show_no_button_or_switch(page: Page, site: Site, path: str) -> None:
    """On paper a button does nothing: the cards' "Turn the card", the offline switch on the
    about page and the copy buttons on code blocks were printed, where the examples' buttons
    were not."""
    open_page(page, site.page_url(path))
    page.emulate_media(media="print")
    shown = page.locator("main").evaluate("""(main) => [...main.querySelectorAll(
        "button, input, select, [role=button], [role=switch]")]
        .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== "hidden")
        .map((el) => el.outerHTML.slice(0, 80))""")
    assert shown == []


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_wcag_1_4_3_printed_from_either_scheme_every_text_reads_on_paper(
        page: Page, site: Site, scheme: str) -> None:
    """Printed while the dark scheme was on, a rule's citation (its edition, today's number)
    was 1.16:1 on the white paper, and code's operators and comments 1.2:1 (`game = Game(…)`
    printed as `game  Game …`)."""
    screen = "dark" if scheme == "slate" else "light"
    page.emulate_media(color_scheme=screen)
    open_page(page, site.page_url("rule-508/"))
    page.evaluate("(scheme) => document.body.setAttribute('data-md-color-scheme', scheme)",
                  scheme)
    page.wait_for_function("""() => getComputedStyle(document.querySelector(
        ".fc-example .fc-source code")).color.startsWith("rgba")""" if screen == "dark"
                           else "true")   # the dark scheme's pale code, drawn
    page.emulate_media(media="print", color_scheme=screen)
    texts = [".fc-cite",
             ".fc-example .fc-source code .o, .fc-example .fc-source code .p",
             ".fc-example .fc-source code .c1",
             ".fc-example .fc-source code",
             ".fc-example .fc-output > code"]
    # All read at once, as the printer's first layout draws them: the theme's colour
    # transition, had it run on paper, left code and output pale grey on the white paper.
    contrasts = page.evaluate(f"""(texts) => {{
        const contrast = {CONTRAST};
        return texts.map((text) => contrast(document.querySelector(text), "color"));
    }}""", texts)
    assert [text for text, ratio in zip(texts, contrasts, strict=True) if ratio < 4.5] == []
