"""The combat keywords of 702 as the flip cards use them: flying and reach (702.9), first
strike (702.7), double strike (702.4, Kenzo the Hardhearted), trample (702.19, Ichiga), fear
(702.36, Scarmaker), protection (702.16, Tok-Tok), haste (702.10, Akki Lavarunner) and bushido
(702.45, Kenzo), and what happens when they are gained or lost during combat.
"""

from __future__ import annotations

import pytest
from helpers import combat, flipped_ki_card, ready, wall

from flipcards import (
    FlipCardsError,
    Game,
    IllegalActionError,
    ScenarioError,
    UnknownNameError,
    run_scenario,
)


def dealt(game: Game, source: str, amount: int, target: str) -> int:
    """How many times the log says ``source`` dealt ``amount`` damage to ``target``."""
    return sum(line.startswith(f"{source} deals {amount} damage to {target}")
               for line in game.log)


def test_113_7a_bushido_resolves_even_if_kenzo_lost_its_abilities_in_response(
        game: Game) -> None:
    """Once triggered, an ability exists independently of its source (113.7a; 2004: 410.4).
    Kenzo's bushido waits on the stack; in response Kenzo loses all abilities. The trigger
    still resolves: Kenzo is 5/6, without double strike now, so it deals 5 once (regular
    step) and takes 2 from the Bears."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.attack([kenzo])
    with game.holding_priority():
        game.block(bears, kenzo)
        game.add_effect("remove_all_abilities", kenzo)
    game.resolve_stack()
    assert (kenzo.power, kenzo.toughness) == (5, 6)
    game.combat_damage()
    assert bears.zone == "graveyard"
    assert kenzo.damage == 2
    assert dealt(game, "Kenzo the Hardhearted", 5, "Grizzly Bears") == 1


def test_702_4_akki_lavarunner_with_double_strike_flips_in_the_first_step_and_hits_as_tok_tok(
        game: Game) -> None:
    """Akki Lavarunner given double strike attacks unblocked. Its first-strike damage flips
    it; in the second step Tok-Tok (2/2, still with double strike: effects stay, 508.1c) deals
    2, and as a red source dealing damage to a player, 1 more (Tok-Tok's own replacement)."""
    akki = game.put("Akki Lavarunner")
    game.add_effect("add_keyword", akki, keyword="Double strike")
    game.attack([akki])
    game.combat_damage()
    assert akki.name == "Tok-Tok, Volcano Born"
    assert game.life("Bob") == 20 - 1 - 3


def test_702_4_and_702_19d_double_strike_trample_hits_the_player_fully_in_the_second_step(
        game: Game) -> None:
    """Ichiga (4/3 trample) given double strike is blocked by a 2/2. First step: lethal 2 to
    the blocker, 2 tramples over. The blocker dies. Second step: Ichiga is blocked, its
    blockers are gone, and it has trample, so all 4 go to Bob (702.19d; 2004: 502.9c).
    Bob: 20 - 2 - 4 = 14."""
    ichiga = game.put("Budoka Pupil", flipped=True)
    game.add_effect("add_keyword", ichiga, keyword="Double strike")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.attack([ichiga])
    game.block(bears, ichiga)
    game.combat_damage()
    assert bears.zone == "graveyard"
    assert game.life("Bob") == 14


def test_702_4_double_strike_and_bushido_kenzo_deals_5_twice_as_a_5_6(game: Game) -> None:
    kenzo, wall = combat(game, "Bushi Tenderfoot", "Grizzly Bears", flipped=True)
    game.add_effect("modify_pt", wall, power=0, toughness=9)  # a 2/11 that survives
    game.block(wall, kenzo)
    game.combat_damage()
    assert (kenzo.power, kenzo.toughness, kenzo.damage) == (5, 6, 2)
    assert wall.damage == 10


def test_702_4_double_strike_split_over_two_blockers_kills_both(game: Game) -> None:
    """Kenzo (5/6 after bushido, once, 509.3c) is blocked by Grizzly Bears, declared first,
    and a 2/5. First step: lethal 2 to the Bears and 3 to the 2/5 (one legal division under
    any edition). Second step: the surviving 2/5 takes 5 more and dies; it deals its 2 to
    Kenzo in the regular step. Bob takes nothing."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    big = wall(game)
    game.attack([kenzo])
    game.block(bears, kenzo)
    game.block(big, kenzo)
    game.combat_damage()
    assert bears.zone == "graveyard" and big.zone == "graveyard"
    assert (kenzo.power, kenzo.toughness, kenzo.damage) == (5, 6, 2)
    assert game.life("Bob") == 20


def test_702_4_double_strike_unblocked_kenzo_deals_damage_twice(game: Game) -> None:
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    ready(game)
    game.attack([kenzo])
    game.combat_damage()
    assert game.life("Bob") == 14
    assert sum("Kenzo the Hardhearted deals 3 damage to Bob" in line for line in game.log) == 2


def test_702_4_kenzo_against_a_first_striking_blocker_both_strike_first(game: Game) -> None:
    """Kenzo (5/6 after bushido) is blocked by a first-striking 2/2. Both deal damage in the
    first-strike step at the same time: the blocker dies, Kenzo has 2 damage. In the second
    step only Kenzo deals damage again (double strike), and nobody is left to receive it.
    The blocker does not deal damage twice (first strike alone, 702.7b)."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    striker = game.put("Runeclaw Bear", owner="Bob")
    game.add_effect("add_keyword", striker, keyword="First strike")
    game.attack([kenzo])
    game.block(striker, kenzo)
    game.combat_damage()
    assert striker.zone == "graveyard"
    assert kenzo.damage == 2
    assert dealt(game, "Runeclaw Bear", 2, "Kenzo the Hardhearted") == 1
    assert game.life("Bob") == 20


def test_702_4_kenzo_kills_its_only_blocker_first_and_deals_nothing_in_the_second_step(
        game: Game) -> None:
    """Kenzo attacks and is blocked by Grizzly Bears; bushido makes it 5/6. In the
    first-strike step it kills the Bears, which never deal damage. In the regular step Kenzo
    (double strike) deals damage again, but it is a blocked creature with no blocker left and
    no trample, so it assigns none (510.1c; 2004: 310.2c). Bob stays at 20."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.attack([kenzo])
    game.block(bears, kenzo)
    game.combat_damage()
    assert bears.zone == "graveyard"
    assert (kenzo.power, kenzo.toughness, kenzo.damage) == (5, 6, 0)
    assert game.life("Bob") == 20


def test_702_4c_double_strike_removed_after_the_first_step_no_second_hit(game: Game) -> None:
    """702.4c: removing double strike from a creature during the first combat damage step
    stops it from dealing combat damage in the second (it had first strike's timing as the
    first step began, so 510.4 leaves it out; 2004 310.5: it already assigned damage).
    Unblocked Kenzo deals 3 once: Bob 17."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    game.attack([kenzo])
    with game.holding_priority():
        game.combat_damage()                      # the first-strike step only
    game.resolve_stack()                          # 2004: its damage waited on the stack
    assert game.life("Bob") == 17
    game.add_effect("remove_keyword", kenzo, keyword="Double strike")
    game.combat_damage()
    assert game.life("Bob") == 17


def test_702_4d_double_strike_given_to_a_first_striker_after_the_first_step(
        game: Game) -> None:
    """702.4d: giving double strike to a creature with first strike after it has dealt
    damage in the first step lets it deal damage again in the second (today 510.4 and 2004
    310.5 both admit creatures that *now* have double strike). A first-striking Grizzly Bears
    unblocked: 2, then 2 more. Bob: 16."""
    bears = game.put("Grizzly Bears")
    game.add_effect("add_keyword", bears, keyword="First strike")
    game.attack([bears])
    with game.holding_priority():
        game.combat_damage()
    game.resolve_stack()
    assert game.life("Bob") == 18
    game.add_effect("add_keyword", bears, keyword="Double strike")
    game.combat_damage()
    assert game.life("Bob") == 16


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


def test_702_7c_a_creature_given_first_strike_after_the_first_step_still_deals_damage(
        game: Game) -> None:
    """702.7c: giving first strike to a creature without it after the first-strike damage
    step won't keep it from dealing damage in the second step (today 510.4: it had neither
    ability as the first step began; 2004 310.5: it did not assign damage in the first step).
    Kenzo and Grizzly Bears attack unblocked: 3 in the first step; then the Bears gain first
    strike; second step Kenzo 3 and Bears 2. Bob: 12."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    bears = game.put("Grizzly Bears")
    game.attack([kenzo, bears])
    with game.holding_priority():
        game.combat_damage()
    game.resolve_stack()
    assert game.life("Bob") == 17
    game.add_effect("add_keyword", bears, keyword="First strike")
    game.combat_damage()
    assert game.life("Bob") == 12


@pytest.mark.parametrize("keyword", ["Flying", "Reach"])
def test_702_9b_a_creature_with_flying_or_reach_blocks_a_flyer(game: Game, keyword: str) -> None:
    if keyword == "Reach" and game.edition == "2004":
        # A keyword of later rules (2007): no effect gives it in a 2004 game.
        with pytest.raises(FlipCardsError, match="have no keyword ability Reach"):
            combat(game, "Erayo, Soratami Ascendant", "Grizzly Bears", blocker_keyword=keyword)
        return
    erayo, bears = combat(game, "Erayo, Soratami Ascendant", "Grizzly Bears",
                          blocker_keyword=keyword)
    game.block(bears, erayo)
    assert game.blockers(erayo) == [bears] and game.blocking(bears) == erayo
    game.combat_damage()
    assert erayo.zone == "graveyard" and game.life("Bob") == 20


def test_702_9b_a_creature_without_flying_or_reach_cannot_block_a_flyer(game: Game) -> None:
    erayo, bears = combat(game, "Erayo, Soratami Ascendant", "Grizzly Bears")
    with pytest.raises(IllegalActionError, match=r"Grizzly Bears can't block Erayo, Soratami "
                                                 r"Ascendant: .*has flying.*502\.4b"):
        game.block(bears, erayo)
    assert game.blockers(erayo) == []


def test_702_9b_homuras_essence_gives_attackers_flying_a_ground_creature_cannot_block(
        game: Game) -> None:
    """Homura's Essence: Alice's creatures get +2/+2 and flying. Her Bears (4/4 flyer) can't
    be blocked by Bob's Runeclaw Bear, but can by his Kaiso (flying). Unblocked, it deals 4."""
    game.put("Homura, Human Ascendant", flipped=True)
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    game.attack([bears])
    with pytest.raises(IllegalActionError, match="flying"):
        game.block(runeclaw, bears)
    game.combat_damage()
    assert game.life("Bob") == 16


def test_702_9b_tobita_on_the_defending_side_lets_a_bear_block_a_flyer(game: Game) -> None:
    """Tobita gives flying to the creatures of its controller, Bob: his Grizzly Bears have
    flying and may block Alice's Kaiso (flying, 3/4). Kaiso kills the Bears."""
    game.put("Student of Elements", owner="Bob", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    kaiso = game.put("Faithful Squire", flipped=True)
    game.attack([kaiso])
    game.block(bears, kaiso)
    game.combat_damage()
    assert bears.zone == "graveyard" and kaiso.damage == 2


def test_702_10_haste_akki_attacks_the_turn_it_enters_and_flips_by_combat_damage(
        game: Game) -> None:
    akki = game.put("Akki Lavarunner")
    game.attack([akki])
    game.combat_damage()
    assert game.life("Bob") == 19
    assert akki.name == "Tok-Tok, Volcano Born"
    assert any("Akki Lavarunner deals 1 damage to Bob" in line for line in game.log)


def test_702_10_haste_granted_by_an_effect_lets_a_new_creature_attack(game: Game) -> None:
    """Haste from an effect is as good as printed haste (702.10b): Grizzly Bears cast this
    turn and given haste attack at once."""
    bears = game.cast("Grizzly Bears")
    game.add_effect("add_keyword", bears, keyword="Haste")
    game.attack([bears])
    game.combat_damage()
    assert game.life("Bob") == 18


def test_702_16_akki_lavarunner_flipping_after_a_red_creature_blocked_it_stays_blocked(
        game: Game) -> None:
    """Protection gained after blocks does not remove blockers (509.1h; 2004: 306.2a), but
    damage from the red blocker is now prevented (702.16e). Akki is blocked by Bob's red
    Initiate of Blood, then flips into Tok-Tok (2/2, protection from red): still blocked, it
    takes nothing and kills the Initiate."""
    akki = game.put("Akki Lavarunner")
    initiate = game.put("Initiate of Blood", owner="Bob")
    game.attack([akki])
    game.block(initiate, akki)
    game.flip(akki)
    assert game.is_blocked(akki) and game.blockers(akki) == [initiate]
    game.combat_damage()
    assert initiate.zone == "graveyard"
    assert akki.zone == "battlefield" and akki.damage == 0
    assert game.life("Bob") == 20


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


def test_702_19b_damage_already_marked_counts_toward_lethal(game: Game) -> None:
    penguin, bears = combat(game, "Curse of the Fire Penguin", "Grizzly Bears", flipped=True)
    game.damage(bears, 1)
    game.block(bears, penguin)
    game.combat_damage()
    assert game.life("Bob") == 15


def test_702_19b_trample_assigns_lethal_damage_and_the_rest_to_the_player(game: Game) -> None:
    penguin, bears = combat(game, "Curse of the Fire Penguin", "Grizzly Bears", flipped=True)
    assert (penguin.power, "Trample" in penguin.keywords) == (6, True)
    game.block(bears, penguin)
    game.combat_damage()
    assert bears.zone == "graveyard" and game.life("Bob") == 16


def test_702_19b_trample_over_two_blockers_one_already_damaged(game: Game) -> None:
    """702.19b/c: a 6/5 trampler blocked by two 2/2s, one with 1 damage marked: lethal is 1
    and 2, so 3 go to Bob (17) and both blockers die."""
    brute = game.put("Grizzly Bears")
    game.add_effect("modify_pt", brute, power=4, toughness=3)
    game.add_effect("add_keyword", brute, keyword="Trample")
    hurt = game.put("Grizzly Bears", owner="Bob")
    game.damage(hurt, 1)
    other = game.put("Runeclaw Bear", owner="Bob")
    game.attack([brute])
    game.block(hurt, brute)
    game.block(other, brute)
    game.combat_damage()
    assert game.life("Bob") == 17
    assert hurt.zone == other.zone == "graveyard"


def test_702_19b_double_strike_trample_counts_first_step_damage_toward_lethal(
        game: Game) -> None:
    """Ichiga (4/3 trample) with double strike is blocked by a 2/5. First step: 4 is not
    lethal, so all 4 go to the blocker. Second step: lethal now counts the 4 already marked
    (702.19b; 2004: 502.9b), so 1 to the blocker and 3 trample over. Bob 17; the blocker
    dies; its 2 regular damage hits Ichiga."""
    ichiga = game.put("Budoka Pupil", flipped=True)
    game.add_effect("add_keyword", ichiga, keyword="Double strike")
    big = wall(game)
    game.attack([ichiga])
    game.block(big, ichiga)
    game.combat_damage()
    assert big.zone == "graveyard"
    assert game.life("Bob") == 17
    assert ichiga.damage == 2


def test_702_19b_trample_assigns_lethal_to_a_blocker_with_protection_and_the_rest_over(
        game: Game) -> None:
    """702.19b: lethal damage is assigned without regard to prevention. Ichiga (4/3,
    green, trample) is blocked by a 2/2 with protection from green: it must assign 2 to the
    blocker (prevented, 702.16e) and may assign 2 to Bob. Bob 18; the blocker is unhurt."""
    ichiga = game.put("Budoka Pupil", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("add_keyword", bears, keyword="Protection from green")
    game.attack([ichiga])
    game.block(bears, ichiga)
    game.combat_damage()
    assert game.life("Bob") == 18
    assert bears.zone == "battlefield" and bears.damage == 0


def test_702_19d_a_trampler_whose_blockers_are_gone_damages_the_player(game: Game) -> None:
    penguin, bears = combat(game, "Curse of the Fire Penguin", "Grizzly Bears", flipped=True)
    game.block(bears, penguin)
    game.move(bears, "graveyard")
    assert game.is_blocked(penguin)
    game.combat_damage()
    assert game.life("Bob") == 14


def test_702_36b_an_artifact_creature_of_no_color_can_block_a_creature_with_fear(
        game: Game) -> None:
    """Fear: "can't be blocked except by artifact creatures and/or black creatures". Bob's
    Honor-Worn Shaku made a 1/1 artifact creature (colorless) may block Alice's Bears given
    fear by Scarmaker; his green Runeclaw Bear may not."""
    scarmaker = flipped_ki_card(game, "Hired Muscle")
    bears = game.put("Grizzly Bears")
    game.activate(scarmaker, target=bears)
    shaku = game.put("Honor-Worn Shaku", owner="Bob")
    game.add_effect("set_pt", shaku, power=1, toughness=1)    # applies once it is a creature
    game.add_effect("add_types", shaku, types=["Creature"])
    green = game.put("Runeclaw Bear", owner="Bob")
    game.attack([bears])
    with pytest.raises(IllegalActionError):
        game.block(green, bears)
    game.block(shaku, bears)
    assert game.blockers(bears) == [shaku]


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


def test_702_45_bushido_is_a_trigger_that_can_be_answered_before_it_resolves(
        game: Game) -> None:
    """Bushido is a triggered ability (702.45a): it uses the stack. With it waiting, Bob
    deals 4 damage to Kenzo (3/4): lethal, Kenzo dies before it gets +2/+2."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    burn = game.put("Shock", "graveyard", owner="Bob")
    game.attack([kenzo])
    with game.holding_priority():
        game.block(bears, kenzo)
        assert [item.kind for item in game.stack] == ["triggered"]
        game.deal_damage(burn, kenzo, 4)
        assert kenzo.zone == "graveyard"
    game.resolve_stack()
    assert kenzo.zone == "graveyard"
    assert bears.zone == "battlefield" and bears.damage == 0


def test_702_45_bushido_lasts_until_end_of_turn_not_end_of_combat(game: Game) -> None:
    """Bushido's +2/+2 lasts "until end of turn": after the combat phase ends (511.3), Kenzo
    is still 5/6 and no longer attacking or blocked; in the cleanup step it becomes 3/4."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.attack([kenzo])
    game.block(bears, kenzo)
    game.combat_damage()
    game.end_combat()
    assert game.attacking(kenzo) is None and not game.is_blocked(kenzo)
    assert game.attackers == []
    assert (kenzo.power, kenzo.toughness) == (5, 6)
    game.next_turn()
    assert (kenzo.power, kenzo.toughness) == (3, 4)


def test_702_45_bushido_lets_blocking_kenzo_kill_a_6_5_trampler_before_it_strikes(
        game: Game) -> None:
    """Bob's Kenzo blocks Alice's 6/5 trampler. Bushido resolves in the declare blockers
    step: Kenzo is 5/6. Its first-strike 5 damage is lethal to the 6/5, which dies before the
    regular step and deals no damage at all: none to Kenzo, none trampling over to Bob.
    (Without bushido a 3/4 Kenzo would have died.)"""
    kenzo = game.put("Bushi Tenderfoot", owner="Bob", flipped=True)
    brute = game.put("Grizzly Bears")
    game.add_effect("modify_pt", brute, power=4, toughness=3)
    game.add_effect("add_keyword", brute, keyword="Trample")
    game.attack([brute])
    game.block(kenzo, brute)
    game.combat_damage()
    assert brute.zone == "graveyard"
    assert (kenzo.power, kenzo.toughness, kenzo.damage) == (5, 6, 0)
    assert game.life("Bob") == 20


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


def test_702_45a_bushido_needs_the_keyword_not_the_half(game: Game) -> None:
    tenderfoot, bears = combat(game, "Bushi Tenderfoot", "Grizzly Bears")
    game.block(bears, tenderfoot)
    assert (tenderfoot.power, tenderfoot.toughness) == (1, 1)


def test_702_45a_bushido_triggers_when_kenzo_blocks(game: Game) -> None:
    bears = game.put("Grizzly Bears")
    kenzo = game.put("Bushi Tenderfoot", owner="Bob", flipped=True)
    ready(game)
    game.attack([bears])
    game.block(kenzo, bears)
    assert (kenzo.power, kenzo.toughness) == (5, 6)
    game.combat_damage()
    assert bears.zone == "graveyard" and kenzo.damage == 0    # killed in the first-strike step


def test_702_45b_each_instance_of_bushido_triggers_separately(game: Game) -> None:
    """Two effects each give the Bears bushido 2: both trigger when it blocks (6/6). The
    second used to be dropped as a keyword it already had (one trigger, 4/4)."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    for given in ("Bushido 2", "BUSHIDO 2"):
        game.add_effect("add_keyword", bears, keyword=given)
    assert bears.keywords == ("Bushido 2", "Bushido 2")
    ready(game)
    game.attack([kenzo])
    game.block(bears, kenzo)
    assert (bears.power, bears.toughness) == (6, 6)
    assert sum("Grizzly Bears' ability triggers: bushido 2" in line for line in game.log) == 2


def test_702_45a_kenzo_that_loses_its_bushido_2_gets_nothing_when_blocked(game: Game) -> None:
    """An effect takes "Bushido 2" (as Kenzo prints it) from Kenzo: it is gone (613.1f), and
    blocked, Kenzo stays 3/4. The data names it "Bushido", and the two never matched: the log
    said the effect applied and Kenzo still became 5/6."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("remove_keyword", kenzo, keyword="Bushido 2")
    assert kenzo.keywords == ("Double strike",)
    ready(game)
    game.attack([kenzo])
    game.block(bears, kenzo)
    assert (kenzo.power, kenzo.toughness) == (3, 4)


@pytest.mark.parametrize("removed", ["Protection from red", "Protection", "protection from RED"])
def test_702_16_tok_tok_that_loses_protection_from_red_can_be_targeted_by_shock(
        game: Game, removed: str) -> None:
    """Tok-Tok prints "Protection from red"; an effect that takes it away, named in full or
    bare, takes it away (a Shock could not target Tok-Tok after "loses Protection from red")."""
    toktok = game.put("Akki Lavarunner", flipped=True)
    game.add_effect("remove_keyword", toktok, keyword=removed)
    assert "Protection" not in toktok.keywords
    game.cast("Shock", player="Bob", target=toktok)
    assert toktok.zone == "graveyard"


def test_702_a_keyword_taken_by_its_kind_takes_every_value_of_it(game: Game) -> None:
    """"Bushido" removes bushido 2 given by an effect; "Bushido 1" does not remove bushido 2."""
    bears = game.put("Grizzly Bears")
    game.add_effect("add_keyword", bears, keyword="Bushido 2")
    game.add_effect("remove_keyword", bears, keyword="Bushido 1")
    assert bears.keywords == ("Bushido 2",)
    game.add_effect("remove_keyword", bears, keyword="Bushido")
    assert bears.keywords == ()


def test_702_45a_an_expectation_may_spell_kenzos_bushido_out() -> None:
    """The output names Kenzo's keyword "Bushido" (as the card data does); an expectation may
    write it as the card prints it, "Bushido 2", and Tok-Tok's as "Protection from red"."""
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Bushi Tenderfoot", "as": "kenzo", "flipped": True},
        {"put": "Akki Lavarunner", "as": "toktok", "flipped": True},
        {"expect": {"kenzo": {"keywords": ["Double strike", "Bushido 2"]},
                    "toktok": {"keywords": ["Protection from red"]}}},
        {"expect": {"kenzo": {"keywords": ["Bushido", "Double strike"]}}}]})
    assert out["failures"] == []
    assert out["objects"]["kenzo"]["keywords"] == ["Bushido", "Double strike"]


