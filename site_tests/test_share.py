"""Share links of the runnable examples: Share copies a link to the page that carries the
example's code as edited; opening it puts that code in the editor and runs nothing until the
reader clicks Run; a damaged or hostile link says what is wrong and changes nothing else."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from conftest import Site, Traffic
from fcpage import (
    HeldRequests,
    edit,
    editor_text,
    follow_link,
    holds_soon,
    open_page,
    opened_by,
    output_text,
    run,
    share_fragment,
    shared_code,
    status,
    wait_finished,
    wait_taken_over,
)
from playwright.sync_api import Locator, Page, expect

#: Files that only a run needs: Python itself and the package. Opening a share link loads the
#: editor (it shows the shared code) but none of these.
PYTHON_FILES = ("/assets/pyodide/", "/assets/flipcards/flipcards.zip", "/javascripts/worker.mjs")
HOSTILE = "<img src=x onerror=alert(1)>"
EDITED = 'word = "shared"\nprint(word, 6 * 7)  # é ✓'


@pytest.fixture
def target(site: Site) -> tuple[str, str]:
    """(page path, example id) of the first example without a session."""
    return site.first_example()


def python_fetched(traffic: Traffic) -> list[str]:
    return [url for url in traffic.requests if any(part in url for part in PYTHON_FILES)]


def injected_markup(page: Page) -> int:
    """Elements a hostile link could have injected: images, and anything with an onerror."""
    count: int = page.evaluate(
        "document.querySelectorAll('article img[src=x], [onerror]').length")
    return count


def share_note(example: Locator) -> Locator:
    return example.locator(".fc-share-note")


def share_name(number: str) -> re.Pattern[str]:
    """The Share button's name: the example's number, and where it stands when the number is
    all the example is known by ("Share example 1 (Today, …)")."""
    return re.compile(rf"^Share example {re.escape(number)}( \(.+\))?$")


def shared_edit(example: Locator, site: Site, target: tuple[str, str]) -> str:
    """Share's link for `example` (edited to EDITED), checked: the example's page at the
    site's address (site_url), carrying the edited code."""
    path, example_id = target
    number = example_id.removeprefix("example-")
    example.get_by_role("button", name=share_name(number)).click()
    expect(example.get_by_role("status")).to_have_text("Link copied")
    link: str = example.page.evaluate("navigator.clipboard.readText()")
    page_url, _, fragment = link.partition("#")
    assert page_url == site.page_url(path)
    assert shared_code(fragment) == (number, EDITED)
    return link


def test_share_copies_a_link_with_the_edited_code(
    page: Page, site: Site, target: tuple[str, str], fresh_page: Page
) -> None:
    path, example_id = target
    number = example_id.removeprefix("example-")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url[:-1])
    open_page(page, site.page_url(path))
    example = page.locator(f'[id="{example_id}"]')
    share = example.get_by_role("button", name=share_name(number))
    assert share.is_visible()
    assert share.evaluate("(b) => b.tagName") == "BUTTON"

    edit(example, EDITED)
    link = shared_edit(example, site, target)
    assert len(link) < len(site.page_url(path)) + 100  # short: no more than the code needs

    # Another reader opens the link: the example shows the edited code in its editor.
    open_page(fresh_page, link)
    opened = fresh_page.locator(f'[id="{example_id}"]')
    opened.locator(".cm-editor").wait_for()
    assert editor_text(opened) == EDITED


def test_share_link_uses_the_sites_canonical_address(
    page: Page, site: Site, target: tuple[str, str]
) -> None:
    # The same site loaded from another address of the same machine: the link a reader posts
    # goes to the published address (site_url), as the links to rules do.
    path, example_id = target
    local = site.url.replace("127.0.0.1", "localhost")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=local[:-1])
    open_page(page, local + path)
    assert page.url.startswith("http://localhost:")
    example = page.locator(f'[id="{example_id}"]')
    edit(example, EDITED)
    shared_edit(example, site, target)


def test_share_link_opens_the_code_and_runs_nothing_until_run(
    page: Page, site: Site, traffic: Traffic, target: tuple[str, str], dialogs: list[str]
) -> None:
    path, example_id = target
    number = example_id.removeprefix("example-")
    open_page(page, site.page_url(path))
    prerendered = output_text(page.locator(f'[id="{example_id}"]'))
    assert prerendered.strip() != ""
    page.goto("about:blank")
    open_page(page, f"{site.page_url(path)}#{share_fragment(number, EDITED)}")
    example = page.locator(f'[id="{example_id}"]')
    example.locator(".cm-editor").wait_for()
    assert editor_text(example) == EDITED
    expect(share_note(example)).to_have_text(
        "Shared code — press Run to run it. Reset brings back the original.")
    # Scrolled to the example.
    top = example.evaluate("(e) => e.getBoundingClientRect().top")
    assert 0 <= top < 900 / 2, f"the example is not scrolled into view (top {top}px)"

    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)
    assert python_fetched(traffic) == []
    assert status(example) == ("idle", "")
    assert output_text(example) == ""  # the original's output is not passed off as this code's

    assert run(example) == ("done", "Done")
    assert output_text(example) == "shared 42\n"
    assert python_fetched(traffic)  # Run did load Python (so the check above means something)

    # Reset: the original code and its pre-rendered output, and the note is gone.
    example.locator(".fc-reset").click()
    assert example.locator(".cm-editor").count() == 0
    assert example.locator(".fc-source").is_visible()
    assert share_note(example).count() == 0
    assert output_text(example) == prerendered
    assert run(example) == ("done", "Done")
    assert output_text(example) == prerendered
    assert dialogs == []
    assert traffic.errors == []


#: What a Run of example ruling-6-2 adds to its output while ruling-6-1 holds a link's code.
RULING_6_1_NOT_RUN = (
    "(Before this one, example ruling-6-1 holds code from a share link, not run yet: this Run "
    "went on from the original code. Run the shared code there first to go on from it.)\n")


