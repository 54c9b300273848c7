"""Nezumi Shortfang // Stabwhisker the Odious: it makes an opponent discard and flips once that
player's hand is empty; Stabwhisker makes each opponent lose life at their upkeep for each card
short of three.

Each test is one situation of this card, named after the half it is about: its flip
condition at the boundary (one short, and exactly enough), what each half's abilities do,
and how the card meets the rest of the rules.
"""

from __future__ import annotations

import pytest
from helpers import conceding_in_upkeep, fill, fill_hand, fill_library, flipped, flips

from flipcards import EDITIONS, Game, IllegalActionError


def test_nezumi_shortfang_ability_resolves_even_if_it_left(game: Game) -> None:
    """113.7a: the ability still makes Bob discard his last card after Shortfang has left
    the battlefield, but there is nothing left to flip."""
    shortfang = game.put("Nezumi Shortfang")
    card = game.put("Shock", "hand", owner="Bob")
    with game.holding_priority():
        game.activate(shortfang, target="Bob")
        game.move(shortfang, "graveyard")
    game.resolve_stack()
    assert card.zone == "graveyard" and game.objects("hand", "Bob") == []
    assert flips(game) == [] and shortfang.zone == "graveyard"


def test_nezumi_shortfang_cannot_target_its_controller(game: Game) -> None:
    rat = game.put("Nezumi Shortfang")
    with pytest.raises(IllegalActionError, match="opponent"):
        game.activate(rat, target="Alice")


def test_nezumi_shortfang_cannot_target_yourself(game: Game) -> None:
    """Nezumi Shortfang: "A target opponent ..." -- its controller is not an opponent."""
    fang = game.put("Nezumi Shortfang")
    fill_hand(game, "Alice", 2)
    with pytest.raises(IllegalActionError):
        game.activate(fang, target="Alice")
    assert len(game.objects("hand", "Alice")) == 2


@pytest.mark.parametrize("edition", EDITIONS)
def test_nezumi_shortfang_controlled_by_bob_targets_alice_and_flips(edition: str) -> None:
    """Nezumi Shortfang: "Target opponent discards a card. Then if that player has no cards in
    hand, flip Nezumi Shortfang." Bob controls Alice's Shortfang; Alice is the opponent."""
    game = Game(edition)
    game.next_turn()  # Bob's turn, so his sorcery-speed timing doesn't matter
    shortfang = game.put("Nezumi Shortfang", controller="Bob")
    card = game.put("Shock", zone="hand")
    game.activate(shortfang, target="Alice")
    game.resolve_stack()
    assert card.zone == "graveyard"
    assert shortfang.flipped is True
    assert shortfang.controller == "Bob"


def test_nezumi_shortfang_flips_when_the_hand_was_already_empty(game: Game) -> None:
    """Nezumi Shortfang: "then if that player has no cards in hand": an opponent with an
    empty hand discards nothing, and it flips."""
    shortfang = game.put("Nezumi Shortfang")
    game.activate(shortfang, target="Bob")
    assert shortfang.name == "Stabwhisker the Odious"


def test_nezumi_shortfang_one_card_left_is_one_short(game: Game) -> None:
    rat = game.put("Nezumi Shortfang")
    game.put("Shock", "hand", owner="Bob")
    game.put("Giant Growth", "hand", owner="Bob")
    game.activate(rat, target="Bob")
    assert not rat.flipped and len(game.objects("hand", "Bob")) == 1


def test_nezumi_shortfang_opponent_discards(game: Game) -> None:
    """Nezumi Shortfang: "{1}{B}, {T}: A target opponent discards a card." """
    fang = game.put("Nezumi Shortfang")
    fill_hand(game, "Bob", 2)
    game.activate(fang, target="Bob")
    assert len(game.objects("hand", "Bob")) == 1
    assert len(game.objects("graveyard", "Bob")) == 1
    assert fang.tapped


def test_nezumi_shortfang_the_last_card_discarded_flips_it(game: Game) -> None:
    rat = game.put("Nezumi Shortfang")
    game.put("Shock", "hand", owner="Bob")
    fill(game, "Island", "hand", 3)                       # Alice's hand does not matter
    game.activate(rat, target="Bob")
    assert rat.name == "Stabwhisker the Odious"


def test_stabwhisker_controlled_by_bob_hits_alice_at_her_upkeep(game: Game) -> None:
    game.put("Nezumi Shortfang", controller="Bob", owner="Bob", flipped=True)
    game.put("Island", "hand")
    game.next_turn()                                      # Bob's upkeep: nothing
    assert game.life("Alice") == 20 and game.life("Bob") == 20
    game.next_turn()                                      # Alice's upkeep
    assert game.life("Alice") == 18


def test_stabwhisker_counts_hand_on_resolution(game: Game) -> None:
    """Stabwhisker: "that player loses 1 life for each card their hand is short of three"
    -- counted as the ability resolves."""
    game.put("Nezumi Shortfang", flipped=True)
    fill_hand(game, "Bob", 3)
    fill_library(game, "Bob", 3)
    with game.holding_priority():
        game.next_turn()
        assert len(game.stack) == 1
        game.discard(game.objects("hand", "Bob")[0])
        game.discard(game.objects("hand", "Bob")[0])
    game.resolve_stack()
    assert game.life("Bob") == 18


def test_stabwhisker_counts_the_hand_as_its_ability_resolves(game: Game) -> None:
    """The number of cards is counted on resolution (608.2h). At Bob's upkeep the trigger
    waits; in response Bob draws two cards; he then loses only 1 life."""
    game.put("Nezumi Shortfang", flipped=True)
    fill(game, "Island", "library", 2, owner="Bob")
    with game.holding_priority():
        game.next_turn()
        assert len(game.stack) == 1
        game.draw("Bob", 2)
    game.resolve_stack()
    assert game.life("Bob") == 19