def test_702_a_misspelt_keyword_is_refused_with_the_nearest_names(game: Game) -> None:
    """702: a keyword ability is one the game has. "Flyng" used to be kept as a new word that
    nothing reads, so the Bears "had" it and could still be blocked by anything; now the
    effect is refused, suggesting Flying, and the game is unchanged."""
    bears = game.put("Grizzly Bears")
    with pytest.raises(UnknownNameError) as caught:
        game.add_effect("add_keyword", bears, keyword="Flyng")
    assert caught.value.argument == "keyword"
    assert "Flying" in caught.value.suggestions
    assert game.effects == () and bears.keywords == ()
    with pytest.raises(ScenarioError, match=r"^steps\[1\]\.keyword: no keyword ability "):
        run_scenario({"rules": "current", "steps": [
            {"put": "Grizzly Bears", "as": "bears"},
            {"effect": "e", "kind": "remove_keyword", "affects": "bears", "keyword": "Trampel"}]})


@pytest.mark.parametrize(("given", "kept"), [
    ("flying", "Flying"), ("FIRST STRIKE", "First strike"),
    ("protection from Red", "Protection from red"), ("swampwalk", "Swampwalk"),
    ("Vigilance", "Vigilance")])
def test_702_a_keyword_is_kept_as_cards_spell_it_whatever_the_letter_case(
        game: Game, given: str, kept: str) -> None:
    """A keyword gained in another letter case is the same ability: written as cards spell
    it, so that a creature that has Flying and gains "flying" has it once. (Not bushido: a
    second instance triggers too, 702.45b.)"""
    bears = game.put("Grizzly Bears")
    game.add_effect("add_keyword", bears, keyword=given)
    game.add_effect("add_keyword", bears, keyword=given.upper())
    assert bears.keywords == (kept,)


def test_702_16_protection_gained_in_lower_case_still_stops_a_red_blocker(game: Game) -> None:
    """702.16: protection from red gained as "protection from RED" works as the printed one:
    a red creature cannot block it."""
    bears = game.put("Grizzly Bears")
    game.add_effect("add_keyword", bears, keyword="protection from RED")
    blocker = game.put("Akki Lavarunner", owner="Bob")
    game.attack([bears])
    with pytest.raises(IllegalActionError, match="protection from red"):
        game.block(blocker, bears)
