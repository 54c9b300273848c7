"""Jushi Apprentice // Tomoya the Revealer: it draws a card and flips if its controller then has
nine or more cards in hand; Tomoya makes a player draw as many cards as its controller holds.

Each test is one situation of this card, named after the half it is about: its flip
condition at the boundary (one short, and exactly enough), what each half's abilities do,
and how the card meets the rest of the rules.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from helpers import fill, fill_hand, fill_library, flipped, flips

from flipcards import Game, IllegalActionError, ScenarioError, run_scenario


def test_jushi_apprentice_ability_still_draws_if_it_leaves_but_it_does_not_flip(game: Game) -> None:
    """113.7a: an activated ability on the stack exists independently of its source. Jushi
    Apprentice with eight cards in hand activates; in response it is exiled. The ability
    still draws the ninth card, but the card that flips would be a new object (400.7): it
    does not flip, and it comes back as Jushi Apprentice."""
    jushi = game.put("Jushi Apprentice")
    fill(game, "Island", "hand", 8)
    game.put("Shock", "library")
    with game.holding_priority():
        game.activate(jushi)
        game.move(jushi, "exile")
    game.resolve_stack()
    assert len(game.objects("hand", "Alice")) == 9
    assert jushi.zone == "exile" and flips(game) == []
    game.move(jushi, "battlefield")
    assert jushi.name == "Jushi Apprentice"


def test_jushi_apprentice_counts_its_controllers_hand_exactly_nine(game: Game) -> None:
    """Jushi Apprentice: "If you have nine or more cards in hand": its controller's hand,
    after the draw. Bob's Jushi with eight cards draws the ninth and flips; Alice's many
    cards do not matter."""
    fill(game, "Island", "hand", 12)
    jushi = game.put("Jushi Apprentice", owner="Bob")
    fill(game, "Island", "hand", 8, owner="Bob")
    game.put("Shock", "library", owner="Bob")
    game.activate(jushi)
    assert len(game.objects("hand", "Bob")) == 9 and jushi.flipped


def test_jushi_apprentice_one_card_in_hand_is_said_in_the_singular(game: Game) -> None:
    """The log counts the hand as a player reads it: "1 card", not "1 cards"."""
    jushi = game.put("Jushi Apprentice")
    fill_library(game, "Alice", 1)
    game.activate(jushi)
    assert game.log[-1] == "Alice has 1 card in hand; nine are needed to flip."


def test_jushi_apprentice_draws_and_taps(game: Game) -> None:
    """Jushi Apprentice: "{2}{U}, {T}: Draw a card." -- it taps, and cannot be used again
    while tapped."""
    jushi = game.put("Jushi Apprentice")
    fill_library(game, "Alice", 3)
    game.activate(jushi)
    assert jushi.tapped
    assert len(game.objects("hand", "Alice")) == 1
    with pytest.raises(IllegalActionError):
        game.activate(jushi)
    assert len(game.objects("hand", "Alice")) == 1


def test_jushi_apprentice_eight_cards_after_drawing_is_one_short(game: Game) -> None:
    jushi = game.put("Jushi Apprentice")
    for _ in range(7):
        game.put("Island", "hand")
    game.put("Shock", "library")
    game.activate(jushi)
    assert len(game.objects("hand", "Alice")) == 8 and not jushi.flipped
    assert "nine are needed" in game.log[-1]


def test_jushi_apprentice_needs_to_be_untapped(game: Game) -> None:
    jushi = game.put("Jushi Apprentice")
    game.tap(jushi)
    with pytest.raises(IllegalActionError, match="tapped"):
        game.activate(jushi)


def test_jushi_apprentice_summoning_sick_cannot_tap(game: Game) -> None:
    """Jushi Apprentice: "{T}" in the cost -- a creature that arrived this turn cannot pay
    it."""
    fill_library(game, "Alice", 3)
    jushi = game.cast("Jushi Apprentice")
    with pytest.raises(IllegalActionError):
        game.activate(jushi)
    assert not jushi.tapped


def test_jushi_apprentice_with_an_empty_library_draws_nothing_and_does_not_flip(game: Game) -> None:
    """Jushi Apprentice with eight cards in hand and no library: the draw does nothing
    (121.3), so Alice still has eight cards, fewer than nine: no flip."""
    jushi = game.put("Jushi Apprentice")
    fill(game, "Island", "hand", 8)
    game.activate(jushi)
    assert len(game.objects("hand", "Alice")) == 8 and not jushi.flipped


def test_jushi_apprentice_you_is_controller(game: Game) -> None:
    """Jushi Apprentice: "Draw a card." -- its controller (Bob) draws, not its owner."""
    jushi = game.put("Jushi Apprentice", controller="Bob")
    fill_library(game, "Bob", 2)
    fill_library(game, "Alice", 2)
    game.activate(jushi)
    assert len(game.objects("hand", "Bob")) == 1
    assert len(game.objects("hand", "Alice")) == 0


def test_tomoya_counts_hand_on_resolution(game: Game) -> None:
    """Tomoya: "... draws as many cards as you have in your hand." -- counted as the ability
    resolves, not when it was activated."""
    tomoya = game.put("Jushi Apprentice", flipped=True)
    fill_hand(game, "Alice", 2)
    fill_library(game, "Alice", 2)
    fill_library(game, "Bob", 10)
    with game.holding_priority():
        game.activate(tomoya, target="Bob")
        game.draw("Alice", 2)
    game.resolve_stack()
    assert len(game.objects("hand", "Bob")) == 4


def test_tomoya_counts_the_hand_of_its_controller_not_the_targets(game: Game) -> None:
    tomoya = game.put("Jushi Apprentice", flipped=True)
    fill(game, "Island", "hand", 3)
    fill(game, "Island", "hand", 5, owner="Bob")
    fill(game, "Shock", "library", 10, owner="Bob")
    game.activate(tomoya, target="Bob")
    assert len(game.objects("hand", "Bob")) == 8


def test_tomoya_makes_a_player_draw_one_card_per_card_in_your_hand(game: Game) -> None:
    tomoya = flipped(game, "Jushi Apprentice")
    for _ in range(2):
        game.put("Island", "hand")
    for _ in range(3):
        game.put("Shock", "library", owner="Bob")
    game.activate(tomoya, target="Bob")
    assert len(game.objects("hand", "Bob")) == 2 and tomoya.tapped


def test_tomoya_target_player_draws_your_hand_size(game: Game) -> None:
    """Tomoya: "{3}{U}{U}, {T}: A target player draws as many cards as you have in your
    hand." """
    tomoya = game.put("Jushi Apprentice", flipped=True)
    fill_hand(game, "Alice", 3)
    fill_library(game, "Bob", 10)
    game.activate(tomoya, target="Bob")
    assert len(game.objects("hand", "Bob")) == 3
    assert len(game.objects("hand", "Alice")) == 3


