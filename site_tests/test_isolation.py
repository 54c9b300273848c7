"""Each Run starts from a clean Python, in the browser: every Run has a fresh worker of its own,
so what one example's code does to Python or to its worker does not reach the next run, even a
run that ends its own worker."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import Site, Tab, open_tab
from fcpage import edit, editor_text, open_page, output_text, run
from playwright.sync_api import Browser, Locator

#: Code that, before each Run started clean, broke every later run.
DAMAGE = {
    "replace-game": "import flipcards\nflipcards.Game = None",
    "replace-print": "import builtins\nbuiltins.print = lambda *a, **k: None",
    "recursion-limit": "import sys\nsys.setrecursionlimit(40)",
    "message-handler": "import js\njs.onmessage = None\njs.self.onmessage = None",
    "sys-modules": "import sys, types\nsys.modules['flipcards'] = types.ModuleType('flipcards')",
    "stdout": "import sys\nsys.stdout = None",
    "ghost-timer": "import js\nfrom pyodide.ffi import create_proxy\n"
                   "import builtins\n"
                   "js.setInterval(create_proxy(lambda: setattr(builtins, 'print', None)), 1)",
}


@pytest.fixture(scope="module")
def tab(browser: Browser, site: Site) -> Iterator[Tab]:
    with open_tab(browser) as tab:
        yield tab


@pytest.fixture
def pair(tab: Tab, site: Site) -> tuple[Locator, Locator]:
    """(an example the reader edits, the next example, run unchanged) on one page."""
    for path in site.pages_with_examples(standalone=True):
        ids = site.examples(path, standalone=True)
        if len(ids) >= 2:
            if not tab.page.url.startswith(site.page_url(path)):
                open_page(tab.page, site.page_url(path))
            first, second = (tab.page.locator(f'[id="{id_}"]') for id_ in ids[:2])
            for example in (first, second):
                if example.locator(".cm-editor").count():
                    example.locator(".fc-reset").click()
            return first, second
    pytest.fail("no page has two examples without a session")


@pytest.mark.parametrize("case", list(DAMAGE))
def test_what_one_run_does_does_not_reach_the_next(
    pair: tuple[Locator, Locator], case: str
) -> None:
    first, second = pair
    expected = output_text(second)
    edit(first, DAMAGE[case])
    run(first)
    assert run(second) == ("done", "Done")
    assert output_text(second) == expected


def test_a_run_that_ends_its_worker_does_not_reach_the_next(pair: tuple[Locator, Locator]) -> None:
    first, second = pair
    expected = output_text(second)
    code = "import js\njs.close()  # the worker ends itself"
    edit(first, code)
    run(first)
    assert run(second) == ("done", "Done")
    assert output_text(second) == expected
    assert editor_text(first) == code  # the reader's code is still there
