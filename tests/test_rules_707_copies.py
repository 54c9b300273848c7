"""Copies of flip cards (707, and the 508 ruling 6: a copy of a flipped permanent is the normal,
unflipped version, which may flip later by its own condition).

Copiable values (707.2: the printed card, both halves; not status, counters or other effects),
a copy's own flipped status picking the half (707.3 today; 2004 gives the normal half), token
copies and permanents that become copies, copies of copies, and copies of cards in other zones.
"""

from __future__ import annotations

import pytest
from helpers import fill, obj, run

from flipcards import EDITIONS, Game


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_4_flipping_original_does_not_flip_copy_and_vice_versa(edition: str) -> None:
    """508.4: flipping is done to one permanent; ruling 6: the copy "may flip later if
    certain conditions are met" — on its own."""
    game = Game(edition)
    original = game.put("Kitsune Mystic")
    token = game.copy(original, controller="Bob")
    game.flip(original)
    assert original.flipped is True and token.flipped is False
    assert token.name == "Kitsune Mystic"
    game = Game(edition)
    original = game.put("Kitsune Mystic")
    token = game.copy(original, controller="Bob")
    game.flip(token)
    assert token.name == "Autumn-Tail, Kitsune Sage"
    assert original.flipped is False and original.name == "Kitsune Mystic"


def test_508_ruling_6_2004_a_permanent_becoming_a_copy_of_a_library_card_may_flip_later(
        ) -> None:
    """2004 (seed ruling: a copy of a flip permanent is the normal version and "may flip
    later"): a Grizzly Bears that becomes a copy of a Student of Elements in the library is
    the Student; told to flip, it becomes Tobita, Master of Winds — a legendary 3/3 whose
    cost {1}{U} is the copied card's."""
    out = run("2004", [
        {"put": "Grizzly Bears", "as": "bears"},
        {"put": "Student of Elements", "as": "student", "zone": "library"},
        {"become_copy": "bears", "of": "student"},
        {"expect": {"bears": {"name": "Student of Elements", "flipped": False, "power": 1}}},
        {"flip": "bears"},
    ])
    bears = obj(out, "bears")
    assert (bears["name"], bears["supertypes"], bears["power"], bears["toughness"]) == (
        "Tobita, Master of Winds", ["Legendary"], 3, 3)
    assert (bears["mana_cost"], bears["flipped"]) == ("{1}{U}", True)


def test_508_ruling_6_2004_scenario_copy_of_a_flipped_essence_is_the_unflipped_creature() -> None:
    """Ruling 6 with an Ascendant: copying a flipped Erayo's Essence gives Erayo, Soratami
    Ascendant unflipped — a legendary creature with the same name as nothing else in play, so
    the Essence and the copy both stay (different names)."""
    run("2004", [
        {"put": "Erayo, Soratami Ascendant", "as": "e", "flipped": True},
        {"copy": "e", "as": "c", "controller": "Bob"},
        {"expect": {"e": {"zone": "battlefield", "name": "Erayo's Essence"},
                    "c": {"zone": "battlefield", "name": "Erayo, Soratami Ascendant",
                          "flipped": False, "types": ["Creature"], "power": 1,
                          "toughness": 1}}}])


def test_508_ruling_6_2004_token_copy_of_kenzo_flips_by_its_own_condition_then_both_go() -> None:
    """Ruling 6: a copy of a flipped permanent is the normal version and "may flip later if
    certain conditions are met". Bob's token copy of Alice's Kenzo is a Tenderfoot; it damages
    a creature that is then put into a graveyard, so it flips into Kenzo — and by the 2004
    legend rule both Kenzos leave play (the token ceases to exist)."""
    game = Game("2004")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    token = game.copy(kenzo, controller="Bob")
    assert (token.name, token.flipped, token.power) == ("Bushi Tenderfoot", False, 1)
    bears = game.put("Grizzly Bears")
    game.deal_damage(token, bears, 1)
    game.damage(bears, 1)
    assert bears.zone == "graveyard"
    assert kenzo.zone == "graveyard"
    assert token.zone is None


def test_508_ruling_6_a_copy_of_a_copy_that_has_since_flipped_is_again_the_normal_version(
        game: Game) -> None:
    """Ruling 6 ("if you copy a flipped permanent, you get the normal, unflipped version")
    and 707.2/707.3 (a copy effect is part of the copiable values; status is not): a Grizzly
    Bears became a copy of a Budoka Pupil card and then flipped into Ichiga, Who Topples Oaks.
    Bob's token copy of it is an unflipped Budoka Pupil — not Ichiga, not Grizzly Bears — with
    the Pupil's cost {1}{G}{G}; it may flip later."""
    bears = game.put("Grizzly Bears")
    game.become_copy(bears, game.put("Budoka Pupil", zone="hand"))
    assert game.flip(bears) and bears.name == "Ichiga, Who Topples Oaks"
    token = game.copy(bears, controller="Bob")
    assert (token.name, token.flipped, token.mana_cost, token.power, token.toughness) == (
        "Budoka Pupil", False, "{1}{G}{G}", 2, 2)
    assert game.flip(token)               # it flipped into a second Ichiga, Who Topples Oaks
    if game.edition == "2004":            # two Ichigas in play: both go
        assert bears.zone == "graveyard" and token.zone is None
        assert bears.name == "Grizzly Bears"
    else:                                 # one each: both stay
        assert bears.zone == token.zone == "battlefield"
        assert token.name == bears.name == "Ichiga, Who Topples Oaks"


