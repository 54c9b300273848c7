"""The turn's structure: one end step a turn, steps that wait for an empty stack, the cleanup
step's discard to seven cards (514.1; 2004: 314.1) and what cleanup causes (514.3a)."""

from __future__ import annotations

import pytest

from flipcards import Game, IllegalActionError, run_scenario


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
    with pytest.raises(IllegalActionError, match="end step of turn 1 has already begun"):
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
