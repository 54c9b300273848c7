"""The ordinary cards' spells do what they say as they resolve (rule 608.2).

From the rules and rulings: 508.2 / 710.2 (in a library a flip card has only its normal half,
so a search for a legendary card or an enchantment card passes over a hero), the naming ruling
(either half's name may be named; off the battlefield a card has only its normal name), 601.2c
(targets are chosen as a spell is cast), 608.2b (a spell whose target is illegal as it resolves
does nothing), 702.16b (protection from red: not the target of a red spell), 702.50a (epic),
707.2 and 514.2 (Cytoshape's copy lasts until the cleanup step).
"""

from __future__ import annotations

import pytest
from helpers import obj, run

from flipcards import FlipCardsError, Game, IllegalActionError, ScenarioError


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_time_of_need_passes_over_an_unflipped_hero(edition: str) -> None:
    game = Game(edition)
    tenderfoot = game.put("Bushi Tenderfoot", zone="library")
    game.cast("Time of Need")
    assert tenderfoot.zone == "library"
    assert "Alice searches Alice's library for Legendary Creature cards: finds nothing." in (
        game.log)
    # An Ascendant is legendary on its top half too: that one is found.
    erayo = game.put("Erayo, Soratami Ascendant", zone="library")
    game.cast("Time of Need")
    assert (tenderfoot.zone, erayo.zone) == ("library", "hand")


def test_time_of_need_takes_the_chosen_card() -> None:
    game = Game("current")
    first = game.put("Homura, Human Ascendant", zone="library")
    second = game.put("Kuon, Ogre Ascendant", zone="library")
    game.cast("Time of Need", choose=second)
    assert (first.zone, second.zone) == ("library", "hand")
    # A choice that is not a legendary creature card there finds nothing.
    bushi = game.put("Bushi Tenderfoot", zone="library")
    game.cast("Time of Need", choose=bushi)
    assert (first.zone, bushi.zone) == ("library", "library")
    assert "it is not a legendary creature card in Alice's library" in "\n".join(game.log)


def test_enduring_ideal_finds_no_essence_and_epic_repeats_it() -> None:
    game = Game("2004")
    kuon = game.put("Kuon, Ogre Ascendant", zone="library")
    game.cast("Enduring Ideal")
    assert kuon.zone == "library"   # a creature card in the library
    with pytest.raises(IllegalActionError, match="Alice cannot cast spells for the rest of the "
                       "game: the epic of Enduring Ideal"):
        game.cast("Shock", target="Bob")
    game.cast("Shock", "Bob", target="Alice")   # Bob still may
    anthem = game.put("Glorious Anthem", zone="library")
    game.next_turn()
    assert anthem.zone == "library"             # Bob's upkeep: no copy
    game.next_turn()
    assert (anthem.zone, kuon.zone) == ("battlefield", "library")   # Alice's upkeep: a copy


def test_cranial_extraction_names_either_half_but_finds_normal_names() -> None:
    game = Game("2004")
    in_library = game.put("Bushi Tenderfoot", zone="library", owner="Bob")
    in_graveyard = game.put("Bushi Tenderfoot", zone="graveyard", owner="Bob")
    kenzo = game.put("Bushi Tenderfoot", flipped=True, owner="Bob")
    game.cast("Cranial Extraction", target="Bob", naming="kenzo the hardhearted")
    assert [in_library.zone, in_graveyard.zone] == ["library", "graveyard"]
    assert "outside the battlefield a flip card has only its normal name" in game.log[-2]
    game.cast("Cranial Extraction", target="Bob", naming="Bushi Tenderfoot")
    # The flipped one in play is Kenzo, and the battlefield is not searched anyway.
    assert [in_library.zone, in_graveyard.zone, kenzo.zone] == ["exile", "exile", "battlefield"]


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"target": "Bob", "naming": "Bushi Tenderfoot // Kenzo the Hardhearted"},
     "name one half of the card"),
    ({"target": "Bob", "naming": "Kenzo the Hardhartted"}, "did you mean 'Kenzo the Hardhearted'"),
    ({"target": "Bob"}, "Cranial Extraction needs a card name"),
    ({"naming": "Bushi Tenderfoot"}, "Cranial Extraction needs a target player"),
])
def test_cranial_extraction_refuses_a_bad_choice(kwargs: dict[str, str], message: str) -> None:
    game = Game("current")
    with pytest.raises(FlipCardsError, match=message):
        game.cast("Cranial Extraction", **kwargs)  # type: ignore[arg-type]
    assert game.spells_cast_this_turn == 0 and game.objects("graveyard") == []


def test_shock_any_target_and_protection_from_red() -> None:
    game = Game("current")
    tok_tok = game.put("Akki Lavarunner", flipped=True)
    with pytest.raises(IllegalActionError, match="protection from red, so Shock cannot target"):
        game.cast("Shock", target=tok_tok)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.cast("Shock", target=bears)
    assert bears.zone == "graveyard"
    game.cast("Shock", target="Bob")
    assert game.life("Bob") == 17   # Tok-Tok: a red source deals 1 more to a player