def test_508_ruling_6_a_copy_of_homura_that_is_a_token_does_not_return() -> None:
    """Homura's ruling: a token copy of Homura that dies goes to the graveyard and ceases to
    exist, so its ability has nothing to return."""
    game = Game("current")
    homura = game.put("Homura, Human Ascendant")
    token = game.copy(homura, controller="Bob")
    game.damage(token, 4)
    assert token.zone is None
    assert homura.zone == "battlefield" and not homura.flipped
    assert not any(o.name == "Homura's Essence" for o in game.objects("battlefield"))


@pytest.mark.parametrize("rules", EDITIONS)
def test_508_ruling_6_a_token_copy_of_nighteyes_flips_by_its_own_ability(rules: str) -> None:
    """Seed ruling 6: the copy "may flip later if certain conditions are met" — its own
    conditions. Bob's token copy of Alice's Nighteyes the Desecrator is an unflipped Nezumi
    Graverobber; Bob activates it to exile the last card of his opponent's (Alice's)
    graveyard, so it flips into a second Nighteyes. 2004 legend rule: both go, whoever
    controls them (the card to Alice's graveyard as Nezumi Graverobber, the token ceases to
    exist). Today (704.5j) each player controls one: both stay."""
    game = Game(rules)
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    token = game.copy(nighteyes, controller="Bob")
    assert (token.name, token.flipped) == ("Nezumi Graverobber", False)
    shock = game.put("Shock", zone="graveyard")
    game.activate(token, target=shock)
    assert shock.zone == "exile"
    if rules == "2004":
        assert token.zone is None
        assert (nighteyes.zone, nighteyes.name) == ("graveyard", "Nezumi Graverobber")
    else:
        assert (token.zone, token.name, token.controller) == (
            "battlefield", "Nighteyes the Desecrator", "Bob")
        assert (nighteyes.zone, nighteyes.name) == ("battlefield", "Nighteyes the Desecrator")


@pytest.mark.parametrize("rules", EDITIONS)
def test_508_ruling_6_a_token_copy_of_tobita_gets_flying_from_it_and_flips_at_once(
        rules: str) -> None:
    """Seed ruling 6 + ruling 4: Alice's token copy of her own Tobita, Master of Winds is an
    unflipped Student of Elements — but Tobita gives the creatures Alice controls flying, so
    the Student's "when it has flying, flip it" triggers and the token flips into a second
    Tobita. 2004: both Tobitas go to the graveyard (the card as Student of Elements). Today
    Alice keeps one — she keeps the card (`keep`), and the token ceases to exist."""
    out = run(rules, [
        {"put": "Student of Elements", "as": "tobita", "flipped": True},
        {"copy": "tobita", "as": "tok", "keep": ["tobita"]},
    ])
    assert obj(out, "tok")["zone"] is None
    tobita = obj(out, "tobita")
    if rules == "2004":
        assert (tobita["zone"], tobita["name"]) == ("graveyard", "Student of Elements")
    else:
        assert (tobita["zone"], tobita["name"], tobita["flipped"]) == (
            "battlefield", "Tobita, Master of Winds", True)


def test_508_ruling_6_a_token_copy_that_leaves_ceases_to_exist(game: Game) -> None:
    token = game.copy(game.put("Bushi Tenderfoot"))
    game.move(token, "graveyard")
    assert token.zone is None
    assert "ceases to exist" in game.log[-1]


def test_508_ruling_6_become_copy_2004_gives_the_normal_half_even_if_flipped() -> None:
    game = Game("2004")
    model = game.put("Bushi Tenderfoot")
    shape = game.put("Jushi Apprentice", flipped=True)
    game.become_copy(shape, model)
    assert shape.name == "Bushi Tenderfoot"


def test_508_2_ruling_6_2004_a_card_entering_flipped_as_a_copy_of_a_flip_card_is_its_flipped_half(
) -> None:
    """The other side of the site's reading of ruling 6 (Then & now): a flip that came before
    the copy is not the copied card's, but a Clone that Homura's ability returns flipped, as a
    copy of Bushi Tenderfoot, enters flipped as that card, and 508.2 gives its flipped half."""
    game = Game("2004")
    bushi = game.put("Bushi Tenderfoot")
    homura = game.put("Homura, Human Ascendant", owner="Bob")
    with game.holding_priority():
        clone = game.put("Clone", copying=homura)  # 2004 legend rule: both Homuras go
    assert (clone.zone, homura.zone) == ("graveyard", "graveyard")
    game.resolve()                                 # Bob's trigger (APNAP: on top)
    game.resolve(copying=bushi)                    # Alice's: the Clone returns flipped
    assert (clone.zone, clone.flipped, clone.name, clone.power, clone.toughness) == (
        "battlefield", True, "Kenzo the Hardhearted", 3, 4)
    assert bushi.name == "Bushi Tenderfoot"