def test_a_link_to_an_example_that_goes_on_from_an_edited_one_says_the_edit_is_not_in_it(
    page: Page, site: Site, fresh_page: Page
) -> None:
    """Ruling 6's second example goes on from its first. A link carries one example's code:
    the sharer who edited the first is told that edit is not in the link of the second, and
    the link's reader is told the example goes on from the first, run as their page shows it
    (the same output is then theirs to get by making the same edit)."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url[:-1])
    open_page(page, site.page_url("rulings/"))
    first = page.locator('[id="example-ruling-6-1"]')
    later = page.locator('[id="example-ruling-6-2"]')
    share = later.get_by_role("button", name="Share example ruling-6-2", exact=True)
    share.click()
    expect(later.get_by_role("status")).to_have_text("Link copied")
    edit(first, "from flipcards import Game\ngame = Game('current')\n"
                "kenzo = game.put('Bushi Tenderfoot')\ntoken = game.copy(kenzo)\n")
    share.click()
    expect(later.get_by_role("status")).to_have_text(
        "Link copied, with this example's code only: not the edit of example ruling-6-1, "
        "which this one goes on from")
    link: str = page.evaluate("navigator.clipboard.readText()")
    open_page(fresh_page, link)
    note = share_note(fresh_page.locator('[id="example-ruling-6-2"]'))
    expect(note).to_contain_text("It is an example of ruling 6. It goes on from example "
                                 "ruling-6-1 above, run first with the code this page shows "
                                 "there.")
    assert share_note(fresh_page.locator('[id="example-ruling-6-1"]')).count() == 0


#: Code from a link for example ruling-6-1: it sets the game up as the example does, and then
#: makes every later print say that it ran.
SHARED_RULING_6_1 = ("from flipcards import Game\nimport builtins, sys\ngame = Game('2004')\n"
                     "kenzo = game.put('Bushi Tenderfoot')\n"
                     "token = game.put('Bushi Tenderfoot', owner='Bob')\n"
                     "builtins.print = lambda *a, **k: sys.stdout.write('SHARED RAN\\n')\n"
                     "print()\n")


#: What a Run of example ruling-6-2 says first once the reader ran a link's code in ruling-6-1.
RULING_6_1_RAN = (
    "(This Run went on from code a share link brought to example ruling-6-1, run there first. "
    "Reset example ruling-6-1 to go on from the page's own code.)\n")
#: The note above ruling-6-1 then.
RAN_NOTE = ("Code from a share link, which you ran. Reset brings back the original. The examples "
            "below that go on from this one run it first, and say so.")


def _open_ruling_6_1_link(page: Page, site: Site, code: str) -> str:
    """What ruling-6-2 prints as the page shows it; then the rulings page opened from a link
    that puts `code` into ruling-6-1."""
    open_page(page, site.page_url("rulings/"))
    honest = output_text(page.locator('[id="example-ruling-6-2"]'))
    assert honest.strip()
    page.goto("about:blank")
    open_page(page, f"{site.page_url('rulings/')}#{share_fragment('ruling-6-1', code)}")
    return honest


def _shared_runs_only_from_its_own_run(page: Page, site: Site, honest: str) -> None:
    """Example ruling-6-1 holds SHARED_RULING_6_1 from a link: ruling-6-2, run, goes on from
    6-1's original code and says so (again after a reload without the link), until 6-1's own
    Run runs the shared code; then 6-2 goes on from it."""
    for again in ("", " from a link opened earlier in this tab"):
        earlier = page.locator('[id="example-ruling-6-1"]')
        earlier.locator(".cm-editor").wait_for()
        expect(share_note(earlier)).to_contain_text(f"Shared code{again} — press Run to run it.")
        later = page.locator('[id="example-ruling-6-2"]')
        assert run(later) == ("done", "Done")
        assert output_text(later) == honest + RULING_6_1_NOT_RUN
        open_page(page, site.page_url("rulings/"))
    earlier = page.locator('[id="example-ruling-6-1"]')
    earlier.locator(".cm-editor").wait_for()
    assert run(earlier) == ("done", "Done")
    assert output_text(earlier) == "SHARED RAN\n"
    expect(share_note(earlier)).to_have_text(RAN_NOTE)
    later = page.locator('[id="example-ruling-6-2"]')
    assert run(later) == ("done", "Done")
    assert output_text(later) == RULING_6_1_RAN + "SHARED RAN\n"  # the reader's choice, said


def test_a_links_code_run_in_an_earlier_example_is_named_by_every_later_run_until_reset(
    page: Page, site: Site
) -> None:
    """A link's code for ruling-6-1, run once by the reader, changed what ruling-6-2 (never
    touched) printed for the rest of the tab's life, with no word of it: after another page
    and back, the earlier example passed it off as the reader's own edit. Each later Run now
    says first that it went on from a link's code, also after the reader edits that code and
    after the page is left and drawn again; Reset of the earlier example ends it, and Undo
    brings the code back as a link's, not run."""
    honest = _open_ruling_6_1_link(page, site, SHARED_RULING_6_1)
    earlier = page.locator('[id="example-ruling-6-1"]')
    earlier.locator(".cm-editor").wait_for()
    assert run(earlier) == ("done", "Done")
    edit(earlier, SHARED_RULING_6_1 + "# looked at\n")
    open_page(page, site.page_url("about/"))
    open_page(page, site.page_url("rulings/"))
    earlier = page.locator('[id="example-ruling-6-1"]')
    earlier.locator(".cm-editor").wait_for()
    expect(share_note(earlier)).to_have_text(RAN_NOTE)
    later = page.locator('[id="example-ruling-6-2"]')
    assert run(later) == ("done", "Done")
    assert output_text(later) == RULING_6_1_RAN + "SHARED RAN\n"
    earlier.locator(".fc-reset").click()
    assert share_note(earlier).count() == 0
    assert run(later) == ("done", "Done")
    assert output_text(later) == honest
    earlier.locator(".fc-undo").click()
    expect(share_note(earlier)).to_contain_text("Shared code — press Run to run it.")
    assert run(later) == ("done", "Done")
    assert output_text(later) == honest + RULING_6_1_NOT_RUN


@pytest.mark.parametrize("keys", ["Enter", "# what does this do?"])
def test_shared_code_edited_is_still_a_links_and_runs_only_from_its_own_run(
    page: Page, site: Site, keys: str
) -> None:
    """One keystroke in a link's code (a blank line at its end, a comment typed to study it)
    made it pass for the reader's own: it then ran, unasked and unannounced, before the later
    example the reader ran, under a note that still said it had not run (and after a reload,
    with no note). Edited, it stays a link's code until its own example runs it."""
    honest = _open_ruling_6_1_link(page, site, SHARED_RULING_6_1)
    content = page.locator('[id="example-ruling-6-1"] .cm-content')
    content.wait_for()
    content.click()
    page.keyboard.press("ControlOrMeta+End")
    if keys == "Enter":
        page.keyboard.press("Enter")
    else:
        page.keyboard.type(keys)
    _shared_runs_only_from_its_own_run(page, site, honest)


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
def test_shared_code_in_an_earlier_example_runs_only_from_its_own_run(
    page: Page, site: Site, ending: str
) -> None:
    """Examples of a session run the earlier ones first. A link's code in an earlier example
    ran, unseen, when the reader ran a later one they never touched (and went on doing so after
    a reload): now it is run from the original code, and the output says so, until the reader
    runs the shared code in its own example. Lines ended by "\r\n" or "\r" in the link (the
    editor ends them with "\n") made the shared code pass for the reader's own."""
    honest = _open_ruling_6_1_link(page, site, SHARED_RULING_6_1.replace("\n", ending))
    _shared_runs_only_from_its_own_run(page, site, honest)


def test_shared_code_runs_only_from_its_own_run_when_the_session_storage_is_refused(
    page: Page, site: Site
) -> None:
    """Where the session's storage refuses to keep anything (full, or blocked by the browser),
    the page still knows which example holds a link's code not run yet."""
    page.add_init_script("Storage.prototype.setItem = function () { "
                         "throw new DOMException('full', 'QuotaExceededError'); };")
    open_page(page, site.page_url("rulings/"))
    honest = output_text(page.locator('[id="example-ruling-6-2"]'))
    shared = ("import builtins, sys\n"
              "builtins.print = lambda *a, **k: sys.stdout.write('SHARED RAN\\n')\n")
    page.goto("about:blank")
    open_page(page, f"{site.page_url('rulings/')}#{share_fragment('ruling-6-1', shared)}")
    page.locator('[id="example-ruling-6-1"] .cm-editor').wait_for()
    later = page.locator('[id="example-ruling-6-2"]')
    assert run(later) == ("done", "Done")
    assert output_text(later).startswith(honest + "(Before this one, example ruling-6-1 holds "
                                         "code from a share link, not run yet")


