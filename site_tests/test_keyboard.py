"""Keyboard and screen readers: after Run, Stop, Reset or Share, focus stays on a sensible
control of the example; each status change is announced once. And after Stop or the time limit,
the output shows what this run printed, never an earlier run's output."""

from __future__ import annotations

import itertools
import re

import pytest
from conftest import LOAD_TIMEOUT_MS, Site
from fcpage import (
    CONTRAST,
    edit,
    open_page,
    output_text,
    search,
    wait_finished,
    wait_python_ready,
    wait_state,
)
from playwright.sync_api import Browser, Locator, Page, expect


@pytest.fixture
def example(page: Page, site: Site) -> Locator:
    path, example_id = site.first_example()
    open_page(page, site.page_url(path))
    return page.locator(f'[id="{example_id}"]')


def focused(page: Page) -> str:
    """The class list of the focused element ("BODY" when focus fell to the page)."""
    name: str = page.evaluate(
        "document.activeElement === document.body ? 'BODY' : document.activeElement.className")
    return name


def press(example: Locator, control: str) -> None:
    """Reach a toolbar button by keyboard focus and press it with Enter."""
    example.locator(control).focus()
    example.page.keyboard.press("Enter")


def test_run_by_keyboard_moves_focus_to_stop_and_back(example: Locator) -> None:
    page = example.page
    press(example, ".fc-run")
    assert "fc-stop" in focused(page)  # Run is disabled while the run goes on
    wait_finished(example)
    assert "fc-run" in focused(page)


def test_stop_by_keyboard_leaves_focus_on_run(example: Locator) -> None:
    page = example.page
    edit(example, "while True:\n    pass")
    press(example, ".fc-run")
    wait_state(example, "running")
    page.keyboard.press("Enter")  # focus is on Stop
    assert wait_finished(example) == ("idle", "Stopped")
    assert "fc-run" in focused(page)


@pytest.mark.parametrize("control", [".fc-reset", ".fc-share"])
def test_reset_and_share_keep_focus_in_the_example(example: Locator, control: str) -> None:
    page = example.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    edit(example, 'print("edited")')
    press(example, control)
    page.wait_for_timeout(300)
    assert focused(page) != "BODY"
    assert example.evaluate("(e) => e.contains(document.activeElement)")


def test_each_status_change_is_announced_once(example: Locator) -> None:
    page = example.page
    # One live region per example: the status line; the output is not announced as well.
    assert example.locator("[aria-live], [role=status], [role=alert]").count() == 1
    assert example.locator(".fc-output[aria-live]").count() == 0
    example.locator(".fc-status").evaluate("""(status) => {
        window.__said = [];
        new MutationObserver(() => window.__said.push(status.textContent))
            .observe(status, {childList: true, characterData: true, subtree: true});
    }""")
    for _ in range(2):
        example.locator(".fc-run").click()
        wait_finished(example)
        # The reader reads the output; meanwhile the next run's sandbox gets ready.
        wait_python_ready(page)
    said = page.evaluate("window.__said")
    assert said[-1] == "Done"
    assert all(a != b for a, b in itertools.pairwise(said)), said
    # The second (warm) run does not pass through "Loading Python…".
    second = said[said.index("Done") + 1:]
    assert "Loading Python…" not in second, said


@pytest.mark.parametrize("ending", ["stop", "time-limit"])
def test_output_after_stop_is_this_runs_own(example: Locator, ending: str) -> None:
    page = example.page
    edit(example, 'print("EARLIER RUN")')
    example.locator(".fc-run").click()
    wait_finished(example)
    assert output_text(example) == "EARLIER RUN\n"
    if ending == "time-limit":
        example.evaluate("(element) => { element.dataset.fcTimeLimit = '2'; }")
    edit(example, 'print("printed before the loop")\nwhile True:\n    pass')
    example.locator(".fc-run").click()
    wait_state(example, "running")
    page.wait_for_timeout(800)
    if ending == "stop":
        example.locator(".fc-stop").click()
    state, text = wait_finished(example)
    ended = ("idle", "Stopped") if ending == "stop" else ("error", "Timed out after 2 s")
    assert (state, text) == ended
    assert output_text(example) == "printed before the loop\n"


