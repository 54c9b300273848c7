"""Share links that survive edits of the page: the examples of the rules and rulings are named
by a stable id tied to their rule (``example-508.2-1``, set in the fence), old position links
(``example-9``) keep opening the example at that position, and the note shown to the recipient
names the rule the example belongs to and links to it."""

from __future__ import annotations

import re

import pytest
from conftest import Site
from fcpage import editor_text, open_page, share_fragment
from playwright.sync_api import Page, expect

from flipcards_site.fence import STABLE_ID

CODE = 'print("shared from a rule")'


@pytest.mark.parametrize("path", ["rule-508/", "rulings/"])
def test_every_example_of_a_rule_has_a_stable_id_tied_to_its_rule(site: Site, path: str) -> None:
    document = site.html(path)
    counts: dict[str, int] = {}
    blocks = re.split(r'<div class="fc-(?:rule|ruling)"[^>]*\bid="([^"]+)"', document)
    for anchor, body in zip(blocks[1::2], blocks[2::2], strict=True):
        # The text up to the next block: this block's examples.
        for found in re.findall(r'<div class="fc-example" id="example-([^"]+)"', body):
            counts[anchor] = counts.get(anchor, 0) + 1
            assert found == f"{anchor}-{counts[anchor]}", found
    assert sum(counts.values()) == len(site.examples(path)) > 0


def test_a_share_link_names_the_example_by_its_rule_and_says_so(page: Page, site: Site) -> None:
    open_page(page, f"{site.page_url('rule-508/')}#{share_fragment('508.2-2', CODE)}")
    example = page.locator('[id="example-508.2-2"]')
    example.locator(".cm-editor").wait_for()
    assert editor_text(example) == CODE
    note = example.locator(".fc-share-note")
    expect(note).to_have_text("Shared code — press Run to run it. Reset brings back the "
                              "original. It is an example of rule 508.2.")
    link = note.get_by_role("link", name="rule 508.2")
    assert link.get_attribute("href") == "#508.2"


def test_a_ruling_examples_note_links_to_the_ruling(page: Page, site: Site) -> None:
    open_page(page, f"{site.page_url('rulings/')}#{share_fragment('ruling-6-2', CODE)}")
    note = page.locator('[id="example-ruling-6-2"] .fc-share-note')
    expect(note.get_by_role("link", name="ruling 6")).to_have_attribute("href", "#ruling-6")


def test_an_old_position_link_opens_the_example_at_that_position(page: Page, site: Site) -> None:
    # Links made before the ids were stable named the 9th example of the page "example-9".
    ninth = site.examples("rule-508/")[8]
    open_page(page, f"{site.page_url('rule-508/')}#{share_fragment(9, CODE)}")
    example = page.locator(f'[id="{ninth}"]')
    example.locator(".cm-editor").wait_for()
    assert editor_text(example) == CODE


def test_stable_ids_are_never_positions() -> None:
    assert STABLE_ID.fullmatch("508.2-1") and STABLE_ID.fullmatch("ruling-6-2")
    assert not STABLE_ID.fullmatch("3") and not STABLE_ID.fullmatch("508.2")
    assert not STABLE_ID.fullmatch('x"><script>-1')


def test_no_two_elements_of_a_rule_page_share_an_id_once_it_has_run(
        page: Page, site: Site) -> None:
    """The theme names each code block after the nearest element with an id: an example's code
    and its output were both named after the example ("__code_example-508-1" twice), so a link
    or a screen reader's jump to one could land on the other. The output has an id of its own."""
    open_page(page, site.page_url("rule-508/"))
    page.wait_for_function("() => document.querySelector('.fc-example pre[id^=\"__code_\"]')")
    repeated = page.evaluate("""() => {
        const count = {};
        for (const element of document.querySelectorAll("[id]")) {
            count[element.id] = (count[element.id] ?? 0) + 1;
        }
        return Object.keys(count).filter((id) => count[id] > 1);
    }""")
    assert repeated == []
