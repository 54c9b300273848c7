"""Rule 305: lands, and the basic land types.

Each basic land type has the intrinsic ability "{T}: Add [its mana]" — Plains {W}, Island {U},
Swamp {B}, Mountain {R}, Forest {G} (today's 305.6; the 2004 rules gave the basic land types
the same abilities) — so each of the five basic lands of the card data taps for its colour in
both editions.
"""

from __future__ import annotations

from typing import Any

import pytest

from flipcards import Game, IllegalActionError, ScenarioError, card, run_scenario

BASICS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


@pytest.mark.parametrize("edition", ["2004", "current"])
@pytest.mark.parametrize("name", list(BASICS))
def test_305_6_a_basic_land_taps_for_the_mana_of_its_type(edition: str, name: str) -> None:
    game = Game(edition, costs="paid")
    land = game.put(name)
    game.tap_for_mana(land)
    assert land.tapped
    assert game.mana_pool("Alice") == {BASICS[name]: 1}


@pytest.mark.parametrize("name", list(BASICS))
def test_305_6_the_basic_lands_are_printed_as_basic_lands_of_their_type(name: str) -> None:
    data = card(name)
    assert (data.normal.supertypes, data.normal.types, data.normal.subtypes) == (
        ("Basic",), ("Land",), (name,))
    assert data.mana_cost == "" and data.colors == ()


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_305_6_a_basic_land_made_only_a_creature_has_no_mana_ability(edition: str) -> None:
    """A basic land's "{T}: Add {G}" comes from its land type, for an object that is a land
    (305.6); a basic land prints no ability. A Forest an effect has made a creature and
    nothing else has neither: it does not tap for mana."""
    game = Game(edition, costs="paid")
    forest = game.put("Forest")
    game.add_effect("set_pt", forest, power=1, toughness=1)
    game.add_effect("set_types", forest, types=["Creature"])
    with pytest.raises(IllegalActionError, match="Forest is not a land"):
        game.tap_for_mana(forest)
    assert not forest.tapped and game.mana_pool("Alice") == {}


def test_305_6_a_tapped_land_cannot_be_tapped_for_mana_again() -> None:
    game = Game("current", costs="paid")
    mountain = game.put("Mountain")
    game.tap_for_mana(mountain)
    with pytest.raises(IllegalActionError, match="Mountain is tapped"):
        game.tap_for_mana(mountain)
    assert game.mana_pool("Alice") == {"R": 1}


