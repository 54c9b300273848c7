"""The words of the 2004 edition: rule 508 of 2004 speaks of "in play", "leaves play" and "put
into a graveyard from play", never of the battlefield or of dying, and tokens are "put into
play". Everything a 2004 game writes (its log, what waits on the stack, its errors, the
output of a scenario) uses those words; today's edition says "battlefield".
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import cli

from flipcards import FlipCardsError, Game, IllegalActionError, run_scenario

BATTLEFIELD = re.compile(r"battlefield", re.IGNORECASE)


@pytest.mark.parametrize(("rules", "words", "never"), [
    ("2004", "into play", "battlefield"), ("current", "onto the battlefield", "into play")])
def test_2004_508_in_play_words_in_the_output_log(tmp_path: Path, rules: str, words: str,
                                         never: str) -> None:
    """The 2004 edition's text says "in play" (the seed's words, 508.2), the current
    edition's says "battlefield" — in the output document's log too, legend rule included."""
    doc = {"rules": rules, "steps": [
        {"put": "Initiate of Blood", "as": "a", "flipped": True},
        {"put": "Initiate of Blood", "as": "b"}, {"flip": "b"},
        {"move": "a", "to": "battlefield"}]}
    result = cli(tmp_path, doc)
    assert result.returncode == 0, result.stderr
    log = "\n".join(json.loads(result.stdout)["log"])
    assert words in log
    assert never not in log


def test_2004_508_wording_a_whole_game_says_in_play_never_battlefield() -> None:
    """Rule 508 (2004) calls the zone "in play" ("in-play zone", "leaves play"); the model's
    human text of the 2004 edition says "in play". Put, flip, move, copy, token, legend rule, lethal
    damage, Homura's return, Nighteyes' ability on the stack and combat all must say so."""
    game = Game("2004")
    hero = game.put("Bushi Tenderfoot")
    game.flip(hero)
    game.copy(hero, controller="Bob")
    homura = game.put("Homura, Human Ascendant")
    game.damage(homura, 4)                       # dies, returns flipped
    eyes = game.put("Nezumi Graverobber", flipped=True)
    bears = game.put("Grizzly Bears", zone="graveyard", owner="Bob")
    with game.holding_priority():
        game.activate(eyes, target=bears)
        stack_text = [item.text for item in game.stack]
    game.resolve_stack()
    second = game.put("Bushi Tenderfoot", owner="Bob")
    game.flip(second)                            # legend rule with Alice's Kenzo
    game.move(eyes, "exile")
    words = list(game.log) + stack_text + [str(game)]
    assert [line for line in words if BATTLEFIELD.search(line)] == []
    joined = "\n".join(words)
    assert "into play" in joined and "from play" in joined and "in play" in joined
    # The zone the Graverobber's card went to is headed in 2004's words too (it said "exile:").
    assert "  removed from the game:\n    Nezumi Graverobber" in str(game), str(game)
    assert "exile" not in str(game)


@pytest.mark.parametrize(("edition", "place", "into"), [
    ("2004", "in play", "into play"),
    ("current", "on the battlefield", "onto the battlefield"),
])
def test_2004_508_wording_errors_about_the_battlefield_use_the_editions_words(
        edition: str, place: str, into: str) -> None:
    """Error messages are human-readable text too: under the 2004 rules they say "in play"."""
    game = Game(edition)
    bears = game.put("Grizzly Bears")
    pacifism = game.put("Pacifism", "hand")
    attempts = [
        (lambda: game.put("Bushi Tenderfoot", "hand", flipped=True),
         f"only a permanent {place} can be flipped"),
        (lambda: game.attach(pacifism, bears),
         f"both the Aura and what it enchants must be {place} to attach"),
        (lambda: game.move(bears, "hand", flipped=True),
         f"a card can enter flipped only {into}, not into Alice's hand"),
    ]
    for attempt, message in attempts:
        with pytest.raises(IllegalActionError) as raised:
            attempt()
        assert message in str(raised.value)
        if edition == "2004":
            assert "battlefield" not in str(raised.value)


def test_2004_508_wording_errors_say_in_play() -> None:
    """The errors of a 2004 game are human text too: a flipped card put into a hand and an
    Aura attached to a card in a graveyard must be explained with "in play"."""
    game = Game("2004")
    messages = []
    with pytest.raises(FlipCardsError) as info:
        game.put("Bushi Tenderfoot", zone="hand", flipped=True)
    messages.append(str(info.value))
    dead = game.put("Grizzly Bears", zone="graveyard")
    aura = game.put("Pacifism", attached_to=game.put("Runeclaw Bear"))
    with pytest.raises(FlipCardsError) as info:
        game.attach(aura, dead)
    messages.append(str(info.value))
    assert all(not BATTLEFIELD.search(m) for m in messages), messages
    assert all("play" in m for m in messages), messages


def test_2004_508_wording_a_land_cast_and_a_name_not_found_say_in_play() -> None:
    """A land "cast" is refused with how to play it, and Cranial Extraction naming a flipped
    half finds nothing "out of play"; both said "battlefield" in a 2004 game."""
    game = Game("2004")
    with pytest.raises(IllegalActionError) as info:
        game.cast("Forest")
    assert str(info.value).endswith("play it (game.play_land()) instead")
    assert not BATTLEFIELD.search(str(info.value))
    game.put("Bushi Tenderfoot", zone="hand", owner="Bob")
    game.cast("Cranial Extraction", target="Bob", naming="Kenzo the Hardhearted")
    said = next(line for line in game.log if "names Kenzo" in line)
    assert said.endswith("(out of play a flip card has only its normal name).")
    assert not any(BATTLEFIELD.search(line) for line in game.log), game.log


def test_2004_508_wording_honor_worn_shaku_error_says_in_play() -> None:
    """Honor-Worn Shaku (CHK): "Tap an untapped legendary permanent you control: untap
    Honor-Worn Shaku". Paying with a legend that is no longer in play is refused; in a 2004
    game the reason must be worded "in play", not "battlefield"."""
    game = Game("2004")
    shaku = game.put("Honor-Worn Shaku")
    game.tap(shaku)
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    game.move(kenzo, "graveyard")
    with pytest.raises(IllegalActionError) as info:
        game.activate(shaku, tap=kenzo)
    assert not BATTLEFIELD.search(str(info.value)), str(info.value)


def test_2004_508_wording_no_dies_bushi_tenderfoot_and_kuon() -> None:
    """Bushi Tenderfoot (2004 text): "When a creature dealt damage by Bushi Tenderfoot this
    turn is put into a graveyard, flip Bushi Tenderfoot." Kuon: "if three or more creatures
    were put into graveyards from play this turn". Their 2004 triggers must not say "died"."""
    game = Game("2004")
    hero = game.put("Bushi Tenderfoot")
    kuon = game.put("Kuon, Ogre Ascendant")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(hero, bears, 1)
    game.damage(bears, 1)
    for _ in range(2):
        game.damage(game.put("Grizzly Bears", owner="Bob"), 2)
    game.end_step()
    assert hero.name == "Kenzo the Hardhearted" and kuon.name == "Kuon's Essence"
    assert [w for w in game.log if re.search(r"\bdie[sd]?\b", w)] == []


