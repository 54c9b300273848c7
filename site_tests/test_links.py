"""Links for forum posts: permalinks and copy buttons on every rule and ruling, and the rules'
own pages (rules/508.1a/, rulings/3/) with their preview meta and the hop to the rule in context."""

from __future__ import annotations

import html
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from conftest import Site, Traffic
from fcpage import COPIED, follow_link, open_page, open_with_tools, own_url
from playwright.sync_api import Locator, Page, Route, expect

RULES = ["508", "508.1", "508.1a", "508.1b", "508.1c", "508.2", "508.3", "508.4"]
RULINGS = [f"ruling-{n}" for n in range(1, 8)]

RULE_508_1A = (
    "The top half of a flip card contains the card's normal name, text box, type line, power, "
    'and toughness. The text box usually contains an ability that causes the permanent to "flip" '
    "if certain conditions are met."
)
RULING_3 = (
    "Flipping a flip permanent a second time has no effect. To \"flip\" a permanent means to "
    "change it from the top half to the bottom half, not to change it from one side to the other."
)
SCHEMES = {"light": "default", "dark": "slate"}


def block(page: Page, anchor: str) -> Locator:
    return page.locator(f'[id="{anchor}"]')


def grant_clipboard(page: Page, site: Site) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url[:-1])


def click_copy(tools: Locator, button: str) -> None:
    """Click a copy button and wait for its confirmation (the clipboard is written async)."""
    status = tools.locator(".fc-link-status")
    status.evaluate("(s) => { s.textContent = ''; }")
    tools.locator(button).click()
    expect(status).to_have_text(COPIED[button])


def clipboard(page: Page) -> str:
    text: str = page.evaluate("navigator.clipboard.readText()")
    return text


def meta(document: str) -> dict[str, str]:
    """property/name -> content of the page's <meta> tags, and "canonical"."""
    found = {key: html.unescape(value) for key, value in re.findall(
        r'<meta (?:property|name)="([^"]+)" content="([^"]*)"', document)}
    canonical = re.search(r'<link rel="canonical" href="([^"]*)"', document)
    if canonical:
        found["canonical"] = html.unescape(canonical.group(1))
    return found


@pytest.mark.parametrize(("path", "anchors"), [("rule-508/", RULES), ("rulings/", RULINGS)])
def test_every_rule_and_ruling_has_a_permalink_and_copy_buttons(
    page: Page, site: Site, path: str, anchors: list[str]
) -> None:
    open_with_tools(page, site.page_url(path))
    for anchor in anchors:
        tools = block(page, anchor).locator(".fc-link-tools")
        assert tools.count() == 1, anchor
        name = (f"ruling {anchor.removeprefix('ruling-')}" if anchor.startswith("ruling-")
                else f"rule {anchor}")
        permalink = tools.get_by_role("link", name=f"#{anchor}", exact=True)
        assert permalink.get_attribute("href") == f"#{anchor}"
        assert permalink.is_visible()
        for label in (f"Copy link to {name}", f"Copy Markdown quote of {name}",
                      f"Copy BBCode quote of {name}"):
            assert tools.get_by_role("button", name=label, exact=True).is_visible(), label
        assert tools.get_by_role("status").count() == 1


@pytest.mark.parametrize("anchor", ["508.1a", "ruling-3"])
def test_copy_link_puts_the_rules_own_page_on_the_clipboard(
    page: Page, site: Site, anchor: str
) -> None:
    grant_clipboard(page, site)
    path = "rulings/" if anchor.startswith("ruling-") else "rule-508/"
    open_with_tools(page, site.page_url(path))
    tools = block(page, anchor).locator(".fc-link-tools")
    click_copy(tools, ".fc-copy-link")
    assert clipboard(page) == own_url(site, anchor)


