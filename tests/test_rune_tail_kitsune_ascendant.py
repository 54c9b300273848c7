"""Rune-Tail, Kitsune Ascendant // Rune-Tail's Essence: it flips when its controller has 30 or more
life (a state trigger); the Essence prevents all damage to its controller's creatures.

Each test is one situation of this card, named after the half it is about: its flip
condition at the boundary (one short, and exactly enough), what each half's abilities do,
and how the card meets the rest of the rules.
"""

from __future__ import annotations

import pytest
from helpers import bobs_shock, with_ki

from flipcards import EDITIONS, Game


def test_615_rune_tails_essence_controlled_by_another_player_protects_that_players(
        game: Game) -> None:
    game.put("Rune-Tail, Kitsune Ascendant", controller="Bob", flipped=True)
    mine = game.put("Grizzly Bears")
    theirs = game.put("Grizzly Bears", owner="Bob")
    shock = game.put("Shock", "graveyard")
    game.deal_damage(shock, theirs, 2)
    game.deal_damage(shock, mine, 2)
    assert theirs.zone == "battlefield" and mine.zone == "graveyard"


def test_rune_tail_29_life_is_one_short(game: Game) -> None:
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    game.gain_life("Alice", 9)
    assert not rune_tail.flipped
    game.gain_life("Bob", 20)                    # an opponent's life does not count
    assert not rune_tail.flipped
    game.gain_life("Alice", 1)
    assert rune_tail.flipped


def test_rune_tail_bobs_own_flips_current() -> None:
    """Today's legend rule is per controller (704.5j): Bob's Rune-Tail flips on Bob's 30 life,
    and Alice's, unflipped, is untouched."""
    game = Game("current")
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    bobs = game.put("Rune-Tail, Kitsune Ascendant", owner="Bob")
    game.gain_life("Bob", 10)
    assert not rune_tail.flipped
    assert bobs.flipped and bobs.zone == "battlefield"


def test_rune_tail_consumed_by_the_fire_penguin_has_no_flip_ability(game: Game) -> None:
    """Curse of the Fire Penguin makes the enchanted creature its lower half: a 6/5 Penguin
    with only trample and the return ability (layer 6 removes the rest). Rune-Tail under the
    Curse does not flip at 30 life; once the Curse is gone the state trigger, whose condition
    holds, triggers at once (603.8)."""
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    curse = game.put("Curse of the Fire Penguin", owner="Bob", attached_to=rune_tail)
    game.gain_life("Alice", 15)
    assert not rune_tail.flipped and (rune_tail.power, rune_tail.toughness) == (6, 5)
    game.move(curse, "graveyard")
    assert rune_tail.name == "Rune-Tail's Essence"


@pytest.mark.parametrize("edition", EDITIONS)
def test_rune_tail_counts_its_controllers_life(edition: str) -> None:
    """Rune-Tail: "When you have 30 or more life, flip Rune-Tail" — "you" is its controller.
    Alice owns it, Bob controls it: Alice reaching 30 does nothing, Bob reaching 30 flips it."""
    game = Game(edition)
    rune = game.put("Rune-Tail, Kitsune Ascendant", controller="Bob")
    game.gain_life("Alice", 10)
    assert rune.flipped is False
    game.gain_life("Bob", 10)
    assert rune.flipped is True
    assert rune.controller == "Bob"


def test_rune_tail_entering_when_its_controller_has_30_life_flips_at_once(game: Game) -> None:
    """603.8: "When you have 30 or more life" is a state trigger: it triggers whenever the
    state is true, also when Rune-Tail arrives with its controller already at 35 life."""
    game.gain_life("Alice", 15)
    rune_tail = game.cast("Rune-Tail, Kitsune Ascendant")
    assert rune_tail.name == "Rune-Tail's Essence"


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_rune_tail_essences_of_two_players(edition: str) -> None:
    """Bob's Rune-Tail's Essence and Alice's unflipped Rune-Tail have different names: both
    stay. When Alice reaches 30 life hers flips too: under the 2004 legend rule two
    Rune-Tail's Essences are in play and both go, whoever controls them; today the rule is
    per controller and both stay."""
    game = Game(edition)
    bobs = game.put("Rune-Tail, Kitsune Ascendant", owner="Bob", flipped=True)
    alices = game.put("Rune-Tail, Kitsune Ascendant")
    assert (bobs.zone, alices.zone) == ("battlefield", "battlefield")
    game.gain_life("Alice", 10)
    if edition == "2004":
        assert (bobs.zone, alices.zone) == ("graveyard", "graveyard")
    else:
        assert (bobs.zone, alices.zone) == ("battlefield", "battlefield")
        assert alices.name == bobs.name == "Rune-Tail's Essence"