def test_2004_508_wording_no_dies_homura_trigger_says_put_into_a_graveyard_from_play() -> None:
    """2004 had no keyword "dies" (it came in 2011). Homura, Human Ascendant's printed text:
    "When Homura, Human Ascendant is put into a graveyard from play, return it to play
    flipped." The trigger's text on the stack and in the log must not say "died"/"dies"."""
    game = Game("2004")
    homura = game.put("Homura, Human Ascendant")
    with game.holding_priority():
        game.damage(homura, 4)
        texts = [item.text for item in game.stack]
    game.resolve_stack()
    words = list(game.log) + texts
    assert [w for w in words if re.search(r"\bdie[sd]?\b", w)] == []
    assert homura.name == "Homura's Essence"


def test_2004_508_wording_no_text_of_a_game_says_battlefield() -> None:
    """2004 rules: human-readable text says "in play" (the 2004 edition's words)."""
    game = Game("2004")
    homura = game.put("Homura, Human Ascendant")
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    bears = game.put("Grizzly Bears", "graveyard", owner="Bob")
    with game.holding_priority():
        game.activate(nighteyes, target=bears)
        text = str(game)
    game.resolve_stack()
    game.damage(homura, 4)
    akki = game.put("Akki Lavarunner")
    with game.holding_priority():
        game.deal_damage(akki, "Bob", 1)
        game.move(akki, "hand")
        game.move(akki, "battlefield")
    game.resolve_stack()
    words = "\n".join([*game.log, text, str(game)])
    assert "battlefield" not in words.casefold(), [
        line for line in [*game.log, *text.splitlines()] if "battlefield" in line]


