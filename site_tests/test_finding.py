"""Finding a rule, and the pages of cards: the rule index, today's numbers (rules/710.2/),
addresses and fragments written another way (rules/508.1A/, #508.1A), the 404 page, search,
phones, and a page per card with the control that turns the card."""

from __future__ import annotations

import json
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from conftest import Elsewhere, Site
from fcpage import CONTRAST, follow_link, open_page, search, wait_taken_over
from playwright.sync_api import Browser, Page, expect

SCHEMES = {"light": "default", "dark": "slate"}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def serious(page: Page) -> list[str]:
    results = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']]}"
            for v in results.response["violations"] if v["impact"] in {"serious", "critical"}]


def in_view(page: Page, css: str) -> bool:
    top, bottom, height = page.locator(css).evaluate(
        "(e) => { const b = e.getBoundingClientRect(); return [b.top, b.bottom, innerHeight]; }")
    return bool(0 <= top < height and bottom > 0)


def without_scripts(browser: Browser, url: str, **options: object) -> tuple[str, str]:
    """(final URL, visible text) of `url` in a browser without JavaScript."""
    context = browser.new_context(java_script_enabled=False, **options)  # type: ignore[arg-type]
    try:
        page = context.new_page()
        page.goto(url)
        return page.url, page.locator("article").inner_text()
    finally:
        context.close()


# --- the rule index ---------------------------------------------------------------------


def test_rule_index_lists_every_rule_and_ruling_with_its_numbers_and_links(
    page: Page, site: Site
) -> None:
    assert "rules/" in site.pages
    page.goto(site.page_url("rules/"))
    rows = page.locator("article table tbody tr")
    expect(rows).to_have_count(15)
    row = rows.filter(has_text="Rule 508.4")
    cells = row.locator("td").all_inner_texts()
    assert cells == ["Rule 508.4", "710.4",
                     "Flipping is one-way; once it leaves play, the flip is forgotten",
                     "rules/508.4/"]
    links = row.locator("a").evaluate_all("(as) => as.map((a) => a.href)")
    assert links == [f"{site.url}rule-508/#508.4", f"{site.url}rules/710.4/",
                     f"{site.url}rules/508.4/"]
    ruling = rows.filter(has_text="Ruling 6").locator("td").all_inner_texts()
    assert ruling[:2] == ["Ruling 6", "707.2, 707.3"]
    # Every link of the table leads to a page of the site.
    for href in page.locator("article table a").evaluate_all("(as) => as.map((a) => a.href)"):
        path = href.removeprefix(site.url).split("#")[0]
        assert (site.root / path / "index.html").is_file(), href


@pytest.mark.parametrize("scheme", list(SCHEMES))
@pytest.mark.parametrize("path", ["rules/", "cards/bushi-tenderfoot/", "missing/page/"])
def test_new_pages_have_no_serious_accessibility_violations(
    page: Page, site: Site, path: str, scheme: str
) -> None:
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    page.goto(site.page_url(path))
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.body.dataset.mdColorScheme") == SCHEMES[scheme]
    if path.startswith("cards/"):
        page.locator(".fc-turn-card").first.click()  # with the card turned and its status
    assert serious(page) == []


# --- today's numbers, variants, the 404 page ------------------------------------------


def test_todays_number_has_a_page_that_names_the_2004_rule(browser: Browser, site: Site) -> None:
    url, text = without_scripts(browser, site.page_url("rules/710.2/"))
    assert url == site.page_url("rules/710.2/")
    assert "Rule 710.2 was rule 508.2 in 2004" in text
    assert "In every zone other than the in-play zone" in text
    document = site.html("rules/710.2/")
    assert '<meta property="og:title" content="Rule 710.2 today = Rule 508.2 of 2004' in document
    assert f'<meta property="og:image" content="{site.url}assets/previews/rules/508.2.png">' \
        in document