def test_copy_buttons_work_from_the_keyboard(page: Page, site: Site) -> None:
    grant_clipboard(page, site)
    open_with_tools(page, site.page_url("rule-508/"))
    tools = block(page, "508.1b").locator(".fc-link-tools")
    tools.locator(".fc-permalink").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == \
        "Copy link to rule 508.1b"
    page.keyboard.press("Enter")
    expect(tools.locator(".fc-link-status")).to_have_text("Link copied")
    assert clipboard(page) == own_url(site, "508.1b")


CITE_508_1A = "Comprehensive Rules (2004), rule 508.1a; today rule 710.1a"
CITE_RULING_3 = "Champions of Kamigawa FAQ (2004), ruling 3; today rule 710.4"


def test_copy_quote_gives_markdown_and_bbcode(page: Page, site: Site) -> None:
    grant_clipboard(page, site)
    open_with_tools(page, site.page_url("rule-508/"))
    tools = block(page, "508.1a").locator(".fc-link-tools")
    url = own_url(site, "508.1a")
    click_copy(tools, ".fc-copy-markdown")
    assert clipboard(page) == (f"> **508.1a** {RULE_508_1A}\n> \n"
                               f"> — {CITE_508_1A} · [Flip Cards]({url})")
    click_copy(tools, ".fc-copy-bbcode")
    assert clipboard(page) == (f'[quote="Rule 508.1a"][b]508.1a[/b] {RULE_508_1A}\n\n'
                               f"— {CITE_508_1A} · [url={url}]Flip Cards[/url][/quote]")


def test_ruling_quote_names_the_ruling_and_its_source(page: Page, site: Site) -> None:
    grant_clipboard(page, site)
    open_with_tools(page, site.page_url("rulings/"))
    tools = block(page, "ruling-3").locator(".fc-link-tools")
    url = own_url(site, "ruling-3")
    click_copy(tools, ".fc-copy-markdown")
    assert clipboard(page) == (f"> **Ruling 3:** {RULING_3}\n> \n"
                               f"> — {CITE_RULING_3} · [Flip Cards]({url})")
    click_copy(tools, ".fc-copy-bbcode")
    assert clipboard(page) == (f'[quote="Ruling 3"][b]Ruling 3:[/b] {RULING_3}\n\n'
                               f"— {CITE_RULING_3} · [url={url}]Flip Cards[/url][/quote]")


def test_quote_of_a_rule_with_an_example_keeps_both_paragraphs(page: Page, site: Site) -> None:
    grant_clipboard(page, site)
    open_with_tools(page, site.page_url("rule-508/"))
    click_copy(block(page, "508.2").locator(".fc-link-tools"), ".fc-copy-markdown")
    lines = clipboard(page).split("\n")
    assert lines[0].startswith("> **508.2.** In every zone other than the in-play zone,")
    assert lines[1] == "> "
    assert lines[2].startswith('> Example: The "heroes" in the Champions of Kamigawa set')
    assert lines[3] == "> "
    assert lines[4] == ("> — Comprehensive Rules (2004), rule 508.2; today rule 710.2 · "
                        f"[Flip Cards]({own_url(site, '508.2')})")


def test_without_a_clipboard_the_text_is_selected_in_a_read_only_field(
    page: Page, site: Site
) -> None:
    page.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    open_with_tools(page, site.page_url("rule-508/"))
    rule = block(page, "508.1a")
    rule.locator(".fc-copy-markdown").click()
    field = rule.locator("textarea.fc-link-fallback")
    assert field.is_visible()
    assert field.get_attribute("readonly") is not None
    expected = (f"> **508.1a** {RULE_508_1A}\n> \n"
                f"> — {CITE_508_1A} · [Flip Cards]({own_url(site, '508.1a')})")
    assert field.input_value() == expected
    selected = field.evaluate("(f) => [document.activeElement === f, f.selectionStart, "
                              "f.selectionEnd]")
    assert selected == [True, 0, len(expected)]
    assert "copy" in (rule.locator(".fc-link-status").text_content() or "")