def test_508_ruling_6_copy_effects_copy_the_card_not_counters_or_effects(game: Game) -> None:
    hero = game.put("Bushi Tenderfoot", flipped=True)
    game.add_counters(hero, "+1/+1", 3)
    game.add_effect("add_keyword", hero, keyword="Flying")
    token = game.copy(hero)
    assert (token.power, token.toughness, token.keywords) == (1, 1, ())


def test_508_ruling_6_copy_of_a_flipped_essence_is_the_creature_half(game: Game) -> None:
    """Ruling 6: a token copy of Homura's Essence (a flipped Homura) is the unflipped
    Homura, Human Ascendant: a 4/4 legendary creature, not an enchantment."""
    essence = game.put("Homura, Human Ascendant", flipped=True)
    token = game.copy(essence)
    assert (token.name, token.types, token.power, token.toughness) == (
        "Homura, Human Ascendant", ("Creature",), 6, 6)   # +2/+2 from the Essence
    assert essence.zone == "battlefield"


def test_508_ruling_6_copy_of_a_flipped_permanent_is_the_normal_version(game: Game) -> None:
    hero = game.put("Akki Lavarunner", flipped=True)
    token = game.copy(hero, controller="Bob")
    assert (token.name, token.flipped, token.is_token) == ("Akki Lavarunner", False, True)
    game.move(hero, "graveyard")                  # out of the way of the legend rule
    assert game.flip(token)                       # "That copy may flip later"
    assert token.name == "Tok-Tok, Volcano Born"


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_ruling_6_copy_of_flipped_permanent_is_normal_version(edition: str) -> None:
    """Ruling 6: "If you copy a flipped permanent, you get the normal, unflipped version.
    That copy may flip later if certain conditions are met." Counters and status are not
    copied."""
    game = Game(edition)
    hero = game.put("Jushi Apprentice", flipped=True)
    game.tap(hero)
    game.add_counters(hero, "+1/+1", 1)
    token = game.copy(hero, controller="Bob")
    assert token.name == "Jushi Apprentice"
    assert token.flipped is False
    assert token.tapped is False
    assert token.counters == {}
    assert (token.power, token.toughness) == (1, 2)
    assert token.mana_cost == "{1}{U}"
    assert "Legendary" not in token.supertypes
    game.move(hero, "graveyard")  # no second Tomoya for the legend rule
    assert game.flip(token) is True
    assert token.name == "Tomoya the Revealer"


def test_508_ruling_6_token_copy_of_a_flipped_hero_can_flip_and_meet_the_2004_legend_rule() -> None:
    """Ruling 6: the copy of a flipped permanent is the normal version; it may flip later, and
    then it has the copied card's flipped half. Under the 2004 rules both legends then die
    (the token ceases to exist)."""
    game = Game("2004")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    token = game.copy(kenzo, controller="Bob")
    assert (token.name, token.flipped, token.supertypes, token.mana_cost) == (
        "Bushi Tenderfoot", False, (), "{W}")
    assert kenzo.zone == "battlefield"
    game.flip(token)
    assert kenzo.zone == "graveyard"
    assert token.zone is None


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_ruling_6_token_copy_of_flipped_essence_is_the_ascendant(edition: str) -> None:
    """Ruling 6: "If you copy a flipped permanent, you get the normal, unflipped version."
    A copy of Homura's Essence is a Homura, Human Ascendant creature; its name differs from
    the Essence's, so no legend rule applies."""
    game = Game(edition)
    essence = game.put("Homura, Human Ascendant", flipped=True)
    token = game.copy(essence)
    assert token.name == "Homura, Human Ascendant"
    assert "Creature" in token.types and "Legendary" in token.supertypes
    assert token.flipped is False
    assert essence.zone == "battlefield" and token.zone == "battlefield"
    # Homura's Essence: "Creatures you control get +2/+2" applies to the 4/4 token.
    assert (token.power, token.toughness) == (6, 6)


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_ruling_6_unflipped_permanent_becoming_copy_of_flipped_hero(edition: str) -> None:
    """Ruling 6: "If you copy a flipped permanent, you get the normal, unflipped version.
    That copy may flip later." Grizzly Bears becoming a copy of Kenzo is a Bushi Tenderfoot,
    and it can flip into a Kenzo of its own."""
    game = Game(edition)
    kenzo = game.put("Bushi Tenderfoot", flipped=True, owner="Bob")
    bears = game.put("Grizzly Bears")
    game.become_copy(bears, kenzo)
    assert bears.name == "Bushi Tenderfoot"
    assert bears.flipped is False
    assert (bears.power, bears.toughness) == (1, 1)
    game.move(kenzo, "hand")  # no second Kenzo for the legend rule
    assert game.flip(bears) is True
    assert bears.name == "Kenzo the Hardhearted"


