"""Nothing a reader types is lost: every edit is kept for the tab's life and comes back when the
page is drawn again (an in-page link, a rule's permalink, a table-of-contents entry, another
page and back, a reload); a share link opened onto an edited example keeps the edit one Undo
away; Reset can be undone."""

from __future__ import annotations

import pytest
from conftest import Site
from fcpage import (
    HeldRequests,
    edit,
    editor_text,
    follow_link,
    holds_soon,
    kept_edit,
    kept_undo,
    open_page,
    output_text,
    run,
    share_fragment,
    wait_finished,
)
from playwright.sync_api import Locator, Page, expect

MINE = 'print("my edit", 6 * 7)'
SHARED = 'print("from a share link")'


@pytest.fixture
def target(site: Site) -> tuple[str, str]:
    """(page, example id): the first example without a session on a page with rules."""
    path = "rule-508/" if site.examples("rule-508/", standalone=True) else \
        site.pages_with_examples(standalone=True)[0]
    return path, site.examples(path, standalone=True)[0]


def opened(page: Page, site: Site, target: tuple[str, str]) -> Locator:
    path, example_id = target
    open_page(page, site.page_url(path))
    return page.locator(f'[id="{example_id}"]')


def wait_for_edit(example: Locator, code: str) -> None:
    example.locator(".cm-editor").wait_for()
    expect(example.locator(".cm-content")).to_have_text(code.replace("\n", ""))
    assert editor_text(example) == code


def test_every_change_is_kept_for_the_tab(page: Page, site: Site, target: tuple[str, str]) -> None:
    example = opened(page, site, target)
    edit(example, MINE)
    assert kept_edit(page, target[1]) == MINE
    page.keyboard.press("End")
    page.keyboard.insert_text("  # more")
    assert kept_edit(page, target[1]) == MINE + "  # more"


@pytest.mark.parametrize("link", ["toc-entry", "permalink"])
def test_edit_survives_an_in_page_link(
    page: Page, site: Site, target: tuple[str, str], link: str
) -> None:
    example = opened(page, site, target)
    edit(example, MINE)
    page.evaluate("window.__sameDocument = true")
    selector = ".md-sidebar--secondary a.md-nav__link" if link == "toc-entry" else "a.headerlink"
    anchors = page.locator(selector)
    if anchors.count() == 0:
        pytest.skip(f"the page has no {link}")
    anchors.last.click()
    page.wait_for_timeout(500)
    # The theme may draw the page again (a new example element): the edit comes back.
    wait_for_edit(page.locator(f'[id="{target[1]}"]'), MINE)
    assert page.evaluate("window.__sameDocument === true")


TICKS = "import time\nfor i in range(4):\n    print('tick', i)\n    time.sleep(0.4)"


def test_output_and_a_run_going_on_survive_the_first_in_page_link(
    page: Page, site: Site, target: tuple[str, str]
) -> None:
    """The first link followed within a freshly loaded page (a rule's link, an entry of the
    table of contents) made the theme draw the page again: a run going on ended without a
    word, and every example's output was gone."""
    example = opened(page, site, target)
    edit(example, TICKS)
    example.locator(".fc-run").click()
    expect(example.locator(".fc-output")).to_contain_text("tick 0")
    example.evaluate("(element) => { element.__before = true; }")
    page.locator("a.headerlink").first.click()
    page.wait_for_function("() => location.hash !== ''")
    example = page.locator(f'[id="{target[1]}"]')
    assert wait_finished(example)[0] == "done"
    assert output_text(example).split() == ["tick", "0", "tick", "1", "tick", "2", "tick", "3"]
    assert example.evaluate("(element) => element.__before === true")


def test_edit_survives_going_to_another_page_and_back(
    page: Page, site: Site, target: tuple[str, str]
) -> None:
    example = opened(page, site, target)
    edit(example, MINE)
    other = next(p for p in site.pages if p != target[0])
    follow_link(page, site.page_url(other))
    follow_link(page, site.page_url(target[0]))
    example = page.locator(f'[id="{target[1]}"]')
    wait_for_edit(example, MINE)
    assert output_text(example) == ""  # the pre-rendered output is not this code's
    assert run(example) == ("done", "Done")
    assert output_text(example) == "my edit 42\n"
    page.go_back()
    page.go_forward()
    wait_for_edit(page.locator(f'[id="{target[1]}"]'), MINE)