def test_a_rule_quote_is_inserted_as_text(page: Page, site: Site) -> None:
    # Markup-looking rule text stays text: the fallback field shows it literally.
    page.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    open_with_tools(page, site.page_url("rule-508/"))
    rule = block(page, "508.1")
    rule.locator(".fc-rule-text").evaluate(
        "(p) => { p.lastChild.textContent = '<img src=x onerror=alert(1)>'; }")
    rule.locator(".fc-copy-bbcode").click()
    assert "<img src=x onerror=alert(1)>" in rule.locator(".fc-link-fallback").input_value()
    assert page.locator(".fc-link-tools img, .fc-link-fallback img").count() == 0


@pytest.mark.parametrize("anchor", RULES + RULINGS)
def test_every_rule_has_its_own_page_with_preview_meta(site: Site, anchor: str) -> None:
    url = own_url(site, anchor)
    found = meta(site.html(url.removeprefix(site.url)))
    label = (f"Ruling {anchor.removeprefix('ruling-')}" if anchor.startswith("ruling-")
             else f"Rule {anchor}")
    source = "Champions of Kamigawa FAQ" if anchor.startswith("ruling-") else "Comprehensive Rules"
    assert found["og:title"].startswith(f"{label} ({source}, 2004; today ")
    assert found["og:title"].endswith(") — Flip Cards")
    assert found["og:url"] == url
    assert found["canonical"] == url
    assert found["og:type"] == "article"
    assert found["og:site_name"] == "Flip Cards"
    assert found["twitter:card"] == "summary_large_image"
    assert 0 < len(found["og:description"]) <= 300
    assert 0 < len(found["twitter:description"]) <= 200
    kind, number = ("rulings", anchor.removeprefix("ruling-")) if anchor.startswith("ruling-") \
        else ("rules", anchor)
    assert found["og:image"] == f"{site.url}assets/previews/{kind}/{number}.png"
    assert found["twitter:image"] == found["og:image"]
    picture = site.root / found["og:image"].removeprefix(site.url)
    assert picture.read_bytes().startswith(b"\x89PNG")
    assert (found["og:image:width"], found["og:image:height"]) == ("1200", "630")


def test_rule_page_shows_the_rule_its_number_today_and_a_link_back(site: Site) -> None:
    document = site.html("rules/508.1a/")
    found = meta(document)
    assert found["og:description"] == RULE_508_1A  # under 300 characters: whole
    assert found["twitter:description"] == \
        RULE_508_1A[:200].rsplit(" ", 1)[0].rstrip(",") + "…"
    assert found["og:title"] == \
        "Rule 508.1a (Comprehensive Rules, 2004; today 710.1a) — Flip Cards"
    text = html.unescape(re.sub(r"<[^>]+>", "", document))
    assert RULE_508_1A in text
    assert "Today: rule 710.1a." in text
    assert 'href="../../rule-508/#508.1a"' in document


def test_rule_page_sends_a_browser_to_the_rule_in_context(
    page: Page, site: Site, traffic: Traffic
) -> None:
    page.goto(own_url(site, "508.1a"))
    page.wait_for_url(f"{site.url}rule-508/#508.1a")
    target = block(page, "508.1a")
    target.wait_for()
    page.wait_for_timeout(300)  # let the browser (and Material) settle the scroll
    top, bottom, height = target.evaluate(
        "(e) => { const b = e.getBoundingClientRect(); return [b.top, b.bottom, innerHeight]; }")
    assert 0 <= top < height and bottom > 0, f"#508.1a is not in view (top {top}px)"
    page.wait_for_load_state("networkidle")
    assert [url for url in traffic.requests if not url.startswith(site.url)] == []
    # Only what the hop cut short (the rule page's own scripts) may have failed.
    assert [f for f in traffic.failed if "net::ERR_ABORTED" not in f] == []
    assert traffic.errors == []