def test_707_2_a_clone_of_bushi_tenderfoot_flips_through_its_own_damage() -> None:
    """A permanent that became a copy of Bushi Tenderfoot has its flip ability; its own
    damage counts, the original's does not; it flips into Kenzo (2004 too: it flipped after
    it became a copy)."""
    for edition in ("2004", "current"):
        game = Game(edition)
        tenderfoot = game.put("Bushi Tenderfoot")
        clone = game.put("Runeclaw Bear")
        game.become_copy(clone, tenderfoot)
        bears = game.put("Grizzly Bears", owner="Bob")
        game.damage(bears, 1)
        game.deal_damage(clone, bears, 1)
        assert clone.name == "Kenzo the Hardhearted", edition
        assert not tenderfoot.flipped


def test_707_2_a_permanent_that_becomes_a_copy_of_a_flipped_hero_is_unflipped(
        game: Game) -> None:
    """707.2 / ruling 6: copiable values do not include flipped status: a Grizzly Bears that
    becomes a copy of Kenzo is an unflipped Bushi Tenderfoot with its mana cost; it may then
    flip into Kenzo."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True, owner="Bob")
    bears = game.put("Grizzly Bears")
    game.become_copy(bears, kenzo)
    assert (bears.name, bears.mana_cost, bears.mana_value, bears.colors) == (
        "Bushi Tenderfoot", "{W}", 1, ("W",))
    game.move(kenzo, "hand")      # out of the way of the legend rule
    assert game.flip(bears)
    assert bears.name == "Kenzo the Hardhearted"


@pytest.mark.parametrize("rules", EDITIONS)
def test_707_2_a_token_copy_of_a_card_in_exile_in_the_scenario_output(rules: str) -> None:
    """Scenario contract (`copy`, output fields) with 707.2: a token copy of a flipped-then-
    exiled Kaiso (in exile it is the Faithful Squire card, 508.4) is a Faithful Squire token on
    the battlefield under the player named by `controller`: `token` true, owner and controller
    Bob, `flipped` false, `mana_value` an integer 3, white, no counters. Flipped, it is Kaiso,
    Memory of Loyalty, a 3/4 legendary Spirit with flying."""
    out = run(rules, [
        {"put": "Faithful Squire", "as": "kaiso", "flipped": True},
        {"counters": "kaiso", "kind": "ki", "add": 2},
        {"move": "kaiso", "to": "exile"},
        {"copy": "kaiso", "as": "tok", "controller": "Bob"},
        {"expect": {"tok": {"zone": "battlefield", "token": True, "owner": "Bob",
                            "controller": "Bob", "flipped": False, "name": "Faithful Squire",
                            "counters": {}, "mana_value": 3, "colors": ["W"]}}},
        {"flip": "tok"},
    ])
    tok = obj(out, "tok")
    assert type(tok["mana_value"]) is int
    assert (tok["name"], tok["supertypes"], tok["subtypes"], tok["power"], tok["toughness"]) == (
        "Kaiso, Memory of Loyalty", ["Legendary"], ["Spirit"], 3, 4)
    assert "Flying" in tok["keywords"]
    assert (obj(out, "kaiso")["zone"], obj(out, "kaiso")["name"]) == ("exile", "Faithful Squire")


def test_707_2_a_token_copy_of_orochi_eggwatcher_flips_into_a_shidako_token(
        game: Game) -> None:
    egg = game.put("Orochi Eggwatcher")
    token = game.copy(egg)
    fill(game, "Grizzly Bears", "battlefield", 7)        # nine creatures with both
    game.next_turn()
    game.next_turn()
    game.activate(token)
    assert token.name == "Shidako, Broodmistress" and token.is_token
    assert not egg.flipped


def test_707_2_a_token_copy_takes_no_status_counters_damage_auras_or_effects(
        game: Game) -> None:
    """Seed ruling 6 ("if you copy a flipped permanent, you get the normal, unflipped
    version") and 707.2 (status, counters and other effects are not copied): Alice's Kenzo is
    tapped, has two +1/+1 counters, 1 damage, Bob's Pacifism, and effects that make it blue and
    give it flying. Bob's token copy is an untapped, unflipped 1/1 white Bushi Tenderfoot with
    none of that; it belongs to Bob, who made it. The original keeps all of it."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    game.add_counters(kenzo, "+1/+1", 2)
    game.damage(kenzo, 1)
    game.tap(kenzo)
    game.put("Pacifism", owner="Bob", attached_to=kenzo)
    game.add_effect("set_colors", kenzo, colors=["U"])
    game.add_effect("add_keyword", kenzo, keyword="Flying")
    token = game.copy(kenzo, controller="Bob")
    assert token.is_token and (token.owner, token.controller) == ("Bob", "Bob")
    assert (token.name, token.flipped, token.tapped, token.counters, token.damage) == (
        "Bushi Tenderfoot", False, False, {}, 0)
    assert (token.power, token.toughness, token.colors, token.keywords, token.supertypes) == (
        1, 1, ("W",), (), ())
    assert game.auras_on(token) == []
    assert (kenzo.name, kenzo.power, kenzo.toughness, kenzo.colors, kenzo.damage) == (
        "Kenzo the Hardhearted", 5, 6, ("U",), 1)
    assert "Flying" in kenzo.keywords and len(game.auras_on(kenzo)) == 1


def test_707_2_unflipped_permanent_becoming_a_copy_can_flip_later(game: Game) -> None:
    model = game.put("Akki Lavarunner", "exile")
    shape = game.put("Grizzly Bears")
    game.become_copy(shape, model)
    assert shape.name == "Akki Lavarunner"
    assert game.flip(shape)
    assert shape.name == "Tok-Tok, Volcano Born"


@pytest.mark.parametrize(("rules", "name", "creature"), [
    ("2004", "Erayo, Soratami Ascendant", True), ("current", "Erayo's Essence", False)])
def test_707_3_a_flipped_permanent_becomes_a_copy_of_a_card_in_exile(
        rules: str, name: str, creature: bool) -> None:
    """Copies: under 2004 an object that becomes a copy of a flip card gets its
    normal characteristics; today (707.3) the copy's flipped status picks the flipped half.
    A flipped Jushi Apprentice (Tomoya) becomes a copy of the Erayo card in exile: a 1/1
    creature in 2004 — Pacifism on it stays — but Erayo's Essence today, an enchantment, so
    the Pacifism goes to its owner's graveyard (704.5m). Cost and color are Erayo's."""
    out = run(rules, [
        {"put": "Jushi Apprentice", "as": "tomoya", "flipped": True},
        {"put": "Pacifism", "as": "pacifism", "owner": "Bob", "controller": "Bob",
         "attached_to": "tomoya"},
        {"put": "Erayo, Soratami Ascendant", "as": "erayo", "zone": "exile"},
        {"become_copy": "tomoya", "of": "erayo"},
    ])
    tomoya = obj(out, "tomoya")
    assert tomoya["name"] == name
    assert (tomoya["mana_cost"], tomoya["colors"], tomoya["supertypes"]) == (
        "{1}{U}", ["U"], ["Legendary"])
    assert ("Creature" in tomoya["types"]) is creature
    pacifism = obj(out, "pacifism")
    if creature:
        assert (tomoya["power"], pacifism["zone"], pacifism["attached_to"]) == (
            1, "battlefield", "tomoya")
    else:
        assert tomoya["power"] is None
        assert (pacifism["zone"], pacifism["owner"], pacifism["attached_to"]) == (
            "graveyard", "Bob", None)


@pytest.mark.parametrize(("rules", "name", "flying"), [
    ("2004", "Student of Elements", False), ("current", "Tobita, Master of Winds", True)])
def test_707_3_a_flipped_permanent_copying_student_of_elements_has_tobitas_ability_today(
        rules: str, name: str, flying: bool) -> None:
    """Copies: a flipped Tomoya becomes a copy of a Student of Elements card in the
    library. Today (707.3) its flipped status picks Tobita, Master of Winds, whose static
    ability gives the creatures Alice controls flying. Under 2004 it gets the normal half, a
    Student of Elements, and nobody gains flying."""
    game = Game(rules)
    tomoya = game.put("Jushi Apprentice", flipped=True)
    bears = game.put("Grizzly Bears")
    student = game.put("Student of Elements", zone="library", owner="Bob")
    game.become_copy(tomoya, student)
    assert (tomoya.name, tomoya.flipped, tomoya.mana_cost) == (name, True, "{1}{U}")
    assert ("Flying" in bears.keywords) is flying


@pytest.mark.parametrize("rules", EDITIONS)
def test_707_3_a_flipped_permanent_that_becomes_a_copy_of_the_curse_of_the_fire_penguin(
        rules: str) -> None:
    """A flipped Tomoya becomes a copy of Curse of the Fire Penguin (in Bob's graveyard).
    2004: it gets the card's normal characteristics — an Aura that enchants nothing — so it is
    put into the graveyard (704.5m; 2004: 420.5d), where it is Jushi Apprentice again. Today
    (707.3) its flipped status picks the lower half: a 6/5 Penguin creature with trample, with
    the Curse's cost {4}{R}{R} and red color; it stays."""
    out = run(rules, [
        {"put": "Jushi Apprentice", "as": "tomoya", "flipped": True},
        {"put": "Curse of the Fire Penguin", "as": "curse", "zone": "graveyard", "owner": "Bob"},
        {"become_copy": "tomoya", "of": "curse"},
    ])
    tomoya = obj(out, "tomoya")
    if rules == "2004":
        assert (tomoya["zone"], tomoya["name"]) == ("graveyard", "Jushi Apprentice")
    else:
        assert (tomoya["zone"], tomoya["types"], tomoya["subtypes"]) == (
            "battlefield", ["Creature"], ["Penguin"])
        assert (tomoya["power"], tomoya["toughness"], tomoya["mana_cost"], tomoya["colors"]) == (
            6, 5, "{4}{R}{R}", ["R"])
        assert "Trample" in tomoya["keywords"]
    assert obj(out, "curse")["zone"] == "graveyard"


def test_707_3_current_flipped_permanent_becoming_a_copy_shows_the_flipped_half() -> None:
    game = Game("current")
    model = game.put("Bushi Tenderfoot", "graveyard")
    shape = game.put("Jushi Apprentice", flipped=True)
    game.become_copy(shape, model)
    assert (shape.name, shape.power, shape.toughness) == ("Kenzo the Hardhearted", 3, 4)
    assert shape.mana_cost == "{W}"


@pytest.mark.parametrize("edition", EDITIONS)
def test_707_3_flipped_permanent_becoming_copy_of_flip_card(edition: str) -> None:
    """2004 gives a copy the copied card's normal characteristics (ruling 6); today 707.3
    modifies copiable values by the copy's status, so a flipped Kenzo copying Akki shows
    Tok-Tok. Either way the permanent stays flipped and is Kenzo after the effect ends."""
    game = Game(edition)
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    akki = game.put("Akki Lavarunner")
    game.become_copy(kenzo, akki, until_end_of_turn=True)
    expected = "Akki Lavarunner" if edition == "2004" else "Tok-Tok, Volcano Born"
    assert kenzo.name == expected
    assert kenzo.flipped is True
    assert kenzo.mana_cost == "{3}{R}"
    game.next_turn()
    assert kenzo.name == "Kenzo the Hardhearted"
    assert kenzo.mana_cost == "{W}"


@pytest.mark.parametrize(("rules", "name", "power"), [
    ("2004", "Orochi Eggwatcher", 1), ("current", "Shidako, Broodmistress", 3)])
def test_707_3_flipped_status_survives_an_intermediate_copy_of_a_non_flip_card(
        rules: str, name: str, power: int) -> None:
    """110.5 / 707.3 today: flipped is a status of the permanent, and a
    copy effect does not change status. A flipped Student of Elements (Tobita) becomes a
    copy of Grizzly Bears — it shows the Bears, it cannot flip — and then a copy of Orochi
    Eggwatcher (a library card): today its flipped status picks Shidako, Broodmistress; under
    2004 it gets the copied card's normal characteristics."""
    out = run(rules, [
        {"put": "Student of Elements", "as": "tobita", "flipped": True},
        {"put": "Grizzly Bears", "as": "bears", "owner": "Bob"},
        {"put": "Orochi Eggwatcher", "as": "egg", "zone": "library", "owner": "Bob"},
        {"become_copy": "tobita", "of": "bears"},
        {"expect": {"tobita": {"name": "Grizzly Bears", "power": 2, "supertypes": []}}},
        {"flip": "tobita"},
        {"expect": {"tobita": {"name": "Grizzly Bears"}}},
        {"become_copy": "tobita", "of": "egg"},
    ])
    tobita = obj(out, "tobita")
    assert (tobita["name"], tobita["power"], tobita["mana_cost"], tobita["colors"]) == (
        name, power, "{2}{G}", ["G"])


def test_707_a_copy_of_a_card_in_the_graveyard_copies_the_normal_half(game: Game) -> None:
    """508.2: in the graveyard the card has only its normal half, so a permanent becoming a
    copy of a flip card there gets the unflipped version."""
    in_yard = game.put("Bushi Tenderfoot", "graveyard")
    bears = game.put("Grizzly Bears")
    game.become_copy(bears, in_yard)
    assert (bears.name, bears.power, bears.toughness) == ("Bushi Tenderfoot", 1, 1)


def test_707_a_copy_of_a_copy_copies_the_copied_card(game: Game) -> None:
    """707.3: copy effects are part of the copiable values: a token copy of a Grizzly Bears
    that became a copy of Jushi Apprentice is a Jushi Apprentice."""
    jushi = game.put("Jushi Apprentice", flipped=True)
    bears = game.put("Grizzly Bears")
    game.become_copy(bears, jushi)
    token = game.copy(bears)
    assert (token.name, token.mana_cost) == ("Jushi Apprentice", "{1}{U}")
    game.move(jushi, "hand")      # out of the way of the legend rule
    assert game.flip(token)
    assert token.name == "Tomoya the Revealer"


@pytest.mark.parametrize(("rules", "name"), [
    ("2004", "Bushi Tenderfoot"), ("current", "Kenzo the Hardhearted")])
def test_707_a_copy_that_flipped_becomes_a_copy_of_the_same_card_again(
        rules: str, name: str) -> None:
    """A Grizzly Bears became a copy of Bushi Tenderfoot and flipped into Kenzo. A second
    copy effect (another Cytoshape) makes it a copy of the same Tenderfoot again. 2004: an
    object that becomes a copy of a flip card gets the normal characteristics — Bushi
    Tenderfoot, and it cannot flip again (flipping is one-way, 508.4). Today its flipped
    status stays and picks Kenzo (707.3)."""
    game = Game(rules)
    bears = game.put("Grizzly Bears")
    model = game.put("Bushi Tenderfoot", zone="graveyard")
    game.become_copy(bears, model)
    assert game.flip(bears)
    game.become_copy(bears, model)
    assert (bears.name, bears.flipped) == (name, True)
    assert not game.flip(bears)
    assert bears.name == name


def test_707_a_flip_card_that_becomes_a_copy_of_another_flips_into_the_copied_half(
        game: Game) -> None:
    """707.2: a permanent that becomes a copy has the copied card's values, both halves of it;
    its own card's halves no longer matter. An unflipped Jushi Apprentice with a +1/+1 counter
    becomes a copy of Bushi Tenderfoot: a 2/2 Bushi Tenderfoot; told to flip, it becomes Kenzo
    the Hardhearted 4/5 (not Tomoya), with the Tenderfoot's cost {W}. When it leaves the
    battlefield it is the Jushi Apprentice card again (400.7)."""
    jushi = game.put("Jushi Apprentice")
    game.add_counters(jushi, "+1/+1", 1)
    model = game.put("Bushi Tenderfoot", zone="graveyard")
    game.become_copy(jushi, model)
    assert (jushi.name, jushi.power, jushi.toughness) == ("Bushi Tenderfoot", 2, 2)
    assert game.flip(jushi)
    assert (jushi.name, jushi.power, jushi.toughness, jushi.mana_cost) == (
        "Kenzo the Hardhearted", 4, 5, "{W}")
    game.move(jushi, "graveyard")
    assert (jushi.name, jushi.mana_cost, jushi.counters) == ("Jushi Apprentice", "{1}{U}", {})


def test_707_a_flipped_hero_that_becomes_a_copy_of_a_non_flip_card_cannot_flip(
        game: Game) -> None:
    """A flipped Kenzo that becomes a copy of Grizzly Bears is Grizzly Bears; flipping it
    does nothing (it is no flip card and is already flipped)."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.become_copy(kenzo, bears)
    assert (kenzo.name, kenzo.supertypes, kenzo.power) == ("Grizzly Bears", (), 2)
    assert not game.flip(kenzo)
    assert kenzo.name == "Grizzly Bears"


@pytest.mark.parametrize("rules", EDITIONS)
def test_707_a_token_copy_of_a_flipped_token_copy_is_again_the_unflipped_card(
        rules: str) -> None:
    """Seed ruling "if you copy a flipped permanent, you get the normal, unflipped version"
    (707.2 today: status is not copied): a token copy of a flipped Essence is the creature
    half; that token, flipped (the original has left, so no legend rule), copied again, gives
    once more the unflipped creature. A token belongs to the player who made it."""
    out = run(rules, [
        {"put": "Sasaya, Orochi Ascendant", "as": "sasaya", "flipped": True},
        {"copy": "sasaya", "as": "first", "controller": "Bob"},
        {"expect": {"first": {"name": "Sasaya, Orochi Ascendant", "power": 2, "toughness": 3,
                              "flipped": False, "owner": "Bob", "controller": "Bob"}}},
        {"move": "sasaya", "to": "hand"},
        {"flip": "first"},
        {"expect": {"first": {"name": "Sasaya's Essence", "power": None}}},
        {"copy": "first", "as": "second", "controller": "Alice"},
    ])
    second = obj(out, "second")
    assert (second["zone"], second["name"], second["flipped"], second["token"]) == (
        "battlefield", "Sasaya, Orochi Ascendant", False, True)
    assert (second["owner"], second["types"], second["power"]) == ("Alice", ["Creature"], 2)


@pytest.mark.parametrize("rules", EDITIONS)
def test_707_becoming_a_copy_is_no_zone_change_effects_and_counters_stay(rules: str) -> None:
    """707 / 400.7: becoming a copy is not a zone change, so the effects that named the
    permanent and its counters stay; the copy effect is layer 1, under them. Grizzly Bears
    with a +1/+1 counter and +1/+1 from an effect becomes a copy of Cunning Bandit (a card in
    a graveyard: any zone may be copied) → 4/4; it flips later (it was unflipped, so both
    editions allow it) into Azamuki, Treachery Incarnate 5/2 → 7/4."""
    out = run(rules, [
        {"put": "Grizzly Bears", "as": "bears"},
        {"counters": "bears", "kind": "+1/+1", "add": 1},
        {"effect": "pump", "kind": "modify_pt", "affects": "bears", "power": 1, "toughness": 1},
        {"put": "Cunning Bandit", "as": "model", "zone": "graveyard", "owner": "Bob"},
        {"become_copy": "bears", "of": "model"},
        {"expect": {"bears": {"name": "Cunning Bandit", "power": 4, "toughness": 4,
                              "mana_cost": "{1}{R}{R}", "colors": ["R"]}}},
        {"flip": "bears"},
    ])
    bears = obj(out, "bears")
    assert (bears["name"], bears["power"], bears["toughness"], bears["counters"]) == (
        "Azamuki, Treachery Incarnate", 7, 4, {"+1/+1": 1})
    assert (bears["owner"], bears["mana_cost"]) == ("Alice", "{1}{R}{R}")


def test_707_copiable_values_are_fixed_when_the_copy_is_made(game: Game) -> None:
    """A copy takes the copiable values the original has at that moment; what happens to the
    original afterwards (it flips — a status, never copied — or it becomes a copy of something
    else) does not change the copies. A Grizzly Bears that became a copy of an unflipped
    Tenderfoot and a token copy of it stay unflipped Bushi Tenderfoots; the Bears can still
    flip, and then it is the only Kenzo."""
    tenderfoot = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears")
    game.become_copy(bears, tenderfoot)
    token = game.copy(tenderfoot)
    game.flip(tenderfoot)
    runeclaw = game.put("Runeclaw Bear", zone="hand")
    game.become_copy(tenderfoot, runeclaw)
    assert tenderfoot.name == "Runeclaw Bear"
    for copy in (bears, token):
        assert (copy.name, copy.flipped, copy.power) == ("Bushi Tenderfoot", False, 1)
    assert game.flip(bears)
    assert (bears.zone, bears.name) == ("battlefield", "Kenzo the Hardhearted")
    assert tenderfoot.zone == token.zone == "battlefield"


@pytest.mark.parametrize("rules", EDITIONS)
def test_707_damage_stays_through_becoming_a_copy_and_the_edition_decides_if_it_is_lethal(
        rules: str) -> None:
    """Becoming a copy changes characteristics, not status: damage, tapped and flipped stay.
    A tapped Kenzo with 1 damage becomes a copy of Akki Lavarunner (Cytoshape). 2004: an
    object that becomes a copy of a flip card gets its normal characteristics — a 1/1 Akki
    Lavarunner with 1 damage, so it dies and is Bushi Tenderfoot in the graveyard. Today
    (707.3) its flipped status picks the flipped half: Tok-Tok, Volcano Born, a 2/2 that
    survives the 1 damage, with Akki's mana cost {3}{R}."""
    out = run(rules, [
        {"put": "Bushi Tenderfoot", "as": "kenzo", "flipped": True},
        {"damage": "kenzo", "amount": 1},
        {"tap": "kenzo"},
        {"put": "Akki Lavarunner", "as": "akki", "owner": "Bob"},
        {"become_copy": "kenzo", "of": "akki"},
    ])
    kenzo = obj(out, "kenzo")
    if rules == "2004":
        assert (kenzo["zone"], kenzo["name"], kenzo["damage"]) == (
            "graveyard", "Bushi Tenderfoot", 0)
    else:
        assert (kenzo["zone"], kenzo["name"], kenzo["power"], kenzo["toughness"]) == (
            "battlefield", "Tok-Tok, Volcano Born", 2, 2)
        assert (kenzo["damage"], kenzo["tapped"], kenzo["flipped"]) == (1, True, True)
        assert (kenzo["mana_cost"], kenzo["mana_value"], kenzo["colors"]) == (
            "{3}{R}", 4, ["R"])


def test_707_dimir_doppelganger_stays_a_copy_after_the_copied_card_is_exiled(
        game: Game) -> None:
    """Dimir Doppelganger exiles a creature card from a graveyard and becomes a copy of it:
    once made, the copy does not depend on where the card goes. Copying a Bushi Tenderfoot
    (which is then exiled), the 0/2 blue-black Doppelganger is a 1/1 white Bushi Tenderfoot
    costing {W} (707.2: mana cost and color are copied); it flips into Kenzo; returned to its
    owner's hand it is the Dimir Doppelganger card again, {1}{U}{B}."""
    doppelganger = game.put("Dimir Doppelganger")
    card = game.put("Bushi Tenderfoot", zone="graveyard", owner="Bob")
    game.become_copy(doppelganger, card)
    game.move(card, "exile")
    assert (doppelganger.name, doppelganger.power, doppelganger.toughness) == (
        "Bushi Tenderfoot", 1, 1)
    assert (doppelganger.mana_cost, doppelganger.mana_value, doppelganger.colors) == (
        "{W}", 1, ("W",))
    assert game.flip(doppelganger) and doppelganger.name == "Kenzo the Hardhearted"
    game.move(doppelganger, "hand")
    assert (doppelganger.name, doppelganger.mana_cost, set(doppelganger.colors)) == (
        "Dimir Doppelganger", "{1}{U}{B}", {"U", "B"})