@pytest.mark.parametrize("edition", EDITIONS)
def test_stabwhisker_each_opponent(edition: str) -> None:
    """Stabwhisker: "At the start of each opponent's upkeep ..." -- with two opponents, both
    lose life on their own upkeeps."""
    game = Game(edition, players=("Alice", "Bob", "Carol"))
    game.put("Nezumi Shortfang", flipped=True)
    game.next_turn()
    assert game.life("Bob") == 17
    assert game.life("Carol") == 20
    game.next_turn()
    assert game.life("Carol") == 17


def test_stabwhisker_each_opponent_of_three_but_not_its_controller() -> None:
    """Stabwhisker the Odious: "At the beginning of each opponent's upkeep, that player
    loses 1 life for each card fewer than three in their hand." With three players, Bob and
    Carol (empty hands) each lose 3 at their own upkeep; Alice, its controller, never does."""
    game = Game("current", ["Alice", "Bob", "Carol"])
    game.put("Nezumi Shortfang", flipped=True)
    game.next_turn()
    assert [game.life(p) for p in game.players] == [20, 17, 20]
    game.next_turn()
    assert [game.life(p) for p in game.players] == [20, 17, 17]
    game.next_turn()
    assert [game.life(p) for p in game.players] == [20, 17, 17]


def test_stabwhisker_not_on_controllers_upkeep(game: Game) -> None:
    """Stabwhisker: "... each opponent's upkeep ..." -- not its controller's own."""
    game.put("Nezumi Shortfang", flipped=True)
    fill_hand(game, "Bob", 3)
    game.next_turn()  # Bob's upkeep: three cards, nothing lost
    assert game.life("Bob") == 20
    game.next_turn()  # Alice's upkeep, with an empty hand
    assert game.life("Alice") == 20


def test_stabwhisker_only_at_opponents_upkeep(game: Game) -> None:
    """Stabwhisker: each opponent's upkeep, that player loses 1 life per card fewer than three
    in hand; its controller's own upkeep costs nothing."""
    game.put("Nezumi Shortfang", flipped=True)
    game.put("Shock", "hand", owner="Bob")
    game.next_turn()          # Bob's upkeep: one card, loses 2
    assert game.life("Bob") == 18
    game.next_turn()          # Alice's upkeep: nothing
    assert game.life("Alice") == 20


def test_stabwhisker_opponent_with_an_empty_hand_loses_three(game: Game) -> None:
    """Stabwhisker: one life for each card fewer than three: with no cards, three."""
    game.put("Nezumi Shortfang", flipped=True)
    game.next_turn()
    assert game.life("Bob") == 17


def test_stabwhisker_three_cards_in_hand_is_enough(game: Game) -> None:
    flipped(game, "Nezumi Shortfang")
    for _ in range(3):
        game.put("Island", "hand", owner="Bob")
    game.next_turn()
    assert game.life("Bob") == 20


def test_stabwhisker_trigger_resolves_after_stabwhisker_left(game: Game) -> None:
    """113.7a: the upkeep trigger is independent of its source once on the stack: Stabwhisker
    dies in response, and Bob (no cards) still loses 3."""
    stab = game.put("Nezumi Shortfang", flipped=True)
    with game.holding_priority():
        game.next_turn()
        game.move(stab, "graveyard")
    game.resolve_stack()
    assert game.life("Bob") == 17


@pytest.mark.parametrize("edition", EDITIONS)
def test_stabwhisker_under_bobs_control_hits_alice(edition: str) -> None:
    """Stabwhisker: "At the beginning of each opponent's upkeep, that player loses 1 life for
    each card fewer than three in his or her hand." Opponent of its controller (Bob)."""
    game = Game(edition)
    game.put("Nezumi Shortfang", flipped=True, controller="Bob")
    game.next_turn()  # Bob's upkeep: Bob is its controller, not an opponent
    assert game.life("Bob") == 20
    game.next_turn()  # Alice's upkeep: Alice has no cards
    assert game.life("Alice") == 17
    assert game.life("Bob") == 20



def test_stabwhisker_two_triggers_the_first_kills_and_the_second_does_nothing_800_4a() -> None:
    """Two Stabwhiskers (one each, today's legend rule) at Carol's upkeep, Carol at 3 life and
    no card in hand: the first makes her lose and leave the game; the second resolves and
    does nothing to a player who left (800.4a). It raised from the middle of the stack."""
    game = Game("current", players=["Alice", "Bob", "Carol"])
    game.next_turn()
    game.put("Nezumi Shortfang", flipped=True)
    game.put("Nezumi Shortfang", owner="Bob", flipped=True)
    game.lose_life("Carol", 17)
    game.next_turn()                      # Carol's upkeep
    assert "Carol" in game.lost and not game.over
    assert game.log[-1] == "Nothing happens to Carol, who has left the game (rule 800.4a)."
    assert (game.active_player, game.stack) == ("Carol", ())


@pytest.mark.parametrize("edition", EDITIONS)
def test_stabwhisker_trigger_waits_as_that_player_concedes_and_does_nothing_800_4a(
        edition: str) -> None:
    game = conceding_in_upkeep(edition, "Nezumi Shortfang")
    assert game.log[-1].startswith("Nothing happens to Carol, who has left the game (")
    assert game.life("Alice") == game.life("Bob") == 20 and not game.over
