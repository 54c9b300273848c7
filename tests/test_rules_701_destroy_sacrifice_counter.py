"""The keyword actions a judge's situation needs beyond moving a card: destroy (701.8), which
indestructible stops (702.12b) and which makes a creature die; sacrifice (701.21), by the
permanent's controller only, which indestructible does not stop; and counter (701.6), which
takes a spell or an ability off the stack: a spell goes to its owner's graveyard, an ability
does nothing.
"""

from __future__ import annotations

import pytest
from helpers import flipped, run

from flipcards import EDITIONS, Game, IllegalActionError, ScenarioError, run_scenario


def test_701_8a_a_destroyed_flipped_card_is_its_unflipped_self_in_the_graveyard(
        game: Game) -> None:
    """Destroyed, Goka the Unjust goes to its owner's graveyard, where the card is Initiate of
    Blood again (a new object, 400.7)."""
    goka = flipped(game, "Initiate of Blood")
    game.destroy(goka)
    assert goka.zone == "graveyard" and goka.name == "Initiate of Blood" and not goka.flipped
    assert "Goka the Unjust is destroyed." in game.log


def test_701_8a_a_destroyed_creature_dies_and_flips_initiate_of_blood(game: Game) -> None:
    """Destroying a creature is dying: the Initiate's delayed trigger ("when that creature
    dies this turn") flips it, though its own 1 damage did not kill the creature."""
    initiate = game.put("Initiate of Blood")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", bears, power=0, toughness=5)
    game.damage(bears, 1)
    game.activate(initiate, target=bears)
    assert bears.zone == "battlefield" and not initiate.flipped
    game.destroy(bears)
    assert initiate.flipped and initiate.name == "Goka the Unjust"


def test_702_12b_destroying_an_indestructible_permanent_does_nothing(game: Game) -> None:
    goka = flipped(game, "Initiate of Blood")
    game.add_effect("add_keyword", goka, keyword="Indestructible")
    game.destroy(goka)
    assert goka.zone == "battlefield" and goka.flipped
    assert any("Goka the Unjust would be destroyed, but it is indestructible" in line
               for line in game.log)


def test_701_21a_sacrificing_an_indestructible_permanent_puts_it_in_the_graveyard(
        game: Game) -> None:
    goka = flipped(game, "Initiate of Blood")
    game.add_effect("add_keyword", goka, keyword="Indestructible")
    game.sacrifice(goka)
    assert goka.zone == "graveyard"
    assert "Alice sacrifices Goka the Unjust." in game.log


def test_701_21a_a_player_sacrifices_only_a_permanent_they_control(game: Game) -> None:
    bears = game.put("Grizzly Bears", owner="Bob")
    with pytest.raises(IllegalActionError, match="Bob controls it") as refused:
        game.sacrifice(bears, player="Alice")
    assert refused.value.argument == "player"
    assert bears.zone == "battlefield"
    game.sacrifice(bears, player="Bob")
    assert bears.zone == "graveyard"


@pytest.mark.parametrize("verb", ["destroy", "sacrifice"])
def test_701_only_a_permanent_is_destroyed_or_sacrificed(game: Game, verb: str) -> None:
    card = game.put("Initiate of Blood", "hand")
    with pytest.raises(IllegalActionError, match=r"only a permanent can be (destroyed|sacrif)"
                       r"\w* \((today's )?rule 701\.(8|21)a\); Initiate of Blood is in "):
        getattr(game, verb)(card)
    assert card.zone == "hand"


def test_701_6a_a_countered_spell_goes_to_its_owners_graveyard_and_does_nothing(
        game: Game) -> None:
    bears = game.put("Grizzly Bears", owner="Bob")
    with game.holding_priority():
        shock = game.cast("Shock", target=bears)
    game.counter(shock)
    assert shock.zone == "graveyard" and bears.damage == 0 and not game.stack
    assert any(line.startswith("Shock is countered") for line in game.log)


def test_701_6a_cunning_bandit_whose_flip_trigger_is_countered_does_not_flip(
        game: Game) -> None:
    """Its end step trigger waits on the stack; countered, it does nothing: the Bandit, with
    its two ki counters, stays unflipped (and the trigger does not come back this turn)."""
    bandit = game.put("Cunning Bandit")
    game.add_counters(bandit, "ki", 2)
    with game.holding_priority():
        game.end_step()
    assert len(game.stack) == 1
    game.counter(bandit)
    assert not game.stack and not bandit.flipped
    assert any(line.startswith("Cunning Bandit's ability is countered") for line in game.log)