def test_edit_survives_a_reload(page: Page, site: Site, target: tuple[str, str]) -> None:
    example = opened(page, site, target)
    edit(example, MINE)
    page.reload()
    wait_for_edit(page.locator(f'[id="{target[1]}"]'), MINE)


def test_a_share_link_keeps_the_edit_one_undo_away(
    page: Page, site: Site, target: tuple[str, str]
) -> None:
    path, example_id = target
    example = opened(page, site, target)
    edit(example, MINE)
    number = example_id.removeprefix("example-")
    page.goto(f"{site.page_url(path)}#{share_fragment(number, SHARED)}")
    example = page.locator(f'[id="{example_id}"]')
    wait_for_edit(example, SHARED)
    expect(example.locator(".fc-share-note")).to_contain_text("Undo brings back your own edit")
    undo = example.get_by_role("button", name=f"Undo: bring back your edit of example {number}")
    expect(undo).to_be_visible()
    assert kept_undo(page, example_id) == MINE
    undo.click()
    wait_for_edit(example, MINE)
    expect(undo).to_be_hidden()
    assert kept_edit(page, example_id) == MINE
    assert example.locator(".fc-share-note").count() == 0


def test_an_undone_share_link_stays_undone_when_the_page_is_drawn_again(
    page: Page, site: Site, target: tuple[str, str]
) -> None:
    """Back to the share link's address draws the page again: the reader's Undo stands, and so
    does an edit of the shared code; while the example still holds that code, its note is back."""
    path, example_id = target
    number = example_id.removeprefix("example-")
    other = next(p for p in site.pages if p != path)
    example = opened(page, site, target)
    edit(example, MINE)
    # The link opened as a page of its own (a link followed from a forum post); the edit is
    # kept for the tab.
    page.goto("about:blank")
    open_page(page, f"{site.page_url(path)}#{share_fragment(number, SHARED)}")
    example = page.locator(f'[id="{example_id}"]')
    wait_for_edit(example, SHARED)
    follow_link(page, site.page_url(other))
    page.go_back()
    example = page.locator(f'[id="{example_id}"]')
    wait_for_edit(example, SHARED)
    expect(example.locator(".fc-share-note")).to_contain_text("Undo brings back your own edit")
    example.locator(".fc-undo").click()
    wait_for_edit(example, MINE)
    follow_link(page, site.page_url(other))
    page.go_back()
    example = page.locator(f'[id="{example_id}"]')
    wait_for_edit(example, MINE)
    assert example.locator(".fc-share-note").count() == 0
    assert kept_edit(page, example_id) == MINE


def test_the_same_share_link_opens_on_each_page_it_is_followed_to(
    page: Page, site: Site
) -> None:
    """A link by position (example 1) reads the same on every page: followed to another page
    after it was opened on one, it opens there too."""
    first, second = site.pages_with_examples(standalone=True)[:2]
    fragment = share_fragment(1, SHARED)
    open_page(page, f"{site.page_url(first)}#{fragment}")
    wait_for_edit(page.locator(".fc-example").first, SHARED)
    follow_link(page, f"{site.page_url(second)}#{fragment}")
    example = page.locator(".fc-example").first
    wait_for_edit(example, SHARED)
    expect(example.locator(".fc-share-note")).to_contain_text("Shared code")


def test_reset_can_be_undone(page: Page, site: Site, target: tuple[str, str]) -> None:
    example = opened(page, site, target)
    prerendered = output_text(example)
    edit(example, MINE)
    example.locator(".fc-reset").click()
    assert example.locator(".cm-editor").count() == 0
    assert output_text(example) == prerendered
    assert kept_edit(page, target[1]) is None
    undo = example.locator(".fc-undo")
    expect(undo).to_be_visible()
    # Said in the example's status, its one live region, as Copy and Share are (WCAG 4.1.3).
    expect(example.locator(".fc-status")).to_have_text(
        "The original code is back; Undo brings back your edit")
    # Undo is kept too: it survives the page being drawn again.
    other = next(p for p in site.pages if p != target[0])
    follow_link(page, site.page_url(other))
    follow_link(page, site.page_url(target[0]))
    example = page.locator(f'[id="{target[1]}"]')
    example.locator(".fc-undo").click()
    wait_for_edit(example, MINE)
    assert example.locator(".fc-undo").is_hidden()
    expect(example.locator(".fc-status")).to_have_text("Your edit is back")
    assert run(example) == ("done", "Done")
    assert output_text(example) == "my edit 42\n"


