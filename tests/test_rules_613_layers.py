"""Continuous effects in layers (613) around flip cards: the copy effect in layer 1, type and
color changes, abilities removed in layer 6 (613.1f: a card without its flip ability does not
flip), the power/toughness sublayers, dependencies (613.8) and filters that read what earlier
layers made; static abilities of flipped halves that reach their controller's creatures.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import obj, run

from flipcards import (
    EDITIONS,
    Filter,
    FlipCardsError,
    Game,
    IllegalActionError,
    ScenarioError,
    run_scenario,
)


def test_613_1f_a_bushi_tenderfoot_that_lost_all_abilities_does_not_flip(game: Game) -> None:
    """Layer 6: an effect that removes all abilities removes the flip ability too: the
    creature Bushi Tenderfoot damaged dies, and nothing flips it."""
    tenderfoot = game.put("Bushi Tenderfoot")
    game.add_effect("remove_all_abilities", tenderfoot)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(tenderfoot, bears, 1)
    game.damage(bears, 1)
    assert bears.zone == "graveyard"
    assert not tenderfoot.flipped


def test_613_1f_a_homura_without_abilities_that_dies_stays_in_the_graveyard(
        game: Game) -> None:
    """603.10: "when this dies" looks back at the creature as it was: without abilities it
    had no such ability, so Homura does not return."""
    homura = game.put("Homura, Human Ascendant")
    game.add_effect("remove_all_abilities", homura)
    game.damage(homura, 4)
    assert (homura.zone, homura.name) == ("graveyard", "Homura, Human Ascendant")


def test_613_1f_a_jushi_apprentice_without_abilities_cannot_activate(game: Game) -> None:
    """An activated ability removed by a layer-6 effect cannot be activated, and the refusal
    says so (not that the model knows no ability of Jushi Apprentice's)."""
    jushi = game.put("Jushi Apprentice")
    game.add_effect("remove_all_abilities", jushi)
    with pytest.raises(IllegalActionError, match=r"^Jushi Apprentice has lost all its "
                       r"abilities to an effect: it has none to activate$"):
        game.activate(jushi)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("name", ["Honor-Worn Shaku", "Forest"])
def test_613_1f_a_permanent_that_lost_all_abilities_taps_for_no_mana(edition: str,
                                                                      name: str) -> None:
    """Honor-Worn Shaku's "{T}: Add {C}" and a Forest's "{T}: Add {G}" (the ability its land
    type gives it, 305.6) are removed in layer 6 like any other: both still tapped for
    mana."""
    game = Game(edition, costs="paid")
    blanked = game.put(name)
    game.add_effect("remove_all_abilities", blanked)
    with pytest.raises(IllegalActionError, match=f"^{name} has lost all its abilities to an "
                                                 "effect: it has no mana ability$"):
        game.tap_for_mana(blanked)
    assert not blanked.tapped and game.mana_pool("Alice") == {}


@pytest.mark.parametrize("edition", EDITIONS)
def test_613_1f_an_aura_that_lost_all_abilities_no_longer_restricts_or_changes_its_creature(
        edition: str) -> None:
    """Pacifism's "can't attack or block" and Curse of the Fire Penguin's "is a 6/5 Penguin"
    (and its "when this creature dies") are the Auras' static abilities: once an effect
    removes them the Bears attacks and Kenzo is Kenzo again. Pacifism still stopped the
    attack, and the Curse still made the Penguin."""
    game = Game(edition)
    bears = game.put("Grizzly Bears")
    pacifism = game.put("Pacifism", attached_to=bears)
    kenzo = game.put("Bushi Tenderfoot", flipped=True, owner="Bob")
    curse = game.put("Curse of the Fire Penguin", owner="Bob", attached_to=kenzo)
    assert (kenzo.power, kenzo.toughness) == (6, 5)
    game.add_effect("remove_all_abilities", pacifism)
    game.add_effect("remove_all_abilities", curse)
    assert (kenzo.power, kenzo.toughness, kenzo.subtypes) == (3, 4, ("Human", "Samurai"))
    game.attack([bears])
    assert game.attacking(bears) == "Bob"
    game.damage(kenzo, 4)
    game.resolve_stack()
    assert curse.zone == "graveyard"                 # nothing brought it back onto the Bears


def test_613_1f_a_student_of_elements_without_abilities_that_gains_flying_does_not_flip(
        game: Game) -> None:
    """Layer 6, timestamp order: a Student that lost all abilities and then gains flying has
    flying but no ability that flips it."""
    student = game.put("Student of Elements")
    game.add_effect("remove_all_abilities", student)
    game.add_effect("add_keyword", student, keyword="Flying")
    assert "Flying" in student.keywords
    assert not student.flipped


def test_613_1f_a_tobita_without_abilities_gives_no_flying(game: Game) -> None:
    """A flipped Tobita that lost all abilities has no static ability: its controller's
    creatures do not have flying, and get it back when the effect ends."""
    tobita = game.put("Student of Elements", flipped=True)
    bears = game.put("Grizzly Bears")
    assert "Flying" in bears.keywords
    frog = game.add_effect("remove_all_abilities", tobita)
    assert "Flying" not in bears.keywords and "Flying" not in tobita.keywords
    game.end_effect(frog)
    assert "Flying" in bears.keywords


def test_613_8_dependency_a_type_effect_waits_for_the_one_that_makes_its_object_a_creature(
        ) -> None:
    """613.8a (today's rules): within layer 4, an effect depends on another if applying the
    other changes what it applies to; the dependent one applies after it, whatever the
    timestamps. "Creatures are Spirits" (earlier) depends on "this Essence is a creature"
    (later), so the animated Rune-Tail's Essence is a Spirit."""
    out = run("current", [
        {"put": "Rune-Tail, Kitsune Ascendant", "as": "rt", "flipped": True},
        {"effect": "size", "kind": "set_pt", "affects": "rt", "power": 2, "toughness": 2},
        {"effect": "spirits", "kind": "add_types", "affects": {"types": ["Creature"]},
         "subtypes": ["Spirit"]},
        {"effect": "animate", "kind": "add_types", "affects": "rt", "types": ["Creature"]},
    ])
    rt = obj(out, "rt")
    assert "Creature" in rt["types"]
    assert rt["subtypes"] == ["Spirit"], rt["subtypes"]


@pytest.mark.parametrize("rules", EDITIONS)
def test_613_8_dependency_in_the_color_layer_and_timestamp_order_without_one(rules: str) -> None:
    """613.8a in layer 5: "red permanents are white" (earlier) depends on "the Bears are
    red" (later), which changes what it applies to: the Bears end white. The Runeclaw Bear,
    which no later effect touches, is green and stays so; and an effect that depends on
    nothing keeps its timestamp: a later "the Bears are blue" on another Bear wins."""
    out = run(rules, [
        {"put": "Grizzly Bears", "as": "bears"},
        {"put": "Runeclaw Bear", "as": "other"},
        {"effect": "whiten", "kind": "set_colors", "affects": {"colors": ["R"]}, "colors": ["W"]},
        {"effect": "redden", "kind": "set_colors", "affects": "bears", "colors": ["R"]},
        {"effect": "blue", "kind": "set_colors", "affects": "other", "colors": ["U"]},
        {"effect": "green", "kind": "set_colors", "affects": "other", "colors": ["G"]},
    ])
    assert obj(out, "bears")["colors"] == ["W"]
    assert obj(out, "other")["colors"] == ["G"]


@pytest.mark.parametrize("rules", EDITIONS)
def test_613_8_dependency_loop_applies_in_timestamp_order(rules: str) -> None:
    """613.8b: effects that depend on each other apply in timestamp order. "Spirits are
    Goblins" and "Goblins are Spirits" each change what the other applies to (a permanent
    with one subtype gets the other). The Bears, made a Spirit by an earlier effect, get
    Goblin; nothing here is applied twice or lost."""
    out = run(rules, [
        {"put": "Grizzly Bears", "as": "bears"},
        {"effect": "spirit", "kind": "add_types", "affects": "bears", "subtypes": ["Spirit"]},
        {"effect": "goblins", "kind": "add_types", "affects": {"subtypes": ["Spirit"]},
         "subtypes": ["Goblin"]},
        {"effect": "spirits", "kind": "add_types", "affects": {"subtypes": ["Goblin"]},
         "subtypes": ["Spirit"]},
    ])
    assert obj(out, "bears")["subtypes"] == ["Bear", "Spirit", "Goblin"]


@pytest.mark.parametrize("rules", EDITIONS)
def test_613_a_filter_sees_the_types_an_earlier_layer_added_whatever_the_timestamps(
        rules: str) -> None:
    """613: layer 4 (type) applies before layers 6 and 7, so a filter "legendary" of a P/T or
    keyword effect sees a supertype that an add_types effect gave — even one with a LATER
    timestamp. Grizzly Bears made legendary gets the "legendary creatures +2/+2" effect that
    was started first, and the flying given to legendary creatures."""
    out = run(rules, [
        {"put": "Grizzly Bears", "as": "bears"},
        {"effect": "legend_anthem", "kind": "modify_pt",
         "affects": {"supertypes": ["Legendary"], "types": ["Creature"]},
         "power": 2, "toughness": 2},
        {"effect": "legend_wings", "kind": "add_keyword",
         "affects": {"supertypes": ["Legendary"]}, "keyword": "Flying"},
        {"expect": {"bears": {"power": 2, "keywords": []}}},
        {"effect": "crown", "kind": "add_types", "affects": "bears", "supertypes": ["Legendary"]},
        {"expect": {"bears": {"power": 4, "toughness": 4, "keywords": ["Flying"],
                              "supertypes": ["Legendary"]}}},
        {"end_effect": "crown"},
    ])
    assert (obj(out, "bears")["power"], obj(out, "bears")["keywords"]) == (2, [])


def test_613_effects_on_the_copier_apply_over_the_copy_effect_in_layer_1(game: Game) -> None:
    """613.1: the copy effect is layer 1; effects already applying to the permanent keep
    applying on top of it (they named the object, which stays the same). Grizzly Bears has a
    base 5/5 (7b), is blue (layer 5) and has flying (layer 6); it becomes a copy of Hired
    Muscle: named Hired Muscle, cost {1}{B}{B}, but 5/5, blue and flying. An effect for black
    creatures skips it while the color effect lasts (a filter sees layer 5), and applies once
    that ends. Flipped into Scarmaker, the 5/5 still holds."""
    bears = game.put("Grizzly Bears")
    game.add_effect("set_pt", bears, power=5, toughness=5)
    blue = game.add_effect("set_colors", bears, colors=["U"])
    game.add_effect("add_keyword", bears, keyword="Flying")
    game.add_effect("modify_pt", Filter(colors=["B"], types=["Creature"]), power=1, toughness=1)
    muscle = game.put("Hired Muscle", zone="graveyard", owner="Bob")
    game.become_copy(bears, muscle)
    assert (bears.name, bears.mana_cost, bears.mana_value) == ("Hired Muscle", "{1}{B}{B}", 3)
    assert (bears.power, bears.toughness, bears.colors) == (5, 5, ("U",))
    assert "Flying" in bears.keywords
    game.end_effect(blue)
    assert (bears.colors, bears.power, bears.toughness) == (("B",), 6, 6)
    assert game.flip(bears)
    assert (bears.name, bears.supertypes, bears.power, bears.toughness) == (
        "Scarmaker", ("Legendary",), 6, 6)


def test_613_glorious_anthem_keeps_an_animated_essence_alive(game: Game) -> None:
    """613 layers: Kuon's Essence made "also a creature" has no printed P/T: 0/0. Glorious
    Anthem's effect ("creatures you control get +1/+1", started earlier) applies in layer 7c,
    after the type change of layer 4, so it is a 1/1 and survives; when the anthem ends it is
    0/0 and goes to the graveyard (704.5f) — as the Kuon, Ogre Ascendant card."""
    essence = game.put("Kuon, Ogre Ascendant", flipped=True)
    anthem = game.add_effect("modify_pt", Filter(types=["Creature"], controller="Alice"),
                             power=1, toughness=1, label="Glorious Anthem")
    game.add_effect("add_types", essence, types=["Creature"])
    assert (essence.zone, essence.power, essence.toughness) == ("battlefield", 1, 1)
    game.end_effect(anthem)
    assert (essence.zone, essence.name) == ("graveyard", "Kuon, Ogre Ascendant")


def test_613_homuras_essence_helps_the_creatures_of_its_controller_not_its_owner(
        game: Game) -> None:
    mine = game.put("Grizzly Bears")
    theirs = game.put("Grizzly Bears", owner="Bob")
    game.put("Homura, Human Ascendant", controller="Bob", flipped=True)
    assert (theirs.power, theirs.toughness) == (4, 4) and "Flying" in theirs.keywords
    assert (mine.power, mine.toughness) == (2, 2)


def test_613_layers_filters_see_earlier_layers(game: Game) -> None:
    hero = game.put("Bushi Tenderfoot")
    game.add_effect("modify_pt", Filter(supertypes=["Legendary"]), power=1, toughness=1)
    assert hero.power == 1
    game.add_effect("add_types", hero, supertypes=["Legendary"])   # layer 4, later timestamp
    assert (hero.power, hero.toughness) == (2, 2)


@pytest.mark.parametrize("rules", EDITIONS)
def test_613_pt_sublayers_not_timestamps_order_set_modify_counters_switch(rules: str) -> None:
    """613 (2004: 418.5): P/T effects apply set → modify and counters → switch whatever their
    timestamps. A flipped Rune-Tail's Essence (no P/T: P/T effects wait) with two +1/+1
    counters gets, in this timestamp order, switch, +0/+3, base 1/4, and only then becomes a
    creature (layer 4): 1/4 → +0/+3 and +2/+2 → 3/9 → switched → 9/3."""
    out = run(rules, [
        {"put": "Rune-Tail, Kitsune Ascendant", "as": "rt"},
        {"counters": "rt", "kind": "+1/+1", "add": 2},
        {"flip": "rt"},
        {"effect": "switch", "kind": "switch_pt", "affects": "rt"},
        {"effect": "mod", "kind": "modify_pt", "affects": "rt", "power": 0, "toughness": 3},
        {"effect": "set", "kind": "set_pt", "affects": "rt", "power": 1, "toughness": 4},
        {"expect": {"rt": {"power": None, "toughness": None, "counters": {"+1/+1": 2}}}},
        {"effect": "animate", "kind": "add_types", "affects": "rt", "types": ["Creature"]},
        {"expect": {"rt": {"power": 9, "toughness": 3}}},
        {"end_effect": "switch"},
        {"expect": {"rt": {"power": 3, "toughness": 9}}},
    ])
    assert obj(out, "rt")["types"] == ["Enchantment", "Creature"]


def test_613_switch_applies_after_set_modify_and_counters(game: Game) -> None:
    hero = game.put("Cunning Bandit")
    game.add_effect("switch_pt", hero)
    game.add_effect("set_pt", hero, power=1, toughness=5)
    game.add_counters(hero, "+1/+1", 1)
    game.add_effect("modify_pt", hero, power=2, toughness=0)
    assert (hero.power, hero.toughness) == (6, 4)


def test_613_tobita_taken_for_a_turn_gives_flying_to_its_new_controllers_creatures(
        game: Game) -> None:
    """Tobita: "creatures you control": while Bob controls Tobita (Azamuki, until end of
    turn), Bob's creatures fly and Alice's do not; at cleanup it is back."""
    tobita = game.put("Student of Elements", flipped=True)
    mine = game.put("Grizzly Bears")
    theirs = game.put("Grizzly Bears", owner="Bob")
    azamuki = game.put("Cunning Bandit", owner="Bob", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    game.activate(azamuki, target=tobita)
    assert "Flying" in theirs.keywords and "Flying" not in mine.keywords
    game.next_turn()
    assert "Flying" in mine.keywords and "Flying" not in theirs.keywords


def _refused(steps: list[dict[str, Any]]) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "current", "steps": steps})
    return caught.value