def test_todays_number_leads_to_the_rule_and_says_so(page: Page, site: Site) -> None:
    page.goto(site.page_url("rules/710.2/"))
    page.wait_for_url(f"{site.url}rule-508/?from=710.2#508.2")
    note = page.locator('[id="508.2"] .fc-from-note')
    expect(note).to_have_text("You followed a link to rule 710.2 of today's Comprehensive "
                              "Rules. In 2004 it was rule 508.2, quoted here.")
    assert in_view(page, '[id="508.2"]')


def test_710_2_today_s_number_as_the_anchor_says_which_2004_rule_it_was(page: Page,
                                                                         site: Site) -> None:
    """"rule-508/#710.2", a number typed in a post, reached rule 508.2 without a word that the
    number was another; it says so as a link from today's page does, after a reload too. A
    2004 number written another way (#508.1A) is only put right."""
    page.goto(site.page_url("rule-508/") + "#710.2")
    page.wait_for_url(f"{site.url}rule-508/?from=710.2#508.2")
    note = page.locator('[id="508.2"] .fc-from-note')
    expect(note).to_have_text("You followed a link to rule 710.2 of today's Comprehensive "
                              "Rules. In 2004 it was rule 508.2, quoted here.")
    page.reload()
    expect(note).to_be_visible()
    page.goto(site.page_url("rulings/") + "#710.5")
    page.wait_for_url(f"{site.url}rulings/?from=710.5#ruling-5")
    expect(page.locator("#ruling-5 .fc-from-note")).to_contain_text("ruling 5")
    page.goto(site.page_url("rule-508/") + "#508.1A")
    page.wait_for_url(f"{site.url}rule-508/#508.1a")
    expect(page.locator(".fc-from-note")).to_have_count(0)


def test_a_number_only_a_ruling_became_leads_to_the_ruling(page: Page, site: Site) -> None:
    page.goto(site.page_url("rules/710.5/"))
    page.wait_for_url(f"{site.url}rulings/?from=710.5#ruling-5")
    expect(page.locator("#ruling-5 .fc-from-note")).to_contain_text("ruling 5")


@pytest.mark.parametrize(("path", "target"), [
    ("rules/508.1A/", "rule-508/#508.1a"),
    ("rules/508-1a", "rule-508/#508.1a"),
    ("rule-508/508.1b/", "rule-508/#508.1b"),
    ("rules/rule-508.2", "rule-508/#508.2"),
    ("rulings/ruling-3/", "rulings/#ruling-3"),
    ("rulings/Ruling3", "rulings/#ruling-3"),
    ("rules/710-1A", "rule-508/?from=710.1a#508.1a"),
    # A card's, with either half's name, in any case, spaced or underlined.
    ("cards/Bushi_Tenderfoot", "cards/bushi-tenderfoot/"),
    ("cards/kenzo-the-hardhearted/", "cards/bushi-tenderfoot/"),
    ("card/Erayo%E2%80%99s%20Essence", "cards/erayo-soratami-ascendant/"),
    ("tok-tok-volcano-born/", "cards/akki-lavarunner/"),
    # The punctuation after a link in a forum post, taken into it by the forum.
    ("rules/508.1a)", "rule-508/#508.1a"),
    ("rulings/3).", "rulings/#ruling-3"),
    # ... after the site's own links, which end in "/" (%-escaped on the way, or BBCode's end).
    ("rules/508.1a/)", "rule-508/#508.1a"),
    ("rulings/3/,", "rulings/#ruling-3"),
    ("rules/710.2/%22%3E", "rule-508/?from=710.2#508.2"),
    ("cards/bushi-tenderfoot/)", "cards/bushi-tenderfoot/"),
    ("cards/bushi-tenderfoot/[/url]", "cards/bushi-tenderfoot/"),
    ("rulings/)", "rulings/"),
])
def test_addresses_written_another_way_reach_the_rule_or_card(
    page: Page, site: Site, path: str, target: str
) -> None:
    page.goto(site.page_url(path))
    page.wait_for_url(site.url + target)
    shown = f'[id="{target.split("#")[1]}"]' if "#" in target \
        else "article .fc-card" if target.startswith("cards/") else "article h1"
    expect(page.locator(shown).first).to_be_visible()


