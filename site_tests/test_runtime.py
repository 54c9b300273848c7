"""The runtime's behaviour with a reader's edits: edited code, Reset, tracebacks, Stop and
the time limit, huge output, input(), and instant navigation that keeps Python loaded; a model
call whose answer cannot be read ends at once, on a worker never used again; a file of Python's
that the host cannot give is named, and the next Run loads Python again."""

from __future__ import annotations

import pytest
from conftest import Site, Traffic
from fcpage import (
    HeldRequests,
    edit,
    editor_text,
    follow_link,
    holds_soon,
    open_page,
    output_text,
    run,
    share_fragment,
    status,
    wait_finished,
    wait_python_ready,
    wait_state,
    wait_taken_over,
)
from playwright.sync_api import Locator, Page, Route, expect


@pytest.fixture
def example(page: Page, site: Site) -> Locator:
    """The first example without a session, on its page, ready to use."""
    pages = site.pages_with_examples(standalone=True)
    if not pages:
        pytest.fail("no page of the nav has an example without a session")
    open_page(page, site.page_url(pages[0]))
    return page.locator(f'[id="{site.examples(pages[0], standalone=True)[0]}"]')


def test_edited_example_runs_the_edited_code(example: Locator) -> None:
    edit(example, 'word = "edited"\nprint(word, 6 * 7)')
    assert example.locator(".fc-source").is_hidden()
    example.page.keyboard.press("ControlOrMeta+Enter")  # runs from inside the editor
    wait_state(example, "done")
    assert output_text(example) == "edited 42\n"


def test_escape_then_tab_leaves_the_editor(example: Locator) -> None:
    edit(example, 'print("keyboard")')
    page = example.page
    inside = "document.activeElement.closest('.cm-editor') !== null"
    assert page.evaluate(inside)
    page.keyboard.press("Tab")                  # inside the editor, Tab indents
    assert page.evaluate(inside)
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")                  # after Escape, Tab moves on
    assert not page.evaluate(inside)


def test_reset_restores_the_code_and_the_prerendered_output(example: Locator) -> None:
    original_output = output_text(example)
    original_code = example.locator(".fc-source").inner_text()
    edit(example, 'print("something else")')
    assert run(example) == ("done", "Done")
    assert output_text(example) == "something else\n"

    example.locator(".fc-reset").click()
    assert example.locator(".cm-editor").count() == 0
    assert example.locator(".fc-source").is_visible()
    assert example.locator(".fc-source").inner_text() == original_code
    assert output_text(example) == original_output
    assert status(example) == ("idle", "The original code is back; Undo brings back your edit")
    # ...and a run now runs the original code again.
    assert run(example) == ("done", "Done")
    assert output_text(example) == original_output

    # Edit after Reset starts from the original code, not the old edit.
    example.locator(".fc-edit").click()
    example.locator(".cm-editor").wait_for()
    assert editor_text(example).strip() == original_code.strip()


def test_copy_puts_the_current_code_on_the_clipboard(example: Locator) -> None:
    example.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    original_code = example.locator(".fc-source").inner_text()
    example.locator(".fc-copy").click()
    example.locator(".fc-status", has_text="Code copied").wait_for()
    clipboard = example.page.evaluate("navigator.clipboard.readText()")
    assert clipboard.strip() == original_code.strip()
    edit(example, 'print("copied")')
    example.locator(".fc-copy").click()
    assert example.page.evaluate("navigator.clipboard.readText()") == 'print("copied")'


def test_session_runs_the_earlier_examples_as_edited_quietly(page: Page, site: Site) -> None:
    found = [(p, ids) for p in site.pages for ids in site.sessions(p).values() if len(ids) > 1]
    if not found:
        pytest.skip("no page has a session of two or more examples")
    page_path, ids = found[0]
    open_page(page, site.page_url(page_path))
    earlier, later = page.locator(f'[id="{ids[-2]}"]'), page.locator(f'[id="{ids[-1]}"]')
    edit(earlier, 'print("not shown")\nmarker = "defined by the earlier example"')
    edit(later, "print(marker)")
    assert run(later) == ("done", "Done")
    assert output_text(later) == "defined by the earlier example\n"


