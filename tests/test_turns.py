"""The turn's structure (500 to 514): steps that wait for an empty stack (500.2), the untap step
(502.3), one end step a turn and its "at the beginning of the end step" abilities (513), the
cleanup step's discard to seven cards (514.1; 2004: 314.1), "until end of turn" effects ending
(514.2) and what cleanup causes (514.3a).
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from helpers import enchanted_mystic, fill_hand, line_index, with_ki

from flipcards import EDITIONS, Game, GameObject, IllegalActionError, ScenarioError, run_scenario


def doomed_at_cleanup(game: Game, owner: str = "Bob", pumps: int = 1,
                      counters: int = 2) -> GameObject:
    """Grizzly Bears (2/2) pumped by Ichiga (+2/+2 until end of turn, ``pumps`` times) and
    given ``counters`` -1/-1 counters (at least two): alive now, with toughness 0 or less
    once the pumps end in the cleanup step."""
    ichiga = with_ki(game, "Budoka Pupil", pumps, flipped=True, owner="Alice")
    bears = game.put("Grizzly Bears", owner=owner)
    for _ in range(pumps):
        game.activate(ichiga, target=bears)
    game.add_counters(bears, "-1/-1", counters)
    assert bears.toughness == 2 + 2 * pumps - counters > 0
    return bears


def hand(game: Game, player: str = "Alice") -> list[str]:
    return [card.name for card in game.objects("hand", player)]


def test_514_1_the_active_player_discards_the_newest_down_to_seven(game: Game) -> None:
    """Alice ends her turn with nine cards; she discards two (by default the newest: the
    Forests drawn last). Bob, who is not the active player, keeps his nine."""
    for owner in ("Alice", "Bob"):
        for name in ["Island"] * 7 + ["Forest"] * 2:
            game.put(name, "hand", owner=owner)
    game.next_turn()
    assert hand(game) == ["Island"] * 7
    assert [c.name for c in game.objects("graveyard", "Alice")] == ["Forest", "Forest"]
    assert len(hand(game, "Bob")) == 9
    assert "Alice has 9 cards in hand and discards down to 7." in game.log


def test_514_1_the_player_chooses_what_to_discard(game: Game) -> None:
    """``discard`` names the cards Alice chooses; the rest of the excess, if she names too
    few, goes newest first."""
    names = ["Island"] * 6 + ["Forest", "Shock", "Giant Growth"]
    cards = [game.put(name, "hand") for name in names]
    game.next_turn(discard=[cards[0]])
    assert [c.zone for c in cards] == ["graveyard"] + ["hand"] * 7 + ["graveyard"]


def test_514_1_seven_cards_or_fewer_nothing_is_discarded(game: Game) -> None:
    cards = [game.put("Island", "hand") for _ in range(7)]
    game.next_turn(discard=[cards[0]])
    assert all(c.zone == "hand" for c in cards)


def test_514_1_a_card_not_in_the_hand_cannot_be_discarded_and_nothing_happens() -> None:
    """A choice that is not a card in the active player's hand is refused before the turn
    moves on; as a scenario step, the error names the step's field."""
    game = Game("current")
    bears = game.put("Grizzly Bears")
    before = list(game.log)
    with pytest.raises(IllegalActionError, match="not in Alice's hand"):
        game.next_turn(discard=[bears])
    assert game.log == before and game.step == "main"
    doc = {"rules": "current", "steps": [
        {"put": "Grizzly Bears", "as": "bears"},
        {"next_turn": True, "discard": ["bears"]}]}
    with pytest.raises(ValueError, match=r"steps\[1\]\.discard: Grizzly Bears is not in"):
        run_scenario(doc)


def test_513_1_a_turn_has_one_end_step(game: Game) -> None:
    game.end_step()
    with pytest.raises(IllegalActionError,
                       match=r"end (of turn )?step of turn 1 has already begun"):
        game.end_step()
    game.next_turn()
    game.end_step()                       # Bob's turn has its own
    assert game.turn == 2


@pytest.mark.parametrize("action", ["end_step", "next_turn", "attack", "end_combat"])
def test_500_2_a_step_ends_only_with_an_empty_stack(game: Game, action: str) -> None:
    """While something waits on the stack (priority held), the turn cannot move on: the call
    is refused and changes nothing."""
    bears = game.put("Grizzly Bears")
    if action == "end_combat":
        game.attack([bears])
    with game.holding_priority():
        game.cast("Shock")
        before = (game.turn, game.step, len(game.log))
        with pytest.raises(IllegalActionError, match="waits on the stack"):
            if action == "attack":
                game.attack([bears])
            else:
                getattr(game, action)()
        assert (game.turn, game.step, len(game.log)) == before