def test_613_4b_set_pt_without_toughness_is_refused_not_taken_as_zero() -> None:
    """613.4b: "has base power and toughness X/Y" sets both. A set_pt step that gives only
    the power used to set the toughness to 0, and the creature died of it; now the step is
    refused, naming what is missing, at the field it is missing from (the playground marks
    it)."""
    error = _refused([{"put": "Grizzly Bears", "as": "bears"},
                      {"effect": "e", "kind": "set_pt", "affects": "bears", "power": 4}])
    assert error.path == "steps[1].toughness"
    assert "toughness missing" in error.detail


def test_613_4c_modify_pt_needs_power_or_toughness_and_one_alone_is_plus_x_plus_0() -> None:
    """613.4c: "gets +2/+0" is a modify_pt with only a power; with neither, the effect would
    do nothing, and the step is refused."""
    out = run("current", [{"put": "Grizzly Bears", "as": "bears"},
                          {"effect": "e", "kind": "modify_pt", "affects": "bears", "power": 2},
                          {"expect": {"bears": {"power": 4, "toughness": 2}}}])
    assert obj(out, "bears")["zone"] == "battlefield"
    error = _refused([{"put": "Grizzly Bears", "as": "bears"},
                      {"effect": "e", "kind": "modify_pt", "affects": "bears"}])
    assert error.path == "steps[1].power"
    assert "needs power, toughness or both" in error.detail


