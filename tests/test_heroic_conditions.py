"""Heroic conditions: every flip card flips because its own condition happened.

One example scenario per card ships in ``flipcards/scenarios``; each is run under both editions.
The Python tests check each threshold one short, and the rulings of the conditions.
"""

from __future__ import annotations

import json
from importlib import resources

import pytest

from flipcards import EDITIONS, Game, IllegalActionError, all_cards, run_scenario

SCENARIOS = sorted(
    p.name for p in resources.files("flipcards").joinpath("scenarios").iterdir()
    if p.name.endswith(".json")
)


def slug(name: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in name.lower()).replace("--", "-").strip("-")


def test_there_is_one_example_scenario_per_flip_card() -> None:
    expected = {f"{slug(c.name)}.json" for c in all_cards() if c.is_flip_card}
    assert set(SCENARIOS) == expected


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("name", SCENARIOS)
def test_example_scenario_flips_the_card_through_its_own_condition(name: str,
                                                                   edition: str) -> None:
    doc = json.loads(resources.files("flipcards").joinpath("scenarios", name).read_text())
    doc["rules"] = edition
    out = run_scenario(doc)
    assert out["failures"] == []
    flips = [s for s in doc["steps"] if "flip" in s]
    if name != "curse-of-the-fire-penguin.json":   # the one card with no flip condition
        assert flips == [], "the card must flip by its condition, not by a flip step"
        assert any("triggers" in line or "needed" in line or "(ten or more)" in line
                   or "(seven or more)" in line or "(nine or more)" in line
                   or "is empty" in line or "no cards in hand" in line
                   for line in out["log"]), out["log"]
    assert any(" flips: it is now " in line or ", flipped; it is a new object" in line
               for line in out["log"])


def test_every_card_description_says_what_flips_it() -> None:
    for c in all_cards():
        if c.is_flip_card:
            assert c.flip_condition.strip(), c.name


def names_in(game: Game, zone: str, player: str = "Alice") -> list[str]:
    return [o.name for o in game.objects(zone, player)]


# --- one short of each threshold: no flip ------------------------------------------------------

def test_bushi_tenderfoot_needs_the_creature_it_damaged_to_die(game: Game) -> None:
    bushi = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(bushi, bears, 1)
    assert not bushi.flipped
    other = game.put("Runeclaw Bear", owner="Bob")
    game.damage(other, 2)                        # a creature it did not damage dies
    assert not bushi.flipped
    game.deal_damage(bushi, bears, 1)
    assert bushi.name == "Kenzo the Hardhearted"
    died = "was put into a graveyard" if game.edition == "2004" else "died"
    assert f"a creature it damaged this turn (Grizzly Bears) {died}" in "\n".join(game.log)


def test_bushi_tenderfoot_damage_from_last_turn_does_not_count(game: Game) -> None:
    bushi = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(bushi, bears, 1)
    game.next_turn()
    game.damage(bears, 2)
    assert not bushi.flipped


def test_kitsune_mystic_one_aura_is_not_enough(game: Game) -> None:
    mystic = game.put("Kitsune Mystic")
    game.put("Pacifism", attached_to=mystic)
    game.end_step()
    assert not mystic.flipped
    game.put("Pacifism", attached_to=mystic)
    assert not mystic.flipped                    # only at the beginning of the end step
    game.next_turn()                             # Bob's turn: its end step counts too
    game.end_step()
    assert mystic.flipped


def test_jushi_apprentice_eight_cards_after_drawing_is_one_short(game: Game) -> None:
    jushi = game.put("Jushi Apprentice")
    for _ in range(7):
        game.put("Island", "hand")
    game.put("Shock", "library")
    game.activate(jushi)
    assert len(game.objects("hand", "Alice")) == 8 and not jushi.flipped
    assert "nine are needed" in game.log[-1]


def test_jushi_apprentice_needs_to_be_untapped(game: Game) -> None:
    jushi = game.put("Jushi Apprentice")
    game.tap(jushi)
    with pytest.raises(IllegalActionError, match="tapped"):
        game.activate(jushi)


def test_student_of_elements_flips_when_it_gets_flying_from_anything(game: Game) -> None:
    student = game.put("Student of Elements")
    game.add_effect("add_keyword", student, keyword="Trample")
    assert not student.flipped
    game.add_effect("add_keyword", student, keyword="Flying")
    assert student.name == "Tobita, Master of Winds"


def test_nezumi_graverobber_one_card_left_is_one_short(game: Game) -> None:
    rat = game.put("Nezumi Graverobber")
    first = game.put("Grizzly Bears", "graveyard", owner="Bob")
    game.put("Shock", "graveyard", owner="Bob")
    game.activate(rat, target=first)
    assert not rat.flipped


