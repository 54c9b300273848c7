"""The five Betrayers of Kamigawa flip cards and their ki counters: Faithful Squire // Kaiso,
Memory of Loyalty; Callow Jushi // Jaraku the Interloper; Hired Muscle // Scarmaker; Cunning
Bandit // Azamuki, Treachery Incarnate; Budoka Pupil // Ichiga, Who Topples Oaks.

Each of them may get a ki counter whenever its controller casts a Spirit or Arcane spell, and
at the beginning of the end step, if it has two or more ki counters, may flip; each flipped
half removes a ki counter to use its ability. Tests are named after the card (or "ki" for what
all five share) and, where a rule decides, the rule.
"""

from __future__ import annotations

import pytest
from helpers import bobs_shock, cards_in, flipped, flipped_ki_card, with_ki, with_ki_counters

from flipcards import EDITIONS, Game, IllegalActionError, run_scenario


def test_400_7_ki_counter_trigger_does_nothing_for_a_betrayer_that_left_and_came_back(
        game: Game) -> None:
    """400.7: "put a ki counter on Faithful Squire" refers to the object that triggered. If
    the Squire is exiled and returned while the trigger waits, the new object gets nothing."""
    squire = game.put("Faithful Squire")
    with game.holding_priority():
        game.cast("Cranial Extraction")
        game.move(squire, "exile")
        game.move(squire, "battlefield")
    game.resolve_stack()
    assert squire.zone == "battlefield" and squire.counters == {}


def test_508_2_ki_a_betrayer_card_cast_from_hand_is_not_a_spirit_spell(game: Game) -> None:
    """508.2 / 710.2: off the battlefield only the normal half exists. Callow Jushi on the
    stack is a Human Wizard, not the Spirit Jaraku, and Faithful Squire cast by its flipped
    name is still a Human Soldier spell: neither gives Faithful Squire a ki counter."""
    squire = game.put("Faithful Squire")
    jushi = game.cast("Callow Jushi")
    kaiso_named = game.cast("Kaiso, Memory of Loyalty")
    assert squire.counters == {}
    assert jushi.subtypes == ("Human", "Wizard")
    assert kaiso_named.name == "Faithful Squire" and not kaiso_named.flipped


def test_508_4_ki_counters_do_not_survive_a_zone_change_so_no_flip(game: Game) -> None:
    """508.4 / 400.7: a Cunning Bandit with two ki counters that is blinked comes back as a
    new object without counters; at the end step its ability does not trigger."""
    bandit = with_ki(game, "Cunning Bandit", 2)
    game.move(bandit, "exile")
    game.move(bandit, "battlefield")
    game.end_step()
    assert bandit.counters == {} and bandit.name == "Cunning Bandit"


@pytest.mark.parametrize("betrayer", ["Faithful Squire", "Callow Jushi", "Hired Muscle",
                                      "Cunning Bandit", "Budoka Pupil"])
def test_603_4_betrayers_one_ki_counter_is_one_short_and_other_spells_give_none(
        game: Game, betrayer: str) -> None:
    card_ = game.put(betrayer)
    game.cast("Shock")                           # neither Spirit nor Arcane
    game.cast("Kami of Ancient Law", "Bob")      # a Spirit, but not cast by its controller
    game.cast("Cranial Extraction")              # Arcane
    assert card_.counters == {"ki": 1}
    game.end_step()
    assert not card_.flipped


def test_615_kaiso_shields_a_blocked_attacker_and_it_kills_the_blocker(game: Game) -> None:
    """Kaiso's ability after blocks: all damage to Alice's Bears this turn is prevented. The
    Bears kill Bob's Runeclaw and survive undamaged."""
    kaiso = flipped_ki_card(game, "Faithful Squire")
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    game.attack([bears])
    game.block(runeclaw, bears)
    game.activate(kaiso, target=bears)
    game.combat_damage()
    assert runeclaw.zone == "graveyard"
    assert bears.zone == "battlefield" and bears.damage == 0


def test_azamuki_can_use_a_stolen_kaisos_ki_counters(game: Game) -> None:
    """The controller of a permanent activates its abilities (602.1). Alice takes Bob's
    Kaiso with Azamuki; Kaiso's cost (remove a ki counter) has no {T}, so she can spend
    Kaiso's own counter at once to shield her Bears."""
    azamuki = with_ki(game, "Cunning Bandit", 1, flipped=True)
    kaiso = with_ki(game, "Faithful Squire", 1, owner="Bob", flipped=True)
    bears = game.put("Grizzly Bears")
    game.activate(azamuki, target=kaiso)
    game.activate(kaiso, target=bears)
    assert kaiso.counters == {} and azamuki.counters == {}
    game.deal_damage(bobs_shock(game), bears, 2)
    assert bears.zone == "battlefield"


@pytest.mark.parametrize("edition", EDITIONS)
def test_azamuki_cannot_target_a_flipped_essence(edition: str) -> None:
    """508.2: once flipped the Essence's type line applies — it is an enchantment, not a
    creature, so Azamuki's "gain control of target creature" can't target it; the unflipped
    Ascendant, a creature, can be."""
    game = Game(edition)
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 2)
    essence = game.put("Kuon, Ogre Ascendant", flipped=True, owner="Bob")
    with pytest.raises(IllegalActionError):
        game.activate(azamuki, target=essence)
    assert essence.controller == "Bob"
    ascendant = game.put("Sasaya, Orochi Ascendant", owner="Bob")
    game.activate(azamuki, target=ascendant)
    game.resolve_stack()
    assert ascendant.controller == "Alice"


