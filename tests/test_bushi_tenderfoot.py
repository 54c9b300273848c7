"""Bushi Tenderfoot // Kenzo the Hardhearted: when a creature it dealt damage to this turn dies, it
flips; Kenzo has double strike and bushido 2.

Each test is one situation of this card, named after the half it is about: its flip
condition at the boundary (one short, and exactly enough), what each half's abilities do,
and how the card meets the rest of the rules.
"""

from __future__ import annotations

import re

import pytest
from helpers import flipped, flips, shock, tenderfoot_blocked_by_wounded_bears

from flipcards import EDITIONS, Game, GameObject, ScenarioError, run_scenario


def _tenderfoot_beside_a_first_striker(game: Game, *, first_strike: bool
                                       ) -> tuple[GameObject, GameObject]:
    """Tenderfoot (with first strike or not) and a first-striking Grizzly Bears attack; Bob's
    Runeclaw Bear, which Tenderfoot damaged earlier this turn, blocks the Bears; combat
    damage is dealt. Returns Tenderfoot and the blocker."""
    tenderfoot = game.put("Bushi Tenderfoot")
    if first_strike:
        game.add_effect("add_keyword", tenderfoot, keyword="First strike")
    striker = game.put("Grizzly Bears")
    game.add_effect("add_keyword", striker, keyword="First strike")
    blocker = game.put("Runeclaw Bear", owner="Bob")
    game.deal_damage(tenderfoot, blocker, 1)
    game.attack([tenderfoot, striker])
    game.block(blocker, striker)
    game.combat_damage()
    return tenderfoot, blocker


def test_bushi_tenderfoot_a_creature_of_its_own_controller_counts(game: Game) -> None:
    """"a creature dealt damage by Bushi Tenderfoot this turn": any creature, its
    controller's own included."""
    tenderfoot = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears")
    game.damage(bears, 1)
    game.deal_damage(tenderfoot, bears, 1)
    assert bears.zone == "graveyard" and tenderfoot.flipped


def test_bushi_tenderfoot_a_token_it_damaged_dies_and_it_flips(game: Game) -> None:
    """A token creature goes to the graveyard before it ceases to exist (111.7, 704.5d), so
    it dies: a Snake token killed by Tenderfoot's 1 damage flips it."""
    tenderfoot = game.put("Bushi Tenderfoot")
    snake = game.create_token("Snake", "Bob")
    game.deal_damage(tenderfoot, snake, 1)
    assert snake.zone is None
    assert tenderfoot.name == "Kenzo the Hardhearted"


def test_bushi_tenderfoot_and_its_victim_die_together_it_does_not_flip(game: Game) -> None:
    """Bushi Tenderfoot ruling: if Tenderfoot leaves play at the same time as the creature it
    damaged, it does not flip: the card in the graveyard is a new object."""
    tenderfoot, bears = tenderfoot_blocked_by_wounded_bears(game)
    game.combat_damage()
    game.resolve_stack()
    assert (tenderfoot.zone, tenderfoot.name) == ("graveyard", "Bushi Tenderfoot")
    assert bears.zone == "graveyard"


def test_bushi_tenderfoot_blinked_after_dealing_damage_does_not_flip(game: Game) -> None:
    """400.7: the creature must have been dealt damage by this very object; a Tenderfoot that
    left and came back is a new object with no history."""
    tenderfoot = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(tenderfoot, bears, 1)
    game.move(tenderfoot, "exile")
    game.move(tenderfoot, "battlefield")
    game.damage(bears, 1)
    assert bears.zone == "graveyard"
    assert not tenderfoot.flipped


def test_bushi_tenderfoot_blocked_creature_survives_combat_and_dies_later_that_turn(
        game: Game) -> None:
    """CHK FAQ and rulings: if Bushi Tenderfoot deals damage to a creature (in combat or not)
    and that creature is put into a graveyard later in the same turn, Tenderfoot flips. Here a
    1/3 Tenderfoot is blocked by a 2/2; both survive combat, then a Shock finishes the 2/2 in
    the second main phase: Tenderfoot flips into Kenzo, keeping its +0/+2 and its damage."""
    tenderfoot = game.put("Bushi Tenderfoot")
    game.add_effect("modify_pt", tenderfoot, power=0, toughness=2)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.attack([tenderfoot])
    game.block(bears, tenderfoot)
    game.combat_damage()
    assert bears.damage == 1 and tenderfoot.damage == 2 and not tenderfoot.flipped
    game.end_combat()
    game.deal_damage(shock(game), bears, 1)
    assert bears.zone == "graveyard"
    assert tenderfoot.name == "Kenzo the Hardhearted"
    assert (tenderfoot.power, tenderfoot.toughness, tenderfoot.damage) == (3, 6, 2)


