"""The seven rulings printed with rule 508, one test (or more) each, both editions."""

from __future__ import annotations

from flipcards import Filter, Game


def test_ruling_1_only_name_types_text_and_pt_change(game: Game) -> None:
    erayo = game.put("Erayo, Soratami Ascendant")
    game.flip(erayo)
    assert (erayo.mana_cost, erayo.mana_value, erayo.colors) == ("{1}{U}", 2, ("U",))
    assert (erayo.name, erayo.types, erayo.power) == ("Erayo's Essence", ("Enchantment",), None)


def test_ruling_2_counters_stay_when_it_flips_into_a_2_3_it_becomes_3_4(game: Game) -> None:
    # Jushi Apprentice is printed 1/2 and flips into a 2/3 (Tomoya the Revealer): with a
    # +1/+1 counter the flipped creature is 3/4, as in the ruling.
    apprentice = game.put("Jushi Apprentice")
    game.add_counters(apprentice, "+1/+1", 1)
    assert (apprentice.power, apprentice.toughness) == (2, 3)
    game.flip(apprentice)
    assert (apprentice.name, apprentice.power, apprentice.toughness) == (
        "Tomoya the Revealer", 3, 4)
    assert apprentice.counters == {"+1/+1": 1}


def test_ruling_2_a_1_1_with_a_counter_keeps_it_through_the_flip(game: Game) -> None:
    hero = game.put("Bushi Tenderfoot")      # 1/1, flips into a 3/4
    game.add_counters(hero, "+1/+1", 1)
    game.damage(hero, 1)
    game.flip(hero)
    assert (hero.power, hero.toughness, hero.damage) == (4, 5, 1)


def test_ruling_2_effects_and_damage_and_auras_stay_when_it_flips(game: Game) -> None:
    hero = game.put("Kitsune Mystic")
    aura = game.put("Pacifism", attached_to=hero)
    game.damage(hero, 2)
    game.flip(hero)
    assert hero.damage == 2
    assert aura.attached_to == hero


def test_ruling_3_flipping_a_second_time_has_no_effect(game: Game) -> None:
    hero = game.put("Student of Elements")
    assert game.flip(hero) and not game.flip(hero)
    assert hero.name == "Tobita, Master of Winds"
    assert game.log[-1].endswith("flipping it again does nothing.")


def test_ruling_4_legend_rule_on_flipping_2004_puts_all_into_graveyards() -> None:
    game = Game("2004")
    first = game.put("Bushi Tenderfoot", flipped=True)
    second = game.put("Bushi Tenderfoot", owner="Bob")
    game.flip(second)
    assert (first.zone, second.zone) == ("graveyard", "graveyard")
    assert (first.owner, second.owner) == ("Alice", "Bob")


def test_ruling_4_legend_rule_current_is_per_controller_who_keeps_one() -> None:
    game = Game("current")
    mine = game.put("Bushi Tenderfoot", flipped=True)
    theirs = game.put("Bushi Tenderfoot", owner="Bob", flipped=True)
    assert (mine.zone, theirs.zone) == ("battlefield", "battlefield")
    newer = game.put("Bushi Tenderfoot")
    game.flip(newer, keep=[mine])
    assert (mine.zone, newer.zone) == ("battlefield", "graveyard")
    default = game.put("Bushi Tenderfoot", flipped=True)   # no choice: keeps the newest
    assert (mine.zone, default.zone) == ("graveyard", "battlefield")


def test_ruling_4_unflipped_heroes_are_not_legendary(game: Game) -> None:
    a, b = game.put("Bushi Tenderfoot"), game.put("Bushi Tenderfoot")
    assert (a.zone, b.zone) == ("battlefield", "battlefield")


def test_ruling_5_naming_either_half_is_legal(game: Game) -> None:
    in_library = game.put("Bushi Tenderfoot", "library")
    named = game.name_card("Kenzo the Hardhearted")
    assert named.legal and named.matches == ()
    assert game.name_card("Bushi Tenderfoot").matches == (in_library,)


def test_ruling_5_the_card_has_the_flipped_name_only_once_flipped_in_play(game: Game) -> None:
    hero = game.put("Bushi Tenderfoot")
    assert game.name_card("Kenzo the Hardhearted").matches == ()
    game.flip(hero)
    assert game.name_card("Kenzo the Hardhearted").matches == (hero,)
    assert game.name_card("Bushi Tenderfoot").matches == ()


def test_ruling_5_the_combined_name_is_not_a_card_name(game: Game) -> None:
    assert game.name_card("Bushi Tenderfoot // Kenzo the Hardhearted").legal is False


def test_ruling_6_copy_of_a_flipped_permanent_is_the_normal_version(game: Game) -> None:
    hero = game.put("Akki Lavarunner", flipped=True)
    token = game.copy(hero, controller="Bob")
    assert (token.name, token.flipped, token.is_token) == ("Akki Lavarunner", False, True)
    game.move(hero, "graveyard")                  # out of the way of the legend rule
    assert game.flip(token)                       # "That copy may flip later"
    assert token.name == "Tok-Tok, Volcano Born"