def test_exception_shows_a_short_traceback_of_the_readers_code(example: Locator) -> None:
    edit(example, 'import json\nprint("before")\njson.loads("{not json")\n')
    assert run(example) == ("error", "Error")
    assert example.locator(".fc-stderr").count() == 1
    stderr = example.locator(".fc-stderr").text_content() or ""
    assert output_text(example).startswith("before\n")
    assert "Traceback (most recent call last):" in stderr
    assert 'json.loads("{not json")' in stderr  # the reader's line
    assert "line 3" in stderr
    assert stderr.rstrip().splitlines()[-1].startswith("json.decoder.JSONDecodeError: ")
    assert "pyodide" not in stderr.lower()  # no _pyodide / pyodide internals
    assert "json/decoder.py" not in stderr  # no library frames
    assert "/lib/python" not in stderr


def test_input_gives_a_clear_message(example: Locator) -> None:
    edit(example, 'name = input("Your name? ")\nprint(name)')
    assert run(example) == ("error", "Error")
    stderr = example.locator(".fc-stderr").text_content() or ""
    assert "input() is not available in examples; set values in the code instead" in stderr


def test_stop_ends_an_endless_loop_and_the_next_run_works(example: Locator) -> None:
    edit(example, "while True:\n    pass\n")
    example.locator(".fc-run").click()
    wait_state(example, "running")
    example.page.wait_for_timeout(300)
    example.locator(".fc-stop").click()
    assert status(example) == ("idle", "Stopped")
    edit(example, 'print("after stop")')
    assert run(example) == ("done", "Done")
    assert output_text(example) == "after stop\n"


def test_time_limit_ends_an_endless_loop_and_the_next_run_works(example: Locator) -> None:
    example.evaluate("(element) => { element.dataset.fcTimeLimit = '1'; }")  # seconds
    edit(example, "while True:\n    pass\n")
    # The reader is told which limit ended it, and that nothing was printed before.
    assert run(example) == ("error", "Timed out after 1 s")
    assert output_text(example) == "(this run printed nothing before its time limit of 1 s)\n"
    edit(example, 'print("after the time limit")')
    assert run(example) == ("done", "Done")
    assert output_text(example) == "after the time limit\n"


def test_a_later_example_says_that_an_earlier_one_it_goes_on_from_did_not_finish(
    page: Page, site: Site
) -> None:
    """A later example of a session runs the earlier ones' code first: after an edit of an
    earlier one ran out of time (or was stopped), the later one, untouched, ran out of time too
    and said only "Timed out", with nothing that pointed at the earlier example's code. It
    names that example and how to get out; Reset there, and the later one runs again."""
    open_page(page, site.page_url("rulings/"))
    earlier = page.locator('[id="example-ruling-6-1"]')
    later = page.locator('[id="example-ruling-6-2"]')
    honest = output_text(later)
    for example in (earlier, later):
        example.evaluate("(element) => { element.dataset.fcTimeLimit = '1'; }")  # seconds
    original: str = earlier.locator("template.fc-code").evaluate("(t) => t.content.textContent")
    edit(earlier, original.rstrip("\n") + "\nwhile True:\n    pass\n")
    assert run(earlier) == ("error", "Timed out after 1 s")
    get_out = ("when it was last run, and its code runs before this one: Reset example "
               "ruling-6-1 to go on from its original code.\n")
    assert run(later) == ("error", "Timed out after 1 s")
    assert output_text(later) == (
        "(this run printed nothing before its time limit of 1 s)\n"
        f"An earlier example of this session (ruling-6-1) did not finish within 1 s {get_out}")
    expect(later.locator(".fc-stderr")).to_contain_text("An earlier example of this session")

    # Kept for the tab, as the edit is: after a reload the later example still names it.
    page.reload()
    wait_taken_over(page)
    later.evaluate("(element) => { element.dataset.fcTimeLimit = '1'; }")
    assert run(later) == ("error", "Timed out after 1 s")
    expect(later.locator(".fc-stderr")).to_have_text(
        f"An earlier example of this session (ruling-6-1) did not finish within 1 s {get_out}")

    earlier.locator(".fc-reset").click()
    assert run(later) == ("done", "Done")
    assert output_text(later) == honest

    # Stopped rather than out of time: said as it happened.
    earlier.locator(".fc-undo").click()
    earlier.locator(".cm-editor").wait_for()
    earlier.evaluate("(element) => { element.dataset.fcTimeLimit = '60'; }")
    earlier.locator(".fc-run").click()
    wait_state(earlier, "running")
    earlier.locator(".fc-stop").click()
    assert status(earlier) == ("idle", "Stopped")
    assert run(later) == ("error", "Timed out after 1 s")
    assert output_text(later) == (
        "(this run printed nothing before its time limit of 1 s)\n"
        f"An earlier example of this session (ruling-6-1) was stopped before it finished {get_out}")


