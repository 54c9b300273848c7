"""Initiate of Blood // Goka the Unjust: it deals 1 damage to a creature dealt damage this turn and
flips when that creature dies this turn; Goka deals 4.

Each test is one situation of this card, named after the half it is about: its flip
condition at the boundary (one short, and exactly enough), what each half's abilities do,
and how the card meets the rest of the rules.
"""

from __future__ import annotations

import pytest
from helpers import flipped, flips

from flipcards import (
    EDITIONS,
    Game,
    GameObject,
    IllegalActionError,
    ScenarioError,
    card,
    run_scenario,
)


def test_goka_a_creature_dealt_damage_last_turn_is_not_a_legal_target(game: Game) -> None:
    """Goka the Unjust: "target creature that was dealt damage this turn": the damage of the
    last turn, worn off in the cleanup step, does not count."""
    goka = game.put("Initiate of Blood", flipped=True)
    bears = game.put("Kami of Ancient Law", owner="Bob")
    game.deal_damage(game.put("Shock", "graveyard"), bears, 1)
    game.next_turn()
    game.next_turn()
    with pytest.raises(IllegalActionError, match="not dealt damage this turn"):
        game.activate(goka, target=bears)


def test_goka_damage_memory_ends_with_turn(game: Game) -> None:
    """Goka: "... already been dealt damage this turn." -- damage from a previous turn does
    not count."""
    goka = game.put("Initiate of Blood", flipped=True)
    big = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", big, power=0, toughness=8)
    game.deal_damage(game.put("Runeclaw Bear"), big, 1)
    game.next_turn()
    with pytest.raises(IllegalActionError):
        game.activate(goka, target=big)
    assert big.damage == 0


def test_goka_deals_four(game: Game) -> None:
    """Goka the Unjust: "{T}: Deal 4 damage to a target creature that has already been dealt
    damage this turn." """
    goka = game.put("Initiate of Blood", flipped=True)
    big = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", big, power=0, toughness=8)
    game.deal_damage(game.put("Runeclaw Bear"), big, 1)
    game.activate(goka, target=big)
    assert big.damage == 5


def test_goka_deals_four_to_a_creature_dealt_damage_this_turn(game: Game) -> None:
    goka = flipped(game, "Initiate of Blood")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", bears, power=0, toughness=3)     # a 2/5
    with pytest.raises(IllegalActionError, match="not dealt damage"):
        game.activate(goka, target=bears)
    game.deal_damage(game.put("Shock", "graveyard"), bears, 1)
    game.activate(goka, target=bears)
    assert bears.zone == "graveyard" and goka.tapped


def test_goka_has_a_tap_cost_and_summoning_sickness_applies(game: Game) -> None:
    goka = game.put("Initiate of Blood", flipped=True)
    bears = game.put("Kami of Ancient Law", owner="Bob")
    game.damage(bears, 1)
    game.activate(goka, target=bears)
    assert goka.tapped and bears.zone == "graveyard"


def test_initiate_of_blood_and_bushi_tenderfoot_both_flip_from_one_death(game: Game) -> None:
    """Tenderfoot damages Bob's 2/2; Initiate of Blood then targets it (it was dealt damage
    this turn) and finishes it. Both Tenderfoot's trigger and Initiate's delayed trigger see
    the same death: both flip."""
    tenderfoot = game.put("Bushi Tenderfoot")
    initiate = game.put("Initiate of Blood")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(tenderfoot, bears, 1)
    game.activate(initiate, target=bears)
    assert bears.zone == "graveyard"
    assert tenderfoot.name == "Kenzo the Hardhearted"
    assert initiate.name == "Goka the Unjust"


def test_initiate_of_blood_creature_dies_next_turn_does_not_flip(game: Game) -> None:
    """Initiate of Blood: "when that creature dies this turn": a death next turn is too
    late."""
    initiate = game.put("Initiate of Blood")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", bears, power=0, toughness=2)
    game.deal_damage(game.put("Shock", "graveyard"), bears, 1)
    game.activate(initiate, target=bears)
    assert bears.damage == 2 and bears.zone == "battlefield"
    game.next_turn()
    game.damage(bears, 4)
    assert bears.zone == "graveyard"
    assert not initiate.flipped


