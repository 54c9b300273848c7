"""Combat, checked against the rules: today's 506 to 511 and keyword rules in 702; the 2004
rules' 306 to 311 and 502 where they differ (combat damage on the stack, the second damage
step).

Each test is named after the rule it checks. Most run under both editions (the ``game``
fixture); the ones named ``2004`` or ``today`` show where the editions differ.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from flipcards import EDITIONS, Game, GameObject, IllegalActionError, ScenarioError, run_scenario
from flipcards._scenario import OBJECT_FIELDS


def ready(game: Game) -> None:
    """Pass to the active player's next turn: what came onto the battlefield before is no
    longer summoning sick (rule 302.6). (What ``put`` sets up is never summoning sick.)"""
    game.next_turn()
    game.next_turn()


def flips(game: Game) -> list[str]:
    return [line.split(" flips:")[0] for line in game.log if " flips: it is now " in line]


# --- declare attackers (508; 2004: 308) ---------------------------------------------------------

def test_508_1_attacking_taps_and_an_unblocked_creature_damages_the_defender(game: Game) -> None:
    bears = game.put("Grizzly Bears")
    ready(game)
    game.attack([bears])
    assert bears.tapped
    assert game.attacking(bears) == "Bob"
    assert game.attackers == [bears]
    assert "attacking Bob" in str(bears)
    game.combat_damage()
    assert game.life("Bob") == 18
    assert game.life("Alice") == 20


def test_302_6_a_creature_put_in_as_set_up_can_attack_at_once(game: Game) -> None:
    bears = game.put("Grizzly Bears")
    game.attack([bears])
    assert game.attacking(bears) == "Bob"


def test_302_6_a_creature_that_came_this_turn_cannot_attack(game: Game) -> None:
    bears = game.cast("Grizzly Bears")                # it arrives this turn
    with pytest.raises(IllegalActionError, match=r"Grizzly Bears can't attack: .*summoning "
                                                 r"sickness, rule 302\.6"):
        game.attack([bears])
    assert not bears.tapped
    ready(game)                                       # near miss: on Alice's next turn it can
    game.attack([bears])
    assert game.attacking(bears) == "Bob"


def test_702_10_haste_akki_attacks_the_turn_it_enters_and_flips_by_combat_damage(
        game: Game) -> None:
    akki = game.put("Akki Lavarunner")
    game.attack([akki])
    game.combat_damage()
    assert game.life("Bob") == 19
    assert akki.name == "Tok-Tok, Volcano Born"
    assert any("Akki Lavarunner deals 1 damage to Bob" in line for line in game.log)


@pytest.mark.parametrize(("setup", "message"), [
    ("tapped", r"it is tapped"),
    ("bob's", r"Bob controls it, and only the active player \(Alice\) attacks"),
    ("in hand", r"it is in Alice's hand"),
    ("pacifism", r"it is enchanted by Pacifism"),
])
def test_508_1a_what_cannot_attack(game: Game, setup: str, message: str) -> None:
    zone = "hand" if setup == "in hand" else "battlefield"
    bears = game.put("Grizzly Bears", zone, owner="Bob" if setup == "bob's" else "Alice")
    if setup == "pacifism":
        game.put("Pacifism", attached_to=bears)
    ready(game)
    if setup == "tapped":
        game.tap(bears)
    with pytest.raises(IllegalActionError, match="Grizzly Bears can't attack: " + message):
        game.attack([bears])


def test_508_1_an_illegal_declaration_declares_nothing(game: Game) -> None:
    bears = game.put("Grizzly Bears")
    ready(game)
    sick = game.cast("Runeclaw Bear")                 # it arrives this turn
    with pytest.raises(IllegalActionError, match="Runeclaw Bear can't attack"):
        game.attack([bears, sick])
    assert not bears.tapped and game.attackers == []
    game.attack([bears])                              # the combat phase has not been used up


def test_506_one_combat_phase_each_turn(game: Game) -> None:
    bears = game.put("Grizzly Bears")
    ready(game)
    game.attack([bears])
    game.combat_damage()
    game.end_combat()
    assert game.attacking(bears) is None
    with pytest.raises(IllegalActionError, match="already had its combat phase"):
        game.attack([bears])


def test_506_2_the_defending_player_is_an_opponent() -> None:
    game = Game("current", ["Alice", "Bob", "Carol"])
    bears = game.put("Grizzly Bears")
    ready(game)
    game.next_turn()                                  # three players: Alice's turn again
    with pytest.raises(IllegalActionError, match="cannot attack themselves"):
        game.attack([bears], "Alice")
    game.attack([bears], "Carol")
    game.combat_damage()
    assert (game.life("Bob"), game.life("Carol")) == (20, 18)


# --- declare blockers (509; 2004: 309) and evasion ----------------------------------------------

def combat(game: Game, attacker: str, blocker: str, *, attacker_keyword: str = "",
           blocker_keyword: str = "", **put: Any) -> tuple[GameObject, GameObject]:
    """Alice's ``attacker`` (with a keyword, if given) attacks Bob, who has ``blocker``."""
    a = game.put(attacker, **put)
    b = game.put(blocker, owner="Bob")
    if attacker_keyword:
        game.add_effect("add_keyword", a, keyword=attacker_keyword)
    if blocker_keyword:
        game.add_effect("add_keyword", b, keyword=blocker_keyword)
    ready(game)
    game.attack([a])
    return a, b