@pytest.mark.parametrize("kind", ["Planeswalker", "Tribal", "Kindred", "Battle"])
def test_613_1d_a_2004_game_refuses_a_card_type_that_came_later(kind: str) -> None:
    """A 2004 game took "is also a Planeswalker" without a word, a type its rules never had."""
    game = Game("2004")
    bears = game.put("Grizzly Bears")
    with pytest.raises(FlipCardsError, match=f"the rules of 2004 have no card type {kind}"):
        game.add_effect("add_types", bears, types=[kind])
    assert bears.types == ("Creature",)
    today = Game("current")
    bears = today.put("Grizzly Bears")
    today.add_effect("add_types", bears, types=[kind])
    assert kind in bears.types


@pytest.mark.parametrize("kind", ["Snow", "Ongoing"])
def test_205_4_a_2004_game_refuses_a_supertype_that_came_later(kind: str) -> None:
    """A 2004 game printed "Ongoing Creature": ongoing came in 2010, snow in 2006."""
    game = Game("2004")
    bears = game.put("Grizzly Bears")
    with pytest.raises(FlipCardsError, match=f"the rules of 2004 have no supertype {kind}"):
        game.add_effect("add_types", bears, supertypes=[kind])
    assert bears.supertypes == ()
    today = Game("current")
    bears = today.put("Grizzly Bears")
    today.add_effect("add_types", bears, supertypes=[kind])
    assert kind in bears.supertypes