def test_2004_508_wording_scenario_error_says_in_play() -> None:
    """A scenario under "rules": "2004" that puts a flipped card into a library is invalid;
    the message (the scenario's own 2004 text) must not say "battlefield" — the verb's zone
    value "battlefield" aside, the explanation should say "in play"."""
    with pytest.raises(FlipCardsError) as info:
        run_scenario({"rules": "2004", "steps": [
            {"put": "Bushi Tenderfoot", "as": "b", "zone": "library", "flipped": True}]})
    text = str(info.value).replace('"battlefield"', "").replace("'battlefield'", "")
    assert not BATTLEFIELD.search(text), str(info.value)


def test_2004_508_wording_text_says_in_play_current_says_battlefield() -> None:
    assert Game("2004").put("Bushi Tenderfoot") and True
    old, new = Game("2004"), Game("current")
    old.put("Bushi Tenderfoot")
    new.put("Bushi Tenderfoot")
    assert old.log == ["Alice puts Bushi Tenderfoot into play."]
    assert new.log == ["Alice puts Bushi Tenderfoot onto the battlefield."]
    assert "in play:" in str(old) and "battlefield:" in str(new)


def test_2004_508_wording_tokens_are_put_into_play_not_created() -> None:
    """In 2004 tokens were "put into play" ("put a token into play that's a copy of…"; Dokai:
    "put an X/X green Elemental creature token into play"); the verb "create" came in 2016.
    The 2004 log of a token copy and of Dokai's token must not say "create"."""
    game = Game("2004")
    dokai = game.put("Budoka Gardener", flipped=True)
    game.copy(game.put("Grizzly Bears"), controller="Bob")
    with game.holding_priority():
        game.activate(dokai)
        texts = [item.text for item in game.stack]
    game.resolve_stack()
    words = list(game.log) + texts
    assert [w for w in words if re.search(r"\bcreat(e|es|ed)\b", w)] == []


def test_2004_508_wording_spells_are_played_not_cast() -> None:
    """In 2004 a spell was "played" (409.1, "Playing Spells and Activated Abilities"); "cast"
    came in 2009. The 2004 log, and a refusal of a card that is not in a hand, say "play";
    today's say "cast"."""
    def words(rules: str) -> str:
        game = Game(rules)
        bears = game.put("Grizzly Bears", owner="Bob")
        game.cast("Giant Growth", target=bears)
        idle = game.put("Shock", "graveyard")
        with pytest.raises(IllegalActionError) as info:
            game.cast(idle)
        return "\n".join([*game.log, str(info.value)])

    old, new = words("2004"), words("current")
    assert "Alice plays Giant Growth (1st spell this turn)." in old
    assert "a spell is played from a hand" in old
    assert not re.search(r"\bcast", old), old
    assert "Alice casts Giant Growth (1st spell this turn)." in new
    assert "a spell is cast from a hand" in new


def test_2004_508_wording_spell_triggers_say_played_not_cast() -> None:
    """The triggers about spells say it too: a Betrayer's ki counter, Erayo's fourth spell, and
    Erayo's Essence countering a first spell said "cast" in a 2004 game."""
    def words(rules: str) -> str:
        game = Game(rules, players=["Alice", "Bob"])
        game.put("Cunning Bandit")
        game.put("Erayo, Soratami Ascendant")
        game.put("Erayo, Soratami Ascendant", flipped=True, owner="Bob")
        for _ in range(4):
            game.cast("Kami of Ancient Law")
        return "\n".join(game.log)

    old, new = words("2004"), words("current")
    assert not re.search(r"\bcast", old), old
    for said in ("its controller {} a Spirit or Arcane spell", "the fourth spell of the turn "
                 "was {}", "Alice {} their first spell this turn (Kami of Ancient Law)"):
        assert said.format("played") in old, said
        assert said.format("cast") in new, said


