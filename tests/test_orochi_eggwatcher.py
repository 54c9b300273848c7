"""Orochi Eggwatcher // Shidako, Broodmistress: it makes a Snake and flips when its controller has
ten creatures; Shidako sacrifices a creature to give +3/+3.

Each test is one situation of this card, named after the half it is about: its flip
condition at the boundary (one short, and exactly enough), what each half's abilities do,
and how the card meets the rest of the rules.
"""

from __future__ import annotations

import pytest
from helpers import fill, flipped, flips, ready

from flipcards import Game, GameObject, IllegalActionError


def creatures(game: Game, player: str) -> list[GameObject]:
    return [o for o in game.objects("battlefield", player) if "Creature" in o.types]


def names_in(game: Game, zone: str, player: str = "Alice") -> list[str]:
    return [o.name for o in game.objects(zone, player)]


def test_orochi_eggwatcher_a_flipped_essence_is_not_a_creature(game: Game) -> None:
    """Only creatures count. Seven Bears, the Eggwatcher and the new Snake are nine; Alice's
    Rune-Tail's Essence is an enchantment and does not make ten. The next Snake does."""
    egg = game.put("Orochi Eggwatcher")
    fill(game, "Grizzly Bears", "battlefield", 7)
    game.put("Rune-Tail, Kitsune Ascendant", flipped=True)
    game.activate(egg)
    assert len(creatures(game, "Alice")) == 9 and not egg.flipped
    ready(game)
    game.activate(egg)
    assert egg.name == "Shidako, Broodmistress"


def test_orochi_eggwatcher_counts_creatures_it_controls_including_a_stolen_one(game: Game) -> None:
    """"If you control ten or more creatures": control, not ownership. Six Bears, the
    Eggwatcher, Azamuki, the Runeclaw Bear Alice took from Bob with Azamuki, and the new Snake
    make ten: it flips. (Without the stolen Bear it would be nine.)"""
    egg = game.put("Orochi Eggwatcher")
    fill(game, "Grizzly Bears", "battlefield", 6)
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    stolen = game.put("Runeclaw Bear", owner="Bob")
    game.activate(azamuki, target=stolen)
    assert (stolen.controller, stolen.owner) == ("Alice", "Bob")
    game.activate(egg)
    assert len(creatures(game, "Alice")) == 10
    assert egg.name == "Shidako, Broodmistress"


def test_orochi_eggwatcher_creates_snake(game: Game) -> None:
    """Orochi Eggwatcher: "{2}{G}, {T}: Create a 1/1 green Snake creature token." """
    egg = game.put("Orochi Eggwatcher")
    game.activate(egg)
    snakes = [each for each in game.objects("battlefield", "Alice") if "Snake" in each.subtypes
              and each is not egg and "Creature" in each.types and each.name != egg.name]
    assert len(snakes) == 1
    assert (snakes[0].power, snakes[0].toughness) == (1, 1)
    assert egg.tapped


def test_orochi_eggwatcher_flips_tapped_and_shidako_needs_no_untapping(game: Game) -> None:
    """Eggwatcher taps for its ability and flips tapped; Shidako's ability has no {T}, so it
    can be used at once."""
    egg = game.put("Orochi Eggwatcher")
    fill(game, "Grizzly Bears", "battlefield", 8)
    game.activate(egg)
    assert egg.name == "Shidako, Broodmistress" and egg.tapped
    snake = next(o for o in creatures(game, "Alice") if o.name == "Snake")
    bears = next(o for o in creatures(game, "Alice") if o.name == "Grizzly Bears")
    game.activate(egg, target=bears, sacrifice=snake)
    assert bears.power == 5 and snake.zone is None


def test_orochi_eggwatcher_nine_creatures_is_one_short(game: Game) -> None:
    egg = game.put("Orochi Eggwatcher")
    for _ in range(7):
        game.put("Grizzly Bears")
    game.activate(egg)
    assert not egg.flipped and "Snake" in names_in(game, "battlefield")


def test_orochi_eggwatcher_opponents_creatures_do_not_count(game: Game) -> None:
    egg = game.put("Orochi Eggwatcher")
    fill(game, "Grizzly Bears", "battlefield", 9, owner="Bob")
    game.activate(egg)
    assert not egg.flipped


def test_orochi_eggwatcher_snake_still_made_if_it_leaves_but_it_does_not_flip(game: Game) -> None:
    """113.7a: the ability resolves without its source: the Snake is created and Alice then
    controls ten creatures, but the Eggwatcher has left and nothing flips."""
    egg = game.put("Orochi Eggwatcher")
    fill(game, "Grizzly Bears", "battlefield", 9)
    with game.holding_priority():
        game.activate(egg)
        game.move(egg, "graveyard")
    game.resolve_stack()
    assert len(creatures(game, "Alice")) == 10
    assert any(o.name == "Snake" for o in creatures(game, "Alice"))
    assert flips(game) == []


