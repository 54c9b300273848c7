"""Sasaya, Orochi Ascendant // Sasaya's Essence: revealing a hand with seven or more land cards
flips it; the Essence adds mana for each other land of the same name.

Each test is one situation of this card, named after the half it is about: its flip
condition at the boundary (one short, and exactly enough), what each half's abilities do,
and how the card meets the rest of the rules.
"""

from __future__ import annotations

import pytest
from helpers import fill, flipped, with_ki

from flipcards import Game, IllegalActionError


def test_sasaya_exactly_seven_land_cards_and_only_land_cards_count(game: Game) -> None:
    sasaya = game.put("Sasaya, Orochi Ascendant")
    fill(game, "Forest", "hand", 6)
    fill(game, "Honor-Worn Shaku", "hand", 3)             # artifacts, not lands
    fill(game, "Forest", "hand", 4, owner="Bob")          # the opponent's hand
    game.activate(sasaya)
    assert not sasaya.flipped
    game.put("Okina, Temple to the Grandfathers", "hand")
    game.activate(sasaya)
    assert sasaya.name == "Sasaya's Essence"


def test_sasaya_lands_counted_on_resolution_discard_in_response(game: Game) -> None:
    """Revealing the hand is the cost; "if you have seven or more land cards in your hand" is
    checked when the ability resolves. Seven Forests when activated, one discarded in
    response: six, no flip."""
    sasaya = game.put("Sasaya, Orochi Ascendant")
    forests = [game.put("Forest", "hand") for _ in range(7)]
    with game.holding_priority():
        game.activate(sasaya)
        game.discard(forests[0])
    game.resolve_stack()
    assert not sasaya.flipped
    # The hand revealed held seven: the log says which hand was counted, and when.
    assert "Alice's hand holds 6 land cards as the ability resolves; seven are needed to " \
        "flip." in game.log


def test_sasaya_needs_no_tap_and_can_be_activated_again(game: Game) -> None:
    """Sasaya's cost is only revealing the hand: no {T}, so it may be activated repeatedly;
    after the seventh land arrives in hand the next activation flips it."""
    sasaya = game.put("Sasaya, Orochi Ascendant")
    for _ in range(6):
        game.put("Forest", "hand")
    game.activate(sasaya)
    game.activate(sasaya)
    assert not sasaya.flipped and not sasaya.tapped
    game.put("Island", "hand")
    game.activate(sasaya)
    assert sasaya.name == "Sasaya's Essence"


def test_sasaya_reveal_without_seven_lands(game: Game) -> None:
    """Sasaya, Orochi Ascendant: "Reveal your hand: check it for lands" -- fewer than seven
    lands, it stays unflipped."""
    sasaya = game.put("Sasaya, Orochi Ascendant")
    for _ in range(6):
        game.put("Forest", zone="hand")
    game.activate(sasaya)
    assert not sasaya.flipped
    assert len(game.objects("hand", "Alice")) == 6


def test_sasaya_six_lands_is_one_short(game: Game) -> None:
    sasaya = game.put("Sasaya, Orochi Ascendant")
    for _ in range(6):
        game.put("Forest", "hand")
    game.put("Shock", "hand")
    game.activate(sasaya)
    assert not sasaya.flipped


def test_sasaya_stolen_counts_its_new_controllers_hand(game: Game) -> None:
    """"Reveal your hand: if you have seven or more land cards in your hand": "you" is the
    player who activates it, its controller. Alice, who took Bob's Sasaya with Azamuki,
    reveals her seven lands and flips it; it goes back to Bob flipped."""
    sasaya = game.put("Sasaya, Orochi Ascendant", owner="Bob")
    for _ in range(7):
        game.put("Forest", "hand")
    azamuki = with_ki(game, "Cunning Bandit", 1, flipped=True)
    game.activate(azamuki, target=sasaya)
    game.activate(sasaya)
    assert sasaya.name == "Sasaya's Essence"
    game.next_turn()
    assert (sasaya.controller, sasaya.name) == ("Bob", "Sasaya's Essence")


