"""Akki Lavarunner // Tok-Tok, Volcano Born: it has haste and flips when it deals damage to an
opponent; Tok-Tok has protection from red and adds 1 to the damage red sources deal to players.

Each test is one situation of this card, named after the half it is about: its flip
condition at the boundary (one short, and exactly enough), what each half's abilities do,
and how the card meets the rest of the rules.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path
from typing import Any

import pytest
from helpers import cli, flipped, flips, shock, wall

from flipcards import (
    EDITIONS,
    FlipCardsError,
    Game,
    IllegalActionError,
    ScenarioError,
    run_scenario,
    scenario_python,
)


def test_614_three_players_a_bystanders_tok_tok_increases_damage_to_the_defender() -> None:
    """Tok-Tok's replacement applies to any red source damaging any player: Bob's Tok-Tok
    makes Alice's unblocked Initiate of Blood deal 3 to Carol. Naming a player who is not in
    the game as the defender is refused with a clear error."""
    game = Game("2004", ["Alice", "Bob", "Carol"])
    game.put("Akki Lavarunner", owner="Bob", flipped=True)
    initiate = game.put("Initiate of Blood")
    with pytest.raises(FlipCardsError, match="Dave"):
        game.attack([initiate], defender="Dave")
    game.attack([initiate], defender="Carol")
    game.combat_damage()
    assert (game.life("Bob"), game.life("Carol")) == (20, 17)


def test_614_tok_tok_adds_one_to_red_combat_damage_to_players_not_to_creatures(
        game: Game) -> None:
    """Tok-Tok (Bob's) affects every red source that would damage a player, whoever controls
    it: Alice's unblocked Initiate of Blood (red 2/2) deals 3 to Bob. Her Cunning Bandit
    (red 2/2), blocked by a 2/5, deals only 2 to it: the replacement is about players."""
    game.put("Akki Lavarunner", owner="Bob", flipped=True)
    initiate = game.put("Initiate of Blood")
    bandit = game.put("Cunning Bandit")
    big = wall(game)
    game.attack([initiate, bandit])
    game.block(big, bandit)
    game.combat_damage()
    assert game.life("Bob") == 17
    assert big.damage == 2


def test_akki_lavarunner_blocked_does_not_flip_but_trampling_over_does(game: Game) -> None:
    """Akki flips when it deals damage to an opponent. Blocked by a Snake, its damage to the
    Snake does not count. Given +2/+2 and trample it assigns lethal 1 to the 1/1 Snake and 2
    to Bob: that damage flips it."""
    first = game.put("Akki Lavarunner")
    snake = game.create_token("Snake", "Bob")
    game.attack([first])
    game.block(snake, first)
    game.combat_damage()
    assert first.name == "Akki Lavarunner" and first.zone == "graveyard"
    assert game.life("Bob") == 20

    other = Game(game.edition)
    akki = other.put("Akki Lavarunner")
    other.add_effect("modify_pt", akki, power=2, toughness=2)
    other.add_effect("add_keyword", akki, keyword="Trample")
    snake = other.create_token("Snake", "Bob")
    other.attack([akki])
    other.block(snake, akki)
    other.combat_damage()
    assert other.life("Bob") == 18
    assert akki.name == "Tok-Tok, Volcano Born"


def test_akki_lavarunner_combat_damage_to_an_opponent_flips_it(game: Game) -> None:
    """Akki Lavarunner: combat damage to an opponent counts; it has haste, so it attacks the
    turn it arrives."""
    akki = game.put("Akki Lavarunner", "hand")
    game.cast(akki)
    game.attack([akki])
    game.combat_damage()
    game.resolve_stack()
    assert game.life("Bob") == 19
    assert akki.name == "Tok-Tok, Volcano Born"


def test_akki_lavarunner_damage_to_a_creature_or_to_its_controller_does_not_flip(
        game: Game) -> None:
    akki = game.put("Akki Lavarunner")
    game.deal_damage(akki, game.put("Grizzly Bears", owner="Bob"), 1)
    game.deal_damage(akki, "Alice", 1)
    assert not akki.flipped
    game.deal_damage(akki, "Bob", 1)
    assert akki.flipped and game.life("Bob") == 19


@pytest.mark.parametrize("edition", EDITIONS)
def test_akki_lavarunner_damage_to_its_own_controller_is_not_to_an_opponent(edition: str) -> None:
    """"deals damage to an opponent": damage Akki deals to its own controller triggers
    nothing."""
    game = Game(edition)
    akki = game.put("Akki Lavarunner")
    with game.holding_priority():
        game.deal_damage(akki, "Alice", 1)
        assert len(game.stack) == 0
    assert not akki.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_akki_lavarunner_damages_the_opponent_with_tok_tok_out_and_flips_into_a_second_legend(
        edition: str) -> None:
    """Akki Lavarunner is red: with Alice's Tok-Tok out its 1 damage to Bob becomes 2. It
    then flips into a second Tok-Tok: 2004, both go to the graveyard; today Alice keeps one."""
    game = Game(edition)
    toktok = game.put("Akki Lavarunner", flipped=True)
    akki = game.put("Akki Lavarunner")
    game.deal_damage(akki, "Bob", 1, keep=[toktok])
    assert game.life("Bob") == 18
    assert flips(game) == ["Akki Lavarunner"]
    assert akki.zone == "graveyard"
    assert toktok.zone == ("graveyard" if edition == "2004" else "battlefield")


def test_akki_lavarunner_haste(game: Game) -> None:
    """Akki Lavarunner: "Haste" -- it attacks the turn it arrives."""
    akki = game.cast("Akki Lavarunner")
    game.attack([akki])
    assert game.attacking(akki) == "Bob"


def test_akki_lavarunner_prevented_damage_does_not_flip(game: Game) -> None:
    """615: damage that is prevented is not dealt, so it does not flip Akki Lavarunner."""
    akki = game.put("Akki Lavarunner")
    game.put("Rune-Tail, Kitsune Ascendant", owner="Bob", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(akki, bears, 1)
    assert bears.damage == 0 and not akki.flipped


def test_akki_lavarunner_stolen_flips_when_it_damages_its_new_controllers_opponent(
        game: Game) -> None:
    """Akki Lavarunner: "an opponent" is an opponent of its controller as it deals damage.
    Bob takes it; damage to Alice, now its controller's opponent, flips it."""
    akki = game.put("Akki Lavarunner")
    azamuki = game.put("Cunning Bandit", owner="Bob", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    game.activate(azamuki, target=akki)
    game.deal_damage(akki, "Bob", 1)
    assert not akki.flipped
    game.deal_damage(akki, "Alice", 1)
    assert akki.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_akki_lavarunner_trigger_waiting_shock_kills_it(edition: str) -> None:
    """Akki Lavarunner: "Whenever Akki Lavarunner deals damage to an opponent, flip it." Shock
    in response kills the 1/1; the ability then finds it gone and nothing flips."""
    game = Game(edition)
    akki = game.put("Akki Lavarunner")
    with game.holding_priority():
        game.deal_damage(akki, "Bob", 1)
        assert [item.source for item in game.stack] == [akki]
    game.cast("Shock", player="Bob", target=akki)
    assert akki.zone == "graveyard" and not akki.flipped


def test_akki_lavarunner_two_damage_triggers_the_second_finds_it_flipped(game: Game) -> None:
    """Akki deals damage to Bob twice while priority is held: its ability triggers twice.
    The first flips it; the second does nothing (flipping twice has no effect), and Tok-Tok
    lacks Akki's trigger, so no third one."""
    akki = game.put("Akki Lavarunner")
    with game.holding_priority():
        game.deal_damage(akki, "Bob", 1)
        game.deal_damage(akki, "Bob", 1)
        assert len(game.stack) == 2
    game.resolve_stack()
    assert akki.name == "Tok-Tok, Volcano Born"
    assert flips(game) == ["Akki Lavarunner"]
    assert game.life("Bob") == 18


def test_akki_lavarunner_unflipped_no_extra_damage(game: Game) -> None:
    """Akki Lavarunner has only "Haste" (and its flip ability): no extra damage."""
    game.put("Akki Lavarunner", owner="Bob")
    game.cast("Shock", target="Bob")
    assert game.life("Bob") == 18


@pytest.mark.parametrize("flipped", [True, False], ids=["goka", "initiate"])
def test_red_abilities_cannot_target_tok_tok(game: Game, flipped: bool) -> None:
    """702.16b: a permanent with protection from red can't be the target of abilities from
    red sources. Goka the Unjust and Initiate of Blood are red (the card's color, 508.1c), so
    neither can target Tok-Tok, even though Tok-Tok was dealt damage this turn."""
    red = game.put("Initiate of Blood", flipped=flipped)
    toktok = game.put("Akki Lavarunner", owner="Bob", flipped=True)
    game.deal_damage(game.put("Grizzly Bears"), toktok, 1)
    assert toktok.damage == 1
    with pytest.raises(IllegalActionError):
        game.activate(red, target=toktok)
    assert not red.tapped


def test_tok_tok_adds_one_even_to_damage_dealt_to_its_own_controller(game: Game) -> None:
    """Tok-Tok's replacement effect applies to damage from any red source to any player,
    its controller included."""
    game.put("Akki Lavarunner", flipped=True)
    shock = game.put("Shock", "graveyard", owner="Bob")
    game.deal_damage(shock, "Alice", 2)
    assert game.life("Alice") == 17


def test_tok_tok_adds_one_to_damage_a_red_source_deals_to_a_player_614(game: Game) -> None:
    flipped(game, "Akki Lavarunner")
    shock = game.put("Shock", "graveyard")
    bears = game.put("Grizzly Bears")
    game.deal_damage(shock, "Bob", 2)
    assert game.life("Bob") == 17
    game.deal_damage(bears, "Bob", 2)                              # green: not increased
    assert game.life("Bob") == 15
    tough = game.put("Runeclaw Bear", owner="Bob")
    game.add_effect("modify_pt", tough, power=0, toughness=5)
    game.deal_damage(shock, tough, 2)                              # creatures: not increased
    assert tough.damage == 2


def test_tok_tok_blocks_a_red_attacker_and_takes_no_damage(game: Game) -> None:
    """Protection does not stop Tok-Tok from blocking a red creature; the red attacker's
    damage to it is prevented (702.16e). Bob's Akki Lavarunner attacks and is blocked by
    Tok-Tok: Akki dies, Tok-Tok is unhurt, and Akki (which dealt no damage to a player) does
    not flip."""
    toktok = game.put("Akki Lavarunner", flipped=True)
    akki = game.put("Akki Lavarunner", owner="Bob")
    game.next_turn()
    game.attack([akki])
    game.block(toktok, akki)
    game.combat_damage()
    assert toktok.damage == 0 and toktok.zone == "battlefield"
    assert akki.zone == "graveyard" and flips(game) == []
    assert game.life("Alice") == 20


def test_tok_tok_current_two_of_different_players_each_add_one() -> None:
    """Today each player may control a Tok-Tok (704.5j is per controller). Two replacement
    effects each add 1 (616.1): Shock's 2 damage to Bob becomes 4."""
    game = Game("current")
    game.put("Akki Lavarunner", flipped=True)
    game.put("Akki Lavarunner", owner="Bob", flipped=True)
    game.deal_damage(shock(game), "Bob", 2)
    assert game.life("Bob") == 16


def test_tok_tok_has_no_haste_an_akki_lavarunner_flipped_the_turn_it_came_cannot_attack(
        game: Game) -> None:
    """Haste is on Akki Lavarunner's half only (508.2: the flipped half replaces the text
    box). An Akki cast this turn and flipped by an instruction is a summoning-sick Tok-Tok:
    it cannot attack."""
    akki = game.cast("Akki Lavarunner")
    game.flip(akki)
    assert "Haste" not in akki.keywords
    with pytest.raises(IllegalActionError, match="haste"):
        game.attack([akki])


def test_tok_tok_has_protection_from_red_702_16(game: Game) -> None:
    toktok = flipped(game, "Akki Lavarunner")
    game.deal_damage(game.put("Shock", "graveyard"), toktok, 2)
    assert toktok.zone == "battlefield" and toktok.damage == 0
    game.deal_damage(game.put("Grizzly Bears"), toktok, 2)         # green damage is dealt
    assert toktok.zone == "graveyard"


def test_tok_tok_looks_at_the_sources_current_color(game: Game) -> None:
    """Tok-Tok asks whether the source is red as the damage would be dealt: Grizzly Bears made
    red deal 2 + 1; Tok-Tok itself made blue deals just 2 (it keeps protection from red,
    which is its ability, not its color)."""
    toktok = game.put("Akki Lavarunner", flipped=True)
    bears = game.put("Grizzly Bears")
    game.add_effect("set_colors", bears, colors=["R"])
    game.deal_damage(bears, "Bob", 2)
    assert game.life("Bob") == 17
    game.add_effect("set_colors", toktok, colors=["U"])
    game.deal_damage(toktok, "Bob", 2)
    assert game.life("Bob") == 15
    assert "Protection" in toktok.keywords


def test_tok_tok_not_for_non_red_or_creatures(game: Game) -> None:
    """Tok-Tok: "Damage that a red source deals to a player ..." -- not a green source, not
    damage to a creature."""
    game.put("Akki Lavarunner", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(bears, "Alice", 2)
    assert game.life("Alice") == 18
    target = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", target, power=0, toughness=5)
    game.cast("Shock", target=target)
    assert target.damage == 2


def test_tok_tok_own_combat_damage_to_a_player_is_increased(game: Game) -> None:
    """Tok-Tok is red (its card is red, 508.1c), so its own combat damage to Bob is a red
    source's damage: 2 + 1."""
    toktok = game.put("Akki Lavarunner", flipped=True)
    game.attack([toktok])
    game.combat_damage()
    assert game.life("Bob") == 17


def test_tok_tok_protection_from_red_does_not_stop_a_white_kenzo_blocking_it(
        game: Game) -> None:
    """Protection from red stops red creatures from blocking Tok-Tok (702.16f), not white
    ones. Kenzo blocks the attacking Tok-Tok; bushido makes Kenzo 5/6; its first-strike
    damage (white, not prevented) kills Tok-Tok before Tok-Tok deals any."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    toktok = game.put("Akki Lavarunner", owner="Bob", flipped=True)
    game.next_turn()                                       # Bob's turn
    game.attack([toktok])
    game.block(kenzo, toktok)
    game.combat_damage()
    assert toktok.zone == "graveyard"
    assert (kenzo.power, kenzo.toughness, kenzo.damage) == (5, 6, 0)
    assert game.life("Alice") == 20


def test_tok_tok_protection_from_red_targeting(game: Game) -> None:
    """Tok-Tok: "Protection from red" -- Shock cannot target it."""
    tok = game.put("Akki Lavarunner", flipped=True)
    with pytest.raises(IllegalActionError):
        game.cast("Shock", player="Bob", target=tok)
    assert tok.zone == "battlefield"
    assert tok.damage == 0


def test_tok_tok_protection_prevents_damage_from_a_red_source(game: Game) -> None:
    """702.16: Tok-Tok has protection from red: a red source's damage to it is prevented."""
    toktok = game.put("Akki Lavarunner", flipped=True)
    shock = game.put("Shock", "graveyard", owner="Bob")
    game.deal_damage(shock, toktok, 2)
    assert (toktok.zone, toktok.damage) == ("battlefield", 0)


def test_tok_tok_protection_prevents_red_damage(game: Game) -> None:
    """Tok-Tok: "Protection from red" -- damage a red source would deal to it is prevented."""
    tok = game.put("Akki Lavarunner", flipped=True)
    goblin = game.put("Akki Lavarunner", owner="Bob")
    game.deal_damage(goblin, tok, 2)
    assert tok.zone == "battlefield" and tok.damage == 0


def test_tok_tok_red_damage_to_player_plus_one(game: Game) -> None:
    """Tok-Tok: "Damage that a red source deals to a player is increased by 1." -- to any
    player, its controller too."""
    game.put("Akki Lavarunner", flipped=True)
    game.cast("Shock", player="Bob", target="Alice")
    game.cast("Shock", target="Bob")
    assert game.life("Alice") == 17
    assert game.life("Bob") == 17


@pytest.mark.parametrize("edition", EDITIONS)
def test_token_copy_of_tok_tok_is_a_hasty_akki_lavarunner_that_attacks_and_flips(
        edition: str) -> None:
    """Ruling 6 / 707.2: a copy of a flipped Tok-Tok is an unflipped Akki Lavarunner, with
    haste: it attacks the turn it is made. Its 1 damage (red) to Bob is increased by Alice's
    Tok-Tok to 2, and it flips into a second Tok-Tok: 2004, both go (the token ceases to
    exist); today Alice keeps the original she chooses and the token goes."""
    game = Game(edition)
    toktok = game.put("Akki Lavarunner", flipped=True)
    token = game.copy(toktok)
    assert (token.name, token.flipped) == ("Akki Lavarunner", False)
    assert "Haste" in token.keywords
    game.attack([token])
    game.combat_damage(keep=[toktok])
    assert game.life("Bob") == 18
    assert token.zone is None
    assert toktok.zone == ("graveyard" if edition == "2004" else "battlefield")


def toktok_and_shock(**shock_step: Any) -> list[dict[str, Any]]:
    """Bob's Tok-Tok, Volcano Born (protection from red), and Alice's Shock cast at it."""
    return [{"put": "Akki Lavarunner", "as": "toktok", "flipped": True, "owner": "Bob"},
            {"put": "Shock", "as": "shock", "zone": "hand"},
            {"cast": "shock", "target": "toktok", **shock_step}]


@pytest.mark.parametrize("edition", EDITIONS)
def test_tok_tok_a_scenario_expects_a_shock_aimed_at_it_to_be_refused(edition: str) -> None:
    """A judge's answer "you can't" as a scenario: ``"refused": true`` on a step passes when
    the rules refuse it (protection from red, 702.16b): the state is as before it (Shock still
    in hand), the log says why, and the scenario goes on (Shock at Bob, 2 + Tok-Tok's 1)."""
    out = run_scenario({"rules": edition, "steps": [
        *toktok_and_shock(refused=True),
        {"expect": {"shock": {"zone": "hand"}, "toktok": {"damage": 0}}},
        {"cast": "shock", "target": "Bob"}, {"resolve": "all"},
        {"expect": {"players": {"Bob": {"life": 17}}}}]})
    assert out["failures"] == []
    refusal = next(e for e in out["entries"] if e["kind"] == "refused")
    assert refusal["text"].startswith("Step 3 is refused, as the scenario expects: Tok-Tok, "
                                      "Volcano Born has protection from red, so Shock cannot "
                                      "target it ("), refusal
    assert [line for line in out["log"] if "casts Shock" in line or "plays Shock" in line] \
        == [line for line in out["log"] if "(1st spell this turn)" in line]   # one cast only


def test_tok_tok_a_step_expected_refused_but_allowed_fails_and_a_typo_is_still_invalid(
        tmp_path: Path) -> None:
    """A Shock at Bob marked ``"refused": true`` is allowed: it is done, and the run exits 1
    naming the step. A mistyped id in a step expected to be refused is no refusal of the
    rules: the scenario is invalid (exit 2), as it would be without the mark; so is a choice
    the spell has no use for, a mark that is not true or false, or one on a step that only
    looks."""
    steps = toktok_and_shock()
    steps[-1] = {"cast": "shock", "target": "Bob", "refused": True}
    proc = cli(tmp_path, {"rules": "current", "steps": steps})
    assert proc.returncode == 1
    assert "steps[2].refused: the step was expected to be refused, but the rules allowed it" \
        in proc.stderr
    for step, path, why in [
            ({"cast": "shock", "target": "tokotk", "refused": True}, "steps[2].target",
             'did you mean "toktok"'),
            ({"cast": "shock", "target": "toktok", "refused": "yes"}, "steps[2].refused",
             'expected true'),
            ({"expect": {"shock": {"zone": "hand"}}, "refused": True}, "steps[2].refused",
             "this one only looks"),
            # A choice the spell has no use for is a slip in the step, not the rules' refusal.
            ({"cast": "shock", "target": "toktok", "copying": "toktok", "refused": True},
             "steps[2].copying", "Shock has no creature to copy")]:
        proc = cli(tmp_path, {"rules": "current", "steps": [*steps[:2], step]})
        assert (proc.returncode, proc.stderr.count(path)) == (2, 1), proc.stderr
        assert why in proc.stderr


def test_tok_tok_a_refused_step_in_python_is_tried_and_its_error_caught() -> None:
    """Show as Python writes a step expected to be refused as a call tried in ``try``, whose
    ``IllegalActionError`` is caught and printed; the code runs, and goes on after it."""
    doc = {"rules": "current", "steps": [*toktok_and_shock(refused=True, hold=True),
                                         {"cast": "shock", "target": "Bob"}]}
    code = scenario_python(doc)
    assert "from flipcards import Game, IllegalActionError" in code
    assert "try:\n    with game.holding_priority():\n        game.cast(shock, target=toktok)\n" \
           "except IllegalActionError as refused:\n" in code, code
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, "<scenario>", "exec"), {})
    assert printed.getvalue().startswith("Step 3 is refused, as expected: Tok-Tok, Volcano Born "
                                         "has protection from red")
    assert "Bob (17 life)" in printed.getvalue()


def test_tok_tok_a_failed_keyword_expectation_says_what_the_protection_is_from() -> None:
    """The output names Tok-Tok's keyword "Protection", as the card's keyword family; an
    expectation of "Protection from blue" failed saying only that it was "Protection", which
    read as if the model did not know the color. The failure spells it out."""
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Akki Lavarunner", "as": "toktok", "flipped": True},
        {"expect": {"toktok": {"keywords": ["Protection from red"]}}},
        {"expect": {"toktok": {"keywords": ["Protection from blue"]}}}]})
    assert out["failures"] == ['steps[2].expect: toktok.keywords is ["Protection from red"] (in '
                               'the output ["Protection"]), expected ["Protection from blue"]']