def test_a_later_example_that_runs_out_of_time_names_the_earlier_edit_run_before_it(
    page: Page, site: Site
) -> None:
    """An earlier example edited to loop, and never run: the later one, untouched, ran out of
    time and said only that it printed nothing, blaming itself. It names the edited example
    that ran first in the same time."""
    open_page(page, site.page_url("rulings/"))
    earlier = page.locator('[id="example-ruling-6-1"]')
    later = page.locator('[id="example-ruling-6-2"]')
    later.evaluate("(element) => { element.dataset.fcTimeLimit = '1'; }")  # seconds
    original: str = earlier.locator("template.fc-code").evaluate("(t) => t.content.textContent")
    edit(earlier, original.rstrip("\n") + "\nwhile True:\n    pass\n")
    assert run(later) == ("error", "Timed out after 1 s")
    assert output_text(later) == (
        "(this run printed nothing before its time limit of 1 s)\n"
        "Before this one, example ruling-6-1 ran with your edit, in the same time: if it does "
        "not end, Reset it to go on from its original code.\n")


def test_a_links_code_that_runs_out_of_time_is_named_before_the_readers_own_edit(
    page: Page, site: Site
) -> None:
    """The reader edited an earlier example (an edit that ends); a share link then brought a
    later example code that never ends. Its time-out sent the reader to Reset their own edit,
    the one piece of code on the page that was theirs. The link's code, run for the first
    time, is named first; once the reader has run it, it is theirs, and the note is as before."""
    open_page(page, site.page_url("rulings/"))
    earlier = page.locator('[id="example-ruling-6-1"]')
    original: str = earlier.locator("template.fc-code").evaluate("(t) => t.content.textContent")
    edit(earlier, original.rstrip("\n") + "\nprint('my own addition')\n")
    page.goto("about:blank")
    endless = share_fragment("ruling-6-2", "while True:\n    pass\n")
    open_page(page, f"{site.page_url('rulings/')}#{endless}")
    later = page.locator('[id="example-ruling-6-2"]')
    later.evaluate("(element) => { element.dataset.fcTimeLimit = '1'; }")  # seconds
    assert run(later) == ("error", "Timed out after 1 s")
    assert output_text(later) == (
        "(this run printed nothing before its time limit of 1 s)\n"
        "This example's code came from a link: if it does not end, Reset it to go back to the "
        "page's code. Before it, example ruling-6-1 ran with your edit, in the same time.\n")
    assert run(later) == ("error", "Timed out after 1 s")
    assert output_text(later).endswith(
        "Before this one, example ruling-6-1 ran with your edit, in the same time: if it does "
        "not end, Reset it to go on from its original code.\n")