def test_nezumi_graverobber_targets_only_an_opponents_graveyard(game: Game) -> None:
    rat = game.put("Nezumi Graverobber")
    mine = game.put("Grizzly Bears", "graveyard")
    with pytest.raises(IllegalActionError, match="opponent's graveyard"):
        game.activate(rat, target=mine)


def test_nezumi_shortfang_one_card_left_is_one_short(game: Game) -> None:
    rat = game.put("Nezumi Shortfang")
    game.put("Shock", "hand", owner="Bob")
    game.put("Giant Growth", "hand", owner="Bob")
    game.activate(rat, target="Bob")
    assert not rat.flipped and len(game.objects("hand", "Bob")) == 1


def test_akki_lavarunner_damage_to_a_creature_or_to_its_controller_does_not_flip(
        game: Game) -> None:
    akki = game.put("Akki Lavarunner")
    game.deal_damage(akki, game.put("Grizzly Bears", owner="Bob"), 1)
    game.deal_damage(akki, "Alice", 1)
    assert not akki.flipped
    game.deal_damage(akki, "Bob", 1)
    assert akki.flipped and game.life("Bob") == 19


def test_initiate_of_blood_creature_survives_is_one_short(game: Game) -> None:
    initiate = game.put("Initiate of Blood")
    wall = game.put("Kami of Ancient Law", owner="Bob")
    with pytest.raises(IllegalActionError, match="not dealt damage this turn"):
        game.activate(initiate, target=wall)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", bears, power=0, toughness=5)
    game.damage(bears, 1)
    game.activate(initiate, target=bears)       # 2 damage on a 2/7: it survives
    assert bears.zone == "battlefield" and not initiate.flipped
    game.next_turn()
    game.damage(bears, 7)                        # dies next turn: the delayed trigger is gone
    assert bears.zone == "graveyard" and not initiate.flipped


def test_budoka_gardener_nine_lands_is_one_short(game: Game) -> None:
    gardener = game.put("Budoka Gardener")
    for _ in range(9):
        game.put("Forest")
    game.activate(gardener)
    assert not gardener.flipped and "ten are needed" in game.log[-1]


def test_budoka_gardener_flips_at_ten_lands_even_if_no_land_is_put(game: Game) -> None:
    gardener = game.put("Budoka Gardener")
    for _ in range(10):
        game.put("Forest")
    game.put("Forest", "hand")
    game.activate(gardener)                      # the land is optional
    assert gardener.flipped
    assert len(game.objects("hand", "Alice")) == 1


def test_budoka_gardener_second_copy_of_a_legendary_land_still_counts(game: Game) -> None:
    gardener = game.put("Budoka Gardener")
    for _ in range(8):
        game.put("Forest")
    game.put("Okina, Temple to the Grandfathers")
    second = game.put("Okina, Temple to the Grandfathers", "hand")
    game.activate(gardener, land=second)         # ten lands while the ability resolves
    assert gardener.flipped
    okinas = [o for o in game.objects("battlefield") if o.name.startswith("Okina")]
    # Afterwards the legend rule applies: 2004 keeps none, today one.
    assert len(okinas) == (0 if game.edition == "2004" else 1)


def test_orochi_eggwatcher_nine_creatures_is_one_short(game: Game) -> None:
    egg = game.put("Orochi Eggwatcher")
    for _ in range(7):
        game.put("Grizzly Bears")
    game.activate(egg)
    assert not egg.flipped and "Snake" in names_in(game, "battlefield")


@pytest.mark.parametrize("betrayer", ["Faithful Squire", "Callow Jushi", "Hired Muscle",
                                      "Cunning Bandit", "Budoka Pupil"])
def test_betrayers_one_ki_counter_is_one_short_and_other_spells_give_none(
        game: Game, betrayer: str) -> None:
    card_ = game.put(betrayer)
    game.cast("Shock")                           # neither Spirit nor Arcane
    game.cast("Kami of Ancient Law", "Bob")      # a Spirit, but not cast by its controller
    game.cast("Cranial Extraction")              # Arcane
    assert card_.counters == {"ki": 1}
    game.end_step()
    assert not card_.flipped


def test_betrayers_may_decline_the_flip(game: Game) -> None:
    squire = game.put("Faithful Squire")
    game.cast("Kami of Ancient Law")
    game.cast("Cranial Extraction")
    game.end_step(decline=[squire])
    assert not squire.flipped and squire.counters == {"ki": 2}
    assert "chooses not to use Faithful Squire's ability" in game.log[-1]
    game.next_turn()
    game.end_step()
    assert squire.flipped                        # the counters stayed; next end step it may