def test_output_after_stop_says_when_nothing_was_printed(example: Locator) -> None:
    page = example.page
    edit(example, 'print("EARLIER RUN")')
    example.locator(".fc-run").click()
    wait_finished(example)
    edit(example, "while True:\n    pass")
    example.locator(".fc-run").click()
    wait_state(example, "running")
    page.wait_for_timeout(300)
    example.locator(".fc-stop").click()
    wait_finished(example)
    assert output_text(example) == "(this run printed nothing before it was stopped)\n"


#: The focused element: what it is, and how its focus is drawn.
FOCUS_DRAWN = """() => {
    const element = document.activeElement;
    const style = getComputedStyle(element);
    return {
        what: `${element.tagName} ${element.className} ${element.textContent.trim()}`.trim(),
        drawn: (style.outlineStyle !== "none" && style.outlineWidth !== "0px")
            || style.boxShadow !== "none",
    };
}"""


def test_every_control_of_an_example_shows_keyboard_focus(example: Locator) -> None:
    """Tab through an example's toolbar, from Run on: each control focused draws its focus
    (the "Keep Python ready" switch too)."""
    page = example.page
    example.locator(".fc-run").focus()
    seen = [page.evaluate(FOCUS_DRAWN)]
    while True:
        page.keyboard.press("Tab")
        if not example.evaluate("(element) => element.contains(document.activeElement)"):
            break
        seen.append(page.evaluate(FOCUS_DRAWN))
    assert any("INPUT" in control["what"] for control in seen), seen
    assert [control["what"] for control in seen if not control["drawn"]] == []


#: Where the Tab stop is: in the navigation drawer or in the page; and whether out of sight.
_TAB_STOP = """() => {
    const e = document.activeElement;
    const box = e.getBoundingClientRect();
    const hidden = box.right <= 0 || box.left >= innerWidth || box.width === 0
        || getComputedStyle(e).visibility === "hidden";
    return [e.closest(".md-sidebar--primary") ? "drawer" : "page", hidden];
}"""


@pytest.mark.parametrize("width", [390, 1000])
def test_the_navigation_drawer_opens_from_the_keyboard_and_closed_holds_no_tab_stop(
    browser: Browser, site: Site, width: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": 800})
    try:
        page = context.new_page()
        open_page(page, site.page_url("rule-508/"))
        stops = []
        for _ in range(8):
            page.keyboard.press("Tab")
            stops.append(page.evaluate(_TAB_STOP))
        assert all(where == "page" for where, _ in stops), stops
        # The menu button is a Tab stop of its own, a named button that says it is closed.
        menu = page.locator("label.md-header__button[for='__drawer']")
        page.keyboard.press("Shift+Tab")
        for _ in range(8):
            if menu.evaluate("(m) => m === document.activeElement"):
                break
            page.keyboard.press("Shift+Tab")
        assert menu.evaluate("(m) => m === document.activeElement")
        assert page.get_by_role("button", name="Navigation").get_attribute(
            "aria-expanded") == "false"
        # Enter opens the drawer and takes the focus to its first link; Tab goes on in it.
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => JSON.stringify(({_TAB_STOP})()) === '[\"drawer\",false]'")
        assert menu.get_attribute("aria-expanded") == "true"
        page.keyboard.press("Tab")
        assert page.evaluate(_TAB_STOP) == ["drawer", False]
        # Escape closes it and gives the focus back to the menu button.
        page.keyboard.press("Escape")
        assert menu.evaluate("(m) => m === document.activeElement")
        assert page.evaluate("document.getElementById('__drawer').checked") is False
        assert menu.get_attribute("aria-expanded") == "false"
        # Space opens it too (and does not scroll the page).
        page.keyboard.press(" ")
        page.wait_for_function(f"() => JSON.stringify(({_TAB_STOP})()) === '[\"drawer\",false]'")
        assert page.evaluate("scrollY") == 0
    finally:
        context.close()


def test_on_a_phone_the_search_opens_from_the_keyboard_and_closed_holds_no_tab_stop(
    browser: Browser, site: Site
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 800})
    try:
        page = context.new_page()
        open_page(page, site.page_url("rule-508/"))
        magnifier = page.locator("label.md-header__button[for='__search']")
        stops = []
        for _ in range(6):
            page.keyboard.press("Tab")
            stops.append(page.evaluate("""() => document.activeElement.closest(".md-search")
                ? document.activeElement.className : "" """))
            if magnifier.evaluate("(m) => m === document.activeElement"):
                break
        # The magnifier is reached, and the closed search's field and results are not.
        assert magnifier.evaluate("(m) => m === document.activeElement"), stops
        assert not any(stops[:-1]), stops
        assert magnifier.get_attribute("role") == "button"
        assert magnifier.get_attribute("aria-expanded") == "false"
        # Enter opens the search with the focus in its field; what is typed is searched.
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.activeElement.matches('.md-search__input')")
        assert magnifier.get_attribute("aria-expanded") == "true"
        page.keyboard.type("forgotten", delay=20)
        page.locator(".md-search-result__item").first.wait_for()
        # Escape closes it, and the focus is back on the magnifier.
        page.keyboard.press("Escape")
        page.wait_for_function(
            "() => document.activeElement.matches(\"label.md-header__button[for='__search']\")")
        assert magnifier.get_attribute("aria-expanded") == "false"
    finally:
        context.close()