def test_output_shows_as_it_is_printed_and_until_then_the_earlier_one_is_dimmed(
    example: Locator
) -> None:
    edit(example, 'print("first run")')
    assert run(example) == ("done", "Done")
    edit(example, 'import time\ntime.sleep(3)\nprint("printed")\nwhile True:\n    pass\n')
    example.locator(".fc-run").click()
    wait_state(example, "running")
    # Until the run prints, the output is the earlier run's, dimmed once the run has lasted.
    shown = example.locator(".fc-output > code")
    assert output_text(example) == "first run\n"
    expect(shown).to_have_css("opacity", "0.45")
    # What it printed shows while it goes on, as it is.
    expect(shown).to_have_text("printed\n")
    expect(shown).to_have_css("opacity", "1")
    assert status(example) == ("running", "Running…")
    example.locator(".fc-stop").click()
    assert status(example) == ("idle", "Stopped")
    assert output_text(example) == "printed\n"
    # A quick run is never dimmed: its output replaces the earlier one at once.
    edit(example, 'print("quick")')
    assert run(example) == ("done", "Done")
    assert output_text(example) == "quick\n"
    assert shown.evaluate("(code) => getComputedStyle(code).opacity") == "1"


def test_output_printed_before_a_long_computation_shows_whole_and_stop_keeps_it(
    example: Locator
) -> None:
    """A run printing faster than the page needs has its pieces gathered: the last of them
    waited for the run's next print, so progress printed before a slow part did not show (25
    of 301 lines), and Stop or the time limit lost it for good; a run that printed past what
    an example shows was cut without a word."""
    edit(example, "import time\nfor i in range(300):\n    print('line', i)\n"
                  "print('now computing...')\ntime.sleep(2)\nwhile True:\n    pass\n")
    example.locator(".fc-run").click()
    shown = example.locator(".fc-output > code")
    expect(shown).to_contain_text("now computing...")
    assert status(example) == ("running", "Running…")
    example.locator(".fc-stop").click()
    assert status(example) == ("idle", "Stopped")
    lines = output_text(example).splitlines()
    assert lines == [f"line {i}" for i in range(300)] + ["now computing..."]

    example.evaluate("(element) => { element.dataset.fcTimeLimit = '2'; }")  # seconds
    edit(example, "for i in range(1950):\n    print(i)\nwhile True:\n    pass\n")
    assert run(example) == ("error", "Timed out after 2 s")
    assert output_text(example).splitlines() == [str(i) for i in range(1950)]
    # Printed past what an example shows, then never ended: the output says it was cut.
    edit(example, "for i in range(5000):\n    print(i)\nwhile True:\n    pass\n")
    assert run(example) == ("error", "Timed out after 2 s")
    assert output_text(example).splitlines() == [str(i) for i in range(2000)] + [
        "… output cut: an example shows at most 2,000 lines"]


def test_huge_output_is_cut_with_a_note(example: Locator) -> None:
    edit(example, "for i in range(5000):\n    print(i)\n")
    assert run(example) == ("done", "Done")
    text = output_text(example)
    lines = text.splitlines()
    assert lines[:3] == ["0", "1", "2"]
    assert lines[1999] == "1999"
    assert lines[2000] == "… output cut: 3000 more lines"
    assert len(lines) == 2001
    # It scrolls within a box of its own: the page is not tens of thousands of pixels long.
    assert example.locator(".fc-output > code").evaluate(
        "(code) => code.clientHeight <= 0.7 * innerHeight + 1 && code.scrollHeight > 5000")
    edit(example, "for i in range(2001):\n    print(i)\n")
    assert run(example) == ("done", "Done")
    assert output_text(example).splitlines()[-1] == "… output cut: 1 more line"

    edit(example, 'print("x" * 300_000)\n')
    assert run(example) == ("done", "Done")
    text = output_text(example)
    assert len(text) < 101_000
    assert "… output cut: " in text