@pytest.mark.parametrize("edition", EDITIONS)
def test_bushi_tenderfoot_control_change_keeps_its_damage_memory(edition: str) -> None:
    """A control change is not leaving play (508.4), so the same Tenderfoot still "dealt
    damage this turn" to the creature: when it dies, the Tenderfoot flips — for its new
    controller."""
    game = Game(edition)
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    foot = game.put("Bushi Tenderfoot", owner="Bob")
    victim = game.put("Runeclaw Bear")
    game.deal_damage(foot, victim, 1)
    game.activate(azamuki, target=foot)
    game.resolve_stack()
    assert foot.controller == "Alice"
    game.damage(victim, 1)
    game.resolve_stack()
    assert victim.zone == "graveyard"
    assert foot.name == "Kenzo the Hardhearted"
    assert foot.controller == "Alice"


def test_bushi_tenderfoot_creature_it_damaged_sacrificed_to_shidako_flips_it(game: Game) -> None:
    """Sacrificing puts the creature into its owner's graveyard from the battlefield, so it
    dies. Alice's Tenderfoot damaged her own Grizzly Bears; she sacrifices them to pay for
    Shidako's ability targeting Tenderfoot: Tenderfoot flips, and Kenzo (3/4) gets +3/+3."""
    shidako = game.put("Orochi Eggwatcher", flipped=True)
    tenderfoot = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears")
    game.deal_damage(tenderfoot, bears, 1)
    game.activate(shidako, target=tenderfoot, sacrifice=bears)
    assert bears.zone == "graveyard"
    assert tenderfoot.name == "Kenzo the Hardhearted"
    assert (tenderfoot.power, tenderfoot.toughness) == (6, 7)


def test_bushi_tenderfoot_damage_from_last_turn_does_not_count(game: Game) -> None:
    bushi = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(bushi, bears, 1)
    game.next_turn()
    game.damage(bears, 2)
    assert not bushi.flipped


def test_bushi_tenderfoot_damaged_creature_exiled_did_not_die(game: Game) -> None:
    """"Dies" means put into a graveyard from the battlefield (700.4). A creature Tenderfoot
    damaged that is exiled instead has not died: no flip."""
    tenderfoot = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(tenderfoot, bears, 1)
    game.move(bears, "exile")
    assert game.creatures_died_this_turn == 0
    assert not tenderfoot.flipped and flips(game) == []


def test_2004_bushi_tenderfoot_flipped_with_damage_on_the_stack_deals_what_it_assigned() -> None:
    """2004 CR 310 (combat damage on the stack): damage is assigned as the step begins, with
    the power creatures have then, and dealt when it resolves. Tenderfoot (1/1) blocks a
    2/2 and assigns 1; in response it is flipped into Kenzo (3/4). The damage dealt is still
    1 to the Bears (which survive) and 2 to Kenzo (which survives)."""
    game = Game("2004")
    tenderfoot = game.put("Bushi Tenderfoot", owner="Bob")
    bears = game.put("Grizzly Bears")
    game.attack([bears])
    game.block(tenderfoot, bears)
    with game.holding_priority():
        game.combat_damage()
        assert game.stack[0].kind == "combat_damage"
        game.flip(tenderfoot)
    game.resolve_stack()
    assert bears.zone == "battlefield" and bears.damage == 1
    assert tenderfoot.zone == "battlefield" and tenderfoot.damage == 2
    assert tenderfoot.name == "Kenzo the Hardhearted"


def test_bushi_tenderfoot_flips_in_the_first_strike_step_and_kenzo_strikes_again(
        game: Game) -> None:
    """510.4 (2004: 502.2): the second combat damage step is for creatures that did not deal
    first-strike damage *and those that now have double strike*. Tenderfoot (given first
    strike) attacks unblocked with a first-striking Grizzly Bears; Bob's Runeclaw Bear, which
    Tenderfoot had already damaged this turn, blocks the Bears and dies in the first-strike
    step. Tenderfoot has dealt 1 to Bob, flips into Kenzo (double strike) before the regular
    step, and deals 3 more. Bob: 20 - 1 - 3 = 16."""
    tenderfoot, blocker = _tenderfoot_beside_a_first_striker(game, first_strike=True)
    assert blocker.zone == "graveyard"
    assert tenderfoot.name == "Kenzo the Hardhearted"
    assert game.life("Bob") == 16