def test_a_links_code_run_where_its_mark_cannot_be_kept_is_not_kept_either(
    page: Page, site: Site
) -> None:
    """The storage keeps edits but refuses the mark of a link's code that was run: kept
    without it, the code came back after a reload as the reader's own edit, and ran unsaid
    before the later example. It is not kept: the page comes back with its own code."""
    page.add_init_script("""(() => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (String(key).startsWith("flipcards:link-run:")) {
          throw new DOMException("full", "QuotaExceededError");
        }
        return setItem.call(this, key, value);
      };
    })();""")
    honest = _open_ruling_6_1_link(page, site, SHARED_RULING_6_1)
    earlier = page.locator('[id="example-ruling-6-1"]')
    earlier.locator(".cm-editor").wait_for()
    assert run(earlier) == ("done", "Done")
    open_page(page, site.page_url("rulings/"))
    later = page.locator('[id="example-ruling-6-2"]')
    assert run(later) == ("done", "Done")
    assert output_text(later) == honest
    assert page.locator('[id="example-ruling-6-1"] .cm-editor').count() == 0


def _ruling_6_1_code(word: str) -> str:
    """Code for example ruling-6-1 that sets up what ruling-6-2 needs, and whose print then
    says `word` ran."""
    return ("from flipcards import Game\nimport builtins, sys\ngame = Game('2004')\n"
            "kenzo = game.put('Bushi Tenderfoot')\n"
            "token = game.put('Bushi Tenderfoot', owner='Bob')\n"
            f"builtins.print = lambda *a, **k: sys.stdout.write('{word} RAN\\n')\nprint()\n")


def test_a_links_code_is_not_kept_when_its_mark_cannot_be(page: Page, site: Site) -> None:
    """Another page filled the tab's storage with addresses until only the link's code
    itself fitted: the code was kept first and its mark ("a link's, not run yet") was refused
    without a word. Drawn again without the link in its address, the page showed it as the
    reader's own edit, and a Run of the next, unchanged example ran it first and printed what
    the link's code said. The mark goes first now; the code is kept only with it, and the
    reader is told it is not kept."""
    page.add_init_script("""(() => {
        const setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
            if (String(key).startsWith("flipcards:shared:")) {
                throw new DOMException("full", "QuotaExceededError");
            }
            return setItem.call(this, key, value);
        };
    })();""")
    rulings = site.page_url("rulings/")
    open_page(page, rulings)
    later = page.locator('[id="example-ruling-6-2"]')
    honest = output_text(later)
    page.goto("about:blank")
    open_page(page, f"{rulings}#{share_fragment('ruling-6-1', _ruling_6_1_code('SHARED'))}")
    earlier = page.locator('[id="example-ruling-6-1"]')
    expect(earlier.locator(".cm-content")).to_contain_text("SHARED RAN")
    expect(share_note(earlier)).to_contain_text(
        "It is not kept if this page is left: the browser has no room to store it.")
    page.goto("about:blank")
    open_page(page, rulings)                                  # drawn again, without the link
    expect(earlier.locator(".cm-editor")).to_have_count(0)    # the original, not an edit
    assert run(later) == ("done", "Done")
    assert output_text(later) == honest


@pytest.mark.parametrize("between", ["nothing", "reset"])
def test_code_of_an_earlier_link_that_undo_brings_back_is_still_shared_code(
    page: Page, site: Site, between: str
) -> None:
    """Two share links for one example, one after the other in a tab (the first Reset in
    between, or not): the second one's note offered Undo to bring back "your own edit", and
    Undo brought back the first link's code as the reader's own, unmarked: a Run of a later
    example of the session then ran it first. It is still a link's code, said so, run only
    from its own Run; after a reload too."""
    rulings = site.page_url("rulings/")
    open_page(page, rulings)
    honest = output_text(page.locator('[id="example-ruling-6-2"]'))
    first, second = _ruling_6_1_code("FIRST LINK"), _ruling_6_1_code("SECOND LINK")
    page.goto("about:blank")
    open_page(page, f"{rulings}#{share_fragment('ruling-6-1', first)}")
    earlier = page.locator('[id="example-ruling-6-1"]')
    expect(earlier.locator(".cm-content")).to_contain_text("FIRST LINK RAN")
    if between == "reset":
        earlier.locator(".fc-reset").click()
        expect(earlier.locator(".cm-editor")).to_have_count(0)
    page.goto(f"{rulings}#{share_fragment('ruling-6-1', second)}")   # pasted: no page load
    expect(earlier.locator(".cm-content")).to_contain_text("SECOND LINK RAN")
    note = share_note(earlier)
    expect(note).to_contain_text(
        "Shared code — press Run to run it. Reset brings back the original. "
        "Undo brings back the code of the earlier share link.")
    expect(note).not_to_contain_text("your own edit")
    earlier.get_by_role(
        "button", name="Undo: bring back the shared code of example ruling-6-1").click()
    expect(earlier.locator(".cm-content")).to_contain_text("FIRST LINK RAN")
    assert editor_text(earlier) == first
    for again in (False, True):   # and again after a reload without the link
        earlier = page.locator('[id="example-ruling-6-1"]')
        expect(share_note(earlier)).to_contain_text(
            f"Shared code{' from a link opened earlier in this tab' if again else ''} — press "
            "Run to run it. Reset brings back the original.")
        expect(earlier.locator(".cm-content")).to_contain_text("FIRST LINK RAN")
        later = page.locator('[id="example-ruling-6-2"]')
        assert run(later) == ("done", "Done")
        assert output_text(later) == honest + RULING_6_1_NOT_RUN
        open_page(page, rulings)
    earlier = page.locator('[id="example-ruling-6-1"]')
    earlier.locator(".cm-editor").wait_for()
    assert run(earlier) == ("done", "Done")
    assert output_text(earlier) == "FIRST LINK RAN\n"


MINE_ON_LINK = EDITED + "\n# my own work on the link's code"


def test_a_reload_keeps_what_the_reader_typed_into_a_links_code_and_offers_the_link_again(
        page: Page, site: Site, target: tuple[str, str]) -> None:
    """A reload of the tab (or Back to it from another site: the address still holds the link)
    opened the link again over what the reader had typed into its code, lost for good. The
    example is as the reader left it; the page says the link was not opened again, and opens
    it on request, the reader's work one Undo away."""
    path, example_id = target
    number = example_id.removeprefix("example-")
    open_page(page, f"{site.page_url(path)}#{share_fragment(number, EDITED)}")
    example = page.locator(f'[id="{example_id}"]')
    example.locator(".cm-editor").wait_for()
    edit(example, MINE_ON_LINK)
    page.reload(wait_until="load")
    wait_taken_over(page)
    example.locator(".cm-editor").wait_for()
    assert editor_text(example) == MINE_ON_LINK
    note = page.locator(".fc-share-page-note")
    expect(note).to_contain_text(f"This share link was opened in this tab before, and example "
                                 f"{number} has changed since: it was not opened again")
    note.get_by_role("button", name="Open the shared code again").click()
    expect(example.locator(".cm-content")).to_contain_text('word = "shared"')
    assert editor_text(example) == EDITED
    example.locator(".fc-undo").click()
    expect(example.locator(".cm-content")).to_contain_text("my own work")
    assert editor_text(example) == MINE_ON_LINK