def test_514_3a_a_creature_dying_in_cleanup_died_this_turn(game: Game) -> None:
    """A creature kept alive by a pump until end of turn dies in the cleanup step, as the
    pump ends: it died in the turn that ends, and the next turn starts with nothing having
    died."""
    bears = game.put("Grizzly Bears")
    game.add_effect("modify_pt", bears, power=0, toughness=2, until_end_of_turn=True,
                    label="brace")
    game.add_effect("modify_pt", bears, power=0, toughness=-3, label="doom")
    assert (bears.zone, bears.toughness) == ("battlefield", 1)
    game.next_turn()
    assert bears.zone == "graveyard"
    assert game.creatures_died_this_turn == 0
    cleanup = game.log.index("Effects that last until end of turn end: 'brace'.")
    assert cleanup < game.log.index("Turn 2: Bob's turn. Damage has worn off and Bob's "
                                    "permanents untap.")


def test_500_2_next_turn_resolves_what_its_own_end_step_triggered(game: Game) -> None:
    """Passing the turn plays the end step; what triggers there resolves before cleanup, even
    while priority is held (the turn cannot end with it waiting). The Kitsune Mystic flips in
    turn 1, and the upkeep of turn 2 then proceeds."""
    mystic = game.put("Kitsune Mystic")
    game.put("Pacifism", attached_to=mystic)
    game.put("Pacifism", attached_to=mystic)
    with game.holding_priority():
        game.next_turn()
    assert mystic.flipped and game.turn == 2
    assert game.log.index("Kitsune Mystic flips: it is now Autumn-Tail, Kitsune Sage.") < \
        game.log.index("Turn 2: Bob's turn. Damage has worn off and Bob's permanents untap.")


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


@pytest.mark.parametrize("edition", EDITIONS)
def test_500_1_no_combat_follows_the_end_step(edition: str) -> None:
    """500.1 (2004: 300.1): the combat phase comes before the ending phase. Once the end step
    has begun, an attack is refused and changes nothing (the model used to declare it, deal
    its damage and flip Akki Lavarunner in the end step); the next turn can attack."""
    steps: list[dict[str, object]] = [{"put": "Akki Lavarunner", "as": "akki"},
                                      {"end_step": True}, {"attack": ["akki"]}]
    rule = "rule 500.1" if edition == "current" else "2004 CR 300.1"
    with pytest.raises(ScenarioError, match=(
            r"^steps\[2\]: the end (of turn )?step of turn 1 has already begun, and no combat "
            r"phase "
            rf"follows the ending phase \({rule}\); pass the turn first "
            r'\(a "next_turn" step\)$')):
        run_scenario({"rules": edition, "steps": steps})
    out = run_scenario({"rules": edition, "steps": [
        *steps[:2], {"next_turn": True}, {"next_turn": True}, {"attack": ["akki"]},
        {"combat_damage": True}]})
    assert out["objects"]["akki"]["name"] == "Tok-Tok, Volcano Born"
    assert out["players"]["Bob"]["life"] == 19


@pytest.mark.parametrize(("steps", "said"), [
    ([{"end_step": True}, {"end_step": True}],
     'the end step of turn 1 has already begun; pass the turn (a "next_turn" step)'),
    ([{"put": "Grizzly Bears", "as": "bears"}, {"attack": []}, {"attack": ["bears"]}],
     "Alice's turn 1 has already had its combat phase; pass the turn first "
     '(a "next_turn" step)'),
    ([{"combat_damage": True}],
     'no creature is attacking: declare attackers first (an "attack" step)'),
    ([{"put": "Cranial Extraction", "as": "cx", "zone": "hand"},
      {"cast": "cx", "target": "Bob", "naming": "Grizzly Bears", "hold": True},
      {"end_step": True}],
     "the end step cannot begin while something waits on the stack: let it resolve first "
     '(a "resolve" step)'),
])
def test_500_a_step_out_of_turn_names_the_step_that_goes_on(
        steps: list[dict[str, object]], said: str) -> None:
    """A scenario's step that the turn's structure refuses says which step to take first, as
    a scenario is written: the messages named the Game API's calls (game.next_turn())."""
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "current", "steps": steps})
    assert str(caught.value) == f"steps[{len(steps) - 1}]: {said}"


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