def test_sasayas_essence_adds_mana_for_each_other_land_with_the_same_name(game: Game) -> None:
    flipped(game, "Sasaya, Orochi Ascendant")
    forests = [game.put("Forest") for _ in range(3)]
    game.tap_for_mana(forests[0])
    assert game.mana_pool("Alice") == {"G": 3}


def test_sasayas_essence_counts_tapped_lands_and_only_its_controllers_same_name(
        game: Game) -> None:
    """Sasaya's Essence: "for each other land you control with the same name". A tapped
    Forest is still controlled; Bob's Forests and Alice's Island are not counted. Tapping a
    Forest with two other Forests (one tapped) gives {G}{G}{G}; the Island gives only {U};
    Bob's Forest gives Bob nothing extra."""
    game.put("Sasaya, Orochi Ascendant", flipped=True)
    forests = [game.put("Forest") for _ in range(3)]
    island = game.put("Island")
    bobs = [game.put("Forest", owner="Bob") for _ in range(2)]
    game.tap(forests[1])
    game.tap_for_mana(forests[0])
    assert game.mana_pool("Alice") == {"G": 3}
    game.tap_for_mana(island)
    assert game.mana_pool("Alice") == {"G": 3, "U": 1}
    game.tap_for_mana(bobs[0])
    assert game.mana_pool("Bob") == {"G": 1}


def test_sasayas_essence_extra_mana(game: Game) -> None:
    """Sasaya's Essence: "Whenever a land you control is tapped for mana, you get one more
    mana of a type it made for each other land you control with the same name." """
    game.put("Sasaya, Orochi Ascendant", flipped=True)
    forest = game.put("Forest")
    game.put("Forest")
    game.put("Forest")
    game.put("Island")
    game.put("Forest", owner="Bob")
    game.tap_for_mana(forest)
    assert game.mana_pool("Alice").get("G", 0) == 3


def test_sasayas_essence_has_no_reveal_ability(game: Game) -> None:
    """The Essence has only its mana ability: the reveal ability belongs to the top half."""
    essence = game.put("Sasaya, Orochi Ascendant", flipped=True)
    with pytest.raises(IllegalActionError):
        game.activate(essence)


def test_sasayas_essence_only_your_lands(game: Game) -> None:
    """Sasaya's Essence: "Whenever a land you control ..." -- Bob's Forest gets no extra."""
    game.put("Sasaya, Orochi Ascendant", flipped=True)
    game.put("Forest")
    theirs = game.put("Forest", owner="Bob")
    game.tap_for_mana(theirs)
    assert game.mana_pool("Bob").get("G", 0) == 1


def test_sasayas_essence_adds_nothing_for_an_artifact_tapped_for_mana(game: Game) -> None:
    """"Whenever a land you control is tapped for mana": Honor-Worn Shaku, an artifact that
    taps for {C}, beside a second Shaku, gives {C} and no more."""
    game.put("Sasaya, Orochi Ascendant", flipped=True)
    shaku = game.put("Honor-Worn Shaku")
    game.put("Honor-Worn Shaku")
    game.tap_for_mana(shaku)
    assert game.mana_pool("Alice") == {"C": 1}
    assert not any("Essence" in line for line in game.log)


def test_sasayas_essence_counts_only_lands_of_that_name(game: Game) -> None:
    """"For each other land you control with the same name": a Forest an effect has made a
    creature and nothing else (no longer a land) is not counted."""
    game.put("Sasaya, Orochi Ascendant", flipped=True)
    forest = game.put("Forest")
    animated = game.put("Forest")
    game.put("Forest")
    game.add_effect("set_pt", animated, power=1, toughness=1)
    game.add_effect("set_types", animated, types=["Creature"])
    game.tap_for_mana(forest)
    assert game.mana_pool("Alice") == {"G": 2}