def test_orochi_eggwatcher_the_snake_it_makes_is_the_tenth_creature(game: Game) -> None:
    egg = game.put("Orochi Eggwatcher")
    fill(game, "Grizzly Bears", "battlefield", 5, owner="Bob")
    fill(game, "Grizzly Bears", "battlefield", 8)        # nine with the Eggwatcher
    game.activate(egg)
    assert egg.name == "Shidako, Broodmistress"


def test_scenario_shidako_sacrifices_itself_to_pump_a_creature() -> None:
    """The same ruling through the scenario format: activate with target and sacrifice."""
    from flipcards import run_scenario

    out = run_scenario({"rules": "2004", "steps": [
        {"put": "Orochi Eggwatcher", "as": "shidako", "flipped": True},
        {"put": "Grizzly Bears", "as": "bears"},
        {"activate": "shidako", "target": "bears", "sacrifice": "shidako"},
        {"expect": {"bears": {"power": 5, "toughness": 5}, "shidako": {"zone": "graveyard"}}},
    ]})
    assert out["failures"] == []


def test_shidako_can_sacrifice_itself(game: Game) -> None:
    """"Sacrifice a creature" includes Shidako itself; the ability resolves without it."""
    shidako = game.put("Orochi Eggwatcher", flipped=True)
    bears = game.put("Grizzly Bears")
    game.activate(shidako, target=bears, sacrifice=shidako)
    assert shidako.zone == "graveyard"
    assert (bears.power, bears.toughness) == (5, 5)


def test_shidako_cannot_sacrifice_an_opponents_creature(game: Game) -> None:
    """One can sacrifice only a permanent one controls (701.17a)."""
    shidako = game.put("Orochi Eggwatcher", flipped=True)
    theirs = game.put("Grizzly Bears", owner="Bob")
    with pytest.raises(IllegalActionError):
        game.activate(shidako, target=shidako, sacrifice=theirs)
    assert theirs.zone == "battlefield"


def test_shidako_a_refused_sacrifice_says_what_was_wrong_with_the_choice(game: Game) -> None:
    """Shidako: "sacrifice a creature" -- a creature its controller controls. The refusal
    named the Python argument ("sacrifice=...") whatever was wrong; it says what was, and
    names the field (for a form to mark)."""
    shidako = game.put("Orochi Eggwatcher", flipped=True)
    theirs = game.put("Runeclaw Bear", owner="Bob")
    aura = game.put("Pacifism", attached_to=theirs)
    for victim, why in ((None, "none was chosen to sacrifice"),
                        (theirs, "Runeclaw Bear is controlled by Bob"),
                        (aura, "Pacifism is not a creature")):
        with pytest.raises(IllegalActionError) as refused:
            game.activate(shidako, target=shidako, sacrifice=victim)
        assert str(refused.value) == ("Shidako, Broodmistress' ability costs a creature Alice "
                                      f"controls, sacrificed: {why}")
        assert refused.value.argument == "sacrifice"
    assert (theirs.zone, aura.zone, shidako.power) == ("battlefield", "battlefield", 3)


def test_shidako_sacrifice_pump_until_end_of_turn(game: Game) -> None:
    """Shidako: "{G}, sacrifice a creature: A target creature gets +3/+3 until end of
    turn." """
    shidako = game.put("Orochi Eggwatcher", flipped=True)
    fodder = game.put("Runeclaw Bear")
    bears = game.put("Grizzly Bears")
    game.activate(shidako, target=bears, sacrifice=fodder)
    assert fodder.zone == "graveyard"
    assert (bears.power, bears.toughness) == (5, 5)
    game.next_turn()
    assert (bears.power, bears.toughness) == (2, 2)


def test_shidako_sacrifices_a_creature_to_give_plus_three(game: Game) -> None:
    shidako = flipped(game, "Orochi Eggwatcher")
    fodder = game.put("Runeclaw Bear")
    bears = game.put("Grizzly Bears")
    with pytest.raises(IllegalActionError, match="sacrificed"):
        game.activate(shidako, target=bears)
    game.activate(shidako, target=bears, sacrifice=fodder)
    assert fodder.zone == "graveyard" and bears.power == 5


def test_shidako_sacrificing_its_own_target_the_ability_does_nothing(game: Game) -> None:
    """601.2c/602.2b: targets are chosen before costs are paid. Sacrificing the target makes
    it illegal; the ability does nothing on resolution (608.2b), and the sacrifice stands."""
    shidako = game.put("Orochi Eggwatcher", flipped=True)
    bears = game.put("Grizzly Bears")
    game.activate(shidako, target=bears, sacrifice=bears)
    assert bears.zone == "graveyard"
    assert (shidako.power, shidako.toughness) == (3, 3)