def test_tok_tok_each_refused_step_keeps_its_line_in_the_log() -> None:
    """Two steps refused, one after the other: the state was played again without them for
    the second, and the first one's "Step 3 is refused" line was lost with it."""
    out = run_scenario({"rules": "current", "steps": [
        *toktok_and_shock(refused=True), {"cast": "shock", "target": "toktok", "refused": True},
        {"expect": {"log": ["Step 3 is refused", "Step 4 is refused"]}}]})
    assert out["failures"] == []
    assert [e["text"][:17] for e in out["entries"] if e["kind"] == "refused"] == [
        "Step 3 is refused", "Step 4 is refused"]


def test_tok_tok_refused_steps_may_play_the_game_again_only_so_often() -> None:
    """A link of 200 Bears, a concession and 200 turns expected to be refused (each refused:
    the game is over) is 15 kB: each refused step played the 200 steps before it again, and
    the playground worked for 30 s and stopped. The steps played again are counted, and past
    the most a scenario may have it is invalid, naming the step and why."""
    steps: list[dict[str, object]] = [{"put": "Grizzly Bears", "as": f"b{i}"} for i in range(200)]
    steps += [{"concede": "Bob"}] + [{"next_turn": True, "refused": True}] * 200
    with pytest.raises(ScenarioError) as raised:
        run_scenario({"rules": "current", "steps": steps})
    assert str(raised.value).startswith(
        "steps[210].refused: each step expected to be refused is checked by playing again the "
        "steps before it, and with this one that would be 2,010 steps played again in all, "
        "more than the 2,000 a scenario may have")