def test_702_9b_a_creature_without_flying_or_reach_cannot_block_a_flyer(game: Game) -> None:
    erayo, bears = combat(game, "Erayo, Soratami Ascendant", "Grizzly Bears")
    with pytest.raises(IllegalActionError, match=r"Grizzly Bears can't block Erayo, Soratami "
                                                 r"Ascendant: .*has flying.*702\.9b"):
        game.block(bears, erayo)
    assert game.blockers(erayo) == []


@pytest.mark.parametrize("keyword", ["Flying", "Reach"])
def test_702_9b_a_creature_with_flying_or_reach_blocks_a_flyer(game: Game, keyword: str) -> None:
    erayo, bears = combat(game, "Erayo, Soratami Ascendant", "Grizzly Bears",
                          blocker_keyword=keyword)
    game.block(bears, erayo)
    assert game.blockers(erayo) == [bears] and game.blocking(bears) == erayo
    game.combat_damage()
    assert erayo.zone == "graveyard" and game.life("Bob") == 20


def test_702_36b_fear_only_artifact_or_black_creatures_block(game: Game) -> None:
    bears, runeclaw = combat(game, "Grizzly Bears", "Runeclaw Bear", attacker_keyword="Fear")
    with pytest.raises(IllegalActionError, match=r"has fear, and Runeclaw Bear is neither an "
                                                 r"artifact creature nor black"):
        game.block(runeclaw, bears)
    rat = game.put("Nezumi Graverobber", owner="Bob")           # black
    game.block(rat, bears)
    game.add_effect("add_types", runeclaw, types=["Artifact"])  # an artifact creature
    game.block(runeclaw, bears)
    assert game.blockers(bears) == [rat, runeclaw]


def test_702_16f_protection_from_red_tok_tok_is_not_blocked_by_red_creatures(game: Game) -> None:
    tok, akki = combat(game, "Akki Lavarunner", "Akki Lavarunner", flipped=True)
    assert tok.name == "Tok-Tok, Volcano Born"
    with pytest.raises(IllegalActionError, match=r"protection from red, and Akki Lavarunner is "
                                                 r"red .*702\.16f"):
        game.block(akki, tok)
    bears = game.put("Grizzly Bears", owner="Bob")              # near miss: green blocks
    game.block(bears, tok)


def test_702_16f_protection_written_out_as_a_keyword(game: Game) -> None:
    bears, runeclaw = combat(game, "Grizzly Bears", "Runeclaw Bear",
                             attacker_keyword="Protection from green")
    with pytest.raises(IllegalActionError, match="protection from green"):
        game.block(runeclaw, bears)


def test_homura_human_ascendant_cannot_block(game: Game) -> None:
    bears, homura = combat(game, "Grizzly Bears", "Homura, Human Ascendant")
    with pytest.raises(IllegalActionError, match="Homura, Human Ascendant can't block"):
        game.block(homura, bears)
    runeclaw = game.put("Runeclaw Bear", owner="Bob")           # near miss
    game.block(runeclaw, bears)