def test_azamuki_cannot_target_an_essence_and_keeps_its_counter(game: Game) -> None:
    """Azamuki: "gain control of target creature". Homura's Essence is an enchantment, not a
    creature (508.1b), so it is not a legal target; an activation with an illegal target is
    not made, and the ki counter is not removed (602.2, 601.2c)."""
    azamuki = with_ki(game, "Cunning Bandit", 1, flipped=True)
    essence = game.put("Homura, Human Ascendant", owner="Bob", flipped=True)
    with pytest.raises(IllegalActionError):
        game.activate(azamuki, target=essence)
    assert azamuki.counters == {"ki": 1} and essence.controller == "Bob"


def test_azamuki_control_change_meets_todays_legend_rule() -> None:
    game = Game("current")
    mine = flipped(game, "Bushi Tenderfoot")
    theirs = flipped(game, "Bushi Tenderfoot", owner="Bob")        # two Kenzos, two players
    azamuki = flipped(game, "Cunning Bandit")
    game.add_counters(azamuki, "ki", 1)
    game.activate(azamuki, target=theirs, keep=[mine])
    assert mine.zone == "battlefield" and theirs.zone == "graveyard"


def test_azamuki_control_until_end_of_turn(game: Game) -> None:
    """Azamuki: "Remove a ki counter from it: Take control of a target creature until end
    of turn." """
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.activate(azamuki, target=bears)
    assert bears.controller == "Alice"
    assert azamuki.counters.get("ki", 0) == 0
    with pytest.raises(IllegalActionError):
        game.activate(azamuki, target=bears)
    game.next_turn()
    assert bears.controller == "Bob"


def test_azamuki_leaving_does_not_end_its_control_effect(game: Game) -> None:
    """611.2a: Azamuki's effect lasts "until end of turn", not "for as long as Azamuki
    remains": exiling Azamuki does not give the creature back; cleanup does."""
    azamuki = with_ki(game, "Cunning Bandit", 1, flipped=True)
    theirs = game.put("Grizzly Bears", owner="Bob")
    game.activate(azamuki, target=theirs)
    game.move(azamuki, "exile")
    assert theirs.controller == "Alice"
    game.next_turn()
    assert theirs.controller == "Bob"


def test_azamuki_stolen_creature_cannot_attack_this_turn(game: Game) -> None:
    """302.6: a creature Alice has just gained control of with Azamuki has not been under
    her control since her turn began, so it cannot attack this turn."""
    azamuki = with_ki(game, "Cunning Bandit", 1, flipped=True)
    theirs = game.put("Grizzly Bears", owner="Bob")
    game.activate(azamuki, target=theirs)
    assert theirs.controller == "Alice"
    with pytest.raises(IllegalActionError):
        game.attack([theirs])


def test_azamuki_stolen_creature_is_summoning_sick(game: Game) -> None:
    """Azamuki: "Take control of a target creature until end of turn." -- Alice has not
    controlled it since her turn began, so it cannot attack (no haste)."""
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.activate(azamuki, target=bears)
    with pytest.raises(IllegalActionError):
        game.attack([bears])


def test_azamuki_stolen_haste_creature_attacks(game: Game) -> None:
    """Azamuki takes Bob's Akki Lavarunner ("Haste"): it can attack Bob this turn."""
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    akki = game.put("Akki Lavarunner", owner="Bob")
    game.activate(azamuki, target=akki)
    game.attack([akki])
    assert game.attacking(akki) == "Bob"


def test_azamuki_takes_control_until_end_of_turn_layer_2(game: Game) -> None:
    azamuki = flipped(game, "Cunning Bandit")
    game.add_counters(azamuki, "ki", 1)
    theirs = game.put("Grizzly Bears", owner="Bob")
    game.activate(azamuki, target=theirs)
    assert theirs.controller == "Alice"
    game.next_turn()
    assert theirs.controller == "Bob"


def test_azamuki_target_gone_before_resolution(game: Game) -> None:
    """Azamuki: "... a target creature ..." -- gone before it resolves, nothing happens, but
    the ki counter (a cost) stays spent."""
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    bears = game.put("Grizzly Bears", owner="Bob")
    with game.holding_priority():
        game.activate(azamuki, target=bears)
        game.move(bears, "graveyard")
    game.resolve_stack()
    assert azamuki.counters.get("ki", 0) == 0
    assert cards_in(game, "battlefield", "Alice") == ["Azamuki, Treachery Incarnate"]


def test_budoka_pupil_may_decline_the_ki_counter(game: Game) -> None:
    pupil = game.put("Budoka Pupil")
    game.cast("Kami of Ancient Law", decline=[pupil])
    assert pupil.counters == {}


def test_cunning_bandit_ki_flip_triggers_at_every_end_step_not_only_its_controllers(
        game: Game) -> None:
    """Betrayers ki ability: "at the beginning of the end step" means each end step,
    the opponent's included."""
    bandit = game.put("Cunning Bandit")
    game.add_counters(bandit, "ki", 2)
    game.next_turn()                       # Bob's turn
    game.end_step()
    assert bandit.name == "Azamuki, Treachery Incarnate"


def test_faithful_squire_ki_counter_on_your_arcane_spell(game: Game) -> None:
    """Faithful Squire: "Each Spirit or Arcane spell you cast lets you put a ki counter on
    it." -- Cranial Extraction is Arcane; a Bob spell and a non-Arcane spell give none."""
    squire = game.put("Faithful Squire")
    game.cast("Cranial Extraction", target="Bob", naming="Shock")
    assert squire.counters.get("ki", 0) == 1
    game.cast("Cranial Extraction", player="Bob", target="Alice", naming="Shock")
    game.cast("Giant Growth", target=squire)
    assert squire.counters.get("ki", 0) == 1