@pytest.mark.parametrize("edition", EDITIONS)
def test_513_1_a_declined_ki_flip_does_not_retrigger_in_the_same_end_step(edition: str) -> None:
    """The ability triggers once, "at the beginning of the end step": after declining, the card
    does not flip later in that turn, even with the counters still there. It may next turn."""
    game = Game(edition)
    bandit = with_ki(game, "Cunning Bandit", 2)
    game.end_step(decline=[bandit])
    game.add_counters(bandit, "ki", 1)
    assert not bandit.flipped
    game.next_turn()  # cleanup, Bob's turn
    assert not bandit.flipped
    game.end_step()  # Bob's end step: it triggers again
    assert bandit.flipped


def test_513_a_turn_has_one_end_step_its_triggers_do_not_trigger_twice(game: Game) -> None:
    """513.1 (2004: 313.1): the end step begins once per turn, and its "at the beginning of
    the end step" abilities trigger once. Alice declines Faithful Squire's flip (it says
    "may"); asking for the end step again in the same turn must not give her a second
    chance: either it is refused, or nothing triggers."""
    squire = with_ki(game, "Faithful Squire", 2)
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


def test_514_2_a_stolen_hasty_akki_lavarunner_flips_and_goes_home_flipped_then_untaps(
        game: Game) -> None:
    """Azamuki takes Bob's Akki Lavarunner until end of turn. It has haste, so it may attack
    at once (302.6); its damage to Bob, now an opponent of its controller, flips it. In the
    cleanup step control returns to Bob: it stays flipped (flipping is not undone, 508.4),
    and in Bob's untap step it untaps (502.3)."""
    akki = game.put("Akki Lavarunner", owner="Bob")
    azamuki = with_ki(game, "Cunning Bandit", 1, flipped=True)
    game.activate(azamuki, target=akki)
    game.attack([akki])
    game.combat_damage()
    assert akki.name == "Tok-Tok, Volcano Born" and akki.tapped
    assert game.life("Bob") == 19
    game.next_turn()
    assert (akki.controller, akki.name, akki.tapped) == ("Bob", "Tok-Tok, Volcano Born", False)


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
    azamuki = with_ki(game, "Cunning Bandit", 1, flipped=True)
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


def test_514_2_damage_wears_off_as_the_pump_ends_a_damaged_pumped_creature_lives(
        game: Game) -> None:
    """514.2 (2004: 314.2): in the cleanup step, damage is removed and "until end of turn"
    effects end at the same time. Grizzly Bears pumped by Ichiga to 4/4 with 3 damage does
    not die when the pump ends: the damage goes at the same moment. Next turn it is a
    2/2 with no damage."""
    ichiga = with_ki(game, "Budoka Pupil", 1, flipped=True)
    bears = game.put("Grizzly Bears")
    game.activate(ichiga, target=bears)
    game.damage(bears, 3)
    assert bears.zone == "battlefield"
    game.next_turn()
    assert bears.zone == "battlefield"
    assert (bears.power, bears.toughness, bears.damage) == (2, 2, 0)


def test_514_2_kaisos_shield_lasts_only_this_turn(game: Game) -> None:
    """Kaiso: "Prevent all damage that would be dealt to target creature this turn." The
    shield protects the creature in this turn only; on the next turn 2 damage kills the
    2/2."""
    kaiso = with_ki(game, "Faithful Squire", 1, flipped=True)
    bears = game.put("Grizzly Bears")
    source = game.put("Shock", "graveyard", owner="Bob")
    game.activate(kaiso, target=bears)
    game.deal_damage(source, bears, 2)
    assert bears.damage == 0 and bears.zone == "battlefield"
    game.next_turn()
    game.deal_damage(source, bears, 2)
    assert bears.zone == "graveyard"


def test_514_2_scarmakers_fear_ends_in_cleanup(game: Game) -> None:
    """Scarmaker: "Target creature gains fear until end of turn." The fear ends in the
    cleanup step (514.2): on Alice's next turn her Grizzly Bears attacks without fear and
    Bob's green Runeclaw Bear may block it."""
    scarmaker = with_ki(game, "Hired Muscle", 1, flipped=True)
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


def test_514_2_until_end_of_turn_effects_end_in_the_cleanup_step(game: Game) -> None:
    bears = game.put("Grizzly Bears")
    game.add_effect("modify_pt", bears, power=3, toughness=3, until_end_of_turn=True)
    lasting = game.add_effect("modify_pt", bears, power=1, toughness=1)
    assert (bears.power, bears.toughness) == (6, 6)
    game.next_turn()
    assert (bears.power, bears.toughness) == (3, 3)
    assert game.effects == (lasting,)


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


