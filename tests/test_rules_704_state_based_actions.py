"""State-based actions other than the legend rule and losing the game (704): a creature with
toughness 0 or lethal damage (704.5f, 704.5g), a token that has left the battlefield (704.5d),
an illegal Aura (704.5m) and +1/+1 and -1/-1 counters (704.5q), around flips and copies.
"""

from __future__ import annotations

import pytest
from helpers import run

from flipcards import EDITIONS, Game, ScenarioError, run_scenario


@pytest.mark.parametrize("rules", EDITIONS)
def test_704_5d_a_token_that_leaves_the_battlefield_has_zone_null(rules: str) -> None:
    """Contract + 704.5d: a token that leaves the battlefield ceases to exist; its id shows
    `zone` null (and `token` true). It cannot be moved again: an invalid scenario."""
    steps = [
        {"put": "Faithful Squire", "as": "squire", "flipped": True},
        {"copy": "squire", "as": "tok"},
        {"expect": {"tok": {"name": "Faithful Squire", "flipped": False, "token": True,
                            "zone": "battlefield"}}},
        {"move": "tok", "to": "hand"},
        {"expect": {"tok": {"zone": None, "token": True}}},
    ]
    run(rules, steps)
    with pytest.raises(ScenarioError, match=r"steps\[5\]"):
        run_scenario({"rules": rules, "steps": [*steps, {"move": "tok", "to": "battlefield"}]})


def test_704_5f_a_creature_with_a_minus_counter_that_becomes_a_copy_of_a_1_1_dies(
        game: Game) -> None:
    """Counters stay through a copy effect, and P/T is computed again in layer 7c: a Grizzly
    Bears with a -1/-1 counter (1/1) becomes a copy of Bushi Tenderfoot (a library card: any
    zone) — 0/0, so it is put into the graveyard (704.5f), where it is the Grizzly Bears card
    again, without counters (400.7)."""
    bears = game.put("Grizzly Bears")
    game.add_counters(bears, "-1/-1", 1)
    model = game.put("Bushi Tenderfoot", zone="library", owner="Bob")
    game.become_copy(bears, model)
    assert (bears.zone, bears.name, bears.counters) == ("graveyard", "Grizzly Bears", {})
    assert model.zone == "library"


def test_704_5f_a_flip_into_a_creature_with_minus_counters_makes_toughness_zero(
        game: Game) -> None:
    """Curse of the Fire Penguin with five -1/-1 counters (counters on a noncreature do
    nothing) flips into a 6/5 creature: 1/0, put into the graveyard as a state-based action;
    it died, so its ability returns the Curse, a new object, an Aura again."""
    bears = game.put("Grizzly Bears")
    curse = game.put("Curse of the Fire Penguin", attached_to=bears)
    game.add_counters(curse, "-1/-1", 5)
    game.flip(curse)
    assert curse.zone == "battlefield" and curse.name == "Curse of the Fire Penguin"
    assert not curse.flipped and curse.counters == {}
    assert curse.attached_to == bears


def test_704_5q_counters_annihilate_only_under_the_current_rules() -> None:
    now, then = Game("current"), Game("2004")
    for g in (now, then):
        obj = g.put("Grizzly Bears")
        g.add_counters(obj, "+1/+1", 2)
        g.add_counters(obj, "-1/-1", 1)
        expected = {"+1/+1": 1} if g is now else {"+1/+1": 2, "-1/-1": 1}
        assert obj.counters == expected
    # Said as the state-based action it is, as the others are.
    assert now.log[-1] == ("State-based action: 1 +1/+1 and -1/-1 counter pair removed from "
                           "Grizzly Bears.")


def test_704_toughness_zero_and_lethal_damage_go_to_the_graveyard(game: Game) -> None:
    hero = game.put("Bushi Tenderfoot")
    game.add_counters(hero, "-1/-1", 1)
    assert hero.zone == "graveyard"
    other = game.put("Initiate of Blood")
    game.damage(other, 1)
    game.flip(other)                   # 4/4 with 1 damage survives
    assert other.zone == "battlefield"
    game.damage(other, 3)
    assert other.zone == "graveyard"
