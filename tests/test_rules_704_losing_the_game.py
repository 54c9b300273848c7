"""Rule 704.5a-b (2004: 420.5a-b): a player with 0 or less life, or who attempted to draw from
an empty library, loses the game; with one player left it is over (104.2a), and nothing more
can happen in it."""

from __future__ import annotations

from typing import Any

import pytest

from flipcards import EDITIONS, Game, IllegalActionError, ScenarioError, run_scenario


@pytest.mark.parametrize("rules", EDITIONS)
def test_704_5a_a_player_at_0_life_loses_and_the_other_wins(rules: str) -> None:
    game = Game(rules)
    game.lose_life("Bob", 17)
    assert not game.over
    game.deal_damage(game.put("Grizzly Bears"), "Bob", 3)
    assert game.lost == {"Bob": "0 or less life"}
    assert game.over and game.winner == "Alice"
    assert game.outcome == "Bob lost (0 or less life), and Alice won"
    rule = "rule 704.5a" if rules == "current" else "2004 CR 420.5a"
    # (2004 called them state-based effects.)
    sba = "State-based action" if rules == "current" else "State-based effect"
    assert game.log[-2:] == [f"{sba}: Bob has 0 life, so Bob loses the game ({rule}).",
                             "Alice wins the game."]


@pytest.mark.parametrize("rules", EDITIONS)
def test_704_5a_nothing_can_happen_after_the_game_is_over(rules: str) -> None:
    game = Game(rules)
    bears = game.put("Grizzly Bears")
    game.lose_life("Bob", 25)
    with pytest.raises(IllegalActionError, match="the game is over: Bob lost "
                                                  r"\(0 or less life\), and Alice won"):
        game.flip(bears)
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.next_turn()
    assert game.life("Bob") == -5          # looking is still allowed
    assert game.search("battlefield", "Alice") == [bears]


def test_704_5a_the_state_is_checked_only_when_a_player_would_receive_priority() -> None:
    """Life below 0 in the middle of a resolving ability does not end the game if it is above
    0 again when the ability has finished (704.3)."""
    game = Game("current")
    with game._one_action():
        game.lose_life("Bob", 20)
        game.gain_life("Bob", 5)
    game.tap(game.put("Forest"))
    assert not game.over and game.lost == {}


@pytest.mark.parametrize("rules", EDITIONS)
def test_704_5b_drawing_from_an_empty_library_after_tomoyas_ability_loses(rules: str) -> None:
    """Tomoya the Revealer makes Bob draw one card for each card in Alice's hand: with one in
    his library and three to draw, he attempts to draw from an empty library and loses."""
    out = run_scenario({"rules": rules, "steps": [
        {"put": "Jushi Apprentice", "flipped": True, "as": "tomoya"},
        *[{"put": "Grizzly Bears", "zone": "hand"} for _ in range(3)],
        {"put": "Forest", "zone": "library", "owner": "Bob"},
        {"activate": "tomoya", "target": "Bob"},
        {"expect": {"players": {"Bob": {"lost": "drew from an empty library"},
                                "Alice": {"lost": None}}}},
    ]})
    assert out["failures"] == []
    assert out["players"]["Bob"]["lost"] == "drew from an empty library"
    rule = "rule 704.5b" if rules == "current" else "2004 CR 420.5b"
    sba = "State-based action" if rules == "current" else "State-based effect"
    assert (f"{sba}: Bob attempted to draw a card from an empty library, so Bob "
            f"loses the game ({rule}).") in out["log"]
    assert out["log"][-1] == "Alice wins the game."
    assert out["over"] == "Bob lost (drew from an empty library), and Alice won"


def test_704_5b_drawing_exactly_the_last_card_does_not_lose() -> None:
    game = Game("current")
    game.put("Forest", zone="library", owner="Bob")
    game.draw("Bob")
    assert game.lost == {} and not game.over and game.outcome is None


def test_104_4a_both_players_losing_at_once_is_a_draw() -> None:
    game = Game("current")
    with game._one_action():
        game.lose_life("Alice", 20)
        game.lose_life("Bob", 20)
    game.put("Forest")                # state-based actions: both lose at once
    assert game.lost == {"Alice": "0 or less life", "Bob": "0 or less life"}
    assert game.over and game.winner is None
    assert game.log[-1] == "Every player has lost at once: the game is a draw."
    assert game.outcome == "Alice lost (0 or less life); Bob lost (0 or less life): a draw"


def test_704_5a_in_a_three_player_game_the_others_play_on() -> None:
    game = Game("current", players=["Alice", "Bob", "Carol"])
    game.lose_life("Carol", 20)
    assert game.lost == {"Carol": "0 or less life"} and not game.over
    assert game.outcome is None and run_scenario({"rules": "current", "players": [
        "Alice", "Bob", "Carol"], "steps": [{"lose_life": "Carol", "amount": 20}]})["over"] is None
    game.lose_life("Bob", 20)
    assert game.over and game.winner == "Alice"


def test_704_5a_a_step_after_the_end_is_refused_with_the_step_named() -> None:
    steps: list[dict[str, Any]] = [
        {"put": "Akki Lavarunner", "as": "akki"},
        {"lose_life": "Bob", "amount": 19},
        {"deal_damage": "akki", "to": "Bob", "amount": 1},
        {"expect": {"players": {"Bob": {"life": 0, "lost": "0 or less life"}}}},
        {"flip": "akki"},
    ]
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "current", "steps": steps})
    assert str(caught.value) == ("steps[4]: the game is over: Bob lost (0 or less life), and "
                                 "Alice won; nothing more can happen in it")
    out = run_scenario({"rules": "current", "steps": steps[:4]})
    assert out["failures"] == []
    # The game ended before Akki Lavarunner's ability could resolve: it never flips.
    assert out["objects"]["akki"]["flipped"] is False


def test_704_5a_combat_damage_that_ends_the_game_stops_before_the_regular_step() -> None:
    """Kenzo's first-strike damage brings Bob to 0: the regular step never happens."""
    game = Game("current")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)      # double strike, 3/4
    game.lose_life("Bob", 17)
    game.attack([kenzo])
    game.combat_damage()
    assert game.over and game.life("Bob") == 0
    assert not any("combat damage step of" in line and "first-strike" not in line
                   for line in game.log)