@pytest.mark.parametrize("how", ["resolve_stack", "resolve"])
def test_2004_300_3_the_upkeep_ends_as_its_last_ability_resolves_not_at_the_next_action(
        how: str) -> None:
    """Stabwhisker's upkeep trigger resolved, and the upkeep went on until the next action:
    mana Alice then added for her main phase emptied at once as the upkeep ended (mana burn in
    2004), and the creature she cast with it was refused for "no mana"."""
    game = Game("2004", costs="paid")
    game.put("Nezumi Shortfang", flipped=True, owner="Bob")
    kami = game.put("Kami of Ancient Law", zone="hand")
    with game.holding_priority():
        game.next_turn()
        game.next_turn()
    assert game.step == "upkeep" and len(game.stack) == 1
    getattr(game, how)()
    assert game.step == "main"
    game.add_mana("Alice", "{W}{W}")
    game.cast(kami)
    assert kami.zone == "battlefield"
    assert game.life("Alice") == 18           # Stabwhisker's 2, and no mana burn


def test_2004_300_3_mana_left_in_the_end_of_turn_step_burns_as_the_end_phase_ends() -> None:
    """The end of turn step and the cleanup step are one phase (2004 CR 300.3): mana added in
    the end of turn step burns as the phase ends, after the cleanup's discard, not before it.
    Burnt to 0 life then, the player loses before the next turn begins."""
    game = Game("2004")
    for _ in range(8):
        game.put("Forest", zone="hand")
    game.end_step()
    game.add_mana("Alice", "{R}")
    game.next_turn()
    burn = line_index(game, "Mana burn: Alice loses 1 life")
    assert line_index(game, "Alice has 8 cards in hand and discards down to 7") < burn
    assert game.life("Alice") == 19
    game = Game("2004")
    game.lose_life("Alice", 19)
    game.end_step()
    game.add_mana("Alice", "{R}")
    game.next_turn()
    assert game.over and game.winner == "Bob" and game.turn == 1


def test_500_4_today_mana_empties_as_the_end_step_ends() -> None:
    game = Game("current")
    game.end_step()
    game.add_mana("Alice", "{R}")
    game.next_turn()
    assert game.life("Alice") == 20 and game.mana_pool("Alice") == {}


def test_504_1_a_turn_played_with_its_draw_step_draws_after_the_upkeep_abilities(
        game: Game) -> None:
    """``next_turn(draw_step=True)``: Stabwhisker's upkeep trigger counts Bob's empty hand
    first (he loses 3), then Bob draws the top card of his library in his draw step (504.1),
    and the main phase begins."""
    game.put("Nezumi Shortfang", flipped=True)
    game.put("Island", "library", owner="Bob")
    game.put("Grizzly Bears", "library", owner="Bob")        # put last: the top card
    game.next_turn(draw_step=True)
    assert [card.name for card in game.objects("hand", "Bob")] == ["Grizzly Bears"]
    assert [card.name for card in game.objects("library", "Bob")] == ["Island"]
    assert game.life("Bob") == 17
    assert game.step == "main"
    assert line_index(game, "Bob loses 3 life") < line_index(game, "Bob's draw step begins") \
        < line_index(game, "Bob draws 1 card")


def test_504_a_turn_without_its_draw_step_goes_from_the_upkeep_to_the_main_phase(
        game: Game) -> None:
    game.put("Grizzly Bears", "library", owner="Bob")
    game.next_turn()
    assert game.objects("hand", "Bob") == [] and game.step == "main"
    assert not any("draw step" in line for line in game.log)


def test_504_the_draw_step_waits_for_the_upkeep_ability_that_waits_on_the_stack(
        game: Game) -> None:
    """The upkeep ends only with an empty stack (500.2): while Stabwhisker's trigger waits,
    Bob has drawn nothing; once it resolves he loses 3 and draws."""
    game.put("Nezumi Shortfang", flipped=True)
    game.put("Grizzly Bears", "library", owner="Bob")
    with game.holding_priority():
        game.next_turn(draw_step=True)
    assert game.step == "upkeep" and len(game.stack) == 1
    assert game.objects("hand", "Bob") == []
    game.resolve_stack()
    assert game.life("Bob") == 17 and len(game.objects("hand", "Bob")) == 1
    assert game.step == "main"


def test_704_5b_a_player_with_no_library_loses_in_the_draw_step(game: Game) -> None:
    game.next_turn(draw_step=True)
    assert game.over and game.winner == "Alice"
    assert game.lost == {"Bob": "drew from an empty library"}