def test_pacifism_enchanted_creature_cannot_block(game: Game) -> None:
    bears, runeclaw = combat(game, "Grizzly Bears", "Runeclaw Bear")
    game.put("Pacifism", owner="Bob", attached_to=runeclaw)
    with pytest.raises(IllegalActionError, match="enchanted by Pacifism"):
        game.block(runeclaw, bears)


@pytest.mark.parametrize(("case", "message"), [
    ("tapped", "it is tapped"),
    ("attacker's own", "Alice controls it, and only Bob"),
    ("twice", "already blocking"),
])
def test_509_1a_what_cannot_block(game: Game, case: str, message: str) -> None:
    bears, runeclaw = combat(game, "Grizzly Bears", "Runeclaw Bear")
    if case == "tapped":
        game.tap(runeclaw)
        blocker = runeclaw
    elif case == "attacker's own":
        blocker = game.put("Kami of Ancient Law")
    else:
        game.block(runeclaw, bears)
        blocker = runeclaw
    with pytest.raises(IllegalActionError, match=message):
        game.block(blocker, bears)


def test_509_blocks_only_an_attacking_creature_and_only_before_damage(game: Game) -> None:
    bears, runeclaw = combat(game, "Grizzly Bears", "Runeclaw Bear")
    with pytest.raises(IllegalActionError, match="Runeclaw Bear is not attacking"):
        game.block(bears, runeclaw)
    game.combat_damage()
    with pytest.raises(IllegalActionError, match="too late to block"):
        game.block(runeclaw, bears)


# --- bushido (702.45) ---------------------------------------------------------------------------

def test_702_45a_bushido_kenzo_becomes_blocked_and_gets_plus_2_until_end_of_turn(
        game: Game) -> None:
    kenzo, bears = combat(game, "Bushi Tenderfoot", "Grizzly Bears", flipped=True)
    with game.holding_priority():
        game.block(bears, kenzo)
        assert [(i.source, i.kind) for i in game.stack] == [(kenzo, "triggered")]
        assert (kenzo.power, kenzo.toughness) == (3, 4)     # it waits on the stack
    game.resolve_stack()
    assert (kenzo.power, kenzo.toughness) == (5, 6)
    game.next_turn()
    assert (kenzo.power, kenzo.toughness) == (3, 4)


def test_702_45a_bushido_triggers_when_kenzo_blocks(game: Game) -> None:
    bears = game.put("Grizzly Bears")
    kenzo = game.put("Bushi Tenderfoot", owner="Bob", flipped=True)
    ready(game)
    game.attack([bears])
    game.block(kenzo, bears)
    assert (kenzo.power, kenzo.toughness) == (5, 6)
    game.combat_damage()
    assert bears.zone == "graveyard" and kenzo.damage == 0    # killed in the first-strike step


def test_509_3c_becoming_blocked_by_two_creatures_triggers_bushido_once(game: Game) -> None:
    kenzo, bears = combat(game, "Bushi Tenderfoot", "Grizzly Bears", flipped=True)
    game.block(bears, kenzo)
    game.block(game.put("Runeclaw Bear", owner="Bob"), kenzo)
    assert (kenzo.power, kenzo.toughness) == (5, 6)


def test_702_45a_bushido_needs_the_keyword_not_the_half(game: Game) -> None:
    tenderfoot, bears = combat(game, "Bushi Tenderfoot", "Grizzly Bears")
    game.block(bears, tenderfoot)
    assert (tenderfoot.power, tenderfoot.toughness) == (1, 1)


# --- combat damage (510; 2004: 310) -------------------------------------------------------------

def test_510_2_combat_damage_is_dealt_at_once_two_bears_trade(game: Game) -> None:
    bears, runeclaw = combat(game, "Grizzly Bears", "Runeclaw Bear")
    game.block(runeclaw, bears)
    game.combat_damage()
    assert bears.zone == "graveyard" and runeclaw.zone == "graveyard"


def test_702_4_double_strike_unblocked_kenzo_deals_damage_twice(game: Game) -> None:
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    ready(game)
    game.attack([kenzo])
    game.combat_damage()
    assert game.life("Bob") == 14
    assert sum("Kenzo the Hardhearted deals 3 damage to Bob" in line for line in game.log) == 2


