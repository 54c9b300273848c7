"""The playground: a board built by clicking is what the model says for the same scenario;
choices, undo/redo, share links, Show as Python, files; bad links say what is wrong, and
neither they nor Python that stops cost the reader the board; keyboard only, axe in both
palettes, a 390-px touch phone."""

from __future__ import annotations

import contextlib
import io
import json
import re
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from conftest import LOAD_TIMEOUT_MS, Site, Traffic
from fcpage import (
    drawn_board,
    edit,
    follow_link,
    fragment_scenario,
    model_board,
    open_page,
    open_playground,
    opened_by,
    playground_fragment,
    playground_scenario,
    share_fragment,
    wait_playground,
    wait_taken_over,
)
from playwright.sync_api import Browser, Locator, Page, expect

from flipcards import Game
from flipcards._scenario import serialise
from flipcards.browser import MAX_STEPS

PLAYGROUND = "playground/"
HOSTILE = "<img src=x onerror=alert(1)>"


def settle(page: Page) -> None:
    """Wait until the playground has finished what the last click asked."""
    page.wait_for_function(
        "() => !document.querySelector('.fc-playground').hasAttribute('aria-busy')")
    page.wait_for_timeout(50)
    page.wait_for_function(
        "() => !document.querySelector('.fc-playground').hasAttribute('aria-busy')")


def paste_link(page: Page, fragment: str) -> None:
    """Put a playground link into the address bar of the open page, as a reader pastes one,
    and wait until the page has dealt with it."""
    page.evaluate("""() => { window.pasted = new Promise((resolve) => {
        window.addEventListener("hashchange", () => resolve(true), { once: true });
    }); }""")
    # (Playwright's goto is the browser's own navigation, as an address typed or pasted is: a
    # script's is not opened until the reader says so.)
    page.goto(f"{page.url.partition('#')[0]}#{fragment}")
    page.evaluate("window.pasted")
    settle(page)


def add_card(page: Page, name: str, *, zone: str = "battlefield", owner: str = "",
             flipped: bool = False, attached_to: str = "") -> None:
    form = page.locator(".fc-pg-add-form")
    form.get_by_role("combobox", name="Card").fill(name)
    page.get_by_role("option", name=name).first.click()
    form.get_by_label("Zone (optional)").select_option(zone)
    if owner:
        form.get_by_label("Owner (optional)").select_option(owner)
    if flipped or attached_to:
        more(form)
    if flipped:
        form.get_by_label("Flipped").check()
    if attached_to:
        form.get_by_label("Attached to (optional)").select_option(attached_to)
    form.get_by_role("button", name="Add card").click()
    settle(page)


def more(form: Locator) -> None:
    """Open the add-card form's "More" (everything but the card, its player and its zone)."""
    details = form.locator("details.fc-pg-more")
    if details.get_attribute("open") is None:
        details.locator("summary").click()


def act(page: Page, card_id: str, verb: str, fill: Callable[[Locator], None] | None = None,
        *, done: bool = True) -> Locator:
    """Open a card's actions, choose `verb`, fill its form, and do it; return the dialog."""
    page.locator(f'.fc-pg-act[data-key="act:{card_id}"]').click()
    dialog = page.locator("dialog.fc-pg-dialog")
    dialog.locator(f'.fc-pg-verb[data-verb="{verb}"]').click()
    if fill:
        fill(dialog)
    dialog.get_by_role("button", name="Do it").click()
    settle(page)
    if done:
        expect(dialog).not_to_be_visible()
    return dialog


def game_action(page: Page, verb: str, fill: Callable[[Locator], None] | None = None) -> None:
    page.locator(f'.fc-pg-game-actions .fc-pg-verb[data-verb="{verb}"]').click()
    dialog = page.locator("dialog.fc-pg-dialog")
    if fill:
        fill(dialog)
    dialog.get_by_role("button", name="Do it").click()
    settle(page)


def assert_drawn_as_the_model_says(page: Page) -> dict[str, Any]:
    """The board drawn is the model's native run of the steps in the address: each player's
    zones, the stack with its targets, who lost, one history line per step and the log."""
    scenario = playground_scenario(page)
    assert drawn_board(page) == model_board(scenario)
    from flipcards.browser import model_json

    out = json.loads(model_json(json.dumps({"op": "playground", "scenario": scenario})))

    def called(what: str) -> str:
        return f"{out['objects'][what]['name']} ({what})" if what in out["objects"] else what

    drawn = page.evaluate("""() => ({
        stack: [...document.querySelectorAll(".fc-pg-stack-item")].map((item) => [
            item.querySelector(".fc-pg-name").textContent,
            item.querySelector(".fc-pg-targets")?.textContent ?? ""]),
        lost: [...document.querySelectorAll(".fc-pg-lost")].map((line) => line.textContent),
        over: document.querySelector(".fc-pg-over")?.textContent ?? null,
        steps: document.querySelectorAll(".fc-pg-history .fc-pg-step").length,
        log: [...document.querySelectorAll(".fc-pg-log > li:not(.fc-pg-muted)")].map(
            (line) => line.firstChild.textContent),
    })""")
    assert drawn == {
        "stack": [[item["name"], f" · targets {', '.join(called(t) for t in item['targets'])}"
                   if item["targets"] else ""] for item in out["stack"]],
        "lost": [f"{p['name']} has lost the game: {p['lost']}" for p in out["players"]
                 if p["lost"]],
        "over": out["over"] and (f"The game is over: {out['over']}. Only a check, a search "
                                 "or naming a card can follow; Undo takes back the step that "
                                 "ended it."),
        "steps": len(scenario["steps"]) + 1,
        "log": [line["text"] for line in out["log"]],
    }
    return scenario


# --- building a board by clicking ---------------------------------------------------------


def test_a_flip_and_a_copy_of_a_flipped_permanent(page: Page, site: Site, traffic: Traffic,
                                                   dialogs: list[str]) -> None:
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Bushi Tenderfoot")
    hero = page.locator('.fc-pg-permanent[data-id="bushi"]')
    expect(hero.locator(".fc-pg-name")).to_have_text("Bushi Tenderfoot")
    act(page, "bushi", "flip")
    expect(hero.locator(".fc-pg-name")).to_have_text("Kenzo the Hardhearted")
    # Its keywords as its text spells them out (702.45: bushido has a number).
    expect(hero.locator(".fc-pg-badge", has_text="Bushido")).to_have_text(
        "Bushido 2, Double strike")
    assert "is-turned" in (hero.locator(".fc-pg-frame").get_attribute("class") or "")
    # The flipped half is the one that reads right side up: its frame is turned around.
    assert hero.locator(".fc-pg-frame").evaluate("(f) => getComputedStyle(f).transform") != "none"
    act(page, "bushi", "copy",
        lambda d: d.get_by_label("Controller (optional)").select_option("Bob"))
    token = page.locator('.fc-pg-permanent[data-id="kenzo"]')
    expect(token.locator(".fc-pg-name")).to_have_text("Bushi Tenderfoot")
    assert "is-turned" not in (token.locator(".fc-pg-frame").get_attribute("class") or "")
    scenario = assert_drawn_as_the_model_says(page)
    assert scenario == {"rules": "2004", "players": ["Alice", "Bob"], "steps": [
        {"put": "Bushi Tenderfoot", "as": "bushi"}, {"flip": "bushi"},
        {"copy": "bushi", "as": "kenzo", "controller": "Bob"}]}
    log = page.locator(".fc-pg-log")
    expect(log).to_contain_text("Bushi Tenderfoot flips: it is now Kenzo the Hardhearted.")
    rule = log.get_by_role("link", name="rule 508.2").first
    assert rule.get_attribute("href") == site.page_url("rules/508.2/")
    assert log.get_by_role("link", name="ruling 6").count() == 1
    # P/T and where it comes from, on focus.
    pt = hero.locator(".fc-pg-pt")
    pt.focus()
    tip = hero.get_by_role("tooltip")
    expect(tip).to_be_visible()
    expect(tip).to_have_text("Printed on Kenzo the Hardhearted: 3/4Now: 3/4")
    page.keyboard.press("Escape")
    expect(tip).to_be_hidden()
    assert dialogs == []
    assert traffic.errors == []


def test_a_spark_double_enters_as_a_copy_chosen_in_the_form(page: Page, site: Site) -> None:
    # The add-card form offers what a Clone or Spark Double copies (the put verb's copying).
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Bushi Tenderfoot", flipped=True)
    form = page.locator(".fc-pg-add-form")
    form.get_by_role("combobox", name="Card").fill("Spark Double")
    page.get_by_role("option", name="Spark Double").first.click()
    more(form)
    form.get_by_label("Copying (optional)").select_option("bushi")
    form.get_by_role("button", name="Add card").click()
    settle(page)
    double = page.locator('.fc-pg-permanent[data-id="spark"]')
    expect(double.locator(".fc-pg-name")).to_have_text("Bushi Tenderfoot")
    act(page, "spark", "flip")
    expect(double.locator(".fc-pg-name")).to_have_text("Kenzo the Hardhearted")
    scenario = assert_drawn_as_the_model_says(page)
    assert scenario["steps"][1] == {"put": "Spark Double", "as": "spark", "copying": "bushi"}
    # Not legendary: both Kenzos stay.
    expect(page.locator(".fc-pg-permanent")).to_have_count(2)
    expect(page.locator(".fc-pg-log")).to_contain_text(
        "as a copy of Kenzo the Hardhearted (not legendary, with an additional +1/+1 counter)")


def test_a_spell_cast_with_its_target_and_name(page: Page, site: Site) -> None:
    # Cranial Extraction names Kenzo: off the battlefield every Tenderfoot is a Tenderfoot.
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Bushi Tenderfoot", zone="library", owner="Bob")

    def extraction(naming: str) -> Callable[[Locator], None]:
        def fill(dialog: Locator) -> None:
            dialog.get_by_label("Card").fill("Cranial Extraction")
            dialog.get_by_label("Target (optional)").select_option("Bob")
            dialog.get_by_label("Naming (optional)").fill(naming)
        return fill

    game_action(page, "cast", extraction("Kenzo the Hardhearted"))
    log = page.locator(".fc-pg-log")
    expect(log).to_contain_text("Alice names Kenzo the Hardhearted: no cards with that name")
    game_action(page, "cast", extraction("Bushi Tenderfoot"))
    expect(log).to_contain_text("Alice names Bushi Tenderfoot: 1 card with that name")
    scenario = assert_drawn_as_the_model_says(page)
    # The cast card is named after the card, as a card put is.
    assert scenario["steps"][-1] == {"cast": "Cranial Extraction", "as": "cranial2",
                                     "target": "Bob", "naming": "Bushi Tenderfoot"}


@pytest.mark.parametrize(("card", "asked", "not_asked"), [
    ("Shock", ["Target"], ["Naming", "Copying", "Choose"]),
    ("Clone", ["Copying"], ["Target", "Naming", "Choose"]),
    ("Grizzly Bears", [], ["Target", "Naming", "Copying", "Choose"]),
])
def test_601_2c_a_card_cast_from_a_hand_is_asked_only_the_choices_its_spell_makes(
        page: Page, site: Site, card: str, asked: list[str], not_asked: list[str]) -> None:
    """Shock's form asked for a card to name, a creature to copy and a card to find (what
    Cranial Extraction, Clone and Time of Need choose), each refused by the model if given."""
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, card, zone="hand")
    card_id = next(iter(playground_scenario(page)["steps"][-1:]))["as"]
    page.locator(f'.fc-pg-act[data-key="act:{card_id}"]').click()
    dialog = page.locator("dialog.fc-pg-dialog")
    dialog.locator('.fc-pg-verb[data-verb="cast"]').click()
    expect(dialog.get_by_role("button", name="Do it")).to_be_visible()
    for label in asked:
        expect(dialog.get_by_label(f"{label} (optional)")).to_have_count(1)
    for label in not_asked:
        expect(dialog.get_by_label(f"{label} (optional)", exact=True)).to_have_count(0)


def test_303_4a_an_aura_cast_from_a_hand_enchants_the_creature_chosen_as_its_target(
        page: Page, site: Site) -> None:
    """Pacifism cast with a target was refused ("takes no target here"), and cast with none
    it was accepted and went to the graveyard: an Aura spell targets what it will enchant."""
    scenario = {"rules": "current", "steps": [
        {"put": "Kitsune Mystic", "as": "mystic", "owner": "Bob"},
        {"put": "Pacifism", "as": "pacifism", "zone": "hand"}]}
    open_playground(page, site.page_url(PLAYGROUND) + "#" + playground_fragment(scenario))
    dialog = act(page, "pacifism", "cast", done=False)   # with no target: refused, nothing added
    expect(dialog).to_contain_text("it targets the creature it will enchant")
    dialog.get_by_label("Target (optional)").select_option("mystic")
    dialog.get_by_role("button", name="Do it").click()
    settle(page)
    expect(dialog).not_to_be_visible()
    expect(page.locator(".fc-pg-log")).to_contain_text("Pacifism is attached to Kitsune Mystic.")
    assert playground_scenario(page)["steps"][-1] == {"cast": "pacifism", "target": "mystic"}
    assert_drawn_as_the_model_says(page)


def test_702_16b_a_cast_the_rules_refuse_is_added_as_a_step_expected_to_be_refused(
        page: Page, site: Site) -> None:
    """A judge's "you can't": Shock at Tok-Tok (protection from red) is refused by the form;
    ticked "Refused by the rules", it is added as a step that says so, the log says why,
    and nothing else changed (Shock is still in Alice's hand)."""
    scenario = {"rules": "current", "steps": [
        {"put": "Akki Lavarunner", "as": "toktok", "flipped": True, "owner": "Bob"},
        {"put": "Shock", "as": "shock", "zone": "hand"}]}
    open_playground(page, site.page_url(PLAYGROUND) + "#" + playground_fragment(scenario))

    def at_toktok(dialog: Locator) -> None:
        dialog.get_by_label("Target (optional)").select_option("toktok")

    dialog = act(page, "shock", "cast", at_toktok, done=False)
    expect(dialog).to_contain_text("protection from red")
    dialog.get_by_label("Refused by the rules").check()
    dialog.get_by_role("button", name="Do it").click()
    settle(page)
    expect(dialog).not_to_be_visible()
    assert playground_scenario(page)["steps"][-1] == {"cast": "shock", "target": "toktok",
                                                      "refused": True}
    expect(page.locator(".fc-pg-history .fc-pg-step").last).to_contain_text(
        "expected to be refused")
    expect(page.locator(".fc-pg-log")).to_contain_text(
        "Step 3 is refused, as the scenario expects: Tok-Tok, Volcano Born has protection "
        "from red")
    expect(page.get_by_role("list", name="Alice's hand")).to_contain_text("Shock")
    assert_drawn_as_the_model_says(page)


def test_wcag_4_1_3_a_check_that_fails_is_said_first_and_never_as_done(
        page: Page, site: Site) -> None:
    """A flip marked "Refused by the rules" (the rules allow it) and an Expect of a line the
    log does not hold: the box of failed checks showed them, but the status, the one live
    region, said the flip's line, and "Done." for the Expect."""
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Bushi Tenderfoot")
    status = page.locator(".fc-pg-status")
    act(page, "bushi", "flip", lambda dialog: dialog.get_by_label("Refused by the rules").check())
    expect(status).to_have_text(re.compile(
        r"^Check failed: step 2, refused: the step was expected to be refused, but the rules "
        r"allowed it\. Bushi Tenderfoot flips"))
    game_action(page, "expect", lambda dialog: dialog.locator("textarea").fill(
        '{"log": ["Homura"]}'))
    expect(status).to_have_text(
        'Check failed: step 3, expect: the log has no line that holds "Homura".')
    act(page, "bushi", "tap")
    expect(status).not_to_contain_text("Check failed")
    game_action(page, "expect", lambda dialog: dialog.locator("textarea").fill(
        '{"not_in_log": ["flips"]}'))
    expect(status).to_have_text("Done.")     # the flip was logged before the last check
    assert page.locator(".fc-pg-history li").all_inner_texts()[3::2] == [
        "3. Expected: the log, from the game's start, holds \u201cHomura\u201d",
        "5. Expected: nothing logged since the last check holds \u201cflips\u201d"]


def test_104_3a_a_player_gains_control_of_a_creature_and_another_concedes(
        page: Page, site: Site) -> None:
    """Two words judges asked for, from the board: Alice gains control of Bob's Bears (a
    card's action), then Bob concedes (a game action) and Alice wins. The step names the
    Bears by their owner (it said "Alice gains control of Alice's Grizzly Bears")."""
    scenario = {"rules": "current", "steps": [
        {"put": "Grizzly Bears", "as": "bears", "owner": "Bob"}]}
    open_playground(page, site.page_url(PLAYGROUND) + "#" + playground_fragment(scenario))
    act(page, "bears", "gain_control",
        lambda dialog: dialog.get_by_label("Player", exact=True).select_option("Alice"))
    assert playground_scenario(page)["steps"][-1] == {"gain_control": "bears", "player": "Alice"}
    expect(page.locator(".fc-pg-history .fc-pg-step").last).to_contain_text(
        "Alice gains control of Bob's Grizzly Bears")
    expect(page.get_by_role("list", name="Alice's battlefield")).to_contain_text("Grizzly Bears")
    # The board says what a judge asks before an attack: taken this turn, whose it is (302.6).
    bears = page.locator('.fc-pg-permanent[data-id="bears"]')
    expect(bears.locator(".fc-pg-marks")).to_contain_text("summoning sick")
    expect(bears.locator(".fc-pg-marks")).to_contain_text("owned by Bob")
    expect(bears).to_have_attribute("aria-label", "Grizzly Bears (bears), summoning sick, "
                                                  "owned by Bob")
    game_action(page, "concede", lambda dialog: dialog.get_by_label("Player", exact=True)
                .select_option("Bob"))
    assert playground_scenario(page)["steps"][-1] == {"concede": "Bob"}
    expect(page.locator(".fc-pg-over")).to_contain_text("The game is over")
    assert_drawn_as_the_model_says(page)


def listed_steps(page: Page, site: Site, scenario: dict[str, Any]) -> list[str]:
    """The steps list of the playground opened on `scenario`, step by step, as it reads."""
    open_playground(page, site.page_url(PLAYGROUND) + "#" + playground_fragment(scenario))
    steps = page.locator(".fc-pg-history .fc-pg-step")
    expect(steps).to_have_count(len(scenario["steps"]) + 1)   # and the empty table
    return [text.split(" (shown now)")[0] for text in steps.all_inner_texts()[1:]]


def test_701_destroy_sacrifice_and_counter_steps_are_listed_in_words(
        page: Page, site: Site) -> None:
    """The list of steps said "Counter shock", "Sacrifice akki": a step is in words, and a
    counter says whether it countered the spell or the ability of the card it names."""
    scenario = {"rules": "current", "steps": [
        {"put": "Erayo, Soratami Ascendant", "as": "erayo", "flipped": True, "owner": "Bob"},
        {"put": "Akki Lavarunner", "as": "akki"}, {"put": "Grizzly Bears", "as": "bears"},
        {"put": "Shock", "zone": "hand", "as": "shock"},
        {"cast": "shock", "target": "Bob", "hold": True},
        {"counter": "erayo", "hold": True}, {"counter": "shock"},
        {"sacrifice": "akki"}, {"destroy": "bears"}]}
    assert listed_steps(page, site, scenario)[5:] == [
        "6. Bob's Erayo's Essence's ability is countered",       # (put flipped: 508.1b)
        "7. Alice's Shock is countered",
        "8. Alice's Akki Lavarunner is sacrificed", "9. Alice's Grizzly Bears is destroyed"]


def test_2004_508_wording_steps_given_zones_in_the_words_of_2004_are_listed_in_them(
        page: Page, site: Site) -> None:
    """A scenario may name a zone in 2004's words ("in play", "removed from the game"), as the
    model reads them; the list of steps wrote them as given: "is put into in play", "moves
    to removed from the game", "looks through their in play"."""
    scenario = {"rules": "2004", "steps": [
        {"put": "Bushi Tenderfoot", "as": "bushi", "zone": "in play"},
        {"put": "Forest", "as": "forest", "zone": "Play"},
        {"move": "bushi", "to": "removed from the game"},
        {"search": "in play", "as": "found"}]}
    assert listed_steps(page, site, scenario) == [
        "1. Alice's Bushi Tenderfoot is put into play",
        "2. Alice's Forest is put into play",
        "3. Alice's Bushi Tenderfoot moves to the removed-from-the-game zone",
        "4. Alice looks through the permanents they control"]


def test_2004_310_1_combat_damage_held_on_the_stack_is_listed_as_put_there_in_words(
        page: Page, site: Site) -> None:
    """In 2004 combat damage goes on the stack (2004 CR 310.1); held, it waits there undealt.
    Its step read "Combat damage is dealt", and the stack named it "combat_damage"."""
    scenario = {"rules": "2004", "steps": [
        {"put": "Grizzly Bears", "as": "bears"},
        {"put": "Grizzly Bears", "as": "other", "owner": "Bob"},
        {"attack": ["bears"]}, {"block": "other", "attacker": "bears"},
        {"combat_damage": True, "hold": True}]}
    open_playground(page, site.page_url(PLAYGROUND) + "#" + playground_fragment(scenario))
    steps = page.locator(".fc-pg-history .fc-pg-step")
    expect(steps.last).to_contain_text("5. Combat damage is put on the stack")
    stack = page.get_by_role("region", name="The stack (1), top first")
    expect(stack).to_contain_text("· combat damage ·")
    game_action(page, "resolve", lambda d: d.get_by_label("Resolve").select_option("top"))
    expect(page.get_by_role("region", name="The stack (1), top first")).to_have_count(0)
    scenario["steps"][-1] = {"combat_damage": True}
    paste_link(page, playground_fragment({**scenario, "rules": "current"}))
    expect(steps.last).to_contain_text("5. Combat damage is dealt")


def test_701_6a_the_source_of_an_ability_on_the_stack_offers_counter_wherever_it_is(
        page: Page, site: Site) -> None:
    """Kami of Ancient Law is sacrificed to pay for its ability: with the ability waiting, the
    Kami in the graveyard offered only Move, and the ability could not be countered from the
    board (the classic "counter the sacrificed creature's ability"). Its source offers Counter
    now, wherever it is; a permanent with nothing of it on the stack does not."""
    scenario = {"rules": "current", "steps": [
        {"put": "Kami of Ancient Law", "as": "kami"},
        {"put": "Grizzly Bears", "as": "bears", "owner": "Bob"},
        {"put": "Pacifism", "as": "pacifism", "owner": "Bob", "attached_to": "bears"},
        {"activate": "kami", "target": "pacifism", "hold": True}]}
    open_playground(page, site.page_url(PLAYGROUND) + "#" + playground_fragment(scenario))
    page.locator('.fc-pg-act[data-key="act:pacifism"]').click()
    dialog = page.locator("dialog.fc-pg-dialog")
    expect(dialog.locator('.fc-pg-verb[data-verb="destroy"]')).to_be_visible()
    expect(dialog.locator('.fc-pg-verb[data-verb="counter"]')).to_have_count(0)
    page.keyboard.press("Escape")
    expect(dialog).not_to_be_visible()
    # Its form says that without Hold the rest of the stack resolves after it.
    act(page, "kami", "counter", lambda dialog: expect(dialog).to_contain_text(
        "without it, the whole stack resolves after this step"))
    assert playground_scenario(page)["steps"][-1] == {"counter": "kami"}
    expect(page.locator(".fc-pg-log")).to_contain_text(
        "Kami of Ancient Law's ability is countered: it leaves the stack and does nothing")
    # The Pacifism stays: the ability that would have destroyed it did nothing.
    assert list(drawn_board(page)["Bob"]["permanents"]) == ["bears", "pacifism"]
    assert_drawn_as_the_model_says(page)


def test_304_4_an_instant_added_to_the_battlefield_is_refused_saying_why(
        page: Page, site: Site) -> None:
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Shock")
    expect(page.locator(".fc-pg-add-form")).to_contain_text(       # (the 2004 rules here)
        "Shock is an instant, which never comes into play (today's rule 304.4)")
    assert page.evaluate("location.hash") == ""           # no step: the board is empty
    add_card(page, "Shock", zone="hand")
    expect(page.get_by_role("list", name="Alice's hand")).to_contain_text("Shock")
    assert_drawn_as_the_model_says(page)


def test_303_4f_an_aura_added_with_nothing_to_enchant_is_refused_and_otherwise_attached(
        page: Page, site: Site) -> None:
    """Pacifism added to an empty battlefield went straight to the graveyard (the state-based
    action), which the reader had not asked for; it is refused, saying why. With a creature
    on the board and no "Attached to" chosen, it enters on the oldest one, and the log says
    that choice was made for the reader."""
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Pacifism")
    expect(page.locator(".fc-pg-add-form")).to_contain_text(
        "Pacifism is an Aura, and there is no creature it could enchant")
    assert page.evaluate("location.hash") == ""           # no step: the board is empty
    add_card(page, "Grizzly Bears")
    add_card(page, "Pacifism")
    scenario = assert_drawn_as_the_model_says(page)
    assert scenario["steps"][-1] == {"put": "Pacifism", "as": "pacifism"}
    expect(page.locator(".fc-pg-log")).to_contain_text(
        "Alice chooses Grizzly Bears for Pacifism to enchant as it enters")


def test_a_card_cast_from_a_hand_keeps_its_id_and_is_drawn_once(page: Page, site: Site) -> None:
    """Cast from its own actions, a card in a hand is cast by its id. The form offered an id
    as well, and the step gave the one card a second id: the board drew it twice."""
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Grizzly Bears", zone="hand")
    card = playground_scenario(page)["steps"][0]["as"]
    page.locator(f'.fc-pg-act[data-key="act:{card}"]').click()
    dialog = page.locator("dialog.fc-pg-dialog")
    dialog.locator('.fc-pg-verb[data-verb="cast"]').click()
    expect(dialog.get_by_label("Id (optional)")).to_have_count(0)
    dialog.get_by_role("button", name="Do it").click()
    settle(page)
    scenario = assert_drawn_as_the_model_says(page)
    assert scenario["steps"][-1] == {"cast": card}
    expect(page.locator(".fc-pg-permanent")).to_have_count(1)


def test_a_step_refused_as_it_is_added_is_said_without_its_place_in_the_list(
    page: Page, site: Site
) -> None:
    """The form that adds a step names it; the model's "step 1, put:" in front of why was a
    data path ("Add card cannot be done: step 1, put: no card named …")."""
    open_playground(page, site.page_url(PLAYGROUND))
    form = page.locator(".fc-pg-add-form")
    form.get_by_role("combobox", name="Card").fill("Kenzo the Hardharted")
    form.get_by_role("button", name="Add card").click()
    settle(page)
    expect(page.locator(".fc-pg-alert")).to_have_text(re.compile(
        r"^Add card cannot be done: no card named .Kenzo the Hardharted.; did you mean "
        r".Kenzo the Hardhearted.\?.* Nothing changed\.$"))
    expect(page.locator(".fc-pg-history .fc-pg-step")).to_have_count(1)   # the empty table


def test_wcag_3_3_3_a_misspelt_name_offers_what_it_may_have_meant_as_a_button(
    page: Page, site: Site
) -> None:
    """The model's "did you mean" was words only: the reader had to type the name again. Each
    name it offers is a button that puts it in the field and adds the card. A change to the
    field takes the offer away with the message."""
    open_playground(page, site.page_url(PLAYGROUND))
    form = page.locator(".fc-pg-add-form")
    search = form.get_by_role("combobox", name="Card")
    search.fill("Kenzo the Hardharted")
    form.get_by_role("button", name="Add card").click()
    settle(page)
    use = form.get_by_role("button", name="Use \u201cKenzo the Hardhearted\u201d")
    expect(use).to_be_visible()
    search.press("End")
    search.press("Backspace")
    expect(use).to_have_count(0)
    form.get_by_role("button", name="Add card").click()
    settle(page)
    use.click()
    settle(page)
    scenario = assert_drawn_as_the_model_says(page)
    assert scenario["steps"][-1]["put"] == "Kenzo the Hardhearted"
    expect(form.locator(".fc-pg-offers button")).to_have_count(0)
    expect(page.locator(".fc-pg-alert")).to_have_text("")


def test_wcag_4_1_3_a_refusal_is_announced_once(page: Page, site: Site) -> None:
    """A mistyped card name was put in two alerts at once, above the board and beside the
    button: a screen reader read it twice. Outside a dialog it is announced above the board
    and only shown beside the button; in a dialog (which leaves the page's alert unheard) it
    is announced beside its button."""
    open_playground(page, site.page_url(PLAYGROUND))
    form = page.locator(".fc-pg-add-form")
    form.get_by_role("combobox", name="Card").fill("Kenzo the Hardharted")
    form.get_by_role("button", name="Add card").click()
    settle(page)
    said = page.get_by_role("alert").filter(has_text="no card named")
    expect(said).to_have_count(1)
    expect(form.locator(".fc-pg-form-error")).to_contain_text("no card named")
    add_card(page, "Grizzly Bears")
    page.locator('.fc-pg-act[data-key="act:grizzly"]').click()
    dialog = page.locator("dialog.fc-pg-dialog")
    dialog.locator('.fc-pg-verb[data-verb="counters"]').click()
    dialog.get_by_label("Add (optional)").fill("1")
    dialog.get_by_label("Remove (optional)").fill("1")
    dialog.get_by_role("button", name="Do it").click()
    settle(page)
    expect(dialog.get_by_role("alert")).to_contain_text('give exactly one of "add" or "remove"')