@pytest.mark.parametrize(("fragment", "anchor"), [
    ("508.1A", "508.1a"), ("Rule-508.2", "508.2"), ("710.3", "508.3"),
    # A forum's link finder took the punctuation after the link into it.
    ("508.1a)", "508.1a"), ("508.2,", "508.2")])
def test_fragments_written_another_way_reach_the_rule(
    page: Page, site: Site, fragment: str, anchor: str
) -> None:
    page.goto(f"{site.url}rule-508/#{fragment}")
    # (Today's number is kept as a link from today's page gives it: see the test of 710.2.)
    query = "?from=710.3" if fragment == "710.3" else ""
    page.wait_for_url(f"{site.url}rule-508/{query}#{anchor}")
    page.wait_for_timeout(300)
    assert in_view(page, f'[id="{anchor}"]')
    # It is highlighted as when the link names it as it is written, and it alone.
    outlined = page.evaluate("""() => [...document.querySelectorAll(".fc-rule, .fc-ruling")]
        .filter((block) => getComputedStyle(block).outlineStyle === "solid")
        .map((block) => block.id)""")
    assert outlined == [anchor]
    # The address was written again in place: the blank tab the test began with, and this.
    assert page.evaluate("history.length") == 2
    # Another rule named as it is written: the highlight moves to it.
    page.evaluate("location.hash = '508.4'")
    page.wait_for_function(
        "() => getComputedStyle(document.getElementById('508.4')).outlineStyle === 'solid'")
    assert page.evaluate("[...document.querySelectorAll('.fc-named')].map((b) => b.id)") == [
        "508.4"]


def test_unknown_rule_gets_a_404_page_listing_the_rules(
    page: Page, browser: Browser, site: Site
) -> None:
    response = page.goto(site.page_url("rules/508.9/"))
    assert response is not None and response.status == 404
    expect(page.locator("#fc-not-found-message")).to_contain_text(
        "There is no page at /rules/508.9/.")
    links = page.locator(".fc-not-found-rules a[data-fc-kind='rule'], "
                         ".fc-not-found-rules a[data-fc-kind='ruling']")
    expect(links).to_have_count(15)
    page.get_by_role("link", name="Ruling 5", exact=True).click()
    page.wait_for_url(f"{site.url}rulings/#ruling-5")
    # Without scripts, the lists are there too.
    _, text = without_scripts(browser, site.page_url("no/such/page/"))
    assert "Rule 508.2 — Only the normal half exists until it flips in play" in text
    assert "Bushi Tenderfoot — flips into Kenzo the Hardhearted" in text


@pytest.mark.parametrize("path", ["%2F%2F{host}%2Flogin%29", "//{host}/login).",
                                  "%5C%5C{host}%2Flogin[/url]"])
def test_a_link_the_404_page_repairs_stays_on_the_site(
    page: Page, site: Site, elsewhere: Elsewhere, path: str
) -> None:
    """The page repairs an address a forum took its punctuation into, by going to the address
    without it. An address whose path, decoded, began with "//" (or backslashes) was then
    another site's address, and the page sent the reader there at once, with no click: an
    open redirect under the site's name. The repaired address is a page of the site."""
    host = elsewhere.url.split("://", 1)[1].rstrip("/")
    elsewhere.hits.clear()
    page.goto(site.url + path.format(host=host))
    expect(page.locator("#fc-not-found-message")).to_contain_text("There is no page at /")
    assert page.url.startswith(site.url)
    assert elsewhere.hits == []


