"""Rule 121: drawing a card."""

from __future__ import annotations

from flipcards import Game


def test_121_1_drawing_no_card_is_said() -> None:
    """A draw of 0 cards (Tomoya's X with an empty hand, a scenario's count 0) did nothing
    without a word, where every other zero amount ("gains 0 life") is said."""
    game = Game("current")
    game.put("Grizzly Bears", "library")
    assert game.draw("Alice", 0) == []
    assert game.log[-1] == "Alice draws no card."
    assert len(game.objects("library", "Alice")) == 1