def test_305_6_red_mana_from_a_mountain_pays_for_a_red_ability() -> None:
    """Shock ({R}), cast in a main phase, is paid with the red mana a Mountain makes."""
    game = Game("current", costs="paid")
    game.tap_for_mana(game.put("Mountain"))
    bears = game.put("Grizzly Bears", owner="Bob")
    game.cast(game.put("Shock", zone="hand"), target=bears)
    game.resolve_stack()
    assert bears.zone == "graveyard"
    assert not game.mana_pool("Alice")


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_305_1_a_land_is_played_not_cast_and_erayo_does_not_count_it(edition: str) -> None:
    """305.1 (and 116.2a today): playing a land is a special action; a land is never cast and
    never uses the stack. Casting Forest used to put it on the stack as "the 1st spell this
    turn", and four of them flipped Erayo; now the cast is refused before anything happens."""
    game = Game(edition)
    words = (r"Forest is a land: a land is played, not cast.*\(rule 305\.1\)"
             if edition == "current" else      # 2004: spells were "played" too (2004 CR 305.4)
             r"Forest is a land: a land is not a spell.*\(2004 CR 305\.4\)")
    erayo = game.put("Erayo, Soratami Ascendant")
    in_hand = game.put("Forest", "hand")
    for spell in ("Forest", in_hand, "Forest", "Forest"):
        with pytest.raises(IllegalActionError, match=words):
            game.cast(spell)
    assert game.spells_cast_this_turn == 0
    assert (erayo.name, in_hand.zone, game.stack) == ("Erayo, Soratami Ascendant", "hand", ())


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_305_1_a_land_played_goes_from_the_hand_onto_the_battlefield_without_the_stack(
        edition: str) -> None:
    """A land had no way to be played: a player put it or moved it, and nothing said "plays"
    nor counted the one land a turn. Played by its name, it is the one of that name in the
    hand, not a new card."""
    game = Game(edition)
    forest = game.put("Forest", "hand")
    played = game.play_land("Forest")
    assert played == forest and forest.zone == "battlefield" and game.stack == ()
    assert game.spells_cast_this_turn == 0
    assert game.log[-2].startswith("Alice plays Forest, their land for the turn")


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_305_2_a_player_plays_one_land_a_turn(edition: str) -> None:
    game = Game(edition)
    game.play_land("Forest")
    island = game.put("Island", "hand")
    with pytest.raises(IllegalActionError, match=r"Alice has played a land this turn already: "
                       r"a player plays one land a turn \((rule 305\.2|2004 CR 305\.4)\)"):
        game.play_land(island)
    assert island.zone == "hand"
    game.next_turn()
    game.next_turn()
    game.play_land(island)
    assert island.zone == "battlefield"


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_305_1_a_land_is_played_only_by_the_active_player_in_a_main_phase_with_the_stack_empty(
        edition: str) -> None:
    """Each refusal says which condition failed — another player's turn (305.3), something
    on the stack, a step that is not a main phase (305.1) — where one sentence said all three
    whatever was wrong; a 2004 game cites 2004 CR 305.4, which says all of it."""
    game = Game(edition)
    today = edition == "current"
    bobs = game.put("Forest", "hand", owner="Bob")
    with pytest.raises(IllegalActionError, match=r"Bob cannot play a land in Alice's turn: a "
                       r"player plays lands only in their own \(" +
                       (r"rule 305\.3" if today else r"2004 CR 305\.4") + r"\)"):
        game.play_land(bobs)
    game.put("Grizzly Bears", "hand")
    with game.holding_priority():
        game.cast("Grizzly Bears")
        with pytest.raises(IllegalActionError, match=r"Alice cannot play a land while something "
                           r"waits on the stack: a land is played only while it is empty \(" +
                           (r"rule 305\.1" if today else r"2004 CR 305\.4") +
                           r"\); let it resolve first"):
            game.play_land("Forest")
    game.resolve_stack()
    game.attack([game.put("Grizzly Bears")])
    with pytest.raises(IllegalActionError, match=r"Alice cannot play a land in the combat phase: "
                       r"a land is played only in a main phase .*; end the combat first"):
        game.play_land("Forest")
    game.end_combat()
    game.resolve_stack()
    game.end_step()
    step = "end step" if today else "end of turn step"
    with pytest.raises(IllegalActionError, match=f"Alice cannot play a land in the {step}: a "
                       "land is played only in a main phase .*; the next main phase is next "
                       r"turn's \(game\.next_turn\(\)\)"):
        game.play_land("Forest")
    with pytest.raises(IllegalActionError, match=r"Shock is not a land; a spell is "
                       r"(cast|played) with game\.cast\(\)"):
        game.play_land("Shock")
    in_library = game.put("Forest", "library")
    with pytest.raises(IllegalActionError, match="a land is played from its owner's hand"):
        game.play_land(in_library)
    with pytest.raises(IllegalActionError, match="Alice cannot play a land from Bob's hand"):
        game.play_land(bobs, "Alice")
    assert (bobs.zone, in_library.zone) == ("hand", "library")


def test_305_2_a_scenario_plays_a_land_and_names_it_once() -> None:
    out = run_scenario({"rules": "current", "steps": [
        {"play_land": "Forest", "as": "forest"},
        {"play_land": "Island", "refused": True},
        {"expect": {"forest": {"zone": "battlefield"}}}]})
    assert out["failures"] == []
    with pytest.raises(ScenarioError) as refused:
        run_scenario({"rules": "current", "steps": [
            {"put": "Forest", "zone": "hand", "as": "f"}, {"play_land": "Forest", "as": "g"}]})
    assert refused.value.path == "steps[1].as"


@pytest.mark.parametrize(("step", "said"), [
    ({"play_land": "Shock"}, 'Shock is not a land; a spell is cast with a "cast" step'),
    ({"cast": "Forest"}, 'play it (a "play_land" step) instead'),
    ({"play_land": "Forest"}, 'end the combat first (an "end_combat" step)')])
def test_305_1_a_scenario_names_the_step_to_use_not_a_python_call(
        step: dict[str, Any], said: str) -> None:
    """A scenario's writer was told to use "game.cast" or "game.play_land", calls of the
    Python API a scenario does not make: the message names the step that does it."""
    attacking = [{"put": "Grizzly Bears", "as": "bears"}, {"attack": "bears"}]
    with pytest.raises(ScenarioError) as refused:
        run_scenario({"rules": "current",
                      "steps": [*attacking, step] if step.get("play_land") == "Forest" else [step]})
    assert said in str(refused.value) and "game." not in str(refused.value)


@pytest.mark.parametrize(("verb", "name"), [("play_land", "Okina, Temple to the Grandfathers"),
                                           ("cast", "Erayo, Soratami Ascendant")])
def test_704_5j_a_keep_may_name_the_legend_its_own_step_plays_or_casts(verb: str,
                                                                     name: str) -> None:
    """"Alice plays her second Okina and keeps the new one": the step's own "as" in its keep
    was invalid ("no object 'new'"), as it is not for a put or a copy."""
    out = run_scenario({"rules": "current", "steps": [
        {"put": name, "as": "old"}, {verb: name, "as": "new", "keep": ["new"]},
        {"expect": {"old": {"zone": "graveyard"}, "new": {"zone": "battlefield"}}}]})
    assert out["failures"] == []