def test_702_4_double_strike_and_bushido_kenzo_deals_5_twice_as_a_5_6(game: Game) -> None:
    kenzo, wall = combat(game, "Bushi Tenderfoot", "Grizzly Bears", flipped=True)
    game.add_effect("modify_pt", wall, power=0, toughness=9)  # a 2/11 that survives
    game.block(wall, kenzo)
    game.combat_damage()
    assert (kenzo.power, kenzo.toughness, kenzo.damage) == (5, 6, 2)
    assert wall.damage == 10


def test_702_7_first_strike_kills_the_blocker_before_it_deals_damage(game: Game) -> None:
    bears, runeclaw = combat(game, "Grizzly Bears", "Runeclaw Bear",
                             attacker_keyword="First strike")
    game.block(runeclaw, bears)
    game.combat_damage()
    assert runeclaw.zone == "graveyard"
    assert bears.zone == "battlefield" and bears.damage == 0


def test_702_7_without_first_strike_both_die(game: Game) -> None:
    bears, runeclaw = combat(game, "Grizzly Bears", "Runeclaw Bear")
    game.add_effect("add_keyword", game.put("Kami of Ancient Law"), keyword="First strike")
    game.block(runeclaw, bears)         # a first striker not in combat makes no first step
    game.combat_damage()
    assert bears.zone == runeclaw.zone == "graveyard"
    assert not any("first-strike" in line for line in game.log)


@pytest.mark.parametrize(("edition", "second_step_damage"), [("2004", 3), ("current", 0)])
def test_510_4_a_first_striker_that_assigned_no_damage(edition: str,
                                                       second_step_damage: int) -> None:
    """2004 (502.2b): the second step is for creatures that did not assign damage in the
    first; today (510.4): for creatures that had neither first strike nor double strike."""
    game = Game(edition)
    striker, wall = combat(game, "Grizzly Bears", "Kami of Ancient Law",
                           attacker_keyword="First strike")
    game.add_effect("set_pt", striker, power=0, toughness=5)
    game.add_effect("set_pt", wall, power=0, toughness=9)
    game.block(wall, striker)
    with game.holding_priority():
        game.combat_damage()                          # the first-strike step only
    game.resolve_stack()
    game.add_effect("modify_pt", striker, power=3, toughness=0)
    game.combat_damage()
    assert wall.damage == second_step_damage


def test_702_19b_trample_assigns_lethal_damage_and_the_rest_to_the_player(game: Game) -> None:
    penguin, bears = combat(game, "Curse of the Fire Penguin", "Grizzly Bears", flipped=True)
    assert (penguin.power, "Trample" in penguin.keywords) == (6, True)
    game.block(bears, penguin)
    game.combat_damage()
    assert bears.zone == "graveyard" and game.life("Bob") == 16


def test_702_19b_damage_already_marked_counts_toward_lethal(game: Game) -> None:
    penguin, bears = combat(game, "Curse of the Fire Penguin", "Grizzly Bears", flipped=True)
    game.damage(bears, 1)
    game.block(bears, penguin)
    game.combat_damage()
    assert game.life("Bob") == 15


def test_510_1c_without_trample_a_blocked_creature_damages_only_its_blockers(
        game: Game) -> None:
    big, bears = combat(game, "Grizzly Bears", "Runeclaw Bear")
    game.add_effect("modify_pt", big, power=4, toughness=4)
    runeclaw = game.put("Grizzly Bears", owner="Bob")
    game.block(bears, big)
    game.block(runeclaw, big)
    game.combat_damage()
    # Lethal to the first blocker in order, the rest to the last one; none to the player.
    assert game.life("Bob") == 20
    assert bears.zone == runeclaw.zone == "graveyard"
    assert "Grizzly Bears deals 4 damage to Grizzly Bears." in game.log


def test_702_19e_a_trampler_whose_blockers_are_gone_damages_the_player(game: Game) -> None:
    penguin, bears = combat(game, "Curse of the Fire Penguin", "Grizzly Bears", flipped=True)
    game.block(bears, penguin)
    game.move(bears, "graveyard")
    assert game.is_blocked(penguin)
    game.combat_damage()
    assert game.life("Bob") == 14


