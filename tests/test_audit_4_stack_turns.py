"""Audit 4: the stack, triggered abilities and the structure of a turn.

Each test is one situation a judge could be asked about: the end step and its "at the
beginning of the end step" flip triggers, the cleanup step, the untap step and upkeep
triggers, abilities that trigger on casting, state triggers, holding priority, mana pools
between steps and phases, and when spells may be cast. The docstring names the rule (today's
numbering; the 2004 rule where it differs) or the card ruling, and says why the expected
answer is right. Tests that hold under both editions use the ``game`` fixture; the others
name their edition and say what differs.
"""

from __future__ import annotations

import contextlib

import pytest
from helpers import ki_card

from flipcards import EDITIONS, Game, GameObject, IllegalActionError


def enchanted_mystic(game: Game, owner: str = "Alice") -> GameObject:
    """A Kitsune Mystic with two Pacifisms: its end-step ability will trigger."""
    mystic = game.put("Kitsune Mystic", owner=owner)
    game.put("Pacifism", attached_to=mystic)
    game.put("Pacifism", attached_to=mystic)
    return mystic


def doomed_at_cleanup(game: Game, owner: str = "Bob", pumps: int = 1,
                      counters: int = 2) -> GameObject:
    """Grizzly Bears (2/2) pumped by Ichiga (+2/+2 until end of turn, ``pumps`` times) and
    given ``counters`` -1/-1 counters (at least two): alive now, with toughness 0 or less
    once the pumps end in the cleanup step."""
    ichiga = ki_card(game, "Budoka Pupil", pumps, flipped=True, owner="Alice")
    bears = game.put("Grizzly Bears", owner=owner)
    for _ in range(pumps):
        game.activate(ichiga, target=bears)
    game.add_counters(bears, "-1/-1", counters)
    assert bears.toughness == 2 + 2 * pumps - counters > 0
    return bears


def hand_size(game: Game, player: str) -> int:
    return len(game.objects("hand", player))


def line_index(game: Game, text: str) -> int:
    return next(i for i, line in enumerate(game.log) if text in line)


# --- the end step (513; 2004: 313 "end of turn step") ----------------------------------------

def test_500_2_the_turn_does_not_end_while_an_end_step_trigger_waits(game: Game) -> None:
    """500.2 (2004: 300.2): a step ends only when the stack is empty and all players pass
    in succession. Kitsune Mystic's end-step ability waits on the stack; passing the turn now
    must either be refused or first let the ability resolve in this turn. It may not carry
    the ability over into the next player's turn, still waiting."""
    mystic = enchanted_mystic(game)
    with game.holding_priority():
        game.end_step()
        assert len(game.stack) == 1
        with contextlib.suppress(IllegalActionError):
            game.next_turn()
    if game.turn == 1:
        assert len(game.stack) == 1                       # refused: still waiting, turn 1
    else:
        assert not game.stack
        assert mystic.name == "Autumn-Tail, Kitsune Sage"
        assert line_index(game, "flips") < line_index(game, "Turn 2")


def test_500_2_the_main_phase_does_not_end_while_a_sorcery_waits(game: Game) -> None:
    """500.2 (2004: 300.2): the main phase ends, and combat begins, only when the stack is
    empty. Cranial Extraction (a sorcery) and Callow Jushi's ki ability wait on the stack;
    declaring attackers now must either be refused or come after they have resolved. A
    sorcery may not be left waiting into the combat phase."""
    bears = game.put("Grizzly Bears")
    game.put("Callow Jushi")
    with game.holding_priority():
        extraction = game.cast("Cranial Extraction")
        with contextlib.suppress(IllegalActionError):
            game.attack([bears])
        if game.attackers:
            assert not game.stack
            assert extraction.zone == "graveyard"
            assert line_index(game, "Cranial Extraction resolves") < line_index(
                game, "attacks Bob")
        else:
            assert extraction.zone == "stack" and not bears.tapped


def test_500_1_passing_the_turn_goes_through_the_end_step(game: Game) -> None:
    """500.1 (2004: 300.1): every turn has an ending phase whose end step begins with the
    "at the beginning of the end step" triggers (2004: "at end of turn"). Three creatures
    died this turn; when the turn is passed, Kuon's ability triggers at the end step on the
    way, and Kuon flips. Passing the turn cannot skip the end step."""
    kuon = game.put("Kuon, Ogre Ascendant")
    for _ in range(3):
        game.move(game.put("Grizzly Bears", owner="Bob"), "graveyard")
    game.next_turn()
    assert kuon.name == "Kuon's Essence"