def test_faithful_squire_ki_counter_only_for_its_controllers_spirit_or_arcane_spells(
        game: Game) -> None:
    """"Whenever you cast a Spirit or Arcane spell": an opponent's Arcane spell gives no ki
    counter; its controller's does; a spell that is not Spirit or Arcane does not."""
    squire = game.put("Faithful Squire")
    game.cast("Cranial Extraction", player="Bob")
    assert squire.counters == {}
    game.cast("Shock", player="Alice")
    assert squire.counters == {}
    game.cast("Cranial Extraction", player="Alice")
    assert squire.counters == {"ki": 1}


def test_faithful_squire_may_decline_the_flip(game: Game) -> None:
    squire = game.put("Faithful Squire")
    game.cast("Kami of Ancient Law")
    game.cast("Cranial Extraction")
    game.end_step(decline=[squire])
    assert not squire.flipped and squire.counters == {"ki": 2}
    assert "chooses not to use Faithful Squire's ability" in game.log[-1]
    game.next_turn()
    game.end_step()
    assert squire.flipped                        # the counters stayed; next end step it may


@pytest.mark.parametrize("edition", EDITIONS)
def test_faithful_squire_may_decline_the_flip_when_the_turn_is_passed(edition: str) -> None:
    """Passing the turn plays the end step first: its "may" flip could not be declined there
    (only end_step took decline), so passing the turn always flipped the Squire. Declined,
    it stays unflipped; declined again once the end step is over, the log says it changes
    nothing."""
    game = Game(edition)
    squire = game.put("Faithful Squire")
    game.cast("Kami of Ancient Law")
    game.cast("Cranial Extraction")
    game.next_turn(decline=[squire])
    assert not squire.flipped and squire.counters == {"ki": 2}
    assert any("chooses not to use Faithful Squire's ability" in line for line in game.log)
    game.end_step()
    game.resolve_stack()
    assert squire.flipped
    game.next_turn(decline=[game.put("Faithful Squire")])
    assert any("declining it changes nothing" in line for line in game.log)


def test_ichiga_pump_does_nothing_when_its_target_flips_into_an_essence(game: Game) -> None:
    """608.2b: Ichiga targets Rune-Tail; in response Alice reaches 30 life, and Rune-Tail's
    state trigger flips it into an enchantment. Its target is no longer a creature: Ichiga's
    ability does nothing, and the ki counter (a cost) stays spent."""
    ichiga = with_ki(game, "Budoka Pupil", 1, flipped=True)
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    with game.holding_priority():
        game.activate(ichiga, target=rune_tail)
        game.gain_life("Alice", 10)
    game.resolve_stack()
    assert rune_tail.name == "Rune-Tail's Essence" and rune_tail.power is None
    assert ichiga.counters == {}
    game.add_effect("add_types", rune_tail, types=["Creature"], label="animate")
    # Had the pump applied, an animated 0/0 Essence would be 2/2 and survive.
    assert rune_tail.zone == "graveyard"


def test_ichiga_pump_until_end_of_turn(game: Game) -> None:
    """Ichiga: "Remove a ki counter from it: A target creature gets +2/+2 until end of
    turn." """
    ichiga = game.put("Budoka Pupil", flipped=True)
    game.add_counters(ichiga, "ki", 2)
    game.activate(ichiga, target=ichiga)
    game.activate(ichiga, target=ichiga)
    assert (ichiga.power, ichiga.toughness) == (8, 7)
    game.next_turn()
    assert (ichiga.power, ichiga.toughness) == (4, 3)


def test_ichiga_pumps_a_blocker_of_its_controller_which_survives(game: Game) -> None:
    """Bob's Ichiga gives his blocking Grizzly Bears +2/+2 after blocks: a 4/4 kills Alice's
    2/2 attacker and survives with 2 damage."""
    ichiga = flipped_ki_card(game, "Budoka Pupil", owner="Bob")
    bears = game.put("Grizzly Bears", owner="Bob")
    attacker = game.put("Runeclaw Bear")
    game.attack([attacker])
    game.block(bears, attacker)
    game.activate(ichiga, target=bears)
    game.combat_damage()
    assert attacker.zone == "graveyard"
    assert bears.zone == "battlefield" and bears.damage == 2


def test_ichiga_pumps_itself_and_tramples_over_a_blocker(game: Game) -> None:
    """Ichiga, Who Topples Oaks has trample (702.19): pumped to 6/5 by its own ability and
    blocked by a 2/2, it assigns 2 (lethal) to the blocker and 4 to Bob."""
    ichiga = with_ki(game, "Budoka Pupil", 1, flipped=True)
    blocker = game.put("Grizzly Bears", owner="Bob")
    game.activate(ichiga, target=ichiga)
    assert (ichiga.power, ichiga.toughness) == (6, 5)
    game.attack([ichiga])
    game.block(blocker, ichiga)
    game.combat_damage()
    game.resolve_stack()
    assert blocker.zone == "graveyard"
    assert game.life("Bob") == 16
    assert ichiga.zone == "battlefield" and ichiga.damage == 2


def test_ichiga_removes_a_ki_counter_to_give_plus_two(game: Game) -> None:
    ichiga = flipped(game, "Budoka Pupil")
    game.add_counters(ichiga, "ki", 1)
    bears = game.put("Grizzly Bears")
    game.activate(ichiga, target=bears)
    assert bears.power == 4
    game.next_turn()
    assert bears.power == 2