def test_509_1h_a_blocked_creature_stays_blocked_when_its_blocker_leaves(game: Game) -> None:
    bears, runeclaw = combat(game, "Grizzly Bears", "Runeclaw Bear")
    game.block(runeclaw, bears)
    game.move(runeclaw, "hand")
    assert game.blockers(bears) == [] and game.is_blocked(bears)
    game.combat_damage()
    assert game.life("Bob") == 20


def test_506_4_a_creature_that_leaves_the_battlefield_is_removed_from_combat(
        game: Game) -> None:
    bears = game.put("Grizzly Bears")
    ready(game)
    game.attack([bears])
    game.move(bears, "battlefield")                    # a new object
    assert game.attacking(bears) is None and game.attackers == []
    game.combat_damage()
    assert game.life("Bob") == 20


def test_506_4_a_creature_that_stops_being_a_creature_is_removed_from_combat(
        game: Game) -> None:
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    ready(game)
    game.attack([rune_tail])
    game.flip(rune_tail)                               # Rune-Tail's Essence: an enchantment
    assert game.attackers == [] and "attacking" not in str(rune_tail)
    game.combat_damage()
    assert game.life("Bob") == 20


# --- the editions: combat damage and the stack ---------------------------------------------------

def test_2004_310_combat_damage_waits_on_the_stack_and_a_gone_attacker_still_deals_it() -> None:
    game = Game("2004")
    bears, runeclaw = combat(game, "Grizzly Bears", "Runeclaw Bear")
    game.block(runeclaw, bears)
    with game.holding_priority():
        game.combat_damage()
        assert [i.kind for i in game.stack] == ["combat_damage"]
        assert runeclaw.damage == 0
        game.move(bears, "graveyard")                 # "sacrificed" with damage on the stack
    game.resolve_stack()
    assert runeclaw.zone == "graveyard"               # 310.4a: its damage is dealt anyway


def test_2004_310_4c_damage_to_a_creature_no_longer_in_play_is_not_dealt() -> None:
    game = Game("2004")
    bears, runeclaw = combat(game, "Grizzly Bears", "Runeclaw Bear")
    game.block(runeclaw, bears)
    with game.holding_priority():
        game.combat_damage()
        game.move(runeclaw, "hand")
    game.resolve_stack()
    assert bears.zone == "graveyard"                  # the blocker's damage is dealt (310.4a)
    assert any("310.4c" in line for line in game.log)


def test_510_2_today_combat_damage_does_not_use_the_stack() -> None:
    game = Game("current")
    bears, runeclaw = combat(game, "Grizzly Bears", "Runeclaw Bear")
    game.block(runeclaw, bears)
    with game.holding_priority():
        game.combat_damage()
        assert game.stack == ()
        assert bears.zone == runeclaw.zone == "graveyard"


def test_510_the_stack_must_be_empty_before_combat_damage(game: Game) -> None:
    kenzo, bears = combat(game, "Bushi Tenderfoot", "Grizzly Bears", flipped=True)
    with game.holding_priority():
        game.block(bears, kenzo)
        with pytest.raises(IllegalActionError, match="the stack is not empty"):
            game.combat_damage()


def test_511_3_end_of_combat_and_a_new_turn_remove_creatures_from_combat(game: Game) -> None:
    bears, runeclaw = combat(game, "Grizzly Bears", "Runeclaw Bear")
    game.add_effect("set_pt", runeclaw, power=0, toughness=5)
    game.block(runeclaw, bears)
    game.next_turn()
    assert game.attacking(bears) is None and game.blocking(runeclaw) is None
    assert "Combat ends: no creature is attacking or blocking any more." in game.log
    with pytest.raises(IllegalActionError, match="no creature is attacking"):
        game.combat_damage()


# --- flip conditions see combat damage --------------------------------------------------------