def test_513_a_turn_has_one_end_step_its_triggers_do_not_trigger_twice(game: Game) -> None:
    """513.1 (2004: 313.1): the end step begins once per turn, and its "at the beginning of
    the end step" abilities trigger once. Alice declines Faithful Squire's flip (it says
    "may"); asking for the end step again in the same turn must not give her a second
    chance: either it is refused, or nothing triggers."""
    squire = ki_card(game, "Faithful Squire", 2)
    game.end_step(decline=[squire])
    assert not squire.flipped
    with contextlib.suppress(IllegalActionError):
        game.end_step()
    assert not squire.flipped


def test_513_the_end_step_is_still_this_turn_for_bushi_tenderfoot(game: Game) -> None:
    """Bushi Tenderfoot: "When a creature dealt damage by Bushi Tenderfoot this turn dies,
    flip it." The end step is part of the turn: a creature it damaged in the main phase that
    dies during the end step still flips it."""
    bushi = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(bushi, bears, 1)
    game.end_step()
    game.damage(bears, 1)
    assert bears.zone == "graveyard"
    assert bushi.name == "Kenzo the Hardhearted"


def test_405_a_trigger_during_the_end_step_goes_on_top_of_the_waiting_one(game: Game) -> None:
    """405.2 / 603.3 (2004: 408, 410): an ability that triggers while another waits goes on
    the stack above it and resolves first. Kitsune Mystic's end-step ability waits; in
    response a creature Bushi Tenderfoot damaged dies. Tenderfoot's ability resolves first
    (the Mystic is still unflipped then), and then the Mystic's."""
    mystic = enchanted_mystic(game)
    bushi = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(bushi, bears, 1)
    with game.holding_priority():
        game.end_step()
        assert [item.source for item in game.stack] == [mystic]
        game.damage(bears, 1)
        assert [item.source for item in game.stack] == [bushi, mystic]
        game.resolve()
        assert bushi.flipped and not mystic.flipped
    game.resolve_stack()
    assert mystic.name == "Autumn-Tail, Kitsune Sage"


# --- the cleanup step (514; 2004: 314) ---------------------------------------------------------

def test_514_2_damage_wears_off_as_the_pump_ends_a_damaged_pumped_creature_lives(
        game: Game) -> None:
    """514.2 (2004: 314.2): in the cleanup step, damage is removed and "until end of turn"
    effects end at the same time. Grizzly Bears pumped by Ichiga to 4/4 with 3 damage does
    not die when the pump ends: the damage goes at the same moment. Next turn it is a
    2/2 with no damage."""
    ichiga = ki_card(game, "Budoka Pupil", 1, flipped=True)
    bears = game.put("Grizzly Bears")
    game.activate(ichiga, target=bears)
    game.damage(bears, 3)
    assert bears.zone == "battlefield"
    game.next_turn()
    assert bears.zone == "battlefield"
    assert (bears.power, bears.toughness, bears.damage) == (2, 2, 0)


def test_514_3a_a_creature_dying_in_cleanup_dies_this_turn_for_bushi_tenderfoot(
        game: Game) -> None:
    """514.3a (2004: 314.3): if a state-based action is performed in the cleanup step,
    players get priority and the abilities that triggered are put on the stack, still in
    this turn. Bob's Grizzly Bears, a 0/0 with -1/-1 counters held up by Ichiga's pump,
    was dealt 1 damage by Bushi Tenderfoot this turn. When the pump ends in cleanup it dies,
    in this turn: it is a creature Tenderfoot dealt damage to this turn, so Tenderfoot
    flips."""
    bushi = game.put("Bushi Tenderfoot")
    bears = doomed_at_cleanup(game)
    game.deal_damage(bushi, bears, 1)
    assert bears.zone == "battlefield" and not bushi.flipped
    game.next_turn()
    assert bears.zone == "graveyard"
    assert bushi.name == "Kenzo the Hardhearted"