def test_reset_keeps_the_readers_changes_to_a_links_code_for_undo_and_says_so(
        page: Page, site: Site, target: tuple[str, str]) -> None:
    """The reader's own edit, then a link's code they typed into: Reset kept the older edit
    as the one Undo and dropped the newer work, while saying Undo brought back "the shared
    code"."""
    path, example_id = target
    number = example_id.removeprefix("example-")
    open_page(page, site.page_url(path))
    example = page.locator(f'[id="{example_id}"]')
    edit(example, MINE)
    page.goto(f"{site.page_url(path)}#{share_fragment(number, EDITED)}")   # pasted
    expect(example.locator(".cm-content")).to_contain_text('word = "shared"')
    edit(example, MINE_ON_LINK)
    example.locator(".fc-reset").click()
    expect(example.locator(".fc-status")).to_have_text(
        "The original code is back; Undo brings back the shared code with your changes")
    example.locator(".fc-undo").click()
    expect(example.locator(".cm-content")).to_contain_text("my own work")
    assert editor_text(example) == MINE_ON_LINK


def test_undo_brings_back_the_edit_where_the_session_storage_refuses_it(
        page: Page, site: Site, target: tuple[str, str]) -> None:
    """With the tab's storage full or refused, Undo was offered after Reset but brought back
    nothing: the edit was lost at once. The page holds it while it is open."""
    page.add_init_script("Storage.prototype.setItem = function () { "
                         "throw new DOMException('full', 'QuotaExceededError'); };")
    path, example_id = target
    open_page(page, site.page_url(path))
    example = page.locator(f'[id="{example_id}"]')
    edit(example, MINE)
    example.locator(".fc-reset").click()
    expect(example.locator(".fc-status")).to_have_text(
        "The original code is back; Undo brings back your edit")
    example.locator(".fc-undo").click()
    expect(example.locator(".cm-content")).to_have_text(MINE)


SHARED_PRINT = 'print("shared")\n'
#: Records, as they are made, the requests a page's scripts make for a page of the site.
_PAGE_REQUESTS = """
window.__pageRequests = [];
const asked = (url) => {
  const address = new URL(String(url), location.href);
  if (address.origin === location.origin && address.pathname.endsWith("/")) {
    window.__pageRequests.push(address.pathname);
  }
};
const open = XMLHttpRequest.prototype.open;
XMLHttpRequest.prototype.open = function (method, url, ...rest) {
  asked(url);
  return open.call(this, method, url, ...rest);
};
const fetched = window.fetch;
window.fetch = function (input, ...rest) {
  asked(input instanceof Request ? input.url : input);
  return fetched.call(this, input, ...rest);
};
"""


def test_a_share_link_pasted_into_an_open_page_leaves_a_run_going_on_alone(
    page: Page, site: Site
) -> None:
    """A reader runs an example, then pastes a share link for the same page into the address
    bar (and goes Back): a move within the page. The theme's instant navigation took the first
    such move for a new page, fetched the page again and drew it anew, which stopped the run
    ("Stopped", its output gone) and closed what was open, seconds later on a slow machine.
    The page is not drawn again: the run ends as it would have."""
    page.add_init_script(_PAGE_REQUESTS)
    rulings = site.page_url("rulings/")
    open_page(page, rulings)
    page.evaluate("document.querySelector('article').dataset.fcTestFirst = ''")
    running = page.locator('[id="example-ruling-6-2"]')
    running.locator(".fc-run").click()
    page.goto(f"{rulings}#{share_fragment('ruling-6-1', SHARED_PRINT)}")
    expect(share_note(page.locator('[id="example-ruling-6-1"]'))).to_contain_text(
        "Shared code — press Run to run it.")
    page.go_back()
    expect(page).to_have_url(rulings)
    assert page.evaluate("window.__pageRequests") == []
    assert wait_finished(running) == ("done", "Done")
    assert page.locator("article[data-fc-test-first]").count() == 1
    assert page.evaluate("window.__pageRequests") == []


def test_wcag_2_4_3_a_share_link_puts_the_keyboard_at_its_example(page: Page, site: Site,
                                                                     target: tuple[str, str]
                                                                     ) -> None:
    """A share link scrolled to its example, but the keyboard stayed at the top of the page:
    the first Run a Tab reached was another example's, the shared one's forty Tabs away. The
    focus is on the example's note ("Shared code — press Run to run it."), from where the
    example's own controls come next."""
    path, example_id = target
    number = example_id.removeprefix("example-")
    open_page(page, f"{site.page_url(path)}#{share_fragment(number, SHARED_PRINT)}")
    example = page.locator(f'[id="{example_id}"]')
    note = share_note(example)
    expect(note).to_be_focused()
    expect(note).to_contain_text("Shared code — press Run to run it.")
    for _ in range(4):
        page.keyboard.press("Tab")
        assert example.evaluate("(e) => e.contains(document.activeElement)")
        if example.locator(".fc-run").evaluate("(r) => r === document.activeElement"):
            break
        if page.evaluate("document.activeElement.matches('.cm-content')"):
            page.keyboard.press("Escape")
    expect(example.locator(".fc-run")).to_be_focused()


def test_a_run_clicked_before_the_link_opens_runs_neither_code(
    page: Page, site: Site, traffic: Traffic, target: tuple[str, str]
) -> None:
    """A reader clicks Run while the page's scripts are still on their way: the example then
    shows its own code; once the runtime is there, the link puts the shared code in its editor.
    The click was for the code shown at the time, which is no longer there, and the shared code
    runs only when Run is pressed while it shows: nothing runs. (The click used to be carried
    out, running the page's own code under the shared code in the editor.) Python still starts
    at the click, so the Run that follows is quick."""
    path, example_id = target
    number = example_id.removeprefix("example-")
    held = HeldRequests(page, "**/javascripts/runner.mjs")
    page.goto(f"{site.page_url(path)}#{share_fragment(number, EDITED)}", wait_until="commit")
    example = page.locator(f'[id="{example_id}"]')
    example.locator(".fc-toolbar .fc-run").click()
    holds_soon(page, lambda: bool(held))
    held.release()
    wait_taken_over(page)
    example.locator(".cm-editor").wait_for()
    assert editor_text(example) == EDITED
    # (A carried-out click would have made the example "Loading Python…" as the runtime took
    # it over.)
    assert status(example) == ("idle", "")
    assert output_text(example) == ""
    holds_soon(page, lambda: python_fetched(traffic) != [])  # started at the click
    assert run(example) == ("done", "Done")
    assert output_text(example) == "shared 42\n"


@pytest.mark.parametrize("inserted", ["%20", "%0A", "%C2%AD", "%E2%80%8B"])
def test_a_share_link_a_forum_wrapped_still_opens(
    page: Page, site: Site, target: tuple[str, str], inserted: str
) -> None:
    """A forum or a mail program wraps a long link with a space, a line break, a soft hyphen
    or a zero-width space: the link was refused as damaged, without saying where. None of them
    is base64url's, so they are left out."""
    path, example_id = target
    fragment = share_fragment(example_id.removeprefix("example-"), EDITED)
    wrapped = fragment[:-6] + inserted + fragment[-6:]
    page.goto(f"{site.page_url(path)}#{wrapped}", wait_until="load")
    wait_taken_over(page)
    example = page.locator(f'[id="{example_id}"]')
    example.locator(".cm-editor").wait_for()
    assert editor_text(example) == EDITED


def test_a_run_clicked_while_the_editor_loads_runs_the_shared_code(
    page: Page, site: Site, target: tuple[str, str]
) -> None:
    """The link's note says "press Run" as soon as the runtime has the example, while the
    editor that will show the shared code may still be on its way (a slow host). A Run
    pressed then runs the shared code, which the note promised: it ran the page's own."""
    path, example_id = target
    number = example_id.removeprefix("example-")
    held = HeldRequests(page, "**/assets/js/editor.js")
    page.goto(f"{site.page_url(path)}#{share_fragment(number, EDITED)}", wait_until="load")
    wait_taken_over(page)
    example = page.locator(f'[id="{example_id}"]')
    expect(share_note(example)).to_contain_text("Shared code — press Run to run it.")
    holds_soon(page, lambda: bool(held))
    assert example.locator(".cm-editor").count() == 0
    assert run(example) == ("done", "Done")
    assert output_text(example) == "shared 42\n"
    held.release()
    example.locator(".cm-editor").wait_for()
    assert editor_text(example) == EDITED