def test_wcag_2_4_2_the_404_page_is_titled_so_and_skips_to_its_heading(page: Page,
                                                                        site: Site) -> None:
    """A wrong address's page was titled "Flip Cards", as the home page is (a tab, a history, a
    screen reader and a forum's preview said nothing of the wrong link), and had no skip link
    past the navigation to what it says."""
    page.goto(site.page_url("cards/bushi-tendrfoot/"))
    expect(page).to_have_title("Page not found - Flip Cards")
    page.keyboard.press("Tab")
    skip = page.locator("a.md-skip")
    expect(skip).to_be_focused()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile("#page-not-found$"))
    expect(page.get_by_role("heading", name="Page not found", level=1)).to_be_in_viewport()


def test_a_mistyped_card_address_gets_the_card_it_was_closest_to(page: Page, site: Site) -> None:
    response = page.goto(site.page_url("cards/bushi-tenderfot/"))
    assert response is not None and response.status == 404
    expect(page.locator("#fc-not-found-message")).to_contain_text(
        "There is no page at /cards/bushi-tenderfot/.")
    suggestion = page.locator("#fc-not-found-suggestion")
    expect(suggestion).to_have_text("Did you mean the card Bushi Tenderfoot?")
    expect(page.locator(".fc-not-found-cards a")).to_have_count(21)
    suggestion.get_by_role("link").click()
    page.wait_for_url(site.page_url("cards/bushi-tenderfoot/"))
    # Nothing near enough: no guess, only the lists.
    page.goto(site.page_url("cards/lightning-bolt/"))
    expect(page.locator("#fc-not-found-message")).to_contain_text("/cards/lightning-bolt/")
    expect(suggestion).to_be_hidden()


def test_a_mistyped_card_address_of_a_megabyte_is_not_measured_against_every_card(
        page: Page, site: Site) -> None:
    """A link can be a megabyte long (a host may take it; offline no host is asked). The
    closest card to it was measured letter by letter against every card's name, on the
    page's thread: 10 s of a frozen tab for 1.5 MB, and the whole address was written into
    the message. Names too far off in length are now not measured, and the message shows the
    address's first 80 characters."""
    long = "b" * 20_000
    response = page.goto(site.page_url(f"cards/{long}/"))
    assert response is not None and response.status == 404
    expect(page.locator("#fc-not-found-message")).to_contain_text(
        f"There is no page at /cards/{'b' * 74}…. Here is each rule")
    took = page.evaluate("""async () => {
        const src = document.querySelector("script[src*='not-found.mjs']").src;
        const { cardFor } = await import(src);
        const cards = [...document.querySelectorAll("a[data-fc-card]")];
        const start = performance.now();
        const found = cardFor("cards/" + "b".repeat(1500000) + "/", cards);
        const slip = cardFor("cards/bushi-tenderfot/", cards);
        return { ms: performance.now() - start, found, slip: slip.link.textContent };
    }""")
    assert took["found"] is None and took["slip"] == "Bushi Tenderfoot", took
    assert took["ms"] < 1000, took    # (measured against each card: about 10 s)


def test_a_link_of_forty_thousand_brackets_opens_the_not_found_page_at_once(
        page: Page, site: Site) -> None:
    """What a forum's link finder took in after a link's end (")", ".", "[/url]") is cut
    off; the pattern that finds it backtracked over the whole address, in a time that grows
    with its square: a link of 40,000 ")" froze the tab for 5 s, 60,000 for 10 s. Only the
    address's end is looked at now."""
    response = page.goto(site.page_url(")" * 40_000 + "A"))
    assert response is not None and response.status == 404
    expect(page.locator("#fc-not-found-message")).to_contain_text("There is no page at /)))")
    took = page.evaluate("""async () => {
        const src = document.querySelector("script[src*='not-found.mjs']").src;
        const { withoutTrailing } = await import(src);
        const start = performance.now();
        const long = withoutTrailing(")".repeat(100000) + "A");
        const ms = performance.now() - start;
        return { ms, long: long.length, cut: [
            withoutTrailing("rules/508.1a/)."), withoutTrailing("rulings/6/[/url]"),
            withoutTrailing("x".repeat(5000) + "/rules/508.1a/),").slice(5000)] };
    }""")
    assert took["cut"] == ["rules/508.1a/", "rulings/6/", "/rules/508.1a/"], took["cut"]
    assert took["long"] == 100_001
    assert took["ms"] < 1000, took    # (the whole address tried: about a minute)