def test_bushi_tenderfoot_flips_when_a_creature_it_damaged_dies_this_turn(game: Game) -> None:
    """Bushi Tenderfoot: any creature it dealt damage to this turn (not only in combat) that
    dies this turn flips it."""
    tenderfoot = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(tenderfoot, bears, 1)
    game.damage(bears, 1)
    assert tenderfoot.name == "Kenzo the Hardhearted"


def test_bushi_tenderfoot_has_no_bushido(game: Game) -> None:
    """Bushi Tenderfoot: "No abilities other than the one that flips it." -- unflipped, being
    blocked gives it no bonus (bushido is the bottom half's)."""
    bushi = game.put("Bushi Tenderfoot")
    wall = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", wall, power=-2, toughness=9)
    game.attack([bushi])
    game.block(wall, bushi)
    game.resolve_stack()
    assert (bushi.power, bushi.toughness) == (1, 1)


def test_bushi_tenderfoot_needs_the_creature_it_damaged_to_die(game: Game) -> None:
    bushi = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(bushi, bears, 1)
    assert not bushi.flipped
    other = game.put("Runeclaw Bear", owner="Bob")
    game.damage(other, 2)                        # a creature it did not damage dies
    assert not bushi.flipped
    game.deal_damage(bushi, bears, 1)
    assert bushi.name == "Kenzo the Hardhearted"
    died = "was put into a graveyard" if game.edition == "2004" else "died"
    assert f"a creature it damaged this turn (Grizzly Bears) {died}" in "\n".join(game.log)


def test_bushi_tenderfoot_that_flips_after_becoming_blocked_gets_no_bushido(game: Game) -> None:
    """Bushido triggers when the creature blocks or becomes blocked (702.45a). Tenderfoot
    (given first strike) became blocked by a 1/1 Snake while it had no bushido; it kills the
    Snake in the first-strike step and flips. Kenzo does not retroactively get +2/+2: it is a
    3/4, undamaged, and Bob takes nothing (a blocked creature without trample)."""
    tenderfoot = game.put("Bushi Tenderfoot")
    game.add_effect("add_keyword", tenderfoot, keyword="First strike")
    snake = game.create_token("Snake", "Bob")
    game.attack([tenderfoot])
    game.block(snake, tenderfoot)
    game.combat_damage()
    assert tenderfoot.name == "Kenzo the Hardhearted"
    assert (tenderfoot.power, tenderfoot.toughness, tenderfoot.damage) == (3, 4, 0)
    assert game.life("Bob") == 20


@pytest.mark.parametrize("edition", EDITIONS)
def test_bushi_tenderfoot_that_left_play_is_a_new_object_for_its_trigger(edition: str) -> None:
    """508.4: a permanent that leaves play "forgets its previous existence". Tenderfoot damages
    a creature, is bounced and replayed; when that creature dies the new Tenderfoot has
    dealt it no damage, so it does not flip."""
    game = Game(edition)
    hero = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(hero, bears, 1)
    game.move(hero, "hand")
    game.move(hero, "battlefield")
    game.damage(bears, 1)
    game.resolve_stack()
    assert bears.zone == "graveyard"
    assert hero.flipped is False


def test_bushi_tenderfoot_the_damaged_creature_blinked_is_a_new_object(game: Game) -> None:
    """400.7: the creature Tenderfoot damaged leaves and comes back; the new object was not
    dealt damage by it, so its death does not flip Tenderfoot."""
    tenderfoot = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(tenderfoot, bears, 1)
    game.move(bears, "exile")
    game.move(bears, "battlefield")
    game.damage(bears, 2)
    assert bears.zone == "graveyard" and not tenderfoot.flipped