@pytest.mark.parametrize("edition", EDITIONS)
def test_rune_tail_flickered_retriggers_as_new_object(edition: str) -> None:
    """400.7 / 508.4: a Rune-Tail that leaves and returns is a new object; the old ability
    cannot flip it, but the new object's state trigger sees 30 life and triggers anew (603.8:
    a state trigger triggers whenever the state is true and it is not already on the stack)."""
    game = Game(edition)
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    with game.holding_priority():
        game.gain_life("Alice", 10)
        game.move(rune_tail, "exile")
        game.move(rune_tail, "battlefield")
        assert len(game.stack) == 2  # the old object's, and the new object's on top
    game.resolve_stack()
    assert rune_tail.flipped
    assert sum("flips" in line for line in game.log) == 1
    assert "does nothing" in game.log[-1]


def test_rune_tail_flipped_by_an_instruction_while_its_trigger_waits_is_no_loop(
        game: Game) -> None:
    """Rune-Tail's state trigger waits on the stack; in response Rune-Tail is flipped by an
    instruction. The trigger resolves and its "flip" does nothing (508.4). Rune-Tail's
    Essence does not have the state trigger, so nothing triggers again: there is no loop,
    and the game is certainly not a draw (104.4b does not apply)."""
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    with game.holding_priority():
        game.gain_life("Alice", 10)
        assert len(game.stack) == 1
        game.flip(rune_tail)
    game.resolve_stack()
    assert rune_tail.name == "Rune-Tail's Essence"
    assert not any("104.4b" in line or "draw" in line.split() for line in game.log), \
        game.log[-2:]


@pytest.mark.parametrize("edition", EDITIONS)
def test_rune_tail_no_intervening_if_flips_after_life_drops(edition: str) -> None:
    """"When you have 30 or more life, flip Rune-Tail" has no intervening "if" (603.4 applies
    only to "if" right after the trigger condition): losing life in response does not stop it."""
    game = Game(edition)
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    with game.holding_priority():
        game.gain_life("Alice", 10)
    game.lose_life("Alice", 15)
    assert game.life("Alice") == 15
    assert rune_tail.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_rune_tail_opponent_life_does_not_count(edition: str) -> None:
    """"When *you* have 30 or more life": Bob's 30 life does not flip Alice's Rune-Tail, and
    Alice's 29 is not "30 or more"."""
    game = Game(edition)
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    with game.holding_priority():
        game.gain_life("Alice", 9)
        assert len(game.stack) == 0
        game.gain_life("Bob", 10)
        assert len(game.stack) == 0
    assert not rune_tail.flipped


def test_rune_tail_state_trigger_flips_even_if_life_drops_before_it_resolves(
        game: Game) -> None:
    """603.8: Rune-Tail's ability is a state trigger without an intervening "if": once it has
    triggered at 30 life, it flips Rune-Tail even if the life total is lower by then."""
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    with game.holding_priority():
        game.gain_life("Alice", 10)
        assert len(game.stack) == 1
        game.lose_life("Alice", 5)
    game.resolve_stack()
    assert rune_tail.name == "Rune-Tail's Essence"


@pytest.mark.parametrize("edition", EDITIONS)
def test_rune_tail_state_trigger_once_while_on_stack(edition: str) -> None:
    """603.8: a state-triggered ability "doesn't trigger again until the ability has resolved".
    Gaining more life while Rune-Tail's ability waits adds no second one."""
    game = Game(edition)
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    with game.holding_priority():
        game.gain_life("Alice", 10)
        assert [item.source for item in game.stack] == [rune_tail]
        game.gain_life("Alice", 5)
        game.lose_life("Alice", 1)
        game.gain_life("Alice", 1)
        assert len(game.stack) == 1
    game.resolve_stack()
    assert rune_tail.flipped


def test_rune_tail_stolen_by_a_player_with_30_life_flips_and_stays_flipped(game: Game) -> None:
    """"You" is Rune-Tail's controller. Bob has 20 life, Alice 30; when Alice takes Bob's
    Rune-Tail with Azamuki, the state trigger (hers) flips it at once. Control returns to Bob
    at cleanup, and flipping is permanent (508.4): Bob's creatures are now protected."""
    game.gain_life("Alice", 10)
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant", owner="Bob")
    assert not rune_tail.flipped
    azamuki = with_ki(game, "Cunning Bandit", 1, flipped=True)
    game.activate(azamuki, target=rune_tail)
    assert rune_tail.name == "Rune-Tail's Essence"
    game.next_turn()
    assert rune_tail.controller == "Bob" and rune_tail.flipped
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(bobs_shock(game, "Alice"), bears, 2)
    assert bears.zone == "battlefield"


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_rune_tail_token_copy_of_the_essence_flips_at_once(edition: str) -> None:
    """A token copy of Rune-Tail's Essence is an unflipped Rune-Tail (a new object with no
    flipped status). Its controller has 30 life, so its state trigger flips it at once. Two
    Rune-Tail's Essences under one player: 2004, both go (the token ceases to exist); today
    the player keeps one (by default the newest, the token)."""
    game = Game(edition)
    game.gain_life("Alice", 10)
    essence = game.put("Rune-Tail, Kitsune Ascendant", flipped=True)
    token = game.copy(essence)
    if edition == "2004":
        assert essence.zone == "graveyard" and token.zone is None
    else:
        assert token.name == "Rune-Tail's Essence" and token.zone == "battlefield"
        assert essence.zone == "graveyard"