# --- search ---------------------------------------------------------------------------


def test_the_search_index_holds_no_examples_buttons(site: Site) -> None:
    """Every example's toolbar was indexed: results showed a line "RunEditResetCopyShareStop"
    (163 times in the index), read aloud with the result by a screen reader. The buttons are
    not what a page says; the examples' code and output still are."""
    index = json.loads((site.root / "search" / "search_index.json").read_text(encoding="utf-8"))
    texts = " ".join(doc["text"] for doc in index["docs"])
    assert "RunEdit" not in texts and "CopyShareStop" not in texts
    assert "Kenzo the Hardhearted" in texts and "print(" in texts


@pytest.mark.parametrize(("query", "expected"), [
    ("forgotten", "rules/508.4/"),
    ("leaves play", "rules/508.4/"),
    ("508.1a", "rules/508.1a/"),
    ("710.4", "rules/508.4/"),
    ("legend rule", "rulings/4/"),
    ("Bushi Tenderfoot", "cards/bushi-tenderfoot/"),
])
def test_search_finds_what_people_type(page: Page, site: Site, query: str,
                                       expected: str) -> None:
    page.goto(site.page_url(""))
    results = search(page, query)
    assert any(expected in href for href in results[:3]), results[:5]


@pytest.mark.parametrize("query", ["Kuon\u2019s Essence", "Kuon\u2019s"])
def test_a_curly_apostrophe_a_phone_keyboard_types_finds_the_card(page: Page, site: Site,
                                                                    query: str) -> None:
    """A phone keyboard types a curly apostrophe (U+2019): "Kuon's Essence" so typed listed the
    other Essences first, and "Kuon's" found nothing; with the straight one, the card is
    first."""
    page.goto(site.page_url(""))
    results = search(page, query)
    assert results[0].startswith(site.page_url("cards/kuon-ogre-ascendant/")), results[:3]


def test_text_pasted_into_the_search_box_without_a_key_is_searched(page: Page, site: Site) -> None:
    """Pasted with the mouse, dropped, or from a phone keyboard's suggestions: the box changes
    with no key pressed, and the results are those of the text all the same."""
    open_page(page, site.page_url(""))
    page.locator("input.md-search__input").click()
    expect(page.locator(".md-search-result__meta")).to_have_text("Type to start searching")
    page.locator("input.md-search__input").fill("forgotten")  # an input event, and no key
    expect(page.locator(".md-search-result__item").first).to_be_visible()
    hrefs = page.locator(".md-search-result__item > .md-search-result__link").evaluate_all(
        "(as) => as.map((a) => a.href)")
    assert hrefs[0].startswith(site.page_url("rules/508.4/"))


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_the_searchs_matched_words_and_count_are_readable(page: Page, site: Site,
                                                          scheme: str) -> None:
    """The matched words were the theme's accent orange on white (2.8:1), the count of
    results its grey on the dialog's (4.4:1 and 4.1:1 in the dark palette)."""
    open_page(page, site.page_url(""))
    page.evaluate("(scheme) => document.body.setAttribute('data-md-color-scheme', scheme)",
                  scheme)
    search(page, "flip twice")
    marks = page.locator(".md-search-result mark")
    expect(marks.first).to_be_visible()
    assert marks.first.evaluate(CONTRAST, "color") >= 4.5
    assert page.locator(".md-search-result__meta").evaluate(CONTRAST, "color") >= 4.5


def test_a_search_result_lands_on_the_rule(page: Page, site: Site) -> None:
    page.goto(site.page_url(""))
    search(page, "508.1a")
    page.locator(".md-search-result__item > .md-search-result__link",
                 has=page.locator("h1", has_text="Rule 508.1a")).first.click()
    page.wait_for_url(f"{site.url}rule-508/#508.1a")
    page.wait_for_timeout(300)
    assert in_view(page, '[id="508.1a"]')