def test_2004_508_wording_a_2004_game_cites_the_2004_rule_numbers_too() -> None:
    """Where a message cites a rule, a 2004 game's reader finds the rule under the number it
    had in 2004: a spell countered on resolution (2004 CR 413.2a, today 608.2b), protection
    against targeting (502.7b; 702.16b), the defending player (306.3; 506.2), a land is not
    cast (305.4; 305.1)."""
    game = Game("2004")
    bears = game.put("Grizzly Bears", owner="Bob")
    with game.holding_priority():
        game.cast("Giant Growth", target=bears)
        game.move(bears, "graveyard")
    game.resolve_stack()
    assert "Giant Growth is countered on resolution: its target is no longer legal " \
           "(2004 CR 413.2a)." in game.log
    white = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("add_keyword", white, keyword="Protection from red")
    refusals = []
    for attempt in (lambda: game.cast("Shock", target=white),
                    lambda: game.attack([game.put("Grizzly Bears")], defender="Alice"),
                    lambda: game.cast("Mountain")):
        with pytest.raises(IllegalActionError) as info:
            attempt()
        refusals.append(str(info.value))
    assert "(rule 702.16b; 2004: 502.7b)" in refusals[0]
    assert "(rule 506.2; 2004: 306.3)" in refusals[1]
    assert "(2004 CR 305.4)" in refusals[2]


def test_2004_508_wording_a_rule_with_no_2004_number_is_cited_as_todays() -> None:
    """Where the model knows no 2004 number for a rule, a 2004 game says the number is
    today's ("today's rule 120.8"): the 2004 rules had no rule 120, and their 6xx rules were
    the multiplayer ones, so a bare "rule 608.2b" would send a 2004 reader astray."""
    game = Game("2004")
    bears = game.put("Grizzly Bears")
    game.add_effect("add_keyword", bears, keyword="Protection from red")
    game.deal_damage(game.put("Akki Lavarunner"), bears, 1)
    game.deal_damage(game.put("Grizzly Bears", owner="Bob"), "Bob", 0)
    graverobber = game.put("Nezumi Graverobber")
    dead = game.put("Grizzly Bears", "graveyard", owner="Bob")
    with game.holding_priority():
        game.activate(graverobber, target=dead)
        game.move(dead, "exile")
    game.resolve_stack()
    log = "\n".join(game.log)
    assert "has protection from red (rule 702.16e; 2004: 502.7e)" in log
    assert "it deals no damage (today's rule 120.8)" in log
    assert "its target has left the graveyard (rule 608.2b; 2004: 413.2a)" in log
    assert not re.search(r"\(rule (120|6\d\d)\.[0-9a-z]+\)", log), log


def test_2004_508_wording_every_refusal_citing_a_rule_of_today_says_so() -> None:
    """Six refusals and a log line of a 2004 game cited today's numbers as plain "rule N"
    (603.3b, 106.1, 303.4f, 613.7, 122.1a, and 508.1a, which in 2004 is the flip-card rule),
    spoke of planeswalkers and battles, which 2004 did not have, and named Budoka Gardener's
    choice "onto the battlefield"."""
    game = Game("2004")
    said: list[str] = []

    def refused(act: Callable[[], object]) -> None:
        with pytest.raises(FlipCardsError) as error:
            act()
        said.append(str(error.value))

    tenderfeet = [game.put("Bushi Tenderfoot") for _ in range(2)]
    with game.holding_priority():
        for tenderfoot in tenderfeet:         # two triggers, put on the stack one at a time
            bears = game.put("Grizzly Bears", owner="Bob")
            game.deal_damage(tenderfoot, bears, 1)
            game.destroy(bears)
        refused(lambda: game.order_triggers(*tenderfeet))
    refused(lambda: game.add_mana("Alice", "{2}"))
    refused(lambda: game.put("Pacifism", attached_to=game.put("Forest")))
    refused(lambda: game.add_counters(game.put("Grizzly Bears"), "1/1"))
    essence = game.put("Kuon's Essence", flipped=True)
    refused(lambda: game.deal_damage(game.put("Shock", "graveyard"), essence, 1))
    gardener, forest = game.put("Budoka Gardener"), game.put("Forest", "hand")
    refused(lambda: game.activate(gardener, discard=forest))
    muscle = game.put("Hired Muscle", owner="Bob")
    refused(lambda: game.attack([muscle]))      # 508.1a is the flip-card rule in 2004
    bears = game.put("Grizzly Bears", owner="Bob")
    game.gain_control(bears, "Alice", until_end_of_turn=True)
    game.gain_control(bears, "Alice")
    text = "\n".join([*said, *game.log])
    for number in ("603.3b", "106.1", "303.4f", "613.7", "122.1a", "508.1a"):
        assert f"today's rule {number}" in text, number
    assert not re.search(r"(?<!today's )rule (603|106|303|613|122|508)\.", text), text
    assert "planeswalker" not in text and "battlefield" not in text
    assert "in the 2004 rules only creatures and players are dealt damage" in text
    assert "land card to put into play" in text