def test_ruling_page_sends_a_browser_to_the_ruling_in_context(page: Page, site: Site) -> None:
    page.goto(own_url(site, "ruling-3"))
    page.wait_for_url(f"{site.url}rulings/#ruling-3")


HIGHLIGHTED = "(block) => block.matches(':target') || block.classList.contains('fc-named')"


def test_a_ruling_a_link_names_is_highlighted_again_after_back_and_forward(
        page: Page, site: Site) -> None:
    """A reader who followed a link to ruling 6, went Back and Forward again found the page at
    ruling 6 but no ruling marked (:target follows neither the theme's navigation nor the
    history), where a fresh load of the link marks it."""
    open_page(page, site.page_url("then-and-now/"))
    follow_link(page, site.page_url("rulings/#ruling-6"))
    ruling = page.locator('[id="ruling-6"]')
    page.wait_for_function(HIGHLIGHTED, arg=ruling.element_handle())
    page.go_back()
    page.wait_for_url(site.page_url("then-and-now/"))
    page.go_forward()
    page.wait_for_url(site.page_url("rulings/#ruling-6"))
    page.wait_for_function(HIGHLIGHTED, arg=page.locator('[id="ruling-6"]').element_handle())
    assert page.locator(".fc-ruling.fc-named, .fc-ruling:target").count() == 1


def test_pages_of_the_nav_have_preview_meta(site: Site) -> None:
    for nav_page in site.pages:
        found = meta(site.html(nav_page))
        assert found["og:title"].endswith("Flip Cards"), nav_page
        assert found["og:description"], nav_page
        assert found["og:url"] == site.url + nav_page
        assert found["og:type"] == "website"


@pytest.mark.parametrize("scheme", list(SCHEMES))
@pytest.mark.parametrize("path", ["rule-508/", "rulings/"])
def test_copy_controls_have_no_serious_accessibility_violations(
    page: Page, site: Site, path: str, scheme: str
) -> None:
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    open_with_tools(page, site.page_url(path))
    assert page.evaluate("document.body.dataset.mdColorScheme") == SCHEMES[scheme]
    # With a confirmation and a fallback field showing, too.
    page.evaluate("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    page.locator(".fc-link-tools .fc-copy-link").first.click()
    results = Axe().run(page, context={"include": [[".fc-link-tools"], [".fc-link-fallback"]]})
    serious = [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']]}"
               for v in results.response["violations"] if v["impact"] in {"serious", "critical"}]
    assert serious == []


def without_the_hop(page: Page) -> None:
    """Keep a rule's own page from sending the browser on (hop.js, and links.mjs after
    instant navigation)."""
    def empty(route: Route) -> None:
        route.fulfill(body="", content_type="text/javascript")

    page.route("**/javascripts/hop.js", empty)
    page.route("**/javascripts/links.mjs", empty)


@pytest.mark.parametrize("scheme", list(SCHEMES))
def test_rule_page_has_no_serious_accessibility_violations(
    page: Page, site: Site, scheme: str
) -> None:
    # Seen as a browser without scripts would see it (a preview, a reader with JS off).
    context = page.context.browser.new_context(java_script_enabled=False,  # type: ignore[union-attr]
                                               color_scheme=scheme)  # type: ignore[arg-type]
    try:
        still = context.new_page()
        still.goto(own_url(site, "508.1c"))
        assert still.url == own_url(site, "508.1c")
        assert still.get_by_role("link", name="Read rule 508.1c in context").is_visible()
        # axe needs scripts: run it on the same page with scripts on but the hop disabled.
    finally:
        context.close()
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    without_the_hop(page)
    page.goto(own_url(site, "508.1c"))
    assert page.url == own_url(site, "508.1c")
    results = Axe().run(page)
    serious = [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']]}"
               for v in results.response["violations"] if v["impact"] in {"serious", "critical"}]
    assert serious == []