def test_on_a_phone_a_search_result_lands_on_its_section(browser: Browser, site: Site) -> None:
    context = browser.new_context(**PHONE)  # type: ignore[arg-type]
    try:
        page = context.new_page()
        page.goto(site.page_url("then-and-now/"))
        search(page, "naming a flip card", phone=True)
        result = page.locator(".md-search-result__item a[href*='#ruling-5']").first
        result.wait_for()
        result.tap()
        page.wait_for_url(re.compile(r".*/rulings/[^#]*#ruling-5-"))
        heading = page.url.split("#")[1]
        # Lands on the section once the page has settled (not at the top of the page).
        page.wait_for_function(
            """(id) => { const target = document.getElementById(id);
                         if (!target) return false;  // the new page is not in yet
                         const top = target.getBoundingClientRect().top;
                         return scrollY > 0 && top >= 0 && top < innerHeight; }""",
            arg=heading, timeout=10_000)
        assert in_view(page, f'[id="{heading}"]')
    finally:
        context.close()


def test_on_a_phone_a_search_result_for_a_whole_page_opens_it_at_its_top(
    browser: Browser, site: Site
) -> None:
    """The search, as it closes on a phone, puts back the scroll position the page had when it
    opened: the page the result opens must not be left there."""
    context = browser.new_context(**PHONE)  # type: ignore[arg-type]
    try:
        page = context.new_page()
        page.goto(site.page_url("rule-508/"))
        page.evaluate("window.scrollTo(0, 5000)")
        page.wait_for_function("() => scrollY > 1000")
        search(page, "Bushi Tenderfoot", phone=True)
        # (A result's address carries the words searched for, ?h=…, which the page highlights.)
        result = page.locator(".md-search-result__item > a[href*='/cards/bushi-tenderfoot/?']")
        result.first.tap()
        page.wait_for_url(re.compile(r".*/cards/bushi-tenderfoot/\?h=[^#]*$"))
        page.locator("article h1[id]", has_text="Bushi Tenderfoot").wait_for()
        # Settled at the top (the search closes, and may scroll, just after the page is in).
        page.wait_for_function("() => scrollY === 0", timeout=10_000)
        page.wait_for_timeout(500)
        assert page.evaluate("scrollY") == 0
        assert in_view(page, "article h1[id]")
    finally:
        context.close()


def test_back_from_a_page_a_link_opened_puts_the_reader_where_they_were(
    page: Page, site: Site
) -> None:
    """A page opened by a link starts at its top; Back to the page before puts the reader
    back where they were on it, not at its top."""
    open_page(page, site.page_url("rule-508/"))
    page.evaluate("window.scrollTo(0, 3000)")
    page.wait_for_function("() => scrollY === 3000")
    reading = page.evaluate("() => document.elementFromPoint(100, 300).textContent")
    page.locator("a.md-nav__link[href$='rulings/']").first.evaluate("(link) => link.click()")
    page.wait_for_url(site.page_url("rulings/"))
    page.wait_for_function("() => scrollY === 0")
    page.go_back()
    page.wait_for_url(site.page_url("rule-508/"))
    page.wait_for_timeout(1500)  # what might scroll the page again has had its time
    assert page.evaluate("() => scrollY") == 3000
    assert page.evaluate("() => document.elementFromPoint(100, 300).textContent") == reading


def frames(page: Page, count: int = 30) -> None:
    """Let the page draw `count` frames: what keeps a rule in view acts once per frame."""
    page.evaluate("""(count) => new Promise((resolve) => {
        let drawn = 0;
        const next = () => (++drawn >= count ? resolve() : requestAnimationFrame(next));
        requestAnimationFrame(next);
    })""", count)


