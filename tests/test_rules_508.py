"""Rule 508 (today 710) paragraph by paragraph, under both editions where they agree.

Each test is named after the rule or ruling it checks.
"""

from __future__ import annotations

import pytest

from flipcards import Filter, FlipCardsError, Game, IllegalActionError, UnknownCardError, card

LEGENDARY_CREATURES = Filter(supertypes=["Legendary"], types=["Creature"])


def test_508_1a_unflipped_permanent_has_the_normal_half(game: Game) -> None:
    hero = game.put("Bushi Tenderfoot")
    assert (hero.name, hero.type_line, hero.power, hero.toughness) == (
        "Bushi Tenderfoot", "Creature — Human Soldier", 1, 1)
    assert hero.flipped is False


def test_508_1b_flipped_permanent_uses_the_alternative_half(game: Game) -> None:
    hero = game.put("Bushi Tenderfoot")
    assert game.flip(hero) is True
    assert (hero.name, hero.type_line, hero.power, hero.toughness) == (
        "Kenzo the Hardhearted", "Legendary Creature — Human Samurai", 3, 4)
    assert hero.keywords == ("Bushido", "Double strike")


@pytest.mark.parametrize("name", [c.name for c in __import__("flipcards").all_cards()
                                  if c.is_flip_card])
def test_508_1c_mana_cost_mana_value_and_color_never_change_by_flipping(
        game: Game, name: str) -> None:
    is_aura = "Aura" in card(name).normal.subtypes
    obj = game.put(name, attached_to=game.put("Grizzly Bears") if is_aura else None)
    before = (obj.mana_cost, obj.mana_value, obj.colors)
    assert game.flip(obj)
    assert (obj.mana_cost, obj.mana_value, obj.colors) == before
    assert before == (card(name).mana_cost, card(name).mana_value, card(name).colors)


def test_508_1c_external_effects_still_apply_after_flipping(game: Game) -> None:
    hero = game.put("Nezumi Shortfang")
    game.add_effect("add_keyword", hero, keyword="Flying")
    game.add_effect("modify_pt", hero, power=1, toughness=0)
    game.flip(hero)
    assert hero.name == "Stabwhisker the Odious"
    assert "Flying" in hero.keywords
    assert (hero.power, hero.toughness) == (4, 3)


def test_508_2_search_for_a_legendary_card_does_not_find_a_hero(game: Game) -> None:
    game.put("Bushi Tenderfoot", "library")
    legend = game.put("Legacy Weapon", "library")
    assert game.search("library", "Alice", Filter(supertypes=["Legendary"])) == [legend]


def test_508_2_legendary_anthem_affects_a_hero_only_once_flipped(game: Game) -> None:
    hero = game.put("Bushi Tenderfoot")
    game.add_effect("modify_pt", LEGENDARY_CREATURES, power=2, toughness=2)
    assert (hero.power, hero.toughness) == (1, 1)
    game.flip(hero)
    assert (hero.power, hero.toughness) == (5, 6)


def test_508_2_outside_play_only_the_normal_half_exists(game: Game) -> None:
    for zone in ("library", "hand", "graveyard", "exile"):
        obj = game.put("Jushi Apprentice", zone)
        assert obj.name == "Jushi Apprentice"
        assert obj.supertypes == ()
        assert obj.flipped is False


def test_508_2_flipping_outside_play_does_nothing(game: Game) -> None:
    hero = game.put("Akki Lavarunner", "hand")
    assert game.flip(hero) is False
    assert hero.name == "Akki Lavarunner"
    assert "nothing happens" in game.log[-1]


def test_508_2_a_card_that_is_not_a_flip_card_does_not_flip(game: Game) -> None:
    bears = game.put("Grizzly Bears")
    assert game.flip(bears) is False
    assert bears.flipped is False


def test_508_3_flipped_and_tapped_are_separate_statuses(game: Game) -> None:
    hero = game.put("Initiate of Blood")
    game.tap(hero)
    game.flip(hero)
    assert (hero.flipped, hero.tapped) == (True, True)
    game.untap(hero)
    assert (hero.flipped, hero.tapped) == (True, False)
    assert "flipped" in str(hero) and "tapped" not in str(hero)


def test_508_4_flipping_is_one_way(game: Game) -> None:
    hero = game.put("Budoka Gardener")
    assert game.flip(hero) is True
    assert game.flip(hero) is False
    assert hero.name == "Dokai, Weaver of Life"
    assert hero.flipped is True