def test_701_6a_counter_takes_the_topmost_spell_or_ability_of_the_object_named(
        game: Game) -> None:
    """The Initiate's ability waits under a Shock: countering the Initiate takes its ability
    off the stack, and the Shock still resolves (then, the counter being a response, the
    stack resolves): 1 + 2 damage, none of it the Initiate's."""
    initiate = game.put("Initiate of Blood")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", bears, power=0, toughness=5)
    game.damage(bears, 1)
    with game.holding_priority():
        game.activate(initiate, target=bears)
        game.cast("Shock", target=bears)
    game.counter(initiate)
    assert not game.stack and bears.damage == 3
    assert not any(line.startswith("Initiate of Blood deals") for line in game.log)
    assert any(line.startswith("Initiate of Blood's ability is countered") for line in game.log)


@pytest.mark.parametrize("edition", EDITIONS)
def test_701_6a_counter_targeting_takes_the_older_of_two_activations(edition: str) -> None:
    """Two activations of Azamuki wait, the Bears' steal under the Runeclaw Bear's: a judge
    counters the one aimed at the Bears. ``counter`` took the topmost alone, and nothing said
    which; ``targeting`` names it, and one that targets nothing named so is refused."""
    out = run(edition, [
        {"put": "Cunning Bandit", "flipped": True, "as": "az"},
        {"counters": "az", "kind": "ki", "add": 2},
        {"put": "Grizzly Bears", "owner": "Bob", "as": "bears"},
        {"put": "Runeclaw Bear", "owner": "Bob", "as": "rune"},
        {"activate": "az", "target": "bears", "hold": True},
        {"activate": "az", "target": "rune", "hold": True},
        {"counter": "az", "targeting": "bears", "hold": True},
        {"expect": {"stack": [{"source": "az", "targets": ["rune"]}]}},
        {"counter": "az", "targeting": "Bob", "refused": True}])
    assert out["failures"] == []
    assert "nothing of Azamuki, Treachery Incarnate on the stack targets Bob" in \
        "\n".join(out["log"])
    with pytest.raises(ScenarioError, match=r"steps\[1\]\.targeting: no object id or player "):
        run(edition, [{"put": "Cunning Bandit", "as": "bandit"},
                      {"counter": "bandit", "targeting": "nobody"}])


def test_701_6a_nothing_of_the_object_on_the_stack_is_refused(game: Game) -> None:
    bears = game.put("Grizzly Bears")
    with pytest.raises(IllegalActionError,
                       match=r"Grizzly Bears is not on the stack, nor the source of an "
                             r"ability there: there is nothing of it to counter \((today's )?"
                             r"rule 701\.6a\)"):
        game.counter(bears)


def test_701_6a_2004_combat_damage_on_the_stack_cannot_be_countered() -> None:
    game = Game("2004")
    bears = game.put("Grizzly Bears")
    game.next_turn()
    game.next_turn()
    game.attack([bears])
    with game.holding_priority():
        game.combat_damage()
    assert game.stack and game.stack[0].kind == "combat_damage"
    with pytest.raises(IllegalActionError, match="cannot be countered"):
        game.counter(bears)


@pytest.mark.parametrize("edition", EDITIONS)
def test_701_the_scenario_words_destroy_sacrifice_and_counter(edition: str) -> None:
    run(edition, [
        {"put": "Initiate of Blood", "as": "goka", "flipped": True},
        {"put": "Grizzly Bears", "as": "bears", "owner": "Bob"},
        {"put": "Runeclaw Bear", "as": "runeclaw", "owner": "Bob"},
        {"cast": "Shock", "as": "shock", "target": "bears", "hold": True},
        {"counter": "shock"},
        {"sacrifice": "runeclaw", "player": "Alice", "refused": True},
        {"sacrifice": "runeclaw", "player": "Bob"},
        {"destroy": "goka"},
        {"expect": {"goka": {"zone": "graveyard", "name": "Initiate of Blood"},
                    "shock": {"zone": "graveyard"}, "bears": {"damage": 0},
                    "runeclaw": {"zone": "graveyard"}, "stack": []}},
    ])


def test_701_a_scenario_that_counters_what_is_not_on_the_stack_says_where() -> None:
    with pytest.raises(ScenarioError) as refused:
        run_scenario({"rules": "current", "steps": [
            {"put": "Grizzly Bears", "as": "bears"}, {"counter": "bears"}]})
    assert str(refused.value).startswith("steps[1]: ")
    assert "Grizzly Bears is not on the stack, nor the source of an ability there" in str(
        refused.value)