def test_514_3a_initiate_of_blood_still_watches_its_target_in_cleanup(game: Game) -> None:
    """Initiate of Blood: "When that creature dies this turn, flip Initiate of Blood." The
    cleanup step is part of the turn (514.3a; 2004: 314.3). The creature it damaged (a 3/3
    with 2 damage) is held up only by two Ichiga pumps over three -1/-1 counters; when the
    pumps end in cleanup it dies this turn, and the Initiate flips into Goka the Unjust."""
    initiate = game.put("Initiate of Blood")
    bears = doomed_at_cleanup(game, pumps=2, counters=3)
    game.damage(bears, 1)                                 # now it was dealt damage this turn
    game.activate(initiate, target=bears)
    assert bears.damage == 2 and bears.zone == "battlefield"
    game.next_turn()
    assert bears.zone == "graveyard"
    assert initiate.name == "Goka the Unjust"


def test_514_3a_a_death_in_cleanup_belongs_to_the_turn_that_ends(game: Game) -> None:
    """514.3a (2004: 314.3): a creature that dies in Alice's cleanup step died in Alice's
    turn. In Bob's turn it does not count as one of "three or more creatures died this
    turn": with two more deaths in his turn, Bob's Kuon does not flip at his end step."""
    bears = doomed_at_cleanup(game)
    kuon = game.put("Kuon, Ogre Ascendant", owner="Bob")
    game.next_turn()                                      # Bob's turn 2
    assert bears.zone == "graveyard"
    assert game.creatures_died_this_turn == 0
    for _ in range(2):
        game.move(game.put("Runeclaw Bear", owner="Bob"), "graveyard")
    game.end_step()
    assert not kuon.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_514_2_azamuki_control_ends_in_cleanup_and_the_legend_rule_applies(
        edition: str) -> None:
    """Azamuki: "Gain control of target creature until end of turn." Alice takes Bob's
    Kenzo; Bob then gets a second Kenzo. Today (704.5j) the legend rule looks at each
    controller: no problem until the first Kenzo returns to Bob in the cleanup step; then
    Bob controls two and keeps the one he chooses. Under the 2004 rules (420.5e) the legend
    rule looks at all of play: both Kenzos go to the graveyard at once, whoever controls
    them."""
    game = Game(edition)
    first = game.put("Bushi Tenderfoot", owner="Bob", flipped=True)
    azamuki = ki_card(game, "Cunning Bandit", 1, flipped=True)
    game.activate(azamuki, target=first)
    second = game.put("Bushi Tenderfoot", owner="Bob", flipped=True)
    if edition == "2004":
        assert first.zone == second.zone == "graveyard"
        return
    assert first.zone == second.zone == "battlefield"
    game.next_turn(keep=[first])
    assert (first.zone, first.controller, first.name) == ("battlefield", "Bob",
                                                          "Kenzo the Hardhearted")
    assert second.zone == "graveyard"


def test_514_2_scarmakers_fear_ends_in_cleanup(game: Game) -> None:
    """Scarmaker: "Target creature gains fear until end of turn." The fear ends in the
    cleanup step (514.2): on Alice's next turn her Grizzly Bears attacks without fear and
    Bob's green Runeclaw Bear may block it."""
    scarmaker = ki_card(game, "Hired Muscle", 1, flipped=True)
    bears = game.put("Grizzly Bears")
    game.activate(scarmaker, target=bears)
    assert "Fear" in bears.keywords
    game.next_turn()
    assert "Fear" not in bears.keywords
    game.next_turn()                                      # Alice's turn 3
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    game.attack([bears])
    game.block(runeclaw, bears)
    assert game.blockers(bears) == [runeclaw]


def test_514_2_kaisos_shield_lasts_only_this_turn(game: Game) -> None:
    """Kaiso: "Prevent all damage that would be dealt to target creature this turn." The
    shield protects the creature in this turn only; on the next turn 2 damage kills the
    2/2."""
    kaiso = ki_card(game, "Faithful Squire", 1, flipped=True)
    bears = game.put("Grizzly Bears")
    source = game.put("Shock", "graveyard", owner="Bob")
    game.activate(kaiso, target=bears)
    game.deal_damage(source, bears, 2)
    assert bears.damage == 0 and bears.zone == "battlefield"
    game.next_turn()
    game.deal_damage(source, bears, 2)
    assert bears.zone == "graveyard"