def test_initiate_of_blood_creature_survives_is_one_short(game: Game) -> None:
    initiate = game.put("Initiate of Blood")
    wall = game.put("Kami of Ancient Law", owner="Bob")
    with pytest.raises(IllegalActionError, match="not dealt damage this turn"):
        game.activate(initiate, target=wall)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", bears, power=0, toughness=5)
    game.damage(bears, 1)
    game.activate(initiate, target=bears)       # 2 damage on a 2/7: it survives
    assert bears.zone == "battlefield" and not initiate.flipped
    game.next_turn()
    game.damage(bears, 7)                        # dies next turn: the delayed trigger is gone
    assert bears.zone == "graveyard" and not initiate.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_initiate_of_blood_flips_into_a_second_goka(edition: str) -> None:
    """The delayed trigger flips the Initiate while Alice already controls Goka: 2004, both
    Gokas go to the graveyard (420.5e); today Alice keeps the one she chooses (704.5j)."""
    game = Game(edition)
    goka = game.put("Initiate of Blood", flipped=True)
    initiate = game.put("Initiate of Blood")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.damage(bears, 1)
    game.activate(initiate, target=bears, keep=[goka])
    assert bears.zone == "graveyard" and flips(game) == ["Initiate of Blood"]
    assert initiate.zone == "graveyard"
    assert goka.zone == ("graveyard" if edition == "2004" else "battlefield")


def test_initiate_of_blood_flips_when_that_creature_dies_this_turn(game: Game) -> None:
    """Initiate of Blood: the creature it damaged this turn dies later this turn: it flips."""
    initiate = game.put("Initiate of Blood")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", bears, power=0, toughness=2)
    game.deal_damage(game.put("Shock", "graveyard"), bears, 1)
    game.activate(initiate, target=bears)
    assert bears.zone == "battlefield"
    game.damage(bears, 2)
    assert initiate.name == "Goka the Unjust"


