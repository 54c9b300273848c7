"""Rule 120 (damage): what can be dealt damage."""

from __future__ import annotations

import pytest

from flipcards import EDITIONS, Game, IllegalActionError


@pytest.mark.parametrize("edition", EDITIONS)
def test_120_1a_a_source_deals_no_damage_to_a_noncreature_permanent(edition: str) -> None:
    """Akki Lavarunner's damage to Rune-Tail's Essence (an enchantment) was marked on it, and
    the Essence died to it once animated later that turn; damage is dealt only to creatures
    (and players) here, so it is refused, saying why."""
    game = Game(edition)
    akki = game.put("Akki Lavarunner")
    essence = game.put("Rune-Tail, Kitsune Ascendant", flipped=True)
    with pytest.raises(IllegalActionError, match="Rune-Tail's Essence is not a creature"):
        game.deal_damage(akki, essence, 1)
    assert essence.damage == 0
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(akki, bears, 1)
    assert bears.damage == 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_120_1a_damage_marked_in_the_setup_only_on_a_creature(edition: str) -> None:
    """``damage`` (damage already dealt, from no source) marked 2 damage on a Forest, which
    then died to it once an effect made it a 1/1 creature. Damage is marked only on
    creatures here: refused, saying why, and the Forest has none."""
    game = Game(edition)
    forest = game.put("Forest")
    with pytest.raises(IllegalActionError, match="Forest is not a creature") as refused:
        game.damage(forest, 2)
    assert refused.value.argument == "obj"
    assert forest.damage == 0