def test_514_2_a_stolen_hasty_akki_flips_and_goes_home_flipped_then_untaps(
        game: Game) -> None:
    """Azamuki takes Bob's Akki Lavarunner until end of turn. It has haste, so it may attack
    at once (302.6); its damage to Bob, now an opponent of its controller, flips it. In the
    cleanup step control returns to Bob: it stays flipped (flipping is not undone, 508.4),
    and in Bob's untap step it untaps (502.3)."""
    akki = game.put("Akki Lavarunner", owner="Bob")
    azamuki = ki_card(game, "Cunning Bandit", 1, flipped=True)
    game.activate(azamuki, target=akki)
    game.attack([akki])
    game.combat_damage()
    assert akki.name == "Tok-Tok, Volcano Born" and akki.tapped
    assert game.life("Bob") == 19
    game.next_turn()
    assert (akki.controller, akki.name, akki.tapped) == ("Bob", "Tok-Tok, Volcano Born", False)


# --- the untap step and the upkeep (502, 503; 2004: 302, 303) ---------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_502_3_only_the_active_players_permanents_untap(edition: str) -> None:
    """502.3 (2004: 302.2): the active player untaps their permanents; no one else does.
    With three players, Alice's and Carol's tapped creatures stay tapped in Bob's untap
    step; Carol's untaps in hers."""
    game = Game(edition, ["Alice", "Bob", "Carol"])
    mine, bobs, carols = (game.put("Grizzly Bears", owner=p) for p in game.players)
    for creature in (mine, bobs, carols):
        game.tap(creature)
    game.next_turn()
    assert (mine.tapped, bobs.tapped, carols.tapped) == (True, False, True)
    game.next_turn()
    assert (mine.tapped, carols.tapped) == (True, False)