def _cut_short(number: str) -> str:
    fragment = share_fragment(number, EDITED)
    return fragment[: len(fragment) - 6]


#: name -> (fragment for the target example's number, what the message must say, page-level?)
MALFORMED = {
    "bad-base64": (lambda n: f"example-{n}&fc1=12.cHJp$$bnQ*", "not valid base64url", False),
    "html-in-fragment": (lambda n: f"example-{n}&fc1=28.{HOSTILE}", "not valid base64url", False),
    "invalid-utf8": (lambda n: f"example-{n}&fc1=2.wyg", "not valid UTF-8", False),
    "cut-short": (_cut_short, "cut short", False),
    "oversized": (lambda n: share_fragment(n, "#" * 20_001), "too long", False),
    # Code the editor would take seconds a keystroke to change: a line of 20,000 characters,
    # brackets open 5,000 deep (on lines of their own).
    "line-too-long": (lambda n: share_fragment(n, "x = 1" + "+1" * 9_000),
                      "line 1 of the code is longer than a link carries", False),
    "nested-too-deep": (lambda n: share_fragment(n, "x = " + "(\n" * 5_000),
                        "nested deeper than a link carries", False),
    "unknown-example": (lambda n: share_fragment(999, 'print("lost")'),
                        "it is for example 999", True),
    "no-example": (lambda n: "example-&fc1=" + share_fragment(n, "x").split("fc1=")[1],
                   "does not say which example", True),
    # A link that lost its example's name altogether (it was said nothing at all).
    "code-only": (lambda n: "fc1=" + share_fragment(n, "x").split("fc1=")[1],
                  "does not say which example", True),
    "code-only-in-capitals": (lambda n: "FC1=" + share_fragment(n, "x").split("fc1=")[1],
                              "does not say which example", True),
    "code-only-broken-escape": (lambda n: "fc1=%E0", "does not say which example", True),
    "newer-format": (lambda n: f"example-{n}&fc9=3.YWJj", "newer version", False),
    # A length that is there but no length is said as it is, not as missing.
    "negative-length": (lambda n: f"example-{n}&fc1=-11.cHJpbnQoImhpIik",
                        "the length of the code, \u201c-11\u201d, is not a whole number of bytes",
                        False),
    "length-of-twenty-digits": (lambda n: f"example-{n}&fc1={'9' * 20}.cHJpbnQoImhpIik",
                                "the code is too long", False),
    # A link's words are quoted by their start only: a stranger's sentence, or a million
    # digits, are not the site's to say.
    "unknown-example-sentence": (
        lambda n: "example-security-notice.this-page-is-outdated.visit-flip-rules.example-9"
                  "&fc1=1.AA", "it is for example security-notice.this-pag…, but", True),
    "newer-format-digits": (lambda n: f"example-{n}&fc{'9' * 100_000}=3.YWJj",
                            f"newer version of this site (fc{'9' * 22}…);", False),
}


def test_a_damaged_link_after_a_good_one_is_not_contradicted_by_its_note(
        page: Page, site: Site, target: tuple[str, str]) -> None:
    """In a tab where a link put code in an example, a damaged link said "cannot be opened …
    Nothing was run" while the example said "Shared code — press Run to run it": the code is
    the earlier link's, and its note now says so."""
    path, example_id = target
    number = example_id.removeprefix("example-")
    code = 'print("hi")'
    open_page(page, f"{site.page_url(path)}#{share_fragment(number, code)}")
    example = page.locator(f'[id="{example_id}"]')
    expect(share_note(example)).to_contain_text("Shared code — press Run to run it.")
    page.goto("about:blank")
    open_page(page, f"{site.page_url(path)}#fc1=%ZZ")
    expect(page.locator("article > .fc-share-page-note")).to_contain_text(
        "This share link cannot be opened: ")
    expect(share_note(example)).to_contain_text(
        "Shared code from a link opened earlier in this tab — press Run to run it.")
    expect(example.locator(".cm-content")).to_have_text(code)


@pytest.mark.parametrize("case", list(MALFORMED))
def test_malformed_link_says_what_is_wrong_and_runs_nothing(
    page: Page, site: Site, traffic: Traffic, target: tuple[str, str], dialogs: list[str],
    case: str,
) -> None:
    path, example_id = target
    number = example_id.removeprefix("example-")
    make, reason, page_level = MALFORMED[case]
    open_page(page, f"{site.page_url(path)}#{make(number)}")
    example = page.locator(f'[id="{example_id}"]')
    where = page.locator("article > .fc-share-page-note") if page_level else share_note(example)
    expect(where).to_have_count(1)
    message = where.text_content() or ""
    assert message.startswith("This share link cannot be opened: "), message
    assert reason in message
    assert message.endswith("Nothing was run.")
    assert where.get_attribute("role") == "alert"
    assert page.locator(".fc-share-note").count() == 1
    assert page.locator(".fc-address-note").count() == 0    # (not also read as an anchor)

    # Nothing opened, nothing fetched, nothing injected; the example is as built.
    page.wait_for_load_state("networkidle")
    assert example.locator(".cm-editor").count() == 0
    assert example.locator(".fc-source").is_visible()
    assert python_fetched(traffic) == []
    assert injected_markup(page) == 0
    assert HOSTILE not in page.evaluate("document.body.innerHTML")
    prerendered = output_text(example)
    assert prerendered.strip() != ""

    # ...and works: the example runs.
    assert run(example) == ("done", "Done")
    assert output_text(example) == prerendered
    assert dialogs == []
    assert traffic.errors == []


def test_hostile_code_in_a_valid_link_is_shown_as_text(
    page: Page, site: Site, traffic: Traffic, target: tuple[str, str], dialogs: list[str]
) -> None:
    path, example_id = target
    number = example_id.removeprefix("example-")
    code = f'print("{HOSTILE}")\n# </script><script>alert(2)</script>'
    open_page(page, f"{site.page_url(path)}#{share_fragment(number, code)}")
    example = page.locator(f'[id="{example_id}"]')
    example.locator(".cm-editor").wait_for()
    assert editor_text(example) == code
    assert injected_markup(page) == 0
    assert page.locator("article script").count() == 0
    assert python_fetched(traffic) == []
    assert run(example) == ("done", "Done")
    assert output_text(example) == f"{HOSTILE}\n"  # the output is text too
    assert injected_markup(page) == 0
    assert dialogs == []


#: Every control that reorders the text around it: embeddings, overrides, their end, isolates.
BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


def test_code_from_a_link_shows_every_control_that_would_reorder_it(
    page: Page, site: Site, target: tuple[str, str]
) -> None:
    """Code that reads one way and runs another (the controls reorder how a line is drawn, not
    what runs) is shown with each control drawn as a mark: four of them were drawn as nothing."""
    code = "".join(f'access = "user{control}"  # {control}check\n' for control in BIDI_CONTROLS)
    marks = _marks_of_shared(page, site, target, code)
    expect(marks).to_have_count(2 * len(BIDI_CONTROLS))
    assert all((mark.get_attribute("title") or "").startswith("Control character")
               for mark in marks.all())


