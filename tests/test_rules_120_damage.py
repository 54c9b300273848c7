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


@pytest.mark.parametrize("edition", EDITIONS)
def test_120_3_the_log_says_whose_creature_deals_and_takes_damage_when_both_have_one(
        edition: str) -> None:
    """Alice's Grizzly Bears attacks and Bob blocks with his own: the block, each damage and
    each death say whose Grizzly Bears it is (they read "Grizzly Bears deals 2 damage to
    Grizzly Bears", and one "has lethal damage" line stood for both); a name only one player
    has stays bare."""
    game = Game(edition)
    mine = game.put("Grizzly Bears")
    his = game.put("Grizzly Bears", owner="Bob")
    game.put("Runeclaw Bear", owner="Bob")
    game.next_turn()
    game.next_turn()
    game.attack([mine])
    game.block(his, mine)
    game.combat_damage()
    if edition == "2004":
        game.resolve_stack()
    for line in ["Bob blocks Alice's Grizzly Bears with Grizzly Bears.",
                 "Alice's Grizzly Bears deals 2 damage to Bob's Grizzly Bears.",
                 "Bob's Grizzly Bears deals 2 damage to Alice's Grizzly Bears.",
                 "Alice's Grizzly Bears has lethal damage.",
                 "Bob's Grizzly Bears has lethal damage."]:
        assert any(said.endswith(line) for said in game.log), (line, game.log)
    game.cast("Shock", target=game.objects("battlefield", "Bob")[0])
    assert "Shock deals 2 damage to Runeclaw Bear." in game.log