def test_bushi_tenderfoot_whose_combat_damage_was_prevented_does_not_flip_later(game: Game) -> None:
    """Bushi Tenderfoot flips when a creature *dealt damage by it* this turn dies. Bob's
    Rune-Tail's Essence prevents its combat damage to Bob's blocking Bears, so it dealt none
    (615); when the Bears die later that turn, Tenderfoot does not flip."""
    tenderfoot = game.put("Bushi Tenderfoot")
    game.add_counters(tenderfoot, "+1/+1", 2)
    game.put("Rune-Tail, Kitsune Ascendant", owner="Bob", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.attack([tenderfoot])
    game.block(bears, tenderfoot)
    game.combat_damage()
    assert bears.damage == 0 and tenderfoot.damage == 2
    game.move(bears, "graveyard")
    assert tenderfoot.name == "Bushi Tenderfoot" and not tenderfoot.flipped


def test_bushi_tenderfoot_without_first_strike_flips_mid_combat_and_deals_kenzos_damage_once(
        game: Game) -> None:
    """510.4 (2004: 502.2): Tenderfoot, with no first strike, attacks unblocked alongside a
    first-striking Grizzly Bears. Bob's Runeclaw Bear, already damaged by Tenderfoot this
    turn, blocks the Bears and dies in the first-strike step: Tenderfoot flips into Kenzo.
    In the regular step Kenzo deals damage with its current power, 3, and only once (it
    dealt none in the first step). Bob: 17."""
    tenderfoot, _ = _tenderfoot_beside_a_first_striker(game, first_strike=False)
    assert tenderfoot.name == "Kenzo the Hardhearted"
    assert game.life("Bob") == 17


def test_kenzo_bushido_two_when_blocking(game: Game) -> None:
    """Kenzo the Hardhearted has bushido 2: blocking gives it +2/+2 until end of turn; the
    unflipped Tenderfoot has no bushido."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True, owner="Bob")
    bears = game.put("Grizzly Bears")
    game.next_turn()
    game.next_turn()
    game.attack([bears])
    game.block(kenzo, bears)
    game.resolve_stack()
    assert (kenzo.power, kenzo.toughness) == (5, 6)


def test_kenzo_bushido_until_end_of_turn(game: Game) -> None:
    """Kenzo: "Bushido 2: whenever it blocks or becomes blocked, it gets +2/+2 until end of
    turn." -- the bonus lasts until the cleanup step."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.attack([kenzo])
    game.block(bears, kenzo)
    game.resolve_stack()
    assert (kenzo.power, kenzo.toughness) == (5, 6)
    game.next_turn()
    assert (kenzo.power, kenzo.toughness) == (3, 4)


def test_kenzo_double_strike_unblocked(game: Game) -> None:
    """Kenzo the Hardhearted: "Double strike" -- unblocked, it deals its 3 damage twice."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    game.attack([kenzo])
    game.combat_damage()
    game.resolve_stack()
    assert game.life("Bob") == 14


def test_prevented_damage_is_not_dealt_so_bushi_tenderfoot_does_not_count_it_615(
        game: Game) -> None:
    bushi = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears", owner="Bob")
    flipped(game, "Rune-Tail, Kitsune Ascendant", owner="Bob")
    game.deal_damage(bushi, bears, 1)
    game.move(bears, "graveyard")
    assert not bushi.flipped


def test_bushi_tenderfoot_a_scenario_expects_its_trigger_and_its_flip_in_the_log() -> None:
    """A judge's "did it trigger?": ``"log"`` in an expect step lists texts the log holds, in
    order. The trigger, then the flip; the other way round fails, saying what was missing."""
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Bushi Tenderfoot", "as": "hero"},
        {"put": "Grizzly Bears", "as": "bears", "owner": "Bob"},
        {"deal_damage": "hero", "to": "bears", "amount": 2},
        {"expect": {"log": ["Bushi Tenderfoot's ability triggers",
                            "Bushi Tenderfoot flips"]}},
        {"expect": {"log": ["Bushi Tenderfoot flips", "Bushi Tenderfoot's ability triggers"]}}]})
    assert out["failures"] == [
        "steps[4].expect: the log has no line that holds \"Bushi Tenderfoot's ability "
        "triggers\" after the line that holds \"Bushi Tenderfoot flips\""]
    for wrong, where in [([], "steps[0].expect.log"), (["ok", 3], "steps[0].expect.log[1]")]:
        with pytest.raises(ScenarioError, match=re.escape(where) + ": expected"):
            run_scenario({"rules": "current", "steps": [{"expect": {"log": wrong}}]})


@pytest.mark.parametrize("edition", EDITIONS)
def test_603_3b_two_players_tenderfoots_are_told_apart_in_the_log(edition: str) -> None:
    """Alice's and Bob's Bushi Tenderfoot damage one creature that dies: both trigger, Bob's
    (the nonactive player's) goes on the stack last and resolves first. The log says whose
    ability triggers and whose card flips (it said "Bushi Tenderfoot" each time); a card
    with no namesake of another player's is named alone."""
    game = Game(edition)
    alices = game.put("Bushi Tenderfoot")
    bobs = game.put("Bushi Tenderfoot", owner="Bob")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(alices, bears, 1)
    with game.holding_priority():
        game.deal_damage(bobs, bears, 1)
    game.resolve()
    assert bobs.flipped and not alices.flipped
    said = [line for line in game.log if "Tenderfoot's ability triggers" in line
            or " flips: " in line]
    assert [line.split(":")[0] for line in said] == [
        "Alice's Bushi Tenderfoot's ability triggers", "Bob's Bushi Tenderfoot's ability triggers",
        "Bob's Bushi Tenderfoot flips"]
    game.resolve()
    assert game.log.count("Bushi Tenderfoot flips: it is now Kenzo the Hardhearted.") == 1