def test_instant_navigation_keeps_the_next_runs_python_loaded(
    page: Page, traffic: Traffic, site: Site
) -> None:
    with_examples = site.pages_with_examples(standalone=True)
    start = with_examples[0]
    middle = next(p for p in site.pages if p != start)
    end = next((p for p in with_examples if p not in (start, middle)), start)
    visits = [start, middle, end]
    open_page(page, site.page_url(visits[0]))
    page.evaluate("window.__sameDocument = true")  # gone if a page load happens
    # Material's document$ emits once a new page is in place (and once now, replayed).
    page.evaluate("window.__pagesShown = 0; document$.subscribe(() => window.__pagesShown++)")
    first = page.locator(f'[id="{site.examples(visits[0], standalone=True)[0]}"]')
    expected = output_text(first)
    assert run(first) == ("done", "Done")
    assert output_text(first) == expected
    # The run's sandbox is gone; the spare that serves the next run has Python loaded.
    wait_python_ready(page)
    loads = len(traffic.fetched("pyodide.asm.wasm"))

    for shown, target in enumerate(visits[1:], start=2):
        url = site.page_url(target)
        # Click a link to the page, as a reader does (Material's instant navigation takes it).
        follow_link(page, url)
        page.wait_for_function(f"() => window.__pagesShown >= {shown}")
        assert page.evaluate("window.__sameDocument === true"), "navigation reloaded the page"

    # Navigating loaded nothing: the spare is still there, ready.
    assert len(traffic.fetched("pyodide.asm.wasm")) == loads
    last = page.locator(f'[id="{site.examples(visits[-1], standalone=True)[-1]}"]')
    expected = output_text(last)
    last.locator(".fc-status").evaluate("""(status) => {
        window.__statesSeen = [];
        new MutationObserver(() => window.__statesSeen.push(status.dataset.state))
            .observe(status, {attributes: true});
    }""")
    assert run(last) == ("done", "Done")
    assert output_text(last) == expected
    assert "loading" not in page.evaluate("window.__statesSeen")  # the spare was ready
    assert traffic.errors == []


def test_instant_navigation_away_from_a_running_example_ends_its_run(
        page: Page, site: Site) -> None:
    """A reader who leaves a page while its example runs has left the run: it used to go on
    to its time limit, and the next page's first Run waited behind it, "Running…" for
    seconds, for code that takes a tenth of one."""
    start, end = site.pages_with_examples(standalone=True)[:2]
    open_page(page, site.page_url(start))
    first = page.locator(f'[id="{site.examples(start, standalone=True)[0]}"]')
    first.evaluate("(element) => { element.dataset.fcTimeLimit = '120'; }")  # seconds
    edit(first, "while True:\n    pass\n")
    first.locator(".fc-run").click()
    wait_state(first, "running")
    follow_link(page, site.page_url(end))
    later = page.locator(f'[id="{site.examples(end, standalone=True)[0]}"]')
    later.locator(".fc-run").click()
    # (Behind the loop, it would end after the loop's 120 s.)
    expect(later.locator(".fc-status")).to_have_attribute("data-state", "done", timeout=60_000)


def test_a_run_behind_another_examples_says_it_waits_for_it(page: Page, site: Site) -> None:
    """Runs take turns, so that each one's time limit measures its own code: a Run pressed
    while another example's loops said "Loading Python…" with Python loaded. It says what
    it waits for, and runs once the other one is stopped."""
    path = next(p for p in site.pages_with_examples(standalone=True)
                if len(site.examples(p, standalone=True)) >= 2)
    open_page(page, site.page_url(path))
    first, second = (page.locator(f'[id="{example}"]')
                     for example in site.examples(path, standalone=True)[:2])
    first.evaluate("(element) => { element.dataset.fcTimeLimit = '120'; }")  # seconds
    edit(first, "while True:\n    pass\n")
    first.locator(".fc-run").click()
    wait_state(first, "running")
    second.locator(".fc-run").click()
    expect(second.locator(".fc-status")).to_have_text(
        "Waiting for the run of another example to end…")
    first.locator(".fc-stop").click()
    assert wait_finished(second) == ("done", "Done")


#: Run in the page before its scripts: the names of the workers it starts; and once
#: `__spoilNextResult` is set, the next result a worker sends reaches the page as a message
#: that could not be read (a `messageerror` in its place), as when it fails to arrive whole.
UNREADABLE_RESULT = """(() => {
    const Original = window.Worker;
    window.__workers = [];
    window.Worker = class extends Original {
        constructor(url, options) {
            super(url, options);
            window.__workers.push(options?.name);
            this.addEventListener("message", (event) => {
                if (event.data?.type !== "result" || !window.__spoilNextResult) return;
                window.__spoilNextResult = false;
                event.stopImmediatePropagation();
                this.dispatchEvent(new MessageEvent("messageerror"));
            });
        }
    };
})()"""