def test_bushi_tenderfoot_flips_after_the_creature_it_blocked_dies_in_combat(game: Game) -> None:
    tenderfoot = game.put("Bushi Tenderfoot", owner="Bob")
    game.add_counters(tenderfoot, "+1/+1", 1)
    akki = game.put("Akki Lavarunner")
    game.attack([akki])
    game.block(tenderfoot, akki)
    game.combat_damage()
    assert akki.zone == "graveyard"
    assert tenderfoot.name == "Kenzo the Hardhearted"
    assert (tenderfoot.power, tenderfoot.toughness, tenderfoot.damage) == (4, 5, 1)


def test_initiate_of_blood_targets_a_creature_damaged_in_combat(game: Game) -> None:
    initiate = game.put("Initiate of Blood")
    bears = game.put("Grizzly Bears", owner="Bob")
    ready(game)
    akki = game.put("Akki Lavarunner")
    game.attack([akki])
    game.block(bears, akki)
    game.combat_damage()
    assert bears.damage == 1
    game.activate(initiate, target=bears)
    assert bears.zone == "graveyard" and initiate.name == "Goka the Unjust"


@pytest.mark.parametrize(("edition", "survivors"), [("2004", 0), ("current", 2)])
def test_704_5j_legend_rule_after_combat(edition: str, survivors: int) -> None:
    """Bob's Tenderfoot flips in combat into a second Kenzo the Hardhearted: in 2004 both go
    to the graveyard (420.5e), today each player keeps their own (704.5j)."""
    game = Game(edition)
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    tenderfoot = game.put("Bushi Tenderfoot", owner="Bob")
    game.add_counters(tenderfoot, "+1/+1", 2)
    bears = game.put("Grizzly Bears")
    ready(game)
    game.attack([bears])
    game.block(tenderfoot, bears)
    game.combat_damage()
    assert flips(game) == ["Bushi Tenderfoot"]
    on_field = [o for o in (kenzo, tenderfoot) if o.zone == "battlefield"]
    assert len(on_field) == survivors


# --- scenarios ------------------------------------------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_scenario_combat_verbs_and_output(edition: str) -> None:
    out = run_scenario({"rules": edition, "steps": [
        {"put": "Bushi Tenderfoot", "as": "kenzo", "flipped": True},
        {"put": "Grizzly Bears", "as": "bears", "owner": "Bob"},
        {"next_turn": True}, {"next_turn": True},
        {"attack": ["kenzo"], "defender": "Bob"},
        {"block": "bears", "attacker": "kenzo"},
        {"expect": {"kenzo": {"attacking": "Bob", "blocked_by": ["bears"], "power": 5},
                    "bears": {"blocking": "kenzo", "attacking": None}}},
        {"combat_damage": True},
        {"expect": {"bears": {"zone": "graveyard"}, "players": {"Bob": {"life": 20}}}},
        {"end_combat": True},
        {"expect": {"kenzo": {"attacking": None, "blocked_by": []}}},
    ]})
    assert out["failures"] == []
    assert {"attacking", "blocking", "blocked_by"} <= set(OBJECT_FIELDS)


@pytest.mark.parametrize(("step", "message"), [
    ({"attack": {"x": 1}}, "steps[3].attack: expected a list of object ids"),
    ({"attack": ["akky"]}, 'steps[3].attack[0]: no object "akky"; did you mean "akki"?'),
    ({"attack": ["akki"], "defender": "Carol"}, 'steps[3].defender: no player "Carol"'),
    ({"block": "erayo"}, 'steps[3]: missing "attacker"'),
    ({"combat_damage": True}, "steps[3]: no creature is attacking"),
])
def test_scenario_combat_steps_say_what_is_wrong(step: dict[str, Any], message: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "current", "steps": [
            {"put": "Akki Lavarunner", "as": "akki"},
            {"put": "Erayo, Soratami Ascendant", "as": "erayo", "owner": "Bob"},
            {"put": "Grizzly Bears", "as": "bears", "owner": "Bob"}, step]})
    assert str(caught.value).startswith(message)


def test_scenario_an_illegal_block_names_the_step_and_the_rule() -> None:
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "2004", "steps": [
            {"put": "Grizzly Bears", "as": "bears", "owner": "Bob"},
            {"put": "Akki Lavarunner", "as": "akki"},
            {"effect": "wings", "kind": "add_keyword", "affects": "akki", "keyword": "Flying"},
            {"attack": "akki"},
            {"block": "bears", "attacker": "akki"}]})
    assert str(caught.value) == (
        "steps[4]: Grizzly Bears can't block Akki Lavarunner: Akki Lavarunner has flying, and "
        "Grizzly Bears has neither flying nor reach (rule 702.9b; 2004: 502.4b)")