def test_ruling_6_copy_effects_copy_the_card_not_counters_or_effects(game: Game) -> None:
    hero = game.put("Bushi Tenderfoot", flipped=True)
    game.add_counters(hero, "+1/+1", 3)
    game.add_effect("add_keyword", hero, keyword="Flying")
    token = game.copy(hero)
    assert (token.power, token.toughness, token.keywords) == (1, 1, ())


def test_ruling_6_a_token_copy_that_leaves_ceases_to_exist(game: Game) -> None:
    token = game.copy(game.put("Bushi Tenderfoot"))
    game.move(token, "graveyard")
    assert token.zone is None
    assert "ceases to exist" in game.log[-1]


def test_ruling_7_status_is_visible_in_the_summary(game: Game) -> None:
    hero = game.put("Orochi Eggwatcher")
    assert "flipped" not in str(hero)
    game.flip(hero)
    assert str(hero).endswith("· flipped")


def test_ruling_become_copy_2004_gives_the_normal_half_even_if_flipped() -> None:
    game = Game("2004")
    model = game.put("Bushi Tenderfoot")
    shape = game.put("Jushi Apprentice", flipped=True)
    game.become_copy(shape, model)
    assert shape.name == "Bushi Tenderfoot"


def test_707_3_current_flipped_permanent_becoming_a_copy_shows_the_flipped_half() -> None:
    game = Game("current")
    model = game.put("Bushi Tenderfoot", "graveyard")
    shape = game.put("Jushi Apprentice", flipped=True)
    game.become_copy(shape, model)
    assert (shape.name, shape.power, shape.toughness) == ("Kenzo the Hardhearted", 3, 4)
    assert shape.mana_cost == "{W}"


def test_707_2_unflipped_permanent_becoming_a_copy_can_flip_later(game: Game) -> None:
    model = game.put("Akki Lavarunner", "exile")
    shape = game.put("Grizzly Bears")
    game.become_copy(shape, model)
    assert shape.name == "Akki Lavarunner"
    assert game.flip(shape)
    assert shape.name == "Tok-Tok, Volcano Born"


def test_saviors_flip_into_legendary_enchantments_aura_falls_off_counters_stay(
        game: Game) -> None:
    kuon = game.put("Kuon, Ogre Ascendant")
    pacifism = game.put("Pacifism", attached_to=kuon)
    game.add_counters(kuon, "+1/+1", 2)
    game.flip(kuon)
    assert (kuon.name, kuon.supertypes, kuon.types) == ("Kuon's Essence", ("Legendary",),
                                                        ("Enchantment",))
    assert (kuon.power, kuon.toughness) == (None, None)
    assert kuon.counters == {"+1/+1": 2}
    assert pacifism.zone == "graveyard"
    # The counters count again as soon as it is a creature again.
    game.add_effect("add_types", kuon, types=["Creature"])
    game.add_effect("set_pt", kuon, power=4, toughness=4)
    assert (kuon.power, kuon.toughness) == (6, 6)


def test_613_layers_filters_see_earlier_layers(game: Game) -> None:
    hero = game.put("Bushi Tenderfoot")
    game.add_effect("modify_pt", Filter(supertypes=["Legendary"]), power=1, toughness=1)
    assert hero.power == 1
    game.add_effect("add_types", hero, supertypes=["Legendary"])   # layer 4, later timestamp
    assert (hero.power, hero.toughness) == (2, 2)


def test_613_switch_applies_after_set_modify_and_counters(game: Game) -> None:
    hero = game.put("Cunning Bandit")
    game.add_effect("switch_pt", hero)
    game.add_effect("set_pt", hero, power=1, toughness=5)
    game.add_counters(hero, "+1/+1", 1)
    game.add_effect("modify_pt", hero, power=2, toughness=0)
    assert (hero.power, hero.toughness) == (6, 4)


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


def test_704_5q_counters_annihilate_only_under_the_current_rules() -> None:
    now, then = Game("current"), Game("2004")
    for g in (now, then):
        obj = g.put("Grizzly Bears")
        g.add_counters(obj, "+1/+1", 2)
        g.add_counters(obj, "-1/-1", 1)
        expected = {"+1/+1": 1} if g is now else {"+1/+1": 2, "-1/-1": 1}
        assert obj.counters == expected


def test_2004_text_says_in_play_current_says_battlefield() -> None:
    assert Game("2004").put("Bushi Tenderfoot") and True
    old, new = Game("2004"), Game("current")
    old.put("Bushi Tenderfoot")
    new.put("Bushi Tenderfoot")
    assert old.log == ["Alice puts Bushi Tenderfoot into play."]
    assert new.log == ["Alice puts Bushi Tenderfoot onto the battlefield."]
    assert "in play:" in str(old) and "battlefield:" in str(new)


def test_output_is_deterministic() -> None:
    def play() -> str:
        g = Game("2004")
        hero = g.put("Bushi Tenderfoot")
        g.flip(hero)
        g.copy(hero)
        return str(g) + repr(hero) + "\n".join(g.log)

    assert play() == play()
    assert "0x" not in play()