@pytest.mark.parametrize(("parts", "says"), [
    ({}, "'add_types' needs a supertype, a card type or a subtype to add"),
    ({"subtypes": []}, "'add_types' needs a supertype, a card type or a subtype to add"),
    ({"subtypes": [""]}, "subtypes must be a list of words; [''] holds an empty one"),
    ({"subtypes": ["Goblin", "  "]}, "subtypes must be a list of words; ['Goblin', '  '] holds "
                                     "an empty one"),
])
def test_613_1d_an_add_types_effect_that_adds_nothing_is_refused(
        parts: dict[str, list[str]], says: str) -> None:
    """"Is also …" with nothing after it: the effect was taken, the log said "(is also )", and a
    blank subtype became one of the creature's subtypes. Refused, as a modify_pt with no
    numbers is; the creature keeps its types."""
    error = _refused([{"put": "Akki Lavarunner", "as": "akki"},
                      {"effect": "e", "kind": "add_types", "affects": "akki", **parts}])
    assert says in error.detail
    game = Game("current")
    akki = game.put("Akki Lavarunner")
    with pytest.raises(FlipCardsError, match=r"needs a supertype|empty one"):
        game.add_effect("add_types", akki, **parts)
    assert akki.subtypes == ("Goblin", "Warrior")
    assert not game.effects