#: Characters that draw as nothing: the Hangul fillers (U+3164 is a name to Python), the word
#: joiner and an invisible operator, the Mongolian vowel separator and two tag characters.
INVISIBLE = ("\u115f\u1160\u3164\uffa0\u2060\u2062\u180e\U000e0041\U000e007f"
             "\u034f\u17b4\u180b\u180f\ufe00\ufe0f\U000e0100\U000e01ef\u200c\u200d")


def test_code_from_a_link_shows_every_character_that_draws_as_nothing(
    page: Page, site: Site, target: tuple[str, str]
) -> None:
    """Code can hide a name or a call among characters that draw as nothing
    (`\u3164 = 'hidden'` is a Python assignment): each is drawn as a mark."""
    code = "".join(f"x{char} = 1  # {char}\n" for char in INVISIBLE)
    expect(_marks_of_shared(page, site, target, code)).to_have_count(2 * len(INVISIBLE))


@pytest.mark.parametrize("gap", [" " * 400, "\t" * 120])
def test_code_from_a_link_pushed_past_the_edge_is_in_sight(
    page: Page, site: Site, target: tuple[str, str], gap: str
) -> None:
    """A line that reads as one call and runs two: hundreds of spaces (or tabs) push the
    second past the editor's right edge, where nothing showed it. Lines wrap: it is in sight."""
    code = f'print("Rule 508.1 holds"){gap}; print("hidden")\n'
    _marks_of_shared(page, site, target, code)
    example = page.locator(f'[id="{target[1]}"]')
    scroller = example.locator(".cm-scroller")
    assert scroller.evaluate("(s) => s.scrollWidth <= s.clientWidth")
    hidden = scroller.evaluate("""(s) => {
        const content = s.querySelector(".cm-content");
        const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const at = node.data.indexOf("hidden");
            if (at < 0) continue;
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + 6);
            const box = range.getBoundingClientRect(), view = s.getBoundingClientRect();
            return box.left >= view.left && box.right <= view.right;
        }
        return null;
    }""")
    assert hidden is True


def _marks_of_shared(page: Page, site: Site, target: tuple[str, str], code: str) -> Locator:
    """The marks the editor draws for special characters in `code`, opened from a share link
    to the example `target`."""
    path, example_id = target
    number = example_id.removeprefix("example-")
    open_page(page, f"{site.page_url(path)}#{share_fragment(number, code)}")
    example = page.locator(f'[id="{example_id}"]')
    example.locator(".cm-editor").wait_for()
    return example.locator(".cm-content .cm-specialChar")


def test_share_link_opens_after_instant_navigation(
    page: Page, site: Site, traffic: Traffic, target: tuple[str, str]
) -> None:
    path, example_id = target
    number = example_id.removeprefix("example-")
    start = next(p for p in site.pages if p != path)
    open_page(page, site.page_url(start))
    page.evaluate("window.__sameDocument = true")  # gone if a page load happens
    link = f"{site.page_url(path)}#{share_fragment(number, EDITED)}"
    follow_link(page, link)
    example = page.locator(f'[id="{example_id}"]')
    example.locator(".cm-editor").wait_for()
    assert page.evaluate("window.__sameDocument === true"), "navigation reloaded the page"
    assert editor_text(example) == EDITED
    expect(share_note(example)).to_contain_text("Shared code — press Run to run it")
    assert python_fetched(traffic) == []
    assert traffic.errors == []


@pytest.mark.parametrize("escaped", ["=", "&", "&="])
def test_a_share_link_whose_characters_were_escaped_on_the_way_opens(
    page: Page, site: Site, target: tuple[str, str], escaped: str
) -> None:
    """A mail or chat program may write "=" as "%3D" (or "&" as "%26") in a link it passes on:
    the link still opens the code."""
    path, example_id = target
    fragment = share_fragment(example_id.removeprefix("example-"), EDITED)
    for character in escaped:
        fragment = fragment.replace(character, f"%{ord(character):02X}")
    open_page(page, f"{site.page_url(path)}#{fragment}")
    example = page.locator(f'[id="{example_id}"]')
    example.locator(".cm-editor").wait_for()
    assert editor_text(example) == EDITED
    expect(share_note(example)).to_contain_text("Shared code — press Run to run it")


@pytest.mark.parametrize("mangled", [")", ".", "&amp;", "capitals"])
def test_a_share_link_a_forum_changed_opens(page: Page, site: Site, target: tuple[str, str],
                                            mangled: str) -> None:
    """Forums' link finders take the punctuation after a link into it ("(see …fc1=….)"), and
    some write its "&" as "&amp;": the link was called damaged, or showed the original
    example without a word. Base64url has none of that punctuation: the link opens. So does
    one whose words were written in capitals ("EXAMPLE-3&FC1="; it was taken for an anchor)."""
    path, example_id = target
    fragment = share_fragment(example_id.removeprefix("example-"), EDITED)
    if mangled == "capitals":
        name, _, code = fragment.partition("&fc1=")
        fragment = f"{name.upper()}&FC1={code}"
    else:
        fragment = fragment.replace("&", "&amp;") if mangled == "&amp;" else fragment + mangled
    open_page(page, f"{site.page_url(path)}#{fragment}")
    example = page.locator(f'[id="{example_id}"]')
    example.locator(".cm-editor").wait_for()
    assert editor_text(example) == EDITED
    expect(share_note(example)).to_contain_text("Shared code — press Run to run it")


def test_share_link_pasted_on_the_open_page(
    page: Page, site: Site, traffic: Traffic, target: tuple[str, str]
) -> None:
    path, example_id = target
    number = example_id.removeprefix("example-")
    open_page(page, site.page_url(path))
    page.evaluate("window.__sameDocument = true")
    # (Playwright's goto is the browser's own navigation, as an address typed or pasted is.)
    page.goto(f"{site.page_url(path)}#{share_fragment(number, EDITED)}")
    example = page.locator(f'[id="{example_id}"]')
    example.locator(".cm-editor").wait_for()
    assert editor_text(example) == EDITED
    assert page.evaluate("window.__sameDocument === true")
    assert python_fetched(traffic) == []


MINE = 'print("my own edit")'


@pytest.mark.parametrize("how", ["href", "replace", "href-new-page", "replace-new-page"])
def test_share_link_put_in_the_address_by_the_page_that_opened_it_waits_for_the_reader(
    page: Page, site: Site, target: tuple[str, str], how: str
) -> None:
    """The page that opened the site's page (window.open) keeps a handle on it, and can set its
    address to a share link at any time: the code must not change under the Run button of a
    reader who did not ask for it. The page says so and opens the link only on request. With
    a query in the link ("new-page") the tab loads a new page, which must know it too."""
    path, example_id = target
    number = example_id.removeprefix("example-")
    reader = opened_by(page, site.page_url(path), wait_taken_over)
    example = reader.locator(f'[id="{example_id}"]')
    edit(example, MINE)
    reader.evaluate("window.__sameDocument = true")
    new_page = how.endswith("-new-page")
    link = f"{site.page_url(path)}{'?from=elsewhere' if new_page else ''}" \
        f"#{share_fragment(number, EDITED)}"
    move = "location.href = url" if how.startswith("href") else "location.replace(url)"
    page.evaluate(f"(url) => {{ window.reader.{move}; }}", link)
    note = reader.locator(".fc-share-page-note")
    expect(note).to_contain_text(
        f"Another page changed this page's address to a share link for example {number}. "
        "It was not opened")
    assert reader.evaluate("location.href") == link
    assert reader.evaluate("window.__sameDocument === true") is not new_page
    example.locator(".cm-editor").wait_for()
    # Whatever the theme draws again after the fragment changed, the reader's code stands.
    expect(note).to_have_count(1)
    assert editor_text(example) == MINE
    expect(share_note(example)).to_have_count(0)

    note.get_by_role("button", name="Open the shared code").click()
    expect(share_note(example)).to_contain_text("Shared code — press Run to run it")
    assert editor_text(example) == EDITED
    expect(reader.locator(".fc-share-page-note")).to_have_count(0)
    example.locator(".fc-undo").click()
    expect(example.locator(".cm-content")).to_have_text(MINE)