# --- random combats ---------------------------------------------------------------------------

CREATURES = ["Grizzly Bears", "Bushi Tenderfoot", "Akki Lavarunner", "Initiate of Blood",
             "Erayo, Soratami Ascendant", "Homura, Human Ascendant", "Nezumi Graverobber",
             "Curse of the Fire Penguin", "Kami of Ancient Law", "Faithful Squire"]
KEYWORDS = ["Flying", "Reach", "Fear", "First strike", "Double strike", "Trample", "Haste",
            "Protection from red", "Bushido 1"]


def damage_to(game: Game, player: str, since: int) -> int:
    """The damage the log says was dealt to ``player`` since log line ``since``."""
    total = 0
    for line in game.log[since:]:
        head, sep, _ = line.partition(f" damage to {player} (")
        if sep:
            total += int(head.rsplit(" ", 1)[1])
    return total


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edition=st.sampled_from(EDITIONS), data=st.data())
def test_random_combats_keep_the_invariants(edition: str, data: st.DataObject) -> None:
    """No player loses more life than the damage dealt to them; damage is never negative; no
    creature is both attacking and blocking; the legend rule holds after every combat; a
    player brought to 0 life ends the game (704.5a; 2004: 420.5a)."""
    game = Game(edition)
    for player in game.players:
        for _ in range(data.draw(st.integers(1, 5))):
            name = data.draw(st.sampled_from(CREATURES))
            flipped = data.draw(st.booleans())
            obj = game.put(name, owner=player, flipped=flipped)
            if data.draw(st.booleans()) and obj.zone == "battlefield":
                game.add_effect("add_keyword", obj, keyword=data.draw(st.sampled_from(KEYWORDS)))
    game.next_turn()
    for _ in range(data.draw(st.integers(1, 4))):
        if game.over:                    # a player at 0 life lost: nothing more happens
            assert any(game.life(p) <= 0 for p in game.players)
            break
        game.next_turn()
        attacker, defender = game.active_player, game.players[game.turn % 2]
        mine = [o for o in game.objects("battlefield", attacker) if "Creature" in o.types]
        chosen = data.draw(st.lists(st.sampled_from(mine), unique=True) if mine else st.just([]))
        while chosen:                                  # an illegal declaration declares
            try:                                       # nothing: drop one and try again
                game.attack(chosen)
                break
            except IllegalActionError:
                chosen = chosen[1:]
        legal = game.attackers
        theirs = [o for o in game.objects("battlefield", defender) if "Creature" in o.types]
        if legal and theirs:
            for blocker in data.draw(st.lists(st.sampled_from(theirs), unique=True)):
                with contextlib.suppress(IllegalActionError):   # an illegal block is refused
                    game.block(blocker, data.draw(st.sampled_from(legal)))
        life = {p: game.life(p) for p in game.players}
        since = len(game.log)
        if legal:
            for obj in game.attackers:
                assert game.blocking(obj) is None
            game.combat_damage()
        for player in game.players:
            dealt = damage_to(game, player, since)
            assert 0 <= life[player] - game.life(player) <= dealt
        for obj in game.objects("battlefield"):
            assert obj.damage >= 0
        for line in game.log[since:]:
            head, sep, _ = line.partition(" damage to ")
            if sep and " deals " in head:
                assert int(head.rsplit(" ", 1)[1]) > 0
        assert legend_violations(game) == []
        assert game.over == any(game.life(p) <= 0 for p in game.players)


def legend_violations(game: Game) -> list[tuple[str, ...]]:
    groups: dict[tuple[str, ...], int] = {}
    for obj in game.objects("battlefield"):
        if "Legendary" in obj.supertypes:
            key = (obj.name,) if game.edition == "2004" else (obj.controller, obj.name)
            groups[key] = groups.get(key, 0) + 1
    return [key for key, n in groups.items() if n > 1]