@pytest.mark.parametrize("fragment", ["", "#508.1a"])
def test_a_reader_who_scrolls_as_a_link_opens_the_page_is_left_where_they_scrolled(
    page: Page, site: Site, fragment: str
) -> None:
    """The page a link opened is kept at its top (or at the rule it names) while the page
    settles, but a scroll of the reader's own, with the scroll bar or a screen reader (neither
    sends a wheel or key event), is never taken back."""
    open_page(page, site.page_url(""))
    follow_link(page, site.page_url("rule-508/") + fragment)
    page.evaluate("scrollTo(0, 4000)")
    frames(page)
    assert page.evaluate("scrollY") == 4000


def test_a_reader_who_scrolls_before_the_page_has_settled_is_left_where_they_scrolled(
    page: Page, site: Site
) -> None:
    """A link names a rule; the reader scrolls on before the page's scripts have started: they
    must not be pulled back to the rule when they do."""
    page.goto(site.page_url("rule-508/") + "#508.1a", wait_until="load")
    start = page.evaluate("scrollY")
    page.mouse.move(200, 400)
    page.mouse.wheel(0, 3000)
    page.wait_for_function("(start) => scrollY > start + 1000", arg=start)
    wait_taken_over(page)
    frames(page)
    assert page.evaluate("scrollY") > start + 1000
    assert page.evaluate("""() => document.getElementById("508.1a").getBoundingClientRect()
                                  .bottom < 0""")


# --- phones ---------------------------------------------------------------------------


def test_on_a_phone_the_rule_index_shows_every_column_without_scrolling_sideways(
    browser: Browser, site: Site
) -> None:
    context = browser.new_context(**PHONE)  # type: ignore[arg-type]
    try:
        page = context.new_page()
        open_page(page, site.page_url("rules/"))
        table = page.locator(".fc-rule-index table")
        # Nothing of the table is out of sight: no part of it needs a sideways swipe.
        assert table.evaluate("""(t) => { const wrap = t.closest(".md-typeset__scrollwrap") ?? t;
                                          return wrap.scrollWidth <= wrap.clientWidth; }""")
        rows = table.locator("tbody tr")
        assert rows.count() == 15
        for row in rows.all():
            cells = row.locator("td")
            for cell in cells.all():
                box = cell.bounding_box()
                assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, (
                    cell.text_content(), box)
            # Today's number is named as such, the head of the table being out of sight.
            if (cells.nth(1).text_content() or "").strip():
                assert cells.nth(1).evaluate(
                    "(c) => getComputedStyle(c, '::before').content") == '"today "'
    finally:
        context.close()


def test_on_a_wide_screen_the_rule_index_is_a_table_with_its_head(page: Page, site: Site) -> None:
    open_page(page, site.page_url("rules/"))
    expect(page.locator(".fc-rule-index thead")).to_be_visible()
    heads = page.locator(".fc-rule-index th").all_text_contents()
    assert heads == ["2004", "Today", "What it says", "Its own page"]


def test_on_a_phone_the_copy_choices_fold_into_one_menu(browser: Browser, site: Site) -> None:
    context = browser.new_context(**PHONE)  # type: ignore[arg-type]
    try:
        page = context.new_page()
        page.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
        page.goto(site.page_url("rule-508/"))
        tools = page.locator('[id="508.2"] .fc-link-tools')
        tools.wait_for()
        toggle = tools.get_by_role("button", name="Copy rule 508.2: link or quote")
        expect(toggle).to_be_visible()
        expect(tools.locator(".fc-copy-link")).to_be_hidden()
        # One row, every control at least 44 px tall.
        boxes = [tools.locator(css).bounding_box() for css in (".fc-permalink", ".fc-copy-toggle")]
        assert all(box and box["height"] >= 44 for box in boxes), boxes
        assert boxes[0] and boxes[1] and abs(boxes[0]["y"] - boxes[1]["y"]) < 4
        toggle.tap()
        expect(toggle).to_have_attribute("aria-expanded", "true")
        choices = tools.locator(".fc-copy-menu .fc-button")
        expect(choices).to_have_count(3)
        for index in range(3):
            box = choices.nth(index).bounding_box()
            assert box and box["height"] >= 44
        tools.locator(".fc-copy-markdown").tap()
        expect(tools.locator(".fc-link-status")).to_have_text("Long-press to copy")
        field = page.locator('[id="508.2"] .fc-link-fallback')
        assert "long-press" in (field.get_attribute("aria-label") or "")
        assert field.input_value().startswith("> **508.2.** In every zone")
    finally:
        context.close()