def test_share_link_put_in_the_address_by_another_page_quotes_its_example_name_briefly(
        page: Page, site: Site, target: tuple[str, str]) -> None:
    """The page that set the address chose the link's example name, ten words of any length:
    the notice quoted it whole ("…for example warning.this-code-was-reported-as-malware…"), in
    the site's alert; it is quoted by its first 24 characters, as the other notices do."""
    path, _ = target
    reader = opened_by(page, site.page_url(path), wait_taken_over)
    name = "warning.this-code-was-reported-as-malware.do-not-run-1"
    page.evaluate("(url) => { window.reader.location.href = url; }",
                  f"{site.page_url(path)}#{share_fragment(name, 'print(1)')}")
    expect(reader.locator(".fc-share-page-note")).to_contain_text(
        "Another page changed this page's address to a share link for example "
        "warning.this-code-was-re…. It was not opened")


NOT_OPENED = "Another page changed this page's address to a share link for example 1. It was " \
    "not opened"


def _reader_of_a_card_page(page: Page, site: Site, *, closable: bool = False) -> Page:
    """Kitsune Mystic's page, opened (window.open) by another page that keeps a handle on it
    as `window.reader`; a page the reader opened in a tab of its own, which may close itself,
    if `closable`. Example 1 holds the reader's own edit."""
    reader = opened_by(page, site.page_url("cards/kitsune-mystic/"), wait_taken_over,
                       closable=closable)
    edit(reader.locator('[id="example-1"]'), MINE)
    return reader


def _code_under_run(reader: Page) -> str:
    example = reader.locator('[id="example-1"]')
    example.locator(".cm-editor").wait_for()
    return editor_text(example)


def test_share_link_loaded_by_an_opener_that_closes_itself_waits_for_the_reader(
    page: Page, site: Site
) -> None:
    """The other page sends the tab to a share link and closes itself in the same moment: by
    the time the page's scripts run, the tab has no opener. That the tab was opened by another
    page is kept from the first page of the site it showed."""
    reader = _reader_of_a_card_page(page, site, closable=True)
    opener = reader.opener()
    assert opener is not None
    link = f"{site.page_url('cards/kitsune-mystic/')}?from=elsewhere#{share_fragment(1, EDITED)}"
    with reader.expect_navigation():
        opener.evaluate("(url) => { window.reader.location.href = url; window.close(); }", link)
    expect(reader.locator(".fc-share-page-note")).to_contain_text(NOT_OPENED)
    assert opener.is_closed() and reader.evaluate("window.opener") is None
    assert _code_under_run(reader) == MINE


def test_share_link_an_opener_sends_back_to_from_a_page_of_its_own_waits_for_the_reader(
    page: Page, site: Site
) -> None:
    """Refused once, the link is loaded again from the tab's history: the other page sends the
    tab to a page of its own, which goes Back. The address stays held until the reader opens
    it."""
    reader = _reader_of_a_card_page(page, site)
    link = f"{site.page_url('cards/kitsune-mystic/')}?from=elsewhere#{share_fragment(1, EDITED)}"
    page.evaluate("(url) => { window.reader.location.href = url; }", link)
    expect(reader.locator(".fc-share-page-note")).to_contain_text(NOT_OPENED)
    page.evaluate("() => { window.reader.location.href = 'about:blank'; }")
    reader.wait_for_url("about:blank")
    # Later, so the evaluation has answered before its document goes.
    reader.evaluate("() => { setTimeout(() => history.back(), 0); }")
    reader.wait_for_url(link)
    assert reader.evaluate("performance.getEntriesByType('navigation')[0].type") == "back_forward"
    expect(reader.locator(".fc-share-page-note")).to_contain_text(NOT_OPENED)
    assert _code_under_run(reader) == MINE
    reader.locator(".fc-share-page-note").get_by_role("button", name="Open the shared code").click()
    assert _code_under_run(reader) == EDITED


def test_share_link_an_opener_set_stays_held_after_the_reader_reads_another_page_and_goes_back(
    page: Page, site: Site
) -> None:
    """The reader went on to another page of the site and pressed Back: the theme drew the
    page again in the same document, and Back counted as the reader opening the link, which
    put the other page's code in the example as shared code. Back to it is not opening it."""
    reader = _reader_of_a_card_page(page, site)
    link = f"{site.page_url('cards/kitsune-mystic/')}#{share_fragment(1, EDITED)}"
    page.evaluate("(url) => { window.reader.location.href = url; }", link)
    expect(reader.locator(".fc-share-page-note")).to_contain_text(NOT_OPENED)
    follow_link(reader, site.page_url("then-and-now/"))
    reader.go_back()
    reader.wait_for_url(link)
    expect(reader.locator(".fc-share-page-note")).to_contain_text(NOT_OPENED)
    assert _code_under_run(reader) == MINE
    expect(share_note(reader.locator('[id="example-1"]'))).to_have_count(0)


def test_share_link_an_opener_floods_with_replaced_links_still_waits_for_the_reader_after_back(
    page: Page, site: Site
) -> None:
    """Another page held its link, moved the tab to one more address and replaced that one two
    hundred times (location.replace adds no history entry) with addresses that look like
    links: they pushed the held link out of the tab's list, and the reader's Back opened it."""
    reader = _reader_of_a_card_page(page, site)
    card = site.page_url("cards/kitsune-mystic/")
    link = f"{card}#{share_fragment(1, EDITED)}"
    page.evaluate("(url) => { window.reader.location.href = url; }", link)
    expect(reader.locator(".fc-share-page-note")).to_contain_text(NOT_OPENED)
    page.evaluate("(url) => { window.reader.location.href = url; }", f"{card}#x&pg9=1")
    reader.wait_for_function("() => location.hash === '#x&pg9=1'")
    for n in range(205):
        page.evaluate("(url) => { window.reader.location.replace(url); }", f"{card}#x{n}&pg9=1")
        reader.wait_for_function("(n) => location.hash === `#x${n}&pg9=1`", arg=n)
    reader.go_back()
    reader.wait_for_url(link)
    expect(reader.locator(".fc-share-page-note")).to_contain_text(NOT_OPENED)
    assert _code_under_run(reader) == MINE