def test_ichiga_target_gone_counter_spent(game: Game) -> None:
    """Ichiga: "Remove a ki counter from it: A target creature gets +2/+2" -- the cost is
    paid on activation even if the target is gone when it resolves."""
    ichiga = game.put("Budoka Pupil", flipped=True)
    game.add_counters(ichiga, "ki", 1)
    bears = game.put("Grizzly Bears")
    with game.holding_priority():
        game.activate(ichiga, target=bears)
        game.move(bears, "graveyard")
    game.resolve_stack()
    assert ichiga.counters.get("ki", 0) == 0
    assert (ichiga.power, ichiga.toughness) == (4, 3)


def test_ichiga_trample(game: Game) -> None:
    """Ichiga: "Trample" -- blocked by a 2/2, 2 of its 4 damage goes to the player."""
    ichiga = game.put("Budoka Pupil", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.attack([ichiga])
    game.block(bears, ichiga)
    game.combat_damage()
    game.resolve_stack()
    assert game.life("Bob") == 18
    assert bears.zone == "graveyard"


@pytest.mark.parametrize("edition", EDITIONS)
def test_jaraku_controller_cannot_pay(edition: str) -> None:
    """Jaraku: "Counter a target spell unless its controller pays {2}." -- Bob, with no mana
    left, cannot pay: the spell is countered."""
    game = Game(edition, costs="paid")
    jaraku = game.put("Callow Jushi", flipped=True)
    game.add_counters(jaraku, "ki", 1)
    game.add_mana("Bob", "{R}")
    with game.holding_priority():
        spell = game.cast("Shock", player="Bob", target="Alice")
        game.activate(jaraku, target=spell, pays=True)
    game.resolve_stack()
    assert game.life("Alice") == 20
    assert spell.zone == "graveyard"


@pytest.mark.parametrize("edition", EDITIONS)
def test_jaraku_controller_pays_two(edition: str) -> None:
    """Jaraku: "... unless its controller pays {2}." -- with costs paid, Bob pays from his
    pool and his spell resolves."""
    game = Game(edition, costs="paid")
    jaraku = game.put("Callow Jushi", flipped=True)
    game.add_counters(jaraku, "ki", 1)
    game.add_mana("Bob", "{R}{G}{G}{G}")
    with game.holding_priority():
        spell = game.cast("Shock", player="Bob", target="Alice")
        game.activate(jaraku, target=spell, pays=True)
    game.resolve_stack()
    assert game.life("Alice") == 18
    assert sum(game.mana_pool("Bob").values()) == 1


def test_jaraku_counters_a_spell_unless_its_controller_pays_two(game: Game) -> None:
    jaraku = flipped(game, "Callow Jushi")
    game.add_counters(jaraku, "ki", 2)
    with game.holding_priority():
        spell = game.cast("Grizzly Bears", "Bob")
        game.activate(jaraku, target=spell)
    game.resolve_stack()
    assert spell.zone == "graveyard"
    with game.holding_priority():
        paid = game.cast("Runeclaw Bear", "Bob")
        game.activate(jaraku, target=paid, pays=True)
    game.resolve_stack()
    assert paid.zone == "battlefield"


def test_jaraku_counters_unless_paid(game: Game) -> None:
    """Jaraku: "Remove a ki counter from it: Counter a target spell unless its controller
    pays {2}." """
    jaraku = game.put("Callow Jushi", flipped=True)
    game.add_counters(jaraku, "ki", 2)
    with game.holding_priority():
        spell = game.cast("Grizzly Bears", player="Bob")
        game.activate(jaraku, target=spell)
    game.resolve_stack()
    assert spell.zone == "graveyard"
    with game.holding_priority():
        paid = game.cast("Runeclaw Bear", player="Bob")
        game.activate(jaraku, target=paid, pays=True)
    game.resolve_stack()
    assert paid.zone == "battlefield"
    assert jaraku.counters.get("ki", 0) == 0


def test_jaraku_counters_when_the_controller_cannot_pay_two() -> None:
    """Jaraku: "counter target spell unless its controller pays {2}". The choice is made as
    the ability resolves (608.2d), and a player cannot pay a cost without the mana for it
    (118.3): Bob, whose pool is empty after paying {G} for Giant Growth, would like to pay,
    cannot, and so the spell is countered. The ability must not vanish from the stack with
    its ki counter spent and the spell left to resolve."""
    game = Game("current", costs="paid")
    jaraku = with_ki(game, "Callow Jushi", 1, flipped=True)
    game.add_mana("Bob", "{G}")
    with game.holding_priority():
        growth = game.cast("Giant Growth", "Bob")
        game.activate(jaraku, target=growth, pays=True)
    game.resolve_stack()
    assert growth.zone == "graveyard"
    assert jaraku.counters == {}
    assert any("counters Giant Growth" in line for line in game.log)


def test_jaraku_needs_a_spell_on_the_stack(game: Game) -> None:
    jaraku = flipped(game, "Callow Jushi")
    game.add_counters(jaraku, "ki", 1)
    with pytest.raises(IllegalActionError, match="target spell"):
        game.activate(jaraku, target=game.put("Grizzly Bears"))


def test_jaraku_needs_a_spell_target(game: Game) -> None:
    """Jaraku: "Counter a target spell ..." -- a permanent is not a spell."""
    jaraku = game.put("Callow Jushi", flipped=True)
    game.add_counters(jaraku, "ki", 1)
    bears = game.put("Grizzly Bears", owner="Bob")
    with pytest.raises(IllegalActionError):
        game.activate(jaraku, target=bears)
    assert jaraku.counters.get("ki", 0) == 1


def test_kaiso_2004_shield_after_combat_damage_went_on_the_stack() -> None:
    """2004 (rule 310, combat damage on the stack): damage is dealt when the combat damage
    object resolves, so a prevention shield made in response still applies. Alice's Bears,
    blocked by a 2/2, survives; the blocker dies."""
    game = Game("2004")
    kaiso = with_ki(game, "Faithful Squire", 1, flipped=True)
    bears = game.put("Grizzly Bears")
    blocker = game.put("Runeclaw Bear", owner="Bob")
    game.attack([bears])
    game.block(blocker, bears)
    with game.holding_priority():
        game.combat_damage()
        assert game.stack[0].kind == "combat_damage"
        game.activate(kaiso, target=bears)
    game.resolve_stack()
    assert bears.zone == "battlefield" and blocker.zone == "graveyard"


def test_kaiso_ability_has_no_tap_so_summoning_sickness_does_not_matter(game: Game) -> None:
    """302.6 restricts only {T} abilities (and attacking). Kaiso's cost is removing a ki
    counter: a Kaiso that arrived this turn can use it."""
    kaiso = game.put("Faithful Squire", "hand")
    game.move(kaiso, "battlefield", flipped=True)           # arrives this turn
    game.add_counters(kaiso, "ki", 1)
    bears = game.put("Grizzly Bears")
    game.activate(kaiso, target=bears)
    game.deal_damage(bobs_shock(game), bears, 2)
    assert bears.zone == "battlefield" and kaiso.counters == {}


def test_kaiso_can_shield_itself(game: Game) -> None:
    """Kaiso is itself a creature, so it may be the target of its own ability; then Shock
    deals no damage to it this turn."""
    kaiso = with_ki(game, "Faithful Squire", 1, flipped=True)
    game.activate(kaiso, target=kaiso)
    game.deal_damage(bobs_shock(game), kaiso, 5)
    assert kaiso.zone == "battlefield" and kaiso.damage == 0


def test_kaiso_flying_and_needs_ki(game: Game) -> None:
    """Kaiso: "Flying" and "Remove a ki counter from it: ..." -- no counter, no ability."""
    kaiso = game.put("Faithful Squire", flipped=True)
    assert "Flying" in kaiso.keywords
    with pytest.raises(IllegalActionError):
        game.activate(kaiso, target=kaiso)


def test_kaiso_prevents_damage_this_turn(game: Game) -> None:
    """Kaiso: "Remove a ki counter from it: Prevent all damage a target creature would be
    dealt this turn." -- the shield ends with the turn."""
    kaiso = game.put("Faithful Squire", flipped=True)
    game.add_counters(kaiso, "ki", 1)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.activate(kaiso, target=bears)
    assert kaiso.counters.get("ki", 0) == 0
    game.cast("Shock", target=bears)
    assert bears.zone == "battlefield" and bears.damage == 0
    game.next_turn()
    game.cast("Shock", player="Bob", target=bears)
    assert bears.zone == "graveyard"


def test_kaiso_removes_a_ki_counter_to_prevent_all_damage_to_a_creature(game: Game) -> None:
    kaiso = flipped(game, "Faithful Squire")
    bears = game.put("Grizzly Bears")
    with pytest.raises(IllegalActionError, match="no ki counter"):
        game.activate(kaiso, target=bears)
    game.add_counters(kaiso, "ki", 1)
    game.activate(kaiso, target=bears)
    assert kaiso.counters == {}
    game.deal_damage(game.put("Shock", "graveyard"), bears, 2)
    assert bears.zone == "battlefield"
    game.next_turn()
    game.deal_damage(game.put("Shock", "graveyard"), bears, 2)     # only this turn
    assert bears.zone == "graveyard"


def test_kaiso_shield_is_for_the_object_a_blinked_creature_is_not_shielded(game: Game) -> None:
    """Kaiso: "prevent all damage that would be dealt to target creature this turn". The
    shield is for that object (400.7); the Bears exiled and returned are a new object that
    Shock kills."""
    kaiso = with_ki(game, "Faithful Squire", 1, flipped=True)
    bears = game.put("Grizzly Bears")
    game.activate(kaiso, target=bears)
    game.move(bears, "exile")
    game.move(bears, "battlefield")
    game.deal_damage(bobs_shock(game), bears, 2)
    assert bears.zone == "graveyard"


def test_ki_a_faithful_squire_that_becomes_a_grizzly_bears_has_no_flip_trigger(game: Game) -> None:
    """A Faithful Squire with two ki counters that becomes a copy of Grizzly Bears has only
    the Bears' (no) abilities: nothing triggers at the end step; the counters stay."""
    squire = with_ki(game, "Faithful Squire", 2)
    game.become_copy(squire, game.put("Grizzly Bears", owner="Bob"))
    game.end_step()
    assert squire.name == "Grizzly Bears" and squire.counters == {"ki": 2}
    assert not any("triggers" in line for line in game.log[-3:])


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_ki_a_flipped_faithful_squire_that_becomes_a_copy_of_hired_muscle(edition: str) -> None:
    """A Kaiso with two ki counters becomes a copy of Hired Muscle. 2004 (508 ruling): an
    object that becomes a copy of a flip card gets the normal characteristics: Hired Muscle,
    which can never flip again (it already has flipped status). Today (707.3): its flipped
    status selects the flipped half: Scarmaker, whose ability can spend the ki counters."""
    game = Game(edition)
    kaiso = with_ki(game, "Faithful Squire", 2, flipped=True)
    game.become_copy(kaiso, game.put("Hired Muscle", owner="Bob"))
    bears = game.put("Grizzly Bears")
    if edition == "2004":
        assert kaiso.name == "Hired Muscle"
        game.end_step()
        assert kaiso.name == "Hired Muscle" and kaiso.counters == {"ki": 2}
    else:
        assert kaiso.name == "Scarmaker"
        game.activate(kaiso, target=bears)
        assert "Fear" in bears.keywords and kaiso.counters == {"ki": 1}


def test_ki_a_grizzly_bears_with_ki_counters_that_becomes_a_cunning_bandit_flips(
        game: Game) -> None:
    """707.2: counters are not copiable values, so they stay on a permanent that becomes a
    copy; the copy gains Cunning Bandit's end-step ability. A Grizzly Bears with two ki
    counters that became a Cunning Bandit may flip into Azamuki at the end step."""
    bears = with_ki(game, "Grizzly Bears", 2)
    bandit = game.put("Cunning Bandit", owner="Bob")
    game.become_copy(bears, bandit)
    assert bears.name == "Cunning Bandit" and bears.counters == {"ki": 2}
    game.end_step()
    assert bears.name == "Azamuki, Treachery Incarnate"
    assert (bears.power, bears.toughness) == (5, 2)
    assert bandit.name == "Cunning Bandit"                  # the original had no counters


@pytest.mark.parametrize("edition", EDITIONS)
def test_ki_counter_goes_to_controllers_cunning_bandit_only(edition: str) -> None:
    """Cunning Bandit: "Whenever you cast a Spirit or Arcane spell, you may put a ki counter on
    Cunning Bandit" — "you" is its controller. Alice owns it, Bob controls it."""
    game = Game(edition)
    bandit = game.put("Cunning Bandit", controller="Bob")
    game.cast("Cranial Extraction", "Alice", target="Bob", naming="Shock")
    assert bandit.counters == {}
    game.next_turn()
    game.cast("Cranial Extraction", "Bob", target="Alice", naming="Shock")
    assert bandit.counters == {"ki": 1}


def test_ki_counter_is_put_even_if_erayos_essence_counters_the_spirit(game: Game) -> None:
    """BOK FAQ: the ki ability triggers on casting and resolves before the spell; it does not
    care whether the spell later resolves. Bob's Erayo's Essence counters Alice's first spell
    of the turn, a Spirit, and Faithful Squire still gets its counter."""
    game.put("Erayo, Soratami Ascendant", owner="Bob", flipped=True)
    squire = game.put("Faithful Squire")
    kami = game.cast("Kami of Ancient Law")
    assert kami.zone == "graveyard"                         # countered
    assert squire.counters == {"ki": 1}


def test_ki_counter_lands_on_kaiso_if_faithful_squire_flipped_in_response(game: Game) -> None:
    """Flipping is not a zone change (508.4): the Squire that triggered is the same object
    after it flips. Its ki-counter trigger, still on the stack, puts the counter on Kaiso."""
    squire = game.put("Faithful Squire")
    with game.holding_priority():
        game.cast("Cranial Extraction")
        game.flip(squire)
    game.resolve_stack()
    assert squire.name == "Kaiso, Memory of Loyalty" and squire.counters == {"ki": 1}


def test_ki_counters_stolen_cunning_bandit_flips_at_the_end_step_for_its_new_controller(
        game: Game) -> None:
    """A stolen Cunning Bandit with two ki counters: at the end step its new controller may
    flip it (its triggered ability is controlled by whoever controls it then)."""
    game.next_turn()                                  # Bob's turn
    azamuki = game.put("Cunning Bandit", flipped=True, owner="Bob")  # Bob's
    game.add_counters(azamuki, "ki", 1)
    bandit = game.put("Cunning Bandit")                                 # Alice's
    game.add_counters(bandit, "ki", 2)
    game.activate(azamuki, target=bandit)
    assert bandit.controller == "Bob"
    with game.holding_priority():
        game.end_step()
        assert [item.controller for item in game.stack] == ["Bob"]
    game.resolve_stack()
    # Under both editions two legendary Azamukis now meet: Bob controls both of them.
    assert bandit.flipped or bandit.zone == "graveyard"


def test_ki_kaiso_the_flipped_half_no_longer_gets_ki_counters(game: Game) -> None:
    """Once flipped, the ki-counter ability of the normal half is gone: casting an Arcane
    spell puts no counter on Kaiso."""
    kaiso = game.put("Faithful Squire", flipped=True)
    game.cast("Cranial Extraction")
    assert kaiso.counters == {}


def test_ki_one_cranial_extraction_gives_each_betrayer_its_own_counter(game: Game) -> None:
    """Each ki card has its own "whenever you cast a Spirit or Arcane spell" trigger: one
    Arcane spell puts one ki counter on each of its controller's ki cards, and none on the
    opponent's."""
    squire = game.put("Faithful Squire")
    bandit = game.put("Cunning Bandit")
    theirs = game.put("Hired Muscle", owner="Bob")
    game.cast("Cranial Extraction")
    assert squire.counters == {"ki": 1} and bandit.counters == {"ki": 1}
    assert theirs.counters == {}


def test_ki_scarmaker_needs_a_ki_counter_and_the_flipped_half_keeps_counters(game: Game) -> None:
    """Counters stay across the flip (508 ruling 2): the ki counters that flipped Hired Muscle
    pay for Scarmaker's ability; with none left the cost cannot be paid."""
    muscle = with_ki_counters(game, "Hired Muscle")
    game.end_step()
    assert muscle.name == "Scarmaker" and muscle.counters == {"ki": 2}
    bears = game.put("Grizzly Bears")
    game.activate(muscle, target=bears)
    game.activate(muscle, target=bears)
    assert muscle.counters == {} and "Fear" in bears.keywords
    with pytest.raises(IllegalActionError, match="ki counter"):
        game.activate(muscle, target=bears)


def test_ki_the_flip_ability_finds_a_faithful_squire_now_a_grizzly_bears_nothing_happens(
        game: Game) -> None:
    """The end-step ability is on the stack independently of its source (603.2). If in
    response the Squire becomes a copy of Grizzly Bears, it still has two ki counters (the
    "if" holds), but "flip it" does nothing to a permanent that is not a flip card (508.4)."""
    squire = with_ki(game, "Faithful Squire", 2)
    bears = game.put("Grizzly Bears", owner="Bob")
    with game.holding_priority():
        game.end_step()
        assert len(game.stack) == 1
        game.become_copy(squire, bears)
    game.resolve_stack()
    assert squire.name == "Grizzly Bears" and squire.zone == "battlefield"
    assert squire.types == ("Creature",) and (squire.power, squire.toughness) == (2, 2)


def test_ki_token_copy_of_azamuki_is_an_unflipped_cunning_bandit_without_counters(
        game: Game) -> None:
    """707.2 / 508 ruling on copies: a token copy of Azamuki (a flipped Cunning Bandit with
    ki counters) is an unflipped Cunning Bandit: no counters (not copiable), and no ability
    that removes them (the Bandit half has none)."""
    azamuki = with_ki(game, "Cunning Bandit", 2, flipped=True)
    token = game.copy(azamuki)
    assert (token.name, token.flipped, token.counters) == ("Cunning Bandit", False, {})
    assert (token.power, token.toughness, token.supertypes) == (2, 2, ())
    with pytest.raises(IllegalActionError):
        game.activate(token, target=game.put("Grizzly Bears", owner="Bob"))
    assert azamuki.counters == {"ki": 2}


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_ki_token_copy_of_kaiso_flips_later_and_meets_the_legend_rule(edition: str) -> None:
    """A token copy of Kaiso (Bob's) enters as an unflipped Faithful Squire; with two ki
    counters it flips at the end step into Kaiso. 2004 legend rule: two Kaisos in play, both
    go, whoever controls them. Today: each player controls one, so both stay."""
    game = Game(edition)
    kaiso = game.put("Faithful Squire", flipped=True)
    token = game.copy(kaiso, controller="Bob")
    assert (token.name, token.flipped) == ("Faithful Squire", False)
    game.add_counters(token, "ki", 2)
    game.end_step()
    if edition == "2004":
        assert kaiso.zone == "graveyard" and token.zone is None
    else:
        assert (kaiso.zone, token.zone) == ("battlefield", "battlefield")
        assert token.name == "Kaiso, Memory of Loyalty" and token.controller == "Bob"


def test_scarmaker_fear_black_creature_may_block(game: Game) -> None:
    """Scarmaker: "... gains fear" -- a black creature can still block it."""
    scar = game.put("Hired Muscle", flipped=True)
    game.add_counters(scar, "ki", 1)
    bears = game.put("Grizzly Bears")
    rat = game.put("Nezumi Shortfang", owner="Bob")
    game.activate(scar, target=bears)
    game.attack([bears])
    game.block(rat, bears)
    assert game.blocking(rat) == bears


def test_scarmaker_fear_blocks(game: Game) -> None:
    """Scarmaker: "... gains fear" -- only artifact or black creatures can block it."""
    scar = game.put("Hired Muscle", flipped=True)
    game.add_counters(scar, "ki", 1)
    bears = game.put("Grizzly Bears")
    green = game.put("Runeclaw Bear", owner="Bob")
    game.activate(scar, target=bears)
    game.attack([bears])
    with pytest.raises(IllegalActionError):
        game.block(green, bears)


def test_scarmaker_fear_lets_only_black_or_artifact_creatures_block(game: Game) -> None:
    """Scarmaker gives Alice's Bears fear (702.36): Bob's green Runeclaw Bear cannot block
    it, his black Nezumi Shortfang can."""
    scarmaker = with_ki(game, "Hired Muscle", 1, flipped=True)
    bears = game.put("Grizzly Bears")
    green = game.put("Runeclaw Bear", owner="Bob")
    black = game.put("Nezumi Shortfang", owner="Bob")
    game.activate(scarmaker, target=bears)
    game.attack([bears])
    with pytest.raises(IllegalActionError):
        game.block(green, bears)
    game.block(black, bears)
    assert game.blockers(bears) == [black]


def test_scarmaker_fear_until_end_of_turn(game: Game) -> None:
    """Scarmaker: "Remove a ki counter from it: A target creature gains fear until end of
    turn." """
    scar = game.put("Hired Muscle", flipped=True)
    game.add_counters(scar, "ki", 1)
    bears = game.put("Grizzly Bears")
    game.activate(scar, target=bears)
    assert "Fear" in bears.keywords
    game.next_turn()
    assert "Fear" not in bears.keywords


@pytest.mark.parametrize("edition", EDITIONS)
def test_shock_kills_cunning_bandit_with_its_flip_trigger_waiting(edition: str) -> None:
    """Shock in response to the ki trigger: Cunning Bandit (2/2) dies first; the ability then
    finds no ki counters on it (the counters left with it) and nothing flips (603.4, 508.4)."""
    game = Game(edition)
    bandit = with_ki(game, "Cunning Bandit", 2)
    with game.holding_priority():
        game.end_step()
    game.cast("Shock", player="Bob", target=bandit)
    assert bandit.zone == "graveyard"
    assert not bandit.flipped and bandit.counters == {}


@pytest.mark.parametrize("edition", EDITIONS)
def test_stolen_hired_muscle_flips_at_the_thiefs_end_step(edition: str) -> None:
    """Ki heroes: "At end of turn, if there are two or more ki counters on it, you may flip
    it" — "you" is its controller then. Alice's stolen Hired Muscle flips at her end step and
    Bob gets Scarmaker back."""
    game = Game(edition)
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    muscle = game.put("Hired Muscle", owner="Bob")
    game.add_counters(muscle, "ki", 2)
    game.activate(azamuki, target=muscle)
    game.resolve_stack()
    game.next_turn()
    assert muscle.name == "Scarmaker"
    assert muscle.controller == "Bob"
    assert muscle.counters == {"ki": 2}


@pytest.mark.parametrize(("costs", "said"), [
    ("paid", ["Bob pays {2} to keep Giant Growth from being countered.",
              "Giant Growth is not countered."]),
    ("assumed", ["Bob pays {2}: Giant Growth is not countered."])])
def test_jaraku_a_payment_is_said_once(costs: str, said: list[str]) -> None:
    """Paid from the pool, the payment was said twice ("Bob pays {2} to keep Giant Growth
    from being countered.", then "Bob pays {2}: Giant Growth is not countered.")."""
    game = Game("current", costs=costs)
    jaraku = with_ki(game, "Callow Jushi", 1, flipped=True)
    game.add_mana("Bob", "{G}{C}{C}")
    with game.holding_priority():
        growth = game.cast("Giant Growth", "Bob")
        game.activate(jaraku, target=growth, pays=True)
    game.resolve_stack()
    assert [line for line in game.log if "{2}" in line or "is not countered" in line] == said


@pytest.mark.parametrize("edition", EDITIONS)
def test_602_2_jaraku_only_its_controller_activates_it_not_its_owner(edition: str) -> None:
    """Alice owns Jaraku and Bob has gained control of it: a judge's "Alice cannot activate
    it" could not be written (activate had no player); now Alice's activation is refused,
    saying whose it is to activate, and Bob's counters Shock."""
    steps = [
        {"put": "Callow Jushi", "flipped": True, "as": "jaraku"},
        {"counters": "jaraku", "kind": "ki", "add": 2},
        {"gain_control": "jaraku", "player": "Bob"},
        {"cast": "Shock", "target": "Bob", "hold": True, "as": "shock"},
        {"activate": "jaraku", "target": "shock", "player": "Alice", "refused": True},
        {"activate": "jaraku", "target": "shock", "player": "Bob"},
        {"expect": {"shock": {"zone": "graveyard"}, "players": {"Bob": {"life": 20}}}}]
    out = run_scenario({"rules": edition, "steps": steps})
    assert out["failures"] == []
    verb = "activate" if edition == "current" else "play"
    assert f"Step 5 is refused, as the scenario expects: Alice cannot {verb} an ability of " \
        "Jaraku the Interloper: only its controller, Bob, can (" in "\n".join(out["log"])


@pytest.mark.parametrize("edition", EDITIONS)
def test_605_3a_jaraku_the_spells_controller_taps_lands_to_pay_as_it_resolves(
        edition: str) -> None:
    """Alice, with two untapped Mountains and nothing in her pool, would pay Jaraku's {2}: she
    may tap lands for mana as the payment is asked (605.3a). The model said her pool had no
    mana and countered Shock."""
    out = run_scenario({"rules": edition, "costs": "paid", "steps": [
        {"put": "Callow Jushi", "flipped": True, "owner": "Bob", "as": "jaraku"},
        {"counters": "jaraku", "kind": "ki", "add": 1},
        *({"put": "Mountain", "as": f"m{n}"} for n in (1, 2, 3)),
        {"tap_for_mana": "m1"},
        {"cast": "Shock", "target": "Bob", "as": "shock", "hold": True},
        {"activate": "jaraku", "target": "shock", "pays": True, "hold": True},
        {"resolve": "all"},
        {"expect": {"players": {"Bob": {"life": 18}}, "m2": {"tapped": True},
                    "m3": {"tapped": True}}}]})
    assert out["failures"] == []
    assert "Alice taps lands for mana to pay {2} as it resolves (" in "\n".join(out["log"])


def test_603_5_callow_jushi_declined_while_its_ability_waits_under_the_spell_cast(
        game: Game) -> None:
    """A ki ability waiting on the stack (under a held spell) resolves in the step of the next
    spell cast: that step's decline is honoured (the counter went on, and the log said the
    decline changed nothing)."""
    jushi = game.put("Callow Jushi")
    with game.holding_priority():
        game.cast("Cranial Extraction", target="Bob", naming="Shock")
    game.cast("Shock", target="Bob", decline=[jushi])
    assert jushi.counters == {}
    assert any(line.startswith("Alice chooses not to use Callow Jushi's ability")
               for line in game.log)
    assert not any("declining it changes nothing" in line for line in game.log)


def test_603_5_callow_jushi_declined_as_its_ability_does_nothing_says_nothing_more(
        game: Game) -> None:
    """A "may" ability declined that does nothing as it resolves (its condition no longer
    holds) was declined all the same: no line says the decline changed nothing."""
    jushi = game.put("Callow Jushi")
    game.add_counters(jushi, "ki", 2)
    with game.holding_priority():
        game.end_step()
        game.remove_counters(jushi, "ki", 1)
    game.resolve(decline=[jushi])
    assert not jushi.flipped
    assert not any("declining it changes nothing" in line for line in game.log)