def test_tomoya_target_yourself(game: Game) -> None:
    """Tomoya: "A target player draws as many cards as you have in your hand." -- Alice may
    target herself: she draws as many as she holds."""
    tomoya = game.put("Jushi Apprentice", flipped=True)
    fill_hand(game, "Alice", 2)
    fill_library(game, "Alice", 5)
    game.activate(tomoya, target="Alice")
    assert len(game.objects("hand", "Alice")) == 4


def test_tomoya_targeting_its_controller_counts_the_hand_once(game: Game) -> None:
    """Tomoya: X is the number of cards in your hand as the ability resolves, counted once
    (608.2h); the cards drawn do not raise X while drawing. With three cards Alice targets
    herself and draws three: six cards."""
    tomoya = game.put("Jushi Apprentice", flipped=True)
    fill(game, "Island", "hand", 3)
    fill(game, "Shock", "library", 10)
    game.activate(tomoya, target="Alice")
    assert len(game.objects("hand", "Alice")) == 6


def test_tomoya_you_means_controller(game: Game) -> None:
    """Tomoya: "... as many cards as you have in your hand." -- "you" is its controller (Bob
    controls Alice's Tomoya)."""
    tomoya = game.put("Jushi Apprentice", flipped=True, owner="Alice", controller="Bob")
    fill_hand(game, "Alice", 5)
    fill_hand(game, "Bob", 1)
    fill_library(game, "Alice", 10)
    game.activate(tomoya, target="Alice")
    assert len(game.objects("hand", "Alice")) == 6


def test_jushi_apprentice_a_scenario_expects_how_many_cards_each_zone_holds() -> None:
    """A judge's "do I have nine cards?" as an expectation: each player's ``hand``,
    ``library``, ``graveyard`` and ``exile`` are counts of cards in the output and in an
    ``expect``. Jushi with eight cards in hand draws the ninth and flips."""
    steps: list[dict[str, Any]] = [{"put": "Jushi Apprentice", "as": "jushi"}]
    steps += [{"put": "Island", "zone": "hand"} for _ in range(8)]
    steps += [{"put": "Island", "zone": "library"}, {"put": "Shock", "zone": "graveyard"},
              {"activate": "jushi"},
              {"expect": {"jushi": {"flipped": True},
                          "players": {"Alice": {"hand": 9, "library": 0, "graveyard": 1,
                                                "exile": 0},
                                      "Bob": {"hand": 0}}}},
              {"expect": {"players": {"Alice": {"hand": 8}}}}]
    out = run_scenario({"rules": "current", "steps": steps})
    assert out["failures"] == [f"steps[{len(steps) - 1}].expect: players.Alice.hand is 9, "
                               "expected 8"]
    assert out["players"]["Alice"] | {"mana_pool": {}} == {
        "life": 20, "mana_pool": {}, "lost": None, "hand": 9, "library": 0, "graveyard": 1,
        "exile": 0}
    for wrong, why in [(-1, "expected a number of cards (0 or more), got -1"),
                       ("9", 'expected a whole number, got "9"')]:
        with pytest.raises(ScenarioError, match=re.escape(
                f"steps[1].expect.players.Alice.hand: {why}")):
            run_scenario({"rules": "current", "steps": [
                {"put": "Island", "zone": "hand"},
                {"expect": {"players": {"Alice": {"hand": wrong}}}}]})
    with pytest.raises(ScenarioError, match='a player\'s fields are: "life", "mana_pool", '
                                            '"lost", "hand", "library", "graveyard", "exile"'):
        run_scenario({"rules": "current", "steps": [
            {"expect": {"players": {"Alice": {"cards_in_hand": 0}}}}]})