def test_initiate_of_blood_its_prevented_damage_still_sets_up_the_flip(
        game: Game) -> None:
    """Initiate of Blood: "When that creature dies this turn, flip Initiate of Blood" is set
    up as the ability resolves, whether or not its 1 damage is dealt: Rune-Tail's Essence
    prevents it, the creature dies another way this turn, and the Initiate flips."""
    initiate = game.put("Initiate of Blood")
    game.put("Rune-Tail, Kitsune Ascendant", owner="Bob", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.damage(bears, 1)
    game.activate(initiate, target=bears)
    assert bears.damage == 1 and not initiate.flipped
    game.move(bears, "graveyard")
    assert initiate.name == "Goka the Unjust"
    # What the gallery and the playground say of the flip promises no more than this.
    condition = card("Initiate of Blood").flip_condition
    assert "targeted" in condition and "damaged" not in condition


def test_initiate_of_blood_needs_damaged_target(game: Game) -> None:
    """Initiate of Blood: "{T}: Deal 1 damage to a target creature that has already been
    dealt damage this turn." -- an undamaged creature is not a legal target."""
    initiate = game.put("Initiate of Blood")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", bears, power=0, toughness=5)
    with pytest.raises(IllegalActionError):
        game.activate(initiate, target=bears)
    assert not initiate.tapped
    game.deal_damage(game.put("Runeclaw Bear"), bears, 1)
    game.activate(initiate, target=bears)
    assert bears.damage == 2
    assert initiate.tapped


@pytest.mark.parametrize(("target", "detail"), [
    ({}, "Initiate of Blood's ability needs a target creature on the battlefield: none was "
         "chosen (rule 601.2c; 2004: 409.1c)"),
    ({"target": "bears"}, "Grizzly Bears was not dealt damage this turn, so it is not a legal "
                          "target for Initiate of Blood's ability (rule 601.2c; 2004: 409.1c)"),
])
def test_initiate_of_blood_a_step_without_a_legal_target_is_refused_at_its_target(
        target: dict[str, str], detail: str) -> None:
    """The refusal of an activation without a legal target named the step only; it names
    its "target" field, given or missing (the playground marks that field)."""
    with pytest.raises(ScenarioError) as refused:
        run_scenario({"rules": "current", "steps": [
            {"put": "Initiate of Blood", "as": "initiate"},
            {"put": "Grizzly Bears", "owner": "Bob", "as": "bears"},
            {"activate": "initiate", **target}]})
    assert (refused.value.path, refused.value.detail) == ("steps[2].target", detail)


def test_initiate_of_blood_target_blinked_in_response_no_damage_no_delayed_trigger(
        game: Game) -> None:
    """608.2b: the target left and came back (a new object, 400.7, not dealt damage this
    turn): the ability does nothing — no damage, no delayed trigger. The new object dying
    later this turn does not flip the Initiate, which stays tapped."""
    initiate = game.put("Initiate of Blood")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.damage(bears, 1)
    with game.holding_priority():
        game.activate(initiate, target=bears)
        game.move(bears, "exile")
        game.move(bears, "battlefield")
    game.resolve_stack()
    assert bears.damage == 0 and initiate.tapped
    game.damage(bears, 2)
    assert bears.zone == "graveyard" and not initiate.flipped


def test_initiate_of_blood_target_exiled_later_this_turn_did_not_die(game: Game) -> None:
    """"When that creature dies this turn": exile is not dying; no flip."""
    initiate = game.put("Initiate of Blood")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", bears, power=0, toughness=2)
    game.damage(bears, 1)
    game.activate(initiate, target=bears)
    assert bears.damage == 2
    game.move(bears, "exile")
    assert not initiate.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_initiate_of_blood_flips_though_its_damage_was_prevented_and_never_says_it_dealt_it(
        edition: str) -> None:
    """The ability makes the delayed trigger whether or not its 1 damage is dealt: with
    Rune-Tail's Essence preventing it, the creature dying later this turn still flips the
    Initiate. The trigger names the creature as the ability's target, not as one it
    damaged."""
    game = Game(edition)
    initiate = game.put("Initiate of Blood")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(game.put("Akki Lavarunner"), bears, 1)
    game.put("Rune-Tail, Kitsune Ascendant", owner="Bob", flipped=True)
    game.activate(initiate, target=bears)
    assert bears.damage == 1
    game.move(bears, "graveyard")
    assert initiate.name == "Goka the Unjust"
    log = "\n".join(game.log)
    assert "prevented" in log
    assert "which it damaged" not in log
    assert "Grizzly Bears, the target of its ability this turn," in log


def _goka_aimed_at_wounded_bears(game: Game, *, flipped: bool = True
                                 ) -> tuple[GameObject, GameObject]:
    """Goka (or, not ``flipped``, the Initiate), and a 2/10 Grizzly Bears of Bob's dealt 1
    damage this turn, for its ability to target."""
    goka = game.put("Initiate of Blood", flipped=flipped)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", bears, power=0, toughness=8)
    game.damage(bears, 1)
    return goka, bears


def test_goka_returned_to_its_hand_in_response_still_deals_4_damage_as_goka(game: Game) -> None:
    """113.7a: the ability exists apart from its source, and the source that has left
    deals the damage as it last was on the battlefield: Goka the Unjust, not the Initiate of
    Blood card in the hand."""
    goka, bears = _goka_aimed_at_wounded_bears(game)
    with game.holding_priority():
        game.activate(goka, target=bears)
        game.move(goka, "hand")
    game.resolve_stack()
    assert bears.damage == 5
    assert "Goka the Unjust deals 4 damage to Grizzly Bears." in game.log
    assert not any("Initiate of Blood deals" in line for line in game.log)


@pytest.mark.parametrize("half", ["Goka the Unjust", "Initiate of Blood"])
def test_initiate_of_blood_either_half_that_became_blue_and_left_cannot_damage_protection_from_blue(
        game: Game, half: str) -> None:
    """113.7a, 608.2b, 702.16b: as its ability resolves, the target's legality is checked
    against the source as it last was: it had become blue, and the target has gained
    protection from blue, so the ability does nothing: no damage (and the Initiate's sets up
    no flip). The red card in the hand would not matter."""
    source, bears = _goka_aimed_at_wounded_bears(game, flipped=half == "Goka the Unjust")
    with game.holding_priority():
        game.activate(source, target=bears)
        game.add_effect("set_colors", source, colors=["U"])
        game.add_effect("add_keyword", bears, keyword="Protection from blue")
        game.move(source, "hand")
    game.resolve_stack()
    assert bears.damage == 1
    assert f"{half}'s ability does nothing: its target is no longer legal" in (
        "\n".join(game.log))


def test_goka_with_lifelink_that_left_still_gains_its_controller_life() -> None:
    """113.7a, 702.15b: Goka had lifelink until end of turn when it left; its damage, dealt
    as it last was, gains Alice 4 life (the card in the hand has no lifelink)."""
    game = Game("current")
    goka, bears = _goka_aimed_at_wounded_bears(game)
    with game.holding_priority():
        game.activate(goka, target=bears)
        game.add_effect("add_keyword", goka, keyword="Lifelink", until_end_of_turn=True)
        game.move(goka, "hand")
    game.resolve_stack()
    assert bears.damage == 5
    assert game.life("Alice") == 24


def test_goka_a_token_copy_that_left_and_ceased_to_exist_still_deals_its_damage(
        game: Game) -> None:
    """113.7a: a token copy of Goka is returned to the hand in response and ceases to exist
    (704.5d); its ability still resolves and deals 4 damage as the token last was."""
    bears = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", bears, power=0, toughness=8)
    game.damage(bears, 1)
    initiate = game.put("Initiate of Blood", "graveyard")
    token = game.copy(initiate)
    game.flip(token)
    game.add_effect("add_keyword", token, keyword="Haste")
    with game.holding_priority():
        game.activate(token, target=bears)
        game.move(token, "hand")
    game.resolve_stack()
    assert bears.damage == 5
    assert "Goka the Unjust deals 4 damage to Grizzly Bears." in game.log