def test_603_3b_upkeep_triggers_of_three_players_in_apnap_order() -> None:
    """603.3b: at Bob's upkeep, Alice's and Carol's Stabwhisker (each opponent's upkeep) and
    Bob's own Kuon's Essence (each player's upkeep) trigger. Bob, the active player, puts
    his on the stack first, then Carol, then Alice: Alice's resolves first and Bob's last.
    Bob has one card in hand, so each Stabwhisker makes him lose 2; then he sacrifices his
    Grizzly Bears. (Today's rules only: under the 2004 legend rule the two Stabwhiskers
    could not both be in play; the APNAP order of 2004 rule 410 is the same.)"""
    game = Game("current", ["Alice", "Bob", "Carol"])
    game.put("Nezumi Shortfang", flipped=True)
    game.put("Nezumi Shortfang", owner="Carol", flipped=True)
    essence = game.put("Kuon, Ogre Ascendant", owner="Bob", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.put("Island", "hand", owner="Bob")
    with game.holding_priority():
        game.next_turn()
        assert [item.controller for item in game.stack] == ["Alice", "Carol", "Bob"]
        assert game.stack[-1].source == essence
    game.resolve_stack()
    assert game.life("Bob") == 16
    assert bears.zone == "graveyard"
    assert line_index(game, "Bob loses 2 life") < line_index(game, "Bob sacrifices")


def test_stabwhisker_each_opponent_of_three_but_not_its_controller() -> None:
    """Stabwhisker the Odious: "At the beginning of each opponent's upkeep, that player
    loses 1 life for each card fewer than three in their hand." With three players, Bob and
    Carol (empty hands) each lose 3 at their own upkeep; Alice, its controller, never does."""
    game = Game("current", ["Alice", "Bob", "Carol"])
    game.put("Nezumi Shortfang", flipped=True)
    game.next_turn()
    assert [game.life(p) for p in game.players] == [20, 17, 20]
    game.next_turn()
    assert [game.life(p) for p in game.players] == [20, 17, 17]
    game.next_turn()
    assert [game.life(p) for p in game.players] == [20, 17, 17]


def test_603_kuons_essence_trigger_resolves_after_the_essence_left(game: Game) -> None:
    """A triggered ability exists on the stack independently of its source (113.7a): Kuon's
    Essence leaves play while its upkeep ability waits; the ability still resolves and Bob
    sacrifices a creature. (Only an ability about the object itself, such
    as "flip it", needs the same object.)"""
    essence = game.put("Kuon, Ogre Ascendant", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    with game.holding_priority():
        game.next_turn()
        assert [item.source for item in game.stack] == [essence]
        game.move(essence, "graveyard")
    game.resolve_stack()
    assert bears.zone == "graveyard"


@pytest.mark.parametrize("edition", EDITIONS)
def test_608_an_instant_cast_in_response_to_stabwhisker_resolves_first(edition: str) -> None:
    """The stack is last in, first out (405.5, 608.1). Bob has three cards at his upkeep;
    in response to Stabwhisker's ability he casts one of them, Shock (an instant, legal with
    a trigger on the stack; he pays its {R}). Shock resolves first; Stabwhisker's ability then
    counts two cards (it counts as it resolves) and Bob loses 1."""
    game = Game(edition, costs="paid")
    game.put("Nezumi Shortfang", flipped=True)
    shock = game.put("Shock", "hand", owner="Bob")
    for _ in range(2):
        game.put("Island", "hand", owner="Bob")
    with game.holding_priority():
        game.next_turn()
        game.add_mana("Bob", "{R}")
        game.cast(shock)
        assert [item.kind for item in game.stack] == ["spell", "triggered"]
    game.resolve_stack()
    assert shock.zone == "graveyard"
    assert game.life("Bob") == 19


@pytest.mark.parametrize(("edition", "life"), [("2004", 16), ("current", 17)])
def test_500_4_mana_made_in_the_upkeep_is_gone_by_the_main_phase(edition: str,
                                                                  life: int) -> None:
    """500.4: mana empties from the pools at the end of each step (2004 rule 300.3: at the
    end of each phase, the beginning phase here, with 1 life lost per mana: mana burn). Bob
    taps an Island in response to Stabwhisker's upkeep ability and does not use the mana.
    Once the ability has resolved and the turn is in its main phase, the mana is gone; under
    the 2004 rules Bob also lost 1 life to mana burn (3 to Stabwhisker, 1 to burn)."""
    game = Game(edition, costs="paid")
    game.put("Nezumi Shortfang", flipped=True)
    island = game.put("Island", owner="Bob")
    with game.holding_priority():
        game.next_turn()
        assert len(game.stack) == 1
    game.tap_for_mana(island)                             # a response; then it resolves
    assert not game.stack
    assert game.mana_pool("Bob") == {}
    assert game.life("Bob") == life


def test_kuons_essence_the_sacrifice_choice_holds_when_its_ability_waited(game: Game) -> None:
    """Kuon's Essence: "that player sacrifices a creature" — the player's choice. Bob
    chooses his Runeclaw Bear (``sacrifice=``). Holding priority while the ability waits
    must not change what he chose: the Runeclaw Bear is sacrificed and the Grizzly Bears
    stays."""
    game.put("Kuon, Ogre Ascendant", flipped=True)
    grizzly = game.put("Grizzly Bears", owner="Bob")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    with game.holding_priority():
        game.next_turn(sacrifice=[runeclaw])
    game.resolve_stack()
    assert runeclaw.zone == "graveyard"
    assert grizzly.zone == "battlefield"


@pytest.mark.parametrize("edition", EDITIONS)
def test_302_6_three_players_a_creature_returned_in_anothers_cleanup_is_sick(
        edition: str) -> None:
    """302.6 (2004: 212.3d): a {T} ability needs the creature under its controller's control
    continuously since their most recent turn began. Carol takes Bob's Jushi Apprentice with
    Azamuki in her turn 3; it returns to Bob in her cleanup. In Alice's turn 4 Bob's most
    recent turn (turn 2) began before it came back, so he cannot use it; in his turn 5 he
    can."""
    game = Game(edition, ["Alice", "Bob", "Carol"])
    jushi = game.put("Jushi Apprentice", owner="Bob")
    for _ in range(3):
        game.put("Island", "library", owner="Bob")
    azamuki = ki_card(game, "Cunning Bandit", 1, flipped=True, owner="Carol")
    game.next_turn()
    game.next_turn()                                      # Carol's turn 3
    game.activate(azamuki, target=jushi)
    assert jushi.controller == "Carol"
    game.next_turn()                                      # Alice's turn 4
    assert jushi.controller == "Bob"
    with pytest.raises(IllegalActionError, match="summoning sickness"):
        game.activate(jushi)
    game.next_turn()                                      # Bob's turn 5
    game.activate(jushi)
    assert jushi.tapped


def test_302_6_a_stolen_creature_cannot_pay_a_tap_cost_this_turn(game: Game) -> None:
    """302.6: Alice takes Bob's Jushi Apprentice (his since the game began) with Azamuki.
    She has not controlled it since her turn began, so she cannot activate its {T}
    ability; the refusal changes nothing (it stays untapped)."""
    jushi = game.put("Jushi Apprentice", owner="Bob")
    game.put("Island", "library")
    azamuki = ki_card(game, "Cunning Bandit", 1, flipped=True)
    game.activate(azamuki, target=jushi)
    with pytest.raises(IllegalActionError, match="summoning sickness"):
        game.activate(jushi)
    assert not jushi.tapped and hand_size(game, "Alice") == 0


@pytest.mark.parametrize("edition", EDITIONS)
def test_kuon_counts_the_creature_sacrificed_to_kuons_essence_in_the_upkeep(
        edition: str) -> None:
    """Kuon: "if three or more creatures died this turn" counts from the start of the
    turn, the upkeep included. Alice's Kuon's Essence makes Bob sacrifice his Grizzly Bears
    at his upkeep; two more creatures die in his turn, and his Kuon flips at his end step.
    Today each player keeps their own Kuon's Essence (704.5j, per controller); under the
    2004 rules (420.5e) two Kuon's Essences in play both go to the graveyard."""
    game = Game(edition)
    alices = game.put("Kuon, Ogre Ascendant", flipped=True)
    kuon = game.put("Kuon, Ogre Ascendant", owner="Bob")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.next_turn(sacrifice=[bears])
    assert bears.zone == "graveyard" and kuon.zone == "battlefield"
    for _ in range(2):
        game.move(game.put("Runeclaw Bear", owner="Bob"), "graveyard")
    game.end_step()
    if edition == "current":
        assert kuon.name == "Kuon's Essence" and alices.zone == "battlefield"
    else:
        assert kuon.zone == alices.zone == "graveyard"
        assert any("Kuon, Ogre Ascendant flips" in line for line in game.log)


def test_603_3b_a_player_orders_two_upkeep_triggers(game: Game) -> None:
    """603.3b: Alice's Stabwhisker and Alice's Kuon's Essence trigger together at Bob's
    upkeep; she chooses their order. She puts Kuon's Essence's ability to resolve first:
    Bob sacrifices before he loses life."""
    stabwhisker = game.put("Nezumi Shortfang", flipped=True)
    essence = game.put("Kuon, Ogre Ascendant", flipped=True)
    game.put("Grizzly Bears", owner="Bob")
    with game.holding_priority():
        game.next_turn()
        assert {item.source for item in game.stack} == {stabwhisker, essence}
        game.order_triggers(essence, stabwhisker)
        assert [item.source for item in game.stack] == [essence, stabwhisker]
    game.resolve_stack()
    assert line_index(game, "Bob sacrifices") < line_index(game, "Bob loses 3 life")


# --- casting: abilities that trigger on a cast (601.2i, 603) ---------------------------------

def test_601_the_ki_trigger_still_gives_its_counter_when_the_spirit_is_countered(
        game: Game) -> None:
    """The ki ability triggers when the spell is cast and goes on the stack above it. Bob
    answers with Jaraku's ability (countering the Spirit, Alice does not pay {2}); it goes
    on top and resolves first. The spell is countered, and Faithful Squire's ability, which
    does not depend on the spell, still resolves: one ki counter."""
    squire = game.put("Faithful Squire")
    jaraku = ki_card(game, "Callow Jushi", 1, flipped=True, owner="Bob")
    with game.holding_priority():
        kami = game.cast("Kami of Ancient Law")
        assert [item.kind for item in game.stack] == ["triggered", "spell"]
        game.activate(jaraku, target=kami)
        assert [item.source for item in game.stack] == [jaraku, squire, kami]
    game.resolve_stack()
    assert kami.zone == "graveyard"
    assert squire.counters == {"ki": 1}


def test_603_3b_cast_triggers_of_two_players_bobs_ki_and_alices_erayo(game: Game) -> None:
    """On Bob's turn, after three spells, Bob casts Kami of Ancient Law, a Spirit and the
    fourth spell of the turn. His Hired Muscle's ki ability and Alice's Erayo's ability
    trigger together; Bob, the active player, puts his on the stack first, Alice's goes on
    top (603.3b). Both resolve before the spell: Erayo flips, Hired Muscle gets its counter,
    then the Kami enters."""
    erayo = game.put("Erayo, Soratami Ascendant")
    muscle = game.put("Hired Muscle", owner="Bob")
    game.next_turn()                                      # Bob's turn
    for _ in range(3):
        game.cast("Shock")                                # Alice's instants, on Bob's turn
    with game.holding_priority():
        kami = game.cast("Kami of Ancient Law", player="Bob")
        assert [item.source for item in game.stack] == [erayo, muscle, kami]
        game.resolve()
        assert erayo.name == "Erayo's Essence" and muscle.counters == {}
    game.resolve_stack()
    assert muscle.counters == {"ki": 1} and kami.zone == "battlefield"


def test_erayo_abilities_are_not_spells_and_its_trigger_resolves_before_the_fourth(
        game: Game) -> None:
    """Erayo: "Whenever the fourth spell of a turn is cast, flip Erayo." Activating
    abilities is not casting spells: three spells and three activations do not flip it.
    The fourth spell (Bob's) does; Erayo's ability goes on the stack above the spell and
    resolves while the spell still waits."""
    erayo = game.put("Erayo, Soratami Ascendant")
    jushi = game.put("Jushi Apprentice")
    sasaya = game.put("Sasaya, Orochi Ascendant")
    game.put("Island", "library")
    game.cast("Shock")
    game.cast("Giant Growth", player="Bob")
    game.activate(jushi)
    game.activate(sasaya)
    game.activate(sasaya)
    game.cast("Shock")
    assert game.spells_cast_this_turn == 3 and not erayo.flipped
    with game.holding_priority():
        fourth = game.cast("Giant Growth", player="Bob")
        assert [item.source for item in game.stack] == [erayo, fourth]
        game.resolve()
        assert erayo.name == "Erayo's Essence" and fourth.zone == "stack"
    game.resolve_stack()
    assert fourth.zone == "graveyard"


def test_erayos_essence_ability_counters_even_after_the_essence_left(game: Game) -> None:
    """Erayo's Essence: "Whenever an opponent casts their first spell each turn, counter
    that spell." The ability is independent of its source once triggered: the Essence is
    exiled in response and Bob's Shock is still countered."""
    essence = game.put("Erayo, Soratami Ascendant", flipped=True)
    with game.holding_priority():
        shock = game.cast("Shock", player="Bob")
        assert [item.source for item in game.stack] == [essence, shock]
        game.move(essence, "exile")
    game.resolve_stack()
    assert any("counters Shock" in line for line in game.log)
    assert not any("Shock resolves" in line for line in game.log)


def test_erayos_essence_counters_an_opponents_first_spell_in_every_turn(game: Game) -> None:
    """Erayo's Essence looks at "their first spell each turn": Bob's first spell in Alice's
    turn is countered, his second is not; in his own turn the count starts again, so his
    first spell there (Grizzly Bears) is countered too and his second (Runeclaw Bear)
    resolves."""
    game.put("Erayo, Soratami Ascendant", flipped=True)
    game.cast("Shock", player="Bob")
    game.cast("Shock", player="Bob")
    assert sum("counters Shock" in line for line in game.log) == 1
    game.next_turn()
    grizzly = game.cast("Grizzly Bears", player="Bob")
    runeclaw = game.cast("Runeclaw Bear", player="Bob")
    assert grizzly.zone == "graveyard" and runeclaw.zone == "battlefield"


def test_603_8_rune_tails_state_trigger_goes_above_a_waiting_spell(game: Game) -> None:
    """603.8: Rune-Tail's "when you have 30 or more life, flip it" triggers as soon as Alice
    reaches 30, and goes on the stack the next time a player would receive priority: above
    the Shock that already waits. It resolves first; the Shock is still on the stack when
    Rune-Tail flips."""
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    game.gain_life("Alice", 9)
    with game.holding_priority():
        shock = game.cast("Shock")
        game.gain_life("Alice", 1)
        assert [item.source for item in game.stack] == [rune_tail, shock]
        game.resolve()
        assert rune_tail.name == "Rune-Tail's Essence" and shock.zone == "stack"
    game.resolve_stack()
    assert shock.zone == "graveyard"


# --- timing and costs (302, 304, 307, 601.2; 2004: 212, 409) -------------------------------

def test_302_1_paid_a_creature_spell_cannot_be_cast_in_the_end_step_an_instant_can(
        game: Game) -> None:
    """302.1 / 304.1 (2004: 212.3a, 212.5a): a creature spell only in a main phase of the
    caster's turn with an empty stack; an instant any time the player has priority. In the
    end step Alice's Grizzly Bears is refused and her Shock is cast."""
    game = Game(game.edition, costs="paid")
    game.end_step()
    game.add_mana("Alice", "{G}{G}{R}")
    with pytest.raises(IllegalActionError, match="main phase"):
        game.cast("Grizzly Bears")
    assert game.cast("Shock").zone == "graveyard"
    assert game.mana_pool("Alice") == {"G": 2}


def test_302_1_paid_the_non_active_player_casts_only_instants(game: Game) -> None:
    """302.1 (2004: 212.3a): only the active player casts creature spells, in their main
    phase. Bob cannot
    cast Grizzly Bears in Alice's main phase; he can cast Shock."""
    game = Game(game.edition, costs="paid")
    game.add_mana("Bob", "{G}{G}{R}")
    with pytest.raises(IllegalActionError, match="active player"):
        game.cast("Grizzly Bears", player="Bob")
    assert game.cast("Shock", player="Bob").zone == "graveyard"


def test_302_1_paid_no_creature_spell_while_something_waits_an_instant_resolves_first(
        game: Game) -> None:
    """302.1 / 307.1 (2004: 212.3a, 212.7a): the stack must be empty for a creature or
    sorcery spell. While Callow
    Jushi's ki ability and Cranial Extraction wait, Alice cannot cast Grizzly Bears but can
    cast Shock, which goes on top and resolves first (405.5)."""
    game = Game(game.edition, costs="paid")
    game.put("Callow Jushi")
    game.add_mana("Alice", "{B}{B}{B}{B}{G}{G}{R}")
    with game.holding_priority():
        extraction = game.cast("Cranial Extraction")
        with pytest.raises(IllegalActionError, match="stack is empty"):
            game.cast("Grizzly Bears")
        shock = game.cast("Shock")
        assert game.stack[0].source == shock
        game.resolve()
        assert shock.zone == "graveyard" and extraction.zone == "stack"
    game.resolve_stack()
    assert extraction.zone == "graveyard"


@pytest.mark.parametrize("edition", EDITIONS)
def test_601_2_a_refused_spell_stays_in_its_owners_hand(edition: str) -> None:
    """601.2 and the rule for illegal actions: a spell whose timing or costs are illegal is
    not cast, and the game goes back to how it was before (the model's own promise: "an
    action whose cost cannot be paid is refused and changes nothing"). Shock with no mana,
    and Grizzly Bears in the end step, are refused: both cards are still in Alice's hand, and
    no spell was cast."""
    game = Game(edition, costs="paid")
    shock = game.put("Shock", "hand")
    bears = game.put("Grizzly Bears", "hand")
    with pytest.raises(IllegalActionError):
        game.cast(shock)
    assert shock.zone == "hand"
    game.end_step()
    game.add_mana("Alice", "{G}{G}")
    with pytest.raises(IllegalActionError):
        game.cast(bears)
    assert bears.zone == "hand"
    assert game.spells_cast_this_turn == 0
    assert hand_size(game, "Alice") == 2


@pytest.mark.parametrize(("edition", "after_block"), [("2004", {"G": 1}), ("current", {})])
def test_500_4_mana_between_the_combat_steps(edition: str, after_block: dict[str, int]) -> None:
    """Today (500.4) mana empties at the end of each step: {G} made in the declare attackers
    step is gone in the declare blockers step. Under the 2004 rules (300.3) it empties only
    as a phase ends: the {G} stays through the combat phase and burns as combat ends (1
    life)."""
    game = Game(edition, costs="paid")
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    game.attack([bears])
    game.add_mana("Alice", "{G}")
    game.block(runeclaw, bears)
    assert game.mana_pool("Alice") == after_block
    game.combat_damage()
    game.end_combat()
    assert game.mana_pool("Alice") == {}
    assert game.life("Alice") == (19 if edition == "2004" else 20)


@pytest.mark.parametrize(("edition", "life"), [("2004", 19), ("current", 20)])
def test_300_3_mana_made_in_the_end_step_is_lost_by_the_next_turn(edition: str,
                                                                  life: int) -> None:
    """Mana made during the end step can still be spent in it; it is gone by the next
    turn. Under the 2004 rules the end phase ends with 1 mana unspent: Alice loses 1 life
    to mana burn. Today there is no mana burn."""
    game = Game(edition, costs="paid")
    game.end_step()
    game.add_mana("Alice", "{R}")
    assert game.mana_pool("Alice") == {"R": 1}
    game.next_turn()
    assert game.mana_pool("Alice") == {}
    assert game.life("Alice") == life