def test_edits_belong_to_their_tab(page: Page, site: Site, target: tuple[str, str]) -> None:
    example = opened(page, site, target)
    edit(example, MINE)
    other_tab = page.context.browser.new_context()  # type: ignore[union-attr]
    try:
        fresh = other_tab.new_page()
        open_page(fresh, site.page_url(target[0]))
        assert fresh.locator(f'[id="{target[1]}"] .cm-editor').count() == 0
    finally:
        other_tab.close()


TYPED = "fast = 7\n"


def _typed_while_it_opens(page: Page, example: Locator) -> None:
    """Press Edit and type at once, before the editor is there (focus is still on Edit)."""
    example.locator(".fc-edit").click()
    assert page.evaluate("document.activeElement.classList.contains('fc-edit')")
    page.keyboard.type(TYPED.replace("\n", ""))
    page.keyboard.press("Enter")


def _typed_while_held(page: Page, example: Locator, held: HeldRequests) -> None:
    """Edit pressed and typed into while `held` keeps the editor from opening; once it is let
    through, what was typed is in the editor."""
    _typed_while_it_opens(page, example)
    holds_soon(page, lambda: bool(held))
    held.release()
    _typed_text_is_in_the_editor(page, example)


def _typed_text_is_in_the_editor(page: Page, example: Locator) -> None:
    example.locator(".cm-editor").wait_for()
    original = example.locator("template.fc-code").evaluate("(t) => t.content.textContent")
    assert editor_text(example) == (TYPED + original).rstrip("\n")
    # The keys went nowhere else: the "f" did not open the site's search, and the editor,
    # focused, goes on where they ended.
    assert page.evaluate("document.getElementById('__search').checked") is False
    page.keyboard.type("# more")
    assert editor_text(example).startswith(TYPED + "# more")


def test_keys_typed_while_the_editor_s_module_arrives_go_into_the_editor(
    page: Page, site: Site, target: tuple[str, str]
) -> None:
    """A reader presses Edit and starts typing while the editor's module is still on its way
    (a slow host): the keys went to the Edit button, which kept the focus: letters lost, an "f"
    opened the site's search. They are typed into the editor once it is there."""
    # (The context's requests: the service worker's too, which caches the editor's module.)
    held = HeldRequests(page.context, "**/assets/js/editor.js")
    _typed_while_held(page, opened(page, site, target), held)


def test_keys_typed_after_an_edit_pressed_before_the_runtime_is_there_go_into_the_editor(
    page: Page, site: Site, target: tuple[str, str]
) -> None:
    """Edit pressed as soon as the page shows, before the page's scripts have run (early.js
    keeps the press): what is typed until the editor is there goes into it."""
    path, example_id = target
    held = HeldRequests(page, "**/javascripts/runner.mjs")
    page.goto(site.page_url(path), wait_until="domcontentloaded")
    _typed_while_held(page, page.locator(f'[id="{example_id}"]'), held)


def test_edit_pressed_again_with_enter_after_the_editor_failed_to_arrive_opens_it(
    page: Page, site: Site, target: tuple[str, str]
) -> None:
    """The editor's module failed to arrive (the network gone for a moment): Edit pressed again
    with Enter was taken as a key typed for the editor, and the module was never asked for
    again. The editor opens."""
    held = HeldRequests(page.context, "**/assets/js/editor.js")
    example = opened(page, site, target)
    example.locator(".fc-edit").click()
    holds_soon(page, lambda: bool(held))
    held.release(lambda route: route.abort("internetdisconnected"))
    page.wait_for_function("() => window.flipcardsEarly.typing === null")
    example.locator(".fc-edit").focus()
    page.keyboard.press("Enter")
    example.locator(".cm-editor").wait_for()
    assert example.locator(".cm-editor").is_visible()