def test_a_model_call_whose_answer_cannot_be_read_ends_at_once(page: Page, site: Site) -> None:
    page.add_init_script(UNREADABLE_RESULT)
    page.goto(site.url, wait_until="load")
    found = page.evaluate("""async () => {
        const start = document.querySelector('script[src$="javascripts/start.js"]');
        const python = await import(new URL("./worker-client.mjs", start.src).href);
        await python.call("pass").result;  // the model worker is up
        window.__spoilNextResult = true;
        const asked = performance.now();
        const lost = await python.call("print(1)", { timeLimitMs: 20_000 }).result;
        const waited = performance.now() - asked;
        const next = await python.call("print(2)").result;
        return { lost, waited, next, models: window.__workers.filter((n) => n === "model").length };
    }""")
    # The call fails at once instead of waiting out its time limit...
    assert found["lost"]["kind"] == "error", found
    assert found["waited"] < 5_000, found
    # ...and the worker is not used again: the next call has a new one.
    assert found["next"]["kind"] == "done" and found["next"]["stdout"] == "2\n", found
    assert found["models"] == 2, found


#: Python's files as a host may fail to give them, and what the reader is told.
BROKEN_DOWNLOADS = {
    "missing WebAssembly": ("**/pyodide.asm.wasm", {"status": 404, "body": "not here"},
                            "could not fetch pyodide.asm.wasm (HTTP 404)"),
    "WebAssembly of another type": (
        "**/pyodide.asm.wasm",
        {"status": 200, "body": b"\0asm", "content_type": "application/octet-stream"},
        'the host serves pyodide.asm.wasm as "application/octet-stream", not as application/wasm'),
    "standard library cut off": ("**/assets/python/stdlib.zip", None,
                                 "could not fetch stdlib.zip ("),
}


@pytest.mark.parametrize("case", list(BROKEN_DOWNLOADS))
def test_a_python_file_the_host_cannot_give_is_named_and_the_next_run_loads_again(
    page: Page, site: Site, case: str
) -> None:
    """A file Python loads from that cannot be had ends the loading at once (Pyodide alone
    waits forever for a WebAssembly it cannot compile) with a message that names it; once the
    host gives it, Run loads Python again and runs."""
    pattern, answer, message = BROKEN_DOWNLOADS[case]
    path = site.pages_with_examples(standalone=True)[0]
    example_id = site.examples(path, standalone=True)[0]

    def broken(route: Route) -> None:
        if answer is None:
            route.abort("connectionreset")
        else:
            route.fulfill(**answer)

    page.context.route(pattern, broken)
    open_page(page, site.page_url(path))
    example = page.locator(f'[id="{example_id}"]')
    prerendered = output_text(example)
    assert run(example) == ("error", "Error")
    assert message in output_text(example)
    page.context.unroute(pattern, broken)
    assert run(example) == ("done", "Done")
    assert output_text(example) == prerendered


def test_a_run_whose_python_began_loading_before_it_and_fails_gets_a_fresh_python(
    page: Page, site: Site
) -> None:
    """Python starts on intent, before the click: if that loading then fails (the network was
    down and is back), the run loads a fresh Python instead of failing with it."""
    path = site.pages_with_examples(standalone=True)[0]
    example_id = site.examples(path, standalone=True)[0]
    held = HeldRequests(page.context, "**/pyodide.asm.wasm")
    open_page(page, site.page_url(path))
    example = page.locator(f'[id="{example_id}"]')
    prerendered = output_text(example)
    example.locator(".fc-edit").focus()  # intent: Python starts loading
    holds_soon(page, lambda: bool(held))
    example.locator(".fc-run").click()
    assert status(example) == ("loading", "Loading Python…")
    held.release(lambda route: route.fulfill(status=503, body="down"))
    assert wait_finished(example) == ("done", "Done")
    assert output_text(example) == prerendered