def test_508_4_leaving_play_forgets_everything(game: Game) -> None:
    hero = game.put("Bushi Tenderfoot")
    aura = game.put("Pacifism", attached_to=hero)
    own = game.add_effect("modify_pt", hero, power=5, toughness=5)
    game.add_counters(hero, "+1/+1", 2)
    game.damage(hero, 1)
    game.flip(hero)
    game.move(hero, "hand")
    assert (hero.zone, hero.name, hero.flipped, hero.counters, hero.damage) == (
        "hand", "Bushi Tenderfoot", False, {}, 0)
    assert own not in game.effects           # an effect aimed at the old object ended
    assert aura.zone == "graveyard"          # the Aura fell off (illegal attachment)
    game.move(hero, "battlefield")
    assert (hero.name, hero.power, hero.toughness, hero.flipped) == (
        "Bushi Tenderfoot", 1, 1, False)
    assert game.flip(hero) is True           # a new object, so it can flip again


def test_508_4_returning_flipped_when_the_instruction_says_so(game: Game) -> None:
    homura = game.put("Homura, Human Ascendant")
    game.move(homura, "graveyard")
    game.move(homura, "battlefield", flipped=True)
    assert (homura.name, homura.flipped, homura.types, homura.power) == (
        "Homura's Essence", True, ("Enchantment",), None)


def test_508_4_entering_flipped_only_onto_the_battlefield(game: Game) -> None:
    with pytest.raises(IllegalActionError):
        game.put("Bushi Tenderfoot", "hand", flipped=True)
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    assert kenzo.name == "Kenzo the Hardhearted"


def test_lookup_accepts_either_half_any_case_and_full_name() -> None:
    assert card("KENZO THE HARDHEARTED") is card("bushi tenderfoot")
    assert card("Bushi Tenderfoot // Kenzo the Hardhearted").name == "Bushi Tenderfoot"


def test_lookup_of_a_wrong_name_suggests_the_closest() -> None:
    with pytest.raises(UnknownCardError) as info:
        card("Kenzo the Hardharted")
    assert info.value.suggestions[0] == "Kenzo the Hardhearted"
    assert isinstance(info.value, ValueError)
    assert "did you mean 'Kenzo the Hardhearted'" in str(info.value)


def test_errors_name_what_was_wrong(game: Game) -> None:
    with pytest.raises(FlipCardsError, match="no zone 'graveyrd'; did you mean 'graveyard'"):
        game.put("Bushi Tenderfoot", "graveyrd")
    with pytest.raises(FlipCardsError, match="no player 'Alise'; did you mean 'Alice'"):
        game.put("Bushi Tenderfoot", owner="Alise")
    with pytest.raises(FlipCardsError, match="no rules edition '2005'"):
        Game("2005")


def test_all_21_flip_cards_have_both_halves_and_descriptions() -> None:
    flip_cards = [c for c in __import__("flipcards").all_cards() if c.is_flip_card]
    assert len(flip_cards) == 21
    for c in flip_cards:
        assert c.flipped is not None
        assert c.normal.text and c.flipped.text and c.flip_condition, c.name
        assert c.scryfall_url.startswith("https://scryfall.com/")
        assert c.gatherer_url.endswith(f"multiverseid={c.multiverse_id}")


def test_508_4_each_flip_is_a_log_entry_with_its_kind_rule_and_object() -> None:
    game = Game("2004")
    hero = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears")
    game.flip(hero)
    game.flip(hero)
    game.flip(bears)
    game.move(bears, "graveyard")
    game.flip(bears)
    assert game.log == [entry.text for entry in game.entries]
    tagged = [(e.kind, e.rule, e.about) for e in game.entries if e.kind]
    assert tagged == [("flip", "508.2", (hero,)), ("flip_again", "ruling-3", (hero,)),
                      ("no_flip", "508.1", (bears,)), ("no_flip", "508.2", (bears,))]


def test_704_5j_the_legend_rule_entry_names_the_player_the_name_and_the_choice() -> None:
    game = Game("current")
    first = game.put("Bushi Tenderfoot", flipped=True)
    second = game.put("Bushi Tenderfoot", flipped=True)
    (entry,) = [e for e in game.entries if e.kind == "legend_rule"]
    assert (entry.rule, entry.player, entry.name, entry.default, entry.about) == (
        "704.5j", "Alice", "Kenzo the Hardhearted", True, (first, second))
    game = Game("2004")
    game.put("Bushi Tenderfoot", flipped=True)
    game.put("Bushi Tenderfoot", flipped=True)
    (entry,) = [e for e in game.entries if e.kind == "legend_rule"]
    assert (entry.rule, entry.player) == ("ruling-4", "")