def test_wcag_2_4_7_on_a_wide_screen_tab_from_the_search_goes_to_what_is_shown(
    page: Page, site: Site
) -> None:
    """On a wide screen the search field is in the header; the Tab after it, with nothing
    typed, went to the search's results box (a Tab stop, to scroll results by keyboard), empty
    and drawn nowhere once the search closed behind it, on every page. It goes to the next
    control shown."""
    open_page(page, site.page_url("rule-508/"))
    # (Once the site's header script has run: it made the magnifier a button.)
    page.locator("label.md-header__button[for='__search'][role='button']").wait_for(
        state="attached")
    field = page.locator("input.md-search__input")
    for _ in range(8):
        page.keyboard.press("Tab")
        if field.evaluate("(f) => f === document.activeElement"):
            break
    assert field.evaluate("(f) => f === document.activeElement")
    page.keyboard.press("Tab")
    page.wait_for_function("() => !document.activeElement.matches('.md-search__input')")
    shown = page.evaluate("""() => {
        const a = document.activeElement;
        const box = a.getBoundingClientRect();
        return [a.className, box.width > 0 && box.height > 0 && box.bottom > 0
                && getComputedStyle(a).visibility === "visible"];
    }""")
    assert "md-search" not in shown[0] and shown[1], shown


@pytest.mark.parametrize("key", ["/", "s"])
def test_at_200_percent_zoom_the_search_keys_open_the_search(browser: Browser, site: Site,
                                                              key: str) -> None:
    """Below 960 px (a 1280 px window at 200%), the theme's search keys did nothing: its field,
    which they focus, is hidden while the search is closed. They open it, the focus in its
    field, and what is typed then is searched."""
    context = browser.new_context(viewport={"width": 640, "height": 450})
    context.set_default_timeout(LOAD_TIMEOUT_MS)
    try:
        page = context.new_page()
        open_page(page, site.page_url("rule-508/"))
        # (Once the site's header script has run: it made the magnifier a button.)
        page.locator("label.md-header__button[for='__search'][role='button']").wait_for()
        page.keyboard.press(key)
        page.wait_for_function("() => document.activeElement.matches('.md-search__input')")
        assert page.evaluate("document.getElementById('__search').checked")
        expect(page.locator(".md-search-result__meta")).to_have_text("Type to start searching")
        page.keyboard.type("forgotten", delay=20)
        page.locator(".md-search-result__item").first.wait_for()
        assert page.locator("input.md-search__input").input_value() == "forgotten"
    finally:
        context.close()


def test_the_search_results_are_reached_with_the_arrow_keys(page: Page, site: Site) -> None:
    """The results' box is no Tab stop of its own: the results are reached from the field with
    the arrow keys, as the theme has it, and Enter opens the one chosen."""
    open_page(page, site.page_url(""))
    search(page, "forgotten")
    page.keyboard.press("ArrowDown")
    page.wait_for_function("() => document.activeElement.matches('.md-search-result__link')")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r".*/rules/508\.4/.*|.*/rule-508/.*"))