def test_rune_tail_unflipped_prevents_nothing(game: Game) -> None:
    """Rune-Tail, Kitsune Ascendant: "No abilities other than the one that flips it." """
    game.put("Rune-Tail, Kitsune Ascendant")
    mine = game.put("Grizzly Bears")
    game.cast("Shock", player="Bob", target=mine)
    assert mine.zone == "graveyard"


def test_rune_tails_essence_animated_keeps_its_plus_counters(game: Game) -> None:
    """208.3 / counters stay across the flip: Rune-Tail with two +1/+1 counters flips into an
    Essence (no P/T). An effect that makes it a creature gives it no printed P/T (0/0), and
    its counters apply again: a 2/2 that survives."""
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    game.add_counters(rune_tail, "+1/+1", 2)
    game.flip(rune_tail)
    assert rune_tail.power is None and rune_tail.counters == {"+1/+1": 2}
    game.add_effect("add_types", rune_tail, types=["Creature"])
    assert (rune_tail.power, rune_tail.toughness) == (2, 2)
    assert rune_tail.zone == "battlefield"


def test_rune_tails_essence_on_the_defending_side_trample_still_assigns_lethal(
        game: Game) -> None:
    """702.19b: a trampler assigns lethal damage to its blocker without regard to prevention;
    Bob's Rune-Tail's Essence prevents the 2 assigned to his Bears, and the other 2 trample
    over to Bob."""
    ichiga = game.put("Budoka Pupil", flipped=True)
    game.put("Rune-Tail, Kitsune Ascendant", owner="Bob", flipped=True)
    blocker = game.put("Grizzly Bears", owner="Bob")
    game.attack([ichiga])
    game.block(blocker, ichiga)
    game.combat_damage()
    game.resolve_stack()
    assert game.life("Bob") == 18
    assert blocker.zone == "battlefield" and blocker.damage == 0


def test_rune_tails_essence_prevents_combat_damage_to_its_controllers_attacker(
        game: Game) -> None:
    """Rune-Tail's Essence prevents all damage to creatures its controller controls, combat
    damage included: Alice's attacking Bears survives the block and Bob's blocker dies."""
    game.put("Rune-Tail, Kitsune Ascendant", flipped=True)
    bears = game.put("Grizzly Bears")
    blocker = game.put("Runeclaw Bear", owner="Bob")
    game.attack([bears])
    game.block(blocker, bears)
    game.combat_damage()
    game.resolve_stack()
    assert bears.zone == "battlefield" and bears.damage == 0
    assert blocker.zone == "graveyard"


def test_rune_tails_essence_prevents_damage_only_to_its_controllers_creatures(
        game: Game) -> None:
    """Rune-Tail's Essence prevents damage to creatures its controller controls, not to
    the opponent's creatures and not to players."""
    game.put("Rune-Tail, Kitsune Ascendant", flipped=True)
    mine = game.put("Grizzly Bears")
    theirs = game.put("Grizzly Bears", owner="Bob")
    shock = game.put("Shock", "graveyard", owner="Bob")
    game.deal_damage(shock, mine, 2)
    game.deal_damage(shock, theirs, 2)
    game.deal_damage(shock, "Alice", 2)
    assert mine.zone == "battlefield" and mine.damage == 0
    assert theirs.zone == "graveyard"
    assert game.life("Alice") == 18


def test_rune_tails_essence_prevents_damage_to_your_creatures(game: Game) -> None:
    """Rune-Tail's Essence: "Damage that would be dealt to creatures you control is
    prevented." -- not Bob's creatures."""
    game.put("Rune-Tail, Kitsune Ascendant", flipped=True)
    mine = game.put("Grizzly Bears")
    theirs = game.put("Runeclaw Bear", owner="Bob")
    game.cast("Shock", player="Bob", target=mine)
    game.cast("Shock", target=theirs)
    assert mine.zone == "battlefield" and mine.damage == 0
    assert theirs.zone == "graveyard"


def test_rune_tails_essence_you_is_controller(game: Game) -> None:
    """Rune-Tail's Essence: "... creatures you control ..." -- under Bob's control it shields
    Bob's creatures, not Alice's."""
    game.put("Rune-Tail, Kitsune Ascendant", flipped=True, controller="Bob")
    alices = game.put("Grizzly Bears")
    bobs = game.put("Runeclaw Bear", owner="Bob")
    game.cast("Shock", target=bobs)
    game.cast("Shock", player="Bob", target=alices)
    assert bobs.zone == "battlefield"
    assert alices.zone == "graveyard"
