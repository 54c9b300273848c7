"""Audit 4: combat, checked against the comprehensive rules and the cards' rulings.

Today's rules: 506 (combat phase, removal from combat), 508 (declare attackers), 509 (declare
blockers), 510 (combat damage), 511 (end of combat), the keywords of 702 (first strike 702.7,
double strike 702.4, trample 702.19, fear 702.36, flying 702.9, protection 702.16, haste
702.10, bushido 702.45) and 500.4 (mana empties at the end of each step and phase).

The 2004 rules where they differ: 306.2 (removal from combat; 306.2a restrictions added later
don't remove a creature, 306.2b tapping or untapping doesn't either), 310 (the assigned combat
damage goes on the stack as one object and is dealt "as originally assigned" when it resolves;
310.4b the source is the creature as it exists then), 310.5 (the second damage step is for
creatures that did not assign damage in the first, plus those with double strike), 300.3
(mana empties only when a *phase* ends, with mana burn).

Each test is a situation a judge would rule on; its docstring gives the rule or ruling and
why the expected answer is right. Tests on which both editions agree use the ``game``
fixture; the others name their edition.

Oracle text relied on (paraphrased): Kenzo the Hardhearted: double strike, bushido 2.
Akki Lavarunner: haste; whenever it deals damage to an opponent, flip it. Tok-Tok: protection
from red; a red source that would deal damage to a player deals that much plus 1 instead.
Bushi Tenderfoot: when a creature dealt damage by it this turn dies, flip it. Kaiso: flying;
remove a ki counter: prevent all damage to target creature this turn. Scarmaker: remove a ki
counter: target creature gains fear until end of turn. Azamuki: remove a ki counter: gain
control of target creature until end of turn. Ichiga: trample; remove a ki counter: target
creature gets +2/+2 until end of turn. Shidako: {G}, sacrifice a creature: target creature
gets +3/+3 until end of turn. Tobita: creatures you control have flying. Homura's Essence:
creatures you control get +2/+2 and have flying. Rune-Tail's Essence: prevent all damage that
would be dealt to creatures you control.
"""

from __future__ import annotations

import pytest

from flipcards import FlipCardsError, Game, GameObject, IllegalActionError


def ki(game: Game, name: str, owner: str = "Alice", counters: int = 1) -> GameObject:
    """A flipped ki card with ki counters to spend."""
    card = game.put(name, owner=owner, flipped=True)
    game.add_counters(card, "ki", counters)
    return card


def wall(game: Game, name: str = "Runeclaw Bear", owner: str = "Bob",
         toughness_bonus: int = 3) -> GameObject:
    """A 2/2 creature made sturdier (2/2+bonus) so that it survives what it should."""
    card = game.put(name, owner=owner)
    game.add_effect("modify_pt", card, power=0, toughness=toughness_bonus)
    return card


def dealt(game: Game, source: str, amount: int, target: str) -> int:
    """How many times the log says ``source`` dealt ``amount`` damage to ``target``."""
    return sum(line.startswith(f"{source} deals {amount} damage to {target}")
               for line in game.log)


# === first strike and double strike (702.4, 702.7; 2004: 502.2, 502.28, 310.5) =================

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


def test_702_4_and_702_19e_double_strike_trample_hits_the_player_fully_in_the_second_step(
        game: Game) -> None:
    """Ichiga (4/3 trample) given double strike is blocked by a 2/2. First step: lethal 2 to
    the blocker, 2 tramples over. The blocker dies. Second step: Ichiga is blocked, its
    blockers are gone, and it has trample, so all 4 go to Bob (702.19e; 2004: 502.9e).
    Bob: 20 - 2 - 4 = 14."""
    ichiga = game.put("Budoka Pupil", flipped=True)
    game.add_effect("add_keyword", ichiga, keyword="Double strike")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.attack([ichiga])
    game.block(bears, ichiga)
    game.combat_damage()
    assert bears.zone == "graveyard"
    assert game.life("Bob") == 14


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