def test_every_field_of_the_playground_shows_keyboard_focus(page: Page, site: Site) -> None:
    """Tab through the playground's add form and the rules switch: each control focused draws
    its focus. The theme takes the ring off every input: the Card box, the main way into the
    playground, looked the same focused or not, as did its checkboxes and radios."""
    open_page(page, site.page_url("playground/"))
    page.locator(".fc-pg-add-form").get_by_role("combobox", name="Card").focus()
    page.locator(".fc-pg-add-form details.fc-pg-more summary").click()
    page.locator(".fc-pg-add-form").get_by_role("combobox", name="Card").focus()
    seen = [page.evaluate(FOCUS_DRAWN)]
    for _ in range(12):
        page.keyboard.press("Tab")
        if not page.evaluate("document.activeElement.closest('.fc-pg-add-form') !== null"):
            break
        seen.append(page.evaluate(FOCUS_DRAWN))
    page.locator(".fc-playground").get_by_role("radio").first.focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    seen.append(page.evaluate(FOCUS_DRAWN))
    assert sum("INPUT" in control["what"] for control in seen) >= 3, seen
    assert [control["what"] for control in seen if not control["drawn"]] == []


def test_a_control_reached_going_back_up_at_200_percent_zoom_is_not_under_the_header(
        page: Page, site: Site) -> None:
    """At 200% zoom (640 by 450 for 1280 by 900), Shift+Tab back up the Rule 508 page left
    links and buttons wholly under the sticky header: the browser scrolls a control only to
    the edge of the window. Each one focused now shows below the header."""
    page.set_viewport_size({"width": 640, "height": 450})
    path, example_id = site.first_example()
    open_page(page, site.page_url(path))
    page.locator(f'[id="{example_id}"] .fc-run').focus()
    hidden = []
    for _ in range(40):
        page.keyboard.press("Shift+Tab")
        where = page.evaluate("""() => {
            const e = document.activeElement, box = e.getBoundingClientRect();
            const header = document.querySelector(".md-header").getBoundingClientRect();
            return { what: e.outerHTML.slice(0, 80), top: box.top, bottom: box.bottom,
                     header: header.bottom, inMain: e.closest(".md-main") !== null };
        }""")
        if where["inMain"] and where["top"] < where["header"]:
            hidden.append(where)
    assert hidden == []


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_the_focus_ring_of_an_examples_controls_stands_out(example: Locator, scheme: str) -> None:
    """The ring drawn around a focused control was the theme's light accent, 2.6:1 against an
    example's toolbar in the light palette; a focus indicator needs 3:1."""
    page = example.page
    page.evaluate("(scheme) => document.body.setAttribute('data-md-color-scheme', scheme)",
                  scheme)
    example.locator(".fc-run").focus()
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUS_DRAWN)["drawn"]
    assert page.locator(":focus").evaluate(CONTRAST, "outlineColor") >= 3


def test_what_went_wrong_is_the_description_of_run_where_the_focus_goes_back(
        example: Locator) -> None:
    """The status line, the example's one live region, says "Error": a reader who cannot see
    the output heard nothing of what went wrong. Run, where the focus goes back as the run
    ends, is described by the error's last line; after a good run, by nothing."""
    page = example.page
    edit(example, 'from flipcards import Game\nGame("2004").put("Kenzo the Hardheart")\n')
    press(example, ".fc-run")
    wait_finished(example)
    run_button = example.locator(".fc-run")
    expect(run_button).to_be_focused()
    expect(run_button).to_have_accessible_description(re.compile(
        r"^The last run ended in an error: flipcards\.UnknownCardError: no card named "
        r".Kenzo the Hardheart.; did you mean .Kenzo the Hardhearted.\?"))
    # Run with Ctrl+Enter, the focus stays in the editor: its description says it too.
    editor = example.locator(".cm-content")
    editor.click()
    page.keyboard.press("ControlOrMeta+Enter")
    wait_finished(example)
    expect(editor).to_be_focused()
    expect(editor).to_have_accessible_description(re.compile(
        r"^Ctrl\+Enter .* leave the editor\. The last run ended in an error: "
        r"flipcards\.UnknownCardError: no card named .Kenzo the Hardheart."))
    edit(example, 'print("fine")')
    press(example, ".fc-run")
    wait_finished(example)
    expect(run_button).to_have_accessible_description("")
    expect(editor).to_have_accessible_description(re.compile(r"leave the editor\.$"))
    assert page.evaluate(FOCUS_DRAWN)["drawn"]