def test_copy_menu_works_from_the_keyboard(browser: Browser, site: Site) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(site.page_url("rulings/"))
        tools = page.locator("#ruling-2 .fc-link-tools")
        tools.wait_for()
        toggle = tools.locator(".fc-copy-toggle")
        toggle.focus()
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.classList.contains('fc-copy-link')")
        page.keyboard.press("Escape")
        expect(toggle).to_have_attribute("aria-expanded", "false")
        expect(tools.locator(".fc-copy-link")).to_be_hidden()
        assert page.evaluate("document.activeElement.classList.contains('fc-copy-toggle')")
    finally:
        context.close()


# --- cards ----------------------------------------------------------------------------


def test_every_card_has_a_page_with_preview_meta(browser: Browser, site: Site) -> None:
    cards = re.findall(r'href="([a-z0-9-]+)/">The page of ', site.html("cards/"))
    assert len(cards) == 21
    for slug in cards:
        document = site.html(f"cards/{slug}/")
        assert f'<meta property="og:image" content="{site.url}assets/previews/cards/{slug}.png">' \
            in document
        assert (site.root / "assets/previews/cards" / f"{slug}.png").read_bytes()[:4] == b"\x89PNG"
        assert '<meta property="og:url" content="' + site.url + f'cards/{slug}/">' in document
    url, text = without_scripts(browser, site.page_url("cards/bushi-tenderfoot/"))
    assert url.endswith("cards/bushi-tenderfoot/")
    assert "Bushi Tenderfoot // Kenzo the Hardhearted" in text
    assert "Ruling 4 — A flipped hero is legendary" in text
    assert "Other examples with this card" in text
    assert "Its example, pre-rendered" and '<div class="fc-example"' in \
        site.html("cards/bushi-tenderfoot/")


def test_the_turn_control_turns_the_card_and_says_so(page: Page, site: Site) -> None:
    page.goto(site.page_url("cards/bushi-tenderfoot/"))
    turn = page.get_by_role("button", name="Turn the card: Bushi Tenderfoot // Kenzo the "
                                           "Hardhearted")
    frame = page.locator(".fc-card")
    turn.focus()
    page.keyboard.press("Enter")
    expect(turn).to_have_attribute("aria-pressed", "true")
    expect(frame).to_have_class(re.compile(r"\bfc-card-turned\b"))
    expect(page.locator(".fc-card-status")).to_have_text(
        "Kenzo the Hardhearted now reads right way up.")
    page.wait_for_timeout(400)
    # The flipped half now reads right way up: the frame's turn undoes its own.
    transform = page.locator(".fc-card-flipped").evaluate(
        "(e) => new DOMMatrix(getComputedStyle(e.closest('.fc-card')).transform)"
        ".multiply(new DOMMatrix(getComputedStyle(e).transform)).a")
    assert round(transform) == 1
    page.keyboard.press("Space")
    expect(turn).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".fc-card-status")).to_have_text(
        "Bushi Tenderfoot now reads right way up.")


def test_the_search_index_holds_no_words_every_example_or_no_script_repeats(site: Site) -> None:
    """"Open in the playground" was indexed 129 times, once under each example, and the
    Playground's result read "The playground runs in your browser and needs JavaScript.": words
    that answer no search, crowding out the ones that do."""
    index = json.loads((site.root / "search" / "search_index.json").read_text(encoding="utf-8"))
    texts = [entry["text"] for entry in index["docs"]]
    assert not [text for text in texts if "Open in the playground" in text]
    assert not [text for text in texts if "needs JavaScript" in text]
    assert any("Build a game situation by clicking" in text for text in texts)