@pytest.mark.parametrize(("typed", "found"), [
    ("erayo s", "Erayo, Soratami Ascendant"), ("kuons essence", "Kuon's Essence"),
    ("runetail", "Rune-Tail, Kitsune Ascendant"), ("homura h", "Homura, Human Ascendant")])
def test_a_card_name_typed_without_its_commas_and_apostrophes_is_found(
        page: Page, site: Site, typed: str, found: str) -> None:
    """Players type names without their punctuation: the card box listed nothing for "erayo s"
    or "kuons essence" (it forgave hyphens and curly quotes, not commas or a missing
    apostrophe), which reads as "no such card"."""
    open_playground(page, site.page_url(PLAYGROUND))
    page.locator(".fc-pg-add-form").get_by_role("combobox", name="Card").fill(typed)
    expect(page.get_by_role("option", name=found).first).to_be_visible()


def test_wcag_3_3_1_an_expectation_that_is_not_json_says_where(page: Page, site: Site) -> None:
    """An Expected check with its last brace missing was told only "must be JSON", where an
    imported file says where its JSON is wrong."""
    scenario = {"rules": "current", "steps": [{"put": "Akki Lavarunner", "as": "akki"}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    typed = '{"akki": {"flipped": false}'
    game_action(page, "expect", lambda d: d.locator("textarea").fill(typed))
    dialog = page.locator("dialog.fc-pg-dialog")
    expect(dialog.locator(".fc-pg-form-error")).to_contain_text(
        re.compile(r"must be JSON, such as .*\(.*(position|column) \d+.*\)\.$"))
    expect(dialog.locator("textarea")).to_have_value(typed)


def test_wcag_2_4_6_one_button_is_named_search_the_sites_own(page: Page, site: Site) -> None:
    """The game action that searches a zone was a second button named "Search", listed by a
    screen reader beside the site's search with nothing to tell them apart (on a phone's
    screen, where the site's search is a button)."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_playground(page, site.page_url(PLAYGROUND))
    expect(page.get_by_role("button", name="Search a zone", exact=True)).to_have_count(1)
    expect(page.get_by_role("button", name="Search", exact=True)).to_have_count(1)
    page.get_by_role("button", name="Search a zone", exact=True).click()
    expect(page.locator("dialog.fc-pg-dialog")).to_contain_text("Search a zone")


def test_122_counters_with_both_add_and_remove_marks_the_remove_field(
        page: Page, site: Site) -> None:
    """Both Add and Remove filled: the refusal named neither field, none was marked invalid,
    and focus stayed on Do it."""
    scenario = {"rules": "current", "steps": [{"put": "Grizzly Bears", "as": "bears"}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    page.locator('.fc-pg-act[data-key="act:bears"]').click()
    dialog = page.locator("dialog.fc-pg-dialog")
    dialog.locator('.fc-pg-verb[data-verb="counters"]').click()
    dialog.get_by_label("Add (optional)").fill("1")
    remove = dialog.get_by_label("Remove (optional)")
    remove.fill("1")
    dialog.get_by_role("button", name="Do it").click()
    settle(page)
    expect(remove).to_have_attribute("aria-invalid", "true")
    expect(dialog.locator(".fc-pg-form-error")).to_contain_text(
        'give exactly one of "add" or "remove"')
    expect(remove).to_have_value("1")
    assert playground_scenario(page)["steps"] == scenario["steps"]


def test_wcag_3_3_1_the_field_a_refusal_is_about_is_marked_invalid_and_described_by_it(
    page: Page, site: Site
) -> None:
    """A mistyped card name kept its box and the focus, but the box was neither marked
    invalid nor described by the message: a screen reader coming back to it heard only its
    help. Both go as soon as the reader changes the form."""
    open_playground(page, site.page_url(PLAYGROUND))
    form = page.locator(".fc-pg-add-form")
    box = form.get_by_role("combobox", name="Card")
    box.fill("Kenzo the Hardharted")
    box.press("Escape")                   # the suggestions close
    form.get_by_role("button", name="Add card").click()
    settle(page)
    expect(box).to_have_attribute("aria-invalid", "true")
    expect(box).to_have_accessible_description(re.compile(r"no card named .Kenzo the Hardharted"))
    box.press("End")
    box.type("x")
    expect(box).not_to_have_attribute("aria-invalid", "true")
    expect(box).not_to_have_accessible_description(re.compile("no card named"))
    box.fill("")
    box.press("Escape")
    form.get_by_role("button", name="Add card").click()   # refused before the model
    expect(box).to_have_attribute("aria-invalid", "true")
    expect(box).to_have_accessible_description(re.compile("Type a card's name"))


def test_wcag_3_3_1_a_field_the_model_finds_missing_or_wrong_is_marked_invalid(
        page: Page, site: Site) -> None:
    """The model's refusal of an effect with neither power nor toughness, or of an ability's
    target that is not legal, marked no field: the message named the step only. Each now
    marks the field it is about, given or missing, as the form's own checks do."""
    scenario = {"rules": "current", "steps": [
        {"put": "Initiate of Blood", "as": "initiate"},
        {"put": "Grizzly Bears", "owner": "Bob", "as": "bears"}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    game_action(page, "effect")
    dialog = page.locator("dialog.fc-pg-dialog")
    power = dialog.get_by_label("Power (optional)")
    expect(power).to_have_attribute("aria-invalid", "true")
    expect(power).to_have_accessible_description(re.compile(
        r"“Power”: effect kind 'modify_pt' \(gets \+X/\+Y\) needs power, toughness or both"))
    dialog.get_by_role("button", name="Cancel").click()
    dialog = act(page, "initiate", "activate",
                 lambda d: d.get_by_label("Target", exact=True).select_option("bears"), done=False)
    target = dialog.get_by_label("Target", exact=True)
    expect(target).to_have_attribute("aria-invalid", "true")
    expect(target).to_have_accessible_description(re.compile(
        "Grizzly Bears was not dealt damage this turn, so it is not a legal target"))
    expect(target).to_have_value("bears")


def test_509_block_with_no_attacking_creature_says_so(page: Page, site: Site) -> None:
    """Block with nobody attacking showed an empty Attacker list and "Choose a value for
    “Attacker”": nothing said no creature was attacking, or what to do first."""
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Grizzly Bears", owner="Bob")
    dialog = act(page, "grizzly", "block", done=False)
    expect(dialog.locator(".fc-pg-form-error")).to_have_text(
        "No creature is attacking: declare attackers first (“Attack” on a creature of the "
        "active player's).")
    expect(dialog.get_by_label("Attacker")).to_have_attribute("aria-invalid", "true")


def test_a_field_the_model_refuses_is_named_as_the_form_labels_it(page: Page,
                                                                  site: Site) -> None:
    """The model names a step's field as a scenario spells it ("as"); the form that refuses
    it says the label the reader filled in (“Id”)."""
    open_playground(page, site.page_url(PLAYGROUND))
    game_action(page, "next_turn", lambda dialog: dialog.get_by_label("Id (optional)").fill("x"))
    dialog = page.locator("dialog.fc-pg-dialog")
    expect(dialog.locator(".fc-pg-form-error")).to_have_text(
        "Next turn cannot be done: “Id”: names 1 object, but the step made no new ones. "
        "Nothing changed.")
    expect(dialog.get_by_label("Id (optional)")).to_have_value("x")


def test_504_next_turn_offers_the_draw_step_and_the_new_player_draws(page: Page,
                                                                     site: Site) -> None:
    """The Next turn form's “Draw step” plays the new turn's draw step: Bob draws the card
    on top of his library, the steps list says so, and the board is the model's."""
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Grizzly Bears", zone="library", owner="Bob")
    game_action(page, "next_turn", lambda dialog: dialog.get_by_label("Draw step").check())
    expect(page.locator(".fc-pg-history .fc-pg-step").last).to_contain_text(
        "Bob's turn begins with its draw step")
    scenario = assert_drawn_as_the_model_says(page)
    assert scenario["steps"][-1] == {"next_turn": True, "draw_step": True}
    expect(page.locator(".fc-pg-log")).to_contain_text("Bob draws 1 card.")


def test_a_cards_actions_say_how_it_flips_until_it_has_flipped(page: Page, site: Site) -> None:
    """A judge opening a flip card's actions reads what flips it (the sheet said only "No
    abilities other than the one that flips it"); once flipped, it is not said."""
    from flipcards import card

    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Bushi Tenderfoot")
    page.locator('.fc-pg-act[data-key="act:bushi"]').click()
    dialog = page.locator("dialog.fc-pg-dialog")
    expect(dialog.locator(".fc-pg-flip-condition")).to_have_text(
        f"How it flips: {card('Bushi Tenderfoot').flip_condition}")
    page.keyboard.press("Escape")
    expect(dialog).not_to_be_visible()
    act(page, "bushi", "flip")
    page.locator('.fc-pg-act[data-key="act:bushi"]').click()
    expect(dialog.locator(".fc-pg-sheet-heading").first).to_have_text("Kenzo the Hardhearted")
    expect(dialog.locator(".fc-pg-flip-condition")).to_have_count(0)


def test_ruling_3_a_flipped_permanent_that_copies_an_unflipped_card_is_offered_no_flip(
    page: Page, site: Site
) -> None:
    """Kenzo, flipped, becomes a copy of Akki Lavarunner (2004): it shows Akki's unflipped half
    but has flipped, and flipping again does nothing (ruling 3). Its actions said how it flips
    and offered Flip first, read from the half it shows."""
    scenario = {"rules": "2004", "steps": [
        {"put": "Bushi Tenderfoot", "flipped": True, "as": "kenzo"},
        {"put": "Akki Lavarunner", "as": "akki"},
        {"become_copy": "kenzo", "of": "akki", "until_end_of_turn": True}]}
    open_playground(page, site.page_url(PLAYGROUND) + "#" + playground_fragment(scenario))
    dialog = page.locator("dialog.fc-pg-dialog")
    for card_id, flips in (("kenzo", False), ("akki", True)):
        page.locator(f'.fc-pg-act[data-key="act:{card_id}"]').click()
        expect(dialog.locator(".fc-pg-sheet-heading").first).to_have_text("Akki Lavarunner")
        expect(dialog.locator(".fc-pg-flip-condition")).to_have_count(int(flips))
        expect(dialog.locator('.fc-pg-verb[data-verb="flip"]')).to_have_count(int(flips))
        page.keyboard.press("Escape")
        expect(dialog).not_to_be_visible()


def test_cancel_in_the_legend_rule_dialog_adds_no_step(page: Page, site: Site) -> None:
    """Closing the legend rule's question without an answer (Cancel, or Escape) used to keep
    the step with the model's own choice: it takes the step back, as Cancel does in the other
    dialogs, and nothing changes."""
    scenario = {"rules": "current", "steps": [
        {"put": "Bushi Tenderfoot", "as": "bushi", "flipped": True},
        {"put": "Bushi Tenderfoot", "as": "bushi2"}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    board = drawn_board(page)
    for close in ("button", "Escape"):
        act(page, "bushi2", "flip", done=False)
        dialog = page.get_by_role("dialog",
                                  name="Alice chooses which Kenzo the Hardhearted to keep")
        expect(dialog).to_be_visible()
        if close == "button":
            dialog.get_by_role("button", name="Cancel").click()
        else:
            page.keyboard.press("Escape")
        settle(page)
        expect(dialog).not_to_be_visible()
        assert playground_scenario(page) == scenario, close
        assert drawn_board(page) == board, close
        expect(page.locator(".fc-pg-status")).to_contain_text("Nothing changed.")
    assert_drawn_as_the_model_says(page)


def test_704_5j_a_legend_question_cancelled_after_add_card_gives_focus_back_to_it(
        page: Page, site: Site) -> None:
    """Adding a second Kenzo asks which to keep; Escape takes the step back and focus goes to
    "Add card", the button that made the step (it went to whatever button had last opened a
    dialog: "Act on Grizzly Bears")."""
    scenario = {"rules": "current", "steps": [{"put": "Grizzly Bears", "as": "bears"}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    page.locator('.fc-pg-act[data-key="act:bears"]').click()
    page.keyboard.press("Escape")
    add_card(page, "Bushi Tenderfoot", flipped=True)
    form = page.locator(".fc-pg-add-form")
    form.get_by_role("combobox", name="Card").fill("Bushi Tenderfoot")
    page.get_by_role("option", name="Bushi Tenderfoot").first.click()
    form.get_by_label("Flipped").check()
    form.get_by_role("button", name="Add card").click()
    asked = page.get_by_role("dialog", name="Alice chooses which Kenzo the Hardhearted to keep")
    expect(asked).to_be_visible()
    page.keyboard.press("Escape")
    settle(page)
    expect(asked).not_to_be_visible()
    assert len(playground_scenario(page)["steps"]) == 2
    expect(page.locator(".fc-pg-add-form").get_by_role("button", name="Add card")).to_be_focused()


def test_the_legend_rule_in_both_editions_and_the_choice_it_asks(page: Page, site: Site) -> None:
    open_playground(page, site.page_url(PLAYGROUND))
    page.get_by_role("radio", name="Today's").check()
    settle(page)
    add_card(page, "Bushi Tenderfoot", flipped=True)
    add_card(page, "Bushi Tenderfoot")
    act(page, "bushi2", "flip", done=False)
    # Today's legend rule asks Alice which Kenzo to keep.
    dialog = page.get_by_role("dialog", name="Alice chooses which Kenzo the Hardhearted to keep")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Keep Kenzo the Hardhearted (bushi)").click()
    settle(page)
    expect(dialog).not_to_be_visible()
    # Focus goes back to the board (it was left on the page's body).
    expect(page.locator("#fc-pg-board-title")).to_be_focused()
    # The status says what the step did with the choice, as for any step: it said "Done.".
    status = page.locator(".fc-pg-status")
    expect(status).to_contain_text("Bushi Tenderfoot flips: it is now Kenzo the Hardhearted.")
    expect(status).to_contain_text("legend rule")
    expect(status).to_contain_text("Kenzo the Hardhearted is put into Alice's graveyard")
    scenario = assert_drawn_as_the_model_says(page)
    assert scenario["steps"][-1] == {"flip": "bushi2", "keep": ["bushi"]}
    # The steps list says the choice made, as it says the step.
    expect(page.locator(".fc-pg-history .fc-pg-step").last).to_have_text(
        "3. Alice's Bushi Tenderfoot flips; Alice's Kenzo the Hardhearted (bushi) is kept "
        "(the legend rule)")
    board = drawn_board(page)["Alice"]
    assert list(board["permanents"]) == ["bushi"]
    assert board["others"] == {"bushi2": "Bushi Tenderfoot"}
    expect(page.locator(".fc-pg-log")).to_contain_text("legend rule")
    compare = page.get_by_role("region", name="Under the rules of 2004")
    expect(compare).to_contain_text("Kenzo the Hardhearted (bushi): in the graveyard under the "
                                    "rules of 2004 (on the battlefield here).")
    link = page.locator(".fc-pg-log").get_by_role("link", name="rule 704.5j")
    assert link.get_attribute("href") == site.page_url("then-and-now/#the-legend-rule")
    # The same situation under the rules of 2004: both go to the graveyard.
    page.get_by_role("radio", name="2004 (as quoted on this site)").check()
    settle(page)
    assert_drawn_as_the_model_says(page)
    assert drawn_board(page)["Alice"]["permanents"] == {}
    expect(page.locator(".fc-pg-log").get_by_role("link", name="ruling 4").first).to_be_visible()


def test_a_may_ability_is_asked_and_declining_is_part_of_the_situation(
    page: Page, site: Site
) -> None:
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Callow Jushi")
    act(page, "callow", "counters",
        lambda d: (d.get_by_label("Kind", exact=True).select_option("ki"),
                   d.get_by_label("Add (optional)").fill("2")))
    page.locator('.fc-pg-game-actions .fc-pg-verb[data-verb="end_step"]').click()
    page.locator("dialog").get_by_role("button", name="Do it").click()
    dialog = page.get_by_role("dialog", name="Alice may use Callow Jushi's ability")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Decline").click()
    settle(page)
    scenario = assert_drawn_as_the_model_says(page)
    assert scenario["steps"][-1] == {"end_step": True, "decline": ["callow"]}
    expect(page.locator(".fc-pg-history .fc-pg-step").last).to_have_text(
        "3. The end of turn step; declining any “may” ability of Alice's Callow Jushi")
    expect(page.locator('.fc-pg-permanent[data-id="callow"] .fc-pg-name')).to_have_text(
        "Callow Jushi")
    expect(page.locator(".fc-pg-log")).to_contain_text(
        "Alice chooses not to use Callow Jushi's ability.")


def test_603_5_next_turn_asks_the_end_step_s_may_ability_and_can_decline_it(
        page: Page, site: Site) -> None:
    """"Next turn" plays the end step first: its "may" flip was used without asking (only
    "End step" asked), so a Callow Jushi with two ki counters always flipped as the turn was
    passed. It is asked; declined, the step carries the choice and the Jushi stays."""
    scenario = {"rules": "current", "steps": [
        {"put": "Callow Jushi", "as": "callow"}, {"counters": "callow", "kind": "ki", "add": 2}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    page.locator('.fc-pg-game-actions .fc-pg-verb[data-verb="next_turn"]').click()
    page.locator("dialog").get_by_role("button", name="Do it").click()
    dialog = page.get_by_role("dialog", name="Alice may use Callow Jushi's ability")
    dialog.get_by_role("button", name="Decline").click()
    settle(page)
    expect(page.locator("dialog.fc-pg-dialog")).not_to_be_visible()
    assert playground_scenario(page)["steps"][-1] == {"next_turn": True, "decline": ["callow"]}
    assert_drawn_as_the_model_says(page)
    expect(page.locator('.fc-pg-permanent[data-id="callow"] .fc-pg-name')).to_have_text(
        "Callow Jushi")
    expect(page.locator(".fc-pg-history .fc-pg-step").last).to_contain_text(
        "declining any “may” ability of Alice's Callow Jushi")


def test_callow_jushi_and_faithful_squire_both_flip_when_use_it_is_pressed_on_each(
        page: Page, site: Site) -> None:
    """Two "may" abilities at one end step: "Use it" on the first was taken as Cancel by the
    second question ("Cancelled: the step is not added"), so two ki cards could never flip
    together, nor a spell be cast over two of them."""
    scenario = {"rules": "current", "steps": [
        {"put": "Callow Jushi", "as": "callow"}, {"counters": "callow", "kind": "ki", "add": 2},
        {"put": "Faithful Squire", "as": "squire"},
        {"counters": "squire", "kind": "ki", "add": 2}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    page.locator('.fc-pg-game-actions .fc-pg-verb[data-verb="end_step"]').click()
    page.locator("dialog").get_by_role("button", name="Do it").click()
    for name in ("Callow Jushi", "Faithful Squire"):
        dialog = page.get_by_role("dialog", name=f"Alice may use {name}'s ability")
        dialog.get_by_role("button", name="Use it").click()
    settle(page)
    expect(page.locator("dialog.fc-pg-dialog")).not_to_be_visible()
    assert playground_scenario(page)["steps"][-1] == {"end_step": True}
    assert_drawn_as_the_model_says(page)
    for card_id, flipped in (("callow", "Jaraku the Interloper"),
                             ("squire", "Kaiso, Memory of Loyalty")):
        expect(page.locator(f'.fc-pg-permanent[data-id="{card_id}"] .fc-pg-name')).to_have_text(
            flipped)


def test_704_5j_the_may_flip_is_asked_before_the_legend_rule_it_would_bring(
        page: Page, site: Site) -> None:
    """Callow Jushi may flip into a second Jaraku: the playground asked which Jaraku to keep
    first, and after "Decline" (no second Jaraku, no legend rule) the step still held the keep
    that was never chosen. The "may" comes first; declined, nothing more is asked."""
    scenario = {"rules": "current", "steps": [
        {"put": "Callow Jushi", "flipped": True, "as": "jaraku"},
        {"put": "Callow Jushi", "as": "callow"}, {"counters": "callow", "kind": "ki", "add": 2}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    page.locator('.fc-pg-game-actions .fc-pg-verb[data-verb="end_step"]').click()
    page.locator("dialog").get_by_role("button", name="Do it").click()
    dialog = page.get_by_role("dialog", name="Alice may use Callow Jushi's ability")
    dialog.get_by_role("button", name="Decline").click()
    settle(page)
    expect(page.locator("dialog.fc-pg-dialog")).not_to_be_visible()
    assert playground_scenario(page)["steps"][-1] == {"end_step": True, "decline": ["callow"]}
    assert_drawn_as_the_model_says(page)


def test_303_4_a_creature_says_which_auras_enchant_it(page: Page, site: Site) -> None:
    """Bob's Grizzly Bears under Alice's Pacifism read as a free attacker: only the Aura, on
    Alice's side of the board, said "attached to"; Kitsune Mystic's flip counts the Auras it
    wears, which its card did not show."""
    scenario = {"rules": "current", "steps": [
        {"put": "Grizzly Bears", "owner": "Bob", "as": "bears"},
        {"put": "Pacifism", "attached_to": "bears", "as": "pacifism"},
        {"put": "Kitsune Mystic", "as": "mystic"},
        {"put": "Pacifism", "attached_to": "mystic", "as": "p1"},
        {"put": "Curse of the Fire Penguin", "attached_to": "mystic", "as": "p2"}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    bears = page.get_by_role("group", name="Grizzly Bears (bears), enchanted by Pacifism "
                                           "(pacifism)")
    expect(bears.locator(".fc-pg-worn")).to_have_text("enchanted by Pacifism (pacifism)")
    mystic = page.locator('.fc-pg-permanent[data-id="mystic"]')
    expect(mystic.locator(".fc-pg-worn")).to_have_text(
        "enchanted by Pacifism (p1), Curse of the Fire Penguin (p2)")
    expect(page.locator('.fc-pg-permanent[data-id="pacifism"] .fc-pg-worn')).to_have_count(0)


def test_305_2_a_land_in_hand_is_played_once_a_turn_and_not_offered_to_cast(
        page: Page, site: Site) -> None:
    """A land in hand offered Cast (always refused) and Move; nothing played it, said "plays",
    or counted the one land a turn."""
    scenario = {"rules": "current", "steps": [
        {"put": "Forest", "zone": "hand", "as": "forest"},
        {"put": "Island", "zone": "hand", "as": "island"}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    page.locator('.fc-pg-act[data-key="act:forest"]').click()
    dialog = page.locator("dialog.fc-pg-dialog")
    expect(dialog.locator('.fc-pg-verb[data-verb="cast"]')).to_have_count(0)
    dialog.locator('.fc-pg-verb[data-verb="play_land"]').click()
    # Only its owner plays a card in a hand: no Player to choose (it offered one).
    expect(dialog.get_by_label("Player (optional)")).to_have_count(0)
    dialog.get_by_role("button", name="Do it").click()
    settle(page)
    expect(dialog).not_to_be_visible()
    assert playground_scenario(page)["steps"][-1] == {"play_land": "forest"}
    expect(page.locator(".fc-pg-history .fc-pg-step").last).to_have_text("3. Alice plays Forest")
    assert_drawn_as_the_model_says(page)
    page.locator('.fc-pg-act[data-key="act:island"]').click()
    dialog.locator('.fc-pg-verb[data-verb="play_land"]').click()
    dialog.get_by_role("button", name="Do it").click()
    settle(page)
    expect(dialog.locator(".fc-pg-form-error")).to_contain_text(
        "Alice has played a land this turn already: a player plays one land a turn (rule 305.2)")
    assert len(playground_scenario(page)["steps"]) == 3
    page.keyboard.press("Escape")
    # Cast by a land's name: the refusal names the button that plays it ("game.play_land").
    page.locator('.fc-pg-game-actions .fc-pg-verb[data-verb="cast"]').click()
    dialog.get_by_label("Card").fill("Island")
    dialog.get_by_role("button", name="Do it").click()
    expect(dialog.locator(".fc-pg-form-error")).to_contain_text(
        "a land is played, not cast, and it does not use the stack (rule 305.1); play it "
        "(“Play land”) instead")
    assert len(playground_scenario(page)["steps"]) == 3


def test_508_1a_only_a_creature_is_offered_attack_block_or_damage(page: Page, site: Site) -> None:
    """A Forest's Act dialog offered Attack, Block and Damage, each only ever refused ("only
    creatures attack"). A creature is offered them; a land is not, until it is a creature."""
    scenario = {"rules": "current", "steps": [
        {"put": "Forest", "as": "forest"}, {"put": "Grizzly Bears", "as": "bears"}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    dialog = page.locator("dialog.fc-pg-dialog")
    verbs = dialog.locator(".fc-pg-verb")
    page.locator('.fc-pg-act[data-key="act:forest"]').click()
    verbs.first.wait_for()
    offered = verbs.evaluate_all("(all) => all.map((b) => b.dataset.verb)")
    assert {"attack", "block", "damage"}.isdisjoint(offered) and "tap_for_mana" in offered
    page.keyboard.press("Escape")
    page.locator('.fc-pg-act[data-key="act:bears"]').click()
    for verb in ("attack", "block", "damage"):
        expect(dialog.locator(f'.fc-pg-verb[data-verb="{verb}"]')).to_have_count(1)
    page.keyboard.press("Escape")
    # 2004 too; and a land made a creature is offered them.
    scenario["rules"] = "2004"
    scenario["steps"][1:1] = [
        {"effect": "size", "kind": "set_pt", "affects": "forest", "power": 2, "toughness": 2},
        {"effect": "animate", "kind": "add_types", "affects": "forest", "types": ["Creature"]}]
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    page.locator('.fc-pg-act[data-key="act:forest"]').click()
    expect(dialog.locator('.fc-pg-verb[data-verb="attack"]')).to_have_count(1)
    expect(dialog.locator('.fc-pg-verb[data-verb="damage"]')).to_have_count(1)


def test_wcag_4_1_2_the_effect_form_s_colors_are_named_by_their_names(
        page: Page, site: Site) -> None:
    """A screen reader said "U, checkbox": the colors were named by their letters alone."""
    open_playground(page, site.page_url(PLAYGROUND))
    game_action_dialog = page.locator('.fc-pg-game-actions .fc-pg-verb[data-verb="effect"]')
    game_action_dialog.click()
    dialog = page.locator("dialog.fc-pg-dialog")
    dialog.get_by_label("Kind", exact=True).select_option("set_colors")  # (it asks for colors)
    group = dialog.get_by_role("group", name=re.compile("^Colors"))
    expect(group.get_by_role("checkbox")).to_have_count(5)
    for name in ("White (W)", "Blue (U)", "Black (B)", "Red (R)", "Green (G)"):
        expect(group.get_by_role("checkbox", name=name, exact=True)).to_have_count(1)


def test_613_an_effect_step_says_what_it_does_to_what(page: Page, site: Site) -> None:
    """An effect's step said only its kind: "An effect starts (add keyword)"."""
    scenario = {"rules": "current", "steps": [
        {"put": "Grizzly Bears", "as": "bears"},
        {"effect": "e1", "kind": "add_keyword", "affects": "bears", "keyword": "Flying",
         "until_end_of_turn": True},
        {"effect": "e2", "kind": "modify_pt", "affects": {"types": ["Creature"]}, "power": 1,
         "toughness": -1},
        {"effect": "e3", "kind": "set_colors", "affects": "bears", "colors": ["U", "R"]}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    steps = page.locator(".fc-pg-history .fc-pg-step")
    expect(steps.nth(2)).to_have_text(
        "2. An effect starts: Alice's Grizzly Bears gains Flying until end of turn")
    expect(steps.nth(3)).to_have_text("3. An effect starts: Creatures get +1/-1")
    expect(steps.nth(4)).to_have_text(
        "4. An effect starts: Alice's Grizzly Bears becomes blue red")
    assert_drawn_as_the_model_says(page)


def test_602_2b_an_activation_step_says_its_target_and_what_it_sacrificed(
        page: Page, site: Site) -> None:
    """The Steps list said "Bob's Nezumi Graverobber's ability is activated" for each of three
    activations (two cards exiled, one creature returned): which is which could not be told,
    where a cast step says its target."""
    scenario = {"rules": "current", "steps": [
        {"put": "Nezumi Graverobber", "owner": "Bob", "as": "rat"},
        {"put": "Shock", "zone": "graveyard", "as": "shock"},
        {"put": "Orochi Eggwatcher", "flipped": True, "as": "shidako"},
        {"put": "Grizzly Bears", "as": "bears"}, {"put": "Runeclaw Bear", "as": "claw"},
        {"next_turn": True},
        {"activate": "rat", "target": "shock"},
        {"next_turn": True},
        {"activate": "shidako", "sacrifice": "claw", "target": "bears"}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    steps = page.locator(".fc-pg-history .fc-pg-step")
    expect(steps.nth(7)).to_have_text(
        "7. Bob's Nezumi Graverobber's ability is activated targeting Alice's Shock")
    expect(steps.nth(9)).to_have_text(
        "9. Alice's Shidako, Broodmistress's ability is activated targeting "
        "Alice's Grizzly Bears, "
        "sacrificing Alice's Runeclaw Bear")
    assert_drawn_as_the_model_says(page)


def test_nezumi_graverobber_s_target_list_says_whose_graveyard_each_card_is_in(
        page: Page, site: Site) -> None:
    """Both graveyards' cards read "— graveyard": which one was Bob's (the Graverobber's
    target) could not be told from Alice's own (which the model refuses)."""
    scenario = {"rules": "current", "steps": [
        {"put": "Nezumi Graverobber", "as": "rat"},
        {"put": "Grizzly Bears", "zone": "graveyard", "as": "mine"},
        {"put": "Grizzly Bears", "zone": "graveyard", "owner": "Bob", "as": "bears"}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    page.locator('.fc-pg-act[data-key="act:rat"]').click()
    dialog = page.locator("dialog.fc-pg-dialog")
    dialog.locator('.fc-pg-verb[data-verb="activate"]').click()
    options = dialog.get_by_label("Target", exact=True).locator("option").all_text_contents()
    assert [option for option in options if "Grizzly" in option] == [
        "Grizzly Bears (mine) — Alice's graveyard", "Grizzly Bears (bears) — Bob's graveyard"]


def test_nezumi_graverobber_targets_a_card_in_a_graveyard_from_the_form_and_flips(
        page: Page, site: Site) -> None:
    """Its ability targets a card in an opponent's graveyard: the Target list offered only
    players and permanents, so the card could not earn its flip by the form."""
    scenario = {"rules": "current", "steps": [
        {"put": "Nezumi Graverobber", "as": "rat"},
        {"put": "Grizzly Bears", "zone": "graveyard", "owner": "Bob", "as": "bears"}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    act(page, "rat", "activate",
        lambda d: d.get_by_label("Target", exact=True).select_option("bears"))
    assert playground_scenario(page)["steps"][-1] == {"activate": "rat", "target": "bears"}
    assert_drawn_as_the_model_says(page)
    expect(page.locator('.fc-pg-permanent[data-id="rat"] .fc-pg-name')).to_have_text(
        "Nighteyes the Desecrator")


def test_503_a_held_upkeep_goes_on_waiting_when_a_card_or_mana_is_added(
        page: Page, site: Site) -> None:
    """Next turn with Hold leaves Bob's upkeep waiting; adding a card or mana ended it (the
    board went to the main phase, the mana emptied, a land could be played): Hold was
    ticked for them only when the stack held something. A held upkeep waits as the stack
    does."""
    scenario = {"rules": "current", "steps": [{"next_turn": True, "hold": True}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    turn = page.locator(".fc-pg-turn")
    expect(turn).to_contain_text("Bob's turn · upkeep")
    expect(page.locator("#fc-pg-add-hint")).to_contain_text("The upkeep goes on waiting")
    add_card(page, "Island", zone="hand", owner="Bob")
    assert playground_scenario(page)["steps"][-1]["hold"] is True
    expect(turn).to_contain_text("Bob's turn · upkeep")
    game_action(page, "add_mana", lambda d: (
        d.get_by_label("Player", exact=True).select_option("Bob"),
        d.get_by_label("Mana", exact=True).fill("{G}")))
    assert playground_scenario(page)["steps"][-1] == {"add_mana": "Bob", "mana": "{G}",
                                                      "hold": True}
    expect(turn).to_contain_text("Bob's turn · upkeep")
    assert_drawn_as_the_model_says(page)


@pytest.mark.parametrize(("rules", "offered", "not_offered"), [
    ("2004", ["Creature", "Sorcery"], ["Battle", "Kindred", "Planeswalker", "Tribal"]),
    ("current", ["Battle", "Kindred", "Planeswalker"], ["Tribal"])])
def test_205_2a_a_search_offers_the_card_types_of_the_game_s_rules(
        page: Page, site: Site, rules: str, offered: list[str], not_offered: list[str]) -> None:
    """Search a zone's "For" offered every type in both editions: Kindred and Tribal (one
    type under its two names) today, and four types that did not exist in 2004."""
    open_playground(page, f"{site.page_url(PLAYGROUND)}#"
                          f"{playground_fragment({'rules': rules, 'steps': []})}")
    page.locator('.fc-pg-game-actions .fc-pg-verb[data-verb="search"]').click()
    dialog = page.locator("dialog.fc-pg-dialog")
    for kind in offered:
        expect(dialog.get_by_role("checkbox", name=kind, exact=True)).to_have_count(1)
    for kind in not_offered:
        expect(dialog.get_by_role("checkbox", name=kind, exact=True)).to_have_count(0)


def test_the_stack_when_a_step_holds_priority(page: Page, site: Site) -> None:
    scenario = {"rules": "current", "steps": [
        {"put": "Callow Jushi", "as": "jushi"}, {"counters": "jushi", "kind": "ki", "add": 2}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    game_action(page, "end_step", lambda d: d.get_by_label("Hold", exact=True).check())
    stack = page.get_by_role("region", name="The stack (1), top first")
    expect(stack).to_contain_text("Callow Jushi (jushi)")
    expect(page.locator(".fc-pg-turn")).to_contain_text("Alice's turn · end step")
    assert playground_scenario(page)["steps"][-1] == {"end_step": True, "hold": True}
    assert_drawn_as_the_model_says(page)
    # Adding a card sets the table up: what waits on the stack goes on waiting (the step
    # resolved the whole stack, and the held ability flipped the card).
    expect(page.locator("#fc-pg-add-hint")).to_contain_text(
        "What waits on the stack goes on waiting")
    add_card(page, "Grizzly Bears", zone="hand")
    assert playground_scenario(page)["steps"][-1]["hold"] is True
    expect(stack).to_contain_text("Callow Jushi (jushi)")
    # So does mana added (a mana ability uses no stack, 605.3a): a player adds mana to answer.
    game_action(page, "add_mana", lambda d: (
        d.get_by_label("Player", exact=True).select_option("Alice"),
        d.get_by_label("Mana", exact=True).fill("{W}")))
    assert playground_scenario(page)["steps"][-1] == {"add_mana": "Alice", "mana": "{W}",
                                                      "hold": True}
    expect(stack).to_contain_text("Callow Jushi (jushi)")
    expect(page.locator('.fc-pg-permanent[data-id="jushi"] .fc-pg-name')).to_have_text(
        "Callow Jushi")
    game_action(page, "resolve", lambda d: d.get_by_label("Resolve").select_option("top"))
    expect(stack).to_have_count(0)
    expect(page.locator('.fc-pg-permanent[data-id="jushi"] .fc-pg-name')).to_have_text(
        "Jaraku the Interloper")
    assert_drawn_as_the_model_says(page)


def test_resolve_with_nothing_on_the_stack_says_so_and_adds_no_step(page: Page, site: Site) -> None:
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Bushi Tenderfoot")
    before = playground_scenario(page)
    page.locator('.fc-pg-game-actions .fc-pg-verb[data-verb="resolve"]').click()
    dialog = page.locator("dialog.fc-pg-dialog")
    dialog.get_by_role("button", name="Do it").click()
    settle(page)
    message = "Resolve cannot be done: the stack is empty. Nothing changed."
    expect(page.locator(".fc-pg-alert")).to_have_text(message)
    expect(dialog.locator(".fc-pg-form-error")).to_have_text(message)
    assert playground_scenario(page) == before
    expect(page.get_by_role("button", name="Undo (1 step)")).to_be_visible()


def test_500_2_resolve_with_the_stack_empty_ends_an_upkeep_that_held_priority(
        page: Page, site: Site) -> None:
    """Bob's turn began holding priority, with its draw step to come: Resolve with the stack
    empty is every player passing, so it is taken (not refused as "nothing to resolve"): the
    upkeep ends, Bob draws in his draw step, and his main phase begins."""
    scenario = {"rules": "current", "steps": [
        {"put": "Grizzly Bears", "as": "bears", "zone": "library", "owner": "Bob"},
        {"next_turn": True, "draw_step": True, "hold": True}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    turn = page.locator(".fc-pg-turn")
    expect(turn).to_contain_text("Bob's turn · upkeep")
    game_action(page, "resolve")
    expect(turn).to_contain_text("Bob's turn · main phase")
    expect(page.locator(".fc-pg-log li").nth(-3)).to_have_text(
        "The stack is empty; nothing resolves, and the upkeep ends.")
    expect(page.locator(".fc-pg-log li").last).to_have_text("Bob draws 1 card.")
    expect(page.locator(".fc-pg-alert")).not_to_contain_text("cannot be done")
    assert playground_scenario(page)["steps"][-1] == {"resolve": "top"}
    assert_drawn_as_the_model_says(page)


def test_701_26_a_cards_actions_offer_only_what_it_can_do(page: Page, site: Site) -> None:
    """A creature's actions offered "Attach" and "Tap for mana", which were always refused
    ("Grizzly Bears is not an Aura"), and a tapped permanent's offered Tap again."""
    scenario = {"rules": "current", "steps": [
        {"put": "Grizzly Bears", "as": "bears"}, {"put": "Forest", "as": "forest"},
        {"put": "Kitsune Mystic", "as": "mystic", "owner": "Bob"},
        {"put": "Pacifism", "as": "pacifism", "attached_to": "mystic"}]}
    open_playground(page, site.page_url(PLAYGROUND) + "#" + playground_fragment(scenario))
    dialog = page.locator("dialog.fc-pg-dialog")

    def offered(card_id: str) -> set[str]:
        page.locator(f'.fc-pg-act[data-key="act:{card_id}"]').click()
        verbs = set(dialog.locator(".fc-pg-verb").evaluate_all(
            "buttons => buttons.map(b => b.dataset.verb)"))
        page.keyboard.press("Escape")
        expect(dialog).not_to_be_visible()
        return verbs

    bears = offered("bears")
    assert "tap" in bears and not {"attach", "tap_for_mana", "untap"} & bears
    assert {"tap_for_mana", "tap"} <= offered("forest")
    assert "attach" in offered("pacifism")
    act(page, "forest", "tap_for_mana")
    forest = offered("forest")
    assert "untap" in forest and not {"tap", "tap_for_mana"} & forest


def test_613_the_effect_form_speaks_as_a_card_does_and_offers_the_rules_own_types(
        page: Page, site: Site) -> None:
    """The Effect form offered the model's names (modify_pt), failed on its default kind,
    and offered Kindred, Tribal and Battle under the rules of 2004, and the supertypes snow
    (2006) and ongoing (2010)."""
    open_playground(page, site.page_url(PLAYGROUND))              # the rules of 2004

    def effect_form() -> Locator:
        page.locator('.fc-pg-game-actions .fc-pg-verb[data-verb="effect"]').click()
        return page.locator("dialog.fc-pg-dialog")

    def types_offered(dialog: Locator) -> list[str]:
        return dialog.locator(".fc-pg-checks input[type=checkbox]").evaluate_all(
            "boxes => boxes.map(box => box.value)")

    dialog = effect_form()
    expect(dialog.get_by_label("Kind").locator("option:checked")).to_have_text("gets +X/+Y")
    expect(dialog).not_to_contain_text("_pt")
    offered = types_offered(dialog)
    assert "Creature" in offered and not {"Kindred", "Tribal", "Battle"} & set(offered)
    assert "Legendary" in offered and not {"Snow", "Ongoing"} & set(offered)
    page.keyboard.press("Escape")
    expect(dialog).not_to_be_visible()
    page.get_by_role("radio", name="Today's").check()
    settle(page)
    offered = types_offered(effect_form())
    assert "Kindred" in offered and "Tribal" not in offered and "Ongoing" in offered


def test_an_effect_started_from_a_card_applies_to_that_card(page: Page, site: Site) -> None:
    scenario = {"rules": "2004", "steps": [{"put": "Akki Lavarunner", "as": "akki"}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    act(page, "akki", "effect", lambda d: (
        d.get_by_label("Kind", exact=True).select_option("set_pt"),
        d.get_by_label("Power (optional)").fill("5"),
        d.get_by_label("Toughness (optional)").fill("4")))
    assert playground_scenario(page)["steps"][-1] == {
        "effect": "effect", "kind": "set_pt", "affects": "akki", "power": 5, "toughness": 4}
    assert_drawn_as_the_model_says(page)
    pt = page.locator('.fc-pg-permanent[data-id="akki"] .fc-pg-pt')
    expect(pt).to_have_text("5/4")
    pt.hover()
    tip = page.get_by_role("tooltip").first
    expect(tip).to_have_text(
        "Printed on Akki Lavarunner: 1/1Effect 'effect': base power and toughness 5/4Now: 5/4")
    # The pointer moved onto the tip to read it keeps it open (WCAG 1.4.13); it closed as the
    # pointer crossed the gap between them.
    box = pt.bounding_box()
    tip_box = tip.bounding_box()
    assert box is not None and tip_box is not None and tip_box["y"] >= box["y"] + box["height"]
    page.mouse.move(box["x"] + 4, box["y"] + box["height"] + 2)
    page.mouse.move(tip_box["x"] + 4, tip_box["y"] + tip_box["height"] / 2)
    expect(tip).to_be_visible()


def test_613_the_effect_form_asks_only_what_its_kind_takes(page: Page, site: Site) -> None:
    """The Effect form showed Power, Toughness, the types and the colors for "gains a keyword",
    and with a permanent chosen under Affects, what was ticked in the filter beside it was
    silently ignored. It asks what the kind takes, sends nothing of a field it hid, and shows
    the filter only when it is used."""
    scenario = {"rules": "2004", "steps": [{"put": "Akki Lavarunner", "as": "akki"},
                                           {"put": "Grizzly Bears", "as": "bears"}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    page.locator('.fc-pg-game-actions .fc-pg-verb[data-verb="effect"]').click()
    dialog = page.locator("dialog.fc-pg-dialog")
    power = dialog.get_by_label("Power (optional)")
    keyword = dialog.get_by_label("Keyword (optional)")
    expect(power).to_be_visible()                               # gets +X/+Y
    expect(keyword).to_be_hidden()
    power.fill("2")
    dialog.get_by_label("Kind", exact=True).select_option("add_keyword")
    expect(power).to_be_hidden()
    expect(dialog.get_by_role("group", name="Colors (optional)")).to_be_hidden()
    expect(keyword).to_be_visible()
    keyword.fill("Flying")
    # A permanent chosen: no filter beside it; every permanent that matches: the filter.
    affects = dialog.get_by_label("Permanent", exact=True)
    affects.select_option("bears")
    expect(dialog.locator(".fc-pg-filter")).to_be_hidden()
    affects.select_option("")
    expect(dialog.locator(".fc-pg-filter")).to_be_visible()
    affects.select_option("bears")
    dialog.get_by_role("button", name="Do it").click()
    settle(page)
    assert playground_scenario(page)["steps"][-1] == {
        "effect": "effect", "kind": "add_keyword", "affects": "bears", "keyword": "Flying"}
    assert_drawn_as_the_model_says(page)


def test_603_5_decline_offers_only_the_permanents_with_a_may_ability(page: Page,
                                                                      site: Site) -> None:
    """Casting Giant Growth asked first "Decline (optional)" with every permanent in it,
    Grizzly Bears too, which has no ability at all: a player read it as a choice to make. It
    lists the permanents with a "may" ability, and is not there when none has one."""
    steps: list[dict[str, Any]] = [
        {"put": "Bushi Tenderfoot", "as": "bushi"}, {"put": "Grizzly Bears", "as": "bears"},
        {"put": "Giant Growth", "zone": "hand", "as": "growth"}]
    for extra, offered in (([], []), ([{"put": "Callow Jushi", "as": "jushi"}], ["jushi"])):
        link = playground_fragment({"rules": "2004", "steps": [*steps, *extra]})
        open_playground(page, f"{site.page_url(PLAYGROUND)}#{link}")
        page.locator('.fc-pg-act[data-key="act:growth"]').click()
        dialog = page.locator("dialog.fc-pg-dialog")
        dialog.locator('.fc-pg-verb[data-verb="cast"]').click()
        expect(dialog.get_by_role("button", name="Do it")).to_be_visible()
        decline = dialog.get_by_role("group", name=re.compile("^Decline"))
        if not offered:
            expect(decline).to_have_count(0)
        else:
            expect(decline.get_by_role("checkbox")).to_have_count(len(offered))
            assert decline.get_by_role("checkbox").evaluate_all(
                "boxes => boxes.map(box => box.value)") == offered
        page.keyboard.press("Escape")
        expect(dialog).not_to_be_visible()


def test_undo_and_redo_every_step(page: Page, site: Site) -> None:
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Akki Lavarunner")
    act(page, "akki", "flip")
    act(page, "akki", "tap")
    states = [playground_scenario(page)]
    listed = page.locator('.fc-pg-step[data-step="3"]').get_attribute("data-words") or ""
    undo = page.get_by_role("button", name="Undo (3 steps)")
    undo.click()
    settle(page)
    assert len(playground_scenario(page)["steps"]) == 2
    assert_drawn_as_the_model_says(page)
    # Said as the steps list said it ("Undone: tap akki." before).
    expect(page.locator(".fc-pg-status")).to_have_text(
        f"Undone: {listed.removeprefix('3. ')}.")
    assert listed.startswith("3. ") and "akki" not in listed
    # The keyboard's undo works from the choice of the rules too (it was taken as typing).
    page.get_by_role("radio", name="2004 (as quoted on this site)").focus()
    page.keyboard.press("Control+z")
    settle(page)
    assert [s for s in playground_scenario(page)["steps"]] == [
        {"put": "Akki Lavarunner", "as": "akki"}]
    assert drawn_board(page)["Alice"]["permanents"]["akki"]["name"] == "Akki Lavarunner"
    page.get_by_role("button", name="Redo (2 steps)").click()
    settle(page)
    page.keyboard.press("Control+Shift+z")
    settle(page)
    assert playground_scenario(page) == states[0]
    assert_drawn_as_the_model_says(page)
    expect(page.get_by_role("button", name="Redo")).to_be_disabled()


def test_a_step_added_after_going_back_takes_the_later_steps_place_until_undone(
        page: Page, site: Site) -> None:
    """Back at step 1 of 3 ("Redo brings them back"), a card added threw the two later steps
    away without a word, and neither Undo nor Redo brought them back. The status says the new
    step takes their place, and Undo of it brings them back to Redo."""
    scenario = {"rules": "current", "steps": [
        {"put": "Akki Lavarunner", "as": "akki"}, {"flip": "akki"}, {"tap": "akki"}]}
    open_playground(page, site.page_url(PLAYGROUND) + "#" + playground_fragment(scenario))
    first = page.locator('.fc-pg-step[data-step="1"]')
    # Its name says what a click does: the board goes back, the later steps wait in Redo
    # (which its name does not say: "Redo" finds one button).
    expect(first).to_have_accessible_name(re.compile(
        r": go back to the board as it was then \(the later steps can be brought back\)$"))
    expect(page.get_by_role("button", name="Redo")).to_have_count(1)
    first.click()
    settle(page)
    status = page.locator(".fc-pg-status")
    expect(status).to_contain_text("a step added now takes their place")
    add_card(page, "Grizzly Bears")
    expect(status).to_contain_text(
        "It takes the place of the 2 later steps Redo held: Undo, then Redo, brings them back.")
    for button in ("Undo (2 steps)", "Redo (2 steps)", "Redo (1 step)"):
        if button.startswith("Redo (2"):
            expect(status).to_contain_text("Redo brings back the 2 steps it had taken the place")
        page.get_by_role("button", name=button).click()
        settle(page)
    assert playground_scenario(page) == scenario
    assert_drawn_as_the_model_says(page)


def test_a_reload_keeps_what_redo_brings_back(page: Page, site: Site) -> None:
    """The address keeps the steps over a reload; Redo's steps are kept with it (the page
    said "Redo brings them back"), and only for that situation in that tab."""
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Akki Lavarunner")
    act(page, "akki", "flip")
    act(page, "akki", "tap")
    whole = playground_scenario(page)
    page.get_by_role("button", name="Undo (3 steps)").click()
    settle(page)
    page.get_by_role("button", name="Undo (2 steps)").click()
    settle(page)
    page.reload()
    wait_playground(page)
    assert playground_scenario(page)["steps"] == whole["steps"][:1]
    page.get_by_role("button", name="Redo (2 steps)").click()
    settle(page)
    page.get_by_role("button", name="Redo (1 step)").click()
    settle(page)
    assert playground_scenario(page) == whole
    assert_drawn_as_the_model_says(page)
    expect(page.get_by_role("button", name="Redo")).to_be_disabled()
    # Another tab opening the same situation's link has nothing to redo.
    page.get_by_role("button", name="Undo (3 steps)").click()
    settle(page)
    other = page.context.new_page()
    open_playground(other, page.url)
    assert playground_scenario(other)["steps"] == whole["steps"][:2]
    expect(other.get_by_role("button", name="Redo")).to_be_disabled()
    other.close()
    # A new step clears Redo, and a reload then has nothing to bring back.
    add_card(page, "Forest")
    page.reload()
    wait_playground(page)
    expect(page.get_by_role("button", name="Redo")).to_be_disabled()


# --- share, files, Python -----------------------------------------------------------------


def shared_link(page: Page, site: Site) -> str:
    """Share link's link, checked: the playground at the site's address (site_url), carrying
    the situation shown."""
    page.get_by_role("button", name="Share link").click()
    expect(page.locator(".fc-pg-status")).to_have_text("Link copied")
    link: str = page.evaluate("navigator.clipboard.readText()")
    url, _, fragment = link.partition("#")
    assert url == site.page_url(PLAYGROUND)
    assert fragment_scenario(fragment) == playground_scenario(page)
    return link


def test_share_link_rebuilds_the_same_board(page: Page, site: Site, fresh_page: Page,
                                            traffic: Traffic) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url[:-1])
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Kitsune Mystic")
    add_card(page, "Pacifism", attached_to="kitsune")
    act(page, "kitsune", "counters", lambda d: d.get_by_label("Add (optional)").fill("1"))
    link = shared_link(page, site)
    open_playground(fresh_page, link)
    assert drawn_board(fresh_page) == drawn_board(page)
    assert fresh_page.locator(".fc-pg-log").text_content() == page.locator(
        ".fc-pg-log").text_content()
    assert traffic.errors == []


def test_share_link_uses_the_sites_canonical_address(page: Page, site: Site) -> None:
    local = site.url.replace("127.0.0.1", "localhost")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=local[:-1])
    open_playground(page, local + PLAYGROUND)
    assert page.url.startswith("http://localhost:")
    add_card(page, "Kitsune Mystic")
    shared_link(page, site)


def test_show_as_python_runs_natively_to_the_same_state(page: Page, site: Site) -> None:
    open_playground(page, site.page_url(PLAYGROUND))
    page.get_by_role("radio", name="Today's").check()
    settle(page)
    add_card(page, "Bushi Tenderfoot")
    add_card(page, "Grizzly Bears", owner="Bob")
    game_action(page, "effect", lambda d: (
        d.get_by_label("Kind", exact=True).select_option("modify_pt"),
        d.get_by_label("Permanent", exact=True).select_option(""),   # the filter's
        d.get_by_role("group", name="Affects").get_by_label("Legendary").check(),
        d.get_by_role("group", name="Affects").get_by_label("Creature", exact=True).check(),
        d.get_by_label("Power (optional)").fill("2"),
        d.get_by_label("Toughness (optional)").fill("2")))
    act(page, "bushi", "deal_damage", lambda d: (d.get_by_label("To").select_option("grizzly"),
                                                  d.get_by_label("Amount").fill("2")))
    scenario = assert_drawn_as_the_model_says(page)
    assert drawn_board(page)["Alice"]["permanents"]["bushi"] == {
        "name": "Kenzo the Hardhearted", "pt": "5/6", "turned": True, "tapped": False}
    page.get_by_role("button", name="Show as Python").click()
    code = page.get_by_label("The situation as Python").text_content() or ""
    namespace: dict[str, Any] = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code, "<show-as-python>", "exec"), namespace)
    game: Game = namespace["game"]
    from flipcards import run_scenario

    out = run_scenario(scenario)
    assert game.log == out["log"]
    ids = {namespace[oid]: oid for oid in out["objects"]}
    for obj, oid in ids.items():
        assert serialise(game, obj, ids) == out["objects"][oid]
    assert page.get_by_role("button", name="Show as Python").get_attribute(
        "aria-expanded") == "true"


def test_export_and_import_json(page: Page, site: Site, tmp_path: Path) -> None:
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Orochi Eggwatcher")
    with page.expect_download() as info:
        page.get_by_role("button", name="Export JSON").click()
    exported = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert exported == playground_scenario(page)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"rules": "2004", "steps": [{"flip": "nobody"}]}))
    page.locator(".fc-pg-import-input").set_input_files(bad)
    expect(page.locator(".fc-pg-alert")).to_have_text(
        'bad.json cannot be opened: step 1, flip: no object "nobody"; no object has been '
        'given an id yet (use "as" on a put step). Nothing changed.')
    assert playground_scenario(page) == exported  # nothing lost
    good = tmp_path / "good.json"
    scenario = {"rules": "current", "steps": [{"put": "Homura, Human Ascendant", "as": "homura",
                                               "flipped": True}]}
    good.write_text(json.dumps(scenario))
    page.locator(".fc-pg-import-input").set_input_files(good)
    expect(page.locator(".fc-pg-status, [role=status]").first).to_contain_text(
        "Opened good.json", timeout=30_000)
    settle(page)
    assert playground_scenario(page) == scenario
    assert_drawn_as_the_model_says(page)
    # The file replaced a board: the reader can have it back, whole, at one press.
    expect(page.locator(".fc-pg-status")).to_contain_text(
        "It replaced a board of 1 step: “Put back the earlier board” brings it back.")
    put_back = page.get_by_role("button", name="Put back the earlier board")
    put_back.click()
    expect(page.locator(".fc-pg-status")).to_have_text("The earlier board is back: 1 step.")
    settle(page)                  # (the address follows the board once it is drawn)
    assert playground_scenario(page) == exported
    expect(put_back).to_be_hidden()
    assert_drawn_as_the_model_says(page)
    # A file opened on an empty board replaced nothing: nothing is offered.
    page.get_by_role("button", name="Start over").click()
    page.locator(".fc-pg-import-input").set_input_files(good)
    expect(page.locator(".fc-pg-status")).to_have_text("Opened good.json: 1 step.")
    expect(put_back).to_be_hidden()


def test_a_second_file_over_an_untouched_first_puts_back_the_board_built_by_hand(
        page: Page, site: Site, tmp_path: Path) -> None:
    """A file opened over a board, then another file over the first (a wrong file, then the
    right one): "Put back the earlier board" brought back the first file's board, and the
    board built by hand was gone for good. It brings back the board built by hand."""
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Orochi Eggwatcher")
    add_card(page, "Kitsune Mystic", owner="Bob")
    built = playground_scenario(page)
    for name, card in (("wrong.json", "Grizzly Bears"), ("right.json", "Runeclaw Bear")):
        path = tmp_path / name
        path.write_text(json.dumps({"rules": "current", "steps": [{"put": card, "as": "x"}]}))
        page.locator(".fc-pg-import-input").set_input_files(path)
        expect(page.locator(".fc-pg-status")).to_contain_text(f"Opened {name}")
        settle(page)
    expect(page.locator(".fc-pg-status")).to_contain_text(
        "“Put back the earlier board” brings back the board of 2 steps")
    page.get_by_role("button", name="Put back the earlier board").click()
    expect(page.locator(".fc-pg-status")).to_have_text("The earlier board is back: 2 steps.")
    settle(page)
    assert playground_scenario(page) == built
    assert_drawn_as_the_model_says(page)


def test_704_5j_switching_the_rules_opens_the_steps_the_other_rules_can_take(
        page: Page, site: Site) -> None:
    """Today Alice keeps the newer of her two Kenzos and taps it; under the 2004 legend rule
    both go, so the tap cannot be taken. Switching to 2004 was refused as a whole, and the
    difference the page shows side by side could not be seen. The steps before it open under
    2004, the note says which step was left out, and the board switched from is one click
    away."""
    scenario = {"rules": "current", "steps": [
        {"put": "Bushi Tenderfoot", "flipped": True, "as": "k1"},
        {"put": "Bushi Tenderfoot", "flipped": True, "as": "k2"},
        {"tap": "k2"}]}
    open_playground(page, site.page_url(PLAYGROUND) + "#" + playground_fragment(scenario))
    # Two cards of one name: the steps tell them apart by their ids.
    expect(page.locator(".fc-pg-history .fc-pg-step")).to_have_text([
        "Start: an empty table",
        "1. Alice's Bushi Tenderfoot (k1) is put onto the battlefield, flipped: Kenzo the "
        "Hardhearted", "2. Alice's Bushi Tenderfoot (k2) is put onto the battlefield, flipped: "
        "Kenzo the Hardhearted", "3. Alice's Kenzo the Hardhearted (k2) is tapped"])
    page.get_by_role("radio", name="2004 (as quoted on this site)").check()
    settle(page)
    expect(page.locator(".fc-pg-alert")).to_contain_text(
        "Under the 2004 rules, the situation's step 3 cannot be taken")
    expect(page.locator(".fc-pg-alert")).to_contain_text("that step was left out")
    assert playground_scenario(page) == {"rules": "2004", "steps": scenario["steps"][:2]}
    assert_drawn_as_the_model_says(page)
    assert drawn_board(page)["Alice"]["permanents"] == {}      # both Kenzos went (2004)
    page.get_by_role("button", name="Put back the earlier board").click()
    settle(page)
    assert playground_scenario(page) == scenario
    expect(page.get_by_role("radio", name="Today's")).to_be_checked()


def test_wcag_4_1_3_what_the_other_rules_would_show_differently_is_said(
        page: Page, site: Site) -> None:
    """Two Kenzos under the rules of 2004: the status said only that both go; that today's
    rules would keep one, the point of the side-by-side box, was not said (no live region)."""
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Kenzo the Hardhearted")
    status = page.locator(".fc-pg-status")
    expect(status).not_to_contain_text("it would differ")
    add_card(page, "Kenzo the Hardhearted")
    expect(status).to_contain_text("Under today's rules, it would differ: ")
    expect(status).to_contain_text(page.locator(".fc-pg-compare li").first.inner_text())


def test_wcag_4_1_3_switching_the_rules_says_so(page: Page, site: Site) -> None:
    """The status said whatever of the log played again under the other rules lay past the
    old log's length ("Kenzo the Hardhearted is put into Alice's graveyard…", or "Done."),
    never that the rules had changed."""
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Kenzo the Hardhearted")
    add_card(page, "Kenzo the Hardhearted")
    status = page.locator(".fc-pg-status")
    page.get_by_role("radio", name="Today's").check()
    expect(status).to_have_text(re.compile(
        r"^Now under today's rules: 2 steps played again\. Under the rules of 2004, it would "
        r"differ: Kenzo the Hardhearted \(kenzo2\): in the graveyard under the rules of 2004"))


# --- opening from the site ----------------------------------------------------------------


def test_every_card_and_plain_example_opens_in_the_playground(page: Page, site: Site) -> None:
    cards = site.html("cards/")
    assert cards.count('class="fc-open-playground"') >= 21
    page.goto(site.page_url("cards/"))
    first = page.get_by_role("link", name="Open Akki Lavarunner in the playground")
    first.click()
    wait_playground(page)
    assert page.url.startswith(site.page_url(PLAYGROUND) + "#pg1=")
    assert_drawn_as_the_model_says(page)
    assert drawn_board(page)["Alice"]["permanents"]["akki"]["name"] == "Tok-Tok, Volcano Born"
    # An example of Rule 508 that is a plain sequence of model calls.
    page.goto(site.page_url("rule-508/"))
    link = page.locator(".fc-example .fc-open-playground a").first
    example = link.locator("xpath=ancestor::div[contains(@class,'fc-example')]")
    number = (example.get_attribute("id") or "").removeprefix("example-")
    assert link.get_attribute("aria-label") == f"Open example {number} in the playground"
    # Inset as the toolbar's buttons are, not against the example's border.
    inset = link.evaluate("""(a) => a.getBoundingClientRect().left
        - a.closest(".fc-example").getBoundingClientRect().left""")
    run_inset = example.locator(".fc-run").evaluate("""(b) => b.getBoundingClientRect().left
        - b.closest(".fc-example").getBoundingClientRect().left""")
    assert inset >= 8 and abs(inset - run_inset) <= 2, (inset, run_inset)
    link.click()
    wait_playground(page)
    scenario = assert_drawn_as_the_model_says(page)
    assert scenario["rules"] == "2004" and scenario["steps"]


def test_open_in_the_playground_under_changed_code_says_it_opens_the_original(
    page: Page, site: Site
) -> None:
    """An example's "Open in the playground" opens the situation of its code as built. Under an
    edit, or code from a share link, it still read "Open in the playground", as if it opened the
    code shown: it says it opens the original, until Reset brings the original back."""
    rule_508 = site.page_url("rule-508/")
    open_page(page, rule_508)
    example = page.locator('[id="example-508-1"]')
    link = example.locator(".fc-open-playground a")
    href = link.get_attribute("href")
    as_built = ("Open in the playground", "Open example 508-1 in the playground")
    changed = ("Open the original example in the playground",
               "Open the original example 508-1 in the playground")

    def says(words: tuple[str, str]) -> None:
        expect(link).to_have_text(words[0])
        expect(link).to_have_attribute("aria-label", words[1])
        assert link.get_attribute("href") == href

    says(as_built)
    edit(example, 'print("my own code")')
    says(changed)
    example.locator(".fc-reset").click()
    says(as_built)
    example.locator(".fc-undo").click()
    says(changed)
    example.locator(".fc-reset").click()
    page.goto(f"{rule_508}#{share_fragment('508-1', 'print(1)')}")
    says(changed)
    page.reload()
    wait_taken_over(page)
    says(changed)        # the link's code, kept for the tab
    example.locator(".fc-reset").click()
    says(as_built)


# --- when Python stops -----------------------------------------------------------------------

#: What the playground says when its Python stopped before it answered.
STOPPED = "Python stopped unexpectedly; the situation is kept — try again."

#: Code for the playground's Python (worker-client.mjs's `call`): it answers after a second of
#: work, and right after, an error that nothing in its worker catches makes the page end that
#: worker. The call queued behind it in that second is sent to a worker about to end.
STOP_PYTHON = """\
import time
from pyodide.ffi import create_once_callable
import js

def stop():
    raise RuntimeError("Python stops here")

end = time.monotonic() + 1
while time.monotonic() < end:
    pass
js.queueMicrotask(create_once_callable(stop))
"""

#: The page's worker client, the module the playground calls Python through.
WORKER_CLIENT = """import(new URL("./worker-client.mjs",
    document.querySelector('script[src$="javascripts/start.js"]').src).href)"""


def while_python_stops(page: Page, then: str, argument: str = "") -> None:
    """Run STOP_PYTHON, do `then` (a function of `argument`, in the page) while it works, and
    wait until the playground has dealt with what `then` asked."""
    page.evaluate(f"""async ([code, argument]) => {{
        const python = await {WORKER_CLIENT};
        python.call(code);
        await ({then})(argument);
    }}""", [STOP_PYTHON, argument])
    settle(page)


def test_playground_keeps_the_board_when_python_stops(page: Page, site: Site,
                                                      traffic: Traffic) -> None:
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Bushi Tenderfoot")
    built = playground_scenario(page)
    board = drawn_board(page)
    alert = page.locator(".fc-pg-alert")
    status = page.locator(".fc-pg-status")
    again = page.get_by_role("button", name="Try again")
    expect(again).to_be_hidden()
    # Python stops while it adds a card: the card is not added, and nothing else changes.
    form = page.locator(".fc-pg-add-form")
    form.get_by_role("combobox", name="Card").fill("Kitsune Mystic")
    page.get_by_role("option", name="Kitsune Mystic").first.click()
    while_python_stops(
        page, "() => document.querySelector('.fc-pg-add-form [type=submit]').click()")
    expect(alert).to_have_text(STOPPED)
    expect(status).not_to_have_text("Loading Python…")
    assert drawn_board(page) == board
    assert playground_scenario(page) == built
    # Try again adds the card, on a new Python.
    again.click()
    settle(page)
    expect(alert).to_have_text("")
    expect(again).to_be_hidden()
    scenario = assert_drawn_as_the_model_says(page)
    assert scenario["steps"] == [*built["steps"], {"put": "Kitsune Mystic", "as": "kitsune"}]
    # Python stops while a pasted link opens: the board stays until the link can be opened.
    board = drawn_board(page)
    link = {"rules": "current", "steps": [{"put": "Akki Lavarunner", "as": "akki"}]}
    page.evaluate(f"""async (code) => {{
        const python = await {WORKER_CLIENT};
        python.call(code);
    }}""", STOP_PYTHON)
    paste_link(page, playground_fragment(link))
    expect(alert).to_have_text(STOPPED)
    assert drawn_board(page) == board
    again.click()
    settle(page)
    expect(alert).to_have_text("")
    assert playground_scenario(page) == link
    assert_drawn_as_the_model_says(page)
    assert traffic.errors == []


def test_playground_starts_again_when_python_could_not_start(page: Page, site: Site) -> None:
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Bushi Tenderfoot")
    act(page, "bushi", "flip")
    built = playground_scenario(page)
    board = drawn_board(page)
    # The reader reads another page (instant navigation keeps the situation); meanwhile
    # Python stops, and a new one does not load in time.
    follow_link(page, site.page_url("cards/"))
    page.evaluate(f"""async (code) => {{
        const python = await {WORKER_CLIENT};
        python.settings.loadTimeoutMs = 1;
        await python.call(code).result;
        await python.call("pass").result;
    }}""", STOP_PYTHON)
    follow_link(page, site.page_url(PLAYGROUND))
    alert = page.locator(".fc-pg-alert")
    expect(alert).to_have_text(STOPPED)
    expect(page.locator(".fc-pg-status")).not_to_have_text("Loading Python…")
    expect(page.locator(".fc-playground")).not_to_have_attribute("aria-busy", "true")
    # Once Python loads again, Try again opens the situation where the reader left it.
    page.evaluate(f"async () => {{ (await {WORKER_CLIENT}).settings.loadTimeoutMs = 60_000; }}")
    page.get_by_role("button", name="Try again").click()
    wait_playground(page)
    expect(alert).to_have_text("")
    assert drawn_board(page) == board
    assert playground_scenario(page) == built
    assert_drawn_as_the_model_says(page)


def test_playground_left_while_opening_a_link_leaves_the_next_pages_address_alone(
        page: Page, site: Site) -> None:
    """A reader opened a playground link and went on to the rule page while Python loaded:
    once the link's steps were played, the playground no longer shown wrote its board into
    the rule page's address (a reload, or the address copied into a forum post, carried it)."""
    link = {"rules": "2004", "steps": [{"put": "Bushi Tenderfoot", "as": "bushi"}]}
    page.goto(f"{site.page_url(PLAYGROUND)}#{playground_fragment(link)}")
    expect(page.locator(".fc-pg-status")).to_have_text("Loading Python…")
    left = page.locator(".fc-playground").element_handle()
    follow_link(page, site.page_url("cards/"))
    # (Busy until Python has answered it: then it finds its page gone and stops.)
    page.wait_for_function("(root) => !root.hasAttribute('aria-busy')", arg=left)
    assert page.url == site.page_url("cards/")


def test_playground_opened_at_its_index_html_still_acts_after_the_theme_draws_it_again(
        page: Page, site: Site) -> None:
    """Opened as /playground/index.html (the same page), the playground took the theme's
    drawing it again at /playground/ for the reader leaving it, and dropped every action."""
    open_playground(page, site.page_url(f"{PLAYGROUND}index.html"))
    follow_link(page, site.page_url(PLAYGROUND))
    add_card(page, "Bushi Tenderfoot")
    settle(page)
    assert [step.get("put") for step in playground_scenario(page)["steps"]] == [
        "Bushi Tenderfoot"]
    assert_drawn_as_the_model_says(page)


def test_playground_left_while_a_link_opens_shows_on_return_the_board_it_acts_on(
        page: Page, site: Site) -> None:
    """The reader pasted a long playground link, read another page while it opened and came
    back: the board drawn was their own, while the steps, the address and what the next
    action worked on were the link's (their own board could no longer be put back)."""
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Bushi Tenderfoot")
    own = playground_scenario(page)
    link = {"rules": "current", "steps": [{"put": "Grizzly Bears"}] * 300}
    page.goto(f"{site.page_url(PLAYGROUND)}#{playground_fragment(link)}")
    left = page.locator(".fc-playground").element_handle()
    follow_link(page, site.page_url("cards/"))
    follow_link(page, site.page_url(PLAYGROUND))
    wait_playground(page)
    page.wait_for_function("(root) => !root.hasAttribute('aria-busy')", arg=left)
    # The link's opening was left with its page: the reader finds their board as they left it.
    assert playground_scenario(page) == own
    assert_drawn_as_the_model_says(page)
    expect(page.locator(".fc-pg-alert")).to_have_text("")


# --- bad links ------------------------------------------------------------------------------


def _raw(text: bytes, declared: int | None = None) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packer.compress(text) + packer.flush()
    import base64

    encoded = base64.urlsafe_b64encode(data).decode().rstrip("=")
    return f"pg1={len(text) if declared is None else declared}.{encoded}"


def _cut(fragment: str) -> str:
    return fragment[:-12]


VALID = playground_fragment({"rules": "2004", "steps": [
    {"put": "Bushi Tenderfoot", "as": "hero"}, {"flip": "hero"}, {"tap": "hero"},
    {"counters": "hero", "kind": "+1/+1", "add": 3}]})

#: A situation whose steps are a list of lists 5,000 deep (no scenario needs more than a few).
DEEP = ('{"rules": "2004", "steps": ' + "[" * 5000 + "]" * 5000 + "}").encode()
TOO_DEEP = "nested too deeply: more than 100 levels"

#: name -> (fragment, what the message says)
#: A sentence a link would have the site's alert say.
MOVED = "The site has moved: the current rules are at flip-rules.example — old links stop working"

BAD_LINKS: dict[str, tuple[str, str]] = {
    "empty": ("pg1=", "cut short or damaged (it ends before its data). Copy the whole link"),
    "cut-in-its-size": ("pg1=1", "cut short or damaged (it ends before its data)"),
    "cut-in-a-byte": ("pg1=10.q1YqK", "cut short or damaged (its data ends in the middle of a "
                                      "byte). Copy the whole link"),
    "no-size": ("pg1=q1YqKk0", "the size of the situation is missing"),
    "negative-size": ("pg1=-5.q1YqKk0", "the size of the situation, \u201c-5\u201d, is not a "
                                        "whole number of bytes"),
    "size-of-twenty-digits": (f"pg1={'9' * 20}.q1YqKk0",
                              "too large (a link carries at most 64 KB)"),
    # A broken %-escape: the Playground says what is wrong, and the page does not also say it
    # names no rule.
    "broken-escape": ("pg1=%E0%A4%A.AAAA", "the size of the situation, \u201c%E0%A4%A\u201d, is "
                                           "not a whole number of bytes"),
    "bad-base64": ("pg1=10.q1Y$$qKk", "not valid base64url"),
    "html-in-fragment": (f"pg1=10.{HOSTILE}", "not valid base64url"),
    "cut-short": (_cut(VALID), "damaged or cut short"),
    "not-deflate": ("pg1=12.AAAAAAAAAAAAAAAA", "damaged or cut short"),
    "declared-oversized": ("pg1=70000.q1YqKk0uKVayUjIyMDBQ0lEqLkktKFayio6tBQA",
                           "too large (a link carries at most 64 KB)"),
    "inflates-past-the-limit": (_raw(b" " * 200_000, declared=100),
                                "too large (a link carries at most 64 KB)"),
    "size-mismatch": (_raw(b'{"rules": "2004", "steps": []}', declared=99),
                      "it carries 30 bytes, not the 99 it says"),
    "invalid-utf8": (_raw(b"\xff\xfe\xfd"), "not valid UTF-8"),
    "not-json": (_raw(b"hello"), "not valid JSON"),
    "newer-version": ("pg9=3.q1YqKk0", "newer version of this site (pg9)"),
    "not-an-object": (_raw(b"[1, 2]"), "a scenario is a JSON object"),
    "no-rules": (_raw(b'{"steps": []}'), 'rules: missing; say "2004" or "current"'),
    "unknown-rules": (_raw(b'{"rules": "1999", "steps": []}'), 'no rules edition "1999"'),
    "unknown-verb": (_raw(b'{"rules": "2004", "steps": [{"explode": "x"}]}'),
                     'step 1, explode: no verb "explode"'),
    "missing-id": (_raw(b'{"rules": "2004", "steps": [{"flip": "nobody"}]}'),
                   'step 1, flip: no object "nobody"'),
    "hostile-card-name": (_raw(json.dumps({"rules": "2004", "steps": [
        {"put": HOSTILE}]}).encode()), "step 1, put: no card named"),
    "100000-steps": (_raw(json.dumps({"rules": "2004", "steps": [
        {"next_turn": True}] * 100_000}).encode()), "too large (a link carries at most 64 KB)"),
    "100000-steps-lying-size": (_raw(json.dumps({"rules": "2004", "steps": [
        {"next_turn": True}] * 100_000}).encode(), declared=60_000),
        "too large (a link carries at most 64 KB)"),
    "1001-steps": (_raw(json.dumps({"rules": "2004", "steps": [
        {"next_turn": True}] * 1001}).encode()), "steps: the playground runs at most 1,000 steps"),
    "steps-not-a-list": (_raw(b'{"rules": "2004", "steps": "flip"}'),
                         'steps: expected a list of steps, got "flip"'),
    "wrong-field-type": (_raw(b'{"rules": "2004", "steps": [{"put": "Forest", "flipped": "y"}]}'),
                         'step 1, flipped: expected true or false, got "y"'),
    "unknown-effect": (_raw(b'{"rules": "2004", "steps": [{"effect": "e", "kind": "explode", '
                            b'"affects": {}}]}'), 'no effect kind "explode"'),
    "nested-too-deeply": (_raw(DEEP), TOO_DEEP),
    # A name that would turn the rest of each line of the log around; shown escaped.
    "reordering-name": (_raw(json.dumps({"rules": "2004", "players": ["Al\u202eice", "Bob"],
                                         "steps": []}).encode()),
                        'players[0]: a text may not hold U+202E, a control that reorders the '
                        'text around it; got "Al\\u202eice"'),
    # An id with thousands of marks on one letter, drawn as a column of ink across the page.
    "piled-marks": (_raw(json.dumps({"rules": "2004", "steps": [
        {"put": "Forest", "as": "a" + "\u0301" * 20_000}]}, ensure_ascii=False).encode()),
        "step 1, as: a text may not pile more than 8 combining marks on one character; "
        "character 1 of the text has 20000"),
    # The link's words are quoted by their start only: a sentence is not the site's to say.
    "long-quoted-words": (_raw(json.dumps({"rules": "2004", "steps": [
        {"flip": "The site has moved: the current rules are at flip-rules.example"}]}).encode()),
        'step 1, flip: no object "The site has moved: the …";'),
    # However the model quotes them (in single quotes, cut at 80), and the model's own
    # words in quotes stay whole.
    "long-card-name": (_raw(json.dumps({"rules": "2004", "steps": [{"put": MOVED}]}).encode()),
                       "step 1, put: no card named 'The site has moved: the …'…"),
    "long-mana": (_raw(json.dumps({"rules": "2004", "steps": [
        {"add_mana": "Alice", "mana": MOVED}]}).encode()),
        "such as '{R}{R}' or '{C}{G}', not 'The site has moved: the …'."),
    "long-resolve": (_raw(json.dumps({"rules": "2004", "steps": [{"resolve": MOVED}]}).encode()),
                     'step 1, resolve: expected "top" (the top object resolves) or "all" (the '
                     'stack resolves until it is empty), got "The site has moved: the …".'),
    "number-out-of-range": (_raw(b'{"rules": "2004", "steps": [{"gain_life": "Alice", '
                                 b'"amount": 1e999}]}'),
                            "step 1, amount: the number 1e999 is out of range"),
}


@pytest.mark.parametrize("how", ["click", "new-page"])
def test_a_link_the_reader_follows_in_a_tab_another_page_opened_opens(
    page: Page, site: Site, how: str
) -> None:
    """In a tab that another page opened (and so could move), a playground link the reader
    follows from an example opens as usual: only a page the tab was sent to unasked waits.
    The theme opens the link in the page it has ("click"); a page of the site can also load
    the link as a new page (a click before the theme has started, or the site's own move)."""
    reader = opened_by(page, site.page_url("rule-508/"), wait_taken_over)
    link = reader.locator('[id="example-508-1"] .fc-open-playground a')
    href = link.get_attribute("href")
    if how == "click":
        link.click()
    else:
        # Later, so the evaluation has answered before its document goes.
        link.evaluate("(a) => { setTimeout(() => window.location.assign(a.href), 0); }")
    reader.wait_for_url(f"**{href}")
    wait_playground(reader)
    settle(reader)
    expect(reader.locator(".fc-pg-alert")).to_have_text("")
    expect(reader.get_by_role("button", name="Open the link")).to_be_hidden()
    assert playground_scenario(reader)["steps"]


@pytest.mark.parametrize(("query", "close"), [("", False), ("?from=elsewhere", False),
                                              ("?from=elsewhere", True)],
                         ids=["same-page", "new-page", "new-page-opener-closes-itself"])
def test_a_link_another_page_puts_in_the_address_waits_for_the_reader(
    page: Page, site: Site, query: str, close: bool
) -> None:
    """The page that opened the playground (window.open) can set its address to a playground
    link at any time: the reader's board stays, and so does its own address (a reload keeps
    the board), until the reader chooses to open the link. With a query in the link the tab
    loads a new page, which must know it too, even if the other page closed itself as it sent
    it (the tab then has no opener)."""
    reader = opened_by(page, site.page_url(PLAYGROUND), wait_playground, closable=close)
    add_card(reader, "Bushi Tenderfoot")
    built = playground_scenario(reader)
    board = drawn_board(reader)
    link = {"rules": "2004", "steps": [{"put": "Akki Lavarunner", "as": "akki"}]}
    opener = reader.opener()
    assert opener is not None
    opener.evaluate(f"(url) => {{ window.reader.location.href = url; "
                    f"{'window.close();' if close else ''} }}",
                    f"{site.page_url(PLAYGROUND)}{query}#{playground_fragment(link)}")
    if query:
        reader.wait_for_url(f"**{query}*")
        wait_playground(reader)
    alert = reader.locator(".fc-pg-alert")
    expect(alert).to_have_text("Another page changed this page's address to a playground link. "
                               "It was not opened. The board is kept as it was.")
    settle(reader)
    assert drawn_board(reader) == board
    assert playground_scenario(reader) == built
    assert fragment_scenario(reader.evaluate("location.hash")) == built
    reader.get_by_role("button", name="Open the link").click()
    settle(reader)
    expect(alert).to_have_text("")
    expect(reader.get_by_role("button", name="Open the link")).to_be_hidden()
    assert playground_scenario(reader) == link
    assert_drawn_as_the_model_says(reader)


#: A situation another page would put in the reader's playground (Alice at 1 life).
_THEIR_LINK = {"rules": "2004", "steps": [{"put": "Akki Lavarunner", "as": "akki"},
                                          {"lose_life": "Alice", "amount": 19}]}


def _sent_by_its_opener(reader: Page, url: str) -> None:
    """The page that opened `reader` (window.open, see opened_by) moves it to `url`."""
    opener = reader.opener()
    assert opener is not None
    opener.evaluate("(url) => { window.reader.location.href = url; }", url)


@pytest.mark.parametrize("written", ["x&amp;", "x&AMP;"])
def test_a_link_another_page_puts_in_the_address_written_with_amp_waits_for_the_reader(
    page: Page, site: Site, written: str
) -> None:
    """A link whose "&" is written "&amp;" (as a forum or a page's source may write it) is read
    as a link. Put in the address by another page, it was no link to the check of a change of
    the address, nor to what the tab holds: the page said nothing, and the reader's next
    Reload opened it as their own board. It waits for the reader as any other link does."""
    reader = opened_by(page, site.page_url(PLAYGROUND), wait_playground)
    add_card(reader, "Bushi Tenderfoot")
    built = playground_scenario(reader)
    _sent_by_its_opener(reader, f"{site.page_url(PLAYGROUND)}#{written}"
                                f"{playground_fragment(_THEIR_LINK)}")
    alert = reader.locator(".fc-pg-alert")
    expect(alert).to_have_text("Another page changed this page's address to a playground link. "
                               "It was not opened. The board is kept as it was.")
    reader.reload()
    wait_playground(reader)
    settle(reader)
    assert playground_scenario(reader) == built
    expect(reader.locator(".fc-pg-board")).not_to_contain_text("Akki Lavarunner")


def test_a_link_another_page_loads_and_then_loads_over_is_never_taken_for_the_board(
    page: Page, site: Site
) -> None:
    """Another page sent the tab to a playground link (held: not opened), then at once to the
    playground again with another address: the new page took the board "of the page it
    replaced" from the previous address, which was that page's link, and opened it as the
    reader's, saying the board was kept. Only an address the page wrote as the reader's is."""
    reader = opened_by(page, site.page_url("rulings/"), wait_taken_over)
    _sent_by_its_opener(reader, f"{site.page_url(PLAYGROUND)}#{playground_fragment(_THEIR_LINK)}")
    reader.wait_for_url(f"**/{PLAYGROUND}#pg1=*")
    _sent_by_its_opener(reader, f"{site.page_url(PLAYGROUND)}?x#top")
    reader.wait_for_url("**?x#*")
    wait_playground(reader)
    settle(reader)
    assert playground_scenario(reader)["steps"] == []
    expect(reader.locator(".fc-pg-board")).not_to_contain_text("Akki Lavarunner")


@pytest.mark.parametrize("value", [None, 5, "x", []], ids=["null", "number", "text", "list"])
def test_a_link_that_holds_no_object_is_refused_saying_so(page: Page, site: Site,
                                                          value: object, traffic: Traffic) -> None:
    """A link whose situation was JSON null, a number or a text threw in an open playground
    ("Something went wrong: Invalid value used as weak map key")."""
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Bushi Tenderfoot")
    built = playground_scenario(page)
    paste_link(page, playground_fragment(value))
    shown = "[]" if value == [] else json.dumps(value)
    expect(page.locator(".fc-pg-alert")).to_have_text(
        f"This link cannot be opened: a scenario is a JSON object, got {shown}. The board is "
        "kept as it was.")
    assert playground_scenario(page) == built
    assert traffic.errors == []


def test_a_link_whose_characters_were_escaped_on_the_way_opens(page: Page, site: Site) -> None:
    """A mail or chat program that writes "=" as "%3D" (and a name in capitals): the link opened
    an empty board, saying nothing. It is read as the characters it stands for, as an example's
    link is."""
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{VALID}")
    board = drawn_board(page)
    assert "Kenzo the Hardhearted" in json.dumps(board)
    for name, fragment in (("escaped", VALID.replace("=", "%3D", 1)),
                           ("escaped dot", VALID.replace(".", "%2E", 1)),
                           ("capitals", VALID.replace("pg1", "PG1", 1)),
                           # A forum's link finder took the ")" after the link into it.
                           ("punctuation", VALID + ")")):
        page.goto("about:blank")
        open_playground(page, f"{site.page_url(PLAYGROUND)}#{fragment}")
        expect(page.locator(".fc-pg-alert")).to_have_text("")
        assert drawn_board(page) == board, name
    assert_drawn_as_the_model_says(page)


def test_bad_links_say_what_is_wrong_and_never_cost_the_reader_the_board(
    page: Page, site: Site, traffic: Traffic, dialogs: list[str]
) -> None:
    assert len(BAD_LINKS) >= 20
    alert = page.locator(".fc-pg-alert")
    # Opened afresh, a bad link leaves an empty playground: there is nothing to keep.
    fragment, reason = BAD_LINKS["hostile-card-name"]
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{fragment}")
    message = alert.text_content() or ""
    assert message.startswith("This link cannot be opened: "), message
    assert reason in message, message
    assert message.endswith("The playground starts empty."), message
    assert page.locator(".fc-pg-permanent, .fc-pg-card-line").count() == 0
    # What the reader builds stays as it is, whatever link arrives in the open page.
    add_card(page, "Bushi Tenderfoot")
    act(page, "bushi", "flip")
    built = playground_scenario(page)
    board = drawn_board(page)
    for name, (fragment, reason) in BAD_LINKS.items():
        paste_link(page, fragment)
        # The link is read as the hash changes (a new hash on the same page is not a load).
        expect(alert).to_contain_text(reason)
        message = alert.text_content() or ""
        assert message.startswith("This link cannot be opened: "), (name, message)
        assert reason in message, (name, message)
        assert message.endswith("The board is kept as it was."), (name, message)
        assert alert.get_attribute("role") == "alert"
        assert drawn_board(page) == board, name
        # The address carries the board again, so a reload keeps it too.
        assert playground_scenario(page) == built, name
        assert page.evaluate("document.querySelectorAll('img[src=x], [onerror]').length") == 0
        assert HOSTILE not in page.evaluate("document.body.innerHTML"), name
        assert page.locator(".fc-address-note").count() == 0, name  # (not read as an anchor)
    # ...and the playground works on: Undo takes back the reader's own last step.
    page.get_by_role("button", name="Undo (2 steps)").click()
    settle(page)
    expect(alert).to_have_text("")
    assert playground_scenario(page)["steps"] == built["steps"][:1]
    assert_drawn_as_the_model_says(page)
    assert dialogs == []
    assert traffic.errors == []


def test_a_link_with_a_step_that_cannot_be_taken_opens_the_steps_before_it(
    page: Page, site: Site, traffic: Traffic
) -> None:
    """A link whose third step names no object: the reader gets the two steps before it, is
    told which step was left out and why, and the link stays in the address as it came."""
    steps = [{"put": "Bushi Tenderfoot", "as": "hero"}, {"flip": "hero"}, {"tap": "nobody"},
             {"untap": "hero"}]
    fragment = _raw(json.dumps({"rules": "2004", "steps": steps}).encode())
    alert = page.locator(".fc-pg-alert")
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{fragment}")
    expect(alert).to_have_text(
        "This link's step 3 cannot be taken (tap): no object \"nobody\". The 2 steps "
        "before it are opened; that step was left out (with the step after it).")
    assert page.evaluate("location.hash") == f"#{fragment}"
    partly = drawn_board(page)
    assert [o["turned"] for o in partly["Alice"]["permanents"].values()] == [True]
    # The reader's next step makes the address carry the board: those two steps, and theirs.
    act(page, "hero", "tap")
    assert playground_scenario(page)["steps"] == [*steps[:2], {"tap": "hero"}]
    # The same from a link pasted into the open page: one step opened, one left out.
    paste_link(page, _raw(b'{"rules": "2004", "steps": [{"put": "Forest", "as": "a"}, '
                          b'{"put": "Forest", "as": "a"}]}'))
    expect(alert).to_contain_text("This link's step 2 cannot be taken (as): ")
    expect(alert).to_contain_text('the id "a" is already used')
    expect(alert).to_contain_text("The step before it is opened; that step was left out.")
    assert playground_scenario(page)["steps"] == [{"put": "Forest", "as": "a"}]
    assert page.locator(".fc-pg-permanent").count() == 1
    assert_drawn_as_the_model_says(page)
    assert traffic.errors == []


def test_a_file_with_a_step_that_cannot_be_taken_opens_the_steps_before_it(
    page: Page, site: Site, tmp_path: Path
) -> None:
    """As a link does: the steps before the bad one are opened, and the alert says which step of
    which file was left out and why; Undo takes them back one by one."""
    open_playground(page, site.page_url(PLAYGROUND))
    steps = [{"put": "Bushi Tenderfoot", "as": "hero"}, {"flip": "hero"}, {"tap": "nobody"}]
    file = tmp_path / "judge.json"
    file.write_text(json.dumps({"rules": "2004", "steps": steps}))
    page.locator(".fc-pg-import-input").set_input_files(file)
    expect(page.locator(".fc-pg-alert")).to_have_text(
        "judge.json's step 3 cannot be taken (tap): no object \"nobody\". The 2 steps "
        "before it are opened; that step was left out.")
    expect(page.locator(".fc-pg-status")).to_have_text("Opened 2 steps of judge.json.")
    settle(page)
    assert playground_scenario(page)["steps"] == steps[:2]
    assert_drawn_as_the_model_says(page)
    # A file whose first step cannot be taken opens nothing, as before.
    file.write_text(json.dumps({"rules": "2004", "steps": steps[2:]}))
    page.locator(".fc-pg-import-input").set_input_files(file)
    expect(page.locator(".fc-pg-alert")).to_contain_text(
        "judge.json cannot be opened: step 1, tap")
    assert playground_scenario(page)["steps"] == steps[:2]


def test_cards_put_without_an_id_are_on_the_board_named_as_the_card_box_would(
    page: Page, site: Site, tmp_path: Path
) -> None:
    """A link (as "Open in the playground" makes from an example whose code puts cards without
    naming them) or a file may put cards without an "as": the log said they were put, and the
    board showed none of them. Each now gets the id the card box would suggest, is drawn, and
    can be acted on."""
    steps = [{"put": "Bushi Tenderfoot"}, {"put": "Bushi Tenderfoot", "as": "bushi"},
             {"put": "Callow Jushi", "zone": "hand"}, {"flip": "bushi"}]
    fragment = _raw(json.dumps({"rules": "2004", "steps": steps}).encode())
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{fragment}")
    expect(page.locator(".fc-pg-permanent[data-id]")).to_have_count(2)
    assert playground_scenario(page)["steps"] == [
        {"put": "Bushi Tenderfoot", "as": "bushi2"}, steps[1],
        {"put": "Callow Jushi", "zone": "hand", "as": "callow"}, steps[3]]
    expect(page.locator('.fc-pg-card-line[data-id="callow"]')).to_have_count(1)
    # (A card is put INTO a hand, a library, a graveyard or exile; onto the battlefield.)
    expect(page.locator(".fc-pg-history")).to_contain_text(
        "Alice's Callow Jushi is put into the hand")
    act(page, "bushi2", "tap")
    assert playground_scenario(page)["steps"][-1] == {"tap": "bushi2"}
    assert_drawn_as_the_model_says(page)
    file = tmp_path / "unnamed.json"
    file.write_text(json.dumps({"rules": "current", "steps": [{"put": "Grizzly Bears"}] * 2}))
    page.locator(".fc-pg-import-input").set_input_files(file)
    expect(page.locator(".fc-pg-status")).to_contain_text("Opened unnamed.json")
    settle(page)
    assert [step.get("as") for step in playground_scenario(page)["steps"]] == [
        "grizzly", "grizzly2"]
    expect(page.locator(".fc-pg-permanent[data-id]")).to_have_count(2)


def test_a_link_or_file_nested_too_deeply_is_refused_and_the_page_keeps_working(
    page: Page, site: Site, traffic: Traffic, tmp_path: Path
) -> None:
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{_raw(DEEP)}")
    alert = page.locator(".fc-pg-alert")
    refused = (f"This link cannot be opened: the situation is {TOO_DEEP}. "
               "The playground starts empty.")
    expect(alert).to_have_text(refused)
    # The link is still in the address: a reload says the same and works too.
    page.reload(wait_until="load")
    wait_playground(page)
    expect(alert).to_have_text(refused)
    add_card(page, "Bushi Tenderfoot")
    expect(alert).to_have_text("")
    built = assert_drawn_as_the_model_says(page)
    deep = tmp_path / "situation.json"
    deep.write_bytes(DEEP)
    page.locator(".fc-pg-import-input").set_input_files(deep)
    expect(alert).to_have_text(f"situation.json is {TOO_DEEP}. Nothing changed.")
    assert playground_scenario(page) == built  # nothing lost
    add_card(page, "Orochi Eggwatcher")
    expect(alert).to_have_text("")
    assert len(assert_drawn_as_the_model_says(page)["steps"]) == 2
    assert traffic.errors == []


def test_a_key_of_a_link_is_quoted_and_cut_in_the_message_of_a_number_out_of_range(
    page: Page, site: Site
) -> None:
    """The page checks a link's numbers before the model reads it, and named a key in its
    message whole: a key of a link's is its author's text, which then stood at the head of the
    site's alert, as long as the link could carry. It is quoted by its first 24 characters, as
    every text of a link's is in the alert."""
    key = ("it was made for an older version of this site; sign in at another address to "
           "see the ruling. " * 50)
    link = json.dumps({"rules": "current", "steps": []})[:-1] + f', "{key}": 1e999}}'
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{_raw(link.encode())}")
    expect(page.locator(".fc-pg-alert")).to_have_text(
        f'This link cannot be opened: ["{key[:24]}…"]: the number 1e999 is out of range. '
        "The playground starts empty.")


def test_a_number_too_large_is_named_as_written_in_a_link_and_a_file(
    page: Page, site: Site, tmp_path: Path
) -> None:
    # JSON.parse reads 1e999 as Infinity, which JSON.stringify would pass on as null.
    link = b'{"rules": "2004", "steps": [{"gain_life": "Alice", "amount": 1e999}]}'
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{_raw(link)}")
    alert = page.locator(".fc-pg-alert")
    expect(alert).to_have_text("This link cannot be opened: step 1, amount: the number 1e999 "
                               "is out of range. The playground starts empty.")
    add_card(page, "Bushi Tenderfoot")
    built = assert_drawn_as_the_model_says(page)
    file = tmp_path / "situation.json"
    file.write_bytes(b'{"rules": "2004", "steps": [{"put": "Forest", "as": "f"}, '
                     b'{"counters": "f", "kind": "+1/+1", "add": -12E+400}]}')
    page.locator(".fc-pg-import-input").set_input_files(file)
    expect(alert).to_have_text("situation.json cannot be opened: step 2, add: the number "
                               "-12E+400 is out of range. Nothing changed.")
    assert playground_scenario(page) == built  # nothing lost
    add_card(page, "Orochi Eggwatcher")
    expect(alert).to_have_text("")
    assert_drawn_as_the_model_says(page)


def test_a_file_that_is_not_utf8_is_refused_by_name(page: Page, site: Site,
                                                     tmp_path: Path) -> None:
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Bushi Tenderfoot")
    built = playground_scenario(page)
    latin1 = tmp_path / "situation.json"
    latin1.write_bytes('{"rules": "2004", "steps": [{"put": "Séance"}]}'.encode("latin-1"))
    page.locator(".fc-pg-import-input").set_input_files(latin1)
    alert = page.locator(".fc-pg-alert")
    expect(alert).to_have_text("situation.json is not UTF-8 text. Nothing changed.")
    assert playground_scenario(page) == built  # nothing lost
    add_card(page, "Orochi Eggwatcher")
    expect(alert).to_have_text("")
    assert_drawn_as_the_model_says(page)


def test_a_file_that_is_not_json_is_told_where_and_a_key_given_twice_is_refused(
        page: Page, site: Site, tmp_path: Path) -> None:
    """A judge's hand-edited file: where the JSON breaks (line and column, as the command
    line says it), and a key given twice in one step, which JavaScript alone would read as
    the last one silently."""
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Bushi Tenderfoot")
    built = playground_scenario(page)
    alert = page.locator(".fc-pg-alert")
    broken = tmp_path / "judge.json"
    broken.write_text('{"rules": "2004",\n "steps": [\n  {"put": "Forest"}\n  {"tap": "x"}\n]}')
    page.locator(".fc-pg-import-input").set_input_files(broken)
    expect(alert).to_have_text("judge.json is not valid JSON: Expecting ',' delimiter at line 4 "
                               "column 3. Nothing changed.")
    assert playground_scenario(page) == built  # nothing lost
    twice = tmp_path / "twice.json"
    twice.write_text('{"rules": "2004", "steps": [{"put": "Forest", "as": "f", "as": "g"}]}')
    page.locator(".fc-pg-import-input").set_input_files(twice)
    expect(alert).to_have_text('twice.json is not a usable scenario: the key "as" is given twice '
                               'in one object ({"put": "Forest", …}); give it once. '
                               "Nothing changed.")
    assert playground_scenario(page) == built
    add_card(page, "Orochi Eggwatcher")
    expect(alert).to_have_text("")
    assert_drawn_as_the_model_says(page)


def test_a_step_out_of_turn_names_the_button_that_goes_on(page: Page, site: Site) -> None:
    """A link whose step the turn refuses says which button to press first, as the page names
    it; the model's message named a scenario step (a "next_turn" step), and before that a
    Python call (game.next_turn())."""
    steps = [{"put": "Akki Lavarunner", "as": "akki"}, {"end_step": True}, {"end_step": True}]
    open_playground(page, site.page_url(PLAYGROUND))
    paste_link(page, playground_fragment({"rules": "2004", "steps": steps}))
    expect(page.locator(".fc-pg-alert")).to_contain_text(
        "This link's step 3 cannot be taken: the end of turn step of turn 1 has already begun; "
        "pass the turn (“Next turn”). The 2 steps before it are opened")
    assert page.locator('.fc-pg-game-actions .fc-pg-verb[data-verb="next_turn"]').inner_text() \
        == "Next turn"


def test_the_model_s_messages_count_steps_from_1_as_the_steps_list_does(page: Page,
                                                                       site: Site) -> None:
    """The list numbers steps from 1; the model's JSON paths count from 0 ("steps[2]")."""
    steps: list[dict[str, Any]] = [
        {"put": "Bushi Tenderfoot", "as": "hero"}, {"tap": "hero"},
        {"expect": {"hero": {"tapped": False}}}]
    scenario = {"rules": "2004", "steps": steps}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    assert "3. Expected: Alice's Bushi Tenderfoot: not tapped" in page.locator(
        ".fc-pg-history li").all_inner_texts()
    expect(page.locator(".fc-pg-failures li")).to_have_text(
        "step 3, expect: hero.tapped is true, expected false")
    # A step the model refuses as it is added: the one that would have been number 4.
    link = playground_fragment({"rules": "2004", "steps": [*steps, {"flip": "nobody"}]})
    paste_link(page, link)
    expect(page.locator(".fc-pg-alert")).to_contain_text(
        "This link's step 4 cannot be taken (flip): no object \"nobody\"")
    assert playground_scenario(page)["steps"] == steps


def test_hostile_names_in_a_valid_link_are_text(page: Page, site: Site,
                                                dialogs: list[str]) -> None:
    players = [HOSTILE, "</script><script>alert(2)</script>"]
    scenario = {"rules": "2004", "players": players, "steps": [
        {"put": "Bushi Tenderfoot", "as": "<b>hero</b>", "owner": players[1]}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    assert page.locator(".fc-pg-alert").text_content() == ""
    names = page.locator(".fc-pg-player-name").all_text_contents()
    assert names == [f"{players[0]} · 20 life", f"{players[1]} · 20 life"]
    assert page.locator(".fc-playground b, .fc-playground script").count() == 0
    # Each name stands apart from the numbers beside it: isolated, and bold in the line of
    # life totals (a player named "Bob 3 · Carol" read there as two players).
    assert page.locator(".fc-pg-turn bdi").all_text_contents() == players
    assert page.locator(".fc-pg-player-name bdi").all_text_contents() == players
    assert page.locator(".fc-pg-turn bdi").first.evaluate(
        "(name) => Number(getComputedStyle(name).fontWeight) >= 700")
    assert page.evaluate("document.querySelectorAll('img[src=x], [onerror]').length") == 0
    assert_drawn_as_the_model_says(page)
    assert dialogs == []


# --- keyboard, accessibility, phone ---------------------------------------------------------


def test_the_whole_page_works_from_the_keyboard(page: Page, site: Site) -> None:
    open_playground(page, site.page_url(PLAYGROUND))
    search = page.locator(".fc-pg-add-form").get_by_role("combobox", name="Card")
    search.focus()
    page.keyboard.type("akki lava")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    assert search.input_value() == "Akki Lavarunner"
    while not page.evaluate("document.activeElement.textContent === 'Add card'"):
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    settle(page)
    act_button = page.get_by_role("button", name="Act on Akki Lavarunner (akki)")
    act_button.focus()
    page.keyboard.press("Enter")
    dialog = page.locator("dialog.fc-pg-dialog")
    expect(dialog).to_be_visible()
    while page.evaluate("document.activeElement.dataset.verb") != "flip":
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # "Do it" has focus: the form has no field
    settle(page)
    expect(dialog).not_to_be_visible()
    # Focus comes back to the card's Act button.
    assert page.evaluate("document.activeElement.dataset.key") == "act:akki"
    expect(page.locator('.fc-pg-permanent[data-id="akki"] .fc-pg-name')).to_have_text(
        "Tok-Tok, Volcano Born")
    # Escape closes a dialog and gives focus back.
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).not_to_be_visible()
    assert page.evaluate("document.activeElement.dataset.key") == "act:akki"
    page.keyboard.press("Control+z")
    settle(page)
    expect(page.locator('.fc-pg-permanent[data-id="akki"] .fc-pg-name')).to_have_text(
        "Akki Lavarunner")


def focused(page: Page) -> str:
    """What has focus, by its class; fails if focus fell to the page's body."""
    assert page.evaluate("document.activeElement !== document.body"), "focus fell to <body>"
    return str(page.evaluate("document.activeElement.className"))


def test_focus_never_falls_to_the_page_body(page: Page, site: Site) -> None:
    open_playground(page, site.page_url(PLAYGROUND))
    form = page.locator(".fc-pg-add-form")
    search = form.get_by_role("combobox", name="Card")
    search.focus()
    page.keyboard.press("Alt+ArrowDown")
    suggestions = page.get_by_role("listbox")
    expect(suggestions).to_be_visible()  # every card, more than the list shows at once
    assert suggestions.evaluate("(list) => list.scrollHeight > list.clientHeight")
    page.keyboard.press("Tab")
    expect(suggestions).to_be_hidden()
    assert "fc-pg-card-search" not in focused(page)
    assert form.evaluate("(form) => form.contains(document.activeElement)")
    add_card(page, "Bushi Tenderfoot")
    # Undo takes the only step back and disables itself: Redo, which can bring it back, has
    # focus; Redo in turn hands focus to Undo.
    page.locator(".fc-pg-undo").focus()
    page.keyboard.press("Enter")
    settle(page)
    expect(page.locator(".fc-pg-undo")).to_be_disabled()
    assert "fc-pg-redo" in focused(page)
    page.keyboard.press("Enter")
    settle(page)
    expect(page.locator(".fc-pg-redo")).to_be_disabled()
    assert "fc-pg-undo" in focused(page)
    assert len(playground_scenario(page)["steps"]) == 1


def test_undo_from_the_keyboard_goes_on_after_it_takes_away_the_focused_card(
    page: Page, site: Site
) -> None:
    """Ctrl+Z on a card's Act button takes the card away with the step that put it: focus goes
    to the board's title, not to the page's body, and Ctrl+Z and Ctrl+Shift+Z go on working
    (they listen in the playground)."""
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Akki Lavarunner")
    add_card(page, "Grizzly Bears", owner="Bob")
    page.locator('.fc-pg-act[data-key="act:grizzly"]').focus()
    page.keyboard.press("Control+z")
    settle(page)
    assert len(playground_scenario(page)["steps"]) == 1
    assert page.evaluate("document.activeElement.id") == "fc-pg-board-title"
    page.keyboard.press("Control+z")  # the title itself is drawn again: focus stays on it
    settle(page)
    assert playground_scenario(page)["steps"] == []
    assert page.evaluate("document.activeElement.id") == "fc-pg-board-title"
    page.keyboard.press("Control+Shift+z")
    settle(page)
    page.keyboard.press("Control+Shift+z")
    settle(page)
    assert [step["put"] for step in playground_scenario(page)["steps"]] == [
        "Akki Lavarunner", "Grizzly Bears"]
    assert_drawn_as_the_model_says(page)


def test_ctrl_z_after_a_click_on_the_boards_text_undoes_the_last_step(
        page: Page, site: Site) -> None:
    """A click on text that takes no focus (the line of life totals, the log) leaves the focus
    on the page's body, outside the playground, where its keys did not listen: Ctrl+Z did
    nothing there. It undoes the last step (Ctrl+Shift+Z redoes it)."""
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Grizzly Bears")
    page.locator(".fc-pg-turn").click()
    assert page.evaluate("document.activeElement === document.body")
    page.keyboard.press("Control+z")
    settle(page)
    assert playground_scenario(page)["steps"] == []
    page.keyboard.press("Control+Shift+z")
    settle(page)
    assert [step["put"] for step in playground_scenario(page)["steps"]] == ["Grizzly Bears"]


def test_ctrl_z_in_the_empty_card_box_undoes_the_last_step(page: Page, site: Site) -> None:
    """A card added by typing leaves focus in the emptied card box: Ctrl+Z there did nothing.
    With nothing of the reader's to undo in the box it is the board's Undo (Ctrl+Shift+Z its
    Redo); with text typed there, it is the box's own."""
    open_playground(page, site.page_url(PLAYGROUND))
    search = page.locator(".fc-pg-add-form").get_by_role("combobox", name="Card")
    search.click()
    page.keyboard.type("Grizzly Bears")
    page.keyboard.press("Enter")
    settle(page)
    expect(page.locator('.fc-pg-permanent[data-id="grizzly"]')).to_have_count(1)
    expect(search).to_be_focused()
    expect(search).to_have_value("")
    page.keyboard.press("Control+z")
    settle(page)
    expect(page.locator('.fc-pg-permanent[data-id="grizzly"]')).to_have_count(0)
    assert playground_scenario(page)["steps"] == []
    expect(search).to_be_focused()
    page.keyboard.press("Control+Shift+z")
    settle(page)
    expect(page.locator('.fc-pg-permanent[data-id="grizzly"]')).to_have_count(1)
    page.keyboard.type("sho")
    page.keyboard.press("Control+z")
    settle(page)
    expect(page.locator('.fc-pg-permanent[data-id="grizzly"]')).to_have_count(1)
    assert len(playground_scenario(page)["steps"]) == 1


def test_a_click_on_a_card_in_a_hand_or_graveyard_opens_its_actions(page: Page,
                                                                       site: Site) -> None:
    """A card listed in a hand or a graveyard opened its actions only from its small Act…
    button; a click on its line now opens them, as on the battlefield, and the line is no
    second stop of Tab."""
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Shock", zone="hand")
    add_card(page, "Grizzly Bears", zone="graveyard")
    dialog = page.locator("dialog.fc-pg-dialog")
    for card_id, name in (("shock", "Shock"), ("grizzly", "Grizzly Bears")):
        line = page.locator(f'.fc-pg-card-line[data-id="{card_id}"]')
        line.locator(".fc-pg-card-name").click()
        expect(dialog).to_be_visible()
        expect(dialog.get_by_role("heading", level=2)).to_have_text(f"Act on {name} ({card_id})")
        page.keyboard.press("Escape")
        expect(dialog).not_to_be_visible()
        expect(page.locator(f'.fc-pg-act[data-key="act:{card_id}"]')).to_be_focused()
        assert line.get_attribute("tabindex") is None


def test_add_card_without_a_name_says_so_with_no_suggestions_over_the_message(
    page: Page, site: Site
) -> None:
    open_playground(page, site.page_url(PLAYGROUND))
    form = page.locator(".fc-pg-add-form")
    form.get_by_role("button", name="Add card").click()
    message = form.locator(".fc-pg-form-error")
    expect(message).to_have_text("Type a card's name for \u201cCard\u201d.")
    # Focus is back in the search box for the name, and the suggestions stay closed: the
    # message, and the buttons under it, can be read and clicked.
    search = form.get_by_role("combobox", name="Card")
    expect(search).to_be_focused()
    expect(page.get_by_role("listbox")).to_be_hidden()
    page.keyboard.type("grizzly")
    expect(page.get_by_role("listbox")).to_be_visible()  # typing shows them as before
    assert page.evaluate("location.hash") == ""  # nothing was added


def test_a_message_that_ends_with_a_question_ends_once(page: Page, site: Site) -> None:
    open_playground(page, site.page_url(PLAYGROUND))
    form = page.locator(".fc-pg-add-form")
    form.get_by_role("combobox", name="Card").fill("Bushi Tenderfot")
    form.get_by_role("button", name="Add card").click()
    settle(page)
    alert = page.locator(".fc-pg-alert")
    expect(alert).to_contain_text("did you mean")
    text = alert.inner_text()
    assert text.endswith("? Nothing changed."), text
    assert "?." not in text


def test_enter_on_a_name_the_list_offers_once_adds_that_card(page: Page, site: Site) -> None:
    """"bushi" typed, the list offering one name: Enter adds Bushi Tenderfoot (it used to be
    refused as "no card named 'bushi'"); a whole name in any letter case is that card, though
    the list offers a longer one too; the Name card dialog's card box does the same."""
    open_playground(page, site.page_url(PLAYGROUND))
    form = page.locator(".fc-pg-add-form")
    search = form.get_by_role("combobox", name="Card")
    search.click()
    page.keyboard.type("bushi")
    expect(page.get_by_role("listbox").get_by_role("option")).to_have_count(1)
    page.keyboard.press("Enter")
    settle(page)
    expect(page.locator('.fc-pg-permanent[data-id="bushi"] .fc-pg-name')).to_have_text(
        "Bushi Tenderfoot")
    expect(form.locator(".fc-pg-form-error")).to_have_text("")
    expect(page.locator(".fc-pg-alert")).to_have_text("")
    expect(page.get_by_role("listbox")).to_be_hidden()
    search.fill("curse of the fire penguin")
    expect(page.get_by_role("listbox").get_by_role("option")).to_have_count(2)
    page.keyboard.press("Enter")
    settle(page)
    game_action(page, "name_card",
                lambda dialog: dialog.get_by_role("combobox", name="Card").fill("shoc"))
    expect(page.locator("dialog.fc-pg-dialog")).not_to_be_visible()
    assert playground_scenario(page)["steps"] == [
        {"put": "Bushi Tenderfoot", "as": "bushi"},
        {"put": "Curse of the Fire Penguin", "as": "curse"},
        {"name_card": "Shock", "as": "shock"}]


def test_a_card_in_a_hand_cast_by_its_id_from_the_toolbar_stays_that_card(page: Page,
                                                                          site: Site) -> None:
    """The card box of the toolbar's Cast also takes a card in a hand by its id: "grizzly",
    though the list offers Grizzly Bears once, is that card, not a new Grizzly Bears. It has
    an id: none is suggested for it (the model refuses a second one)."""
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Grizzly Bears", zone="hand")

    def by_id(dialog: Locator) -> None:
        card, given = dialog.get_by_label("Card"), dialog.get_by_label("Id (optional)")
        for typed, suggested in [("grizzly", ""), ("Grizzly Bears", "grizzly2"), ("grizzly", "")]:
            card.fill(typed)
            given.click()  # the id is suggested as the card box is left
            expect(given).to_have_value(suggested)

    game_action(page, "cast", by_id)
    expect(page.locator("dialog.fc-pg-dialog")).not_to_be_visible()
    assert playground_scenario(page)["steps"][-1]["cast"] == "grizzly"
    expect(page.locator(".fc-pg-card-line")).to_have_count(0)  # out of the hand


def test_the_id_follows_the_card_as_it_is_typed_and_an_id_the_reader_typed_stays(
        page: Page, site: Site) -> None:
    """The Id field said "card" until the card box was left, and a card chosen after an id
    was typed wrote over that id: it now follows the card key by key, and once the reader
    types an id of their own it is theirs (cleared, it follows the card again)."""
    open_playground(page, site.page_url(PLAYGROUND))
    form = page.locator(".fc-pg-add-form")
    more(form)
    card, given = form.get_by_role("combobox", name="Card"), form.get_by_label("Id (optional)")
    card.press_sequentially("Grizzly")
    expect(given).to_have_value("grizzly")
    expect(card).to_be_focused()  # not left
    given.fill("mine")
    card.fill("")
    card.press_sequentially("Bushi")
    page.get_by_role("option", name="Bushi Tenderfoot").click()
    expect(given).to_have_value("mine")
    given.fill("")
    card.press_sequentially(" ")
    expect(given).to_have_value("bushi")
    given.fill("mine")
    form.get_by_role("button", name="Add card").click()
    settle(page)
    assert playground_scenario(page)["steps"][-1] == {"put": "Bushi Tenderfoot", "as": "mine"}


def test_a_name_the_list_offers_more_than_once_is_refused_naming_them(page: Page,
                                                                      site: Site) -> None:
    """"budoka" is two cards' names: nothing is added and the message names both (not "did
    you mean" one of them); a message under the form goes as soon as the field changes, the
    model's too, above the board as well."""
    open_playground(page, site.page_url(PLAYGROUND))
    form = page.locator(".fc-pg-add-form")
    search = form.get_by_role("combobox", name="Card")
    message = form.locator(".fc-pg-form-error")
    search.click()
    page.keyboard.type("budoka")
    page.keyboard.press("Enter")
    expect(message).to_have_text("\u201cbudoka\u201d is ambiguous: it could be \u201cBudoka "
                                 "Gardener\u201d or \u201cBudoka Pupil\u201d. Type more of the "
                                 "name you mean.")
    expect(page.get_by_role("listbox")).to_be_hidden()
    expect(search).to_be_focused()
    assert page.evaluate("location.hash") == ""  # nothing was added
    page.keyboard.type(" p")
    expect(message).to_have_text("")
    search.fill("Bushi Tenderfot")  # offered by no name: the model says what it may be
    form.get_by_role("button", name="Add card").click()
    settle(page)
    alert = page.locator(".fc-pg-alert")
    expect(message).to_contain_text("did you mean")
    expect(alert).to_contain_text("did you mean")
    search.click()
    page.keyboard.press("End")
    page.keyboard.press("Backspace")
    expect(message).to_have_text("")
    expect(alert).to_have_text("")


def test_erayo_soratami_ascendant_typed_as_erayo_is_the_card_not_two_names(
        page: Page, site: Site) -> None:
    """"Erayo" matches both halves of one card: that was refused as ambiguous, as if they were
    two cards. It is the card, put unflipped as any card is unless told; its bottom half's name
    is still how to put it flipped."""
    open_playground(page, site.page_url(PLAYGROUND))
    form = page.locator(".fc-pg-add-form")
    search = form.get_by_role("combobox", name="Card")
    search.click()
    page.keyboard.type("erayo")
    page.keyboard.press("Enter")
    settle(page)
    expect(form.locator(".fc-pg-form-error")).to_have_text("")
    assert playground_scenario(page)["steps"][-1]["put"] == "Erayo, Soratami Ascendant"
    expect(page.locator(".fc-pg-permanent .fc-pg-name")).to_have_text(
        ["Erayo, Soratami Ascendant"])
    search.fill("erayo's")
    page.keyboard.press("Enter")
    settle(page)
    assert playground_scenario(page)["steps"][-1]["put"] == "Erayo's Essence"
    assert_drawn_as_the_model_says(page)


def test_a_card_box_opens_its_list_when_asked_and_the_list_never_covers_the_buttons(
        page: Page, site: Site) -> None:
    """Name card's dialog used to open the card list as its field took focus: the list, cut off
    by the dialog's edge, covered "Do it", and the first Escape only closed it. The list now
    opens as the reader types or presses the down arrow, and pushes what follows down."""
    open_playground(page, site.page_url(PLAYGROUND))
    dialog = page.locator("dialog.fc-pg-dialog")
    name_card = page.locator('.fc-pg-game-actions .fc-pg-verb[data-verb="name_card"]')
    name_card.click()
    search = dialog.get_by_role("combobox", name="Card")
    expect(search).to_be_focused()
    expect(search).to_have_attribute("aria-expanded", "false")
    expect(dialog.get_by_role("listbox")).to_be_hidden()
    page.keyboard.press("Escape")
    expect(dialog).not_to_be_visible()
    name_card.click()
    expect(search).to_be_focused()
    page.keyboard.press("Alt+ArrowDown")  # every card, none chosen yet
    expect(dialog.get_by_role("listbox")).to_be_visible()
    expect(search).to_have_attribute("aria-expanded", "true")
    assert search.get_attribute("aria-activedescendant") is None
    page.keyboard.type("s")
    listbox = dialog.get_by_role("listbox")
    do_it = dialog.get_by_role("button", name="Do it")
    expect(listbox).to_be_visible()
    # Above the form's other fields, not over them.
    assert listbox.evaluate("""(list) => list.getBoundingClientRect().bottom
        <= list.closest("form").querySelector(".fc-pg-field-check").getBoundingClientRect().top""")
    search.fill("shock")
    expect(listbox).to_be_visible()
    do_it.click()  # the button itself, not an option over it
    settle(page)
    expect(dialog).not_to_be_visible()
    form = page.locator(".fc-pg-add-form")
    form.get_by_role("combobox", name="Card").fill("curse of the fire penguin")
    expect(page.get_by_role("listbox").get_by_role("option")).to_have_count(2)
    form.get_by_label("Zone (optional)").select_option("hand")  # (no creature to enchant)
    form.get_by_role("button", name="Add card").click()
    settle(page)
    assert playground_scenario(page)["steps"] == [
        {"name_card": "Shock", "as": "shock"},
        {"put": "Curse of the Fire Penguin", "as": "curse", "zone": "hand"}]


def test_counters_take_at_least_one_and_a_removal_says_only_what_was_asked(page: Page,
                                                                             site: Site) -> None:
    """Adding 0 counters was a step whose line in the steps list was empty after the colon:
    the form refuses it, as a negative number; a removal's line no longer says that counters
    were removed when the card had none (what happened says so)."""
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Cunning Bandit")

    def ki(field: str, typed: str) -> Callable[[Locator], None]:
        def fill(dialog: Locator) -> None:
            dialog.get_by_label("Kind").select_option("ki")
            dialog.get_by_label(field).fill(typed)
        return fill

    for typed in ("0", "-1"):
        dialog = act(page, "cunning", "counters", ki("Add (optional)", typed), done=False)
        expect(dialog.locator(".fc-pg-form-error")).to_have_text(
            "\u201cAdd\u201d must be at least 1.")
        page.keyboard.press("Escape")
        expect(dialog).not_to_be_visible()
    assert len(playground_scenario(page)["steps"]) == 1
    act(page, "cunning", "counters", ki("Remove (optional)", "5"))
    expect(page.locator(".fc-pg-history .fc-pg-step").last).to_have_text(
        "2. Alice's Cunning Bandit: up to 5 ki counters removed")
    expect(page.locator(".fc-pg-log")).to_contain_text("none is removed")


def test_a_number_too_large_for_a_field_is_called_too_large(page: Page, site: Site) -> None:
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Grizzly Bears")
    page.locator('.fc-pg-act[data-key="act:grizzly"]').click()
    dialog = page.locator("dialog.fc-pg-dialog")
    dialog.locator('.fc-pg-verb[data-verb="counters"]').click()
    number = dialog.locator("input.fc-pg-number").first
    number.fill("99999999999999999999")
    dialog.get_by_role("button", name="Do it").click()
    error = dialog.locator(".fc-pg-form-error")
    expect(error).to_contain_text("\u201d is too large a number.")
    number.fill("2.5")
    dialog.get_by_role("button", name="Do it").click()
    expect(error).to_contain_text("must be a whole number.")
    assert len(playground_scenario(page)["steps"]) == 1


SCHEMES = {"light": "default", "dark": "slate"}


@pytest.mark.parametrize("scheme", list(SCHEMES))
def test_no_serious_accessibility_violations(page: Page, site: Site, scheme: str) -> None:
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    scenario = {"rules": "current", "steps": [
        {"put": "Bushi Tenderfoot", "as": "hero", "flipped": True},
        {"put": "Jushi Apprentice", "as": "jushi", "zone": "hand"},
        {"put": "Pacifism", "as": "aura", "attached_to": "hero"},
        {"counters": "hero", "kind": "+1/+1", "add": 1}, {"tap": "hero"},
        {"flip": "nobody-is-here-so-this-link-is-bad"}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    assert page.evaluate("document.body.dataset.mdColorScheme") == SCHEMES[scheme]
    page.locator(".fc-pg-alert").wait_for()
    paste_link(page, playground_fragment({**scenario, "steps": scenario["steps"][:-1]}))
    page.locator(".fc-pg-pt").first.focus()
    page.get_by_role("button", name="Show as Python").click()
    settle(page)
    serious = _serious(Axe().run(page).response)
    assert serious == []
    # A card's actions open (its own ability first), then one of its forms.
    page.get_by_role("button", name="Act on Kenzo the Hardhearted (hero)").click()
    expect(page.get_by_role("dialog", name="Act on Kenzo the Hardhearted (hero)")).to_be_visible()
    assert _serious(Axe().run(page).response) == []
    page.locator('dialog .fc-pg-verb[data-verb="effect"]').click()
    assert _serious(Axe().run(page).response) == []


def _serious(results: dict[str, Any]) -> list[str]:
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']]}"
            for v in results["violations"] if v["impact"] in {"serious", "critical"}]


def assert_fits_a_phone(page: Page, selector: str) -> None:
    """Nothing scrolls sideways, and every control `selector` finds is 44 by 44 px or more."""
    sideways = page.evaluate(
        "[document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth]")
    assert sideways[0] <= sideways[1], f"the page scrolls sideways ({sideways})"
    controls = page.locator(selector).all()
    assert controls, selector
    for control in controls:
        box = control.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, (
            control.evaluate("(c) => c.outerHTML.slice(0, 120)"), box)


def test_a_390_px_phone_with_touch(browser: Browser, site: Site) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True, device_scale_factor=2)
    context.set_default_timeout(LOAD_TIMEOUT_MS)
    page = context.new_page()
    try:
        open_playground(page, site.page_url(PLAYGROUND))
        form = page.locator(".fc-pg-add-form")
        form.get_by_role("combobox", name="Card").tap()
        page.keyboard.type("Budoka")
        page.get_by_role("option", name="Budoka Gardener").first.tap()
        form.get_by_role("button", name="Add card").tap()
        settle(page)
        # A tap on the card opens its actions as a sheet along the bottom of the screen, its
        # own ability first, in the card's words.
        page.locator('.fc-pg-permanent[data-id="budoka"] .fc-pg-frame').tap()
        sheet = page.get_by_role("dialog", name="Act on Budoka Gardener (budoka)")
        expect(sheet).to_be_visible()
        expect(sheet.locator("ul button").first).to_have_text(
            "{T}: You may put a land card from your hand onto the battlefield.")
        box = sheet.bounding_box()
        assert box is not None and abs(box["y"] + box["height"] - 844) <= 1, box
        assert box["x"] <= 1 and box["width"] >= 388, box
        assert_fits_a_phone(page, "dialog[open] button:visible")
        sheet.locator('.fc-pg-verb[data-verb="flip"]').tap()
        page.locator("dialog").get_by_role("button", name="Do it").tap()
        settle(page)
        expect(page.locator('.fc-pg-permanent[data-id="budoka"] .fc-pg-name')).to_have_text(
            "Dokai, Weaver of Life")
        # The P/T breakdown on a tap.
        page.locator(".fc-pg-pt").first.tap()
        expect(page.get_by_role("tooltip").first).to_be_visible()
        assert_fits_a_phone(page, ".fc-playground button:visible, .fc-playground summary:visible")
        form = page.locator(".fc-pg-add-form")
        form.get_by_role("combobox", name="Card").tap()
        page.keyboard.type("b")  # the list opens as the reader types
        assert_fits_a_phone(page, "[role=option]:visible")
        assert_drawn_as_the_model_says(page)
    finally:
        context.close()


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_wcag_3_3_1_a_refused_action_s_message_and_its_button_are_in_view(
        browser: Browser, site: Site, width: int, height: int) -> None:
    """A refusal is written in the form, above "Do it": the form stayed where it was, and on a
    phone the message was cut off at the screen's edge with "Do it" (focused) pushed below
    it. Both are in view once the refusal is written."""
    context = browser.new_context(viewport={"width": width, "height": height},
                                  has_touch=width < 500, is_mobile=width < 500)
    context.set_default_timeout(LOAD_TIMEOUT_MS)
    page = context.new_page()
    scenario = {"rules": "current", "steps": [
        {"put": "Grizzly Bears", "owner": "Bob", "as": "bears"},
        {"put": "Giant Growth", "zone": "graveyard", "as": "giant"}]}
    try:
        open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
        page.locator('.fc-pg-game-actions .fc-pg-verb[data-verb="cast"]').click()
        dialog = page.locator("dialog.fc-pg-dialog")
        dialog.locator('[data-field="cast"]').fill("giant")
        dialog.get_by_role("button", name="Do it").click()
        error = dialog.locator(".fc-pg-form-error")
        expect(error).to_contain_text("is in Alice's graveyard")
        for shown in (error, dialog.get_by_role("button", name="Do it")):
            box = shown.bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height + 1, box
    finally:
        context.close()


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_a_tapped_flipped_permanent_leans_within_its_place(
        browser: Browser, site: Site, width: int, height: int) -> None:
    """On a phone a tapped Kenzo, leaning, reached over the Forest beside it: each card's
    frame, as drawn, stays clear of its neighbour's."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(LOAD_TIMEOUT_MS)
    page = context.new_page()
    scenario = {"rules": "current", "steps": [
        {"put": "Bushi Tenderfoot", "flipped": True, "as": "bushi"}, {"tap": "bushi"},
        {"put": "Forest", "as": "forest"}, {"tap": "forest"}, {"put": "Grizzly Bears"}]}
    try:
        open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
        frames = page.locator(".fc-pg-permanent .fc-pg-frame")
        expect(frames).to_have_count(3)
        # (Once the lean's transition, if any, is over.)
        page.wait_for_function("""() => [...document.querySelectorAll('.fc-pg-frame')]
            .every((frame) => frame.getAnimations().length === 0)""")
        boxes = frames.evaluate_all(
            "(all) => all.map((f) => { const b = f.getBoundingClientRect();"
            " return [b.left, b.top, b.right, b.bottom]; })")
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                overlap = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
                assert overlap[0] <= 0 or overlap[1] <= 0, (a, b)
    finally:
        context.close()


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_the_page_opens_on_the_board_with_how_it_works_below(browser: Browser, site: Site,
                                                             width: int, height: int) -> None:
    """The table is the page: the board starts within the first screen (five paragraphs of
    help used to fill it, and more than it on a phone); the help follows the playground and
    the line above the board links to it."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(LOAD_TIMEOUT_MS)
    page = context.new_page()
    try:
        open_playground(page, site.page_url(PLAYGROUND))
        assert page.evaluate("scrollY") == 0
        top = page.locator(".fc-pg-board").evaluate("(board) => board.getBoundingClientRect().top")
        assert top < height - 60, top
        help_heading = page.get_by_role("heading", name="How it works")
        assert help_heading.evaluate(
            """(heading) => Boolean(document.querySelector(".fc-playground")
                   .compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING)""")
        page.get_by_role("link", name="How it works").click()
        expect(help_heading).to_be_in_viewport()
    finally:
        context.close()


def test_wcag_1_4_10_at_200_percent_zoom_the_log_and_steps_boxes_fit_the_window(
        browser: Browser, site: Site) -> None:
    """A 1280 x 900 window at 200% is 640 x 450: the log and the steps, boxes of 24rem (480 px),
    were taller than the window under its header, never seen whole (their heading or their
    newest lines cut, the page and the box scrolling inside each other)."""
    context = browser.new_context(viewport={"width": 640, "height": 450})
    context.set_default_timeout(LOAD_TIMEOUT_MS)
    page = context.new_page()
    scenario = {"rules": "current", "steps": [{"put": "Bushi Tenderfoot", "as": "hero"},
                                              *({"gain_life": "Alice", "amount": 1}
                                                for _ in range(30))]}
    try:
        open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
        header = page.locator(".md-header").evaluate("(h) => h.getBoundingClientRect().height")
        for box in (".fc-pg-log", ".fc-pg-history"):
            height = page.locator(box).evaluate("(b) => b.getBoundingClientRect().height")
            assert height <= 450 - header - 40, (box, height, header)
    finally:
        context.close()


def test_a_refused_step_is_told_beside_its_form_and_forgotten_with_its_dialog(
        page: Page, site: Site) -> None:
    """A card the model refuses to add (flipped in a hand) used to be told only in the alert
    above the board, out of view: the card box seemed to do nothing. The message is now beside
    the form too, and what was typed stays. A dialog closed after a refused try takes its
    message from the page's alert with it (it stayed until a later action)."""
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Bushi Tenderfoot", zone="hand", flipped=True)
    form = page.locator(".fc-pg-add-form")
    expect(form.locator(".fc-pg-form-error")).to_contain_text("flipped")
    expect(form.get_by_role("combobox", name="Card")).to_have_value("Bushi Tenderfoot")
    add_card(page, "Grizzly Bears")
    expect(form.locator(".fc-pg-form-error")).to_have_text("")
    alert = page.locator(".fc-pg-alert")
    dialog = act(page, "grizzly", "counters",
                 lambda d: d.get_by_label("Add (optional)").fill("2000000"), done=False)
    expect(dialog.locator(".fc-pg-form-error")).to_contain_text("from 1 to 1,000,000")
    expect(alert).to_contain_text("from 1 to 1,000,000")
    page.keyboard.press("Escape")
    expect(dialog).not_to_be_visible()
    expect(alert).to_have_text("")
    assert_drawn_as_the_model_says(page)


def test_an_empty_table_leads_to_the_card_box(browser: Browser, site: Site) -> None:
    """On a phone the add-card box is below the empty board, out of the first screen; the
    board's first line, "No permanents.", offers "Add a card", which brings the box into view
    with its card field focused, so the reader can type at once."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    context.set_default_timeout(LOAD_TIMEOUT_MS)
    page = context.new_page()
    try:
        open_playground(page, site.page_url(PLAYGROUND))
        field = page.locator('.fc-pg-add [data-field="put"]')
        expect(field).not_to_be_in_viewport()
        go = page.get_by_role("button", name="Add a card")
        expect(go).to_have_count(1)
        go.click()
        expect(field).to_be_focused()
        expect(field).to_be_in_viewport()
        page.keyboard.type("Grizzly Bears")
        add_card(page, "Grizzly Bears")
        expect(page.locator(".fc-pg-permanent[data-id]")).to_have_count(1)
        expect(page.get_by_role("button", name="Add a card")).to_have_count(0)
    finally:
        context.close()


def test_a_card_put_attacks_at_once_as_the_card_box_tells(page: Page, site: Site) -> None:
    """A card put is part of the set-up, there since before the turn (no summoning sickness):
    the card box says so, and an attack right after it is taken."""
    open_playground(page, site.page_url(PLAYGROUND))
    field = page.locator('.fc-pg-add [data-field="put"]')
    expect(field).to_have_accessible_description(re.compile(
        "has been there since before this turn: it can attack or be tapped for mana at once"))
    add_card(page, "Akki Lavarunner")
    act(page, "akki", "attack")
    expect(page.locator(".fc-pg-alert")).to_have_text("")
    assert playground_scenario(page)["steps"][-1] == {"attack": "akki"}
    assert_drawn_as_the_model_says(page)


def test_710_2_a_todays_game_cites_the_flip_rules_by_todays_numbers(page: Page,
                                                                     site: Site) -> None:
    """Today's 508 is the declare attackers step: a game under today's rules cited its flip
    as "rule 508.2" (and the Flip action as "rule 508.4"), a combat rule to a reader who quotes
    it. It cites today's numbers, and their pages, which say what the rule was in 2004."""
    open_playground(page, site.page_url(PLAYGROUND))
    page.get_by_role("radio", name="Today's").check()
    settle(page)
    add_card(page, "Bushi Tenderfoot")
    page.locator('.fc-pg-act[data-key="act:bushi"]').click()
    dialog = page.locator("dialog.fc-pg-dialog")
    dialog.locator('.fc-pg-verb[data-verb="flip"]').click()
    hint = dialog.get_by_role("link", name="rule 710.4")
    assert hint.get_attribute("href") == site.page_url("rules/710.4/")
    dialog.get_by_role("button", name="Do it").click()
    settle(page)
    log = page.locator(".fc-pg-log")
    rule = log.get_by_role("link", name="rule 710.2").first
    assert rule.get_attribute("href") == site.page_url("rules/710.2/")
    expect(log.get_by_role("link", name=re.compile(r"rule 508"))).to_have_count(0)


@pytest.mark.parametrize(("typed", "name"), [("Kuon\u2019s Essence", "Kuon's Essence"),
                                             ("tok tok", "Tok-Tok, Volcano Born")])
def test_the_card_box_takes_a_name_as_a_phone_types_it(page: Page, site: Site, typed: str,
                                                       name: str) -> None:
    """A phone keyboard's curly apostrophe, or a space for a hyphen: the card box offered no
    name, and Add card was refused ("no card named ..."), the reader left to spot
    the apostrophe and type the name again."""
    open_playground(page, site.page_url(PLAYGROUND))
    form = page.locator(".fc-pg-add-form")
    form.get_by_role("combobox", name="Card").fill(typed)
    expect(page.get_by_role("option", name=name).first).to_be_visible()
    form.get_by_role("button", name="Add card").click()
    settle(page)
    expect(page.locator(".fc-pg-alert")).to_have_text("")
    assert playground_scenario(page)["steps"][-1]["put"] == name
    expect(page.locator(".fc-pg-permanent .fc-pg-name").first).to_have_text(name)


def test_509_1a_block_offers_only_the_attacking_creatures(page: Page, site: Site) -> None:
    """A creature blocks an attacking creature: Block's list of attackers offered every object
    of the board, the blocker itself first among them."""
    scenario = {"rules": "current", "steps": [
        {"put": "Bushi Tenderfoot", "as": "bushi"}, {"put": "Runeclaw Bear", "as": "claw"},
        {"put": "Grizzly Bears", "owner": "Bob", "as": "bears"}, {"attack": ["bushi"]}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")

    def fill(dialog: Locator) -> None:
        attacker = dialog.get_by_label("Attacker")
        options = attacker.locator("option").all_text_contents()
        assert options == ["— choose —", "Bushi Tenderfoot (bushi) — Alice's battlefield"], options
        attacker.select_option("bushi")

    act(page, "bears", "block", fill)
    assert playground_scenario(page)["steps"][-1] == {"block": "bears", "attacker": "bushi"}
    assert_drawn_as_the_model_says(page)
    # The board says who attacks whom and what blocks what (tapped alone did not tell an
    # attacker from a creature tapped for mana), on screen and in each card's name.
    bushi = page.locator('.fc-pg-permanent[data-id="bushi"]')
    expect(bushi.locator(".fc-pg-combat")).to_have_text(
        ["attacking Bob", "blocked by Grizzly Bears (bears)"])
    expect(bushi).to_have_attribute("aria-label", "Bushi Tenderfoot (bushi), tapped, attacking "
                                                  "Bob, blocked by Grizzly Bears (bears)")
    bears = page.locator('.fc-pg-permanent[data-id="bears"]')
    expect(bears.locator(".fc-pg-combat")).to_have_text(["blocking Bushi Tenderfoot (bushi)"])
    expect(page.locator('.fc-pg-permanent[data-id="claw"] .fc-pg-combat')).to_have_count(0)


def test_508_1a_a_step_of_three_attackers_lists_them_as_a_sentence_does(
        page: Page, site: Site) -> None:
    """"Alice's Bushi Tenderfoot and Alice's Hired Muscle and Alice's Akki Lavarunner attack":
    a list of three reads with commas."""
    scenario = {"rules": "current", "steps": [
        {"put": "Bushi Tenderfoot", "as": "bushi"}, {"put": "Runeclaw Bear", "as": "claw"},
        {"put": "Akki Lavarunner", "as": "akki"}, {"attack": ["bushi", "claw", "akki"]}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    expect(page.locator(".fc-pg-history .fc-pg-step").last).to_contain_text(
        "4. Alice's Bushi Tenderfoot, Alice's Runeclaw Bear and Alice's Akki Lavarunner attack")


def test_508_1a_attack_declares_several_attackers_from_one_card(page: Page, site: Site) -> None:
    """508.1a: the active player declares all their attackers at once. Attack, chosen on one
    creature, acted on that one alone, and a second Attack was refused (one combat a turn):
    by clicking, only one creature could ever attack. The form lists the controller's other
    untapped creatures to attack with it (not Bob's, not a tapped one, not a land)."""
    open_playground(page, site.page_url(PLAYGROUND))
    for name in ("Akki Lavarunner", "Grizzly Bears", "Runeclaw Bear", "Forest"):
        add_card(page, name)
    add_card(page, "Grizzly Bears", owner="Bob")
    act(page, "runeclaw", "tap")
    # Nor one that came under Alice's control this turn (302.6): it would have the whole
    # declaration refused.
    add_card(page, "Kitsune Mystic", owner="Bob")
    act(page, "kitsune", "gain_control",
        lambda dialog: dialog.get_by_label("Player", exact=True).select_option("Alice"))
    page.locator('.fc-pg-act[data-key="act:akki"]').click()
    dialog = page.locator("dialog.fc-pg-dialog")
    dialog.locator('.fc-pg-verb[data-verb="attack"]').click()
    choices = dialog.locator(".fc-pg-checks .fc-pg-choice")
    expect(choices).to_have_text([
        re.compile(r"^\s*Akki Lavarunner \(akki\)$"),
        re.compile(r"^\s*Grizzly Bears \(grizzly\) — Alice's battlefield$")])
    expect(dialog.get_by_label("Akki Lavarunner (akki)")).to_be_checked()
    dialog.get_by_label("Grizzly Bears (grizzly) — Alice's battlefield").check()
    dialog.get_by_role("button", name="Do it").click()
    settle(page)
    expect(dialog).not_to_be_visible()
    expect(page.locator(".fc-pg-alert")).to_have_text("")
    assert playground_scenario(page)["steps"][-1] == {"attack": ["akki", "grizzly"]}
    assert_drawn_as_the_model_says(page)


def test_a_cards_drawn_title_wraps_between_words_on_a_phone(browser: Browser,
                                                             site: Site) -> None:
    """On a phone, two cards side by side drew "Budo / ka Pupil" and "Hired Musc / le": the
    playground's break-anywhere (for names without spaces) let a title's words break though
    the card had room for each. Each word of a drawn title is on one line."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    context.set_default_timeout(LOAD_TIMEOUT_MS)
    page = context.new_page()
    try:
        scenario = {"rules": "current", "steps": [
            {"put": name, "as": f"c{n}"} for n, name in enumerate(
                ("Budoka Pupil", "Hired Muscle", "Kitsune Mystic", "Orochi Eggwatcher"))]}
        open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
        broken = page.evaluate("""() => {
            const found = [];
            for (const name of document.querySelectorAll(".fc-pg-frame .fc-card-name")) {
              const text = name.firstChild;
              for (const word of text.textContent.matchAll(/\\S+/g)) {
                const range = document.createRange();
                range.setStart(text, word.index);
                range.setEnd(text, word.index + word[0].length);
                const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
                if (tops.size > 1) found.push(word[0]);
              }
            }
            return found;
        }""")
        assert broken == []
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    finally:
        context.close()


def test_the_page_stays_where_the_reader_is_as_the_board_is_drawn(browser: Browser,
                                                                   site: Site) -> None:
    """The log and the steps scroll in their own boxes, to their newest line and to the step
    shown; the page itself moves only when the reader moves it (it used to jump to the log as it
    opened and after every click)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    context.set_default_timeout(LOAD_TIMEOUT_MS)
    page = context.new_page()
    try:
        steps: list[dict[str, Any]] = [{"put": "Grizzly Bears", "as": f"bears{n}"}
                                       for n in range(1, 31)]
        link = playground_fragment({"rules": "2004", "steps": steps})
        open_playground(page, f"{site.page_url(PLAYGROUND)}#{link}")
        assert page.evaluate("scrollY") == 0  # (it jumped to the log as the log was drawn)
        for box, item in ((".fc-pg-log", ":scope > li:last-child"),
                          (".fc-pg-history", "[aria-current=step]")):
            assert page.locator(box).evaluate("(box) => box.scrollHeight > box.clientHeight")
            # (Lines are drawn as they come into view, and grow as they are: a frame or two.)
            page.wait_for_function("""([box, item]) => {
                box = document.querySelector(box);
                const outer = box.getBoundingClientRect();
                const inner = box.querySelector(item).getBoundingClientRect();
                return inner.top >= outer.top - 2 && inner.bottom <= outer.bottom + 2;
            }""", arg=[box, item], timeout=5_000)
        # A card added from the form below: the form stays in view, under the reader's finger.
        form = page.locator(".fc-pg-add-form")
        form.get_by_role("combobox", name="Card").tap()
        page.keyboard.type("Budoka")
        page.get_by_role("option", name="Budoka Gardener").first.tap()
        add = form.get_by_role("button", name="Add card")
        add.scroll_into_view_if_needed()
        before = add.bounding_box()
        add.tap()
        settle(page)
        after = add.bounding_box()
        assert before and after and 0 <= after["y"] <= 844 - after["height"], (before, after)
        assert page.locator(".fc-pg-history [aria-current=step]").inner_text().startswith("31.")
    finally:
        context.close()


def tapped_in_turn(count: int) -> list[dict[str, Any]]:
    """A situation of `count` steps: a Tenderfoot put into play, then tapped and untapped."""
    return [{"put": "Bushi Tenderfoot", "as": "hero"},
            *({"untap" if n % 2 else "tap": "hero"} for n in range(count - 1))]


def ink_at_left_edge(box: Locator) -> int:
    """How many pixels of the box's two leftmost columns are drawn darker than the page: text
    cut at its edge (the box scrolls, so it cuts what sticks out)."""
    from PIL import Image

    picture = Image.open(io.BytesIO(box.screenshot())).convert("L")
    return sum(picture.getpixel((x, y)) < 160 for x in range(2) for y in range(picture.height))


def test_a_link_of_the_most_steps_opens_with_every_line_numbered_whole(page: Page,
                                                                       site: Site) -> None:
    """The log's lines are numbered left of them, inside its scrolling box: every number is
    shown whole (from 10 on the box cut off their first digit). And a link of the most steps
    the model takes opens: the board's reply was capped as an example's output is (100 kB), and
    a situation of 1,000 steps, which the playground makes and shares, could not be opened."""
    for count, numbers in ((12, 2), (MAX_STEPS, 4)):
        link = playground_fragment({"rules": "2004", "steps": tapped_in_turn(count)})
        open_playground(page, f"{site.page_url(PLAYGROUND)}#{link}")
        expect(page.locator(".fc-pg-status")).to_contain_text(f"{count:,} steps")
        log = page.locator(".fc-pg-log")
        expect(log.locator(":scope > li")).to_have_count(count)
        assert len(str(count)) == numbers
        page.wait_for_function("""() => {
            const box = document.querySelector(".fc-pg-log");
            const last = box.lastElementChild.getBoundingClientRect();
            return last.bottom <= box.getBoundingClientRect().bottom + 1;
        }""")
        assert ink_at_left_edge(log) == 0, f"a number is cut at the log's edge ({count} lines)"
    expect(page.locator(".fc-pg-history [aria-current=step]")).to_contain_text(f"{MAX_STEPS}.")


def test_a_printed_situation_shows_every_line_and_none_of_the_controls(page: Page,
                                                                       site: Site) -> None:
    """On paper: the board, what happened and the steps, whole (on screen they scroll in boxes,
    and printed they were cut to the lines in view), without buttons or the words on clicking."""
    link = playground_fragment({"rules": "2004", "steps": tapped_in_turn(40)})
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{link}")
    page.emulate_media(media="print")
    try:
        for box in (".fc-pg-log", ".fc-pg-history"):
            assert page.locator(box).evaluate("(box) => box.scrollHeight <= box.clientHeight + 1")
        expect(page.locator(".fc-pg-log > li")).to_have_count(40)
        last_lines = page.locator(".fc-pg-log > li").nth(39)
        expect(last_lines).to_be_visible()
        assert last_lines.evaluate("(line) => line.getBoundingClientRect().height") > 10
        expect(page.locator(".fc-pg-board")).to_be_visible()
        expect(page.locator(".fc-pg-board .fc-pg-permanent")).to_have_count(1)
        for hidden in (".fc-pg-header", ".fc-pg-verbs", ".fc-pg-add", ".fc-pg-act",
                       ".fc-pg-status", ".md-typeset > p", ".md-typeset > h2"):
            for each in page.locator(hidden).all():
                expect(each).to_be_hidden()
    finally:
        page.emulate_media(media="screen")


# --- the page and the model speak in data -----------------------------------------------------

#: Before any page script: each worker is told apart by its role (its name), and every message
#: the page posts to a worker is kept, as the worker receives it.
SPY_ON_WORKERS = """(() => {
  const Original = window.Worker;
  const roles = new WeakMap();
  window.__fcSent = [];
  window.Worker = class extends Original {
    constructor(url, options) {
      super(url, options);
      roles.set(this, options?.name ?? "");
    }
  };
  const post = Original.prototype.postMessage;
  Original.prototype.postMessage = function (message, ...rest) {
    const copy = JSON.parse(JSON.stringify(message));
    window.__fcSent.push({ role: roles.get(this) ?? "", message: copy });
    return post.call(this, message, ...rest);
  };
})();"""


def test_the_model_is_sent_requests_as_data_never_code(page: Page, site: Site) -> None:
    page.add_init_script(SPY_ON_WORKERS)
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Bushi Tenderfoot")
    act(page, "bushi", "flip")
    page.get_by_role("button", name="Show as Python").click()
    settle(page)
    expect(page.get_by_label("The situation as Python")).to_contain_text("flip")
    page.get_by_role("button", name="Undo (2 steps)").click()
    settle(page)
    sent = page.evaluate("window.__fcSent")
    to_model = [entry["message"] for entry in sent if entry["role"] == "model"]
    assert to_model, sent
    for message in to_model:
        assert set(message) == {"type", "id", "request"}, message
        assert message["type"] == "model", message
        assert isinstance(message["request"], str)
    requests = [json.loads(message["request"]) for message in to_model]
    assert {request["op"] for request in requests} == {"verbs", "playground", "python"}
    assert requests[0] == {"op": "verbs"}
    # The situation travels as itself: the last board asked for is the one after Undo (and
    # the open Python panel is shown again for it).
    boards = [request for request in requests if request["op"] == "playground"]
    assert boards[-1]["scenario"] == playground_scenario(page)
    assert requests[-1] == {"op": "python", "scenario": playground_scenario(page)}
    assert not any("import" in message["request"] for message in to_model)


def test_a_step_added_sends_only_that_step_and_the_board_stays_the_models_own(
        page: Page, site: Site) -> None:
    """A click on a long situation sends the model the new step alone (the model still has the
    rest) and draws the whole log; when the model has played something else meanwhile, the
    page sends the whole situation and the board is still right."""
    page.add_init_script(SPY_ON_WORKERS)
    steps: list[dict[str, Any]] = [{"put": "Bushi Tenderfoot", "as": "hero"},
                                   {"put": "Grizzly Bears", "as": "bears"}]
    steps += [{"counters": "bears", "kind": "+1/+1", "add": 1}] * 60
    open_playground(page, site.page_url(PLAYGROUND) + "#"
                    + playground_fragment({"rules": "current", "steps": steps}))
    page.evaluate("window.__fcSent.length = 0")
    act(page, "hero", "tap")
    sent = [json.loads(entry["message"]["request"]) for entry in page.evaluate("window.__fcSent")
            if entry["role"] == "model"]
    assert [(request["op"], request.get("step")) for request in sent] == [
        ("playground", {"tap": "hero"})]
    assert "scenario" not in sent[0]
    assert_drawn_as_the_model_says(page)
    # Another situation is played meanwhile (as an imported file that is then refused
    # would): the next step finds the model without the board's situation and sends it all.
    page.evaluate(f"""async (request) => {{
        const python = await {WORKER_CLIENT};
        await python.ask(request).result;
    }}""", json.dumps({"op": "playground", "scenario": {"rules": "2004", "steps": []}}))
    page.evaluate("window.__fcSent.length = 0")
    act(page, "hero", "untap")
    sent = [json.loads(entry["message"]["request"]) for entry in page.evaluate("window.__fcSent")
            if entry["role"] == "model"]
    assert [("after" in request, "scenario" in request) for request in sent] == [
        (True, False), (False, True)]
    scenario = assert_drawn_as_the_model_says(page)
    assert scenario["steps"][-2:] == [{"tap": "hero"}, {"untap": "hero"}]
    # Undo and Redo: the step redone is sent alone again.
    page.get_by_role("button", name="Undo").click()
    settle(page)
    page.evaluate("window.__fcSent.length = 0")
    page.get_by_role("button", name="Redo").click()
    settle(page)
    sent = [json.loads(entry["message"]["request"]) for entry in page.evaluate("window.__fcSent")
            if entry["role"] == "model"]
    assert [request.get("step") for request in sent] == [{"untap": "hero"}]
    assert_drawn_as_the_model_says(page)


# --- the board is the page ------------------------------------------------------------------


def test_a_new_user_flips_a_tenderfoot_from_its_own_card_and_shares_it(
    page: Page, site: Site, fresh_page: Page, traffic: Traffic
) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url[:-1])
    open_playground(page, site.page_url(PLAYGROUND))
    search = page.get_by_role("combobox", name="Card")
    # The suggestions show both halves of a flip card.
    search.fill("Bushi")
    suggestion = page.get_by_role("option", name="Bushi Tenderfoot")
    expect(suggestion).to_contain_text("Kenzo the Hardhearted")
    suggestion.click()
    page.get_by_role("button", name="Add card").click()
    settle(page)
    search.fill("Grizzly")
    page.get_by_role("option", name="Grizzly Bears").click()
    page.locator(".fc-pg-add-form").get_by_label("Owner (optional)").select_option("Bob")
    page.get_by_role("button", name="Add card").click()
    settle(page)
    bob = page.get_by_role("list", name="Bob's battlefield")
    expect(bob).to_contain_text("Grizzly Bears")
    # The Tenderfoot's own card: a click on it offers what it can do.
    tenderfoot = page.get_by_role("group", name="Bushi Tenderfoot (bushi)")
    tenderfoot.locator(".fc-pg-frame").click()
    sheet = page.get_by_role("dialog", name="Act on Bushi Tenderfoot (bushi)")
    expect(sheet).to_be_visible()
    # What its half says comes before the general actions.
    expect(sheet.get_by_role("list", name="Its abilities")).to_have_text(
        "No abilities other than the one that flips it.")
    sheet.get_by_role("button", name="Deal damage").click()
    form = page.get_by_role("dialog", name="Deal damage: Bushi Tenderfoot (bushi)")
    form.get_by_label("To").select_option(label="Grizzly Bears (grizzly) — Bob's battlefield")
    form.get_by_label("Amount").fill("2")
    form.get_by_role("button", name="Do it").click()
    settle(page)
    expect(form).to_be_hidden()
    kenzo = page.locator('.fc-pg-permanent[data-id="bushi"]')
    expect(kenzo.locator(".fc-pg-name")).to_have_text("Kenzo the Hardhearted")
    assert "is-turned" in (kenzo.locator(".fc-pg-frame").get_attribute("class") or "")
    expect(bob).to_have_count(0)  # the Bears died: Bob has no permanents
    expect(page.locator(".fc-pg-log")).to_contain_text(
        "Bushi Tenderfoot flips: it is now Kenzo the Hardhearted.")
    assert playground_scenario(page)["steps"] == [
        {"put": "Bushi Tenderfoot", "as": "bushi"},
        {"put": "Grizzly Bears", "as": "grizzly", "owner": "Bob"},
        {"deal_damage": "bushi", "to": "grizzly", "amount": 2}]
    assert_drawn_as_the_model_says(page)
    link = shared_link(page, site)
    open_playground(fresh_page, link)
    assert drawn_board(fresh_page) == drawn_board(page)
    expect(fresh_page.locator('.fc-pg-permanent[data-id="bushi"] .fc-pg-name')).to_have_text(
        "Kenzo the Hardhearted")
    assert traffic.errors == []


#: Situations with combat, the stack (with a target), a choice and a player who lost.
SITUATIONS: dict[str, dict[str, Any]] = {
    "an attack that flips": {"rules": "2004", "steps": [
        {"put": "Akki Lavarunner", "as": "akki"},
        {"put": "Grizzly Bears", "as": "bears", "owner": "Bob"},
        {"attack": ["akki"], "defender": "Bob"}, {"combat_damage": True}]},
    "a block that kills": {"rules": "current", "steps": [
        {"put": "Bushi Tenderfoot", "as": "bushi"},
        {"put": "Grizzly Bears", "as": "bears", "owner": "Bob"},
        {"attack": ["bushi"]}, {"block": "bears", "attacker": "bushi"},
        {"combat_damage": True}]},
    "an ability on the stack": {"rules": "2004", "steps": [
        {"put": "Budoka Gardener", "as": "budoka"},
        {"put": "Forest", "as": "forest", "zone": "hand"},
        {"activate": "budoka", "land": "forest", "hold": True}]},
    "a spell with a target on the stack": {"rules": "current", "steps": [
        {"put": "Grizzly Bears", "as": "bears", "owner": "Bob", "zone": "library"},
        {"put": "Cranial Extraction", "as": "cranial", "zone": "hand"},
        {"cast": "cranial", "target": "Bob", "naming": "Grizzly Bears", "hold": True}]},
    "the legend rule's choice": {"rules": "current", "steps": [
        {"put": "Bushi Tenderfoot", "as": "one", "flipped": True},
        {"put": "Bushi Tenderfoot", "as": "two"}, {"flip": "two", "keep": ["one"]}]},
    "a player who lost": {"rules": "2004", "steps": [{"lose_life": "Bob", "amount": 20}]},
}


def test_every_board_drawn_is_the_models_own_run(page: Page, site: Site) -> None:
    open_playground(page, site.page_url(PLAYGROUND))
    for name, scenario in SITUATIONS.items():
        paste_link(page, playground_fragment(scenario))
        assert page.locator(".fc-pg-alert").text_content() == "", name
        assert playground_scenario(page) == scenario, name
        assert_drawn_as_the_model_says(page)
    expect(page.locator(".fc-pg-lost")).to_have_text(
        "Bob has lost the game: 0 or less life")
    expect(page.locator(".fc-pg-over")).to_contain_text(
        "The game is over: Bob lost (0 or less life), and Alice won.")
    paste_link(page, playground_fragment(SITUATIONS["a spell with a target on the stack"]))
    expect(page.locator(".fc-pg-stack-item")).to_contain_text("targets Bob")


def test_603_3_the_stack_says_what_each_item_will_do(page: Page, site: Site) -> None:
    """A trigger on the stack said only what made it trigger ("it was put into a graveyard
    from play"), a spell only its name: a player deciding whether to respond had to know the
    cards. Each says what it will do; a trigger says why it is there after it."""
    open_playground(page, site.page_url(PLAYGROUND))
    paste_link(page, playground_fragment({"rules": "2004", "steps": [
        {"put": "Homura, Human Ascendant", "as": "homura"},
        {"put": "Shock", "zone": "hand", "as": "shock"},
        {"destroy": "homura", "hold": True},
        {"cast": "shock", "target": "Bob", "hold": True}]}))
    expect(page.locator(".fc-pg-stack-item")).to_have_text([
        "Shock (shock) · spell · Alice · targets Bob — 2 damage to any target",
        "Homura, Human Ascendant (homura) · triggered · Alice — return it to play flipped "
        "(triggered: it was put into a graveyard from play)"])


def test_the_steps_of_the_stack_mana_looks_and_checks_are_said_in_words(page: Page,
                                                                        site: Site) -> None:
    """Every step is listed in words a player reads; ordering triggers, mana, a revealed hand,
    a name, a search and a check were listed by their verb alone ("Expect", "Search library")."""
    steps: list[dict[str, Any]] = [
        {"put": "Callow Jushi", "as": "jushi"}, {"put": "Faithful Squire", "as": "squire"},
        {"counters": "jushi", "kind": "ki", "add": 2},
        {"counters": "squire", "kind": "ki", "add": 2},
        {"end_step": True, "hold": True}, {"order_triggers": ["squire", "jushi"], "hold": True},
        {"resolve": "all"}, {"add_mana": "Alice", "mana": "{R}{R}"}, {"reveal_hand": "Bob"},
        {"name_card": "Kenzo the Hardhearted", "as": "named"},
        {"search": "library", "player": "Alice", "for": {"supertypes": ["Legendary"]},
         "as": "found"},
        {"expect": {"jushi": {"flipped": True, "tapped": False, "name": "Jaraku the Interloper"},
                    "players": {"Alice": {"life": 20}}}},
        {"search": "battlefield", "for": {"colors": ["R"], "subtypes": ["Goblin"],
                                          "types": ["Creature"]}, "as": "goblins"}]
    link = playground_fragment({"rules": "current", "steps": steps})
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{link}")
    assert page.locator(".fc-pg-history li").all_inner_texts()[6:] == [
        "6. The triggered abilities go on the stack: Alice's Faithful Squire and Alice's Callow "
        "Jushi, the first resolving first",
        "7. The stack resolves",
        "8. Alice adds {R}{R}",
        "9. Bob reveals their hand",
        "10. \u201cKenzo the Hardhearted\u201d is named",
        "11. Alice looks through their library for Legendary cards",
        "12. Expected: Alice's Jaraku the Interloper: flipped, not tapped, "
        "name Jaraku the Interloper; "
        "Alice: life 20",
        "13. Alice looks through the permanents they control for red Goblin Creatures",
    ]
    # Mana added and not spent is on the board (spells are cast as if paid for: in a 2004
    # game it burned at the step's end, and nothing had shown it was there).
    expect(page.locator(".fc-pg-life").first).to_have_text("Alice 20 ({R}{R} in the mana pool)")
    expect(page.locator(".fc-pg-life").nth(1)).to_have_text("Bob 20")


def test_a_move_offers_the_other_zones(page: Page, site: Site) -> None:
    """400.7: a move is a zone change; the model refuses one to the zone the card is in, and
    the form does not offer it (the library aside: the card goes to its top)."""
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Bushi Tenderfoot")
    page.locator('.fc-pg-act[data-key="act:bushi"]').click()
    dialog = page.locator("dialog.fc-pg-dialog")
    dialog.locator('.fc-pg-verb[data-verb="move"]').click()
    zones = dialog.locator('[data-field="to"] option').all_inner_texts()
    assert "battlefield" not in zones
    assert {"library", "hand", "graveyard", "exile"} <= set(zones)
    dialog.locator('[data-field="to"]').select_option("graveyard")
    dialog.get_by_role("button", name="Do it").click()
    settle(page)
    expect(dialog).not_to_be_visible()
    assert playground_scenario(page)["steps"][-1] == {"move": "bushi", "to": "graveyard"}
    assert_drawn_as_the_model_says(page)


def test_a_card_put_is_listed_by_the_half_it_shows(page: Page, site: Site) -> None:
    """A judge types either half's name: the steps list names the card as the board shows it
    (a flip card put unflipped shows its top half), and says when it was put flipped (the
    list read the same for a flipped and an unflipped put)."""
    steps: list[dict[str, Any]] = [
        {"put": "Kenzo the Hardhearted", "as": "k"},
        {"put": "bushi tenderfoot", "flipped": True, "controller": "Bob", "as": "b"},
        {"put": "forest", "zone": "hand", "as": "f"}, {"flip": "k"}]
    link = playground_fragment({"rules": "current", "steps": steps})
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{link}")
    expect(page.locator(".fc-pg-history .fc-pg-step")).to_have_text([
        "Start: an empty table", "1. Alice's Bushi Tenderfoot is put onto the battlefield",
        "2. Bob's Bushi Tenderfoot is put onto the battlefield, flipped: Kenzo the Hardhearted",
        "3. Alice's Forest is put into the hand", "4. Alice's Bushi Tenderfoot flips"])
    assert_drawn_as_the_model_says(page)


def test_the_card_added_after_an_aura_is_not_attached_to_what_the_aura_was(
        page: Page, site: Site) -> None:
    """After Pacifism was added attached to the Bears, "Attached to" still held the Bears
    (under "More", out of sight): the next card, no Aura, was refused for it."""
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Grizzly Bears")
    add_card(page, "Pacifism", attached_to="grizzly")
    add_card(page, "Student of Elements")
    expect(page.locator(".fc-pg-alert")).to_have_text("")
    assert playground_scenario(page)["steps"][-1] == {"put": "Student of Elements",
                                                      "as": "student"}
    assert_drawn_as_the_model_says(page)


def test_the_steps_of_a_2004_game_say_play_as_its_log_does(page: Page, site: Site) -> None:
    """The log of a 2004 game says "into play" and "removed from the game"; its steps said
    "onto the battlefield" and "exile", today's words."""
    steps: list[dict[str, Any]] = [
        {"put": "Bushi Tenderfoot", "as": "b"}, {"put": "Grizzly Bears", "as": "g"},
        {"move": "g", "to": "exile"}]
    link = playground_fragment({"rules": "2004", "steps": steps})
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{link}")
    expect(page.locator(".fc-pg-history .fc-pg-step")).to_have_text([
        "Start: an empty table", "1. Alice's Bushi Tenderfoot is put into play",
        "2. Alice's Grizzly Bears is put into play",
        "3. Alice's Grizzly Bears moves to the removed-from-the-game zone"])
    expect(page.locator(".fc-pg-log")).to_contain_text("Alice puts Bushi Tenderfoot into play.")


def test_707_5_a_card_put_as_a_copy_or_attached_says_so_in_the_steps(page: Page,
                                                                     site: Site) -> None:
    """"Alice's Clone is put into play" left out what it copied (the log said it); an Aura put
    onto a creature left out which."""
    steps: list[dict[str, Any]] = [
        {"put": "Akki Lavarunner", "as": "akki", "flipped": True},
        {"put": "Clone", "as": "clone", "copying": "akki"},
        {"put": "Pacifism", "as": "pacifism", "attached_to": "clone"}]
    assert listed_steps(page, site, {"rules": "2004", "steps": steps}) == [
        "1. Alice's Akki Lavarunner is put into play, flipped: Tok-Tok, Volcano Born",
        "2. Alice's Clone is put into play as a copy of Alice's Tok-Tok, Volcano Born",
        "3. Alice's Pacifism is put into play attached to Alice's Clone"]


def test_508_4_a_step_names_a_flip_permanent_as_it_was_then(page: Page, site: Site) -> None:
    """The Steps list named an object by the card it was put as: "Alice's Akki Lavarunner is
    tapped" for a Tok-Tok, Volcano Born. A step after the flip names the bottom half (508.1b),
    and the card gone from play its top half again (508.4); the flip step, the name it flipped
    from."""
    steps: list[dict[str, Any]] = [
        {"put": "Akki Lavarunner", "as": "akki"}, {"flip": "akki"}, {"tap": "akki"},
        {"destroy": "akki"}, {"move": "akki", "to": "hand"}]
    assert listed_steps(page, site, {"rules": "current", "steps": steps}) == [
        "1. Alice's Akki Lavarunner is put onto the battlefield",
        "2. Alice's Akki Lavarunner flips",
        "3. Alice's Tok-Tok, Volcano Born is tapped",
        "4. Alice's Tok-Tok, Volcano Born is destroyed",
        "5. Alice's Akki Lavarunner moves to the hand"]
    # Undo says the step it takes back as the list says it.
    page.get_by_role("button", name="Undo").click()
    expect(page.locator(".fc-pg-status")).to_contain_text(
        "Alice's Akki Lavarunner moves to the hand")
    page.get_by_role("button", name="Undo").click()
    expect(page.locator(".fc-pg-status")).to_contain_text(
        "Alice's Tok-Tok, Volcano Born is destroyed")


def test_a_step_of_the_history_shows_the_board_as_it_was_then(page: Page, site: Site) -> None:
    scenario = SITUATIONS["an attack that flips"]
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    history = page.locator(".fc-pg-history")
    expect(history.locator(".fc-pg-step")).to_have_text([
        "Start: an empty table", "1. Alice's Akki Lavarunner is put into play",
        "2. Bob's Grizzly Bears is put into play",
        "3. Alice's Akki Lavarunner attacks Bob", "4. Combat damage is dealt"])
    expect(page.locator('.fc-pg-permanent[data-id="akki"] .fc-pg-name')).to_have_text(
        "Tok-Tok, Volcano Born")
    history.get_by_role("button", name="3. Alice's Akki Lavarunner attacks Bob").click()
    settle(page)
    # The board as it was after the attack: not flipped yet, Bob at 20.
    assert playground_scenario(page)["steps"] == scenario["steps"][:3]
    expect(page.locator('.fc-pg-permanent[data-id="akki"] .fc-pg-name')).to_have_text(
        "Akki Lavarunner")
    assert drawn_board(page)["Bob"]["life"] == "20 life"
    assert_drawn_as_the_model_says(page)
    expect(history.locator('[aria-current="step"]')).to_have_text(
        "3. Alice's Akki Lavarunner attacks Bob")
    # The reader goes on from there; the step dropped comes back with Redo.
    page.get_by_role("button", name="Redo (1 step)").click()
    settle(page)
    assert playground_scenario(page) == scenario
    history.get_by_role("button", name="Start: an empty table").click()
    settle(page)
    assert playground_scenario(page)["steps"] == []
    assert drawn_board(page)["Alice"]["permanents"] == {}


def test_the_scenario_words_judges_asked_for_are_offered_by_the_verbs(page: Page,
                                                                       site: Site) -> None:
    """The words the model's verbs describe are offered: a choice made as an ability resolves
    (resolve's Choose), the attacking player's division of combat damage (Assign, a box per
    blocker), the ids of what an ability makes (As), a player who loses."""
    scenario = {"rules": "current", "steps": [
        {"put": "Kitsune Mystic", "flipped": True, "as": "autumn"},
        {"put": "Grizzly Bears", "as": "bears"},
        {"put": "Runeclaw Bear", "as": "rune"},
        {"put": "Pacifism", "attached_to": "bears", "as": "pacifism"}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    act(page, "autumn", "activate", lambda d: (
        d.get_by_label("Target", exact=True).select_option("pacifism"),
        d.get_by_label("Hold", exact=True).check()))
    expect(page.get_by_role("region", name="The stack (1), top first")).to_contain_text(
        "pacifism")
    game_action(page, "resolve", lambda d: (
        d.get_by_label("Resolve").select_option("top"),
        d.get_by_label("Choose (optional)").select_option("rune")))
    assert playground_scenario(page)["steps"][-1] == {"resolve": "top", "choose": "rune"}
    assert_drawn_as_the_model_says(page)

    fight = {"rules": "current", "steps": [
        {"put": "Grizzly Bears", "as": "bears"},
        {"effect": "big", "kind": "modify_pt", "affects": "bears", "power": 3, "toughness": 3},
        {"put": "Grizzly Bears", "owner": "Bob", "as": "first"},
        {"put": "Runeclaw Bear", "owner": "Bob", "as": "second"},
        {"lose_life": "Bob", "amount": 15},
        {"attack": ["bears"]}, {"block": "first", "attacker": "bears"}]}
    paste_link(page, playground_fragment(fight))
    game_action(page, "combat_damage",
                lambda d: d.get_by_label("Grizzly Bears (first)").fill("5"))
    assert playground_scenario(page)["steps"][-1] == {
        "combat_damage": True, "assign": {"bears": {"first": 5}}}
    assert_drawn_as_the_model_says(page)
    act(page, "bears", "deal_damage", lambda d: (
        d.get_by_label("To").select_option("Bob"), d.get_by_label("Amount").fill("5")))
    expect(page.locator(".fc-pg-turn")).to_contain_text("Bob 0 (lost)")
    assert_drawn_as_the_model_says(page)


# --- combat damage divided, a flipped half's name, what a card's sheet offers ---------------


def division_boxes(dialog: Locator) -> list[list[str]]:
    """The division form as drawn: each blocked attacker's heading, the line saying what it
    divides, then each box as "its label=its value" (a step's heading first, if it has one)."""
    return dialog.locator(".fc-pg-attacker").evaluate_all("""(groups) => groups.map((group) => [
        group.querySelector(":scope > legend").textContent,
        group.querySelector(".fc-pg-division-total").textContent,
        ...[...group.querySelectorAll("legend, input")].filter((e) => e.tagName !== "LEGEND"
            || e.parentElement !== group).map((e) => (e.tagName === "LEGEND" ? e.textContent
            : `${e.labels[0].textContent}=${e.value}`))])""")


def test_combat_damage_is_divided_in_a_box_per_blocker_and_the_player_with_trample(
        page: Page, site: Site) -> None:
    """The division of combat damage (combat_damage's assign) was asked for as JSON typed
    into one box. It is now a number box per creature blocking each blocked attacker (and one
    for the player a trampler attacks), each labelled by name and id; a creature with some
    boxes filled divides its damage so (its empty boxes as 0), one whose boxes are all empty
    leaves it to the rules. A division the model refuses is told beside the form, and what
    was typed stays."""
    scenario = {"rules": "current", "steps": [
        {"put": "Budoka Pupil", "flipped": True, "as": "ichiga"},        # 4/3, trample
        {"put": "Runeclaw Bear", "as": "claw"},
        {"put": "Grizzly Bears", "owner": "Bob", "as": "bears"},
        {"put": "Runeclaw Bear", "owner": "Bob", "as": "rune"},
        {"attack": ["ichiga", "claw"]}, {"block": "bears", "attacker": "ichiga"}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    page.locator('.fc-pg-game-actions .fc-pg-verb[data-verb="combat_damage"]').click()
    dialog = page.locator("dialog.fc-pg-dialog")
    # Only the blocked attacker; Runeclaw Bear attacks unblocked, Bob's Runeclaw Bear is not
    # blocking.
    assert division_boxes(dialog) == [[
        "Ichiga, Who Topples Oaks (ichiga), attacking Bob",
        "It has 4 damage to divide (its power).", "Grizzly Bears (bears)=", "Bob="]]
    box = dialog.get_by_label("Grizzly Bears (bears)")
    expect(box).to_be_focused()
    expect(box).to_have_attribute("type", "number")
    expect(box).to_have_accessible_description("It has 4 damage to divide (its power).")
    expect(dialog.locator(".fc-pg-division")).to_contain_text(
        "Leave a creature's boxes empty and its damage is divided as the rules do")
    box.fill("1")
    dialog.get_by_label("Bob", exact=True).fill("3")
    dialog.get_by_role("button", name="Do it").click()
    settle(page)
    expect(dialog).to_be_visible()
    # (The model's message names the field, as the form's "Assign" does.)
    expect(dialog.locator(".fc-pg-form-error")).to_have_text(
        "Combat damage cannot be done: “Assign”: Ichiga, Who Topples Oaks has trample, but it "
        "assigns damage to Bob only once each blocker is assigned lethal damage: Grizzly Bears "
        "needs 2 (rule 702.19b). Nothing changed.")
    expect(box).to_have_value("1")
    expect(dialog.get_by_label("Bob", exact=True)).to_have_value("3")
    assert playground_scenario(page)["steps"] == scenario["steps"]
    # The player's box emptied counts as 0.
    box.fill("4")
    dialog.get_by_label("Bob", exact=True).fill("")
    dialog.get_by_role("button", name="Do it").click()
    settle(page)
    expect(dialog).not_to_be_visible()
    assert playground_scenario(page)["steps"][-1] == {
        "combat_damage": True, "assign": {"ichiga": {"bears": 4, "Bob": 0}}}
    assert drawn_board(page)["Bob"]["life"] == "18 life"
    assert_drawn_as_the_model_says(page)
    # Every box empty: no division, the rules' own (2 to the bears, the rest to Bob).
    page.get_by_role("button", name=re.compile("^Undo")).click()
    settle(page)
    game_action(page, "combat_damage")
    assert playground_scenario(page)["steps"][-1] == {"combat_damage": True}
    assert drawn_board(page)["Bob"]["life"] == "16 life"
    assert_drawn_as_the_model_says(page)


def test_510_1c_the_division_of_a_creature_whose_id_is_proto_is_the_reader_s(
        page: Page, site: Site) -> None:
    """A creature with the id "__proto__" (a link or Add card can name it so): the division
    typed for it set the prototype of the page's object instead of a key, and the step went
    without it: the rules' own division, as if the reader had chosen it."""
    scenario = {"rules": "current", "steps": [
        {"put": "Grizzly Bears", "as": "__proto__"},
        {"put": "Grizzly Bears", "owner": "Bob", "as": "b1"},
        {"put": "Runeclaw Bear", "owner": "Bob", "as": "b2"},
        {"attack": ["__proto__"]}, {"block": "b1", "attacker": "__proto__"},
        {"block": "b2", "attacker": "__proto__"}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    page.locator('.fc-pg-game-actions .fc-pg-verb[data-verb="combat_damage"]').click()
    dialog = page.locator("dialog.fc-pg-dialog")
    dialog.get_by_label("Grizzly Bears (b1)").fill("0")
    dialog.get_by_label("Runeclaw Bear (b2)").fill("2")
    dialog.get_by_role("button", name="Do it").click()
    settle(page)
    expect(dialog).not_to_be_visible()
    assert playground_scenario(page)["steps"][-1] == {
        "combat_damage": True, "assign": {"__proto__": {"b1": 0, "b2": 2}}}
    assert_drawn_as_the_model_says(page)
    expect(page.locator(".fc-pg-log")).to_contain_text(
        "Alice's Grizzly Bears deals 2 damage to Runeclaw Bear.")


def test_double_strike_divides_each_step_and_no_blocker_no_division(page: Page,
                                                                    site: Site) -> None:
    """With no attacker blocked, combat damage asks nothing (it asked for JSON); a creature
    with double strike has a row of boxes for each step it deals damage in."""
    steps: list[dict[str, Any]] = [
        {"put": "Grizzly Bears", "as": "ds"},
        {"effect": "strike", "kind": "add_keyword", "affects": "ds", "keyword": "Double strike"},
        {"effect": "big", "kind": "modify_pt", "affects": "ds", "power": 2, "toughness": 0},
        {"put": "Grizzly Bears", "owner": "Bob", "as": "bears"},
        {"put": "Runeclaw Bear", "owner": "Bob", "as": "rune"},
        {"attack": ["ds"]}]
    open_playground(page, f"{site.page_url(PLAYGROUND)}#"
                          f"{playground_fragment({'rules': 'current', 'steps': steps})}")
    page.locator('.fc-pg-game-actions .fc-pg-verb[data-verb="combat_damage"]').click()
    dialog = page.locator("dialog.fc-pg-dialog")
    expect(dialog.get_by_role("button", name="Do it")).to_be_visible()
    expect(dialog.locator(".fc-pg-division, input[type=number], input[type=text], textarea")
           ).to_have_count(0)
    page.keyboard.press("Escape")
    expect(dialog).not_to_be_visible()

    blocked = [*steps, {"block": "bears", "attacker": "ds"}, {"block": "rune", "attacker": "ds"}]
    paste_link(page, playground_fragment({"rules": "current", "steps": blocked}))
    page.locator('.fc-pg-game-actions .fc-pg-verb[data-verb="combat_damage"]').click()
    assert division_boxes(dialog) == [[
        "Grizzly Bears (ds), attacking Bob",
        "It has 4 damage to divide in each step (its power).",
        "First-strike step", "Grizzly Bears (bears)=", "Runeclaw Bear (rune)=",
        "Regular step", "Grizzly Bears (bears)=", "Runeclaw Bear (rune)="]]
    first = dialog.locator(".fc-pg-division-step").filter(has_text="First-strike step")
    regular = dialog.locator(".fc-pg-division-step").filter(has_text="Regular step")
    # The regular step's division alone cannot be given: the first-strike step's comes first.
    regular.get_by_label("Grizzly Bears (bears)").fill("4")
    dialog.get_by_role("button", name="Do it").click()
    expect(dialog.locator(".fc-pg-form-error")).to_have_text(
        "Divide Grizzly Bears (ds)'s damage in the first-strike step too: its division in the "
        "regular step comes after that one.")
    expect(first.get_by_label("Grizzly Bears (bears)")).to_be_focused()
    # 4 to Runeclaw Bear first; Bob's Grizzly Bears, still there, takes the regular step's.
    first.get_by_label("Runeclaw Bear (rune)").fill("4")
    dialog.get_by_role("button", name="Do it").click()
    settle(page)
    expect(dialog).not_to_be_visible()
    assert playground_scenario(page)["steps"][-1] == {"combat_damage": True, "assign": {
        "ds": [{"bears": 0, "rune": 4}, {"bears": 4}]}}
    assert drawn_board(page)["Bob"]["permanents"] == {}
    assert_drawn_as_the_model_says(page)


def test_choosing_a_flipped_halfs_name_ticks_flipped(page: Page, site: Site) -> None:
    """A reader who chooses "Tok-Tok, Volcano Born" in the card box means the flipped card:
    "Flipped" is ticked for them (it was not, and the card was put unflipped, as Akki
    Lavarunner). The unflipped half's name unticks it again only if the page ticked it; a
    card is flipped only on the battlefield, which is said if another zone is chosen."""
    open_playground(page, site.page_url(PLAYGROUND))
    form = page.locator(".fc-pg-add-form")
    search = form.get_by_role("combobox", name="Card")
    flipped = form.get_by_label("Flipped")

    def choose(name: str) -> None:
        search.fill(name)
        page.get_by_role("option", name=name).first.click()

    choose("Tok-Tok, Volcano Born")
    more(form)
    expect(flipped).to_be_checked()
    expect(form.locator(".fc-pg-flip-note")).to_have_text("")
    form.get_by_role("button", name="Add card").click()
    settle(page)
    assert playground_scenario(page)["steps"] == [
        {"put": "Tok-Tok, Volcano Born", "as": "tok", "flipped": True}]
    expect(page.locator('.fc-pg-permanent[data-id="tok"] .fc-pg-name')).to_have_text(
        "Tok-Tok, Volcano Born")
    # Ready for the next card: the name is gone, and with it the tick it brought.
    expect(search).to_have_value("")
    expect(flipped).not_to_be_checked()
    choose("Tok-Tok, Volcano Born")
    expect(flipped).to_be_checked()
    choose("Akki Lavarunner")
    expect(flipped).not_to_be_checked()
    # A tick of the reader's own stays whatever the name.
    flipped.check()
    choose("Tok-Tok, Volcano Born")
    choose("Akki Lavarunner")
    expect(flipped).to_be_checked()
    flipped.uncheck()
    # In a hand: the zone stays the reader's, nothing is ticked (the name stands for the card,
    # put unflipped, as in Python), and the card box says so.
    zone = form.get_by_label("Zone (optional)")
    zone.select_option("hand")
    choose("Tok-Tok, Volcano Born")
    expect(flipped).not_to_be_checked()
    unflipped = ("Tok-Tok, Volcano Born is the flipped half of Akki Lavarunner: it goes into "
                 "the hand unflipped, as a card is flipped only on the battlefield.")
    expect(form.locator(".fc-pg-flip-note")).to_have_text(unflipped)
    expect(search).to_have_accessible_description(re.compile(re.escape(unflipped)))
    zone.select_option("battlefield")     # the page ticks it now, and takes its tick back
    expect(flipped).to_be_checked()
    expect(form.locator(".fc-pg-flip-note")).to_have_text("")
    zone.select_option("hand")
    expect(flipped).not_to_be_checked()
    # A tick of the reader's own in a hand: the card box says why it cannot be flipped.
    flipped.check()
    note = ("A card is flipped only on the battlefield: choose the battlefield as its zone, or "
            "untick “Flipped” to put Akki Lavarunner into the hand unflipped.")
    expect(form.locator(".fc-pg-flip-note")).to_have_text(note)
    expect(zone).to_have_value("hand")
    zone.select_option("battlefield")
    expect(form.locator(".fc-pg-flip-note")).to_have_text("")
    # Put into a hand by its flipped half's name, unticked: the card, unflipped.
    zone.select_option("hand")
    flipped.uncheck()
    form.get_by_role("button", name="Add card").click()
    settle(page)
    assert playground_scenario(page)["steps"][-1] == {
        "put": "Tok-Tok, Volcano Born", "as": "tok2", "zone": "hand"}
    assert_drawn_as_the_model_says(page)


def offered_verbs(page: Page, card_id: str) -> list[str | None]:
    """The verbs a permanent's sheet offers (its sheet opened and closed again)."""
    dialog = page.locator("dialog.fc-pg-dialog")
    page.locator(f'.fc-pg-act[data-key="act:{card_id}"]').click()
    verbs = [b.get_attribute("data-verb") for b in dialog.locator(".fc-pg-verb").all()]
    page.keyboard.press("Escape")
    expect(dialog).not_to_be_visible()
    return verbs


def test_flip_is_offered_only_for_a_flip_card_a_copy_of_one_included(page: Page,
                                                                     site: Site) -> None:
    """A card's sheet offered "Flip" on any permanent: a Grizzly Bears "flipped" to "is not
    a flip card; nothing happens". It is offered for a flip card only, as the model gives
    the object's flipped half, and so for a permanent that became a copy of a flip card
    (a copy of a flip card is a flip card)."""
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Grizzly Bears")
    add_card(page, "Bushi Tenderfoot")
    assert "flip" not in offered_verbs(page, "grizzly")
    assert "tap" in offered_verbs(page, "grizzly")
    assert "flip" in offered_verbs(page, "bushi")
    act(page, "grizzly", "become_copy",
        lambda d: d.get_by_label("Of", exact=True).select_option("bushi"))
    assert "flip" in offered_verbs(page, "grizzly")
    act(page, "grizzly", "flip")
    expect(page.locator('.fc-pg-permanent[data-id="grizzly"] .fc-pg-name')).to_have_text(
        "Kenzo the Hardhearted")
    assert_drawn_as_the_model_says(page)


def test_activate_is_offered_only_for_a_permanent_with_an_activated_ability(
    page: Page, site: Site
) -> None:
    """A card's sheet offered "Activate" on any permanent: a Grizzly Bears "activated" to "has
    no activated ability the model knows". It is offered as the model lists the permanent's
    abilities: its own, or one another permanent grants it (Homura's Essence gives Alice's
    creatures "{R}: +1/+0"); the form asks which one when there are several, offering those."""
    scenario = {"rules": "current", "steps": [
        {"put": "Grizzly Bears", "as": "bears"}, {"put": "Callow Jushi", "as": "jushi"},
        {"put": "Budoka Gardener", "as": "budoka"},
        {"put": "Grizzly Bears", "as": "theirs", "owner": "Bob"}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    dialog = page.locator("dialog.fc-pg-dialog")

    assert "activate" not in offered_verbs(page, "bears")
    assert "activate" not in offered_verbs(page, "jushi")
    assert offered_verbs(page, "budoka").count("activate") == 1  # its own, in the card's words
    add_card(page, "Homura, Human Ascendant", flipped=True)
    assert "activate" in offered_verbs(page, "bears")
    assert "activate" not in offered_verbs(page, "theirs")  # Bob's: Alice's Essence grants nothing
    assert "activate" not in offered_verbs(page, "homura")  # not a creature
    act(page, "bears", "activate")   # its one ability: nothing to choose
    assert playground_scenario(page)["steps"][-1] == {"activate": "bears"}
    # Budoka Gardener has two: its own (in the card's words, and chosen there) and Homura's.
    page.locator('.fc-pg-act[data-key="act:budoka"]').click()
    own = dialog.locator(".fc-pg-ability")
    expect(own).to_have_count(1)
    dialog.get_by_role("list", name="Actions").locator('[data-verb="activate"]').click()
    choice = dialog.get_by_label("Ability (optional)")
    assert [o.strip() for o in choice.locator("option").all_inner_texts()] == [
        "put a land card from hand, then flip it if its controller controls ten or more lands "
        "(its own)",
        "{R}: this creature gets +1/+0 until end of turn (granted by Homura's Essence)"]
    choice.select_option("Homura's Essence")
    dialog.get_by_role("button", name="Do it").click()
    settle(page)
    expect(dialog).not_to_be_visible()
    assert playground_scenario(page)["steps"][-1] == {"activate": "budoka",
                                                      "ability": "Homura's Essence"}
    # Its own ability, from the card's words: the form does not ask which.
    page.locator('.fc-pg-act[data-key="act:budoka"]').click()
    dialog.locator(".fc-pg-ability").click()
    expect(dialog.get_by_label("Ability (optional)")).to_have_count(0)
    page.keyboard.press("Escape")
    expect(dialog).not_to_be_visible()
    assert_drawn_as_the_model_says(page)


def test_602_2b_an_activation_asks_only_the_choices_its_ability_makes(
    page: Page, site: Site
) -> None:
    """The activation form asked every choice any ability makes (a target, a land, a card to
    discard, a creature to move an Aura to, a permanent to sacrifice or tap, a payment) of
    every permanent; the model refuses those its ability does not make. Budoka Gardener's own
    ability asks only its land, and offers the land cards in hand (it offered every card of
    every zone); Shidako's a target and a creature of its controller's to sacrifice;
    Honor-Worn Shaku's the untapped legendary permanents its controller controls to tap. What
    an ability cannot do without (its target, what its cost takes) is not labelled optional:
    Shidako's creature to sacrifice was."""
    scenario = {"rules": "current", "steps": [
        {"put": "Budoka Gardener", "as": "budoka"},
        {"put": "Orochi Eggwatcher", "flipped": True, "as": "shidako"},
        {"put": "Grizzly Bears", "as": "bears"}, {"put": "Forest", "zone": "hand", "as": "forest"},
        {"put": "Grizzly Bears", "zone": "hand", "as": "cub"},
        {"put": "Runeclaw Bear", "owner": "Bob", "as": "runeclaw"},
        {"put": "Honor-Worn Shaku", "as": "shaku"},
        {"put": "Bushi Tenderfoot", "flipped": True, "owner": "Bob", "as": "kenzo"},
        {"put": "Bushi Tenderfoot", "flipped": True, "as": "tapped-kenzo"},
        {"tap": "tapped-kenzo"}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    dialog = page.locator("dialog.fc-pg-dialog")
    asked = [label + optional for label in ("Target", "Land", "Discard", "To", "Sacrifice",
                                            "Tap", "Pays") for optional in ("", " (optional)")]

    def fields() -> list[str]:
        return [label for label in asked if dialog.get_by_label(label, exact=True).count()]

    def offered(label: str) -> set[str]:
        return set(dialog.get_by_label(label, exact=True).locator("option")
                   .evaluate_all("(options) => options.map((o) => o.value)")) - {""}

    page.locator('.fc-pg-act[data-key="act:budoka"]').click()
    dialog.locator(".fc-pg-ability").click()
    expect(dialog.get_by_label("Land (optional)", exact=True)).to_be_visible()
    assert fields() == ["Land (optional)"]
    assert offered("Land (optional)") == {"forest"}
    page.keyboard.press("Escape")
    expect(dialog).not_to_be_visible()
    page.locator('.fc-pg-act[data-key="act:shaku"]').click()
    dialog.get_by_role("list", name="Actions").locator('[data-verb="activate"]').click()
    expect(dialog.get_by_label("Tap", exact=True)).to_be_visible()
    assert offered("Tap") == {"shidako"}
    page.keyboard.press("Escape")
    expect(dialog).not_to_be_visible()
    page.locator('.fc-pg-act[data-key="act:shidako"]').click()
    dialog.locator(".fc-pg-ability").click()
    expect(dialog.get_by_label("Target", exact=True)).to_be_visible()
    assert fields() == ["Target", "Sacrifice"]
    assert offered("Sacrifice") == {"budoka", "shidako", "bears", "tapped-kenzo"}
    dialog.get_by_label("Target", exact=True).select_option("shidako")
    dialog.get_by_label("Sacrifice", exact=True).select_option("bears")
    dialog.get_by_role("button", name="Do it").click()
    settle(page)
    expect(dialog).not_to_be_visible()
    assert playground_scenario(page)["steps"][-1] == {"activate": "shidako",
                                                      "target": "shidako", "sacrifice": "bears"}
    assert_drawn_as_the_model_says(page)


def test_603_3b_ordering_triggers_with_nothing_chosen_is_said_in_the_form(
    page: Page, site: Site, traffic: Traffic
) -> None:
    """"Order triggers" with nothing to choose was sent as a step with no verb, and the reply
    was the model's own ("step 1: a step needs exactly one verb, one of put, flip, …"). The
    form says what is missing, and nothing is sent. A refusal above the board that an earlier
    step got does not stay beside a later form's own message, and a card's field is named as
    its label says ("Card", not "Put")."""
    open_playground(page, site.page_url(PLAYGROUND))
    dialog = page.locator("dialog.fc-pg-dialog")
    alert = page.locator(".fc-pg-alert")
    game_action(page, "order_triggers")
    expect(dialog.locator(".fc-pg-form-error")).to_have_text(
        "“Order triggers” needs permanents, and none is on the battlefield yet.")
    page.keyboard.press("Escape")
    expect(dialog).not_to_be_visible()    # (focus goes back as it closes: then the card box)
    add_card(page, "Grizzly Bears")
    game_action(page, "order_triggers")
    expect(dialog.locator(".fc-pg-form-error")).to_have_text(
        "Choose one or more for “Order triggers”.")
    page.keyboard.press("Escape")
    expect(dialog).not_to_be_visible()
    assert playground_scenario(page)["steps"] == [{"put": "Grizzly Bears", "as": "grizzly"}]
    expect(alert).to_have_text("")

    form = page.locator(".fc-pg-add-form")
    form.get_by_role("combobox", name="Card").fill("Bushi Tendrfoot")
    form.get_by_role("combobox", name="Card").press("Escape")  # the suggestions close
    form.get_by_role("button", name="Add card").click()
    settle(page)
    expect(alert).to_contain_text("Bushi Tendrfoot")
    form.get_by_role("combobox", name="Card").fill("")
    form.get_by_role("combobox", name="Card").press("Escape")
    form.get_by_role("button", name="Add card").click()
    expect(form.locator(".fc-pg-form-error")).to_have_text("Type a card's name for “Card”.")
    expect(alert).to_have_text("")
    assert playground_scenario(page)["steps"] == [{"put": "Grizzly Bears", "as": "grizzly"}]
    assert traffic.errors == []


def test_a_long_player_name_never_widens_a_phones_page(page: Page, site: Site) -> None:
    """A name of 40 letters without a space (the most a name may have) made a 390-pixel page
    470 pixels wide, to be scrolled sideways; it breaks where it must."""
    name = "W" * 40
    scenario = {"rules": "current", "players": [name, "Bob"], "steps": [
        {"put": "Bushi Tenderfoot", "as": "hero", "controller": name},
        {"effect": "e" * 40, "kind": "modify_pt", "affects": "hero", "power": 1}]}
    page.set_viewport_size({"width": 390, "height": 800})
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    expect(page.locator(".fc-pg-player-name").first).to_contain_text(name)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_steps_list_speaks_the_words_of_the_edition(page: Page, site: Site) -> None:
    """In a game of 2004's rules a spell is played, a token is put into play and the end step
    is the end of turn step, as the model's log says; the steps list said "casts", "creates"
    and "The end step" in both, and the game's actions were "Cast" and "Create token"."""
    scenario = {"rules": "2004", "steps": [
        {"put": "Grizzly Bears", "as": "bears", "zone": "hand"}, {"cast": "bears"},
        {"end_step": True}, {"create_token": "Snake", "as": "snake"}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    steps = page.locator(".fc-pg-history .fc-pg-step")
    expect(steps).to_have_text([
        "Start: an empty table", "1. Alice's Grizzly Bears is put into the hand",
        "2. Alice plays Grizzly Bears", "3. The end of turn step",
        "4. Alice puts a Snake token into play"])
    actions = page.locator(".fc-pg-game-actions")
    expect(actions.locator('[data-verb="cast"]')).to_have_text("Play")
    expect(actions.locator('[data-verb="create_token"]')).to_have_text("Put a token into play")
    actions.locator('[data-verb="cast"]').click()
    dialog = page.locator("dialog.fc-pg-dialog")
    expect(dialog.locator("#fc-pg-dialog-title")).to_have_text("Play")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).not_to_be_visible()
    expect(page.locator(".fc-pg-log")).to_contain_text("Alice plays Grizzly Bears")
    expect(page.locator(".fc-pg-log")).to_contain_text("The end of turn step of Alice's turn 1")
    expect(page.locator(".fc-pg-turn")).to_contain_text("end of turn step")
    page.get_by_role("radio", name="Today's").check()
    settle(page)
    expect(steps).to_have_text([
        "Start: an empty table", "1. Alice's Grizzly Bears is put into the hand",
        "2. Alice casts Grizzly Bears", "3. The end step", "4. Alice creates a Snake token"])
    expect(page.locator(".fc-pg-turn")).to_contain_text("· end step ·")
    expect(actions.locator('[data-verb="cast"]')).to_have_text("Cast")
    expect(actions.locator('[data-verb="create_token"]')).to_have_text("Create token")
    page.get_by_role("button", name="Undo (4 steps)").click()
    settle(page)
    expect(page.locator(".fc-pg-status")).to_have_text("Undone: Alice creates a Snake token.")


def test_the_steps_list_says_whose_turn_begins(page: Page, site: Site) -> None:
    """"The next turn begins" said not whose: each is said with the player whose turn it is,
    as the game chose them (Bob lost and left the game: the turn after Alice's is Carol's),
    in a situation opened from a link and for a step added by clicking."""
    scenario = {"rules": "current", "players": ["Alice", "Bob", "Carol"], "steps": [
        {"next_turn": True}, {"next_turn": True}, {"next_turn": True},
        {"lose_life": "Bob", "amount": 20}, {"next_turn": True}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    steps = page.locator(".fc-pg-history .fc-pg-step")
    expect(steps).to_have_text([
        "Start: an empty table", "1. Bob's turn begins", "2. Carol's turn begins",
        "3. Alice's turn begins", "4. Bob loses 20 life", "5. Carol's turn begins"])
    game_action(page, "next_turn")
    expect(steps.last).to_have_text("6. Alice's turn begins")
    expect(page.locator(".fc-pg-turn")).to_contain_text("Turn 6 · Alice's turn")
    assert_drawn_as_the_model_says(page)


def test_601_2_the_steps_list_says_who_casts_plays_and_creates_in_bob_s_turn(
        page: Page, site: Site) -> None:
    """In Bob's turn the steps list said "Alice casts Faithful Squire" and "Alice creates a
    Snake token" (and Undo said so too) while the log said Bob: a card in a hand is cast or
    played by its owner, and one named, or a token, by the player whose turn it is."""
    scenario = {"rules": "current", "steps": [
        {"put": "Faithful Squire", "zone": "hand", "owner": "Bob", "as": "squire"},
        {"put": "Swamp", "zone": "hand", "owner": "Bob", "as": "swamp"},
        {"put": "Swamp", "zone": "hand", "owner": "Bob", "as": "swamp2"},
        {"next_turn": True}, {"play_land": "swamp2"}, {"cast": "squire"},
        {"cast": "Grizzly Bears", "as": "bears"}, {"create_token": "Snake"}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    steps = page.locator(".fc-pg-history .fc-pg-step")
    # (Which Swamp, as the other steps say it: two are in the hand.)
    expect(steps.nth(5)).to_have_text("5. Bob plays Swamp (swamp2)")
    expect(steps.nth(6)).to_have_text("6. Bob casts Faithful Squire")
    expect(steps.nth(7)).to_have_text("7. Bob casts Grizzly Bears")
    expect(steps.nth(8)).to_have_text("8. Bob creates a Snake token")
    expect(page.locator(".fc-pg-log")).to_contain_text("Bob creates a 1/1 Snake token.")
    page.get_by_role("button", name="Undo (8 steps)").click()
    settle(page)
    expect(page.locator(".fc-pg-status")).to_have_text("Undone: Bob creates a Snake token.")


def test_escape_in_a_may_dialog_adds_no_step(page: Page, site: Site) -> None:
    """Escape in the dialog that asks whether a "may" ability is used took it as "Use it":
    the step stayed, and the ability with it. It closes the dialog as Cancel does in the
    others: the step is not added, and the board, the steps, the log and Redo are as they
    were."""
    scenario = {"rules": "current", "steps": [
        {"put": "Callow Jushi", "as": "jushi"}, {"counters": "jushi", "kind": "ki", "add": 2},
        {"tap": "jushi"}]}
    open_playground(page, f"{site.page_url(PLAYGROUND)}#{playground_fragment(scenario)}")
    page.get_by_role("button", name="Undo (3 steps)").click()
    settle(page)
    log = page.locator(".fc-pg-log > li").all_inner_texts()
    address = page.evaluate("location.hash")
    page.locator('.fc-pg-game-actions .fc-pg-verb[data-verb="end_step"]').click()
    page.locator("dialog").get_by_role("button", name="Do it").click()
    asked = page.get_by_role("dialog", name="Alice may use Callow Jushi's ability")
    expect(asked).to_be_visible()
    page.keyboard.press("Escape")
    settle(page)
    expect(asked).not_to_be_visible()
    assert playground_scenario(page)["steps"] == scenario["steps"][:2]
    expect(page.locator(".fc-pg-history .fc-pg-step")).to_have_count(3)
    expect(page.locator('.fc-pg-permanent[data-id="jushi"] .fc-pg-name')).to_have_text(
        "Callow Jushi")
    assert page.locator(".fc-pg-log > li").all_inner_texts() == log
    assert page.evaluate("location.hash") == address
    expect(page.get_by_role("button", name="Redo (1 step)")).to_be_enabled()
    expect(page.locator(".fc-pg-status")).to_contain_text("Nothing changed.")
    # Focus is back on the button that opened the step's form (it was left on the board's
    # title): the player can try again at once.
    expect(page.locator('.fc-pg-game-actions .fc-pg-verb[data-verb="end_step"]')).to_be_focused()
    assert_drawn_as_the_model_says(page)
    # The next step is added to the situation shown (the model had played the other).
    page.get_by_role("button", name="Redo (1 step)").click()
    settle(page)
    assert playground_scenario(page) == scenario
    assert_drawn_as_the_model_says(page)


def test_start_over_puts_back_the_whole_board_at_one_press(page: Page, site: Site) -> None:
    """Start over asked nothing, and a board of many steps came back one Redo at a time.
    While the board is still empty, "Put back the earlier board" brings it all back, with
    what Redo held; once a step is put on the empty board, Undo of that step does (the offer
    goes)."""
    open_playground(page, site.page_url(PLAYGROUND))
    add_card(page, "Orochi Eggwatcher")
    add_card(page, "Kitsune Mystic", owner="Bob")
    add_card(page, "Grizzly Bears")
    built = playground_scenario(page)
    page.get_by_role("button", name="Undo").click()          # one step Redo holds
    settle(page)
    page.get_by_role("button", name="Start over").click()
    status = page.locator(".fc-pg-status")
    expect(status).to_have_text("The board is empty. “Put back the earlier board” brings back "
                                "its 2 steps; Redo brings them back one by one.")
    put_back = page.get_by_role("button", name="Put back the earlier board")
    put_back.click()
    expect(status).to_have_text("The earlier board is back: 2 steps.")
    settle(page)
    assert playground_scenario(page) == {**built, "steps": built["steps"][:2]}
    expect(put_back).to_be_hidden()
    page.get_by_role("button", name="Redo").click()          # what Redo held came back too
    settle(page)
    assert playground_scenario(page) == built
    assert_drawn_as_the_model_says(page)
    # A step put on the emptied board: the offer goes (Undo of the step brings the board back).
    page.get_by_role("button", name="Start over").click()
    expect(put_back).to_be_visible()
    add_card(page, "Runeclaw Bear")
    expect(put_back).to_be_hidden()
    page.get_by_role("button", name="Undo").click()
    settle(page)
    page.get_by_role("button", name="Redo").click()
    settle(page)
    assert playground_scenario(page)["steps"] == built["steps"][:1]
    # One step: either brings it back, and nothing speaks of "them".
    page.get_by_role("button", name="Start over").click()
    expect(status).to_have_text("The board is empty. “Put back the earlier board” or Redo "
                                "brings back its one step.")