@pytest.mark.parametrize("rules", EDITIONS)
def test_613_7e_an_aura_autumn_tail_moves_gets_a_new_timestamp(rules: str) -> None:
    """An Aura gets a new timestamp as it becomes attached: Curse of the Fire Penguin moved by
    Autumn-Tail, Kitsune Sage onto a creature whose base power and toughness an earlier effect
    set to 1/1 makes it 6/5, as the later effect (it kept the timestamp it entered with)."""
    out = run(rules, [
        {"put": "Kitsune Mystic", "as": "autumn", "flipped": True},
        {"put": "Grizzly Bears", "as": "bears", "owner": "Bob"},
        {"put": "Runeclaw Bear", "as": "runeclaw", "owner": "Bob"},
        {"put": "Curse of the Fire Penguin", "as": "curse", "attached_to": "bears"},
        {"effect": "small", "kind": "set_pt", "affects": "runeclaw", "power": 1, "toughness": 1},
        {"activate": "autumn", "target": "curse", "to": "runeclaw"},
    ])
    assert (obj(out, "runeclaw")["power"], obj(out, "runeclaw")["toughness"]) == (6, 5)
    assert (obj(out, "bears")["power"], obj(out, "bears")["toughness"]) == (2, 2)


def test_613_7e_an_aura_attached_again_applies_after_an_effect_that_began_in_between(
        game: Game) -> None:
    """The same with the attach action: the Curse's 6/5 on the creature it moves to is later
    than that creature's 1/1; an effect begun after the move applies after the Curse's."""
    bears, runeclaw = game.put("Grizzly Bears"), game.put("Runeclaw Bear")
    curse = game.put("Curse of the Fire Penguin", attached_to=bears)
    game.add_effect("set_pt", runeclaw, power=1, toughness=1)
    game.attach(curse, runeclaw)
    assert (runeclaw.power, runeclaw.toughness) == (6, 5)
    game.add_effect("set_pt", runeclaw, power=3, toughness=3)
    assert (runeclaw.power, runeclaw.toughness) == (3, 3)


@pytest.mark.parametrize("rules", EDITIONS)
def test_613_7e_an_aura_attached_to_what_it_is_on_already_keeps_its_timestamp(
        rules: str) -> None:
    """Attaching an Aura to the permanent it is already attached to does nothing (701.3b): it
    does not become attached, so it gets no new timestamp, and a later 1/1 still overrides
    the Curse of the Fire Penguin's 6/5."""
    game = Game(rules)
    bears = game.put("Grizzly Bears")
    curse = game.put("Curse of the Fire Penguin", attached_to=bears)
    game.add_effect("set_pt", bears, power=1, toughness=1)
    game.attach(curse, bears)
    assert (bears.power, bears.toughness) == (1, 1)
    assert game.log[-1].startswith("Curse of the Fire Penguin is already attached to Grizzly "
                                   "Bears: nothing happens (")
