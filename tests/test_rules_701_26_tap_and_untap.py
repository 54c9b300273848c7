"""Rule 701.26 (tap and untap): to tap a permanent is to turn it sideways from upright; to
untap it, to turn it upright again. A permanent already so turned is not tapped again."""

from __future__ import annotations

import pytest

from flipcards import EDITIONS, Game


@pytest.mark.parametrize("edition", EDITIONS)
def test_701_26a_tapping_a_tapped_permanent_does_nothing_and_says_so(edition: str) -> None:
    """Tapping Kitsune Mystic twice logged "Alice taps Kitsune Mystic." twice, as if it had
    been untapped in between; the second time nothing happens, and the log says it."""
    game = Game(edition)
    mystic = game.put("Kitsune Mystic")
    game.tap(mystic)
    assert game.log[-1] == "Alice taps Kitsune Mystic."
    game.tap(mystic)
    assert mystic.tapped
    assert game.log[-1] == "Kitsune Mystic is already tapped: nothing happens."
    game.untap(mystic)
    assert game.log[-1] == "Alice untaps Kitsune Mystic."
    game.untap(mystic)
    assert not mystic.tapped
    assert game.log[-1] == "Kitsune Mystic is already untapped: nothing happens."