def test_702_19c_double_strike_trample_counts_first_step_damage_toward_lethal(
        game: Game) -> None:
    """Ichiga (4/3 trample) with double strike is blocked by a 2/5. First step: 4 is not
    lethal, so all 4 go to the blocker. Second step: lethal now counts the 4 already marked
    (702.19c; 2004: 502.9b), so 1 to the blocker and 3 trample over. Bob 17; the blocker
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


def test_710_flipping_an_attacking_tenderfoot_keeps_it_attacking_with_double_strike(
        game: Game) -> None:
    """Flipping is not a zone change (today's 710, 2004's 508 and its rulings: the permanent
    keeps its status and effects): an
    attacking Bushi Tenderfoot flipped before damage is still the same attacking creature,
    now Kenzo with double strike. The first-strike step happens (510.4: it has double strike
    as the combat damage step begins): 3 twice. Bob 14."""
    tenderfoot = game.put("Bushi Tenderfoot")
    game.attack([tenderfoot])
    game.flip(tenderfoot)
    assert game.attacking(tenderfoot) == "Bob"
    game.combat_damage()
    assert game.life("Bob") == 14


# === bushido (702.45) ==========================================================================

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


# === trample (702.19; 2004: 502.9) =============================================================

def test_702_19c_trample_assigns_lethal_to_a_blocker_with_protection_and_the_rest_over(
        game: Game) -> None:
    """702.19c: lethal damage is assigned without regard to prevention. Ichiga (4/3,
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


# === blocking restrictions (509.1; 702.9, 702.36, 702.16) ======================================

def test_702_36b_an_artifact_creature_of_no_color_can_block_a_creature_with_fear(
        game: Game) -> None:
    """Fear: "can't be blocked except by artifact creatures and/or black creatures". Bob's
    Honor-Worn Shaku made a 1/1 artifact creature (colorless) may block Alice's Bears given
    fear by Scarmaker; his green Runeclaw Bear may not."""
    scarmaker = ki(game, "Hired Muscle")
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


def test_509_fear_gained_after_blocks_does_not_undo_the_block(game: Game) -> None:
    """Evasion is checked only as blockers are declared (509.1b-c). Bob's green Runeclaw
    blocks Alice's Bears; afterwards Scarmaker gives the Bears fear. They stay blocked, trade
    damage with the Runeclaw, and Bob takes nothing."""
    scarmaker = ki(game, "Hired Muscle")
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    game.attack([bears])
    game.block(runeclaw, bears)
    game.activate(scarmaker, target=bears)
    assert "Fear" in bears.keywords
    assert game.is_blocked(bears) and game.blockers(bears) == [runeclaw]
    game.combat_damage()
    assert bears.zone == runeclaw.zone == "graveyard"
    assert game.life("Bob") == 20


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


def test_702_16_akki_flipping_after_a_red_creature_blocked_it_stays_blocked(
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


def test_302_6_summoning_sickness_does_not_stop_a_creature_from_blocking(game: Game) -> None:
    """302.6 (2004: 212.3d) restricts attacking and {T} abilities only. Bob's Grizzly Bears
    that arrived this very turn may block."""
    bears = game.put("Grizzly Bears")
    fresh = game.cast("Runeclaw Bear", player="Bob")
    assert fresh.controller == "Bob" and fresh.zone == "battlefield"
    game.attack([bears])
    game.block(fresh, bears)
    assert game.blocking(fresh) == bears


def test_509_1a_a_creature_stolen_by_the_defender_before_blocks_can_block(game: Game) -> None:
    """The defending player blocks with creatures they control (509.1a), whoever owns them.
    Alice attacks with Grizzly Bears; Bob's Azamuki takes Alice's untapped Runeclaw Bear; Bob
    blocks the Bears with it. Both 2/2s die."""
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear")
    azamuki = ki(game, "Cunning Bandit", owner="Bob")
    game.attack([bears])
    game.activate(azamuki, target=runeclaw)
    assert runeclaw.controller == "Bob"
    game.block(runeclaw, bears)
    game.combat_damage()
    assert bears.zone == runeclaw.zone == "graveyard"
    assert game.life("Bob") == 20


# === removal from combat (506.4; 2004: 306.2) ==================================================

def test_506_4_the_defender_steals_the_attacker_it_leaves_combat(game: Game) -> None:
    """506.4 (2004: 306.2): a creature whose controller changes is removed from combat. Bob's
    Azamuki takes Alice's blocked attacker: it is no longer attacking, Bob's blocker deals no
    damage (510.1d: it blocks no attacker), and nobody is damaged. The stolen creature stays
    tapped."""
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    azamuki = ki(game, "Cunning Bandit", owner="Bob")
    game.attack([bears])
    game.block(runeclaw, bears)
    game.activate(azamuki, target=bears)
    assert game.attackers == [] and game.attacking(bears) is None
    game.combat_damage()
    assert bears.damage == 0 and runeclaw.damage == 0
    assert bears.tapped and bears.controller == "Bob"
    assert game.life("Bob") == 20


def test_506_4_the_defender_steals_an_unblocked_attacker_and_takes_no_damage(
        game: Game) -> None:
    """The classic answer to an attack: Bob's Azamuki takes Alice's unblocked attacking Bears
    before combat damage. A creature whose controller changes is removed from combat (506.4;
    2004: 306.2), so it deals no combat damage: Bob, now its controller, stays at 20."""
    bears = game.put("Grizzly Bears")
    azamuki = ki(game, "Cunning Bandit", owner="Bob")
    game.attack([bears])
    game.activate(azamuki, target=bears)
    assert bears.controller == "Bob"
    game.combat_damage()
    assert game.life("Bob") == 20


def test_506_4_the_attacker_steals_a_blocker_the_attacker_stays_blocked(game: Game) -> None:
    """Alice's Azamuki takes Bob's blocking creature: it leaves combat (506.4). Alice's
    Bears remain blocked (509.1h; 2004: 310.2c) and, without trample, deal no damage; Bob takes
    nothing and the stolen creature is unhurt."""
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    azamuki = ki(game, "Cunning Bandit")
    game.attack([bears])
    game.block(runeclaw, bears)
    game.activate(azamuki, target=runeclaw)
    assert game.blocking(runeclaw) is None and game.is_blocked(bears)
    game.combat_damage()
    assert game.life("Bob") == 20
    assert bears.damage == 0 and runeclaw.damage == 0


def test_506_4_a_blocking_rune_tail_that_flips_into_an_enchantment_leaves_combat(
        game: Game) -> None:
    """A creature that stops being a creature is removed from combat (506.4; 2004: 306.2).
    Bob's Rune-Tail blocks Alice's Bears and flips into Rune-Tail's Essence: it no longer
    blocks; the Bears stay blocked and, without trample, deal no damage. Nothing is damaged."""
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant", owner="Bob")
    bears = game.put("Grizzly Bears")
    game.attack([bears])
    game.block(rune_tail, bears)
    game.flip(rune_tail)
    assert game.blockers(bears) == [] and game.is_blocked(bears)
    game.combat_damage()
    assert game.life("Bob") == 20
    assert bears.damage == 0 and rune_tail.damage == 0


def test_509_1h_an_unblocked_flyer_stays_unblocked_when_the_essence_leaves(
        game: Game) -> None:
    """Homura's Essence gives Alice's Bears flying and +2/+2; Bob has only a ground creature
    and cannot block. After blocks the Essence leaves: the Bears lose flying and the bonus
    but stay unblocked (509.1h), and deal their current power, 2."""
    essence = game.put("Homura, Human Ascendant", flipped=True)
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    game.attack([bears])
    with pytest.raises(IllegalActionError):
        game.block(runeclaw, bears)
    game.move(essence, "exile")
    assert "Flying" not in bears.keywords and bears.power == 2
    assert game.attacking(bears) == "Bob" and not game.is_blocked(bears)
    game.combat_damage()
    assert game.life("Bob") == 18


def test_506_4a_pacifism_on_an_attacking_creature_does_not_remove_it_from_combat(
        game: Game) -> None:
    """506.4a (2004: 306.2a): once a creature is attacking, an effect that would have kept it
    from attacking doesn't remove it from combat. Pacifism enchants the attacking Bears; they
    still deal 2 to Bob."""
    bears = game.put("Grizzly Bears")
    game.attack([bears])
    game.put("Pacifism", owner="Bob", attached_to=bears)
    assert game.attacking(bears) == "Bob"
    game.combat_damage()
    assert game.life("Bob") == 18


def test_506_4b_untapping_an_attacker_or_tapping_a_blocker_keeps_them_in_combat(
        game: Game) -> None:
    """506.4b (2004: 306.2b): tapping or untapping a creature already declared as an attacker
    or blocker doesn't remove it from combat and doesn't prevent its combat damage. The
    attacking Bears are untapped, the blocking Runeclaw tapped: they still trade."""
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    game.attack([bears])
    game.block(runeclaw, bears)
    game.untap(bears)
    game.tap(runeclaw)
    assert game.attacking(bears) == "Bob" and game.blocking(runeclaw) == bears
    game.combat_damage()
    assert bears.zone == runeclaw.zone == "graveyard"


def test_506_4_a_creature_consumed_by_the_fire_penguin_curse_keeps_attacking(
        game: Game) -> None:
    """Curse of the Fire Penguin makes the enchanted creature a 6/5 Penguin with trample; it is
    the same object, still a creature, same controller, so it is not removed from combat
    (506.4). The attacking Bears, cursed by Bob, hit him for 6."""
    bears = game.put("Grizzly Bears")
    game.attack([bears])
    game.put("Curse of the Fire Penguin", owner="Bob", attached_to=bears)
    assert (bears.power, bears.toughness) == (6, 5)
    assert game.attacking(bears) == "Bob"
    game.combat_damage()
    assert game.life("Bob") == 14


def test_510_1c_one_of_two_blockers_leaves_all_damage_goes_to_the_other(game: Game) -> None:
    """A 4/4 blocked by two creatures; one is returned to its owner's hand before damage.
    The attacker assigns all its damage to the remaining blocker (510.1c; 2004: 310.2c), none
    to Bob."""
    big = game.put("Grizzly Bears")
    game.add_effect("modify_pt", big, power=2, toughness=2)
    first = game.put("Runeclaw Bear", owner="Bob")
    second = wall(game, "Grizzly Bears", toughness_bonus=2)       # a 2/4
    game.attack([big])
    game.block(first, big)
    game.block(second, big)
    game.move(first, "hand")
    game.combat_damage()
    assert second.zone == "graveyard"
    assert big.damage == 2 and game.life("Bob") == 20


# === damage, prevention and replacement ========================================================

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


def test_615_kaiso_shields_a_blocked_attacker_and_it_kills_the_blocker(game: Game) -> None:
    """Kaiso's ability after blocks: all damage to Alice's Bears this turn is prevented. The
    Bears kill Bob's Runeclaw and survive undamaged."""
    kaiso = ki(game, "Faithful Squire")
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    game.attack([bears])
    game.block(runeclaw, bears)
    game.activate(kaiso, target=bears)
    game.combat_damage()
    assert runeclaw.zone == "graveyard"
    assert bears.zone == "battlefield" and bears.damage == 0


def test_tenderfoot_whose_combat_damage_was_prevented_does_not_flip_later(game: Game) -> None:
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


def test_ichiga_pumps_a_blocker_of_its_controller_which_survives(game: Game) -> None:
    """Bob's Ichiga gives his blocking Grizzly Bears +2/+2 after blocks: a 4/4 kills Alice's
    2/2 attacker and survives with 2 damage."""
    ichiga = ki(game, "Budoka Pupil", owner="Bob")
    bears = game.put("Grizzly Bears", owner="Bob")
    attacker = game.put("Runeclaw Bear")
    game.attack([attacker])
    game.block(bears, attacker)
    game.activate(ichiga, target=bears)
    game.combat_damage()
    assert attacker.zone == "graveyard"
    assert bears.zone == "battlefield" and bears.damage == 2


def test_120_8_a_zero_power_akki_deals_no_damage_and_does_not_flip(game: Game) -> None:
    """A creature with 0 power assigns no combat damage (510.1a), and 0 damage is no damage
    (120.8; under 2004 it would assign 0, which deals no damage either): an unblocked Akki at
    0/1 leaves Bob at 20, no damage event happens, and it does not flip."""
    akki = game.put("Akki Lavarunner")
    game.add_effect("modify_pt", akki, power=-1, toughness=0)
    game.attack([akki])
    game.combat_damage()
    assert game.life("Bob") == 20
    assert akki.name == "Akki Lavarunner"


def test_akki_blocked_does_not_flip_but_trampling_over_does(game: Game) -> None:
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


# === summoning sickness and haste (302.6, 702.10) ==============================================

def test_302_6_an_essence_animated_this_turn_can_attack(game: Game) -> None:
    """Summoning sickness asks whether the permanent has been under its controller's control
    continuously since the turn began, not whether it was a creature: Erayo's Essence, there
    all along and made a 3/3 creature this turn, may attack."""
    essence = game.put("Erayo, Soratami Ascendant", flipped=True)
    game.next_turn()
    game.next_turn()
    game.add_effect("set_pt", essence, power=3, toughness=3)  # applies once it is a creature
    game.add_effect("add_types", essence, types=["Creature"])
    game.attack([essence])
    game.combat_damage()
    assert game.life("Bob") == 17


def test_702_10_haste_granted_by_an_effect_lets_a_new_creature_attack(game: Game) -> None:
    """Haste from an effect is as good as printed haste (702.10b): Grizzly Bears cast this
    turn and given haste attack at once."""
    bears = game.cast("Grizzly Bears")
    game.add_effect("add_keyword", bears, keyword="Haste")
    game.attack([bears])
    game.combat_damage()
    assert game.life("Bob") == 18


# === three players (506.2, 508.1b) ============================================================

def test_506_2_three_players_only_the_attacked_player_blocks_and_akki_flips() -> None:
    """Alice attacks Carol with Akki. Bob is not the defending player and cannot block it
    (509.1a); Carol could. Unblocked, Akki deals 1 to Carol, an opponent, and flips; Bob is
    untouched."""
    game = Game("current", ["Alice", "Bob", "Carol"])
    akki = game.put("Akki Lavarunner")
    bobs = game.put("Grizzly Bears", owner="Bob")
    game.put("Runeclaw Bear", owner="Carol")
    game.attack([akki], defender="Carol")
    assert game.attacking(akki) == "Carol"
    with pytest.raises(IllegalActionError):
        game.block(bobs, akki)
    game.combat_damage()
    assert (game.life("Bob"), game.life("Carol")) == (20, 19)
    assert akki.name == "Tok-Tok, Volcano Born"


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


# === the editions: combat damage on the stack (2004 CR 310) ====================================

@pytest.mark.parametrize(("edition", "blocker_damage"), [("2004", 2), ("current", 4)])
def test_310_4a_a_pump_after_damage_is_on_the_stack_does_not_add_damage(
        edition: str, blocker_damage: int) -> None:
    """2004 CR 310.4a: combat damage is dealt as originally assigned even if the creature's
    power has changed. Alice's Bears (2/2) are blocked by a 2/5. In 2004 the damage goes on
    the stack; Ichiga then gives the Bears +2/+2: they survive (4/4, 2 damage) but still deal
    only 2. Today there is no stack for combat damage: the same pump, cast in the declare
    blockers step, makes the Bears deal 4."""
    game = Game(edition)
    ichiga = ki(game, "Budoka Pupil")
    bears = game.put("Grizzly Bears")
    big = wall(game)
    game.attack([bears])
    game.block(big, bears)
    if edition == "2004":
        with game.holding_priority():
            game.combat_damage()
            assert game.stack[0].kind == "combat_damage"
            game.activate(ichiga, target=bears)
        game.resolve_stack()
    else:
        game.activate(ichiga, target=bears)
        game.combat_damage()
    assert big.damage == blocker_damage
    assert bears.zone == "battlefield" and bears.damage == 2


@pytest.mark.parametrize(("edition", "attacker_zone"),
                         [("2004", "graveyard"), ("current", "battlefield")])
def test_310_4a_shidako_sacrifices_a_blocker_whose_damage_is_on_the_stack(
        edition: str, attacker_zone: str) -> None:
    """The 2004 "damage on the stack" trick: Bob's Runeclaw blocks Alice's Bears; with the
    combat damage on the stack Bob sacrifices the Runeclaw to Shidako (+3/+3 on Shidako). The
    Runeclaw's 2 damage is still dealt (310.4a, 310.4b): Alice's Bears die. Today the blocker
    sacrificed before combat damage deals none (510.1d): the Bears live, and stay blocked."""
    game = Game(edition)
    shidako = game.put("Orochi Eggwatcher", owner="Bob", flipped=True)
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    bears = game.put("Grizzly Bears")
    game.attack([bears])
    game.block(runeclaw, bears)
    if edition == "2004":
        with game.holding_priority():
            game.combat_damage()
            game.activate(shidako, target=shidako, sacrifice=runeclaw)
        game.resolve_stack()
    else:
        game.activate(shidako, target=shidako, sacrifice=runeclaw)
        game.combat_damage()
    assert runeclaw.zone == "graveyard"
    assert (shidako.power, shidako.toughness) == (6, 6)
    assert bears.zone == attacker_zone
    assert game.life("Bob") == 20


def test_2004_310_4a_a_blocker_stolen_with_damage_on_the_stack_still_trades() -> None:
    """2004 CR 310.4a: combat damage is dealt as assigned even if the creature receiving it
    has left combat; 310.4c withholds it only from a creature no longer in play or no
    longer a creature. Alice's Azamuki takes Bob's blocking Runeclaw with the damage on the
    stack: it is still in play, so it takes the Bears' 2 and deals its own 2. Both die."""
    game = Game("2004")
    azamuki = ki(game, "Cunning Bandit")
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    game.attack([bears])
    game.block(runeclaw, bears)
    with game.holding_priority():
        game.combat_damage()
        game.activate(azamuki, target=runeclaw)
    game.resolve_stack()
    assert bears.zone == "graveyard" and runeclaw.zone == "graveyard"


def test_2004_310_4b_tok_tok_arriving_with_damage_on_the_stack_adds_one() -> None:
    """2004 CR 310.4: combat damage on the stack is *dealt* when it resolves, so replacement
    effects in force then apply. Alice's unblocked Initiate of Blood assigns 2 to Bob; in
    response her other Akki Lavarunner flips into Tok-Tok. The 2 become 3: Bob 17."""
    game = Game("2004")
    initiate = game.put("Initiate of Blood")
    spare = game.put("Akki Lavarunner")
    game.attack([initiate])
    with game.holding_priority():
        game.combat_damage()
        game.flip(spare)
    game.resolve_stack()
    assert spare.name == "Tok-Tok, Volcano Born"
    assert game.life("Bob") == 17


def test_2004_310_4b_akki_flipped_with_its_damage_on_the_stack_deals_it_as_tok_tok() -> None:
    """2004 CR 310.4a-b: the damage is dealt as assigned (1), by the creature as it exists
    when the damage resolves: Tok-Tok, a red source. Tok-Tok's own replacement makes it 2 to
    Bob (the Akki flipped in response by another instruction)."""
    game = Game("2004")
    akki = game.put("Akki Lavarunner")
    game.attack([akki])
    with game.holding_priority():
        game.combat_damage()
        game.flip(akki)
    game.resolve_stack()
    assert game.life("Bob") == 18


# === mana in the combat phase (500.4; 2004: 300.3) =============================================

def test_500_4_today_mana_made_in_declare_attackers_is_gone_when_blockers_are_declared() -> None:
    """Today mana empties at the end of each *step* (500.4). Mana Alice adds after declaring
    attackers (in the declare attackers step) is gone once blockers have been declared (the
    declare blockers step), with no life lost."""
    game = Game("current", costs="paid")
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    game.attack([bears])
    game.add_mana("Alice", "{R}")
    game.block(runeclaw, bears)
    assert game.mana_pool("Alice") == {}
    assert game.life("Alice") == 20


def test_500_4_today_mana_made_in_the_first_strike_step_is_gone_in_the_regular_step() -> None:
    """Today the first-strike combat damage step and the combat damage step are two steps
    (510.4), and mana empties between them (500.4)."""
    game = Game("current", costs="paid")
    bears = game.put("Grizzly Bears")
    game.add_effect("add_keyword", bears, keyword="First strike")
    other = game.put("Runeclaw Bear")
    game.attack([bears, other])
    with game.holding_priority():
        game.combat_damage()                          # the first-strike step
    game.add_mana("Alice", "{G}")
    game.combat_damage()                              # the regular step
    assert game.mana_pool("Alice") == {}
    assert game.life("Bob") == 16


def test_2004_300_3_mana_stays_through_the_combat_steps_and_burns_when_combat_ends() -> None:
    """2004 CR 300.3: mana is lost only when a *phase* ends, with mana burn. Mana added in the
    declare attackers step stays through blockers and combat damage and burns 1 life when the
    combat phase ends."""
    game = Game("2004", costs="paid")
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    game.attack([bears])
    game.add_mana("Alice", "{R}")
    game.block(runeclaw, bears)
    assert game.mana_pool("Alice") == {"R": 1}
    game.combat_damage()
    assert game.mana_pool("Alice") == {"R": 1} and game.life("Alice") == 20
    game.end_combat()
    assert game.mana_pool("Alice") == {} and game.life("Alice") == 19