def test_betrayers_may_decline_the_ki_counter(game: Game) -> None:
    pupil = game.put("Budoka Pupil")
    game.cast("Kami of Ancient Law", decline=[pupil])
    assert pupil.counters == {}


def test_rune_tail_29_life_is_one_short(game: Game) -> None:
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    game.gain_life("Alice", 9)
    assert not rune_tail.flipped
    game.gain_life("Bob", 20)                    # an opponent's life does not count
    assert not rune_tail.flipped
    game.gain_life("Alice", 1)
    assert rune_tail.flipped


def test_erayo_third_spell_is_one_short_and_spells_before_it_entered_count(
        game: Game) -> None:
    game.cast("Shock")
    game.cast("Shock", "Bob")
    erayo = game.put("Erayo, Soratami Ascendant")
    game.cast("Giant Growth")
    assert not erayo.flipped and game.spells_cast_this_turn == 3
    game.cast("Giant Growth", "Bob")
    assert erayo.flipped


def test_erayo_does_not_flip_if_it_was_itself_the_fourth_spell(game: Game) -> None:
    for _ in range(3):
        game.cast("Shock")
    erayo = game.cast("Erayo, Soratami Ascendant")
    assert erayo.zone == "battlefield" and not erayo.flipped
    game.cast("Shock")                           # the fifth spell does not flip it either
    assert not erayo.flipped


def test_kuon_two_deaths_is_one_short(game: Game) -> None:
    for _ in range(2):
        game.damage(game.put("Grizzly Bears"), 2)
    kuon = game.put("Kuon, Ogre Ascendant")
    assert game.creatures_died_this_turn == 2
    game.end_step()
    assert not kuon.flipped


def test_kuon_three_deaths_before_it_entered_count(game: Game) -> None:
    for owner in ("Alice", "Bob", "Bob"):
        game.damage(game.put("Grizzly Bears", owner=owner), 2)
    kuon = game.put("Kuon, Ogre Ascendant")
    game.end_step()
    assert kuon.flipped


def test_kuon_deaths_of_last_turn_do_not_count(game: Game) -> None:
    for _ in range(3):
        game.damage(game.put("Grizzly Bears"), 2)
    game.next_turn()
    kuon = game.put("Kuon, Ogre Ascendant")
    game.end_step()
    assert not kuon.flipped


def test_homura_returns_flipped_as_a_new_object(game: Game) -> None:
    homura = game.put("Homura, Human Ascendant")
    game.add_counters(homura, "+1/+1", 2)
    game.damage(homura, 6)
    assert (homura.zone, homura.name, homura.flipped) == ("battlefield", "Homura's Essence", True)
    assert (homura.counters, homura.damage) == ({}, 0)       # no memory of the old object
    game.move(homura, "graveyard")               # the Essence has no such ability
    assert homura.zone == "graveyard"


def test_homura_exiled_does_not_return(game: Game) -> None:
    homura = game.put("Homura, Human Ascendant")
    game.move(homura, "exile")
    assert homura.zone == "exile"


def test_sasaya_six_lands_is_one_short(game: Game) -> None:
    sasaya = game.put("Sasaya, Orochi Ascendant")
    for _ in range(6):
        game.put("Forest", "hand")
    game.put("Shock", "hand")
    game.activate(sasaya)
    assert not sasaya.flipped


def test_curse_of_the_fire_penguin_has_no_condition_but_flips_and_returns(game: Game) -> None:
    bears = game.put("Grizzly Bears", owner="Bob")
    curse = game.put("Curse of the Fire Penguin", attached_to=bears)
    with pytest.raises(IllegalActionError, match="no activated ability"):
        game.activate(curse)
    game.end_step()
    assert not curse.flipped
    game.flip(curse)
    assert (curse.types, curse.subtypes, curse.power, curse.toughness) == (
        ("Creature",), ("Penguin",), 6, 5)
    assert curse.attached_to is None             # no longer an Aura: it becomes unattached
    game.damage(curse, 5)                        # dies, and comes back as an Aura
    assert (curse.zone, curse.name, curse.attached_to) == (
        "battlefield", "Curse of the Fire Penguin", bears)


def test_flipped_half_loses_the_flip_ability(game: Game) -> None:
    akki = game.put("Akki Lavarunner", flipped=True)
    game.deal_damage(akki, "Bob", 1)
    assert not any("triggers" in line for line in game.log)


def test_activating_a_card_without_such_ability_names_the_ones_that_have_it(
        game: Game) -> None:
    with pytest.raises(IllegalActionError, match="Jushi Apprentice"):
        game.activate(game.put("Bushi Tenderfoot"))