@pytest.mark.parametrize("edition", EDITIONS)
def test_500_4_mana_of_the_upkeep_empties_before_the_draw_step_but_in_2004_after_it(
        edition: str) -> None:
    """Today mana empties as each step ends (500.4): Bob's {R} added in his upkeep is gone
    before he draws, without loss of life. In 2004 it empties as the beginning phase ends
    (2004 CR 300.3), after the draw step, and burns him for 1."""
    game = Game(edition)
    game.put("Nezumi Shortfang", flipped=True)
    fill_hand(game, "Bob", 3)                       # Stabwhisker takes nothing
    game.put("Grizzly Bears", "library", owner="Bob")
    with game.holding_priority():
        game.next_turn(draw_step=True)
        game.add_mana("Bob", "{R}")
    game.resolve_stack()
    assert game.step == "main" and game.mana_pool("Bob") == {}
    if edition == "2004":
        assert game.life("Bob") == 19
        assert line_index(game, "Bob draws 1 card") < line_index(game, "Mana burn: Bob")
    else:
        assert game.life("Bob") == 20


def test_504_a_next_turn_step_plays_the_draw_step_when_asked_and_nothing_else_is_true() -> None:
    steps: list[dict[str, Any]] = [{"put": "Grizzly Bears", "zone": "library", "owner": "Bob",
                                    "as": "bears"},
                                   {"next_turn": True, "draw_step": True},
                                   {"expect": {"bears": {"zone": "hand"}}}]
    assert run_scenario({"rules": "2004", "steps": steps})["failures"] == []
    steps[1]["draw_step"] = "yes"
    with pytest.raises(ScenarioError, match=r"^steps\[1\]\.draw_step: "):
        run_scenario({"rules": "2004", "steps": steps})


@pytest.mark.parametrize("then", ["next_turn", "attack"])
def test_504_1_moving_on_from_an_upkeep_held_with_nothing_on_the_stack_draws_first(
        game: Game, then: str) -> None:
    """Bob held priority in his upkeep with nothing on the stack; passing the turn, or
    attacking, means every player passed: the upkeep ends, and the draw step's card is drawn
    before the turn goes on."""
    game.put("Grizzly Bears", "library", owner="Bob")
    bears = game.put("Grizzly Bears", owner="Bob")
    with game.holding_priority():
        game.next_turn(draw_step=True)
    assert game.step == "upkeep" and game.objects("library", "Bob") != []
    if then == "attack":
        game.attack([bears])
        assert line_index(game, "Bob draws 1 card") < line_index(game, "Bob attacks Alice")
    else:
        game.next_turn()
        assert line_index(game, "Bob draws 1 card") < line_index(game, "of Bob's turn 2 begins")
    assert game.objects("library", "Bob") == []


@pytest.mark.parametrize("how", ["resolve", "resolve_stack"])
def test_500_2_every_player_passing_with_the_stack_empty_ends_a_held_upkeep(how: str) -> None:
    """Alice held priority through her upkeep's trigger; once it has resolved, every player
    passing with nothing on the stack ends the upkeep (500.2): the main phase begins, and the
    creature refused there ("it is still Alice's upkeep") can be cast."""
    game = Game("current", costs="paid")
    game.put("Nezumi Shortfang", flipped=True, owner="Bob")
    with game.holding_priority():
        game.next_turn()
        game.next_turn()
        game.resolve()
        assert game.step == "upkeep" and game.stack == ()
        game.add_mana("Alice", "{G}{G}")
        with pytest.raises(IllegalActionError, match="still Alice's upkeep, as priority was "
                           "held: resolve with the stack empty"):
            game.cast("Grizzly Bears")
    getattr(game, how)()
    assert game.step == "main"
    assert game.log[-1] == "The stack is empty; nothing resolves, and the upkeep ends."
    game.add_mana("Alice", "{G}{G}")      # the upkeep's mana emptied as it ended (500.4)
    assert game.cast("Grizzly Bears").zone == "battlefield"


def test_504_every_player_passing_in_a_held_draw_step_begins_the_main_phase(
        game: Game) -> None:
    """A held upkeep with its draw step to come: the first pass with the stack empty plays
    the draw step (the card is drawn), the second ends it."""
    game.put("Grizzly Bears", "library", owner="Bob")
    with game.holding_priority():
        game.next_turn(draw_step=True)
        assert game.step == "upkeep"
        game.resolve()
        assert game.step == "draw" and game.objects("library", "Bob") == []
        game.resolve()
    assert game.step == "main"
    assert game.log[-1] == "The stack is empty; nothing resolves, and the draw step ends."
