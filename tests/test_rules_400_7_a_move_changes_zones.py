"""Rule 400.7: an object that moves from one zone to another becomes a new object with no
memory of its past. A move is a zone change: a move to the zone the card is in is refused (it
used to make a new object on the spot: a flipped Kenzo "moved" onto the battlefield came back
as an unflipped Bushi Tenderfoot, its counters gone), except to the library, whose top the card
goes to (what is drawn next)."""

from __future__ import annotations

import pytest
from helpers import run

from flipcards import Game, IllegalActionError, ScenarioError


@pytest.mark.parametrize("zone", ["battlefield", "hand", "graveyard", "exile"])
def test_400_7_a_move_to_the_zone_a_card_is_in_is_refused_and_changes_nothing(
        game: Game, zone: str) -> None:
    hero = game.put("Bushi Tenderfoot", zone)
    if zone == "battlefield":
        game.flip(hero)
        game.add_counters(hero, "+1/+1", 2)
    before = str(hero), len(game.log)
    where = {"battlefield": "in play" if game.edition == "2004" else "on the battlefield",
             "exile": "in the removed-from-the-game zone" if game.edition == "2004"
             else "in exile"}.get(zone, f"in Alice's {zone}")
    with pytest.raises(IllegalActionError, match=f"^{hero.name} is already {where}: a move "
                       "takes a card to another zone$"):
        game.move(hero, zone)
    assert (str(hero), len(game.log)) == before
    if zone == "battlefield":
        assert (hero.flipped, hero.counters) == (True, {"+1/+1": 2})


def test_400_7_a_move_to_the_library_puts_a_card_in_it_on_top(game: Game) -> None:
    first = game.put("Forest", "library")
    game.put("Island", "library")
    game.move(first, "library")
    assert [card.name for card in game.draw("Alice")] == ["Forest"]


def test_400_7_a_scenario_move_to_the_same_zone_names_its_to_field() -> None:
    with pytest.raises(ScenarioError, match=r'^steps\[1\]\.to: Bushi Tenderfoot is already on '
                       "the battlefield: a move takes a card to another zone$"):
        run("current", [{"put": "Bushi Tenderfoot", "as": "b"},
                        {"move": "b", "to": "battlefield"}])


def test_400_7_a_move_away_and_back_is_a_new_object(game: Game) -> None:
    hero = game.put("Bushi Tenderfoot")
    game.flip(hero)
    game.move(hero, "exile")
    game.move(hero, "battlefield")
    assert (hero.name, hero.flipped, hero.counters) == ("Bushi Tenderfoot", False, {})