def test_share_link_an_opener_pushes_out_with_addresses_of_nothing_still_waits_for_the_reader(
    page: Page, site: Site
) -> None:
    """The tab kept the last twenty addresses held: another page moved it through twenty-five
    more (fragments of nothing), then went Back to the link, which opened as the reader's.
    Only addresses that carry a link are held now, and more of them."""
    reader = _reader_of_a_card_page(page, site)
    card = site.page_url("cards/kitsune-mystic/")
    link = f"{card}?from=elsewhere#{share_fragment(1, EDITED)}"
    page.evaluate("(url) => { window.reader.location.href = url; }", link)
    expect(reader.locator(".fc-share-page-note")).to_contain_text(NOT_OPENED)
    moves = 25
    for n in range(moves):
        page.evaluate("(url) => { window.reader.location.href = url; }",
                      f"{card}?from=elsewhere#x{n}")
        reader.wait_for_function("(n) => location.hash === `#x${n}`", arg=n)
    page.evaluate("() => { window.reader.location.href = 'about:blank'; }")
    reader.wait_for_url("about:blank")
    # Later, so the evaluation has answered before its document goes.
    reader.evaluate(f"() => {{ setTimeout(() => history.go(-{moves + 1}), 0); }}")
    reader.wait_for_url(link)
    expect(reader.locator(".fc-share-page-note")).to_contain_text(NOT_OPENED)
    assert _code_under_run(reader) == MINE


def test_share_link_addresses_of_a_megabyte_another_page_sets_do_not_fill_the_tabs_storage(
    page: Page, site: Site
) -> None:
    """Each address another page moves the tab to is held until the reader opens it. It was
    kept whole: three addresses of 1.7 MB filled the tab's 5 MB of storage, so that the mark
    of a share link's code opened next could not be kept. What is kept is a fingerprint of
    each; the addresses are held all the same."""
    reader = _reader_of_a_card_page(page, site)
    card = site.page_url("cards/kitsune-mystic/")
    for n in range(3):
        long = f"{card}#f{n}-" + "a" * 1_700_000
        page.evaluate("(url) => { window.reader.location.href = url; }", long)
        reader.wait_for_function("(n) => location.hash.startsWith(`#f${n}-`)", arg=n)
    assert reader.evaluate("JSON.stringify(sessionStorage).length") < 20_000
    link = f"{card}?from=elsewhere#{share_fragment(1, EDITED)}"
    page.evaluate("(url) => { window.reader.location.href = url; }", link)
    expect(reader.locator(".fc-share-page-note")).to_contain_text(NOT_OPENED)
    assert _code_under_run(reader) == MINE


def test_share_link_an_opener_sends_through_a_page_not_found_waits_for_the_reader(
    page: Page, site: Site
) -> None:
    """A mistyped card address: its "not found" page sends the tab on to the card's page with
    the fragment, by a script of the site. Moved there by another page, it does not make the
    link the site's own."""
    reader = _reader_of_a_card_page(page, site)
    link = f"{site.page_url('card/kitsune-mystic/')}#{share_fragment(1, EDITED)}"
    page.evaluate("(url) => { window.reader.location.href = url; }", link)
    reader.wait_for_url(f"{site.page_url('cards/kitsune-mystic/')}#*")
    expect(reader.locator(".fc-share-page-note")).to_contain_text(NOT_OPENED)
    assert _code_under_run(reader) == MINE


def test_share_link_of_a_link_clicked_on_another_page_aimed_at_this_tab_waits_for_the_reader(
    page: Page, site: Site, target: tuple[str, str]
) -> None:
    """A page that opened the site's page in a named window (window.open(url, name)) can have
    an ordinary link aimed at that window: the reader's click on it, on that other page, moves
    the site's page, out of sight in its background tab. The browser counts the move as the
    reader's; the page still waits for the reader to open the link."""
    path, example_id = target
    number = example_id.removeprefix("example-")
    page.goto("about:blank")
    with page.context.expect_page() as popup:
        page.evaluate("(url) => { window.open(url, 'reader'); }", site.page_url(path))
    reader = popup.value
    reader.wait_for_load_state("load")
    wait_taken_over(reader)
    example = reader.locator(f'[id="{example_id}"]')
    edit(example, MINE)
    link = f"{site.page_url(path)}#{share_fragment(number, EDITED)}"
    # The reader turns to the other page: the site's tab is in the background. (Headless
    # Chromium shows every tab: the tab says it is hidden, as a browser's background tab does.)
    page.bring_to_front()
    reader.evaluate("""() => Object.defineProperty(document, "visibilityState",
        {get: () => "hidden", configurable: true})""")
    page.set_content('<a href="" target="reader">go on reading</a>')
    page.locator("a").evaluate("(a, url) => { a.href = url; }", link)
    page.get_by_role("link", name="go on reading").click()
    reader.wait_for_url(link)
    reader.evaluate("() => delete document.visibilityState")
    reader.bring_to_front()
    expect(reader.locator(".fc-share-page-note")).to_contain_text(
        f"Another page changed this page's address to a share link for example {number}. "
        "It was not opened")
    assert editor_text(example) == MINE
    expect(share_note(example)).to_have_count(0)


def test_share_link_typed_after_one_put_there_by_another_page_opens(
    page: Page, site: Site, target: tuple[str, str]
) -> None:
    """Once the reader moves the page themselves, a share link opens as usual."""
    path, example_id = target
    number = example_id.removeprefix("example-")
    reader = opened_by(page, site.page_url(path), wait_taken_over)
    page.evaluate("(url) => { window.reader.location.href = url; }",
                  f"{site.page_url(path)}#{share_fragment(number, 'print(1)')}")
    expect(reader.locator(".fc-share-page-note")).to_contain_text("It was not opened")
    reader.goto(f"{site.page_url(path)}#{share_fragment(number, EDITED)}")
    example = reader.locator(f'[id="{example_id}"]')
    example.locator(".cm-editor").wait_for()
    assert editor_text(example) == EDITED
    expect(reader.locator(".fc-share-page-note")).to_have_count(0)


def test_without_a_clipboard_the_link_is_selected_in_a_read_only_field(
    page: Page, site: Site, target: tuple[str, str]
) -> None:
    path, example_id = target
    number = example_id.removeprefix("example-")
    page.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    open_page(page, site.page_url(path))
    example = page.locator(f'[id="{example_id}"]')
    edit(example, EDITED)
    example.locator(".fc-share").click()
    field = example.locator("textarea.fc-copy-fallback")
    expect(field).to_be_visible()
    assert field.get_attribute("readonly") is not None
    link = field.input_value()
    page_url, _, fragment = link.partition("#")
    assert page_url == site.page_url(path)
    assert shared_code(fragment) == (number, EDITED)
    selected = field.evaluate(
        "(f) => [document.activeElement === f, f.selectionStart, f.selectionEnd]")
    assert selected == [True, 0, len(link)]
    assert status(example)[1] == "Press Ctrl+C to copy"


SCHEMES = {"light": "default", "dark": "slate"}


@pytest.mark.parametrize("scheme", list(SCHEMES))
def test_share_controls_have_no_serious_accessibility_violations(
    page: Page, site: Site, target: tuple[str, str], scheme: str
) -> None:
    path, example_id = target
    number = example_id.removeprefix("example-")
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    page.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    # A shared example (note, editor), a page-level error, and the no-clipboard field.
    open_page(page, f"{site.page_url(path)}#{share_fragment(number, EDITED)}")
    assert page.evaluate("document.body.dataset.mdColorScheme") == SCHEMES[scheme]
    example = page.locator(f'[id="{example_id}"]')
    example.locator(".cm-editor").wait_for()
    example.locator(".fc-share").click()
    example.locator(".fc-copy-fallback").wait_for()
    page.goto(f"{site.page_url(path)}#{share_fragment(999, 'x')}")
    page.locator(".fc-share-page-note").wait_for()
    include = [[".fc-toolbar"], [".fc-share-note"], [".fc-copy-fallback"]]
    results = Axe().run(page, context={"include": include})
    serious = [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']]}"
               for v in results.response["violations"] if v["impact"] in {"serious", "critical"}]
    assert serious == []