def test_a_spell_whose_target_left_does_nothing() -> None:
    game = Game("current")
    bears = game.put("Grizzly Bears")
    with game.holding_priority():
        game.cast("Giant Growth", target=bears)
    game.move(bears, "hand")
    game.move(bears, "battlefield")   # a new object: not the target
    game.resolve()
    assert bears.power == 2
    # It does not resolve at all (608.2b): no "resolves", straight to the graveyard.
    assert "Giant Growth does not resolve: its target is no longer legal (rule 608.2b)." in (
        game.log)
    assert "Giant Growth resolves." not in game.log
    assert game.objects("graveyard", "Alice")[-1].name == "Giant Growth"


def test_giant_growth_on_a_hero_lasts_until_end_of_turn_and_through_the_flip() -> None:
    game = Game("2004")
    hero = game.put("Bushi Tenderfoot")
    game.cast("Giant Growth", target=hero)
    game.flip(hero)
    assert (hero.power, hero.toughness) == (6, 7)   # Kenzo 3/4 +3/+3: effects stay (508.1c)
    game.next_turn()
    assert (hero.power, hero.toughness) == (3, 4)


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_cytoshape_a_flipped_hero(edition: str) -> None:
    game = Game(edition)
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    akki = game.put("Akki Lavarunner")
    with pytest.raises(IllegalActionError, match="Cytoshape copies a nonlegendary creature; "
                       "Kenzo the Hardhearted is legendary"):
        game.cast("Cytoshape", target=akki, copying=kenzo)
    game.cast("Cytoshape", target=kenzo, copying=akki)
    assert kenzo.name == ("Akki Lavarunner" if edition == "2004" else "Tok-Tok, Volcano Born")
    game.next_turn()
    assert kenzo.name == "Kenzo the Hardhearted"


def test_a_spell_cast_only_to_be_a_spell_does_nothing() -> None:
    # The ki cards count Arcane spells: Cranial Extraction may be cast with no choices at all.
    game = Game("current")
    game.cast("Cranial Extraction")
    assert game.log[-2] == ("Cranial Extraction does nothing: it was cast with no target and no "
                            "card to name chosen.")


def test_choices_a_spell_has_no_use_for_are_refused() -> None:
    game = Game("current")
    bears = game.put("Grizzly Bears")
    with pytest.raises(IllegalActionError, match="Shock has no card to name"):
        game.cast("Shock", target=bears, naming="Shock")
    with pytest.raises(IllegalActionError, match="Grizzly Bears takes no target here"):
        game.cast("Grizzly Bears", target=bears)


def test_scenario_spells() -> None:
    out = run("2004", [
        {"put": "Bushi Tenderfoot", "as": "kenzo", "flipped": True, "owner": "Bob"},
        {"put": "Bushi Tenderfoot", "as": "deck", "zone": "library", "owner": "Bob"},
        {"put": "Grizzly Bears", "as": "bears"},
        {"cast": "Cranial Extraction", "target": "Bob", "naming": "Bushi Tenderfoot"},
        {"cast": "Cytoshape", "target": "kenzo", "copying": "bears"},
        {"expect": {"deck": {"zone": "exile"},
                    "kenzo": {"name": "Grizzly Bears", "flipped": True, "power": 2}}},
        {"cast": "Shock", "target": "kenzo"},
    ])
    assert obj(out, "kenzo")["zone"] == "graveyard"   # a 2/2 Bears dealt 2 damage


def test_scenario_spell_errors_name_the_field() -> None:
    with pytest.raises(ScenarioError, match=r"steps\[1\]\.naming: name one half of the card"):
        run("current", [{"put": "Grizzly Bears", "as": "bears"},
                        {"cast": "Cranial Extraction", "target": "Bob",
                         "naming": "Bushi Tenderfoot // Kenzo the Hardhearted"}])
    with pytest.raises(ScenarioError, match=r"steps\[1\]\.target: .*protection from red"):
        run("current", [{"put": "Akki Lavarunner", "as": "tok", "flipped": True},
                        {"cast": "Shock", "target": "tok"}])


@pytest.mark.parametrize(("creatures", "where"), [(0, "library"), (1, "battlefield")])
def test_enduring_ideal_puts_an_aura_onto_something_it_can_enchant(creatures: int,
                                                                   where: str) -> None:
    # An Aura put onto the battlefield without being cast chooses what it enchants; with
    # nothing to enchant it stays where it is (303.4g).
    game = Game("current")
    bears = [game.put("Grizzly Bears", owner="Bob") for _ in range(creatures)]
    pacifism = game.put("Pacifism", zone="library")
    game.cast("Enduring Ideal")
    assert pacifism.zone == where
    if bears:
        assert pacifism.attached_to == bears[0]


def test_a_countered_spell_under_2004_words() -> None:
    game = Game("2004")
    bears = game.put("Grizzly Bears")
    with game.holding_priority():
        game.cast("Shock", target=bears)
    game.move(bears, "graveyard")
    game.resolve()
    assert "Shock is countered on resolution: its target is no longer legal." in game.log