@pytest.mark.parametrize("touch", [False, True])
def test_the_editors_keys_are_told_only_where_there_is_a_keyboard(
    browser: Browser, site: Site, touch: bool
) -> None:
    """Under the editor, "Ctrl+Enter (⌘+Enter) runs…" was shown on a phone's touch screen too,
    where no such keys are; a desk's screen shows it."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=touch,
                                  is_mobile=touch)
    try:
        page = context.new_page()
        path, example_id = site.first_example()
        open_page(page, site.page_url(path))
        example = page.locator(f'[id="{example_id}"]')
        example.locator(".fc-edit").click()
        example.locator(".cm-content").wait_for()
        hint = example.locator(".fc-editor-keys")
        expect(hint).to_have_text(re.compile("^Ctrl\\+Enter"))
        if touch:
            expect(hint).to_be_hidden()
        else:
            expect(hint).to_be_visible()
        # Typed at 16 pixels at the least on a touch screen, which zooms into smaller text.
        size = example.locator(".cm-content").evaluate(
            "(e) => parseFloat(getComputedStyle(e).fontSize)")
        assert (size >= 16) if touch else (size < 16), size
    finally:
        context.close()


def test_the_playgrounds_game_actions_are_one_stop_of_tab_and_arrows_move_among_them(
        page: Page, site: Site) -> None:
    """The toolbar of the game's actions was nineteen stops of Tab, and its arrow keys did
    nothing: a toolbar is one stop, the arrows, Home and End move in it."""
    open_page(page, site.page_url("playground/"))
    actions = page.locator(".fc-pg-verbs .fc-pg-verb")
    actions.first.wait_for()
    count = actions.count()
    assert count > 5
    actions.first.focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('.fc-pg-verbs') === null")
    page.keyboard.press("Shift+Tab")
    expect(actions.first).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(actions.nth(1)).to_be_focused()
    page.keyboard.press("End")
    expect(actions.nth(count - 1)).to_be_focused()
    page.keyboard.press("ArrowRight")          # round to the first
    expect(actions.first).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(actions.nth(count - 1)).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")           # back to the one last used
    expect(actions.nth(count - 1)).to_be_focused()


def test_wcag_2_4_6_an_example_known_by_its_number_is_named_with_where_it_stands(
        page: Page, site: Site) -> None:
    """The buttons of an example known by its position alone were "Run example 9", "Share
    example 9", forty times on a page: a screen reader's list of buttons could not tell them
    apart. They say the column the example stands in (2004 or Today) and its section's
    heading, or the card it is under; an example with a name of its own keeps it."""
    open_page(page, site.page_url("then-and-now/"))
    beside = page.locator(".grid p:has(> strong:only-child) + .fc-example").first
    number = (beside.get_attribute("id") or "").removeprefix("example-")
    column = beside.evaluate("(example) => example.previousElementSibling.textContent.trim()")
    heading = beside.evaluate(
        """(example) => [...document.querySelectorAll("h2")]
               .filter((h) => h.compareDocumentPosition(example) & Node.DOCUMENT_POSITION_FOLLOWING)
               .pop().firstChild.textContent.trim()""")
    assert column in ("2004", "Today") and number.isdigit(), (column, number)
    expect(beside.locator(".fc-run")).to_have_attribute(
        "aria-label", f"Run example {number} ({column}, {heading})")
    expect(beside.locator(".fc-share")).to_have_attribute(
        "aria-label", f"Share example {number} ({column}, {heading})")
    open_page(page, site.page_url("cards/"))
    entry = page.locator(".fc-card-entry:has(.fc-example)").first
    card = entry.locator("h2").evaluate("(h) => h.firstChild.textContent.trim()")
    number = (entry.locator(".fc-example").first.get_attribute("id") or "").removeprefix("example-")
    expect(entry.locator(".fc-example .fc-run").first).to_have_attribute(
        "aria-label", f"Run example {number} ({card})")
    open_page(page, site.page_url("rule-508/"))
    named = page.locator(".fc-example").first
    number = (named.get_attribute("id") or "").removeprefix("example-")
    assert not number.isdigit()
    expect(named.locator(".fc-run")).to_have_attribute("aria-label", f"Run example {number}")