def test_2004_508_wording_the_end_step_was_the_end_of_turn_step() -> None:
    """The 2004 rules called the ending phase's first step the "end of turn step" (2004 CR
    313), and its triggers said "at end of turn"; "end step" is today's name."""
    old, new = Game("2004"), Game("current")
    for game in (old, new):
        game.put("Kitsune Mystic")
        game.end_step()
        with pytest.raises(IllegalActionError) as info:
            game.end_step()
        game.log.append(str(info.value))
    assert "The end of turn step of Alice's turn 1 begins." in old.log
    assert "the end of turn step of turn 1 has already begun" in old.log[-1]
    assert not [line for line in old.log if "end step" in line]
    assert "The end step of Alice's turn 1 begins." in new.log


def test_2004_508_wording_an_activated_ability_is_played_too() -> None:
    """2004's 409 is "Playing Spells and Activated Abilities": an ability was played, as a
    spell was; the 2004 log said "Alice activates Initiate of Blood's ability"."""
    def said(rules: str) -> list[str]:
        game = Game(rules)
        initiate = game.put("Initiate of Blood")
        bears = game.put("Grizzly Bears", owner="Bob")
        game.damage(bears, 1)
        game.activate(initiate, target=bears)
        return game.log

    assert "Alice plays Initiate of Blood's ability." in said("2004")
    assert "Alice activates Initiate of Blood's ability." in said("current")


def test_2004_508_wording_a_search_names_play_and_the_removed_from_the_game_zone() -> None:
    """A search of the battlefield said "Alice searches Alice's battlefield for Legendary
    cards" in a 2004 game, and of exile "Alice's exile"."""
    out = run_scenario({"rules": "2004", "steps": [
        {"put": "Bushi Tenderfoot", "as": "kenzo", "flipped": True},
        {"put": "Grizzly Bears", "as": "bears", "zone": "removed from the game"},
        {"search": "battlefield", "player": "Alice", "for": {"supertypes": ["Legendary"]},
         "as": "legends"},
        {"search": "exile", "player": "Alice", "as": "gone"}]})
    assert out["objects"]["bears"]["zone"] == "exile"
    assert out["log"][-2:] == [
        "Alice searches the permanents Alice controls for Legendary permanents: finds Kenzo the "
        "Hardhearted.",
        "Alice searches Alice's cards in the removed-from-the-game zone for any card: finds "
        "Grizzly Bears."]
    assert not any(BATTLEFIELD.search(line) or "exile" in line for line in out["log"])


def test_2004_508_wording_a_clone_whose_choice_is_gone_comes_into_play_as_itself() -> None:
    out = run_scenario({"rules": "2004", "steps": [
        {"put": "Bushi Tenderfoot", "as": "kenzo", "flipped": True, "owner": "Bob"},
        {"cast": "Clone", "as": "clone", "copying": "kenzo", "hold": True},
        {"move": "kenzo", "to": "hand"}, {"resolve": "all"}]})
    assert any(line.endswith("it comes into play as itself.") for line in out["log"])
    assert not any("enters" in line for line in out["log"])


def test_2004_508_wording_an_expect_reads_a_zone_in_the_words_a_step_does() -> None:
    """A 2004 scenario could put a card "in play" but not expect it there: the expect refused
    "in play" as no zone, one line after the step took it."""
    out = run_scenario({"rules": "2004", "steps": [
        {"put": "Bushi Tenderfoot", "as": "bushi", "zone": "in play"},
        {"expect": {"bushi": {"zone": "in play"}}},
        {"move": "bushi", "to": "removed from the game"},
        {"expect": {"bushi": {"zone": "Removed from the game"}}},
        {"expect": {"bushi": {"zone": "play"}}}]})
    assert out["failures"] == ['steps[4].expect: bushi.zone is "exile", expected "battlefield"']
    with pytest.raises(FlipCardsError, match='no zone "in the air"'):
        run_scenario({"rules": "2004", "steps": [
            {"put": "Bushi Tenderfoot", "as": "bushi"},
            {"expect": {"bushi": {"zone": "in the air"}}}]})
